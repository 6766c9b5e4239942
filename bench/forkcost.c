// SPDX-License-Identifier: MIT
/*
 * forkcost.c - what hackbench's parent pays per fork(), and which of a
 * forked child's kernel memory its fork makes (copy_process) and which
 * the child makes later, on its way to hackbench's ready().
 *
 *   forkcost CHILDREN REPS
 *
 * Each rep forks CHILDREN children one at a time, the way hackbench's
 * parent does, timing each fork() call on the parent's own CPU clock
 * (CLOCK_THREAD_CPUTIME_ID: copy_process in the parent's context, the
 * page-table copy included).  Each child at once blocks in read() on a
 * "go" pipe, so after the last fork /proc/meminfo's KernelStack,
 * PageTables and Slab hold what the forks made ("at fork").  Then the
 * parent releases them; each does hackbench's ready() (a byte into the
 * ready pipe, then poll() on the wake pipe) and the parent reads the
 * CHILDREN ready bytes ("at ready": what hackbench-footprint's section 0
 * measures of hbfoot).  Then the wake, and every child is reaped.
 * Last, a sequential fork()+_exit()+waitpid() loop of CHILDREN rounds:
 * the parent's fork() call, and the whole round on the parent's and the
 * children's CPU (getrusage).
 *
 * The meminfo figures are the whole machine's: run on a quiet host, and
 * take the median of the reps.  Build: cc -O2 -o forkcost bench/forkcost.c
 * (dynamically linked, as hackbench is). Results: bench/results/forkcost.txt.
 */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double meminfo_kb(const char *key)
{
	FILE *f = fopen("/proc/meminfo", "r");
	char line[256];
	size_t n = strlen(key);
	double v = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, n) && line[n] == ':') {
			v = atof(line + n + 1);
			break;
		}
	fclose(f);
	return v;
}

static const char *const keys[] = { "KernelStack", "PageTables", "Slab", "SUnreclaim" };
#define NKEYS (sizeof(keys) / sizeof(keys[0]))

static void snap(double *v)
{
	for (size_t i = 0; i < NKEYS; i++)
		v[i] = meminfo_kb(keys[i]);
}

static double thread_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static double ru_ns(int who)
{
	struct rusage ru;

	getrusage(who, &ru);
	return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e9 +
	       (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e3;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The child: blocked at once (the fork point), then hackbench's ready(). */
static void child(int go, int ready, int wake)
{
	char c;
	struct pollfd p = { .fd = wake, .events = POLLIN };

	if (read(go, &c, 1) != 1)
		_exit(1);
	if (write(ready, "r", 1) != 1)
		_exit(1);
	poll(&p, 1, -1);
	_exit(0);
}

static int one_rep(int n, double *fork_ns)
{
	int go[2], ready[2], wake[2];
	double base[NKEYS], at_fork[NKEYS], at_ready[NKEYS];
	char c;

	if (pipe(go) || pipe(ready) || pipe(wake))
		return -1;
	sleep(1);
	snap(base);
	for (int i = 0; i < n; i++) {
		double t0 = thread_ns();
		pid_t pid = fork();

		if (pid == 0)
			child(go[0], ready[1], wake[0]);
		fork_ns[i] = thread_ns() - t0;
		if (pid < 0)
			return -1;
	}
	snap(at_fork);
	for (int i = 0; i < n; i++)
		if (write(go[1], "g", 1) != 1)
			return -1;
	for (int i = 0; i < n; i++)
		if (read(ready[0], &c, 1) != 1)
			return -1;
	snap(at_ready);
	if (write(wake[1], "w", 1) != 1)
		return -1;
	while (wait(NULL) > 0)
		;
	qsort(fork_ns, n, sizeof(*fork_ns), cmp_double);
	printf("rep: fork() in the parent: median %.1f us (p10 %.1f, p90 %.1f)\n",
	       fork_ns[n / 2] / 1e3, fork_ns[n / 10] / 1e3, fork_ns[n * 9 / 10] / 1e3);
	for (size_t k = 0; k < NKEYS; k++)
		printf("  %-12s at fork %+7.2f kB/child, at ready %+7.2f kB/child\n", keys[k],
		       (at_fork[k] - base[k]) / n, (at_ready[k] - base[k]) / n);
	for (int i = 0; i < 6; i++)
		close(i < 2 ? go[i] : i < 4 ? ready[i - 2] : wake[i - 4]);
	return 0;
}

static void fork_exit_loop(int n, double *fork_ns)
{
	double self0 = ru_ns(RUSAGE_SELF), kids0 = ru_ns(RUSAGE_CHILDREN);

	for (int i = 0; i < n; i++) {
		double t0 = thread_ns();
		pid_t pid = fork();

		if (pid == 0)
			_exit(0);
		fork_ns[i] = thread_ns() - t0;
		waitpid(pid, NULL, 0);
	}
	qsort(fork_ns, n, sizeof(*fork_ns), cmp_double);
	printf("fork+exit+wait: fork() median %.1f us; a round %.1f us of the parent's CPU, "
	       "%.1f us of the child's\n",
	       fork_ns[n / 2] / 1e3, (ru_ns(RUSAGE_SELF) - self0) / n / 1e3,
	       (ru_ns(RUSAGE_CHILDREN) - kids0) / n / 1e3);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 500, reps = argc > 2 ? atoi(argv[2]) : 3;
	double *fork_ns = calloc(n > 0 ? n : 1, sizeof(*fork_ns));
	/* a parent with a heap of its own, as hackbench's after its setup */
	char *heap = malloc(64 << 10);

	if (!fork_ns || !heap || n < 10)
		return 1;
	memset(heap, 1, 64 << 10);
	setvbuf(stdout, NULL, _IONBF, 0);
	for (int r = 0; r < reps; r++)
		if (one_rep(n, fork_ns))
			return 1;
	fork_exit_loop(n, fork_ns);
	return 0;
}

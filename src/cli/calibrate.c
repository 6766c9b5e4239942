// SPDX-License-Identifier: MIT
/*
 * calibrate.c - `reclaimsim calibrate`: microbenchmarks of this host's CPU
 * for the [cost] keys the model charges, printed as a [cost] section a
 * scenario can include.  bench/results/calibrate.txt is the recorded run
 * the defaults (src/mm/cost.c) come from.
 *
 * Each figure is the median of --reps runs of one microbenchmark (the
 * host's other load makes single runs noisy), timed in the thread's own
 * CPU time (CLOCK_THREAD_CPUTIME_ID), so that being preempted does not
 * count.  What each one measures,
 * and what the model's key holds of it:
 *   user_touch_ns   a store to each page of a resident 256 MiB buffer, in
 *                   address order (the random-order figure is printed
 *                   beside it: a TLB and cache miss each)
 *   user_touch_cached_ns, user_touch_cache  the same store per page over the
 *                   first 4, 16, 64, 96 and 128 MiB of that buffer, several
 *                   passes: the median cost of the sizes whose cost stays
 *                   within 1.5x of the 4 MiB one, and the largest such size
 *   smaps_ns, smaps_page_ns  a read of /proc/self/smaps as the oracle's
 *                   programs make it, with a resident region of 1 and of 64
 *                   MiB (calibrate_proc.c): the cost per page between the
 *                   two, and the rest
 *   phase_line_ns   the rest of those programs' phase line: getrusage, the
 *                   group's usage files and memory.stat, /proc/vmstat
 *   zero_page_ns    memset of one 4 KiB page of that buffer (clear_page)
 *   copy_page_ns    memcpy of one 4 KiB page between two such buffers
 *   fault_ns        a first-touch write fault of a private anonymous page,
 *                   less what the model charges beside it: zero_page_ns
 *                   measured here, alloc_ns and charge_ns (estimates)
 *   pte_ns          madvise(MADV_FREE) of such pages, per page: a PTE's work
 *   free_ns         munmap of such pages, per page (the zap and the free),
 *                   less pte_ns
 *   syscall_ns      getppid(), entry and exit
 *   context_switch_ns  one process's CPU time in a pipe round trip between
 *                   two processes on one CPU (one sleep and one wake-up),
 *                   less its two syscalls
 *   exec_ns         a program's start: fork, execve of /bin/true and its
 *                   exit, the child's CPU time (user and system)
 *   tlb_ipi_ns      madvise(MADV_DONTNEED) of one touched page while a
 *                   thread of the same process runs on another CPU, less
 *                   the same call without it: the flush IPI's round trip
 *   tlb_irq_ns      the time that other thread loses per IPI received
 *   socket_msg_ns   one process's CPU time per round trip of 100 bytes over
 *                   a unix socketpair (calibrate_io.c), halved: a send or a
 *                   receive with its sleep or wake-up; less a syscall
 *   tcp_msg_ns      tbench's operation over TCP on lo (a 100-byte request,
 *                   a 32 KiB + 100-byte reply), both processes' CPU time,
 *                   less what the model charges beside it (tbench.c): four
 *                   syscalls and the copies in and out; per message
 *   pagecache_insert_ns  CPU time per page of 1 MiB write()s appended to a
 *                   new file (the oracle's programs write and read in 1 MiB
 *                   calls: ext4's large folios), less copy_page_ns and a
 *                   syscall per 256 pages
 *   (comments)      the same with 4 KiB write()s, an order-0 folio each (the
 *                   model's page, and every kernel before large folios);
 *                   dbench's kind of file operation (create, write 4 KiB,
 *                   read them, unlink), CPU time each; the system time per page of read() of a file whose
 *                   pages were dropped (readahead; getrusage: the I/O wait
 *                   is not CPU time), and a major fault's CPU part: the
 *                   system time of a fault on such a file through a
 *                   MADV_RANDOM mapping
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "calibrate.h"
#include "calibrate_io.h"
#include "calibrate_proc.h"

#define PAGE 4096UL
#define BUF_BYTES (256UL << 20) /* beyond the last-level cache */
#define FAULT_BYTES (64UL << 20)
#define MAX_REPS 31

/* tbench's operation as seed 004's scenario runs it: a 100-byte request, a 32 KiB payload */
#define TB_REQUEST 100.0
#define TB_REPLY (32768UL + 100)

/* the model's estimates the fault figures are net of (src/mm/cost.c defaults) */
#define ALLOC_NS 150.0
#define CHARGE_NS 50.0

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void *map_anon(size_t bytes)
{
	void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set); /* best effort: a busy host may refuse */
}

/* ---- user page touch, clear_page, copy_page ---- */

struct bufs {
	char *a, *b;
	size_t *order; /* a random permutation of the pages */
	size_t pages;
};

static double touch_ns(struct bufs *bf, bool random)
{
	volatile char *p = bf->a;
	double t0 = calib_thread_cpu_ns();

	for (size_t i = 0; i < bf->pages; i++)
		p[(random ? bf->order[i] : i) * PAGE]++;
	return (calib_thread_cpu_ns() - t0) / (double)bf->pages;
}

/* the same in address order over the first @pages of the buffer, passes of 64 Ki pages at least */
static double touch_region_ns(struct bufs *bf, size_t pages)
{
	volatile char *p = bf->a;
	size_t passes = pages < 65536 ? 65536 / pages : 1;
	double t0 = calib_thread_cpu_ns();

	for (size_t n = 0; n < passes; n++)
		for (size_t i = 0; i < pages; i++)
			p[i * PAGE]++;
	return (calib_thread_cpu_ns() - t0) / (double)(pages * passes);
}

static double zero_ns(struct bufs *bf)
{
	double t0 = calib_thread_cpu_ns();

	for (size_t i = 0; i < bf->pages; i++)
		memset(bf->a + i * PAGE, 0, PAGE);
	__asm__ volatile("" : : "r"(bf->a) : "memory");
	return (calib_thread_cpu_ns() - t0) / (double)bf->pages;
}

static double copy_ns(struct bufs *bf)
{
	double t0 = calib_thread_cpu_ns();

	for (size_t i = 0; i < bf->pages; i++)
		memcpy(bf->b + i * PAGE, bf->a + i * PAGE, PAGE);
	__asm__ volatile("" : : "r"(bf->b) : "memory");
	return (calib_thread_cpu_ns() - t0) / (double)bf->pages;
}

/* ---- faults ---- */

/*
 * First-touch write faults, per page; then munmap of those pages, per page
 * (zap and free); then, on pages faulted again, madvise(MADV_FREE) per
 * page (the PTE cleaned, nothing freed).
 */
static int fault_ns(double *fault, double *unmap, double *lazyfree)
{
	size_t pages = FAULT_BYTES / PAGE;
	char *p = map_anon(FAULT_BYTES);
	double t0, t1;

	if (!p)
		return -1;
	t0 = calib_thread_cpu_ns();
	for (size_t i = 0; i < pages; i++)
		p[i * PAGE] = 1;
	t1 = calib_thread_cpu_ns();
	munmap(p, FAULT_BYTES);
	*fault = (t1 - t0) / (double)pages;
	*unmap = (calib_thread_cpu_ns() - t1) / (double)pages;
	p = map_anon(FAULT_BYTES);
	if (!p)
		return -1;
	for (size_t i = 0; i < pages; i++)
		p[i * PAGE] = 1;
	t0 = calib_thread_cpu_ns();
	if (madvise(p, FAULT_BYTES, MADV_FREE))
		t0 = -1;
	*lazyfree = t0 < 0 ? 0 : (calib_thread_cpu_ns() - t0) / (double)pages;
	munmap(p, FAULT_BYTES);
	return 0;
}

static double rusage_sys_ns(const struct rusage *a, const struct rusage *b)
{
	return (double)(b->ru_stime.tv_sec - a->ru_stime.tv_sec) * 1e9 +
	       (double)(b->ru_stime.tv_usec - a->ru_stime.tv_usec) * 1e3;
}

/*
 * A file of FAULT_BYTES dropped from the page cache, read twice: through
 * a mapping with MADV_RANDOM (a major fault and one 4 KiB read per page:
 * system time per fault), then with read() of 1 MiB (readahead: system
 * time per page, the copy to user included).  The I/O wait is not CPU
 * time; the completion interrupt counts where it lands.
 */
static int file_read_ns(double *major, double *cached_read)
{
	char path[] = "/tmp/reclaimsim-calibrate-XXXXXX";
	size_t pages = FAULT_BYTES / PAGE, blk = 1UL << 20;
	struct rusage r0, r1;
	char *buf = calloc(1, blk), *p;
	int fd = mkstemp(path);
	long majflt;

	if (fd < 0 || !buf)
		goto fail;
	unlink(path);
	memset(buf, 1, blk);
	for (size_t i = 0; i < FAULT_BYTES / blk; i++)
		if (write(fd, buf, blk) != (ssize_t)blk)
			goto fail;
	if (fsync(fd) || posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED))
		goto fail;
	p = mmap(NULL, FAULT_BYTES, PROT_READ, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		goto fail;
	madvise(p, FAULT_BYTES, MADV_RANDOM); /* no readahead: one read per fault */
	getrusage(RUSAGE_SELF, &r0);
	for (size_t i = 0; i < pages; i++)
		(void)*(volatile char *)(p + i * PAGE);
	getrusage(RUSAGE_SELF, &r1);
	munmap(p, FAULT_BYTES);
	majflt = r1.ru_majflt - r0.ru_majflt;
	if (majflt < (long)pages / 2)
		goto fail; /* the pages stayed cached: no measurement */
	*major = rusage_sys_ns(&r0, &r1) / (double)majflt;
	if (posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) || lseek(fd, 0, SEEK_SET))
		goto fail;
	getrusage(RUSAGE_SELF, &r0);
	while (read(fd, buf, blk) > 0)
		;
	getrusage(RUSAGE_SELF, &r1);
	*cached_read = rusage_sys_ns(&r0, &r1) / (double)pages;
	close(fd);
	free(buf);
	return 0;
fail:
	if (fd >= 0)
		close(fd);
	free(buf);
	return -1;
}

/* ---- syscall, context switch ---- */

static double syscall_ns(void)
{
	const int n = 1000000;
	double t0 = calib_thread_cpu_ns();

	for (int i = 0; i < n; i++)
		syscall(SYS_getppid);
	return (calib_thread_cpu_ns() - t0) / n;
}

/*
 * A pipe round trip between two processes on CPU 0: the parent's CPU
 * time per round trip, its side of it (one write, one read, one sleep
 * and one wake-up; the child's side is the same).
 */
static int pipe_round_trip_ns(double *out)
{
	const int n = 50000;
	int ab[2], ba[2];
	char c = 0;
	double t0;
	pid_t pid;

	if (pipe(ab) || pipe(ba))
		return -1;
	pid = fork();
	if (pid < 0) {
		close(ab[0]);
		close(ab[1]);
		close(ba[0]);
		close(ba[1]);
		return -1;
	}
	if (!pid) {
		pin(0);
		for (int i = 0; i < n; i++)
			if (read(ab[0], &c, 1) != 1 || write(ba[1], &c, 1) != 1)
				_exit(1);
		_exit(0);
	}
	pin(0);
	t0 = calib_thread_cpu_ns();
	for (int i = 0; i < n; i++)
		if (write(ab[1], &c, 1) != 1 || read(ba[0], &c, 1) != 1)
			break;
	*out = (calib_thread_cpu_ns() - t0) / n;
	waitpid(pid, NULL, 0);
	close(ab[0]);
	close(ab[1]);
	close(ba[0]);
	close(ba[1]);
	return 0;
}

/*
 * A small dynamically linked program's start and exit: fork, then execve
 * of /bin/true in the child (the binfmt load, ld.so mapping and relocating
 * libc, libc's start, its faults, exit_group); the children's CPU time
 * (RUSAGE_CHILDREN: user and system), per program.  The parent's fork is
 * not the program's.  0 when /bin/true could not run.
 */
static int exec_ns(double *out)
{
	const int n = 100;
	struct rusage a, b;
	int status, ok = 0;

	getrusage(RUSAGE_CHILDREN, &a);
	for (int i = 0; i < n; i++) {
		pid_t pid = fork();

		if (pid < 0)
			return -1;
		if (!pid) {
			char *argv[] = { "true", NULL };

			execv("/bin/true", argv);
			_exit(127);
		}
		if (waitpid(pid, &status, 0) == pid && WIFEXITED(status) && !WEXITSTATUS(status))
			ok++;
	}
	getrusage(RUSAGE_CHILDREN, &b);
	*out = ok < n ? 0 :
			(rusage_sys_ns(&a, &b) +
			 (double)(b.ru_utime.tv_sec - a.ru_utime.tv_sec) * 1e9 +
			 (double)(b.ru_utime.tv_usec - a.ru_utime.tv_usec) * 1e3) /
				n;
	return 0;
}

/* ---- TLB shootdown ---- */

struct spinner {
	volatile int stop;
	volatile unsigned long loops;
	double ns;
};

static void *spin_fn(void *arg)
{
	struct spinner *s = arg;
	double t0;

	pin(1);
	t0 = calib_thread_cpu_ns();
	while (!s->stop)
		s->loops++;
	s->ns = calib_thread_cpu_ns() - t0;
	return NULL;
}

/* madvise(DONTNEED) of a touched page, per call, with a spinner on CPU 1 or not */
static double dontneed_ns(char *p, int n)
{
	double t0 = calib_thread_cpu_ns();

	for (int i = 0; i < n; i++) {
		p[0] = 1;
		madvise(p, PAGE, MADV_DONTNEED);
	}
	return (calib_thread_cpu_ns() - t0) / n;
}

static int tlb_ns(double *ipi, double *irq)
{
	const int n = 100000;
	struct spinner alone = { 0 }, hit = { 0 };
	char *p = map_anon(PAGE);
	double base, with;
	pthread_t th;

	if (!p)
		return -1;
	pin(0);
	base = dontneed_ns(p, n);
	/* the spinner's pace alone, for as long as the run with IPIs takes */
	if (pthread_create(&th, NULL, spin_fn, &alone))
		goto fail;
	usleep((useconds_t)(base * n / 1000));
	alone.stop = 1;
	pthread_join(th, NULL);
	if (pthread_create(&th, NULL, spin_fn, &hit))
		goto fail;
	usleep(1000); /* let it reach CPU 1 */
	with = dontneed_ns(p, n);
	hit.stop = 1;
	pthread_join(th, NULL);
	munmap(p, PAGE);
	*ipi = with - base;
	/* the spinner's time lost to the n flushes it received */
	*irq = (hit.ns - (double)hit.loops * (alone.ns / (double)alone.loops)) / n;
	return 0;
fail:
	munmap(p, PAGE);
	return -1;
}

/* ---- the command ---- */

enum {
	F_TOUCH,
	F_TOUCH_RAND,
	F_ZERO,
	F_COPY,
	F_FAULT,
	F_UNMAP,
	F_LAZYFREE,
	F_MAJOR,
	F_READ,
	F_SYSCALL,
	F_PIPE,
	F_IPI,
	F_IRQ,
	F_UNIX,
	F_TCP,
	F_PCWRITE,
	F_PCWRITE_1M,
	F_FILEOP,
	F_EXEC,
	F_TOUCH_REGION, /* NR_REGIONS figures: touch_region_ns of each of regions[] */
	F_SMAPS_SMALL = F_TOUCH_REGION + 5,
	F_SMAPS_LARGE,
	F_LINE,
	NR_FIGURES
};

/* the regions of the working-set figures, MiB; the 4 MiB one is the reference */
static const size_t regions[] = { 4, 16, 64, 96, 128 };
#define NR_REGIONS (sizeof(regions) / sizeof(regions[0]))
#define SMAPS_SMALL (1UL << 20)
#define SMAPS_LARGE (64UL << 20)

static int measure(double v[NR_FIGURES][MAX_REPS], int reps, bool *have_major, int *group)
{
	struct bufs bf = { .pages = BUF_BYTES / PAGE };
	unsigned long x = 88172645463325252UL; /* xorshift64: a fixed permutation */
	int rc = -1;

	bf.a = map_anon(BUF_BYTES);
	bf.b = map_anon(BUF_BYTES);
	bf.order = malloc(bf.pages * sizeof(*bf.order));
	if (!bf.a || !bf.b || !bf.order)
		goto out;
	/* the pipe benchmark forks: the buffers must not become copy-on-write */
	madvise(bf.a, BUF_BYTES, MADV_DONTFORK);
	madvise(bf.b, BUF_BYTES, MADV_DONTFORK);
	memset(bf.a, 1, BUF_BYTES);
	memset(bf.b, 1, BUF_BYTES);
	for (size_t i = 0; i < bf.pages; i++)
		bf.order[i] = i;
	for (size_t i = bf.pages - 1; i > 0; i--) {
		size_t j, tmp;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		j = (size_t)(x % (i + 1));
		tmp = bf.order[i];
		bf.order[i] = bf.order[j];
		bf.order[j] = tmp;
	}
	*have_major = true;
	for (int r = 0; r < reps; r++) {
		v[F_TOUCH][r] = touch_ns(&bf, false);
		v[F_TOUCH_RAND][r] = touch_ns(&bf, true);
		for (size_t i = 0; i < NR_REGIONS; i++)
			v[F_TOUCH_REGION + i][r] = touch_region_ns(&bf, (regions[i] << 20) / PAGE);
		v[F_ZERO][r] = zero_ns(&bf);
		v[F_COPY][r] = copy_ns(&bf);
		if (fault_ns(&v[F_FAULT][r], &v[F_UNMAP][r], &v[F_LAZYFREE][r]))
			goto out;
		if (*have_major && file_read_ns(&v[F_MAJOR][r], &v[F_READ][r]))
			*have_major = false;
		v[F_SYSCALL][r] = syscall_ns();
		if (pipe_round_trip_ns(&v[F_PIPE][r]) || exec_ns(&v[F_EXEC][r]) ||
		    tlb_ns(&v[F_IPI][r], &v[F_IRQ][r]) || calib_unix_round_trip_ns(&v[F_UNIX][r]) ||
		    calib_tcp_round_trip_ns(TB_REPLY, &v[F_TCP][r]) ||
		    calib_pagecache_write_ns(PAGE, &v[F_PCWRITE][r]) ||
		    calib_pagecache_write_ns(1UL << 20, &v[F_PCWRITE_1M][r]) ||
		    calib_small_file_op_ns(&v[F_FILEOP][r]) ||
		    calib_smaps_read_ns(SMAPS_SMALL, &v[F_SMAPS_SMALL][r]) ||
		    calib_smaps_read_ns(SMAPS_LARGE, &v[F_SMAPS_LARGE][r]) ||
		    calib_phase_line_ns(&v[F_LINE][r], group))
			goto out;
	}
	rc = 0;
out:
	if (bf.a)
		munmap(bf.a, BUF_BYTES);
	if (bf.b)
		munmap(bf.b, BUF_BYTES);
	free(bf.order);
	return rc;
}

static long ns_round(double ns)
{
	return ns < 1 ? 1 : (long)(ns + 0.5);
}

/*
 * The working-set figures: the regions touched at about the 4 MiB
 * region's cost (within 1.5x), their median cost and the largest of them.
 */
static void print_touch_regions(const double *m)
{
	double cached[NR_REGIONS] = { m[F_TOUCH_REGION] };
	size_t n = 1;

	while (n < NR_REGIONS && m[F_TOUCH_REGION + n] <= 1.5 * m[F_TOUCH_REGION]) {
		cached[n] = m[F_TOUCH_REGION + n];
		n++;
	}
	printf("user_touch_cached_ns = %ldns ; the same store per page of a region of up to user_touch_cache\n",
	       ns_round(median(cached, (int)n)));
	printf("user_touch_cache = %zuM ; the largest region within 1.5x of the 4 MiB one's cost:",
	       regions[n - 1]);
	for (size_t i = 0; i < NR_REGIONS; i++)
		printf(" %zu MiB %ld ns%s", regions[i], ns_round(m[F_TOUCH_REGION + i]),
		       i + 1 < NR_REGIONS ? "," : "\n");
}

static void print_smaps(const double *m, int group)
{
	double small = (double)(SMAPS_SMALL / PAGE), large = (double)(SMAPS_LARGE / PAGE);
	double per_page = (m[F_SMAPS_LARGE] - m[F_SMAPS_SMALL]) / (large - small);

	printf("smaps_ns = %ldns ; a read of /proc/self/smaps with a 1 MiB region, %ld ns, less its pages' walk\n",
	       ns_round(m[F_SMAPS_SMALL] - small * per_page), ns_round(m[F_SMAPS_SMALL]));
	printf("smaps_page_ns = %ldns ; the same read with a 64 MiB region, %ld ns, less with 1 MiB, per page\n",
	       ns_round(per_page), ns_round(m[F_SMAPS_LARGE]));
	printf("phase_line_ns = %ldns ; getrusage x3, /proc/vmstat and %d of the group's 3 files (usage, memsw usage, memory.stat)\n",
	       ns_round(m[F_LINE]), group);
}

int calibrate_main(int argc, char **argv, const char *version)
{
	double v[NR_FIGURES][MAX_REPS], m[NR_FIGURES];
	int reps = 5;
	bool have_major = false;
	int group = 0;
	char host[256] = "?";

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs("usage: reclaimsim calibrate [--reps N]\n\n"
			      "Run microbenchmarks of this host's CPU (about 15 s per rep) and print\n"
			      "a [cost] section with the model's CPU costs measured here.\n\n"
			      "options:\n"
			      "      --reps N             runs of each microbenchmark, the median\n"
			      "                           printed (1..31, default 5)\n"
			      "  -h, --help               this help\n"
			      "      --version            print the version\n",
			      stdout);
			return 0;
		}
		if (!strcmp(argv[i], "--version")) {
			printf("reclaimsim %s\n", version);
			return 0;
		}
		if (!strcmp(argv[i], "--reps") && i + 1 < argc) {
			char *end;
			long n = strtol(argv[++i], &end, 10);

			if (*end || n < 1 || n > MAX_REPS) {
				fprintf(stderr,
					"reclaimsim: calibrate: --reps: %s is not in 1..%d\n",
					argv[i], MAX_REPS);
				return 2;
			}
			reps = (int)n;
			continue;
		}
		fprintf(stderr, "reclaimsim: calibrate: unknown option '%s'\n", argv[i]);
		return 2;
	}
	if (sysconf(_SC_PAGESIZE) != (long)PAGE) {
		fprintf(stderr, "reclaimsim: calibrate: the host's pages are not 4 KiB\n");
		return 1;
	}
	if (measure(v, reps, &have_major, &group)) {
		fprintf(stderr, "reclaimsim: calibrate: %s\n", strerror(errno ? errno : ENOMEM));
		return 1;
	}
	for (int f = 0; f < NR_FIGURES; f++)
		m[f] = (f == F_MAJOR || f == F_READ) && !have_major ? 0 : median(v[f], reps);
	gethostname(host, sizeof(host) - 1);
	printf("; reclaimsim calibrate on %s: %ld CPUs, the median of %d runs each\n", host,
	       sysconf(_SC_NPROCESSORS_ONLN), reps);
	printf("[cost]\n");
	printf("user_touch_ns = %ldns ; a store per page in address order (random order: %ld ns)\n",
	       ns_round(m[F_TOUCH]), ns_round(m[F_TOUCH_RAND]));
	print_touch_regions(m);
	print_smaps(m, group);
	printf("zero_page_ns = %ldns ; memset of a 4 KiB page\n", ns_round(m[F_ZERO]));
	printf("copy_page_ns = %ldns ; memcpy of a 4 KiB page\n", ns_round(m[F_COPY]));
	printf("fault_ns = %ldns ; a first-touch anon write fault, %ld ns, less zero_page_ns, alloc_ns %.0f and charge_ns %.0f\n",
	       ns_round(m[F_FAULT] - m[F_ZERO] - ALLOC_NS - CHARGE_NS), ns_round(m[F_FAULT]),
	       ALLOC_NS, CHARGE_NS);
	printf("pte_ns = %ldns ; madvise(MADV_FREE) of faulted anon pages, per page\n",
	       ns_round(m[F_LAZYFREE]));
	printf("free_ns = %ldns ; munmap of faulted anon pages, %ld ns a page, less pte_ns\n",
	       ns_round(m[F_UNMAP] - m[F_LAZYFREE]), ns_round(m[F_UNMAP]));
	printf("syscall_ns = %ldns ; getppid()\n", ns_round(m[F_SYSCALL]));
	printf("context_switch_ns = %ldns ; one side of a pipe round trip on one CPU, %ld ns, less its two syscalls\n",
	       ns_round(m[F_PIPE] - 2 * m[F_SYSCALL]), ns_round(m[F_PIPE]));
	printf("tlb_ipi_ns = %ldns ; madvise(DONTNEED) of a page, a thread on another CPU or not\n",
	       ns_round(m[F_IPI]));
	printf("tlb_irq_ns = %ldns ; what that thread loses per flush IPI\n", ns_round(m[F_IRQ]));
	printf("socket_msg_ns = %ldns ; half a 100-byte round trip over a unix socketpair, %ld ns a round trip, less a syscall\n",
	       ns_round(m[F_UNIX] / 2 - m[F_SYSCALL]), ns_round(m[F_UNIX]));
	printf("tcp_msg_ns = %ldns ; a 100-byte request and a %lu-byte reply over TCP on lo, %ld ns of CPU, less 4 syscalls and the copies, halved\n",
	       ns_round((m[F_TCP] - 4 * m[F_SYSCALL] -
			 m[F_COPY] * 2 * (TB_REQUEST + (double)TB_REPLY) / (double)PAGE) /
			2),
	       TB_REPLY, ns_round(m[F_TCP]));
	printf("pagecache_insert_ns = %ldns ; write() of 1 MiB appended to a new file (dd bs=1M, large folios), %ld ns a page, less copy_page_ns and a syscall per 256 pages\n",
	       ns_round(m[F_PCWRITE_1M] - m[F_COPY] - m[F_SYSCALL] / 256),
	       ns_round(m[F_PCWRITE_1M]));
	printf("; write() of 4 KiB (an order-0 folio each): %ld ns a page, %ld ns less a syscall and copy_page_ns; dbench's kind of file operation (create, write 4 KiB, read them, unlink): %ld ns of CPU\n",
	       ns_round(m[F_PCWRITE]), ns_round(m[F_PCWRITE] - m[F_SYSCALL] - m[F_COPY]),
	       ns_round(m[F_FILEOP]));
	if (m[F_EXEC] > 0)
		printf("exec_ns = %ldns ; a program's start and exit: fork, then execve of /bin/true (ld.so, libc), the child's CPU\n",
		       ns_round(m[F_EXEC]));
	else
		printf("; exec_ns: not measured (/bin/true did not run)\n");
	/*
	 * read() of a dropped file is printed as a comment: with large
	 * folios (ext4, v6.x) it inserts a folio of many pages at once, so
	 * its system time per page is not the model's per-page insert
	 */
	if (have_major)
		printf("; read() of a dropped file: %ld ns a page of system time, copy included; a major fault's CPU part: %ld ns of system time (one 4 KiB read per fault, MADV_RANDOM)\n",
		       ns_round(m[F_READ]), ns_round(m[F_MAJOR]));
	else
		printf("; file reads: not measured (the file's pages could not be dropped)\n");
	return 0;
}

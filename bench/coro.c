// SPDX-License-Identifier: MIT
/*
 * coro.c - what the coroutines cost: time per context switch and stack
 * memory per task.  A benchmark, not a test.
 *
 *   build/bench/coro [SCENARIO [--set section.key=value]...]
 *
 * Switch cost: a coroutine that suspends as soon as it is resumed, resumed
 * a few million times; one round trip (coro_resume + coro_suspend) is two
 * switches, so ns per switch = elapsed / (2 x round trips).  The same loop
 * with glibc's swapcontext() (ucontext, which also saves and restores the
 * signal mask with a system call) for comparison.  Each figure is the
 * best and the median of a few repetitions.
 *
 * Stack memory: SCENARIO (default scenarios/seed000-embedded-swap-240.ini)
 * is run to its end through the library, as bench.c does, sampling every
 * task's coro_stack_used() - the bytes of its frames, on its run stack or
 * saved while another coroutine holds that stack - and the depth of its
 * run stack (shared with the other tasks on it): max and mean, by kind of
 * task.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include <sys/mman.h>
#include <unistd.h>

#include "clock.h"

#include "reclaimsim/reclaimsim.h"
#include "mm/sim.h"
#include "config/reader.h"
#include "report/report.h"
#include "sim/coro.h"

#define ROUND_TRIPS 5000000UL /* per repetition: 10 million switches */
#define UC_ROUND_TRIPS 2000000UL /* swapcontext makes a system call: fewer */
#define REPS 5
#define UC_STACK (64 * 1024)

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* ---- coro.h: Boost.Context fcontext ---- */

static struct coro_host host;
static struct coro co;

static void bounce(void *arg)
{
	(void)arg;
	for (;;)
		coro_suspend(&host, &co, 0);
}

/* ns per switch of one repetition */
static double coro_rep(unsigned long n)
{
	double t0 = now_ns();

	for (unsigned long i = 0; i < n; i++)
		coro_resume(&host, &co);
	return (now_ns() - t0) / (2.0 * (double)n);
}

/* ---- glibc ucontext ---- */

static ucontext_t uc_main, uc_co;

static void uc_bounce(void)
{
	for (;;)
		swapcontext(&uc_co, &uc_main);
}

static double uc_rep(unsigned long n)
{
	double t0 = now_ns();

	for (unsigned long i = 0; i < n; i++)
		swapcontext(&uc_main, &uc_co);
	return (now_ns() - t0) / (2.0 * (double)n);
}

static void report(const char *what, double *v, unsigned long n)
{
	qsort(v, REPS, sizeof(*v), cmp_double);
	printf("%-22s %6.1f ns per switch (best of %d x %lu round trips; median %.1f)\n", what,
	       v[0], REPS, n, v[REPS / 2]);
}

static int switch_cost(void)
{
	double v[REPS];
	void *stack;

	if (coro_create(&co, bounce, NULL, 0)) {
		perror("bench/coro: coro_create");
		return -1;
	}
	coro_rep(ROUND_TRIPS / 10); /* warm up: first touch of the stack, caches */
	for (int r = 0; r < REPS; r++)
		v[r] = coro_rep(ROUND_TRIPS);
	report("coro (fcontext)", v, ROUND_TRIPS);
	coro_destroy(&co);

	stack = malloc(UC_STACK);
	if (!stack || getcontext(&uc_co)) {
		perror("bench/coro: ucontext");
		free(stack);
		return -1;
	}
	uc_co.uc_stack.ss_sp = stack;
	uc_co.uc_stack.ss_size = UC_STACK;
	uc_co.uc_link = NULL;
	makecontext(&uc_co, uc_bounce, 0);
	uc_rep(UC_ROUND_TRIPS / 10);
	for (int r = 0; r < REPS; r++)
		v[r] = uc_rep(UC_ROUND_TRIPS);
	report("glibc swapcontext", v, UC_ROUND_TRIPS);
	free(stack); /* uc_co is never resumed again */
	return 0;
}

/* ---- stack memory per task ---- */

/*
 * Bytes from the top of @co's run stack down to the lowest byte that is not
 * zero: the deepest the stack went, to the byte, if the frames there wrote
 * something other than zeros (a fresh stack is all zeros).  Only pages
 * mincore() reports resident are read, so reading faults nothing in.
 */
static size_t stack_depth(const struct coro *co)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE), n = CORO_STACK_SIZE / pg;
	const unsigned char *bottom = (const unsigned char *)co->map + pg;
	unsigned char vec[CORO_STACK_SIZE / 4096];

	if (!co->map || n > sizeof(vec) || mincore((void *)bottom, CORO_STACK_SIZE, vec))
		return 0;
	for (size_t p = 0; p < n; p++) {
		if (!(vec[p] & 1))
			continue;
		for (size_t b = 0; b < pg; b++)
			if (bottom[p * pg + b])
				return CORO_STACK_SIZE - (p * pg + b);
	}
	return 0;
}

struct stack_stats {
	unsigned int n;
	size_t max, sum; /* coro_stack_used(): bytes of frames */
	size_t depth_max, depth_sum; /* stack_depth(): bytes */
	const struct task *deepest;
};

static void stack_add(struct stack_stats *st, const struct task *t, size_t used, size_t depth)
{
	st->n++;
	st->sum += used;
	st->depth_sum += depth;
	if (used > st->max)
		st->max = used;
	if (depth > st->depth_max || !st->deepest) {
		st->depth_max = depth;
		st->deepest = t;
	}
}

static void stack_print(const char *what, const struct stack_stats *st)
{
	if (!st->n)
		return;
	printf("  %-8s %4u tasks  frames max %6zu, mean %8.1f  depth max %6zu, mean %8.1f"
	       "  (deepest: pid %d %s)\n",
	       what, st->n, st->max, (double)st->sum / st->n, st->depth_max,
	       (double)st->depth_sum / st->n, st->deepest->pid, st->deepest->comm);
}

/*
 * Stacks are given back when tasks exit: sample every live task's stack
 * every SAMPLE_EVENTS events of the run and keep each task's largest.
 */
#define SAMPLE_EVENTS 4096
struct stack_sample {
	unsigned int nr;
	size_t *used, *depth;
};

static void sample_stacks(struct sim *sim, void *arg)
{
	struct stack_sample *sample = arg;

	if (sim->eng.nr_events % SAMPLE_EVENTS)
		return;
	for (unsigned int i = 0; i < sample->nr; i++) {
		const struct task *t = sim->eng.tasks[i];
		size_t used, depth;

		if (!t->co.map)
			continue;
		used = coro_stack_used(&t->co);
		depth = stack_depth(&t->co);
		if (used > sample->used[i])
			sample->used[i] = used;
		if (depth > sample->depth[i])
			sample->depth[i] = depth;
	}
}

static int stack_memory(int argc, char **argv)
{
	static struct scenario s;
	const char *path = argc > 1 ? argv[1] : "scenarios/seed000-embedded-swap-240.ini";
	struct stack_stats all = { 0 }, kind[3] = { { 0 } };
	struct stack_sample sample = { 0 };
	unsigned int no_stack = 0;
	char err[SCN_ERR_LEN];
	struct sim *sim;

	if (scenario_load(&s, path, err, sizeof(err)))
		goto fail;
	for (int i = 2; i + 1 < argc; i += 2)
		if (strcmp(argv[i], "--set") || scenario_set(&s, argv[i + 1], err, sizeof(err)))
			goto fail;
	if (scenario_validate(&s, err, sizeof(err)))
		goto fail;
	sim = sim_create(&s, err, sizeof(err));
	if (!sim)
		goto fail;
	sample.used = calloc(sim->eng.nr_tasks, sizeof(*sample.used));
	sample.depth = calloc(sim->eng.nr_tasks, sizeof(*sample.depth));
	if (!sample.used || !sample.depth) {
		snprintf(err, sizeof(err), "out of memory");
		goto fail;
	}
	sample.nr = sim->eng.nr_tasks;
	sim->eng.check_hook = sample_stacks;
	sim->eng.check_arg = &sample;
	if (sim_run(sim)) {
		fprintf(stderr, "bench/coro: %s: %s\n", path, sim_error(sim));
		sim_destroy(sim);
		return -1;
	}
	for (unsigned int i = 0; i < sample.nr; i++) {
		const struct task *t = sim->eng.tasks[i];

		if (!sample.used[i]) { /* never ran: no stack was mapped */
			no_stack++;
			continue;
		}
		stack_add(&all, t, sample.used[i], sample.depth[i]);
		stack_add(&kind[t->kind], t, sample.used[i], sample.depth[i]);
	}
	free(sample.used);
	free(sample.depth);
	printf("scenario               %s\n", path);
	for (int i = 3; i < argc; i += 2)
		printf("--set                  %s\n", argv[i]);
	printf("run stacks             %u of %u KiB mapped (+ a guard page), shared, %ld-byte pages\n",
	       CORO_RUN_STACKS, (unsigned int)(CORO_STACK_SIZE >> 10), sysconf(_SC_PAGESIZE));
	printf("tasks                  %u (%u with a stack, %u never ran)\n", sim->eng.nr_tasks,
	       all.n, no_stack);
	printf("frames                 max %zu bytes, mean %.1f bytes, total %.1f KiB "
	       "(coro_stack_used: on the run stack or saved)\n",
	       all.max, all.n ? (double)all.sum / all.n : 0.0, all.sum / 1024.0);
	printf("run stack depth        max %zu bytes, mean %.1f bytes (lowest non-zero byte)\n",
	       all.depth_max, all.n ? (double)all.depth_sum / all.n : 0.0);
	stack_print("user", &kind[TASK_USER]);
	stack_print("kswapd", &kind[TASK_KSWAPD]);
	stack_print("flusher", &kind[TASK_FLUSHER]);
	sim_destroy(sim);
	return 0;
fail:
	fprintf(stderr, "bench/coro: %s\n", err);
	return -1;
}

int main(int argc, char **argv)
{
	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		printf("usage: bench/coro [SCENARIO [--set section.key=value]...]\n");
		return 0;
	}
	if (switch_cost() || stack_memory(argc, argv))
		return 1;
	return 0;
}

// SPDX-License-Identifier: MIT
/*
 * test_selftests.c - ground truth: the checks of the kernel's cgroup
 * selftests, tools/testing/selftests/cgroup/test_memcontrol.c (v6.12,
 * SPEC 9.1), asserted on the scenarios of scenarios/selftests/ with the
 * selftest's own tolerances (values_close of cgroup_util.h).
 *
 * Each scenario runs the selftest's processes as workloads, one after the
 * other by their start times where the selftest waits for one (cg_run);
 * the test checks that each ended before the next began.  What the
 * selftest reads while a process is alive, or right after cg_run
 * returns, is read here from a snapshot of every group taken when each
 * workload starts and when it ends (an engine check hook).  The
 * selftest's writes to memory.reclaim come after the workloads have
 * ended (or are holding their memory): the test runs memory_reclaim() in
 * a task of its own on the machine's CPUs then (the scenario language
 * has no timed actions yet).
 *
 * Known failures: a check the model does not pass is not dropped: it
 * stays, asserting the kernel's value, in known_failures[] below; such a
 * check prints "KNOWN FAILURE" and does not fail the suite, and one
 * that starts to pass fails the test until it leaves the list.
 */
#include <errno.h>

#include "testsim.h"

#include "kernel/exit.h"

#define MB(x) ((long)(x) << 20)
#define SNAP_MAX_CG 16
#define SNAP_MAX_WL 8
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/*
 * values_close() (tools/testing/selftests/cgroup/cgroup_util.h): @a and
 * @b differ by at most @err percent of their sum, in integer arithmetic.
 */
static bool values_close(long a, long b, int err)
{
	return labs(a - b) <= (a + b) / 100 * err;
}

/*
 * The seed of the runs (0: without run-to-run variation, the tests'
 * default); main() runs every test without and with variation, since a
 * selftest passes on a real machine whatever its timing.
 */
static u64 run_seed;

/* ---- known failures ---- */

/* "scenario: check" of each check the model is known to fail */
static const char *const known_failures[] = {
	NULL,
};

static unsigned int nr_known_seen;

static bool is_known_failure(const char *scn, const char *check)
{
	char name[128];

	snprintf(name, sizeof(name), "%s: %s", scn, check);
	for (const char *const *k = known_failures; *k; k++)
		if (!strcmp(*k, name))
			return true;
	return false;
}

/*
 * One of the selftest's checks, named @check in scenario @scn: fails the
 * test unless it is a known failure; a known failure that passes fails it
 * too (the list is stale).
 */
static void selftest_check(const char *scn, const char *check, bool ok, const char *detail)
{
	bool known = is_known_failure(scn, check);

	if (ok && known)
		fail_msg("%s: %s: listed as a known failure but passes (%s)", scn, check, detail);
	if (ok)
		return;
	if (!known)
		fail_msg("%s: %s: fails (%s; seed %llu)", scn, check, detail,
			 (unsigned long long)run_seed);
	nr_known_seen++;
	print_message("KNOWN FAILURE %s: %s (%s; seed %llu)\n", scn, check, detail,
		      (unsigned long long)run_seed);
}

#define CHECK(scn, check, cond, ...)                             \
	do {                                                     \
		char detail_[256];                               \
		snprintf(detail_, sizeof(detail_), __VA_ARGS__); \
		selftest_check((scn), (check), (cond), detail_); \
	} while (0)

/* ---- snapshots of the groups at each workload's start and end ---- */

struct cg_snap {
	bool taken;
	u64 now;
	long current[SNAP_MAX_CG]; /* bytes, by memcg id */
	long swap_current[SNAP_MAX_CG];
	u64 events[SNAP_MAX_CG][MEMCG_NR_MEMORY_EVENTS];
};

struct selftest_run {
	struct sim *sim;
	struct cg_snap start[SNAP_MAX_WL], end[SNAP_MAX_WL];
	/* the first change of memory.events of @watch (NULL: none watched) */
	struct mem_cgroup *watch;
	struct cg_snap before_event, first_event;
};

static void snap_take(struct sim *sim, struct cg_snap *s)
{
	s->taken = true;
	s->now = sim->eng.now;
	for (unsigned int i = 0; i < sim->nr_memcgs; i++) {
		const struct mem_cgroup *m = sim->memcgs[i];

		s->current[i] = (long)(m->memory.usage * sim->page_size);
		s->swap_current[i] = (long)(m->swap.usage * sim->page_size);
		memcpy(s->events[i], m->memory_events, sizeof(s->events[i]));
	}
}

static void snap_hook(struct sim *sim, void *arg)
{
	struct selftest_run *r = arg;

	for (unsigned int w = 0; w < sim->nr_workloads; w++) {
		const struct workload_inst *wl = &sim->workloads[w];

		if (wl->started && !r->start[w].taken)
			snap_take(sim, &r->start[w]);
		if (wl->ended && !r->end[w].taken)
			snap_take(sim, &r->end[w]);
	}
	if (r->watch && !r->first_event.taken &&
	    memcmp(r->watch->memory_events, r->before_event.events[r->watch->id],
		   sizeof(r->watch->memory_events)))
		snap_take(sim, &r->first_event);
}

static struct sim *selftest_load(const char *rel)
{
	struct scenario *s = calloc(1, sizeof(*s));
	char err[SCN_ERR_LEN] = "", set[64] = TEST_NO_JITTER;

	assert_non_null(s);
	if (run_seed)
		snprintf(set, sizeof(set), "run.seed=%llu", (unsigned long long)run_seed);
	if (scenario_load(s, test_path(rel), err, sizeof(err)) ||
	    scenario_set(s, set, err, sizeof(err))) {
		free(s);
		fail_msg("%s: %s", rel, err);
	}
	return test_sim_create(NULL, s);
}

/*
 * Run scenarios/selftests/@name.ini (seed run_seed) to its end with the
 * snapshot hook; @watch (may be NULL) names a group whose first
 * memory.events change is caught.
 */
static void selftest_run(struct selftest_run *r, const char *name, const char *watch)
{
	char rel[128];

	memset(r, 0, sizeof(*r));
	snprintf(rel, sizeof(rel), "scenarios/selftests/%s.ini", name);
	r->sim = selftest_load(rel);
	assert_true(r->sim->nr_memcgs <= SNAP_MAX_CG);
	assert_true(r->sim->nr_workloads <= SNAP_MAX_WL);
	if (watch) {
		r->watch = test_memcg_named(r->sim, watch);
		snap_take(r->sim, &r->before_event);
	}
	r->sim->eng.check_hook = snap_hook;
	r->sim->eng.check_arg = r;
	assert_int_equal(sim_run(r->sim), 0);
	r->sim->eng.check_hook = NULL;
}

static unsigned int wl_index(struct selftest_run *r, const char *name)
{
	return (unsigned int)(test_workload_named(r->sim, name) - r->sim->workloads);
}

static const struct cg_snap *at_start(struct selftest_run *r, const char *wl)
{
	const struct cg_snap *s = &r->start[wl_index(r, wl)];

	if (!s->taken)
		fail_msg("workload %s never started", wl);
	return s;
}

static const struct cg_snap *at_end(struct selftest_run *r, const char *wl)
{
	const struct cg_snap *s = &r->end[wl_index(r, wl)];

	if (!s->taken)
		fail_msg("workload %s never ended", wl);
	return s;
}

/* cg_run(): @first ended (exited, or holds its memory) before @next started */
static void assert_sequential(struct selftest_run *r, const char *first, const char *next)
{
	assert_true(at_end(r, first)->now <= at_start(r, next)->now);
}

static long snap_current(struct selftest_run *r, const struct cg_snap *s, const char *cg)
{
	return s->current[test_memcg_named(r->sim, cg)->id];
}

static u64 snap_event(struct selftest_run *r, const struct cg_snap *s, const char *cg,
		      enum memcg_memory_event e)
{
	return s->events[test_memcg_named(r->sim, cg)->id][e];
}

/* memory.current of @cg now, bytes */
static long cg_current(struct selftest_run *r, const char *cg)
{
	return (long)(test_memcg_named(r->sim, cg)->memory.usage * r->sim->page_size);
}

static u64 cg_event(struct selftest_run *r, const char *cg, enum memcg_memory_event e)
{
	return test_memcg_named(r->sim, cg)->memory_events[e];
}

/* cg_run()'s result: 0 for a process that exited normally, else its signal */
static int wl_signal(struct selftest_run *r, const char *wl)
{
	return test_workload_named(r->sim, wl)->exit_signal;
}

/* cgroup.procs empty: no live task of the workloads in @cg */
static bool cg_procs_empty(struct selftest_run *r, const char *cg)
{
	const struct mem_cgroup *memcg = test_memcg_named(r->sim, cg);

	for (unsigned int w = 0; w < r->sim->nr_workloads; w++) {
		const struct workload_inst *wl = &r->sim->workloads[w];

		for (unsigned int i = 0; i < wl->nr_tasks; i++)
			if (wl->tasks[i]->memcg == memcg && wl->tasks[i]->state != TASK_DEAD)
				return false;
	}
	return true;
}

/* ---- memory.reclaim writes after the run, in a task of the test ---- */

struct reclaim_until_call {
	struct mem_cgroup *memcg;
	long goal;
	bool result;
	unsigned int writes;
};

/*
 * reclaim_until() of test_memcontrol.c: up to 5 writes of (current -
 * goal) to memory.reclaim until current is below or close to (3) the
 * goal; false if a write returned 0 without reaching it, or failed with
 * anything but -EAGAIN, or none succeeded.
 */
static void reclaim_until_fn(struct task *t)
{
	struct reclaim_until_call *c = t->fn_arg;
	struct sim *sim = t->sim;
	bool reclaimed = false;

	c->result = false;
	for (int retries = 5; retries > 0; retries--) {
		long current = (long)(c->memcg->memory.usage * sim->page_size);
		int err;

		if (current < c->goal || values_close(current, c->goal, 3))
			break;
		if (reclaimed)
			goto out;
		/* memory_reclaim(): memparse(buf) / PAGE_SIZE */
		err = memory_reclaim(t, c->memcg, (u64)(current - c->goal) / sim->page_size, NULL);
		c->writes++;
		if (!err)
			reclaimed = true;
		else if (err != -EAGAIN)
			goto out;
	}
	c->result = reclaimed;
out:
	do_exit(t, 0);
	task_exit_current(t);
}

/*
 * Run reclaim_until(@cg, @goal) in a new task on the machine's CPUs, the
 * event loop going on (I/O completes) until the task has exited.
 */
static bool reclaim_until(struct selftest_run *r, const char *cg, long goal)
{
	struct sim *sim = r->sim;
	struct reclaim_until_call c = { .memcg = test_memcg_named(sim, cg), .goal = goal };
	struct task *t = task_create(sim, TASK_USER, "reclaim_until", reclaim_until_fn);
	struct event ev;

	assert_non_null(t);
	t->fn_arg = &c;
	t->memcg = sim->memcgs[0];
	wake_up_task(t);
	while (t->state != TASK_DEAD && event_pop(sim, &ev)) {
		sim->eng.now = ev.time;
		ev.fn(sim, ev.ptr, ev.arg);
	}
	assert_int_equal(t->state, TASK_DEAD);
	assert_true(c.writes >= 1 && c.writes <= 5);
	return c.result;
}

/* ---- test_memcg_min, test_memcg_low (test_memcg_protection) ---- */

static void memcg_protection(bool min)
{
	const char *scn = min ? "memcg-min" : "memcg-low";
	struct selftest_run r;
	const struct cg_snap *s;
	const char *children[] = { "C", "D", "E", "F" };
	long b, c, d, f;

	selftest_run(&r, scn, NULL);
	assert_sequential(&r, "c", "g148");
	assert_sequential(&r, "d", "g148");
	assert_sequential(&r, "e", "g148");
	assert_sequential(&r, "g148", "g170");
	/* the wait before G: B ~ 150M (the selftest goes on regardless) */
	b = snap_current(&r, at_start(&r, "g148"), "B");
	assert_true(values_close(b, MB(150), 3));

	/* cg_run(parent[2], alloc_anon, 148M) succeeds */
	CHECK(scn, "alloc_anon 148M succeeds", wl_signal(&r, "g148") == 0, "signal %d",
	      wl_signal(&r, "g148"));
	s = at_end(&r, "g148");
	b = snap_current(&r, s, "B");
	c = snap_current(&r, s, "C");
	d = snap_current(&r, s, "D");
	f = snap_current(&r, s, "F");
	print_message("%s seed %llu after 148M: B %ld C %ld D %ld E %ld F %ld KiB\n", scn,
		      (unsigned long long)run_seed, b >> 10, c >> 10, d >> 10,
		      snap_current(&r, s, "E") >> 10, f >> 10);
	CHECK(scn, "B ~ 50M (3)", values_close(b, MB(50), 3), "B = %ld", b);
	CHECK(scn, "C ~ 29M (10)", values_close(c, MB(29), 10), "C = %ld", c);
	CHECK(scn, "D ~ 21M (10)", values_close(d, MB(21), 10), "D = %ld", d);
	CHECK(scn, "F = 0", f == 0, "F = %ld", f);

	/* 170M: more than A has unprotected; min: must fail, low: must succeed */
	if (min)
		CHECK(scn, "alloc_anon 170M fails", wl_signal(&r, "g170") != 0, "signal %d",
		      wl_signal(&r, "g170"));
	else
		CHECK(scn, "alloc_anon 170M succeeds", wl_signal(&r, "g170") == 0, "signal %d",
		      wl_signal(&r, "g170"));
	b = cg_current(&r, "B");
	CHECK(scn, min ? "B ~ 50M after 170M (3)" : "B ~ 30M after 170M (3)",
	      values_close(b, min ? MB(50) : MB(30), 3), "B = %ld", b);

	/* the target's own protection does not hold off memory.reclaim */
	CHECK(scn, "reclaim_until(C, 10M)", reclaim_until(&r, "C", MB(10)), "C = %ld",
	      cg_current(&r, "C"));
	if (!min) {
		for (unsigned int i = 0; i < 4; i++) {
			u64 oom = cg_event(&r, children[i], MEMCG_OOM);
			u64 low = cg_event(&r, children[i], MEMCG_LOW);
			char name[64];

			snprintf(name, sizeof(name), "%s oom events 0", children[i]);
			CHECK(scn, name, oom == 0, "oom %llu", (unsigned long long)oom);
			/* no memory_recursiveprot: E's low events count too */
			snprintf(name, sizeof(name), "%s low events %s", children[i],
				 i <= 1 ? "> 0" : "0");
			CHECK(scn, name, i <= 1 ? low > 0 : low == 0, "low %llu",
			      (unsigned long long)low);
		}
	}
	sim_destroy(r.sim);
}

static void test_memcg_min(void **state)
{
	memcg_protection(true);
}

static void test_memcg_low(void **state)
{
	memcg_protection(false);
}

/* ---- test_memcg_high ---- */

static void test_memcg_high(void **state)
{
	const char *scn = "memcg-high";
	struct selftest_run r;
	long current;

	selftest_run(&r, scn, NULL);
	assert_sequential(&r, "anon31", "pagecache50");
	assert_sequential(&r, "pagecache50", "pagecache_max30");
	CHECK(scn, "alloc_anon 31M succeeds", wl_signal(&r, "anon31") == 0, "signal %d",
	      wl_signal(&r, "anon31"));
	/* alloc_pagecache_50M_check must fail: memory.current < 50M */
	current = snap_current(&r, at_end(&r, "pagecache50"), "memcg_test");
	CHECK(scn, "alloc_pagecache_50M_check fails", current < MB(50), "current %ld", current);
	current = snap_current(&r, at_end(&r, "pagecache_max30"), "memcg_test");
	CHECK(scn, "alloc_pagecache_max_30M: current ~ 30M (5)",
	      wl_signal(&r, "pagecache_max30") == 0 && values_close(current, MB(30), 5),
	      "current %ld", current);
	CHECK(scn, "events high > 0", cg_event(&r, "memcg_test", MEMCG_HIGH) > 0, "high %llu",
	      (unsigned long long)cg_event(&r, "memcg_test", MEMCG_HIGH));
	sim_destroy(r.sim);
}

/* ---- test_memcg_high_sync ---- */

static void test_memcg_high_sync(void **state)
{
	const char *scn = "memcg-high-sync";
	struct selftest_run r;
	u64 pre_high, pre_max, post_high, post_max;

	selftest_run(&r, scn, "memcg_test");
	/* cg_wait_for(): the first modification of memory.events */
	assert_true(r.first_event.taken);
	pre_high = snap_event(&r, &r.before_event, "memcg_test", MEMCG_HIGH);
	pre_max = snap_event(&r, &r.before_event, "memcg_test", MEMCG_MAX);
	post_high = snap_event(&r, &r.first_event, "memcg_test", MEMCG_HIGH);
	post_max = snap_event(&r, &r.first_event, "memcg_test", MEMCG_MAX);
	CHECK(scn, "high events grew", post_high != pre_high, "high %llu -> %llu",
	      (unsigned long long)pre_high, (unsigned long long)post_high);
	CHECK(scn, "max events unchanged", post_max == pre_max, "max %llu -> %llu",
	      (unsigned long long)pre_max, (unsigned long long)post_max);
	/* and the throttling keeps it from memory.max for the whole run */
	assert_int_equal(cg_event(&r, "memcg_test", MEMCG_MAX), 0);
	sim_destroy(r.sim);
}

/* ---- test_memcg_max ---- */

static void test_memcg_max(void **state)
{
	const char *scn = "memcg-max";
	struct selftest_run r;
	long current;

	selftest_run(&r, scn, NULL);
	assert_sequential(&r, "anon100", "pagecache_max30");
	CHECK(scn, "alloc_anon 100M OOM-killed", wl_signal(&r, "anon100") != 0, "signal %d",
	      wl_signal(&r, "anon100"));
	current = snap_current(&r, at_end(&r, "pagecache_max30"), "memcg_test");
	CHECK(scn, "alloc_pagecache_max_30M: current ~ 30M (5)",
	      wl_signal(&r, "pagecache_max30") == 0 && values_close(current, MB(30), 5),
	      "current %ld", current);
	current = cg_current(&r, "memcg_test");
	CHECK(scn, "0 < current <= 30M", current > 0 && current <= MB(30), "current %ld", current);
	CHECK(scn, "events max > 0", cg_event(&r, "memcg_test", MEMCG_MAX) > 0, "max %llu",
	      (unsigned long long)cg_event(&r, "memcg_test", MEMCG_MAX));
	sim_destroy(r.sim);
}

/* ---- test_memcg_reclaim ---- */

static void test_memcg_reclaim(void **state)
{
	const char *scn = "memcg-reclaim";
	struct selftest_run r;
	long current;

	selftest_run(&r, scn, NULL);
	/* with swap: 50M of page cache and 50M of anon, both alive */
	current = cg_current(&r, "memcg_test");
	CHECK(scn, "current ~ 100M (10)", values_close(current, MB(100), 10), "current %ld",
	      current);
	CHECK(scn, "reclaim_until(30M)", reclaim_until(&r, "memcg_test", MB(30)), "current %ld",
	      cg_current(&r, "memcg_test"));
	/* it took from both lists: the anon went to swap */
	assert_true(r.sim->vm_events[PSWPOUT] > 0);
	sim_destroy(r.sim);
}

/* ---- test_memcg_swap_max_peak ---- */

static void test_memcg_swap_max(void **state)
{
	const char *scn = "memcg-swap-max";
	struct selftest_run r;
	const struct cg_snap *s;
	struct mem_cgroup *memcg;
	long current, swap;

	selftest_run(&r, scn, NULL);
	assert_sequential(&r, "anon100", "anon50");
	memcg = test_memcg_named(r.sim, "memcg_test");
	s = at_start(&r, "anon50");
	CHECK(scn, "alloc_anon 100M OOM-killed", wl_signal(&r, "anon100") != 0, "signal %d",
	      wl_signal(&r, "anon100"));
	CHECK(scn, "events oom == 1", snap_event(&r, s, "memcg_test", MEMCG_OOM) == 1, "oom %llu",
	      (unsigned long long)snap_event(&r, s, "memcg_test", MEMCG_OOM));
	CHECK(scn, "events oom_kill == 1", snap_event(&r, s, "memcg_test", MEMCG_OOM_KILL) == 1,
	      "oom_kill %llu", (unsigned long long)snap_event(&r, s, "memcg_test", MEMCG_OOM_KILL));
	/* the peaks of the first run are the watermarks when the second starts */
	CHECK(scn, "memory.peak >= 29M",
	      (long)(memcg->memory.watermark * r.sim->page_size) >= MB(29), "peak %llu pages",
	      (unsigned long long)memcg->memory.watermark);
	CHECK(scn, "memory.swap.peak >= 29M",
	      (long)(memcg->swap.watermark * r.sim->page_size) >= MB(29), "swap peak %llu pages",
	      (unsigned long long)memcg->swap.watermark);
	/* alloc_anon_50M_check_swap(30M), its checks while it holds the 50M */
	current = cg_current(&r, "memcg_test");
	swap = (long)(memcg->swap.usage * r.sim->page_size);
	CHECK(scn, "alloc_anon_50M_check_swap: current ~ 30M (3)",
	      current && values_close(current, MB(30), 3), "current %ld", current);
	CHECK(scn, "alloc_anon_50M_check_swap: current + swap ~ 50M (3)",
	      swap && values_close(current + swap, MB(50), 3), "current %ld swap %ld", current,
	      swap);
	CHECK(scn, "events max > 0", cg_event(&r, "memcg_test", MEMCG_MAX) > 0, "max %llu",
	      (unsigned long long)cg_event(&r, "memcg_test", MEMCG_MAX));
	sim_destroy(r.sim);
}

/* ---- test_memcg_oom_events ---- */

static void test_memcg_oom_events(void **state)
{
	const char *scn = "memcg-oom-events";
	struct selftest_run r;

	selftest_run(&r, scn, NULL);
	CHECK(scn, "alloc_anon 100M OOM-killed", wl_signal(&r, "anon100") != 0, "signal %d",
	      wl_signal(&r, "anon100"));
	CHECK(scn, "cgroup.procs empty", cg_procs_empty(&r, "memcg_test"), "a task is alive");
	CHECK(scn, "events oom == 1", cg_event(&r, "memcg_test", MEMCG_OOM) == 1, "oom %llu",
	      (unsigned long long)cg_event(&r, "memcg_test", MEMCG_OOM));
	CHECK(scn, "events oom_kill == 1", cg_event(&r, "memcg_test", MEMCG_OOM_KILL) == 1,
	      "oom_kill %llu", (unsigned long long)cg_event(&r, "memcg_test", MEMCG_OOM_KILL));
	sim_destroy(r.sim);
}

/* ---- test_memcg_oom_group_{leaf,parent,score}_events ---- */

static void test_memcg_oom_group_leaf_events(void **state)
{
	const char *scn = "memcg-oom-group-leaf-events";
	struct selftest_run r;

	selftest_run(&r, scn, NULL);
	assert_sequential(&r, "child1", "anon100");
	assert_sequential(&r, "child2", "anon100");
	CHECK(scn, "alloc_anon 100M OOM-killed", wl_signal(&r, "anon100") != 0, "signal %d",
	      wl_signal(&r, "anon100"));
	CHECK(scn, "child's processes killed", cg_procs_empty(&r, "memcg_test_1"),
	      "a task is alive");
	CHECK(scn, "child oom_kill > 0", cg_event(&r, "memcg_test_1", MEMCG_OOM_KILL) > 0,
	      "oom_kill %llu", (unsigned long long)cg_event(&r, "memcg_test_1", MEMCG_OOM_KILL));
	/* no memory_localevents: the parent counts its children's events */
	CHECK(scn, "parent oom_kill > 0", cg_event(&r, "memcg_test_0", MEMCG_OOM_KILL) > 0,
	      "oom_kill %llu", (unsigned long long)cg_event(&r, "memcg_test_0", MEMCG_OOM_KILL));
	sim_destroy(r.sim);
}

static void test_memcg_oom_group_parent_events(void **state)
{
	const char *scn = "memcg-oom-group-parent-events";
	struct selftest_run r;

	selftest_run(&r, scn, NULL);
	assert_sequential(&r, "parent60", "anon100");
	assert_sequential(&r, "child1", "anon100");
	CHECK(scn, "alloc_anon 100M OOM-killed", wl_signal(&r, "anon100") != 0, "signal %d",
	      wl_signal(&r, "anon100"));
	CHECK(scn, "child's processes killed", cg_procs_empty(&r, "memcg_test_1"),
	      "a task is alive");
	CHECK(scn, "parent's processes killed", cg_procs_empty(&r, "memcg_test_0"),
	      "a task is alive");
	sim_destroy(r.sim);
}

static void test_memcg_oom_group_score_events(void **state)
{
	const char *scn = "memcg-oom-group-score-events";
	struct selftest_run r;
	const struct workload_inst *safe;

	selftest_run(&r, scn, NULL);
	assert_sequential(&r, "safe", "anon100");
	assert_sequential(&r, "other", "anon100");
	CHECK(scn, "alloc_anon 100M OOM-killed", wl_signal(&r, "anon100") != 0, "signal %d",
	      wl_signal(&r, "anon100"));
	CHECK(scn, "events oom_kill == 3", cg_event(&r, "memcg_test_0", MEMCG_OOM_KILL) == 3,
	      "oom_kill %llu", (unsigned long long)cg_event(&r, "memcg_test_0", MEMCG_OOM_KILL));
	/* kill(safe_pid, SIGKILL) succeeds: the oom_score_adj -1000 process lives */
	safe = test_workload_named(r.sim, "safe");
	CHECK(scn, "the -1000 process survives", safe->tasks[0]->state != TASK_DEAD, "it died");
	assert_true(wl_signal(&r, "other") != 0);
	sim_destroy(r.sim);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_memcg_min),
		cmocka_unit_test(test_memcg_low),
		cmocka_unit_test(test_memcg_high),
		cmocka_unit_test(test_memcg_high_sync),
		cmocka_unit_test(test_memcg_max),
		cmocka_unit_test(test_memcg_reclaim),
		cmocka_unit_test(test_memcg_swap_max),
		cmocka_unit_test(test_memcg_oom_events),
		cmocka_unit_test(test_memcg_oom_group_leaf_events),
		cmocka_unit_test(test_memcg_oom_group_parent_events),
		cmocka_unit_test(test_memcg_oom_group_score_events),
	};
	/* no variation, then three seeds with it */
	static const u64 seeds[] = { 0, 1, 2, 3 };
	int failed = 0;

	for (unsigned int i = 0; i < ARRAY_SIZE(seeds); i++) {
		run_seed = seeds[i];
		failed +=
			_cmocka_run_group_tests("selftests", tests, ARRAY_SIZE(tests), NULL, NULL);
	}
	if (nr_known_seen)
		print_message("%u known failure(s) of the kernel's selftest checks (see "
			      "known_failures[] in tests/test_selftests.c)\n",
			      nr_known_seen);
	return failed;
}

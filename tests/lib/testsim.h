/* SPDX-License-Identifier: MIT */
/*
 * testsim.h - what the tests that run whole simulations share.
 * Machine builders: a sim built from an INI string or a scenario file, a
 * one-node machine with zones of given sizes, its teardown, the memcg of a
 * name, a task charged to a memcg.  Figure helpers: a workload's figure, a
 * /proc/vmstat or memory.stat counter by name.  Every helper fails the
 * test on error, so callers get a usable object or never come back.
 */
#ifndef RECLAIMSIM_TESTSIM_H
#define RECLAIMSIM_TESTSIM_H

#include "testutil.h"

#include "reclaimsim/reclaimsim.h"
#include "mm/sim.h"
#include "config/reader.h"
#include "report/report.h"
#include "mm/internal.h"
#include "workload/workload.h"

/*
 * The tests' machines run without run-to-run variation (docs/model.md), so
 * that their figures are exact: test_sim_load and test_sim_run_file apply
 * this before the test's own settings.  A test of the variation turns it
 * on again (a "jitter" key in its INI text, or a --set after this one).
 */
#define TEST_NO_JITTER "run.jitter=off"

/*
 * Validate and create the scenario @s (on the heap; freed here, since
 * sim_create copies it).  @state as for test_sim_load.
 */
static inline struct sim *test_sim_create(void **state, struct scenario *s)
{
	char err[SCN_ERR_LEN] = "";
	struct sim *sim;

	if (scenario_validate(s, err, sizeof(err))) {
		free(s);
		fail_msg("scenario: %s", err);
	}
	sim = sim_create(s, err, sizeof(err));
	free(s);
	if (!sim)
		fail_msg("sim_create: %s", err);
	if (state)
		*state = sim;
	return sim;
}

/*
 * Load (from @ini if not NULL, else from the file @path), validate and
 * create; the scenario lives on the heap (it is large) only until
 * sim_create has copied it.  @state, if not NULL, gets the sim for
 * test_sim_teardown.
 */
static inline struct sim *test_sim_load(void **state, const char *path, const char *ini)
{
	struct scenario *s = calloc(1, sizeof(*s));
	char err[SCN_ERR_LEN] = "";
	int ret;

	assert_non_null(s);
	if (ini)
		ret = scenario_load_string(s, path, ini, err, sizeof(err));
	else
		ret = scenario_load(s, path, err, sizeof(err));
	if (!ret && !(ini && strstr(ini, "jitter")))
		ret = scenario_set(s, TEST_NO_JITTER, err, sizeof(err));
	if (ret) {
		free(s);
		fail_msg("scenario: %s", err);
	}
	return test_sim_create(state, s);
}

/*
 * The scenario file @rel of the source tree with the "section.key=value"
 * overrides @sets (NULL-terminated, may be NULL), run to its end.
 */
static inline struct sim *test_sim_run_file(const char *rel, const char *const *sets)
{
	struct scenario *s = calloc(1, sizeof(*s));
	char err[SCN_ERR_LEN] = "";
	struct sim *sim;

	assert_non_null(s);
	if (scenario_load(s, test_path(rel), err, sizeof(err)) ||
	    scenario_set(s, TEST_NO_JITTER, err, sizeof(err)))
		goto fail;
	for (; sets && *sets; sets++)
		if (scenario_set(s, *sets, err, sizeof(err)))
			goto fail;
	if (scenario_validate(s, err, sizeof(err)))
		goto fail;
	sim = sim_create(s, err, sizeof(err));
	free(s);
	if (!sim)
		fail_msg("sim_create: %s", err);
	sim_run(sim);
	return sim;
fail:
	free(s);
	fail_msg("%s: %s", rel, err);
	return NULL;
}

/* A sim from the INI text @ini, named @name in messages ("t.ini"). */
static inline struct sim *test_sim_from_text(void **state, const char *name, const char *ini)
{
	return test_sim_load(state, name, ini);
}

/* A sim from the scenario file @rel of the source tree (test_path). */
static inline struct sim *test_sim_from_file(const char *rel)
{
	return test_sim_load(NULL, test_path(rel), NULL);
}

/*
 * A booted machine, nothing run: one node whose zones DMA, DMA32 and
 * Normal manage @dma, @dma32 and @normal pages of 4 KiB (0: the zone is
 * absent), memory their sum.  @extra (may be NULL) is more INI text after
 * the [machine] section's zones line ("cpus = 2\n[sysctl]\n...").
 * @state as for test_sim_from_text.
 */
static inline struct sim *test_sim_zones(void **state, u64 dma, u64 dma32, u64 normal,
					 const char *extra)
{
	static const char *const names[] = { "DMA", "DMA32", "Normal" };
	const u64 pages[] = { dma, dma32, normal };
	char ini[1024];
	int n = snprintf(ini, sizeof(ini), "[machine]\nzones =");
	const char *sep = " ";

	for (unsigned int z = 0; z < 3; z++) {
		if (!pages[z])
			continue;
		n += snprintf(ini + n, sizeof(ini) - n, "%s%s:%llup", sep, names[z],
			      (unsigned long long)pages[z]);
		sep = ", ";
	}
	n += snprintf(ini + n, sizeof(ini) - n, "\n%s", extra ? extra : "");
	assert_true(n < (int)sizeof(ini));
	return test_sim_load(state, "zones.ini", ini);
}

/* cmocka teardown for tests that passed @state to test_sim_from_text. */
static inline int test_sim_teardown(void **state)
{
	sim_destroy(*state);
	*state = NULL;
	return 0;
}

/*
 * test_expect_scenario_error - @text (as "t.ini") must fail to load or
 * validate with exactly the message @msg.
 */
static inline void test_expect_scenario_error(const char *text, const char *msg)
{
	static struct scenario scn; /* large: not on the stack */
	char err[SCN_ERR_LEN] = "";
	int ret = scenario_load_string(&scn, "t.ini", text, err, sizeof(err));

	if (!ret)
		ret = scenario_validate(&scn, err, sizeof(err));
	if (!ret || strcmp(err, msg))
		print_error("expected: %s\n     got: %s\n", msg, err);
	assert_int_not_equal(ret, 0);
	assert_string_equal(err, msg);
}

/* A cmocka test whose sim (passed to test_sim_from_text) is destroyed after it. */
#define test_sim_unit_test(f) cmocka_unit_test_teardown(f, test_sim_teardown)

/* Run one writer (@call, writing to OUT) into @buf, a malloc'd string. */
#define CAPTURE(buf, call)                                 \
	do {                                               \
		size_t len_ = 0;                           \
		FILE *mf_ = open_memstream(&(buf), &len_); \
		assert_non_null(mf_);                      \
		call;                                      \
		assert_int_equal(fclose(mf_), 0);          \
	} while (0)
#define OUT mf_

static inline struct mem_cgroup *test_memcg_named(struct sim *sim, const char *name)
{
	struct mem_cgroup *memcg = mem_cgroup_by_name(sim, name);

	if (!memcg)
		fail_msg("no memcg %s", name);
	return memcg;
}

/* A user task in @memcg that never runs on the scheduler (tests step it
 * with test_call_step); RUNNING, as a task on a CPU. */
static inline struct task *test_task_in(struct sim *sim, struct mem_cgroup *memcg)
{
	struct task *t = task_create(sim, TASK_USER, "test", NULL);

	assert_non_null(t);
	t->memcg = memcg;
	t->state = TASK_RUNNING;
	return t;
}

/*
 * Kernel paths that may reclaim or sleep run in a task's coroutine.
 * test_call_start() makes fn(t, arg) the body of @t (a fresh coroutine);
 * test_call_step() runs one step of it, as the scheduler would, and
 * returns true once fn has returned.  A test wakes a sleeping task itself
 * (wake_up_task, then t->state = TASK_RUNNING) before the next step.
 */
typedef void (*test_call_fn)(struct task *t, void *arg);
struct test_call {
	test_call_fn fn;
	void *arg;
	bool done;
};

static inline void test_call_body(struct task *t)
{
	struct test_call *c = t->fn_arg;

	c->fn(t, c->arg);
	c->done = true;
}

static inline void test_call_start(struct task *t, struct test_call *c, test_call_fn fn, void *arg)
{
	coro_destroy(&t->co);
	*c = (struct test_call){ fn, arg, false };
	t->fn = test_call_body;
	t->fn_arg = c;
}

static inline bool test_call_step(struct task *t)
{
	struct test_call *c = t->fn_arg;

	if (!c->done)
		task_run_step(t);
	return c->done;
}

/* A direct (memcg NULL) or limit reclaim run by a test, and its result. */
struct test_reclaim {
	struct test_call call;
	struct mem_cgroup *memcg;
	unsigned long nr_pages;
	unsigned long nr_reclaimed;
	bool all_unreclaimable;
};

static inline void test_reclaim_fn(struct task *t, void *arg)
{
	struct test_reclaim *r = arg;

	if (r->memcg)
		r->nr_reclaimed = try_to_free_mem_cgroup_pages(t, r->memcg, r->nr_pages, true);
	else
		r->nr_reclaimed = try_to_free_pages(t, 0, ZONE_MOVABLE, &r->all_unreclaimable);
}

/*
 * Enter try_to_free_pages (@memcg NULL) or try_to_free_mem_cgroup_pages
 * of @nr_pages in @t: the first step, up to the allocator's cond_resched
 * before the reclaim proper (start time taken, counted as a reclaimer
 * unless the 2008 throttle decides that later).
 */
static inline void test_reclaim_start(struct task *t, struct test_reclaim *r,
				      struct mem_cgroup *memcg, unsigned long nr_pages)
{
	r->memcg = memcg;
	r->nr_pages = nr_pages;
	r->nr_reclaimed = 0;
	test_call_start(t, &r->call, test_reclaim_fn, r);
	assert_false(test_call_step(t));
}

/* The workload of the scenario's [workload NAME]; fails the test if there is none. */
static inline struct workload_inst *test_workload_named(struct sim *sim, const char *name)
{
	for (unsigned int i = 0; i < sim->nr_workloads; i++)
		if (!strcmp(sim->workloads[i].cfg->name, name))
			return &sim->workloads[i];
	fail_msg("no workload %s", name);
	return NULL;
}

/* A workload's reported figure by name; fails the test if it is missing. */
static inline double test_figure(const struct workload_inst *wl, const char *name)
{
	for (unsigned int i = 0; i < wl->nr_figures; i++)
		if (!strcmp(wl->figures[i].name, name))
			return wl->figures[i].value;
	fail_msg("no figure %s", name);
	return 0;
}

/*
 * The @k-th task @wl's tasks forked (wl_fork), in the order they were
 * made (the engine's task list), or NULL when it does not exist (yet).
 */
static inline struct task *test_forked_task(struct sim *sim, const struct workload_inst *wl,
					    unsigned int k)
{
	for (unsigned int i = 0; i < sim->eng.nr_tasks; i++) {
		struct task *t = sim->eng.tasks[i];
		bool started = false;

		for (unsigned int j = 0; j < wl->nr_tasks; j++)
			started |= wl->tasks[j] == t;
		if (t->wl == wl && !started && !k--)
			return t;
	}
	return NULL;
}

/* Workload @wl_name's figure @name (test_workload_named, test_figure). */
static inline double test_workload_figure(struct sim *sim, const char *wl_name, const char *name)
{
	return test_figure(test_workload_named(sim, wl_name), name);
}

/*
 * The value of the "NAME VALUE" line @name in @text (a /proc file as the
 * report writes it); fails the test if there is no such line.
 */
static inline u64 test_proc_counter(const char *text, const char *what, const char *name)
{
	size_t n = strlen(name);
	const char *l = text;

	while (l && *l) {
		if (!strncmp(l, name, n) && l[n] == ' ')
			return strtoull(l + n + 1, NULL, 10);
		l = strchr(l, '\n');
		if (l)
			l++;
	}
	fail_msg("%s: no counter %s", what, name);
	return 0;
}

/* /proc/vmstat now, as `reclaimsim vmstat` prints it; the caller frees it. */
static inline char *test_vmstat_text(const struct sim *sim)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	report_vmstat(f, sim);
	assert_int_equal(fclose(f), 0);
	return text;
}

/* /proc/vmstat's counter @name now, as `reclaimsim vmstat` prints it. */
static inline u64 test_vmstat(const struct sim *sim, const char *name)
{
	char *text = test_vmstat_text(sim);
	u64 v = test_proc_counter(text, "vmstat", name);

	free(text);
	return v;
}

/* Whether /proc/vmstat prints a line for counter @name (some are per kernel). */
static inline bool test_vmstat_has(const struct sim *sim, const char *name)
{
	char *text = test_vmstat_text(sim);
	size_t n = strlen(name);
	const char *l = text;
	bool has = false;

	while (l && *l && !has) {
		has = !strncmp(l, name, n) && l[n] == ' ';
		l = strchr(l, '\n');
		if (l)
			l++;
	}
	free(text);
	return has;
}

/* memory.stat's counter @name of the cgroup @cgroup ("/" the root) now. */
static inline u64 test_memory_stat(struct sim *sim, const char *cgroup, const char *name)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	u64 v;

	assert_non_null(f);
	report_memory_stat(f, sim, test_memcg_named(sim, cgroup));
	assert_int_equal(fclose(f), 0);
	v = test_proc_counter(text, "memory.stat", name);
	free(text);
	return v;
}

/* The free pages of node @nid, every zone. */
static inline u64 test_node_free(const struct sim *sim, unsigned int nid)
{
	u64 free = 0;

	for (int z = 0; z < MAX_NR_ZONES; z++)
		free += (u64)zone_page_state(&sim->nodes[nid].node_zones[z], NR_FREE_PAGES);
	return free;
}

/* The managed pages of node @nid, every zone. */
static inline u64 test_node_managed(const struct sim *sim, unsigned int nid)
{
	u64 managed = 0;

	for (int z = 0; z < MAX_NR_ZONES; z++)
		managed += zone_managed_pages(&sim->nodes[nid].node_zones[z]);
	return managed;
}

#endif

/* SPDX-License-Identifier: MIT */
/*
 * testsim.h - what the tests that run whole simulations share: a sim
 * built from an INI string or a scenario file, its teardown, the memcg
 * of a name, a task charged to a memcg.  Every helper fails the test on
 * error, so callers get a usable object or never come back.
 */
#ifndef RECLAIMSIM_TESTSIM_H
#define RECLAIMSIM_TESTSIM_H

#include "testutil.h"

#include "reclaimsim/reclaimsim.h"
#include "mm/internal.h"
#include "workload/workload.h"

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
	struct sim *sim;
	int ret;

	assert_non_null(s);
	if (ini)
		ret = scenario_load_string(s, path, ini, err, sizeof(err));
	else
		ret = scenario_load(s, path, err, sizeof(err));
	if (ret || scenario_validate(s, err, sizeof(err))) {
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
 * The scenario file @rel of the source tree with the "section.key=value"
 * overrides @sets (NULL-terminated, may be NULL), run to its end.
 */
static inline struct sim *test_sim_run_file(const char *rel, const char *const *sets)
{
	struct scenario *s = calloc(1, sizeof(*s));
	char err[SCN_ERR_LEN] = "";
	struct sim *sim;

	assert_non_null(s);
	if (scenario_load(s, test_path(rel), err, sizeof(err)))
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

/* cmocka teardown for tests that passed @state to test_sim_from_text. */
static inline int test_sim_teardown(void **state)
{
	sim_destroy(*state);
	*state = NULL;
	return 0;
}

/* A cmocka test whose sim (passed to test_sim_from_text) is destroyed after it. */
#define test_sim_unit_test(f)	cmocka_unit_test_teardown(f, test_sim_teardown)

static inline struct mem_cgroup *test_memcg_named(struct sim *sim, const char *name)
{
	for (unsigned int i = 0; i < sim->nr_memcgs; i++)
		if (!strcmp(sim->memcgs[i]->name, name))
			return sim->memcgs[i];
	fail_msg("no memcg %s", name);
	return NULL;
}

/* A user task in @memcg that never runs on the scheduler; RUNNING so that
 * reclaim_step() does not take it for a sleeper. */
static inline struct task *test_task_in(struct sim *sim, struct mem_cgroup *memcg)
{
	struct task *t = task_create(sim, TASK_USER, "test", NULL);

	assert_non_null(t);
	t->memcg = memcg;
	t->state = TASK_RUNNING;
	return t;
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

#endif

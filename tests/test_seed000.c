// SPDX-License-Identifier: MIT
/*
 * test_seed000.c - seed 000's A/B runs on the embedded board: with swap
 * (scenarios/seed000-embedded-swap-240.ini) the 2008 reclaim throttle
 * must cut the parallel reclaimers to its limit, make hackbench faster
 * and cut the major faults, as the seed reports (121.7 s -> 67.8 s,
 * 230 -> 16 major faults); without swap 200 tasks complete under both
 * policies and 240 tasks end in an OOM kill without the throttle and
 * complete with it.  Bands, not the seed's exact figures: the board's
 * task sizes are estimates.
 */
#include "testsim.h"


/* Run @scenario with the throttle policy and the NULL-ended @sets. */
static struct sim *run_sets(const char *scenario, const char *policy, const char *const *sets)
{
	static struct scenario s;
	char err[SCN_ERR_LEN], set[64];
	struct sim *sim;

	snprintf(set, sizeof(set), "policy.reclaim_throttle=%s", policy);
	if (scenario_load(&s, test_path(scenario), err, sizeof(err)) ||
	    scenario_set(&s, set, err, sizeof(err)))
		fail_msg("%s", err);
	for (; sets && *sets; sets++)
		if (scenario_set(&s, *sets, err, sizeof(err)))
			fail_msg("%s", err);
	if (scenario_validate(&s, err, sizeof(err)))
		fail_msg("%s", err);
	sim = sim_create(&s, err, sizeof(err));
	if (!sim)
		fail_msg("%s", err);
	sim_run(sim);
	return sim;
}

static struct sim *run_policy(const char *scenario, const char *policy)
{
	return run_sets(scenario, policy, NULL);
}

static void test_embedded_swap_throttle(void **state)
{
	static const char scn[] = "scenarios/seed000-embedded-swap-240.ini";
	struct sim *none = run_policy(scn, "none"), *global = run_policy(scn, "global");
	const struct workload_inst *a = &none->workloads[0], *b = &global->workloads[0];

	assert_true(a->ended && b->ended);
	assert_int_equal(none->reclaim.oom_kills + global->reclaim.oom_kills, 0);
	/* hundreds of tasks in try_to_free_pages at once, or the limit (2 x 1 node) */
	assert_true(none->reclaim.max_parallel_reclaimers >= 50);
	assert_true(global->reclaim.max_parallel_reclaimers <= 2);
	/* throttled: hackbench faster, fewer major faults */
	assert_true(test_figure(b, "time_s") < 0.75 * test_figure(a, "time_s"));
	assert_true(b->maj_flt * 2 < a->maj_flt);
	sim_destroy(none);
	sim_destroy(global);
}

/* 200 tasks without swap: both complete, the throttle is no slower */
static void test_embedded_noswap_200(void **state)
{
	static const char scn[] = "scenarios/seed000-embedded-noswap-200.ini";
	struct sim *none = run_policy(scn, "none"), *global = run_policy(scn, "global");
	const struct workload_inst *a = &none->workloads[0], *b = &global->workloads[0];

	assert_true(a->ended && b->ended);
	assert_int_equal(none->reclaim.oom_kills + global->reclaim.oom_kills, 0);
	assert_true(test_figure(a, "broken") == 0 && test_figure(b, "broken") == 0);
	assert_true(test_figure(a, "time_s") > 0.5);
	assert_true(test_figure(b, "time_s") <= test_figure(a, "time_s"));
	assert_true(global->reclaim.max_parallel_reclaimers <= 2);
	sim_destroy(none);
	sim_destroy(global);
}

/*
 * 240 tasks without swap: without the throttle the parallel reclaimers
 * scan the zone six times over between frees, kswapd marks it
 * all_unreclaimable and the allocator OOM-kills (hackbench breaks off);
 * with it hackbench completes without a kill.
 */
static void test_embedded_noswap_240(void **state)
{
	static const char scn[] = "scenarios/seed000-embedded-noswap-240.ini";
	struct sim *none = run_policy(scn, "none"), *global = run_policy(scn, "global");
	const struct workload_inst *a = &none->workloads[0], *b = &global->workloads[0];

	assert_true(a->ended && b->ended);
	assert_true(none->reclaim.oom_kills >= 1);
	assert_true(test_figure(a, "broken") == 1);
	assert_true(none->reclaim.max_parallel_reclaimers >= 50);
	assert_int_equal(global->reclaim.oom_kills, 0);
	assert_true(test_figure(b, "broken") == 0);
	assert_true(test_figure(b, "time_s") > 0.5);
	assert_true(global->reclaim.max_parallel_reclaimers <= 2);
	sim_destroy(none);
	sim_destroy(global);
}

/*
 * The IA64 run inside a memory cgroup (scenarios/seed000-ia64-memcg.ini),
 * scaled down to 1 GB with a 768 MB limit, 256 MB of swap and 12 groups:
 * limit reclaim does the work and both policies complete; the throttle's
 * waiters test the memcg's margin, not the zone watermarks.
 */
static void test_ia64_memcg_scaled(void **state)
{
	static const char scn[] = "scenarios/seed000-ia64-memcg.ini";
	static const char *const sets[] = {
		"machine.memory=1G", "machine.swap=256M", "cgroup.box.limit=768M",
		"workload.hackbench.groups=12", "workload.hackbench.loops=100", NULL,
	};
	struct sim *none = run_sets(scn, "none", sets), *global = run_sets(scn, "global", sets);
	const struct workload_inst *a = &none->workloads[0], *b = &global->workloads[0];

	assert_true(a->ended && b->ended);
	assert_int_equal(none->reclaim.oom_kills + global->reclaim.oom_kills, 0);
	assert_true(test_figure(a, "broken") == 0 && test_figure(b, "broken") == 0);
	assert_true(none->memcgs[1]->memory.failcnt > 0 && global->memcgs[1]->memory.failcnt > 0);
	assert_true(none->reclaim.max_parallel_reclaimers >= 50);
	assert_true(global->reclaim.max_parallel_reclaimers <= 2);
	assert_true(test_figure(b, "time_s") < test_figure(a, "time_s"));
	sim_destroy(none);
	sim_destroy(global);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_embedded_swap_throttle),
		cmocka_unit_test(test_embedded_noswap_200),
		cmocka_unit_test(test_embedded_noswap_240),
		cmocka_unit_test(test_ia64_memcg_scaled),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

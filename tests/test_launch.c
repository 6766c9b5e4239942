// SPDX-License-Identifier: MIT
/*
 * test_launch.c - what the oracle's programs pay beside their own work:
 * the launcher's write to cgroup.procs (launch = attach: an RCU grace
 * period unless the rcu_sync is still passed, src/kernel/cgroup.c) and
 * anonfill's phase lines (the group's files, /proc/vmstat and the smaps
 * walk per resident page) and its working-set-dependent touch cost.
 */
#include "testsim.h"

static u64 elapsed(struct sim *sim, const char *name)
{
	return workload_totals(sim, test_workload_named(sim, name)).elapsed_ns;
}

/*
 * Tiny anon_fill programs started at 0, 5, 15 and 100 ms, each attached
 * (but one) with a 10 ms grace period: the first waits a whole period;
 * the second, entering while it runs, waits for the same period; the one
 * at 15 ms finds the rcu_sync passed (the last attach left at 10 ms, idle
 * at 20 ms) and does not wait; the one at 100 ms finds it idle again.
 */
static void test_attach_waits_for_the_grace_period(void **state)
{
	static const char wl[] = "type = anon_fill\nsize = 64K\npasses = 0\nprogram_text = 0\n";
	char ini[1024];
	struct sim *sim;
	u64 own;

	snprintf(ini, sizeof(ini),
		 "[machine]\ncpus = 4\nmemory = 256M\nswap = 0\n"
		 "[cost]\nrcu_gp_ns = 10ms\n"
		 "[workload plain]\n%s"
		 "[workload first]\n%slaunch = attach\n"
		 "[workload second]\n%slaunch = attach\nstart = 5ms\n"
		 "[workload passed]\n%slaunch = attach\nstart = 15ms\n"
		 "[workload idle]\n%slaunch = attach\nstart = 100ms\n",
		 wl, wl, wl, wl, wl);
	sim = test_sim_from_text(state, "t.ini", ini);
	sim_run(sim);
	own = elapsed(sim, "plain");
	assert_true(own < 1000 * 1000);
	assert_int_equal(elapsed(sim, "first"), 10 * 1000 * 1000 + own);
	assert_int_equal(elapsed(sim, "second"), 5 * 1000 * 1000 + own);
	assert_int_equal(elapsed(sim, "passed"), own);
	assert_int_equal(elapsed(sim, "idle"), 10 * 1000 * 1000 + own);
}

/*
 * anon_fill's run of 1024 pages, 2 passes, one CPU: phase_line_ns,
 * smaps_ns and smaps_page_ns @line, @smaps and @page; both touch costs
 * @cached and @touch; user_touch_cache @cache
 */
static u64 fill_ns(const char *line, const char *smaps, const char *page, const char *cached,
		   const char *touch, const char *cache)
{
	char ini[1024];
	struct sim *sim;
	u64 ns;

	snprintf(ini, sizeof(ini),
		 "[machine]\ncpus = 1\nmemory = 256M\nswap = 0\n"
		 "[cost]\nphase_line_ns = %s\nsmaps_ns = %s\nsmaps_page_ns = %s\n"
		 "user_touch_cached_ns = %s\nuser_touch_ns = %s\nuser_touch_cache = %s\n"
		 "[workload a]\ntype = anon_fill\nsize = 4M\npasses = 2\nprogram_text = 0\n"
		 "phase_lines = on\n",
		 line, smaps, page, cached, touch, cache);
	sim = test_sim_from_text(NULL, "t.ini", ini);
	sim_run(sim);
	ns = elapsed(sim, "a");
	sim_destroy(sim);
	return ns;
}

/*
 * Four phase lines (start, fill, two passes), three with smaps, each
 * walking the 1024 resident pages; and 3 x 1024 touches of a 4 MiB region
 * at user_touch_cached_ns while it is no larger than user_touch_cache,
 * else at user_touch_ns.
 */
static void test_anon_fill_phase_lines_and_touches(void **state)
{
	u64 base = fill_ns("0", "0", "0", "10ns", "20ns", "4M");

	(void)state;
	assert_int_equal(fill_ns("100us", "0", "0", "10ns", "20ns", "4M"), base + 4 * 100000);
	assert_int_equal(fill_ns("0", "1ms", "0", "10ns", "20ns", "4M"), base + 3 * 1000000);
	assert_int_equal(fill_ns("0", "0", "1us", "10ns", "20ns", "4M"), base + 3 * 1024 * 1000);
	assert_int_equal(fill_ns("0", "0", "0", "10ns", "20ns", "4095K"), base + 3 * 1024 * 10);
	assert_int_equal(fill_ns("0", "0", "0", "20ns", "20ns", "4M"), base + 3 * 1024 * 10);
}

/* anon_fill's run as fill_ns()'s, all costs 0 but exec_ns @exec, phase_lines @lines */
static u64 fill_exec_ns(const char *exec, const char *lines)
{
	char ini[1024];
	struct sim *sim;
	u64 ns;

	snprintf(ini, sizeof(ini),
		 "[machine]\ncpus = 1\nmemory = 256M\nswap = 0\n"
		 "[cost]\nexec_ns = %s\n"
		 "[workload a]\ntype = anon_fill\nsize = 4M\npasses = 2\nprogram_text = 0\n"
		 "phase_lines = %s\n",
		 exec, lines);
	sim = test_sim_from_text(NULL, "t.ini", ini);
	sim_run(sim);
	ns = elapsed(sim, "a");
	sim_destroy(sim);
	return ns;
}

/*
 * The oracle's anonfill (phase_lines = on) is an exec'd program: its
 * start costs exec_ns once; anon_fill as a task of a scenario does not.
 */
static void test_anon_fill_exec(void **state)
{
	(void)state;
	assert_int_equal(fill_exec_ns("2ms", "on"), fill_exec_ns("0", "on") + 2000000);
	assert_int_equal(fill_exec_ns("2ms", "off"), fill_exec_ns("0", "off"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_attach_waits_for_the_grace_period,
					  test_sim_teardown),
		cmocka_unit_test(test_anon_fill_phase_lines_and_touches),
		cmocka_unit_test(test_anon_fill_exec),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

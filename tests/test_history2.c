// SPDX-License-Identifier: MIT
/*
 * test_history2.c - more kernel history as keys (test_history.c's
 * companion): vm.zone_reclaim_mode and node_reclaim with node distances
 * and tasks bound to a node; 2.6.32's OOM under a huge min_free_kbytes;
 * 3.x's memcg charge retries.
 */
#include "testsim.h"

#include "report/report.h"
#include "workload/workload.h"

/*
 * zone_reclaim_mode on by default before 3.16
 * (scenarios/zone-reclaim-3.15-vs-3.16.ini: two 1 GiB nodes 31 apart, a
 * reader bound to node 0 reading 1.5 GiB twice, no swap).  3.15's boot
 * (zone_reclaim_boot = distance: 31 > RECLAIM_DISTANCE 30) turns it on,
 * and node_reclaim takes node 0's own page cache for every page while
 * node 1 stays entirely free (262,144 of 262,144 pages): 536,000 pages
 * scanned and reclaimed, both passes read from disk (3 GiB of pgpgin).
 * 3.16 (4f9b16a64753) leaves it off: the cache spills to node 1, nothing
 * is reclaimed and the second pass hits (1.5 GiB read).  v6.12's
 * node-based node_reclaim with the sysctl set by hand does as 3.15 (a
 * few large readahead folios, which need 2^order pages back at once, go
 * to node 1); bound to node 1 the reader reclaims node 1 and leaves node
 * 0 free; a min_unmapped_ratio of 100 leaves node_reclaim nothing it may
 * take (NODE_RECLAIM_FULL), so the allocator spills as 3.16's.
 */
static void test_zone_reclaim_boot(void **state)
{
	static const char *const old[] = { "policy.zone_reclaim_boot=distance", NULL };
	static const char *const new[] = { "policy.zone_reclaim_boot=off", NULL };
	static const char *const v612[] = { "policy.kernel=6.12", "sysctl.zone_reclaim_mode=1",
					    NULL };
	static const char *const node1[] = { "workload.reader.node=1", NULL };
	static const char *const ratio[] = { "sysctl.min_unmapped_ratio=100", NULL };
	const char *path = "scenarios/zone-reclaim-3.15-vs-3.16.ini";
	struct sim *sim = test_sim_run_file(path, old);

	assert_int_equal(sim->node_reclaim_mode, RECLAIM_ZONE);
	assert_int_equal(test_vmstat(sim, "pgscan_direct"), 536000);
	assert_int_equal(test_vmstat(sim, "pgsteal_direct"), 536000);
	assert_int_equal(test_vmstat(sim, "zone_reclaim_failed"), 0);
	assert_int_equal(test_vmstat(sim, "pgpgin"), 3145728);
	assert_int_equal(test_node_managed(sim, 1), 262144);
	assert_int_equal(test_node_free(sim, 1), 262144);
	assert_int_equal(test_node_free(sim, 0), 11612);
	sim_destroy(sim);

	sim = test_sim_run_file(path, new);
	assert_int_equal(sim->node_reclaim_mode, 0);
	assert_int_equal(test_vmstat(sim, "pgscan_direct"), 0);
	assert_false(test_vmstat_has(sim, "zone_reclaim_failed"));
	assert_int_equal(test_vmstat(sim, "pgpgin"), 1572864);
	assert_int_equal(test_node_free(sim, 1), 119451);
	assert_int_equal(test_node_free(sim, 0), 11562);
	sim_destroy(sim);

	sim = test_sim_run_file(path, v612);
	assert_int_equal(test_vmstat(sim, "pgscan_direct"), 537248);
	assert_int_equal(test_vmstat(sim, "pgpgin"), 3142328);
	assert_int_equal(test_node_free(sim, 1), 256159);
	sim_destroy(sim);

	sim = test_sim_run_file(path, node1);
	assert_int_equal(test_vmstat(sim, "pgscan_direct"), 518560);
	assert_int_equal(test_node_free(sim, 0), 249155);
	assert_int_equal(test_node_free(sim, 1), 10579);
	sim_destroy(sim);

	sim = test_sim_run_file(path, ratio);
	assert_int_equal(test_vmstat(sim, "pgscan_direct"), 0);
	assert_int_equal(test_vmstat(sim, "pgpgin"), 1572864);
	assert_int_equal(test_node_free(sim, 1), 119451);
	sim_destroy(sim);
	(void)state;
}

/* The boot's zone_reclaim_mode for @kernel, @distance ("" = none) and @mode. */
static unsigned int boot_mode(const char *kernel, const char *distance, const char *mode)
{
	char ini[512];
	struct sim *sim;
	unsigned int ret;

	snprintf(ini, sizeof(ini),
		 "[machine]\ncpus = 2\nnodes = 2\nmemory = 64M\n%s%s\n"
		 "[sysctl]\nzone_reclaim_mode = %s\n[policy]\nkernel = %s\n",
		 *distance ? "node_distance = " : "", distance, mode, kernel);
	sim = test_sim_from_text(NULL, "t.ini", ini);
	ret = sim->node_reclaim_mode;
	sim_destroy(sim);
	return ret;
}

/*
 * The boot rule: on when a node is farther than RECLAIM_DISTANCE, 20
 * before 3.0 and 30 since (32e45ff43eaf), never from 3.16; without a
 * SLIT every remote node is 20 away, so no profile turns it on.  A value
 * set is kept whatever the kernel.
 */
static void test_zone_reclaim_boot_rule(void **state)
{
	assert_int_equal(boot_mode("2.6.32", "", "auto"), 0);
	assert_int_equal(boot_mode("2.6.32", "10 21 | 21 10", "auto"), 1);
	assert_int_equal(boot_mode("3.10", "10 21 | 21 10", "auto"), 0);
	assert_int_equal(boot_mode("3.10", "10 31 | 31 10", "auto"), 1);
	assert_int_equal(boot_mode("3.10", "10 21 | 31 10", "auto"), 1);
	assert_int_equal(boot_mode("4.2", "10 31 | 31 10", "auto"), 0);
	assert_int_equal(boot_mode("6.12", "10 255 | 255 10", "auto"), 0);
	assert_int_equal(boot_mode("6.12", "", "6"), 6);
	assert_int_equal(boot_mode("2.6.32", "10 21 | 21 10", "0"), 0);
	(void)state;
}

/* Impossible distances and bindings name the file, line and key. */
static void test_node_input_errors(void **state)
{
	test_expect_scenario_error(
		"[machine]\nnodes = 2\nnode_distance = 10 20 | 20 11\n",
		"t.ini:3: [machine] node_distance: node 1 to itself is 11, not 10 (LOCAL_DISTANCE)");
	test_expect_scenario_error(
		"[machine]\nnodes = 2\nnode_distance = 10 10 | 20 10\n",
		"t.ini:3: [machine] node_distance: node 0 to node 1 is 10, not above 10 (a remote node is farther than the local one; valid 11..255)");
	test_expect_scenario_error(
		"[machine]\nnodes = 3\nnode_distance = 10 20 | 20 10\n",
		"t.ini:3: [machine] node_distance: 2 rows for 3 nodes (one a node)");
	test_expect_scenario_error(
		"[machine]\nnodes = 2\nnode_distance = 10 20 | 20\n",
		"t.ini:3: [machine] node_distance: row 1 has 1 distances for 2 nodes");
	test_expect_scenario_error(
		"[machine]\nnodes = 2\nnode_distance = 10 256 | 20 10\n",
		"t.ini:3: [machine] node_distance: row 0: 256 out of range (0..255)");
	test_expect_scenario_error(
		"[machine]\nnodes = 2\ncpus = 2\n[workload r]\ntype = file_read\nsize = 1M\nnode = 2\n",
		"t.ini:7: [workload r] node: 2 is not a node of the machine's 2");
	test_expect_scenario_error(
		"[machine]\nnodes = 2\ncpus = 1\n[workload r]\ntype = file_read\nsize = 1M\nnode = 1\n",
		"t.ini:7: [workload r] node: node 1 has no CPU (1 CPUs on 2 nodes: CPU c is on node c x nodes / cpus)");
	test_expect_scenario_error(
		"[sysctl]\nzone_reclaim_mode = -1\n",
		"t.ini:2: [sysctl] zone_reclaim_mode: '-1' is not auto or 0..2147483647");
	test_expect_scenario_error("[workload r]\ntype = file_read\nsize = 1M\nnode = x\n",
				   "t.ini:4: [workload r] node: 'x' is not any or a node 0..63");
	(void)state;
}

/*
 * A huge min_free_kbytes on a small 2.6.32 VM
 * (scenarios/min-free-huge-2.6.32.ini: 512 MiB, min 480 MiB, no swap, a
 * 16 MiB program growing its heap).  2.6.32's zone-based kswapd
 * (kswapd_balance = zones_all) marks the zones all_unreclaimable after
 * 284 pages scanned and none freed (250 while its sweeps stopped at
 * priority 1, where 2.6.32's go down to 0; 194 before scan_batch = saved, its
 * get_scan_count's batching of small counts), the first direct reclaim reports no
 * progress and `app` is OOM-killed at 0.12 s with 3,810 heap pages, as
 * the memory above min runs out.  With v4.8's node kswapd, which the
 * profile used before (and without scan_batch), the program thrashes on
 * its text instead: no
 * kill in 60 s, 25 passes, 51 major faults, 127 direct reclaims taking
 * 5,979 pages back (28 passes, 86 faults, 91 reclaims and 4,128 pages
 * while kswapd napped HZ/10 before sleeping and skipped its balance nap
 * below min, as 2.6.33 brought; 85 faults and 4,197 pages before a block
 * request cost CPU; 92 reclaims and 4,090 pages before lru_lock_ns was
 * measured).
 */
static void test_min_free_huge(void **state)
{
	static const char *const old[] = { "policy.kswapd_balance=node", "policy.scan_batch=none",
					   NULL };
	const char *path = "scenarios/min-free-huge-2.6.32.ini";
	struct sim *sim = test_sim_run_file(path, NULL);
	const struct workload_inst *app = test_workload_named(sim, "app");

	assert_int_equal(sim->scn.policy.kswapd_balance, KSWAPD_BALANCE_ZONES_ALL);
	assert_int_equal(test_vmstat(sim, "oom_kill"), 1);
	assert_int_equal(app->exit_signal, 9);
	assert_int_equal(test_vmstat(sim, "allocstall_movable"), 1);
	assert_int_equal(test_vmstat(sim, "pgscan_kswapd"), 284);
	assert_int_equal(test_vmstat(sim, "pgsteal_kswapd") + test_vmstat(sim, "pgsteal_direct"),
			 0);
	assert_true(test_figure(app, "heap_pages") == 3810);
	assert_true(sim->eng.now < NSEC_PER_SEC / 8);
	sim_destroy(sim);

	sim = test_sim_run_file(path, old);
	app = test_workload_named(sim, "app");
	assert_int_equal(test_vmstat(sim, "oom_kill"), 0);
	assert_int_equal(app->exit_signal, 0);
	assert_int_equal(test_vmstat(sim, "allocstall_movable"), 127);
	assert_int_equal(test_vmstat(sim, "pgmajfault"), 51);
	assert_int_equal(test_vmstat(sim, "pgsteal_direct"), 5979);
	assert_true(test_figure(app, "passes") == 25);
	assert_int_equal(sim->eng.now, 60 * NSEC_PER_SEC);
	sim_destroy(sim);
	(void)state;
}

/*
 * The memcg charge's retries after limit reclaim, on the 3.5 side of
 * scenarios/memcg-dirty-oom-3.5-vs-3.6.ini (memcg reclaim keeps the
 * pages under writeback): 3.x mem_cgroup_do_charge retries at once while
 * reclaim frees anything and OOMs after 5 fruitless reclaims: dd killed
 * at 0.057 s, 95,202 pages scanned; v6.12's try_charge_memcg (16
 * retries, a stock drain) at 0.152 s, 285,606 scanned (0.036 and 0.089 s
 * before lru_lock_ns was measured: each page scanned pays its isolation
 * and putback, 150 ns each); 2.6.25's
 * mem_cgroup_charge_common naps HZ/10 before each of its 5 retries and
 * the disk catches up: no OOM, all 65,536 pages written in 56.3 s.
 */
static void test_memcg_charge_retry(void **state)
{
	static const char *const v3[] = { "policy.memcg_writeback_wait=none", NULL };
	static const char *const v6[] = { "policy.memcg_writeback_wait=none",
					  "policy.memcg_charge_retry=try_charge_memcg", NULL };
	static const char *const v2[] = { "policy.memcg_writeback_wait=none",
					  "policy.memcg_charge_retry=mem_cgroup_charge_common",
					  NULL };
	const char *path = "scenarios/memcg-dirty-oom-3.5-vs-3.6.ini";
	struct sim *sim = test_sim_run_file(path, v3);
	const struct workload_inst *dd = test_workload_named(sim, "dd");

	assert_int_equal(sim->scn.policy.memcg_charge, MEMCG_CHARGE_DO_CHARGE);
	assert_int_equal(dd->exit_signal, 9);
	assert_int_equal(test_vmstat(sim, "pgscan_file"), 95202);
	assert_true(test_figure(dd, "pages_written") == 8192 - 256); /* less dd's buffer */
	assert_int_equal(sim->eng.now / 1000000, 56);
	sim_destroy(sim);

	sim = test_sim_run_file(path, v6);
	dd = test_workload_named(sim, "dd");
	assert_int_equal(dd->exit_signal, 9);
	assert_int_equal(test_vmstat(sim, "pgscan_file"), 285606);
	assert_int_equal(sim->eng.now / 1000000, 152);
	sim_destroy(sim);

	sim = test_sim_run_file(path, v2);
	dd = test_workload_named(sim, "dd");
	assert_int_equal(dd->exit_signal, 0);
	assert_true(test_figure(dd, "pages_written") == 65536);
	assert_int_equal(test_memcg_named(sim, "box")->memory_events[MEMCG_OOM], 0);
	sim_destroy(sim);
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_zone_reclaim_boot),
		cmocka_unit_test(test_zone_reclaim_boot_rule),
		cmocka_unit_test(test_node_input_errors),
		cmocka_unit_test(test_min_free_huge),
		cmocka_unit_test(test_memcg_charge_retry),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

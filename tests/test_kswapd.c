// SPDX-License-Identifier: MIT
/*
 * test_kswapd.c - kswapd's balance_pgdat across kernels: the nap after a
 * pass in trouble (kswapd_nap: every pass before 2.6.33, skipped while a
 * zone is below min in 2.6.33..3.7, none from 3.9); zone-based balancing
 * before 4.8 (kswapd_balance) and the balance gap before 2.6.38
 * (kswapd_balance_gap), on a small top zone; how kswapd goes to sleep
 * after a balance (kswapd_short_sleep: at once before 2.6.33).
 */
#include "testsim.h"

struct kswapd_run {
	u64 pageoutrun, steal_kswapd, steal_direct, skip;
	bool skip_printed;
};

/*
 * seed 002's dd, scaled down (tests/data/seed002-small.ini: 512 MiB
 * through a 128 MiB 3.10 machine's page cache), with kswapd's nap @nap
 * and 3.10's reclaim_sleep = congestion_wait.  Node-based balancing: its
 * priority falls below DEF_PRIORITY - 2 while dd streams, where 3.10's
 * zone-based sweeps end at DEF_PRIORITY, each having reclaimed
 * SWAP_CLUSTER_MAX pages, and never reach the nap.
 */
static struct kswapd_run run_nap(const char *nap)
{
	char set[64];
	const char *sets[] = { set, "policy.kswapd_balance=node", NULL };
	struct kswapd_run r;
	struct sim *sim;

	snprintf(set, sizeof(set), "policy.kswapd_nap=%s", nap);
	sim = test_sim_run_file("tests/data/seed002-small.ini", sets);
	assert_true(sim->workloads[0].ended);
	r.pageoutrun = test_vmstat(sim, "pageoutrun");
	r.steal_kswapd = test_vmstat(sim, "pgsteal_kswapd");
	r.steal_direct = test_vmstat(sim, "pgsteal_direct");
	r.skip_printed = test_vmstat_has(sim, "kswapd_skip_congestion_wait");
	r.skip = sim->vm_events[KSWAPD_SKIP_CONGESTION_WAIT];
	sim_destroy(sim);
	print_message(
		"kswapd_nap = %s: pageoutrun %llu, pgsteal kswapd %llu direct %llu, skip %llu\n",
		nap, (unsigned long long)r.pageoutrun, (unsigned long long)r.steal_kswapd,
		(unsigned long long)r.steal_direct, (unsigned long long)r.skip);
	return r;
}

/*
 * The flusher keeps the queue congested while dd streams, so each nap
 * lasts the whole HZ/10.  Napping after every pass in trouble (before
 * 2.6.33), kswapd sleeps through most of the run and dd reclaims a large
 * share of its pages itself; 2.6.33's kswapd skips the nap whenever a
 * zone is below min (dd's allocations keep DMA32 there), so dd reclaims
 * less; 3.9+'s kswapd never naps and keeps up, dd reclaiming next to
 * nothing.  Only above_min prints (and counts) kswapd_skip_congestion_wait.
 */
static void test_nap(void **state)
{
	struct kswapd_run every = run_nap("every_pass"), above = run_nap("above_min"),
			  none = run_nap("none");
	u64 total = every.steal_kswapd + every.steal_direct;

	assert_true(every.steal_direct > total / 4);
	assert_true(none.steal_direct < total / 20);
	assert_true(above.steal_direct > total / 5);
	/* kswapd awake and balancing: many more balance_pgdat runs */
	assert_true(none.pageoutrun > 3 * every.pageoutrun);
	assert_int_equal(every.skip, 0);
	assert_int_equal(none.skip, 0);
	assert_true(above.skip > 0);
	assert_false(every.skip_printed);
	assert_true(above.skip_printed);
	assert_false(none.skip_printed);
}

struct small_top {
	u64 kswapd_ns, pageoutrun, steal_kswapd, dma32_free;
};

/* scenarios/kswapd-small-normal.ini (3.10) with @set */
static struct small_top run_small_top(const char *set)
{
	const char *sets[] = { set, NULL };
	struct sim *sim = test_sim_run_file("scenarios/kswapd-small-normal.ini", set ? sets : NULL);
	struct small_top r = {
		.kswapd_ns = sim->nodes[0].kswapd->utime_ns + sim->nodes[0].kswapd->stime_ns,
		.pageoutrun = test_vmstat(sim, "pageoutrun"),
		.steal_kswapd = test_vmstat(sim, "pgsteal_kswapd"),
		.dma32_free =
			(u64)zone_page_state(&sim->nodes[0].node_zones[ZONE_DMA32], NR_FREE_PAGES),
	};

	assert_true(sim->workloads[1].ended);
	sim_destroy(sim);
	print_message("%s: kswapd %.3f s, pageoutrun %llu, pgsteal_kswapd %llu, DMA32 free %llu\n",
		      set ? set : "3.10", (double)r.kswapd_ns / 1e9,
		      (unsigned long long)r.pageoutrun, (unsigned long long)r.steal_kswapd,
		      (unsigned long long)r.dma32_free);
	return r;
}

/*
 * A 48 MiB Normal zone full of anon pages above a 960 MiB DMA32, dd
 * streaming.  3.10's kswapd (every zone balanced) keeps sweeping Normal:
 * 128 balance_pgdat sweeps (131 while its sweeps stopped at priority 1,
 * as 4.8's do, where 3.10's go down to 0) and 0.042 s on CPU against 4.8+'s 19 and
 * 0.032 s, which sleeps once DMA32 is balanced, and 84,706 pages
 * reclaimed against 74,818 (0.030 and 0.023 s, 84,632 and 74,813 before
 * lru_lock_ns was measured; 3.10's sweeps that reach low priorities on
 * Normal shrink DMA32 with no target, until 3.11).  Before 2.6.38 the
 * sweeps also shrank DMA32 up to 8 x high: more sweeps again (3,140;
 * 3,143 before lru_lock_ns was measured),
 * and over twice the pages reclaimed and nearly six times the pages left
 * free in DMA32 of 4.8+ (102,168 against 17,135; over six times before;
 * jitter off).  Measured with 3.10's own file writeback
 * rule (kswapd_priority: kswapd writes the dirty pages it meets below
 * DEF_PRIORITY - 2, which then free at writeback's end) and dd's 1 MiB
 * buffer in the group (900 sweeps, 0.036 s and 93,574 pages before the
 * buffer).  Under v4.11's rule, which the 3.10 profile had before,
 * kswapd activated every dirty page it met, Normal stayed unbalanced and
 * kswapd spun: 46,613 sweeps and 0.265 s against 21 and 0.024 s, and
 * high_x8 had a quarter of the sweeps (3,034).  With a block request's
 * CPU (blk_submit_ns 1.7 us, blk_complete_ns; no kick on this disk):
 * 3.10's kswapd 131 sweeps, 0.042 s, 84,852 pages against 4.8+'s 19,
 * 0.032 s, 74,816; high_x8 2,962 sweeps, 0.066 s, 146,421 pages (1.96
 * times 4.8+'s), 88,652 left free in DMA32 against 17,135 (2,959 sweeps
 * before empty_lruvec_ns was measured, 0 -> 110 ns, and an I/O sleep paid
 * its switch, io_switch_ns).  (With
 * blk_submit_ns 10.24 us, the idle disk's kick included, branch reqcpu:
 * 938 sweeps and 74,361 pages for 3.10, 3,142 and 159,788 for high_x8.)
 * Since the profile's dirty limits are 3.10's (dirtyable_memory =
 * reclaimable_less_reserves, which takes the 51 MB of THP min_free_kbytes
 * off: a dirty limit 10 MB lower), 3.10's kswapd writes fewer pages (516
 * against 3,768) but sweeps more: 688 sweeps, 0.052 s, 105,208 pages,
 * 47,329 left free in DMA32; high_x8 2,931 sweeps, 0.066 s, 144,365
 * pages, 86,575 free; 4.8+'s 19 sweeps, 74,823 pages, unchanged.
 * With both, 3.10's sweeps down to priority 0 (its balance_pgdat's loop;
 * the model's stopped at 1, as 4.8's) and 3.10's anon/file balance by
 * reclaim_stat: 639 sweeps, 0.125 s, 243,527 pages reclaimed (411
 * written), 185,651 left free in DMA32: the sweeps that find Normal
 * still unbalanced at priority 0 scan DMA32's lists whole, with no
 * target (3.11's "mm: vmscan: limit the number of pages kswapd reclaims
 * at each priority" ended that), so 3.10 now reclaims more than high_x8
 * (2,931 sweeps, 0.066 s, 144,365 pages, 86,575 free).  Since the
 * balance after a failed sleep test covers the whole node (pre-4.8
 * kswapd() reset its classzone to the top zone; the model's balanced
 * DMA alone), high_x8's one failed test is followed by a balance that
 * shrinks DMA32 to 8 x high again: 3,107 sweeps, 0.104 s, 206,988
 * pages, 149,195 free, still less than 3.10's own.  Since dd's
 * background writeback stops under the background threshold (it wrote
 * every dirty page before), kswapd meets the dirty pages left there:
 * 3.10 562 sweeps, 0.066 s, 143,008 pages, 85,118 free in DMA32; 4.8+'s
 * 21 sweeps, 74,865 pages, 17,197 free; high_x8 3,653 sweeps, 0.088 s,
 * 195,777 pages, 136,547 free: more than 3.10's own again.
 */
static void test_small_top_zone(void **state)
{
	struct small_top zones = run_small_top(NULL),
			 node = run_small_top("policy.kswapd_balance=node"),
			 x8 = run_small_top("policy.kswapd_balance_gap=high_x8");

	assert_int_equal(zones.pageoutrun, 562);
	assert_int_equal(node.pageoutrun, 21);
	assert_int_equal(x8.pageoutrun, 3653);
	assert_true(zones.kswapd_ns > node.kswapd_ns + node.kswapd_ns / 5);
	assert_true(x8.kswapd_ns > node.kswapd_ns);
	assert_true(x8.dma32_free > zones.dma32_free);
	assert_true(x8.steal_kswapd > zones.steal_kswapd);
	assert_true(zones.steal_kswapd > node.steal_kswapd + node.steal_kswapd / 10);
	assert_true(x8.steal_kswapd > node.steal_kswapd + node.steal_kswapd * 9 / 10);
	assert_true(x8.dma32_free > 5 * node.dma32_free);
	(void)state;
}

struct slow_fill {
	u64 pageoutrun, steal_kswapd, low_quickly, high_quickly;
};

/* tests/data/kswapd-slow-fill.ini (2.6.32) with kswapd_short_sleep = @v */
static struct slow_fill run_slow_fill(const char *v)
{
	char set[64];
	const char *sets[] = { set, NULL };
	struct sim *sim;
	struct slow_fill r;

	snprintf(set, sizeof(set), "policy.kswapd_short_sleep=%s", v);
	sim = test_sim_run_file("tests/data/kswapd-slow-fill.ini", sets);
	assert_true(sim->workloads[0].ended);
	r = (struct slow_fill){
		.pageoutrun = test_vmstat(sim, "pageoutrun"),
		.steal_kswapd = test_vmstat(sim, "pgsteal_kswapd"),
		.low_quickly = sim->vm_events[KSWAPD_LOW_WMARK_HIT_QUICKLY],
		.high_quickly = sim->vm_events[KSWAPD_HIGH_WMARK_HIT_QUICKLY],
	};
	sim_destroy(sim);
	print_message("kswapd_short_sleep = %s: pageoutrun %llu, pgsteal_kswapd %llu, "
		      "low/high wmark hit quickly %llu/%llu\n",
		      v, (unsigned long long)r.pageoutrun, (unsigned long long)r.steal_kswapd,
		      (unsigned long long)r.low_quickly, (unsigned long long)r.high_quickly);
	return r;
}

/*
 * A fill slow enough that after a balance the node falls below high but
 * not below low within HZ/10: 2.6.33+'s kswapd finds it so after its nap
 * and balances again at once, 321 times (398 balance_pgdat sweeps, 17,841
 * pages reclaimed); 2.6.32's goes to sleep after each balance until an
 * allocation below low wakes it (348 sweeps, 17,402 pages), and never
 * counts either event (run.jitter = off, as the tests run).  With v5.8's
 * anon/file balance, which the 2.6.32 profile had before its own
 * (lru_balance = rotated_percent): 105 times, 445 and 329 sweeps.
 * Those figures had 2.6.33+'s balance after the nap cover DMA alone (the
 * model reset kswapd's classzone to DMA), a pass that let kswapd sleep
 * until low; 2.6.33's balance_pgdat has no classzone and balances the
 * whole node, so kswapd keeps it at high: 321 times, 398 sweeps, 17,841
 * pages (103, 450 and 17,377 before).
 */
static void test_short_sleep(void **state)
{
	struct slow_fill off = run_slow_fill("off"), on = run_slow_fill("on");

	assert_int_equal(off.pageoutrun, 348);
	assert_int_equal(on.pageoutrun, 398);
	assert_int_equal(off.low_quickly + off.high_quickly, 0);
	assert_int_equal(on.high_quickly, 321);
	assert_int_equal(on.low_quickly, 0);
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nap),
		cmocka_unit_test(test_small_top_zone),
		cmocka_unit_test(test_short_sleep),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

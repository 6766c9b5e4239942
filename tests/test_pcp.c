// SPDX-License-Identifier: MIT
/*
 * test_pcp.c - the per-CPU page lists and watermark boosting (issue 14
 * items 1 and 6): pcp high/batch against a real v6.18 /proc/zoneinfo and
 * the older rules, refill by batch and drain beyond high with exact free
 * areas, drain_all_pages, the boost a fallback steal gives, kswapd's
 * boosted reclaim, and bad input for the new keys.
 */
#include "testmm.h"

#include "mm/page_alloc.h"

static struct zone *zone_of(struct sim *sim, enum zone_type z)
{
	return &sim->nodes[0].node_zones[z];
}

static const struct per_cpu_pages *pcp_of(struct sim *sim, enum zone_type z, unsigned int cpu)
{
	assert_non_null(zone_of(sim, z)->per_cpu_pageset);
	return &zone_of(sim, z)->per_cpu_pageset[cpu];
}

static void assert_pcp(struct sim *sim, enum zone_type z, int batch, int high_min, int high_max)
{
	for (unsigned int c = 0; c < sim->eng.nr_cpus; c++) {
		assert_int_equal(pcp_of(sim, z, c)->batch, batch);
		assert_int_equal(pcp_of(sim, z, c)->high_min, high_min);
		assert_int_equal(pcp_of(sim, z, c)->high_max, high_max);
	}
}

/* free blocks at each order 0..10, all types */
static void assert_free_area(const struct zone *z, const u64 want[NR_PAGE_ORDERS])
{
	for (unsigned int o = 0; o < NR_PAGE_ORDERS; o++) {
		if (z->free_area[o].nr_free != want[o])
			print_error("order %u: %llu, want %llu\n", o,
				    (unsigned long long)z->free_area[o].nr_free,
				    (unsigned long long)want[o]);
		assert_int_equal(z->free_area[o].nr_free, want[o]);
	}
}

/* ------------------------------------------------------------------ */
/* high and batch                                                      */

/*
 * The oracle machine (shared/oracle/results/system.json, v6.18, 2 CPUs,
 * min_free_kbytes 67584): its /proc/zoneinfo pagesets show batch 1,
 * high_min 27, high_max 240 for DMA; 63, 5571, 48300 for DMA32; 63, 4960,
 * 43008 for Normal; high 0 on the never-used DMA lists.
 */
#define ORACLE_EXTRA "cpus = 2\n[sysctl]\nmin_free_kbytes = 67584\n"

static void test_pcp_sizes_oracle(void **state)
{
	struct sim *sim = *state = test_sim_zones(state, 3840, 772807, 688128, ORACLE_EXTRA);

	assert_int_equal(low_wmark_pages(zone_of(sim, ZONE_DMA32)), 11142);
	assert_pcp(sim, ZONE_DMA, 1, 27, 240);
	assert_pcp(sim, ZONE_DMA32, 63, 5571, 48300);
	assert_pcp(sim, ZONE_NORMAL, 63, 4960, 43008);
	assert_int_equal(pcp_of(sim, ZONE_DMA, 0)->high, 0);
	assert_int_equal(pcp_of(sim, ZONE_DMA, 1)->count, 0);
}

/* Four CPUs split the low watermark four ways; high_max too. */
static void test_pcp_sizes_cpus(void **state)
{
	struct sim *sim = *state = test_sim_zones(state, 3840, 772807, 688128,
						  "cpus = 4\n[sysctl]\nmin_free_kbytes = 67584\n");

	assert_pcp(sim, ZONE_DMA32, 63, 11142 / 4, 772807 / 8 / 4);
	/* DMA: 55 / 4 = 13, above 4 batches (4) */
	assert_pcp(sim, ZONE_DMA, 1, 13, 3840 / 8 / 4);
}

/*
 * percpu_pagelist_high_fraction = 8: high = managed / 8 per CPU for both
 * bounds (no tuning); pcp_high = low_wmark (v5.14..6.6) sets high itself.
 */
static void test_pcp_sizes_fraction(void **state)
{
	struct sim *sim = *state = test_sim_zones(
		state, 3840, 772807, 688128, ORACLE_EXTRA "percpu_pagelist_high_fraction = 8\n");

	assert_pcp(sim, ZONE_DMA32, 63, 48300, 48300);
	sim_destroy(sim);
	sim = *state = test_sim_zones(state, 3840, 772807, 688128,
				      ORACLE_EXTRA "[policy]\npcp_high = low_wmark\n");
	assert_pcp(sim, ZONE_DMA32, 63, 5571, 5571);
	assert_int_equal(pcp_of(sim, ZONE_DMA32, 1)->high, 5571);
}

/*
 * The 4.12 profile (pcp_high = fixed, < v4.19): batch from at most 512
 * KiB = 128 pages: 128 / 4 = 32, 2^fls(48)-1 = 31, high 6 x 31 = 186;
 * DMA 3840 / 1024 = 3, / 4 = 0 -> 1, rounded to 2^0 - 1 = 0, then at
 * least 1: batch 1, high 6.  With the old
 * percpu_pagelist_fraction = 100: high = 772807 / 100 = 7728, batch
 * 7728 / 4 = 1932 capped at PAGE_SHIFT * 8 = 96.
 */
static void test_pcp_sizes_fixed(void **state)
{
	struct sim *sim = *state = test_sim_zones(state, 3840, 772807, 688128,
						  ORACLE_EXTRA "[policy]\nkernel = 4.12\n");

	assert_int_equal(sim->scn.policy.pcp_lists, PCP_LISTS_ORDER0);
	assert_pcp(sim, ZONE_DMA32, 31, 186, 186);
	assert_pcp(sim, ZONE_DMA, 1, 6, 6);
	assert_int_equal(pcp_of(sim, ZONE_NORMAL, 0)->high, 186);
	sim_destroy(sim);
	sim = *state = test_sim_zones(
		state, 3840, 772807, 688128,
		ORACLE_EXTRA "percpu_pagelist_high_fraction = 100\n[policy]\nkernel = 4.12\n");
	assert_pcp(sim, ZONE_DMA32, 96, 7728, 7728);
	sim_destroy(sim);
	/* seed 000's 32 MB board on 2.6.25: batch 1, a list of 6 */
	sim = *state = test_sim_zones(state, 8192, 0, 0, "[policy]\nkernel = 2.6.25\n");
	assert_pcp(sim, ZONE_DMA, 1, 6, 6);
}

/* pcp_lists = off: no lists at all (the model before them). */
static void test_pcp_off(void **state)
{
	struct sim *sim = *state =
		test_sim_zones(state, 0, 0, 65536, "[policy]\npcp_lists = off\n");

	assert_null(zone_of(sim, ZONE_NORMAL)->per_cpu_pageset);
}

/* ------------------------------------------------------------------ */
/* refill, drain beyond high, drain_all_pages                          */

#define SMALL_FIXED "cpus = 2\n[sysctl]\nmin_free_kbytes = 1024\n[policy]\nkernel = 4.12\n"

/*
 * 65536 pages (64 blocks of order 10), pcp_high = fixed: batch 15 (64 /
 * 4 = 16, 2^fls(24)-1), high 90.  100 order-0 allocations on CPU 0 refill
 * by 15 seven times (105 pages off the buddy lists, 5 left on the list);
 * 100 frees then drain 15 each time the list reaches 90: twice, leaving
 * 75.  drain_all_pages gives everything back and the blocks merge.
 */
static void test_pcp_refill_and_drain(void **state)
{
	struct sim *sim = *state = test_sim_zones(state, 0, 0, 65536, SMALL_FIXED);
	struct zone *z = zone_of(sim, ZONE_NORMAL);
	const struct per_cpu_pages *pcp = pcp_of(sim, ZONE_NORMAL, 0);
	static const u64 all[NR_PAGE_ORDERS] = { [10] = 64 };
	/* 1024 - 15 = 1009 = 0b1111110001 left of the first block */
	static const u64 first[NR_PAGE_ORDERS] = { 1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 63 };
	u32 pfns[100];

	assert_int_equal(pcp->batch, 15);
	assert_int_equal(pcp->high, 90);
	sim->eng.this_cpu = 0;
	pfns[0] = rmqueue_pcplist(sim, z, 0, MIGRATE_MOVABLE, 0);
	/* the refill takes blocks in buddy order; the list hands out its head */
	assert_int_equal(pfns[0], 0);
	assert_int_equal(pcp->count, 14);
	assert_int_equal(zone_page_state(z, NR_FREE_PAGES), 65536 - 15);
	assert_free_area(z, first);
	assert_int_equal(rmqueue_pcplist(sim, z, 0, MIGRATE_MOVABLE, 0), 1);
	for (int i = 2; i < 100; i++)
		pfns[i] = rmqueue_pcplist(sim, z, 0, MIGRATE_MOVABLE, 0);
	pfns[1] = 1;
	assert_int_equal(pcp->count, 5);
	assert_int_equal(zone_page_state(z, NR_FREE_PAGES), 65536 - 105);
	assert_int_equal(zone_pcp_pages(sim, z), 5);

	for (int i = 0; i < 85; i++)
		assert_true(free_unref_page_pcp(sim, pfns[i], 0));
	assert_int_equal(pcp->count, 75);
	assert_int_equal(zone_page_state(z, NR_FREE_PAGES), 65536 - 105 + 15);
	for (int i = 85; i < 100; i++)
		assert_true(free_unref_page_pcp(sim, pfns[i], 0));
	assert_int_equal(pcp->count, 75);
	assert_int_equal(zone_page_state(z, NR_FREE_PAGES), 65536 - 75);

	drain_all_pages(sim, NULL);
	assert_int_equal(pcp->count, 0);
	assert_int_equal(zone_page_state(z, NR_FREE_PAGES), 65536);
	assert_free_area(z, all);
	assert_verified(sim);
}

/*
 * Lists are per CPU: pages freed on CPU 1 are not found by CPU 0, which
 * refills from the buddy lists; drain_all_pages empties both, and a
 * drain of one zone leaves the others alone.
 */
static void test_drain_all_pages(void **state)
{
	struct sim *sim = *state = test_sim_zones(state, 0, 65536, 65536, SMALL_FIXED);
	struct zone *n = zone_of(sim, ZONE_NORMAL), *d = zone_of(sim, ZONE_DMA32);
	u32 a, b, c;

	sim->eng.this_cpu = 1;
	a = rmqueue_pcplist(sim, n, 0, MIGRATE_MOVABLE, 0);
	c = rmqueue_pcplist(sim, d, 0, MIGRATE_MOVABLE, 0);
	assert_true(free_unref_page_pcp(sim, a, 0));
	assert_int_equal(pcp_of(sim, ZONE_NORMAL, 1)->count, 15);
	sim->eng.this_cpu = 0;
	b = rmqueue_pcplist(sim, n, 0, MIGRATE_MOVABLE, 0);
	assert_int_not_equal(b, a);
	assert_int_equal(pcp_of(sim, ZONE_NORMAL, 0)->count, 14);
	assert_true(free_unref_page_pcp(sim, b, 0));
	assert_int_equal(zone_pcp_pages(sim, n), 30);
	assert_int_equal(zone_page_state(n, NR_FREE_PAGES), 65536 - 30);

	drain_all_pages(sim, n);
	assert_int_equal(zone_pcp_pages(sim, n), 0);
	assert_int_equal(zone_page_state(n, NR_FREE_PAGES), 65536);
	assert_int_equal(zone_pcp_pages(sim, d), 14);
	sim->eng.this_cpu = 1;
	assert_true(free_unref_page_pcp(sim, c, 0));
	drain_all_pages(sim, NULL);
	assert_int_equal(zone_pcp_pages(sim, d), 0);
	assert_int_equal(zone_page_state(d, NR_FREE_PAGES), 65536);
	assert_verified(sim);
}

/*
 * pcp_high = auto (v6.7+), one CPU: the first refill sets high from 0 to
 * high_min and raises it by the batch (the zone is above its high
 * watermark), doubling the next refill (alloc_factor).  The zone's high
 * mark is min 256 + gap 65 x 2 = 386; low 321 = high_min.
 */
static void test_pcp_auto_refill(void **state)
{
	struct sim *sim = *state =
		test_sim_zones(state, 0, 0, 65536, "cpus = 1\n[sysctl]\nmin_free_kbytes = 1024\n");
	struct zone *z = zone_of(sim, ZONE_NORMAL);
	const struct per_cpu_pages *pcp = pcp_of(sim, ZONE_NORMAL, 0);

	assert_pcp(sim, ZONE_NORMAL, 15, 321, 8192);
	assert_int_equal(pcp->high, 0);
	sim->eng.this_cpu = 0;
	assert_int_not_equal(rmqueue_pcplist(sim, z, 0, MIGRATE_MOVABLE, 0), NO_PFN);
	assert_int_equal(pcp->high, 321 + 15);
	assert_int_equal(pcp->alloc_factor, 1);
	assert_int_equal(pcp->count, 14);
	for (int i = 0; i < 15; i++)
		assert_int_not_equal(rmqueue_pcplist(sim, z, 0, MIGRATE_MOVABLE, 0), NO_PFN);
	/* the second refill: 15 << 1 = 30 pages, high + 30 */
	assert_int_equal(pcp->count, 29);
	assert_int_equal(pcp->high, 321 + 15 + 30);
	assert_int_equal(pcp->alloc_factor, 2);
	assert_int_equal(zone_page_state(z, NR_FREE_PAGES), 65536 - 45);
	/* order 1 has its own list: batch 15 >> 1 = 7 blocks */
	assert_int_not_equal(rmqueue_pcplist(sim, z, 1, MIGRATE_MOVABLE, 0), NO_PFN);
	assert_int_equal(pcp->count, 29 + 12);
}

/* ------------------------------------------------------------------ */
/* watermark boost                                                     */

/*
 * 65536 pages, all in use as order-9 movable blocks; then half of
 * pageblock @blk (order 8) is freed.  An unmovable request must fall
 * back to that order-8 block, below pageblock size: a boost.
 */
static void fragment(struct sim *sim, struct zone *z, u32 blk)
{
	if (!blk)
		for (u32 b = 0; b < 128; b++)
			assert_int_equal(rmqueue_buddy(sim, z, 9, MIGRATE_MOVABLE, 0), b * 512);
	free_one_page(sim, blk * 512, 8);
}

/*
 * boost_watermark (v6.12): + pageblock_nr_pages (512) per fallback, up to
 * max(512, high x 15000 / 10000) = max(512, 386 x 1.5 = 579): 512, then
 * 579.  The request may wake kswapd (ALLOC_KSWAPD): ZONE_BOOSTED_WATERMARK.
 * The zoneinfo marks include the boost.
 */
static void test_boost_on_fallback(void **state)
{
	struct sim *sim = *state =
		test_sim_zones(state, 0, 0, 65536, "cpus = 1\n[sysctl]\nmin_free_kbytes = 1024\n");
	struct zone *z = zone_of(sim, ZONE_NORMAL);

	assert_int_equal(z->_watermark[WMARK_HIGH], 386);
	fragment(sim, z, 0);
	assert_int_not_equal(rmqueue_buddy(sim, z, 0, MIGRATE_UNMOVABLE, ALLOC_KSWAPD), NO_PFN);
	assert_int_equal(z->watermark_boost, 512);
	assert_true(z->flags & (1UL << ZONE_BOOSTED_WATERMARK));
	assert_int_equal(high_wmark_pages(z), 386 + 512);
	/* use up the claimed block, then fall back again: capped at 579 */
	for (int i = 1; i < 256; i++)
		assert_int_not_equal(rmqueue_buddy(sim, z, 0, MIGRATE_UNMOVABLE, 0), NO_PFN);
	z->flags = 0;
	fragment(sim, z, 1);
	assert_int_equal(rmqueue_buddy(sim, z, 0, MIGRATE_UNMOVABLE, 0), 512);
	assert_int_equal(z->watermark_boost, 579);
	/* without ALLOC_KSWAPD the zone is boosted but not flagged */
	assert_false(z->flags & (1UL << ZONE_BOOSTED_WATERMARK));
}

/* watermark_boost_factor = 0 and watermark_boost = off: no boost. */
static void test_boost_disabled(void **state)
{
	static const char *const extra[] = {
		"cpus = 1\n[sysctl]\nmin_free_kbytes = 1024\nwatermark_boost_factor = 0\n",
		"cpus = 1\n[sysctl]\nmin_free_kbytes = 1024\n[policy]\nwatermark_boost = off\n",
		"cpus = 1\n[sysctl]\nmin_free_kbytes = 1024\n[policy]\nkernel = 4.12\n",
	};

	for (unsigned int i = 0; i < 3; i++) {
		struct sim *sim = *state = test_sim_zones(state, 0, 0, 65536, extra[i]);
		struct zone *z = zone_of(sim, ZONE_NORMAL);

		fragment(sim, z, 0);
		assert_int_not_equal(rmqueue_buddy(sim, z, 0, MIGRATE_UNMOVABLE, ALLOC_KSWAPD),
				     NO_PFN);
		assert_int_equal(z->watermark_boost, 0);
		assert_int_equal(z->flags, 0);
		sim_destroy(sim);
		*state = NULL;
	}
}

/*
 * kswapd's boosted reclaim (v6.12 balance_pgdat): 40000 clean page-cache
 * pages, free memory far above high + boost (the node is balanced), a
 * boost of 579 from two fallbacks.  The wake-up goes through (balanced
 * but boosted); kswapd reclaims at least the boost without writeback or
 * swap and takes the boost off.
 */
static void test_kswapd_boost_reclaim(void **state)
{
	struct sim *sim = *state = test_sim_zones(
		state, 0, 0, 65536, "cpus = 1\nswap = 64M\n[sysctl]\nmin_free_kbytes = 1024\n");
	struct zone *z = zone_of(sim, ZONE_NORMAL);
	struct pglist_data *pgdat = &sim->nodes[0];
	struct task *t = test_task_in(sim, sim->memcgs[0]);
	struct task *k = pgdat->kswapd;
	struct address_space *mapping = file_create(sim, "f", 40000);
	int steps = 0;

	add_page_cache(sim, z, t, mapping, 40000);
	assert_true(boost_watermark(sim, z));
	assert_true(boost_watermark(sim, z));
	assert_int_equal(z->watermark_boost, 579);
	assert_true(pgdat_balanced(sim, pgdat, 0, ZONE_NORMAL));

	wakeup_kswapd(sim, z, 0, 0, ZONE_NORMAL);
	assert_int_not_equal(k->state, TASK_BLOCKED);
	do {
		k->state = TASK_RUNNING;
		task_run_step(k);
		assert_true(++steps < 100000);
	} while (k->state != TASK_BLOCKED);
	assert_ptr_equal(k->waiting_on, &pgdat->kswapd_wait);

	assert_int_equal(z->watermark_boost, 0);
	assert_false(z->flags & (1UL << ZONE_RECLAIM_ACTIVE));
	assert_int_equal(vm_event(sim, PAGEOUTRUN), 1);
	/* rounds of 40000 >> priority pages until the boost is met: 599 */
	assert_int_equal(vm_event(sim, PGSTEAL_KSWAPD), 599);
	assert_int_equal(vm_event(sim, PGSCAN_KSWAPD), 599);
	assert_int_equal(vm_event(sim, PSWPOUT), 0);
	assert_int_equal(pgdat->kswapd_failures, 0);
	assert_verified(sim);
}

/* ------------------------------------------------------------------ */
/* bad input                                                           */

static void test_bad_input(void **state)
{
	(void)state;
	test_expect_scenario_error(
		"[policy]\npcp_lists = on\n",
		"t.ini:2: [policy] pcp_lists: unknown value 'on' (expected off, order0 or high_order)");
	test_expect_scenario_error(
		"[policy]\npcp_high = static\n",
		"t.ini:2: [policy] pcp_high: unknown value 'static' (expected fixed, low_wmark or auto)");
	test_expect_scenario_error(
		"[policy]\nwatermark_boost = yes\n",
		"t.ini:2: [policy] watermark_boost: unknown value 'yes' (expected off or on)");
	test_expect_scenario_error(
		"[sysctl]\npercpu_pagelist_high_fraction = 7\n",
		"t.ini:2: [sysctl] percpu_pagelist_high_fraction: 7 is below 8 (valid 0 or 8..2147483647)");
	test_expect_scenario_error(
		"[sysctl]\npercpu_pagelist_high_fraction = -8\n",
		"t.ini:2: [sysctl] percpu_pagelist_high_fraction: -8 out of range (0..2147483647)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		test_sim_unit_test(test_pcp_sizes_oracle),
		test_sim_unit_test(test_pcp_sizes_cpus),
		test_sim_unit_test(test_pcp_sizes_fraction),
		test_sim_unit_test(test_pcp_sizes_fixed),
		test_sim_unit_test(test_pcp_off),
		test_sim_unit_test(test_pcp_refill_and_drain),
		test_sim_unit_test(test_drain_all_pages),
		test_sim_unit_test(test_pcp_auto_refill),
		test_sim_unit_test(test_boost_on_fallback),
		test_sim_unit_test(test_boost_disabled),
		test_sim_unit_test(test_kswapd_boost_reclaim),
		cmocka_unit_test(test_bad_input),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

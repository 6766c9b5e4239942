// SPDX-License-Identifier: MIT
/*
 * test_compaction.c - memory compaction (issue 14 items 4 and 7): the
 * scanners and page migration on a small hand-fragmented zone, the
 * fragmentation index against extfrag_threshold, deferred compaction's
 * backoff, an order-9 allocation with and without compaction, and the
 * new keys' bad input.
 */
#include "testmm.h"

#include "mm/compaction.h"
#include "mm/page_alloc.h"

/*
 * One DMA32 zone of 4096 pages (pfns 0..4095, pageblocks of 512 at 0,
 * 512, ... 3584), min_free_kbytes 128: min 32, low 40, high 48.  A task
 * faults 4032 anon pages, which the buddy allocator hands out in
 * ascending order (pfn = page index), leaving 4032..4095 free (one order-6
 * block); then it frees pages 10..511 (pageblock 0 keeps 10 pages) and
 * every odd page of pageblocks 1..6.  Free: 502 + 1536 + 64 = 2102
 * pages, no block of order 9.
 */
#define FRAG_PAGES 4032

static struct task *fragmented_zone(void **state, const char *policy, struct sim **simp, u64 *vpnp)
{
	char extra[256];
	struct sim *sim;
	struct task *t;
	u64 vpn;

	/* no per-CPU lists: the frees must reach the buddy lists for the exact layout */
	snprintf(extra, sizeof(extra),
		 "cpus = 1\n[sysctl]\nmin_free_kbytes = 128\n[policy]\npcp_lists = off\n%s\n",
		 policy);
	sim = test_sim_zones(state, 0, 4096, 0, extra);
	t = test_task_in(sim, sim->memcgs[0]);
	t->mm = mm_alloc(sim, t);
	assert_non_null(t->mm);
	vpn = mmap_anon(t->mm, FRAG_PAGES);
	for (u64 i = 0; i < FRAG_PAGES; i++) {
		assert_int_equal(handle_mm_fault(t, vpn + i, true), VM_FAULT_DONE);
		assert_int_equal(pte_pfn(*pte_of(t, vpn + i)), i);
	}
	assert_int_equal(do_madvise(t, vpn + 10, 502, MADV_DONTNEED), 0);
	for (u64 i = 513; i < 3584; i += 2)
		assert_int_equal(do_madvise(t, vpn + i, 1, MADV_DONTNEED), 0);
	assert_int_equal(zone_page_state(&sim->nodes[0].node_zones[ZONE_DMA32], NR_FREE_PAGES),
			 2102);
	*simp = sim;
	*vpnp = vpn;
	return t;
}

/* Direct compaction of @z for an order-9 movable request in @mode. */
static struct compact_control order9_direct(struct zone *z, enum migrate_mode mode)
{
	return (struct compact_control){
		.order = 9,
		.gfp_mask = GFP_HIGHUSER_MOVABLE,
		.migratetype = MIGRATE_MOVABLE,
		.zone = z,
		.mode = mode,
		.alloc_flags = ALLOC_WMARK_MIN,
		.highest_zoneidx = ZONE_DMA32,
		.direct_compaction = true,
	};
}

/*
 * Async direct compaction for order 9: the migrate scanner takes the 10
 * pages of pageblock 0 and scans it whole (512 frames, free blocks
 * included); the free scanner, in strides of 32 from pageblock 7's start,
 * looks at 3584, 3616, ... 3968 (14 frames in use) and takes the order-6
 * block at 4032 (64 frames): 78 scanned, 64 isolated.  The 10 pages move
 * to 4032..4041 and pageblock 0 merges into a free order-9 block: success
 * at the pageblock's end.  The 54 free pages left go back (merging into
 * 4042's buddies), and the cached free position is pageblock 7's start.
 */
static void test_compact_zone_scanners(void **state)
{
	struct sim *sim;
	u64 vpn;
	struct task *t = fragmented_zone(state, "compaction = direct", &sim, &vpn);
	struct zone *z = &sim->nodes[0].node_zones[ZONE_DMA32];
	struct compact_control cc = order9_direct(z, MIGRATE_ASYNC);
	u64 free_before = (u64)zone_page_state(z, NR_FREE_PAGES);

	assert_int_equal(z->free_area[9].nr_free + z->free_area[10].nr_free, 0);
	assert_int_equal(compact_zone(t, &cc), COMPACT_SUCCESS);
	assert_int_equal(cc.migrate_pfn, 512);
	assert_int_equal(cc.free_pfn, 3072); /* pageblock 7 ran dry at its end: the one below */
	assert_int_equal(cc.total_migrate_scanned, 512);
	assert_int_equal(cc.total_free_scanned, 78);
	assert_int_equal(z->compact_cached_free_pfn, 3584);
	assert_int_equal(vm_event(sim, COMPACTMIGRATE_SCANNED), 512);
	assert_int_equal(vm_event(sim, COMPACTFREE_SCANNED), 78);
	assert_int_equal(vm_event(sim, COMPACTISOLATED), 74);
	assert_int_equal(vm_event(sim, PGMIGRATE_SUCCESS), 10);
	assert_int_equal(vm_event(sim, PGMIGRATE_FAIL), 0);
	/* the pages moved, mappings and LRU with them; the sources are free */
	for (u64 i = 0; i < 10; i++) {
		struct page *page = page_of(t, vpn + i);

		assert_int_equal(page_to_pfn(sim, page), 4032 + i);
		assert_true(PageFlag(page, PG_lru) && PageFlag(page, PG_anon));
		assert_int_equal(page->mapcount, 1);
	}
	assert_int_equal(z->free_area[9].nr_free_mt[MIGRATE_MOVABLE], 1);
	assert_int_equal(z->free_area[9].free_list[MIGRATE_MOVABLE].head, 0);
	assert_int_equal((u64)zone_page_state(z, NR_FREE_PAGES), free_before);
	assert_verified(sim);
}

/*
 * The same async compaction with the free scanner of kernels before 5.1
 * (compact_free_stride = every_page): it looks at every frame of pageblock
 * 7 from 3584, 448 of them in use, then takes the order-6 block at 4032:
 * 512 frames where 5.1's stride of 32 looked at 78.  The outcome is the
 * same.
 */
static void test_compact_free_every_page(void **state)
{
	struct sim *sim;
	u64 vpn;
	struct task *t = fragmented_zone(
		state, "compaction = direct\ncompact_free_stride = every_page", &sim, &vpn);
	struct zone *z = &sim->nodes[0].node_zones[ZONE_DMA32];
	struct compact_control cc = order9_direct(z, MIGRATE_ASYNC);

	assert_int_equal(compact_zone(t, &cc), COMPACT_SUCCESS);
	assert_int_equal(cc.total_migrate_scanned, 512);
	assert_int_equal(cc.total_free_scanned, 512);
	assert_int_equal(vm_event(sim, PGMIGRATE_SUCCESS), 10);
	assert_int_equal(z->free_area[9].nr_free_mt[MIGRATE_MOVABLE], 1);
	assert_verified(sim);
}

/*
 * migrate_pages by hand: one page picked by a sync compaction of the
 * same zone moves to the first free page the free scanner finds (stride
 * 1 from pageblock 7: the order-6 block at 4032), the source is freed
 * and the free_area counts come out as the buddy merges say.
 */
static void test_migrate_frees_source(void **state)
{
	struct sim *sim;
	u64 vpn;
	struct task *t = fragmented_zone(state, "compaction = direct", &sim, &vpn);
	struct zone *z = &sim->nodes[0].node_zones[ZONE_DMA32];
	struct compact_control cc = order9_direct(z, MIGRATE_SYNC_LIGHT);

	cc.whole_zone = true;
	/* keep only page 0 of pageblock 0 in use besides 1..9: free 1..9 */
	assert_int_equal(do_madvise(t, vpn + 1, 9, MADV_DONTNEED), 0);
	/* pageblock 0: 0 in use, free 1 (o0), 2 (o1), 4 (o2), 8 (o3), 16.. (o4..o8) */
	assert_int_equal(z->free_area[0].nr_free, 1 + 1536);
	assert_int_equal(z->free_area[3].nr_free, 1);
	assert_int_equal(compact_zone(t, &cc), COMPACT_SUCCESS);
	assert_int_equal(pte_pfn(*pte_of(t, vpn)), 4032);
	assert_int_equal(vm_event(sim, PGMIGRATE_SUCCESS), 1);
	/* the sync free scanner took the order-6 block at 4032 whole (stride 1
	 * over 3584..4031 in use: 448 + 64 frames) */
	assert_int_equal(cc.total_free_scanned, 448 + 64);
	/* 4033..4095 back: 4033 (o0), 4034 (o1), 4036 (o2), 4040 (o3),
	 * 4048 (o4), 4064 (o5); pageblock 0 is one order-9 block */
	assert_int_equal(z->free_area[0].nr_free, 1536 + 1);
	assert_int_equal(z->free_area[1].nr_free, 1);
	assert_int_equal(z->free_area[5].nr_free, 1);
	assert_int_equal(z->free_area[6].nr_free, 0);
	assert_int_equal(z->free_area[9].nr_free, 1);
	assert_int_equal(z->free_area[10].nr_free, 0);
	assert_verified(sim);
}

/*
 * The order-9 allocation on the fragmented zone: without compaction the
 * slow path reclaims (nothing: no swap, and anon pages are all there is)
 * and fails; with it, the async compaction a costly order tries first
 * makes the block: one compact_stall, one compact_success, no reclaim.
 */
struct alloc_arg {
	enum vm_fault_result r;
	u32 pfn;
};

static void alloc_order9(struct task *t, void *arg)
{
	struct alloc_arg *a = arg;

	a->r = alloc_kernel_pages(t, GFP_HIGHUSER_MOVABLE | __GFP_NOWARN, 9, &a->pfn);
}

static void run_alloc(struct sim *sim, struct task *t, struct alloc_arg *a)
{
	static struct test_call c; /* outlives the call: t->fn_arg */
	int steps = 0;

	test_call_start(t, &c, alloc_order9, a);
	while (!test_call_step(t)) {
		if (t->state == TASK_BLOCKED)
			wait_for_wakeup(sim, t);
		assert_true(++steps < 100000);
	}
}

static void test_order9_needs_compaction(void **state)
{
	struct sim *sim;
	u64 vpn;
	struct task *t = fragmented_zone(state, "compaction = none", &sim, &vpn);
	struct alloc_arg a = { 0, NO_PFN };

	run_alloc(sim, t, &a);
	assert_int_equal(a.r, VM_FAULT_NOMEM);
	assert_int_equal(vm_event(sim, COMPACTSTALL), 0);
	assert_int_equal(sim->reclaim.allocstall_order[9], 1);
	sim_destroy(sim);

	t = fragmented_zone(state, "compaction = direct", &sim, &vpn);
	a = (struct alloc_arg){ 0, NO_PFN };
	run_alloc(sim, t, &a);
	assert_int_equal(a.r, VM_FAULT_DONE);
	assert_int_equal(a.pfn, 0);
	assert_int_equal(vm_event(sim, COMPACTSTALL), 1);
	assert_int_equal(vm_event(sim, COMPACTSUCCESS), 1);
	assert_int_equal(vm_event(sim, COMPACTFAIL), 0);
	assert_int_equal(sim->reclaim.allocstall_order[9], 0);
	assert_int_equal(vm_event(sim, PGMIGRATE_SUCCESS), 10);
	assert_int_equal(sim->nr_kernel_pages, 512);
	free_kernel_pages(sim, a.pfn, 9);
	assert_verified(sim);
}

/*
 * fragmentation_index of hand-built free lists (100 order-0 blocks and
 * 10 of order 3: 180 pages in 110 blocks): order 4 needs 16-page blocks,
 * none: 1000 - (1000 + 180 * 1000 / 16) / 110 = 1000 - 12250 / 110 = 889;
 * order 3 has a block: -1000; order 9 (512): 1000 - (1000 + 351) / 110 =
 * 988.  compaction_suitable for the costly order 4 compares it with
 * extfrag_threshold: 889 above 500 compacts, at or below 889 does not.
 */
static void test_fragmentation_index_threshold(void **state)
{
	struct sim *sim = test_sim_zones(state, 0, 4096, 0, NULL);
	static struct zone z; /* large: not on the stack */

	z.free_area[0].nr_free = 100;
	z.free_area[3].nr_free = 10;
	z.vm_stat[NR_FREE_PAGES] = 180;
	assert_int_equal(fragmentation_index_zone(&z, 4), 889);
	assert_int_equal(fragmentation_index_zone(&z, 3), -1000);
	assert_int_equal(fragmentation_index_zone(&z, 9), 988);
	assert_int_equal(sim->scn.sysctl.extfrag_threshold, 500);
	/* watermarks 0: 180 free pages > compact_gap(4) = 32 */
	assert_true(compaction_suitable(sim, &z, 4, ZONE_DMA32));
	sim->scn.sysctl.extfrag_threshold = 889;
	assert_false(compaction_suitable(sim, &z, 4, ZONE_DMA32));
	/* non-costly orders ignore the index */
	assert_true(compaction_suitable(sim, &z, 3, ZONE_DMA32));
	/* order 7 needs 256 free pages over the (low) watermark: 180 are not */
	sim->scn.sysctl.extfrag_threshold = 500;
	assert_false(compaction_suitable(sim, &z, 7, ZONE_DMA32));
}

/*
 * Deferred compaction: after the n-th failure at order 9 the zone skips
 * 2^n - 1 attempts (n up to 6), orders below the failed one are never
 * skipped, and a success resets it.
 */
static unsigned int skipped_before_retry(struct zone *z, int order)
{
	unsigned int n = 0;

	while (compaction_deferred(z, order))
		n++;
	return n;
}

static void test_defer_backoff(void **state)
{
	static struct zone z;
	static const unsigned int want[] = { 1, 3, 7, 15, 31, 63, 63, 63 };

	(void)state;
	assert_false(compaction_deferred(&z, 9)); /* never failed */
	for (unsigned int i = 0; i < 8; i++) {
		defer_compaction(&z, 9);
		assert_int_equal(z.compact_order_failed, 0); /* 0 <= 9: no lower */
		assert_int_equal(skipped_before_retry(&z, 9), want[i]);
	}
	/* a success at 9 (not yet the allocation): orders below 10 run again */
	compaction_defer_reset(&z, 9, false);
	assert_int_equal(z.compact_order_failed, 10);
	assert_false(compaction_deferred(&z, 9));
	assert_int_equal(z.compact_defer_shift, 6);
	/* the allocation succeeded: the backoff is gone */
	compaction_defer_reset(&z, 9, true);
	assert_int_equal(z.compact_defer_shift, 0);
	assert_int_equal(z.compact_considered, 0);
	assert_false(compaction_deferred(&z, 10));
}

/*
 * kcompactd: with compaction = kcompactd each node has one, asleep; a
 * wake-up for order 9 on the fragmented zone records the order and wakes
 * it (compaction is suitable there).  With compaction = direct there is
 * none, and waking it is a no-op.
 */
static void test_wakeup_kcompactd(void **state)
{
	struct sim *sim;
	u64 vpn;
	struct pglist_data *pgdat;

	fragmented_zone(state, "compaction = kcompactd", &sim, &vpn);
	pgdat = &sim->nodes[0];
	assert_non_null(pgdat->kcompactd);
	assert_string_equal(pgdat->kcompactd->comm, "kcompactd0");
	assert_int_equal(pgdat->kcompactd->state, TASK_BLOCKED);
	wakeup_kcompactd(sim, pgdat, 0, ZONE_DMA32); /* order 0: nothing */
	assert_int_equal(pgdat->kcompactd->state, TASK_BLOCKED);
	wakeup_kcompactd(sim, pgdat, 9, ZONE_DMA32);
	assert_int_equal(pgdat->kcompactd_max_order, 9);
	assert_int_equal(pgdat->kcompactd_highest_zoneidx, ZONE_DMA32);
	assert_int_not_equal(pgdat->kcompactd->state, TASK_BLOCKED);
	sim_destroy(sim);

	fragmented_zone(state, "compaction = direct", &sim, &vpn);
	assert_null(sim->nodes[0].kcompactd);
	wakeup_kcompactd(sim, &sim->nodes[0], 9, ZONE_DMA32);
	assert_int_equal(sim->nodes[0].kcompactd_max_order, 0);
}

/*
 * A small whole run (64 MiB, no swap): two anon fillers interleave, one
 * exits, highalloc asks for 30 order-9 blocks.  Without compaction only
 * the 7 pageblocks left whole are found; with it 17.  The counters are
 * this seed's (jitter off, the per-CPU lists on), a regression check: 11
 * stalls, 10 ending in an allocation; of the 5787 pages isolated (free
 * and to migrate) 2637 moved and 144 found no free page when the
 * scanners met.  The fillers touch at user_touch_ns, as when these were
 * taken (user_touch_cache = 0): the counters are this interleaving's.
 */
static void test_small_run_counters(void **state)
{
	static const char ini[] = "[machine]\ncpus = 2\nmemory = 64M\nswap = 0\n"
				  "[workload a]\ntype = anon_fill\nsize = 24M\npasses = 0\n"
				  "[workload b]\ntype = anon_fill\nsize = 24M\npasses = 0\n"
				  "then = hold\n"
				  "[workload h]\ntype = highalloc\nstart = 2s\ninterval = 10ms\n"
				  "[cost]\nuser_touch_cache = 0\n"
				  "[run]\nduration = 10s\n";
	static const char *const policies[] = { "[policy]\ncompaction = none\n",
						"[policy]\ncompaction = direct\n" };
	char text[1024];
	struct sim *sim;

	snprintf(text, sizeof(text), "%s%s", ini, policies[0]);
	sim = test_sim_from_text(NULL, "c.ini", text);
	assert_int_equal(sim_run(sim), 0);
	assert_true(test_workload_figure(sim, "h", "attempted") == 30);
	assert_true(test_workload_figure(sim, "h", "success") == 7);
	assert_int_equal(vm_event(sim, COMPACTSTALL) + vm_event(sim, PGMIGRATE_SUCCESS), 0);
	sim_destroy(sim);

	snprintf(text, sizeof(text), "%s%s", ini, policies[1]);
	sim = *state = test_sim_from_text(state, "c.ini", text);
	assert_int_equal(sim_run(sim), 0);
	assert_true(test_workload_figure(sim, "h", "success") == 17);
	assert_int_equal(vm_event(sim, COMPACTSTALL), 11);
	assert_int_equal(vm_event(sim, COMPACTSUCCESS), 10);
	assert_int_equal(vm_event(sim, COMPACTFAIL), 1);
	assert_int_equal(vm_event(sim, COMPACTMIGRATE_SCANNED), 5633);
	assert_int_equal(vm_event(sim, COMPACTFREE_SCANNED), 7952);
	assert_int_equal(vm_event(sim, COMPACTISOLATED), 5787);
	assert_int_equal(vm_event(sim, PGMIGRATE_SUCCESS), 2637);
	assert_int_equal(vm_event(sim, PGMIGRATE_FAIL), 144);
	assert_int_equal(vm_event(sim, KCOMPACTD_WAKE), 0);
	assert_verified(sim);
}

static void test_bad_input(void **state)
{
	(void)state;
	test_expect_scenario_error(
		"[policy]\ncompaction = lumpy\n",
		"t.ini:2: [policy] compaction: unknown value 'lumpy' (expected none, direct, kcompactd or proactive)");
	test_expect_scenario_error(
		"[sysctl]\nextfrag_threshold = 1001\n",
		"t.ini:2: [sysctl] extfrag_threshold: 1001 out of range (0..1000)");
	test_expect_scenario_error(
		"[sysctl]\ncompaction_proactiveness = 101\n",
		"t.ini:2: [sysctl] compaction_proactiveness: 101 out of range (0..100)");
	test_expect_scenario_error("[cost]\nmigrate_page_ns = 2s\n",
				   "t.ini:2: [cost] migrate_page_ns: '2s' is more than 1 s");
	test_expect_scenario_error(
		"[cost]\ncompact_scan_ns = 10 apples\n",
		"t.ini:2: [cost] compact_scan_ns: bad time '10 apples' (expected a number with ns/us/ms/s suffix)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		test_sim_unit_test(test_compact_zone_scanners),
		test_sim_unit_test(test_compact_free_every_page),
		test_sim_unit_test(test_migrate_frees_source),
		test_sim_unit_test(test_order9_needs_compaction),
		test_sim_unit_test(test_fragmentation_index_threshold),
		cmocka_unit_test(test_defer_backoff),
		test_sim_unit_test(test_wakeup_kcompactd),
		test_sim_unit_test(test_small_run_counters),
		cmocka_unit_test(test_bad_input),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

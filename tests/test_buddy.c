// SPDX-License-Identifier: MIT
/*
 * test_buddy.c - the high-order allocator (issue 14): pageblocks and
 * fallback stealing, the highatomic reserve, gfp masks, the allocation
 * slow path's failures and warn_alloc, the seed-004 watermark variants,
 * the fragmentation files, and the kalloc / highalloc workloads with
 * their bad input.
 */
#include "testsim.h"

#include "mm/page_alloc.h"
#include "mm/gfp.h"

static struct zone *normal_zone(struct sim *sim)
{
	return &sim->nodes[0].node_zones[ZONE_NORMAL];
}

/* free blocks of @mt at each order 0..10 */
static void assert_free_mt(const struct zone *z, int mt, const u64 want[NR_PAGE_ORDERS])
{
	for (unsigned int o = 0; o < NR_PAGE_ORDERS; o++) {
		if (z->free_area[o].nr_free_mt[mt] != want[o])
			print_error("order %u type %d: %llu, want %llu\n", o, mt,
				    (unsigned long long)z->free_area[o].nr_free_mt[mt],
				    (unsigned long long)want[o]);
		assert_int_equal(z->free_area[o].nr_free_mt[mt], want[o]);
	}
}

/*
 * rmqueue_buddy for a test, with what get_page_from_freelist adds: the
 * block's pages clean and uncharged, counted as kernel memory, so that
 * mm_verify accounts for them.
 */
static u32 take(struct sim *sim, struct zone *z, unsigned int order, int mt, unsigned int flags)
{
	u32 pfn = rmqueue_buddy(sim, z, order, mt, flags);

	if (pfn == NO_PFN)
		return pfn;
	for (u32 i = 0; i < 1U << order; i++)
		sim->mem_map[pfn + i] =
			(struct page){ .next = NO_PFN, .prev = NO_PFN, .memcg_id = MEMCG_ID_NONE };
	sim->nr_kernel_pages += 1ULL << order;
	return pfn;
}

/* free_one_page of a block take() gave */
static void give(struct sim *sim, u32 pfn, unsigned int order)
{
	sim->nr_kernel_pages -= 1ULL << order;
	free_one_page(sim, pfn, order);
}

static void assert_mm_ok(struct sim *sim)
{
	char err[256];

	if (mm_verify(sim, err, sizeof(err)))
		fail_msg("%s", err);
}

/* ------------------------------------------------------------------ */
/* Pageblocks and stealing                                             */

/*
 * 2048 pages: two order-10 blocks, pageblocks 0-3 (order 9), all movable.
 * An unmovable page falls back to the largest movable block, order 10 >=
 * pageblock_order: both its pageblocks become unmovable and the split
 * halves go to the unmovable lists.  Freeing it merges back into an
 * unmovable order-10 block; a movable request then uses the other one.
 */
static void test_steal_whole_block(void **state)
{
	struct sim *sim = *state = test_sim_zones(state, 0, 0, 2048, NULL);
	struct zone *z = normal_zone(sim);
	static const u64 split[NR_PAGE_ORDERS] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0 };
	static const u64 one10[NR_PAGE_ORDERS] = { [10] = 1 };
	static const u64 none[NR_PAGE_ORDERS] = { 0 };

	assert_int_equal(pageblock_order(sim), 9);
	for (u32 b = 0; b < 4; b++)
		assert_int_equal(get_pfnblock_migratetype(sim, z, b * 512), MIGRATE_MOVABLE);
	assert_int_equal(take(sim, z, 0, MIGRATE_UNMOVABLE, 0), 0);
	assert_free_mt(z, MIGRATE_UNMOVABLE, split);
	assert_free_mt(z, MIGRATE_MOVABLE, one10);
	assert_int_equal(get_pfnblock_migratetype(sim, z, 0), MIGRATE_UNMOVABLE);
	assert_int_equal(get_pfnblock_migratetype(sim, z, 512), MIGRATE_UNMOVABLE);
	assert_int_equal(get_pfnblock_migratetype(sim, z, 1024), MIGRATE_MOVABLE);
	assert_int_equal(get_pfnblock_migratetype(sim, z, 1536), MIGRATE_MOVABLE);

	give(sim, 0, 0);
	assert_free_mt(z, MIGRATE_UNMOVABLE, one10);
	assert_free_mt(z, MIGRATE_MOVABLE, one10);
	assert_int_equal(take(sim, z, 0, MIGRATE_MOVABLE, 0), 1024);
	assert_free_mt(z, MIGRATE_MOVABLE, split);
	assert_free_mt(z, MIGRATE_UNMOVABLE, one10);
	assert_free_mt(z, MIGRATE_RECLAIMABLE, none);
	assert_int_equal(zone_page_state(z, NR_FREE_PAGES), 2047);
	assert_mm_ok(sim);
}

/*
 * Stealing below pageblock size (v6.12 steal_suitable_fallback): a
 * 1024-page zone whose pages are all allocated movable; then part of
 * pageblock 0 is freed.
 *  - 256 free of 512, the rest in use but not on an LRU: for an unmovable
 *    request those count as alike, 256 + 256 >= 256, so the block is
 *    claimed: its free block moves to the unmovable lists and the request
 *    is split from there.
 *  - 128 free and the other 384 on the LRU (movable): 128 + 0 < 256, so
 *    only the block taken changes hands; the pieces left go back to the
 *    movable lists and the pageblock stays movable.
 */
static void test_steal_claim_or_single(void **state)
{
	struct sim *sim = *state = test_sim_zones(state, 0, 0, 1024, NULL);
	struct zone *z = normal_zone(sim);
	static const u64 lows8[NR_PAGE_ORDERS] = { 1, 1, 1, 1, 1, 1, 1, 1, 0 };
	static const u64 lows7[NR_PAGE_ORDERS] = { 1, 1, 1, 1, 1, 1, 1, 0 };
	static const u64 none[NR_PAGE_ORDERS] = { 0 };

	assert_int_equal(rmqueue_buddy(sim, z, 9, MIGRATE_MOVABLE, 0), 0);
	assert_int_equal(rmqueue_buddy(sim, z, 9, MIGRATE_MOVABLE, 0), 512);
	free_one_page(sim, 0, 8);
	assert_int_equal(z->free_area[8].nr_free_mt[MIGRATE_MOVABLE], 1);
	assert_int_equal(rmqueue_buddy(sim, z, 0, MIGRATE_UNMOVABLE, 0), 0);
	assert_int_equal(get_pfnblock_migratetype(sim, z, 0), MIGRATE_UNMOVABLE);
	assert_free_mt(z, MIGRATE_UNMOVABLE, lows8);
	assert_free_mt(z, MIGRATE_MOVABLE, none);
	assert_int_equal(zone_page_state(z, NR_FREE_PAGES), 255);

	/* again with block 1: pages 640..1023 on the LRU, 512..639 free */
	for (u32 p = 640; p < 1024; p++)
		SetPageFlag(pfn_to_page(sim, p), PG_lru);
	free_one_page(sim, 512, 7);
	assert_int_equal(z->free_area[7].nr_free_mt[MIGRATE_MOVABLE], 1);
	/* exhaust the unmovable lists (255 pages in block 0) first */
	for (u32 p = 1; p < 256; p++)
		assert_int_not_equal(rmqueue_buddy(sim, z, 0, MIGRATE_UNMOVABLE, 0), NO_PFN);
	assert_int_equal(rmqueue_buddy(sim, z, 0, MIGRATE_UNMOVABLE, 0), 512);
	assert_int_equal(get_pfnblock_migratetype(sim, z, 512), MIGRATE_MOVABLE);
	assert_free_mt(z, MIGRATE_MOVABLE, lows7);
	assert_free_mt(z, MIGRATE_UNMOVABLE, none);
	assert_int_equal(zone_page_state(z, NR_FREE_PAGES), 127);
	for (u32 p = 640; p < 1024; p++)
		ClearPageFlag(pfn_to_page(sim, p), PG_lru);
}

/*
 * Merging across pageblocks (v6.12 __free_one_page): a mergeable buddy
 * of another type takes the freed block's type; a highatomic pageblock
 * never merges with a normal one.
 */
static void test_merge_across_pageblocks(void **state)
{
	struct sim *sim = *state = test_sim_zones(state, 0, 0, 1024, NULL);
	struct zone *z = normal_zone(sim);
	static const u64 one10[NR_PAGE_ORDERS] = { [10] = 1 };
	static const u64 one9[NR_PAGE_ORDERS] = { [9] = 1 };

	assert_int_equal(take(sim, z, 9, MIGRATE_MOVABLE, 0), 0);
	assert_int_equal(take(sim, z, 9, MIGRATE_MOVABLE, 0), 512);
	set_pageblock_migratetype(sim, z, 512, MIGRATE_RECLAIMABLE);
	give(sim, 512, 9); /* to the reclaimable lists */
	give(sim, 0, 9); /* movable: merges, block 1 becomes movable */
	assert_free_mt(z, MIGRATE_MOVABLE, one10);
	assert_int_equal(get_pfnblock_migratetype(sim, z, 512), MIGRATE_MOVABLE);

	assert_int_equal(take(sim, z, 9, MIGRATE_MOVABLE, 0), 0);
	assert_int_equal(take(sim, z, 9, MIGRATE_MOVABLE, 0), 512);
	set_pageblock_migratetype(sim, z, 512, MIGRATE_HIGHATOMIC);
	give(sim, 512, 9);
	give(sim, 0, 9);
	assert_free_mt(z, MIGRATE_MOVABLE, one9);
	assert_free_mt(z, MIGRATE_HIGHATOMIC, one9);
	assert_mm_ok(sim);
}

/*
 * The highatomic reserve (v6.12 reserve_highatomic_pageblock): none in a
 * zone whose 1 % is less than a pageblock (2048 pages: 20 < 512); in a
 * 65536-page zone at most ALIGN(655, 512) = 1024 pages, two pageblocks.
 * A reserved block serves ALLOC_HIGHATOMIC requests first; unreserving
 * keeps the last pageblock unless forced and gives blocks back to the
 * movable lists.
 */
static void test_highatomic_reserve(void **state)
{
	struct sim *sim = test_sim_zones(NULL, 0, 0, 2048, NULL);
	struct zone *z = normal_zone(sim);
	u32 pfn;

	pfn = take(sim, z, 2, MIGRATE_UNMOVABLE, ALLOC_HIGHATOMIC);
	reserve_highatomic_pageblock(sim, z, pfn, 2);
	assert_int_equal(z->nr_reserved_highatomic, 0);
	assert_int_equal(get_pfnblock_migratetype(sim, z, pfn), MIGRATE_UNMOVABLE);
	sim_destroy(sim);

	sim = *state = test_sim_zones(state, 0, 0, 65536, NULL);
	z = normal_zone(sim);
	/* order 2, unmovable: steals pageblocks 0-1; pageblock 0 reserved */
	assert_int_equal(take(sim, z, 2, MIGRATE_UNMOVABLE, ALLOC_HIGHATOMIC), 0);
	reserve_highatomic_pageblock(sim, z, 0, 2);
	assert_int_equal(z->nr_reserved_highatomic, 512);
	assert_int_equal(get_pfnblock_migratetype(sim, z, 0), MIGRATE_HIGHATOMIC);
	assert_int_equal(get_pfnblock_migratetype(sim, z, 512), MIGRATE_UNMOVABLE);
	/* 4..511 free in the block: orders 2..8, now highatomic */
	for (unsigned int o = 2; o < 9; o++)
		assert_int_equal(z->free_area[o].nr_free_mt[MIGRATE_HIGHATOMIC], 1);
	/* served from the reserve first */
	assert_int_equal(take(sim, z, 2, MIGRATE_UNMOVABLE, ALLOC_HIGHATOMIC), 4);
	/* an order-9 block: pageblock 2 as a whole, the limit reached */
	assert_int_equal(take(sim, z, 9, MIGRATE_MOVABLE, ALLOC_HIGHATOMIC), 1024);
	reserve_highatomic_pageblock(sim, z, 1024, 9);
	assert_int_equal(z->nr_reserved_highatomic, 1024);
	assert_int_equal(get_pfnblock_migratetype(sim, z, 1024), MIGRATE_HIGHATOMIC);
	pfn = take(sim, z, 1, MIGRATE_MOVABLE, 0);
	reserve_highatomic_pageblock(sim, z, pfn, 1);
	assert_int_equal(z->nr_reserved_highatomic, 1024);
	assert_int_equal(get_pfnblock_migratetype(sim, z, pfn), MIGRATE_MOVABLE);

	/* above one pageblock: pageblock 0 (free blocks from order 3) goes back */
	assert_true(unreserve_highatomic_pageblock(sim, ZONE_NORMAL, false));
	assert_int_equal(z->nr_reserved_highatomic, 512);
	assert_int_equal(get_pfnblock_migratetype(sim, z, 0), MIGRATE_MOVABLE);
	/* the last one stays unless forced; forced, it needs a free block */
	assert_false(unreserve_highatomic_pageblock(sim, ZONE_NORMAL, false));
	assert_false(unreserve_highatomic_pageblock(sim, ZONE_NORMAL, true));
	give(sim, 1024, 9); /* highatomic does not merge with its movable buddy */
	assert_int_equal(z->free_area[9].nr_free_mt[MIGRATE_HIGHATOMIC], 1);
	assert_true(unreserve_highatomic_pageblock(sim, ZONE_NORMAL, true));
	assert_int_equal(z->nr_reserved_highatomic, 0);
	assert_int_equal(get_pfnblock_migratetype(sim, z, 1024), MIGRATE_MOVABLE);
	for (unsigned int o = 0; o < NR_PAGE_ORDERS; o++)
		assert_int_equal(z->free_area[o].nr_free_mt[MIGRATE_HIGHATOMIC], 0);
	assert_mm_ok(sim);
}

/* max_page_order = 8: boot frees order-8 blocks, pageblocks shrink to 8. */
static void test_max_page_order(void **state)
{
	struct sim *sim = *state =
		test_sim_zones(state, 0, 0, 1024, "[policy]\nmax_page_order = 8\n");
	struct zone *z = normal_zone(sim);

	assert_int_equal(pageblock_order(sim), 8);
	assert_int_equal(z->free_area[8].nr_free, 4);
	assert_int_equal(z->free_area[9].nr_free, 0);
	assert_int_equal(rmqueue_buddy(sim, z, 9, MIGRATE_MOVABLE, 0), NO_PFN);
	assert_int_equal(rmqueue_buddy(sim, z, 8, MIGRATE_MOVABLE, 0), 0);
	free_one_page(sim, 0, 8);
	assert_int_equal(z->free_area[8].nr_free, 4);
}

/* ------------------------------------------------------------------ */
/* gfp masks                                                            */

static void assert_gfp_name(gfp_t gfp, const char *want)
{
	char buf[256];

	gfp_format(gfp, buf, sizeof(buf));
	assert_string_equal(buf, want);
}

static void test_gfp(void **state)
{
	char err[256];
	gfp_t g;

	(void)state;
	/* the values kernel logs print */
	assert_int_equal(GFP_KERNEL, 0xcc0);
	assert_int_equal(GFP_ATOMIC, 0x820);
	assert_int_equal(GFP_HIGHUSER_MOVABLE, 0x100cca);
	assert_gfp_name(GFP_KERNEL, "GFP_KERNEL");
	assert_gfp_name(GFP_ATOMIC, "GFP_ATOMIC");
	assert_gfp_name(GFP_NOWAIT, "GFP_NOWAIT");
	assert_gfp_name(GFP_HIGHUSER_MOVABLE | __GFP_NOWARN, "GFP_HIGHUSER_MOVABLE|__GFP_NOWARN");
	assert_gfp_name(GFP_KERNEL | __GFP_COMP | __GFP_ZERO, "GFP_KERNEL|__GFP_COMP|__GFP_ZERO");
	assert_gfp_name(GFP_TRANSHUGE_LIGHT, "GFP_TRANSHUGE_LIGHT");
	assert_gfp_name(0, "0");
	assert_gfp_name(0x200 | __GFP_HIGH, "__GFP_HIGH|0x200");

	assert_int_equal(gfp_parse("GFP_KERNEL | __GFP_NOWARN", &g, err, sizeof(err)), 0);
	assert_int_equal(g, 0x2cc0);
	assert_int_equal(gfp_parse("0x820", &g, err, sizeof(err)), 0);
	assert_int_equal(g, GFP_ATOMIC);
	assert_int_equal(gfp_parse("GFP_KERNEL|GFP_BOGUS", &g, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "unknown gfp flag 'GFP_BOGUS'"));

	assert_int_equal(gfp_zone(GFP_KERNEL, arch_zones(SCN_ARCH_X86_64)), ZONE_NORMAL);
	assert_int_equal(gfp_zone(GFP_HIGHUSER_MOVABLE, arch_zones(SCN_ARCH_X86_64)), ZONE_MOVABLE);
	assert_int_equal(gfp_zone(GFP_KERNEL | __GFP_DMA32, arch_zones(SCN_ARCH_X86_64)),
			 ZONE_DMA32);
	assert_int_equal(gfp_zone(GFP_ATOMIC | __GFP_DMA | __GFP_MOVABLE,
				  arch_zones(SCN_ARCH_X86_64)),
			 ZONE_DMA);
	assert_int_equal(gfp_zone(GFP_KERNEL | __GFP_MOVABLE, arch_zones(SCN_ARCH_X86_64)),
			 ZONE_NORMAL);
	assert_int_equal(gfp_migratetype(GFP_KERNEL), MIGRATE_UNMOVABLE);
	assert_int_equal(gfp_migratetype(GFP_HIGHUSER_MOVABLE), MIGRATE_MOVABLE);
	assert_int_equal(gfp_migratetype(GFP_KERNEL | __GFP_RECLAIMABLE), MIGRATE_RECLAIMABLE);

	assert_int_equal(gfp_check(GFP_KERNEL | __GFP_DMA32, err, sizeof(err)), 0);
	assert_int_equal(gfp_check(GFP_DMA | GFP_DMA32, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "GFP_ZONE_BAD"));
	assert_int_equal(gfp_check(__GFP_HIGHMEM | __GFP_DMA32, err, sizeof(err)), -1);
	assert_int_equal(gfp_check(__GFP_MOVABLE | __GFP_RECLAIMABLE, err, sizeof(err)), -1);
	assert_int_equal(gfp_check(GFP_ATOMIC | __GFP_NOFAIL, err, sizeof(err)), -1);
}

/* ------------------------------------------------------------------ */
/* The slow path's failures and warn_alloc                              */

struct alloc_call {
	gfp_t gfp;
	unsigned int order;
	enum vm_fault_result r;
	u32 pfn;
};

static void alloc_fn(struct task *t, void *arg)
{
	struct alloc_call *a = arg;

	a->r = __alloc_pages(t, a->gfp, a->order, &a->pfn);
}

static enum vm_fault_result run_alloc(struct task *t, gfp_t gfp, unsigned int order)
{
	struct test_call c;
	struct alloc_call a = { .gfp = gfp, .order = order, .pfn = NO_PFN };

	test_call_start(t, &c, alloc_fn, &a);
	/* the reclaim may sleep (throttled for lack of progress): wake it */
	for (int i = 0; i < 1000 && !test_call_step(t); i++) {
		if (t->state == TASK_BLOCKED) {
			wake_up_task(t);
			t->state = TASK_RUNNING;
		}
	}
	assert_true(c.done);
	return a.r;
}

/*
 * 2048 free pages in two order-10 blocks, each split by one page: the
 * watermarks pass (2046 free) but no order-10 block exists.  GFP_KERNEL
 * order 10 is costly: one direct reclaim (nothing to reclaim), then it
 * fails without __GFP_RETRY_MAYFAIL, and no OOM kill.  warn_alloc logs
 * the kernel's line; __GFP_NOWARN counts without a line; GFP_NOWAIT
 * fails before any reclaim.  The ratelimit lets 10 lines through per 5 s
 * and reports the suppressed ones when the next window opens.
 */
static void test_alloc_failure(void **state)
{
	struct sim *sim = *state = test_sim_zones(state, 0, 0, 2048, NULL);
	struct zone *z = normal_zone(sim);
	struct task *t = test_task_in(sim, sim->memcgs[0]);
	u64 stalls;

	assert_int_equal(rmqueue_buddy(sim, z, 0, MIGRATE_MOVABLE, 0), 0);
	assert_int_equal(rmqueue_buddy(sim, z, 0, MIGRATE_UNMOVABLE, 0), 1024);

	stalls = sim->vm_events[ALLOCSTALL_NORMAL] + sim->vm_events[ALLOCSTALL_MOVABLE];
	assert_int_equal(run_alloc(t, GFP_KERNEL, 10), VM_FAULT_NOMEM);
	assert_int_equal(sim->alloc_failures.failed[10], 1);
	assert_int_equal(sim->reclaim.oom_kills, 0);
	assert_int_equal(sim->vm_events[ALLOCSTALL_NORMAL] + sim->vm_events[ALLOCSTALL_MOVABLE],
			 stalls + 1);
	assert_int_equal(sim->kmsg.nr, 1);
	assert_string_equal(
		sim->kmsg.lines[0].text,
		"test: page allocation failure: order:10, mode:0xcc0(GFP_KERNEL), nodemask=(null),cpuset=/,mems_allowed=0");

	assert_int_equal(run_alloc(t, GFP_KERNEL | __GFP_NOWARN, 10), VM_FAULT_NOMEM);
	assert_int_equal(sim->alloc_failures.failed[10], 2);
	assert_int_equal(sim->alloc_failures.warned, 1);
	assert_int_equal(sim->kmsg.nr, 1);

	stalls = sim->vm_events[ALLOCSTALL_NORMAL] + sim->vm_events[ALLOCSTALL_MOVABLE];
	assert_int_equal(run_alloc(t, GFP_NOWAIT, 10), VM_FAULT_NOMEM);
	assert_int_equal(sim->vm_events[ALLOCSTALL_NORMAL] + sim->vm_events[ALLOCSTALL_MOVABLE],
			 stalls);
	assert_string_equal(
		sim->kmsg.lines[1].text,
		"test: page allocation failure: order:10, mode:0x800(GFP_NOWAIT), nodemask=(null),cpuset=/,mems_allowed=0");
	/* an order that fits succeeds, from the unmovable block for GFP_KERNEL */
	assert_int_equal(run_alloc(t, GFP_KERNEL, 3), VM_FAULT_DONE);

	/* 10 lines per window: 8 more print, then 3 are suppressed */
	for (int i = 0; i < 11; i++)
		assert_int_equal(run_alloc(t, GFP_NOWAIT, 10), VM_FAULT_NOMEM);
	assert_int_equal(sim->kmsg.nr, 10);
	assert_int_equal(sim->alloc_failures.rs_missed, 3);
	sim->eng.now += 5 * NSEC_PER_SEC;
	assert_int_equal(run_alloc(t, GFP_ATOMIC, 10), VM_FAULT_NOMEM);
	assert_int_equal(sim->kmsg.nr, 12);
	assert_string_equal(sim->kmsg.lines[10].text, "warn_alloc: 3 callbacks suppressed");
	assert_non_null(strstr(sim->kmsg.lines[11].text, "mode:0x820(GFP_ATOMIC)"));
	assert_int_equal(sim->alloc_failures.failed[10], 15);
}

/* ------------------------------------------------------------------ */
/* Watermark variants (seed 004, SPEC-seeds C.1)                        */

static void fake_zone(struct zone *z, long free, const u64 blocks[NR_PAGE_ORDERS])
{
	memset(z, 0, sizeof(*z));
	z->vm_stat[NR_FREE_PAGES] = free;
	for (unsigned int o = 0; o < NR_PAGE_ORDERS; o++) {
		z->free_area[o].nr_free = blocks[o];
		z->free_area[o].nr_free_mt[MIGRATE_MOVABLE] = blocks[o];
	}
}

static const unsigned int flag_sets[] = { 0, ALLOC_HIGH, ALLOC_HIGH | ALLOC_HARDER };

/* Cases A (80 and 70 free) and B: true under all three rules and all
 * three flag sets. */
static void test_wmark_variants_seed_cases(void **state)
{
	static const u64 a[NR_PAGE_ORDERS] = { 30, 10, 5 };
	static const u64 b[NR_PAGE_ORDERS] = { [3] = 10 };
	struct zone z;

	(void)state;
	for (unsigned int i = 0; i < 3; i++) {
		unsigned int f = flag_sets[i];

		fake_zone(&z, 80, a);
		assert_true(zone_watermark_ok_order_walk(&z, 2, 64, ZONE_DMA, f));
		assert_true(zone_watermark_ok_any_block(&z, 2, 64, ZONE_DMA, f));
		assert_true(zone_watermark_ok(&z, 2, 64, ZONE_DMA, f));
		fake_zone(&z, 70, a);
		assert_true(zone_watermark_ok_order_walk(&z, 2, 64, ZONE_DMA, f));
		assert_true(zone_watermark_ok_any_block(&z, 2, 64, ZONE_DMA, f));
		assert_true(zone_watermark_ok(&z, 2, 64, ZONE_DMA, f));
		fake_zone(&z, 80, b);
		assert_true(zone_watermark_ok_order_walk(&z, 2, 64, ZONE_DMA, f));
		assert_true(zone_watermark_ok_any_block(&z, 2, 64, ZONE_DMA, f));
		assert_true(zone_watermark_ok(&z, 2, 64, ZONE_DMA, f));
	}
	/* 69 free: 2.6.28 fails at o = 1 (16 <= 16); the block rules pass */
	fake_zone(&z, 69, a);
	assert_false(zone_watermark_ok_order_walk(&z, 2, 64, ZONE_DMA, 0));
	assert_true(zone_watermark_ok_any_block(&z, 2, 64, ZONE_DMA, 0));
}

/*
 * Where the rules disagree: order 2, mark 64, 100 free in 90 order-0, 1
 * order-1 and 2 order-2 blocks.  2.6.28: 97 > 64, 97 - 90 = 7 <= 32 →
 * false (also with HIGH: 7 <= 16; HIGH+HARDER: 7 <= 12).  KOSAKI and
 * v4.4+: an order-2 block exists → true.  And where KOSAKI's rule and
 * v4.4+ disagree: the only big block is highatomic, which any_block
 * counts and modern does not (without ALLOC_HIGHATOMIC).
 */
static void test_wmark_variants_disagree(void **state)
{
	static const u64 frag[NR_PAGE_ORDERS] = { 90, 1, 2 };
	static const u64 small[NR_PAGE_ORDERS] = { 90, 3 };
	struct zone z;

	(void)state;
	for (unsigned int i = 0; i < 3; i++) {
		fake_zone(&z, 100, frag);
		assert_false(zone_watermark_ok_order_walk(&z, 2, 64, ZONE_DMA, flag_sets[i]));
		assert_true(zone_watermark_ok_any_block(&z, 2, 64, ZONE_DMA, flag_sets[i]));
		assert_true(zone_watermark_ok(&z, 2, 64, ZONE_DMA, flag_sets[i]));
	}
	fake_zone(&z, 100, small);
	z.free_area[2].nr_free = 1;
	z.free_area[2].nr_free_mt[MIGRATE_HIGHATOMIC] = 1;
	assert_true(zone_watermark_ok_any_block(&z, 2, 64, ZONE_DMA, 0));
	assert_false(zone_watermark_ok(&z, 2, 64, ZONE_DMA, 0));
	assert_true(zone_watermark_ok(&z, 2, 64, ZONE_DMA, ALLOC_HIGHATOMIC));
	/* no block of the order at all: every rule says no */
	fake_zone(&z, 100, small);
	assert_false(zone_watermark_ok_any_block(&z, 2, 64, ZONE_DMA, 0));
}

/* ------------------------------------------------------------------ */
/* The fragmentation files                                              */

static char *capture(void (*fn)(FILE *, const struct sim *), const struct sim *sim)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	fn(f, sim);
	fclose(f);
	return buf;
}

/*
 * A 2048-page Normal zone after one unmovable page was taken: orders 0-9
 * hold one unmovable block each, order 10 one movable block.
 */
static void test_frag_files(void **state)
{
	struct sim *sim = *state = test_sim_zones(state, 0, 0, 2048, NULL);
	char *s;

	assert_int_equal(rmqueue_buddy(sim, normal_zone(sim), 0, MIGRATE_UNMOVABLE, 0), 0);
	s = capture(report_buddyinfo, sim);
	assert_string_equal(
		s,
		"Node 0, zone   Normal      1      1      1      1      1      1      1      1      1      1      1 \n");
	free(s);
	s = capture(report_pagetypeinfo, sim);
	assert_non_null(strstr(s, "Page block order: 9\nPages per block:  512\n\n"));
	assert_non_null(strstr(
		s,
		"Node    0, zone   Normal, type    Unmovable      1      1      1      1      1      1      1      1      1      1      0 \n"));
	assert_non_null(strstr(
		s,
		"Number of blocks type     Unmovable      Movable  Reclaimable   HighAtomic      Isolate \nNode 0, zone   Normal            2            2            0            0            0 \n"));
	free(s);
	/*
	 * 2047 free pages in 11 blocks.  Unusable at order o: the pages in
	 * blocks below o: order 1: 1/2047 = 0.000; order 4: 15/2047 = 0.007;
	 * order 10: 1023/2047 = 0.499.  No request fails, so the
	 * fragmentation index is -1.000 at every order.
	 */
	s = capture(report_unusable_index, sim);
	assert_string_equal(
		s,
		"Node 0, zone   Normal 0.000 0.000 0.001 0.003 0.007 0.015 0.030 0.062 0.124 0.249 0.499 \n");
	free(s);
	s = capture(report_extfrag_index, sim);
	assert_string_equal(
		s,
		"Node 0, zone   Normal -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 -1.000 \n");
	free(s);
}

/* __fragmentation_index on hand-made counts: 1000 - (1000 + free*1000/2^o) / blocks */
static void test_fragmentation_index(void **state)
{
	struct contig_page_info info = { .free_pages = 1000,
					 .free_blocks_total = 1000,
					 .free_blocks_suitable = 0 };

	(void)state;
	/* order 9: 1000 - (1000 + 1953) / 1000 = 998: fragmentation */
	assert_int_equal(fragmentation_index(9, &info), 998);
	/* 2 blocks of 500 free pages, order 10: 1000 - (1000 + 976)/2 = 12: lack of memory */
	info = (struct contig_page_info){ 1000, 2, 0 };
	assert_int_equal(fragmentation_index(10, &info), 12);
	info = (struct contig_page_info){ 0, 0, 0 };
	assert_int_equal(fragmentation_index(3, &info), 0);
	assert_int_equal(unusable_free_index(3, &info), 1000);
	info = (struct contig_page_info){ 1024, 1, 1 };
	assert_int_equal(fragmentation_index(10, &info), -1000);
	assert_int_equal(unusable_free_index(10, &info), 0);
}

/* ------------------------------------------------------------------ */
/* The workloads and their bad input                                    */

/*
 * highalloc on an idle 64 MiB machine: DMA32 (12288 pages, low 240) gives
 * 23 order-9 blocks (a 24th would leave 1 page free) and DMA (4096 pages,
 * low 80 + 48 of protection against Movable requests) 7: 30 blocks.  The
 * default attempts, (16384 >> 9) * 95 / 100 = 30, all succeed; 32
 * attempts fail twice: 93 % (integer), failures counted, and not logged
 * (__GFP_NOWARN).
 */
static void test_highalloc_idle(void **state)
{
	static const char ini[] = "[machine]\nmemory = 64M\ncpus = 2\n"
				  "[workload h]\ntype = highalloc\ninterval = 1ms\n"
				  "[run]\nduration = 10s\n";
	struct sim *sim = test_sim_from_text(NULL, "h.ini", ini);
	struct workload_inst *wl;

	assert_int_equal(sim_run(sim), 0);
	wl = test_workload_named(sim, "h");
	assert_true(test_figure(wl, "attempted") == 30);
	assert_true(test_figure(wl, "success") == 30);
	assert_true(test_figure(wl, "success_pct") == 100);
	sim_destroy(sim);

	sim = *state = test_sim_from_text(state, "h.ini",
					  "[machine]\nmemory = 64M\ncpus = 2\n"
					  "[workload h]\ntype = highalloc\ninterval = 1ms\n"
					  "attempts = 32\n[run]\nduration = 10s\n");
	assert_int_equal(sim_run(sim), 0);
	wl = test_workload_named(sim, "h");
	assert_true(test_figure(wl, "attempted") == 32);
	assert_true(test_figure(wl, "success") == 30);
	assert_true(test_figure(wl, "failed") == 2);
	assert_true(test_figure(wl, "success_pct") == 93);
	assert_int_equal(sim->alloc_failures.failed[9], 2);
	assert_int_equal(sim->alloc_failures.warned, 0);
	assert_int_equal(sim->kmsg.nr, 0);
	assert_int_equal(sim->nr_kernel_pages, 0); /* all freed at the end */
	assert_mm_ok(sim);
}

/*
 * kalloc: 2000 unmovable allocations of orders 0 and 3 with short
 * lifetimes on a 64 MiB machine all succeed and are all freed; the
 * unmovable pageblocks they stole stay unmovable.
 */
static void test_kalloc_run(void **state)
{
	struct sim *sim = *state = test_sim_from_text(
		state, "k.ini",
		"[machine]\nmemory = 64M\ncpus = 2\n[workload k]\ntype = kalloc\nallocs = 2000\norders = 0:3,3:1\nlifetime = 10ms\nrate = 40M\n[run]\nduration = 10s\n");
	struct workload_inst *wl;
	u64 unmovable = 0;

	assert_int_equal(sim_run(sim), 0);
	wl = test_workload_named(sim, "k");
	assert_true(test_figure(wl, "attempts") == 2000);
	assert_true(test_figure(wl, "failed") == 0);
	assert_true(test_figure(wl, "success_pct") == 100);
	assert_true(test_figure(wl, "peak_pages") > 8);
	assert_int_equal(sim->nr_kernel_pages, 0);
	for (int z = 0; z < MAX_NR_ZONES; z++) {
		struct zone *zone = &sim->nodes[0].node_zones[z];

		for (u64 b = 0;
		     populated_zone(zone) && b <= (zone->managed_pages - 1) >> pageblock_order(sim);
		     b++)
			unmovable += zone->pageblock_mt[b] == MIGRATE_UNMOVABLE;
	}
	assert_true(unmovable >= 1);
	assert_mm_ok(sim);
}

static void test_bad_input(void **state)
{
	(void)state;
	test_expect_scenario_error("[workload k]\ntype = kalloc\norders = 11\n",
				   "t.ini:3: [workload k] orders: order 11 out of range (0..10)");
	test_expect_scenario_error(
		"[policy]\nmax_page_order = 8\n[workload k]\ntype = kalloc\norders = 0:5,9:1\n",
		"t.ini:5: [workload k] orders: 9 is beyond max_page_order 8 (valid 0..8)");
	test_expect_scenario_error("[policy]\nmax_page_order = 11\n",
				   "t.ini:2: [policy] max_page_order: 11 out of range (1..10)");
	test_expect_scenario_error(
		"[workload k]\ntype = kalloc\ngfp = GFP_KERNEL|__GFP_NORETRI\n",
		"t.ini:3: [workload k] gfp: unknown gfp flag '__GFP_NORETRI' (the kernel's names: GFP_KERNEL, GFP_ATOMIC, GFP_NOWAIT, __GFP_NORETRY, ... joined by |)");
	test_expect_scenario_error(
		"[workload k]\ntype = kalloc\ngfp = GFP_KERNEL|__GFP_DMA|__GFP_DMA32\n",
		"t.ini:3: [workload k] gfp: impossible zone modifiers: at most one of __GFP_DMA, __GFP_DMA32, __GFP_HIGHMEM (GFP_ZONE_BAD)");
	test_expect_scenario_error(
		"[workload k]\ntype = kalloc\ncontext = interrupt\n",
		"t.ini:3: [workload k] context: interrupt cannot sleep: gfp GFP_KERNEL has __GFP_DIRECT_RECLAIM (valid: a mask without it, e.g. GFP_ATOMIC, GFP_NOWAIT)");
	test_expect_scenario_error(
		"[workload k]\ntype = kalloc\norders = 0:0\n",
		"t.ini:3: [workload k] orders: weight 0 out of range (1..1000000)");
	test_expect_scenario_error("[workload h]\ntype = highalloc\norder = 12\n",
				   "t.ini:3: [workload h] order: 12 out of range (0..10)");
	test_expect_scenario_error(
		"[policy]\nmax_page_order = 8\n[workload h]\ntype = highalloc\n",
		"t.ini:3: [workload h] order: 9 is beyond max_page_order 8 (valid 0..8)");
	test_expect_scenario_error(
		"[workload h]\ntype = highalloc\ngfp_mask = GFP_HIGHUSER|__GFP_DMA\n",
		"t.ini:3: [workload h] gfp_mask: impossible zone modifiers: at most one of __GFP_DMA, __GFP_DMA32, __GFP_HIGHMEM (GFP_ZONE_BAD)");
	test_expect_scenario_error(
		"[policy]\nwatermark_check = kosaki\n",
		"t.ini:2: [policy] watermark_check: unknown value 'kosaki' (expected modern, order_walk or any_block)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		test_sim_unit_test(test_steal_whole_block),
		test_sim_unit_test(test_steal_claim_or_single),
		test_sim_unit_test(test_merge_across_pageblocks),
		test_sim_unit_test(test_highatomic_reserve),
		test_sim_unit_test(test_max_page_order),
		cmocka_unit_test(test_gfp),
		test_sim_unit_test(test_alloc_failure),
		cmocka_unit_test(test_wmark_variants_seed_cases),
		cmocka_unit_test(test_wmark_variants_disagree),
		test_sim_unit_test(test_frag_files),
		cmocka_unit_test(test_fragmentation_index),
		test_sim_unit_test(test_highalloc_idle),
		test_sim_unit_test(test_kalloc_run),
		cmocka_unit_test(test_bad_input),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

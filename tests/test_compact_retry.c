// SPDX-License-Identifier: MIT
/*
 * test_compact_retry.c - [policy] compact_retry (issue 26 item 2): when
 * the allocator's slow path retries a failed direct compaction before the
 * OOM killer.  4.7 and 4.8 (migrate_mode) retried once in the sync-light
 * migrate mode and then OOM-killed, whatever the order; 4.9+ (priority)
 * escalates to MIN_COMPACT_PRIORITY, the whole zone with any pageblock's
 * free pages as targets, for orders up to PAGE_ALLOC_COSTLY_ORDER.
 */
#include "testmm.h"

#include "mm/compaction.h"
#include "mm/page_alloc.h"

/*
 * One DMA32 zone of 4096 pages (pageblocks of 512), min_free_kbytes 128
 * (min 32), every page in use: pageblocks 0..3 hold clean page cache;
 * pageblocks 4..7 were taken over by kernel allocations (their type
 * UNMOVABLE), a kernel page at every even pfn and a page-cache page at
 * every odd one, and their page cache is the oldest on the LRU.  Reclaim
 * frees those odd pages first: free memory grows in single pages whose
 * buddies are kernel pages, so no order-1 or larger block ever forms, and
 * all of it lies in UNMOVABLE pageblocks, which compaction below
 * MIN_COMPACT_PRIORITY does not take as migration targets.  A task with
 * an (empty) mm asks for an order-2 GFP_KERNEL block (fork's stack).
 */
#define ZONE_PAGES 4096
#define MOVABLE_END 2048

static struct zone *zone_of(struct sim *sim, enum zone_type z)
{
	return &sim->nodes[0].node_zones[z];
}

struct alloc_arg {
	enum vm_fault_result r;
	u32 pfn;
};

static void alloc_order2(struct task *t, void *arg)
{
	struct alloc_arg *a = arg;

	a->r = alloc_kernel_pages(t, GFP_KERNEL, 2, &a->pfn);
}

static struct sim *order2_under_pressure(void **state, const char *retry, struct alloc_arg *a)
{
	static struct test_call c; /* outlives the call: t->fn_arg */
	char extra[256];
	struct sim *sim;
	struct zone *z;
	struct task *t;
	struct address_space *mapping;
	u32 index = 0;
	int steps = 0;

	snprintf(extra, sizeof(extra),
		 "cpus = 1\n[sysctl]\nmin_free_kbytes = 128\n[policy]\npcp_lists = off\n"
		 "compaction = direct\nwatermark_boost = off\ncompact_retry = %s\n",
		 retry);
	sim = test_sim_zones(state, 0, ZONE_PAGES, 0, extra);
	z = zone_of(sim, ZONE_DMA32);
	t = test_task_in(sim, sim->memcgs[0]);
	t->mm = mm_alloc(sim, t);
	assert_non_null(t->mm);
	mapping = file_create(sim, "f", ZONE_PAGES);
	for (u32 i = 0; i < ZONE_PAGES; i++) {
		u32 pfn = rmqueue_buddy(sim, z, 0, MIGRATE_MOVABLE, 0);

		assert_int_not_equal(pfn, NO_PFN);
		/* a kernel page, until the page cache below takes it */
		sim->mem_map[pfn] =
			(struct page){ .next = NO_PFN, .prev = NO_PFN, .memcg_id = MEMCG_ID_NONE };
	}
	for (u32 b = MOVABLE_END; b < ZONE_PAGES; b += 512)
		set_pageblock_migratetype(sim, z, b, MIGRATE_UNMOVABLE);
	/*
	 * page cache: the odd pages of pageblocks 7..4 first, from the top
	 * (where the free scanner starts), then pageblocks 0..3
	 */
	for (u32 i = 0; i < ZONE_PAGES - MOVABLE_END / 2; i++) {
		u32 pfn = i < (ZONE_PAGES - MOVABLE_END) / 2 ? ZONE_PAGES - 1 - 2 * i :
							       i - (ZONE_PAGES - MOVABLE_END) / 2;

		sim->mem_map[pfn] = (struct page){ .next = NO_PFN,
						   .prev = NO_PFN,
						   .memcg_id = MEMCG_ID_NONE,
						   .mapping_id = mapping->id,
						   .index = index };
		assert_int_equal(mem_cgroup_charge(t, pfn, GFP_HIGHUSER_MOVABLE), VM_FAULT_DONE);
		xa_store(sim, &mapping->i_pages, index++, (u64)pfn + 1);
		mapping->nrpages++;
		mod_lruvec_page_state(sim, pfn, NR_FILE_PAGES, 1);
		folio_add_lru(sim, pfn);
	}
	sim->nr_kernel_pages += (ZONE_PAGES - MOVABLE_END) / 2;
	assert_int_equal(zone_page_state(z, NR_FREE_PAGES), 0);

	test_call_start(t, &c, alloc_order2, a);
	while (!test_call_step(t)) {
		if (t->state == TASK_BLOCKED)
			wait_for_wakeup(sim, t);
		assert_true(++steps < 100000);
	}
	return sim;
}

/*
 * Each round of the slow path reclaims 42 page-cache pages (the top
 * pageblocks' odd ones: single free pages), then compacts.  The first
 * compaction runs asynchronously (COMPACT_PRIO_ASYNC): it migrates only
 * from UNMOVABLE pageblocks (whose kernel pages block every order-2
 * block) and fails; both rules retry in sync-light, which has no target
 * (no free page in a MOVABLE pageblock) and fails: COMPACT_COMPLETE.
 * migrate_mode (4.7, 4.8) gives up there and OOM-kills the task, with 84
 * pages free.  priority (4.9+) runs a third round at MIN_COMPACT_PRIORITY,
 * whose free scanner takes any pageblock's free pages: pageblock 0's
 * first 126 pages move into the free pages above, and the block at pfn 0
 * is allocated.
 */
static void test_compact_retry(void **state)
{
	struct alloc_arg a = { VM_FAULT_DONE, NO_PFN };
	struct sim *sim = order2_under_pressure(state, "migrate_mode", &a);

	assert_int_equal(a.r, VM_FAULT_OOM);
	assert_int_equal(sim->reclaim.oom_kills, 1);
	assert_int_equal(sim->reclaim.allocstall_order[2], 2);
	assert_int_equal(vm_event(sim, COMPACTSTALL), 2);
	assert_int_equal(vm_event(sim, COMPACTFAIL), 2);
	assert_int_equal(vm_event(sim, COMPACTSUCCESS), 0);
	assert_int_equal(vm_event(sim, PGMIGRATE_SUCCESS), 0);
	assert_int_equal(zone_page_state(zone_of(sim, ZONE_DMA32), NR_FREE_PAGES), 84);
	sim_destroy(sim);

	a = (struct alloc_arg){ VM_FAULT_DONE, NO_PFN };
	sim = order2_under_pressure(state, "priority", &a);
	assert_int_equal(a.r, VM_FAULT_DONE);
	assert_int_equal(a.pfn, 0);
	assert_int_equal(sim->reclaim.oom_kills, 0);
	assert_int_equal(sim->reclaim.allocstall_order[2], 3);
	assert_int_equal(vm_event(sim, COMPACTSTALL), 3);
	assert_int_equal(vm_event(sim, COMPACTFAIL), 2);
	assert_int_equal(vm_event(sim, COMPACTSUCCESS), 1);
	assert_int_equal(vm_event(sim, PGMIGRATE_SUCCESS), 126);
	free_kernel_pages(sim, a.pfn, 2);
	assert_verified(sim);
	sim_destroy(sim);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_compact_retry),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

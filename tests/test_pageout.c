// SPDX-License-Identifier: MIT
/*
 * test_pageout.c - shrink_page_list's writeback decisions by kernel line
 * (SPEC-seeds B.1, SPEC.md section 4), pageout() and lumpy reclaim's
 * isolation and synchronous pass (SPEC-seeds B.2), with exact values on
 * small hand-driven simulations: 2.6.35 (traceonly / stackreduce), its
 * nodirect variant (direct_writeback = deny), 3.2..3.10's rule and 6.12.
 *
 * Each test builds a 1-CPU, 64 MiB machine with 64 MiB of swap; a task
 * that never runs on the scheduler owns an anon mapping or writes a file,
 * and the test isolates pages, calls shrink_folio_list in the task's
 * coroutine and completes I/O in its place.
 */
#include <stdlib.h>
#include <string.h>

#include "testmm.h"
#include "mm/trace_vmscan.h"

#define INI_POLICY(kernel, policy)               \
	"[machine]\n"                            \
	"cpus = 1\n"                             \
	"memory = 64M\n"                         \
	"zones = DMA:16M, DMA32:rest\n"          \
	"swap = 64M\n"                           \
	"[policy]\n"                             \
	"kernel = " kernel "\n" policy "[run]\n" \
	"duration = 1s\n"
#define INI(kernel) INI_POLICY(kernel, "")

#define F(flag) (1u << (flag))

static struct pglist_data *node0(struct sim *sim)
{
	return &sim->nodes[0];
}

static struct lruvec *root_lruvec(struct sim *sim)
{
	return mem_cgroup_lruvec(sim->memcgs[0], node0(sim));
}

/* A task of @memcg with an mm and one inactive anon page written at *vpn, its PTE old. */
static u32 new_anon_page_in(struct sim *sim, struct mem_cgroup *memcg, struct task **t, u64 *vpn)
{
	u32 pfn;

	*t = test_task_in(sim, memcg);
	(*t)->mm = mm_alloc(sim, *t);
	assert_non_null((*t)->mm);
	*vpn = mmap_anon((*t)->mm, 1);
	assert_int_equal(handle_mm_fault(*t, *vpn, true), VM_FAULT_DONE);
	*pte_of(*t, *vpn) &= ~PTE_YOUNG;
	lru_add_drain(sim, 0);
	pfn = pte_pfn(*pte_of(*t, *vpn));
	/* 2.6.x adds new anon pages to the active list: deactivated since */
	lruvec_del_folio(sim, folio_lruvec(sim, pfn), pfn);
	ClearPageFlag(pfn_to_page(sim, pfn), PG_active);
	folio_add_lru(sim, pfn);
	return pfn;
}

/* The same in the root memcg. */
static u32 new_anon_page(struct sim *sim, struct task **t, u64 *vpn)
{
	return new_anon_page_in(sim, sim->memcgs[0], t, vpn);
}

/* A dirty page-cache page written by @t at index 0 of a new file. */
static u32 new_dirty_file_page(struct sim *sim, struct task *t)
{
	struct address_space *mapping = file_create(sim, "f", 4);
	u32 pfn;

	assert_int_equal(filemap_write(t, mapping, 0, 1), VM_FAULT_DONE);
	lru_add_drain(sim, 0);
	pfn = mapping_pfn(mapping, 0);
	assert_int_not_equal(pfn, NO_PFN);
	assert_true(PageFlag(pfn_to_page(sim, pfn), PG_dirty));
	ClearPageFlag(pfn_to_page(sim, pfn), PG_referenced);
	return pfn;
}

/* The batch a test hands to shrink_folio_list: registered for reclaim_abort. */
static struct isolated_folios isol;

static void batch_init(struct task *t)
{
	isol = (struct isolated_folios){ .lruvec = mem_cgroup_lruvec(t->memcg, node0(t->sim)),
					 .lru = LRU_INACTIVE_ANON };
	pfn_list_init(&isol.folio_list);
	pfn_list_init(&isol.ret_folios);
	pfn_list_init(&isol.dirty_folios);
	pfn_list_init(&isol.free_folios);
	mm_task(t)->reclaim.isolated = &isol;
}

/* Take @pfn off its LRU list into the batch (isolate_lru_folios for one page). */
static void batch_add(struct sim *sim, u32 pfn)
{
	lruvec_del_folio(sim, folio_lruvec(sim, pfn), pfn);
	SetPageFlag(pfn_to_page(sim, pfn), PG_isolated);
	pfn_list_add_tail(sim, &isol.folio_list, pfn);
}

/* Move the survivors back into the batch for another pass. */
static void batch_again(struct sim *sim)
{
	while (!pfn_list_empty(&isol.ret_folios)) {
		u32 pfn = isol.ret_folios.head;

		pfn_list_del(sim, &isol.ret_folios, pfn);
		pfn_list_add_tail(sim, &isol.folio_list, pfn);
	}
}

/* One shrink_folio_list of the batch, run in the task's coroutine. */
struct shrink_call {
	struct test_call call;
	struct scan_control sc;
	struct reclaim_stat stat;
	unsigned long nr_reclaimed;
};
static struct shrink_call sh; /* outlives the test's frame: t->fn_arg */

static void shrink_fn(struct task *t, void *arg)
{
	struct shrink_call *c = arg;

	c->nr_reclaimed = shrink_folio_list(t, &isol, node0(t->sim), &c->sc, &c->stat);
}

/*
 * Run shrink_folio_list over the batch as direct reclaim (or kswapd) at
 * DEF_PRIORITY in pass @io - global reclaim, or @target's limit reclaim
 * - completing I/O whenever the task sleeps; returns how many times it
 * slept.
 */
static unsigned int shrink_for(struct task *t, bool kswapd, enum pageout_io io,
			       struct mem_cgroup *target)
{
	unsigned int sleeps = 0, steps = 0;

	sh.sc = (struct scan_control){
		.nr_to_reclaim = SWAP_CLUSTER_MAX,
		.target_mem_cgroup = target,
		.may_writepage = true,
		.may_unmap = true,
		.may_swap = true,
		.priority = DEF_PRIORITY,
		.reclaim_idx = MAX_NR_ZONES - 1,
		.kswapd = kswapd,
		.pageout_io = io,
	};
	test_call_start(t, &sh.call, shrink_fn, &sh);
	while (!test_call_step(t)) {
		if (t->state == TASK_BLOCKED) {
			wait_for_wakeup(t->sim, t);
			sleeps++;
		}
		assert_true(++steps < 1000);
	}
	return sleeps;
}

static unsigned int shrink(struct task *t, bool kswapd, enum pageout_io io)
{
	return shrink_for(t, kswapd, io, NULL);
}

static bool on_list(struct sim *sim, const struct pfn_list *l, u32 pfn)
{
	for (u32 p = l->head; p != NO_PFN; p = pfn_to_page(sim, p)->next)
		if (p == pfn)
			return true;
	return false;
}

/* ------------------------------------------------------------------ */
/* shrink_page_list and pageout (SPEC-seeds B.1)                       */

/*
 * 2.6.35 direct reclaim swaps an old anon page out: add_to_swap leaves it
 * dirty, pageout starts the write (PAGE_SUCCESS: PG_reclaim, PG_writeback,
 * NR_VMSCAN_WRITE) and the page is kept for a later pass.  In that pass,
 * still under writeback, it is kept again, neither activated nor marked
 * (the 6.12 rules would activate it).  Once the write ended it is freed.
 */
static void test_direct_swapout_async(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI("2.6.35"));
	struct task *t;
	u64 vpn;
	u32 pfn = new_anon_page(sim, &t, &vpn);
	struct page *page = pfn_to_page(sim, pfn);

	batch_init(t);
	batch_add(sim, pfn);
	assert_int_equal(shrink(t, false, PAGEOUT_IO_ASYNC), 0);
	assert_int_equal(sh.nr_reclaimed, 0);
	assert_int_equal(sh.stat.nr_pageout, 1);
	assert_true(on_list(sim, &isol.ret_folios, pfn));
	assert_true(PageFlag(page, PG_swapcache) && PageFlag(page, PG_writeback));
	assert_true(PageFlag(page, PG_reclaim));
	assert_false(PageFlag(page, PG_dirty) || PageFlag(page, PG_active));
	assert_true(pte_swap(*pte_of(t, vpn)));
	assert_int_equal(node_page_state(node0(sim), NR_VMSCAN_WRITE), 1);
	assert_int_equal(vm_event(sim, PSWPOUT), 1);

	/* under writeback in an async pass: kept, not activated */
	batch_again(sim);
	assert_int_equal(shrink(t, false, PAGEOUT_IO_ASYNC), 0);
	assert_int_equal(sh.nr_reclaimed, 0);
	assert_int_equal(sh.stat.nr_activate, 0);
	assert_true(on_list(sim, &isol.ret_folios, pfn));
	assert_false(PageFlag(page, PG_active));

	/* the write ends (the page is isolated: no rotation), the next pass frees it */
	complete_io(sim);
	assert_false(PageFlag(page, PG_writeback) || PageFlag(page, PG_reclaim));
	batch_again(sim);
	assert_int_equal(shrink(t, false, PAGEOUT_IO_ASYNC), 0);
	assert_int_equal(sh.nr_reclaimed, 1);
	assert_true(pfn_list_empty(&isol.ret_folios));
	assert_int_equal(node_page_state(node0(sim), NR_VMSCAN_WRITE), 1);
}

/* The same page met under writeback by 6.12: PG_reclaim, nr_writeback, activated. */
static void test_writeback_page_6_12(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI("6.12"));
	struct task *t;
	u64 vpn;
	u32 pfn = new_anon_page(sim, &t, &vpn);

	batch_init(t);
	batch_add(sim, pfn);
	shrink(t, false, PAGEOUT_IO_ASYNC);
	assert_int_equal(sh.stat.nr_pageout, 1);
	batch_again(sim);
	shrink(t, false, PAGEOUT_IO_ASYNC);
	assert_int_equal(sh.stat.nr_activate, 1);
	assert_int_equal(sh.stat.nr_writeback, 1);
	assert_true(PageFlag(pfn_to_page(sim, pfn), PG_active));
	reclaim_abort(t);
}

/* The machine with [cgroup box] of interface @cg. */
#define INI_BOX(kernel, cg) INI_POLICY(kernel, "cgroup = " cg "\n[cgroup box]\n")

/* move_folios_to_lru() for the survivors: back on the list their flags name. */
static void batch_putback(struct sim *sim)
{
	while (!pfn_list_empty(&isol.ret_folios)) {
		u32 pfn = isol.ret_folios.head;

		pfn_list_del(sim, &isol.ret_folios, pfn);
		ClearPageFlag(pfn_to_page(sim, pfn), PG_isolated);
		lruvec_add_folio(sim, folio_lruvec(sim, pfn), pfn);
	}
}

/* Is @pfn the oldest page (the next reclaim takes) of its LRU list? */
static bool at_lru_tail(struct sim *sim, u32 pfn)
{
	const struct page *page = pfn_to_page(sim, pfn);

	return lruvec_list(sim, folio_lruvec(sim, pfn), page_zone(sim, pfn)->idx,
			   folio_lru_list(page))
		       ->tail == pfn;
}

/*
 * Write @pfn in a first pass of @target's (or global) reclaim, leaving it
 * in the batch under writeback, marked PG_reclaim by pageout().
 */
static void write_first(struct task *t, u32 pfn, bool kswapd, struct mem_cgroup *target)
{
	struct page *page = pfn_to_page(t->sim, pfn);

	batch_init(t);
	batch_add(t->sim, pfn);
	assert_int_equal(shrink_for(t, kswapd, PAGEOUT_IO_ASYNC, target), 0);
	assert_int_equal(sh.stat.nr_pageout, 1);
	assert_true(PageFlag(page, PG_writeback) && PageFlag(page, PG_reclaim));
	batch_again(t->sim);
}

/*
 * Case 3 of v6.18 shrink_folio_list: cgroup v1 limit reclaim meets the
 * page it wrote (PG_reclaim) still under writeback.  No writeback
 * throttling protects a v1 group, so it waits for the write - one sleep,
 * nothing counted, nothing activated - and looks at the page again: clean
 * now, it is freed.  The write ended while the page was isolated: no
 * rotation.
 */
static void test_writeback_case3_memcg_v1(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI_BOX("6.18", "v1"));
	struct mem_cgroup *box = test_memcg_named(sim, "box");
	struct task *t;
	u64 vpn;
	u32 pfn = new_anon_page_in(sim, box, &t, &vpn);

	write_first(t, pfn, false, box);
	assert_int_equal(shrink_for(t, false, PAGEOUT_IO_ASYNC, box), 1);
	assert_int_equal(sh.nr_reclaimed, 1);
	assert_int_equal(sh.stat.nr_writeback, 0);
	assert_int_equal(sh.stat.nr_immediate, 0);
	assert_int_equal(sh.stat.nr_activate, 0);
	assert_int_equal(vm_event(sim, PGROTATED), 0);
	assert_true(pfn_list_empty(&isol.ret_folios));
}

/*
 * Case 2, the same page under cgroup v2 (writeback_throttling_sane): it
 * is marked PG_reclaim, counted in nr_writeback and activated (v4.11+),
 * without a wait; under writeback its swap slot stays.  When the write
 * ends on the active list, folio_rotate_reclaimable brings it to the
 * inactive tail, PG_active cleared (PGROTATED), where the next pass frees
 * it.
 */
static void test_writeback_case2_memcg_v2(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI_BOX("6.18", "v2"));
	struct mem_cgroup *box = test_memcg_named(sim, "box");
	struct task *t;
	u64 vpn;
	u32 pfn = new_anon_page_in(sim, box, &t, &vpn);
	struct page *page = pfn_to_page(sim, pfn);

	write_first(t, pfn, false, box);
	assert_int_equal(shrink_for(t, false, PAGEOUT_IO_ASYNC, box), 0);
	assert_int_equal(sh.nr_reclaimed, 0);
	assert_int_equal(sh.stat.nr_writeback, 1);
	assert_int_equal(sh.stat.nr_immediate, 0);
	assert_int_equal(sh.stat.nr_activate, 1);
	assert_true(PageFlag(page, PG_active) && PageFlag(page, PG_reclaim));
	assert_true(PageFlag(page, PG_swapcache) && PageFlag(page, PG_writeback));

	batch_putback(sim);
	assert_int_equal(folio_lru_list(page), LRU_ACTIVE_ANON);
	complete_io(sim);
	assert_false(PageFlag(page, PG_active) || PageFlag(page, PG_reclaim));
	assert_int_equal(folio_lru_list(page), LRU_INACTIVE_ANON);
	assert_true(at_lru_tail(sim, pfn));
	assert_int_equal(vm_event(sim, PGROTATED), 1);

	batch_init(t);
	batch_add(sim, pfn);
	assert_int_equal(shrink_for(t, false, PAGEOUT_IO_ASYNC, box), 0);
	assert_int_equal(sh.nr_reclaimed, 1);
}

/*
 * Case 1: kswapd meets a page it marked for immediate reclaim still under
 * writeback on a node flagged PGDAT_WRITEBACK: nr_immediate, activated.
 * Without the node flag it is case 2 (nr_writeback).
 */
static void check_writeback_case1(void **state, bool node_writeback)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI("6.18"));
	struct task *t;
	u64 vpn;
	u32 pfn = new_anon_page(sim, &t, &vpn);

	write_first(t, pfn, true, NULL);
	if (node_writeback)
		node0(sim)->flags |= 1UL << PGDAT_WRITEBACK;
	assert_int_equal(shrink_for(t, true, PAGEOUT_IO_ASYNC, NULL), 0);
	assert_int_equal(sh.stat.nr_immediate, node_writeback);
	assert_int_equal(sh.stat.nr_writeback, !node_writeback);
	assert_int_equal(sh.stat.nr_activate, 1);
	assert_true(PageFlag(pfn_to_page(sim, pfn), PG_active));
	reclaim_abort(t);
}

static void test_writeback_case1_kswapd(void **state)
{
	check_writeback_case1(state, true);
}

static void test_writeback_case2_kswapd(void **state)
{
	check_writeback_case1(state, false);
}

/*
 * Before v4.11 (4.5: file_writepage = kswapd_dirty_zone, writeback_rotation
 * = inactive) case 2 keeps the page inactive, and the end of its write
 * rotates only an inactive page: one activated meanwhile stays on the
 * active list.
 */
static void test_writeback_rotation_4_5(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI("4.5"));
	struct task *t;
	u64 vpn;
	u32 pfn = new_anon_page(sim, &t, &vpn);
	struct page *page = pfn_to_page(sim, pfn);

	write_first(t, pfn, false, NULL);
	assert_int_equal(shrink(t, false, PAGEOUT_IO_ASYNC), 0);
	assert_int_equal(sh.stat.nr_writeback, 1);
	assert_int_equal(sh.stat.nr_activate, 0);
	assert_false(PageFlag(page, PG_active));
	SetPageFlag(page, PG_active); /* say, mark_page_accessed twice meanwhile */
	batch_putback(sim);
	complete_io(sim);
	assert_true(PageFlag(page, PG_active));
	assert_int_equal(folio_lru_list(page), LRU_ACTIVE_ANON);
	assert_int_equal(vm_event(sim, PGROTATED), 0);
}

/*
 * Fill the swap device's count to exactly half its slots, or one more
 * (@over_half): other pages' slots, as counted.  Returns the count added.
 */
static u64 swap_fill_to_half(struct sim *sim, bool over_half)
{
	struct swap_info_struct *si = sim->swap;
	u64 others = (si->max - 1) / 2 + over_half - si->inuse_pages;

	si->inuse_pages += others;
	return others;
}

/*
 * activate_locked gives a swap-cache page's slot back when swap is more
 * than half full (mem_cgroup_swap_full: the device's vm_swap_full for
 * global and v1 reclaim), and not at exactly half: a mapped page given a
 * slot, then found referenced twice (FOLIOREF_ACTIVATE).  Freed, the
 * page is dirty again, its only copy in memory.  2.6.25 (reclaim_free_swap
 * = none) keeps the slot whatever the swap's use; 2.6.28 frees it there.
 */
static void check_activate_frees_swap(void **state, const char *ini, bool over_half, bool frees)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini);
	struct swap_info_struct *si = sim->swap;
	struct task *t;
	u64 vpn, slot, others;
	u32 pfn = new_anon_page(sim, &t, &vpn);
	struct page *page = pfn_to_page(sim, pfn);
	bool freed = over_half && frees;

	assert_true(add_to_swap(sim, pfn, 0));
	slot = page->private;
	*pte_of(t, vpn) |= PTE_YOUNG;
	SetPageFlag(page, PG_referenced);
	others = swap_fill_to_half(sim, over_half);
	batch_init(t);
	batch_add(sim, pfn);
	assert_int_equal(shrink(t, false, PAGEOUT_IO_ASYNC), 0);
	si->inuse_pages -= others;
	assert_int_equal(sh.stat.nr_activate, 1);
	assert_true(PageFlag(page, PG_active));
	assert_int_equal(PageFlag(page, PG_swapcache), !freed);
	assert_int_equal(si->swap_map[slot] != 0, !freed);
	assert_int_equal(si->inuse_pages, !freed);
	assert_true(PageFlag(page, PG_dirty));
	reclaim_abort(t);
}

static void test_activate_frees_swap_over_half(void **state)
{
	check_activate_frees_swap(state, INI("6.18"), true, true);
}

static void test_activate_keeps_swap_at_half(void **state)
{
	check_activate_frees_swap(state, INI("6.18"), false, true);
}

static void test_activate_frees_swap_2_6_28(void **state)
{
	check_activate_frees_swap(state, INI("2.6.28"), true, true);
}

static void test_activate_keeps_swap_2_6_25(void **state)
{
	check_activate_frees_swap(state, INI("2.6.25"), true, false);
}

/* One shrink_active_list of the task's active anon list, in its coroutine. */
struct active_call {
	struct test_call call;
	struct scan_control sc;
};
static struct active_call ac; /* outlives the test's frame: t->fn_arg */

static void shrink_active_fn(struct task *t, void *arg)
{
	struct active_call *c = arg;

	shrink_active_list(t, SWAP_CLUSTER_MAX, mem_cgroup_lruvec(t->memcg, node0(t->sim)), &c->sc,
			   LRU_ACTIVE_ANON);
}

#define NR_ACTIVE_SWAP 20

/*
 * 2.6.28..2.6.29's pagevec_swap_free (reclaim_free_swap = pagevec_swap_free):
 * shrink_active_list deactivates 20 active swap-cache pages, 14 to a
 * pagevec; with swap more than half full, the 6 left in the last pagevec
 * - the last 6 taken from the list's tail, the last 6 added - give back
 * their slots.  At exactly half, and on 2.6.30+ (activate_locked), every
 * page keeps its slot.
 */
static void check_pagevec_swap_free(void **state, const char *ini, bool over_half,
				    unsigned int nr_freed)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini);
	struct swap_info_struct *si = sim->swap;
	struct task *t = test_task_in(sim, sim->memcgs[0]);
	u32 pfn[NR_ACTIVE_SWAP];
	u64 vpn, others, steps = 0, pgdeactivate = vm_event(sim, PGDEACTIVATE);
	int zone;

	t->mm = mm_alloc(sim, t);
	assert_non_null(t->mm);
	vpn = mmap_anon(t->mm, NR_ACTIVE_SWAP);
	for (unsigned int i = 0; i < NR_ACTIVE_SWAP; i++) {
		assert_int_equal(handle_mm_fault(t, vpn + i, true), VM_FAULT_DONE);
		lru_add_drain(sim, 0);
		pfn[i] = pte_pfn(*pte_of(t, vpn + i));
		assert_true(add_to_swap(sim, pfn[i], 0));
		lruvec_del_folio(sim, folio_lruvec(sim, pfn[i]), pfn[i]);
		SetPageFlag(pfn_to_page(sim, pfn[i]), PG_active);
		folio_add_lru(sim, pfn[i]);
	}
	assert_int_equal(si->inuse_pages, NR_ACTIVE_SWAP);
	others = swap_fill_to_half(sim, over_half);
	/* the pages' zone: 2.6.x reclaims zone by zone (zone_reclaim = on) */
	zone = (int)page_zone(sim, pfn[0])->idx;
	ac.sc = (struct scan_control){ .nr_to_reclaim = SWAP_CLUSTER_MAX,
				       .may_writepage = true,
				       .may_unmap = true,
				       .may_swap = true,
				       .priority = DEF_PRIORITY,
				       .reclaim_idx = zone,
				       .zone_lo = zone };
	test_call_start(t, &ac.call, shrink_active_fn, &ac);
	while (!test_call_step(t))
		assert_true(++steps < 1000);
	si->inuse_pages -= others;
	assert_int_equal(vm_event(sim, PGDEACTIVATE) - pgdeactivate, NR_ACTIVE_SWAP);
	assert_int_equal(si->inuse_pages, NR_ACTIVE_SWAP - nr_freed);
	for (unsigned int i = 0; i < NR_ACTIVE_SWAP; i++) {
		const struct page *page = pfn_to_page(sim, pfn[i]);

		assert_false(PageFlag(page, PG_active));
		assert_int_equal(PageFlag(page, PG_swapcache), i < NR_ACTIVE_SWAP - nr_freed);
	}
}

static void test_pagevec_swap_free_2_6_28(void **state)
{
	check_pagevec_swap_free(state, INI("2.6.28"), true, NR_ACTIVE_SWAP % 14);
}

static void test_pagevec_swap_free_at_half(void **state)
{
	check_pagevec_swap_free(state, INI("2.6.28"), false, 0);
}

static void test_pagevec_swap_free_2_6_32(void **state)
{
	check_pagevec_swap_free(state, INI("2.6.32"), true, 0);
}

/*
 * mem_cgroup_swap_full() of a v2 group's page: also when the group uses
 * half its memory.swap.max; a v1 group's looks at the device only.
 */
static void check_memcg_swap_full(void **state, const char *ini, bool v2)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini);
	struct mem_cgroup *box = test_memcg_named(sim, "box");
	struct task *t;
	u64 vpn, usage = box->swap.usage, max = box->swap.max;
	u32 pfn = new_anon_page_in(sim, box, &t, &vpn);

	assert_false(mem_cgroup_swap_full(sim, pfn));
	box->swap.max = 4;
	box->swap.usage = 1;
	assert_false(mem_cgroup_swap_full(sim, pfn));
	box->swap.usage = 2;
	assert_int_equal(mem_cgroup_swap_full(sim, pfn), v2);
	box->swap.usage = usage;
	box->swap.max = max;
}

static void test_memcg_swap_full_v2(void **state)
{
	check_memcg_swap_full(state, INI_BOX("6.18", "v2"), true);
}

static void test_memcg_swap_full_v1(void **state)
{
	check_memcg_swap_full(state, INI_BOX("6.18", "v1"), false);
}

/*
 * The 3.2..3.10 inputs of shrink_inactive_list's naps (reclaim_sleep =
 * wait_iff_pageout_congested): a page met under writeback is kept, not
 * activated, and counted in nr_writeback, the count the 3.2 throttle
 * (92df3a723f84) compares with nr_taken >> (DEF_PRIORITY - priority);
 * 2.6.35, before that throttle, counts nothing.  With may_write_to_queue
 * on and the disk congested, direct reclaim's dirty file page (2.6.35)
 * is kept by pageout (PAGE_KEEP): every dirty page met was kept
 * congested, the condition on which the zone is flagged congested and
 * wait_iff_congested sleeps.  An anon page (3.10, whose direct reclaim
 * writes no file page) is written on a congested swap device: the swap
 * bdi never reports congestion.
 */
static void writeback_page_pre_3_11(void **state, const char *ini, unsigned long counted, bool file)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini);
	struct task *t = test_task_in(sim, sim->memcgs[0]);
	struct blkdev *dev = file ? &sim->disk_dev : &sim->swap_dev;
	u64 vpn;
	u32 pfn = file ? new_dirty_file_page(sim, t) : new_anon_page(sim, &t, &vpn);

	dev->congested[REQ_OP_WRITE] = true;
	batch_init(t);
	batch_add(sim, pfn);
	shrink(t, false, PAGEOUT_IO_ASYNC);
	assert_int_equal(sh.stat.nr_pageout, !file);
	assert_int_equal(sh.stat.nr_dirty_met, 1);
	assert_int_equal(sh.stat.nr_kept_congested, file);
	dev->congested[REQ_OP_WRITE] = false;
	if (file) {
		batch_again(sim);
		shrink(t, false, PAGEOUT_IO_ASYNC);
		assert_int_equal(sh.stat.nr_pageout, 1);
		assert_int_equal(sh.stat.nr_kept_congested, 0);
	}
	batch_again(sim);
	shrink(t, false, PAGEOUT_IO_ASYNC);
	assert_int_equal(sh.stat.nr_activate, 0);
	assert_int_equal(sh.stat.nr_writeback, counted);
	assert_true(PageFlag(pfn_to_page(sim, pfn), PG_writeback));
	assert_false(PageFlag(pfn_to_page(sim, pfn), PG_active));
	reclaim_abort(t);
}

static void test_writeback_page_3_2(void **state)
{
	writeback_page_pre_3_11(state, INI_POLICY("3.10", "may_write_to_queue = on\n"), 1, false);
}

static void test_writeback_page_2_6_35(void **state)
{
	writeback_page_pre_3_11(state, INI("2.6.35"), 0, true);
}

/*
 * A PAGEOUT_IO_SYNC pass (lumpy reclaim's second) writes the page and
 * waits for the write: the page is clean at once and freed in the same
 * pass.  A page already under writeback is waited on, then freed.
 */
static void test_sync_pass_waits(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI("2.6.35"));
	struct task *t;
	u64 vpn;
	u32 pfn = new_anon_page(sim, &t, &vpn);

	batch_init(t);
	batch_add(sim, pfn);
	assert_int_equal(shrink(t, false, PAGEOUT_IO_SYNC), 1);
	assert_int_equal(sh.stat.nr_pageout, 1);
	assert_int_equal(sh.nr_reclaimed, 1);
	assert_int_equal(node_page_state(node0(sim), NR_VMSCAN_WRITE), 1);
	assert_true(pfn_list_empty(&isol.ret_folios));
	assert_true(pte_swap(*pte_of(t, vpn)));

	/* a page under writeback: the async pass keeps it, the sync pass waits */
	pfn = new_anon_page(sim, &t, &vpn);
	batch_init(t);
	batch_add(sim, pfn);
	shrink(t, false, PAGEOUT_IO_ASYNC);
	assert_true(PageFlag(pfn_to_page(sim, pfn), PG_writeback));
	batch_again(sim);
	assert_int_equal(shrink(t, false, PAGEOUT_IO_SYNC), 1);
	assert_int_equal(sh.stat.nr_pageout, 0);
	assert_int_equal(sh.nr_reclaimed, 1);
	assert_int_equal(node_page_state(node0(sim), NR_VMSCAN_WRITE), 2);
}

/*
 * direct_writeback = deny (nodirect): direct reclaim writes no swap-cache
 * anon page; the page stays dirty in the swap cache and goes back to the
 * LRU.  kswapd writes it.
 */
static void test_nodirect_anon(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI("2.6.35-nodirect"));
	struct task *t;
	u64 vpn;
	u32 pfn = new_anon_page(sim, &t, &vpn);
	struct page *page = pfn_to_page(sim, pfn);

	batch_init(t);
	batch_add(sim, pfn);
	assert_int_equal(shrink(t, false, PAGEOUT_IO_ASYNC), 0);
	assert_int_equal(sh.stat.nr_pageout, 0);
	assert_true(on_list(sim, &isol.ret_folios, pfn));
	assert_true(PageFlag(page, PG_swapcache) && PageFlag(page, PG_dirty));
	assert_false(PageFlag(page, PG_writeback) || PageFlag(page, PG_active));
	assert_int_equal(node_page_state(node0(sim), NR_VMSCAN_WRITE), 0);
	assert_int_equal(vm_event(sim, PSWPOUT), 0);

	batch_again(sim);
	shrink(t, true, PAGEOUT_IO_ASYNC);
	assert_int_equal(sh.stat.nr_pageout, 1);
	assert_true(PageFlag(page, PG_writeback));
	assert_int_equal(node_page_state(node0(sim), NR_VMSCAN_WRITE), 1);
	reclaim_abort(t);
}

/*
 * nodirect's synchronous pass: the dirty page is set aside, the flusher
 * woken and the task waits HZ/10 (congestion_wait), MAX_SWAP_CLEAN_WAIT =
 * 10 times; an anon page no flusher writes is then given back, dirty.
 */
static void test_nodirect_sync_waits(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI("2.6.35-nodirect"));
	struct task *t;
	u64 vpn;
	u32 pfn = new_anon_page(sim, &t, &vpn);
	u64 start = sim_now_ns(sim);

	batch_init(t);
	batch_add(sim, pfn);
	assert_int_equal(shrink(t, false, PAGEOUT_IO_SYNC), 10);
	assert_int_equal(sh.nr_reclaimed, 0);
	assert_int_equal(sh.stat.nr_pageout, 0);
	assert_true(on_list(sim, &isol.ret_folios, pfn));
	assert_true(PageFlag(pfn_to_page(sim, pfn), PG_dirty));
	/* wakeup_flusher_threads(nr_dirty) of the set-aside page, once a wait (no flusher runs) */
	assert_int_equal(flusher_queued_pages(sim), 10);
	assert_false(sim->flusher_kicked);
	assert_true(sim_now_ns(sim) - start >= 10 * JIFFY_NS * (HZ / 10));
	assert_int_equal(node_page_state(node0(sim), NR_VMSCAN_WRITE), 0);
	reclaim_abort(t);
}

/*
 * A dirty page-cache page met by direct reclaim, along the file writeback
 * line: 2.6.35 writes it (pageout, PG_reclaim, kept under writeback);
 * nodirect keeps it dirty; 3.2..3.10 (kswapd_priority) marks it PG_reclaim,
 * counts NR_VMSCAN_IMMEDIATE and keeps it inactive; 6.12 does the same
 * but activates it.
 */
static void dirty_file_direct(void **state, const char *ini, bool written, bool immediate,
			      bool active)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini);
	struct task *t = test_task_in(sim, sim->memcgs[0]);
	u32 pfn = new_dirty_file_page(sim, t);
	struct page *page = pfn_to_page(sim, pfn);

	batch_init(t);
	batch_add(sim, pfn);
	shrink(t, false, PAGEOUT_IO_ASYNC);
	assert_int_equal(sh.nr_reclaimed, 0);
	assert_true(on_list(sim, &isol.ret_folios, pfn));
	assert_int_equal(sh.stat.nr_pageout, written);
	assert_int_equal(node_page_state(node0(sim), NR_VMSCAN_WRITE), written);
	assert_int_equal(PageFlag(page, PG_writeback), written);
	assert_int_equal(PageFlag(page, PG_dirty), !written);
	assert_int_equal(PageFlag(page, PG_reclaim), written || immediate);
	assert_int_equal(node_page_state(node0(sim), NR_VMSCAN_IMMEDIATE), immediate);
	assert_int_equal(PageFlag(page, PG_active), active);
	reclaim_abort(t);
}

static void test_dirty_file_2_6_35(void **state)
{
	dirty_file_direct(state, INI("2.6.35"), true, false, false);
}

static void test_dirty_file_nodirect(void **state)
{
	dirty_file_direct(state, INI("2.6.35-nodirect"), false, false, false);
}

/*
 * Reclaim writes neighbouring pages of a file one page at a time; each
 * file page has its place on the disk (its file's extent + its index), so
 * the elevator merges them while they wait, as 2.6.35's did.  Page 0 of
 * f finds the queue empty and plugs it (blk_plug_device); 1 merges
 * behind 0 (a bio merge), 3 queues as a request of its own, 2 merges
 * behind 1 (a bio merge) and the grown request takes 3's (a request
 * merge, which 2.6.35's diskstats does not count); page 5 of f (not
 * adjacent) and page 0 of g (another file) queue on their own: 4
 * requests made, 3 left, fewer than unplug_thresh, so nothing reaches
 * the disk until the unplug timer fires 3 ms later.
 */
static void test_file_pageout_merges(void **state)
{
	struct sim *sim = test_sim_from_text(
		state, "t.ini",
		"[machine]\ncpus = 1\nmemory = 64M\ndisk_device = hdd\n"
		"[policy]\nkernel = 2.6.35\nblk_plug = queue\n[run]\nduration = 1s\n");
	struct task *t = test_task_in(sim, sim->memcgs[0]);
	struct address_space *f = file_create(sim, "f", 8), *g = file_create(sim, "g", 8);
	static const unsigned int order[] = { 0, 1, 3, 2, 5 };

	for (unsigned int i = 0; i < 8; i++)
		assert_int_equal(filemap_write(t, f, i, 1), VM_FAULT_DONE);
	assert_int_equal(filemap_write(t, g, 0, 1), VM_FAULT_DONE);
	for (unsigned int i = 0; i < sizeof(order) / sizeof(order[0]); i++)
		pageout_file(sim, t, mapping_pfn(f, order[i]));
	pageout_file(sim, t, mapping_pfn(g, 0));
	assert_int_equal(sim->disk_dev.stats[REQ_OP_WRITE].merges, 2);
	assert_int_equal(sim->disk_dev.in_flight, 3);
	assert_int_equal(sim->disk_dev.nr_writes, 4);
	assert_int_equal(sim->disk_dev.nr_queued, 3);
	assert_true(sim->disk_dev.plugged);
	assert_true(PageFlag(pfn_to_page(sim, mapping_pfn(f, 3)), PG_writeback));
	assert_false(PageFlag(pfn_to_page(sim, mapping_pfn(f, 4)), PG_writeback));
	/* the timer unplugs the queue; the three requests reach the disk and complete */
	complete_io(sim);
	assert_false(sim->disk_dev.plugged);
	assert_int_equal(sim->disk_dev.stats[REQ_OP_WRITE].ios, 3);
	assert_true(sim->eng.now > 3 * NSEC_PER_MSEC);
	assert_false(PageFlag(pfn_to_page(sim, mapping_pfn(f, 3)), PG_writeback));
}

/*
 * try_to_free_pages' progress by kernel: 2.6.35 counts any page
 * reclaimed, or a zone still scanned at priority 0; 2.6.26..2.6.34 only
 * pages reclaimed while a zone was still scanned; 2.6.25 only a zone
 * still scanned; a full SWAP_CLUSTER_MAX is progress for all.
 */
static void test_did_some_progress(void **state)
{
	static const struct {
		const char *ini;
		bool none_scanned, some_unreclaimable, none_unreclaimable;
	} k[] = {
		{ INI("2.6.35"), true, true, false },
		{ INI("2.6.35-nodirect"), true, true, false },
		{ INI("2.6.32"), false, false, false },
		{ INI("2.6.25"), true, false, false },
	};

	for (unsigned int i = 0; i < sizeof(k) / sizeof(k[0]); i++) {
		struct sim *sim = test_sim_from_text(NULL, "t.ini", k[i].ini);

		assert_int_equal(did_some_progress(sim, 0, false), k[i].none_scanned);
		assert_int_equal(did_some_progress(sim, 5, true), k[i].some_unreclaimable);
		assert_int_equal(did_some_progress(sim, 0, true), k[i].none_unreclaimable);
		assert_true(did_some_progress(sim, 5, false));
		assert_true(did_some_progress(sim, SWAP_CLUSTER_MAX, true));
		sim_destroy(sim);
	}
}

#define INI_3_2 INI_POLICY("3.10", "file_writepage = kswapd_priority\n")

static void test_dirty_file_3_2(void **state)
{
	dirty_file_direct(state, INI_3_2, false, true, false);
}

static void test_dirty_file_6_12(void **state)
{
	dirty_file_direct(state, INI("6.12"), false, true, true);
}

/* 3.2..3.10's kswapd writes a dirty file page only below DEF_PRIORITY - 2. */
static void test_dirty_file_3_2_kswapd_priority(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI_3_2);
	struct task *t = test_task_in(sim, sim->memcgs[0]);
	u32 pfn = new_dirty_file_page(sim, t);

	batch_init(t);
	batch_add(sim, pfn);
	shrink(t, true, PAGEOUT_IO_ASYNC); /* at DEF_PRIORITY */
	assert_int_equal(sh.stat.nr_pageout, 0);
	assert_int_equal(node_page_state(node0(sim), NR_VMSCAN_IMMEDIATE), 1);
	batch_again(sim);
	sh.sc.priority = DEF_PRIORITY - 3;
	test_call_start(t, &sh.call, shrink_fn, &sh);
	while (!test_call_step(t))
		;
	assert_int_equal(sh.stat.nr_pageout, 1);
	assert_true(PageFlag(pfn_to_page(sim, pfn), PG_writeback));
	reclaim_abort(t);
}

/* A v1 group A with a soft limit of 0 on the 3.10 profile, one CPU. */
static const char soft_ini[] = "[machine]\n"
			       "cpus = 1\n"
			       "memory = 64M\n"
			       "zones = DMA:16M, DMA32:rest\n"
			       "cgroup = v1\n"
			       "[policy]\n"
			       "kernel = 3.10\n"
			       "[cgroup A]\n"
			       "soft_limit = 0\n"
			       "[run]\n"
			       "duration = 1s\n";

/* mem_cgroup_shrink_node() of group A in the zone of @pfn, run in @t's coroutine. */
struct soft_call {
	struct test_call call;
	struct mem_cgroup *memcg;
	enum zone_type zid;
	unsigned long nr_scanned, nr_reclaimed;
};
static struct soft_call soft;

static void soft_fn(struct task *t, void *arg)
{
	struct soft_call *c = arg;

	c->nr_scanned = 0;
	c->nr_reclaimed =
		mem_cgroup_shrink_node(t, c->memcg, node0(t->sim), c->zid, &c->nr_scanned);
}

static void soft_shrink(struct task *t, struct mem_cgroup *memcg, enum zone_type zid)
{
	soft = (struct soft_call){ .memcg = memcg, .zid = zid };
	test_call_start(t, &soft.call, soft_fn, &soft);
	while (!test_call_step(t))
		;
}

/*
 * After a soft pass over the four dirty pages: all scanned, none
 * reclaimed, all counted immediate; @written of them written (under
 * writeback, clean), the rest only marked PG_reclaim, still dirty.
 */
static void assert_soft_pass(struct sim *sim, struct address_space *mapping, u64 written)
{
	assert_int_equal(soft.nr_scanned, 4);
	assert_int_equal(soft.nr_reclaimed, 0);
	assert_int_equal(node_page_state(node0(sim), NR_VMSCAN_IMMEDIATE), 4);
	assert_int_equal(node_page_state(node0(sim), NR_VMSCAN_WRITE), written);
	for (u64 i = 0; i < 4; i++) {
		const struct page *page = pfn_to_page(sim, mapping_pfn(mapping, i));

		assert_true(PageFlag(page, PG_reclaim));
		assert_int_equal(PageFlag(page, PG_writeback), i < written);
		assert_int_equal(PageFlag(page, PG_dirty), i >= written);
	}
}

/*
 * The soft-limit pass runs in its caller's task (v3.10 balance_pgdat ->
 * mem_cgroup_soft_limit_reclaim -> mem_cgroup_shrink_node_zone): in
 * shrink_page_list current_is_kswapd() holds for kswapd's pass, whose
 * priority 0 is below DEF_PRIORITY - 2, so kswapd writes the dirty file
 * pages it meets; direct reclaim's pass only marks them PG_reclaim and
 * counts them nr_vmscan_immediate_reclaim.  Neither counts pgscan_kswapd
 * or pgscan_direct (global_reclaim() is false).  The pass is traced
 * between mm_vmscan_memcg_softlimit_reclaim_begin and _end.
 */
static void test_soft_limit_pass_kswapd_writes_3_10(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", soft_ini);
	struct mem_cgroup *a = test_memcg_named(sim, "A");
	struct task *dd = test_task_in(sim, a);
	struct task *kswapd = task_create(sim, TASK_KSWAPD, "kswapd", NULL);
	struct address_space *mapping = file_create(sim, "f", 4);
	struct vmscan_trace tr;
	enum zone_type zid;
	char *text = NULL;
	size_t len = 0;
	unsigned int writes = 0;
	FILE *f;

	assert_non_null(kswapd);
	kswapd->memcg = sim->memcgs[0];
	kswapd->state = TASK_RUNNING;
	for (u64 i = 0; i < 4; i++)
		assert_int_equal(filemap_write(dd, mapping, i, 4 - i), VM_FAULT_DONE);
	lru_add_drain(sim, 0);
	zid = page_zone(sim, mapping_pfn(mapping, 0))->idx;
	for (u64 i = 0; i < 4; i++) {
		struct page *page = pfn_to_page(sim, mapping_pfn(mapping, i));

		assert_int_equal(page_zone(sim, mapping_pfn(mapping, i))->idx, zid);
		assert_true(PageFlag(page, PG_dirty));
		ClearPageFlag(page, PG_referenced);
	}

	/* dd's own soft pass (shrink_zones): kept dirty, marked, counted immediate */
	soft_shrink(dd, a, zid);
	assert_soft_pass(sim, mapping, 0);

	/* kswapd's soft pass (balance_pgdat): writes all four, traced */
	f = open_memstream(&text, &len);
	assert_non_null(f);
	vmscan_trace_start(sim, &tr, f,
			   (1u << TRACE_MEMCG_SOFTLIMIT_RECLAIM_BEGIN) |
				   (1u << TRACE_MEMCG_SOFTLIMIT_RECLAIM_END) |
				   (1u << TRACE_WRITEPAGE),
			   0);
	soft_shrink(kswapd, a, zid);
	vmscan_trace_stop(sim);
	fclose(f);
	assert_non_null(strstr(text, "kswapd-") /* comm-pid */);
	assert_non_null(strstr(text, ": mm_vmscan_memcg_softlimit_reclaim_begin: order=0 "
				     "gfp_flags=GFP_HIGHUSER_MOVABLE\n"));
	assert_non_null(strstr(text, ": mm_vmscan_memcg_softlimit_reclaim_end: nr_reclaimed=0\n"));
	for (const char *p = text; (p = strstr(p, "mm_vmscan_write_folio")); p++)
		writes++;
	assert_int_equal(writes, 4);
	free(text);
	assert_soft_pass(sim, mapping, 4);
	assert_int_equal(test_vmstat(sim, "pgscan_kswapd"), 0);
	assert_int_equal(test_vmstat(sim, "pgscan_direct"), 0);
	assert_int_equal(test_vmstat(sim, "pgscan_file"), 8);
}

/*
 * may_write_to_queue (2.6.35): with the disk write-congested, direct
 * reclaim gets PAGE_KEEP for a dirty file page (it stays dirty) where
 * 6.12 waits for a request; kswapd (PF_SWAPWRITE) writes.  A swap cache
 * page is written on a congested swap device all the same: 2.6.x's
 * swap_backing_dev_info never reports congestion.
 */
static void test_may_write_to_queue(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI("2.6.35"));
	struct task *t = test_task_in(sim, sim->memcgs[0]), *anon_task;
	u32 pfn = new_dirty_file_page(sim, t), anon;
	struct page *page = pfn_to_page(sim, pfn);
	u64 vpn;

	sim->disk_dev.congested[REQ_OP_WRITE] = true; /* past the congestion-on threshold */
	batch_init(t);
	batch_add(sim, pfn);
	assert_int_equal(shrink(t, false, PAGEOUT_IO_ASYNC), 0);
	assert_int_equal(sh.stat.nr_pageout, 0);
	assert_true(PageFlag(page, PG_dirty));
	assert_false(PageFlag(page, PG_writeback));
	assert_int_equal(node_page_state(node0(sim), NR_VMSCAN_WRITE), 0);
	sim->disk_dev.congested[REQ_OP_WRITE] = false;
	batch_again(sim);
	shrink(t, true, PAGEOUT_IO_ASYNC);
	assert_int_equal(sh.stat.nr_pageout, 1);
	reclaim_abort(t);

	anon = new_anon_page(sim, &anon_task, &vpn);
	sim->swap_dev.congested[REQ_OP_WRITE] = true;
	batch_init(anon_task);
	batch_add(sim, anon);
	shrink(anon_task, false, PAGEOUT_IO_ASYNC);
	assert_int_equal(sh.stat.nr_pageout, 1);
	assert_int_equal(sh.stat.nr_kept_congested, 0);
	assert_true(PageFlag(pfn_to_page(sim, anon), PG_writeback));
	reclaim_abort(anon_task);
}

/*
 * direct_writeback at small scale: a whole try_to_free_pages() over 64
 * old inactive anon pages.  2.6.35 swaps them all out from direct
 * reclaim, and would free those whose write ended before a later pass
 * looked again (none here); nodirect writes none - they stay dirty in
 * the swap cache, for kswapd - and reclaims nothing.
 */
static struct test_reclaim direct;

static unsigned long direct_reclaim_writes(void **state, const char *ini, unsigned long *reclaimed)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini);
	struct task *t = test_task_in(sim, sim->memcgs[0]);
	u64 base;
	int steps = 0;

	t->mm = mm_alloc(sim, t);
	assert_non_null(t->mm);
	base = mmap_anon(t->mm, 64);
	for (u64 i = 0; i < 64; i++) {
		u32 pfn;

		assert_int_equal(handle_mm_fault(t, base + i, true), VM_FAULT_DONE);
		*pte_of(t, base + i) &= ~PTE_YOUNG;
		lru_add_drain(sim, 0);
		pfn = pte_pfn(*pte_of(t, base + i));
		lruvec_del_folio(sim, folio_lruvec(sim, pfn), pfn);
		ClearPageFlag(pfn_to_page(sim, pfn), PG_active);
		folio_add_lru(sim, pfn);
	}
	test_reclaim_start(t, &direct, NULL, 0);
	while (!test_call_step(t)) {
		if (t->state == TASK_BLOCKED)
			wait_for_wakeup(sim, t);
		assert_true(++steps < 100000);
	}
	*reclaimed = direct.nr_reclaimed;
	return (unsigned long)node_page_state(node0(sim), NR_VMSCAN_WRITE);
}

static void test_direct_writeback_allow(void **state)
{
	unsigned long reclaimed, written = direct_reclaim_writes(state, INI("2.6.35"), &reclaimed);

	assert_int_equal(written, 64);
	/*
	 * async writes: a page is freed only when a later pass finds it
	 * clean; 2.6.35's get_scan_count saves the small counts (scan_batch
	 * = saved), so the list is first scanned at priority 1 (63 pages)
	 * and the writes end after the last pass: none is freed (3 were
	 * when every priority scanned 64 >> priority)
	 */
	assert_int_equal(reclaimed, 0);
}

static void test_direct_writeback_deny(void **state)
{
	unsigned long reclaimed,
		written = direct_reclaim_writes(state, INI("2.6.35-nodirect"), &reclaimed);
	struct sim *sim = *state;

	assert_int_equal(written, 0);
	assert_int_equal(reclaimed, 0);
	assert_int_equal(node_page_state(node0(sim), NR_SWAPCACHE), 64);
	assert_int_equal(vm_event(sim, PSWPOUT), 0);
	/*
	 * do_try_to_free_pages still wakes it, for the pages scanned
	 * (flusher_wakeup_pages = scanned, 2.6.x..4.10): total_scanned at
	 * each wake-up, added up - not every dirty page
	 */
	assert_int_equal(flusher_queued_pages(sim), 80);
	assert_false(sim->flusher_kicked);
}

/* ------------------------------------------------------------------ */
/* Lumpy reclaim (SPEC-seeds B.2)                                      */

/*
 * An order-2 block of four frames: @flags[i] for frame i; frames with
 * PG_lru in their flags are put on the root's LRU, oldest first.
 */
static u32 new_block(struct sim *sim, const u32 *flags)
{
	struct zone *zone = &node0(sim)->node_zones[ZONE_DMA32];
	u32 base = rmqueue_buddy(sim, zone, 2, MIGRATE_MOVABLE, 0);

	assert_int_not_equal(base, NO_PFN);
	assert_int_equal(base & 3, 0);
	for (u32 i = 0; i < 4; i++) {
		bool lru = flags[i] & F(PG_lru);

		sim->mem_map[base + i] = (struct page){ .flags = flags[i] & ~F(PG_lru),
							.next = NO_PFN,
							.prev = NO_PFN,
							.memcg_id = 0 };
		if (lru)
			folio_add_lru(sim, base + i);
	}
	return base;
}

#define ANON (F(PG_anon) | F(PG_swapbacked))

static void lumpy_sc(struct scan_control *sc, int order, bool mode)
{
	*sc = (struct scan_control){
		.nr_to_reclaim = SWAP_CLUSTER_MAX,
		.may_unmap = true,
		.order = order,
		.priority = DEF_PRIORITY,
		.reclaim_idx = ZONE_DMA32, /* shrink_zone(DMA32): its own lists in 2.6.35 */
		.zone_lo = ZONE_DMA32,
		.lumpy_reclaim_mode = mode,
	};
}

/*
 * isolate_lru_pages (2.6.35) at order 2 in lumpy mode (ISOLATE_BOTH):
 * the tail page of the inactive anon list takes its block's neighbours
 * from any list - an active file page, a dirty inactive anon page - but
 * not a page off the LRU (nr_lumpy_failed).  The neighbours count
 * against nr_to_scan = 3: the second tail page is not looked at.
 */
static void test_lumpy_isolate_both(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI("2.6.35"));
	static const u32 flags[4] = {
		ANON | F(PG_lru), /* the tag: the oldest inactive anon page */
		F(PG_lru) | F(PG_active), /* an active page-cache page */
		0, /* in use off the LRU (a kernel page) */
		ANON | F(PG_dirty) | F(PG_lru), /* a dirty inactive anon page */
	};
	struct task *t = test_task_in(sim, sim->memcgs[0]);
	struct lruvec *lv = root_lruvec(sim);
	u32 base = new_block(sim, flags), other;
	unsigned long nr_scanned, taken;
	struct scan_control sc;
	u32 want[3], i = 0;

	other = new_block(sim, (const u32[4]){ ANON | F(PG_lru), 0, 0, 0 });
	assert_int_equal(lruvec_list(sim, lv, ZONE_DMA32, LRU_INACTIVE_ANON)->tail, base);
	lumpy_sc(&sc, 2, true);
	batch_init(t);
	taken = isolate_lru_folios(t, 3, lv, &isol, &nr_scanned, &sc, LRU_INACTIVE_ANON);
	assert_int_equal(taken, 3);
	assert_int_equal(nr_scanned, 3);
	want[0] = base;
	want[1] = base + 1;
	want[2] = base + 3;
	for (u32 pfn = isol.folio_list.head; pfn != NO_PFN; pfn = pfn_to_page(sim, pfn)->next) {
		assert_true(i < 3);
		assert_int_equal(pfn, want[i++]);
		assert_true(PageFlag(pfn_to_page(sim, pfn), PG_isolated));
	}
	assert_int_equal(i, 3);
	assert_int_equal(isol.nr_lumpy_taken, 2);
	assert_int_equal(isol.nr_lumpy_dirty, 1);
	assert_int_equal(isol.nr_lumpy_failed, 1);
	assert_int_equal(node_page_state(node0(sim), NR_ISOLATED_ANON), 2);
	assert_int_equal(node_page_state(node0(sim), NR_ISOLATED_FILE), 1);
	assert_int_equal(lv->nr_pages[LRU_ACTIVE_FILE], 0);
	assert_int_equal(lruvec_list(sim, lv, ZONE_DMA32, LRU_INACTIVE_ANON)->tail, other);

	/* given back to the lists they came from */
	reclaim_abort(t);
	assert_int_equal(node_page_state(node0(sim), NR_ISOLATED_ANON), 0);
	assert_int_equal(node_page_state(node0(sim), NR_ISOLATED_FILE), 0);
	assert_int_equal(lv->nr_pages[LRU_ACTIVE_FILE], 1);
	assert_int_equal(lv->nr_pages[LRU_INACTIVE_ANON], 3);
}

/*
 * A neighbour that is free - here pages 2 and 3 of the order-2 block, an
 * order-1 block in the buddy lists whose head alone carries PG_buddy -
 * is no lumpy failure: v2.6.36 counts a neighbour it cannot take only
 * when page_count() says it is in use.
 */
static void test_lumpy_isolate_free_neighbours(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI("2.6.35"));
	static const u32 flags[4] = { ANON | F(PG_lru), ANON | F(PG_lru), 0, 0 };
	struct task *t = test_task_in(sim, sim->memcgs[0]);
	struct lruvec *lv = root_lruvec(sim);
	u32 base = new_block(sim, flags);
	unsigned long nr_scanned;
	struct scan_control sc;

	free_one_page(sim, base + 2, 1);
	assert_true(PageFlag(pfn_to_page(sim, base + 2), PG_buddy));
	assert_false(PageFlag(pfn_to_page(sim, base + 3), PG_buddy));
	lumpy_sc(&sc, 2, true);
	batch_init(t);
	assert_int_equal(isolate_lru_folios(t, 32, lv, &isol, &nr_scanned, &sc, LRU_INACTIVE_ANON),
			 2);
	assert_int_equal(isol.nr_lumpy_taken, 1);
	assert_int_equal(isol.nr_lumpy_failed, 0);
	reclaim_abort(t);
}

/*
 * Lumpy isolation from @lru of the order-2 block at @base whose tag is
 * @base: the tag and the block's last page are taken, 2 pages scanned,
 * one lumpy neighbour and no failure.
 */
static void assert_takes_tag_and_last(struct task *t, struct lruvec *lv, struct scan_control *sc,
				      enum lru_list lru, u32 base)
{
	unsigned long nr_scanned;

	assert_int_equal(isolate_lru_folios(t, 32, lv, &isol, &nr_scanned, sc, lru), 2);
	assert_int_equal(isol.folio_list.head, base);
	assert_int_equal(isol.folio_list.tail, base + 3);
	assert_int_equal(isol.nr_lumpy_taken, 1);
	assert_int_equal(isol.nr_lumpy_failed, 0);
	assert_int_equal(nr_scanned, 2);
}

/*
 * Below lumpy mode (orders 1-3 at DEF_PRIORITY) the order still brings
 * neighbours, but only of the list's kind (ISOLATE_INACTIVE, same type),
 * and a failed one is not counted; with lumpy_reclaim = off, none.
 */
static void test_lumpy_isolate_inactive(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI("2.6.35"));
	static const u32 flags[4] = {
		ANON | F(PG_lru),
		F(PG_lru) | F(PG_active),
		0,
		ANON | F(PG_lru),
	};
	struct task *t = test_task_in(sim, sim->memcgs[0]);
	struct lruvec *lv = root_lruvec(sim);
	u32 base = new_block(sim, flags);
	unsigned long nr_scanned;
	struct scan_control sc;

	lumpy_sc(&sc, 2, false);
	batch_init(t);
	assert_takes_tag_and_last(t, lv, &sc, LRU_INACTIVE_ANON, base);
	reclaim_abort(t);

	sim->scn.policy.lumpy_reclaim = LUMPY_RECLAIM_OFF;
	batch_init(t);
	assert_int_equal(isolate_lru_folios(t, 1, lv, &isol, &nr_scanned, &sc, LRU_INACTIVE_ANON),
			 1);
	assert_int_equal(isol.nr_lumpy_taken, 0);
	reclaim_abort(t);
}

/*
 * shrink_active_list (2.6.35) isolates ISOLATE_ACTIVE even in lumpy mode:
 * at order 2 the tail of the active file list takes only its block's
 * active file neighbours - not the inactive file page, nor the active
 * anon one, nor the page off the LRU, which counts as no failure (only
 * ISOLATE_BOTH counts them); the trace says isolate_mode=1 (tests/cli.sh).
 */
static void test_lumpy_isolate_active(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI("2.6.35"));
	static const u32 flags[4] = {
		F(PG_lru) | F(PG_active), /* the tag: the oldest active file page */
		F(PG_lru), /* an inactive file page */
		ANON | F(PG_lru) | F(PG_active), /* an active anon page */
		F(PG_lru) | F(PG_active), /* another active file page */
	};
	struct task *t = test_task_in(sim, sim->memcgs[0]);
	struct lruvec *lv = root_lruvec(sim);
	u32 base = new_block(sim, flags);
	struct scan_control sc;

	(void)new_block(sim, (const u32[4]){ 0, 0, 0, 0 });
	lumpy_sc(&sc, 2, true);
	batch_init(t);
	assert_int_equal(lruvec_list(sim, lv, ZONE_DMA32, LRU_ACTIVE_FILE)->tail, base);
	assert_takes_tag_and_last(t, lv, &sc, LRU_ACTIVE_FILE, base);
	assert_int_equal(lv->nr_pages[LRU_INACTIVE_FILE], 1);
	assert_int_equal(lv->nr_pages[LRU_ACTIVE_ANON], 1);
	reclaim_abort(t);
	assert_int_equal(lv->nr_pages[LRU_ACTIVE_FILE], 2);
}

/*
 * isolate_lru_folios for a low zone, ZONE_DMA, with four DMA32 pages at the
 * tail of the node's inactive anon pages and a DMA page behind them.  2.6.35
 * keeps per-zone lists (zone_reclaim): the DMA page is the DMA list's tail,
 * one page is scanned.  6.12's node-wide list passes the DMA32 pages, counts
 * them in nr_scanned (5) and pgskip_dma32 (4) and puts them back at its
 * head, the last one passed first.  Either way the DMA32 pages stay on the
 * LRU in the same order and in the node, zone and memcg LRU sizes.
 */
static void isolate_low_zone(void **state, const char *ini, unsigned long scanned, u64 pgskip_dma32)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini);
	static const u32 flags[4] = { ANON | F(PG_lru), ANON | F(PG_lru), ANON | F(PG_lru),
				      ANON | F(PG_lru) };
	struct task *t = test_task_in(sim, sim->memcgs[0]);
	struct lruvec *lv = root_lruvec(sim);
	struct zone *dma = &node0(sim)->node_zones[ZONE_DMA];
	struct zone *dma32 = &node0(sim)->node_zones[ZONE_DMA32];
	u32 base = new_block(sim, flags), low, pfn, i = 0;
	unsigned long nr_scanned;
	struct scan_control sc;

	low = rmqueue_buddy(sim, dma, 0, MIGRATE_MOVABLE, 0);
	assert_int_not_equal(low, NO_PFN);
	sim->mem_map[low] =
		(struct page){ .flags = ANON, .next = NO_PFN, .prev = NO_PFN, .memcg_id = 0 };
	folio_add_lru(sim, low);
	lumpy_sc(&sc, 0, false);
	sc.reclaim_idx = ZONE_DMA;
	sc.zone_lo = ZONE_DMA;
	batch_init(t);
	assert_int_equal(isolate_lru_folios(t, 1, lv, &isol, &nr_scanned, &sc, LRU_INACTIVE_ANON),
			 1);
	assert_int_equal(isol.folio_list.head, low);
	assert_int_equal(nr_scanned, scanned);
	assert_int_equal(sim->vm_events[PGSKIP_DMA32], pgskip_dma32);
	for (pfn = lruvec_list(sim, lv, ZONE_DMA32, LRU_INACTIVE_ANON)->head; pfn != NO_PFN;
	     pfn = pfn_to_page(sim, pfn)->next) {
		assert_true(i < 4);
		assert_int_equal(pfn, base + 3 - i++);
		assert_true(PageFlag(pfn_to_page(sim, pfn), PG_lru));
	}
	assert_int_equal(i, 4);
	assert_int_equal(lv->nr_pages[LRU_INACTIVE_ANON], 4);
	assert_int_equal(lv->zone_nr[ZONE_DMA32][LRU_INACTIVE_ANON], 4);
	assert_int_equal(lv->zone_nr[ZONE_DMA][LRU_INACTIVE_ANON], 0);
	assert_int_equal(lv->nr_pages_hier[LRU_INACTIVE_ANON], 4);
	assert_int_equal(dma32->vm_stat[NR_ZONE_LRU_BASE + LRU_INACTIVE_ANON], 4);
	assert_int_equal(node0(sim)->vm_stat[NR_LRU_BASE + LRU_INACTIVE_ANON], 4);
	reclaim_abort(t);
	assert_int_equal(lv->nr_pages[LRU_INACTIVE_ANON], 5);
}

static void test_isolate_zone_lists(void **state)
{
	isolate_low_zone(state, INI("2.6.35"), 1, 0);
}

static void test_isolate_skips_higher_zones(void **state)
{
	isolate_low_zone(state, INI("6.12"), 5, 4);
}

/*
 * page_check_references (2.6.35) in lumpy mode: a young PTE, which
 * keeps the page for one more trip otherwise, is ignored and the page
 * is swapped out.
 */
static void test_lumpy_ignores_references(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI("2.6.35"));
	struct task *t;
	u64 vpn;
	u32 pfn = new_anon_page(sim, &t, &vpn);
	struct page *page = pfn_to_page(sim, pfn);

	*pte_of(t, vpn) |= PTE_YOUNG;
	batch_init(t);
	batch_add(sim, pfn);
	shrink(t, false, PAGEOUT_IO_ASYNC);
	assert_int_equal(sh.stat.nr_pageout, 0); /* young: one more trip (KEEP) */
	assert_false(PageFlag(page, PG_swapcache));
	assert_true(on_list(sim, &isol.ret_folios, pfn));
	*pte_of(t, vpn) |= PTE_YOUNG;
	batch_again(sim);
	sh.sc.lumpy_reclaim_mode = true;
	test_call_start(t, &sh.call, shrink_fn, &sh);
	while (!test_call_step(t))
		;
	assert_int_equal(sh.stat.nr_pageout, 1);
	assert_true(PageFlag(page, PG_writeback));
	reclaim_abort(t);
}

/*
 * kswapd under a stream of order-6 requests (2.6.35: lumpy reclaim, no
 * compaction): 40M of anon held on a 64M machine, then 153 order-6
 * attempts 40 ms apart.  With 2.6.35's failed_sweep kswapd keeps the
 * order, reclaiming lumpily for a free block of it, and so does more of
 * the work (scans and steals more) and leaves less to direct reclaim than
 * with compact_gap, where it balances for order 0 once it has reclaimed
 * 2 << 6 pages.  It has 16 balance_pgdat runs against 18, and 8
 * direct reclaims against 17 (14 against 19 runs, 14 against 20 direct
 * reclaims and 13,192 and 9,664 scans before lru_lock_ns was measured;
 * 13 against 19 before swap writes cost CPU, swap_writepage_ns, with
 * 14,858 and 9,553 scans; 11 against 14 while kswapd napped after every pass in trouble, before
 * kswapd_nap = above_min; 8 against 14 with the costs before calibrate;
 * 14 against 13 with them, before the block layer's request lists and
 * faults that sleep in place).  The swap
 * writeback would make every shrink_zone nap in throttle_vm_writeout,
 * which hides the difference: it is off here.  So is 2.6.35's zone-based
 * balancing (kswapd_balance = zones_all), under which kswapd keeps
 * sweeping until every zone has a free block of the order and the two
 * fallbacks differ little (scans 10,700 and 12,121, direct reclaims 12
 * and 7, seed 1): these figures are node-based kswapd's.
 *
 * Since a block request costs CPU (blk_submit_ns 1.7 us, blk_complete_ns;
 * issues 21-22, no kick on this device): 2.6.35's profile has no plug
 * (blk_plug = none), so each page kswapd writes is a request of its own
 * that it pays to submit.  failed_sweep still scans more (11,014 against
 * 10,269) in fewer balance_pgdat runs (15 against 29), but steals a
 * little less (3,507 against 3,767) and leaves more to direct reclaim (9
 * against 5); 11,316 / 3,509 / 13 before the memcg walk's costs were
 * measured (empty_lruvec_ns 0 -> 110 ns: the root lruvec's passes with
 * nothing to scan).  The figures above were 16,170 / 3,518 / 16 / 8 and 10,805
 * / 2,980 / 18 / 17; with blk_submit_ns 10.24 us (the idle virtio disk's
 * kick charged to every request, branch reqcpu) 4,531 / 2,210 / 1 / 28
 * and 6,030 / 2,907 / 12 / 18.  The kernel's queue plug (before 2.6.39)
 * would have merged kswapd's writes.
 *
 * With 2.6.35's batching of get_scan_count's small counts (scan_batch =
 * saved: nothing is scanned until a list's saved counts reach
 * SWAP_CLUSTER_MAX, so the first pages go at lower priorities), a sleep
 * in io_schedule() costing its switch (io_switch_ns) and a swap-in its
 * own path (swapin_major_ns, swapin_page_ns; issue 22) and the memcg
 * walk's measured costs (memcg_iter_ns, empty_lruvec_ns) the two
 * fallbacks differ little: failed_sweep scans 10,097 and steals 3,868 in
 * 36 runs with 3 direct reclaims, compact_gap 9,742 / 3,807 / 33 / 4
 * (11,316 / 3,509 / 13 / 9 and 10,269 / 3,767 / 29 / 5 before).
 *
 * 2.6.35's kswapd() tests the order it asked balance_pgdat for before
 * napping (kswapd_sleep_order = requested): after a balance that fell
 * back to order 0 the node is still short of an order-6 block, so kswapd
 * balances again at once instead of napping.  With compact_gap, which
 * falls back after 2 << 6 pages, that is 37 balance_pgdat runs against
 * 33 when it tests the order it reclaimed at (3.0+), scanning 10,133
 * pages against 9,742; failed_sweep, which falls back only after a
 * whole sweep failed, 9,881 / 3,820 / 36 / 4 against 10,097 / 3,868 /
 * 36 / 3.
 *
 * Those figures were made with v5.8's anon/file balance; with 2.6.35's
 * own (lru_balance = rotated_fraction: reclaim_stat's scanned over
 * rotated pages): failed_sweep 9,941 / 3,810 / 30 / 5 (31 runs when it
 * tests the requested order), compact_gap 9,700 / 4,000 / 27 / 2, and
 * 9,257 / 3,656 / 33 / 6 testing the requested order.
 */
static void kswapd_order_run(const char *fallback, const char *sleep_order, u64 pgscan_kswapd,
			     u64 pgsteal_kswapd, u64 pageoutrun, u64 allocstall)
{
	static const char ini[] = "[machine]\ncpus = 2\nmemory = 64M\npage_size = 4K\nswap = 64M\n"
				  "[policy]\nkernel = 2.6.35\nthrottle_vm_writeout = off\n"
				  "kswapd_balance = node\n"
				  "[workload anon]\ntype = anon_fill\nsize = 40M\npasses = 1\n"
				  "then = hold\npattern = seq\n"
				  "[workload highalloc]\ntype = highalloc\nstart = 2s\norder = 6\n"
				  "interval = 40ms\npercent = 60\n"
				  "[run]\nseed = 1\nduration = 10s\n";
	struct scenario *s = calloc(1, sizeof(*s));
	char err[SCN_ERR_LEN] = "", set[64];
	struct sim *sim;

	assert_non_null(s);
	snprintf(set, sizeof(set), "policy.kswapd_order_fallback=%s", fallback);
	assert_int_equal(scenario_load_string(s, "t.ini", ini, err, sizeof(err)), 0);
	assert_int_equal(scenario_set(s, TEST_NO_JITTER, err, sizeof(err)), 0);
	assert_int_equal(scenario_set(s, set, err, sizeof(err)), 0);
	snprintf(set, sizeof(set), "policy.kswapd_sleep_order=%s", sleep_order);
	assert_int_equal(scenario_set(s, set, err, sizeof(err)), 0);
	sim = test_sim_create(NULL, s);
	sim_run(sim);
	print_message("%s, %s: pgscan_kswapd %llu, pgsteal_kswapd %llu, pageoutrun %llu, "
		      "allocstall %llu\n",
		      fallback, sleep_order, (unsigned long long)test_vmstat(sim, "pgscan_kswapd"),
		      (unsigned long long)test_vmstat(sim, "pgsteal_kswapd"),
		      (unsigned long long)test_vmstat(sim, "pageoutrun"),
		      (unsigned long long)test_vmstat(sim, "allocstall_movable"));
	assert_int_equal(test_workload_figure(sim, "highalloc", "success"), 153);
	assert_int_equal(test_vmstat(sim, "pgscan_kswapd"), pgscan_kswapd);
	assert_int_equal(test_vmstat(sim, "pgsteal_kswapd"), pgsteal_kswapd);
	assert_int_equal(test_vmstat(sim, "pageoutrun"), pageoutrun);
	assert_int_equal(test_vmstat(sim, "allocstall_movable"), allocstall);
	sim_destroy(sim);
}

static void test_kswapd_order_failed_sweep(void **state)
{
	kswapd_order_run("failed_sweep", "reclaimed", 9941, 3810, 30, 5);
	kswapd_order_run("failed_sweep", "requested", 9941, 3810, 31, 5);
}

static void test_kswapd_order_compact_gap(void **state)
{
	kswapd_order_run("compact_gap", "reclaimed", 9700, 4000, 27, 2);
	kswapd_order_run("compact_gap", "requested", 9257, 3656, 33, 6);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		test_sim_unit_test(test_direct_swapout_async),
		test_sim_unit_test(test_writeback_page_6_12),
		test_sim_unit_test(test_writeback_case3_memcg_v1),
		test_sim_unit_test(test_writeback_case2_memcg_v2),
		test_sim_unit_test(test_writeback_case1_kswapd),
		test_sim_unit_test(test_writeback_case2_kswapd),
		test_sim_unit_test(test_writeback_rotation_4_5),
		test_sim_unit_test(test_activate_frees_swap_over_half),
		test_sim_unit_test(test_activate_keeps_swap_at_half),
		test_sim_unit_test(test_activate_frees_swap_2_6_28),
		test_sim_unit_test(test_activate_keeps_swap_2_6_25),
		test_sim_unit_test(test_pagevec_swap_free_2_6_28),
		test_sim_unit_test(test_pagevec_swap_free_at_half),
		test_sim_unit_test(test_pagevec_swap_free_2_6_32),
		test_sim_unit_test(test_memcg_swap_full_v2),
		test_sim_unit_test(test_memcg_swap_full_v1),
		test_sim_unit_test(test_sync_pass_waits),
		test_sim_unit_test(test_nodirect_anon),
		test_sim_unit_test(test_nodirect_sync_waits),
		test_sim_unit_test(test_dirty_file_2_6_35),
		test_sim_unit_test(test_file_pageout_merges),
		cmocka_unit_test(test_did_some_progress),
		test_sim_unit_test(test_dirty_file_nodirect),
		test_sim_unit_test(test_dirty_file_3_2),
		test_sim_unit_test(test_dirty_file_6_12),
		test_sim_unit_test(test_dirty_file_3_2_kswapd_priority),
		test_sim_unit_test(test_soft_limit_pass_kswapd_writes_3_10),
		test_sim_unit_test(test_writeback_page_3_2),
		test_sim_unit_test(test_writeback_page_2_6_35),
		test_sim_unit_test(test_may_write_to_queue),
		test_sim_unit_test(test_direct_writeback_allow),
		test_sim_unit_test(test_direct_writeback_deny),
		test_sim_unit_test(test_lumpy_isolate_both),
		test_sim_unit_test(test_lumpy_isolate_free_neighbours),
		test_sim_unit_test(test_lumpy_isolate_inactive),
		test_sim_unit_test(test_lumpy_isolate_active),
		test_sim_unit_test(test_isolate_zone_lists),
		test_sim_unit_test(test_isolate_skips_higher_zones),
		test_sim_unit_test(test_lumpy_ignores_references),
		cmocka_unit_test(test_kswapd_order_failed_sweep),
		cmocka_unit_test(test_kswapd_order_compact_gap),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

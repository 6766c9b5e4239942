// SPDX-License-Identifier: MIT
/*
 * test_madvise.c - the page state machine of MADV_FREE and MADV_DONTNEED
 * (src/mm/madvise.c), the rmap walk over fork families (rmap.c), COW
 * (memory.c) and the TLB shootdown count of reclaim (tlb.c), with exact
 * values on small hand-driven simulations (SPEC.md sections 5 and 8).
 *
 * Each test builds a 2-CPU, 64 MiB machine (with or without 64 MiB of
 * swap) and a task in [cgroup box] that never runs on the scheduler: the
 * test calls the model's functions in its place, and runs the box's limit
 * reclaim to its end where reclaim is under test.
 */
#include <errno.h>

#include "testmm.h"

#define INI(swap, policy)                    \
	"[machine]\n"                        \
	"cpus = 2\n"                         \
	"memory = 64M\n"                     \
	"zones = DMA:16M, DMA32:rest\n"      \
	"swap = " swap "\n"                  \
	"[policy]\n" policy "[cgroup box]\n" \
	"[run]\n"                            \
	"duration = 1s\n"

static const char ini_noswap[] = INI("0", "");
static const char ini_swap[] = INI("64M", "");
static const char ini_anon_lru_noswap[] = INI("0", "lazyfree = anon_lru\n");
static const char ini_anon_lru_swap[] = INI("64M", "lazyfree = anon_lru\n");
static const char ini_none[] = INI("64M", "lazyfree = none\n");
static const char ini_per_page[] = INI("64M", "tlb_flush = per_page\n");

#define NPAGES 64

/* A task of box with its own mm and an anon mapping of NPAGES written pages. */
static struct task *task_with_pages(struct sim *sim, u64 *base)
{
	struct task *t = test_task_in(sim, test_memcg_named(sim, "box"));

	t->cpu = 0;
	t->mm = mm_alloc(sim, t);
	assert_non_null(t->mm);
	*base = mmap_anon(t->mm, NPAGES);
	assert_true(*base != 0);
	for (u64 i = 0; i < NPAGES; i++)
		assert_int_equal(handle_mm_fault(t, *base + i, true), VM_FAULT_DONE);
	return t;
}

/* ------------------------------------------------------------------ */

/*
 * v4.12+: MADV_FREE cleans the PTEs and moves the pages through the CPU's
 * batch of 31 to the inactive file list with SwapBacked cleared; 64 pages
 * leave 64 mod 31 = 2 in the batch until the next drain.  The data stays.
 */
static void test_free_moves_to_inactive_file(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_noswap);
	struct pglist_data *pgdat = &sim->nodes[0];
	u64 base;
	struct task *t = task_with_pages(sim, &base);
	long file_before = node_page_state(pgdat, NR_INACTIVE_FILE);

	assert_int_equal(do_madvise(t, base, NPAGES, MADV_FREE), 0);
	assert_int_equal(vm_event(sim, PGLAZYFREE), 62);
	assert_int_equal(sim->mm_cpus[0].lru_lazyfree.nr, 2);
	assert_int_equal(node_page_state(pgdat, NR_INACTIVE_FILE) - file_before, 62);
	assert_int_equal(mm_lazyfree_pages(sim, t->mm), 62);
	assert_int_equal(t->memcg->vm_events[PGLAZYFREE], 62);
	lru_add_drain(sim, 0);
	assert_int_equal(vm_event(sim, PGLAZYFREE), 64);
	assert_int_equal(mm_lazyfree_pages(sim, t->mm), 64);
	/* not freed: still mapped, counted in RSS (the seed's monitoring problem) */
	assert_int_equal(t->mm->rss_stat[MM_ANONPAGES], NPAGES);
	for (u64 i = 0; i < NPAGES; i++) {
		pte_t pte = *pte_of(t, base + i);
		struct page *page = page_of(t, base + i);

		assert_false(pte & (PTE_DIRTY | PTE_YOUNG));
		assert_false(PageFlag(page, PG_swapbacked));
		assert_false(PageFlag(page, PG_dirty));
		assert_int_equal(folio_lru_list(page), LRU_INACTIVE_FILE);
	}
	/* a write takes a page out of LazyFree (dirty PTE) */
	assert_int_equal(handle_mm_fault(t, base + 10, true), VM_FAULT_DONE);
	assert_int_equal(mm_lazyfree_pages(sim, t->mm), 63);
	assert_verified(sim);
}

/*
 * Without swap, reclaim discards the clean lazyfree pages without I/O
 * (pglazyfreed); the rewritten page 10 survives, and once unmapping finds
 * its dirty PTE it is SwapBacked again, on the active anon list.  A read
 * of a discarded page is a fresh zero-filled page.
 */
static void test_reclaim_discards_clean_keeps_rewritten(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_noswap);
	u64 base;
	struct task *t = task_with_pages(sim, &base);
	struct page *p10;
	u64 flt;

	assert_int_equal(do_madvise(t, base, NPAGES, MADV_FREE), 0);
	lru_add_drain(sim, 0);
	assert_int_equal(handle_mm_fault(t, base + 10, true), VM_FAULT_DONE);
	/* the write set the young bit: the first pass keeps page 10 */
	reclaim_box(t, NPAGES);
	assert_int_equal(vm_event(sim, PGLAZYFREED), NPAGES - 1);
	assert_int_equal(t->memcg->vm_events[PGLAZYFREED], NPAGES - 1);
	assert_int_equal(vm_event(sim, PSWPOUT), 0);
	assert_int_equal(t->mm->rss_stat[MM_ANONPAGES], 1);
	for (u64 i = 0; i < NPAGES; i++)
		assert_true(i == 10 ? pte_present(*pte_of(t, base + i)) :
				      pte_none(*pte_of(t, base + i)));
	/* the second pass tries to unmap it: dirty, so back to anon */
	reclaim_box(t, NPAGES);
	p10 = page_of(t, base + 10);
	assert_true(PageFlag(p10, PG_swapbacked));
	assert_true(PageFlag(p10, PG_dirty));
	assert_int_equal(folio_lru_list(p10), LRU_ACTIVE_ANON);
	assert_int_equal(vm_event(sim, PGLAZYFREED), NPAGES - 1);
	/* a discarded page reads as a new zero page: a minor fault */
	flt = t->min_flt;
	assert_int_equal(handle_mm_fault(t, base + 3, false), VM_FAULT_DONE);
	assert_int_equal(t->min_flt, flt + 1);
	assert_true(PageFlag(page_of(t, base + 3), PG_swapbacked));
	assert_verified(sim);
}

/* Free pages of DMA and DMA32, the buddy's and the per-CPU lists'. */
static u64 free_and_pcp(struct sim *sim)
{
	u64 n = 0;

	for (int z = ZONE_DMA; z <= ZONE_DMA32; z++)
		n += (u64)sim->nodes[0].node_zones[z].vm_stat[NR_FREE_PAGES] +
		     zone_pcp_pages(sim, &sim->nodes[0].node_zones[z]);
	return n;
}

/* v4.5 without swap: MADV_FREE is MADV_DONTNEED; nothing is lazily freed. */
static void test_anon_lru_noswap_is_dontneed(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_anon_lru_noswap);
	u64 base;
	struct task *t = task_with_pages(sim, &base);
	u64 free_before = free_and_pcp(sim);
	u64 free_after;

	assert_int_equal(do_madvise(t, base, NPAGES, MADV_FREE), 0);
	assert_int_equal(vm_event(sim, PGLAZYFREE), 0);
	assert_int_equal(t->mm->rss_stat[MM_ANONPAGES], 0);
	for (u64 i = 0; i < NPAGES; i++)
		assert_true(pte_none(*pte_of(t, base + i)));
	free_after = free_and_pcp(sim);
	assert_int_equal(free_after - free_before, NPAGES);
	assert_verified(sim);
}

/*
 * v4.5 with swap: the pages stay SwapBacked on the anon LRU, clean; reclaim
 * adds them to swap and try_to_unmap(TTU_FREE) discards the clean ones
 * without writing; the rewritten page is written to swap.
 */
static void test_anon_lru_swap_discards_via_ttu_free(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_anon_lru_swap);
	u64 base;
	struct task *t = task_with_pages(sim, &base);

	assert_int_equal(do_madvise(t, base, NPAGES, MADV_FREE), 0);
	assert_int_equal(sim->mm_cpus[0].lru_lazyfree.nr, 0);
	for (u64 i = 0; i < NPAGES; i++) {
		struct page *page = page_of(t, base + i);

		assert_true(PageFlag(page, PG_swapbacked));
		assert_false(*pte_of(t, base + i) & PTE_DIRTY);
	}
	assert_int_equal(handle_mm_fault(t, base + 10, true), VM_FAULT_DONE);
	for (int pass = 0; pass < 4; pass++)
		reclaim_box(t, NPAGES);
	assert_int_equal(vm_event(sim, PGLAZYFREED), NPAGES - 1);
	assert_int_equal(vm_event(sim, PSWPOUT), 1);
	assert_true(pte_swap(*pte_of(t, base + 10)));
	assert_true(pte_none(*pte_of(t, base + 11)));
	assert_int_equal(get_nr_swap_pages(sim), sim->swap->max - 2);
	assert_verified(sim);
}

/* Before v4.5 there is no MADV_FREE; bad ranges and advice are refused. */
static void test_madvise_errors(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_none);
	u64 base;
	struct task *t = task_with_pages(sim, &base);

	assert_int_equal(do_madvise(t, base, NPAGES, MADV_FREE), -EINVAL);
	assert_int_equal(do_madvise(t, base, NPAGES, 99), -EINVAL);
	assert_int_equal(do_madvise(t, base, NPAGES + 1, MADV_DONTNEED), -ENOMEM);
	assert_int_equal(t->mm->rss_stat[MM_ANONPAGES], NPAGES);
}

/*
 * MADV_DONTNEED frees at once (swap entries too); the next touch is a new
 * zero-filled fault.
 */
static void test_dontneed_frees_now(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	u64 base;
	struct task *t = task_with_pages(sim, &base);
	u64 flt = t->min_flt;

	reclaim_box(t, 16);
	complete_io(sim);
	assert_true(t->mm->rss_stat[MM_SWAPENTS] > 0);
	assert_int_equal(do_madvise(t, base, NPAGES, MADV_DONTNEED), 0);
	assert_int_equal(t->mm->rss_stat[MM_ANONPAGES], 0);
	assert_int_equal(t->mm->rss_stat[MM_SWAPENTS], 0);
	assert_int_equal(sim->swap->inuse_pages, 0);
	assert_int_equal(handle_mm_fault(t, base, true), VM_FAULT_DONE);
	assert_int_equal(t->min_flt, flt + 1);
	assert_int_equal(t->maj_flt, 0);
	assert_verified(sim);
}

/*
 * fork: every page mapped twice, the child's PTEs old; a write in the
 * parent copies (COW) and leaves the child the old page; folio_referenced
 * sees both mappings.
 */
static void test_fork_shares_and_cow(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	u64 base;
	struct task *p = task_with_pages(sim, &base);
	struct task *c = test_task_in(sim, p->memcg);
	struct page *old;
	unsigned long vm_flags;
	u32 old_pfn;

	c->cpu = 1;
	c->mm = dup_mm(sim, c, p->mm);
	assert_non_null(c->mm);
	old = page_of(p, base + 5);
	old_pfn = page_to_pfn(sim, old);
	assert_int_equal(old->mapcount, 2);
	assert_int_equal(c->mm->rss_stat[MM_ANONPAGES], NPAGES);
	assert_false(*pte_of(c, base + 5) & PTE_YOUNG);
	assert_true(*pte_of(c, base + 5) & PTE_DIRTY);
	assert_int_equal(folio_referenced(p, old_pfn, &vm_flags), 1);
	assert_int_equal(handle_mm_fault(c, base + 5, false), VM_FAULT_DONE);
	*pte_of(p, base + 5) |= PTE_YOUNG;
	assert_int_equal(folio_referenced(p, old_pfn, &vm_flags), 2);
	/* COW */
	assert_int_equal(handle_mm_fault(p, base + 5, true), VM_FAULT_DONE);
	assert_int_equal(old->mapcount, 1);
	assert_int_equal(pte_pfn(*pte_of(c, base + 5)), old_pfn);
	assert_true(pte_pfn(*pte_of(p, base + 5)) != old_pfn);
	assert_int_equal(page_of(p, base + 5)->mapcount, 1);
	/* the child exits: its old copy is freed, shared pages keep one mapper */
	mmput(sim, c->mm);
	assert_int_equal(page_of(p, base + 6)->mapcount, 1);
	assert_true(PageFlag(old, PG_buddy) || old->mapcount == 0);
	assert_verified(sim);
}

/*
 * MADV_FREE clears PG_dirty only on a page this mm maps alone: a dirty
 * page shared with a child is skipped entirely, and lazily freed once the
 * child is gone.
 */
static void test_free_exclusive_rule(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	u64 base;
	struct task *p = task_with_pages(sim, &base);
	struct task *c = test_task_in(sim, p->memcg);
	struct page *page = page_of(p, base + 7);

	c->mm = dup_mm(sim, c, p->mm);
	assert_non_null(c->mm);
	SetPageFlag(page, PG_dirty);
	assert_int_equal(do_madvise(p, base, NPAGES, MADV_FREE), 0);
	lru_add_drain(sim, 0);
	assert_true(PageFlag(page, PG_dirty));
	assert_true(PageFlag(page, PG_swapbacked));
	assert_true(*pte_of(p, base + 7) & PTE_DIRTY);
	/* the clean shared pages were made lazyfree all the same */
	assert_int_equal(vm_event(sim, PGLAZYFREE), NPAGES - 1);
	mmput(sim, c->mm);
	assert_int_equal(do_madvise(p, base + 7, 1, MADV_FREE), 0);
	lru_add_drain(sim, 0);
	assert_false(PageFlag(page, PG_dirty));
	assert_false(PageFlag(page, PG_swapbacked));
	assert_int_equal(vm_event(sim, PGLAZYFREE), NPAGES);
	assert_verified(sim);
}

/* A lazyfree page mapped by parent and child is discarded from both. */
static void test_shared_lazyfree_discarded_from_all(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_noswap);
	u64 base;
	struct task *p = task_with_pages(sim, &base);
	struct task *c = test_task_in(sim, p->memcg);

	assert_int_equal(do_madvise(p, base, NPAGES, MADV_FREE), 0);
	lru_add_drain(sim, 0);
	c->mm = dup_mm(sim, c, p->mm);
	assert_non_null(c->mm);
	reclaim_box(p, NPAGES);
	assert_int_equal(vm_event(sim, PGLAZYFREED), NPAGES);
	assert_int_equal(p->mm->rss_stat[MM_ANONPAGES], 0);
	assert_int_equal(c->mm->rss_stat[MM_ANONPAGES], 0);
	assert_true(pte_none(*pte_of(c, base)));
	assert_verified(sim);
}

/*
 * Reclaim unmapping pages of an mm loaded on the other CPU: one IPI per
 * page with per_page flushing, one per shrink_folio_list batch (at most 32
 * pages) when batched.
 */
static unsigned long reclaim_ipis(void **state, const char *ini)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini);
	u64 base;
	struct task *t = task_with_pages(sim, &base);

	struct task *thread = test_task_in(sim, t->memcg);

	/* a second thread of the mm runs on CPU 1 */
	thread->mm = t->mm;
	thread->cpu = 1;
	sim->eng.cpus[1].curr = thread;
	switch_mm(sim, 1, t); /* CPU 1 last ran a task of the mm */
	assert_int_equal(do_madvise(t, base, NPAGES, MADV_FREE), 0);
	lru_add_drain(sim, 0);
	/* madvise itself flushed once */
	assert_int_equal(sim->mm_cpus[1].nr_tlb_irqs, 1);
	reclaim_box(t, 32);
	assert_true(vm_event(sim, PGLAZYFREED) >= 32);
	return sim->mm_cpus[1].nr_tlb_irqs - 1;
}

static void test_tlb_per_page(void **state)
{
	unsigned long ipis = reclaim_ipis(state, ini_per_page);
	struct sim *sim = *state;

	assert_int_equal(ipis, vm_event(sim, PGLAZYFREED));
	assert_int_equal(vm_event(sim, NR_TLB_REMOTE_FLUSH), ipis + 1);
	assert_int_equal(vm_event(sim, NR_TLB_REMOTE_FLUSH_RECEIVED), ipis + 1);
}

/* An idle CPU in lazy TLB mode leaves the mm at the first shootdown. */
static void test_tlb_idle_cpu_leaves_mm(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	u64 base;
	struct task *t = task_with_pages(sim, &base);

	switch_mm(sim, 1, t); /* CPU 1 last ran a task of the mm */
	assert_int_equal(do_madvise(t, base, 1, MADV_DONTNEED), 0);
	assert_int_equal(sim->mm_cpus[1].nr_tlb_irqs, 1);
	assert_null(sim->mm_cpus[1].loaded_mm);
	assert_int_equal(sim->eng.cpus[1].irq_ns, 0);
	assert_int_equal(do_madvise(t, base + 1, 1, MADV_DONTNEED), 0);
	assert_int_equal(sim->mm_cpus[1].nr_tlb_irqs, 1);
	assert_int_equal(vm_event(sim, NR_TLB_LOCAL_FLUSH_ALL), 1);
}

static void test_tlb_batched(void **state)
{
	unsigned long ipis = reclaim_ipis(state, ini_swap);
	struct sim *sim = *state;

	assert_true(ipis >= 1);
	assert_true(ipis * 4 <= vm_event(sim, PGLAZYFREED));
	assert_int_equal(vm_event(sim, NR_TLB_REMOTE_FLUSH), ipis + 1);
}

/*
 * The walk to a forked child's new page: before 2.6.34 the children share
 * the parent's anon_vma and the walk passes the parent and the elder
 * siblings (rmap_ns for the first VMA, rmap_vma_ns for each further one);
 * since, the child's own anon_vma lists only it.  @cost: [cost] lines.
 */
static u64 walk_cost_of_third_child(void **state, const char *kernel, const char *cost)
{
	char ini[512];
	struct sim *sim;
	struct task *parent, *child = NULL;
	unsigned long vm_flags;
	u64 base, before;

	snprintf(ini, sizeof(ini), INI("0", "kernel = %s\n") "[cost]\n%s", kernel, cost);
	sim = test_sim_from_text(state, "t.ini", ini);
	parent = test_task_in(sim, test_memcg_named(sim, "box"));
	parent->mm = mm_alloc(sim, parent);
	assert_non_null(parent->mm);
	base = mmap_anon(parent->mm, NPAGES);
	for (int i = 0; i < 3; i++) {
		child = test_task_in(sim, parent->memcg);
		child->mm = dup_mm(sim, child, parent->mm);
		assert_non_null(child->mm);
	}
	assert_int_equal(handle_mm_fault(child, base, true), VM_FAULT_DONE);
	before = child->step_sys_ns;
	assert_int_equal(folio_referenced(child, pte_pfn(*pte_of(child, base)), &vm_flags), 1);
	return child->step_sys_ns - before;
}

static void test_anon_vma_walk_2_6_25(void **state)
{
	u64 ns = walk_cost_of_third_child(state, "2.6.25", "");

	assert_int_equal(ns, 4 * ((struct sim *)*state)->scn.cost.rmap_ns);
}

static void test_anon_vma_walk_rmap_vma_ns(void **state)
{
	u64 ns = walk_cost_of_third_child(state, "2.6.25", "rmap_vma_ns = 50ns\n");

	assert_int_equal(ns, ((struct sim *)*state)->scn.cost.rmap_ns + 3 * 50);
}

static void test_anon_vma_walk_6_12(void **state)
{
	u64 ns = walk_cost_of_third_child(state, "6.12", "rmap_vma_ns = 50ns\n");

	assert_int_equal(ns, ((struct sim *)*state)->scn.cost.rmap_ns);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		test_sim_unit_test(test_free_moves_to_inactive_file),
		test_sim_unit_test(test_reclaim_discards_clean_keeps_rewritten),
		test_sim_unit_test(test_anon_lru_noswap_is_dontneed),
		test_sim_unit_test(test_anon_lru_swap_discards_via_ttu_free),
		test_sim_unit_test(test_madvise_errors),
		test_sim_unit_test(test_dontneed_frees_now),
		test_sim_unit_test(test_fork_shares_and_cow),
		test_sim_unit_test(test_free_exclusive_rule),
		test_sim_unit_test(test_shared_lazyfree_discarded_from_all),
		test_sim_unit_test(test_tlb_per_page),
		test_sim_unit_test(test_tlb_batched),
		test_sim_unit_test(test_tlb_idle_cpu_leaves_mm),
		test_sim_unit_test(test_anon_vma_walk_2_6_25),
		test_sim_unit_test(test_anon_vma_walk_rmap_vma_ns),
		test_sim_unit_test(test_anon_vma_walk_6_12),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

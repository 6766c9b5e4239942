// SPDX-License-Identifier: MIT
/*
 * madvise.c - MADV_DONTNEED and MADV_FREE (mm/madvise.c, mm/swap.c;
 * v6.12, and v4.5 for lazyfree = anon_lru), SPEC.md section 5.
 *
 * MADV_DONTNEED unmaps at once: the next touch is a fresh zero-filled
 * fault.  MADV_FREE only cleans: the PTEs lose their young and dirty bits,
 * an exclusively mapped page loses PG_dirty, and (v4.12+) the page moves
 * through a per-CPU batch to the inactive file list with SwapBacked
 * cleared.  Reclaim then discards it without I/O unless it was written
 * again (vmscan.c, rmap.c).
 */
#include <errno.h>

#include "internal.h"
#include "../sim/config.h"
#include "../sim/scenario.h"

/*
 * lru_lazyfree() (v6.12 mm/swap.c): the page leaves its anon list, loses
 * Active, Referenced and SwapBacked, and joins the inactive file list.
 * Pages that changed since they were queued (isolated by a reclaimer, in
 * the swap cache, freed by their last mapper) are left as they are; an
 * orphan is freed now, the batch having held the last reference.
 */
static void lru_lazyfree(struct sim *sim, u32 pfn)
{
	struct page *page = pfn_to_page(sim, pfn);
	struct lruvec *lruvec;

	ClearPageFlag(page, PG_fbatch);
	if (!PageFlag(page, PG_lru) || PageFlag(page, PG_isolated))
		return;
	lruvec = folio_lruvec(sim, pfn);
	if (folio_orphaned(page)) {
		lruvec_del_folio(sim, lruvec, pfn);
		free_unref_page(sim, pfn);
		return;
	}
	if (!PageFlag(page, PG_anon) || !PageFlag(page, PG_swapbacked) ||
	    PageFlag(page, PG_swapcache) || PageFlag(page, PG_unevictable))
		return;
	lruvec_del_folio(sim, lruvec, pfn);
	ClearPageFlag(page, PG_active);
	ClearPageFlag(page, PG_referenced);
	ClearPageFlag(page, PG_swapbacked);
	lruvec_add_folio(sim, lruvec, pfn);
	count_vm_event(sim, PGLAZYFREE);
	count_memcg_events(lruvec->memcg, PGLAZYFREE, 1);
}

void lru_add_drain(struct sim *sim, unsigned int cpu)
{
	struct lru_fbatch *fbatch = &sim->mm_cpus[cpu].lru_lazyfree;

	for (unsigned int i = 0; i < fbatch->nr; i++)
		lru_lazyfree(sim, fbatch->pfns[i]);
	fbatch->nr = 0;
}

/*
 * folio_mark_lazyfree() (v6.12): queue an anon, SwapBacked page on the
 * LRU (not in the swap cache) in this CPU's batch; a full batch drains.
 */
static void folio_mark_lazyfree(struct task *t, u32 pfn)
{
	struct sim *sim = t->sim;
	struct page *page = pfn_to_page(sim, pfn);
	struct lru_fbatch *fbatch = &sim->mm_cpus[task_cpu(t)].lru_lazyfree;

	if (!PageFlag(page, PG_anon) || !PageFlag(page, PG_swapbacked) || !PageFlag(page, PG_lru) ||
	    PageFlag(page, PG_swapcache) || PageFlag(page, PG_unevictable) ||
	    PageFlag(page, PG_fbatch))
		return;
	SetPageFlag(page, PG_fbatch);
	fbatch->pfns[fbatch->nr++] = pfn;
	if (fbatch->nr == LRU_FBATCH_SIZE)
		lru_add_drain(sim, task_cpu(t));
}

/*
 * madvise_free_pte_range() (v6.12; v4.5 for anon_lru, which differs only
 * in leaving the page where it is on the anon LRU) for one PTE.
 */
static void madvise_free_pte(struct task *t, struct mm_struct *mm, pte_t *pte)
{
	struct sim *sim = t->sim;
	struct page *page;
	u32 pfn;

	if (pte_none(*pte))
		return;
	if (pte_swap(*pte)) {
		/* the data is dropped: a later touch gets a zero page */
		free_swap_and_cache(sim, pte_slot(*pte));
		mm->rss_stat[MM_SWAPENTS]--;
		*pte = 0;
		return;
	}
	pfn = pte_pfn(*pte);
	page = pfn_to_page(sim, pfn);
	if (PageFlag(page, PG_swapcache) || PageFlag(page, PG_dirty)) {
		/* only a page this mm maps alone may lose its dirty state */
		if (page->mapcount != 1 || PageFlag(page, PG_locked))
			return;
		if (PageFlag(page, PG_swapcache) && !folio_free_swap(sim, pfn))
			return;
		ClearPageFlag(page, PG_dirty);
	}
	*pte &= ~(PTE_YOUNG | PTE_DIRTY);
	if (sim->scn.policy.lazyfree == LAZYFREE_INACTIVE_FILE)
		folio_mark_lazyfree(t, pfn);
}

/* madvise_free_single_vma() / madvise_dontneed_single_vma() over @vma's part. */
static void madvise_vma(struct task *t, struct vm_area_struct *vma, u64 start, u64 end, int advice)
{
	struct sim *sim = t->sim;
	struct mm_struct *mm = t->mm;

	for (u64 v = start; v < end; v++) {
		pte_t *pte = pte_offset_map(vma, v);

		if (!pte || pte_none(*pte))
			continue;
		charge_sys(t, sim->scn.cost.pte_ns);
		if (advice == MADV_FREE)
			madvise_free_pte(t, mm, pte);
		else
			zap_pte(sim, mm, pte);
	}
}

/*
 * madvise_update_vma() (v6.12) for MADV_NORMAL, MADV_RANDOM and
 * MADV_SEQUENTIAL: the VMAs' read hint, VM_RAND_READ or VM_SEQ_READ or
 * neither, which filemap_fault's readahead follows; under mmap_lock for
 * write (madvise_need_mmap_write).  The model does not split VMAs: each
 * VMA the range touches takes the hint whole.
 */
static int madvise_read_hint(struct task *t, u64 vpn, u64 end, int advice)
{
	struct mm_struct *mm = t->mm;
	unsigned long hint = advice == MADV_RANDOM     ? VM_RAND_READ :
			     advice == MADV_SEQUENTIAL ? VM_SEQ_READ :
							 0;

	for (u64 v = vpn; v < end;) {
		struct vm_area_struct *vma = find_vma(mm, v);

		if (!vma)
			return -ENOMEM; /* a hole in the range */
		v = vma->vm_end;
	}
	charge_sys(t, t->sim->scn.cost.syscall_ns);
	mmap_write_lock(t, mm);
	for (u64 v = vpn; v < end;) {
		struct vm_area_struct *vma = find_vma(mm, v);

		vma->vm_flags = (vma->vm_flags & ~(VM_RAND_READ | VM_SEQ_READ)) | hint;
		v = vma->vm_end;
	}
	mmap_write_unlock(t, mm);
	return 0;
}

/*
 * do_madvise() (v6.12) for MADV_DONTNEED and MADV_FREE on @t's own mm:
 * validate the whole range first (the kernel stops at the first bad VMA,
 * having advised the part before it; the model advises nothing then),
 * drain this CPU's LRU batches, then one mmu_gather over the range: a
 * single TLB flush at the end.
 */
int do_madvise(struct task *t, u64 vpn, u64 pages, int advice)
{
	struct sim *sim = t->sim;
	struct mm_struct *mm = t->mm;
	u64 end = vpn + pages;

	if (advice == MADV_NORMAL || advice == MADV_RANDOM || advice == MADV_SEQUENTIAL)
		return madvise_read_hint(t, vpn, end, advice);
	if (advice != MADV_DONTNEED && advice != MADV_FREE)
		return -EINVAL;
	if (advice == MADV_FREE && sim->scn.policy.lazyfree == LAZYFREE_NONE)
		return -EINVAL; /* before v4.5 */
	/* v4.5-4.11: "MADV_FREE works like MADV_DONTNEED on swapless system or full swap" */
	if (advice == MADV_FREE && sim->scn.policy.lazyfree == LAZYFREE_ANON_LRU &&
	    !get_nr_swap_pages(sim))
		advice = MADV_DONTNEED;
	for (u64 v = vpn; v < end;) {
		struct vm_area_struct *vma = find_vma(mm, v);

		if (!vma)
			return -ENOMEM; /* a hole in the range */
		if ((vma->vm_flags & VM_LOCKED) || (advice == MADV_FREE && !vma_is_anonymous(vma)))
			return -EINVAL;
		v = vma->vm_end;
	}
	charge_sys(t, sim->scn.cost.syscall_ns);
	/* madvise_need_mmap_write(): DONTNEED and FREE only read the VMAs */
	mmap_read_lock(t, mm);
	lru_add_drain(sim, task_cpu(t));
	/* zap_page_range_single() and madvise_free_single_vma() both do */
	update_hiwater_rss(mm);
	for (u64 v = vpn; v < end;) {
		struct vm_area_struct *vma = find_vma(mm, v);
		u64 stop = end < vma->vm_end ? end : vma->vm_end;

		madvise_vma(t, vma, v, stop, advice);
		v = stop;
	}
	flush_tlb_mm_range(t, mm);
	mmap_read_unlock(t, mm);
	return 0;
}

/* smaps_account() (v6.12 fs/proc/task_mmu.c): the LazyFree field, pages. */
u64 mm_lazyfree_pages(struct sim *sim, struct mm_struct *mm)
{
	u64 nr = 0;

	for (unsigned int i = 0; i < mm->nr_vmas; i++) {
		const struct vm_area_struct *vma = &mm->vmas[i];

		for (u64 v = 0; v < vma->vm_end - vma->vm_start; v++) {
			pte_t pte = pte_offset_get(vma, vma->vm_start + v);
			const struct page *page;

			if (!pte_present(pte) || (pte & PTE_DIRTY))
				continue;
			page = pfn_to_page(sim, pte_pfn(pte));
			if (PageFlag(page, PG_anon) && !PageFlag(page, PG_swapbacked) &&
			    !PageFlag(page, PG_dirty))
				nr++;
		}
	}
	return nr;
}

/* ------------------------------------------------------------------ */
/* Scenario keys: MADV_FREE */
/* ------------------------------------------------------------------ */

#define P_OFF(f) .off = offsetof(struct scn_policy, f), .size = sizeof(((struct scn_policy *)0)->f)

static const struct cfg_key madvise_policy_keys[] = {
	{ .name = "lazyfree",
	  .type = CFG_ENUM,
	  P_OFF(lazyfree),
	  .values = CFG_VALUES("none", "anon_lru", "inactive_file"),
	  .def = "inactive_file",
	  .doc = "MADV_FREE (seed 001): v4.12+ inactive file list / v4.5 anon LRU, DONTNEED without swap / before v4.5, -EINVAL" },
};
CFG_TABLE(madvise_policy_table, madvise_policy_keys);

// SPDX-License-Identifier: MIT
/*
 * rmap.c - reverse mapping (mm/rmap.c, v6.12) for the foundation's
 * private anonymous pages: each mapped page has exactly one PTE, found
 * from page->mapping_id (the mm) and page->index (the virtual page).
 * Shared mappings (fork, shared file maps) need a real mapper list and
 * come with the MADV_FREE work.
 */
#include "internal.h"

/* The PTE mapping @pfn, or NULL if it is not mapped. */
pte_t *page_pte(struct sim *sim, u32 pfn, struct vm_area_struct **vmap)
{
	struct page *page = pfn_to_page(sim, pfn);
	struct mm_struct *mm;
	struct vm_area_struct *vma;

	if (!page->mapcount || page->mapping_id == NO_MM || !PageFlag(page, PG_anon))
		return NULL;
	mm = sim->mms[page->mapping_id];
	vma = find_vma(mm, page->index);
	if (!vma)
		return NULL;
	if (vmap)
		*vmap = vma;
	return &vma->ptes[page->index - vma->vm_start];
}

/*
 * folio_referenced() (v6.12): count the mappings whose accessed (young)
 * bit was set, clearing the bits, and collect their VMAs' flags.
 */
int folio_referenced(struct sim *sim, u32 pfn, unsigned long *vm_flags)
{
	struct vm_area_struct *vma;
	pte_t *pte = page_pte(sim, pfn, &vma);

	*vm_flags = 0;
	if (!pte)
		return 0;
	*vm_flags |= vma->vm_flags;
	if (*pte & PTE_YOUNG) {
		*pte &= ~PTE_YOUNG;
		return 1;
	}
	return 0;
}

/*
 * try_to_unmap() -> try_to_unmap_one() (v6.12) for an anon page in the
 * swap cache: a dirty PTE dirties the page, the PTE becomes a swap entry
 * holding a reference to the slot (swap_duplicate), RSS moves to swap.
 * Returns true when the page is no longer mapped.
 */
bool try_to_unmap(struct sim *sim, u32 pfn)
{
	struct page *page = pfn_to_page(sim, pfn);
	struct mm_struct *mm;
	pte_t *pte = page_pte(sim, pfn, NULL);
	u64 slot;

	if (!pte)
		return page->mapcount == 0;
	if (!PageFlag(page, PG_swapcache))
		return false;
	if (*pte & PTE_DIRTY)
		SetPageFlag(page, PG_dirty);
	slot = page->private;
	sim->swap->swap_map[slot]++;
	*pte = swp_entry_pte(slot);
	mm = sim->mms[page->mapping_id];
	mm->rss_stat[MM_ANONPAGES]--;
	mm->rss_stat[MM_SWAPENTS]++;
	page->mapcount = 0;
	mod_lruvec_page_state(sim, pfn, NR_ANON_MAPPED, -1);
	return true;
}

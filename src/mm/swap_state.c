// SPDX-License-Identifier: MIT
/*
 * swap_state.c - swap I/O and swap-in readahead (mm/page_io.c,
 * mm/swap_state.c, v6.12).
 *
 * Readahead: the kernel's VMA-based readahead (swap_vma_readahead) reads
 * the swapped-out PTEs of a window of 2^page-cluster pages around the
 * fault; with a sequential access pattern the window stays at that size,
 * which is what the oracle shows (one major fault per 8 pages).  The
 * model uses the fixed, aligned window.
 */
#include "internal.h"

/* end_swap_bio_write() -> folio_end_writeback(). */
static void end_swap_bio_write(struct sim *sim, struct bio *bio)
{
	for (unsigned int i = 0; i < bio->nr_pages; i++)
		folio_end_writeback(sim, bio->pfns[i]);
}

/*
 * swap_writepage() (v6.12 swap_writepage -> __swap_writepage): start the
 * write of a swap cache page; it is clean and under writeback until the
 * I/O completes.  One bio per page, as reclaim writes them one by one, at
 * the swap slot's place on the device: the block layer merges it into a
 * queued write of the slot before (blkdev.h).
 */
void swap_writepage(struct sim *sim, struct task *t, u32 pfn)
{
	struct page *page = pfn_to_page(sim, pfn);
	struct bio *bio = bio_alloc(&sim->swap_dev, REQ_OP_WRITE, end_swap_bio_write);

	ClearPageFlag(page, PG_dirty);
	SetPageFlag(page, PG_writeback);
	mod_lruvec_page_state(sim, pfn, NR_WRITEBACK, 1);
	mod_zone_page_state(page_zone(sim, pfn), NR_ZONE_WRITE_PENDING, 1);
	sim->nr_writeback++;
	count_vm_event(sim, PSWPOUT);
	count_vm_events(sim, PGPGOUT, sim->page_size / 1024);
	if (!bio)
		return;
	bio->pfns[bio->nr_pages++] = pfn;
	bio->sector = page->private;
	submit_bio(sim, &sim->swap_dev, bio, task_now(t));
}

/* end_swap_bio_read(): the pages are uptodate; wake whoever waits. */
static void end_swap_bio_read(struct sim *sim, struct bio *bio)
{
	for (unsigned int i = 0; i < bio->nr_pages; i++)
		ClearPageFlag(pfn_to_page(sim, bio->pfns[i]), PG_locked);
	wake_up_all(sim, &sim->page_wait);
}

static bool swap_cache_has_page(const struct swap_info_struct *si, u64 slot)
{
	u64 e = si->swap_cache[slot];

	return e && !xa_is_value(e);
}

/*
 * __read_swap_cache_async() for one slot: a fresh page enters the swap
 * cache locked (I/O pending) and the LRU; the slot's memsw charge moves
 * to the page (v1 mem_cgroup_swapin_uncharge_swap); a workingset shadow
 * left by its eviction decides whether it starts active.
 */
static void swapin_add_page(struct sim *sim, u32 pfn, struct mm_struct *mm, u64 vpn, u64 slot)
{
	struct swap_info_struct *si = sim->swap;
	struct page *page = pfn_to_page(sim, pfn);
	u64 shadow = si->swap_cache[slot];

	page->flags |= (1u << PG_anon) | (1u << PG_swapbacked) | (1u << PG_swapcache) |
		       (1u << PG_locked);
	/* a slot other PTEs still refer to may be shared after fork */
	page->mapping_id = anon_vma_for_new_page(sim, mm, si->swap_map[slot] <= 1);
	page->index = (u32)vpn;
	page->private = (u32)slot;
	si->swap_map[slot] |= SWAP_HAS_CACHE;
	si->swap_cache[slot] = (u64)pfn + 1;
	mem_cgroup_uncharge_swap(sim, slot);
	mod_lruvec_page_state(sim, pfn, NR_SWAPCACHE, 1);
	if (xa_is_value(shadow))
		workingset_refault(sim, pfn, shadow);
	folio_add_lru(sim, pfn);
}

/*
 * swapin_readahead() (v6.12 swap_vma_readahead): read the faulting slot
 * and the other swapped-out, uncached PTEs of its aligned window of
 * 2^page-cluster pages in one request.  Needs pages from the task's pool
 * first (which may take reclaim steps).  The caller sleeps until the read
 * completes.
 */
enum vm_fault_result swapin_readahead(struct task *t, struct vm_area_struct *vma, u64 vpn)
{
	struct sim *sim = t->sim;
	struct swap_info_struct *si = sim->swap;
	/* swap_vma_ra_win(): at most 2^SWAP_RA_ORDER_CEILING (5 on 64-bit) pages */
	u64 win = 1ULL << min_u64(sim->scn.sysctl.page_cluster, 5);
	u64 start = max_u64(vpn & ~(win - 1), vma->vm_start);
	u64 end = min_u64((vpn & ~(win - 1)) + win, vma->vm_end);
	unsigned int need = 0;
	enum vm_fault_result r;
	struct bio *bio;

	for (u64 v = start; v < end; v++) {
		pte_t pte = vma->ptes[v - vma->vm_start];

		if (pte_swap(pte) && !swap_cache_has_page(si, pte_slot(pte)))
			need++;
	}
	r = task_fill_pool(t, need, 1);
	if (r != VM_FAULT_DONE)
		return r;
	/* the reclaim that filled the pool may have changed the window */
	if (!pte_swap(vma->ptes[vpn - vma->vm_start]))
		return VM_FAULT_DONE;
	bio = bio_alloc(&sim->swap_dev, REQ_OP_READ, end_swap_bio_read);
	/* the faulting page first: readahead may have got fewer pages */
	for (u64 n = 0; n < end - start && t->pool_nr; n++) {
		u64 v = start + (vpn - start + n) % (end - start);
		pte_t pte = vma->ptes[v - vma->vm_start];
		u64 slot = pte_slot(pte);

		if (!pte_swap(pte) || swap_cache_has_page(si, slot))
			continue;
		swapin_add_page(sim, task_pool_take(t), t->mm, v, slot);
		bio->pfns[bio->nr_pages++] = (u32)(si->swap_cache[slot] - 1);
		if (v != vpn)
			count_vm_event(sim, SWAP_RA);
	}
	task_pool_release(t);
	count_vm_events(sim, PSWPIN, bio->nr_pages);
	count_vm_events(sim, PGPGIN, (u64)bio->nr_pages * sim->page_size / 1024);
	if (!bio->nr_pages) {
		bio_put(&sim->swap_dev, bio);
		return VM_FAULT_DONE;
	}
	submit_bio(sim, &sim->swap_dev, bio, task_now(t));
	t->fault_major = true;
	task_sleep(t, &sim->page_wait, 0);
	return VM_FAULT_BLOCKED;
}

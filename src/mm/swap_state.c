// SPDX-License-Identifier: MIT
/*
 * swap_state.c - swap I/O and swap-in readahead (mm/page_io.c,
 * mm/swap_state.c, v6.12; the slot-cluster readahead of v2.6.25).
 *
 * Readahead has two forms (policy swap_readahead).  The kernel's
 * VMA-based readahead (swap_vma_readahead, v4.14+ on non-rotating swap)
 * reads the swapped-out PTEs of a window of 2^page-cluster pages around
 * the fault; with a sequential access pattern the window stays at that
 * size, which is what the oracle shows (one major fault per 8 pages).
 * The model uses the fixed, aligned window.  The older slot-cluster
 * readahead (swapin_readahead + valid_swaphandles, v2.6.25) reads the
 * neighbouring swap slots instead, whichever mm they belong to: it helps
 * only as far as reclaim wrote a task's pages to neighbouring slots.
 */
#include "internal.h"
#include "../sim/config.h"
#include "../sim/scenario.h"

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
	struct bio *bio = bio_alloc(sim, &sim->swap_dev, REQ_OP_WRITE, end_swap_bio_write);

	if (!bio)
		return; /* the run has stopped (sim_fail): the page stays dirty */
	ClearPageFlag(page, PG_dirty);
	SetPageFlag(page, PG_writeback);
	mod_lruvec_page_state(sim, pfn, NR_WRITEBACK, 1);
	mod_zone_page_state(page_zone(sim, pfn), NR_ZONE_WRITE_PENDING, 1);
	sim->nr_writeback++;
	count_vm_event(sim, PSWPOUT);
	count_vm_events(sim, PGPGOUT, sim->page_size / 1024);
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
	/*
	 * a slot other PTEs still refer to may be shared after fork; a slot
	 * read for its neighbour (@mm NULL) has no known owner until a fault
	 * maps it (do_swap_page)
	 */
	page->mapping_id = mm ? anon_vma_for_new_page(sim, mm, si->swap_map[slot] <= 1) : NO_MM;
	page->index = (u32)vpn;
	/* before the v2.6.28 split LRU, read_swap_cache_async added it active */
	if (sim->scn.policy.swapin_active)
		SetPageFlag(page, PG_active);
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
 * __read_swap_cache_async() for one slot of a read: a page from @t's pool
 * enters the swap cache for @slot (of @mm at @vpn, or of an owner yet
 * unknown when @mm is NULL) and joins @bio.
 */
static void swap_read_add(struct task *t, struct bio *bio, struct mm_struct *mm, u64 vpn, u64 slot)
{
	u32 pfn = task_pool_take(t);

	swapin_add_page(t->sim, pfn, mm, vpn, slot);
	bio->pfns[bio->nr_pages++] = pfn;
}

/*
 * swap_read_folio() -> submit_bio() (v6.12) for a whole readahead: the
 * faulting task sleeps until the read completes (a major fault).
 */
static enum vm_fault_result swap_read_submit(struct task *t, struct bio *bio)
{
	struct sim *sim = t->sim;

	count_vm_events(sim, PSWPIN, bio->nr_pages);
	count_vm_events(sim, PGPGIN, (u64)bio->nr_pages * sim->page_size / 1024);
	mm_task(t)->read_bytes += (u64)bio->nr_pages * sim->page_size; /* submit_bio() */
	if (!bio->nr_pages) {
		bio_put(&sim->swap_dev, bio);
		return VM_FAULT_DONE;
	}
	submit_bio(sim, &sim->swap_dev, bio, task_now(t));
	mm_task(t)->fault_major = true;
	/* the faulting page is the bio's first: wait for it, a memstall if workingset */
	folio_wait_locked(t, bio->pfns[0]);
	return VM_FAULT_BLOCKED;
}

/*
 * swap_vma_readahead() (v6.12): read the faulting slot and the other
 * swapped-out, uncached PTEs of its aligned window of 2^page-cluster
 * pages in one request.  Needs pages from the task's pool first (which may
 * take reclaim steps).  The caller sleeps until the read completes.
 */
static enum vm_fault_result swap_vma_readahead(struct task *t, struct vm_area_struct *vma, u64 vpn)
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
	if (!pte_swap(vma->ptes[vpn - vma->vm_start])) {
		task_pool_release(t);
		return VM_FAULT_DONE;
	}
	bio = bio_alloc(sim, &sim->swap_dev, REQ_OP_READ, end_swap_bio_read);
	if (!bio) {
		/* the run has stopped (sim_fail): no page entered the swap cache */
		task_pool_release(t);
		return VM_FAULT_RETRY;
	}
	/* the faulting page first: readahead may have got fewer pages */
	for (u64 n = 0; n < end - start && mm_task(t)->pool_nr; n++) {
		u64 v = start + (vpn - start + n) % (end - start);
		pte_t pte = vma->ptes[v - vma->vm_start];
		u64 slot = pte_slot(pte);

		if (!pte_swap(pte) || swap_cache_has_page(si, slot))
			continue;
		swap_read_add(t, bio, t->mm, v, slot);
		if (v != vpn)
			count_vm_event(sim, SWAP_RA);
	}
	task_pool_release(t);
	return swap_read_submit(t, bio);
}

/*
 * valid_swaphandles() (v2.6.25): the run of in-use slots around @target
 * that stays inside its aligned block of 2^page-cluster slots, the header
 * slot left out; a free slot ends the run on either side.  Sets the first
 * and last slot of the run (both @target when page-cluster is 0).
 */
static void valid_swaphandles(const struct swap_info_struct *si, u64 target,
			      unsigned int page_cluster, u64 *first, u64 *last)
{
	u64 base = target & ~((1ULL << page_cluster) - 1);
	u64 end = min_u64(base + (1ULL << page_cluster), si->max);

	base = max_u64(base, 1);
	*first = *last = target;
	while (*last + 1 < end && si->swap_map[*last + 1])
		++*last;
	while (*first > base && si->swap_map[*first - 1])
		--*first;
}

/*
 * swapin_readahead() (v2.6.25, with valid_swaphandles): read the faulting
 * slot and the uncached slots of its run in one request, whichever mm
 * they belong to.  The faulting page is taken first; readahead stops
 * where the pool ran short, as the kernel's loop stops at the first page
 * it cannot allocate.
 */
static enum vm_fault_result swap_cluster_readahead(struct task *t, struct vm_area_struct *vma,
						   u64 vpn)
{
	struct sim *sim = t->sim;
	struct swap_info_struct *si = sim->swap;
	u64 slot = pte_slot(vma->ptes[vpn - vma->vm_start]);
	unsigned int need = 0;
	enum vm_fault_result r;
	struct bio *bio;
	u64 first, last;

	/* no ceiling on page-cluster here: that came with the VMA readahead */
	valid_swaphandles(si, slot, sim->scn.sysctl.page_cluster, &first, &last);
	/* one request of the model: at most BIO_MAX_PAGES of a huge page-cluster */
	for (u64 s = first; s <= last && need < BIO_MAX_PAGES; s++)
		if (!swap_cache_has_page(si, s))
			need++;
	r = task_fill_pool(t, need, 1);
	if (r != VM_FAULT_DONE)
		return r;
	/*
	 * the reclaim that filled the pool may have changed the PTE, or
	 * another task's readahead may have read the slot meanwhile: the
	 * fault is retried and finds the page in the swap cache
	 */
	if (!pte_swap(vma->ptes[vpn - vma->vm_start])) {
		task_pool_release(t);
		return VM_FAULT_DONE;
	}
	if (swap_cache_has_page(si, slot)) {
		task_pool_release(t);
		return VM_FAULT_RETRY;
	}
	bio = bio_alloc(sim, &sim->swap_dev, REQ_OP_READ, end_swap_bio_read);
	if (!bio) {
		/* the run has stopped (sim_fail): no page entered the swap cache */
		task_pool_release(t);
		return VM_FAULT_RETRY;
	}
	bio->sector = first;
	swap_read_add(t, bio, t->mm, vpn, slot);
	for (u64 s = first; s <= last && mm_task(t)->pool_nr && bio->nr_pages < BIO_MAX_PAGES;
	     s++) {
		if (s == slot || !si->swap_map[s] || swap_cache_has_page(si, s))
			continue;
		swap_read_add(t, bio, NULL, 0, s);
		count_vm_event(sim, SWAP_RA);
	}
	task_pool_release(t);
	return swap_read_submit(t, bio);
}

/* swapin_readahead(): the form the policy names. */
enum vm_fault_result swapin_readahead(struct task *t, struct vm_area_struct *vma, u64 vpn)
{
	if (t->sim->scn.policy.swap_readahead == SWAP_RA_CLUSTER)
		return swap_cluster_readahead(t, vma, vpn);
	return swap_vma_readahead(t, vma, vpn);
}

/* ------------------------------------------------------------------ */
/* Scenario keys: swap-in: readahead and the LRU it joins */
/* ------------------------------------------------------------------ */

#define P_OFF(f) .off = offsetof(struct scn_policy, f), .size = sizeof(((struct scn_policy *)0)->f)

static const struct cfg_key swap_state_policy_keys[] = {
	{ .name = "swap_readahead",
	  .type = CFG_ENUM,
	  P_OFF(swap_readahead),
	  .values = CFG_VALUES("cluster", "vma"),
	  .def = "vma",
	  .doc = "what a swap-in fault reads besides its page: v4.14+ the swapped PTEs of its window of 2^page-cluster pages (at most 32) / the run of in-use slots around its slot in the aligned block of 2^page-cluster slots, no ceiling as in 2.6.25 (valid_swaphandles, before v4.14; later kernels use it on rotating swap, not modelled); the model reads at most 256 pages at once" },
	{ .name = "swapin_lru",
	  .type = CFG_ENUM,
	  P_OFF(swapin_active),
	  .values = CFG_VALUES("inactive", "active"),
	  .def = "inactive",
	  .doc = "the list a page read from swap joins: v2.6.28+ inactive / before, active (lru_cache_add_active)" },
};
CFG_TABLE(swap_state_policy_table, swap_state_policy_keys);

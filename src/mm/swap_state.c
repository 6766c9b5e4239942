// SPDX-License-Identifier: MIT
/*
 * swap_state.c - swap I/O and swap-in readahead (mm/page_io.c,
 * mm/swap_state.c, v6.12; the slot-cluster readahead of v2.6.25).
 *
 * Readahead has three forms (policy swap_readahead).  The kernel's
 * VMA-based readahead (swap_vma_readahead, v4.14+ on non-rotating swap)
 * reads the swapped-out PTEs of a window around the fault; v3.14+'s
 * slot-block readahead (swap_cluster_readahead) reads an aligned block of
 * swap slots.  Both size their window with __swapin_nr_pages() from the
 * readahead pages faulted since the last read (PG_readahead hits): up to
 * 2^page-cluster pages while they are used, shrinking by half a read down
 * to one page when they are not - a sequential pattern keeps the whole
 * window (one major fault per 8 pages), a random one reads a page a fault.
 * The older slot-cluster readahead (swapin_readahead + valid_swaphandles,
 * v2.6.25) reads the run of in-use slots around the fault's, always the
 * whole block, whichever mm they belong to: it helps only as far as
 * reclaim wrote a task's pages to neighbouring slots.
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
	bio_add_pfn(sim, bio, pfn); /* a new bio's first page: inline, never fails */
	bio->sector = page->private;
	/* the writer's CPU: the bio, submit_bio and its share of the plug's flush */
	charge_sys(t, sim->scn.cost.swap_writepage_ns);
	task_submit_bio(t, &sim->swap_dev, bio);
}

/* end_swap_bio_read(): the pages are uptodate; wake whoever waits. */
static void end_swap_bio_read(struct sim *sim, struct bio *bio)
{
	for (unsigned int i = 0; i < bio->nr_pages; i++)
		ClearPageFlag(pfn_to_page(sim, bio->pfns[i]), PG_locked);
	wake_up_all(sim, &sim->page_wait);
}

/* a page of @slot in the swap cache: only with SWAP_HAS_CACHE, which it sets first */
static bool swap_cache_has_page(const struct swap_info_struct *si, u64 slot)
{
	u64 e;

	if (!(si->swap_map[slot] & SWAP_HAS_CACHE))
		return false;
	e = xa_load(&si->swap_cache, slot);
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
	u64 shadow = xa_load(&si->swap_cache, slot);

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
	xa_store(sim, &si->swap_cache, slot, (u64)pfn + 1);
	mem_cgroup_uncharge_swap(sim, slot);
	mod_lruvec_page_state(sim, pfn, NR_SWAPCACHE, 1);
	if (xa_is_value(shadow))
		workingset_refault(sim, pfn, shadow);
	folio_add_lru(sim, pfn);
}

/*
 * swap_read_folio() -> submit_bio() (v6.12, a block device's
 * swap_read_folio_bdev_async): the folio's read, a bio of its own at its
 * slot, submitted now through the task's plug (current->plug), where the
 * next slot's read merges into it.
 */
static void swap_read_folio(struct task *t, u64 slot, u32 pfn)
{
	struct sim *sim = t->sim;
	struct bio *bio = bio_alloc(sim, &sim->swap_dev, REQ_OP_READ, end_swap_bio_read);

	if (!bio)
		return; /* the run has stopped (sim_fail): the page stays locked, unread */
	bio_add_pfn(sim, bio, pfn); /* a new bio's first page: inline, never fails */
	bio->sector = slot;
	task_submit_bio(t, &sim->swap_dev, bio);
}

/*
 * The mask of swap readahead's extra pages.  The kernel allocates them
 * with the fault's own mask; the model lets them fail rather than OOM-kill
 * (__GFP_RETRY_MAYFAIL: reclaim and its retries, then no OOM kill, at the
 * allocator or the memcg charge), as its page pool did: with 64 KiB pages
 * and a small fast swap the extra pages' reclaim found only pages in
 * flight and the OOM killer fired where only readahead was short
 * (tests/cli.sh "fast swap, 64K pages"; test_huge_page_cluster_no_oom).
 */
#define SWAP_RA_GFP (GFP_HIGHUSER_MOVABLE | __GFP_RETRY_MAYFAIL | __GFP_NOWARN)

/*
 * __read_swap_cache_async() (v6.12) for one slot of a read: a page is
 * allocated and charged (which may reclaim and sleep), and if the slot is
 * still in use and not in the swap cache then (swapcache_prepare), it
 * enters the swap cache for @slot (of @mm at @vpn, or of an owner yet
 * unknown when @mm is NULL) and is read: a bio of its own at its slot,
 * with @first BIO_NO_SECTOR - submitted at once through the task's plug
 * (swap_read_folio, swap_readahead_plug = loop) or batched for read_pages
 * (after); or, for 2.6.x's slot-cluster readahead, the one bio of the
 * whole read at sector @first (ra_bio_add), standing in for its per-page
 * bios merged in the plugged queue, which the 2.6.x profiles leave out
 * (blk_plug = none, profiles.c); @readahead: a page besides the fault's
 * (SWAP_RA_GFP).  Returns the page, or NO_PFN (*@r says why when the
 * allocation failed: VM_FAULT_OOM if @t was killed).
 */
static u32 read_swap_cache_async(struct task *t, u64 first, struct mm_struct *mm, u64 vpn, u64 slot,
				 bool readahead, enum vm_fault_result *r)
{
	struct sim *sim = t->sim;
	struct swap_info_struct *si = sim->swap;
	u32 pfn;

	*r = alloc_charged_page(t, readahead ? SWAP_RA_GFP : GFP_HIGHUSER_MOVABLE, &pfn);
	if (*r != VM_FAULT_DONE)
		return NO_PFN;
	if (!si->swap_map[slot] || swap_cache_has_page(si, slot)) {
		free_unref_page(sim, pfn);
		return NO_PFN;
	}
	swapin_add_page(sim, pfn, mm, vpn, slot);
	charge_sys(t, sim->scn.cost.swapin_page_ns);
	if (first != BIO_NO_SECTOR)
		ra_bio_add(t, &sim->swap_dev, end_swap_bio_read, first, pfn);
	else if (sim->scn.policy.swap_ra_plug_loop)
		swap_read_folio(t, slot, pfn);
	else
		ra_bio_add_folio(t, &sim->swap_dev, end_swap_bio_read, slot, pfn);
	count_vm_event(sim, PSWPIN);
	count_vm_events(sim, PGPGIN, sim->page_size / 1024);
	mm_task(t)->read_bytes += sim->page_size; /* submit_bio() */
	return pfn;
}

/*
 * The reads a readahead batched (swap_readahead_plug = after, or 2.6.x's
 * cluster) submitted, plugged (read_pages); then do_swap_page's
 * folio_lock_or_retry(): the fault is major (PGMAJFAULT
 * with the fault), and the faulting task sleeps until its page @pfn is
 * read, with mmap_lock dropped, and retries the fault (VM_FAULT_RETRY),
 * which finds the page in the swap cache.  No read of its page: the fault
 * is retried at once, to see what changed while it slept.
 */
static enum vm_fault_result swap_read_submit(struct task *t, u32 pfn, enum vm_fault_result r)
{
	read_pages(t);
	if (r == VM_FAULT_OOM)
		return r;
	if (pfn != NO_PFN) {
		mm_task(t)->fault_major = true;
		charge_sys(t, t->sim->scn.cost.swapin_major_ns);
		/* a memstall if the page is workingset */
		return folio_lock_or_retry(t, pfn);
	}
	return VM_FAULT_RETRY;
}

/* SWAP_RA_HITS_MAX (v6.12): the hit count has PAGE_SHIFT / 2 bits (63 at 4 KiB pages) */
static unsigned int swap_ra_hits_max(const struct sim *sim)
{
	return (1u << (sim->page_shift / 2)) - 1;
}

/*
 * swap_cache_get_folio() (v6.12) bookkeeping of a fault that found its
 * page in the swap cache: a page readahead brought in and not yet used
 * (PG_readahead, cleared here) is a hit - SWAP_RA_HIT, and one more hit
 * for the next window of the VMA (VMA readahead, which also remembers the
 * fault's page) or of the device (slot-block readahead).
 */
void swap_cache_ra_hit(struct sim *sim, struct vm_area_struct *vma, u64 vpn, u32 pfn)
{
	struct page *page = pfn_to_page(sim, pfn);
	bool readahead = PageFlag(page, PG_readahead);

	ClearPageFlag(page, PG_readahead);
	if (sim->scn.policy.swap_readahead == SWAP_RA_VMA) {
		/* GET_SWAP_RA_VAL: a VMA never faulted starts with 4 hits */
		if (!vma->swap_ra_vpn && !vma->swap_ra_win && !vma->swap_ra_hits)
			vma->swap_ra_hits = 4;
		if (readahead)
			vma->swap_ra_hits = min_u64(vma->swap_ra_hits + 1, swap_ra_hits_max(sim));
		vma->swap_ra_vpn = vpn;
	} else if (readahead) {
		sim->swap->ra_hits++;
	}
	if (readahead)
		count_vm_event(sim, SWAP_RA_HIT);
}

/*
 * __swapin_nr_pages() (v6.12): the next window from the hits since the
 * last read.  With hits, hits + 2 rounded up to a power of two (at least
 * 4); without, 2 when the fault is next to the last one (@prev), else 1;
 * at most @max_pages, and at least half the last window @prev_win (the
 * window shrinks by half a read at most).
 */
static unsigned int __swapin_nr_pages(u64 prev, u64 offset, unsigned int hits,
				      unsigned int max_pages, unsigned int prev_win)
{
	unsigned int pages = hits + 2;

	if (pages == 2) {
		if (offset != prev + 1 && offset + 1 != prev)
			pages = 1;
	} else {
		unsigned int roundup = 4;

		while (roundup < pages)
			roundup <<= 1;
		pages = roundup;
	}
	if (pages > max_pages)
		pages = max_pages;
	if (pages < prev_win / 2)
		pages = prev_win / 2;
	return pages;
}

/*
 * swap_vma_ra_win() (v6.12): the window of the fault at @vpn from the
 * VMA's readahead state, which it then records (the fault's page, the
 * window, no hits yet).  A fault right after the last one reads forward,
 * right before it backward, else a window around it (more after than
 * before); clamped to the VMA and to the page table (PMD) of the fault.
 * Returns the window and sets [*start, *end); 1 = no readahead.
 */
static unsigned int swap_vma_ra_win(struct sim *sim, struct vm_area_struct *vma, u64 vpn,
				    u64 *start, u64 *end)
{
	/* SWAP_RA_ORDER_CEILING: at most 2^5 pages on 64-bit */
	unsigned int max_win = 1u << min_u64(sim->scn.sysctl.page_cluster, 5);
	/* a page table of 8-byte entries fills one page */
	u64 ptrs = sim->page_size / sizeof(u64);
	u64 pmd = vpn & ~(ptrs - 1);
	unsigned int hits = vma->swap_ra_hits, win, left;
	u64 prev = vma->swap_ra_vpn, lo, hi;

	*start = vpn;
	*end = vpn + 1;
	if (max_win == 1)
		return 1;
	if (!prev && !vma->swap_ra_win && !hits)
		hits = 4; /* GET_SWAP_RA_VAL */
	win = __swapin_nr_pages(prev, vpn, hits, max_win, vma->swap_ra_win);
	vma->swap_ra_vpn = vpn;
	vma->swap_ra_win = win;
	vma->swap_ra_hits = 0;
	if (win == 1)
		return 1;
	if (vpn == prev + 1) {
		lo = vpn;
		hi = vpn + win;
	} else if (prev == vpn + 1) {
		lo = vpn + 1 >= win ? vpn + 1 - win : 0;
		hi = vpn + 1;
	} else {
		left = (win - 1) / 2;
		lo = vpn >= left ? vpn - left : 0;
		hi = vpn + win - left;
	}
	*start = max_u64(max_u64(lo, vma->vm_start), pmd);
	*end = min_u64(min_u64(hi, vma->vm_end), pmd + ptrs);
	return win;
}

/*
 * skip: in swap_cluster_readahead() and swap_vma_readahead() (v6.12): the
 * fault's page after the loop, from the swap cache (__read_swap_cache_async
 * finds it), or read now, unplugged, if the loop ended before it (a
 * readahead page that could not be had) or reclaim freed it once read (a
 * sleep in a later charge sent its read); NO_PFN if @slot is no longer
 * in use.  *@r: the loop's result, VM_FAULT_OOM ends it.
 */
static u32 swap_ra_fault_page(struct task *t, u64 vpn, u64 slot, enum vm_fault_result *r)
{
	struct swap_info_struct *si = t->sim->swap;

	if (*r == VM_FAULT_OOM)
		return NO_PFN;
	if (swap_cache_has_page(si, slot))
		return (u32)(xa_load(&si->swap_cache, slot) - 1);
	if (!si->swap_map[slot])
		return NO_PFN;
	return read_swap_cache_async(t, BIO_NO_SECTOR, t->mm, vpn, slot, false, r);
}

/*
 * The plug swap_cluster_readahead() and swap_vma_readahead() hold across
 * their loop (v3.6 "swap: allow swap readahead to be merged",
 * 3fb5c298b04e), under swap_readahead_plug = loop: since v5.8
 * (4c6355b25e8b) each page's memcg charge is in that loop, so reclaim
 * entered from a charge nests its own plug in this one and its swap
 * writes wait on the readahead's plug list with its reads, until the
 * readahead's blk_finish_plug(), the task's next sleep or the plug's
 * limits (blk_add_rq_to_plug) send them.  NULL under swap_readahead_plug
 * = after: the reads are batched and submitted, plugged, by read_pages().
 */
static struct blk_plug *swap_ra_plug(struct task *t)
{
	return t->sim->scn.policy.swap_ra_plug_loop ? &mm_task(t)->plug : NULL;
}

/*
 * swap_vma_readahead() (v6.12): read the faulting slot and the other
 * swapped-out, uncached PTEs of its window (swap_vma_ra_win), in address
 * order; the readahead pages are marked PG_readahead.  Each page is
 * allocated and charged in place (read_swap_cache_async) and, under
 * swap_readahead_plug = loop, its read submitted into the plug the loop
 * holds (swap_ra_plug); readahead stops at the first
 * page that cannot be had.
 */
static enum vm_fault_result swap_vma_readahead(struct task *t, struct vm_area_struct *vma, u64 vpn)
{
	struct sim *sim = t->sim;
	struct swap_info_struct *si = sim->swap;
	struct blk_plug *plug = swap_ra_plug(t);
	enum vm_fault_result r = VM_FAULT_DONE;
	u32 fault_pfn;
	u64 start, end;
	pte_t pte;

	swap_vma_ra_win(sim, vma, vpn, &start, &end);
	if (plug)
		blk_start_plug(sim, plug);
	for (u64 v = start; v < end && r == VM_FAULT_DONE; v++) {
		u32 pfn;

		pte = pte_offset_get(vma, v);
		if (!pte_swap(pte) || swap_cache_has_page(si, pte_slot(pte)))
			continue;
		pfn = read_swap_cache_async(t, BIO_NO_SECTOR, t->mm, v, pte_slot(pte), v != vpn,
					    &r);
		if (pfn != NO_PFN && v != vpn) {
			SetPageFlag(pfn_to_page(sim, pfn), PG_readahead);
			count_vm_event(sim, SWAP_RA);
		}
	}
	if (plug)
		blk_finish_plug(sim, plug, task_now(t));
	pte = pte_offset_get(vma, vpn);
	fault_pfn = pte_swap(pte) ? swap_ra_fault_page(t, vpn, pte_slot(pte), &r) : NO_PFN;
	return swap_read_submit(t, fault_pfn, r);
}

/*
 * swapin_nr_pages() (v6.12): the slot-block readahead's window, from the
 * hits counted since the last read anywhere (the kernel's statics).  The
 * fault's slot is remembered only when there were no hits.
 */
static unsigned int swapin_nr_pages(struct sim *sim, u64 offset)
{
	struct swap_info_struct *si = sim->swap;
	unsigned int max_pages = 1u << min_u64(sim->scn.sysctl.page_cluster, 31);
	unsigned int hits, pages;

	if (max_pages <= 1)
		return 1;
	hits = si->ra_hits;
	si->ra_hits = 0;
	pages = __swapin_nr_pages(si->ra_prev_offset, offset, hits, max_pages, si->ra_last_pages);
	if (!hits)
		si->ra_prev_offset = offset;
	si->ra_last_pages = pages;
	return pages;
}

/*
 * swap_cluster_readahead() (v3.14-v6.12): read the faulting slot and the
 * in-use, uncached slots of its aligned block of swapin_nr_pages() slots
 * (the header slot left out), in slot order, whichever mm they belong
 * to; the readahead pages are marked PG_readahead.  Plugged and stopped
 * as swap_vma_readahead.
 */
static enum vm_fault_result swap_block_readahead(struct task *t, struct vm_area_struct *vma,
						 u64 vpn)
{
	struct sim *sim = t->sim;
	struct swap_info_struct *si = sim->swap;
	u64 slot = pte_slot(pte_offset_get(vma, vpn));
	/* one request of the model: at most BIO_MAX_PAGES of a huge page-cluster */
	u64 mask = min_u64(swapin_nr_pages(sim, slot), BIO_MAX_PAGES) - 1;
	u64 first = max_u64(slot & ~mask, 1), last = min_u64(slot | mask, si->max - 1);
	struct blk_plug *plug = swap_ra_plug(t);
	enum vm_fault_result r = VM_FAULT_DONE;

	if (plug)
		blk_start_plug(sim, plug);
	for (u64 s = first; s <= last && r == VM_FAULT_DONE; s++) {
		bool readahead = s != slot;
		u32 pfn;

		if (!si->swap_map[s] || swap_cache_has_page(si, s))
			continue;
		pfn = read_swap_cache_async(t, BIO_NO_SECTOR, readahead ? NULL : t->mm,
					    readahead ? 0 : vpn, s, readahead, &r);
		if (pfn != NO_PFN && readahead) {
			SetPageFlag(pfn_to_page(sim, pfn), PG_readahead);
			count_vm_event(sim, SWAP_RA);
		}
	}
	if (plug)
		blk_finish_plug(sim, plug, task_now(t));
	return swap_read_submit(t, swap_ra_fault_page(t, vpn, slot, &r), r);
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
 * they belong to.  The faulting page is taken first; readahead stops at
 * the first page it cannot allocate, as the kernel's loop does.
 */
static enum vm_fault_result swap_cluster_readahead(struct task *t, struct vm_area_struct *vma,
						   u64 vpn)
{
	struct sim *sim = t->sim;
	struct swap_info_struct *si = sim->swap;
	u64 slot = pte_slot(pte_offset_get(vma, vpn));
	enum vm_fault_result r;
	unsigned int nr = 0;
	u64 first, last;
	u32 fault_pfn;

	/* no ceiling on page-cluster here: that came with the VMA readahead */
	valid_swaphandles(si, slot, sim->scn.sysctl.page_cluster, &first, &last);
	fault_pfn = read_swap_cache_async(t, first, t->mm, vpn, slot, false, &r);
	/* one request of the model: at most BIO_MAX_PAGES of a huge page-cluster */
	for (u64 s = first;
	     s <= last && r == VM_FAULT_DONE && fault_pfn != NO_PFN && nr + 1 < BIO_MAX_PAGES;
	     s++) {
		if (s == slot || !si->swap_map[s] || swap_cache_has_page(si, s))
			continue;
		if (read_swap_cache_async(t, first, NULL, 0, s, true, &r) != NO_PFN) {
			count_vm_event(sim, SWAP_RA);
			nr++;
		}
	}
	return swap_read_submit(t, fault_pfn, r);
}

/* swapin_readahead(): the form the policy names. */
enum vm_fault_result swapin_readahead(struct task *t, struct vm_area_struct *vma, u64 vpn)
{
	switch (t->sim->scn.policy.swap_readahead) {
	case SWAP_RA_CLUSTER:
		return swap_cluster_readahead(t, vma, vpn);
	case SWAP_RA_BLOCK:
		return swap_block_readahead(t, vma, vpn);
	case SWAP_RA_VMA:
		break;
	}
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
	  .values = CFG_VALUES("cluster", "vma", "block"),
	  .def = "vma",
	  .doc = "what a swap-in fault reads besides its page: v4.14+ the swapped PTEs of a window around it, 1 to 2^page-cluster pages (at most 32) sized by the readahead pages faulted since the last read (swap_vma_readahead) / the run of in-use slots around its slot in the aligned block of 2^page-cluster slots, no ceiling and always the whole run as in 2.6.25 (valid_swaphandles) / v3.14+ an aligned block of 1 to 2^page-cluster slots sized the same way (swap_cluster_readahead; before v4.14, and later kernels on rotating swap, not modelled); the model reads at most 256 pages at once" },
	{ .name = "swap_readahead_plug",
	  .type = CFG_ENUM,
	  P_OFF(swap_ra_plug_loop),
	  .values = CFG_VALUES("after", "loop"),
	  .def = "loop",
	  .doc = "with swap_readahead = vma or block and blk_plug = task, where a swap-in's reads wait to merge: in a plug the readahead holds while it allocates and memcg-charges each page, each read submitted as its page is had, so reclaim entered from a charge adds its swap writes to that plug, sent at the readahead's end, the task's next sleep or the plug's limits (v5.8+, the charge in __read_swap_cache_async under v3.6's plug) / batched and submitted, plugged, once every page is had: no reclaim inside the plug (stands in for v3.6..5.7, whose memcg charge came later, in do_swap_page; their global reclaim from the allocation did nest)" },
	{ .name = "swapin_lru",
	  .type = CFG_ENUM,
	  P_OFF(swapin_active),
	  .values = CFG_VALUES("inactive", "active"),
	  .def = "inactive",
	  .doc = "the list a page read from swap joins: v2.6.28+ inactive / before, active (lru_cache_add_active)" },
	{ .name = "swapin_free_swap",
	  .type = CFG_ENUM,
	  P_OFF(swapin_free_swap_full),
	  .values = CFG_VALUES("exclusive_write", "swap_full"),
	  .def = "exclusive_write",
	  .doc = "when do_swap_page gives back the slot of the page it maps: exclusive_write: on a write fault to a page no other mm maps or will map, or when swap is more than half full (v2.6.29+: reuse_swap_page, 7b1fe59793e; v5.19+ should_try_to_free_swap; mem_cgroup_swap_full from v4.5) / swap_full: only when swap is more than half full; a write fault maps an exclusive page dirty and it keeps its slot, so the next reclaim writes it there again (v2.6.x..2.6.28: vm_swap_full, can_share_swap_page)" },
};
CFG_TABLE(swap_state_policy_table, swap_state_policy_keys);

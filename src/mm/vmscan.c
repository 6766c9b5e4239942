// SPDX-License-Identifier: MIT
/*
 * vmscan.c - page reclaim (mm/vmscan.c, v6.12, classic two-list LRU).
 *
 * do_try_to_free_pages() -> shrink_zones() -> shrink_node() ->
 * shrink_node_memcgs() -> shrink_lruvec() -> shrink_list() ->
 * shrink_inactive_list() / shrink_active_list() -> shrink_folio_list(),
 * with scan_control passed down, as in the kernel.  The reclaimer runs as
 * a coroutine (src/sim/sched.c): it ends a step - other tasks run, its
 * CPU's clock moves on by the cost it charged - after isolating a batch
 * of up to SWAP_CLUSTER_MAX pages, after each page shrink_folio_list
 * looks at, and after putting a batch back, and it sleeps where the
 * kernel sleeps (reclaim_throttle, congestion_wait, writeback waits).
 * Parallel reclaimers so contend for the lru_lock, see each other's
 * isolated pages missing and over-reclaim, as in the kernel.
 */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "compaction.h"
#include "internal.h"
#include "trace_vmscan.h"
#include "../sim/config.h"
#include "../sim/scenario.h"

#define MAX_SWAPPINESS 200

/* ---- small helpers ---- */

static bool cgroup_reclaim(const struct scan_control *sc)
{
	return sc->target_mem_cgroup != NULL;
}

/* lru_balance = cost: lru_note_cost() feeds get_scan_count (v5.8+) */
static bool lru_balance_by_cost(const struct sim *sim)
{
	return sim->scn.policy.lru_balance == LRU_BALANCE_COST;
}

/*
 * writeback_throttling_sane(): global and cgroup v2 reclaim can rely on
 * the writeback throttling of dirty pages; cgroup v1 limit reclaim cannot
 * and waits for writeback itself.
 */
static bool writeback_throttling_sane(const struct scan_control *sc)
{
	return !cgroup_reclaim(sc) || sc->target_mem_cgroup->dfl;
}

/* mem_cgroup_swappiness() (v6.12): the memcg's own, or vm.swappiness for the root. */
static int mem_cgroup_swappiness(struct sim *sim, struct mem_cgroup *memcg)
{
	if (memcg->parent && memcg->swappiness >= 0)
		return memcg->swappiness;
	return (int)sim->scn.sysctl.swappiness;
}

/* can_age_anon_pages() (v6.12): aging anon is worth it when swap exists. */
static bool can_age_anon_pages(struct sim *sim)
{
	return sim->swap != NULL;
}

/*
 * Before 2.6.28 one LRU held anon and file pages (split_lru = off; the
 * split lists stand in).
 */
static bool single_lru(const struct sim *sim)
{
	return !sim->scn.policy.split_lru;
}

/* can_reclaim_anon_pages(): is there swap space to put anon pages in? */
static bool can_reclaim_anon_pages(struct sim *sim)
{
	return get_nr_swap_pages(sim) > 0;
}

static unsigned long isqrt(unsigned long x)
{
	unsigned long r = 0, bit = 1UL << (sizeof(long) * 8 - 2);

	while (bit > x)
		bit >>= 2;
	while (bit) {
		if (x >= r + bit) {
			x -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
		bit >>= 2;
	}
	return r;
}

/*
 * Hierarchical LRU size of @memcg's lruvec on @pgdat (lruvec_page_state
 * of a memcg includes its descendants; for the root it is the node).
 */
static u64 lruvec_lru_size_hier(struct sim *sim, struct mem_cgroup *memcg,
				struct pglist_data *pgdat, enum lru_list lru)
{
	if (!memcg->parent)
		return (u64)node_page_state(pgdat, NR_LRU_BASE + lru);
	return mem_cgroup_lruvec(memcg, pgdat)->nr_pages_hier[lru];
}

/*
 * lruvec_page_state() of a node item for @memcg, descendants included: a
 * walk of its subtree (the kernel keeps the sums, rstat-flushed).
 */
static u64 memcg_state_hier(struct sim *sim, struct mem_cgroup *memcg, struct pglist_data *pgdat,
			    enum node_stat_item item)
{
	u64 sum = 0;

	if (!memcg->parent)
		return (u64)node_page_state(pgdat, item);
	for (struct mem_cgroup *pos = css_next_descendant_pre(NULL, memcg); pos;
	     pos = css_next_descendant_pre(pos, memcg))
		sum += (u64)pos->vm_stat[item];
	return sum;
}

/* lruvec_lru_size(): pages of @lru in zones up to @zone_idx. */
static unsigned long lruvec_lru_size(struct lruvec *lruvec, enum lru_list lru, int zone_idx)
{
	unsigned long size = 0;

	for (int z = 0; z <= zone_idx; z++)
		size += lruvec->zone_nr[z][lru];
	return size;
}

/*
 * inactive_is_low() (v6.12): the inactive list is too small if
 * inactive * isqrt(10 * GiB of the type) < active (ratio 1 below 1 GiB).
 */
static bool inactive_is_low_sizes(u64 inactive, u64 active, unsigned int page_shift)
{
	unsigned long gb = (unsigned long)((inactive + active) >> (30 - page_shift));
	unsigned long ratio = gb ? isqrt(10 * gb) : 1;

	return inactive * ratio < active;
}

bool inactive_is_low(struct sim *sim, struct lruvec *lruvec, enum lru_list inactive_lru)
{
	return inactive_is_low_sizes(lruvec->nr_pages_hier[inactive_lru],
				     lruvec->nr_pages_hier[inactive_lru + LRU_ACTIVE],
				     sim->page_shift);
}

/*
 * lruvec_page_state() of @memcg's LRU list: before rstat the root's is the
 * node's (exact), a group's its exact sum; with rstat (v5.13+), the file
 * lists as last flushed.  The model reads the anon lists exact: read
 * stale, they let a group's inactive anon list drain between flushes
 * (every page of anonfill over_swap_seq active, none deactivated) into a
 * memcg OOM kill the kernel does not have; what keeps the kernel's anon
 * lists balanced there is not found yet (docs/model.md).
 */
static u64 lruvec_page_state_hier(struct sim *sim, struct mem_cgroup *memcg,
				  struct pglist_data *pgdat, enum lru_list lru)
{
	if (sim->scn.policy.memcg_stats_rstat && is_file_lru(lru))
		return lruvec_page_state_lru(sim, mem_cgroup_lruvec(memcg, pgdat), lru);
	return lruvec_lru_size_hier(sim, memcg, pgdat, lru);
}

static bool inactive_is_low_hier(struct sim *sim, struct mem_cgroup *memcg,
				 struct pglist_data *pgdat, enum lru_list inactive_lru)
{
	return inactive_is_low_sizes(lruvec_page_state_hier(sim, memcg, pgdat, inactive_lru),
				     lruvec_page_state_hier(sim, memcg, pgdat,
							    inactive_lru + LRU_ACTIVE),
				     sim->page_shift);
}

/* zone_reclaimable_pages() (v6.12): file pages, plus anon when swap has room. */
unsigned long zone_reclaimable_pages(struct sim *sim, struct zone *zone)
{
	unsigned long nr = (unsigned long)(zone_page_state(zone, NR_ZONE_INACTIVE_FILE) +
					   zone_page_state(zone, NR_ZONE_ACTIVE_FILE));

	if (can_reclaim_anon_pages(sim))
		nr += (unsigned long)(zone_page_state(zone, NR_ZONE_INACTIVE_ANON) +
				      zone_page_state(zone, NR_ZONE_ACTIVE_ANON));
	return nr;
}

/* ---- congestion_wait (before v5.16) and reclaim_throttle (v5.16+) ---- */

/* congestion_wait() (2.6.x mm/backing-dev.c): see internal.h. */
void congestion_wait(struct task *t, u64 timeout_ns)
{
	t->in_iowait = true; /* io_schedule_timeout() */
	schedule_timeout(t, &t->sim->congestion_wait, timeout_ns);
}

/*
 * wait_iff_congested() (v2.6.37..5.15 mm/backing-dev.c): a congestion_wait
 * only while some device is write-congested (blk_write_congested) and
 * reclaim saw @pgdat's dirty pages all backed by congested devices (from
 * v3.11; before, all kept by pageout because their queue was congested:
 * reclaim_sleep = wait_iff_pageout_congested); otherwise nothing.
 * Returns true if @t slept.
 */
noinline bool wait_iff_congested(struct task *t, struct pglist_data *pgdat, u64 timeout_ns)
{
	struct sim *sim = t->sim;

	if (!(pgdat->flags & (1UL << PGDAT_CONGESTED)) ||
	    !(blk_write_congested(&sim->swap_dev) || blk_write_congested(&sim->disk_dev)))
		return false;
	congestion_wait(t, timeout_ns);
	return true;
}

/*
 * reclaim_throttle() (v6.12): user tasks sleep on the node's queue for the
 * reason's timeout (WRITEBACK HZ/10, ISOLATED HZ/50, others 1 jiffy);
 * kernel threads other than kswapd only reschedule.  5.16-rc1..rc7 slept
 * HZ/2 on NOPROGRESS (noprogress_throttle = half_second; 1b4e3f26f9f7 of
 * 5.16-rc8 made it a jiffy).  Ends with the mm_vmscan_throttled event and
 * the sleep in the run's figures.
 */
static void reclaim_throttle(struct task *t, struct pglist_data *pgdat,
			     enum vmscan_throttle_state reason)
{
	u64 timeout, start;

	if (t->kind == TASK_FLUSHER)
		return;
	switch (reason) {
	case VMSCAN_THROTTLE_WRITEBACK:
		timeout = JIFFY_NS * (HZ / 10);
		if (!pgdat->nr_reclaim_throttled)
			pgdat->nr_reclaim_start = (u64)node_page_state(pgdat, NR_THROTTLED_WRITTEN);
		break;
	case VMSCAN_THROTTLE_ISOLATED:
		timeout = JIFFY_NS * (HZ / 50);
		break;
	case VMSCAN_THROTTLE_NOPROGRESS:
		timeout = t->sim->scn.policy.noprogress_half_second ? JIFFY_NS * (HZ / 2) :
								      JIFFY_NS;
		break;
	default:
		timeout = JIFFY_NS;
		break;
	}
	pgdat->nr_reclaim_throttled++;
	mm_task(t)->reclaim.throttled_pgdat = pgdat;
	start = task_now(t);
	schedule_timeout(t, &pgdat->reclaim_wait[reason], timeout);
	pgdat->nr_reclaim_throttled--;
	mm_task(t)->reclaim.throttled_pgdat = NULL;
	t->sim->reclaim.throttled[reason]++;
	t->sim->reclaim.throttled_ns[reason] += task_now(t) - start;
	trace_mm_vmscan_throttled(t, pgdat->node_id, timeout, task_now(t) - start, reason);
}

/*
 * __acct_reclaim_writeback() (v6.12): writeback of @nr pages ended; wake
 * the WRITEBACK-throttled reclaimers once 32 pages per throttled task
 * have been written since the first of them went to sleep.
 */
void acct_reclaim_writeback(struct sim *sim, struct pglist_data *pgdat, unsigned long nr)
{
	u64 written;

	/* folio_end_writeback calls this only while reclaimers are throttled */
	if (!pgdat->nr_reclaim_throttled)
		return;
	mod_node_page_state(pgdat, NR_THROTTLED_WRITTEN, (long)nr);
	written = (u64)node_page_state(pgdat, NR_THROTTLED_WRITTEN) - pgdat->nr_reclaim_start;
	if (written > SWAP_CLUSTER_MAX * (u64)pgdat->nr_reclaim_throttled)
		wake_up_all(sim, &pgdat->reclaim_wait[VMSCAN_THROTTLE_WRITEBACK]);
}

/* ---- isolation and putback ---- */

/* NR_ISOLATED_ANON/FILE of the node: @sign 1 as a batch is taken, -1 as it goes back. */
static void isolated_account(struct pglist_data *pgdat, const struct isolated_folios *isol,
			     long sign)
{
	for (int file = 0; file < 2; file++)
		if (isol->nr_isolated[file] || (bool)file == is_file_lru(isol->lru))
			mod_node_page_state(pgdat, NR_ISOLATED_ANON + file,
					    sign * (long)isol->nr_isolated[file]);
}

/*
 * __isolate_lru_page() (v2.6.35) for a lumpy neighbour: on an LRU list
 * (not another reclaimer's, not free, not held by a per-CPU batch),
 * evictable, and - unless @both (ISOLATE_BOTH) - on the active or
 * inactive list as @active says, of the type @file says.
 */
static bool lumpy_isolable(const struct page *page, bool both, bool active, bool file)
{
	if (!PageFlag(page, PG_lru) || PageFlag(page, PG_unevictable) || PageFlag(page, PG_fbatch))
		return false;
	if (both)
		return true;
	return PageFlag(page, PG_active) == active && !PageFlag(page, PG_swapbacked) == file;
}

/*
 * is_free_buddy_page() (mm/page_alloc.c, v6.12): is @pfn free in the
 * buddy allocator, the head of a free block or inside one?  Only a free
 * block's head carries PG_buddy and its order.  (A page on a per-CPU list
 * is free too; the 2.6.x profiles, whose lists are counted only, keep
 * those pages in the buddy lists.)
 */
static bool is_free_buddy_page(struct sim *sim, u32 pfn)
{
	for (unsigned int order = 0; order < NR_PAGE_ORDERS; order++) {
		u32 head = pfn & ~((1u << order) - 1);
		const struct page *page = pfn_to_page(sim, head);

		if (PageFlag(page, PG_buddy) && page->order >= order)
			return true;
	}
	return false;
}

/*
 * The neighbour loop of isolate_lru_pages() (v2.6.35; counters of
 * v2.6.36): after taking the page @tag, take every other page of its
 * order-aligned block [pfn & ~(2^order - 1), + 2^order) that can be
 * isolated, stopping at a hole in the memory map and skipping pages of
 * another zone and, with no swap free, anon pages not in the swap cache.
 * Each neighbour taken counts against the scan budget: returns how many.
 * Global reclaim only (the 2.6.35 memcg isolation ignored the order).
 * The neighbours are taken in the caller's mode: ISOLATE_BOTH only from
 * shrink_inactive_list in lumpy mode; shrink_active_list always isolates
 * ISOLATE_ACTIVE, at sc->order too, so its neighbours are the block's
 * active pages of the list's type (v2.6.35 shrink_active_list).
 */
static unsigned long isolate_lumpy_neighbours(struct sim *sim, u32 tag,
					      struct isolated_folios *isol, struct scan_control *sc,
					      bool active, bool file)
{
	struct zone *zone = page_zone(sim, tag);
	u32 pfn = tag & ~((1u << sc->order) - 1), end_pfn = pfn + (1u << sc->order);
	bool both = sc->lumpy_reclaim_mode && !active;
	unsigned long taken = 0;

	for (; pfn < end_pfn; pfn++) {
		struct page *cursor;
		bool cursor_file;

		if (pfn == tag)
			continue;
		if (pfn >= sim->nr_pfns) /* pfn_valid_within() */
			break;
		cursor = pfn_to_page(sim, pfn);
		if (page_zone(sim, pfn) != zone)
			continue;
		if (get_nr_swap_pages(sim) <= 0 && PageFlag(cursor, PG_anon) &&
		    !PageFlag(cursor, PG_swapcache))
			continue;
		if (!lumpy_isolable(cursor, both, active, file)) {
			/*
			 * ISOLATE_BOTH met a page with a refcount (page_count()):
			 * in use, not on the LRU; a free page has none
			 */
			if (both && !is_free_buddy_page(sim, pfn))
				isol->nr_lumpy_failed++;
			continue;
		}
		cursor_file = !PageFlag(cursor, PG_swapbacked);
		lruvec_del_folio(sim, folio_lruvec(sim, pfn), pfn);
		SetPageFlag(cursor, PG_isolated);
		pfn_list_add_tail(sim, &isol->folio_list, pfn);
		isol->nr_isolated[cursor_file]++;
		isol->nr_lumpy_taken++;
		if (PageFlag(cursor, PG_dirty))
			isol->nr_lumpy_dirty++;
		taken++;
	}
	return taken;
}

/*
 * isolate_lru_folios() (v6.12): take up to @nr_to_scan eligible pages from
 * the tail of @lru into the reclaimer's batch @isol.  Pages in zones
 * above reclaim_idx are skipped (not counted against the batch, counted
 * in pgskip_<zone>) and go back to the head.  Costs the lru_lock for
 * every page looked at.  With lumpy_reclaim (2.6.23..3.4) a high-order
 * global reclaim also takes each
 * page's neighbours (isolate_lumpy_neighbours), which count against
 * @nr_to_scan and in *@nr_scanned as the 2.6.x scan did.  Returns the
 * pages taken.
 */
unsigned long isolate_lru_folios(struct task *t, unsigned long nr_to_scan, struct lruvec *lruvec,
				 struct isolated_folios *isol, unsigned long *nr_scanned,
				 struct scan_control *sc, enum lru_list lru)
{
	struct sim *sim = t->sim;
	struct pfn_list *src = lruvec_list(sim, lruvec, sc->reclaim_idx, lru);
	struct pfn_list skipped;
	unsigned long scan = 0, total_scan = 0, nr_taken = 0, nr_looked = 0;
	bool file = is_file_lru(lru);
	bool lumpy = sc->order && sim->scn.policy.lumpy_reclaim && !cgroup_reclaim(sc);

	/* per-zone lists: each shrink_zone() is for one zone (shrink_zone) */
	VM_BUG_ON(sim->scn.policy.zone_reclaim && sc->zone_lo != sc->reclaim_idx);
	pfn_list_init(&skipped);
	while (scan < nr_to_scan && !pfn_list_empty(src)) {
		u32 pfn = src->tail;
		struct page *page = pfn_to_page(sim, pfn);
		struct zone *zone = page_zone(sim, pfn);
		unsigned long neighbours, nr_pages = folio_nr_pages(page);

		/* the scan counts pages, a large folio all of its own (v5.17+) */
		total_scan += nr_pages;
		nr_looked++;
		/*
		 * Host time, not the model: the node-wide lists (v4.8+) hold
		 * every zone's pages, so a scan for a low zone (a GFP_DMA32
		 * request) may pass many pages of higher zones per page
		 * taken.  They leave the list and come back to
		 * its head in the order the LRU calls would give, so their LRU
		 * counters are left alone (nothing reads them before they are
		 * back); PG_lru is cleared so lumpy reclaim does not take them
		 * meanwhile.
		 */
		if ((int)zone->idx > (int)sc->reclaim_idx) {
			pfn_list_del(sim, src, pfn);
			ClearPageFlag(page, PG_lru);
			pfn_list_add_tail(sim, &skipped, pfn);
			count_vm_events(sim, PGSKIP_DMA + zone->idx, nr_pages);
			continue;
		}
		scan += nr_pages;
		zone->pages_scanned += nr_pages;
		if (!sc->may_unmap && folio_mapped(sim, pfn)) {
			pfn_list_del(sim, src, pfn);
			pfn_list_add(sim, src, pfn);
			continue;
		}
		lruvec_del_folio(sim, lruvec, pfn);
		VM_BUG_ON_PAGE(PageFlag(page, PG_isolated), page); /* not isolated twice */
		SetPageFlag(page, PG_isolated);
		pfn_list_add_tail(sim, &isol->folio_list, pfn);
		isol->nr_isolated[file] += nr_pages;
		nr_taken += nr_pages;
		if (!lumpy)
			continue;
		neighbours = isolate_lumpy_neighbours(sim, pfn, isol, sc, is_active_lru(lru), file);
		nr_taken += neighbours;
		scan += neighbours;
		total_scan += neighbours;
		nr_looked += neighbours;
	}
	while (!pfn_list_empty(&skipped)) {
		u32 pfn = skipped.head;

		pfn_list_del(sim, &skipped, pfn);
		pfn_list_add(sim, src, pfn);
		SetPageFlag(pfn_to_page(sim, pfn), PG_lru);
	}
	*nr_scanned = total_scan;
	trace_mm_vmscan_lru_isolate(t, sc, isol, lru, nr_to_scan, scan, total_scan, nr_taken);
	isol->nr_taken = nr_taken;
	isolated_account(lruvec->pgdat, isol, 1);
	/* the lock is held, and paid, per folio looked at */
	charge_sys(t, sim_lock_acquire(sim, &lruvec->lru_lock, task_now(t),
				       nr_looked * sim->scn.cost.lru_lock_ns, t));
	charge_sys(t, nr_looked * sim->scn.cost.lru_lock_ns);
	return nr_taken;
}

/*
 * The lruvec a page of the batch goes back to: the batch's, or with lumpy
 * neighbours in it (from any memcg's lists) the page's own.
 */
static struct lruvec *putback_lruvec(struct sim *sim, const struct isolated_folios *isol, u32 pfn)
{
	return isol->nr_lumpy_taken ? folio_lruvec(sim, pfn) : isol->lruvec;
}

/*
 * move_folios_to_lru() (v6.12): put survivors back on the list their flags
 * name; pages whose owner exited meanwhile are freed instead.
 */
static void putback_folio(struct sim *sim, struct lruvec *lruvec, u32 pfn)
{
	struct page *page = pfn_to_page(sim, pfn);

	VM_BUG_ON_PAGE(!PageFlag(page, PG_isolated), page);
	ClearPageFlag(page, PG_isolated);
	lruvec_add_folio(sim, lruvec, pfn);
}

/*
 * move_folios_to_lru() (v6.12) for a survivor of shrink_folio_list.  A page whose
 * pageout ended while the batch was still isolated - the model holds a
 * batch for a step per page, and a fast device completes meanwhile - lost
 * the rotation folio_end_writeback gives a page on the LRU
 * (folio_rotate_reclaimable: off the list, nothing moved, PG_reclaim
 * cleared): clean, unmapped and inactive, it goes to the tail now, where
 * that rotation would have put it, to be freed by the next scan.  Left at
 * the head, a clean swap cache page kept its slot until the whole list had
 * gone round: with swap full, anon is not scanned at all, and fast swap
 * ended in false OOM kills (issue 11).
 */
static void putback_survivor(struct sim *sim, struct lruvec *lruvec, u32 pfn)
{
	struct page *page = pfn_to_page(sim, pfn);

	if (PageFlag(page, PG_active) || PageFlag(page, PG_writeback) || PageFlag(page, PG_dirty) ||
	    PageFlag(page, PG_locked) || folio_mapped(sim, pfn) || PageFlag(page, PG_unevictable) ||
	    !(PageFlag(page, PG_swapcache) || !PageFlag(page, PG_anon))) {
		putback_folio(sim, lruvec, pfn);
		return;
	}
	VM_BUG_ON_PAGE(!PageFlag(page, PG_isolated), page);
	ClearPageFlag(page, PG_isolated);
	lruvec_add_folio_tail(sim, lruvec, pfn);
	count_vm_events(sim, PGROTATED, folio_nr_pages(page));
}

/*
 * free_unref_folios() at the end of shrink_folio_list (v6.12): reclaimed
 * pages stay isolated until the whole batch is done (a reclaimer that
 * sleeps in the middle of a batch still holds them), then go back to the
 * allocator together.
 */
static void free_folio_list(struct sim *sim, struct pfn_list *list)
{
	while (!pfn_list_empty(list)) {
		u32 pfn = list->head;

		pfn_list_del(sim, list, pfn);
		ClearPageFlag(pfn_to_page(sim, pfn), PG_isolated);
		free_cold_page(sim, pfn);
	}
}

bool folio_orphaned(const struct page *page)
{
	return PageFlag(page, PG_anon) && page->mapping_id == NO_MM && !page->mapcount &&
	       !PageFlag(page, PG_swapcache) && !PageFlag(page, PG_writeback);
}

/* ---- shrink_folio_list ---- */

/*
 * folio_check_references() (v6.12): the second-chance rules.  A referenced
 * page of an executable file mapping is activated on its first reference
 * since v3.3 (Konstantin Khlebnikov's "mm/vmscan: activate executable
 * pages after first usage", c909e99364c8); before, with vm_exec_activation
 * = active_list or none, it needs a second one like other mapped file pages.
 * The second reference itself came with v2.6.34 (Johannes Weiner's
 * "vmscan: detect mapped file pages used only once", 645747462435): before
 * it (mapped_use_once = none) shrink_page_list activated any page that was
 * referenced, by a pte or PG_referenced, and in use (mapped, or in the swap
 * cache: page_mapping_inuse, whose "file mapped by somebody" the model
 * reads as the page being mapped).  From 2.6.34 to 5.8 (file) an anon page
 * was still activated at its first reference; v5.9 (Joonsoo Kim's "mm/vmscan:
 * protect the workingset on anonymous LRU", b518154e59aa) treats it as a
 * file page.
 */
noinline enum folio_references folio_check_references(struct task *t, u32 pfn)
{
	struct sim *sim = t->sim;
	struct page *page = pfn_to_page(sim, pfn);
	enum mapped_use_once_policy use_once = sim->scn.policy.mapped_use_once;
	unsigned long vm_flags;
	int referenced_ptes;
	bool referenced_folio, file = !PageFlag(page, PG_swapbacked);

	referenced_ptes = folio_referenced(t, pfn, &vm_flags);
	referenced_folio = TestClearPageFlag(page, PG_referenced);
	if (vm_flags & VM_LOCKED)
		return FOLIOREF_ACTIVATE;
	if (use_once == USE_ONCE_NONE)
		return (referenced_ptes || referenced_folio) &&
				       (page->mapcount || PageFlag(page, PG_swapcache)) ?
			       FOLIOREF_ACTIVATE :
			       FOLIOREF_RECLAIM;
	if (referenced_ptes) {
		if (!file && use_once == USE_ONCE_FILE)
			return FOLIOREF_ACTIVATE;
		SetPageFlag(page, PG_referenced);
		if (referenced_folio || referenced_ptes > 1)
			return FOLIOREF_ACTIVATE;
		if ((vm_flags & VM_EXEC) && file &&
		    sim->scn.policy.vm_exec_activation == VM_EXEC_FIRST_USE)
			return FOLIOREF_ACTIVATE;
		return FOLIOREF_KEEP;
	}
	if (referenced_folio && file)
		return FOLIOREF_RECLAIM_CLEAN;
	return FOLIOREF_RECLAIM;
}

/*
 * __remove_mapping() (v6.12): detach a clean, unmapped page from the swap
 * cache or page cache, leaving a workingset shadow.  The memcg charge of
 * a swapped page moves to its swap entry.
 */
static noinline void __remove_mapping(struct sim *sim, u32 pfn, struct mem_cgroup *target)
{
	struct page *page = pfn_to_page(sim, pfn);
	u64 shadow = workingset_eviction(sim, pfn, target);

	if (PageFlag(page, PG_swapcache)) {
		u64 slot = page->private;

		/* the reclaimer's CPU: the swap cache's lock held with irqs off */
		charge_sys(sim->eng.current, sim->scn.cost.swap_remove_mapping_ns);
		__delete_from_swap_cache(sim, pfn, shadow);
		mem_cgroup_swapout(sim, pfn, slot);
		put_swap_folio(sim, slot);
	} else {
		filemap_remove_folio(sim, pfn, shadow);
	}
}

/*
 * Does the file-page writeback rule (file_writepage, SPEC.md section 4)
 * let this reclaimer write @page?
 */
static bool may_pageout_file(struct task *t, struct scan_control *sc, struct pglist_data *pgdat,
			     struct page *page)
{
	switch (t->sim->scn.policy.file_writepage) {
	case FILE_WRITEPAGE_NEVER: /* 6.17+ removed ->writepage */
		return false;
	case FILE_WRITEPAGE_ANY: /* before v3.2: kswapd and direct reclaim alike */
		return true;
	case FILE_WRITEPAGE_KSWAPD_PRIORITY: /* v3.2..3.10: kswapd, and only under pressure */
		return sc->kswapd && sc->priority < DEF_PRIORITY - 2;
	case FILE_WRITEPAGE_KSWAPD_DIRTY_ZONE: /* v3.11..4.10: kswapd on a dirty-tailed zone */
		return sc->kswapd && (pgdat->flags & (1UL << PGDAT_DIRTY));
	case FILE_WRITEPAGE_KSWAPD:
		break;
	}
	/* v4.11+: only kswapd, for pages seen dirty before on a dirty node */
	return sc->kswapd && PageFlag(page, PG_reclaim) && (pgdat->flags & (1UL << PGDAT_DIRTY));
}

/*
 * Before v3.11 shrink_page_list kept a page under writeback (or waited
 * for it in a synchronous lumpy pass), and before v4.11 it kept rather
 * than activated the dirty and writeback pages it left to the flusher.
 */
static bool writeback_keep_2_6(const struct sim *sim)
{
	return sim->scn.policy.file_writepage == FILE_WRITEPAGE_ANY ||
	       sim->scn.policy.file_writepage == FILE_WRITEPAGE_KSWAPD_PRIORITY;
}

static bool writeback_keep_pre_4_11(const struct sim *sim)
{
	return writeback_keep_2_6(sim) ||
	       sim->scn.policy.file_writepage == FILE_WRITEPAGE_KSWAPD_DIRTY_ZONE;
}

/*
 * Does memcg reclaim wait for the writeback of @page (policy
 * memcg_writeback_wait)?  memcg v1 has no dirty throttling of its own, so
 * from 3.6 (Michal Hocko's e62e384e9da8 "memcg: prevent OOM with too many
 * dirty pages", Hugh Dickins's c3b94f44fcb0) its reclaim waits on a page
 * under writeback that reclaim marked PG_reclaim before: its pages are
 * coming round faster than the device writes them.  Before 3.6 it kept
 * the page, as global reclaim does, and a group full of page cache under
 * writeback ran out of reclaim retries and OOM-killed (a dd into a small
 * group).
 */
static bool memcg_writeback_wait(const struct sim *sim, const struct scan_control *sc,
				 const struct page *page)
{
	return !writeback_throttling_sane(sc) && PageFlag(page, PG_reclaim) &&
	       !sim->scn.policy.memcg_writeback_nowait;
}

/*
 * reclaim_can_writeback() (Mel Gorman's June 2010 series, V2; policy
 * direct_writeback): may this reclaimer call pageout() at all?  kswapd
 * and memcg limit reclaim may; global direct reclaim only with allow.
 */
static bool reclaim_can_writeback(const struct sim *sim, const struct scan_control *sc)
{
	return !sim->scn.policy.direct_writeback_deny || sc->kswapd || cgroup_reclaim(sc);
}

/*
 * may_write_to_queue() (v2.6.35; may_write_to_inode later; policy
 * may_write_to_queue): kswapd (PF_SWAPWRITE) always writes; another task
 * not while the device is write-congested (blk_write_congested: its write
 * requests reached the congestion-on threshold), so that a direct
 * reclaimer does not block in the request queue.  (The exception for the task's own bdi, a writer
 * throttled in balance_dirty_pages, is not modelled.)  Off, every
 * reclaimer waits for a request in submit_bio, as since v5.16.  A swap
 * cache page is always written: its mapping's bdi is 2.6.x's
 * swap_backing_dev_info (mm/swap_state.c), which has no congested_fn
 * and whose state the block layer never sets, so bdi_write_congested()
 * is false for it - "by accident", as 2.6.25's pageout() comment says -
 * and a direct reclaimer blocks for a request as for any write.
 */
static bool may_write_to_queue(const struct task *t, const struct scan_control *sc,
			       const struct blkdev *dev)
{
	if (dev == &t->sim->swap_dev)
		return true;
	return sc->kswapd || !t->sim->scn.policy.may_write_to_queue || !blk_write_congested(dev);
}

/* Where on its device the write of dirty page @pfn goes: its swap slot or its file offset. */
static u64 pageout_sector(struct sim *sim, u32 pfn)
{
	const struct page *page = pfn_to_page(sim, pfn);

	return PageFlag(page, PG_swapbacked) ? page->private : file_page_sector(sim, pfn);
}

/*
 * wait_on_page_writeback(): sleep until the write of @pfn ends.  The page
 * waits at the head of @list, so that a reclaimer killed in its sleep
 * gives it back (reclaim_abort); it is off the list again on return.
 */
static void wait_on_page_writeback(struct task *t, struct pfn_list *list, u32 pfn)
{
	struct sim *sim = t->sim;

	pfn_list_add(sim, list, pfn);
	try_to_unmap_flush(t);
	while (PageFlag(pfn_to_page(sim, pfn), PG_writeback)) {
		t->in_iowait = true; /* io_schedule() */
		task_sleep(t, &sim->writeback_wait, 0);
		schedule(t);
	}
	pfn_list_del(sim, list, pfn);
}

/*
 * pageout()'s outcomes (2.6.35 pageout_t).  The kernel has two more the
 * model never produces: PAGE_ACTIVATE (no ->writepage: file_writepage =
 * never stops file pages before pageout, as the 6.12 branch does) and
 * PAGE_CLEAN (clear_page_dirty_for_io finding the page clean, or an
 * orphaned buffer page: PG_dirty is exact and there are no buffers).
 */
enum pageout_t {
	PAGE_KEEP, /* the write could not start: keep the page */
	PAGE_SUCCESS, /* the write started (and in a SYNC pass, ended) */
};

/*
 * pageout() (v2.6.35, v6.12): write the dirty page @pfn of the batch
 * @isol - a page-cache page through ->writepage, an anon page to swap -
 * unless may_write_to_queue() says the device is congested.  The page is
 * marked PG_reclaim, to be rotated to the inactive tail when its write
 * ends, and counts NR_VMSCAN_WRITE.  In lumpy reclaim's synchronous pass
 * (sc->pageout_io, 2.6.x) the reclaimer then waits for the write.
 */
static noinline enum pageout_t pageout(struct task *t, struct scan_control *sc,
				       struct pglist_data *pgdat, struct isolated_folios *isol,
				       u32 pfn, struct blkdev *dev)
{
	struct sim *sim = t->sim;
	struct page *page = pfn_to_page(sim, pfn);

	if (!may_write_to_queue(t, sc, dev))
		return PAGE_KEEP;
	if (PageFlag(page, PG_swapbacked))
		swap_writepage(sim, t, pfn);
	else
		pageout_file(sim, t, pfn);
	trace_mm_vmscan_writepage(t, pfn, !PageFlag(page, PG_swapbacked),
				  sc->pageout_io == PAGEOUT_IO_SYNC);
	SetPageFlag(page, PG_reclaim);
	/* node_stat_add_folio(): a large file folio, all its pages */
	mod_node_page_state(pgdat, NR_VMSCAN_WRITE, folio_nr_pages(page));
	if (sc->pageout_io == PAGEOUT_IO_SYNC)
		wait_on_page_writeback(t, &isol->folio_list, pfn);
	return PAGE_SUCCESS;
}

/* Move every page of @from to the tail of @to. */
static void pfn_list_splice_tail(struct sim *sim, struct pfn_list *from, struct pfn_list *to)
{
	while (!pfn_list_empty(from)) {
		u32 pfn = from->head;

		pfn_list_del(sim, from, pfn);
		pfn_list_add_tail(sim, to, pfn);
	}
}

/*
 * MAX_SWAP_CLEAN_WAIT (the June 2010 series): the times a synchronous
 * lumpy pass of direct reclaim that may not write waits for the flusher
 * to clean the dirty pages it left.
 */
#define MAX_SWAP_CLEAN_WAIT 10

/*
 * The nr_pages reclaim passes to wakeup_flusher_threads() (2.6.x..4.10,
 * laptop_mode ? 0 : @nr_pages): @nr_pages with flusher_wakeup_pages =
 * scanned, 0 (every dirty page) with all, laptop_mode's choice and, from
 * 4.11, the only one.
 */
static u64 flusher_wakeup_pages(const struct sim *sim, u64 nr_pages)
{
	return sim->scn.policy.flusher_wakeup_pages_scanned ? nr_pages : 0;
}

/*
 * shrink_folio_list() (v6.12; shrink_page_list() of v2.6.35 by policy):
 * try to free each page of @folio_list; the survivors go to @ret_folios,
 * the freed ones to @free_folios until the end (free_unref_folios).  A
 * cgroup v1 reclaimer that meets a page already marked for reclaim under
 * writeback waits for that writeback (folio_wait_writeback), and a
 * pageout that finds the device queue full waits for a request
 * (submit_bio); both then look at the page again.  One page per step:
 * reclaimers on other CPUs work on their own batches meanwhile, so their
 * add_to_swap() calls interleave page by page, as they did under
 * swap_lock, and the order of the slots - what slot-cluster swap-in
 * readahead brings back together (seed 000) - follows time.
 *
 * The 2.6.x rules (SPEC-seeds B.1): a page under writeback is kept, or
 * in a PAGEOUT_IO_SYNC pass waited on; lumpy mode ignores references; a
 * page written in a SYNC pass is freed at once; direct reclaim that may
 * not write (direct_writeback = deny) sets its dirty pages aside and, in
 * a SYNC pass, wakes the flusher and waits for it up to
 * MAX_SWAP_CLEAN_WAIT times before giving them back.  Returns the pages
 * reclaimed; @stat says what it saw.
 */
unsigned long shrink_folio_list(struct task *t, struct isolated_folios *isol,
				struct pglist_data *pgdat, struct scan_control *sc,
				struct reclaim_stat *stat)
{
	struct sim *sim = t->sim;
	const struct scn_cost *cost = &sim->scn.cost;
	struct pfn_list *folio_list = &isol->folio_list;
	bool first = true;
	unsigned int clean_waits = 0, batch_left = 0; /* the 2.6.x io_context's batching */
	u64 batch_since = 0, nr_set_aside = 0; /* pages on dirty_folios (June 2010) */

	*stat = (struct reclaim_stat){ 0 };
restart:
	while (!pfn_list_empty(folio_list)) {
		u32 pfn;
		struct page *page;
		unsigned int nr_pages;
		bool file_lru, lazyfree, dirty, writeback;
		enum folio_references references;
		enum ttu_flags ttu = 0;

		if (!first)
			cond_resched(t); /* the next page in the next step */
		first = false;
		pfn = folio_list->head;
		page = pfn_to_page(sim, pfn);
		nr_pages = folio_nr_pages(page); /* every count below is in pages */
		file_lru = !PageFlag(page, PG_swapbacked);
		lazyfree = PageFlag(page, PG_anon) && file_lru;
		pfn_list_del(sim, folio_list, pfn);
		charge_sys(t, cost->scan_page_ns);
		if (folio_orphaned(page)) {
			pfn_list_add_tail(sim, &isol->free_folios, pfn);
			continue;
		}
		if (PageFlag(page, PG_locked))
			goto keep; /* folio_trylock() failed */
		sc->nr_scanned += nr_pages; /* base pages looked at, after the lock */
		/* folio_check_dirty_writeback(): only page-cache pages count */
		dirty = file_lru && !lazyfree && PageFlag(page, PG_dirty);
		writeback = file_lru && !lazyfree && PageFlag(page, PG_writeback);
		if (dirty || writeback)
			stat->nr_dirty += nr_pages;
		if (dirty && !writeback)
			stat->nr_unqueued_dirty += nr_pages;
		if (writeback && PageFlag(page, PG_reclaim))
			stat->nr_congested += nr_pages;

		if (PageFlag(page, PG_writeback) && writeback_keep_2_6(sim)) {
			/*
			 * 2.6.x..3.4: only a synchronous lumpy pass waits
			 * (may_enter_fs: GFP_KERNEL); 3.6..3.10 also memcg v1
			 * reclaim, on a page marked for reclaim
			 */
			if (sc->pageout_io != PAGEOUT_IO_SYNC &&
			    !memcg_writeback_wait(sim, sc, page)) {
				/* 3.6: so that memcg reclaim waits on it next time */
				if (!sim->scn.policy.memcg_writeback_nowait)
					SetPageFlag(page, PG_reclaim);
				/*
				 * 3.2..3.10: counted for shrink_inactive_list's
				 * throttle (92df3a723f84, with this rule's series)
				 */
				if (sim->scn.policy.file_writepage ==
				    FILE_WRITEPAGE_KSWAPD_PRIORITY)
					stat->nr_writeback += nr_pages;
				goto keep;
			}
			wait_on_page_writeback(t, folio_list, pfn);
		}
		if (PageFlag(page, PG_writeback)) {
			if (sc->kswapd && PageFlag(page, PG_reclaim) &&
			    (pgdat->flags & (1UL << PGDAT_WRITEBACK))) {
				stat->nr_immediate += nr_pages;
				goto keep_or_activate;
			}
			if (!memcg_writeback_wait(sim, sc, page)) {
				SetPageFlag(page, PG_reclaim);
				stat->nr_writeback += nr_pages;
				goto keep_or_activate;
			}
			/* case 3: cgroup v1 waits for the writeback, then looks again */
			pfn_list_add(sim, folio_list, pfn);
			try_to_unmap_flush(t);
			t->in_iowait = true; /* folio_wait_writeback(): io_schedule() */
			task_sleep(t, &sim->writeback_wait, 0);
			schedule(t);
			first = true;
			continue;
		}

		references = folio_check_references(t, pfn);
		if (sc->lumpy_reclaim_mode)
			references = FOLIOREF_RECLAIM; /* 2.6.x lumpy reclaim ignores references */
		if (references == FOLIOREF_ACTIVATE)
			goto activate_locked;
		if (references == FOLIOREF_KEEP)
			goto keep;

		if (PageFlag(page, PG_anon) && PageFlag(page, PG_swapbacked) &&
		    !PageFlag(page, PG_swapcache)) {
			bool was_dirty = PageFlag(page, PG_dirty);

			charge_sys(t, cost->swap_slot_ns);
			if (!add_to_swap(sim, pfn, t->cpu < 0 ? 0 : (unsigned int)t->cpu))
				goto activate_locked;
			/*
			 * v4.5-4.11: add_to_swap() left PG_dirty alone and
			 * try_to_unmap(TTU_FREE) discards a page whose PTEs
			 * are clean too: it was MADV_FREEd
			 */
			if (sim->scn.policy.lazyfree == LAZYFREE_ANON_LRU) {
				if (!was_dirty)
					ClearPageFlag(page, PG_dirty);
				ttu = TTU_FREE;
			}
		}
		if (folio_mapped(sim, pfn) && !try_to_unmap(t, pfn, ttu)) {
			stat->nr_unmap_fail += nr_pages;
			goto activate_locked;
		}
		if (lazyfree || (ttu == TTU_FREE && !PageFlag(page, PG_dirty))) {
			/* a clean MADV_FREE page: dropped without I/O */
			if (PageFlag(page, PG_swapcache))
				delete_from_swap_cache(sim, pfn, 0);
			count_vm_event(sim, PGLAZYFREED);
			count_memcg_events(isol->lruvec->memcg, PGLAZYFREED, 1);
			goto free_it;
		}
		if (PageFlag(page, PG_dirty)) {
			struct blkdev *dev = file_lru ? &sim->disk_dev : &sim->swap_dev;

			stat->nr_dirty_met++;
			if (file_lru && !may_pageout_file(t, sc, pgdat, page)) {
				mod_node_page_state(pgdat, NR_VMSCAN_IMMEDIATE, nr_pages);
				SetPageFlag(page, PG_reclaim);
				goto keep_or_activate;
			}
			if (references == FOLIOREF_RECLAIM_CLEAN)
				goto keep;
			if (!reclaim_can_writeback(sim, sc)) {
				/* June 2010: left for kswapd and the flusher */
				pfn_list_add_tail(sim, &isol->dirty_folios, pfn);
				nr_set_aside += nr_pages;
				continue;
			}
			if (!sc->may_writepage)
				goto keep;
			if (blk_bio_must_wait(
				    dev, t, REQ_OP_WRITE, pageout_sector(sim, pfn), nr_pages,
				    blk_ioc_batching(dev, batch_left, task_now(t) - batch_since)) &&
			    may_write_to_queue(t, sc, dev)) {
				/*
				 * the bio merges into no queued request and none
				 * is free: submit_bio would sleep for one, an
				 * exclusive waiter (get_request_wait), and woken
				 * it batches (ioc_set_batching); wait, look again
				 */
				stat->nr_dirty_met--; /* met again after the wait */
				pfn_list_add(sim, folio_list, pfn);
				try_to_unmap_flush(t);
				t->in_iowait = true; /* waiting for a request: io_schedule() */
				task_sleep(t, &dev->queue_wait, 0);
				schedule(t);
				batch_left = BLK_BATCH_REQ;
				batch_since = task_now(t);
				first = true;
				continue;
			}
			if (batch_left)
				batch_left--;
			try_to_unmap_flush_dirty(t);
			if (pageout(t, sc, pgdat, isol, pfn, dev) == PAGE_KEEP) {
				stat->nr_kept_congested++;
				goto keep;
			}
			stat->nr_pageout += nr_pages;
			/* async write: freed when found clean later */
			if (PageFlag(page, PG_writeback) || PageFlag(page, PG_dirty) ||
			    folio_mapped(sim, pfn))
				goto keep;
			/* a SYNC pass waited for the write: free it now */
		}
		__remove_mapping(sim, pfn, sc->target_mem_cgroup);
free_it:
		pfn_list_add_tail(sim, &isol->free_folios, pfn);
		charge_sys(t, cost->free_ns);
		stat->nr_reclaimed += nr_pages;
		continue;

keep_or_activate:
		/* before v4.11 a page left to the flusher stayed inactive */
		if (writeback_keep_pre_4_11(sim))
			goto keep;
activate_locked:
		/*
		 * not a candidate for swapping: give back its slot if swap is
		 * short (from 2.6.28, 68a22394c286; before, the slot stayed)
		 */
		if (PageFlag(page, PG_swapcache) &&
		    sim->scn.policy.reclaim_free_swap != RECLAIM_FREE_SWAP_NONE &&
		    mem_cgroup_swap_full(sim, pfn))
			folio_free_swap(sim, pfn);
		SetPageFlag(page, PG_active);
		stat->nr_activate += nr_pages;
keep:
		pfn_list_add_tail(sim, &isol->ret_folios, pfn);
	}
	if (!pfn_list_empty(&isol->dirty_folios)) {
		/* the June 2010 series: a SYNC pass waits for the flusher, then retries */
		if (sc->pageout_io == PAGEOUT_IO_SYNC && clean_waits++ < MAX_SWAP_CLEAN_WAIT) {
			/* wakeup_flusher_threads(laptop_mode ? 0 : nr_dirty) */
			wakeup_flusher_threads(sim, flusher_wakeup_pages(sim, nr_set_aside));
			nr_set_aside = 0;
			congestion_wait(t, JIFFY_NS * (HZ / 10));
			pfn_list_splice_tail(sim, &isol->dirty_folios, folio_list);
			first = true;
			goto restart;
		}
		pfn_list_splice_tail(sim, &isol->dirty_folios, &isol->ret_folios);
	}
	try_to_unmap_flush(t);
	free_folio_list(sim, &isol->free_folios);
	return stat->nr_reclaimed;
}

/* ---- shrink_inactive_list / shrink_active_list ---- */

/*
 * too_many_isolated() (v6.12): direct reclaimers back off while more pages
 * of the type are isolated than are inactive (an eighth of them for
 * callers that may do IO and FS).  Never for kswapd or cgroup v1 reclaim.
 */
static bool too_many_isolated(struct sim *sim, struct pglist_data *pgdat, bool file,
			      struct scan_control *sc)
{
	long inactive, isolated;

	if (!sim->scn.policy.too_many_isolated)
		return false; /* before v2.6.32 */
	if (sc->kswapd || !writeback_throttling_sane(sc))
		return false;
	inactive = node_page_state(pgdat, file ? NR_INACTIVE_FILE : NR_INACTIVE_ANON);
	isolated = node_page_state(pgdat, file ? NR_ISOLATED_FILE : NR_ISOLATED_ANON);
	inactive >>= 3;
	return isolated > inactive;
}

/* Give back what a batch still holds: survivors to the LRU, freed pages to the allocator. */
static void putback_isolated(struct task *t, struct isolated_folios *isol)
{
	struct sim *sim = t->sim;

	while (!pfn_list_empty(&isol->folio_list)) {
		u32 pfn = isol->folio_list.head;

		pfn_list_del(sim, &isol->folio_list, pfn);
		if (folio_orphaned(pfn_to_page(sim, pfn))) {
			ClearPageFlag(pfn_to_page(sim, pfn), PG_isolated);
			free_unref_page(sim, pfn);
		} else {
			putback_folio(sim, putback_lruvec(sim, isol, pfn), pfn);
		}
	}
	pfn_list_splice_tail(sim, &isol->dirty_folios, &isol->ret_folios);
	while (!pfn_list_empty(&isol->ret_folios)) {
		u32 pfn = isol->ret_folios.head;

		pfn_list_del(sim, &isol->ret_folios, pfn);
		putback_survivor(sim, putback_lruvec(sim, isol, pfn), pfn);
	}
	free_folio_list(sim, &isol->free_folios);
	isolated_account(isol->lruvec->pgdat, isol, -1);
	isol->nr_taken = 0;
	isol->nr_isolated[0] = isol->nr_isolated[1] = 0;
}

/*
 * Start a batch: the pages about to be isolated, registered for
 * reclaim_abort.  The kernel keeps these lists on the reclaimer's stack;
 * the model keeps them in the task, where an OOM kill run from another
 * task can reach them while the reclaimer sleeps (coro.c: a sleeper's
 * frames may be elsewhere).
 */
static struct isolated_folios *isolated_init(struct task *t, struct lruvec *lruvec,
					     enum lru_list lru)
{
	struct isolated_folios *isol = &mm_task(t)->reclaim.batch;

	*isol = (struct isolated_folios){ .lruvec = lruvec, .lru = lru };
	pfn_list_init(&isol->folio_list);
	pfn_list_init(&isol->ret_folios);
	pfn_list_init(&isol->dirty_folios);
	pfn_list_init(&isol->free_folios);
	mm_task(t)->reclaim.isolated = isol;
	return isol;
}

/*
 * clear_active_flags() (v2.6.35): lumpy reclaim's batch holds active
 * pages; they go through shrink_page_list as inactive ones (and go back
 * inactive).  Counts PGDEACTIVATE.
 */
static void clear_active_flags(struct sim *sim, struct pfn_list *list)
{
	unsigned long nr_active = 0;

	for (u32 pfn = list->head; pfn != NO_PFN; pfn = pfn_to_page(sim, pfn)->next)
		nr_active += TestClearPageFlag(pfn_to_page(sim, pfn), PG_active);
	count_vm_events(sim, PGDEACTIVATE, nr_active);
}

/*
 * The synchronous second pass of lumpy reclaim (v2.6.35
 * shrink_inactive_list; should_reclaim_stall() from 2.6.36): direct
 * reclaim in lumpy mode that did not free the whole batch waits HZ/10
 * (congestion_wait), then runs shrink_page_list again over what is left
 * in PAGEOUT_IO_SYNC mode, which waits on the pages under writeback and
 * on the writes it starts.  kswapd never stalls.  Returns the pages it
 * reclaimed; @stat adds what it saw.
 */
static noinline unsigned long shrink_folio_list_sync(struct task *t, struct isolated_folios *isol,
						     struct pglist_data *pgdat,
						     struct scan_control *sc,
						     struct reclaim_stat *stat)
{
	struct sim *sim = t->sim;
	struct reclaim_stat sync_stat;
	unsigned long nr_reclaimed;

	congestion_wait(t, JIFFY_NS * (HZ / 10));
	/* the first pass set PG_active on the pages it would have activated */
	clear_active_flags(sim, &isol->ret_folios);
	pfn_list_splice_tail(sim, &isol->ret_folios, &isol->folio_list);
	sc->pageout_io = PAGEOUT_IO_SYNC;
	nr_reclaimed = shrink_folio_list(t, isol, pgdat, sc, &sync_stat);
	sc->pageout_io = PAGEOUT_IO_ASYNC;
	stat->nr_dirty += sync_stat.nr_dirty;
	stat->nr_unqueued_dirty += sync_stat.nr_unqueued_dirty;
	stat->nr_congested += sync_stat.nr_congested;
	stat->nr_writeback += sync_stat.nr_writeback;
	stat->nr_immediate += sync_stat.nr_immediate;
	stat->nr_pageout += sync_stat.nr_pageout;
	stat->nr_activate += sync_stat.nr_activate;
	stat->nr_unmap_fail += sync_stat.nr_unmap_fail;
	stat->nr_reclaimed += sync_stat.nr_reclaimed;
	return nr_reclaimed;
}

/*
 * The end of shrink_inactive_list() with reclaim_sleep =
 * wait_iff_pageout_congested (v3.10): shrink_page_list tagged the zone
 * congested when every dirty page it met was kept because its device's
 * queue was congested (global reclaim only; kswapd is never refused);
 * then, from v3.2 (92df3a723f84, Mel Gorman, "mm: vmscan: throttle reclaim
 * if encountering too many dirty pages under writeback"), every
 * reclaimer, kswapd and memcg too, naps in wait_iff_congested when the
 * batch's pages under writeback reach nr_taken >> (DEF_PRIORITY -
 * priority).  The node stands in for the zone.  Returns @nr_reclaimed.
 */
static unsigned long shrink_inactive_list_2_6_37(struct task *t, struct pglist_data *pgdat,
						 struct scan_control *sc,
						 const struct reclaim_stat *stat,
						 unsigned long nr_taken, unsigned long nr_reclaimed)
{
	if (!cgroup_reclaim(sc) && stat->nr_dirty_met &&
	    stat->nr_dirty_met == stat->nr_kept_congested)
		pgdat->flags |= 1UL << PGDAT_CONGESTED;
	if (stat->nr_writeback && stat->nr_writeback >= nr_taken >> (DEF_PRIORITY - sc->priority) &&
	    wait_iff_congested(t, pgdat, JIFFY_NS * (HZ / 10)))
		return nr_reclaimed;
	cond_resched(t);
	return nr_reclaimed;
}

/*
 * shrink_inactive_list() (v6.12): wait while too many pages are isolated
 * (once, then give up), isolate a batch and count the scan, shrink it,
 * put the survivors back, count the steal and note the cost; wake the
 * flusher, and throttle on writeback, when every page taken was dirty
 * and not yet queued for writeback (flusher_wakeup = unqueued_dirty,
 * v4.11+).  Lumpy reclaim (2.6.x) turns the batch's active neighbours
 * inactive and may make a synchronous second pass.  Returns the pages
 * reclaimed.
 */
static unsigned long shrink_inactive_list(struct task *t, unsigned long nr_to_scan,
					  struct lruvec *lruvec, struct scan_control *sc,
					  enum lru_list lru)
{
	struct sim *sim = t->sim;
	struct pglist_data *pgdat = lruvec->pgdat;
	bool file = is_file_lru(lru), stalled = false, by_stat = !lru_balance_by_cost(sim);
	enum vm_event_item steal = sc->kswapd ? PGSTEAL_KSWAPD : PGSTEAL_DIRECT;
	unsigned long nr_scanned, nr_taken, nr_reclaimed, nr_put = 0;
	struct isolated_folios *isol;
	struct reclaim_stat stat;

	while (too_many_isolated(sim, pgdat, file, sc)) {
		/* v2.6.32..5.15: congestion_wait(HZ/10) until it clears */
		if (sim->scn.policy.congestion_wait) {
			congestion_wait(t, JIFFY_NS * (HZ / 10));
			continue;
		}
		if (stalled)
			return 0;
		stalled = true;
		reclaim_throttle(t, pgdat, VMSCAN_THROTTLE_ISOLATED);
	}
	lru_add_drain(sim, task_cpu(t));
	isol = isolated_init(t, lruvec, lru);
	nr_taken = isolate_lru_folios(t, nr_to_scan, lruvec, isol, &nr_scanned, sc, lru);
	if (!cgroup_reclaim(sc)) {
		count_vm_events(sim, sc->kswapd ? PGSCAN_KSWAPD : PGSCAN_DIRECT, nr_scanned);
		count_zone_lru_event(pgdat, sc->reclaim_idx,
				     sc->kswapd ? ZONE_PGSCAN_KSWAPD : ZONE_PGSCAN_DIRECT,
				     nr_scanned);
	}
	count_memcg_events(lruvec->memcg, sc->kswapd ? PGSCAN_KSWAPD : PGSCAN_DIRECT, nr_scanned);
	count_vm_events(sim, PGSCAN_ANON + file, nr_scanned);
	count_memcg_events(lruvec->memcg, PGSCAN_ANON + file, nr_scanned);
	if (!nr_taken) {
		mm_task(t)->reclaim.isolated = NULL;
		return 0;
	}
	cond_resched(t); /* the batch is off the LRU: others run */

	if (isol->nr_lumpy_taken)
		clear_active_flags(sim, &isol->folio_list);
	if (by_stat) { /* 2.6.28..5.7: the batch by type, lumpy's too */
		lruvec->recent_scanned[0] += isol->nr_isolated[0];
		lruvec->recent_scanned[1] += isol->nr_isolated[1];
	}
	nr_reclaimed = shrink_folio_list(t, isol, pgdat, sc, &stat);
	if (!sc->kswapd && sc->lumpy_reclaim_mode && nr_reclaimed < nr_taken)
		nr_reclaimed += shrink_folio_list_sync(t, isol, pgdat, sc, &stat);
	while (!pfn_list_empty(&isol->ret_folios)) {
		u32 pfn = isol->ret_folios.head;
		const struct page *page = pfn_to_page(sim, pfn);

		pfn_list_del(sim, &isol->ret_folios, pfn);
		putback_survivor(sim, putback_lruvec(sim, isol, pfn), pfn);
		nr_put++;
		/* 2.6.28..5.7 putback_inactive_pages: an activated page rotated */
		if (by_stat && PageFlag(page, PG_active))
			lruvec->recent_rotated[is_file_lru(folio_lru_list(page))] +=
				folio_nr_pages(page);
	}
	isolated_account(pgdat, isol, -1);
	mm_task(t)->reclaim.isolated = NULL;
	charge_sys(t, sim_lock_acquire(sim, &lruvec->lru_lock, task_now(t),
				       nr_put * sim->scn.cost.lru_lock_ns, t));
	charge_sys(t, nr_put * sim->scn.cost.lru_lock_ns);

	count_vm_events(sim, PGACTIVATE, stat.nr_activate);
	count_memcg_events(lruvec->memcg, PGACTIVATE, stat.nr_activate);
	if (!cgroup_reclaim(sc)) {
		count_vm_events(sim, steal, nr_reclaimed);
		count_zone_lru_event(pgdat, sc->reclaim_idx,
				     sc->kswapd ? ZONE_PGSTEAL_KSWAPD : ZONE_PGSTEAL_DIRECT,
				     nr_reclaimed);
	}
	count_memcg_events(lruvec->memcg, steal, nr_reclaimed);
	count_vm_events(sim, PGSTEAL_ANON + file, nr_reclaimed);
	count_memcg_events(lruvec->memcg, PGSTEAL_ANON + file, nr_reclaimed);
	if (!by_stat)
		lru_note_cost(lruvec, file, stat.nr_pageout, nr_scanned - nr_reclaimed);
	trace_mm_vmscan_lru_shrink_inactive(t, pgdat, sc, nr_scanned, nr_reclaimed, &stat, file);

	sc->nr.dirty += stat.nr_dirty;
	sc->nr.congested += stat.nr_congested;
	sc->nr.unqueued_dirty += stat.nr_unqueued_dirty;
	sc->nr.writeback += stat.nr_writeback;
	sc->nr.immediate += stat.nr_immediate;
	sc->nr.taken += nr_taken;
	if (file)
		sc->nr.file_taken += nr_taken;
	if (!sim->scn.policy.flusher_wakeup_scanned && stat.nr_unqueued_dirty == nr_taken) {
		wakeup_flusher_threads(sim, 0); /* 4.11 (726d061fbd36): everything */
		if (!writeback_throttling_sane(sc) && !sim->scn.policy.congestion_wait) {
			reclaim_throttle(t, pgdat, VMSCAN_THROTTLE_WRITEBACK);
			return nr_reclaimed;
		}
	}
	if (sim->scn.policy.wait_iff_pageout_congested)
		return shrink_inactive_list_2_6_37(t, pgdat, sc, &stat, nr_taken, nr_reclaimed);
	/* v3.11..5.15: tag the node congested, stall direct reclaim on it */
	if (sim->scn.policy.wait_iff_congested && !cgroup_reclaim(sc) && stat.nr_dirty &&
	    stat.nr_dirty == stat.nr_congested)
		pgdat->flags |= 1UL << PGDAT_CONGESTED;
	if (sim->scn.policy.wait_iff_congested && !sc->kswapd &&
	    wait_iff_congested(t, pgdat, JIFFY_NS * (HZ / 10)))
		return nr_reclaimed;
	cond_resched(t); /* the batch is back */
	return nr_reclaimed;
}

/*
 * note_zone_scanning_priority() (v2.6.25): a reclaimer about to scan
 * @zone at a more urgent @priority than the zone's prev_priority lowers
 * it, so the next reclaimer's reclaim-mapped test starts from there.
 */
static void note_zone_scanning_priority(struct zone *zone, int priority)
{
	if (priority < zone->prev_priority)
		zone->prev_priority = priority;
}

/*
 * The priority whose distress calc_reclaim_mapped() weighs (v2.6.25):
 * the lower of the reclaimer's own and the zone's prev_priority, which
 * any other reclaimer scanning the zone more urgently has lowered
 * (note_zone_scanning_priority).  So one reclaimer deep in trouble makes
 * every reclaimer of the zone, even at DEF_PRIORITY, unmap mapped pages
 * - the effect the prev_priority comment of 2.6.25's mmzone.h describes.
 * The zone shrunk with zone_reclaim, else the lowest of the node's zones
 * the request may use.  Cgroup reclaim keeps its own priority (2.6.25's
 * mem_cgroup prev_priority is not modelled).
 */
static int reclaim_mapped_priority(struct lruvec *lruvec, const struct scan_control *sc)
{
	int priority = sc->priority;

	if (cgroup_reclaim(sc))
		return priority;
	for (int z = (int)sc->zone_lo; z <= (int)sc->reclaim_idx; z++) {
		const struct zone *zone = &lruvec->pgdat->node_zones[z];

		if (populated_zone(zone) && zone->prev_priority < priority)
			priority = zone->prev_priority;
	}
	return priority;
}

/*
 * calc_reclaim_mapped() (v2.6.25 shrink_active_list): mapped pages leave
 * the active list only when the "swap tendency" - half the mapped
 * percentage of memory, the distress of the scan priority (the zone's
 * prev_priority when lower: reclaim_mapped_priority), swappiness and the
 * active/inactive imbalance - reaches 100, or when the zone is near OOM
 * (3 x its LRU pages scanned since the last free).  The node stands in
 * for the zone in the page counts.
 */
static bool calc_reclaim_mapped(struct sim *sim, struct lruvec *lruvec,
				const struct scan_control *sc)
{
	struct pglist_data *pgdat = lruvec->pgdat;
	int priority = reclaim_mapped_priority(lruvec, sc);
	long active =
		node_page_state(pgdat, NR_ACTIVE_ANON) + node_page_state(pgdat, NR_ACTIVE_FILE);
	long inactive =
		node_page_state(pgdat, NR_INACTIVE_ANON) + node_page_state(pgdat, NR_INACTIVE_FILE);
	long swappiness = (long)sim->scn.sysctl.swappiness, total = 0;
	long mapped_ratio, swap_tendency, imbalance;
	u64 scanned = 0;

	for (int z = 0; z < MAX_NR_ZONES; z++) {
		total += (long)pgdat->node_zones[z].managed_pages;
		scanned += pgdat->node_zones[z].pages_scanned;
	}
	if (scanned >= 3 * (u64)(active + inactive))
		return true; /* zone_is_near_oom() */
	mapped_ratio =
		(node_page_state(pgdat, NR_FILE_MAPPED) + node_page_state(pgdat, NR_ANON_MAPPED)) *
		100 / (total ? total : 1);
	swap_tendency = mapped_ratio / 2 + (100 >> priority) + swappiness;
	imbalance = active / (inactive + 1) * (swappiness + 1) / 100 * mapped_ratio / 100;
	return swap_tendency + imbalance >= 100;
}

/*
 * shrink_active_list() before 2.6.28, second half: a mapped page stays
 * active while mapped pages are not being reclaimed, when it is anon and
 * there is no swap to put it in, or when it was referenced; an unmapped
 * one stays when PG_referenced was set.  The rest is deactivated.
 */
static bool active_keep_2_6_25(struct task *t, u32 pfn, bool reclaim_mapped)
{
	struct sim *sim = t->sim;
	struct page *page = pfn_to_page(sim, pfn);
	unsigned long vm_flags;

	if (!page->mapcount)
		return TestClearPageFlag(page, PG_referenced);
	if (!reclaim_mapped || (!sim->swap && PageFlag(page, PG_anon)))
		return true; /* kept without an rmap walk */
	return folio_referenced(t, pfn, &vm_flags);
}

/*
 * shrink_active_list()'s test from 2.6.28 on: whether a page stays active.
 * Every page's references are checked (and its young bits cleared), but
 * only a referenced page of an executable file mapping stays (v2.6.31+);
 * with vm_exec_activation = none (2.6.28..2.6.30) none does.
 */
static bool active_keep_exec(struct task *t, u32 pfn, bool file, bool *referenced)
{
	unsigned long vm_flags;

	*referenced = folio_referenced(t, pfn, &vm_flags);
	return *referenced && (vm_flags & VM_EXEC) && file &&
	       t->sim->scn.policy.vm_exec_activation != VM_EXEC_NONE;
}

/* PAGEVEC_SIZE of 2.6.28's include/linux/pagevec.h */
#define PAGEVEC_SIZE_2_6_28 14

/*
 * pagevec_swap_free() (v2.6.28..2.6.29): at the end of
 * shrink_active_list, with swap more than half full (vm_swap_full), the
 * pages still in its pagevec give back their slots
 * (remove_exclusive_swap_page_ref: only the swap cache holds the slot, the
 * page neither locked, nor under writeback, nor held by anyone else).  68a22394c286 meant it for
 * referenced pages that stayed active; 7e9cd484204 (also 2.6.28) stopped
 * that rotation and left it on the last partial pagevec of the
 * deactivated pages, @nr of them, until ad1c3544d0a (2.6.30) removed it.
 */
static void pagevec_swap_free(struct sim *sim, const u32 *pvec, unsigned int nr)
{
	if (!vm_swap_full(sim))
		return;
	for (unsigned int i = 0; i < nr; i++) {
		const struct page *page = pfn_to_page(sim, pvec[i]);

		/* another reclaimer's isolation holds a reference: the count test fails */
		if (PageFlag(page, PG_swapcache) && !PageFlag(page, PG_locked) &&
		    !PageFlag(page, PG_isolated))
			folio_free_swap(sim, pvec[i]);
	}
}

/*
 * shrink_active_list() (v6.12): isolate a batch and count PGREFILL; then
 * referenced executable file pages stay active and everything else is
 * deactivated, referenced or not.  The executable pages' exception came
 * with v2.6.31 (Wu Fengguang's "vmscan: make mapped executable pages the
 * first class citizen", 8cab4754d24a): with vm_exec_activation = none
 * (2.6.28..2.6.30) every page is deactivated, a referenced one counted as
 * rotated.  Before 2.6.28 the rules of active_keep_2_6_25() apply, with
 * the reclaim-mapped test made (when the reclaim may swap) before the
 * batch is taken, as 2.6.25's shrink_active_list makes it.
 * 2.6.28..2.6.29 then freed the slots of the last few deactivated pages
 * (reclaim_free_swap = pagevec_swap_free).
 */
void shrink_active_list(struct task *t, unsigned long nr_to_scan, struct lruvec *lruvec,
			struct scan_control *sc, enum lru_list lru)
{
	struct sim *sim = t->sim;
	bool file = is_file_lru(lru);
	bool old = single_lru(sim), reclaim_mapped;
	unsigned long nr_scanned, nr_taken, nr_rotated = 0, nr_deactivate = 0, nr = 0;
	struct isolated_folios *isol;
	u32 pvec[PAGEVEC_SIZE_2_6_28];
	unsigned int nr_pvec = 0;

	/* 2.6.25 weighs the lists before it takes its batch off them */
	reclaim_mapped = old && sc->may_swap && calc_reclaim_mapped(sim, lruvec, sc);
	lru_add_drain(sim, task_cpu(t));
	isol = isolated_init(t, lruvec, lru);
	nr_taken = isolate_lru_folios(t, nr_to_scan, lruvec, isol, &nr_scanned, sc, lru);
	if (!cgroup_reclaim(sc)) {
		count_vm_events(sim, PGREFILL, nr_scanned);
		count_zone_lru_event(lruvec->pgdat, sc->reclaim_idx, ZONE_PGREFILL, nr_scanned);
	}
	count_memcg_events(lruvec->memcg, PGREFILL, nr_scanned);
	if (!nr_taken) {
		mm_task(t)->reclaim.isolated = NULL;
		return;
	}
	cond_resched(t); /* the batch is off the LRU: others run */
	while (!pfn_list_empty(&isol->folio_list)) {
		u32 pfn = isol->folio_list.head;
		struct page *page = pfn_to_page(sim, pfn);
		bool referenced = false;

		pfn_list_del(sim, &isol->folio_list, pfn);
		charge_sys(t, sim->scn.cost.scan_page_ns / 2);
		nr++;
		if (folio_orphaned(page)) {
			ClearPageFlag(page, PG_isolated);
			free_unref_page(sim, pfn);
			continue;
		}
		if (old ? active_keep_2_6_25(t, pfn, reclaim_mapped) :
			  active_keep_exec(t, pfn, file, &referenced)) {
			nr_rotated += folio_nr_pages(page);
			putback_folio(sim, putback_lruvec(sim, isol, pfn), pfn);
			continue;
		}
		/* 2.6.28..5.7 counted every referenced page as rotated */
		if (referenced && !lru_balance_by_cost(sim))
			nr_rotated += folio_nr_pages(page);
		ClearPageFlag(page, PG_active);
		SetPageFlag(page, PG_workingset);
		putback_folio(sim, putback_lruvec(sim, isol, pfn), pfn);
		nr_deactivate += folio_nr_pages(page);
		/* 2.6.28's pagevec of deactivated pages, released when full */
		pvec[nr_pvec++ % PAGEVEC_SIZE_2_6_28] = pfn;
	}
	if (sim->scn.policy.reclaim_free_swap == RECLAIM_FREE_SWAP_PAGEVEC)
		pagevec_swap_free(sim, pvec, nr_pvec % PAGEVEC_SIZE_2_6_28);
	isolated_account(lruvec->pgdat, isol, -1);
	mm_task(t)->reclaim.isolated = NULL;
	/* move_folios_to_lru() under the lock, paid as shrink_inactive_list's putback */
	charge_sys(t, sim_lock_acquire(sim, &lruvec->lru_lock, task_now(t),
				       nr * sim->scn.cost.lru_lock_ns, t));
	charge_sys(t, nr * sim->scn.cost.lru_lock_ns);
	count_vm_events(sim, PGDEACTIVATE, nr_deactivate);
	count_memcg_events(lruvec->memcg, PGDEACTIVATE, nr_deactivate);
	if (!lru_balance_by_cost(sim)) {
		lruvec->recent_scanned[file] += nr_taken;
		lruvec->recent_rotated[file] += nr_rotated;
	} else if (nr_rotated) {
		lru_note_cost(lruvec, file, 0, nr_rotated);
	}
	cond_resched(t); /* the batch is back */
}

/* ---- get_scan_count ---- */

/*
 * prepare_scan_control() (v6.12): costs, which types may be deactivated,
 * cache_trim_mode and file_is_tiny, once per shrink_node().
 */
void prepare_scan_control(struct sim *sim, struct pglist_data *pgdat, struct scan_control *sc)
{
	struct mem_cgroup *target = sc->target_mem_cgroup ? sc->target_mem_cgroup : sim->memcgs[0];
	struct lruvec *target_lruvec = mem_cgroup_lruvec(target, pgdat);
	u64 refaults;

	sc->anon_cost = target_lruvec->anon_cost;
	sc->file_cost = target_lruvec->file_cost;
	if (sc->force_deactivate) {
		sc->may_deactivate = DEACTIVATE_ANON | DEACTIVATE_FILE;
	} else {
		refaults = memcg_state_hier(sim, target, pgdat, WORKINGSET_ACTIVATE_ANON);
		if (refaults != target_lruvec->refaults[0] ||
		    inactive_is_low_hier(sim, target, pgdat, LRU_INACTIVE_ANON))
			sc->may_deactivate |= DEACTIVATE_ANON;
		else
			sc->may_deactivate &= ~DEACTIVATE_ANON;
		refaults = memcg_state_hier(sim, target, pgdat, WORKINGSET_ACTIVATE_FILE);
		if (refaults != target_lruvec->refaults[1] ||
		    inactive_is_low_hier(sim, target, pgdat, LRU_INACTIVE_FILE))
			sc->may_deactivate |= DEACTIVATE_FILE;
		else
			sc->may_deactivate &= ~DEACTIVATE_FILE;
	}
	sc->cache_trim_mode =
		!sc->no_cache_trim_mode &&
		(lruvec_page_state_hier(sim, target, pgdat, LRU_INACTIVE_FILE) >> sc->priority) &&
		!(sc->may_deactivate & DEACTIVATE_FILE);
	sc->file_is_tiny = false;
	if (!cgroup_reclaim(sc)) {
		u64 free = 0, high = 0, file, anon;

		/* the whole node, whatever reclaim_idx is */
		for (int z = 0; z < MAX_NR_ZONES; z++) {
			struct zone *zone = &pgdat->node_zones[z];

			free += (u64)zone_page_state(zone, NR_FREE_PAGES);
			if (populated_zone(zone))
				high += high_wmark_pages(zone);
		}
		file = (u64)(node_page_state(pgdat, NR_ACTIVE_FILE) +
			     node_page_state(pgdat, NR_INACTIVE_FILE));
		anon = (u64)node_page_state(pgdat, NR_INACTIVE_ANON);
		sc->file_is_tiny = file + free <= high && !(sc->may_deactivate & DEACTIVATE_ANON) &&
				   (anon >> sc->priority);
	}
}

/*
 * Before v4.11: are all of @pgdat's zones up to @reclaim_idx marked
 * all_unreclaimable?  shrink_zones() then skips them below DEF_PRIORITY,
 * and kswapd gives up on the node.
 */
static bool node_all_unreclaimable(struct sim *sim, struct pglist_data *pgdat,
				   enum zone_type reclaim_idx)
{
	if (!sim->scn.policy.all_unreclaimable)
		return false;
	for (int z = 0; z <= (int)reclaim_idx; z++) {
		struct zone *zone = &pgdat->node_zones[z];

		if (populated_zone(zone) && !zone->all_unreclaimable)
			return false;
	}
	return true;
}

/*
 * Does kswapd give up on @pgdat, to sleep or end its balance, because its
 * zones up to @reclaim_idx are all_unreclaimable?  Zone-based kswapd
 * (2.6.x..4.7, and the 3.10 profile's node balance standing in for it)
 * does: its pgdat_balanced counts a zone given up on as balanced.
 * 4.8..4.10's node-based kswapd (zone_unreclaimable = pgdat_reclaimable)
 * does not: its prepare_kswapd_sleep and balance_pgdat test the
 * watermarks only, and pgdat_reclaimable decides only direct reclaim's
 * skip and kswapd's may_writepage and force_scan (read in 4.10.17), so a
 * node below its high watermark with nothing to reclaim keeps kswapd
 * balancing it at 100 % CPU (Johannes Weiner's 4.11 fix, c73322d098e4).
 */
static bool kswapd_node_unreclaimable(struct sim *sim, struct pglist_data *pgdat,
				      enum zone_type reclaim_idx)
{
	return !sim->scn.policy.pgdat_reclaimable &&
	       node_all_unreclaimable(sim, pgdat, reclaim_idx);
}

/*
 * get_scan_count()'s force_scan (v3.1 246e87a93934 "memcg: fix
 * get_scan_count() for small targets" .. v4.11; read in 3.10.105, 4.10.17
 * and 4.12, which has only v6.12's offline-group rule): a list too small
 * to give a page at this priority is scanned for up to SWAP_CLUSTER_MAX
 * pages all the same when reclaim is for a memcg, whose priority drops
 * cost latency, or when kswapd works a zone already marked
 * all_unreclaimable (3.10; 4.x's !zone_reclaimable / !pgdat_reclaimable
 * is the same test), which must still scan something to balance.
 */
static bool get_scan_force(struct sim *sim, struct lruvec *lruvec, const struct scan_control *sc)
{
	if (!sim->scn.policy.force_scan)
		return false;
	if (cgroup_reclaim(sc))
		return true;
	if (!sc->kswapd)
		return false;
	if (sim->scn.policy.zone_reclaim)
		return lruvec->pgdat->node_zones[sc->reclaim_idx].all_unreclaimable;
	return node_all_unreclaimable(sim, lruvec->pgdat, sc->reclaim_idx);
}

/*
 * get_lru_size() as get_scan_count reads it: @lru's pages in the zones
 * reclaim may take from, or the zone's own lists alone when a 3.x
 * zone-by-zone pass (sc->zone_lo) shrinks one zone.
 */
static u64 scan_lru_size(struct lruvec *lruvec, int lru, const struct scan_control *sc)
{
	u64 size = lruvec_lru_size(lruvec, lru, (int)sc->reclaim_idx);

	if (sc->zone_lo)
		size -= lruvec_lru_size(lruvec, lru, (int)sc->zone_lo - 1);
	return size;
}

/*
 * get_scan_count()'s anon/file split before v5.8 (lru_balance =
 * rotated_*; read in 2.6.28, 2.6.32 and 3.10.105): each type's pressure
 * is its priority (@anon_prio for anon, 200 + 2 x plus_one less it for
 * file: swappiness + 1 and 200 - swappiness + 1 before 3.5) times the
 * pages of that type the lruvec's reclaim recently scanned over those it
 * found referenced, each pair halved first once its scans pass a quarter
 * of the type's lists (the stat decays where it is read).  2.6.34's
 * 76a33fc380c9 turned get_scan_ratio's whole percentages (anon's rounded
 * down, file the rest) into these fractions.  Fills @fraction and returns
 * the denominator.
 */
static u64 reclaim_stat_fraction(struct sim *sim, struct lruvec *lruvec,
				 const struct scan_control *sc, u64 anon_prio, u64 *fraction)
{
	u64 file_prio = MAX_SWAPPINESS + 2 * sim->scn.policy.swappiness_plus_one - anon_prio;
	u64 size[2] = { 0, 0 }, ap, fp;

	for (int lru = 0; lru < NR_EVICTABLE_LRU; lru++)
		size[is_file_lru(lru)] += scan_lru_size(lruvec, lru, sc);
	for (int file = 0; file < 2; file++) {
		if (lruvec->recent_scanned[file] > size[file] / 4) {
			lruvec->recent_scanned[file] /= 2;
			lruvec->recent_rotated[file] /= 2;
		}
	}
	ap = anon_prio * (lruvec->recent_scanned[0] + 1) / (lruvec->recent_rotated[0] + 1);
	fp = file_prio * (lruvec->recent_scanned[1] + 1) / (lruvec->recent_rotated[1] + 1);
	if (sim->scn.policy.lru_balance == LRU_BALANCE_ROTATED_PERCENT) {
		fraction[0] = 100 * ap / (ap + fp + 1);
		fraction[1] = 100 - fraction[0];
		return 100;
	}
	fraction[0] = ap;
	fraction[1] = fp;
	return ap + fp + 1;
}

/*
 * get_scan_count() (v6.12): how many pages of each list to scan at this
 * priority: size >> priority, split between anon and file by swappiness
 * and the recent reclaim cost of each (SCAN_FRACT), or all one type.
 * Before 3.5 (swappiness_zero = some_anon, v3.4 get_scan_count) each
 * weight was its priority + 1 and priority 0 scanned every list whole,
 * so swappiness 0 still swapped with page cache left.  With scan_batch =
 * saved (2.6.35 nr_scan_try_batch) a list's count short of
 * SWAP_CLUSTER_MAX is not scanned but saved (per zone, in the zone's or
 * the memcg's reclaim_stat) and added to the next count of that list.
 */
noinline void get_scan_count(struct sim *sim, struct lruvec *lruvec, struct scan_control *sc,
			     unsigned long *nr)
{
	int swappiness = mem_cgroup_swappiness(sim, lruvec->memcg);
	u64 plus_one = sim->scn.policy.swappiness_plus_one;
	u64 fraction[2] = { 0, 0 }, denominator = 1;
	bool force_scan = get_scan_force(sim, lruvec, sc);
	enum scan_balance scan_balance;

	if (single_lru(sim)) {
		/*
		 * One LRU for anon and file before 2.6.28: every page is
		 * scanned in turn, anon too when there is no swap (it is
		 * activated when add_to_swap fails), and counts towards
		 * all_unreclaimable.
		 */
		scan_balance = SCAN_EQUAL;
	} else if (!sc->may_swap || !can_reclaim_anon_pages(sim)) {
		scan_balance = SCAN_FILE;
	} else if (cgroup_reclaim(sc) && !sim->scn.policy.memcg_reclaim_stat) {
		/*
		 * 2.6.28 memcg reclaim (memcg_reclaim_stat = off): every list
		 * by size >> priority, no ratio
		 */
		scan_balance = SCAN_EQUAL;
	} else if (cgroup_reclaim(sc) && !swappiness && !plus_one) {
		scan_balance = SCAN_FILE;
	} else if (!sc->priority && (swappiness || plus_one)) {
		scan_balance = SCAN_EQUAL;
	} else if (sc->file_is_tiny) {
		scan_balance = SCAN_ANON;
	} else if (sc->cache_trim_mode) {
		scan_balance = SCAN_FILE;
	} else if (!lru_balance_by_cost(sim)) {
		denominator =
			reclaim_stat_fraction(sim, lruvec, sc, swappiness + plus_one, fraction);
		scan_balance = SCAN_FRACT;
	} else {
		u64 total_cost = sc->anon_cost + sc->file_cost;
		u64 anon_cost = total_cost + sc->anon_cost;
		u64 file_cost = total_cost + sc->file_cost;
		u64 ap, fp;

		total_cost = anon_cost + file_cost;
		ap = ((u64)swappiness + plus_one) * (total_cost + 1) / (anon_cost + 1);
		fp = ((u64)(MAX_SWAPPINESS - swappiness) + plus_one) * (total_cost + 1) /
		     (file_cost + 1);
		fraction[0] = ap;
		fraction[1] = fp;
		denominator = ap + fp;
		scan_balance = SCAN_FRACT;
	}
	for (int lru = 0; lru < NR_EVICTABLE_LRU; lru++) {
		bool file = is_file_lru(lru);
		u64 lruvec_size = scan_lru_size(lruvec, lru, sc);
		u64 scan = lruvec_size;
		unsigned long min, low;

		mem_cgroup_protection(sc->target_mem_cgroup ? sc->target_mem_cgroup :
							      sim->memcgs[0],
				      lruvec->memcg, &min, &low);
		if (min || low) {
			/*
			 * Scale the pressure on a protected group by how far
			 * its usage exceeds the protection: memory.low while
			 * it is respected (and then a retry ignoring it is
			 * owed), else memory.min; at least SWAP_CLUSTER_MAX
			 * so that reclaim moves on.
			 */
			u64 cgroup_size = lruvec->memcg->memory.usage, protection;

			if (!sc->memcg_low_reclaim && low > min) {
				protection = low;
				sc->memcg_low_skipped = true;
			} else {
				protection = min;
			}
			cgroup_size = max_u64(cgroup_size, protection);
			scan = lruvec_size - lruvec_size * protection / (cgroup_size + 1);
			scan = max_u64(scan, SWAP_CLUSTER_MAX);
		}
		scan >>= sc->priority;
		if (!scan && force_scan)
			scan = min_u64(lruvec_size, SWAP_CLUSTER_MAX);
		switch (scan_balance) {
		case SCAN_EQUAL:
			break;
		case SCAN_FRACT:
			scan = denominator ? scan * fraction[file] / denominator : 0;
			break;
		case SCAN_FILE:
		case SCAN_ANON:
			if ((scan_balance == SCAN_FILE) != file)
				scan = 0;
			break;
		}
		if (sim->scn.policy.scan_try_batch) {
			u64 *saved = &lruvec->nr_saved_scan[sc->reclaim_idx][lru];

			*saved += scan;
			scan = *saved >= SWAP_CLUSTER_MAX ? *saved : 0;
			if (scan)
				*saved = 0;
		}
		nr[lru] = (unsigned long)scan;
	}
}

/* ---- shrink_lruvec, shrink_node, shrink_zones ---- */

/*
 * The end of one round over the four lists in shrink_lruvec(): once the
 * lruvec has given nr_to_reclaim (and reclaim is not proportional), stop
 * scanning the type with less left and scale the other down to the same
 * completed fraction.  Returns false when shrink_lruvec should stop.
 */
static bool shrink_lruvec_round_end(unsigned long *nr, const unsigned long *targets,
				    unsigned long nr_reclaimed, unsigned long nr_to_reclaim,
				    bool proportional_reclaim)
{
	unsigned long nr_file, nr_anon, percentage;
	enum lru_list lru;

	if (nr_reclaimed < nr_to_reclaim || proportional_reclaim)
		return true;
	nr_file = nr[LRU_INACTIVE_FILE] + nr[LRU_ACTIVE_FILE];
	nr_anon = nr[LRU_INACTIVE_ANON] + nr[LRU_ACTIVE_ANON];
	if (!nr_file || !nr_anon)
		return false;
	if (nr_file > nr_anon) {
		unsigned long scan_target =
			targets[LRU_INACTIVE_ANON] + targets[LRU_ACTIVE_ANON] + 1;

		lru = LRU_INACTIVE_ANON;
		percentage = nr_anon * 100 / scan_target;
	} else {
		unsigned long scan_target =
			targets[LRU_INACTIVE_FILE] + targets[LRU_ACTIVE_FILE] + 1;

		lru = LRU_INACTIVE_FILE;
		percentage = nr_file * 100 / scan_target;
	}
	nr[lru] = 0;
	nr[lru + LRU_ACTIVE] = 0;
	lru = (lru == LRU_INACTIVE_FILE) ? LRU_INACTIVE_ANON : LRU_INACTIVE_FILE;
	for (int l = (int)lru; l <= (int)lru + LRU_ACTIVE; l++) {
		unsigned long done = targets[l] - nr[l];
		unsigned long want = targets[l] * (100 - percentage) / 100;

		nr[l] = want > done ? want - done : 0;
	}
	return true;
}

/*
 * shrink_list() (v6.12): an active list is aged only when deactivation
 * of its type is allowed; an inactive one is shrunk.
 */
static unsigned long shrink_list(struct task *t, enum lru_list lru, unsigned long nr_to_scan,
				 struct lruvec *lruvec, struct scan_control *sc)
{
	if (is_active_lru(lru)) {
		unsigned int bit = is_file_lru(lru) ? DEACTIVATE_FILE : DEACTIVATE_ANON;

		if (sc->may_deactivate & bit)
			shrink_active_list(t, nr_to_scan, lruvec, sc, lru);
		else
			sc->skipped_deactivate = true;
		return 0;
	}
	return shrink_inactive_list(t, nr_to_scan, lruvec, sc, lru);
}

/*
 * shrink_lruvec() (v6.12): scan each list SWAP_CLUSTER_MAX pages at a time
 * in turn until get_scan_count's targets are met (or scaled down once
 * nr_to_reclaim is), then age the anon list if swap could use it.
 * Proportional reclaim for global direct reclaim at DEF_PRIORITY, and
 * for every reclaim before 2.6.29 (shrink_bail = none: shrink_zone had no
 * bail-out).  Before 2.6.28 shrink_zone() ran while either list had a scan
 * left.  The scans
 * run plugged (v3.0 "vmscan: add block plug for page reclaim", in
 * shrink_zone then): the swap-outs and writes of a round's batches gather
 * in the task's plug, merged, until it ends or the reclaimer sleeps.
 */
static void shrink_lruvec(struct task *t, struct lruvec *lruvec, struct scan_control *sc)
{
	struct sim *sim = t->sim;
	unsigned long nr[NR_LRU_LISTS] = { 0 }, targets[NR_LRU_LISTS];
	unsigned long nr_reclaimed = 0;
	/* before 2.6.29 (shrink_bail = none) no shrink stops early */
	bool proportional_reclaim =
		(!cgroup_reclaim(sc) && !sc->kswapd && sc->priority == DEF_PRIORITY) ||
		sim->scn.policy.shrink_no_bail;

	get_scan_count(sim, lruvec, sc, nr);
	/* a group with nothing to scan still costs get_scan_count and the list tests */
	if (!nr[LRU_INACTIVE_ANON] && !nr[LRU_ACTIVE_ANON] && !nr[LRU_INACTIVE_FILE] &&
	    !nr[LRU_ACTIVE_FILE])
		charge_sys(t, sim->scn.cost.empty_lruvec_ns);
	memcpy(targets, nr, sizeof(targets));
	blk_start_plug(sim, &mm_task(t)->plug);
	do {
		for (int lru = 0; lru < NR_EVICTABLE_LRU; lru++) {
			unsigned long nr_to_scan;

			if (!nr[LRU_INACTIVE_ANON] && !nr[LRU_ACTIVE_FILE] &&
			    !nr[LRU_INACTIVE_FILE] && !(single_lru(sim) && nr[LRU_ACTIVE_ANON]))
				goto age_anon;
			if (!nr[lru])
				continue;
			nr_to_scan = nr[lru] < SWAP_CLUSTER_MAX ? nr[lru] : SWAP_CLUSTER_MAX;
			nr[lru] -= nr_to_scan;
			nr_reclaimed += shrink_list(t, (enum lru_list)lru, nr_to_scan, lruvec, sc);
		}
	} while (shrink_lruvec_round_end(nr, targets, nr_reclaimed, sc->nr_to_reclaim,
					 proportional_reclaim));
age_anon:
	blk_finish_plug(sim, &mm_task(t)->plug, task_now(t));
	sc->nr_reclaimed += nr_reclaimed;
	if (can_age_anon_pages(sim) && inactive_is_low(sim, lruvec, LRU_INACTIVE_ANON))
		shrink_active_list(t, SWAP_CLUSTER_MAX, lruvec, sc, LRU_ACTIVE_ANON);
	/*
	 * 2.6.x..4.10: the shrink of one group's lists ends with it
	 * (2.6.x shrink_zone, 3.10..4.7 shrink_lruvec, 4.8..4.10
	 * shrink_node_memcg), so a memcg walk may nap once per group
	 */
	if (sim->scn.policy.throttle_vm_writeout)
		throttle_vm_writeout(t, sc->kswapd ? GFP_KERNEL : mm_task(t)->alloc_gfp);
}

/*
 * shrink_node_memcgs() (v6.12): direct and limit reclaim walk the memcg
 * tree partially, resuming where the last reclaimer stopped (the reclaim
 * cookie of mem_cgroup_iter) and stopping once nr_to_reclaim is met;
 * kswapd and the memcg_full_walk retry visit every memcg.  Groups within
 * their effective memory.min are skipped; those within memory.low too,
 * unless this is the memcg_low_reclaim pass (which counts a MEMCG_LOW
 * event for each).  Each group the walk visits below its root costs
 * memcg_iter_ns: the kernel takes no reference on the walk's root, whose
 * structures shrink_node has just read, but one on every other group,
 * whose structures are cold.
 *
 * zone_reclaim (3.x shrink_zone): every reclaimer, kswapd too, shares the
 * cursor, and global reclaim never leaves a round early.  @soft: the soft
 * limit rework's first pass, over the eligible groups only (__shrink_zone
 * with soft_reclaim; the v5 iterator filters them).  Returns the groups
 * the walk shrank.
 */
static unsigned int __shrink_node_memcgs(struct task *t, struct pglist_data *pgdat,
					 struct scan_control *sc, bool soft)
{
	struct sim *sim = t->sim;
	struct mem_cgroup *target = sc->target_mem_cgroup;
	struct mem_cgroup *walk_root = target ? target : sim->memcgs[0];
	struct mem_cgroup_reclaim_cookie reclaim = { .pgdat = pgdat };
	struct mem_cgroup_reclaim_cookie *partial = &reclaim;
	bool zone_reclaim = sim->scn.policy.zone_reclaim;
	bool skip = soft && sim->scn.policy.soft_limit_reclaim == SOFT_LIMIT_INTEGRATED_SKIP;
	struct mem_cgroup *memcg;
	unsigned int visited = 0;
	bool protectable;

	if ((sc->kswapd && !zone_reclaim) || sc->memcg_full_walk)
		partial = NULL;
	memcg = skip ? mem_cgroup_iter_cond(t, target, NULL, partial,
					    mem_cgroup_soft_reclaim_filter) :
		       mem_cgroup_iter(sim, target, NULL, partial);
	for (; memcg; memcg = skip ? mem_cgroup_iter_cond(t, target, memcg, partial,
							  mem_cgroup_soft_reclaim_filter) :
				     mem_cgroup_iter(sim, target, memcg, partial)) {
		if (memcg != walk_root)
			charge_sys(t, sim->scn.cost.memcg_iter_ns);
		if (soft && !skip && !mem_cgroup_soft_reclaim_eligible(t, memcg))
			continue;
		mem_cgroup_calculate_protection(sim, target, memcg);
		/* before 45c7f7e1ef17 a group using nothing was never protected */
		protectable = memcg->memory.usage || sim->scn.policy.empty_memcg_protected;
		if (protectable && mem_cgroup_below_min(target, memcg))
			continue; /* hard protection: if nothing else is reclaimable, OOM */
		if (protectable && mem_cgroup_below_low(target, memcg)) {
			/* soft protection: only while others have reclaimable memory */
			if (!sc->memcg_low_reclaim) {
				sc->memcg_low_skipped = true;
				continue;
			}
			memcg_memory_event(sim, memcg, MEMCG_LOW);
		}
		visited++;
		shrink_lruvec(t, mem_cgroup_lruvec(memcg, pgdat), sc);
		/* v6.18 shrink_node_memcgs: shrink_slab(), each group in turn */
		if (sim->scn.policy.shadow_shrinker == SHADOW_SHRINKER_LRUVEC)
			shrink_shadow_nodes(sim, mem_cgroup_lruvec(memcg, pgdat), sc->priority, 0,
					    0);
		if (partial && sc->nr_reclaimed >= sc->nr_to_reclaim &&
		    !(zone_reclaim && !cgroup_reclaim(sc)))
			break; /* mem_cgroup_iter_break: the cursor stays */
	}
	return visited;
}

/*
 * The 2013 soft limit rework's shrink_zone (v3 patch 1; v5 patches 6 and
 * 8 with integrated_skip): for global reclaim a first pass over the
 * groups eligible by their soft limits, then, if it scanned nothing, the
 * pass over all groups.  v5 skips the first pass when the root's filter
 * says SKIP_TREE (no group in excess), and runs it a second time when it
 * visited no group (another reclaimer had finished the shared round).
 */
static void shrink_node_memcgs(struct task *t, struct pglist_data *pgdat, struct scan_control *sc)
{
	enum soft_limit_reclaim_policy policy = t->sim->scn.policy.soft_limit_reclaim;
	bool soft = !cgroup_reclaim(sc) &&
		    (policy == SOFT_LIMIT_INTEGRATED || policy == SOFT_LIMIT_INTEGRATED_SKIP);

	if (soft && policy == SOFT_LIMIT_INTEGRATED_SKIP &&
	    mem_cgroup_soft_reclaim_filter(t, t->sim->memcgs[0], t->sim->memcgs[0]) ==
		    MEMCG_SKIP_TREE)
		soft = false;
	if (soft) {
		unsigned long nr_scanned = sc->nr_scanned;

		if (!__shrink_node_memcgs(t, pgdat, sc, true) &&
		    policy == SOFT_LIMIT_INTEGRATED_SKIP)
			__shrink_node_memcgs(t, pgdat, sc, true);
		if (sc->nr_scanned != nr_scanned)
			return;
	}
	__shrink_node_memcgs(t, pgdat, sc, false);
}

/*
 * set_lumpy_reclaim_mode() (v2.6.35, at the start of each shrink_zone):
 * lumpy mode for orders above PAGE_ALLOC_COSTLY_ORDER, and (2.6.28+) for
 * any higher order once the priority has fallen below DEF_PRIORITY - 2.
 */
static void set_lumpy_reclaim_mode(struct sim *sim, struct scan_control *sc)
{
	enum lumpy_reclaim_policy lumpy = sim->scn.policy.lumpy_reclaim;

	sc->lumpy_reclaim_mode =
		lumpy != LUMPY_RECLAIM_OFF &&
		(sc->order > PAGE_ALLOC_COSTLY_ORDER ||
		 (lumpy == LUMPY_RECLAIM_ON && sc->order && sc->priority < DEF_PRIORITY - 2));
}

/* the evictable LRU pages of @lruvec and its descendants (v4.2 get_scan_count's lru_pages) */
static u64 lruvec_evictable_pages(const struct lruvec *lruvec)
{
	u64 pages = 0;

	for (int l = 0; l < NR_EVICTABLE_LRU; l++)
		pages += lruvec->nr_pages_hier[l];
	return pages;
}

/*
 * shrink_node() (v6.12): prepare_scan_control, the memcg walk; then
 * kswapd flags the node as having writeback or dirty pages at the LRU
 * tail and throttles when it met pages it had already marked for
 * immediate reclaim; any progress resets kswapd_failures.
 */
static void shrink_node(struct task *t, struct pglist_data *pgdat, struct scan_control *sc)
{
	unsigned long nr_reclaimed = sc->nr_reclaimed;
	unsigned long nr_scanned = sc->nr_scanned;

	/* walking the node's memcgs and lists costs something even when
	 * there is nothing to scan: no reclaim loop is free of time */
	charge_sys(t, t->sim->scn.cost.scan_page_ns);
	prepare_scan_control(t->sim, pgdat, sc);
	set_lumpy_reclaim_mode(t->sim, sc);
	memset(&sc->nr, 0, sizeof(sc->nr));
	shrink_node_memcgs(t, pgdat, sc);
	/*
	 * v3.15..4.18 shrink_zone(): global reclaim shrinks the node's slab
	 * in the share of its LRU pages the walk scanned
	 */
	if (t->sim->scn.policy.shadow_shrinker == SHADOW_SHRINKER_NODE_PRESENT &&
	    !cgroup_reclaim(sc))
		shrink_shadow_nodes(
			t->sim, mem_cgroup_lruvec(t->sim->memcgs[0], pgdat), sc->priority,
			sc->nr_scanned - nr_scanned,
			lruvec_evictable_pages(mem_cgroup_lruvec(t->sim->memcgs[0], pgdat)));
	if (sc->kswapd) {
		if (sc->nr.writeback && sc->nr.writeback == sc->nr.taken)
			pgdat->flags |= 1UL << PGDAT_WRITEBACK;
		if (sc->nr.unqueued_dirty && sc->nr.unqueued_dirty == sc->nr.file_taken)
			pgdat->flags |= 1UL << PGDAT_DIRTY;
		if (sc->nr.immediate)
			reclaim_throttle(t, pgdat, VMSCAN_THROTTLE_WRITEBACK);
	}
	if (sc->nr_reclaimed > nr_reclaimed)
		pgdat->kswapd_failures = 0;
}

/*
 * The LRU pages of the zones up to @reclaim_idx, on every node: the
 * lru_pages shrink_slab weighs the scan against (2.6.x..3.x
 * do_try_to_free_pages and balance_pgdat: zone_reclaimable_pages).
 */
static u64 slab_lru_pages(struct sim *sim, const struct pglist_data *only,
			  enum zone_type reclaim_idx)
{
	u64 pages = 0;

	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		struct pglist_data *pgdat = &sim->nodes[n];

		if (only && pgdat != only)
			continue;
		for (int z = 0; z <= (int)reclaim_idx; z++)
			if (populated_zone(&pgdat->node_zones[z]))
				pages += zone_reclaimable_pages(sim, &pgdat->node_zones[z]);
	}
	return pages;
}

/*
 * reclaim's shrink_slab with the kernel's reclaim_state (2.6.x..4.x
 * do_try_to_free_pages, balance_pgdat and shrink_node): the slab pages
 * freed count as reclaimed (sc->nr_reclaimed += reclaimed_slab).
 * Returns the objects freed.
 */
static unsigned long reclaim_shrink_slab(struct task *t, struct scan_control *sc,
					 unsigned long nr_scanned, u64 lru_pages)
{
	u64 reclaimed_slab = 0;
	unsigned long nr_slab = shrink_slab(t, nr_scanned, lru_pages, &reclaimed_slab);

	sc->nr_reclaimed += reclaimed_slab;
	return nr_slab;
}

/*
 * 2.6.x balance_pgdat(): kswapd marks a zone all_unreclaimable once its
 * pages_scanned (every page any reclaimer scanned since pages were last
 * freed into the zone) reaches six times its reclaimable pages:
 * zone_reclaimable_pages() (v2.6.32..4.10: anon only while swap has
 * room), or with all_unreclaimable_lru every LRU page (2.6.25, 2.6.28).
 * Without swap space a zone of anon pages alone is marked at once, so
 * direct reclaim reports no progress and the allocator goes OOM.  Not a
 * zone whose shrink_slab freed objects (@slab_freed[z]; NULL: none ran):
 * balance_pgdat's `nr_slab == 0 && !zone_reclaimable(zone)`.
 */
static void mark_all_unreclaimable(struct sim *sim, struct pglist_data *pgdat,
				   enum zone_type reclaim_idx, const bool *slab_freed)
{
	for (int z = 0; z <= (int)reclaim_idx; z++) {
		struct zone *zone = &pgdat->node_zones[z];
		u64 lru = 0;

		if (!populated_zone(zone) || zone->all_unreclaimable ||
		    (slab_freed && slab_freed[z]))
			continue;
		if (sim->scn.policy.all_unreclaimable_lru) {
			for (int l = 0; l < NR_EVICTABLE_LRU; l++)
				lru += (u64)zone->vm_stat[NR_ZONE_LRU_BASE + l];
		} else {
			lru = zone_reclaimable_pages(sim, zone);
		}
		if (zone->pages_scanned >= 6 * lru)
			zone->all_unreclaimable = true;
	}
}

/* ---- the 2008 limit on parallel reclaimers (policy reclaim_throttle) ---- */

/*
 * try_to_free_pages_throttled() (KOSAKI Motohiro, linux-mm, Feb 2008,
 * 2.6.25-rc; not merged): at most 2 x nodes-with-memory tasks reclaim at
 * once (policy global), or one per node (per_zone, the reviewers' variant:
 * one per zone, so one per node can run).  The others sleep; every exit
 * wakes them all.
 */
static unsigned int *throttle_counter(struct task *t, unsigned int *limit)
{
	struct sim *sim = t->sim;

	if (sim->scn.policy.reclaim_throttle == RECLAIM_THROTTLE_GLOBAL) {
		*limit = 2 * sim->nr_nodes;
		return &sim->throttle_reclaimers;
	}
	*limit = 1;
	return &task_node(t)->throttle_reclaimers;
}

/*
 * After a wait longer than HZ the patch skips reclaim when the machine
 * has plenty free: any zone of the zonelist meets 4 x its high watermark.
 * For memcg limit reclaim the reviewers asked for the memcg's own test:
 * its margin to the limit already covers what this reclaim wanted.
 */
static bool throttle_skip_reclaim(struct task *t, struct scan_control *sc)
{
	struct sim *sim = t->sim;

	if (task_now(t) - mm_task(t)->reclaim.start_ns <= NSEC_PER_SEC)
		return false;
	if (sc->target_mem_cgroup)
		return mem_cgroup_margin(sc->target_mem_cgroup) >= sc->nr_to_reclaim;
	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		for (int z = (int)sc->reclaim_idx; z >= 0; z--) {
			struct zone *zone = &sim->nodes[n].node_zones[z];

			if (populated_zone(zone) &&
			    wmark_ok(sim, zone, (unsigned int)sc->order, 4 * high_wmark_pages(zone),
				     sc->reclaim_idx, 0))
				return true;
		}
	}
	return false;
}

/* Take a reclaim slot, sleeping until one is free. */
static void reclaim_throttle_enter(struct task *t)
{
	unsigned int limit, *count;

	while (*(count = throttle_counter(t, &limit)) >= limit)
		schedule_timeout(t, &t->sim->throttle_wait, 0);
	(*count)++;
	mm_task(t)->reclaim.throttle_slot = count;
}

/* Give the slot back and wake every waiter (wake_up_all in the patch). */
void reclaim_throttle_exit(struct task *t)
{
	if (!mm_task(t)->reclaim.throttle_slot)
		return;
	(*mm_task(t)->reclaim.throttle_slot)--;
	mm_task(t)->reclaim.throttle_slot = NULL;
	wake_up_all(t->sim, &t->sim->throttle_wait);
}

/*
 * try_to_free_pages() or try_to_free_mem_cgroup_pages() returns: the
 * figures of seed 000's table (time in it, throttle wait included; pages
 * beyond nr_to_reclaim), and it is no longer among the parallel
 * reclaimers.  The seed's debug counters sat in
 * try_to_free_pages_throttled(), which wraps both.
 */
static void direct_reclaim_figures(struct task *t, const struct scan_control *sc)
{
	struct task_reclaim *tr = &mm_task(t)->reclaim;
	struct reclaim_figures *fig = &t->sim->reclaim;
	u64 took = task_now(t) - tr->start_ns;

	if (tr->counted)
		fig->nr_reclaimers--;
	tr->counted = false;
	if (took > fig->max_try_to_free_pages_ns)
		fig->max_try_to_free_pages_ns = took;
	if (sc->nr_reclaimed > sc->nr_to_reclaim)
		fig->overreclaim_pages += sc->nr_reclaimed - sc->nr_to_reclaim;
}

/* A direct or limit reclaimer is now inside do_try_to_free_pages: the seed's figure. */
static void count_reclaimer(struct task *t)
{
	struct reclaim_figures *fig = &t->sim->reclaim;

	if (mm_task(t)->reclaim.counted)
		return;
	mm_task(t)->reclaim.counted = true;
	if (++fig->nr_reclaimers > fig->max_parallel_reclaimers)
		fig->max_parallel_reclaimers = fig->nr_reclaimers;
}

/*
 * consider_reclaim_throttle() (v6.12): a pass that reclaimed more than an
 * eighth of what it scanned wakes NOPROGRESS sleepers; global direct
 * reclaim with nothing reclaimed at priority 1 sleeps a jiffy.  In
 * 5.16-rc1..rc7 (noprogress_throttle = half_second) every pass below
 * DEF_PRIORITY - 2 that did not reclaim an eighth slept, memcg reclaim's
 * too, HZ/2 each: near OOM a task slept ~5 s per reclaim attempt
 * (Alexey Avramov's `tail /dev/zero` ran 10 minutes without an OOM kill).
 */
static void consider_reclaim_throttle(struct task *t, struct pglist_data *pgdat,
				      struct scan_control *sc)
{
	if (sc->nr_reclaimed > (sc->nr_scanned >> 3)) {
		wake_up_all(t->sim, &pgdat->reclaim_wait[VMSCAN_THROTTLE_NOPROGRESS]);
		return;
	}
	if (sc->kswapd)
		return;
	if (t->sim->scn.policy.noprogress_half_second) {
		if (sc->priority < DEF_PRIORITY - 2)
			reclaim_throttle(t, pgdat, VMSCAN_THROTTLE_NOPROGRESS);
		return;
	}
	if (cgroup_reclaim(sc))
		return;
	if (sc->priority == 1 && !sc->nr_reclaimed)
		reclaim_throttle(t, pgdat, VMSCAN_THROTTLE_NOPROGRESS);
}

/*
 * snapshot_refaults() (v6.12): remember @target's activations on @pgdat,
 * for prepare_scan_control to tell new refaults (which may deactivate the
 * active lists) from old ones.  Direct reclaim takes it for each node of
 * its zonelist (the model: every node), kswapd for its node at the end of
 * balance_pgdat.
 */
static void snapshot_refaults(struct sim *sim, struct mem_cgroup *target, struct pglist_data *pgdat)
{
	struct lruvec *lruvec;

	if (!target)
		target = sim->memcgs[0];
	lruvec = mem_cgroup_lruvec(target, pgdat);
	lruvec->refaults[0] = memcg_state_hier(sim, target, pgdat, WORKINGSET_ACTIVATE_ANON);
	lruvec->refaults[1] = memcg_state_hier(sim, target, pgdat, WORKINGSET_ACTIVATE_FILE);
}

static void snapshot_refaults_all(struct sim *sim, struct mem_cgroup *target)
{
	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		snapshot_refaults(sim, target, &sim->nodes[n]);
}

/*
 * shrink_zone() (2.6.x..4.7, zone_reclaim): shrink_node restricted to
 * zone @zid: the scan targets count the zone's pages and isolation takes
 * from the zone's own lists (lruvec_list).
 */
static void shrink_zone(struct task *t, struct pglist_data *pgdat, enum zone_type zid,
			struct scan_control *sc)
{
	enum zone_type reclaim_idx = sc->reclaim_idx;

	sc->reclaim_idx = zid;
	sc->zone_lo = zid;
	shrink_node(t, pgdat, sc);
	sc->reclaim_idx = reclaim_idx;
	sc->zone_lo = 0;
}

/*
 * The soft-limit reclaim of global reclaim (soft_limit_reclaim = tree;
 * v3.10 shrink_zones and balance_pgdat, memcg1_soft_limit_reclaim in
 * v6.12): the pages reclaimed count for the caller; the pages scanned too
 * when @scanned is not NULL (direct reclaim; kswapd drops them).
 */
static void soft_limit_reclaim(struct task *t, struct pglist_data *pgdat, enum zone_type zid,
			       struct scan_control *sc, unsigned long *scanned)
{
	unsigned long nr_soft_scanned = 0;

	if (cgroup_reclaim(sc) || t->sim->scn.policy.soft_limit_reclaim != SOFT_LIMIT_TREE)
		return;
	sc->nr_reclaimed +=
		mem_cgroup_soft_limit_reclaim(t, pgdat, zid, sc->order, &nr_soft_scanned);
	if (scanned)
		*scanned += nr_soft_scanned;
}

/*
 * shrink_zones() (v6.12): the zonelist's zones up to reclaim_idx, a
 * node shrunk once for each run of its zones (v4.8+ skip a zone of the
 * node just shrunk: in node order each node once; in zone order, 4.8..4.13,
 * a node again when its lower zones come after another node's), or with
 * zone_reclaim each zone in turn; below DEF_PRIORITY the 2.6.x kernels
 * skip nodes whose zones are all_unreclaimable.  sc->all_unreclaimable
 * says whether the pass skipped them all.  Global reclaim soft-reclaims
 * each node first (v3.10: each zone, with zone_reclaim).
 */
/*
 * Rik van Riel's "vmscan: skip freeing memory from zones with lots free"
 * (Nov 2008, not merged; policy skip_zones_lots_free, SPEC-seeds C.2):
 * global direct reclaim leaves alone a zone that meets 4 x its high
 * watermark at the request's order.  The model reclaims nodes, so a node
 * is skipped when every zone the request may use passes.
 */
static bool node_lots_free(struct sim *sim, struct pglist_data *pgdat,
			   const struct scan_control *sc)
{
	for (int z = 0; z <= (int)sc->reclaim_idx; z++) {
		const struct zone *zone = &pgdat->node_zones[z];

		if (populated_zone(zone) &&
		    !wmark_ok(sim, zone, (unsigned int)sc->order, 4 * high_wmark_pages(zone),
			      sc->reclaim_idx, 0))
			return false;
	}
	return true;
}

/*
 * compaction_ready() (v6.12): the zone has the free pages for compaction
 * to make the block - the allocation already succeeds at the min
 * watermark, or compaction is suitable and the zone is above its high
 * watermark plus compact_gap - so reclaim for it can stop.
 */
static bool compaction_ready(struct sim *sim, struct zone *zone, const struct scan_control *sc)
{
	if (wmark_ok(sim, zone, (unsigned int)sc->order, min_wmark_pages(zone), sc->reclaim_idx, 0))
		return true;
	if (!compaction_suitable(sim, zone, sc->order, sc->reclaim_idx))
		return false;
	return zone_watermark_ok(zone, 0, high_wmark_pages(zone) + (2ULL << sc->order),
				 sc->reclaim_idx, 0);
}

/*
 * v6.12 shrink_zones(): global reclaim for a costly order skips zones
 * where compaction_ready(), and says so in sc->compaction_ready; the
 * model reclaims nodes, so a node is skipped when each of its zones the
 * request may use is ready.
 */
static bool node_compaction_ready(struct sim *sim, struct pglist_data *pgdat,
				  struct scan_control *sc)
{
	for (int z = (int)sc->reclaim_idx; z >= 0; z--) {
		struct zone *zone = &pgdat->node_zones[z];

		if (populated_zone(zone) && !compaction_ready(sim, zone, sc))
			return false;
	}
	sc->compaction_ready = true;
	return true;
}

/*
 * Does shrink_zones() pass @pgdat by?  When its zones up to reclaim_idx
 * are all_unreclaimable below DEF_PRIORITY (2.6.25..4.10's
 * zone->all_unreclaimable test), ready for compaction (v6.12's
 * compaction_ready test) or (skip_zones_lots_free) have plenty free.  Clears
 * sc->all_unreclaimable for a node it does not skip as unreclaimable.
 */
static bool shrink_zones_skip_node(struct sim *sim, struct pglist_data *pgdat,
				   struct scan_control *sc)
{
	if (sc->priority != DEF_PRIORITY && node_all_unreclaimable(sim, pgdat, sc->reclaim_idx))
		return true;
	sc->all_unreclaimable = false;
	if (!cgroup_reclaim(sc) && sim->scn.policy.compaction != COMPACTION_NONE &&
	    sc->order > PAGE_ALLOC_COSTLY_ORDER && node_compaction_ready(sim, pgdat, sc))
		return true;
	return sim->scn.policy.skip_zones_lots_free && !cgroup_reclaim(sc) &&
	       node_lots_free(sim, pgdat, sc);
}

static void shrink_zones(struct task *t, struct scan_control *sc)
{
	struct sim *sim = t->sim;
	unsigned int local = (unsigned int)task_node(t)->node_id, i = 0;
	struct pglist_data *last = NULL;
	bool skip = false;
	struct zone *zone;

	sc->all_unreclaimable = true;
	while ((zone = next_zones_zonelist(sim, local, sc->reclaim_idx, &i))) {
		struct pglist_data *pgdat = zone->zone_pgdat;

		/* 2.6.25: global reclaim notes every zone, unreclaimable ones too */
		if (!cgroup_reclaim(sc))
			note_zone_scanning_priority(zone, sc->priority);
		/* a node's tests, once for each run of its zones in the zonelist */
		if (pgdat != last) {
			last = pgdat;
			skip = shrink_zones_skip_node(sim, pgdat, sc);
			/* v4.8..v6.12 shrink_node()s a node once for each such run */
			if (!skip && !sim->scn.policy.zone_reclaim) {
				soft_limit_reclaim(t, pgdat, 0, sc, &sc->nr_scanned);
				shrink_node(t, pgdat, sc);
			}
		}
		if (skip || !sim->scn.policy.zone_reclaim)
			continue;
		soft_limit_reclaim(t, pgdat, zone->idx, sc, &sc->nr_scanned);
		shrink_zone(t, pgdat, zone->idx, sc);
	}
}

/*
 * mem_cgroup_shrink_node() (v6.12; mem_cgroup_shrink_node_zone in v3.10):
 * shrink_lruvec of @memcg's lists at priority 0 for 32 pages, as reclaim
 * targeted at @memcg (a v1 group waits on pages under writeback), in zone
 * @zid with zone_reclaim, else the whole node.  The scan runs in its
 * caller's task: from kswapd's balance_pgdat, current_is_kswapd() holds in
 * shrink_page_list and shrink_inactive_list as in kswapd's own scans (3.10:
 * kswapd writes the dirty file pages this priority-0 pass meets; 6.12 the
 * ones marked for reclaim on a dirty node), but the scans count neither as
 * pgscan_kswapd nor as pgscan_direct (targeted reclaim).
 */
unsigned long mem_cgroup_shrink_node(struct task *t, struct mem_cgroup *memcg,
				     struct pglist_data *pgdat, enum zone_type zid,
				     unsigned long *nr_scanned)
{
	bool zone_reclaim = t->sim->scn.policy.zone_reclaim;
	struct scan_control sc = {
		.nr_to_reclaim = SWAP_CLUSTER_MAX,
		.target_mem_cgroup = memcg,
		.may_writepage = true,
		.may_unmap = true,
		.may_swap = true,
		.priority = 0,
		.reclaim_idx = zone_reclaim ? zid : MAX_NR_ZONES - 1,
		.zone_lo = zone_reclaim ? zid : 0,
		.kswapd = t->kind == TASK_KSWAPD,
	};

	trace_mm_vmscan_memcg_softlimit_reclaim_begin(t, 0, sc.may_writepage, GFP_HIGHUSER_MOVABLE);
	shrink_lruvec(t, mem_cgroup_lruvec(memcg, pgdat), &sc);
	trace_mm_vmscan_memcg_softlimit_reclaim_end(t, sc.nr_reclaimed);
	*nr_scanned = sc.nr_scanned;
	return sc.nr_reclaimed;
}

/*
 * __delayacct_freepages_start() / __delayacct_freepages_end() (v6.12
 * kernel/delayacct.c): each pass of do_try_to_free_pages() is timed on the
 * wall clock, sleeps included, into the task's freepages delay and count
 * (taskstats freepages_delay_total / freepages_count, getdelays' RECLAIM).
 */
static void delayacct_freepages_start(struct task *t)
{
	mm_task(t)->freepages_start = task_now(t);
}

static void delayacct_freepages_end(struct task *t)
{
	struct mm_task *mt = mm_task(t);

	mt->freepages_delay += task_now(t) - mt->freepages_start;
	mt->freepages_count++;
}

/*
 * The end of 2.6.25's do_try_to_free_pages(): every zone of the zonelist
 * takes the priority at which this reclaim met its target (0 if it never
 * did) as its prev_priority, undoing the lower ones that reclaimers still
 * at work noted meanwhile.
 */
static void set_zones_prev_priority(struct task *t, const struct scan_control *sc)
{
	unsigned int local = (unsigned int)task_node(t)->node_id, i = 0;
	int priority = sc->priority < 0 ? 0 : sc->priority;
	struct zone *zone;

	while ((zone = next_zones_zonelist(t->sim, local, sc->reclaim_idx, &i)))
		zone->prev_priority = priority;
}

/*
 * do_try_to_free_pages() (v6.12; the 2008 throttle and the 2.6.x rules by
 * policy): priority passes from DEF_PRIORITY down until nr_to_reclaim is
 * met.  A pass that reclaimed nothing is retried once visiting every memcg
 * (full_walk_retry, v6.10+), once more with deactivation forced
 * (force_deactivate_retry, v5.9+), and once more reclaiming groups within
 * memory.low if some were skipped (memcg_low_reclaim; v4.0 had it as may_thrash).  Returns the pages reclaimed.
 */
static unsigned long do_try_to_free_pages(struct task *t, struct scan_control *sc)
{
	struct sim *sim = t->sim;
	unsigned long total_scanned = 0;

	count_reclaimer(t);
	mm_task(t)->reclaim.memcg = cgroup_reclaim(sc);
retry:
	delayacct_freepages_start(t);
	do {
		sc->nr_scanned = 0;
		shrink_zones(t, sc);
		/*
		 * 2.6.x..3.x: global reclaim shrinks slab after the zones, the
		 * pass's scan against the eligible zones' LRU pages
		 */
		if (sim->shrinkers && !cgroup_reclaim(sc))
			reclaim_shrink_slab(t, sc, sc->nr_scanned,
					    slab_lru_pages(sim, NULL, sc->reclaim_idx));
		total_scanned += sc->nr_scanned;
		if (!sim->scn.policy.congestion_wait)
			consider_reclaim_throttle(t, task_node(t), sc);
		if (sc->nr_reclaimed >= sc->nr_to_reclaim || sc->compaction_ready)
			break;
		/*
		 * v2.6.x..4.10 (flusher_wakeup = scanned): past 1.5 x
		 * nr_to_reclaim pages scanned, kick the flusher to write
		 * as many pages as were scanned ("at the dirtying rate";
		 * laptop_mode: all of them), and write from reclaim - but
		 * not with direct_writeback = deny
		 */
		if (sim->scn.policy.flusher_wakeup_scanned &&
		    total_scanned > sc->nr_to_reclaim + sc->nr_to_reclaim / 2) {
			wakeup_flusher_threads(sim, flusher_wakeup_pages(sim, total_scanned));
			if (reclaim_can_writeback(sim, sc))
				sc->may_writepage = true;
		}
		if (sc->priority < DEF_PRIORITY - 2)
			sc->may_writepage = true;
		/*
		 * before v3.11: "take a nap, wait for some writeback to
		 * complete", from 2.6.37 (0e093d99763e) in wait_iff_congested
		 */
		if (sim->scn.policy.congestion_wait && !sim->scn.policy.wait_iff_congested &&
		    sc->nr_scanned && sc->priority < DEF_PRIORITY - 2) {
			if (!sim->scn.policy.wait_iff_pageout_congested)
				congestion_wait(t, JIFFY_NS * (HZ / 10));
			else if (!wait_iff_congested(t, task_node(t), JIFFY_NS * (HZ / 10)))
				cond_resched(t);
		}
	} while (--sc->priority >= 0);
	if (!cgroup_reclaim(sc))
		set_zones_prev_priority(t, sc);
	delayacct_freepages_end(t);
	/* aborted reclaim to try compaction? don't OOM, then */
	if (!sc->nr_reclaimed && sc->compaction_ready) {
		snapshot_refaults_all(sim, sc->target_mem_cgroup);
		return 1;
	}
	if (!sc->nr_reclaimed && !sc->memcg_full_walk && sim->scn.policy.full_walk_retry) {
		sc->priority = DEF_PRIORITY;
		sc->memcg_full_walk = true;
		goto retry;
	}
	if (!sc->nr_reclaimed && sc->skipped_deactivate && !sc->force_deactivate &&
	    sim->scn.policy.force_deactivate_retry) {
		sc->priority = DEF_PRIORITY;
		sc->force_deactivate = true;
		sc->skipped_deactivate = false;
		goto retry;
	}
	/* untapped memory.low reserves: retry ignoring them rather than OOM */
	if (!sc->nr_reclaimed && sc->memcg_low_skipped) {
		sc->priority = DEF_PRIORITY;
		sc->force_deactivate = false;
		sc->memcg_low_reclaim = true;
		sc->memcg_low_skipped = false;
		goto retry;
	}
	snapshot_refaults_all(sim, sc->target_mem_cgroup);
	return sc->nr_reclaimed;
}

/*
 * The entry shared by try_to_free_pages() and
 * try_to_free_mem_cgroup_pages(): the 2008 throttle (policy
 * reclaim_throttle) around do_try_to_free_pages(), and the seed 000
 * figures.
 */
static unsigned long reclaim_direct(struct task *t, struct scan_control *sc)
{
	struct task_reclaim *tr = &mm_task(t)->reclaim;
	bool throttle = t->sim->scn.policy.reclaim_throttle != RECLAIM_THROTTLE_NONE;
	unsigned long progress;

	tr->start_ns = task_now(t);
	tr->counted = false;
	if (!throttle)
		count_reclaimer(t);
	/* the allocator's cond_resched() before __perform_reclaim() */
	cond_resched(t);
	if (throttle) {
		reclaim_throttle_enter(t);
		if (throttle_skip_reclaim(t, sc)) {
			progress = sc->nr_reclaimed = 1; /* "as if it had reclaimed" */
			goto out;
		}
	}
	progress = do_try_to_free_pages(t, sc);
out:
	reclaim_throttle_exit(t);
	direct_reclaim_figures(t, sc);
	return progress;
}

unsigned long try_to_free_pages(struct task *t, int order, enum zone_type highest_zoneidx,
				bool *all_unreclaimable)
{
	struct scan_control sc = {
		.nr_to_reclaim = SWAP_CLUSTER_MAX,
		.may_writepage = true,
		.may_unmap = true,
		.may_swap = true,
		.order = order,
		.priority = DEF_PRIORITY,
		.reclaim_idx = highest_zoneidx,
	};
	unsigned long nr_reclaimed;

	count_vm_event(t->sim, ALLOCSTALL_DMA + highest_zoneidx);
	t->sim->reclaim.allocstall_order[order]++;
	trace_mm_vmscan_direct_reclaim_begin(t, order, sc.may_writepage, mm_task(t)->alloc_gfp);
	nr_reclaimed = reclaim_direct(t, &sc);
	trace_mm_vmscan_direct_reclaim_end(t, nr_reclaimed);
	*all_unreclaimable = sc.all_unreclaimable;
	return nr_reclaimed;
}

unsigned long try_to_free_mem_cgroup_pages(struct task *t, struct mem_cgroup *memcg,
					   unsigned long nr_pages, bool may_swap)
{
	struct scan_control sc = {
		.nr_to_reclaim = nr_pages > SWAP_CLUSTER_MAX ? nr_pages : SWAP_CLUSTER_MAX,
		.target_mem_cgroup = memcg,
		.may_writepage = true,
		.may_unmap = true,
		.may_swap = may_swap,
		.priority = DEF_PRIORITY,
		.reclaim_idx = MAX_NR_ZONES - 1,
	};
	unsigned long nr_reclaimed;

	/* sc.gfp_mask: a GFP_KERNEL charge's reclaim bits in GFP_HIGHUSER_MOVABLE */
	trace_mm_vmscan_memcg_reclaim_begin(t, 0, sc.may_writepage, GFP_HIGHUSER_MOVABLE);
	nr_reclaimed = reclaim_direct(t, &sc);
	trace_mm_vmscan_memcg_reclaim_end(t, nr_reclaimed);
	return nr_reclaimed;
}

/* ------------------------------------------------------------------ */
/* node_reclaim (vm.zone_reclaim_mode)                                 */
/* ------------------------------------------------------------------ */

/* mm/internal.h: node_reclaim's first pass scans 1/16 of each list */
#define NODE_RECLAIM_PRIORITY 4

bool zone_allows_reclaim(const struct sim *sim, unsigned int local, unsigned int nid)
{
	return scn_node_distance(&sim->scn.machine, local, nid) <= sim->scn.policy.reclaim_distance;
}

/*
 * node_pagecache_reclaimable() (v6.12): the page cache node_reclaim may
 * take: all of it with RECLAIM_UNMAP, else the unmapped part of the file
 * LRUs; less the dirty pages without RECLAIM_WRITE.
 */
static unsigned long node_pagecache_reclaimable(const struct sim *sim,
						const struct pglist_data *pgdat)
{
	long file_lru =
		node_page_state(pgdat, NR_INACTIVE_FILE) + node_page_state(pgdat, NR_ACTIVE_FILE);
	long nr, delta = 0;

	if (sim->node_reclaim_mode & RECLAIM_UNMAP)
		nr = node_page_state(pgdat, NR_FILE_PAGES);
	else /* node_unmapped_file_pages() */
		nr = file_lru > node_page_state(pgdat, NR_FILE_MAPPED) ?
			     file_lru - node_page_state(pgdat, NR_FILE_MAPPED) :
			     0;
	if (!(sim->node_reclaim_mode & RECLAIM_WRITE))
		delta = node_page_state(pgdat, NR_FILE_DIRTY);
	if (delta > nr)
		delta = nr;
	return nr > 0 ? (unsigned long)(nr - delta) : 0;
}

/*
 * __node_reclaim() (v6.12): shrink the node at NODE_RECLAIM_PRIORITY and
 * up until 2^order pages are back, writing and unmapping as the mode
 * bits allow, swapping as any reclaim may; nothing when the reclaimable
 * page cache is within min_unmapped_pages (the model keeps no reclaimable
 * slab: min_slab_ratio has nothing to weigh).  With zone_reclaim = on
 * (2.6.x..4.7 __zone_reclaim) the zone that failed its watermark alone.
 */
static bool __node_reclaim(struct task *t, struct zone *zone, gfp_t gfp, unsigned int order)
{
	struct pglist_data *pgdat = zone->zone_pgdat;
	const unsigned long nr_pages = 1UL << order;
	struct scan_control sc = {
		.nr_to_reclaim = nr_pages > SWAP_CLUSTER_MAX ? nr_pages : SWAP_CLUSTER_MAX,
		.order = (int)order,
		.priority = NODE_RECLAIM_PRIORITY,
		.may_writepage = !!(t->sim->node_reclaim_mode & RECLAIM_WRITE),
		.may_unmap = !!(t->sim->node_reclaim_mode & RECLAIM_UNMAP),
		.may_swap = true,
		.reclaim_idx = gfp_zone(gfp, arch_zones(t->sim->scn.machine.arch)),
	};
	bool pflags;

	cond_resched(t);
	psi_memstall_enter(t, &pflags);
	if (node_pagecache_reclaimable(t->sim, pgdat) > pgdat->min_unmapped_pages) {
		do {
			note_zone_scanning_priority(zone, sc.priority); /* 2.6.25 __zone_reclaim */
			if (t->sim->scn.policy.zone_reclaim)
				shrink_zone(t, pgdat, zone->idx, &sc);
			else
				shrink_node(t, pgdat, &sc);
		} while (sc.nr_reclaimed < nr_pages && --sc.priority >= 0);
	}
	psi_memstall_leave(t, &pflags);
	return sc.nr_reclaimed >= nr_pages;
}

/*
 * node_reclaim() (v6.12; zone_reclaim() of @zone before 4.8): nothing
 * to do when the node's reclaimable page cache is within
 * min_unmapped_pages (FULL: the allocator moves on; 2.6.x..4.10 also when
 * kswapd gave the zone up as all_unreclaimable); no scan (NOSCAN) for a
 * request that may not sleep, for a node with CPUs that is not the
 * allocating CPU's (the local node reclaims, remote ones are used), or
 * while another task reclaims the node (PGDAT_RECLAIM_LOCKED).  A run
 * that falls short counts zone_reclaim_failed.  No allocation from inside
 * the model's reclaim reaches the allocator, so the kernel's PF_MEMALLOC
 * test has nothing to turn away.
 */
int node_reclaim(struct task *t, struct zone *zone, gfp_t gfp, unsigned int order)
{
	struct sim *sim = t->sim;
	struct pglist_data *pgdat = zone->zone_pgdat;
	unsigned int nid = (unsigned int)pgdat->node_id, first;
	bool ret;

	if (node_pagecache_reclaimable(sim, pgdat) <= pgdat->min_unmapped_pages)
		return NODE_RECLAIM_FULL;
	if (sim->scn.policy.all_unreclaimable && zone->all_unreclaimable)
		return NODE_RECLAIM_FULL;
	if (!gfpflags_allow_blocking(gfp))
		return NODE_RECLAIM_NOSCAN;
	if (scn_node_cpus(&sim->scn.machine, nid, &first) && pgdat != task_node(t))
		return NODE_RECLAIM_NOSCAN;
	if (pgdat->flags & (1UL << PGDAT_RECLAIM_LOCKED))
		return NODE_RECLAIM_NOSCAN;
	pgdat->flags |= 1UL << PGDAT_RECLAIM_LOCKED;
	ret = __node_reclaim(t, zone, gfp, order);
	pgdat->flags &= ~(1UL << PGDAT_RECLAIM_LOCKED);
	if (!ret)
		count_vm_event(sim, PGSCAN_ZONE_RECLAIM_FAILED);
	return ret;
}

/*
 * The boot's node_reclaim state.  zone_reclaim_mode = auto: before 3.16
 * (zone_reclaim_boot = distance) the kernel turned it on (RECLAIM_ZONE)
 * when some node was farther than RECLAIM_DISTANCE from another
 * (init_zone_allows_reclaim; build_zonelists in 2.6.x); 3.16
 * (4f9b16a64753) left it off.  min_unmapped_pages: min_unmapped_ratio
 * percent of each zone's managed pages (setup_min_unmapped_ratio, v6.12;
 * 3.x kept it per zone, the model sums it per node).
 */
void node_reclaim_init(struct sim *sim)
{
	int mode = sim->scn.sysctl.zone_reclaim_mode;

	if (mode < 0) {
		mode = 0;
		for (unsigned int a = 0; a < sim->nr_nodes; a++)
			for (unsigned int b = 0; b < sim->nr_nodes; b++)
				if (sim->scn.policy.zone_reclaim_boot_distance &&
				    !zone_allows_reclaim(sim, a, b))
					mode = RECLAIM_ZONE;
	}
	sim->node_reclaim_mode = (unsigned int)mode;
	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		struct pglist_data *pgdat = &sim->nodes[n];

		pgdat->min_unmapped_pages = 0;
		for (int z = 0; z < MAX_NR_ZONES; z++)
			pgdat->min_unmapped_pages += zone_managed_pages(&pgdat->node_zones[z]) *
						     sim->scn.sysctl.min_unmapped_ratio / 100;
	}
}

/* A task killed in the middle of reclaim gives back what it holds. */
void reclaim_abort(struct task *t)
{
	struct task_reclaim *tr = &mm_task(t)->reclaim;

	try_to_unmap_flush(t);
	if (tr->isolated) {
		putback_isolated(t, tr->isolated);
		tr->isolated = NULL;
	}
	if (tr->throttled_pgdat) {
		tr->throttled_pgdat->nr_reclaim_throttled--;
		tr->throttled_pgdat = NULL;
	}
	reclaim_throttle_exit(t);
	if (tr->counted)
		t->sim->reclaim.nr_reclaimers--;
	tr->counted = false;
}

/* ---- kswapd ---- */

/*
 * pgdat_balanced() (v3.10; kswapd_balance = zones): at order 0 every zone
 * up to @classzone_idx must meet its high watermark; at a higher order the
 * zones that meet it must hold a quarter of those zones' pages (Mel
 * Gorman's "mm: kswapd: keep kswapd awake for high-order allocations
 * until a percentage of the node is balanced", 2.6.38; before it,
 * kswapd_balance = zones_all, every zone at any order).  A zone marked
 * all_unreclaimable counts as balanced: balance_pgdat skips it.  (v4.8+
 * asks only that one zone meet it: pgdat_balanced in alloc_pages.c.)
 * Each zone's watermark counts the lowmem_reserve of @wmark_idx, or of
 * none (the zone's own) when it is -1.
 */
static bool pgdat_balanced_zones(struct sim *sim, struct pglist_data *pgdat, int order,
				 enum zone_type classzone_idx, int wmark_idx)
{
	u64 managed = 0, balanced = 0;

	for (int z = 0; z <= (int)classzone_idx; z++) {
		struct zone *zone = &pgdat->node_zones[z];

		if (!populated_zone(zone))
			continue;
		managed += zone_managed_pages(zone);
		if (zone->all_unreclaimable ||
		    wmark_ok(sim, zone, (unsigned int)order, high_wmark_pages(zone),
			     (enum zone_type)(wmark_idx < 0 ? z : wmark_idx), 0))
			balanced += zone_managed_pages(zone);
		else if (!order || sim->scn.policy.kswapd_balance == KSWAPD_BALANCE_ZONES_ALL)
			return false;
	}
	return !order || balanced >= managed / 4;
}

/*
 * The classzone whose lowmem_reserve kswapd's sleep test adds to each
 * zone's high watermark: 2.6.38..2.6.39 (kswapd_sleep_classzone =
 * end_zone; Mel Gorman's "mm: kswapd: use the classzone idx that kswapd
 * was using for sleeping_prematurely()", 2.6.38) the end zone of the last
 * balance, so a lower zone is held to the reserve it keeps against
 * allocations for the top zone, which neither the allocator nor
 * balance_pgdat asks of it; -1, each zone's own (none), before 2.6.38
 * (classzone 0) and from 3.0 (Mel Gorman, "mm: vmscan: evaluate the
 * watermarks against the correct classzone", June 2011).
 */
static int kswapd_sleep_wmark_idx(struct sim *sim, const struct pglist_data *pgdat)
{
	return sim->scn.policy.kswapd_sleep_end_classzone ? pgdat->kswapd_end_zone : -1;
}

/*
 * prepare_kswapd_sleep() (v6.12): kswapd may sleep when the node is
 * hopeless or balanced; it then forgets the congestion flags.  With
 * kswapd_balance = zones balanced is v3.10's pgdat_balanced.
 */
static bool prepare_kswapd_sleep(struct sim *sim, struct pglist_data *pgdat, int order,
				 enum zone_type highest_zoneidx)
{
	bool balanced = sim->scn.policy.kswapd_balance != KSWAPD_BALANCE_NODE ?
				pgdat_balanced_zones(sim, pgdat, order, highest_zoneidx,
						     kswapd_sleep_wmark_idx(sim, pgdat)) :
				pgdat_balanced(sim, pgdat, order, highest_zoneidx);

	if ((!sim->scn.policy.all_unreclaimable && pgdat->kswapd_failures >= MAX_RECLAIM_RETRIES) ||
	    kswapd_node_unreclaimable(sim, pgdat, highest_zoneidx) || balanced) {
		pgdat->flags &= ~((1UL << PGDAT_DIRTY) | (1UL << PGDAT_WRITEBACK) |
				  (1UL << PGDAT_CONGESTED));
		return true;
	}
	return false;
}

/*
 * zone_balanced() (v3.10 balance_pgdat): is @zone above its high
 * watermark plus the balance gap, min(low watermark, 1 % of the zone)
 * (KSWAPD_ZONE_BALANCE_GAP_RATIO; Mel Gorman's "vmscan: kswapd should not
 * free an excessive number of pages when balancing small zones", 2.6.38),
 * or before 2.6.38 (kswapd_balance_gap = high_x8) 7 x high: kswapd
 * reclaimed a large zone up to 8 x its high watermark while a small zone
 * above it stayed unbalanced.
 */
static bool zone_balanced_gap(struct sim *sim, struct zone *zone, int order,
			      enum zone_type classzone_idx)
{
	u64 gap = min_u64(low_wmark_pages(zone), (zone_managed_pages(zone) + 99) / 100);

	/* before 2.6.38: 8 x high ("kswapd should not free an excessive ...") */
	if (sim->scn.policy.kswapd_gap_high_x8)
		gap = 7 * high_wmark_pages(zone);

	return wmark_ok(sim, zone, (unsigned int)order, high_wmark_pages(zone) + gap, classzone_idx,
			0);
}

/*
 * kswapd_shrink_node() (v6.12): reclaim the high watermarks' worth of the
 * eligible zones, after the node's soft-limit reclaim.  Returns true if
 * the round scanned at least that much (the caller then need not raise
 * the priority: the watermark would be met at full efficiency).  zone_reclaim (v3.10 balance_pgdat): zone by zone,
 * lowest first, soft-limit reclaim, then shrink_zone only if the zone is
 * still below its high watermark plus the balance gap.
 */
static bool kswapd_shrink_node(struct task *t, struct pglist_data *pgdat, struct scan_control *sc)
{
	sc->nr_to_reclaim = 0;
	for (int z = 0; z <= (int)sc->reclaim_idx; z++) {
		struct zone *zone = &pgdat->node_zones[z];

		if (populated_zone(zone))
			sc->nr_to_reclaim += max_u64(high_wmark_pages(zone), SWAP_CLUSTER_MAX);
	}
	sc->nr_scanned = 0;
	if (!t->sim->scn.policy.zone_reclaim) {
		soft_limit_reclaim(t, pgdat, 0, sc, NULL);
		shrink_node(t, pgdat, sc);
	} else {
		for (int z = 0; z <= (int)sc->reclaim_idx; z++) {
			struct zone *zone = &pgdat->node_zones[z];

			if (!populated_zone(zone))
				continue;
			soft_limit_reclaim(t, pgdat, (enum zone_type)z, sc, NULL);
			if (!zone_balanced_gap(t->sim, zone, sc->order, sc->reclaim_idx))
				shrink_zone(t, pgdat, (enum zone_type)z, sc);
		}
	}
	/*
	 * a high-order wake-up: once reclaim freed compact_gap(order) =
	 * 2 << order pages, kswapd balances for order 0 and leaves the
	 * block to compaction (kcompactd, woken when kswapd goes to sleep,
	 * or the allocator's direct compaction), rather than reclaiming on
	 * in the hope that a free block of that order forms; 2.6.x kswapd
	 * had no compaction and did reclaim on (kswapd_high_order_sweep)
	 */
	if (!t->sim->scn.policy.kswapd_order_failed_sweep && sc->order &&
	    sc->nr_reclaimed >= 2UL << sc->order)
		sc->order = 0;
	return sc->nr_scanned >= sc->nr_to_reclaim;
}

/*
 * balance_pgdat()'s boost bookkeeping (v6.12): the boosts of the zones up
 * to @highest_zoneidx at entry, and their sum, the boost reclaim target.
 */
static unsigned long kswapd_boost_start(const struct pglist_data *pgdat,
					enum zone_type highest_zoneidx,
					u64 zone_boosts[MAX_NR_ZONES])
{
	unsigned long nr_boost_reclaim = 0;

	for (int z = 0; z < MAX_NR_ZONES; z++) {
		zone_boosts[z] = z <= (int)highest_zoneidx ? pgdat->node_zones[z].watermark_boost :
							     0;
		nr_boost_reclaim += zone_boosts[z];
	}
	return nr_boost_reclaim;
}

/*
 * ... and at its end: each zone loses the boost it had at entry, and a
 * balance that was boosted wakes kcompactd for a pageblock, as there is
 * likely room now to defragment pageblocks.
 */
static void kswapd_boost_end(struct sim *sim, struct pglist_data *pgdat,
			     enum zone_type highest_zoneidx, const u64 zone_boosts[MAX_NR_ZONES])
{
	bool boosted = false;

	for (int z = 0; z <= (int)highest_zoneidx; z++) {
		struct zone *zone = &pgdat->node_zones[z];

		boosted |= zone_boosts[z] != 0;
		zone->watermark_boost -= min_u64(zone->watermark_boost, zone_boosts[z]);
	}
	if (boosted)
		wakeup_kcompactd(sim, pgdat, (int)pageblock_order(sim), highest_zoneidx);
}

/*
 * The high-order priority sweep of 2.6.29..2.6.3x balance_pgdat()
 * (kswapd_order_fallback = failed_sweep; KOSAKI Motohiro's "mm: stop
 * kswapd's infinite loop at high order allocation", 2.6.29): each round
 * lowers the priority until the sweep has reclaimed SWAP_CLUSTER_MAX
 * pages, which starts a new sweep at DEF_PRIORITY for the same order
 * (loop_again); a sweep that reaches the lowest priority with less
 * reclaimed drops the balance to order 0, and only then.  There is no
 * compaction to leave the block to: kswapd goes on reclaiming - lumpily,
 * taking each page's neighbours - until a free block of the order is
 * above the high watermark.  @sweep_start is sc->nr_reclaimed when the
 * sweep began.  (2.6.x sweeps down to priority 0; the model's lowest is
 * 1, as for its other balances.)
 */
static void kswapd_high_order_sweep(struct scan_control *sc, unsigned long *sweep_start)
{
	if (sc->nr_reclaimed - *sweep_start >= SWAP_CLUSTER_MAX) {
		sc->priority = DEF_PRIORITY;
		*sweep_start = sc->nr_reclaimed;
		return;
	}
	if (--sc->priority >= 1)
		return;
	sc->order = 0;
	sc->priority = DEF_PRIORITY;
	*sweep_start = sc->nr_reclaimed;
}

/*
 * has_under_min_watermark_zone (2.6.32..3.8 balance_pgdat): is a zone
 * kswapd balances, up to @end_zone and not given up on, below its min
 * watermark at @order?  GFP_ATOMIC allocations are then at risk.
 */
static bool kswapd_zone_under_min(struct sim *sim, struct pglist_data *pgdat, int order,
				  enum zone_type end_zone)
{
	for (int z = 0; z <= (int)end_zone; z++) {
		struct zone *zone = &pgdat->node_zones[z];

		if (!populated_zone(zone) || zone->all_unreclaimable)
			continue;
		if (!wmark_ok(sim, zone, (unsigned int)order, min_wmark_pages(zone), end_zone, 0))
			return true;
	}
	return false;
}

/*
 * balance_pgdat()'s nap after a pass at @priority below DEF_PRIORITY - 2
 * that scanned something ("kswapd is getting into trouble"), with
 * reclaim_sleep = congestion_wait or wait_iff_pageout_congested (before
 * 3.11): congestion_wait(BLK_RW_ASYNC, HZ/10)
 * after every such pass before 2.6.33 (kswapd_nap = every_pass); from
 * 2.6.33 (Mel Gorman's fixes for the GFP_ATOMIC failures of 2.6.31, Dec
 * 2009; 2.6.32.9's balance_pgdat has none) not while a zone it balances
 * is below its min watermark, which
 * counts kswapd_skip_congestion_wait instead (above_min); 3.8 (Zlatko
 * Calusic, Dec 2012) napped there in wait_iff_congested, which sleeps
 * only on a congested zone (above_min_iff_congested; the node stands in
 * for the unbalanced zone); from 3.9
 * (Zlatko Calusic's "mm: don't wait on congested zones in
 * balance_pgdat()") never (none): kswapd waits only where
 * shrink_inactive_list meets pages under writeback.  Otherwise kswapd
 * only yields the CPU.
 */
static void kswapd_congestion_nap(struct task *t, struct pglist_data *pgdat,
				  const struct scan_control *sc, int priority,
				  enum zone_type end_zone)
{
	const struct scn_policy *pol = &t->sim->scn.policy;

	if (pol->kswapd_nap == KSWAPD_NAP_NONE || !pol->congestion_wait ||
	    pol->wait_iff_congested || !sc->nr_scanned || priority >= DEF_PRIORITY - 2) {
		cond_resched(t);
		return;
	}
	if (pol->kswapd_nap != KSWAPD_NAP_EVERY_PASS &&
	    kswapd_zone_under_min(t->sim, pgdat, sc->order, end_zone)) {
		count_vm_event(t->sim, KSWAPD_SKIP_CONGESTION_WAIT);
		cond_resched(t);
		return;
	}
	if (pol->kswapd_nap != KSWAPD_NAP_ABOVE_MIN_IFF_CONGESTED)
		congestion_wait(t, JIFFY_NS * (HZ / 10));
	else if (!wait_iff_congested(t, pgdat, JIFFY_NS * (HZ / 10)))
		cond_resched(t);
}

/*
 * set_reclaim_active() / clear_reclaim_active() (v5.14+): while kswapd
 * balances the node, its eligible zones keep their per-CPU lists short
 * (nr_pcp_high).
 */
static void set_reclaim_active(struct pglist_data *pgdat, enum zone_type highest_zoneidx, bool on)
{
	for (int z = 0; z <= (int)highest_zoneidx; z++) {
		struct zone *zone = &pgdat->node_zones[z];

		if (!populated_zone(zone))
			continue;
		if (on)
			zone->flags |= 1UL << ZONE_RECLAIM_ACTIVE;
		else
			zone->flags &= ~(1UL << ZONE_RECLAIM_ACTIVE);
	}
}

/*
 * balance_pgdat() (v6.12): from DEF_PRIORITY down to 1, shrink the node
 * until one eligible zone meets its high watermark; the priority drops
 * when a round scanned less than its target or reclaimed nothing.  A
 * balance_pgdat that reclaimed nothing counts a kswapd failure.
 * kswapd_age_node's separate anon aging pass is not modelled (the anon
 * aging at the end of each shrink_lruvec does that work).  Before 3.9
 * kswapd napped while writeback caught up (kswapd_congestion_nap).
 *
 * Watermark boost (v5.0+): the boosts of the eligible zones at entry are
 * the reclaim target of a node that is otherwise balanced.  That reclaim
 * neither writes nor swaps, stays at priority DEF_PRIORITY - 2 or above,
 * and stops as soon as a round reclaims nothing; real imbalance drops
 * the boost target and restarts as normal reclaim.  At the end the boosts
 * seen at entry are taken off the zones (boosts added meanwhile stay).
 * A high-order balance of kswapd_order_fallback = failed_sweep lowers its
 * priority the 2.6.x way instead (kswapd_high_order_sweep).
 */
static void balance_pgdat(struct task *t, struct pglist_data *pgdat, struct scan_control *sc)
{
	struct sim *sim = t->sim;
	u64 zone_boosts[MAX_NR_ZONES];
	unsigned long nr_boost_reclaim = kswapd_boost_start(pgdat, sc->reclaim_idx, zone_boosts);
	unsigned long sweep_start = 0;

	count_vm_event(sim, PAGEOUTRUN);
	set_reclaim_active(pgdat, sc->reclaim_idx, true);
	for (;;) {
		unsigned long nr_reclaimed = sc->nr_reclaimed;
		bool raise_priority, balanced;

		balanced = pgdat_balanced(sim, pgdat, sc->order, sc->reclaim_idx);
		if (!balanced && nr_boost_reclaim) {
			nr_boost_reclaim = 0;
			sc->priority = DEF_PRIORITY;
		}
		if ((balanced && !nr_boost_reclaim) ||
		    (sc->priority != DEF_PRIORITY &&
		     kswapd_node_unreclaimable(sim, pgdat, sc->reclaim_idx)))
			goto out;
		/* boosted reclaim relieves pressure; it issues no I/O */
		sc->may_writepage = sc->may_swap = !nr_boost_reclaim;
		if (sc->priority < DEF_PRIORITY - 2)
			sc->may_writepage = true;
		raise_priority = !(nr_boost_reclaim && sc->priority == DEF_PRIORITY - 2);
		if (kswapd_shrink_node(t, pgdat, sc))
			raise_priority = false;
		/* 4.8..4.15 shrink_node: global reclaim's shrink_slab after the LRU walk */
		if (sim->shrinkers)
			reclaim_shrink_slab(t, sc, sc->nr_scanned,
					    slab_lru_pages(sim, pgdat, sc->reclaim_idx));
		if (sim->scn.policy.all_unreclaimable)
			mark_all_unreclaimable(sim, pgdat, sc->reclaim_idx, NULL);
		if (nr_boost_reclaim) {
			unsigned long round = sc->nr_reclaimed - nr_reclaimed;

			nr_boost_reclaim -= min_u64(nr_boost_reclaim, round);
			/* no I/O allowed: a round without progress ends it */
			if (nr_boost_reclaim && !round)
				break;
		}
		if (sc->order && sim->scn.policy.kswapd_order_failed_sweep) {
			/* 2.6.x: the nap at the round's priority, before a new sweep */
			int round_priority = sc->priority;

			kswapd_high_order_sweep(sc, &sweep_start);
			kswapd_congestion_nap(t, pgdat, sc, round_priority, sc->reclaim_idx);
			continue;
		}
		if (raise_priority || sc->nr_reclaimed == nr_reclaimed)
			sc->priority--;
		if (sc->priority < 1)
			break;
		kswapd_congestion_nap(t, pgdat, sc, sc->priority, sc->reclaim_idx);
	}
	if (!sc->nr_reclaimed && !sim->scn.policy.all_unreclaimable)
		pgdat->kswapd_failures++;
out:
	set_reclaim_active(pgdat, sc->reclaim_idx, false);
	kswapd_boost_end(sim, pgdat, sc->reclaim_idx, zone_boosts);
	/* without it, one refault activation would deactivate the active lists for good */
	snapshot_refaults(sim, NULL, pgdat);
}

/*
 * The highest zone of the node below its high watermark at @order, the
 * end_zone of 2.6.x..4.7 balance_pgdat: the walk goes from the node's
 * top zone down, whatever zone kswapd was woken for, and passes over a
 * zone marked all_unreclaimable below DEF_PRIORITY.  -1 if none.
 */
static int kswapd_end_zone(struct sim *sim, struct pglist_data *pgdat, int order, int priority)
{
	for (int z = MAX_NR_ZONES - 1; z >= 0; z--) {
		struct zone *zone = &pgdat->node_zones[z];

		if (!populated_zone(zone) || (zone->all_unreclaimable && priority != DEF_PRIORITY))
			continue;
		if (!wmark_ok(sim, zone, (unsigned int)order, high_wmark_pages(zone), 0, 0))
			return z;
	}
	return -1;
}

/*
 * One pass of 2.6.x..4.7 balance_pgdat over zones 0..@end_zone, lowest
 * first: a zone given up on is passed over below DEF_PRIORITY; each
 * other is soft-limit reclaimed, then shrunk unless above high + gap
 * (zone_balanced_gap).  Zone by zone with zone_reclaim = on; with the
 * node's lists, one shrink_node up to @end_zone, when any zone of them
 * is below high + gap.  With shrinkers registered each zone is followed
 * by shrink_slab, weighing that zone's scan against the LRU pages up to
 * @end_zone: after every zone, shrunk or not, before 3.0
 * (kswapd_slab = every_zone), after the zones shrunk from 3.0 (Mel
 * Gorman, "mm: vmscan: do not apply pressure to slab if we are not
 * applying pressure to zone"; with the node's lists, after the walk,
 * which counts for the first of them).  Then zones scanned six times
 * over are marked all_unreclaimable, but not one whose shrink_slab freed
 * objects (nr_slab).  Returns the end zone less a top zone so marked.
 */
static int kswapd_shrink_zones(struct task *t, struct pglist_data *pgdat, struct scan_control *sc,
			       int end_zone, int *temp_priority)
{
	struct sim *sim = t->sim;
	bool shrink = false, slab_freed[MAX_NR_ZONES] = { false };
	bool shrunk[MAX_NR_ZONES] = { false };
	u64 lru_pages = sim->shrinkers ? slab_lru_pages(sim, pgdat, (enum zone_type)end_zone) : 0;

	/* kswapd is not to leave a list early: equal pressure on every zone */
	sc->nr_to_reclaim = ULONG_MAX;
	sc->nr_scanned = 0;
	sc->reclaim_idx = (enum zone_type)end_zone;
	for (int z = 0; z <= end_zone; z++) {
		struct zone *zone = &pgdat->node_zones[z];
		unsigned long nr_scanned = sc->nr_scanned;

		if (!populated_zone(zone) ||
		    (zone->all_unreclaimable && sc->priority != DEF_PRIORITY))
			continue;
		temp_priority[z] = sc->priority;
		note_zone_scanning_priority(zone, sc->priority);
		soft_limit_reclaim(t, pgdat, (enum zone_type)z, sc, NULL);
		shrunk[z] = !zone_balanced_gap(sim, zone, sc->order, (enum zone_type)end_zone);
		if (shrunk[z] && sim->scn.policy.zone_reclaim)
			shrink_zone(t, pgdat, (enum zone_type)z, sc);
		else if (shrunk[z])
			shrink = true;
		if (sim->shrinkers && sim->scn.policy.zone_reclaim &&
		    (shrunk[z] || sim->scn.policy.kswapd_slab_every_zone))
			slab_freed[z] = reclaim_shrink_slab(t, sc, sc->nr_scanned - nr_scanned,
							    lru_pages) != 0;
	}
	if (shrink)
		shrink_node(t, pgdat, sc);
	for (int z = 0, scanned = 0;
	     z <= end_zone && sim->shrinkers && !sim->scn.policy.zone_reclaim; z++) {
		struct zone *zone = &pgdat->node_zones[z];

		if (!populated_zone(zone) ||
		    (zone->all_unreclaimable && sc->priority != DEF_PRIORITY) ||
		    (!shrunk[z] && !sim->scn.policy.kswapd_slab_every_zone))
			continue;
		/* the node walk's scan counts once, for the first zone */
		slab_freed[z] =
			reclaim_shrink_slab(t, sc, scanned++ ? 0 : sc->nr_scanned, lru_pages) != 0;
	}
	if (sim->scn.policy.all_unreclaimable)
		mark_all_unreclaimable(sim, pgdat, (enum zone_type)end_zone, slab_freed);
	/* kswapd_order_fallback = compact_gap: as kswapd_shrink_node */
	if (!sim->scn.policy.kswapd_order_failed_sweep && sc->order &&
	    sc->nr_reclaimed >= 2UL << sc->order)
		sc->order = 0;
	if (end_zone && pgdat->node_zones[end_zone].all_unreclaimable)
		end_zone--;
	return end_zone;
}

/*
 * The classzone balance_pgdat() hands back for kswapd's sleep test
 * (2.6.38..4.7: *classzone_idx), given the end zone of its last sweep.
 * 3.0..4.7 (kswapd_sleep_zones = end_zone): that end zone, which the
 * sweep lowered past a top zone it found all_unreclaimable, so
 * sleeping_prematurely (4.x prepare_kswapd_sleep) tests only the zones
 * kswapd balanced (Mel Gorman, "mm: vmscan: correct check for kswapd
 * sleeping in sleeping_prematurely", 3.0).  2.6.33..2.6.39 (node): its
 * sleeping_prematurely walked every zone of the node, so a small top
 * zone kswapd had given up on stopped it sleeping once a freed page
 * cleared the zone's all_unreclaimable.  (2.6.38..2.6.39 also tested
 * each zone against the classzone's lowmem_reserve, which 3.0's "mm:
 * vmscan: evaluate the watermarks against the correct classzone"
 * changed to the zone's own: not modelled, each zone is tested against
 * its own, as in 2.6.33..2.6.37.)
 */
static enum zone_type kswapd_sleep_classzone(struct sim *sim, struct pglist_data *pgdat,
					     int end_zone)
{
	int z = MAX_NR_ZONES - 1;

	if (!sim->scn.policy.kswapd_sleep_node)
		return (enum zone_type)end_zone;
	while (z > 0 && !populated_zone(&pgdat->node_zones[z]))
		z--;
	return (enum zone_type)z;
}

/*
 * balance_pgdat() before 4.8 (v3.10's; kswapd_balance = zones): from
 * DEF_PRIORITY down to 0 (2.6.25..3.10 alike; 4.8's node balance stops
 * at 1), find the highest unbalanced zone of the node
 * (kswapd_end_zone) and shrink the zones up to it, until every zone up
 * to the one kswapd was woken for is balanced (pgdat_balanced_zones); a
 * sweep ends early once it reclaimed SWAP_CLUSTER_MAX pages.  An
 * unbalanced node starts a new sweep at DEF_PRIORITY (loop_again), at
 * order 0 if the sweep reclaimed less than SWAP_CLUSTER_MAX: kswapd does
 * not leave balance_pgdat until the node is balanced, or every zone
 * given up on.  A small top zone that the allocations keep below its
 * high watermark thus keeps kswapd running, and reclaiming the zones
 * below it up to high + gap.  pageoutrun counts each sweep.  With
 * zone_unreclaimable = kswapd_failures (an experiment: the pre-4.8
 * kernels had all_unreclaimable) a fruitless order-0 sweep counts a
 * kswapd failure and ends the balance.
 */
static void balance_pgdat_zones(struct task *t, struct pglist_data *pgdat, struct scan_control *sc)
{
	struct sim *sim = t->sim;
	enum zone_type classzone_idx = sc->reclaim_idx;
	int last_end_zone = 0;

	/* 2.6.x..4.7: end_zone starts at ZONE_DMA, and stays there when no zone needs work */
	pgdat->kswapd_end_zone = ZONE_DMA;
	for (;;) {
		unsigned long sweep_start = sc->nr_reclaimed;
		bool balanced = false;
		/* 2.6.25: each zone's priority of this sweep, its prev_priority at the end */
		int temp_priority[MAX_NR_ZONES];

		for (int z = 0; z < MAX_NR_ZONES; z++)
			temp_priority[z] = DEF_PRIORITY;
		count_vm_event(sim, PAGEOUTRUN);
		for (sc->priority = DEF_PRIORITY; sc->priority >= 0; sc->priority--) {
			int end_zone = kswapd_end_zone(sim, pgdat, sc->order, sc->priority);

			if (end_zone < 0) {
				balanced = true;
				break;
			}
			pgdat->kswapd_end_zone = (u8)end_zone;
			sc->may_writepage = true;
			end_zone = kswapd_shrink_zones(t, pgdat, sc, end_zone, temp_priority);
			last_end_zone = end_zone;
			if (pgdat_balanced_zones(sim, pgdat, sc->order, classzone_idx, -1)) {
				balanced = true;
				break;
			}
			kswapd_congestion_nap(t, pgdat, sc, sc->priority, (enum zone_type)end_zone);
			if (sc->nr_reclaimed - sweep_start >= SWAP_CLUSTER_MAX)
				break;
		}
		for (int z = 0; z < MAX_NR_ZONES; z++)
			pgdat->node_zones[z].prev_priority = temp_priority[z];
		if (balanced)
			break;
		cond_resched(t);
		if (sc->nr_reclaimed - sweep_start < SWAP_CLUSTER_MAX) {
			if (!sc->order && !sim->scn.policy.all_unreclaimable &&
			    sc->nr_reclaimed == sweep_start) {
				pgdat->kswapd_failures++;
				break;
			}
			sc->order = 0;
		}
	}
	sc->reclaim_idx = kswapd_sleep_classzone(sim, pgdat, last_end_zone);
	snapshot_refaults(sim, NULL, pgdat);
}

/*
 * A failed sleep test: kswapd goes straight back to balance_pgdat.  The
 * 2.6.33..3.0 kswapd() loop has no cond_resched() of its own, nor has a
 * balance_pgdat that finds every zone balanced: when the sleep test
 * keeps failing (Mel Gorman's June 2011 reports, 2.6.38..3.0-rc) kswapd
 * spins at 100 % of its CPU, and only the timer tick of a preemptible
 * kernel switches it out.  This is that tick: once kswapd's step has run
 * past it, the step ends here as at a cond_resched().
 */
static void kswapd_sleep_failed(struct task *t)
{
	count_vm_event(t->sim, KSWAPD_HIGH_WMARK_HIT_QUICKLY);
	if (tick_due(t))
		cond_resched(t);
}

/*
 * kswapd_try_to_sleep() (v6.12): nap HZ/10 if the node is balanced at
 * @reclaim_order, after waking kcompactd for @alloc_order (the order
 * asked for, which reclaim may have given up on: compaction makes the
 * block); a wake-up during the nap counts KSWAPD_LOW_WMARK_HIT_QUICKLY
 * and keeps @reclaim_order for the next balance.  If it still may sleep,
 * sleep until woken; otherwise, or when the node was not balanced in the
 * first place (no nap then), count KSWAPD_HIGH_WMARK_HIT_QUICKLY and
 * balance again.
 */
static void kswapd_try_to_sleep(struct task *t, struct pglist_data *pgdat, int alloc_order,
				int reclaim_order, enum zone_type highest_zoneidx)
{
	struct sim *sim = t->sim;

	if (!prepare_kswapd_sleep(sim, pgdat, reclaim_order, highest_zoneidx)) {
		/* the kernel tests again without napping, with the same answer */
		kswapd_sleep_failed(t);
		return;
	}
	wakeup_kcompactd(sim, pgdat, alloc_order, highest_zoneidx);
	schedule_timeout(t, &pgdat->kswapd_wait, JIFFY_NS * (HZ / 10));
	if (!t->timed_out) {
		count_vm_event(sim, KSWAPD_LOW_WMARK_HIT_QUICKLY);
		/* 2.6.35 balances next for the waker's order alone */
		if (!sim->scn.policy.kswapd_sleep_requested && pgdat->kswapd_order < reclaim_order)
			pgdat->kswapd_order = reclaim_order;
		return;
	}
	if (prepare_kswapd_sleep(sim, pgdat, reclaim_order, highest_zoneidx)) {
		trace_mm_vmscan_kswapd_sleep(t, pgdat->node_id);
		schedule_timeout(t, &pgdat->kswapd_wait, 0);
		return;
	}
	kswapd_sleep_failed(t);
}

/*
 * After a balance with kswapd_sleep_order = requested (v2.6.35 kswapd()):
 * a larger order asked for meanwhile is balanced at once; otherwise
 * kswapd tries to sleep, testing the order it asked balance_pgdat for
 * (@alloc_order), not the order 0 a high-order balance may have fallen
 * back to inside (balance_pgdat returned that order from 3.0 on).  A
 * node not balanced at that order is no reason to nap: kswapd balances
 * again at once, for the order asked since (pgdat->kswapd_order, 0 if
 * none).
 */
static void kswapd_try_to_sleep_requested(struct task *t, struct pglist_data *pgdat,
					  int alloc_order, enum zone_type highest_zoneidx)
{
	int new_order = pgdat->kswapd_order;

	if (alloc_order < new_order)
		return;
	pgdat->kswapd_order = 0;
	kswapd_try_to_sleep(t, pgdat, alloc_order, alloc_order, highest_zoneidx);
}

/*
 * kswapd_sleep_at_once() (2.6.25..2.6.32 kswapd(); kswapd_short_sleep =
 * off): after a balance, which returns only once the node is balanced (or
 * given up on), kswapd balances again at once if a larger order was asked
 * for meanwhile (@alloc_order the one it balanced for); otherwise it
 * forgets the orders asked and sleeps until wakeup_kswapd() wakes it: no
 * nap, no test of the watermarks (2.6.33 brought both, as
 * KSWAPD_PREMATURE_FAST/SLOW).
 */
static void kswapd_sleep_at_once(struct task *t, struct pglist_data *pgdat, int alloc_order)
{
	if (pgdat->kswapd_order > alloc_order)
		return;
	pgdat->kswapd_order = 0;
	trace_mm_vmscan_kswapd_sleep(t, pgdat->node_id);
	schedule_timeout(t, &pgdat->kswapd_wait, 0);
}

/* kswapd() (v6.12): the body of kswapd<node>, the node in t->fn_arg. */
void kswapd(struct task *t)
{
	struct pglist_data *pgdat = t->fn_arg;

	for (;;) {
		struct scan_control sc = {
			.order = pgdat->kswapd_order,
			.reclaim_idx = pgdat->kswapd_highest_zoneidx,
			.priority = DEF_PRIORITY,
			.may_unmap = true,
			.may_swap = true,
			.may_writepage = true,
			.kswapd = true,
		};

		int alloc_order = sc.order, reclaim_order;
		bool pflags;

		/*
		 * 2.6.38..4.7 kswapd() reset pgdat->classzone_idx to the top
		 * zone after reading it: a balance no wake-up asked for (after
		 * a failed sleep test) balances the whole node
		 */
		if (t->sim->scn.policy.kswapd_balance != KSWAPD_BALANCE_NODE &&
		    !pgdat->kswapd_classzone_asked)
			sc.reclaim_idx = MAX_NR_ZONES - 1;
		pgdat->kswapd_classzone_asked = false;
		pgdat->kswapd_order = 0;
		pgdat->kswapd_highest_zoneidx = ZONE_DMA;
		/*
		 * the kernel's place, after the sleep: kswapd is created
		 * asleep (machine_init), so its first balance is traced too
		 */
		trace_mm_vmscan_kswapd_wake(t, pgdat->node_id, sc.order);
		/* balance_pgdat() is a memstall from start to end (v6.12) */
		psi_memstall_enter(t, &pflags);
		if (t->sim->scn.policy.kswapd_balance != KSWAPD_BALANCE_NODE)
			balance_pgdat_zones(t, pgdat, &sc);
		else
			balance_pgdat(t, pgdat, &sc);
		psi_memstall_leave(t, &pflags);
		if (!t->sim->scn.policy.kswapd_short_sleep) {
			kswapd_sleep_at_once(t, pgdat, alloc_order);
			continue;
		}
		if (t->sim->scn.policy.kswapd_sleep_requested) {
			kswapd_try_to_sleep_requested(t, pgdat, alloc_order, sc.reclaim_idx);
			continue;
		}
		/*
		 * the order balance_pgdat ended at; if it did not give up on
		 * the one asked for, sleep on the order asked for since
		 */
		reclaim_order = sc.order;
		if (reclaim_order >= alloc_order)
			alloc_order = reclaim_order = pgdat->kswapd_order;
		kswapd_try_to_sleep(t, pgdat, alloc_order, reclaim_order, sc.reclaim_idx);
	}
}

/* ------------------------------------------------------------------ */
/* Scenario keys: vm.swappiness and the reclaim policies */
/* ------------------------------------------------------------------ */

#define S_OFF(f) offsetof(struct scn_sysctl, f)

/* zone_reclaim_mode = auto | N: any int >= 0 as the kernel's handler (extra1 = 0) */
static int set_zone_reclaim_mode(struct cfg_ctx *k, void *obj, const char *val)
{
	struct scn_sysctl *sc = obj;
	char buf[CFG_MSG_LEN];
	u64 v;

	if (!strcmp(val, "auto")) {
		sc->zone_reclaim_mode = -1;
		return 0;
	}
	if (cfg_parse_uint_range(val, 0, INT_MAX, &v, buf, sizeof(buf)))
		return cfg_fail(k, ": '%s' is not auto or 0..%d", val, INT_MAX);
	sc->zone_reclaim_mode = (int)v;
	return 0;
}

static const struct cfg_key vmscan_sysctl_keys[] = {
	{ .name = "swappiness",
	  .type = CFG_UINT,
	  .off = S_OFF(swappiness),
	  .min = 0,
	  .max = 200,
	  .def = "60",
	  .doc = "relative cost of swapping anon against dropping file pages (get_scan_count)" },
	{ .name = "zone_reclaim_mode",
	  .type = CFG_CUSTOM,
	  .set = set_zone_reclaim_mode,
	  .def = "auto",
	  .range = "0..2147483647 \\| auto",
	  .doc = "bits: 1 an allocation whose zone is below its watermark first reclaims page cache on its own CPU's node and nodes within [policy] reclaim_distance (node_reclaim) before using farther ones, 2 writing dirty pages, 4 unmapping mapped ones (others ignored); auto = the boot rule of [policy] zone_reclaim_boot" },
	{ .name = "min_unmapped_ratio",
	  .type = CFG_UINT,
	  .off = S_OFF(min_unmapped_ratio),
	  .min = 0,
	  .max = 100,
	  .def = "1",
	  .doc = "percent of a node's managed pages of reclaimable page cache node_reclaim leaves alone (below it the allocator moves to the next node)" },
};
CFG_TABLE(vmscan_sysctl_table, vmscan_sysctl_keys);

#define P_OFF(f) .off = offsetof(struct scn_policy, f), .size = sizeof(((struct scn_policy *)0)->f)

/*
 * reclaim_sleep: how reclaim and the allocator wait for writeback - the
 * v5.16+ reclaim_throttle, the older congestion_wait naps, or
 * wait_iff_congested (v3.11..5.15), which naps only while a device is
 * congested and the node was seen congested.
 */
static int set_reclaim_sleep(struct cfg_ctx *k, void *obj, const char *val)
{
	static const char *const names[] = {
		"reclaim_throttle",
		"congestion_wait",
		"wait_iff_congested",
		"wait_iff_pageout_congested",
	};
	struct scn_policy *pol = obj;
	int i = 0;

	if (cfg_set_choice(k, val, names, 4, &i))
		return -1;
	pol->congestion_wait = i > 0;
	pol->wait_iff_congested = i == 2;
	pol->wait_iff_pageout_congested = i == 3;
	return 0;
}

static int set_zone_unreclaimable(struct cfg_ctx *k, void *obj, const char *val)
{
	static const char *const names[] = {
		"kswapd_failures",
		"all_unreclaimable",
		"all_unreclaimable_lru",
		"pgdat_reclaimable",
	};
	struct scn_policy *pol = obj;
	int i = 0;

	if (cfg_set_choice(k, val, names, 4, &i))
		return -1;
	pol->all_unreclaimable = i > 0;
	pol->all_unreclaimable_lru = i == 2;
	pol->pgdat_reclaimable = i == 3;
	return 0;
}

static const struct cfg_key vmscan_policy_keys[] = {
	{ .name = "reclaim_throttle",
	  .type = CFG_ENUM,
	  P_OFF(reclaim_throttle),
	  .values = CFG_VALUES("none", "global", "per_zone"),
	  .def = "none",
	  .doc = "the 2008 limit on parallel direct reclaimers (seed 000): none, 2 x nodes, one per node" },
	{ .name = "too_many_isolated",
	  .type = CFG_ENUM,
	  P_OFF(too_many_isolated),
	  .values = CFG_VALUES("off", "on"),
	  .def = "on",
	  .doc = "the v2.6.32+ isolation throttle of direct reclaim" },
	{ .name = "zone_unreclaimable",
	  .type = CFG_CUSTOM,
	  .set = set_zone_unreclaimable,
	  .def = "kswapd_failures",
	  .range =
		  "kswapd_failures \\| all_unreclaimable \\| all_unreclaimable_lru \\| pgdat_reclaimable",
	  .doc = "when reclaim gives up on memory: v4.11+ kswapd_failures (16 fruitless kswapd runs) / before, kswapd marks a zone all_unreclaimable once the pages scanned in it reach 6 x zone_reclaimable_pages (file pages, anon only while swap has room; v2.6.32..4.7), which direct reclaim passes over and kswapd counts as balanced / all_unreclaimable_lru: 6 x all its LRU pages (before zone_reclaimable_pages) / pgdat_reclaimable: the same evidence (v4.8..4.10's pgdat_reclaimable), which direct reclaim passes over, but kswapd's node balance neither ends early nor sleeps on it: while the node is below its high watermark kswapd balances again at once, the busy loop 4.11 fixed" },
	{ .name = "reclaim_sleep",
	  .type = CFG_CUSTOM,
	  .set = set_reclaim_sleep,
	  .def = "reclaim_throttle",
	  .range =
		  "reclaim_throttle \\| congestion_wait \\| wait_iff_congested \\| wait_iff_pageout_congested",
	  .doc = "v5.16+ throttling / the congestion_wait naps before 2.6.37 / v3.11..5.15: naps only while a device is congested and reclaim found the node's dirty pages all on congested devices / wait_iff_pageout_congested: v2.6.37..3.10, direct reclaim's nap in do_try_to_free_pages, the allocator's retry nap and (3.2+) shrink_inactive_list's writeback throttle (every reclaimer, once the batch's pages under writeback reach nr_taken >> (12 - priority)) go through wait_iff_congested, which sleeps only while a device is congested and a global reclaimer had every dirty page it met kept by pageout for a congested queue (may_write_to_queue); kswapd's nap is kswapd_nap's" },
	{ .name = "kswapd_nap",
	  .type = CFG_ENUM,
	  P_OFF(kswapd_nap),
	  .values = CFG_VALUES("none", "every_pass", "above_min", "above_min_iff_congested"),
	  .def = "none",
	  .doc = "with reclaim_sleep = congestion_wait or wait_iff_pageout_congested, kswapd's congestion_wait(HZ/10) after a balance_pgdat pass below DEF_PRIORITY - 2 that scanned something: none: no nap (v3.9+, \"mm: don't wait on congested zones in balance_pgdat()\") / every_pass: after every such pass (< v2.6.33) / above_min: unless a zone it balances is below its min watermark, counting kswapd_skip_congestion_wait instead (v2.6.33..3.7) / above_min_iff_congested: as above_min, but the nap is wait_iff_congested's, which sleeps only on a congested zone (v3.8: Zlatko Calusic's Dec 2012 change to balance_pgdat, undone in 3.9)" },
	{ .name = "kswapd_balance",
	  .type = CFG_ENUM,
	  P_OFF(kswapd_balance),
	  .values = CFG_VALUES("node", "zones", "zones_all"),
	  .def = "node",
	  .doc = "when kswapd's balance_pgdat is done and kswapd may sleep: node: once one zone up to the one it was woken for meets its high watermark (v4.8+) / zones: every such zone (at order > 0, a quarter of their pages; zones given up on count), the pass shrinking the zones up to the node's highest unbalanced one, and balance_pgdat not returning until then (2.6.38..4.7: a small top zone kept below high by allocations keeps kswapd running) / zones_all: as zones, but every zone at any order (2.6.x..2.6.37)" },
	{ .name = "kswapd_balance_gap",
	  .type = CFG_ENUM,
	  P_OFF(kswapd_gap_high_x8),
	  .values = CFG_VALUES("low_or_1pct", "high_x8"),
	  .def = "low_or_1pct",
	  .doc = "with zone_reclaim = on, kswapd shrinks a zone below its high watermark plus: low_or_1pct: the smaller of its low watermark and 1 % of the zone (v2.6.38+) / high_x8: 7 x its high watermark (before 2.6.38: \"vmscan: kswapd should not free an excessive number of pages when balancing small zones\")" },
	{ .name = "split_lru",
	  .type = CFG_ENUM,
	  P_OFF(split_lru),
	  .values = CFG_VALUES("off", "on"),
	  .def = "on",
	  .doc = "v2.6.28+ separate anon and file LRUs / before, one LRU (the split lists scanned SCAN_EQUAL stand in)" },
	{ .name = "zone_reclaim",
	  .type = CFG_ENUM,
	  P_OFF(zone_reclaim),
	  .values = CFG_VALUES("off", "on"),
	  .def = "off",
	  .doc = "before v4.8 reclaim shrinks zone by zone (shrink_zone: one memcg walk per zone, scan targets from the zone's pages; every reclaimer shares the walk's cursor and global reclaim never leaves a round early; kswapd shrinks only zones below high + balance gap) / v4.8+ node by node" },
	{ .name = "reclaim_distance",
	  .type = CFG_UINT,
	  P_OFF(reclaim_distance),
	  .min = 10,
	  .max = 255,
	  .def = "30",
	  .doc = "RECLAIM_DISTANCE: node_reclaim reclaims a node at most this far from the allocating CPU's ([machine] node_distance), and before v3.16 a node farther than it turned zone_reclaim_mode on at boot: 30 (v3.0+, 32e45ff43eaf) / 20 (before)" },
	{ .name = "zone_reclaim_boot",
	  .type = CFG_ENUM,
	  P_OFF(zone_reclaim_boot_distance),
	  .values = CFG_VALUES("off", "distance"),
	  .def = "off",
	  .doc = "[sysctl] zone_reclaim_mode = auto at boot: 0 (v3.16+, 4f9b16a64753) / 1 when some node is farther than reclaim_distance from another (before)" },
	{ .name = "full_walk_retry",
	  .type = CFG_ENUM,
	  P_OFF(full_walk_retry),
	  .values = CFG_VALUES("off", "on"),
	  .def = "on",
	  .doc = "v6.10+ do_try_to_free_pages retries a fruitless run once visiting every memcg (memcg_full_walk) / no retry" },
	{ .name = "empty_memcg_protected",
	  .type = CFG_ENUM,
	  P_OFF(empty_memcg_protected),
	  .values = CFG_VALUES("off", "on"),
	  .def = "on",
	  .doc = "a memcg using nothing is within its effective memory.min/low of 0, and the reclaim walk skips it (mem_cgroup_below_min, 45c7f7e1ef17, 2020) / is never protected and is shrunk (mem_cgroup_protected's usage test, v4.18-5.x; no protection before)" },
	{ .name = "force_deactivate_retry",
	  .type = CFG_ENUM,
	  P_OFF(force_deactivate_retry),
	  .values = CFG_VALUES("off", "on"),
	  .def = "on",
	  .doc = "v5.9+ do_try_to_free_pages retries a fruitless run with deactivation forced (skipped_deactivate) / no retry" },
	{ .name = "file_writepage",
	  .type = CFG_ENUM,
	  P_OFF(file_writepage),
	  .values = CFG_VALUES("never", "kswapd", "any", "kswapd_priority", "kswapd_dirty_zone"),
	  .def = "kswapd",
	  .doc = "reclaim writing dirty file pages: 6.17+ never (->writepage removed) / v4.11+ kswapd only, pages met dirty before on a PGDAT_DIRTY node / before v3.2 any reclaimer / v3.2..3.10 kswapd below DEF_PRIORITY - 2 / v3.11..4.10 kswapd on a zone flagged dirty; the others keep the page with PG_reclaim (activate it, v4.11+)" },
	{ .name = "writeback_rotation",
	  .type = CFG_ENUM,
	  P_OFF(rotate_inactive_only),
	  .values = CFG_VALUES("deactivate", "inactive"),
	  .def = "deactivate",
	  .doc = "the end of the write of a page reclaim marked PG_reclaim (folio_rotate_reclaimable): v4.11+ moves it to the inactive tail, active or not, PG_active cleared (c55e8d035b28, with reclaim activating the pages it meets dirty or under writeback) / inactive: before, only an inactive page moves" },
	{ .name = "direct_writeback",
	  .type = CFG_ENUM,
	  P_OFF(direct_writeback_deny),
	  .values = CFG_VALUES("allow", "deny"),
	  .def = "allow",
	  .doc = "direct reclaim may call pageout() / deny: global direct reclaim writes no page, file or swap cache (Mel Gorman's June 2010 series, seed 003's nodirect): dirty pages go back to the LRU for kswapd and the flusher, and a synchronous lumpy pass wakes the flusher and waits HZ/10 up to 10 times" },
	{ .name = "flusher_wakeup",
	  .type = CFG_ENUM,
	  P_OFF(flusher_wakeup_scanned),
	  .values = CFG_VALUES("unqueued_dirty", "scanned"),
	  .def = "unqueued_dirty",
	  .doc = "v4.11+ shrink_inactive_list wakes the flusher when every page it took was dirty and unqueued / before, do_try_to_free_pages wakes it once a direct reclaim scanned 1.5 x nr_to_reclaim pages" },
	{ .name = "flusher_wakeup_pages",
	  .type = CFG_ENUM,
	  P_OFF(flusher_wakeup_pages_scanned),
	  .values = CFG_VALUES("all", "scanned"),
	  .def = "all",
	  .doc = "what reclaim's wakeup_flusher_threads asks the flusher to write: all: every dirty page (v4.11+, 726d061fbd36 \"mm: vmscan: kick flushers when we encounter dirty pages on the LRU\": nr_pages 0; v4.14+ no nr_pages, WB_start_all; laptop_mode before) / scanned: as many pages as the reclaimer scanned, total_scanned in do_try_to_free_pages (2.6.x..4.10; pdflush's min_pages before 2.6.32), the dirty pages it set aside in the June 2010 series' synchronous pass" },
	{ .name = "may_write_to_queue",
	  .type = CFG_ENUM,
	  P_OFF(may_write_to_queue),
	  .values = CFG_VALUES("off", "on"),
	  .def = "off",
	  .doc = "pageout() by direct reclaim skips a write-congested device (full request queue) and keeps the file page (2.6.x may_write_to_queue; kswapd writes; a swap cache page is always written, 2.6.x's swap bdi never reporting congestion) / off: waits for a request (v5.16+)" },
	{ .name = "vmscan_trace_format",
	  .type = CFG_ENUM,
	  P_OFF(trace_format),
	  .values = CFG_VALUES("mainline", "2.6.36", "2010-06"),
	  .def = "mainline",
	  .doc = "the mm_vmscan_* events' formats (run --trace): mainline: the current ones (mm_vmscan_write_folio) / 2.6.36's (writepage flags=, lru_isolate contig_* fields; lumpy reclaim's era, removed in 3.5) / 2010-06: Mel Gorman's June 2010 posting (the seed 003 kernels and the trace-vmscan-postprocess.pl of that posting): 2.6.36's but writepage's sync_io=0\\|1 for flags=" },
	{ .name = "wakeup_kswapd_trace",
	  .type = CFG_ENUM,
	  P_OFF(trace_wakeup_early),
	  .values = CFG_VALUES("late", "early"),
	  .def = "late",
	  .doc = "where mm_vmscan_wakeup_kswapd fires: early: before the is-kswapd-asleep test, for every request (2.6.36; moved in 2.6.37) / late: only on a real wake-up" },
	{ .name = "throttle_vm_writeout",
	  .type = CFG_ENUM,
	  P_OFF(throttle_vm_writeout),
	  .values = CFG_VALUES("off", "on"),
	  .def = "off",
	  .doc = "each shrink of one memcg's lists (2.6.x shrink_zone, 3.10..4.7 shrink_lruvec, 4.8..4.10 shrink_node_memcg) ends by napping HZ/10 while the pages under writeback pass 1.1 x the dirty limit (throttle_vm_writeout, 2.6.x..4.10) / off (v4.11+)" },
	{ .name = "wakeup_kswapd",
	  .type = CFG_ENUM,
	  P_OFF(wakeup_kswapd),
	  .values = CFG_VALUES("node_balanced", "zone_low", "zone_balanced"),
	  .def = "node_balanced",
	  .doc = "an allocation's slow path wakes kswapd: node_balanced: once a node, for its highest usable zone, unless the node meets its high watermarks (v6.12) / zone_low: for every zone of the zonelist up to the request's highest, each when it fails its low watermark at the request's order (2.6.x..3.11 wake_all_kswapd) / zone_balanced: the same zones, each unless it meets its high watermark at the order (v3.12..4.7: zone_balanced, Johannes Weiner's \"mm: vmscan: fix numa reclaim balance problem in kswapd\")" },
	{ .name = "lumpy_reclaim",
	  .type = CFG_ENUM,
	  P_OFF(lumpy_reclaim),
	  .values = CFG_VALUES("off", "costly", "on"),
	  .def = "off",
	  .doc = "high-order reclaim isolates each page's order-aligned neighbours (2.6.23..3.4): off (v3.5+) / costly: lumpy mode, any LRU and a synchronous pass, for order > 3 (2.6.23..2.6.27) / on: also order >= 1 below DEF_PRIORITY - 2 (2.6.28+, set_lumpy_reclaim_mode of 2.6.35)" },
	{ .name = "kswapd_order_fallback",
	  .type = CFG_ENUM,
	  P_OFF(kswapd_order_failed_sweep),
	  .values = CFG_VALUES("compact_gap", "failed_sweep"),
	  .def = "compact_gap",
	  .doc = "when a high-order kswapd balance gives up its order for order 0: compact_gap: once it reclaimed 2 << order pages, leaving the block to compaction (v6.12 kswapd_shrink_node; the profiles from 3.10 on) / failed_sweep: only after a whole priority sweep reclaimed less than SWAP_CLUSTER_MAX; until then it reclaims for a free block of the order, a new sweep at DEF_PRIORITY after every SWAP_CLUSTER_MAX pages (2.6.29..2.6.3x balance_pgdat)" },
	{ .name = "kswapd_sleep_order",
	  .type = CFG_ENUM,
	  P_OFF(kswapd_sleep_requested),
	  .values = CFG_VALUES("reclaimed", "requested"),
	  .def = "reclaimed",
	  .doc = "the order kswapd tests before napping after a balance: reclaimed: the order balance_pgdat ended at, 0 when a high-order balance gave up (3.0+ balance_pgdat's return, v6.12 reclaim_order) / requested: the order it asked balance_pgdat for, so a high-order balance that fell back to order 0 inside finds the node unbalanced and kswapd balances again at once, for the order asked since (2.6.35 kswapd() and sleeping_prematurely)" },
	{ .name = "kswapd_short_sleep",
	  .type = CFG_ENUM,
	  P_OFF(kswapd_short_sleep),
	  .values = CFG_VALUES("off", "on"),
	  .def = "on",
	  .doc = "how kswapd goes to sleep after a balance: on: it naps HZ/10 if the node is balanced, then tests again and sleeps until woken only if still balanced; otherwise it balances again at once (2.6.33+: sleeping_prematurely, v4.x+ prepare_kswapd_sleep; kswapd_sleep_order says at which order it tests) / off: it sleeps until woken at once, no nap and no test, unless a larger order was asked for during the balance (2.6.x..2.6.32 kswapd(), whose balance_pgdat returned only with the node balanced)" },
	{ .name = "kswapd_slab",
	  .type = CFG_ENUM,
	  P_OFF(kswapd_slab_every_zone),
	  .values = CFG_VALUES("shrunk_zone", "every_zone"),
	  .def = "shrunk_zone",
	  .doc = "with kswapd_balance = zones or zones_all and a slab cache to shrink (kalloc's shrinker), when kswapd's balance_pgdat calls shrink_slab: shrunk_zone: after each zone it shrinks (3.0+: Mel Gorman, \"mm: vmscan: do not apply pressure to slab if we are not applying pressure to zone\", June 2011) / every_zone: after every zone up to the end zone, shrunk or not, so slab shrinks, and its pages go back to their zones, at every pass (2.6.x..2.6.39); a zone whose shrink_slab freed objects is not marked all_unreclaimable either way" },
	{ .name = "kswapd_sleep_zones",
	  .type = CFG_ENUM,
	  P_OFF(kswapd_sleep_node),
	  .values = CFG_VALUES("end_zone", "node"),
	  .def = "end_zone",
	  .doc = "with kswapd_balance = zones or zones_all, the zones kswapd tests before it naps or sleeps after a balance: end_zone: those up to the zone balance_pgdat ended at, which leaves out a top zone it gave up on as all_unreclaimable (3.0..4.7: Mel Gorman's June 2011 fixes of sleeping_prematurely) / node: every zone of the node, so a small top zone given up on keeps kswapd awake as soon as a freed page clears its all_unreclaimable (2.6.33..2.6.39 sleeping_prematurely: kswapd at 100 % CPU)" },
	{ .name = "kswapd_sleep_classzone",
	  .type = CFG_ENUM,
	  P_OFF(kswapd_sleep_end_classzone),
	  .values = CFG_VALUES("own", "end_zone"),
	  .def = "own",
	  .doc = "with kswapd_balance = zones or zones_all, the lowmem_reserve kswapd's sleep test adds to each zone's high watermark: own: none, the zone's own (before 2.6.38: classzone 0; 3.0+: Mel Gorman, \"mm: vmscan: evaluate the watermarks against the correct classzone\") / end_zone: that of the end zone of the last balance_pgdat, so a lower zone must keep the reserve it holds against the top zone's allocations, which neither the allocator nor balance_pgdat asks: kswapd balances again at once (2.6.38..2.6.39 sleeping_prematurely)" },
	{ .name = "force_scan",
	  .type = CFG_ENUM,
	  P_OFF(force_scan),
	  .values = CFG_VALUES("off", "on"),
	  .def = "off",
	  .doc = "a list whose size >> priority is 0: off: not scanned at this priority (v4.12+, 688035f729dc; v6.12 scans at least SWAP_CLUSTER_MAX only in an offline group, not modelled) / on: at least min(size, SWAP_CLUSTER_MAX) pages of it in memcg reclaim and in kswapd's reclaim of a zone (node) given up as all_unreclaimable (get_scan_count's force_scan, v3.1 246e87a93934 .. v4.11)" },
	{ .name = "shrink_bail",
	  .type = CFG_ENUM,
	  P_OFF(shrink_no_bail),
	  .values = CFG_VALUES("nr_to_reclaim", "none"),
	  .def = "nr_to_reclaim",
	  .doc = "when one shrink of a zone's (node's, a group's) lists stops: nr_to_reclaim: once it has reclaimed nr_to_reclaim below DEF_PRIORITY, the other lists scaled down to the same fraction (v2.6.29+, a79311c14eae \"vmscan: bail out of direct reclaim after swap_cluster_max pages\"; 2.6.29..2.6.32 for direct reclaim only, the model's rule is v3.11+'s shrink_lruvec) / none: it scans the whole count it took at this priority, however much it has reclaimed, so each of many parallel direct reclaimers may free far more than it needs (2.6.25..2.6.28 shrink_zone)" },
	{ .name = "noprogress_throttle",
	  .type = CFG_ENUM,
	  P_OFF(noprogress_half_second),
	  .values = CFG_VALUES("jiffy", "half_second"),
	  .def = "jiffy",
	  .doc = "with reclaim_sleep = reclaim_throttle, a direct reclaim pass that made no progress: sleeps a jiffy, global reclaim only and only at priority 1 with nothing reclaimed (5.16-rc8+, Mel Gorman's 1b4e3f26f9f7) / sleeps HZ/2 after every pass below DEF_PRIORITY - 2 that reclaimed less than an eighth of what it scanned, memcg reclaim too (5.16-rc1..rc7: the stalls near OOM that fix was for)" },
	{ .name = "reclaim_free_swap",
	  .type = CFG_ENUM,
	  P_OFF(reclaim_free_swap),
	  .values = CFG_VALUES("activate_locked", "pagevec_swap_free", "none"),
	  .def = "activate_locked",
	  .doc = "where reclaim gives back the swap slot of a swap-cache page it keeps, when swap is more than half full: activate_locked: a page shrink_folio_list activates (v2.6.30+; mem_cgroup_swap_full from v4.5, v2 groups also at half their swap.max) / pagevec_swap_free: that, and the last pagevec (deactivated pages mod 14) shrink_active_list deactivated (v2.6.28..2.6.29: 68a22394c286, until ad1c3544d0a) / none: reclaim frees no slot of a page it keeps (before 2.6.28)" },
	{ .name = "vm_exec_activation",
	  .type = CFG_ENUM,
	  P_OFF(vm_exec_activation),
	  .values = CFG_VALUES("first_use", "active_list", "none"),
	  .def = "first_use",
	  .doc = "referenced pages of executable file mappings (program text): first_use: activated on their first reference by shrink_folio_list and kept active while referenced by shrink_active_list (v3.3+, c909e99364c8) / active_list: only kept active (v2.6.31..3.2, 8cab4754d24a); they need two references to be activated like other mapped file pages / none: deactivated like every other page (2.6.28..2.6.30)" },
	{ .name = "mapped_use_once",
	  .type = CFG_ENUM,
	  P_OFF(mapped_use_once),
	  .values = CFG_VALUES("anon_and_file", "file", "none"),
	  .def = "anon_and_file",
	  .doc = "a page on the inactive list referenced once since the last scan: anon_and_file: a mapped page, file or anon, is kept for a second look and activated at a second reference (v5.9+, b518154e59aa) / file: so is a mapped file page, anon is activated at once (v2.6.34..5.8, 645747462435) / none: any referenced page in use (mapped or in the swap cache) is activated, unmapped page cache is reclaimed (before 2.6.34)" },
	{ .name = "memcg_writeback_wait",
	  .type = CFG_ENUM,
	  P_OFF(memcg_writeback_nowait),
	  .values = CFG_VALUES("page_reclaim", "none"),
	  .def = "page_reclaim",
	  .doc = "cgroup v1 limit reclaim meeting a page under writeback: page_reclaim: waits for the write if reclaim marked the page PG_reclaim before (and before v3.11 marks it so) (v3.6+, e62e384e9da8 \"memcg: prevent OOM with too many dirty pages\", c3b94f44fcb0) / none: keeps it, as global reclaim, so a group full of dirty page cache (a dd into a small group) OOM-kills (< v3.6)" },
	{ .name = "swappiness_zero",
	  .type = CFG_ENUM,
	  P_OFF(swappiness_plus_one),
	  .values = CFG_VALUES("no_anon", "some_anon"),
	  .def = "no_anon",
	  .doc = "what swappiness = 0 leaves of anon reclaim: no_anon: anon's weight is swappiness itself, 0, and at priority 0 too, until file + free pages fall to the high watermark (v3.5+, Satoru Moriya's \"mm: avoid swapping out with swappiness==0\") / some_anon: each list's weight is its priority + 1, so anon keeps about 1/200 of the scan, and priority 0 scans every list whole (< v3.5)" },
	{ .name = "lru_balance",
	  .type = CFG_ENUM,
	  P_OFF(lru_balance),
	  .values = CFG_VALUES("cost", "rotated_fraction", "rotated_percent"),
	  .def = "cost",
	  .doc = "what get_scan_count weighs anon against file by: cost: the reclaim cost lru_note_cost records, I/O x SWAP_CLUSTER_MAX plus rotations, shared with the ancestors (v5.8+, 1431d4d11abb) / rotated_fraction: each lruvec's reclaim_stat, pages scanned over pages found referenced (every referenced active page, not only those kept), each type's pair halved once its scans pass a quarter of its list (2.6.34..5.7) / rotated_percent: the same as whole percentages, anon's rounded down (2.6.28..2.6.33 get_scan_ratio)" },
	{ .name = "scan_batch",
	  .type = CFG_ENUM,
	  P_OFF(scan_try_batch),
	  .values = CFG_VALUES("none", "saved"),
	  .def = "none",
	  .doc = "get_scan_count's small counts: none: a list's size >> priority is scanned however small (v6.12; 3.x force_scan) / saved: a count short of SWAP_CLUSTER_MAX is saved per zone and list and scanned once the saved counts reach it (2.6.28 zone->lru[].nr_scan, 2.6.35 nr_scan_try_batch)" },
};
CFG_TABLE(vmscan_policy_table, vmscan_policy_keys);

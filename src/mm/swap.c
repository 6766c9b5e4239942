// SPDX-License-Identifier: MIT
/*
 * swap.c - LRU list maintenance (mm/swap.c and include/linux/mm_inline.h,
 * v6.12): adding folios to their LRU, activation on access, rotation after
 * writeback, and the anon/file cost balance get_scan_count reads.
 *
 * The kernel puts new and activated folios in per-CPU batches of
 * PAGEVEC_SIZE before they reach the LRU; the model adds them at once.
 */
#include "internal.h"
#include "../sim/config.h"
#include "../sim/scenario.h"

/* folio_lru_list(): which list a folio belongs on. */
enum lru_list folio_lru_list(const struct page *page)
{
	enum lru_list lru;

	if (PageFlag(page, PG_unevictable))
		return LRU_UNEVICTABLE;
	lru = PageFlag(page, PG_swapbacked) ? LRU_INACTIVE_ANON : LRU_INACTIVE_FILE;
	if (PageFlag(page, PG_active))
		lru += LRU_ACTIVE;
	return lru;
}

/* update_lru_size() (v6.12): node, zone and memcg counters, descendants included. */
static void update_lru_size(struct sim *sim, struct lruvec *lruvec, enum lru_list lru, u32 pfn,
			    long delta)
{
	struct zone *zone = page_zone(sim, pfn);

	lruvec->nr_pages[lru] += delta;
	lruvec->zone_nr[zone->idx][lru] += delta;
	for (struct mem_cgroup *m = lruvec->memcg; m; m = m->parent) {
		struct lruvec *lv = mem_cgroup_lruvec(m, lruvec->pgdat);

		lruvec_lru_size_changing(sim, lv);
		lv->nr_pages_hier[lru] += delta;
	}
	mod_lruvec_state(lruvec, NR_LRU_BASE + lru, delta);
	mod_zone_page_state(zone, NR_ZONE_LRU_BASE + lru, delta);
}

/* The list @pfn is on or goes to: its zone's only with per-zone lists. */
static struct pfn_list *folio_lru_head(struct sim *sim, struct lruvec *lruvec, u32 pfn,
				       enum lru_list lru)
{
	return lruvec_list(sim, lruvec,
			   sim->scn.policy.zone_reclaim ? page_zone(sim, pfn)->idx : ZONE_DMA, lru);
}

/* lruvec_add_folio(): at the head (most recent end) of its list; the LRU sizes count its pages. */
void lruvec_add_folio(struct sim *sim, struct lruvec *lruvec, u32 pfn)
{
	struct page *page = pfn_to_page(sim, pfn);
	enum lru_list lru = folio_lru_list(page);

	VM_BUG_ON_PAGE(PageFlag(page, PG_lru) || PageFlag(page, PG_isolated) ||
			       PageFlag(page, PG_buddy),
		       page);
	pfn_list_add(sim, folio_lru_head(sim, lruvec, pfn, lru), pfn);
	update_lru_size(sim, lruvec, lru, pfn, folio_nr_pages(page));
	SetPageFlag(page, PG_lru);
}

/* lruvec_add_folio_tail(): at the tail, to be reclaimed next. */
void lruvec_add_folio_tail(struct sim *sim, struct lruvec *lruvec, u32 pfn)
{
	struct page *page = pfn_to_page(sim, pfn);
	enum lru_list lru = folio_lru_list(page);

	VM_BUG_ON_PAGE(PageFlag(page, PG_lru) || PageFlag(page, PG_isolated) ||
			       PageFlag(page, PG_buddy),
		       page);
	pfn_list_add_tail(sim, folio_lru_head(sim, lruvec, pfn, lru), pfn);
	update_lru_size(sim, lruvec, lru, pfn, folio_nr_pages(page));
	SetPageFlag(page, PG_lru);
}

/* lruvec_del_folio() (v6.12). */
void lruvec_del_folio(struct sim *sim, struct lruvec *lruvec, u32 pfn)
{
	struct page *page = pfn_to_page(sim, pfn);
	enum lru_list lru = folio_lru_list(page);

	VM_BUG_ON_PAGE(!PageFlag(page, PG_lru), page);
	pfn_list_del(sim, folio_lru_head(sim, lruvec, pfn, lru), pfn);
	update_lru_size(sim, lruvec, lru, pfn, -(long)folio_nr_pages(page));
	ClearPageFlag(page, PG_lru);
}

/*
 * folio_add_lru() - a new folio enters the LRU.  Since v5.9 new anon
 * folios start on the inactive list like file ones; workingset_refault()
 * may have set PG_active before this.
 */
void folio_add_lru(struct sim *sim, u32 pfn)
{
	struct lruvec *lruvec = folio_lruvec(sim, pfn);
	struct mm_cpu *mc = &sim->mm_cpus[sim->eng.this_cpu];

	/*
	 * the per-CPU folio batch's drain takes the lru_lock once for the
	 * batch: its hold is lru_lock_ns a folio, its work inside the cost of
	 * the faults that filled it
	 */
	if (++mc->lru_add_nr == LRU_FBATCH_SIZE) {
		mc->lru_add_nr = 0;
		spin_lock_hold(sim, &lruvec->lru_lock, LRU_FBATCH_SIZE * sim->scn.cost.lru_lock_ns);
	}
	lruvec_add_folio(sim, lruvec, pfn);
}

/* folio_activate() / lru_activate(): move an inactive folio to its active list. */
static void folio_activate(struct sim *sim, u32 pfn)
{
	struct page *page = pfn_to_page(sim, pfn);
	struct lruvec *lruvec = folio_lruvec(sim, pfn);

	if (!PageFlag(page, PG_lru) || PageFlag(page, PG_active) || PageFlag(page, PG_unevictable))
		return;
	lruvec_del_folio(sim, lruvec, pfn);
	SetPageFlag(page, PG_active);
	lruvec_add_folio(sim, lruvec, pfn);
	count_vm_events(sim, PGACTIVATE, folio_nr_pages(page));
	count_memcg_events(lruvec->memcg, PGACTIVATE, folio_nr_pages(page));
}

/*
 * folio_mark_accessed() (v6.12): the first access sets PG_referenced; a
 * second one on an inactive folio activates it and clears PG_referenced.
 * An isolated folio (under reclaim) only gets PG_active set, as the
 * kernel's __lru_cache_activate_folio does for folios not on the LRU.
 */
void folio_mark_accessed(struct sim *sim, u32 pfn)
{
	struct page *page = pfn_to_page(sim, pfn);

	if (!PageFlag(page, PG_referenced)) {
		SetPageFlag(page, PG_referenced);
		return;
	}
	if (PageFlag(page, PG_unevictable) || PageFlag(page, PG_active))
		return;
	if (PageFlag(page, PG_lru))
		folio_activate(sim, pfn);
	else
		SetPageFlag(page, PG_active);
	ClearPageFlag(page, PG_referenced);
	workingset_activation(sim, pfn);
}

/*
 * folio_rotate_reclaimable() (v6.12; rotate_reclaimable_page() before
 * 5.16) - writeback of a PG_reclaim folio ended: unless it is locked or
 * was dirtied again, move it to the tail of the inactive list so reclaim
 * finds it next.  Since v4.11 reclaim activates the folios it meets dirty
 * or under writeback, to get them out of its way, and this rotation
 * brings them back (lru_move_tail clears PG_active: Johannes Weiner's
 * c55e8d035b28 "mm: vmscan: move dirty pages out of the way until
 * they're flushed", which changed both); before (writeback_rotation =
 * inactive), an active page stayed where it was.
 */
void folio_rotate_reclaimable(struct sim *sim, u32 pfn)
{
	struct page *page = pfn_to_page(sim, pfn);
	struct lruvec *lruvec;

	if (!PageFlag(page, PG_lru) || PageFlag(page, PG_locked) || PageFlag(page, PG_dirty) ||
	    PageFlag(page, PG_unevictable) || PageFlag(page, PG_isolated))
		return;
	if (PageFlag(page, PG_active) && sim->scn.policy.rotate_inactive_only)
		return;
	lruvec = folio_lruvec(sim, pfn);
	lruvec_del_folio(sim, lruvec, pfn);
	ClearPageFlag(page, PG_active);
	lruvec_add_folio_tail(sim, lruvec, pfn);
	count_vm_events(sim, PGROTATED, folio_nr_pages(page));
}

/*
 * lru_note_cost() (v5.8+): reclaim cost of a list type, I/O weighted by
 * SWAP_CLUSTER_MAX, charged to the lruvec and its ancestors; both costs
 * are halved when they exceed a quarter of the lruvec's LRU pages
 * (lruvec_page_state: descendants included), so they track recent
 * behaviour.
 */
void lru_note_cost(struct lruvec *lruvec, bool file, unsigned long nr_io, unsigned long nr_rotated)
{
	unsigned long cost = nr_io * SWAP_CLUSTER_MAX + nr_rotated;
	struct mem_cgroup *memcg = lruvec->memcg;

	for (; memcg; memcg = memcg->parent) {
		struct lruvec *lv = mem_cgroup_lruvec(memcg, lruvec->pgdat);
		u64 lrusize =
			lv->nr_pages_hier[LRU_INACTIVE_ANON] + lv->nr_pages_hier[LRU_ACTIVE_ANON] +
			lv->nr_pages_hier[LRU_INACTIVE_FILE] + lv->nr_pages_hier[LRU_ACTIVE_FILE];

		if (file)
			lv->file_cost += cost;
		else
			lv->anon_cost += cost;
		if (lv->file_cost + lv->anon_cost > lrusize / 4) {
			lv->file_cost /= 2;
			lv->anon_cost /= 2;
		}
	}
}

/*
 * lru_note_cost_refault() (v6.12): a restored refault is I/O of its type
 * (5.8+: nothing before lru_balance = cost).
 */
void lru_note_cost_refault(struct sim *sim, u32 pfn)
{
	struct page *page = pfn_to_page(sim, pfn);

	if (sim->scn.policy.lru_balance != LRU_BALANCE_COST)
		return;
	lru_note_cost(folio_lruvec(sim, pfn), !PageFlag(page, PG_swapbacked), folio_nr_pages(page),
		      0);
}

/* ------------------------------------------------------------------ */
/* Scenario keys: vm.page-cluster and the LRU of new anon pages */
/* ------------------------------------------------------------------ */

#define P_OFF(f) .off = offsetof(struct scn_policy, f), .size = sizeof(((struct scn_policy *)0)->f)

static const struct cfg_key swap_sysctl_keys[] = {
	/* mm/swap.c: page_cluster_max = 31 */
	{ .name = "page-cluster",
	  .type = CFG_UINT,
	  .off = offsetof(struct scn_sysctl, page_cluster),
	  .min = 0,
	  .max = 31,
	  .def = "3",
	  .doc = "swap readahead reads up to 2^page-cluster pages" },
};
CFG_TABLE(swap_sysctl_table, swap_sysctl_keys);

static const struct cfg_key swap_policy_keys[] = {
	{ .name = "new_anon_lru",
	  .type = CFG_ENUM,
	  P_OFF(new_anon_active),
	  .values = CFG_VALUES("inactive", "active"),
	  .def = "inactive",
	  .doc = "v5.9+ / new anon pages on the active list" },
};
CFG_TABLE(swap_policy_table, swap_policy_keys);

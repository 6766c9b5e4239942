// SPDX-License-Identifier: MIT
/*
 * workingset.c - refault detection (mm/workingset.c, v6.12).
 *
 * Every lruvec has a clock, nonresident_age, that advances by one for each
 * eviction and each activation (in the lruvec and all its ancestors).  An
 * evicted page leaves a shadow entry with the clock value of the reclaim
 * target's lruvec (the root's for global reclaim); when the page comes
 * back, the distance that clock moved meanwhile is the number of pages
 * that would have had to fit in memory for it to stay resident.  If that
 * distance is not larger than the workingset it competed in (the target's
 * lists, descendants included), it is activated at once.
 *
 * Shadow layout (u64): bit 63 marks a shadow, bit 62 the PG_workingset
 * bit, bits 48..61 the memcg id, 42..47 the node, 0..41 the clock.
 */
#include <stddef.h>

#include "internal.h"
#include "../sim/config.h"
#include "../sim/scenario.h"

#define SHADOW_WORKINGSET (1ULL << 62)
#define SHADOW_MEMCG_SHIFT 48
#define SHADOW_NODE_SHIFT 42
#define SHADOW_AGE_MASK ((1ULL << SHADOW_NODE_SHIFT) - 1)

/* workingset_age_nonresident(): advance the clock of @lruvec and its ancestors. */
static void workingset_age_nonresident(struct lruvec *lruvec, u64 nr_pages)
{
	for (struct mem_cgroup *memcg = lruvec->memcg; memcg; memcg = memcg->parent)
		mem_cgroup_lruvec(memcg, lruvec->pgdat)->nonresident_age += nr_pages;
}

/*
 * workingset_eviction() (v6.12): read the target lruvec's clock, then age
 * it (so the eviction itself counts in the distance), and pack the shadow.
 */
u64 workingset_eviction(struct sim *sim, u32 pfn, struct mem_cgroup *target)
{
	struct page *page = pfn_to_page(sim, pfn);
	struct pglist_data *pgdat = page_pgdat(sim, pfn);
	struct lruvec *lruvec = mem_cgroup_lruvec(target ? target : sim->memcgs[0], pgdat);
	u64 eviction = lruvec->nonresident_age & SHADOW_AGE_MASK;

	workingset_age_nonresident(lruvec, folio_nr_pages(page));
	return XA_SHADOW | (PageFlag(page, PG_workingset) ? SHADOW_WORKINGSET : 0) |
	       ((u64)lruvec->memcg->id << SHADOW_MEMCG_SHIFT) |
	       ((u64)pgdat->node_id << SHADOW_NODE_SHIFT) | eviction;
}

/*
 * The highest memcg id (14 bits here): no group of a run has it, so
 * mem_cgroup_from_id() finds none, as for the id of a group removed after
 * the eviction (workingset_test_recent() then returns false, v6.12).
 */
u64 workingset_shadow_offline(void)
{
	return XA_SHADOW | (0x3fffULL << SHADOW_MEMCG_SHIFT);
}

/*
 * workingset_test_recent() (v6.12): refault distance against the
 * workingset: active file, plus inactive file for anon, plus the anon
 * lists when the memcg can swap.
 */
static bool workingset_test_recent(struct sim *sim, u64 shadow, bool file)
{
	u16 memcgid = (u16)((shadow >> SHADOW_MEMCG_SHIFT) & 0x3fff);
	unsigned int nid = (unsigned int)((shadow >> SHADOW_NODE_SHIFT) & 0x3f);
	struct mem_cgroup *memcg = mem_cgroup_from_id(sim, memcgid);
	struct lruvec *lruvec;
	u64 refault, distance, workingset_size;

	if (!memcg || nid >= sim->nr_nodes)
		return false;
	lruvec = mem_cgroup_lruvec(memcg, &sim->nodes[nid]);
	refault = lruvec->nonresident_age & SHADOW_AGE_MASK;
	distance = (refault - (shadow & SHADOW_AGE_MASK)) & SHADOW_AGE_MASK;
	workingset_size = lruvec->nr_pages_hier[LRU_ACTIVE_FILE];
	if (!file)
		workingset_size += lruvec->nr_pages_hier[LRU_INACTIVE_FILE];
	if (get_nr_swap_pages(sim) > 0) {
		workingset_size += lruvec->nr_pages_hier[LRU_ACTIVE_ANON];
		if (file)
			workingset_size += lruvec->nr_pages_hier[LRU_INACTIVE_ANON];
	}
	return distance <= workingset_size;
}

/*
 * workingset_refault() (v6.12): a page whose shadow was @shadow is being
 * brought back (not yet on the LRU).  Count the refault; activate it if
 * its refault distance fits the workingset; a page that was active before
 * its eviction (PG_workingset) is a restore, and only that is a reclaim
 * cost of its type (lru_note_cost_refault).  refault_activation limits it
 * to the kernel's history: Johannes Weiner's "mm: thrash detection-based
 * file cache sizing" (a528910e12ec, 3.15) for page cache, and "mm:
 * workingset: age nonresident information alongside anonymous pages"
 * with its series (5.9) for anon.  The model still stores the shadows;
 * a profile without them never reads one.
 */
void workingset_refault(struct sim *sim, u32 pfn, u64 shadow)
{
	struct page *page = pfn_to_page(sim, pfn);
	bool file = !PageFlag(page, PG_swapbacked);
	struct lruvec *lruvec = folio_lruvec(sim, pfn);
	enum refault_activation_policy policy = sim->scn.policy.refault_activation;
	long nr = folio_nr_pages(page); /* the counters are pages, one shadow a folio */

	/*
	 * Before 3.15 an evicted page left no shadow: nothing counted or
	 * activated; 3.15..5.8 kept shadows of page cache only.
	 */
	if (policy == REFAULT_ACTIVATION_NONE || (!file && policy == REFAULT_ACTIVATION_FILE))
		return;
	mod_lruvec_state(lruvec, file ? WORKINGSET_REFAULT_FILE : WORKINGSET_REFAULT_ANON, nr);
	if (!workingset_test_recent(sim, shadow, file))
		return;
	SetPageFlag(page, PG_active);
	workingset_age_nonresident(lruvec, nr);
	mod_lruvec_state(lruvec, file ? WORKINGSET_ACTIVATE_FILE : WORKINGSET_ACTIVATE_ANON, nr);
	if (shadow & SHADOW_WORKINGSET) {
		SetPageFlag(page, PG_workingset);
		lru_note_cost_refault(sim, pfn);
		mod_lruvec_state(lruvec, file ? WORKINGSET_RESTORE_FILE : WORKINGSET_RESTORE_ANON,
				 nr);
	}
}

/* workingset_activation(): an activation ages the clock too. */
void workingset_activation(struct sim *sim, u32 pfn)
{
	workingset_age_nonresident(folio_lruvec(sim, pfn), folio_nr_pages(pfn_to_page(sim, pfn)));
}

#define P_OFF(f) .off = offsetof(struct scn_policy, f), .size = sizeof(((struct scn_policy *)0)->f)

static const struct cfg_key workingset_policy_keys[] = {
	{ .name = "refault_activation",
	  .type = CFG_ENUM,
	  P_OFF(refault_activation),
	  .values = CFG_VALUES("all", "file", "none"),
	  .def = "all",
	  .doc = "which refaults workingset_refault() counts and may activate on their refault distance: all: page cache and swapped anon (v5.9+) / file: page cache only (v3.15..5.8, a528910e12ec) / none: no shadow entries, a refaulting page joins the inactive list like a new one and no workingset_* counter moves (before 3.15)" },
};
CFG_TABLE(workingset_policy_table, workingset_policy_keys);

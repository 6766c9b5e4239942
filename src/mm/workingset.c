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
#include "xarray.h"

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

/*
 * The shadow_nodes list an xarray node allocated for @entry goes on: the
 * lruvec of the node and group its slab object would be charged to (the
 * page's, or the shadow's), the root's of the node when the shrinker is
 * not memcg-aware; NULL when no shrinker runs.
 */
struct list_lru_one *workingset_node_lru(struct sim *sim, u64 entry)
{
	enum shadow_shrinker_policy policy = sim->scn.policy.shadow_shrinker;
	struct mem_cgroup *memcg = NULL;
	unsigned int nid;

	if (policy == SHADOW_SHRINKER_NONE)
		return NULL;
	if (xa_is_value(entry)) {
		nid = (unsigned int)((entry >> SHADOW_NODE_SHIFT) & 0x3f);
		memcg = mem_cgroup_from_id(sim, (u16)((entry >> SHADOW_MEMCG_SHIFT) & 0x3fff));
		VM_BUG_ON(nid >= sim->nr_nodes); /* workingset_eviction packed a real node */
	} else {
		const struct page *page = pfn_to_page(sim, (u32)(entry - 1));

		nid = page_pgdat(sim, (u32)(entry - 1))->node_id;
		if (page->memcg_id != MEMCG_ID_NONE)
			memcg = mem_cgroup_from_id(sim, page->memcg_id);
	}
	if (!memcg || policy == SHADOW_SHRINKER_NODE_PRESENT)
		memcg = sim->memcgs[0];
	return &mem_cgroup_lruvec(memcg, &sim->nodes[nid])->shadow_nodes;
}

static struct lruvec *list_lru_lruvec(struct list_lru_one *lru)
{
	return (struct lruvec *)((char *)lru - offsetof(struct lruvec, shadow_nodes));
}

/*
 * workingset_update_node() (v6.18): a node holding shadow entries only
 * goes to the tail of its shadow_nodes list (WORKINGSET_NODES counts
 * them), one holding a page or being freed (count 0) comes off it.
 */
void workingset_update_node(struct xa_node *node)
{
	struct list_lru_one *lru = node->lru;
	bool shadows_only = node->count && node->count == node->nr_values;

	if (!lru || shadows_only == node->on_lru)
		return;
	if (shadows_only) {
		node->lru_prev = lru->tail;
		node->lru_next = NULL;
		*(lru->tail ? &lru->tail->lru_next : &lru->head) = node;
		lru->tail = node;
		lru->nr_items++;
	} else {
		*(node->lru_prev ? &node->lru_prev->lru_next : &lru->head) = node->lru_next;
		*(node->lru_next ? &node->lru_next->lru_prev : &lru->tail) = node->lru_prev;
		lru->nr_items--;
	}
	node->on_lru = shadows_only;
	mod_node_page_state(list_lru_lruvec(lru)->pgdat, WORKINGSET_NODES, shadows_only ? 1 : -1);
}

/*
 * count_shadow_nodes() (v6.18; v3.15 with node_present): the nodes on
 * @lruvec's list beyond what is worth keeping.  Shadows farther than
 * the LRU pages could hold are of no use, and nodes may be as sparse as
 * 1/8 full: at most the lruvec's own LRU pages >> (XA_CHUNK_SHIFT - 3)
 * nodes (the model has no slab pages to add); 3.15 took the node's
 * present pages, assumed half of them active cache: >> 1 more.
 */
static u64 count_shadow_nodes(struct sim *sim, struct lruvec *lruvec)
{
	u64 nodes = lruvec->shadow_nodes.nr_items, max_nodes, pages = 0;

	if (sim->scn.policy.shadow_shrinker == SHADOW_SHRINKER_NODE_PRESENT) {
		max_nodes = lruvec->pgdat->node_present_pages >> (1 + XA_CHUNK_SHIFT - 3);
	} else {
		for (int l = 0; l < NR_LRU_LISTS; l++)
			pages += lruvec->nr_pages[l];
		max_nodes = pages >> (XA_CHUNK_SHIFT - 3);
	}
	return nodes > max_nodes ? nodes - max_nodes : 0;
}

/*
 * scan_shadow_nodes() with shadow_lru_isolate() (v6.18): free the
 * @nr_to_scan oldest nodes of the list, each with all its shadows
 * (WORKINGSET_NODERECLAIM, counted to the lruvec it was charged to).
 */
static u64 scan_shadow_nodes(struct sim *sim, struct lruvec *lruvec, u64 nr_to_scan)
{
	struct list_lru_one *lru = &lruvec->shadow_nodes;
	u64 freed = 0;

	while (freed < nr_to_scan && lru->head) {
		struct xa_node *node = lru->head;

		node->count = 0;
		workingset_update_node(node);
		xa_delete_node(sim, node);
		mod_lruvec_state(lruvec, WORKINGSET_NODERECLAIM, 1);
		freed++;
	}
	return freed;
}

#define SHRINK_BATCH 128
#define DEFAULT_SEEKS 2

/*
 * do_shrink_slab() for the shadow-node shrinker, after the LRU scan of
 * @lruvec: the nodes it may free (count_shadow_nodes), a scan target,
 * batches of SHRINK_BATCH while the target allows (or all, when the
 * target reaches what is freeable), the rest deferred to the next call.
 * v6.18 (zero-seek since 4b85afbdacd2, v4.19): half the freeable nodes
 * plus the deferred >> priority, and the deferred count is the new work
 * not done.  v3.15..4.5 (node_present): DEFAULT_SEEKS, the target in
 * proportion to the pages scanned (@nr_scanned of @nr_eligible LRU
 * pages): 4 * scanned / seeks * freeable / (eligible + 1), at most
 * freeable / 2 when that is below freeable / 4, and what is left of the
 * target is deferred.  Both cap the target at twice the freeable.
 */
void shrink_shadow_nodes(struct sim *sim, struct lruvec *lruvec, int priority, u64 nr_scanned,
			 u64 nr_eligible)
{
	struct list_lru_one *lru = &lruvec->shadow_nodes;
	u64 freeable = count_shadow_nodes(sim, lruvec), nr, delta, total_scan, scanned = 0;
	bool zero_seek = sim->scn.policy.shadow_shrinker == SHADOW_SHRINKER_LRUVEC;

	if (!freeable)
		return;
	nr = lru->nr_deferred;
	lru->nr_deferred = 0;
	if (zero_seek) {
		delta = freeable / 2;
		total_scan = (nr >> priority) + delta;
	} else {
		delta = 4 * nr_scanned / DEFAULT_SEEKS * freeable / (nr_eligible + 1);
		total_scan = nr + delta;
		if (delta < freeable / 4)
			total_scan = min_u64(total_scan, freeable / 2);
	}
	total_scan = min_u64(total_scan, 2 * freeable);
	while (total_scan >= SHRINK_BATCH || total_scan >= freeable) {
		u64 nr_to_scan = min_u64(SHRINK_BATCH, total_scan);

		scan_shadow_nodes(sim, lruvec, nr_to_scan);
		total_scan -= nr_to_scan;
		scanned += nr_to_scan;
	}
	if (zero_seek)
		lru->nr_deferred =
			min_u64(nr + delta > scanned ? nr + delta - scanned : 0, 2 * freeable);
	else
		lru->nr_deferred = total_scan;
}

#define P_OFF(f) .off = offsetof(struct scn_policy, f), .size = sizeof(((struct scn_policy *)0)->f)

static const struct cfg_key workingset_policy_keys[] = {
	{ .name = "refault_activation",
	  .type = CFG_ENUM,
	  P_OFF(refault_activation),
	  .values = CFG_VALUES("all", "file", "none"),
	  .def = "all",
	  .doc = "which refaults workingset_refault() counts and may activate on their refault distance: all: page cache and swapped anon (v5.9+) / file: page cache only (v3.15..5.8, a528910e12ec) / none: no shadow entries, a refaulting page joins the inactive list like a new one and no workingset_* counter moves (before 3.15)" },
	{ .name = "shadow_shrinker",
	  .type = CFG_ENUM,
	  P_OFF(shadow_shrinker),
	  .values = CFG_VALUES("lruvec", "node_present", "none"),
	  .def = "lruvec",
	  .doc = "the shadow-node shrinker run after each LRU scan (shrink_slab): lruvec: per node and memcg, xarray nodes of shadows only beyond the lruvec's LRU pages >> 3 are freed, half the excess a call (v4.19+ zero-seek, 4b85afbdacd2) / node_present: per node, beyond node_present_pages >> 4, a share of the excess in proportion to the LRU pages scanned, global reclaim only (v3.15..4.18, 449dd6984d0e) / none: shadows are kept until their page comes back or the file goes (before 3.15)" },
};
CFG_TABLE(workingset_policy_table, workingset_policy_keys);

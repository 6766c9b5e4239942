// SPDX-License-Identifier: MIT
/*
 * memcontrol-v1.c - the cgroup v1 soft limit (memory.soft_limit_in_bytes)
 * and the ways global reclaim has honoured it ([policy] soft_limit_reclaim,
 * seed 002, docs/seed002.md):
 *
 * - tree: v3.10 mm/memcontrol.c - a tree per (node, zone) of the groups
 *   in excess, refreshed every 1024 page events per CPU, and
 *   mem_cgroup_soft_limit_reclaim() at priority 0 from kswapd and direct
 *   reclaim.  One tree per node since 4.8 (zone_reclaim = off), the
 *   memcg1_* functions of v6.12 mm/memcontrol-v1.c;
 * - integrated: Michal Hocko's rework, v3 patch 1 (May 2013, never
 *   released): shrink_zone's first pass visits only the groups in excess
 *   or below an ancestor in excess, each test a res_counter lock round
 *   trip per level;
 * - integrated_skip: the rework's v5 (June 2013): the iterator skips a
 *   group that is not eligible (SKIP) and a subtree with no descendant in
 *   excess (SKIP_TREE), children_in_excess kept on the same 1024-event
 *   tick, and one retry of the pass when it visited no group.
 *
 * Deviations: an ordered list stands in for the RB tree (pop-largest is
 * O(1), insertion O(groups in excess), a handful); the excess is in pages
 * (the kernel's is bytes, the same order); css references cannot fail.
 */
#include <stddef.h>

#include "internal.h"
#include "../sim/scenario.h"

/* v3.10 mm/memcontrol.c SOFTLIMIT_EVENTS_TARGET */
#define SOFTLIMIT_EVENTS_TARGET 1024
/* v3.10 mm/memcontrol.c: rounds of one soft reclaim, calls without progress */
#define MEM_CGROUP_MAX_RECLAIM_LOOPS 100
#define MEM_CGROUP_MAX_SOFT_LIMIT_RECLAIM_LOOPS 2

/* res_counter_soft_limit_excess() (v3.10): pages over the soft limit, or 0. */
u64 soft_limit_excess(const struct mem_cgroup *memcg)
{
	u64 usage = memcg->memory.usage;

	return usage > memcg->soft_limit ? usage - memcg->soft_limit : 0;
}

/* The tree of zone @zid of @pgdat: the zone's (zone_reclaim) or the node's. */
struct memcg_soft_mz **soft_limit_tree(struct sim *sim, struct pglist_data *pgdat,
				       enum zone_type zid)
{
	return &pgdat->node_zones[sim->scn.policy.zone_reclaim ? zid : 0].soft_limit_tree;
}

static struct memcg_soft_mz *soft_mz(struct sim *sim, struct mem_cgroup *memcg,
				     struct pglist_data *pgdat, enum zone_type zid)
{
	return &mem_cgroup_lruvec(memcg, pgdat)->soft_mz[sim->scn.policy.zone_reclaim ? zid : 0];
}

/* __mem_cgroup_remove_exceeded() (v3.10) */
static void soft_tree_remove(struct memcg_soft_mz **tree, struct memcg_soft_mz *mz)
{
	if (!mz->on_tree)
		return;
	if (mz->prev)
		mz->prev->next = mz->next;
	else
		*tree = mz->next;
	if (mz->next)
		mz->next->prev = mz->prev;
	mz->prev = mz->next = NULL;
	mz->on_tree = false;
}

/*
 * __mem_cgroup_insert_exceeded() (v3.10): keyed by @excess; equal keys go
 * right of the present ones, so the newest of them is taken first.  No
 * entry for a group not in excess.
 */
void soft_tree_insert(struct memcg_soft_mz **tree, struct memcg_soft_mz *mz, u64 excess)
{
	struct memcg_soft_mz *pos, *prev = NULL;

	if (mz->on_tree)
		return;
	mz->usage_in_excess = excess;
	if (!excess)
		return;
	for (pos = *tree; pos && pos->usage_in_excess > excess; pos = pos->next)
		prev = pos;
	mz->prev = prev;
	mz->next = pos;
	if (pos)
		pos->prev = mz;
	if (prev)
		prev->next = mz;
	else
		*tree = mz;
	mz->on_tree = true;
}

/*
 * __mem_cgroup_largest_soft_limit_node() (v3.10): take the largest entry
 * off the tree; entries whose group left its excess meanwhile are dropped.
 * NULL when the tree is empty.
 */
struct memcg_soft_mz *soft_tree_pop_largest(struct memcg_soft_mz **tree)
{
	struct memcg_soft_mz *mz;

	while ((mz = *tree)) {
		soft_tree_remove(tree, mz);
		if (soft_limit_excess(mz->memcg))
			return mz;
	}
	return NULL;
}

/*
 * mem_cgroup_update_tree() (v3.10): refresh the entries of @memcg and its
 * ancestors on the tree of the zone of page @pfn, the page whose event
 * ticked (so a group may sit on the tree of a zone where it has few pages).
 */
void mem_cgroup_update_tree(struct sim *sim, struct mem_cgroup *memcg, u32 pfn)
{
	struct zone *zone = page_zone(sim, pfn);
	struct memcg_soft_mz **tree = soft_limit_tree(sim, zone->zone_pgdat, zone->idx);

	for (; memcg; memcg = memcg->parent) {
		struct memcg_soft_mz *mz = soft_mz(sim, memcg, zone->zone_pgdat, zone->idx);
		u64 excess = soft_limit_excess(memcg);

		if (excess || mz->on_tree) {
			soft_tree_remove(tree, mz);
			soft_tree_insert(tree, mz, excess);
		}
	}
}

/*
 * mem_cgroup_update_soft_limit() (rework v5, "track children in soft limit
 * excess"): when @memcg crosses its soft limit, each ancestor's count of
 * descendants in excess follows.
 */
void mem_cgroup_update_soft_limit(struct mem_cgroup *memcg)
{
	bool excess = soft_limit_excess(memcg) != 0;

	if (excess == memcg->soft_contributed)
		return;
	memcg->soft_contributed = excess;
	for (struct mem_cgroup *pos = memcg->parent; pos; pos = pos->parent)
		pos->children_in_excess += excess ? 1 : -1U;
}

/*
 * memcg_check_events() (v3.10; memcg1_check_events in v6.12, v1 groups
 * only): count a page charged or uncharged on this CPU; every
 * SOFTLIMIT_EVENTS_TARGET events per CPU (mem_cgroup_event_ratelimit) the
 * soft-limit state is refreshed: the tree, or children_in_excess for the
 * rework's v5.  The rework's v3 had no tick (patch 2 removed the trees).
 * The kernel nests the SOFTLIMIT target in the 128-event THRESH one, so
 * its tick comes up to 127 events later; not modelled.
 */
void memcg_check_events(struct sim *sim, struct mem_cgroup *memcg, u32 pfn)
{
	enum soft_limit_reclaim_policy policy = sim->scn.policy.soft_limit_reclaim;
	u64 *ev;

	if (memcg->dfl || (policy != SOFT_LIMIT_TREE && policy != SOFT_LIMIT_INTEGRATED_SKIP))
		return;
	ev = memcg->page_events[sim->eng.this_cpu];
	ev[0]++;
	if ((s64)(ev[1] - ev[0]) >= 0)
		return;
	ev[1] = ev[0] + SOFTLIMIT_EVENTS_TARGET;
	if (policy == SOFT_LIMIT_TREE)
		mem_cgroup_update_tree(sim, memcg, pfn);
	else
		mem_cgroup_update_soft_limit(memcg);
}

/*
 * test_mem_cgroup_node_reclaimable() with noswap = false (v3.10): does
 * @memcg itself have file pages on the node, or anon pages and swap?
 */
static bool mem_cgroup_reclaimable(struct sim *sim, struct mem_cgroup *memcg,
				   struct pglist_data *pgdat)
{
	const struct lruvec *lruvec = mem_cgroup_lruvec(memcg, pgdat);

	if (lruvec->nr_pages[LRU_INACTIVE_FILE] || lruvec->nr_pages[LRU_ACTIVE_FILE])
		return true;
	return get_nr_swap_pages(sim) > 0 &&
	       (lruvec->nr_pages[LRU_INACTIVE_ANON] || lruvec->nr_pages[LRU_ACTIVE_ANON]);
}

/*
 * mem_cgroup_soft_reclaim() (v3.10): rounds over @root's subtree at
 * priority 0 through the walk's own shared cursor, 32 pages per group
 * (mem_cgroup_shrink_node_zone, which waits on pages under writeback as
 * limit reclaim does); after the second round stop when nothing was
 * reclaimable, when a quarter of the excess is back or after 100 rounds,
 * and at once when @root left its excess.
 */
static unsigned long mem_cgroup_soft_reclaim(struct task *t, struct mem_cgroup *root,
					     struct pglist_data *pgdat, enum zone_type zid,
					     unsigned long *total_scanned)
{
	struct sim *sim = t->sim;
	struct mem_cgroup_reclaim_cookie cookie = { .pgdat = pgdat };
	struct mem_cgroup *victim = NULL;
	u64 excess = soft_limit_excess(root);
	unsigned long total = 0;
	int loop = 0;

	for (;;) {
		unsigned long nr_scanned = 0;

		victim = mem_cgroup_iter(sim, root, victim, &cookie);
		if (!victim) {
			loop++;
			if (loop >= 2 &&
			    (!total || total >= excess / 4 || loop > MEM_CGROUP_MAX_RECLAIM_LOOPS))
				break;
			continue;
		}
		if (victim != root)
			charge_sys(t, sim->scn.cost.memcg_iter_ns);
		if (!mem_cgroup_reclaimable(sim, victim, pgdat))
			continue;
		total += mem_cgroup_shrink_node(t, victim, pgdat, zid, &nr_scanned);
		*total_scanned += nr_scanned;
		if (!soft_limit_excess(root))
			break;
	}
	return total;
}

/*
 * mem_cgroup_soft_limit_reclaim() (v3.10; memcg1_soft_limit_reclaim in
 * v6.12): order 0 only.  Soft-reclaim the group with the largest excess on
 * the tree of zone @zid of @pgdat; a group that gave nothing goes back on
 * the tree and the next largest is tried, up to
 * MEM_CGROUP_MAX_SOFT_LIMIT_RECLAIM_LOOPS times.  Returns the pages
 * reclaimed (the first group that gives any ends it); *@total_scanned
 * grows by the pages scanned.
 */
unsigned long mem_cgroup_soft_limit_reclaim(struct task *t, struct pglist_data *pgdat,
					    enum zone_type zid, int order,
					    unsigned long *total_scanned)
{
	struct memcg_soft_mz **tree = soft_limit_tree(t->sim, pgdat, zid);
	struct memcg_soft_mz *mz, *next = NULL;
	unsigned long total = 0;
	int loop = 0;

	if (order > 0 || !*tree)
		return 0;
	do {
		unsigned long reclaimed, nr_scanned = 0;

		mz = next ? next : soft_tree_pop_largest(tree);
		if (!mz)
			break;
		reclaimed = mem_cgroup_soft_reclaim(t, mz->memcg, pgdat, zid, &nr_scanned);
		total += reclaimed;
		*total_scanned += nr_scanned;
		next = NULL;
		if (!reclaimed) {
			/* the tick may have put mz back meanwhile: not it again */
			do
				next = soft_tree_pop_largest(tree);
			while (next && next == mz);
		}
		soft_tree_remove(tree, mz);
		soft_tree_insert(tree, mz, soft_limit_excess(mz->memcg));
		loop++;
		if (!total && (!next || loop > MEM_CGROUP_MAX_SOFT_LIMIT_RECLAIM_LOOPS))
			break;
	} while (!total);
	return total;
}

/*
 * mem_cgroup_soft_reclaim_eligible() (rework v3 patch 1): is @memcg or an
 * ancestor (up to the root memcg) over its soft limit?  Each test takes
 * the group's res_counter lock: memcg_excess_ns.
 */
bool mem_cgroup_soft_reclaim_eligible(struct task *t, struct mem_cgroup *memcg)
{
	for (struct mem_cgroup *pos = memcg; pos; pos = pos->parent) {
		charge_sys(t, t->sim->scn.cost.memcg_excess_ns);
		if (soft_limit_excess(pos))
			return true;
	}
	return false;
}

/*
 * mem_cgroup_soft_reclaim_eligible() as the iterator's filter (rework v5):
 * VISIT a group in excess or below an ancestor in excess (up to @root);
 * else SKIP it if a descendant is in excess, or SKIP_TREE its subtree.
 */
enum mem_cgroup_filter mem_cgroup_soft_reclaim_filter(struct task *t, struct mem_cgroup *memcg,
						      struct mem_cgroup *root)
{
	for (struct mem_cgroup *pos = memcg; pos; pos = pos->parent) {
		charge_sys(t, t->sim->scn.cost.memcg_excess_ns);
		if (soft_limit_excess(pos))
			return MEMCG_VISIT;
		if (pos == root)
			break;
	}
	return memcg->children_in_excess ? MEMCG_SKIP : MEMCG_SKIP_TREE;
}

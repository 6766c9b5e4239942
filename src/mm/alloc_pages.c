// SPDX-License-Identifier: MIT
/*
 * alloc_pages.c - the page allocator's entry points (mm/page_alloc.c,
 * v6.12): the zonelist walk with watermark checks, the slow path that
 * wakes kswapd, reclaims directly and retries, and the OOM decision.
 * The buddy lists themselves are in page_alloc.c.
 *
 * __alloc_pages() runs in the allocating task's coroutine: direct
 * reclaim, the 2.6.x naps and the OOM killer are called in line, and the
 * retry state (no_progress_loops) lives on its stack, as in the kernel.
 */
#include <stdlib.h>

#include "compaction.h"
#include "internal.h"
#include "trace_vmscan.h"
#include "../sim/config.h"
#include "../sim/scenario.h"

/*
 * The watermark check of the scenario's policy: v4.4+ (modern), the
 * 2.6.28 per-order walk (order_walk) or KOSAKI's 2008 proposal
 * (any_block).
 */
bool wmark_ok(const struct sim *sim, const struct zone *z, unsigned int order, u64 mark,
	      enum zone_type highest_zoneidx, unsigned int alloc_flags)
{
	switch (sim->scn.policy.watermark_check) {
	case WMARK_CHECK_ORDER_WALK:
		return zone_watermark_ok_order_walk(z, order, mark, highest_zoneidx, alloc_flags);
	case WMARK_CHECK_ANY_BLOCK:
		return zone_watermark_ok_any_block(z, order, mark, highest_zoneidx, alloc_flags);
	case WMARK_CHECK_MODERN:
		break;
	}
	return zone_watermark_ok(z, order, mark, highest_zoneidx, alloc_flags);
}

/*
 * The free_area entries the policy's check reads for a request of @order
 * that passes (a failing order walk stops earlier): the 2.6.28 walk one
 * per order below the request, the block rules from @order up to the
 * first non-empty one, v4.4+ none for order 0.  With the order-0 part,
 * the [cost] wmark_check_ns units a check costs (KOSAKI's argument in
 * seed 004: the walk's cost grows with the order, the block test's
 * with how little is free).
 */
static unsigned int wmark_check_steps(const struct sim *sim, const struct zone *z,
				      unsigned int order)
{
	unsigned int o = order;

	if (sim->scn.policy.watermark_check == WMARK_CHECK_ORDER_WALK)
		return 1 + order;
	if (sim->scn.policy.watermark_check == WMARK_CHECK_MODERN && !order)
		return 1;
	while (o < NR_PAGE_ORDERS - 1 && !z->free_area[o].nr_free)
		o++;
	return 2 + o - order;
}

/* The node of the CPU @t runs on (numa_node_id()). */
struct pglist_data *task_node(struct task *t)
{
	struct sim *sim = t->sim;
	unsigned int cpu = t->cpu >= 0 ? (unsigned int)t->cpu : 0;

	return &sim->nodes[cpu * sim->nr_nodes / sim->eng.nr_cpus];
}

/*
 * free_hot_cold_page() (v2.6.25): the freed page joins this CPU's hot or
 * cold list; when the list reaches its high mark a batch goes back to the
 * buddy lists through free_pages_bulk(), which clears the zone's
 * pages_scanned and all_unreclaimable.  So a free resets the
 * all_unreclaimable evidence only every few pages, not at every free.
 * The lists are counts only: the model's pages go to the buddy at once.
 */
static void free_hot_cold_page(struct sim *sim, struct zone *zone, bool cold)
{
	u32 *count = &zone->pcp_count[sim->eng.this_cpu][cold];

	if (++*count < zone->pcp_high[cold])
		return;
	*count -= zone->pcp_batch[cold] < *count ? zone->pcp_batch[cold] : *count;
	zone->pages_scanned = 0;
	zone->all_unreclaimable = false;
}

/*
 * buffered_rmqueue() (v2.6.25) for order 0: the page comes off this CPU's
 * hot list, which rmqueue_bulk() refills by a batch when empty (under the
 * zone lock, without touching pages_scanned).
 */
static void buffered_rmqueue(struct sim *sim, struct zone *zone)
{
	u32 *count = &zone->pcp_count[sim->eng.this_cpu][0];

	if (!*count)
		*count = zone->pcp_batch[0];
	(*count)--;
}

/*
 * rmqueue() (v6.12): orders the per-CPU lists hold come from them, the
 * rest (and what they cannot refill) from the buddy lists.  A zone a
 * fallback boosted wakes kswapd for order 0 on the way out, when the
 * request may wake kswapd: the node may look balanced otherwise.
 */
static u32 rmqueue(struct sim *sim, struct zone *zone, unsigned int order, int migratetype,
		   unsigned int alloc_flags)
{
	u32 pfn = NO_PFN;

	if (zone->per_cpu_pageset && pcp_allowed_order(sim, order))
		pfn = rmqueue_pcplist(sim, zone, order, migratetype, alloc_flags);
	if (pfn == NO_PFN)
		pfn = rmqueue_buddy(sim, zone, order, migratetype, alloc_flags);
	if ((alloc_flags & ALLOC_KSWAPD) && (zone->flags & (1UL << ZONE_BOOSTED_WATERMARK))) {
		zone->flags &= ~(1UL << ZONE_BOOSTED_WATERMARK);
		wakeup_kswapd(sim, zone, 0, 0, zone->idx);
	}
	return pfn;
}

/*
 * get_page_from_freelist() (v6.7+): a zone found below its high
 * watermark is marked ZONE_BELOW_HIGH, which keeps its per-CPU lists from
 * growing (nr_pcp_high); a free that brings it back above clears it.
 */
static void zone_note_below_high(const struct sim *sim, struct zone *zone, unsigned int order,
				 enum zone_type highest_zoneidx, unsigned int alloc_flags)
{
	if (sim->scn.policy.pcp_high != PCP_HIGH_AUTO || (zone->flags & (1UL << ZONE_BELOW_HIGH)))
		return;
	if (!wmark_ok(sim, zone, order, high_wmark_pages(zone), highest_zoneidx, alloc_flags))
		zone->flags |= 1UL << ZONE_BELOW_HIGH;
}

/*
 * zone_watermark_fast() (v6.12): an order-0 __GFP_HIGH request checking
 * the min watermark of a boosted zone checks it again without the boost:
 * the min watermark is where boosting stops counting, so that such
 * requests still get through while kswapd works the boost off.
 */
static bool boosted_min_ok(const struct sim *sim, const struct zone *zone, unsigned int order,
			   enum zone_type highest_zoneidx, unsigned int alloc_flags)
{
	if (order || !zone->watermark_boost || !(alloc_flags & ALLOC_MIN_RESERVE) ||
	    (alloc_flags & ALLOC_WMARK_MASK) != ALLOC_WMARK_MIN)
		return false;
	return wmark_ok(sim, zone, order, zone->_watermark[WMARK_MIN], highest_zoneidx,
			alloc_flags);
}

/*
 * The zone failed its watermark: with vm.zone_reclaim_mode on, may
 * node_reclaim() make it pass?  (get_page_from_freelist v6.12: only for a
 * node within reclaim_distance of the preferred one; FULL and NOSCAN move
 * on to the next zone.  3.x went on the same way, its zonelist cache
 * aside, which the model does not keep.)
 */
static bool node_reclaim_ok(struct task *t, struct zone *zone, gfp_t gfp, unsigned int order,
			    u64 mark, enum zone_type highest_zoneidx, unsigned int alloc_flags,
			    unsigned int preferred)
{
	struct sim *sim = t->sim;

	if (!sim->node_reclaim_mode ||
	    !zone_allows_reclaim(sim, preferred, (unsigned int)zone->zone_pgdat->node_id))
		return false;
	if (node_reclaim(t, zone, gfp, order) <= 0)
		return false;
	return wmark_ok(sim, zone, order, mark, highest_zoneidx, alloc_flags);
}

/*
 * zone_statistics() (mm/page_alloc.c, v6.12): one allocation from @z, the
 * zonelist's first zone being @preferred: a hit when @z is on the
 * preferred node, else a miss on @z and a foreign allocation on
 * @preferred; local when @z is on the allocating CPU's node, else other.
 * Counted once per allocation, whatever its order (rmqueue() passes 1).
 */
static void zone_statistics(struct task *t, struct zone *preferred, struct zone *z)
{
	if (z->zone_pgdat == preferred->zone_pgdat) {
		z->numa_events[NUMA_HIT]++;
	} else {
		z->numa_events[NUMA_MISS]++;
		preferred->numa_events[NUMA_FOREIGN]++;
	}
	z->numa_events[z->zone_pgdat == task_node(t) ? NUMA_LOCAL : NUMA_OTHER]++;
}

/*
 * get_page_from_freelist() (v6.12): walk the zonelist (local node first,
 * then the others by distance, build_all_zonelists; zones up to
 * highest_zoneidx, node by node or, numa_zonelist_order = zone, type by
 * type) and take a block of
 * 2^@order pages of @migratetype from the first zone whose watermark
 * allows it, or that node_reclaim brings back above it.  A high-order
 * atomic success may turn its pageblock into a highatomic reserve.
 */
static u32 get_page_from_freelist(struct task *t, gfp_t gfp, unsigned int order,
				  unsigned int alloc_flags, enum zone_type highest_zoneidx,
				  int migratetype)
{
	struct sim *sim = t->sim;
	unsigned int first = (unsigned int)task_node(t)->node_id;
	unsigned int i = 0;
	struct zone *zone, *preferred = NULL;

	while ((zone = next_zones_zonelist(sim, first, highest_zoneidx, &i))) {
		u64 mark;
		u32 pfn;

		if (!preferred) /* ac->preferred_zoneref: the zonelist holds populated zones */
			preferred = zone;
		if (zone->per_cpu_pageset)
			zone_note_below_high(sim, zone, order, highest_zoneidx, alloc_flags);
		if (!(alloc_flags & ALLOC_NO_WATERMARKS)) {
			mark = zone->_watermark[alloc_flags & ALLOC_WMARK_MASK] +
			       zone->watermark_boost;
			sim->wmark_checks[order]++;
			charge_sys(t, sim->scn.cost.wmark_check_ns *
					      wmark_check_steps(sim, zone, order));
			if (!wmark_ok(sim, zone, order, mark, highest_zoneidx, alloc_flags) &&
			    !boosted_min_ok(sim, zone, order, highest_zoneidx, alloc_flags) &&
			    !node_reclaim_ok(t, zone, gfp, order, mark, highest_zoneidx,
					     alloc_flags, first))
				continue;
		}
		pfn = rmqueue(sim, zone, order, migratetype, alloc_flags);
		if (pfn == NO_PFN)
			continue;
		/* prep_new_page(): clean, uncharged pages */
		for (u32 j = 0; j < 1U << order; j++)
			sim->mem_map[pfn + j] = (struct page){ .next = NO_PFN,
							       .prev = NO_PFN,
							       .memcg_id = MEMCG_ID_NONE };
		if (zone->pcp_count && !order)
			buffered_rmqueue(sim, zone);
		count_vm_events(sim, PGALLOC_DMA + zone->idx, 1u << order);
		zone_statistics(t, preferred, zone);
		charge_sys(t, sim->scn.cost.alloc_ns);
		if (alloc_flags & ALLOC_HIGHATOMIC)
			reserve_highatomic_pageblock(sim, zone, pfn, order);
		return pfn;
	}
	return NO_PFN;
}

/*
 * pgdat_balanced() (v6.12): a node is balanced for an order if any managed
 * zone up to highest_zoneidx meets its high watermark.
 */
bool pgdat_balanced(struct sim *sim, struct pglist_data *pgdat, int order,
		    enum zone_type highest_zoneidx)
{
	bool any = false;

	for (int z = 0; z <= (int)highest_zoneidx; z++) {
		struct zone *zone = &pgdat->node_zones[z];

		if (!populated_zone(zone))
			continue;
		any = true;
		if (wmark_ok(sim, zone, (unsigned int)order, high_wmark_pages(zone),
			     highest_zoneidx, 0))
			return true;
	}
	return !any;
}

/* pgdat_watermark_boosted() (v6.12): does a zone up to @highest_zoneidx have a boost? */
static bool pgdat_watermark_boosted(const struct pglist_data *pgdat, enum zone_type highest_zoneidx)
{
	for (int z = (int)highest_zoneidx; z >= 0; z--)
		if (pgdat->node_zones[z].watermark_boost)
			return true;
	return false;
}

/*
 * zone_balanced() as v4.2's wakeup_kswapd called it (balance gap 0,
 * classzone 0): @zone meets its high watermark at @order without the
 * lowmem reserve.  Its second test, compaction_suitable() not
 * COMPACT_SKIPPED at an order above 0, cannot fail once that holds: 4.2's
 * __compaction_suitable returns COMPACT_PARTIAL when the zone meets its
 * low watermark at the order.
 */
static bool zone_balanced_4_2(struct sim *sim, struct zone *zone, int order)
{
	return wmark_ok(sim, zone, (unsigned int)order, high_wmark_pages(zone), 0, 0);
}

/*
 * wakeup_kswapd() (v6.12): record the order and zone kswapd must balance
 * for and wake it, unless it is awake already, the node is hopeless
 * (kswapd_failures >= MAX_RECLAIM_RETRIES) or already balanced and not
 * boosted.  In the last two cases the free memory may just be too
 * fragmented: a request that cannot compact directly (no
 * __GFP_DIRECT_RECLAIM) wakes kcompactd.  With wakeup_kswapd = zone_low
 * (v3.10 wakeup_kswapd; 2.6.35 tested the watermark first) the test is
 * whether @zone itself meets its low watermark at @order, without the
 * lowmem reserve; with zone_balanced (v3.12..4.7) zone_balanced_4_2().
 */
void wakeup_kswapd(struct sim *sim, struct zone *zone, gfp_t gfp, int order,
		   enum zone_type highest_zoneidx)
{
	struct pglist_data *pgdat = zone->zone_pgdat;

	if (!populated_zone(zone) || !pgdat->kswapd)
		return;
	if (pgdat->kswapd_highest_zoneidx < highest_zoneidx)
		pgdat->kswapd_highest_zoneidx = highest_zoneidx;
	pgdat->kswapd_classzone_asked = true;
	if (pgdat->kswapd_order < order)
		pgdat->kswapd_order = order;
	if (order)
		kcompactd_start_proactive(sim, pgdat);
	trace_mm_vmscan_wakeup_kswapd_request(sim, zone, order);
	if (pgdat->kswapd->waiting_on != &pgdat->kswapd_wait)
		return;
	if (sim->scn.policy.wakeup_kswapd == WAKEUP_KSWAPD_ZONE_LOW) {
		if (wmark_ok(sim, zone, (unsigned int)order, low_wmark_pages(zone), 0, 0))
			return;
	} else if (sim->scn.policy.wakeup_kswapd == WAKEUP_KSWAPD_ZONE_BALANCED) {
		if (zone_balanced_4_2(sim, zone, order))
			return;
	} else if ((!sim->scn.policy.all_unreclaimable &&
		    pgdat->kswapd_failures >= MAX_RECLAIM_RETRIES) || /* v4.11+: hopeless */
		   (pgdat_balanced(sim, pgdat, order, highest_zoneidx) &&
		    !pgdat_watermark_boosted(pgdat, highest_zoneidx))) {
		if (!(gfp & __GFP_DIRECT_RECLAIM))
			wakeup_kcompactd(sim, pgdat, order, highest_zoneidx);
		return;
	}
	trace_mm_vmscan_wakeup_kswapd(sim, zone, order);
	wake_up_task(pgdat->kswapd);
}

/*
 * wake_all_kswapds() (v6.12): the first usable zone of every node, the
 * highest; with wakeup_kswapd = zone_low every usable zone, highest first
 * (wake_all_kswapd, 2.6.x..4.7: for_each_zone_zonelist).
 */
static void wake_all_kswapds(struct task *t, gfp_t gfp, int order, enum zone_type highest_zoneidx)
{
	struct sim *sim = t->sim;

	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		struct pglist_data *pgdat = &sim->nodes[n];

		for (int z = (int)highest_zoneidx; z >= 0; z--) {
			if (!populated_zone(&pgdat->node_zones[z]))
				continue;
			wakeup_kswapd(sim, &pgdat->node_zones[z], gfp, order, highest_zoneidx);
			if (sim->scn.policy.wakeup_kswapd == WAKEUP_KSWAPD_NODE_BALANCED)
				break;
		}
	}
}

/*
 * should_reclaim_retry() (v6.12): progress resets the count of fruitless
 * passes only for orders up to PAGE_ALLOC_COSTLY_ORDER (a costly request
 * is not helped by order-0 progress alone); after MAX_RECLAIM_RETRIES
 * fruitless passes the highatomic reserve is released as a last resort
 * (retry if one was).  Otherwise retry if some zone could meet its min
 * watermark at @order with all its reclaimable pages freed.
 */
static noinline bool should_reclaim_retry(struct task *t, unsigned int order,
					  enum zone_type highest_zoneidx, unsigned int alloc_flags,
					  unsigned long did_some_progress,
					  unsigned int *no_progress_loops)
{
	struct sim *sim = t->sim;

	if (did_some_progress && order <= PAGE_ALLOC_COSTLY_ORDER)
		*no_progress_loops = 0;
	else
		(*no_progress_loops)++;
	if (*no_progress_loops > MAX_RECLAIM_RETRIES)
		return unreserve_highatomic_pageblock(sim, highest_zoneidx, true);
	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		for (int z = (int)highest_zoneidx; z >= 0; z--) {
			struct zone *zone = &sim->nodes[n].node_zones[z];
			long available;

			if (!populated_zone(zone))
				continue;
			available = (long)zone_reclaimable_pages(sim, zone) +
				    zone_page_state(zone, NR_FREE_PAGES);
			if (__zone_watermark_ok(zone, order, min_wmark_pages(zone), highest_zoneidx,
						alloc_flags, available))
				return true;
		}
	}
	return false;
}

/*
 * should_compact_retry() (v6.12) decides whether another round of direct
 * compaction could still succeed.  With compaction: compaction skipped
 * for want of free pages retries if reclaim could provide them
 * (compaction_zonelist_suitable); a success whose block was taken by
 * someone else retries up to MAX_COMPACT_RETRIES times (a quarter of
 * that for costly orders); a failure retries at the next harder
 * priority, down to sync-light for costly orders and sync-full for the
 * others.  Without compaction (compaction = none, the kernel's
 * !CONFIG_COMPACTION version): retry an order up to
 * PAGE_ALLOC_COSTLY_ORDER while some zone has the free pages for it at
 * the min watermark, in case reclaim alone can assemble the block.
 */
#define MAX_COMPACT_RETRIES 16

/*
 * should_compact_retry() as 4.7 and 4.8 had it (compact_retry =
 * migrate_mode; Michal Hocko's OOM detection rework, its patch "mm, oom:
 * protect !costly allocations some more" gave it the compaction
 * feedback): compaction that ran its zones through and failed
 * (COMPACT_COMPLETE) is retried once more in the sync-light migrate mode
 * if it was asynchronous, and then not again, whatever the order; one
 * that backed off (skipped, deferred, contended, partially skipped)
 * retries while some zone could compact with reclaim's help; any other
 * result retries while fewer than MAX_COMPACT_RETRIES (a quarter for
 * costly orders) found a block someone else then took.  A !costly
 * request (fork's order-2 stack) therefore reaches the OOM killer after
 * one failed sync-light pass that, like every pass at that mode, resumed
 * from the cached scanner positions and honoured the skip hints and
 * deferral: the premature OOM kills with plenty of free order-0 memory
 * reported against 4.7 and 4.8.  4.9's compaction priority series (Vlastimil
 * Babka) escalates to MIN_COMPACT_PRIORITY instead (the whole zone, no
 * skip hints, no deferral) before giving up: should_compact_retry()
 * below.  The model's compaction runs sync-light where 4.7 ran sync-light.
 */
static bool should_compact_retry_migrate_mode(struct task *t, unsigned int order,
					      enum zone_type highest_zoneidx,
					      enum compact_result compact_result,
					      enum compact_priority *compact_priority,
					      int *compaction_retries)
{
	int max_retries = MAX_COMPACT_RETRIES;

	if (compact_result == COMPACT_COMPLETE) {
		if (*compact_priority == COMPACT_PRIO_ASYNC) {
			*compact_priority = COMPACT_PRIO_SYNC_LIGHT;
			return true;
		}
		return false;
	}
	if (compact_result == COMPACT_SKIPPED || compact_result == COMPACT_DEFERRED ||
	    compact_result == COMPACT_CONTENDED || compact_result == COMPACT_PARTIAL_SKIPPED)
		return compaction_zonelist_suitable(t->sim, order, highest_zoneidx);
	if (order > PAGE_ALLOC_COSTLY_ORDER)
		max_retries /= 4;
	if (compact_result == COMPACT_SUCCESS)
		++*compaction_retries;
	return *compaction_retries <= max_retries;
}

static noinline bool should_compact_retry(struct task *t, unsigned int order,
					  enum zone_type highest_zoneidx, unsigned int alloc_flags,
					  enum compact_result compact_result,
					  enum compact_priority *compact_priority,
					  int *compaction_retries)
{
	struct sim *sim = t->sim;

	if (!order)
		return false;
	if (sim->scn.policy.compaction != COMPACTION_NONE &&
	    sim->scn.policy.compact_retry_migrate_mode)
		return should_compact_retry_migrate_mode(t, order, highest_zoneidx, compact_result,
							 compact_priority, compaction_retries);
	if (sim->scn.policy.compaction != COMPACTION_NONE) {
		int max_retries = MAX_COMPACT_RETRIES;
		enum compact_priority min_priority;

		if (compact_result == COMPACT_SKIPPED)
			return compaction_zonelist_suitable(sim, order, highest_zoneidx);
		if (compact_result == COMPACT_SUCCESS) {
			if (order > PAGE_ALLOC_COSTLY_ORDER)
				max_retries /= 4;
			if (++*compaction_retries <= max_retries)
				return true;
		}
		min_priority = order > PAGE_ALLOC_COSTLY_ORDER ? MIN_COMPACT_COSTLY_PRIORITY :
								 MIN_COMPACT_PRIORITY;
		if (*compact_priority > min_priority) {
			(*compact_priority)--;
			*compaction_retries = 0;
			return true;
		}
		return false;
	}
	if (order > PAGE_ALLOC_COSTLY_ORDER)
		return false;
	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		for (int z = (int)highest_zoneidx; z >= 0; z--) {
			struct zone *zone = &sim->nodes[n].node_zones[z];

			if (populated_zone(zone) &&
			    __zone_watermark_ok(zone, 0, min_wmark_pages(zone), highest_zoneidx,
						alloc_flags, zone_page_state(zone, NR_FREE_PAGES)))
				return true;
		}
	return false;
}

/*
 * gfp_to_alloc_flags() (v6.12): the slow path's flags.  __GFP_HIGH may
 * dip to half the min watermark (ALLOC_MIN_RESERVE, the same bit), a
 * request that cannot reclaim (atomic, GFP_NOWAIT) a further quarter
 * (ALLOC_NON_BLOCK) unless __GFP_NOMEMALLOC, and a high-order atomic one
 * may use and create highatomic reserves.  Real-time tasks and cpusets
 * are not modelled.
 */
static unsigned int gfp_to_alloc_flags(gfp_t gfp, unsigned int order)
{
	unsigned int alloc_flags = ALLOC_WMARK_MIN | ALLOC_CPUSET;

	alloc_flags |= gfp & (__GFP_HIGH | __GFP_KSWAPD_RECLAIM);
	if (!(gfp & __GFP_DIRECT_RECLAIM) && !(gfp & __GFP_NOMEMALLOC)) {
		alloc_flags |= ALLOC_NON_BLOCK;
		if (order > 0 && (alloc_flags & ALLOC_MIN_RESERVE))
			alloc_flags |= ALLOC_HIGHATOMIC;
	}
	return alloc_flags;
}
_Static_assert(__GFP_HIGH == ALLOC_MIN_RESERVE && __GFP_KSWAPD_RECLAIM == ALLOC_KSWAPD,
	       "gfp_to_alloc_flags() copies these bits, as the kernel does");

/*
 * warn_alloc() (v6.12): count the failure and, unless __GFP_NOWARN, log
 * "COMM: page allocation failure: order:N, mode:0x...(NAMES),
 * nodemask=(null),cpuset=/,mems_allowed=0[-M]" through the kernel's
 * ratelimit (10 messages per 5 s; the ones above are counted as
 * suppressed and reported when the next window opens, as
 * ___ratelimit() does).  The kernel follows the line with a stack dump
 * and show_mem(); the model keeps the line only.
 */
static void warn_alloc(struct task *t, gfp_t gfp, unsigned int order)
{
	struct sim *sim = t->sim;
	struct alloc_failures *af = &sim->alloc_failures;
	u64 now = task_now(t);
	char names[192], line[KMSG_LINE_LEN], mems[16];

	af->failed[order]++;
	if (gfp & __GFP_NOWARN)
		return;
	af->warned++;
	if (!af->rs_begin || now - af->rs_begin >= 5 * NSEC_PER_SEC) {
		if (af->rs_missed) {
			snprintf(line, sizeof(line), "warn_alloc: %llu callbacks suppressed",
				 (unsigned long long)af->rs_missed);
			kmsg_log(sim, now, line);
		}
		af->rs_begin = now ? now : 1;
		af->rs_printed = af->rs_missed = 0;
	}
	if (af->rs_printed >= 10) {
		af->rs_missed++;
		return;
	}
	af->rs_printed++;
	gfp_format(gfp, names, sizeof(names));
	mems_allowed_str(sim, mems, sizeof(mems));
	snprintf(
		line, sizeof(line),
		"%s: page allocation failure: order:%u, mode:%#x(%s), nodemask=(null),cpuset=/,mems_allowed=%s",
		t->comm, order, gfp, names, mems);
	kmsg_log(sim, now, line);
}

/*
 * __alloc_pages_direct_compact() (v6.12): try_to_compact_pages at @prio
 * (a memstall), then the freelists.  A run that compacted some zone
 * counts compact_stall, and compact_success or compact_fail by whether
 * the allocation then succeeded; success clears the zone's deferral.
 */
static u32 __alloc_pages_direct_compact(struct task *t, gfp_t gfp, unsigned int order,
					unsigned int alloc_flags, enum zone_type highest_zoneidx,
					int migratetype, enum compact_priority prio,
					enum compact_result *compact_result)
{
	struct sim *sim = t->sim;
	bool pflags;
	u32 pfn;

	psi_memstall_enter(t, &pflags);
	*compact_result = try_to_compact_pages(t, gfp, order, alloc_flags, highest_zoneidx, prio);
	psi_memstall_leave(t, &pflags);
	if (*compact_result == COMPACT_SKIPPED)
		return NO_PFN;
	count_vm_event(sim, COMPACTSTALL);
	pfn = get_page_from_freelist(t, gfp, order, alloc_flags, highest_zoneidx, migratetype);
	if (pfn != NO_PFN) {
		compaction_defer_reset(page_zone(sim, pfn), (int)order, true);
		count_vm_event(sim, COMPACTSUCCESS);
		return pfn;
	}
	count_vm_event(sim, COMPACTFAIL);
	cond_resched(t);
	return NO_PFN;
}

/*
 * The end of __alloc_pages_direct_reclaim() (v6.12) with per-CPU lists:
 * after reclaim made progress, try to allocate; if that fails, the freed
 * pages may sit on other CPUs' lists, so drain every CPU's lists
 * (drain_all_pages) and try once more.
 */
static u32 direct_reclaim_drain(struct task *t, gfp_t gfp, unsigned int order,
				unsigned int alloc_flags, enum zone_type highest_zoneidx,
				int migratetype)
{
	u32 pfn = get_page_from_freelist(t, gfp, order, alloc_flags, highest_zoneidx, migratetype);

	if (pfn != NO_PFN)
		return pfn;
	drain_all_pages(t->sim, NULL);
	return get_page_from_freelist(t, gfp, order, alloc_flags, highest_zoneidx, migratetype);
}

/*
 * What 2.6.x try_to_free_pages() returned to __alloc_pages() as
 * did_some_progress, from do_try_to_free_pages()'s nr_reclaimed and
 * whether its last pass (priority 0) found every zone all_unreclaimable:
 * a full SWAP_CLUSTER_MAX is progress; short of that, v2.6.25 returns 1
 * when some zone was still scanned and 0 otherwise, whatever was
 * reclaimed; v2.6.26..2.6.34 return nr_reclaimed in the first case (0 if
 * nothing was reclaimed) and 0 in the second; v2.6.35 (KOSAKI's "fix
 * do_try_to_free_pages() return value when priority==0 reclaim failure")
 * returns nr_reclaimed when it is not 0, else 1 when some zone was still
 * scanned: a reclaimer that freed nothing while pages were under
 * writeback no longer OOM-kills unless kswapd gave up on every zone.
 */
bool did_some_progress(const struct sim *sim, unsigned long nr_reclaimed, bool all_unreclaimable)
{
	switch (sim->scn.policy.did_some_progress) {
	case PROGRESS_RECLAIMED_OR_RECLAIMABLE:
		return nr_reclaimed || !all_unreclaimable;
	case PROGRESS_RECLAIMABLE:
		return nr_reclaimed >= SWAP_CLUSTER_MAX || !all_unreclaimable;
	case PROGRESS_NR_RECLAIMED:
		break;
	}
	return nr_reclaimed >= SWAP_CLUSTER_MAX || (!all_unreclaimable && nr_reclaimed);
}

/*
 * __alloc_pages_direct_reclaim() (v6.12): __perform_reclaim (a memstall
 * around try_to_free_pages), then, if it made progress, the free lists
 * again, draining the per-CPU lists once if that fails.  No progress gives
 * a highatomic block back (the model does that here, the kernel in
 * should_reclaim_retry and after the drain).  *@progress is
 * try_to_free_pages' result.  The 2.6.x rule (alloc_retry = no_progress)
 * tries the free lists on its own progress: 2.6.25's __alloc_pages and
 * 2.6.35's and 3.10's __alloc_pages_direct_reclaim on a true
 * try_to_free_pages, which is also some zone not all_unreclaimable with
 * nothing reclaimed (did_some_progress): memory an OOM kill or an exit
 * freed is found there, not only at restart:.
 */
static u32 __alloc_pages_direct_reclaim(struct task *t, gfp_t gfp, unsigned int order,
					unsigned int alloc_flags, enum zone_type highest_zoneidx,
					int migratetype, unsigned long *progress,
					bool *all_unreclaimable)
{
	struct sim *sim = t->sim;
	bool pflags;

	psi_memstall_enter(t, &pflags);
	*progress = try_to_free_pages(t, (int)order, highest_zoneidx, all_unreclaimable);
	psi_memstall_leave(t, &pflags);
	if (sim->scn.policy.alloc_no_progress_oom ?
		    !did_some_progress(sim, *progress, *all_unreclaimable) :
		    !*progress) {
		unreserve_highatomic_pageblock(sim, highest_zoneidx, false);
		return NO_PFN;
	}
	if (sim->scn.policy.pcp_lists != PCP_LISTS_OFF)
		return direct_reclaim_drain(t, gfp, order, alloc_flags, highest_zoneidx,
					    migratetype);
	return get_page_from_freelist(t, gfp, order, alloc_flags, highest_zoneidx, migratetype);
}

/*
 * __alloc_pages() + __alloc_pages_slowpath() (v6.12): see internal.h.
 * The fast path at the low watermark; then the slow path in the kernel's
 * order: wake kswapd and try the min watermark (less the reserves the
 * gfp mask allows); costly or non-movable orders compact once, async,
 * before any reclaim (a costly __GFP_NORETRY request whose compaction was
 * skipped or deferred fails there); then, at retry:, kswapd and the free
 * lists again, direct reclaim, direct compaction (order > 0), and the
 * judgement: __GFP_NORETRY fails, so does a costly order without
 * __GFP_RETRY_MAYFAIL; should_reclaim_retry and should_compact_retry go
 * back to retry:; otherwise the OOM killer (not for costly orders,
 * __GFP_RETRY_MAYFAIL or requests limited to DMA/DMA32), and retry: once
 * the victim's memory is back.  The 2.6.x profiles judge with the 2.6.x
 * rule instead (alloc_retry = no_progress).  A mask without
 * __GFP_DIRECT_RECLAIM fails before reclaiming.
 */
enum vm_fault_result __alloc_pages(struct task *t, gfp_t gfp, unsigned int order, u32 *pfn)
{
	struct sim *sim = t->sim;
	const enum zone_type highest_zoneidx = gfp_zone(gfp, arch_zones(sim->scn.machine.arch));
	const int migratetype = gfp_migratetype(gfp);
	const bool costly_order = order > PAGE_ALLOC_COSTLY_ORDER;
	const bool can_direct_reclaim = gfpflags_allow_blocking(gfp);
	const bool can_compact = order && sim->scn.policy.compaction != COMPACTION_NONE;
	enum compact_priority compact_priority = INIT_COMPACT_PRIORITY;
	enum compact_result compact_result = COMPACT_SKIPPED;
	unsigned int alloc_flags, no_progress_loops = 0;
	unsigned long progress = 0;
	bool all_unreclaimable = false;
	int compaction_retries = 0;
	bool restart = false; /* 2.6.x: back at restart: after the OOM killer */

	/* alloc_flags_nofragment(): the fast path may wake kswapd for a boost */
	*pfn = get_page_from_freelist(t, gfp, order, ALLOC_WMARK_LOW | (gfp & __GFP_KSWAPD_RECLAIM),
				      highest_zoneidx, migratetype);
	if (*pfn != NO_PFN)
		return VM_FAULT_DONE;

	/* __alloc_pages_slowpath() */
	alloc_flags = gfp_to_alloc_flags(gfp, order);
	mm_task(t)->alloc_gfp = gfp;
	if (alloc_flags & ALLOC_KSWAPD)
		wake_all_kswapds(t, gfp, (int)order, highest_zoneidx);
	*pfn = get_page_from_freelist(t, gfp, order, alloc_flags, highest_zoneidx, migratetype);
	if (*pfn != NO_PFN)
		return VM_FAULT_DONE;
	/*
	 * costly orders first try compaction, likely to find the base pages
	 * without reclaim; so do non-movable ones, whose compaction keeps
	 * their pageblocks apart
	 */
	if (can_direct_reclaim && can_compact && (costly_order || migratetype != MIGRATE_MOVABLE)) {
		*pfn = __alloc_pages_direct_compact(t, gfp, order, alloc_flags, highest_zoneidx,
						    migratetype, INIT_COMPACT_PRIORITY,
						    &compact_result);
		if (*pfn != NO_PFN)
			return VM_FAULT_DONE;
		if (costly_order && (gfp & __GFP_NORETRY) &&
		    (compact_result == COMPACT_SKIPPED || compact_result == COMPACT_DEFERRED))
			goto nopage;
	}

retry:
	/*
	 * v6.12's retry: wakes kswapd and tries the free lists on every pass
	 * (4.2's loop went back to retry: too).  2.6.35's and 3.10's
	 * __alloc_pages_slowpath did both at restart: only: its rebalance:
	 * loop (progress, congestion_wait HZ/50) went straight back to
	 * direct reclaim, whose own try follows the reclaim; only the OOM
	 * path's goto restart woke kswapd again.
	 */
	if (!sim->scn.policy.slowpath_wake_restart || restart) {
		if (alloc_flags & ALLOC_KSWAPD)
			wake_all_kswapds(t, gfp, (int)order, highest_zoneidx);
		*pfn = get_page_from_freelist(t, gfp, order, alloc_flags, highest_zoneidx,
					      migratetype);
		if (*pfn != NO_PFN)
			return VM_FAULT_DONE;
	}
	restart = false;
	if (!can_direct_reclaim)
		goto nopage;
	*pfn = __alloc_pages_direct_reclaim(t, gfp, order, alloc_flags, highest_zoneidx,
					    migratetype, &progress, &all_unreclaimable);
	if (*pfn != NO_PFN)
		return VM_FAULT_DONE;
	if (can_compact) {
		*pfn = __alloc_pages_direct_compact(t, gfp, order, alloc_flags, highest_zoneidx,
						    migratetype, compact_priority, &compact_result);
		if (*pfn != NO_PFN)
			return VM_FAULT_DONE;
	}
	if (sim->scn.policy.alloc_no_progress_oom) {
		/*
		 * 2.6.x __alloc_pages: progress, or a request that may not
		 * OOM-kill (no __GFP_FS), means nap HZ/50 and rebalance, up to
		 * COSTLY (larger orders only with __GFP_REPEAT, not modelled)
		 * and never with __GFP_NORETRY; no progress means one last try
		 * at the high watermark (a parallel OOM kill may have freed
		 * memory), then the OOM killer, up to COSTLY.
		 */
		if (did_some_progress(sim, progress, all_unreclaimable) || !(gfp & __GFP_FS) ||
		    (gfp & __GFP_NORETRY)) {
			if (costly_order || (gfp & __GFP_NORETRY))
				goto nopage;
			/* v2.6.37+: wait_iff_congested(preferred zone, HZ/50) */
			if (!sim->scn.policy.wait_iff_congested &&
			    !sim->scn.policy.wait_iff_pageout_congested)
				congestion_wait(t, JIFFY_NS * (HZ / 50));
			else if (!wait_iff_congested(t, task_node(t), JIFFY_NS * (HZ / 50)))
				cond_resched(t);
			goto retry;
		}
		*pfn = get_page_from_freelist(t, gfp, order, ALLOC_WMARK_HIGH, highest_zoneidx,
					      migratetype);
		if (*pfn != NO_PFN)
			return VM_FAULT_DONE;
		if (costly_order)
			goto nopage;
	} else {
		if (gfp & __GFP_NORETRY)
			goto nopage;
		if (costly_order && !(gfp & __GFP_RETRY_MAYFAIL))
			goto nopage;
		if (should_reclaim_retry(t, order, highest_zoneidx, alloc_flags, progress,
					 &no_progress_loops))
			goto retry;
		/* compaction needs free memory: only after progress */
		if (progress &&
		    should_compact_retry(t, order, highest_zoneidx, alloc_flags, compact_result,
					 &compact_priority, &compaction_retries))
			goto retry;
		/* __alloc_pages_may_oom: no OOM kill for these */
		if (costly_order || (gfp & __GFP_RETRY_MAYFAIL) || highest_zoneidx < ZONE_NORMAL)
			goto nopage;
	}
	/* __alloc_pages_may_oom */
	if (!out_of_memory(t, NULL, gfp, order) || mm_task(t)->oom_victim)
		return VM_FAULT_OOM;
	no_progress_loops = 0;
	restart = true;
	goto retry; /* the victim's memory is back */

nopage:
	warn_alloc(t, gfp, order);
	return VM_FAULT_NOMEM;
}

/*
 * free_unref_page() (v6.12) - the last reference is gone: uncharge and
 * free; a large folio (free_unref_folios) goes back whole, as one block
 * of its order.
 */
static void __free_unref_page(struct sim *sim, u32 pfn, bool cold)
{
	struct page *page = pfn_to_page(sim, pfn);
	struct zone *zone = page_zone(sim, pfn);
	unsigned int order = page->order;

	/* free_page_is_bad(): off every list, unmapped, held by no one */
	VM_BUG_ON_PAGE(PageFlag(page, PG_lru) || PageFlag(page, PG_isolated) ||
			       PageFlag(page, PG_buddy) || PageFlag(page, PG_tail) ||
			       page->mapcount || page->next != NO_PFN,
		       page);
	mem_cgroup_uncharge(sim, pfn);
	for (u32 i = 1; i < 1U << order; i++) {
		VM_BUG_ON_PAGE(sim->mem_map[pfn + i].mapcount, &sim->mem_map[pfn + i]);
		sim->mem_map[pfn + i] =
			(struct page){ .next = NO_PFN, .prev = NO_PFN, .memcg_id = MEMCG_ID_NONE };
	}
	*page = (struct page){ .next = NO_PFN, .prev = NO_PFN, .memcg_id = MEMCG_ID_NONE };
	if (!zone->per_cpu_pageset || !free_unref_page_pcp(sim, pfn, order)) {
		spin_lock_hold(sim, &zone->lock, sim->scn.cost.free_ns);
		free_one_page(sim, pfn, order);
	}
	count_vm_events(sim, PGFREE, 1ULL << order);
	if (zone->pcp_count)
		free_hot_cold_page(sim, zone, cold);
}

void free_unref_page(struct sim *sim, u32 pfn)
{
	__free_unref_page(sim, pfn, false);
}

/* Reclaim frees its pages cold (2.6.x: pagevec_init(&freed_pvec, 1)). */
void free_cold_page(struct sim *sim, u32 pfn)
{
	__free_unref_page(sim, pfn, true);
}

/* GFP_KERNEL allocation of one page: reclaim and OOM as any other. */
enum vm_fault_result alloc_kernel_page(struct task *t, u32 *pfn)
{
	enum vm_fault_result r = __alloc_pages(t, GFP_KERNEL, 0, pfn);

	if (r == VM_FAULT_DONE)
		t->sim->nr_kernel_pages++;
	return r;
}

/* __free_pages() of a kernel page. */
void free_kernel_page(struct sim *sim, u32 pfn)
{
	sim->nr_kernel_pages--;
	free_unref_page(sim, pfn);
}

enum vm_fault_result alloc_kernel_pages(struct task *t, gfp_t gfp, unsigned int order, u32 *pfn)
{
	enum vm_fault_result r = __alloc_pages(t, gfp, order, pfn);

	if (r == VM_FAULT_DONE)
		t->sim->nr_kernel_pages += 1ULL << order;
	return r;
}

/*
 * __free_pages() of a kernel block of @order (v6.12: the orders the
 * per-CPU lists hold through free_unref_page, the others
 * __free_pages_ok).
 */
void free_kernel_pages(struct sim *sim, u32 pfn, unsigned int order)
{
	if (!order) {
		free_kernel_page(sim, pfn);
		return;
	}
	sim->nr_kernel_pages -= 1ULL << order;
	for (u32 i = 0; i < 1U << order; i++)
		sim->mem_map[pfn + i] =
			(struct page){ .next = NO_PFN, .prev = NO_PFN, .memcg_id = MEMCG_ID_NONE };
	if (!free_unref_page_pcp(sim, pfn, order)) {
		spin_lock_hold(sim, &page_zone(sim, pfn)->lock, sim->scn.cost.free_ns);
		free_one_page(sim, pfn, order);
	}
	count_vm_events(sim, PGFREE, 1ULL << order);
}

/*
 * alloc_charged_page - a page of user or page-cache memory for @t: the
 * kernel's folio allocation (vma_alloc_folio, filemap_alloc_folio,
 * __read_swap_cache_async's folio_alloc_mpol) and then its memcg charge
 * (mem_cgroup_charge, or the one inside filemap_add_folio and
 * mem_cgroup_swapin_charge_folio), both with @gfp; either may reclaim and
 * sleep in place.  Between the two the page is the task's held page, which
 * exit frees if the task is killed while it sleeps.  Returns VM_FAULT_DONE
 * with *@pfn, VM_FAULT_NOMEM when a mask that may fail gave up
 * (readahead's __GFP_NORETRY), VM_FAULT_OOM when @t was OOM-killed.
 */
enum vm_fault_result alloc_charged_page(struct task *t, gfp_t gfp, u32 *pfn)
{
	return alloc_charged_folio(t, gfp, 0, pfn);
}

/*
 * alloc_charged_folio - the same for a folio of 2^@order pages
 * (filemap_alloc_folio, v6.12): its head carries the order from here on,
 * and it is charged whole.
 */
enum vm_fault_result alloc_charged_folio(struct task *t, gfp_t gfp, unsigned int order, u32 *pfn)
{
	struct mm_task *mt = mm_task(t);
	enum vm_fault_result r = __alloc_pages(t, gfp, order, &mt->held_pfn);

	if (r == VM_FAULT_DONE) {
		pfn_to_page(t->sim, mt->held_pfn)->order = (u8)order;
		r = mem_cgroup_charge(t, mt->held_pfn, gfp);
	}
	if (r == VM_FAULT_DONE)
		*pfn = mt->held_pfn;
	else if (mt->held_pfn != NO_PFN)
		free_unref_page(t->sim, mt->held_pfn);
	mt->held_pfn = NO_PFN;
	return r;
}

/*
 * ra_bio_add() - the model's readahead_control batch (mm/readahead.c,
 * v6.12): the kernel adds each folio locked to the cache and reads them
 * all once the window is allocated (read_pages), so none of the window is
 * read, unlocked and reclaimable while the rest is still being allocated.
 */
static void __ra_bio_add(struct task *t, struct blkdev *dev, bio_end_io_t end_io, u64 sector,
			 u32 pfn, bool own_bio)
{
	struct bio **link = &mm_task(t)->ra_bios, *bio = NULL;

	while (*link) {
		bio = *link;
		link = &bio->next;
	}
	if (own_bio || !bio || bio->dev != dev || bio->nr_pages == BIO_MAX_PAGES) {
		bio = bio_alloc(t->sim, dev, REQ_OP_READ, end_io);
		if (!bio) {
			/* the run has stopped (sim_fail): the page stays locked, unread */
			return;
		}
		bio->sector = sector;
		bio->next = NULL;
		*link = bio;
	}
	bio_add_pfn(t->sim, bio, pfn); /* false: the run has stopped, the page stays locked */
}

void ra_bio_add(struct task *t, struct blkdev *dev, bio_end_io_t end_io, u64 sector, u32 pfn)
{
	__ra_bio_add(t, dev, end_io, sector, pfn, false);
}

/* swap_read_folio() (v6.12): a swap-in's page is a bio of its own, at its slot. */
void ra_bio_add_folio(struct task *t, struct blkdev *dev, bio_end_io_t end_io, u64 sector, u32 pfn)
{
	__ra_bio_add(t, dev, end_io, sector, pfn, true);
}

/*
 * read_pages() (mm/readahead.c, v6.12): submit the batch, in order,
 * plugged (read_pages, and swap_cluster_readahead / swap_vma_readahead,
 * since 2.6.39), so that a swap readahead's bios, one per folio, merge.
 */
void read_pages(struct task *t)
{
	blk_start_plug(t->sim, &mm_task(t)->plug);
	while (mm_task(t)->ra_bios) {
		struct bio *bio = mm_task(t)->ra_bios;

		mm_task(t)->ra_bios = bio->next;
		bio->next = NULL;
		task_submit_bio(t, bio->dev, bio);
	}
	blk_finish_plug(t->sim, &mm_task(t)->plug, task_now(t));
}

/*
 * exit_mm(): the page a killed task held between allocation and charge
 * goes back, and the reads it had batched are submitted (the kernel's
 * readahead submits what it has when an allocation fails on the fatal
 * signal).
 */
void task_release_held(struct task *t)
{
	read_pages(t);
	/* a task killed while preempted in a plugged section: blk_flush_plug at exit */
	blk_flush_plug(t->sim, &mm_task(t)->plug, task_now(t));
	mm_task(t)->plug.depth = 0;
	if (mm_task(t)->held_pfn != NO_PFN) {
		free_unref_page(t->sim, mm_task(t)->held_pfn);
		mm_task(t)->held_pfn = NO_PFN;
	}
}

/* ------------------------------------------------------------------ */
/* Scenario keys: the allocator slow path's retry rules */
/* ------------------------------------------------------------------ */

#define P_OFF(f) .off = offsetof(struct scn_policy, f), .size = sizeof(((struct scn_policy *)0)->f)

static const struct cfg_key alloc_pages_policy_keys[] = {
	{ .name = "alloc_retry",
	  .type = CFG_ENUM,
	  P_OFF(alloc_no_progress_oom),
	  .values = CFG_VALUES("should_reclaim_retry", "no_progress"),
	  .def = "should_reclaim_retry",
	  .doc = "v4.7+ retry rule / 2.6.x: OOM only when try_to_free_pages made no progress" },
	{ .name = "slowpath_wake_kswapd",
	  .type = CFG_ENUM,
	  P_OFF(slowpath_wake_restart),
	  .values = CFG_VALUES("retry", "restart"),
	  .def = "retry",
	  .doc = "when the allocation slow path wakes kswapd and retries the free lists before direct reclaim: retry: on its entry and every retry pass (4.2's goto retry, v6.12) / restart: on its entry and after the OOM killer only, the reclaim loop going straight back to direct reclaim (2.6.35 and 3.10 rebalance:)" },
	{ .name = "compact_retry",
	  .type = CFG_ENUM,
	  P_OFF(compact_retry_migrate_mode),
	  .values = CFG_VALUES("priority", "migrate_mode"),
	  .def = "priority",
	  .doc = "with alloc_retry = should_reclaim_retry and compaction, when a failed direct compaction is retried before the OOM killer: v4.9+ at each harder compact_priority down to the full-zone sync pass (MIN_COMPACT_PRIORITY for orders up to 3) / v4.7..4.8 once more in the sync-light migrate mode, then the OOM killer, whatever the order (the premature order-2 OOM kills of 4.7 and 4.8)" },
	{ .name = "did_some_progress",
	  .type = CFG_ENUM,
	  P_OFF(did_some_progress),
	  .values = CFG_VALUES("nr_reclaimed", "reclaimable", "reclaimed_or_reclaimable"),
	  .def = "nr_reclaimed",
	  .doc = "with alloc_retry = no_progress, try_to_free_pages' progress short of SWAP_CLUSTER_MAX: v2.6.26..2.6.34 some page reclaimed and some zone not all_unreclaimable / 2.6.25 some zone not all_unreclaimable / v2.6.35 some page reclaimed or some zone not all_unreclaimable" },
};
CFG_TABLE(alloc_pages_policy_table, alloc_pages_policy_keys);

/* A new task holds no page (sim->eng.task_init). */
void mm_task_init(struct task *t)
{
	mm_task(t)->held_pfn = NO_PFN;
}

/*
 * free_task(): what the mm kept for a task (sim->eng.task_release).  A
 * task the run's end found asleep in the middle of a readahead window
 * still holds that window's unsubmitted bios: back to their devices.
 */
void mm_task_release(struct task *t)
{
	while (mm_task(t)->ra_bios) {
		struct bio *bio = mm_task(t)->ra_bios;

		mm_task(t)->ra_bios = bio->next;
		bio_put(bio->dev, bio);
	}
	while (mm_task(t)->plug.list) {
		struct blk_request *rq = mm_task(t)->plug.list;

		mm_task(t)->plug.list = rq->next;
		blk_request_discard(rq);
	}
	free(mm_task(t)->tlb_ubc_cpumask);
}

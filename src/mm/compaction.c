// SPDX-License-Identifier: MIT
/*
 * compaction.c - memory compaction (mm/compaction.c, v6.12) and the
 * migration of one page (mm/migrate.c): see compaction.h.
 *
 * Pageblocks are zone-relative, as the buddy allocator's (page_alloc.c):
 * a pageblock starts at zone_start_pfn + a multiple of pageblock_nr_pages.
 *
 * What the model leaves out, and why it can:
 *  - isolation is not a state: a page the migrate scanner picks is
 *    migrated in the same step, with no sleep in between, so nobody can
 *    see it isolated; putting one back is forgetting it.  Pages someone
 *    holds by PFN across a sleep are not picked (locked: a read in
 *    flight; writeback: a bio; PG_isolated: reclaim's; PG_fbatch: the
 *    lazyfree batch), where the kernel would isolate them and fail or wait
 *    in migration;
 *  - the pageblock skip hints and the fast searches
 *    (fast_find_migrateblock, fast_isolate_freepages, v5.1+): both
 *    scanners walk linearly from the cached positions, as before v5.1;
 *  - capture_control: the allocator takes the block from the free lists
 *    right after compaction, in the same step, so no one can take it first;
 *  - isolated free blocks are split into order-0 pages at once (the
 *    v5.x split_map_pages), used lowest first in the order isolated.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "compaction.h"
#include "internal.h"
#include "page_alloc.h"
#include "../sim/config.h"
#include "../sim/scenario.h"

/* HPAGE_FRAG_CHECK_INTERVAL_MSEC: kcompactd's proactive check, every 500 ms */
#define HPAGE_FRAG_CHECK_INTERVAL_NS (500 * NSEC_PER_MSEC)

static inline u32 zone_end_pfn(const struct zone *z)
{
	return z->zone_start_pfn + (u32)z->managed_pages;
}

static inline u32 pageblock_start_pfn(const struct sim *sim, const struct zone *z, u32 pfn)
{
	return z->zone_start_pfn +
	       (u32)((pfn - z->zone_start_pfn) & ~(pageblock_nr_pages(sim) - 1));
}

static inline u32 pageblock_end_pfn(const struct sim *sim, const struct zone *z, u32 pfn)
{
	return pageblock_start_pfn(sim, z, pfn) + (u32)pageblock_nr_pages(sim);
}

static inline bool pageblock_aligned(const struct sim *sim, const struct zone *z, u32 pfn)
{
	return !((pfn - z->zone_start_pfn) & (pageblock_nr_pages(sim) - 1));
}

/* block_end_pfn(pfn, order): the end of the 2^@order block holding @pfn */
static inline u32 block_end_pfn(const struct zone *z, u32 pfn, unsigned int order)
{
	return z->zone_start_pfn + (u32)((((u64)(pfn - z->zone_start_pfn) >> order) + 1) << order);
}

/* compact_gap(): the free pages compaction needs for a block of @order */
static inline u64 compact_gap(int order)
{
	return 2ULL << order;
}

/* order -1: compact_memory and proactive compaction, no target block */
static inline bool is_via_compact_memory(int order)
{
	return order == -1;
}

/* ------------------------------------------------------------------ */
/* Deferred compaction                                                 */

void defer_compaction(struct zone *z, int order)
{
	z->compact_considered = 0;
	z->compact_defer_shift++;
	if (order < z->compact_order_failed)
		z->compact_order_failed = order;
	if (z->compact_defer_shift > COMPACT_MAX_DEFER_SHIFT)
		z->compact_defer_shift = COMPACT_MAX_DEFER_SHIFT;
}

bool compaction_deferred(struct zone *z, int order)
{
	unsigned int defer_limit = 1U << z->compact_defer_shift;

	if (order < z->compact_order_failed)
		return false;
	if (++z->compact_considered >= defer_limit) {
		z->compact_considered = defer_limit;
		return false;
	}
	return true;
}

void compaction_defer_reset(struct zone *z, int order, bool alloc_success)
{
	if (alloc_success) {
		z->compact_considered = 0;
		z->compact_defer_shift = 0;
	}
	if (order >= z->compact_order_failed)
		z->compact_order_failed = order + 1;
}

/* ------------------------------------------------------------------ */
/* Is compaction worth it?                                             */

int fragmentation_index_zone(const struct zone *z, unsigned int order)
{
	struct contig_page_info info;

	fill_contig_page_info(z, order, &info);
	return fragmentation_index(order, &info);
}

bool __compaction_suitable(const struct zone *z, int order, enum zone_type highest_zoneidx,
			   long wmark_target)
{
	u64 watermark = order > PAGE_ALLOC_COSTLY_ORDER ? low_wmark_pages(z) : min_wmark_pages(z);

	return __zone_watermark_ok(z, 0, watermark + compact_gap(order), highest_zoneidx, ALLOC_CMA,
				   wmark_target);
}

bool compaction_suitable(const struct sim *sim, const struct zone *z, int order,
			 enum zone_type highest_zoneidx)
{
	int fragindex;

	if (!__compaction_suitable(z, order, highest_zoneidx, zone_page_state(z, NR_FREE_PAGES)))
		return false;
	if (order <= PAGE_ALLOC_COSTLY_ORDER)
		return true;
	fragindex = fragmentation_index_zone(z, (unsigned int)order);
	return !(fragindex >= 0 && fragindex <= (int)sim->scn.sysctl.extfrag_threshold);
}

/*
 * compaction_suit_allocation_order() (v6.12): COMPACT_SUCCESS if @order
 * can already be allocated at the watermark of @alloc_flags,
 * COMPACT_SKIPPED if compaction_suitable() says no, else COMPACT_CONTINUE.
 */
static enum compact_result compaction_suit_allocation_order(const struct sim *sim,
							    const struct zone *z, int order,
							    enum zone_type highest_zoneidx,
							    unsigned int alloc_flags)
{
	u64 mark = z->_watermark[alloc_flags & ALLOC_WMARK_MASK] + z->watermark_boost;

	if (wmark_ok(sim, z, (unsigned int)order, mark, highest_zoneidx, alloc_flags))
		return COMPACT_SUCCESS;
	if (!compaction_suitable(sim, z, order, highest_zoneidx))
		return COMPACT_SKIPPED;
	return COMPACT_CONTINUE;
}

bool compaction_zonelist_suitable(struct sim *sim, unsigned int order,
				  enum zone_type highest_zoneidx)
{
	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		for (int zi = (int)highest_zoneidx; zi >= 0; zi--) {
			struct zone *z = &sim->nodes[n].node_zones[zi];
			long available;

			if (!populated_zone(z))
				continue;
			available = (long)(zone_reclaimable_pages(sim, z) / order) +
				    zone_page_state(z, NR_FREE_PAGES);
			if (__compaction_suitable(z, (int)order, highest_zoneidx, available))
				return true;
		}
	}
	return false;
}

/* ------------------------------------------------------------------ */
/* Fragmentation score (proactive compaction, v5.9+)                    */

/* extfrag_for_order(): percent of free memory not in blocks of @order */
static unsigned int extfrag_for_order(const struct zone *z, unsigned int order)
{
	struct contig_page_info info;

	fill_contig_page_info(z, order, &info);
	if (!info.free_pages)
		return 0;
	return (unsigned int)((info.free_pages - (info.free_blocks_suitable << order)) * 100 /
			      info.free_pages);
}

/* fragmentation_score_zone(): at COMPACTION_HPAGE_ORDER, the PMD order */
static unsigned int fragmentation_score_zone(const struct sim *sim, const struct zone *z)
{
	return extfrag_for_order(z, pageblock_order(sim));
}

unsigned int fragmentation_score_node(const struct sim *sim, const struct pglist_data *pgdat)
{
	unsigned int score = 0;

	for (int zi = 0; zi < MAX_NR_ZONES; zi++) {
		const struct zone *z = &pgdat->node_zones[zi];

		if (populated_zone(z))
			score +=
				(unsigned int)(z->present_pages * fragmentation_score_zone(sim, z) /
					       (pgdat->node_present_pages + 1));
	}
	return score;
}

/*
 * fragmentation_score_wmark() (v6.12): proactive compaction starts above
 * the high mark and stops at the low one, 100 - proactiveness (at least
 * 5) and 10 above it.
 */
static unsigned int fragmentation_score_wmark(const struct sim *sim, bool low)
{
	unsigned int proactiveness = sim->scn.sysctl.compaction_proactiveness;
	unsigned int wmark_low = proactiveness < 95 ? 100 - proactiveness : 5;

	return low ? wmark_low : (wmark_low + 10 < 100 ? wmark_low + 10 : 100);
}

/* kswapd_is_running() (v6.12): kswapd is on a CPU or waiting for one */
static bool kswapd_is_running(const struct pglist_data *pgdat)
{
	return pgdat->kswapd && pgdat->kswapd->state != TASK_BLOCKED;
}

/* ------------------------------------------------------------------ */
/* The free scanner                                                    */

/* the isolated free pages at hand */
static bool freepages_push(struct compact_control *cc, u32 pfn)
{
	if (cc->free_head + cc->nr_freepages == cc->cap_freepages) {
		if (cc->free_head) {
			memmove(cc->freepages, cc->freepages + cc->free_head,
				cc->nr_freepages * sizeof(*cc->freepages));
			cc->free_head = 0;
		} else {
			unsigned int cap = cc->cap_freepages ? cc->cap_freepages * 2 : 64;
			u32 *v = realloc(cc->freepages, cap * sizeof(*v));

			if (!v)
				return false;
			cc->freepages = v;
			cc->cap_freepages = cap;
		}
	}
	cc->freepages[cc->free_head + cc->nr_freepages++] = pfn;
	return true;
}

/*
 * suitable_migration_target() (v6.12): a pageblock whose first page is a
 * free block of the request's order (a pageblock for order -1) or more is
 * left alone: it is what compaction is trying to make.  Otherwise only
 * movable pageblocks, unless any will do (ignore_block_suitable).
 */
static bool suitable_migration_target(struct sim *sim, const struct compact_control *cc, u32 pfn)
{
	const struct page *page = pfn_to_page(sim, pfn);

	if (PageFlag(page, PG_buddy)) {
		int order = cc->order > 0 ? cc->order : (int)pageblock_order(sim);

		if ((int)page->order >= order)
			return false;
	}
	if (cc->ignore_block_suitable)
		return true;
	return get_pfnblock_migratetype(sim, cc->zone, pfn) == MIGRATE_MOVABLE;
}

/*
 * isolate_freepages_block() (v6.12, strict false): from *@start_pfn to
 * @end_pfn in steps of @stride, take every free block (stopping at the
 * first the min watermark refuses) until there are as many free pages as
 * pages to migrate.  *@start_pfn: where the scan stopped.  Returns the
 * pages isolated; the free blocks become order-0 pages at hand.
 */
static unsigned int isolate_freepages_block(struct compact_control *cc, struct sim *sim,
					    u32 *start_pfn, u32 end_pfn, unsigned int stride)
{
	u32 blockpfn = *start_pfn;
	u64 nr_scanned = 0;
	unsigned int total_isolated = 0;

	for (; blockpfn < end_pfn; blockpfn += stride) {
		struct page *page = pfn_to_page(sim, blockpfn);
		unsigned int order, n;

		nr_scanned++;
		if (!PageFlag(page, PG_buddy))
			continue;
		order = page->order;
		if (!__isolate_free_page(sim, cc->zone, blockpfn, order))
			break;
		n = 1U << order;
		for (u32 i = 0; i < n; i++) {
			sim->mem_map[blockpfn + i] = (struct page){ .next = NO_PFN,
								    .prev = NO_PFN,
								    .memcg_id = MEMCG_ID_NONE };
			if (!freepages_push(cc, blockpfn + i)) {
				/* the host is out of memory: give the rest back */
				for (u32 j = i; j < n; j++)
					free_one_page(sim, blockpfn + j, 0);
				n = i;
				break;
			}
		}
		nr_scanned += n - 1;
		total_isolated += n;
		if (cc->nr_migratepages <= cc->nr_freepages) {
			blockpfn += n;
			break;
		}
		blockpfn += n - 1;
	}
	if (blockpfn > end_pfn)
		blockpfn = end_pfn;
	*start_pfn = blockpfn;
	cc->total_free_scanned += nr_scanned;
	if (total_isolated)
		count_vm_events(sim, COMPACTISOLATED, total_isolated);
	return total_isolated;
}

/*
 * isolate_freepages() (v6.12, less the fast search): pageblock by
 * pageblock down from cc->free_pfn, staying above the migrate scanner's
 * pageblock, until enough free pages are isolated.  From v5.1
 * (compact_free_stride = sampled) it samples: the stride, 1 (sync) or
 * COMPACT_CLUSTER_MAX (async) at first, doubles after each block that
 * yields nothing, up to COMPACT_CLUSTER_MAX frames, and is 1 again after
 * a success; before v5.1 (every_page) it looks at every frame, so that
 * crossing full pageblocks costs up to 32 times as many.  cc->free_pfn:
 * where to go on next time (the same block if it may hold more).
 */
static void isolate_freepages(struct sim *sim, struct compact_control *cc)
{
	struct zone *z = cc->zone;
	u32 nr = (u32)pageblock_nr_pages(sim);
	u32 isolate_start_pfn = cc->free_pfn;
	u32 block_start_pfn = pageblock_start_pfn(sim, z, isolate_start_pfn);
	u32 block_end_pfn = block_start_pfn + nr < zone_end_pfn(z) ? block_start_pfn + nr :
								     zone_end_pfn(z);
	u32 low_pfn = pageblock_end_pfn(sim, z, cc->migrate_pfn);
	const bool sampled = !sim->scn.policy.compact_free_every_page;
	unsigned int stride = cc->mode == MIGRATE_ASYNC && sampled ? COMPACT_CLUSTER_MAX : 1;

	for (; block_start_pfn >= low_pfn; block_end_pfn = block_start_pfn, block_start_pfn -= nr,
					   isolate_start_pfn = block_start_pfn) {
		unsigned int nr_isolated;

		if (!suitable_migration_target(sim, cc, block_start_pfn))
			continue;
		nr_isolated =
			isolate_freepages_block(cc, sim, &isolate_start_pfn, block_end_pfn, stride);
		/* update_pageblock_skip(): a block scanned to its end moves the cache down */
		if (isolate_start_pfn == block_end_pfn &&
		    block_start_pfn - nr < z->compact_cached_free_pfn)
			z->compact_cached_free_pfn = block_start_pfn - nr;
		if (cc->nr_freepages >= cc->nr_migratepages) {
			if (isolate_start_pfn >= block_end_pfn)
				isolate_start_pfn = block_start_pfn - nr;
			break;
		} else if (isolate_start_pfn < block_end_pfn) {
			break; /* the watermark stopped it: no point going on */
		}
		if (nr_isolated || !sampled) {
			stride = 1;
			continue;
		}
		stride = stride << 1 < COMPACT_CLUSTER_MAX ? stride << 1 : COMPACT_CLUSTER_MAX;
	}
	cc->free_pfn = isolate_start_pfn;
}

/* compaction_alloc() (v6.12): the next free page at hand, isolating more when out */
static u32 compaction_alloc(struct sim *sim, struct compact_control *cc)
{
	if (!cc->nr_freepages) {
		isolate_freepages(sim, cc);
		if (!cc->nr_freepages)
			return NO_PFN;
	}
	cc->nr_freepages--;
	return cc->freepages[cc->free_head++];
}

/*
 * release_freepages() (v6.12): the free pages left at hand back to the
 * buddy lists; returns the highest of them.
 */
static u32 release_freepages(struct sim *sim, struct compact_control *cc)
{
	u32 high_pfn = 0;

	for (; cc->nr_freepages; cc->nr_freepages--) {
		u32 pfn = cc->freepages[cc->free_head++];

		free_one_page(sim, pfn, 0);
		count_vm_event(sim, PGFREE);
		if (pfn > high_pfn)
			high_pfn = pfn;
	}
	return high_pfn;
}

/* ------------------------------------------------------------------ */
/* The migrate scanner                                                 */

/*
 * suitable_migration_source() (v6.12): async direct compaction only
 * empties pageblocks of the request's type (movable for movable), so as
 * not to mix types; everyone else takes any.
 */
static bool suitable_migration_source(const struct sim *sim, const struct compact_control *cc,
				      u32 pfn)
{
	int block_mt;

	if (cc->mode != MIGRATE_ASYNC || !cc->direct_compaction)
		return true;
	block_mt = get_pfnblock_migratetype(sim, cc->zone, pfn);
	return block_mt == cc->migratetype;
}

/*
 * update_cached_migrate() (v6.12): where async and sync compaction
 * resume: past the pageblock after @pfn's.
 */
static void update_cached_migrate(const struct sim *sim, struct compact_control *cc, u32 pfn)
{
	struct zone *z = cc->zone;

	pfn = pageblock_end_pfn(sim, z, pfn);
	if (pfn > z->compact_cached_migrate_pfn[0])
		z->compact_cached_migrate_pfn[0] = pfn;
	if (cc->mode != MIGRATE_ASYNC && pfn > z->compact_cached_migrate_pfn[1])
		z->compact_cached_migrate_pfn[1] = pfn;
}

/* Can the migrate scanner take this in-use page? (see the top of the file) */
static bool page_isolatable(const struct compact_control *cc, const struct page *page)
{
	if (!PageFlag(page, PG_lru) || PageFlag(page, PG_isolated) || PageFlag(page, PG_fbatch) ||
	    PageFlag(page, PG_locked))
		return false;
	/* ISOLATE_ASYNC_MIGRATE (all but MIGRATE_SYNC) takes no page under writeback */
	return !PageFlag(page, PG_writeback) || cc->mode == MIGRATE_SYNC;
}

/*
 * isolate_migratepages_block() (v6.12): from @low_pfn to @end_pfn pick
 * the in-use pages on an LRU, skipping free blocks whole, until
 * COMPACT_CLUSTER_MAX are picked (the whole pageblock with
 * finish_pageblock).  Async direct compaction gives up each 2^order block
 * at its first page that cannot move (skip_on_failure): the block could
 * not become free anyway.  cc->migrate_pfn: where it stopped.
 */
static void isolate_migratepages_block(struct sim *sim, struct compact_control *cc, u32 low_pfn,
				       u32 end_pfn)
{
	bool skip_on_failure = cc->direct_compaction && cc->mode == MIGRATE_ASYNC;
	u32 next_skip_pfn =
		skip_on_failure ? block_end_pfn(cc->zone, low_pfn, (unsigned int)cc->order) : 0;
	unsigned int nr_isolated = 0;
	u64 nr_scanned = 0;

	for (; low_pfn < end_pfn; low_pfn++) {
		const struct page *page = pfn_to_page(sim, low_pfn);

		if (skip_on_failure && low_pfn >= next_skip_pfn) {
			if (nr_isolated)
				break; /* a whole 2^order block's worth: migrate it */
			next_skip_pfn = block_end_pfn(cc->zone, low_pfn, (unsigned int)cc->order);
		}
		nr_scanned++;
		if (PageFlag(page, PG_buddy)) {
			u32 n = 1U << page->order;

			low_pfn += n - 1;
			nr_scanned += n - 1;
			continue;
		}
		/*
		 * a large page-cache folio's head (PG_tail after it: other
		 * high-order pages carry no folio) is skipped whole, as
		 * v5.x-6.9 skip every compound page ("Regardless of being on
		 * LRU"); 6.10's skip_isolation_on_order migrates one below
		 * cc->order whole, which the model does not (its migration
		 * moves single pages), so it keeps the older rule
		 */
		if (page->order && PageFlag(page + 1, PG_tail)) {
			u32 n = 1U << page->order;

			low_pfn += n - 1;
			nr_scanned += n - 1;
			goto isolate_fail;
		}
		if (page_isolatable(cc, page)) {
			cc->migratepages[cc->nr_migratepages++] = low_pfn;
			nr_isolated++;
			if (cc->nr_migratepages >= COMPACT_CLUSTER_MAX && !cc->finish_pageblock) {
				low_pfn++;
				break;
			}
			continue;
		}
isolate_fail:
		if (!skip_on_failure)
			continue;
		cc->nr_migratepages -= nr_isolated; /* putback_movable_pages() */
		nr_isolated = 0;
		if (low_pfn < next_skip_pfn) {
			low_pfn = next_skip_pfn - 1;
			next_skip_pfn += 1U << cc->order;
		}
	}
	if (low_pfn > end_pfn)
		low_pfn = end_pfn;
	if (low_pfn == end_pfn && (!nr_isolated || cc->finish_pageblock))
		update_cached_migrate(sim, cc, low_pfn);
	cc->total_migrate_scanned += nr_scanned;
	if (nr_isolated)
		count_vm_events(sim, COMPACTISOLATED, nr_isolated);
	cc->migrate_pfn = low_pfn;
}

/*
 * isolate_migratepages() (v6.12, less the fast search): the next
 * pageblock below the free scanner that is a suitable source; false when
 * nothing was picked (ISOLATE_NONE).
 */
static bool isolate_migratepages(struct sim *sim, struct compact_control *cc)
{
	struct zone *z = cc->zone;
	u32 nr = (u32)pageblock_nr_pages(sim);
	u32 low_pfn = cc->migrate_pfn;
	u32 block_start_pfn = pageblock_start_pfn(sim, z, low_pfn);
	u32 block_end_pfn = block_start_pfn + nr;

	for (; block_end_pfn <= cc->free_pfn; cc->migrate_pfn = low_pfn = block_end_pfn,
					      block_start_pfn = block_end_pfn,
					      block_end_pfn += nr) {
		if (!suitable_migration_source(sim, cc, block_start_pfn)) {
			update_cached_migrate(sim, cc, block_end_pfn);
			continue;
		}
		isolate_migratepages_block(sim, cc, low_pfn, block_end_pfn);
		break;
	}
	return cc->nr_migratepages != 0;
}

/* ------------------------------------------------------------------ */
/* Migration (mm/migrate.c)                                            */

/*
 * The move of one page, as migrate_folio_unmap + migrate_folio_move
 * (v6.12) do it for an LRU page: its mappings (rmap_migrate), its page
 * cache or swap cache slot and its LRU membership go to @dst, which takes
 * the page's state and joins the head of the same LRU list (folio_add_lru
 * of the new folio); @src is freed.  Same zone, node and memcg: no
 * counter but PGFREE moves.
 */
static void migrate_folio(struct task *t, u32 src, u32 dst)
{
	struct sim *sim = t->sim;
	struct page *page = pfn_to_page(sim, src);
	struct page *newpage = pfn_to_page(sim, dst);
	struct lruvec *lruvec = folio_lruvec(sim, src);

	lruvec_del_folio(sim, lruvec, src);
	rmap_migrate(t, src, dst);
	*newpage = *page;
	newpage->next = newpage->prev = NO_PFN;
	page_shared_hint_copy(sim, src, dst);
	if (PageFlag(page, PG_swapcache))
		xa_store(sim, &sim->swap->swap_cache, page->private, (u64)dst + 1);
	else if (!PageFlag(page, PG_anon))
		xa_store(sim, &sim->files[page->mapping_id]->i_pages, page->index, (u64)dst + 1);
	lruvec_add_folio(sim, lruvec, dst);
	*page = (struct page){ .next = NO_PFN, .prev = NO_PFN, .memcg_id = MEMCG_ID_NONE };
	free_one_page(sim, src, 0);
	count_vm_event(sim, PGFREE);
	charge_sys(t, sim->scn.cost.migrate_page_ns);
}

/*
 * migrate_pages() (v6.12) with compaction_alloc as the allocator: each
 * picked page to a free page at hand.  Out of free pages, the rest stay
 * where they are (pgmigrate_fail) and -ENOMEM is returned.
 */
static int migrate_pages(struct task *t, struct compact_control *cc)
{
	struct sim *sim = t->sim;
	unsigned int i;

	for (i = 0; i < cc->nr_migratepages; i++) {
		u32 dst = compaction_alloc(sim, cc);

		if (dst == NO_PFN)
			break;
		migrate_folio(t, cc->migratepages[i], dst);
	}
	count_vm_events(sim, PGMIGRATE_SUCCESS, i);
	if (i == cc->nr_migratepages)
		return 0;
	count_vm_events(sim, PGMIGRATE_FAIL, cc->nr_migratepages - i);
	return -ENOMEM;
}

/* ------------------------------------------------------------------ */
/* compact_zone                                                        */

/* compact_scanners_met() (v6.12): in the same pageblock, or crossed */
static bool compact_scanners_met(const struct sim *sim, const struct compact_control *cc)
{
	u32 start = cc->zone->zone_start_pfn;
	unsigned int shift = pageblock_order(sim);

	return (cc->free_pfn - start) >> shift <= (cc->migrate_pfn - start) >> shift;
}

/* reset_cached_positions() (v6.12): the next run starts at the zone's ends */
static void reset_cached_positions(struct zone *z)
{
	z->compact_cached_migrate_pfn[0] = z->compact_init_migrate_pfn;
	z->compact_cached_migrate_pfn[1] = z->compact_init_migrate_pfn;
	z->compact_cached_free_pfn = z->compact_init_free_pfn;
}

/*
 * compact_finished() (v6.12 __compact_finished): stop when the scanners
 * met; proactive compaction at the low fragmentation score (or when
 * kswapd runs); a target order once a whole pageblock has been worked on
 * and a free block of the order is on the request's lists, or on lists it
 * may fall back to and claim.
 */
static enum compact_result compact_finished(struct sim *sim, struct compact_control *cc)
{
	struct zone *z = cc->zone;

	if (compact_scanners_met(sim, cc)) {
		reset_cached_positions(z);
		return cc->whole_zone ? COMPACT_COMPLETE : COMPACT_PARTIAL_SKIPPED;
	}
	if (cc->proactive_compaction) {
		if (kswapd_is_running(z->zone_pgdat))
			return COMPACT_PARTIAL_SKIPPED;
		return fragmentation_score_zone(sim, z) > fragmentation_score_wmark(sim, true) ?
			       COMPACT_CONTINUE :
			       COMPACT_SUCCESS;
	}
	if (is_via_compact_memory(cc->order) || !pageblock_aligned(sim, z, cc->migrate_pfn))
		return COMPACT_CONTINUE;
	for (unsigned int o = (unsigned int)cc->order; o <= max_page_order(sim); o++) {
		bool can_steal;

		if (z->free_area[o].nr_free_mt[cc->migratetype])
			return COMPACT_SUCCESS;
		if (find_suitable_fallback(sim, z, o, cc->migratetype, &can_steal) >= 0 &&
		    can_steal)
			return COMPACT_SUCCESS;
	}
	return COMPACT_CONTINUE;
}

enum compact_result compact_zone(struct task *t, struct compact_control *cc)
{
	struct sim *sim = t->sim;
	struct zone *z = cc->zone;
	u32 start_pfn = z->zone_start_pfn, end_pfn = zone_end_pfn(z);
	const bool sync = cc->mode != MIGRATE_ASYNC;
	u32 last_migrated_pfn = NO_PFN;
	enum compact_result ret;
	bool update_cached;

	cc->total_migrate_scanned = cc->total_free_scanned = 0;
	cc->nr_migratepages = cc->nr_freepages = cc->free_head = 0;
	if (!is_via_compact_memory(cc->order)) {
		ret = compaction_suit_allocation_order(sim, z, cc->order, cc->highest_zoneidx,
						       cc->alloc_flags);
		if (ret != COMPACT_CONTINUE)
			return ret;
	}
	if (cc->whole_zone) {
		cc->migrate_pfn = start_pfn;
		cc->free_pfn = pageblock_start_pfn(sim, z, end_pfn - 1);
	} else {
		cc->migrate_pfn = z->compact_cached_migrate_pfn[sync];
		cc->free_pfn = z->compact_cached_free_pfn;
		if (cc->free_pfn < start_pfn || cc->free_pfn >= end_pfn) {
			cc->free_pfn = pageblock_start_pfn(sim, z, end_pfn - 1);
			z->compact_cached_free_pfn = cc->free_pfn;
		}
		if (cc->migrate_pfn < start_pfn || cc->migrate_pfn >= end_pfn) {
			cc->migrate_pfn = start_pfn;
			z->compact_cached_migrate_pfn[0] = z->compact_cached_migrate_pfn[1] =
				start_pfn;
		}
		if (cc->migrate_pfn <= z->compact_init_migrate_pfn)
			cc->whole_zone = true;
	}
	/*
	 * the cached positions of async and sync compaction move together
	 * until a block gives something to migrate
	 */
	update_cached = !sync &&
			z->compact_cached_migrate_pfn[0] == z->compact_cached_migrate_pfn[1];
	lru_add_drain(sim, task_cpu(t));
	cc->cap_migratepages = (unsigned int)pageblock_nr_pages(sim);
	cc->migratepages = malloc(cc->cap_migratepages * sizeof(*cc->migratepages));
	if (!cc->migratepages)
		return COMPACT_CONTENDED;

	while ((ret = compact_finished(sim, cc)) == COMPACT_CONTINUE) {
		/* a second pass over a pageblock takes the rest of it in one batch */
		cc->finish_pageblock = last_migrated_pfn != NO_PFN &&
				       pageblock_start_pfn(sim, z, last_migrated_pfn) ==
					       pageblock_start_pfn(sim, z, cc->migrate_pfn);
		if (!isolate_migratepages(sim, cc)) {
			if (update_cached)
				z->compact_cached_migrate_pfn[1] = z->compact_cached_migrate_pfn[0];
			continue;
		}
		update_cached = false;
		last_migrated_pfn =
			max_u64(start_pfn, pageblock_start_pfn(sim, z, cc->migrate_pfn - 1));
		if (migrate_pages(t, cc) && !compact_scanners_met(sim, cc)) {
			cc->nr_migratepages = 0;
			ret = COMPACT_CONTENDED;
			break;
		}
		cc->nr_migratepages = 0;
	}
	/* the free pages left go back; the free scanner resumes no lower than them */
	if (cc->nr_freepages) {
		u32 free_pfn = pageblock_start_pfn(sim, z, release_freepages(sim, cc));

		if (free_pfn > z->compact_cached_free_pfn)
			z->compact_cached_free_pfn = free_pfn;
	}
	count_vm_events(sim, COMPACTMIGRATE_SCANNED, cc->total_migrate_scanned);
	count_vm_events(sim, COMPACTFREE_SCANNED, cc->total_free_scanned);
	charge_sys(t, (cc->total_migrate_scanned + cc->total_free_scanned) *
			      sim->scn.cost.compact_scan_ns);
	free(cc->migratepages);
	free(cc->freepages);
	cc->migratepages = cc->freepages = NULL;
	cc->cap_migratepages = cc->cap_freepages = 0;
	return ret;
}

/* ------------------------------------------------------------------ */
/* Direct compaction                                                   */

/*
 * compact_zone_order() (v6.12): async at COMPACT_PRIO_ASYNC, else
 * sync-light; the hardest priority starts at the zone's ends and takes
 * free pages from any pageblock.
 */
static enum compact_result compact_zone_order(struct task *t, struct zone *z, int order, gfp_t gfp,
					      enum compact_priority prio, unsigned int alloc_flags,
					      enum zone_type highest_zoneidx)
{
	struct compact_control cc = {
		.order = order,
		.gfp_mask = gfp,
		.migratetype = gfp_migratetype(gfp),
		.zone = z,
		.mode = prio == COMPACT_PRIO_ASYNC ? MIGRATE_ASYNC : MIGRATE_SYNC_LIGHT,
		.alloc_flags = alloc_flags,
		.highest_zoneidx = highest_zoneidx,
		.direct_compaction = true,
		.whole_zone = prio == MIN_COMPACT_PRIORITY,
		.ignore_block_suitable = prio == MIN_COMPACT_PRIORITY,
	};

	return compact_zone(t, &cc);
}

enum compact_result try_to_compact_pages(struct task *t, gfp_t gfp, unsigned int order,
					 unsigned int alloc_flags, enum zone_type highest_zoneidx,
					 enum compact_priority prio)
{
	struct sim *sim = t->sim;
	unsigned int first = (unsigned int)task_node(t)->node_id, i = 0;
	enum compact_result rc = COMPACT_SKIPPED;
	struct zone *z;

	/* GFP_NOIO is really tricky context because the migration might require IO */
	if (!(gfp & __GFP_IO))
		return COMPACT_SKIPPED;
	while ((z = next_zones_zonelist(sim, first, highest_zoneidx, &i))) {
		enum compact_result status;

		if (prio > MIN_COMPACT_PRIORITY && compaction_deferred(z, (int)order)) {
			rc = rc > COMPACT_DEFERRED ? rc : COMPACT_DEFERRED;
			continue;
		}
		status = compact_zone_order(t, z, (int)order, gfp, prio, alloc_flags,
					    highest_zoneidx);
		rc = status > rc ? status : rc;
		if (status == COMPACT_SUCCESS) {
			/* not certain yet: the caller resets with true on success */
			compaction_defer_reset(z, (int)order, false);
			return rc;
		}
		if (prio != COMPACT_PRIO_ASYNC &&
		    (status == COMPACT_COMPLETE || status == COMPACT_PARTIAL_SKIPPED))
			defer_compaction(z, (int)order);
	}
	return rc;
}

/* ------------------------------------------------------------------ */
/* kcompactd (v4.6+) and proactive compaction (v5.9+)                  */

/*
 * kcompactd_node_suitable() (v6.12): a zone up to the requested one that
 * cannot allocate kcompactd_max_order at its min watermark yet and is
 * suitable for compaction.
 */
static bool kcompactd_node_suitable(const struct sim *sim, const struct pglist_data *pgdat)
{
	for (int zi = 0; zi <= (int)pgdat->kcompactd_highest_zoneidx; zi++) {
		const struct zone *z = &pgdat->node_zones[zi];

		if (populated_zone(z) &&
		    compaction_suit_allocation_order(sim, z, pgdat->kcompactd_max_order,
						     pgdat->kcompactd_highest_zoneidx,
						     ALLOC_WMARK_MIN) == COMPACT_CONTINUE)
			return true;
	}
	return false;
}

/* Models v6.12 wakeup_kcompactd(): see compaction.h. */
void wakeup_kcompactd(struct sim *sim, struct pglist_data *pgdat, int order,
		      enum zone_type highest_zoneidx)
{
	if (!order || !pgdat->kcompactd)
		return;
	if (pgdat->kcompactd_max_order < order)
		pgdat->kcompactd_max_order = order;
	if (pgdat->kcompactd_highest_zoneidx > highest_zoneidx)
		pgdat->kcompactd_highest_zoneidx = highest_zoneidx;
	if (pgdat->kcompactd->waiting_on != &pgdat->kcompactd_wait ||
	    !kcompactd_node_suitable(sim, pgdat))
		return;
	wake_up_task(pgdat->kcompactd);
}

/*
 * The model's deviation: kcompactd's proactive check (every HZ/2 in the
 * kernel, from boot) starts at the node's first high-order wake-up of
 * kswapd, so that runs without high-order requests keep the event
 * stream they had before compaction was modelled.  kcompactd wakes to
 * start its timer.
 */
void kcompactd_start_proactive(struct sim *sim, struct pglist_data *pgdat)
{
	if (sim->scn.policy.compaction != COMPACTION_PROACTIVE || pgdat->kcompactd_proactive)
		return;
	pgdat->kcompactd_proactive = true;
	if (pgdat->kcompactd->waiting_on == &pgdat->kcompactd_wait)
		wake_up_task(pgdat->kcompactd);
}

/*
 * kcompactd_do_work() (v6.12): compact each zone up to the requested one
 * that is not deferred and is suitable, sync-light, from the cached
 * positions; a zone whose compaction ran to its end is deferred.  Then
 * the request is done.
 */
static void kcompactd_do_work(struct task *t, struct pglist_data *pgdat)
{
	struct sim *sim = t->sim;
	struct compact_control cc = {
		.order = pgdat->kcompactd_max_order,
		.highest_zoneidx = pgdat->kcompactd_highest_zoneidx,
		.mode = MIGRATE_SYNC_LIGHT,
		.gfp_mask = GFP_KERNEL,
		.migratetype = gfp_migratetype(GFP_KERNEL),
	};

	count_vm_event(sim, KCOMPACTD_WAKE);
	for (int zi = 0; zi <= (int)cc.highest_zoneidx; zi++) {
		struct zone *z = &pgdat->node_zones[zi];
		enum compact_result status;

		if (!populated_zone(z) || compaction_deferred(z, cc.order) ||
		    compaction_suit_allocation_order(sim, z, cc.order, (enum zone_type)zi,
						     ALLOC_WMARK_MIN) != COMPACT_CONTINUE)
			continue;
		cc.zone = z;
		cc.whole_zone = false;
		status = compact_zone(t, &cc);
		if (status == COMPACT_SUCCESS)
			compaction_defer_reset(z, cc.order, false);
		else if (status == COMPACT_PARTIAL_SKIPPED || status == COMPACT_COMPLETE)
			defer_compaction(z, cc.order);
		count_vm_events(sim, KCOMPACTD_MIGRATE_SCANNED, cc.total_migrate_scanned);
		count_vm_events(sim, KCOMPACTD_FREE_SCANNED, cc.total_free_scanned);
	}
	/* requests made meanwhile for a higher order or a lower zone stay */
	if (pgdat->kcompactd_max_order <= cc.order)
		pgdat->kcompactd_max_order = 0;
	if (pgdat->kcompactd_highest_zoneidx >= cc.highest_zoneidx)
		pgdat->kcompactd_highest_zoneidx = MAX_NR_ZONES - 1;
}

/*
 * compact_node() (v6.12) for proactive compaction: every zone of the
 * node, sync-light, from its ends, until its fragmentation score is at
 * the low mark.
 */
static void proactive_compact_node(struct task *t, struct pglist_data *pgdat)
{
	struct compact_control cc = {
		.order = -1,
		.mode = MIGRATE_SYNC_LIGHT,
		.whole_zone = true,
		.gfp_mask = GFP_KERNEL,
		.migratetype = gfp_migratetype(GFP_KERNEL),
		.proactive_compaction = true,
	};

	for (int zi = 0; zi < MAX_NR_ZONES; zi++) {
		if (!populated_zone(&pgdat->node_zones[zi]))
			continue;
		cc.zone = &pgdat->node_zones[zi];
		cc.whole_zone = true;
		compact_zone(t, &cc);
		count_vm_events(t->sim, KCOMPACTD_MIGRATE_SCANNED, cc.total_migrate_scanned);
		count_vm_events(t->sim, KCOMPACTD_FREE_SCANNED, cc.total_free_scanned);
	}
}

/*
 * should_proactive_compact_node() (v6.12): proactiveness on, kswapd not
 * running, and the node's score above the high mark.
 */
static bool should_proactive_compact_node(const struct sim *sim, const struct pglist_data *pgdat)
{
	if (!sim->scn.sysctl.compaction_proactiveness || kswapd_is_running(pgdat))
		return false;
	return fragmentation_score_node(sim, pgdat) > fragmentation_score_wmark(sim, false);
}

/*
 * kcompactd() (v6.12): the body of kcompactd<node>, the node in
 * t->fn_arg.  It compacts when woken with a request (a memstall); with
 * proactive compaction it also wakes every HZ/2 and compacts the node
 * while its fragmentation score is high, backing off 64 times longer
 * when a round did not lower the score.
 */
static void kcompactd(struct task *t)
{
	struct pglist_data *pgdat = t->fn_arg;
	struct sim *sim = t->sim;
	u64 timeout = HPAGE_FRAG_CHECK_INTERVAL_NS;

	for (;;) {
		bool pflags;
		u64 sleep = pgdat->kcompactd_proactive && sim->scn.sysctl.compaction_proactiveness ?
				    timeout :
				    0;

		if (!pgdat->kcompactd_max_order)
			schedule_timeout(t, &pgdat->kcompactd_wait, sleep);
		timeout = HPAGE_FRAG_CHECK_INTERVAL_NS;
		if (pgdat->kcompactd_max_order) {
			psi_memstall_enter(t, &pflags);
			kcompactd_do_work(t, pgdat);
			psi_memstall_leave(t, &pflags);
			continue;
		}
		if (sim->scn.policy.compaction == COMPACTION_PROACTIVE &&
		    should_proactive_compact_node(sim, pgdat)) {
			unsigned int prev_score = fragmentation_score_node(sim, pgdat);

			proactive_compact_node(t, pgdat);
			if (fragmentation_score_node(sim, pgdat) >= prev_score)
				timeout = HPAGE_FRAG_CHECK_INTERVAL_NS << COMPACT_MAX_DEFER_SHIFT;
		}
	}
}

int compaction_init(struct sim *sim)
{
	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		struct pglist_data *pgdat = &sim->nodes[n];
		char comm[24];
		struct task *t;

		for (int zi = 0; zi < MAX_NR_ZONES; zi++) {
			struct zone *z = &pgdat->node_zones[zi];

			if (!populated_zone(z))
				continue;
			z->compact_init_migrate_pfn = z->zone_start_pfn;
			z->compact_init_free_pfn = pageblock_start_pfn(sim, z, zone_end_pfn(z) - 1);
			reset_cached_positions(z);
		}
		pgdat->kcompactd_highest_zoneidx = MAX_NR_ZONES - 1;
		if (sim->scn.policy.compaction < COMPACTION_KCOMPACTD)
			continue;
		snprintf(comm, sizeof(comm), "kcompactd%u", n % 1000);
		t = task_create(sim, TASK_KCOMPACTD, comm, kcompactd);
		if (!t)
			return -ENOMEM;
		t->memcg = sim->memcgs[0];
		t->fn_arg = pgdat;
		pgdat->kcompactd = t;
		task_sleep(t, &pgdat->kcompactd_wait, 0);
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Scenario keys                                                       */

#define S_OFF(f) offsetof(struct scn_sysctl, f)

static const struct cfg_key compaction_sysctl_keys[] = {
	{ .name = "extfrag_threshold",
	  .type = CFG_UINT,
	  .off = S_OFF(extfrag_threshold),
	  .min = 0,
	  .max = 1000,
	  .def = "500",
	  .doc = "costly orders are not compacted in a zone whose fragmentation index is 0..this (a failure for lack of memory, not fragmentation)" },
	{ .name = "compaction_proactiveness",
	  .type = CFG_UINT,
	  .off = S_OFF(compaction_proactiveness),
	  .min = 0,
	  .max = 100,
	  .def = "20",
	  .doc = "v5.9+: kcompactd compacts a node whose fragmentation score exceeds 110 - this, down to 100 - this (0 = off)" },
};
CFG_TABLE(compaction_sysctl_table, compaction_sysctl_keys);

#define P_OFF(f) .off = offsetof(struct scn_policy, f), .size = sizeof(((struct scn_policy *)0)->f)

static const struct cfg_key compaction_policy_keys[] = {
	{ .name = "compaction",
	  .type = CFG_ENUM,
	  P_OFF(compaction),
	  .values = CFG_VALUES("none", "direct", "kcompactd", "proactive"),
	  .def = "proactive",
	  .doc = "none: before 2.6.35, or CONFIG_COMPACTION off / direct: compaction from the allocator's slow path (2.6.35..4.5) / kcompactd: also kcompactd, woken when kswapd sleeps after a high-order request (4.6..5.8) / proactive: also proactive compaction by fragmentation score (5.9+)" },
	{ .name = "compact_free_stride",
	  .type = CFG_ENUM,
	  P_OFF(compact_free_every_page),
	  .values = CFG_VALUES("sampled", "every_page"),
	  .def = "sampled",
	  .doc = "the free scanner's steps within a pageblock: sampled: a stride that doubles over each pageblock that yields nothing, up to COMPACT_CLUSTER_MAX (32) frames, back to 1 after one that yields; async compaction starts at 32 (v5.1+, 4fca9730c51d \"mm, compaction: sample pageblocks for free pages\") / every_page: every frame of every pageblock (< v5.1)" },
};
CFG_TABLE(compaction_policy_table, compaction_policy_keys);

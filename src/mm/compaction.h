/* SPDX-License-Identifier: MIT */
/*
 * compaction.h - memory compaction (mm/compaction.c, v6.12) and the page
 * migration it drives (mm/migrate.c): a migrate scanner walks a zone's
 * pageblocks up from its start isolating movable in-use pages (on an
 * LRU: anon and file), a free scanner walks down from its end isolating
 * free pages, and each isolated page is migrated into a free one until a
 * free block of the requested order exists or the scanners meet.  Direct
 * compaction runs from the allocator's slow path; kcompactd (v4.6+) is
 * woken by kswapd; proactive compaction (v5.9+) keeps the node's
 * fragmentation score low.  [policy] compaction says which exist.
 */
#ifndef RECLAIMSIM_COMPACTION_H
#define RECLAIMSIM_COMPACTION_H

#include "sim.h"
#include "gfp.h"

/* include/linux/compaction.h enum compact_priority: lower is harder */
enum compact_priority {
	COMPACT_PRIO_SYNC_FULL,
	COMPACT_PRIO_SYNC_LIGHT,
	COMPACT_PRIO_ASYNC,
};
#define MIN_COMPACT_PRIORITY COMPACT_PRIO_SYNC_FULL
#define MIN_COMPACT_COSTLY_PRIORITY COMPACT_PRIO_SYNC_LIGHT
#define INIT_COMPACT_PRIORITY COMPACT_PRIO_ASYNC

/* include/linux/compaction.h enum compact_result, in the kernel's order
 * (try_to_compact_pages keeps the largest of its zones') */
enum compact_result {
	COMPACT_NOT_SUITABLE_ZONE,
	COMPACT_SKIPPED,
	COMPACT_DEFERRED,
	COMPACT_NO_SUITABLE_PAGE,
	COMPACT_CONTINUE,
	COMPACT_COMPLETE,
	COMPACT_PARTIAL_SKIPPED,
	COMPACT_CONTENDED,
	COMPACT_SUCCESS,
};

/* include/linux/migrate_mode.h */
enum migrate_mode { MIGRATE_ASYNC, MIGRATE_SYNC_LIGHT, MIGRATE_SYNC };

/* COMPACT_MAX_DEFER_SHIFT: at most 64 attempts skipped after failures */
#define COMPACT_MAX_DEFER_SHIFT 6
/* COMPACT_CLUSTER_MAX = SWAP_CLUSTER_MAX: pages isolated per migration batch */
#define COMPACT_CLUSTER_MAX 32

/*
 * struct compact_control (mm/internal.h, v6.12): one compaction run of a
 * zone.  order -1 is compact_memory / proactive compaction (no target
 * order).  The page arrays are compact_zone's own.
 */
struct compact_control {
	u32 *freepages; /* isolated free pages, order 0, used from free_head */
	unsigned int nr_freepages, free_head, cap_freepages;
	u32 *migratepages; /* isolated pages to migrate */
	unsigned int nr_migratepages, cap_migratepages;
	u32 free_pfn; /* where the free scanner goes on (down) */
	u32 migrate_pfn; /* where the migrate scanner goes on (up) */
	u64 total_migrate_scanned;
	u64 total_free_scanned;
	struct zone *zone;
	gfp_t gfp_mask;
	int order;
	int migratetype;
	unsigned int alloc_flags;
	enum zone_type highest_zoneidx;
	enum migrate_mode mode;
	bool ignore_block_suitable; /* any pageblock is a migration target */
	bool direct_compaction; /* async: migrate only from blocks of the request's type */
	bool proactive_compaction; /* stop at the fragmentation score's low mark */
	bool whole_zone; /* start at the zone's ends, not the cached positions */
	bool finish_pageblock; /* isolate the rest of the pageblock in one batch */
};

/*
 * compact_zone - v6.12: compact cc->zone (cc->order, mode, flags set;
 * the rest zeroed).  Returns COMPACT_SUCCESS when a block of the order
 * can be allocated (or became free), COMPACT_SKIPPED when
 * compaction_suitable() says no, COMPACT_COMPLETE / PARTIAL_SKIPPED when
 * the scanners met (from the zone's ends / from cached positions),
 * COMPACT_CONTENDED when the host is out of memory.  Leaves cc->
 * migrate_pfn, free_pfn and the scanned totals for the caller; counts
 * compact_migrate_scanned, compact_free_scanned, compact_isolated,
 * pgmigrate_success; @t pays [cost] compact_scan_ns per frame scanned
 * and migrate_page_ns per page migrated.  Never sleeps.
 */
enum compact_result compact_zone(struct task *t, struct compact_control *cc);

/*
 * fragmentation_index_zone - v6.12 fragmentation_index(zone, order): the
 * zone's free lists put through __fragmentation_index (page_alloc.h),
 * thousandths: -1000 when a free block of @order exists, toward 0 when a
 * failure would be for lack of memory, toward 1000 for fragmentation.
 */
int fragmentation_index_zone(const struct zone *z, unsigned int order);
/*
 * __compaction_suitable / compaction_suitable - v6.12: are there the free
 * pages (@wmark_target; the zone's free pages) for compaction to work
 * with: the order-0 min watermark (low for costly orders) plus
 * compact_gap = 2 << @order?  compaction_suitable also says no for a
 * costly order whose fragmentation index is 0..extfrag_threshold (a
 * failure for lack of memory: reclaim, not compaction).
 */
bool __compaction_suitable(const struct zone *z, int order, enum zone_type highest_zoneidx,
			   long wmark_target);
bool compaction_suitable(const struct sim *sim, const struct zone *z, int order,
			 enum zone_type highest_zoneidx);
/*
 * compaction_zonelist_suitable - v6.12: would reclaim help compaction?
 * Some zone up to @highest_zoneidx passes __compaction_suitable with its
 * free pages plus 1/@order of its reclaimable ones.
 */
bool compaction_zonelist_suitable(struct sim *sim, unsigned int order,
				  enum zone_type highest_zoneidx);

/*
 * Deferred compaction (v6.12): after a failure at @order (defer_compaction)
 * the zone skips compaction of orders >= compact_order_failed for
 * 2^compact_defer_shift - 1 attempts (compaction_deferred counts them,
 * true = skip), the shift growing by one per failure up to
 * COMPACT_MAX_DEFER_SHIFT; compaction_defer_reset after a success raises
 * compact_order_failed past @order and, when an allocation succeeded
 * (@alloc_success), clears the backoff.
 */
void defer_compaction(struct zone *z, int order);
bool compaction_deferred(struct zone *z, int order);
void compaction_defer_reset(struct zone *z, int order, bool alloc_success);

/*
 * try_to_compact_pages - v6.12 direct compaction for an allocation of
 * @order: each zone of the zonelist (next_zones_zonelist's order, zones
 * up to @highest_zoneidx) not deferred (at @prio above MIN_COMPACT_PRIORITY) is compacted
 * until one reports COMPACT_SUCCESS; sync priorities defer a zone whose
 * compaction ran to its end.  Returns the largest result (COMPACT_SKIPPED
 * when no zone was tried, or @gfp has no __GFP_IO).
 */
enum compact_result try_to_compact_pages(struct task *t, gfp_t gfp, unsigned int order,
					 unsigned int alloc_flags, enum zone_type highest_zoneidx,
					 enum compact_priority prio);

/*
 * compaction_init - after the zones and the boot tasks exist (machine.c):
 * the scanners' start positions of every zone, and one kcompactd<node>
 * task per node with compaction = kcompactd or proactive.  0 or -ENOMEM.
 */
int compaction_init(struct sim *sim);
/*
 * wakeup_kcompactd - v6.12: record @order / @highest_zoneidx for the
 * node's kcompactd and wake it if it sleeps and some zone is suitable for
 * compaction at that order.  Order 0 and nodes without kcompactd: no-op.
 */
void wakeup_kcompactd(struct sim *sim, struct pglist_data *pgdat, int order,
		      enum zone_type highest_zoneidx);
/*
 * kcompactd_start_proactive - the node has had a high-order request
 * (wakeup_kswapd with order > 0): with compaction = proactive, kcompactd
 * starts its HZ/2 proactive checks (the kernel's start at boot; see
 * compaction.c).
 */
void kcompactd_start_proactive(struct sim *sim, struct pglist_data *pgdat);
/*
 * fragmentation_score_node - v6.12: the node's zones' fragmentation
 * scores (the share of free memory, percent, not in blocks of
 * COMPACTION_HPAGE_ORDER = pageblock_order), weighted by present pages.
 */
unsigned int fragmentation_score_node(const struct sim *sim, const struct pglist_data *pgdat);

#endif

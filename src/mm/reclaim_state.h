/* SPDX-License-Identifier: MIT */
/*
 * reclaim_state.h - scan_control (mm/vmscan.c, v6.12) and the
 * continuation state that lets one reclaim invocation run as a series of
 * steps, so that concurrent reclaimers interleave: a batch of up to
 * SWAP_CLUSTER_MAX pages is isolated in one step (leaving the LRU) and
 * shrunk and put back in the next.
 */
#ifndef RECLAIMSIM_RECLAIM_STATE_H
#define RECLAIMSIM_RECLAIM_STATE_H

#include "../sim/types.h"
#include "mm_types.h"

/* mm/vmscan.c struct scan_control, the fields the model uses. */
struct scan_control {
	unsigned long nr_to_reclaim;
	struct mem_cgroup *target_mem_cgroup;	/* NULL = global reclaim */
	unsigned long anon_cost, file_cost;
	unsigned int may_deactivate;		/* DEACTIVATE_ANON | DEACTIVATE_FILE */
	bool force_deactivate;
	bool skipped_deactivate;
	bool may_writepage, may_unmap, may_swap;
	bool cache_trim_mode;
	bool file_is_tiny;
	bool no_cache_trim_mode;
	bool memcg_full_walk;
	bool all_unreclaimable;		/* 2.6.x: every zone of this pass was skipped */
	int order;
	int priority;
	enum zone_type reclaim_idx;
	bool kswapd;				/* current_is_kswapd() */
	unsigned long nr_scanned;
	unsigned long nr_reclaimed;
	struct {
		unsigned long dirty, unqueued_dirty, congested, writeback;
		unsigned long immediate, file_taken, taken;
	} nr;
};
#define DEACTIVATE_ANON 1
#define DEACTIVATE_FILE 2

/* Where a stepped reclaim invocation stands. */
enum reclaim_phase {
	RP_IDLE,		/* no reclaim in progress */
	RP_THROTTLE,		/* waiting for a slot (policy reclaim_throttle) */
	RP_PRIORITY,		/* start a priority pass (do_try_to_free_pages) */
	RP_NODE,		/* start shrink_node on rs.node */
	RP_MEMCG,		/* start shrink_lruvec on the rs.memcg_pos-th memcg */
	RP_LRUVEC,		/* pick the next batch in the current lruvec */
	RP_BATCH,		/* a batch is isolated: shrink it and put it back */
	RP_AGE_ANON,		/* the closing shrink_active_list(anon) of shrink_lruvec */
	RP_NEXT_MEMCG,		/* shrink_lruvec done: on to the next memcg */
	RP_NODE_DONE,		/* after the memcg walk of one node */
	RP_DONE,		/* finished: result in nr_reclaimed */
};

enum reclaim_kind { RK_DIRECT, RK_MEMCG, RK_KSWAPD };

/* mm/vmscan.c struct reclaim_stat: what shrink_folio_list saw. */
struct reclaim_stat {
	unsigned long nr_dirty, nr_unqueued_dirty, nr_congested, nr_writeback;
	unsigned long nr_immediate, nr_pageout, nr_activate, nr_unmap_fail;
	unsigned long nr_reclaimed;
};

struct reclaim_state {
	enum reclaim_phase phase;
	enum reclaim_kind kind;
	struct scan_control sc;
	unsigned int node;		/* position in the pass's node order */
	struct pglist_data *pgdat;	/* node being shrunk */
	unsigned int memcg_pos;		/* position in the memcg walk */
	bool partial_walk;		/* stop the walk once nr_to_reclaim is met */
	struct lruvec *lruvec;		/* lruvec being shrunk */
	unsigned long nr[NR_LRU_LISTS];		/* still to scan (shrink_lruvec) */
	unsigned long targets[NR_LRU_LISTS];	/* get_scan_count's answer */
	unsigned long lruvec_reclaimed;		/* reclaimed in this lruvec */
	bool proportional_reclaim;
	unsigned int lru_pos;		/* next list in the 4-list round */
	/* the isolated batch */
	enum lru_list batch_lru;
	struct pfn_list batch;		/* still to look at */
	struct pfn_list ret;		/* looked at, to be put back */
	struct pfn_list free;		/* reclaimed, freed when the batch is done */
	struct reclaim_stat stat;
	unsigned long batch_nr;		/* pages isolated */
	unsigned long batch_scanned;	/* pages looked at */
	unsigned long node_reclaimed_start;
	u64 start_ns;			/* try_to_free_pages entry */
	unsigned int throttle_tries;	/* too_many_isolated waits this batch */
	bool batch_age_anon;		/* the batch is shrink_lruvec's closing anon aging */
	struct pglist_data *throttled_pgdat;	/* asleep in reclaim_throttle */
	unsigned int *throttle_slot;	/* the 2008 throttle's counter we hold */
	bool counted;			/* counted in reclaim.nr_reclaimers */
	/* kswapd: balance_pgdat's loop */
	int kswapd_phase;
	unsigned long round_reclaimed_start;
};

/* The allocation in progress of a task (mm/page_alloc.c struct alloc_context). */
struct alloc_context {
	bool active;
	unsigned int order;
	enum zone_type highest_zoneidx;
	unsigned int no_progress_loops;
};

/* The memcg charge in progress of a task (mm/memcontrol.c try_charge_memcg). */
struct charge_context {
	bool active;
	unsigned int nr_retries;
	bool drained;
	bool batch_cut;		/* the charge batch was cut to the request */
};

#endif

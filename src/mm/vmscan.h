/* SPDX-License-Identifier: MIT */
/*
 * vmscan.h - scan_control (mm/vmscan.c, v6.12), passed down the reclaim
 * call tree, and the reclaim state a task carries between calls.
 */
#ifndef RECLAIMSIM_VMSCAN_H
#define RECLAIMSIM_VMSCAN_H

#include "../sim/types.h"
#include "mm_types.h"

/*
 * node_reclaim_mode's bits (vm.zone_reclaim_mode; mm/internal.h, v6.12;
 * include/linux/swap.h before): reclaim the local node before going off
 * it, writing dirty pages, unmapping mapped ones.  RECLAIM_UNMAP was
 * RECLAIM_SWAP (2.6.16..5.x), with the same meaning here.
 */
#define RECLAIM_ZONE 0x1
#define RECLAIM_WRITE 0x2
#define RECLAIM_UNMAP 0x4
/* node_reclaim()'s answers (mm/internal.h, v6.12), or 1 (reclaimed enough) / 0 */
#define NODE_RECLAIM_NOSCAN (-2)
#define NODE_RECLAIM_FULL (-1)

/* mm/vmscan.c struct scan_control, the fields the model uses. */
struct scan_control {
	unsigned long nr_to_reclaim;
	struct mem_cgroup *target_mem_cgroup; /* NULL = global reclaim */
	unsigned long anon_cost, file_cost;
	unsigned int may_deactivate; /* DEACTIVATE_ANON | DEACTIVATE_FILE */
	bool force_deactivate;
	bool skipped_deactivate;
	bool may_writepage, may_unmap, may_swap;
	bool cache_trim_mode;
	bool file_is_tiny;
	bool no_cache_trim_mode;
	bool memcg_full_walk;
	bool memcg_low_reclaim; /* the pass that reclaims within memory.low */
	bool memcg_low_skipped; /* a group was spared for its memory.low */
	bool all_unreclaimable; /* 2.6.x: every zone of this pass was skipped */
	bool compaction_ready; /* a costly order's reclaim stopped: compaction can run */
	int order;
	int priority;
	enum zone_type reclaim_idx;
	/*
	 * zone_reclaim (3.x shrink_zone): the zone whose pages the scan
	 * targets count (reclaim_idx is the same zone then); 0 otherwise
	 */
	enum zone_type zone_lo;
	bool kswapd; /* current_is_kswapd() */
	/*
	 * 2.6.x lumpy reclaim (set_lumpy_reclaim_mode, at each shrink_node):
	 * isolation takes neighbours from any LRU list (ISOLATE_BOTH),
	 * references are ignored, and direct reclaim makes a synchronous pass
	 */
	bool lumpy_reclaim_mode;
	/*
	 * the shrink_folio_list pass under way (2.6.x enum pageout_io, a
	 * parameter there): PAGEOUT_IO_SYNC is lumpy reclaim's second pass,
	 * which waits on writeback; mm_vmscan_writepage's sync flag
	 */
	enum pageout_io { PAGEOUT_IO_ASYNC, PAGEOUT_IO_SYNC } pageout_io;
	unsigned long nr_scanned;
	unsigned long nr_reclaimed;
	struct {
		unsigned long dirty, unqueued_dirty, congested, writeback;
		unsigned long immediate, file_taken, taken;
	} nr;
};
#define DEACTIVATE_ANON 1
#define DEACTIVATE_FILE 2

/* mm/vmscan.c struct reclaim_stat: what shrink_folio_list saw. */
struct reclaim_stat {
	unsigned long nr_dirty, nr_unqueued_dirty, nr_congested, nr_writeback;
	unsigned long nr_immediate, nr_pageout, nr_activate, nr_unmap_fail;
	unsigned long nr_reclaimed;
	/* 2.6.37..3.10: dirty pages past the references, those a congested queue kept */
	unsigned long nr_dirty_met, nr_kept_congested;
};

/*
 * The pages a reclaimer holds isolated: shrink_inactive_list's folio_list
 * and shrink_folio_list's ret_folios and free_folios (shrink_active_list
 * uses the first), on the reclaimer's stack in the kernel, in its
 * task_reclaim here.  task_reclaim.isolated points there while it holds
 * them, so that an OOM kill of a reclaimer suspended in the middle of a
 * batch can give them back (reclaim_abort).
 */
struct isolated_folios {
	struct lruvec *lruvec;
	enum lru_list lru; /* the list it was taken from */
	unsigned long nr_taken; /* counted in NR_ISOLATED_ANON/FILE */
	unsigned long nr_isolated[2]; /* of those, anon [0] and file [1] pages */
	/* lumpy reclaim's neighbours (mm_vmscan_lru_isolate, 2.6.36): taken, of
	 * them dirty, and in use but not isolable (ISOLATE_BOTH only) */
	unsigned long nr_lumpy_taken, nr_lumpy_dirty, nr_lumpy_failed;
	/* dirty pages direct reclaim may not write (direct_writeback = deny) */
	struct pfn_list dirty_folios;
	struct pfn_list folio_list, ret_folios, free_folios;
};

/*
 * A task's part in reclaim that outlives one call frame: what the seed 000
 * figures and an OOM kill need to find (the kernel keeps the like in
 * task_struct: current->reclaim_state, PF_MEMALLOC).
 */
struct task_reclaim {
	struct isolated_folios *isolated; /* &batch while it holds one, else NULL */
	struct isolated_folios batch; /* shrink_{in,}active_list's lists */
	struct pglist_data *throttled_pgdat; /* asleep in reclaim_throttle */
	unsigned int *throttle_slot; /* the 2008 throttle's counter it holds */
	bool counted; /* counted in reclaim.nr_reclaimers */
	bool memcg; /* that reclaim is a memcg's limit reclaim (the time series) */
	u64 start_ns; /* try_to_free_pages entry */
};

#endif

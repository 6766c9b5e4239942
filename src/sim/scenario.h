/* SPDX-License-Identifier: MIT */
/*
 * scenario.h - the parsed form of a scenario file (INI, read with libinih)
 * and the command-line overrides applied to it; the reader that fills it
 * is src/config/reader.h.
 *
 * A scenario is plain data: parsing never builds a simulation, and a
 * simulation never reads the file.  Every value carries its unit in the
 * field name or comment (bytes, pages, ns, percent).
 */
#ifndef RECLAIMSIM_SCENARIO_H
#define RECLAIMSIM_SCENARIO_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "types.h"

#define SCN_MAX_CGROUPS 64 /* [cgroup PATH] sections; [cgroup_tree] adds more */
#define SCN_MAX_CGROUP_TREES 8 /* [cgroup_tree NAME] sections */
/*
 * Groups in all, the root included: memcg ids are u16 in the kernel
 * (mem_cgroup_id, MEM_CGROUP_ID_MAX), and a page's memcg_id here too.
 */
#define SCN_MAX_MEMCGS 65535
/*
 * Levels below the root: the kernel's cgroup.max.depth is unlimited by
 * default; the model bounds it so that a path fits SCN_PATH_LEN and a
 * charge (O(depth), up the tree) stays cheap.
 */
#define SCN_MAX_CGROUP_DEPTH 32
#define SCN_PATH_LEN 128 /* a cgroup's path from the root, "A/B/C", with its NUL */
#define SCN_MAX_WORKLOADS 32
#define SCN_MAX_ACTIONS 64 /* lines of [at TIME] sections, all of them */
#define SCN_MAX_ZONES_PER_NODE MAX_NR_ZONES
#define SCN_NAME_LEN 48
#define SCN_ERR_LEN 512
#define SCN_MAX_SET_TEXTS 32 /* --set options kept for messages */
#define SCN_SET_TEXT_LEN 160
#define SCN_SAMPLE_INTERVAL_MIN_NS 1000000ULL /* [run] sample_interval's floor: 1 ms */
/*
 * The most pages of memory (all nodes) and of swap the model numbers:
 * a PTE (pte_t, mm_types.h) holds a page frame number or a swap slot in
 * its 28 bits above the flags, and page frame numbers are u32 with
 * NO_PFN reserved besides (1T of 4K pages; 16T of 64K).
 */
#define SCN_MAX_PAGES ((1ULL << 28) - 2)
/*
 * What the model's host spends per simulated page frame (struct page) and
 * per swap slot (swap_map, swap_cache, swap_cgroup), at least: the machine
 * must fit the host's physical memory (mm_init.c and swapfile.c assert
 * that these cover the structures).
 */
#define SCN_HOST_BYTES_PER_PAGE 28ULL
#define SCN_HOST_BYTES_PER_SLOT 11ULL

/*
 * Origins.  Values that scenario_validate() cross-checks remember where
 * they were given, so that its messages point there: > 0 is the line in
 * the file, 0 is "not given" (a default, derived, or read from the host
 * with no line to blame), < 0 is the --set option set_text[-origin - 1]
 * of struct scenario.
 */

/* A --set origin when set_text[] is full: "some --set option". */
#define SCN_ORIGIN_SET_ANY (-(SCN_MAX_SET_TEXTS + 1))

/* A block device preset: swap_device / disk_device = ssd | hdd | nvme. */
struct scn_device {
	u64 latency_ns; /* per request, before the transfer */
	u64 bandwidth; /* bytes per second */
	unsigned int depth; /* requests in flight */
	/* a disk's head (blkdev.c blk_seek_ns); rpm 0: no head (flash) */
	unsigned int rpm;
	u64 capacity; /* bytes the head's stroke spans */
	u64 seek_track_ns, seek_avg_ns, seek_full_ns;
	/*
	 * /sys/block/DEV/queue/rotational (QUEUE_FLAG_NONROT clear): what the
	 * device reports, which a head need not back (virtio-blk reports 1)
	 */
	bool rotational;
	/*
	 * completion = batch: the device signals the completions of the
	 * requests it took while busy together, when it has none left
	 * (blkdev.c blk_batch_end); each: every request when its own ends
	 */
	bool complete_batch;
	/* blk-wbt's scale step when the run starts (wbt_init's is 0) */
	int wbt_step;
	/* the submitter's CPU to notify an idle device (a VM exit; blkdev.c) */
	u64 kick_ns;
};

/* One zone of the explicit [machine] zones = layout. */
struct scn_zone {
	enum zone_type type;
	u64 pages; /* managed pages: simulated frames */
	u64 present; /* as /proc/zoneinfo reports, 0 = pages */
	u64 spanned; /* as /proc/zoneinfo reports, 0 = present */
	bool rest; /* "rest": whatever memory is left; the parser
				 * sets pages to it (memory / nodes - others) */
};

/*
 * [machine] arch: what the zone layout follows.  x86-64: DMA below
 * 16 MiB, DMA32 below 4 GiB, Normal above; i386 (3G/1G split): DMA below
 * 16 MiB, Normal up to the 896 MiB the kernel maps, HighMem above.
 * arm64 (arch/arm64/mm/init.c zone_sizes_init), whose low zones changed
 * twice: v5.5+ (1a8e1cef7603 "arm64: use both ZONE_DMA and ZONE_DMA32")
 * DMA below [machine] zone_dma_limit, DMA32 below 4 GiB; before it the
 * one zone below 4 GiB was ZONE_DMA32 (arm64_dma32: Christoph Hellwig's
 * "arm64: replace ZONE_DMA with ZONE_DMA32", in by v5.2) and before that
 * ZONE_DMA (arm64_dma).  No arm64 kernel here has ZONE_DEVICE (it is a
 * config option there: kernels built with it print one more protection).
 * ia64 (2.6.x arch/ia64/mm/contig.c and discontig.c paging_init):
 * ZONE_DMA below MAX_DMA_ADDRESS, which arch/ia64/mm/init.c puts at
 * 4 GiB of physical memory, ZONE_NORMAL above, on every node alike; no
 * DMA32, no HighMem (the zones of arm64_dma).  Christoph Hellwig's 2019
 * "ia64: use ZONE_DMA32" renamed its low zone DMA32 (the arm64_dma32
 * zones); ia64 left the kernel in 6.7.
 */
enum scn_arch {
	SCN_ARCH_X86_64,
	SCN_ARCH_I386,
	SCN_ARCH_ARM64,
	SCN_ARCH_ARM64_DMA32,
	SCN_ARCH_ARM64_DMA,
	SCN_ARCH_IA64,
};

/* The zones the kernel of @arch has (CONFIG_ZONE_DMA32, CONFIG_HIGHMEM, ...), ZONE_BIT()s. */
static inline unsigned int arch_zones(int arch)
{
	switch (arch) {
	case SCN_ARCH_I386:
		return ZONE_BIT(ZONE_DMA) | ZONE_BIT(ZONE_NORMAL) | ZONE_BIT(ZONE_HIGHMEM) |
		       ZONE_BIT(ZONE_MOVABLE);
	case SCN_ARCH_ARM64:
		return ZONE_BIT(ZONE_DMA) | ZONE_BIT(ZONE_DMA32) | ZONE_BIT(ZONE_NORMAL) |
		       ZONE_BIT(ZONE_MOVABLE);
	case SCN_ARCH_ARM64_DMA32:
		return ZONE_BIT(ZONE_DMA32) | ZONE_BIT(ZONE_NORMAL) | ZONE_BIT(ZONE_MOVABLE);
	case SCN_ARCH_ARM64_DMA:
	case SCN_ARCH_IA64:
		return ZONE_BIT(ZONE_DMA) | ZONE_BIT(ZONE_NORMAL) | ZONE_BIT(ZONE_MOVABLE);
	default:
		return ZONE_BIT(ZONE_DMA) | ZONE_BIT(ZONE_DMA32) | ZONE_BIT(ZONE_NORMAL) |
		       ZONE_BIT(ZONE_MOVABLE) | ZONE_BIT(ZONE_DEVICE);
	}
}

#define SCN_MAX_NODES 64
#define SCN_MAX_ARCH_ZONES 5 /* the most zones an arch has: x86_64's */

struct scn_machine {
	bool from_host; /* from = host: zones, sysctls, CPUs of this host */
	int arch; /* enum scn_arch */
	int arch_origin;
	u64 zone_dma_limit; /* arm64: where ZONE_DMA ends (bytes) */
	int zone_dma_limit_origin;
	unsigned int cpus; /* 1..4096 */
	unsigned int nodes; /* 1..SCN_MAX_NODES, memory split evenly */
	u64 memory; /* bytes, whole machine; with explicit zones and
				 * no "rest" it defaults to their sum x nodes */
	/* node_memory: each node's bytes, in node order; 0 nodes = split evenly */
	unsigned int nr_node_memory;
	u64 node_memory[SCN_MAX_NODES];
	int node_memory_origin;
	/*
	 * node_distance: the SLIT, row a column b = node_distance(a, b);
	 * 0 rows = 10 local, 20 remote (LOCAL_DISTANCE, REMOTE_DISTANCE)
	 */
	unsigned int nr_node_distance;
	u8 node_distance[SCN_MAX_NODES][SCN_MAX_NODES];
	unsigned int node_distance_cols[SCN_MAX_NODES]; /* each row's entries as given */
	int node_distance_origin;
	unsigned int page_size; /* bytes: 4K, 8K, 16K or 64K */
	unsigned int nr_zones; /* 0 = x86-64 default layout */
	struct scn_zone zones[SCN_MAX_ZONES_PER_NODE]; /* per node, or node 0's */
	/*
	 * zones = A | B | ...: one layout per node (nr_layouts > 1, each
	 * zone sized, no "rest"); zones[] above is then node 0's
	 */
	unsigned int nr_layouts;
	unsigned int layout_nr_zones[SCN_MAX_NODES];
	struct scn_zone layout_zones[SCN_MAX_NODES][SCN_MAX_ZONES_PER_NODE];
	/*
	 * The state a /proc/zoneinfo was taken in, pages per node and zone:
	 * the boost it printed (zone_boost) and the managed pages the
	 * watermarks were last computed from (zone_wmark_managed, 0 = the
	 * zone's managed pages)
	 */
	u64 zone_boost[SCN_MAX_NODES][MAX_NR_ZONES];
	u64 zone_wmark_managed[SCN_MAX_NODES][MAX_NR_ZONES];
	/* and lowmem_reserve, where it differs (0 = zone_wmark_managed's) */
	u64 zone_reserve_managed[SCN_MAX_NODES][MAX_NR_ZONES];
	int zone_boost_origin, zone_wmark_managed_origin, zone_reserve_managed_origin;
	int zones_line; /* line of zones =, for messages; 0 = none */
	int memory_origin; /* 0: memory not given (default, or the zones' sum) */
	int zones_origin;
	int page_size_origin;
	int swap_origin;
	u64 swap; /* bytes, 0 = no swap */
	struct scn_device swap_dev;
	struct scn_device disk_dev;
	u64 read_ahead; /* bytes, file readahead window (read_ahead_kb) */
	bool read_ahead_async; /* read_ahead_async = on: page_cache_async_ra */
	unsigned int read_ahead_folio_order; /* 0..9: window ends on folio boundaries (v6.17+) */
	int read_ahead_folio_order_origin;
	/* cgroup2 mount options (memcontrol.c) */
	bool memory_recursiveprot;
	int cgroup; /* cgroup = v1 (0) | v2 (1); -1 = the profile's ([policy] cgroup) */
	bool memory_localevents;
};

struct scn_sysctl {
	long min_free_kbytes; /* -1 = auto, the kernel's boot rule */
	unsigned int extra_free_kbytes; /* Android's, added between min and low */
	int min_free_kbytes_origin; /* where it was given, for messages */
	unsigned int watermark_scale_factor; /* 1..3000, 1/10000 of managed */
	unsigned int watermark_boost_factor; /* 0..., 1/10000 of high */
	unsigned int percpu_pagelist_high_fraction; /* 0 (low watermark) or 8.. */
	unsigned int swappiness; /* 0..200 */
	unsigned int dirty_ratio; /* percent of dirtyable memory */
	unsigned int dirty_background_ratio; /* percent */
	u64 dirty_expire_ns; /* dirty_expire_centisecs */
	u64 dirty_writeback_ns; /* dirty_writeback_centisecs */
	unsigned int page_cluster; /* swap readahead = 2^page_cluster pages */
	/*
	 * lowmem_reserve_ratio as written: one ratio per zone of the arch
	 * (arch_zones()), in zone order; nr 0 = the kernel's default
	 * (lowmem_reserve_ratio_of() in page_alloc.h resolves a zone's)
	 */
	unsigned int lowmem_reserve_ratio[MAX_NR_ZONES];
	unsigned int nr_lowmem_reserve_ratio;
	int lowmem_reserve_ratio_origin;
	bool thp; /* THP enabled: raises min_free_kbytes */
	unsigned int extfrag_threshold; /* 0..1000: fragmentation index below
					 * which costly orders are not compacted */
	unsigned int compaction_proactiveness; /* 0..100 (v5.9+) */
	/* zone_reclaim_mode: RECLAIM_* bits (vmscan.h); -1 = auto, the boot rule */
	int zone_reclaim_mode;
	unsigned int min_unmapped_ratio; /* percent of a node node_reclaim leaves */
};

/*
 * memcg_charge_retry: a charge over the limit after limit reclaim - the
 * v6.12 try_charge_memcg rules, 2.6.25 mem_cgroup_charge_common's (HZ/10
 * naps, progress = SWAP_CLUSTER_MAX pages), or 2.6.36..3.16
 * mem_cgroup_do_charge's (no naps, any progress retries)
 */
enum memcg_charge_policy {
	MEMCG_CHARGE_TRY_CHARGE_MEMCG,
	MEMCG_CHARGE_COMMON,
	MEMCG_CHARGE_DO_CHARGE,
};

/*
 * memcg_high_throttle: over memory.high on return to user - reclaim only
 * (v4.2..5.3), reclaim retried while it progresses then the penalty sleep
 * (v5.9+), or one reclaim then the penalty sleep (v5.4..5.8)
 */
/*
 * dirtyable_memory: what the dirty limits are a percent of
 * (global_dirty_limit, page-writeback.c); in the order of the key's values.
 */
enum dirtyable_memory {
	DIRTYABLE_FREE_AND_FILE, /* v3.14+ */
	DIRTYABLE_RECLAIMABLE, /* 2.6.32..3.13: anon only while swap has room */
	DIRTYABLE_LRU, /* 2.6.x..2.6.31: every LRU page */
	DIRTYABLE_RECLAIMABLE_RESERVES, /* 3.10: as RECLAIMABLE, less reserves, min_free_kbytes */
};

/*
 * wakeup_kswapd: which test a zone of the allocation's zonelist must fail
 * for its node's kswapd to be woken; in the order of the key's values.
 */
enum wakeup_kswapd_policy {
	WAKEUP_KSWAPD_NODE_BALANCED, /* v4.8+: once a node, unless pgdat_balanced */
	WAKEUP_KSWAPD_ZONE_LOW, /* < v3.12: every zone, below its low watermark */
	WAKEUP_KSWAPD_ZONE_BALANCED, /* v3.12..4.7: every zone, not zone_balanced */
};

enum memcg_high_throttle_policy {
	MEMCG_HIGH_RECLAIM,
	MEMCG_HIGH_PENALTY,
	MEMCG_HIGH_PENALTY_ONCE,
};

/*
 * vm_exec_activation: how reclaim favours referenced pages of executable
 * file mappings (program text): activated on their first reference in
 * shrink_page_list and kept active while referenced in shrink_active_list
 * (v3.3+), only the latter (v2.6.31..3.2), or neither (before 2.6.31)
 */
enum vm_exec_activation {
	VM_EXEC_FIRST_USE,
	VM_EXEC_ACTIVE_LIST,
	VM_EXEC_NONE,
};

/*
 * mapped_use_once: what one reference since the last scan does for a page
 * on the inactive list (folio_check_references): a mapped page needs a
 * second reference to be activated, anon too (v5.9+), or file only, anon
 * activated at once (v2.6.34..5.8); or none: any referenced page in use
 * (mapped, in the swap cache) is activated (before 2.6.34)
 */
enum mapped_use_once_policy {
	USE_ONCE_ANON_AND_FILE,
	USE_ONCE_FILE,
	USE_ONCE_NONE,
};

/*
 * refault_activation: which refaulting pages workingset_refault() may
 * activate on their refault distance: file and anon (v5.9+), file only
 * (v3.15..5.8), or none, with no shadow entries at all (before 3.15)
 */
enum refault_activation_policy {
	REFAULT_ACTIVATION_ALL,
	REFAULT_ACTIVATION_FILE,
	REFAULT_ACTIVATION_NONE,
};

/*
 * shadow_shrinker: how the shadow-node shrinker (mm/workingset.c) trims
 * the xarray nodes that hold only shadow entries: not at all (before
 * 3.15), per node against node_present_pages >> 4 with a scan target in
 * proportion to the LRU pages scanned (v3.15..4.5), or per lruvec
 * against its LRU pages >> 3 with half the excess scanned each time
 * (zero-seek shrinkers, v4.19+)
 */
enum shadow_shrinker_policy {
	SHADOW_SHRINKER_LRUVEC,
	SHADOW_SHRINKER_NODE_PRESENT,
	SHADOW_SHRINKER_NONE,
};

/*
 * reclaim_free_swap: where reclaim gives back the swap slot of a page it
 * keeps in memory: at activate_locked in shrink_folio_list when swap is
 * short (v2.6.30+), there and also for the last pagevec of pages
 * shrink_active_list deactivated (v2.6.28..2.6.29), or nowhere (before
 * 2.6.28)
 */
enum reclaim_free_swap_policy {
	RECLAIM_FREE_SWAP_ACTIVATE_LOCKED,
	RECLAIM_FREE_SWAP_PAGEVEC,
	RECLAIM_FREE_SWAP_NONE,
};

/* Policies: each seed mechanism is a switch; defaults are the modern kernel. */
/*
 * watermark_check: the order > 0 part of the watermark check (seed 004):
 * v4.4+ __zone_watermark_ok, the 2.6.28 per-order walk, or KOSAKI's 2008
 * proposal (any free block of the order or larger, whatever its type)
 */
enum watermark_check_policy { WMARK_CHECK_MODERN, WMARK_CHECK_ORDER_WALK, WMARK_CHECK_ANY_BLOCK };

/*
 * did_some_progress: what 2.6.x try_to_free_pages() returned when it
 * reclaimed less than SWAP_CLUSTER_MAX (alloc_retry = no_progress):
 * v2.6.26..2.6.34 nr_reclaimed while some zone was not all_unreclaimable,
 * else 0; 2.6.25 1 while some zone was not all_unreclaimable, else 0;
 * v2.6.35 (bb21c7ce18ef) nr_reclaimed if any, else 1 while some zone was
 * not all_unreclaimable
 */
enum did_some_progress_policy {
	PROGRESS_NR_RECLAIMED,
	PROGRESS_RECLAIMABLE,
	PROGRESS_RECLAIMED_OR_RECLAIMABLE,
};

/*
 * zonelist_node_load: what build_zonelists() does to node_load[] for the
 * first node of each new distance, so that equally distant nodes take
 * turns at the head of the fallback lists: add one (v5.19+), set it to
 * `load`, a count falling by one per node along the list (2.6.23..5.15,
 * f0c0b2b808f2), or add that `load` (before 2.6.23; 5.16..5.18,
 * 54d032ced983); assign_reset: set it, node_load[] cleared before each
 * node's list (2.6.23..2.6.30)
 */
enum zonelist_node_load {
	ZONELIST_LOAD_ACCUMULATE,
	ZONELIST_LOAD_ASSIGN,
	ZONELIST_LOAD_ACCUMULATE_FALLING,
	ZONELIST_LOAD_ASSIGN_RESET,
};

/*
 * numa_zonelist_order (2.6.23..4.13, the sysctl and boot parameter): the
 * fallback zonelist node by node, each node's zones highest first, or
 * zone type by zone type, each type's zones in node order (every node's
 * Normal before any node's DMA32).  The kernel's "default" chose by
 * default_zonelist_order(): by zone sizes (2.6.23..2.6.34), the same with
 * node order when a node has no Normal zone (2.6.35..3.17, e325c90ffc13),
 * node order on 64-bit and zone order on 32-bit (3.18..4.13).  4.14
 * (c9bff3eebc09) left only node order.
 */
enum numa_zonelist_order {
	ZONELIST_ORDER_NODE,
	ZONELIST_ORDER_ZONE,
	ZONELIST_ORDER_DEFAULT_SIZES,
	ZONELIST_ORDER_DEFAULT_LOWMEM,
	ZONELIST_ORDER_DEFAULT_64BIT,
};

/*
 * compaction: what of mm/compaction.c the kernel has (issue 14): none
 * (before 2.6.35, or CONFIG_COMPACTION off), direct compaction from the
 * allocator (2.6.35..4.5), kcompactd woken by kswapd (4.6..5.8), and the
 * proactive compaction of kcompactd (5.9+)
 */
enum compaction_policy {
	COMPACTION_NONE,
	COMPACTION_DIRECT,
	COMPACTION_KCOMPACTD,
	COMPACTION_PROACTIVE,
};

/* reclaim_throttle: the 2008 limit on parallel direct reclaimers (seed 000) */
enum reclaim_throttle_policy {
	RECLAIM_THROTTLE_NONE, /* as merged: no limit */
	RECLAIM_THROTTLE_GLOBAL, /* 2 x nodes with memory in try_to_free_pages */
	RECLAIM_THROTTLE_PER_ZONE, /* one reclaimer per zone (node) at a time */
};

/* lazyfree: what MADV_FREE does with the pages (seed 001) */
enum lazyfree_policy {
	LAZYFREE_NONE, /* before v4.5: MADV_FREE is -EINVAL */
	LAZYFREE_ANON_LRU, /* v4.5-4.11: pages stay on the anon LRU; no swap = DONTNEED */
	LAZYFREE_INACTIVE_FILE, /* v4.12+: SwapBacked cleared, moved to the inactive file list */
};

/*
 * soft_limit_reclaim: how global reclaim honours the v1
 * memory.soft_limit_in_bytes (seed 002, docs/seed002.md)
 */
enum soft_limit_reclaim_policy {
	SOFT_LIMIT_NONE, /* before v2.6.29: no soft limit */
	SOFT_LIMIT_TREE, /* v2.6.32+: groups in excess on a tree, reclaimed at priority 0 */
	SOFT_LIMIT_INTEGRATED, /* the 2013 rework, v3 patch 1: an eligible-groups pass */
	SOFT_LIMIT_INTEGRATED_SKIP, /* v5: the same with the iterator's SKIP / SKIP_TREE */
};

/* seq_read_references: what a reference through a madvised mapping counts for */
enum seq_read_refs_policy {
	SEQ_READ_REFS_COUNTED, /* < v2.6.29: as any other */
	SEQ_READ_REFS_IGNORED, /* v2.6.29..6.2: VM_SEQ_READ's young bit cleared, not counted */
	SEQ_READ_REFS_SKIPPED, /* v6.3+: VMAs with VM_SEQ_READ or VM_RAND_READ not walked */
};

/* swap_readahead: which swap slots a swap-in fault reads besides its own */
enum swap_readahead_policy {
	SWAP_RA_CLUSTER, /* v2.6.25 valid_swaphandles: the run of in-use slots
			  * in the faulting slot's aligned block */
	SWAP_RA_VMA, /* v4.14+ swap_vma_readahead: the fault's PTE window, adaptive */
	SWAP_RA_BLOCK, /* v3.14+ swap_cluster_readahead: an aligned block of
			* slots sized by swapin_nr_pages() (< v4.14, and later
			* kernels with a rotating swap device) */
};

/* pcp_lists: the per-CPU page lists in front of the buddy allocator */
enum pcp_lists_policy {
	PCP_LISTS_OFF, /* pages go straight to and from the buddy lists */
	PCP_LISTS_ORDER0, /* order 0 only, one list per migratetype (< v5.13) */
	PCP_LISTS_HIGH_ORDER, /* orders 0..3 and the PMD order (v5.13+) */
};

/* pcp_high: how a per-CPU list's high mark is set */
enum pcp_high_policy {
	PCP_HIGH_FIXED, /* 6 x batch, batch from at most 512 KiB (< v4.19) */
	PCP_HIGH_LOW_WMARK, /* zone_highsize(): the low watermark per CPU (v5.14..6.6) */
	PCP_HIGH_AUTO, /* tuned between high_min and high_max (v6.7+) */
};

/* tlb_flush: TLB shootdown when reclaim unmaps pages (seed 001) */
/* [policy] sched_tunable_scaling: how the scheduler's tunables grow with the CPUs */
enum sched_tunable_scaling {
	SCHED_TUNABLESCALING_NONE,
	SCHED_TUNABLESCALING_LOG, /* 1 + ilog2(min(CPUs, 8)), v2.6.33+ */
	SCHED_TUNABLESCALING_LINEAR, /* min(CPUs, 8) */
	SCHED_TUNABLESCALING_LOG_UNCAPPED, /* 1 + ilog2(CPUs), v2.6.24..v2.6.32 */
};

enum tlb_flush_policy {
	TLB_FLUSH_PER_PAGE, /* ptep_clear_flush: IPIs for every page (before v4.3) */
	TLB_FLUSH_BATCHED, /* v4.3+: one IPI per CPU per shrink_folio_list batch */
};

/*
 * file_writepage: which reclaimer may write a dirty page-cache page, one
 * documented line from 2.6.x to 6.17 (SPEC.md section 4, SPEC-seeds B.1
 * "What was merged later"); the index order keeps the two first values.
 */
enum file_writepage_policy {
	FILE_WRITEPAGE_NEVER, /* 6.17+: ->writepage removed */
	FILE_WRITEPAGE_KSWAPD, /* v4.11+: kswapd, pages met dirty before (PG_reclaim) on a
				* PGDAT_DIRTY node; the others are activated */
	FILE_WRITEPAGE_ANY, /* before v3.2: kswapd and direct reclaim alike */
	FILE_WRITEPAGE_KSWAPD_PRIORITY, /* v3.2..3.10: kswapd below DEF_PRIORITY - 2 only */
	FILE_WRITEPAGE_KSWAPD_DIRTY_ZONE, /* v3.11..4.10: kswapd on a zone/node flagged
					   * dirty (ZONE_TAIL_LRU_DIRTY, ZONE_DIRTY, PGDAT_DIRTY) */
};

/* lumpy_reclaim: high-order reclaim takes the order-aligned neighbours too (2.6.23..3.4) */
enum lumpy_reclaim_policy {
	LUMPY_RECLAIM_OFF, /* v3.5+ (and 2.6.38+ with compaction) */
	LUMPY_RECLAIM_COSTLY, /* v2.6.23..2.6.27: lumpy mode for order > 3 only */
	LUMPY_RECLAIM_ON, /* v2.6.28..3.4: also order >= 1 below DEF_PRIORITY - 2 */
};

/* [policy] blk_plug: plugging in the block layer (src/dev/blkdev.c) */
enum blk_plug_policy {
	BLK_PLUG_NONE, /* none: a request goes to the device as soon as a slot is free */
	BLK_PLUG_QUEUE, /* before v2.6.39: the queue's plug and its unplug timer */
	BLK_PLUG_TASK, /* v2.6.39+: the task's plug list */
};

/* kswapd_balance: when balance_pgdat is done and kswapd may sleep */
enum kswapd_balance_policy {
	KSWAPD_BALANCE_NODE, /* v4.8+: one zone balanced */
	KSWAPD_BALANCE_ZONES, /* v2.6.38..4.7: every zone; at order > 0 a quarter */
	KSWAPD_BALANCE_ZONES_ALL, /* < v2.6.38: every zone, at any order */
};

/* kswapd_nap: balance_pgdat's HZ/10 nap after a pass in trouble (reclaim_sleep = congestion_wait) */
/*
 * [policy] lru_balance: what get_scan_count weighs anon against file by.
 * cost (v5.8+, 1431d4d11abb "mm: base LRU balancing on an explicit cost
 * model"): lru_note_cost's I/O and rotations; rotated_fraction (2.6.34..
 * 5.7): each lruvec's reclaim_stat, pages scanned against pages found
 * referenced, as fractions; rotated_percent (2.6.28..2.6.33
 * get_scan_ratio): the same stat as whole percentages.
 */
enum lru_balance_policy {
	LRU_BALANCE_COST,
	LRU_BALANCE_ROTATED_FRACTION,
	LRU_BALANCE_ROTATED_PERCENT
};

enum kswapd_nap_policy {
	KSWAPD_NAP_NONE, /* v3.9+: none, kswapd waits only in shrink_inactive_list */
	KSWAPD_NAP_EVERY_PASS, /* < v2.6.32: after every such pass */
	KSWAPD_NAP_ABOVE_MIN, /* v2.6.32..3.7: unless a zone is below its min watermark */
	KSWAPD_NAP_ABOVE_MIN_IFF_CONGESTED, /* v3.8: so, in wait_iff_congested */
};

/*
 * Policies.  A kernel profile (profiles.c) sets all of them but
 * reclaim_throttle; single keys override.  The bool ones name the kernel
 * behaviour they switch on.
 */
struct scn_policy {
	char kernel[16]; /* profile name, e.g. "6.12" */
	bool blk_rl_per_direction; /* blk_requests = per_direction (2.6.x request_list) */
	unsigned int blk_max_sectors_kb; /* a request's largest size (max_sectors_kb) */
	unsigned int blk_max_segments; /* a request's most physical segments (max_segments) */
	enum blk_plug_policy blk_plug; /* where bios wait to merge (blkdev.h) */
	bool blk_plug_flush_first; /* blk_plug_flush_rq = first: the size test reads
				    * the plug's oldest request (v6.13+) */
	bool blk_wbt; /* blk_wbt = on: writeback throttling (4.10+, src/dev/blk-wbt.c) */
	enum watermark_check_policy watermark_check;
	unsigned int max_page_order; /* largest buddy order (MAX_PAGE_ORDER, v6.4+ MAX_ORDER) */
	bool skip_zones_lots_free; /* direct reclaim skips zones above 4 x high (Rik, 2008) */
	enum compaction_policy compaction;
	enum reclaim_throttle_policy reclaim_throttle;
	bool too_many_isolated; /* v2.6.32+: isolation throttle of direct reclaim */
	bool alloc_no_progress_oom; /* alloc_retry = no_progress: 2.6.x allocator */
	bool slowpath_wake_restart; /* slowpath_wake_kswapd = restart: 2.6.x..3.x rebalance loop */
	bool compact_retry_migrate_mode; /* compact_retry = migrate_mode: 4.7..4.8's
					  * should_compact_retry (alloc_pages.c) */
	bool all_unreclaimable; /* zone_unreclaimable = all_unreclaimable[_lru] (< v4.11) */
	bool all_unreclaimable_lru; /* zone_unreclaimable = all_unreclaimable_lru:
				     * against every LRU page (< v2.6.32) */
	bool pgdat_reclaimable; /* zone_unreclaimable = pgdat_reclaimable: node kswapd
				 * never gives up on a node (v4.8..4.10) */
	bool congestion_wait; /* reclaim_sleep = congestion_wait or
					 * wait_iff_congested (< v5.16) */
	bool wait_iff_congested; /* reclaim_sleep = wait_iff_congested (v3.11..5.15) */
	bool wait_iff_pageout_congested; /* reclaim_sleep = wait_iff_pageout_congested
					  * (v2.6.37..3.10) */
	bool new_anon_active; /* new_anon_lru = active (< v5.9) */
	bool swapin_active; /* swapin_lru = active (< v2.6.28) */
	bool swapin_free_swap_full; /* swapin_free_swap = swap_full (< v2.6.29) */
	enum reclaim_free_swap_policy reclaim_free_swap;
	bool readahead_noretry; /* readahead_gfp = noretry (v3.1+) */
	bool readahead_large_folios; /* readahead_folios = large (v5.18+) */
	bool write_large_folios; /* write_folios = large (v6.6+) */
	bool mmap_async_ra; /* mmap_readahead = async: PG_readahead in read-around (v2.6.31+) */
	bool mmap_exec_ra_vma; /* mmap_exec_readahead = vma: text read forward in its VMA (v6.17+) */
	u64 fault_around_bytes; /* fault-around window, bytes; 0 = none (< v3.15) */
	bool mmap_miss_workingset; /* mmap_miss_hits = not_workingset (2024, v6.12) */
	enum swap_readahead_policy swap_readahead;
	bool swap_alloc_cluster; /* swap_alloc = cluster: v6.14+'s cluster lists */
	bool swap_ra_plug_loop; /* swap_readahead_plug = loop: reads submitted into
				 * a plug held across the charges (v5.8+) */
	enum lazyfree_policy lazyfree;
	enum tlb_flush_policy tlb_flush;
	bool split_lru; /* split_lru = on: anon and file LRUs (v2.6.28+) */
	bool memcg_reclaim_stat; /* memcg_reclaim_stat = on: memcg reclaim
					 * balances anon/file (v2.6.29+) */
	enum did_some_progress_policy did_some_progress;
	enum memcg_charge_policy memcg_charge; /* memcg_charge_retry (memcontrol.c) */
	bool memcg_stock; /* memcg_stock = on: per-CPU charge stock (v2.6.33+) */
	bool anon_vma_chain; /* anon_vma_chain = on (v2.6.34+) */
	bool anon_vma_lock_exclusive; /* anon_vma_lock = exclusive (< v3.9) */
	bool i_mmap_lock_exclusive; /* i_mmap_lock = exclusive (< v3.19) */
	enum seq_read_refs_policy seq_read_references;
	bool full_walk_retry; /* full_walk_retry = on (v6.10+) */
	bool empty_memcg_protected; /* empty_memcg_protected = on (45c7f7e1ef17, 2020) */
	bool force_deactivate_retry; /* force_deactivate_retry = on (v5.9+) */
	enum file_writepage_policy file_writepage;
	bool direct_writeback_deny; /* direct_writeback = deny: Mel Gorman's June 2010
				     * "Do not writeback pages in direct reclaim" */
	bool flusher_wakeup_scanned; /* flusher_wakeup = scanned (< v4.11): kicked by
				      * do_try_to_free_pages after 1.5 x nr_to_reclaim */
	bool flusher_wakeup_pages_scanned; /* flusher_wakeup_pages = scanned (< v4.11):
					    * reclaim's wake-up writes total_scanned pages */
	enum lumpy_reclaim_policy lumpy_reclaim;
	bool kswapd_sleep_requested; /* kswapd_sleep_order = requested: 2.6.35 kswapd() */
	bool kswapd_short_sleep; /* kswapd_short_sleep = on: the HZ/10 nap and test, 2.6.33+ */
	bool kswapd_sleep_node; /* kswapd_sleep_zones = node: 2.6.33..2.6.39 sleeping_prematurely
				 * tests every zone of the node (3.0+: up to end_zone) */
	bool kswapd_slab_every_zone; /* kswapd_slab = every_zone: 2.6.x..2.6.39 balance_pgdat
				      * shrinks slab after every zone, shrunk or not */
	bool kswapd_sleep_end_classzone; /* kswapd_sleep_classzone = end_zone: 2.6.38..2.6.39
					  * sleeping_prematurely's lowmem_reserve of end_zone */
	bool force_scan; /* force_scan = on: get_scan_count's small targets, 3.1..4.11 */
	bool shrink_no_bail; /* shrink_bail = none: shrink_zone scans its whole count, <= 2.6.28 */
	bool kswapd_order_failed_sweep; /* kswapd_order_fallback = failed_sweep: a high-order
					 * balance_pgdat keeps its order until a whole
					 * priority sweep reclaims < SWAP_CLUSTER_MAX
					 * (2.6.29..2.6.3x) */
	enum kswapd_nap_policy kswapd_nap;
	enum kswapd_balance_policy kswapd_balance;
	bool kswapd_gap_high_x8; /* kswapd_balance_gap = high_x8 (< v2.6.38) */
	bool may_write_to_queue; /* may_write_to_queue = on: direct reclaim does not
				  * write to a congested device (2.6.x pageout) */
	int trace_format; /* vmscan_trace_format: TRACE_FORMAT_* (trace_vmscan.h) */
	int oom_report; /* oom_report: OOM_REPORT_* (oom_kill.c), the OOM killer's text */
	int zoneinfo_format; /* zoneinfo_format: enum zoneinfo_format (vmstat_items.h) */
	int vmstat_format; /* vmstat_format: enum procfs_format (vmstat_items.h) */
	int meminfo_format; /* meminfo_format: enum procfs_format (vmstat_items.h) */
	bool trace_wakeup_early; /* wakeup_kswapd_trace = early (before 2.6.37) */
	bool throttle_vm_writeout; /* throttle_vm_writeout = on: shrink_lruvec waits while
				    * pages under writeback pass 1.1 x the dirty limit
				    * (2.6.x..4.10) */
	enum dirtyable_memory dirtyable_memory;
	bool wb_requeue_kupdate_only; /* wb_requeue_io = kupdate: only periodic writeback
				       * sends a file whose slice ran out to b_more_io,
				       * other writeback redirty_tails it (2.6.x..2.6.35) */
	bool wb_retry_more_io; /* wb_pass_retry = more_io: a work ends after a pass that
				* wrote part of its batch (2.6.x..3.0 wb_writeback) */
	bool flusher_range_whole; /* flusher_wakeup_range = whole: reclaim's works write
				   * each file from its start (2.6.32..4.13) */
	bool wb_no_yield; /* wb_work_yield = none: background and periodic works do
			   * not end for queued works (2.6.x..2.6.36) */
	enum wakeup_kswapd_policy wakeup_kswapd;
	bool cgroup_dfl; /* cgroup = v2: groups use the v2 interface by default */
	bool cgroup_given; /* cgroup was given (file or --set), not only by the profile */
	/* memcg_high_throttle: reclaim (0, v4.2..5.3), penalty (v5.9+), penalty_once (v5.4..5.8) */
	enum memcg_high_throttle_policy memcg_high_penalty;
	bool memcg_stats_rstat; /* memcg_stats = rstat: reclaim reads flushed
				 * memcg LRU sizes (v5.13+) */
	enum soft_limit_reclaim_policy soft_limit_reclaim;
	bool zone_reclaim; /* zone_reclaim = on: shrink_zone per zone (< v4.8) */
	unsigned int reclaim_distance; /* RECLAIM_DISTANCE: node_reclaim's farthest node */
	bool zone_reclaim_boot_distance; /* zone_reclaim_boot = distance (< v3.16) */
	enum pcp_lists_policy pcp_lists;
	enum pcp_high_policy pcp_high;
	bool watermark_boost; /* watermark_boost = on: boost on fallback (v5.0+) */
	/* the fair scheduler (src/sim/sched.c) */
	unsigned int sched_hz; /* the tick: CONFIG_HZ */
	u64 sched_latency_ns, sched_min_granularity_ns, sched_wakeup_granularity_ns; /* for 1 CPU */
	enum sched_tunable_scaling sched_tunable_scaling;
	bool sched_gentle_fair_sleepers; /* sched_sleeper_credit = half_latency (v2.6.32+) */
	bool sched_idle_sibling; /* sched_wake_select = idle_sibling (v2.6.32+) */
	bool sched_next_buddy; /* sched_next_buddy = wakeup (v2.6.25..v2.6.31) */
	bool sched_cpu_load; /* sched_load_balance = cpu_load (v2.6.23..v5.0) */
	bool sched_newidle_off; /* sched_newidle_balance = off */
	/* zero is the modern kernel's: a policy left zeroed is v6.x */
	bool wmark_gap_min_quarter; /* wmark_gap = min_quarter (< v4.6) */
	bool wmark_movable_proportional; /* wmark_movable = proportional (< v6.1) */
	bool lowmem_reserve_empty_kept; /* lowmem_reserve_empty = reserve (< v5.8) */
	bool thp_none; /* thp_support = none (< v2.6.38): sysctl thp raises nothing */
	unsigned int min_free_kbytes_max; /* the boot rule's cap: 65,536 (< v5.7) / 262,144 KiB */
	enum zonelist_node_load zonelist_node_load;
	enum numa_zonelist_order numa_zonelist_order;
	bool swappiness_plus_one; /* swappiness_zero = some_anon (< v3.5) */
	bool scan_try_batch; /* scan_batch = saved: 2.6.x nr_scan_try_batch */
	enum lru_balance_policy lru_balance;
	bool noprogress_half_second; /* noprogress_throttle = half_second (5.16-rc1..rc7) */
	enum vm_exec_activation vm_exec_activation;
	enum mapped_use_once_policy mapped_use_once;
	enum refault_activation_policy refault_activation;
	enum shadow_shrinker_policy shadow_shrinker;
	bool memcg_writeback_nowait; /* memcg_writeback_wait = none (< v3.6) */
	bool rotate_inactive_only; /* writeback_rotation = inactive (< v4.11) */
	bool compact_free_every_page; /* compact_free_stride = every_page (< v5.1) */
	/* a bit per key given (file or --set): a profile leaves them alone */
	u64 keys_given[2];
};

/* scn_policy.keys_given: note and test key @idx (canonical, < 128) */
static inline void policy_key_given_set(struct scn_policy *p, int idx)
{
	p->keys_given[idx / 64] |= 1ULL << (idx % 64);
}
static inline bool policy_key_given(const struct scn_policy *p, int idx)
{
	return p->keys_given[idx / 64] & (1ULL << (idx % 64));
}

/* [cost]: CPU time charged for kernel and user work, in ns. */
struct scn_cost {
	u64 user_touch_ns; /* a user access to a resident page */
	u64 user_touch_cached_ns; /* the same, in a region no larger than user_touch_cache */
	u64 user_touch_cache; /* bytes: the largest region touched at user_touch_cached_ns */
	u64 smaps_ns; /* a read of /proc/PID/smaps, beyond its walk of resident pages */
	u64 smaps_page_ns; /* that walk, per resident page */
	u64 phase_line_ns; /* an oracle program's phase line, smaps aside */
	u64 exec_ns; /* an exec'd program's start and exit: execve, ld.so, libc */
	u64 fault_ns; /* page fault entry/exit, minor */
	u64 zero_page_ns; /* clearing one page */
	u64 copy_page_ns; /* copying one page (read/write syscalls) */
	u64 alloc_ns; /* buddy allocator, per page */
	u64 free_ns; /* freeing one page */
	u64 shrink_object_ns; /* a shrinker's work per object scanned */
	u64 lru_lock_ns; /* lru_lock hold per page isolated or put back */
	u64 scan_page_ns; /* shrink_folio_list work per page */
	u64 rmap_ns; /* one rmap walk (page_referenced / try_to_unmap) of
				 * a singly mapped page: lock, lookup, one PTE */
	u64 rmap_vma_ns; /* each further VMA the same walk checks */
	u64 swap_slot_ns; /* add_to_swap: slot allocation + swap cache */
	u64 swap_writepage_ns; /* swap_writepage: bio, submit_bio into the plug */
	u64 swap_remove_mapping_ns; /* __remove_mapping of a swap cache page */
	u64 swapin_major_ns; /* a major swap fault beyond its pages read */
	u64 swapin_page_ns; /* __read_swap_cache_async: one page into the swap cache for its read */
	u64 blk_submit_ns; /* a block request's submission down to the driver, kick suppressed */
	u64 blk_complete_ns; /* a block request's completion: interrupt and softirq */
	u64 blk_complete_page_ns; /* that completion's work per page of the request */
	u64 syscall_ns; /* read()/write() entry/exit */
	u64 fork_ns; /* the parent's fork() of a small process, beyond its page allocations */
	u64 write_call_ns; /* a buffered write() call's file system work on a cached page */
	u64 charge_ns; /* memcg charge, per page */
	u64 memcg_iter_ns; /* one step of a reclaim walk over the memcg tree */
	u64 memcg_excess_ns; /* one soft-limit excess test (res_counter lock round trip) */
	u64 empty_lruvec_ns; /* shrink_lruvec of a group with nothing to scan */
	u64 pagecache_insert_ns; /* a page entering the page cache, fs work included */
	u64 socket_msg_ns; /* one small message through a socket, beyond the syscall */
	u64 tcp_msg_ns; /* one message through TCP over loopback, beyond syscall and copy */
	u64 wmark_check_ns; /* one free_area read of a watermark check (0: in alloc_ns) */
	u64 dbench_op_ns; /* user CPU of one dbench operation, on each side (tbench) */
	u64 pte_ns; /* one PTE set up or torn down: zap, madvise, fault-around */
	u64 tlb_ipi_ns; /* a TLB shootdown: sender waits for the remote flushes */
	u64 tlb_irq_ns; /* a TLB shootdown interrupt on the receiving CPU */
	u64 compact_scan_ns; /* a compaction scanner's look at one page frame */
	u64 migrate_page_ns; /* migrating one page: unmap, copy, remap */
	u64 context_switch_ns; /* a task's sleep and wake-up on a lock: switch out and back in */
	u64 io_switch_ns; /* an io_schedule() sleep: switch out and back in */
	u64 rcu_gp_ns; /* an RCU grace period: what synchronize_rcu() waits */
};

struct scn_cgroup {
	char name[SCN_PATH_LEN]; /* the section's: a path "A/B/C" or a name with parent = */
	char parent[SCN_PATH_LEN]; /* "/" = root; a section's name or path */
	int interface; /* cgroup = v1 (0) | v2 (1); -1 = the machine's (scn_cgroup_dfl) */
	u64 limit; /* bytes; U64_MAX = unlimited (v1 limit / v2 max) */
	bool limit_v2; /* the limit was given as v2 "max" */
	u64 memsw_limit; /* bytes; U64_MAX = unlimited */
	int swappiness; /* -1 = inherit vm.swappiness */
	u64 min, low; /* bytes, v2 memory.min / memory.low */
	u64 high; /* bytes, v2 memory.high; U64_MAX = max */
	u64 swap_max; /* bytes, v2 memory.swap.max; U64_MAX = max */
	bool oom_group; /* v2 memory.oom.group */
	u64 soft_limit; /* bytes, v1 memory.soft_limit_in_bytes; U64_MAX = unlimited */
	u64 stat_reads; /* ns between reads of its memory.stat; 0 = none */
	int line; /* line of the section header, for messages */
	int parent_origin, limit_origin, memsw_origin;
	int interface_origin, swappiness_origin, min_origin, low_origin, high_origin,
		swap_max_origin, oom_group_origin, soft_limit_origin;
};

/*
 * [cgroup_tree NAME]: @subtrees complete binary trees of @levels levels
 * under the group @tmpl.parent ("under"), each group configured as
 * @tmpl (the [cgroup] keys given in the section).  Subtree i's root is
 * UNDER/NAMEi (UNDER/NAME when there is one subtree), a group's children
 * are its path + "/0" and "/1".  Groups: subtrees x (2^levels - 1).
 */
struct scn_cgroup_tree {
	struct scn_cgroup tmpl; /* first: the [cgroup] keys' offsets apply */
	unsigned int levels; /* 1..SCN_MAX_CGROUP_DEPTH */
	unsigned int subtrees; /* 1..16 */
	int shape; /* 0 = binary, the only one */
	int levels_origin, subtrees_origin;
};

/*
 * One line of an [at TIME] section: at virtual time @time_ns, write @value
 * to a group's interface file, as the kernel's write handler would
 * (src/mm/memcontrol_write.c).  @key indexes memcg_action_table (the
 * group keys that can change at run time, and reclaim); @value is in
 * bytes (U64_MAX = max) or the key's number (oom_group, swappiness).
 */
struct scn_action {
	u64 time_ns;
	char when[24]; /* TIME as the section header gives it, for messages */
	char cgroup[SCN_PATH_LEN]; /* the group, as a section name or a path */
	unsigned int key;
	u64 value;
	int line; /* its line, for messages */
	int section_line; /* line of its [at TIME] header */
};

enum workload_type {
	WL_ANON_FILL,
	WL_FILE_WRITE,
	WL_FILE_READ,
	WL_HOTSET_STREAM,
	WL_HACKBENCH,
	WL_MADVISE09,
	WL_LRU_FILE_MMAP_READ,
	WL_EBIZZY,
	WL_TEXT_LOOP,
	WL_KALLOC,
	WL_HIGHALLOC,
	WL_TBENCH,
	WL_KERNBENCH,
	WL_IOZONE,
	WL_SIMPLE_WRITEBACK,
	WL_STRESS_HIGHALLOC,
	NR_WORKLOAD_TYPES,
};

/*
 * The bytes of struct scn_workload's params area: each type's parameters
 * (struct TYPE_params in src/workload/TYPE.h) must fit (a _Static_assert
 * beside each).
 */
#define SCN_WL_PARAMS_BYTES 256

struct scn_workload {
	char name[SCN_NAME_LEN];
	enum workload_type type;
	char cgroup[SCN_PATH_LEN]; /* "" = root; a [cgroup] section's name, or a path */
	u64 start_ns;
	bool launch_attach; /* launch = attach: moved into its cgroup before exec */
	unsigned int tasks; /* copies of the workload, default 1 (0 in the
				 * types that size their own tasks: no tasks key) */
	/*
	 * rate: bytes per second each task may move (allocate, touch, read or
	 * write: what its type counts, wl_ops.rate); 0 = unlimited
	 */
	u64 rate;
	int node; /* node = N: its tasks run on node N's CPUs; -1 = any CPU */
	int line;
	int type_origin, cgroup_origin, rate_origin, node_origin;
	/*
	 * the type's own parameters, struct TYPE_params declared by the type
	 * (src/workload/TYPE.h); its keys (wl_ops.keys) offset into it
	 */
	u64 params[SCN_WL_PARAMS_BYTES / sizeof(u64)];
	/* bit N of word N / 64: key N was given (file or --set), CFG_MAX_KEYS bits */
	u64 keys_given[2];
};

struct scn_run {
	u64 seed;
	u64 duration_ns; /* virtual-time bound */
	u64 sample_interval_ns; /* >= SCN_SAMPLE_INTERVAL_MIN_NS */
	/* run-to-run variation (docs/model.md): off turns every source off */
	bool jitter;
	unsigned int io_jitter; /* percent: device service time +- (blk_jitter.c) */
	u64 wakeup_latency_ns; /* wake-up to idle CPU: uniform 0..this (sched.c) */
	u64 timer_latency_ns; /* a timed sleep ends late: uniform 0..this (sched.c) */
	unsigned int cpu_jitter; /* percent: the run's CPU speed factor 1 +- (sched.c) */
	bool random_ties; /* tie_order = random: simultaneous events shuffled (event.c) */
	bool random_placement; /* task_placement = random: a new task's first idle CPU (sched.c) */
	bool page_shuffle; /* shuffled initial free lists (shuffle.c) */
};

struct scenario {
	char path[256]; /* file it came from, "(built-in)" otherwise */
	struct scn_machine machine;
	struct scn_sysctl sysctl;
	struct scn_policy policy;
	struct scn_cost cost;
	unsigned int nr_cgroups;
	struct scn_cgroup cgroups[SCN_MAX_CGROUPS];
	unsigned int nr_cgroup_trees;
	struct scn_cgroup_tree cgroup_trees[SCN_MAX_CGROUP_TREES];
	unsigned int nr_workloads;
	struct scn_workload workloads[SCN_MAX_WORKLOADS];
	unsigned int nr_actions; /* in file order */
	struct scn_action actions[SCN_MAX_ACTIONS];
	struct scn_run run;
	unsigned int nr_set_texts;
	char set_text[SCN_MAX_SET_TEXTS][SCN_SET_TEXT_LEN]; /* "section.key=value" */
};

/*
 * Was a group's interface chosen for it?  By its own cgroup key, else by
 * [machine] cgroup, else by a [policy] cgroup given in the scenario (not
 * the kernel profile's).  A group nobody chose for that sets only v1 keys
 * (limit, memsw_limit, swappiness, soft_limit) is v1, as a scenario written for the
 * v1-only model means it.
 */
/*
 * cpumask_of_node(): node @nid's CPUs are *@first .. *@first + n - 1, n
 * returned (0: a node without CPUs, when there are fewer CPUs than
 * nodes); CPU c is on node c * nodes / cpus (numa_node_id()).
 */
static inline unsigned int scn_node_cpus(const struct scn_machine *m, unsigned int nid,
					 unsigned int *first)
{
	unsigned int end = (unsigned int)(((u64)(nid + 1) * m->cpus + m->nodes - 1) / m->nodes);

	*first = (unsigned int)(((u64)nid * m->cpus + m->nodes - 1) / m->nodes);
	return end - *first;
}

/* node_distance(a, b): the SLIT's, or 10 local and 20 remote without one */
static inline unsigned int scn_node_distance(const struct scn_machine *m, unsigned int a,
					     unsigned int b)
{
	if (m->nr_node_distance)
		return m->node_distance[a][b];
	return a == b ? 10 : 20;
}

static inline bool scn_cgroup_chosen(const struct scenario *s, const struct scn_cgroup *c)
{
	return c->interface >= 0 || s->machine.cgroup >= 0 || s->policy.cgroup_given;
}

/* Does cgroup @c use the v2 interface?  (scn_cgroup_chosen, else its keys) */
static inline bool scn_cgroup_dfl(const struct scenario *s, const struct scn_cgroup *c)
{
	if (c->interface >= 0)
		return c->interface == 1;
	if (s->machine.cgroup >= 0)
		return s->machine.cgroup == 1;
	if (!s->policy.cgroup_given &&
	    ((c->limit_origin && !c->limit_v2) || c->memsw_origin || c->swappiness_origin ||
	     c->soft_limit_origin) &&
	    !((c->limit_origin && c->limit_v2) || c->min_origin || c->low_origin ||
	      c->high_origin || c->swap_max_origin || c->oom_group_origin))
		return false;
	return s->policy.cgroup_dfl;
}

/* The root group's interface: [machine] cgroup, else [policy] cgroup. */
static inline bool scn_root_dfl(const struct scenario *s)
{
	return s->machine.cgroup >= 0 ? s->machine.cgroup == 1 : s->policy.cgroup_dfl;
}

/*
 * scn_zones_fixed_pages - the pages per node of @m's explicit zones but
 * the "rest" one; *@has_rest says whether a zone is "rest".
 */
static inline u64 scn_zones_fixed_pages(const struct scn_machine *m, bool *has_rest)
{
	u64 sum = 0;

	*has_rest = false;
	for (unsigned int i = 0; i < m->nr_zones; i++) {
		if (m->zones[i].rest)
			*has_rest = true;
		else
			sum += m->zones[i].pages;
	}
	return sum;
}

/* The index of the cgroup named @name in @s->cgroups, or -1. */
static inline int scn_find_cgroup(const struct scenario *s, const char *name)
{
	for (unsigned int i = 0; i < s->nr_cgroups; i++)
		if (!strcmp(s->cgroups[i].name, name))
			return (int)i;
	return -1;
}

/*
 * Value parsers shared with the CLI.  Sizes: integer with optional
 * K/M/G/T suffix (powers of 1024, optional trailing B/iB), or a page count
 * with a "p" suffix when @page_size is non-zero.  Times: integer or decimal
 * with ns/us/ms/s.  Return 0 or -1 (message in @err, without location).
 */
int parse_size(const char *str, unsigned int page_size, u64 *bytes, char *err, size_t errlen);
int parse_time(const char *str, u64 *ns, char *err, size_t errlen);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * mm_types.h - the memory model: page frames, zones, nodes, LRU vectors,
 * memory cgroups, address spaces and page tables.  Names and meanings are
 * the kernel's (include/linux/mm_types.h, mmzone.h, memcontrol.h, v6.12);
 * sizes are kept small because struct page exists once per simulated frame.
 */
#ifndef RECLAIMSIM_MM_TYPES_H
#define RECLAIMSIM_MM_TYPES_H

#include "../sim/types.h"
#include "../sim/lock.h"
#include "../sim/rwsem.h"
#include "../sim/waitq.h"
#include "vmstat_items.h"

struct sim;
struct task;

/* include/linux/page-flags.h: the subset reclaim looks at. */
enum pageflags {
	PG_locked,
	PG_referenced,
	PG_dirty,
	PG_lru,
	PG_active,
	PG_workingset,
	PG_writeback,
	PG_reclaim,
	PG_swapbacked,
	PG_swapcache,
	PG_unevictable,
	PG_mlocked,
	PG_anon, /* folio_test_anon(): mapping is an anon_vma */
	PG_buddy, /* free, in the buddy allocator at page->order */
	PG_isolated, /* taken off the LRU by a reclaimer (kernel: !PG_lru + ref) */
	PG_fbatch, /* in a per-CPU lru_lazyfree batch (kernel: the batch's ref) */
	PG_readahead, /* read by swap readahead, not yet faulted (SetPageReadahead) */
	PG_tail, /* a tail page of a large folio: private is its head (compound_head) */
	NR_PAGEFLAGS,
};

/*
 * struct page - one simulated page frame (28 bytes).  LRU and buddy free
 * lists are intrusive doubly linked lists of PFNs (NO_PFN terminates).
 * An anon page: mapping_id is its anon_vma (the id of the family's root
 * mm, see struct anon_vma), index the virtual page number, which is the
 * same in every mm of the family.  A file page: mapping_id is the file,
 * index the page offset.  private is the swap slot while PG_swapcache is
 * set.  mapcount counts the PTEs mapping the page (page_mapcount: past
 * MAPCOUNT_EXT - 1 the count is kept beside, sim->mapcount_ext).
 * A large page-cache folio (readahead_folios) is 2^order frames: the head
 * carries the folio's state (LRU links, flags, order in @order, charge)
 * as the kernel's folio does; each tail has PG_tail, private = the head's
 * pfn, its own mapping_id, index and mapcount (the PTEs mapping it), and is
 * on no list.
 */
struct page {
	u32 flags;
	u32 next;
	u32 prev;
	u32 mapping_id;
	u32 index;
	u32 private;
	u16 memcg_id;
	u8 order; /* buddy order while PG_buddy; a folio head's order */
	u8 mapcount; /* number of PTEs mapping it */
};

#define MAPCOUNT_EXT 255 /* page->mapcount: the count is in sim->mapcount_ext */
#define MEMCG_ID_NONE 0xffff /* page->memcg_id of an uncharged page */
#define NO_MM UINT32_MAX /* page->mapping_id of an anon page whose mm exited */

static inline bool PageFlag(const struct page *p, enum pageflags f)
{
	return p->flags & (1u << f);
}
static inline void SetPageFlag(struct page *p, enum pageflags f)
{
	p->flags |= 1u << f;
}
static inline void ClearPageFlag(struct page *p, enum pageflags f)
{
	p->flags &= ~(1u << f);
}
static inline bool TestClearPageFlag(struct page *p, enum pageflags f)
{
	bool was = PageFlag(p, f);
	p->flags &= ~(1u << f);
	return was;
}

/* A list of page frames threaded through page->next/prev. */
struct pfn_list {
	u32 head; /* newest (list_add) */
	u32 tail; /* oldest (lru_to_folio) */
};

/* include/linux/mmzone.h enum lru_list */
enum lru_list {
	LRU_INACTIVE_ANON,
	LRU_ACTIVE_ANON,
	LRU_INACTIVE_FILE,
	LRU_ACTIVE_FILE,
	LRU_UNEVICTABLE,
	NR_LRU_LISTS,
};
#define NR_EVICTABLE_LRU LRU_UNEVICTABLE
#define LRU_ACTIVE 1
#define LRU_FILE 2

static inline bool is_file_lru(enum lru_list lru)
{
	return lru == LRU_INACTIVE_FILE || lru == LRU_ACTIVE_FILE;
}
static inline bool is_active_lru(enum lru_list lru)
{
	return lru == LRU_ACTIVE_ANON || lru == LRU_ACTIVE_FILE;
}

/*
 * Migrate types of free pages and pageblocks (include/linux/mmzone.h,
 * v6.12 without CMA; v4.4+: MIGRATE_RESERVE gone).  The first
 * MIGRATE_PCPTYPES have per-CPU lists and fall back to each other;
 * HIGHATOMIC blocks are reserved for high-order atomic allocations;
 * ISOLATE blocks are being emptied (compaction, memory hotplug, CMA) and
 * never allocated from.
 */
enum migratetype {
	MIGRATE_UNMOVABLE,
	MIGRATE_MOVABLE,
	MIGRATE_RECLAIMABLE,
	MIGRATE_HIGHATOMIC,
	MIGRATE_ISOLATE,
	MIGRATE_TYPES,
};
#define MIGRATE_PCPTYPES (MIGRATE_RECLAIMABLE + 1)

struct free_area {
	struct pfn_list free_list[MIGRATE_TYPES];
	u64 nr_free; /* blocks of this order, all types */
	u64 nr_free_mt[MIGRATE_TYPES];
};

enum zone_watermarks { WMARK_MIN, WMARK_LOW, WMARK_HIGH, WMARK_PROMO, NR_WMARK };

/*
 * struct per_cpu_pages (include/linux/mmzone.h, v6.12): one CPU's lists of
 * free pages of one zone, a list per (order, migratetype) for orders
 * 0..PAGE_ALLOC_COSTLY_ORDER and one for the PMD order (order_to_pindex).
 * Pages on them are not in the buddy lists and not in NR_FREE_PAGES;
 * they are linked through page->next/prev with page->order set and no
 * PG_buddy.  count is in pages; high/batch as the kernel keeps them.
 */
#define NR_LOWORDER_PCP_LISTS (MIGRATE_PCPTYPES * (PAGE_ALLOC_COSTLY_ORDER + 1))
#define NR_PCP_LISTS (NR_LOWORDER_PCP_LISTS + 1)
#define PCPF_PREV_FREE_HIGH_ORDER 0x01
#define PCPF_FREE_HIGH_BATCH 0x02
struct per_cpu_pages {
	int count; /* pages on the lists */
	int high; /* drain above this; 0 until first used (v6.7+ tuning) */
	int high_min, high_max;
	int batch; /* pages moved to or from the buddy lists at a time */
	u8 flags; /* PCPF_* */
	u8 alloc_factor; /* batch scale of refills, 0..PCP_BATCH_SCALE_MAX */
	int free_count; /* pages freed since the last allocation (v6.7+) */
	struct pfn_list lists[NR_PCP_LISTS];
};

/* zone->flags (include/linux/mmzone.h, v6.12) */
enum zone_flags {
	ZONE_BOOSTED_WATERMARK, /* a fallback boosted the watermarks: wake kswapd */
	ZONE_RECLAIM_ACTIVE, /* kswapd is reclaiming: keep pcp lists short */
	ZONE_BELOW_HIGH, /* free pages below the high watermark */
};

struct pglist_data;

struct zone {
	struct pglist_data *zone_pgdat;
	enum zone_type idx;
	u32 zone_start_pfn; /* first simulated frame */
	u64 spanned_pages; /* as reported (host layout), >= present */
	u64 present_pages; /* as reported */
	u64 managed_pages; /* simulated frames, buddy-managed */
	u64 _watermark[NR_WMARK];
	u64 watermark_boost;
	unsigned long flags; /* 1 << enum zone_flags */
	struct lock_timeline lock; /* zone->lock: the buddy lists */
	/* one per CPU, NULL when [policy] pcp_lists = off (page_alloc.c) */
	struct per_cpu_pages *per_cpu_pageset;
	int pageset_high_min, pageset_high_max, pageset_batch;
	long lowmem_reserve[MAX_NR_ZONES];
	u64 nr_reserved_highatomic;
	/* pages on the MIGRATE_HIGHATOMIC free lists (v6.13 nr_free_highatomic) */
	u64 nr_free_highatomic;
	struct free_area free_area[NR_PAGE_ORDERS];
	/*
	 * the migratetype of each pageblock, by zone-relative index >>
	 * pageblock_order (the kernel's pageblock_flags bitmap); the last
	 * one may be partial
	 */
	u8 *pageblock_mt;
	long vm_stat[NR_VM_ZONE_STAT_ITEMS];
	/* the pre-4.8 per-zone reclaim events, for old /proc/vmstat layouts */
	u64 lru_events[NR_ZONE_LRU_EVENTS];
	/* zone_statistics(): numa_hit ... numa_other of allocations from the zone */
	u64 numa_events[NR_VM_NUMA_EVENT_ITEMS];
	/* v1 soft limit: the groups in excess here, largest first (memcontrol-v1.c) */
	struct memcg_soft_mz *soft_limit_tree;
	/* 2.6.28 zone reclaim state (all_unreclaimable rule) */
	u64 pages_scanned;
	bool all_unreclaimable;
	/*
	 * 2.6.25 zone->prev_priority: the most urgent priority any reclaimer
	 * scans the zone at (note_zone_scanning_priority), reset by each
	 * direct reclaim and kswapd balance when it ends; read only by the
	 * single LRU's calc_reclaim_mapped
	 */
	int prev_priority;
	/*
	 * 2.6.x per-CPU page lists, counted only (their pages stay in the
	 * buddy lists): pcp_count[cpu][cold], NULL on later profiles
	 */
	u32 (*pcp_count)[2];
	u32 pcp_high[2], pcp_batch[2];
	/*
	 * compaction (mm/compaction.c, v6.12): where the free scanner and
	 * the async [0] / sync [1] migrate scanners resume, the positions a
	 * fresh start takes (whole_zone), and the deferral of a failing
	 * order: compaction is skipped until 2^compact_defer_shift attempts
	 * were considered, for orders >= compact_order_failed
	 */
	u32 compact_cached_free_pfn;
	u32 compact_cached_migrate_pfn[2];
	u32 compact_init_migrate_pfn;
	u32 compact_init_free_pfn;
	unsigned int compact_considered;
	unsigned int compact_defer_shift;
	int compact_order_failed;
};

static inline u64 zone_managed_pages(const struct zone *z)
{
	return z->managed_pages;
}
static inline bool populated_zone(const struct zone *z)
{
	return z->managed_pages != 0;
}
static inline u64 min_wmark_pages(const struct zone *z)
{
	return z->_watermark[WMARK_MIN] + z->watermark_boost;
}
static inline u64 low_wmark_pages(const struct zone *z)
{
	return z->_watermark[WMARK_LOW] + z->watermark_boost;
}
static inline u64 high_wmark_pages(const struct zone *z)
{
	return z->_watermark[WMARK_HIGH] + z->watermark_boost;
}
static inline long zone_page_state(const struct zone *z, enum zone_stat_item i)
{
	return z->vm_stat[i];
}

/* PGDAT_* flags (mm/vmscan.c, v6.12) */
enum pgdat_flags {
	PGDAT_DIRTY,
	PGDAT_WRITEBACK,
	PGDAT_RECLAIM_LOCKED,
	PGDAT_CONGESTED, /* v3.11..5.15 (ZONE_CONGESTED before v4.8) */
};

/* enum vmscan_throttle_state (v5.16+) */
enum vmscan_throttle_state {
	VMSCAN_THROTTLE_WRITEBACK,
	VMSCAN_THROTTLE_ISOLATED,
	VMSCAN_THROTTLE_NOPROGRESS,
	VMSCAN_THROTTLE_CONGESTED,
	NR_VMSCAN_THROTTLE,
};

struct pglist_data {
	int node_id;
	struct zone node_zones[MAX_NR_ZONES];
	u32 node_start_pfn;
	u64 node_present_pages;
	long vm_stat[NR_VM_NODE_STAT_ITEMS];
	/* kswapd (mm/vmscan.c) */
	struct task *kswapd;
	struct wait_queue_head kswapd_wait;
	struct wait_queue_head pfmemalloc_wait;
	struct wait_queue_head reclaim_wait[NR_VMSCAN_THROTTLE];
	int kswapd_order;
	enum zone_type kswapd_highest_zoneidx;
	/*
	 * a wake-up named the classzone since kswapd last read it (pre-4.8
	 * kswapd() balances a node nobody asked for up to its top zone)
	 */
	bool kswapd_classzone_asked;
	/*
	 * the end zone of kswapd's last balance_pgdat, ZONE_DMA when it
	 * found every zone balanced: the classzone 2.6.38..2.6.39's
	 * sleeping_prematurely tests each zone's watermark against
	 */
	u8 kswapd_end_zone;
	int kswapd_failures;
	unsigned long flags; /* PGDAT_* */
	/* node_reclaim leaves this much page cache (vm.min_unmapped_ratio) */
	unsigned long min_unmapped_pages;
	int nr_reclaim_throttled;
	unsigned int throttle_reclaimers; /* 2008 throttle, per_zone policy */
	u64 nr_reclaim_start; /* NR_THROTTLED_WRITTEN at first throttle */
	/* kcompactd (mm/compaction.c, v4.6+): NULL with compaction off or direct */
	struct task *kcompactd;
	struct wait_queue_head kcompactd_wait;
	int kcompactd_max_order;
	enum zone_type kcompactd_highest_zoneidx;
	bool kcompactd_proactive; /* the HZ/2 proactive check runs (see compaction.c) */
};

static inline long node_page_state(const struct pglist_data *pgdat, enum node_stat_item i)
{
	return pgdat->vm_stat[i];
}

/*
 * mm/page_counter.c (v6.12): one hierarchical counter of a memcg (memory,
 * swap, or v1 memory+swap), linked to the parent memcg's counter of the
 * same kind.  All values in pages.  min/low are memory.min/memory.low
 * (memory counter only); emin/elow their effective values, recomputed
 * top-down by every reclaim walk (SPEC 6.4); min_usage/low_usage are what
 * this counter last contributed to its parent's children_min_usage /
 * children_low_usage (propagate_protected_usage).
 */
struct page_counter {
	u64 usage;
	u64 max; /* U64_MAX = unlimited */
	u64 high; /* memory.high, U64_MAX = none */
	u64 watermark; /* highest usage seen (memory.peak, max_usage_in_bytes) */
	u64 failcnt; /* charge attempts that hit max */
	u64 min, low;
	u64 emin, elow;
	u64 min_usage, low_usage;
	u64 children_min_usage, children_low_usage;
	struct page_counter *parent;
};

/* include/linux/memcontrol.h enum memcg_memory_event: memory.events keys */
enum memcg_memory_event {
	MEMCG_LOW,
	MEMCG_HIGH,
	MEMCG_MAX,
	MEMCG_OOM,
	MEMCG_OOM_KILL,
	MEMCG_OOM_GROUP_KILL,
	MEMCG_NR_MEMORY_EVENTS,
};

/*
 * mem_cgroup_reclaim_iter (v6.12, per memcg and node): the shared cursor
 * of partial reclaim walks of this memcg's subtree: the group visited
 * last, and the number of completed walks (a walker that started in an
 * older generation stops).
 */
struct mem_cgroup_reclaim_iter {
	struct mem_cgroup *position;
	unsigned int generation;
};

/* lruvec: the LRU lists of one memcg on one node (include/linux/mmzone.h). */
/*
 * The soft-limit part of v3.10's mem_cgroup_per_zone ("mz"): a group's
 * entry on the tree of groups in excess of one zone (one node since 4.8:
 * zone_reclaim = off keeps the node's in zone 0).  An ordered list stands
 * in for the RB tree: its head is the rightmost (largest) node.
 */
struct memcg_soft_mz {
	struct memcg_soft_mz *prev, *next;
	struct mem_cgroup *memcg;
	u64 usage_in_excess; /* pages (the kernel's key is bytes: the same order) */
	bool on_tree;
};

struct xa_node;
/*
 * One list of a list_lru (mm/list_lru.c, v6.18): the shadow nodes of one
 * lruvec (mm/workingset.c shadow_nodes), oldest first, and the shrinker's
 * deferred scan count for them (shrinker_info.nr_deferred, or before
 * memcg-aware shrinkers shrinker->nr_deferred[nid], kept on the root's).
 */
struct list_lru_one {
	struct xa_node *head, *tail;
	u64 nr_items;
	u64 nr_deferred;
};

/*
 * One memcg's LRU lists on one node.  Before v4.8 the kernel kept them per
 * zone (mem_cgroup_per_zone, zone->lru); zone_reclaim = on models that and
 * uses lists[zone][lru], the per-node kernels lists[0][lru] (lruvec_list).
 * lists and soft_mz have as many rows as that (the machine's zones, or
 * 1): they lie in the block of the memcg's nodeinfo, after its lruvecs
 * (memcg_alloc), so that a group costs the host what its kernel keeps.
 */
struct lruvec {
	struct pfn_list (*lists)[NR_LRU_LISTS];
	u64 nr_pages[NR_LRU_LISTS]; /* this memcg's own pages */
	u64 nr_pages_hier[NR_LRU_LISTS]; /* with descendants: lruvec_page_state() */
	u64 zone_nr[MAX_NR_ZONES][NR_LRU_LISTS]; /* lru_zone_size */
	u64 nr_saved_scan[MAX_NR_ZONES][NR_LRU_LISTS]; /* 2.6.x reclaim_stat, scan_batch */
	u64 anon_cost; /* mm/swap.c lru_note_cost (v5.8+) */
	u64 file_cost;
	/* 2.6.28..5.7 reclaim_stat (lru_balance = rotated_*): anon [0], file [1] */
	u64 recent_scanned[2], recent_rotated[2];
	u64 nonresident_age; /* mm/workingset.c clock */
	struct list_lru_one shadow_nodes; /* mm/workingset.c */
	u64 refaults[2]; /* snapshot for may_deactivate */
	/*
	 * rstat (v5.13+): nr_pages_hier as of the last flush of the group's
	 * stats, which happened in flush period flush_epoch (FLUSH_TIME)
	 */
	u64 nr_pages_flushed[NR_LRU_LISTS];
	u64 flush_epoch;
	u64 flush_end; /* ns: the end of the period flush_epoch was checked in, 0 before */
	struct lock_timeline lru_lock;
	struct mem_cgroup_reclaim_iter iter; /* mem_cgroup_per_node.iter */
	struct memcg_soft_mz *soft_mz; /* by zone, [0] only when per node */
	struct mem_cgroup *memcg;
	struct pglist_data *pgdat;
};

/*
 * A group's own statistics (mm/memcontrol.c struct memcg_vmstats, v6.12),
 * local: hierarchical figures are summed over the subtree when read.
 * Allocated only for a group that can count: the root, and each group a
 * workload's tasks run in or a page is charged to; most groups of a big
 * tree never count anything, and these are most of a group's size.
 */
struct memcg_vmstats {
	long state[NR_VM_NODE_STAT_ITEMS];
	u64 events[NR_VM_EVENT_ITEMS];
	u64 stat[MEMCG_NR_STAT];
};

/*
 * include/linux/memcontrol.h: one cgroup of the memory controller, a node
 * of the tree rooted at sim->memcgs[0]: children in creation order
 * (cgroup's children list), so that css_next_descendant_pre visits them
 * as the kernel does.  v2 groups (dfl) charge memory and swap; v1 groups
 * memory and memsw (do_memsw_account).
 */
struct mem_cgroup {
	int id; /* 0 = root */
	int swappiness;
	char *name; /* its path from the root, "A/B/C"; "/" for the root */
	struct mem_cgroup *parent;
	struct mem_cgroup *first_child, *last_child, *next_sibling;
	struct page_counter memory;
	struct page_counter swap; /* v2 memory.swap.* */
	struct page_counter memsw; /* v1 memory+swap */
	/*
	 * ns between flushes of its rstat stats: FLUSH_TIME (2 s), or less
	 * when it or an ancestor has its memory.stat read more often
	 */
	u64 stat_flush_ns;
	struct lruvec *nodeinfo; /* one lruvec per node */
	/*
	 * Its own counters, summed over nodes: they point into vmstats once
	 * the group can count (memcg_vmstats_alloc), into
	 * memcg_vmstats_none (all zero, never written) before.
	 */
	long *vm_stat; /* [NR_VM_NODE_STAT_ITEMS] */
	u64 *vm_events; /* [NR_VM_EVENT_ITEMS] */
	u64 *memcg_stat; /* [MEMCG_NR_STAT] */
	struct memcg_vmstats *vmstats; /* NULL until the group can count */
	u64 oom_kill; /* v1 memory.oom_control oom_kill, counted up to the root */
	u64 memory_events[MEMCG_NR_MEMORY_EVENTS]; /* memory.events */
	u64 memory_events_local[MEMCG_NR_MEMORY_EVENTS]; /* memory.events.local */
	struct psi_group psi; /* memory.pressure (v2; the root's is the system's) */
	u64 soft_limit; /* pages, v1 memory.soft_limit_in_bytes; U64_MAX = none */
	/*
	 * memcg_check_events' per-CPU page event counters and the next
	 * SOFTLIMIT tick of each ([nr_cpus] pairs, in the nodeinfo block)
	 */
	u64 (*page_events)[2];
	unsigned int children_in_excess; /* 2013 rework v5: descendants over their soft limit */
	bool soft_contributed; /* counted in its ancestors' children_in_excess */
	bool dfl; /* cgroup v2 interface (cgroup_subsys_on_dfl) */
	bool oom_group; /* memory.oom.group */
};

static inline struct lruvec *mem_cgroup_lruvec(struct mem_cgroup *memcg,
					       const struct pglist_data *pgdat)
{
	return &memcg->nodeinfo[pgdat->node_id];
}

/*
 * Page table entries of the simulated mm (arch-neutral encoding).  Host
 * side: 32 bits, four flags and a page frame number or swap slot of 28
 * bits (SCN_MAX_PAGES bounds both), where the kernel's x86-64 PTE is 64:
 * the tables are the host memory of every mapped page and the cache line
 * each fault and rmap walk loads (half the bytes: seed001's 4-node run
 * keeps ~16M PTEs).
 */
typedef u32 pte_t;
#define PTE_PRESENT 1U
#define PTE_YOUNG 2U
#define PTE_DIRTY 4U
#define PTE_SWAP 8U /* not present, value is a swap slot */
#define PTE_SHIFT 4
static inline bool pte_none(pte_t pte)
{
	return pte == 0;
}
static inline bool pte_present(pte_t pte)
{
	return pte & PTE_PRESENT;
}
static inline bool pte_swap(pte_t pte)
{
	return pte & PTE_SWAP;
}
static inline u32 pte_pfn(pte_t pte)
{
	return (u32)(pte >> PTE_SHIFT);
}
static inline u64 pte_slot(pte_t pte)
{
	return pte >> PTE_SHIFT;
}
static inline pte_t pfn_pte(u32 pfn)
{
	return ((pte_t)pfn << PTE_SHIFT) | PTE_PRESENT;
}
static inline pte_t swp_entry_pte(u64 slot)
{
	return (pte_t)(slot << PTE_SHIFT) | PTE_SWAP;
}

/* VMA flags (include/linux/mm.h) */
#define VM_READ 0x1UL
#define VM_WRITE 0x2UL
#define VM_EXEC 0x4UL
#define VM_SHARED 0x8UL
#define VM_SEQ_READ 0x8000UL /* madvise(MADV_SEQUENTIAL) */
#define VM_RAND_READ 0x10000UL /* madvise(MADV_RANDOM) */
#define VM_LOCKED 0x2000UL

struct address_space;

/*
 * vm_area_struct - one mapping.  Anonymous (vm_file NULL, private,
 * read-write) or a read-only shared mapping of a file from page vm_pgoff.
 * A VMA removed by munmap stays in the mm's array with vm_start ==
 * vm_end, so that i_mmap entries (mm, index) keep their meaning.
 */
struct vm_area_struct {
	u64 vm_start; /* first virtual page number */
	u64 vm_end; /* one past the last */
	unsigned long vm_flags;
	struct address_space *vm_file;
	u64 vm_pgoff; /* file page mapped at vm_start */
	/*
	 * The VMA's page middle directory: a PTE table pointer for each
	 * PTRS_PER_PTE-aligned run of pages it spans, NULL until a PTE in it
	 * is installed (pgtable.h)
	 */
	pte_t **pmd;
	/*
	 * swap_readahead_info (v4.14+): the last swap fault's page, the
	 * window it read (pages) and the readahead hits since; all 0 = never
	 * set, read as 4 hits (GET_SWAP_RA_VAL)
	 */
	u64 swap_ra_vpn;
	unsigned int swap_ra_win;
	unsigned int swap_ra_hits;
};

static inline bool vma_is_anonymous(const struct vm_area_struct *vma)
{
	return !vma->vm_file;
}

/* mm_struct counters (enum MM_*) */
enum { MM_FILEPAGES, MM_ANONPAGES, MM_SWAPENTS, NR_MM_COUNTERS };

/*
 * anon_vma (mm/rmap.c): the address spaces whose private anonymous
 * mappings may map the pages filed under it (page->mapping_id), in the
 * order they were linked: the rmap walk goes down this list.  One per mm,
 * with the mm's id; fork links the child in (anon_vma_fork, v2.6.34+: into
 * each anon_vma of the parent's chain, the child's new pages going to its
 * own; before 2.6.34 the child shared the parent's, anon_vma_link).  The
 * model keeps mms, not VMAs, on the list: every anonymous VMA of an mm is
 * on its anon_vmas.
 */
/*
 * The lock classes the model keeps /proc/lock_stat figures for
 * (lock_names[] in src/report/names.c); sim->lock_stat[class].
 */
enum lock_class {
	LOCK_MMAP, /* mm->mmap_lock (mmap_sem before v5.8) */
	LOCK_ZONE, /* zone->lock */
	LOCK_LRU, /* lruvec->lru_lock (zone->lru_lock before v4.8) */
	LOCK_ANON_VMA, /* anon_vma->lock, exclusive in rmap walks before v3.9 */
	LOCK_I_MMAP, /* mapping->i_mmap_rwsem (i_mmap_lock, i_mmap_mutex), exclusive before v3.19 */
	NR_LOCK_CLASSES
};

struct anon_vma {
	u32 root; /* anon_vma->root: the oldest ancestor's */
	u32 nr_mms, cap_mms;
	u32 *mms; /* ids of the live mms linked to it */
	struct lock_timeline lock; /* the spinlock of kernels before 3.9 */
};

struct mm_struct {
	u32 id; /* index in sim->mms */
	u32 anon_vma; /* where its new anon pages are filed (vma->anon_vma) */
	u32 *av_chain; /* anon_vma_chain: the anon_vmas it is linked to */
	unsigned int nr_av_chain;
	unsigned int users; /* tasks sharing it (threads); mmput tears down at 0 */
	struct rw_semaphore mmap_lock; /* faults read; mmap, munmap write */
	struct task *owner;
	struct mem_cgroup *memcg;
	unsigned int nr_vmas;
	struct vm_area_struct *vmas;
	unsigned int mmap_cache; /* index of the VMA find_vma found last */
	u64 next_vpn; /* where the next mmap goes */
	long rss_stat[NR_MM_COUNTERS];
	u64 hiwater_rss; /* pages: the RSS at the last update_hiwater_rss() */
	u64 pgtables_bytes;
	u64 total_vm; /* pages */
	/*
	 * mm_cpumask(): a bit for each CPU whose mm_cpu->loaded_mm is this
	 * mm (tlb.c); allocated when a CPU first loads it
	 */
	u64 *cpu_bitmap;
};

/*
 * address_space - one file's page cache.  The entry at an index of
 * i_pages (xarray.h) is 0 (hole), pfn + 1 (resident) or a workingset
 * shadow (bit 63 set).
 */
#define XA_SHADOW (1ULL << 63)
static inline bool xa_is_value(u64 e)
{
	return e & XA_SHADOW;
}

/*
 * The xarray (lib/xarray.c, v6.12) reduced to one level: the entries in
 * nodes of XA_CHUNK_SIZE, a node allocated when an entry in its range is
 * stored and freed when its last entry is erased, so that the host's
 * memory follows what the cache holds, not the file's size.  A node
 * starts narrow, 32 bits an entry: 0, a pfn + 1 below 2^31, or a value
 * entry (a shadow) as XA_NARROW_VALUE | its distance above @base, the
 * node's first value entry; one that does not fit widens the node to 64
 * bits an entry.  The shadows a file read once leaves behind fit: 4 B a
 * page rather than 8 (xarray.h).
 */
#define XA_CHUNK_SHIFT 6
#define XA_CHUNK_SIZE (1U << XA_CHUNK_SHIFT)
#define XA_NARROW_VALUE (1U << 31)
struct xa_node {
	u64 base; /* the first value entry stored, 0: none yet */
	u8 count; /* non-zero entries */
	u8 nr_values; /* value entries (shadows) among them */
	bool wide;
	bool on_lru; /* on @lru: it holds shadows only (workingset_update_node) */
	u32 offset; /* its index in @array->nodes */
	struct xarray *array;
	/*
	 * the shadow_nodes list_lru of the lruvec it is charged to (the node
	 * and group of the entry that allocated it), and its place on it
	 */
	struct list_lru_one *lru;
	struct xa_node *lru_prev, *lru_next;
	u32 slots[]; /* XA_CHUNK_SIZE entries: u32 each, or u64 (two slots) when wide */
};
struct xarray {
	u64 nr_nodes;
	struct xa_node **nodes; /* NULL: a node of holes */
	/*
	 * the swap cache's: its nodes of shadows stay off the shadow-node
	 * shrinker's lists, which the model keeps for the page cache only
	 * (the kernel's add_to_swap_cache and __delete_from_swap_cache set
	 * workingset_update_node too, from when the swap cache kept shadows,
	 * 5.9's anonymous workingset detection, to 6.18's swap table: not
	 * modelled)
	 */
	bool no_shadow_lru;
};

struct address_space {
	u32 id;
	char name[48];
	u64 size; /* pages in the file */
	u64 capacity; /* indices i_pages covers */
	struct xarray i_pages;
	u64 *dirty_tag; /* PAGECACHE_TAG_DIRTY: a bit per index */
	u64 *dirty_tag_sum; /* a bit per dirty_tag word that is non-zero */
	u64 nrpages; /* resident */
	u64 nr_dirty;
	u64 ra_next; /* readahead: index after the last window */
	u64 ra_size; /* readahead: last window, pages */
	unsigned int ra_order; /* readahead: preferred folio order (file_ra_state.order, v6.17+) */
	u64 prev_index; /* 1 + the page read() last copied (file_ra_state.prev_pos), 0: none */
	unsigned int mmap_miss; /* file_ra_state.mmap_miss: faults that missed the cache, less hits */
	u64 wb_index; /* writeback cursor */
	u64 dirtied_when; /* ns, first dirtying since clean (inode) */
	/* i_mmap: the VMAs mapping this file, as (mm id, VMA index) pairs */
	unsigned int nr_mmap, cap_mmap;
	struct {
		u32 mm, vma;
	} * i_mmap;
	/* i_mmap_lock (spinlock, v2.6), i_mmap_mutex (v3.0), i_mmap_rwsem (v3.19) */
	struct lock_timeline i_mmap_lock;
};

/*
 * struct swap_cluster_info (v6.18 mm/swap.h): SWAPFILE_CLUSTER slots, how
 * many are taken (allocated, in the swap cache, or never usable: the
 * header, the device's tail) and the list it is on (flags), linked by
 * cluster index.
 */
enum swap_cluster_flag {
	CLUSTER_FLAG_NONE, /* on no list: taken off by an allocator */
	CLUSTER_FLAG_FREE,
	CLUSTER_FLAG_NONFULL,
	CLUSTER_FLAG_FRAG,
	CLUSTER_FLAG_FULL,
};
#define SWAP_CLUSTER_NIL UINT32_MAX
struct swap_cluster_info {
	u32 count;
	u32 prev, next;
	u8 flags;
};
struct swap_cluster_list {
	u32 head, tail;
};

/* include/linux/swap.h: one swap device. */
struct swap_info_struct {
	u64 max; /* slots; slot 0 is the header, never used */
	u64 inuse_pages;
	u8 *swap_map; /* use count per slot */
	/*
	 * the swap cache, indexed by slot: pfn + 1, or a shadow (XA_SHADOW).
	 * The kernel's is an xarray per 64 MiB of slots (swapper_spaces,
	 * v6.12) until v6.18's swap table; one xarray here, so that its
	 * nodes follow the slots in use rather than the device's size
	 */
	struct xarray swap_cache;
	u16 *swap_cgroup; /* memcg id charged for each slot (mm/swap_cgroup.c) */
	u64 cluster_next; /* next slot to try (scan_swap_map_slots) */
	/*
	 * swap_alloc = cluster (v6.14+): the device in clusters of
	 * swap_cluster_pages slots, each on one of four lists, and where the
	 * next allocation continues: global_next on a rotational device,
	 * percpu_next[cpu] on a solid-state one (0: take a new cluster)
	 */
	struct swap_cluster_info *cluster_info; /* NULL under swap_alloc = scan */
	u64 nr_clusters, swap_cluster_pages;
	struct swap_cluster_list free_clusters, nonfull_clusters, frag_clusters, full_clusters;
	bool solidstate; /* SWP_SOLIDSTATE: the device is not rotational */
	u64 global_next;
	u64 *percpu_next;
	/*
	 * swapin_nr_pages() state (v3.14+, the slot-block readahead): the
	 * kernel's statics, one set as the model has one swap device
	 */
	unsigned int ra_hits; /* swapin_readahead_hits, starts at 4 */
	u64 ra_prev_offset; /* prev_offset: the last fault slot without hits */
	unsigned int ra_last_pages; /* last_readahead_pages */
};
#define SWAP_HAS_CACHE 0x40 /* swap_map flag: a swap cache page exists */

/* memcg_stock_pcp (mm/memcontrol.c): pages pre-charged to one memcg. */
struct memcg_stock {
	struct mem_cgroup *memcg;
	unsigned int nr;
};

/* lru_lazyfree folio batch (mm/swap.c cpu_fbatches, PAGEVEC_SIZE 31). */
#define LRU_FBATCH_SIZE 31
struct lru_fbatch {
	unsigned int nr;
	u32 pfns[LRU_FBATCH_SIZE];
};

/*
 * The mm model's state of one CPU (sim->mm_cpus[cpu], beside the engine's
 * sim->eng.cpus[cpu]): the kernel's per-CPU memcg_stock, cpu_fbatches and
 * cpu_tlbstate.
 */
struct mm_cpu {
	struct memcg_stock stock;
	struct lru_fbatch lru_lazyfree;
	/* the address space whose translations this CPU may cache: the last
	 * user mm it ran (x86 switch_mm; kernel threads keep it, lazy TLB) */
	struct mm_struct *loaded_mm;
	u64 nr_tlb_irqs; /* TLB shootdown interrupts received */
	/*
	 * folios added to / freed from the LRU since this CPU last took the
	 * lru_lock for a batch of them (the lru_add folio batch drain,
	 * release_pages): the lock is taken once per LRU_FBATCH_SIZE
	 */
	unsigned int lru_add_nr, lru_free_nr;
};

#endif

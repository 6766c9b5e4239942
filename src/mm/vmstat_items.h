/* SPDX-License-Identifier: MIT */
/*
 * vmstat_items.h - the counters the model keeps, named and ordered as the
 * kernel's include/linux/mmzone.h and include/linux/vm_event_item.h
 * (v6.12) so that /proc/vmstat output lines up with a real one.  Only the
 * counters the model can give a meaning are listed.
 */
#ifndef RECLAIMSIM_VMSTAT_ITEMS_H
#define RECLAIMSIM_VMSTAT_ITEMS_H

/* Per-zone counters (enum zone_stat_item), pages. */
enum zone_stat_item {
	NR_FREE_PAGES,
	NR_ZONE_LRU_BASE,
	NR_ZONE_INACTIVE_ANON = NR_ZONE_LRU_BASE,
	NR_ZONE_ACTIVE_ANON,
	NR_ZONE_INACTIVE_FILE,
	NR_ZONE_ACTIVE_FILE,
	NR_ZONE_UNEVICTABLE,
	NR_ZONE_WRITE_PENDING, /* dirty + writeback */
	NR_MLOCK,
	NR_VM_ZONE_STAT_ITEMS,
};

/* Per-node counters (enum node_stat_item), pages unless named. */
enum node_stat_item {
	NR_LRU_BASE,
	NR_INACTIVE_ANON = NR_LRU_BASE,
	NR_ACTIVE_ANON,
	NR_INACTIVE_FILE,
	NR_ACTIVE_FILE,
	NR_UNEVICTABLE,
	NR_ISOLATED_ANON,
	NR_ISOLATED_FILE,
	WORKINGSET_NODES, /* xarray nodes on the shadow_nodes lists */
	WORKINGSET_REFAULT_ANON,
	WORKINGSET_REFAULT_FILE,
	WORKINGSET_ACTIVATE_ANON,
	WORKINGSET_ACTIVATE_FILE,
	WORKINGSET_RESTORE_ANON,
	WORKINGSET_RESTORE_FILE,
	WORKINGSET_NODERECLAIM, /* shadow nodes the shrinker freed */
	NR_ANON_MAPPED,
	NR_FILE_MAPPED,
	NR_FILE_PAGES,
	NR_FILE_DIRTY,
	NR_WRITEBACK,
	NR_SHMEM,
	NR_VMSCAN_WRITE,
	NR_VMSCAN_IMMEDIATE,
	NR_DIRTIED,
	NR_WRITTEN,
	NR_THROTTLED_WRITTEN,
	NR_KERNEL_STACK_KB,
	NR_PAGETABLE,
	NR_SWAPCACHE,
	NR_VM_NODE_STAT_ITEMS,
};

/* Global events (enum vm_event_item); per-zone events are FOO_DMA+zone. */
enum vm_event_item {
	PGPGIN, /* KiB read from block devices */
	PGPGOUT, /* KiB written */
	PSWPIN,
	PSWPOUT,
	PGALLOC_DMA,
	PGALLOC_DMA32,
	PGALLOC_NORMAL,
	PGALLOC_HIGH, /* HIGHMEM_ZONE(): i386 only, as the other zones' items */
	PGALLOC_MOVABLE,
	ALLOCSTALL_DMA,
	ALLOCSTALL_DMA32,
	ALLOCSTALL_NORMAL,
	ALLOCSTALL_HIGH,
	ALLOCSTALL_MOVABLE,
	PGSKIP_DMA, /* PGSCAN_SKIP: pages of higher zones isolate_lru_folios passed */
	PGSKIP_DMA32,
	PGSKIP_NORMAL,
	PGSKIP_HIGH,
	PGSKIP_MOVABLE,
	PGFREE,
	PGACTIVATE,
	PGDEACTIVATE,
	PGLAZYFREE,
	PGFAULT,
	PGMAJFAULT,
	PGLAZYFREED,
	PGREFILL,
	PGREUSE,
	PGSTEAL_KSWAPD,
	PGSTEAL_DIRECT,
	PGSCAN_KSWAPD,
	PGSCAN_DIRECT,
	PGSCAN_DIRECT_THROTTLE,
	PGSCAN_ANON,
	PGSCAN_FILE,
	PGSTEAL_ANON,
	PGSTEAL_FILE,
	PGSCAN_ZONE_RECLAIM_FAILED, /* CONFIG_NUMA; printed with zone_reclaim_mode on */
	KSWAPD_LOW_WMARK_HIT_QUICKLY,
	KSWAPD_HIGH_WMARK_HIT_QUICKLY,
	KSWAPD_SKIP_CONGESTION_WAIT, /* v2.6.33..3.8; printed with kswapd_nap = above_min */
	PAGEOUTRUN,
	PGROTATED,
	OOM_KILL,
	PGMIGRATE_SUCCESS,
	PGMIGRATE_FAIL,
	COMPACTMIGRATE_SCANNED,
	COMPACTFREE_SCANNED,
	COMPACTISOLATED,
	COMPACTSTALL,
	COMPACTFAIL,
	COMPACTSUCCESS,
	KCOMPACTD_WAKE,
	KCOMPACTD_MIGRATE_SCANNED,
	KCOMPACTD_FREE_SCANNED,
	/* CONFIG_DEBUG_TLBFLUSH: shootdowns sent, IPIs received, local flushes */
	NR_TLB_REMOTE_FLUSH,
	NR_TLB_REMOTE_FLUSH_RECEIVED,
	NR_TLB_LOCAL_FLUSH_ALL,
	SWAP_RA,
	SWAP_RA_HIT,
	NR_VM_EVENT_ITEMS,
};

/*
 * NUMA allocation events per zone (enum numa_stat_item, v6.12; zone items
 * before 4.14), counted by zone_statistics() for every allocation
 * get_page_from_freelist() serves.  numa_interleave stays 0: the model
 * has no interleave mempolicy.
 */
enum numa_stat_item {
	NUMA_HIT,
	NUMA_MISS,
	NUMA_FOREIGN,
	NUMA_INTERLEAVE_HIT,
	NUMA_LOCAL,
	NUMA_OTHER,
	NR_VM_NUMA_EVENT_ITEMS,
};

/*
 * Reclaim events the kernels before 4.8 counted per zone (pgrefill_<zone>,
 * pgsteal_*_<zone>, pgscan_*_<zone>: __count_zone_vm_events() on the zone
 * shrink_zone() was shrinking), kept in struct zone for the old
 * /proc/vmstat layouts ([policy] vmstat_format); global reclaim only, as
 * the global events.
 */
enum zone_lru_event {
	ZONE_PGREFILL,
	ZONE_PGSTEAL_KSWAPD,
	ZONE_PGSTEAL_DIRECT,
	ZONE_PGSCAN_KSWAPD,
	ZONE_PGSCAN_DIRECT,
	NR_ZONE_LRU_EVENTS,
};

/* Per-memcg counters kept beside the node items (v1 memory.stat). */
enum memcg_stat_item {
	MEMCG_PGPGIN, /* charge events (v1: per folio) */
	MEMCG_PGPGOUT, /* uncharge events */
	MEMCG_SWAP, /* swap entries charged, pages */
	MEMCG_NR_STAT,
};

/* Names as /proc/vmstat spells them; NULL where the kernel shows none. */
extern const char *const zone_stat_name[NR_VM_ZONE_STAT_ITEMS];
extern const char *const node_stat_name[NR_VM_NODE_STAT_ITEMS];
extern const char *const vm_event_name[NR_VM_EVENT_ITEMS];

/*
 * [policy] zoneinfo_format's values, in its key's order (mm/vmstat.c):
 * the layout of /proc/zoneinfo from the release each is named after.
 */
enum zoneinfo_format {
	ZONEINFO_6_0,
	ZONEINFO_2_6_25,
	ZONEINFO_2_6_28,
	ZONEINFO_2_6_30,
	ZONEINFO_3_8,
	ZONEINFO_4_12,
};

/*
 * [policy] vmstat_format and meminfo_format's values, in their keys'
 * order (mm/vmstat.c): the model's own lines (the JSON's), or the layout
 * of the release each is named after.
 */
enum procfs_format {
	PROCFS_MODEL,
	PROCFS_2_6_25,
	PROCFS_2_6_28,
	PROCFS_2_6_32,
	PROCFS_2_6_35,
	PROCFS_3_10,
	PROCFS_4_2,
	PROCFS_4_5,
	PROCFS_4_12,
	PROCFS_6_12,
	PROCFS_6_18,
	NR_PROCFS_FORMATS,
};

#endif

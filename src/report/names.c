// SPDX-License-Identifier: MIT
/*
 * names.c - the names /proc/vmstat gives the counters the model keeps
 * (mm/vmstat.c vmstat_text[], v6.12).  The enums in vmstat_items.h are a
 * subset of the kernel's, so the tables are written with designated
 * initializers: an entry can never land on the wrong counter, and a
 * counter added to an enum without a name here shows up as a NULL entry,
 * which tests/test_report.c rejects.
 *
 * Some spellings differ from the enum for historical reasons the kernel
 * keeps for ABI: NR_ANON_MAPPED is "nr_anon_pages", NR_FILE_MAPPED
 * "nr_mapped", NR_KERNEL_STACK_KB "nr_kernel_stack" (a KiB count),
 * NR_PAGETABLE "nr_page_table_pages", NR_SWAPCACHE "nr_swapcached",
 * NR_VMSCAN_IMMEDIATE "nr_vmscan_immediate_reclaim".
 */
#include "../mm/vmstat_items.h"

const char *const zone_stat_name[NR_VM_ZONE_STAT_ITEMS] = {
	[NR_FREE_PAGES] = "nr_free_pages",
	[NR_ZONE_INACTIVE_ANON] = "nr_zone_inactive_anon",
	[NR_ZONE_ACTIVE_ANON] = "nr_zone_active_anon",
	[NR_ZONE_INACTIVE_FILE] = "nr_zone_inactive_file",
	[NR_ZONE_ACTIVE_FILE] = "nr_zone_active_file",
	[NR_ZONE_UNEVICTABLE] = "nr_zone_unevictable",
	[NR_ZONE_WRITE_PENDING] = "nr_zone_write_pending",
	[NR_MLOCK] = "nr_mlock",
};

const char *const node_stat_name[NR_VM_NODE_STAT_ITEMS] = {
	[NR_INACTIVE_ANON] = "nr_inactive_anon",
	[NR_ACTIVE_ANON] = "nr_active_anon",
	[NR_INACTIVE_FILE] = "nr_inactive_file",
	[NR_ACTIVE_FILE] = "nr_active_file",
	[NR_UNEVICTABLE] = "nr_unevictable",
	[NR_ISOLATED_ANON] = "nr_isolated_anon",
	[NR_ISOLATED_FILE] = "nr_isolated_file",
	[WORKINGSET_REFAULT_ANON] = "workingset_refault_anon",
	[WORKINGSET_REFAULT_FILE] = "workingset_refault_file",
	[WORKINGSET_ACTIVATE_ANON] = "workingset_activate_anon",
	[WORKINGSET_ACTIVATE_FILE] = "workingset_activate_file",
	[WORKINGSET_RESTORE_ANON] = "workingset_restore_anon",
	[WORKINGSET_RESTORE_FILE] = "workingset_restore_file",
	[NR_ANON_MAPPED] = "nr_anon_pages",
	[NR_FILE_MAPPED] = "nr_mapped",
	[NR_FILE_PAGES] = "nr_file_pages",
	[NR_FILE_DIRTY] = "nr_dirty",
	[NR_WRITEBACK] = "nr_writeback",
	[NR_SHMEM] = "nr_shmem",
	[NR_VMSCAN_WRITE] = "nr_vmscan_write",
	[NR_VMSCAN_IMMEDIATE] = "nr_vmscan_immediate_reclaim",
	[NR_DIRTIED] = "nr_dirtied",
	[NR_WRITTEN] = "nr_written",
	[NR_THROTTLED_WRITTEN] = "nr_throttled_written",
	[NR_KERNEL_STACK_KB] = "nr_kernel_stack",
	[NR_PAGETABLE] = "nr_page_table_pages",
	[NR_SWAPCACHE] = "nr_swapcached",
};

const char *const vm_event_name[NR_VM_EVENT_ITEMS] = {
	[PGPGIN] = "pgpgin",
	[PGPGOUT] = "pgpgout",
	[PSWPIN] = "pswpin",
	[PSWPOUT] = "pswpout",
	[PGALLOC_DMA] = "pgalloc_dma",
	[PGALLOC_DMA32] = "pgalloc_dma32",
	[PGALLOC_NORMAL] = "pgalloc_normal",
	[PGALLOC_HIGH] = "pgalloc_high",
	[PGALLOC_MOVABLE] = "pgalloc_movable",
	[ALLOCSTALL_DMA] = "allocstall_dma",
	[ALLOCSTALL_DMA32] = "allocstall_dma32",
	[ALLOCSTALL_NORMAL] = "allocstall_normal",
	[ALLOCSTALL_HIGH] = "allocstall_high",
	[ALLOCSTALL_MOVABLE] = "allocstall_movable",
	[PGFREE] = "pgfree",
	[PGACTIVATE] = "pgactivate",
	[PGDEACTIVATE] = "pgdeactivate",
	[PGLAZYFREE] = "pglazyfree",
	[PGFAULT] = "pgfault",
	[PGMAJFAULT] = "pgmajfault",
	[PGLAZYFREED] = "pglazyfreed",
	[PGREFILL] = "pgrefill",
	[PGREUSE] = "pgreuse",
	[PGSTEAL_KSWAPD] = "pgsteal_kswapd",
	[PGSTEAL_DIRECT] = "pgsteal_direct",
	[PGSCAN_KSWAPD] = "pgscan_kswapd",
	[PGSCAN_DIRECT] = "pgscan_direct",
	[PGSCAN_DIRECT_THROTTLE] = "pgscan_direct_throttle",
	[PGSCAN_ANON] = "pgscan_anon",
	[PGSCAN_FILE] = "pgscan_file",
	[PGSTEAL_ANON] = "pgsteal_anon",
	[PGSTEAL_FILE] = "pgsteal_file",
	[KSWAPD_LOW_WMARK_HIT_QUICKLY] = "kswapd_low_wmark_hit_quickly",
	[KSWAPD_HIGH_WMARK_HIT_QUICKLY] = "kswapd_high_wmark_hit_quickly",
	[PAGEOUTRUN] = "pageoutrun",
	[PGROTATED] = "pgrotated",
	[OOM_KILL] = "oom_kill",
	[PGMIGRATE_SUCCESS] = "pgmigrate_success",
	[PGMIGRATE_FAIL] = "pgmigrate_fail",
	[COMPACTMIGRATE_SCANNED] = "compact_migrate_scanned",
	[COMPACTFREE_SCANNED] = "compact_free_scanned",
	[COMPACTISOLATED] = "compact_isolated",
	[COMPACTSTALL] = "compact_stall",
	[COMPACTFAIL] = "compact_fail",
	[COMPACTSUCCESS] = "compact_success",
	[KCOMPACTD_WAKE] = "compact_daemon_wake",
	[KCOMPACTD_MIGRATE_SCANNED] = "compact_daemon_migrate_scanned",
	[KCOMPACTD_FREE_SCANNED] = "compact_daemon_free_scanned",
	[NR_TLB_REMOTE_FLUSH] = "nr_tlb_remote_flush",
	[NR_TLB_REMOTE_FLUSH_RECEIVED] = "nr_tlb_remote_flush_received",
	[NR_TLB_LOCAL_FLUSH_ALL] = "nr_tlb_local_flush_all",
	[SWAP_RA] = "swap_ra",
	[SWAP_RA_HIT] = "swap_ra_hit",
};

// SPDX-License-Identifier: MIT
/*
 * procfs_era.c - /proc/vmstat and /proc/meminfo in the layout of an older
 * (or newer) kernel, [policy] vmstat_format and meminfo_format (the
 * meminfo layouts are procfs_era_meminfo.c's), so that a
 * dump someone brings from that kernel and the model's can be diffed line
 * by line.  Each layout is a table of the kernel's lines in its order,
 * each line naming the model's figure it prints, or none: such a line
 * prints 0 (docs/output.md lists them).  The value "model" prints the
 * model's own lines (procfs.c report_vmstat() / report_meminfo()), the
 * ones the JSON's "vmstat" member is made of; the JSON never changes with
 * these keys.
 *
 * Read in each release's sources (mm/vmstat.c vmstat_text[], whose order
 * include/linux/mmzone.h's and vm_event_item.h's enums make; fs/proc/
 * meminfo.c meminfo_proc_show(), before 2.6.27 fs/proc/proc_misc.c
 * meminfo_read_proc(); mm/hugetlb.c hugetlb_report_meminfo(); arch/x86
 * arch_report_meminfo()): 2.6.28, 2.6.32.9, 2.6.35.3, 4.2.8, 4.5.7, 4.12
 * and 6.12.19 in public trees of those releases (their vmstat and meminfo
 * code untouched by the vendors' patches), the others as their comments
 * say.  Configuration, an x86-64 distribution's: CONFIG_NUMA,
 * CONFIG_HIGHMEM only for [machine] arch = i386 (whose kernels have no
 * ZONE_DMA32), CONFIG_UNEVICTABLE_LRU (2.6.28, an option until 2.6.30),
 * CONFIG_COMPACTION, CONFIG_MIGRATION, CONFIG_HUGETLB_PAGE,
 * CONFIG_TRANSPARENT_HUGEPAGE (x86-64's PUD split line from 4.11),
 * CONFIG_MEMORY_FAILURE (2.6.32..4.12: HardwareCorrupted),
 * CONFIG_NUMA_BALANCING (3.8+), CONFIG_MEMORY_BALLOON with
 * BALLOON_COMPACTION and CONFIG_ZSMALLOC (4.x), no CONFIG_CMA (no Cma
 * lines or cma_* events) and no CONFIG_DEBUG_TLBFLUSH (the model's
 * nr_tlb_* counters stay in the JSON).  6.18's is the layout of the
 * oracle host's own 6.18 kernel (/work/shared/oracle: its dumps and the
 * model's diff directly), and 6.12's is 6.12's under that host's
 * configuration: also CONFIG_ZONE_DEVICE, CONFIG_ZSWAP, CONFIG_KSM,
 * CONFIG_IOMMU_SUPPORT, no CONFIG_MEMORY_FAILURE and no
 * CONFIG_UNACCEPTED_MEMORY.
 */
#include <inttypes.h>
#include <stdio.h>

#include "report.h"
#include "procfs.h"
#include "../mm/page_alloc.h"
#include "../mm/internal.h"

/* Where a /proc/vmstat line's figure comes from. */
enum vm_src {
	V_ZERO, /* no model figure: 0 */
	V_ZONE, /* zone item a, over every zone */
	V_NODE, /* node item a (+ node item b) */
	V_EVENT, /* event a */
	V_ZONES_EVENT, /* NAME_<zone> for the arch's zones: event a + zone (TEXTS_FOR_ZONES) */
	V_ZONES_EVENT_DEV, /* the same and, with CONFIG_ZONE_DEVICE, NAME_device 0 */
	V_ZONES_LRU, /* NAME_<zone>: the zone's lru_events a (+ b) over the nodes */
	V_ALLOCSTALL, /* the one allocstall before 4.8: allocstall_<zone> summed */
	V_DIRTY_THRESH, /* global_dirty_limit(): nr_dirty_threshold */
	V_DIRTY_BG_THRESH, /* nr_dirty_background_threshold */
	V_NUMA, /* NUMA event a (zone_statistics()), over every zone */
	V_PAGES_SCANNED, /* 3.19..4.7's NR_PAGES_SCANNED: zone->pages_scanned summed */
};

struct vm_line {
	const char *name;
	unsigned char src;
	signed char a, b;
};

#define VZ(n, i)                 \
	{                        \
		n, V_ZONE, i, -1 \
	}
#define VN(n, i)                 \
	{                        \
		n, V_NODE, i, -1 \
	}
#define VE(n, i)                  \
	{                         \
		n, V_EVENT, i, -1 \
	}
#define V0(n)                     \
	{                         \
		n, V_ZERO, -1, -1 \
	}
#define VZONES(n, i)                    \
	{                               \
		n, V_ZONES_EVENT, i, -1 \
	}
#define VZONESD(n, i)                       \
	{                                   \
		n, V_ZONES_EVENT_DEV, i, -1 \
	}
#define VLRU(n, i, j)                \
	{                            \
		n, V_ZONES_LRU, i, j \
	}

#define VNUMA(n, i)              \
	{                        \
		n, V_NUMA, i, -1 \
	}
#define V_NUMA_LINES                                                                            \
	VNUMA("numa_hit", NUMA_HIT), VNUMA("numa_miss", NUMA_MISS),                             \
		VNUMA("numa_foreign", NUMA_FOREIGN),                                            \
		VNUMA("numa_interleave", NUMA_INTERLEAVE_HIT), VNUMA("numa_local", NUMA_LOCAL), \
		VNUMA("numa_other", NUMA_OTHER)

/*
 * 2.6.25 (read in 2.6.24's mm/vmstat.c; the next change, nr_writeback_temp
 * and the htlb_buddy_alloc events, came in 2.6.26): one LRU, so
 * nr_inactive and nr_active (the model's split lists summed); the reclaim
 * events per zone; pgsteal_<zone> is kswapd's and direct reclaim's
 * together, kswapd_steal kswapd's alone; one allocstall.
 */
static const struct vm_line vmstat_2_6_25[] = {
	VZ("nr_free_pages", NR_FREE_PAGES),
	{ "nr_inactive", V_NODE, NR_INACTIVE_ANON, NR_INACTIVE_FILE },
	{ "nr_active", V_NODE, NR_ACTIVE_ANON, NR_ACTIVE_FILE },
	VN("nr_anon_pages", NR_ANON_MAPPED),
	VN("nr_mapped", NR_FILE_MAPPED),
	VN("nr_file_pages", NR_FILE_PAGES),
	VN("nr_dirty", NR_FILE_DIRTY),
	VN("nr_writeback", NR_WRITEBACK),
	V0("nr_slab_reclaimable"),
	V0("nr_slab_unreclaimable"),
	VN("nr_page_table_pages", NR_PAGETABLE),
	V0("nr_unstable"),
	V0("nr_bounce"),
	VN("nr_vmscan_write", NR_VMSCAN_WRITE),
	V_NUMA_LINES,
	VE("pgpgin", PGPGIN),
	VE("pgpgout", PGPGOUT),
	VE("pswpin", PSWPIN),
	VE("pswpout", PSWPOUT),
	VZONES("pgalloc", PGALLOC_DMA),
	VE("pgfree", PGFREE),
	VE("pgactivate", PGACTIVATE),
	VE("pgdeactivate", PGDEACTIVATE),
	VE("pgfault", PGFAULT),
	VE("pgmajfault", PGMAJFAULT),
	VLRU("pgrefill", ZONE_PGREFILL, -1),
	VLRU("pgsteal", ZONE_PGSTEAL_KSWAPD, ZONE_PGSTEAL_DIRECT),
	VLRU("pgscan_kswapd", ZONE_PGSCAN_KSWAPD, -1),
	VLRU("pgscan_direct", ZONE_PGSCAN_DIRECT, -1),
	V0("pginodesteal"),
	V0("slabs_scanned"),
	VE("kswapd_steal", PGSTEAL_KSWAPD),
	V0("kswapd_inodesteal"),
	VE("pageoutrun", PAGEOUTRUN),
	{ "allocstall", V_ALLOCSTALL, -1, -1 },
	VE("pgrotated", PGROTATED),
};

/*
 * 2.6.28 (its mm/vmstat.c, include/linux/mmzone.h and vmstat.h; the
 * split LRU, CONFIG_UNEVICTABLE_LRU on as distributions built it): the
 * four LRU lines under their new names, nr_unevictable and nr_mlock,
 * nr_writeback_temp (2.6.26), htlb_buddy_alloc_* (2.6.26) and the
 * unevictable_pgs_* events; otherwise 2.6.25's lines, pgsteal_<zone>
 * still kswapd's and direct reclaim's together.
 */
static const struct vm_line vmstat_2_6_28[] = {
	VZ("nr_free_pages", NR_FREE_PAGES),
	VN("nr_inactive_anon", NR_INACTIVE_ANON),
	VN("nr_active_anon", NR_ACTIVE_ANON),
	VN("nr_inactive_file", NR_INACTIVE_FILE),
	VN("nr_active_file", NR_ACTIVE_FILE),
	VN("nr_unevictable", NR_UNEVICTABLE),
	VZ("nr_mlock", NR_MLOCK),
	VN("nr_anon_pages", NR_ANON_MAPPED),
	VN("nr_mapped", NR_FILE_MAPPED),
	VN("nr_file_pages", NR_FILE_PAGES),
	VN("nr_dirty", NR_FILE_DIRTY),
	VN("nr_writeback", NR_WRITEBACK),
	V0("nr_slab_reclaimable"),
	V0("nr_slab_unreclaimable"),
	VN("nr_page_table_pages", NR_PAGETABLE),
	V0("nr_unstable"),
	V0("nr_bounce"),
	VN("nr_vmscan_write", NR_VMSCAN_WRITE),
	V0("nr_writeback_temp"),
	V_NUMA_LINES,
	VE("pgpgin", PGPGIN),
	VE("pgpgout", PGPGOUT),
	VE("pswpin", PSWPIN),
	VE("pswpout", PSWPOUT),
	VZONES("pgalloc", PGALLOC_DMA),
	VE("pgfree", PGFREE),
	VE("pgactivate", PGACTIVATE),
	VE("pgdeactivate", PGDEACTIVATE),
	VE("pgfault", PGFAULT),
	VE("pgmajfault", PGMAJFAULT),
	VLRU("pgrefill", ZONE_PGREFILL, -1),
	VLRU("pgsteal", ZONE_PGSTEAL_KSWAPD, ZONE_PGSTEAL_DIRECT),
	VLRU("pgscan_kswapd", ZONE_PGSCAN_KSWAPD, -1),
	VLRU("pgscan_direct", ZONE_PGSCAN_DIRECT, -1),
	V0("pginodesteal"),
	V0("slabs_scanned"),
	VE("kswapd_steal", PGSTEAL_KSWAPD),
	V0("kswapd_inodesteal"),
	VE("pageoutrun", PAGEOUTRUN),
	{ "allocstall", V_ALLOCSTALL, -1, -1 },
	VE("pgrotated", PGROTATED),
	V0("htlb_buddy_alloc_success"),
	V0("htlb_buddy_alloc_fail"),
	V0("unevictable_pgs_culled"),
	V0("unevictable_pgs_scanned"),
	V0("unevictable_pgs_rescued"),
	V0("unevictable_pgs_mlocked"),
	V0("unevictable_pgs_munlocked"),
	V0("unevictable_pgs_cleared"),
	V0("unevictable_pgs_stranded"),
	V0("unevictable_pgs_mlockfreed"),
};

/*
 * 2.6.32 (read in 2.6.32.9's): nr_kernel_stack (a count of stacks, not
 * KiB: the model counts none), nr_isolated_anon/file and nr_shmem, and
 * CONFIG_NUMA's zone_reclaim_failed after the per-zone scan lines.
 */
static const struct vm_line vmstat_2_6_32[] = {
	VZ("nr_free_pages", NR_FREE_PAGES),
	VN("nr_inactive_anon", NR_INACTIVE_ANON),
	VN("nr_active_anon", NR_ACTIVE_ANON),
	VN("nr_inactive_file", NR_INACTIVE_FILE),
	VN("nr_active_file", NR_ACTIVE_FILE),
	VN("nr_unevictable", NR_UNEVICTABLE),
	VZ("nr_mlock", NR_MLOCK),
	VN("nr_anon_pages", NR_ANON_MAPPED),
	VN("nr_mapped", NR_FILE_MAPPED),
	VN("nr_file_pages", NR_FILE_PAGES),
	VN("nr_dirty", NR_FILE_DIRTY),
	VN("nr_writeback", NR_WRITEBACK),
	V0("nr_slab_reclaimable"),
	V0("nr_slab_unreclaimable"),
	VN("nr_page_table_pages", NR_PAGETABLE),
	V0("nr_kernel_stack"),
	V0("nr_unstable"),
	V0("nr_bounce"),
	VN("nr_vmscan_write", NR_VMSCAN_WRITE),
	V0("nr_writeback_temp"),
	VN("nr_isolated_anon", NR_ISOLATED_ANON),
	VN("nr_isolated_file", NR_ISOLATED_FILE),
	VN("nr_shmem", NR_SHMEM),
	V_NUMA_LINES,
	VE("pgpgin", PGPGIN),
	VE("pgpgout", PGPGOUT),
	VE("pswpin", PSWPIN),
	VE("pswpout", PSWPOUT),
	VZONES("pgalloc", PGALLOC_DMA),
	VE("pgfree", PGFREE),
	VE("pgactivate", PGACTIVATE),
	VE("pgdeactivate", PGDEACTIVATE),
	VE("pgfault", PGFAULT),
	VE("pgmajfault", PGMAJFAULT),
	VLRU("pgrefill", ZONE_PGREFILL, -1),
	VLRU("pgsteal", ZONE_PGSTEAL_KSWAPD, ZONE_PGSTEAL_DIRECT),
	VLRU("pgscan_kswapd", ZONE_PGSCAN_KSWAPD, -1),
	VLRU("pgscan_direct", ZONE_PGSCAN_DIRECT, -1),
	VE("zone_reclaim_failed", PGSCAN_ZONE_RECLAIM_FAILED),
	V0("pginodesteal"),
	V0("slabs_scanned"),
	VE("kswapd_steal", PGSTEAL_KSWAPD),
	V0("kswapd_inodesteal"),
	VE("pageoutrun", PAGEOUTRUN),
	{ "allocstall", V_ALLOCSTALL, -1, -1 },
	VE("pgrotated", PGROTATED),
	V0("htlb_buddy_alloc_success"),
	V0("htlb_buddy_alloc_fail"),
	V0("unevictable_pgs_culled"),
	V0("unevictable_pgs_scanned"),
	V0("unevictable_pgs_rescued"),
	V0("unevictable_pgs_mlocked"),
	V0("unevictable_pgs_munlocked"),
	V0("unevictable_pgs_cleared"),
	V0("unevictable_pgs_stranded"),
	V0("unevictable_pgs_mlockfreed"),
};

/*
 * 2.6.35 (read in 2.6.35.3's), seed 003's kernels: 2.6.33's kswapd lines
 * (kswapd_low/high_wmark_hit_quickly, kswapd_skip_congestion_wait: Mel
 * Gorman's sleeping_prematurely and min-watermark changes, not in
 * 2.6.32.9) and 2.6.35's CONFIG_COMPACTION events.  Compaction's page
 * counts are the model's migrations (all of them compaction's: 3.8 moved
 * these counts to migrate.c as pgmigrate_*); compact_blocks_moved, one a
 * migrate_pages() batch, the model does not count.
 */
static const struct vm_line vmstat_2_6_35[] = {
	VZ("nr_free_pages", NR_FREE_PAGES),
	VN("nr_inactive_anon", NR_INACTIVE_ANON),
	VN("nr_active_anon", NR_ACTIVE_ANON),
	VN("nr_inactive_file", NR_INACTIVE_FILE),
	VN("nr_active_file", NR_ACTIVE_FILE),
	VN("nr_unevictable", NR_UNEVICTABLE),
	VZ("nr_mlock", NR_MLOCK),
	VN("nr_anon_pages", NR_ANON_MAPPED),
	VN("nr_mapped", NR_FILE_MAPPED),
	VN("nr_file_pages", NR_FILE_PAGES),
	VN("nr_dirty", NR_FILE_DIRTY),
	VN("nr_writeback", NR_WRITEBACK),
	V0("nr_slab_reclaimable"),
	V0("nr_slab_unreclaimable"),
	VN("nr_page_table_pages", NR_PAGETABLE),
	V0("nr_kernel_stack"),
	V0("nr_unstable"),
	V0("nr_bounce"),
	VN("nr_vmscan_write", NR_VMSCAN_WRITE),
	V0("nr_writeback_temp"),
	VN("nr_isolated_anon", NR_ISOLATED_ANON),
	VN("nr_isolated_file", NR_ISOLATED_FILE),
	VN("nr_shmem", NR_SHMEM),
	V_NUMA_LINES,
	VE("pgpgin", PGPGIN),
	VE("pgpgout", PGPGOUT),
	VE("pswpin", PSWPIN),
	VE("pswpout", PSWPOUT),
	VZONES("pgalloc", PGALLOC_DMA),
	VE("pgfree", PGFREE),
	VE("pgactivate", PGACTIVATE),
	VE("pgdeactivate", PGDEACTIVATE),
	VE("pgfault", PGFAULT),
	VE("pgmajfault", PGMAJFAULT),
	VLRU("pgrefill", ZONE_PGREFILL, -1),
	VLRU("pgsteal", ZONE_PGSTEAL_KSWAPD, ZONE_PGSTEAL_DIRECT),
	VLRU("pgscan_kswapd", ZONE_PGSCAN_KSWAPD, -1),
	VLRU("pgscan_direct", ZONE_PGSCAN_DIRECT, -1),
	VE("zone_reclaim_failed", PGSCAN_ZONE_RECLAIM_FAILED),
	V0("pginodesteal"),
	V0("slabs_scanned"),
	VE("kswapd_steal", PGSTEAL_KSWAPD),
	V0("kswapd_inodesteal"),
	VE("kswapd_low_wmark_hit_quickly", KSWAPD_LOW_WMARK_HIT_QUICKLY),
	VE("kswapd_high_wmark_hit_quickly", KSWAPD_HIGH_WMARK_HIT_QUICKLY),
	VE("kswapd_skip_congestion_wait", KSWAPD_SKIP_CONGESTION_WAIT),
	VE("pageoutrun", PAGEOUTRUN),
	{ "allocstall", V_ALLOCSTALL, -1, -1 },
	VE("pgrotated", PGROTATED),
	V0("compact_blocks_moved"),
	VE("compact_pages_moved", PGMIGRATE_SUCCESS),
	VE("compact_pagemigrate_failed", PGMIGRATE_FAIL),
	VE("compact_stall", COMPACTSTALL),
	VE("compact_fail", COMPACTFAIL),
	VE("compact_success", COMPACTSUCCESS),
	V0("htlb_buddy_alloc_success"),
	V0("htlb_buddy_alloc_fail"),
	V0("unevictable_pgs_culled"),
	V0("unevictable_pgs_scanned"),
	V0("unevictable_pgs_rescued"),
	V0("unevictable_pgs_mlocked"),
	V0("unevictable_pgs_munlocked"),
	V0("unevictable_pgs_cleared"),
	V0("unevictable_pgs_stranded"),
	V0("unevictable_pgs_mlockfreed"),
};

/*
 * 3.10: 2.6.28's split LRU with nr_unevictable and nr_mlock, 2.6.32's
 * isolated and shmem counters, nr_dirtied / nr_written (2.6.37),
 * nr_free_cma (3.7), the dirty thresholds (2.6.37); 3.4's
 * pgsteal_kswapd/direct per zone (kswapd_steal gone), 2.6.35-3.9's
 * compaction events as 3.x renamed them, pgmigrate_* (3.8), 2.6.38's
 * thp_* and 3.8's thp_zero_page_*; kswapd_skip_congestion_wait (2.6.33)
 * gone in 3.9.
 */
static const struct vm_line vmstat_3_10[] = {
	VZ("nr_free_pages", NR_FREE_PAGES),
	VN("nr_inactive_anon", NR_INACTIVE_ANON),
	VN("nr_active_anon", NR_ACTIVE_ANON),
	VN("nr_inactive_file", NR_INACTIVE_FILE),
	VN("nr_active_file", NR_ACTIVE_FILE),
	VN("nr_unevictable", NR_UNEVICTABLE),
	VZ("nr_mlock", NR_MLOCK),
	VN("nr_anon_pages", NR_ANON_MAPPED),
	VN("nr_mapped", NR_FILE_MAPPED),
	VN("nr_file_pages", NR_FILE_PAGES),
	VN("nr_dirty", NR_FILE_DIRTY),
	VN("nr_writeback", NR_WRITEBACK),
	V0("nr_slab_reclaimable"),
	V0("nr_slab_unreclaimable"),
	VN("nr_page_table_pages", NR_PAGETABLE),
	V0("nr_kernel_stack"), /* stacks then, not KiB: the model counts none */
	V0("nr_unstable"),
	V0("nr_bounce"),
	VN("nr_vmscan_write", NR_VMSCAN_WRITE),
	VN("nr_vmscan_immediate_reclaim", NR_VMSCAN_IMMEDIATE),
	V0("nr_writeback_temp"),
	VN("nr_isolated_anon", NR_ISOLATED_ANON),
	VN("nr_isolated_file", NR_ISOLATED_FILE),
	VN("nr_shmem", NR_SHMEM),
	VN("nr_dirtied", NR_DIRTIED),
	VN("nr_written", NR_WRITTEN),
	V_NUMA_LINES,
	V0("nr_anon_transparent_hugepages"),
	V0("nr_free_cma"),
	{ "nr_dirty_threshold", V_DIRTY_THRESH, -1, -1 },
	{ "nr_dirty_background_threshold", V_DIRTY_BG_THRESH, -1, -1 },
	VE("pgpgin", PGPGIN),
	VE("pgpgout", PGPGOUT),
	VE("pswpin", PSWPIN),
	VE("pswpout", PSWPOUT),
	VZONES("pgalloc", PGALLOC_DMA),
	VE("pgfree", PGFREE),
	VE("pgactivate", PGACTIVATE),
	VE("pgdeactivate", PGDEACTIVATE),
	VE("pgfault", PGFAULT),
	VE("pgmajfault", PGMAJFAULT),
	VLRU("pgrefill", ZONE_PGREFILL, -1),
	VLRU("pgsteal_kswapd", ZONE_PGSTEAL_KSWAPD, -1),
	VLRU("pgsteal_direct", ZONE_PGSTEAL_DIRECT, -1),
	VLRU("pgscan_kswapd", ZONE_PGSCAN_KSWAPD, -1),
	VLRU("pgscan_direct", ZONE_PGSCAN_DIRECT, -1),
	VE("pgscan_direct_throttle", PGSCAN_DIRECT_THROTTLE),
	VE("zone_reclaim_failed", PGSCAN_ZONE_RECLAIM_FAILED),
	V0("pginodesteal"),
	V0("slabs_scanned"),
	V0("kswapd_inodesteal"),
	VE("kswapd_low_wmark_hit_quickly", KSWAPD_LOW_WMARK_HIT_QUICKLY),
	VE("kswapd_high_wmark_hit_quickly", KSWAPD_HIGH_WMARK_HIT_QUICKLY),
	VE("pageoutrun", PAGEOUTRUN),
	{ "allocstall", V_ALLOCSTALL, -1, -1 },
	VE("pgrotated", PGROTATED),
	V0("numa_pte_updates"),
	V0("numa_hint_faults"),
	V0("numa_hint_faults_local"),
	V0("numa_pages_migrated"),
	VE("pgmigrate_success", PGMIGRATE_SUCCESS),
	VE("pgmigrate_fail", PGMIGRATE_FAIL),
	VE("compact_migrate_scanned", COMPACTMIGRATE_SCANNED),
	VE("compact_free_scanned", COMPACTFREE_SCANNED),
	VE("compact_isolated", COMPACTISOLATED),
	VE("compact_stall", COMPACTSTALL),
	VE("compact_fail", COMPACTFAIL),
	VE("compact_success", COMPACTSUCCESS),
	V0("htlb_buddy_alloc_success"),
	V0("htlb_buddy_alloc_fail"),
	V0("unevictable_pgs_culled"),
	V0("unevictable_pgs_scanned"),
	V0("unevictable_pgs_rescued"),
	V0("unevictable_pgs_mlocked"),
	V0("unevictable_pgs_munlocked"),
	V0("unevictable_pgs_cleared"),
	V0("unevictable_pgs_stranded"),
	V0("thp_fault_alloc"),
	V0("thp_fault_fallback"),
	V0("thp_collapse_alloc"),
	V0("thp_collapse_alloc_failed"),
	V0("thp_split"),
	V0("thp_zero_page_alloc"),
	V0("thp_zero_page_alloc_failed"),
};

/*
 * 4.2 (read in 4.2.8's): 3.10's zone counters and per-zone reclaim
 * events, with nr_alloc_batch (3.12), nr_pages_scanned (3.19: the
 * zone's pages_scanned, reset when pages are freed, as the model's),
 * workingset_refault/activate/nodereclaim (3.15; file pages only until
 * 5.9, the model's anon and file summed), numa_huge_pte_updates (3.13),
 * drop_pagecache/drop_slab and CONFIG_MEMORY_BALLOON's balloon_* lines;
 * kswapd_skip_congestion_wait gone (3.9).
 */
static const struct vm_line vmstat_4_2[] = {
	VZ("nr_free_pages", NR_FREE_PAGES),
	V0("nr_alloc_batch"), /* the fair zone allocator's batch (3.12..4.7): none */
	VN("nr_inactive_anon", NR_INACTIVE_ANON),
	VN("nr_active_anon", NR_ACTIVE_ANON),
	VN("nr_inactive_file", NR_INACTIVE_FILE),
	VN("nr_active_file", NR_ACTIVE_FILE),
	VN("nr_unevictable", NR_UNEVICTABLE),
	VZ("nr_mlock", NR_MLOCK),
	VN("nr_anon_pages", NR_ANON_MAPPED),
	VN("nr_mapped", NR_FILE_MAPPED),
	VN("nr_file_pages", NR_FILE_PAGES),
	VN("nr_dirty", NR_FILE_DIRTY),
	VN("nr_writeback", NR_WRITEBACK),
	V0("nr_slab_reclaimable"),
	V0("nr_slab_unreclaimable"),
	VN("nr_page_table_pages", NR_PAGETABLE),
	V0("nr_kernel_stack"), /* stacks, not KiB: the model counts none */
	V0("nr_unstable"),
	V0("nr_bounce"),
	VN("nr_vmscan_write", NR_VMSCAN_WRITE),
	VN("nr_vmscan_immediate_reclaim", NR_VMSCAN_IMMEDIATE),
	V0("nr_writeback_temp"),
	VN("nr_isolated_anon", NR_ISOLATED_ANON),
	VN("nr_isolated_file", NR_ISOLATED_FILE),
	VN("nr_shmem", NR_SHMEM),
	VN("nr_dirtied", NR_DIRTIED),
	VN("nr_written", NR_WRITTEN),
	{ "nr_pages_scanned", V_PAGES_SCANNED, -1, -1 },
	V_NUMA_LINES,
	{ "workingset_refault", V_NODE, WORKINGSET_REFAULT_ANON, WORKINGSET_REFAULT_FILE },
	{ "workingset_activate", V_NODE, WORKINGSET_ACTIVATE_ANON, WORKINGSET_ACTIVATE_FILE },
	VN("workingset_nodereclaim", WORKINGSET_NODERECLAIM),
	V0("nr_anon_transparent_hugepages"),
	V0("nr_free_cma"),
	{ "nr_dirty_threshold", V_DIRTY_THRESH, -1, -1 },
	{ "nr_dirty_background_threshold", V_DIRTY_BG_THRESH, -1, -1 },
	VE("pgpgin", PGPGIN),
	VE("pgpgout", PGPGOUT),
	VE("pswpin", PSWPIN),
	VE("pswpout", PSWPOUT),
	VZONES("pgalloc", PGALLOC_DMA),
	VE("pgfree", PGFREE),
	VE("pgactivate", PGACTIVATE),
	VE("pgdeactivate", PGDEACTIVATE),
	VE("pgfault", PGFAULT),
	VE("pgmajfault", PGMAJFAULT),
	VLRU("pgrefill", ZONE_PGREFILL, -1),
	VLRU("pgsteal_kswapd", ZONE_PGSTEAL_KSWAPD, -1),
	VLRU("pgsteal_direct", ZONE_PGSTEAL_DIRECT, -1),
	VLRU("pgscan_kswapd", ZONE_PGSCAN_KSWAPD, -1),
	VLRU("pgscan_direct", ZONE_PGSCAN_DIRECT, -1),
	VE("pgscan_direct_throttle", PGSCAN_DIRECT_THROTTLE),
	VE("zone_reclaim_failed", PGSCAN_ZONE_RECLAIM_FAILED),
	V0("pginodesteal"),
	V0("slabs_scanned"),
	V0("kswapd_inodesteal"),
	VE("kswapd_low_wmark_hit_quickly", KSWAPD_LOW_WMARK_HIT_QUICKLY),
	VE("kswapd_high_wmark_hit_quickly", KSWAPD_HIGH_WMARK_HIT_QUICKLY),
	VE("pageoutrun", PAGEOUTRUN),
	{ "allocstall", V_ALLOCSTALL, -1, -1 },
	VE("pgrotated", PGROTATED),
	V0("drop_pagecache"),
	V0("drop_slab"),
	V0("numa_pte_updates"),
	V0("numa_huge_pte_updates"),
	V0("numa_hint_faults"),
	V0("numa_hint_faults_local"),
	V0("numa_pages_migrated"),
	VE("pgmigrate_success", PGMIGRATE_SUCCESS),
	VE("pgmigrate_fail", PGMIGRATE_FAIL),
	VE("compact_migrate_scanned", COMPACTMIGRATE_SCANNED),
	VE("compact_free_scanned", COMPACTFREE_SCANNED),
	VE("compact_isolated", COMPACTISOLATED),
	VE("compact_stall", COMPACTSTALL),
	VE("compact_fail", COMPACTFAIL),
	VE("compact_success", COMPACTSUCCESS),
	V0("htlb_buddy_alloc_success"),
	V0("htlb_buddy_alloc_fail"),
	V0("unevictable_pgs_culled"),
	V0("unevictable_pgs_scanned"),
	V0("unevictable_pgs_rescued"),
	V0("unevictable_pgs_mlocked"),
	V0("unevictable_pgs_munlocked"),
	V0("unevictable_pgs_cleared"),
	V0("unevictable_pgs_stranded"),
	V0("thp_fault_alloc"),
	V0("thp_fault_fallback"),
	V0("thp_collapse_alloc"),
	V0("thp_collapse_alloc_failed"),
	V0("thp_split"),
	V0("thp_zero_page_alloc"),
	V0("thp_zero_page_alloc_failed"),
	V0("balloon_inflate"),
	V0("balloon_deflate"),
	V0("balloon_migrate"),
};

/* 4.5 (read in 4.5.7's) = 4.2 and MADV_FREE's pglazyfreed; 4.5's THP refcounting split lines. */
static const struct vm_line vmstat_4_5[] = {
	VZ("nr_free_pages", NR_FREE_PAGES),
	V0("nr_alloc_batch"), /* the fair zone allocator's batch (3.12..4.7): none */
	VN("nr_inactive_anon", NR_INACTIVE_ANON),
	VN("nr_active_anon", NR_ACTIVE_ANON),
	VN("nr_inactive_file", NR_INACTIVE_FILE),
	VN("nr_active_file", NR_ACTIVE_FILE),
	VN("nr_unevictable", NR_UNEVICTABLE),
	VZ("nr_mlock", NR_MLOCK),
	VN("nr_anon_pages", NR_ANON_MAPPED),
	VN("nr_mapped", NR_FILE_MAPPED),
	VN("nr_file_pages", NR_FILE_PAGES),
	VN("nr_dirty", NR_FILE_DIRTY),
	VN("nr_writeback", NR_WRITEBACK),
	V0("nr_slab_reclaimable"),
	V0("nr_slab_unreclaimable"),
	VN("nr_page_table_pages", NR_PAGETABLE),
	V0("nr_kernel_stack"), /* stacks, not KiB: the model counts none */
	V0("nr_unstable"),
	V0("nr_bounce"),
	VN("nr_vmscan_write", NR_VMSCAN_WRITE),
	VN("nr_vmscan_immediate_reclaim", NR_VMSCAN_IMMEDIATE),
	V0("nr_writeback_temp"),
	VN("nr_isolated_anon", NR_ISOLATED_ANON),
	VN("nr_isolated_file", NR_ISOLATED_FILE),
	VN("nr_shmem", NR_SHMEM),
	VN("nr_dirtied", NR_DIRTIED),
	VN("nr_written", NR_WRITTEN),
	{ "nr_pages_scanned", V_PAGES_SCANNED, -1, -1 },
	V_NUMA_LINES,
	{ "workingset_refault", V_NODE, WORKINGSET_REFAULT_ANON, WORKINGSET_REFAULT_FILE },
	{ "workingset_activate", V_NODE, WORKINGSET_ACTIVATE_ANON, WORKINGSET_ACTIVATE_FILE },
	VN("workingset_nodereclaim", WORKINGSET_NODERECLAIM),
	V0("nr_anon_transparent_hugepages"),
	V0("nr_free_cma"),
	{ "nr_dirty_threshold", V_DIRTY_THRESH, -1, -1 },
	{ "nr_dirty_background_threshold", V_DIRTY_BG_THRESH, -1, -1 },
	VE("pgpgin", PGPGIN),
	VE("pgpgout", PGPGOUT),
	VE("pswpin", PSWPIN),
	VE("pswpout", PSWPOUT),
	VZONES("pgalloc", PGALLOC_DMA),
	VE("pgfree", PGFREE),
	VE("pgactivate", PGACTIVATE),
	VE("pgdeactivate", PGDEACTIVATE),
	VE("pgfault", PGFAULT),
	VE("pgmajfault", PGMAJFAULT),
	VE("pglazyfreed", PGLAZYFREED),
	VLRU("pgrefill", ZONE_PGREFILL, -1),
	VLRU("pgsteal_kswapd", ZONE_PGSTEAL_KSWAPD, -1),
	VLRU("pgsteal_direct", ZONE_PGSTEAL_DIRECT, -1),
	VLRU("pgscan_kswapd", ZONE_PGSCAN_KSWAPD, -1),
	VLRU("pgscan_direct", ZONE_PGSCAN_DIRECT, -1),
	VE("pgscan_direct_throttle", PGSCAN_DIRECT_THROTTLE),
	VE("zone_reclaim_failed", PGSCAN_ZONE_RECLAIM_FAILED),
	V0("pginodesteal"),
	V0("slabs_scanned"),
	V0("kswapd_inodesteal"),
	VE("kswapd_low_wmark_hit_quickly", KSWAPD_LOW_WMARK_HIT_QUICKLY),
	VE("kswapd_high_wmark_hit_quickly", KSWAPD_HIGH_WMARK_HIT_QUICKLY),
	VE("pageoutrun", PAGEOUTRUN),
	{ "allocstall", V_ALLOCSTALL, -1, -1 },
	VE("pgrotated", PGROTATED),
	V0("drop_pagecache"),
	V0("drop_slab"),
	V0("numa_pte_updates"),
	V0("numa_huge_pte_updates"),
	V0("numa_hint_faults"),
	V0("numa_hint_faults_local"),
	V0("numa_pages_migrated"),
	VE("pgmigrate_success", PGMIGRATE_SUCCESS),
	VE("pgmigrate_fail", PGMIGRATE_FAIL),
	VE("compact_migrate_scanned", COMPACTMIGRATE_SCANNED),
	VE("compact_free_scanned", COMPACTFREE_SCANNED),
	VE("compact_isolated", COMPACTISOLATED),
	VE("compact_stall", COMPACTSTALL),
	VE("compact_fail", COMPACTFAIL),
	VE("compact_success", COMPACTSUCCESS),
	V0("htlb_buddy_alloc_success"),
	V0("htlb_buddy_alloc_fail"),
	V0("unevictable_pgs_culled"),
	V0("unevictable_pgs_scanned"),
	V0("unevictable_pgs_rescued"),
	V0("unevictable_pgs_mlocked"),
	V0("unevictable_pgs_munlocked"),
	V0("unevictable_pgs_cleared"),
	V0("unevictable_pgs_stranded"),
	V0("thp_fault_alloc"),
	V0("thp_fault_fallback"),
	V0("thp_collapse_alloc"),
	V0("thp_collapse_alloc_failed"),
	V0("thp_split_page"),
	V0("thp_split_page_failed"),
	V0("thp_split_pmd"),
	V0("thp_zero_page_alloc"),
	V0("thp_zero_page_alloc_failed"),
	V0("balloon_inflate"),
	V0("balloon_deflate"),
	V0("balloon_migrate"),
};

/*
 * 4.12 (its own sources): 4.8's node counters, the zone keeping
 * nr_zone_* (nr_kernel_stack in KiB since 4.9), CONFIG_ZSMALLOC's
 * nr_zspages, allocstall and pgskip per zone, the reclaim events global
 * (4.8), pglazyfree (4.12: lazyfree pages on the file LRU), kcompactd's
 * compact_daemon_* (4.6), the file THP lines and x86-64's thp_split_pud;
 * no oom_kill yet (4.13).
 */
static const struct vm_line vmstat_4_12[] = {
	VZ("nr_free_pages", NR_FREE_PAGES),
	VZ("nr_zone_inactive_anon", NR_ZONE_INACTIVE_ANON),
	VZ("nr_zone_active_anon", NR_ZONE_ACTIVE_ANON),
	VZ("nr_zone_inactive_file", NR_ZONE_INACTIVE_FILE),
	VZ("nr_zone_active_file", NR_ZONE_ACTIVE_FILE),
	VZ("nr_zone_unevictable", NR_ZONE_UNEVICTABLE),
	VZ("nr_zone_write_pending", NR_ZONE_WRITE_PENDING),
	VZ("nr_mlock", NR_MLOCK),
	V0("nr_slab_reclaimable"),
	V0("nr_slab_unreclaimable"),
	VN("nr_page_table_pages", NR_PAGETABLE),
	VN("nr_kernel_stack", NR_KERNEL_STACK_KB),
	V0("nr_bounce"),
	V0("nr_zspages"),
	V_NUMA_LINES,
	V0("nr_free_cma"),
	VN("nr_inactive_anon", NR_INACTIVE_ANON),
	VN("nr_active_anon", NR_ACTIVE_ANON),
	VN("nr_inactive_file", NR_INACTIVE_FILE),
	VN("nr_active_file", NR_ACTIVE_FILE),
	VN("nr_unevictable", NR_UNEVICTABLE),
	VN("nr_isolated_anon", NR_ISOLATED_ANON),
	VN("nr_isolated_file", NR_ISOLATED_FILE),
	{ "workingset_refault", V_NODE, WORKINGSET_REFAULT_ANON, WORKINGSET_REFAULT_FILE },
	{ "workingset_activate", V_NODE, WORKINGSET_ACTIVATE_ANON, WORKINGSET_ACTIVATE_FILE },
	VN("workingset_nodereclaim", WORKINGSET_NODERECLAIM),
	VN("nr_anon_pages", NR_ANON_MAPPED),
	VN("nr_mapped", NR_FILE_MAPPED),
	VN("nr_file_pages", NR_FILE_PAGES),
	VN("nr_dirty", NR_FILE_DIRTY),
	VN("nr_writeback", NR_WRITEBACK),
	V0("nr_writeback_temp"),
	VN("nr_shmem", NR_SHMEM),
	V0("nr_shmem_hugepages"),
	V0("nr_shmem_pmdmapped"),
	V0("nr_anon_transparent_hugepages"),
	V0("nr_unstable"),
	VN("nr_vmscan_write", NR_VMSCAN_WRITE),
	VN("nr_vmscan_immediate_reclaim", NR_VMSCAN_IMMEDIATE),
	VN("nr_dirtied", NR_DIRTIED),
	VN("nr_written", NR_WRITTEN),
	{ "nr_dirty_threshold", V_DIRTY_THRESH, -1, -1 },
	{ "nr_dirty_background_threshold", V_DIRTY_BG_THRESH, -1, -1 },
	VE("pgpgin", PGPGIN),
	VE("pgpgout", PGPGOUT),
	VE("pswpin", PSWPIN),
	VE("pswpout", PSWPOUT),
	VZONES("pgalloc", PGALLOC_DMA),
	VZONES("allocstall", ALLOCSTALL_DMA),
	VZONES("pgskip", PGSKIP_DMA),
	VE("pgfree", PGFREE),
	VE("pgactivate", PGACTIVATE),
	VE("pgdeactivate", PGDEACTIVATE),
	VE("pglazyfree", PGLAZYFREE),
	VE("pgfault", PGFAULT),
	VE("pgmajfault", PGMAJFAULT),
	VE("pglazyfreed", PGLAZYFREED),
	VE("pgrefill", PGREFILL),
	VE("pgsteal_kswapd", PGSTEAL_KSWAPD),
	VE("pgsteal_direct", PGSTEAL_DIRECT),
	VE("pgscan_kswapd", PGSCAN_KSWAPD),
	VE("pgscan_direct", PGSCAN_DIRECT),
	VE("pgscan_direct_throttle", PGSCAN_DIRECT_THROTTLE),
	VE("zone_reclaim_failed", PGSCAN_ZONE_RECLAIM_FAILED),
	V0("pginodesteal"),
	V0("slabs_scanned"),
	V0("kswapd_inodesteal"),
	VE("kswapd_low_wmark_hit_quickly", KSWAPD_LOW_WMARK_HIT_QUICKLY),
	VE("kswapd_high_wmark_hit_quickly", KSWAPD_HIGH_WMARK_HIT_QUICKLY),
	VE("pageoutrun", PAGEOUTRUN),
	VE("pgrotated", PGROTATED),
	V0("drop_pagecache"),
	V0("drop_slab"),
	V0("numa_pte_updates"),
	V0("numa_huge_pte_updates"),
	V0("numa_hint_faults"),
	V0("numa_hint_faults_local"),
	V0("numa_pages_migrated"),
	VE("pgmigrate_success", PGMIGRATE_SUCCESS),
	VE("pgmigrate_fail", PGMIGRATE_FAIL),
	VE("compact_migrate_scanned", COMPACTMIGRATE_SCANNED),
	VE("compact_free_scanned", COMPACTFREE_SCANNED),
	VE("compact_isolated", COMPACTISOLATED),
	VE("compact_stall", COMPACTSTALL),
	VE("compact_fail", COMPACTFAIL),
	VE("compact_success", COMPACTSUCCESS),
	VE("compact_daemon_wake", KCOMPACTD_WAKE),
	VE("compact_daemon_migrate_scanned", KCOMPACTD_MIGRATE_SCANNED),
	VE("compact_daemon_free_scanned", KCOMPACTD_FREE_SCANNED),
	V0("htlb_buddy_alloc_success"),
	V0("htlb_buddy_alloc_fail"),
	V0("unevictable_pgs_culled"),
	V0("unevictable_pgs_scanned"),
	V0("unevictable_pgs_rescued"),
	V0("unevictable_pgs_mlocked"),
	V0("unevictable_pgs_munlocked"),
	V0("unevictable_pgs_cleared"),
	V0("unevictable_pgs_stranded"),
	V0("thp_fault_alloc"),
	V0("thp_fault_fallback"),
	V0("thp_collapse_alloc"),
	V0("thp_collapse_alloc_failed"),
	V0("thp_file_alloc"),
	V0("thp_file_mapped"),
	V0("thp_split_page"),
	V0("thp_split_page_failed"),
	V0("thp_deferred_split_page"),
	V0("thp_split_pmd"),
	V0("thp_split_pud"),
	V0("thp_zero_page_alloc"),
	V0("thp_zero_page_alloc_failed"),
	V0("balloon_inflate"),
	V0("balloon_deflate"),
	V0("balloon_migrate"),
};

/*
 * 6.12 (read in 6.12.19's, under the 6.18 host's configuration, so that
 * the two layouts differ only by the kernels' changes): 6.18's lines
 * without those 6.13..6.18 added (nr_free_pages_blocks, the _proactive
 * reclaim lines, pgpromote_candidate_nrl, nr_hugetlb, nr_balloon_pages,
 * nr_kernel_file_pages, the direct_map_*_collapses), with nr_bounce and
 * nr_writeback_temp, which 6.18 no longer has.
 */
static const struct vm_line vmstat_6_12[] = {
	VZ("nr_free_pages", NR_FREE_PAGES),
	VZ("nr_zone_inactive_anon", NR_ZONE_INACTIVE_ANON),
	VZ("nr_zone_active_anon", NR_ZONE_ACTIVE_ANON),
	VZ("nr_zone_inactive_file", NR_ZONE_INACTIVE_FILE),
	VZ("nr_zone_active_file", NR_ZONE_ACTIVE_FILE),
	VZ("nr_zone_unevictable", NR_ZONE_UNEVICTABLE),
	VZ("nr_zone_write_pending", NR_ZONE_WRITE_PENDING),
	VZ("nr_mlock", NR_MLOCK),
	V0("nr_bounce"),
	V0("nr_zspages"),
	V0("nr_free_cma"),
	V_NUMA_LINES,
	VN("nr_inactive_anon", NR_INACTIVE_ANON),
	VN("nr_active_anon", NR_ACTIVE_ANON),
	VN("nr_inactive_file", NR_INACTIVE_FILE),
	VN("nr_active_file", NR_ACTIVE_FILE),
	VN("nr_unevictable", NR_UNEVICTABLE),
	V0("nr_slab_reclaimable"),
	V0("nr_slab_unreclaimable"),
	VN("nr_isolated_anon", NR_ISOLATED_ANON),
	VN("nr_isolated_file", NR_ISOLATED_FILE),
	VN("workingset_nodes", WORKINGSET_NODES),
	VN("workingset_refault_anon", WORKINGSET_REFAULT_ANON),
	VN("workingset_refault_file", WORKINGSET_REFAULT_FILE),
	VN("workingset_activate_anon", WORKINGSET_ACTIVATE_ANON),
	VN("workingset_activate_file", WORKINGSET_ACTIVATE_FILE),
	VN("workingset_restore_anon", WORKINGSET_RESTORE_ANON),
	VN("workingset_restore_file", WORKINGSET_RESTORE_FILE),
	VN("workingset_nodereclaim", WORKINGSET_NODERECLAIM),
	VN("nr_anon_pages", NR_ANON_MAPPED),
	VN("nr_mapped", NR_FILE_MAPPED),
	VN("nr_file_pages", NR_FILE_PAGES),
	VN("nr_dirty", NR_FILE_DIRTY),
	VN("nr_writeback", NR_WRITEBACK),
	V0("nr_writeback_temp"),
	VN("nr_shmem", NR_SHMEM),
	V0("nr_shmem_hugepages"),
	V0("nr_shmem_pmdmapped"),
	V0("nr_file_hugepages"),
	V0("nr_file_pmdmapped"),
	V0("nr_anon_transparent_hugepages"),
	VN("nr_vmscan_write", NR_VMSCAN_WRITE),
	VN("nr_vmscan_immediate_reclaim", NR_VMSCAN_IMMEDIATE),
	VN("nr_dirtied", NR_DIRTIED),
	VN("nr_written", NR_WRITTEN),
	VN("nr_throttled_written", NR_THROTTLED_WRITTEN),
	V0("nr_kernel_misc_reclaimable"),
	V0("nr_foll_pin_acquired"),
	V0("nr_foll_pin_released"),
	VN("nr_kernel_stack", NR_KERNEL_STACK_KB),
	VN("nr_page_table_pages", NR_PAGETABLE),
	V0("nr_sec_page_table_pages"),
	V0("nr_iommu_pages"),
	VN("nr_swapcached", NR_SWAPCACHE),
	V0("pgpromote_success"),
	V0("pgpromote_candidate"),
	V0("pgdemote_kswapd"),
	V0("pgdemote_direct"),
	V0("pgdemote_khugepaged"),
	{ "nr_dirty_threshold", V_DIRTY_THRESH, -1, -1 },
	{ "nr_dirty_background_threshold", V_DIRTY_BG_THRESH, -1, -1 },
	V0("nr_memmap_pages"),
	V0("nr_memmap_boot_pages"),
	VE("pgpgin", PGPGIN),
	VE("pgpgout", PGPGOUT),
	VE("pswpin", PSWPIN),
	VE("pswpout", PSWPOUT),
	VZONESD("pgalloc", PGALLOC_DMA),
	VZONESD("allocstall", ALLOCSTALL_DMA),
	VZONESD("pgskip", PGSKIP_DMA),
	VE("pgfree", PGFREE),
	VE("pgactivate", PGACTIVATE),
	VE("pgdeactivate", PGDEACTIVATE),
	VE("pglazyfree", PGLAZYFREE),
	VE("pgfault", PGFAULT),
	VE("pgmajfault", PGMAJFAULT),
	VE("pglazyfreed", PGLAZYFREED),
	VE("pgrefill", PGREFILL),
	VE("pgreuse", PGREUSE),
	VE("pgsteal_kswapd", PGSTEAL_KSWAPD),
	VE("pgsteal_direct", PGSTEAL_DIRECT),
	V0("pgsteal_khugepaged"),
	VE("pgscan_kswapd", PGSCAN_KSWAPD),
	VE("pgscan_direct", PGSCAN_DIRECT),
	V0("pgscan_khugepaged"),
	VE("pgscan_direct_throttle", PGSCAN_DIRECT_THROTTLE),
	VE("pgscan_anon", PGSCAN_ANON),
	VE("pgscan_file", PGSCAN_FILE),
	VE("pgsteal_anon", PGSTEAL_ANON),
	VE("pgsteal_file", PGSTEAL_FILE),
	V0("zone_reclaim_success"),
	VE("zone_reclaim_failed", PGSCAN_ZONE_RECLAIM_FAILED),
	V0("pginodesteal"),
	V0("slabs_scanned"),
	V0("kswapd_inodesteal"),
	VE("kswapd_low_wmark_hit_quickly", KSWAPD_LOW_WMARK_HIT_QUICKLY),
	VE("kswapd_high_wmark_hit_quickly", KSWAPD_HIGH_WMARK_HIT_QUICKLY),
	VE("pageoutrun", PAGEOUTRUN),
	VE("pgrotated", PGROTATED),
	V0("drop_pagecache"),
	V0("drop_slab"),
	VE("oom_kill", OOM_KILL),
	V0("numa_pte_updates"),
	V0("numa_huge_pte_updates"),
	V0("numa_hint_faults"),
	V0("numa_hint_faults_local"),
	V0("numa_pages_migrated"),
	VE("pgmigrate_success", PGMIGRATE_SUCCESS),
	VE("pgmigrate_fail", PGMIGRATE_FAIL),
	V0("thp_migration_success"),
	V0("thp_migration_fail"),
	V0("thp_migration_split"),
	VE("compact_migrate_scanned", COMPACTMIGRATE_SCANNED),
	VE("compact_free_scanned", COMPACTFREE_SCANNED),
	VE("compact_isolated", COMPACTISOLATED),
	VE("compact_stall", COMPACTSTALL),
	VE("compact_fail", COMPACTFAIL),
	VE("compact_success", COMPACTSUCCESS),
	VE("compact_daemon_wake", KCOMPACTD_WAKE),
	VE("compact_daemon_migrate_scanned", KCOMPACTD_MIGRATE_SCANNED),
	VE("compact_daemon_free_scanned", KCOMPACTD_FREE_SCANNED),
	V0("htlb_buddy_alloc_success"),
	V0("htlb_buddy_alloc_fail"),
	V0("unevictable_pgs_culled"),
	V0("unevictable_pgs_scanned"),
	V0("unevictable_pgs_rescued"),
	V0("unevictable_pgs_mlocked"),
	V0("unevictable_pgs_munlocked"),
	V0("unevictable_pgs_cleared"),
	V0("unevictable_pgs_stranded"),
	V0("thp_fault_alloc"),
	V0("thp_fault_fallback"),
	V0("thp_fault_fallback_charge"),
	V0("thp_collapse_alloc"),
	V0("thp_collapse_alloc_failed"),
	V0("thp_file_alloc"),
	V0("thp_file_fallback"),
	V0("thp_file_fallback_charge"),
	V0("thp_file_mapped"),
	V0("thp_split_page"),
	V0("thp_split_page_failed"),
	V0("thp_deferred_split_page"),
	V0("thp_underused_split_page"),
	V0("thp_split_pmd"),
	V0("thp_scan_exceed_none_pte"),
	V0("thp_scan_exceed_swap_pte"),
	V0("thp_scan_exceed_share_pte"),
	V0("thp_split_pud"),
	V0("thp_zero_page_alloc"),
	V0("thp_zero_page_alloc_failed"),
	V0("thp_swpout"),
	V0("thp_swpout_fallback"),
	V0("balloon_inflate"),
	V0("balloon_deflate"),
	V0("balloon_migrate"),
	VE("swap_ra", SWAP_RA),
	VE("swap_ra_hit", SWAP_RA_HIT),
	V0("swpin_zero"),
	V0("swpout_zero"),
	V0("ksm_swpin_copy"),
	V0("cow_ksm"),
	V0("zswpin"),
	V0("zswpout"),
	V0("zswpwb"),
	V0("direct_map_level2_splits"),
	V0("direct_map_level3_splits"),
	V0("nr_unstable"),
};

/*
 * 6.18: 4.8's node counters (the zone's own nr_zone_*), pgskip and
 * allocstall per zone (4.8), pgscan/pgsteal without zones, 4.14's
 * per-node NUMA lines in their own block, workingset_* by type (5.9),
 * pgscan_anon/file (5.8), memory tiering's pgpromote/pgdemote (5.18-6.x),
 * and the deprecated nr_unstable printed last (5.8).  The host's order,
 * line for line.
 */
static const struct vm_line vmstat_6_18[] = {
	VZ("nr_free_pages", NR_FREE_PAGES),
	V0("nr_free_pages_blocks"),
	VZ("nr_zone_inactive_anon", NR_ZONE_INACTIVE_ANON),
	VZ("nr_zone_active_anon", NR_ZONE_ACTIVE_ANON),
	VZ("nr_zone_inactive_file", NR_ZONE_INACTIVE_FILE),
	VZ("nr_zone_active_file", NR_ZONE_ACTIVE_FILE),
	VZ("nr_zone_unevictable", NR_ZONE_UNEVICTABLE),
	VZ("nr_zone_write_pending", NR_ZONE_WRITE_PENDING),
	VZ("nr_mlock", NR_MLOCK),
	V0("nr_zspages"),
	V0("nr_free_cma"),
	V_NUMA_LINES,
	VN("nr_inactive_anon", NR_INACTIVE_ANON),
	VN("nr_active_anon", NR_ACTIVE_ANON),
	VN("nr_inactive_file", NR_INACTIVE_FILE),
	VN("nr_active_file", NR_ACTIVE_FILE),
	VN("nr_unevictable", NR_UNEVICTABLE),
	V0("nr_slab_reclaimable"),
	V0("nr_slab_unreclaimable"),
	VN("nr_isolated_anon", NR_ISOLATED_ANON),
	VN("nr_isolated_file", NR_ISOLATED_FILE),
	VN("workingset_nodes", WORKINGSET_NODES),
	VN("workingset_refault_anon", WORKINGSET_REFAULT_ANON),
	VN("workingset_refault_file", WORKINGSET_REFAULT_FILE),
	VN("workingset_activate_anon", WORKINGSET_ACTIVATE_ANON),
	VN("workingset_activate_file", WORKINGSET_ACTIVATE_FILE),
	VN("workingset_restore_anon", WORKINGSET_RESTORE_ANON),
	VN("workingset_restore_file", WORKINGSET_RESTORE_FILE),
	VN("workingset_nodereclaim", WORKINGSET_NODERECLAIM),
	VN("nr_anon_pages", NR_ANON_MAPPED),
	VN("nr_mapped", NR_FILE_MAPPED),
	VN("nr_file_pages", NR_FILE_PAGES),
	VN("nr_dirty", NR_FILE_DIRTY),
	VN("nr_writeback", NR_WRITEBACK),
	VN("nr_shmem", NR_SHMEM),
	V0("nr_shmem_hugepages"),
	V0("nr_shmem_pmdmapped"),
	V0("nr_file_hugepages"),
	V0("nr_file_pmdmapped"),
	V0("nr_anon_transparent_hugepages"),
	VN("nr_vmscan_write", NR_VMSCAN_WRITE),
	VN("nr_vmscan_immediate_reclaim", NR_VMSCAN_IMMEDIATE),
	VN("nr_dirtied", NR_DIRTIED),
	VN("nr_written", NR_WRITTEN),
	VN("nr_throttled_written", NR_THROTTLED_WRITTEN),
	V0("nr_kernel_misc_reclaimable"),
	V0("nr_foll_pin_acquired"),
	V0("nr_foll_pin_released"),
	VN("nr_kernel_stack", NR_KERNEL_STACK_KB),
	VN("nr_page_table_pages", NR_PAGETABLE),
	V0("nr_sec_page_table_pages"),
	V0("nr_iommu_pages"),
	VN("nr_swapcached", NR_SWAPCACHE),
	V0("pgpromote_success"),
	V0("pgpromote_candidate"),
	V0("pgpromote_candidate_nrl"),
	V0("pgdemote_kswapd"),
	V0("pgdemote_direct"),
	V0("pgdemote_khugepaged"),
	V0("pgdemote_proactive"),
	V0("nr_hugetlb"),
	V0("nr_balloon_pages"),
	V0("nr_kernel_file_pages"),
	{ "nr_dirty_threshold", V_DIRTY_THRESH, -1, -1 },
	{ "nr_dirty_background_threshold", V_DIRTY_BG_THRESH, -1, -1 },
	V0("nr_memmap_pages"),
	V0("nr_memmap_boot_pages"),
	VE("pgpgin", PGPGIN),
	VE("pgpgout", PGPGOUT),
	VE("pswpin", PSWPIN),
	VE("pswpout", PSWPOUT),
	VZONESD("pgalloc", PGALLOC_DMA),
	VZONESD("allocstall", ALLOCSTALL_DMA),
	VZONESD("pgskip", PGSKIP_DMA),
	VE("pgfree", PGFREE),
	VE("pgactivate", PGACTIVATE),
	VE("pgdeactivate", PGDEACTIVATE),
	VE("pglazyfree", PGLAZYFREE),
	VE("pgfault", PGFAULT),
	VE("pgmajfault", PGMAJFAULT),
	VE("pglazyfreed", PGLAZYFREED),
	VE("pgrefill", PGREFILL),
	VE("pgreuse", PGREUSE),
	VE("pgsteal_kswapd", PGSTEAL_KSWAPD),
	VE("pgsteal_direct", PGSTEAL_DIRECT),
	V0("pgsteal_khugepaged"),
	V0("pgsteal_proactive"),
	VE("pgscan_kswapd", PGSCAN_KSWAPD),
	VE("pgscan_direct", PGSCAN_DIRECT),
	V0("pgscan_khugepaged"),
	V0("pgscan_proactive"),
	VE("pgscan_direct_throttle", PGSCAN_DIRECT_THROTTLE),
	VE("pgscan_anon", PGSCAN_ANON),
	VE("pgscan_file", PGSCAN_FILE),
	VE("pgsteal_anon", PGSTEAL_ANON),
	VE("pgsteal_file", PGSTEAL_FILE),
	V0("zone_reclaim_success"),
	VE("zone_reclaim_failed", PGSCAN_ZONE_RECLAIM_FAILED),
	V0("pginodesteal"),
	V0("slabs_scanned"),
	V0("kswapd_inodesteal"),
	VE("kswapd_low_wmark_hit_quickly", KSWAPD_LOW_WMARK_HIT_QUICKLY),
	VE("kswapd_high_wmark_hit_quickly", KSWAPD_HIGH_WMARK_HIT_QUICKLY),
	VE("pageoutrun", PAGEOUTRUN),
	VE("pgrotated", PGROTATED),
	V0("drop_pagecache"),
	V0("drop_slab"),
	VE("oom_kill", OOM_KILL),
	V0("numa_pte_updates"),
	V0("numa_huge_pte_updates"),
	V0("numa_hint_faults"),
	V0("numa_hint_faults_local"),
	V0("numa_pages_migrated"),
	VE("pgmigrate_success", PGMIGRATE_SUCCESS),
	VE("pgmigrate_fail", PGMIGRATE_FAIL),
	V0("thp_migration_success"),
	V0("thp_migration_fail"),
	V0("thp_migration_split"),
	VE("compact_migrate_scanned", COMPACTMIGRATE_SCANNED),
	VE("compact_free_scanned", COMPACTFREE_SCANNED),
	VE("compact_isolated", COMPACTISOLATED),
	VE("compact_stall", COMPACTSTALL),
	VE("compact_fail", COMPACTFAIL),
	VE("compact_success", COMPACTSUCCESS),
	VE("compact_daemon_wake", KCOMPACTD_WAKE),
	VE("compact_daemon_migrate_scanned", KCOMPACTD_MIGRATE_SCANNED),
	VE("compact_daemon_free_scanned", KCOMPACTD_FREE_SCANNED),
	V0("htlb_buddy_alloc_success"),
	V0("htlb_buddy_alloc_fail"),
	V0("unevictable_pgs_culled"),
	V0("unevictable_pgs_scanned"),
	V0("unevictable_pgs_rescued"),
	V0("unevictable_pgs_mlocked"),
	V0("unevictable_pgs_munlocked"),
	V0("unevictable_pgs_cleared"),
	V0("unevictable_pgs_stranded"),
	V0("thp_fault_alloc"),
	V0("thp_fault_fallback"),
	V0("thp_fault_fallback_charge"),
	V0("thp_collapse_alloc"),
	V0("thp_collapse_alloc_failed"),
	V0("thp_file_alloc"),
	V0("thp_file_fallback"),
	V0("thp_file_fallback_charge"),
	V0("thp_file_mapped"),
	V0("thp_split_page"),
	V0("thp_split_page_failed"),
	V0("thp_deferred_split_page"),
	V0("thp_underused_split_page"),
	V0("thp_split_pmd"),
	V0("thp_scan_exceed_none_pte"),
	V0("thp_scan_exceed_swap_pte"),
	V0("thp_scan_exceed_share_pte"),
	V0("thp_split_pud"),
	V0("thp_zero_page_alloc"),
	V0("thp_zero_page_alloc_failed"),
	V0("thp_swpout"),
	V0("thp_swpout_fallback"),
	V0("balloon_inflate"),
	V0("balloon_deflate"),
	V0("balloon_migrate"),
	VE("swap_ra", SWAP_RA),
	VE("swap_ra_hit", SWAP_RA_HIT),
	V0("swpin_zero"),
	V0("swpout_zero"),
	V0("ksm_swpin_copy"),
	V0("cow_ksm"),
	V0("zswpin"),
	V0("zswpout"),
	V0("zswpwb"),
	V0("direct_map_level2_splits"),
	V0("direct_map_level3_splits"),
	V0("direct_map_level2_collapses"),
	V0("direct_map_level3_collapses"),
	V0("nr_unstable"),
};

struct vm_layout {
	const struct vm_line *lines;
	size_t nr;
};

#define VM_LAYOUT(t)                          \
	{                                     \
		t, sizeof(t) / sizeof((t)[0]) \
	}

static const struct vm_layout vm_layouts[NR_PROCFS_FORMATS] = {
	[PROCFS_2_6_25] = VM_LAYOUT(vmstat_2_6_25), [PROCFS_2_6_28] = VM_LAYOUT(vmstat_2_6_28),
	[PROCFS_2_6_32] = VM_LAYOUT(vmstat_2_6_32), [PROCFS_2_6_35] = VM_LAYOUT(vmstat_2_6_35),
	[PROCFS_3_10] = VM_LAYOUT(vmstat_3_10),	    [PROCFS_4_2] = VM_LAYOUT(vmstat_4_2),
	[PROCFS_4_5] = VM_LAYOUT(vmstat_4_5),	    [PROCFS_4_12] = VM_LAYOUT(vmstat_4_12),
	[PROCFS_6_12] = VM_LAYOUT(vmstat_6_12),	    [PROCFS_6_18] = VM_LAYOUT(vmstat_6_18),
};

/* The zone names of TEXTS_FOR_ZONES(): "pgalloc" + "_dma", ... */
static const char *const zone_suffix[MAX_NR_ZONES] = {
	[ZONE_DMA] = "dma",	 [ZONE_DMA32] = "dma32",     [ZONE_NORMAL] = "normal",
	[ZONE_HIGHMEM] = "high", [ZONE_MOVABLE] = "movable", [ZONE_DEVICE] = "device",
};

/* Zone @z's lru_events @a (+ @b) over every node. */
static u64 zone_lru_events(const struct sim *sim, int z, int a, int b)
{
	u64 sum = 0;

	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		const struct zone *zone = &sim->nodes[n].node_zones[z];

		sum += zone->lru_events[a] + (b >= 0 ? zone->lru_events[b] : 0);
	}
	return sum;
}

/* One TEXTS_FOR_ZONES() group: a line per zone of the arch's kernel. */
static void print_zone_lines(FILE *f, const struct sim *sim, const struct vm_line *l)
{
	for (int z = 0; z < ZONE_DEVICE; z++) {
		u64 v;

		if (!zone_configured(sim, z))
			continue;
		if (l->src == V_ZONES_LRU)
			v = zone_lru_events(sim, z, l->a, l->b);
		else
			v = sim->vm_events[l->a + z];
		fprintf(f, "%s_%s %" PRIu64 "\n", l->name, zone_suffix[z], v);
	}
	if (l->src == V_ZONES_EVENT_DEV && zone_configured(sim, ZONE_DEVICE))
		fprintf(f, "%s_%s 0\n", l->name, zone_suffix[ZONE_DEVICE]);
}

static u64 vm_line_value(const struct sim *sim, const struct vm_line *l)
{
	u64 v = 0, bg;

	switch (l->src) {
	case V_ZONE:
		return global_zone_state(sim, l->a);
	case V_NODE:
		return global_node_state(sim, l->a) +
		       (l->b >= 0 ? global_node_state(sim, l->b) : 0);
	case V_EVENT:
		return sim->vm_events[l->a];
	case V_ALLOCSTALL:
		for (int z = ALLOCSTALL_DMA; z <= ALLOCSTALL_MOVABLE; z++)
			v += sim->vm_events[z];
		return v;
	case V_DIRTY_THRESH:
		return global_dirty_limit(sim, &bg);
	case V_DIRTY_BG_THRESH:
		global_dirty_limit(sim, &bg);
		return bg;
	case V_NUMA:
		for (unsigned int n = 0; n < sim->nr_nodes; n++)
			for (int z = 0; z < MAX_NR_ZONES; z++)
				v += sim->nodes[n].node_zones[z].numa_events[l->a];
		return v;
	case V_PAGES_SCANNED:
		for (unsigned int n = 0; n < sim->nr_nodes; n++)
			for (int z = 0; z < MAX_NR_ZONES; z++)
				v += sim->nodes[n].node_zones[z].pages_scanned;
		return v;
	default:
		return 0;
	}
}

void report_proc_vmstat(FILE *f, const struct sim *sim)
{
	const struct vm_layout *lay = &vm_layouts[sim->scn.policy.vmstat_format];

	if (!lay->lines) {
		report_vmstat(f, sim);
		return;
	}
	for (size_t i = 0; i < lay->nr; i++) {
		const struct vm_line *l = &lay->lines[i];

		if (l->src == V_ZONES_EVENT || l->src == V_ZONES_EVENT_DEV || l->src == V_ZONES_LRU)
			print_zone_lines(f, sim, l);
		else
			fprintf(f, "%s %" PRIu64 "\n", l->name, vm_line_value(sim, l));
	}
}

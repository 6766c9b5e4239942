// SPDX-License-Identifier: MIT
/*
 * test_procfs_formats.c - [policy] vmstat_format and meminfo_format: the
 * whole of /proc/vmstat and /proc/meminfo in every layout (2.6.25 ..
 * 6.18) after one small run, and in a reclaiming run every old-layout
 * line against the model's own counters (report_vmstat(), the JSON's).
 */
#include "testsim.h"
#include "mm/page_alloc.h"

/*
 * A 64 MiB x86-64 machine, 1 CPU, DMA 16 MiB and Normal 48 MiB, no swap,
 * under a profile; one anon_fill task faults 8 MiB once and exits.  The
 * figures, in every layout:
 *   pgfault 2048: 8 MiB of 4 KiB pages, each faulted once;
 *   pgalloc_normal 2048: each from Normal, the zonelist's first zone
 *        (DMA, DMA32 and Movable lines 0: the arch's zones, printed
 *        populated or not; 6.18 also pgalloc_device, CONFIG_ZONE_DEVICE);
 *   pgfree 2048: every page freed when the task exits;
 *   numa_hit, numa_local 2048: zone_statistics() of each allocation,
 *        from the task's own node, the zonelist's first (no miss,
 *        foreign or other on one node; no interleave policy);
 *   nr_free_pages: the 16384 pages less those the freeing left on the
 *        per-CPU list of Normal (not free pages in the kernel's count
 *        either; zoneinfo's "count:"): 15 under the lists of 2.6.25 ..
 *        4.12 (high 18, batch 3: a list past its high gives back a
 *        batch), 1533 under 6.12's and 6.18's (pcp_high = auto, 6.7);
 *   MemTotal 65536 kB: totalram_pages, 16384 x 4 KiB; MemFree
 *        nr_free_pages x 4 (65476, 59404 kB);
 *   nr_dirty_threshold: 20 % (dirty_ratio) of the dirtyable memory, free
 *        pages less totalreserve_pages (3.3+): the zones' high watermark
 *        plus largest protection, DMA 96 + 48, Normal 288 + 0 = 432, so
 *        (16369 - 432) x 20 / 100 = 3187 (4.2 .. 4.12), (14851 - 432) x
 *        20 / 100 = 2883 (6.12, 6.18); 3.10 also takes off min_free_kbytes,
 *        1024 kB, 256 pages: (16369 - 432 - 256) x 20 / 100 = 3136; the
 *        background one 10 %, 1593, 1441 and 1568 (2.6.37 brought both
 *        lines: none before 3.10's layout);
 *   MemAvailable, no page cache: 4.2's (3.14..4.4) free less the low
 *        watermarks, DMA 80 + Normal 240, (16369 - 320) x 4 = 64196 kB;
 *        4.5's on, free less totalreserve: (16369 - 432) x 4 = 63748 kB
 *        (4.5, 4.12), (14851 - 432) x 4 = 57676 kB (6.12, 6.18);
 *   CommitLimit 32768 kB: vm_commit_limit(), 16384 pages x 50 / 100
 *        (overcommit_ratio's default), no swap;
 *   VmallocTotal 34359738367 kB: x86-64's 32 TiB vmalloc area less a
 *        byte, >> 10;
 *   Hugepagesize 2048 kB: a pageblock, 512 pages (HUGETLB_PAGE_ORDER);
 *   every other line 0: no anon page is left, and the lines the model
 *        has no figure for (docs/output.md) are 0.
 */
static const char run_ini[] = "[machine]\nmemory = 64M\ncpus = 1\nzones = DMA:16M, Normal:48M\n"
			      "[workload w]\ntype = anon_fill\nsize = 8M\npasses = 1\n"
			      "[policy]\nkernel = ";

static const char want_vmstat_2_6_25[] = "nr_free_pages 16369\n"
					 "nr_inactive 0\n"
					 "nr_active 0\n"
					 "nr_anon_pages 0\n"
					 "nr_mapped 0\n"
					 "nr_file_pages 0\n"
					 "nr_dirty 0\n"
					 "nr_writeback 0\n"
					 "nr_slab_reclaimable 0\n"
					 "nr_slab_unreclaimable 0\n"
					 "nr_page_table_pages 0\n"
					 "nr_unstable 0\n"
					 "nr_bounce 0\n"
					 "nr_vmscan_write 0\n"
					 "numa_hit 2048\n"
					 "numa_miss 0\n"
					 "numa_foreign 0\n"
					 "numa_interleave 0\n"
					 "numa_local 2048\n"
					 "numa_other 0\n"
					 "pgpgin 0\n"
					 "pgpgout 0\n"
					 "pswpin 0\n"
					 "pswpout 0\n"
					 "pgalloc_dma 0\n"
					 "pgalloc_dma32 0\n"
					 "pgalloc_normal 2048\n"
					 "pgalloc_movable 0\n"
					 "pgfree 2048\n"
					 "pgactivate 0\n"
					 "pgdeactivate 0\n"
					 "pgfault 2048\n"
					 "pgmajfault 0\n"
					 "pgrefill_dma 0\n"
					 "pgrefill_dma32 0\n"
					 "pgrefill_normal 0\n"
					 "pgrefill_movable 0\n"
					 "pgsteal_dma 0\n"
					 "pgsteal_dma32 0\n"
					 "pgsteal_normal 0\n"
					 "pgsteal_movable 0\n"
					 "pgscan_kswapd_dma 0\n"
					 "pgscan_kswapd_dma32 0\n"
					 "pgscan_kswapd_normal 0\n"
					 "pgscan_kswapd_movable 0\n"
					 "pgscan_direct_dma 0\n"
					 "pgscan_direct_dma32 0\n"
					 "pgscan_direct_normal 0\n"
					 "pgscan_direct_movable 0\n"
					 "pginodesteal 0\n"
					 "slabs_scanned 0\n"
					 "kswapd_steal 0\n"
					 "kswapd_inodesteal 0\n"
					 "pageoutrun 0\n"
					 "allocstall 0\n"
					 "pgrotated 0\n";

static const char want_vmstat_3_10[] = "nr_free_pages 16369\n"
				       "nr_inactive_anon 0\n"
				       "nr_active_anon 0\n"
				       "nr_inactive_file 0\n"
				       "nr_active_file 0\n"
				       "nr_unevictable 0\n"
				       "nr_mlock 0\n"
				       "nr_anon_pages 0\n"
				       "nr_mapped 0\n"
				       "nr_file_pages 0\n"
				       "nr_dirty 0\n"
				       "nr_writeback 0\n"
				       "nr_slab_reclaimable 0\n"
				       "nr_slab_unreclaimable 0\n"
				       "nr_page_table_pages 0\n"
				       "nr_kernel_stack 0\n"
				       "nr_unstable 0\n"
				       "nr_bounce 0\n"
				       "nr_vmscan_write 0\n"
				       "nr_vmscan_immediate_reclaim 0\n"
				       "nr_writeback_temp 0\n"
				       "nr_isolated_anon 0\n"
				       "nr_isolated_file 0\n"
				       "nr_shmem 0\n"
				       "nr_dirtied 0\n"
				       "nr_written 0\n"
				       "numa_hit 2048\n"
				       "numa_miss 0\n"
				       "numa_foreign 0\n"
				       "numa_interleave 0\n"
				       "numa_local 2048\n"
				       "numa_other 0\n"
				       "nr_anon_transparent_hugepages 0\n"
				       "nr_free_cma 0\n"
				       "nr_dirty_threshold 3136\n"
				       "nr_dirty_background_threshold 1568\n"
				       "pgpgin 0\n"
				       "pgpgout 0\n"
				       "pswpin 0\n"
				       "pswpout 0\n"
				       "pgalloc_dma 0\n"
				       "pgalloc_dma32 0\n"
				       "pgalloc_normal 2048\n"
				       "pgalloc_movable 0\n"
				       "pgfree 2048\n"
				       "pgactivate 0\n"
				       "pgdeactivate 0\n"
				       "pgfault 2048\n"
				       "pgmajfault 0\n"
				       "pgrefill_dma 0\n"
				       "pgrefill_dma32 0\n"
				       "pgrefill_normal 0\n"
				       "pgrefill_movable 0\n"
				       "pgsteal_kswapd_dma 0\n"
				       "pgsteal_kswapd_dma32 0\n"
				       "pgsteal_kswapd_normal 0\n"
				       "pgsteal_kswapd_movable 0\n"
				       "pgsteal_direct_dma 0\n"
				       "pgsteal_direct_dma32 0\n"
				       "pgsteal_direct_normal 0\n"
				       "pgsteal_direct_movable 0\n"
				       "pgscan_kswapd_dma 0\n"
				       "pgscan_kswapd_dma32 0\n"
				       "pgscan_kswapd_normal 0\n"
				       "pgscan_kswapd_movable 0\n"
				       "pgscan_direct_dma 0\n"
				       "pgscan_direct_dma32 0\n"
				       "pgscan_direct_normal 0\n"
				       "pgscan_direct_movable 0\n"
				       "pgscan_direct_throttle 0\n"
				       "zone_reclaim_failed 0\n"
				       "pginodesteal 0\n"
				       "slabs_scanned 0\n"
				       "kswapd_inodesteal 0\n"
				       "kswapd_low_wmark_hit_quickly 0\n"
				       "kswapd_high_wmark_hit_quickly 0\n"
				       "pageoutrun 0\n"
				       "allocstall 0\n"
				       "pgrotated 0\n"
				       "numa_pte_updates 0\n"
				       "numa_hint_faults 0\n"
				       "numa_hint_faults_local 0\n"
				       "numa_pages_migrated 0\n"
				       "pgmigrate_success 0\n"
				       "pgmigrate_fail 0\n"
				       "compact_migrate_scanned 0\n"
				       "compact_free_scanned 0\n"
				       "compact_isolated 0\n"
				       "compact_stall 0\n"
				       "compact_fail 0\n"
				       "compact_success 0\n"
				       "htlb_buddy_alloc_success 0\n"
				       "htlb_buddy_alloc_fail 0\n"
				       "unevictable_pgs_culled 0\n"
				       "unevictable_pgs_scanned 0\n"
				       "unevictable_pgs_rescued 0\n"
				       "unevictable_pgs_mlocked 0\n"
				       "unevictable_pgs_munlocked 0\n"
				       "unevictable_pgs_cleared 0\n"
				       "unevictable_pgs_stranded 0\n"
				       "thp_fault_alloc 0\n"
				       "thp_fault_fallback 0\n"
				       "thp_collapse_alloc 0\n"
				       "thp_collapse_alloc_failed 0\n"
				       "thp_split 0\n"
				       "thp_zero_page_alloc 0\n"
				       "thp_zero_page_alloc_failed 0\n";

static const char want_vmstat_6_18[] = "nr_free_pages 14851\n"
				       "nr_free_pages_blocks 0\n"
				       "nr_zone_inactive_anon 0\n"
				       "nr_zone_active_anon 0\n"
				       "nr_zone_inactive_file 0\n"
				       "nr_zone_active_file 0\n"
				       "nr_zone_unevictable 0\n"
				       "nr_zone_write_pending 0\n"
				       "nr_mlock 0\n"
				       "nr_zspages 0\n"
				       "nr_free_cma 0\n"
				       "numa_hit 2048\n"
				       "numa_miss 0\n"
				       "numa_foreign 0\n"
				       "numa_interleave 0\n"
				       "numa_local 2048\n"
				       "numa_other 0\n"
				       "nr_inactive_anon 0\n"
				       "nr_active_anon 0\n"
				       "nr_inactive_file 0\n"
				       "nr_active_file 0\n"
				       "nr_unevictable 0\n"
				       "nr_slab_reclaimable 0\n"
				       "nr_slab_unreclaimable 0\n"
				       "nr_isolated_anon 0\n"
				       "nr_isolated_file 0\n"
				       "workingset_nodes 0\n"
				       "workingset_refault_anon 0\n"
				       "workingset_refault_file 0\n"
				       "workingset_activate_anon 0\n"
				       "workingset_activate_file 0\n"
				       "workingset_restore_anon 0\n"
				       "workingset_restore_file 0\n"
				       "workingset_nodereclaim 0\n"
				       "nr_anon_pages 0\n"
				       "nr_mapped 0\n"
				       "nr_file_pages 0\n"
				       "nr_dirty 0\n"
				       "nr_writeback 0\n"
				       "nr_shmem 0\n"
				       "nr_shmem_hugepages 0\n"
				       "nr_shmem_pmdmapped 0\n"
				       "nr_file_hugepages 0\n"
				       "nr_file_pmdmapped 0\n"
				       "nr_anon_transparent_hugepages 0\n"
				       "nr_vmscan_write 0\n"
				       "nr_vmscan_immediate_reclaim 0\n"
				       "nr_dirtied 0\n"
				       "nr_written 0\n"
				       "nr_throttled_written 0\n"
				       "nr_kernel_misc_reclaimable 0\n"
				       "nr_foll_pin_acquired 0\n"
				       "nr_foll_pin_released 0\n"
				       "nr_kernel_stack 0\n"
				       "nr_page_table_pages 0\n"
				       "nr_sec_page_table_pages 0\n"
				       "nr_iommu_pages 0\n"
				       "nr_swapcached 0\n"
				       "pgpromote_success 0\n"
				       "pgpromote_candidate 0\n"
				       "pgpromote_candidate_nrl 0\n"
				       "pgdemote_kswapd 0\n"
				       "pgdemote_direct 0\n"
				       "pgdemote_khugepaged 0\n"
				       "pgdemote_proactive 0\n"
				       "nr_hugetlb 0\n"
				       "nr_balloon_pages 0\n"
				       "nr_kernel_file_pages 0\n"
				       "nr_dirty_threshold 2883\n"
				       "nr_dirty_background_threshold 1441\n"
				       "nr_memmap_pages 0\n"
				       "nr_memmap_boot_pages 0\n"
				       "pgpgin 0\n"
				       "pgpgout 0\n"
				       "pswpin 0\n"
				       "pswpout 0\n"
				       "pgalloc_dma 0\n"
				       "pgalloc_dma32 0\n"
				       "pgalloc_normal 2048\n"
				       "pgalloc_movable 0\n"
				       "pgalloc_device 0\n"
				       "allocstall_dma 0\n"
				       "allocstall_dma32 0\n"
				       "allocstall_normal 0\n"
				       "allocstall_movable 0\n"
				       "allocstall_device 0\n"
				       "pgskip_dma 0\n"
				       "pgskip_dma32 0\n"
				       "pgskip_normal 0\n"
				       "pgskip_movable 0\n"
				       "pgskip_device 0\n"
				       "pgfree 2048\n"
				       "pgactivate 0\n"
				       "pgdeactivate 0\n"
				       "pglazyfree 0\n"
				       "pgfault 2048\n"
				       "pgmajfault 0\n"
				       "pglazyfreed 0\n"
				       "pgrefill 0\n"
				       "pgreuse 0\n"
				       "pgsteal_kswapd 0\n"
				       "pgsteal_direct 0\n"
				       "pgsteal_khugepaged 0\n"
				       "pgsteal_proactive 0\n"
				       "pgscan_kswapd 0\n"
				       "pgscan_direct 0\n"
				       "pgscan_khugepaged 0\n"
				       "pgscan_proactive 0\n"
				       "pgscan_direct_throttle 0\n"
				       "pgscan_anon 0\n"
				       "pgscan_file 0\n"
				       "pgsteal_anon 0\n"
				       "pgsteal_file 0\n"
				       "zone_reclaim_success 0\n"
				       "zone_reclaim_failed 0\n"
				       "pginodesteal 0\n"
				       "slabs_scanned 0\n"
				       "kswapd_inodesteal 0\n"
				       "kswapd_low_wmark_hit_quickly 0\n"
				       "kswapd_high_wmark_hit_quickly 0\n"
				       "pageoutrun 0\n"
				       "pgrotated 0\n"
				       "drop_pagecache 0\n"
				       "drop_slab 0\n"
				       "oom_kill 0\n"
				       "numa_pte_updates 0\n"
				       "numa_huge_pte_updates 0\n"
				       "numa_hint_faults 0\n"
				       "numa_hint_faults_local 0\n"
				       "numa_pages_migrated 0\n"
				       "pgmigrate_success 0\n"
				       "pgmigrate_fail 0\n"
				       "thp_migration_success 0\n"
				       "thp_migration_fail 0\n"
				       "thp_migration_split 0\n"
				       "compact_migrate_scanned 0\n"
				       "compact_free_scanned 0\n"
				       "compact_isolated 0\n"
				       "compact_stall 0\n"
				       "compact_fail 0\n"
				       "compact_success 0\n"
				       "compact_daemon_wake 0\n"
				       "compact_daemon_migrate_scanned 0\n"
				       "compact_daemon_free_scanned 0\n"
				       "htlb_buddy_alloc_success 0\n"
				       "htlb_buddy_alloc_fail 0\n"
				       "unevictable_pgs_culled 0\n"
				       "unevictable_pgs_scanned 0\n"
				       "unevictable_pgs_rescued 0\n"
				       "unevictable_pgs_mlocked 0\n"
				       "unevictable_pgs_munlocked 0\n"
				       "unevictable_pgs_cleared 0\n"
				       "unevictable_pgs_stranded 0\n"
				       "thp_fault_alloc 0\n"
				       "thp_fault_fallback 0\n"
				       "thp_fault_fallback_charge 0\n"
				       "thp_collapse_alloc 0\n"
				       "thp_collapse_alloc_failed 0\n"
				       "thp_file_alloc 0\n"
				       "thp_file_fallback 0\n"
				       "thp_file_fallback_charge 0\n"
				       "thp_file_mapped 0\n"
				       "thp_split_page 0\n"
				       "thp_split_page_failed 0\n"
				       "thp_deferred_split_page 0\n"
				       "thp_underused_split_page 0\n"
				       "thp_split_pmd 0\n"
				       "thp_scan_exceed_none_pte 0\n"
				       "thp_scan_exceed_swap_pte 0\n"
				       "thp_scan_exceed_share_pte 0\n"
				       "thp_split_pud 0\n"
				       "thp_zero_page_alloc 0\n"
				       "thp_zero_page_alloc_failed 0\n"
				       "thp_swpout 0\n"
				       "thp_swpout_fallback 0\n"
				       "balloon_inflate 0\n"
				       "balloon_deflate 0\n"
				       "balloon_migrate 0\n"
				       "swap_ra 0\n"
				       "swap_ra_hit 0\n"
				       "swpin_zero 0\n"
				       "swpout_zero 0\n"
				       "ksm_swpin_copy 0\n"
				       "cow_ksm 0\n"
				       "zswpin 0\n"
				       "zswpout 0\n"
				       "zswpwb 0\n"
				       "direct_map_level2_splits 0\n"
				       "direct_map_level3_splits 0\n"
				       "direct_map_level2_collapses 0\n"
				       "direct_map_level3_collapses 0\n"
				       "nr_unstable 0\n";

static const char want_meminfo_2_6_25[] = "MemTotal:        65536 kB\n"
					  "MemFree:         65476 kB\n"
					  "Buffers:             0 kB\n"
					  "Cached:              0 kB\n"
					  "SwapCached:          0 kB\n"
					  "Active:              0 kB\n"
					  "Inactive:            0 kB\n"
					  "SwapTotal:           0 kB\n"
					  "SwapFree:            0 kB\n"
					  "Dirty:               0 kB\n"
					  "Writeback:           0 kB\n"
					  "AnonPages:           0 kB\n"
					  "Mapped:              0 kB\n"
					  "Slab:                0 kB\n"
					  "SReclaimable:        0 kB\n"
					  "SUnreclaim:          0 kB\n"
					  "PageTables:          0 kB\n"
					  "NFS_Unstable:        0 kB\n"
					  "Bounce:              0 kB\n"
					  "CommitLimit:     32768 kB\n"
					  "Committed_AS:        0 kB\n"
					  "VmallocTotal: 34359738367 kB\n"
					  "VmallocUsed:         0 kB\n"
					  "VmallocChunk:        0 kB\n"
					  "HugePages_Total:     0\n"
					  "HugePages_Free:      0\n"
					  "HugePages_Rsvd:      0\n"
					  "HugePages_Surp:      0\n"
					  "Hugepagesize:     2048 kB\n";

static const char want_meminfo_3_10[] = "MemTotal:          65536 kB\n"
					"MemFree:           65476 kB\n"
					"Buffers:               0 kB\n"
					"Cached:                0 kB\n"
					"SwapCached:            0 kB\n"
					"Active:                0 kB\n"
					"Inactive:              0 kB\n"
					"Active(anon):          0 kB\n"
					"Inactive(anon):        0 kB\n"
					"Active(file):          0 kB\n"
					"Inactive(file):        0 kB\n"
					"Unevictable:           0 kB\n"
					"Mlocked:               0 kB\n"
					"SwapTotal:             0 kB\n"
					"SwapFree:              0 kB\n"
					"Dirty:                 0 kB\n"
					"Writeback:             0 kB\n"
					"AnonPages:             0 kB\n"
					"Mapped:                0 kB\n"
					"Shmem:                 0 kB\n"
					"Slab:                  0 kB\n"
					"SReclaimable:          0 kB\n"
					"SUnreclaim:            0 kB\n"
					"KernelStack:           0 kB\n"
					"PageTables:            0 kB\n"
					"NFS_Unstable:          0 kB\n"
					"Bounce:                0 kB\n"
					"WritebackTmp:          0 kB\n"
					"CommitLimit:       32768 kB\n"
					"Committed_AS:          0 kB\n"
					"VmallocTotal:   34359738367 kB\n"
					"VmallocUsed:           0 kB\n"
					"VmallocChunk:          0 kB\n"
					"HardwareCorrupted:     0 kB\n"
					"AnonHugePages:         0 kB\n"
					"HugePages_Total:       0\n"
					"HugePages_Free:        0\n"
					"HugePages_Rsvd:        0\n"
					"HugePages_Surp:        0\n"
					"Hugepagesize:       2048 kB\n"
					"DirectMap4k:           0 kB\n"
					"DirectMap2M:           0 kB\n";

static const char want_meminfo_6_18[] = "MemTotal:          65536 kB\n"
					"MemFree:           59404 kB\n"
					"MemAvailable:      57676 kB\n"
					"Buffers:               0 kB\n"
					"Cached:                0 kB\n"
					"SwapCached:            0 kB\n"
					"Active:                0 kB\n"
					"Inactive:              0 kB\n"
					"Active(anon):          0 kB\n"
					"Inactive(anon):        0 kB\n"
					"Active(file):          0 kB\n"
					"Inactive(file):        0 kB\n"
					"Unevictable:           0 kB\n"
					"Mlocked:               0 kB\n"
					"SwapTotal:             0 kB\n"
					"SwapFree:              0 kB\n"
					"Zswap:                 0 kB\n"
					"Zswapped:              0 kB\n"
					"Dirty:                 0 kB\n"
					"Writeback:             0 kB\n"
					"AnonPages:             0 kB\n"
					"Mapped:                0 kB\n"
					"Shmem:                 0 kB\n"
					"KReclaimable:          0 kB\n"
					"Slab:                  0 kB\n"
					"SReclaimable:          0 kB\n"
					"SUnreclaim:            0 kB\n"
					"KernelStack:           0 kB\n"
					"PageTables:            0 kB\n"
					"SecPageTables:         0 kB\n"
					"NFS_Unstable:          0 kB\n"
					"Bounce:                0 kB\n"
					"WritebackTmp:          0 kB\n"
					"CommitLimit:       32768 kB\n"
					"Committed_AS:          0 kB\n"
					"VmallocTotal:   34359738367 kB\n"
					"VmallocUsed:           0 kB\n"
					"VmallocChunk:          0 kB\n"
					"Percpu:                0 kB\n"
					"AnonHugePages:         0 kB\n"
					"ShmemHugePages:        0 kB\n"
					"ShmemPmdMapped:        0 kB\n"
					"FileHugePages:         0 kB\n"
					"FilePmdMapped:         0 kB\n"
					"Balloon:               0 kB\n"
					"HugePages_Total:       0\n"
					"HugePages_Free:        0\n"
					"HugePages_Rsvd:        0\n"
					"HugePages_Surp:        0\n"
					"Hugepagesize:       2048 kB\n"
					"Hugetlb:               0 kB\n"
					"DirectMap4k:           0 kB\n"
					"DirectMap2M:           0 kB\n"
					"DirectMap1G:           0 kB\n";

static const char want_vmstat_2_6_28[] = "nr_free_pages 16369\n"
					 "nr_inactive_anon 0\n"
					 "nr_active_anon 0\n"
					 "nr_inactive_file 0\n"
					 "nr_active_file 0\n"
					 "nr_unevictable 0\n"
					 "nr_mlock 0\n"
					 "nr_anon_pages 0\n"
					 "nr_mapped 0\n"
					 "nr_file_pages 0\n"
					 "nr_dirty 0\n"
					 "nr_writeback 0\n"
					 "nr_slab_reclaimable 0\n"
					 "nr_slab_unreclaimable 0\n"
					 "nr_page_table_pages 0\n"
					 "nr_unstable 0\n"
					 "nr_bounce 0\n"
					 "nr_vmscan_write 0\n"
					 "nr_writeback_temp 0\n"
					 "numa_hit 2048\n"
					 "numa_miss 0\n"
					 "numa_foreign 0\n"
					 "numa_interleave 0\n"
					 "numa_local 2048\n"
					 "numa_other 0\n"
					 "pgpgin 0\n"
					 "pgpgout 0\n"
					 "pswpin 0\n"
					 "pswpout 0\n"
					 "pgalloc_dma 0\n"
					 "pgalloc_dma32 0\n"
					 "pgalloc_normal 2048\n"
					 "pgalloc_movable 0\n"
					 "pgfree 2048\n"
					 "pgactivate 0\n"
					 "pgdeactivate 0\n"
					 "pgfault 2048\n"
					 "pgmajfault 0\n"
					 "pgrefill_dma 0\n"
					 "pgrefill_dma32 0\n"
					 "pgrefill_normal 0\n"
					 "pgrefill_movable 0\n"
					 "pgsteal_dma 0\n"
					 "pgsteal_dma32 0\n"
					 "pgsteal_normal 0\n"
					 "pgsteal_movable 0\n"
					 "pgscan_kswapd_dma 0\n"
					 "pgscan_kswapd_dma32 0\n"
					 "pgscan_kswapd_normal 0\n"
					 "pgscan_kswapd_movable 0\n"
					 "pgscan_direct_dma 0\n"
					 "pgscan_direct_dma32 0\n"
					 "pgscan_direct_normal 0\n"
					 "pgscan_direct_movable 0\n"
					 "pginodesteal 0\n"
					 "slabs_scanned 0\n"
					 "kswapd_steal 0\n"
					 "kswapd_inodesteal 0\n"
					 "pageoutrun 0\n"
					 "allocstall 0\n"
					 "pgrotated 0\n"
					 "htlb_buddy_alloc_success 0\n"
					 "htlb_buddy_alloc_fail 0\n"
					 "unevictable_pgs_culled 0\n"
					 "unevictable_pgs_scanned 0\n"
					 "unevictable_pgs_rescued 0\n"
					 "unevictable_pgs_mlocked 0\n"
					 "unevictable_pgs_munlocked 0\n"
					 "unevictable_pgs_cleared 0\n"
					 "unevictable_pgs_stranded 0\n"
					 "unevictable_pgs_mlockfreed 0\n";

static const char want_vmstat_2_6_32[] = "nr_free_pages 16369\n"
					 "nr_inactive_anon 0\n"
					 "nr_active_anon 0\n"
					 "nr_inactive_file 0\n"
					 "nr_active_file 0\n"
					 "nr_unevictable 0\n"
					 "nr_mlock 0\n"
					 "nr_anon_pages 0\n"
					 "nr_mapped 0\n"
					 "nr_file_pages 0\n"
					 "nr_dirty 0\n"
					 "nr_writeback 0\n"
					 "nr_slab_reclaimable 0\n"
					 "nr_slab_unreclaimable 0\n"
					 "nr_page_table_pages 0\n"
					 "nr_kernel_stack 0\n"
					 "nr_unstable 0\n"
					 "nr_bounce 0\n"
					 "nr_vmscan_write 0\n"
					 "nr_writeback_temp 0\n"
					 "nr_isolated_anon 0\n"
					 "nr_isolated_file 0\n"
					 "nr_shmem 0\n"
					 "numa_hit 2048\n"
					 "numa_miss 0\n"
					 "numa_foreign 0\n"
					 "numa_interleave 0\n"
					 "numa_local 2048\n"
					 "numa_other 0\n"
					 "pgpgin 0\n"
					 "pgpgout 0\n"
					 "pswpin 0\n"
					 "pswpout 0\n"
					 "pgalloc_dma 0\n"
					 "pgalloc_dma32 0\n"
					 "pgalloc_normal 2048\n"
					 "pgalloc_movable 0\n"
					 "pgfree 2048\n"
					 "pgactivate 0\n"
					 "pgdeactivate 0\n"
					 "pgfault 2048\n"
					 "pgmajfault 0\n"
					 "pgrefill_dma 0\n"
					 "pgrefill_dma32 0\n"
					 "pgrefill_normal 0\n"
					 "pgrefill_movable 0\n"
					 "pgsteal_dma 0\n"
					 "pgsteal_dma32 0\n"
					 "pgsteal_normal 0\n"
					 "pgsteal_movable 0\n"
					 "pgscan_kswapd_dma 0\n"
					 "pgscan_kswapd_dma32 0\n"
					 "pgscan_kswapd_normal 0\n"
					 "pgscan_kswapd_movable 0\n"
					 "pgscan_direct_dma 0\n"
					 "pgscan_direct_dma32 0\n"
					 "pgscan_direct_normal 0\n"
					 "pgscan_direct_movable 0\n"
					 "zone_reclaim_failed 0\n"
					 "pginodesteal 0\n"
					 "slabs_scanned 0\n"
					 "kswapd_steal 0\n"
					 "kswapd_inodesteal 0\n"
					 "pageoutrun 0\n"
					 "allocstall 0\n"
					 "pgrotated 0\n"
					 "htlb_buddy_alloc_success 0\n"
					 "htlb_buddy_alloc_fail 0\n"
					 "unevictable_pgs_culled 0\n"
					 "unevictable_pgs_scanned 0\n"
					 "unevictable_pgs_rescued 0\n"
					 "unevictable_pgs_mlocked 0\n"
					 "unevictable_pgs_munlocked 0\n"
					 "unevictable_pgs_cleared 0\n"
					 "unevictable_pgs_stranded 0\n"
					 "unevictable_pgs_mlockfreed 0\n";

static const char want_vmstat_2_6_35[] = "nr_free_pages 16369\n"
					 "nr_inactive_anon 0\n"
					 "nr_active_anon 0\n"
					 "nr_inactive_file 0\n"
					 "nr_active_file 0\n"
					 "nr_unevictable 0\n"
					 "nr_mlock 0\n"
					 "nr_anon_pages 0\n"
					 "nr_mapped 0\n"
					 "nr_file_pages 0\n"
					 "nr_dirty 0\n"
					 "nr_writeback 0\n"
					 "nr_slab_reclaimable 0\n"
					 "nr_slab_unreclaimable 0\n"
					 "nr_page_table_pages 0\n"
					 "nr_kernel_stack 0\n"
					 "nr_unstable 0\n"
					 "nr_bounce 0\n"
					 "nr_vmscan_write 0\n"
					 "nr_writeback_temp 0\n"
					 "nr_isolated_anon 0\n"
					 "nr_isolated_file 0\n"
					 "nr_shmem 0\n"
					 "numa_hit 2048\n"
					 "numa_miss 0\n"
					 "numa_foreign 0\n"
					 "numa_interleave 0\n"
					 "numa_local 2048\n"
					 "numa_other 0\n"
					 "pgpgin 0\n"
					 "pgpgout 0\n"
					 "pswpin 0\n"
					 "pswpout 0\n"
					 "pgalloc_dma 0\n"
					 "pgalloc_dma32 0\n"
					 "pgalloc_normal 2048\n"
					 "pgalloc_movable 0\n"
					 "pgfree 2048\n"
					 "pgactivate 0\n"
					 "pgdeactivate 0\n"
					 "pgfault 2048\n"
					 "pgmajfault 0\n"
					 "pgrefill_dma 0\n"
					 "pgrefill_dma32 0\n"
					 "pgrefill_normal 0\n"
					 "pgrefill_movable 0\n"
					 "pgsteal_dma 0\n"
					 "pgsteal_dma32 0\n"
					 "pgsteal_normal 0\n"
					 "pgsteal_movable 0\n"
					 "pgscan_kswapd_dma 0\n"
					 "pgscan_kswapd_dma32 0\n"
					 "pgscan_kswapd_normal 0\n"
					 "pgscan_kswapd_movable 0\n"
					 "pgscan_direct_dma 0\n"
					 "pgscan_direct_dma32 0\n"
					 "pgscan_direct_normal 0\n"
					 "pgscan_direct_movable 0\n"
					 "zone_reclaim_failed 0\n"
					 "pginodesteal 0\n"
					 "slabs_scanned 0\n"
					 "kswapd_steal 0\n"
					 "kswapd_inodesteal 0\n"
					 "kswapd_low_wmark_hit_quickly 0\n"
					 "kswapd_high_wmark_hit_quickly 0\n"
					 "kswapd_skip_congestion_wait 0\n"
					 "pageoutrun 0\n"
					 "allocstall 0\n"
					 "pgrotated 0\n"
					 "compact_blocks_moved 0\n"
					 "compact_pages_moved 0\n"
					 "compact_pagemigrate_failed 0\n"
					 "compact_stall 0\n"
					 "compact_fail 0\n"
					 "compact_success 0\n"
					 "htlb_buddy_alloc_success 0\n"
					 "htlb_buddy_alloc_fail 0\n"
					 "unevictable_pgs_culled 0\n"
					 "unevictable_pgs_scanned 0\n"
					 "unevictable_pgs_rescued 0\n"
					 "unevictable_pgs_mlocked 0\n"
					 "unevictable_pgs_munlocked 0\n"
					 "unevictable_pgs_cleared 0\n"
					 "unevictable_pgs_stranded 0\n"
					 "unevictable_pgs_mlockfreed 0\n";

static const char want_vmstat_4_2[] = "nr_free_pages 16369\n"
				      "nr_alloc_batch 0\n"
				      "nr_inactive_anon 0\n"
				      "nr_active_anon 0\n"
				      "nr_inactive_file 0\n"
				      "nr_active_file 0\n"
				      "nr_unevictable 0\n"
				      "nr_mlock 0\n"
				      "nr_anon_pages 0\n"
				      "nr_mapped 0\n"
				      "nr_file_pages 0\n"
				      "nr_dirty 0\n"
				      "nr_writeback 0\n"
				      "nr_slab_reclaimable 0\n"
				      "nr_slab_unreclaimable 0\n"
				      "nr_page_table_pages 0\n"
				      "nr_kernel_stack 0\n"
				      "nr_unstable 0\n"
				      "nr_bounce 0\n"
				      "nr_vmscan_write 0\n"
				      "nr_vmscan_immediate_reclaim 0\n"
				      "nr_writeback_temp 0\n"
				      "nr_isolated_anon 0\n"
				      "nr_isolated_file 0\n"
				      "nr_shmem 0\n"
				      "nr_dirtied 0\n"
				      "nr_written 0\n"
				      "nr_pages_scanned 0\n"
				      "numa_hit 2048\n"
				      "numa_miss 0\n"
				      "numa_foreign 0\n"
				      "numa_interleave 0\n"
				      "numa_local 2048\n"
				      "numa_other 0\n"
				      "workingset_refault 0\n"
				      "workingset_activate 0\n"
				      "workingset_nodereclaim 0\n"
				      "nr_anon_transparent_hugepages 0\n"
				      "nr_free_cma 0\n"
				      "nr_dirty_threshold 3187\n"
				      "nr_dirty_background_threshold 1593\n"
				      "pgpgin 0\n"
				      "pgpgout 0\n"
				      "pswpin 0\n"
				      "pswpout 0\n"
				      "pgalloc_dma 0\n"
				      "pgalloc_dma32 0\n"
				      "pgalloc_normal 2048\n"
				      "pgalloc_movable 0\n"
				      "pgfree 2048\n"
				      "pgactivate 0\n"
				      "pgdeactivate 0\n"
				      "pgfault 2048\n"
				      "pgmajfault 0\n"
				      "pgrefill_dma 0\n"
				      "pgrefill_dma32 0\n"
				      "pgrefill_normal 0\n"
				      "pgrefill_movable 0\n"
				      "pgsteal_kswapd_dma 0\n"
				      "pgsteal_kswapd_dma32 0\n"
				      "pgsteal_kswapd_normal 0\n"
				      "pgsteal_kswapd_movable 0\n"
				      "pgsteal_direct_dma 0\n"
				      "pgsteal_direct_dma32 0\n"
				      "pgsteal_direct_normal 0\n"
				      "pgsteal_direct_movable 0\n"
				      "pgscan_kswapd_dma 0\n"
				      "pgscan_kswapd_dma32 0\n"
				      "pgscan_kswapd_normal 0\n"
				      "pgscan_kswapd_movable 0\n"
				      "pgscan_direct_dma 0\n"
				      "pgscan_direct_dma32 0\n"
				      "pgscan_direct_normal 0\n"
				      "pgscan_direct_movable 0\n"
				      "pgscan_direct_throttle 0\n"
				      "zone_reclaim_failed 0\n"
				      "pginodesteal 0\n"
				      "slabs_scanned 0\n"
				      "kswapd_inodesteal 0\n"
				      "kswapd_low_wmark_hit_quickly 0\n"
				      "kswapd_high_wmark_hit_quickly 0\n"
				      "pageoutrun 0\n"
				      "allocstall 0\n"
				      "pgrotated 0\n"
				      "drop_pagecache 0\n"
				      "drop_slab 0\n"
				      "numa_pte_updates 0\n"
				      "numa_huge_pte_updates 0\n"
				      "numa_hint_faults 0\n"
				      "numa_hint_faults_local 0\n"
				      "numa_pages_migrated 0\n"
				      "pgmigrate_success 0\n"
				      "pgmigrate_fail 0\n"
				      "compact_migrate_scanned 0\n"
				      "compact_free_scanned 0\n"
				      "compact_isolated 0\n"
				      "compact_stall 0\n"
				      "compact_fail 0\n"
				      "compact_success 0\n"
				      "htlb_buddy_alloc_success 0\n"
				      "htlb_buddy_alloc_fail 0\n"
				      "unevictable_pgs_culled 0\n"
				      "unevictable_pgs_scanned 0\n"
				      "unevictable_pgs_rescued 0\n"
				      "unevictable_pgs_mlocked 0\n"
				      "unevictable_pgs_munlocked 0\n"
				      "unevictable_pgs_cleared 0\n"
				      "unevictable_pgs_stranded 0\n"
				      "thp_fault_alloc 0\n"
				      "thp_fault_fallback 0\n"
				      "thp_collapse_alloc 0\n"
				      "thp_collapse_alloc_failed 0\n"
				      "thp_split 0\n"
				      "thp_zero_page_alloc 0\n"
				      "thp_zero_page_alloc_failed 0\n"
				      "balloon_inflate 0\n"
				      "balloon_deflate 0\n"
				      "balloon_migrate 0\n";

static const char want_vmstat_4_5[] = "nr_free_pages 16369\n"
				      "nr_alloc_batch 0\n"
				      "nr_inactive_anon 0\n"
				      "nr_active_anon 0\n"
				      "nr_inactive_file 0\n"
				      "nr_active_file 0\n"
				      "nr_unevictable 0\n"
				      "nr_mlock 0\n"
				      "nr_anon_pages 0\n"
				      "nr_mapped 0\n"
				      "nr_file_pages 0\n"
				      "nr_dirty 0\n"
				      "nr_writeback 0\n"
				      "nr_slab_reclaimable 0\n"
				      "nr_slab_unreclaimable 0\n"
				      "nr_page_table_pages 0\n"
				      "nr_kernel_stack 0\n"
				      "nr_unstable 0\n"
				      "nr_bounce 0\n"
				      "nr_vmscan_write 0\n"
				      "nr_vmscan_immediate_reclaim 0\n"
				      "nr_writeback_temp 0\n"
				      "nr_isolated_anon 0\n"
				      "nr_isolated_file 0\n"
				      "nr_shmem 0\n"
				      "nr_dirtied 0\n"
				      "nr_written 0\n"
				      "nr_pages_scanned 0\n"
				      "numa_hit 2048\n"
				      "numa_miss 0\n"
				      "numa_foreign 0\n"
				      "numa_interleave 0\n"
				      "numa_local 2048\n"
				      "numa_other 0\n"
				      "workingset_refault 0\n"
				      "workingset_activate 0\n"
				      "workingset_nodereclaim 0\n"
				      "nr_anon_transparent_hugepages 0\n"
				      "nr_free_cma 0\n"
				      "nr_dirty_threshold 3187\n"
				      "nr_dirty_background_threshold 1593\n"
				      "pgpgin 0\n"
				      "pgpgout 0\n"
				      "pswpin 0\n"
				      "pswpout 0\n"
				      "pgalloc_dma 0\n"
				      "pgalloc_dma32 0\n"
				      "pgalloc_normal 2048\n"
				      "pgalloc_movable 0\n"
				      "pgfree 2048\n"
				      "pgactivate 0\n"
				      "pgdeactivate 0\n"
				      "pgfault 2048\n"
				      "pgmajfault 0\n"
				      "pglazyfreed 0\n"
				      "pgrefill_dma 0\n"
				      "pgrefill_dma32 0\n"
				      "pgrefill_normal 0\n"
				      "pgrefill_movable 0\n"
				      "pgsteal_kswapd_dma 0\n"
				      "pgsteal_kswapd_dma32 0\n"
				      "pgsteal_kswapd_normal 0\n"
				      "pgsteal_kswapd_movable 0\n"
				      "pgsteal_direct_dma 0\n"
				      "pgsteal_direct_dma32 0\n"
				      "pgsteal_direct_normal 0\n"
				      "pgsteal_direct_movable 0\n"
				      "pgscan_kswapd_dma 0\n"
				      "pgscan_kswapd_dma32 0\n"
				      "pgscan_kswapd_normal 0\n"
				      "pgscan_kswapd_movable 0\n"
				      "pgscan_direct_dma 0\n"
				      "pgscan_direct_dma32 0\n"
				      "pgscan_direct_normal 0\n"
				      "pgscan_direct_movable 0\n"
				      "pgscan_direct_throttle 0\n"
				      "zone_reclaim_failed 0\n"
				      "pginodesteal 0\n"
				      "slabs_scanned 0\n"
				      "kswapd_inodesteal 0\n"
				      "kswapd_low_wmark_hit_quickly 0\n"
				      "kswapd_high_wmark_hit_quickly 0\n"
				      "pageoutrun 0\n"
				      "allocstall 0\n"
				      "pgrotated 0\n"
				      "drop_pagecache 0\n"
				      "drop_slab 0\n"
				      "numa_pte_updates 0\n"
				      "numa_huge_pte_updates 0\n"
				      "numa_hint_faults 0\n"
				      "numa_hint_faults_local 0\n"
				      "numa_pages_migrated 0\n"
				      "pgmigrate_success 0\n"
				      "pgmigrate_fail 0\n"
				      "compact_migrate_scanned 0\n"
				      "compact_free_scanned 0\n"
				      "compact_isolated 0\n"
				      "compact_stall 0\n"
				      "compact_fail 0\n"
				      "compact_success 0\n"
				      "htlb_buddy_alloc_success 0\n"
				      "htlb_buddy_alloc_fail 0\n"
				      "unevictable_pgs_culled 0\n"
				      "unevictable_pgs_scanned 0\n"
				      "unevictable_pgs_rescued 0\n"
				      "unevictable_pgs_mlocked 0\n"
				      "unevictable_pgs_munlocked 0\n"
				      "unevictable_pgs_cleared 0\n"
				      "unevictable_pgs_stranded 0\n"
				      "thp_fault_alloc 0\n"
				      "thp_fault_fallback 0\n"
				      "thp_collapse_alloc 0\n"
				      "thp_collapse_alloc_failed 0\n"
				      "thp_split_page 0\n"
				      "thp_split_page_failed 0\n"
				      "thp_split_pmd 0\n"
				      "thp_zero_page_alloc 0\n"
				      "thp_zero_page_alloc_failed 0\n"
				      "balloon_inflate 0\n"
				      "balloon_deflate 0\n"
				      "balloon_migrate 0\n";

static const char want_vmstat_4_12[] = "nr_free_pages 16369\n"
				       "nr_zone_inactive_anon 0\n"
				       "nr_zone_active_anon 0\n"
				       "nr_zone_inactive_file 0\n"
				       "nr_zone_active_file 0\n"
				       "nr_zone_unevictable 0\n"
				       "nr_zone_write_pending 0\n"
				       "nr_mlock 0\n"
				       "nr_slab_reclaimable 0\n"
				       "nr_slab_unreclaimable 0\n"
				       "nr_page_table_pages 0\n"
				       "nr_kernel_stack 0\n"
				       "nr_bounce 0\n"
				       "nr_zspages 0\n"
				       "numa_hit 2048\n"
				       "numa_miss 0\n"
				       "numa_foreign 0\n"
				       "numa_interleave 0\n"
				       "numa_local 2048\n"
				       "numa_other 0\n"
				       "nr_free_cma 0\n"
				       "nr_inactive_anon 0\n"
				       "nr_active_anon 0\n"
				       "nr_inactive_file 0\n"
				       "nr_active_file 0\n"
				       "nr_unevictable 0\n"
				       "nr_isolated_anon 0\n"
				       "nr_isolated_file 0\n"
				       "workingset_refault 0\n"
				       "workingset_activate 0\n"
				       "workingset_nodereclaim 0\n"
				       "nr_anon_pages 0\n"
				       "nr_mapped 0\n"
				       "nr_file_pages 0\n"
				       "nr_dirty 0\n"
				       "nr_writeback 0\n"
				       "nr_writeback_temp 0\n"
				       "nr_shmem 0\n"
				       "nr_shmem_hugepages 0\n"
				       "nr_shmem_pmdmapped 0\n"
				       "nr_anon_transparent_hugepages 0\n"
				       "nr_unstable 0\n"
				       "nr_vmscan_write 0\n"
				       "nr_vmscan_immediate_reclaim 0\n"
				       "nr_dirtied 0\n"
				       "nr_written 0\n"
				       "nr_dirty_threshold 3187\n"
				       "nr_dirty_background_threshold 1593\n"
				       "pgpgin 0\n"
				       "pgpgout 0\n"
				       "pswpin 0\n"
				       "pswpout 0\n"
				       "pgalloc_dma 0\n"
				       "pgalloc_dma32 0\n"
				       "pgalloc_normal 2048\n"
				       "pgalloc_movable 0\n"
				       "allocstall_dma 0\n"
				       "allocstall_dma32 0\n"
				       "allocstall_normal 0\n"
				       "allocstall_movable 0\n"
				       "pgskip_dma 0\n"
				       "pgskip_dma32 0\n"
				       "pgskip_normal 0\n"
				       "pgskip_movable 0\n"
				       "pgfree 2048\n"
				       "pgactivate 0\n"
				       "pgdeactivate 0\n"
				       "pglazyfree 0\n"
				       "pgfault 2048\n"
				       "pgmajfault 0\n"
				       "pglazyfreed 0\n"
				       "pgrefill 0\n"
				       "pgsteal_kswapd 0\n"
				       "pgsteal_direct 0\n"
				       "pgscan_kswapd 0\n"
				       "pgscan_direct 0\n"
				       "pgscan_direct_throttle 0\n"
				       "zone_reclaim_failed 0\n"
				       "pginodesteal 0\n"
				       "slabs_scanned 0\n"
				       "kswapd_inodesteal 0\n"
				       "kswapd_low_wmark_hit_quickly 0\n"
				       "kswapd_high_wmark_hit_quickly 0\n"
				       "pageoutrun 0\n"
				       "pgrotated 0\n"
				       "drop_pagecache 0\n"
				       "drop_slab 0\n"
				       "numa_pte_updates 0\n"
				       "numa_huge_pte_updates 0\n"
				       "numa_hint_faults 0\n"
				       "numa_hint_faults_local 0\n"
				       "numa_pages_migrated 0\n"
				       "pgmigrate_success 0\n"
				       "pgmigrate_fail 0\n"
				       "compact_migrate_scanned 0\n"
				       "compact_free_scanned 0\n"
				       "compact_isolated 0\n"
				       "compact_stall 0\n"
				       "compact_fail 0\n"
				       "compact_success 0\n"
				       "compact_daemon_wake 0\n"
				       "compact_daemon_migrate_scanned 0\n"
				       "compact_daemon_free_scanned 0\n"
				       "htlb_buddy_alloc_success 0\n"
				       "htlb_buddy_alloc_fail 0\n"
				       "unevictable_pgs_culled 0\n"
				       "unevictable_pgs_scanned 0\n"
				       "unevictable_pgs_rescued 0\n"
				       "unevictable_pgs_mlocked 0\n"
				       "unevictable_pgs_munlocked 0\n"
				       "unevictable_pgs_cleared 0\n"
				       "unevictable_pgs_stranded 0\n"
				       "thp_fault_alloc 0\n"
				       "thp_fault_fallback 0\n"
				       "thp_collapse_alloc 0\n"
				       "thp_collapse_alloc_failed 0\n"
				       "thp_file_alloc 0\n"
				       "thp_file_mapped 0\n"
				       "thp_split_page 0\n"
				       "thp_split_page_failed 0\n"
				       "thp_deferred_split_page 0\n"
				       "thp_split_pmd 0\n"
				       "thp_split_pud 0\n"
				       "thp_zero_page_alloc 0\n"
				       "thp_zero_page_alloc_failed 0\n"
				       "balloon_inflate 0\n"
				       "balloon_deflate 0\n"
				       "balloon_migrate 0\n";

static const char want_vmstat_6_12[] = "nr_free_pages 14851\n"
				       "nr_zone_inactive_anon 0\n"
				       "nr_zone_active_anon 0\n"
				       "nr_zone_inactive_file 0\n"
				       "nr_zone_active_file 0\n"
				       "nr_zone_unevictable 0\n"
				       "nr_zone_write_pending 0\n"
				       "nr_mlock 0\n"
				       "nr_bounce 0\n"
				       "nr_zspages 0\n"
				       "nr_free_cma 0\n"
				       "numa_hit 2048\n"
				       "numa_miss 0\n"
				       "numa_foreign 0\n"
				       "numa_interleave 0\n"
				       "numa_local 2048\n"
				       "numa_other 0\n"
				       "nr_inactive_anon 0\n"
				       "nr_active_anon 0\n"
				       "nr_inactive_file 0\n"
				       "nr_active_file 0\n"
				       "nr_unevictable 0\n"
				       "nr_slab_reclaimable 0\n"
				       "nr_slab_unreclaimable 0\n"
				       "nr_isolated_anon 0\n"
				       "nr_isolated_file 0\n"
				       "workingset_nodes 0\n"
				       "workingset_refault_anon 0\n"
				       "workingset_refault_file 0\n"
				       "workingset_activate_anon 0\n"
				       "workingset_activate_file 0\n"
				       "workingset_restore_anon 0\n"
				       "workingset_restore_file 0\n"
				       "workingset_nodereclaim 0\n"
				       "nr_anon_pages 0\n"
				       "nr_mapped 0\n"
				       "nr_file_pages 0\n"
				       "nr_dirty 0\n"
				       "nr_writeback 0\n"
				       "nr_writeback_temp 0\n"
				       "nr_shmem 0\n"
				       "nr_shmem_hugepages 0\n"
				       "nr_shmem_pmdmapped 0\n"
				       "nr_file_hugepages 0\n"
				       "nr_file_pmdmapped 0\n"
				       "nr_anon_transparent_hugepages 0\n"
				       "nr_vmscan_write 0\n"
				       "nr_vmscan_immediate_reclaim 0\n"
				       "nr_dirtied 0\n"
				       "nr_written 0\n"
				       "nr_throttled_written 0\n"
				       "nr_kernel_misc_reclaimable 0\n"
				       "nr_foll_pin_acquired 0\n"
				       "nr_foll_pin_released 0\n"
				       "nr_kernel_stack 0\n"
				       "nr_page_table_pages 0\n"
				       "nr_sec_page_table_pages 0\n"
				       "nr_iommu_pages 0\n"
				       "nr_swapcached 0\n"
				       "pgpromote_success 0\n"
				       "pgpromote_candidate 0\n"
				       "pgdemote_kswapd 0\n"
				       "pgdemote_direct 0\n"
				       "pgdemote_khugepaged 0\n"
				       "nr_dirty_threshold 2883\n"
				       "nr_dirty_background_threshold 1441\n"
				       "nr_memmap_pages 0\n"
				       "nr_memmap_boot_pages 0\n"
				       "pgpgin 0\n"
				       "pgpgout 0\n"
				       "pswpin 0\n"
				       "pswpout 0\n"
				       "pgalloc_dma 0\n"
				       "pgalloc_dma32 0\n"
				       "pgalloc_normal 2048\n"
				       "pgalloc_movable 0\n"
				       "pgalloc_device 0\n"
				       "allocstall_dma 0\n"
				       "allocstall_dma32 0\n"
				       "allocstall_normal 0\n"
				       "allocstall_movable 0\n"
				       "allocstall_device 0\n"
				       "pgskip_dma 0\n"
				       "pgskip_dma32 0\n"
				       "pgskip_normal 0\n"
				       "pgskip_movable 0\n"
				       "pgskip_device 0\n"
				       "pgfree 2048\n"
				       "pgactivate 0\n"
				       "pgdeactivate 0\n"
				       "pglazyfree 0\n"
				       "pgfault 2048\n"
				       "pgmajfault 0\n"
				       "pglazyfreed 0\n"
				       "pgrefill 0\n"
				       "pgreuse 0\n"
				       "pgsteal_kswapd 0\n"
				       "pgsteal_direct 0\n"
				       "pgsteal_khugepaged 0\n"
				       "pgscan_kswapd 0\n"
				       "pgscan_direct 0\n"
				       "pgscan_khugepaged 0\n"
				       "pgscan_direct_throttle 0\n"
				       "pgscan_anon 0\n"
				       "pgscan_file 0\n"
				       "pgsteal_anon 0\n"
				       "pgsteal_file 0\n"
				       "zone_reclaim_success 0\n"
				       "zone_reclaim_failed 0\n"
				       "pginodesteal 0\n"
				       "slabs_scanned 0\n"
				       "kswapd_inodesteal 0\n"
				       "kswapd_low_wmark_hit_quickly 0\n"
				       "kswapd_high_wmark_hit_quickly 0\n"
				       "pageoutrun 0\n"
				       "pgrotated 0\n"
				       "drop_pagecache 0\n"
				       "drop_slab 0\n"
				       "oom_kill 0\n"
				       "numa_pte_updates 0\n"
				       "numa_huge_pte_updates 0\n"
				       "numa_hint_faults 0\n"
				       "numa_hint_faults_local 0\n"
				       "numa_pages_migrated 0\n"
				       "pgmigrate_success 0\n"
				       "pgmigrate_fail 0\n"
				       "thp_migration_success 0\n"
				       "thp_migration_fail 0\n"
				       "thp_migration_split 0\n"
				       "compact_migrate_scanned 0\n"
				       "compact_free_scanned 0\n"
				       "compact_isolated 0\n"
				       "compact_stall 0\n"
				       "compact_fail 0\n"
				       "compact_success 0\n"
				       "compact_daemon_wake 0\n"
				       "compact_daemon_migrate_scanned 0\n"
				       "compact_daemon_free_scanned 0\n"
				       "htlb_buddy_alloc_success 0\n"
				       "htlb_buddy_alloc_fail 0\n"
				       "unevictable_pgs_culled 0\n"
				       "unevictable_pgs_scanned 0\n"
				       "unevictable_pgs_rescued 0\n"
				       "unevictable_pgs_mlocked 0\n"
				       "unevictable_pgs_munlocked 0\n"
				       "unevictable_pgs_cleared 0\n"
				       "unevictable_pgs_stranded 0\n"
				       "thp_fault_alloc 0\n"
				       "thp_fault_fallback 0\n"
				       "thp_fault_fallback_charge 0\n"
				       "thp_collapse_alloc 0\n"
				       "thp_collapse_alloc_failed 0\n"
				       "thp_file_alloc 0\n"
				       "thp_file_fallback 0\n"
				       "thp_file_fallback_charge 0\n"
				       "thp_file_mapped 0\n"
				       "thp_split_page 0\n"
				       "thp_split_page_failed 0\n"
				       "thp_deferred_split_page 0\n"
				       "thp_underused_split_page 0\n"
				       "thp_split_pmd 0\n"
				       "thp_scan_exceed_none_pte 0\n"
				       "thp_scan_exceed_swap_pte 0\n"
				       "thp_scan_exceed_share_pte 0\n"
				       "thp_split_pud 0\n"
				       "thp_zero_page_alloc 0\n"
				       "thp_zero_page_alloc_failed 0\n"
				       "thp_swpout 0\n"
				       "thp_swpout_fallback 0\n"
				       "balloon_inflate 0\n"
				       "balloon_deflate 0\n"
				       "balloon_migrate 0\n"
				       "swap_ra 0\n"
				       "swap_ra_hit 0\n"
				       "swpin_zero 0\n"
				       "swpout_zero 0\n"
				       "ksm_swpin_copy 0\n"
				       "cow_ksm 0\n"
				       "zswpin 0\n"
				       "zswpout 0\n"
				       "zswpwb 0\n"
				       "direct_map_level2_splits 0\n"
				       "direct_map_level3_splits 0\n"
				       "nr_unstable 0\n";

static const char want_meminfo_2_6_28[] = "MemTotal:          65536 kB\n"
					  "MemFree:           65476 kB\n"
					  "Buffers:               0 kB\n"
					  "Cached:                0 kB\n"
					  "SwapCached:            0 kB\n"
					  "Active:                0 kB\n"
					  "Inactive:              0 kB\n"
					  "Active(anon):          0 kB\n"
					  "Inactive(anon):        0 kB\n"
					  "Active(file):          0 kB\n"
					  "Inactive(file):        0 kB\n"
					  "Unevictable:           0 kB\n"
					  "Mlocked:               0 kB\n"
					  "SwapTotal:             0 kB\n"
					  "SwapFree:              0 kB\n"
					  "Dirty:                 0 kB\n"
					  "Writeback:             0 kB\n"
					  "AnonPages:             0 kB\n"
					  "Mapped:                0 kB\n"
					  "Slab:                  0 kB\n"
					  "SReclaimable:          0 kB\n"
					  "SUnreclaim:            0 kB\n"
					  "PageTables:            0 kB\n"
					  "NFS_Unstable:          0 kB\n"
					  "Bounce:                0 kB\n"
					  "WritebackTmp:          0 kB\n"
					  "CommitLimit:       32768 kB\n"
					  "Committed_AS:          0 kB\n"
					  "VmallocTotal:   34359738367 kB\n"
					  "VmallocUsed:           0 kB\n"
					  "VmallocChunk:          0 kB\n"
					  "HugePages_Total:       0\n"
					  "HugePages_Free:        0\n"
					  "HugePages_Rsvd:        0\n"
					  "HugePages_Surp:        0\n"
					  "Hugepagesize:       2048 kB\n"
					  "DirectMap4k:           0 kB\n"
					  "DirectMap2M:           0 kB\n";

static const char want_meminfo_2_6_32[] = "MemTotal:          65536 kB\n"
					  "MemFree:           65476 kB\n"
					  "Buffers:               0 kB\n"
					  "Cached:                0 kB\n"
					  "SwapCached:            0 kB\n"
					  "Active:                0 kB\n"
					  "Inactive:              0 kB\n"
					  "Active(anon):          0 kB\n"
					  "Inactive(anon):        0 kB\n"
					  "Active(file):          0 kB\n"
					  "Inactive(file):        0 kB\n"
					  "Unevictable:           0 kB\n"
					  "Mlocked:               0 kB\n"
					  "SwapTotal:             0 kB\n"
					  "SwapFree:              0 kB\n"
					  "Dirty:                 0 kB\n"
					  "Writeback:             0 kB\n"
					  "AnonPages:             0 kB\n"
					  "Mapped:                0 kB\n"
					  "Shmem:                 0 kB\n"
					  "Slab:                  0 kB\n"
					  "SReclaimable:          0 kB\n"
					  "SUnreclaim:            0 kB\n"
					  "KernelStack:           0 kB\n"
					  "PageTables:            0 kB\n"
					  "NFS_Unstable:          0 kB\n"
					  "Bounce:                0 kB\n"
					  "WritebackTmp:          0 kB\n"
					  "CommitLimit:       32768 kB\n"
					  "Committed_AS:          0 kB\n"
					  "VmallocTotal:   34359738367 kB\n"
					  "VmallocUsed:           0 kB\n"
					  "VmallocChunk:          0 kB\n"
					  "HardwareCorrupted:     0 kB\n"
					  "HugePages_Total:       0\n"
					  "HugePages_Free:        0\n"
					  "HugePages_Rsvd:        0\n"
					  "HugePages_Surp:        0\n"
					  "Hugepagesize:       2048 kB\n"
					  "DirectMap4k:           0 kB\n"
					  "DirectMap2M:           0 kB\n";

static const char want_meminfo_4_2[] = "MemTotal:          65536 kB\n"
				       "MemFree:           65476 kB\n"
				       "MemAvailable:      64196 kB\n"
				       "Buffers:               0 kB\n"
				       "Cached:                0 kB\n"
				       "SwapCached:            0 kB\n"
				       "Active:                0 kB\n"
				       "Inactive:              0 kB\n"
				       "Active(anon):          0 kB\n"
				       "Inactive(anon):        0 kB\n"
				       "Active(file):          0 kB\n"
				       "Inactive(file):        0 kB\n"
				       "Unevictable:           0 kB\n"
				       "Mlocked:               0 kB\n"
				       "SwapTotal:             0 kB\n"
				       "SwapFree:              0 kB\n"
				       "Dirty:                 0 kB\n"
				       "Writeback:             0 kB\n"
				       "AnonPages:             0 kB\n"
				       "Mapped:                0 kB\n"
				       "Shmem:                 0 kB\n"
				       "Slab:                  0 kB\n"
				       "SReclaimable:          0 kB\n"
				       "SUnreclaim:            0 kB\n"
				       "KernelStack:           0 kB\n"
				       "PageTables:            0 kB\n"
				       "NFS_Unstable:          0 kB\n"
				       "Bounce:                0 kB\n"
				       "WritebackTmp:          0 kB\n"
				       "CommitLimit:       32768 kB\n"
				       "Committed_AS:          0 kB\n"
				       "VmallocTotal:   34359738367 kB\n"
				       "VmallocUsed:           0 kB\n"
				       "VmallocChunk:          0 kB\n"
				       "HardwareCorrupted:     0 kB\n"
				       "AnonHugePages:         0 kB\n"
				       "HugePages_Total:       0\n"
				       "HugePages_Free:        0\n"
				       "HugePages_Rsvd:        0\n"
				       "HugePages_Surp:        0\n"
				       "Hugepagesize:       2048 kB\n"
				       "DirectMap4k:           0 kB\n"
				       "DirectMap2M:           0 kB\n";

static const char want_meminfo_4_5[] = "MemTotal:          65536 kB\n"
				       "MemFree:           65476 kB\n"
				       "MemAvailable:      63748 kB\n"
				       "Buffers:               0 kB\n"
				       "Cached:                0 kB\n"
				       "SwapCached:            0 kB\n"
				       "Active:                0 kB\n"
				       "Inactive:              0 kB\n"
				       "Active(anon):          0 kB\n"
				       "Inactive(anon):        0 kB\n"
				       "Active(file):          0 kB\n"
				       "Inactive(file):        0 kB\n"
				       "Unevictable:           0 kB\n"
				       "Mlocked:               0 kB\n"
				       "SwapTotal:             0 kB\n"
				       "SwapFree:              0 kB\n"
				       "Dirty:                 0 kB\n"
				       "Writeback:             0 kB\n"
				       "AnonPages:             0 kB\n"
				       "Mapped:                0 kB\n"
				       "Shmem:                 0 kB\n"
				       "Slab:                  0 kB\n"
				       "SReclaimable:          0 kB\n"
				       "SUnreclaim:            0 kB\n"
				       "KernelStack:           0 kB\n"
				       "PageTables:            0 kB\n"
				       "NFS_Unstable:          0 kB\n"
				       "Bounce:                0 kB\n"
				       "WritebackTmp:          0 kB\n"
				       "CommitLimit:       32768 kB\n"
				       "Committed_AS:          0 kB\n"
				       "VmallocTotal:   34359738367 kB\n"
				       "VmallocUsed:           0 kB\n"
				       "VmallocChunk:          0 kB\n"
				       "HardwareCorrupted:     0 kB\n"
				       "AnonHugePages:         0 kB\n"
				       "HugePages_Total:       0\n"
				       "HugePages_Free:        0\n"
				       "HugePages_Rsvd:        0\n"
				       "HugePages_Surp:        0\n"
				       "Hugepagesize:       2048 kB\n"
				       "DirectMap4k:           0 kB\n"
				       "DirectMap2M:           0 kB\n";

static const char want_meminfo_4_12[] = "MemTotal:          65536 kB\n"
					"MemFree:           65476 kB\n"
					"MemAvailable:      63748 kB\n"
					"Buffers:               0 kB\n"
					"Cached:                0 kB\n"
					"SwapCached:            0 kB\n"
					"Active:                0 kB\n"
					"Inactive:              0 kB\n"
					"Active(anon):          0 kB\n"
					"Inactive(anon):        0 kB\n"
					"Active(file):          0 kB\n"
					"Inactive(file):        0 kB\n"
					"Unevictable:           0 kB\n"
					"Mlocked:               0 kB\n"
					"SwapTotal:             0 kB\n"
					"SwapFree:              0 kB\n"
					"Dirty:                 0 kB\n"
					"Writeback:             0 kB\n"
					"AnonPages:             0 kB\n"
					"Mapped:                0 kB\n"
					"Shmem:                 0 kB\n"
					"Slab:                  0 kB\n"
					"SReclaimable:          0 kB\n"
					"SUnreclaim:            0 kB\n"
					"KernelStack:           0 kB\n"
					"PageTables:            0 kB\n"
					"NFS_Unstable:          0 kB\n"
					"Bounce:                0 kB\n"
					"WritebackTmp:          0 kB\n"
					"CommitLimit:       32768 kB\n"
					"Committed_AS:          0 kB\n"
					"VmallocTotal:   34359738367 kB\n"
					"VmallocUsed:           0 kB\n"
					"VmallocChunk:          0 kB\n"
					"HardwareCorrupted:     0 kB\n"
					"AnonHugePages:         0 kB\n"
					"ShmemHugePages:        0 kB\n"
					"ShmemPmdMapped:        0 kB\n"
					"HugePages_Total:       0\n"
					"HugePages_Free:        0\n"
					"HugePages_Rsvd:        0\n"
					"HugePages_Surp:        0\n"
					"Hugepagesize:       2048 kB\n"
					"DirectMap4k:           0 kB\n"
					"DirectMap2M:           0 kB\n";

static const char want_meminfo_6_12[] = "MemTotal:          65536 kB\n"
					"MemFree:           59404 kB\n"
					"MemAvailable:      57676 kB\n"
					"Buffers:               0 kB\n"
					"Cached:                0 kB\n"
					"SwapCached:            0 kB\n"
					"Active:                0 kB\n"
					"Inactive:              0 kB\n"
					"Active(anon):          0 kB\n"
					"Inactive(anon):        0 kB\n"
					"Active(file):          0 kB\n"
					"Inactive(file):        0 kB\n"
					"Unevictable:           0 kB\n"
					"Mlocked:               0 kB\n"
					"SwapTotal:             0 kB\n"
					"SwapFree:              0 kB\n"
					"Zswap:                 0 kB\n"
					"Zswapped:              0 kB\n"
					"Dirty:                 0 kB\n"
					"Writeback:             0 kB\n"
					"AnonPages:             0 kB\n"
					"Mapped:                0 kB\n"
					"Shmem:                 0 kB\n"
					"KReclaimable:          0 kB\n"
					"Slab:                  0 kB\n"
					"SReclaimable:          0 kB\n"
					"SUnreclaim:            0 kB\n"
					"KernelStack:           0 kB\n"
					"PageTables:            0 kB\n"
					"SecPageTables:         0 kB\n"
					"NFS_Unstable:          0 kB\n"
					"Bounce:                0 kB\n"
					"WritebackTmp:          0 kB\n"
					"CommitLimit:       32768 kB\n"
					"Committed_AS:          0 kB\n"
					"VmallocTotal:   34359738367 kB\n"
					"VmallocUsed:           0 kB\n"
					"VmallocChunk:          0 kB\n"
					"Percpu:                0 kB\n"
					"AnonHugePages:         0 kB\n"
					"ShmemHugePages:        0 kB\n"
					"ShmemPmdMapped:        0 kB\n"
					"FileHugePages:         0 kB\n"
					"FilePmdMapped:         0 kB\n"
					"HugePages_Total:       0\n"
					"HugePages_Free:        0\n"
					"HugePages_Rsvd:        0\n"
					"HugePages_Surp:        0\n"
					"Hugepagesize:       2048 kB\n"
					"Hugetlb:               0 kB\n"
					"DirectMap4k:           0 kB\n"
					"DirectMap2M:           0 kB\n"
					"DirectMap1G:           0 kB\n";

static struct sim *run_kernel(const char *kernel)
{
	char ini[512];
	struct sim *sim;

	snprintf(ini, sizeof(ini), "%s%s\n", run_ini, kernel);
	sim = test_sim_from_text(NULL, "t.ini", ini);
	sim_run(sim);
	return sim;
}

static void assert_files_of(const char *kernel, const char *vmstat, const char *meminfo)
{
	struct sim *sim = run_kernel(kernel);
	char *out = NULL;

	CAPTURE(out, report_proc_vmstat(OUT, sim));
	assert_string_equal(out, vmstat);
	free(out);
	CAPTURE(out, report_proc_meminfo(OUT, sim));
	assert_string_equal(out, meminfo);
	free(out);
	sim_destroy(sim);
}

static void test_layouts(void **state)
{
	assert_files_of("2.6.25", want_vmstat_2_6_25, want_meminfo_2_6_25);
	assert_files_of("2.6.28", want_vmstat_2_6_28, want_meminfo_2_6_28);
	assert_files_of("2.6.32", want_vmstat_2_6_32, want_meminfo_2_6_32);
	/* 2.6.33..2.6.35 changed no meminfo line */
	assert_files_of("2.6.35", want_vmstat_2_6_35, want_meminfo_2_6_32);
	assert_files_of("3.10", want_vmstat_3_10, want_meminfo_3_10);
	assert_files_of("4.2", want_vmstat_4_2, want_meminfo_4_2);
	assert_files_of("4.5", want_vmstat_4_5, want_meminfo_4_5);
	assert_files_of("4.12", want_vmstat_4_12, want_meminfo_4_12);
	assert_files_of("6.12", want_vmstat_6_12, want_meminfo_6_12);
	assert_files_of("6.18", want_vmstat_6_18, want_meminfo_6_18);
}

/*
 * "model": the JSON's lines, whatever the profile (6.12 names its own
 * layout, given over here as a scenario's line would).
 */
static void test_model_is_the_json_layout(void **state)
{
	struct sim *sim = run_kernel("6.12\nvmstat_format = model\nmeminfo_format = model");
	char *proc = NULL, *model = NULL;

	assert_int_equal(sim->scn.policy.vmstat_format, PROCFS_MODEL);
	assert_int_equal(sim->scn.policy.meminfo_format, PROCFS_MODEL);
	CAPTURE(proc, report_proc_vmstat(OUT, sim));
	CAPTURE(model, report_vmstat(OUT, sim));
	assert_string_equal(proc, model);
	free(proc);
	free(model);
	CAPTURE(proc, report_proc_meminfo(OUT, sim));
	CAPTURE(model, report_meminfo(OUT, sim));
	assert_string_equal(proc, model);
	free(proc);
	free(model);
	sim_destroy(sim);
}

/* The value of line @name of @text ("name value"); fails if absent. */
static u64 line_value(const char *text, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (!strncmp(p, name, n) && p[n] == ' ')
			return strtoull(p + n + 1, NULL, 10);
	fail_msg("no line %s", name);
	return 0;
}

/* @prefix_dma + _dma32 + _normal + _movable of @text */
static u64 zones_sum(const char *text, const char *prefix)
{
	static const char *const zones[] = { "dma", "dma32", "normal", "movable" };
	char name[64];
	u64 sum = 0;

	for (size_t i = 0; i < sizeof(zones) / sizeof(zones[0]); i++) {
		snprintf(name, sizeof(name), "%s_%s", prefix, zones[i]);
		sum += line_value(text, name);
	}
	return sum;
}

/*
 * A reclaiming run (72 MiB of anon through 64 MiB and 32 MiB of swap)
 * under 3.10's per-zone LRUs (zone_reclaim = on), each 3.10 and 2.6.25 line
 * against the model's own counters: the per-zone reclaim events sum to
 * the global ones, the single LRU's lines to the split lists, allocstall
 * to allocstall_<zone>; under the per-zone LRUs kswapd reclaims both
 * zones, so both zones' lines count.
 */
static void test_old_layouts_sum_to_the_model(void **state)
{
	static const char ini[] = "[machine]\nmemory = 64M\ncpus = 1\nzones = DMA:16M, Normal:48M\n"
				  "swap = 32M\n[workload w]\ntype = anon_fill\nsize = 72M\n"
				  "passes = 1\n[policy]\nkernel = 3.10\n";
	struct sim *sim = test_sim_from_text(NULL, "t.ini", ini);
	char *model = NULL, *v310 = NULL, *v2625 = NULL;

	sim_run(sim);
	CAPTURE(model, report_vmstat(OUT, sim));
	CAPTURE(v310, report_proc_vmstat(OUT, sim));
	sim->scn.policy.vmstat_format = PROCFS_2_6_25;
	CAPTURE(v2625, report_proc_vmstat(OUT, sim));

	assert_true(line_value(model, "pgscan_kswapd") > 0);
	assert_true(line_value(model, "pgscan_direct") > 0);
	assert_true(line_value(v310, "pgscan_kswapd_dma") > 0);
	assert_true(line_value(v310, "pgscan_kswapd_normal") > 0);
	assert_int_equal(zones_sum(v310, "pgscan_kswapd"), line_value(model, "pgscan_kswapd"));
	assert_int_equal(zones_sum(v310, "pgscan_direct"), line_value(model, "pgscan_direct"));
	assert_int_equal(zones_sum(v310, "pgsteal_kswapd"), line_value(model, "pgsteal_kswapd"));
	assert_int_equal(zones_sum(v310, "pgsteal_direct"), line_value(model, "pgsteal_direct"));
	assert_int_equal(zones_sum(v310, "pgrefill"), line_value(model, "pgrefill"));
	assert_int_equal(line_value(v310, "allocstall"), zones_sum(model, "allocstall"));
	assert_int_equal(zones_sum(v310, "pgalloc"), zones_sum(model, "pgalloc"));
	assert_int_equal(line_value(v310, "pswpout"), line_value(model, "pswpout"));
	assert_int_equal(line_value(v310, "nr_inactive_anon"),
			 line_value(model, "nr_inactive_anon"));

	assert_int_equal(zones_sum(v2625, "pgsteal"),
			 line_value(model, "pgsteal_kswapd") + line_value(model, "pgsteal_direct"));
	assert_int_equal(zones_sum(v2625, "pgscan_kswapd"), line_value(model, "pgscan_kswapd"));
	assert_int_equal(line_value(v2625, "kswapd_steal"), line_value(model, "pgsteal_kswapd"));
	assert_int_equal(line_value(v2625, "nr_active"),
			 line_value(model, "nr_active_anon") + line_value(model, "nr_active_file"));
	assert_int_equal(line_value(v2625, "nr_inactive"),
			 line_value(model, "nr_inactive_anon") +
				 line_value(model, "nr_inactive_file"));
	assert_int_equal(line_value(v2625, "pageoutrun"), line_value(model, "pageoutrun"));
	free(model);
	free(v310);
	free(v2625);
	sim_destroy(sim);
}

/* @text of @sim's /proc/vmstat in layout @fmt */
static char *vmstat_as(struct sim *sim, int fmt)
{
	char *out = NULL;

	sim->scn.policy.vmstat_format = fmt;
	CAPTURE(out, report_proc_vmstat(OUT, sim));
	return out;
}

/*
 * The same reclaiming run in the layouts this test's first run shows
 * without reclaim: 2.6.28..2.6.35's pgsteal_<zone> is kswapd's and direct
 * reclaim's together, kswapd_steal kswapd's; 4.2's and 4.5's per-zone
 * groups sum to the model's global events; 4.12's global lines are the
 * model's, allocstall per zone.  CommitLimit, with swap:
 * 16384 pages x 50 / 100 + 8191 (32 MiB of slots less the header) =
 * 16383 pages, 65532 kB.
 */
static void test_layouts_sum_to_the_model(void **state)
{
	static const char ini[] = "[machine]\nmemory = 64M\ncpus = 1\nzones = DMA:16M, Normal:48M\n"
				  "swap = 32M\n[workload w]\ntype = anon_fill\nsize = 72M\n"
				  "passes = 1\n[policy]\nkernel = 3.10\n";
	static const int split_2_6[] = { PROCFS_2_6_28, PROCFS_2_6_32, PROCFS_2_6_35 };
	static const int per_zone_4[] = { PROCFS_4_2, PROCFS_4_5 };
	struct sim *sim = test_sim_from_text(NULL, "t.ini", ini);
	char *model = NULL, *v, *mi = NULL;

	sim_run(sim);
	CAPTURE(model, report_vmstat(OUT, sim));
	assert_true(line_value(model, "pgsteal_direct") > 0);
	for (size_t i = 0; i < sizeof(split_2_6) / sizeof(split_2_6[0]); i++) {
		v = vmstat_as(sim, split_2_6[i]);
		assert_int_equal(zones_sum(v, "pgsteal"),
				 line_value(model, "pgsteal_kswapd") +
					 line_value(model, "pgsteal_direct"));
		assert_int_equal(zones_sum(v, "pgscan_kswapd"), line_value(model, "pgscan_kswapd"));
		assert_int_equal(zones_sum(v, "pgscan_direct"), line_value(model, "pgscan_direct"));
		assert_int_equal(zones_sum(v, "pgrefill"), line_value(model, "pgrefill"));
		assert_int_equal(line_value(v, "kswapd_steal"),
				 line_value(model, "pgsteal_kswapd"));
		assert_int_equal(line_value(v, "allocstall"), zones_sum(model, "allocstall"));
		assert_int_equal(line_value(v, "nr_inactive_anon"),
				 line_value(model, "nr_inactive_anon"));
		free(v);
	}
	for (size_t i = 0; i < sizeof(per_zone_4) / sizeof(per_zone_4[0]); i++) {
		v = vmstat_as(sim, per_zone_4[i]);
		assert_int_equal(zones_sum(v, "pgsteal_kswapd"),
				 line_value(model, "pgsteal_kswapd"));
		assert_int_equal(zones_sum(v, "pgsteal_direct"),
				 line_value(model, "pgsteal_direct"));
		assert_int_equal(zones_sum(v, "pgscan_kswapd"), line_value(model, "pgscan_kswapd"));
		assert_int_equal(zones_sum(v, "pgscan_direct"), line_value(model, "pgscan_direct"));
		assert_int_equal(zones_sum(v, "pgrefill"), line_value(model, "pgrefill"));
		assert_int_equal(line_value(v, "allocstall"), zones_sum(model, "allocstall"));
		assert_int_equal(line_value(v, "workingset_refault"),
				 line_value(model, "workingset_refault_anon") +
					 line_value(model, "workingset_refault_file"));
		free(v);
	}
	v = vmstat_as(sim, PROCFS_4_12);
	assert_int_equal(line_value(v, "pgsteal_direct"), line_value(model, "pgsteal_direct"));
	assert_int_equal(line_value(v, "pgscan_kswapd"), line_value(model, "pgscan_kswapd"));
	assert_int_equal(zones_sum(v, "allocstall"), zones_sum(model, "allocstall"));
	free(v);

	sim->scn.policy.meminfo_format = PROCFS_4_2;
	CAPTURE(mi, report_proc_meminfo(OUT, sim));
	assert_int_equal(line_value(mi, "SwapTotal:"), 32764);
	assert_int_equal(line_value(mi, "CommitLimit:"), 65532);
	free(mi);
	free(model);
	sim_destroy(sim);
}

/*
 * MemAvailable with 32 MiB of page cache (file_read, the small machine):
 * the file LRU counts less the smaller of its half (4096 pages) and the
 * sum of the low watermarks of the arch's zones, for_each_zone()'s: not
 * the model's HighMem zone, which x86-64 kernels do not have.
 *   4.2 (3.14..4.4): free 8191 pages less the low watermarks, DMA 80 +
 *       Normal 240 (the empty Movable zone's 0 under 4.2's watermarks),
 *       plus 8192 - 320: 8191 - 320 + 7872 = 15743 pages, 62972 kB;
 *   6.12: free 8131 less totalreserve_pages 432, plus 8192 - 352 (the
 *       empty Movable zone's low is 32 there, zoneinfo's): 15539 pages,
 *       62156 kB.
 */
static void test_mem_available_page_cache(void **state)
{
	static const char ini[] = "[machine]\nmemory = 64M\ncpus = 1\nzones = DMA:16M, Normal:48M\n"
				  "[workload r]\ntype = file_read\nsize = 32M\n[policy]\nkernel = ";
	static const char *const kernels[] = { "4.2", "6.12" };
	static const u64 want[] = { 62972, 62156 };
	char text[256], *mi = NULL;

	for (size_t i = 0; i < 2; i++) {
		struct sim *sim;

		snprintf(text, sizeof(text), "%s%s\n", ini, kernels[i]);
		sim = test_sim_from_text(NULL, "t.ini", text);
		sim_run(sim);
		CAPTURE(mi, report_proc_meminfo(OUT, sim));
		assert_int_equal(line_value(mi, "Inactive(file):"), 32768);
		assert_int_equal(line_value(mi, "MemAvailable:"), want[i]);
		free(mi);
		sim_destroy(sim);
	}
}

/*
 * zone_statistics() on two nodes (scenarios/numa-uneven-nodes.ini: 6G and
 * 2G, four CPUs, node 1 without DMA32): every allocation of the run is of
 * one page, so each is one hit or one miss and one local or one other:
 * hit + miss = local + other = the pgalloc lines' sum; each miss is a
 * foreign allocation on its preferred zone; the fill spills to the other
 * node and node 1's CPUs take DMA32 buffers from node 0, so there are
 * misses and others.
 */
static void test_numa_events(void **state)
{
	static const char *const sets[] = { "policy.vmstat_format=6.18", NULL };
	struct sim *sim = test_sim_run_file("scenarios/numa-uneven-nodes.ini", sets);
	char *v = NULL;
	u64 hit, miss, allocs;

	CAPTURE(v, report_proc_vmstat(OUT, sim));
	hit = line_value(v, "numa_hit");
	miss = line_value(v, "numa_miss");
	allocs = zones_sum(v, "pgalloc");
	assert_true(miss > 0 && line_value(v, "numa_other") > 0);
	assert_int_equal(hit + miss, allocs);
	assert_int_equal(line_value(v, "numa_local") + line_value(v, "numa_other"), allocs);
	assert_int_equal(line_value(v, "numa_foreign"), miss);
	assert_int_equal(line_value(v, "numa_interleave"), 0);
	free(v);
	sim_destroy(sim);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_layouts),
		cmocka_unit_test(test_model_is_the_json_layout),
		cmocka_unit_test(test_old_layouts_sum_to_the_model),
		cmocka_unit_test(test_layouts_sum_to_the_model),
		cmocka_unit_test(test_mem_available_page_cache),
		cmocka_unit_test(test_numa_events),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: MIT
/*
 * profiles.c - the kernel profiles of [policy] kernel = NAME, as data.
 *
 * A profile is the [policy] lines of one kernel, "key = value" in the
 * vocabulary of docs/scenarios.md; `kernel = NAME` applies them through
 * the same setters as the scenario's own lines and --set, and a key the
 * scenario or a --set gives explicitly overrides its profile line, before
 * or after it.  The profiles are written as kernel history: 2.6.25, the
 * base, names every key a profile sets; every other profile names a
 * parent above it in kernel_profiles[] (an older kernel, or the same one
 * without a patch series) and lists only the lines it changes from the
 * parent's, each beside the kernel change (or the calibration) that
 * explains it.  A profile's effective lines are its parent's, in the
 * base's order, with its own in place of the parent's lines of the same
 * keys, so that every profile names every key and switching profiles
 * leaves nothing of the previous one.  A new
 * policy key gets a line in the base, an override in the first profile
 * whose kernel changed it, and a place in tests/test_scenario.c's
 * profile_keys (that test checks each override against its parent).
 * reclaim_throttle, the 2008 patch of seed 000, is no kernel's and stays
 * out.  `reclaimsim profile NAME` prints one's effective lines;
 * docs/model.md's table of them is `reclaimsim profile --markdown`.
 * SPEC.md section 10 has the history each one follows.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../sim/config.h"
#include "reader.h"

#define ARRAY_SIZE(a) CFG_ARRAY_SIZE(a)

/*
 * @lines: the base's every line, or the lines that change @parent's
 * (NULL for the base), each key at most once; NULL-terminated.
 */
struct kernel_profile {
	const char *name;
	const char *parent;
	const char *const *lines;
};

/*
 * 2.6.25, seed 000's baseline and the base of the other profiles: the
 * split LRU stands in for the single one.  Its kswapd never gave up a
 * high order (balance_pgdat looped until the order's watermark was met;
 * 2.6.29 added the failed-sweep fallback), which the model cannot run
 * without spinning in place; 2.6.25 and 2.6.28 keep
 * kswapd_order_fallback = compact_gap, as seed 004's fragmentation
 * figures were made (failed_sweep moves its order-2 rate by ~3 points).
 */
static const char *const profile_2_6_25[] = {
	"watermark_check = order_walk",
	"max_page_order = 10",
	"skip_zones_lots_free = off",
	"too_many_isolated = off",
	"alloc_retry = no_progress",
	"compact_retry = migrate_mode", /* 4.7's, with alloc_retry = should_reclaim_retry */
	"zone_unreclaimable = all_unreclaimable_lru",
	"reclaim_sleep = congestion_wait",
	"kswapd_nap = every_pass",
	"new_anon_lru = active",
	"lazyfree = none",
	"tlb_flush = per_page",
	"swapin_lru = active",
	/*
	 * 2.6.25 frees a swap slot of a page it keeps only in do_swap_page,
	 * when vm_swap_full(): reclaim never does (shrink_page_list's
	 * activate_locked and shrink_active_list free none), and a write
	 * fault's can_share_swap_page maps the page dirty, keeping its slot
	 */
	"reclaim_free_swap = none",
	"swapin_free_swap = swap_full",
	"swap_readahead = cluster",
	"swap_readahead_plug = after",
	"swap_alloc = scan",
	"readahead_gfp = full",
	"readahead_folios = single",
	"write_folios = single",
	"mmap_readahead = readaround", /* filemap_fault's read-around, no marker */
	"mmap_exec_readahead = around", /* text read around like any mapping */
	"fault_around_bytes = 0",
	"mmap_miss_hits = all",
	"seq_read_references = counted",
	"split_lru = off",
	"memcg_reclaim_stat = off",
	"did_some_progress = reclaimable",
	"memcg_charge_retry = mem_cgroup_charge_common",
	"memcg_stock = off",
	"anon_vma_chain = off",
	"anon_vma_lock = exclusive",
	"i_mmap_lock = exclusive",
	"full_walk_retry = off",
	"empty_memcg_protected = off",
	"force_deactivate_retry = off",
	"file_writepage = any",
	"direct_writeback = allow",
	"flusher_wakeup = scanned",
	/*
	 * do_try_to_free_pages' wakeup_pdflush(laptop_mode ? 0 : total_scanned):
	 * pdflush writes at least the pages scanned (background_writeout's
	 * min_pages; 2.6.32..4.10 wakeup_flusher_threads' nr_pages)
	 */
	"flusher_wakeup_pages = scanned",
	"writeback_rotation = inactive",
	/*
	 * pageout() by direct reclaim passes over a congested queue:
	 * 2.6.25's may_write_to_queue (kswapd has PF_SWAPWRITE)
	 */
	"may_write_to_queue = on",
	"lumpy_reclaim = costly",
	"kswapd_order_fallback = compact_gap",
	/*
	 * 2.6.25..2.6.32 kswapd() sleeps as soon as balance_pgdat returns
	 * (it returns only with every zone balanced: loop_again), unless a
	 * larger order was asked for meanwhile: no HZ/10 nap, no test,
	 * woken only by wakeup_kswapd (2.6.33 brought the nap)
	 */
	"kswapd_short_sleep = off",
	/* no test, so no order to test at (the base lists every key its children set) */
	"kswapd_sleep_order = reclaimed",
	/*
	 * nor zones to test; 2.6.33..2.6.39's sleeping_prematurely, the
	 * first test (profile 2.6.35), walked every zone of the node
	 */
	"kswapd_sleep_zones = node",
	/*
	 * 2.6.x..2.6.39 balance_pgdat: shrink_slab after every zone up to
	 * end_zone, whether or not the zone was shrunk
	 */
	"kswapd_slab = every_zone",
	/*
	 * 2.6.33..2.6.37's sleeping_prematurely tested each zone against
	 * classzone 0, no reserve, as 3.0+ does (own: Mel Gorman, "mm:
	 * vmscan: evaluate the watermarks against the correct classzone",
	 * June 2011); 2.6.38..2.6.39's end_zone falls between the profiles
	 */
	"kswapd_sleep_classzone = own",
	"cgroup = v1",
	"memcg_high_throttle = reclaim",
	"memcg_stats = exact",
	"soft_limit_reclaim = none",
	/*
	 * zone by zone: 2.6.25's shrink_zones calls shrink_zone for each
	 * zone of the zonelist, balance_pgdat for each zone of the node
	 */
	"zone_reclaim = on",
	"reclaim_distance = 20", /* RECLAIM_DISTANCE until 3.0 */
	/* a node farther than it turns zone_reclaim_mode on at boot (build_zonelists) */
	"zone_reclaim_boot = distance",
	/*
	 * 2.6.25's balance_pgdat: every zone up to the highest one short of
	 * its high watermark at the order must meet it (loop_again until
	 * all_zones_ok), and a zone is shrunk only below 8 x its high
	 * watermark
	 */
	"kswapd_balance = zones_all",
	"kswapd_balance_gap = high_x8",
	"compaction = none",
	"compact_free_stride = every_page",
	"pcp_lists = order0",
	"pcp_high = fixed",
	"watermark_boost = off",
	"wmark_gap = min_quarter",
	"wmark_movable = proportional",
	"lowmem_reserve_empty = reserve",
	"thp_support = none", /* THP came in 2.6.38 */
	/* init_per_zone_pages_min()'s cap on the boot-time min_free_kbytes */
	"min_free_kbytes_max = 65536",
	/*
	 * build_zonelists' round robin among equally distant nodes, 2.6.23's:
	 * node_load[] cleared before each node's list (f0c0b2b808f2)
	 */
	"zonelist_node_load = assign_reset",
	/*
	 * 2.6.23 (f0c0b2b808f2, "change zonelist order: zonelist order
	 * selection logic"): default_zonelist_order() picks zone order
	 * unless the zones below Normal are large
	 */
	"numa_zonelist_order = default_sizes",
	"swappiness_zero = some_anon",
	/*
	 * shrink_zone's saved counts: 2.6.25 adds (size >> priority) + 1 to
	 * zone->nr_scan_active / nr_scan_inactive and scans a list only once
	 * its count reaches swap_cluster_max; 2.6.28 the same, without the
	 * + 1, in zone->lru[l].nr_scan (2.6.31's nr_scan_try_batch).  For
	 * 2.6.25 (split_lru = off) the model's anon and file halves of each
	 * list save and reach SWAP_CLUSTER_MAX apiece, where the kernel
	 * summed them, and it leaves out the + 1.  Global reclaim only in
	 * both kernels (memcg reclaim scanned its count whole,
	 * mem_cgroup_calc_reclaim*); the model saves memcg counts too, as
	 * 2.6.32..2.6.35 get_scan_count did (nr_scan_try_batch).
	 */
	"scan_batch = saved",
	"force_scan = off", /* 3.1 brought it */
	/* 2.6.25..2.6.28's shrink_zone scans its whole count: no bail-out */
	"shrink_bail = none",
	/*
	 * 2.6.28 (4f98a2fee8ac, Rik van Riel's split LRU): get_scan_ratio's
	 * percentages of reclaim_stat (2.6.25's single LRU has no split)
	 */
	"lru_balance = rotated_percent",
	"vm_exec_activation = none",
	"mapped_use_once = none",
	"refault_activation = none",
	"shadow_shrinker = none",
	"memcg_writeback_wait = none",
	"vmscan_trace_format = 2.6.36",
	/* 2.6.24..2.6.30's OOM report (whether 2.6.28 had the cpuset line is not established) */
	"oom_report = 2.6.24",
	/* 2.6.25's /proc/zoneinfo: "Page allocator: get rid of the list of cold pages" */
	"zoneinfo_format = 2.6.25",
	/* 2.6.25's /proc/vmstat and /proc/meminfo (read in 2.6.24's; 2.6.26 changed them) */
	"vmstat_format = 2.6.25",
	"meminfo_format = 2.6.25",
	"wakeup_kswapd_trace = early",
	/*
	 * 2.6.25's __alloc_pages calls wakeup_kswapd for every zone of the
	 * zonelist, which wakes the node's kswapd when that zone fails its
	 * low watermark at the order
	 */
	"wakeup_kswapd = zone_low",
	/*
	 * 2.6.25's __alloc_pages wakes kswapd at restart: only; its retry
	 * loop (goto rebalance after congestion_wait) goes straight back to
	 * try_to_free_pages
	 */
	"slowpath_wake_kswapd = restart",
	"throttle_vm_writeout = on", /* 2.6.25's shrink_zone ends with it */
	/* 2.6.25's determine_dirtyable_memory: free + active + inactive */
	"dirtyable_memory = free_and_lru",
	/*
	 * 2.6.25's __sync_single_inode (2.6.35's writeback_single_inode the
	 * same): a file left dirty goes to s_more_io / b_more_io only in
	 * kupdate writeback with its slice used up
	 */
	"wb_requeue_io = kupdate",
	/*
	 * 2.6.25's background_writeout (2.6.35's wb_writeback the same) ends
	 * after a pass that wrote part of its MAX_WRITEBACK_PAGES with no file
	 * on s_more_io / b_more_io; 3.1 went on while anything was written
	 */
	"wb_pass_retry = more_io",
	/* 2.6.25's wakeup_pdflush runs background_writeout, range_cyclic */
	"flusher_wakeup_range = cyclic",
	/* a background or periodic work runs to its end (until 2.6.37) */
	"wb_work_yield = none",
	"blk_requests = per_direction",
	"blk_max_sectors_kb = 512",
	/*
	 * 2.6.x plugged the queue (blk_plug = queue, modelled: per-queue
	 * plugging was the block layer's until 2.6.39), but the profiles
	 * leave it out: with it seed 000's IA64 vanilla run fills its 2 GB
	 * of swap at seed 3 (pswpout 132,506, the swap's 131,072 slots)
	 * and walks the full swap to the 3,600 s limit, hackbench
	 * unfinished; seeds 1 and 2 take 81.5 and 78.6 s of hackbench
	 * (75.1 and 81.3 s with none), the throttled runs 42.0, 34.2 and
	 * 34.6 s (35.2, 34.6, 33.5 s), --runs 3 on 8519959 (2.6.25 runs are
	 * the same with blk-wbt and max_segments)
	 */
	"blk_plug = none",
	"blk_plug_flush_rq = last",
	"blk_wbt = off", /* 4.10 */
	/*
	 * CFS as 2.6.25's kernel/sched_fair.c set it: 20 ms latency, 4 ms
	 * granularity, 10 ms wake-up granularity, each times 1 + ilog2(CPUs)
	 * (sched_init_granularity), a full latency of sleeper credit, and
	 * wake-ups on the previous or the waker's CPU (wake_idle only for
	 * SMT siblings).  HZ 250, Kconfig.hz's default: what seed 000's
	 * IA64 box ran is not known.
	 */
	"sched_hz = 250",
	"sched_latency = 20ms",
	"sched_min_granularity = 4ms",
	"sched_wakeup_granularity = 10ms",
	"sched_tunable_scaling = log_uncapped",
	"sched_sleeper_credit = latency",
	"sched_wake_select = wake_affine",
	"sched_next_buddy = wakeup",
	/*
	 * find_busiest_group on rq->cpu_load[] (2.6.23's CFS merge kept the
	 * O(1) scheduler's sched-domain balancer; read in 2.6.28's
	 * kernel/sched.c), until the cpu_load[] indices went (v5.0-5.1,
	 * Dietmar Eggemann's removal of rq->cpu_load[]) and Vincent
	 * Guittot's load_balance rework (v5.5).  SD_BALANCE_NEWIDLE stays
	 * on (the default): ia64's SD_CPU_INIT, seed 000's and seed 004's
	 * machines, has it in 2.6.24..2.6.28; x86's generic one did not in
	 * 2.6.28 (sched_newidle_balance = off)
	 */
	"sched_load_balance = cpu_load",
	NULL,
};

/* 2.6.28 = 2.6.25 and: the split LRU; swapped-in pages join the inactive list. */
static const char *const profile_2_6_28[] = {
	"sched_wakeup_granularity = 5ms", /* 2.6.26..2.6.31 sched_fair.c */
	"swapin_lru = inactive",
	/*
	 * 2.6.28 (68a22394c286, Rik van Riel, "vmscan: free swap space on
	 * swap-in/activation"): activate_locked and shrink_active_list's
	 * pagevec_swap_free give slots back when vm_swap_full()
	 */
	"reclaim_free_swap = pagevec_swap_free",
	"split_lru = on",
	"did_some_progress = nr_reclaimed", /* 2.6.26 */
	"lumpy_reclaim = on", /* also order >= 1 below DEF_PRIORITY - 2 */
	"zoneinfo_format = 2.6.28", /* the split LRU's four scan counts, inactive_ratio */
	/*
	 * the split LRU renamed the LRU lines of /proc/vmstat and added
	 * nr_unevictable, nr_mlock, unevictable_pgs_*; 2.6.27 moved meminfo
	 * to fs/proc/meminfo.c with 16-wide labels and Active(anon) ..
	 */
	"vmstat_format = 2.6.28",
	"meminfo_format = 2.6.28",
	NULL,
};

/* 2.6.32 = 2.6.28 and: */
static const char *const profile_2_6_32[] = {
	/*
	 * 2.6.32's per-bdi flushers (Jens Axboe, "writeback: switch to per-bdi
	 * threads for flushing data"): wakeup_flusher_threads' works leave
	 * range_cyclic 0, each file written from its start (bdi_writeback_all;
	 * 2.6.35's __bdi_start_writeback(bdi, nr_pages, false, false))
	 */
	"flusher_wakeup_range = whole",
	"too_many_isolated = on", /* too_many_isolated() */
	/*
	 * 2.6.29: a79311c14eae (KOSAKI Motohiro, "vmscan: bail out of direct
	 * reclaim after swap_cluster_max pages"); direct reclaim only until
	 * 2.6.33's nr_to_reclaim, which kswapd sets to ULONG_MAX
	 */
	"shrink_bail = nr_to_reclaim",
	/* 2.6.30: ad1c3544d0a "mm: don't free swap slots on page deactivation" */
	"reclaim_free_swap = activate_locked",
	/*
	 * 2.6.29: 7b1fe59793e (Hugh Dickins, "mm: reuse_swap_page replaces
	 * can_share_swap_page"): an exclusive write fault frees the slot
	 */
	"swapin_free_swap = exclusive_write",
	"zone_unreclaimable = all_unreclaimable", /* zone_reclaimable_pages */
	"memcg_reclaim_stat = on", /* 2.6.29: memcg reclaim has its anon/file ratio */
	"mmap_readahead = async", /* 2.6.31: do_async_mmap_readahead */
	"seq_read_references = ignored", /* 2.6.29: MADV_SEQUENTIAL pages reclaimed sooner */
	"kswapd_order_fallback = failed_sweep", /* 2.6.29 */
	"soft_limit_reclaim = tree",
	"oom_report = 2.6.31", /* 2.6.31: oom_adj in the header, the cpuset line */
	"zoneinfo_format = 2.6.30", /* "vmscan: don't export nr_saved_scan in /proc/zoneinfo" */
	"vmstat_format = 2.6.32", /* nr_isolated_*, nr_shmem, nr_kernel_stack, zone_reclaim_failed */
	"meminfo_format = 2.6.32", /* Shmem, KernelStack, HardwareCorrupted */
	"vm_exec_activation = active_list", /* 2.6.31: 8cab4754d24a */
	/* 2.6.32's CFS retuning (Mike Galbraith, Peter Zijlstra, 2009) */
	"sched_latency = 5ms",
	"sched_min_granularity = 1ms",
	"sched_wakeup_granularity = 1ms",
	"sched_sleeper_credit = half_latency", /* GENTLE_FAIR_SLEEPERS */
	"sched_wake_select = idle_sibling", /* select_idle_sibling */
	"sched_next_buddy = off", /* NEXT_BUDDY off by default */
	/* 2.6.32: adea02a1bea, anon pages count only while swap has room */
	"dirtyable_memory = free_and_reclaimable",
	/* 2.6.31: node_load[] cleared once, in __build_all_zonelists (Bob Liu) */
	"zonelist_node_load = assign",
	NULL,
};

/*
 * 2.6.35 = 2.6.32 and: seed 003's traceonly and stackreduce kernels (Mel
 * Gorman's June 2010 V2 stack; stackreduce moved reclaim's large locals
 * off the stack and simplified shrink_inactive_list without changing a
 * decision, and the model has no stack).  Kept from 2.6.32: lumpy
 * reclaim (set_lumpy_reclaim_mode); every reclaimer writes, the flusher
 * kicked from do_try_to_free_pages; kswapd keeps a high order until a
 * whole priority sweep fails (kswapd_order_fallback = failed_sweep); no
 * compaction: 2.6.35 brought CONFIG_COMPACTION but whether the seed's
 * kernels had it is unknown (SPEC-seeds B.4), its figures show lumpy
 * reclaim at work, and the model's compaction is v6.12's, not 2.6.35's.
 * Zone-based reclaim (zone_reclaim, kswapd_balance = zones_all, the
 * kswapd wake-up per zone, throttle_vm_writeout, may_write_to_queue)
 * comes from 2.6.25, whose kernel had them.
 */
static const char *const profile_2_6_35[] = {
	"did_some_progress = reclaimed_or_reclaimable",
	/* 2.6.34 (76a33fc380c9, "vmscan: prevent get_scan_ratio() rounding errors") */
	"lru_balance = rotated_fraction",
	"memcg_stock = on", /* the per-CPU charge stock, 2.6.33 */
	/* 2.6.33: vsz/rss in "Killed process"; 2.6.34: dump_header before the panic (1b604d75) */
	"oom_report = 2.6.34",
	"anon_vma_chain = on", /* 2.6.34 */
	"mapped_use_once = file", /* 2.6.34: 645747462435 */
	"sched_tunable_scaling = log", /* 2.6.33: at most 8 CPUs count */
	/* 2.6.35: e325c90ffc13, node order when a node has no Normal zone */
	"numa_zonelist_order = default_lowmem",
	/* the tracepoints of seed 003's kernels: Mel Gorman's June 2010 posting */
	"vmscan_trace_format = 2010-06",
	/*
	 * 2.6.33's kswapd_*_wmark_hit_quickly and kswapd_skip_congestion_wait,
	 * 2.6.35's compact_* (meminfo: 2.6.32's lines, unchanged)
	 */
	"vmstat_format = 2.6.35",
	/*
	 * 2.6.33 (f50de2d3808, Mel Gorman, "vmscan: have kswapd sleep for
	 * a short interval and double check it should be asleep"): kswapd
	 * naps HZ/10 and tests sleeping_prematurely before it sleeps
	 */
	"kswapd_short_sleep = on",
	/*
	 * 2.6.33 (Mel Gorman's fixes for 2.6.31's GFP_ATOMIC failures, Dec
	 * 2009): balance_pgdat does not nap while a zone is below min
	 * (2.6.32.9's naps after every pass in trouble)
	 */
	"kswapd_nap = above_min",
	/*
	 * kswapd() tests sleeping_prematurely at the order it asked
	 * balance_pgdat for, which falls back to order 0 only inside
	 * (balance_pgdat returned the order it balanced from 3.0 on)
	 */
	"kswapd_sleep_order = requested",
	NULL,
};

/* seed 003's nodirect: 2.6.35 with the whole V2 series, direct reclaim writes nothing. */
static const char *const profile_2_6_35_nodirect[] = {
	"direct_writeback = deny",
	NULL,
};

/*
 * 3.10 = 2.6.35 and: seed 002's base kernel, zone-based reclaim (and the
 * kswapd wake-up per zone) with the soft-limit tree per zone.
 */
static const char *const profile_3_10[] = {
	"oom_report = 3.10", /* 2.6.36's rewrite (oom_score_adj, "or sacrifice child") as 3.10 printed it */
	"zoneinfo_format = 3.8", /* 3.8: managed; 2.6.36: "vmscan: kill prev_priority completely" */
	"vmstat_format = 3.10", /* compact_* (2.6.35, 3.x names), thp_* (2.6.38), pgsteal_kswapd (3.4) */
	"meminfo_format = 3.10", /* Shmem, KernelStack (2.6.32), AnonHugePages (2.6.38) */
	"reclaim_distance = 30", /* 3.0: 32e45ff43eaf */
	"did_some_progress = nr_reclaimed",
	"anon_vma_lock = read", /* 3.9 */
	"kswapd_nap = none", /* 3.9: "mm: don't wait on congested zones in balance_pgdat()" */
	/*
	 * 2.6.37 (0e093d99763e): reclaim naps in wait_iff_congested, which
	 * sleeps only on a zone whose dirty pages pageout left for a
	 * congested queue (may_write_to_queue), which 3.10's reclaim does
	 * not do: direct reclaim writes no file page, kswapd has
	 * PF_SWAPWRITE and the swap bdi is never congested
	 */
	"reclaim_sleep = wait_iff_pageout_congested",
	/* 2.6.38: "vmscan: kswapd should not free an excessive number of pages ..." */
	"kswapd_balance_gap = low_or_1pct",
	/*
	 * 2.6.38: transparent huge pages (Andrea Arcangeli); khugepaged's
	 * set_recommended_min_free_kbytes raises min_free_kbytes
	 */
	"thp_support = khugepaged",
	/*
	 * A known departure, not yet explained: 3.10's kswapd balanced zone
	 * by zone (kswapd_balance = zones), and so did seed 002's base, an
	 * -mm tree of May 2013 without 3.11's kswapd_shrink_zone.  The
	 * model's zones path makes 3.10's walk count (each sweep ends once
	 * SWAP_CLUSTER_MAX pages are back, ~60 of dd's at priority 12, and
	 * walks every group in both zones: 27,247 / 33,419 walks at 500 / 8k
	 * groups, seed 1, no limit, against node's 2,446 / 867), but then the
	 * base kernel's own System (dd + kswapd), which the seed measured,
	 * goes 8.9 -> 12.9 s at 500 groups and 10.7 -> 82.6 s at 8k where
	 * the seed's is 40 s at both, and the seed's no-limit and 0-limit
	 * base runs (the latter skip the walks) differ by 1.0 s at 8k against
	 * our 73.5 s: at the measured 310 ns a visit the seed allows ~4 ns.
	 * Either the seed's kernel made far fewer walks or far cheaper ones
	 * than this model of it; until that is found the profile keeps v4.8's
	 * node balance, whose base runs are nearer the seed's base (a
	 * comparison of the base kernel with itself, not of the A/B ratios)
	 */
	"kswapd_balance = node",
	/* CFS's defaults from 2.6.36 to 6.5 (EEVDF, 6.6, is not modelled) */
	"sched_latency = 6ms",
	"sched_min_granularity = 750us",
	"readahead_gfp = noretry", /* 3.1: readahead page allocations may fail */
	/*
	 * 2.6.39 "block: initial patch for on-stack per-task plugging"
	 * (73c101011926): the queue plug and its timer go, tasks plug;
	 * reclaim plugs from 3.0 ("vmscan: add block plug for page reclaim")
	 */
	"blk_plug = task",
	/*
	 * 3.2 (f84f6e2b0868, Mel Gorman, "mm: vmscan: do not writeback
	 * filesystem pages in kswapd except in high priority"): direct
	 * reclaim writes no file page and kswapd only below DEF_PRIORITY - 2;
	 * 3.10's shrink_page_list still tests sc->priority (3.11's "mm:
	 * vmscan: have kswapd writeback pages based on dirty pages
	 * encountered, not priority" made it the zone's dirty flag)
	 */
	"file_writepage = kswapd_priority",
	"lumpy_reclaim = off", /* 3.5 */
	"swappiness_zero = no_anon", /* 3.5 */
	"scan_batch = none", /* 3.10's get_scan_count saves no counts (force_scan instead) */
	/*
	 * 3.1 (246e87a93934, "memcg: fix get_scan_count() for small
	 * targets"): memcg reclaim, and kswapd on a zone given up, scan at
	 * least min(size, SWAP_CLUSTER_MAX) of a list
	 */
	"force_scan = on",
	"vm_exec_activation = first_use", /* 3.3: c909e99364c8 */
	"memcg_writeback_wait = page_reclaim", /* 3.6: e62e384e9da8, c3b94f44fcb0 */
	/* 2.6.36's mem_cgroup_do_charge, with 3.8's NORETRY and small-charge rules */
	"memcg_charge_retry = mem_cgroup_do_charge",
	/*
	 * stands in for 3.10's compaction-aware kswapd, which checked a zone
	 * at order 0 once compaction could make the block; not compared
	 * further
	 */
	"kswapd_order_fallback = compact_gap",
	"kswapd_sleep_order = reclaimed", /* 3.0: balance_pgdat returns its order */
	/*
	 * 3.0 (Mel Gorman, "mm: vmscan: correct check for kswapd sleeping in
	 * sleeping_prematurely", June 2011): kswapd tests the zones up to the
	 * end zone balance_pgdat returns, less a top zone given up on (no
	 * effect on this profile's node balance; 4.2 and 4.5 balance zones)
	 */
	"kswapd_sleep_zones = end_zone",
	/*
	 * 3.0 (Mel Gorman, "mm: vmscan: do not apply pressure to slab if we
	 * are not applying pressure to zone", June 2011, patch 2 of the same
	 * series): shrink_slab only after a zone kswapd shrank
	 */
	"kswapd_slab = shrunk_zone",
	"compaction = direct",
	"vmscan_trace_format = mainline", /* 3.5 */
	"wakeup_kswapd_trace = late", /* 2.6.37 */
	/*
	 * 3.10's global_dirtyable_memory: 2.6.32's free and reclaimable
	 * pages less dirty_balance_reserve (3.3) and min_free_kbytes
	 */
	"dirtyable_memory = reclaimable_less_reserves",
	/*
	 * 3.10's requeue_inode: any WB_SYNC_NONE writeback whose slice ran out
	 * requeue_io's the file (changed after 2.6.35; 6.12 the same)
	 */
	"wb_requeue_io = sync_none",
	/*
	 * 3.1 (Wu Fengguang, "writeback: try more writeback as long as
	 * something was written"): wb_writeback goes on after any progress
	 */
	"wb_pass_retry = progress",
	/*
	 * 2.6.37 (Jan Kara, "writeback: stop background/kupdate works from
	 * livelocking other works"): they end when a work is queued
	 */
	"wb_work_yield = queued",
	NULL,
};

/*
 * 4.2 = 3.10 and: the last kernel flushing the TLB page by page in
 * reclaim (tlb_flush = per_page, kept).  It keeps 3.10's memcg charge
 * rules (mem_cgroup_do_charge; 3.17's try_charge differs by the stock
 * drain and the order of the __GFP_NORETRY test), as does 4.5.
 */
static const char *const profile_4_2[] = {
	/* nr_alloc_batch (3.12), workingset_* (3.15), nr_pages_scanned (3.19) */
	"vmstat_format = 4.2",
	"meminfo_format = 4.2", /* 3.14: MemAvailable, free less the low watermarks */
	"reclaim_sleep = wait_iff_congested", /* 3.11: naps only through it */
	"swap_readahead = block", /* 3.14: slot blocks, not clusters */
	"refault_activation = file", /* 3.15: a528910e12ec */
	/*
	 * 3.15: 449dd6984d0e, the shadow-node shrinker; 4.6 made it
	 * memcg-aware, counting the group's file pages: node_present stands
	 * for that too in 4.12
	 */
	"shadow_shrinker = node_present",
	"fault_around_bytes = 64K", /* 3.15: do_fault_around */
	"i_mmap_lock = read", /* 3.19: i_mmap_rwsem, rmap_walk_file takes it shared */
	"file_writepage = kswapd_dirty_zone", /* 3.11..4.10 */
	/*
	 * 3.18 (Mel Gorman, "mm: page_alloc: default node-ordering on 64-bit
	 * NUMA, zone-ordering on 32-bit"): the size heuristic goes
	 */
	"numa_zonelist_order = default_64bit",
	"oom_report = 4.0", /* 4.0: nr_pmds in the OOM task dump */
	"zone_reclaim_boot = off", /* 3.16: 4f9b16a64753 */
	/* 3.14 (a1c3bfb2f67e): anon pages are not dirtyable; 4.2 has no min_free_kbytes term */
	"dirtyable_memory = free_and_file",
	/*
	 * 3.12 (Johannes Weiner, "mm: vmscan: fix numa reclaim balance
	 * problem in kswapd"): wakeup_kswapd tests zone_balanced, the high
	 * watermark, for each zone of the zonelist
	 */
	"wakeup_kswapd = zone_balanced",
	/*
	 * 4.2's balance_pgdat (3.11's kswapd_shrink_zone) balances zone by
	 * zone until node 4.8; zone_reclaim = on and throttle_vm_writeout =
	 * on come from 2.6.25, as 4.2 had them
	 */
	"kswapd_balance = zones",
	/* 4.2's slow path loops back to retry:, waking kswapd each pass */
	"slowpath_wake_kswapd = retry",
	NULL,
};

/* 4.5 = 4.2 and: MADV_FREE arrives, lazyfree pages stay on the anon LRU. */
static const char *const profile_4_5[] = {
	"watermark_check = modern", /* 4.4 */
	"lazyfree = anon_lru",
	"tlb_flush = batched", /* 4.3 */
	"blk_max_sectors_kb = 1280", /* 4.3: BLK_DEF_MAX_SECTORS 2560 */
	"oom_report = 4.5", /* 4.5: %pGg gfp names and shmem-rss in the OOM report */
	"vmstat_format = 4.5", /* pglazyfreed (MADV_FREE), thp_split_page/_pmd (THP refcounting) */
	/* "proc: meminfo: estimate available memory more conservatively" */
	"meminfo_format = 4.5",
	NULL,
};

/* 4.12 = 4.5 and: lazyfree pages on the inactive file list; kswapd_failures. */
static const char *const profile_4_12[] = {
	"wmark_gap = scale_factor", /* 4.6: watermark_scale_factor */
	"alloc_retry = should_reclaim_retry", /* 4.7 */
	"zone_unreclaimable = kswapd_failures", /* 4.11 */
	/* 4.12 (688035f729dc, "mm: don't avoid high-priority reclaim on memcg limit reclaim") */
	"force_scan = off",
	"lazyfree = inactive_file",
	"memcg_charge_retry = try_charge_memcg", /* v6.12's rules stand in for 4.x try_charge */
	"file_writepage = kswapd", /* 4.11 */
	"flusher_wakeup = unqueued_dirty", /* 4.11 */
	/* 4.11: 726d061fbd36, the flushers woken for every dirty page */
	"flusher_wakeup_pages = all",
	"writeback_rotation = deactivate", /* 4.11: c55e8d035b28 */
	"compaction = kcompactd", /* 4.6 */
	"compact_retry = priority", /* 4.9: Vlastimil Babka's compaction priority series */
	/*
	 * 4.8: Mel Gorman's node-lru series: reclaim, kswapd's balance and
	 * its wake-up go node by node
	 */
	"zone_reclaim = off",
	"kswapd_balance = node",
	"wakeup_kswapd = node_balanced",
	"throttle_vm_writeout = off", /* 4.11 */
	"oom_report = 4.12", /* "nodemask=" in dump_header's line */
	"zoneinfo_format = 4.12", /* 4.8's per-node stats, 4.12's empty zones */
	"vmstat_format = 4.12", /* 4.8's node counters, per-zone allocstall/pgskip */
	"meminfo_format = 4.12", /* ShmemHugePages, ShmemPmdMapped (4.8) */
	NULL,
};

/* 6.12 = 4.12 and, the default: */
static const char *const profile_6_12[] = {
	/*
	 * 4.14 (Jens Axboe, "writeback: only allow one inflight and pending
	 * full flush"): reclaim's start-all work, wb_check_start_all, is
	 * range_cyclic
	 */
	"flusher_wakeup_range = cyclic",
	/* 5.8 (1431d4d11abb, "mm: base LRU balancing on an explicit cost model") */
	"lru_balance = cost",
	/*
	 * pageout waits for a request: may_write_to_inode (4.12 still has
	 * it) and the bdi congestion tests are gone (v5.16+)
	 */
	"may_write_to_queue = off",
	"reclaim_sleep = reclaim_throttle", /* 5.16 */
	"blk_requests = tags", /* 5.0: SCSI disks only through blk-mq */
	/*
	 * 4.10 blk-wbt, on for blk-mq queues by default (wbt_enable_default)
	 * with mq-deadline; CFQ, the legacy queues' default, turned it off
	 */
	"blk_wbt = on",
	/*
	 * 5.5 "sched/fair: Rework load_balance" (Vincent Guittot): balance by
	 * group type and task counts, cpu_load[] gone since 5.0-5.1; the
	 * model's count-based balancer stands for it
	 */
	"sched_load_balance = nr_running",
	"new_anon_lru = inactive", /* 5.9 */
	"mapped_use_once = anon_and_file", /* 5.9: b518154e59aa */
	"refault_activation = all", /* 5.9: anon shadows too */
	"shadow_shrinker = lruvec", /* 4.19: zero-seek (4b85afbdacd2); counts all LRU pages */
	"swap_readahead = vma", /* VMA-based, 4.14 */
	/*
	 * 5.8 "mm: memcontrol: charge swapin pages on instantiation"
	 * (4c6355b25e8b): each readahead page is charged inside the plug
	 * swap readahead holds since 3.6 (3fb5c298b04e)
	 */
	"swap_readahead_plug = loop",
	"full_walk_retry = on", /* 6.10 */
	"empty_memcg_protected = on", /* 45c7f7e1ef17 (2020): emin 0 >= usage 0 */
	"force_deactivate_retry = on", /* 5.9 */
	"cgroup = v2",
	"memcg_high_throttle = penalty", /* 5.4 */
	"memcg_stats = rstat", /* 5.13 */
	"compaction = proactive", /* 5.9 */
	"compact_free_stride = sampled", /* 5.1: 4fca9730c51d */
	"pcp_lists = high_order", /* 5.13 */
	"pcp_high = auto", /* 6.7 */
	"watermark_boost = on", /* 5.0 */
	"lowmem_reserve_empty = none", /* 5.8 */
	"min_free_kbytes_max = 262144", /* 5.7: ee8eb9a5fe86 */
	/*
	 * 5.16 (54d032ced983) added the falling load; 5.19 (Wei Yang, "mm/
	 * page_alloc: add same penalty is enough to get round-robin order")
	 * adds one
	 */
	"zonelist_node_load = accumulate",
	"numa_zonelist_order = node", /* 4.14: c9bff3eebc09 */
	"wmark_movable = capped", /* 6.1 */
	"oom_report = 6.6", /* 4.19's reorganised OOM report, as 6.6 prints it */
	"zoneinfo_format = 6.0", /* cma 5.12, boost 5.16, promo 6.0 */
	/* oom_kill (4.13), workingset by type (5.9), pgscan_anon/file (5.8); KReclaimable, Hugetlb */
	"vmstat_format = 6.12",
	"meminfo_format = 6.12",
	"mmap_miss_hits = not_workingset", /* 6.10: workingset pages are no hits */
	"seq_read_references = skipped", /* 6.3: vma_has_recency */
	"readahead_folios = large", /* 5.18: page_cache_ra_order (xfs 5.18, ext4 6.16) */
	"write_folios = large", /* 6.6: iomap_get_folio fgf_set_order (xfs), ext4 6.16 */
	NULL,
};

/* 6.18 = 6.12 and: */
static const char *const profile_6_18[] = {
	/* the oracle host's 6.18 kernel's files, line for line (_proactive, Balloon) */
	"vmstat_format = 6.18",
	"meminfo_format = 6.18",
	"file_writepage = never", /* 6.17 removed ->writepage */
	/*
	 * 6.13 "block: don't reorder requests in blk_add_rq_to_plug"
	 * (e70c301faece): the size test reads the plug's oldest request
	 */
	"blk_plug_flush_rq = first",
	/*
	 * 6.14 "mm, swap: rework of swap allocator locks" (Kairui Song): every
	 * device allocates from clusters (a rotational one through one
	 * global cluster), a partly used cluster before a free one
	 */
	"swap_alloc = cluster",
	/*
	 * 6.17 "mm/filemap: allow arch to request folio size for exec
	 * memory" (3b61a3f08949): a text miss reads forward within its VMA
	 */
	"mmap_exec_readahead = vma",
	NULL,
};

/* one profile a line, each after its parent */
/* clang-format off */
static const struct kernel_profile kernel_profiles[] = {
	{ "2.6.25", NULL, profile_2_6_25 },
	{ "2.6.28", "2.6.25", profile_2_6_28 },
	{ "2.6.32", "2.6.28", profile_2_6_32 },
	{ "2.6.35", "2.6.32", profile_2_6_35 },
	{ "2.6.35-nodirect", "2.6.35", profile_2_6_35_nodirect },
	{ "3.10", "2.6.35", profile_3_10 },
	{ "4.2", "3.10", profile_4_2 },
	{ "4.5", "4.2", profile_4_5 },
	{ "4.12", "4.5", profile_4_12 },
	{ "6.12", "4.12", profile_6_12 },
	{ "6.18", "6.12", profile_6_18 },
};
/* clang-format on */

/*
 * The effective lines of the profiles with a parent, built on first use:
 * as many as the base's, which every profile's lines replace in place.
 */
static const char *resolved[ARRAY_SIZE(kernel_profiles)][ARRAY_SIZE(profile_2_6_25)];

/* The index of profile @name among the first @nr, or @nr if none. */
static unsigned int profile_index(const char *name, unsigned int nr)
{
	unsigned int i;

	for (i = 0; i < nr; i++)
		if (!strcmp(name, kernel_profiles[i].name))
			break;
	return i;
}

/* The key's length in a "key = value" line. */
static size_t line_key_len(const char *line)
{
	return strcspn(line, " =");
}

/*
 * The effective lines of kernel_profiles[@i]: the base's own, or its
 * parent's with each of its lines in place of the parent's line of the
 * same key.  NULL when the parent is not a profile before it (which
 * test_scenario's check of the profiles reports), so that a misplaced
 * parent cannot make a cycle.
 */
static const char *const *profile_lines(unsigned int i)
{
	const struct kernel_profile *p = &kernel_profiles[i];
	const char **out = resolved[i];
	const char *const *from;
	unsigned int parent;
	size_t n;

	if (!p->parent)
		return p->lines;
	if (out[0])
		return out;
	parent = profile_index(p->parent, i);
	from = parent < i ? profile_lines(parent) : NULL;
	if (!from)
		return NULL;
	for (n = 0; from[n]; n++)
		out[n] = from[n];
	for (const char *const *line = p->lines; *line; line++) {
		size_t len = line_key_len(*line);

		for (n = 0; out[n]; n++)
			if (line_key_len(out[n]) == len && !strncmp(out[n], *line, len))
				out[n] = *line;
	}
	return out;
}

const char *scenario_profile_name(unsigned int i)
{
	if (i >= sizeof(kernel_profiles) / sizeof(kernel_profiles[0]))
		return NULL;
	return kernel_profiles[i].name;
}

const char *const *scenario_profile(const char *name)
{
	unsigned int i = profile_index(name, ARRAY_SIZE(kernel_profiles));

	return i < ARRAY_SIZE(kernel_profiles) ? profile_lines(i) : NULL;
}

const char *const *scenario_profile_changes(const char *name, const char **parent)
{
	unsigned int i = profile_index(name, ARRAY_SIZE(kernel_profiles));

	if (i == ARRAY_SIZE(kernel_profiles))
		return NULL;
	*parent = kernel_profiles[i].parent;
	return kernel_profiles[i].lines;
}

/*
 * The profile lines of @s's kernel that the scenario overrides (a key
 * given in the file or by --set with another value), as "key = value,
 * ..." of the profile's values into @buf; returns how many.  People set a
 * key outside its kernel's range on purpose (an old rule on a new kernel),
 * so it is no error; `run` says so in one line.  A line is overridden when
 * applying it alone, as if given, would change the policy.
 */
int scenario_profile_overrides(const struct scenario *s, char *buf, size_t len)
{
	const char *const *lines = scenario_profile(s->policy.kernel);
	struct scenario *tmp = malloc(sizeof(*tmp));
	size_t at = 0;
	int n = 0;

	buf[0] = '\0';
	if (!lines || !tmp) {
		free(tmp);
		return 0;
	}
	for (; *lines; lines++) {
		char set[CFG_MSG_LEN], err[SCN_ERR_LEN];

		memcpy(tmp, s, sizeof(*tmp));
		snprintf(set, sizeof(set), "policy.%.*s=%s", (int)line_key_len(*lines), *lines,
			 strchr(*lines, '=') + 2);
		if (scenario_set(tmp, set, err, sizeof(err)))
			continue;
		/* the book-keeping of what was given is no policy */
		memcpy(tmp->policy.keys_given, s->policy.keys_given, sizeof(s->policy.keys_given));
		tmp->policy.cgroup_given = s->policy.cgroup_given;
		if (!memcmp(&tmp->policy, &s->policy, sizeof(s->policy)))
			continue;
		at += (size_t)snprintf(buf + at, at < len ? len - at : 0, "%s%s", n ? ", " : "",
				       *lines);
		n++;
	}
	free(tmp);
	return n;
}

/* ------------------------------------------------------------------ */
/* The [policy] kernel key                                             */
/* ------------------------------------------------------------------ */

/*
 * kernel = profile: its lines (profiles.c) through the setters above, but
 * not over a key given explicitly, in the file or by --set, before or
 * after this one (scn_policy.keys_given).
 */
static int set_kernel(struct cfg_ctx *k, void *obj, const char *val)
{
	struct scn_policy *pol = obj;
	const char *const *lines = scenario_profile(val);

	if (!lines) {
		const char *names[32];
		char list[128];
		size_t n = 0;

		while (n < ARRAY_SIZE(names) && scenario_profile_name((unsigned int)n)) {
			names[n] = scenario_profile_name((unsigned int)n);
			n++;
		}
		cfg_list_names(list, sizeof(list), names, n);
		return cfg_fail(k, ": unknown kernel profile '%s' (known: %s)", val, list);
	}
	snprintf(pol->kernel, sizeof(pol->kernel), "%s", val);
	for (; *lines; lines++) {
		char line[CFG_MSG_LEN], msg[CFG_MSG_LEN], *eq, *key, *value;
		struct cfg_ctx pk = *k;
		int idx;

		snprintf(line, sizeof(line), "%s", *lines);
		eq = strchr(line, '=');
		if (!eq)
			return cfg_fail(k, ": profile %s: bad line '%s'", val, *lines);
		*eq = '\0';
		key = cfg_trim(line);
		value = cfg_trim(eq + 1);
		idx = cfg_key_index(k->sd, key);
		if (idx < 0 || k->sd->keys[idx]->set == set_kernel)
			return cfg_fail(k, ": profile %s: %s: not a profile key", val, key);
		if (policy_key_given(pol, cfg_key_canonical(k->sd, idx)))
			continue;
		pk.key = key;
		pk.msg = msg;
		pk.msglen = sizeof(msg);
		if (cfg_apply_key(&pk, k->sd->keys[idx], pol, value))
			return cfg_fail(k, ": profile %s: %s", val, msg);
	}
	return 0;
}

static const struct cfg_key profile_policy_keys[] = {
	{ .name = "kernel",
	  .type = CFG_CUSTOM,
	  .set = set_kernel,
	  .def = "6.12",
	  .range =
		  "2.6.25 \\| 2.6.28 \\| 2.6.32 \\| 2.6.35 \\| 2.6.35-nodirect \\| 3.10 \\| 4.2 \\| 4.5 \\| 4.12 \\| 6.12 \\| 6.18",
	  .doc = "a kernel profile: sets every policy key but reclaim_throttle to that kernel's behaviour (`reclaimsim profile NAME`); keys given explicitly override it" },
};
CFG_TABLE(profile_policy_table, profile_policy_keys);

// SPDX-License-Identifier: MIT
/*
 * profiles.c - the kernel profiles of [policy] kernel = NAME, as data.
 *
 * A profile is the [policy] lines of one kernel, "key = value" in the
 * vocabulary of docs/scenarios.md; `kernel = NAME` applies them through
 * the same setters as the scenario's own lines and --set, and a key the
 * scenario or a --set gives explicitly overrides its profile line, before
 * or after it.  Every profile names every key it sets (the same ones in
 * each), so that switching profiles leaves nothing of the previous one.
 * reclaim_throttle, the 2008 patch of seed 000, is no kernel's and stays
 * out.  `reclaimsim profile NAME` prints one; docs/model.md's table of
 * them is `reclaimsim profile --markdown`.  SPEC.md section 10 has the
 * history each one follows.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "../sim/config.h"
#include "reader.h"

#define ARRAY_SIZE(a) CFG_ARRAY_SIZE(a)

struct kernel_profile {
	const char *name;
	const char *const *lines;
};

/*
 * 2.6.25, seed 000's baseline: the split LRU stands in for the single one.
 * Its kswapd never gave up a high order (balance_pgdat looped until the
 * order's watermark was met; 2.6.29 added the failed-sweep fallback), which
 * the model cannot run without spinning in place; 2.6.25 and 2.6.28 keep
 * kswapd_order_fallback = compact_gap, as seed 004's fragmentation figures
 * were made (failed_sweep moves its order-2 rate by ~3 points).
 */
static const char *const profile_2_6_25[] = {
	"watermark_check = order_walk",
	"max_page_order = 10",
	"skip_zones_lots_free = off",
	"too_many_isolated = off",
	"alloc_retry = no_progress",
	"zone_unreclaimable = all_unreclaimable_lru",
	"reclaim_sleep = congestion_wait",
	"new_anon_lru = active",
	"lazyfree = none",
	"tlb_flush = per_page",
	"swapin_lru = active",
	"swap_readahead = cluster",
	"split_lru = off",
	"memcg_reclaim_stat = off",
	"did_some_progress = reclaimable",
	"memcg_charge_retry = mem_cgroup_charge_common",
	"memcg_stock = off",
	"anon_vma_chain = off",
	"anon_vma_lock = exclusive",
	"full_walk_retry = off",
	"force_deactivate_retry = off",
	"file_writepage = any",
	"direct_writeback = allow",
	"flusher_wakeup = scanned",
	"may_write_to_queue = off",
	"lumpy_reclaim = costly",
	"kswapd_order_fallback = compact_gap",
	"cgroup = v1",
	"memcg_high_throttle = reclaim",
	"memcg_stats = exact",
	"soft_limit_reclaim = none",
	"zone_reclaim = off",
	"compaction = none",
	"pcp_lists = order0",
	"pcp_high = fixed",
	"watermark_boost = off",
	"vmscan_trace_format = 2.6.36",
	"wakeup_kswapd_trace = early",
	"wakeup_kswapd = node_balanced",
	"throttle_vm_writeout = off",
	"dirtyable_memory = free_and_file",
	NULL,
};

/* 2.6.28: the split LRU; swapped-in pages join the inactive list. */
static const char *const profile_2_6_28[] = {
	"watermark_check = order_walk",
	"max_page_order = 10",
	"skip_zones_lots_free = off",
	"too_many_isolated = off",
	"alloc_retry = no_progress",
	"zone_unreclaimable = all_unreclaimable_lru",
	"reclaim_sleep = congestion_wait",
	"new_anon_lru = active",
	"lazyfree = none",
	"tlb_flush = per_page",
	"swapin_lru = inactive",
	"swap_readahead = cluster",
	"split_lru = on",
	"memcg_reclaim_stat = off",
	"did_some_progress = nr_reclaimed",
	"memcg_charge_retry = mem_cgroup_charge_common",
	"memcg_stock = off",
	"anon_vma_chain = off",
	"anon_vma_lock = exclusive",
	"full_walk_retry = off",
	"force_deactivate_retry = off",
	"file_writepage = any",
	"direct_writeback = allow",
	"flusher_wakeup = scanned",
	"may_write_to_queue = off",
	"lumpy_reclaim = on",
	"kswapd_order_fallback = compact_gap",
	"cgroup = v1",
	"memcg_high_throttle = reclaim",
	"memcg_stats = exact",
	"soft_limit_reclaim = none",
	"zone_reclaim = off",
	"compaction = none",
	"pcp_lists = order0",
	"pcp_high = fixed",
	"watermark_boost = off",
	"vmscan_trace_format = 2.6.36",
	"wakeup_kswapd_trace = early",
	"wakeup_kswapd = node_balanced",
	"throttle_vm_writeout = off",
	"dirtyable_memory = free_and_file",
	NULL,
};

/*
 * 2.6.32: too_many_isolated(); memcg reclaim has its anon/file ratio;
 * kswapd's failed-sweep order fallback (2.6.29).
 */
static const char *const profile_2_6_32[] = {
	"watermark_check = order_walk",
	"max_page_order = 10",
	"skip_zones_lots_free = off",
	"too_many_isolated = on",
	"alloc_retry = no_progress",
	"zone_unreclaimable = all_unreclaimable",
	"reclaim_sleep = congestion_wait",
	"new_anon_lru = active",
	"lazyfree = none",
	"tlb_flush = per_page",
	"swapin_lru = inactive",
	"swap_readahead = cluster",
	"split_lru = on",
	"memcg_reclaim_stat = on",
	"did_some_progress = nr_reclaimed",
	"memcg_charge_retry = mem_cgroup_charge_common",
	"memcg_stock = off",
	"anon_vma_chain = off",
	"anon_vma_lock = exclusive",
	"full_walk_retry = off",
	"force_deactivate_retry = off",
	"file_writepage = any",
	"direct_writeback = allow",
	"flusher_wakeup = scanned",
	"may_write_to_queue = off",
	"lumpy_reclaim = on",
	"kswapd_order_fallback = failed_sweep",
	"cgroup = v1",
	"memcg_high_throttle = reclaim",
	"memcg_stats = exact",
	"soft_limit_reclaim = tree",
	"zone_reclaim = off",
	"compaction = none",
	"pcp_lists = order0",
	"pcp_high = fixed",
	"watermark_boost = off",
	"vmscan_trace_format = 2.6.36",
	"wakeup_kswapd_trace = early",
	"wakeup_kswapd = node_balanced",
	"throttle_vm_writeout = off",
	"dirtyable_memory = free_and_file",
	NULL,
};

/*
 * 2.6.35, seed 003's traceonly and stackreduce kernels (Mel Gorman's
 * June 2010 V2 stack; stackreduce moved reclaim's large locals off the
 * stack and simplified shrink_inactive_list without changing a decision,
 * and the model has no stack): the per-CPU charge stock (2.6.33) and
 * anon_vma_chain (2.6.34); zone-based reclaim (no calibration to keep,
 * unlike the older profiles); lumpy reclaim with set_lumpy_reclaim_mode;
 * every reclaimer writes, the flusher kicked from do_try_to_free_pages,
 * and direct reclaim does not write to a congested device
 * (may_write_to_queue, which the older profiles leave off: seed 000 was
 * calibrated without it).  No compaction: 2.6.35 brought CONFIG_COMPACTION
 * but whether the seed's kernels had it is unknown (SPEC-seeds B.4), its
 * figures show lumpy reclaim at work, and the model's compaction is
 * v6.12's, not 2.6.35's.  kswapd keeps a high order until a whole
 * priority sweep fails (kswapd_order_fallback = failed_sweep).
 */
static const char *const profile_2_6_35[] = {
	"watermark_check = order_walk",
	"max_page_order = 10",
	"skip_zones_lots_free = off",
	"too_many_isolated = on",
	"alloc_retry = no_progress",
	"zone_unreclaimable = all_unreclaimable",
	"reclaim_sleep = congestion_wait",
	"new_anon_lru = active",
	"lazyfree = none",
	"tlb_flush = per_page",
	"swapin_lru = inactive",
	"swap_readahead = cluster",
	"split_lru = on",
	"memcg_reclaim_stat = on",
	"did_some_progress = reclaimed_or_reclaimable",
	"memcg_charge_retry = mem_cgroup_charge_common",
	"memcg_stock = on",
	"anon_vma_chain = on",
	"anon_vma_lock = exclusive",
	"full_walk_retry = off",
	"force_deactivate_retry = off",
	"file_writepage = any",
	"direct_writeback = allow",
	"flusher_wakeup = scanned",
	"may_write_to_queue = on",
	"lumpy_reclaim = on",
	"kswapd_order_fallback = failed_sweep",
	"cgroup = v1",
	"memcg_high_throttle = reclaim",
	"memcg_stats = exact",
	"soft_limit_reclaim = tree",
	"zone_reclaim = on",
	"compaction = none",
	"pcp_lists = order0",
	"pcp_high = fixed",
	"watermark_boost = off",
	"vmscan_trace_format = 2.6.36",
	"wakeup_kswapd_trace = early",
	"wakeup_kswapd = zone_low",
	"throttle_vm_writeout = on",
	"dirtyable_memory = free_and_reclaimable",
	NULL,
};

/* seed 003's nodirect: 2.6.35 with the whole V2 series, direct reclaim writes nothing. */
static const char *const profile_2_6_35_nodirect[] = {
	"watermark_check = order_walk",
	"max_page_order = 10",
	"skip_zones_lots_free = off",
	"too_many_isolated = on",
	"alloc_retry = no_progress",
	"zone_unreclaimable = all_unreclaimable",
	"reclaim_sleep = congestion_wait",
	"new_anon_lru = active",
	"lazyfree = none",
	"tlb_flush = per_page",
	"swapin_lru = inactive",
	"swap_readahead = cluster",
	"split_lru = on",
	"memcg_reclaim_stat = on",
	"did_some_progress = reclaimed_or_reclaimable",
	"memcg_charge_retry = mem_cgroup_charge_common",
	"memcg_stock = on",
	"anon_vma_chain = on",
	"anon_vma_lock = exclusive",
	"full_walk_retry = off",
	"force_deactivate_retry = off",
	"file_writepage = any",
	"direct_writeback = deny",
	"flusher_wakeup = scanned",
	"may_write_to_queue = on",
	"lumpy_reclaim = on",
	"kswapd_order_fallback = failed_sweep",
	"cgroup = v1",
	"memcg_high_throttle = reclaim",
	"memcg_stats = exact",
	"soft_limit_reclaim = tree",
	"zone_reclaim = on",
	"compaction = none",
	"pcp_lists = order0",
	"pcp_high = fixed",
	"watermark_boost = off",
	"vmscan_trace_format = 2.6.36",
	"wakeup_kswapd_trace = early",
	"wakeup_kswapd = zone_low",
	"throttle_vm_writeout = on",
	"dirtyable_memory = free_and_reclaimable",
	NULL,
};

/*
 * 3.10, seed 002's base kernel: 4.2's but for congestion_wait (3.11
 * brought wait_iff_congested) and the slot-cluster swap readahead (3.14
 * brought blocks); zone-based reclaim with the soft-limit tree per zone.
 * The other profiles before 4.8 but 2.6.35 keep node-based reclaim
 * (zone_reclaim = off) and v6.12's kswapd wake-up (wakeup_kswapd =
 * node_balanced), as they were calibrated: the keys can be set in a
 * scenario.  throttle_vm_writeout (2.6.x..4.10) and the dirtyable anon
 * pages (dirtyable_memory = free_and_reclaimable, 2.6.x..3.13) are in the
 * 2.6.35 profiles only, for the same reason (3.10 was calibrated without
 * them).  Seed 002 was calibrated with the v4.11 file writeback rule
 * too: with 3.10's own (file_writepage = kswapd_priority) the model,
 * lacking 3.10's wait on pages under writeback in shrink_inactive_list,
 * rescans the dd's dirty pages (pgscan x 10-30, dd's system time x 4-7).
 * The 3.2..3.10 rule stays a key.  kswapd_order_fallback = compact_gap
 * stands in for 3.10's compaction-aware kswapd, which checked a zone at
 * order 0 once compaction could make the block; not compared further.
 */
static const char *const profile_3_10[] = {
	"watermark_check = order_walk",
	"max_page_order = 10",
	"skip_zones_lots_free = off",
	"too_many_isolated = on",
	"alloc_retry = no_progress",
	"zone_unreclaimable = all_unreclaimable",
	"reclaim_sleep = congestion_wait",
	"new_anon_lru = active",
	"lazyfree = none",
	"tlb_flush = per_page",
	"swapin_lru = inactive",
	"swap_readahead = cluster",
	"split_lru = on",
	"memcg_reclaim_stat = on",
	"did_some_progress = nr_reclaimed",
	"memcg_charge_retry = mem_cgroup_charge_common",
	"memcg_stock = on",
	"anon_vma_chain = on",
	"anon_vma_lock = read",
	"full_walk_retry = off",
	"force_deactivate_retry = off",
	"file_writepage = kswapd",
	"direct_writeback = allow",
	"flusher_wakeup = scanned",
	"may_write_to_queue = off",
	"lumpy_reclaim = off",
	"kswapd_order_fallback = compact_gap",
	"cgroup = v1",
	"memcg_high_throttle = reclaim",
	"memcg_stats = exact",
	"soft_limit_reclaim = tree",
	"zone_reclaim = on",
	"compaction = direct",
	"pcp_lists = order0",
	"pcp_high = fixed",
	"watermark_boost = off",
	"vmscan_trace_format = mainline",
	"wakeup_kswapd_trace = late",
	"wakeup_kswapd = zone_low",
	"throttle_vm_writeout = off",
	"dirtyable_memory = free_and_file",
	NULL,
};

/*
 * 4.2: the last kernel flushing the TLB page by page in reclaim; since
 * 3.11 reclaim naps only through wait_iff_congested.  (The model keeps
 * the 2.6.25 memcg charge rules here and in 4.5, as before the keys were
 * split.)
 */
static const char *const profile_4_2[] = {
	"watermark_check = order_walk",
	"max_page_order = 10",
	"skip_zones_lots_free = off",
	"too_many_isolated = on",
	"alloc_retry = no_progress",
	"zone_unreclaimable = all_unreclaimable",
	"reclaim_sleep = wait_iff_congested",
	"new_anon_lru = active",
	"lazyfree = none",
	"tlb_flush = per_page",
	"swapin_lru = inactive",
	"swap_readahead = block",
	"split_lru = on",
	"memcg_reclaim_stat = on",
	"did_some_progress = nr_reclaimed",
	"memcg_charge_retry = mem_cgroup_charge_common",
	"memcg_stock = on",
	"anon_vma_chain = on",
	"anon_vma_lock = read",
	"full_walk_retry = off",
	"force_deactivate_retry = off",
	"file_writepage = kswapd_dirty_zone",
	"direct_writeback = allow",
	"flusher_wakeup = scanned",
	"may_write_to_queue = off",
	"lumpy_reclaim = off",
	"kswapd_order_fallback = compact_gap",
	"cgroup = v1",
	"memcg_high_throttle = reclaim",
	"memcg_stats = exact",
	"soft_limit_reclaim = tree",
	"zone_reclaim = off",
	"compaction = direct",
	"pcp_lists = order0",
	"pcp_high = fixed",
	"watermark_boost = off",
	"vmscan_trace_format = mainline",
	"wakeup_kswapd_trace = late",
	"wakeup_kswapd = node_balanced",
	"throttle_vm_writeout = off",
	"dirtyable_memory = free_and_file",
	NULL,
};

/* 4.5: MADV_FREE arrives, lazyfree pages stay on the anon LRU. */
static const char *const profile_4_5[] = {
	"watermark_check = modern",
	"max_page_order = 10",
	"skip_zones_lots_free = off",
	"too_many_isolated = on",
	"alloc_retry = no_progress",
	"zone_unreclaimable = all_unreclaimable",
	"reclaim_sleep = wait_iff_congested",
	"new_anon_lru = active",
	"lazyfree = anon_lru",
	"tlb_flush = batched",
	"swapin_lru = inactive",
	"swap_readahead = block",
	"split_lru = on",
	"memcg_reclaim_stat = on",
	"did_some_progress = nr_reclaimed",
	"memcg_charge_retry = mem_cgroup_charge_common",
	"memcg_stock = on",
	"anon_vma_chain = on",
	"anon_vma_lock = read",
	"full_walk_retry = off",
	"force_deactivate_retry = off",
	"file_writepage = kswapd_dirty_zone",
	"direct_writeback = allow",
	"flusher_wakeup = scanned",
	"may_write_to_queue = off",
	"lumpy_reclaim = off",
	"kswapd_order_fallback = compact_gap",
	"cgroup = v1",
	"memcg_high_throttle = reclaim",
	"memcg_stats = exact",
	"soft_limit_reclaim = tree",
	"zone_reclaim = off",
	"compaction = direct",
	"pcp_lists = order0",
	"pcp_high = fixed",
	"watermark_boost = off",
	"vmscan_trace_format = mainline",
	"wakeup_kswapd_trace = late",
	"wakeup_kswapd = node_balanced",
	"throttle_vm_writeout = off",
	"dirtyable_memory = free_and_file",
	NULL,
};

/* 4.12: lazyfree pages on the inactive file list; kswapd_failures. */
static const char *const profile_4_12[] = {
	"watermark_check = modern",
	"max_page_order = 10",
	"skip_zones_lots_free = off",
	"too_many_isolated = on",
	"alloc_retry = should_reclaim_retry",
	"zone_unreclaimable = kswapd_failures",
	"reclaim_sleep = wait_iff_congested",
	"new_anon_lru = active",
	"lazyfree = inactive_file",
	"tlb_flush = batched",
	"swapin_lru = inactive",
	"swap_readahead = block",
	"split_lru = on",
	"memcg_reclaim_stat = on",
	"did_some_progress = nr_reclaimed",
	"memcg_charge_retry = try_charge_memcg",
	"memcg_stock = on",
	"anon_vma_chain = on",
	"anon_vma_lock = read",
	"full_walk_retry = off",
	"force_deactivate_retry = off",
	"file_writepage = kswapd",
	"direct_writeback = allow",
	"flusher_wakeup = unqueued_dirty",
	"may_write_to_queue = off",
	"lumpy_reclaim = off",
	"kswapd_order_fallback = compact_gap",
	"cgroup = v1",
	"memcg_high_throttle = reclaim",
	"memcg_stats = exact",
	"soft_limit_reclaim = tree",
	"zone_reclaim = off",
	"compaction = kcompactd",
	"pcp_lists = order0",
	"pcp_high = fixed",
	"watermark_boost = off",
	"vmscan_trace_format = mainline",
	"wakeup_kswapd_trace = late",
	"wakeup_kswapd = node_balanced",
	"throttle_vm_writeout = off",
	"dirtyable_memory = free_and_file",
	NULL,
};

/* 6.12, the default: VMA-based swap readahead (4.14+), reclaim_throttle (5.16+). */
static const char *const profile_6_12[] = {
	"watermark_check = modern",
	"max_page_order = 10",
	"skip_zones_lots_free = off",
	"too_many_isolated = on",
	"alloc_retry = should_reclaim_retry",
	"zone_unreclaimable = kswapd_failures",
	"reclaim_sleep = reclaim_throttle",
	"new_anon_lru = inactive",
	"lazyfree = inactive_file",
	"tlb_flush = batched",
	"swapin_lru = inactive",
	"swap_readahead = vma",
	"split_lru = on",
	"memcg_reclaim_stat = on",
	"did_some_progress = nr_reclaimed",
	"memcg_charge_retry = try_charge_memcg",
	"memcg_stock = on",
	"anon_vma_chain = on",
	"anon_vma_lock = read",
	"full_walk_retry = on",
	"force_deactivate_retry = on",
	"file_writepage = kswapd",
	"direct_writeback = allow",
	"flusher_wakeup = unqueued_dirty",
	"may_write_to_queue = off",
	"lumpy_reclaim = off",
	"kswapd_order_fallback = compact_gap",
	"cgroup = v2",
	"memcg_high_throttle = penalty",
	"memcg_stats = rstat",
	"soft_limit_reclaim = tree",
	"zone_reclaim = off",
	"compaction = proactive",
	"pcp_lists = high_order",
	"pcp_high = auto",
	"watermark_boost = on",
	"vmscan_trace_format = mainline",
	"wakeup_kswapd_trace = late",
	"wakeup_kswapd = node_balanced",
	"throttle_vm_writeout = off",
	"dirtyable_memory = free_and_file",
	NULL,
};

/* 6.18: 6.17 removed ->writepage, reclaim never writes file pages. */
static const char *const profile_6_18[] = {
	"watermark_check = modern",
	"max_page_order = 10",
	"skip_zones_lots_free = off",
	"too_many_isolated = on",
	"alloc_retry = should_reclaim_retry",
	"zone_unreclaimable = kswapd_failures",
	"reclaim_sleep = reclaim_throttle",
	"new_anon_lru = inactive",
	"lazyfree = inactive_file",
	"tlb_flush = batched",
	"swapin_lru = inactive",
	"swap_readahead = vma",
	"split_lru = on",
	"memcg_reclaim_stat = on",
	"did_some_progress = nr_reclaimed",
	"memcg_charge_retry = try_charge_memcg",
	"memcg_stock = on",
	"anon_vma_chain = on",
	"anon_vma_lock = read",
	"full_walk_retry = on",
	"force_deactivate_retry = on",
	"file_writepage = never",
	"direct_writeback = allow",
	"flusher_wakeup = unqueued_dirty",
	"may_write_to_queue = off",
	"lumpy_reclaim = off",
	"kswapd_order_fallback = compact_gap",
	"cgroup = v2",
	"memcg_high_throttle = penalty",
	"memcg_stats = rstat",
	"soft_limit_reclaim = tree",
	"zone_reclaim = off",
	"compaction = proactive",
	"pcp_lists = high_order",
	"pcp_high = auto",
	"watermark_boost = on",
	"vmscan_trace_format = mainline",
	"wakeup_kswapd_trace = late",
	"wakeup_kswapd = node_balanced",
	"throttle_vm_writeout = off",
	"dirtyable_memory = free_and_file",
	NULL,
};

/* one profile a line */
/* clang-format off */
static const struct kernel_profile kernel_profiles[] = {
	{ "2.6.25", profile_2_6_25 },
	{ "2.6.28", profile_2_6_28 },
	{ "2.6.32", profile_2_6_32 },
	{ "2.6.35", profile_2_6_35 },
	{ "2.6.35-nodirect", profile_2_6_35_nodirect },
	{ "3.10", profile_3_10 },
	{ "4.2", profile_4_2 },
	{ "4.5", profile_4_5 },
	{ "4.12", profile_4_12 },
	{ "6.12", profile_6_12 },
	{ "6.18", profile_6_18 },
};
/* clang-format on */

const char *scenario_profile_name(unsigned int i)
{
	if (i >= sizeof(kernel_profiles) / sizeof(kernel_profiles[0]))
		return NULL;
	return kernel_profiles[i].name;
}

const char *const *scenario_profile(const char *name)
{
	for (unsigned int i = 0; scenario_profile_name(i); i++)
		if (!strcmp(name, kernel_profiles[i].name))
			return kernel_profiles[i].lines;
	return NULL;
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
		if (pol->keys_given & (1ULL << cfg_key_canonical(k->sd, idx)))
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

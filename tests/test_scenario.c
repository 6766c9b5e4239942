// SPDX-License-Identifier: MIT
/*
 * test_scenario.c - the scenario parser: every key, the defaults, --set,
 * and the exact "FILE:LINE: message" of each kind of bad input.
 */
#include "testutil.h"

#include <glob.h>
#include <unistd.h>

#include "config/reader.h"
#include "config/host.h"
#include "mm/page_alloc.h"
#include "cli/default_scenario.h"
#include "workload/anon_fill.h"
#include "workload/file_stream.h"
#include "workload/hotset_stream.h"
#include "workload/stress_highalloc.h"
#include "workload/text_loop.h"
#include "workload/workload_types.h"

/* a workload's parameters, as its type declares them */
#define AF(w) WL_PARAMS(struct anon_fill_params, w)
#define FS(w) WL_PARAMS(struct file_stream_params, w)
#define HS(w) WL_PARAMS(struct hotset_stream_params, w)
#define TL(w) WL_PARAMS(struct text_loop_params, w)

#define KiB 1024ULL
#define MiB (1024 * KiB)
#define GiB (1024 * MiB)

static struct scenario scn; /* large: keep it off the stack */
static char err[SCN_ERR_LEN];

/* Load @text as "t.ini" and expect failure with exactly @msg. */
static void expect_error(const char *text, const char *msg)
{
	int ret;

	err[0] = '\0';
	ret = scenario_load_string(&scn, "t.ini", text, err, sizeof(err));
	if (ret == 0)
		ret = scenario_validate(&scn, err, sizeof(err));
	if (ret == 0 || strcmp(err, msg))
		print_error("text:\n%s\nexpected: %s\n     got: %s (ret %d)\n", text, msg, err,
			    ret);
	assert_int_not_equal(ret, 0);
	assert_string_equal(err, msg);
}

static void load_ok(const char *text)
{
	int ret = scenario_load_string(&scn, "t.ini", text, err, sizeof(err));

	if (ret)
		print_error("%s\n", err);
	assert_int_equal(ret, 0);
	ret = scenario_validate(&scn, err, sizeof(err));
	if (ret)
		print_error("%s\n", err);
	assert_int_equal(ret, 0);
}

static void set_ok(const char *assignment)
{
	int ret = scenario_set(&scn, assignment, err, sizeof(err));

	if (ret)
		print_error("%s\n", err);
	assert_int_equal(ret, 0);
}

static void set_error(const char *assignment, const char *msg)
{
	err[0] = '\0';
	assert_int_not_equal(scenario_set(&scn, assignment, err, sizeof(err)), 0);
	assert_string_equal(err, msg);
}

/* @assignment is taken, and validation names it with exactly @msg. */
static void set_error_validate(const char *assignment, const char *msg)
{
	set_ok(assignment);
	err[0] = '\0';
	assert_int_not_equal(scenario_validate(&scn, err, sizeof(err)), 0);
	assert_string_equal(err, msg);
}

/* ---- value parsers ---- */

/* cfg_note_unprintable: the first byte that is not printable ASCII, by column. */
static void test_note_unprintable(void **state)
{
	char msg[128];

	(void)state;
	snprintf(msg, sizeof(msg), "bad");
	cfg_note_unprintable(msg, sizeof(msg), "a =\t1", 5);
	assert_string_equal(msg, "bad"); /* a tab is fine */
	cfg_note_unprintable(msg, sizeof(msg), "64M\xc2\xa0", 5);
	assert_string_equal(
		msg, "bad (column 4 holds U+00A0, not printable ASCII: an invisible character?)");
	snprintf(msg, sizeof(msg), "bad");
	cfg_note_unprintable(msg, sizeof(msg), "x\xe2\x80\x8b", 4); /* zero-width space */
	assert_string_equal(
		msg, "bad (column 2 holds U+200B, not printable ASCII: an invisible character?)");
	snprintf(msg, sizeof(msg), "bad");
	cfg_note_unprintable(msg, sizeof(msg), "\xf0\x9f\x98\x80", 4);
	assert_string_equal(
		msg, "bad (column 1 holds U+1F600, not printable ASCII: an invisible character?)");
	snprintf(msg, sizeof(msg), "bad");
	cfg_note_unprintable(msg, sizeof(msg), "ab\xa0", 3); /* Latin-1, not UTF-8 */
	assert_string_equal(msg, "bad (column 3 holds the byte 0xA0, not printable ASCII)");
	snprintf(msg, sizeof(msg), "bad");
	cfg_note_unprintable(msg, sizeof(msg), "\xc2", 1); /* a sequence cut short */
	assert_string_equal(msg, "bad (column 1 holds the byte 0xC2, not printable ASCII)");
	snprintf(msg, sizeof(msg), "bad");
	cfg_note_unprintable(msg, sizeof(msg), "1\x7f", 2);
	assert_string_equal(msg, "bad (column 2 holds the byte 0x7F, not printable ASCII)");
}

static void test_parse_size(void **state)
{
	u64 v;

	assert_int_equal(parse_size("0", 4096, &v, err, sizeof(err)), 0);
	assert_int_equal(v, 0);
	assert_int_equal(parse_size("4096", 4096, &v, err, sizeof(err)), 0);
	assert_int_equal(v, 4096);
	assert_int_equal(parse_size("16K", 0, &v, err, sizeof(err)), 0);
	assert_int_equal(v, 16 * KiB);
	assert_int_equal(parse_size("16KiB", 0, &v, err, sizeof(err)), 0);
	assert_int_equal(v, 16 * KiB);
	assert_int_equal(parse_size("16KB", 0, &v, err, sizeof(err)), 0);
	assert_int_equal(v, 16 * KiB);
	assert_int_equal(parse_size("3G", 0, &v, err, sizeof(err)), 0);
	assert_int_equal(v, 3 * GiB);
	assert_int_equal(parse_size("1.5G", 0, &v, err, sizeof(err)), 0);
	assert_int_equal(v, 3 * GiB / 2);
	assert_int_equal(parse_size("2T", 0, &v, err, sizeof(err)), 0);
	assert_int_equal(v, 2048 * GiB);
	assert_int_equal(parse_size("3840p", 4096, &v, err, sizeof(err)), 0);
	assert_int_equal(v, 3840ULL * 4096);
	assert_int_equal(parse_size("10p", 16384, &v, err, sizeof(err)), 0);
	assert_int_equal(v, 163840);

	assert_int_not_equal(parse_size("12Q", 4096, &v, err, sizeof(err)), 0);
	assert_string_equal(err, "bad size '12Q' (expected a number with K/M/G/T suffix)");
	assert_int_not_equal(parse_size("-5M", 4096, &v, err, sizeof(err)), 0);
	assert_string_equal(err, "bad size '-5M' (sizes cannot be negative)");
	assert_int_not_equal(parse_size("3p", 0, &v, err, sizeof(err)), 0);
	assert_string_equal(err, "bad size '3p' (a page count needs the page size)");
	assert_int_not_equal(parse_size("0.3K", 0, &v, err, sizeof(err)), 0);
	assert_string_equal(err, "bad size '0.3K' (not a whole number of bytes)");
	assert_int_not_equal(parse_size("99999999999T", 0, &v, err, sizeof(err)), 0);
	assert_string_equal(err, "bad size '99999999999T' (too large)");
	assert_int_not_equal(parse_size("", 0, &v, err, sizeof(err)), 0);
	assert_int_not_equal(parse_size("M", 0, &v, err, sizeof(err)), 0);
	assert_int_not_equal(parse_size("1MM", 0, &v, err, sizeof(err)), 0);
}

static void test_parse_time(void **state)
{
	u64 v;

	assert_int_equal(parse_time("800ns", &v, err, sizeof(err)), 0);
	assert_int_equal(v, 800);
	assert_int_equal(parse_time("100us", &v, err, sizeof(err)), 0);
	assert_int_equal(v, 100000);
	assert_int_equal(parse_time("4ms", &v, err, sizeof(err)), 0);
	assert_int_equal(v, 4000000);
	assert_int_equal(parse_time("1.5s", &v, err, sizeof(err)), 0);
	assert_int_equal(v, 1500000000);
	assert_int_equal(parse_time("0", &v, err, sizeof(err)), 0);
	assert_int_equal(v, 0);

	assert_int_not_equal(parse_time("5", &v, err, sizeof(err)), 0);
	assert_string_equal(err, "bad time '5' (expected a number with ns/us/ms/s suffix)");
	assert_int_not_equal(parse_time("5min", &v, err, sizeof(err)), 0);
	assert_string_equal(err, "bad time '5min' (expected a number with ns/us/ms/s suffix)");
	assert_int_not_equal(parse_time("-1s", &v, err, sizeof(err)), 0);
	assert_string_equal(err, "bad time '-1s' (times cannot be negative)");
	assert_int_not_equal(parse_time("1.5ns", &v, err, sizeof(err)), 0);
	assert_string_equal(err, "bad time '1.5ns' (finer than 1 ns)");
}

/* ---- defaults ---- */

static void test_defaults(void **state)
{
	scenario_defaults(&scn);
	assert_string_equal(scn.path, "(built-in)");
	assert_false(scn.machine.from_host);
	assert_int_equal(scn.machine.cpus, 8);
	assert_int_equal(scn.machine.nodes, 1);
	assert_int_equal(scn.machine.memory, 8 * GiB);
	assert_int_equal(scn.machine.page_size, 4096);
	assert_int_equal(scn.machine.nr_zones, 0);
	assert_int_equal(scn.machine.swap, 0);
	assert_int_equal(scn.machine.swap_dev.latency_ns, 100000);
	assert_int_equal(scn.machine.swap_dev.bandwidth, 500 * MiB);
	assert_int_equal(scn.machine.swap_dev.depth, 32);
	assert_int_equal(scn.machine.disk_dev.latency_ns, 100000);
	assert_int_equal(scn.machine.disk_dev.bandwidth, 500 * MiB);
	assert_int_equal(scn.machine.disk_dev.depth, 32);
	assert_int_equal(scn.machine.read_ahead, 128 * KiB);

	assert_int_equal(scn.sysctl.min_free_kbytes, -1);
	assert_int_equal(scn.sysctl.watermark_scale_factor, 10);
	assert_int_equal(scn.sysctl.watermark_boost_factor, 15000);
	assert_int_equal(scn.sysctl.swappiness, 60);
	assert_int_equal(scn.sysctl.dirty_ratio, 20);
	assert_int_equal(scn.sysctl.dirty_background_ratio, 10);
	assert_int_equal(scn.sysctl.dirty_expire_ns, 30 * NSEC_PER_SEC);
	assert_int_equal(scn.sysctl.dirty_writeback_ns, 5 * NSEC_PER_SEC);
	assert_int_equal(scn.sysctl.page_cluster, 3);
	assert_int_equal(scn.sysctl.nr_lowmem_reserve_ratio, 0);
	assert_int_equal(lowmem_reserve_ratio_of(&scn, ZONE_DMA), 256);
	assert_int_equal(lowmem_reserve_ratio_of(&scn, ZONE_DMA32), 256);
	assert_int_equal(lowmem_reserve_ratio_of(&scn, ZONE_NORMAL), 32);
	assert_int_equal(lowmem_reserve_ratio_of(&scn, ZONE_MOVABLE), 0);
	assert_int_equal(lowmem_reserve_ratio_of(&scn, ZONE_DEVICE), 0);
	assert_true(scn.sysctl.thp);

	assert_string_equal(scn.policy.kernel, "6.12");
	assert_int_equal(scn.policy.watermark_check, WMARK_CHECK_MODERN);

	/* bench/results/calibrate.txt */
	assert_int_equal(scn.cost.user_touch_ns, 28);
	assert_int_equal(scn.cost.fault_ns, 1236);
	assert_int_equal(scn.cost.zero_page_ns, 211);
	assert_int_equal(scn.cost.copy_page_ns, 426);
	assert_int_equal(scn.cost.alloc_ns, 150);
	assert_int_equal(scn.cost.free_ns, 68);
	assert_int_equal(scn.cost.lru_lock_ns, 150);
	assert_int_equal(scn.cost.scan_page_ns, 200);
	assert_int_equal(scn.cost.rmap_ns, 300);
	assert_int_equal(scn.cost.rmap_vma_ns, 300);
	assert_int_equal(scn.cost.swap_slot_ns, 300);
	assert_int_equal(scn.cost.syscall_ns, 170);
	assert_int_equal(scn.cost.context_switch_ns, 2310);
	assert_int_equal(scn.cost.io_switch_ns, 1300);
	assert_int_equal(scn.cost.swapin_major_ns, 3870);
	assert_int_equal(scn.cost.swapin_page_ns, 1000);
	assert_int_equal(scn.cost.charge_ns, 50);
	assert_int_equal(scn.cost.pagecache_insert_ns, 266);
	assert_int_equal(scn.policy.sched_hz, 250);
	assert_int_equal(scn.policy.sched_latency_ns, 6 * NSEC_PER_MSEC);
	assert_int_equal(scn.policy.sched_min_granularity_ns, 750 * NSEC_PER_USEC);

	assert_int_equal(scn.nr_cgroups, 0);
	assert_int_equal(scn.nr_workloads, 0);
	assert_int_equal(scn.run.seed, 1);
	assert_int_equal(scn.run.duration_ns, 600 * NSEC_PER_SEC);
	assert_int_equal(scn.run.sample_interval_ns, 100 * NSEC_PER_MSEC);
	assert_int_equal(scenario_validate(&scn, err, sizeof(err)), 0);
}

/* Defaults of the named sections, and the type taken from the name. */
static void test_section_defaults(void **state)
{
	load_ok("[cgroup box]\n"
		"[workload anon_fill]\n"
		"size = 1M\n"
		"[workload hotset_stream]\n"
		"hot = 1M\n"
		"stream = 2M\n");
	assert_int_equal(scn.nr_cgroups, 1);
	assert_string_equal(scn.cgroups[0].name, "box");
	assert_string_equal(scn.cgroups[0].parent, "/");
	assert_int_equal(scn.cgroups[0].limit, U64_MAX);
	assert_int_equal(scn.cgroups[0].memsw_limit, U64_MAX);
	assert_int_equal(scn.cgroups[0].swappiness, -1);
	assert_int_equal(scn.cgroups[0].line, 1);
	assert_int_equal(scn.nr_workloads, 2);
	assert_int_equal(scn.workloads[0].type, WL_ANON_FILL);
	assert_string_equal(scn.workloads[0].cgroup, "");
	assert_int_equal(scn.workloads[0].start_ns, 0);
	assert_int_equal(scn.workloads[0].tasks, 1);
	assert_int_equal(AF(&scn.workloads[0])->passes, 3);
	assert_false(AF(&scn.workloads[0])->random);
	assert_true(AF(&scn.workloads[0])->touch_write);
	assert_int_equal(scn.workloads[0].line, 2);
	assert_int_equal(scn.workloads[1].type, WL_HOTSET_STREAM);
	assert_int_equal(HS(&scn.workloads[1])->every, 64 * MiB);
	assert_int_equal(HS(&scn.workloads[1])->warm_passes, 2);
	assert_int_equal(HS(&scn.workloads[1])->block, 1 * MiB);
	assert_int_equal(scn.workloads[1].line, 4);
}

/* ---- every key ---- */

static const char all_keys[] = "; every key of every section\n"
			       "[machine]\n"
			       "from = host\n"
			       "cpus = 16\n"
			       "nodes = 2\n"
			       "memory = 16G\n"
			       "zones = DMA:16M, DMA32:3G, Normal:rest\n"
			       "page_size = 8K\n"
			       "swap = 2G\n"
			       "swap_device = hdd\n"
			       "swap_depth = 4\n"
			       "disk_device = nvme\n"
			       "disk_latency = 50us\n"
			       "disk_bandwidth = 1G/s\n"
			       "disk_depth = 64\n"
			       "read_ahead = 256K\n"
			       "\n"
			       "[sysctl]\n"
			       "min_free_kbytes = 67584\n"
			       "watermark_scale_factor = 200\n"
			       "watermark_boost_factor = 0\n"
			       "swappiness = 100\n"
			       "dirty_ratio = 40\n"
			       "dirty_background_ratio = 5\n"
			       "dirty_expire_centisecs = 1500\n"
			       "dirty_writeback_centisecs = 250\n"
			       "page-cluster = 0\n"
			       "lowmem_reserve_ratio = 128 64 16 8 4\n"
			       "thp = never\n"
			       "\n"
			       "[policy]\n"
			       "watermark_check = order_walk\n"
			       "kernel = 6.18\n"
			       "\n"
			       "[cost]\n"
			       "user_touch_ns = 21ns\n"
			       "fault_ns = 1us\n"
			       "zero_page_ns = 401ns\n"
			       "copy_page_ns = 301ns\n"
			       "alloc_ns = 151ns\n"
			       "free_ns = 101ns\n"
			       "lru_lock_ns = 41ns\n"
			       "scan_page_ns = 0.2us\n"
			       "rmap_ns = 302\tns\n"
			       "swap_slot_ns = 303ns\n"
			       "syscall_ns = 204ns\n"
			       "charge_ns = 55ns\n"
			       "pagecache_insert_ns = 1.5us\n"
			       "tlb_ipi_ns = 3ms\n"
			       "\n"
			       "[cgroup child]\n"
			       "parent = box\n"
			       "limit = 64M\n"
			       "cgroup = v1\n"
			       "swappiness = inherit\n"
			       "\n"
			       "[cgroup box]\n"
			       "cgroup = v1\n"
			       "limit = 4096p\n"
			       "memsw_limit = 48M\n"
			       "swappiness = 10\n"
			       "\n"
			       "[workload fill]\n"
			       "cgroup = child\n"
			       "start = 1.5s\n"
			       "tasks = 4\n"
			       "size = 192M\n"
			       "passes = 5\n"
			       "pattern = rand\n"
			       "touch = read\n"
			       "type = anon_fill\n"
			       "\n"
			       "[workload writer]\n"
			       "type = file_write\n"
			       "cgroup = box\n"
			       "size = 256M\n"
			       "block = 64K\n"
			       "\n"
			       "[workload reader]\n"
			       "type = file_read\n"
			       "size = 1G\n"
			       "block = 4K\n"
			       "count = 7\n"
			       "\n"
			       "[workload hotread]\n"
			       "type = hotset_stream\n"
			       "cgroup = /\n"
			       "hot = 28M\n"
			       "stream = 512M\n"
			       "every = 32M\n"
			       "warm_passes = 3\n"
			       "block = 128K\n"
			       "\n"
			       "[run]\n"
			       "seed = 18446744073709551615\n"
			       "duration = 90s\n"
			       "sample_interval = 20ms\n";

/* A kernel profile sets every policy; single keys override, in any order. */
static void test_profiles(void **state)
{
	load_ok("[policy]\nkernel = 2.6.25\n");
	assert_int_equal(scn.policy.watermark_check, WMARK_CHECK_ORDER_WALK);
	assert_false(scn.policy.too_many_isolated);
	assert_true(scn.policy.alloc_no_progress_oom);
	assert_true(scn.policy.all_unreclaimable);
	assert_true(scn.policy.congestion_wait);
	assert_true(scn.policy.new_anon_active);
	assert_int_equal(scn.policy.reclaim_throttle, RECLAIM_THROTTLE_NONE);

	load_ok("[policy]\ntoo_many_isolated = on\nkernel = 2.6.25\nreclaim_throttle = per_zone\n"
		"reclaim_sleep = reclaim_throttle\n");
	assert_true(scn.policy.too_many_isolated);
	assert_false(scn.policy.congestion_wait);
	assert_true(scn.policy.all_unreclaimable);
	assert_int_equal(scn.policy.reclaim_throttle, RECLAIM_THROTTLE_PER_ZONE);

	load_ok("[policy]\nkernel = 6.12\n");
	assert_true(scn.policy.too_many_isolated);
	assert_false(scn.policy.alloc_no_progress_oom);
	assert_false(scn.policy.all_unreclaimable);
	assert_false(scn.policy.congestion_wait);
	assert_false(scn.policy.new_anon_active);

	set_ok("policy.kernel=2.6.32");
	assert_true(scn.policy.too_many_isolated);
	assert_true(scn.policy.congestion_wait);
	set_ok("policy.reclaim_throttle=global");
	assert_int_equal(scn.policy.reclaim_throttle, RECLAIM_THROTTLE_GLOBAL);
	set_ok("policy.alloc_retry=should_reclaim_retry");
	assert_false(scn.policy.alloc_no_progress_oom);
}

/* The keys every kernel profile sets, in its order (all of [policy] but kernel, reclaim_throttle). */
static const char *const profile_keys[] = {
	"watermark_check",
	"max_page_order",
	"skip_zones_lots_free",
	"too_many_isolated",
	"alloc_retry",
	"compact_retry",
	"zone_unreclaimable",
	"reclaim_sleep",
	"kswapd_nap",
	"new_anon_lru",
	"lazyfree",
	"tlb_flush",
	"swapin_lru",
	"reclaim_free_swap",
	"swapin_free_swap",
	"swap_readahead",
	"swap_readahead_plug",
	"swap_alloc",
	"readahead_gfp",
	"readahead_folios",
	"write_folios",
	"mmap_readahead",
	"mmap_exec_readahead",
	"fault_around_bytes",
	"mmap_miss_hits",
	"seq_read_references",
	"split_lru",
	"memcg_reclaim_stat",
	"did_some_progress",
	"memcg_charge_retry",
	"memcg_stock",
	"anon_vma_chain",
	"anon_vma_lock",
	"i_mmap_lock",
	"full_walk_retry",
	"empty_memcg_protected",
	"force_deactivate_retry",
	"file_writepage",
	"direct_writeback",
	"flusher_wakeup",
	"flusher_wakeup_pages",
	"writeback_rotation",
	"may_write_to_queue",
	"lumpy_reclaim",
	"kswapd_order_fallback",
	"kswapd_short_sleep",
	"kswapd_sleep_order",
	"kswapd_sleep_zones",
	"kswapd_slab",
	"kswapd_sleep_classzone",
	"cgroup",
	"memcg_high_throttle",
	"memcg_stats",
	"soft_limit_reclaim",
	"zone_reclaim",
	"reclaim_distance",
	"zone_reclaim_boot",
	"kswapd_balance",
	"kswapd_balance_gap",
	"compaction",
	"compact_free_stride",
	"pcp_lists",
	"pcp_high",
	"watermark_boost",
	"wmark_gap",
	"wmark_movable",
	"lowmem_reserve_empty",
	"thp_support",
	"min_free_kbytes_max",
	"zonelist_node_load",
	"numa_zonelist_order",
	"swappiness_zero",
	"scan_batch",
	"force_scan",
	"shrink_bail",
	"lru_balance",
	"vm_exec_activation",
	"mapped_use_once",
	"refault_activation",
	"shadow_shrinker",
	"memcg_writeback_wait",
	"vmscan_trace_format",
	"oom_report",
	"zoneinfo_format",
	"vmstat_format",
	"meminfo_format",
	"wakeup_kswapd_trace",
	"wakeup_kswapd",
	"slowpath_wake_kswapd",
	"throttle_vm_writeout",
	"dirtyable_memory",
	"wb_requeue_io",
	"wb_pass_retry",
	"flusher_wakeup_range",
	"wb_work_yield",
	"blk_requests",
	"blk_max_sectors_kb",
	"blk_plug",
	"blk_plug_flush_rq",
	"blk_wbt",
	"sched_hz",
	"sched_latency",
	"sched_min_granularity",
	"sched_wakeup_granularity",
	"sched_tunable_scaling",
	"sched_sleeper_credit",
	"sched_wake_select",
	"sched_next_buddy",
	"sched_load_balance",
};
#define NR_PROFILE_KEYS (sizeof(profile_keys) / sizeof(profile_keys[0]))

/* The policies of @a and @b are the same, but for the keys given. */
static void assert_policy_equal(const struct scn_policy *a, const struct scn_policy *b)
{
	assert_string_equal(a->kernel, b->kernel);
	assert_int_equal(a->watermark_check, b->watermark_check);
	assert_int_equal(a->max_page_order, b->max_page_order);
	assert_int_equal(a->skip_zones_lots_free, b->skip_zones_lots_free);
	assert_int_equal(a->reclaim_throttle, b->reclaim_throttle);
	assert_int_equal(a->too_many_isolated, b->too_many_isolated);
	assert_int_equal(a->alloc_no_progress_oom, b->alloc_no_progress_oom);
	assert_int_equal(a->compact_retry_migrate_mode, b->compact_retry_migrate_mode);
	assert_int_equal(a->all_unreclaimable, b->all_unreclaimable);
	assert_int_equal(a->congestion_wait, b->congestion_wait);
	assert_int_equal(a->wait_iff_congested, b->wait_iff_congested);
	assert_int_equal(a->wait_iff_pageout_congested, b->wait_iff_pageout_congested);
	assert_int_equal(a->new_anon_active, b->new_anon_active);
	assert_int_equal(a->swapin_active, b->swapin_active);
	assert_int_equal(a->swap_readahead, b->swap_readahead);
	assert_int_equal(a->readahead_noretry, b->readahead_noretry);
	assert_int_equal(a->mmap_async_ra, b->mmap_async_ra);
	assert_int_equal(a->fault_around_bytes, b->fault_around_bytes);
	assert_int_equal(a->mmap_miss_workingset, b->mmap_miss_workingset);
	assert_int_equal(a->seq_read_references, b->seq_read_references);
	assert_int_equal(a->lazyfree, b->lazyfree);
	assert_int_equal(a->tlb_flush, b->tlb_flush);
	assert_int_equal(a->split_lru, b->split_lru);
	assert_int_equal(a->memcg_reclaim_stat, b->memcg_reclaim_stat);
	assert_int_equal(a->did_some_progress, b->did_some_progress);
	assert_int_equal(a->memcg_charge, b->memcg_charge);
	assert_int_equal(a->memcg_stock, b->memcg_stock);
	assert_int_equal(a->anon_vma_chain, b->anon_vma_chain);
	assert_int_equal(a->anon_vma_lock_exclusive, b->anon_vma_lock_exclusive);
	assert_int_equal(a->i_mmap_lock_exclusive, b->i_mmap_lock_exclusive);
	assert_int_equal(a->full_walk_retry, b->full_walk_retry);
	assert_int_equal(a->empty_memcg_protected, b->empty_memcg_protected);
	assert_int_equal(a->force_deactivate_retry, b->force_deactivate_retry);
	assert_int_equal(a->file_writepage, b->file_writepage);
	assert_int_equal(a->direct_writeback_deny, b->direct_writeback_deny);
	assert_int_equal(a->flusher_wakeup_scanned, b->flusher_wakeup_scanned);
	assert_int_equal(a->flusher_wakeup_pages_scanned, b->flusher_wakeup_pages_scanned);
	assert_int_equal(a->rotate_inactive_only, b->rotate_inactive_only);
	assert_int_equal(a->may_write_to_queue, b->may_write_to_queue);
	assert_int_equal(a->trace_format, b->trace_format);
	assert_int_equal(a->oom_report, b->oom_report);
	assert_int_equal(a->zoneinfo_format, b->zoneinfo_format);
	assert_int_equal(a->vmstat_format, b->vmstat_format);
	assert_int_equal(a->meminfo_format, b->meminfo_format);
	assert_int_equal(a->trace_wakeup_early, b->trace_wakeup_early);
	assert_int_equal(a->lumpy_reclaim, b->lumpy_reclaim);
	assert_int_equal(a->kswapd_order_failed_sweep, b->kswapd_order_failed_sweep);
	assert_int_equal(a->kswapd_nap, b->kswapd_nap);
	assert_int_equal(a->memcg_writeback_nowait, b->memcg_writeback_nowait);
	assert_int_equal(a->cgroup_dfl, b->cgroup_dfl);
	assert_int_equal(a->memcg_high_penalty, b->memcg_high_penalty);
	assert_int_equal(a->memcg_stats_rstat, b->memcg_stats_rstat);
	assert_int_equal(a->soft_limit_reclaim, b->soft_limit_reclaim);
	assert_int_equal(a->zone_reclaim, b->zone_reclaim);
	assert_int_equal(a->kswapd_balance, b->kswapd_balance);
	assert_int_equal(a->kswapd_gap_high_x8, b->kswapd_gap_high_x8);
	assert_int_equal(a->compaction, b->compaction);
	assert_int_equal(a->compact_free_every_page, b->compact_free_every_page);
	assert_int_equal(a->pcp_lists, b->pcp_lists);
	assert_int_equal(a->pcp_high, b->pcp_high);
	assert_int_equal(a->watermark_boost, b->watermark_boost);
	assert_int_equal(a->sched_hz, b->sched_hz);
	assert_int_equal(a->sched_latency_ns, b->sched_latency_ns);
	assert_int_equal(a->sched_min_granularity_ns, b->sched_min_granularity_ns);
	assert_int_equal(a->sched_wakeup_granularity_ns, b->sched_wakeup_granularity_ns);
	assert_int_equal(a->sched_tunable_scaling, b->sched_tunable_scaling);
	assert_int_equal(a->sched_gentle_fair_sleepers, b->sched_gentle_fair_sleepers);
	assert_int_equal(a->sched_idle_sibling, b->sched_idle_sibling);
	assert_int_equal(a->sched_next_buddy, b->sched_next_buddy);
}

/* The key's length in a "key = value" line. */
static size_t profile_key_len(const char *line)
{
	return strcspn(line, " =");
}

/* The line of @lines with @line's key, or NULL; at most one in @lines. */
static const char *profile_key_line(const char *const *lines, const char *line)
{
	size_t n = profile_key_len(line);
	const char *found = NULL;

	for (; *lines; lines++) {
		if (profile_key_len(*lines) != n || strncmp(*lines, line, n))
			continue;
		assert_null(found);
		found = *lines;
	}
	return found;
}

/*
 * Profile @name as written: the base (the first profile, alone without a
 * parent) has every line; another names a parent before it, and each of
 * its lines changes the value of a key of the parent's, one line a key.
 * Its effective lines are the parent's with those in place.
 */
static void check_profile_changes(unsigned int i, const char *name)
{
	const char *parent = "none";
	const char *const *changes = scenario_profile_changes(name, &parent);
	const char *const *lines, *const *from;
	unsigned int p;
	size_t j;

	assert_non_null(changes);
	if (!i) {
		assert_null(parent);
		assert_ptr_equal(scenario_profile(name), changes);
		return;
	}
	assert_non_null(parent);
	for (p = 0; p < i && strcmp(scenario_profile_name(p), parent); p++)
		;
	if (p == i)
		print_error("profile %s: parent %s is not a profile before it\n", name, parent);
	assert_true(p < i);
	from = scenario_profile(parent);
	lines = scenario_profile(name);
	assert_non_null(changes[0]);
	for (j = 0; changes[j]; j++) {
		const char *was = profile_key_line(from, changes[j]);

		if (!was || !strcmp(was, changes[j]) ||
		    profile_key_line(changes, changes[j]) != changes[j])
			print_error("profile %s: '%s': not a change of a key of %s, once\n", name,
				    changes[j], parent);
		assert_non_null(was);
		assert_string_not_equal(was, changes[j]);
		assert_ptr_equal(profile_key_line(changes, changes[j]), changes[j]);
	}
	for (j = 0; lines[j]; j++) {
		const char *changed = profile_key_line(changes, lines[j]);

		assert_string_equal(lines[j], changed ? changed : from[j]);
	}
	assert_null(from[j]);
}

/*
 * The profiles are data: each changes its parent's lines (the base's
 * at the root), each names every profile key once, in the same order,
 * and applies through the setters; the defaults are the 6.12 one.
 */
static void test_profile_data(void **state)
{
	static struct scenario def;
	char assignment[64];
	const char *parent = "none";
	unsigned int i, nr = 0;

	for (i = 0; scenario_profile_name(i); i++) {
		const char *name = scenario_profile_name(i);
		const char *const *lines;
		size_t j;

		check_profile_changes(i, name);
		lines = scenario_profile(name);
		assert_non_null(lines);
		for (j = 0; lines[j]; j++) {
			size_t n;

			assert_true(j < NR_PROFILE_KEYS);
			n = strlen(profile_keys[j]);
			if (strncmp(lines[j], profile_keys[j], n) ||
			    strncmp(lines[j] + n, " = ", 3))
				print_error("profile %s line %zu: '%s', expected key %s\n", name,
					    j + 1, lines[j], profile_keys[j]);
			assert_int_equal(strncmp(lines[j], profile_keys[j], n), 0);
			assert_int_equal(strncmp(lines[j] + n, " = ", 3), 0);
		}
		assert_int_equal(j, NR_PROFILE_KEYS);
		/* over another profile: it applies without an error */
		scenario_defaults(&scn);
		set_ok("policy.kernel=2.6.25");
		snprintf(assignment, sizeof(assignment), "policy.kernel=%s", name);
		set_ok(assignment);
		assert_string_equal(scn.policy.kernel, name);
		nr++;
	}
	assert_int_equal(nr, 11);
	assert_null(scenario_profile_name(nr));
	assert_null(scenario_profile("5.4"));
	assert_null(scenario_profile_changes("5.4", &parent));
	assert_string_equal(parent, "none");
	assert_string_equal(scenario_profile_name(0), "2.6.25");
	assert_string_equal(scenario_profile_name(3), "2.6.35");
	assert_string_equal(scenario_profile_name(4), "2.6.35-nodirect");
	assert_string_equal(scenario_profile_name(5), "3.10");
	assert_string_equal(scenario_profile_name(10), "6.18");

	/* the defaults are the 6.12 profile, after any other profile too */
	scenario_defaults(&def);
	scenario_defaults(&scn);
	set_ok("policy.kernel=2.6.25");
	set_ok("policy.kernel=6.12");
	assert_policy_equal(&scn.policy, &def.policy);
}

/*
 * 2.6.25's and 2.6.28's reclaim, read in their mm/vmscan.c, page_alloc.c
 * and page-writeback.c: zone by zone (shrink_zones), kswapd until every
 * zone meets its high watermark (balance_pgdat's loop_again), woken per
 * zone of the zonelist below its low watermark (wakeup_kswapd), at
 * restart: only (__alloc_pages), throttle_vm_writeout after each
 * shrink_zone, may_write_to_queue in pageout, and every LRU page
 * dirtyable (determine_dirtyable_memory).
 */
static void check_zone_based_2_6_25(void)
{
	assert_true(scn.policy.zone_reclaim);
	assert_int_equal(scn.policy.kswapd_balance, KSWAPD_BALANCE_ZONES_ALL);
	assert_true(scn.policy.kswapd_gap_high_x8);
	assert_int_equal(scn.policy.wakeup_kswapd, WAKEUP_KSWAPD_ZONE_LOW);
	assert_true(scn.policy.slowpath_wake_restart);
	assert_true(scn.policy.throttle_vm_writeout);
	assert_true(scn.policy.may_write_to_queue);
	assert_int_equal(scn.policy.dirtyable_memory, DIRTYABLE_LRU);
}

/* What the profiles set through the keys that replaced version checks. */
static void test_profile_values(void **state)
{
	load_ok("[policy]\nkernel = 2.6.25\n");
	assert_false(scn.policy.split_lru);
	assert_false(scn.policy.memcg_reclaim_stat);
	assert_int_equal(scn.policy.did_some_progress, PROGRESS_RECLAIMABLE);
	assert_int_equal(scn.policy.memcg_charge, MEMCG_CHARGE_COMMON);
	assert_false(scn.policy.memcg_stock);
	assert_false(scn.policy.anon_vma_chain);
	assert_true(scn.policy.anon_vma_lock_exclusive);
	assert_false(scn.policy.full_walk_retry);
	assert_false(scn.policy.force_deactivate_retry);
	assert_int_equal(scn.policy.file_writepage, FILE_WRITEPAGE_ANY);
	assert_false(scn.policy.direct_writeback_deny);
	assert_true(scn.policy.flusher_wakeup_scanned);
	assert_int_equal(scn.policy.lumpy_reclaim, LUMPY_RECLAIM_COSTLY);
	assert_false(scn.policy.kswapd_order_failed_sweep); /* as seed 004 was made */

	assert_int_equal(scn.policy.soft_limit_reclaim, SOFT_LIMIT_NONE);
	check_zone_based_2_6_25();

	/* seed 003: 2.6.35 (traceonly, stackreduce) and nodirect differ in one key */
	load_ok("[policy]\nkernel = 2.6.35\n");
	assert_int_equal(scn.policy.file_writepage, FILE_WRITEPAGE_ANY);
	assert_false(scn.policy.direct_writeback_deny);
	assert_true(scn.policy.flusher_wakeup_scanned);
	assert_true(scn.policy.flusher_wakeup_pages_scanned);
	assert_int_equal(scn.policy.lumpy_reclaim, LUMPY_RECLAIM_ON);
	assert_true(scn.policy.may_write_to_queue);
	assert_true(scn.policy.memcg_stock);
	assert_true(scn.policy.anon_vma_chain);
	assert_true(scn.policy.zone_reclaim);
	assert_int_equal(scn.policy.did_some_progress, PROGRESS_RECLAIMED_OR_RECLAIMABLE);
	assert_true(scn.policy.kswapd_order_failed_sweep);
	load_ok("[policy]\nkernel = 2.6.35-nodirect\n");
	assert_true(scn.policy.direct_writeback_deny);
	assert_true(scn.policy.kswapd_order_failed_sweep);
	assert_int_equal(scn.policy.did_some_progress, PROGRESS_RECLAIMED_OR_RECLAIMABLE);
	assert_int_equal(scn.policy.lumpy_reclaim, LUMPY_RECLAIM_ON);
	assert_string_equal(scn.policy.kernel, "2.6.35-nodirect");

	/* the file writeback line: 3.2, 3.11, 4.11 */
	load_ok("[policy]\nkernel = 4.2\n");
	assert_int_equal(scn.policy.file_writepage, FILE_WRITEPAGE_KSWAPD_DIRTY_ZONE);
	assert_true(scn.policy.flusher_wakeup_scanned);
	assert_true(scn.policy.flusher_wakeup_pages_scanned);
	assert_int_equal(scn.policy.lumpy_reclaim, LUMPY_RECLAIM_OFF);
	load_ok("[policy]\nkernel = 4.12\n");
	assert_int_equal(scn.policy.file_writepage, FILE_WRITEPAGE_KSWAPD);
	assert_false(scn.policy.flusher_wakeup_scanned);
	assert_false(scn.policy.flusher_wakeup_pages_scanned);

	/* seed 002's base: zone-based reclaim, the soft-limit tree */
	load_ok("[policy]\nkernel = 3.10\n");
	/* 3.2: f84f6e2b0868 */
	assert_int_equal(scn.policy.file_writepage, FILE_WRITEPAGE_KSWAPD_PRIORITY);
	assert_false(scn.policy.kswapd_order_failed_sweep);
	assert_int_equal(scn.policy.lumpy_reclaim, LUMPY_RECLAIM_OFF);
	assert_int_equal(scn.policy.soft_limit_reclaim, SOFT_LIMIT_TREE);
	assert_true(scn.policy.zone_reclaim);
	assert_true(scn.policy.congestion_wait);
	assert_false(scn.policy.wait_iff_congested);
	assert_int_equal(scn.policy.swap_readahead, SWAP_RA_CLUSTER);

	load_ok("[policy]\nkernel = 2.6.28\n");
	assert_true(scn.policy.split_lru);
	assert_false(scn.policy.memcg_reclaim_stat);
	assert_int_equal(scn.policy.did_some_progress, PROGRESS_NR_RECLAIMED);
	check_zone_based_2_6_25();

	load_ok("[policy]\nkernel = 2.6.32\n");
	assert_true(scn.policy.memcg_reclaim_stat);
	/* 2.6.32: adea02a1bea, anon dirtyable only while swap has room */
	assert_int_equal(scn.policy.dirtyable_memory, DIRTYABLE_RECLAIMABLE);
	assert_true(scn.policy.kswapd_order_failed_sweep);
	assert_false(scn.policy.memcg_stock);
	assert_false(scn.policy.anon_vma_chain);

	/* 4.5 keeps 3.10's charge rules with alloc_retry = no_progress */
	load_ok("[policy]\nkernel = 4.5\n");
	assert_true(scn.policy.memcg_stock);
	assert_true(scn.policy.anon_vma_chain);
	assert_false(scn.policy.anon_vma_lock_exclusive);
	assert_true(scn.policy.alloc_no_progress_oom);
	assert_int_equal(scn.policy.memcg_charge, MEMCG_CHARGE_DO_CHARGE);
	assert_true(scn.policy.congestion_wait);
	assert_false(scn.policy.full_walk_retry);

	load_ok("[policy]\nkernel = 4.12\n");
	assert_int_equal(scn.policy.memcg_charge, MEMCG_CHARGE_TRY_CHARGE_MEMCG);
	assert_true(scn.policy.wait_iff_congested);
	assert_false(scn.policy.force_deactivate_retry);

	load_ok("[policy]\nkernel = 6.18\n");
	assert_false(scn.policy.file_writepage);
	assert_true(scn.policy.full_walk_retry);
	assert_true(scn.policy.force_deactivate_retry);
}

/* An explicit key beats the profile, before or after it, in the file or by --set. */
static void test_profile_override(void **state)
{
	/* file: before and after the kernel line */
	load_ok("[policy]\nmemcg_stock = on\nkernel = 2.6.25\nsplit_lru = on\n");
	assert_true(scn.policy.memcg_stock);
	assert_true(scn.policy.split_lru);
	assert_false(scn.policy.anon_vma_chain); /* from the profile */
	/* the overloaded flags are apart: the 2.6.x sleep with the modern retries */
	load_ok("[policy]\nfull_walk_retry = on\nkernel = 2.6.32\n"
		"memcg_charge_retry = try_charge_memcg\n");
	assert_true(scn.policy.full_walk_retry);
	assert_false(scn.policy.force_deactivate_retry);
	assert_true(scn.policy.congestion_wait);
	assert_true(scn.policy.alloc_no_progress_oom);
	assert_int_equal(scn.policy.memcg_charge, MEMCG_CHARGE_TRY_CHARGE_MEMCG);

	/* --set kernel after the file's explicit key: the key stays */
	load_ok("[policy]\nfile_writepage = never\n");
	set_ok("policy.kernel=2.6.25");
	assert_false(scn.policy.file_writepage);
	assert_false(scn.policy.split_lru);

	/* --set key before and after --set kernel, and a second profile */
	load_ok("[policy]\nkernel = 6.12\n");
	set_ok("policy.anon_vma_lock=exclusive");
	set_ok("policy.kernel=6.18");
	assert_true(scn.policy.anon_vma_lock_exclusive);
	assert_false(scn.policy.file_writepage);
	set_ok("policy.kernel=2.6.25");
	set_ok("policy.did_some_progress=nr_reclaimed");
	assert_int_equal(scn.policy.did_some_progress, PROGRESS_NR_RECLAIMED);
	set_ok("policy.kernel=6.12");
	assert_true(scn.policy.anon_vma_lock_exclusive);
	assert_int_equal(scn.policy.did_some_progress, PROGRESS_NR_RECLAIMED);
	assert_true(scn.policy.split_lru); /* back to 6.12's */
	assert_true(scn.policy.file_writepage);
	set_ok("policy.kernel=2.6.25");
	assert_int_equal(scn.policy.did_some_progress,
			 PROGRESS_NR_RECLAIMED); /* still the explicit one */
	assert_false(scn.policy.split_lru);
	assert_string_equal(scn.policy.kernel, "2.6.25");
}

/* Each key that replaced a version check: bad values with FILE:LINE and key. */
static void test_profile_key_errors(void **state)
{
	expect_error("[policy]\nkernel = 2.6.25\nsplit_lru = yes\n",
		     "t.ini:3: [policy] split_lru: unknown value 'yes' (expected off or on)");
	expect_error(
		"[policy]\nmemcg_reclaim_stat = 1\n",
		"t.ini:2: [policy] memcg_reclaim_stat: unknown value '1' (expected off or on)");
	expect_error(
		"[policy]\ndid_some_progress = some\n",
		"t.ini:2: [policy] did_some_progress: unknown value 'some' (expected nr_reclaimed, reclaimable or reclaimed_or_reclaimable)");
	expect_error(
		"[policy]\n\nmemcg_charge_retry = 2.6.25\n",
		"t.ini:3: [policy] memcg_charge_retry: unknown value '2.6.25' (expected try_charge_memcg, mem_cgroup_charge_common or mem_cgroup_do_charge)");
	expect_error("[policy]\nmemcg_stock = On\n",
		     "t.ini:2: [policy] memcg_stock: unknown value 'On' (expected off or on)");
	expect_error("[policy]\nanon_vma_chain =\n",
		     "t.ini:2: [policy] anon_vma_chain: unknown value '' (expected off or on)");
	expect_error(
		"[policy]\nanon_vma_lock = spinlock\n",
		"t.ini:2: [policy] anon_vma_lock: unknown value 'spinlock' (expected read or exclusive)");
	expect_error(
		"[policy]\nfull_walk_retry = off on\n",
		"t.ini:2: [policy] full_walk_retry: unknown value 'off on' (expected off or on)");
	expect_error(
		"[policy]\nforce_deactivate_retry = true\n",
		"t.ini:2: [policy] force_deactivate_retry: unknown value 'true' (expected off or on)");
	expect_error(
		"[policy]\nfile_writepage = off\n",
		"t.ini:2: [policy] file_writepage: unknown value 'off' (expected never, kswapd, any, kswapd_priority or kswapd_dirty_zone)");
	expect_error(
		"[policy]\nfile_writepage = direct\n",
		"t.ini:2: [policy] file_writepage: unknown value 'direct' (expected never, kswapd, any, kswapd_priority or kswapd_dirty_zone)");
	expect_error(
		"[policy]\nzonelist_node_load = round_robin\n",
		"t.ini:2: [policy] zonelist_node_load: unknown value 'round_robin' (expected accumulate, assign, accumulate_falling or assign_reset)");
	expect_error(
		"[policy]\nnuma_zonelist_order = default\n",
		"t.ini:2: [policy] numa_zonelist_order: unknown value 'default' (expected node, zone, default_sizes, default_lowmem or default_64bit)");
	expect_error(
		"[policy]\ndirect_writeback = off\n",
		"t.ini:2: [policy] direct_writeback: unknown value 'off' (expected allow or deny)");
	expect_error(
		"[policy]\nkernel = 2.6.35\n\nflusher_wakeup = 48\n",
		"t.ini:4: [policy] flusher_wakeup: unknown value '48' (expected unqueued_dirty or scanned)");
	expect_error(
		"[policy]\nmay_write_to_queue = congested\n",
		"t.ini:2: [policy] may_write_to_queue: unknown value 'congested' (expected off or on)");
	expect_error(
		"[policy]\nlumpy_reclaim = yes\n",
		"t.ini:2: [policy] lumpy_reclaim: unknown value 'yes' (expected off, costly or on)");
	expect_error(
		"[policy]\nkswapd_order_fallback = never\n",
		"t.ini:2: [policy] kswapd_order_fallback: unknown value 'never' (expected compact_gap or failed_sweep)");
	expect_error(
		"[policy]\nmemcg_stats = stale\n",
		"t.ini:2: [policy] memcg_stats: unknown value 'stale' (expected exact or rstat)");
	expect_error(
		"[cgroup box]\nstat_reads = 200\n",
		"t.ini:2: [cgroup box] stat_reads: bad time '200' (expected a number with ns/us/ms/s suffix)");
	expect_error("[policy]\nsplit_lru = off\nkernel = 2.6.28\nsplit_lru = on\n",
		     "t.ini:4: [policy] split_lru: duplicate key (first given at line 2)");
	load_ok("[policy]\nkernel = 2.6.25\n");
	set_error(
		"policy.memcg_stock=maybe",
		"--set policy.memcg_stock=maybe: [policy] memcg_stock: unknown value 'maybe' (expected off or on)");
	set_error(
		"policy.file_writepage=always",
		"--set policy.file_writepage=always: [policy] file_writepage: unknown value 'always' (expected never, kswapd, any, kswapd_priority or kswapd_dirty_zone)");
	set_error(
		"policy.direct_writeback=never",
		"--set policy.direct_writeback=never: [policy] direct_writeback: unknown value 'never' (expected allow or deny)");
	set_error(
		"policy.kswapd_order_fallback=0",
		"--set policy.kswapd_order_fallback=0: [policy] kswapd_order_fallback: unknown value '0' (expected compact_gap or failed_sweep)");
	set_error(
		"policy.lumpy_reclaim=2.6.35",
		"--set policy.lumpy_reclaim=2.6.35: [policy] lumpy_reclaim: unknown value '2.6.35' (expected off, costly or on)");
	set_error(
		"policy.flusher_wakeup=",
		"--set policy.flusher_wakeup=: [policy] flusher_wakeup: unknown value '' (expected unqueued_dirty or scanned)");
	/* a failed --set is not an explicit key: the next profile still sets it */
	set_ok("policy.kernel=6.12");
	assert_true(scn.policy.memcg_stock);
}

static void test_all_keys(void **state)
{
	const struct scn_machine *m = &scn.machine;
	const struct scn_workload *w;

	load_ok(all_keys);
	assert_string_equal(scn.path, "t.ini");
	assert_true(m->from_host);
	assert_int_equal(m->cpus, 16);
	assert_int_equal(m->nodes, 2);
	assert_int_equal(m->memory, 16 * GiB);
	assert_int_equal(m->page_size, 8192);
	assert_int_equal(m->nr_zones, 3);
	assert_int_equal(m->zones_line, 7);
	assert_int_equal(m->zones[0].type, ZONE_DMA);
	assert_int_equal(m->zones[0].pages, 16 * MiB / 8192);
	assert_false(m->zones[0].rest);
	assert_int_equal(m->zones[1].type, ZONE_DMA32);
	assert_int_equal(m->zones[1].pages, 3 * GiB / 8192);
	assert_int_equal(m->zones[2].type, ZONE_NORMAL);
	assert_true(m->zones[2].rest);
	/* rest = 8 GiB per node minus DMA and DMA32 */
	assert_int_equal(m->zones[2].pages, (8 * GiB - 16 * MiB - 3 * GiB) / 8192);
	assert_int_equal(m->swap, 2 * GiB);
	/* hdd preset, depth overridden: a head, no command latency */
	assert_int_equal(m->swap_dev.latency_ns, 0);
	assert_int_equal(m->swap_dev.rpm, 7200);
	assert_int_equal(m->swap_dev.seek_avg_ns, 8500 * NSEC_PER_USEC);
	assert_int_equal(m->swap_dev.bandwidth, 150 * MiB);
	assert_int_equal(m->swap_dev.depth, 4);
	/* nvme preset, latency/bandwidth/depth overridden */
	assert_int_equal(m->disk_dev.latency_ns, 50000);
	assert_int_equal(m->disk_dev.bandwidth, 1 * GiB);
	assert_int_equal(m->disk_dev.depth, 64);
	assert_int_equal(m->read_ahead, 256 * KiB);

	assert_int_equal(scn.sysctl.min_free_kbytes, 67584);
	assert_int_equal(scn.sysctl.watermark_scale_factor, 200);
	assert_int_equal(scn.sysctl.watermark_boost_factor, 0);
	assert_int_equal(scn.sysctl.swappiness, 100);
	assert_int_equal(scn.sysctl.dirty_ratio, 40);
	assert_int_equal(scn.sysctl.dirty_background_ratio, 5);
	assert_int_equal(scn.sysctl.dirty_expire_ns, 15 * NSEC_PER_SEC);
	assert_int_equal(scn.sysctl.dirty_writeback_ns, 2500 * NSEC_PER_MSEC);
	assert_int_equal(scn.sysctl.page_cluster, 0);
	assert_int_equal(scn.sysctl.lowmem_reserve_ratio[0], 128);
	assert_int_equal(scn.sysctl.lowmem_reserve_ratio[1], 64);
	assert_int_equal(scn.sysctl.lowmem_reserve_ratio[2], 16);
	assert_int_equal(scn.sysctl.lowmem_reserve_ratio[3], 8);
	assert_int_equal(scn.sysctl.lowmem_reserve_ratio[4], 4);
	assert_int_equal(scn.sysctl.nr_lowmem_reserve_ratio, 5);
	/* x86-64's fourth zone is Movable, its fifth Device */
	assert_int_equal(lowmem_reserve_ratio_of(&scn, ZONE_MOVABLE), 8);
	assert_int_equal(lowmem_reserve_ratio_of(&scn, ZONE_DEVICE), 4);
	assert_int_equal(lowmem_reserve_ratio_of(&scn, ZONE_HIGHMEM), 0);
	assert_false(scn.sysctl.thp);

	/* the profile does not undo watermark_check given before it */
	assert_string_equal(scn.policy.kernel, "6.18");
	assert_int_equal(scn.policy.watermark_check, WMARK_CHECK_ORDER_WALK);

	assert_int_equal(scn.cost.user_touch_ns, 21);
	assert_int_equal(scn.cost.fault_ns, 1000);
	assert_int_equal(scn.cost.zero_page_ns, 401);
	assert_int_equal(scn.cost.copy_page_ns, 301);
	assert_int_equal(scn.cost.alloc_ns, 151);
	assert_int_equal(scn.cost.free_ns, 101);
	assert_int_equal(scn.cost.lru_lock_ns, 41);
	assert_int_equal(scn.cost.scan_page_ns, 200);
	assert_int_equal(scn.cost.rmap_ns, 302);
	assert_int_equal(scn.cost.swap_slot_ns, 303);
	assert_int_equal(scn.cost.syscall_ns, 204);
	assert_int_equal(scn.cost.charge_ns, 55);
	assert_int_equal(scn.cost.pagecache_insert_ns, 1500);
	assert_int_equal(scn.cost.tlb_ipi_ns, 3 * NSEC_PER_MSEC);

	assert_int_equal(scn.nr_cgroups, 2);
	assert_string_equal(scn.cgroups[0].name, "child");
	assert_string_equal(scn.cgroups[0].parent, "box");
	assert_int_equal(scn.cgroups[0].limit, 64 * MiB);
	assert_int_equal(scn.cgroups[0].memsw_limit, U64_MAX);
	assert_int_equal(scn.cgroups[0].swappiness, -1);
	assert_int_equal(scn.cgroups[0].line, 51);
	assert_string_equal(scn.cgroups[1].name, "box");
	assert_string_equal(scn.cgroups[1].parent, "/");
	assert_int_equal(scn.cgroups[1].limit, 4096ULL * 8192);
	assert_int_equal(scn.cgroups[1].memsw_limit, 48 * MiB);
	assert_int_equal(scn.cgroups[1].swappiness, 10);
	assert_int_equal(scn.cgroups[1].line, 57);

	assert_int_equal(scn.nr_workloads, 4);
	w = &scn.workloads[0];
	assert_string_equal(w->name, "fill");
	assert_int_equal(w->type, WL_ANON_FILL);
	assert_string_equal(w->cgroup, "child");
	assert_int_equal(w->start_ns, 1500 * NSEC_PER_MSEC);
	assert_int_equal(w->tasks, 4);
	assert_int_equal(AF(w)->size, 192 * MiB);
	assert_int_equal(AF(w)->passes, 5);
	assert_true(AF(w)->random);
	assert_false(AF(w)->touch_write);
	assert_int_equal(w->line, 63);
	w = &scn.workloads[1];
	assert_string_equal(w->name, "writer");
	assert_int_equal(w->type, WL_FILE_WRITE);
	assert_string_equal(w->cgroup, "box");
	assert_int_equal(FS(w)->size, 256 * MiB);
	assert_int_equal(FS(w)->block, 64 * KiB);
	w = &scn.workloads[2];
	assert_int_equal(w->type, WL_FILE_READ);
	assert_string_equal(w->cgroup, "");
	assert_int_equal(FS(w)->size, 1 * GiB);
	assert_int_equal(FS(w)->block, 4 * KiB);
	assert_int_equal(FS(w)->count, 7);
	w = &scn.workloads[3];
	assert_int_equal(w->type, WL_HOTSET_STREAM);
	assert_string_equal(w->cgroup, "");
	assert_int_equal(HS(w)->hot, 28 * MiB);
	assert_int_equal(HS(w)->stream, 512 * MiB);
	assert_int_equal(HS(w)->every, 32 * MiB);
	assert_int_equal(HS(w)->warm_passes, 3);
	assert_int_equal(HS(w)->block, 128 * KiB);

	assert_int_equal(scn.run.seed, UINT64_MAX);
	assert_int_equal(scn.run.duration_ns, 90 * NSEC_PER_SEC);
	assert_int_equal(scn.run.sample_interval_ns, 20 * NSEC_PER_MSEC);
}

/* Presets and profiles: a single key wins whatever its place. */
static void test_preset_order(void **state)
{
	load_ok("[machine]\n"
		"swap_latency = 1ms\n"
		"swap_device = nvme\n"
		"disk_device = hdd\n"
		"[policy]\n"
		"kernel = 6.12\n");
	assert_int_equal(scn.machine.swap_dev.latency_ns, NSEC_PER_MSEC);
	assert_int_equal(scn.machine.swap_dev.bandwidth, 3 * GiB);
	assert_int_equal(scn.machine.swap_dev.depth, 128);
	assert_int_equal(scn.machine.disk_dev.latency_ns, 0);
	assert_int_equal(scn.machine.disk_dev.seek_full_ns, 20 * NSEC_PER_MSEC);
	assert_int_equal(scn.machine.disk_dev.depth, 1);
	assert_int_equal(scn.policy.watermark_check, WMARK_CHECK_MODERN);
}

/*
 * swap_completion / disk_completion and the wbt steps: per device, each
 * and step 0 unless given, whatever the preset; a bad value names its line.
 */
static void test_device_completion_keys(void **state)
{
	load_ok("[machine]\n"
		"disk_completion = batch\n"
		"disk_wbt_step = -4\n"
		"disk_device = nvme\n"
		"swap_wbt_step = 3\n");
	assert_false(scn.machine.swap_dev.complete_batch);
	assert_true(scn.machine.disk_dev.complete_batch);
	assert_int_equal(scn.machine.swap_dev.wbt_step, 3);
	assert_int_equal(scn.machine.disk_dev.wbt_step, -4);
	load_ok("[machine]\nswap_completion = batch\n");
	assert_true(scn.machine.swap_dev.complete_batch);
	assert_false(scn.machine.disk_dev.complete_batch);
	assert_int_equal(scn.machine.swap_dev.wbt_step, 0);
	assert_int_equal(scn.machine.disk_dev.wbt_step, 0);
	expect_error(
		"[machine]\nmemory = 1G\nswap_completion = batched\n",
		"t.ini:3: [machine] swap_completion: unknown value 'batched' (expected each or batch)");
	expect_error("[machine]\ndisk_wbt_step = -17\n",
		     "t.ini:2: [machine] disk_wbt_step: '-17': expected an integer from -16 to 16");
	expect_error(
		"[machine]\nswap_wbt_step = four\n",
		"t.ini:2: [machine] swap_wbt_step: 'four': expected an integer from -16 to 16");
}

/* Page counts before page_size; indented keys; comments; CRLF. */
static void test_syntax_details(void **state)
{
	load_ok("[sysctl]\r\n"
		"  swappiness = 0   ; an indented key, not a continuation\r\n"
		"[ machine ]\n"
		"  memory = 1000p   ; pages of the page size given below\r\n"
		"\tswap = 10p\r\n"
		"# a comment\r\n"
		"  page_size = 16K\r\n"
		"   [ cgroup   box ]\n"
		"    limit = 1.5M\n"
		"  cgroup = v1\n");
	assert_int_equal(scn.machine.page_size, 16384);
	assert_int_equal(scn.machine.memory, 1000ULL * 16384);
	assert_int_equal(scn.machine.swap, 10ULL * 16384);
	assert_int_equal(scn.sysctl.swappiness, 0);
	assert_int_equal(scn.nr_cgroups, 1);
	assert_string_equal(scn.cgroups[0].name, "box");
	assert_int_equal(scn.cgroups[0].limit, 3 * MiB / 2);
}

/* Explicit zones without rest: memory is their sum unless given. */
static void test_zones(void **state)
{
	load_ok("[machine]\nzones = DMA:3840p, DMA32:772807p, Normal:688128p\n");
	assert_int_equal(scn.machine.nr_zones, 3);
	assert_int_equal(scn.machine.zones[0].pages, 3840);
	assert_int_equal(scn.machine.zones[1].pages, 772807);
	assert_int_equal(scn.machine.zones[2].pages, 688128);
	assert_int_equal(scn.machine.memory, (3840ULL + 772807 + 688128) * 4096);

	load_ok("[machine]\nmemory = 24G\n"
		"zones = dma:3840p/3998p/4095p, Normal:1G/2G, Movable:rest\n");
	assert_int_equal(scn.machine.memory, 24 * GiB);
	assert_int_equal(scn.machine.zones[0].type, ZONE_DMA);
	assert_int_equal(scn.machine.zones[0].pages, 3840);
	assert_int_equal(scn.machine.zones[0].present, 3998);
	assert_int_equal(scn.machine.zones[0].spanned, 4095);
	assert_int_equal(scn.machine.zones[1].type, ZONE_NORMAL);
	assert_int_equal(scn.machine.zones[1].pages, GiB / 4096);
	assert_int_equal(scn.machine.zones[1].present, 2 * GiB / 4096);
	assert_int_equal(scn.machine.zones[1].spanned, 0);
	assert_int_equal(scn.machine.zones[2].type, ZONE_MOVABLE);
	assert_true(scn.machine.zones[2].rest);
	assert_int_equal(scn.machine.zones[2].pages, 24 * GiB / 4096 - 3840 - GiB / 4096);

	expect_error(
		"[machine]\nmemory = 1G\nzones = DMA:16M, Normal:2G\n",
		"t.ini:3: [machine] zones: 528384 pages per node do not fit memory (262144 pages per node)");
	expect_error(
		"[machine]\nmemory = 1G\nzones = DMA:1G, Normal:rest\n",
		"t.ini:3: [machine] zones: the 'rest' zone gets no memory (the others take all 262144 pages per node)");
	expect_error("[machine]\nzones = DMA32:rest, Normal:rest\n",
		     "t.ini:2: [machine] zones: more than one zone is 'rest'");
	expect_error(
		"[machine]\nzones = DMA32:1G, DMA:16M\n",
		"t.ini:2: [machine] zones: zone DMA after DMA32 (zones go in the order DMA, DMA32, Normal, HighMem, Movable)");
	expect_error("[machine]\nzones = DMA:16M, DMA:32M\n",
		     "t.ini:2: [machine] zones: zone DMA listed twice");
	expect_error(
		"[machine]\nzones = Highmem32:1G\n",
		"t.ini:2: [machine] zones: unknown zone 'Highmem32' (expected DMA, DMA32, Normal, HighMem or Movable)");
	expect_error(
		"[machine]\nzones = DMA 16M\n",
		"t.ini:2: [machine] zones: bad zone 'DMA 16M' (expected NAME:SIZE, e.g. DMA32:3G or Normal:rest)");
	expect_error(
		"[machine]\nzones = DMA:1000\n",
		"t.ini:2: [machine] zones: DMA: 1000 is not a whole number of 4096-byte pages");
	expect_error(
		"[machine]\nzones = DMA:12Q\n",
		"t.ini:2: [machine] zones: DMA: bad size '12Q' (expected a number with K/M/G/T suffix)");
}

/* ---- --set ---- */

static void test_set(void **state)
{
	load_ok(all_keys);
	set_ok("machine.memory=32G");
	assert_int_equal(scn.machine.memory, 32 * GiB);
	/* the rest zone follows memory */
	assert_int_equal(scn.machine.zones[2].pages, (16 * GiB - 16 * MiB - 3 * GiB) / 8192);
	set_ok("machine.swap=100p");
	assert_int_equal(scn.machine.swap, 100ULL * 8192);
	set_ok("sysctl.page-cluster=5");
	assert_int_equal(scn.sysctl.page_cluster, 5);
	set_ok("sysctl.min_free_kbytes=auto");
	assert_int_equal(scn.sysctl.min_free_kbytes, -1);
	set_ok("policy.watermark_check=modern");
	assert_int_equal(scn.policy.watermark_check, WMARK_CHECK_MODERN);
	set_ok("cost.fault_ns=2us");
	assert_int_equal(scn.cost.fault_ns, 2000);
	set_ok("run.duration=1.25s");
	assert_int_equal(scn.run.duration_ns, 1250 * NSEC_PER_MSEC);
	set_ok("run.seed = 42");
	assert_int_equal(scn.run.seed, 42);
	set_ok("workload.fill.size=64M");
	assert_int_equal(AF(&scn.workloads[0])->size, 64 * MiB);
	set_ok("workload.hotread.every=16M");
	assert_int_equal(HS(&scn.workloads[3])->every, 16 * MiB);
	set_ok("cgroup.box.limit=unlimited");
	assert_int_equal(scn.cgroups[1].limit, U64_MAX);
	set_ok("cgroup.child.limit=32M");
	assert_int_equal(scn.cgroups[0].limit, 32 * MiB);
	set_ok("cgroup.child.parent=/");
	assert_string_equal(scn.cgroups[0].parent, "/");
	/* a preset from --set sets all three */
	set_ok("machine.swap_device=ssd");
	assert_int_equal(scn.machine.swap_dev.latency_ns, 100000);
	assert_int_equal(scn.machine.swap_dev.depth, 32);
	/* type then the new type's keys (writer has size and block, file_read's too) */
	set_ok("workload.writer.type=file_read");
	set_ok("workload.writer.count=2");
	assert_int_equal(scn.workloads[1].type, WL_FILE_READ);
	assert_int_equal(FS(&scn.workloads[1])->count, 2);
	/* box: limit now unlimited but memsw_limit still 48M: the --set is to blame */
	assert_int_not_equal(scenario_validate(&scn, err, sizeof(err)), 0);
	assert_string_equal(
		err,
		"--set cgroup.box.limit=unlimited: [cgroup box] memsw_limit: must be >= limit (the v1 kernel refuses it)");
	set_ok("cgroup.box.memsw_limit=max");
	assert_int_equal(scenario_validate(&scn, err, sizeof(err)), 0);
}

static void test_set_errors(void **state)
{
	load_ok(all_keys);
	set_error("machine.memory=0", "--set machine.memory=0: [machine] memory: must be > 0");
	set_error(
		"machine.memory=12Q",
		"--set machine.memory=12Q: [machine] memory: bad size '12Q' (expected a number with K/M/G/T suffix)");
	set_error("machine.memory", "--set machine.memory: expected section.key=value");
	set_error("memory=1G", "--set memory=1G: expected section.key=value");
	set_error(
		"foo.bar=1",
		"--set foo.bar=1: unknown section 'foo' (expected machine, sysctl, policy, cost, run, cgroup.NAME, cgroup_tree.NAME or workload.NAME)");
	set_error("machine.foo=1", "--set machine.foo=1: [machine] foo: unknown key");
	set_error("workload.nope.size=1G",
		  "--set workload.nope.size=1G: no [workload nope] in the scenario");
	set_error("workload.size=1G", "--set workload.size=1G: expected workload.NAME.key=value");
	/* an empty key or name: said so (was "[machine] : unknown key", "no [workload ]") */
	set_error("machine.=1G", "--set machine.=1G: no key (expected section.key=value)");
	set_error("workload..size=1G",
		  "--set workload..size=1G: no name (expected workload.NAME.key=value)");
	set_error("workload.fill.=1G",
		  "--set workload.fill.=1G: no key (expected workload.NAME.key=value)");
	set_error("cgroup.nope.limit=1G",
		  "--set cgroup.nope.limit=1G: no [cgroup nope] in the scenario");
	set_error(
		"workload.fill.hot=28M",
		"--set workload.fill.hot=28M: [workload fill] hot: not a key of type anon_fill (anon_fill takes tasks, size, passes, pattern, hot_pct, hot_share, phase_lines, touch, then, oom_score_adj, program_text, program_data, program_text_start, program_binary)");
	set_error("sysctl.swappiness=201",
		  "--set sysctl.swappiness=201: [sysctl] swappiness: 201 out of range (0..200)");
	set_error(
		"cost.rmap_vma_ns=18446744073709551615ns",
		"--set cost.rmap_vma_ns=18446744073709551615ns: [cost] rmap_vma_ns: '18446744073709551615ns' is more than 1 s");
	set_error(
		"machine.swap_latency=11s",
		"--set machine.swap_latency=11s: [machine] swap_latency: '11s' is more than 10 s");
	set_error(
		"policy.swap_readahead=slot",
		"--set policy.swap_readahead=slot: [policy] swap_readahead: unknown value 'slot' (expected cluster, vma or block)");
	set_error(
		"policy.swapin_lru=head",
		"--set policy.swapin_lru=head: [policy] swapin_lru: unknown value 'head' (expected inactive or active)");
	set_ok("cost.rmap_vma_ns=1s");
	set_error(
		"policy.kernel=5.4",
		"--set policy.kernel=5.4: [policy] kernel: unknown kernel profile '5.4' (known: 2.6.25, 2.6.28, 2.6.32, 2.6.35, 2.6.35-nodirect, 3.10, 4.2, 4.5, 4.12, 6.12 or 6.18)");
	set_error(
		"machine.page_size=4K",
		"--set machine.page_size=4K: [machine] page_size: cannot change with explicit zones, which are in pages (set machine.zones=default first, then the zones again)");
	set_ok("machine.zones=default");
	set_ok("machine.page_size=4K");
	assert_int_equal(scn.machine.nr_zones, 0);
	assert_int_equal(scn.machine.page_size, 4096);
	/* nothing changed by the failed ones */
	assert_int_equal(scn.machine.memory, 16 * GiB);
	assert_int_equal(scn.sysctl.swappiness, 100);
}

/* ---- bad input: exact FILE:LINE: messages ---- */

static void test_bad_sections(void **state)
{
	expect_error(
		"[machine]\ncpus = 2\n[foo]\n",
		"t.ini:3: [foo]: unknown section (expected machine, sysctl, policy, cost, run, cgroup PATH, cgroup_tree NAME, workload NAME or at TIME)");
	expect_error("[machine]\n[machine]\n",
		     "t.ini:2: [machine]: duplicate section (first at line 1)");
	expect_error("[cgroup a]\nlimit = 1M\n\n[cgroup a]\n",
		     "t.ini:4: [cgroup a]: duplicate cgroup name (first at line 1)");
	expect_error("[workload w]\ntype = anon_fill\nsize = 1M\n[workload w]\n",
		     "t.ini:4: [workload w]: duplicate workload name (first at line 1)");
	expect_error("[cgroup]\n", "t.ini:1: [cgroup]: missing name (expected [cgroup NAME])");
	expect_error("[run fast]\n", "t.ini:1: [run fast]: section [run] takes no name");
	expect_error("[cgroup a.b]\n",
		     "t.ini:1: [cgroup a.b]: bad name (letters, digits, '_' and '-' only)");
	expect_error("[machine\n", "t.ini:1: syntax error: section header without ']'");
	expect_error("[machine] cpus = 2\n",
		     "t.ini:1: syntax error: text after the section header");
	expect_error("cpus = 2\n[machine]\n", "t.ini:1: cpus: key outside any section");
	expect_error("[machine]\ncpus 2\n",
		     "t.ini:2: syntax error (expected [section], key = value or a ; comment)");
}

static void test_too_many_sections(void **state)
{
	char text[8192];
	size_t used = 0;

	for (int i = 0; i <= SCN_MAX_CGROUPS; i++)
		used += (size_t)snprintf(text + used, sizeof(text) - used, "[cgroup c%d]\n", i);
	expect_error(text, "t.ini:65: [cgroup c64]: too many cgroups (at most 64)");
	used = 0;
	for (int i = 0; i <= SCN_MAX_WORKLOADS; i++)
		used += (size_t)snprintf(text + used, sizeof(text) - used,
					 "[workload w%d]\ntype = file_read\nsize = 1M\n", i);
	expect_error(text, "t.ini:97: [workload w32]: too many workloads (at most 32)");
}

static void test_bad_keys(void **state)
{
	expect_error("[machine]\ncpus = 2\nmemroy = 1G\n",
		     "t.ini:3: [machine] memroy: unknown key");
	expect_error("[workload w]\ntype = anon_fill\nsize = 1M\nthreadz = 4\n",
		     "t.ini:4: [workload w] threadz: unknown key");
	expect_error("[machine]\ncpus = 2\ncpus = 4\n",
		     "t.ini:3: [machine] cpus: duplicate key (first given at line 2)");
	expect_error("[cgroup box]\nlimit = 1M\nmax = 2M\n",
		     "t.ini:3: [cgroup box] max: duplicate key (first given at line 2)");
}

static void test_bad_values(void **state)
{
	expect_error(
		"[machine]\ncpus = 2\n\nmemory = 12Q\n",
		"t.ini:4: [machine] memory: bad size '12Q' (expected a number with K/M/G/T suffix)");
	expect_error("[machine]\nmemory = -1G\n",
		     "t.ini:2: [machine] memory: bad size '-1G' (sizes cannot be negative)");
	expect_error("[machine]\nmemory = 0\n", "t.ini:2: [machine] memory: must be > 0");
	expect_error("[cgroup box]\nlimit = 0\n", "t.ini:2: [cgroup box] limit: must be > 0");
	expect_error("[workload w]\ntype = file_read\nsize = 0M\n",
		     "t.ini:3: [workload w] size: must be > 0");
	expect_error("[workload w]\ntype = file_read\nsize = -5M\n",
		     "t.ini:3: [workload w] size: bad size '-5M' (sizes cannot be negative)");
	expect_error("[machine]\ncpus = 0\n", "t.ini:2: [machine] cpus: 0 out of range (1..4096)");
	expect_error("[machine]\ncpus = 4097\n",
		     "t.ini:2: [machine] cpus: 4097 out of range (1..4096)");
	expect_error("[machine]\nnodes = 65\n",
		     "t.ini:2: [machine] nodes: 65 out of range (1..64)");
	expect_error("[machine]\ncpus = two\n",
		     "t.ini:2: [machine] cpus: bad number 'two' (expected an integer)");
	expect_error("[sysctl]\nswappiness = 201\n",
		     "t.ini:2: [sysctl] swappiness: 201 out of range (0..200)");
	expect_error("[sysctl]\nwatermark_scale_factor = 0\n",
		     "t.ini:2: [sysctl] watermark_scale_factor: 0 out of range (1..3000)");
	expect_error("[sysctl]\ndirty_ratio = 101\n",
		     "t.ini:2: [sysctl] dirty_ratio: 101 out of range (0..100)");
	expect_error(
		"[sysctl]\nmin_free_kbytes = lots\n",
		"t.ini:2: [sysctl] min_free_kbytes: bad number 'lots' (expected an integer) (or auto)");
	expect_error("[sysctl]\nlowmem_reserve_ratio = 1 2 3 4 5 6\n",
		     "t.ini:2: [sysctl] lowmem_reserve_ratio: more than 5 ratios in '1 2 3 4 5 6'");
	expect_error(
		"[sysctl]\nthp = sometimes\n",
		"t.ini:2: [sysctl] thp: unknown value 'sometimes' (expected always, madvise or never)");
	expect_error(
		"[machine]\nswap_device = floppy\n",
		"t.ini:2: [machine] swap_device: unknown device 'floppy' (expected ssd, hdd or nvme)");
	expect_error(
		"[machine]\npage_size = 32K\n",
		"t.ini:2: [machine] page_size: unsupported page size '32K' (expected 4K, 8K, 16K or 64K)");
	expect_error(
		"[policy]\nkernel = 2.6.24\n",
		"t.ini:2: [policy] kernel: unknown kernel profile '2.6.24' (known: 2.6.25, 2.6.28, 2.6.32, 2.6.35, 2.6.35-nodirect, 3.10, 4.2, 4.5, 4.12, 6.12 or 6.18)");
	expect_error(
		"[policy]\nreclaim_throttle = some\n",
		"t.ini:2: [policy] reclaim_throttle: unknown value 'some' (expected none, global or per_zone)");
	expect_error(
		"[policy]\ntoo_many_isolated = yes\n",
		"t.ini:2: [policy] too_many_isolated: unknown value 'yes' (expected off or on)");
	expect_error(
		"[policy]\nwatermark_check = fast\n",
		"t.ini:2: [policy] watermark_check: unknown value 'fast' (expected modern, order_walk or any_block)");
	expect_error(
		"[cost]\nfault_ns = 800\n",
		"t.ini:2: [cost] fault_ns: bad time '800' (expected a number with ns/us/ms/s suffix)");
	expect_error("[policy]\nsched_latency = 0\n",
		     "t.ini:2: [policy] sched_latency: must be > 0");
	expect_error(
		"[run]\nduration = 10 minutes\n",
		"t.ini:2: [run] duration: bad time '10 minutes' (expected a number with ns/us/ms/s suffix)");
	expect_error(
		"[workload w]\ntype = anon_fill\nsize = 1M\npattern = zigzag\n",
		"t.ini:4: [workload w] pattern: unknown value 'zigzag' (expected seq, rand or hotcold)");
	expect_error("[workload w]\ntype = anon_fill\nsize = 1M\nhot_pct = 0\n",
		     "t.ini:4: [workload w] hot_pct: 0 out of range (1..99)");
	expect_error("[workload w]\ntype = anon_fill\nsize = 1M\nhot_pct = 100\n",
		     "t.ini:4: [workload w] hot_pct: 100 out of range (1..99)");
	expect_error("[workload w]\ntype = anon_fill\nsize = 1M\nhot_share = 101\n",
		     "t.ini:4: [workload w] hot_share: 101 out of range (0..100)");
	expect_error(
		"[workload w]\ntype = bake\n",
		"t.ini:2: [workload w] type: unknown workload type 'bake' (expected anon_fill, file_write, file_read, hotset_stream, hackbench, madvise09, lru_file_mmap_read, ebizzy, text_loop, kalloc, highalloc, tbench, kernbench, iozone, simple_writeback or stress_highalloc)");
	expect_error("[machine]\ncpus =\n",
		     "t.ini:2: [machine] cpus: bad number '' (expected an integer)");
}

static void test_workload_types(void **state)
{
	/* a key of another type, even when type comes after it */
	expect_error(
		"[workload w]\nsize = 1M\nhot = 28M\ntype = anon_fill\n",
		"t.ini:3: [workload w] hot: not a key of type anon_fill (anon_fill takes tasks, size, passes, pattern, hot_pct, hot_share, phase_lines, touch, then, oom_score_adj, program_text, program_data, program_text_start, program_binary)");
	expect_error(
		"[workload w]\ntype = file_write\nsize = 1M\ncount = 2\n",
		"t.ini:4: [workload w] count: not a key of type file_write (file_write takes tasks, size, program_text, program_data, program_text_start, program_binary, block)");
	expect_error(
		"[workload w]\nsize = 1M\n",
		"t.ini:1: [workload w] type: missing (give type = TYPE, or name the section [workload TYPE]; TYPE is anon_fill, file_write, file_read, hotset_stream, hackbench, madvise09, lru_file_mmap_read, ebizzy, text_loop, kalloc, highalloc, tbench, kernbench, iozone, simple_writeback or stress_highalloc)");
	/* a section named nearly as a type: the type it was meant to take */
	expect_error(
		"[workload anonfill]\nsize = 1M\n",
		"t.ini:1: [workload anonfill] type: missing (did you mean type = anon_fill? a section named as a type, [workload anon_fill], takes it as its type)");
	expect_error(
		"[workload File-Write]\nsize = 1M\n",
		"t.ini:1: [workload File-Write] type: missing (did you mean type = file_write? a section named as a type, [workload file_write], takes it as its type)");
	expect_error("[machine]\n[workload w]\ntype = anon_fill\n",
		     "t.ini:2: [workload w] size: missing (required for type anon_fill)");
	expect_error(
		"[workload hotset_stream]\nhot = 1M\n",
		"t.ini:1: [workload hotset_stream] stream: missing (required for type hotset_stream)");
	/* a type's keys before type = go to that type's fields */
	load_ok("[workload w]\nwarm_passes = 4\nhot = 1M\nstream = 2M\ntype = hotset_stream\n");
	assert_int_equal(HS(&scn.workloads[0])->warm_passes, 4);
	assert_int_equal(HS(&scn.workloads[0])->hot, 1 * MiB);
	assert_int_equal(HS(&scn.workloads[0])->every, 64 * MiB);
	/*
	 * ... under a name of 47 characters too: inih's copy of the header
	 * stops at 49, so the prepass reads the raw line (fuzz_scenario found
	 * the type set over anon_fill's fields and jobs dropped)
	 */
	load_ok("[workload abcdefghijabcdefghijabcdefghijabcdefghijabcdefg]\njobs = 7\n"
		"type = stress_highalloc\n");
	assert_int_equal(scn.workloads[0].type, WL_STRESS_HIGHALLOC);
	assert_int_equal(WL_PARAMS(struct stress_highalloc_params, &scn.workloads[0])->trees, 7);
	assert_int_equal(WL_PARAMS(struct stress_highalloc_params, &scn.workloads[0])->ha.order, 9);
	expect_error(
		"[workload w]\nsize = 3M\ntype = hotset_stream\n",
		"t.ini:2: [workload w] size: not a key of type hotset_stream (hotset_stream takes tasks, block, hot, stream, every, warm_passes)");
	/* while the type is not known, a bad value is still reported on its line */
	expect_error("[workload w]\npasses = x\n",
		     "t.ini:2: [workload w] passes: bad number 'x' (expected an integer)");
	/* size after type is fine */
	load_ok("[workload w]\ntype = file_write\nsize = 1M\nblock = 4K\n");
	assert_int_equal(FS(&scn.workloads[0])->block, 4096);
}

/*
 * The shapes any report needs: the common key rate (bytes per second,
 * refused by the types it means nothing to), anon_fill's then = hold and
 * type text_loop; their defaults, values and every rejection.
 */
static void test_workload_shapes(void **state)
{
	load_ok("[workload a]\ntype = anon_fill\nsize = 1M\n"
		"[workload t]\ntype = text_loop\nsize = 2M\n");
	assert_int_equal(scn.workloads[0].rate, 0); /* unlimited */
	assert_false(AF(&scn.workloads[0])->hold);
	assert_int_equal(TL(&scn.workloads[1])->size, 2 * MiB);
	assert_int_equal(TL(&scn.workloads[1])->iterations, 0);
	assert_true(TL(&scn.workloads[1])->exec);
	assert_int_equal(scn.workloads[1].tasks, 1);
	/* "200M" and "200M/s" are the same rate, in bytes per second; pages too */
	load_ok("[workload a]\ntype = anon_fill\nsize = 1M\nrate = 200M/s\nthen = hold\n"
		"[workload b]\ntype = file_read\nsize = 1M\nrate = 200M\n"
		"[workload t]\ntype = text_loop\nsize = 1M\nexec = no\niterations = 7\n"
		"rate = 10p\n");
	assert_int_equal(scn.workloads[0].rate, 200 * MiB);
	assert_true(AF(&scn.workloads[0])->hold);
	assert_int_equal(scn.workloads[1].rate, 200 * MiB);
	assert_int_equal(scn.workloads[2].rate, 10 * 4096);
	assert_false(TL(&scn.workloads[2])->exec);
	assert_int_equal(TL(&scn.workloads[2])->iterations, 7);
	set_ok("workload.a.rate=unlimited");
	assert_int_equal(scn.workloads[0].rate, 0);

	expect_error("[workload a]\ntype = anon_fill\nsize = 1M\nrate = 0\n",
		     "t.ini:4: [workload a] rate: must be > 0 (or unlimited)");
	expect_error(
		"[workload a]\ntype = anon_fill\nsize = 1M\nrate = fast\n",
		"t.ini:4: [workload a] rate: bad size 'fast' (expected a number with K/M/G/T suffix)");
	expect_error(
		"[workload a]\ntype = anon_fill\nsize = 1M\nrate = 1M/min\n",
		"t.ini:4: [workload a] rate: bad size '1M/min' (expected a number with K/M/G/T suffix)");
	/* a rate where it means nothing: on the line that gave it */
	expect_error(
		"[workload hackbench]\ngroups = 1\nrate = 1M\n",
		"t.ini:3: [workload hackbench] rate: type hackbench takes no rate (hackbench's result is how fast its messages go)");
	expect_error(
		"[workload m]\nrate = 1M\ntype = madvise09\nsize = 128p\n",
		"t.ini:2: [workload m] rate: type madvise09 takes no rate (an LTP test of fixed steps, not a stream of bytes)");
	expect_error(
		"[workload e]\ntype = ebizzy\nthreads = 2\nrate = 1M\n",
		"t.ini:4: [workload e] rate: type ebizzy takes no rate (ebizzy's result is the records it gets through per second)");
	/* and a --set that gives one is named */
	load_ok("[workload e]\ntype = ebizzy\nthreads = 2\n");
	set_error_validate(
		"workload.e.rate=5M/s",
		"--set workload.e.rate=5M/s: [workload e] rate: type ebizzy takes no rate (ebizzy's result is the records it gets through per second)");

	expect_error("[workload a]\ntype = anon_fill\nsize = 1M\nthen = sleep\n",
		     "t.ini:4: [workload a] then: unknown value 'sleep' (expected exit or hold)");
	expect_error("[workload r]\ntype = file_read\nsize = 1M\nthen = wait\n",
		     "t.ini:4: [workload r] then: unknown value 'wait' (expected exit or hold)");
	expect_error(
		"[workload w]\ntype = file_write\nsize = 1M\nthen = hold\n",
		"t.ini:4: [workload w] then: not a key of type file_write (file_write takes tasks, size, program_text, program_data, program_text_start, program_binary, block)");
	expect_error("[workload a]\ntype = anon_fill\nsize = 1M\noom_score_adj = -1001\n",
		     "t.ini:4: [workload a] oom_score_adj: '-1001': expected -1000..1000");
	expect_error("[workload a]\ntype = anon_fill\nsize = 1M\noom_score_adj = 1001\n",
		     "t.ini:4: [workload a] oom_score_adj: '1001': expected -1000..1000");
	expect_error("[workload a]\ntype = anon_fill\nsize = 1M\noom_score_adj = --5\n",
		     "t.ini:4: [workload a] oom_score_adj: '--5': expected -1000..1000");
	expect_error(
		"[machine]\nread_ahead_async = yes\n",
		"t.ini:2: [machine] read_ahead_async: unknown value 'yes' (expected off or on)");
	expect_error("[machine]\nread_ahead_folio_order = 10\n",
		     "t.ini:2: [machine] read_ahead_folio_order: 10 out of range (0..9)");
	expect_error(
		"[machine]\nread_ahead_folio_order = x\n",
		"t.ini:2: [machine] read_ahead_folio_order: bad number 'x' (expected an integer)");
	expect_error("[workload a]\ntype = anon_fill\nsize = 1M\nprogram_text = 2G\n",
		     "t.ini:4: [workload a] program_text: '2G' is more than 1024M");
	expect_error(
		"[workload a]\ntype = anon_fill\nsize = 1M\nprogram_text = 12x\n",
		"t.ini:4: [workload a] program_text: bad size '12x' (expected a number with K/M/G/T suffix)");
	expect_error(
		"[workload a]\ntype = anon_fill\nsize = 1M\nprogram_text_start = warm\n",
		"t.ini:4: [workload a] program_text_start: unknown value 'warm' (expected cold or evicted)");
	expect_error("[workload a]\ntype = anon_fill\nsize = 1M\nprogram_data = 1025M\n",
		     "t.ini:4: [workload a] program_data: '1025M' is more than 1024M");
	expect_error(
		"[workload m]\ntype = madvise09\nsize = 128p\nprogram_data = 1p2\n",
		"t.ini:4: [workload m] program_data: bad size '1p2' (expected a number with K/M/G/T suffix)");
	expect_error("[workload m]\ntype = madvise09\nsize = 128p\nprogram_text = 2G\n",
		     "t.ini:4: [workload m] program_text: '2G' is more than 1024M");
	expect_error(
		"[workload m]\ntype = madvise09\nsize = 128p\nprogram_text_start = no\n",
		"t.ini:4: [workload m] program_text_start: unknown value 'no' (expected cold or evicted)");
	expect_error("[workload t]\ntype = text_loop\n",
		     "t.ini:1: [workload t] size: missing (required for type text_loop)");
	expect_error("[workload t]\ntype = text_loop\nsize = 1M\nexec = maybe\n",
		     "t.ini:4: [workload t] exec: unknown value 'maybe' (expected yes or no)");
	expect_error("[workload t]\ntype = text_loop\nsize = 1M\niterations = -1\n",
		     "t.ini:4: [workload t] iterations: -1 out of range (0..1000000)");
	expect_error(
		"[workload t]\ntype = text_loop\nsize = 1M\npasses = 2\n",
		"t.ini:4: [workload t] passes: not a key of type text_loop (text_loop takes tasks, size, iterations, exec, heap, heap_per_pass)");
}

/* Cross-checks point at the line of the key (not the section) in the file. */
static void test_validate_errors(void **state)
{
	expect_error("[cgroup box]\nparent = nope\n",
		     "t.ini:2: [cgroup box] parent: no cgroup named 'nope'");
	expect_error("[cgroup a]\nparent = b\n[cgroup b]\nparent = a\n",
		     "t.ini:2: [cgroup a] parent: cycle a -> b -> a");
	expect_error("[cgroup a]\nparent = a\n", "t.ini:2: [cgroup a] parent: cycle a -> a");
	/* a cgroup below a cycle is not part of it */
	expect_error("[cgroup d]\nparent = a\n[cgroup a]\nparent = b\n[cgroup b]\nparent = a\n",
		     "t.ini:4: [cgroup a] parent: cycle a -> b -> a");
	expect_error("[cgroup box]\n\n[workload w]\ntype = file_read\nsize = 1M\ncgroup = nobox\n",
		     "t.ini:6: [workload w] cgroup: no cgroup named 'nobox'");
	expect_error(
		"[cgroup box]\nlimit = 128M\nmemsw_limit = 64M\n",
		"t.ini:3: [cgroup box] memsw_limit: must be >= limit (the v1 kernel refuses it)");
	/* parents may be named later in the file */
	load_ok("[cgroup c]\nparent = b\n[cgroup b]\nparent = a\n[cgroup a]\n");
	assert_string_equal(scn.cgroups[0].parent, "b");
	/* a --set that breaks a cross-reference is named, not the line it overrides */
	set_ok("cgroup.a.parent=c");
	assert_int_not_equal(scenario_validate(&scn, err, sizeof(err)), 0);
	assert_string_equal(err,
			    "--set cgroup.a.parent=c: [cgroup a] parent: cycle a -> c -> b -> a");
}

/*
 * The machine's size: zones that hold pages, no more pages than the model
 * numbers (a PTE's 28 bits), maps that fit the host; min_free_kbytes below the memory
 * it is spread over; sample_interval's floor.
 */
static void test_machine_limits(void **state)
{
	u64 host = (u64)sysconf(_SC_PHYS_PAGES) * (u64)sysconf(_SC_PAGE_SIZE);
	u64 need = 1020 * GiB / 4096 * 28;
	char msg[SCN_ERR_LEN];

	/* zones of 0 pages: the machine has no memory (the default 8G is not theirs) */
	expect_error(
		"[machine]\nzones = DMA:0\n",
		"t.ini:2: [machine] zones: the zones hold no pages (valid: at least one page per node: give a zone a size, or make one 'rest')");
	expect_error(
		"[machine]\nnodes = 2\nzones = DMA:0p, DMA32:0\n",
		"t.ini:3: [machine] zones: the zones hold no pages (valid: at least one page per node: give a zone a size, or make one 'rest')");
	/* an empty zone beside others is an unpopulated zone, as in the kernel */
	load_ok("[machine]\nmemory = 64M\nzones = DMA:0, DMA32:rest\n");
	assert_int_equal(scn.machine.zones[1].pages, 16384);
	/* a PTE's 28 bits of page frame number or swap slot, NO_PFN's value reserved */
	expect_error(
		"[machine]\nmemory = 1T\n",
		"t.ini:2: [machine] memory: 1T is 268435456 pages, more than the model numbers (valid: at most 268435454 pages, less than 1T of 4096-byte pages)");
	expect_error(
		"[machine]\nnodes = 2\nzones = DMA32:512G\n",
		"t.ini:3: [machine] zones: 1T is 268435456 pages, more than the model numbers (valid: at most 268435454 pages, less than 1T of 4096-byte pages)");
	expect_error(
		"[machine]\nmemory = 64M\nswap = 1T\n",
		"t.ini:3: [machine] swap: 1T is 268435456 pages, more than the model numbers (valid: at most 268435454 pages, less than 1T of 4096-byte pages)");
	load_ok("[machine]\nmemory = 64M\n");
	set_error_validate(
		"machine.memory=32T",
		"--set machine.memory=32T: [machine] memory: 32T is 8589934592 pages, more than the model numbers (valid: at most 268435454 pages, less than 1T of 4096-byte pages)");
	/* the page and swap maps within the host's memory: 1020G is 7.0G of struct page */
	if (host < need) {
		snprintf(
			msg, sizeof(msg),
			"t.ini:2: [machine] memory: 1020G of memory needs %.1fG of host memory for the model's page and swap maps, more than this host's %.1fG (valid: 28 bytes a page and 11 a swap slot within the host's physical memory)",
			(double)need / GiB, (double)host / GiB);
		expect_error("[machine]\nmemory = 1020G\n", msg);
	}

	/* min_free_kbytes below the DMA, DMA32 and Normal zones' memory */
	expect_error(
		"[machine]\nmemory = 64M\n[sysctl]\nmin_free_kbytes = 65536\n",
		"t.ini:4: [sysctl] min_free_kbytes: 65536 is not below the 65536 KiB of the DMA, DMA32 and Normal zones it is spread over: no allocation could succeed (valid: 0..65535, or auto)");
	/* Movable is not lowmem */
	expect_error(
		"[machine]\nmemory = 64M\nzones = DMA32:16M, Movable:rest\n[sysctl]\nmin_free_kbytes = 20000\n",
		"t.ini:5: [sysctl] min_free_kbytes: 20000 is not below the 16384 KiB of the DMA, DMA32 and Normal zones it is spread over: no allocation could succeed (valid: 0..16383, or auto)");
	load_ok("[machine]\nmemory = 64M\n[sysctl]\nmin_free_kbytes = 65535\n");
	/* a --set of memory that leaves the file's min_free_kbytes too large is named */
	set_error_validate(
		"machine.memory=32M",
		"--set machine.memory=32M: [sysctl] min_free_kbytes: 65535 is not below the 32768 KiB of the DMA, DMA32 and Normal zones it is spread over: no allocation could succeed (valid: 0..32767, or auto)");
	set_ok("machine.memory=64M");
	set_error_validate(
		"sysctl.min_free_kbytes=1000000",
		"--set sysctl.min_free_kbytes=1000000: [sysctl] min_free_kbytes: 1000000 is not below the 65536 KiB of the DMA, DMA32 and Normal zones it is spread over: no allocation could succeed (valid: 0..65535, or auto)");
	set_ok("sysctl.min_free_kbytes=auto");
	assert_int_equal(scenario_validate(&scn, err, sizeof(err)), 0);

	/* sample_interval: at least 1 ms */
	expect_error(
		"[run]\nsample_interval = 1ns\n",
		"t.ini:2: [run] sample_interval: '1ns' is below its floor (valid: 1ms or more)");
	expect_error(
		"[run]\nsample_interval = 999us\n",
		"t.ini:2: [run] sample_interval: '999us' is below its floor (valid: 1ms or more)");
	set_error(
		"run.sample_interval=100us",
		"--set run.sample_interval=100us: [run] sample_interval: '100us' is below its floor (valid: 1ms or more)");
	load_ok("[run]\nsample_interval = 1ms\n");
	assert_int_equal(scn.run.sample_interval_ns, NSEC_PER_MSEC);
}

/* Values that come from --set: validate names the --set option. */
static void test_set_origins(void **state)
{
	load_ok("[machine]\nmemory = 64M\nzones = DMA:16M, DMA32:rest\n"
		"[cgroup box]\nlimit = 8M\ncgroup = v1\n"
		"[workload w]\ntype = anon_fill\nsize = 1M\ncgroup = box\n");
	set_ok("cgroup.box.parent=box");
	assert_int_not_equal(scenario_validate(&scn, err, sizeof(err)), 0);
	assert_string_equal(err,
			    "--set cgroup.box.parent=box: [cgroup box] parent: cycle box -> box");
	set_ok("cgroup.box.parent=nope");
	assert_int_not_equal(scenario_validate(&scn, err, sizeof(err)), 0);
	assert_string_equal(
		err, "--set cgroup.box.parent=nope: [cgroup box] parent: no cgroup named 'nope'");
	set_ok("cgroup.box.parent=/");
	assert_int_equal(scenario_validate(&scn, err, sizeof(err)), 0);
	set_ok("cgroup.box.memsw_limit=4M");
	assert_int_not_equal(scenario_validate(&scn, err, sizeof(err)), 0);
	assert_string_equal(
		err,
		"--set cgroup.box.memsw_limit=4M: [cgroup box] memsw_limit: must be >= limit (the v1 kernel refuses it)");
	set_ok("cgroup.box.memsw_limit=max");
	set_ok("cgroup.box.max=100");
	assert_int_not_equal(scenario_validate(&scn, err, sizeof(err)), 0);
	assert_string_equal(
		err,
		"--set cgroup.box.max=100: [cgroup box] limit: must be at least one page (4096 bytes)");
	set_ok("cgroup.box.limit=8M");
	set_ok("workload.w.cgroup=nobox");
	assert_int_not_equal(scenario_validate(&scn, err, sizeof(err)), 0);
	assert_string_equal(
		err, "--set workload.w.cgroup=nobox: [workload w] cgroup: no cgroup named 'nobox'");
	set_ok("workload.w.cgroup=box");
	set_ok("machine.zones=DMA:16M, DMA32:16M");
	assert_int_not_equal(scenario_validate(&scn, err, sizeof(err)), 0);
	assert_string_equal(
		err,
		"--set machine.zones=DMA:16M, DMA32:16M: [machine] zones: add up to 32M but memory is 64M: add a 'rest' zone or fix memory");
	set_ok("machine.zones=DMA:16M, DMA32:rest");
	set_ok("machine.memory=67109888");
	assert_int_not_equal(scenario_validate(&scn, err, sizeof(err)), 0);
	assert_string_equal(
		err,
		"--set machine.memory=67109888: [machine] memory: 67109888 is not a whole number of 4096-byte pages");
	set_ok("machine.memory=64M");
	set_ok("machine.swap=4K");
	assert_int_not_equal(scenario_validate(&scn, err, sizeof(err)), 0);
	assert_string_equal(
		err,
		"--set machine.swap=4K: [machine] swap: must be 0 or at least 2 pages (8192 bytes: the first page is the swap header)");
	set_ok("machine.swap=0");
	assert_int_equal(scenario_validate(&scn, err, sizeof(err)), 0);
}

/* Sizes that are not whole pages, zones that do not fill memory. */
static void test_page_sizes(void **state)
{
	expect_error(
		"[machine]\nmemory = 64M\nzones = DMA:16M, DMA32:16M\n",
		"t.ini:3: [machine] zones: add up to 32M but memory is 64M: add a 'rest' zone or fix memory");
	/* the later of the two lines */
	expect_error(
		"[machine]\nzones = DMA:16M, DMA32:16M\nmemory = 64M\n",
		"t.ini:3: [machine] zones: add up to 32M but memory is 64M: add a 'rest' zone or fix memory");
	expect_error(
		"[machine]\nnodes = 2\nmemory = 128M\nzones = DMA:16M, DMA32:16M\n",
		"t.ini:4: [machine] zones: add up to 32M per node but memory is 64M per node (128M over 2 nodes): add a 'rest' zone or fix memory");
	expect_error(
		"[machine]\nmemory = 67109888\n",
		"t.ini:2: [machine] memory: 67109888 is not a whole number of 4096-byte pages");
	expect_error("[machine]\nmemory = 64M\npage_size = 64K\nmemory = 1M\n",
		     "t.ini:4: [machine] memory: duplicate key (first given at line 2)");
	expect_error("[machine]\nmemory = 96K\npage_size = 64K\n",
		     "t.ini:3: [machine] memory: 98304 is not a whole number of 65536-byte pages");
	expect_error("[cgroup c]\nlimit = 1000\n",
		     "t.ini:2: [cgroup c] limit: must be at least one page (4096 bytes)");
	expect_error("[machine]\nnodes = 2\nmemory = 4K\n",
		     "t.ini:3: [machine] memory: less than one page per node");
	expect_error(
		"[machine]\nswap = 4096\n",
		"t.ini:2: [machine] swap: must be 0 or at least 2 pages (8192 bytes: the first page is the swap header)");
	/* zones that fill memory exactly, and sizes that round down to whole pages */
	load_ok("[machine]\nmemory = 64M\nzones = DMA:16M, DMA32:48M\nswap = 10000\n"
		"[cgroup c]\nlimit = 4097\ncgroup = v1\n");
	assert_int_equal(scn.machine.swap, 10000);
	/* memory not given: it follows the zones, also through --set */
	load_ok("[machine]\nzones = DMA:16M, Normal:1G\n");
	assert_int_equal(scn.machine.memory, 1040 * MiB);
	set_ok("machine.zones=DMA:16M, Normal:2G");
	assert_int_equal(scn.machine.memory, 2064 * MiB);
	set_ok("machine.nodes=2");
	assert_int_equal(scn.machine.memory, 2 * 2064 * MiB);
	assert_int_equal(scenario_validate(&scn, err, sizeof(err)), 0);
}

/* --set of type checks the keys given in the section, as the file does. */
static void test_set_type_keys(void **state)
{
	load_ok("[workload w]\ntype = anon_fill\nsize = 1M\npasses = 2\n");
	set_error(
		"workload.w.type=file_write",
		"--set workload.w.type=file_write: [workload w] passes: not a key of type file_write (file_write takes tasks, size, program_text, program_data, program_text_start, program_binary, block)");
	assert_int_equal(scn.workloads[0].type, WL_ANON_FILL);
	/* a key given by --set counts too */
	load_ok("[workload w]\ntype = anon_fill\nsize = 1M\n");
	set_ok("workload.w.pattern=rand");
	set_error(
		"workload.w.type=file_read",
		"--set workload.w.type=file_read: [workload w] pattern: not a key of type file_read (file_read takes tasks, size, then, block, count)");
	/* only keys every type shares (and size): the type may change */
	load_ok("[workload w]\ntype = anon_fill\nsize = 1M\ntasks = 2\nstart = 1s\n");
	set_ok("workload.w.type=file_write");
	assert_int_equal(scn.workloads[0].type, WL_FILE_WRITE);
	/* the keys given move to the new type's fields; the others are its defaults */
	assert_int_equal(FS(&scn.workloads[0])->size, 1 * MiB);
	assert_int_equal(FS(&scn.workloads[0])->size_origin, 3);
	assert_int_equal(FS(&scn.workloads[0])->block, 1 * MiB);
	assert_int_equal(scn.workloads[0].tasks, 2);
	assert_int_equal(scn.workloads[0].start_ns, NSEC_PER_SEC);
	set_ok("workload.w.block=64K");
	set_error(
		"workload.w.type=anon_fill",
		"--set workload.w.type=anon_fill: [workload w] block: not a key of type anon_fill (anon_fill takes tasks, size, passes, pattern, hot_pct, hot_share, phase_lines, touch, then, oom_score_adj, program_text, program_data, program_text_start, program_binary)");
}

/* [machine] from = host: the host is the base, later keys and --set win. */
static void test_from_host(void **state)
{
	const char *root = host_proc_root;

	load_ok("[machine]\nfrom = host\ncpus = 3\nswap = 1G\n"
		"[sysctl]\nmin_free_kbytes = 12345\n");
	assert_true(scn.machine.from_host);
	assert_int_equal(scn.machine.cpus, 3);
	assert_int_equal(scn.machine.swap, GiB);
	assert_int_equal(scn.sysctl.min_free_kbytes, 12345);
	/* the rest is the fixture's */
	assert_int_equal(scn.machine.nr_zones, 3);
	assert_int_equal(scn.machine.zones[1].pages, 772807);
	assert_int_equal(scn.machine.memory, (3840ULL + 772807 + 688128) * 4096);
	assert_int_equal(scn.sysctl.swappiness, 60);
	/* zones after it replace the host's, and memory follows them */
	load_ok("[machine]\nfrom = host\nzones = DMA:16M, Normal:1G\n");
	assert_int_equal(scn.machine.memory, 1040 * MiB);
	assert_int_equal(scn.sysctl.min_free_kbytes, 67584);

	expect_error(
		"[machine]\ncpus = 3\nfrom = host\n",
		"t.ini:3: [machine] from: from = host must come before the other [machine] and [sysctl] keys ([machine] cpus is given at line 2)");
	expect_error(
		"[sysctl]\nswappiness = 10\n[machine]\nfrom = host\n",
		"t.ini:4: [machine] from: from = host must come before the other [machine] and [sysctl] keys ([sysctl] swappiness is given at line 2)");
	expect_error(
		"[machine]\nfrom = host\nmemory = 16G\n",
		"t.ini:3: [machine] zones: add up to 5859100K but memory is 16G: add a 'rest' zone or fix memory");
	expect_error(
		"[machine]\nfrom = host\npage_size = 16K\n",
		"t.ini:3: [machine] page_size: the host's zones (from = host, line 2) are in its 4096-byte pages: give zones too, or leave page_size to the host");

	/* --set machine.from=host: the host replaces the file's machine */
	load_ok("[machine]\ncpus = 16\nmemory = 1G\nswap = 1G\n[sysctl]\nswappiness = 7\n");
	set_ok("machine.from=host");
	assert_int_equal(scn.machine.cpus, 2);
	assert_int_equal(scn.machine.nr_zones, 3);
	assert_int_equal(scn.machine.swap, GiB);
	assert_int_equal(scn.sysctl.swappiness, 60);
	set_ok("machine.cpus=5");
	assert_int_equal(scn.machine.cpus, 5);
	assert_int_equal(scenario_validate(&scn, err, sizeof(err)), 0);

	/* a host that cannot be read: the error, and nothing changed */
	host_proc_root = "/nonexistent";
	expect_error(
		"[machine]\nfrom = host\n",
		"t.ini:2: [machine] from: /nonexistent/zoneinfo: cannot read: No such file or directory");
	load_ok("[machine]\ncpus = 16\n");
	set_error(
		"machine.from=host",
		"--set machine.from=host: [machine] from: /nonexistent/zoneinfo: cannot read: No such file or directory");
	assert_int_equal(scn.machine.cpus, 16);
	assert_int_equal(scn.machine.nr_zones, 0);
	host_proc_root = root;
}

/* Lines: at most 198 characters, comments not counted. */
static void test_long_lines(void **state)
{
	char text[2048], want[SCN_ERR_LEN];
	char pad[400];

	memset(pad, 'x', 300);
	pad[300] = '\0';
	snprintf(text, sizeof(text), "; %s\n[machine] ; %s\n# %s\ncpus = 3   ; %s\n", pad, pad, pad,
		 pad);
	load_ok(text);
	assert_int_equal(scn.machine.cpus, 3);
	snprintf(want, sizeof(want),
		 "t.ini:2: line too long (at most 198 characters, comments not counted)");
	snprintf(text, sizeof(text), "[cgroup c]\nparent = %.190s\n", pad);
	expect_error(text, want);
	/* 198 is fine */
	snprintf(text, sizeof(text), "[cgroup c]\nparent = %.189s\n", pad);
	snprintf(want, sizeof(want),
		 "t.ini:2: [cgroup c] parent: path too long (at most 127 characters): '%.189s'",
		 pad);
	expect_error(text, want);
}

static void test_missing_file(void **state)
{
	assert_int_not_equal(scenario_load(&scn, "/nonexistent/x.ini", err, sizeof(err)), 0);
	assert_string_equal(err, "/nonexistent/x.ini: cannot open: No such file or directory");
}

/* A real file: the messages carry its path. */
static void test_file_path(void **state)
{
	char path[] = "/tmp/reclaimsim-test-XXXXXX";
	const char text[] = "[machine]\ncpus = 2\n\nmemory = 12Q\n";
	char want[SCN_ERR_LEN];

	test_write_temp(path, text);
	assert_int_not_equal(scenario_load(&scn, path, err, sizeof(err)), 0);
	snprintf(want, sizeof(want),
		 "%s:4: [machine] memory: bad size '12Q' (expected a number with K/M/G/T suffix)",
		 path);
	assert_string_equal(err, want);
	unlink(path);
}

/* ---- shipped scenarios ---- */

static void test_default_scenario(void **state)
{
	const struct scn_workload *w;

	assert_int_equal(scenario_load_string(&scn, "(built-in)", default_scenario_text(), err,
					      sizeof(err)),
			 0);
	assert_int_equal(scenario_validate(&scn, err, sizeof(err)), 0);
	assert_int_equal(scn.machine.cpus, 2);
	assert_int_equal(scn.machine.memory, 1 * GiB);
	assert_int_equal(scn.machine.swap, 512 * MiB);
	assert_int_equal(scn.machine.swap_dev.latency_ns, 100000);
	assert_int_equal(scn.nr_cgroups, 1);
	assert_string_equal(scn.cgroups[0].name, "box");
	assert_int_equal(scn.cgroups[0].limit, 256 * MiB);
	assert_int_equal(scn.nr_workloads, 2);
	w = &scn.workloads[0];
	assert_string_equal(w->name, "fill");
	assert_int_equal(w->type, WL_ANON_FILL);
	assert_string_equal(w->cgroup, "box");
	assert_int_equal(AF(w)->size, 384 * MiB);
	assert_int_equal(AF(w)->passes, 2);
	assert_false(AF(w)->random);
	assert_true(AF(w)->touch_write);
	w = &scn.workloads[1];
	assert_string_equal(w->name, "stream");
	assert_int_equal(w->type, WL_FILE_READ);
	assert_string_equal(w->cgroup, "");
	assert_int_equal(FS(w)->size, 768 * MiB);
	assert_int_equal(FS(w)->count, 1);
	assert_int_equal(scn.run.seed, 1);
	assert_int_equal(scn.run.duration_ns, 120 * NSEC_PER_SEC);
}

static void test_all_scenario_files(void **state)
{
	glob_t g;
	char pattern[1024];

	snprintf(pattern, sizeof(pattern), "%s", test_path("scenarios/*.ini"));
	assert_int_equal(glob(pattern, 0, NULL, &g), 0);
	assert_true(g.gl_pathc >= 6);
	for (size_t i = 0; i < g.gl_pathc; i++) {
		int ret = scenario_load(&scn, g.gl_pathv[i], err, sizeof(err));

		if (!ret)
			ret = scenario_validate(&scn, err, sizeof(err));
		if (ret)
			print_error("%s\n", err);
		assert_int_equal(ret, 0);
		assert_true(scn.nr_workloads >= 1);
	}
	globfree(&g);
}

/* The oracle machine, as every oracle scenario gives it. */
static void test_oracle_scenario(void **state)
{
	assert_int_equal(scenario_load(&scn, test_path("scenarios/anonfill-over-swap-seq.ini"), err,
				       sizeof(err)),
			 0);
	assert_int_equal(scn.machine.cpus, 2);
	assert_int_equal(scn.machine.nr_zones, 3);
	assert_int_equal(scn.machine.zones[0].pages, 3840);
	assert_int_equal(scn.machine.zones[1].pages, 772807);
	assert_int_equal(scn.machine.zones[2].pages, 688128);
	assert_int_equal(scn.sysctl.min_free_kbytes, 67584);
	assert_int_equal(scn.machine.swap, 65535ULL * 4096);
	assert_int_equal(scn.cgroups[0].limit, 128 * MiB);
	assert_int_equal(scn.cgroups[0].memsw_limit, 384 * MiB);
	assert_int_equal(AF(&scn.workloads[0])->size, 192 * MiB);
	assert_int_equal(AF(&scn.workloads[0])->passes, 3);
	assert_true(AF(&scn.workloads[0])->touch_write);
}

int main(void)
{
	/* [machine] from = host reads the oracle VM's /proc, not this host's */
	char *proc = strdup(test_path("tests/data/proc"));
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_note_unprintable),
		cmocka_unit_test(test_parse_size),
		cmocka_unit_test(test_parse_time),
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_section_defaults),
		cmocka_unit_test(test_profiles),
		cmocka_unit_test(test_profile_data),
		cmocka_unit_test(test_profile_values),
		cmocka_unit_test(test_profile_override),
		cmocka_unit_test(test_profile_key_errors),
		cmocka_unit_test(test_all_keys),
		cmocka_unit_test(test_preset_order),
		cmocka_unit_test(test_device_completion_keys),
		cmocka_unit_test(test_syntax_details),
		cmocka_unit_test(test_zones),
		cmocka_unit_test(test_set),
		cmocka_unit_test(test_set_errors),
		cmocka_unit_test(test_bad_sections),
		cmocka_unit_test(test_too_many_sections),
		cmocka_unit_test(test_bad_keys),
		cmocka_unit_test(test_bad_values),
		cmocka_unit_test(test_workload_types),
		cmocka_unit_test(test_workload_shapes),
		cmocka_unit_test(test_validate_errors),
		cmocka_unit_test(test_machine_limits),
		cmocka_unit_test(test_set_origins),
		cmocka_unit_test(test_page_sizes),
		cmocka_unit_test(test_set_type_keys),
		cmocka_unit_test(test_from_host),
		cmocka_unit_test(test_long_lines),
		cmocka_unit_test(test_missing_file),
		cmocka_unit_test(test_file_path),
		cmocka_unit_test(test_default_scenario),
		cmocka_unit_test(test_all_scenario_files),
		cmocka_unit_test(test_oracle_scenario),
	};

	int ret;

	host_proc_root = proc;
	ret = cmocka_run_group_tests(tests, NULL, NULL);
	free(proc);
	return ret;
}

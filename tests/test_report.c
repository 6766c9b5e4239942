// SPDX-License-Identifier: MIT
/*
 * test_report.c - the kernel-format writers, the JSON and the text report
 * on a booted machine (tests/lib: one node, five zones, root + box +
 * box/inner cgroups, one workload) whose counters, watermarks and figures
 * the fixture sets by hand, without running anything.  Expected
 * values are worked out by hand in the comments, and the layouts are
 * checked against real v6.x files (this machine's /proc/vmstat order and
 * /proc/zoneinfo layout, the oracle's v1 memory.stat keys).
 */
#include "testsim.h"

#include <math.h>

#include <cjson/cJSON.h>

#include "mm/page_alloc.h"

#define PS 4096ULL
#define UNLIMITED_BYTES "9223372036854771712" /* (LONG_MAX / 4096) * 4096 */

struct fixture {
	struct sim *sim;
	struct mem_cgroup *root, *box, *inner;
};

static void set_zone(struct zone *z, struct pglist_data *pgdat, enum zone_type idx, u64 managed,
		     u64 present, u64 spanned, u64 min, u64 low, u64 high, u64 promo, u64 boost,
		     const long prot[5], long free)
{
	/* @prot as x86-64's zoneinfo lists it */
	static const enum zone_type x86_zones[] = { ZONE_DMA, ZONE_DMA32, ZONE_NORMAL, ZONE_MOVABLE,
						    ZONE_DEVICE };

	z->zone_pgdat = pgdat;
	z->idx = idx;
	z->managed_pages = managed;
	z->present_pages = present;
	z->spanned_pages = spanned;
	z->_watermark[WMARK_MIN] = min;
	z->_watermark[WMARK_LOW] = low;
	z->_watermark[WMARK_HIGH] = high;
	z->_watermark[WMARK_PROMO] = promo;
	z->watermark_boost = boost;
	for (int i = 0; i < 5; i++)
		z->lowmem_reserve[x86_zones[i]] = prot[i];
	z->vm_stat[NR_FREE_PAGES] = free;
}

static int setup(void **state)
{
	static const long prot_dma[5] = { 0, 3018, 3658, 3658, 3658 };
	static const long prot_dma32[5] = { 0, 0, 640, 640, 640 };
	static const long prot_none[5] = { 0, 0, 0, 0, 0 };
	struct fixture *fx = calloc(1, sizeof(*fx));
	struct sim *sim;
	struct pglist_data *pgdat;
	struct workload_inst *wl;

	assert_non_null(fx);
	/* root (unlimited) -> box (128M) -> inner (256M; memsw 64M below) */
	sim = fx->sim =
		test_sim_zones(NULL, 3840, 772807, 163840,
			       "cpus = 2\n[policy]\nkernel = 6.12\ncgroup = v1\n[run]\nseed = 42\n"
			       "[cgroup box]\nlimit = 128M\n"
			       "[cgroup inner]\nparent = box\nlimit = 256M\n"
			       "[workload fill]\ntype = anon_fill\nsize = 1M\ncgroup = box\n");
	snprintf(sim->scn.path, sizeof(sim->scn.path), "scenarios/test.ini");
	sim->eng.now = 7890000000ULL; /* 7.89 s */
	assert_int_equal(sim->page_size, PS);
	assert_int_equal(sim->nr_nodes, 1);
	pgdat = &sim->nodes[0];
	set_zone(&pgdat->node_zones[ZONE_DMA], pgdat, ZONE_DMA, 3840, 3998, 4095, 44, 55, 66, 77, 0,
		 prot_dma, 3800);
	/* boosted: zoneinfo shows 8914+100 = 9014, 11242, 13470, 15698 */
	set_zone(&pgdat->node_zones[ZONE_DMA32], pgdat, ZONE_DMA32, 772807, 782336, 1044480, 8914,
		 11142, 13370, 15598, 100, prot_dma32, 500000);
	set_zone(&pgdat->node_zones[ZONE_NORMAL], pgdat, ZONE_NORMAL, 163840, 163840, 163840, 1882,
		 2352, 2822, 3292, 0, prot_none, 100000);
	set_zone(&pgdat->node_zones[ZONE_MOVABLE], pgdat, ZONE_MOVABLE, 0, 0, 0, 32, 32, 32, 32, 0,
		 prot_none, 0);
	set_zone(&pgdat->node_zones[ZONE_DEVICE], pgdat, ZONE_DEVICE, 0, 0, 0, 0, 0, 0, 0, 0,
		 prot_none, 0);
	/* the per-CPU lists' marks from the unboosted watermarks, as at boot */
	pgdat->node_zones[ZONE_DMA32].watermark_boost = 0;
	for (int z = 0; z < MAX_NR_ZONES; z++)
		zone_pcp_update(sim, &pgdat->node_zones[z]);
	pgdat->node_zones[ZONE_DMA32].watermark_boost = 100;
	assert_int_equal(pgdat->node_zones[ZONE_DMA].zone_start_pfn, 0);
	assert_int_equal(pgdat->node_zones[ZONE_DMA32].zone_start_pfn, 3840);
	assert_int_equal(pgdat->node_zones[ZONE_NORMAL].zone_start_pfn, 776647);
	/* summed over zones: 50 + 100 = 150 */
	pgdat->node_zones[ZONE_DMA32].vm_stat[NR_ZONE_INACTIVE_ANON] = 50;
	pgdat->node_zones[ZONE_NORMAL].vm_stat[NR_ZONE_INACTIVE_ANON] = 100;
	/* a transiently negative counter reads as 0, as in the kernel */
	pgdat->node_zones[ZONE_NORMAL].vm_stat[NR_MLOCK] = -5;
	pgdat->vm_stat[NR_ANON_MAPPED] = 2388;
	pgdat->vm_stat[NR_FILE_MAPPED] = 2702;
	pgdat->vm_stat[NR_KERNEL_STACK_KB] = 1372;

	sim->vm_events[PGSCAN_ANON] = 123;
	sim->vm_events[PGSTEAL_ANON] = 100;
	sim->vm_events[ALLOCSTALL_NORMAL] = 7;
	sim->vm_events[ALLOCSTALL_DMA32] = 2;
	sim->vm_events[OOM_KILL] = 1;
	sim->vm_events[PGFREE] = (1ULL << 60) + 1; /* not a double */

	sim->reclaim.max_parallel_reclaimers = 1298;
	sim->reclaim.max_try_to_free_pages_ns = 1234567;
	sim->reclaim.overreclaim_pages = 31;
	sim->reclaim.oom_kills = 1;

	assert_int_equal(sim->nr_memcgs, 3);
	fx->root = test_memcg_named(sim, "/");
	fx->box = test_memcg_named(sim, "box");
	fx->inner = test_memcg_named(sim, "inner");
	assert_int_equal(fx->box->memory.max, 32768);
	assert_int_equal(fx->inner->memory.max, 65536);
	/* v1 takes a memsw limit below the memory limit only in this order
	 * (the scenario refuses it): set by hand */
	fx->inner->memsw.max = 16384;
	/* statistics set by hand: the groups count, as if a run had charged them */
	assert_int_equal(memcg_vmstats_alloc(fx->box), 0);
	assert_int_equal(memcg_vmstats_alloc(fx->inner), 0);

	fx->root->vm_stat[NR_ANON_MAPPED] = 7;
	fx->root->memory.usage = 1051;

	fx->box->vm_stat[NR_FILE_PAGES] = 20;
	fx->box->vm_stat[NR_ANON_MAPPED] = 1000;
	fx->box->vm_stat[NR_FILE_DIRTY] = 2;
	fx->box->vm_stat[WORKINGSET_REFAULT_FILE] = 18;
	fx->box->vm_stat[NR_INACTIVE_ANON] = 900;
	fx->box->vm_stat[NR_ACTIVE_ANON] = 100;
	fx->box->vm_stat[NR_INACTIVE_FILE] = 16;
	fx->box->vm_stat[NR_ACTIVE_FILE] = 4;
	fx->box->memcg_stat[MEMCG_SWAP] = 5;
	fx->box->memcg_stat[MEMCG_PGPGIN] = 24660;
	fx->box->memcg_stat[MEMCG_PGPGOUT] = 24640;
	fx->box->vm_events[PGFAULT] = 24735;
	fx->box->vm_events[PGMAJFAULT] = 2;
	fx->box->memory.usage = 1020;
	fx->box->memory.watermark = 24756;
	fx->box->memory.failcnt = 17;
	fx->box->memsw.usage = 1025;
	fx->box->oom_kill = 1;

	fx->inner->vm_stat[NR_ANON_MAPPED] = 24;
	fx->inner->vm_stat[NR_INACTIVE_ANON] = 24;
	fx->inner->vm_stat[WORKINGSET_REFAULT_FILE] = 1;
	fx->inner->vm_events[PGFAULT] = 5;

	/* one finished, OOM-killed workload (its task never ran) */
	wl = test_workload_named(sim, "fill");
	assert_ptr_equal(wl->memcg, fx->box);
	assert_int_equal(wl->nr_tasks, 1);
	wl->start_ns = 0;
	wl->end_ns = 7890000000ULL;
	wl->utime_ns = 1230000000ULL;
	wl->stime_ns = 4560000000ULL;
	wl->min_flt = 45678;
	wl->maj_flt = 123;
	wl->exit_signal = 9;
	wl->nr_figures = 2;
	wl->figures[0] = (struct wl_figure){ "hot_miss_total", 844, true };
	wl->figures[1] = (struct wl_figure){ "hit_ratio", 0.25, false };

	assert_null(sim->samples);
	sim->nr_samples = 2;
	sim->samples = calloc(2, sizeof(*sim->samples));
	assert_non_null(sim->samples);
	sim->samples[0] = (struct sample){
		.t_ns = 100000000ULL, .free = 500, .min = 10840, .low = 13549, .high = 16258
	};
	sim->samples[1] = (struct sample){ .t_ns = 1234567891ULL,
					   .free = 400,
					   .min = 10840,
					   .low = 13549,
					   .high = 16258,
					   .pgscan = 64,
					   .pgsteal = 60,
					   .reclaimers = 3,
					   .active_anon = 70,
					   .inactive_anon = 20,
					   .pgrefill = 90,
					   .pgdeactivate = 30,
					   .pswpout = 12,
					   .pswpin = 5,
					   .pgmajfault = 2 };
	/* the disk over the 1.134567891 s since: half busy, 2 in flight, 10 ms a request */
	sim->samples[1].disk[0] =
		(struct sample_disk){ 4, 40 * NSEC_PER_MSEC, 567283945ULL, 2269135782ULL };
	/* psi's totals in us (truncated), the second zone's own figures */
	sim->samples[1].psi_some_ns = 2500000;
	sim->samples[1].psi_full_ns = 1000999;
	sim->samples[1].zone[1] = (struct sample_zone){ 300, 10000, 12000, 14000 };

	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	sim_destroy(fx->sim);
	free(fx);
	return 0;
}

/* Does @text contain @line as a whole line? */
static bool has_line(const char *text, const char *line)
{
	size_t n = strlen(line);

	for (const char *p = strstr(text, line); p; p = strstr(p + 1, line))
		if ((p == text || p[-1] == '\n') && (p[n] == '\n' || p[n] == '\0'))
			return true;
	return false;
}

static bool starts_with(const char *text, const char *prefix)
{
	return !strncmp(text, prefix, strlen(prefix));
}

static void assert_line(const char *text, const char *line)
{
	if (!has_line(text, line))
		fail_msg("missing line \"%s\" in:\n%s", line, text);
}

/* ---- names.c ---------------------------------------------------------- */

static void test_names_complete_unique(void **state)
{
	const char *all[NR_VM_ZONE_STAT_ITEMS + NR_VM_NODE_STAT_ITEMS + NR_VM_EVENT_ITEMS];
	size_t n = 0;

	(void)state;
	for (int i = 0; i < NR_VM_ZONE_STAT_ITEMS; i++)
		all[n++] = zone_stat_name[i];
	for (int i = 0; i < NR_VM_NODE_STAT_ITEMS; i++)
		all[n++] = node_stat_name[i];
	for (int i = 0; i < NR_VM_EVENT_ITEMS; i++)
		all[n++] = vm_event_name[i];
	for (size_t i = 0; i < n; i++) {
		if (!all[i])
			fail_msg("name %zu is NULL", i);
		assert_int_equal(strspn(all[i], "abcdefghijklmnopqrstuvwxyz0123456789_"),
				 strlen(all[i]));
		for (size_t j = 0; j < i; j++)
			if (!strcmp(all[i], all[j]))
				fail_msg("name \"%s\" twice", all[i]);
	}
	/* the spellings that differ from the enum names */
	assert_string_equal(zone_stat_name[NR_ZONE_WRITE_PENDING], "nr_zone_write_pending");
	assert_string_equal(node_stat_name[NR_ANON_MAPPED], "nr_anon_pages");
	assert_string_equal(node_stat_name[NR_FILE_MAPPED], "nr_mapped");
	assert_string_equal(node_stat_name[NR_KERNEL_STACK_KB], "nr_kernel_stack");
	assert_string_equal(node_stat_name[NR_PAGETABLE], "nr_page_table_pages");
	assert_string_equal(node_stat_name[NR_SWAPCACHE], "nr_swapcached");
	assert_string_equal(node_stat_name[NR_VMSCAN_IMMEDIATE], "nr_vmscan_immediate_reclaim");
	assert_string_equal(vm_event_name[PGALLOC_DMA], "pgalloc_dma");
	assert_string_equal(vm_event_name[ALLOCSTALL_DMA32], "allocstall_dma32");
	assert_string_equal(vm_event_name[OOM_KILL], "oom_kill");
	assert_string_equal(vm_event_name[SWAP_RA], "swap_ra");
}

/* ---- /proc/vmstat ----------------------------------------------------- */

/*
 * A real /proc/vmstat's names in order (Linux 6.18, x86-64, up to
 * swap_ra_hit); every line the model prints must be one of these, in
 * this order.
 */
static const char real_vmstat_order[] =
	"nr_free_pages nr_free_pages_blocks nr_zone_inactive_anon nr_zone_active_anon "
	"nr_zone_inactive_file nr_zone_active_file nr_zone_unevictable nr_zone_write_pending "
	"nr_mlock nr_zspages nr_free_cma numa_hit numa_miss numa_foreign numa_interleave "
	"numa_local numa_other nr_inactive_anon nr_active_anon nr_inactive_file nr_active_file "
	"nr_unevictable nr_slab_reclaimable nr_slab_unreclaimable nr_isolated_anon "
	"nr_isolated_file workingset_nodes workingset_refault_anon workingset_refault_file "
	"workingset_activate_anon workingset_activate_file workingset_restore_anon "
	"workingset_restore_file workingset_nodereclaim nr_anon_pages nr_mapped nr_file_pages "
	"nr_dirty nr_writeback nr_shmem nr_shmem_hugepages nr_shmem_pmdmapped nr_file_hugepages "
	"nr_file_pmdmapped nr_anon_transparent_hugepages nr_vmscan_write "
	"nr_vmscan_immediate_reclaim nr_dirtied nr_written nr_throttled_written "
	"nr_kernel_misc_reclaimable nr_foll_pin_acquired nr_foll_pin_released nr_kernel_stack "
	"nr_page_table_pages nr_sec_page_table_pages nr_iommu_pages nr_swapcached "
	"pgpromote_success pgpromote_candidate pgpromote_candidate_nrl pgdemote_kswapd "
	"pgdemote_direct pgdemote_khugepaged pgdemote_proactive nr_hugetlb nr_balloon_pages "
	"nr_kernel_file_pages nr_dirty_threshold nr_dirty_background_threshold nr_memmap_pages "
	"nr_memmap_boot_pages pgpgin pgpgout pswpin pswpout pgalloc_dma pgalloc_dma32 "
	"pgalloc_normal pgalloc_movable pgalloc_device allocstall_dma allocstall_dma32 "
	"allocstall_normal allocstall_movable allocstall_device pgskip_dma pgskip_dma32 "
	"pgskip_normal pgskip_movable pgskip_device pgfree pgactivate pgdeactivate pglazyfree "
	"pgfault pgmajfault pglazyfreed pgrefill pgreuse pgsteal_kswapd pgsteal_direct "
	"pgsteal_khugepaged pgsteal_proactive pgscan_kswapd pgscan_direct pgscan_khugepaged "
	"pgscan_proactive pgscan_direct_throttle pgscan_anon pgscan_file pgsteal_anon pgsteal_file "
	"zone_reclaim_success zone_reclaim_failed pginodesteal slabs_scanned kswapd_inodesteal "
	"kswapd_low_wmark_hit_quickly kswapd_high_wmark_hit_quickly pageoutrun pgrotated "
	"drop_pagecache drop_slab oom_kill numa_pte_updates numa_huge_pte_updates numa_hint_faults "
	"numa_hint_faults_local numa_pages_migrated pgmigrate_success pgmigrate_fail "
	"thp_migration_success thp_migration_fail thp_migration_split compact_migrate_scanned "
	"compact_free_scanned compact_isolated compact_stall compact_fail compact_success "
	"compact_daemon_wake compact_daemon_migrate_scanned compact_daemon_free_scanned "
	"htlb_buddy_alloc_success htlb_buddy_alloc_fail unevictable_pgs_culled "
	"unevictable_pgs_scanned unevictable_pgs_rescued unevictable_pgs_mlocked "
	"unevictable_pgs_munlocked unevictable_pgs_cleared unevictable_pgs_stranded "
	"thp_fault_alloc thp_fault_fallback thp_fault_fallback_charge thp_collapse_alloc "
	"thp_collapse_alloc_failed thp_file_alloc thp_file_fallback thp_file_fallback_charge "
	"thp_file_mapped thp_split_page thp_split_page_failed thp_deferred_split_page "
	"thp_underused_split_page thp_split_pmd thp_scan_exceed_none_pte thp_scan_exceed_swap_pte "
	"thp_scan_exceed_share_pte thp_split_pud thp_zero_page_alloc thp_zero_page_alloc_failed "
	"thp_swpout thp_swpout_fallback balloon_inflate balloon_deflate balloon_migrate "
	/* a kernel built with CONFIG_DEBUG_TLBFLUSH has these four here */
	"nr_tlb_remote_flush nr_tlb_remote_flush_received nr_tlb_local_flush_all "
	"nr_tlb_local_flush_one swap_ra "
	"swap_ra_hit ";

/* Position of the word @name in real_vmstat_order, or -1. */
static long real_pos(const char *name, size_t len)
{
	const char *p = real_vmstat_order;

	for (long pos = 0; *p; pos++) {
		const char *sp = strchr(p, ' ');

		if ((size_t)(sp - p) == len && !strncmp(p, name, len))
			return pos;
		p = sp + 1;
	}
	return -1;
}

static void test_vmstat_lines(void **state)
{
	struct fixture *fx = *state;
	char *out = NULL;
	long last = -1;
	size_t nr_lines = 0;

	CAPTURE(out, report_vmstat(OUT, fx->sim));
	/* 3800 + 500000 + 100000 */
	assert_true(starts_with(out, "nr_free_pages 603800\n"));
	assert_line(out, "nr_zone_inactive_anon 150");
	assert_line(out, "nr_mlock 0");
	assert_line(out, "nr_anon_pages 2388");
	assert_line(out, "nr_mapped 2702");
	assert_line(out, "nr_kernel_stack 1372");
	assert_line(out, "pgscan_anon 123");
	assert_line(out, "pgsteal_anon 100");
	assert_line(out, "allocstall_normal 7");
	assert_line(out, "allocstall_dma32 2");
	assert_line(out, "oom_kill 1");
	assert_line(out, "pgfree 1152921504606846977");
	assert_line(out, "pgscan_kswapd 0");
	assert_null(strstr(out, "nr_dirty_threshold"));

	for (const char *p = out; *p; nr_lines++) {
		const char *sp = strchr(p, ' ');
		const char *nl = strchr(p, '\n');
		long pos;

		assert_non_null(sp);
		assert_non_null(nl);
		pos = real_pos(p, (size_t)(sp - p));
		if (pos < 0)
			fail_msg("\"%.*s\" is not a /proc/vmstat name", (int)(sp - p), p);
		if (pos <= last)
			fail_msg("\"%.*s\" out of the kernel's order", (int)(sp - p), p);
		last = pos;
		p = nl + 1;
	}
	/*
	 * all but pgalloc_high, allocstall_high, pgskip_high: x86-64 has no
	 * HighMem; kswapd_skip_congestion_wait, 2.6.32..3.8's only; and
	 * zone_reclaim_failed, printed with zone_reclaim_mode on only
	 */
	assert_int_equal(nr_lines,
			 NR_VM_ZONE_STAT_ITEMS + NR_VM_NODE_STAT_ITEMS + NR_VM_EVENT_ITEMS - 5);
	free(out);
}

/* ---- memory.stat ------------------------------------------------------ */

/* The v1 keys in order, as a real 6.x memory.stat (oracle anonfill.json). */
static const char *const v1_keys[] = {
	"cache",
	"rss",
	"rss_huge",
	"shmem",
	"mapped_file",
	"dirty",
	"writeback",
	"workingset_refault_anon",
	"workingset_refault_file",
	"swap",
	"swapcached",
	"pgpgin",
	"pgpgout",
	"pgfault",
	"pgmajfault",
	"inactive_anon",
	"active_anon",
	"inactive_file",
	"active_file",
	"unevictable",
	"hierarchical_memory_limit",
	"hierarchical_memsw_limit",
	"total_cache",
	"total_rss",
	"total_rss_huge",
	"total_shmem",
	"total_mapped_file",
	"total_dirty",
	"total_writeback",
	"total_workingset_refault_anon",
	"total_workingset_refault_file",
	"total_swap",
	"total_swapcached",
	"total_pgpgin",
	"total_pgpgout",
	"total_pgfault",
	"total_pgmajfault",
	"total_inactive_anon",
	"total_active_anon",
	"total_inactive_file",
	"total_active_file",
	"total_unevictable",
};

static void test_memory_stat_keys(void **state)
{
	struct fixture *fx = *state;
	char *out = NULL;
	const char *p;
	size_t i = 0;

	CAPTURE(out, report_memory_stat(OUT, fx->sim, fx->box));
	for (p = out; *p; i++) {
		const char *sp = strchr(p, ' ');

		assert_non_null(sp);
		assert_true(i < sizeof(v1_keys) / sizeof(v1_keys[0]));
		if (strlen(v1_keys[i]) != (size_t)(sp - p) || strncmp(p, v1_keys[i], sp - p))
			fail_msg("line %zu: \"%.*s\", want \"%s\"", i, (int)(sp - p), p,
				 v1_keys[i]);
		p = strchr(p, '\n') + 1;
	}
	assert_int_equal(i, sizeof(v1_keys) / sizeof(v1_keys[0]));
	free(out);
}

static void test_memory_stat_values(void **state)
{
	struct fixture *fx = *state;
	char *out = NULL;

	CAPTURE(out, report_memory_stat(OUT, fx->sim, fx->box));
	/* pages in bytes */
	assert_line(out, "cache 81920"); /* 20 * 4096 */
	assert_line(out, "rss 4096000"); /* 1000 * 4096 */
	assert_line(out, "rss_huge 0");
	assert_line(out, "dirty 8192");
	assert_line(out, "swap 20480"); /* 5 * 4096 */
	assert_line(out, "inactive_anon 3686400"); /* 900 * 4096 */
	assert_line(out, "inactive_file 65536");
	assert_line(out, "active_file 16384");
	/* events as counts */
	assert_line(out, "workingset_refault_file 18");
	assert_line(out, "pgpgin 24660");
	assert_line(out, "pgpgout 24640");
	assert_line(out, "pgfault 24735");
	assert_line(out, "pgmajfault 2");
	/* box's own limit; root is unlimited so memsw is PAGE_COUNTER_MAX */
	assert_line(out, "hierarchical_memory_limit 134217728");
	assert_line(out, "hierarchical_memsw_limit " UNLIMITED_BYTES);
	/* totals over box + inner */
	assert_line(out, "total_rss 4194304"); /* 1024 * 4096 */
	assert_line(out, "total_inactive_anon 3784704"); /* 924 * 4096 */
	assert_line(out, "total_workingset_refault_file 19");
	assert_line(out, "total_pgfault 24740");
	assert_line(out, "total_cache 81920");
	free(out);

	/* inner: 256M own limit, 128M from box; memsw 64M its own */
	CAPTURE(out, report_memory_stat(OUT, fx->sim, fx->inner));
	assert_line(out, "hierarchical_memory_limit 134217728");
	assert_line(out, "hierarchical_memsw_limit 67108864");
	assert_line(out, "rss 98304");
	assert_line(out, "total_rss 98304");
	free(out);

	/* root: everything below it, unlimited */
	CAPTURE(out, report_memory_stat(OUT, fx->sim, fx->root));
	assert_line(out, "rss 28672"); /* 7 * 4096 */
	assert_line(out, "total_rss 4222976"); /* 1031 * 4096 */
	assert_line(out, "hierarchical_memory_limit " UNLIMITED_BYTES);
	free(out);
}

/*
 * A small v2 run: app (max 5M) holds a 4M anon fill in app/leaf and reads
 * a 2M file itself; old is a v1 group beside it.  No swap, so only the
 * file pages are reclaimable: the reader's charges reclaim its own clean,
 * never-referenced file pages directly, each scanned page stolen.
 */
static const char v2_ini[] = "[machine]\ncpus = 2\nmemory = 64M\nzones = DMA:16M, DMA32:rest\n"
			     "cgroup = v2\n"
			     "[cgroup app]\nmax = 5M\n"
			     "[cgroup app/leaf]\n"
			     "[cgroup old]\ncgroup = v1\n"
			     "[workload a]\ntype = anon_fill\ncgroup = app/leaf\nsize = 4M\n"
			     "passes = 1\nthen = hold\n"
			     "[workload f]\ntype = file_read\ncgroup = app\nsize = 2M\n";

/* Pages charged to @memcg's subtree but held in a CPU's charge stock. */
static u64 stock_pages(const struct sim *sim, const struct mem_cgroup *memcg)
{
	u64 nr = 0;

	for (unsigned int c = 0; c < sim->eng.nr_cpus; c++) {
		const struct memcg_stock *stock = &sim->mm_cpus[c].stock;

		if (stock->memcg &&
		    mem_cgroup_is_descendant(stock->memcg, (struct mem_cgroup *)memcg))
			nr += stock->nr;
	}
	return nr;
}

/*
 * The v2 memory.stat of app: memcg_stat_format()'s v6.12 lines, each the
 * subtree's.  anon: the 1024 pages of the held 4M fill (in app/leaf);
 * file: what reclaim left of the reader's 512 pages, 512 - pgsteal = 202;
 * pgsteal = pgscan, all by the reader's direct reclaim; pgfault: the
 * fill's 1024 first touches (read() takes no fault).
 */
static void test_memory_stat_v2(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", v2_ini);
	struct mem_cgroup *app, *leaf, *old;
	char *out = NULL;

	sim_run(sim);
	app = test_memcg_named(sim, "app");
	leaf = test_memcg_named(sim, "app/leaf");
	old = test_memcg_named(sim, "old");
	CAPTURE(out, report_memory_stat(OUT, sim, app));
	assert_string_equal(out, "anon 4194304\n" /* 1024 pages */
				 "file 970752\n" /* 237 pages */
				 "sec_pagetables 0\n"
				 "sock 0\n"
				 "shmem 0\n"
				 "zswap 0\n"
				 "zswapped 0\n"
				 "file_mapped 0\n"
				 "file_dirty 0\n"
				 "file_writeback 0\n"
				 "swapcached 0\n"
				 "anon_thp 0\n"
				 "file_thp 0\n"
				 "shmem_thp 0\n"
				 "inactive_anon 4194304\n"
				 "active_anon 0\n"
				 "inactive_file 970752\n"
				 "active_file 0\n"
				 "unevictable 0\n"
				 "workingset_refault_anon 0\n"
				 "workingset_refault_file 0\n"
				 "workingset_activate_anon 0\n"
				 "workingset_activate_file 0\n"
				 "workingset_restore_anon 0\n"
				 "workingset_restore_file 0\n"
				 "workingset_nodereclaim 0\n"
				 "pgdemote_kswapd 0\n"
				 "pgdemote_direct 0\n"
				 "pgdemote_khugepaged 0\n"
				 "pgscan 275\n"
				 "pgsteal 275\n" /* = 512 - 237 */
				 "pgscan_kswapd 0\n"
				 "pgscan_direct 275\n"
				 "pgscan_khugepaged 0\n"
				 "pgsteal_kswapd 0\n"
				 "pgsteal_direct 275\n"
				 "pgsteal_khugepaged 0\n"
				 "pgfault 1024\n"
				 "pgmajfault 0\n"
				 "pgrefill 0\n"
				 "pgactivate 0\n"
				 "pgdeactivate 0\n"
				 "pglazyfree 0\n"
				 "pglazyfreed 0\n"
				 "zswpin 0\n"
				 "zswpout 0\n"
				 "zswpwb 0\n"
				 "thp_fault_alloc 0\n"
				 "thp_collapse_alloc 0\n"
				 "thp_swpout 0\n"
				 "thp_swpout_fallback 0\n");
	free(out);

	/* memory.current: anon + file, and what a CPU's stock holds pre-charged */
	assert_int_equal(app->memory.usage * PS, test_memory_stat(sim, "app", "anon") +
							 test_memory_stat(sim, "app", "file") +
							 stock_pages(sim, app) * PS);
	assert_int_equal(leaf->memory.usage * PS,
			 test_memory_stat(sim, "app/leaf", "anon") +
				 test_memory_stat(sim, "app/leaf", "file") +
				 stock_pages(sim, leaf) * PS);

	/* the leaf alone: the fill, none of the reader's file or events */
	assert_int_equal(test_memory_stat(sim, "app/leaf", "anon"), 1024 * PS);
	assert_int_equal(test_memory_stat(sim, "app/leaf", "file"), 0);
	assert_int_equal(test_memory_stat(sim, "app/leaf", "pgfault"), 1024);
	assert_int_equal(test_memory_stat(sim, "app/leaf", "pgscan"), 0);

	/* the v1 group beside it keeps the v1 format: cache first, total_* last */
	CAPTURE(out, report_memory_stat(OUT, sim, old));
	assert_true(!strncmp(out, "cache 0\nrss 0\nrss_huge 0\n", 25));
	assert_line(out, "total_unevictable 0");
	assert_null(strstr(out, "\nanon "));
	free(out);
	assert_false(old->dfl);
}

/* ---- /proc/zoneinfo --------------------------------------------------- */

/*
 * [policy] zoneinfo_format: the whole of /proc/zoneinfo of a booted 64 MiB
 * x86-64 machine, 1 CPU, DMA 16 MiB (4096 pages) and Normal 48 MiB
 * (12288), in three kernels' layouts.  The figures:
 *   min: min_free_kbytes = int_sqrt(65536 KiB x 16) = 1024 KiB = 256
 *        pages, shared by managed pages: DMA 64, Normal 192; low and high
 *        min + min/4 and min + min/2 (80, 96; 240, 288), which 4.6's
 *        watermark_scale_factor (10 / 10000 of 4096 = 4 < 16) leaves;
 *   protection: DMA's reserve against Normal and the zones above it
 *        12288 / 256 = 48; before 4.12 no ZONE_DEVICE entry;
 *   pagesets: zone_batchsize() 4096 / 1024 / 4 = 1 (DMA), 12288 / 1024 /
 *        4 = 3 (Normal), high 6 x batch; vm stats threshold 2 x fls(1) x
 *        (1 + fls(managed >> 15 = 0)) = 2;
 *   inactive_ratio: under 1 GiB, 1; prev_priority DEF_PRIORITY, 12;
 *   node_inactive_ratio 0 (nothing set it after 4.10);
 *   start_pfn: the model's own frames (Normal after DMA's 4096);
 *   numa_hit ... numa_other: 0, nothing allocated yet (zone items, after
 *        the others, until 4.14; their own block after the zone's since).
 * 2.6.25 and 3.10 print only populated zones, 4.12 every zone of the
 * arch, the empty ones short.
 */
static const char zoneinfo_ini[] = "[machine]\nmemory = 64M\ncpus = 1\n"
				   "zones = DMA:16M, Normal:48M\n[policy]\nkernel = ";

static void assert_zoneinfo_of(const char *kernel, const char *want)
{
	char ini[256], *out = NULL;
	struct sim *sim;

	snprintf(ini, sizeof(ini), "%s%s\n", zoneinfo_ini, kernel);
	sim = test_sim_from_text(NULL, "t.ini", ini);
	CAPTURE(out, report_zoneinfo(OUT, sim));
	assert_string_equal(out, want);
	free(out);
	sim_destroy(sim);
}

static void test_zoneinfo_formats(void **state)
{
	/* 2.6.25: the single LRU's scan counts and lists, prev_priority */
	assert_zoneinfo_of("2.6.25", "Node 0, zone      DMA\n"
				     "  pages free     4096\n"
				     "        min      64\n"
				     "        low      80\n"
				     "        high     96\n"
				     "        scanned  0 (a: 0 i: 0)\n"
				     "        spanned  4096\n"
				     "        present  4096\n"
				     "    nr_free_pages 4096\n"
				     "    nr_inactive  0\n"
				     "    nr_active    0\n"
				     "    numa_hit     0\n"
				     "    numa_miss    0\n"
				     "    numa_foreign 0\n"
				     "    numa_interleave 0\n"
				     "    numa_local   0\n"
				     "    numa_other   0\n"
				     "        protection: (0, 0, 48, 48)\n"
				     "  pagesets\n"
				     "    cpu: 0\n"
				     "              count: 0\n"
				     "              high:  6\n"
				     "              batch: 1\n"
				     "  vm stats threshold: 2\n"
				     "  all_unreclaimable: 0\n"
				     "  prev_priority:     12\n"
				     "  start_pfn:         0\n"
				     "Node 0, zone   Normal\n"
				     "  pages free     12288\n"
				     "        min      192\n"
				     "        low      240\n"
				     "        high     288\n"
				     "        scanned  0 (a: 0 i: 0)\n"
				     "        spanned  12288\n"
				     "        present  12288\n"
				     "    nr_free_pages 12288\n"
				     "    nr_inactive  0\n"
				     "    nr_active    0\n"
				     "    numa_hit     0\n"
				     "    numa_miss    0\n"
				     "    numa_foreign 0\n"
				     "    numa_interleave 0\n"
				     "    numa_local   0\n"
				     "    numa_other   0\n"
				     "        protection: (0, 0, 0, 0)\n"
				     "  pagesets\n"
				     "    cpu: 0\n"
				     "              count: 0\n"
				     "              high:  18\n"
				     "              batch: 3\n"
				     "  vm stats threshold: 2\n"
				     "  all_unreclaimable: 0\n"
				     "  prev_priority:     12\n"
				     "  start_pfn:         4096\n");
	/* 3.10 (3.8's layout): managed, the split LRU's lists, inactive_ratio */
	assert_zoneinfo_of("3.10", "Node 0, zone      DMA\n"
				   "  pages free     4096\n"
				   "        min      64\n"
				   "        low      80\n"
				   "        high     96\n"
				   "        scanned  0\n"
				   "        spanned  4096\n"
				   "        present  4096\n"
				   "        managed  4096\n"
				   "    nr_free_pages 4096\n"
				   "    nr_inactive_anon 0\n"
				   "    nr_active_anon 0\n"
				   "    nr_inactive_file 0\n"
				   "    nr_active_file 0\n"
				   "    nr_unevictable 0\n"
				   "    nr_mlock     0\n"
				   "    numa_hit     0\n"
				   "    numa_miss    0\n"
				   "    numa_foreign 0\n"
				   "    numa_interleave 0\n"
				   "    numa_local   0\n"
				   "    numa_other   0\n"
				   "        protection: (0, 0, 48, 48)\n"
				   "  pagesets\n"
				   "    cpu: 0\n"
				   "              count: 0\n"
				   "              high:  6\n"
				   "              batch: 1\n"
				   "  vm stats threshold: 2\n"
				   "  all_unreclaimable: 0\n"
				   "  start_pfn:         0\n"
				   "  inactive_ratio:    1\n"
				   "Node 0, zone   Normal\n"
				   "  pages free     12288\n"
				   "        min      192\n"
				   "        low      240\n"
				   "        high     288\n"
				   "        scanned  0\n"
				   "        spanned  12288\n"
				   "        present  12288\n"
				   "        managed  12288\n"
				   "    nr_free_pages 12288\n"
				   "    nr_inactive_anon 0\n"
				   "    nr_active_anon 0\n"
				   "    nr_inactive_file 0\n"
				   "    nr_active_file 0\n"
				   "    nr_unevictable 0\n"
				   "    nr_mlock     0\n"
				   "    numa_hit     0\n"
				   "    numa_miss    0\n"
				   "    numa_foreign 0\n"
				   "    numa_interleave 0\n"
				   "    numa_local   0\n"
				   "    numa_other   0\n"
				   "        protection: (0, 0, 0, 0)\n"
				   "  pagesets\n"
				   "    cpu: 0\n"
				   "              count: 0\n"
				   "              high:  18\n"
				   "              batch: 3\n"
				   "  vm stats threshold: 2\n"
				   "  all_unreclaimable: 0\n"
				   "  start_pfn:         4096\n"
				   "  inactive_ratio:    1\n");
	/* 4.12: 4.8's per-node stats, 4.12's empty zones, node_inactive_ratio */
	assert_zoneinfo_of("4.12", "Node 0, zone      DMA\n"
				   "  per-node stats\n"
				   "      nr_inactive_anon 0\n"
				   "      nr_active_anon 0\n"
				   "      nr_inactive_file 0\n"
				   "      nr_active_file 0\n"
				   "      nr_unevictable 0\n"
				   "      nr_isolated_anon 0\n"
				   "      nr_isolated_file 0\n"
				   "      workingset_refault 0\n"
				   "      workingset_activate 0\n"
				   "      workingset_nodereclaim 0\n"
				   "      nr_anon_pages 0\n"
				   "      nr_mapped    0\n"
				   "      nr_file_pages 0\n"
				   "      nr_dirty     0\n"
				   "      nr_writeback 0\n"
				   "      nr_shmem     0\n"
				   "      nr_vmscan_write 0\n"
				   "      nr_vmscan_immediate_reclaim 0\n"
				   "      nr_dirtied   0\n"
				   "      nr_written   0\n"
				   "  pages free     4096\n"
				   "        min      64\n"
				   "        low      80\n"
				   "        high     96\n"
				   "        spanned  4096\n"
				   "        present  4096\n"
				   "        managed  4096\n"
				   "        protection: (0, 0, 48, 48, 48)\n"
				   "      nr_free_pages 4096\n"
				   "      nr_zone_inactive_anon 0\n"
				   "      nr_zone_active_anon 0\n"
				   "      nr_zone_inactive_file 0\n"
				   "      nr_zone_active_file 0\n"
				   "      nr_zone_unevictable 0\n"
				   "      nr_zone_write_pending 0\n"
				   "      nr_mlock     0\n"
				   "      numa_hit     0\n"
				   "      numa_miss    0\n"
				   "      numa_foreign 0\n"
				   "      numa_interleave 0\n"
				   "      numa_local   0\n"
				   "      numa_other   0\n"
				   "  pagesets\n"
				   "    cpu: 0\n"
				   "              count: 0\n"
				   "              high:  6\n"
				   "              batch: 1\n"
				   "  vm stats threshold: 2\n"
				   "  node_unreclaimable:  0\n"
				   "  start_pfn:           0\n"
				   "  node_inactive_ratio: 0\n"
				   "Node 0, zone    DMA32\n"
				   "  pages free     0\n"
				   "        min      0\n"
				   "        low      0\n"
				   "        high     0\n"
				   "        spanned  0\n"
				   "        present  0\n"
				   "        managed  0\n"
				   "        protection: (0, 0, 48, 48, 48)\n"
				   "Node 0, zone   Normal\n"
				   "  pages free     12288\n"
				   "        min      192\n"
				   "        low      240\n"
				   "        high     288\n"
				   "        spanned  12288\n"
				   "        present  12288\n"
				   "        managed  12288\n"
				   "        protection: (0, 0, 0, 0, 0)\n"
				   "      nr_free_pages 12288\n"
				   "      nr_zone_inactive_anon 0\n"
				   "      nr_zone_active_anon 0\n"
				   "      nr_zone_inactive_file 0\n"
				   "      nr_zone_active_file 0\n"
				   "      nr_zone_unevictable 0\n"
				   "      nr_zone_write_pending 0\n"
				   "      nr_mlock     0\n"
				   "      numa_hit     0\n"
				   "      numa_miss    0\n"
				   "      numa_foreign 0\n"
				   "      numa_interleave 0\n"
				   "      numa_local   0\n"
				   "      numa_other   0\n"
				   "  pagesets\n"
				   "    cpu: 0\n"
				   "              count: 0\n"
				   "              high:  18\n"
				   "              batch: 3\n"
				   "  vm stats threshold: 2\n"
				   "  node_unreclaimable:  0\n"
				   "  start_pfn:           4096\n"
				   "  node_inactive_ratio: 0\n"
				   "Node 0, zone  Movable\n"
				   "  pages free     0\n"
				   "        min      0\n"
				   "        low      0\n"
				   "        high     0\n"
				   "        spanned  0\n"
				   "        present  0\n"
				   "        managed  0\n"
				   "        protection: (0, 0, 0, 0, 0)\n"
				   "Node 0, zone   Device\n"
				   "  pages free     0\n"
				   "        min      0\n"
				   "        low      0\n"
				   "        high     0\n"
				   "        spanned  0\n"
				   "        present  0\n"
				   "        managed  0\n"
				   "        protection: (0, 0, 0, 0, 0)\n");
}

static void test_zoneinfo(void **state)
{
	struct fixture *fx = *state;
	char *out = NULL;
	const char *p;
	int nr;

	CAPTURE(out, report_zoneinfo(OUT, fx->sim));
	assert_true(starts_with(out, "Node 0, zone      DMA\n  per-node stats\n"
				     "      nr_inactive_anon 0\n"));
	/* %-12s pads short names */
	assert_line(out, "      nr_mapped    2702");
	assert_line(out, "      nr_anon_pages 2388");
	/* per-node stats once, before the first populated zone */
	for (nr = 0, p = out; (p = strstr(p, "per-node stats")); p++)
		nr++;
	assert_int_equal(nr, 1);

	assert_line(out, "        protection: (0, 3018, 3658, 3658, 3658)");
	assert_line(out, "        protection: (0, 0, 640, 640, 640)");
	/* DMA32, with the boost of 100 added to every watermark */
	p = strstr(out, "Node 0, zone    DMA32\n");
	assert_non_null(p);
	assert_true(starts_with(p, "Node 0, zone    DMA32\n"
				   "  pages free     500000\n"
				   "        boost    100\n"
				   "        min      9014\n"
				   "        low      11242\n"
				   "        high     13470\n"
				   "        promo    15698\n"
				   "        spanned  1044480\n"
				   "        present  782336\n"
				   "        managed  772807\n"
				   "        cma      0\n"
				   "        protection: (0, 0, 640, 640, 640)\n"
				   "      nr_free_pages 500000\n"
				   "      nr_zone_inactive_anon 50\n"));
	assert_line(out, "      nr_mlock     0");
	assert_line(out, "  node_unreclaimable:  0");
	assert_line(out, "  start_pfn:           776647");
	/*
	 * The pagesets of DMA32 as a real v6.18 machine with these
	 * watermarks and 2 CPUs prints them (shared/oracle/results/
	 * system.json), but for high, 0 until a list is first used (the
	 * real DMA's lists show it so).
	 */
	p = strstr(out, "Node 0, zone    DMA32\n");
	assert_non_null(p);
	p = strstr(p, "  pagesets\n");
	assert_non_null(p);
	assert_true(starts_with(p, "  pagesets\n"
				   "    cpu: 0\n"
				   "              count:    0\n"
				   "              high:     0\n"
				   "              batch:    63\n"
				   "              high_min: 5571\n"
				   "              high_max: 48300\n"
				   "  vm stats threshold: 24\n"
				   "    cpu: 1\n"
				   "              count:    0\n"
				   "              high:     0\n"
				   "              batch:    63\n"
				   "              high_min: 5571\n"
				   "              high_max: 48300\n"
				   "  vm stats threshold: 24\n"
				   "  node_unreclaimable:  0\n"
				   "  start_pfn:           3840\n"));
	assert_non_null(strstr(out, "              high_min: 27\n"
				    "              high_max: 240\n"
				    "  vm stats threshold: 4\n"));
	/* unpopulated zones: the short form, byte for byte as the kernel */
	assert_string_equal(strstr(out, "Node 0, zone  Movable\n"),
			    "Node 0, zone  Movable\n"
			    "  pages free     0\n"
			    "        boost    0\n"
			    "        min      32\n"
			    "        low      32\n"
			    "        high     32\n"
			    "        promo    32\n"
			    "        spanned  0\n"
			    "        present  0\n"
			    "        managed  0\n"
			    "        cma      0\n"
			    "        protection: (0, 0, 0, 0, 0)\n"
			    "Node 0, zone   Device\n"
			    "  pages free     0\n"
			    "        boost    0\n"
			    "        min      0\n"
			    "        low      0\n"
			    "        high     0\n"
			    "        promo    0\n"
			    "        spanned  0\n"
			    "        present  0\n"
			    "        managed  0\n"
			    "        cma      0\n"
			    "        protection: (0, 0, 0, 0, 0)\n");
	free(out);
}

/* ---- JSON ------------------------------------------------------------- */

static const cJSON *get(const cJSON *o, const char *name)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, name);

	if (!it)
		fail_msg("JSON member \"%s\" missing", name);
	return it;
}

static double num(const cJSON *o, const char *name)
{
	const cJSON *it = get(o, name);

	assert_true(cJSON_IsNumber(it));
	return it->valuedouble;
}

static void assert_close(double a, double b)
{
	if (fabs(a - b) > 1e-9 * fmax(1.0, fabs(b)))
		fail_msg("%.17g != %.17g", a, b);
}

/*
 * The JSON's cgroups.PATH carry each group's own memory.stat names: v2
 * names for app, the v1 names for old, the other members for both.
 */
static void test_json_memory_stat_v2(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", v2_ini);
	char *out = NULL;
	cJSON *root;
	const cJSON *cg;

	sim_run(sim);
	CAPTURE(out, report_json(OUT, sim));
	root = cJSON_Parse(out);
	if (!root)
		fail_msg("not JSON:\n%s", out);
	cg = cJSON_GetObjectItemCaseSensitive(get(root, "cgroups"), "app");
	assert_non_null(cg);
	assert_close(num(cg, "anon"), 1024 * PS);
	assert_close(num(cg, "file"), 237 * PS);
	assert_close(num(cg, "pgsteal"), 275);
	assert_close(num(cg, "current"),
		     (double)(1024 + 237 + stock_pages(sim, test_memcg_named(sim, "app"))) * PS);
	assert_null(cJSON_GetObjectItemCaseSensitive(cg, "rss"));
	assert_null(cJSON_GetObjectItemCaseSensitive(cg, "total_rss"));
	cg = cJSON_GetObjectItemCaseSensitive(get(root, "cgroups"), "old");
	assert_non_null(cg);
	assert_close(num(cg, "total_rss"), 0);
	assert_non_null(strstr(out, "\"hierarchical_memory_limit\":\t" UNLIMITED_BYTES ","));
	assert_null(cJSON_GetObjectItemCaseSensitive(cg, "anon"));
	cJSON_Delete(root);
	free(out);
}

static void test_json_contract(void **state)
{
	struct fixture *fx = *state;
	char *out = NULL;
	cJSON *root;
	const cJSON *o, *z, *prot, *cg;

	CAPTURE(out, report_json(OUT, fx->sim));
	root = cJSON_Parse(out);
	if (!root)
		fail_msg("not JSON:\n%s", out);

	assert_string_equal(get(root, "scenario")->valuestring, "scenarios/test.ini");
	assert_close(num(root, "seed"), 42);

	o = get(root, "time");
	assert_close(num(o, "elapsed_s"), 7.89);
	assert_close(num(o, "user_s"), 1.23);
	assert_close(num(o, "sys_s"), 4.56);
	assert_close(num(o, "major_faults"), 123);
	assert_close(num(o, "minor_faults"), 45678);

	o = get(root, "vmstat");
	assert_close(num(o, "pgscan_anon"), 123);
	assert_close(num(o, "nr_zone_inactive_anon"), 150);
	assert_close(num(o, "nr_free_pages"), 603800);
	/* as test_vmstat_lines: the hidden lines are not members */
	assert_int_equal(cJSON_GetArraySize(o),
			 NR_VM_ZONE_STAT_ITEMS + NR_VM_NODE_STAT_ITEMS + NR_VM_EVENT_ITEMS - 5);

	o = get(root, "reclaim");
	assert_close(num(o, "max_parallel_reclaimers"), 1298);
	assert_close(num(o, "max_try_to_free_pages_ns"), 1234567);
	assert_close(num(o, "overreclaim_pages"), 31);
	assert_close(num(o, "oom_kills"), 1);

	o = get(root, "zones");
	assert_true(cJSON_IsArray(o));
	/* x86-64's five zones: DMA, DMA32, Normal, Movable, Device */
	assert_int_equal(cJSON_GetArraySize(o), 5);
	z = cJSON_GetArrayItem(o, 1);
	assert_close(num(z, "node"), 0);
	assert_string_equal(get(z, "name")->valuestring, "DMA32");
	assert_close(num(z, "managed"), 772807);
	assert_close(num(z, "min"), 9014);
	assert_close(num(z, "low"), 11242);
	assert_close(num(z, "high"), 13470);
	assert_close(num(z, "free"), 500000);
	z = cJSON_GetArrayItem(o, 0);
	prot = get(z, "protection");
	assert_int_equal(cJSON_GetArraySize(prot), 5);
	assert_close(cJSON_GetArrayItem(prot, 1)->valuedouble, 3018);
	assert_close(cJSON_GetArrayItem(prot, 4)->valuedouble, 3658);
	assert_string_equal(get(cJSON_GetArrayItem(o, 4), "name")->valuestring, "Device");

	o = get(root, "cgroups");
	assert_int_equal(cJSON_GetArraySize(o), 3);
	get(o, "/");
	/* named by its path (parent = box) */
	get(o, "box/inner");
	cg = get(o, "box");
	assert_close(num(cg, "rss"), 4096000);
	assert_close(num(cg, "total_rss"), 4194304);
	assert_close(num(cg, "hierarchical_memory_limit"), 134217728);
	assert_close(num(cg, "usage_in_bytes"), 1020 * PS);
	assert_close(num(cg, "max_usage_in_bytes"), 24756 * PS);
	assert_close(num(cg, "failcnt"), 17);
	assert_close(num(cg, "limit_in_bytes"), 134217728);
	assert_close(num(cg, "memsw_usage_in_bytes"), 1025 * PS);
	assert_close(num(cg, "oom_kill"), 1);

	o = get(get(root, "workloads"), "fill");
	assert_string_equal(get(o, "type")->valuestring, "anon_fill");
	assert_close(num(o, "elapsed_s"), 7.89);
	assert_close(num(o, "user_s"), 1.23);
	assert_close(num(o, "sys_s"), 4.56);
	assert_close(num(o, "major_faults"), 123);
	assert_close(num(o, "minor_faults"), 45678);
	assert_close(num(o, "exit_signal"), 9);
	assert_close(num(o, "hot_miss_total"), 844);
	assert_close(num(o, "hit_ratio"), 0.25);

	/* integers as exact integer text, even past 2^53 */
	assert_non_null(strstr(out, "\"pgfree\":\t1152921504606846977,"));
	assert_non_null(strstr(out, "\"hierarchical_memsw_limit\":\t" UNLIMITED_BYTES ","));
	assert_non_null(strstr(out, "\"limit_in_bytes\":\t" UNLIMITED_BYTES ","));
	assert_non_null(strstr(out, "\"hot_miss_total\":\t844,"));
	assert_non_null(strstr(out, "\"seed\":\t42,"));
	assert_null(strstr(out, ".0,"));
	assert_null(strstr(out, "e+"));

	cJSON_Delete(root);
	free(out);
}

static void test_json_deterministic(void **state)
{
	struct fixture *fx = *state;
	char *a = NULL, *b = NULL;

	CAPTURE(a, report_json(OUT, fx->sim));
	CAPTURE(b, report_json(OUT, fx->sim));
	assert_string_equal(a, b);
	/* and it depends on the state: one more oom kill changes it */
	fx->sim->reclaim.oom_kills++;
	free(b);
	b = NULL;
	CAPTURE(b, report_json(OUT, fx->sim));
	assert_true(strcmp(a, b) != 0);
	fx->sim->reclaim.oom_kills--;
	free(a);
	free(b);
}

/*
 * A run cut off by run.duration: the live task's times count too, found
 * among the engine's tasks (a task a workload's task forked is in no
 * list of the workload's).
 */
static void test_json_live_task(void **state)
{
	struct fixture *fx = *state;
	struct workload_inst *wl = &fx->sim->workloads[0];
	struct engine *eng = &fx->sim->eng;
	struct task task = { .state = TASK_RUNNING,
			     .wl = wl,
			     .utime_ns = 500000000ULL,
			     .stime_ns = 250000000ULL,
			     .min_flt = 10,
			     .maj_flt = 1 };
	struct task *tasks[1] = { &task };
	struct task **real_tasks = eng->tasks; /* the booted ones, never run */
	unsigned int real_nr = eng->nr_tasks;
	char *out = NULL;
	cJSON *root;
	const cJSON *o;

	eng->nr_tasks = 1;
	eng->tasks = tasks;
	wl->running = 1;
	wl->start_ns = 890000000ULL; /* started at 0.89 s, still running at 7.89 s */
	CAPTURE(out, report_json(OUT, fx->sim));
	eng->tasks = real_tasks;
	eng->nr_tasks = real_nr;
	wl->running = 0;
	wl->start_ns = 0;

	root = cJSON_Parse(out);
	assert_non_null(root);
	o = get(get(root, "workloads"), "fill");
	assert_close(num(o, "elapsed_s"), 7.0);
	assert_close(num(o, "user_s"), 1.73);
	assert_close(num(o, "sys_s"), 4.81);
	assert_close(num(o, "minor_faults"), 45688);
	assert_close(num(o, "major_faults"), 124);
	o = get(root, "time");
	assert_close(num(o, "user_s"), 1.73);
	cJSON_Delete(root);
	free(out);

	/* a dead task was already folded in by workload_task_exit() */
	task.state = TASK_DEAD;
	eng->nr_tasks = 1;
	eng->tasks = tasks;
	CAPTURE(out, report_json(OUT, fx->sim));
	eng->tasks = real_tasks;
	eng->nr_tasks = real_nr;
	root = cJSON_Parse(out);
	assert_non_null(root);
	assert_close(num(get(get(root, "workloads"), "fill"), "user_s"), 1.23);
	cJSON_Delete(root);
	free(out);
}

/* ---- text report and CSV ---------------------------------------------- */

static void test_text_report(void **state)
{
	struct fixture *fx = *state;
	char *out = NULL;

	CAPTURE(out, report_text(OUT, fx->sim));
	assert_line(out, "scenario: scenarios/test.ini, seed 42, kernel profile 6.12");
	assert_line(out, "fill: type anon_fill, cgroup box");
	assert_line(out, "fill: Command terminated by signal 9");
	/* (1.23 + 4.56) / 7.89 = 73.4 % */
	assert_line(out, "fill: 1.23user 4.56system 0:07.89elapsed 73%CPU "
			 "(0avgtext+0avgdata 0maxresident)k");
	assert_line(out, "fill: 0inputs+0outputs (123major+45678minor)pagefaults 0swaps");
	assert_line(out, "fill: hot_miss_total 844");
	assert_line(out, "fill: hit_ratio 0.25");
	assert_line(out, "  allocstall                     9");
	assert_line(out, "  pgscan_anon                    123");
	assert_line(out, "  oom_kills                      1");
	assert_line(out, "  max_parallel_reclaimers        1298");
	assert_line(out, "  max_try_to_free_pages          1.234567 ms");
	assert_non_null(strstr(out, "machine: 2 CPUs, 1 node, managed 3673.77M "
				    "(940487 pages of 4 KiB), swap none\n"));
	assert_non_null(strstr(out, "  box              usage 3.98M max_usage 96.70M "
				    "failcnt 17 limit 128.00M oom_kill 1\n"));
	assert_non_null(strstr(out, "  /                usage 4.10M"));
	assert_non_null(strstr(out, "limit unlimited"));
	free(out);
}

static void test_elapsed_over_an_hour(void **state)
{
	struct fixture *fx = *state;
	struct workload_inst *wl = &fx->sim->workloads[0];
	char *out = NULL;

	/* GNU time switches to h:mm:ss at one hour: 3723.5 s = 1:02:03 */
	wl->end_ns = 3723500000000ULL;
	wl->exit_signal = 0;
	CAPTURE(out, report_text(OUT, fx->sim));
	wl->end_ns = 7890000000ULL;
	wl->exit_signal = 9;
	assert_non_null(strstr(out, "fill: 1.23user 4.56system 1:02:03elapsed 0%CPU"));
	assert_null(strstr(out, "terminated"));
	free(out);
}

static void test_timeseries_csv(void **state)
{
	struct fixture *fx = *state;
	char *out = NULL;

	CAPTURE(out, report_timeseries_csv(OUT, fx->sim));
	assert_string_equal(
		out,
		"t_s,free,min,low,high,pgscan,pgsteal,reclaimers,active_anon,inactive_anon,"
		"pgrefill,pgdeactivate,pswpout,pswpin,pgmajfault,pgscan_kswapd,pgscan_direct,"
		"pgsteal_kswapd,pgsteal_direct,in_direct,in_memcg,throttled,swap_used,dirty,"
		"writeback,compact_stall,compact_success,highorder_failed,"
		"disk_util,disk_queue,disk_await_ms,swap_util,swap_queue,swap_await_ms,"
		"psi_some_us,psi_full_us,"
		"node0_DMA:free,node0_DMA:min,node0_DMA:low,node0_DMA:high,"
		"node0_DMA32:free,node0_DMA32:min,node0_DMA32:low,node0_DMA32:high,"
		"node0_Normal:free,node0_Normal:min,node0_Normal:low,node0_Normal:high\n"
		"0.100000000,500,10840,13549,16258,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
		"0.0,0.00,0.00,0.0,0.00,0.00,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n"
		"1.234567891,400,10840,13549,16258,64,60,3,70,20,90,30,12,5,2,0,0,0,0,0,0,0,0,0,0,0,0,"
		"0,50.0,2.00,10.00,0.0,0.00,0.00,2500,1000,0,0,0,0,300,10000,12000,14000,0,0,0,0\n");
	free(out);
}

/*
 * /proc/diskstats and /sys/block/sda/stat: the kernel's field order
 * (v6.12 diskstats_show / part_stat_show), ms from ns, discards and
 * flushes 0; sdb only with swap.
 */
static void test_diskstats(void **state)
{
	struct fixture *fx = *state;
	struct blkdev *dev = &fx->sim->disk_dev;
	char *out = NULL;

	dev->stats[REQ_OP_READ] = (struct blk_dir_stats){ 10, 2, 640, 25 * NSEC_PER_MSEC };
	dev->stats[REQ_OP_WRITE] = (struct blk_dir_stats){ 7, 30, 2048, 90 * NSEC_PER_MSEC };
	dev->io_ticks_ns = 100 * NSEC_PER_MSEC;
	dev->time_in_queue_ns = 115 * NSEC_PER_MSEC;
	dev->stamp_ns = fx->sim->eng.now;
	CAPTURE(out, report_diskstats(OUT, fx->sim));
	assert_string_equal(
		out, fx->sim->scn.machine.swap ?
			     "   8       0 sda 10 2 640 25 7 30 2048 90 0 100 115 0 0 0 0 0 0\n"
			     "   8      16 sdb 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n" :
			     "   8       0 sda 10 2 640 25 7 30 2048 90 0 100 115 0 0 0 0 0 0\n");
	free(out);
	CAPTURE(out, report_disk_stat(OUT, fx->sim, "sda"));
	assert_string_equal(
		out, "      10        2      640       25        7       30     2048       90"
		     "        0      100      115        0        0        0        0        0"
		     "        0\n");
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names_complete_unique),
		cmocka_unit_test_setup_teardown(test_vmstat_lines, setup, teardown),
		cmocka_unit_test_setup_teardown(test_memory_stat_keys, setup, teardown),
		cmocka_unit_test_setup_teardown(test_memory_stat_values, setup, teardown),
		test_sim_unit_test(test_memory_stat_v2),
		test_sim_unit_test(test_json_memory_stat_v2),
		cmocka_unit_test_setup_teardown(test_zoneinfo, setup, teardown),
		cmocka_unit_test(test_zoneinfo_formats),
		cmocka_unit_test_setup_teardown(test_json_contract, setup, teardown),
		cmocka_unit_test_setup_teardown(test_json_deterministic, setup, teardown),
		cmocka_unit_test_setup_teardown(test_json_live_task, setup, teardown),
		cmocka_unit_test_setup_teardown(test_text_report, setup, teardown),
		cmocka_unit_test_setup_teardown(test_elapsed_over_an_hour, setup, teardown),
		cmocka_unit_test_setup_teardown(test_diskstats, setup, teardown),
		cmocka_unit_test_setup_teardown(test_timeseries_csv, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

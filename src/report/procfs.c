// SPDX-License-Identifier: MIT
/*
 * procfs.c - the simulated machine's counters in the kernel's own file
 * formats, so that a real dump and a simulated one can be read by the same
 * scripts and compared line by line:
 *
 *   /proc/vmstat      mm/vmstat.c vmstat_show() (v6.12; the layouts of
 *                     [policy] vmstat_format are procfs_era.c's)
 *   /proc/zoneinfo    mm/vmstat.c zoneinfo_show_print() (v6.12, or the layout of
 *                     [policy] zoneinfo_format: 2.6.25 .. 4.12)
 *   /proc/meminfo     fs/proc/meminfo.c meminfo_proc_show() (v6.12; the
 *                     layouts of [policy] meminfo_format are procfs_era.c's)
 *   memory.stat (v1)  mm/memcontrol-v1.c memcg1_stat_format() (v6.12)
 *   memory.stat (v2)  mm/memcontrol.c memcg_stat_format() (v6.12)
 *   memory.events     mm/memcontrol.c __memory_events_show() (v6.12)
 *   /proc/pressure/memory, memory.pressure
 *                     kernel/sched/psi.c psi_show() (v6.12)
 *   /proc/buddyinfo, /proc/pagetypeinfo, debugfs extfrag/{unusable,extfrag}_index
 *                     mm/vmstat.c frag_show_print(), pagetypeinfo_show(),
 *                     unusable_show_print(), extfrag_show_print() (v6.12)
 *
 * Here (vmstat_format and meminfo_format = model, the JSON's lines) only
 * counters the model keeps are printed (vmstat_items.h); a line the
 * kernel prints for a counter the model lacks is left out rather than
 * shown as a made-up 0, except where the model can say the value is 0 for
 * certain (memory.stat rss_huge: the model has no THP; the v2 lines of
 * memcg2_lines[] marked SRC_NONE).
 *
 * Like the kernel's readers, the sums below clamp a transiently negative
 * counter to 0 (global_zone_page_state(), memcg_page_state_local() under
 * CONFIG_SMP) instead of printing a huge unsigned number.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "procfs.h"
#include "../mm/sim.h"
#include "../mm/page_alloc.h"
#include "../sim/psi.h"

static u64 clamp_nonneg(long long v)
{
	return v < 0 ? 0 : (u64)v;
}

/* global_zone_page_state(): @item summed over every zone of every node. */
u64 global_zone_state(const struct sim *sim, enum zone_stat_item item)
{
	long long sum = 0;

	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		for (int z = 0; z < MAX_NR_ZONES; z++)
			sum += sim->nodes[n].node_zones[z].vm_stat[item];
	return clamp_nonneg(sum);
}

/* global_node_page_state(): @item summed over every node. */
u64 global_node_state(const struct sim *sim, enum node_stat_item item)
{
	long long sum = 0;

	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		sum += sim->nodes[n].vm_stat[item];
	return clamp_nonneg(sum);
}

/**
 * report_vmstat() - /proc/vmstat: zone items summed over zones, then node
 * items summed over nodes, then the event counters.
 * @f: where to print.
 * @sim: the simulation.
 *
 * The enums follow the kernel's order (vmstat_items.h), so printing in
 * enum order gives the kernel's line order.  The kernel's
 * nr_dirty_threshold / nr_dirty_background_threshold lines (computed, not
 * kept) and the NUMA counters are not printed.
 */
/*
 * A per-zone event (pgalloc_*, allocstall_*, pgskip_*) of a zone the arch
 * lacks, or kswapd_skip_congestion_wait where the kernel modelled had no
 * such counter (only 2.6.32..3.8, whose kswapd skipped its nap below min)?
 * zone_reclaim_failed, which every NUMA kernel prints, shows only with
 * zone_reclaim_mode on, the only time it can count (the outputs of the
 * scenarios written before it stay as they were).
 */
static bool event_hidden(const struct sim *sim, int i)
{
	if (i == PGSCAN_ZONE_RECLAIM_FAILED)
		return !sim->node_reclaim_mode;
	if (i == KSWAPD_SKIP_CONGESTION_WAIT)
		return sim->scn.policy.kswapd_nap != KSWAPD_NAP_ABOVE_MIN &&
		       sim->scn.policy.kswapd_nap != KSWAPD_NAP_ABOVE_MIN_IFF_CONGESTED;
	if (i >= PGALLOC_DMA && i <= PGALLOC_MOVABLE)
		return !zone_configured(sim, (enum zone_type)(i - PGALLOC_DMA));
	if (i >= ALLOCSTALL_DMA && i <= ALLOCSTALL_MOVABLE)
		return !zone_configured(sim, (enum zone_type)(i - ALLOCSTALL_DMA));
	if (i >= PGSKIP_DMA && i <= PGSKIP_MOVABLE)
		return !zone_configured(sim, (enum zone_type)(i - PGSKIP_DMA));
	return false;
}

void report_vmstat(FILE *f, const struct sim *sim)
{
	for (int i = 0; i < NR_VM_ZONE_STAT_ITEMS; i++)
		if (zone_stat_name[i])
			fprintf(f, "%s %" PRIu64 "\n", zone_stat_name[i],
				global_zone_state(sim, i));
	for (int i = 0; i < NR_VM_NODE_STAT_ITEMS; i++)
		if (node_stat_name[i])
			fprintf(f, "%s %" PRIu64 "\n", node_stat_name[i],
				global_node_state(sim, i));
	for (int i = 0; i < NR_VM_EVENT_ITEMS; i++)
		if (vm_event_name[i] && !event_hidden(sim, i))
			fprintf(f, "%s %" PRIu64 "\n", vm_event_name[i], sim->vm_events[i]);
}

/* is_zone_first_populated() (mm/vmstat.c): the per-node block goes there. */
static int first_populated_zone(const struct pglist_data *pgdat)
{
	for (int z = 0; z < MAX_NR_ZONES; z++)
		if (populated_zone(&pgdat->node_zones[z]))
			return z;
	return -1;
}

/* include/linux/bitops.h fls(): the 1-based index of the top bit, 0 for 0 */
static int fls_u64(u64 x)
{
	return x ? 64 - __builtin_clzll(x) : 0;
}

/*
 * The "pagesets" block of zoneinfo_show_print() (mm/vmstat.c): each CPU's
 * list count, high and batch (v6.7+ also high_min and high_max, in wider
 * columns), and the CPU's vm stats threshold, which the model computes as
 * calculate_normal_threshold() (v6.12) does: 2 x fls(CPUs) x (1 +
 * fls(managed in 128 MiB units)), at most 125.  (Under memory pressure
 * the kernel switches to a smaller threshold while kswapd is awake; the
 * model prints the normal one.)
 */
static void zoneinfo_pagesets(FILE *f, const struct sim *sim, const struct zone *zone)
{
	u64 mem = zone_managed_pages(zone) >> (27 - sim->page_shift);
	int threshold = 2 * fls_u64(sim->eng.nr_cpus) * (1 + fls_u64(mem));

	if (threshold > 125)
		threshold = 125;
	fputs("\n  pagesets", f);
	for (unsigned int c = 0; c < sim->eng.nr_cpus; c++) {
		const struct per_cpu_pages *pcp = &zone->per_cpu_pageset[c];

		if (sim->scn.policy.pcp_high == PCP_HIGH_AUTO)
			fprintf(f,
				"\n    cpu: %u\n              count:    %d\n              high:     %d"
				"\n              batch:    %d\n              high_min: %d"
				"\n              high_max: %d",
				c, pcp->count, pcp->high, pcp->batch, pcp->high_min, pcp->high_max);
		else
			fprintf(f,
				"\n    cpu: %u\n              count: %d\n              high:  %d"
				"\n              batch: %d",
				c, pcp->count, pcp->high, pcp->batch);
		fprintf(f, "\n  vm stats threshold: %d", threshold);
	}
}

/* the scenario's [policy] zoneinfo_format (mm/vmstat.c) */
static enum zoneinfo_format zi_format(const struct sim *sim)
{
	return (enum zoneinfo_format)sim->scn.policy.zoneinfo_format;
}

/*
 * The name zoneinfo's per-node block gives node item @i in 4.12's layout
 * (include/linux/mmzone.h, v4.12), NULL when that kernel had no such node
 * counter: the anon refault counters and the workingset_restore and
 * workingset_nodes lines came in 4.20 and 5.9, nr_swapcached in 5.8,
 * nr_throttled_written in 5.16; nr_kernel_stack and nr_page_table_pages
 * were zone counters then, which the model keeps only per node.
 */
static const char *node_item_name_4_12(int i)
{
	switch (i) {
	case WORKINGSET_REFAULT_FILE:
		return "workingset_refault";
	case WORKINGSET_ACTIVATE_FILE:
		return "workingset_activate";
	case WORKINGSET_NODES:
	case WORKINGSET_REFAULT_ANON:
	case WORKINGSET_ACTIVATE_ANON:
	case WORKINGSET_RESTORE_ANON:
	case WORKINGSET_RESTORE_FILE:
	case NR_THROTTLED_WRITTEN:
	case NR_KERNEL_STACK_KB:
	case NR_PAGETABLE:
	case NR_SWAPCACHE:
		return NULL;
	default:
		return node_stat_name[i];
	}
}

/* 4.8+: the node's counters, once, in the node's first populated zone */
static void zoneinfo_node_stats(FILE *f, const struct sim *sim, const struct pglist_data *pgdat)
{
	fputs("\n  per-node stats", f);
	for (int i = 0; i < NR_VM_NODE_STAT_ITEMS; i++) {
		const char *name = zi_format(sim) == ZONEINFO_4_12 ? node_item_name_4_12(i) :
								     node_stat_name[i];

		if (name)
			fprintf(f, "\n      %-12s %" PRIu64, name,
				clamp_nonneg(node_page_state(pgdat, i)));
	}
}

/*
 * The zone's counters.  From 4.8 the zone's own items (nr_zone_*),
 * indented 6; before, the LRU counters were the zone's, under the names
 * /proc/vmstat gives them, indented 4: 2.6.25's single LRU as nr_inactive
 * and nr_active, 2.6.28's four lists, nr_unevictable and nr_mlock.  The
 * other counters those kernels kept per zone (nr_anon_pages, nr_mapped,
 * nr_dirty ...) the model keeps per node only: left out.
 */
static void zoneinfo_zone_counters(FILE *f, const struct sim *sim, const struct zone *zone)
{
	u64 free = clamp_nonneg(zone_page_state(zone, NR_FREE_PAGES));
	u64 ia = clamp_nonneg(zone_page_state(zone, NR_ZONE_INACTIVE_ANON));
	u64 aa = clamp_nonneg(zone_page_state(zone, NR_ZONE_ACTIVE_ANON));
	u64 fi = clamp_nonneg(zone_page_state(zone, NR_ZONE_INACTIVE_FILE));
	u64 af = clamp_nonneg(zone_page_state(zone, NR_ZONE_ACTIVE_FILE));

	switch (zi_format(sim)) {
	case ZONEINFO_2_6_25:
		fprintf(f, "\n    %-12s %" PRIu64 "\n    %-12s %" PRIu64 "\n    %-12s %" PRIu64,
			"nr_free_pages", free, "nr_inactive", ia + fi, "nr_active", aa + af);
		return;
	case ZONEINFO_2_6_28:
	case ZONEINFO_2_6_30:
	case ZONEINFO_3_8:
		fprintf(f,
			"\n    %-12s %" PRIu64 "\n    %-12s %" PRIu64 "\n    %-12s %" PRIu64
			"\n    %-12s %" PRIu64 "\n    %-12s %" PRIu64 "\n    %-12s %" PRIu64
			"\n    %-12s %" PRIu64,
			"nr_free_pages", free, "nr_inactive_anon", ia, "nr_active_anon", aa,
			"nr_inactive_file", fi, "nr_active_file", af, "nr_unevictable",
			clamp_nonneg(zone_page_state(zone, NR_ZONE_UNEVICTABLE)), "nr_mlock",
			clamp_nonneg(zone_page_state(zone, NR_MLOCK)));
		return;
	case ZONEINFO_4_12:
	case ZONEINFO_6_0:
		break;
	}
	for (int i = 0; i < NR_VM_ZONE_STAT_ITEMS; i++)
		if (zone_stat_name[i])
			fprintf(f, "\n      %-12s %" PRIu64, zone_stat_name[i],
				clamp_nonneg(zone_page_state(zone, i)));
}

/* numa_stat_name(): the NUMA lines of zoneinfo and vmstat (CONFIG_NUMA) */
static const char *const numa_stat_name[NR_VM_NUMA_EVENT_ITEMS] = {
	[NUMA_HIT] = "numa_hit",	 [NUMA_MISS] = "numa_miss",
	[NUMA_FOREIGN] = "numa_foreign", [NUMA_INTERLEAVE_HIT] = "numa_interleave",
	[NUMA_LOCAL] = "numa_local",	 [NUMA_OTHER] = "numa_other",
};

/*
 * The zone's counters, then its NUMA events (zone_statistics()): zone
 * items after the others until 4.14, then their own block after the
 * zone's items, in the same place and indentation.
 */
static void zoneinfo_zone_stats(FILE *f, const struct sim *sim, const struct zone *zone)
{
	int indent = zi_format(sim) == ZONEINFO_4_12 || zi_format(sim) == ZONEINFO_6_0 ? 6 : 4;

	zoneinfo_zone_counters(f, sim, zone);
	for (int i = 0; i < NR_VM_NUMA_EVENT_ITEMS; i++)
		fprintf(f, "\n%*s%-12s %" PRIu64, indent, "", numa_stat_name[i],
			zone->numa_events[i]);
}

/*
 * "protection: (...)", one entry per zone of the arch's kernel; before the
 * 4.12 layout without ZONE_DEVICE's (4.3, and only with CONFIG_ZONE_DEVICE:
 * a 3.10 kernel's x86-64 zoneinfo has four entries).
 */
static void zoneinfo_protection(FILE *f, const struct sim *sim, const struct zone *zone)
{
	bool device = zi_format(sim) == ZONEINFO_4_12 || zi_format(sim) == ZONEINFO_6_0;

	fputs("\n        protection: (", f);
	for (int i = 0, n = 0; i < MAX_NR_ZONES; i++)
		if (zone_configured(sim, i) && (device || i != ZONE_DEVICE))
			fprintf(f, "%s%ld", n++ ? ", " : "", zone->lowmem_reserve[i]);
	fputc(')', f);
}

/*
 * The zone (before 4.11, all_unreclaimable) or its node (node_unreclaimable)
 * given up on, by the model's rule of [policy] zone_unreclaimable: the
 * zone's flag, or the node's kswapd_failures, whichever line the layout
 * prints.
 */
static unsigned int zoneinfo_unreclaimable(const struct sim *sim, const struct pglist_data *pgdat,
					   const struct zone *zone)
{
	if (sim->scn.policy.all_unreclaimable)
		return zone->all_unreclaimable ? 1u : 0u;
	return pgdat->kswapd_failures >= MAX_RECLAIM_RETRIES ? 1u : 0u;
}

/*
 * calculate_zone_inactive_ratio() (2.6.28..4.9): the anon active:inactive
 * target, int_sqrt(10 x the zone's GiB), at least 1; of its present pages
 * until 3.x read managed_pages (the 3.8 layout).
 */
static unsigned int zone_inactive_ratio(const struct sim *sim, const struct zone *zone)
{
	u64 pages = zi_format(sim) == ZONEINFO_3_8 ? zone_managed_pages(zone) : zone->present_pages;
	u64 gb = pages >> (30 - sim->page_shift);

	return gb ? (unsigned int)int_sqrt64(10 * gb) : 1u;
}

/*
 * The lines after the pagesets.  prev_priority (2.6.x..2.6.35) is the
 * zone's (note_zone_scanning_priority, vmscan.c).  node_inactive_ratio (4.8..4.14)
 * is 0 from 4.10, when nothing set it any more.
 */
static void zoneinfo_tail(FILE *f, const struct sim *sim, const struct pglist_data *pgdat,
			  const struct zone *zone)
{
	unsigned int unreclaimable = zoneinfo_unreclaimable(sim, pgdat, zone);

	switch (zi_format(sim)) {
	case ZONEINFO_2_6_25:
	case ZONEINFO_2_6_28:
	case ZONEINFO_2_6_30:
	case ZONEINFO_3_8:
		fprintf(f, "\n  all_unreclaimable: %u", unreclaimable);
		if (zi_format(sim) != ZONEINFO_3_8)
			fprintf(f, "\n  prev_priority:     %d", zone->prev_priority);
		fprintf(f, "\n  start_pfn:         %" PRIu32, zone->zone_start_pfn);
		if (zi_format(sim) != ZONEINFO_2_6_25)
			fprintf(f, "\n  inactive_ratio:    %u", zone_inactive_ratio(sim, zone));
		break;
	case ZONEINFO_4_12:
	case ZONEINFO_6_0:
		fprintf(f, "\n  node_unreclaimable:  %u\n  start_pfn:           %" PRIu32,
			unreclaimable, zone->zone_start_pfn);
		if (zi_format(sim) == ZONEINFO_4_12)
			fputs("\n  node_inactive_ratio: 0", f);
		break;
	}
	fputc('\n', f);
}

/*
 * zoneinfo_show_print() (mm/vmstat.c) in the layout of [policy]
 * zoneinfo_format.  The kernel prints min/low/high (and promo) with the
 * boost added (min_wmark_pages() etc.), in every layout since 5.0's
 * boosting; 5.16+ also the boost on its own line.  The model has no CMA:
 * "cma" is the kernel's unconditional line, always 0 here.  Before 4.11
 * (zone_unreclaimable = all_unreclaimable*) "scanned" is the pages scanned
 * since pages were last freed to the zone; 0 under the later rules, and
 * the 2.6.25..2.6.29 saved-scan figures in its brackets, which the model
 * does not keep, are 0.
 */
static void zoneinfo_show_print(FILE *f, const struct sim *sim, const struct pglist_data *pgdat,
				int zi)
{
	const struct zone *zone = &pgdat->node_zones[zi];
	const char *name = zone_names[zi] ? zone_names[zi] : "?";
	enum zoneinfo_format fmt = zi_format(sim);
	bool node_lru = fmt == ZONEINFO_4_12 || fmt == ZONEINFO_6_0;

	fprintf(f, "Node %d, zone %8s", pgdat->node_id, name);
	if (node_lru && zi == first_populated_zone(pgdat))
		zoneinfo_node_stats(f, sim, pgdat);
	fprintf(f, "\n  pages free     %" PRIu64,
		clamp_nonneg(zone_page_state(zone, NR_FREE_PAGES)));
	if (fmt == ZONEINFO_6_0)
		fprintf(f, "\n        boost    %" PRIu64, zone->watermark_boost);
	fprintf(f,
		"\n        min      %" PRIu64 "\n        low      %" PRIu64
		"\n        high     %" PRIu64,
		min_wmark_pages(zone), low_wmark_pages(zone), high_wmark_pages(zone));
	if (fmt == ZONEINFO_6_0)
		fprintf(f, "\n        promo    %" PRIu64,
			zone->_watermark[WMARK_PROMO] + zone->watermark_boost);
	if (fmt == ZONEINFO_2_6_25)
		fprintf(f, "\n        scanned  %" PRIu64 " (a: 0 i: 0)", zone->pages_scanned);
	else if (fmt == ZONEINFO_2_6_28)
		fprintf(f, "\n        scanned  %" PRIu64 " (aa: 0 ia: 0 af: 0 if: 0)",
			zone->pages_scanned);
	else if (!node_lru)
		fprintf(f, "\n        scanned  %" PRIu64, zone->pages_scanned);
	fprintf(f, "\n        spanned  %" PRIu64 "\n        present  %" PRIu64, zone->spanned_pages,
		zone->present_pages);
	if (fmt != ZONEINFO_2_6_25 && fmt != ZONEINFO_2_6_28 && fmt != ZONEINFO_2_6_30)
		fprintf(f, "\n        managed  %" PRIu64, zone_managed_pages(zone));
	if (fmt == ZONEINFO_6_0)
		fputs("\n        cma      0", f);

	if (node_lru) {
		zoneinfo_protection(f, sim, zone);
		/* If unpopulated, no other information is useful (the kernel's words). */
		if (!populated_zone(zone)) {
			fputc('\n', f);
			return;
		}
		zoneinfo_zone_stats(f, sim, zone);
	} else {
		zoneinfo_zone_stats(f, sim, zone);
		zoneinfo_protection(f, sim, zone);
	}

	/* The "pagesets" block comes with the per-CPU lists. */
	if (zone->per_cpu_pageset)
		zoneinfo_pagesets(f, sim, zone);
	zoneinfo_tail(f, sim, pgdat, zone);
}

/**
 * report_zoneinfo() - /proc/zoneinfo: every zone of every node (the
 * zones of the arch's kernel; before 4.12 only the populated ones), in
 * the layout of [policy] zoneinfo_format (mm/vmstat.c zoneinfo_show()).
 * @f: where to print.
 * @sim: the simulation.
 *
 * start_pfn is the zone's first simulated frame, not the host's PFN.
 */
void report_zoneinfo(FILE *f, const struct sim *sim)
{
	bool all = zi_format(sim) == ZONEINFO_4_12 || zi_format(sim) == ZONEINFO_6_0;

	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		for (int z = 0; z < MAX_NR_ZONES; z++)
			if (zone_configured(sim, z) &&
			    (all || populated_zone(&sim->nodes[n].node_zones[z])))
				zoneinfo_show_print(f, sim, &sim->nodes[n], z);
}

/* show_val_kb() (fs/proc/meminfo.c): "Name:" padded to 16, pages in kB, width 8 */
static void show_val_kb(FILE *f, const struct sim *sim, const char *name, u64 pages)
{
	char label[24];

	snprintf(label, sizeof(label), "%s:", name);
	fprintf(f, "%-16s%8" PRIu64 " kB\n", label, pages * (sim->page_size / 1024));
}

/*
 * si_mem_available() (mm/show_mem.c, v6.12): free pages above the
 * reserves, plus the page cache and reclaimable kernel memory less what
 * the low watermarks would keep of each.  The model has no slab, so the
 * reclaimable kernel part is 0.
 */
u64 si_mem_available(const struct sim *sim)
{
	long long available, pagecache, wmark_low = 0;

	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		for (int z = 0; z < MAX_NR_ZONES; z++)
			if (zone_configured(sim, z)) /* for_each_zone(): the arch's */
				wmark_low +=
					(long long)low_wmark_pages(&sim->nodes[n].node_zones[z]);
	available = (long long)global_zone_state(sim, NR_FREE_PAGES) -
		    (long long)sim->totalreserve_pages;
	pagecache = (long long)(global_node_state(sim, NR_ACTIVE_FILE) +
				global_node_state(sim, NR_INACTIVE_FILE));
	pagecache -= pagecache / 2 < wmark_low ? pagecache / 2 : wmark_low;
	available += pagecache;
	return clamp_nonneg(available);
}

/**
 * report_meminfo() - /proc/meminfo in the kernel's layout
 * (fs/proc/meminfo.c meminfo_proc_show(), v6.12), every value in kB.
 * @f: where to print.
 * @sim: the simulation.
 *
 * Printed, in the kernel's order: what the model keeps (MemTotal: the
 * managed pages, totalram_pages(); MemFree; MemAvailable, si_mem_available();
 * Cached: the files' page cache, which in the model's NR_FILE_PAGES never
 * includes the swap cache; SwapCached; the LRU lists; SwapTotal and
 * SwapFree, total_swap_pages and get_nr_swap_pages(); Dirty; Writeback;
 * AnonPages; Mapped), and lines that are 0 because the model's machine
 * has no such thing: Buffers (no block-device page cache), Mlocked (no
 * mlock), Shmem, SecPageTables, NFS_Unstable (always 0 since v5.8),
 * Bounce, WritebackTmp (no FUSE), the transparent huge page lines (no THP)
 * and CmaTotal / CmaFree (no CMA, as /proc/zoneinfo's cma line).
 *
 * Left out, because the model does not keep them and a real machine never
 * shows 0 there: KReclaimable, Slab, SReclaimable, SUnreclaim, KernelStack,
 * PageTables, CommitLimit and Committed_AS (no overcommit accounting),
 * the Vmalloc lines, Percpu, HardwareCorrupted, the HugePages block and
 * DirectMap (architecture), and the CONFIG_ZSWAP lines.  The
 * CONFIG_HIGHMEM lines (HighTotal, HighFree, LowTotal, LowFree) are
 * printed for arch = i386.
 */
u64 totalram_pages(const struct sim *sim)
{
	u64 totalram = 0;

	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		for (int z = 0; z < MAX_NR_ZONES; z++)
			totalram += zone_managed_pages(&sim->nodes[n].node_zones[z]);
	return totalram;
}

/* si_swapinfo() (v6.12): total_swap_pages and get_nr_swap_pages(); slot 0 is the swap header */
void si_swapinfo(const struct sim *sim, u64 *total, u64 *free)
{
	*total = *free = 0;
	if (sim->swap && sim->swap->max) {
		*total = sim->swap->max - 1;
		*free = *total - sim->swap->inuse_pages;
	}
}

void si_highmem(const struct sim *sim, u64 *total, u64 *free)
{
	*total = *free = 0;
	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		const struct zone *z = &sim->nodes[n].node_zones[ZONE_HIGHMEM];

		*total += zone_managed_pages(z);
		*free += clamp_nonneg(zone_page_state(z, NR_FREE_PAGES));
	}
}

void report_meminfo(FILE *f, const struct sim *sim)
{
	u64 totalram = totalram_pages(sim), swap_total, swap_free;

	si_swapinfo(sim, &swap_total, &swap_free);

	show_val_kb(f, sim, "MemTotal", totalram);
	show_val_kb(f, sim, "MemFree", global_zone_state(sim, NR_FREE_PAGES));
	show_val_kb(f, sim, "MemAvailable", si_mem_available(sim));
	show_val_kb(f, sim, "Buffers", 0);
	show_val_kb(f, sim, "Cached", global_node_state(sim, NR_FILE_PAGES));
	show_val_kb(f, sim, "SwapCached", global_node_state(sim, NR_SWAPCACHE));
	show_val_kb(f, sim, "Active",
		    global_node_state(sim, NR_ACTIVE_ANON) +
			    global_node_state(sim, NR_ACTIVE_FILE));
	show_val_kb(f, sim, "Inactive",
		    global_node_state(sim, NR_INACTIVE_ANON) +
			    global_node_state(sim, NR_INACTIVE_FILE));
	show_val_kb(f, sim, "Active(anon)", global_node_state(sim, NR_ACTIVE_ANON));
	show_val_kb(f, sim, "Inactive(anon)", global_node_state(sim, NR_INACTIVE_ANON));
	show_val_kb(f, sim, "Active(file)", global_node_state(sim, NR_ACTIVE_FILE));
	show_val_kb(f, sim, "Inactive(file)", global_node_state(sim, NR_INACTIVE_FILE));
	show_val_kb(f, sim, "Unevictable", global_node_state(sim, NR_UNEVICTABLE));
	show_val_kb(f, sim, "Mlocked", global_zone_state(sim, NR_MLOCK));
	if (zone_configured(sim, ZONE_HIGHMEM)) {
		/* CONFIG_HIGHMEM: totalhigh_pages(), nr_free_highpages() */
		u64 high, high_free;

		si_highmem(sim, &high, &high_free);
		show_val_kb(f, sim, "HighTotal", high);
		show_val_kb(f, sim, "HighFree", high_free);
		show_val_kb(f, sim, "LowTotal", totalram - high);
		show_val_kb(f, sim, "LowFree", global_zone_state(sim, NR_FREE_PAGES) - high_free);
	}
	show_val_kb(f, sim, "SwapTotal", swap_total);
	show_val_kb(f, sim, "SwapFree", swap_free);
	show_val_kb(f, sim, "Dirty", global_node_state(sim, NR_FILE_DIRTY));
	show_val_kb(f, sim, "Writeback", global_node_state(sim, NR_WRITEBACK));
	show_val_kb(f, sim, "AnonPages", global_node_state(sim, NR_ANON_MAPPED));
	show_val_kb(f, sim, "Mapped", global_node_state(sim, NR_FILE_MAPPED));
	show_val_kb(f, sim, "Shmem", global_node_state(sim, NR_SHMEM));
	show_val_kb(f, sim, "SecPageTables", 0);
	show_val_kb(f, sim, "NFS_Unstable", 0);
	show_val_kb(f, sim, "Bounce", 0);
	show_val_kb(f, sim, "WritebackTmp", 0);
	show_val_kb(f, sim, "AnonHugePages", 0);
	show_val_kb(f, sim, "ShmemHugePages", 0);
	show_val_kb(f, sim, "ShmemPmdMapped", 0);
	show_val_kb(f, sim, "FileHugePages", 0);
	show_val_kb(f, sim, "FilePmdMapped", 0);
	show_val_kb(f, sim, "CmaTotal", 0);
	show_val_kb(f, sim, "CmaFree", 0);
}

/*
 * memory.stat (cgroup v1) lines, in memcg1_stat_format() order: the
 * memcg1_stats[] page states, the memcg1_events[], then the LRU sizes.
 * Each printed once locally and once as total_* over the subtree.
 */
enum memcg1_src {
	SRC_NONE, /* a counter the model cannot have: always 0 */
	SRC_NODE, /* memcg->vm_stat[idx] */
	SRC_MEMCG, /* memcg->memcg_stat[idx] */
	SRC_EVENT, /* memcg->vm_events[idx] */
	SRC_PGSCAN, /* v2 pgscan: PGSCAN_KSWAPD + PGSCAN_DIRECT (+ _KHUGEPAGED: no THP) */
	SRC_PGSTEAL, /* v2 pgsteal: the same of PGSTEAL_* */
};

struct memcg1_line {
	const char *name;
	enum memcg1_src src;
	int idx;
	bool bytes; /* pages shown in bytes (memcg_page_state_output_unit) */
};

static const struct memcg1_line memcg1_lines[] = {
	/* memcg1_stats[] / memcg1_stat_names[] */
	{ "cache", SRC_NODE, NR_FILE_PAGES, true },
	{ "rss", SRC_NODE, NR_ANON_MAPPED, true },
	{ "rss_huge", SRC_NONE, 0, true },
	{ "shmem", SRC_NODE, NR_SHMEM, true },
	{ "mapped_file", SRC_NODE, NR_FILE_MAPPED, true },
	{ "dirty", SRC_NODE, NR_FILE_DIRTY, true },
	{ "writeback", SRC_NODE, NR_WRITEBACK, true },
	{ "workingset_refault_anon", SRC_NODE, WORKINGSET_REFAULT_ANON, false },
	{ "workingset_refault_file", SRC_NODE, WORKINGSET_REFAULT_FILE, false },
	{ "swap", SRC_MEMCG, MEMCG_SWAP, true },
	{ "swapcached", SRC_NODE, NR_SWAPCACHE, true },
	/*
	 * memcg1_events[]: v1 pgpgin/pgpgout count charge/uncharge events
	 * (memcg1_charge_statistics()), not block I/O, hence memcg_stat[].
	 */
	{ "pgpgin", SRC_MEMCG, MEMCG_PGPGIN, false },
	{ "pgpgout", SRC_MEMCG, MEMCG_PGPGOUT, false },
	{ "pgfault", SRC_EVENT, PGFAULT, false },
	{ "pgmajfault", SRC_EVENT, PGMAJFAULT, false },
	/* lru_list_name(), NR_LRU_BASE + lru, always bytes */
	{ "inactive_anon", SRC_NODE, NR_INACTIVE_ANON, true },
	{ "active_anon", SRC_NODE, NR_ACTIVE_ANON, true },
	{ "inactive_file", SRC_NODE, NR_INACTIVE_FILE, true },
	{ "active_file", SRC_NODE, NR_ACTIVE_FILE, true },
	{ "unevictable", SRC_NODE, NR_UNEVICTABLE, true },
};

/* The raw local value of @l in @memcg (pages or a count), signed. */
static long long memcg1_local(const struct mem_cgroup *memcg, const struct memcg1_line *l)
{
	switch (l->src) {
	case SRC_NODE:
		return memcg->vm_stat[l->idx];
	case SRC_MEMCG:
		return (long long)memcg->memcg_stat[l->idx];
	case SRC_EVENT:
		return (long long)memcg->vm_events[l->idx];
	case SRC_PGSCAN:
		return (long long)(memcg->vm_events[PGSCAN_KSWAPD] +
				   memcg->vm_events[PGSCAN_DIRECT]);
	case SRC_PGSTEAL:
		return (long long)(memcg->vm_events[PGSTEAL_KSWAPD] +
				   memcg->vm_events[PGSTEAL_DIRECT]);
	case SRC_NONE:
		break;
	}
	return 0;
}

/* The group after @pos in a pre-order walk of @root's subtree (css_next_descendant_pre). */
static const struct mem_cgroup *memcg_next_pre(const struct mem_cgroup *pos,
					       const struct mem_cgroup *root)
{
	if (pos->first_child)
		return pos->first_child;
	for (; pos != root; pos = pos->parent)
		if (pos->next_sibling)
			return pos->next_sibling;
	return NULL;
}

static u64 memcg1_value(const struct sim *sim, const struct mem_cgroup *memcg,
			const struct memcg1_line *l, bool hierarchical)
{
	long long v = 0;

	if (!hierarchical) {
		v = memcg1_local(memcg, l);
	} else {
		/* the subtree only: O(its groups), not O(all groups) */
		for (const struct mem_cgroup *pos = memcg; pos; pos = memcg_next_pre(pos, memcg))
			v += memcg1_local(pos, l);
	}
	return clamp_nonneg(v) * (l->bytes ? sim->page_size : 1);
}

/*
 * PAGE_COUNTER_MAX (include/linux/page_counter.h, 64-bit): LONG_MAX /
 * PAGE_SIZE, so that the byte value of an unlimited counter still fits a
 * long.  v1 files print it times PAGE_SIZE: 9223372036854771712 for 4 KiB
 * pages.  The model's "unlimited" is U64_MAX; anything above is clamped,
 * as the kernel clamps writes to the limit files.
 */
static u64 page_counter_max(const struct sim *sim)
{
	return (u64)INT64_MAX / (sim->page_size ? sim->page_size : 4096);
}

static u64 hierarchical_limit_bytes(const struct sim *sim, const struct mem_cgroup *memcg,
				    bool memsw)
{
	u64 limit = page_counter_max(sim);

	for (const struct mem_cgroup *mi = memcg; mi; mi = mi->parent)
		limit = min_u64(limit, memsw ? mi->memsw.max : mi->memory.max);
	return limit * sim->page_size;
}

/*
 * memory.stat (cgroup v2) lines, in memcg_stat_format() order (v6.12): the
 * memory_stats[] table, then pgscan and pgsteal, then the
 * memcg_vm_event_stat[] events but pgpgin / pgpgout (v1 only).  Printed:
 * what the model keeps, and 0 for what its machine does not have (no
 * KVM, no protocol sockets, no zswap, no THP or khugepaged, no memory
 * tiers to demote to).  Left out, as a line the model cannot know: the
 * kernel memory (kernel, kernel_stack, pagetables, percpu, vmalloc, the
 * slab lines: the model does not charge kernel allocations to groups),
 * swpin_zero and
 * swpout_zero (the model does not know page contents), and the
 * CONFIG_NUMA_BALANCING lines (pgpromote_success, numa_*: not modelled,
 * as /proc/vmstat's NUMA lines).  hugetlb the kernel prints only with
 * the memory_hugetlb_accounting mount option, which the model lacks.
 * The v1 line descriptor serves; .bytes where the kernel's
 * memcg_page_state_output_unit() is PAGE_SIZE.
 */
static const struct memcg1_line memcg2_lines[] = {
	/* memory_stats[]: the state, in bytes */
	{ "anon", SRC_NODE, NR_ANON_MAPPED, true },
	{ "file", SRC_NODE, NR_FILE_PAGES, true },
	{ "sec_pagetables", SRC_NONE, 0, true },
	{ "sock", SRC_NONE, 0, true },
	{ "shmem", SRC_NODE, NR_SHMEM, true },
	{ "zswap", SRC_NONE, 0, true },
	{ "zswapped", SRC_NONE, 0, true },
	{ "file_mapped", SRC_NODE, NR_FILE_MAPPED, true },
	{ "file_dirty", SRC_NODE, NR_FILE_DIRTY, true },
	{ "file_writeback", SRC_NODE, NR_WRITEBACK, true },
	{ "swapcached", SRC_NODE, NR_SWAPCACHE, true },
	{ "anon_thp", SRC_NONE, 0, true },
	{ "file_thp", SRC_NONE, 0, true },
	{ "shmem_thp", SRC_NONE, 0, true },
	{ "inactive_anon", SRC_NODE, NR_INACTIVE_ANON, true },
	{ "active_anon", SRC_NODE, NR_ACTIVE_ANON, true },
	{ "inactive_file", SRC_NODE, NR_INACTIVE_FILE, true },
	{ "active_file", SRC_NODE, NR_ACTIVE_FILE, true },
	{ "unevictable", SRC_NODE, NR_UNEVICTABLE, true },
	/* memory_stats[]: the memory events, counts */
	{ "workingset_refault_anon", SRC_NODE, WORKINGSET_REFAULT_ANON, false },
	{ "workingset_refault_file", SRC_NODE, WORKINGSET_REFAULT_FILE, false },
	{ "workingset_activate_anon", SRC_NODE, WORKINGSET_ACTIVATE_ANON, false },
	{ "workingset_activate_file", SRC_NODE, WORKINGSET_ACTIVATE_FILE, false },
	{ "workingset_restore_anon", SRC_NODE, WORKINGSET_RESTORE_ANON, false },
	{ "workingset_restore_file", SRC_NODE, WORKINGSET_RESTORE_FILE, false },
	{ "workingset_nodereclaim", SRC_NODE, WORKINGSET_NODERECLAIM, false },
	{ "pgdemote_kswapd", SRC_NONE, 0, false },
	{ "pgdemote_direct", SRC_NONE, 0, false },
	{ "pgdemote_khugepaged", SRC_NONE, 0, false },
	/* the accumulated events */
	{ "pgscan", SRC_PGSCAN, 0, false },
	{ "pgsteal", SRC_PGSTEAL, 0, false },
	/* memcg_vm_event_stat[], as vm_event_name() spells them */
	{ "pgscan_kswapd", SRC_EVENT, PGSCAN_KSWAPD, false },
	{ "pgscan_direct", SRC_EVENT, PGSCAN_DIRECT, false },
	{ "pgscan_khugepaged", SRC_NONE, 0, false },
	{ "pgsteal_kswapd", SRC_EVENT, PGSTEAL_KSWAPD, false },
	{ "pgsteal_direct", SRC_EVENT, PGSTEAL_DIRECT, false },
	{ "pgsteal_khugepaged", SRC_NONE, 0, false },
	{ "pgfault", SRC_EVENT, PGFAULT, false },
	{ "pgmajfault", SRC_EVENT, PGMAJFAULT, false },
	{ "pgrefill", SRC_EVENT, PGREFILL, false },
	{ "pgactivate", SRC_EVENT, PGACTIVATE, false },
	{ "pgdeactivate", SRC_EVENT, PGDEACTIVATE, false },
	{ "pglazyfree", SRC_EVENT, PGLAZYFREE, false },
	{ "pglazyfreed", SRC_EVENT, PGLAZYFREED, false },
	{ "zswpin", SRC_NONE, 0, false },
	{ "zswpout", SRC_NONE, 0, false },
	{ "zswpwb", SRC_NONE, 0, false },
	{ "thp_fault_alloc", SRC_NONE, 0, false },
	{ "thp_collapse_alloc", SRC_NONE, 0, false },
	{ "thp_swpout", SRC_NONE, 0, false },
	{ "thp_swpout_fallback", SRC_NONE, 0, false },
};

/*
 * memcg_stat_format() (mm/memcontrol.c, v6.12) - cgroup v2 memory.stat of
 * @memcg: every value is its subtree's (memcg_page_state(), memcg_events()
 * read the rstat-aggregated counters), as exact as after the read's flush.
 */
static void memcg_stat_format(FILE *f, const struct sim *sim, const struct mem_cgroup *memcg)
{
	for (size_t i = 0; i < sizeof(memcg2_lines) / sizeof(memcg2_lines[0]); i++)
		fprintf(f, "%s %" PRIu64 "\n", memcg2_lines[i].name,
			memcg1_value(sim, memcg, &memcg2_lines[i], true));
}

/**
 * report_memory_stat() - memory.stat of @memcg in its interface's format
 * (mm/memcontrol.c memory_stat_format(), v6.12): v2 groups as
 * memcg_stat_format() prints it, v1 groups as mm/memcontrol-v1.c
 * memcg1_stat_format() does.
 * @f: where to print.
 * @sim: the simulation (for the page size and the cgroup tree).
 * @memcg: the cgroup.
 *
 * v1: local lines, hierarchical_memory_limit / hierarchical_memsw_limit
 * (the smallest max on the way to the root, in bytes), then total_* of
 * every local line summed over @memcg and its descendants.  Page counts
 * are shown in bytes, events (pgpgin, pgfault, workingset_refault_*) as
 * counts.  The CONFIG_DEBUG_VM-only recent_rotated_* / recent_scanned_*
 * lines are not printed.
 */
void report_memory_stat(FILE *f, const struct sim *sim, const struct mem_cgroup *memcg)
{
	const size_t n = sizeof(memcg1_lines) / sizeof(memcg1_lines[0]);

	if (memcg->dfl) {
		memcg_stat_format(f, sim, memcg);
		return;
	}
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s %" PRIu64 "\n", memcg1_lines[i].name,
			memcg1_value(sim, memcg, &memcg1_lines[i], false));

	fprintf(f, "hierarchical_memory_limit %" PRIu64 "\n",
		hierarchical_limit_bytes(sim, memcg, false));
	fprintf(f, "hierarchical_memsw_limit %" PRIu64 "\n",
		hierarchical_limit_bytes(sim, memcg, true));

	for (size_t i = 0; i < n; i++)
		fprintf(f, "total_%s %" PRIu64 "\n", memcg1_lines[i].name,
			memcg1_value(sim, memcg, &memcg1_lines[i], true));
}

/**
 * report_pressure() - a pressure file, as kernel/sched/psi.c psi_show()
 * prints it for the memory resource (v6.12): /proc/pressure/memory for the
 * system's group, memory.pressure for a cgroup's.
 * @f: where to print.
 * @group: the psi group, read at the end of the run.
 *
 * The averages are percentages in FIXED_1 fixed point, shown with two
 * decimals; total is the cumulative stall time in microseconds.
 */
void report_pressure(FILE *f, const struct psi_group *group)
{
	for (int full = 0; full < 2; full++) {
		const unsigned long *avg = group->avg[PSI_MEM_SOME + full];

		fprintf(f,
			"%s avg10=%lu.%02lu avg60=%lu.%02lu avg300=%lu.%02lu total=%" PRIu64 "\n",
			full ? "full" : "some", LOAD_INT(avg[0]), LOAD_FRAC(avg[0]),
			LOAD_INT(avg[1]), LOAD_FRAC(avg[1]), LOAD_INT(avg[2]), LOAD_FRAC(avg[2]),
			(u64)(group->total[PSI_MEM_SOME + full] / NSEC_PER_USEC));
	}
}

/* The memory.events (and .local) names, in memory_events_show()'s order (v6.12). */
static const char *const memcg_memory_event_name[MEMCG_NR_MEMORY_EVENTS] = {
	[MEMCG_LOW] = "low",	       [MEMCG_HIGH] = "high",
	[MEMCG_MAX] = "max",	       [MEMCG_OOM] = "oom",
	[MEMCG_OOM_KILL] = "oom_kill", [MEMCG_OOM_GROUP_KILL] = "oom_group_kill",
};

/**
 * report_memory_events() - memory.events (or memory.events.local) of a
 * v2 group, as mm/memcontrol.c __memory_events_show() prints it (v6.12).
 * @f: where to print.
 * @events: the group's memory_events or memory_events_local.
 */
void report_memory_events(FILE *f, const u64 *events)
{
	for (int i = 0; i < MEMCG_NR_MEMORY_EVENTS; i++)
		fprintf(f, "%s %" PRIu64 "\n", memcg_memory_event_name[i], events[i]);
}

/* The orders the kernel prints: NR_PAGE_ORDERS of the scenario's kernel. */
static unsigned int nr_orders(const struct sim *sim)
{
	return max_page_order(sim) + 1;
}

/* v6.12 frag_show_print(): free blocks per order. */
void report_buddyinfo(FILE *f, const struct sim *sim)
{
	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		for (int z = 0; z < MAX_NR_ZONES; z++) {
			const struct zone *zone = &sim->nodes[n].node_zones[z];

			if (!populated_zone(zone))
				continue;
			fprintf(f, "Node %u, zone %8s ", n, zone_names[z]);
			for (unsigned int o = 0; o < nr_orders(sim); o++)
				fprintf(f, "%6" PRIu64 " ", zone->free_area[o].nr_free);
			fputc('\n', f);
		}
}

/*
 * v6.12 pagetypeinfo_show() per node with memory: pageblock size, free
 * blocks per order and migratetype (the kernel stops counting a list at
 * 100000 and prints ">100000"), then pageblocks per migratetype.  The
 * mixed-block table needs CONFIG_PAGE_OWNER and is left out, as on a
 * kernel without it.
 */
void report_pagetypeinfo(FILE *f, const struct sim *sim)
{
	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		const struct pglist_data *pgdat = &sim->nodes[n];
		u64 present = 0;

		for (int z = 0; z < MAX_NR_ZONES; z++)
			present += pgdat->node_zones[z].managed_pages;
		if (!present)
			continue;
		fprintf(f, "Page block order: %u\n", pageblock_order(sim));
		fprintf(f, "Pages per block:  %" PRIu64 "\n", pageblock_nr_pages(sim));
		fputc('\n', f);
		fprintf(f, "%-43s ", "Free pages count per migrate type at order");
		for (unsigned int o = 0; o < nr_orders(sim); o++)
			fprintf(f, "%6u ", o);
		fputc('\n', f);
		for (int z = 0; z < MAX_NR_ZONES; z++) {
			const struct zone *zone = &pgdat->node_zones[z];

			if (!populated_zone(zone))
				continue;
			for (int mt = 0; mt < MIGRATE_TYPES; mt++) {
				fprintf(f, "Node %4u, zone %8s, type %12s ", n, zone_names[z],
					migratetype_names[mt]);
				for (unsigned int o = 0; o < nr_orders(sim); o++) {
					u64 c = zone->free_area[o].nr_free_mt[mt];

					fprintf(f, "%s%6" PRIu64 " ", c >= 100000 ? ">" : "",
						c >= 100000 ? (u64)100000 : c);
				}
				fputc('\n', f);
			}
		}
		fprintf(f, "\n%-23s", "Number of blocks type ");
		for (int mt = 0; mt < MIGRATE_TYPES; mt++)
			fprintf(f, "%12s ", migratetype_names[mt]);
		fputc('\n', f);
		for (int z = 0; z < MAX_NR_ZONES; z++) {
			const struct zone *zone = &pgdat->node_zones[z];
			u64 count[MIGRATE_TYPES] = { 0 };

			if (!populated_zone(zone))
				continue;
			for (u64 b = 0; b <= (zone->managed_pages - 1) >> pageblock_order(sim); b++)
				count[zone->pageblock_mt[b]]++;
			fprintf(f, "Node %u, zone %8s ", n, zone_names[z]);
			for (int mt = 0; mt < MIGRATE_TYPES; mt++)
				fprintf(f, "%12" PRIu64 " ", count[mt]);
			fputc('\n', f);
		}
	}
}

/* unusable_show_print() and extfrag_show_print() (v6.12): one index per order. */
static void report_frag_index(FILE *f, const struct sim *sim, bool extfrag)
{
	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		for (int z = 0; z < MAX_NR_ZONES; z++) {
			const struct zone *zone = &sim->nodes[n].node_zones[z];

			if (!populated_zone(zone))
				continue;
			fprintf(f, "Node %u, zone %8s ", n, zone_names[z]);
			for (unsigned int o = 0; o < nr_orders(sim); o++) {
				struct contig_page_info info;
				int index;

				fill_contig_page_info(zone, o, &info);
				if (extfrag) {
					index = fragmentation_index(o, &info);
					fprintf(f, "%2d.%03d ", index / 1000, abs(index % 1000));
				} else {
					index = unusable_free_index(o, &info);
					fprintf(f, "%d.%03d ", index / 1000, index % 1000);
				}
			}
			fputc('\n', f);
		}
}

void report_unusable_index(FILE *f, const struct sim *sim)
{
	report_frag_index(f, sim, false);
}

void report_extfrag_index(FILE *f, const struct sim *sim)
{
	report_frag_index(f, sim, true);
}

/* dmesg's default format: "[%5lu.%06lu] " before each line. */
void report_dmesg(FILE *f, const struct sim *sim)
{
	for (size_t i = 0; i < sim->kmsg.nr; i++) {
		const struct kmsg_line *l = &sim->kmsg.lines[i];

		fprintf(f, "[%5llu.%06llu] %s\n", (unsigned long long)(l->t_ns / NSEC_PER_SEC),
			(unsigned long long)(l->t_ns % NSEC_PER_SEC / 1000), l->text);
	}
	if (sim->kmsg.dropped)
		fprintf(f, "reclaimsim: %llu later kernel log lines not kept\n",
			(unsigned long long)sim->kmsg.dropped);
}

/*
 * The devices as the kernel names them: the file disk sda (8:0), the swap
 * disk sdb (8:16), present when there is swap.
 */
static const struct blkdev *disk_nth(const struct sim *sim, unsigned int i, const char **name,
				     unsigned int *minor)
{
	if (i == 0) {
		*name = "sda";
		*minor = 0;
		return &sim->disk_dev;
	}
	if (i == 1 && sim->scn.machine.swap) {
		*name = "sdb";
		*minor = 16;
		return &sim->swap_dev;
	}
	return NULL;
}

static u64 ns_to_ms(u64 ns)
{
	return ns / NSEC_PER_MSEC;
}

/*
 * /proc/diskstats (v6.12 diskstats_show): major, minor, name; reads
 * completed, merged, sectors, ms; the same of writes; I/Os in flight, ms
 * busy (io_ticks), weighted ms (time_in_queue); discards and flushes,
 * which the model never issues, as 0.  With @sysfs, /sys/block/DEV/stat
 * (part_stat_show): the same fields from reads completed on, %8 wide.
 */
static void report_disk_lines(FILE *f, const struct sim *sim, const char *only)
{
	const struct blkdev *dev;
	const char *name;
	unsigned int minor;

	for (unsigned int i = 0; (dev = disk_nth(sim, i, &name, &minor)); i++) {
		struct blk_disk_stat st;
		const struct blk_dir_stats *r = &st.dir[REQ_OP_READ], *w = &st.dir[REQ_OP_WRITE];

		blk_disk_stat(dev, sim->eng.now, &st);
		if (only && strcmp(only, name))
			continue;
		if (only)
			fprintf(f,
				"%8" PRIu64 " %8" PRIu64 " %8" PRIu64 " %8" PRIu64 " %8" PRIu64
				" %8" PRIu64 " %8" PRIu64 " %8" PRIu64 " %8u %8" PRIu64 " %8" PRIu64
				" %8u %8u %8u %8u %8u %8u\n",
				r->ios, r->merges, r->sectors, ns_to_ms(r->ticks_ns), w->ios,
				w->merges, w->sectors, ns_to_ms(w->ticks_ns), st.in_flight,
				ns_to_ms(st.io_ticks_ns), ns_to_ms(st.time_in_queue_ns), 0, 0, 0, 0,
				0, 0);
		else
			fprintf(f,
				"%4d %7u %s %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64
				" %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %u %" PRIu64
				" %" PRIu64 " 0 0 0 0 0 0\n",
				8, minor, name, r->ios, r->merges, r->sectors,
				ns_to_ms(r->ticks_ns), w->ios, w->merges, w->sectors,
				ns_to_ms(w->ticks_ns), st.in_flight, ns_to_ms(st.io_ticks_ns),
				ns_to_ms(st.time_in_queue_ns));
	}
}

void report_diskstats(FILE *f, const struct sim *sim)
{
	report_disk_lines(f, sim, NULL);
}

void report_disk_stat(FILE *f, const struct sim *sim, const char *dev)
{
	report_disk_lines(f, sim, dev);
}

bool report_disk_known(const struct sim *sim, const char *dev)
{
	const char *name;
	unsigned int minor;

	for (unsigned int i = 0; disk_nth(sim, i, &name, &minor); i++)
		if (!strcmp(name, dev))
			return true;
	return false;
}

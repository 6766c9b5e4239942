// SPDX-License-Identifier: MIT
/*
 * procfs_era.c - /proc/vmstat and /proc/meminfo in the layout of an older
 * (or newer) kernel, [policy] vmstat_format and meminfo_format, so that a
 * dump someone brings from that kernel and the model's can be diffed line
 * by line.  Each layout is a table of the kernel's lines in its order,
 * each line naming the model's figure it prints, or none: such a line
 * prints 0 (docs/output.md lists them).  The value "model" prints the
 * model's own lines (procfs.c report_vmstat() / report_meminfo()), the
 * ones the JSON's "vmstat" member is made of; the JSON never changes with
 * these keys.
 *
 * Read in each release's sources (mm/vmstat.c vmstat_text[], fs/proc/
 * meminfo.c meminfo_proc_show(), before 2.6.27 fs/proc/proc_misc.c
 * meminfo_read_proc(); mm/hugetlb.c hugetlb_report_meminfo(); arch/x86
 * arch_report_meminfo()) for an x86-64 distribution configuration:
 * CONFIG_NUMA, CONFIG_HIGHMEM only for [machine] arch = i386 (whose
 * kernels have no ZONE_DMA32), CONFIG_COMPACTION, CONFIG_MIGRATION,
 * CONFIG_HUGETLB_PAGE, CONFIG_TRANSPARENT_HUGEPAGE, no CONFIG_CMA event
 * lines and no CONFIG_DEBUG_TLBFLUSH (the model's nr_tlb_* counters stay
 * in the JSON).  6.18's is the layout of the oracle host's own 6.18
 * kernel (/work/shared/oracle: its dumps and the model's diff directly):
 * also CONFIG_ZONE_DEVICE, CONFIG_ZSWAP, CONFIG_KSM, CONFIG_MEMORY_BALLOON,
 * CONFIG_NUMA_BALANCING, no CONFIG_MEMORY_FAILURE.
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
 * 3.10: 2.6.28's split LRU with nr_unevictable and nr_mlock, 2.6.32's
 * isolated and shmem counters, nr_dirtied / nr_written (2.6.37),
 * nr_free_cma (3.7), the dirty thresholds (2.6.37); 3.4's
 * pgsteal_kswapd/direct per zone (kswapd_steal gone), 2.6.35-3.9's
 * compaction events as 3.x renamed them, pgmigrate_* (3.8), 2.6.38's
 * thp_* and 3.8's thp_zero_page_*; kswapd_skip_congestion_wait (2.6.32)
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
	[PROCFS_2_6_25] = VM_LAYOUT(vmstat_2_6_25),
	[PROCFS_3_10] = VM_LAYOUT(vmstat_3_10),
	[PROCFS_6_18] = VM_LAYOUT(vmstat_6_18),
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

/* Where a /proc/meminfo line's figure comes from. */
enum mi_src {
	M_ZERO, /* no model figure: 0 kB */
	M_TOTALRAM,
	M_FREE,
	M_AVAILABLE,
	M_NODE, /* node item a (+ b), pages */
	M_NODE_KB, /* node item a, already KiB (KernelStack) */
	M_ZONE, /* zone item a, pages */
	M_SWAP_TOTAL,
	M_SWAP_FREE,
	M_HIGH, /* the CONFIG_HIGHMEM block: HighTotal, HighFree, LowTotal, LowFree */
	M_HUGE_COUNT, /* HugePages_Total...: a count, no unit; the model has none */
	M_HUGEPAGESIZE, /* the huge page size: a pageblock's (HUGETLB_PAGE_ORDER) */
	M_HWCORRUPT, /* "HardwareCorrupted: %5lu kB" (CONFIG_MEMORY_FAILURE) */
};

struct mi_line {
	const char *name;
	unsigned char src;
	signed char a, b;
};

#define MZ(n, i)                 \
	{                        \
		n, M_ZONE, i, -1 \
	}
#define MN(n, i)                 \
	{                        \
		n, M_NODE, i, -1 \
	}
#define M0(n)                     \
	{                         \
		n, M_ZERO, -1, -1 \
	}
#define MS(n, s)             \
	{                    \
		n, s, -1, -1 \
	}

/*
 * 2.6.25 (2.6.24's fs/proc/proc_misc.c meminfo_read_proc() and
 * mm/hugetlb.c; 2.6.26 added WritebackTmp): labels padded to 14, the one
 * LRU's Active and Inactive, no Shmem, the huge page counts %5lu after a
 * 17-wide label.
 */
static const struct mi_line meminfo_2_6_25[] = {
	MS("MemTotal", M_TOTALRAM),
	MS("MemFree", M_FREE),
	M0("Buffers"),
	MN("Cached", NR_FILE_PAGES),
	MN("SwapCached", NR_SWAPCACHE),
	{ "Active", M_NODE, NR_ACTIVE_ANON, NR_ACTIVE_FILE },
	{ "Inactive", M_NODE, NR_INACTIVE_ANON, NR_INACTIVE_FILE },
	MS("HighTotal", M_HIGH),
	MS("SwapTotal", M_SWAP_TOTAL),
	MS("SwapFree", M_SWAP_FREE),
	MN("Dirty", NR_FILE_DIRTY),
	MN("Writeback", NR_WRITEBACK),
	MN("AnonPages", NR_ANON_MAPPED),
	MN("Mapped", NR_FILE_MAPPED),
	M0("Slab"),
	M0("SReclaimable"),
	M0("SUnreclaim"),
	MN("PageTables", NR_PAGETABLE),
	M0("NFS_Unstable"),
	M0("Bounce"),
	M0("CommitLimit"),
	M0("Committed_AS"),
	M0("VmallocTotal"),
	M0("VmallocUsed"),
	M0("VmallocChunk"),
	MS("HugePages_Total", M_HUGE_COUNT),
	MS("HugePages_Free", M_HUGE_COUNT),
	MS("HugePages_Rsvd", M_HUGE_COUNT),
	MS("HugePages_Surp", M_HUGE_COUNT),
	MS("Hugepagesize", M_HUGEPAGESIZE),
};

/*
 * 3.10 (fs/proc/meminfo.c): 2.6.28's labels padded to 16, the split
 * LRU's lines, Unevictable and Mlocked, Shmem (2.6.32), KernelStack
 * (2.6.32), WritebackTmp (2.6.26), HardwareCorrupted (2.6.32),
 * AnonHugePages (2.6.38); 2.6.27's wider huge page lines; x86's DirectMap
 * lines (2.6.26; no 1G pages).
 */
static const struct mi_line meminfo_3_10[] = {
	MS("MemTotal", M_TOTALRAM),
	MS("MemFree", M_FREE),
	M0("Buffers"),
	MN("Cached", NR_FILE_PAGES),
	MN("SwapCached", NR_SWAPCACHE),
	{ "Active", M_NODE, NR_ACTIVE_ANON, NR_ACTIVE_FILE },
	{ "Inactive", M_NODE, NR_INACTIVE_ANON, NR_INACTIVE_FILE },
	MN("Active(anon)", NR_ACTIVE_ANON),
	MN("Inactive(anon)", NR_INACTIVE_ANON),
	MN("Active(file)", NR_ACTIVE_FILE),
	MN("Inactive(file)", NR_INACTIVE_FILE),
	MN("Unevictable", NR_UNEVICTABLE),
	MZ("Mlocked", NR_MLOCK),
	MS("HighTotal", M_HIGH),
	MS("SwapTotal", M_SWAP_TOTAL),
	MS("SwapFree", M_SWAP_FREE),
	MN("Dirty", NR_FILE_DIRTY),
	MN("Writeback", NR_WRITEBACK),
	MN("AnonPages", NR_ANON_MAPPED),
	MN("Mapped", NR_FILE_MAPPED),
	MN("Shmem", NR_SHMEM),
	M0("Slab"),
	M0("SReclaimable"),
	M0("SUnreclaim"),
	{ "KernelStack", M_NODE_KB, NR_KERNEL_STACK_KB, -1 },
	MN("PageTables", NR_PAGETABLE),
	M0("NFS_Unstable"),
	M0("Bounce"),
	M0("WritebackTmp"),
	M0("CommitLimit"),
	M0("Committed_AS"),
	M0("VmallocTotal"),
	M0("VmallocUsed"),
	M0("VmallocChunk"),
	MS("HardwareCorrupted", M_HWCORRUPT),
	M0("AnonHugePages"),
	MS("HugePages_Total", M_HUGE_COUNT),
	MS("HugePages_Free", M_HUGE_COUNT),
	MS("HugePages_Rsvd", M_HUGE_COUNT),
	MS("HugePages_Surp", M_HUGE_COUNT),
	MS("Hugepagesize", M_HUGEPAGESIZE),
	M0("DirectMap4k"),
	M0("DirectMap2M"),
};

/*
 * 6.18 (the oracle host's): MemAvailable (3.14), KReclaimable (4.20),
 * Zswap and Zswapped (5.19), SecPageTables (6.0), Percpu (4.16), the
 * shmem and file THP lines (4.8, 5.4), Balloon, Hugetlb (5.16),
 * DirectMap1G.
 */
static const struct mi_line meminfo_6_18[] = {
	MS("MemTotal", M_TOTALRAM),
	MS("MemFree", M_FREE),
	MS("MemAvailable", M_AVAILABLE),
	M0("Buffers"),
	MN("Cached", NR_FILE_PAGES),
	MN("SwapCached", NR_SWAPCACHE),
	{ "Active", M_NODE, NR_ACTIVE_ANON, NR_ACTIVE_FILE },
	{ "Inactive", M_NODE, NR_INACTIVE_ANON, NR_INACTIVE_FILE },
	MN("Active(anon)", NR_ACTIVE_ANON),
	MN("Inactive(anon)", NR_INACTIVE_ANON),
	MN("Active(file)", NR_ACTIVE_FILE),
	MN("Inactive(file)", NR_INACTIVE_FILE),
	MN("Unevictable", NR_UNEVICTABLE),
	MZ("Mlocked", NR_MLOCK),
	MS("HighTotal", M_HIGH),
	MS("SwapTotal", M_SWAP_TOTAL),
	MS("SwapFree", M_SWAP_FREE),
	M0("Zswap"),
	M0("Zswapped"),
	MN("Dirty", NR_FILE_DIRTY),
	MN("Writeback", NR_WRITEBACK),
	MN("AnonPages", NR_ANON_MAPPED),
	MN("Mapped", NR_FILE_MAPPED),
	MN("Shmem", NR_SHMEM),
	M0("KReclaimable"),
	M0("Slab"),
	M0("SReclaimable"),
	M0("SUnreclaim"),
	{ "KernelStack", M_NODE_KB, NR_KERNEL_STACK_KB, -1 },
	MN("PageTables", NR_PAGETABLE),
	M0("SecPageTables"),
	M0("NFS_Unstable"),
	M0("Bounce"),
	M0("WritebackTmp"),
	M0("CommitLimit"),
	M0("Committed_AS"),
	M0("VmallocTotal"),
	M0("VmallocUsed"),
	M0("VmallocChunk"),
	M0("Percpu"),
	M0("AnonHugePages"),
	M0("ShmemHugePages"),
	M0("ShmemPmdMapped"),
	M0("FileHugePages"),
	M0("FilePmdMapped"),
	M0("Balloon"),
	MS("HugePages_Total", M_HUGE_COUNT),
	MS("HugePages_Free", M_HUGE_COUNT),
	MS("HugePages_Rsvd", M_HUGE_COUNT),
	MS("HugePages_Surp", M_HUGE_COUNT),
	MS("Hugepagesize", M_HUGEPAGESIZE),
	M0("Hugetlb"),
	M0("DirectMap4k"),
	M0("DirectMap2M"),
	M0("DirectMap1G"),
};

/*
 * @width: the value's column ("Name:" padded to width - 8 before 2.6.28's
 * widening, to 16 after); @old_huge: 2.6.24-26's narrow huge page lines.
 */
struct mi_layout {
	const struct mi_line *lines;
	size_t nr;
	int label;
	bool old_huge;
};

#define MI_LAYOUT(t, label, old)                          \
	{                                                 \
		t, sizeof(t) / sizeof((t)[0]), label, old \
	}

static const struct mi_layout mi_layouts[NR_PROCFS_FORMATS] = {
	[PROCFS_2_6_25] = MI_LAYOUT(meminfo_2_6_25, 14, true),
	[PROCFS_3_10] = MI_LAYOUT(meminfo_3_10, 16, false),
	[PROCFS_6_18] = MI_LAYOUT(meminfo_6_18, 16, false),
};

/* "Name:" padded to the layout's label width, the value in kB, %8lu */
static void mi_kb(FILE *f, const struct mi_layout *lay, const char *name, u64 kb)
{
	char label[32];

	snprintf(label, sizeof(label), "%s:", name);
	fprintf(f, "%-*s%8" PRIu64 " kB\n", lay->label, label, kb);
}

static void mi_line_print(FILE *f, const struct sim *sim, const struct mi_layout *lay,
			  const struct mi_line *l)
{
	u64 kb_per_page = sim->page_size / 1024, a, b;
	char label[32];

	snprintf(label, sizeof(label), "%s:", l->name);
	switch (l->src) {
	case M_TOTALRAM:
		mi_kb(f, lay, l->name, totalram_pages(sim) * kb_per_page);
		break;
	case M_FREE:
		mi_kb(f, lay, l->name, global_zone_state(sim, NR_FREE_PAGES) * kb_per_page);
		break;
	case M_AVAILABLE:
		mi_kb(f, lay, l->name, si_mem_available(sim) * kb_per_page);
		break;
	case M_NODE:
		mi_kb(f, lay, l->name,
		      (global_node_state(sim, l->a) +
		       (l->b >= 0 ? global_node_state(sim, l->b) : 0)) *
			      kb_per_page);
		break;
	case M_NODE_KB:
		mi_kb(f, lay, l->name, global_node_state(sim, l->a));
		break;
	case M_ZONE:
		mi_kb(f, lay, l->name, global_zone_state(sim, l->a) * kb_per_page);
		break;
	case M_SWAP_TOTAL:
	case M_SWAP_FREE:
		si_swapinfo(sim, &a, &b);
		mi_kb(f, lay, l->name, (l->src == M_SWAP_TOTAL ? a : b) * kb_per_page);
		break;
	case M_HIGH:
		if (!zone_configured(sim, ZONE_HIGHMEM))
			break;
		si_highmem(sim, &a, &b);
		mi_kb(f, lay, "HighTotal", a * kb_per_page);
		mi_kb(f, lay, "HighFree", b * kb_per_page);
		mi_kb(f, lay, "LowTotal", (totalram_pages(sim) - a) * kb_per_page);
		mi_kb(f, lay, "LowFree", (global_zone_state(sim, NR_FREE_PAGES) - b) * kb_per_page);
		break;
	case M_HUGE_COUNT:
	case M_HUGEPAGESIZE:
		a = l->src == M_HUGEPAGESIZE ? pageblock_nr_pages(sim) * kb_per_page : 0;
		if (lay->old_huge)
			fprintf(f, "%-17s%5" PRIu64, label, a);
		else
			fprintf(f, "%-16s%8" PRIu64, label, a);
		fputs(l->src == M_HUGEPAGESIZE ? " kB\n" : "\n", f);
		break;
	case M_HWCORRUPT:
		fprintf(f, "%s %5d kB\n", label, 0);
		break;
	default:
		mi_kb(f, lay, l->name, 0);
		break;
	}
}

void report_proc_meminfo(FILE *f, const struct sim *sim)
{
	const struct mi_layout *lay = &mi_layouts[sim->scn.policy.meminfo_format];

	if (!lay->lines) {
		report_meminfo(f, sim);
		return;
	}
	for (size_t i = 0; i < lay->nr; i++)
		mi_line_print(f, sim, lay, &lay->lines[i]);
}

// SPDX-License-Identifier: MIT
/*
 * vmstat.c - counter updates (mm/vmstat.c, v6.12).  The kernel batches
 * per-CPU deltas; the model updates exactly, which is what a reader of
 * /proc/vmstat sees after the per-CPU drift is folded in.
 */
#include "internal.h"
#include "../sim/config.h"

/*
 * Under the per-zone LRUs (zone_reclaim, before 4.8) @zid is the zone
 * shrink_zone() shrinks, as the kernel counted; under the node LRUs, which
 * no pre-4.8 kernel had, the highest populated zone the reclaim may take
 * from stands for it.
 */
void count_zone_lru_event(struct pglist_data *pgdat, int zid, enum zone_lru_event item, u64 n)
{
	struct zone *zone = &pgdat->node_zones[zid];

	while (zone > pgdat->node_zones && !populated_zone(zone))
		zone--;
	zone->lru_events[item] += n;
}

void count_memcg_events(struct mem_cgroup *memcg, enum vm_event_item item, u64 n)
{
	VM_BUG_ON(n && !memcg->vmstats);
	memcg->vm_events[item] += n;
}

const char *const migratetype_names[MIGRATE_TYPES] = {
	[MIGRATE_UNMOVABLE] = "Unmovable",     [MIGRATE_MOVABLE] = "Movable",
	[MIGRATE_RECLAIMABLE] = "Reclaimable", [MIGRATE_HIGHATOMIC] = "HighAtomic",
	[MIGRATE_ISOLATE] = "Isolate",
};

/* Models v6.12 fill_contig_page_info() over every order of the zone. */
void fill_contig_page_info(const struct zone *z, unsigned int suitable_order,
			   struct contig_page_info *info)
{
	*info = (struct contig_page_info){ 0 };
	for (unsigned int o = 0; o < NR_PAGE_ORDERS; o++) {
		u64 blocks = z->free_area[o].nr_free;

		info->free_blocks_total += blocks;
		info->free_pages += blocks << o;
		if (o >= suitable_order)
			info->free_blocks_suitable += blocks << (o - suitable_order);
	}
}

/* Models v6.12 unusable_free_index(): see page_alloc.h. */
int unusable_free_index(unsigned int order, const struct contig_page_info *info)
{
	if (!info->free_pages)
		return 1000;
	return (int)((info->free_pages - (info->free_blocks_suitable << order)) * 1000 /
		     info->free_pages);
}

/*
 * Models v6.12 __fragmentation_index(): 1000 less (1000 + free pages per
 * requested block, in thousandths) per free block.  Many small blocks
 * holding plenty of memory give a value near 1000 (fragmentation); few
 * blocks holding little give a small one (lack of memory).
 */
int fragmentation_index(unsigned int order, const struct contig_page_info *info)
{
	u64 requested = 1ULL << order;

	if (!info->free_blocks_total)
		return 0;
	if (info->free_blocks_suitable)
		return -1000;
	return 1000 - (int)((1000 + info->free_pages * 1000 / requested) / info->free_blocks_total);
}

/*
 * ---- [policy] zoneinfo_format: the layout /proc/zoneinfo is printed in ----
 *
 * Read in each era's mm/vmstat.c zoneinfo_show_print() (the profiles set
 * it; src/report/procfs.c prints it).  A value holds from the release it
 * names to the next value's:
 *   2.6.25  the single LRU's "scanned N (a: A i: I)" and nr_inactive /
 *           nr_active, no cold per-CPU list (2.6.25: "Page allocator: get
 *           rid of the list of cold pages"), all_unreclaimable,
 *           prev_priority, start_pfn; only populated zones.
 *   2.6.28  the split LRU: "scanned N (aa: ia: af: if:)", the four LRU
 *           counters, nr_unevictable and nr_mlock, and inactive_ratio.
 *   2.6.30  "scanned N" alone (Wu Fengguang, May 2009: "vmscan: don't
 *           export nr_saved_scan in /proc/zoneinfo").
 *   3.8     the managed line (3.8: managed_pages); prev_priority gone
 *           (2.6.36: "vmscan: kill prev_priority completely").
 *   4.12    4.8's node LRU (the "per-node stats" block in the node's
 *           first populated zone, nr_zone_* per zone, counters indented
 *           6), 4.11's end of the scanned line and node_unreclaimable
 *           from kswapd_failures, 4.12's empty zones printed (protection
 *           before the counters), node_inactive_ratio (0 from 4.10 until
 *           its removal in 4.15).
 *   6.0     the modern layout: cma (5.12, 3c381db1fac8), boost (5.16,
 *           Liangcai Fan's "mm: Show watermark_boost of zone in
 *           zoneinfo"), promo (6.0's memory tiering).
 *
 * ---- [policy] vmstat_format and meminfo_format: /proc/vmstat and
 * /proc/meminfo ----
 *
 * The lines `reclaimsim vmstat` and `meminfo` print (src/report/
 * procfs_era.c has each layout's table and names the release of each
 * line): "model", the model's own lines under v6.12's names (the JSON's
 * vmstat member, whatever the key), or the layout of a release, every
 * line of it, 0 where the model keeps no figure; the default is 6.12's,
 * as every policy key's is the 6.12 profile's:
 *   2.6.25  (read in 2.6.24's mm/vmstat.c vmstat_text[] and fs/proc/
 *           proc_misc.c meminfo_read_proc(); 2.6.26 was the next change)
 *           one LRU, reclaim events per zone, kswapd_steal, allocstall;
 *           meminfo labels 14 wide, no Shmem.
 *   2.6.28  the split LRU's nr_{in,}active_{anon,file}, nr_unevictable,
 *           nr_mlock, unevictable_pgs_*; meminfo's 16-wide labels,
 *           Active(anon) .. Mlocked, DirectMap.
 *   2.6.32  nr_kernel_stack, nr_isolated_*, nr_shmem, zone_reclaim_failed;
 *           meminfo's Shmem, KernelStack, HardwareCorrupted.
 *   2.6.35  kswapd_*_wmark_hit_quickly, kswapd_skip_congestion_wait
 *           (2.6.33), the first compact_* (2.6.35); meminfo as 2.6.32.
 *   3.10    the split LRU and its meminfo lines, unevictable_pgs_*,
 *           compact_*, thp_*, pgsteal_kswapd/direct per zone (3.4).
 *   4.2     nr_alloc_batch (3.12), nr_pages_scanned (3.19), workingset_*
 *           (3.15), drop_*, balloon_*; MemAvailable (3.14: free less the
 *           low watermarks).
 *   4.5     pglazyfreed, thp_split_page/_pmd; MemAvailable less
 *           totalreserve_pages (4.5).
 *   4.12    4.8's node counters, allocstall and pgskip per zone, the
 *           reclaim events global, compact_daemon_*; ShmemHugePages.
 *   6.12    the 6.18 host's configuration on 6.12: as 6.18 without 6.13..
 *           6.18's lines (nr_free_pages_blocks, *_proactive, ...), with
 *           nr_bounce and nr_writeback_temp; meminfo without Balloon.
 *   6.18    the oracle host's kernel: node counters (4.8), allocstall
 *           and pgskip per zone, workingset_* by type (5.9), pgscan_anon/
 *           file (5.8), tiering's pgpromote/pgdemote, MemAvailable (3.14),
 *           KReclaimable (4.20), Zswap (5.19), DirectMap1G.
 */
static const struct cfg_key vmstat_policy_keys[] = {
	{ .name = "zoneinfo_format",
	  .type = CFG_ENUM,
	  .off = offsetof(struct scn_policy, zoneinfo_format),
	  .size = sizeof(int),
	  .values = CFG_VALUES("6.0", "2.6.25", "2.6.28", "2.6.30", "3.8", "4.12"),
	  .def = "6.0",
	  .doc = "the layout of /proc/zoneinfo, each value the kernels' from the release it names to the next value's (docs/output.md): 6.0 (boost, promo and cma lines, 5.12-6.0) / 2.6.25 ('scanned N (a: 0 i: 0)', nr_inactive/nr_active, all_unreclaimable, prev_priority, populated zones only) / 2.6.28 (split LRU: 'scanned N (aa: 0 ia: 0 af: 0 if: 0)', inactive_ratio) / 2.6.30 ('scanned N' alone) / 3.8 (managed; prev_priority gone, 2.6.36) / 4.12 (4.8's per-node stats and nr_zone_* counters, node_unreclaimable, every zone printed, node_inactive_ratio 0)" },
	{ .name = "vmstat_format",
	  .type = CFG_ENUM,
	  .off = offsetof(struct scn_policy, vmstat_format),
	  .size = sizeof(int),
	  .values = CFG_VALUES("model", "2.6.25", "2.6.28", "2.6.32", "2.6.35", "3.10", "4.2",
			       "4.5", "4.12", "6.12", "6.18"),
	  .def = "6.12",
	  .doc = "the lines of `reclaimsim vmstat` (docs/output.md): model (the counters the model keeps, under v6.12's names: the JSON's vmstat) / 2.6.25 (single LRU's nr_active/nr_inactive, per-zone pgrefill/pgsteal/pgscan, kswapd_steal, allocstall) / 2.6.28 (split LRU, nr_unevictable, unevictable_pgs_*) / 2.6.32 (nr_kernel_stack, nr_isolated_*, nr_shmem, zone_reclaim_failed) / 2.6.35 (kswapd_*_hit_quickly, kswapd_skip_congestion_wait, compact_blocks/pages_moved) / 3.10 (compact_* renamed, thp_*, per-zone pgsteal_kswapd/direct, dirty thresholds) / 4.2 (nr_alloc_batch, nr_pages_scanned, workingset_*, drop_*, balloon_*) / 4.5 (pglazyfreed, thp_split_page/pmd) / 4.12 (4.8's node counters, per-zone allocstall/pgskip, global pgscan/pgsteal, compact_daemon_*) / 6.12 (6.18's config on 6.12: workingset by type, pgscan_anon/file, no _proactive lines) / 6.18 (node counters, workingset_*, pgscan_anon/file, pgpromote/pgdemote, the oracle host's 6.18 config); every line of the layout, 0 where the model keeps no figure" },
	{ .name = "meminfo_format",
	  .type = CFG_ENUM,
	  .off = offsetof(struct scn_policy, meminfo_format),
	  .size = sizeof(int),
	  .values = CFG_VALUES("model", "2.6.25", "2.6.28", "2.6.32", "2.6.35", "3.10", "4.2",
			       "4.5", "4.12", "6.12", "6.18"),
	  .def = "6.12",
	  .doc = "the lines of `reclaimsim meminfo` (fs/proc/meminfo.c, docs/output.md): model (v6.12's lines the model has figures for) / 2.6.25 (labels 14 wide, Active/Inactive only, no Shmem) / 2.6.28 (labels 16 wide, Active(anon).., Unevictable, Mlocked, WritebackTmp, DirectMap) / 2.6.32 (Shmem, KernelStack, HardwareCorrupted) / 2.6.35 (the same lines as 2.6.32) / 3.10 (AnonHugePages) / 4.2 (MemAvailable, 3.14's: free less the low watermarks) / 4.5 (MemAvailable less totalreserve_pages) / 4.12 (ShmemHugePages, ShmemPmdMapped) / 6.12 (6.18's lines but Balloon) / 6.18 (MemAvailable, KReclaimable, Zswap, SecPageTables, Percpu, the huge page lines, Balloon, Hugetlb, DirectMap1G); every line of the layout, 0 where the model keeps no figure" },
};
CFG_TABLE(vmstat_policy_table, vmstat_policy_keys);

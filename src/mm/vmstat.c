// SPDX-License-Identifier: MIT
/*
 * vmstat.c - counter updates (mm/vmstat.c, v6.12).  The kernel batches
 * per-CPU deltas; the model updates exactly, which is what a reader of
 * /proc/vmstat sees after the per-CPU drift is folded in.
 */
#include "internal.h"
#include "../sim/config.h"

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
 */
static const struct cfg_key vmstat_policy_keys[] = {
	{ .name = "zoneinfo_format",
	  .type = CFG_ENUM,
	  .off = offsetof(struct scn_policy, zoneinfo_format),
	  .size = sizeof(int),
	  .values = CFG_VALUES("6.0", "2.6.25", "2.6.28", "2.6.30", "3.8", "4.12"),
	  .def = "6.0",
	  .doc = "the layout of /proc/zoneinfo, each value the kernels' from the release it names to the next value's (docs/output.md): 6.0 (boost, promo and cma lines, 5.12-6.0) / 2.6.25 ('scanned N (a: 0 i: 0)', nr_inactive/nr_active, all_unreclaimable, prev_priority, populated zones only) / 2.6.28 (split LRU: 'scanned N (aa: 0 ia: 0 af: 0 if: 0)', inactive_ratio) / 2.6.30 ('scanned N' alone) / 3.8 (managed; prev_priority gone, 2.6.36) / 4.12 (4.8's per-node stats and nr_zone_* counters, node_unreclaimable, every zone printed, node_inactive_ratio 0)" },
};
CFG_TABLE(vmstat_policy_table, vmstat_policy_keys);

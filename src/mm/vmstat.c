// SPDX-License-Identifier: MIT
/*
 * vmstat.c - counter updates (mm/vmstat.c, v6.12).  The kernel batches
 * per-CPU deltas; the model updates exactly, which is what a reader of
 * /proc/vmstat sees after the per-CPU drift is folded in.
 */
#include "internal.h"

void mod_zone_page_state(struct zone *z, enum zone_stat_item item, long delta)
{
	z->vm_stat[item] += delta;
}

void mod_node_page_state(struct pglist_data *pgdat, enum node_stat_item item, long delta)
{
	pgdat->vm_stat[item] += delta;
	VM_BUG_ON((item == NR_ISOLATED_ANON || item == NR_ISOLATED_FILE) &&
		  pgdat->vm_stat[item] < 0);
}

/* __mod_lruvec_state: the node's counter and the memcg's. */
void mod_lruvec_state(struct lruvec *lruvec, enum node_stat_item item, long delta)
{
	lruvec->pgdat->vm_stat[item] += delta;
	VM_BUG_ON(delta && !lruvec->memcg->vmstats);
	lruvec->memcg->vm_stat[item] += delta;
}

void mod_lruvec_page_state(struct sim *sim, u32 pfn, enum node_stat_item item, long delta)
{
	mod_lruvec_state(folio_lruvec(sim, pfn), item, delta);
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

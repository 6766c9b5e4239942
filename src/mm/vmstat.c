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
	lruvec->memcg->vm_stat[item] += delta;
}

void mod_lruvec_page_state(struct sim *sim, u32 pfn, enum node_stat_item item, long delta)
{
	mod_lruvec_state(folio_lruvec(sim, pfn), item, delta);
}

void count_memcg_events(struct mem_cgroup *memcg, enum vm_event_item item, u64 n)
{
	memcg->vm_events[item] += n;
}

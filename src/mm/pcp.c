// SPDX-License-Identifier: MIT
/*
 * pcp.c - the per-CPU page lists in front of the buddy allocator
 * (mm/page_alloc.c, v6.12: struct per_cpu_pages, rmqueue_pcplist,
 * free_unref_page_commit, free_pcppages_bulk, drain_all_pages,
 * zone_batchsize, zone_highsize; the fixed 6 x batch rule of kernels
 * before v5.14 for the older profiles).
 *
 * Each zone has one struct per_cpu_pages per CPU ([policy] pcp_lists).
 * An allocation of an order the lists hold takes the first page of its
 * (order, migratetype) list on the running CPU, refilling an empty list
 * with a batch of blocks from the buddy lists (rmqueue_bulk); a free puts
 * the page at the head of its list and, once the CPU holds high pages or
 * more, gives the oldest ones back to the buddy lists (free_pcppages_bulk).
 * The pages on the lists are out of NR_FREE_PAGES, as in the kernel:
 * zone free counts and watermark checks do not see them.
 *
 * The running CPU is sim->eng.this_cpu: the scheduler's CPU of the task
 * whose step is in progress (CPU 0 for events outside steps, the
 * kernel's interrupts on the boot CPU).  Not modelled: the vmstat
 * worker's decay_pcp_high() / drain_zone_pages() every second, CPU
 * hotplug, and the pcp spinlock (a CPU runs one step at a time).
 */
#include <errno.h>
#include <stdlib.h>

#include "internal.h"
#include "../sim/scenario.h"

/* CONFIG_PCP_BATCH_SCALE_MAX (mm/Kconfig, v6.12 default) */
#define PCP_BATCH_SCALE_MAX 5
/* MIN_PERCPU_PAGELIST_HIGH_FRACTION (v5.14+; MIN_PERCPU_PAGELIST_FRACTION before) */
#define MIN_PERCPU_PAGELIST_HIGH_FRACTION 8

static inline int clamp_int(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static inline int max_int(int a, int b)
{
	return a > b ? a : b;
}

static inline int min_int(int a, int b)
{
	return a < b ? a : b;
}

/*
 * pcp_allowed_order() (v6.12): orders 0..PAGE_ALLOC_COSTLY_ORDER and the
 * PMD order (THP); only order 0 with pcp_lists = order0 (< v5.13).
 */
bool pcp_allowed_order(const struct sim *sim, unsigned int order)
{
	if (sim->scn.policy.pcp_lists == PCP_LISTS_ORDER0)
		return !order;
	return order <= PAGE_ALLOC_COSTLY_ORDER || order == hpage_pmd_order(sim);
}

/* order_to_pindex() (v6.12): the THP list after the low orders' lists. */
static inline unsigned int order_to_pindex(int migratetype, unsigned int order)
{
	if (order > PAGE_ALLOC_COSTLY_ORDER)
		return NR_LOWORDER_PCP_LISTS;
	return MIGRATE_PCPTYPES * order + (unsigned int)migratetype;
}

static inline unsigned int pindex_to_order(const struct sim *sim, unsigned int pindex)
{
	if (pindex == NR_LOWORDER_PCP_LISTS)
		return hpage_pmd_order(sim);
	return pindex / MIGRATE_PCPTYPES;
}

/*
 * zone_batchsize() (v6.12): about a 1024th of the zone, at most 1 MiB
 * (512 KiB before v4.19, "mm, page_alloc: double zone's batchsize": the
 * pcp_high = fixed profiles), a quarter of that rounded down to 2^n - 1
 * (a power of two made tasks alternating batches share cache colours
 * badly).
 */
static int zone_batchsize(const struct sim *sim, const struct zone *z)
{
	u64 cap = (sim->scn.policy.pcp_high == PCP_HIGH_FIXED ? 512 : 1024) * 1024 / sim->page_size;
	u64 batch = min_u64(zone_managed_pages(z) >> 10, cap);

	batch /= 4;
	if (batch < 1)
		batch = 1;
	batch += batch / 2;
	return (int)((1ULL << (63 - __builtin_clzll(batch))) - 1);
}

/*
 * zone_highsize() (v6.12, v5.14+): the zone's low watermark (or, with
 * percpu_pagelist_high_fraction, its managed pages / the fraction) split
 * over the CPUs of its node, so that full lists on every CPU do not by
 * themselves push the zone below low and wake kswapd; at least 4 batches.
 */
static int zone_highsize(const struct sim *sim, const struct zone *z, int batch,
			 unsigned int high_fraction)
{
	u64 total = high_fraction ? zone_managed_pages(z) / high_fraction : low_wmark_pages(z);
	unsigned int nr_split_cpus = 0, nid = (unsigned int)z->zone_pgdat->node_id;

	/* cpumask_of_node(): the model puts CPU c on node c * nodes / cpus */
	for (unsigned int c = 0; c < sim->eng.nr_cpus; c++)
		if (c * sim->nr_nodes / sim->eng.nr_cpus == nid)
			nr_split_cpus++;
	if (!nr_split_cpus)
		nr_split_cpus = sim->eng.nr_cpus;
	return max_int((int)(total / nr_split_cpus), batch << 2);
}

/*
 * zone_pcp_update() → zone_set_pageset_high_and_batch() (v6.12), run by
 * setup_per_zone_wmarks() since the default high follows the low
 * watermark.  pcp_high = auto (v6.7+): high_min from the low watermark,
 * high_max from an eighth of the zone, both per CPU; pcp->high itself is
 * left to the tuning (0 until the list is first used, as /proc/zoneinfo
 * shows on an idle zone).  low_wmark (v5.14..6.6): high = high_min =
 * high_max.  fixed (< v5.14, pageset_set_batch): high = 6 x batch, or with
 * the old percpu_pagelist_fraction managed / fraction and batch a quarter
 * of that, at most PAGE_SHIFT * 8 (pageset_set_high).
 */
void zone_pcp_update(struct sim *sim, struct zone *z)
{
	unsigned int fraction = sim->scn.sysctl.percpu_pagelist_high_fraction;
	int batch, high_min, high_max;
	bool set_high = true;

	if (!z->per_cpu_pageset)
		return;
	batch = max_int(1, zone_batchsize(sim, z));
	switch (sim->scn.policy.pcp_high) {
	case PCP_HIGH_FIXED:
		if (fraction) {
			high_min = (int)(zone_managed_pages(z) / fraction);
			batch = max_int(1, high_min / 4);
			if (high_min / 4 > (int)sim->page_shift * 8)
				batch = (int)sim->page_shift * 8;
		} else {
			high_min = 6 * batch;
		}
		high_max = high_min;
		break;
	case PCP_HIGH_LOW_WMARK:
		high_min = high_max = zone_highsize(sim, z, batch, fraction);
		break;
	case PCP_HIGH_AUTO:
	default:
		high_min = zone_highsize(sim, z, batch, fraction);
		/* a manual fraction turns the tuning off */
		high_max = fraction ?
				   high_min :
				   zone_highsize(sim, z, batch, MIN_PERCPU_PAGELIST_HIGH_FRACTION);
		set_high = false;
		break;
	}
	z->pageset_high_min = high_min;
	z->pageset_high_max = high_max;
	z->pageset_batch = batch;
	for (unsigned int c = 0; c < sim->eng.nr_cpus; c++) {
		struct per_cpu_pages *pcp = &z->per_cpu_pageset[c];

		pcp->batch = batch;
		pcp->high_min = high_min;
		pcp->high_max = high_max;
		if (set_high)
			pcp->high = high_min;
	}
}

/*
 * setup_per_cpu_pageset() (v6.12): a per_cpu_pages per CPU for every
 * populated zone when [policy] pcp_lists is on (their high and batch come
 * with the watermarks, zone_pcp_update).  Returns 0 or -ENOMEM.
 */
int setup_per_cpu_pageset(struct sim *sim)
{
	if (sim->scn.policy.pcp_lists == PCP_LISTS_OFF)
		return 0;
	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		for (int zi = 0; zi < MAX_NR_ZONES; zi++) {
			struct zone *z = &sim->nodes[n].node_zones[zi];

			if (!populated_zone(z))
				continue;
			z->per_cpu_pageset = calloc(sim->eng.nr_cpus, sizeof(*z->per_cpu_pageset));
			if (!z->per_cpu_pageset)
				return -ENOMEM;
			for (unsigned int c = 0; c < sim->eng.nr_cpus; c++) {
				struct per_cpu_pages *pcp = &z->per_cpu_pageset[c];

				/* the boot pageset: no pages kept until set up */
				pcp->batch = 1;
				for (unsigned int i = 0; i < NR_PCP_LISTS; i++)
					pfn_list_init(&pcp->lists[i]);
			}
		}
	return 0;
}

void free_per_cpu_pageset(struct sim *sim)
{
	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		for (int zi = 0; zi < MAX_NR_ZONES; zi++) {
			free(sim->nodes[n].node_zones[zi].per_cpu_pageset);
			sim->nodes[n].node_zones[zi].per_cpu_pageset = NULL;
		}
}

/*
 * free_pcppages_bulk() (v6.12): give @count pages of @pcp back to the
 * buddy lists, the oldest first (list tails), going round the lists and
 * starting with @pindex, the list just freed to.  A block's migratetype
 * is read from its pageblock now, which may have changed since it was
 * freed.  On the 2.6.x profiles this is also where the zone's
 * all_unreclaimable evidence is reset (free_pages_bulk()).
 */
static void free_pcppages_bulk(struct sim *sim, struct zone *z, int count,
			       struct per_cpu_pages *pcp, int pindex)
{
	count = min_int(pcp->count, count);
	if (count <= 0)
		return;
	/* the zone lock, for each page's buddy merge (the model's free_ns) */
	spin_lock_hold(sim, &z->lock, (u64)count * sim->scn.cost.free_ns);
	pindex--;
	if (sim->scn.policy.all_unreclaimable) {
		z->pages_scanned = 0;
		z->all_unreclaimable = false;
	}
	while (count > 0) {
		struct pfn_list *list;
		unsigned int order;

		do {
			if (++pindex > NR_PCP_LISTS - 1)
				pindex = 0;
			list = &pcp->lists[pindex];
		} while (pfn_list_empty(list));
		order = pindex_to_order(sim, (unsigned int)pindex);
		do {
			u32 pfn = list->tail;

			pfn_list_del(sim, list, pfn);
			sim->mem_map[pfn].order = 0;
			count -= 1 << order;
			pcp->count -= 1 << order;
			free_one_page(sim, pfn, order);
		} while (count > 0 && !pfn_list_empty(list));
	}
}

/*
 * nr_pcp_alloc() (v6.12): how many blocks a refill takes.  With the
 * tuning, each refill without a free in between doubles the order-0
 * batch (alloc_factor, up to 2^PCP_BATCH_SCALE_MAX) and raises high by
 * it while the zone is above its high watermark; the refill never fills
 * the list past high less a batch.  Higher orders take batch >> order
 * blocks, at least 2.  The fixed rules (before v6.7) take one batch.
 */
static int nr_pcp_alloc(const struct sim *sim, struct per_cpu_pages *pcp, const struct zone *z,
			unsigned int order)
{
	int base_batch = pcp->batch, batch, high, max_nr_alloc;

	if (sim->scn.policy.pcp_high != PCP_HIGH_AUTO)
		return base_batch > 1 ? max_int(base_batch >> order, 2) : base_batch;
	high = pcp->high = clamp_int(pcp->high, pcp->high_min, pcp->high_max);
	/* a boot pageset or disabled lists: one at a time */
	if (high < base_batch)
		return 1;
	batch = order ? base_batch : base_batch << pcp->alloc_factor;
	if (pcp->high_min != pcp->high_max && !(z->flags & (1UL << ZONE_BELOW_HIGH)))
		high = pcp->high = min_int(high + batch, pcp->high_max);
	if (!order) {
		max_nr_alloc = max_int(high - pcp->count - base_batch, base_batch);
		if (batch <= max_nr_alloc && pcp->alloc_factor < PCP_BATCH_SCALE_MAX)
			pcp->alloc_factor++;
		batch = min_int(batch, max_nr_alloc);
	}
	if (batch > 1)
		batch = max_int(batch >> order, 2);
	return batch;
}

/*
 * rmqueue_pcplist() + __rmqueue_pcplist() + rmqueue_bulk() (v6.12): see
 * internal.h.  The refill takes up to nr_pcp_alloc() blocks from the
 * buddy lists at once (the kernel does it under one zone lock hold),
 * each to the list tail, so the list hands them out in buddy order.
 */
u32 rmqueue_pcplist(struct sim *sim, struct zone *z, unsigned int order, int migratetype,
		    unsigned int alloc_flags)
{
	struct per_cpu_pages *pcp = &z->per_cpu_pageset[sim->eng.this_cpu];
	struct pfn_list *list = &pcp->lists[order_to_pindex(migratetype, order)];
	u32 pfn;

	/* an allocation halves the batch that frees give back at once */
	pcp->free_count >>= 1;
	if (pfn_list_empty(list)) {
		int batch = nr_pcp_alloc(sim, pcp, z, order), i;

		for (i = 0; i < batch; i++) {
			pfn = __rmqueue(sim, z, order, migratetype, alloc_flags);
			if (pfn == NO_PFN)
				break;
			/* tail pages of buddy blocks keep stale fields: clean them */
			for (u32 p = 0; p < 1U << order; p++)
				sim->mem_map[pfn + p] = (struct page){ .next = NO_PFN,
								       .prev = NO_PFN,
								       .memcg_id = MEMCG_ID_NONE };
			sim->mem_map[pfn].order = (u8)order;
			pfn_list_add_tail(sim, list, pfn);
			pcp->count += 1 << order;
		}
		/* rmqueue_bulk's one zone lock hold, alloc_ns of buddy work a block */
		spin_lock_hold(sim, &z->lock, (u64)(i ? i : 1) * sim->scn.cost.alloc_ns);
		if (pfn_list_empty(list))
			return NO_PFN;
	}
	pfn = list->head;
	pfn_list_del(sim, list, pfn);
	sim->mem_map[pfn].order = 0;
	pcp->count -= 1 << order;
	return pfn;
}

/*
 * nr_pcp_high() (v6.12): the high mark a free compares against.  While
 * kswapd reclaims the zone, or the zone is below its high watermark,
 * high shrinks by the run of frees (at least a batch) towards high_min;
 * a full list of a zone with room grows it to hold the next batch.  After
 * a long run of high-order frees (@free_high) everything goes back.
 */
static int nr_pcp_high(const struct sim *sim, struct per_cpu_pages *pcp, const struct zone *z,
		       int batch, bool free_high)
{
	int high;

	if (sim->scn.policy.pcp_high != PCP_HIGH_AUTO)
		return free_high ? 0 : pcp->high;
	high = pcp->high = clamp_int(pcp->high, pcp->high_min, pcp->high_max);
	if (!high)
		return 0;
	if (free_high) {
		pcp->high = max_int(high - (batch << PCP_BATCH_SCALE_MAX), pcp->high_min);
		return 0;
	}
	if (z->flags & (1UL << ZONE_RECLAIM_ACTIVE)) {
		pcp->high = max_int(high - max_int(pcp->free_count, batch), pcp->high_min);
		return min_int(batch << 2, pcp->high);
	}
	if (pcp->high_min == pcp->high_max)
		return high;
	if (z->flags & (1UL << ZONE_BELOW_HIGH)) {
		pcp->high = max_int(high - max_int(pcp->free_count, batch), pcp->high_min);
		high = max_int(pcp->count, pcp->high_min);
	} else if (pcp->count >= high) {
		int need_high = pcp->free_count + batch;

		if (pcp->high < need_high)
			pcp->high = clamp_int(need_high, pcp->high_min, pcp->high_max);
	}
	return high;
}

/*
 * nr_pcp_free() (v6.12): how many pages a drain gives back: the run of
 * frees since the last allocation, at least a batch and leaving at least
 * a batch (one batch under the fixed rules, v5.14's free_factor aside).
 */
static int nr_pcp_free(const struct sim *sim, const struct per_cpu_pages *pcp, int batch, int high,
		       bool free_high)
{
	if (free_high)
		return min_int(pcp->count, batch << PCP_BATCH_SCALE_MAX);
	if (high < batch)
		return 1;
	if (sim->scn.policy.pcp_high != PCP_HIGH_AUTO)
		return batch;
	return clamp_int(pcp->free_count, batch, high - batch);
}

/*
 * free_unref_page() + free_unref_page_commit() (v6.12): see internal.h.
 * Highatomic pages go to the movable list; isolated pageblocks straight
 * to the buddy lists.  Once the CPU holds high pages or more, a bulk free
 * takes it back down; and if that took a zone marked below its high
 * watermark back above it, the mark is cleared.
 */
bool free_unref_page_pcp(struct sim *sim, u32 pfn, unsigned int order)
{
	struct zone *z = page_zone(sim, pfn);
	struct per_cpu_pages *pcp;
	int mt, pindex, batch, high;
	bool free_high = false;

	if (!z->per_cpu_pageset || !pcp_allowed_order(sim, order))
		return false;
	mt = get_pfnblock_migratetype(sim, z, pfn);
	if (mt >= MIGRATE_PCPTYPES) {
		if (mt == MIGRATE_ISOLATE)
			return false;
		mt = MIGRATE_MOVABLE;
	}
	pcp = &z->per_cpu_pageset[sim->eng.this_cpu];
	pcp->alloc_factor >>= 1;
	pindex = (int)order_to_pindex(mt, order);
	sim->mem_map[pfn].order = (u8)order;
	pfn_list_add(sim, &pcp->lists[pindex], pfn);
	pcp->count += 1 << order;
	batch = pcp->batch;
	/* high orders other than THP fragment: a long run of them drains all */
	if (sim->scn.policy.pcp_high == PCP_HIGH_AUTO) {
		if (order && order <= PAGE_ALLOC_COSTLY_ORDER) {
			free_high = pcp->free_count >= batch + pcp->high_min / 2 &&
				    (pcp->flags & PCPF_PREV_FREE_HIGH_ORDER) &&
				    (!(pcp->flags & PCPF_FREE_HIGH_BATCH) || pcp->count >= batch);
			pcp->flags |= PCPF_PREV_FREE_HIGH_ORDER;
		} else {
			pcp->flags &= (u8)~PCPF_PREV_FREE_HIGH_ORDER;
		}
		if (pcp->free_count < batch << PCP_BATCH_SCALE_MAX)
			pcp->free_count += 1 << order;
	}
	high = nr_pcp_high(sim, pcp, z, batch, free_high);
	if (pcp->count >= high) {
		free_pcppages_bulk(sim, z, nr_pcp_free(sim, pcp, batch, high, free_high), pcp,
				   pindex);
		if ((z->flags & (1UL << ZONE_BELOW_HIGH)) &&
		    zone_watermark_ok(z, 0, high_wmark_pages(z), ZONE_MOVABLE, 0))
			z->flags &= ~(1UL << ZONE_BELOW_HIGH);
	}
	return true;
}

/*
 * drain_all_pages() (v6.12, @zone NULL: every zone): every CPU's lists
 * back to the buddy lists.  The allocator calls it when direct reclaim
 * made progress that an allocation still cannot find.
 */
void drain_all_pages(struct sim *sim, struct zone *zone)
{
	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		for (int zi = 0; zi < MAX_NR_ZONES; zi++) {
			struct zone *z = &sim->nodes[n].node_zones[zi];

			if (!z->per_cpu_pageset || (zone && z != zone))
				continue;
			for (unsigned int c = 0; c < sim->eng.nr_cpus; c++) {
				struct per_cpu_pages *pcp = &z->per_cpu_pageset[c];

				if (pcp->count)
					free_pcppages_bulk(sim, z, pcp->count, pcp, 0);
			}
		}
}

/*
 * decay_pcp_high() (v6.12): once a second a tuned high above high_min
 * falls by an eighth (faster if the list holds more than
 * 2^PCP_BATCH_SCALE_MAX batches above it, never below high_min), and what
 * the list holds above high goes back to the buddy lists.
 */
static void decay_pcp_high(struct sim *sim, struct zone *z, struct per_cpu_pages *pcp)
{
	int to_drain;

	if (pcp->high > pcp->high_min)
		pcp->high = max_int(max_int(pcp->count - (pcp->batch << PCP_BATCH_SCALE_MAX),
					    pcp->high - (pcp->high >> 3)),
				    pcp->high_min);
	to_drain = pcp->count - pcp->high;
	if (to_drain > 0)
		free_pcppages_bulk(sim, z, to_drain, pcp, 0);
}

/*
 * vmstat_update() → refresh_cpu_vm_stats(do_pagesets) (v6.12), every
 * sysctl_stat_interval (1 s) while workloads run: the decay of every
 * CPU's lists of every zone, with pcp_high = auto (the fixed high marks
 * of older kernels need none).  The per-CPU counter folding it also does
 * is not modelled (the model's counters are exact), nor the drain of
 * lists of remote nodes' zones.
 */
void vmstat_update(struct sim *sim, void *unused, u64 unused_arg)
{
	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		for (int zi = 0; zi < MAX_NR_ZONES; zi++) {
			struct zone *z = &sim->nodes[n].node_zones[zi];

			if (!z->per_cpu_pageset)
				continue;
			for (unsigned int c = 0; c < sim->eng.nr_cpus; c++)
				decay_pcp_high(sim, z, &z->per_cpu_pageset[c]);
		}
	if (sim->workloads_unfinished)
		event_push(sim, sim->eng.now + NSEC_PER_SEC, vmstat_update, NULL, 0);
}

/* The pages on @z's per-CPU lists, all CPUs (mm_verify, reports). */
u64 zone_pcp_pages(const struct sim *sim, const struct zone *z)
{
	u64 n = 0;

	if (z->per_cpu_pageset)
		for (unsigned int c = 0; c < sim->eng.nr_cpus; c++)
			n += (u64)z->per_cpu_pageset[c].count;
	return n;
}

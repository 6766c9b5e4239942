// SPDX-License-Identifier: MIT
/*
 * mm_init.c - nodes, zones and the memory map of the simulated machine
 * (mm/mm_init.c free_area_init(), memmap_init(); mm/memblock.c
 * memblock_free_all(); v6.12).
 *
 * The simulated memory map holds managed frames only: the kernel's holes
 * and boot-time reservations (the difference between spanned, present and
 * managed in /proc/zoneinfo) are reported figures here, never frames.
 * Frames are numbered node by node, zone by zone in zone index order, so
 * every zone and every node is one contiguous PFN range.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stddef.h>
#include <strings.h>
#include <unistd.h>

#include "page_alloc.h"
#include "../sim/config.h"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) CFG_ARRAY_SIZE(a)
#endif

#define SZ_1K 1024ULL
#define SZ_1M (1ULL << 20)
#define SZ_16M (16ULL << 20)
#define SZ_1G (1ULL << 30)
#define SZ_4G (4ULL << 30)

/* mm_check_machine() sizes the host's share of a machine with these */
_Static_assert(sizeof(struct page) <= SCN_HOST_BYTES_PER_PAGE,
	       "SCN_HOST_BYTES_PER_PAGE must cover struct page");
_Static_assert(SCN_MAX_PAGES < NO_PFN, "SCN_MAX_PAGES must leave NO_PFN out");
_Static_assert((SCN_MAX_PAGES + 1) << PTE_SHIFT <= UINT32_MAX,
	       "a PTE must hold every page frame number and swap slot");

/* The size of one node's zones, as laid out from the scenario. */
struct node_layout {
	u64 managed[MAX_NR_ZONES];
	u64 present[MAX_NR_ZONES];
	u64 spanned[MAX_NR_ZONES];
};

/* Bytes of [lo, hi) that fall inside [start, end). */
static u64 overlap(u64 start, u64 end, u64 lo, u64 hi)
{
	u64 a = start > lo ? start : lo;
	u64 b = end < hi ? end : hi;

	return b > a ? b - a : 0;
}

/* Node @nid's first byte and its size: node_memory, or an even share of memory. */
static void node_span(const struct scn_machine *m, unsigned int nid, u64 *start, u64 *size)
{
	u64 even = m->memory / m->page_size / m->nodes * m->page_size;

	*start = 0;
	if (!m->nr_node_memory) {
		*start = (u64)nid * even;
		*size = even;
		return;
	}
	for (unsigned int i = 0; i < nid && i < m->nr_node_memory; i++)
		*start += m->node_memory[i];
	/* a list shorter than nodes is refused by mm_check_machine() */
	*size = nid < m->nr_node_memory ? m->node_memory[nid] : 0;
}

/* i386's lowmem with the default 3G/1G split: 1 GiB of kernel space less 128 MiB of vmalloc. */
#define I386_MAXLOW (896ULL << 20)

/*
 * arm64's and ia64's default layouts, DRAM starting at 0 and every node
 * split at the same physical limits.  ia64 (2.6.x paging_init, contig.c
 * and discontig.c alike): ZONE_DMA below MAX_DMA_ADDRESS (4 GiB),
 * ZONE_NORMAL above.  arm64 (v6.0 arch/arm64/mm/init.c zone_sizes_init
 * and max_zone_phys): v5.5+ ZONE_DMA below zone_dma_limit (1 GiB, 30 bits, in
 * v5.5..5.10; from v5.11 the smallest limit the device tree or ACPI IORT
 * gives, 4 GiB when none does, and ZONE_DMA32 is then empty), ZONE_DMA32
 * below 4 GiB; before v5.5 one zone below 4 GiB (DMA32, or DMA before
 * the rename), ZONE_NORMAL above.
 */
static void layout_phys_limits(const struct scn_machine *m, u64 start, u64 end,
			       struct node_layout *l)
{
	u64 dma = m->arch == SCN_ARCH_ARM64 ? m->zone_dma_limit : SZ_4G;
	enum zone_type low = m->arch == SCN_ARCH_ARM64_DMA32 ? ZONE_DMA32 : ZONE_DMA;

	l->managed[low] = overlap(start, end, 0, dma) / m->page_size;
	if (m->arch == SCN_ARCH_ARM64)
		l->managed[ZONE_DMA32] = overlap(start, end, dma, SZ_4G) / m->page_size;
	l->managed[ZONE_NORMAL] = overlap(start, end, SZ_4G, U64_MAX) / m->page_size;
}

/*
 * The arch's default layout (arch/x86/mm/init.c zone_sizes_init), nodes
 * following each other in physical address order, so only the low nodes
 * have the low zones.  x86-64: ZONE_DMA below 16 MiB, ZONE_DMA32 below
 * 4 GiB, ZONE_NORMAL above.  i386 (setup_arch's max_low_pfn,
 * find_low_pfn_range): ZONE_DMA below 16 MiB, ZONE_NORMAL up to 896 MiB,
 * ZONE_HIGHMEM above.  Only node 0 gets DMA, even on a machine so small
 * that node 1 starts below 16 MiB: that memory counts as the next zone.
 */
static void layout_default(const struct scn_machine *m, unsigned int nid, struct node_layout *l)
{
	u64 start, size, end, dma;
	bool i386 = m->arch == SCN_ARCH_I386;
	u64 low = i386 ? I386_MAXLOW : SZ_4G;

	node_span(m, nid, &start, &size);
	end = start + size;
	if (m->arch >= SCN_ARCH_ARM64) {
		layout_phys_limits(m, start, end, l);
		return;
	}
	dma = nid ? 0 : overlap(start, end, 0, SZ_16M);
	l->managed[ZONE_DMA] = dma / m->page_size;
	l->managed[i386 ? ZONE_NORMAL : ZONE_DMA32] =
		(overlap(start, end, 0, low) - dma) / m->page_size;
	l->managed[i386 ? ZONE_HIGHMEM : ZONE_NORMAL] =
		overlap(start, end, low, U64_MAX) / m->page_size;
}

/*
 * The explicit [machine] zones = list, the same for every node: fixed
 * zones take their pages, a "rest" zone what is left of the node's
 * memory (nothing if the fixed zones already exceed it).
 */
static int layout_explicit(const struct scn_machine *m, unsigned int nid, struct node_layout *l)
{
	u64 start, size, node_pages, fixed = 0;
	bool seen[MAX_NR_ZONES] = { false };
	const struct scn_zone *zones = m->zones;
	unsigned int i, nr = m->nr_zones;
	int rest = -1;

	if (m->nr_layouts) {
		/* a node's own list: every zone sized (set_zones) */
		if (nid >= m->nr_layouts)
			return -EINVAL;
		zones = m->layout_zones[nid];
		nr = m->layout_nr_zones[nid];
	}
	node_span(m, nid, &start, &size);
	node_pages = size / m->page_size;
	for (i = 0; i < nr; i++) {
		const struct scn_zone *sz = &zones[i];

		if ((unsigned int)sz->type >= MAX_NR_ZONES || seen[sz->type])
			return -EINVAL;
		seen[sz->type] = true;
		l->present[sz->type] = sz->present;
		l->spanned[sz->type] = sz->spanned;
		if (sz->rest) {
			if (rest >= 0)
				return -EINVAL;
			rest = (int)sz->type;
			continue;
		}
		l->managed[sz->type] = sz->pages;
		fixed += sz->pages;
	}
	if (rest >= 0)
		l->managed[rest] = node_pages > fixed ? node_pages - fixed : 0;
	return 0;
}

static int node_layout(const struct scn_machine *m, unsigned int nid, struct node_layout *l)
{
	int err = 0;
	unsigned int z;

	memset(l, 0, sizeof(*l));
	if (m->nr_zones)
		err = layout_explicit(m, nid, l);
	else
		layout_default(m, nid, l);
	/* reported sizes: present defaults to managed, spanned to present */
	for (z = 0; z < MAX_NR_ZONES; z++) {
		if (!l->present[z])
			l->present[z] = l->managed[z];
		if (!l->spanned[z])
			l->spanned[z] = l->present[z];
	}
	return err;
}

void scn_zone_sizes(const struct scn_machine *m, unsigned int nid, u64 managed[MAX_NR_ZONES],
		    u64 present[MAX_NR_ZONES], u64 spanned[MAX_NR_ZONES])
{
	struct node_layout l;

	node_layout(m, nid, &l);
	memcpy(managed, l.managed, sizeof(l.managed));
	memcpy(present, l.present, sizeof(l.present));
	memcpy(spanned, l.spanned, sizeof(l.spanned));
}

u64 scn_lowmem_pages(const struct scn_machine *m)
{
	struct node_layout l;
	u64 sum = 0;

	for (unsigned int nid = 0; nid < m->nodes; nid++) {
		node_layout(m, nid, &l);
		for (unsigned int z = 0; z < MAX_NR_ZONES; z++)
			if (z != ZONE_HIGHMEM && z != ZONE_MOVABLE)
				sum += l.managed[z];
	}
	return sum;
}

static void init_zone(struct pglist_data *pgdat, enum zone_type idx, u32 start_pfn,
		      const struct node_layout *l)
{
	struct zone *z = &pgdat->node_zones[idx];
	unsigned int o, mt;

	z->zone_pgdat = pgdat;
	z->idx = idx;
	z->prev_priority = DEF_PRIORITY; /* 2.6.25 free_area_init_core */
	z->zone_start_pfn = start_pfn;
	z->managed_pages = l->managed[idx];
	z->present_pages = l->present[idx];
	z->spanned_pages = l->spanned[idx];
	for (o = 0; o < NR_PAGE_ORDERS; o++)
		for (mt = 0; mt < MIGRATE_TYPES; mt++)
			z->free_area[o].free_list[mt].head = z->free_area[o].free_list[mt].tail =
				NO_PFN;
}

/*
 * zone_batchsize() and setup_pageset() (v2.6.25): the per-CPU list's batch
 * is about a 4096th of the zone, at most 128 KiB, rounded to 2^n - 1; the
 * hot list drains when it holds 6 batches, the cold one at 2.  Only the
 * counts, for the all_unreclaimable resets of pcp_lists = off (the lists
 * themselves are pcp.c).
 */
static int zone_pcp_init(struct sim *sim, struct zone *z)
{
	u64 batch = z->present_pages / 1024;
	unsigned int fls = 0;

	if (!populated_zone(z))
		return 0;
	z->pcp_count = calloc(sim->eng.nr_cpus, sizeof(*z->pcp_count));
	if (!z->pcp_count)
		return -ENOMEM;
	if (batch * sim->page_size > 512 * 1024)
		batch = 512 * 1024 / sim->page_size;
	batch /= 4; /* "we effectively *= 4 below" */
	if (batch < 1)
		batch = 1;
	while ((batch + batch / 2) >> fls)
		fls++;
	batch = (1ULL << (fls - 1)) - 1;
	z->pcp_high[0] = (u32)(6 * batch);
	z->pcp_batch[0] = (u32)(batch > 1 ? batch : 1);
	z->pcp_high[1] = (u32)(2 * batch);
	z->pcp_batch[1] = (u32)(batch / 2 > 1 ? batch / 2 : 1);
	return 0;
}

/*
 * The page_zone() table: frames in blocks of 2^shift, the largest block
 * (up to a pageblock) that no node or populated zone boundary splits, so
 * one search per block answers for all its frames.  Boundaries aligned to
 * fewer than 16 frames leave it to the search (the table would cost more
 * than a byte per frame).
 */
static int zone_map_init(struct sim *sim)
{
	unsigned int shift = pageblock_order(sim);
	u32 nr;

	for (unsigned int nid = 0; nid < sim->nr_nodes; nid++) {
		const struct pglist_data *pgdat = &sim->nodes[nid];

		if (pgdat->node_start_pfn &&
		    (unsigned int)__builtin_ctz(pgdat->node_start_pfn) < shift)
			shift = (unsigned int)__builtin_ctz(pgdat->node_start_pfn);
		for (int z = 0; z < MAX_NR_ZONES; z++) {
			u32 start = pgdat->node_zones[z].zone_start_pfn;

			if (pgdat->node_zones[z].managed_pages && start &&
			    (unsigned int)__builtin_ctz(start) < shift)
				shift = (unsigned int)__builtin_ctz(start);
		}
	}
	if (shift < 4)
		return 0;
	nr = ((sim->nr_pfns - 1) >> shift) + 1;
	sim->zone_map = malloc(nr * sizeof(*sim->zone_map));
	if (!sim->zone_map)
		return -ENOMEM;
	for (u32 i = 0; i < nr; i++)
		sim->zone_map[i] = page_zone_search(sim, i << shift);
	sim->zone_map_shift = shift;
	return 0;
}

/*
 * Models v6.12 free_area_init() + memmap_init() + memblock_free_all():
 * size every zone, give every frame a struct page, then free all frames
 * into the buddy allocator.  The watermarks are left at zero; the caller
 * runs setup_per_zone_wmarks() and setup_per_zone_lowmem_reserve() once
 * min_free_kbytes is known, as init_per_zone_wmark_min() does.
 */
int mem_init_zones(struct sim *sim)
{
	const struct scn_machine *m = &sim->scn.machine;
	struct node_layout l;
	u64 total = 0;
	u32 pfn = 0;
	unsigned int nid, z;
	int err;

	if (!m->nodes || !sim->page_size)
		return -EINVAL;
	for (nid = 0; nid < m->nodes; nid++) {
		err = node_layout(m, nid, &l);
		if (err)
			return err;
		for (z = 0; z < MAX_NR_ZONES; z++)
			total += l.managed[z];
	}
	/* PFNs are u32 and NO_PFN is reserved */
	if (!total || total >= NO_PFN)
		return -EINVAL;

	sim->nodes = calloc(m->nodes, sizeof(*sim->nodes));
	/*
	 * Zeroed, and left so: the frames of a free block other than its
	 * first are not touched until the block is split or allocated
	 * (expand, prep_new_page), so the host backs the memory map of free
	 * memory with no page of its own.  A 256 GiB machine boots in the
	 * host memory of what it holds, not 1.8 GB.
	 */
	sim->mem_map = calloc(total, sizeof(*sim->mem_map));
	sim->maybe_shared = calloc((total + 63) / 64, sizeof(u64));
	if (!sim->nodes || !sim->mem_map || !sim->maybe_shared) {
		mem_free_zones(sim);
		return -ENOMEM;
	}
	sim->nr_nodes = m->nodes;
	sim->nr_pfns = (u32)total;

	for (nid = 0; nid < m->nodes; nid++) {
		struct pglist_data *pgdat = &sim->nodes[nid];

		node_layout(m, nid, &l);
		pgdat->node_id = (int)nid;
		pgdat->node_start_pfn = pfn;
		for (z = 0; z < MAX_NR_ZONES; z++) {
			init_zone(pgdat, z, pfn, &l);
			pgdat->node_zones[z].lock.cls = &sim->lock_stat[LOCK_ZONE];
			pgdat->node_present_pages += l.present[z];
			pfn += (u32)l.managed[z];
		}
	}
	if (zone_map_init(sim)) {
		mem_free_zones(sim);
		return -ENOMEM;
	}
	for (nid = 0; nid < sim->nr_nodes; nid++) {
		for (z = 0; z < MAX_NR_ZONES; z++) {
			struct zone *zone = &sim->nodes[nid].node_zones[z];

			/* the pageblock bitmap (setup_usemap), one byte each */
			zone->pageblock_mt =
				calloc((zone->managed_pages >> pageblock_order(sim)) + 1,
				       sizeof(*zone->pageblock_mt));
			if (!zone->pageblock_mt) {
				mem_free_zones(sim);
				return -ENOMEM;
			}
			memblock_free_zone(sim, zone);
			if (shuffle_zone(sim, &sim->nodes[nid].node_zones[z])) {
				mem_free_zones(sim);
				return -ENOMEM;
			}
		}
	}
	if (sim->scn.policy.all_unreclaimable && sim->scn.policy.pcp_lists == PCP_LISTS_OFF) {
		for (nid = 0; nid < sim->nr_nodes; nid++) {
			for (z = 0; z < MAX_NR_ZONES; z++) {
				if (zone_pcp_init(sim, &sim->nodes[nid].node_zones[z])) {
					mem_free_zones(sim);
					return -ENOMEM;
				}
			}
		}
	}
	return 0;
}

void mem_free_zones(struct sim *sim)
{
	free_per_cpu_pageset(sim);
	for (unsigned int nid = 0; nid < sim->nr_nodes; nid++)
		for (int z = 0; z < MAX_NR_ZONES; z++) {
			lock_timeline_destroy(&sim->nodes[nid].node_zones[z].lock);
			free(sim->nodes[nid].node_zones[z].pcp_count);
			free(sim->nodes[nid].node_zones[z].pageblock_mt);
		}
	free(sim->mem_map);
	free(sim->maybe_shared);
	sim->maybe_shared = NULL;
	free(sim->zone_map);
	sim->zone_map = NULL;
	free(sim->nodes);
	sim->mem_map = NULL;
	sim->nodes = NULL;
	sim->nr_nodes = 0;
	sim->nr_pfns = 0;
}

/*
 * page_zone_search - the zone a frame belongs to.  Nodes are found by
 * binary search on node_start_pfn (the last node starting at or below
 * @pfn, which skips empty nodes), then the node's highest populated zone
 * starting at or below @pfn.
 */
struct zone *page_zone_search(struct sim *sim, u32 pfn)
{
	unsigned int lo = 0, hi = sim->nr_nodes;
	struct pglist_data *pgdat;
	int z;

	while (hi - lo > 1) {
		unsigned int mid = (lo + hi) / 2;

		if (sim->nodes[mid].node_start_pfn <= pfn)
			lo = mid;
		else
			hi = mid;
	}
	pgdat = &sim->nodes[lo];
	for (z = MAX_NR_ZONES - 1; z > 0; z--) {
		struct zone *zone = &pgdat->node_zones[z];

		if (zone->managed_pages && pfn >= zone->zone_start_pfn)
			return zone;
	}
	return &pgdat->node_zones[0];
}

/* [machine]: the memory layout */

/* The zone names of /proc/zoneinfo, in zone order. */
static const char *const scn_zone_names[] = {
	[ZONE_DMA] = "DMA",	    [ZONE_DMA32] = "DMA32",	[ZONE_NORMAL] = "Normal",
	[ZONE_HIGHMEM] = "HighMem", [ZONE_MOVABLE] = "Movable",
};

#define KiB 1024ULL

static int set_page_size(struct cfg_ctx *k, void *obj, const char *val)
{
	struct scn_machine *m = obj;
	char buf[CFG_MSG_LEN];
	u64 v;

	if (parse_size(val, 0, &v, buf, sizeof(buf)))
		return cfg_fail(k, ": %s", buf);
	if (v != 4 * KiB && v != 8 * KiB && v != 16 * KiB && v != 64 * KiB)
		return cfg_fail(k, ": unsupported page size '%s' (expected 4K, 8K, 16K or 64K)",
				val);
	/* The zones are held in pages: a new page size would silently rescale them. */
	if (!k->lines && m->nr_zones && v != m->page_size)
		return cfg_fail(
			k,
			": cannot change with explicit zones, which are in pages (set machine.zones=default first, then the zones again)");
	m->page_size = (unsigned int)v;
	return 0;
}

static int zone_type_of(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(scn_zone_names); i++)
		if (!strcasecmp(name, scn_zone_names[i]))
			return (int)i;
	return -1;
}

/* One zone size: bytes (a whole number of pages) or "Np", into pages. */
static int zone_pages(struct cfg_ctx *k, const char *zname, const char *str, u64 *pages)
{
	char buf[CFG_MSG_LEN];
	u64 v;

	if (parse_size(str, k->page_size, &v, buf, sizeof(buf)))
		return cfg_fail(k, ": %s: %s", zname, buf);
	if (v % k->page_size)
		return cfg_fail(k, ": %s: %s is not a whole number of %u-byte pages", zname, str,
				k->page_size);
	*pages = v / k->page_size;
	return 0;
}

/*
 * One node's zone list "NAME:SIZE, ..." into @zones (see set_zones).
 * Returns the number of zones, -1 after cfg_fail().
 */
static int parse_zone_list(struct cfg_ctx *k, char *list, struct scn_zone *zones)
{
	char *item, *save = NULL;
	unsigned int nr = 0, nr_rest = 0;
	int last = -1;

	memset(zones, 0, sizeof(*zones) * SCN_MAX_ZONES_PER_NODE);
	for (item = strtok_r(list, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
		char *colon, *name, *spec, *present, *spanned;
		struct scn_zone *z;
		int type;

		item = cfg_trim(item);
		colon = strchr(item, ':');
		if (!colon)
			return cfg_fail(
				k,
				": bad zone '%s' (expected NAME:SIZE, e.g. DMA32:3G or Normal:rest)",
				item);
		*colon = '\0';
		name = cfg_trim(item);
		spec = cfg_trim(colon + 1);
		type = zone_type_of(name);
		if (type < 0)
			return cfg_fail(
				k,
				": unknown zone '%s' (expected DMA, DMA32, Normal, HighMem or Movable)",
				name);
		if (type == last)
			return cfg_fail(k, ": zone %s listed twice", scn_zone_names[type]);
		if (type < last)
			return cfg_fail(
				k,
				": zone %s after %s (zones go in the order DMA, DMA32, Normal, HighMem, Movable)",
				scn_zone_names[type], scn_zone_names[last]);
		last = type;
		z = &zones[nr++];
		z->type = (enum zone_type)type;
		if (!strcmp(spec, "rest")) {
			if (++nr_rest > 1)
				return cfg_fail(k, ": more than one zone is 'rest'");
			z->rest = true;
			continue;
		}
		present = strchr(spec, '/');
		spanned = NULL;
		if (present) {
			*present++ = '\0';
			spanned = strchr(present, '/');
			if (spanned)
				*spanned++ = '\0';
		}
		if (zone_pages(k, scn_zone_names[type], cfg_trim(spec), &z->pages))
			return -1;
		if (present && zone_pages(k, scn_zone_names[type], cfg_trim(present), &z->present))
			return -1;
		if (spanned && zone_pages(k, scn_zone_names[type], cfg_trim(spanned), &z->spanned))
			return -1;
		if (present && z->present < z->pages)
			return cfg_fail(k, ": %s: present pages %llu < managed pages %llu",
					scn_zone_names[type], (unsigned long long)z->present,
					(unsigned long long)z->pages);
		if (spanned && z->spanned < z->present)
			return cfg_fail(k, ": %s: spanned pages %llu < present pages %llu",
					scn_zone_names[type], (unsigned long long)z->spanned,
					(unsigned long long)z->present);
	}
	if (!nr)
		return cfg_fail(k, ": empty zone list");
	return (int)nr;
}

/*
 * zones = NAME:SIZE, ...   per node, in zone order; SIZE is bytes or Np
 * (managed pages), or "rest" for what the node's memory leaves.  The
 * optional form NAME:MANAGED/PRESENT/SPANNED also gives the counts
 * /proc/zoneinfo shows.  "A | B | ..." gives each node its own list
 * (node 0 first; every zone sized, no "rest": a NUMA dump's nodes, one
 * with only Normal, another with DMA and DMA32 too); a node whose zones
 * hold no page is refused, as the kernel brings up no memoryless node's
 * zones.  "default" returns to the arch's layout.
 */
static int set_zones(struct cfg_ctx *k, void *obj, const char *val)
{
	struct scn_machine *m = obj;
	static struct scn_zone zones[SCN_MAX_NODES][SCN_MAX_ZONES_PER_NODE];
	unsigned int nr[SCN_MAX_NODES];
	char buf[CFG_MSG_LEN];
	char *group, *save = NULL;
	unsigned int nodes = 0;

	if (!strcmp(val, "default")) {
		m->nr_zones = 0;
		m->nr_layouts = 0;
		memset(m->zones, 0, sizeof(m->zones));
		return 0;
	}
	if (strlen(val) >= sizeof(buf))
		return cfg_fail(k, ": value too long");
	strcpy(buf, val);
	for (group = strtok_r(buf, "|", &save); group; group = strtok_r(NULL, "|", &save)) {
		int n;

		if (nodes == SCN_MAX_NODES)
			return cfg_fail(k, ": more than %d node layouts", SCN_MAX_NODES);
		n = parse_zone_list(k, group, zones[nodes]);
		if (n < 0)
			return -1;
		nr[nodes++] = (unsigned int)n;
	}
	if (!nodes)
		return cfg_fail(k, ": empty zone list");
	for (unsigned int n = 0; nodes > 1 && n < nodes; n++) {
		u64 pages = 0;

		for (unsigned int i = 0; i < nr[n]; i++) {
			if (zones[n][i].rest)
				return cfg_fail(
					k,
					": node %u: 'rest' in a per-node layout (valid: every zone sized when nodes are given apart with '|')",
					n);
			pages += zones[n][i].pages;
		}
		if (!pages)
			return cfg_fail(
				k,
				": node %u has no memory (valid: at least one page in some zone of every node)",
				n);
	}
	m->nr_zones = nr[0];
	memcpy(m->zones, zones[0], sizeof(m->zones));
	m->nr_layouts = nodes > 1 ? nodes : 0;
	for (unsigned int n = 0; n < m->nr_layouts; n++) {
		m->layout_nr_zones[n] = nr[n];
		memcpy(m->layout_zones[n], zones[n], sizeof(m->layout_zones[n]));
	}
	return 0;
}

/*
 * zone_boost, zone_wmark_managed, zone_reserve_managed = NODE:ZONE:PAGES, ...   per-zone pages
 * of the state a dump was taken in; "none" clears them.
 */
static int set_zone_pages(struct cfg_ctx *k, u64 (*out)[MAX_NR_ZONES], const char *val)
{
	static u64 pages[SCN_MAX_NODES][MAX_NR_ZONES];
	static bool seen[SCN_MAX_NODES][MAX_NR_ZONES];
	char buf[CFG_MSG_LEN], msg[CFG_MSG_LEN];
	char *item, *save = NULL;

	memset(pages, 0, sizeof(pages));
	memset(seen, 0, sizeof(seen));
	if (strcmp(val, "none")) {
		if (strlen(val) >= sizeof(buf))
			return cfg_fail(k, ": value too long");
		strcpy(buf, val);
		for (item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
			char *zone, *num;
			unsigned long nid;
			int type;
			u64 v;

			item = cfg_trim(item);
			zone = strchr(item, ':');
			num = zone ? strchr(zone + 1, ':') : NULL;
			if (!num)
				return cfg_fail(
					k,
					": bad entry '%s' (expected NODE:ZONE:PAGES, e.g. 0:Normal:512)",
					item);
			*zone++ = '\0';
			*num++ = '\0';
			nid = strtoul(item, NULL, 10);
			if (nid >= SCN_MAX_NODES || !*item || item[strspn(item, "0123456789")])
				return cfg_fail(k, ": bad node '%s' (valid: 0..%d)", item,
						SCN_MAX_NODES - 1);
			type = zone_type_of(cfg_trim(zone));
			if (type < 0)
				return cfg_fail(k, ": unknown zone '%s'", zone);
			if (cfg_parse_uint_range(cfg_trim(num), 0, SCN_MAX_PAGES, &v, msg,
						 sizeof(msg)))
				return cfg_fail(k, ": %s", msg);
			/* a second entry would silently replace the first */
			if (seen[nid][type])
				return cfg_fail(k, ": node %lu %s given twice", nid,
						scn_zone_names[type]);
			seen[nid][type] = true;
			pages[nid][type] = v;
		}
	}
	memcpy(out, pages, sizeof(pages));
	return 0;
}

static int set_zone_boost(struct cfg_ctx *k, void *obj, const char *val)
{
	return set_zone_pages(k, ((struct scn_machine *)obj)->zone_boost, val);
}

static int set_zone_wmark_managed(struct cfg_ctx *k, void *obj, const char *val)
{
	return set_zone_pages(k, ((struct scn_machine *)obj)->zone_wmark_managed, val);
}

static int set_zone_reserve_managed(struct cfg_ctx *k, void *obj, const char *val)
{
	return set_zone_pages(k, ((struct scn_machine *)obj)->zone_reserve_managed, val);
}

/*
 * node_memory = SIZE, SIZE, ...   each node's memory in node order, for
 * nodes that differ; "even" returns to memory split evenly.  The sizes
 * must be whole pages; mm_check_machine() checks them against nodes and
 * memory.
 */
static int set_node_memory(struct cfg_ctx *k, void *obj, const char *val)
{
	struct scn_machine *m = obj;
	u64 sizes[SCN_MAX_NODES];
	char buf[CFG_MSG_LEN], msg[CFG_MSG_LEN];
	char *item, *save = NULL;
	unsigned int nr = 0;

	if (!strcmp(val, "even")) {
		m->nr_node_memory = 0;
		return 0;
	}
	if (strlen(val) >= sizeof(buf))
		return cfg_fail(k, ": value too long");
	strcpy(buf, val);
	for (item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
		item = cfg_trim(item);
		if (nr == SCN_MAX_NODES)
			return cfg_fail(k, ": more than %d nodes", SCN_MAX_NODES);
		if (parse_size(item, k->page_size, &sizes[nr], msg, sizeof(msg)))
			return cfg_fail(k, ": node %u: %s", nr, msg);
		if (!sizes[nr] || sizes[nr] % k->page_size)
			return cfg_fail(
				k, ": node %u: %s is not a positive whole number of %u-byte pages",
				nr, item, k->page_size);
		nr++;
	}
	if (!nr)
		return cfg_fail(k, ": empty list (expected SIZE, SIZE, ... or even)");
	memcpy(m->node_memory, sizes, nr * sizeof(sizes[0]));
	m->nr_node_memory = nr;
	return 0;
}

/*
 * node_distance = D D ... | D D ... | ...   the SLIT, a row a node as
 * /sys/devices/system/node/nodeN/distance prints it; "default" = 10 on
 * the diagonal, 20 elsewhere (no SLIT).  mm_check_machine() checks the
 * shape and values once nodes is known.
 */
static int set_node_distance(struct cfg_ctx *k, void *obj, const char *val)
{
	struct scn_machine *m = obj;
	char buf[CFG_MSG_LEN], msg[CFG_MSG_LEN];
	char *row, *rsave = NULL;
	unsigned int nr = 0;

	if (!strcmp(val, "default")) {
		m->nr_node_distance = 0;
		return 0;
	}
	if (strlen(val) >= sizeof(buf))
		return cfg_fail(k, ": value too long");
	strcpy(buf, val);
	for (row = strtok_r(buf, "|", &rsave); row; row = strtok_r(NULL, "|", &rsave)) {
		char *item, *save = NULL;
		unsigned int col = 0;

		if (nr == SCN_MAX_NODES)
			return cfg_fail(k, ": more than %d rows", SCN_MAX_NODES);
		for (item = strtok_r(row, " \t,", &save); item;
		     item = strtok_r(NULL, " \t,", &save)) {
			u64 d;

			if (col == SCN_MAX_NODES)
				return cfg_fail(k, ": row %u: more than %d distances", nr,
						SCN_MAX_NODES);
			if (cfg_parse_uint_range(item, 0, 255, &d, msg, sizeof(msg)))
				return cfg_fail(k, ": row %u: %s", nr, msg);
			m->node_distance[nr][col++] = (u8)d;
		}
		m->node_distance_cols[nr++] = col;
	}
	if (!nr)
		return cfg_fail(k, ": empty (expected rows D D ... | D D ..., or default)");
	m->nr_node_distance = nr;
	return 0;
}

/*
 * The SLIT as the kernel accepts one (drivers/acpi/numa/srat.c
 * slit_valid, v6.12): a row and a column per node, LOCAL_DISTANCE (10)
 * on the diagonal and more than that elsewhere (255: unreachable).
 */
static int check_node_distance(const struct scenario *s, char *err, size_t errlen)
{
	const struct scn_machine *m = &s->machine;
	int origin = m->node_distance_origin;

	if (!m->nr_node_distance)
		return 0;
	if (m->nr_node_distance != m->nodes)
		return cfg_fail_at(s, origin, 0, err, errlen,
				   "[machine] node_distance: %u rows for %u nodes (one a node)",
				   m->nr_node_distance, m->nodes);
	for (unsigned int a = 0; a < m->nodes; a++) {
		if (m->node_distance_cols[a] != m->nodes)
			return cfg_fail_at(
				s, origin, 0, err, errlen,
				"[machine] node_distance: row %u has %u distances for %u nodes", a,
				m->node_distance_cols[a], m->nodes);
		for (unsigned int b = 0; b < m->nodes; b++) {
			unsigned int d = m->node_distance[a][b];

			if (a == b && d != 10)
				return cfg_fail_at(
					s, origin, 0, err, errlen,
					"[machine] node_distance: node %u to itself is %u, not 10 (LOCAL_DISTANCE)",
					a, d);
			if (a != b && d <= 10)
				return cfg_fail_at(
					s, origin, 0, err, errlen,
					"[machine] node_distance: node %u to node %u is %u, not above 10 (a remote node is farther than the local one; valid 11..255)",
					a, b, d);
		}
	}
	return 0;
}

#define M_OFF(f) offsetof(struct scn_machine, f)

static const struct cfg_key mm_init_machine_keys[] = {
	{ .name = "arch",
	  .type = CFG_ENUM,
	  .off = M_OFF(arch),
	  .size = sizeof(int),
	  .flags = CFG_F_ORIGIN,
	  .origin_off = M_OFF(arch_origin),
	  .values = CFG_VALUES("x86_64", "i386", "arm64", "arm64_dma32", "arm64_dma", "ia64"),
	  .def = "x86_64",
	  .doc = "the zones of the default layout and of the kernel: x86_64 DMA (16M), DMA32 (to 4G), Normal, Movable, Device; i386 (3G/1G split) DMA (16M), Normal (to 896M), HighMem (the rest), Movable, kernel allocations lowmem-only; arm64 (v5.5+, 1a8e1cef7603) DMA (to zone_dma_limit), DMA32 (to 4G), Normal, Movable; arm64_dma32 (before v5.5) DMA32 (to 4G), Normal, Movable; arm64_dma (before the rename to DMA32, in by v5.2) DMA (to 4G), Normal, Movable; ia64 (2.6.x: MAX_DMA_ADDRESS at 4G) DMA (to 4G), Normal, Movable" },
	{ .name = "zone_dma_limit",
	  .type = CFG_SIZE,
	  .off = M_OFF(zone_dma_limit),
	  .flags = CFG_F_POSITIVE | CFG_F_ORIGIN,
	  .origin_off = M_OFF(zone_dma_limit_origin),
	  .max = SZ_4G,
	  .def = "1G",
	  .doc = "arch = arm64: where ZONE_DMA ends, DMA32 taking the rest below 4G (arch/arm64/mm/init.c zone_sizes_init): 1G (30 bits) in v5.5..5.10; from v5.11 the smallest DMA limit of the device tree's or ACPI IORT's devices, capped at 4G (4G when none limits it, DMA32 then empty; 1G on a Raspberry Pi 4); whole pages; explicit `zones` size DMA and DMA32 themselves, and then this is not used" },
	{ .name = "nodes",
	  .type = CFG_UINT,
	  .off = M_OFF(nodes),
	  .min = 1,
	  .max = SCN_MAX_NODES,
	  .def = "1",
	  .doc = "NUMA nodes, memory split evenly unless node_memory says otherwise" },
	{ .name = "node_memory",
	  .type = CFG_CUSTOM,
	  .set = set_node_memory,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = M_OFF(node_memory_origin),
	  .def = "even",
	  .range = "SIZE, ... \\| even",
	  .doc = "each node's memory, in node order (one per node, adding up to memory; memory defaults to the sum); nodes follow each other in physical address order, so with the default layout only the low nodes get DMA and DMA32 (x86_64) or lowmem (i386)" },
	{ .name = "node_distance",
	  .type = CFG_CUSTOM,
	  .set = set_node_distance,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = M_OFF(node_distance_origin),
	  .def = "default",
	  .range = "D D ... \\| D D ... \\| ... \\| default",
	  .doc = "the SLIT (numactl --hardware's node distances): a row a node, each as /sys/devices/system/node/nodeN/distance prints it; 10 on the diagonal, 11..255 elsewhere; default = 10 local, 20 remote (no SLIT). node_reclaim reclaims only nodes within [policy] reclaim_distance of the allocating CPU's node" },
	{ .name = "memory",
	  .type = CFG_SIZE,
	  .off = M_OFF(memory),
	  .flags = CFG_F_POSITIVE | CFG_F_ORIGIN,
	  .origin_off = M_OFF(memory_origin),
	  .def = "8G",
	  .doc = "the whole machine; with explicit zones and no `rest` it defaults to their sum x nodes" },
	{ .name = "zones",
	  .type = CFG_CUSTOM,
	  .set = set_zones,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = M_OFF(zones_origin),
	  .def = "default",
	  .range = "NAME:SIZE, ... \\| default",
	  .doc = "per node, in zone order (DMA, DMA32, Normal, HighMem, Movable: the arch's); SIZE is bytes, Np managed pages, MANAGED/PRESENT/SPANNED, or rest; default = the arch's layout (x86_64: DMA 16M, DMA32 to 4G, Normal the rest; the others: see arch)" },
	{ .name = "zone_boost",
	  .type = CFG_CUSTOM,
	  .set = set_zone_boost,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = M_OFF(zone_boost_origin),
	  .def = "none",
	  .range = "NODE:ZONE:PAGES, ... \\| none",
	  .doc = "watermark boosts present at boot, as a /proc/zoneinfo taken then printed them (its `boost` line; its min/low/high include it); kswapd is woken to reclaim them at the first allocation, as after boost_watermark()" },
	{ .name = "zone_wmark_managed",
	  .type = CFG_CUSTOM,
	  .set = set_zone_wmark_managed,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = M_OFF(zone_wmark_managed_origin),
	  .def = "none",
	  .range = "NODE:ZONE:PAGES, ... \\| none",
	  .doc = "the managed pages the watermarks and lowmem_reserve were last computed from, where they differ from the zone's (pages freed after init_per_zone_wmark_min(), e.g. the init sections, or taken since: /proc/zoneinfo prints the later count)" },
	{ .name = "zone_reserve_managed",
	  .type = CFG_CUSTOM,
	  .set = set_zone_reserve_managed,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = M_OFF(zone_reserve_managed_origin),
	  .def = "none",
	  .range = "NODE:ZONE:PAGES, ... \\| none",
	  .doc = "the managed pages lowmem_reserve was last computed from, where they differ from those of the watermarks (zone_wmark_managed): writing min_free_kbytes or watermark_scale_factor recomputes the watermarks alone (setup_per_zone_wmarks() without setup_per_zone_lowmem_reserve()), so pages taken or given back between boot and such a write (a balloon) part the two" },
	{ .name = "page_size",
	  .type = CFG_CUSTOM,
	  .set = set_page_size,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = M_OFF(page_size_origin),
	  .def = "4K",
	  .range = "4K \\| 8K \\| 16K \\| 64K",
	  .doc = "the page size; `p` values anywhere in the file use it" },
};

CFG_TABLE(mm_init_machine_table, mm_init_machine_keys);

/* ---- the cross-checks of the machine (scenario_validate) ---- */

/* @bytes as the largest unit that holds it exactly: "64M", "1536K", "1000". */
static const char *fmt_size(char *buf, size_t len, u64 bytes)
{
	static const struct {
		char suffix;
		u64 mult;
	} units[] = {
		{ 'T', SZ_1G << 10 },
		{ 'G', SZ_1G },
		{ 'M', SZ_1M },
		{ 'K', SZ_1K },
	};

	for (size_t i = 0; i < ARRAY_SIZE(units); i++) {
		if (bytes && !(bytes % units[i].mult)) {
			snprintf(buf, len, "%llu%c", (unsigned long long)(bytes / units[i].mult),
				 units[i].suffix);
			return buf;
		}
	}
	snprintf(buf, len, "%llu", (unsigned long long)bytes);
	return buf;
}

/* The host's physical memory in bytes, 0 when it cannot be told. */
static u64 host_phys_bytes(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);

	return pages > 0 && size > 0 ? (u64)pages * (u64)size : 0;
}

/*
 * The machine's size against what the model can number and what this host
 * can hold: @pages page frames over all nodes (@key names the key that sets
 * them, memory or zones) and the swap's slots.
 *   - at least one page: the zones must hold some;
 *   - at most SCN_MAX_PAGES pages of memory and of swap (a PTE's 28 bits);
 *   - the memory map and swap map (SCN_HOST_BYTES_PER_PAGE and _SLOT a
 *     page) within the host's physical memory: beyond it the host cannot
 *     build the machine (or swaps itself to a standstill doing so).
 */
static int validate_machine_size(const struct scenario *s, u64 pages, const char *key, int origin,
				 char *err, size_t errlen)
{
	const struct scn_machine *m = &s->machine;
	int swap_origin = cfg_later_origin(m->swap_origin, m->page_size_origin);
	u64 slots = m->swap / m->page_size, host = host_phys_bytes(), need;
	char a[32], b[32];

	if (!pages)
		return cfg_fail_at(
			s, origin, m->zones_line, err, errlen,
			"[machine] zones: the zones hold no pages (valid: at least one page per node: give a zone a size, or make one 'rest')");
	if (pages > SCN_MAX_PAGES)
		return cfg_fail_at(
			s, origin, m->zones_line, err, errlen,
			"[machine] %s: %s is %llu pages, more than the model numbers (valid: at most %llu pages, less than %s of %u-byte pages)",
			key, fmt_size(a, sizeof(a), pages * m->page_size),
			(unsigned long long)pages, SCN_MAX_PAGES,
			fmt_size(b, sizeof(b), (SCN_MAX_PAGES + 2) * m->page_size), m->page_size);
	if (slots > SCN_MAX_PAGES)
		return cfg_fail_at(
			s, swap_origin, 0, err, errlen,
			"[machine] swap: %s is %llu pages, more than the model numbers (valid: at most %llu pages, less than %s of %u-byte pages)",
			fmt_size(a, sizeof(a), m->swap), (unsigned long long)slots, SCN_MAX_PAGES,
			fmt_size(b, sizeof(b), (SCN_MAX_PAGES + 2) * m->page_size), m->page_size);
	need = pages * SCN_HOST_BYTES_PER_PAGE + (slots >= 2 ? slots * SCN_HOST_BYTES_PER_SLOT : 0);
	if (host && need > host) {
		bool by_swap = slots >= 2 &&
			       slots * SCN_HOST_BYTES_PER_SLOT > pages * SCN_HOST_BYTES_PER_PAGE;
		char what[96];

		if (slots >= 2)
			snprintf(what, sizeof(what), "%s of memory and %s of swap need",
				 fmt_size(a, sizeof(a), pages * m->page_size),
				 fmt_size(b, sizeof(b), m->swap));
		else
			snprintf(what, sizeof(what), "%s of memory needs",
				 fmt_size(a, sizeof(a), pages * m->page_size));
		return cfg_fail_at(
			s, by_swap ? swap_origin : origin, by_swap ? 0 : m->zones_line, err, errlen,
			"[machine] %s: %s %.1fG of host memory for the model's page and swap maps, more than this host's %.1fG (valid: %llu bytes a page and %llu a swap slot within the host's physical memory)",
			by_swap ? "swap" : key, what, (double)need / SZ_1G, (double)host / SZ_1G,
			SCN_HOST_BYTES_PER_PAGE, SCN_HOST_BYTES_PER_SLOT);
	}
	return 0;
}

/* The arch's zone names, "DMA, DMA32, Normal, Movable", into @buf. */
static const char *arch_zone_list(int arch, char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = '\0';
	for (size_t z = 0; z < ARRAY_SIZE(scn_zone_names); z++)
		if (arch_zones(arch) & ZONE_BIT(z))
			at += (size_t)snprintf(buf + at, at < len ? len - at : 0, "%s%s",
					       at ? ", " : "", scn_zone_names[z]);
	return buf;
}

static const char *const arch_names[] = { "x86_64",	 "i386",      "arm64",
					  "arm64_dma32", "arm64_dma", "ia64" };

/*
 * zone_boost, zone_wmark_managed, zone_reserve_managed: an entry for a
 * node the machine lacks or a zone its arch lacks has no zone to act on
 * and would be dropped without a word.
 */
static int check_zone_pages(const struct scenario *s, const char *key,
			    const u64 (*pages)[MAX_NR_ZONES], int key_origin, char *err,
			    size_t errlen)
{
	const struct scn_machine *m = &s->machine;
	char b[128];

	for (unsigned int n = 0; n < SCN_MAX_NODES; n++)
		for (unsigned int z = 0; z < MAX_NR_ZONES; z++) {
			if (!pages[n][z])
				continue;
			if (n >= m->nodes)
				return cfg_fail_at(
					s, key_origin, 0, err, errlen,
					"[machine] %s: node %u but the machine has %u node%s (valid: 0..%u)",
					key, n, m->nodes, m->nodes == 1 ? "" : "s", m->nodes - 1);
			if (!(arch_zones(m->arch) & ZONE_BIT(z)))
				return cfg_fail_at(
					s, cfg_later_origin(key_origin, m->arch_origin), 0, err,
					errlen, "[machine] %s: arch %s has no %s zone (valid: %s)",
					key, arch_names[m->arch], scn_zone_names[z],
					arch_zone_list(m->arch, b, sizeof(b)));
		}
	return 0;
}

/*
 * The explicit zones against the arch (a HighMem zone on x86_64, DMA32
 * on i386), per-node layouts against nodes, and node_memory against
 * nodes, memory and the zones.
 */
static int check_arch_nodes(const struct scenario *s, char *err, size_t errlen)
{
	const struct scn_machine *m = &s->machine;
	int origin = cfg_later_origin(m->zones_origin, m->arch_origin);
	char a[32], b[128];
	bool has_rest;
	u64 sum = 0;

	for (unsigned int n = 0; n < (m->nr_layouts ? m->nr_layouts : 1); n++) {
		const struct scn_zone *zones = m->nr_layouts ? m->layout_zones[n] : m->zones;
		unsigned int nr = m->nr_layouts ? m->layout_nr_zones[n] : m->nr_zones;

		for (unsigned int i = 0; i < nr; i++)
			if (!(arch_zones(m->arch) & ZONE_BIT(zones[i].type)))
				return cfg_fail_at(
					s, origin, m->zones_line, err, errlen,
					"[machine] zones: arch %s has no %s zone (valid: %s)",
					arch_names[m->arch], scn_zone_names[zones[i].type],
					arch_zone_list(m->arch, b, sizeof(b)));
	}
	/* the sysctl is an array of one int per zone of the arch: no more */
	if (s->sysctl.nr_lowmem_reserve_ratio >
	    (unsigned int)__builtin_popcount(arch_zones(m->arch)))
		return cfg_fail_at(
			s, cfg_later_origin(s->sysctl.lowmem_reserve_ratio_origin, m->arch_origin),
			0, err, errlen,
			"[sysctl] lowmem_reserve_ratio: %u ratios, but arch %s has %d zones (valid: 1 to %d integers, or default)",
			s->sysctl.nr_lowmem_reserve_ratio, arch_names[m->arch],
			__builtin_popcount(arch_zones(m->arch)),
			__builtin_popcount(arch_zones(m->arch)));
	origin = cfg_later_origin(m->zone_dma_limit_origin, m->arch_origin);
	if (m->zone_dma_limit_origin && m->arch != SCN_ARCH_ARM64)
		return cfg_fail_at(
			s, origin, 0, err, errlen,
			"[machine] zone_dma_limit: arch %s has no such limit (valid: with arch = arm64, whose ZONE_DMA ends there)",
			arch_names[m->arch]);
	if (m->arch == SCN_ARCH_ARM64 && m->zone_dma_limit % m->page_size)
		return cfg_fail_at(
			s, cfg_later_origin(origin, m->page_size_origin), 0, err, errlen,
			"[machine] zone_dma_limit: %s is not a whole number of %u-byte pages",
			fmt_size(a, sizeof(a), m->zone_dma_limit), m->page_size);
	if (check_zone_pages(s, "zone_boost", m->zone_boost, m->zone_boost_origin, err, errlen) ||
	    check_zone_pages(s, "zone_wmark_managed", m->zone_wmark_managed,
			     m->zone_wmark_managed_origin, err, errlen) ||
	    check_zone_pages(s, "zone_reserve_managed", m->zone_reserve_managed,
			     m->zone_reserve_managed_origin, err, errlen))
		return -EINVAL;
	if (m->nr_layouts && m->nr_layouts != m->nodes)
		return cfg_fail_at(
			s, m->zones_origin, m->zones_line, err, errlen,
			"[machine] zones: %u node layouts for %u nodes (valid: one layout per node, separated by '|', or one for every node)",
			m->nr_layouts, m->nodes);
	if (m->nr_layouts && m->nr_node_memory)
		return cfg_fail_at(
			s, m->node_memory_origin, 0, err, errlen,
			"[machine] node_memory: the per-node zone layouts size the nodes already (valid: even, with zones = A | B | ...)");
	if (!m->nr_node_memory)
		return 0;
	origin = m->node_memory_origin;
	if (m->nr_node_memory != m->nodes)
		return cfg_fail_at(
			s, origin, 0, err, errlen,
			"[machine] node_memory: %u sizes for %u nodes (valid: one per node)",
			m->nr_node_memory, m->nodes);
	for (unsigned int i = 0; i < m->nr_node_memory; i++) {
		if (m->node_memory[i] % m->page_size)
			return cfg_fail_at(
				s, cfg_later_origin(origin, m->page_size_origin), 0, err, errlen,
				"[machine] node_memory: node %u: %s is not a whole number of %u-byte pages",
				i, fmt_size(a, sizeof(a), m->node_memory[i]), m->page_size);
		sum += m->node_memory[i];
	}
	if (sum != m->memory)
		return cfg_fail_at(
			s, cfg_later_origin(origin, m->memory_origin), 0, err, errlen,
			"[machine] node_memory: the nodes add up to %s but memory is %s (valid: sizes adding up to memory, or leave memory out)",
			fmt_size(a, sizeof(a), sum), fmt_size(b, sizeof(b), m->memory));
	scn_zones_fixed_pages(m, &has_rest);
	if (m->nr_zones && !has_rest)
		return cfg_fail_at(
			s, cfg_later_origin(origin, m->zones_origin), 0, err, errlen,
			"[machine] node_memory: explicit zones without a 'rest' zone are the same on every node (valid: the default layout, or a 'rest' zone to take what each node's memory leaves)");
	return 0;
}

/* The pages of the machine's smallest node. */
static u64 smallest_node_pages(const struct scn_machine *m)
{
	u64 min = U64_MAX;

	if (!m->nr_node_memory)
		return m->memory / m->nodes / m->page_size;
	for (unsigned int i = 0; i < m->nr_node_memory; i++)
		if (m->node_memory[i] / m->page_size < min)
			min = m->node_memory[i] / m->page_size;
	return min;
}

/* mm_check_machine - the machine's memory, zones and swap against each other (page_alloc.h) */
int mm_check_machine(const struct scenario *s, char *err, size_t errlen)
{
	const struct scn_machine *m = &s->machine;
	int mem_origin = cfg_later_origin(m->memory_origin, m->page_size_origin);
	int zones_origin = cfg_later_origin(m->zones_origin, m->memory_origin);
	char a[32], b[32], c[32];
	u64 node_pages, fixed;
	bool has_rest;
	unsigned int nr_rest = 0;

	if (!m->page_size || (m->page_size & (m->page_size - 1)))
		return cfg_fail_at(s, m->page_size_origin, 0, err, errlen,
				   "[machine] page_size: %u is not a power of two", m->page_size);
	if (!m->cpus || !m->nodes)
		return cfg_fail_at(s, 0, 0, err, errlen, "[machine] %s: must be >= 1",
				   m->cpus ? "nodes" : "cpus");
	if (m->memory % m->page_size)
		return cfg_fail_at(s, mem_origin, 0, err, errlen,
				   "[machine] memory: %llu is not a whole number of %u-byte pages",
				   (unsigned long long)m->memory, m->page_size);
	if (check_arch_nodes(s, err, errlen) || check_node_distance(s, err, errlen))
		return -1;
	/*
	 * The kernel's page-cache folios stop at MAX_PAGECACHE_ORDER, within
	 * MAX_PAGE_ORDER: a larger one cannot be allocated, and each failed try
	 * woke kswapd for an order it can never make, reclaiming the cache.
	 */
	if (m->read_ahead_folio_order > s->policy.max_page_order)
		return cfg_fail_at(
			s, m->read_ahead_folio_order_origin, 0, err, errlen,
			"[machine] read_ahead_folio_order: %u is beyond [policy] max_page_order %u (valid: 0..%u)",
			m->read_ahead_folio_order, s->policy.max_page_order,
			s->policy.max_page_order);
	if (m->nr_layouts) {
		u64 total = 0;

		for (unsigned int n = 0; n < m->nr_layouts; n++)
			for (unsigned int i = 0; i < m->layout_nr_zones[n]; i++)
				total += m->layout_zones[n][i].pages;
		if (m->memory_origin && total * m->page_size != m->memory)
			return cfg_fail_at(
				s, zones_origin, m->zones_line, err, errlen,
				"[machine] zones: the node layouts add up to %s but memory is %s (valid: leave memory out, or their sum)",
				fmt_size(a, sizeof(a), total * m->page_size),
				fmt_size(b, sizeof(b), m->memory));
		return validate_machine_size(s, total, "zones", zones_origin, err, errlen);
	}
	node_pages = smallest_node_pages(m);
	if (!node_pages)
		return cfg_fail_at(s, mem_origin, 0, err, errlen,
				   "[machine] memory: less than one page per node");
	for (unsigned int i = 0; i < m->nr_zones; i++)
		nr_rest += m->zones[i].rest;
	if (nr_rest > 1)
		return cfg_fail_at(s, m->zones_origin, m->zones_line, err, errlen,
				   "[machine] zones: more than one zone is 'rest'");
	fixed = scn_zones_fixed_pages(m, &has_rest);
	/* explicit zones without a rest are the node, whatever memory says */
	if (m->nr_zones && !has_rest && !fixed)
		return validate_machine_size(s, 0, "zones", m->zones_origin, err, errlen);
	if (m->nr_zones && fixed > node_pages)
		return cfg_fail_at(
			s, zones_origin, m->zones_line, err, errlen,
			"[machine] zones: %llu pages per node do not fit memory (%llu pages %s)",
			(unsigned long long)fixed, (unsigned long long)node_pages,
			m->nr_node_memory ? "in the smallest node" : "per node");
	if (has_rest && fixed == node_pages)
		return cfg_fail_at(
			s, zones_origin, m->zones_line, err, errlen,
			"[machine] zones: the 'rest' zone gets no memory (the others take all %llu pages per node)",
			(unsigned long long)node_pages);
	/* a given memory that the zones do not fill would silently shrink the machine */
	if (m->nr_zones && !has_rest && m->memory_origin && fixed < node_pages) {
		fmt_size(a, sizeof(a), fixed * m->page_size);
		fmt_size(b, sizeof(b), node_pages * m->page_size);
		if (m->nodes == 1)
			return cfg_fail_at(
				s, zones_origin, m->zones_line, err, errlen,
				"[machine] zones: add up to %s but memory is %s: add a 'rest' zone or fix memory",
				a, b);
		return cfg_fail_at(
			s, zones_origin, m->zones_line, err, errlen,
			"[machine] zones: add up to %s per node but memory is %s per node (%s over %u nodes): add a 'rest' zone or fix memory",
			a, b, fmt_size(c, sizeof(c), m->memory), m->nodes);
	}
	/* slot 0 of a swap device is its header */
	if (m->swap && m->swap / m->page_size < 2)
		return cfg_fail_at(
			s, cfg_later_origin(m->swap_origin, m->page_size_origin), 0, err, errlen,
			"[machine] swap: must be 0 or at least 2 pages (%llu bytes: the first page is the swap header)",
			2ULL * m->page_size);
	if (m->nr_zones && !has_rest)
		return validate_machine_size(s, fixed * m->nodes, "zones", zones_origin, err,
					     errlen);
	if (m->nr_node_memory)
		return validate_machine_size(s, m->memory / m->page_size, "memory", mem_origin, err,
					     errlen);
	return validate_machine_size(s, node_pages * m->nodes, "memory", mem_origin, err, errlen);
}

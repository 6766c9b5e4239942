// SPDX-License-Identifier: MIT
/*
 * page_alloc.c - watermarks, lowmem_reserve and the buddy allocator
 * (mm/page_alloc.c and mm/khugepaged.c, v6.12; the 2.6.28 watermark check
 * for the order_walk policy).
 *
 * Buddy alignment.  The kernel aligns buddies to absolute PFNs; here a
 * zone holds only its managed frames, numbered right after the previous
 * zone's, so a zone's first PFN is rarely a multiple of 2^MAX_PAGE_ORDER.
 * All buddy arithmetic therefore works on the zone-relative index
 * (pfn - zone_start_pfn): blocks are naturally aligned inside their zone,
 * a block never crosses a zone end, and a buddy index beyond the zone's
 * frames simply has no buddy.
 *
 * Free list bookkeeping.  A free block is represented by its head page:
 * PG_buddy set, page->order its order, page->next/prev link it into
 * free_area[order].free_list[mt], and page->private holds mt so that a
 * merge can unlink a buddy from the right list (the kernel reads the
 * pageblock bitmap instead; the model has none).  Tail pages of a free
 * block are untouched.
 */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>

#include "page_alloc.h"
#include "../sim/config.h"
#include "../sim/scenario.h"

/* v6.12 mm/page_alloc.c zone_names[] (each arch prints its own, zone_configured()). */
const char *const zone_names[MAX_NR_ZONES] = {
	[ZONE_DMA] = "DMA",	    [ZONE_DMA32] = "DMA32",	[ZONE_NORMAL] = "Normal",
	[ZONE_HIGHMEM] = "HighMem", [ZONE_MOVABLE] = "Movable", [ZONE_DEVICE] = "Device",
};

/* include/linux/mm.h mult_frac(): x * n / d without overflowing x * n. */
static inline u64 mult_frac(u64 x, u64 n, u64 d)
{
	return (x / d) * n + ((x % d) * n) / d;
}

/* KiB per page is 1 << kb_shift(): PAGE_SHIFT - 10 in the kernel. */
static inline unsigned int kb_shift(const struct sim *sim)
{
	return (unsigned int)__builtin_ctz(sim->page_size) - 10;
}

/* lib/math/int_sqrt.c int_sqrt(): floor(sqrt(x)), bit by bit. */
u64 int_sqrt64(u64 x)
{
	u64 b, m, y = 0;

	if (x <= 1)
		return x;
	m = 1ULL << ((63 - __builtin_clzll(x)) & ~1ULL);
	while (m) {
		b = y + m;
		y >>= 1;
		if (x >= b) {
			x -= b;
			y += m;
		}
		m >>= 2;
	}
	return y;
}

#define for_each_zone_idx(sim, nid, zid)            \
	for (nid = 0; nid < (sim)->nr_nodes; nid++) \
		for (zid = 0; zid < MAX_NR_ZONES; zid++)

/*
 * Whether the zone's min watermark is the small cap of a zone that serves
 * no reserve allocations (v6.12 __setup_per_zone_wmarks()'s
 * "is_highmem(zone) || zone_idx(zone) == ZONE_MOVABLE"): HighMem always;
 * Movable since Ma Wupeng's 2022 "mm: cap zone movable's min wmark to
 * small value" (`wmark_movable = capped`), before it only where
 * is_highmem() counted it, when ZONE_MOVABLE was carved from HighMem (a
 * HighMem zone populated on some node: find_usable_zone_for_movable()).
 */
static bool zone_wmark_capped(const struct sim *sim, enum zone_type idx)
{
	unsigned int nid;

	if (idx == ZONE_HIGHMEM)
		return true;
	if (idx != ZONE_MOVABLE)
		return false;
	if (!sim->scn.policy.wmark_movable_proportional)
		return true;
	for (nid = 0; nid < sim->nr_nodes; nid++)
		if (sim->nodes[nid].node_zones[ZONE_HIGHMEM].managed_pages)
			return true;
	return false;
}

/*
 * The managed pages the watermarks were computed from: the zone's, or
 * those of the last recalculation when the scenario gives them
 * ([machine] zone_wmark_managed: a dump taken after pages were freed to
 * or taken from the zone, e.g. the init sections freed after
 * init_per_zone_wmark_min(), prints more managed pages than its
 * watermarks were made from).
 */
static u64 zone_wmark_managed(const struct sim *sim, const struct zone *z)
{
	u64 given = sim->scn.machine.zone_wmark_managed[z->zone_pgdat->node_id][z->idx];

	return given ? given : z->managed_pages;
}

/*
 * The managed pages lowmem_reserve was computed from: those of the
 * watermarks, unless the scenario gives its own ([machine]
 * zone_reserve_managed: a min_free_kbytes write after the zone's managed
 * pages changed recomputes the watermarks but not the reserves).
 */
static u64 zone_reserve_managed(const struct sim *sim, const struct zone *z)
{
	u64 given = sim->scn.machine.zone_reserve_managed[z->zone_pgdat->node_id][z->idx];

	return given ? given : zone_wmark_managed(sim, z);
}

/* What __setup_per_zone_wmarks() spreads: pages and the sums it divides by. */
struct wmark_spread {
	u64 pages_min; /* min_free_kbytes in pages */
	u64 lowmem; /* the managed pages of the uncapped zones */
	u64 pages_extra; /* Android's extra_free_kbytes in pages */
	u64 total; /* vm_total_pages: every zone's managed pages */
	unsigned int wsf; /* watermark_scale_factor, 0 = the pre-4.6 gaps */
};

/*
 * Models one zone's step of __setup_per_zone_wmarks(): the zone's share
 * of pages_min in proportion to its managed pages (64-bit multiply, then
 * divide); a capped zone (zone_wmark_capped()) gets managed/1024 clamped
 * to [SWAP_CLUSTER_MAX, 128] instead, as it cannot serve the allocations
 * the reserve exists for.  The gaps min-low and low-high are, v4.6+
 * (Johannes Weiner's "mm: scale kswapd watermarks in proportion to
 * memory"), the larger of a quarter of the proportional share and
 * watermark_scale_factor/10000 of the zone (promo adds a third, v6.x);
 * before v4.6 low = min + share/4 and high = min + share/2.  Android's
 * extra_free_kbytes (Rik van Riel's 2013 patch, kept in Android's
 * kernels) adds its share by all managed pages to low and high.
 */
static void zone_wmarks(const struct wmark_spread *w, u64 managed, bool capped, u64 wmark[NR_WMARK])
{
	u64 tmp = w->lowmem ? w->pages_min * managed / w->lowmem : 0;
	u64 extra = w->total ? w->pages_extra * managed / w->total : 0;
	u64 gap;

	if (capped) {
		u64 m = managed / 1024;

		wmark[WMARK_MIN] = m < SWAP_CLUSTER_MAX ? SWAP_CLUSTER_MAX : m > 128 ? 128 : m;
	} else {
		wmark[WMARK_MIN] = tmp;
	}
	if (!w->wsf) {
		wmark[WMARK_LOW] = wmark[WMARK_MIN] + extra + (tmp >> 2);
		wmark[WMARK_HIGH] = wmark[WMARK_MIN] + extra + (tmp >> 1);
		wmark[WMARK_PROMO] = wmark[WMARK_HIGH];
		return;
	}
	gap = max_u64(tmp >> 2, mult_frac(managed, w->wsf, 10000));
	wmark[WMARK_LOW] = wmark[WMARK_MIN] + extra + gap;
	wmark[WMARK_HIGH] = wmark[WMARK_LOW] + gap;
	wmark[WMARK_PROMO] = wmark[WMARK_HIGH] + gap;
}

/*
 * The spread of @pages_min over the machine: the uncapped zones' and all
 * zones' managed pages (as of the last recalculation).
 */
static void wmark_spread_init(const struct sim *sim, u64 pages_min, struct wmark_spread *w)
{
	unsigned int nid, zid;

	memset(w, 0, sizeof(*w));
	w->pages_min = pages_min;
	w->pages_extra = (u64)sim->scn.sysctl.extra_free_kbytes >> kb_shift(sim);
	w->wsf = sim->scn.policy.wmark_gap_min_quarter ? 0 : sim->scn.sysctl.watermark_scale_factor;
	for_each_zone_idx(sim, nid, zid) {
		u64 managed = zone_wmark_managed(sim, &sim->nodes[nid].node_zones[zid]);

		w->total += managed;
		if (!zone_wmark_capped(sim, zid))
			w->lowmem += managed;
	}
}

/*
 * Models v6.12 nr_free_buffer_pages() → nr_free_zone_pages(GFP_USER):
 * walks every zone a GFP_USER allocation may use (index <= Normal, all
 * nodes, as the zonelist holds them) and sums what lies above the high
 * watermark.
 */
u64 nr_free_buffer_pages(const struct sim *sim)
{
	unsigned int nid, zid;
	u64 sum = 0;

	for_each_zone_idx(sim, nid, zid) {
		const struct zone *z = &sim->nodes[nid].node_zones[zid];

		if (zid <= ZONE_NORMAL && z->managed_pages > high_wmark_pages(z))
			sum += z->managed_pages - high_wmark_pages(z);
	}
	return sum;
}

/*
 * Models v6.12 calculate_min_free_kbytes() as run at boot by
 * init_per_zone_wmark_min(), followed by khugepaged's
 * set_recommended_min_free_kbytes() when THP is enabled.
 *
 * Boot rule: watermarks are still zero, so the lowmem figure is all
 * managed pages of DMA..Normal; min_free_kbytes is the integer square
 * root of 16 x that many KiB, clamped to [128, min_free_kbytes_max]:
 * 65,536 KiB from 2.6.x's init_per_zone_pages_min() until Joel Savitz's
 * ee8eb9a5fe86 ("mm/page_alloc: increase default min_free_kbytes bound",
 * v5.7) raised it to 262,144 in init_per_zone_wmark_min().  The cap binds
 * above 256 GiB of lowmem (at 65,536) or 4 TiB (at 262,144).
 *
 * THP rule: khugepaged wants two free pageblocks per populated zone
 * (index <= Normal) for fallbacks, plus MIGRATE_PCPTYPES^2 pageblocks per
 * zone so each mobility type has a nearly-free block to fall back to and
 * one to spare.  The figure is capped at 5 % of nr_free_buffer_pages(),
 * which by then sees the watermarks the boot rule produced, and it only
 * ever raises min_free_kbytes.  The pageblock is taken as the PMD huge
 * page size of the page size (the kernel's pageblock on x86-64 and arm64).
 * Kernels before 2.6.38 had no THP and so no raise (thp_support = none),
 * whatever sysctl thp says: 2.6.25's init_per_zone_pages_min() is the
 * boot rule alone.
 */
long calculate_min_free_kbytes(const struct sim *sim, bool thp)
{
	unsigned int nid, zid, shift = kb_shift(sim);
	u64 lowmem = 0, nr_zones = 0, buffer = 0, rec, total = 0;
	struct wmark_spread w;
	u64 kbytes;

	for_each_zone_idx(sim, nid, zid)
		if (zid <= ZONE_NORMAL)
			lowmem += sim->nodes[nid].node_zones[zid].managed_pages;
	kbytes = int_sqrt64((lowmem << shift) * 16);
	kbytes = kbytes < 128 ? 128 : min_u64(kbytes, sim->scn.policy.min_free_kbytes_max);
	if (!thp || sim->scn.policy.thp_none)
		return (long)kbytes;
	/* hugepage_init(): below 512 MiB of RAM THP stays off, no raise */
	for_each_zone_idx(sim, nid, zid)
		total += sim->nodes[nid].node_zones[zid].managed_pages;
	if ((total << shift) < 512 * 1024)
		return (long)kbytes;

	/* nr_free_buffer_pages() with the watermarks of the boot rule */
	wmark_spread_init(sim, kbytes >> shift, &w);
	for_each_zone_idx(sim, nid, zid) {
		const struct zone *z = &sim->nodes[nid].node_zones[zid];
		u64 wmark[NR_WMARK];

		if (zid > ZONE_NORMAL || !populated_zone(z))
			continue;
		nr_zones++;
		zone_wmarks(&w, zone_wmark_managed(sim, z), zone_wmark_capped(sim, zid), wmark);
		if (z->managed_pages > wmark[WMARK_HIGH])
			buffer += z->managed_pages - wmark[WMARK_HIGH];
	}
	rec = (1ULL << hpage_pmd_order(sim)) * nr_zones * (2 + MIGRATE_PCPTYPES * MIGRATE_PCPTYPES);
	rec = min_u64(rec, buffer / 20);
	if ((rec << shift) > kbytes)
		kbytes = rec << shift;
	return (long)kbytes;
}

/*
 * Models v6.12 calculate_totalreserve_pages(): per zone, the high
 * watermark plus the largest reserve the zone keeps against any higher
 * class of allocation, never more than the zone itself; summed.  The
 * kernel treats these pages as unavailable to user space (dirty limits,
 * overcommit).
 */
static void calculate_totalreserve_pages(struct sim *sim)
{
	unsigned int nid, zid, j;
	u64 total = 0;

	for_each_zone_idx(sim, nid, zid) {
		const struct zone *z = &sim->nodes[nid].node_zones[zid];
		long max = 0;
		u64 reserve;

		for (j = zid; j < MAX_NR_ZONES; j++)
			if (z->lowmem_reserve[j] > max)
				max = z->lowmem_reserve[j];
		reserve = (u64)max + high_wmark_pages(z);
		total += min_u64(reserve, z->managed_pages);
	}
	sim->totalreserve_pages = total;
}

/*
 * Models v6.12 __setup_per_zone_wmarks() (via setup_per_zone_wmarks()):
 * spreads min_free_kbytes over all zones of all nodes by managed pages,
 * resets every boost and refreshes totalreserve_pages, as the kernel does
 * at boot and whenever min_free_kbytes or watermark_scale_factor is
 * written.  Reads sim->min_free_kbytes and the scenario's
 * watermark_scale_factor.
 */
void setup_per_zone_wmarks(struct sim *sim)
{
	u64 pages_min = (u64)(sim->min_free_kbytes > 0 ? sim->min_free_kbytes : 0) >> kb_shift(sim);
	struct wmark_spread w;
	unsigned int nid, zid;

	wmark_spread_init(sim, pages_min, &w);
	for_each_zone_idx(sim, nid, zid) {
		struct zone *z = &sim->nodes[nid].node_zones[zid];

		zone_wmarks(&w, zone_wmark_managed(sim, z), zone_wmark_capped(sim, zid),
			    z->_watermark);
		z->watermark_boost = 0;
	}
	calculate_totalreserve_pages(sim);
	/* the per-CPU lists' high marks follow the low watermark */
	for_each_zone_idx(sim, nid, zid)
		zone_pcp_update(sim, &sim->nodes[nid].node_zones[zid]);
}

unsigned int lowmem_reserve_ratio_of(const struct scenario *s, enum zone_type z)
{
	static const unsigned int def[MAX_NR_ZONES] = {
		[ZONE_DMA] = 256,
		[ZONE_DMA32] = 256,
		[ZONE_NORMAL] = 32,
	};
	unsigned int zones = arch_zones(s->machine.arch), pos;

	if (!(zones & ZONE_BIT(z)))
		return 0;
	if (!s->sysctl.nr_lowmem_reserve_ratio)
		return def[z];
	/* the place of @z among the arch's zones: the zone bits below it */
	pos = (unsigned int)__builtin_popcount(zones & (ZONE_BIT(z) - 1));
	return pos < s->sysctl.nr_lowmem_reserve_ratio ? s->sysctl.lowmem_reserve_ratio[pos] : 0;
}

/*
 * Models v6.12 setup_per_zone_lowmem_reserve() (with the 2025 revert that
 * gives empty upper zones a reserve again): zone i of a node keeps back,
 * from an allocation that could have used zone j > i, the managed pages
 * of zones i+1..j (as of the last recalculation) divided by
 * lowmem_reserve_ratio[i].  A zero ratio means no reserve; so does an
 * empty zone i since v5.8 (Baoquan He's "mm/page_alloc.c: clear out
 * zone->lowmem_reserve[] if the zone is empty", `lowmem_reserve_empty =
 * none`), where before it an empty zone kept the same reserve as any.
 * Ends with calculate_totalreserve_pages().
 */
void setup_per_zone_lowmem_reserve(struct sim *sim)
{
	unsigned int nid, i, j;

	for (nid = 0; nid < sim->nr_nodes; nid++) {
		struct pglist_data *pgdat = &sim->nodes[nid];

		for (i = 0; i < MAX_NR_ZONES; i++) {
			struct zone *z = &pgdat->node_zones[i];
			unsigned int ratio = lowmem_reserve_ratio_of(&sim->scn, i);
			bool clear = !ratio || (!z->managed_pages &&
						!sim->scn.policy.lowmem_reserve_empty_kept);
			u64 upper = 0;

			z->lowmem_reserve[i] = 0;
			for (j = i + 1; j < MAX_NR_ZONES; j++) {
				upper += zone_reserve_managed(sim, &pgdat->node_zones[j]);
				z->lowmem_reserve[j] = clear ? 0 : (long)(upper / ratio);
			}
		}
	}
	calculate_totalreserve_pages(sim);
}

/*
 * A boost given by the scenario ([machine] zone_boost) stands for one
 * boost_watermark() made before the dump it comes from was taken: the
 * watermarks include it (zoneinfo's min/low/high do) and the zone is
 * flagged so that the next allocation wakes kswapd to reclaim it.
 */
void setup_zone_boosts(struct sim *sim)
{
	unsigned int nid, zid;

	for_each_zone_idx(sim, nid, zid) {
		struct zone *z = &sim->nodes[nid].node_zones[zid];
		u64 boost = sim->scn.machine.zone_boost[nid][zid];

		if (!boost)
			continue;
		z->watermark_boost = boost;
		z->flags |= 1UL << ZONE_BOOSTED_WATERMARK;
	}
}

/* ---------------------------------------------------------------------
 * The fallback zonelists
 */

/*
 * find_next_best_node() (v6.12; the same since 2.6.x): the local node
 * first, then among the nodes not yet in the list the one that is
 * cheapest by, in turn, its distance from @local plus one if its number
 * is below @local's ("prefer the next node") plus one if it has CPUs
 * (PENALTY_FOR_NODE_WITH_CPUS: headless nodes are preferred; the CPUs
 * split as scn_node_cpus() splits them), then its
 * node_load, then its number.  (The kernel folds the last two into one
 * value, distance x MAX_NUMNODES + load, which orders the same while the
 * loads stay small, as they do for 64 nodes.)
 */
static unsigned int find_next_best_node(const struct sim *sim, unsigned int local, u64 used,
					const unsigned int *node_load)
{
	unsigned int best = local, best_val = UINT_MAX, best_load = UINT_MAX, first;

	if (!(used & (1ULL << local)))
		return local;
	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		unsigned int val;

		if (used & (1ULL << n))
			continue;
		val = scn_node_distance(&sim->scn.machine, local, n) + (n < local) +
		      (scn_node_cpus(&sim->scn.machine, n, &first) > 0);
		if (val < best_val || (val == best_val && node_load[n] < best_load)) {
			best = n;
			best_val = val;
			best_load = node_load[n];
		}
	}
	return best;
}

/*
 * default_zonelist_order() (2.6.23..3.17, what numa_zonelist_order's
 * "default" chose at boot): node order when no zone lies below Normal or
 * such zones hold more than half the memory, or when a node larger than
 * the average (total / (nodes + 1)) has over 70 % of its own memory below
 * Normal; else zone order, to spare DMA and DMA32 for the devices that
 * need them.  @lowmem: 2.6.35's e325c90ffc13, node order as soon as a
 * node has no Normal zone.  Pages are counted present, as the per-node
 * test counts them (3.x's overall sum counted managed pages).
 */
static bool default_zonelist_order_zone(const struct sim *sim, bool lowmem)
{
	u64 low = 0, total = 0, average;

	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		for (unsigned int z = 0; z < MAX_NR_ZONES; z++) {
			u64 present = sim->nodes[n].node_zones[z].present_pages;

			if (present) {
				low += z < ZONE_NORMAL ? present : 0;
				total += present;
			} else if (z == ZONE_NORMAL && lowmem) {
				return false;
			}
		}
	if (!low || low > total / 2)
		return false;
	average = total / (sim->nr_nodes + 1);
	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		u64 node_low = 0, node_total = 0;

		for (unsigned int z = 0; z < MAX_NR_ZONES; z++) {
			u64 present = sim->nodes[n].node_zones[z].present_pages;

			node_low += z < ZONE_NORMAL ? present : 0;
			node_total += present;
		}
		if (node_low && node_total > average && node_low > node_total * 70 / 100)
			return false;
	}
	return true;
}

/* numa_zonelist_order as the kernel resolved it: zone order? */
static bool zonelist_order_zone(const struct sim *sim)
{
	switch (sim->scn.policy.numa_zonelist_order) {
	case ZONELIST_ORDER_ZONE:
		return true;
	case ZONELIST_ORDER_DEFAULT_SIZES:
		return default_zonelist_order_zone(sim, false);
	case ZONELIST_ORDER_DEFAULT_LOWMEM:
		return default_zonelist_order_zone(sim, true);
	case ZONELIST_ORDER_DEFAULT_64BIT:
		/* 3.18's default_zonelist_order: zone order without CONFIG_64BIT */
		return sim->scn.machine.arch == SCN_ARCH_I386;
	case ZONELIST_ORDER_NODE:
	default:
		return false;
	}
}

/*
 * build_zonelists_in_node_order() (v6.12) / build_zonelists_in_zone_order()
 * (2.6.23..4.13): node @local's zonerefs from its list of nodes, the
 * populated zones only (build_zonerefs_node).
 */
static void build_zonerefs(struct sim *sim, unsigned int local)
{
	bool zone_order = sim->zonelist_zone_order;
	unsigned int nr = sim->nr_nodes, k = 0;

	for (unsigned int outer = 0; outer < (zone_order ? MAX_NR_ZONES : nr); outer++)
		for (unsigned int inner = 0; inner < (zone_order ? nr : MAX_NR_ZONES); inner++) {
			unsigned int i = zone_order ? inner : outer;
			unsigned int z = MAX_NR_ZONES - 1 - (zone_order ? outer : inner);
			u8 nid = sim->zonelist[local][i];

			if (!populated_zone(&sim->nodes[nid].node_zones[z]))
				continue;
			sim->zonerefs[local][k++] =
				(struct zoneref){ .nid = nid, .zone_idx = (u8)z };
		}
	sim->nr_zonerefs[local] = (u16)k;
}

/*
 * build_all_zonelists() (v6.12 __build_all_zonelists and
 * build_zonelists; 2.6.23..4.13 for zone order): each node's fallback
 * list of nodes, the order an allocation tries the nodes in, built node
 * by node at boot with node_load carried from one node's list to the
 * next.  The first node of each new distance from the local one gets a
 * load, so that nodes the same distance apart take turns at being the
 * first fallback of the nodes that come after (zonelist_node_load: one
 * more, v5.19+; `load`, a count falling along the list, in place of the
 * previous value, 2.6.23..5.15, which can hand two nodes the same first
 * remote node; that count added, 5.16..5.18 and before 2.6.23).  From
 * 2.6.23 (f0c0b2b808f2) to 2.6.30 build_zonelists() itself cleared
 * node_load[] before each node's list, so no list saw another's loads
 * and equally distant nodes kept their number order in every list
 * (assign_reset) until Bob Liu's "mv clear node_load[] to
 * __build_all_zonelists()" (Aug 2009, 2.6.31) cleared it once.  The
 * zonelist proper is this list's nodes each with its zones highest first
 * (build_zonelists_in_node_order), or with zone order each zone type,
 * highest first, across the nodes in that order
 * (build_zonelists_in_zone_order, 2.6.23..4.13).
 */
void build_all_zonelists(struct sim *sim)
{
	unsigned int node_load[SCN_MAX_NODES] = { 0 };

	sim->zonelist_zone_order = zonelist_order_zone(sim);
	for (unsigned int local = 0; local < sim->nr_nodes; local++) {
		unsigned int load = sim->nr_nodes, prev = local;
		u64 used = 0;

		if (sim->scn.policy.zonelist_node_load == ZONELIST_LOAD_ASSIGN_RESET)
			memset(node_load, 0, sizeof(node_load));
		for (unsigned int i = 0; i < sim->nr_nodes; i++) {
			unsigned int n = find_next_best_node(sim, local, used, node_load);
			const struct scn_machine *m = &sim->scn.machine;

			used |= 1ULL << n;
			if (scn_node_distance(m, local, n) != scn_node_distance(m, local, prev)) {
				switch (sim->scn.policy.zonelist_node_load) {
				case ZONELIST_LOAD_ASSIGN:
				case ZONELIST_LOAD_ASSIGN_RESET:
					node_load[n] = load;
					break;
				case ZONELIST_LOAD_ACCUMULATE_FALLING:
					node_load[n] += load;
					break;
				case ZONELIST_LOAD_ACCUMULATE:
				default:
					node_load[n] += 1;
					break;
				}
			}
			sim->zonelist[local][i] = (u8)n;
			prev = n;
			load--;
		}
		build_zonerefs(sim, local);
	}
}

/* ---------------------------------------------------------------------
 * The watermark check
 */

/*
 * Models v6.12 __zone_watermark_ok().  The pages an allocation cannot use
 * are taken out first: all but one page of the block it needs, and, for
 * requests without reserve access, the free highatomic pages (no CMA in
 * the model).  Reserve access lowers the mark: __GFP_HIGH by half, a
 * non-blocking one by a further quarter, an OOM victim by half again.
 * What remains must exceed the mark plus the zone's reserve against the
 * request's highest usable zone.  Order 0 stops there; a higher order
 * also needs one free block of at least that order on a list it may
 * take from (v4.4+; the 2.6.28 order walk is below).
 */
bool __zone_watermark_ok(const struct zone *z, unsigned int order, u64 mark,
			 enum zone_type highest_zoneidx, unsigned int alloc_flags, long free)
{
	long min = (long)mark;
	unsigned int o;
	int mt;

	free -= (1L << order) - 1;
	if (!(alloc_flags & ALLOC_RESERVES)) {
		free -= (long)z->nr_free_highatomic;
	} else {
		if (alloc_flags & ALLOC_MIN_RESERVE) {
			min -= min / 2;
			if (alloc_flags & ALLOC_NON_BLOCK)
				min -= min / 4;
		}
		if (alloc_flags & ALLOC_OOM)
			min -= min / 2;
	}
	if (free <= min + z->lowmem_reserve[highest_zoneidx])
		return false;
	if (!order)
		return true;

	for (o = order; o < NR_PAGE_ORDERS; o++) {
		const struct free_area *area = &z->free_area[o];

		if (!area->nr_free)
			continue;
		for (mt = 0; mt < MIGRATE_PCPTYPES; mt++)
			if (area->nr_free_mt[mt])
				return true;
		if ((alloc_flags & (ALLOC_HIGHATOMIC | ALLOC_OOM)) &&
		    area->nr_free_mt[MIGRATE_HIGHATOMIC])
			return true;
	}
	return false;
}

/* v6.12 zone_watermark_ok(): the check against the zone's free count. */
bool zone_watermark_ok(const struct zone *z, unsigned int order, u64 mark,
		       enum zone_type highest_zoneidx, unsigned int alloc_flags)
{
	return __zone_watermark_ok(z, order, mark, highest_zoneidx, alloc_flags,
				   zone_page_state(z, NR_FREE_PAGES));
}

/*
 * Models 2.6.28 zone_watermark_ok().  Order-0 part: free pages less all
 * but one page of the request must exceed the mark (halved for
 * __GFP_HIGH, then less a quarter for ALLOC_HARDER) plus the reserve.
 * Then, for each order below the request, the pages in blocks of that
 * order are useless to it and are discounted while the mark is halved,
 * since fewer, larger blocks are needed; the remainder must stay above
 * the mark at every step.
 */
bool zone_watermark_ok_order_walk(const struct zone *z, unsigned int order, u64 mark,
				  enum zone_type classzone_idx, unsigned int alloc_flags)
{
	long min = (long)mark;
	long free = zone_page_state(z, NR_FREE_PAGES) - (1L << order) + 1;
	unsigned int o;

	if (alloc_flags & ALLOC_HIGH)
		min -= min / 2;
	if (alloc_flags & ALLOC_HARDER)
		min -= min / 4;
	if (free <= min + z->lowmem_reserve[classzone_idx])
		return false;
	for (o = 0; o < order; o++) {
		free -= (long)(z->free_area[o].nr_free << o);
		min >>= 1;
		if (free <= min)
			return false;
	}
	return true;
}

/*
 * KOSAKI's 2008 rule (see page_alloc.h): the order-0 part is the 2.6.28
 * one (HIGH halves the mark, HARDER takes a further quarter, the reserve
 * counts); then a single free block large enough is enough, however
 * little else is free.  The walk stops at the first non-empty order, so
 * its cost does not grow with free memory as the order walk's does.
 */
bool zone_watermark_ok_any_block(const struct zone *z, unsigned int order, u64 mark,
				 enum zone_type classzone_idx, unsigned int alloc_flags)
{
	long min = (long)mark;
	long free = zone_page_state(z, NR_FREE_PAGES) - (1L << order) + 1;

	if (alloc_flags & ALLOC_HIGH)
		min -= min / 2;
	if (alloc_flags & ALLOC_HARDER)
		min -= min / 4;
	if (free <= min + z->lowmem_reserve[classzone_idx])
		return false;
	for (unsigned int o = order; o < NR_PAGE_ORDERS; o++)
		if (z->free_area[o].nr_free)
			return true;
	return false;
}

/* ---------------------------------------------------------------------
 * The buddy allocator
 */

static inline u64 pageblock_idx(const struct sim *sim, const struct zone *z, u32 pfn)
{
	return (u64)(pfn - z->zone_start_pfn) >> pageblock_order(sim);
}

int get_pfnblock_migratetype(const struct sim *sim, const struct zone *z, u32 pfn)
{
	return z->pageblock_mt[pageblock_idx(sim, z, pfn)];
}

void set_pageblock_migratetype(const struct sim *sim, struct zone *z, u32 pfn, int migratetype)
{
	z->pageblock_mt[pageblock_idx(sim, z, pfn)] = (u8)migratetype;
}

/* include/linux/mmzone.h migratetype_is_mergeable(): only the types that
 * fall back to each other may be merged across pageblocks. */
static inline bool migratetype_is_mergeable(int mt)
{
	return mt < MIGRATE_PCPTYPES;
}

/* v6.12 change_pageblock_range(): the pageblocks of a block of @order >=
 * pageblock_order all take @mt. */
static void change_pageblock_range(struct sim *sim, struct zone *z, u32 pfn, unsigned int order,
				   int mt)
{
	u64 n = 1ULL << (order - pageblock_order(sim));

	for (u64 i = 0; i < n; i++)
		set_pageblock_migratetype(sim, z, pfn + (u32)(i << pageblock_order(sim)), mt);
}

/* Link the free block at @pfn into its list; head = list_add, tail =
 * list_add_tail.  The allocator takes from the head. */
static void add_to_free_list(struct sim *sim, struct zone *z, u32 pfn, unsigned int order, int mt,
			     bool tail)
{
	struct free_area *area = &z->free_area[order];
	struct pfn_list *list = &area->free_list[mt];
	struct page *page = pfn_to_page(sim, pfn);

	SetPageFlag(page, PG_buddy);
	page->order = (u8)order;
	page->private = (u32)mt;
	if (tail) {
		page->next = NO_PFN;
		page->prev = list->tail;
		if (list->tail != NO_PFN)
			pfn_to_page(sim, list->tail)->next = pfn;
		else
			list->head = pfn;
		list->tail = pfn;
	} else {
		page->prev = NO_PFN;
		page->next = list->head;
		if (list->head != NO_PFN)
			pfn_to_page(sim, list->head)->prev = pfn;
		else
			list->tail = pfn;
		list->head = pfn;
	}
	area->nr_free++;
	area->nr_free_mt[mt]++;
	/* account_freepages() (v6.13): the highatomic pages kept as a count */
	if (mt == MIGRATE_HIGHATOMIC)
		z->nr_free_highatomic += 1ULL << order;
}

/* Unlink the free block at @pfn and clear its buddy state. */
static void del_from_free_list(struct sim *sim, struct zone *z, u32 pfn)
{
	struct page *page = pfn_to_page(sim, pfn);
	struct free_area *area = &z->free_area[page->order];
	int mt = (int)page->private;
	struct pfn_list *list = &area->free_list[mt];

	if (page->prev != NO_PFN)
		pfn_to_page(sim, page->prev)->next = page->next;
	else
		list->head = page->next;
	if (page->next != NO_PFN)
		pfn_to_page(sim, page->next)->prev = page->prev;
	else
		list->tail = page->prev;
	if (mt == MIGRATE_HIGHATOMIC)
		z->nr_free_highatomic -= 1ULL << page->order;
	page->next = page->prev = NO_PFN;
	ClearPageFlag(page, PG_buddy);
	page->order = 0;
	page->private = 0;
	area->nr_free--;
	area->nr_free_mt[mt]--;
}

/* v6.12 move_to_free_list(): the free block at @pfn to the tail of the
 * same order's list of @mt. */
static void move_to_free_list(struct sim *sim, struct zone *z, u32 pfn, int mt)
{
	unsigned int order = pfn_to_page(sim, pfn)->order;

	del_from_free_list(sim, z, pfn);
	add_to_free_list(sim, z, pfn, order, mt, true);
}

/*
 * Models v6.12 expand(): a block of order @high was taken for a request of
 * order @low; the upper half is given back at each order on the way down
 * (at the list head), the lowest 2^@low pages stay with the caller.
 */
static void expand(struct sim *sim, struct zone *z, u32 pfn, unsigned int low, unsigned int high,
		   int mt)
{
	while (high > low) {
		high--;
		add_to_free_list(sim, z, pfn + (1U << high), high, mt, false);
	}
}

/* v6.12 page_del_and_expand(): take the free block at @pfn of order @high
 * off its list and keep 2^@low pages of it. */
static void page_del_and_expand(struct sim *sim, struct zone *z, u32 pfn, unsigned int low,
				unsigned int high, int mt)
{
	del_from_free_list(sim, z, pfn);
	expand(sim, z, pfn, low, high, mt);
}

/*
 * Models v6.12 __rmqueue_smallest(): the first block on the smallest
 * non-empty list of @mt at order >= @order, split down to @order.
 */
static u32 rmqueue_smallest(struct sim *sim, struct zone *z, unsigned int order, int mt)
{
	unsigned int o, max = max_page_order(sim);

	for (o = order; o <= max; o++) {
		u32 pfn = z->free_area[o].free_list[mt].head;

		if (pfn == NO_PFN)
			continue;
		page_del_and_expand(sim, z, pfn, order, o, mt);
		return pfn;
	}
	return NO_PFN;
}

/* v6.12 fallbacks[]: where each type looks when its own lists are empty. */
static const int fallbacks[MIGRATE_PCPTYPES][MIGRATE_PCPTYPES - 1] = {
	[MIGRATE_UNMOVABLE] = { MIGRATE_RECLAIMABLE, MIGRATE_MOVABLE },
	[MIGRATE_MOVABLE] = { MIGRATE_RECLAIMABLE, MIGRATE_UNMOVABLE },
	[MIGRATE_RECLAIMABLE] = { MIGRATE_UNMOVABLE, MIGRATE_MOVABLE },
};

/*
 * Models v6.12 can_steal_fallback(): may a request of @start_mt that
 * falls back to a block of @order try to take over that block's whole
 * pageblock?  Always for pageblock-sized blocks; for smaller ones when the
 * block is at least half a pageblock, or the request is unmovable or
 * reclaimable: their pages scattered in movable pageblocks would pin them
 * for good, which is worse than a movable page left in a foreign block.
 * (page_group_by_mobility_disabled, a machine smaller than
 * pageblock_nr_pages x MIGRATE_TYPES, is not modelled.)
 */
static bool can_steal_fallback(const struct sim *sim, unsigned int order, int start_mt)
{
	return order >= pageblock_order(sim) / 2 || start_mt == MIGRATE_RECLAIMABLE ||
	       start_mt == MIGRATE_UNMOVABLE;
}

/*
 * Models v6.12 find_suitable_fallback() (only_stealable false): the first
 * type in @start_mt's fallback order with a free block of @order, or -1;
 * *can_steal says whether can_steal_fallback() allows the pageblock.
 */
int find_suitable_fallback(const struct sim *sim, const struct zone *z, unsigned int order,
			   int start_mt, bool *can_steal)
{
	*can_steal = false;
	if (!z->free_area[order].nr_free)
		return -1;
	for (int i = 0; i < MIGRATE_PCPTYPES - 1; i++) {
		int mt = fallbacks[start_mt][i];

		if (!z->free_area[order].nr_free_mt[mt])
			continue;
		*can_steal = can_steal_fallback(sim, order, start_mt);
		return mt;
	}
	return -1;
}

/*
 * Models v6.12 prep_move_freepages_block(): the zone-relative bounds of
 * the pageblock around @pfn, with its free pages and the in-use pages
 * that could be migrated (on an LRU: the kernel also counts
 * __PageMovable, which the model has no pages of).  False when the
 * pageblock is not wholly inside the zone.
 */
static bool prep_move_freepages_block(struct sim *sim, const struct zone *z, u32 pfn, u64 *start,
				      u64 *num_free, u64 *num_movable)
{
	u64 nr = pageblock_nr_pages(sim), idx, end;

	*start = (pfn - z->zone_start_pfn) & ~(nr - 1);
	end = *start + nr;
	*num_free = *num_movable = 0;
	if (end > z->managed_pages)
		return false;
	for (idx = *start; idx < end;) {
		const struct page *page = pfn_to_page(sim, z->zone_start_pfn + (u32)idx);

		if (PageFlag(page, PG_buddy)) {
			*num_free += 1ULL << page->order;
			idx += 1ULL << page->order;
			continue;
		}
		if (PageFlag(page, PG_lru) || PageFlag(page, PG_isolated))
			(*num_movable)++;
		idx++;
	}
	return true;
}

/*
 * Models v6.12 __move_freepages_block(): every free block of the
 * pageblock starting at zone index @start to the lists of @new_mt, and
 * the pageblock's type with them.  Returns the pages moved.
 */
static u64 move_freepages_block(struct sim *sim, struct zone *z, u64 start, int new_mt)
{
	u64 idx, end = start + pageblock_nr_pages(sim), moved = 0;

	for (idx = start; idx < end;) {
		u32 pfn = z->zone_start_pfn + (u32)idx;
		const struct page *page = pfn_to_page(sim, pfn);

		if (!PageFlag(page, PG_buddy)) {
			idx++;
			continue;
		}
		idx += 1ULL << page->order;
		moved += 1ULL << page->order;
		move_to_free_list(sim, z, pfn, new_mt);
	}
	set_pageblock_migratetype(sim, z, z->zone_start_pfn + (u32)start, new_mt);
	return moved;
}

/*
 * Models v6.12 boost_watermark(): see page_alloc.h.
 */
bool boost_watermark(const struct sim *sim, struct zone *z)
{
	u64 max_boost;

	if (!sim->scn.sysctl.watermark_boost_factor)
		return false;
	/* small zones: a boost could cause an OOM at once */
	if (pageblock_nr_pages(sim) * 4 > zone_managed_pages(z))
		return false;
	max_boost =
		mult_frac(z->_watermark[WMARK_HIGH], sim->scn.sysctl.watermark_boost_factor, 10000);
	/* watermarks not set up yet: reclaim could not meet a boost */
	if (!max_boost)
		return false;
	max_boost = max_u64(pageblock_nr_pages(sim), max_boost);
	z->watermark_boost = min_u64(z->watermark_boost + pageblock_nr_pages(sim), max_boost);
	return true;
}

/*
 * Models v6.12 steal_suitable_fallback(): the fallback block at @pfn, of
 * @current_order, serves a request of @order and @start_type.
 *  - a block of a pageblock or more becomes the requester's outright:
 *    its pageblocks change type and the remainder goes to its lists;
 *  - otherwise, when stealing is allowed (@whole_block), the pageblock is
 *    claimed if its free pages plus the pages "alike" the request (for a
 *    movable request its LRU pages; for unmovable/reclaimable in a
 *    movable block the non-free, non-LRU ones) make at least half of it:
 *    all its free blocks move and the request is served from them;
 *  - else a single block is taken and its remainder stays with the
 *    pageblock's type, mixing types in that pageblock.
 * Highatomic pageblocks are never claimed.  A fallback below pageblock
 * size boosts the zone's watermarks (v5.0+, boost_watermark()), and marks
 * the zone for a kswapd wake-up when the request may wake kswapd.
 */
static u32 steal_suitable_fallback(struct sim *sim, struct zone *z, u32 pfn,
				   unsigned int current_order, unsigned int order, int start_type,
				   bool whole_block, unsigned int alloc_flags)
{
	int block_type = get_pfnblock_migratetype(sim, z, pfn);
	u64 start, free_pages, movable_pages, alike_pages;

	if (block_type == MIGRATE_HIGHATOMIC)
		goto single_page;
	if (current_order >= pageblock_order(sim)) {
		del_from_free_list(sim, z, pfn);
		change_pageblock_range(sim, z, pfn, current_order, start_type);
		expand(sim, z, pfn, order, current_order, start_type);
		return pfn;
	}
	if (sim->scn.policy.watermark_boost && boost_watermark(sim, z) &&
	    (alloc_flags & ALLOC_KSWAPD))
		z->flags |= 1UL << ZONE_BOOSTED_WATERMARK;
	if (!whole_block)
		goto single_page;
	if (!prep_move_freepages_block(sim, z, pfn, &start, &free_pages, &movable_pages))
		goto single_page;
	if (start_type == MIGRATE_MOVABLE)
		alike_pages = movable_pages;
	else if (block_type == MIGRATE_MOVABLE)
		alike_pages = pageblock_nr_pages(sim) - (free_pages + movable_pages);
	else
		alike_pages = 0;
	if (free_pages + alike_pages >= pageblock_nr_pages(sim) / 2) {
		move_freepages_block(sim, z, start, start_type);
		return rmqueue_smallest(sim, z, order, start_type);
	}
single_page:
	page_del_and_expand(sim, z, pfn, order, current_order, block_type);
	return pfn;
}

/*
 * Models v6.12 __rmqueue_fallback(): the largest free block of a fallback
 * type (taking a big block claims a whole pageblock and keeps the types
 * apart for longer), except that a movable request that may not steal
 * takes the smallest suitable block instead: it will not claim the
 * pageblock anyway, and a small piece does less lasting harm.
 * ALLOC_NOFRAGMENT (v5.0+: fall back only in whole pageblocks while
 * another zone could serve the request) is not modelled.
 */
static u32 rmqueue_fallback(struct sim *sim, struct zone *z, unsigned int order, int start_mt,
			    unsigned int alloc_flags)
{
	int o, fallback_mt = -1;
	bool can_steal = false;

	for (o = (int)max_page_order(sim); o >= (int)order; o--) {
		fallback_mt = find_suitable_fallback(sim, z, (unsigned int)o, start_mt, &can_steal);
		if (fallback_mt < 0)
			continue;
		if (!can_steal && start_mt == MIGRATE_MOVABLE && o > (int)order) {
			for (o = (int)order; o <= (int)max_page_order(sim); o++) {
				fallback_mt = find_suitable_fallback(sim, z, (unsigned int)o,
								     start_mt, &can_steal);
				if (fallback_mt >= 0)
					break;
			}
		}
		break;
	}
	if (fallback_mt < 0)
		return NO_PFN;
	return steal_suitable_fallback(sim, z, z->free_area[o].free_list[fallback_mt].head,
				       (unsigned int)o, order, start_mt, can_steal, alloc_flags);
}

/*
 * Models v6.12 __rmqueue(): see page_alloc.h.  (No CMA, so no
 * ALLOC_CMA balancing.)  Inline here, for the order-0 path through
 * rmqueue_buddy.
 */
static inline u32 rmqueue_own_or_fallback(struct sim *sim, struct zone *z, unsigned int order,
					  int migratetype, unsigned int alloc_flags)
{
	u32 pfn = rmqueue_smallest(sim, z, order, migratetype);

	if (pfn == NO_PFN)
		pfn = rmqueue_fallback(sim, z, order, migratetype, alloc_flags);
	if (pfn != NO_PFN)
		z->vm_stat[NR_FREE_PAGES] -= 1L << order;
	return pfn;
}

u32 __rmqueue(struct sim *sim, struct zone *z, unsigned int order, int migratetype,
	      unsigned int alloc_flags)
{
	return rmqueue_own_or_fallback(sim, z, order, migratetype, alloc_flags);
}

/*
 * Models v6.12 rmqueue_buddy() → __rmqueue(): see page_alloc.h.  Failing
 * now is worse than failing a later high-order atomic allocation, so OOM
 * victims and atomic requests may dip into the highatomic reserve last.
 */
u32 rmqueue_buddy(struct sim *sim, struct zone *z, unsigned int order, int migratetype,
		  unsigned int alloc_flags)
{
	u32 pfn = NO_PFN;

	if (order > max_page_order(sim) || migratetype < 0 || migratetype >= MIGRATE_PCPTYPES)
		return NO_PFN;
	/* spin_lock_irqsave(&zone->lock): one block's buddy work */
	spin_lock_hold(sim, &z->lock, sim->scn.cost.alloc_ns);
	if (alloc_flags & ALLOC_HIGHATOMIC)
		pfn = rmqueue_smallest(sim, z, order, MIGRATE_HIGHATOMIC);
	if (pfn == NO_PFN) {
		/* __rmqueue counts its block out of NR_FREE_PAGES itself */
		pfn = rmqueue_own_or_fallback(sim, z, order, migratetype, alloc_flags);
		if (pfn != NO_PFN || !(alloc_flags & (ALLOC_OOM | ALLOC_NON_BLOCK)))
			return pfn;
		pfn = rmqueue_smallest(sim, z, order, MIGRATE_HIGHATOMIC);
	}
	if (pfn != NO_PFN)
		z->vm_stat[NR_FREE_PAGES] -= 1L << order;
	return pfn;
}

/*
 * Models v6.12 reserve_highatomic_pageblock(): see page_alloc.h.  No
 * reserve at all in a zone whose 1 % is less than a pageblock; else the
 * limit is that 1 % rounded up to whole pageblocks.  Only blocks of the
 * mergeable types become reserves: the pageblock of the allocation (its
 * free blocks move to the highatomic lists), or all the pageblocks of an
 * allocation of pageblock size or more.
 */
void reserve_highatomic_pageblock(struct sim *sim, struct zone *z, u32 pfn, unsigned int order)
{
	u64 nr = pageblock_nr_pages(sim);
	u64 max_managed = (z->managed_pages / 100 + nr - 1) & ~(nr - 1);
	u64 start, free_pages, movable_pages;

	if (z->managed_pages / 100 < nr || z->nr_reserved_highatomic >= max_managed)
		return;
	if (!migratetype_is_mergeable(get_pfnblock_migratetype(sim, z, pfn)))
		return;
	if (order >= pageblock_order(sim)) {
		change_pageblock_range(sim, z, pfn, order, MIGRATE_HIGHATOMIC);
		z->nr_reserved_highatomic += 1ULL << order;
		return;
	}
	if (!prep_move_freepages_block(sim, z, pfn, &start, &free_pages, &movable_pages))
		return;
	move_freepages_block(sim, z, start, MIGRATE_HIGHATOMIC);
	z->nr_reserved_highatomic += nr;
}

/*
 * Models v6.12 unreserve_highatomic_pageblock(): see page_alloc.h.  The
 * first zone (from the top) with a reserved block that has a free block
 * on the highatomic lists gives that pageblock back, to the movable lists
 * (the kernel gives it to the failing request's type; the model's direct
 * reclaimers are the callers of __alloc_pages, movable or not, and the
 * choice only decides which lists the freed block starts on).
 */
bool unreserve_highatomic_pageblock(struct sim *sim, enum zone_type highest_zoneidx, bool force)
{
	u64 nr = pageblock_nr_pages(sim);

	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		for (int zi = (int)highest_zoneidx; zi >= 0; zi--) {
			struct zone *z = &sim->nodes[n].node_zones[zi];

			if (!populated_zone(z) || !z->nr_reserved_highatomic)
				continue;
			if (!force && z->nr_reserved_highatomic <= nr)
				continue;
			for (unsigned int o = 0; o <= max_page_order(sim); o++) {
				u32 pfn = z->free_area[o].free_list[MIGRATE_HIGHATOMIC].head;
				u64 start, free_pages, movable_pages, size;

				if (pfn == NO_PFN)
					continue;
				size = max_u64(nr, 1ULL << o);
				z->nr_reserved_highatomic -=
					min_u64(size, z->nr_reserved_highatomic);
				if (o < pageblock_order(sim)) {
					prep_move_freepages_block(sim, z, pfn, &start, &free_pages,
								  &movable_pages);
					move_freepages_block(sim, z, start, MIGRATE_MOVABLE);
				} else {
					move_to_free_list(sim, z, pfn, MIGRATE_MOVABLE);
					change_pageblock_range(sim, z, pfn, o, MIGRATE_MOVABLE);
				}
				return true;
			}
		}
	}
	return false;
}

/*
 * Models v6.12 __isolate_free_page(): see page_alloc.h.  The order-0
 * watermark check keeps compaction from emptying the zone below its min
 * watermark; a block of half a pageblock or more turns its pageblocks
 * movable (mergeable ones only), since compaction is about to fill them
 * with movable pages.
 */
bool __isolate_free_page(struct sim *sim, struct zone *z, u32 pfn, unsigned int order)
{
	int mt = get_pfnblock_migratetype(sim, z, pfn);
	u64 nr = pageblock_nr_pages(sim);

	if (mt != MIGRATE_ISOLATE &&
	    !zone_watermark_ok(z, 0, z->_watermark[WMARK_MIN] + (1ULL << order), 0, ALLOC_CMA))
		return false;
	del_from_free_list(sim, z, pfn);
	z->vm_stat[NR_FREE_PAGES] -= 1L << order;
	if (order + 1 >= pageblock_order(sim)) {
		for (u64 off = 0; off < (1ULL << order); off += nr) {
			u64 start, free_pages, movable_pages;
			u32 p = pfn + (u32)off;

			mt = get_pfnblock_migratetype(sim, z, p);
			if (!migratetype_is_mergeable(mt) || mt == MIGRATE_MOVABLE)
				continue;
			if (prep_move_freepages_block(sim, z, p, &start, &free_pages,
						      &movable_pages))
				move_freepages_block(sim, z, start, MIGRATE_MOVABLE);
		}
	}
	return true;
}

/* Is the block at zone index @idx a free buddy of exactly @order? */
static inline bool page_is_buddy(struct sim *sim, const struct zone *z, u64 idx, unsigned int order)
{
	const struct page *p;

	if (idx >= z->managed_pages)
		return false;
	p = pfn_to_page(sim, z->zone_start_pfn + (u32)idx);
	return PageFlag(p, PG_buddy) && p->order == order;
}

/*
 * Models v6.12 __free_one_page(): while the block's buddy (index with bit
 * @order flipped) is itself free at the same order, take it off its list
 * and continue with the combined block one order up.  From pageblock size
 * up the buddy is another pageblock: blocks of types that do not fall
 * back to each other (highatomic, isolate) never merge with others, and a
 * mergeable buddy of another type is converted to @mt, so that a later
 * expand() puts every piece on the lists of its pageblock.  The result
 * goes to the list tail when told so (boot-time freeing, FPI_TO_TAIL) or
 * when the buddy of the next larger block is free too, so that it stays
 * unused long enough to merge further (buddy_merge_likely); else to the
 * head.
 */
static void __free_one_page(struct sim *sim, struct zone *z, u32 pfn, unsigned int order, int mt,
			    bool to_tail)
{
	u64 idx = pfn - z->zone_start_pfn;
	unsigned int nr = 1U << order, max = max_page_order(sim);

	while (order < max) {
		u64 buddy = idx ^ (1ULL << order);
		u32 buddy_pfn = z->zone_start_pfn + (u32)buddy;
		int buddy_mt = mt;

		if (!page_is_buddy(sim, z, buddy, order))
			break;
		if (order >= pageblock_order(sim)) {
			buddy_mt = get_pfnblock_migratetype(sim, z, buddy_pfn);
			if (buddy_mt != mt &&
			    (!migratetype_is_mergeable(mt) || !migratetype_is_mergeable(buddy_mt)))
				break;
		}
		del_from_free_list(sim, z, buddy_pfn);
		if (buddy_mt != mt)
			change_pageblock_range(sim, z, buddy_pfn, order, mt);
		idx &= buddy;
		order++;
	}
	if (!to_tail && order < max - 1) {
		u64 parent = idx & ~(1ULL << order);

		to_tail = page_is_buddy(sim, z, parent ^ (1ULL << (order + 1)), order + 1);
	}
	add_to_free_list(sim, z, z->zone_start_pfn + (u32)idx, order, mt, to_tail);
	z->vm_stat[NR_FREE_PAGES] += nr;
}

void free_one_page(struct sim *sim, u32 pfn, unsigned int order)
{
	struct zone *z = page_zone(sim, pfn);

	__free_one_page(sim, z, pfn, order, get_pfnblock_migratetype(sim, z, pfn), false);
}

/*
 * Models v6.12 memmap_init_range() (every pageblock starts
 * MIGRATE_MOVABLE) and memblock_free_all() → __free_pages_memory() →
 * __free_pages_core() for one zone: the frames are handed over in the
 * largest naturally aligned blocks that fit, each added at the list tail.
 */
void memblock_free_zone(struct sim *sim, struct zone *z)
{
	u64 idx = 0, end = z->managed_pages;
	unsigned int max = max_page_order(sim);

	if (!end)
		return;
	memset(z->pageblock_mt, MIGRATE_MOVABLE, ((end - 1) >> pageblock_order(sim)) + 1);
	while (idx < end) {
		unsigned int order = idx ? (unsigned int)__builtin_ctzll(idx) : max;

		if (order > max)
			order = max;
		while (idx + (1ULL << order) > end)
			order--;
		__free_one_page(sim, z, z->zone_start_pfn + (u32)idx, order, MIGRATE_MOVABLE, true);
		idx += 1ULL << order;
	}
}

/* ------------------------------------------------------------------ */
/* Scenario keys: the vm sysctls of the watermarks, and the check      */
/* ------------------------------------------------------------------ */

static int set_min_free_kbytes(struct cfg_ctx *k, void *obj, const char *val)
{
	struct scn_sysctl *sc = obj;
	char buf[CFG_MSG_LEN];
	u64 v;

	if (!strcmp(val, "auto")) {
		sc->min_free_kbytes = -1;
		return 0;
	}
	/* the sysctl is an int with extra1 = 0 (mm/page_alloc.c) */
	if (cfg_parse_uint_range(val, 0, INT_MAX, &v, buf, sizeof(buf)))
		return cfg_fail(k, ": %s (or auto)", buf);
	sc->min_free_kbytes = (long)v;
	return 0;
}

/* lowmem_reserve_ratio = "256 256 32 0 0": one ratio per zone of the
 * arch, zone order; zones not listed get 0 (no protection).  "default":
 * the kernel's, per zone. */
static int set_lowmem_reserve_ratio(struct cfg_ctx *k, void *obj, const char *val)
{
	struct scn_sysctl *sc = obj;
	unsigned int ratio[MAX_NR_ZONES] = { 0 };
	char buf[CFG_MSG_LEN], num[CFG_MSG_LEN];
	const char *p = val;
	unsigned int nr = 0;

	if (!strcmp(val, "default")) {
		memset(sc->lowmem_reserve_ratio, 0, sizeof(sc->lowmem_reserve_ratio));
		sc->nr_lowmem_reserve_ratio = 0;
		return 0;
	}
	for (;;) {
		size_t n;
		u64 v;

		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		if (!*p)
			break;
		n = strcspn(p, " \t,");
		if (nr == SCN_MAX_ARCH_ZONES)
			return cfg_fail(k, ": more than %d ratios in '%s'", SCN_MAX_ARCH_ZONES,
					val);
		snprintf(num, sizeof(num), "%.*s", (int)n, p);
		if (cfg_parse_uint_range(num, 0, INT_MAX, &v, buf, sizeof(buf)))
			return cfg_fail(k, ": %s", buf);
		ratio[nr++] = (unsigned int)v;
		p += n;
	}
	if (!nr)
		return cfg_fail(k, ": expected 1 to %d integers, e.g. '256 256 32 0 0'",
				SCN_MAX_ARCH_ZONES);
	memcpy(sc->lowmem_reserve_ratio, ratio, sizeof(ratio));
	sc->nr_lowmem_reserve_ratio = nr;
	return 0;
}

/* thp = the /sys/kernel/mm/transparent_hugepage/enabled modes. */
static int set_thp(struct cfg_ctx *k, void *obj, const char *val)
{
	struct scn_sysctl *sc = obj;

	if (!strcmp(val, "always") || !strcmp(val, "madvise"))
		sc->thp = true;
	else if (!strcmp(val, "never"))
		sc->thp = false;
	else
		return cfg_fail(k, ": unknown value '%s' (expected always, madvise or never)", val);
	return 0;
}

/*
 * percpu_pagelist_high_fraction (v5.14+): 0, or at least
 * MIN_PERCPU_PAGELIST_HIGH_FRACTION (8), as the kernel's handler insists.
 */
static int set_percpu_pagelist_high_fraction(struct cfg_ctx *k, void *obj, const char *val)
{
	struct scn_sysctl *sc = obj;
	char buf[CFG_MSG_LEN];
	u64 v;

	if (cfg_parse_uint_range(val, 0, INT_MAX, &v, buf, sizeof(buf)))
		return cfg_fail(k, ": %s", buf);
	if (v && v < 8)
		return cfg_fail(k, ": %llu is below 8 (valid 0 or 8..2147483647)",
				(unsigned long long)v);
	sc->percpu_pagelist_high_fraction = (unsigned int)v;
	return 0;
}

#define S_OFF(f) offsetof(struct scn_sysctl, f)

/* [sysctl]: the kernel's limits are extra1/extra2 of each vm sysctl */
static const struct cfg_key page_alloc_sysctl_keys[] = {
	{ .name = "min_free_kbytes",
	  .type = CFG_CUSTOM,
	  .set = set_min_free_kbytes,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = S_OFF(min_free_kbytes_origin),
	  .def = "auto",
	  .range = "0..2147483647 \\| auto",
	  .doc = "auto = the boot rule (init_per_zone_wmark_min), with the THP raise when thp is on; a value must be below the managed memory of DMA, DMA32 and Normal in KiB" },
	{ .name = "watermark_scale_factor",
	  .type = CFG_UINT,
	  .off = S_OFF(watermark_scale_factor),
	  .min = 1,
	  .max = 3000,
	  .def = "10",
	  .doc = "distance between the min, low and high watermarks, in 1/10000 of managed pages" },
	{ .name = "watermark_boost_factor",
	  .type = CFG_UINT,
	  .off = S_OFF(watermark_boost_factor),
	  .min = 0,
	  .max = INT_MAX,
	  .def = "15000",
	  .doc = "watermark boost after a fragmentation event, in 1/10000 of the high watermark" },
	{ .name = "lowmem_reserve_ratio",
	  .type = CFG_CUSTOM,
	  .set = set_lowmem_reserve_ratio,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = S_OFF(lowmem_reserve_ratio_origin),
	  .def = "default",
	  .range = "1 to 5 integers \\| default",
	  .doc = "per zone of the arch, in zone order: the pages of higher zones a lower zone keeps back, 1/ratio (0 = none); default = the kernel's, 256 256 32 0 0 on x86_64 (DMA, DMA32, Normal, Movable, Device), 256 32 0 0 on i386 (DMA, Normal, HighMem, Movable), 256 256 32 0 on arm64 (DMA, DMA32, Normal, Movable), 256 32 0 on arm64_dma32 and arm64_dma (their low zone, Normal, Movable)" },
	{ .name = "extra_free_kbytes",
	  .type = CFG_UINT,
	  .off = S_OFF(extra_free_kbytes),
	  .min = 0,
	  .max = INT_MAX,
	  .def = "0",
	  .doc = "Android's vm.extra_free_kbytes (not in mainline): added to the low and high watermarks, spread over the zones by managed pages" },
	{ .name = "thp",
	  .type = CFG_CUSTOM,
	  .set = set_thp,
	  .def = "madvise",
	  .range = "always \\| madvise \\| never",
	  .doc = "/sys/kernel/mm/transparent_hugepage/enabled: on (always, madvise) raises min_free_kbytes (khugepaged; policy thp_support = khugepaged, v2.6.38+)" },
	{ .name = "percpu_pagelist_high_fraction",
	  .type = CFG_CUSTOM,
	  .set = set_percpu_pagelist_high_fraction,
	  .def = "0",
	  .range = "0 \\| 8..2147483647",
	  .doc = "per-CPU lists' high mark = managed pages / this, per CPU of the node (0 = from the low watermark); with pcp_high = fixed the older percpu_pagelist_fraction (high = managed / this, batch = high / 4)" },
};
CFG_TABLE(page_alloc_sysctl_table, page_alloc_sysctl_keys);

#define P_OFF(f) .off = offsetof(struct scn_policy, f), .size = sizeof(((struct scn_policy *)0)->f)

/* [policy] */
static const struct cfg_key page_alloc_policy_keys[] = {
	{ .name = "watermark_check",
	  .type = CFG_ENUM,
	  P_OFF(watermark_check),
	  .values = CFG_VALUES("modern", "order_walk", "any_block"),
	  .def = "modern",
	  .doc = "for order > 0: `__zone_watermark_ok` v4.4+ (a free block of the order or larger on an unmovable, movable or reclaimable list) / the 2.6.28 per-order walk / KOSAKI's 2008 proposal (a free block of the order or larger of any type)" },
	{ .name = "max_page_order",
	  .type = CFG_UINT,
	  P_OFF(max_page_order),
	  .min = 1,
	  .max = MAX_PAGE_ORDER,
	  .def = "10",
	  .doc = "the largest buddy order: v6.8+ MAX_PAGE_ORDER, v6.4..6.7 MAX_ORDER; before v6.4 the kernel's MAX_ORDER counted the orders and was this + 1 (11 on x86-64 for orders 0..10); pageblock_order is the PMD order capped at it" },
	{ .name = "skip_zones_lots_free",
	  .type = CFG_ENUM,
	  P_OFF(skip_zones_lots_free),
	  .values = CFG_VALUES("off", "on"),
	  .def = "off",
	  .doc = "Rik van Riel's 2008 patch (seed 004, not merged): direct reclaim skips a zone that meets 4 x its high watermark at the request's order" },
	{ .name = "pcp_lists",
	  .type = CFG_ENUM,
	  P_OFF(pcp_lists),
	  .values = CFG_VALUES("off", "order0", "high_order"),
	  .def = "high_order",
	  .doc = "per-CPU page lists: none, pages go straight to and from the buddy lists (the model before them) / order 0, a list per migratetype (v2.6.32..5.12) / orders 0..3 and the PMD order (v5.13+)" },
	{ .name = "pcp_high",
	  .type = CFG_ENUM,
	  P_OFF(pcp_high),
	  .values = CFG_VALUES("fixed", "low_wmark", "auto"),
	  .def = "auto",
	  .doc = "per-CPU list high mark: 6 x batch, batch from at most 512 KiB (< v4.19) / the low watermark split over the node's CPUs (v5.14..6.6) / tuned between that and an eighth of the zone (v6.7+)" },
	{ .name = "watermark_boost",
	  .type = CFG_ENUM,
	  P_OFF(watermark_boost),
	  .values = CFG_VALUES("off", "on"),
	  .def = "on",
	  .doc = "v5.0+: a fallback steal below pageblock size boosts the watermarks by a pageblock (up to watermark_boost_factor) and kswapd reclaims the boost without writeback or swap" },
	{ .name = "wmark_gap",
	  .type = CFG_ENUM,
	  P_OFF(wmark_gap_min_quarter),
	  .values = CFG_VALUES("scale_factor", "min_quarter"),
	  .def = "scale_factor",
	  .doc = "the gaps between the min, low and high watermarks: the larger of min/4 and watermark_scale_factor/10000 of the zone (v4.6+) / low = min + min/4, high = min + min/2 (< v4.6; watermark_scale_factor is ignored)" },
	{ .name = "wmark_movable",
	  .type = CFG_ENUM,
	  P_OFF(wmark_movable_proportional),
	  .values = CFG_VALUES("capped", "proportional"),
	  .def = "capped",
	  .doc = "the Movable zone's min watermark: managed/1024 within 32..128 pages and left out of the lowmem sum, as HighMem's (v6.1+) / its share of min_free_kbytes, as a lowmem zone (< v6.1; capped as HighMem only where Movable comes from HighMem)" },
	{ .name = "zonelist_node_load",
	  .type = CFG_ENUM,
	  P_OFF(zonelist_node_load),
	  .values = CFG_VALUES("accumulate", "assign", "accumulate_falling", "assign_reset"),
	  .def = "accumulate",
	  .doc = "the fallback zonelists' round robin among nodes the same distance away (build_zonelists' node_load): the first node of each distance group gets one more load, summed over the nodes' lists (v5.19+) / is given a load falling along the list (the node count for the local node, one less for each node after it), the previous node's value overwritten (2.6.23..5.15, f0c0b2b808f2: two nodes can share their first remote node, e.g. nodes 2 and 3 of 0-1 | 2-3 pairs both fall back to 0 first) / gets that falling load added (5.16..5.18, 54d032ced983; before 2.6.23) / is given it as assign does, but node_load is cleared before each node's list, so no list sees another's loads and there is no round robin between them (2.6.23..2.6.30, until Bob Liu's 2.6.31 \"mv clear node_load[] to __build_all_zonelists()\")" },
	{ .name = "numa_zonelist_order",
	  .type = CFG_ENUM,
	  P_OFF(numa_zonelist_order),
	  .values = CFG_VALUES("node", "zone", "default_sizes", "default_lowmem", "default_64bit"),
	  .def = "node",
	  .doc = "the fallback zonelist's order (the numa_zonelist_order sysctl and boot parameter, 2.6.23..4.13): node: each node of the list with its zones, highest first (the only order since 4.14, c9bff3eebc09) / zone: each zone type, highest first, across the nodes of the list, so every node's Normal comes before any node's DMA32 / the kernel's default, default_zonelist_order(): default_sizes: zone order unless no zone lies below Normal, such zones hold over half the memory, or a node larger than the average has over 70 % below Normal (2.6.23..2.6.34, f0c0b2b808f2) / default_lowmem: the same, and node order when a node has no Normal zone (2.6.35..3.17, e325c90ffc13) / default_64bit: node order, zone order on 32-bit (arch = i386) (3.18..4.13, Mel Gorman's \"mm: page_alloc: default node-ordering on 64-bit NUMA, zone-ordering on 32-bit\")" },
	{ .name = "thp_support",
	  .type = CFG_ENUM,
	  P_OFF(thp_none),
	  .values = CFG_VALUES("khugepaged", "none"),
	  .def = "khugepaged",
	  .doc = "transparent huge pages: with sysctl thp on, khugepaged's set_recommended_min_free_kbytes raises min_free_kbytes (v2.6.38+) / none, sysctl thp changes nothing and min_free_kbytes is the boot rule alone (< v2.6.38)" },
	{ .name = "min_free_kbytes_max",
	  .type = CFG_UINT,
	  P_OFF(min_free_kbytes_max),
	  .min = 128,
	  .max = 1U << 30,
	  .def = "262144",
	  .doc = "KiB: the cap on the boot-time min_free_kbytes (isqrt(16 x lowmem KiB)), binding above 4 TiB of lowmem at 262144 (v5.7+, ee8eb9a5fe86) / above 256 GiB at 65536 (2.6.x..5.6, init_per_zone_pages_min / init_per_zone_wmark_min); a sysctl written explicitly and khugepaged's raise are not capped" },
	{ .name = "lowmem_reserve_empty",
	  .type = CFG_ENUM,
	  P_OFF(lowmem_reserve_empty_kept),
	  .values = CFG_VALUES("none", "reserve"),
	  .def = "none",
	  .doc = "lowmem_reserve (zoneinfo's protection) of an empty lower zone: 0 (v5.8+) / computed as any zone's (< v5.8)" },
};
CFG_TABLE(page_alloc_policy_table, page_alloc_policy_keys);

/* ---- the cross-check of min_free_kbytes (scenario_validate) ---- */

/*
 * min_free_kbytes against the memory it is spread over: the kernel's
 * min_free_kbytes_sysctl_handler() takes any int >= 0 (v6.12), and
 * __setup_per_zone_wmarks() gives each lowmem zone its share of it as the
 * min watermark; at or above the lowmem zones' managed memory every zone's
 * min watermark is at least its size, so no allocation that respects it
 * can succeed (the first one OOMs).  Valid: less than the managed memory of
 * the DMA, DMA32 and Normal zones, in KiB.
 */
int mm_check_min_free_kbytes(const struct scenario *s, char *err, size_t errlen)
{
	const struct scn_sysctl *sc = &s->sysctl;
	const struct scn_machine *m = &s->machine;
	u64 lowmem_kb = scn_lowmem_pages(m) * (m->page_size / 1024);
	int origin = cfg_later_origin(
		sc->min_free_kbytes_origin,
		cfg_later_origin(cfg_later_origin(m->memory_origin, m->zones_origin),
				 m->page_size_origin));

	if (sc->min_free_kbytes < 0 || (u64)sc->min_free_kbytes < lowmem_kb)
		return 0;
	return cfg_fail_at(
		s, origin, 0, err, errlen,
		"[sysctl] min_free_kbytes: %ld is not below the %llu KiB of the DMA, DMA32 and Normal zones it is spread over: no allocation could succeed (valid: 0..%llu, or auto)",
		sc->min_free_kbytes, (unsigned long long)lowmem_kb,
		(unsigned long long)(lowmem_kb ? lowmem_kb - 1 : 0));
}

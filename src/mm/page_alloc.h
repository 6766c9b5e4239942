/* SPDX-License-Identifier: MIT */
/*
 * page_alloc.h - zones, the buddy allocator and watermarks
 * (mm/page_alloc.c, mm/mm_init.c, v6.12; 2.6.28 variants where the seeds
 * need them).  All counts are pages of the simulated page size.
 */
#ifndef RECLAIMSIM_PAGE_ALLOC_H
#define RECLAIMSIM_PAGE_ALLOC_H

#include "sim.h"

/* alloc_flags (mm/internal.h, v6.3+ names); the low bits are the wmark index */
#define ALLOC_WMARK_MIN WMARK_MIN
#define ALLOC_WMARK_LOW WMARK_LOW
#define ALLOC_WMARK_HIGH WMARK_HIGH
#define ALLOC_NO_WATERMARKS 0x04
#define ALLOC_WMARK_MASK (ALLOC_NO_WATERMARKS - 1)
#define ALLOC_OOM 0x08
#define ALLOC_NON_BLOCK 0x10
#define ALLOC_MIN_RESERVE 0x20
#define ALLOC_CPUSET 0x40
#define ALLOC_CMA 0x80
#define ALLOC_HIGHATOMIC 0x200
#define ALLOC_KSWAPD 0x800
#define ALLOC_RESERVES (ALLOC_NON_BLOCK | ALLOC_MIN_RESERVE | ALLOC_HIGHATOMIC | ALLOC_OOM)
/* 2.6.28 names for the order-walk check */
#define ALLOC_HARDER ALLOC_NON_BLOCK
#define ALLOC_HIGH ALLOC_MIN_RESERVE

/* the zones' names as /proc/zoneinfo prints them: "DMA", "DMA32", ... */
extern const char *const zone_names[MAX_NR_ZONES];

/*
 * mm_check_machine - [machine] memory, zones, page_size and swap of @s
 * (mm_init.c): a power-of-two page size, whole pages, zones that fit
 * memory, at least one page and at most SCN_MAX_PAGES of memory and of
 * swap, a page and swap map within the host's physical memory.
 * mm_check_min_free_kbytes - [sysctl] min_free_kbytes below the lowmem
 * zones' memory (page_alloc.c).  Both: 0, or -1 with "FILE:LINE:
 * [section] key: ... (valid ...)" in @err.
 */
int mm_check_machine(const struct scenario *s, char *err, size_t errlen);
int mm_check_min_free_kbytes(const struct scenario *s, char *err, size_t errlen);

/*
 * scn_lowmem_pages - the managed pages of the zones that are neither
 * HighMem nor Movable, all nodes, as mem_init_zones() would lay out @m
 * (mm_init.c).
 */
u64 scn_lowmem_pages(const struct scn_machine *m);

/*
 * scn_zone_sizes - the managed, present and spanned pages of node @nid's
 * zones as @m lays them out (mem_init_zones() builds the same), for
 * checks that need the sizes without the memory behind them.
 */
void scn_zone_sizes(const struct scn_machine *m, unsigned int nid, u64 managed[MAX_NR_ZONES],
		    u64 present[MAX_NR_ZONES], u64 spanned[MAX_NR_ZONES]);

/*
 * zone_configured - does the kernel of the scenario's arch have zone @z
 * (arch_zones())?  The others stay empty and the /proc files skip them.
 */
static inline bool zone_configured(const struct sim *sim, enum zone_type z)
{
	return arch_zones(sim->scn.machine.arch) & ZONE_BIT(z);
}

/*
 * lowmem_reserve_ratio_of - the [sysctl] lowmem_reserve_ratio of zone @z:
 * the ratio written at @z's place among the arch's zones (0 past the
 * list or for a zone the arch lacks), or without one written the
 * kernel's default (v6.12 sysctl_lowmem_reserve_ratio: DMA 256, DMA32
 * 256, Normal 32, HighMem and Movable 0).
 */
unsigned int lowmem_reserve_ratio_of(const struct scenario *s, enum zone_type z);

/*
 * max_page_order - the largest buddy order of the scenario's kernel
 * ([policy] max_page_order, 1..MAX_PAGE_ORDER): free blocks have orders
 * 0..max_page_order.  The kernel's name for it changed twice: before v6.4
 * MAX_ORDER was the number of orders (11 on x86-64, orders 0..10); v6.4
 * (commit 23baf831a32c) made MAX_ORDER the largest order itself (10); v6.8
 * renamed it MAX_PAGE_ORDER, with NR_PAGE_ORDERS = MAX_PAGE_ORDER + 1.
 * The model uses the v6.8 names; MAX_PAGE_ORDER (types.h) is the ceiling
 * the free_area arrays are sized for.
 */
static inline unsigned int max_page_order(const struct sim *sim)
{
	return sim->scn.policy.max_page_order;
}

/*
 * hpage_pmd_order - order of a PMD-mapped huge page: one page of 8-byte
 * PTEs maps PAGE_SIZE/8 pages, so PAGE_SHIFT-3 (9 for 4 KiB pages, 11 for
 * 16 KiB, 13 for 64 KiB).  khugepaged's min_free_kbytes raise uses it.
 *
 * pageblock_order - order of a pageblock, the unit the kernel groups free
 * pages by mobility in (include/linux/pageblock-flags.h): the PMD order,
 * capped at max_page_order.  For 16/64 KiB pages the cap is lower than on
 * arm64 (whose MAX_PAGE_ORDER grows with the page size); 9 for 4 KiB pages
 * with the default max_page_order of 10.  Both need sim->page_size.
 */
static inline unsigned int hpage_pmd_order(const struct sim *sim)
{
	return (unsigned int)__builtin_ctz(sim->page_size) - 3;
}
static inline unsigned int pageblock_order(const struct sim *sim)
{
	unsigned int o = hpage_pmd_order(sim);

	return o < max_page_order(sim) ? o : max_page_order(sim);
}
static inline u64 pageblock_nr_pages(const struct sim *sim)
{
	return 1ULL << pageblock_order(sim);
}

/*
 * mem_init_zones - lay out nodes, zones and page frames from the
 * scenario's [machine] section (mm/mm_init.c free_area_init + memmap_init,
 * v6.12): every managed frame starts free in the buddy allocator as
 * MIGRATE_MOVABLE blocks of the largest order that fits.  Needs
 * sim->page_size and sim->page_shift.
 *
 * Frames are numbered contiguously, node by node and zone by zone (zone
 * index order); a zone's frames are [zone_start_pfn, zone_start_pfn +
 * managed_pages).  spanned/present are reported figures only: for a
 * host layout they exceed managed, and pgdat->node_present_pages (their
 * sum, as in the kernel) is then larger than the node's frame count.
 * Buddy alignment is relative to zone_start_pfn (see page_alloc.c).
 * Returns 0, -EINVAL for a layout that cannot be built (no frames, more
 * than 2^32-2 frames, a zone type listed twice, two "rest" zones) or
 * -ENOMEM.
 */
int mem_init_zones(struct sim *sim);
void mem_free_zones(struct sim *sim);
/*
 * build_all_zonelists - each node's fallback order of nodes, by distance
 * ([machine] node_distance) with the kernel's round robin among equals
 * ([policy] zonelist_node_load), into sim->zonelist, and its zones in node
 * or zone order ([policy] numa_zonelist_order) into sim->zonerefs; at
 * boot after mem_init_zones.
 */
void build_all_zonelists(struct sim *sim);

/*
 * next_zones_zonelist - v6.12 (mmzone.h): the zone at *@i or after it in
 * node @local's zonelist (sim->zonerefs, populated zones only) whose type
 * is at most @highest_zoneidx, *@i moved past it; NULL after the last.
 * Start with *@i = 0.  Inline, as the kernel's: every allocation walks it.
 */
static inline struct zone *next_zones_zonelist(struct sim *sim, unsigned int local,
					       enum zone_type highest_zoneidx, unsigned int *i)
{
	while (*i < sim->nr_zonerefs[local]) {
		const struct zoneref *zr = &sim->zonerefs[local][(*i)++];

		if (zr->zone_idx <= highest_zoneidx)
			return &sim->nodes[zr->nid].node_zones[zr->zone_idx];
	}
	return NULL;
}

/*
 * memblock_free_zone - hand all of @z's frames to the buddy allocator as
 * free MIGRATE_MOVABLE blocks (boot-time freeing; mem_init_zones calls it
 * once per zone, with the zone's free lists empty and its frames zeroed).
 */
void memblock_free_zone(struct sim *sim, struct zone *z);
/*
 * shuffle_zone - after memblock_free_zone: put @z's largest free blocks in
 * an order the seed draws when [run] page_shuffle is on (shuffle.c).
 * Returns 0, or -ENOMEM when the host is out of memory.
 */
int shuffle_zone(struct sim *sim, struct zone *z);

/*
 * nr_free_buffer_pages - v6.12: pages above the high watermark in the
 * zones GFP_USER may use (DMA..Normal of every node): the sum of
 * managed - high over those zones where positive.
 */
u64 nr_free_buffer_pages(const struct sim *sim);

/*
 * calculate_min_free_kbytes - the boot-time rule (v6.12
 * calculate_min_free_kbytes + khugepaged set_recommended_min_free_kbytes
 * when @thp): isqrt(lowmem_kbytes * 16) clamped to [128, 262144], raised
 * to the THP recommendation of (2 + 3*3) PMD-sized blocks per populated
 * zone up to Normal, capped at 5 % of nr_free_buffer_pages(); no raise
 * below 512 MiB of RAM, where hugepage_init() leaves THP off, and none
 * with thp_support = none (before 2.6.38).  Reads the
 * zones' managed pages, sim->page_size and watermark_scale_factor; does
 * not change the simulation.  Returns KiB.
 */
long calculate_min_free_kbytes(const struct sim *sim, bool thp);

/* lib/math/int_sqrt.c int_sqrt(): floor(sqrt(@x)) */
u64 int_sqrt64(u64 x);

/*
 * The per-CPU page lists (pcp.c, [policy] pcp_lists).
 * setup_per_cpu_pageset - v6.12: empty lists for every CPU in every
 * populated zone, at boot after mem_init_zones (0 or -ENOMEM; nothing
 * with pcp_lists = off); free_per_cpu_pageset frees them.
 * zone_pcp_update - v6.12: @z's per-CPU high and batch from its managed
 * pages and low watermark (setup_per_zone_wmarks calls it).
 */
int setup_per_cpu_pageset(struct sim *sim);
/*
 * vmstat_update - the once-a-second decay of the tuned per-CPU high marks
 * (pcp_high = auto), an event the machine starts at boot; it pushes
 * itself again while workloads run.
 */
void vmstat_update(struct sim *sim, void *unused, u64 unused_arg);
void free_per_cpu_pageset(struct sim *sim);
void zone_pcp_update(struct sim *sim, struct zone *z);

/* v6.12 __setup_per_zone_wmarks: min/low/high/promo of every zone. */
void setup_per_zone_wmarks(struct sim *sim);
/* v6.12 setup_per_zone_lowmem_reserve + calculate_totalreserve_pages. */
void setup_per_zone_lowmem_reserve(struct sim *sim);
/*
 * The boosts of [machine] zone_boost, as boost_watermark() leaves them:
 * added to the marks, ZONE_BOOSTED_WATERMARK set for the kswapd wake-up.
 */
void setup_zone_boosts(struct sim *sim);

/*
 * __zone_watermark_ok - v6.12: may an allocation of 2^@order pages take
 * @free free pages of @z down to @mark, given lowmem_reserve[@highest_zoneidx]
 * and @alloc_flags?  For order > 0 any free block of order >= @order on an
 * unmovable/movable/reclaimable list suffices (v4.4+).
 */
bool __zone_watermark_ok(const struct zone *z, unsigned int order, u64 mark,
			 enum zone_type highest_zoneidx, unsigned int alloc_flags, long free);
bool zone_watermark_ok(const struct zone *z, unsigned int order, u64 mark,
		       enum zone_type highest_zoneidx, unsigned int alloc_flags);
/*
 * zone_watermark_ok_order_walk - 2.6.28 zone_watermark_ok: after the
 * order-0 test, subtract the pages in blocks below each order and halve
 * the mark per order.  (policy watermark_check = order_walk)
 */
bool zone_watermark_ok_order_walk(const struct zone *z, unsigned int order, u64 mark,
				  enum zone_type classzone_idx, unsigned int alloc_flags);
/*
 * zone_watermark_ok_any_block - KOSAKI Motohiro's "zone_watermark_ok()
 * doesn't require small fragment block" (Dec 2008, policy watermark_check
 * = any_block): the 2.6.28 order-0 test, then true iff some free_area of
 * order >= @order holds a block of any migratetype.
 */
bool zone_watermark_ok_any_block(const struct zone *z, unsigned int order, u64 mark,
				 enum zone_type classzone_idx, unsigned int alloc_flags);

/*
 * get_pfnblock_migratetype / set_pageblock_migratetype - the migratetype
 * of the pageblock holding @pfn (include/linux/pageblock-flags.h, v6.12).
 * @pfn must be a frame of @z.
 */
int get_pfnblock_migratetype(const struct sim *sim, const struct zone *z, u32 pfn);
void set_pageblock_migratetype(const struct sim *sim, struct zone *z, u32 pfn, int migratetype);

/*
 * rmqueue_buddy - take one 2^@order block for a request of @migratetype
 * (MIGRATE_UNMOVABLE..MIGRATE_RECLAIMABLE) from @z's free lists (v6.12
 * rmqueue_buddy: the highatomic reserve first for ALLOC_HIGHATOMIC in
 * @alloc_flags, then __rmqueue_smallest + expand, then __rmqueue_fallback
 * with its pageblock stealing, then the highatomic reserve for
 * ALLOC_OOM / ALLOC_NON_BLOCK), updating NR_FREE_PAGES.  Returns the first
 * PFN, or NO_PFN when nothing fits, when @order > max_page_order or for
 * any other @migratetype.  The block's head page leaves with PG_buddy
 * clear, order 0, next/prev NO_PFN; no other page field is touched and no
 * vm event is counted.
 */
u32 rmqueue_buddy(struct sim *sim, struct zone *z, unsigned int order, int migratetype,
		  unsigned int alloc_flags);
/*
 * __rmqueue - v6.12: a 2^@order block of @migratetype from @z's own lists
 * (__rmqueue_smallest) or else from another type's (__rmqueue_fallback,
 * stealing and boosting as the kernel does; @alloc_flags: ALLOC_KSWAPD),
 * counted out of NR_FREE_PAGES.  No highatomic reserve: rmqueue_buddy
 * adds that.  Returns the first PFN or NO_PFN.  The per-CPU lists refill
 * through it (rmqueue_bulk).
 */
u32 __rmqueue(struct sim *sim, struct zone *z, unsigned int order, int migratetype,
	      unsigned int alloc_flags);
/*
 * boost_watermark - v6.12 (v5.0+): after a fallback steal, raise @z's
 * watermark_boost by a pageblock, up to watermark_boost_factor/10000 of
 * the high watermark (at least a pageblock).  Nothing when the factor is
 * 0, the zone has less than 4 pageblocks or the high watermark is 0.
 * Returns whether it boosted.
 */
bool boost_watermark(const struct sim *sim, struct zone *z);
/*
 * free_one_page - give a 2^@order block starting at @pfn back (v6.12
 * free_one_page → __free_one_page), to the lists of its pageblock's
 * migratetype, merging buddies, updating NR_FREE_PAGES.  The caller has
 * cleared the page's other state.
 */
void free_one_page(struct sim *sim, u32 pfn, unsigned int order);

/*
 * reserve_highatomic_pageblock - v6.12: after a high-order atomic
 * allocation of @order from @z succeeded at @pfn, turn its pageblock(s)
 * into a MIGRATE_HIGHATOMIC reserve while the zone's reserve is below 1 %
 * of its managed pages (rounded up to pageblocks; none when that 1 % is
 * less than a pageblock).
 * unreserve_highatomic_pageblock - v6.12, when direct reclaim failed:
 * give one reserved pageblock (of the first zone from @highest_zoneidx
 * down that has one with a free block) back to
 * MIGRATE_MOVABLE (@force: even the last one).  Returns true when some
 * block was released.
 */
void reserve_highatomic_pageblock(struct sim *sim, struct zone *z, u32 pfn, unsigned int order);
bool unreserve_highatomic_pageblock(struct sim *sim, enum zone_type highest_zoneidx, bool force);

/*
 * find_suitable_fallback - v6.12 (only_stealable false): the first type
 * in @start_mt's fallback order (@start_mt one of the MIGRATE_PCPTYPES)
 * with a free block of @order in @z, or -1; *can_steal says whether the
 * request may take over that block's pageblock (can_steal_fallback).
 */
int find_suitable_fallback(const struct sim *sim, const struct zone *z, unsigned int order,
			   int start_mt, bool *can_steal);

/*
 * __isolate_free_page - v6.12, for compaction's free scanner: take the
 * free block of @order at @pfn (a PG_buddy head of @z) off its free list,
 * NR_FREE_PAGES down by 2^@order, unless that would leave the zone at or
 * below its min watermark plus the block (then false, nothing changed).
 * The block's pages are the caller's, with PG_buddy clear on the head.
 */
bool __isolate_free_page(struct sim *sim, struct zone *z, u32 pfn, unsigned int order);

/* include/linux/mmzone.h migratetype_names[] (v6.12, no CMA) */
extern const char *const migratetype_names[MIGRATE_TYPES];

/*
 * The free-block census of one zone for a request of some order (v6.12
 * mm/vmstat.c struct contig_page_info, fill_contig_page_info): all free
 * pages, all free blocks, and how many blocks of the requested order the
 * blocks of that order or larger could be cut into.
 */
struct contig_page_info {
	u64 free_pages;
	u64 free_blocks_total;
	u64 free_blocks_suitable;
};
void fill_contig_page_info(const struct zone *z, unsigned int suitable_order,
			   struct contig_page_info *info);
/*
 * unusable_free_index - v6.12: the share of free memory, in thousandths,
 * that is in blocks too small for @order (1000 when nothing is free).
 * fragmentation_index - v6.12 __fragmentation_index: for a request that
 * would fail, toward 0 (thousandths) when it fails for lack of memory and
 * toward 1000 when for fragmentation; -1000 when a suitable block exists,
 * 0 with no free block at all.  Compaction's extfrag_threshold compares
 * against it.
 */
int unusable_free_index(unsigned int order, const struct contig_page_info *info);
int fragmentation_index(unsigned int order, const struct contig_page_info *info);

#endif

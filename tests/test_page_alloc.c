// SPDX-License-Identifier: MIT
/*
 * test_page_alloc.c - zone layout, the buddy allocator and the watermark
 * checks (src/mm/mm_init.c, src/mm/page_alloc.c).
 *
 * The machines are booted from [machine] text (tests/lib/testsim.h); the
 * layout errors call mem_init_zones() again on such a machine.
 */
#include <errno.h>

#include "testsim.h"

#include "mm/page_alloc.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                             */

/* A one-node machine with explicit zones of @pages frames (0 = absent). */
static struct sim *sim_zones(void **state, u64 dma, u64 dma32, u64 normal)
{
	return test_sim_zones(state, dma, dma32, normal, NULL);
}

static struct zone *zone_of(struct sim *sim, unsigned int nid, enum zone_type z)
{
	return &sim->nodes[nid].node_zones[z];
}

/* Σ nr_free << order over the zone's free areas, and list consistency:
 * every list's length equals its nr_free_mt, every entry is a PG_buddy
 * head of that order, and nr_free_highatomic counts the highatomic pages. */
static u64 zone_free_from_lists(struct sim *sim, struct zone *z)
{
	u64 sum = 0, highatomic = 0;
	unsigned int o, mt;

	for (o = 0; o < NR_PAGE_ORDERS; o++) {
		u64 all = 0;

		for (mt = 0; mt < MIGRATE_TYPES; mt++) {
			u64 n = 0;
			u32 pfn, prev = NO_PFN;

			for (pfn = z->free_area[o].free_list[mt].head; pfn != NO_PFN;
			     pfn = pfn_to_page(sim, pfn)->next) {
				struct page *p = pfn_to_page(sim, pfn);

				assert_true(PageFlag(p, PG_buddy));
				assert_int_equal(p->order, o);
				assert_int_equal(p->prev, prev);
				assert_ptr_equal(page_zone(sim, pfn), z);
				prev = pfn;
				n++;
			}
			assert_int_equal(z->free_area[o].free_list[mt].tail, prev);
			assert_int_equal(n, z->free_area[o].nr_free_mt[mt]);
			if (mt == MIGRATE_HIGHATOMIC)
				highatomic += n << o;
			all += n;
		}
		assert_int_equal(all, z->free_area[o].nr_free);
		sum += all << o;
	}
	assert_int_equal(highatomic, z->nr_free_highatomic);
	return sum;
}

static void assert_nr_free(const struct zone *z, const u64 expect[NR_PAGE_ORDERS])
{
	unsigned int o;

	for (o = 0; o < NR_PAGE_ORDERS; o++) {
		if (z->free_area[o].nr_free != expect[o])
			print_error("order %u: nr_free %llu, expected %llu\n", o,
				    (unsigned long long)z->free_area[o].nr_free,
				    (unsigned long long)expect[o]);
		assert_int_equal(z->free_area[o].nr_free, expect[o]);
	}
}

/* ------------------------------------------------------------------ */
/* Layout                                                              */

/* 6 GiB on two nodes, x86-64 default: node 0 = [0, 3G) has DMA 16 MiB and
 * DMA32 the rest; node 1 = [3G, 6G) has DMA32 up to 4 GiB and Normal. */
static void test_layout_default_two_nodes(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", "[machine]\nnodes = 2\nmemory = 6G\n");
	struct pglist_data *n0, *n1;

	assert_int_equal(sim->nr_nodes, 2);
	assert_int_equal(sim->nr_pfns, 1572864);
	n0 = &sim->nodes[0];
	n1 = &sim->nodes[1];
	assert_int_equal(n0->node_id, 0);
	assert_int_equal(n1->node_id, 1);

	assert_int_equal(n0->node_zones[ZONE_DMA].managed_pages, 4096);
	assert_int_equal(n0->node_zones[ZONE_DMA32].managed_pages, 786432 - 4096);
	assert_int_equal(n0->node_zones[ZONE_NORMAL].managed_pages, 0);
	assert_int_equal(n1->node_zones[ZONE_DMA].managed_pages, 0);
	assert_int_equal(n1->node_zones[ZONE_DMA32].managed_pages, 262144);
	assert_int_equal(n1->node_zones[ZONE_NORMAL].managed_pages, 524288);
	assert_int_equal(n1->node_zones[ZONE_MOVABLE].managed_pages, 0);
	assert_int_equal(n1->node_zones[ZONE_DEVICE].managed_pages, 0);

	assert_int_equal(n0->node_start_pfn, 0);
	assert_int_equal(n1->node_start_pfn, 786432);
	assert_int_equal(n0->node_zones[ZONE_DMA32].zone_start_pfn, 4096);
	assert_int_equal(n1->node_zones[ZONE_DMA32].zone_start_pfn, 786432);
	assert_int_equal(n1->node_zones[ZONE_NORMAL].zone_start_pfn, 786432 + 262144);
	assert_int_equal(n0->node_present_pages, 786432);
	assert_int_equal(n1->node_zones[ZONE_NORMAL].present_pages, 524288);
	assert_int_equal(n1->node_zones[ZONE_NORMAL].spanned_pages, 524288);
	assert_ptr_equal(n1->node_zones[ZONE_NORMAL].zone_pgdat, n1);
	assert_int_equal(n1->node_zones[ZONE_NORMAL].idx, ZONE_NORMAL);

	/* page_zone at every boundary */
	assert_ptr_equal(page_zone(sim, 0), zone_of(sim, 0, ZONE_DMA));
	assert_ptr_equal(page_zone(sim, 4095), zone_of(sim, 0, ZONE_DMA));
	assert_ptr_equal(page_zone(sim, 4096), zone_of(sim, 0, ZONE_DMA32));
	assert_ptr_equal(page_zone(sim, 786431), zone_of(sim, 0, ZONE_DMA32));
	assert_ptr_equal(page_zone(sim, 786432), zone_of(sim, 1, ZONE_DMA32));
	assert_ptr_equal(page_zone(sim, 1048575), zone_of(sim, 1, ZONE_DMA32));
	assert_ptr_equal(page_zone(sim, 1048576), zone_of(sim, 1, ZONE_NORMAL));
	assert_ptr_equal(page_zone(sim, 1572863), zone_of(sim, 1, ZONE_NORMAL));
	assert_ptr_equal(page_pgdat(sim, 1572863), n1);

	/* everything free, in order-10 blocks (all sizes are multiples) */
	assert_int_equal(zone_page_state(zone_of(sim, 0, ZONE_DMA), NR_FREE_PAGES), 4096);
	assert_int_equal(zone_of(sim, 0, ZONE_DMA32)->free_area[10].nr_free, 764);
	assert_int_equal(zone_of(sim, 1, ZONE_NORMAL)->free_area[10].nr_free_mt[MIGRATE_MOVABLE],
			 512);
	assert_int_equal(zone_free_from_lists(sim, zone_of(sim, 1, ZONE_NORMAL)), 524288);
}

/* Explicit zones, including "rest" and reported present/spanned; zone
 * starts that are not 1024-aligned still give naturally aligned blocks
 * relative to the zone. */
static void test_layout_explicit(void **state)
{
	struct sim *sim;
	struct zone *dma, *dma32, *normal;
	/* 3840 = 3x1024 + 512 + 256 */
	static const u64 dma_blocks[NR_PAGE_ORDERS] = { [8] = 1, [9] = 1, [10] = 3 };
	/* 16384 - 3840 - 1000 = 11544 = 11x1024 + 256 + 16 + 8 */
	static const u64 dma32_blocks[NR_PAGE_ORDERS] = { [3] = 1, [4] = 1, [8] = 1, [10] = 11 };
	/* 1000 = 512 + 256 + 128 + 64 + 32 + 8 */
	static const u64 normal_blocks[NR_PAGE_ORDERS] = {
		[3] = 1, [5] = 1, [6] = 1, [7] = 1, [8] = 1, [9] = 1,
	};

	/* 64 MiB: 16384 pages */
	sim = test_sim_from_text(state, "t.ini",
				 "[machine]\nmemory = 64M\n"
				 "zones = DMA:3840p/3998p/4095p, DMA32:rest, Normal:1000p\n");
	dma = zone_of(sim, 0, ZONE_DMA);
	dma32 = zone_of(sim, 0, ZONE_DMA32);
	normal = zone_of(sim, 0, ZONE_NORMAL);

	assert_int_equal(sim->nr_pfns, 16384);
	assert_int_equal(dma->managed_pages, 3840);
	assert_int_equal(dma->present_pages, 3998);
	assert_int_equal(dma->spanned_pages, 4095);
	assert_int_equal(dma32->managed_pages, 11544);
	assert_int_equal(dma32->present_pages, 11544);
	assert_int_equal(dma32->zone_start_pfn, 3840);
	assert_int_equal(normal->zone_start_pfn, 15384);
	assert_int_equal(sim->nodes[0].node_present_pages, 3998 + 11544 + 1000);

	assert_nr_free(dma, dma_blocks);
	assert_nr_free(dma32, dma32_blocks);
	assert_nr_free(normal, normal_blocks);
	assert_int_equal(zone_page_state(dma32, NR_FREE_PAGES), 11544);
	/* /proc/vmstat and the root's memory.stat (v2: the default profile's) of the booted machine */
	assert_int_equal(test_vmstat(sim, "nr_free_pages"), 3840 + 11544 + 1000);
	assert_int_equal(test_memory_stat(sim, "/", "anon"), 0);
	assert_int_equal(zone_free_from_lists(sim, dma32), 11544);
	/* boot freeing goes to the list tail in PFN order: the head of the
	 * order-10 list is the zone's first frame */
	assert_int_equal(dma32->free_area[10].free_list[MIGRATE_MOVABLE].head, 3840);
	assert_int_equal(dma32->free_area[10].free_list[MIGRATE_MOVABLE].tail, 3840 + 10 * 1024);
	assert_true(PageFlag(pfn_to_page(sim, 3840 + 11264), PG_buddy));
	assert_int_equal(pfn_to_page(sim, 3840 + 11264)->order, 8);
}

/* Tiny and odd machines: 24 MiB on two nodes (node 1 starts at 12 MiB:
 * DMA32, not DMA), 64 KiB pages, and four nodes with one empty share. */
static void test_layout_small(void **state)
{
	struct sim *sim =
		test_sim_from_text(state, "t.ini", "[machine]\nnodes = 2\nmemory = 24M\n");
	struct scn_machine *m;

	assert_int_equal(zone_of(sim, 0, ZONE_DMA)->managed_pages, 3072);
	assert_int_equal(zone_of(sim, 0, ZONE_DMA32)->managed_pages, 0);
	assert_int_equal(zone_of(sim, 1, ZONE_DMA)->managed_pages, 0);
	assert_int_equal(zone_of(sim, 1, ZONE_DMA32)->managed_pages, 3072);
	assert_ptr_equal(page_zone(sim, 3071), zone_of(sim, 0, ZONE_DMA));
	assert_ptr_equal(page_zone(sim, 3072), zone_of(sim, 1, ZONE_DMA32));
	test_sim_teardown(state);

	/* 64 KiB pages: 16 MiB of DMA is 256 frames */
	sim = test_sim_from_text(state, "t.ini", "[machine]\npage_size = 64K\nmemory = 8G\n");
	assert_int_equal(pageblock_order(sim), 10);
	assert_int_equal(zone_of(sim, 0, ZONE_DMA)->managed_pages, 256);
	assert_int_equal(zone_of(sim, 0, ZONE_DMA32)->managed_pages, 65536 - 256);
	assert_int_equal(zone_of(sim, 0, ZONE_NORMAL)->managed_pages, 65536);
	assert_int_equal(zone_of(sim, 0, ZONE_DMA)->free_area[8].nr_free, 1);
	test_sim_teardown(state);

	/* explicit zones on 4 nodes, 40 pages each, Normal:rest after 40
	 * DMA32 pages leaves Normal empty on every node (the [machine]
	 * parser refuses that: the machine's zones laid out again) */
	sim = test_sim_from_text(state, "t.ini",
				 "[machine]\nnodes = 4\nmemory = 160p\nzones = DMA32:40p\n");
	mem_free_zones(sim);
	m = &sim->scn.machine;
	m->nr_zones = 2;
	m->zones[1] = (struct scn_zone){ .type = ZONE_NORMAL, .rest = true };
	assert_int_equal(mem_init_zones(sim), 0);
	assert_int_equal(sim->nr_pfns, 160);
	assert_int_equal(sim->nodes[3].node_start_pfn, 120);
	assert_ptr_equal(page_zone(sim, 119), zone_of(sim, 2, ZONE_DMA32));
	assert_ptr_equal(page_zone(sim, 120), zone_of(sim, 3, ZONE_DMA32));
	assert_ptr_equal(page_zone(sim, 40), zone_of(sim, 1, ZONE_DMA32));
	assert_ptr_equal(page_zone(sim, 0), zone_of(sim, 0, ZONE_DMA32));
}

static void test_layout_errors(void **state)
{
	/* the checks of mem_init_zones itself, behind the [machine] parser's:
	 * the zones of a booted machine laid out again */
	struct sim *sim = sim_zones(state, 0, 0, 16);
	struct scn_machine *m = &sim->scn.machine;

	mem_free_zones(sim);
	/* no memory at all */
	m->memory = 0;
	m->nr_zones = 0;
	assert_int_equal(mem_init_zones(sim), -EINVAL);
	/* a zone type twice */
	m->memory = 1 << 20;
	m->nr_zones = 2;
	m->zones[0] = (struct scn_zone){ .type = ZONE_NORMAL, .pages = 10 };
	m->zones[1] = (struct scn_zone){ .type = ZONE_NORMAL, .pages = 10 };
	assert_int_equal(mem_init_zones(sim), -EINVAL);
	/* two rest zones */
	m->zones[0] = (struct scn_zone){ .type = ZONE_DMA32, .rest = true };
	m->zones[1] = (struct scn_zone){ .type = ZONE_NORMAL, .rest = true };
	assert_int_equal(mem_init_zones(sim), -EINVAL);
	/* more frames than a u32 PFN can name */
	m->nr_zones = 1;
	m->zones[0] = (struct scn_zone){ .type = ZONE_NORMAL, .pages = 1ULL << 32 };
	assert_int_equal(mem_init_zones(sim), -EINVAL);
	assert_null(sim->mem_map);
	/* rest smaller than nothing: the fixed zones exceed the share */
	m->nr_zones = 2;
	m->zones[0] = (struct scn_zone){ .type = ZONE_DMA32, .pages = 300 };
	m->zones[1] = (struct scn_zone){ .type = ZONE_NORMAL, .rest = true };
	assert_int_equal(mem_init_zones(sim), 0);
	assert_int_equal(zone_of(sim, 0, ZONE_NORMAL)->managed_pages, 0);
	assert_int_equal(sim->nr_pfns, 300);
}

/* ------------------------------------------------------------------ */
/* Buddy                                                               */

/* Order-0 allocations from one order-10 block: each split leaves one
 * block at every order below the one split; all pages come out in PFN
 * order; freeing them all merges back to the single block. */
static void test_buddy_split_merge(void **state)
{
	struct sim *sim = *state = sim_zones(state, 0, 0, 1024);
	struct zone *z = zone_of(sim, 0, ZONE_NORMAL);
	static const u64 after_one[NR_PAGE_ORDERS] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0 };
	static const u64 after_two[NR_PAGE_ORDERS] = { 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0 };
	static const u64 after_three[NR_PAGE_ORDERS] = { 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0 };
	static const u64 none[NR_PAGE_ORDERS] = { 0 };
	static const u64 whole[NR_PAGE_ORDERS] = { [10] = 1 };
	u32 pfn;
	unsigned int i;

	assert_nr_free(z, whole);
	pfn = rmqueue_buddy(sim, z, 0, MIGRATE_MOVABLE, 0);
	assert_int_equal(pfn, 0);
	assert_false(PageFlag(pfn_to_page(sim, 0), PG_buddy));
	assert_nr_free(z, after_one);
	assert_int_equal(zone_page_state(z, NR_FREE_PAGES), 1023);
	/* the split halves: 1 (o0), 2 (o1), 4 (o2) ... 512 (o9) */
	for (i = 0; i < 10; i++) {
		assert_int_equal(z->free_area[i].free_list[MIGRATE_MOVABLE].head, 1U << i);
		assert_int_equal(pfn_to_page(sim, 1U << i)->order, i);
	}

	assert_int_equal(rmqueue_buddy(sim, z, 0, MIGRATE_MOVABLE, 0), 1);
	assert_nr_free(z, after_two);
	assert_int_equal(rmqueue_buddy(sim, z, 0, MIGRATE_MOVABLE, 0), 2);
	assert_nr_free(z, after_three);
	assert_int_equal(zone_page_state(z, NR_FREE_PAGES), 1021);

	for (i = 3; i < 1024; i++)
		assert_int_equal(rmqueue_buddy(sim, z, 0, MIGRATE_MOVABLE, 0), i);
	assert_nr_free(z, none);
	assert_int_equal(zone_page_state(z, NR_FREE_PAGES), 0);
	assert_int_equal(rmqueue_buddy(sim, z, 0, MIGRATE_MOVABLE, 0), NO_PFN);
	assert_int_equal(rmqueue_buddy(sim, z, 0, MIGRATE_UNMOVABLE, 0), NO_PFN);
	assert_int_equal(zone_page_state(z, NR_FREE_PAGES), 0);

	/* free in a scrambled order (i * 389 mod 1024 visits every page) */
	for (i = 0; i < 1024; i++) {
		free_one_page(sim, (i * 389) % 1024, 0);
		assert_int_equal(zone_page_state(z, NR_FREE_PAGES), i + 1);
		assert_int_equal(zone_free_from_lists(sim, z), i + 1);
	}
	assert_nr_free(z, whole);
	assert_int_equal(z->free_area[10].free_list[MIGRATE_MOVABLE].head, 0);
	for (i = 0; i < 1024; i++)
		assert_int_equal(PageFlag(pfn_to_page(sim, i), PG_buddy), i == 0);
}

/* The same round trip in zones whose start PFNs are not aligned (3840
 * and 3840 + 1536), with odd sizes: blocks never merge across a zone
 * boundary and every zone gets its original blocks back. */
static void test_buddy_unaligned_zones(void **state)
{
	struct sim *sim = *state = sim_zones(state, 3840, 1536 + 7, 5);
	enum zone_type zt;
	u64 before[3][NR_PAGE_ORDERS];
	u32 *pfns = calloc(sim->nr_pfns, sizeof(*pfns));
	unsigned int n = 0, i, o;

	assert_non_null(pfns);
	for (zt = ZONE_DMA; zt <= ZONE_NORMAL; zt++)
		for (o = 0; o < NR_PAGE_ORDERS; o++)
			before[zt][o] = zone_of(sim, 0, zt)->free_area[o].nr_free;
	/* 1543 = 1024 + 512 + 4 + 2 + 1; 5 = 4 + 1 */
	assert_int_equal(before[ZONE_DMA32][10], 1);
	assert_int_equal(before[ZONE_DMA32][9], 1);
	assert_int_equal(before[ZONE_DMA32][2], 1);
	assert_int_equal(before[ZONE_DMA32][1], 1);
	assert_int_equal(before[ZONE_DMA32][0], 1);
	assert_int_equal(before[ZONE_NORMAL][2], 1);
	assert_int_equal(before[ZONE_NORMAL][0], 1);

	for (zt = ZONE_DMA; zt <= ZONE_NORMAL; zt++) {
		struct zone *z = zone_of(sim, 0, zt);
		u32 pfn;

		while ((pfn = rmqueue_buddy(sim, z, 0, MIGRATE_MOVABLE, 0)) != NO_PFN) {
			assert_ptr_equal(page_zone(sim, pfn), z);
			pfns[n++] = pfn;
		}
		assert_int_equal(zone_page_state(z, NR_FREE_PAGES), 0);
	}
	assert_int_equal(n, 3840 + 1543 + 5);
	/* free in reverse allocation order, zone by zone from Normal down */
	for (i = n; i-- > 0;)
		free_one_page(sim, pfns[i], 0);
	for (zt = ZONE_DMA; zt <= ZONE_NORMAL; zt++) {
		struct zone *z = zone_of(sim, 0, zt);

		assert_nr_free(z, before[zt]);
		assert_int_equal(zone_page_state(z, NR_FREE_PAGES), z->managed_pages);
		assert_int_equal(zone_free_from_lists(sim, z), z->managed_pages);
	}
	free(pfns);
}

/* Higher orders: an order-3 request splits 1024 → 512 ... 8 and takes
 * the lowest 8 pages; freeing it restores the block. */
static void test_buddy_high_order(void **state)
{
	struct sim *sim = *state = sim_zones(state, 0, 0, 1024);
	struct zone *z = zone_of(sim, 0, ZONE_NORMAL);
	static const u64 split[NR_PAGE_ORDERS] = { 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0 };
	static const u64 whole[NR_PAGE_ORDERS] = { [10] = 1 };

	assert_int_equal(rmqueue_buddy(sim, z, 3, MIGRATE_MOVABLE, 0), 0);
	assert_nr_free(z, split);
	assert_int_equal(zone_page_state(z, NR_FREE_PAGES), 1016);
	assert_int_equal(rmqueue_buddy(sim, z, 10, MIGRATE_MOVABLE, 0), NO_PFN);
	assert_int_equal(rmqueue_buddy(sim, z, 11, MIGRATE_MOVABLE, 0), NO_PFN);
	assert_int_equal(rmqueue_buddy(sim, z, 9, MIGRATE_MOVABLE, 0), 512);
	assert_int_equal(zone_page_state(z, NR_FREE_PAGES), 504);
	free_one_page(sim, 512, 9);
	free_one_page(sim, 0, 3);
	assert_nr_free(z, whole);
	assert_int_equal(zone_page_state(z, NR_FREE_PAGES), 1024);
}

/* Fallback between migratetypes (v6.12 order): an unmovable request with
 * only movable blocks takes the largest block and, since it is at least a
 * pageblock (order 9), claims it: the remainder lands on the unmovable
 * lists.  A movable request that cannot claim a small block takes the
 * smallest fallback block instead of the largest. */
static void test_buddy_fallback(void **state)
{
	struct sim *sim = *state = sim_zones(state, 0, 0, 2048);
	struct zone *z = zone_of(sim, 0, ZONE_NORMAL);
	unsigned int o, i;

	assert_int_equal(pageblock_order(sim), 9);
	assert_int_equal(rmqueue_buddy(sim, z, 0, MIGRATE_UNMOVABLE, 0), 0);
	for (o = 0; o < 10; o++) {
		assert_int_equal(z->free_area[o].nr_free_mt[MIGRATE_UNMOVABLE], 1);
		assert_int_equal(z->free_area[o].nr_free_mt[MIGRATE_MOVABLE], 0);
	}
	assert_int_equal(z->free_area[10].nr_free_mt[MIGRATE_MOVABLE], 1);
	/* unmovable now uses its own lists; movable its own block */
	assert_int_equal(rmqueue_buddy(sim, z, 0, MIGRATE_UNMOVABLE, 0), 1);
	assert_int_equal(rmqueue_buddy(sim, z, 0, MIGRATE_MOVABLE, 0), 1024);
	assert_int_equal(z->free_area[10].nr_free, 0);
	assert_int_equal(zone_page_state(z, NR_FREE_PAGES), 2045);
	/* a reclaimable request falls back to unmovable first */
	assert_int_equal(rmqueue_buddy(sim, z, 0, MIGRATE_RECLAIMABLE, 0), 512);
	assert_int_equal(z->free_area[8].nr_free_mt[MIGRATE_RECLAIMABLE], 1);

	/* leave unmovable with small blocks only: 2 (o1), 4 (o2), 8 (o3),
	 * and the large ones taken */
	assert_int_equal(rmqueue_buddy(sim, z, 8, MIGRATE_UNMOVABLE, 0), 256);
	assert_int_equal(rmqueue_buddy(sim, z, 7, MIGRATE_UNMOVABLE, 0), 128);
	assert_int_equal(rmqueue_buddy(sim, z, 6, MIGRATE_UNMOVABLE, 0), 64);
	assert_int_equal(rmqueue_buddy(sim, z, 5, MIGRATE_UNMOVABLE, 0), 32);
	assert_int_equal(rmqueue_buddy(sim, z, 4, MIGRATE_UNMOVABLE, 0), 16);
	/* exhaust movable (1025..2047) and reclaimable (513..1023): each
	 * type is served from its own lists, lowest PFN first */
	for (i = 1025; i < 2048; i++)
		assert_int_equal(rmqueue_buddy(sim, z, 0, MIGRATE_MOVABLE, 0), i);
	for (i = 513; i < 1024; i++)
		assert_int_equal(rmqueue_buddy(sim, z, 0, MIGRATE_RECLAIMABLE, 0), i);
	for (o = 0; o < NR_PAGE_ORDERS; o++) {
		assert_int_equal(z->free_area[o].nr_free_mt[MIGRATE_MOVABLE], 0);
		assert_int_equal(z->free_area[o].nr_free_mt[MIGRATE_RECLAIMABLE], 0);
	}
	assert_int_equal(z->free_area[1].nr_free_mt[MIGRATE_UNMOVABLE], 1);
	assert_int_equal(z->free_area[2].nr_free_mt[MIGRATE_UNMOVABLE], 1);
	assert_int_equal(z->free_area[3].nr_free_mt[MIGRATE_UNMOVABLE], 1);
	assert_int_equal(zone_page_state(z, NR_FREE_PAGES), 2 + 4 + 8);
	/* largest fallback is order 3 < pageblock_order/2: movable takes the
	 * smallest, the order-1 block at 2, and keeps page 2 */
	assert_int_equal(rmqueue_buddy(sim, z, 0, MIGRATE_MOVABLE, 0), 2);
	assert_int_equal(z->free_area[0].nr_free_mt[MIGRATE_UNMOVABLE], 1);
	assert_int_equal(z->free_area[0].free_list[MIGRATE_UNMOVABLE].head, 3);
	assert_int_equal(zone_page_state(z, NR_FREE_PAGES), zone_free_from_lists(sim, z));
	assert_int_equal(zone_page_state(z, NR_FREE_PAGES), 4 + 8 + 1);
}

/* Where a freed block goes (v6.12 buddy_merge_likely): to the tail of its
 * list when the buddy of the block it would form one order up is free
 * (it will probably merge soon, so keep it unused), else to the head.
 * 16 pages, all allocated, then freed one by one. */
static void test_buddy_free_placement(void **state)
{
	struct sim *sim = *state = sim_zones(state, 0, 0, 16);
	struct zone *z = zone_of(sim, 0, ZONE_NORMAL);
	struct pfn_list *o0 = &z->free_area[0].free_list[MIGRATE_MOVABLE];
	struct pfn_list *o2 = &z->free_area[2].free_list[MIGRATE_MOVABLE];
	unsigned int i;

	for (i = 0; i < 16; i++)
		assert_int_equal(rmqueue_buddy(sim, z, 0, MIGRATE_MOVABLE, 0), i);
	/* 8 and 0: buddies busy, nothing free around: head */
	free_one_page(sim, 8, 0);
	free_one_page(sim, 0, 0);
	assert_int_equal(o0->head, 0);
	assert_int_equal(o0->tail, 8);
	/* 2: (2,3)'s buddy (0,1) is not a free order-1 block: head */
	free_one_page(sim, 2, 0);
	assert_int_equal(o0->head, 2);
	/* 1 merges with 0 into (0,1) */
	free_one_page(sim, 1, 0);
	assert_int_equal(z->free_area[1].nr_free, 1);
	assert_int_equal(z->free_area[0].nr_free, 2);
	/* 10, 11 → (10,11); 9 → (8,9) → (8..11) at order 2 */
	free_one_page(sim, 10, 0);
	free_one_page(sim, 11, 0);
	free_one_page(sim, 9, 0);
	assert_int_equal(z->free_area[2].nr_free, 1);
	assert_int_equal(o2->head, 8);
	assert_int_equal(z->free_area[1].nr_free, 1);
	/* 3 → (2,3) → (0..3); its order-3 buddy (4..7) is busy: head */
	free_one_page(sim, 3, 0);
	assert_int_equal(z->free_area[2].nr_free, 2);
	assert_int_equal(o2->head, 0);
	assert_int_equal(o2->tail, 8);
	assert_int_equal(z->free_area[1].nr_free, 0);
	assert_int_equal(z->free_area[0].nr_free, 0);
	/* 6: (6,7)'s buddy (4,5) busy: head of order 0 */
	free_one_page(sim, 6, 0);
	assert_int_equal(o0->head, 6);
	/* 12, 13 → (12,13), whose order-2 parent (12..15) has buddy (8..11)
	 * free at order 2: tail of order 1 (the only entry) */
	free_one_page(sim, 12, 0);
	free_one_page(sim, 13, 0);
	assert_int_equal(z->free_area[1].free_list[MIGRATE_MOVABLE].tail, 12);
	/* 14: (14,15)'s buddy (12,13) is a free order-1 block: tail, after 6 */
	free_one_page(sim, 14, 0);
	assert_int_equal(o0->head, 6);
	assert_int_equal(o0->tail, 14);
	assert_int_equal(zone_page_state(z, NR_FREE_PAGES), 12);
	assert_int_equal(zone_free_from_lists(sim, z), 12);
	/* the rest: everything merges into one order-4 block */
	free_one_page(sim, 4, 0);
	free_one_page(sim, 5, 0);
	free_one_page(sim, 7, 0);
	free_one_page(sim, 15, 0);
	assert_int_equal(z->free_area[4].nr_free, 1);
	for (i = 0; i < 4; i++)
		assert_int_equal(z->free_area[i].nr_free, 0);
	assert_int_equal(zone_free_from_lists(sim, z), 16);
	assert_int_equal(zone_page_state(z, NR_FREE_PAGES), 16);
}

/* ------------------------------------------------------------------ */
/* Watermark checks on hand-made free areas                            */

/* A zone with NR_FREE_PAGES = @free and @blocks[o] movable blocks. */
static void fake_zone(struct zone *z, long free, const u64 blocks[NR_PAGE_ORDERS])
{
	unsigned int o;

	memset(z, 0, sizeof(*z));
	z->vm_stat[NR_FREE_PAGES] = free;
	for (o = 0; o < NR_PAGE_ORDERS; o++) {
		z->free_area[o].nr_free = blocks[o];
		z->free_area[o].nr_free_mt[MIGRATE_MOVABLE] = blocks[o];
	}
}

/* Seed 004, case A: order 2, mark 64, 80 free in 30 order-0, 10 order-1
 * and 5 order-2 blocks.  2.6.28: 77 > 64, 77-30 = 47 > 32, 47-20 = 27 >
 * 16 → true.  v6.12: 77 > 64 and an order-2 block exists → true.  With
 * NR_FREE = 70 (just the listed blocks): 67, 37, 17 → still true. */
static void test_wmark_seed004_case_a(void **state)
{
	static const u64 blocks[NR_PAGE_ORDERS] = { 30, 10, 5 };
	struct zone z;

	fake_zone(&z, 80, blocks);
	assert_true(zone_watermark_ok_order_walk(&z, 2, 64, ZONE_DMA, 0));
	assert_true(zone_watermark_ok(&z, 2, 64, ZONE_DMA, 0));
	fake_zone(&z, 70, blocks);
	assert_true(zone_watermark_ok_order_walk(&z, 2, 64, ZONE_DMA, 0));
	assert_true(zone_watermark_ok(&z, 2, 64, ZONE_DMA, 0));
	/* one page fewer than the order-0 bound: 64 - 3 = 61, not > 64 */
	fake_zone(&z, 67, blocks);
	assert_false(zone_watermark_ok_order_walk(&z, 2, 64, ZONE_DMA, 0));
	assert_false(zone_watermark_ok(&z, 2, 64, ZONE_DMA, 0));
	fake_zone(&z, 68, blocks); /* 65 > 64; 35 > 32; 15 <= 16 */
	assert_false(zone_watermark_ok_order_walk(&z, 2, 64, ZONE_DMA, 0));
	assert_true(zone_watermark_ok(&z, 2, 64, ZONE_DMA, 0));
}

/* Seed 004, case B: 10 order-3 blocks, nothing smaller, NR_FREE 80:
 * 77 > 64, then 77 > 32 and 77 > 16 → true under both (the poster's
 * "returns 0" was wrong). */
static void test_wmark_seed004_case_b(void **state)
{
	static const u64 blocks[NR_PAGE_ORDERS] = { [3] = 10 };
	struct zone z;

	fake_zone(&z, 80, blocks);
	assert_true(zone_watermark_ok_order_walk(&z, 2, 64, ZONE_DMA, 0));
	assert_true(zone_watermark_ok(&z, 2, 64, ZONE_DMA, 0));
	/* an order-4 request: v6.12 finds no block >= 4; 2.6.28 has 65 > 64
	 * but loses all 80 pages at o = 3: -15 <= 4 */
	assert_false(zone_watermark_ok(&z, 4, 64, ZONE_DMA, 0));
	assert_false(zone_watermark_ok_order_walk(&z, 4, 64, ZONE_DMA, 0));
}

/* The 2.6.28 walk failing at the first and at the second order while
 * v6.12 passes (it only asks for one big enough block). */
static void test_wmark_order_walk_fails(void **state)
{
	/* 30 + 32 + 8 + 8 = 78 free */
	static const u64 second[NR_PAGE_ORDERS] = { 30, 16, 2, 1 };
	/* 50 + 20 + 4 + 8 = 82 */
	static const u64 first[NR_PAGE_ORDERS] = { 50, 10, 1, 1 };
	struct zone z;

	/* 75 > 64; 75-30 = 45 > 32; 45-32 = 13 <= 16 → false */
	fake_zone(&z, 78, second);
	assert_false(zone_watermark_ok_order_walk(&z, 2, 64, ZONE_DMA, 0));
	assert_true(zone_watermark_ok_order_walk(&z, 1, 64, ZONE_DMA, 0));
	assert_true(zone_watermark_ok(&z, 2, 64, ZONE_DMA, 0));
	/* 79 > 64; 79-50 = 29 <= 32 → false at the first order */
	fake_zone(&z, 82, first);
	assert_false(zone_watermark_ok_order_walk(&z, 2, 64, ZONE_DMA, 0));
	assert_false(zone_watermark_ok_order_walk(&z, 1, 64, ZONE_DMA, 0));
	assert_true(zone_watermark_ok_order_walk(&z, 0, 64, ZONE_DMA, 0));
	assert_true(zone_watermark_ok(&z, 3, 64, ZONE_DMA, 0));
	/* exactly at the halved mark is a failure: 77 - 45 = 32, not > 32;
	 * one order-0 block fewer passes that step (33 > 32; 33-2*n1 ...) */
	fake_zone(&z, 80, (const u64[NR_PAGE_ORDERS]){ 45, 0, 8, 1 });
	assert_false(zone_watermark_ok_order_walk(&z, 2, 64, ZONE_DMA, 0));
	fake_zone(&z, 80, (const u64[NR_PAGE_ORDERS]){ 44, 0, 8, 1 });
	assert_true(zone_watermark_ok_order_walk(&z, 2, 64, ZONE_DMA, 0));
	/* and at the second step: 77 - 29 = 48 > 32, 48 - 32 = 16, not > 16 */
	fake_zone(&z, 80, (const u64[NR_PAGE_ORDERS]){ 29, 16, 1, 1 });
	assert_false(zone_watermark_ok_order_walk(&z, 2, 64, ZONE_DMA, 0));
}

/* v6.12 order > 0 with only small blocks, and the highatomic lists. */
static void test_wmark_modern_blocks(void **state)
{
	static const u64 small[NR_PAGE_ORDERS] = { 100, 50 };
	static const u64 none[NR_PAGE_ORDERS] = { 0 };
	struct zone z;

	fake_zone(&z, 200, small);
	assert_true(zone_watermark_ok(&z, 0, 64, ZONE_DMA, 0));
	assert_true(zone_watermark_ok(&z, 1, 64, ZONE_DMA, 0));
	assert_false(zone_watermark_ok(&z, 2, 64, ZONE_DMA, 0));

	/* one order-2 block, highatomic: usable only with HIGHATOMIC or OOM,
	 * and its 4 pages do not count for requests without reserves */
	fake_zone(&z, 204, small);
	z.free_area[2].nr_free = 1;
	z.free_area[2].nr_free_mt[MIGRATE_HIGHATOMIC] = 1;
	z.nr_free_highatomic = 4;
	assert_false(zone_watermark_ok(&z, 2, 64, ZONE_DMA, 0));
	assert_true(zone_watermark_ok(&z, 2, 64, ZONE_DMA, ALLOC_HIGHATOMIC));
	assert_true(zone_watermark_ok(&z, 2, 64, ZONE_DMA, ALLOC_OOM));
	assert_false(zone_watermark_ok(&z, 2, 64, ZONE_DMA, ALLOC_MIN_RESERVE));
	/* 204 - 4 = 200 > 199, but not > 200 */
	assert_true(zone_watermark_ok(&z, 0, 199, ZONE_DMA, 0));
	assert_false(zone_watermark_ok(&z, 0, 200, ZONE_DMA, 0));
	assert_true(zone_watermark_ok(&z, 0, 200, ZONE_DMA, ALLOC_MIN_RESERVE));

	/* __zone_watermark_ok takes the free count as given */
	fake_zone(&z, 0, none);
	assert_true(__zone_watermark_ok(&z, 0, 64, ZONE_DMA, 0, 65));
	assert_false(__zone_watermark_ok(&z, 0, 64, ZONE_DMA, 0, 64));
	assert_false(__zone_watermark_ok(&z, 0, 64, ZONE_DMA, 0, -5));
}

/* lowmem_reserve[highest_zoneidx] is added to the mark. */
static void test_wmark_lowmem_reserve(void **state)
{
	static const u64 blocks[NR_PAGE_ORDERS] = { 80 };
	struct zone z;

	fake_zone(&z, 80, blocks);
	z.lowmem_reserve[ZONE_NORMAL] = 20;
	z.lowmem_reserve[ZONE_DMA32] = 15;
	assert_true(zone_watermark_ok(&z, 0, 64, ZONE_DMA, 0));
	assert_true(zone_watermark_ok(&z, 0, 64, ZONE_DMA32, 0)); /* 80 > 79 */
	assert_false(zone_watermark_ok(&z, 0, 64, ZONE_NORMAL, 0)); /* 80 <= 84 */
	assert_true(zone_watermark_ok_order_walk(&z, 0, 64, ZONE_DMA32, 0));
	assert_false(zone_watermark_ok_order_walk(&z, 0, 64, ZONE_NORMAL, 0));
	z.lowmem_reserve[ZONE_DMA32] = 16; /* 80 <= 80 */
	assert_false(zone_watermark_ok(&z, 0, 64, ZONE_DMA32, 0));
	assert_false(zone_watermark_ok_order_walk(&z, 0, 64, ZONE_DMA32, 0));
	/* __GFP_HIGH halves the mark, not the reserve: 80 > 32 + 20 */
	assert_true(zone_watermark_ok(&z, 0, 64, ZONE_NORMAL, ALLOC_MIN_RESERVE));
	assert_true(zone_watermark_ok_order_walk(&z, 0, 64, ZONE_NORMAL, ALLOC_HIGH));
}

/* Reserve flags lower the mark: MIN_RESERVE by 1/2, + NON_BLOCK by a
 * further 1/4, OOM by 1/2 again; NON_BLOCK alone does nothing in v6.12.
 * 2.6.28: ALLOC_HIGH 1/2, ALLOC_HARDER 1/4. */
static void test_wmark_alloc_flags(void **state)
{
	static const u64 none[NR_PAGE_ORDERS] = { 0 };
	struct zone z;

	fake_zone(&z, 0, none);
	/* mark 64 */
	assert_false(__zone_watermark_ok(&z, 0, 64, ZONE_DMA, 0, 50));
	assert_true(__zone_watermark_ok(&z, 0, 64, ZONE_DMA, ALLOC_MIN_RESERVE, 33));
	assert_false(__zone_watermark_ok(&z, 0, 64, ZONE_DMA, ALLOC_MIN_RESERVE, 32));
	assert_true(
		__zone_watermark_ok(&z, 0, 64, ZONE_DMA, ALLOC_MIN_RESERVE | ALLOC_NON_BLOCK, 25));
	assert_false(
		__zone_watermark_ok(&z, 0, 64, ZONE_DMA, ALLOC_MIN_RESERVE | ALLOC_NON_BLOCK, 24));
	assert_false(__zone_watermark_ok(&z, 0, 64, ZONE_DMA, ALLOC_NON_BLOCK, 64));
	assert_true(__zone_watermark_ok(&z, 0, 64, ZONE_DMA, ALLOC_NON_BLOCK, 65));
	assert_true(__zone_watermark_ok(&z, 0, 64, ZONE_DMA, ALLOC_OOM, 33));
	assert_false(__zone_watermark_ok(&z, 0, 64, ZONE_DMA, ALLOC_OOM, 32));
	assert_true(__zone_watermark_ok(&z, 0, 64, ZONE_DMA, ALLOC_MIN_RESERVE | ALLOC_OOM, 17));
	assert_false(__zone_watermark_ok(&z, 0, 64, ZONE_DMA, ALLOC_MIN_RESERVE | ALLOC_OOM, 16));

	z.vm_stat[NR_FREE_PAGES] = 33;
	assert_false(zone_watermark_ok_order_walk(&z, 0, 64, ZONE_DMA, 0));
	assert_true(zone_watermark_ok_order_walk(&z, 0, 64, ZONE_DMA, ALLOC_HIGH));
	z.vm_stat[NR_FREE_PAGES] = 32;
	assert_false(zone_watermark_ok_order_walk(&z, 0, 64, ZONE_DMA, ALLOC_HIGH));
	z.vm_stat[NR_FREE_PAGES] = 49; /* 64 - 16 = 48 */
	assert_true(zone_watermark_ok_order_walk(&z, 0, 64, ZONE_DMA, ALLOC_HARDER));
	z.vm_stat[NR_FREE_PAGES] = 48;
	assert_false(zone_watermark_ok_order_walk(&z, 0, 64, ZONE_DMA, ALLOC_HARDER));
	z.vm_stat[NR_FREE_PAGES] = 25; /* 32 - 8 = 24 */
	assert_true(zone_watermark_ok_order_walk(&z, 0, 64, ZONE_DMA, ALLOC_HIGH | ALLOC_HARDER));
	z.vm_stat[NR_FREE_PAGES] = 24;
	assert_false(zone_watermark_ok_order_walk(&z, 0, 64, ZONE_DMA, ALLOC_HIGH | ALLOC_HARDER));
}

/* The check on a zone the buddy allocator really filled and drained:
 * 2048 pages in two order-10 blocks. */
static void test_wmark_real_zone(void **state)
{
	struct sim *sim = *state = sim_zones(state, 0, 0, 2048);
	struct zone *z = zone_of(sim, 0, ZONE_NORMAL);
	unsigned int i;

	/* order 10: 2048 - 1023 = 1025 > 64 and a block exists */
	assert_true(zone_watermark_ok(z, 10, 64, ZONE_NORMAL, 0));
	assert_true(zone_watermark_ok_order_walk(z, 10, 64, ZONE_NORMAL, 0));
	/* 1025 > 1024, not > 1025 */
	assert_true(zone_watermark_ok(z, 10, 1024, ZONE_NORMAL, 0));
	assert_false(zone_watermark_ok(z, 10, 1025, ZONE_NORMAL, 0));
	assert_int_equal(rmqueue_buddy(sim, z, 0, MIGRATE_MOVABLE, 0), 0);
	assert_int_equal(rmqueue_buddy(sim, z, 10, MIGRATE_MOVABLE, 0), 1024);
	/* 1023 free in one block of each order 0..9 */
	assert_false(zone_watermark_ok(z, 10, 0, ZONE_NORMAL, 0));
	assert_true(zone_watermark_ok(z, 9, 64, ZONE_NORMAL, 0));
	/* 2.6.28, order 9: 1023 - 511 = 512 > 64; minus one block of each
	 * order 0..8 (511 pages) leaves 1 > 64 >> 9 = 0 */
	assert_true(zone_watermark_ok_order_walk(z, 9, 64, ZONE_NORMAL, 0));
	/* order 10 in 2.6.28: 0 free after the first step, not > 64 */
	assert_false(zone_watermark_ok_order_walk(z, 10, 0, ZONE_NORMAL, 0));
	for (i = 1; i < 1024 - 64; i++)
		assert_int_equal(rmqueue_buddy(sim, z, 0, MIGRATE_MOVABLE, 0), i);
	assert_int_equal(zone_page_state(z, NR_FREE_PAGES), 64);
	assert_false(zone_watermark_ok(z, 0, 64, ZONE_NORMAL, 0));
	assert_true(zone_watermark_ok(z, 0, 63, ZONE_NORMAL, 0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		test_sim_unit_test(test_layout_default_two_nodes),
		test_sim_unit_test(test_layout_explicit),
		test_sim_unit_test(test_layout_small),
		test_sim_unit_test(test_layout_errors),
		test_sim_unit_test(test_buddy_split_merge),
		test_sim_unit_test(test_buddy_unaligned_zones),
		test_sim_unit_test(test_buddy_high_order),
		test_sim_unit_test(test_buddy_fallback),
		test_sim_unit_test(test_buddy_free_placement),
		cmocka_unit_test(test_wmark_seed004_case_a),
		cmocka_unit_test(test_wmark_seed004_case_b),
		cmocka_unit_test(test_wmark_order_walk_fails),
		cmocka_unit_test(test_wmark_modern_blocks),
		cmocka_unit_test(test_wmark_lowmem_reserve),
		cmocka_unit_test(test_wmark_alloc_flags),
		test_sim_unit_test(test_wmark_real_zone),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

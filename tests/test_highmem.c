// SPDX-License-Identifier: MIT
/*
 * test_highmem.c - [machine] arch = i386 (DMA, Normal, HighMem, Movable)
 * and node_memory (nodes that differ): the zone spans, watermarks and
 * lowmem_reserve as the kernel computes them, gfp_zone() for every zone
 * modifier combination, the zonelist order, kernel allocations kept out
 * of HighMem, lowmem reclaim that skips HighMem pages, the /proc output,
 * and the rejections of bad machines.
 */
#include "testsim.h"

#include "mm/gfp.h"
#include "mm/page_alloc.h"

static struct zone *zone_of(struct sim *sim, unsigned int nid, enum zone_type z)
{
	return &sim->nodes[nid].node_zones[z];
}

static void assert_zone(struct sim *sim, unsigned int nid, enum zone_type z, u64 managed,
			u32 start_pfn)
{
	const struct zone *zone = zone_of(sim, nid, z);

	assert_int_equal(zone->managed_pages, managed);
	assert_int_equal(zone->spanned_pages, managed);
	if (managed)
		assert_int_equal(zone->zone_start_pfn, start_pfn);
}

static void assert_wmarks(const struct zone *z, u64 min, u64 low, u64 high, u64 promo)
{
	assert_int_equal(min_wmark_pages(z), min);
	assert_int_equal(low_wmark_pages(z), low);
	assert_int_equal(high_wmark_pages(z), high);
	assert_int_equal(z->_watermark[WMARK_PROMO], promo);
}

/* A booted i386 machine of @memory, one node, THP off (no khugepaged raise). */
static struct sim *i386_sim(void **state, const char *memory)
{
	char ini[256];

	/* no per-CPU lists: the counts below are the zones' own arithmetic */
	snprintf(ini, sizeof(ini),
		 "[machine]\narch = i386\ncpus = 2\nmemory = %s\n[sysctl]\nthp = never\n"
		 "[policy]\npcp_lists = off\n",
		 memory);
	return test_sim_from_text(state, "i386.ini", ini);
}

/*
 * Zone spans.  With the 3G/1G split i386 maps 896 MiB of lowmem: DMA is
 * 0..16M (4096 pages), Normal 16M..896M (225280 pages), HighMem the rest.
 *
 * min_free_kbytes: the boot rule over lowmem only (HighMem excluded):
 * lowmem = 4096 + 225280 = 229376 pages = 917504 KiB, int_sqrt(917504 x
 * 16 = 14680064) = 3831 (3831^2 = 14676561, 3832^2 = 14684224), the same
 * for 1, 2 and 4 GiB.  pages_min = 3831 >> 2 = 957.
 *
 * Watermarks (watermark_scale_factor 10), tmp = 957 x managed / 229376:
 *   DMA:    tmp = 3919872 / 229376 = 17; gap = max(17 >> 2 = 4,
 *           mult_frac(4096, 10, 10000) = 4) = 4: 17/21/25/29;
 *   Normal: tmp = 215592960 / 229376 = 939; gap = max(234, 22 x 10 +
 *           5280 x 10 / 10000 = 225) = 234: 939/1173/1407/1641;
 *   HighMem min = clamp(managed / 1024, 32, 128), gap from tmp as above.
 * lowmem_reserve (ratios DMA 256, Normal 32, HighMem 0, Movable 0):
 *   DMA[Normal] = 225280 / 256 = 880; DMA[HighMem] = DMA[Movable] =
 *   (225280 + H) / 256; Normal[HighMem] = Normal[Movable] = H / 32.
 */
static void check_i386_lowmem(struct sim *sim, u64 highmem)
{
	long dma_high = (long)((225280 + highmem) / 256), normal_high = (long)(highmem / 32);
	struct zone *dma = zone_of(sim, 0, ZONE_DMA), *normal = zone_of(sim, 0, ZONE_NORMAL);

	assert_int_equal(sim->min_free_kbytes, 3831);
	assert_zone(sim, 0, ZONE_DMA, 4096, 0);
	assert_zone(sim, 0, ZONE_DMA32, 0, 0);
	assert_zone(sim, 0, ZONE_NORMAL, 225280, 4096);
	assert_zone(sim, 0, ZONE_HIGHMEM, highmem, 229376);
	assert_zone(sim, 0, ZONE_MOVABLE, 0, 0);
	assert_wmarks(dma, 17, 21, 25, 29);
	assert_wmarks(normal, 939, 1173, 1407, 1641);
	assert_int_equal(dma->lowmem_reserve[ZONE_NORMAL], 880);
	assert_int_equal(dma->lowmem_reserve[ZONE_HIGHMEM], dma_high);
	assert_int_equal(dma->lowmem_reserve[ZONE_MOVABLE], dma_high);
	assert_int_equal(normal->lowmem_reserve[ZONE_DMA], 0);
	assert_int_equal(normal->lowmem_reserve[ZONE_HIGHMEM], normal_high);
	assert_int_equal(normal->lowmem_reserve[ZONE_MOVABLE], normal_high);
	for (int j = 0; j < MAX_NR_ZONES; j++)
		assert_int_equal(zone_of(sim, 0, ZONE_HIGHMEM)->lowmem_reserve[j], 0);
}

/*
 * 1 GiB: HighMem 128M = 32768 pages; min = clamp(32, 32, 128) = 32;
 * tmp = 957 x 32768 / 229376 = 136, gap = max(34, 3 x 10 + 2768 x 10 /
 * 10000 = 32) = 34: 32/66/100/134.  DMA[HighMem] = 258048 / 256 = 1008,
 * Normal[HighMem] = 32768 / 32 = 1024.
 */
static void test_i386_1g(void **state)
{
	struct sim *sim = i386_sim(state, "1G");

	check_i386_lowmem(sim, 32768);
	assert_wmarks(zone_of(sim, 0, ZONE_HIGHMEM), 32, 66, 100, 134);
	assert_int_equal(zone_of(sim, 0, ZONE_DMA)->lowmem_reserve[ZONE_HIGHMEM], 1008);
	assert_int_equal(zone_of(sim, 0, ZONE_NORMAL)->lowmem_reserve[ZONE_HIGHMEM], 1024);
}

/*
 * 2 GiB: HighMem 1152M = 294912 pages; min = clamp(288, 32, 128) = 128;
 * tmp = 282230784 / 229376 = 1230, gap = max(307, 29 x 10 + 4912 x 10 /
 * 10000 = 294) = 307: 128/435/742/1049.  DMA[HighMem] = 520192 / 256 =
 * 2032, Normal[HighMem] = 294912 / 32 = 9216.
 */
static void test_i386_2g(void **state)
{
	struct sim *sim = i386_sim(state, "2G");

	check_i386_lowmem(sim, 294912);
	assert_wmarks(zone_of(sim, 0, ZONE_HIGHMEM), 128, 435, 742, 1049);
	assert_int_equal(zone_of(sim, 0, ZONE_DMA)->lowmem_reserve[ZONE_HIGHMEM], 2032);
	assert_int_equal(zone_of(sim, 0, ZONE_NORMAL)->lowmem_reserve[ZONE_HIGHMEM], 9216);
}

/*
 * 4 GiB: HighMem 3200M = 819200 pages; min = clamp(800, 32, 128) = 128;
 * tmp = 783974400 / 229376 = 3417, gap = max(854, 81 x 10 + 9200 x 10 /
 * 10000 = 819) = 854: 128/982/1836/2690.  DMA[HighMem] = 1044480 / 256 =
 * 4080, Normal[HighMem] = 819200 / 32 = 25600.
 */
static void test_i386_4g(void **state)
{
	struct sim *sim = i386_sim(state, "4G");

	check_i386_lowmem(sim, 819200);
	assert_wmarks(zone_of(sim, 0, ZONE_HIGHMEM), 128, 982, 1836, 2690);
	assert_int_equal(zone_of(sim, 0, ZONE_DMA)->lowmem_reserve[ZONE_HIGHMEM], 4080);
	assert_int_equal(zone_of(sim, 0, ZONE_NORMAL)->lowmem_reserve[ZONE_HIGHMEM], 25600);
}

/* A written ratio list maps onto i386's zones: DMA, Normal, HighMem, Movable. */
static void test_i386_ratio_list(void **state)
{
	struct sim *sim = test_sim_from_text(
		state, "i386.ini",
		"[machine]\narch = i386\nmemory = 1G\n[sysctl]\nlowmem_reserve_ratio = 128 16 0 0\n");

	assert_int_equal(lowmem_reserve_ratio_of(&sim->scn, ZONE_DMA), 128);
	assert_int_equal(lowmem_reserve_ratio_of(&sim->scn, ZONE_DMA32), 0);
	assert_int_equal(lowmem_reserve_ratio_of(&sim->scn, ZONE_NORMAL), 16);
	/* DMA[Normal] = 225280 / 128 = 1760; Normal[HighMem] = 32768 / 16 = 2048 */
	assert_int_equal(zone_of(sim, 0, ZONE_DMA)->lowmem_reserve[ZONE_NORMAL], 1760);
	assert_int_equal(zone_of(sim, 0, ZONE_NORMAL)->lowmem_reserve[ZONE_HIGHMEM], 2048);
}

/*
 * gfp_zone() for the 16 combinations of __GFP_DMA, __GFP_HIGHMEM,
 * __GFP_DMA32 and __GFP_MOVABLE, as GFP_ZONE_TABLE gives them on x86-64
 * (no HighMem: OPT_ZONE_HIGHMEM is Normal) and i386 (no DMA32:
 * OPT_ZONE_DMA32 is Normal); the eight with more than one of DMA, DMA32
 * and HighMem are GFP_ZONE_BAD, which gfp_check() refuses.
 */
static void test_gfp_zone_table(void **state)
{
	static const struct {
		gfp_t gfp;
		int x86_64, i386; /* -1: GFP_ZONE_BAD */
	} table[] = {
		{ 0, ZONE_NORMAL, ZONE_NORMAL },
		{ __GFP_DMA, ZONE_DMA, ZONE_DMA },
		{ __GFP_HIGHMEM, ZONE_NORMAL, ZONE_HIGHMEM },
		{ __GFP_DMA | __GFP_HIGHMEM, -1, -1 },
		{ __GFP_DMA32, ZONE_DMA32, ZONE_NORMAL },
		{ __GFP_DMA32 | __GFP_DMA, -1, -1 },
		{ __GFP_DMA32 | __GFP_HIGHMEM, -1, -1 },
		{ __GFP_DMA32 | __GFP_HIGHMEM | __GFP_DMA, -1, -1 },
		{ __GFP_MOVABLE, ZONE_NORMAL, ZONE_NORMAL },
		{ __GFP_MOVABLE | __GFP_DMA, ZONE_DMA, ZONE_DMA },
		{ __GFP_MOVABLE | __GFP_HIGHMEM, ZONE_MOVABLE, ZONE_MOVABLE },
		{ __GFP_MOVABLE | __GFP_HIGHMEM | __GFP_DMA, -1, -1 },
		{ __GFP_MOVABLE | __GFP_DMA32, ZONE_DMA32, ZONE_NORMAL },
		{ __GFP_MOVABLE | __GFP_DMA32 | __GFP_DMA, -1, -1 },
		{ __GFP_MOVABLE | __GFP_DMA32 | __GFP_HIGHMEM, -1, -1 },
		{ GFP_ZONEMASK, -1, -1 },
	};
	char err[160];

	(void)state;
	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
		gfp_t gfp = GFP_KERNEL | table[i].gfp;

		if (table[i].x86_64 < 0) {
			assert_int_equal(gfp_check(gfp, err, sizeof(err)), -1);
			assert_non_null(strstr(err, "GFP_ZONE_BAD"));
			continue;
		}
		assert_int_equal(gfp_check(gfp, err, sizeof(err)), 0);
		assert_int_equal(gfp_zone(gfp, arch_zones(SCN_ARCH_X86_64)), table[i].x86_64);
		assert_int_equal(gfp_zone(gfp, arch_zones(SCN_ARCH_I386)), table[i].i386);
	}
	/* the masks the model allocates with, on i386 */
	assert_int_equal(gfp_zone(GFP_KERNEL, arch_zones(SCN_ARCH_I386)), ZONE_NORMAL);
	assert_int_equal(gfp_zone(GFP_HIGHUSER, arch_zones(SCN_ARCH_I386)), ZONE_HIGHMEM);
	assert_int_equal(gfp_zone(GFP_HIGHUSER_MOVABLE, arch_zones(SCN_ARCH_I386)), ZONE_MOVABLE);
}

/* ------------------------------------------------------------------ */
/* Allocations                                                          */

struct alloc_run {
	gfp_t gfp;
	u64 want; /* allocations to make, or until one fails */
	u64 done;
	u64 per_zone[MAX_NR_ZONES];
	int order_seen[4]; /* zones in the order first used */
	int nr_seen;
	enum vm_fault_result last;
};

static void alloc_run_fn(struct task *t, void *arg)
{
	struct alloc_run *a = arg;

	for (a->done = 0; a->done < a->want; a->done++) {
		u32 pfn;
		int z;

		a->last = alloc_kernel_pages(t, a->gfp, 0, &pfn);
		if (a->last != VM_FAULT_DONE)
			return;
		z = (int)page_zone(t->sim, pfn)->idx;
		if (!a->per_zone[z]++) {
			assert_true(a->nr_seen < 4);
			a->order_seen[a->nr_seen++] = z;
		}
	}
}

static void run_allocs(struct sim *sim, struct alloc_run *a)
{
	struct task *t = test_task_in(sim, sim->memcgs[0]);
	struct test_call c;

	test_call_start(t, &c, alloc_run_fn, a);
	for (int i = 0; i < 1000 && !test_call_step(t); i++) {
		if (t->state == TASK_BLOCKED) {
			wake_up_task(t);
			t->state = TASK_RUNNING;
		}
	}
	assert_true(c.done);
}

/*
 * The zonelist of a user page (GFP_HIGHUSER_MOVABLE, without reclaim so
 * that nothing sleeps) on a 1 GiB i386 machine: HighMem, then Normal,
 * then DMA.  The fast path checks the low watermark plus each zone's
 * reserve against Movable: HighMem gives 32768 - 66 = 32702 pages,
 * Normal 225280 - (1173 + 1024) = 223083, DMA 4096 - (21 + 1008) = 3067;
 * the slow path's min watermark then sends the next page to HighMem again.
 */
static void test_i386_zonelist(void **state)
{
	struct sim *sim = i386_sim(state, "1G");
	struct alloc_run a = { .gfp = GFP_HIGHUSER_MOVABLE & ~__GFP_RECLAIM,
			       .want = 32702 + 223083 + 3067 };

	run_allocs(sim, &a);
	assert_int_equal(a.done, a.want);
	assert_int_equal(a.nr_seen, 3);
	assert_int_equal(a.order_seen[0], ZONE_HIGHMEM);
	assert_int_equal(a.order_seen[1], ZONE_NORMAL);
	assert_int_equal(a.order_seen[2], ZONE_DMA);
	assert_int_equal(a.per_zone[ZONE_HIGHMEM], 32702);
	assert_int_equal(a.per_zone[ZONE_NORMAL], 223083);
	assert_int_equal(a.per_zone[ZONE_DMA], 3067);
	a = (struct alloc_run){ .gfp = GFP_HIGHUSER_MOVABLE & ~__GFP_RECLAIM, .want = 1 };
	run_allocs(sim, &a);
	assert_int_equal(a.per_zone[ZONE_HIGHMEM], 1);
	assert_int_equal(sim->vm_events[PGALLOC_HIGH], 32703);
}

/*
 * Kernel pages never go to HighMem: GFP_NOWAIT (GFP_KERNEL without
 * direct reclaim, so that the run ends in a failure rather than an OOM
 * kill) on a 1 GiB i386 machine takes Normal and DMA down to their
 * watermarks and reserves and then fails, with all of HighMem free.
 */
static void test_i386_kernel_lowmem_only(void **state)
{
	struct sim *sim = i386_sim(state, "1G");
	struct alloc_run a = { .gfp = GFP_NOWAIT | __GFP_NOWARN, .want = 1ULL << 20 };

	run_allocs(sim, &a);
	assert_int_equal(a.last, VM_FAULT_NOMEM);
	assert_int_equal(a.per_zone[ZONE_HIGHMEM], 0);
	assert_int_equal(a.order_seen[0], ZONE_NORMAL);
	assert_int_equal(a.order_seen[1], ZONE_DMA);
	/* Normal down to its min (939), DMA to min + its reserve against Normal (17 + 880) */
	assert_int_equal(a.per_zone[ZONE_NORMAL], 225280 - 939);
	assert_int_equal(a.per_zone[ZONE_DMA], 4096 - 897);
	assert_int_equal(zone_page_state(zone_of(sim, 0, ZONE_HIGHMEM), NR_FREE_PAGES), 32768);
	assert_int_equal(sim->vm_events[PGALLOC_HIGH], 0);
}

/*
 * scenarios/i386-highmem.ini: hog (1100M anon) fills HighMem, reader's
 * 800M file then lands in Normal apart from the 294912 - 281600 - 435
 * (low watermark) = 12877 pages HighMem had left, hog exits, slab takes
 * 600M of GFP_KERNEL pages.  Reclaim (kswapd and direct, woken and run
 * for Normal) frees lowmem page cache only: reader's HighMem pages, the
 * oldest on the node's inactive list, are skipped and all stay, while
 * HighMem holds hog's freed memory.
 */
static void test_i386_scenario(void **state)
{
	/* without per-CPU lists, whose pages would be out of the free counts */
	static const char *const sets[] = { "policy.pcp_lists=off", NULL };
	struct sim *sim = *state = test_sim_run_file("scenarios/i386-highmem.ini", sets);
	const struct zone *high = zone_of(sim, 0, ZONE_HIGHMEM);

	assert_int_equal(test_workload_figure(sim, "slab", "failed"), 0);
	/* reader's cache in lowmem was reclaimed, its HighMem share stayed */
	assert_true(test_workload_figure(sim, "reader", "resident_pages") < 204800 - 100000);
	assert_int_equal(sim->reclaim.oom_kills, 0);
	assert_int_equal(zone_page_state(high, NR_ZONE_INACTIVE_FILE) +
				 zone_page_state(high, NR_ZONE_ACTIVE_FILE),
			 12877);
	assert_int_equal(zone_page_state(high, NR_FREE_PAGES), 294912 - 12877);
	/* slab's 153600 pages came out of lowmem, by reclaiming ~120000 */
	assert_true(test_vmstat(sim, "pgsteal_file") > 100000);
	assert_true(test_vmstat(sim, "allocstall_normal") > 0);
	assert_int_equal(test_vmstat(sim, "allocstall_high"), 0);
	assert_int_equal(test_vmstat(sim, "allocstall_movable"), 0);
	assert_int_equal(test_vmstat(sim, "pgsteal_anon"), 0);
}

/* ------------------------------------------------------------------ */
/* Nodes that differ                                                    */

/*
 * x86-64, node_memory = 6G, 2G: node 0 spans 0..6G (DMA 4096 pages,
 * DMA32 16M..4G = 1044480, Normal 4G..6G = 524288), node 1 6G..8G is all
 * above 4G: Normal only, no DMA32 (as on real NUMA x86-64).
 */
static void test_nodes_differ_x86_64(void **state)
{
	struct sim *sim = test_sim_from_text(
		state, "n.ini", "[machine]\nnodes = 2\nnode_memory = 6G, 2G\ncpus = 2\n");

	assert_int_equal(sim->scn.machine.memory, 8ULL << 30);
	assert_zone(sim, 0, ZONE_DMA, 4096, 0);
	assert_zone(sim, 0, ZONE_DMA32, 1044480, 4096);
	assert_zone(sim, 0, ZONE_NORMAL, 524288, 1048576);
	assert_zone(sim, 1, ZONE_DMA, 0, 0);
	assert_zone(sim, 1, ZONE_DMA32, 0, 0);
	assert_zone(sim, 1, ZONE_NORMAL, 524288, 1572864);
	assert_int_equal(sim->nodes[1].node_start_pfn, 1572864);
	assert_int_equal(sim->nr_pfns, 2097152);
}

/*
 * i386, node_memory = 512M, 1536M: node 0 is lowmem only (DMA 4096,
 * Normal 126976); node 1 spans 512M..2G: Normal to 896M (98304 pages)
 * and HighMem (294912), no DMA.  The Normal zones' reserve against
 * HighMem is per node: 0 on node 0, 294912 / 32 = 9216 on node 1.
 */
static void test_nodes_differ_i386(void **state)
{
	struct sim *sim = test_sim_from_text(
		state, "n.ini",
		"[machine]\narch = i386\nnodes = 2\nmemory = 2G\nnode_memory = 512M, 1536M\n");

	assert_zone(sim, 0, ZONE_DMA, 4096, 0);
	assert_zone(sim, 0, ZONE_NORMAL, 126976, 4096);
	assert_zone(sim, 0, ZONE_HIGHMEM, 0, 0);
	assert_zone(sim, 1, ZONE_DMA, 0, 0);
	assert_zone(sim, 1, ZONE_NORMAL, 98304, 131072);
	assert_zone(sim, 1, ZONE_HIGHMEM, 294912, 229376);
	assert_int_equal(zone_of(sim, 0, ZONE_NORMAL)->lowmem_reserve[ZONE_HIGHMEM], 0);
	assert_int_equal(zone_of(sim, 1, ZONE_NORMAL)->lowmem_reserve[ZONE_HIGHMEM], 9216);
}

/* node_memory with a 'rest' zone: each node's rest is what its memory leaves. */
static void test_nodes_differ_rest(void **state)
{
	struct sim *sim = test_sim_from_text(
		state, "n.ini",
		"[machine]\nnodes = 2\nnode_memory = 1G, 3G\nzones = DMA:16M, Normal:rest\n");

	assert_zone(sim, 0, ZONE_DMA, 4096, 0);
	assert_zone(sim, 0, ZONE_NORMAL, 262144 - 4096, 4096);
	assert_zone(sim, 1, ZONE_DMA, 4096, 262144);
	assert_zone(sim, 1, ZONE_NORMAL, 786432 - 4096, 262144 + 4096);
}

/*
 * scenarios/numa-uneven-nodes.ini: dma32's 262144 GFP_DMA32 pages can only
 * live in node 0's DMA32 zone; fill's 1310720 user pages take Normal and
 * DMA32 zones, never DMA (its reserve against Movable allocations).
 */
static void test_nodes_differ_scenario(void **state)
{
	static const char *const sets[] = { "policy.pcp_lists=off", NULL };
	struct sim *sim = *state = test_sim_run_file("scenarios/numa-uneven-nodes.ini", sets);

	assert_int_equal(test_workload_figure(sim, "dma32", "failed"), 0);
	assert_int_equal(zone_page_state(zone_of(sim, 0, ZONE_DMA32), NR_FREE_PAGES),
			 1044480 - 262144);
	assert_int_equal(zone_of(sim, 1, ZONE_DMA32)->managed_pages, 0);
	assert_int_equal(test_vmstat(sim, "pgalloc_dma32") + test_vmstat(sim, "pgalloc_normal"),
			 262144 + 1310720);
	assert_true(test_vmstat(sim, "pgalloc_dma32") >= 262144);
	assert_int_equal(test_vmstat(sim, "pgalloc_dma"), 0);
}

/* ------------------------------------------------------------------ */
/* /proc output                                                         */

static char *capture(void (*fn)(FILE *, const struct sim *), const struct sim *sim)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	fn(f, sim);
	assert_int_equal(fclose(f), 0);
	return buf;
}

/*
 * i386's zoneinfo lists DMA, Normal, HighMem, Movable, protection 4 wide;
 * vmstat has pgalloc_high; meminfo the CONFIG_HIGHMEM lines.
 */
static void test_i386_proc(void **state)
{
	struct sim *sim = i386_sim(state, "2G");
	char *zi = capture(report_zoneinfo, sim), *vm = capture(report_vmstat, sim);
	char *buddy = capture(report_buddyinfo, sim), *mi = capture(report_meminfo, sim);
	void *x86;

	assert_non_null(strstr(zi, "Node 0, zone      DMA\n"));
	assert_non_null(strstr(zi, "Node 0, zone   Normal\n"));
	assert_non_null(strstr(zi, "Node 0, zone  HighMem\n"));
	assert_non_null(strstr(zi, "Node 0, zone  Movable\n"));
	assert_null(strstr(zi, "DMA32"));
	assert_null(strstr(zi, "Device"));
	assert_non_null(strstr(zi, "protection: (0, 880, 2032, 2032)\n"));
	assert_non_null(strstr(zi, "protection: (0, 0, 9216, 9216)\n"));
	assert_non_null(strstr(vm, "\npgalloc_high 0\n"));
	assert_non_null(strstr(vm, "\nallocstall_high 0\n"));
	assert_null(strstr(vm, "pgalloc_dma32"));
	assert_non_null(strstr(buddy, "Node 0, zone  HighMem "));
	/* nothing allocated yet: HighMem 294912 pages, lowmem 229376 */
	assert_non_null(strstr(mi, "\nHighTotal:       1179648 kB\nHighFree:        1179648 kB\n"
				   "LowTotal:         917504 kB\nLowFree:          917504 kB\n"));
	free(zi);
	free(vm);
	free(buddy);
	free(mi);
	/* x86-64 has no CONFIG_HIGHMEM lines */
	mi = capture(report_meminfo, test_sim_from_text(&x86, "x.ini", "[machine]\nmemory = 1G\n"));
	assert_null(strstr(mi, "HighTotal"));
	assert_null(strstr(mi, "LowFree"));
	free(mi);
	sim_destroy(x86);
}

/* ------------------------------------------------------------------ */
/* Bad input                                                            */

static void test_bad_input(void **state)
{
	(void)state;
	test_expect_scenario_error(
		"[machine]\narch = sparc\n",
		"t.ini:2: [machine] arch: unknown value 'sparc' (expected x86_64, i386, arm64, arm64_dma32, arm64_dma or ia64)");
	/* HighMem on a 64-bit arch, DMA32 on i386 */
	test_expect_scenario_error(
		"[machine]\nzones = DMA:16M, HighMem:rest\n",
		"t.ini:2: [machine] zones: arch x86_64 has no HighMem zone (valid: DMA, DMA32, Normal, Movable)");
	test_expect_scenario_error(
		"[machine]\nzones = DMA:16M, DMA32:rest\narch = i386\n",
		"t.ini:3: [machine] zones: arch i386 has no DMA32 zone (valid: DMA, Normal, HighMem, Movable)");
	/* node memory that does not add up */
	test_expect_scenario_error(
		"[machine]\nnodes = 2\nnode_memory = 1G, 2G\nmemory = 4G\n",
		"t.ini:4: [machine] node_memory: the nodes add up to 3G but memory is 4G (valid: sizes adding up to memory, or leave memory out)");
	test_expect_scenario_error(
		"[machine]\nnodes = 3\nnode_memory = 1G, 2G\n",
		"t.ini:3: [machine] node_memory: 2 sizes for 3 nodes (valid: one per node)");
	test_expect_scenario_error(
		"[machine]\nnode_memory = 1G, 1000\n",
		"t.ini:2: [machine] node_memory: node 1: 1000 is not a positive whole number of 4096-byte pages");
	test_expect_scenario_error(
		"[machine]\nnode_memory = 1G, 0\n",
		"t.ini:2: [machine] node_memory: node 1: 0 is not a positive whole number of 4096-byte pages");
	test_expect_scenario_error(
		"[machine]\nnode_memory = ,\n",
		"t.ini:2: [machine] node_memory: empty list (expected SIZE, SIZE, ... or even)");
	test_expect_scenario_error(
		"[machine]\nnodes = 2\nnode_memory = 1G, 1G\nzones = DMA:16M, Normal:100M\n",
		"t.ini:4: [machine] node_memory: explicit zones without a 'rest' zone are the same on every node (valid: the default layout, or a 'rest' zone to take what each node's memory leaves)");
	test_expect_scenario_error(
		"[machine]\nnodes = 2\nnode_memory = 1G, 7G\nzones = DMA:16M, DMA32:2G, Normal:rest\n",
		"t.ini:4: [machine] zones: 528384 pages per node do not fit memory (262144 pages in the smallest node)");
	test_expect_scenario_error(
		"[machine]\nnode_memory = 4K, 4K\nnodes = 2\npage_size = 16K\n",
		"t.ini:2: [machine] node_memory: node 0: 4K is not a positive whole number of 16384-byte pages");
}

/* A page size set after node_memory (--set) is checked against it when validated
 * (memory, their sum, is 16K: a whole page). */
static void test_bad_page_size_later(void **state)
{
	static struct scenario scn;
	char err[SCN_ERR_LEN] = "";

	(void)state;
	assert_int_equal(scenario_load_string(&scn, "t.ini",
					      "[machine]\nnodes = 2\nnode_memory = 4K, 12K\n", err,
					      sizeof(err)),
			 0);
	assert_int_equal(scenario_set(&scn, "machine.page_size=16K", err, sizeof(err)), 0);
	assert_int_equal(scenario_validate(&scn, err, sizeof(err)), -1);
	assert_string_equal(
		err,
		"--set machine.page_size=16K: [machine] node_memory: node 0: 4K is not a whole number of 16384-byte pages");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		test_sim_unit_test(test_i386_1g),
		test_sim_unit_test(test_i386_2g),
		test_sim_unit_test(test_i386_4g),
		test_sim_unit_test(test_i386_ratio_list),
		cmocka_unit_test(test_gfp_zone_table),
		test_sim_unit_test(test_i386_zonelist),
		test_sim_unit_test(test_i386_kernel_lowmem_only),
		test_sim_unit_test(test_i386_scenario),
		test_sim_unit_test(test_nodes_differ_x86_64),
		test_sim_unit_test(test_nodes_differ_i386),
		test_sim_unit_test(test_nodes_differ_rest),
		test_sim_unit_test(test_nodes_differ_scenario),
		test_sim_unit_test(test_i386_proc),
		cmocka_unit_test(test_bad_input),
		cmocka_unit_test(test_bad_page_size_later),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: MIT
/*
 * test_vmscan.c - the reclaim decisions of src/mm/vmscan.c, swap.c and
 * workingset.c with exact values (SPEC 3.3-3.5, kernel v6.12):
 * inactive_is_low, get_scan_count / prepare_scan_control,
 * folio_mark_accessed, folio_check_references, refault detection and the
 * lru_note_cost decay.
 *
 * Every test builds its own small simulation from an INI string (one node,
 * 64 MiB = DMA 16 MiB + DMA32 48 MiB of 4 KiB pages, 64 MiB swap, no
 * workloads) and test_sim_teardown destroys it.  State is set by hand: LRU
 * sizes are written straight into an lruvec where only the arithmetic is
 * under test, and real pages are taken from the buddy allocator and put
 * on the LRU where lists and counters must move.
 *
 * Tests marked "FIXED MODEL BUG" assert a kernel rule the model once got
 * wrong; the comment names the kernel code and the old mistake.
 */
#include "testmm.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                             */

#define INI_MACHINE(swap)               \
	"[machine]\n"                   \
	"cpus = 1\n"                    \
	"nodes = 1\n"                   \
	"memory = 64M\n"                \
	"zones = DMA:16M, DMA32:rest\n" \
	"swap = " swap "\n"

#define INI_REST                      \
	"[sysctl]\n"                  \
	"swappiness = 60\n"           \
	"[cgroup box]\ncgroup = v1\n" \
	"swappiness = 0\n"            \
	"[run]\n"                     \
	"seed = 1\n"                  \
	"duration = 1s\n"

static const char ini_swap[] = INI_MACHINE("64M") INI_REST;
static const char ini_noswap[] = INI_MACHINE("0") INI_REST;
static const char ini_16k[] = "[machine]\n"
			      "cpus = 1\n"
			      "nodes = 1\n"
			      "page_size = 16K\n"
			      "memory = 64M\n"
			      "zones = DMA:16M, DMA32:rest\n"
			      "swap = 64M\n" INI_REST;

static struct mem_cgroup *root_memcg(struct sim *sim)
{
	return sim->memcgs[0];
}

static struct pglist_data *node0(struct sim *sim)
{
	return &sim->nodes[0];
}

static struct lruvec *lruvec_of(struct sim *sim, struct mem_cgroup *memcg)
{
	return mem_cgroup_lruvec(memcg, node0(sim));
}

/*
 * A page frame from the buddy allocator of zone @z, owned by @memcg (its
 * counter is not charged: these pages are never freed), with @flags.  Not
 * on any list.  flags 0 = a page-cache page.
 */
static u32 new_page(struct sim *sim, enum zone_type z, struct mem_cgroup *memcg, u32 flags)
{
	u32 pfn = rmqueue_buddy(sim, &node0(sim)->node_zones[z], 0, MIGRATE_MOVABLE, 0);

	assert_int_not_equal(pfn, NO_PFN);
	sim->mem_map[pfn] = (struct page){
		.flags = flags, .next = NO_PFN, .prev = NO_PFN, .memcg_id = (u16)memcg->id
	};
	/* the group counts its pages' stats, as after a charge (commit_charge) */
	assert_int_equal(memcg_vmstats_alloc(memcg), 0);
	return pfn;
}

/* ... and put on the LRU its flags name (folio_add_lru). */
static u32 new_lru_page(struct sim *sim, struct mem_cgroup *memcg, u32 flags)
{
	u32 pfn = new_page(sim, ZONE_DMA32, memcg, flags);

	folio_add_lru(sim, pfn);
	return pfn;
}

/* @n new pages with @flags on @memcg's LRU. */
static void new_lru_pages(struct sim *sim, struct mem_cgroup *memcg, unsigned int n, u32 flags)
{
	for (unsigned int i = 0; i < n; i++)
		new_lru_page(sim, memcg, flags);
}

#define F(flag) (1u << (flag))
#define ANON (F(PG_anon) | F(PG_swapbacked))

/* ------------------------------------------------------------------ */
/* inactive_is_low (SPEC 3.4)                                          */

static bool low(struct sim *sim, u64 inactive, u64 active)
{
	struct lruvec *lv = lruvec_of(sim, root_memcg(sim));

	/* inactive_is_low reads lruvec_page_state: the hierarchical sizes */
	lv->nr_pages_hier[LRU_INACTIVE_ANON] = inactive;
	lv->nr_pages_hier[LRU_ACTIVE_ANON] = active;
	lv->nr_pages_hier[LRU_INACTIVE_FILE] = inactive;
	lv->nr_pages_hier[LRU_ACTIVE_FILE] = active;
	/* the rule is the same for both types */
	assert_int_equal(inactive_is_low(sim, lv, LRU_INACTIVE_ANON),
			 inactive_is_low(sim, lv, LRU_INACTIVE_FILE));
	return inactive_is_low(sim, lv, LRU_INACTIVE_ANON);
}

/*
 * rstat (v5.13+, memcg_stats = rstat): the file LRU sizes reclaim balances
 * by (inactive_is_low, cache_trim_mode) are those of the last flush of
 * the group's stats: a read of its memory.stat (mem_cgroup_flush_stats),
 * or the periodic flush every 2 s, which sees the sizes as the period
 * began; its stat_reads shorten the period.  A group whose cache grew
 * since the last flush still looks short of inactive file pages, and
 * reclaim deactivates its active ones (the oracle's hot sets).
 */
static void test_rstat_flushed_file_sizes(void **state)
{
	static const char ini_reads[] = INI_MACHINE("64M") INI_REST "[cgroup reader]\n"
								    "cgroup = v1\n"
								    "stat_reads = 200ms\n";
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_reads);
	struct mem_cgroup *box = test_memcg_named(sim, "box");
	struct mem_cgroup *reader = test_memcg_named(sim, "reader");
	struct lruvec *lv = lruvec_of(sim, box);
	struct scan_control sc = { .target_mem_cgroup = box, .priority = DEF_PRIORITY };

	assert_true(sim->scn.policy.memcg_stats_rstat);
	assert_int_equal(box->stat_flush_ns, 2 * NSEC_PER_SEC);
	assert_int_equal(reader->stat_flush_ns, 200 * NSEC_PER_MSEC);
	new_lru_pages(sim, box, 10, F(PG_active));
	assert_int_equal(lv->nr_pages_hier[LRU_ACTIVE_FILE], 10);
	assert_int_equal(lruvec_page_state_lru(sim, lv, LRU_ACTIVE_FILE), 0);
	mem_cgroup_flush_stats(sim, box); /* the group's memory.stat is read */
	assert_int_equal(lruvec_page_state_lru(sim, lv, LRU_ACTIVE_FILE), 10);
	new_lru_pages(sim, box, 30, 0);
	assert_int_equal(lruvec_page_state_lru(sim, lv, LRU_INACTIVE_FILE), 0);
	/* 0 inactive against 10 active as last flushed: deactivate */
	prepare_scan_control(sim, node0(sim), &sc);
	assert_true(sc.may_deactivate & DEACTIVATE_FILE);
	assert_false(sc.cache_trim_mode);
	/* the periodic flush at 2 s saw 30 and 10, not the 5 added after it */
	sim->eng.now = 2 * NSEC_PER_SEC + 1;
	new_lru_pages(sim, box, 5, 0);
	assert_int_equal(lv->nr_pages_hier[LRU_INACTIVE_FILE], 35);
	assert_int_equal(lruvec_page_state_lru(sim, lv, LRU_INACTIVE_FILE), 30);
	prepare_scan_control(sim, node0(sim), &sc);
	assert_false(sc.may_deactivate & DEACTIVATE_FILE);
	/* stat_reads = 200ms: the reader's sizes are at most 200 ms old */
	new_lru_pages(sim, reader, 7, 0);
	assert_int_equal(lruvec_page_state_lru(sim, lruvec_of(sim, reader), LRU_INACTIVE_FILE), 0);
	sim->eng.now += 200 * NSEC_PER_MSEC;
	assert_int_equal(lruvec_page_state_lru(sim, lruvec_of(sim, reader), LRU_INACTIVE_FILE), 7);
	/* before rstat (exact), the sizes read are the current ones */
	sim->scn.policy.memcg_stats_rstat = false;
	assert_int_equal(lruvec_page_state_lru(sim, lv, LRU_INACTIVE_FILE), 35);
}

/* Below 1 GiB of the type (262144 pages of 4 KiB) the ratio is 1. */
static void test_inactive_is_low_below_1g(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);

	assert_int_equal(sim->page_shift, 12);
	assert_true(low(sim, 100, 101));
	assert_false(low(sim, 100, 100));
	assert_false(low(sim, 101, 100));
	assert_true(low(sim, 0, 1));
	assert_false(low(sim, 0, 0));
	/* 262143 pages: still 0 GiB, ratio 1 */
	assert_true(low(sim, 131071, 131072));
	assert_false(low(sim, 131072, 131071));
}

/*
 * gb = (inactive + active) >> 18 with 4 KiB pages, ratio = isqrt(10 * gb):
 *   1 GiB -> isqrt(10) = 3, 4 GiB -> isqrt(40) = 6, 10 GiB -> isqrt(100) = 10,
 *   100 GiB -> isqrt(1000) = 31.
 * Each pair: inactive * ratio == active is not low, active one more is.
 */
static void test_inactive_is_low_ratio(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);

	/* 70000 + 210000 = 280000 pages: gb 1, ratio 3 */
	assert_false(low(sim, 70000, 210000));
	assert_true(low(sim, 70000, 210001));
	/* 150000 + 900000 = 1050000 pages (>= 4 << 18 = 1048576): gb 4, ratio 6 */
	assert_false(low(sim, 150000, 900000));
	assert_true(low(sim, 150000, 900001));
	/* with ratio 3 150000 vs 900000 would be low: the ratio grew */
	/* 240000 + 2400000 = 2640000 pages: gb 10, ratio 10 */
	assert_false(low(sim, 240000, 2400000));
	assert_true(low(sim, 240000, 2400001));
	/* 820000 + 25420000 = 26240000 pages: gb 100 (26214400..), ratio 31 */
	assert_false(low(sim, 820000, 25420000));
	assert_true(low(sim, 820000, 25420001));
}

/*
 * The GiB count uses the simulation's page size: 280000 pages are 1 GiB
 * with 4 KiB pages (ratio 3) but 4 GiB with 16 KiB pages (gb = 280000 >> 16
 * = 4, ratio 6).
 */
static void test_inactive_is_low_page_shift(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_16k);

	assert_int_equal(sim->page_shift, 14);
	assert_false(low(sim, 40000, 240000)); /* 40000 * 6 == 240000 */
	assert_true(low(sim, 40000, 240001));
	/* 65535 pages of 16 KiB: 0 GiB, ratio 1 */
	assert_false(low(sim, 32768, 32767));
	assert_true(low(sim, 32767, 32768));
}

/* ------------------------------------------------------------------ */
/* get_scan_count (SPEC 3.3)                                           */

/*
 * LRU sizes per zone of the lruvec under test (no pages behind them:
 * get_scan_count only reads lruvec->zone_nr):
 *
 *            inactive anon  active anon  inactive file  active file
 *   DMA              4096         8192          12288        16384
 *   DMA32           41060        81920         122880       167935
 *   Normal        1000000      1000000        1000000      1000000  (unpopulated zone)
 *   <= DMA32        45156        90112         135168       184319
 *
 * >> 12 (DEF_PRIORITY): 11, 22, 33, 44 (184319 / 4096 = 44.99 rounds down).
 */
static const u64 zone_sizes[3][4] = {
	{ 4096, 8192, 12288, 16384 },
	{ 41060, 81920, 122880, 167935 },
	{ 1000000, 1000000, 1000000, 1000000 },
};

/* @memcg's lruvec on node 0, with the zone sizes above. */
static struct lruvec *lruvec_with_zone_sizes(struct sim *sim, struct mem_cgroup *memcg)
{
	struct lruvec *lv = lruvec_of(sim, memcg);

	for (int z = 0; z < 3; z++)
		for (int l = 0; l < 4; l++)
			lv->zone_nr[z][l] = zone_sizes[z][l];
	return lv;
}

/*
 * get_scan_count() for @lv under @sc gives inactive anon @ia, active anon
 * @aa, inactive file @inf and active file @af.
 */
static void assert_scan(struct sim *sim, struct lruvec *lv, struct scan_control *sc,
			unsigned long ia, unsigned long aa, unsigned long inf, unsigned long af)
{
	const unsigned long want[4] = { ia, aa, inf, af };
	unsigned long nr[NR_LRU_LISTS];

	get_scan_count(sim, lv, sc, nr);
	for (int l = 0; l < 4; l++)
		if (nr[l] != want[l])
			print_error("nr[%d] = %lu, expected %lu\n", l, nr[l], want[l]);
	for (int l = 0; l < 4; l++)
		assert_int_equal(nr[l], want[l]);
}

/* Global direct reclaim defaults: may_swap, DMA32 eligible, priority 12. */
static struct scan_control sc_global(int priority)
{
	return (struct scan_control){
		.may_unmap = true,
		.may_swap = true,
		.may_writepage = true,
		.priority = priority,
		.reclaim_idx = ZONE_DMA32,
		.nr_to_reclaim = SWAP_CLUSTER_MAX,
	};
}

/* No swap device: SCAN_FILE at every priority, even 0 (no SCAN_EQUAL). */
static void test_gsc_scan_file_no_swap(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_noswap);
	struct lruvec *lv = lruvec_with_zone_sizes(sim, root_memcg(sim));
	struct scan_control sc = sc_global(DEF_PRIORITY);

	assert_null(sim->swap);
	assert_scan(sim, lv, &sc, 0, 0, 33, 44);
	sc.priority = 0;
	assert_scan(sim, lv, &sc, 0, 0, 135168, 184319);
	/* file_is_tiny cannot bring anon in either */
	sc.priority = DEF_PRIORITY;
	sc.file_is_tiny = true;
	assert_scan(sim, lv, &sc, 0, 0, 33, 44);
}

/*
 * scan_batch = saved (2.6.35 nr_scan_try_batch): at DEF_PRIORITY the
 * DMA32 zone's own lists (zone_lo: 2.6.35's shrink_zone) give inactive
 * file 122880 >> 12 = 30 and active file 167935 >> 12 = 40.  30 is short
 * of SWAP_CLUSTER_MAX: saved, not scanned; the next call scans the 60.
 * The 40 are scanned each time.  With scan_batch = none, 30 every time.
 */
static void test_gsc_scan_batch_saved(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_noswap);
	struct lruvec *lv = lruvec_with_zone_sizes(sim, root_memcg(sim));
	struct scan_control sc = sc_global(DEF_PRIORITY);

	sc.zone_lo = ZONE_DMA32;
	assert_scan(sim, lv, &sc, 0, 0, 30, 40);
	sim->scn.policy.scan_try_batch = true;
	assert_scan(sim, lv, &sc, 0, 0, 0, 40);
	assert_int_equal(lv->nr_saved_scan[ZONE_DMA32][LRU_INACTIVE_FILE], 30);
	assert_scan(sim, lv, &sc, 0, 0, 60, 40);
	assert_int_equal(lv->nr_saved_scan[ZONE_DMA32][LRU_INACTIVE_FILE], 0);
	assert_scan(sim, lv, &sc, 0, 0, 0, 40);
	/* the counts are the zone's: DMA's own lists have theirs */
	assert_int_equal(lv->nr_saved_scan[ZONE_DMA][LRU_INACTIVE_FILE], 0);
}

/*
 * force_scan (3.1..4.11): lists too small to give a page at DEF_PRIORITY
 * (DMA only: inactive anon 20, active anon 40, inactive file 100, active
 * file 5000, so 0, 0, 0 and 1 after >> 12).  In box's limit reclaim
 * (swappiness 0: SCAN_FILE) the inactive file list gets min(100, 32);
 * the type balance still applies, so anon stays 0 and the active file
 * list keeps its own 1.  Global reclaim is forced only in kswapd and only
 * on a node whose zones are all marked all_unreclaimable: then each list
 * gets min(size, 32) before SCAN_FRACT's split (costs 0: anon 60 / 200,
 * file 140 / 200): 20 * 60 / 200 = 6, 32 * 60 / 200 = 9, 32 * 140 / 200
 * = 22, and the active file list's own 1 * 140 / 200 = 0.
 */
static void test_gsc_force_scan(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct mem_cgroup *box = test_memcg_named(sim, "box");
	struct lruvec *lv = lruvec_of(sim, box), *root = lruvec_of(sim, root_memcg(sim));
	struct scan_control sc = sc_global(DEF_PRIORITY);
	static const u64 dma[4] = { 20, 40, 100, 5000 };

	for (int l = 0; l < 4; l++)
		lv->zone_nr[ZONE_DMA][l] = root->zone_nr[ZONE_DMA][l] = dma[l];
	sc.target_mem_cgroup = box;
	assert_scan(sim, lv, &sc, 0, 0, 0, 1);
	sim->scn.policy.force_scan = true;
	assert_scan(sim, lv, &sc, 0, 0, 32, 1);

	sc.target_mem_cgroup = NULL;
	sc.kswapd = true;
	assert_scan(sim, root, &sc, 0, 0, 0, 0);
	sim->scn.policy.all_unreclaimable = true;
	node0(sim)->node_zones[ZONE_DMA].all_unreclaimable = true;
	assert_scan(sim, root, &sc, 0, 0, 0, 0); /* DMA32 is not given up */
	node0(sim)->node_zones[ZONE_DMA32].all_unreclaimable = true;
	assert_scan(sim, root, &sc, 6, 9, 22, 0);
	sc.kswapd = false; /* direct reclaim is never forced */
	assert_scan(sim, root, &sc, 0, 0, 0, 0);
	sim->scn.policy.zone_reclaim = true; /* 3.x zone by zone: the zone's own flag */
	node0(sim)->node_zones[ZONE_DMA32].all_unreclaimable = false;
	sc.kswapd = true;
	sc.reclaim_idx = ZONE_DMA;
	assert_scan(sim, root, &sc, 6, 9, 22, 0);
	sc.reclaim_idx = ZONE_DMA32;
	sc.zone_lo = ZONE_DMA32;
	assert_scan(sim, root, &sc, 0, 0, 0, 0); /* DMA32's own lists are empty */
}

/*
 * lru_balance = rotated_* (2.6.28..5.7): the split comes from the
 * lruvec's own reclaim_stat.  At DEF_PRIORITY the lists give 11, 22, 33
 * and 44 (zone_sizes, <= DMA32); swappiness 60, so anon weighs 60 and
 * file 140.  Anon's 1,000 scans found 999 referenced, file's none: ap =
 * 60 x 1001 / 1000 = 60, fp = 140 x 1001 = 140,140, denominator 140,201:
 * file 33 x 140,140 / 140,201 = 32 and 43, anon 0.  As whole percentages
 * (2.6.28..2.6.33) anon gets 100 x 60 / 140,201 = 0 %, file 100 %: 33
 * and 44.  The other way round, ap = 60,060, fp = 140: anon 10 and 21
 * (fractions) or 99 % of them, 10 and 21, file 0.  A type whose scans
 * pass a quarter of its lists (file: 319,487 / 4) has both counts halved
 * as they are read.
 */
static void test_gsc_reclaim_stat(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct lruvec *lv = lruvec_with_zone_sizes(sim, root_memcg(sim));
	struct scan_control sc = sc_global(DEF_PRIORITY);

	sc.anon_cost = 1000000; /* the v5.8 costs are not read */
	sim->scn.policy.lru_balance = LRU_BALANCE_ROTATED_FRACTION;
	lv->recent_scanned[0] = lv->recent_scanned[1] = 1000;
	lv->recent_rotated[0] = 999;
	assert_scan(sim, lv, &sc, 0, 0, 32, 43);
	sim->scn.policy.lru_balance = LRU_BALANCE_ROTATED_PERCENT;
	assert_scan(sim, lv, &sc, 0, 0, 33, 44);
	lv->recent_rotated[0] = 0;
	lv->recent_rotated[1] = 999;
	assert_scan(sim, lv, &sc, 10, 21, 0, 0);
	sim->scn.policy.lru_balance = LRU_BALANCE_ROTATED_FRACTION;
	assert_scan(sim, lv, &sc, 10, 21, 0, 0);
	lv->recent_scanned[1] = 100000;
	get_scan_count(sim, lv, &sc, (unsigned long[NR_LRU_LISTS]){ 0 });
	assert_int_equal(lv->recent_scanned[1], 50000);
	assert_int_equal(lv->recent_rotated[1], 499);
	assert_int_equal(lv->recent_scanned[0], 1000);
}

/*
 * Reclaim feeds the stat its profile reads: anonfill-over-swap-seq (a
 * group over its limit with swap) under 3.10 fills reclaim_stat and
 * notes no cost; under 6.18 the reverse.
 */
static void test_reclaim_stat_fed(void **state)
{
	static const char *const k310[] = { "policy.kernel=3.10", NULL };
	const char *path = "scenarios/anonfill-over-swap-seq.ini";

	for (int old = 0; old < 2; old++) {
		struct sim *sim = test_sim_run_file(path, old ? k310 : NULL);
		u64 scanned = 0, cost = 0;

		for (unsigned int i = 0; i < sim->nr_memcgs; i++) {
			struct lruvec *lv = mem_cgroup_lruvec(sim->memcgs[i], node0(sim));

			scanned += lv->recent_scanned[0] + lv->recent_scanned[1];
			cost += lv->anon_cost + lv->file_cost;
		}
		print_message("%s: reclaim_stat scanned %llu, cost %llu\n", old ? "3.10" : "6.18",
			      (unsigned long long)scanned, (unsigned long long)cost);
		assert_true(old ? scanned > 0 && cost == 0 : scanned == 0 && cost > 0);
		sim_destroy(sim);
	}
	(void)state;
}

/* Swap present but !may_swap: SCAN_FILE, before every other rule. */
static void test_gsc_scan_file_may_swap0(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct lruvec *lv = lruvec_with_zone_sizes(sim, root_memcg(sim));
	struct scan_control sc = sc_global(DEF_PRIORITY);

	assert_int_equal(get_nr_swap_pages(sim), 16383); /* 16384 slots - header */
	sc.may_swap = false;
	sc.file_is_tiny = true;
	assert_scan(sim, lv, &sc, 0, 0, 33, 44);
	sc.priority = 0;
	assert_scan(sim, lv, &sc, 0, 0, 135168, 184319);
	/* a full swap device is the same as none */
	sc = sc_global(DEF_PRIORITY);
	sim->swap->inuse_pages = sim->swap->max - 1;
	assert_scan(sim, lv, &sc, 0, 0, 33, 44);
}

/*
 * Limit reclaim of a cgroup with swappiness 0 (box): SCAN_FILE, checked
 * before SCAN_EQUAL and file_is_tiny.  Global reclaim of the same lruvec
 * does not take this branch: with file_is_tiny it scans anon only, and at
 * priority 0 SCAN_EQUAL needs swappiness > 0, so it is file_is_tiny again.
 */
static void test_gsc_cgroup_swappiness0(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct mem_cgroup *box = test_memcg_named(sim, "box");
	struct lruvec *lv = lruvec_with_zone_sizes(sim, box);
	struct scan_control sc = sc_global(DEF_PRIORITY);

	assert_int_equal(box->swappiness, 0);
	sc.target_mem_cgroup = box;
	sc.file_is_tiny = true;
	assert_scan(sim, lv, &sc, 0, 0, 33, 44);
	sc.priority = 0;
	assert_scan(sim, lv, &sc, 0, 0, 135168, 184319);

	sc.target_mem_cgroup = NULL;
	sc.priority = DEF_PRIORITY;
	assert_scan(sim, lv, &sc, 11, 22, 0, 0);
	sc.priority = 0;
	assert_scan(sim, lv, &sc, 45156, 90112, 0, 0);
}

/* Priority 0 with swappiness > 0: SCAN_EQUAL, whole lists, before
 * file_is_tiny and cache_trim_mode. */
static void test_gsc_scan_equal(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct lruvec *lv = lruvec_with_zone_sizes(sim, root_memcg(sim));
	struct scan_control sc = sc_global(0);
	unsigned long nr[NR_LRU_LISTS];

	sc.file_is_tiny = true;
	sc.cache_trim_mode = true;
	sc.anon_cost = 1000000; /* costs are not looked at */
	assert_scan(sim, lv, &sc, 45156, 90112, 135168, 184319);
	/* the unevictable list is never given a count */
	lv->zone_nr[ZONE_DMA32][LRU_UNEVICTABLE] = 777;
	nr[LRU_UNEVICTABLE] = 12345;
	get_scan_count(sim, lv, &sc, nr);
	assert_int_equal(nr[LRU_UNEVICTABLE], 12345);
}

/* file_is_tiny: SCAN_ANON, checked before cache_trim_mode. */
static void test_gsc_scan_anon_file_is_tiny(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct lruvec *lv = lruvec_with_zone_sizes(sim, root_memcg(sim));
	struct scan_control sc = sc_global(DEF_PRIORITY);

	sc.file_is_tiny = true;
	assert_scan(sim, lv, &sc, 11, 22, 0, 0);
	sc.cache_trim_mode = true;
	assert_scan(sim, lv, &sc, 11, 22, 0, 0);
}

/* cache_trim_mode: SCAN_FILE whatever the costs say. */
static void test_gsc_scan_file_cache_trim(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct lruvec *lv = lruvec_with_zone_sizes(sim, root_memcg(sim));
	struct scan_control sc = sc_global(DEF_PRIORITY);

	sc.cache_trim_mode = true;
	sc.file_cost = 1000000;
	assert_scan(sim, lv, &sc, 0, 0, 33, 44);
	sc.priority = 2;
	assert_scan(sim, lv, &sc, 0, 0, 33792, 46079);
}

/*
 * SCAN_FRACT, swappiness 60 (MAX_SWAPPINESS 200), SPEC 3.3:
 *   total = anon_cost + file_cost; a = total + anon_cost; f = total + file_cost;
 *   T = a + f; ap = 60 * (T+1) / (a+1); fp = 140 * (T+1) / (f+1);
 *   nr = (size >> priority) * fraction / (ap + fp), both divisions rounding down.
 *
 * anon_cost 100, file_cost 300: total 400, a 500, f 700, T 1200;
 *   ap = 60 * 1201 / 501 = 72060 / 501 = 143
 *   fp = 140 * 1201 / 701 = 168140 / 701 = 239; ap + fp = 382
 *   priority 12 (11, 22, 33, 44):
 *     11*143/382 = 1573/382 = 4     22*143/382 = 3146/382 = 8
 *     33*239/382 = 7887/382 = 20    44*239/382 = 10516/382 = 27
 *   priority 2 (11289, 22528, 33792, 46079):
 *     11289*143/382 = 1614327/382 = 4225    22528*143/382 = 3221504/382 = 8433
 *     33792*239/382 = 8076288/382 = 21142   46079*239/382 = 11012881/382 = 28829
 * no cost yet (0, 0): a = f = T = 0; ap = 60, fp = 140, sum 200:
 *   priority 12: 11*60/200 = 3, 22*60/200 = 6, 33*140/200 = 23, 44*140/200 = 30
 * anon_cost 3000, file_cost 1000: total 4000, a 7000, f 5000, T 12000;
 *   ap = 60 * 12001 / 7001 = 720060 / 7001 = 102
 *   fp = 140 * 12001 / 5001 = 1680140 / 5001 = 335; sum 437
 *   priority 2: 11289*102/437 = 1151478/437 = 2634   22528*102/437 = 2297856/437 = 5258
 *               33792*335/437 = 11320320/437 = 25904 46079*335/437 = 15436465/437 = 35323
 */
static void test_gsc_scan_fract(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct lruvec *lv = lruvec_with_zone_sizes(sim, root_memcg(sim));
	struct scan_control sc = sc_global(DEF_PRIORITY);

	sc.anon_cost = 100;
	sc.file_cost = 300;
	assert_scan(sim, lv, &sc, 4, 8, 20, 27);
	sc.priority = 2;
	assert_scan(sim, lv, &sc, 4225, 8433, 21142, 28829);

	sc.anon_cost = sc.file_cost = 0;
	sc.priority = DEF_PRIORITY;
	assert_scan(sim, lv, &sc, 3, 6, 23, 30);

	sc.anon_cost = 3000;
	sc.file_cost = 1000;
	sc.priority = 2;
	assert_scan(sim, lv, &sc, 2634, 5258, 25904, 35323);

	/* the costs come from sc, not from the lruvec */
	lv->anon_cost = 1;
	lv->file_cost = 1000000;
	assert_scan(sim, lv, &sc, 2634, 5258, 25904, 35323);
}

/* The size >> priority rule at every priority (SCAN_FILE for the file
 * lists, SCAN_ANON for the anon lists). */
static void test_gsc_size_shift(void **state)
{
	static const unsigned long file[13][2] = {
		{ 135168, 184319 }, { 67584, 92159 }, { 33792, 46079 }, { 16896, 23039 },
		{ 8448, 11519 },    { 4224, 5759 },   { 2112, 2879 },	{ 1056, 1439 },
		{ 528, 719 },	    { 264, 359 },     { 132, 179 },	{ 66, 89 },
		{ 33, 44 },
	};
	static const unsigned long anon[13][2] = {
		{ 45156, 90112 }, { 22578, 45056 }, { 11289, 22528 }, { 5644, 11264 },
		{ 2822, 5632 },	  { 1411, 2816 },   { 705, 1408 },    { 352, 704 },
		{ 176, 352 },	  { 88, 176 },	    { 44, 88 },	      { 22, 44 },
		{ 11, 22 },
	};
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct lruvec *lv = lruvec_with_zone_sizes(sim, root_memcg(sim));

	for (int p = 0; p <= DEF_PRIORITY; p++) {
		struct scan_control sc = sc_global(p);

		sc.may_swap = false;
		assert_scan(sim, lv, &sc, 0, 0, file[p][0], file[p][1]);
		if (p == 0)
			continue; /* priority 0 is SCAN_EQUAL with swap */
		sc.may_swap = true;
		sc.file_is_tiny = true;
		assert_scan(sim, lv, &sc, anon[p][0], anon[p][1], 0, 0);
	}
}

/* Only zones up to reclaim_idx count (lruvec_lru_size). */
static void test_gsc_reclaim_idx(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct lruvec *lv = lruvec_with_zone_sizes(sim, root_memcg(sim));
	struct scan_control sc = sc_global(0); /* SCAN_EQUAL: sizes as they are */

	sc.reclaim_idx = ZONE_DMA;
	assert_scan(sim, lv, &sc, 4096, 8192, 12288, 16384);
	sc.reclaim_idx = ZONE_DMA32;
	assert_scan(sim, lv, &sc, 45156, 90112, 135168, 184319);
	sc.reclaim_idx = ZONE_NORMAL;
	assert_scan(sim, lv, &sc, 1045156, 1090112, 1135168, 1184319);
	/* and with the shift: DMA only at priority 12 is 1, 2, 3, 4 */
	sc = sc_global(DEF_PRIORITY);
	sc.reclaim_idx = ZONE_DMA;
	sc.may_swap = false;
	assert_scan(sim, lv, &sc, 0, 0, 3, 4);
	sc.may_swap = true;
	sc.file_is_tiny = true;
	assert_scan(sim, lv, &sc, 1, 2, 0, 0);
}

/* ------------------------------------------------------------------ */
/* prepare_scan_control (SPEC 3.3)                                     */

/*
 * cache_trim_mode = (inactive_file >> priority) > 0 and file not
 * deactivatable and not no_cache_trim_mode; the costs are copied from the
 * target lruvec.  The node counters are set by hand.
 */
static void test_prepare_scan_control_cache_trim(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct pglist_data *pgdat = node0(sim);
	struct lruvec *lv = lruvec_of(sim, root_memcg(sim));
	struct scan_control sc = sc_global(DEF_PRIORITY);

	/* the node counters set by hand are the exact sizes (no rstat) */
	sim->scn.policy.memcg_stats_rstat = false;
	lv->anon_cost = 17;
	lv->file_cost = 23;
	pgdat->vm_stat[NR_INACTIVE_FILE] = 4096; /* >> 12 = 1 */
	prepare_scan_control(sim, pgdat, &sc);
	assert_int_equal(sc.anon_cost, 17);
	assert_int_equal(sc.file_cost, 23);
	assert_int_equal(sc.may_deactivate, 0);
	assert_true(sc.cache_trim_mode);
	assert_false(sc.file_is_tiny);

	/* 4095 >> 12 = 0: no trim */
	pgdat->vm_stat[NR_INACTIVE_FILE] = 4095;
	prepare_scan_control(sim, pgdat, &sc);
	assert_false(sc.cache_trim_mode);

	pgdat->vm_stat[NR_INACTIVE_FILE] = 4096;
	sc.no_cache_trim_mode = true;
	prepare_scan_control(sim, pgdat, &sc);
	assert_false(sc.cache_trim_mode);

	/* the active file list larger than the inactive: file deactivatable */
	sc.no_cache_trim_mode = false;
	pgdat->vm_stat[NR_ACTIVE_FILE] = 4097;
	prepare_scan_control(sim, pgdat, &sc);
	assert_int_equal(sc.may_deactivate, DEACTIVATE_FILE);
	assert_false(sc.cache_trim_mode);

	/* force_deactivate: both types */
	pgdat->vm_stat[NR_ACTIVE_FILE] = 0;
	sc.force_deactivate = true;
	prepare_scan_control(sim, pgdat, &sc);
	assert_int_equal(sc.may_deactivate, DEACTIVATE_ANON | DEACTIVATE_FILE);
	assert_false(sc.cache_trim_mode);
}

/*
 * file_is_tiny (global reclaim) = file + free <= Σ high watermarks and
 * anon not deactivatable and (inactive_anon >> priority) > 0.
 */
static void test_prepare_scan_control_file_is_tiny(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct pglist_data *pgdat = node0(sim);
	struct zone *dma = &pgdat->node_zones[ZONE_DMA];
	struct zone *dma32 = &pgdat->node_zones[ZONE_DMA32];
	u64 high = high_wmark_pages(dma) + high_wmark_pages(dma32);
	struct scan_control sc = sc_global(DEF_PRIORITY);

	assert_true(high > 0);
	/* nothing free, no file, one priority-12 batch of inactive anon */
	dma->vm_stat[NR_FREE_PAGES] = 0;
	dma32->vm_stat[NR_FREE_PAGES] = 0;
	pgdat->vm_stat[NR_INACTIVE_ANON] = 4096;
	prepare_scan_control(sim, pgdat, &sc);
	assert_int_equal(sc.may_deactivate, 0);
	assert_true(sc.file_is_tiny);

	/* file + free exactly at the sum of the high watermarks: still tiny */
	pgdat->vm_stat[NR_INACTIVE_FILE] = (long)high - 10;
	dma32->vm_stat[NR_FREE_PAGES] = 10;
	pgdat->vm_stat[NR_INACTIVE_ANON] = 1L << 20; /* keep anon inactive-heavy */
	prepare_scan_control(sim, pgdat, &sc);
	assert_true(sc.file_is_tiny);
	dma32->vm_stat[NR_FREE_PAGES] = 11;
	prepare_scan_control(sim, pgdat, &sc);
	assert_false(sc.file_is_tiny);

	/* inactive anon >> 12 == 0: not tiny */
	pgdat->vm_stat[NR_INACTIVE_FILE] = 0;
	dma32->vm_stat[NR_FREE_PAGES] = 0;
	pgdat->vm_stat[NR_INACTIVE_ANON] = 4095;
	prepare_scan_control(sim, pgdat, &sc);
	assert_false(sc.file_is_tiny);

	/* anon deactivatable (active > inactive): not tiny */
	pgdat->vm_stat[NR_INACTIVE_ANON] = 4096;
	pgdat->vm_stat[NR_ACTIVE_ANON] = 4097;
	prepare_scan_control(sim, pgdat, &sc);
	assert_int_equal(sc.may_deactivate, DEACTIVATE_ANON);
	assert_false(sc.file_is_tiny);

	/* the same node seen by limit reclaim: never tiny (box is empty) */
	pgdat->vm_stat[NR_ACTIVE_ANON] = 0;
	sc = sc_global(DEF_PRIORITY);
	prepare_scan_control(sim, pgdat, &sc);
	assert_true(sc.file_is_tiny);
	sc = sc_global(DEF_PRIORITY);
	sc.target_mem_cgroup = test_memcg_named(sim, "box");
	prepare_scan_control(sim, pgdat, &sc);
	assert_false(sc.file_is_tiny);
}

/*
 * FIXED MODEL BUG (src/mm/vmscan.c prepare_scan_control, the file_is_tiny loop
 * "for (int z = 0; z <= (int)sc->reclaim_idx; z++)"): the kernel (v6.12
 * mm/vmscan.c prepare_scan_control) sums the free pages of the whole node
 * (sum_zone_node_page_state(NR_FREE_PAGES)) and the high watermarks of
 * every managed zone (z < MAX_NR_ZONES), whatever reclaim_idx is; SPEC 3.3
 * says the same.  The model only counts zones <= reclaim_idx, so a
 * reclaim for a low zone (kswapd woken for DMA, a GFP_DMA allocation)
 * sees "file is tiny" while the node has plenty of free DMA32 memory.
 */
static void test_prepare_scan_control_file_is_tiny_whole_node(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct pglist_data *pgdat = node0(sim);
	struct zone *dma = &pgdat->node_zones[ZONE_DMA];
	struct zone *dma32 = &pgdat->node_zones[ZONE_DMA32];
	struct scan_control sc = sc_global(DEF_PRIORITY);

	/* DMA is empty, DMA32 has 12288 pages free, far above Σ high */
	dma->vm_stat[NR_FREE_PAGES] = 0;
	assert_int_equal(zone_page_state(dma32, NR_FREE_PAGES), 12288);
	assert_true(high_wmark_pages(dma) + high_wmark_pages(dma32) < 12288);
	pgdat->vm_stat[NR_INACTIVE_ANON] = 4096;
	sc.reclaim_idx = ZONE_DMA;
	prepare_scan_control(sim, pgdat, &sc);
	assert_false(sc.file_is_tiny); /* kernel: 0 + 12288 > Σ high */
}

/*
 * wakeup_kswapd's rules, DMA free above its high watermark, DMA32's free
 * one page below its low one (@below_high: its high one).  zone_low
 * (2.6.35, v3.10): a request for DMA32 wakes kswapd below low, not
 * between low and high; one for DMA alone does not.  zone_balanced
 * (v3.12..4.7): below high suffices.  node_balanced (v6.12): the node
 * counts as balanced, DMA being above high, and kswapd sleeps on.
 */
static void wakeup_kswapd_dma32(void **state, const char *policy, bool below_high, bool woken)
{
	char extra[128];
	struct sim *sim;
	struct pglist_data *pgdat;
	struct zone *dma, *dma32;

	snprintf(extra, sizeof(extra), "cpus = 1\n[policy]\nkernel = 2.6.35\n%s", policy);
	sim = *state = test_sim_zones(state, 4096, 16384, 0, extra);
	pgdat = node0(sim);
	dma = &pgdat->node_zones[ZONE_DMA];
	dma32 = &pgdat->node_zones[ZONE_DMA32];
	assert_ptr_equal(pgdat->kswapd->waiting_on, &pgdat->kswapd_wait);
	assert_true(zone_page_state(dma, NR_FREE_PAGES) > (long)high_wmark_pages(dma));
	dma32->vm_stat[NR_FREE_PAGES] = (long)low_wmark_pages(dma32) - 1;
	if (below_high) {
		dma32->vm_stat[NR_FREE_PAGES] = (long)high_wmark_pages(dma32) - 1;
		assert_true(zone_page_state(dma32, NR_FREE_PAGES) > (long)low_wmark_pages(dma32));
	}

	wakeup_kswapd(sim, dma, 0, 0, ZONE_DMA);
	assert_ptr_equal(pgdat->kswapd->waiting_on, &pgdat->kswapd_wait);
	wakeup_kswapd(sim, dma32, 0, 0, ZONE_DMA32);
	assert_int_equal(pgdat->kswapd->state != TASK_BLOCKED, woken);
}

/*
 * balance_pgdat() ends with snapshot_refaults() (v6.12): a node that only
 * kswapd reclaims, with refault activations counted before (7 here),
 * deactivates its active file list while they are new; after kswapd's
 * round has taken the snapshot, the next round finds no new refault and,
 * its inactive file list not low, leaves the active list alone (without
 * the snapshot, refaults[1] stayed 0 and every kswapd round deactivated
 * the active file list, without end).
 */
static void test_kswapd_snapshot_refaults(void **state)
{
	struct sim *sim = *state = test_sim_zones(
		state, 0, 0, 65536, "cpus = 1\nswap = 64M\n[sysctl]\nmin_free_kbytes = 1024\n");
	struct zone *z = &node0(sim)->node_zones[ZONE_NORMAL];
	struct pglist_data *pgdat = node0(sim);
	struct lruvec *root = mem_cgroup_lruvec(sim->memcgs[0], pgdat);
	struct address_space *mapping = file_create(sim, "f", 40000);
	struct task *k = pgdat->kswapd;
	struct task *t = test_task_in(sim, sim->memcgs[0]);
	struct scan_control sc = { .priority = DEF_PRIORITY };
	int steps = 0;

	add_page_cache(sim, z, t, mapping, 40000);
	mod_lruvec_state(root, WORKINGSET_ACTIVATE_FILE, 7);
	prepare_scan_control(sim, pgdat, &sc);
	assert_true(sc.may_deactivate & DEACTIVATE_FILE); /* 7 new activations */

	/* a boosted watermark: kswapd reclaims, nobody else does */
	assert_true(boost_watermark(sim, z));
	wakeup_kswapd(sim, z, 0, 0, ZONE_NORMAL);
	do {
		k->state = TASK_RUNNING;
		task_run_step(k);
		assert_true(++steps < 100000);
	} while (k->state != TASK_BLOCKED);
	assert_true(sim->vm_events[PGSTEAL_KSWAPD] > 0);
	assert_int_equal(sim->vm_events[PGSTEAL_DIRECT], 0);

	assert_int_equal(root->refaults[1], 7);
	sc = (struct scan_control){ .priority = DEF_PRIORITY };
	prepare_scan_control(sim, pgdat, &sc);
	assert_false(sc.may_deactivate & DEACTIVATE_FILE);
}

static void test_wakeup_kswapd_zone_low(void **state)
{
	wakeup_kswapd_dma32(state, "", false, true);
}

static void test_wakeup_kswapd_zone_low_above_low(void **state)
{
	wakeup_kswapd_dma32(state, "", true, false);
}

static void test_wakeup_kswapd_zone_balanced(void **state)
{
	wakeup_kswapd_dma32(state, "wakeup_kswapd = zone_balanced\n", true, true);
}

static void test_wakeup_kswapd_node_balanced(void **state)
{
	wakeup_kswapd_dma32(state, "wakeup_kswapd = node_balanced\n", false, false);
}

/*
 * The dirty limits' base: 2.6.35's determine_dirtyable_memory counts all
 * free pages and the anon LRU pages while swap has room; 2.6.25's
 * (global_lru_pages until 2.6.32) the anon pages with no swap too;
 * v6.12's leaves anon out and takes the reserves off the free pages;
 * 3.10's takes the reserves and min_free_kbytes off the 2.6.35 sum.
 * dirty_ratio 20, dirty_background_ratio 10.
 */
static void dirtyable_memory(void **state, const char *swap, u64 anon_with_swap)
{
	char cfg[128];
	struct sim *sim;
	struct pglist_data *pgdat;
	u64 free = 0, bg;

	snprintf(cfg, sizeof(cfg), "cpus = 1\nswap = %s\n[policy]\nkernel = 2.6.35\n", swap);
	sim = *state = test_sim_zones(state, 4096, 16384, 0, cfg);
	pgdat = node0(sim);
	for (int z = 0; z < MAX_NR_ZONES; z++)
		free += (u64)pgdat->node_zones[z].vm_stat[NR_FREE_PAGES];
	assert_true(free > sim->totalreserve_pages);
	pgdat->vm_stat[NR_INACTIVE_ANON] += 1000;
	pgdat->vm_stat[NR_ACTIVE_FILE] += 500;
	assert_int_equal(sim->scn.policy.dirtyable_memory, DIRTYABLE_RECLAIMABLE);
	assert_int_equal(global_dirty_limit(sim, &bg), (free + 500 + anon_with_swap) * 20 / 100);
	assert_int_equal(bg, (free + 500 + anon_with_swap) * 10 / 100);
	sim->scn.policy.dirtyable_memory = DIRTYABLE_LRU;
	assert_int_equal(global_dirty_limit(sim, &bg), (free + 1500) * 20 / 100);
	assert_int_equal(bg, (free + 1500) * 10 / 100);
	sim->scn.policy.dirtyable_memory = DIRTYABLE_FREE_AND_FILE;
	assert_int_equal(global_dirty_limit(sim, &bg),
			 (free - sim->totalreserve_pages + 500) * 20 / 100);
	/* 3.10: the reserves and min_free_kbytes off the whole sum, anon with swap */
	sim->scn.policy.dirtyable_memory = DIRTYABLE_RECLAIMABLE_RESERVES;
	assert_true(sim->min_free_kbytes > 0);
	assert_int_equal(global_dirty_limit(sim, &bg),
			 (free + 500 + anon_with_swap - sim->totalreserve_pages -
			  ((u64)sim->min_free_kbytes >> (sim->page_shift - 10))) *
				 20 / 100);
	pgdat->vm_stat[NR_INACTIVE_ANON] -= 1000;
	pgdat->vm_stat[NR_ACTIVE_FILE] -= 500;
}

static void test_dirtyable_memory(void **state)
{
	dirtyable_memory(state, "64M", 1000);
}

static void test_dirtyable_memory_noswap(void **state)
{
	dirtyable_memory(state, "0", 0);
}

/*
 * throttle_vm_writeout (2.6.x..4.10): no nap while the pages under
 * writeback are at most the dirty limit plus a tenth; one more, and the
 * task sleeps in congestion_wait, and naps again after the wake-up while
 * they stay above; a GFP_NOFS reclaimer gives up after the first nap.
 */
static void vm_writeout_fn(struct task *t, void *arg)
{
	throttle_vm_writeout(t, *(const gfp_t *)arg);
}

static bool vm_writeout_step(struct task *t)
{
	if (t->state == TASK_BLOCKED) {
		wake_up_task(t);
		t->state = TASK_RUNNING;
	}
	return test_call_step(t);
}

static void test_throttle_vm_writeout(void **state)
{
	struct sim *sim = *state =
		test_sim_zones(state, 4096, 16384, 0, "cpus = 1\n[policy]\nkernel = 2.6.35\n");
	struct task *t = test_task_in(sim, sim->memcgs[0]);
	u64 bg, thresh = global_dirty_limit(sim, &bg);
	struct test_call call;
	gfp_t gfp = GFP_KERNEL;

	assert_true(thresh > 0);
	sim->nr_writeback = thresh + thresh / 10;
	test_call_start(t, &call, vm_writeout_fn, &gfp);
	assert_true(test_call_step(t)); /* at the limit: returns at once */

	sim->nr_writeback++;
	test_call_start(t, &call, vm_writeout_fn, &gfp);
	assert_false(test_call_step(t));
	assert_ptr_equal(t->waiting_on, &sim->congestion_wait);
	assert_false(vm_writeout_step(t)); /* still above: a second nap */
	sim->nr_writeback = 0;
	assert_true(vm_writeout_step(t));

	gfp = GFP_NOFS;
	sim->nr_writeback = thresh * 2;
	test_call_start(t, &call, vm_writeout_fn, &gfp);
	assert_false(test_call_step(t));
	assert_true(vm_writeout_step(t)); /* no __GFP_FS: one nap only */
	sim->nr_writeback = 0;
}

/* ------------------------------------------------------------------ */
/* folio_mark_accessed (SPEC 3.5, mm/swap.c)                           */

static void test_folio_mark_accessed(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct mem_cgroup *root = root_memcg(sim);
	struct lruvec *lv = lruvec_of(sim, root);
	struct pglist_data *pgdat = node0(sim);
	struct zone *dma32 = &pgdat->node_zones[ZONE_DMA32];
	u32 other = new_lru_page(sim, root, 0);
	u32 pfn = new_lru_page(sim, root, 0);
	struct page *page = pfn_to_page(sim, pfn);

	assert_int_equal(lv->nr_pages[LRU_INACTIVE_FILE], 2);
	assert_int_equal(node_page_state(pgdat, NR_INACTIVE_FILE), 2);
	assert_int_equal(lruvec_list(sim, lv, ZONE_DMA32, LRU_INACTIVE_FILE)->head, pfn);

	/* first access: PG_referenced only */
	folio_mark_accessed(sim, pfn);
	assert_true(PageFlag(page, PG_referenced));
	assert_false(PageFlag(page, PG_active));
	assert_int_equal(lv->nr_pages[LRU_INACTIVE_FILE], 2);
	assert_int_equal(lv->nr_pages[LRU_ACTIVE_FILE], 0);
	assert_int_equal(sim->vm_events[PGACTIVATE], 0);
	assert_int_equal(lv->nonresident_age, 0);

	/* second access of an inactive page: activated, PG_referenced cleared */
	folio_mark_accessed(sim, pfn);
	assert_true(PageFlag(page, PG_active));
	assert_true(PageFlag(page, PG_lru));
	assert_false(PageFlag(page, PG_referenced));
	assert_int_equal(lv->nr_pages[LRU_INACTIVE_FILE], 1);
	assert_int_equal(lv->nr_pages[LRU_ACTIVE_FILE], 1);
	assert_int_equal(lv->zone_nr[ZONE_DMA32][LRU_ACTIVE_FILE], 1);
	assert_int_equal(node_page_state(pgdat, NR_INACTIVE_FILE), 1);
	assert_int_equal(node_page_state(pgdat, NR_ACTIVE_FILE), 1);
	assert_int_equal(zone_page_state(dma32, NR_ZONE_ACTIVE_FILE), 1);
	assert_int_equal(zone_page_state(dma32, NR_ZONE_INACTIVE_FILE), 1);
	assert_int_equal(root->vm_stat[NR_ACTIVE_FILE], 1);
	assert_int_equal(lruvec_list(sim, lv, ZONE_DMA32, LRU_ACTIVE_FILE)->head, pfn);
	assert_int_equal(lruvec_list(sim, lv, ZONE_DMA32, LRU_INACTIVE_FILE)->head, other);
	assert_int_equal(lruvec_list(sim, lv, ZONE_DMA32, LRU_INACTIVE_FILE)->tail, other);
	assert_int_equal(sim->vm_events[PGACTIVATE], 1);
	assert_int_equal(root->vm_events[PGACTIVATE], 1);
	assert_int_equal(lv->nonresident_age, 1); /* workingset_activation */

	/* an active page: only PG_referenced, then nothing at all */
	folio_mark_accessed(sim, pfn);
	assert_true(PageFlag(page, PG_referenced));
	assert_true(PageFlag(page, PG_active));
	folio_mark_accessed(sim, pfn);
	assert_true(PageFlag(page, PG_referenced));
	assert_int_equal(lv->nr_pages[LRU_ACTIVE_FILE], 1);
	assert_int_equal(lv->nr_pages[LRU_INACTIVE_FILE], 1);
	assert_int_equal(sim->vm_events[PGACTIVATE], 1);
	assert_int_equal(lv->nonresident_age, 1);

	/* an anon page moves between the anon lists the same way */
	pfn = new_lru_page(sim, root, ANON);
	page = pfn_to_page(sim, pfn);
	folio_mark_accessed(sim, pfn);
	folio_mark_accessed(sim, pfn);
	assert_true(PageFlag(page, PG_active));
	assert_int_equal(lv->nr_pages[LRU_ACTIVE_ANON], 1);
	assert_int_equal(lv->nr_pages[LRU_INACTIVE_ANON], 0);
	assert_int_equal(node_page_state(pgdat, NR_ACTIVE_ANON), 1);
	assert_int_equal(sim->vm_events[PGACTIVATE], 2);

	/* off the LRU (isolated): PG_active is set for the putback, no list
	 * moves and no PGACTIVATE (__lru_cache_activate_folio) */
	pfn = new_page(sim, ZONE_DMA32, root, F(PG_isolated));
	page = pfn_to_page(sim, pfn);
	folio_mark_accessed(sim, pfn);
	folio_mark_accessed(sim, pfn);
	assert_true(PageFlag(page, PG_active));
	assert_false(PageFlag(page, PG_referenced));
	assert_false(PageFlag(page, PG_lru));
	assert_int_equal(sim->vm_events[PGACTIVATE], 2);
	assert_int_equal(lv->nr_pages[LRU_ACTIVE_FILE], 1);
	assert_int_equal(lv->nonresident_age, 3);
}

/* ------------------------------------------------------------------ */
/* folio_check_references (SPEC 3.5)                                   */

/* A task with an mm and one anonymous page faulted in by a write. */
static u32 fault_anon_page(struct sim *sim, struct task **tp, u64 *vpnp)
{
	struct task *t = test_task_in(sim, root_memcg(sim));
	u64 vpn;
	pte_t *pte;
	u32 pfn;

	t->mm = mm_alloc(sim, t);
	assert_non_null(t->mm);
	vpn = mmap_anon(t->mm, 4);
	assert_int_not_equal(vpn, 0);
	assert_int_equal(handle_mm_fault(t, vpn + 1, true), VM_FAULT_DONE);
	pte = pte_offset_map(find_vma(t->mm, vpn + 1), vpn + 1);
	assert_true(pte_present(*pte));
	assert_true(*pte & PTE_YOUNG);
	pfn = pte_pfn(*pte);
	*tp = t;
	*vpnp = vpn + 1;
	return pfn;
}

static void test_folio_check_references_mapped_anon(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct task *t;
	u64 vpn;
	u32 pfn = fault_anon_page(sim, &t, &vpn);
	struct page *page = pfn_to_page(sim, pfn);
	struct vm_area_struct *vma = find_vma(t->mm, vpn);
	pte_t *pte = pte_offset_map(vma, vpn);

	/* new anon pages start inactive (v5.9+), mapped once, not referenced */
	assert_int_equal(folio_lru_list(page), LRU_INACTIVE_ANON);
	assert_int_equal(page->mapcount, 1);
	assert_false(PageFlag(page, PG_referenced));

	/* the young bit of the instantiating fault: one more trip */
	assert_int_equal(folio_check_references(t, pfn), FOLIOREF_KEEP);
	assert_true(PageFlag(page, PG_referenced));
	assert_false(*pte & PTE_YOUNG); /* folio_referenced cleared it */

	/* used again: second reference -> activate, PG_referenced kept */
	assert_int_equal(handle_mm_fault(t, vpn, false), VM_FAULT_DONE);
	assert_true(*pte & PTE_YOUNG);
	assert_int_equal(folio_check_references(t, pfn), FOLIOREF_ACTIVATE);
	assert_true(PageFlag(page, PG_referenced));
	assert_false(*pte & PTE_YOUNG);

	/* not used since: PG_referenced alone does not save an anon page */
	assert_int_equal(folio_check_references(t, pfn), FOLIOREF_RECLAIM);
	assert_false(PageFlag(page, PG_referenced));
	assert_int_equal(folio_check_references(t, pfn), FOLIOREF_RECLAIM);

	/* VM_EXEC only activates file pages after one use */
	vma->vm_flags = VM_EXEC;
	*pte |= PTE_YOUNG;
	assert_int_equal(folio_check_references(t, pfn), FOLIOREF_KEEP);
	assert_true(PageFlag(page, PG_referenced));

	/* VM_LOCKED: activate (to the unevictable list), young or not;
	 * PG_referenced is still tested and cleared */
	vma->vm_flags = VM_LOCKED;
	assert_int_equal(folio_check_references(t, pfn), FOLIOREF_ACTIVATE);
	assert_false(PageFlag(page, PG_referenced));
	assert_int_equal(folio_check_references(t, pfn), FOLIOREF_ACTIVATE);

	/* the page never left the inactive list: the verdicts move nothing */
	assert_int_equal(folio_lru_list(page), LRU_INACTIVE_ANON);
	assert_int_equal(lruvec_of(sim, root_memcg(sim))->nr_pages[LRU_INACTIVE_ANON], 1);
}

static void test_folio_check_references_unmapped(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct mem_cgroup *root = root_memcg(sim);
	struct task *t = test_task_in(sim, root);
	u32 file = new_lru_page(sim, root, F(PG_referenced));
	u32 anon = new_lru_page(sim, root, ANON | F(PG_swapcache) | F(PG_referenced));

	/* page cache with PG_referenced: reclaim only if clean */
	assert_int_equal(folio_check_references(t, file), FOLIOREF_RECLAIM_CLEAN);
	assert_false(PageFlag(pfn_to_page(sim, file), PG_referenced));
	/* without: reclaim */
	assert_int_equal(folio_check_references(t, file), FOLIOREF_RECLAIM);
	/* an unmapped anon (swap cache) page with PG_referenced: reclaim */
	assert_int_equal(folio_check_references(t, anon), FOLIOREF_RECLAIM);
	assert_false(PageFlag(pfn_to_page(sim, anon), PG_referenced));
}

/* ------------------------------------------------------------------ */
/* Refault detection (mm/workingset.c)                                 */

/*
 * The root lruvec gets @active active file pages (the workingset the
 * refault distance is compared with: active file + both anon lists with
 * swap, and the anon lists are empty here), then a page with @flags, off
 * the LRU as reclaim leaves it, is evicted.  Returns its shadow entry;
 * the evicted page in *@victim, a new page for the refault in *@refault.
 */
static u64 workingset_evict(struct sim *sim, unsigned int active, u32 flags, u32 *victim,
			    u32 *refault)
{
	struct mem_cgroup *root = root_memcg(sim);

	new_lru_pages(sim, root, active, F(PG_active));
	*victim = new_page(sim, ZONE_DMA32, root, flags);
	*refault = new_page(sim, ZONE_DMA32, root, 0);
	return workingset_eviction(sim, *victim, NULL);
}

/* Age the root lruvec's clock by @n activations. */
static void age_clock(struct sim *sim, u32 pfn, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		workingset_activation(sim, pfn);
}

/*
 * Evicted at clock 0, then 3 activations, then refaulted: the refault
 * distance is 4 (the eviction's own tick and 3) against a workingset of 4
 * (active file + anon lists, swap present): 4 <= 4, activated.  Together
 * with test_workingset_eviction_clock_order (one more activation: not
 * activated) this pins the "distance <= workingset size" boundary.
 */
static void test_workingset_refault_within(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct mem_cgroup *root = root_memcg(sim);
	struct lruvec *lv = lruvec_of(sim, root);
	struct pglist_data *pgdat = node0(sim);
	u32 victim, refault;
	u64 shadow = workingset_evict(sim, 4, 0, &victim, &refault);

	assert_true(xa_is_value(shadow));
	assert_int_equal(lv->nonresident_age, 1);
	age_clock(sim, victim, 3);
	workingset_refault(sim, refault, shadow);
	assert_true(PageFlag(pfn_to_page(sim, refault), PG_active));
	assert_false(PageFlag(pfn_to_page(sim, refault), PG_workingset));
	assert_int_equal(node_page_state(pgdat, WORKINGSET_REFAULT_FILE), 1);
	assert_int_equal(node_page_state(pgdat, WORKINGSET_ACTIVATE_FILE), 1);
	assert_int_equal(node_page_state(pgdat, WORKINGSET_RESTORE_FILE), 0);
	assert_int_equal(node_page_state(pgdat, WORKINGSET_REFAULT_ANON), 0);
	assert_int_equal(root->vm_stat[WORKINGSET_REFAULT_FILE], 1);
	assert_int_equal(root->vm_stat[WORKINGSET_ACTIVATE_FILE], 1);
	assert_int_equal(lv->nonresident_age, 5); /* the activation ages it */
	/* it goes onto the active list when added */
	folio_add_lru(sim, refault);
	assert_int_equal(lv->nr_pages[LRU_ACTIVE_FILE], 5);
}

/* Evicted, then 10 activations: distance 11 > workingset 4: stays inactive. */
static void test_workingset_refault_beyond(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct mem_cgroup *root = root_memcg(sim);
	struct lruvec *lv = lruvec_of(sim, root);
	struct pglist_data *pgdat = node0(sim);
	u32 victim, refault;
	u64 shadow = workingset_evict(sim, 4, F(PG_workingset), &victim, &refault);

	age_clock(sim, victim, 10);
	workingset_refault(sim, refault, shadow);
	assert_false(PageFlag(pfn_to_page(sim, refault), PG_active));
	assert_false(PageFlag(pfn_to_page(sim, refault), PG_workingset));
	assert_int_equal(node_page_state(pgdat, WORKINGSET_REFAULT_FILE), 1);
	assert_int_equal(node_page_state(pgdat, WORKINGSET_ACTIVATE_FILE), 0);
	assert_int_equal(node_page_state(pgdat, WORKINGSET_RESTORE_FILE), 0);
	assert_int_equal(root->vm_stat[WORKINGSET_REFAULT_FILE], 1);
	assert_int_equal(lv->nonresident_age, 11);
	assert_int_equal(lv->file_cost, 0);
	assert_int_equal(lv->anon_cost, 0);

	/* the anon lists count for a file refault when swap has room:
	 * 8 more inactive anon pages make the workingset 12 >= 12 */
	new_lru_pages(sim, root, 8, ANON);
	refault = new_page(sim, ZONE_DMA32, root, 0);
	shadow = workingset_eviction(sim, victim, NULL); /* age 12 */
	age_clock(sim, victim, 11); /* age 23 */
	workingset_refault(sim, refault, shadow);
	/* kernel distance 23 - 11 = 12; model 23 - 12 = 11: both <= 12 */
	assert_true(PageFlag(pfn_to_page(sim, refault), PG_active));
	assert_int_equal(node_page_state(pgdat, WORKINGSET_ACTIVATE_FILE), 1);
}

/*
 * A page that was active before eviction (PG_workingset) and refaults
 * within the distance is restored: PG_workingset again, RESTORE counted,
 * and the refault is a reclaim cost of its type: lru_note_cost(file, 1
 * page of IO) = 32, then halved because 32 > (4 LRU pages) / 4.
 */
static void test_workingset_refault_restore(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct mem_cgroup *root = root_memcg(sim);
	struct lruvec *lv = lruvec_of(sim, root);
	struct pglist_data *pgdat = node0(sim);
	u32 victim, refault;
	u64 shadow = workingset_evict(sim, 4, F(PG_workingset), &victim, &refault);

	workingset_refault(sim, refault, shadow);
	assert_true(PageFlag(pfn_to_page(sim, refault), PG_active));
	assert_true(PageFlag(pfn_to_page(sim, refault), PG_workingset));
	assert_int_equal(node_page_state(pgdat, WORKINGSET_REFAULT_FILE), 1);
	assert_int_equal(node_page_state(pgdat, WORKINGSET_ACTIVATE_FILE), 1);
	assert_int_equal(node_page_state(pgdat, WORKINGSET_RESTORE_FILE), 1);
	assert_int_equal(root->vm_stat[WORKINGSET_RESTORE_FILE], 1);
	assert_int_equal(lv->file_cost, 16);
	assert_int_equal(lv->anon_cost, 0);

	/* an anon refault counts in the anon items and the anon cost */
	victim = new_page(sim, ZONE_DMA32, root, ANON | F(PG_workingset));
	refault = new_page(sim, ZONE_DMA32, root, ANON);
	shadow = workingset_eviction(sim, victim, NULL);
	workingset_refault(sim, refault, shadow);
	assert_true(PageFlag(pfn_to_page(sim, refault), PG_active));
	assert_int_equal(node_page_state(pgdat, WORKINGSET_REFAULT_ANON), 1);
	assert_int_equal(node_page_state(pgdat, WORKINGSET_ACTIVATE_ANON), 1);
	assert_int_equal(node_page_state(pgdat, WORKINGSET_RESTORE_ANON), 1);
	/* anon 32, file 16: 48 > 1 -> both halved: 16, 8 */
	assert_int_equal(lv->anon_cost, 16);
	assert_int_equal(lv->file_cost, 8);
}

/*
 * FIXED MODEL BUG (src/mm/workingset.c workingset_eviction: it calls
 * workingset_age_nonresident() before reading nonresident_age).  The
 * kernel (v6.12 mm/workingset.c workingset_eviction) reads the clock into
 * the shadow first and then ages it, so the eviction's own tick is part of
 * the refault distance: evicted at clock 0 (clock -> 1), 4 activations
 * (clock 5), refault distance 5 > workingset 4: not activated.  The model
 * stores 1 and finds distance 4 <= 4: it activates one page too many at
 * the boundary.
 */
static void test_workingset_eviction_clock_order(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct lruvec *lv = lruvec_of(sim, root_memcg(sim));
	u32 victim, refault;
	u64 shadow = workingset_evict(sim, 4, 0, &victim, &refault);

	assert_int_equal(lv->nonresident_age, 1);
	age_clock(sim, victim, 4);
	workingset_refault(sim, refault, shadow);
	assert_int_equal(node_page_state(node0(sim), WORKINGSET_REFAULT_FILE), 1);
	assert_false(PageFlag(pfn_to_page(sim, refault), PG_active));
	assert_int_equal(node_page_state(node0(sim), WORKINGSET_ACTIVATE_FILE), 0);
}

/*
 * FIXED MODEL BUG (src/mm/workingset.c workingset_refault: lru_note_cost_refault()
 * is called for every activated refault).  The kernel (v6.12
 * mm/workingset.c workingset_refault) calls lru_note_cost_refault() only
 * inside "if (workingset)", for a folio that was active before eviction
 * (the comment says "Folio was active prior to eviction").  A refault of
 * a page that was never active is activated but adds no cost: file_cost
 * stays 0 (the model gives 32, halved to 16).
 */
static void test_workingset_refault_cost_only_on_restore(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct lruvec *lv = lruvec_of(sim, root_memcg(sim));
	u32 victim, refault;
	u64 shadow = workingset_evict(sim, 4, 0, &victim, &refault);

	workingset_refault(sim, refault, shadow);
	assert_true(PageFlag(pfn_to_page(sim, refault), PG_active));
	assert_int_equal(node_page_state(node0(sim), WORKINGSET_RESTORE_FILE), 0);
	assert_int_equal(lv->file_cost, 0);
	assert_int_equal(lv->anon_cost, 0);
}

/* ------------------------------------------------------------------ */
/* lru_note_cost (mm/swap.c, v5.8+)                                    */

/*
 * cost = nr_io * 32 + nr_rotated added to the type; when anon_cost +
 * file_cost > LRU pages / 4 both are halved (after the addition).  400
 * inactive file pages: the threshold is 100.
 */
static void test_lru_note_cost_halving(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct mem_cgroup *root = root_memcg(sim);
	struct lruvec *lv = lruvec_of(sim, root);

	new_lru_pages(sim, root, 400, 0);
	assert_int_equal(lv->nr_pages[LRU_INACTIVE_FILE], 400);

	lru_note_cost(lv, true, 1, 0); /* 32 */
	assert_int_equal(lv->file_cost, 32);
	assert_int_equal(lv->anon_cost, 0);
	lru_note_cost(lv, true, 2, 4); /* 32 + 68 = 100: not > 100 */
	assert_int_equal(lv->file_cost, 100);
	lru_note_cost(lv, false, 0, 1); /* 101 > 100: halve both */
	assert_int_equal(lv->file_cost, 50);
	assert_int_equal(lv->anon_cost, 0); /* 1 / 2 */
	lru_note_cost(lv, false, 1, 9); /* anon 41: 91 */
	assert_int_equal(lv->anon_cost, 41);
	assert_int_equal(lv->file_cost, 50);
	lru_note_cost(lv, false, 0, 10); /* anon 51: 101 -> 25, 25 */
	assert_int_equal(lv->anon_cost, 25);
	assert_int_equal(lv->file_cost, 25);
	/* a big event is halved once, not brought under the threshold */
	lru_note_cost(lv, true, 100, 0); /* file 3225: 3250 -> 1612, 12 */
	assert_int_equal(lv->file_cost, 1612);
	assert_int_equal(lv->anon_cost, 12);
	/* a refault of one page is one page of IO */
	lru_note_cost_refault(sim, new_lru_page(sim, root, ANON));
	/* 401 pages: threshold 100; anon 44, 1656 > 100 -> 22, 806 */
	assert_int_equal(lv->anon_cost, 22);
	assert_int_equal(lv->file_cost, 806);
}

/*
 * The cost goes to the lruvec and each ancestor, each halved against its
 * own LRU size.  box has 400 inactive file pages, root has none of its
 * own, the node has 400.
 *
 * FIXED MODEL BUG (src/mm/swap.c lru_note_cost: lrusize is the sum of
 * lv->nr_pages[], the pages charged to that memcg itself).  The kernel
 * (v6.12 mm/swap.c lru_note_cost) uses lruvec_page_state(), which for a
 * memcg's lruvec is hierarchical (the memcg and its descendants) and for
 * the root lruvec is the whole node: root's threshold is 400 / 4 = 100
 * and a cost of 40 is not halved.  The model sees 0 LRU pages in root and
 * halves root's costs on every event, and root's costs are the ones global
 * reclaim reads (prepare_scan_control copies the target lruvec's).
 */
static void test_lru_note_cost_hierarchy(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct mem_cgroup *root = root_memcg(sim);
	struct mem_cgroup *box = test_memcg_named(sim, "box");
	struct lruvec *lv_box = lruvec_of(sim, box);
	struct lruvec *lv_root = lruvec_of(sim, root);

	new_lru_pages(sim, box, 400, 0);
	assert_int_equal(lv_box->nr_pages[LRU_INACTIVE_FILE], 400);
	assert_int_equal(lv_root->nr_pages[LRU_INACTIVE_FILE], 0);
	assert_int_equal(node_page_state(node0(sim), NR_INACTIVE_FILE), 400);

	lru_note_cost(lv_box, true, 0, 40);
	assert_int_equal(lv_box->file_cost, 40);
	assert_int_equal(lv_box->anon_cost, 0);
	/* the child's figures are not touched by its parent's */
	lru_note_cost(lv_root, true, 0, 1000);
	assert_int_equal(lv_box->file_cost, 40);
	lv_root->file_cost = 0;

	lru_note_cost(lv_box, true, 0, 40); /* box: 80, not > 100 */
	assert_int_equal(lv_box->file_cost, 80);
	assert_int_equal(lv_root->file_cost, 40); /* kernel: 0 + 40, 40 <= 100 */
}

/* ------------------------------------------------------------------ */
/* shrink_active_list through a direct reclaim                         */

/*
 * 64 active anon pages (not mapped) in the root lruvec, nothing else.
 * Direct reclaim at priority 12: get_scan_count gives 64 >> 12 = 0 for
 * every list, so shrink_lruvec only does its closing anon aging
 * (inactive 0 * 1 < active 64): shrink_active_list(32, active anon)
 * deactivates 32 pages (none referenced): PGREFILL 32, PGDEACTIVATE 32,
 * PG_workingset set, nothing rotated.
 *
 * FIXED MODEL BUG (src/mm/vmscan.c shrink_active_list: lru_note_cost()
 * is called with nr_rotated 0).  The kernel (v6.12 mm/vmscan.c
 * shrink_active_list) calls lru_note_cost() only "if (nr_rotated)"; the
 * model's call adds nothing but still applies the halving rule, so costs
 * of 100 + 100 > 64 / 4 are halved by a pass that rotated nothing.  The
 * kernel leaves them at 100 and 100.
 */
/* The reclaim a test drives; static: t->fn_arg outlives the test function's frame. */
static struct test_reclaim reclaim;

static void test_shrink_active_list_no_rotation(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct mem_cgroup *root = root_memcg(sim);
	struct lruvec *lv = lruvec_of(sim, root);
	struct pglist_data *pgdat = node0(sim);
	struct task *t = test_task_in(sim, root);
	unsigned int workingset = 0;

	new_lru_pages(sim, root, 64, ANON | F(PG_active));
	lv->anon_cost = 100;
	lv->file_cost = 100;

	test_reclaim_start(t, &reclaim, NULL, 0);
	assert_int_equal(sim->vm_events[ALLOCSTALL_MOVABLE], 1);
	/* step 1: everything up to the isolated aging batch */
	assert_false(test_call_step(t));
	assert_non_null(mm_task(t)->reclaim.isolated);
	assert_int_equal(mm_task(t)->reclaim.isolated->lru, LRU_ACTIVE_ANON);
	assert_int_equal(mm_task(t)->reclaim.isolated->nr_taken, 32);
	assert_int_equal(node_page_state(pgdat, NR_ISOLATED_ANON), 32);
	assert_int_equal(lv->nr_pages[LRU_ACTIVE_ANON], 32);
	assert_int_equal(sim->vm_events[PGREFILL], 32);
	/* step 2: the batch is deactivated and put back */
	assert_false(test_call_step(t));
	assert_null(mm_task(t)->reclaim.isolated);
	assert_int_equal(node_page_state(pgdat, NR_ISOLATED_ANON), 0);
	assert_int_equal(lv->nr_pages[LRU_ACTIVE_ANON], 32);
	assert_int_equal(lv->nr_pages[LRU_INACTIVE_ANON], 32);
	assert_int_equal(node_page_state(pgdat, NR_INACTIVE_ANON), 32);
	assert_int_equal(sim->vm_events[PGDEACTIVATE], 32);
	assert_int_equal(root->vm_events[PGDEACTIVATE], 32);
	for (u32 pfn = lruvec_list(sim, lv, ZONE_DMA32, LRU_INACTIVE_ANON)->head; pfn != NO_PFN;
	     pfn = pfn_to_page(sim, pfn)->next)
		workingset += PageFlag(pfn_to_page(sim, pfn), PG_workingset);
	assert_int_equal(workingset, 32);

	assert_int_equal(lv->anon_cost, 100);
	assert_int_equal(lv->file_cost, 100);
}

/*
 * 2.6.25's reclaim-mapped test reads the zone's prev_priority
 * (calc_reclaim_mapped: distress = 100 >> min(zone->prev_priority,
 * priority)).  8 mapped anon pages, young from their faults, on the
 * active list of a 64 MiB machine (mapped ratio 0 %, swappiness 60): at
 * DEF_PRIORITY with the zone's prev_priority DEF_PRIORITY the swap
 * tendency is 60, so the mapped pages stay active without an rmap walk
 * and keep their young bits.  Once another reclaimer has noted priority
 * 1 for the zone, the distress is 50 (tendency 110) for a reclaimer at
 * DEF_PRIORITY too: the walk clears the young bits (the pages stay, they
 * were referenced), and the next scan deactivates all 8.
 *
 * FIXED MODEL BUG (src/mm/vmscan.c calc_reclaim_mapped used the
 * reclaimer's own priority): the first scan with prev_priority 1 kept
 * all 8 pages young, and the third deactivated none.
 */
struct active_scan {
	struct test_call call;
	struct scan_control sc;
};

static void active_scan_fn(struct task *t, void *arg)
{
	struct active_scan *a = arg;

	shrink_active_list(t, SWAP_CLUSTER_MAX, lruvec_of(t->sim, root_memcg(t->sim)), &a->sc,
			   LRU_ACTIVE_ANON);
}

/* shrink_active_list of global reclaim in zone DMA32 at DEF_PRIORITY, to its end. */
static void scan_active_dma32(struct task *t)
{
	static struct active_scan a; /* outlives the call: t->fn_arg */
	int steps = 0;

	a.sc = (struct scan_control){
		.nr_to_reclaim = SWAP_CLUSTER_MAX,
		.priority = DEF_PRIORITY,
		.reclaim_idx = ZONE_DMA32,
		.zone_lo = ZONE_DMA32,
		.may_writepage = true,
		.may_unmap = true,
		.may_swap = true,
	};
	test_call_start(t, &a.call, active_scan_fn, &a);
	while (!test_call_step(t))
		assert_true(++steps < 100);
}

static const char ini_2_6_25[] = INI_MACHINE("64M") "[policy]\nkernel = 2.6.25\n"
						    "[sysctl]\nswappiness = 60\n"
						    "[run]\nseed = 1\nduration = 1s\n";

static void test_reclaim_mapped_prev_priority(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_2_6_25);
	struct lruvec *lv = lruvec_of(sim, root_memcg(sim));
	struct zone *dma32 = &node0(sim)->node_zones[ZONE_DMA32];
	struct task *t = test_task_in(sim, root_memcg(sim));
	unsigned int young = 0;
	u64 vpn;

	t->mm = mm_alloc(sim, t);
	assert_non_null(t->mm);
	vpn = mmap_anon(t->mm, 8);
	for (u64 i = 0; i < 8; i++)
		assert_int_equal(handle_mm_fault(t, vpn + i, true), VM_FAULT_DONE);
	/* 2.6.25 lru_cache_add_active: new anon pages start active */
	assert_int_equal(lv->nr_pages[LRU_ACTIVE_ANON], 8);
	assert_int_equal(dma32->prev_priority, DEF_PRIORITY); /* free_area_init_core */

	scan_active_dma32(t);
	for (u64 i = 0; i < 8; i++)
		young += !!(*pte_of(t, vpn + i) & PTE_YOUNG);
	assert_int_equal(young, 8);
	assert_int_equal(vm_event(sim, PGREFILL), 8);
	assert_int_equal(vm_event(sim, PGDEACTIVATE), 0);

	/* another reclaimer deep in trouble: note_zone_scanning_priority(zone, 1) */
	dma32->prev_priority = 1;
	scan_active_dma32(t);
	young = 0;
	for (u64 i = 0; i < 8; i++)
		young += !!(*pte_of(t, vpn + i) & PTE_YOUNG);
	assert_int_equal(young, 0);
	assert_int_equal(lv->nr_pages[LRU_ACTIVE_ANON], 8);
	assert_int_equal(vm_event(sim, PGDEACTIVATE), 0);

	scan_active_dma32(t);
	assert_int_equal(vm_event(sim, PGREFILL), 24);
	assert_int_equal(vm_event(sim, PGDEACTIVATE), 8);
	assert_int_equal(lv->nr_pages[LRU_ACTIVE_ANON], 0);
	assert_int_equal(lv->nr_pages[LRU_INACTIVE_ANON], 8);
	assert_int_equal(dma32->prev_priority, 1); /* only a reclaim's end resets it */
}

/*
 * FIXED MODEL BUG (src/mm/vmscan.c shrink_lruvec: the closing
 * anon aging of shrink_lruvec is gated on can_reclaim_anon_pages(), i.e.
 * free swap slots).  The kernel (v6.12 mm/vmscan.c shrink_lruvec) gates
 * it on can_age_anon_pages(): "Aging the anon LRU is valuable if swap is
 * present" - total_swap_pages > 0, however full the device is (SPEC 3.2:
 * "if anon can be aged (swap present or demotion)").  With the swap
 * device full the kernel still deactivates 32 active anon pages at the
 * end of shrink_lruvec; the model skips it and the whole reclaim
 * finishes in one step.
 */
static void test_age_anon_with_full_swap(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_swap);
	struct mem_cgroup *root = root_memcg(sim);
	struct task *t = test_task_in(sim, root);

	new_lru_pages(sim, root, 64, ANON | F(PG_active));
	sim->swap->inuse_pages = sim->swap->max - 1; /* every slot taken */
	assert_int_equal(get_nr_swap_pages(sim), 0);

	test_reclaim_start(t, &reclaim, NULL, 0);
	assert_false(test_call_step(t));
	assert_non_null(mm_task(t)->reclaim.isolated);
	assert_int_equal(mm_task(t)->reclaim.isolated->nr_taken, 32);
	assert_int_equal(sim->vm_events[PGREFILL], 32);
	reclaim_abort(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		test_sim_unit_test(test_inactive_is_low_below_1g),
		test_sim_unit_test(test_inactive_is_low_ratio),
		test_sim_unit_test(test_inactive_is_low_page_shift),
		test_sim_unit_test(test_gsc_scan_file_no_swap),
		test_sim_unit_test(test_gsc_scan_batch_saved),
		test_sim_unit_test(test_gsc_force_scan),
		test_sim_unit_test(test_gsc_reclaim_stat),
		cmocka_unit_test(test_reclaim_stat_fed),
		test_sim_unit_test(test_gsc_scan_file_may_swap0),
		test_sim_unit_test(test_gsc_cgroup_swappiness0),
		test_sim_unit_test(test_gsc_scan_equal),
		test_sim_unit_test(test_gsc_scan_anon_file_is_tiny),
		test_sim_unit_test(test_gsc_scan_file_cache_trim),
		test_sim_unit_test(test_gsc_scan_fract),
		test_sim_unit_test(test_gsc_size_shift),
		test_sim_unit_test(test_gsc_reclaim_idx),
		test_sim_unit_test(test_prepare_scan_control_cache_trim),
		test_sim_unit_test(test_prepare_scan_control_file_is_tiny),
		test_sim_unit_test(test_prepare_scan_control_file_is_tiny_whole_node),
		test_sim_unit_test(test_folio_mark_accessed),
		test_sim_unit_test(test_folio_check_references_mapped_anon),
		test_sim_unit_test(test_folio_check_references_unmapped),
		test_sim_unit_test(test_workingset_refault_within),
		test_sim_unit_test(test_workingset_refault_beyond),
		test_sim_unit_test(test_workingset_refault_restore),
		test_sim_unit_test(test_workingset_eviction_clock_order),
		test_sim_unit_test(test_workingset_refault_cost_only_on_restore),
		test_sim_unit_test(test_lru_note_cost_halving),
		test_sim_unit_test(test_lru_note_cost_hierarchy),
		test_sim_unit_test(test_shrink_active_list_no_rotation),
		test_sim_unit_test(test_reclaim_mapped_prev_priority),
		test_sim_unit_test(test_age_anon_with_full_swap),
		test_sim_unit_test(test_rstat_flushed_file_sizes),
		test_sim_unit_test(test_wakeup_kswapd_zone_low),
		test_sim_unit_test(test_wakeup_kswapd_zone_low_above_low),
		test_sim_unit_test(test_wakeup_kswapd_zone_balanced),
		test_sim_unit_test(test_wakeup_kswapd_node_balanced),
		test_sim_unit_test(test_kswapd_snapshot_refaults),
		test_sim_unit_test(test_dirtyable_memory),
		test_sim_unit_test(test_dirtyable_memory_noswap),
		test_sim_unit_test(test_throttle_vm_writeout),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

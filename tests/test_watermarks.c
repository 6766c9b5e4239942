// SPDX-License-Identifier: MIT
/*
 * test_watermarks.c - min_free_kbytes, min/low/high/promo and
 * lowmem_reserve exact to the page against real kernel dumps:
 *   - the SPEC 1.2 / 1.4 machine (v6.18 figures from the brief);
 *   - every zoneinfo snapshot of the oracle runs (tests/data/oracle_zones.txt,
 *     made by tools/extract_oracle_zones.py);
 *   - the oracle's /proc fixture read through host_read_machine();
 *   - public dumps of other kernels (data/zoneinfo/NAME: the dump, its
 *     source and the scenario that reproduces it), printed by the model's
 *     /proc/zoneinfo from that scenario;
 *   - the live host's /proc, when there is one.
 */
#include <errno.h>
#include <sys/stat.h>

#include "testsim.h"

#include "cli/host.h"
#include "mm/gfp.h"
#include "mm/page_alloc.h"
#include "report/report.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                             */

/* x86-64's zones, as /proc/zoneinfo's protection and lowmem_reserve_ratio list them */
static const enum zone_type x86_zones[] = { ZONE_DMA, ZONE_DMA32, ZONE_NORMAL, ZONE_MOVABLE,
					    ZONE_DEVICE };
#define NR_X86_ZONES 5
static const unsigned int default_ratio[NR_X86_ZONES] = { 256, 256, 32, 0, 0 };

/*
 * A booted machine (test_sim_zones) of @nodes nodes of @page_size pages,
 * with the default sysctls (watermark_scale_factor 10, ratios 256 256 32
 * 0 0), its zones then emptied of managed pages: each test sets those of
 * the zones it checks by hand (up to terabytes, with no memory behind
 * them), as the watermark arithmetic reads only managed pages and sysctls.
 */
static struct sim *sim_new(unsigned int nodes, unsigned int page_size)
{
	char extra[64];
	struct sim *sim;

	snprintf(extra, sizeof(extra), "nodes = %u\npage_size = %u\n", nodes, page_size);
	sim = test_sim_zones(NULL, 0, 0, 1024, extra);
	assert_int_equal(sim->scn.sysctl.watermark_scale_factor, 10);
	for (unsigned int i = 0; i < NR_X86_ZONES; i++)
		assert_int_equal(lowmem_reserve_ratio_of(&sim->scn, x86_zones[i]),
				 default_ratio[i]);
	for (unsigned int nid = 0; nid < nodes; nid++)
		for (unsigned int z = 0; z < MAX_NR_ZONES; z++)
			sim->nodes[nid].node_zones[z].managed_pages = 0;
	return sim;
}

static void sim_free(struct sim *sim)
{
	if (sim)
		sim_destroy(sim);
}

static int teardown_sim(void **state)
{
	sim_free(*state);
	*state = NULL;
	return 0;
}

static struct zone *zone_of(struct sim *sim, unsigned int nid, enum zone_type z)
{
	return &sim->nodes[nid].node_zones[z];
}

/* The watermarks as /proc/zoneinfo prints them. */
static void assert_wmarks(const struct zone *z, u64 min, u64 low, u64 high, u64 promo)
{
	if (min_wmark_pages(z) != min || low_wmark_pages(z) != low || high_wmark_pages(z) != high ||
	    z->_watermark[WMARK_PROMO] != promo)
		print_error("%s: %llu/%llu/%llu/%llu, expected %llu/%llu/%llu/%llu\n",
			    zone_names[z->idx], (unsigned long long)min_wmark_pages(z),
			    (unsigned long long)low_wmark_pages(z),
			    (unsigned long long)high_wmark_pages(z),
			    (unsigned long long)z->_watermark[WMARK_PROMO], (unsigned long long)min,
			    (unsigned long long)low, (unsigned long long)high,
			    (unsigned long long)promo);
	assert_int_equal(min_wmark_pages(z), min);
	assert_int_equal(low_wmark_pages(z), low);
	assert_int_equal(high_wmark_pages(z), high);
	assert_int_equal(z->_watermark[WMARK_PROMO], promo);
}

/* @prot as zoneinfo prints it: one entry per x86-64 zone */
static void assert_protection(const struct zone *z, const long prot[NR_X86_ZONES])
{
	unsigned int j;

	for (j = 0; j < NR_X86_ZONES; j++) {
		long r = z->lowmem_reserve[x86_zones[j]];

		if (r != prot[j])
			print_error("%s: protection[%u] = %ld, expected %ld\n", zone_names[z->idx],
				    j, r, prot[j]);
		assert_int_equal(r, prot[j]);
	}
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	size_t cap = 1 << 16, len = 0, n;

	if (!f)
		return NULL;
	buf = malloc(cap + 1);
	assert_non_null(buf);
	while ((n = fread(buf + len, 1, cap - len, f)) > 0) {
		len += n;
		if (len == cap) {
			char *bigger = realloc(buf, cap * 2 + 1);

			assert_non_null(bigger);
			buf = bigger;
			cap *= 2;
		}
	}
	fclose(f);
	buf[len] = '\0';
	return buf;
}

static int zone_type_named(const char *name)
{
	int z;

	for (z = 0; z < MAX_NR_ZONES; z++)
		if (!strcmp(zone_names[z], name))
			return z;
	return -1;
}

/* ------------------------------------------------------------------ */
/* (a) The SPEC 1.2 / 1.4 machine                                      */

/* DMA 3840, DMA32 772807, Normal 163840 managed; min_free_kbytes 67584,
 * watermark_scale_factor 10, ratios 256 256 32 0 0 (v6.18 zoneinfo). */
static void spec_machine_check(struct sim *sim)
{
	static const long dma_prot[] = { 0, 3018, 3658, 3658, 3658 };
	static const long dma32_prot[] = { 0, 0, 640, 640, 640 };
	static const long zero_prot[] = { 0, 0, 0, 0, 0 };

	sim->min_free_kbytes = 67584;
	setup_per_zone_wmarks(sim);
	setup_per_zone_lowmem_reserve(sim);
	assert_wmarks(zone_of(sim, 0, ZONE_DMA), 68, 85, 102, 119);
	assert_wmarks(zone_of(sim, 0, ZONE_DMA32), 13883, 17353, 20823, 24293);
	assert_wmarks(zone_of(sim, 0, ZONE_NORMAL), 2943, 3678, 4413, 5148);
	/* Movable, empty: min clamped up to SWAP_CLUSTER_MAX, no gap */
	assert_wmarks(zone_of(sim, 0, ZONE_MOVABLE), 32, 32, 32, 32);
	assert_wmarks(zone_of(sim, 0, ZONE_DEVICE), 0, 0, 0, 0);
	assert_protection(zone_of(sim, 0, ZONE_DMA), dma_prot);
	assert_protection(zone_of(sim, 0, ZONE_DMA32), dma32_prot);
	assert_protection(zone_of(sim, 0, ZONE_NORMAL), zero_prot);
	assert_protection(zone_of(sim, 0, ZONE_MOVABLE), zero_prot);
	/* totalreserve: min(managed, high + max reserve) per zone:
	 * DMA 102 + 3658 = 3760, DMA32 20823 + 640 = 21463, Normal 4413,
	 * Movable min(0, 32) = 0 */
	assert_int_equal(sim->totalreserve_pages, 3760 + 21463 + 4413);
	/* nr_free_buffer_pages: managed - high over DMA..Normal */
	assert_int_equal(nr_free_buffer_pages(sim),
			 (3840 - 102) + (772807 - 20823) + (163840 - 4413));
}

static void test_spec_machine(void **state)
{
	struct sim *sim = *state = sim_new(1, 4096);

	zone_of(sim, 0, ZONE_DMA)->managed_pages = 3840;
	zone_of(sim, 0, ZONE_DMA32)->managed_pages = 772807;
	zone_of(sim, 0, ZONE_NORMAL)->managed_pages = 163840;
	spec_machine_check(sim);

	/* watermark_scale_factor 100 (1 %): the scale term wins for DMA32:
	 * mult_frac(772807, 100, 10000) = 7728 > 13883 >> 2 = 3470 */
	sim->scn.sysctl.watermark_scale_factor = 100;
	setup_per_zone_wmarks(sim);
	assert_wmarks(zone_of(sim, 0, ZONE_DMA32), 13883, 13883 + 7728, 13883 + 2 * 7728,
		      13883 + 3 * 7728);
	/* DMA: mult_frac(3840, 100, 10000) = 38 > 68 >> 2 = 17 */
	assert_wmarks(zone_of(sim, 0, ZONE_DMA), 68, 106, 144, 182);
	/* a boost shows in the printed marks, and is reset by a recompute */
	zone_of(sim, 0, ZONE_DMA)->watermark_boost = 512;
	assert_int_equal(high_wmark_pages(zone_of(sim, 0, ZONE_DMA)), 656);
	setup_per_zone_wmarks(sim);
	assert_int_equal(zone_of(sim, 0, ZONE_DMA)->watermark_boost, 0);

	/* ratio 0 and ratio 1: "0 1 32 0 0" */
	sim->scn.sysctl.lowmem_reserve_ratio[0] = 0;
	sim->scn.sysctl.lowmem_reserve_ratio[1] = 1;
	sim->scn.sysctl.lowmem_reserve_ratio[2] = 32;
	sim->scn.sysctl.nr_lowmem_reserve_ratio = NR_X86_ZONES;
	setup_per_zone_lowmem_reserve(sim);
	assert_int_equal(zone_of(sim, 0, ZONE_DMA)->lowmem_reserve[ZONE_NORMAL], 0);
	assert_int_equal(zone_of(sim, 0, ZONE_DMA32)->lowmem_reserve[ZONE_NORMAL], 163840);
	assert_int_equal(zone_of(sim, 0, ZONE_DMA32)->lowmem_reserve[ZONE_DEVICE], 163840);
}

/* The same machine booted from a [machine] zones = list with a "rest"
 * zone (mem_init_zones()), plus real free counts. */
static void test_spec_machine_mem_init(void **state)
{
	struct sim *sim = test_sim_from_text(state, "spec.ini",
					     "[machine]\nmemory = 940487p\n"
					     "zones = DMA:3840p, DMA32:rest, Normal:163840p\n"
					     "[sysctl]\nwatermark_scale_factor = 10\n"
					     "lowmem_reserve_ratio = 256 256 32 0 0\n");

	assert_int_equal(zone_of(sim, 0, ZONE_DMA32)->managed_pages, 772807);
	assert_int_equal(zone_page_state(zone_of(sim, 0, ZONE_DMA32), NR_FREE_PAGES), 772807);
	assert_int_equal(calculate_min_free_kbytes(sim, true), 67584);
	spec_machine_check(sim);
}

/* ------------------------------------------------------------------ */
/* min_free_kbytes                                                     */

static void test_min_free_kbytes(void **state)
{
	struct sim *sim = *state = sim_new(1, 4096);

	/* SPEC 1.1: with THP 3 zones x 512 x (2 + 9) = 16896 pages = 67584 kB;
	 * without, isqrt(940487 * 4 * 16) = isqrt(60191168) = 7758 */
	zone_of(sim, 0, ZONE_DMA)->managed_pages = 3840;
	zone_of(sim, 0, ZONE_DMA32)->managed_pages = 772807;
	zone_of(sim, 0, ZONE_NORMAL)->managed_pages = 163840;
	assert_int_equal(calculate_min_free_kbytes(sim, true), 67584);
	assert_int_equal(calculate_min_free_kbytes(sim, false), 7758);
	/* Movable pages are not lowmem and Movable does not count as a zone */
	zone_of(sim, 0, ZONE_MOVABLE)->managed_pages = 1 << 20;
	assert_int_equal(calculate_min_free_kbytes(sim, false), 7758);
	assert_int_equal(calculate_min_free_kbytes(sim, true), 67584);
	sim_free(sim);

	/* the oracle host: 3840 + 772807 + 688128 = 1464775 lowmem pages:
	 * isqrt(1464775 * 64) = isqrt(93745600) = 9682 */
	sim = *state = sim_new(1, 4096);
	zone_of(sim, 0, ZONE_DMA)->managed_pages = 3840;
	zone_of(sim, 0, ZONE_DMA32)->managed_pages = 772807;
	zone_of(sim, 0, ZONE_NORMAL)->managed_pages = 688128;
	assert_int_equal(calculate_min_free_kbytes(sim, false), 9682);
	assert_int_equal(calculate_min_free_kbytes(sim, true), 67584);
	sim_free(sim);

	/* 256 MiB in one zone: isqrt(65536 * 64) = 2048 kB; below 512 MiB
	 * hugepage_init() leaves THP off, so there is no THP raise */
	sim = *state = sim_new(1, 4096);
	zone_of(sim, 0, ZONE_DMA32)->managed_pages = 65536;
	assert_int_equal(calculate_min_free_kbytes(sim, false), 2048);
	assert_int_equal(calculate_min_free_kbytes(sim, true), 2048);
	sim_free(sim);

	/* 1 GiB in one zone: isqrt(262144 * 64) = 4096 kB -> pages_min 1024,
	 * gap max(256, 262) = 262, high 1548; the THP figure 512 x 11 = 5632
	 * pages is under the 5 % cap, (262144 - 1548) / 20 = 13029 pages, so
	 * it stands: 5632 pages = 22528 kB */
	sim = *state = sim_new(1, 4096);
	zone_of(sim, 0, ZONE_DMA32)->managed_pages = 262144;
	assert_int_equal(calculate_min_free_kbytes(sim, false), 4096);
	assert_int_equal(calculate_min_free_kbytes(sim, true), 22528);
	sim_free(sim);

	/* clamps: 100 pages -> isqrt(6400) = 80 -> 128; 2^31 pages (8 TiB)
	 * -> isqrt(2^37) = 370727 -> 262144; two nodes count all zones */
	sim = *state = sim_new(2, 4096);
	zone_of(sim, 0, ZONE_NORMAL)->managed_pages = 50;
	zone_of(sim, 1, ZONE_NORMAL)->managed_pages = 50;
	assert_int_equal(calculate_min_free_kbytes(sim, false), 128);
	zone_of(sim, 0, ZONE_NORMAL)->managed_pages = 1ULL << 30;
	zone_of(sim, 1, ZONE_NORMAL)->managed_pages = 1ULL << 30;
	assert_int_equal(calculate_min_free_kbytes(sim, false), 262144);
	/*
	 * the cap before v5.7 (ee8eb9a5fe86): 65536.  512 GiB of lowmem,
	 * 2^27 pages: isqrt(2^27 x 4 x 16 = 8,589,934,592) = 92,681 (92,681^2
	 * = 8,589,767,761, 92,682^2 = 8,589,953,124): under 262,144, over
	 * 65,536; 8 TiB over both
	 */
	sim->scn.policy.min_free_kbytes_max = 65536;
	assert_int_equal(calculate_min_free_kbytes(sim, false), 65536);
	zone_of(sim, 0, ZONE_NORMAL)->managed_pages = 1ULL << 26;
	zone_of(sim, 1, ZONE_NORMAL)->managed_pages = 1ULL << 26;
	assert_int_equal(calculate_min_free_kbytes(sim, false), 65536);
	sim->scn.policy.min_free_kbytes_max = 262144;
	assert_int_equal(calculate_min_free_kbytes(sim, false), 92681);
	sim_free(sim);

	/* 16 KiB pages: 65536 pages = 1 GiB = 1048576 kB -> isqrt(16777216)
	 * = 4096 kB; THP: PMD = 32 MiB = 2048 pages, x 11 = 22528 pages, cap
	 * (65536 - high) / 20 where pages_min = 256, gap 65, high 386:
	 * 3257 pages = 52112 kB */
	sim = *state = sim_new(1, 16384);
	zone_of(sim, 0, ZONE_NORMAL)->managed_pages = 65536;
	assert_int_equal(calculate_min_free_kbytes(sim, false), 4096);
	assert_int_equal(calculate_min_free_kbytes(sim, true), 52112);
	/* and the watermarks with it: pages_min = 52112 >> 4 = 3257 */
	sim->min_free_kbytes = 52112;
	setup_per_zone_wmarks(sim);
	assert_wmarks(zone_of(sim, 0, ZONE_NORMAL), 3257, 3257 + 814, 3257 + 2 * 814,
		      3257 + 3 * 814);
}

/*
 * thp_support: seed 000's IA64 box (scenarios/seed000-ia64.ini: 8 GiB of
 * 16 KiB pages, managed DMA 1024, DMA32 261120, Normal 262144) with
 * sysctl thp left at madvise.  2.6.25 had no THP (2.6.38 brought it), so
 * min_free_kbytes is the boot rule alone: isqrt(524288 x 16 x 16) = 11585
 * kB = 724 pages, Normal's share 362, low min + min/4 = 452, high min +
 * min/2 = 543 (wmark_gap = min_quarter).  3.10's khugepaged asks for
 * 3 zones x 2048 x 11 pages, capped at 5 % of nr_free_buffer_pages():
 * (524288 - 1 - 540 - 543) / 20 = 26160 pages = 418560 kB, Normal's share
 * 13080 - 36 times 2.6.25's, which decided whether seed 000's swap filled.
 */
static void test_min_free_kbytes_thp_support(void **state)
{
	static const char ini[] = "[machine]\nmemory = 8G\npage_size = 16K\n"
				  "[policy]\nkernel = %s\n";
	char text[128];
	struct sim *sim;

	snprintf(text, sizeof(text), ini, "2.6.25");
	sim = *state = test_sim_from_text(state, "t.ini", text);
	assert_true(sim->scn.sysctl.thp);
	assert_int_equal(sim->min_free_kbytes, 11585);
	assert_int_equal(calculate_min_free_kbytes(sim, true), 11585);
	assert_wmarks(zone_of(sim, 0, ZONE_NORMAL), 362, 452, 543, 543);
	sim_free(sim);

	snprintf(text, sizeof(text), ini, "3.10");
	sim = *state = test_sim_from_text(state, "t.ini", text);
	assert_int_equal(sim->min_free_kbytes, 418560);
	assert_int_equal(calculate_min_free_kbytes(sim, false), 11585);
	assert_int_equal(min_wmark_pages(zone_of(sim, 0, ZONE_NORMAL)), 13080);
	/* the profiles' cap on the boot rule: 2.6.x's until v5.7 */
	assert_int_equal(sim->scn.policy.min_free_kbytes_max, 65536);
	sim_free(sim);
	snprintf(text, sizeof(text), ini, "6.12");
	sim = *state = test_sim_from_text(state, "t.ini", text);
	assert_int_equal(sim->scn.policy.min_free_kbytes_max, 262144);
}

/* ------------------------------------------------------------------ */
/* (b) The oracle's zoneinfo snapshots                                 */

struct snap_zone {
	int node;
	int type;
	u64 managed, present, spanned, free, min, low, high;
	long prot[MAX_NR_ZONES];
	int nr_prot;
};

struct snapshot {
	char source[96];
	long min_free_kbytes;
	unsigned int wsf;
	int thp;
	unsigned int ratio[MAX_NR_ZONES];
	int nr_zones;
	struct snap_zone zones[16];
};

/* Parse oracle_zones.txt; returns the number of snapshots. */
static int load_snapshots(const char *path, struct snapshot *snaps, int max)
{
	FILE *f = fopen(path, "r");
	char line[512];
	int nr = 0, lineno = 0;
	struct snapshot *cur = NULL;

	if (!f)
		fail_msg("%s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (!strncmp(line, "snapshot ", 9)) {
			assert_true(nr < max);
			cur = &snaps[nr++];
			memset(cur, 0, sizeof(*cur));
			if (sscanf(line, "snapshot %95s %ld %u %d %u %u %u %u %u", cur->source,
				   &cur->min_free_kbytes, &cur->wsf, &cur->thp, &cur->ratio[0],
				   &cur->ratio[1], &cur->ratio[2], &cur->ratio[3],
				   &cur->ratio[4]) != 9)
				fail_msg("%s:%d: bad snapshot line", path, lineno);
		} else if (!strncmp(line, "zone ", 5)) {
			struct snap_zone *z;
			char name[16];
			unsigned long long v[8];
			int off, i;
			const char *p;

			assert_non_null(cur);
			assert_true(cur->nr_zones < 16);
			z = &cur->zones[cur->nr_zones++];
			if (sscanf(line, "zone %d %15s %llu %llu %llu %llu %llu %llu %llu %d%n",
				   &z->node, name, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6],
				   &z->nr_prot, &off) != 10 ||
			    z->nr_prot > NR_X86_ZONES)
				fail_msg("%s:%d: bad zone line", path, lineno);
			z->type = zone_type_named(name);
			if (z->type < 0)
				fail_msg("%s:%d: unknown zone %s", path, lineno, name);
			z->managed = v[0];
			z->present = v[1];
			z->spanned = v[2];
			z->free = v[3];
			z->min = v[4];
			z->low = v[5];
			z->high = v[6];
			p = line + off;
			for (i = 0; i < z->nr_prot; i++) {
				int n;

				if (sscanf(p, "%ld%n", &z->prot[i], &n) != 1)
					fail_msg("%s:%d: short protection", path, lineno);
				p += n;
			}
		} else if (!strncmp(line, "end", 3)) {
			cur = NULL;
		} else {
			fail_msg("%s:%d: unknown line", path, lineno);
		}
	}
	fclose(f);
	return nr;
}

static void check_snapshot(const struct snapshot *sn)
{
	struct sim *sim;
	unsigned int nodes = 0;
	u64 pages_min = (u64)sn->min_free_kbytes >> 2, min_sum = 0;
	unsigned int lowmem_zones = 0;
	int i;

	for (i = 0; i < sn->nr_zones; i++)
		if ((unsigned int)sn->zones[i].node + 1 > nodes)
			nodes = (unsigned int)sn->zones[i].node + 1;
	sim = sim_new(nodes, 4096);
	sim->min_free_kbytes = sn->min_free_kbytes;
	sim->scn.sysctl.watermark_scale_factor = sn->wsf;
	memcpy(sim->scn.sysctl.lowmem_reserve_ratio, sn->ratio, sizeof(sn->ratio));
	sim->scn.sysctl.nr_lowmem_reserve_ratio = NR_X86_ZONES;
	for (i = 0; i < sn->nr_zones; i++)
		zone_of(sim, (unsigned int)sn->zones[i].node, sn->zones[i].type)->managed_pages =
			sn->zones[i].managed;

	/* the boot rule gives the value the host runs with */
	assert_int_equal(calculate_min_free_kbytes(sim, sn->thp), sn->min_free_kbytes);

	setup_per_zone_wmarks(sim);
	setup_per_zone_lowmem_reserve(sim);
	for (i = 0; i < sn->nr_zones; i++) {
		const struct snap_zone *sz = &sn->zones[i];
		const struct zone *z = zone_of(sim, (unsigned int)sz->node, sz->type);
		int j;

		if (min_wmark_pages(z) != sz->min || low_wmark_pages(z) != sz->low ||
		    high_wmark_pages(z) != sz->high)
			print_error("%s: node %d %s: %llu/%llu/%llu, kernel %llu/%llu/%llu\n",
				    sn->source, sz->node, zone_names[sz->type],
				    (unsigned long long)min_wmark_pages(z),
				    (unsigned long long)low_wmark_pages(z),
				    (unsigned long long)high_wmark_pages(z),
				    (unsigned long long)sz->min, (unsigned long long)sz->low,
				    (unsigned long long)sz->high);
		assert_int_equal(min_wmark_pages(z), sz->min);
		assert_int_equal(low_wmark_pages(z), sz->low);
		assert_int_equal(high_wmark_pages(z), sz->high);
		assert_int_equal(sz->nr_prot, NR_X86_ZONES);
		for (j = 0; j < sz->nr_prot; j++)
			assert_int_equal(z->lowmem_reserve[x86_zones[j]], sz->prot[j]);
		if (sz->type != ZONE_MOVABLE && sz->managed) {
			min_sum += sz->min;
			lowmem_zones++;
		}
	}
	/* the zones' min add up to min_free_kbytes / 4, less the rounding
	 * down of each zone's share (at most one page per zone) */
	assert_true(min_sum <= pages_min);
	assert_true(min_sum + lowmem_zones > pages_min);
	sim_free(sim);
}

static void test_oracle_snapshots(void **state)
{
	static struct snapshot snaps[32];
	int nr = load_snapshots(test_path("tests/data/oracle_zones.txt"), snaps, 32);
	int i;

	/* system.json + before/after of four workloads */
	assert_int_equal(nr, 9);
	assert_string_equal(snaps[0].source, "system.json");
	assert_int_equal(snaps[0].nr_zones, 5);
	/* spot-check the fixture itself against the published dump */
	assert_int_equal(snaps[0].zones[2].managed, 688128);
	assert_int_equal(snaps[0].zones[2].min, 7937);
	assert_int_equal(snaps[0].zones[0].prot[2], 5706);
	for (i = 0; i < nr; i++)
		check_snapshot(&snaps[i]);
}

/* ------------------------------------------------------------------ */
/* zoneinfo parser and host_read_machine                               */

static void test_zoneinfo_parse(void **state)
{
	static const char text[] = "Node 0, zone      DMA\n"
				   "  per-node stats\n"
				   "      nr_inactive_anon 1064\n"
				   "      pgpromote_success 0\n"
				   "  pages free     3840\n"
				   "        boost    0\n"
				   "        min      44\n"
				   "        low      55\n"
				   "        high     66\n"
				   "        promo    77\n"
				   "        spanned  4095\n"
				   "        present  3998\n"
				   "        managed  3840\n"
				   "        cma      0\n"
				   "        protection: (0, 3018, 5706, 5706, 5706)\n"
				   "  pagesets\n"
				   "    cpu: 0\n"
				   "              count:    0\n"
				   "              high:     5571\n"
				   "              high_min: 27\n"
				   "Node 1, zone   Normal\n"
				   "  pages free     10\n"
				   "        min      1\n"
				   "        protection: (0, 0)";
	struct zoneinfo_row rows[4];

	assert_int_equal(zoneinfo_parse(text, rows, 4), 2);
	assert_int_equal(rows[0].node, 0);
	assert_string_equal(rows[0].zone, "DMA");
	assert_int_equal(rows[0].line, 1);
	assert_int_equal(rows[0].free, 3840);
	assert_int_equal(rows[0].min, 44);
	assert_int_equal(rows[0].low, 55);
	assert_int_equal(rows[0].high, 66); /* not the pageset's "high:" */
	assert_int_equal(rows[0].promo, 77);
	assert_int_equal(rows[0].spanned, 4095);
	assert_int_equal(rows[0].present, 3998);
	assert_int_equal(rows[0].managed, 3840);
	assert_int_equal(rows[0].nr_protection, 5);
	assert_int_equal(rows[0].protection[1], 3018);
	assert_int_equal(rows[0].protection[4], 5706);
	assert_true(rows[0].seen & ZI_PROMO);
	assert_int_equal(rows[1].node, 1);
	assert_string_equal(rows[1].zone, "Normal");
	assert_int_equal(rows[1].line, 21);
	assert_int_equal(rows[1].nr_protection, 2);
	assert_false(rows[1].seen & ZI_MANAGED);

	/* too many rows, bad numbers, fields before a header: -line */
	assert_int_equal(zoneinfo_parse(text, rows, 1), -21);
	assert_int_equal(zoneinfo_parse("Node 0, zone DMA\n  min x\n", rows, 4), -2);
	assert_int_equal(zoneinfo_parse("Node 0, zone DMA\n  min 5 6\n", rows, 4), -2);
	assert_int_equal(zoneinfo_parse("Node 0, zone DMA\n  protection: (1, 2\n", rows, 4), -2);
	assert_int_equal(zoneinfo_parse("\n  managed 5\n", rows, 4), -2);
	assert_int_equal(zoneinfo_parse("Node x, zone DMA\n", rows, 4), -1);
	assert_int_equal(zoneinfo_parse("", rows, 4), 0);
}

/* host_read_machine on the oracle's /proc fixture: the machine booted from
 * the scenario it gives (mem_init_zones and the watermark code) must print
 * what the kernel printed. */
static void test_host_fixture(void **state)
{
	struct scenario *s = calloc(1, sizeof(*s));
	struct sim *sim;
	struct zoneinfo_row rows[8];
	char err[512] = "", *text;
	int nr, i;

	assert_non_null(s);
	/* the defaults, then the host's machine and sysctls */
	if (scenario_load_string(s, "host.ini", "", err, sizeof(err)))
		fail_msg("%s", err);
	s->sysctl.swappiness = 1234; /* must be overwritten */
	if (host_read_machine(s, test_path("tests/data/proc"), err, sizeof(err)))
		fail_msg("%s", err);
	assert_true(s->machine.from_host);
	assert_int_equal(s->machine.cpus, 2);
	assert_int_equal(s->machine.page_size, 4096);
	assert_int_equal(s->machine.nodes, 1);
	assert_int_equal(s->machine.nr_zones, 3);
	assert_int_equal(s->machine.zones[0].type, ZONE_DMA);
	assert_int_equal(s->machine.zones[0].pages, 3840);
	assert_int_equal(s->machine.zones[0].present, 3998);
	assert_int_equal(s->machine.zones[0].spanned, 4095);
	assert_int_equal(s->machine.zones[1].type, ZONE_DMA32);
	assert_int_equal(s->machine.zones[1].pages, 772807);
	assert_int_equal(s->machine.zones[2].type, ZONE_NORMAL);
	assert_int_equal(s->machine.zones[2].pages, 688128);
	assert_int_equal(s->machine.zones[2].present, 5505024);
	assert_false(s->machine.zones[2].rest);
	assert_int_equal(s->machine.memory, (3840ULL + 772807 + 688128) * 4096);
	assert_int_equal(s->sysctl.min_free_kbytes, 67584);
	assert_int_equal(s->sysctl.watermark_scale_factor, 10);
	assert_int_equal(s->sysctl.watermark_boost_factor, 15000);
	assert_int_equal(s->sysctl.swappiness, 60);
	assert_int_equal(s->sysctl.dirty_ratio, 20);
	assert_int_equal(s->sysctl.dirty_background_ratio, 10);
	assert_int_equal(s->sysctl.dirty_expire_ns, 30 * NSEC_PER_SEC);
	assert_int_equal(s->sysctl.dirty_writeback_ns, 5 * NSEC_PER_SEC);
	assert_int_equal(s->sysctl.page_cluster, 3);
	for (i = 0; i < NR_X86_ZONES; i++)
		assert_int_equal(lowmem_reserve_ratio_of(s, x86_zones[i]), default_ratio[i]);
	assert_true(s->sysctl.thp);

	sim = test_sim_create(state, s);
	assert_int_equal(sim->nr_pfns, 3840 + 772807 + 688128);
	sim->min_free_kbytes = sim->scn.sysctl.min_free_kbytes;
	assert_int_equal(calculate_min_free_kbytes(sim, sim->scn.sysctl.thp), 67584);
	setup_per_zone_wmarks(sim);
	setup_per_zone_lowmem_reserve(sim);

	text = slurp(test_path("tests/data/proc/zoneinfo"));
	assert_non_null(text);
	nr = zoneinfo_parse(text, rows, 8);
	free(text);
	assert_int_equal(nr, 5);
	for (i = 0; i < nr; i++) {
		const struct zone *z = zone_of(sim, 0, zone_type_named(rows[i].zone));
		int j;

		assert_int_equal(z->managed_pages, rows[i].managed);
		assert_int_equal(z->present_pages, rows[i].present);
		assert_int_equal(z->spanned_pages, rows[i].spanned);
		assert_wmarks(z, rows[i].min, rows[i].low, rows[i].high, rows[i].promo);
		assert_int_equal(rows[i].nr_protection, NR_X86_ZONES);
		for (j = 0; j < NR_X86_ZONES; j++)
			assert_int_equal(z->lowmem_reserve[x86_zones[j]], rows[i].protection[j]);
	}
}

static void write_file(const char *dir, const char *name, const char *text)
{
	char path[1024];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* Remove @names (files, then directories, "" = @dir itself) under @dir. */
static void remove_files(const char *dir, const char *const *names)
{
	char path[1024];

	for (; *names; names++) {
		snprintf(path, sizeof(path), "%s/%s", dir, *names);
		assert_int_equal(remove(path), 0);
	}
}

/* Errors name the file (and the line). */
static void test_host_errors(void **state)
{
	struct scenario *s = calloc(1, sizeof(*s));
	char dir[] = "/tmp/reclaimsim-host-XXXXXX", path[1100], err[512];

	assert_non_null(s);
	assert_non_null(mkdtemp(dir));
	assert_int_equal(host_read_machine(s, dir, err, sizeof(err)), -1);
	snprintf(path, sizeof(path), "%s/zoneinfo: cannot read", dir);
	assert_non_null(strstr(err, path));

	write_file(dir, "zoneinfo", "Node 0, zone Normal\n  pages free 5\n  managed five\n");
	assert_int_equal(host_read_machine(s, dir, err, sizeof(err)), -1);
	snprintf(path, sizeof(path), "%s/zoneinfo:3: ", dir);
	assert_non_null(strstr(err, path));

	write_file(dir, "zoneinfo",
		   "Node 0, zone HighMem\n  spanned 5\n  present 5\n"
		   "  managed 5\n");
	assert_int_equal(host_read_machine(s, dir, err, sizeof(err)), -1);
	snprintf(path, sizeof(path), "%s/zoneinfo:1: zone HighMem", dir);
	assert_non_null(strstr(err, path));

	write_file(dir, "zoneinfo",
		   "Node 0, zone Normal\n  spanned 5\n  present 5\n"
		   "  managed 5\nNode 0, zone Movable\n  spanned 0\n  present 0\n"
		   "  managed 0\n");
	/* no sysctl directory */
	assert_int_equal(host_read_machine(s, dir, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "sys/vm/min_free_kbytes: cannot read"));

	snprintf(path, sizeof(path), "%s/sys", dir);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/sys/vm", dir);
	assert_int_equal(mkdir(path, 0700), 0);
	write_file(dir, "sys/vm/min_free_kbytes", "1024 kB\n");
	assert_int_equal(host_read_machine(s, dir, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "sys/vm/min_free_kbytes:1: expected one integer"));
	write_file(dir, "sys/vm/min_free_kbytes", "1024\n");
	write_file(dir, "sys/vm/lowmem_reserve_ratio", "32\t0\t0\n"); /* one too many */
	assert_int_equal(host_read_machine(s, dir, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "sys/vm/lowmem_reserve_ratio:1:"));
	write_file(dir, "sys/vm/lowmem_reserve_ratio", "32\t7\n");
	write_file(dir, "cpus", "4\n");
	/* optional files absent: values kept; ratios mapped by zone name */
	s->sysctl.swappiness = 77;
	s->sysctl.lowmem_reserve_ratio[0] = 99;
	s->sysctl.nr_lowmem_reserve_ratio = 1;
	assert_int_equal(host_read_machine(s, dir, err, sizeof(err)), 0);
	assert_int_equal(s->sysctl.min_free_kbytes, 1024);
	assert_int_equal(s->sysctl.swappiness, 77);
	assert_int_equal(lowmem_reserve_ratio_of(s, ZONE_DMA), 0);
	assert_int_equal(lowmem_reserve_ratio_of(s, ZONE_NORMAL), 32);
	assert_int_equal(lowmem_reserve_ratio_of(s, ZONE_MOVABLE), 7);
	assert_int_equal(s->machine.cpus, 4);
	assert_int_equal(s->machine.nr_zones, 1);
	assert_int_equal(s->machine.zones[0].type, ZONE_NORMAL);
	assert_int_equal(s->machine.memory, 5 * 4096);

	/* nodes that differ are averaged per zone type (one list per node) */
	write_file(dir, "zoneinfo",
		   "Node 0, zone DMA32\n  spanned 100\n  present 100\n  managed 100\n"
		   "Node 0, zone Normal\n  spanned 60\n  present 60\n  managed 50\n"
		   "Node 1, zone DMA32\n  spanned 0\n  present 0\n  managed 0\n"
		   "Node 1, zone Normal\n  spanned 160\n  present 160\n  managed 150\n");
	assert_int_equal(host_read_machine(s, dir, err, sizeof(err)), 0);
	assert_int_equal(s->machine.nodes, 2);
	assert_int_equal(s->machine.nr_zones, 2);
	assert_int_equal(s->machine.zones[0].type, ZONE_DMA32);
	assert_int_equal(s->machine.zones[0].pages, 50);
	assert_int_equal(s->machine.zones[1].pages, 100);
	assert_int_equal(s->machine.zones[1].present, 110);
	assert_int_equal(s->machine.memory, 300 * 4096);
	assert_int_equal(lowmem_reserve_ratio_of(s, ZONE_DMA32), 32);
	assert_int_equal(lowmem_reserve_ratio_of(s, ZONE_NORMAL), 7);

	remove_files(dir,
		     (const char *[]){ "zoneinfo", "cpus", "sys/vm/min_free_kbytes",
				       "sys/vm/lowmem_reserve_ratio", "sys/vm", "sys", "", NULL });
	free(s);
}

/* ------------------------------------------------------------------ */
/* The live host                                                       */

static void test_live_host(void **state)
{
	struct scenario *s;
	struct zoneinfo_row *rows;
	struct sim *sim;
	char err[512], *text;
	int nr, i, mismatches = 0;
	unsigned int nodes = 0, z;

	text = slurp("/proc/zoneinfo");
	if (!text) {
		print_message("no /proc/zoneinfo: skipped\n");
		skip();
	}
	rows = calloc(512, sizeof(*rows));
	s = calloc(1, sizeof(*s));
	assert_non_null(rows);
	assert_non_null(s);
	if (host_read_machine(s, "/proc", err, sizeof(err)))
		fail_msg("%s", err);
	nr = zoneinfo_parse(text, rows, 512);
	free(text);
	assert_true(nr > 0);

	/* the scenario is one zone list for all nodes: identical nodes only */
	for (i = 0; i < nr; i++) {
		if ((unsigned int)rows[i].node + 1 > nodes)
			nodes = (unsigned int)rows[i].node + 1;
		for (z = 0; z < s->machine.nr_zones; z++)
			if ((int)s->machine.zones[z].type == zone_type_named(rows[i].zone) &&
			    s->machine.zones[z].pages != rows[i].managed) {
				print_message("host nodes differ: skipped\n");
				free(rows);
				free(s);
				skip();
			}
	}

	sim = *state = sim_new(nodes, s->machine.page_size);
	sim->scn = *s;
	sim->min_free_kbytes = s->sysctl.min_free_kbytes;
	for (i = 0; i < nr; i++)
		zone_of(sim, (unsigned int)rows[i].node, zone_type_named(rows[i].zone))
			->managed_pages = rows[i].managed;
	setup_per_zone_wmarks(sim);
	setup_per_zone_lowmem_reserve(sim);

	for (i = 0; i < nr; i++) {
		const struct zoneinfo_row *r = &rows[i];
		const struct zone *zn =
			zone_of(sim, (unsigned int)r->node, zone_type_named(r->zone));
		/* printed marks include the boost of the moment */
		u64 min = r->min - r->boost, low = r->low - r->boost, high = r->high - r->boost;
		bool ok = min == zn->_watermark[WMARK_MIN] && low == zn->_watermark[WMARK_LOW] &&
			  high == zn->_watermark[WMARK_HIGH];
		int j;

		for (j = 0; j < r->nr_protection && j < NR_X86_ZONES; j++)
			ok = ok && r->protection[j] == zn->lowmem_reserve[x86_zones[j]];
		if (!ok) {
			mismatches++;
			print_error("live node %d %s (managed %llu): kernel %llu/%llu/%llu "
				    "prot %ld %ld %ld, model %llu/%llu/%llu prot %ld %ld %ld\n",
				    r->node, r->zone, (unsigned long long)r->managed,
				    (unsigned long long)min, (unsigned long long)low,
				    (unsigned long long)high, r->protection[1], r->protection[2],
				    r->protection[3], (unsigned long long)zn->_watermark[WMARK_MIN],
				    (unsigned long long)zn->_watermark[WMARK_LOW],
				    (unsigned long long)zn->_watermark[WMARK_HIGH],
				    zn->lowmem_reserve[1], zn->lowmem_reserve[2],
				    zn->lowmem_reserve[3]);
		}
	}
	free(rows);
	free(s);
	assert_int_equal(mismatches, 0);
}

/* ------------------------------------------------------------------ */
/* Public dumps of other kernels (data/zoneinfo/)                      */

/*
 * Each directory holds zoneinfo (a real kernel's), SOURCE (where from,
 * which kernel, what the scenario infers) and scenario.ini; the list is
 * the directories, so that a new one is not silently left out.
 */
/* clang-format off */
static const char *const zoneinfo_dumps[] = {
	"32bit-2.6.2x-dma-only",
	"arm32-4.14-android",
	"arm64-4.x-64k-numa8",
	"arm64-6.x-numa2",
	"x86_64-3.10-rhel7",
	"x86_64-4.x-coreos",
	"x86_64-4.x-numa4",
	"x86_64-5.x-boost",
	"x86_64-5.x-managed-later",
	"x86_64-6.0-reserve-apart",
	"x86_64-6.18-oracle",
};
/* clang-format on */

/*
 * The /proc/zoneinfo the model prints at boot for @s: its zones sized as
 * the scenario lays them out (scn_zone_sizes()) on a small machine with
 * the same arch, nodes and page size - the watermark code reads only the
 * zones' sizes, the sysctls and the policy, so a 94 GiB dump needs no
 * 94 GiB of simulated memory - then the boot's init_per_zone_wmark_min()
 * steps of sim_boot().  Returns the text (to free).
 */
static char *dump_model_zoneinfo(const struct scenario *s)
{
	static const char *const arch_names[] = { "x86_64",	 "i386",      "arm64",
						  "arm64_dma32", "arm64_dma", "ia64" };
	char ini[256], *text = NULL;
	size_t len = 0;
	struct sim *sim;
	FILE *f;

	snprintf(ini, sizeof(ini),
		 "[machine]\narch = %s\nnodes = %u\npage_size = %u\nzones = Normal:64p\n",
		 arch_names[s->machine.arch], s->machine.nodes, s->machine.page_size);
	sim = test_sim_load(NULL, "dump.ini", ini);
	sim->scn.policy = s->policy;
	sim->scn.sysctl = s->sysctl;
	memcpy(sim->scn.machine.zone_boost, s->machine.zone_boost, sizeof(s->machine.zone_boost));
	memcpy(sim->scn.machine.zone_wmark_managed, s->machine.zone_wmark_managed,
	       sizeof(s->machine.zone_wmark_managed));
	memcpy(sim->scn.machine.zone_reserve_managed, s->machine.zone_reserve_managed,
	       sizeof(s->machine.zone_reserve_managed));
	for (unsigned int nid = 0; nid < s->machine.nodes; nid++) {
		u64 managed[MAX_NR_ZONES], present[MAX_NR_ZONES], spanned[MAX_NR_ZONES];

		scn_zone_sizes(&s->machine, nid, managed, present, spanned);
		for (unsigned int z = 0; z < MAX_NR_ZONES; z++) {
			struct zone *zn = zone_of(sim, nid, z);

			zn->managed_pages = managed[z];
			zn->present_pages = present[z];
			zn->spanned_pages = spanned[z];
		}
	}
	sim->min_free_kbytes = s->sysctl.min_free_kbytes >= 0 ?
				       s->sysctl.min_free_kbytes :
				       calculate_min_free_kbytes(sim, s->sysctl.thp);
	setup_per_zone_wmarks(sim);
	setup_per_zone_lowmem_reserve(sim);
	setup_zone_boosts(sim);
	f = open_memstream(&text, &len);
	assert_non_null(f);
	report_zoneinfo(f, sim);
	fclose(f);
	sim_free(sim);
	return text;
}

/* The fields of a zoneinfo row the dumps are checked on, when they print them. */
static const struct dump_field {
	const char *name;
	unsigned int bit;
	size_t off;
} dump_fields[] = {
	{ "min", ZI_MIN, offsetof(struct zoneinfo_row, min) },
	{ "low", ZI_LOW, offsetof(struct zoneinfo_row, low) },
	{ "high", ZI_HIGH, offsetof(struct zoneinfo_row, high) },
	{ "promo", ZI_PROMO, offsetof(struct zoneinfo_row, promo) },
	{ "boost", ZI_BOOST, offsetof(struct zoneinfo_row, boost) },
	{ "managed", ZI_MANAGED, offsetof(struct zoneinfo_row, managed) },
	{ "present", ZI_PRESENT, offsetof(struct zoneinfo_row, present) },
	{ "spanned", ZI_SPANNED, offsetof(struct zoneinfo_row, spanned) },
};

static u64 row_u64(const struct zoneinfo_row *r, size_t off)
{
	return *(const u64 *)(const void *)((const char *)r + off);
}

/* @what of a zone: the kernel's and the model's figure, counted when equal */
static int dump_field(const char *dump, const struct zoneinfo_row *k, const char *what, u64 kv,
		      u64 mv)
{
	if (kv == mv)
		return 1;
	print_error("%s: node %d %s %s: kernel %llu, model %llu\n", dump, k->node, k->zone, what,
		    (unsigned long long)kv, (unsigned long long)mv);
	return 0;
}

static void test_zoneinfo_dumps(void **state)
{
	static struct zoneinfo_row krows[64], mrows[64];
	unsigned int total = 0;

	for (size_t d = 0; d < sizeof(zoneinfo_dumps) / sizeof(zoneinfo_dumps[0]); d++) {
		const char *name = zoneinfo_dumps[d];
		struct scenario *s = calloc(1, sizeof(*s));
		char path[512], err[SCN_ERR_LEN] = "", *text;
		int nk, nm, fields = 0, wanted = 0;

		assert_non_null(s);
		snprintf(path, sizeof(path), "data/zoneinfo/%s/scenario.ini", name);
		if (scenario_load(s, test_path(path), err, sizeof(err)) ||
		    scenario_validate(s, err, sizeof(err)))
			fail_msg("%s", err);
		snprintf(path, sizeof(path), "data/zoneinfo/%s/zoneinfo", name);
		text = slurp(test_path(path));
		assert_non_null(text);
		nk = zoneinfo_parse(text, krows, 64);
		free(text);
		text = dump_model_zoneinfo(s);
		nm = zoneinfo_parse(text, mrows, 64);
		free(text);
		free(s);
		assert_true(nk > 0);
		assert_true(nm > 0);
		for (int i = 0; i < nk; i++) {
			const struct zoneinfo_row *k = &krows[i], *m = NULL;

			for (int j = 0; j < nm && !m; j++)
				if (mrows[j].node == k->node && !strcmp(mrows[j].zone, k->zone))
					m = &mrows[j];
			if (!m)
				fail_msg("%s: node %d %s: not printed by the model", name, k->node,
					 k->zone);
			/* every watermark, size and reserve the dump prints */
			for (unsigned int f = 0; f < sizeof(dump_fields) / sizeof(dump_fields[0]);
			     f++) {
				const struct dump_field *df = &dump_fields[f];

				if (!(k->seen & df->bit))
					continue;
				fields += dump_field(name, k, df->name, row_u64(k, df->off),
						     row_u64(m, df->off));
				wanted++;
			}
			/* kernels without ZONE_DEVICE print one entry fewer: the last */
			assert_true(k->nr_protection <= m->nr_protection);
			for (int j = 0; j < k->nr_protection; j++) {
				char what[32];

				snprintf(what, sizeof(what), "protection[%d]", j);
				fields += dump_field(name, k, what, (u64)k->protection[j],
						     (u64)m->protection[j]);
				wanted++;
			}
		}
		print_message("%s: %d of %d printed figures exact\n", name, fields, wanted);
		assert_int_equal(fields, wanted);
		total += (unsigned int)fields;
	}
	/*
	 * the printed fields of each dump's zones, in the list's order:
	 * figures (min, low, high, sizes, promo, boost) + protection entries
	 */
	assert_int_equal(total, 1 * (5 + 4) + 4 * (6 + 4) + 5 * (5 + 3) + 2 * (3 + 3) +
					8 * (8 + 4) + 2 * (5 + 4) + 5 * (6 + 5) + 6 * (6 + 4) +
					5 * (6 + 5) + 5 * (6 + 5) + 5 * (7 + 5) + 5 * (6 + 2 + 5));
}

/* ------------------------------------------------------------------ */
/* Per-node layouts and the keys of the older kernels' rules           */

/*
 * Three nodes of their own layouts - DMA, DMA32 and Normal on node 0,
 * only Normal on node 1, only Movable on node 2 - booted with @policy
 * (a [policy] line, or ""): min_free_kbytes 8192 (2048 pages) over
 * 353,840 lowmem pages, watermark_scale_factor 100.
 */
static struct sim *numa_sim(void **state, const char *policy)
{
	char ini[512];

	snprintf(
		ini, sizeof(ini),
		"[machine]\nnodes = 3\n"
		"zones = DMA:3840p, DMA32:50000p, Normal:100000p | Normal:200000p | Movable:100000p\n"
		"[sysctl]\nmin_free_kbytes = 8192\nwatermark_scale_factor = 100\n"
		"[policy]\n%s\n",
		policy);
	return test_sim_load(state, "numa.ini", ini);
}

static void test_node_layouts(void **state)
{
	static const long dma[NR_X86_ZONES] = { 0, 195, 585, 585, 585 };
	static const long none[NR_X86_ZONES] = { 0 };
	struct sim *sim = numa_sim(state, "");

	assert_int_equal(sim->nr_nodes, 3);
	assert_int_equal(sim->scn.machine.memory,
			 (3840ULL + 50000 + 100000 + 200000 + 100000) * 4096);
	/* v6.1+: the share of 2048 pages by managed / 353,840; gaps 1 % */
	assert_wmarks(zone_of(sim, 0, ZONE_DMA), 22, 60, 98, 136);
	assert_wmarks(zone_of(sim, 0, ZONE_DMA32), 289, 789, 1289, 1789);
	assert_wmarks(zone_of(sim, 0, ZONE_NORMAL), 578, 1578, 2578, 3578);
	assert_wmarks(zone_of(sim, 1, ZONE_NORMAL), 1157, 3157, 5157, 7157);
	/* Movable capped at managed / 1024 = 97, its gap from its share (578) */
	assert_wmarks(zone_of(sim, 2, ZONE_MOVABLE), 97, 1097, 2097, 3097);
	assert_protection(zone_of(sim, 0, ZONE_DMA), dma);
	/* v5.8+: no reserve in the empty lower zones of nodes 1 and 2 */
	assert_protection(zone_of(sim, 1, ZONE_DMA), none);
	assert_protection(zone_of(sim, 2, ZONE_NORMAL), none);
	sim_destroy(sim);
	*state = NULL;

	/* before v4.6: low = min + share / 4, high = min + share / 2 */
	sim = numa_sim(state, "wmark_gap = min_quarter");
	assert_wmarks(zone_of(sim, 0, ZONE_DMA), 22, 27, 33, 33);
	assert_wmarks(zone_of(sim, 1, ZONE_NORMAL), 1157, 1446, 1735, 1735);
	assert_wmarks(zone_of(sim, 2, ZONE_MOVABLE), 97, 241, 386, 386);
	sim_destroy(sim);
	*state = NULL;

	/* before v6.1: Movable is lowmem, its share of 2048 by 453,840 */
	sim = numa_sim(state, "wmark_movable = proportional");
	assert_wmarks(zone_of(sim, 0, ZONE_DMA), 17, 55, 93, 131);
	assert_wmarks(zone_of(sim, 2, ZONE_MOVABLE), 451, 1451, 2451, 3451);
	sim_destroy(sim);
	*state = NULL;

	/* before v5.8: an empty lower zone keeps the reserve of any */
	sim = numa_sim(state, "lowmem_reserve_empty = reserve");
	{
		static const long n1_dma[NR_X86_ZONES] = { 0, 0, 781, 781, 781 };
		static const long n2_normal[NR_X86_ZONES] = { 0, 0, 0, 3125, 3125 };

		assert_protection(zone_of(sim, 1, ZONE_DMA), n1_dma);
		assert_protection(zone_of(sim, 2, ZONE_NORMAL), n2_normal);
	}
}

static void test_node_layout_errors(void **state)
{
	test_expect_scenario_error(
		"[machine]\nnodes = 2\nzones = DMA:3840p | Normal:0p\n",
		"t.ini:3: [machine] zones: node 1 has no memory (valid: at least one page in some zone of every node)");
	test_expect_scenario_error(
		"[machine]\nnodes = 3\nzones = Normal:8M | Normal:8M\n",
		"t.ini:3: [machine] zones: 2 node layouts for 3 nodes (valid: one layout per node, separated by '|', or one for every node)");
	test_expect_scenario_error(
		"[machine]\nnodes = 2\nzones = Normal:8M | Movable:8M, Normal:8M\n",
		"t.ini:3: [machine] zones: zone Normal after Movable (zones go in the order DMA, DMA32, Normal, HighMem, Movable)");
	test_expect_scenario_error(
		"[machine]\nnodes = 2\nzones = Normal:rest | Normal:8M\n",
		"t.ini:3: [machine] zones: node 0: 'rest' in a per-node layout (valid: every zone sized when nodes are given apart with '|')");
	test_expect_scenario_error(
		"[machine]\nzone_boost = 0:Normal\n",
		"t.ini:2: [machine] zone_boost: bad entry '0:Normal' (expected NODE:ZONE:PAGES, e.g. 0:Normal:512)");
	/* entries that no zone takes were dropped without a word */
	test_expect_scenario_error(
		"[machine]\nzone_reserve_managed = 1:DMA32:512\n",
		"t.ini:2: [machine] zone_reserve_managed: node 1 but the machine has 1 node (valid: 0..0)");
	test_expect_scenario_error(
		"[machine]\nnodes = 2\nzone_wmark_managed = 0:HighMem:512\n",
		"t.ini:3: [machine] zone_wmark_managed: arch x86_64 has no HighMem zone (valid: DMA, DMA32, Normal, Movable)");
	test_expect_scenario_error("[machine]\nzone_boost = 0:DMA32:512, 0:DMA32:1024\n",
				   "t.ini:2: [machine] zone_boost: node 0 DMA32 given twice");
}

/* ------------------------------------------------------------------ */
/* arm64's zones (arch = arm64, arm64_dma32, arm64_dma; zone_dma_limit) */

/* A booted arm64 machine of 64 KiB pages: @machine adds [machine] lines. */
static struct sim *arm64_sim(void **state, const char *machine)
{
	char ini[256];

	snprintf(ini, sizeof(ini), "[machine]\npage_size = 64K\n%s\n[sysctl]\nthp = never\n",
		 machine);
	return test_sim_load(state, "arm64.ini", ini);
}

static void assert_managed(struct sim *sim, unsigned int nid, u64 dma, u64 dma32, u64 normal)
{
	assert_int_equal(zone_of(sim, nid, ZONE_DMA)->managed_pages, dma);
	assert_int_equal(zone_of(sim, nid, ZONE_DMA32)->managed_pages, dma32);
	assert_int_equal(zone_of(sim, nid, ZONE_NORMAL)->managed_pages, normal);
	assert_int_equal(zone_of(sim, nid, ZONE_MOVABLE)->managed_pages, 0);
}

/* The entries of the first "protection: (...)" line the model prints. */
static int protection_entries(struct sim *sim)
{
	char *text = NULL, *p;
	size_t len = 0;
	int n = 1;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	report_zoneinfo(f, sim);
	fclose(f);
	p = strstr(text, "protection: (");
	assert_non_null(p);
	for (; *p != ')'; p++)
		n += *p == ',';
	free(text);
	return n;
}

/*
 * 5 GiB of 64 KiB pages (81,920): v5.5+ ZONE_DMA below zone_dma_limit
 * (1G: 16,384 pages), DMA32 to 4 GiB (49,152), Normal above (16,384);
 * lowmem_reserve with the ratios 256 256 32: DMA[DMA32] = 49152 / 256 =
 * 192, DMA[Normal] = 65536 / 256 = 256, DMA32[Normal] = 16384 / 256 = 64.
 * Four zones, four protection entries: no ZONE_DEVICE.
 */
static void test_arm64_layouts(void **state)
{
	struct sim *sim = arm64_sim(state, "arch = arm64\nmemory = 5G");

	assert_managed(sim, 0, 16384, 49152, 16384);
	assert_int_equal(zone_of(sim, 0, ZONE_DMA)->lowmem_reserve[ZONE_DMA32], 192);
	assert_int_equal(zone_of(sim, 0, ZONE_DMA)->lowmem_reserve[ZONE_NORMAL], 256);
	assert_int_equal(zone_of(sim, 0, ZONE_DMA32)->lowmem_reserve[ZONE_NORMAL], 64);
	assert_int_equal(protection_entries(sim), 4);
	sim_destroy(sim);
	*state = NULL;

	/* v5.11+ with no device limiting it: ZONE_DMA to 4 GiB, DMA32 empty */
	sim = arm64_sim(state, "arch = arm64\nmemory = 5G\nzone_dma_limit = 4G");
	assert_managed(sim, 0, 65536, 0, 16384);
	sim_destroy(sim);
	*state = NULL;

	/* before v5.5: one zone below 4 GiB, DMA32 or (before the rename) DMA */
	sim = arm64_sim(state, "arch = arm64_dma32\nmemory = 5G");
	assert_managed(sim, 0, 0, 65536, 16384);
	assert_int_equal(protection_entries(sim), 3);
	sim_destroy(sim);
	*state = NULL;
	sim = arm64_sim(state, "arch = arm64_dma\nmemory = 5G");
	assert_managed(sim, 0, 65536, 0, 16384);
	assert_int_equal(zone_of(sim, 0, ZONE_DMA)->lowmem_reserve[ZONE_NORMAL], 64);
	assert_int_equal(protection_entries(sim), 3);
	sim_destroy(sim);
	*state = NULL;

	/* a zone modifier for a zone the kernel lacks falls back to Normal */
	assert_int_equal(gfp_zone(GFP_KERNEL | __GFP_DMA, arch_zones(SCN_ARCH_ARM64)), ZONE_DMA);
	assert_int_equal(gfp_zone(GFP_KERNEL | __GFP_DMA32, arch_zones(SCN_ARCH_ARM64)),
			 ZONE_DMA32);
	assert_int_equal(gfp_zone(GFP_KERNEL | __GFP_DMA, arch_zones(SCN_ARCH_ARM64_DMA32)),
			 ZONE_NORMAL);
	assert_int_equal(gfp_zone(GFP_KERNEL | __GFP_DMA32, arch_zones(SCN_ARCH_ARM64_DMA)),
			 ZONE_NORMAL);
	assert_int_equal(gfp_zone(GFP_HIGHUSER, arch_zones(SCN_ARCH_ARM64)), ZONE_NORMAL);

	/* two nodes of 4 GiB: every node split at the same physical limits */
	sim = arm64_sim(state, "arch = arm64\nmemory = 8G\nnodes = 2");
	assert_managed(sim, 0, 16384, 49152, 0);
	assert_managed(sim, 1, 0, 0, 65536);
}

static void test_arm64_errors(void **state)
{
	(void)state;
	test_expect_scenario_error(
		"[machine]\nzone_dma_limit = 2G\n",
		"t.ini:2: [machine] zone_dma_limit: arch x86_64 has no such limit (valid: with arch = arm64, whose ZONE_DMA ends there)");
	test_expect_scenario_error(
		"[machine]\narch = arm64_dma\nzones = DMA32:8M\n",
		"t.ini:3: [machine] zones: arch arm64_dma has no DMA32 zone (valid: DMA, Normal, Movable)");
	test_expect_scenario_error(
		"[machine]\narch = arm64\nzones = HighMem:8M\n",
		"t.ini:3: [machine] zones: arch arm64 has no HighMem zone (valid: DMA, DMA32, Normal, Movable)");
	/* a limit inside a page lost that page from both zones */
	test_expect_scenario_error(
		"[machine]\narch = arm64\nzone_dma_limit = 6K\n",
		"t.ini:3: [machine] zone_dma_limit: 6K is not a whole number of 4096-byte pages");
}

/* The model's /proc/zoneinfo of @sim (to free). */
static char *zoneinfo_text(struct sim *sim)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	report_zoneinfo(f, sim);
	fclose(f);
	return text;
}

/*
 * Seed 000's machine shape on 2.6.25 (arch = ia64): ZONE_DMA below
 * MAX_DMA_ADDRESS (4 GiB), ZONE_NORMAL above, no DMA32.  6 GiB of
 * 16 KiB pages: DMA 262,144 pages, Normal 131,072.  By hand, 2.6.25's
 * init_per_zone_pages_min(): min_free_kbytes = isqrt(393,216 pages x 16
 * KiB x 16) = isqrt(100,663,296) = 10,033 (10,033^2 = 100,661,089,
 * 10,034^2 = 100,681,156), under the 65,536 cap; pages_min = 10,033 >> 4 =
 * 627.  setup_per_zone_pages_min(), by present pages of the lowmem
 * zones: DMA tmp = 627 x 262,144 / 393,216 = 418, low = 418 + 418/4 =
 * 522, high = 418 + 418/2 = 627; Normal tmp = 627 x 131,072 / 393,216 =
 * 209, low = 209 + 52 = 261, high = 209 + 104 = 313.
 * setup_per_zone_lowmem_reserve() with ratios 256 (DMA), 32 (Normal):
 * DMA against Normal and Movable 131,072 / 256 = 512, Normal against
 * Movable 0 / 32 = 0: protection (0, 512, 512) and (0, 0, 0), three
 * entries (DMA, Normal, Movable: MAX_NR_ZONES of ia64).
 */
static void test_ia64_layout(void **state)
{
	struct sim *sim = test_sim_load(state, "ia64.ini",
					"[machine]\narch = ia64\nmemory = 6G\npage_size = 16K\n"
					"[policy]\nkernel = 2.6.25\n");
	char *text;

	assert_managed(sim, 0, 262144, 0, 131072);
	assert_int_equal(sim->min_free_kbytes, 10033);
	text = zoneinfo_text(sim);
	assert_non_null(strstr(text, "  pages free     262144\n"));
	assert_non_null(strstr(text, "        min      418\n        low      522\n"
				     "        high     627\n"));
	assert_non_null(strstr(text, "        protection: (0, 512, 512)\n"));
	assert_non_null(strstr(text, "  pages free     131072\n"));
	assert_non_null(strstr(text, "        min      209\n        low      261\n"
				     "        high     313\n"));
	assert_non_null(strstr(text, "        protection: (0, 0, 0)\n"));
	assert_null(strstr(text, "DMA32"));
	free(text);
	assert_int_equal(protection_entries(sim), 3);
	sim_destroy(sim);
	*state = NULL;

	/* two nodes of 4 GiB (discontig.c): node 0 all DMA, node 1 all Normal */
	sim = test_sim_load(state, "ia64.ini",
			    "[machine]\narch = ia64\nmemory = 8G\nnodes = 2\npage_size = 16K\n"
			    "[policy]\nkernel = 2.6.25\n");
	assert_managed(sim, 0, 262144, 0, 0);
	assert_managed(sim, 1, 0, 0, 262144);
	/* GFP_DMA32 falls back to Normal, as on any kernel without the zone */
	assert_int_equal(gfp_zone(GFP_KERNEL | __GFP_DMA32, arch_zones(SCN_ARCH_IA64)),
			 ZONE_NORMAL);
	assert_int_equal(gfp_zone(GFP_KERNEL | __GFP_DMA, arch_zones(SCN_ARCH_IA64)), ZONE_DMA);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_spec_machine, teardown_sim),
		test_sim_unit_test(test_spec_machine_mem_init),
		cmocka_unit_test_teardown(test_min_free_kbytes, teardown_sim),
		cmocka_unit_test_teardown(test_min_free_kbytes_thp_support, teardown_sim),
		cmocka_unit_test(test_oracle_snapshots),
		cmocka_unit_test(test_zoneinfo_parse),
		test_sim_unit_test(test_host_fixture),
		cmocka_unit_test(test_host_errors),
		cmocka_unit_test(test_zoneinfo_dumps),
		test_sim_unit_test(test_node_layouts),
		cmocka_unit_test(test_node_layout_errors),
		test_sim_unit_test(test_arm64_layouts),
		cmocka_unit_test(test_arm64_errors),
		test_sim_unit_test(test_ia64_layout),
		cmocka_unit_test_teardown(test_live_host, teardown_sim),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

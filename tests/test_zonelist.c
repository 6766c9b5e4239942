// SPDX-License-Identifier: MIT
/*
 * test_zonelist.c - the fallback zonelists (build_all_zonelists): the
 * order each node's allocations try the other nodes in, by distance with
 * the kernel's penalties and its round robin among equals
 * ([policy] zonelist_node_load), the zones in node or zone order
 * ([policy] numa_zonelist_order) and what the kernels' "default" chose,
 * and where an allocation that overflows its node lands.
 */
#include "testsim.h"

#include "mm/page_alloc.h"

/* Node @nid's zonelist as digits, e.g. "3201". */
static const char *zonelist_str(const struct sim *sim, unsigned int nid, char *buf)
{
	unsigned int i;

	for (i = 0; i < sim->nr_nodes; i++)
		buf[i] = (char)('0' + sim->zonelist[nid][i]);
	buf[i] = '\0';
	return buf;
}

/*
 * A 4-node machine of 64 MiB nodes with @distance and @cpus CPUs,
 * @policy's lines; with @fill, an anon_fill of that size bound to node
 * @bind, run to its end.
 */
static struct sim *numa4(const char *distance, unsigned int cpus, const char *policy,
			 const char *fill, unsigned int bind)
{
	char ini[1024];
	struct sim *sim;
	int n;

	n = snprintf(ini, sizeof(ini),
		     "[machine]\ncpus = %u\nnodes = 4\nmemory = 256M\nswap = 0\n"
		     "node_distance = %s\n[policy]\n%s\n",
		     cpus, distance, policy);
	if (fill)
		snprintf(ini + n, sizeof(ini) - (size_t)n,
			 "[workload fill]\ntype = anon_fill\nsize = %s\nnode = %u\nthen = hold\n"
			 "[run]\nduration = 5s\n",
			 fill, bind);
	sim = test_sim_from_text(NULL, "t.ini", ini);
	if (fill)
		sim_run(sim);
	return sim;
}

/*
 * Two pairs of close nodes far apart, the machine of 54d032ced983's
 * message (5.16, "mm/page_alloc: use accumulated load when building node
 * fallback list"): before it node 3 fell back to node 0 after node 2, as
 * node 2 does, because the load that should have sent it to node 1 was
 * overwritten while node 2's list was built; since, nodes 2 and 3 take
 * turns.  Nodes 0 and 1 are the same either way.
 */
#define PAIRS "10 12 32 32 | 12 10 32 32 | 32 32 10 12 | 32 32 12 10"

static void test_round_robin(void **state)
{
	static const char *const want_old[] = { "0123", "1032", "2301", "3201" };
	static const char *const want_new[] = { "0123", "1032", "2301", "3210" };
	struct sim *old = numa4(PAIRS, 4, "kernel = 4.12", NULL, 0);
	struct sim *new = numa4(PAIRS, 4, "kernel = 6.12", NULL, 0);
	char buf[8];

	for (unsigned int n = 0; n < 4; n++) {
		assert_string_equal(zonelist_str(old, n, buf), want_old[n]);
		assert_string_equal(zonelist_str(new, n, buf), want_new[n]);
	}
	sim_destroy(old);
	sim_destroy(new);
	(void)state;
}

/*
 * Asymmetric distances (row a, column b = from a to b) and 2 CPUs, on
 * nodes 0 and 2: nodes 1 and 3 are headless.  At equal distance a
 * headless node comes before one with CPUs (node 0: 1 before 2) and a
 * node numbered above the local one before one below it (node 2: 3
 * before 1); node 2 reaches node 0 at 25 where node 0 reaches it at 20.
 * The index order from the local node (1230, 2301, 3012) is what the
 * model used before.  The round robin never breaks a tie here: both
 * rules give the same lists.
 */
#define ASYM "10 20 20 30 | 20 10 30 20 | 25 20 10 20 | 30 20 20 10"

static void test_distance_order(void **state)
{
	static const char *const want[] = { "0123", "1302", "2310", "3120" };
	struct sim *old = numa4(ASYM, 2, "zonelist_node_load = assign", NULL, 0);
	struct sim *new = numa4(ASYM, 2, "zonelist_node_load = accumulate", NULL, 0);
	char buf[8];

	for (unsigned int n = 0; n < 4; n++) {
		assert_string_equal(zonelist_str(old, n, buf), want[n]);
		assert_string_equal(zonelist_str(new, n, buf), want[n]);
	}
	sim_destroy(old);
	sim_destroy(new);
	(void)state;
}

/*
 * Where an allocation lands: 160 MiB of anon bound to node 2 of ASYM
 * (no swap) fills node 2, then node 3, and takes its last ~32 MiB from
 * node 1, the third of its list (7,843 of 16,384 pages left free); node
 * 0, last, is left untouched.  The index order took them from node 0.
 */
static void test_fallback_lands(void **state)
{
	struct sim *sim = numa4(ASYM, 2, "kernel = 6.12", "160M", 2);

	assert_true(test_node_free(sim, 2) < test_node_managed(sim, 2) / 100);
	assert_true(test_node_free(sim, 3) < test_node_managed(sim, 3) / 100);
	assert_true(test_node_free(sim, 1) < test_node_managed(sim, 1) * 55 / 100);
	assert_true(test_node_free(sim, 1) > test_node_managed(sim, 1) * 40 / 100);
	assert_int_equal(test_node_free(sim, 0), test_node_managed(sim, 0));
	sim_destroy(sim);
	(void)state;
}

/*
 * The same overflow from node 3 of PAIRS: node 2 (12 away) fills second,
 * then 4.12's lists send the last 32 MiB to node 0, 6.12's to node 1.
 * The index order filled node 0 second and node 1 third, node 2, the
 * near one, untouched.
 */
static void test_fallback_round_robin(void **state)
{
	struct sim *old = numa4(PAIRS, 4, "kernel = 4.12", "160M", 3);
	struct sim *new = numa4(PAIRS, 4, "kernel = 6.12", "160M", 3);

	assert_true(test_node_free(old, 2) < test_node_managed(old, 2) / 100);
	assert_true(test_node_free(old, 0) < test_node_managed(old, 0) * 55 / 100);
	assert_int_equal(test_node_free(old, 1), test_node_managed(old, 1));
	assert_true(test_node_free(new, 2) < test_node_managed(new, 2) / 100);
	assert_true(test_node_free(new, 1) < test_node_managed(new, 1) * 55 / 100);
	assert_int_equal(test_node_free(new, 0), test_node_managed(new, 0));
	sim_destroy(old);
	sim_destroy(new);
	(void)state;
}

/*
 * A machine whose loads differ under each rule (the distances
 * symmetric, every node with CPUs): node 3 is 20 away from every other
 * node, so only the loads order its list.  Before it is built the loads
 * of nodes 0, 1, 2 are 1, 1, 2 (one added: 3012), 2, 3, 1 (the falling
 * load assigned, node 2's last given 1: 3201) or 2, 3, 2 (the falling
 * load added, 5.16..5.18: 3021, node 0 before node 2 by its number).
 * With node_load[] cleared before each list (2.6.23..2.6.30) node 3
 * sees loads 0, 0, 0, and its list is its neighbours in number order,
 * 3012, each of them a number below 3.
 */
#define THREE_WAYS "10 20 32 20 | 20 10 32 20 | 32 32 10 20 | 20 20 20 10"

static void test_load_rules(void **state)
{
	static const char *const want[][4] = {
		{ "0132", "1302", "2301", "3012" }, /* accumulate */
		{ "0132", "1302", "2301", "3201" }, /* assign */
		{ "0132", "1302", "2301", "3021" }, /* accumulate_falling */
		{ "0132", "1302", "2301", "3012" }, /* assign_reset */
	};
	static const char *const rule[] = { "zonelist_node_load = accumulate",
					    "zonelist_node_load = assign",
					    "zonelist_node_load = accumulate_falling",
					    "zonelist_node_load = assign_reset" };
	char buf[8];

	for (unsigned int r = 0; r < 4; r++) {
		struct sim *sim = numa4(THREE_WAYS, 4, rule[r], NULL, 0);

		for (unsigned int n = 0; n < 4; n++)
			assert_string_equal(zonelist_str(sim, n, buf), want[r][n]);
		sim_destroy(sim);
	}
	(void)state;
}

/* Node @nid's zonelist of populated zones, e.g. "0:Normal 1:Normal 0:DMA32 0:DMA". */
static const char *zonerefs_str(struct sim *sim, unsigned int nid, char *buf, size_t len)
{
	static const char *const names[MAX_NR_ZONES] = {
		[ZONE_DMA] = "DMA",	    [ZONE_DMA32] = "DMA32",	[ZONE_NORMAL] = "Normal",
		[ZONE_HIGHMEM] = "HighMem", [ZONE_MOVABLE] = "Movable",
	};
	unsigned int i = 0;
	size_t at = 0;
	struct zone *z;

	buf[0] = '\0';
	while ((z = next_zones_zonelist(sim, nid, MAX_NR_ZONES - 1, &i))) {
		assert_true(populated_zone(z)); /* the list holds no others */
		at += (size_t)snprintf(buf + at, len - at, "%s%d:%s", at ? " " : "",
				       z->zone_pgdat->node_id, names[z->idx]);
	}
	return buf;
}

/*
 * 2 nodes of x86_64's default layout: node 0 (4224 MiB) has DMA, DMA32
 * to 4 GiB and 128 MiB of Normal, node 1 256 MiB of Normal; @policy's
 * lines; with @fill, an anon_fill of that size on node 0's CPUs (no
 * swap), run to its end.
 */
static struct sim *dma32_node0(const char *policy, const char *fill)
{
	char ini[1024];
	struct sim *sim;
	int n;

	n = snprintf(ini, sizeof(ini),
		     "[machine]\ncpus = 2\nnodes = 2\nnode_memory = 4224M, 256M\nswap = 0\n"
		     "[policy]\n%s\n",
		     policy);
	if (fill)
		snprintf(ini + n, sizeof(ini) - (size_t)n,
			 "[workload fill]\ntype = anon_fill\nsize = %s\nnode = 0\nthen = hold\n"
			 "[run]\nduration = 5s\n",
			 fill);
	sim = test_sim_from_text(NULL, "t.ini", ini);
	if (fill)
		sim_run(sim);
	return sim;
}

/*
 * The zonelists of node or zone order (2.6.23..4.13's
 * numa_zonelist_order): zone order puts node 1's Normal before node 0's
 * DMA32.  Node 1's list is the same either way: its own Normal, then
 * node 0's zones highest first.
 */
static void test_zone_order_lists(void **state)
{
	struct sim *node = dma32_node0("numa_zonelist_order = node", NULL);
	struct sim *zone = dma32_node0("numa_zonelist_order = zone", NULL);
	char buf[128];

	assert_false(node->zonelist_zone_order);
	assert_true(zone->zonelist_zone_order);
	assert_string_equal(zonerefs_str(node, 0, buf, sizeof(buf)),
			    "0:Normal 0:DMA32 0:DMA 1:Normal");
	assert_string_equal(zonerefs_str(zone, 0, buf, sizeof(buf)),
			    "0:Normal 1:Normal 0:DMA32 0:DMA");
	assert_string_equal(zonerefs_str(node, 1, buf, sizeof(buf)),
			    "1:Normal 0:Normal 0:DMA32 0:DMA");
	assert_string_equal(zonerefs_str(zone, 1, buf, sizeof(buf)),
			    "1:Normal 0:Normal 0:DMA32 0:DMA");
	sim_destroy(node);
	sim_destroy(zone);
	(void)state;
}

/*
 * Where 256 MiB of anon on node 0 lands: both orders fill node 0's
 * Normal down to its watermark (743 of 32,768 pages left); node order
 * then takes 34,209 pages from node 0's DMA32, node 1 untouched; zone
 * order takes 34,065 from node 1's Normal (31,471 of 65,536 left) and
 * leaves node 0's DMA32 whole.
 */
static void test_zone_order_lands(void **state)
{
	struct sim *node = dma32_node0("numa_zonelist_order = node", "256M");
	struct sim *zone = dma32_node0("numa_zonelist_order = zone", "256M");
	struct zone *node_dma32 = &node->nodes[0].node_zones[ZONE_DMA32];
	struct zone *zone_dma32 = &zone->nodes[0].node_zones[ZONE_DMA32];
	u64 used = node_dma32->managed_pages - (u64)zone_page_state(node_dma32, NR_FREE_PAGES);

	assert_int_equal(test_node_free(node, 1), test_node_managed(node, 1));
	assert_true(used > 30000 && used < 40000);
	assert_true(test_node_free(zone, 1) < test_node_managed(zone, 1) * 50 / 100);
	assert_true(test_node_free(zone, 1) > test_node_managed(zone, 1) * 45 / 100);
	assert_int_equal(zone_page_state(zone_dma32, NR_FREE_PAGES), zone_dma32->managed_pages);
	sim_destroy(node);
	sim_destroy(zone);
	(void)state;
}

/* What numa_zonelist_order = @order (or kernel = ...) resolves to on @machine: zone order? */
static bool zone_order_on(const char *machine, const char *order)
{
	char ini[512];
	struct sim *sim;
	bool zone;

	snprintf(ini, sizeof(ini), "[machine]\ncpus = 2\nswap = 0\n%s\n[policy]\n%s\n", machine,
		 order);
	sim = test_sim_from_text(NULL, "t.ini", ini);
	zone = sim->zonelist_zone_order;
	sim_destroy(sim);
	return zone;
}

/*
 * The kernels' "default" (default_zonelist_order) on three machines:
 * - DMA32: dma32_node0's, node 0 mostly DMA32: low memory is 91 % of
 *   all, so node order on every kernel;
 * - EVEN: two nodes of DMA 16M, DMA32 48M, Normal 192M: low memory is
 *   25 % of all and of each node, so zone order until 3.18 made 64-bit
 *   kernels node-ordered;
 * - I386: 32-bit, node 0 the lowmem (DMA, Normal) and 128 MiB of
 *   HighMem, node 1 only HighMem: zone order by the sizes (2.6.25), node
 *   order from 2.6.35 as node 1 has no Normal, zone order again from 3.18
 *   on 32-bit; node order since 4.14.
 */
#define DMA32 "nodes = 2\nnode_memory = 4224M, 256M"
#define EVEN "nodes = 2\nzones = DMA:16M, DMA32:48M, Normal:192M"
#define I386 "arch = i386\nnodes = 2\nmemory = 2G"

static void test_default_order(void **state)
{
	assert_false(zone_order_on(DMA32, "numa_zonelist_order = default_sizes"));
	assert_false(zone_order_on(DMA32, "numa_zonelist_order = default_lowmem"));
	assert_false(zone_order_on(DMA32, "numa_zonelist_order = default_64bit"));
	assert_true(zone_order_on(EVEN, "numa_zonelist_order = default_sizes"));
	assert_true(zone_order_on(EVEN, "numa_zonelist_order = default_lowmem"));
	assert_false(zone_order_on(EVEN, "numa_zonelist_order = default_64bit"));
	assert_true(zone_order_on(EVEN, "kernel = 3.10"));
	assert_false(zone_order_on(EVEN, "kernel = 4.2"));
	assert_true(zone_order_on(I386, "kernel = 2.6.25"));
	assert_false(zone_order_on(I386, "kernel = 2.6.35"));
	assert_true(zone_order_on(I386, "kernel = 4.12"));
	assert_false(zone_order_on(I386, "kernel = 6.12"));
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_robin),
		cmocka_unit_test(test_distance_order),
		cmocka_unit_test(test_fallback_lands),
		cmocka_unit_test(test_fallback_round_robin),
		cmocka_unit_test(test_load_rules),
		cmocka_unit_test(test_zone_order_lists),
		cmocka_unit_test(test_zone_order_lands),
		cmocka_unit_test(test_default_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

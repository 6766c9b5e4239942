// SPDX-License-Identifier: MIT
/*
 * test_zonelist.c - the fallback zonelists (build_all_zonelists): the
 * order each node's allocations try the other nodes in, by distance with
 * the kernel's penalties and its round robin among equals
 * ([policy] zonelist_node_load), and where an allocation that overflows
 * its node lands.
 */
#include "testsim.h"

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_robin),
		cmocka_unit_test(test_distance_order),
		cmocka_unit_test(test_fallback_lands),
		cmocka_unit_test(test_fallback_round_robin),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

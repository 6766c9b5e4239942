// SPDX-License-Identifier: MIT
/*
 * test_seed002.c - the v1 soft limit (memcontrol-v1.c): the 3.10 tree of
 * groups in excess (insert on excess, pop-largest, drop when under the
 * limit, ancestors refreshed, the tree of the page's zone), the rework's
 * eligibility walk and its v5 iterator filter, the soft_limit key's bad
 * input; and seed 002's direction on a scaled-down machine: System grows
 * with the number of empty groups under integrated many times faster than
 * under tree or integrated_skip.  Also dd's blocks below a page (the
 * seed's dd gives no bs=: GNU dd's 512 bytes), file_stream.c.
 */
#include "testsim.h"
#include "workload/workload_types.h"

/* p (soft limit 100 pages) with children a (10) and b (none); c under a */
static const char tree_ini[] = "[machine]\n"
			       "memory = 64M\n"
			       "zones = DMA:16M, DMA32:rest\n"
			       "cgroup = v1\n"
			       "[policy]\n"
			       "kernel = 3.10\n"
			       "[cost]\n"
			       "memcg_excess_ns = 100ns\n"
			       "[cgroup p]\n"
			       "soft_limit = 400K\n"
			       "[cgroup p/a]\n"
			       "soft_limit = 40K\n"
			       "[cgroup p/b]\n"
			       "[cgroup p/a/c]\n"
			       "[cgroup q]\n"
			       "[cgroup q/d]\n";

static u32 zone_pfn(struct sim *sim, enum zone_type z)
{
	return sim->nodes[0].node_zones[z].zone_start_pfn;
}

static void test_tree_insert_pop_drop(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", tree_ini);
	struct mem_cgroup *p = test_memcg_named(sim, "p"), *a = test_memcg_named(sim, "p/a"),
			  *b = test_memcg_named(sim, "p/b");
	struct memcg_soft_mz **dma32 = soft_limit_tree(sim, &sim->nodes[0], ZONE_DMA32);
	struct memcg_soft_mz **dma = soft_limit_tree(sim, &sim->nodes[0], ZONE_DMA);
	struct memcg_soft_mz *mz;

	assert_int_equal(p->soft_limit, 100);
	assert_int_equal(a->soft_limit, 10);
	assert_true(b->soft_limit == U64_MAX);
	/* a over its limit by 40, p under its own: only a goes on */
	a->memory.usage = 50;
	p->memory.usage = 50;
	b->memory.usage = 1000; /* no soft limit: never in excess */
	mem_cgroup_update_tree(sim, a, zone_pfn(sim, ZONE_DMA32));
	mem_cgroup_update_tree(sim, b, zone_pfn(sim, ZONE_DMA32));
	assert_non_null(*dma32);
	assert_ptr_equal((*dma32)->memcg, a);
	assert_int_equal((*dma32)->usage_in_excess, 40);
	assert_null((*dma32)->next);
	assert_null(*dma); /* the page's zone's tree only */
	/* p over by 150 now: a's tick refreshes its ancestors too */
	p->memory.usage = 250;
	mem_cgroup_update_tree(sim, a, zone_pfn(sim, ZONE_DMA32));
	assert_ptr_equal((*dma32)->memcg, p);
	assert_int_equal((*dma32)->usage_in_excess, 150);
	assert_ptr_equal((*dma32)->next->memcg, a);
	/* pop-largest takes p, then a; a fell under its limit meanwhile: dropped */
	mz = soft_tree_pop_largest(dma32);
	assert_ptr_equal(mz->memcg, p);
	assert_false(mz->on_tree);
	a->memory.usage = 5;
	assert_null(soft_tree_pop_largest(dma32));
	assert_null(*dma32);
	/* a tick with a under its limit takes a's entry off */
	a->memory.usage = 30;
	mem_cgroup_update_tree(sim, a, zone_pfn(sim, ZONE_DMA));
	assert_ptr_equal((*dma)->next->memcg, a);
	a->memory.usage = 5;
	p->memory.usage = 40;
	mem_cgroup_update_tree(sim, a, zone_pfn(sim, ZONE_DMA));
	assert_null(*dma);
}

/* equal keys: the newest is the rightmost, taken first; per node since 4.8 */
static void test_tree_ties_and_node_tree(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", tree_ini);
	struct mem_cgroup *a = test_memcg_named(sim, "p/a"), *c = test_memcg_named(sim, "p/a/c");
	struct memcg_soft_mz **tree = soft_limit_tree(sim, &sim->nodes[0], ZONE_DMA32);
	struct memcg_soft_mz mz1 = { .memcg = a }, mz2 = { .memcg = c };

	a->memory.usage = 20;
	c->soft_limit = 0;
	c->memory.usage = 10;
	soft_tree_insert(tree, &mz1, 10);
	soft_tree_insert(tree, &mz2, 10);
	assert_ptr_equal(soft_tree_pop_largest(tree), &mz2);
	assert_ptr_equal(soft_tree_pop_largest(tree), &mz1);
	soft_tree_insert(tree, &mz1, 0); /* not in excess: no entry */
	assert_null(*tree);
	/* zone_reclaim = off: one tree per node, whatever the page's zone */
	sim->scn.policy.zone_reclaim = false;
	assert_ptr_equal(soft_limit_tree(sim, &sim->nodes[0], ZONE_DMA32),
			 soft_limit_tree(sim, &sim->nodes[0], ZONE_DMA));
	mem_cgroup_update_tree(sim, a, zone_pfn(sim, ZONE_DMA32));
	assert_ptr_equal(sim->nodes[0].node_zones[ZONE_DMA].soft_limit_tree->memcg, a);
}

/* the rework's eligibility: own or any ancestor's excess, a lock per level tested */
static void test_eligibility_walk(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", tree_ini);
	struct mem_cgroup *p = test_memcg_named(sim, "p"), *a = test_memcg_named(sim, "p/a"),
			  *c = test_memcg_named(sim, "p/a/c"), *d = test_memcg_named(sim, "q/d");
	struct task *t = test_task_in(sim, sim->memcgs[0]);

	/* nothing in excess: c tests c, a, p and the root */
	t->step_sys_ns = 0;
	assert_false(mem_cgroup_soft_reclaim_eligible(t, c));
	assert_int_equal(t->step_sys_ns, 4 * 100);
	/* a in excess: c is eligible through it, after two tests */
	a->memory.usage = 11;
	t->step_sys_ns = 0;
	assert_true(mem_cgroup_soft_reclaim_eligible(t, c));
	assert_int_equal(t->step_sys_ns, 2 * 100);
	assert_true(mem_cgroup_soft_reclaim_eligible(t, a));
	assert_false(mem_cgroup_soft_reclaim_eligible(t, p));
	assert_false(mem_cgroup_soft_reclaim_eligible(t, d));
	p->memory.usage = 101;
	assert_true(mem_cgroup_soft_reclaim_eligible(t, p));
}

/* the v5 filter and the iterator that honours it */
static void test_skip_predicate(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", tree_ini);
	struct mem_cgroup *root = sim->memcgs[0], *p = test_memcg_named(sim, "p"),
			  *a = test_memcg_named(sim, "p/a"), *b = test_memcg_named(sim, "p/b"),
			  *c = test_memcg_named(sim, "p/a/c"), *q = test_memcg_named(sim, "q");
	struct task *t = test_task_in(sim, root);
	struct mem_cgroup *seen[8], *pos = NULL;
	unsigned int n = 0;

	/* nobody in excess: the root cuts the whole tree */
	assert_int_equal(mem_cgroup_soft_reclaim_filter(t, root, root), MEMCG_SKIP_TREE);
	assert_null(mem_cgroup_iter_cond(t, NULL, NULL, NULL, mem_cgroup_soft_reclaim_filter));
	/* a in excess: the tick counts it in p's and the root's children_in_excess */
	a->memory.usage = 11;
	mem_cgroup_update_soft_limit(a);
	assert_int_equal(p->children_in_excess, 1);
	assert_int_equal(root->children_in_excess, 1);
	assert_int_equal(a->children_in_excess, 0);
	assert_int_equal(mem_cgroup_soft_reclaim_filter(t, root, root), MEMCG_SKIP);
	assert_int_equal(mem_cgroup_soft_reclaim_filter(t, p, root), MEMCG_SKIP);
	assert_int_equal(mem_cgroup_soft_reclaim_filter(t, a, root), MEMCG_VISIT);
	assert_int_equal(mem_cgroup_soft_reclaim_filter(t, c, root), MEMCG_VISIT);
	assert_int_equal(mem_cgroup_soft_reclaim_filter(t, b, root), MEMCG_SKIP_TREE);
	assert_int_equal(mem_cgroup_soft_reclaim_filter(t, q, root), MEMCG_SKIP_TREE);
	/* the walk: a and c only */
	while ((pos = mem_cgroup_iter_cond(t, NULL, pos, NULL, mem_cgroup_soft_reclaim_filter)))
		seen[n++] = pos;
	assert_int_equal(n, 2);
	assert_ptr_equal(seen[0], a);
	assert_ptr_equal(seen[1], c);
	/* back under: the counts go back */
	a->memory.usage = 10;
	mem_cgroup_update_soft_limit(a);
	assert_int_equal(p->children_in_excess, 0);
	assert_int_equal(root->children_in_excess, 0);
}

/* ---- bad input ---- */

static void test_bad_input(void **state)
{
	test_expect_scenario_error(
		"[machine]\nmemory = 64M\n[cgroup A]\ncgroup = v2\nsoft_limit = 1M\n",
		"t.ini:5: [cgroup A] soft_limit: a cgroup v1 key, but the group is v2 "
		"(its cgroup key)");
	test_expect_scenario_error(
		"[machine]\nmemory = 64M\n[cgroup A]\nsoft_limit = 0\nhigh = 1M\n",
		"t.ini:4: [cgroup A] soft_limit: a cgroup v1 key, but the group is v2 "
		"(the kernel profile's [policy] cgroup)");
	test_expect_scenario_error(
		"[machine]\nmemory = 64M\ncgroup = v1\n[cgroup A]\nsoft_limit = -1\n",
		"t.ini:5: [cgroup A] soft_limit: bad size '-1' (sizes cannot be negative)");
	test_expect_scenario_error(
		"[policy]\nsoft_limit_reclaim = lru\n",
		"t.ini:2: [policy] soft_limit_reclaim: unknown value 'lru' (expected "
		"none, tree, integrated or integrated_skip)");
	test_expect_scenario_error(
		"[policy]\nzone_reclaim = yes\n",
		"t.ini:2: [policy] zone_reclaim: unknown value 'yes' (expected off or on)");
}

/* ---- the walk's cost of an empty group (bench/memcg-walk.py) ---- */

/* lone and box (limits, no pages); box holds two binary subtrees of 2 levels: 6 empty groups */
static const char walk_ini[] = "[machine]\n"
			       "memory = 64M\n"
			       "zones = DMA32:rest\n"
			       "cgroup = v1\n"
			       "[cgroup lone]\n"
			       "limit = 100p\n"
			       "[cgroup box]\n"
			       "limit = 100p\n"
			       "[cgroup_tree e]\n"
			       "under = box\n"
			       "levels = 2\n"
			       "subtrees = 2\n";

/* The system time of a limit reclaim of @memcg (nothing to reclaim), run to its end in @t */
static u64 walk_stime(struct task *t, struct mem_cgroup *memcg)
{
	static struct test_reclaim r; /* outlives the call: t->fn_arg */

	test_reclaim_start(t, &r, memcg, 1);
	while (!test_call_step(t))
		assert_int_equal(t->state, TASK_RUNNING);
	assert_int_equal(r.nr_reclaimed, 0);
	return t->stime_ns + t->step_sys_ns;
}

/* box's walk less lone's: what box's 6 empty groups cost */
static u64 walk_extra(void **state, const char *kernel)
{
	char ini[512];
	struct sim *sim;

	snprintf(ini, sizeof(ini), "%s[policy]\nkernel = %s\n", walk_ini, kernel);
	sim = test_sim_from_text(state, "t.ini", ini);
	struct mem_cgroup *lone = test_memcg_named(sim, "lone"),
			  *box = test_memcg_named(sim, "box");
	struct task *tl = test_task_in(sim, lone), *tb = test_task_in(sim, box);

	assert_int_equal(sim->scn.cost.memcg_iter_ns, 200);
	assert_int_equal(sim->scn.cost.empty_lruvec_ns, 110);
	return walk_stime(tb, box) - walk_stime(tl, lone);
}

/*
 * try_to_free_mem_cgroup_pages over groups with no pages: 13 priorities
 * (12..0), each a whole round of the tree (nothing reclaimed, no early
 * break).  v6.18 visits each of box's 6 empty groups for memcg_iter_ns
 * (200 ns, bench/memcg-walk.py's v6.18 figure) and skips it as below its
 * memory.min (an emin of 0 >= a usage of 0), then retries once visiting
 * every memcg (v6.10's memcg_full_walk): 26 rounds.  3.10 knows no
 * protection and no retry: 13 rounds, each group shrunk, nothing to scan
 * (empty_lruvec_ns, 110 ns).
 */
static void test_walk_cost(void **state)
{
	u64 extra = walk_extra(state, "6.18");
	struct sim *sim = *state;
	struct task *t = test_task_in(sim, sim->memcgs[0]);

	assert_int_equal(extra, 2 * 13 * 6 * cpu_work_ns(t, 200));
	test_sim_teardown(state);
	extra = walk_extra(state, "3.10");
	sim = *state;
	t = test_task_in(sim, sim->memcgs[0]);
	assert_int_equal(extra, 13 * 6 * (cpu_work_ns(t, 200) + cpu_work_ns(t, 110)));
}

/* ---- seed 002's direction, scaled down ---- */

/* System of the run (dd's system time and kswapd's), seconds */
static double run_system(unsigned int levels, const char *policy, const char *limit)
{
	char lv[64], pol[64], lim[64];
	const char *sets[] = { lv, pol, lim, NULL };
	struct sim *sim;
	double sys;

	snprintf(lv, sizeof(lv), "cgroup_tree.idle.levels=%u", levels);
	snprintf(pol, sizeof(pol), "policy.soft_limit_reclaim=%s", policy);
	snprintf(lim, sizeof(lim), "cgroup.A.soft_limit=%s", limit);
	sim = test_sim_run_file("tests/data/seed002-small.ini", sets);
	assert_true(sim->workloads[0].ended);
	sys = (double)(workload_totals(sim, &sim->workloads[0]).stime_ns +
		       sim->nodes[0].kswapd->stime_ns) /
	      1e9;
	sim_destroy(sim);
	return sys;
}

static void test_direction(void **state)
{
	static const char *const limits[] = { "max", "0" };

	SLOW_TEST();
	for (int i = 0; i < 2; i++) {
		double tree_s = run_system(3, "tree", limits[i]),
		       tree_l = run_system(9, "tree", limits[i]),
		       int_s = run_system(3, "integrated", limits[i]),
		       int_l = run_system(9, "integrated", limits[i]),
		       skip_s = run_system(3, "integrated_skip", limits[i]),
		       skip_l = run_system(9, "integrated_skip", limits[i]);

		print_message("%s: tree %.3f -> %.3f, integrated %.3f -> %.3f, skip %.3f -> %.3f\n",
			      limits[i], tree_s, tree_l, int_s, int_l, skip_s, skip_l);
		/*
		 * The rework adds an eligibility walk of every group (a lock
		 * per level) to each shrink_zone, and a second walk when it
		 * scanned nothing: its System grows many times faster with
		 * the groups than the base kernel's, which walks them once
		 * (with no soft limit the model's base grows too, where the
		 * seed's is flat: docs/seed002.md).  The v5 filter gives back
		 * all of it but the base kernel's own walk: with A at 0 only
		 * the DMA zone's fallback walks (pass 1 scans nothing there)
		 * remain.  (With no limit the walk is the base kernel's: 3.9+'s
		 * kswapd does not nap, reclaims all of dd's pages and walks
		 * 1.57 s more at 9 levels than at 3, where it napped and dd
		 * reclaimed before, 0.75 s.)  Since 3.10's walk shrinks every
		 * empty group (empty_memcg_protected = off, empty_lruvec_ns
		 * 110 ns) the base's growth is larger: with no limit tree
		 * 0.210 -> 1.843 s, integrated 0.247 -> 8.340 s (x4.96).
		 */
		assert_true(int_l - int_s > 4.0 * (tree_l - tree_s));
		assert_true(int_l > 3.0 * tree_l);
		assert_true(skip_l - skip_s < (tree_l - tree_s) + 0.15 * (int_l - int_s));
		assert_true(skip_l < 2.5 * tree_l);
	}
}

/* ---- dd's blocks below a page (file_stream.c) ---- */

#define DD_PAGES 1024u /* 4 MiB: no reclaim, below the dirty thresholds */

/* dd's system time, ns, writing DD_PAGES pages in blocks of @block on @page pages */
static u64 dd_stime(const char *block, const char *page)
{
	char ini[512];
	struct sim *sim;
	u64 ns;

	snprintf(ini, sizeof(ini),
		 "[machine]\nmemory = 256M\npage_size = %s\n[policy]\nkernel = 3.10\n"
		 "[workload dd]\ntype = file_write\nsize = %uK\nblock = %s\n",
		 page, DD_PAGES * 4, block);
	sim = test_sim_load(NULL, "t.ini", ini);
	sim_run(sim);
	assert_true(sim->workloads[0].ended);
	assert_int_equal(test_workload_figure(sim, "dd", "pages_written"),
			 DD_PAGES * 4096 / sim->page_size);
	assert_int_equal(test_vmstat(sim, "pgscan_kswapd") + test_vmstat(sim, "pgscan_direct"), 0);
	ns = workload_totals(sim, &sim->workloads[0]).stime_ns;
	sim_destroy(sim);
	return ns;
}

/*
 * bs=512 makes 8 read()/write() pairs a 4 KiB page where bs=4096 makes
 * one: 7 more of each syscall and 7 write()s into the cached page
 * (syscall_ns 170 + 170 + write_call_ns 534), the bytes read, cleared,
 * copied and the page created once either way; on 64 KiB pages, 128
 * pairs a page (127 more).  A block that does not divide the page is
 * refused.
 */
static void test_dd_small_blocks(void **state)
{
	u64 b4k = dd_stime("4K", "4K"), b512 = dd_stime("512", "4K");

	assert_int_equal(b512 - b4k, (u64)DD_PAGES * 7 * (170 + 170 + 534));
	assert_int_equal(dd_stime("512", "64K") - dd_stime("64K", "64K"),
			 (u64)DD_PAGES / 16 * 127 * (170 + 170 + 534));
	test_expect_scenario_error(
		"[machine]\nmemory = 256M\n[workload dd]\ntype = file_write\nsize = 4M\n"
		"block = 1000\n",
		"t.ini:3: [workload dd] block: 1000 does not divide the page size 4096");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		test_sim_unit_test(test_tree_insert_pop_drop),
		test_sim_unit_test(test_tree_ties_and_node_tree),
		test_sim_unit_test(test_eligibility_walk),
		test_sim_unit_test(test_skip_predicate),
		cmocka_unit_test(test_bad_input),
		test_sim_unit_test(test_walk_cost),
		cmocka_unit_test(test_direction),
		cmocka_unit_test(test_dd_small_blocks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

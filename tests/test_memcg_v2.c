// SPDX-License-Identifier: MIT
/*
 * test_memcg_v2.c - the memcg tree and the cgroup v2 semantics of
 * src/mm/memcontrol.c and page_counter.c, with exact values: effective
 * protection on SPEC 6.4's numbers, mem_cgroup_iter's pre-order and its
 * shared reclaim cursor, the memory.high penalty against the kernel's
 * table, memory.events propagation, and the scenario rules of the v1/v2
 * keys.
 */
#include "testsim.h"

#define MB(x) ((u64)(x)*256) /* pages of 4 KiB */

/*
 * SPEC 6.4, the selftest's model: B has an effective protection of 50M;
 * its children C, D, E, F use 50M, 50M, 50M, 0 and claim 75M, 25M, 0,
 * 500M.  Their claims in use (50 + 25 = 75M) exceed B's 50M, so each gets
 * its share in proportion: C 50*50/75, D 25*50/75, E and F nothing.
 */
static void test_effective_protection_overcommit(void **state)
{
	u64 siblings = MB(50) + MB(25);

	assert_int_equal(effective_protection(MB(50), MB(150), MB(75), MB(50), siblings, false),
			 MB(50) * MB(50) / siblings);
	assert_int_equal(MB(50) * MB(50) / siblings, 8533); /* 33.3M */
	assert_int_equal(effective_protection(MB(50), MB(150), MB(25), MB(50), siblings, false),
			 4266); /* 16.7M */
	assert_int_equal(effective_protection(MB(50), MB(150), 0, MB(50), siblings, false), 0);
	assert_int_equal(effective_protection(0, MB(150), MB(500), MB(50), siblings, false), 0);
	/* recursive protection does not change an overcommitted level */
	assert_int_equal(effective_protection(MB(50), MB(150), MB(25), MB(50), siblings, true),
			 4266);
}

/*
 * Under-committed: B affords 50M, its children claim 20M in use; with
 * memory_recursiveprot the 30M left go to each child in proportion to its
 * unprotected usage (usage - protected) over the parent's (150M - 20M).
 */
static void test_effective_protection_recursive(void **state)
{
	u64 siblings = MB(20);

	/* a child claiming 20M of its 50M: 20M, plus 30M x 30/130 recursively */
	assert_int_equal(effective_protection(MB(50), MB(150), MB(20), MB(50), siblings, false),
			 MB(20));
	assert_int_equal(effective_protection(MB(50), MB(150), MB(20), MB(50), siblings, true),
			 MB(20) + MB(30) * MB(30) / MB(130));
	/* a child claiming nothing: only the recursive share of its 50M */
	assert_int_equal(effective_protection(MB(50), MB(150), 0, MB(50), siblings, false), 0);
	assert_int_equal(effective_protection(MB(50), MB(150), 0, MB(50), siblings, true),
			 MB(30) * MB(50) / MB(130));
}

/*
 * page_counter: children_low_usage follows each child's min(usage, low)
 * through charges, uncharges and a new setting; calculate_protection
 * gives the reclaim root's children their own setting and the next level
 * its share.
 */
static void test_page_counter_protection(void **state)
{
	struct page_counter root, b, c, d;
	struct page_counter *fail;

	page_counter_init(&root, NULL);
	page_counter_init(&b, &root);
	page_counter_init(&c, &b);
	page_counter_init(&d, &b);
	page_counter_set_low(&b, MB(50));
	page_counter_set_low(&c, MB(75));
	page_counter_set_low(&d, MB(25));
	page_counter_charge(&c, MB(50));
	assert_true(page_counter_try_charge(&d, MB(50), &fail));
	assert_int_equal(b.children_low_usage, MB(50) + MB(25));
	assert_int_equal(root.children_low_usage, MB(50));
	page_counter_uncharge(&c, MB(40));
	assert_int_equal(b.children_low_usage, MB(10) + MB(25));
	page_counter_set_low(&d, MB(5));
	assert_int_equal(b.children_low_usage, MB(10) + MB(5));
	page_counter_charge(&c, MB(40));
	/* a walk from the root: B first, then its children */
	page_counter_calculate_protection(&root, &b, false);
	assert_int_equal(b.elow, MB(50));
	page_counter_calculate_protection(&root, &c, false);
	page_counter_calculate_protection(&root, &d, false);
	assert_int_equal(c.elow, MB(50) * MB(50) / MB(55));
	assert_int_equal(d.elow, MB(5) * MB(50) / MB(55));
	/* a reclaim of B's own subtree: B is the target, its children use their low */
	page_counter_calculate_protection(&b, &c, false);
	assert_int_equal(c.elow, MB(75));
	/* the root of the walk is left alone */
	b.elow = 7;
	page_counter_calculate_protection(&b, &b, false);
	assert_int_equal(b.elow, 7);
}

/* A tree created out of pre-order: ids root 0, a 1, b 2, a/a1 3, a/a2 4. */
static const char tree_ini[] = "[machine]\n"
			       "cpus = 2\n"
			       "nodes = 1\n"
			       "memory = 64M\n"
			       "zones = DMA:16M, DMA32:rest\n"
			       "[cgroup a]\n"
			       "[cgroup b]\n"
			       "[cgroup a1]\n"
			       "parent = a\n"
			       "[cgroup a2]\n"
			       "parent = a\n"
			       "[run]\n"
			       "duration = 1s\n";

static void test_iter_preorder(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", tree_ini);
	struct mem_cgroup *a = test_memcg_named(sim, "a");
	const char *expect[] = { "/", "a", "a/a1", "a/a2", "b" };
	struct mem_cgroup *pos = NULL;
	unsigned int n = 0;

	while ((pos = mem_cgroup_iter(sim, NULL, pos, NULL))) {
		assert_true(n < 5);
		assert_string_equal(pos->name, expect[n]);
		n++;
	}
	assert_int_equal(n, 5);
	/* a subtree: a, a1, a2 */
	pos = mem_cgroup_iter(sim, a, NULL, NULL);
	assert_ptr_equal(pos, a);
	pos = mem_cgroup_iter(sim, a, pos, NULL);
	assert_string_equal(pos->name, "a/a1");
	pos = mem_cgroup_iter(sim, a, pos, NULL);
	assert_string_equal(pos->name, "a/a2");
	assert_null(mem_cgroup_iter(sim, a, pos, NULL));
}

/*
 * Two reclaimers share the walk of one node: each call goes on from the
 * group the other took last; when one finishes the round, the other's
 * next call ends its walk (generation); a walker joining at the end of a
 * round starts the next one and sees at least one group.
 */
static void test_iter_shared_cursor(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", tree_ini);
	struct pglist_data *pgdat = &sim->nodes[0];
	struct mem_cgroup_reclaim_cookie c1 = { .pgdat = pgdat }, c2 = { .pgdat = pgdat },
					 c3 = { .pgdat = pgdat };
	struct mem_cgroup_reclaim_iter *iter = &mem_cgroup_lruvec(sim->memcgs[0], pgdat)->iter;
	struct mem_cgroup *w1, *w2, *w3;

	w1 = mem_cgroup_iter(sim, NULL, NULL, &c1);
	assert_string_equal(w1->name, "/");
	w2 = mem_cgroup_iter(sim, NULL, NULL, &c2);
	assert_string_equal(w2->name, "a");
	assert_int_equal(c1.generation, c2.generation);
	w1 = mem_cgroup_iter(sim, NULL, w1, &c1);
	assert_string_equal(w1->name, "a/a1");
	w2 = mem_cgroup_iter(sim, NULL, w2, &c2);
	assert_string_equal(w2->name, "a/a2");
	w1 = mem_cgroup_iter(sim, NULL, w1, &c1);
	assert_string_equal(w1->name, "b");
	assert_ptr_equal(iter->position, w1);
	/* w2 completes the round */
	assert_null(mem_cgroup_iter(sim, NULL, w2, &c2));
	assert_int_equal(iter->generation, c1.generation + 1);
	assert_null(iter->position);
	/* w1 joined the finished round: it stops */
	assert_null(mem_cgroup_iter(sim, NULL, w1, &c1));
	/* a partial walk that stopped at the last group leaves the cursor there */
	iter->position = test_memcg_named(sim, "b");
	w3 = mem_cgroup_iter(sim, NULL, NULL, &c3);
	assert_string_equal(w3->name, "/");
	assert_int_equal(c3.generation, c1.generation + 2);
	/* a walk of another node has a cursor of its own: none here */
	assert_ptr_equal(iter->position, w3);
}

/*
 * calculate_high_delay(): the kernel's table for memory.high = 100M
 * (mm/memcontrol.c): 101M 6 ms, 105M 159 ms, 110M 639 ms; 118M is 2073
 * before the 2 s cap of mem_cgroup_handle_over_high.  A task that charged
 * half a batch pays half.
 */
static void test_high_delay(void **state)
{
	u64 high = MB(100);
	u64 overage[] = { MB(1), MB(5), MB(10), MB(18) };
	unsigned long expect[] = { 6, 159, 639, 2073 };

	for (unsigned int i = 0; i < 4; i++) {
		u64 o = (overage[i] << 20) / high;

		assert_int_equal(calculate_high_delay(MEMCG_CHARGE_BATCH, o), expect[i]);
		assert_int_equal(calculate_high_delay(MEMCG_CHARGE_BATCH / 2, o), expect[i] / 2);
	}
	assert_int_equal(calculate_high_delay(MEMCG_CHARGE_BATCH, 0), 0);
}

static const char events_ini[] = "[machine]\n"
				 "cpus = 2\n"
				 "nodes = 1\n"
				 "memory = 64M\n"
				 "zones = DMA:16M, DMA32:rest\n"
				 "[cgroup p]\n"
				 "[cgroup c]\n"
				 "parent = p\n"
				 "[cgroup old]\n"
				 "cgroup = v1\n"
				 "[cgroup oldc]\n"
				 "cgroup = v1\n"
				 "parent = old\n"
				 "[run]\n"
				 "duration = 1s\n";

/*
 * memcg_memory_event(): local in the group, hierarchical up to (not
 * including) the root for v2; once only for v1; local only with
 * memory_localevents.
 */
static void test_events_propagation(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", events_ini);
	struct mem_cgroup *root = sim->memcgs[0], *p = test_memcg_named(sim, "p"),
			  *c = test_memcg_named(sim, "c"), *old = test_memcg_named(sim, "old"),
			  *oldc = test_memcg_named(sim, "oldc");

	assert_true(c->dfl && !oldc->dfl);
	memcg_memory_event(sim, c, MEMCG_MAX);
	memcg_memory_event(sim, c, MEMCG_OOM_KILL);
	memcg_memory_event(sim, c, MEMCG_OOM_KILL);
	assert_int_equal(c->memory_events[MEMCG_MAX], 1);
	assert_int_equal(c->memory_events_local[MEMCG_MAX], 1);
	assert_int_equal(p->memory_events[MEMCG_MAX], 1);
	assert_int_equal(p->memory_events_local[MEMCG_MAX], 0);
	assert_int_equal(p->memory_events[MEMCG_OOM_KILL], 2);
	assert_int_equal(root->memory_events[MEMCG_MAX], 0);
	memcg_memory_event(sim, oldc, MEMCG_OOM);
	assert_int_equal(oldc->memory_events[MEMCG_OOM], 1);
	assert_int_equal(old->memory_events[MEMCG_OOM], 0);
	sim->scn.machine.memory_localevents = true;
	memcg_memory_event(sim, c, MEMCG_HIGH);
	assert_int_equal(c->memory_events[MEMCG_HIGH], 1);
	assert_int_equal(p->memory_events[MEMCG_HIGH], 0);
}

/* ---- scenario rules ---- */

static void test_interface_rules(void **state)
{
	test_expect_scenario_error(
		"[policy]\ncgroup = v2\n[cgroup box]\nlimit = 8M\n",
		"t.ini:4: [cgroup box] limit: a cgroup v1 key, but the group is v2 "
		"([policy] cgroup)");
	test_expect_scenario_error(
		"[machine]\ncgroup = v2\n[cgroup box]\nlimit = 8M\n",
		"t.ini:4: [cgroup box] limit: a cgroup v1 key, but the group is v2 "
		"([machine] cgroup)");
	test_expect_scenario_error(
		"[machine]\ncgroup = v1\n[cgroup box]\nmax = 8M\n",
		"t.ini:4: [cgroup box] max: a cgroup v2 key, but the group is v1 "
		"([machine] cgroup)");
	/* unchosen, a v1 key beside a v2 one: the profile's v2 holds */
	test_expect_scenario_error(
		"[cgroup box]\nmin = 1M\nswappiness = 10\n",
		"t.ini:3: [cgroup box] swappiness: a cgroup v1 key, but the group is v2 "
		"(the kernel profile's [policy] cgroup)");
	test_expect_scenario_error(
		"[machine]\ncgroup = v3\n",
		"t.ini:2: [machine] cgroup: unknown value 'v3' (expected v1, v2 or "
		"profile)");
	test_expect_scenario_error(
		"[policy]\ncgroup = v1\n[cgroup box]\nmin = 8M\n",
		"t.ini:4: [cgroup box] min: a cgroup v2 key, but the group is v1 "
		"([policy] cgroup)");
	test_expect_scenario_error(
		"[cgroup box]\ncgroup = v1\nmax = 8M\n",
		"t.ini:3: [cgroup box] max: a cgroup v2 key, but the group is v1 "
		"(its cgroup key)");
	test_expect_scenario_error(
		"[policy]\nkernel = 4.12\n[cgroup box]\noom_group = 1\n",
		"t.ini:4: [cgroup box] oom_group: a cgroup v2 key, but the group is v1 "
		"(the kernel profile's [policy] cgroup)");
	test_expect_scenario_error(
		"[cgroup box]\ncgroup = v2\nswappiness = 10\n",
		"t.ini:3: [cgroup box] swappiness: a cgroup v1 key, but the group is v2 "
		"(its cgroup key)");
	test_expect_scenario_error("[cgroup box]\nmax = 8M\nmin = 9M\n",
				   "t.ini:3: [cgroup box] min: must be <= max (8388608 bytes)");
	test_expect_scenario_error("[cgroup box]\nlow = 9M\nmax = 8M\n",
				   "t.ini:2: [cgroup box] low: must be <= max (8388608 bytes)");
	test_expect_scenario_error(
		"[cgroup box]\ncgroup = v3\n",
		"t.ini:2: [cgroup box] cgroup: unknown value 'v3' (expected v1, v2 or "
		"inherit)");
	test_expect_scenario_error(
		"[machine]\nmemory_recursiveprot = 2\n",
		"t.ini:2: [machine] memory_recursiveprot: unknown value '2' (expected 0 "
		"or 1)");
}

/* The profiles choose the interface: v1 before 6.x, v2 from 6.12. */
static void test_interface_profiles(void **state)
{
	static struct scenario scn;
	char err[SCN_ERR_LEN];

	assert_int_equal(scenario_load_string(&scn, "t.ini",
					      "[policy]\nkernel = 4.12\n[cgroup box]\nlimit = 8M\n",
					      err, sizeof(err)),
			 0);
	assert_int_equal(scenario_validate(&scn, err, sizeof(err)), 0);
	assert_false(scn.policy.cgroup_dfl);
	assert_false(scn.policy.memcg_high_penalty);
	assert_int_equal(scenario_load_string(&scn, "t.ini",
					      "[policy]\nkernel = 6.12\n[cgroup box]\nmax = 8M\n"
					      "min = 1M\nlow = 2M\nhigh = 6M\nswap_max = 0\n"
					      "oom_group = 1\n",
					      err, sizeof(err)),
			 0);
	assert_int_equal(scenario_validate(&scn, err, sizeof(err)), 0);
	assert_true(scn.policy.cgroup_dfl);
	assert_true(scn.policy.memcg_high_penalty);
	assert_true(scn.cgroups[0].limit_v2);
	assert_int_equal(scn.cgroups[0].swap_max, 0);
	assert_true(scn.cgroups[0].oom_group);
}

/*
 * The interface nobody chose: a group with v1 keys only is v1 (an older
 * scenario's meaning), the others the profile's; [machine] cgroup
 * overrides the profile, for the root too.
 */
static void test_interface_choice(void **state)
{
	static struct scenario scn;
	char err[SCN_ERR_LEN];

	assert_int_equal(scenario_load_string(&scn, "t.ini",
					      "[cgroup old]\nlimit = 8M\nswappiness = 10\n"
					      "[cgroup new]\nmax = 8M\n[cgroup plain]\n",
					      err, sizeof(err)),
			 0);
	assert_int_equal(scenario_validate(&scn, err, sizeof(err)), 0);
	assert_false(scn_cgroup_dfl(&scn, &scn.cgroups[0]));
	assert_true(scn_cgroup_dfl(&scn, &scn.cgroups[1]));
	assert_true(scn_cgroup_dfl(&scn, &scn.cgroups[2]));
	assert_true(scn_root_dfl(&scn));
	assert_int_equal(scenario_load_string(&scn, "t.ini",
					      "[machine]\ncgroup = v1\n[cgroup plain]\n"
					      "[cgroup mine]\ncgroup = v2\nmax = 8M\n",
					      err, sizeof(err)),
			 0);
	assert_int_equal(scenario_validate(&scn, err, sizeof(err)), 0);
	assert_true(scn.policy.cgroup_dfl); /* the profile's, overridden */
	assert_false(scn_root_dfl(&scn));
	assert_false(scn_cgroup_dfl(&scn, &scn.cgroups[0]));
	assert_true(scn_cgroup_dfl(&scn, &scn.cgroups[1]));
	/* [machine] cgroup = v2 on an old kernel: v2 groups */
	assert_int_equal(scenario_load_string(&scn, "t.ini",
					      "[policy]\nkernel = 4.12\n[machine]\ncgroup = v2\n"
					      "[cgroup box]\nmax = 8M\n",
					      err, sizeof(err)),
			 0);
	assert_int_equal(scenario_validate(&scn, err, sizeof(err)), 0);
	assert_true(scn_cgroup_dfl(&scn, &scn.cgroups[0]));
}

/*
 * Paths and trees in the sim: names are paths, a tree's groups come in
 * pre-order after the sections, configured by the section's keys, and
 * a charge reaches every ancestor.
 */
static void test_tree_groups(void **state)
{
	struct sim *sim = test_sim_load(state, "t.ini",
					"[machine]\nmemory = 256M\nswap = 0\n"
					"[cgroup A]\nmax = 128M\n"
					"[cgroup A/B]\n"
					"[cgroup C]\nparent = A/B\n"
					"[cgroup_tree t]\nunder = A/B\nlevels = 3\nsubtrees = 2\n"
					"high = 4M\n");
	static const char *const order[] = {
		"/",	      "A",	    "A/B",	"A/B/C",      "A/B/t0",	    "A/B/t0/0",
		"A/B/t0/0/0", "A/B/t0/0/1", "A/B/t0/1", "A/B/t0/1/0", "A/B/t0/1/1", "A/B/t1",
	};
	struct mem_cgroup *leaf, *pos = NULL;
	unsigned int n = 0;

	assert_int_equal(sim->nr_memcgs, 4 + 2 * 7);
	for (unsigned int i = 0; i < sizeof(order) / sizeof(order[0]); i++)
		assert_string_equal(sim->memcgs[i]->name, order[i]);
	/* the section name and its path name one group */
	assert_ptr_equal(mem_cgroup_by_name(sim, "C"), sim->memcgs[3]);
	assert_ptr_equal(mem_cgroup_by_name(sim, "A/B/C"), sim->memcgs[3]);
	assert_null(mem_cgroup_by_name(sim, "A/B/t2"));
	leaf = mem_cgroup_by_name(sim, "A/B/t1/1/0");
	assert_non_null(leaf);
	assert_string_equal(leaf->parent->parent->name, "A/B/t1");
	assert_int_equal(leaf->memory.high, (4ULL << 20) / sim->page_size);
	assert_int_equal(mem_cgroup_by_name(sim, "A")->memory.max, (128ULL << 20) / sim->page_size);
	/* the iterator visits them all, in the order they were made */
	while ((pos = mem_cgroup_iter(sim, NULL, pos, NULL)))
		assert_ptr_equal(pos, sim->memcgs[n++]);
	assert_int_equal(n, sim->nr_memcgs);
	/* a charge goes up the tree: the leaf, its 4 ancestors and the root */
	page_counter_charge(&leaf->memory, 3);
	for (struct mem_cgroup *a = leaf; a; a = a->parent)
		assert_int_equal(a->memory.usage, 3);
	assert_int_equal(mem_cgroup_by_name(sim, "A/B/t1/1/1")->memory.usage, 0);
	assert_int_equal(mem_cgroup_by_name(sim, "A/B/C")->memory.usage, 0);
	page_counter_uncharge(&leaf->memory, 3);
}

static void test_path_errors(void **state)
{
	char text[4096];
	size_t used;

	test_expect_scenario_error(
		"[cgroup A/B/C]\n[cgroup A]\n",
		"t.ini:1: [cgroup A/B/C]: its parent 'A/B' does not exist (no [cgroup A/B] section)");
	test_expect_scenario_error(
		"[cgroup A]\n[cgroup A/B]\nparent = A\n",
		"t.ini:3: [cgroup A/B] parent: the section's path gives the parent (drop parent, or name the section 'B')");
	test_expect_scenario_error("[cgroup A]\n[cgroup A/B]\n[cgroup B]\nparent = A\n",
				   "t.ini:3: [cgroup B]: A/B is also [cgroup A/B] (line 2)");
	test_expect_scenario_error("[cgroup A//B]\n", "t.ini:1: [cgroup A//B]: empty name");
	/* 33 levels, one more than the limit: a1's parent a0, a2's a1, ... */
	used = (size_t)snprintf(text, sizeof(text), "[cgroup a0]\n");
	for (int i = 1; i <= SCN_MAX_CGROUP_DEPTH; i++)
		used += (size_t)snprintf(text + used, sizeof(text) - used,
					 "[cgroup a%d]\nparent = a%d\n", i, i - 1);
	test_expect_scenario_error(
		text, "t.ini:65: [cgroup a32]: a0/a1/a2/a3/a4/a5/a6/a7/a8/a9/a10/a11/a12/"
		      "a13/a14/a15/a16/a17/a18/a19/a20/a21/a22/a23/a24/a25/a26/a27/"
		      "a28/a29/a30/a31/a32 is 33 levels deep (at most 32)");
	/* trees */
	test_expect_scenario_error(
		"[cgroup_tree t]\nunder = nope\n",
		"t.ini:2: [cgroup_tree t] under: no [cgroup] section named 'nope'");
	test_expect_scenario_error(
		"[cgroup A]\n[cgroup_tree t]\nunder = A\nlevels = 15\nsubtrees = 2\n",
		"t.ini:5: [cgroup_tree t]: 65534 groups make 65536 with the others, more than 65535 (memcg ids are 16-bit)");
	test_expect_scenario_error(
		"[cgroup A]\n[cgroup A/B]\n[cgroup_tree t]\nunder = A/B\nlevels = 31\n",
		"t.ini:5: [cgroup_tree t] levels: 31 levels under 'A/B' go deeper than 32 levels (the depth limit)");
	test_expect_scenario_error("[cgroup_tree t]\nlevels = 33\n",
				   "t.ini:2: [cgroup_tree t] levels: 33 out of range (1..32)");
	test_expect_scenario_error(
		"[cgroup_tree t]\nlevels = 2\nsubtrees = 2\n[cgroup t1/0]\n[cgroup t1]\n",
		"t.ini:4: [cgroup t1/0]: [cgroup_tree t] (line 1) makes t1/0 too");
	test_expect_scenario_error(
		"[cgroup_tree t]\nsubtrees = 2\n[cgroup_tree t1]\n",
		"t.ini:3: [cgroup_tree t1]: makes t1, as [cgroup_tree t] (line 1) does");
	test_expect_scenario_error(
		"[cgroup_tree t]\nlimit = 8M\nmin = 1M\n",
		"t.ini:2: [cgroup_tree t] limit: a cgroup v1 key, but the group is v2 (the kernel profile's [policy] cgroup)");
	test_expect_scenario_error("[cgroup_tree t]\nmax = 8M\nlow = 9M\n",
				   "t.ini:3: [cgroup_tree t] low: must be <= max (8388608 bytes)");
	test_expect_scenario_error(
		"[cgroup_tree t]\n[cgroup_tree t]\n",
		"t.ini:2: [cgroup_tree t]: duplicate cgroup_tree name (first at line 1)");
	test_expect_scenario_error(
		"[cgroup_tree t]\nunder = /\nparent = /\n",
		"t.ini:3: [cgroup_tree t] parent: duplicate key (first given at line 2)");
	test_expect_scenario_error(
		"[cgroup_tree t]\n[workload w]\ntype = file_read\nsize = 1M\ncgroup = t/0\n",
		"t.ini:5: [workload w] cgroup: no cgroup named 't/0'");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_effective_protection_overcommit),
		cmocka_unit_test(test_effective_protection_recursive),
		cmocka_unit_test(test_page_counter_protection),
		test_sim_unit_test(test_iter_preorder),
		test_sim_unit_test(test_iter_shared_cursor),
		cmocka_unit_test(test_high_delay),
		test_sim_unit_test(test_events_propagation),
		cmocka_unit_test(test_interface_rules),
		cmocka_unit_test(test_interface_profiles),
		cmocka_unit_test(test_interface_choice),
		test_sim_unit_test(test_tree_groups),
		cmocka_unit_test(test_path_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: MIT
/*
 * test_memcg_actions.c - [at TIME] writes to cgroup interface files
 * (src/mm/memcontrol_write.c): memory.max lowered mid-run (usage falls
 * to it, or the OOM killer runs when nothing can be reclaimed),
 * memory.high lowered (reclaim, then high events, no OOM), memory.reclaim
 * (done, or -EAGAIN), the v1 limit (-EBUSY, -EINVAL), the log's exact
 * lines, and the load-time rejections.
 */
#include <errno.h>

#include "testsim.h"

#define MiB (1ULL << 20)

/*
 * A 256M machine with a v2 group "box" whose "fill" holds 64M of anon,
 * and a root "clock" that reads a file at 16M/s to keep the run going
 * for 4 s; @swap is [machine] swap, @box more keys of [cgroup box],
 * @extra more sections (the [at] ones).
 */
static struct sim *box_keys_run(void **state, const char *swap, const char *box, const char *extra)
{
	char ini[2048];
	struct sim *sim;

	snprintf(ini, sizeof(ini),
		 "[machine]\ncpus = 2\nmemory = 256M\nswap = %s\n"
		 "[policy]\nkernel = 6.12\ncgroup = v2\n"
		 "[cgroup box]\n%s"
		 "[workload fill]\ntype = anon_fill\ncgroup = box\nsize = 64M\nthen = hold\n"
		 "[workload clock]\ntype = file_read\nsize = 64M\nrate = 16M/s\n"
		 "%s",
		 swap, box, extra);
	sim = test_sim_from_text(state, "t.ini", ini);
	assert_int_equal(sim_run(sim), 0);
	return sim;
}

static struct sim *box_run(void **state, const char *swap, const char *extra)
{
	return box_keys_run(state, swap, "", extra);
}

/* The text report's lines from "actions:" on. */
static void action_lines(struct sim *sim, char *buf, size_t len)
{
	char *text = NULL, *p;
	size_t n = 0;
	FILE *f = open_memstream(&text, &n);

	assert_non_null(f);
	report_text(f, sim);
	fclose(f);
	p = strstr(text, "\nactions:\n");
	assert_non_null(p);
	snprintf(buf, len, "%s", p + 1);
	free(text);
}

static void expect_actions(struct sim *sim, const char *expected)
{
	char buf[2048];

	action_lines(sim, buf, sizeof(buf));
	if (strcmp(buf, expected))
		print_error("expected:\n%s\ngot:\n%s\n", expected, buf);
	assert_string_equal(buf, expected);
}

/* memory.max 64M -> 32M at 2 s with swap: reclaim brings usage to 32M, no OOM. */
static void test_max_lowered(void **state)
{
	struct sim *sim = box_run(state, "256M", "[at 2s]\ncgroup.box.max = 32M\n");
	struct mem_cgroup *box = test_memcg_named(sim, "box");
	const struct memcg_action_log *log = &sim->action_log[0];

	assert_true(log->done);
	assert_int_equal(log->err, 0);
	assert_true(log->usage <= 32 * MiB / sim->page_size);
	assert_true(log->reclaimed >= 32 * MiB / sim->page_size);
	assert_int_equal(log->oom_kills, 0);
	assert_int_equal(box->memory.max, 32 * MiB / sim->page_size);
	assert_int_equal(box->memory_events[MEMCG_OOM], 0);
	assert_true(box->memory.usage <= 32 * MiB / sim->page_size);
	assert_int_equal(test_workload_named(sim, "fill")->exit_signal, 0);
	expect_actions(
		sim,
		"actions:\n"
		"  at 2s box memory.max 33554432: 0 (2s..2.092833686s, reclaimed 35.46M, current 28.53M, oom_kills 0, sys 48.849235 ms)\n");
}

/*
 * Without swap nothing of the 64M can go: after 16 reclaims without
 * progress the write counts an OOM event and kills the filler, whose
 * memory goes at once; the write still returns 0.
 */
static void test_max_lowered_oom(void **state)
{
	struct sim *sim = box_run(state, "0", "[at 2s]\ncgroup.box.max = 32M\n");
	struct mem_cgroup *box = test_memcg_named(sim, "box");
	const struct memcg_action_log *log = &sim->action_log[0];

	assert_true(log->done);
	assert_int_equal(log->err, 0);
	assert_int_equal(log->oom_kills, 1);
	assert_int_equal(log->usage, 0);
	assert_int_equal(box->memory_events[MEMCG_OOM], 1);
	assert_int_equal(box->memory_events[MEMCG_OOM_KILL], 1);
	assert_int_equal(test_workload_named(sim, "fill")->exit_signal, 9);
	expect_actions(
		sim,
		"actions:\n"
		"  at 2s box memory.max 33554432: 0 (2s..2.00012913s, reclaimed 0.00M, current 0.00M, oom_kills 1, sys 0.129130 ms)\n");
}

/*
 * memory.high 64M -> 16M at 1 s, then the group reads a file: the write
 * reclaims to 16M, each later charge over it counts a high event and
 * reclaims; no OOM, and usage ends near 16M.
 */
static void test_high_lowered(void **state)
{
	struct sim *sim = box_run(state, "256M",
				  "[workload read]\ntype = file_read\ncgroup = box\nsize = 32M\n"
				  "rate = 16M/s\nstart = 2s\n"
				  "[at 1s]\ncgroup.box.high = 16M\n");
	struct mem_cgroup *box = test_memcg_named(sim, "box");
	const struct memcg_action_log *log = &sim->action_log[0];

	assert_int_equal(log->err, 0);
	assert_true(log->usage <= 16 * MiB / sim->page_size);
	assert_int_equal(log->oom_kills, 0);
	assert_int_equal(box->memory.high, 16 * MiB / sim->page_size);
	assert_true(box->memory_events[MEMCG_HIGH] > 0);
	assert_int_equal(box->memory_events[MEMCG_OOM], 0);
	assert_int_equal(box->memory_events[MEMCG_MAX], 0);
	expect_actions(
		sim,
		"actions:\n"
		"  at 1s box memory.high 16777216: 0 (1s..1.13272218s, reclaimed 50.46M, current 13.53M, oom_kills 0, sys 63.482337 ms)\n");
}

/* memory.reclaim of 16M with swap: done (0); without swap: -EAGAIN, nothing reclaimed. */
static void test_reclaim(void **state)
{
	struct sim *sim = box_run(state, "256M", "[at 2s]\ncgroup.box.reclaim = 16M\n");
	const struct memcg_action_log *log = &sim->action_log[0];

	assert_int_equal(log->err, 0);
	assert_true(log->reclaimed >= 16 * MiB / sim->page_size);
	expect_actions(
		sim,
		"actions:\n"
		"  at 2s box memory.reclaim 16777216: 0 (2s..2.050492224s, reclaimed 16.22M, current 47.77M, oom_kills 0, sys 28.892517 ms)\n");
}

static void test_reclaim_eagain(void **state)
{
	struct sim *sim = box_run(state, "0", "[at 2s]\ncgroup.box.reclaim = 16M\n");
	const struct memcg_action_log *log = &sim->action_log[0];

	assert_int_equal(log->err, -EAGAIN);
	assert_int_equal(log->reclaimed, 0);
	assert_int_equal(log->usage, 64 * MiB / sim->page_size);
	expect_actions(
		sim,
		"actions:\n"
		"  at 2s box memory.reclaim 16777216: -EAGAIN (2s..2.00013719s, reclaimed 0.00M, current 64.00M, oom_kills 0, sys 0.137190 ms)\n");
}

/*
 * v1: a limit below usage without swap is -EBUSY and the old limit
 * stays; a memsw limit below the limit is -EINVAL; the two writes of one
 * [at] section run in file order, one writer; a write after the run's
 * end is "not run".
 */
static void test_v1_resize(void **state)
{
	struct sim *sim = box_keys_run(state, "0",
				       "cgroup = v1\nlimit = 128M\nmemsw_limit = 128M\n",
				       "[at 2s]\ncgroup.box.limit = 32M\n"
				       "cgroup.box.memsw_limit = 16M\n"
				       "cgroup.box.swappiness = 10\n"
				       "[at 3600s]\ncgroup.box.limit = 64M\n"
				       "[run]\nduration = 7200s\n");
	struct mem_cgroup *box = test_memcg_named(sim, "box");

	assert_int_equal(sim->action_log[0].err, -EBUSY);
	assert_int_equal(box->memory.max, 128 * MiB / sim->page_size);
	assert_int_equal(sim->action_log[1].err, -EINVAL);
	assert_int_equal(box->memsw.max, 128 * MiB / sim->page_size);
	assert_int_equal(sim->action_log[2].err, 0);
	assert_int_equal(box->swappiness, 10);
	assert_false(sim->action_log[3].started);
	expect_actions(
		sim,
		"actions:\n"
		"  at 2s box memory.limit_in_bytes 33554432: -EBUSY (2s..2.00000823s, reclaimed 0.00M, current 64.00M, oom_kills 0, sys 0.008230 ms)\n"
		"  at 2s box memory.memsw.limit_in_bytes 16777216: -EINVAL (2.00000823s..2.0000084s, reclaimed 0.00M, current 64.00M, oom_kills 0, sys 0.000170 ms)\n"
		"  at 2s box memory.swappiness 10: 0 (2.0000084s..2.00000857s, reclaimed 0.00M, current 64.00M, oom_kills 0, sys 0.000170 ms)\n"
		"  at 3600s box memory.limit_in_bytes 67108864: not run\n");
}

/* ---- load-time rejections ---- */

static void test_bad_input(void **state)
{
	static struct scenario scn;
	char err[SCN_ERR_LEN] = "";

	test_expect_scenario_error(
		"[cgroup box]\n[at 1s]\ncgroup.bin.high = 8M\n",
		"t.ini:3: [at 1s] cgroup.bin.high: no [cgroup bin] in the scenario");
	test_expect_scenario_error(
		"[cgroup box]\n[at 1s]\ncgroup.box.limit = 8M\n",
		"t.ini:3: [at 1s] cgroup.box.limit: a cgroup v1 key, but the group is v2 (cgroup v2 has no memory.limit_in_bytes)");
	test_expect_scenario_error(
		"[policy]\ncgroup = v1\n[cgroup box]\n[at 1s]\ncgroup.box.reclaim = 8M\n",
		"t.ini:5: [at 1s] cgroup.box.reclaim: a cgroup v2 key, but the group is v1 (cgroup v1 has no memory.reclaim)");
	test_expect_scenario_error(
		"[cgroup box]\n[at 1s]\ncgroup.box.parent = /\n",
		"t.ini:3: [at 1s] cgroup.box.parent: parent cannot change at run time (the kernel has no such write; KEY: min, low, high, max, swap_max, oom_group, reclaim, limit, memsw_limit, swappiness)");
	test_expect_scenario_error(
		"[cgroup box]\n[at 1s]\ncgroup.box.hihg = 8M\n",
		"t.ini:3: [at 1s] cgroup.box.hihg: unknown key 'hihg' (KEY: min, low, high, max, swap_max, oom_group, reclaim, limit, memsw_limit, swappiness)");
	test_expect_scenario_error(
		"[cgroup box]\n[at 1s]\ncgroup.box.high = lots\n",
		"t.ini:3: [at 1s] cgroup.box.high: bad size 'lots' (expected a number with K/M/G/T suffix)");
	test_expect_scenario_error("[cgroup box]\n[at 1s]\ncgroup.box.max = 0\n",
				   "t.ini:3: [at 1s] cgroup.box.max: must be > 0");
	test_expect_scenario_error(
		"[cgroup box]\n[at 1s]\ncgroup.box.max = 1K\n",
		"t.ini:3: [at 1s] cgroup.box.max: must be at least one page (4096 bytes)");
	test_expect_scenario_error("[cgroup box]\n[at 1s]\ncgroup.box.oom_group = 2\n",
				   "t.ini:3: [at 1s] cgroup.box.oom_group: 2 out of range (0..1)");
	test_expect_scenario_error(
		"[cgroup box]\n[at 1s]\nsysctl.swappiness = 10\n",
		"t.ini:3: [at 1s] sysctl.swappiness: expected cgroup.NAME.KEY = VALUE (KEY: min, low, high, max, swap_max, oom_group, reclaim, limit, memsw_limit, swappiness)");
	test_expect_scenario_error(
		"[cgroup box]\n[at 1s]\ncgroup.box.high = 8M\ncgroup.box.high = 4M\n",
		"t.ini:4: [at 1s] cgroup.box.high: duplicate key (first given at line 3)");
	test_expect_scenario_error(
		"[cgroup box]\n[at soon]\ncgroup.box.high = 8M\n",
		"t.ini:2: [at soon]: bad time 'soon' (expected a number with ns/us/ms/s suffix)");
	test_expect_scenario_error(
		"[run]\nduration = 10s\n[cgroup box]\n[at 11s]\ncgroup.box.high = 8M\n",
		"t.ini:4: [at 11s]: after run.duration (10000000000 ns): the writes would never happen");
	/* the run's end is checked after --set */
	assert_int_equal(scenario_load_string(&scn, "t.ini",
					      "[cgroup box]\n[at 11s]\ncgroup.box.high = 8M\n", err,
					      sizeof(err)),
			 0);
	assert_int_equal(scenario_validate(&scn, err, sizeof(err)), 0);
	assert_int_equal(scenario_set(&scn, "run.duration=5s", err, sizeof(err)), 0);
	assert_int_not_equal(scenario_validate(&scn, err, sizeof(err)), 0);
	assert_string_equal(
		err,
		"t.ini:2: [at 11s]: after run.duration (5000000000 ns): the writes would never happen");
	assert_int_not_equal(scenario_set(&scn, "at.1s.cgroup.box.high=8M", err, sizeof(err)), 0);
	assert_string_equal(
		err,
		"--set at.1s.cgroup.box.high=8M: [at TIME] writes are given in the scenario file only");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		test_sim_unit_test(test_max_lowered),	 test_sim_unit_test(test_max_lowered_oom),
		test_sim_unit_test(test_high_lowered),	 test_sim_unit_test(test_reclaim),
		test_sim_unit_test(test_reclaim_eagain), test_sim_unit_test(test_v1_resize),
		cmocka_unit_test(test_bad_input),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

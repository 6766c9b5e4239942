// SPDX-License-Identifier: MIT
/*
 * test_mmtests.c - the mmtests workloads of seed 003 (SPEC-seeds B.4):
 * kernbench, iozone, simple_writeback and stress_highalloc at small
 * scale, with the counts the model makes exact (bytes moved, dd runs,
 * compiles, builds, allocation attempts), their page cache gone at the
 * end (truncate), the same figures from the same seed, and each
 * workload's bad input.
 */
#include "testsim.h"

/* every frame and counter consistent (mm_verify) */
static void assert_mm_ok(struct sim *sim)
{
	char err[256];

	if (mm_verify(sim, err, sizeof(err)))
		fail_msg("%s", err);
}

static struct sim *run_text(const char *ini)
{
	struct sim *sim = test_sim_from_text(NULL, "t.ini", ini);

	assert_int_equal(sim_run(sim), 0);
	assert_true(sim->workloads[0].ended);
	assert_int_equal(sim->workloads[0].exit_signal, 0);
	return sim;
}

/*
 * iozone -a -g 1M: sizes 64K, 128K, 256K, 512K, 1M (1984 KiB); tests 0
 * and 2 write each file three times (write, rewrite, random write) and
 * tests 1, 2 and 3 read it four times; a KiB/s figure per size and
 * column; each file deleted after its size: no page cache, nothing dirty.
 */
static const char iozone_ini[] = "[machine]\ncpus = 2\nmemory = 256M\n"
				 "[workload io]\ntype = iozone\nsize = 1M\n"
				 "[run]\nduration = 600s\n";

static void test_iozone_counts(void **state)
{
	struct sim *sim = *state = run_text(iozone_ini);
	struct workload_inst *wl = test_workload_named(sim, "io");

	assert_true(test_figure(wl, "bytes_written") == 3 * 1984 * 1024);
	assert_true(test_figure(wl, "bytes_read") == 4 * 1984 * 1024);
	assert_int_equal(wl->nr_figures, 5 * 7 + 2);
	/* the page cache's reads and rewrites beat the first write */
	assert_true(test_figure(wl, "1024K.reread") > test_figure(wl, "1024K.write"));
	assert_true(test_figure(wl, "64K.write") > 0);
	assert_int_equal(sim->nr_dirty, 0);
	assert_int_equal(sim->nr_writeback, 0);
	assert_int_equal(test_vmstat(sim, "nr_file_pages"), 0);
	assert_mm_ok(sim);
}

/*
 * iozone -r: one write() per record.  On 6.18 with 2 MiB folios, -r 64
 * writes the 64K file in one call, one 64 KiB (order-4) folio, and the
 * 128K file in two: three folios, three charge events, 48 pages dirtied
 * by the first write of each size (the rewrites find them dirty).  -r 4,
 * or write_folios = single: a folio a page, 48 charge events.
 */
static void test_iozone_record_folios(void **state)
{
	static const char *const sets[][2] = { { "64K", "large" },
					       { "4K", "large" },
					       { "64K", "single" } };
	static const u64 charges[] = { 3, 48, 48 };

	for (unsigned int i = 0; i < 3; i++) {
		char ini[512];
		struct sim *sim;

		snprintf(ini, sizeof(ini),
			 "[machine]\ncpus = 2\nmemory = 64M\nread_ahead_folio_order = 9\n"
			 "[policy]\nkernel = 6.18\ncgroup = v1\nwrite_folios = %s\n[cgroup box]\n"
			 "[workload io]\ntype = iozone\ncgroup = box\nsize = 128K\nrecord = %s\n",
			 sets[i][1], sets[i][0]);
		sim = run_text(ini);
		assert_int_equal(test_memory_stat(sim, "box", "pgpgin"), charges[i]);
		assert_int_equal(test_memory_stat(sim, "box", "pgpgout"), charges[i]);
		assert_int_equal(test_vmstat(sim, "nr_dirtied"), 48);
		assert_true(test_figure(test_workload_named(sim, "io"), "bytes_written") ==
			    3 * 192 * 1024);
		assert_mm_ok(sim);
		sim_destroy(sim);
	}
}

/*
 * simple-writeback with jobs 2, 4, 8 of 64M each iteration: 14 dd runs,
 * 192M written; conv=fsync writes every page once before rm, so each
 * page dirtied is written exactly once, and nothing stays cached.
 */
static const char swb_ini[] = "[machine]\ncpus = 4\nmemory = 256M\n"
			      "[workload w]\ntype = simple_writeback\njobs = 2\nmax_jobs = 8\n"
			      "size = 64M\n[run]\nduration = 600s\n";

static void test_simple_writeback_counts(void **state)
{
	struct sim *sim = *state = run_text(swb_ini);
	struct workload_inst *wl = test_workload_named(sim, "w");

	assert_true(test_figure(wl, "iterations") == 3);
	assert_true(test_figure(wl, "dd_runs") == 14);
	assert_true(test_figure(wl, "bytes_written") == 3 * 64.0 * 1024 * 1024);
	assert_int_equal(test_vmstat(sim, "nr_dirtied"), 3 * 64 * 256);
	assert_int_equal(test_vmstat(sim, "nr_written"), 3 * 64 * 256);
	/* each iteration takes at least the disk's time for its 64M (500 MiB/s) */
	assert_true(test_figure(wl, "jobs2_elapsed_s") > 64.0 / 500);
	assert_true(test_figure(wl, "jobs8_MB_per_s") <= 500 * 1.048576);
	assert_int_equal(sim->nr_dirty, 0);
	assert_int_equal(test_vmstat(sim, "nr_file_pages"), 0);
	assert_mm_ok(sim);
}

/*
 * kernbench -j4 of 40 units, one untimed and two timed builds: 120
 * compiles; the sources come from disk once (the second and third builds
 * read them from the page cache), each page at most once; make clean
 * leaves no objects.
 */
static const char kernbench_ini[] = "[machine]\ncpus = 4\nmemory = 512M\n"
				    "[workload kb]\ntype = kernbench\nbuilds = 2\nunits = 40\n"
				    "size = 8M\ncompile_anon = 4M\n[run]\nduration = 600s\n";

static void test_kernbench_counts(void **state)
{
	struct sim *sim = *state = run_text(kernbench_ini);
	struct workload_inst *wl = test_workload_named(sim, "kb");
	double avg = test_figure(wl, "elapsed_avg_s");

	assert_true(test_figure(wl, "builds") == 2);
	assert_true(test_figure(wl, "compiles") == 120);
	assert_true(test_figure(wl, "compiles_killed") == 0);
	assert_true(test_figure(wl, "elapsed_min_s") <= avg &&
		    avg <= test_figure(wl, "elapsed_max_s"));
	/* 4 jobs in parallel: the user time is about 4 x the elapsed time */
	assert_true(test_figure(wl, "build1_user_s") > 3 * test_figure(wl, "build1_elapsed_s"));
	assert_true(test_figure(wl, "build1_user_s") <= 4 * test_figure(wl, "build1_elapsed_s"));
	/* 40 compiles of 250 ms on average (125..375 ms) and a link of 1 % */
	assert_true(test_figure(wl, "build1_user_s") > 40 * 0.125);
	assert_true(test_figure(wl, "build1_user_s") < 40 * 0.375 + 0.1);
	assert_true(sim->disk_dev.pages_read > 0 && sim->disk_dev.pages_read <= 2048);
	assert_int_equal(sim->nr_dirty, 0);
	/* what stays cached is the source tree only */
	assert_true(test_vmstat(sim, "nr_file_pages") <= 2048);
	assert_mm_ok(sim);
}

/*
 * stress-highalloc with 2 trees of 100 units on an idle-enough machine:
 * both builds finish (200 compiles), each pass makes its 20 attempts, and
 * at rest (the trees and the RAM-sized file deleted) all succeed.  The
 * tasks are the two makes and the script; the script forks its commands
 * one at a time, each after the one before exited: tar and the copy's cp
 * first, stap 300 s after them (10 x sleep 30), stap 5 s after it (sleep
 * 5), rm -rf the trees
 * 185 s after that (sleep 5, sleep 180) and after the makes are gone,
 * then dd, cat, rm and stap at rest.  Each pass's 20 attempts 100 ms
 * apart take at least 1.9 s.
 */
static const char sh_ini[] = "[machine]\ncpus = 4\nmemory = 256M\nswap = 256M\n"
			     "[workload sh]\ntype = stress_highalloc\njobs = 2\nunits = 100\n"
			     "size = 16M\ncopy = 16M\ncompile_anon = 8M\nattempts = 20\n"
			     "[run]\nduration = 1200s\n";

/* The children the script forked: the workload's tasks not created with it, in fork order. */
static unsigned int sh_children(struct sim *sim, const struct workload_inst *wl,
				struct task **child, unsigned int max)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < sim->eng.nr_tasks; i++) {
		struct task *t = sim->eng.tasks[i];
		bool forked = t->wl == wl;

		for (unsigned int j = 0; forked && j < wl->nr_tasks; j++)
			forked = wl->tasks[j] != t;
		if (forked && n < max)
			child[n] = t;
		n += forked;
	}
	return n;
}

static void test_stress_highalloc_counts(void **state)
{
	struct sim *sim = *state = run_text(sh_ini);
	struct workload_inst *wl = test_workload_named(sim, "sh");
	enum { UNTAR, CP, STAP1, STAP2, RM_TREES, DD, CAT, RM_FILE, STAP_REST, NR_CMDS };
	struct task *c[NR_CMDS], *script = wl->tasks[2];

	assert_true(test_figure(wl, "compiles") == 200);
	assert_true(test_figure(wl, "pass1_attempted") == 20);
	assert_true(test_figure(wl, "pass2_attempted") == 20);
	assert_true(test_figure(wl, "rest_attempted") == 20);
	assert_true(test_figure(wl, "rest_success") == 20);
	assert_true(test_figure(wl, "rest_success_pct") == 100);
	assert_int_equal(wl->nr_tasks, 2 + 1);
	assert_int_equal(sh_children(sim, wl, c, NR_CMDS), NR_CMDS);
	for (unsigned int i = 0; i < NR_CMDS; i++) {
		assert_int_equal(c[i]->state, TASK_DEAD);
		assert_int_equal(c[i]->exit_signal, 0);
		assert_true(c[i]->exit_ns >= c[i]->start_ns);
		/* one at a time: each forked after the one before exited */
		if (i)
			assert_true(c[i]->start_ns >= c[i - 1]->exit_ns);
	}
	assert_true(c[STAP1]->start_ns >= c[CP]->exit_ns + 300 * NSEC_PER_SEC);
	/* tar wrote the primary, cp the copy: 16M each, 4096 pages */
	assert_true(test_figure(wl, "tree_pages") == 2 * 4096);
	assert_true(c[STAP2]->start_ns >= c[STAP1]->exit_ns + 5 * NSEC_PER_SEC);
	assert_true(c[RM_TREES]->start_ns >= c[STAP2]->exit_ns + 185 * NSEC_PER_SEC);
	assert_true(c[RM_TREES]->start_ns >= wl->tasks[0]->exit_ns);
	assert_true(c[RM_TREES]->start_ns >= wl->tasks[1]->exit_ns);
	/* each pass: 20 attempts 100 ms apart from start to start */
	assert_true(c[STAP1]->exit_ns >= c[STAP1]->start_ns + 1900 * NSEC_PER_MSEC);
	assert_true(c[STAP2]->exit_ns >= c[STAP2]->start_ns + 1900 * NSEC_PER_MSEC);
	assert_true(c[STAP_REST]->exit_ns >= c[STAP_REST]->start_ns + 1900 * NSEC_PER_MSEC);
	/* the script exits after its last command, and the workload with it */
	assert_true(script->exit_ns >= c[STAP_REST]->exit_ns);
	assert_int_equal(wl->end_ns, script->exit_ns);
	assert_int_equal(sim->nr_kernel_pages, 0); /* every block freed */
	assert_int_equal(test_vmstat(sim, "nr_file_pages"), 0);
	assert_mm_ok(sim);
}

/*
 * What the trees and the builds leave in the page cache, on a machine
 * with room for all of it: tar writes the primary's 1024 pages (copy =
 * 4M), cp -r reads them (from the cache: no disk read in the whole run)
 * and writes each of the two copies' 1024; each build of 20 units
 * writes per unit its object (5..15 pages: 20..60 KiB), its .cmd file
 * (12K: 3 pages) and 2.55 x the object's pages of built-in.o (12..38),
 * and the link 40 pages of vmlinux (a fifth of 20 x 40 KiB).  At 250 s
 * the builds are done and pass 1 (300 s after the primary's start) has
 * not begun: the page cache is exactly the trees and the output, each
 * page of it written to disk once or still dirty.
 */
static const char sh_tree_ini[] = "[machine]\ncpus = 4\nmemory = 512M\nswap = 0\n"
				  "[workload sh]\ntype = stress_highalloc\njobs = 3\nunits = 20\n"
				  "size = 1M\ncopy = 4M\ncompile_anon = 4M\nattempts = 2\n"
				  "[run]\nduration = 250s\n";

static void test_stress_highalloc_page_cache(void **state)
{
	struct sim *sim = *state = test_sim_from_text(NULL, "t.ini", sh_tree_ini);
	struct workload_inst *wl = test_workload_named(sim, "sh");
	u64 trees, output;

	assert_int_equal(sim_run(sim), 0);
	trees = (u64)test_figure(wl, "tree_pages");
	output = (u64)test_figure(wl, "output_pages");
	assert_true(test_figure(wl, "compiles") == 3 * 20);
	for (unsigned int i = 0; i < wl->nr_figures; i++)
		assert_string_not_equal(wl->figures[i].name, "pass1_attempted");
	assert_int_equal(trees, 3 * 1024);
	assert_true(output >= 3 * (20 * (5 + 3 + 12) + 40));
	assert_true(output <= 3 * (20 * (15 + 3 + 38) + 40));
	assert_int_equal(test_vmstat(sim, "nr_file_pages"), trees + output);
	assert_int_equal(sim->disk_dev.pages_read, 0);
	/* each page written once, or still dirty */
	assert_int_equal(sim->disk_dev.pages_written + sim->nr_dirty, trees + output);
	assert_mm_ok(sim);
}

/* Same scenario and seed: the same figures and times. */
static void test_deterministic(void **state)
{
	static const char *const inis[] = { kernbench_ini, swb_ini, sh_ini };

	for (unsigned int i = 0; i < 3; i++) {
		struct sim *a = run_text(inis[i]), *b = run_text(inis[i]);
		const struct workload_inst *wa = &a->workloads[0], *wb = &b->workloads[0];

		assert_int_equal(wa->nr_figures, wb->nr_figures);
		for (unsigned int f = 0; f < wa->nr_figures; f++)
			assert_true(wa->figures[f].value == wb->figures[f].value);
		assert_int_equal(wa->utime_ns, wb->utime_ns);
		assert_int_equal(wa->stime_ns, wb->stime_ns);
		assert_int_equal(a->eng.now, b->eng.now);
		sim_destroy(a);
		sim_destroy(b);
	}
}

static void test_bad_input(void **state)
{
	static struct scenario scn; /* large: not on the stack */
	char err[SCN_ERR_LEN] = "";

	test_expect_scenario_error(
		"[workload w]\ntype = simple_writeback\njobs = 8\nmax_jobs = 4\n",
		"t.ini:4: [workload w] max_jobs: 4 is below jobs 8 (valid jobs..4096)");
	test_expect_scenario_error(
		"[workload w]\ntype = simple_writeback\nsize = 32M\n",
		"t.ini:3: [workload w] size: 33554432 bytes give 64 jobs less than a block of 1048576 each (valid >= max jobs x block)");
	test_expect_scenario_error("[workload w]\ntype = simple_writeback\nmax_jobs = 0\n",
				   "t.ini:3: [workload w] max_jobs: 0 out of range (1..4096)");
	test_expect_scenario_error(
		"[workload io]\ntype = iozone\nsize = 32K\n",
		"t.ini:3: [workload io] size: 32768 is out of range (valid 64K..8388607K)");
	test_expect_scenario_error(
		"[workload io]\ntype = iozone\nsize = 16G\n",
		"t.ini:3: [workload io] size: 17179869184 is out of range (valid 64K..8388607K)");
	test_expect_scenario_error("[workload io]\ntype = iozone\nrecord = 0\n",
				   "t.ini:3: [workload io] record: must be > 0");
	test_expect_scenario_error(
		"[workload kb]\ntype = kernbench\nunits = 20000\n",
		"t.ini:3: [workload kb] size: 104857600 leaves less than a page of source for each of 20000 units after the headers (valid >= 20000 pages + 30 %)");
	test_expect_scenario_error("[workload kb]\ntype = kernbench\njobs = -1\n",
				   "t.ini:3: [workload kb] jobs: -1 out of range (1..4096)");
	test_expect_scenario_error("[workload kb]\ntype = kernbench\nbuilds = 33\n",
				   "t.ini:3: [workload kb] builds: 33 out of range (1..32)");
	test_expect_scenario_error("[workload kb]\ntype = kernbench\ncompile_anon = 0\n",
				   "t.ini:3: [workload kb] compile_anon: must be > 0");
	/* bounds on the host memory a build costs */
	test_expect_scenario_error(
		"[machine]\nmemory = 256M\nswap = 64M\n[workload kb]\ntype = kernbench\ncompile_anon = 1T\n",
		"t.ini:6: [workload kb] compile_anon: 1099511627776 is more than memory + swap (valid 1..335544320)");
	/* the bound itself is valid */
	assert_int_equal(
		scenario_load_string(&scn, "t.ini",
				     "[machine]\nmemory = 256M\nswap = 64M\n[workload kb]\n"
				     "type = kernbench\ncompile_anon = 320M\n",
				     err, sizeof(err)),
		0);
	assert_int_equal(scenario_validate(&scn, err, sizeof(err)), 0);
	test_expect_scenario_error(
		"[workload kb]\ntype = kernbench\nsize = 65G\n",
		"t.ini:3: [workload kb] size: 69793218560 is more than 64G (valid 1..64G)");
	test_expect_scenario_error("[workload kb]\ntype = kernbench\nunits = 100001\n",
				   "t.ini:3: [workload kb] units: 100001 out of range (1..100000)");
	test_expect_scenario_error(
		"[workload sh]\ntype = stress_highalloc\njobs = 1000\nunits = 101\n",
		"t.ini:4: [workload sh] units: 1000 trees x 101 units is more than 100000 (valid jobs x units <= 100000)");
	test_expect_scenario_error(
		"[workload sh]\ntype = stress_highalloc\njobs = 4096\nunits = 10\n",
		"t.ini:1: [workload sh] size: 4096 trees x 104857600 bytes is more than 64G of source (valid jobs x size <= 64G)");
	test_expect_scenario_error(
		"[machine]\nmemory = 256M\n[workload sh]\ntype = stress_highalloc\ncompile_anon = 257M\n",
		"t.ini:5: [workload sh] compile_anon: 269484032 is more than memory + swap (valid 1..268435456)");
	test_expect_scenario_error(
		"[workload io]\ntype = iozone\ntasks = 17\nsize = 4G\n",
		"t.ini:4: [workload io] size: 17 tasks of 4294967296 bytes are more than 64G (valid tasks x size <= 64G)");
	test_expect_scenario_error(
		"[policy]\nmax_page_order = 8\n[workload sh]\ntype = stress_highalloc\n",
		"t.ini:3: [workload sh] order: 9 is beyond max_page_order 8 (valid 0..8)");
	test_expect_scenario_error(
		"[workload sh]\ntype = stress_highalloc\nsize = 1M\n",
		"t.ini:3: [workload sh] size: 1048576 leaves less than a page of source for each of 1500 units after the headers (valid >= 1500 pages + 30 %)");
	test_expect_scenario_error(
		"[workload sh]\ntype = stress_highalloc\nsize = 200M\ncopy = 100M\n",
		"t.ini:4: [workload sh] copy: 104857600 is less than the 209715200 bytes of source a build reads (valid copy >= size)");
	test_expect_scenario_error(
		"[workload sh]\ntype = stress_highalloc\ngfp_mask = GFP_KERNEL\n",
		"t.ini:3: [workload sh] gfp_mask: not a key of type stress_highalloc (stress_highalloc takes size, order, attempts, percent, interval, jobs, units, compile_anon, compile_cpu, cmd_file, builtin_pct, copy)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		test_sim_unit_test(test_iozone_counts),
		cmocka_unit_test(test_iozone_record_folios),
		test_sim_unit_test(test_simple_writeback_counts),
		test_sim_unit_test(test_kernbench_counts),
		test_sim_unit_test(test_stress_highalloc_counts),
		test_sim_unit_test(test_stress_highalloc_page_cache),
		cmocka_unit_test(test_deterministic),
		cmocka_unit_test(test_bad_input),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

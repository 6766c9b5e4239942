// SPDX-License-Identifier: MIT
/*
 * test_ebizzy.c - the ebizzy workload and its jemalloc 3.6 model
 * (src/workload/ebizzy.c, jemalloc.c), seed 001's A/B at small scale:
 * purging with MADV_FREE instead of MADV_DONTNEED must at least double
 * ebizzy's records/s with one thread (the seed: 2961.9 -> 12069.7), stay
 * ahead with four, and take far fewer page faults; the allocator must
 * purge the copy buffer at every free when a thread has its own arena,
 * and never when the thread cache or a shared arena keeps it.
 */
#include "testsim.h"

/* 4 CPUs, one simulated second. */
static const char *const base_ini = "[machine]\n"
				    "cpus = 4\n"
				    "memory = 1G\n"
				    "swap = 256M\n"
				    "[policy]\n"
				    "kernel = 4.5\n"
				    "[workload ebizzy]\n"
				    "seconds = 1\n";

/* Run ebizzy with @threads threads, @purge and @extra lines, to its end. */
static struct sim *run_ebizzy_ended(unsigned int threads, const char *purge, const char *extra)
{
	char ini[1024];
	struct sim *sim;

	snprintf(ini, sizeof(ini), "%sthreads = %u\npurge = %s\n%s", base_ini, threads, purge,
		 extra);
	sim = test_sim_from_text(NULL, "t.ini", ini);
	sim_run(sim);
	assert_true(sim->workloads[0].ended);
	return sim;
}

/* ebizzy -n 16 (-s 512K by default) */
#define CHUNKS_16 "chunks = 16\n"

/* Run ebizzy with @threads threads, @purge, and @extra scenario lines. */
static struct sim *run_ebizzy(unsigned int threads, const char *purge, const char *extra)
{
	struct sim *sim = run_ebizzy_ended(threads, purge, extra);

	assert_int_equal(sim->workloads[0].exit_signal, 0);
	return sim;
}

static double fig(struct sim *sim, const char *name)
{
	return test_figure(&sim->workloads[0], name);
}

/* One thread: MADV_FREE at least doubles records/s and avoids the refaults. */
static void test_one_thread_free_vs_dontneed(void **state)
{
	struct sim *dn = run_ebizzy(1, "dontneed", CHUNKS_16);
	struct sim *fr = run_ebizzy(1, "free", CHUNKS_16);
	double records = fig(dn, "records");

	assert_true(fig(fr, "records_per_s") >= 2 * fig(dn, "records_per_s"));
	/* the 512 KiB buffer is purged at every free: one madvise of 128 pages */
	assert_true(records > 100);
	assert_true(fig(dn, "purge_madvise_calls") == records);
	assert_true(fig(dn, "purged_pages") == 128 * records);
	assert_true(fig(fr, "purge_madvise_calls") == fig(fr, "records"));
	/* dontneed refaults the buffer at every record; free faults it once */
	assert_true(dn->workloads[0].min_flt >= 128 * (u64)records);
	assert_true(fr->workloads[0].min_flt * 10 < dn->workloads[0].min_flt);
	assert_int_equal(fr->workloads[0].maj_flt + dn->workloads[0].maj_flt, 0);
	/* the timed run is ebizzy's -S, in whole seconds */
	assert_true(fig(dn, "timed_s") == 1 && fig(fr, "timed_s") == 1);
	sim_destroy(dn);
	sim_destroy(fr);
}

/* Four threads (one arena each): free stays ahead, every thread works. */
static void test_four_threads(void **state)
{
	SLOW_TEST();
	struct sim *dn = run_ebizzy(4, "dontneed", CHUNKS_16);
	struct sim *fr = run_ebizzy(4, "free", CHUNKS_16);

	assert_true(fig(fr, "records_per_s") > 1.5 * fig(dn, "records_per_s"));
	assert_true(fig(dn, "thread_records_min") > 0.9 * fig(dn, "thread_records_max"));
	assert_true(fig(fr, "threads") == 4);
	/* each madvise flushes the TLBs of the other CPUs running the mm */
	assert_true(fr->vm_events[NR_TLB_REMOTE_FLUSH] >= (u64)fig(fr, "records"));
	sim_destroy(dn);
	sim_destroy(fr);
}

/* Same scenario and seed: the same figures. */
static void test_deterministic(void **state)
{
	struct sim *a = run_ebizzy(3, "free", CHUNKS_16), *b = run_ebizzy(3, "free", CHUNKS_16);

	assert_true(fig(a, "records") == fig(b, "records"));
	assert_true(fig(a, "thread_records_min") == fig(b, "thread_records_min"));
	assert_int_equal(a->workloads[0].min_flt, b->workloads[0].min_flt);
	assert_int_equal(a->workloads[0].utime_ns, b->workloads[0].utime_ns);
	assert_int_equal(a->workloads[0].stime_ns, b->workloads[0].stime_ns);
	sim_destroy(a);
	sim_destroy(b);
}

/* A 16 KiB buffer stays in the thread cache: nothing is purged. */
static void test_tcache_keeps_small_buffers(void **state)
{
	struct sim *dn = run_ebizzy(1, "dontneed", CHUNKS_16 "chunk_size = 16K\n");

	assert_true(fig(dn, "records") > 1000);
	assert_true(fig(dn, "purge_madvise_calls") == 0);
	sim_destroy(dn);
}

/*
 * One CPU: jemalloc makes one arena, shared with the main thread's 16
 * chunks (2048 active pages): the buffer's 128 dirty pages stay under
 * nactive / 8 and are never purged.
 */
static void test_shared_arena_does_not_purge(void **state)
{
	struct sim *dn = run_ebizzy(1, "dontneed", CHUNKS_16);
	struct sim *one =
		test_sim_from_text(NULL, "t.ini",
				   "[machine]\ncpus = 1\nmemory = 1G\n"
				   "[workload ebizzy]\nthreads = 1\nchunks = 16\nseconds = 1\n");

	sim_run(one);
	assert_true(fig(one, "records") > 0);
	assert_true(fig(one, "purge_madvise_calls") == 0);
	assert_true(fig(dn, "purge_madvise_calls") > 0);
	sim_destroy(one);
	sim_destroy(dn);
}

/* An 8 MiB buffer is huge: whole chunks, purged when freed. */
static void test_huge_buffers(void **state)
{
	struct sim *dn = run_ebizzy(1, "dontneed", "chunks = 2\nchunk_size = 8M\n");
	struct sim *fr = run_ebizzy(1, "free", "chunks = 2\nchunk_size = 8M\n");

	assert_true(fig(dn, "purge_madvise_calls") >= fig(dn, "records"));
	assert_true(fig(dn, "purged_pages") >= 2048 * fig(dn, "records"));
	assert_true(fig(fr, "records_per_s") > 2 * fig(dn, "records_per_s"));
	sim_destroy(dn);
	sim_destroy(fr);
}

/* The seed's scenario (scenarios/seed001-ebizzy.ini) for one second. */
static struct sim *run_seed(unsigned int threads, const char *purge)
{
	char set[2][64];
	const char *sets[] = { "workload.ebizzy.seconds=1", set[0], set[1], NULL };
	struct sim *sim;

	snprintf(set[0], sizeof(set[0]), "workload.ebizzy.threads=%u", threads);
	snprintf(set[1], sizeof(set[1]), "workload.ebizzy.purge=%s", purge);
	sim = test_sim_run_file("scenarios/seed001-ebizzy.ini", sets);
	assert_true(sim->workloads[0].ended);
	return sim;
}

/* The seed's machine: free > 2x dontneed with 1 thread, ahead with 8. */
static void test_seed_scenario(void **state)
{
	SLOW_TEST();
	static const unsigned int threads[] = { 1, 8 };

	for (unsigned int i = 0; i < 2; i++) {
		struct sim *dn = run_seed(threads[i], "dontneed");
		struct sim *fr = run_seed(threads[i], "free");

		if (threads[i] == 1)
			assert_true(fig(fr, "records_per_s") > 2 * fig(dn, "records_per_s"));
		assert_true(fig(fr, "records_per_s") > fig(dn, "records_per_s"));
		assert_true(fig(fr, "threads") == threads[i]);
		sim_destroy(dn);
		sim_destroy(fr);
	}
}

static void expect_error(const char *text, const char *msg)
{
	static struct scenario s;
	char err[SCN_ERR_LEN] = "";
	int ret = scenario_load_string(&s, "t.ini", text, err, sizeof(err));

	if (!ret)
		ret = scenario_validate(&s, err, sizeof(err));
	assert_int_not_equal(ret, 0);
	assert_string_equal(err, msg);
}

static void test_bad_keys(void **state)
{
	expect_error("[workload x]\ntype = ebizzy\nthreads = 0\n",
		     "t.ini:3: [workload x] threads: 0 out of range (1..4096)");
	expect_error("[workload x]\ntype = ebizzy\nthreads = 4097\n",
		     "t.ini:3: [workload x] threads: 4097 out of range (1..4096)");
	expect_error("[workload x]\ntype = ebizzy\nthreads = 1\nchunk_size = 4\n",
		     "t.ini:4: [workload x] chunk_size: 4 bytes is smaller than a record "
		     "(8 bytes)");
	expect_error("[workload x]\ntype = ebizzy\nthreads = 1\nchunk_size = 4G\n",
		     "t.ini:4: [workload x] chunk_size: 4294967296 bytes is more than ebizzy "
		     "takes (4294967295)");
	expect_error("[workload x]\ntype = ebizzy\nthreads = 1\npurge = lazy\n",
		     "t.ini:4: [workload x] purge: unknown value 'lazy' (expected free or "
		     "dontneed)");
	expect_error("[workload x]\ntype = ebizzy\nthreads = 1\nseconds = 0\n",
		     "t.ini:4: [workload x] seconds: 0 out of range (1..1000000)");
	expect_error("[workload x]\ntype = ebizzy\nthreads = 1\nchunks = 0\n",
		     "t.ini:4: [workload x] chunks: 0 out of range (1..16384)");
	expect_error("[workload x]\ntype = ebizzy\nthreads = 1\ntasks = 4\n",
		     "t.ini:4: [workload x] tasks: not a key of type ebizzy (ebizzy takes threads, "
		     "chunks, chunk_size, seconds, purge)");
	expect_error("[workload x]\ntype = ebizzy\n",
		     "t.ini:1: [workload x] threads: missing (required for type ebizzy)");
	expect_error("[workload x]\ntype = ebizzy\nthreads = 1\nsize = 1M\n",
		     "t.ini:4: [workload x] size: not a key of type ebizzy (ebizzy takes threads, "
		     "chunks, chunk_size, seconds, purge)");
	expect_error(
		"[workload x]\ntype = anon_fill\nsize = 1M\npurge = free\n",
		"t.ini:4: [workload x] purge: not a key of type anon_fill (anon_fill takes "
		"tasks, size, passes, pattern, hot_pct, hot_share, phase_lines, touch, then, oom_score_adj, program_text, program_data, program_text_start, program_binary)");
}

/*
 * An OOM kill takes the whole process: all its threads die, the kill is
 * counted once (__oom_kill_process).  4096 chunks of 512 KiB do not fit
 * in 1 GiB + 256 MiB of swap.
 */
static void test_oom_kills_the_process_once(void **state)
{
	struct sim *sim = run_ebizzy_ended(4, "free", "chunks = 4096\n");

	(void)state;
	assert_int_equal(sim->reclaim.oom_kills, 1);
	assert_int_equal(sim->vm_events[OOM_KILL], 1);
	assert_int_equal(sim->workloads[0].exit_signal, 9);
	for (unsigned int i = 0; i < sim->workloads[0].nr_tasks; i++)
		assert_int_equal(sim->workloads[0].tasks[i]->state, TASK_DEAD);
	sim_destroy(sim);
}

/* Before 4.5 madvise(MADV_FREE) fails: jemalloc's purges purge nothing. */
static void test_free_without_madv_free(void **state)
{
	struct sim *sim = test_sim_from_text(
		NULL, "t.ini",
		"[machine]\ncpus = 4\nmemory = 1G\nswap = 256M\n"
		"[policy]\nkernel = 4.2\n"
		"[workload ebizzy]\nseconds = 1\nthreads = 1\npurge = free\n" CHUNKS_16);

	(void)state;
	sim_run(sim);
	assert_true(test_figure(&sim->workloads[0], "purge_madvise_calls") > 0);
	assert_true(test_figure(&sim->workloads[0], "purge_madvise_failed") ==
		    test_figure(&sim->workloads[0], "purge_madvise_calls"));
	assert_true(test_figure(&sim->workloads[0], "purged_pages") == 0);
	sim_destroy(sim);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_thread_free_vs_dontneed),
		cmocka_unit_test(test_four_threads),
		cmocka_unit_test(test_deterministic),
		cmocka_unit_test(test_tcache_keeps_small_buffers),
		cmocka_unit_test(test_shared_arena_does_not_purge),
		cmocka_unit_test(test_huge_buffers),
		cmocka_unit_test(test_seed_scenario),
		cmocka_unit_test(test_bad_keys),
		cmocka_unit_test(test_oom_kills_the_process_once),
		cmocka_unit_test(test_free_without_madv_free),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

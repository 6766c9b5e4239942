// SPDX-License-Identifier: MIT
/*
 * test_madvise09.c - MADV_FREE as LTP's madvise09 and the oracle's
 * madvfree program see it (the madvise09 workload):
 *
 *  - LTP (scenarios/ltp-madvise09.ini): at least one lazily freed page is
 *    discarded and reads as zeros, pages 0 and 10 (written again after
 *    the madvise) are intact, nothing else is corrupted, under both
 *    policies that have MADV_FREE (lazyfree = anon_lru, inactive_file);
 *    without swap inactive_file still discards, while anon_lru is
 *    MADV_DONTNEED (the pages are gone at madvise time, no pglazyfree);
 *    lazyfree = none is -EINVAL;
 *  - the oracle's configurations (scenarios/madvfree-*.ini): pglazyfree
 *    and pglazyfreed within +-25% of the kernel's means
 *    (data/oracle/summary.json), the same discarded / intact / corrupted
 *    outcome, the same OOM kills;
 *  - the monitoring view (scenarios/madvfree-monitor.ini): 250 MB freed
 *    lazily keep their RSS and show as LazyFree; under pressure they go
 *    first, without swap I/O and without an OOM kill;
 *  - bad keys are errors naming the file, line and key.
 */
#include "testsim.h"

#include <math.h>

#include "cli/oracle.h"

static struct scenario scn; /* large: keep it off the stack */

/* Run @path with the "section.key=value" overrides @sets (NULL-terminated). */
static struct sim *run_with(const char *path, const char *const *sets)
{
	return test_sim_run_file(path, sets);
}

static double fig(const struct sim *sim, const char *name)
{
	return test_figure(&sim->workloads[0], name);
}

/*
 * LTP's PASS: "x/128 freed" with x >= 1, every freed page zeros (the
 * unwritten pages are all either discarded or intact), pages 0 and 10
 * "b" then 'a', and "not freed immediately" for page 1.
 */
static void assert_ltp_pass(const struct sim *sim)
{
	assert_true(sim->workloads[0].ended);
	assert_int_equal(sim->workloads[0].exit_signal, 0);
	assert_int_equal((int)fig(sim, "madvise_ret"), 0);
	assert_int_equal((int)fig(sim, "peek_intact"), 1);
	assert_true(fig(sim, "discarded_pages") >= 1);
	assert_true(fig(sim, "discarded_pages") + fig(sim, "intact_unwritten_pages") ==
		    fig(sim, "unwritten_pages"));
	assert_true(fig(sim, "unwritten_pages") == 126);
	assert_true(fig(sim, "intact_rewritten_pages") == 2);
	assert_true(fig(sim, "corrupted_pages") == 0);
	/* pages 0 and 10 are never the first or last discarded */
	assert_true(fig(sim, "first_discarded_page") >= 1);
	assert_true(fig(sim, "last_discarded_page") <= 127);
	assert_true(fig(sim, "last_discarded_page") != 10);
	assert_true(sim->vm_events[PGLAZYFREED] == fig(sim, "discarded_pages"));
	assert_true(fig(sim, "pressure_rounds") >= 1 && fig(sim, "pressure_rounds") <= 11);
}

static void test_ltp_inactive_file(void **state)
{
	static const char *const sets[] = { "policy.lazyfree=inactive_file", NULL };
	struct sim *sim = run_with("scenarios/ltp-madvise09.ini", sets);

	(void)state;
	assert_ltp_pass(sim);
	assert_true(sim->vm_events[PGLAZYFREED] <= sim->vm_events[PGLAZYFREE]);
	/* the pages stay mapped and charged after the madvise: RSS unchanged */
	assert_true(fig(sim, "rss_kb_after_madvise") == fig(sim, "rss_kb_after_fill"));
	assert_true(fig(sim, "lazyfree_kb_after_madvise") > 0);
	/* rewriting a page takes it out of LazyFree */
	assert_true(fig(sim, "lazyfree_kb_after_rewrite") < fig(sim, "lazyfree_kb_after_madvise"));
	sim_destroy(sim);
}

static void test_ltp_anon_lru(void **state)
{
	static const char *const sets[] = { "policy.lazyfree=anon_lru", NULL };
	struct sim *sim = run_with("scenarios/ltp-madvise09.ini", sets);

	(void)state;
	assert_ltp_pass(sim);
	assert_true(fig(sim, "rss_kb_after_madvise") == fig(sim, "rss_kb_after_fill"));
	/* 4.5-4.11 had pglazyfreed but neither pglazyfree nor smaps LazyFree */
	assert_int_equal(sim->vm_events[PGLAZYFREE], 0);
	assert_true(fig(sim, "lazyfree_kb_after_madvise") == 0);
	sim_destroy(sim);
}

/* v4.12+: lazily freed pages are on the file LRU, reclaimable without swap */
static void test_noswap_inactive_file(void **state)
{
	static const char *const sets[] = {
		"policy.lazyfree=inactive_file",
		"machine.swap=0",
		NULL,
	};
	struct sim *sim = run_with("scenarios/ltp-madvise09.ini", sets);

	(void)state;
	assert_ltp_pass(sim);
	assert_int_equal(sim->vm_events[PSWPOUT], 0);
	sim_destroy(sim);
}

/*
 * v4.5-4.11 without swap: madvise(MADV_FREE) is MADV_DONTNEED.  The pages
 * are unmapped at once (RSS 0, nothing lazily freed), page 1 reads as
 * zeros, and the rewritten pages are fresh zero pages with a 'b': madvfree
 * counts them as corrupted.
 */
static void test_noswap_anon_lru_is_dontneed(void **state)
{
	static const char *const sets[] = {
		"policy.lazyfree=anon_lru",
		"machine.swap=0",
		NULL,
	};
	struct sim *sim = run_with("scenarios/ltp-madvise09.ini", sets);

	(void)state;
	assert_true(sim->workloads[0].ended);
	assert_int_equal((int)fig(sim, "madvise_ret"), 0);
	assert_int_equal(sim->vm_events[PGLAZYFREE], 0);
	assert_int_equal(sim->vm_events[PGLAZYFREED], 0);
	assert_true(fig(sim, "rss_kb_after_fill") == 128 * 4);
	assert_true(fig(sim, "rss_kb_after_madvise") == 0);
	assert_true(fig(sim, "lazyfree_kb_after_madvise") == 0);
	assert_int_equal((int)fig(sim, "peek_intact"), 0);
	assert_true(fig(sim, "discarded_pages") == 126);
	assert_true(fig(sim, "intact_rewritten_pages") == 0);
	assert_true(fig(sim, "corrupted_pages") == 2);
	/* something read as zeros after the first round: LTP stops there */
	assert_true(fig(sim, "pressure_rounds") == 1);
	sim_destroy(sim);
}

/* before v4.5: -EINVAL (LTP's TCONF: the test ends there), the pages untouched */
static void test_no_madv_free(void **state)
{
	static const char *const sets[] = { "policy.lazyfree=none", NULL };
	struct sim *sim = run_with("scenarios/ltp-madvise09.ini", sets);

	(void)state;
	assert_true(sim->workloads[0].ended);
	assert_int_equal((int)fig(sim, "madvise_ret"), -22);
	assert_int_equal(sim->vm_events[PGLAZYFREE], 0);
	assert_true(fig(sim, "pressure_rounds") == 0);
	assert_true(fig(sim, "lazyfree_kb_after_madvise") == 0);
	assert_true(fig(sim, "rss_kb_after_madvise") == 128 * 4);
	sim_destroy(sim);
}

/*
 * memory.limit_in_bytes below the usage is -EBUSY (the model does not
 * reclaim first), and a memsw limit below the (unchanged, unlimited)
 * memory limit -EINVAL: no limit, so the child stops at madvfree's
 * 512 MiB safety bound, never OOM-killed, and nothing is discarded.
 */
static void test_limit_write_fails(void **state)
{
	static const char *const sets[] = {
		"workload.madvise09.limit_after=256K",
		"workload.madvise09.rounds=1",
		NULL,
	};
	struct sim *sim = run_with("scenarios/ltp-madvise09.ini", sets);
	struct mem_cgroup *memcg = sim->workloads[0].memcg;

	(void)state;
	assert_int_equal((int)fig(sim, "limit_write_rc"), -16);
	assert_true(memcg->memory.max == U64_MAX && memcg->memsw.max == U64_MAX);
	assert_true(fig(sim, "pressure_rounds") == 1);
	assert_true(fig(sim, "pressure_oom_kills") == 0);
	assert_true(fig(sim, "discarded_pages") == 0);
	assert_true(fig(sim, "intact_rewritten_pages") == 2);
	assert_true(fig(sim, "corrupted_pages") == 0);
	sim_destroy(sim);
}

/*
 * Rounds go on while no page reads 0: a 1 MiB child in a 64 MiB group
 * frees nothing, so all 3 rounds run (each child lingers 100 ms and exits).
 */
static void test_rounds_until_discard(void **state)
{
	static const char *const sets[] = {
		"workload.madvfree.pressure=1M",
		"workload.madvfree.rounds=3",
		NULL,
	};
	struct sim *sim = run_with("scenarios/madvfree-bulk-noswap.ini", sets);

	(void)state;
	assert_true(fig(sim, "pressure_rounds") == 3);
	assert_true(fig(sim, "pressure_oom_kills") == 0);
	assert_true(fig(sim, "discarded_pages") == 0);
	assert_true(fig(sim, "intact_unwritten_pages") == 6144);
	assert_true(fig(sim, "first_discarded_page") == -1);
	/* three children of 256 pages, the last 100 ms of each asleep */
	assert_true(sim->workloads[0].end_ns - sim->workloads[0].start_ns >= 300 * NSEC_PER_MSEC);
	sim_destroy(sim);
}

/* ------------------------------------------------------------------ */
/* The oracle's configurations */

static const struct oracle_counter *kernel_counter(const struct oracle_config *cfg,
						   const char *name)
{
	for (unsigned int i = 0; i < cfg->nr_counters; i++)
		if (!strcmp(cfg->counters[i].name, name))
			return &cfg->counters[i];
	fail_msg("%s: no counter %s", cfg->name, name);
	return NULL;
}

static bool within(double kernel, double sim)
{
	return fabs(sim - kernel) <= ORACLE_TOLERANCE * kernel;
}

static void check_oracle_config(const char *name)
{
	struct oracle_summary os;
	const struct oracle_config *cfg = NULL;
	char err[1024] = "";
	struct sim *sim;
	double pglazyfree, pglazyfreed, k_free, k_freed, k_disc, disc;

	if (oracle_summary_load(&os, test_path(ORACLE_SUMMARY_PATH), err, sizeof(err)))
		fail_msg("%s", err);
	for (unsigned int i = 0; i < os.nr_configs; i++)
		if (!strcmp(os.configs[i].name, name))
			cfg = &os.configs[i];
	assert_non_null(cfg);
	sim = run_with(cfg->scenario, NULL);
	pglazyfree = (double)sim->vm_events[PGLAZYFREE];
	pglazyfreed = (double)sim->vm_events[PGLAZYFREED];
	k_free = kernel_counter(cfg, "pglazyfree")->kernel.mean;
	k_freed = kernel_counter(cfg, "pglazyfreed")->kernel.mean;
	k_disc = kernel_counter(cfg, "discarded_pages")->kernel.mean;
	disc = fig(sim, "discarded_pages");
	print_message("%s: pglazyfree %.0f (kernel %.1f), pglazyfreed %.0f (kernel %.1f), "
		      "discarded %.0f (kernel %.1f), oom_kill %llu\n",
		      name, pglazyfree, k_free, pglazyfreed, k_freed, disc, k_disc,
		      (unsigned long long)sim->workloads[0].memcg->oom_kill);
	assert_true(within(k_free, pglazyfree));
	assert_true(within(k_freed, pglazyfreed));
	assert_true(within(k_disc, disc));
	/* the same outcome: rewritten pages intact, nothing corrupted */
	assert_true(fig(sim, "intact_rewritten_pages") ==
		    kernel_counter(cfg, "intact_rewritten_pages")->kernel.mean);
	assert_true(fig(sim, "corrupted_pages") == 0);
	assert_true(fig(sim, "peek_intact") == kernel_counter(cfg, "peek_intact")->kernel.mean);
	assert_true(fig(sim, "pressure_rounds") ==
		    kernel_counter(cfg, "pressure_rounds")->kernel.mean);
	assert_true((double)sim->workloads[0].memcg->oom_kill ==
		    kernel_counter(cfg, "oom_kill")->kernel.mean);
	assert_int_equal(sim->workloads[0].exit_signal, 0);
	sim_destroy(sim);
	oracle_summary_free(&os);
}

static void test_oracle_ltp_noswap(void **state)
{
	(void)state;
	check_oracle_config("madvfree/ltp_noswap");
}

static void test_oracle_ltp_swap(void **state)
{
	(void)state;
	check_oracle_config("madvfree/ltp_swap");
}

static void test_oracle_bulk_noswap(void **state)
{
	(void)state;
	check_oracle_config("madvfree/bulk_noswap");
}

/* ------------------------------------------------------------------ */
/* What a monitoring daemon sees */

static void test_monitor(void **state)
{
	struct sim *sim = run_with("scenarios/madvfree-monitor.ini", NULL);
	const struct workload_inst *lazy = &sim->workloads[0], *hog = &sim->workloads[1];
	/* 250 MiB in 4 KiB pages; the hog's 400 MiB on top exceed 512 MiB by this */
	const double kb = 250 * 1024, over = (250 + 400 - 512) * 256;

	(void)state;
	assert_true(lazy->ended && hog->ended);
	/* no pressure yet: VmRSS unchanged, LazyFree all of it but a per-CPU batch */
	assert_true(test_figure(lazy, "rss_kb_after_fill") == kb);
	assert_true(test_figure(lazy, "rss_kb_after_madvise") == kb);
	assert_true(test_figure(lazy, "lazyfree_kb_after_madvise") > kb - PAGEVEC_SIZE * 4);
	assert_true(test_figure(lazy, "lazyfree_kb_after_madvise") <= kb);
	/* under pressure the lazily freed pages go, without I/O, nobody killed */
	assert_true((double)sim->vm_events[PGLAZYFREED] >= over);
	assert_true(test_figure(lazy, "discarded_pages") >= over);
	assert_int_equal(sim->vm_events[PSWPOUT], 0);
	assert_int_equal(sim->reclaim.oom_kills, 0);
	assert_int_equal(lazy->exit_signal + hog->exit_signal, 0);
	assert_true(test_figure(lazy, "corrupted_pages") == 0);
	sim_destroy(sim);
}

/* ------------------------------------------------------------------ */
/* Bad input */

#define M9_HEAD "[machine]\nmemory = 1G\n[workload m]\ntype = madvise09\nsize = 128p\n"

static void expect_error(const char *ini, const char *msg)
{
	char err[SCN_ERR_LEN] = "";
	int ret = scenario_load_string(&scn, "t.ini", ini, err, sizeof(err));

	if (!ret)
		ret = scenario_validate(&scn, err, sizeof(err));
	if (!ret || strcmp(err, msg))
		print_error("ini:\n%s\nexpected: %s\n     got: %s\n", ini, msg, err);
	assert_int_not_equal(ret, 0);
	assert_string_equal(err, msg);
}

static void test_bad_keys(void **state)
{
	(void)state;
	expect_error(
		M9_HEAD "rewrite = 0,,10\n",
		"t.ini:6: [workload m] rewrite: expected page numbers separated by commas, or none: '0,,10'");
	expect_error(
		M9_HEAD "rewrite = 0,x\n",
		"t.ini:6: [workload m] rewrite: expected page numbers separated by commas, or none: '0,x'");
	expect_error(M9_HEAD "rewrite = 0,200\n",
		     "t.ini:6: [workload m] rewrite: page 200 is beyond the region (128 pages)");
	expect_error(M9_HEAD "peek = 128\n",
		     "t.ini:6: [workload m] peek: page 128 is beyond the region (128 pages)");
	expect_error(M9_HEAD "pressure = 0\n",
		     "t.ini:6: [workload m] pressure: must be > 0 (or oom or none)");
	expect_error(M9_HEAD "rounds = 0\n",
		     "t.ini:6: [workload m] rounds: 0 out of range (1..1000)");
	expect_error(M9_HEAD "ltp_sleep = yes\n",
		     "t.ini:6: [workload m] ltp_sleep: unknown value 'yes' (expected off or on)");
	expect_error("[workload m]\ntype = madvise09\npressure = oom\n",
		     "t.ini:1: [workload m] size: missing (required for type madvise09)");
	expect_error(
		"[workload m]\ntype = anon_fill\nsize = 1M\nrewrite = 0\n",
		"t.ini:4: [workload m] rewrite: not a key of type anon_fill (anon_fill takes tasks, size, passes, pattern, hot_pct, hot_share, phase_lines, touch, then, oom_score_adj, program_text, program_data, program_text_start, program_binary)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ltp_inactive_file),
		cmocka_unit_test(test_ltp_anon_lru),
		cmocka_unit_test(test_noswap_inactive_file),
		cmocka_unit_test(test_noswap_anon_lru_is_dontneed),
		cmocka_unit_test(test_no_madv_free),
		cmocka_unit_test(test_limit_write_fails),
		cmocka_unit_test(test_rounds_until_discard),
		cmocka_unit_test(test_oracle_ltp_noswap),
		cmocka_unit_test(test_oracle_ltp_swap),
		cmocka_unit_test(test_oracle_bulk_noswap),
		cmocka_unit_test(test_monitor),
		cmocka_unit_test(test_bad_keys),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

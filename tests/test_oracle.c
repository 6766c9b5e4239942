// SPDX-License-Identifier: MIT
/*
 * test_oracle.c - `reclaimsim oracle`'s inputs and arithmetic: the
 * committed data/oracle/summary.json is complete (every configuration,
 * every counter, every run, a scenario that loads) and holds the kernel's
 * figures from shared/oracle/results; the ratio and verdict rules on fixed
 * numbers; and a broken summary is an error naming the file, never a
 * crash.
 *
 * Simulator outcomes are deliberately not asserted here: the model is
 * being tuned against these very numbers.
 */
#include "testutil.h"

#include <math.h>
#include <unistd.h>

#include "config/reader.h"
#include "cli/oracle.h"

static struct scenario scn; /* large: keep it off the stack */

/* The configurations and the scenarios that mirror them. */
static const struct {
	const char *name, *scenario;
} expected[] = {
	{ "anonfill/fit_noswap", "scenarios/anonfill-fit-noswap.ini" },
	{ "anonfill/over_noswap", "scenarios/anonfill-over-noswap.ini" },
	{ "anonfill/over_swap_seq", "scenarios/anonfill-over-swap-seq.ini" },
	{ "anonfill/over_swap_seq_read", "scenarios/anonfill-over-swap-seq-read.ini" },
	{ "filewrite/lim64_4x", "scenarios/filewrite-lim64.ini" },
	{ "fileread/hot28", "scenarios/fileread-hot28.ini" },
	{ "madvfree/ltp_noswap", "scenarios/madvfree-ltp-noswap.ini" },
	{ "madvfree/ltp_swap", "scenarios/madvfree-ltp-swap.ini" },
	{ "madvfree/bulk_noswap", "scenarios/madvfree-bulk-noswap.ini" },
	/* the grid, measured on the repo's machine (data/oracle/src/run_grid.py) */
	{ "grid_anon/seq_noswap", "scenarios/grid/grid_anon-seq_noswap.ini" },
	{ "grid_anon/seq_swap16", "scenarios/grid/grid_anon-seq_swap16.ini" },
	{ "grid_anon/seq_swap128", "scenarios/grid/grid_anon-seq_swap128.ini" },
	{ "grid_anon/rand_noswap", "scenarios/grid/grid_anon-rand_noswap.ini" },
	{ "grid_anon/rand_swap16", "scenarios/grid/grid_anon-rand_swap16.ini" },
	{ "grid_anon/rand_swap128", "scenarios/grid/grid_anon-rand_swap128.ini" },
	{ "grid_anon/hotcold_noswap", "scenarios/grid/grid_anon-hotcold_noswap.ini" },
	{ "grid_anon/hotcold_swap16", "scenarios/grid/grid_anon-hotcold_swap16.ini" },
	{ "grid_anon/hotcold_swap128", "scenarios/grid/grid_anon-hotcold_swap128.ini" },
	{ "grid_hot/hot06", "scenarios/grid/grid_hot-hot06.ini" },
	{ "grid_hot/hot13", "scenarios/grid/grid_hot-hot13.ini" },
	{ "grid_hot/hot19", "scenarios/grid/grid_hot-hot19.ini" },
	{ "grid_hot/hot26", "scenarios/grid/grid_hot-hot26.ini" },
	{ "grid_hot/hot32", "scenarios/grid/grid_hot-hot32.ini" },
	{ "grid_hot/hot38", "scenarios/grid/grid_hot-hot38.ini" },
	{ "grid_write/x2", "scenarios/grid/grid_write-x2.ini" },
	{ "grid_write/x4", "scenarios/grid/grid_write-x4.ini" },
	{ "grid_write/x6", "scenarios/grid/grid_write-x6.ini" },
	{ "grid_write/x8", "scenarios/grid/grid_write-x8.ini" },
	{ "grid_mixed/a40_noswap", "scenarios/grid/grid_mixed-a40_noswap.ini" },
	{ "grid_mixed/a40_swap128", "scenarios/grid/grid_mixed-a40_swap128.ini" },
	{ "grid_mixed/a56_swap128", "scenarios/grid/grid_mixed-a56_swap128.ini" },
	/* v1 nesting: the children of one limited parent */
	{ "grid_nested/a40_noswap", "scenarios/grid/grid_nested-a40_noswap.ini" },
	/* issues 21 and 23: diskstats, an mmap read, small anon overflows */
	{ "grid_disk/write_x4", "scenarios/grid/grid_disk-write_x4.ini" },
	{ "grid_disk/read_x8", "scenarios/grid/grid_disk-read_x8.ini" },
	{ "grid_disk/swapout_a80_swap32", "scenarios/grid/grid_disk-swapout_a80_swap32.ini" },
	{ "grid_mmap/read512", "scenarios/grid/grid_mmap-read512.ini" },
	{ "grid_overflow/seq_a72_swap128", "scenarios/grid/grid_overflow-seq_a72_swap128.ini" },
	{ "grid_overflow/rand_a72_swap128", "scenarios/grid/grid_overflow-rand_a72_swap128.ini" },
};
#define NR_SHARED 9 /* the shared/oracle configurations come first */
#define NR_GRID_V1045 32 /* then the grid measured on kernel build v1045 */
#define NR_EXPECTED (sizeof(expected) / sizeof(expected[0]))

/* What every configuration must have, in the table's order. */
static const char *const common[] = {
	"failcnt",
	"max_usage_in_bytes",
	"oom_kill",
	"pgmajfault",
	"memcg_pgpgin",
	"memcg_pgpgout",
	"workingset_refault_anon",
	"workingset_refault_file",
	"pgscan_anon",
	"pgscan_file",
	"pgsteal_anon",
	"pgsteal_file",
	"pgsteal_anon+file",
	"pswpin",
	"pswpout",
	"exit_signal",
	"wall_s",
};
#define NR_COMMON (sizeof(common) / sizeof(common[0]))

static const struct oracle_config *find_config(const struct oracle_summary *os, const char *name)
{
	for (unsigned int i = 0; i < os->nr_configs; i++)
		if (!strcmp(os->configs[i].name, name))
			return &os->configs[i];
	return NULL;
}

static const struct oracle_counter *find(const struct oracle_config *cfg, const char *name)
{
	for (unsigned int i = 0; i < cfg->nr_counters; i++)
		if (!strcmp(cfg->counters[i].name, name))
			return &cfg->counters[i];
	print_error("%s: no counter %s\n", cfg->name, name);
	return NULL;
}

static void load_summary(struct oracle_summary *os)
{
	char err[1024] = "";
	int ret = oracle_summary_load(os, test_path(ORACLE_SUMMARY_PATH), err, sizeof(err));

	if (ret)
		print_error("%s\n", err);
	assert_int_equal(ret, 0);
}

/* Every run has a value, and min <= mean <= max over them. */
static void check_stat(const struct oracle_config *cfg, const struct oracle_counter *c)
{
	const struct oracle_stat *st = &c->kernel;

	assert_int_equal(st->nr_values, cfg->runs);
	for (unsigned int r = 0; r < st->nr_values; r++) {
		assert_false(isnan(st->values[r]));
		assert_true(st->values[r] >= st->min && st->values[r] <= st->max);
	}
	assert_true(st->min <= st->mean && st->mean <= st->max);
}

static void test_summary_complete(void **state)
{
	struct oracle_summary os;

	(void)state;
	load_summary(&os);
	assert_string_equal(os.kernel, "6.18.44-fc-v857");
	assert_int_equal(os.nr_configs, NR_EXPECTED);
	for (unsigned int i = 0; i < NR_EXPECTED; i++) {
		const struct oracle_config *cfg = find_config(&os, expected[i].name);
		char err[SCN_ERR_LEN] = "";
		int ret;

		if (!cfg)
			print_error("no configuration %s\n", expected[i].name);
		assert_non_null(cfg);
		assert_string_equal(cfg->scenario, expected[i].scenario);
		assert_true(cfg->description[0] && cfg->command[0]);
		assert_int_equal(cfg->runs, 3);
		/* the grid ran on another kernel build than shared/oracle */
		assert_string_equal(cfg->kernel, i < NR_SHARED	   ? "" :
						 i < NR_GRID_V1045 ? "6.18.44-fc-v1045" :
								     "6.18.44-fc-v1300");
		/* the scenario is there, and loads as the oracle command loads it */
		assert_int_equal(access(test_path(cfg->scenario), R_OK), 0);
		ret = scenario_load(&scn, test_path(cfg->scenario), err, sizeof(err));
		if (!ret)
			ret = scenario_validate(&scn, err, sizeof(err));
		if (ret)
			print_error("%s\n", err);
		assert_int_equal(ret, 0);
		for (unsigned int k = 0; k < NR_COMMON; k++) {
			const struct oracle_counter *c = find(cfg, common[k]);

			assert_non_null(c);
			check_stat(cfg, c);
			/* the table's order: the common counters come first */
			assert_ptr_equal(c, &cfg->counters[k]);
		}
		assert_int_equal(find(cfg, "oom_kill")->how, ORACLE_EXACT);
		assert_int_equal(find(cfg, "exit_signal")->how, ORACLE_EXACT);
		assert_int_equal(find(cfg, "wall_s")->how, ORACLE_MEASURE);
		assert_int_equal(find(cfg, "pswpout")->how, ORACLE_COUNT);
		assert_true(find(cfg, "pgsteal_anon+file")->derived);
		assert_false(find(cfg, "pgsteal_file")->derived);
	}
	oracle_summary_free(&os);
}

/* The program's own figures, where the program lived to print them. */
static void test_summary_program_figures(void **state)
{
	static const char *const anon[] = { "retouch_majflt", "retouch_minflt" };
	static const char *const hot[] = {
		"hot_miss_total",     "hot_miss_first",	       "hot_miss_last",
		"hot_resident_final", "stream_resident_final",
	};
	struct oracle_summary os;
	const struct oracle_config *cfg;

	(void)state;
	load_summary(&os);
	for (unsigned int i = 0; i < 4; i++) {
		cfg = find_config(&os, expected[i].name);
		/* over_noswap was OOM-killed before its result line */
		assert_int_equal(cfg->nr_counters, NR_COMMON + (i == 1 ? 0 : 2));
		for (unsigned int k = 0; i != 1 && k < 2; k++) {
			assert_string_equal(cfg->counters[NR_COMMON + k].name, anon[k]);
			assert_string_equal(cfg->counters[NR_COMMON + k].source, "program");
			check_stat(cfg, &cfg->counters[NR_COMMON + k]);
		}
		assert_int_equal(cfg->nr_pass_runs, 0);
	}
	cfg = find_config(&os, "filewrite/lim64_4x");
	assert_int_equal(cfg->nr_counters, NR_COMMON);
	cfg = find_config(&os, "fileread/hot28");
	assert_int_equal(cfg->nr_counters, NR_COMMON + 5);
	for (unsigned int k = 0; k < 5; k++) {
		assert_string_equal(cfg->counters[NR_COMMON + k].name, hot[k]);
		check_stat(cfg, &cfg->counters[NR_COMMON + k]);
	}
	/* 8 hot passes per run; pass 1 misses 844 in every run */
	assert_int_equal(cfg->nr_pass_runs, 3);
	for (unsigned int r = 0; r < 3; r++) {
		assert_int_equal(cfg->nr_passes[r], 8);
		assert_true(cfg->pass_miss[r][0] == 844);
	}
	oracle_summary_free(&os);
}

/*
 * Spot checks against shared/oracle/results and its README, so that a
 * wrong path in tools/extract_oracle_summary.py cannot go unnoticed.
 */
static void test_summary_kernel_values(void **state)
{
	struct oracle_summary os;
	const struct oracle_config *cfg;
	const struct oracle_counter *c;

	(void)state;
	load_summary(&os);
	/* over_noswap: killed in 3/3 runs (exit 137), anon never scanned */
	cfg = find_config(&os, "anonfill/over_noswap");
	c = find(cfg, "exit_signal");
	for (unsigned int r = 0; r < 3; r++)
		assert_true(c->kernel.values[r] == 9);
	assert_true(find(cfg, "oom_kill")->kernel.mean == 1);
	assert_true(find(cfg, "pgscan_anon")->kernel.max == 0);
	c = find(cfg, "failcnt");
	assert_true(c->kernel.min == 83 && c->kernel.max == 142);
	/* over_swap_seq: memcg pgmajfault 18,538-18,544, pswpin 147,643-147,647 */
	cfg = find_config(&os, "anonfill/over_swap_seq");
	c = find(cfg, "pgmajfault");
	assert_true(c->kernel.min == 18538 && c->kernel.max == 18544);
	c = find(cfg, "pswpin");
	assert_true(c->kernel.min == 147643 && c->kernel.max == 147647);
	c = find(cfg, "pswpout");
	assert_true(c->kernel.min == 167183 && c->kernel.max == 168286);
	/* the derived row is the per-run sum: 164222+55, 164234+54, 164241+55 */
	c = find(cfg, "pgsteal_anon+file");
	assert_true(c->kernel.values[0] == 164277 && c->kernel.values[1] == 164288 &&
		    c->kernel.values[2] == 164296);
	/* filewrite: pgsteal_file exactly 50,176 in every run */
	cfg = find_config(&os, "filewrite/lim64_4x");
	c = find(cfg, "pgsteal_file");
	assert_true(c->kernel.min == 50176 && c->kernel.max == 50176);
	assert_true(find(cfg, "max_usage_in_bytes")->kernel.max == 66547712);
	/* fileread: 844 then 740 per pass in the second run; stream leaves 8,704 */
	cfg = find_config(&os, "fileread/hot28");
	assert_true(cfg->pass_miss[1][1] == 740 && cfg->pass_miss[0][7] == 2308);
	assert_true(find(cfg, "hot_miss_last")->kernel.values[1] == 740);
	assert_true(find(cfg, "stream_resident_final")->kernel.mean == 8704);
	c = find(cfg, "wall_s");
	assert_true(fabs(c->kernel.min - 0.369315) < 1e-9);
	oracle_summary_free(&os);
}

/*
 * Spot checks of the grid against data/oracle/results, so that a wrong path
 * in tools/extract_oracle_summary.py's grid code cannot go unnoticed.
 */
static void test_summary_grid_values(void **state)
{
	struct oracle_summary os;
	const struct oracle_config *cfg;
	const struct oracle_counter *c;

	(void)state;
	load_summary(&os);
	/* 16 MiB swap below the 32 MiB overflow: swap full (4,095 pages), OOM */
	cfg = find_config(&os, "grid_anon/seq_swap16");
	c = find(cfg, "pswpout");
	assert_true(c->kernel.min == 4095 && c->kernel.max == 4095);
	assert_true(find(cfg, "oom_kill")->kernel.min == 1);
	assert_true(find(cfg, "exit_signal")->kernel.mean == 9);
	/* random re-touch: one swap-in per fault (readahead adapts down) */
	cfg = find_config(&os, "grid_anon/rand_swap128");
	c = find(cfg, "pgmajfault");
	assert_true(c->kernel.values[0] == 50522 && c->kernel.values[2] == 48959);
	assert_true(find(cfg, "pswpout")->kernel.max == 60243);
	/* dd 4 x the limit: pgsteal_file 49,920 in every run */
	cfg = find_config(&os, "grid_write/x4");
	c = find(cfg, "pgsteal_file");
	assert_true(c->kernel.min == 49920 && c->kernel.max == 49920);
	/* hot06: 0, then 343 missed on each of passes 2-7, 0 on the last */
	cfg = find_config(&os, "grid_hot/hot06");
	assert_int_equal(cfg->nr_pass_runs, 3);
	assert_int_equal(cfg->nr_passes[0], 8);
	assert_true(cfg->pass_miss[0][0] == 0 && cfg->pass_miss[2][1] == 343 &&
		    cfg->pass_miss[1][7] == 0);
	assert_true(find(cfg, "hot_miss_total")->kernel.mean == 2058);
	/* mixed: the first process is anonfill, whose figures are reported */
	cfg = find_config(&os, "grid_mixed/a56_swap128");
	assert_true(find(cfg, "pswpout")->kernel.values[2] == 1759);
	assert_string_equal(find(cfg, "retouch_majflt")->source, "program");
	oracle_summary_free(&os);
}

/* grid_disk: the disk's /proc/diskstats deltas, the swap-out's pswpout */
static void test_summary_diskstats(void **state)
{
	static const char *const disk[] = {
		"disk_reads",  "disk_read_merges",  "disk_sectors_read",
		"disk_writes", "disk_write_merges", "disk_sectors_written",
	};
	struct oracle_summary os;
	const struct oracle_config *cfg;
	const struct oracle_counter *c;

	(void)state;
	load_summary(&os);
	for (unsigned int i = NR_GRID_V1045; i < NR_EXPECTED; i++) {
		cfg = find_config(&os, expected[i].name);
		for (unsigned int k = 0; k < sizeof(disk) / sizeof(disk[0]); k++) {
			c = find(cfg, disk[k]);
			assert_non_null(c);
			assert_string_equal(c->source, "diskstats");
			assert_int_equal(c->how, ORACLE_COUNT);
			check_stat(cfg, c);
		}
	}
	/* dd 256 MiB: most of it written while dd ran, in ~2 MiB requests */
	cfg = find_config(&os, "grid_disk/write_x4");
	c = find(cfg, "disk_sectors_written");
	assert_true(c->kernel.values[0] == 487784 && c->kernel.values[1] == 455424 &&
		    c->kernel.values[2] == 500032);
	assert_true(find(cfg, "disk_writes")->kernel.max == 138);
	/* dd reads 512 MiB: the file once, no merges */
	cfg = find_config(&os, "grid_disk/read_x8");
	assert_true(find(cfg, "disk_sectors_read")->kernel.min == 1048584);
	assert_true(find(cfg, "disk_read_merges")->kernel.max == 0);
	/* swap-out: one page a bio, merged into requests */
	cfg = find_config(&os, "grid_disk/swapout_a80_swap32");
	assert_true(find(cfg, "pswpout")->kernel.values[2] == 4243);
	assert_true(find(cfg, "disk_write_merges")->kernel.values[0] == 8100);
	/* the mmap read refaulted pages evicted before it reached them */
	cfg = find_config(&os, "grid_mmap/read512");
	assert_true(find(cfg, "workingset_refault_file")->kernel.mean == 12288);
	oracle_summary_free(&os);
}

/* madvfree: the program figures under the madvise09 workload's names */
static void test_summary_madvfree(void **state)
{
	struct oracle_summary os;
	const struct oracle_config *cfg;
	const struct oracle_counter *c;

	(void)state;
	load_summary(&os);
	/* ltp_swap: 4 pages stayed in a per-CPU batch in run 2 (README) */
	cfg = find_config(&os, "madvfree/ltp_swap");
	c = find(cfg, "pglazyfree");
	assert_true(c->kernel.values[0] == 128 && c->kernel.values[1] == 124);
	assert_string_equal(c->source, "vmstat");
	c = find(cfg, "discarded_pages");
	assert_true(c->kernel.values[1] == 122 && c->kernel.max == 126);
	assert_string_equal(c->source, "program");
	assert_int_equal(find(cfg, "corrupted_pages")->how, ORACLE_EXACT);
	assert_true(find(cfg, "intact_rewritten_pages")->kernel.mean == 2);
	assert_true(find(cfg, "lazyfree_kb_after_madvise")->kernel.mean == 496);
	/* bulk_noswap: 70.8-71.1 % of 6,144 unwritten pages discarded, no OOM */
	cfg = find_config(&os, "madvfree/bulk_noswap");
	assert_true(find(cfg, "discarded_pages")->kernel.min == 4347);
	assert_true(find(cfg, "unwritten_pages")->kernel.mean == 6144);
	assert_true(find(cfg, "oom_kill")->kernel.max == 0);
	assert_true(find(cfg, "peek_intact")->kernel.mean == -1);
	oracle_summary_free(&os);
}

/*
 * The re-run that recorded runqueue wait (data/oracle/results-runq): every
 * configuration, 3 runs on kernel build v1300; spot values of the files.
 */
static void test_summary_walls(void **state)
{
	struct oracle_summary os;
	const struct oracle_walls *w;

	(void)state;
	load_summary(&os);
	for (unsigned int i = 0; i < NR_EXPECTED; i++) {
		w = &find_config(&os, expected[i].name)->walls;
		assert_true(w->present);
		assert_string_equal(w->set, "data/oracle/results-runq");
		assert_string_equal(w->kernel, "6.18.44-fc-v1300");
		assert_int_equal(w->runs, 3);
		assert_true(w->wall_less_runq.max <= w->wall.max);
	}
	/* dd 256 MiB: 0.056 s on a CPU, two thirds of its wall waiting for one */
	w = &find_config(&os, "grid_write/x4")->walls;
	assert_true(w->wall.values[0] == 0.622678 && w->runq.values[0] == 0.423826);
	assert_true(w->on_cpu.values[2] == 0.056607);
	assert_true(w->wall_less_runq.values[1] == 0.176065);
	/* madvfree: the pressure child's wait is in runq_s */
	w = &find_config(&os, "madvfree/ltp_noswap")->walls;
	assert_true(w->runq.values[1] == 0.268021 && w->wall_less_runq.values[1] == 0.171722);
	oracle_summary_free(&os);
}

static void test_ratio(void **state)
{
	(void)state;
	assert_true(oracle_ratio(100, 125) == 1.25);
	assert_true(oracle_ratio(4, 1) == 0.25);
	assert_true(oracle_ratio(7, 0) == 0);
	/* no ratio to a kernel zero, nor to a missing value */
	assert_true(isnan(oracle_ratio(0, 5)));
	assert_true(isnan(oracle_ratio(0, 0)));
	assert_true(isnan(oracle_ratio(NAN, 5)));
	assert_true(isnan(oracle_ratio(5, NAN)));
}

static void test_verdict(void **state)
{
	(void)state;
	/* +-25%, both edges inside */
	assert_string_equal(oracle_verdict(100, 100), "ok");
	assert_string_equal(oracle_verdict(100, 125), "ok");
	assert_string_equal(oracle_verdict(100, 75), "ok");
	assert_string_equal(oracle_verdict(100, 125.1), "off");
	assert_string_equal(oracle_verdict(100, 74.9), "off");
	assert_string_equal(oracle_verdict(18542, 18432), "ok");
	assert_string_equal(oracle_verdict(196, 46642), "off");
	/* edges that binary floating point cannot hit exactly */
	assert_string_equal(oracle_verdict(0.3 * 1000, 0.375 * 1000), "ok");
	assert_string_equal(oracle_verdict(57859.333333, 57859.333333 * 1.25), "ok");
	/* both at most 20: noise, not judged */
	assert_string_equal(oracle_verdict(0, 0), "small");
	assert_string_equal(oracle_verdict(2, 0), "small");
	assert_string_equal(oracle_verdict(20, 0), "small");
	assert_string_equal(oracle_verdict(0, 20), "small");
	assert_string_equal(oracle_verdict(1, 19), "small");
	/* one zero, the other above 20 */
	assert_string_equal(oracle_verdict(0, 21), "DIRECTION");
	assert_string_equal(oracle_verdict(21, 0), "DIRECTION");
	assert_string_equal(oracle_verdict(13346, 0), "DIRECTION");
	/* one side above 20, neither zero: judged by the ratio */
	assert_string_equal(oracle_verdict(21, 20), "ok");
	assert_string_equal(oracle_verdict(10, 21), "off");
	assert_string_equal(oracle_verdict(25, 1), "off");
	assert_string_equal(oracle_verdict(NAN, 1), "n/a");
	assert_string_equal(oracle_verdict(1, NAN), "n/a");
}

static void test_verdict_kinds(void **state)
{
	(void)state;
	/* outcomes are equal or not; a missed OOM kill is not "small" */
	assert_string_equal(oracle_verdict_how(ORACLE_EXACT, 9, 9), "ok");
	assert_string_equal(oracle_verdict_how(ORACLE_EXACT, 0, 0), "ok");
	assert_string_equal(oracle_verdict_how(ORACLE_EXACT, 9, 0), "DIRECTION");
	assert_string_equal(oracle_verdict_how(ORACLE_EXACT, 0, 1), "DIRECTION");
	assert_string_equal(oracle_verdict_how(ORACLE_EXACT, 1, 2), "off");
	assert_string_equal(oracle_verdict_how(ORACLE_EXACT, 1, NAN), "n/a");
	/* measures (seconds) have no "small" */
	assert_string_equal(oracle_verdict_how(ORACLE_MEASURE, 0.39, 0.172), "off");
	assert_string_equal(oracle_verdict_how(ORACLE_MEASURE, 3.242, 2.951), "ok");
	assert_string_equal(oracle_verdict_how(ORACLE_MEASURE, 0.2, 0), "DIRECTION");
	assert_string_equal(oracle_verdict_how(ORACLE_MEASURE, 0, 0), "ok");
	/* counts are oracle_verdict */
	assert_string_equal(oracle_verdict_how(ORACLE_COUNT, 2, 0), "small");
}

/* Write @text to a temporary file, load it, expect @msg after "PATH: ". */
static void expect_load_error(const char *text, const char *msg)
{
	char path[] = "/tmp/test_oracle_XXXXXX";
	char err[1024] = "", want[1200];
	struct oracle_summary os;
	int ret;

	test_write_temp(path, text);
	ret = oracle_summary_load(&os, path, err, sizeof(err));
	oracle_summary_free(&os);
	unlink(path);
	snprintf(want, sizeof(want), "%s%s", path, msg);
	if (ret == 0 || strcmp(err, want))
		print_error("text: %s\nexpected: %s\n     got: %s\n", text, want, err);
	assert_int_not_equal(ret, 0);
	assert_string_equal(err, want);
}

#define CFG_HEAD                                                                          \
	"{\"configs\": [{\"name\": \"w/c\", \"description\": \"d\", \"command\": \"c\", " \
	"\"scenario\": \"s.ini\", \"runs\": 1, \"counters\": ["

static void test_load_errors(void **state)
{
	struct oracle_summary os;
	char err[256];

	(void)state;
	assert_int_equal(oracle_summary_load(&os, "/nonexistent/summary.json", err, sizeof(err)),
			 -1);
	assert_string_equal(err, "/nonexistent/summary.json: No such file or directory");
	oracle_summary_free(&os);
	expect_load_error("{\n\"configs\": [\n", ":3: not valid JSON");
	expect_load_error("{}", ": no \"configs\" list");
	expect_load_error("{\"configs\": []}", ": no \"configs\" list");
	expect_load_error("{\"configs\": [{}]}", ": configs[0]: no \"name\" string");
	expect_load_error("{\"configs\": [{\"name\": \"w/c\", \"description\": \"d\", "
			  "\"command\": \"c\", \"scenario\": 5}]}",
			  ": w/c: no \"scenario\" string");
	expect_load_error(CFG_HEAD "]}]}", ": w/c: no \"counters\" list");
	expect_load_error("{\"configs\": [{\"name\": \"w/c\", \"description\": \"d\", "
			  "\"command\": \"c\", \"scenario\": \"s.ini\", \"runs\": 17}]}",
			  ": w/c: \"runs\" 17: at most 16");
	expect_load_error("{\"configs\": [{\"name\": \"w/c\", \"description\": \"d\", "
			  "\"command\": \"c\", \"scenario\": \"s.ini\", \"kernel\": 6, "
			  "\"runs\": 1}]}",
			  ": w/c: no \"kernel\" string");
	expect_load_error(
		CFG_HEAD "{\"name\": \"pgfoo\", \"source\": \"vmstat\", "
			 "\"unit\": \"pages\", \"values\": [1]}]}]}",
		": w/c: counters[0]: vmstat counter \"pgfoo\" is not one the simulator keeps");
	expect_load_error(
		CFG_HEAD "{\"name\": \"disk_ios\", \"source\": \"diskstats\", "
			 "\"unit\": \"requests\", \"values\": [1]}]}]}",
		": w/c: counters[0]: diskstats counter \"disk_ios\" is not one the simulator keeps");
	expect_load_error(
		CFG_HEAD "{\"name\": \"x\", \"source\": \"proc\", "
			 "\"unit\": \"pages\", \"values\": [1]}]}]}",
		": w/c: counters[0]: x: source \"proc\": expected memcg, vmstat, run, diskstats or program");
	expect_load_error(
		CFG_HEAD "{\"name\": \"pswpin\", \"source\": \"vmstat\", "
			 "\"unit\": \"pages\", \"compare\": \"fuzzy\", \"values\": [1]}]}]}",
		": w/c: counters[0]: pswpin: compare \"fuzzy\": expected count, exact or measure");
	expect_load_error(CFG_HEAD "{\"name\": \"pswpin\", \"source\": \"vmstat\", "
				   "\"unit\": \"pages\"}]}]}",
			  ": w/c: counters[0]: no \"values\" list");
	expect_load_error(CFG_HEAD "{\"name\": \"pswpin\", \"source\": \"vmstat\", "
				   "\"unit\": \"pages\", \"values\": [null, null]}]}]}",
			  ": w/c: counters[0]: no run has a value");
	expect_load_error(CFG_HEAD "{\"name\": \"pswpin\", \"source\": \"vmstat\", "
				   "\"unit\": \"pages\", \"values\": [1, \"2\"]}]}]}",
			  ": w/c: counters[0]: values[1] is not a number");
	expect_load_error(CFG_HEAD
			  "{\"name\": \"pswpin\", \"source\": \"vmstat\", "
			  "\"unit\": \"pages\", \"values\": [1]}, {\"name\": \"pswpin\", "
			  "\"source\": \"vmstat\", \"unit\": \"pages\", \"values\": [1]}]}]}",
			  ": w/c: counters[1]: pswpin twice");
}

/* A program figure's missing runs stay missing: stats over the others. */
static void test_load_partial_values(void **state)
{
	const char *text = CFG_HEAD
		"{\"name\": \"hot_miss_total\", \"source\": \"program\", \"unit\": \"pages\", "
		"\"values\": [null, 10, 30]}]}]}";
	char path[] = "/tmp/test_oracle_XXXXXX";
	char err[1024] = "";
	struct oracle_summary os;
	const struct oracle_stat *st;

	(void)state;
	test_write_temp(path, text);
	assert_int_equal(oracle_summary_load(&os, path, err, sizeof(err)), 0);
	unlink(path);
	assert_int_equal(os.nr_configs, 1);
	assert_int_equal(os.configs[0].nr_counters, 1);
	st = &os.configs[0].counters[0].kernel;
	assert_int_equal(st->nr_values, 3);
	assert_true(isnan(st->values[0]));
	assert_true(st->min == 10 && st->max == 30 && st->mean == 20);
	oracle_summary_free(&os);
}

/*
 * "walls": a re-run's wall, runqueue wait, on-CPU time and wall less
 * runqueue wait, parsed exactly; the counters stay those of the file.
 */
#define WALLS_CFG                                                                          \
	"{\"configs\": [{\"name\": \"w/c\", \"description\": \"d\", \"command\": \"c\",\n" \
	"\"scenario\": \"s.ini\", \"runs\": 2, \"counters\": [{\"name\": \"wall_s\", "     \
	"\"source\": \"run\", \"unit\": \"s\", \"values\": [0.3, 0.5]}],\n"
#define WALLS_HEAD WALLS_CFG "\"walls\": {\"set\": \"data/oracle/results-runq\", "
#define WALLS_FIGURES                                   \
	"\"wall_s\": {\"values\": [0.279, 0.147]},\n"   \
	"\"runq_s\": {\"values\": [0.131, 0.002]},\n"   \
	"\"on_cpu_s\": {\"values\": [0.027, 0.025]},\n" \
	"\"wall_less_runq_s\": {\"values\": [0.148, 0.145]}"

static void test_load_walls(void **state)
{
	const char *text = WALLS_HEAD
		"\"kernel\": \"6.18.44-fc-v1300\", \"runs\": 2,\n" WALLS_FIGURES "}}]}";
	char path[] = "/tmp/test_oracle_XXXXXX", path2[] = "/tmp/test_oracle_XXXXXX";
	char err[1024] = "";
	struct oracle_summary os;
	const struct oracle_walls *w;

	(void)state;
	test_write_temp(path, text);
	assert_int_equal(oracle_summary_load(&os, path, err, sizeof(err)), 0);
	unlink(path);
	w = &os.configs[0].walls;
	assert_true(w->present);
	assert_string_equal(w->set, "data/oracle/results-runq");
	assert_string_equal(w->kernel, "6.18.44-fc-v1300");
	assert_int_equal(w->runs, 2);
	assert_int_equal(w->wall.nr_values, 2);
	assert_true(w->wall.values[0] == 0.279 && w->wall.values[1] == 0.147);
	assert_true(w->wall.min == 0.147 && w->wall.max == 0.279);
	assert_true(w->runq.values[0] == 0.131 && w->runq.values[1] == 0.002);
	assert_true(w->on_cpu.values[0] == 0.027 && w->on_cpu.max == 0.027);
	assert_true(w->wall_less_runq.values[0] == 0.148 && w->wall_less_runq.min == 0.145);
	assert_true(fabs(w->wall_less_runq.mean - 0.1465) < 1e-12);
	/* the counters are the file's own, untouched */
	assert_int_equal(os.configs[0].nr_counters, 1);
	assert_true(os.configs[0].counters[0].kernel.mean == 0.4);
	oracle_summary_free(&os);
	/* a configuration without walls has none */
	test_write_temp(path2, CFG_HEAD "{\"name\": \"wall_s\", \"source\": \"run\", "
					"\"unit\": \"s\", \"values\": [1]}]}]}");
	assert_int_equal(oracle_summary_load(&os, path2, err, sizeof(err)), 0);
	unlink(path2);
	assert_false(os.configs[0].walls.present);
	oracle_summary_free(&os);
}

/* A bad "walls" object is an error at its line: the line of the key. */
static void test_load_walls_errors(void **state)
{
	(void)state;
	expect_load_error(WALLS_CFG "\"walls\": 5}]}", ":3: w/c: walls: not an object");
	expect_load_error(WALLS_HEAD "\"runs\": 2}}]}", ":3: w/c: walls: no \"kernel\" string");
	expect_load_error(WALLS_HEAD "\"kernel\": \"k\", \"runs\": 0}}]}",
			  ":3: w/c: walls: \"runs\": expected 1..16");
	expect_load_error(WALLS_HEAD "\"kernel\": \"k\", \"runs\": 2}}]}",
			  ":3: w/c: walls: no \"wall_s\" object");
	expect_load_error(WALLS_HEAD "\"kernel\": \"k\", \"runs\": 3,\n" WALLS_FIGURES "}}]}",
			  ":3: w/c: walls: wall_s: 2 values for 3 runs");
	expect_load_error(WALLS_HEAD "\"kernel\": \"k\", \"runs\": 1, \"wall_s\": "
				     "{\"values\": [\"x\"]}}}]}",
			  ":3: w/c: walls: wall_s: values[0] is not a number");
	expect_load_error(WALLS_HEAD "\"kernel\": \"k\", \"runs\": 2, \"wall_s\": "
				     "{\"values\": [0.2, null]}}}]}",
			  ":3: w/c: walls: wall_s: values[1]: expected seconds >= 0");
	expect_load_error(WALLS_HEAD "\"kernel\": \"k\", \"runs\": 1, \"wall_s\": "
				     "{\"values\": [0.2]}, \"runq_s\": {\"values\": [-0.1]}}}]}",
			  ":3: w/c: walls: runq_s: values[0]: expected seconds >= 0");
	expect_load_error(WALLS_HEAD "\"kernel\": \"k\", \"runs\": 1, \"wall_s\": "
				     "{\"values\": [0.2]}, \"runq_s\": {\"values\": [0.1]}, "
				     "\"on_cpu_s\": {\"values\": [0.1]}, \"wall_less_runq_s\": "
				     "{\"values\": [0.3]}}}]}",
			  ":3: w/c: walls: wall_less_runq_s: values[0] 0.3 above wall_s 0.2");
	/* the second configuration's walls: the line of the second key */
	expect_load_error("{\"configs\": [{\"name\": \"a/b\", \"description\": \"d\", "
			  "\"command\": \"c\", \"scenario\": \"s.ini\", \"runs\": 1, "
			  "\"counters\": [{\"name\": \"wall_s\", \"source\": \"run\", "
			  "\"unit\": \"s\", \"values\": [1]}],\n"
			  "\"walls\": {\"set\": \"s\", \"kernel\": \"k\", \"runs\": 1, "
			  "\"wall_s\": {\"values\": [1]}, \"runq_s\": {\"values\": [0]}, "
			  "\"on_cpu_s\": {\"values\": [1]}, "
			  "\"wall_less_runq_s\": {\"values\": [1]}}},\n"
			  "{\"name\": \"w/c\", \"description\": \"d\", \"command\": \"c\", "
			  "\"scenario\": \"s.ini\", \"runs\": 1, \"counters\": [{\"name\": "
			  "\"wall_s\", \"source\": \"run\", \"unit\": \"s\", \"values\": [1]}],\n"
			  "\n\"walls\"\n: 5}]}",
			  ":5: w/c: walls: not an object");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_summary_complete),
		cmocka_unit_test(test_summary_program_figures),
		cmocka_unit_test(test_summary_kernel_values),
		cmocka_unit_test(test_summary_madvfree),
		cmocka_unit_test(test_summary_grid_values),
		cmocka_unit_test(test_summary_diskstats),
		cmocka_unit_test(test_summary_walls),
		cmocka_unit_test(test_ratio),
		cmocka_unit_test(test_verdict),
		cmocka_unit_test(test_verdict_kinds),
		cmocka_unit_test(test_load_errors),
		cmocka_unit_test(test_load_partial_values),
		cmocka_unit_test(test_load_walls),
		cmocka_unit_test(test_load_walls_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

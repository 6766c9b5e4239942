/* SPDX-License-Identifier: MIT */
/*
 * oracle.h - `reclaimsim oracle`: run every oracle configuration (the
 * real-kernel measurements in data/oracle/) in the simulator and print the
 * kernel's counters beside the simulated ones with their ratio.
 *
 * data/oracle/summary.json is written by tools/extract_oracle_summary.py
 * from shared/oracle/results; docs/oracle.md describes every counter.
 */
#ifndef RECLAIMSIM_ORACLE_H
#define RECLAIMSIM_ORACLE_H

#include <stdbool.h>
#include <stddef.h>

/* Where the summary lives, relative to the repo root (--dir). */
#define ORACLE_SUMMARY_PATH "data/oracle/summary.json"

/* A simulated value within this fraction of the kernel mean is "ok". */
#define ORACLE_TOLERANCE 0.25
/*
 * Counts at or below this on both sides are "small": a handful of faults
 * of the program's own binary, a few file pages; their ratio means nothing.
 */
#define ORACLE_SMALL 20.0

#define ORACLE_MAX_RUNS 16
#define ORACLE_MAX_COUNTERS 32
#define ORACLE_MAX_PASSES 64
#define ORACLE_NAME_LEN 48

/* How a counter is judged (summary.json "compare"). */
enum oracle_compare {
	ORACLE_COUNT, /* +-25%, "small" when both <= 20 */
	ORACLE_EXACT, /* an outcome (oom_kill, exit_signal): equal or not */
	ORACLE_MEASURE, /* a continuous figure (wall_s): +-25%, no "small" */
};

/* The kernel's figure over the runs of one configuration. */
struct oracle_stat {
	unsigned int nr_values; /* runs */
	double values[ORACLE_MAX_RUNS]; /* NAN: the run has no value */
	double min, max, mean; /* over the runs with a value */
};

struct oracle_counter {
	char name[ORACLE_NAME_LEN]; /* e.g. "pgmajfault", "hot_miss_total" */
	char source[16]; /* memcg, vmstat, run, program */
	char unit[16]; /* pages, events, bytes, s, signal */
	enum oracle_compare how;
	bool derived; /* computed here, not in summary.json */
	struct oracle_stat kernel;
};

/*
 * A re-run of the configuration that recorded, besides each run's wall,
 * its runqueue wait (schedstat run_delay: runnable, waiting for a CPU that
 * another load held) and its on-CPU time (summary.json "walls").  The wall
 * gate judges the model's wall against wall less runqueue wait: the model
 * runs its scenario alone, with no foreign load on its CPUs.
 */
struct oracle_walls {
	bool present;
	char set[128]; /* the run set, e.g. data/oracle/results-runq */
	char kernel[64]; /* uname -r of the re-run */
	unsigned int runs;
	struct oracle_stat wall, runq, on_cpu, wall_less_runq; /* seconds */
};

struct oracle_config {
	char name[2 * ORACLE_NAME_LEN]; /* "workload/config" */
	char description[256];
	char command[256]; /* what the kernel runs executed */
	char scenario[256]; /* mirroring scenario, relative to --dir */
	char kernel[64]; /* uname -r of the machine it ran on; "" = the summary's */
	unsigned int runs; /* kernel runs; the model runs as many seeds, 1..runs */
	unsigned int nr_counters;
	struct oracle_counter counters[ORACLE_MAX_COUNTERS];
	/* fileread: the hot-set misses of every pass of every run */
	unsigned int nr_pass_runs, nr_passes[ORACLE_MAX_RUNS];
	double pass_miss[ORACLE_MAX_RUNS][ORACLE_MAX_PASSES];
	struct oracle_walls walls;
};

struct oracle_summary {
	char kernel[64]; /* uname -r of the oracle machine */
	unsigned int nr_configs;
	struct oracle_config *configs;
};

/*
 * oracle_summary_load - parse @path (data/oracle/summary.json).  Besides
 * the file's counters it adds the derived "pgsteal_anon+file" after
 * pgsteal_file.  Returns 0, or -1 with "PATH: what is wrong" in @err
 * ("PATH:LINE: ..." for a bad "walls" object and invalid JSON).
 * Free with oracle_summary_free() either way.
 */
int oracle_summary_load(struct oracle_summary *os, const char *path, char *err, size_t errlen);
void oracle_summary_free(struct oracle_summary *os);

/*
 * oracle_ratio - @sim / @kernel, NAN when @kernel is 0 (no ratio exists).
 */
double oracle_ratio(double kernel, double sim);
/*
 * oracle_verdict - the verdict on a count: "small" when both are <= 20,
 * "DIRECTION" when one is 0 and the other not, "ok" within +-25% of
 * @kernel, "off" otherwise.
 */
const char *oracle_verdict(double kernel, double sim);
/* oracle_verdict_how - as oracle_verdict, for each kind of counter. */
const char *oracle_verdict_how(enum oracle_compare how, double kernel, double sim);

int oracle_main(int argc, char **argv);

#endif

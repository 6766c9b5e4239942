/* SPDX-License-Identifier: MIT */
/*
 * sweep_internal.h - what sweep.c (the grid, the local run, --collect),
 * sweep_run.c (one run, in its child process) and sweep_slurm.c
 * (--print-commands, --slurm) share: the command's state.
 */
#ifndef RECLAIMSIM_SWEEP_INTERNAL_H
#define RECLAIMSIM_SWEEP_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "config/host.h"
#include "config/reader.h"

#define SWEEP_MAX_KEYS 16
#define SWEEP_ERR_LEN (SCN_ERR_LEN + 256)

/*
 * A base scenario of the grid, read once before the points are built
 * (each point starts from a copy): the file parsed, or why it cannot be,
 * which the first point that names it reports.
 */
struct sweep_base {
	struct scenario *s; /* NULL: not read, err says why */
	char err[SWEEP_ERR_LEN];
};

struct grid_key {
	char *name; /* section.key, or "scenario" */
	char **vals; /* as the grid gives them: the line's keys */
	char **paths; /* "scenario": vals relative to the grid's directory */
	struct sweep_base *bases; /* "scenario": paths[i] read */
	int nr;
	int line;
};

struct sweep {
	/* the command line */
	const char *grid_path, *jobs_text, *output, *points_text, *slurm_dir, *collect_dir;
	const char *partition, *time, *mem, *chunk_text;
	const char *traces_dir, *trace_size; /* --traces, --trace-size */
	bool summary, csv, print_commands, no_submit, quiet, help, version;
	unsigned int jobs;
	size_t first, last; /* --points, 0-based, inclusive */

	/* the grid */
	char *dir; /* the grid's directory, for relative scenarios */
	char *scenario; /* [sweep] scenario, resolved; NULL: the built-in */
	int scenario_line;
	struct sweep_base base; /* the scenario, when no "scenario" key varies it */
	char **sets; /* [set], as section.key=value */
	int nr_sets;
	int *set_line;
	struct grid_key keys[SWEEP_MAX_KEYS];
	int nr_keys;
	char **seeds;
	int nr_seeds, seeds_line;
	char **figures; /* patterns; none: every figure */
	int nr_figures, figures_line;
	int cur_line, err_line;
	char err[SWEEP_ERR_LEN];

	size_t nr_points, nr_runs;
	char **lines; /* lines[run]: the run's JSON line, once known */
	bool *skip; /* runs not to run: outside --points, or in --output already */
	const char *in; /* the grid's text still to read, while it is read */
	FILE *out;
	struct scenario *work;
	struct host_allowance allow; /* the host's memory, read once for every point */
};

/* The value index of key @k at point @p. */
int sweep_point_value(const struct sweep *sw, size_t p, int k);
/*
 * sweep_build_run - the scenario of run @r (point r / seeds, the seed
 * r % seeds) in @s, validated; 0, or -1 with "GRID:LINE: ..." in @err
 * (SWEEP_ERR_LEN bytes).
 */
int sweep_build_run(const struct sweep *sw, size_t r, struct scenario *s, char *err);
/* The line's "point", "seed" and "keys" of run @r (a line without its figures). */
cJSON *sweep_line_head(const struct sweep *sw, size_t r);
/*
 * sweep_run_one - in the runner's child: run @r (@arg the sweep), its
 * line to @out, its trace to --traces DIR; 0, or -1 after a message.
 */
int sweep_run_one(size_t r, FILE *out, void *arg);
/*
 * sweep_traces_prepare - before the runs, with --traces DIR: make DIR
 * (one level) and check that every trace's path fits.
 * 0, or -1 after a message.
 */
int sweep_traces_prepare(const struct sweep *sw);
/* --print-commands: one command line per point of --points. */
int sweep_print_commands(const struct sweep *sw);
/* --slurm DIR: the job array script, submitted; the exit status. */
int sweep_slurm(struct sweep *sw);

#endif

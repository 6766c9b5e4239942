/* SPDX-License-Identifier: MIT */
/*
 * sweep_internal.h - what sweep.c (the grid, the local run, --collect) and
 * sweep_slurm.c (--print-commands, --slurm) share: the command's state.
 */
#ifndef RECLAIMSIM_SWEEP_INTERNAL_H
#define RECLAIMSIM_SWEEP_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "config/reader.h"

#define SWEEP_MAX_KEYS 16
#define SWEEP_ERR_LEN (SCN_ERR_LEN + 256)

struct grid_key {
	char *name; /* section.key, or "scenario" */
	char **vals;
	int nr;
	int line;
};

struct sweep {
	/* the command line */
	const char *grid_path, *jobs_text, *output, *points_text, *slurm_dir, *collect_dir;
	const char *partition, *time, *mem, *chunk_text;
	bool summary, csv, print_commands, no_submit, quiet, help, version;
	unsigned int jobs;
	size_t first, last; /* --points, 0-based, inclusive */

	/* the grid */
	char *dir; /* the grid's directory, for relative scenarios */
	char *scenario; /* [sweep] scenario, resolved; NULL: the built-in */
	char **sets; /* [set], as section.key=value */
	int nr_sets;
	int *set_line;
	struct grid_key keys[SWEEP_MAX_KEYS];
	int nr_keys;
	char **seeds;
	int nr_seeds, seeds_line;
	char **figures; /* patterns; none: every figure */
	int nr_figures;
	int cur_line, err_line;
	char err[SWEEP_ERR_LEN];

	size_t nr_points, nr_runs;
	char **lines; /* lines[run]: the run's JSON line, once known */
	bool *skip; /* runs not to run: outside --points, or in --output already */
	FILE *in; /* the grid, while it is read */
	FILE *out;
	struct scenario *work;
};

/*
 * sweep_build_run - the scenario of run @r (point r / seeds, the seed
 * r % seeds) in @s, validated; 0, or -1 with "GRID:LINE: ..." in @err
 * (SWEEP_ERR_LEN bytes).
 */
int sweep_build_run(const struct sweep *sw, size_t r, struct scenario *s, char *err);
/* --print-commands: one command line per point of --points. */
int sweep_print_commands(const struct sweep *sw);
/* --slurm DIR: the job array script, submitted; the exit status. */
int sweep_slurm(struct sweep *sw);

#endif

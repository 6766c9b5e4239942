// SPDX-License-Identifier: MIT
/*
 * sweep_slurm.c - a sweep run by another runner: --print-commands (a
 * command per point, for GNU parallel and the like) and --slurm DIR (a
 * Slurm job array whose tasks write DIR/results/, collected by sweep
 * --collect DIR; docs/sweep.md).
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mm/sim.h"
#include "sweep_internal.h"

/*
 * Slurm's limits per array task, from bench figures (docs/sweep.md):
 * host time ~224 ns per modelled frame per virtual second
 * (bench/results/anon-file-8g.txt, 2026-11-30T13:07: 2.118 s of run for
 * 2,097,152 frames over 4.508 virtual s) and ~52 bytes per frame
 * (the same file: "bytes per frame 52.1"); each doubled as a margin, with
 * floors for the process itself.
 */
#define SLURM_NS_PER_FRAME_VSEC 224
#define SLURM_BYTES_PER_FRAME 52
#define SLURM_MIN_MINUTES 10
#define SLURM_BASE_MIB 256

/* @s quoted for sh when it needs it. */
static void put_quoted(FILE *f, const char *s)
{
	if (*s &&
	    strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+=:,") ==
		    strlen(s)) {
		fputs(s, f);
		return;
	}
	fputc('\'', f);
	for (; *s; s++)
		if (*s == '\'')
			fputs("'\\''", f);
		else
			fputc(*s, f);
	fputc('\'', f);
}

/* This binary and the grid as absolute paths: commands that run elsewhere. */
static int absolute_paths(const struct sweep *sw, char *bin, char *grid)
{
	ssize_t n = readlink("/proc/self/exe", bin, PATH_MAX - 1);

	if (n < 0 || !realpath(sw->grid_path, grid)) {
		fprintf(stderr, "reclaimsim: %s: %s\n", n < 0 ? "/proc/self/exe" : sw->grid_path,
			strerror(errno));
		return -1;
	}
	bin[n] = '\0';
	return 0;
}

int sweep_print_commands(const struct sweep *sw)
{
	char bin[PATH_MAX], grid[PATH_MAX];

	if (absolute_paths(sw, bin, grid))
		return -1;
	for (size_t p = sw->first; p <= sw->last; p++) {
		put_quoted(stdout, bin);
		fputs(" sweep ", stdout);
		put_quoted(stdout, grid);
		printf(" --points %zu --jobs 1 --quiet\n", p + 1);
	}
	return 0;
}

/* The most frames and virtual seconds of any point: Slurm's limits. */
static int slurm_limits(struct sweep *sw, unsigned long *minutes, unsigned long *mib, size_t chunk)
{
	double frames = 0, secs = 0;
	char err[SWEEP_ERR_LEN];

	for (size_t p = sw->first; p <= sw->last; p++) {
		double f;

		if (sweep_build_run(sw, p * (size_t)sw->nr_seeds, sw->work, err)) {
			fprintf(stderr, "reclaimsim: %s\n", err);
			return -1;
		}
		f = (double)sw->work->machine.memory / sw->work->machine.page_size;
		if (f > frames)
			frames = f;
		if ((double)sw->work->run.duration_ns / 1e9 > secs)
			secs = (double)sw->work->run.duration_ns / 1e9;
	}
	*minutes = (unsigned long)ceil(2 * frames * secs * SLURM_NS_PER_FRAME_VSEC / 1e9 *
				       (double)(chunk * (size_t)sw->nr_seeds) / 60);
	if (*minutes < SLURM_MIN_MINUTES)
		*minutes = SLURM_MIN_MINUTES;
	*mib = (unsigned long)ceil(2 * frames * SLURM_BYTES_PER_FRAME / (1 << 20)) + SLURM_BASE_MIB;
	return 0;
}

/* --slurm DIR: DIR/sweep.sbatch, a job array of chunks of points; sbatch it. */
int sweep_slurm(struct sweep *sw)
{
	char bin[PATH_MAX], grid[PATH_MAX], dir[PATH_MAX], *script = NULL, *cmd = NULL;
	size_t chunk = 1, npoints = sw->last - sw->first + 1, ntasks;
	unsigned long minutes, mib;
	FILE *f;
	int rc = -1;

	if (sw->chunk_text) {
		char *end;

		errno = 0;
		chunk = strtoul(sw->chunk_text, &end, 10);
		if (*end || !chunk || errno || !isdigit((unsigned char)sw->chunk_text[0])) {
			fprintf(stderr,
				"reclaimsim: --chunk %s: expected a number of points, 1..\n",
				sw->chunk_text);
			return 2;
		}
	}
	ntasks = (npoints + chunk - 1) / chunk;
	if (absolute_paths(sw, bin, grid) || slurm_limits(sw, &minutes, &mib, chunk))
		return 1;
	for (const char *sub = ""; sub; sub = !*sub		       ? "/results" :
					      !strcmp(sub, "/results") ? "/logs" :
									 NULL) {
		snprintf(dir, sizeof(dir), "%s%s", sw->slurm_dir, sub);
		if (mkdir(dir, 0777) && errno != EEXIST) {
			fprintf(stderr, "reclaimsim: --slurm %s: %s\n", dir, strerror(errno));
			return 1;
		}
	}
	if (!realpath(sw->slurm_dir, dir) || asprintf(&script, "%s/sweep.sbatch", dir) < 0) {
		fprintf(stderr, "reclaimsim: --slurm %s: %s\n", sw->slurm_dir, strerror(errno));
		return 1;
	}
	f = fopen(script, "w");
	if (!f) {
		fprintf(stderr, "reclaimsim: %s: %s\n", script, strerror(errno));
		goto out;
	}
	fprintf(f,
		"#!/bin/sh\n"
		"# reclaimsim sweep --slurm: %zu points of %s, %zu per array task.\n"
		"# Collect: reclaimsim sweep GRID --collect DIR [--summary]\n",
		npoints, grid, chunk);
	fprintf(f, "#SBATCH --job-name=reclaimsim-sweep\n#SBATCH --array=0-%zu\n", ntasks - 1);
	fprintf(f, "#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n");
	if (sw->time)
		fprintf(f, "#SBATCH --time=%s\n", sw->time);
	else
		fprintf(f, "#SBATCH --time=%lu\n", minutes);
	if (sw->mem)
		fprintf(f, "#SBATCH --mem=%s\n", sw->mem);
	else
		fprintf(f, "#SBATCH --mem=%luM\n", mib);
	if (sw->partition)
		fprintf(f, "#SBATCH --partition=%s\n", sw->partition);
	fprintf(f, "#SBATCH --output=%s/logs/%%A_%%a.log\n", dir);
	fprintf(f,
		"set -eu\n"
		"first=$((SLURM_ARRAY_TASK_ID * %zu + %zu))\n"
		"last=$((first + %zu))\n"
		"[ \"$last\" -le %zu ] || last=%zu\n",
		chunk, sw->first + 1, chunk - 1, sw->last + 1, sw->last + 1);
	fputs("exec ", f);
	put_quoted(f, bin);
	fputs(" sweep ", f);
	put_quoted(f, grid);
	fputs(" --points \"$first..$last\" --jobs 1 --quiet --output ", f);
	put_quoted(f, dir);
	fputs("/results/\"task-$SLURM_ARRAY_TASK_ID.jsonl\"\n", f);
	if (fclose(f)) {
		fprintf(stderr, "reclaimsim: %s: %s\n", script, strerror(errno));
		goto out;
	}
	printf("%s: %zu array task%s, %zu point%s each", script, ntasks, ntasks == 1 ? "" : "s",
	       chunk, chunk == 1 ? "" : "s");
	if (sw->time)
		printf(", --time=%s", sw->time);
	else
		printf(", --time=%lu (minutes, derived)", minutes);
	if (sw->mem)
		printf(", --mem=%s", sw->mem);
	else
		printf(", --mem=%luM (derived)", mib);
	printf("%s%s\n", sw->partition ? ", --partition=" : "", sw->partition ? sw->partition : "");
	if (sw->no_submit) {
		rc = 0;
		goto out;
	}
	fflush(stdout);
	if (asprintf(&cmd, "sbatch --parsable '%s'", script) < 0)
		goto out;
	rc = system(cmd);
	if (rc) {
		fprintf(stderr, "reclaimsim: %s: exit status %d\n", cmd,
			WIFEXITED(rc) ? WEXITSTATUS(rc) : rc);
		rc = -1;
		goto out;
	}
	printf("collect: reclaimsim sweep %s --collect %s [--summary]\n", sw->grid_path, dir);
out:
	free(script);
	free(cmd);
	return rc ? 1 : 0;
}

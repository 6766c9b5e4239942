/* SPDX-License-Identifier: MIT */
/*
 * sweep.h - `reclaimsim sweep GRID`: a scenario run over a grid of key
 * values and seeds, in parallel processes or as a Slurm job array; one
 * JSON line per (point, seed), a summary per point (docs/sweep.md).
 */
#ifndef RECLAIMSIM_SWEEP_H
#define RECLAIMSIM_SWEEP_H

#include <stddef.h>

/* The most values one range may give, and the most points of a grid. */
#define SWEEP_MAX_VALUES 10000
#define SWEEP_MAX_POINTS 1000000

/*
 * sweep_values - expand one grid value: a list "a, b, c" (a "..." quoted
 * item may hold commas), or a range "FROM..TO xK" (FROM, FROM*K, ... up to
 * TO) or "FROM..TO +K" (FROM, FROM+K, ...; "FROM..TO" steps by 1).  A
 * range's ends are whole numbers with the same unit suffix ("1G..16G x2":
 * 1G 2G 4G 8G 16G).  Returns the count (*@vals holds that many strings,
 * free with sweep_values_free), or -1 with the reason in @err.
 */
int sweep_values(const char *text, char ***vals, char *err, size_t errlen);
void sweep_values_free(char **vals, int n);

/*
 * sweep_main - the command: @argv[0] is "sweep".  Returns the exit status:
 * 0 done, 1 a run, a file or the grid failed, 2 bad usage, 130 interrupted.
 */
int sweep_main(int argc, char **argv, const char *version);

#endif

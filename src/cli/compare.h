/* SPDX-License-Identifier: MIT */
/*
 * compare.h - `reclaimsim compare`: the same scenario run with two sets of
 * overrides, A and B, N times each with the same seeds, and the figures of
 * both side by side with min/max/avg/std and the change from A to B, the
 * way linux-mm before/after tables show them (docs/compare.md).
 *
 *   reclaimsim compare [SCENARIO] --a key=value[,key=value...]
 *                      --b key=value[,...] [--runs N] [--json] [--set k=v]...
 *
 * The figures are the numbers of a run's JSON object (report_json_object())
 * flattened to "section.name" keys: time.*, vmstat.*, reclaim.*,
 * cgroups.NAME.*, workloads.NAME.*.
 */
#ifndef RECLAIMSIM_COMPARE_H
#define RECLAIMSIM_COMPARE_H

#include <stdbool.h>
#include <stddef.h>

struct cJSON;

#define COMPARE_MAX_RUNS 1000 /* --runs: 1..COMPARE_MAX_RUNS per side */

/* Statistics of one figure over the runs of one side. */
struct compare_stats {
	double mean;
	double std; /* population standard deviation (divided by n) */
	double min, max;
};

/*
 * compare_stats - mean, standard deviation (divided by n, as seed 002's
 * "std" over 3 runs is; 0 when @n is 1), min and max of
 * v[0..n-1].  Sums run in index order, so the result is deterministic.
 * Returns 0, or -EINVAL when @n is 0 or a pointer is NULL.
 */
int compare_stats(const double *v, size_t n, struct compare_stats *st);

/* A run's figures, flattened: names are "section.name", in document order. */
struct compare_figure {
	char *name;
	double value;
};

struct compare_flat {
	size_t n, cap;
	struct compare_figure *fig;
};

/*
 * compare_flatten - append the figures of the run object @run to @out.
 * Nested objects become dotted keys ("time.elapsed_s",
 * "workloads.w.major_faults", "cgroups./.pgfault"); numbers (cJSON numbers
 * and raw items holding a number) are figures; strings, booleans, nulls,
 * arrays (the zones) and members of the top level that are not objects
 * (scenario, seed) are skipped, as are non-finite numbers.  When the
 * "vmstat" object has allocstall_* counters and no "allocstall", their sum
 * is added as "vmstat.allocstall" after the last of them (the single
 * counter of kernels before 4.x that the seeds report).
 * Returns 0, or -ENOMEM (@out then holds what was added so far).
 */
int compare_flatten(const struct cJSON *run, struct compare_flat *out);
/*
 * compare_add_figure - @v as member @name of @o: a whole value as its exact
 * decimal text (cJSON would print 9.22e18), others as a cJSON number.
 */
void compare_add_figure(struct cJSON *o, const char *name, double v);
void compare_flat_free(struct compare_flat *f);

/*
 * compare_incbeta - the regularized incomplete beta function I_x(a, b)
 * (a, b > 0; 0 for x <= 0, 1 for x >= 1).
 */
double compare_incbeta(double a, double b, double x);
/*
 * compare_welch_p - the two-sided p-value of Welch's t-test that a[] and
 * b[] have the same mean (sample variances, Welch-Satterthwaite degrees of
 * freedom, Student's t CDF from compare_incbeta()).  NAN when a side has
 * fewer than 2 values; when both variances are 0, 1 for equal means and 0
 * for different ones.
 */
double compare_welch_p(const double *a, size_t na, const double *b, size_t nb);

/*
 * compare_main - the command: @argv[0] is "compare", the options follow.
 * @version is printed by --version.  Returns the exit status: 0 done,
 * 1 a run or its output failed, 2 bad usage.
 */
int compare_main(int argc, char **argv, const char *version);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * runner.h - many runs, @jobs at a time in child processes, their results
 * taken in order: the parallel runner of sweep and compare.
 *
 * Each run is a fork of this process that calls @run, which writes the
 * run's result (whatever bytes it likes) to a file; the parent hands the
 * results to @done in run order, whatever order the children end in, so
 * the output of N processes is the output of one.  The runs are
 * deterministic (a scenario and a seed), so where they run does not
 * change what they give.
 */
#ifndef RECLAIMSIM_RUNNER_H
#define RECLAIMSIM_RUNNER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct runner {
	size_t nr; /* runs */
	unsigned int jobs; /* at a time, >= 1 */
	/* in the child: run number @i, write its result to @out; 0 or -1 after a message */
	int (*run)(size_t i, FILE *out, void *arg);
	/* in the parent, in run order: run @i's result, @len bytes; 0 or -1 to stop */
	int (*done)(size_t i, const char *buf, size_t len, void *arg);
	void *arg;
};

/* The CPUs of the host: the default of --jobs. */
unsigned int runner_cpus(void);
/*
 * runner_jobs - parse --jobs @text (1..1024) into *@jobs; NULL: the CPU
 * count.  0, or -1 after a message.
 */
int runner_jobs(const char *text, unsigned int *jobs);
/*
 * runner_run - the runs of @r, skipping those @skip marks (NULL: none).
 * Returns 0 when every run ended well and @done took it, 1 when a run
 * failed (its message is on stderr; the runs after it are not taken),
 * PROGRESS_EXIT_INTERRUPTED after SIGINT/SIGTERM (the runs done before it
 * were taken, the others' children are killed).
 */
int runner_run(const struct runner *r, const bool *skip);

#endif

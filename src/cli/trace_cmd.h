/* SPDX-License-Identifier: MIT */
/*
 * trace_cmd.h - the vmscan trace on the command line (docs/trace.md):
 *
 *   reclaimsim run SCENARIO --trace FILE [--trace-size SIZE]
 *                  [--trace-events LIST] [--trace-report]
 *   reclaimsim trace-report FILE                the script's report
 *   reclaimsim trace-report FILE FILE... [--names A,B,...] [--title T]
 *                                               the seed's table, a column a file
 */
#ifndef RECLAIMSIM_TRACE_CMD_H
#define RECLAIMSIM_TRACE_CMD_H

#include <stdbool.h>
#include <stdio.h>

#include "mm/trace_vmscan.h"
#include "report/trace_report.h"

/* The default --trace-size: event lines beyond it are dropped (and said so). */
#define TRACE_SIZE_DEFAULT "256M"

/* run's trace options, as typed. */
struct trace_opts {
	const char *file; /* --trace; NULL with --trace-report: a temporary file */
	const char *size; /* --trace-size; NULL: TRACE_SIZE_DEFAULT */
	const char *events; /* --trace-events; NULL: every event */
	bool report; /* --trace-report: the report after the run's */
};

/* A trace of one run. */
struct trace_run {
	const struct trace_opts *o;
	FILE *f; /* NULL: no trace */
	unsigned int events;
	u64 size_cap;
	struct vmscan_trace tr;
};

/* Any trace option given. */
static inline bool trace_wanted(const struct trace_opts *o)
{
	return o->file || o->size || o->events || o->report;
}

/*
 * trace_run_open - check @o's values and open the trace file, before the
 * run: 0, or -1 after "reclaimsim: --trace-events X: ..." and the like.
 */
int trace_run_open(struct trace_run *tr, const struct trace_opts *o);
/* Start tracing @sim (after sim_create). */
void trace_run_start(struct trace_run *tr, struct sim *sim);
/*
 * trace_run_close - stop tracing @sim (may be NULL: the run was never
 * made) and close the file.  After a run that ended (@ok), say on stderr
 * when the size cap dropped events and, with --trace-report, read the
 * trace back: its report on @out and its summary in *@s (either may be
 * NULL).  0, or -1 after a message (a write error, a bad trace).
 */
int trace_run_close(struct trace_run *tr, struct sim *sim, bool ok, FILE *out,
		    struct trace_summary *s);

/*
 * trace_report_main - the trace-report command, @argv[0] "trace-report";
 * @version for --version.  Returns the exit status: 0 done, 1 a file
 * cannot be read or has a bad line, 2 bad usage.
 */
int trace_report_main(int argc, char **argv, const char *version);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * trace_report.h - `reclaimsim trace-report`: Mel Gorman's
 * trace-vmscan-postprocess.pl (the June 2010 version the seed 003 table
 * came from) over an ftrace text trace of the vmscan events, a real
 * kernel's or reclaimsim's (`run --trace`).  docs/trace.md describes
 * the rows and the script's quirks the report keeps.
 */
#ifndef RECLAIMSIM_TRACE_REPORT_H
#define RECLAIMSIM_TRACE_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct trace_report;

/* The summary rows of the seed's table (June 2010 script, its order). */
struct trace_summary {
	bool have_direct, have_kswapd; /* some process did direct reclaim / kswapd woke */
	unsigned long long direct_reclaims, direct_scanned, direct_sync, direct_async;
	unsigned long long wakeup_kswapd;
	double direct_stall; /* the script's "ms" row: seconds */
	unsigned long long kswapd_wakeups, kswapd_scanned, kswapd_sync, kswapd_async;
	double kswapd_awake; /* seconds */
};

/* An empty report; NULL when out of memory. */
struct trace_report *trace_report_new(void);
void trace_report_free(struct trace_report *r);

/*
 * trace_report_parse - read the trace @f (named @path in messages) into
 * @r.  Comment lines ('#') and blank lines are skipped, and so are events
 * the script does not count.  0, or -1 with "PATH:LINE: what is wrong" in
 * @err: a line that is not "TASK-PID [CPU] [FLAGS] SECS.USECS: EVENT:
 * FIELDS" (SECS.FRACTION: any count of decimals up to 18, read as a
 * decimal fraction), a counted event without a field it needs or with
 * one that is not decimal digits within the kernel's type (order %d,
 * counts %lu), sums over the trace that would pass 2^64 - 1, a line
 * over 4096 bytes or with a NUL byte (not a trace: a binary file), a read
 * error.
 */
int trace_report_parse(struct trace_report *r, FILE *f, const char *path, char *err, size_t errlen);
/* The event lines read into @r so far, counted by the report or not. */
unsigned long trace_report_nr_lines(const struct trace_report *r);

/*
 * trace_report_set_ignore_pid - the script's --ignore-pid: processes of
 * one name are aggregated (aggregate_perprocesspid, quirks kept: see
 * trace_report.c) and the latency lines are not printed.
 */
void trace_report_set_ignore_pid(struct trace_report *r, bool ignore_pid);

/*
 * trace_report_print - the script's output: the reclaim latencies, the
 * direct reclaimers' table, the kswapd table and the summary.  Processes
 * come in name order (the script's came in Perl hash order).
 */
void trace_report_print(FILE *out, const struct trace_report *r);

/* The summary's figures, as trace_report_print computes them. */
void trace_report_summary(const struct trace_report *r, struct trace_summary *s);

/*
 * trace_summary_table - the seed's table: "TITLE FTrace Reclaim
 * Statistics" (@title NULL: no such line), a header of the @n column
 * @names, then each summary row, its label in 39 columns and one 8-wide
 * value per column (times with 2 decimals).
 */
void trace_summary_table(FILE *out, const char *title, const char *const *names,
			 const struct trace_summary *s, unsigned int n);

#endif

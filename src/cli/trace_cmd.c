// SPDX-License-Identifier: MIT
/*
 * trace_cmd.c - run's --trace options and the trace-report command (see
 * trace_cmd.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "mm/sim.h"
#include "report/trace_report.h"
#include "trace_cmd.h"
#include "options.h"

#define TRACE_ERR_LEN 512
#define TRACE_MAX_FILES 16

int trace_run_open(struct trace_run *tr, const struct trace_opts *o)
{
	char err[TRACE_ERR_LEN];
	const char *size = o->size ? o->size : TRACE_SIZE_DEFAULT;

	*tr = (struct trace_run){ .o = o, .events = TRACE_ALL_EVENTS };
	if (!trace_wanted(o))
		return 0;
	if (o->events && vmscan_trace_parse_events(o->events, &tr->events, err, sizeof(err))) {
		fprintf(stderr, "reclaimsim: --trace-events %s\n", err);
		return -1;
	}
	if (parse_size(size, 0, &tr->size_cap, err, sizeof(err))) {
		fprintf(stderr, "reclaimsim: --trace-size %s: %s\n", size, err);
		return -1;
	}
	tr->f = o->file ? fopen(o->file, o->report ? "w+" : "w") : tmpfile();
	if (!tr->f) {
		fprintf(stderr, "reclaimsim: --trace %s: %s\n",
			o->file ? o->file : "(temporary file)", strerror(errno));
		return -1;
	}
	return 0;
}

void trace_run_start(struct trace_run *tr, struct sim *sim)
{
	if (tr->f)
		vmscan_trace_start(sim, &tr->tr, tr->f, tr->events, tr->size_cap);
}

/* The report of the trace just written, on @out and in *@s. */
static int report_run(struct trace_run *tr, const char *name, FILE *out, struct trace_summary *s)
{
	char err[TRACE_ERR_LEN];
	struct trace_report *r = trace_report_new();
	int rc = 0;

	if (!r) {
		fprintf(stderr, "reclaimsim: --trace-report: out of memory\n");
		return -1;
	}
	rewind(tr->f);
	if (trace_report_parse(r, tr->f, name, err, sizeof(err))) {
		fprintf(stderr, "reclaimsim: %s\n", err);
		rc = -1;
	} else {
		if (out)
			trace_report_print(out, r);
		if (s)
			trace_report_summary(r, s);
	}
	trace_report_free(r);
	return rc;
}

int trace_run_close(struct trace_run *tr, struct sim *sim, bool ok, FILE *out,
		    struct trace_summary *s)
{
	const char *name;
	int rc = 0, e;

	if (!tr->f)
		return 0;
	name = tr->o->file ? tr->o->file : "(temporary file)";
	if (sim)
		vmscan_trace_stop(sim);
	if (ok && tr->tr.dropped)
		fprintf(stderr,
			"reclaimsim: --trace %s: cut at the --trace-size cap of %llu bytes: %llu events dropped\n",
			name, (unsigned long long)tr->size_cap, (unsigned long long)tr->tr.dropped);
	errno = 0;
	if (ok && (fflush(tr->f) || ferror(tr->f))) {
		e = errno ? errno : EIO;
		fprintf(stderr, "reclaimsim: --trace %s: %s\n", name, strerror(e));
		rc = -1;
	}
	if (ok && !rc && tr->o->report)
		rc = report_run(tr, name, out, s);
	if (fclose(tr->f) && ok && !rc) {
		fprintf(stderr, "reclaimsim: --trace %s: %s\n", name, strerror(errno));
		rc = -1;
	}
	tr->f = NULL;
	return rc;
}

static void report_usage(FILE *f)
{
	fputs("usage: reclaimsim trace-report FILE [FILE...] [--ignore-pid] [--names A,B,...]\n"
	      "                              [--title TITLE]\n\n"
	      "Read ftrace text traces of the vmscan events (a kernel's\n"
	      "/sys/kernel/debug/tracing/trace, or `reclaimsim run --trace FILE`) as\n"
	      "trace-vmscan-postprocess.pl does.  One FILE: the script's report (reclaim\n"
	      "latencies, direct reclaimers, kswapd instances, summary).  Several: the\n"
	      "summaries side by side, a column a file, as seed 003's table.\n\n"
	      "options:\n"
	      "  --ignore-pid      the script's --ignore-pid: processes of one name as one\n"
	      "  --names A,B,...   the column names (default: the file names)\n"
	      "  --title TITLE     a \"TITLE FTrace Reclaim Statistics\" line above the table\n"
	      "  -h, --help        this help\n"
	      "      --version     print the version\n",
	      f);
}

/* Split @list at commas into @names (at most @max); the count, or -1. */
static int split_names(char *list, const char **names, int max)
{
	int n = 0;

	for (char *s = list;; s++) {
		char *comma = strchr(s, ',');

		if (n == max)
			return -1;
		names[n++] = s;
		if (!comma)
			return n;
		*comma = '\0';
		s = comma;
	}
}

/* Parse @path into @r; 0, or -1 after the message. */
static int read_trace(struct trace_report *r, const char *path)
{
	char err[TRACE_ERR_LEN];
	FILE *f = fopen(path, "r");
	unsigned long before;
	int rc;

	if (!f) {
		fprintf(stderr, "reclaimsim: %s: %s\n", path, strerror(errno));
		return -1;
	}
	before = trace_report_nr_lines(r);
	rc = trace_report_parse(r, f, path, err, sizeof(err));
	fclose(f);
	if (rc)
		fprintf(stderr, "reclaimsim: %s\n", err);
	else if (trace_report_nr_lines(r) == before)
		fprintf(stderr,
			"reclaimsim: %s: no trace events (a run without reclaim writes none): "
			"its figures are 0\n",
			path);
	return rc;
}

int trace_report_main(int argc, char **argv, const char *version)
{
	const char *files[TRACE_MAX_FILES], *names[TRACE_MAX_FILES], *title = NULL;
	char *names_opt = NULL;
	struct trace_summary sums[TRACE_MAX_FILES];
	int nr_files = 0, nr_names = 0, rc = 0;
	bool ignore_pid = false;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *inline_val, **val;
		char name[32];

		opt_split(a, name, sizeof(name), &inline_val);
		if (!strcmp(name, "-h") || !strcmp(name, "--help")) {
			if (opt_no_value(name, a, inline_val))
				return 2;
			report_usage(stdout);
			return 0;
		}
		if (!strcmp(name, "--version")) {
			if (opt_no_value(name, a, inline_val))
				return 2;
			printf("reclaimsim %s\n", version);
			return 0;
		}
		if (!strcmp(name, "--ignore-pid")) {
			if (opt_no_value(name, a, inline_val))
				return 2;
			ignore_pid = true;
			continue;
		}
		if (!strcmp(name, "--names") || !strcmp(name, "--title")) {
			val = !strcmp(name, "--title") ? &title : (const char **)&names_opt;
			if (opt_value(argc, argv, &i, a, inline_val, val))
				return 2;
			continue;
		}
		if (a[0] == '-' && a[1]) {
			fprintf(stderr,
				"reclaimsim: unknown option '%s' (see reclaimsim trace-report --help)\n",
				a);
			return 2;
		}
		if (nr_files == TRACE_MAX_FILES) {
			fprintf(stderr, "reclaimsim: trace-report: at most %d files\n",
				TRACE_MAX_FILES);
			return 2;
		}
		files[nr_files++] = a;
	}
	if (!nr_files) {
		report_usage(stderr);
		return 2;
	}
	if (nr_files == 1 && (names_opt || title)) {
		fprintf(stderr,
			"reclaimsim: trace-report: --names and --title are for several files\n");
		return 2;
	}
	if (names_opt) {
		char *copy = strdup(names_opt);

		if (!copy) {
			fprintf(stderr, "reclaimsim: out of memory\n");
			return 1;
		}
		nr_names = split_names(copy, names, TRACE_MAX_FILES);
		if (nr_names != nr_files) {
			if (nr_names < 0)
				fprintf(stderr,
					"reclaimsim: --names %s: more than %d names for %d files (valid: one name per file, comma-separated)\n",
					names_opt, TRACE_MAX_FILES, nr_files);
			else
				fprintf(stderr,
					"reclaimsim: --names %s: %d name%s for %d files (valid: one name per file, comma-separated)\n",
					names_opt, nr_names, nr_names == 1 ? "" : "s", nr_files);
			free(copy);
			return 2;
		}
		for (int i = 0; i < nr_names; i++) {
			if (!*names[i]) {
				fprintf(stderr,
					"reclaimsim: --names %s: name %d is empty (valid: one name per file, comma-separated)\n",
					names_opt, i + 1);
				free(copy);
				return 2;
			}
		}
		names_opt = copy;
	} else {
		for (int i = 0; i < nr_files; i++)
			names[i] = files[i];
	}
	for (int i = 0; i < nr_files && !rc; i++) {
		struct trace_report *r = trace_report_new();

		if (!r) {
			fprintf(stderr, "reclaimsim: out of memory\n");
			rc = 1;
			break;
		}
		trace_report_set_ignore_pid(r, ignore_pid);
		if (read_trace(r, files[i]))
			rc = 1;
		else if (nr_files == 1)
			trace_report_print(stdout, r);
		else
			trace_report_summary(r, &sums[i]);
		trace_report_free(r);
	}
	if (!rc && nr_files > 1)
		trace_summary_table(stdout, title, names, sums, (unsigned int)nr_files);
	free(names_opt);
	return rc;
}

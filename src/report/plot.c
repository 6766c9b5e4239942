// SPDX-License-Identifier: MIT
/*
 * plot.c - the time series as a picture, drawn by gnuplot: free pages
 * against the min/low/high watermarks, the scan and steal rates, and the
 * number of tasks in direct reclaim.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report.h"
#include "../sim/sim.h"

int report_plot(const struct sim *sim, const char *png, char *err, size_t errlen)
{
	char csv[] = "/tmp/reclaimsim-plot-XXXXXX";
	int fd = mkstemp(csv);
	FILE *f, *gp;
	int rc;

	if (fd < 0) {
		snprintf(err, errlen, "cannot create a temporary file: %s", strerror(errno));
		return -1;
	}
	f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		unlink(csv);
		snprintf(err, errlen, "cannot write a temporary file: %s", strerror(errno));
		return -1;
	}
	report_timeseries_csv(f, sim);
	fclose(f);
	gp = popen("gnuplot", "w");
	if (!gp) {
		unlink(csv);
		snprintf(err, errlen, "cannot run gnuplot: %s", strerror(errno));
		return -1;
	}
	/* rates are differences of the cumulative counters between samples */
	fprintf(gp,
		"set terminal pngcairo size 1000,900\n"
		"set output '%s'\n"
		"set datafile separator ','\n"
		"set key autotitle columnhead outside right\n"
		"set yrange [0:1<*]\n"
		"set multiplot layout 3,1 title '%s (seed %llu)'\n"
		"set ylabel 'pages'\n"
		"plot '%s' using 1:2 with lines, '' using 1:3 with lines, "
		"'' using 1:4 with lines, '' using 1:5 with lines\n"
		"set ylabel 'pages/s'\n"
		"prev_t=0; ps=0; pt=0\n"
		"plot '%s' using 1:(dt=$1-prev_t, r=(dt>0 ? ($6-ps)/dt : 0), ps=$6, prev_t=$1, r) "
		"with lines title 'pgscan/s', "
		"'' using 1:(dt=$1-pt, r=(dt>0 ? ($7-ps)/dt : 0), ps=$7, pt=$1, r) "
		"with lines title 'pgsteal/s'\n"
		"set ylabel 'tasks'\nset xlabel 'time (s)'\n"
		"plot '%s' using 1:8 with steps title 'in direct reclaim'\n"
		"unset multiplot\n",
		png, sim->scn.path, (unsigned long long)sim->scn.run.seed, csv, csv, csv);
	rc = pclose(gp);
	unlink(csv);
	if (rc) {
		snprintf(err, errlen, "gnuplot failed (status %d) writing %s", rc, png);
		return -1;
	}
	return 0;
}

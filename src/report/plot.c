// SPDX-License-Identifier: MIT
/*
 * plot.c - the time series as a picture, drawn by gnuplot: free pages
 * against the min/low/high watermarks, the scan and steal rates, and the
 * number of tasks in direct reclaim.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "report.h"
#include "../mm/sim.h"

/* @s as a gnuplot single-quoted string body: '' stands for one quote. */
static void put_quoted(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '\'')
			fputc('\'', f);
		if (*s != '\n')
			fputc(*s, f);
	}
}

/* The first @len - 1 bytes of the file @path into @buf ("" if unreadable). */
static void read_text(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n = 0;

	if (f) {
		n = fread(buf, 1, len - 1, f);
		fclose(f);
	}
	buf[n] = '\0';
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
}

bool plot_gnuplot_found(void)
{
	const char *path = getenv("PATH");
	char file[4096];

	while (path && *path) {
		size_t n = strcspn(path, ":");

		snprintf(file, sizeof(file), "%.*s/gnuplot", (int)n, n ? path : ".");
		if (!access(file, X_OK))
			return true;
		path += n + (path[n] == ':');
	}
	return false;
}

/* The name of a new temporary file beside @path ("DIR/.NAME.XXXXXX"), created empty. */
static int temp_beside(const char *path, char *tmp, size_t len)
{
	const char *slash = strrchr(path, '/');
	int fd;

	if (slash)
		snprintf(tmp, len, "%.*s/.%s.XXXXXX", (int)(slash - path), path, slash + 1);
	else
		snprintf(tmp, len, ".%s.XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

/*
 * report_plot - gnuplot runs with its stdout on /dev/null (a picture must
 * never reach ours) and its stderr in a temporary file, shown only when it
 * fails: a successful plot prints nothing, not even "empty y range"
 * warnings.  SIGPIPE is ignored while gnuplot reads its script: a gnuplot
 * that could not start makes the writes fail, not the process die.
 */
int report_plot(const struct sim *sim, const char *path, const char *terminal, char *err,
		size_t errlen)
{
	char csv[] = "/tmp/reclaimsim-plot-XXXXXX";
	char log[] = "/tmp/reclaimsim-gnuplot-XXXXXX";
	char out[4200];
	char cmd[sizeof(log) + 64];
	int fd, lfd;
	FILE *f, *gp;
	struct sigaction ign = { .sa_handler = SIG_IGN }, old;
	int rc;

	if (!plot_gnuplot_found()) {
		snprintf(err, errlen, "gnuplot is not installed (no gnuplot on $PATH): nothing written");
		return -1;
	}
	fd = mkstemp(csv);
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
	if (fflush(f) || ferror(f)) {
		snprintf(err, errlen, "cannot write a temporary file: %s", strerror(errno));
		fclose(f);
		unlink(csv);
		return -1;
	}
	fclose(f);
	lfd = mkstemp(log);
	if (lfd < 0) {
		unlink(csv);
		snprintf(err, errlen, "cannot create a temporary file: %s", strerror(errno));
		return -1;
	}
	close(lfd);
	if (temp_beside(path, out, sizeof(out))) {
		snprintf(err, errlen, "cannot create a file beside it: %s", strerror(errno));
		unlink(csv);
		unlink(log);
		return -1;
	}
	snprintf(cmd, sizeof(cmd), "exec gnuplot >/dev/null 2>'%s'", log);
	fflush(stdout); /* nothing of ours may be written twice by the child */
	sigaction(SIGPIPE, &ign, &old);
	gp = popen(cmd, "w");
	if (!gp) {
		sigaction(SIGPIPE, &old, NULL);
		unlink(csv);
		unlink(log);
		unlink(out);
		snprintf(err, errlen, "cannot run gnuplot: %s", strerror(errno));
		return -1;
	}
	fprintf(gp, "set terminal %s size %s\nset output '", terminal,
		strcmp(terminal, "pdfcairo") ? "1000,900" : "10in,9in");
	put_quoted(gp, out);
	fputs("'\n", gp);
	/* rates are differences of the cumulative counters between samples */
	fputs("set datafile separator ','\n"
	      "set key autotitle columnhead outside right\n"
	      "set yrange [0:1<*]\n"
	      "set multiplot layout 3,1 title '",
	      gp);
	put_quoted(gp, sim->scn.path);
	fprintf(gp, " (seed %llu)'\n", (unsigned long long)sim->scn.run.seed);
	fprintf(gp,
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
		csv, csv, csv);
	rc = pclose(gp);
	sigaction(SIGPIPE, &old, NULL);
	unlink(csv);
	if (!rc && rename(out, path)) {
		snprintf(err, errlen, "cannot rename %s to it: %s", out, strerror(errno));
		unlink(out);
		unlink(log);
		return -1;
	}
	if (rc) {
		unlink(out);
		int w = snprintf(err, errlen, "gnuplot failed (%s %d) writing %s",
				 rc == -1      ? "error" :
				 WIFEXITED(rc) ? "exit status" :
						 "signal",
				 rc == -1      ? errno :
				 WIFEXITED(rc) ? WEXITSTATUS(rc) :
						 WTERMSIG(rc),
				 path);

		if (rc != -1 && WIFEXITED(rc) && WEXITSTATUS(rc) == 127)
			w += snprintf(err + w, errlen - (size_t)w, " (is gnuplot installed?)");
		if (w > 0 && (size_t)w + 2 < errlen) {
			err[w++] = ':';
			err[w++] = '\n';
			read_text(log, err + w, errlen - (size_t)w);
			if (!err[w])
				err[w - 2] = '\0';
		}
		unlink(log);
		return -1;
	}
	unlink(log);
	return 0;
}

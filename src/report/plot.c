// SPDX-License-Identifier: MIT
/*
 * plot.c - the time series as a picture, drawn by gnuplot: panels stacked
 * on one time axis, each drawn only when the run has something in it:
 * free pages against the min/low/high watermarks (always), the scan and
 * steal rates of kswapd and of direct reclaim, the tasks in direct
 * reclaim, in memcg limit reclaim and asleep in reclaim_throttle, swap
 * and writeback, and high-order allocation (compaction stalls and
 * successes, failures).  [at] writes are marked on every panel.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
	mode_t mask;
	int fd;

	if (slash)
		snprintf(tmp, len, "%.*s/.%s.XXXXXX", (int)(slash - path), path, slash + 1);
	else
		snprintf(tmp, len, ".%s.XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0)
		return -1;
	/* mkstemp's 0600: the picture gets the mode a new file would (0666 & ~umask) */
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask)) {
		close(fd);
		unlink(tmp);
		return -1;
	}
	close(fd);
	return 0;
}

/* The plot's data: time, the levels, and per-second rates of the counters. */
enum {
	C_T = 1,
	C_FREE,
	C_MIN,
	C_LOW,
	C_HIGH,
	C_SCAN_K,
	C_SCAN_D,
	C_STEAL_K,
	C_STEAL_D,
	C_IN_DIRECT,
	C_IN_MEMCG,
	C_THROTTLED,
	C_SWAP,
	C_DIRTY,
	C_WRITEBACK,
	C_COMPACT_STALL,
	C_COMPACT_SUCCESS,
	C_HIGHORDER_FAILED,
	NR_COLUMNS
};

/* (@b - @a) per second of @dt_ns (0 when no time passed) */
static double rate(u64 a, u64 b, u64 dt_ns)
{
	return dt_ns ? (double)(b - a) * 1e9 / (double)dt_ns : 0;
}

/* What the panels show: which have something, the watermarks' top. */
struct plot_has {
	bool scan, tasks, swap_wb, highorder;
	u64 high_max;
};

static void write_plot_data(FILE *f, const struct sim *sim, struct plot_has *has)
{
	*has = (struct plot_has){ 0 };
	for (size_t i = 0; i < sim->nr_samples; i++) {
		const struct sample *s = &sim->samples[i], *p = i ? s - 1 : s;
		u64 dt = s->t_ns - p->t_ns;

		has->scan |= s->pgscan != 0;
		has->tasks |= s->reclaimers || s->throttled;
		has->swap_wb |= s->swap_used || s->dirty || s->writeback;
		has->highorder |= s->compact_stall || s->highorder_failed;
		if (s->high > has->high_max)
			has->high_max = s->high;
		fprintf(f, "%.9f %llu %llu %llu %llu", (double)s->t_ns / 1e9,
			(unsigned long long)s->free, (unsigned long long)s->min,
			(unsigned long long)s->low, (unsigned long long)s->high);
		fprintf(f, " %.3f %.3f %.3f %.3f", rate(p->pgscan_kswapd, s->pgscan_kswapd, dt),
			rate(p->pgscan_direct, s->pgscan_direct, dt),
			rate(p->pgsteal_kswapd, s->pgsteal_kswapd, dt),
			rate(p->pgsteal_direct, s->pgsteal_direct, dt));
		fprintf(f, " %u %u %u %llu %llu %llu", s->in_direct, s->in_memcg, s->throttled,
			(unsigned long long)s->swap_used, (unsigned long long)s->dirty,
			(unsigned long long)s->writeback);
		fprintf(f, " %.3f %.3f %.3f\n", rate(p->compact_stall, s->compact_stall, dt),
			rate(p->compact_success, s->compact_success, dt),
			rate(p->highorder_failed, s->highorder_failed, dt));
	}
}

/*
 * One panel: its label, then "plot" with @series (a gnuplot plot list);
 * *@left counts the panels still to draw.
 */
static void panel(FILE *gp, unsigned int *left, const char *ylabel, const char *yrange,
		  const char *series, const char *data)
{
	/* the time axis is labelled once, under the last panel */
	if (!--*left)
		fputs("set xlabel 'time (s)'\n", gp);
	fprintf(gp, "set ylabel '%s'\nset yrange %s\nplot ", ylabel, yrange);
	/* every "D" in @series is the data file */
	for (const char *c = series; *c; c++) {
		if (*c == 'D') {
			fprintf(gp, "'%s'", data);
		} else {
			fputc(*c, gp);
		}
	}
	fputc('\n', gp);
}

/*
 * The gnuplot script: the panels of @has stacked with one left and right
 * margin and one x range, so that their time axes line up; the [at]
 * writes as dotted vertical lines on each.
 */
static void plot_script(FILE *gp, const struct sim *sim, const struct plot_has *has,
			const char *data)
{
	unsigned int n = 1 + has->scan + has->tasks + has->swap_wb + has->highorder;
	double end = sim->nr_samples ? (double)sim->samples[sim->nr_samples - 1].t_ns / 1e9 : 0;
	char yr[64];

	fputs("set key outside right top\n"
	      "set lmargin at screen 0.09\nset rmargin at screen 0.72\n"
	      "set grid xtics ytics lc rgb '#dddddd'\n"
	      "set style line 1 lc rgb '#1f77b4' lw 2\n"
	      "set style line 2 lc rgb '#d62728' lw 1.5 dt 2\n"
	      "set style line 3 lc rgb '#ff7f0e' lw 1.5 dt 4\n"
	      "set style line 4 lc rgb '#2ca02c' lw 1.5 dt 5\n"
	      "set style line 5 lc rgb '#9467bd' lw 1.5\n"
	      "set style line 6 lc rgb '#8c564b' lw 1.5\n",
	      gp);
	fprintf(gp, "set xrange [0:%.9f]\n", end > 0 ? end : 1);
	for (unsigned int i = 0; i < sim->scn.nr_actions; i++)
		fprintf(gp,
			"set arrow from %.9f, graph 0 to %.9f, graph 1 nohead lc rgb '#555555' dt 3\n",
			(double)sim->scn.actions[i].time_ns / 1e9,
			(double)sim->scn.actions[i].time_ns / 1e9);
	fprintf(gp, "set multiplot layout %u,1 title '", n);
	put_quoted(gp, sim->scn.path);
	fprintf(gp, " (seed %llu)%s'\n", (unsigned long long)sim->scn.run.seed,
		sim->scn.nr_actions ? ", dotted: [at] writes" : "");
	/* the watermarks' region: free above 4 x high is clipped */
	snprintf(yr, sizeof(yr), "[0:%llu]",
		 (unsigned long long)(has->high_max ? 4 * has->high_max : 1));
	panel(gp, &n, "pages", yr,
	      "D using 1:2 with lines ls 1 title 'free', '' using 1:5 with lines ls 4 title 'high', "
	      "'' using 1:4 with lines ls 3 title 'low', '' using 1:3 with lines ls 2 title 'min'",
	      data);
	if (has->scan)
		panel(gp, &n, "pages/s", "[0:*]",
		      "D using 1:6 with lines ls 1 title 'scan kswapd', "
		      "'' using 1:8 with lines ls 1 dt 2 title 'steal kswapd', "
		      "'' using 1:7 with lines ls 2 dt 1 title 'scan direct+memcg', "
		      "'' using 1:9 with lines ls 2 dt 2 title 'steal direct+memcg'",
		      data);
	if (has->tasks)
		panel(gp, &n, "tasks", "[0:*]",
		      "D using 1:10 with steps ls 2 dt 1 title 'in direct reclaim', "
		      "'' using 1:11 with steps ls 5 title 'in memcg reclaim', "
		      "'' using 1:12 with steps ls 3 dt 1 title 'throttled'",
		      data);
	if (has->swap_wb)
		panel(gp, &n, "pages", "[0:*]",
		      "D using 1:13 with lines ls 5 title 'swap used', "
		      "'' using 1:14 with lines ls 6 title 'dirty', "
		      "'' using 1:15 with lines ls 3 dt 1 title 'writeback'",
		      data);
	if (has->highorder)
		panel(gp, &n, "events/s", "[0:*]",
		      "D using 1:16 with lines ls 5 title 'compact stall', "
		      "'' using 1:17 with lines ls 4 dt 1 title 'compact success', "
		      "'' using 1:18 with lines ls 2 dt 1 title 'order>0 failed'",
		      data);
	fputs("unset multiplot\n", gp);
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
	struct plot_has has;
	unsigned int panels;
	int rc;

	if (!plot_gnuplot_found()) {
		snprintf(err, errlen,
			 "gnuplot is not installed (no gnuplot on $PATH): nothing written");
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
	write_plot_data(f, sim, &has);
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
	/* 230 pixels (2.3 inches) a panel, and the title's */
	panels = 1 + has.scan + has.tasks + has.swap_wb + has.highorder;
	if (strcmp(terminal, "pdfcairo"))
		fprintf(gp, "set terminal %s size 1100,%u\nset output '", terminal,
			230 * panels + 60);
	else
		fprintf(gp, "set terminal %s size 11in,%.1fin\nset output '", terminal,
			2.3 * panels + 0.6);
	put_quoted(gp, out);
	fputs("'\n", gp);
	plot_script(gp, sim, &has, csv);
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

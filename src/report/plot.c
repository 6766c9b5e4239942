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
#include "../mm/page_alloc.h"

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
	C_PSI_SOME,
	C_PSI_FULL,
	C_CG, /* SAMPLE_CGROUPS x (usage, min, low, high, max) */
	C_ZONE = C_CG + 5 * SAMPLE_CGROUPS, /* SAMPLE_ZONES x (free, min, low) / high */
	NR_COLUMNS = C_ZONE + 3 * SAMPLE_ZONES
};

/* (@b - @a) per second of @dt_ns (0 when no time passed) */
static double rate(u64 a, u64 b, u64 dt_ns)
{
	return dt_ns ? (double)(b - a) * 1e9 / (double)dt_ns : 0;
}

/* What the panels show: which have something, the watermarks' top, the groups. */
struct plot_has {
	bool scan, tasks, swap_wb, highorder, psi;
	unsigned int nr_cg, nr_zone;
	u64 high_max;
};

/* @v / @high, NaN when the zone has no high watermark */
static void put_ratio(FILE *f, u64 v, u64 high)
{
	if (high)
		fprintf(f, " %.4f", (double)v / (double)high);
	else
		fputs(" NaN", f);
}

/* A group's limit: NaN (a gap in the line) when it has none. */
static void put_limit(FILE *f, u64 v, u64 none)
{
	if (v == none)
		fputs(" NaN", f);
	else
		fprintf(f, " %llu", (unsigned long long)v);
}

/*
 * The data file: a header of "#" lines (gnuplot skips them) saying what
 * the panels have, the groups' names and the [at] times, so that the
 * file alone draws the plot (compare draws several); then a row a sample.
 */
static void write_plot_data(FILE *f, const struct sim *sim)
{
	struct plot_has has = { .nr_cg = sim->nr_sample_cg };
	char zone[SAMPLE_ZONES][32];

	for (size_t i = 0; i < sim->nr_samples; i++) {
		const struct sample *s = &sim->samples[i];

		has.scan |= s->pgscan != 0;
		has.tasks |= s->reclaimers || s->throttled;
		has.swap_wb |= s->swap_used || s->dirty || s->writeback;
		has.highorder |= s->compact_stall || s->highorder_failed;
		has.psi |= s->psi_some_ns != 0;
		if (s->high > has.high_max)
			has.high_max = s->high;
	}
	/* the zones take_sample() keeps, in its order */
	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		for (int z = 0; z < MAX_NR_ZONES; z++)
			if (populated_zone(&sim->nodes[n].node_zones[z]) &&
			    has.nr_zone < SAMPLE_ZONES)
				snprintf(zone[has.nr_zone++], sizeof(zone[0]), "node%u %s", n,
					 zone_names[z]);
	fprintf(f, "#has %d %d %d %d %d %u %u %llu\n", has.scan, has.tasks, has.swap_wb,
		has.highorder, has.psi, has.nr_cg, has.nr_zone, (unsigned long long)has.high_max);
	for (unsigned int k = 0; k < sim->nr_sample_cg; k++)
		fprintf(f, "#cg %s\n", sim->memcgs[sim->sample_cg[k]]->name);
	for (unsigned int k = 0; k < has.nr_zone; k++)
		fprintf(f, "#zone %s\n", zone[k]);
	for (unsigned int i = 0; i < sim->scn.nr_actions; i++)
		fprintf(f, "#at %.9f\n", (double)sim->scn.actions[i].time_ns / 1e9);
	for (size_t i = 0; i < sim->nr_samples; i++) {
		const struct sample *s = &sim->samples[i], *p = i ? s - 1 : s;
		u64 dt = s->t_ns - p->t_ns;

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
		fprintf(f, " %.3f %.3f %.3f", rate(p->compact_stall, s->compact_stall, dt),
			rate(p->compact_success, s->compact_success, dt),
			rate(p->highorder_failed, s->highorder_failed, dt));
		/* the share of the interval stalled, in %: (ns per s) / 1e7 */
		fprintf(f, " %.3f %.3f", rate(p->psi_some_ns, s->psi_some_ns, dt) / 1e7,
			rate(p->psi_full_ns, s->psi_full_ns, dt) / 1e7);
		for (unsigned int k = 0; k < SAMPLE_CGROUPS; k++) {
			const struct sample_cg *c = &s->cg[k];

			if (k >= sim->nr_sample_cg) {
				fputs(" NaN NaN NaN NaN NaN", f);
				continue;
			}
			fprintf(f, " %llu", (unsigned long long)c->usage);
			put_limit(f, c->min, 0);
			put_limit(f, c->low, 0);
			put_limit(f, c->high, U64_MAX);
			put_limit(f, c->max, U64_MAX);
		}
		for (unsigned int k = 0; k < SAMPLE_ZONES; k++) {
			const struct sample_zone *z = &s->zone[k];

			put_ratio(f, z->free, z->high);
			put_ratio(f, z->min, z->high);
			put_ratio(f, z->low, z->high);
		}
		fputc('\n', f);
	}
}

int report_plot_data(const struct sim *sim, const char *path)
{
	FILE *f = fopen(path, "w");
	int rc;

	if (!f)
		return -1;
	write_plot_data(f, sim);
	rc = fflush(f) || ferror(f) ? -1 : 0;
	if (fclose(f))
		rc = -1;
	return rc;
}

/* The plot's inputs: a data file per side, its name (NULL for a lone run). */
struct plot_in {
	const char *const *data, *const *names;
	unsigned int n;
	char cg[SAMPLE_CGROUPS][128]; /* the first file's group names */
	char zone[SAMPLE_ZONES][32]; /* and zone names */
	struct plot_has has; /* the union over the files */
	double end;
};

/* The header of each data file and its last time: @in->has, cg, end. */
static int read_headers(struct plot_in *in, FILE *gp)
{
	char line[512];

	in->has = (struct plot_has){ 0 };
	for (unsigned int i = 0; i < in->n; i++) {
		FILE *f = fopen(in->data[i], "r");
		unsigned int cg = 0, zone = 0;

		if (!f)
			return -1;
		while (fgets(line, sizeof(line), f)) {
			int a, b, c, d, e;
			unsigned int nr, nz;
			unsigned long long hm;
			double t;

			if (sscanf(line, "#has %d %d %d %d %d %u %u %llu", &a, &b, &c, &d, &e, &nr,
				   &nz, &hm) == 8) {
				in->has.scan |= a;
				in->has.tasks |= b;
				in->has.swap_wb |= c;
				in->has.highorder |= d;
				in->has.psi |= e;
				if (nr > in->has.nr_cg)
					in->has.nr_cg = nr;
				if (nz > in->has.nr_zone)
					in->has.nr_zone = nz;
				if (hm > in->has.high_max)
					in->has.high_max = hm;
			} else if (!strncmp(line, "#cg ", 4)) {
				if (!i && cg < SAMPLE_CGROUPS)
					snprintf(in->cg[cg], sizeof(in->cg[cg]), "%.*s",
						 (int)strcspn(line + 4, "\n"), line + 4);
				cg++;
			} else if (!strncmp(line, "#zone ", 6)) {
				if (!i && zone < SAMPLE_ZONES)
					snprintf(in->zone[zone], sizeof(in->zone[zone]), "%.*s",
						 (int)strcspn(line + 6, "\n"), line + 6);
				zone++;
			} else if (sscanf(line, "#at %lf", &t) == 1) {
				/* the [at] writes: a dotted vertical line on every panel */
				fprintf(gp,
					"set arrow from %.9f, graph 0 to %.9f, graph 1 nohead lc rgb '#555555' dt 3\n",
					t, t);
			} else if (line[0] != '#' && sscanf(line, "%lf", &t) == 1 && t > in->end) {
				in->end = t;
			}
		}
		fclose(f);
	}
	return 0;
}

/* One line of a panel: its column, how drawn alone, its dashes beside other sides. */
struct series {
	unsigned int col;
	const char *alone; /* "with lines ls 1", a lone run's style */
	unsigned int dt; /* its dash type when the sides have the colours */
	const char *title;
};

/* A side's colour when several are drawn (the first is a lone run's free pages'). */
static const char *const side_colour[] = { "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
					   "#9467bd", "#8c564b", "#e377c2", "#17becf" };

/*
 * One panel: its label, then "plot" with @nr @series of every data file;
 * *@left counts the panels still to draw.  A lone run's lines have their
 * own colours; several sides' have the side's colour, the series its
 * dashes, the side's name before the title.  @prefix goes before each
 * title (a group's name).
 */
static void panel(FILE *gp, const struct plot_in *in, unsigned int *left, const char *ylabel,
		  const char *yrange, const struct series *series, unsigned int nr,
		  const char *prefix)
{
	const char *sep = "";

	/* the time axis is labelled once, under the last panel */
	if (!--*left)
		fputs("set xlabel 'time (s)'\n", gp);
	fprintf(gp, "set ylabel '%s'\nset yrange %s\nplot ", ylabel, yrange);
	for (unsigned int i = 0; i < in->n; i++) {
		for (unsigned int k = 0; k < nr; k++) {
			const struct series *s = &series[k];

			fprintf(gp, "%s'", sep);
			put_quoted(gp, in->data[i]);
			fprintf(gp, "' using 1:%u ", s->col);
			if (in->n == 1)
				fprintf(gp, "%s title '", s->alone);
			else
				fprintf(gp, "with %s lc rgb '%s' lw 1.5 dt %u title '",
					strstr(s->alone, "steps") ? "steps" : "lines",
					side_colour[i %
						    (sizeof(side_colour) / sizeof(*side_colour))],
					s->dt);
			if (in->n > 1) {
				put_quoted(gp, in->names[i]);
				fputc(' ', gp);
			}
			if (prefix) {
				put_quoted(gp, prefix);
				fputc(' ', gp);
			}
			fprintf(gp, "%s'", s->title);
			sep = ", ";
		}
	}
	fputc('\n', gp);
}

/*
 * Each zone's free pages against its own watermarks, on one scale: all
 * divided by the zone's high watermark (high is 1); free above 4 x high
 * is clipped.  A zone's lines in its colour; beside other sides, free only.
 */
static void zone_panel(FILE *gp, const struct plot_in *in, unsigned int *left)
{
	static const char *const colour[SAMPLE_ZONES] = { "#17becf", "#e377c2", "#7f7f7f",
							  "#bcbd22" };
	static const char *const what[] = { "free", "min", "low" };
	static const unsigned int dt[] = { 1, 2, 4 };

	if (!--*left)
		fputs("set xlabel 'time (s)'\n", gp);
	fputs("set ylabel 'zone free / high'\nset yrange [0:4]\n"
	      "plot 1 with lines lc rgb 'black' dt 5 title 'each zone''s high'",
	      gp);
	for (unsigned int i = 0; i < in->n; i++)
		for (unsigned int k = 0; k < in->has.nr_zone; k++)
			for (unsigned int l = 0; l < (in->n > 1 ? 1 : 3); l++) {
				fputs(", '", gp);
				put_quoted(gp, in->data[i]);
				fprintf(gp,
					"' using 1:%u with lines lc rgb '%s' lw %s dt %u title '",
					C_ZONE + 3 * k + l,
					in->n > 1 ? side_colour[i % 8] : colour[k], l ? "1.5" : "2",
					in->n > 1 ? 1 + k : dt[l]);
				if (in->n > 1) {
					put_quoted(gp, in->names[i]);
					fputc(' ', gp);
				}
				put_quoted(gp, in->zone[k]);
				fprintf(gp, " %s'", what[l]);
			}
	fputc('\n', gp);
}

static unsigned int nr_panels(const struct plot_has *has)
{
	return 1 + (has->nr_zone > 1) + has->scan + has->tasks + has->swap_wb + has->highorder +
	       has->psi + (has->nr_cg != 0);
}

/*
 * The gnuplot script: the panels of @in->has stacked with one left and
 * right margin and one x range, so that their time axes line up.
 */
static void plot_script(FILE *gp, const struct plot_in *in, const char *title)
{
	static const struct series wmark[] = {
		{ C_FREE, "with lines ls 1", 1, "free" },
		{ C_HIGH, "with lines ls 4", 5, "high" },
		{ C_LOW, "with lines ls 3", 4, "low" },
		{ C_MIN, "with lines ls 2", 2, "min" },
	};
	static const struct series scan[] = {
		{ C_SCAN_K, "with lines ls 1", 1, "scan kswapd" },
		{ C_STEAL_K, "with lines ls 1 dt 2", 2, "steal kswapd" },
		{ C_SCAN_D, "with lines ls 2 dt 1", 4, "scan direct+memcg" },
		{ C_STEAL_D, "with lines ls 2 dt 2", 5, "steal direct+memcg" },
	};
	static const struct series tasks[] = {
		{ C_IN_DIRECT, "with steps ls 2 dt 1", 1, "in direct reclaim" },
		{ C_IN_MEMCG, "with steps ls 5", 2, "in memcg reclaim" },
		{ C_THROTTLED, "with steps ls 3 dt 1", 4, "throttled" },
	};
	static const struct series swap_wb[] = {
		{ C_SWAP, "with lines ls 5", 1, "swap used" },
		{ C_DIRTY, "with lines ls 6", 2, "dirty" },
		{ C_WRITEBACK, "with lines ls 3 dt 1", 4, "writeback" },
	};
	static const struct series highorder[] = {
		{ C_COMPACT_STALL, "with lines ls 5", 1, "compact stall" },
		{ C_COMPACT_SUCCESS, "with lines ls 4 dt 1", 2, "compact success" },
		{ C_HIGHORDER_FAILED, "with lines ls 2 dt 1", 4, "order>0 failed" },
	};
	static const struct series psi[] = {
		{ C_PSI_SOME, "with steps ls 3 dt 1", 1, "memory some" },
		{ C_PSI_FULL, "with steps ls 2 dt 1", 2, "memory full" },
	};
	/*
	 * a group's usage in its colour, its limits in the watermarks' (min
	 * red, low orange, high green) and max black, dashed as the group;
	 * beside other sides, usage, high and max only
	 */
	static const char *const cg_style[SAMPLE_CGROUPS][5] = {
		{ "ls 7 lw 2", "ls 2 dt 2", "ls 3 dt 2", "ls 4 dt 2", "lc rgb 'black' dt 2" },
		{ "ls 8 lw 2", "ls 2 dt 3", "ls 3 dt 3", "ls 4 dt 3", "lc rgb 'black' dt 3" },
		{ "ls 9 lw 2", "ls 2 dt 4", "ls 3 dt 4", "ls 4 dt 4", "lc rgb 'black' dt 4" },
	};
	static const char *const cg_title[] = { "usage", "min", "low", "high", "max" };
	unsigned int n = nr_panels(&in->has);
	char yr[64];

	fputs("set key outside right top\n"
	      "set lmargin at screen 0.09\nset rmargin at screen 0.72\n"
	      "set grid xtics ytics lc rgb '#dddddd'\n"
	      "set style line 1 lc rgb '#1f77b4' lw 2\n"
	      "set style line 2 lc rgb '#d62728' lw 1.5 dt 2\n"
	      "set style line 3 lc rgb '#ff7f0e' lw 1.5 dt 4\n"
	      "set style line 4 lc rgb '#2ca02c' lw 1.5 dt 5\n"
	      "set style line 5 lc rgb '#9467bd' lw 1.5\n"
	      "set style line 6 lc rgb '#8c564b' lw 1.5\n"
	      /* the groups' colours */
	      "set style line 7 lc rgb '#17becf' lw 1.5\n"
	      "set style line 8 lc rgb '#e377c2' lw 1.5\n"
	      "set style line 9 lc rgb '#7f7f7f' lw 1.5\n",
	      gp);
	fprintf(gp, "set xrange [0:%.9f]\n", in->end > 0 ? in->end : 1);
	fputs("set multiplot layout ", gp);
	fprintf(gp, "%u,1 title '", n);
	put_quoted(gp, title);
	fputs("'\n", gp);
	/* the watermarks' region: free above 4 x high is clipped */
	snprintf(yr, sizeof(yr), "[0:%llu]",
		 (unsigned long long)(in->has.high_max ? 4 * in->has.high_max : 1));
	panel(gp, in, &n, "pages", yr, wmark, 4, NULL);
	if (in->has.nr_zone > 1)
		zone_panel(gp, in, &n);
	if (in->has.scan)
		panel(gp, in, &n, "pages/s", "[0:*]", scan, 4, NULL);
	if (in->has.tasks)
		panel(gp, in, &n, "tasks", "[0:*]", tasks, 3, NULL);
	if (in->has.swap_wb)
		panel(gp, in, &n, "pages", "[0:*]", swap_wb, 3, NULL);
	if (in->has.highorder)
		panel(gp, in, &n, "events/s", "[0:*]", highorder, 3, NULL);
	if (in->has.psi)
		panel(gp, in, &n, "% stalled (PSI)", "[0:*]", psi, 2, NULL);
	if (in->has.nr_cg) {
		/* each group's usage against its limits: every line one "plot" */
		if (!--n)
			fputs("set xlabel 'time (s)'\n", gp);
		fputs("set ylabel 'group pages'\nset yrange [0:*]\nplot ", gp);
		for (unsigned int i = 0; i < in->n; i++)
			for (unsigned int k = 0; k < in->has.nr_cg; k++)
				for (unsigned int l = 0; l < 5; l++) {
					if (in->n > 1 && l < 3)
						continue;
					fputs(i || k || l ? ", '" : "'", gp);
					put_quoted(gp, in->data[i]);
					fprintf(gp, "' using 1:%u with lines ", C_CG + 5 * k + l);
					if (in->n == 1)
						fprintf(gp, "%s title '", cg_style[k][l]);
					else
						fprintf(gp, "lc rgb '%s' lw 1.5 dt %u title '",
							side_colour[i % 8], l ? l - 1 : 1 + 2 * k);
					if (in->n > 1) {
						put_quoted(gp, in->names[i]);
						fputc(' ', gp);
					}
					put_quoted(gp, in->cg[k]);
					fprintf(gp, " %s'", cg_title[l]);
				}
		fputc('\n', gp);
	}
	fputs("unset multiplot\n", gp);
}

/*
 * report_plot_files - gnuplot runs with its stdout on /dev/null (a picture must
 * never reach ours) and its stderr in a temporary file, shown only when it
 * fails: a successful plot prints nothing, not even "empty y range"
 * warnings.  SIGPIPE is ignored while gnuplot reads its script: a gnuplot
 * that could not start makes the writes fail, not the process die.
 */
int report_plot_files(const char *const *data, const char *const *names, unsigned int n,
		      const char *title, const char *path, const char *terminal, char *err,
		      size_t errlen)
{
	char log[] = "/tmp/reclaimsim-gnuplot-XXXXXX";
	char out[4200];
	char cmd[sizeof(log) + 64];
	int lfd;
	FILE *gp;
	struct sigaction ign = { .sa_handler = SIG_IGN }, old;
	struct plot_in in = { .data = data, .names = names, .n = n };
	unsigned int panels;
	int rc;

	if (!plot_gnuplot_found()) {
		snprintf(err, errlen,
			 "gnuplot is not installed (no gnuplot on $PATH): nothing written");
		return -1;
	}
	lfd = mkstemp(log);
	if (lfd < 0) {
		snprintf(err, errlen, "cannot create a temporary file: %s", strerror(errno));
		return -1;
	}
	close(lfd);
	if (temp_beside(path, out, sizeof(out))) {
		snprintf(err, errlen, "cannot create a file beside it: %s", strerror(errno));
		unlink(log);
		return -1;
	}
	snprintf(cmd, sizeof(cmd), "exec gnuplot >/dev/null 2>'%s'", log);
	fflush(stdout); /* nothing of ours may be written twice by the child */
	sigaction(SIGPIPE, &ign, &old);
	gp = popen(cmd, "w");
	if (!gp) {
		sigaction(SIGPIPE, &old, NULL);
		unlink(log);
		unlink(out);
		snprintf(err, errlen, "cannot run gnuplot: %s", strerror(errno));
		return -1;
	}
	/* the [at] lines come first: before the multiplot, they mark every panel */
	if (read_headers(&in, gp)) {
		snprintf(err, errlen, "cannot read the plot's data: %s", strerror(errno));
		pclose(gp);
		sigaction(SIGPIPE, &old, NULL);
		unlink(log);
		unlink(out);
		return -1;
	}
	/* 230 pixels (2.3 inches) a panel, and the title's */
	panels = nr_panels(&in.has);
	if (strcmp(terminal, "pdfcairo"))
		fprintf(gp, "set terminal %s size 1100,%u\nset output '", terminal,
			230 * panels + 60);
	else
		fprintf(gp, "set terminal %s size 11in,%.1fin\nset output '", terminal,
			2.3 * panels + 0.6);
	put_quoted(gp, out);
	/* names are shown as they are: no "_" subscripts */
	fputs("'\nset termoption noenhanced\n", gp);
	plot_script(gp, &in, title);
	rc = pclose(gp);
	sigaction(SIGPIPE, &old, NULL);
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

int report_plot(const struct sim *sim, const char *path, const char *terminal, char *err,
		size_t errlen)
{
	char data[] = "/tmp/reclaimsim-plot-XXXXXX";
	const char *files[1] = { data };
	char title[4200];
	int fd, rc;

	if (!plot_gnuplot_found()) {
		snprintf(err, errlen,
			 "gnuplot is not installed (no gnuplot on $PATH): nothing written");
		return -1;
	}
	fd = mkstemp(data);
	if (fd < 0) {
		snprintf(err, errlen, "cannot create a temporary file: %s", strerror(errno));
		return -1;
	}
	close(fd);
	if (report_plot_data(sim, data)) {
		snprintf(err, errlen, "cannot write a temporary file: %s", strerror(errno));
		unlink(data);
		return -1;
	}
	snprintf(title, sizeof(title), "%s (seed %llu)%s", sim->scn.path,
		 (unsigned long long)sim->scn.run.seed,
		 sim->scn.nr_actions ? ", dotted: [at] writes" : "");
	rc = report_plot_files(files, NULL, 1, title, path, terminal, err, errlen);
	unlink(data);
	return rc;
}

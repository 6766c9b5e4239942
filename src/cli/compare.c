// SPDX-License-Identifier: MIT
/*
 * compare.c - `reclaimsim compare`: an A/B run of one scenario.
 *
 *   reclaimsim compare [SCENARIO] --a KEY=VALUE[,KEY=VALUE...]
 *                      --b KEY=VALUE[,...] [--runs N] [--json]
 *                      [--figures LIST] [--set KEY=VALUE]... [--seed N]
 *                      [--machine host] [--plot FILE.png]
 *
 * Each side is the scenario with the common --machine, --set and --seed
 * applied (in that order, as `run` does), then the side's own assignments.
 * Both sides run N times with seeds run.seed, run.seed + 1, ..., the same
 * seeds on both sides, so that run i of A and run i of B differ by the
 * assignments only.
 *
 * Every run's JSON object (report_json_object()) is flattened to
 * "section.name" figures (compare_flatten()), and each side's figures are
 * summarised over its runs: mean, standard deviation (population, as in
 * the seeds' tables), min, max.
 * The table shows the figures of interest; --json prints the contract's
 * {"a": {"runs", "mean", "std", "min", "max"}, "b": {...}} with every
 * figure.  docs/compare.md shows both.
 *
 * Deterministic: the runs are, the figures keep the order in which they
 * first appear (side A's first run, then any new ones), and sums run in a
 * fixed order, so the same command gives the same bytes.
 */
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "reclaimsim/reclaimsim.h"
#include "mm/sim.h"
#include "config/reader.h"
#include "report/report.h"
#include "compare.h"
#include "options.h"
#include "progress.h"
#include "runner.h"
#include "trace_cmd.h"

#define CMP_MAX_OPTS OPT_MAX_SETS /* --set, --a, --b options each */
#define CMP_CELL_LEN 40 /* one formatted number */
#define CMP_LABEL_WIDTH 14 /* widest stat column a side's label may stretch */
#define CMP_MAX_SIDES 16 /* --side options */
/*
 * a difference is marked significant when Welch's t-test gives a
 * two-sided p below this (mmtests' compare-kernels marks at 95 %)
 */
#define CMP_SIGNIFICANCE 0.05

/* ------------------------------------------------------------------ */
/* Statistics                                                          */
/* ------------------------------------------------------------------ */

int compare_stats(const double *v, size_t n, struct compare_stats *st)
{
	double sum = 0, ss = 0;

	if (!v || !st || !n)
		return -EINVAL;
	st->min = st->max = v[0];
	for (size_t i = 0; i < n; i++) {
		sum += v[i];
		if (v[i] < st->min)
			st->min = v[i];
		if (v[i] > st->max)
			st->max = v[i];
	}
	if (st->min == st->max) {
		/* equal values: exactly that, not sum / n with its rounding */
		st->mean = st->min;
		st->std = 0;
		return 0;
	}
	st->mean = sum / (double)n;
	for (size_t i = 0; i < n; i++) {
		double d = v[i] - st->mean;

		ss += d * d;
	}
	st->std = sqrt(ss / (double)n); /* population std, as the seeds' tables */
	return 0;
}

/* ------------------------------------------------------------------ */
/* Flattening                                                          */
/* ------------------------------------------------------------------ */

/*
 * The regularized incomplete beta function I_x(a, b), from its continued
 * fraction (Abramowitz & Stegun 26.5.8) evaluated by the modified Lentz
 * method; the fraction converges fast for x < (a + 1) / (a + b + 2), and
 * the symmetry I_x(a, b) = 1 - I_{1-x}(b, a) covers the rest.  Written here
 * rather than taken from a library (libgsl's gsl_cdf_tdist_Q would do): it
 * is thirty lines and the only special function compare needs.
 */
static double beta_fraction(double a, double b, double x)
{
	const double tiny = 1e-300, eps = 1e-15;
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;

	d = 1 / (fabs(d) < tiny ? tiny : d);
	h = d;
	for (int m = 1; m <= 300; m++) {
		/* the even step d_2m, then the odd step d_2m+1 of the fraction */
		double num = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)), del;

		d = 1 + num * d;
		d = 1 / (fabs(d) < tiny ? tiny : d);
		c = 1 + num / c;
		c = fabs(c) < tiny ? tiny : c;
		h *= d * c;
		num = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
		d = 1 + num * d;
		d = 1 / (fabs(d) < tiny ? tiny : d);
		c = 1 + num / c;
		c = fabs(c) < tiny ? tiny : c;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < eps)
			break;
	}
	return h;
}

double compare_incbeta(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_fraction(a, b, x) / a;
	return 1 - front * beta_fraction(b, a, 1 - x) / b;
}

double compare_welch_p(const double *a, size_t na, const double *b, size_t nb)
{
	double ma = 0, mb = 0, va = 0, vb = 0, se2, t, df;

	if (na < 2 || nb < 2)
		return NAN;
	for (size_t i = 0; i < na; i++)
		ma += a[i];
	for (size_t i = 0; i < nb; i++)
		mb += b[i];
	ma /= (double)na;
	mb /= (double)nb;
	for (size_t i = 0; i < na; i++)
		va += (a[i] - ma) * (a[i] - ma);
	for (size_t i = 0; i < nb; i++)
		vb += (b[i] - mb) * (b[i] - mb);
	/* the sample variances (divided by n - 1), over the count: s^2 / n */
	va /= (double)(na - 1) * (double)na;
	vb /= (double)(nb - 1) * (double)nb;
	se2 = va + vb;
	if (se2 == 0)
		return ma == mb ? 1 : 0;
	t = (mb - ma) / sqrt(se2);
	/* Welch-Satterthwaite degrees of freedom */
	df = se2 * se2 / (va * va / (double)(na - 1) + vb * vb / (double)(nb - 1));
	/* two-sided: P(|T| > |t|) = I_{df / (df + t^2)}(df / 2, 1 / 2) */
	return compare_incbeta(df / 2, 0.5, df / (df + t * t));
}

void compare_flat_free(struct compare_flat *f)
{
	for (size_t i = 0; i < f->n; i++)
		free(f->fig[i].name);
	free(f->fig);
	f->fig = NULL;
	f->n = f->cap = 0;
}

/* Insert (@name, @value) at position @at; takes @name, frees it on failure. */
static int flat_insert(struct compare_flat *out, size_t at, char *name, double value)
{
	if (!name)
		return -ENOMEM;
	if (out->n == out->cap) {
		size_t cap = out->cap ? out->cap * 2 : 64;
		struct compare_figure *f = realloc(out->fig, cap * sizeof(*f));

		if (!f) {
			free(name);
			return -ENOMEM;
		}
		out->fig = f;
		out->cap = cap;
	}
	memmove(&out->fig[at + 1], &out->fig[at], (out->n - at) * sizeof(out->fig[0]));
	out->fig[at].name = name;
	out->fig[at].value = value;
	out->n++;
	return 0;
}

/*
 * The value of a number item: a cJSON number, or a raw item holding a JSON
 * number (report_json_object() writes integers so).  false for anything
 * else and for NaN or infinities (which JSON prints as null).
 */
static bool item_number(const cJSON *it, double *v)
{
	const char *s;
	char *end;

	if (cJSON_IsNumber(it)) {
		*v = it->valuedouble;
		return isfinite(*v);
	}
	if (!cJSON_IsRaw(it) || !(s = it->valuestring) || !*s ||
	    strspn(s, "0123456789+-.eE") != strlen(s) ||
	    !(isdigit((unsigned char)s[0]) || s[0] == '-'))
		return false;
	*v = strtod(s, &end);
	return *end == '\0' && isfinite(*v);
}

static char *join_name(const char *prefix, const char *name)
{
	char *s;

	if (asprintf(&s, "%s.%s", prefix, name) < 0)
		return NULL;
	return s;
}

static int flatten_object(const cJSON *obj, const char *prefix, struct compare_flat *out)
{
	bool vmstat = prefix && !strcmp(prefix, "vmstat");
	bool have_allocstall = false, have_total = false;
	double allocstall = 0;
	size_t allocstall_at = 0;
	int rc;

	for (const cJSON *it = obj->child; it; it = it->next) {
		double v;

		if (!it->string)
			continue;
		if (cJSON_IsObject(it)) {
			char *name = prefix ? join_name(prefix, it->string) : strdup(it->string);

			if (!name)
				return -ENOMEM;
			rc = flatten_object(it, name, out);
			free(name);
			if (rc)
				return rc;
			continue;
		}
		/* "section.name": the top level's scalars (scenario, seed) are not figures */
		if (!prefix || !item_number(it, &v))
			continue;
		rc = flat_insert(out, out->n, join_name(prefix, it->string), v);
		if (rc)
			return rc;
		if (vmstat && !strncmp(it->string, "allocstall_", 11)) {
			have_allocstall = true;
			allocstall += v;
			allocstall_at = out->n;
		} else if (vmstat && !strcmp(it->string, "allocstall")) {
			have_total = true;
		}
	}
	if (have_allocstall && !have_total)
		return flat_insert(out, allocstall_at, strdup("vmstat.allocstall"), allocstall);
	return 0;
}

int compare_flatten(const cJSON *run, struct compare_flat *out)
{
	if (!cJSON_IsObject(run))
		return 0;
	return flatten_object(run, NULL, out);
}

/* ------------------------------------------------------------------ */
/* The command                                                         */
/* ------------------------------------------------------------------ */

struct side {
	const char *name; /* "A", "B", or --side NAME */
	const char *opt; /* "--a", "--b", "--side NAME:" */
	const char *key; /* the JSON member: "a", "b", or NAME */
	char *opt_buf; /* --side: opt's storage */
	const char *texts[CMP_MAX_OPTS]; /* the --a options as given */
	unsigned int nr_texts;
	char **assign; /* split into single assignments */
	unsigned int nr_assign;
	char *label; /* the assignments, comma separated */
	struct scenario *scn;
	double *v; /* v[fig * runs + run] */
	unsigned char *have; /* the run has the figure */
	cJSON *runs; /* --json: the run objects */
	unsigned int cut_runs; /* runs with a workload unfinished */
	unsigned int done_runs; /* runs taken (fewer when interrupted) */
	struct trace_summary *trace; /* --trace-report: each run's summary */
	/* --plot: the temporary file of its first run's plot data ("" none yet) */
	char plot_data[32];
};

struct compare {
	struct scn_opts scn; /* the scenario, --machine, --set, --seed */
	const char *runs_text, *figures;
	const char *jobs_text;
	const char *plot; /* --plot FILE */
	bool json, help, version, trace_report, quiet;
	unsigned int runs, jobs;
	u64 seed0;
	struct side side[CMP_MAX_SIDES];
	unsigned int nr_sides;
	bool named, ab; /* --side given; --a or --b given */
	bool interrupted;
	struct scenario *work; /* a child's scenario */
	/* every figure of every run, in the order first seen */
	char **names;
	size_t nr_figs, cap_figs;
	size_t *slots; /* hash of names: index + 1, 0 = empty */
	size_t nr_slots;
};

static void compare_usage(FILE *f)
{
	fputs("usage: reclaimsim compare [SCENARIO] --a SECTION.KEY=VALUE[,...] --b SECTION.KEY=VALUE[,...]\n"
	      "       reclaimsim compare [SCENARIO] --side NAME:SECTION.KEY=VALUE[,...] --side ...\n"
	      "                          [--runs N] [--jobs N] [--json] [--figures LIST]\n"
	      "                          [--set SECTION.KEY=VALUE]... [--quiet]\n"
	      "\n"
	      "Run SCENARIO (default: the built-in scenario) as side A, with the --a\n"
	      "assignments, and as side B, with the --b ones (or as each --side), N times\n"
	      "each with the seeds run.seed, run.seed + 1, ... (the same on every side),\n"
	      "and print the figures of all with the change from the first side:\n"
	      "(B - A) / A * 100, marked '*' when Welch's t-test finds it significant.\n"
	      "\n"
	      "options:\n"
	      "  --a SECTION.KEY=VALUE[,SECTION.KEY=VALUE...]\n"
	      "                           side A's overrides, applied after the common ones;\n"
	      "                           repeatable.  A comma followed by text without '='\n"
	      "                           continues the value (machine.zones=DMA:16M,DMA32:rest)\n"
	      "  --b SECTION.KEY=VALUE[,...]  side B's overrides, as --a.  One side may be left\n"
	      "                           out: it is the scenario as is\n"
	      "  --side NAME:SECTION.KEY=VALUE[,...]\n"
	      "                           a side named NAME (instead of --a/--b; up to 16, the\n"
	      "                           first is the base of the changes; NAME: alone is the\n"
	      "                           scenario as is)\n"
	      "  --runs N                 runs per side, 1..1000 (default 1); with N > 1 each\n"
	      "                           side shows min, max, avg and the std (divided by n)\n"
	      "                           and each change its significance (p < 0.05)\n"
	      "  --jobs N                 runs at a time, each its own process (default: the\n"
	      "                           CPU count); the output does not depend on it\n"
	      "  --figures LIST           the table's rows, comma separated: 'all', figure\n"
	      "                           names (section.name) or shell patterns\n"
	      "                           ('vmstat.pgscan_*'); default: time.*, reclaim.*, the\n"
	      "                           main vmstat counters and workloads.*\n"
	      "  --json                   {\"a\": {\"assignments\", \"runs\", \"mean\", \"std\", \"min\",\n"
	      "                           \"max\"}, \"b\": {..., \"welch_p\"}} with every figure\n"
	      "  --plot FILE.png|.svg|.pdf  every side's first run drawn on the same panels\n"
	      "                           (as run --plot's), one colour a side\n"
	      "  --trace-report           after the table, each run's trace-report summary side\n"
	      "                           by side, as seed 003's table (docs/trace.md)\n"
	      "  --set SECTION.KEY=VALUE  override a key on every side (repeatable)\n"
	      "  --seed N                 the first seed, decimal (as --set run.seed=N at its\n"
	      "                           place: of --seed and --set run.seed the later wins)\n"
	      "  --machine host           this host's machine on every side (as for run)\n"
	      "  --max-host-memory SIZE   the bound of each run's host-memory estimate (as for run)\n"
	      "  --quiet                  no progress line on a terminal\n"
	      "  -h, --help               this help\n"
	      "      --version            print the version\n"
	      "Options with a value also take the --option=VALUE form.  See docs/compare.md.\n",
	      f);
}

/*
 * --side NAME:K=V[,K=V...]: a side named NAME (letters, digits, '.', '_',
 * '-'), given once.  Returns 0, or -1 after a message (a usage error).
 */
static int add_side(struct compare *c, const char *v)
{
	const char *colon = strchr(v, ':');
	size_t n = colon ? (size_t)(colon - v) : 0;
	struct side *sd;

	if (!n ||
	    strspn(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") != n) {
		fprintf(stderr,
			"reclaimsim: --side %s: expected NAME:SECTION.KEY=VALUE[,...] (NAME: letters, digits, . _ -)\n",
			v);
		return -1;
	}
	if (c->nr_sides == CMP_MAX_SIDES) {
		fprintf(stderr, "reclaimsim: too many --side options (at most %d)\n",
			CMP_MAX_SIDES);
		return -1;
	}
	for (unsigned int s = 0; s < c->nr_sides; s++)
		if (strlen(c->side[s].name) == n && !strncmp(c->side[s].name, v, n)) {
			fprintf(stderr, "reclaimsim: --side %.*s: given twice\n", (int)n, v);
			return -1;
		}
	sd = &c->side[c->nr_sides++];
	sd->name = strndup(v, n);
	if (!sd->name || asprintf(&sd->opt_buf, "--side %s:", sd->name) < 0) {
		fprintf(stderr, "reclaimsim: out of memory\n");
		return -1;
	}
	sd->opt = sd->opt_buf;
	sd->key = sd->name;
	c->named = true;
	/* "NAME:" alone is the scenario as is */
	if (colon[1])
		sd->texts[sd->nr_texts++] = colon + 1;
	return 0;
}

static int parse_args(int argc, char **argv, struct compare *c)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *inline_val;
		const char **val = NULL;
		char name[32];

		opt_split(a, name, sizeof(name), &inline_val);
		if (!strcmp(name, "--json") || !strcmp(name, "--help") || !strcmp(name, "-h") ||
		    !strcmp(name, "--version") || !strcmp(name, "--trace-report") ||
		    !strcmp(name, "--quiet")) {
			if (opt_no_value(name, a, inline_val))
				return -1;
			if (!strcmp(name, "--json"))
				c->json = true;
			else if (!strcmp(name, "--quiet"))
				c->quiet = true;
			else if (!strcmp(name, "--trace-report"))
				c->trace_report = true;
			else if (!strcmp(name, "--version"))
				c->version = true;
			else
				c->help = true;
			continue;
		}
		if (!strcmp(name, "--set") || !strcmp(name, "--a") || !strcmp(name, "--b")) {
			const char **arr = c->scn.sets;
			unsigned int *nr = &c->scn.nr_sets;

			if (!strcmp(name, "--a") || !strcmp(name, "--b")) {
				struct side *sd = &c->side[name[2] == 'b'];

				c->ab = true;
				arr = sd->texts;
				nr = &sd->nr_texts;
			}
			if (*nr == CMP_MAX_OPTS) {
				fprintf(stderr, "reclaimsim: too many %s options (at most %d)\n",
					name, CMP_MAX_OPTS);
				return -1;
			}
			val = &arr[(*nr)++];
		} else if (!strcmp(name, "--side")) {
			const char *v = NULL;

			if (opt_value(argc, argv, &i, a, inline_val, &v) || add_side(c, v))
				return -1;
			continue;
		} else if (!strcmp(name, "--jobs")) {
			val = &c->jobs_text;
		} else if (!strcmp(name, "--seed")) {
			val = &c->scn.seed;
			c->scn.seed_after = c->scn.nr_sets;
		} else if (!strcmp(name, "--machine")) {
			val = &c->scn.machine;
		} else if (!strcmp(name, "--max-host-memory")) {
			val = &c->scn.max_host_memory;
		} else if (!strcmp(name, "--runs")) {
			val = &c->runs_text;
		} else if (!strcmp(name, "--figures")) {
			val = &c->figures;
		} else if (!strcmp(name, "--plot")) {
			val = &c->plot;
		} else if (a[0] == '-' && a[1]) {
			fprintf(stderr,
				"reclaimsim: unknown option '%s' (see reclaimsim compare --help)\n",
				a);
			return -1;
		} else {
			if (opt_scenario(a, &c->scn.scenario))
				return -1;
			continue;
		}
		if (opt_value(argc, argv, &i, a, inline_val, val))
			return -1;
	}
	return 0;
}

static char *trimmed_copy(const char *s, size_t n)
{
	while (n && isspace((unsigned char)*s)) {
		s++;
		n--;
	}
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	return strndup(s, n);
}

/* "section.key" of "section.key=value", without blanks, is @what. */
static bool lhs_is(const char *assignment, const char *what)
{
	const char *eq = strchr(assignment, '=');
	size_t n = strlen(what);

	while (eq > assignment && isspace((unsigned char)eq[-1]))
		eq--;
	return eq && (size_t)(eq - assignment) == n && !strncmp(assignment, what, n);
}

/*
 * Split the side's --a texts into single assignments: at commas, except
 * that a piece without '=' continues the previous value (a zones layout).
 * Returns 0, or -1 after a message (a usage error).
 */
static int split_assignments(struct side *sd)
{
	size_t len = 0;

	for (unsigned int t = 0; t < sd->nr_texts; t++) {
		const char *text = sd->texts[t], *p = text;
		bool first = true;

		for (;;) {
			const char *comma = strchr(p, ',');
			size_t n = comma ? (size_t)(comma - p) : strlen(p);
			char *piece = trimmed_copy(p, n);

			if (!piece)
				goto oom;
			if (!*piece) {
				fprintf(stderr,
					"reclaimsim: %s '%s': an empty assignment (expected section.key=value[,section.key=value...])\n",
					sd->opt, text);
				free(piece);
				return -1;
			}
			if (!strchr(piece, '=')) {
				char *joined, *prev;

				if (first) {
					fprintf(stderr,
						"reclaimsim: %s %s: expected section.key=value\n",
						sd->opt, text);
					free(piece);
					return -1;
				}
				prev = sd->assign[sd->nr_assign - 1];
				if (asprintf(&joined, "%s,%s", prev, piece) < 0) {
					free(piece);
					goto oom;
				}
				free(prev);
				free(piece);
				sd->assign[sd->nr_assign - 1] = joined;
			} else {
				char **a = realloc(sd->assign, (sd->nr_assign + 1) * sizeof(*a));

				if (!a) {
					free(piece);
					goto oom;
				}
				sd->assign = a;
				sd->assign[sd->nr_assign++] = piece;
			}
			first = false;
			if (!comma)
				break;
			p = comma + 1;
		}
	}
	for (unsigned int i = 0; i < sd->nr_assign; i++) {
		if (lhs_is(sd->assign[i], "run.seed")) {
			fprintf(stderr,
				"reclaimsim: %s %s: the seeds are the same on every side (use --seed N)\n",
				sd->opt, sd->assign[i]);
			return -1;
		}
		len += strlen(sd->assign[i]) + 1;
	}
	sd->label = malloc(len + 1);
	if (!sd->label)
		goto oom;
	sd->label[0] = '\0';
	for (unsigned int i = 0; i < sd->nr_assign; i++) {
		if (i)
			strcat(sd->label, ",");
		strcat(sd->label, sd->assign[i]);
	}
	return 0;
oom:
	fprintf(stderr, "reclaimsim: out of memory\n");
	return -1;
}

/* --runs: a decimal whole number 1..COMPARE_MAX_RUNS. */
static int parse_runs(struct compare *c)
{
	const char *s = c->runs_text;
	unsigned long n = 0;

	c->runs = 1;
	if (!s)
		return 0;
	if (!*s || strspn(s, "0123456789") != strlen(s) || strlen(s) > 4 ||
	    (n = strtoul(s, NULL, 10)) < 1 || n > COMPARE_MAX_RUNS) {
		fprintf(stderr, "reclaimsim: --runs %s: expected a whole number of runs, 1..%d\n",
			s, COMPARE_MAX_RUNS);
		return -1;
	}
	c->runs = (unsigned int)n;
	return 0;
}

static bool known_section(const char *item)
{
	static const char *const sections[] = { "time", "vmstat", "reclaim", "cgroups",
						"workloads" };
	const char *dot = strchr(item, '.');
	size_t n = dot ? (size_t)(dot - item) : strlen(item);

	/* a pattern may start with one: "*.major_faults" */
	if (strcspn(item, "*?[") < n)
		return true;
	for (size_t i = 0; i < sizeof(sections) / sizeof(sections[0]); i++)
		if (strlen(sections[i]) == n && !strncmp(item, sections[i], n))
			return true;
	return false;
}

/* --figures: 'all' or non-empty items of known sections (a usage check). */
static int check_figures(const char *list)
{
	const char *p = list;

	if (!strcmp(list, "all"))
		return 0;
	for (;;) {
		const char *comma = strchr(p, ',');
		size_t n = comma ? (size_t)(comma - p) : strlen(p);
		char *item = trimmed_copy(p, n);

		if (!item) {
			fprintf(stderr, "reclaimsim: out of memory\n");
			return -1;
		}
		if (!*item) {
			fprintf(stderr, "reclaimsim: --figures '%s': an empty item\n", list);
			free(item);
			return -1;
		}
		if (!known_section(item)) {
			fprintf(stderr,
				"reclaimsim: --figures %s: not a figure (section.name, sections: time, reclaim, vmstat, workloads, cgroups)\n",
				item);
			free(item);
			return -1;
		}
		free(item);
		if (!comma)
			return 0;
		p = comma + 1;
	}
}

/* --plot: its format, not the scenario, writable, gnuplot there: before any run. */
static int check_plot(const struct compare *c)
{
	const struct opt_path paths[] = {
		{ "the scenario", c->scn.scenario, false },
		{ "--plot", c->plot, true },
	};

	if (opt_check_paths(paths, 2) || !opt_plot_terminal(c->plot) ||
	    opt_check_writable("--plot", c->plot))
		return -1;
	if (!plot_gnuplot_found()) {
		fprintf(stderr,
			"reclaimsim: --plot %s: gnuplot is not installed (no gnuplot on $PATH; Debian: apt-get install gnuplot-nox)\n",
			c->plot);
		return -1;
	}
	return 0;
}

/* Options that mean nothing together: usage errors. */
static int check_usage(struct compare *c)
{
	if (c->named && c->ab) {
		fprintf(stderr, "reclaimsim: compare: --side or --a/--b, not both\n");
		return -1;
	}
	if (!c->named)
		c->nr_sides = 2;
	if (c->named ? c->nr_sides < 2 : !c->side[0].nr_texts && !c->side[1].nr_texts) {
		fprintf(stderr,
			"reclaimsim: compare: nothing to compare: give --a and --b, or two --side or more (see reclaimsim compare --help)\n");
		return -1;
	}
	if (runner_jobs(c->jobs_text, &c->jobs))
		return -1;
	if (c->figures && c->json) {
		fprintf(stderr,
			"reclaimsim: compare: --figures applies to the table only (--json prints every figure)\n");
		return -1;
	}
	if (c->figures && check_figures(c->figures))
		return -1;
	if (c->trace_report && c->json) {
		fprintf(stderr,
			"reclaimsim: compare: --trace-report prints text: not with --json\n");
		return -1;
	}
	if (parse_runs(c))
		return -1;
	for (unsigned int s = 0; s < c->nr_sides; s++)
		if (split_assignments(&c->side[s]))
			return -1;
	return 0;
}

/* @err is "--set ASSIGNMENT: ...": make it "OPT ASSIGNMENT: ...". */
static bool rename_set(char *err, size_t len, const char *assignment, const char *opt)
{
	size_t n = strlen(assignment);
	char tmp[SCN_ERR_LEN];

	if (strncmp(err, "--set ", 6) || strncmp(err + 6, assignment, n) || err[6 + n] != ':')
		return false;
	snprintf(tmp, sizeof(tmp), "%s %s", opt, err + 6);
	snprintf(err, len, "%s", tmp);
	return true;
}

/*
 * The side's scenario: the base with its assignments, validated.  A
 * message that blames no option but is the side's doing (the base alone
 * validates) names the side's options.
 */
static int build_side(const struct scenario *base, struct side *sd)
{
	char err[SCN_ERR_LEN], base_err[SCN_ERR_LEN];

	*sd->scn = *base;
	for (unsigned int i = 0; i < sd->nr_assign; i++) {
		if (scenario_set(sd->scn, sd->assign[i], err, sizeof(err))) {
			rename_set(err, sizeof(err), sd->assign[i], sd->opt);
			goto fail;
		}
	}
	if (!scenario_validate(sd->scn, err, sizeof(err)))
		return 0;
	for (unsigned int i = 0; i < sd->nr_assign; i++)
		if (rename_set(err, sizeof(err), sd->assign[i], sd->opt))
			goto fail;
	if (sd->nr_assign && !scenario_validate(base, base_err, sizeof(base_err))) {
		fprintf(stderr, "reclaimsim: %s %s: %s\n", sd->opt, sd->label, err);
		return -1;
	}
fail:
	fprintf(stderr, "reclaimsim: %s\n", err);
	return -1;
}

static size_t hash_name(const char *s)
{
	size_t h = 1469598103934665603ULL & SIZE_MAX;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * (1099511628211ULL & SIZE_MAX);
	return h;
}

/* Room for @cap figures: the names, the hash and both sides' values. */
static int grow_figures(struct compare *c, size_t cap)
{
	size_t nr_slots = 2 * cap, runs = c->runs;
	char **names = realloc(c->names, cap * sizeof(*names));
	size_t *slots;

	if (!names)
		return -ENOMEM;
	c->names = names;
	for (unsigned int s = 0; s < c->nr_sides; s++) {
		struct side *sd = &c->side[s];
		double *v = realloc(sd->v, cap * runs * sizeof(*v));
		unsigned char *have;

		if (!v)
			return -ENOMEM;
		sd->v = v;
		have = realloc(sd->have, cap * runs);
		if (!have)
			return -ENOMEM;
		sd->have = have;
		memset(have + c->cap_figs * runs, 0, (cap - c->cap_figs) * runs);
	}
	slots = calloc(nr_slots, sizeof(*slots));
	if (!slots)
		return -ENOMEM;
	for (size_t i = 0; i < c->nr_figs; i++) {
		size_t h = hash_name(c->names[i]) & (nr_slots - 1);

		while (slots[h])
			h = (h + 1) & (nr_slots - 1);
		slots[h] = i + 1;
	}
	free(c->slots);
	c->slots = slots;
	c->nr_slots = nr_slots;
	c->cap_figs = cap;
	return 0;
}

/* The index of figure @name, added when new; -1 when out of memory. */
static long figure_index(struct compare *c, const char *name)
{
	size_t h;

	if (c->nr_figs == c->cap_figs && grow_figures(c, c->cap_figs ? c->cap_figs * 2 : 256))
		return -1;
	h = hash_name(name) & (c->nr_slots - 1);
	while (c->slots[h]) {
		if (!strcmp(c->names[c->slots[h] - 1], name))
			return (long)(c->slots[h] - 1);
		h = (h + 1) & (c->nr_slots - 1);
	}
	c->names[c->nr_figs] = strdup(name);
	if (!c->names[c->nr_figs])
		return -1;
	c->slots[h] = ++c->nr_figs;
	return (long)(c->nr_figs - 1);
}

/* A workload of the run did not finish (run.duration cut the run). */
static bool run_cut(const cJSON *run)
{
	const cJSON *wls = cJSON_GetObjectItemCaseSensitive(run, "workloads"), *w;

	cJSON_ArrayForEach(w, wls)
	{
		if (cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(w, "finished")))
			return true;
	}
	return false;
}

/* compare --trace-report: every event of each run, no cap, into a temporary file */
static const struct trace_opts compare_trace_opts = { .size = "0", .report = true };

/*
 * In a child: run @i (side i / runs, run i % runs) and write its JSON
 * object on one line; then its figures, exact: their count, and each
 * name with its NUL and its double's bytes (the JSON text rounds some
 * doubles to 15 digits); then, with --trace-report, its trace summary's
 * bytes.  The parent is the same program: the same layouts.
 */
static int run_one(size_t i, FILE *out, void *arg)
{
	struct compare *c = arg;
	const struct side *sd = &c->side[i / c->runs];
	u64 seed = c->seed0 + i % c->runs;
	struct trace_summary sum = { 0 };
	struct trace_run trace = { 0 };
	struct compare_flat flat = { 0 };
	char err[SCN_ERR_LEN], *text;
	struct sim *sim;
	cJSON *obj;

	*c->work = *sd->scn;
	c->work->run.seed = seed;
	sim = sim_create(c->work, err, sizeof(err));
	if (!sim) {
		fprintf(stderr, "reclaimsim: %s, seed %" PRIu64 ": %s\n", sd->name, seed, err);
		return -1;
	}
	if (c->trace_report) {
		if (trace_run_open(&trace, &compare_trace_opts)) {
			sim_destroy(sim);
			return -1;
		}
		trace_run_start(&trace, sim);
	}
	/* --plot: the side's first run keeps its samples for the parent to draw */
	sim->keep_samples = c->plot && !(i % c->runs);
	if (sim_run(sim)) {
		fprintf(stderr, "reclaimsim: %s: %s (side %s, seed %" PRIu64 ")\n", sim->scn.path,
			sim_error(sim), sd->name, seed);
		trace_run_close(&trace, sim, false, NULL, NULL);
		sim_destroy(sim);
		return -1;
	}
	if (trace_run_close(&trace, sim, true, NULL, c->trace_report ? &sum : NULL)) {
		sim_destroy(sim);
		return -1;
	}
	if (sim->keep_samples && report_plot_data(sim, sd->plot_data)) {
		fprintf(stderr, "reclaimsim: --plot %s: %s: %s\n", c->plot, sd->plot_data,
			strerror(errno));
		sim_destroy(sim);
		return -1;
	}
	obj = report_json_object(sim);
	sim_destroy(sim);
	text = obj ? cJSON_PrintUnformatted(obj) : NULL;
	if (!text || compare_flatten(obj, &flat)) {
		cJSON_Delete(obj);
		cJSON_free(text);
		compare_flat_free(&flat);
		fprintf(stderr, "reclaimsim: out of memory\n");
		return -1;
	}
	cJSON_Delete(obj);
	fprintf(out, "%s\n", text);
	cJSON_free(text);
	fwrite(&flat.n, sizeof(flat.n), 1, out);
	for (size_t k = 0; k < flat.n; k++) {
		fwrite(flat.fig[k].name, strlen(flat.fig[k].name) + 1, 1, out);
		fwrite(&flat.fig[k].value, sizeof(flat.fig[k].value), 1, out);
	}
	compare_flat_free(&flat);
	if (c->trace_report)
		fwrite(&sum, sizeof(sum), 1, out);
	return 0;
}

/*
 * The next number token of the JSON text *@p (outside strings): its start,
 * its length in *@len; *@p moves past it.  NULL when there is none.
 */
static const char *next_number(const char **p, size_t *len)
{
	const char *q = *p;

	for (; *q; q++) {
		if (*q == '"') {
			for (q++; *q && *q != '"'; q++)
				if (*q == '\\' && q[1])
					q++;
			if (!*q)
				return NULL;
		} else if (*q == '-' || isdigit((unsigned char)*q)) {
			*len = strspn(q, "-+.eE0123456789");
			*p = q + *len;
			return q;
		}
	}
	return NULL;
}

/*
 * Give the numbers of @o (parsed from @text) their text back, as raw
 * items: cJSON reads every number as a double, and the run's exact
 * integers (a limit of 2^63 - 4096) and fixed-point figures ("0.00") must
 * print as the run wrote them.  The walk meets the numbers in the order
 * of the text.
 */
static int numbers_as_written(cJSON *o, const char **text)
{
	cJSON *it = o->child;

	while (it) {
		cJSON *next = it->next;

		if (cJSON_IsNumber(it)) {
			size_t len;
			const char *tok = next_number(text, &len);
			char *copy = tok ? strndup(tok, len) : NULL;
			cJSON *raw = copy ? cJSON_CreateRaw(copy) : NULL;

			free(copy);
			if (raw) { /* the member's name goes with it */
				raw->string = it->string;
				it->string = NULL;
			}
			if (!raw || !cJSON_ReplaceItemViaPointer(o, it, raw)) {
				cJSON_Delete(raw);
				return -1;
			}
		} else if ((cJSON_IsObject(it) || cJSON_IsArray(it)) &&
			   numbers_as_written(it, text)) {
			return -1;
		}
		it = next;
	}
	return 0;
}

/* In the parent, in run order: run @i's figures into its side's. */
static int take_run(size_t i, const char *buf, size_t len, void *arg)
{
	struct compare *c = arg;
	struct side *sd = &c->side[i / c->runs];
	unsigned int r = (unsigned int)(i % c->runs);
	const char *p = memchr(buf, '\n', len), *end = buf + len, *text = buf;
	cJSON *obj = cJSON_Parse(buf);
	size_t n;

	if (!obj || !p || numbers_as_written(obj, &text) || (size_t)(end - ++p) < sizeof(n))
		goto bad;
	memcpy(&n, p, sizeof(n));
	p += sizeof(n);
	for (size_t k = 0; k < n; k++) {
		const char *name = p, *nul = memchr(p, '\0', (size_t)(end - p));
		long idx;
		double v;

		if (!nul || (size_t)(end - nul - 1) < sizeof(v))
			goto bad;
		memcpy(&v, nul + 1, sizeof(v));
		p = nul + 1 + sizeof(v);
		idx = figure_index(c, name);
		if (idx < 0)
			goto bad;
		sd->v[(size_t)idx * c->runs + r] = v;
		sd->have[(size_t)idx * c->runs + r] = 1;
	}
	if (c->trace_report) {
		if ((size_t)(end - p) != sizeof(sd->trace[r]))
			goto bad;
		memcpy(&sd->trace[r], p, sizeof(sd->trace[r]));
	}
	sd->done_runs++;
	if (run_cut(obj))
		sd->cut_runs++;
	if (sd->runs)
		cJSON_AddItemToArray(sd->runs, obj);
	else
		cJSON_Delete(obj);
	return 0;
bad:
	cJSON_Delete(obj);
	fprintf(stderr, "reclaimsim: side %s, run %u: its result cannot be read (out of memory?)\n",
		sd->name, r + 1);
	return -1;
}

/* The statistics of figure @fig on side @sd; false when no run has it. */
static bool side_stats(const struct compare *c, const struct side *sd, size_t fig, double *tmp,
		       struct compare_stats *st)
{
	size_t n = 0;

	for (unsigned int r = 0; r < c->runs; r++)
		if (sd->have[fig * c->runs + r])
			tmp[n++] = sd->v[fig * c->runs + r];
	return compare_stats(tmp, n, st) == 0;
}

/*
 * Welch's two-sided p of figure @fig, side @s against the first side;
 * NAN when a side has fewer than two runs of it.  @tmp: 2 * runs.
 */
static double side_p(const struct compare *c, unsigned int s, size_t fig, double *tmp)
{
	double *b = tmp + c->runs;
	size_t na = 0, nb = 0;

	for (unsigned int r = 0; r < c->runs; r++) {
		if (c->side[0].have[fig * c->runs + r])
			tmp[na++] = c->side[0].v[fig * c->runs + r];
		if (c->side[s].have[fig * c->runs + r])
			b[nb++] = c->side[s].v[fig * c->runs + r];
	}
	return compare_welch_p(tmp, na, b, nb);
}

/* ------------------------------------------------------------------ */
/* JSON                                                                */
/* ------------------------------------------------------------------ */

void compare_add_figure(cJSON *o, const char *name, double v)
{
	char buf[32];

	if (v == floor(v) && fabs(v) < 1e19) {
		snprintf(buf, sizeof(buf), "%.0f", v == 0 ? 0.0 : v);
		cJSON_AddRawToObject(o, name, buf);
	} else {
		cJSON_AddNumberToObject(o, name, v);
	}
}

static int print_json(struct compare *c, double *tmp)
{
	cJSON *root = cJSON_CreateObject();
	char *text;

	if (!root)
		goto oom;
	for (unsigned int s = 0; s < c->nr_sides; s++) {
		struct side *sd = &c->side[s];
		cJSON *o = cJSON_AddObjectToObject(root, sd->key), *assign, *st[4], *pv = NULL;
		static const char *const what[4] = { "mean", "std", "min", "max" };

		if (!o || !(assign = cJSON_AddArrayToObject(o, "assignments")))
			goto oom_root;
		for (unsigned int i = 0; i < sd->nr_assign; i++)
			cJSON_AddItemToArray(assign, cJSON_CreateString(sd->assign[i]));
		cJSON_AddItemToObject(o, "runs", sd->runs);
		sd->runs = NULL;
		for (int k = 0; k < 4; k++)
			if (!(st[k] = cJSON_AddObjectToObject(o, what[k])))
				goto oom_root;
		/* the sides after the first: Welch's p of each figure against it */
		if (s && c->runs > 1 && !(pv = cJSON_AddObjectToObject(o, "welch_p")))
			goto oom_root;
		for (size_t f = 0; f < c->nr_figs; f++) {
			struct compare_stats cs;
			double p;

			if (!side_stats(c, sd, f, tmp, &cs))
				continue;
			compare_add_figure(st[0], c->names[f], cs.mean);
			compare_add_figure(st[1], c->names[f], cs.std);
			compare_add_figure(st[2], c->names[f], cs.min);
			compare_add_figure(st[3], c->names[f], cs.max);
			if (pv && !isnan(p = side_p(c, s, f, tmp)))
				cJSON_AddNumberToObject(pv, c->names[f], p);
		}
	}
	text = cJSON_Print(root);
	cJSON_Delete(root);
	if (!text)
		goto oom;
	fputs(text, stdout);
	fputc('\n', stdout);
	cJSON_free(text);
	return 0;
oom_root:
	cJSON_Delete(root);
oom:
	fprintf(stderr, "reclaimsim: out of memory\n");
	return -1;
}

/* ------------------------------------------------------------------ */
/* The table                                                           */
/* ------------------------------------------------------------------ */

/* The vmstat counters of the default table, in this order. */
static const char *const default_vmstat[] = {
	"vmstat.pgmajfault",	 "vmstat.pswpin",	 "vmstat.pswpout",
	"vmstat.pgscan_kswapd",	 "vmstat.pgscan_direct", "vmstat.pgsteal_kswapd",
	"vmstat.pgsteal_direct", "vmstat.allocstall",	 "vmstat.oom_kill",
};

static bool has_prefix(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/*
 * The counters of each cgroup below the root in the default table, group
 * by group in the JSON's order: "cgroups.NAME." then one of these (group
 * names have no dot).
 */
static const char *const default_cgroup[] = {
	"peak",
	"oom_kill",
	"events.high",
	"events.max",
	"events.oom",
	"events.oom_kill",
	"pressure.some.total_us",
	"pressure.full.total_us",
};

/* Is @name "cgroups.G.@what" for a group G other than the root? */
static bool cgroup_figure(const char *name, const char *what)
{
	const char *g = name + strlen("cgroups."), *dot;

	if (!has_prefix(name, "cgroups.") || has_prefix(g, "/.") || !(dot = strchr(g, '.')))
		return false;
	return !strcmp(dot + 1, what);
}

static void add_row(size_t *rows, size_t *nr, bool *taken, size_t fig)
{
	if (taken[fig])
		return;
	taken[fig] = true;
	rows[(*nr)++] = fig;
}

/*
 * The rows of the table: figure indexes in print order.  Returns the
 * count, or -1 after a message (an item of --figures matching nothing).
 */
static long select_rows(const struct compare *c, size_t *rows)
{
	bool *taken = calloc(c->nr_figs + 1, sizeof(*taken));
	size_t nr = 0;
	long rc = -1;

	if (!taken) {
		fprintf(stderr, "reclaimsim: out of memory\n");
		return -1;
	}
	if (c->figures && !strcmp(c->figures, "all")) {
		for (size_t f = 0; f < c->nr_figs; f++)
			add_row(rows, &nr, taken, f);
	} else if (c->figures) {
		const char *p = c->figures;

		for (;;) {
			const char *comma = strchr(p, ',');
			size_t n = comma ? (size_t)(comma - p) : strlen(p);
			char *item = trimmed_copy(p, n);
			bool pattern, matched = false;

			if (!item) {
				fprintf(stderr, "reclaimsim: out of memory\n");
				goto out;
			}
			pattern = strpbrk(item, "*?[") != NULL;
			for (size_t f = 0; f < c->nr_figs; f++) {
				if (pattern ? fnmatch(item, c->names[f], 0) :
					      strcmp(item, c->names[f]))
					continue;
				matched = true;
				add_row(rows, &nr, taken, f);
			}
			/* an interrupted comparison may not have run far enough to have it */
			if (!matched && !c->interrupted) {
				fprintf(stderr,
					"reclaimsim: --figures %s: no such figure in these runs (--figures all shows every one)\n",
					item);
				free(item);
				goto out;
			}
			free(item);
			if (!comma)
				break;
			p = comma + 1;
		}
	} else {
		for (size_t f = 0; f < c->nr_figs; f++)
			if (has_prefix(c->names[f], "time."))
				add_row(rows, &nr, taken, f);
		for (size_t f = 0; f < c->nr_figs; f++)
			if (has_prefix(c->names[f], "reclaim."))
				add_row(rows, &nr, taken, f);
		for (size_t k = 0; k < sizeof(default_vmstat) / sizeof(default_vmstat[0]); k++)
			for (size_t f = 0; f < c->nr_figs; f++)
				if (!strcmp(c->names[f], default_vmstat[k]))
					add_row(rows, &nr, taken, f);
		for (size_t f = 0; f < c->nr_figs; f++)
			if (has_prefix(c->names[f], "workloads."))
				add_row(rows, &nr, taken, f);
		/* a scenario with groups: theirs, group by group */
		for (size_t f = 0; f < c->nr_figs; f++)
			for (size_t k = 0; k < sizeof(default_cgroup) / sizeof(default_cgroup[0]);
			     k++)
				if (cgroup_figure(c->names[f], default_cgroup[k]))
					add_row(rows, &nr, taken, f);
	}
	rc = (long)nr;
out:
	free(taken);
	return rc;
}

enum figure_kind { FIG_SECONDS, FIG_COUNT, FIG_REAL };

/* Seconds by their name (…_s), counts when every value is whole. */
static enum figure_kind figure_kind(const struct compare *c, size_t fig)
{
	size_t n = strlen(c->names[fig]);

	if (n > 2 && !strcmp(c->names[fig] + n - 2, "_s"))
		return FIG_SECONDS;
	for (unsigned int s = 0; s < c->nr_sides; s++)
		for (unsigned int r = 0; r < c->runs; r++) {
			size_t i = fig * c->runs + r;

			if (c->side[s].have[i] && c->side[s].v[i] != floor(c->side[s].v[i]))
				return FIG_REAL;
		}
	return FIG_COUNT;
}

/* Counts as integers, seconds and other fractions with 2 decimals; no "-0". */
static void format_value(char *buf, size_t len, double v, enum figure_kind kind)
{
	snprintf(buf, len, kind == FIG_COUNT ? "%.0f" : "%.2f", v);
	if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
		memmove(buf, buf + 1, strlen(buf));
}

/*
 * (B - A) / A * 100 of the unrounded values; "-" when A is 0 or missing.
 * With several runs, a '*' after it when Welch's p < CMP_SIGNIFICANCE, a
 * blank when not (@p NAN: no mark).
 */
static void format_change(char *buf, size_t len, bool have_a, double a, bool have_b, double b,
			  double p)
{
	const char *mark = isnan(p) ? "" : p < CMP_SIGNIFICANCE ? "*" : " ";

	if (!have_a || !have_b || a == 0)
		snprintf(buf, len, "-%s", mark);
	else if (a == b)
		snprintf(buf, len, "0.0%%%s", mark);
	else
		snprintf(buf, len, "%+.1f%%%s", (b - a) / a * 100, mark);
}

static void print_header(const struct compare *c)
{
	const char *path = c->scn.scenario ? c->scn.scenario : "(built-in)";
	u64 last = c->seed0 + c->runs - 1;

	printf("reclaimsim compare: %s\n", path);
	if (c->runs == 1)
		printf("runs: 1 per side, seed %" PRIu64 " on both sides\n", c->seed0);
	else
		printf("runs: %u per side, seeds %" PRIu64 "..%" PRIu64 ", the same on %s sides\n",
		       c->runs, c->seed0, last, c->nr_sides == 2 ? "both" : "all");
	if (c->scn.machine || c->scn.nr_sets || c->scn.seed) {
		printf("both:");
		if (c->scn.machine)
			printf(" --machine %s", c->scn.machine);
		for (unsigned int i = 0; i < c->scn.nr_sets; i++)
			printf(" --set %s", c->scn.sets[i]);
		if (c->scn.seed)
			printf(" --seed %s", c->scn.seed);
		printf("\n");
	}
	for (unsigned int s = 0; s < c->nr_sides; s++)
		printf("%s: %s\n", c->side[s].name,
		       c->side[s].nr_assign ? c->side[s].label : "the scenario as is");
	if (c->runs > 1)
		printf("std: standard deviation (divided by n, as the seeds' tables) over the %u runs of a side\n",
		       c->runs);
	if (c->nr_sides == 2)
		printf("change: (B - A) / A * 100%s, from the unrounded values; - when A is 0\n",
		       c->runs > 1 ? " of the averages" : "");
	else
		printf("change: (X - %s) / %s * 100%s for each side X after %s, from the unrounded values; - when %s is 0\n",
		       c->side[0].name, c->side[0].name, c->runs > 1 ? " of the averages" : "",
		       c->side[0].name, c->side[0].name);
	if (c->runs > 1)
		printf("*: significant: Welch's t-test over the runs, two-sided p < %.2f (a blank: not)\n",
		       CMP_SIGNIFICANCE);
	if (c->interrupted) {
		printf("INTERRUPTED: the runs done before SIGINT/SIGTERM only (");
		for (unsigned int s = 0; s < c->nr_sides; s++)
			printf("%s%s: %u of %u", s ? ", " : "", c->side[s].name,
			       c->side[s].done_runs, c->runs);
		printf(")\n");
	}
	printf("\n");
}

/* Column @k of a row is a change (side s >= 1: s * (per + 1) - 1 + per). */
static bool is_change(unsigned int k, unsigned int per)
{
	return k >= per && (k + 2) % (per + 1) == 0;
}

/*
 * The table: a row a figure; each side's columns (the mean, or min, max,
 * avg and std with several runs), every side after the first followed by
 * its change against the first.
 */
static int print_table(struct compare *c, double *tmp)
{
	unsigned int per = c->runs > 1 ? 4 : 1; /* value columns a side */
	unsigned int ncol = c->nr_sides * (per + 1) - 1; /* with the changes */
	size_t *rows = malloc((c->nr_figs + 1) * sizeof(*rows));
	char(*cell)[CMP_CELL_LEN] = NULL; /* [row * ncol + col] */
	size_t fw = strlen("figure"), vw = 3, cw = strlen("change");
	char label[CMP_MAX_SIDES][CMP_CELL_LEN * 4];
	bool labels = c->runs > 1;
	size_t need;
	long nr;

	if (!rows)
		goto oom;
	nr = select_rows(c, rows);
	if (nr < 0) {
		free(rows);
		return -1;
	}
	cell = calloc((size_t)nr * ncol + 1, sizeof(*cell));
	if (!cell)
		goto oom;
	for (long i = 0; i < nr; i++) {
		size_t f = rows[i];
		enum figure_kind kind = figure_kind(c, f);
		char(*row)[CMP_CELL_LEN] = &cell[(size_t)i * ncol];
		struct compare_stats st0 = { 0 };
		bool have0 = false;

		for (unsigned int s = 0; s < c->nr_sides; s++) {
			char(*col)[CMP_CELL_LEN] = &row[s ? s * (per + 1) - 1 : 0];
			struct compare_stats st;
			bool have = side_stats(c, &c->side[s], f, tmp, &st);

			if (!have) {
				for (unsigned int k = 0; k < per; k++)
					snprintf(col[k], CMP_CELL_LEN, "-");
			} else if (per == 1) {
				format_value(col[0], CMP_CELL_LEN, st.mean, kind);
			} else {
				format_value(col[0], CMP_CELL_LEN, st.min, kind);
				format_value(col[1], CMP_CELL_LEN, st.max, kind);
				format_value(col[2], CMP_CELL_LEN, st.mean, kind);
				format_value(col[3], CMP_CELL_LEN, st.std, kind);
			}
			if (!s) {
				st0 = st;
				have0 = have;
				continue;
			}
			format_change(col[per], CMP_CELL_LEN, have0, st0.mean, have, st.mean,
				      c->runs > 1 ? side_p(c, s, f, tmp) : NAN);
			if (strlen(col[per]) > cw)
				cw = strlen(col[per]);
		}
		if (strlen(c->names[f]) > fw)
			fw = strlen(c->names[f]);
		for (unsigned int k = 0; k < ncol; k++)
			if (!is_change(k, per) && strlen(row[k]) > vw)
				vw = strlen(row[k]);
	}

	print_header(c);
	if (labels) {
		/* "A (assignments)" over a side's four columns, when it fits */
		for (unsigned int s = 0; s < c->nr_sides; s++) {
			const struct side *sd = &c->side[s];

			snprintf(label[s], sizeof(label[s]), "%s (%s)", sd->name,
				 sd->nr_assign ? sd->label : "the scenario as is");
			/* the narrowest columns under it: 4 * (vw + 2) >= len + 2 */
			need = (strlen(label[s]) + 2 + 3) / 4;
			need = need > 2 ? need - 2 : 0;
			if (need > vw && need > CMP_LABEL_WIDTH)
				snprintf(label[s], sizeof(label[s]), "%s", sd->name);
			else if (need > vw)
				vw = need;
		}
		printf("%-*s", (int)fw, "");
		for (unsigned int s = 0; s < c->nr_sides; s++) {
			int w = (int)(4 * (vw + 2) - 2) + (s ? (int)cw + 2 : 0);

			if (s == c->nr_sides - 1)
				printf("  %s", label[s]);
			else
				printf("  %-*s", w, label[s]);
		}
		printf("\n%-*s", (int)fw, "figure");
		for (unsigned int s = 0; s < c->nr_sides; s++) {
			printf("  %*s  %*s  %*s  %*s", (int)vw, "min", (int)vw, "max", (int)vw,
			       "avg", (int)vw, "std");
			if (s)
				printf("  %*s", (int)cw, "change");
		}
		printf("\n");
	} else {
		printf("%-*s", (int)fw, "figure");
		for (unsigned int s = 0; s < c->nr_sides; s++) {
			printf("  %*s", (int)vw, c->side[s].name);
			if (s)
				printf("  %*s", (int)cw, "change");
		}
		printf("\n");
	}
	for (long i = 0; i < nr; i++) {
		char(*row)[CMP_CELL_LEN] = &cell[(size_t)i * ncol];

		printf("%-*s", (int)fw, c->names[rows[i]]);
		for (unsigned int k = 0; k < ncol; k++)
			printf("  %*s", (int)(is_change(k, per) ? cw : vw), row[k]);
		printf("\n");
	}
	for (unsigned int s = 0; s < c->nr_sides; s++)
		if (c->side[s].cut_runs)
			printf("\nnote: %s: %u of %u run%s stopped at run.duration with a workload unfinished\n",
			       c->side[s].name, c->side[s].cut_runs, c->runs,
			       c->runs == 1 ? "" : "s");
	free(cell);
	free(rows);
	return 0;
oom:
	free(cell);
	free(rows);
	fprintf(stderr, "reclaimsim: out of memory\n");
	return -1;
}

/* ------------------------------------------------------------------ */

/*
 * --trace-report: the runs' trace-report summaries as seed 003's table, a
 * column a run: A and B, or A.1 ... A.N and B.1 ... B.N.
 */
static int print_trace_table(const struct compare *c)
{
	size_t n = c->nr_sides * (size_t)c->runs;
	struct trace_summary *sums = malloc(n * sizeof(*sums));
	const char **names = malloc(n * sizeof(*names));
	char *buf = malloc(n * 32);

	if (!sums || !names || !buf) {
		free(sums);
		free(names);
		free(buf);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		const struct side *sd = &c->side[i / c->runs];
		unsigned int r = (unsigned int)(i % c->runs);

		sums[i] = sd->trace[r];
		if (c->runs == 1)
			snprintf(buf + i * 32, 32, "%.15s", sd->name);
		else
			snprintf(buf + i * 32, 32, "%.15s.%u", sd->name, r + 1);
		names[i] = buf + i * 32;
	}
	putchar('\n');
	trace_summary_table(stdout, NULL, names, sums, (unsigned int)n);
	free(sums);
	free(names);
	free(buf);
	return 0;
}

static void compare_free(struct compare *c)
{
	for (unsigned int s = 0; s < CMP_MAX_SIDES; s++) {
		struct side *sd = &c->side[s];

		for (unsigned int i = 0; i < sd->nr_assign; i++)
			free(sd->assign[i]);
		free(sd->assign);
		free(sd->label);
		free(sd->scn);
		free(sd->v);
		free(sd->have);
		free(sd->trace);
		if (sd->plot_data[0])
			unlink(sd->plot_data);
		cJSON_Delete(sd->runs);
		if (sd->opt_buf) {
			free((char *)sd->name);
			free(sd->opt_buf);
		}
	}
	for (size_t i = 0; i < c->nr_figs; i++)
		free(c->names[i]);
	free(c->names);
	free(c->slots);
	free(c->work);
}

/*
 * --plot: each side's first run writes its plot data to a temporary file
 * made here (the runs are child processes: their samples die with them),
 * and the parent draws them together.
 */
static int plot_temps(struct compare *c)
{
	for (unsigned int s = 0; s < c->nr_sides; s++) {
		struct side *sd = &c->side[s];
		int fd;

		snprintf(sd->plot_data, sizeof(sd->plot_data), "/tmp/reclaimsim-cmp-XXXXXX");
		fd = mkstemp(sd->plot_data);
		if (fd < 0) {
			fprintf(stderr, "reclaimsim: --plot %s: a temporary file: %s\n", c->plot,
				strerror(errno));
			sd->plot_data[0] = '\0';
			return -1;
		}
		close(fd);
	}
	return 0;
}

/* --plot: the sides' first runs on the same panels, titled with their assignments. */
static int draw_plot(const struct compare *c, const struct scenario *base)
{
	const char *data[CMP_MAX_SIDES], *names[CMP_MAX_SIDES];
	char title[1024], err[4096];
	size_t w;

	w = (size_t)snprintf(title, sizeof(title), "%s (seed %" PRIu64 "):", base->path, c->seed0);
	for (unsigned int s = 0; s < c->nr_sides; s++) {
		const struct side *sd = &c->side[s];

		data[s] = sd->plot_data;
		names[s] = sd->name;
		if (w < sizeof(title))
			w += (size_t)snprintf(title + w, sizeof(title) - w, "%s %s %s",
					      s ? ";" : "", sd->name,
					      sd->label && *sd->label ? sd->label : "as is");
	}
	if (report_plot_files(data, names, c->nr_sides, title, c->plot, opt_plot_terminal(c->plot),
			      err, sizeof(err))) {
		fprintf(stderr, "reclaimsim: --plot %s: %s\n", c->plot, err);
		return -1;
	}
	return 0;
}

static int compare_run(struct compare *c)
{
	struct scenario *base = malloc(sizeof(*base));
	double *tmp = malloc(2 * c->runs * sizeof(*tmp));
	struct runner r = { .nr = (size_t)c->nr_sides * c->runs,
			    .jobs = c->jobs,
			    .run = run_one,
			    .done = take_run,
			    .arg = c };
	bool empty = false;
	int rc = 1;

	c->work = malloc(sizeof(*c->work));
	for (unsigned int s = 0; s < c->nr_sides; s++) {
		struct side *sd = &c->side[s];

		sd->scn = malloc(sizeof(*sd->scn));
		if (!sd->scn)
			goto oom;
		if (c->json && !(sd->runs = cJSON_CreateArray()))
			goto oom;
		if (c->trace_report && !(sd->trace = calloc(c->runs, sizeof(*sd->trace))))
			goto oom;
	}
	if (!base || !c->work || !tmp)
		goto oom;
	if (opt_build_scenario(&c->scn, base))
		goto out;
	c->seed0 = base->run.seed;
	for (unsigned int s = 0; s < c->nr_sides; s++) {
		if (build_side(base, &c->side[s]))
			goto out;
		empty |= !c->side[s].scn->nr_workloads;
	}
	if (empty)
		fprintf(stderr, "reclaimsim: no workloads: nothing to run\n");
	if (c->plot && plot_temps(c))
		goto out;
	/* the figures need one run to name them: room for them first */
	if (!c->cap_figs && grow_figures(c, 256))
		goto oom;
	progress_start(!c->quiet);
	rc = runner_run(&r, NULL);
	if (rc && rc != PROGRESS_EXIT_INTERRUPTED)
		goto out;
	c->interrupted = rc == PROGRESS_EXIT_INTERRUPTED;
	if (c->interrupted)
		fprintf(stderr, "reclaimsim: compare interrupted: the table of the runs done\n");
	if (c->json ? print_json(c, tmp) : print_table(c, tmp)) {
		rc = 1;
		goto out;
	}
	if (c->trace_report && !c->interrupted && print_trace_table(c))
		goto oom;
	if (c->plot && !c->interrupted && draw_plot(c, base))
		rc = 1;
	goto out;
oom:
	fprintf(stderr, "reclaimsim: out of memory\n");
	rc = 1;
out:
	free(base);
	free(tmp);
	return rc;
}

int compare_main(int argc, char **argv, const char *version)
{
	struct compare c = {
		.side = {
			{ .name = "A", .opt = "--a", .key = "a" },
			{ .name = "B", .opt = "--b", .key = "b" },
		},
	};
	int rc;

	if (parse_args(argc, argv, &c)) {
		compare_free(&c);
		return 2;
	}
	if (c.help) {
		compare_usage(stdout);
		compare_free(&c);
		return 0;
	}
	if (c.version) {
		printf("reclaimsim %s\n", version);
		compare_free(&c);
		return 0;
	}
	if (check_usage(&c)) {
		compare_free(&c);
		return 2;
	}
	/* an output that cannot be written is an error (1), as run's, not bad usage */
	rc = c.plot && check_plot(&c) ? 1 : compare_run(&c);
	compare_free(&c);
	return rc;
}

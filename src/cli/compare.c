// SPDX-License-Identifier: MIT
/*
 * compare.c - `reclaimsim compare`: an A/B run of one scenario.
 *
 *   reclaimsim compare [SCENARIO] --a KEY=VALUE[,KEY=VALUE...]
 *                      --b KEY=VALUE[,...] [--runs N] [--json]
 *                      [--figures LIST] [--set KEY=VALUE]... [--seed N]
 *                      [--machine host]
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

#include <cjson/cJSON.h>

#include "reclaimsim/reclaimsim.h"
#include "mm/sim.h"
#include "config/reader.h"
#include "report/report.h"
#include "compare.h"
#include "options.h"
#include "trace_cmd.h"

#define CMP_MAX_OPTS OPT_MAX_SETS /* --set, --a, --b options each */
#define CMP_CELL_LEN 40 /* one formatted number */
#define CMP_LABEL_WIDTH 14 /* widest stat column a side's label may stretch */

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
	char letter; /* 'A', 'B' */
	const char *opt; /* "--a", "--b" */
	const char *key; /* "a", "b": the JSON member */
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
	struct trace_summary *trace; /* --trace-report: each run's summary */
};

struct compare {
	struct scn_opts scn; /* the scenario, --machine, --set, --seed */
	const char *runs_text, *figures;
	bool json, help, version, trace_report;
	unsigned int runs;
	u64 seed0;
	struct side side[2];
	/* every figure of every run, in the order first seen */
	char **names;
	size_t nr_figs, cap_figs;
	size_t *slots; /* hash of names: index + 1, 0 = empty */
	size_t nr_slots;
};

static void compare_usage(FILE *f)
{
	fputs("usage: reclaimsim compare [SCENARIO] --a SECTION.KEY=VALUE[,...] --b SECTION.KEY=VALUE[,...]\n"
	      "                          [--runs N] [--json] [--figures LIST] [--set SECTION.KEY=VALUE]...\n"
	      "\n"
	      "Run SCENARIO (default: the built-in scenario) as side A, with the --a\n"
	      "assignments, and as side B, with the --b ones, N times each with the seeds\n"
	      "run.seed, run.seed + 1, ... (the same on both sides), and print the figures\n"
	      "of both with the change from A to B: (B - A) / A * 100.\n"
	      "\n"
	      "options:\n"
	      "  --a SECTION.KEY=VALUE[,SECTION.KEY=VALUE...]\n"
	      "                           side A's overrides, applied after the common ones;\n"
	      "                           repeatable.  A comma followed by text without '='\n"
	      "                           continues the value (machine.zones=DMA:16M,DMA32:rest)\n"
	      "  --b SECTION.KEY=VALUE[,...]  side B's overrides, as --a.  One side may be left\n"
	      "                           out: it is the scenario as is\n"
	      "  --runs N                 runs per side, 1..1000 (default 1); with N > 1 each\n"
	      "                           side shows min, max, avg and the std (divided by n)\n"
	      "  --figures LIST           the table's rows, comma separated: 'all', figure\n"
	      "                           names (section.name) or shell patterns\n"
	      "                           ('vmstat.pgscan_*'); default: time.*, reclaim.*, the\n"
	      "                           main vmstat counters and workloads.*\n"
	      "  --json                   {\"a\": {\"assignments\", \"runs\", \"mean\", \"std\", \"min\",\n"
	      "                           \"max\"}, \"b\": {...}} with every figure\n"
	      "  --trace-report           after the table, each run's trace-report summary side\n"
	      "                           by side, as seed 003's table (docs/trace.md)\n"
	      "  --set SECTION.KEY=VALUE  override a key on both sides (repeatable)\n"
	      "  --seed N                 the first seed, decimal (as --set run.seed=N at its\n"
	      "                           place: of --seed and --set run.seed the later wins)\n"
	      "  --machine host           this host's machine on both sides (as for run)\n"
	      "  --max-host-memory SIZE   the bound of each run's host-memory estimate (as for run)\n"
	      "  -h, --help               this help\n"
	      "      --version            print the version\n"
	      "Options with a value also take the --option=VALUE form.  See docs/compare.md.\n",
	      f);
}

static int parse_args(int argc, char **argv, struct compare *c)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *inline_val;
		const char **val = NULL;
		char name[32];

		opt_split(a, name, sizeof(name), &inline_val);
		if (!strcmp(name, "--json") || !strcmp(name, "--help") || !strcmp(name, "-h") ||
		    !strcmp(name, "--version") || !strcmp(name, "--trace-report")) {
			if (opt_no_value(name, a, inline_val))
				return -1;
			if (!strcmp(name, "--json"))
				c->json = true;
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

				arr = sd->texts;
				nr = &sd->nr_texts;
			}
			if (*nr == CMP_MAX_OPTS) {
				fprintf(stderr, "reclaimsim: too many %s options (at most %d)\n",
					name, CMP_MAX_OPTS);
				return -1;
			}
			val = &arr[(*nr)++];
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
				"reclaimsim: %s %s: the seeds are the same on both sides (use --seed N)\n",
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

/* Options that mean nothing together: usage errors. */
static int check_usage(struct compare *c)
{
	if (!c->side[0].nr_texts && !c->side[1].nr_texts) {
		fprintf(stderr,
			"reclaimsim: compare: nothing to compare: give --a and --b (see reclaimsim compare --help)\n");
		return -1;
	}
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
	if (c->scn.machine && strcmp(c->scn.machine, "host")) {
		fprintf(stderr, "reclaimsim: --machine %s: only 'host' is known\n", c->scn.machine);
		return -1;
	}
	if (parse_runs(c))
		return -1;
	for (int s = 0; s < 2; s++)
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
	for (int s = 0; s < 2; s++) {
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

/* Run side @sd N times; its figures go into sd->v. */
static int run_side(struct compare *c, struct side *sd, struct scenario *work)
{
	char err[SCN_ERR_LEN];

	if (c->trace_report && !(sd->trace = calloc(c->runs, sizeof(*sd->trace))))
		goto oom;
	for (unsigned int r = 0; r < c->runs; r++) {
		u64 seed = c->seed0 + r;
		struct compare_flat flat = { 0 };
		struct trace_run trace = { 0 };
		struct sim *sim;
		cJSON *obj;

		*work = *sd->scn;
		work->run.seed = seed;
		sim = sim_create(work, err, sizeof(err));
		if (!sim) {
			fprintf(stderr, "reclaimsim: %c, seed %" PRIu64 ": %s\n", sd->letter, seed,
				err);
			return -1;
		}
		if (c->trace_report) {
			if (trace_run_open(&trace, &compare_trace_opts)) {
				sim_destroy(sim);
				return -1;
			}
			trace_run_start(&trace, sim);
		}
		if (sim_run(sim)) {
			fprintf(stderr, "reclaimsim: %s: %s (side %c, seed %" PRIu64 ")\n",
				sim->scn.path, sim_error(sim), sd->letter, seed);
			trace_run_close(&trace, sim, false, NULL, NULL);
			sim_destroy(sim);
			return -1;
		}
		if (trace_run_close(&trace, sim, true, NULL,
				    c->trace_report ? &sd->trace[r] : NULL)) {
			sim_destroy(sim);
			return -1;
		}
		obj = report_json_object(sim);
		sim_destroy(sim);
		if (!obj)
			goto oom;
		if (run_cut(obj))
			sd->cut_runs++;
		if (compare_flatten(obj, &flat)) {
			compare_flat_free(&flat);
			cJSON_Delete(obj);
			goto oom;
		}
		for (size_t i = 0; i < flat.n; i++) {
			long idx = figure_index(c, flat.fig[i].name);

			if (idx < 0) {
				compare_flat_free(&flat);
				cJSON_Delete(obj);
				goto oom;
			}
			sd->v[(size_t)idx * c->runs + r] = flat.fig[i].value;
			sd->have[(size_t)idx * c->runs + r] = 1;
		}
		compare_flat_free(&flat);
		if (sd->runs)
			cJSON_AddItemToArray(sd->runs, obj);
		else
			cJSON_Delete(obj);
	}
	return 0;
oom:
	fprintf(stderr, "reclaimsim: out of memory\n");
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

/* ------------------------------------------------------------------ */
/* JSON                                                                */
/* ------------------------------------------------------------------ */

/* Integral values as their exact decimal text, others as cJSON numbers. */
static void add_stat(cJSON *o, const char *name, double v)
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
	for (int s = 0; s < 2; s++) {
		struct side *sd = &c->side[s];
		cJSON *o = cJSON_AddObjectToObject(root, sd->key), *assign, *st[4];
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
		for (size_t f = 0; f < c->nr_figs; f++) {
			struct compare_stats cs;

			if (!side_stats(c, sd, f, tmp, &cs))
				continue;
			add_stat(st[0], c->names[f], cs.mean);
			add_stat(st[1], c->names[f], cs.std);
			add_stat(st[2], c->names[f], cs.min);
			add_stat(st[3], c->names[f], cs.max);
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
			if (!matched) {
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
	for (int s = 0; s < 2; s++)
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

/* (B - A) / A * 100 of the unrounded values; "-" when A is 0 or missing. */
static void format_change(char *buf, size_t len, bool have_a, double a, bool have_b, double b)
{
	if (!have_a || !have_b || a == 0)
		snprintf(buf, len, "-");
	else if (a == b)
		snprintf(buf, len, "0.0%%");
	else
		snprintf(buf, len, "%+.1f%%", (b - a) / a * 100);
}

static void print_header(const struct compare *c)
{
	const char *path = c->scn.scenario ? c->scn.scenario : "(built-in)";
	u64 last = c->seed0 + c->runs - 1;

	printf("reclaimsim compare: %s\n", path);
	if (c->runs == 1)
		printf("runs: 1 per side, seed %" PRIu64 " on both sides\n", c->seed0);
	else
		printf("runs: %u per side, seeds %" PRIu64 "..%" PRIu64
		       ", the same on both sides\n",
		       c->runs, c->seed0, last);
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
	for (int s = 0; s < 2; s++)
		printf("%c: %s\n", c->side[s].letter,
		       c->side[s].nr_assign ? c->side[s].label : "the scenario as is");
	if (c->runs > 1)
		printf("std: standard deviation (divided by n, as the seeds' tables) over the %u runs of a side\n",
		       c->runs);
	printf("change: (B - A) / A * 100%s, from the unrounded values; - when A is 0\n",
	       c->runs > 1 ? " of the averages" : "");
	printf("\n");
}

static int print_table(struct compare *c, double *tmp)
{
	unsigned int ncol = c->runs > 1 ? 8 : 2; /* value columns, A then B */
	size_t *rows = malloc((c->nr_figs + 1) * sizeof(*rows));
	char(*cell)[CMP_CELL_LEN] = NULL; /* [row * (ncol + 1) + col], last: change */
	size_t fw = strlen("figure"), vw = 3, cw = strlen("change");
	char label[2][CMP_CELL_LEN * 4];
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
	cell = calloc((size_t)nr * (ncol + 1) + 1, sizeof(*cell));
	if (!cell)
		goto oom;
	for (long i = 0; i < nr; i++) {
		size_t f = rows[i];
		enum figure_kind kind = figure_kind(c, f);
		char(*row)[CMP_CELL_LEN] = &cell[(size_t)i * (ncol + 1)];
		struct compare_stats st[2];
		bool have[2];

		for (int s = 0; s < 2; s++) {
			char(*col)[CMP_CELL_LEN] = &row[s * (ncol / 2)];

			have[s] = side_stats(c, &c->side[s], f, tmp, &st[s]);
			if (ncol == 2) {
				if (have[s])
					format_value(col[0], CMP_CELL_LEN, st[s].mean, kind);
				else
					snprintf(col[0], CMP_CELL_LEN, "-");
				continue;
			}
			if (!have[s]) {
				for (int k = 0; k < 4; k++)
					snprintf(col[k], CMP_CELL_LEN, "-");
				continue;
			}
			format_value(col[0], CMP_CELL_LEN, st[s].min, kind);
			format_value(col[1], CMP_CELL_LEN, st[s].max, kind);
			format_value(col[2], CMP_CELL_LEN, st[s].mean, kind);
			format_value(col[3], CMP_CELL_LEN, st[s].std, kind);
		}
		format_change(row[ncol], CMP_CELL_LEN, have[0], st[0].mean, have[1], st[1].mean);
		if (strlen(c->names[f]) > fw)
			fw = strlen(c->names[f]);
		for (unsigned int k = 0; k < ncol; k++)
			if (strlen(row[k]) > vw)
				vw = strlen(row[k]);
		if (strlen(row[ncol]) > cw)
			cw = strlen(row[ncol]);
	}

	print_header(c);
	if (labels) {
		/* "A (assignments)" over a side's four columns, when it fits */
		for (int s = 0; s < 2; s++) {
			const struct side *sd = &c->side[s];

			if (sd->nr_assign)
				snprintf(label[s], sizeof(label[s]), "%c (%s)", sd->letter,
					 sd->label);
			else
				snprintf(label[s], sizeof(label[s]), "%c (the scenario as is)",
					 sd->letter);
			/* the narrowest columns under it: 4 * (vw + 2) >= len + 2 */
			need = (strlen(label[s]) + 2 + 3) / 4;
			need = need > 2 ? need - 2 : 0;
			if (need > vw && need > CMP_LABEL_WIDTH)
				snprintf(label[s], sizeof(label[s]), "%c", sd->letter);
			else if (need > vw)
				vw = need;
		}
		printf("%-*s  %-*s  %s", (int)fw, "", (int)(4 * (vw + 2) - 2), label[0], label[1]);
		printf("\n%-*s", (int)fw, "figure");
		for (int s = 0; s < 2; s++)
			printf("  %*s  %*s  %*s  %*s", (int)vw, "min", (int)vw, "max", (int)vw,
			       "avg", (int)vw, "std");
		printf("  %*s\n", (int)cw, "change");
	} else {
		printf("%-*s  %*s  %*s  %*s\n", (int)fw, "figure", (int)vw, "A", (int)vw, "B",
		       (int)cw, "change");
	}
	for (long i = 0; i < nr; i++) {
		char(*row)[CMP_CELL_LEN] = &cell[(size_t)i * (ncol + 1)];

		printf("%-*s", (int)fw, c->names[rows[i]]);
		for (unsigned int k = 0; k < ncol; k++)
			printf("  %*s", (int)vw, row[k]);
		printf("  %*s\n", (int)cw, row[ncol]);
	}
	for (int s = 0; s < 2; s++)
		if (c->side[s].cut_runs)
			printf("\nnote: %c: %u of %u run%s stopped at run.duration with a workload unfinished\n",
			       c->side[s].letter, c->side[s].cut_runs, c->runs,
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
	size_t n = 2 * (size_t)c->runs;
	struct trace_summary *sums = malloc(n * sizeof(*sums));
	const char **names = malloc(n * sizeof(*names));
	char *buf = malloc(n * 16);

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
			snprintf(buf + i * 16, 16, "%c", sd->letter);
		else
			snprintf(buf + i * 16, 16, "%c.%u", sd->letter, r + 1);
		names[i] = buf + i * 16;
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
	for (int s = 0; s < 2; s++) {
		struct side *sd = &c->side[s];

		for (unsigned int i = 0; i < sd->nr_assign; i++)
			free(sd->assign[i]);
		free(sd->assign);
		free(sd->label);
		free(sd->scn);
		free(sd->v);
		free(sd->have);
		free(sd->trace);
		cJSON_Delete(sd->runs);
	}
	for (size_t i = 0; i < c->nr_figs; i++)
		free(c->names[i]);
	free(c->names);
	free(c->slots);
}

static int compare_run(struct compare *c)
{
	struct scenario *base = malloc(sizeof(*base)), *work = malloc(sizeof(*work));
	double *tmp = malloc(c->runs * sizeof(*tmp));
	int rc = 1;

	for (int s = 0; s < 2; s++) {
		c->side[s].scn = malloc(sizeof(*c->side[s].scn));
		if (!c->side[s].scn)
			goto oom;
		if (c->json && !(c->side[s].runs = cJSON_CreateArray()))
			goto oom;
	}
	if (!base || !work || !tmp)
		goto oom;
	if (opt_build_scenario(&c->scn, base))
		goto out;
	c->seed0 = base->run.seed;
	for (int s = 0; s < 2; s++)
		if (build_side(base, &c->side[s]))
			goto out;
	if (!c->side[0].scn->nr_workloads || !c->side[1].scn->nr_workloads)
		fprintf(stderr, "reclaimsim: no workloads: nothing to run\n");
	for (int s = 0; s < 2; s++)
		if (run_side(c, &c->side[s], work))
			goto out;
	if (c->json ? print_json(c, tmp) : print_table(c, tmp))
		goto out;
	if (c->trace_report && print_trace_table(c))
		goto oom;
	rc = 0;
	goto out;
oom:
	fprintf(stderr, "reclaimsim: out of memory\n");
out:
	free(base);
	free(work);
	free(tmp);
	return rc;
}

int compare_main(int argc, char **argv, const char *version)
{
	struct compare c = {
		.side = {
			{ .letter = 'A', .opt = "--a", .key = "a" },
			{ .letter = 'B', .opt = "--b", .key = "b" },
		},
	};
	int rc;

	if (parse_args(argc, argv, &c))
		return 2;
	if (c.help) {
		compare_usage(stdout);
		return 0;
	}
	if (c.version) {
		printf("reclaimsim %s\n", version);
		return 0;
	}
	if (check_usage(&c)) {
		compare_free(&c);
		return 2;
	}
	rc = compare_run(&c);
	compare_free(&c);
	return rc;
}

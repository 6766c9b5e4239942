// SPDX-License-Identifier: MIT
/*
 * sweep.c - `reclaimsim sweep GRID`: one scenario over a grid of values.
 *
 * The grid is an INI file (docs/sweep.md):
 *
 *   [sweep]
 *   scenario = seed002-1k.ini      relative to the grid's directory
 *   seeds = 1..3                   a list or a range, as the values below
 *   figures = time.*, vmstat.pgscan_*   names or patterns kept (default: all)
 *   [set]
 *   sysctl.swappiness = 60         on every point
 *   [grid]
 *   policy.kernel = 2.6.35, 6.12   one axis per key, the first varies slowest
 *   machine.memory = 1G..16G x2
 *
 * Every (point, seed) is a run; each gives one JSON line
 *   {"point": P, "seed": S, "keys": {"policy.kernel": "6.12", ...},
 *    "figures": {"time.elapsed_s": 1.98, ...}}
 * in (point, seed) order whatever ran it: --jobs N child processes
 * (runner.c), a Slurm array (--slurm, collected by --collect), or the
 * commands of --print-commands.  Points are numbered from 1.
 */
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <glob.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <ini.h>

#include "reclaimsim/reclaimsim.h"
#include "mm/sim.h"
#include "config/reader.h"
#include "compare.h"
#include "default_scenario.h"
#include "options.h"
#include "progress.h"
#include "runner.h"
#include "sweep.h"
#include "sweep_internal.h"
#include "trace_cmd.h"

/* ------------------------------------------------------------------ */
/* Values                                                              */
/* ------------------------------------------------------------------ */

void sweep_values_free(char **vals, int n)
{
	for (int i = 0; vals && i < n; i++)
		free(vals[i]);
	free(vals);
}

static int add_value(char ***vals, int *n, const char *s, size_t len)
{
	char **v;

	if (*n >= SWEEP_MAX_VALUES)
		return -1;
	v = realloc(*vals, (size_t)(*n + 1) * sizeof(*v));
	if (!v)
		return -1;
	*vals = v;
	if (!(v[*n] = strndup(s, len)))
		return -1;
	(*n)++;
	return 0;
}

/* "16G" as 16 and "G"; false when it does not start with a digit. */
static bool split_number(const char *s, size_t len, unsigned long long *num, char *unit,
			 size_t unitlen)
{
	size_t d = 0;

	while (d < len && isdigit((unsigned char)s[d]))
		d++;
	if (!d || d > 18 || len - d >= unitlen)
		return false;
	*num = strtoull(s, NULL, 10);
	snprintf(unit, unitlen, "%.*s", (int)(len - d), s + d);
	return true;
}

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

/*
 * "FROM..TO [xK|+K]" into @vals; 1: not a range (no "..", or not a number
 * first: a path such as ../x.ini), 0: done, -1: @err says why.
 */
static int range_values(const char *text, char ***vals, int *n, char *err, size_t errlen)
{
	char buf[256], unit[2][16], *dots, *step, *a, *b;
	unsigned long long from, to, k = 1;
	bool mul = false;

	if (strlen(text) >= sizeof(buf) || !isdigit((unsigned char)*text) ||
	    !(dots = strstr(strcpy(buf, text), "..")))
		return 1;
	*dots = '\0';
	a = trim(buf);
	b = dots + 2;
	step = strpbrk(b, "x+");
	if (step) {
		mul = *step == 'x';
		*step++ = '\0';
		step = trim(step);
	}
	b = trim(b);
	if (!split_number(a, strlen(a), &from, unit[0], sizeof(unit[0])) ||
	    !split_number(b, strlen(b), &to, unit[1], sizeof(unit[1])) ||
	    strcmp(unit[0], unit[1]) || from > to || (mul && !from)) {
		snprintf(
			err, errlen,
			"'%s': expected FROM..TO [xK|+K], whole numbers with the same unit, FROM <= TO (and FROM > 0 with xK)",
			text);
		return -1;
	}
	/* the step: a factor, or an increment in the ends' unit or none */
	if (step && (!split_number(step, strlen(step), &k, unit[1], sizeof(unit[1])) ||
		     (*unit[1] && (mul || strcmp(unit[0], unit[1]))) || k < (mul ? 2u : 1u))) {
		snprintf(err, errlen, "'%s': the step must be x2 and up, or +1 and up (in %s)",
			 text, *unit[0] ? unit[0] : "no unit");
		return -1;
	}
	for (unsigned long long v = from; v <= to;) {
		char item[48];

		snprintf(item, sizeof(item), "%llu%s", v, unit[0]);
		if (add_value(vals, n, item, strlen(item))) {
			snprintf(err, errlen, "'%s': more than %d values", text, SWEEP_MAX_VALUES);
			return -1;
		}
		if (mul ? v > to / k : v > to - k)
			break;
		v = mul ? v * k : v + k;
	}
	return 0;
}

int sweep_values(const char *text, char ***vals, char *err, size_t errlen)
{
	const char *p = text;
	int n = 0, r;

	*vals = NULL;
	r = range_values(text, vals, &n, err, errlen);
	if (r <= 0) {
		if (!r)
			return n;
		sweep_values_free(*vals, n);
		*vals = NULL;
		return -1;
	}
	for (;;) {
		const char *start, *end;

		while (isspace((unsigned char)*p))
			p++;
		if (*p == '"') {
			start = ++p;
			end = strchr(p, '"');
			if (!end) {
				snprintf(err, errlen, "'%s': a quote is not closed", text);
				goto fail;
			}
			p = end + 1;
			while (isspace((unsigned char)*p))
				p++;
			if (*p && *p != ',') {
				snprintf(err, errlen, "'%s': text after a quoted value", text);
				goto fail;
			}
		} else {
			start = p;
			p += strcspn(p, ",");
			end = p;
			while (end > start && isspace((unsigned char)end[-1]))
				end--;
			if (end == start) {
				snprintf(err, errlen, "'%s': an empty value", text);
				goto fail;
			}
		}
		if (add_value(vals, &n, start, (size_t)(end - start))) {
			snprintf(err, errlen, "'%s': more than %d values", text, SWEEP_MAX_VALUES);
			goto fail;
		}
		if (!*p)
			return n;
		p++;
	}
fail:
	sweep_values_free(*vals, n);
	*vals = NULL;
	return -1;
}

/* ------------------------------------------------------------------ */
/* The grid file                                                       */
/* ------------------------------------------------------------------ */

__attribute__((format(printf, 2, 3))) static int grid_error(struct sweep *sw, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (sw->err_line)
		return 0;
	sw->err_line = sw->cur_line;
	n = snprintf(sw->err, sizeof(sw->err), "%s:%d: ", sw->grid_path, sw->cur_line);
	va_start(ap, fmt);
	vsnprintf(sw->err + n, sizeof(sw->err) - (size_t)n, fmt, ap);
	va_end(ap);
	return 0; /* stop inih */
}

/*
 * inih's reader: count lines, drop leading blanks (never a continuation);
 * a line longer than inih's buffer (INI_MAX_LINE) is an error, where
 * fgets would hand its rest to inih as the next line.
 */
static char *grid_reader(char *str, int num, void *arg)
{
	struct sweep *sw = arg;
	const char *nl;
	char *s;
	size_t lead, len;

	if (sw->err_line || !*sw->in)
		return NULL;
	sw->cur_line++;
	nl = strchr(sw->in, '\n');
	len = nl ? (size_t)(nl - sw->in) + 1 : strlen(sw->in);
	if (len > (size_t)num - 1) {
		grid_error(sw, "line too long (at most %d characters)", num - 2);
		return NULL;
	}
	memcpy(str, sw->in, len);
	str[len] = '\0';
	sw->in += len;
	s = str;
	lead = strspn(s, " \t");
	memmove(s, s + lead, strlen(s + lead) + 1);
	return str;
}

/* A scenario path of the grid: relative to the grid's directory. */
static char *grid_relative(const struct sweep *sw, const char *path)
{
	char *r;

	if (path[0] == '/' || !strcmp(sw->dir, "."))
		return strdup(path);
	return asprintf(&r, "%s/%s", sw->dir, path) < 0 ? NULL : r;
}

static int grid_handler(void *arg, const char *section, const char *name, const char *value)
{
	struct sweep *sw = arg;
	char msg[SWEEP_ERR_LEN];
	char **vals;
	int n;

	if (sw->err_line)
		return 0;
	if (strcmp(section, "sweep") && strcmp(section, "set") && strcmp(section, "grid"))
		return grid_error(sw, "[%s]: unknown section (sweep, set, grid)", section);
	if (!strcmp(section, "set")) {
		char **s = realloc(sw->sets, (size_t)(sw->nr_sets + 1) * sizeof(*s));
		int *l = realloc(sw->set_line, (size_t)(sw->nr_sets + 1) * sizeof(*l));

		if (s)
			sw->sets = s;
		if (l)
			sw->set_line = l;
		if (!s || !l || asprintf(&s[sw->nr_sets], "%s=%s", name, value) < 0)
			return grid_error(sw, "out of memory");
		l[sw->nr_sets++] = sw->cur_line;
		return 1;
	}
	if (!strcmp(section, "sweep")) {
		const int *line = !strcmp(name, "scenario") ? &sw->scenario_line :
				  !strcmp(name, "seeds")    ? &sw->seeds_line :
				  !strcmp(name, "figures")  ? &sw->figures_line :
							      NULL;

		if (!line)
			return grid_error(sw, "[sweep] %s: unknown key (scenario, seeds, figures)",
					  name);
		/* the first was silently dropped */
		if (*line)
			return grid_error(sw, "[sweep] %s: given twice (first at line %d)", name,
					  *line);
	}
	if (!strcmp(section, "sweep") && !strcmp(name, "scenario")) {
		sw->scenario_line = sw->cur_line;
		sw->scenario = *value ? grid_relative(sw, value) : NULL;
		if (*value && !sw->scenario)
			return grid_error(sw, "out of memory");
		return 1;
	}
	n = sweep_values(value, &vals, msg, sizeof(msg));
	if (n < 0)
		return grid_error(sw, "%s: %s", name, msg);
	if (!strcmp(section, "sweep") && !strcmp(name, "seeds")) {
		sw->seeds = vals;
		sw->nr_seeds = n;
		sw->seeds_line = sw->cur_line;
		for (int i = 0; i < n; i++)
			if (strspn(vals[i], "0123456789") != strlen(vals[i]) ||
			    strlen(vals[i]) > 19)
				return grid_error(sw, "seeds: '%s' is not a decimal seed", vals[i]);
		return 1;
	}
	if (!strcmp(section, "sweep")) {
		sw->figures = vals;
		sw->nr_figures = n;
		sw->figures_line = sw->cur_line;
		return 1;
	}
	/* [grid] */
	if (sw->nr_keys == SWEEP_MAX_KEYS) {
		sweep_values_free(vals, n);
		return grid_error(sw, "%s: more than %d keys", name, SWEEP_MAX_KEYS);
	}
	for (int k = 0; k < sw->nr_keys; k++)
		if (!strcmp(sw->keys[k].name, name)) {
			sweep_values_free(vals, n);
			return grid_error(sw, "%s: given twice", name);
		}
	sw->keys[sw->nr_keys++] = (struct grid_key){
		.name = strdup(name), .vals = vals, .nr = n, .line = sw->cur_line
	};
	if (!strcmp(name, "scenario")) {
		struct grid_key *gk = &sw->keys[sw->nr_keys - 1];

		gk->paths = calloc((size_t)n, sizeof(*gk->paths));
		for (int i = 0; gk->paths && i < n; i++)
			if (!(gk->paths[i] = grid_relative(sw, vals[i])))
				return grid_error(sw, "out of memory");
		if (!gk->paths)
			return grid_error(sw, "out of memory");
	}
	return 1;
}

static int grid_load(struct sweep *sw)
{
	char *copy, *slash, *text, err[512];

	if (scenario_read_text(sw->grid_path, "grid", &text, err, sizeof(err))) {
		fprintf(stderr, "reclaimsim: %s\n", err);
		return -1;
	}
	copy = strdup(sw->grid_path);
	if (!copy) {
		fprintf(stderr, "reclaimsim: %s: out of memory\n", sw->grid_path);
		free(text);
		return -1;
	}
	/* the grid's directory: its path up to the last '/', or "." */
	slash = strrchr(copy, '/');
	if (slash)
		*slash = '\0';
	else
		strcpy(copy, "."); /* copy holds at least one character and its NUL */
	sw->dir = copy;
	sw->in = text;
	ini_parse_stream(grid_reader, sw, grid_handler, sw);
	free(text);
	sw->in = NULL;
	if (sw->err_line) {
		fprintf(stderr, "reclaimsim: %s\n", sw->err);
		return -1;
	}
	sw->nr_points = 1;
	for (int k = 0; k < sw->nr_keys; k++) {
		if (sw->nr_points > SWEEP_MAX_POINTS / (size_t)sw->keys[k].nr) {
			fprintf(stderr, "reclaimsim: %s:%d: %s: the grid passes %d points\n",
				sw->grid_path, sw->keys[k].line, sw->keys[k].name,
				SWEEP_MAX_POINTS);
			return -1;
		}
		sw->nr_points *= (size_t)sw->keys[k].nr;
	}
	return 0;
}

/* The last key varies fastest (sweep_internal.h). */
int sweep_point_value(const struct sweep *sw, size_t p, int k)
{
	for (int j = sw->nr_keys - 1; j > k; j--)
		p /= (size_t)sw->keys[j].nr;
	return (int)(p % (size_t)sw->keys[k].nr);
}

/* "--set KEY=VALUE: ..." (scenario_set's) as "GRID:LINE: ...". */
static void grid_message(const struct sweep *sw, char *err, const char *assignment, int line)
{
	char prefix[SCN_ERR_LEN + 16], tmp[SWEEP_ERR_LEN];
	size_t n = (size_t)snprintf(prefix, sizeof(prefix), "--set %s: ", assignment);

	snprintf(tmp, sizeof(tmp), "%s:%d: %s", sw->grid_path, line,
		 strncmp(err, prefix, n) ? err : err + n);
	snprintf(err, SWEEP_ERR_LEN, "%s", tmp);
}

/* Read @path (NULL: the built-in) into @b: 0, or -1 out of memory. */
static int base_load(struct sweep_base *b, const char *path)
{
	int rc;

	b->s = malloc(sizeof(*b->s));
	if (!b->s) {
		fprintf(stderr, "reclaimsim: out of memory\n");
		return -1;
	}
	if (path)
		rc = scenario_load(b->s, path, b->err, sizeof(b->err));
	else
		rc = scenario_load_string(b->s, "(built-in)", default_scenario_text(), b->err,
					  sizeof(b->err));
	if (rc) {
		free(b->s);
		b->s = NULL;
	}
	return 0;
}

/*
 * Every base scenario of the grid, read once: the [sweep] scenario, or
 * each file of the "scenario" key.  Parsing one (and its kernel
 * profile) was 80 % of building a point.  0, or -1 after a message.
 */
static int bases_load(struct sweep *sw)
{
	for (int k = 0; k < sw->nr_keys; k++) {
		struct grid_key *gk = &sw->keys[k];

		if (strcmp(gk->name, "scenario"))
			continue;
		gk->bases = calloc((size_t)gk->nr, sizeof(*gk->bases));
		if (!gk->bases) {
			fprintf(stderr, "reclaimsim: out of memory\n");
			return -1;
		}
		for (int i = 0; i < gk->nr; i++)
			if (base_load(&gk->bases[i], gk->paths[i]))
				return -1;
		return 0;
	}
	return base_load(&sw->base, sw->scenario);
}

/* The point's scenario, [set], the point's values, the seed (sweep_internal.h). */
int sweep_build_run(const struct sweep *sw, size_t r, struct scenario *s, char *err)
{
	size_t p = r / (size_t)sw->nr_seeds;
	const struct sweep_base *base = &sw->base;
	const char *path = sw->scenario;
	char a[SCN_ERR_LEN];
	int line = sw->scenario_line;

	for (int k = 0; k < sw->nr_keys; k++)
		if (!strcmp(sw->keys[k].name, "scenario")) {
			int v = sweep_point_value(sw, p, k);

			base = &sw->keys[k].bases[v];
			path = sw->keys[k].paths[v];
			line = sw->keys[k].line;
		}
	if (!base->s) {
		snprintf(err, SWEEP_ERR_LEN, "%s", base->err);
		/* a file that cannot be read: the grid's line that named it */
		if (path && !strncmp(err, path, strlen(path)) && err[strlen(path)] == ':' &&
		    err[strlen(path) + 1] == ' ') {
			char tmp[SWEEP_ERR_LEN];

			snprintf(tmp, sizeof(tmp), "%s:%d: scenario: %s", sw->grid_path, line, err);
			snprintf(err, SWEEP_ERR_LEN, "%s", tmp);
		}
		return -1;
	}
	memcpy(s, base->s, sizeof(*s));
	for (int i = 0; i < sw->nr_sets; i++)
		if (scenario_set(s, sw->sets[i], err, SWEEP_ERR_LEN)) {
			grid_message(sw, err, sw->sets[i], sw->set_line[i]);
			return -1;
		}
	for (int k = 0; k < sw->nr_keys; k++) {
		const struct grid_key *gk = &sw->keys[k];

		if (!strcmp(gk->name, "scenario"))
			continue;
		snprintf(a, sizeof(a), "%s=%s", gk->name, gk->vals[sweep_point_value(sw, p, k)]);
		if (scenario_set(s, a, err, SWEEP_ERR_LEN)) {
			grid_message(sw, err, a, gk->line);
			return -1;
		}
	}
	if (sw->nr_seeds && sw->seeds) {
		snprintf(a, sizeof(a), "run.seed=%s", sw->seeds[r % (size_t)sw->nr_seeds]);
		if (scenario_set(s, a, err, SWEEP_ERR_LEN)) {
			grid_message(sw, err, a, sw->seeds_line);
			return -1;
		}
	}
	if (!scenario_validate_within(s, &sw->allow, err, SWEEP_ERR_LEN))
		return 0;
	/* the point is what made it wrong: name it */
	{
		char tmp[SWEEP_ERR_LEN];

		snprintf(tmp, sizeof(tmp), "%s: point %zu: %s", sw->grid_path, p + 1, err);
		snprintf(err, SWEEP_ERR_LEN, "%s", tmp);
	}
	return -1;
}

/* In the parent, in order: keep the line, write it out (flushed: resumable). */
static int take_line(size_t r, const char *buf, size_t len, void *arg)
{
	struct sweep *sw = arg;

	sw->lines[r] = strndup(buf, len);
	if (!sw->lines[r]) {
		fprintf(stderr, "reclaimsim: out of memory\n");
		return -1;
	}
	if (sw->out && (fputs(buf, sw->out) == EOF || fflush(sw->out))) {
		fprintf(stderr, "reclaimsim: %s: %s\n", sw->output ? sw->output : "stdout",
			strerror(errno));
		return -1;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Lines read back: --output (resume) and --collect                    */
/* ------------------------------------------------------------------ */

/*
 * A line of a results file: which run it is (its point, seed and keys
 * must be the grid's).  The run's index, or -1 after a message.
 */
static long line_run(const struct sweep *sw, const char *text, const char *path, int lineno)
{
	cJSON *o = cJSON_Parse(text), *head = NULL;
	const cJSON *p = cJSON_GetObjectItemCaseSensitive(o, "point");
	const cJSON *s = cJSON_GetObjectItemCaseSensitive(o, "seed");
	long r = -1;

	if (!cJSON_IsNumber(p) || !cJSON_IsNumber(s) || p->valuedouble < 1 ||
	    p->valuedouble > (double)sw->nr_points || p->valuedouble != floor(p->valuedouble)) {
		fprintf(stderr,
			"reclaimsim: %s:%d: not a line of this grid's sweep (a point 1..%zu and a seed)\n",
			path, lineno, sw->nr_points);
		goto out;
	}
	for (int i = 0; i < sw->nr_seeds; i++) {
		size_t run = ((size_t)p->valuedouble - 1) * (size_t)sw->nr_seeds + (size_t)i;
		char *want, *have;
		bool same;

		if (strtod(sw->seeds[i], NULL) != s->valuedouble)
			continue;
		head = sweep_line_head(sw, run);
		want = head ? cJSON_PrintUnformatted(
				      cJSON_GetObjectItemCaseSensitive(head, "keys")) :
			      NULL;
		have = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(o, "keys"));
		same = want && have && !strcmp(want, have);
		cJSON_free(want);
		cJSON_free(have);
		if (!same) {
			fprintf(stderr,
				"reclaimsim: %s:%d: point %zu's keys are not this grid's (another grid's results?)\n",
				path, lineno, (size_t)p->valuedouble);
			goto out;
		}
		r = (long)run;
		goto out;
	}
	fprintf(stderr, "reclaimsim: %s:%d: seed %.0f is not one of this grid's seeds\n", path,
		lineno, s->valuedouble);
out:
	cJSON_Delete(head);
	cJSON_Delete(o);
	return r;
}

/* Read the lines of @path into sw->lines; a missing file is empty.  0 or -1. */
/*
 * The next line of a results file into *@buf (grown, to free()), with its
 * newline: its length, 0 at the end of the file, -1 out of memory, -2 a
 * NUL byte.  A line may be long (every figure of a run of many groups),
 * but a file of zeros (a crash's unwritten blocks, /dev/zero) is refused
 * at its first byte instead of read whole.
 */
static long read_result_line(FILE *f, char **buf, size_t *cap)
{
	size_t n = 0;
	int c = 0;

	while (c != '\n' && (c = getc_unlocked(f)) != EOF) {
		if (!c)
			return -2;
		if (n + 2 > *cap) {
			size_t ncap = *cap ? *cap * 2 : 4096;
			char *nbuf = realloc(*buf, ncap);

			if (!nbuf)
				return -1;
			*buf = nbuf;
			*cap = ncap;
		}
		(*buf)[n++] = (char)c;
	}
	if (n)
		(*buf)[n] = '\0';
	return (long)n;
}

static int read_lines(struct sweep *sw, const char *path, bool missing_ok)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t cap = 0;
	long n;
	int lineno = 0, rc = 0;

	if (!f) {
		if (missing_ok && errno == ENOENT)
			return 0;
		fprintf(stderr, "reclaimsim: %s: %s\n", path, strerror(errno));
		return -1;
	}
	while ((n = read_result_line(f, &buf, &cap)) != 0) {
		long r;

		lineno++;
		if (n < 0) {
			fprintf(stderr, "reclaimsim: %s:%d: %s\n", path, lineno,
				n == -1 ?
					"out of memory" :
					"not a text file (contains a NUL byte): not a sweep's results");
			rc = -1;
			break;
		}
		if (buf[n - 1] != '\n') {
			fprintf(stderr,
				"reclaimsim: %s:%d: a line cut short (a run killed while writing?): remove it\n",
				path, lineno);
			rc = -1;
			break;
		}
		r = line_run(sw, buf, path, lineno);
		if (r < 0) {
			rc = -1;
			break;
		}
		if (sw->lines[r])
			continue; /* the same run twice (a task requeued): the first */
		sw->lines[r] = strdup(buf);
		if (!sw->lines[r]) {
			rc = -1;
			break;
		}
	}
	if (!rc && ferror(f)) {
		fprintf(stderr, "reclaimsim: %s: %s\n", path, strerror(errno ? errno : EIO));
		rc = -1;
	}
	free(buf);
	fclose(f);
	return rc;
}

/* ------------------------------------------------------------------ */
/* The summary                                                         */
/* ------------------------------------------------------------------ */

/* Print one summary row's cells, as CSV or into the table's columns. */
static void summary_cells(const struct sweep *sw, const char **cell, int n, const int *width)
{
	for (int i = 0; i < n; i++) {
		if (sw->csv)
			printf("%s%s", i ? "," : "", cell[i]);
		else if (i < sw->nr_keys + 2) /* point, keys, figure: left */
			printf("%s%-*s", i ? "  " : "", i == n - 1 ? 0 : width[i], cell[i]);
		else
			printf("  %*s", width[i], cell[i]);
	}
	putchar('\n');
}

/*
 * --summary: per point and figure, over its seeds: n, mean, std (divided
 * by n, as compare's), min, max; a table, or CSV with --csv.  The rows of
 * the runs in sw->lines, in point order.
 */
static int print_summary(struct sweep *sw)
{
	int ncol = sw->nr_keys + 7, *width = calloc((size_t)ncol, sizeof(*width));
	const char **cell = calloc((size_t)ncol, sizeof(*cell));
	double *v = malloc((size_t)sw->nr_seeds * sizeof(*v));
	cJSON **seed_figs = calloc((size_t)sw->nr_seeds, sizeof(*seed_figs));
	char num[5][40];
	int rc = -1;

	if (!width || !cell || !v || !seed_figs)
		goto out;
	cell[0] = "point";
	for (int k = 0; k < sw->nr_keys; k++)
		cell[1 + k] = sw->keys[k].name;
	cell[sw->nr_keys + 1] = "figure";
	cell[sw->nr_keys + 2] = "runs";
	cell[sw->nr_keys + 3] = "mean";
	cell[sw->nr_keys + 4] = "std";
	cell[sw->nr_keys + 5] = "min";
	cell[sw->nr_keys + 6] = "max";
	/* two passes: the widths, then the rows */
	for (int pass = 0; pass < 2; pass++) {
		if (pass || sw->csv) {
			summary_cells(sw, cell, ncol, width);
			if (sw->csv && !pass)
				pass++;
		}
		for (int i = 0; !pass && i < ncol; i++)
			width[i] = (int)strlen(cell[i]);
		for (size_t p = 0; p < sw->nr_points; p++) {
			size_t r0 = p * (size_t)sw->nr_seeds;
			cJSON *figs = NULL, *fig;
			char pbuf[24];
			const char *row[SWEEP_MAX_KEYS + 7];

			/* the point's runs' figures, parsed once */
			for (int s = 0; s < sw->nr_seeds; s++) {
				cJSON *o = sw->lines[r0 + (size_t)s] ?
						   cJSON_Parse(sw->lines[r0 + (size_t)s]) :
						   NULL;

				seed_figs[s] =
					cJSON_DetachItemFromObjectCaseSensitive(o, "figures");
				cJSON_Delete(o);
				if (!figs)
					figs = seed_figs[s];
			}
			snprintf(pbuf, sizeof(pbuf), "%zu", p + 1);
			row[0] = pbuf;
			for (int k = 0; k < sw->nr_keys; k++)
				row[1 + k] = sw->keys[k].vals[sweep_point_value(sw, p, k)];
			cJSON_ArrayForEach(fig, figs)
			{
				struct compare_stats st;
				size_t n = 0;
				bool whole = true;

				for (int s = 0; s < sw->nr_seeds; s++) {
					const cJSON *x = cJSON_GetObjectItemCaseSensitive(
						seed_figs[s], fig->string);

					if (cJSON_IsNumber(x)) {
						v[n++] = x->valuedouble;
						whole &= x->valuedouble == floor(x->valuedouble);
					}
				}
				if (compare_stats(v, n, &st))
					continue;
				snprintf(num[0], sizeof(num[0]), "%zu", n);
				snprintf(num[1], sizeof(num[1]), "%.9g", st.mean);
				snprintf(num[2], sizeof(num[2]), "%.9g", st.std);
				snprintf(num[3], sizeof(num[3]), whole ? "%.0f" : "%.9g", st.min);
				snprintf(num[4], sizeof(num[4]), whole ? "%.0f" : "%.9g", st.max);
				row[sw->nr_keys + 1] = fig->string;
				for (int i = 0; i < 5; i++)
					row[sw->nr_keys + 2 + i] = num[i];
				if (pass) {
					summary_cells(sw, row, ncol, width);
					continue;
				}
				for (int i = 0; i < ncol; i++)
					if ((int)strlen(row[i]) > width[i])
						width[i] = (int)strlen(row[i]);
			}
			for (int s = 0; s < sw->nr_seeds; s++)
				cJSON_Delete(seed_figs[s]);
		}
	}
	rc = 0;
out:
	if (rc)
		fprintf(stderr, "reclaimsim: out of memory\n");
	free(width);
	free(cell);
	free(v);
	free(seed_figs);
	return rc;
}

/* ------------------------------------------------------------------ */
/* The command                                                         */
/* ------------------------------------------------------------------ */

static void sweep_usage(FILE *f)
{
	fputs("usage: reclaimsim sweep GRID [--jobs N] [--output FILE] [--summary [--csv]]\n"
	      "                        [--points FROM[..TO]] [--traces DIR [--trace-size SIZE]]\n"
	      "                        [--quiet]\n"
	      "       reclaimsim sweep GRID --print-commands\n"
	      "       reclaimsim sweep GRID --slurm DIR [--partition P] [--time T] [--mem M]\n"
	      "                        [--chunk N] [--no-submit]\n"
	      "       reclaimsim sweep GRID --collect DIR [--summary [--csv]]\n"
	      "\n"
	      "Run the scenario of GRID at every point of its grid with each of its seeds\n"
	      "and print one JSON line per (point, seed), in that order (docs/sweep.md).\n"
	      "\n"
	      "options:\n"
	      "  --jobs N                 runs at a time, each its own process (default: the\n"
	      "                           CPU count); the output does not depend on it\n"
	      "  --output FILE            the lines go to FILE; the runs FILE has already are\n"
	      "                           not run again (resume an interrupted sweep)\n"
	      "  --summary                per point and figure: runs, mean, std (divided by\n"
	      "                           n), min, max, instead of the lines (which go to\n"
	      "                           --output when given)\n"
	      "  --csv                    the summary as CSV\n"
	      "  --points FROM[..TO]      only these points (numbered from 1)\n"
	      "  --traces DIR             each run's vmscan trace (run --trace) in DIR, a file\n"
	      "                           named after the point's keys and the seed; its\n"
	      "                           line names it (\"trace\")\n"
	      "  --trace-size SIZE        cap each trace's event lines (default " TRACE_SIZE_DEFAULT
	      ")\n"
	      "  --print-commands         one command per point, for GNU parallel and others\n"
	      "  --slurm DIR              write DIR/sweep.sbatch, a Slurm job array of the\n"
	      "                           points, and submit it with sbatch; --time, --mem\n"
	      "                           (sbatch's formats) are derived unless given\n"
	      "  --partition P, --time T, --mem M, --chunk N (points per array task, 1)\n"
	      "  --no-submit              write the job script, do not call sbatch\n"
	      "  --collect DIR            the lines (or --summary) of a --slurm sweep's results\n"
	      "  --quiet                  no progress line on a terminal\n"
	      "  -h, --help               this help\n"
	      "      --version            print the version\n",
	      f);
}

static int parse_args(int argc, char **argv, struct sweep *sw)
{
	static const struct {
		const char *name;
		size_t off;
	} vals[] = {
		{ "--jobs", offsetof(struct sweep, jobs_text) },
		{ "--output", offsetof(struct sweep, output) },
		{ "--points", offsetof(struct sweep, points_text) },
		{ "--slurm", offsetof(struct sweep, slurm_dir) },
		{ "--collect", offsetof(struct sweep, collect_dir) },
		{ "--partition", offsetof(struct sweep, partition) },
		{ "--time", offsetof(struct sweep, time) },
		{ "--mem", offsetof(struct sweep, mem) },
		{ "--chunk", offsetof(struct sweep, chunk_text) },
		{ "--traces", offsetof(struct sweep, traces_dir) },
		{ "--trace-size", offsetof(struct sweep, trace_size) },
	};
	static const struct {
		const char *name;
		size_t off;
	} flags[] = {
		{ "--summary", offsetof(struct sweep, summary) },
		{ "--csv", offsetof(struct sweep, csv) },
		{ "--print-commands", offsetof(struct sweep, print_commands) },
		{ "--no-submit", offsetof(struct sweep, no_submit) },
		{ "--quiet", offsetof(struct sweep, quiet) },
		{ "--help", offsetof(struct sweep, help) },
		{ "-h", offsetof(struct sweep, help) },
		{ "--version", offsetof(struct sweep, version) },
	};

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *inline_val;
		char name[32];
		bool known = false;

		opt_split(a, name, sizeof(name), &inline_val);
		for (size_t k = 0; k < sizeof(flags) / sizeof(flags[0]) && !known; k++)
			if (!strcmp(name, flags[k].name)) {
				if (opt_no_value(name, a, inline_val))
					return -1;
				*(bool *)((char *)sw + flags[k].off) = true;
				known = true;
			}
		for (size_t k = 0; k < sizeof(vals) / sizeof(vals[0]) && !known; k++)
			if (!strcmp(name, vals[k].name)) {
				if (opt_value(argc, argv, &i, a, inline_val,
					      (const char **)(void *)((char *)sw + vals[k].off)))
					return -1;
				known = true;
			}
		if (known)
			continue;
		if (a[0] == '-') {
			fprintf(stderr,
				"reclaimsim: unknown option '%s' (see reclaimsim sweep --help)\n",
				a);
			return -1;
		}
		if (opt_scenario(a, &sw->grid_path))
			return -1;
	}
	return 0;
}

/* Options that do not go together, and --points; usage errors. */
static int check_usage(struct sweep *sw)
{
	int modes = !!sw->print_commands + !!sw->slurm_dir + !!sw->collect_dir;
	char err[128];
	u64 cap;

	if (!sw->grid_path) {
		fprintf(stderr, "reclaimsim: sweep: no GRID (see reclaimsim sweep --help)\n");
		return -1;
	}
	if (modes > 1) {
		fprintf(stderr,
			"reclaimsim: sweep: --print-commands, --slurm and --collect go alone\n");
		return -1;
	}
	if (sw->csv && !sw->summary) {
		fprintf(stderr,
			"reclaimsim: sweep: --csv is the summary's format: with --summary\n");
		return -1;
	}
	if ((sw->partition || sw->time || sw->mem || sw->chunk_text || sw->no_submit) &&
	    !sw->slurm_dir) {
		fprintf(stderr,
			"reclaimsim: sweep: --partition, --time, --mem, --chunk and --no-submit go with --slurm\n");
		return -1;
	}
	if ((sw->slurm_dir || sw->print_commands) && (sw->summary || sw->output)) {
		fprintf(stderr,
			"reclaimsim: sweep: --summary and --output go with a local run or --collect\n");
		return -1;
	}
	if (sw->trace_size && !sw->traces_dir) {
		fprintf(stderr, "reclaimsim: sweep: --trace-size goes with --traces DIR\n");
		return -1;
	}
	if (sw->trace_size && parse_size(sw->trace_size, 0, &cap, err, sizeof(err))) {
		fprintf(stderr, "reclaimsim: --trace-size %s: %s\n", sw->trace_size, err);
		return -1;
	}
	if (modes && sw->traces_dir) {
		fprintf(stderr, "reclaimsim: sweep: --traces goes with a local run\n");
		return -1;
	}
	if (sw->collect_dir && sw->output) {
		fprintf(stderr, "reclaimsim: sweep: --collect prints its lines: no --output\n");
		return -1;
	}
	return runner_jobs(sw->jobs_text, &sw->jobs);
}

/* --points FROM[..TO], numbered from 1; after the grid is read. */
static int parse_points(struct sweep *sw)
{
	unsigned long long a, b;
	char *end;

	sw->first = 0;
	sw->last = sw->nr_points - 1;
	if (!sw->points_text)
		return 0;
	errno = 0;
	a = strtoull(sw->points_text, &end, 10);
	b = a;
	if (!strncmp(end, "..", 2))
		b = strtoull(end + 2, &end, 10);
	if (!isdigit((unsigned char)sw->points_text[0]) || *end || errno || a < 1 || b < a ||
	    b > sw->nr_points) {
		fprintf(stderr, "reclaimsim: --points %s: expected FROM[..TO] within 1..%zu\n",
			sw->points_text, sw->nr_points);
		return -1;
	}
	sw->first = (size_t)a - 1;
	sw->last = (size_t)b - 1;
	return 0;
}

/*
 * Every point of --points builds: a wrong one fails now, before any run.
 * A point takes ~5 us to build from its base (bench/results/sweep-check.txt),
 * so a grid of 505,000 points takes seconds: it shows the progress line
 * as runs do, and Ctrl-C stops it.
 * Returns the exit status: 0, 1 (a bad point) or 130 (interrupted).
 */
static int check_points(struct sweep *sw)
{
	char err[SWEEP_ERR_LEN];
	size_t n = sw->last - sw->first + 1;
	int rc = 0;

	progress_start(!sw->quiet);
	for (size_t p = sw->first; p <= sw->last && !rc; p++) {
		progress_steps("points checked", p - sw->first, n);
		if (progress_interrupted()) {
			rc = PROGRESS_EXIT_INTERRUPTED;
		} else if (sweep_build_run(sw, p * (size_t)sw->nr_seeds, sw->work, err)) {
			progress_end();
			fprintf(stderr, "reclaimsim: %s\n", err);
			rc = 1;
		}
	}
	progress_end();
	if (rc == PROGRESS_EXIT_INTERRUPTED)
		fprintf(stderr, "reclaimsim: sweep interrupted checking its points: nothing run\n");
	return rc;
}

/*
 * Each [sweep] figures pattern must keep a figure of some line, as
 * compare's --figures (a typo kept none and printed lines of no
 * figures).  Checked over the whole grid only: a Slurm job's --points
 * may hold none of a scenario's workloads that another point has.
 */
static int check_figures(const struct sweep *sw)
{
	if (sw->first || sw->last + 1 != sw->nr_points)
		return 0;
	for (int i = 0; i < sw->nr_figures; i++) {
		bool kept = false;

		for (size_t r = 0; r < sw->nr_runs && !kept; r++) {
			cJSON *line = sw->lines[r] ? cJSON_Parse(sw->lines[r]) : NULL;
			const cJSON *f;

			cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(
						      line, "figures")) if (!fnmatch(sw->figures[i],
										     f->string, 0))
				kept = true;
			cJSON_Delete(line);
		}
		if (!kept) {
			fprintf(stderr,
				"reclaimsim: %s:%d: figures: '%s' matches no figure of the runs\n",
				sw->grid_path, sw->figures_line, sw->figures[i]);
			return -1;
		}
	}
	return 0;
}

/* --collect DIR: every DIR/results/ *.jsonl; each run of the points once. */
static int collect(struct sweep *sw)
{
	char *pattern;
	glob_t g;
	size_t missing = 0, first_missing = 0;

	if (asprintf(&pattern, "%s/results/*.jsonl", sw->collect_dir) < 0)
		return 1;
	if (glob(pattern, 0, NULL, &g)) {
		fprintf(stderr, "reclaimsim: --collect %s: no results (%s)\n", sw->collect_dir,
			pattern);
		free(pattern);
		return 1;
	}
	free(pattern);
	for (size_t i = 0; i < g.gl_pathc; i++)
		if (read_lines(sw, g.gl_pathv[i], false)) {
			globfree(&g);
			return 1;
		}
	globfree(&g);
	for (size_t r = sw->first * (size_t)sw->nr_seeds; r < (sw->last + 1) * (size_t)sw->nr_seeds;
	     r++)
		if (!sw->lines[r] && !missing++)
			first_missing = r;
	if (missing) {
		fprintf(stderr,
			"reclaimsim: --collect %s: %zu runs missing, the first point %zu seed %s (still running, or failed: see %s/logs)\n",
			sw->collect_dir, missing, first_missing / (size_t)sw->nr_seeds + 1,
			sw->seeds[first_missing % (size_t)sw->nr_seeds], sw->collect_dir);
		return 1;
	}
	if (check_figures(sw))
		return 1;
	if (sw->summary)
		return print_summary(sw) ? 1 : 0;
	for (size_t r = sw->first * (size_t)sw->nr_seeds; r < (sw->last + 1) * (size_t)sw->nr_seeds;
	     r++)
		fputs(sw->lines[r], stdout);
	return 0;
}

/* The local run: every run of the points not in --output yet. */
static int run_local(struct sweep *sw)
{
	struct runner r = { .nr = sw->nr_runs,
			    .jobs = sw->jobs,
			    .run = sweep_run_one,
			    .done = take_line,
			    .arg = sw };
	int rc;

	for (size_t i = 0; i < sw->nr_runs; i++) {
		size_t p = i / (size_t)sw->nr_seeds;

		sw->skip[i] = p < sw->first || p > sw->last;
	}
	if (sw->output && read_lines(sw, sw->output, true))
		return 1;
	/* every point of --points was built before (check_points) */
	for (size_t i = 0; i < sw->nr_runs; i++)
		if (sw->lines[i])
			sw->skip[i] = true;
	if (sweep_traces_prepare(sw))
		return 1;
	if (sw->output) {
		sw->out = fopen(sw->output, "a");
		if (!sw->out) {
			fprintf(stderr, "reclaimsim: --output %s: %s\n", sw->output,
				strerror(errno));
			return 1;
		}
	} else if (!sw->summary) {
		sw->out = stdout;
	}
	progress_start(!sw->quiet);
	rc = runner_run(&r, sw->skip);
	if (sw->out && sw->out != stdout && fclose(sw->out) && !rc) {
		fprintf(stderr, "reclaimsim: --output %s: %s\n", sw->output, strerror(errno));
		rc = 1;
	}
	sw->out = NULL;
	if (rc == PROGRESS_EXIT_INTERRUPTED)
		fprintf(stderr, "reclaimsim: sweep interrupted: the runs done are %s%s\n",
			sw->output ? "in " : "printed",
			sw->output ? sw->output : " (--output FILE resumes)");
	if (!rc && check_figures(sw))
		rc = 1;
	if (!rc && sw->summary)
		rc = print_summary(sw) ? 1 : 0;
	return rc;
}

static void sweep_free(struct sweep *sw)
{
	free(sw->dir);
	free(sw->scenario);
	for (int i = 0; i < sw->nr_sets; i++)
		free(sw->sets[i]);
	free(sw->sets);
	free(sw->set_line);
	for (int k = 0; k < sw->nr_keys; k++) {
		free(sw->keys[k].name);
		sweep_values_free(sw->keys[k].vals, sw->keys[k].nr);
		sweep_values_free(sw->keys[k].paths, sw->keys[k].nr);
		for (int i = 0; sw->keys[k].bases && i < sw->keys[k].nr; i++)
			free(sw->keys[k].bases[i].s);
		free(sw->keys[k].bases);
	}
	free(sw->base.s);
	sweep_values_free(sw->seeds, sw->nr_seeds);
	sweep_values_free(sw->figures, sw->nr_figures);
	for (size_t i = 0; sw->lines && i < sw->nr_runs; i++)
		free(sw->lines[i]);
	free(sw->lines);
	free(sw->skip);
	free(sw->work);
}

/* No seeds in the grid: the scenario's run.seed (as `run` would). */
static int default_seed(struct sweep *sw)
{
	char err[SWEEP_ERR_LEN];

	sw->nr_seeds = 1; /* sweep_build_run() applies no seed while sw->seeds is NULL */
	if (sweep_build_run(sw, 0, sw->work, err)) {
		fprintf(stderr, "reclaimsim: %s\n", err);
		return -1;
	}
	sw->seeds = calloc(1, sizeof(*sw->seeds));
	if (!sw->seeds || asprintf(&sw->seeds[0], "%" PRIu64, (uint64_t)sw->work->run.seed) < 0) {
		fprintf(stderr, "reclaimsim: out of memory\n");
		return -1;
	}
	return 0;
}

int sweep_main(int argc, char **argv, const char *version)
{
	struct sweep sw = { 0 };
	int rc = 1;

	if (parse_args(argc, argv, &sw))
		return 2;
	if (sw.help) {
		sweep_usage(stdout);
		return 0;
	}
	if (sw.version) {
		printf("reclaimsim %s\n", version);
		return 0;
	}
	if (check_usage(&sw))
		return 2;
	sw.work = malloc(sizeof(*sw.work));
	if (!sw.work || grid_load(&sw) || bases_load(&sw))
		goto out;
	host_allowance(&sw.allow);
	if (!sw.nr_seeds && default_seed(&sw))
		goto out;
	sw.nr_runs = sw.nr_points * (size_t)sw.nr_seeds;
	sw.lines = calloc(sw.nr_runs, sizeof(*sw.lines));
	sw.skip = calloc(sw.nr_runs, sizeof(*sw.skip));
	if (!sw.lines || !sw.skip) {
		fprintf(stderr, "reclaimsim: out of memory\n");
		goto out;
	}
	if (parse_points(&sw)) {
		rc = 2;
		goto out;
	}
	if (!sw.collect_dir) {
		rc = check_points(&sw);
		if (rc)
			goto out;
		rc = 1;
	}
	if (sw.print_commands)
		rc = sweep_print_commands(&sw) ? 1 : 0;
	else if (sw.slurm_dir)
		rc = sweep_slurm(&sw);
	else if (sw.collect_dir)
		rc = collect(&sw);
	else
		rc = run_local(&sw);
out:
	sweep_free(&sw);
	return rc;
}

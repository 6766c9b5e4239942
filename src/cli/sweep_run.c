// SPDX-License-Identifier: MIT
/*
 * sweep_run.c - one run of a sweep, in the child process the runner
 * (runner.c) made for it: the point's scenario, the simulation, the
 * run's JSON line and, with --traces DIR, its vmscan trace in a file of
 * DIR named after the point's keys and the seed (docs/sweep.md).
 */
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "reclaimsim/reclaimsim.h"
#include "mm/sim.h"
#include "report/report.h"
#include "compare.h"
#include "sweep_internal.h"
#include "trace_cmd.h"

/* The keys' part of a trace file's name at most: the whole within NAME_MAX. */
#define TRACE_NAME_KEYS 200

static bool figure_kept(const struct sweep *sw, const char *name)
{
	if (!sw->nr_figures)
		return true;
	for (int i = 0; i < sw->nr_figures; i++)
		if (!fnmatch(sw->figures[i], name, 0))
			return true;
	return false;
}

cJSON *sweep_line_head(const struct sweep *sw, size_t r)
{
	size_t p = r / (size_t)sw->nr_seeds;
	cJSON *o = cJSON_CreateObject(), *keys;
	char buf[32];

	if (!o)
		return NULL;
	snprintf(buf, sizeof(buf), "%zu", p + 1);
	cJSON_AddRawToObject(o, "point", buf);
	cJSON_AddRawToObject(o, "seed", sw->seeds[r % (size_t)sw->nr_seeds]);
	keys = cJSON_AddObjectToObject(o, "keys");
	for (int k = 0; keys && k < sw->nr_keys; k++)
		cJSON_AddStringToObject(keys, sw->keys[k].name,
					sw->keys[k].vals[sweep_point_value(sw, p, k)]);
	return o;
}

/* Append @s to @name (@len bytes so far, at most @max), unsafe bytes as '-'. */
static size_t name_add(char *name, size_t len, size_t max, const char *s)
{
	for (; *s && len < max; s++)
		name[len++] = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
				     "0123456789._+-=,",
				     *s) ?
				      *s :
				      '-';
	name[len] = '\0';
	return len;
}

/*
 * The trace file of run @r in @path (PATH_MAX bytes):
 * DIR/pPOINT,KEY=VALUE,...,seed=SEED.trace, the keys in the grid's order,
 * a scenario by its file name without ".ini", a byte that a shell or a
 * file system might mind as '-', the keys cut at TRACE_NAME_KEYS bytes.
 * The point's number keeps apart two points whose names would read the
 * same.  0, or -1 when the path is too long.
 */
static int trace_path(const struct sweep *sw, size_t r, char *path)
{
	size_t p = r / (size_t)sw->nr_seeds, len;
	char name[TRACE_NAME_KEYS + 1];

	len = (size_t)snprintf(name, sizeof(name), "p%zu", p + 1);
	for (int k = 0; k < sw->nr_keys; k++) {
		const char *v = sw->keys[k].vals[sweep_point_value(sw, p, k)];
		const char *slash = strrchr(v, '/');
		char value[PATH_MAX];

		if (!strcmp(sw->keys[k].name, "scenario")) {
			snprintf(value, sizeof(value), "%s", slash ? slash + 1 : v);
			if (strlen(value) > 4 && !strcmp(value + strlen(value) - 4, ".ini"))
				value[strlen(value) - 4] = '\0';
			v = value;
		}
		len = name_add(name, len, TRACE_NAME_KEYS, ",");
		len = name_add(name, len, TRACE_NAME_KEYS, sw->keys[k].name);
		len = name_add(name, len, TRACE_NAME_KEYS, "=");
		len = name_add(name, len, TRACE_NAME_KEYS, v);
	}
	if (snprintf(path, PATH_MAX, "%s/%s,seed=%s.trace", sw->traces_dir, name,
		     sw->seeds[r % (size_t)sw->nr_seeds]) >= PATH_MAX) {
		fprintf(stderr, "reclaimsim: --traces %s: the path of a trace is too long\n",
			sw->traces_dir);
		return -1;
	}
	return 0;
}

int sweep_traces_prepare(const struct sweep *sw)
{
	char path[PATH_MAX];

	if (!sw->traces_dir)
		return 0;
	if (mkdir(sw->traces_dir, 0777) && errno != EEXIST) {
		fprintf(stderr, "reclaimsim: --traces %s: %s\n", sw->traces_dir, strerror(errno));
		return -1;
	}
	/* every run's path fits (the longest names are the same length for any seed) */
	for (size_t r = 0; r < sw->nr_runs; r++)
		if (trace_path(sw, r, path))
			return -1;
	return 0;
}

/* The line of a run that ended, @obj its run --json object, to @out. */
static int put_line(struct sweep *sw, size_t r, cJSON *obj, const char *trace, FILE *out)
{
	struct compare_flat flat = { 0 };
	cJSON *line = sweep_line_head(sw, r), *figs;
	char *text = NULL;
	int rc = -1;

	if (!line || (trace && !cJSON_AddStringToObject(line, "trace", trace)) ||
	    compare_flatten(obj, &flat) || !(figs = cJSON_AddObjectToObject(line, "figures")))
		goto out;
	for (size_t i = 0; i < flat.n; i++)
		if (figure_kept(sw, flat.fig[i].name))
			compare_add_figure(figs, flat.fig[i].name, flat.fig[i].value);
	text = cJSON_PrintUnformatted(line);
	if (text) {
		fprintf(out, "%s\n", text);
		rc = 0;
	}
out:
	if (rc)
		fprintf(stderr, "reclaimsim: out of memory\n");
	cJSON_free(text);
	compare_flat_free(&flat);
	cJSON_Delete(line);
	return rc;
}

int sweep_run_one(size_t r, FILE *out, void *arg)
{
	struct sweep *sw = arg;
	char err[SWEEP_ERR_LEN], path[PATH_MAX];
	struct trace_opts topts = { 0 }; /* none: no trace */
	struct trace_run trace;
	cJSON *obj;
	struct sim *sim;
	int rc;

	if (sweep_build_run(sw, r, sw->work, err)) {
		fprintf(stderr, "reclaimsim: %s\n", err);
		return -1;
	}
	if (sw->traces_dir) {
		if (trace_path(sw, r, path))
			return -1;
		topts.file = path;
		topts.size = sw->trace_size;
	}
	if (trace_run_open(&trace, &topts))
		return -1;
	sim = sim_create(sw->work, err, sizeof(err));
	if (!sim) {
		fprintf(stderr, "reclaimsim: %s\n", err);
		trace_run_close(&trace, NULL, false, NULL, NULL);
		return -1;
	}
	trace_run_start(&trace, sim);
	if (sim_run(sim)) {
		fprintf(stderr, "reclaimsim: %s: %s (point %zu, seed %s)\n", sim->scn.path,
			sim_error(sim), r / (size_t)sw->nr_seeds + 1,
			sw->seeds[r % (size_t)sw->nr_seeds]);
		trace_run_close(&trace, sim, false, NULL, NULL);
		sim_destroy(sim);
		return -1;
	}
	if (trace_run_close(&trace, sim, true, NULL, NULL)) {
		sim_destroy(sim);
		return -1;
	}
	obj = report_json_object(sim);
	sim_destroy(sim);
	if (!obj) {
		fprintf(stderr, "reclaimsim: out of memory\n");
		return -1;
	}
	rc = put_line(sw, r, obj, sw->traces_dir ? path : NULL, out);
	cJSON_Delete(obj);
	return rc;
}

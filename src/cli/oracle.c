// SPDX-License-Identifier: MIT
/*
 * oracle.c - `reclaimsim oracle`: how close is the model to the real
 * kernel?
 *
 *   reclaimsim oracle [--dir DIR] [--json] [--only NAME]
 *
 * data/oracle/summary.json holds, for every oracle configuration (a
 * workload run three times inside a memcg on Linux 6.18, see
 * shared/oracle/README.md, and the wider grid measured by
 * data/oracle/src/run_grid.py), the kernel's counters per run and the
 * scenario that mirrors the configuration.  Each scenario runs as many
 * times as the kernel ran the configuration, with seeds 1..runs, and every
 * counter's kernel mean is printed beside the simulated mean (with both
 * min..max), the ratio and a verdict.  This is a report, not a test: the exit status is 0
 * whatever the verdicts are, and non-zero only when a file cannot be read.
 *
 * The summary is committed (tools/extract_oracle_summary.py writes it from
 * shared/oracle/results) so that this runs on a clean checkout.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "reclaimsim/reclaimsim.h"
#include "mm/sim.h"
#include "config/reader.h"
#include "report/report.h"
#include "sim/util.h"
#include "workload/workload.h"
#include "oracle.h"
#include "options.h"

#define ORACLE_SEED 1 /* the first seed; run r uses ORACLE_SEED + r */
#define ORACLE_DIR_LEN 4096 /* --dir, PATH_MAX */
#define ORACLE_SUMMARY_MAX (64u << 20) /* summary.json: 244 KB; /dev/zero is not one */

/*
 * The counters the summary line counts: what the model is tuned for
 * (issue 11's list: faults, swap traffic, reclaimed pages of each LRU,
 * refaults, OOM kills; pglazyfreed for madvfree).
 */
static const char *const targeted[] = {
	"pgmajfault",
	"pswpout",
	"pswpin",
	"pgsteal_anon",
	"pgsteal_file",
	"workingset_refault_anon",
	"workingset_refault_file",
	"oom_kill",
	"pglazyfreed",
};
#define NR_TARGETED (sizeof(targeted) / sizeof(targeted[0]))

/* The derived row: reclaimed pages of both kinds. */
#define PGSTEAL_SUM "pgsteal_anon+file"

/* ------------------------------------------------------------------ */
/* Verdicts */

double oracle_ratio(double kernel, double sim)
{
	if (isnan(kernel) || isnan(sim) || kernel == 0)
		return NAN;
	return sim / kernel;
}

/*
 * Within +-ORACLE_TOLERANCE of @kernel.  The slack of one part in 1e9 keeps
 * a ratio of exactly 0.75 or 1.25 on the inside although its computation
 * in binary floating point may land a hair outside.
 */
static bool oracle_within(double kernel, double sim)
{
	if (kernel == 0)
		return sim == 0;
	return fabs(sim - kernel) <= ORACLE_TOLERANCE * fabs(kernel) * (1 + 1e-9);
}

const char *oracle_verdict_how(enum oracle_compare how, double kernel, double sim)
{
	if (isnan(kernel) || isnan(sim))
		return "n/a";
	switch (how) {
	case ORACLE_EXACT:
		if (sim == kernel)
			return "ok";
		break;
	case ORACLE_COUNT:
		if (kernel <= ORACLE_SMALL && sim <= ORACLE_SMALL)
			return "small";
		/* fall through */
	case ORACLE_MEASURE:
		if ((kernel == 0) != (sim == 0))
			return "DIRECTION";
		if (oracle_within(kernel, sim))
			return "ok";
		return "off";
	}
	return (kernel == 0) != (sim == 0) ? "DIRECTION" : "off";
}

const char *oracle_verdict(double kernel, double sim)
{
	return oracle_verdict_how(ORACLE_COUNT, kernel, sim);
}

/* ------------------------------------------------------------------ */
/* data/oracle/summary.json */

static const char *const memcg_counters[] = {
	"failcnt",
	"max_usage_in_bytes",
	"oom_kill",
	"pgmajfault",
	"memcg_pgpgin",
	"memcg_pgpgout",
	"workingset_refault_anon",
	"workingset_refault_file",
};
static const char *const run_counters[] = { "exit_signal", "wall_s" };
/*
 * /proc/diskstats' request counts of the disk under the run: the real
 * machine's one disk holds the file system and the swap file, so the
 * model's figure is its disk's and its swap device's summed.
 */
static const char *const diskstats_counters[] = {
	"disk_reads",  "disk_read_merges",  "disk_sectors_read",
	"disk_writes", "disk_write_merges", "disk_sectors_written",
};

static bool in_list(const char *name, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(name, list[i]))
			return true;
	return false;
}

static int vm_event_index(const char *name)
{
	for (int i = 0; i < NR_VM_EVENT_ITEMS; i++)
		if (vm_event_name[i] && !strcmp(vm_event_name[i], name))
			return i;
	return -1;
}

/* Copy string member @key of @o into @dst; -1 if missing or too long. */
static int get_str(char *dst, size_t len, const cJSON *o, const char *key, const char *where,
		   char *err, size_t errlen)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	if (!cJSON_IsString(v)) {
		snprintf(err, errlen, "%s: no \"%s\" string", where, key);
		return -1;
	}
	if (strlen(v->valuestring) >= len) {
		snprintf(err, errlen, "%s: \"%s\" longer than %zu characters", where, key, len - 1);
		return -1;
	}
	strcpy(dst, v->valuestring);
	return 0;
}

/* min, max and mean over the runs that have a value (NAN if none has). */
static void stat_update(struct oracle_stat *st)
{
	unsigned int n = 0;
	double sum = 0;

	st->min = st->max = st->mean = NAN;
	for (unsigned int i = 0; i < st->nr_values; i++) {
		double v = st->values[i];

		if (isnan(v))
			continue;
		if (!n || v < st->min)
			st->min = v;
		if (!n || v > st->max)
			st->max = v;
		sum += v;
		n++;
	}
	if (n)
		st->mean = sum / n;
}

static int get_values(struct oracle_stat *st, const cJSON *o, const char *where, char *err,
		      size_t errlen)
{
	const cJSON *vals = cJSON_GetObjectItemCaseSensitive(o, "values");
	const cJSON *v;

	if (!cJSON_IsArray(vals)) {
		snprintf(err, errlen, "%s: no \"values\" list", where);
		return -1;
	}
	st->nr_values = 0;
	cJSON_ArrayForEach(v, vals)
	{
		if (st->nr_values == ORACLE_MAX_RUNS) {
			snprintf(err, errlen, "%s: more than %d values", where, ORACLE_MAX_RUNS);
			return -1;
		}
		if (cJSON_IsNull(v)) {
			st->values[st->nr_values++] = NAN;
		} else if (cJSON_IsNumber(v)) {
			st->values[st->nr_values++] = v->valuedouble;
		} else {
			snprintf(err, errlen, "%s: values[%u] is not a number", where,
				 st->nr_values);
			return -1;
		}
	}
	/* the file's min/max/mean are for readers; these are computed alike */
	stat_update(st);
	if (isnan(st->mean)) {
		snprintf(err, errlen, "%s: no run has a value", where);
		return -1;
	}
	return 0;
}

static int load_counter(struct oracle_counter *c, const cJSON *j, const char *where, char *err,
			size_t errlen)
{
	char how[16] = "count";

	if (get_str(c->name, sizeof(c->name), j, "name", where, err, errlen) ||
	    get_str(c->source, sizeof(c->source), j, "source", where, err, errlen) ||
	    get_str(c->unit, sizeof(c->unit), j, "unit", where, err, errlen))
		return -1;
	if (cJSON_GetObjectItemCaseSensitive(j, "compare") &&
	    get_str(how, sizeof(how), j, "compare", where, err, errlen))
		return -1;
	if (!strcmp(how, "count")) {
		c->how = ORACLE_COUNT;
	} else if (!strcmp(how, "exact")) {
		c->how = ORACLE_EXACT;
	} else if (!strcmp(how, "measure")) {
		c->how = ORACLE_MEASURE;
	} else {
		snprintf(err, errlen, "%s: %s: compare \"%s\": expected count, exact or measure",
			 where, c->name, how);
		return -1;
	}
	/*
	 * memcg, vmstat and run figures are a closed set the simulator keeps,
	 * so a name it does not know is a mistake in the file.  Program
	 * figures are whatever the workload reports at the end of the run.
	 */
	if (!strcmp(c->source, "memcg")) {
		if (!in_list(c->name, memcg_counters,
			     sizeof(memcg_counters) / sizeof(memcg_counters[0])))
			goto unknown;
	} else if (!strcmp(c->source, "vmstat")) {
		if (vm_event_index(c->name) < 0)
			goto unknown;
	} else if (!strcmp(c->source, "run")) {
		if (!in_list(c->name, run_counters, sizeof(run_counters) / sizeof(run_counters[0])))
			goto unknown;
	} else if (!strcmp(c->source, "diskstats")) {
		if (!in_list(c->name, diskstats_counters,
			     sizeof(diskstats_counters) / sizeof(diskstats_counters[0])))
			goto unknown;
	} else if (strcmp(c->source, "program")) {
		snprintf(err, errlen,
			 "%s: %s: source \"%s\": expected memcg, vmstat, run, diskstats or program",
			 where, c->name, c->source);
		return -1;
	}
	return get_values(&c->kernel, j, where, err, errlen);
unknown:
	snprintf(err, errlen, "%s: %s counter \"%s\" is not one the simulator keeps", where,
		 c->source, c->name);
	return -1;
}

static struct oracle_counter *find_counter(struct oracle_config *cfg, const char *name)
{
	for (unsigned int i = 0; i < cfg->nr_counters; i++)
		if (!strcmp(cfg->counters[i].name, name))
			return &cfg->counters[i];
	return NULL;
}

/*
 * Insert pgsteal_anon+file after pgsteal_file: the summary line judges
 * reclaim by all the pages it freed, whichever LRU they came from.
 */
static void add_pgsteal_sum(struct oracle_config *cfg)
{
	struct oracle_counter *a = find_counter(cfg, "pgsteal_anon");
	struct oracle_counter *f = find_counter(cfg, "pgsteal_file");
	struct oracle_counter sum = { 0 };
	unsigned int at;

	if (!a || !f || find_counter(cfg, PGSTEAL_SUM) || cfg->nr_counters == ORACLE_MAX_COUNTERS)
		return;
	snprintf(sum.name, sizeof(sum.name), PGSTEAL_SUM);
	snprintf(sum.source, sizeof(sum.source), "vmstat");
	snprintf(sum.unit, sizeof(sum.unit), "pages");
	sum.how = ORACLE_COUNT;
	sum.derived = true;
	sum.kernel.nr_values = a->kernel.nr_values < f->kernel.nr_values ? a->kernel.nr_values :
									   f->kernel.nr_values;
	for (unsigned int i = 0; i < sum.kernel.nr_values; i++)
		sum.kernel.values[i] = a->kernel.values[i] + f->kernel.values[i];
	stat_update(&sum.kernel);
	at = (unsigned int)(f - cfg->counters) + 1;
	memmove(&cfg->counters[at + 1], &cfg->counters[at],
		(cfg->nr_counters - at) * sizeof(cfg->counters[0]));
	cfg->counters[at] = sum;
	cfg->nr_counters++;
}

static int load_pass_misses(struct oracle_config *cfg, const cJSON *j, const char *where, char *err,
			    size_t errlen)
{
	const cJSON *lists = cJSON_GetObjectItemCaseSensitive(j, "lists");
	const cJSON *l = cJSON_GetObjectItemCaseSensitive(lists, "hot_miss_per_pass");
	const cJSON *vals = cJSON_GetObjectItemCaseSensitive(l, "values");
	const cJSON *run, *v;

	if (!l)
		return 0;
	if (!cJSON_IsArray(vals)) {
		snprintf(err, errlen, "%s: hot_miss_per_pass: no \"values\" list", where);
		return -1;
	}
	cJSON_ArrayForEach(run, vals)
	{
		unsigned int r = cfg->nr_pass_runs;

		if (r == ORACLE_MAX_RUNS || !cJSON_IsArray(run)) {
			snprintf(err, errlen, "%s: hot_miss_per_pass: expected at most %d lists",
				 where, ORACLE_MAX_RUNS);
			return -1;
		}
		cJSON_ArrayForEach(v, run)
		{
			if (cfg->nr_passes[r] == ORACLE_MAX_PASSES || !cJSON_IsNumber(v)) {
				snprintf(
					err, errlen,
					"%s: hot_miss_per_pass: expected at most %d numbers per run",
					where, ORACLE_MAX_PASSES);
				return -1;
			}
			cfg->pass_miss[r][cfg->nr_passes[r]++] = v->valuedouble;
		}
		cfg->nr_pass_runs++;
	}
	return 0;
}

/*
 * The line of the @nth (from 0) "walls" key of @text: cJSON keeps no
 * positions, and the keys come in the order the configurations do.
 */
static unsigned int walls_line(const char *text, unsigned int nth)
{
	unsigned int line = 1;

	for (const char *p = text; *p; p++) {
		const char *q = p + sizeof("\"walls\"") - 1;

		line += *p == '\n';
		if (strncmp(p, "\"walls\"", sizeof("\"walls\"") - 1))
			continue;
		while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')
			q++;
		if (*q == ':' && !nth--)
			return line;
	}
	return line;
}

/*
 * "walls": a re-run's wall, runqueue wait, on-CPU time and wall less
 * runqueue wait per run, in seconds.  Every run has each figure, none is
 * negative, and no wall less runqueue wait exceeds its wall.
 */
static int load_walls(struct oracle_walls *w, const cJSON *j, const char *where, char *err,
		      size_t errlen)
{
	static const char *const keys[] = { "wall_s", "runq_s", "on_cpu_s", "wall_less_runq_s" };
	struct oracle_stat *st[] = { &w->wall, &w->runq, &w->on_cpu, &w->wall_less_runq };
	const cJSON *runs = cJSON_GetObjectItemCaseSensitive(j, "runs");

	if (!cJSON_IsObject(j)) {
		snprintf(err, errlen, "%s: not an object", where);
		return -1;
	}
	if (get_str(w->set, sizeof(w->set), j, "set", where, err, errlen) ||
	    get_str(w->kernel, sizeof(w->kernel), j, "kernel", where, err, errlen))
		return -1;
	if (!cJSON_IsNumber(runs) || runs->valuedouble < 1 || runs->valuedouble > ORACLE_MAX_RUNS) {
		snprintf(err, errlen, "%s: \"runs\": expected 1..%d", where, ORACLE_MAX_RUNS);
		return -1;
	}
	w->runs = (unsigned int)runs->valuedouble;
	for (unsigned int k = 0; k < 4; k++) {
		const cJSON *o = cJSON_GetObjectItemCaseSensitive(j, keys[k]);
		char kwhere[600];

		snprintf(kwhere, sizeof(kwhere), "%s: %s", where, keys[k]);
		if (!cJSON_IsObject(o)) {
			snprintf(err, errlen, "%s: no \"%s\" object", where, keys[k]);
			return -1;
		}
		if (get_values(st[k], o, kwhere, err, errlen))
			return -1;
		if (st[k]->nr_values != w->runs) {
			snprintf(err, errlen, "%s: %u values for %u runs", kwhere, st[k]->nr_values,
				 w->runs);
			return -1;
		}
		for (unsigned int r = 0; r < w->runs; r++) {
			if (isnan(st[k]->values[r]) || st[k]->values[r] < 0) {
				snprintf(err, errlen, "%s: values[%u]: expected seconds >= 0",
					 kwhere, r);
				return -1;
			}
		}
	}
	for (unsigned int r = 0; r < w->runs; r++) {
		if (w->wall_less_runq.values[r] > w->wall.values[r]) {
			snprintf(err, errlen, "%s: wall_less_runq_s: values[%u] %g above wall_s %g",
				 where, r, w->wall_less_runq.values[r], w->wall.values[r]);
			return -1;
		}
	}
	w->present = true;
	return 0;
}

static int load_config(struct oracle_config *cfg, const cJSON *j, const char *path,
		       const char *text, unsigned int idx, unsigned int *nr_walls, char *err,
		       size_t errlen)
{
	const cJSON *counters, *c, *runs, *walls;
	char where[512];

	snprintf(where, sizeof(where), "%s: configs[%u]", path, idx);
	if (get_str(cfg->name, sizeof(cfg->name), j, "name", where, err, errlen))
		return -1;
	snprintf(where, sizeof(where), "%s: %s", path, cfg->name);
	if (get_str(cfg->description, sizeof(cfg->description), j, "description", where, err,
		    errlen) ||
	    get_str(cfg->command, sizeof(cfg->command), j, "command", where, err, errlen) ||
	    get_str(cfg->scenario, sizeof(cfg->scenario), j, "scenario", where, err, errlen))
		return -1;
	if (cJSON_GetObjectItemCaseSensitive(j, "kernel") &&
	    get_str(cfg->kernel, sizeof(cfg->kernel), j, "kernel", where, err, errlen))
		return -1;
	runs = cJSON_GetObjectItemCaseSensitive(j, "runs");
	if (!cJSON_IsNumber(runs) || runs->valuedouble < 1) {
		snprintf(err, errlen, "%s: no \"runs\" count", where);
		return -1;
	}
	if (runs->valuedouble > ORACLE_MAX_RUNS) {
		snprintf(err, errlen, "%s: \"runs\" %.0f: at most %d", where, runs->valuedouble,
			 ORACLE_MAX_RUNS);
		return -1;
	}
	cfg->runs = (unsigned int)runs->valuedouble;
	counters = cJSON_GetObjectItemCaseSensitive(j, "counters");
	if (!cJSON_IsArray(counters) || !cJSON_GetArraySize(counters)) {
		snprintf(err, errlen, "%s: no \"counters\" list", where);
		return -1;
	}
	cJSON_ArrayForEach(c, counters)
	{
		char cwhere[600];

		/* one slot stays free for the derived pgsteal_anon+file */
		if (cfg->nr_counters + 1 == ORACLE_MAX_COUNTERS) {
			snprintf(err, errlen, "%s: more than %d counters", where,
				 ORACLE_MAX_COUNTERS - 1);
			return -1;
		}
		snprintf(cwhere, sizeof(cwhere), "%s: counters[%u]", where, cfg->nr_counters);
		if (load_counter(&cfg->counters[cfg->nr_counters], c, cwhere, err, errlen))
			return -1;
		/* names key the JSON output and the summary line: one row each */
		if (find_counter(cfg, cfg->counters[cfg->nr_counters].name)) {
			snprintf(err, errlen, "%s: %s twice", cwhere,
				 cfg->counters[cfg->nr_counters].name);
			return -1;
		}
		cfg->nr_counters++;
	}
	add_pgsteal_sum(cfg);
	if (load_pass_misses(cfg, j, where, err, errlen))
		return -1;
	walls = cJSON_GetObjectItemCaseSensitive(j, "walls");
	if (walls) {
		snprintf(where, sizeof(where), "%s:%u: %s: walls", path,
			 walls_line(text, (*nr_walls)++), cfg->name);
		return load_walls(&cfg->walls, walls, where, err, errlen);
	}
	return 0;
}

int oracle_summary_load(struct oracle_summary *os, const char *path, char *err, size_t errlen)
{
	const cJSON *configs, *c, *kernel;
	const char *at = NULL;
	unsigned int nr_walls = 0;
	char *text;
	cJSON *root;
	int ret = -1;

	memset(os, 0, sizeof(*os));
	text = read_file(path, ORACLE_SUMMARY_MAX, NULL, err, errlen);
	if (!text)
		return -1;
	/* the parse end, not cJSON_GetErrorPtr(): that one is a global */
	root = cJSON_ParseWithOpts(text, &at, false);
	if (!root) {
		unsigned int line = 1;

		for (const char *p = text; at && p < at; p++)
			line += *p == '\n';
		snprintf(err, errlen, "%s:%u: not valid JSON", path, line);
		free(text);
		return -1;
	}
	kernel = cJSON_GetObjectItemCaseSensitive(root, "kernel");
	if (cJSON_IsString(kernel))
		snprintf(os->kernel, sizeof(os->kernel), "%s", kernel->valuestring);
	configs = cJSON_GetObjectItemCaseSensitive(root, "configs");
	if (!cJSON_IsArray(configs) || !cJSON_GetArraySize(configs)) {
		snprintf(err, errlen, "%s: no \"configs\" list", path);
		goto out;
	}
	os->configs = calloc((size_t)cJSON_GetArraySize(configs), sizeof(*os->configs));
	if (!os->configs) {
		snprintf(err, errlen, "%s: out of memory", path);
		goto out;
	}
	cJSON_ArrayForEach(c, configs)
	{
		if (load_config(&os->configs[os->nr_configs], c, path, text, os->nr_configs,
				&nr_walls, err, errlen))
			goto out;
		os->nr_configs++;
	}
	ret = 0;
out:
	cJSON_Delete(root);
	free(text);
	return ret;
}

void oracle_summary_free(struct oracle_summary *os)
{
	free(os->configs);
	os->configs = NULL;
	os->nr_configs = 0;
}

/* ------------------------------------------------------------------ */
/* The simulated figure of a counter */

/*
 * The run's memcg, whose counters the oracle recorded: the group at the
 * top of the hierarchy that holds the first workload (its own group, or,
 * for a nested configuration, the parent whose limit the children share).
 */
static struct mem_cgroup *oracle_memcg(const struct sim *sim)
{
	struct mem_cgroup *memcg;

	if (!sim->nr_workloads || !sim->workloads[0].memcg)
		return sim->memcgs[0];
	memcg = sim->workloads[0].memcg;
	while (memcg->parent && memcg->parent->parent)
		memcg = memcg->parent;
	return memcg;
}

static double memcg_value(const struct sim *sim, const char *name)
{
	const struct mem_cgroup *memcg = oracle_memcg(sim);

	if (!strcmp(name, "failcnt"))
		return (double)memcg->memory.failcnt;
	if (!strcmp(name, "max_usage_in_bytes"))
		return (double)memcg->memory.watermark * sim->page_size;
	if (!strcmp(name, "oom_kill"))
		return (double)memcg->oom_kill;
	if (!strcmp(name, "pgmajfault"))
		return (double)memcg->vm_events[PGMAJFAULT];
	if (!strcmp(name, "memcg_pgpgin"))
		return (double)memcg->memcg_stat[MEMCG_PGPGIN];
	if (!strcmp(name, "memcg_pgpgout"))
		return (double)memcg->memcg_stat[MEMCG_PGPGOUT];
	if (!strcmp(name, "workingset_refault_anon"))
		return (double)memcg->vm_stat[WORKINGSET_REFAULT_ANON];
	if (!strcmp(name, "workingset_refault_file"))
		return (double)memcg->vm_stat[WORKINGSET_REFAULT_FILE];
	return NAN;
}

/* A diskstats counter of the disk and the swap device together. */
static double diskstats_value(const struct sim *sim, const char *name)
{
	const struct blkdev *devs[] = { &sim->disk_dev, &sim->swap_dev };
	u64 sum = 0;

	for (unsigned int i = 0; i < (sim->scn.machine.swap ? 2u : 1u); i++) {
		struct blk_disk_stat st;
		const struct blk_dir_stats *r = &st.dir[REQ_OP_READ], *w = &st.dir[REQ_OP_WRITE];

		blk_disk_stat(devs[i], sim->eng.now, &st);
		if (!strcmp(name, "disk_reads"))
			sum += r->ios;
		else if (!strcmp(name, "disk_read_merges"))
			sum += r->merges;
		else if (!strcmp(name, "disk_sectors_read"))
			sum += r->sectors;
		else if (!strcmp(name, "disk_writes"))
			sum += w->ios;
		else if (!strcmp(name, "disk_write_merges"))
			sum += w->merges;
		else if (!strcmp(name, "disk_sectors_written"))
			sum += w->sectors;
		else
			return NAN;
	}
	return (double)sum;
}

/* Wall time of the workload, as the JSON report computes elapsed_s. */
static double wall_seconds(const struct sim *sim, const struct workload_inst *wl)
{
	u64 end = wl->running ? sim->eng.now : wl->end_ns;

	return end > wl->start_ns ? (double)(end - wl->start_ns) / 1e9 : 0;
}

/* NAN when the simulator has no such figure. */
static double sim_value(const struct sim *sim, const struct oracle_counter *c)
{
	const struct workload_inst *wl = sim->nr_workloads ? &sim->workloads[0] : NULL;

	if (!strcmp(c->source, "memcg"))
		return memcg_value(sim, c->name);
	if (!strcmp(c->source, "diskstats"))
		return diskstats_value(sim, c->name);
	if (!strcmp(c->source, "vmstat")) {
		int i;

		if (!strcmp(c->name, PGSTEAL_SUM))
			return (double)(sim->vm_events[PGSTEAL_ANON] +
					sim->vm_events[PGSTEAL_FILE]);
		i = vm_event_index(c->name);
		return i < 0 ? NAN : (double)sim->vm_events[i];
	}
	if (!wl)
		return NAN;
	if (!strcmp(c->source, "run")) {
		if (!strcmp(c->name, "exit_signal"))
			return wl->exit_signal;
		if (!strcmp(c->name, "wall_s"))
			return wall_seconds(sim, wl);
		return NAN;
	}
	for (unsigned int i = 0; i < wl->nr_figures; i++)
		if (!strcmp(wl->figures[i].name, c->name))
			return wl->figures[i].value;
	return NAN;
}

/* ------------------------------------------------------------------ */
/* Running the configurations */

struct oracle_result {
	bool ran;
	char err[SCN_ERR_LEN];
	/* per counter, over the model's runs; mean NAN: no simulated figure */
	struct oracle_stat sim[ORACLE_MAX_COUNTERS];
};

/*
 * Run one configuration's scenario as many times as the kernel ran it,
 * with seeds ORACLE_SEED, ORACLE_SEED + 1, ...  Returns 0; -1 with the
 * reason in res->err (a scenario that does not load, no memory); -2 when a
 * run itself failed (sim_run), already reported on stderr in full.
 */
static int run_config(const struct oracle_config *cfg, const char *dir, struct oracle_result *res)
{
	struct scenario *s = malloc(sizeof(*s));
	char path[ORACLE_DIR_LEN + sizeof(cfg->scenario) + 1];

	for (unsigned int i = 0; i < ORACLE_MAX_COUNTERS; i++) {
		res->sim[i].nr_values = 0;
		stat_update(&res->sim[i]);
	}
	if (!s) {
		snprintf(res->err, sizeof(res->err), "%s: out of memory", cfg->name);
		return -1;
	}
	snprintf(path, sizeof(path), "%s/%s", dir, cfg->scenario);
	if (scenario_load(s, path, res->err, sizeof(res->err)) ||
	    scenario_validate(s, res->err, sizeof(res->err))) {
		free(s);
		return -1;
	}
	for (unsigned int r = 0; r < cfg->runs; r++) {
		struct sim *sim;

		s->run.seed = ORACLE_SEED + r;
		sim = sim_create(s, res->err, sizeof(res->err));
		if (!sim) {
			free(s);
			return -1;
		}
		if (sim_run(sim)) {
			/* reported here in full; the report's "not run" line gets its start */
			fprintf(stderr, "reclaimsim: %s: seed %llu: %s\n", sim->scn.path,
				(unsigned long long)s->run.seed, sim_error(sim));
			snprintf(res->err, sizeof(res->err), "%s: seed %llu: %s", sim->scn.path,
				 (unsigned long long)s->run.seed, sim_error(sim));
			sim_destroy(sim);
			free(s);
			return -2;
		}
		for (unsigned int i = 0; i < cfg->nr_counters; i++)
			res->sim[i].values[r] = sim_value(sim, &cfg->counters[i]);
		sim_destroy(sim);
	}
	free(s);
	for (unsigned int i = 0; i < cfg->nr_counters; i++) {
		res->sim[i].nr_values = cfg->runs;
		stat_update(&res->sim[i]);
	}
	res->ran = true;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Tallies for the summary line */

#define NR_VERDICTS 5
static const char *const verdict_names[NR_VERDICTS] = { "ok", "small", "off", "DIRECTION", "n/a" };

struct oracle_tally {
	/*
	 * per targeted counter: strictly within +-25%, of those 0 against 0
	 * (no swap, nothing to fault: within, but says little), "small", judged
	 */
	unsigned int target_within[NR_TARGETED], target_zero[NR_TARGETED];
	unsigned int target_small[NR_TARGETED];
	unsigned int target_na[NR_TARGETED], target_nr[NR_TARGETED];
	unsigned int verdicts[NR_VERDICTS];
	unsigned int not_run;
	/* the programs' wall time (wall_s): configurations within +-25%, of those judged */
	unsigned int wall_within, wall_nr;
	/* the model's wall against the re-run's wall less runqueue wait (walls) */
	unsigned int runq_within, runq_nr;
};

/* The model's wall time over its runs (the wall_s row's), or NULL. */
static const struct oracle_stat *sim_wall(const struct oracle_config *cfg,
					  const struct oracle_result *res)
{
	for (unsigned int i = 0; i < cfg->nr_counters; i++)
		if (!strcmp(cfg->counters[i].name, "wall_s"))
			return &res->sim[i];
	return NULL;
}

/* The wall gate's verdict on @cfg, counted in @t; "n/a" without walls. */
static const char *tally_walls(struct oracle_tally *t, const struct oracle_config *cfg,
			       const struct oracle_result *res)
{
	const struct oracle_stat *sim = sim_wall(cfg, res);
	const char *verdict;

	if (!cfg->walls.present || !res->ran || !sim || isnan(sim->mean))
		return "n/a";
	verdict = oracle_verdict_how(ORACLE_MEASURE, cfg->walls.wall_less_runq.mean, sim->mean);
	t->runq_nr++;
	t->runq_within += !strcmp(verdict, "ok");
	return verdict;
}

static void tally(struct oracle_tally *t, const struct oracle_counter *c, double sim,
		  const char *verdict)
{
	for (unsigned int v = 0; v < NR_VERDICTS; v++)
		if (!strcmp(verdict, verdict_names[v]))
			t->verdicts[v]++;
	if (!strcmp(c->name, "wall_s") && !isnan(sim)) {
		t->wall_nr++;
		t->wall_within += !strcmp(verdict, "ok");
	}
	for (unsigned int i = 0; i < NR_TARGETED; i++) {
		if (strcmp(c->name, targeted[i]))
			continue;
		t->target_nr[i]++;
		/*
		 * "small" is not "within": 2 kernel faults against 0 simulated
		 * ones are noise, not a match, so they are counted apart.
		 */
		if (isnan(sim))
			t->target_na[i]++;
		else if (oracle_within(c->kernel.mean, sim)) {
			t->target_within[i]++;
			t->target_zero[i] += sim == 0;
		} else if (!strcmp(verdict, "small"))
			t->target_small[i]++;
	}
}

static unsigned int sum_u(const unsigned int *a, unsigned int n)
{
	unsigned int s = 0;

	for (unsigned int i = 0; i < n; i++)
		s += a[i];
	return s;
}

/* ------------------------------------------------------------------ */
/* Text output */

/*
 * A figure for the table: integers as integers, seconds to the ms, other
 * fractions (means over runs) to one decimal or three below 10.
 */
static const char *fmt_num(char *buf, size_t len, double v, const char *unit)
{
	if (isnan(v))
		snprintf(buf, len, "-");
	else if (!strcmp(unit, "s"))
		snprintf(buf, len, "%.3f", v);
	else if (v == floor(v) || fabs(v) >= 1000)
		snprintf(buf, len, "%.0f", v);
	else if (fabs(v) >= 10)
		snprintf(buf, len, "%.1f", v);
	else
		snprintf(buf, len, "%.3f", v);
	return buf;
}

/* "mean (min..max)" of @st, or the mean alone when every run agrees */
static const char *fmt_stat(char *buf, size_t len, const struct oracle_stat *st, const char *unit)
{
	char a[32], b[32], c[32];

	fmt_num(a, sizeof(a), st->mean, unit);
	if (isnan(st->mean) || st->min == st->max)
		snprintf(buf, len, "%s", a);
	else
		snprintf(buf, len, "%s (%s..%s)", a, fmt_num(b, sizeof(b), st->min, unit),
			 fmt_num(c, sizeof(c), st->max, unit));
	return buf;
}

/*
 * The re-run that recorded runqueue wait: its wall, the wait and the
 * on-CPU time, then the wall less the wait beside the model's wall.
 */
static void print_walls_text(FILE *f, const struct oracle_config *cfg,
			     const struct oracle_result *res, struct oracle_tally *t)
{
	const struct oracle_walls *w = &cfg->walls;
	const struct oracle_stat *sim = sim_wall(cfg, res);
	const char *verdict;
	char kernel[100], model[100];
	double ratio;

	if (!w->present)
		return;
	verdict = tally_walls(t, cfg, res);
	ratio = sim ? oracle_ratio(w->wall_less_runq.mean, sim->mean) : NAN;
	fprintf(f, "  re-run recording runqueue wait: %s, kernel %s, %u runs\n", w->set, w->kernel,
		w->runs);
	fprintf(f, "  %-26s %s\n", "wall_s (re-run)",
		fmt_stat(kernel, sizeof(kernel), &w->wall, "s"));
	fprintf(f, "  %-26s %s\n", "runq_s", fmt_stat(kernel, sizeof(kernel), &w->runq, "s"));
	fprintf(f, "  %-26s %s\n", "on_cpu_s", fmt_stat(kernel, sizeof(kernel), &w->on_cpu, "s"));
	fprintf(f, "  %-26s %-34s %-34s ", "wall_less_runq_s",
		fmt_stat(kernel, sizeof(kernel), &w->wall_less_runq, "s"),
		sim ? fmt_stat(model, sizeof(model), sim, "s") : "-");
	if (isnan(ratio))
		fprintf(f, "%10s", "-");
	else
		fprintf(f, "%10.3f", ratio);
	fprintf(f, "  %s\n", verdict);
}

static void print_config_text(FILE *f, const struct oracle_summary *os,
			      const struct oracle_config *cfg, const struct oracle_result *res,
			      struct oracle_tally *t)
{
	char kernel[100], sim[100];
	const char *uname = cfg->kernel[0] ? cfg->kernel : os->kernel;

	fprintf(f, "%s: %s\n", cfg->name, cfg->description);
	fprintf(f, "  kernel %s: %u runs of `%s`; reclaimsim: %s, seeds %d..%u\n",
		uname[0] ? uname : "(unknown)", cfg->runs, cfg->command, cfg->scenario, ORACLE_SEED,
		ORACLE_SEED + cfg->runs - 1);
	if (!res->ran) {
		fprintf(f, "  not run: %s\n\n", res->err);
		t->not_run++;
		for (unsigned int i = 0; i < cfg->nr_counters; i++)
			tally(t, &cfg->counters[i], NAN, "n/a");
		return;
	}
	fprintf(f, "  %-26s %-34s %-34s %10s  %s\n", "counter", "kernel mean (min..max)",
		"reclaimsim mean (min..max)", "sim/kernel", "verdict");
	for (unsigned int i = 0; i < cfg->nr_counters; i++) {
		const struct oracle_counter *k = &cfg->counters[i];
		double mean = res->sim[i].mean;
		double ratio = oracle_ratio(k->kernel.mean, mean);
		const char *verdict = oracle_verdict_how(k->how, k->kernel.mean, mean);

		fprintf(f, "  %-26s %-34s %-34s ", k->name,
			fmt_stat(kernel, sizeof(kernel), &k->kernel, k->unit),
			fmt_stat(sim, sizeof(sim), &res->sim[i], k->unit));
		if (isnan(ratio))
			fprintf(f, "%10s", "-");
		else
			fprintf(f, "%10.3f", ratio);
		fprintf(f, "  %s\n", verdict);
		tally(t, k, mean, verdict);
	}
	print_walls_text(f, cfg, res, t);
	for (unsigned int r = 0; r < cfg->nr_pass_runs; r++) {
		fprintf(f, "  kernel hot_miss per pass, run %u:", r + 1);
		for (unsigned int p = 0; p < cfg->nr_passes[r]; p++)
			fprintf(f, " %.0f", cfg->pass_miss[r][p]);
		fputc('\n', f);
	}
	fputc('\n', f);
}

static void print_tally_text(FILE *f, const struct oracle_tally *t)
{
	unsigned int nr = sum_u(t->target_nr, NR_TARGETED);
	unsigned int within = sum_u(t->target_within, NR_TARGETED);
	unsigned int small = sum_u(t->target_small, NR_TARGETED);
	unsigned int na = sum_u(t->target_na, NR_TARGETED);

	fprintf(f, "targeted counters within +-%.0f%%: %u/%u (", ORACLE_TOLERANCE * 100, within,
		nr);
	for (unsigned int i = 0; i < NR_TARGETED; i++)
		fprintf(f, "%s%s %u/%u", i ? ", " : "", targeted[i], t->target_within[i],
			t->target_nr[i]);
	fprintf(f, "), %u of them 0 against 0; %u more small (both <= %.0f), %u off or DIRECTION",
		sum_u(t->target_zero, NR_TARGETED), small, ORACLE_SMALL, nr - within - small - na);
	if (na)
		fprintf(f, ", %u without a simulated value", na);
	fputc('\n', f);
	fprintf(f, "all counters:");
	for (unsigned int v = 0; v < NR_VERDICTS; v++)
		fprintf(f, "%s %s %u", v ? "," : "", verdict_names[v], t->verdicts[v]);
	if (t->not_run)
		fprintf(f, "; %u configuration%s not run", t->not_run, t->not_run == 1 ? "" : "s");
	fputc('\n', f);
	fprintf(f, "the programs' wall time within +-%.0f%%: %u/%u configurations\n",
		ORACLE_TOLERANCE * 100, t->wall_within, t->wall_nr);
	if (t->runq_nr)
		fprintf(f,
			"the programs' wall time against the kernel's wall less runqueue wait "
			"within +-%.0f%%: %u/%u configurations\n",
			ORACLE_TOLERANCE * 100, t->runq_within, t->runq_nr);
}

/* ------------------------------------------------------------------ */
/* JSON output */

static void add_num(cJSON *o, const char *key, double v)
{
	if (isnan(v))
		cJSON_AddNullToObject(o, key);
	else
		cJSON_AddNumberToObject(o, key, v);
}

static cJSON *stat_json(const struct oracle_stat *st)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddItemToObject(o, "values", cJSON_CreateDoubleArray(st->values, (int)st->nr_values));
	add_num(o, "min", st->min);
	add_num(o, "max", st->max);
	add_num(o, "mean", st->mean);
	return o;
}

static cJSON *walls_json(const struct oracle_config *cfg, const struct oracle_result *res,
			 struct oracle_tally *t)
{
	const struct oracle_walls *w = &cfg->walls;
	const struct oracle_stat *sim = sim_wall(cfg, res);
	double mean = sim && res->ran ? sim->mean : NAN;
	cJSON *o = cJSON_CreateObject();
	cJSON *g;

	cJSON_AddStringToObject(o, "set", w->set);
	cJSON_AddStringToObject(o, "kernel", w->kernel);
	cJSON_AddNumberToObject(o, "runs", w->runs);
	cJSON_AddItemToObject(o, "wall_s", stat_json(&w->wall));
	cJSON_AddItemToObject(o, "runq_s", stat_json(&w->runq));
	cJSON_AddItemToObject(o, "on_cpu_s", stat_json(&w->on_cpu));
	g = cJSON_AddObjectToObject(o, "wall_less_runq_s");
	cJSON_AddItemToObject(g, "kernel", stat_json(&w->wall_less_runq));
	add_num(g, "sim", mean);
	add_num(g, "ratio", oracle_ratio(w->wall_less_runq.mean, mean));
	cJSON_AddStringToObject(g, "verdict", tally_walls(t, cfg, res));
	return o;
}

static cJSON *config_json(const struct oracle_config *cfg, const struct oracle_result *res,
			  struct oracle_tally *t)
{
	cJSON *o = cJSON_CreateObject();
	cJSON *counters;

	cJSON_AddStringToObject(o, "name", cfg->name);
	cJSON_AddStringToObject(o, "description", cfg->description);
	cJSON_AddStringToObject(o, "command", cfg->command);
	cJSON_AddStringToObject(o, "scenario", cfg->scenario);
	if (cfg->kernel[0])
		cJSON_AddStringToObject(o, "kernel", cfg->kernel);
	cJSON_AddNumberToObject(o, "kernel_runs", cfg->runs);
	cJSON_AddNumberToObject(o, "seed", ORACLE_SEED);
	cJSON_AddNumberToObject(o, "sim_runs", cfg->runs);
	if (!res->ran) {
		cJSON_AddStringToObject(o, "error", res->err);
		t->not_run++;
	}
	counters = cJSON_AddObjectToObject(o, "counters");
	for (unsigned int i = 0; i < cfg->nr_counters; i++) {
		const struct oracle_counter *k = &cfg->counters[i];
		cJSON *c = cJSON_AddObjectToObject(counters, k->name);
		cJSON *kern = cJSON_CreateObject();
		cJSON *vals = cJSON_AddArrayToObject(kern, "values");
		const struct oracle_stat *st = &res->sim[i];
		double sim = res->ran ? st->mean : NAN;
		const char *verdict = oracle_verdict_how(k->how, k->kernel.mean, sim);

		cJSON_AddStringToObject(c, "source", k->source);
		cJSON_AddStringToObject(c, "unit", k->unit);
		if (k->derived)
			cJSON_AddTrueToObject(c, "derived");
		for (unsigned int r = 0; r < k->kernel.nr_values; r++)
			cJSON_AddItemToArray(vals, isnan(k->kernel.values[r]) ?
							   cJSON_CreateNull() :
							   cJSON_CreateNumber(k->kernel.values[r]));
		add_num(kern, "min", k->kernel.min);
		add_num(kern, "max", k->kernel.max);
		add_num(kern, "mean", k->kernel.mean);
		cJSON_AddItemToObject(c, "kernel", kern);
		add_num(c, "sim", sim);
		if (res->ran) {
			cJSON *sv = cJSON_CreateObject();
			cJSON *svals = cJSON_AddArrayToObject(sv, "values");

			for (unsigned int r = 0; r < st->nr_values; r++)
				cJSON_AddItemToArray(svals,
						     isnan(st->values[r]) ?
							     cJSON_CreateNull() :
							     cJSON_CreateNumber(st->values[r]));
			add_num(sv, "min", st->min);
			add_num(sv, "max", st->max);
			cJSON_AddItemToObject(c, "sim_runs", sv);
		}
		add_num(c, "ratio", oracle_ratio(k->kernel.mean, sim));
		cJSON_AddStringToObject(c, "verdict", verdict);
		tally(t, k, sim, verdict);
	}
	if (cfg->walls.present)
		cJSON_AddItemToObject(o, "walls", walls_json(cfg, res, t));
	if (cfg->nr_pass_runs) {
		cJSON *lists = cJSON_AddObjectToObject(o, "lists");
		cJSON *runs = cJSON_AddArrayToObject(lists, "hot_miss_per_pass");

		for (unsigned int r = 0; r < cfg->nr_pass_runs; r++)
			cJSON_AddItemToArray(runs, cJSON_CreateDoubleArray(cfg->pass_miss[r],
									   (int)cfg->nr_passes[r]));
	}
	return o;
}

static cJSON *tally_json(const struct oracle_tally *t)
{
	cJSON *o = cJSON_CreateObject();
	cJSON *tg = cJSON_AddObjectToObject(o, "targeted");
	cJSON *all = cJSON_AddObjectToObject(o, "verdicts");

	for (unsigned int i = 0; i < NR_TARGETED; i++) {
		cJSON *c = cJSON_AddObjectToObject(tg, targeted[i]);

		cJSON_AddNumberToObject(c, "within", t->target_within[i]);
		cJSON_AddNumberToObject(c, "zero", t->target_zero[i]);
		cJSON_AddNumberToObject(c, "small", t->target_small[i]);
		cJSON_AddNumberToObject(c, "n/a", t->target_na[i]);
		cJSON_AddNumberToObject(c, "of", t->target_nr[i]);
	}
	cJSON_AddNumberToObject(o, "targeted_within", sum_u(t->target_within, NR_TARGETED));
	cJSON_AddNumberToObject(o, "targeted_zero", sum_u(t->target_zero, NR_TARGETED));
	cJSON_AddNumberToObject(o, "targeted_small", sum_u(t->target_small, NR_TARGETED));
	cJSON_AddNumberToObject(o, "targeted_of", sum_u(t->target_nr, NR_TARGETED));
	for (unsigned int v = 0; v < NR_VERDICTS; v++)
		cJSON_AddNumberToObject(all, verdict_names[v], t->verdicts[v]);
	cJSON_AddNumberToObject(o, "not_run", t->not_run);
	cJSON_AddNumberToObject(o, "wall_within", t->wall_within);
	cJSON_AddNumberToObject(o, "wall_of", t->wall_nr);
	cJSON_AddNumberToObject(o, "wall_less_runq_within", t->runq_within);
	cJSON_AddNumberToObject(o, "wall_less_runq_of", t->runq_nr);
	return o;
}

/* ------------------------------------------------------------------ */
/* The command */

static void oracle_usage(FILE *f)
{
	fprintf(f,
		"usage: reclaimsim oracle [--dir DIR] [--json] [--only NAME]\n"
		"\n"
		"Run every oracle configuration of DIR/" ORACLE_SUMMARY_PATH " as many times\n"
		"as the kernel ran it (seeds %d, %d, ...) and compare the simulated counters'\n"
		"mean with the real kernel's.  DIR is the repo\n"
		"root holding data/ and scenarios/ (default: the one this binary was built\n"
		"in, else the current directory); --only keeps the configurations whose\n"
		"\"workload/config\" name contains NAME.  See docs/oracle.md.\n\n"
		"options:\n"
		"  --dir DIR                the repo root\n"
		"  --json                   the results as one JSON object\n"
		"  --only NAME              the configurations whose name contains NAME\n"
		"  -h, --help               this help\n"
		"      --version            print the version\n",
		ORACLE_SEED, ORACLE_SEED + 1);
}

/*
 * The repo root is two levels above the binary (build/reclaimsim), so
 * that `build/reclaimsim oracle` works from any directory; a binary
 * installed elsewhere falls back to the current directory.
 */
static void default_dir(char *dir, size_t len)
{
	char exe[ORACLE_DIR_LEN], probe[ORACLE_DIR_LEN + sizeof(ORACLE_SUMMARY_PATH) + 1];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;

	snprintf(dir, len, ".");
	if (n <= 0)
		return;
	exe[n] = '\0';
	for (int up = 0; up < 2; up++) {
		slash = strrchr(exe, '/');
		if (!slash)
			return;
		*slash = '\0';
	}
	if (!exe[0])
		snprintf(exe, sizeof(exe), "/");
	snprintf(probe, sizeof(probe), "%s/%s", exe, ORACLE_SUMMARY_PATH);
	if (!access(probe, R_OK))
		snprintf(dir, len, "%s", exe);
}

int oracle_main(int argc, char **argv)
{
	const char *dir_opt = NULL, *only = NULL;
	struct oracle_summary os;
	struct oracle_tally t = { 0 };
	struct oracle_result *res;
	char dir[ORACLE_DIR_LEN], path[ORACLE_DIR_LEN + sizeof(ORACLE_SUMMARY_PATH) + 1];
	char err[SCN_ERR_LEN + 512];
	unsigned int matched = 0;
	bool json = false;
	int rc = 0;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *inline_val;
		char name[32];

		opt_split(a, name, sizeof(name), &inline_val);
		if (!strcmp(name, "--json") || !strcmp(name, "--help") || !strcmp(name, "-h")) {
			if (opt_no_value(name, a, inline_val))
				return 2;
			if (!strcmp(name, "--json")) {
				json = true;
				continue;
			}
			oracle_usage(stdout);
			return 0;
		} else if (!strcmp(name, "--dir") || !strcmp(name, "--only")) {
			if (opt_value(argc, argv, &i, a, inline_val,
				      !strcmp(name, "--dir") ? &dir_opt : &only))
				return 2;
		} else {
			fprintf(stderr, "reclaimsim: oracle: unknown option '%s'\n", a);
			oracle_usage(stderr);
			return 2;
		}
	}
	if (dir_opt && strlen(dir_opt) >= sizeof(dir)) {
		fprintf(stderr, "reclaimsim: oracle: --dir: longer than %zu characters\n",
			sizeof(dir) - 1);
		return 2;
	}
	if (dir_opt)
		snprintf(dir, sizeof(dir), "%s", dir_opt);
	else
		default_dir(dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/%s", dir, ORACLE_SUMMARY_PATH);
	if (oracle_summary_load(&os, path, err, sizeof(err))) {
		fprintf(stderr, "reclaimsim: oracle: %s\n", err);
		oracle_summary_free(&os);
		return 1;
	}
	for (unsigned int i = 0; i < os.nr_configs; i++)
		matched += !only || strstr(os.configs[i].name, only);
	if (!matched) {
		fprintf(stderr,
			"reclaimsim: oracle: --only %s: no configuration matches; %s has:", only,
			path);
		for (unsigned int i = 0; i < os.nr_configs; i++)
			fprintf(stderr, " %s", os.configs[i].name);
		fputc('\n', stderr);
		oracle_summary_free(&os);
		return 1;
	}
	res = calloc(os.nr_configs, sizeof(*res));
	if (!res) {
		fprintf(stderr, "reclaimsim: oracle: out of memory\n");
		oracle_summary_free(&os);
		return 1;
	}
	for (unsigned int i = 0; i < os.nr_configs; i++) {
		int r;

		if (only && !strstr(os.configs[i].name, only))
			continue;
		r = run_config(&os.configs[i], dir, &res[i]);
		if (r) {
			/* the report goes on; the broken file is named and fails the exit
			 * (-2: a failed run, which run_config reported itself) */
			if (r == -1)
				fprintf(stderr, "reclaimsim: oracle: %s\n", res[i].err);
			rc = 1;
		}
	}
	if (json) {
		cJSON *root = cJSON_CreateObject();
		cJSON *configs;
		char *out;

		cJSON_AddStringToObject(root, "summary", ORACLE_SUMMARY_PATH);
		cJSON_AddStringToObject(root, "kernel", os.kernel);
		cJSON_AddNumberToObject(root, "seed", ORACLE_SEED);
		cJSON_AddNumberToObject(root, "tolerance", ORACLE_TOLERANCE);
		cJSON_AddNumberToObject(root, "small", ORACLE_SMALL);
		configs = cJSON_AddArrayToObject(root, "configs");
		for (unsigned int i = 0; i < os.nr_configs; i++)
			if (!only || strstr(os.configs[i].name, only))
				cJSON_AddItemToArray(configs,
						     config_json(&os.configs[i], &res[i], &t));
		cJSON_AddItemToObject(root, "result", tally_json(&t));
		out = cJSON_Print(root);
		if (out)
			printf("%s\n", out);
		else
			rc = 1;
		free(out);
		cJSON_Delete(root);
	} else {
		for (unsigned int i = 0; i < os.nr_configs; i++)
			if (!only || strstr(os.configs[i].name, only))
				print_config_text(stdout, &os, &os.configs[i], &res[i], &t);
		print_tally_text(stdout, &t);
	}
	free(res);
	oracle_summary_free(&os);
	return rc;
}

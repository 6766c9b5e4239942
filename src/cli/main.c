// SPDX-License-Identifier: MIT
/*
 * main.c - the reclaimsim command.
 *
 *   reclaimsim run [SCENARIO] [options]        run, print the report
 *   reclaimsim zoneinfo [SCENARIO] [options]   /proc/zoneinfo after the run
 *   reclaimsim vmstat [SCENARIO] [options]     /proc/vmstat after the run
 *   reclaimsim memory.stat [SCENARIO] [options] [--cgroup NAME]
 *
 * Options: --set section.key=value (repeatable), --seed N, --json,
 * --machine host, --before (zoneinfo/vmstat/memory.stat of the booted
 * machine, without running), --csv FILE (time series), --plot FILE.png
 * (the time series drawn by gnuplot), --check (verify
 * the model's page accounting after every event: slow, for debugging).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "reclaimsim/reclaimsim.h"
#include "default_scenario.h"
#include "host.h"
#include "oracle.h"
#include "../mm/internal.h"

#define MAX_SETS 256

struct options {
	const char *cmd;
	const char *scenario;
	const char *sets[MAX_SETS];
	unsigned int nr_sets;
	const char *seed;
	const char *machine;
	const char *cgroup;
	const char *csv;
	const char *plot;
	bool json, before, check;
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: reclaimsim run [SCENARIO] [--set section.key=value]... [--seed N]\n"
		"                      [--json] [--machine host] [--csv FILE] [--plot FILE.png] [--check]\n"
		"       reclaimsim zoneinfo|vmstat [SCENARIO] [options] [--before]\n"
		"       reclaimsim memory.stat [SCENARIO] [options] [--cgroup NAME] [--before]\n"
		"       reclaimsim oracle [--json] [--dir DIR]\n"
		"\n"
		"Without SCENARIO the built-in default scenario runs.  A named section is\n"
		"addressed as workload.NAME.key or cgroup.NAME.key in --set.\n");
}

static int parse_args(int argc, char **argv, struct options *o)
{
	for (int i = 2; i < argc; i++) {
		const char *a = argv[i];
		const char **val = NULL;

		if (!strcmp(a, "--json")) {
			o->json = true;
			continue;
		}
		if (!strcmp(a, "--before")) {
			o->before = true;
			continue;
		}
		if (!strcmp(a, "--check")) {
			o->check = true;
			continue;
		}
		if (!strcmp(a, "--set")) {
			if (o->nr_sets == MAX_SETS) {
				fprintf(stderr, "reclaimsim: too many --set options (at most %d)\n",
					MAX_SETS);
				return -1;
			}
			val = &o->sets[o->nr_sets++];
		} else if (!strcmp(a, "--seed")) {
			val = &o->seed;
		} else if (!strcmp(a, "--machine")) {
			val = &o->machine;
		} else if (!strcmp(a, "--cgroup")) {
			val = &o->cgroup;
		} else if (!strcmp(a, "--csv")) {
			val = &o->csv;
		} else if (!strcmp(a, "--plot")) {
			val = &o->plot;
		} else if (a[0] == '-') {
			fprintf(stderr, "reclaimsim: unknown option '%s'\n", a);
			return -1;
		} else if (!o->scenario) {
			o->scenario = a;
			continue;
		} else {
			fprintf(stderr, "reclaimsim: more than one scenario ('%s', '%s')\n",
				o->scenario, a);
			return -1;
		}
		if (i + 1 >= argc) {
			fprintf(stderr, "reclaimsim: %s needs a value\n", a);
			return -1;
		}
		*val = argv[++i];
	}
	return 0;
}

/* Load, apply --machine, --set and --seed, validate. */
static int build_scenario(const struct options *o, struct scenario *s)
{
	char err[SCN_ERR_LEN];
	int rc;

	if (o->scenario)
		rc = scenario_load(s, o->scenario, err, sizeof(err));
	else
		rc = scenario_load_string(s, "(built-in)", default_scenario_text(), err,
					  sizeof(err));
	if (rc)
		goto fail;
	if (o->machine) {
		if (strcmp(o->machine, "host")) {
			fprintf(stderr, "reclaimsim: --machine %s: only 'host' is known\n",
				o->machine);
			return -1;
		}
		s->machine.from_host = true;
	}
	if (s->machine.from_host && host_read_machine(s, "/proc", err, sizeof(err)))
		goto fail;
	for (unsigned int i = 0; i < o->nr_sets; i++)
		if (scenario_set(s, o->sets[i], err, sizeof(err)))
			goto fail;
	if (o->seed) {
		char *end;

		errno = 0;
		s->run.seed = strtoull(o->seed, &end, 0);
		if (errno || end == o->seed || *end || o->seed[0] == '-') {
			fprintf(stderr, "reclaimsim: --seed %s: expected a non-negative integer\n",
				o->seed);
			return -1;
		}
	}
	if (scenario_validate(s, err, sizeof(err)))
		goto fail;
	return 0;
fail:
	fprintf(stderr, "reclaimsim: %s\n", err);
	return -1;
}

static struct mem_cgroup *find_cgroup(struct sim *sim, const char *name)
{
	if (!name || !strcmp(name, "/"))
		return sim->memcgs[0];
	for (unsigned int i = 1; i < sim->nr_memcgs; i++)
		if (!strcmp(sim->memcgs[i]->name, name))
			return sim->memcgs[i];
	return NULL;
}

static int write_csv(const char *path, const struct sim *sim)
{
	FILE *f = fopen(path, "w");

	if (!f) {
		fprintf(stderr, "reclaimsim: %s: %s\n", path, strerror(errno));
		return -1;
	}
	report_timeseries_csv(f, sim);
	return fclose(f) ? -1 : 0;
}

/* --check: verify the model after every event; stop at the first error. */
static void check_hook(struct sim *sim, void *arg)
{
	char err[256];

	if (mm_verify(sim, err, sizeof(err))) {
		fprintf(stderr, "reclaimsim: model check failed at %llu ns: %s\n",
			(unsigned long long)sim->now, err);
		*(int *)arg = 1;
		sim->stopped = true;
	}
}

static int cmd_sim(const struct options *o)
{
	struct scenario *s = malloc(sizeof(*s));
	char err[SCN_ERR_LEN];
	struct sim *sim;
	struct mem_cgroup *memcg = NULL;
	int rc = 0;

	if (!s || build_scenario(o, s)) {
		free(s);
		return 1;
	}
	sim = sim_create(s, err, sizeof(err));
	free(s);
	if (!sim) {
		fprintf(stderr, "reclaimsim: %s\n", err);
		return 1;
	}
	if (!strcmp(o->cmd, "memory.stat") && !(memcg = find_cgroup(sim, o->cgroup))) {
		fprintf(stderr, "reclaimsim: --cgroup %s: no such cgroup\n", o->cgroup);
		sim_destroy(sim);
		return 1;
	}
	if (o->check) {
		sim->check_hook = check_hook;
		sim->check_arg = &rc;
	}
	if (!o->before)
		sim_run(sim);
	if (!strcmp(o->cmd, "zoneinfo"))
		report_zoneinfo(stdout, sim);
	else if (!strcmp(o->cmd, "vmstat"))
		report_vmstat(stdout, sim);
	else if (memcg)
		report_memory_stat(stdout, sim, memcg);
	else if (o->json)
		report_json(stdout, sim);
	else
		report_text(stdout, sim);
	if (o->csv && write_csv(o->csv, sim))
		rc = 1;
	if (o->plot && report_plot(sim, o->plot, err, sizeof(err))) {
		fprintf(stderr, "reclaimsim: --plot %s: %s\n", o->plot, err);
		rc = 1;
	}
	sim_destroy(sim);
	return rc;
}

int main(int argc, char **argv)
{
	struct options o = { 0 };

	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) {
		usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	o.cmd = argv[1];
	if (!strcmp(o.cmd, "oracle"))
		return oracle_main(argc - 1, argv + 1);
	if (strcmp(o.cmd, "run") && strcmp(o.cmd, "zoneinfo") && strcmp(o.cmd, "vmstat") &&
	    strcmp(o.cmd, "memory.stat")) {
		fprintf(stderr, "reclaimsim: unknown command '%s'\n", o.cmd);
		usage(stderr);
		return 2;
	}
	if (parse_args(argc, argv, &o))
		return 2;
	return cmd_sim(&o);
}

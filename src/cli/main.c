// SPDX-License-Identifier: MIT
/*
 * main.c - the reclaimsim command.
 *
 *   reclaimsim run [SCENARIO] [options]        run, print the report
 *   reclaimsim zoneinfo [SCENARIO] [options]   /proc/zoneinfo after the run
 *   reclaimsim vmstat [SCENARIO] [options]     /proc/vmstat after the run
 *   reclaimsim meminfo [SCENARIO] [options]    /proc/meminfo after the run
 *   reclaimsim memory.stat [SCENARIO] [options] [--cgroup NAME]
 *                                              a group's memory.stat, v1 or v2 as its interface
 *   reclaimsim memory.events|memory.pressure [SCENARIO] [options] [--cgroup NAME]
 *                                              a v2 group's file after the run
 *   reclaimsim pressure [SCENARIO] [options]   /proc/pressure/memory after the run
 *   reclaimsim disk-stat [SCENARIO] [options] [--disk DEV]
 *                                              /sys/block/DEV/stat after the run
 *   reclaimsim compare [SCENARIO] --a K=V[,K=V...] --b K=V[,...] [--runs N] [--json]
 *                      [--trace-report] [--jobs N]
 *   reclaimsim compare [SCENARIO] --side NAME:K=V[,...] --side ... [options]
 *                                              A/B or N-way runs side by side (compare.c)
 *   reclaimsim sweep GRID [options]            a grid of runs, in parallel (sweep.c)
 *   reclaimsim oracle [options]                real kernel vs model
 *   reclaimsim profile [NAME] [--markdown]     kernel profiles (profile.c)
 *   reclaimsim trace-report FILE...            trace-vmscan-postprocess.pl (trace_cmd.c)
 *   reclaimsim keys                            the key reference (markdown)
 *
 * Options: --set section.key=value (repeatable), --seed N, --json (run),
 * --quiet (no progress line on a terminal),
 * --machine host, --before (zoneinfo/vmstat/meminfo/memory.stat of the booted
 * machine, without running), --cgroup NAME (memory.stat), --disk DEV
 * (disk-stat), --csv FILE
 * (time series), --plot FILE.png (the time series drawn by gnuplot),
 * --check[=N] (verify the model's page accounting every N events and at
 * the end; without N as often as keeps the check's cost near the run's),
 * -h/--help, --version.  Every option with a value also
 * takes the --option=VALUE form.
 *
 * Exit status: 0 done, 130 interrupted (SIGINT/SIGTERM: the report so far,
 * marked so), 1 the run or its output failed (a bad scenario, a
 * write error, the virtual-time watchdog: "reclaimsim: SCENARIO: ..."),
 * 2 bad usage.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "reclaimsim/reclaimsim.h"
#include "mm/sim.h"
#include "config/reader.h"
#include "report/report.h"
#include "calibrate.h"
#include "compare.h"
#include "host.h"
#include "oracle.h"
#include "options.h"
#include "profile.h"
#include "progress.h"
#include "sweep.h"
#include "trace_cmd.h"
#include "../mm/internal.h"

#define RECLAIMSIM_VERSION "0.1"
#define PLOT_ERR_LEN 4096

struct options {
	const char *cmd;
	struct scn_opts scn; /* the scenario, --machine, --set, --seed */
	const char *cgroup;
	const char *disk; /* disk-stat's device: sda (default) or sdb */
	const char *csv;
	const char *plot;
	struct trace_opts trace; /* --trace, --trace-size, --trace-events, --trace-report */
	bool json, before, check, help, version, quiet;
	unsigned long long check_every; /* --check=N; 0: the default spacing */
};

/* A command that prints a cgroup's file (--cgroup NAME). */
static bool cgroup_file(const char *cmd)
{
	return !strcmp(cmd, "memory.stat") || !strcmp(cmd, "memory.events") ||
	       !strcmp(cmd, "memory.pressure");
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: reclaimsim run [SCENARIO] [--set section.key=value]... [--seed N]\n"
		"                      [--json] [--machine host] [--csv FILE] [--plot FILE.png] [--check[=N]]\n"
		"                      [--trace FILE] [--trace-size SIZE] [--trace-events LIST] [--trace-report]\n"
		"                      [--max-host-memory SIZE] [--quiet]\n"
		"       reclaimsim zoneinfo|vmstat|meminfo [SCENARIO] [options] [--before]\n"
		"       reclaimsim memory.stat|memory.events|memory.pressure [SCENARIO] [options]\n"
		"                  [--cgroup NAME] [--before]\n"
		"       reclaimsim pressure [SCENARIO] [options] [--before]\n"
		"       reclaimsim buddyinfo|pagetypeinfo|unusable_index|extfrag_index|dmesg|diskstats\n"
		"                  [SCENARIO] [options] [--before]\n"
		"       reclaimsim disk-stat [SCENARIO] [options] [--disk DEV] [--before]\n"
		"       reclaimsim compare [SCENARIO] --a SECTION.KEY=VALUE[,...] --b SECTION.KEY=VALUE[,...]\n"
		"                          [--runs N] [--json] [--figures LIST] [--trace-report] [--plot FILE]\n"
		"                          [--set SECTION.KEY=VALUE]... [--jobs N] [--quiet]\n"
		"       reclaimsim compare [SCENARIO] --side NAME:SECTION.KEY=VALUE[,...] --side ...\n"
		"                          [options as above]\n"
		"       reclaimsim sweep GRID [--jobs N] [--output FILE] [--summary [--csv]]\n"
		"                        [--points FROM[..TO]] [--traces DIR] [--quiet]\n"
		"                        [--print-commands | --slurm DIR | --collect DIR]\n"
		"       reclaimsim oracle [--json] [--dir DIR] [--only NAME]\n"
		"       reclaimsim profile [NAME] [--markdown]\n"
		"       reclaimsim calibrate [--reps N]\n"
		"       reclaimsim trace-report FILE [FILE...] [--ignore-pid] [--names A,B,...]\n"
		"                                   [--title TITLE]\n"
		"       reclaimsim keys\n"
		"       reclaimsim COMMAND --help | --version\n"
		"\n"
		"Without SCENARIO the built-in default scenario runs.  A named section is\n"
		"addressed as workload.NAME.key or cgroup.NAME.key in --set.\n");
}

static void command_usage(FILE *f, const char *cmd)
{
	bool run = !strcmp(cmd, "run"), mstat = cgroup_file(cmd);

	if (run)
		fputs("usage: reclaimsim run [SCENARIO] [options]\n\n"
		      "Run SCENARIO (default: the built-in scenario) and print the report:\n"
		      "/usr/bin/time of each workload, reclaim counters, cgroups.\n",
		      f);
	else if (!strcmp(cmd, "zoneinfo"))
		fputs("usage: reclaimsim zoneinfo [SCENARIO] [options]\n\n"
		      "Print the model's /proc/zoneinfo after the run (--before: at boot).\n",
		      f);
	else if (!strcmp(cmd, "vmstat"))
		fputs("usage: reclaimsim vmstat [SCENARIO] [options]\n\n"
		      "Print the model's /proc/vmstat after the run (--before: at boot).\n",
		      f);
	else if (!strcmp(cmd, "diskstats"))
		fputs("usage: reclaimsim diskstats [SCENARIO] [options]\n\n"
		      "Print the model's /proc/diskstats after the run (--before: at boot): sda\n"
		      "holds the files, sdb the swap; fields in the kernel's order.\n",
		      f);
	else if (!strcmp(cmd, "disk-stat"))
		fputs("usage: reclaimsim disk-stat [SCENARIO] [options] [--disk DEV]\n\n"
		      "Print the model's /sys/block/DEV/stat after the run (--before: at boot):\n"
		      "the 17 fields of /proc/diskstats' line of DEV after its name, each 8 wide.\n",
		      f);
	else if (!strcmp(cmd, "meminfo"))
		fputs("usage: reclaimsim meminfo [SCENARIO] [options]\n\n"
		      "Print the model's /proc/meminfo after the run (--before: at boot).\n",
		      f);
	else if (!strcmp(cmd, "pressure"))
		fputs("usage: reclaimsim pressure [SCENARIO] [options]\n\n"
		      "Print the model's /proc/pressure/memory after the run (--before: at boot).\n",
		      f);
	else if (!strcmp(cmd, "buddyinfo") || !strcmp(cmd, "pagetypeinfo"))
		fprintf(f,
			"usage: reclaimsim %s [SCENARIO] [options]\n\n"
			"Print the model's /proc/%s after the run (--before: at boot).\n",
			cmd, cmd);
	else if (!strcmp(cmd, "unusable_index") || !strcmp(cmd, "extfrag_index"))
		fprintf(f,
			"usage: reclaimsim %s [SCENARIO] [options]\n\n"
			"Print the model's /sys/kernel/debug/extfrag/%s after the run (--before:\n"
			"at boot).\n",
			cmd, cmd);
	else if (!strcmp(cmd, "dmesg"))
		fputs("usage: reclaimsim dmesg [SCENARIO] [options]\n\n"
		      "Print the kernel log lines of the run (page allocation failures).\n",
		      f);
	else if (!strcmp(cmd, "memory.events"))
		fputs("usage: reclaimsim memory.events [SCENARIO] [options]\n\n"
		      "Print the memory.events of a cgroup v2 group after the run (--before: at\n"
		      "boot).\n",
		      f);
	else if (!strcmp(cmd, "memory.pressure"))
		fputs("usage: reclaimsim memory.pressure [SCENARIO] [options]\n\n"
		      "Print the memory.pressure of a cgroup v2 group (the root: the system's)\n"
		      "after the run (--before: at boot).\n",
		      f);
	else
		fputs("usage: reclaimsim memory.stat [SCENARIO] [options]\n\n"
		      "Print the memory.stat of a cgroup after the run (--before: at boot),\n"
		      "in the format of its interface: cgroup v1 or v2.\n",
		      f);
	fputs("\noptions:\n"
	      "  --set SECTION.KEY=VALUE  override one key of the scenario (repeatable, applied\n"
	      "                           in order); named sections: workload.NAME.KEY,\n"
	      "                           cgroup.NAME.KEY\n"
	      "  --seed N                 the random seed, decimal (as --set run.seed=N at its\n"
	      "                           place: of --seed and --set run.seed the later wins)\n"
	      "  --max-host-memory SIZE   refuse a run estimated to take more host memory\n"
	      "                           (default: the smaller of 4G and the available memory)\n"
	      "  --machine host           this host's CPUs, page size, nodes, zones and vm\n"
	      "                           sysctls replace the scenario's (as --set\n"
	      "                           machine.from=host before the other --set options)\n",
	      f);
	if (run)
		fputs("  --json                   the report as one JSON object\n"
		      "  --trace FILE             write the vmscan tracepoints as ftrace text (docs/trace.md)\n"
		      "  --trace-size SIZE        cap the trace's event lines (default " TRACE_SIZE_DEFAULT
		      "; 0: none)\n"
		      "  --trace-events LIST      the events traced: names or globs, comma-separated\n"
		      "  --trace-report           print trace-vmscan-postprocess.pl's report after the run\n",
		      f);
	else
		fputs("  --before                 the booted machine, without running\n", f);
	if (mstat)
		fputs("  --cgroup NAME            the cgroup (default: the root, /)\n", f);
	if (!strcmp(cmd, "disk-stat"))
		fputs("  --disk DEV               the disk: sda (files, the default) or sdb (swap)\n",
		      f);
	fputs("  --quiet                  no progress line on a terminal (runs over ~1 s show one)\n"
	      "  --csv FILE               write the time series as CSV\n"
	      "  --plot FILE.png|.svg|.pdf  draw the time series with gnuplot\n"
	      "  --check[=N]              verify the page accounting every N events (1: each)\n"
	      "                           and at the end; no N: spaced to cost about the run\n"
	      "  -h, --help               this help\n"
	      "      --version            print the version\n"
	      "Options with a value also take the --option=VALUE form.  See docs/scenarios.md\n"
	      "for the scenario keys.\n",
	      f);
}

/* --check=N: a positive count of events. */
static int opt_check_every(const char *v, unsigned long long *every)
{
	char *end;

	errno = 0;
	*every = strtoull(v, &end, 10);
	if (errno || end == v || *end || !*every || v[0] == '-') {
		fprintf(stderr, "reclaimsim: --check=%s: not a positive number of events\n", v);
		return -1;
	}
	return 0;
}

static int parse_args(int argc, char **argv, struct options *o)
{
	for (int i = 2; i < argc; i++) {
		const char *a = argv[i], *inline_val;
		const char **val = NULL;
		char name[32];

		opt_split(a, name, sizeof(name), &inline_val);
		if (!strcmp(name, "--check")) {
			o->check = true;
			if (inline_val && opt_check_every(inline_val, &o->check_every))
				return -1;
			continue;
		}
		if (!strcmp(name, "--json") || !strcmp(name, "--before") ||
		    !strcmp(name, "--help") || !strcmp(name, "-h") || !strcmp(name, "--version") ||
		    !strcmp(name, "--trace-report") || !strcmp(name, "--quiet")) {
			if (opt_no_value(name, a, inline_val))
				return -1;
			if (!strcmp(name, "--json"))
				o->json = true;
			else if (!strcmp(name, "--before"))
				o->before = true;
			else if (!strcmp(name, "--version"))
				o->version = true;
			else if (!strcmp(name, "--trace-report"))
				o->trace.report = true;
			else if (!strcmp(name, "--quiet"))
				o->quiet = true;
			else
				o->help = true;
			continue;
		}
		if (!strcmp(name, "--set")) {
			if (o->scn.nr_sets == OPT_MAX_SETS) {
				fprintf(stderr, "reclaimsim: too many --set options (at most %d)\n",
					OPT_MAX_SETS);
				return -1;
			}
			val = &o->scn.sets[o->scn.nr_sets++];
		} else if (!strcmp(name, "--seed")) {
			val = &o->scn.seed;
			o->scn.seed_after = o->scn.nr_sets;
		} else if (!strcmp(name, "--machine")) {
			val = &o->scn.machine;
		} else if (!strcmp(name, "--max-host-memory")) {
			val = &o->scn.max_host_memory;
		} else if (!strcmp(name, "--cgroup")) {
			val = &o->cgroup;
		} else if (!strcmp(name, "--disk")) {
			val = &o->disk;
		} else if (!strcmp(name, "--csv")) {
			val = &o->csv;
		} else if (!strcmp(name, "--plot")) {
			val = &o->plot;
		} else if (!strcmp(name, "--trace")) {
			val = &o->trace.file;
		} else if (!strcmp(name, "--trace-size")) {
			val = &o->trace.size;
		} else if (!strcmp(name, "--trace-events")) {
			val = &o->trace.events;
		} else if (a[0] == '-') {
			fprintf(stderr,
				"reclaimsim: unknown option '%s' (see reclaimsim %s --help)\n", a,
				o->cmd);
			return -1;
		} else {
			if (opt_scenario(a, &o->scn.scenario))
				return -1;
			continue;
		}
		if (opt_value(argc, argv, &i, a, inline_val, val))
			return -1;
	}
	return 0;
}

/*
 * The group of a cgroup file command, or NULL after saying why: no such
 * group, or a file its interface lacks (cgroup v1 has no memory.events or
 * memory.pressure; the root has no memory.events, CFTYPE_NOT_ON_ROOT).
 */
static struct mem_cgroup *cgroup_file_group(struct sim *sim, const struct options *o)
{
	struct mem_cgroup *memcg = mem_cgroup_by_name(sim, o->cgroup);
	const char *name = o->cgroup ? o->cgroup : "/";

	if (!memcg) {
		fprintf(stderr, "reclaimsim: --cgroup %s: no such cgroup\n", name);
		return NULL;
	}
	if (strcmp(o->cmd, "memory.stat") && memcg->parent && !memcg->dfl) {
		fprintf(stderr, "reclaimsim: --cgroup %s: a cgroup v1 group has no %s (v2 only)\n",
			name, o->cmd);
		return NULL;
	}
	if (!strcmp(o->cmd, "memory.events") && !memcg->parent) {
		fprintf(stderr, "reclaimsim: --cgroup %s: the root cgroup has no memory.events\n",
			name);
		return NULL;
	}
	return memcg;
}

/* Options that mean nothing for this command: an error, not silence. */
static int check_combinations(const struct options *o)
{
	const char *c = o->cmd;
	bool run = !strcmp(c, "run");

	if (o->json && !run) {
		fprintf(stderr,
			"reclaimsim: %s: --json applies to run only (%s prints the kernel's own format)\n",
			c, c);
		return -1;
	}
	if (trace_wanted(&o->trace) && !run) {
		fprintf(stderr, "reclaimsim: %s: the --trace options apply to run only\n", c);
		return -1;
	}
	if (o->trace.report && o->json) {
		fprintf(stderr, "reclaimsim: run: --trace-report prints text: not with --json\n");
		return -1;
	}
	if ((o->trace.size || o->trace.events) && !o->trace.file && !o->trace.report) {
		fprintf(stderr, "reclaimsim: run: %s needs --trace FILE or --trace-report\n",
			o->trace.size ? "--trace-size" : "--trace-events");
		return -1;
	}
	if (o->before && run) {
		fprintf(stderr,
			"reclaimsim: run: --before applies to zoneinfo, vmstat, meminfo, buddyinfo, pagetypeinfo, unusable_index, extfrag_index, dmesg, diskstats, disk-stat, memory.stat, memory.events, memory.pressure and pressure only (run always runs the scenario)\n");
		return -1;
	}
	if (o->cgroup && !cgroup_file(c)) {
		fprintf(stderr,
			"reclaimsim: %s: --cgroup applies to memory.stat, memory.events and memory.pressure only\n",
			c);
		return -1;
	}
	if (o->disk && strcmp(c, "disk-stat")) {
		fprintf(stderr, "reclaimsim: %s: --disk applies to disk-stat only\n", c);
		return -1;
	}
	if (o->before && (o->csv || o->plot || o->check)) {
		fprintf(stderr, "reclaimsim: %s: %s needs a run, and --before does not run\n", c,
			o->csv	? "--csv" :
			o->plot ? "--plot" :
				  "--check");
		return -1;
	}
	return 0;
}

/* The scenario of the command line (opt_build_scenario()), validated. */
static int build_scenario(const struct options *o, struct scenario *s)
{
	char err[SCN_ERR_LEN];

	if (opt_build_scenario(&o->scn, s))
		return -1;
	if (!scenario_validate(s, err, sizeof(err)))
		return 0;
	fprintf(stderr, "reclaimsim: %s\n", err);
	return -1;
}

/*
 * Flush @f: 0 if everything written to it arrived, else the errno of the
 * failure (EIO when the stream lost it).
 */
static int stream_error(FILE *f)
{
	errno = 0;
	if (fflush(f) == 0 && !ferror(f))
		return 0;
	return errno ? errno : EIO;
}

/*
 * The output files, checked before the run so that a bad path fails at
 * once and an output never replaces an input or another output; the CSV
 * is opened, the plot only checked (gnuplot writes it after the run, and
 * a failed plot must leave no empty file behind).
 */
static int open_outputs(const struct options *o, FILE **csv)
{
	const struct opt_path paths[] = {
		{ "the scenario", o->scn.scenario, false },
		{ "--csv", o->csv, true },
		{ "--plot", o->plot, true },
		{ "--trace", o->trace.file, true },
	};

	if (opt_check_paths(paths, sizeof(paths) / sizeof(paths[0])))
		return -1;
	if (o->plot) {
		if (!opt_plot_terminal(o->plot) || opt_check_writable("--plot", o->plot))
			return -1;
		if (!plot_gnuplot_found()) {
			fprintf(stderr,
				"reclaimsim: --plot %s: gnuplot is not installed (no gnuplot on $PATH; Debian: apt-get install gnuplot-nox)\n",
				o->plot);
			return -1;
		}
	}
	if (o->csv) {
		*csv = fopen(o->csv, "w");
		if (!*csv) {
			fprintf(stderr, "reclaimsim: --csv %s: %s\n", o->csv, strerror(errno));
			return -1;
		}
	}
	return 0;
}

static int write_csv(FILE *f, const char *path, const struct sim *sim)
{
	int e;

	report_timeseries_csv(f, sim);
	e = stream_error(f);
	if (fclose(f) && !e)
		e = errno ? errno : EIO;
	if (e) {
		fprintf(stderr, "reclaimsim: --csv %s: %s\n", path, strerror(e));
		return -1;
	}
	return 0;
}

/*
 * --check: verify the model every @every events, or (every 0) after as
 * many events as the check visits items over CHECK_ITEMS_PER_EVENT, so a
 * check's cost spread over the events before it stays a fraction of
 * theirs (an event costs ~0.2-2 us of host time, a visited item a few ns);
 * --check=1 is the full check after every event.  Stop at the first error.
 */
#define CHECK_ITEMS_PER_EVENT 128

struct check_state {
	int *rc;
	unsigned long long every;
	u64 next; /* the event count of the next check */
};

static bool check_now(struct sim *sim, struct check_state *cs)
{
	char err[256];

	if (mm_verify(sim, err, sizeof(err))) {
		fprintf(stderr, "reclaimsim: model check failed at %llu ns: %s\n",
			(unsigned long long)sim->eng.now, err);
		*cs->rc = 1;
		sim->eng.stopped = true;
		return false;
	}
	return true;
}

static void check_hook(struct sim *sim, void *arg)
{
	struct check_state *cs = arg;
	u64 gap;

	if (sim->eng.nr_events < cs->next || !check_now(sim, cs))
		return;
	gap = cs->every ? cs->every : mm_verify_items(sim) / CHECK_ITEMS_PER_EVENT;
	cs->next = sim->eng.nr_events + (gap ? gap : 1);
}

static int cmd_sim(const struct options *o)
{
	struct scenario *s = malloc(sizeof(*s));
	char err[SCN_ERR_LEN], *plot_err;
	struct sim *sim;
	struct mem_cgroup *memcg = NULL;
	struct trace_run trace;
	FILE *csv = NULL;
	struct check_state cs = { 0 };
	int rc = 0;

	if (!s) {
		fprintf(stderr, "reclaimsim: out of host memory\n");
		return 1;
	}
	if (build_scenario(o, s)) {
		free(s);
		return 1;
	}
	if (!strcmp(o->cmd, "run")) {
		char lines[1024];

		/* a key outside its kernel's range is allowed: said once */
		if (scenario_profile_overrides(s, lines, sizeof(lines)))
			fprintf(stderr, "reclaimsim: note: overrides kernel %s's %s\n",
				s->policy.kernel, lines);
	}
	if (open_outputs(o, &csv)) {
		free(s);
		return 1;
	}
	if (trace_run_open(&trace, &o->trace)) {
		free(s);
		if (csv)
			fclose(csv);
		return 1;
	}
	sim = sim_create(s, err, sizeof(err));
	free(s);
	if (!sim) {
		fprintf(stderr, "reclaimsim: %s\n", err);
		trace_run_close(&trace, NULL, false, NULL, NULL);
		if (csv)
			fclose(csv);
		return 1;
	}
	if (!strcmp(o->cmd, "disk-stat") && !report_disk_known(sim, o->disk ? o->disk : "sda")) {
		fprintf(stderr, "reclaimsim: --disk %s: no such disk (sda; sdb with swap)\n",
			o->disk);
		sim_destroy(sim);
		if (csv)
			fclose(csv);
		return 1;
	}
	if (cgroup_file(o->cmd) && !(memcg = cgroup_file_group(sim, o))) {
		sim_destroy(sim);
		if (csv)
			fclose(csv);
		return 1;
	}
	/* the time series costs memory: kept only for what prints it */
	sim->keep_samples = o->csv || o->plot;
	if (o->check) {
		cs.rc = &rc;
		cs.every = o->check_every;
		sim->eng.check_hook = check_hook;
		sim->eng.check_arg = &cs;
	}
	trace_run_start(&trace, sim);
	/* a progress line on a terminal; Ctrl-C ends the run with the report so far */
	progress_start(!o->quiet);
	progress_attach(sim);
	if (!o->before && sim_run(sim)) {
		progress_end();
		fprintf(stderr, "reclaimsim: %s: %s\n", sim->scn.path, sim_error(sim));
		/* a kernel panic stops a sound run: its reports, marked, up to it */
		if (sim->panic)
			rc = 1;
	}
	/* the watchdog, or no stack for a task: no report of a broken run */
	if (!o->before && sim_error(sim)[0] && !sim->panic) {
		trace_run_close(&trace, sim, false, NULL, NULL);
		sim_destroy(sim);
		if (csv)
			fclose(csv);
		return 1;
	}
	if (o->check && !o->before && !rc)
		check_now(sim, &cs); /* the state the report shows */
	progress_end();
	if (sim->eng.interrupted) {
		fprintf(stderr, "reclaimsim: interrupted at virtual %.3f s: the report so far\n",
			(double)sim->eng.now / 1e9);
		rc = PROGRESS_EXIT_INTERRUPTED;
	}
	if (!strcmp(o->cmd, "zoneinfo"))
		report_zoneinfo(stdout, sim);
	else if (!strcmp(o->cmd, "vmstat"))
		report_proc_vmstat(stdout, sim);
	else if (!strcmp(o->cmd, "meminfo"))
		report_proc_meminfo(stdout, sim);
	else if (!strcmp(o->cmd, "pressure"))
		report_pressure(stdout, &sim->eng.psi_system);
	else if (!strcmp(o->cmd, "buddyinfo"))
		report_buddyinfo(stdout, sim);
	else if (!strcmp(o->cmd, "pagetypeinfo"))
		report_pagetypeinfo(stdout, sim);
	else if (!strcmp(o->cmd, "unusable_index"))
		report_unusable_index(stdout, sim);
	else if (!strcmp(o->cmd, "extfrag_index"))
		report_extfrag_index(stdout, sim);
	else if (!strcmp(o->cmd, "dmesg"))
		report_dmesg(stdout, sim);
	else if (!strcmp(o->cmd, "diskstats"))
		report_diskstats(stdout, sim);
	else if (!strcmp(o->cmd, "disk-stat"))
		report_disk_stat(stdout, sim, o->disk ? o->disk : "sda");
	else if (!strcmp(o->cmd, "memory.events"))
		report_memory_events(stdout, memcg->memory_events);
	else if (!strcmp(o->cmd, "memory.pressure"))
		report_pressure(stdout, mem_cgroup_psi(sim, memcg));
	else if (memcg)
		report_memory_stat(stdout, sim, memcg);
	else if (o->json)
		report_json(stdout, sim);
	else
		report_text(stdout, sim);
	if (trace_run_close(&trace, sim, true, stdout, NULL))
		rc = rc ? rc : 1;
	if (csv && write_csv(csv, o->csv, sim))
		rc = rc ? rc : 1;
	if (o->plot) {
		plot_err = malloc(PLOT_ERR_LEN);
		if (!plot_err) {
			fprintf(stderr, "reclaimsim: --plot %s: out of memory\n", o->plot);
			rc = rc ? rc : 1;
		} else if (report_plot(sim, o->plot, opt_plot_terminal(o->plot), plot_err,
				       PLOT_ERR_LEN)) {
			fprintf(stderr, "reclaimsim: --plot %s: %s\n", o->plot, plot_err);
			rc = rc ? rc : 1;
		}
		free(plot_err);
	}
	if (!o->before && !sim->nr_workloads)
		fprintf(stderr, "reclaimsim: no workloads: nothing to run\n");
	sim_destroy(sim);
	return rc;
}

/*
 * Everything printed on stdout must have arrived: a full disk is an error.
 * A command that failed may have seen the failed write itself (sweep's
 * lines are flushed one by one, and say `stdout: No space left on
 * device`); the stream then keeps its error flag but not the errno, so
 * when this last flush had nothing left to write there is nothing new to
 * say, and an EIO there would contradict the message before it.
 */
static int finish(int rc)
{
	int e;

	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout))
		return rc;
	e = errno;
	if (!e && rc)
		return rc;
	fprintf(stderr, "reclaimsim: write error: %s\n", strerror(e ? e : EIO));
	return rc ? rc : 1;
}

static bool known_command(const char *cmd)
{
	return !strcmp(cmd, "run") || !strcmp(cmd, "zoneinfo") || !strcmp(cmd, "vmstat") ||
	       !strcmp(cmd, "meminfo") || cgroup_file(cmd) || !strcmp(cmd, "pressure") ||
	       !strcmp(cmd, "buddyinfo") || !strcmp(cmd, "pagetypeinfo") ||
	       !strcmp(cmd, "unusable_index") || !strcmp(cmd, "extfrag_index") ||
	       !strcmp(cmd, "dmesg") || !strcmp(cmd, "diskstats") || !strcmp(cmd, "disk-stat");
}

int main(int argc, char **argv)
{
	struct options o = { 0 };

	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return finish(0);
	}
	if (!strcmp(argv[1], "--version")) {
		printf("reclaimsim " RECLAIMSIM_VERSION "\n");
		return finish(0);
	}
	o.cmd = argv[1];
	if (!strcmp(o.cmd, "compare"))
		return finish(compare_main(argc - 1, argv + 1, RECLAIMSIM_VERSION));
	if (!strcmp(o.cmd, "calibrate"))
		return finish(calibrate_main(argc - 1, argv + 1, RECLAIMSIM_VERSION));
	if (!strcmp(o.cmd, "sweep"))
		return finish(sweep_main(argc - 1, argv + 1, RECLAIMSIM_VERSION));
	if (!strcmp(o.cmd, "profile"))
		return finish(profile_main(argc - 1, argv + 1, RECLAIMSIM_VERSION));
	if (!strcmp(o.cmd, "trace-report"))
		return finish(trace_report_main(argc - 1, argv + 1, RECLAIMSIM_VERSION));
	if (!strcmp(o.cmd, "keys")) {
		/* the key tables as the reference of docs/scenarios.md */
		if (argc == 3 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h"))) {
			fputs("usage: reclaimsim keys\n\n"
			      "Print the scenario key reference (docs/scenarios.md's) as markdown.\n\n"
			      "options:\n"
			      "  -h, --help               this help\n"
			      "      --version            print the version\n",
			      stdout);
			return finish(0);
		}
		if (argc == 3 && !strcmp(argv[2], "--version")) {
			printf("reclaimsim " RECLAIMSIM_VERSION "\n");
			return finish(0);
		}
		if (argc > 2) {
			fprintf(stderr,
				"reclaimsim: keys takes no arguments but -h/--help or --version\n");
			return finish(2);
		}
		scenario_print_keys(stdout);
		return finish(0);
	}
	if (!strcmp(o.cmd, "oracle")) {
		for (int i = 2; i < argc; i++) {
			if (!strcmp(argv[i], "--version")) {
				printf("reclaimsim " RECLAIMSIM_VERSION "\n");
				return finish(0);
			}
		}
		return finish(oracle_main(argc - 1, argv + 1));
	}
	if (!known_command(o.cmd)) {
		fprintf(stderr, "reclaimsim: unknown command '%s'\n", o.cmd);
		usage(stderr);
		return 2;
	}
	if (parse_args(argc, argv, &o))
		return 2;
	if (o.help) {
		command_usage(stdout, o.cmd);
		return finish(0);
	}
	if (o.version) {
		printf("reclaimsim " RECLAIMSIM_VERSION "\n");
		return finish(0);
	}
	if (check_combinations(&o))
		return 2;
	return finish(cmd_sim(&o));
}

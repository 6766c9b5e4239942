// SPDX-License-Identifier: MIT
/*
 * text.c - the human report on stdout, and the time series as CSV.
 *
 * The report reads like the notes of a kernel developer's experiment:
 * what ran on which machine, /usr/bin/time for each workload (GNU time's
 * default format, so that it can be set beside a real run), the reclaim
 * counters the seeds' tables use, and each cgroup's v1 usage figures.
 * Counter names are the /proc/vmstat ones, one per line, so the report
 * can be grepped.  Deterministic, like every output.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>

#include "report.h"
#include "../mm/sim.h"
#include "../mm/page_alloc.h"
#include "../workload/workload.h"

/* A duration as a scenario file writes it: "1s", "1.5s", "250ms", "7ns". */
static void print_duration(FILE *f, u64 ns)
{
	unsigned long long s = ns / NSEC_PER_SEC, sub = ns % NSEC_PER_SEC;

	if (s && sub) {
		char frac[16];
		int n = snprintf(frac, sizeof(frac), "%09llu", sub);

		while (n > 1 && frac[n - 1] == '0')
			frac[--n] = '\0';
		fprintf(f, "%llu.%ss", s, frac);
	} else if (!sub) {
		fprintf(f, "%llus", s);
	} else if (!(ns % NSEC_PER_MSEC)) {
		fprintf(f, "%llums", (unsigned long long)(ns / NSEC_PER_MSEC));
	} else if (!(ns % NSEC_PER_USEC)) {
		fprintf(f, "%lluus", (unsigned long long)(ns / NSEC_PER_USEC));
	} else {
		fprintf(f, "%lluns", (unsigned long long)ns);
	}
}

/* The run ended at run.duration, not because its workloads were done. */
static bool stopped_by_duration(const struct sim *sim)
{
	return sim->eng.now >= sim->scn.run.duration_ns;
}

/* @ns as milliseconds, exact to the ns: "12.345678 ms". */
static void print_ms(FILE *f, u64 ns)
{
	fprintf(f, "%" PRIu64 ".%06" PRIu64 " ms", (u64)(ns / NSEC_PER_MSEC),
		(u64)(ns % NSEC_PER_MSEC));
}

/* GNU time %U / %S: seconds and hundredths, truncated as rusage is. */
static void print_secs_cs(FILE *f, u64 ns)
{
	u64 s = ns / NSEC_PER_SEC, cs = ns % NSEC_PER_SEC / (NSEC_PER_SEC / 100);

	fprintf(f, "%" PRIu64 ".%02" PRIu64, s, cs);
}

/* GNU time %E: [h:]mm:ss, or m:ss.cc below an hour. */
static void print_elapsed(FILE *f, u64 ns)
{
	u64 s = ns / NSEC_PER_SEC, cs = ns % NSEC_PER_SEC / (NSEC_PER_SEC / 100);

	if (s >= 3600)
		fprintf(f, "%" PRIu64 ":%02" PRIu64 ":%02" PRIu64, s / 3600, (s % 3600) / 60,
			s % 60);
	else
		fprintf(f, "%" PRIu64 ":%02" PRIu64 ".%02" PRIu64, s / 60, s % 60, cs);
}

/*
 * One workload as GNU time's default format prints it:
 *
 *   %Uuser %Ssystem %Eelapsed %PCPU (%Xavgtext+%Davgdata %Mmaxresident)k
 *   %Iinputs+%Ooutputs (%Fmajor+%Rminor)pagefaults %Wswaps
 *
 * each line prefixed by the workload's name.  %M, %I and %O are the
 * workload's getrusage() figures (struct wl_totals): ru_maxrss in KiB,
 * ru_inblock and ru_oublock in 512-byte blocks.  %X, %D and %W are 0 as on
 * every Linux kernel, which leaves ru_ixrss, ru_idrss and ru_nswap at 0.
 * Then the tasks' direct reclaim as delay accounting has it (getdelays -d
 * RECLAIM: count, and delay total in ms).
 */
static void print_workload(FILE *f, const struct sim *sim, unsigned int idx)
{
	const struct workload_inst *wl = &sim->workloads[idx];
	struct wl_totals t = workload_totals(sim, wl);
	char name[SCN_NAME_LEN + 16];
	const char *type = "unknown";

	if (wl->cfg && wl->cfg->name[0])
		snprintf(name, sizeof(name), "%.*s", SCN_NAME_LEN, wl->cfg->name);
	else
		snprintf(name, sizeof(name), "workload%u", idx);
	if (wl->cfg && wl->cfg->type < NR_WORKLOAD_TYPES && workload_type_name[wl->cfg->type])
		type = workload_type_name[wl->cfg->type];

	fprintf(f, "%s: type %s, cgroup %s\n", name, type, wl->memcg ? wl->memcg->name : "/");
	if (!sim->eng.nr_events) {
		/* not run (yet): nothing to say about how it ended */
	} else if (!wl->started) {
		fprintf(f, "%s: never started: start ", name);
		print_duration(f, wl->cfg ? wl->cfg->start_ns : 0);
		fputs(" is after run.duration (", f);
		print_duration(f, sim->scn.run.duration_ns);
		fputs(")\n", f);
	} else if (!wl->ended) {
		if (stopped_by_duration(sim)) {
			fprintf(f, "%s: did not finish: run.duration (", name);
			print_duration(f, sim->scn.run.duration_ns);
			fputs(") reached\n", f);
		} else {
			fprintf(f, "%s: did not finish: the run was stopped at ", name);
			print_duration(f, sim->eng.now);
			fputc('\n', f);
		}
	}
	if (wl->exit_signal)
		fprintf(f, "%s: Command terminated by signal %d\n", name, wl->exit_signal);

	fprintf(f, "%s: ", name);
	print_secs_cs(f, t.utime_ns);
	fputs("user ", f);
	print_secs_cs(f, t.stime_ns);
	fputs("system ", f);
	print_elapsed(f, t.elapsed_ns);
	fputs("elapsed ", f);
	if (t.elapsed_ns)
		fprintf(f, "%" PRIu64 "%%CPU", (t.utime_ns + t.stime_ns) * 100 / t.elapsed_ns);
	else
		fputs("?%CPU", f);
	fprintf(f, " (0avgtext+0avgdata %" PRIu64 "maxresident)k\n", t.maxrss_kb);
	fprintf(f,
		"%s: %" PRIu64 "inputs+%" PRIu64 "outputs (%" PRIu64 "major+%" PRIu64
		"minor)pagefaults 0swaps\n",
		name, t.inblock, t.oublock, t.maj_flt, t.min_flt);
	fprintf(f, "%s: reclaim delay: count %" PRIu64 ", total ", name, t.freepages_count);
	print_ms(f, t.freepages_delay_ns);
	fputc('\n', f);

	if (wl->summary[0])
		fprintf(f, "%s: %s\n", name, wl->summary);
	for (unsigned int k = 0; k < wl->nr_figures && k < WL_MAX_FIGURES; k++) {
		const struct wl_figure *fig = &wl->figures[k];

		if (!fig->name)
			continue;
		if (fig->integer)
			fprintf(f, "%s: %s %.0f\n", name, fig->name,
				fig->value == 0 ? 0.0 : fig->value);
		else
			fprintf(f, "%s: %s %.9g\n", name, fig->name, fig->value);
	}
}

static u64 sum_node_state(const struct sim *sim, enum node_stat_item item)
{
	long long sum = 0;

	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		sum += sim->nodes[n].vm_stat[item];
	return sum < 0 ? 0 : (u64)sum;
}

static void print_counter(FILE *f, const char *name, u64 v)
{
	fprintf(f, "  %-30s %" PRIu64 "\n", name, v);
}

static void print_reclaim(FILE *f, const struct sim *sim)
{
	static const enum vm_event_item events[] = {
		PGSCAN_KSWAPD,
		PGSCAN_DIRECT,
		PGSTEAL_KSWAPD,
		PGSTEAL_DIRECT,
		PGSCAN_ANON,
		PGSCAN_FILE,
		PGSTEAL_ANON,
		PGSTEAL_FILE,
		PGSCAN_DIRECT_THROTTLE,
		PSWPIN,
		PSWPOUT,
		PGMAJFAULT,
		PGLAZYFREE,
		PGLAZYFREED,
		NR_TLB_REMOTE_FLUSH,
		NR_TLB_REMOTE_FLUSH_RECEIVED,
	};
	const u64 *ev = sim->vm_events;
	u64 delay_count = 0, delay_ns = 0;

	for (unsigned int i = 0; i < sim->nr_workloads; i++) {
		struct wl_totals t = workload_totals(sim, &sim->workloads[i]);

		delay_count += t.freepages_count;
		delay_ns += t.freepages_delay_ns;
	}
	fputs("reclaim:\n", f);
	/* The seeds report allocstall as one figure (pre-4.x it was one). */
	print_counter(f, "allocstall",
		      ev[ALLOCSTALL_DMA] + ev[ALLOCSTALL_DMA32] + ev[ALLOCSTALL_NORMAL] +
			      ev[ALLOCSTALL_HIGH] + ev[ALLOCSTALL_MOVABLE]);
	/* as /proc/vmstat has it, by the highest zone the allocation allowed */
	for (int z = ALLOCSTALL_DMA; z <= ALLOCSTALL_MOVABLE; z++)
		if (zone_configured(sim, (enum zone_type)(z - ALLOCSTALL_DMA)))
			print_counter(f, vm_event_name[z], ev[z]);
	/* and by order, the orders that stalled */
	for (int o = 0; o < NR_PAGE_ORDERS; o++) {
		char name[32];

		if (!sim->reclaim.allocstall_order[o])
			continue;
		snprintf(name, sizeof(name), "allocstall order %d", o);
		print_counter(f, name, sim->reclaim.allocstall_order[o]);
	}
	for (size_t i = 0; i < sizeof(events) / sizeof(events[0]); i++)
		print_counter(f, vm_event_name[events[i]], ev[events[i]]);
	print_counter(f, node_stat_name[WORKINGSET_REFAULT_ANON],
		      sum_node_state(sim, WORKINGSET_REFAULT_ANON));
	print_counter(f, node_stat_name[WORKINGSET_REFAULT_FILE],
		      sum_node_state(sim, WORKINGSET_REFAULT_FILE));
	print_counter(f, "oom_kills", sim->reclaim.oom_kills);
	/* like allocstall: only the orders that failed (warn_alloc) */
	for (int o = 0; o < NR_PAGE_ORDERS; o++) {
		char name[48];

		if (!sim->alloc_failures.failed[o])
			continue;
		snprintf(name, sizeof(name), "page allocation failures order %d", o);
		print_counter(f, name, sim->alloc_failures.failed[o]);
	}
	/* like the failures: only the reasons reclaim_throttle() slept for */
	for (int r = 0; r < NR_VMSCAN_THROTTLE; r++) {
		static const char *const reasons[NR_VMSCAN_THROTTLE] = { "writeback", "isolated",
									 "noprogress",
									 "congested" };
		char name[48];

		if (!sim->reclaim.throttled[r])
			continue;
		snprintf(name, sizeof(name), "reclaim_throttle %s", reasons[r]);
		fprintf(f, "  %-30s %llu, ", name, (unsigned long long)sim->reclaim.throttled[r]);
		print_ms(f, sim->reclaim.throttled_ns[r]);
		fputc('\n', f);
	}
	print_counter(f, "max_parallel_reclaimers", sim->reclaim.max_parallel_reclaimers);
	print_counter(f, "overreclaim_pages", sim->reclaim.overreclaim_pages);
	fprintf(f, "  %-30s ", "max_try_to_free_pages");
	print_ms(f, sim->reclaim.max_try_to_free_pages_ns);
	fputc('\n', f);
	/* the workloads' tasks' delay accounting, summed (the lines above) */
	print_counter(f, "freepages_count", delay_count);
	fprintf(f, "  %-30s ", "freepages_delay_total");
	print_ms(f, delay_ns);
	fputc('\n', f);
}

/*
 * Each node's kswapd as /proc/PID/stat shows its CPU time
 * (fs/proc/array.c do_task_stat(), v6.12): utime and stime in clock ticks
 * of USER_HZ (nsec_to_clock_t()), then the exact time on CPU as the first
 * field of /proc/PID/schedstat (sum_exec_runtime, ns).
 */
static void print_kswapd(FILE *f, const struct sim *sim)
{
	fputs("kswapd:\n", f);
	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		const struct task *k = sim->nodes[n].kswapd;

		if (!k)
			continue;
		fprintf(f, "  %-16s pid %d utime %llu stime %llu (ticks), on CPU ", k->comm, k->pid,
			nsec_to_clock_t(k->utime_ns), nsec_to_clock_t(k->stime_ns));
		print_ms(f, k->utime_ns + k->stime_ns);
		fputc('\n', f);
	}
}

/* Bytes as MiB with two decimals (exact for whole pages of 4K or more). */
static void print_mib(FILE *f, const char *label, u64 bytes)
{
	u64 mib = bytes >> 20;
	u64 frac = ((bytes & ((1 << 20) - 1)) * 100) >> 20;

	fprintf(f, " %s %" PRIu64 ".%02" PRIu64 "M", label, mib, frac);
}

/* A limit in MiB, or "max" (the v2 files' word for none). */
static void print_limit(FILE *f, const char *label, u64 pages, u64 ps, u64 counter_max)
{
	if (pages >= counter_max)
		fprintf(f, " %s max", label);
	else
		print_mib(f, label, pages * ps);
}

/*
 * A v2 group: memory.current and .peak, its limits and protections
 * (memory.max/high/low/min), memory.events max/oom_kill and the
 * memory.pressure totals in microseconds.
 */
static void print_cgroup_v2(FILE *f, const struct mem_cgroup *memcg, u64 ps, u64 counter_max)
{
	print_mib(f, "current", memcg->memory.usage * ps);
	print_mib(f, "peak", memcg->memory.watermark * ps);
	print_limit(f, "max", memcg->memory.max, ps, counter_max);
	print_limit(f, "high", memcg->memory.high, ps, counter_max);
	print_mib(f, "low", memcg->memory.low * ps);
	print_mib(f, "min", memcg->memory.min * ps);
	fprintf(f, " max_events %" PRIu64 " oom_kill %" PRIu64, memcg->memory_events[MEMCG_MAX],
		memcg->memory_events[MEMCG_OOM_KILL]);
	fprintf(f, " pressure some %" PRIu64 "us full %" PRIu64 "us\n",
		(u64)(memcg->psi.total[PSI_MEM_SOME] / NSEC_PER_USEC),
		(u64)(memcg->psi.total[PSI_MEM_FULL] / NSEC_PER_USEC));
}

static void print_cgroups(FILE *f, const struct sim *sim)
{
	u64 ps = sim->page_size ? sim->page_size : 4096;
	u64 counter_max = (u64)INT64_MAX / ps; /* PAGE_COUNTER_MAX */

	if (!sim->nr_memcgs)
		return;
	fputs("cgroups:\n", f);
	for (unsigned int i = 0; i < sim->nr_memcgs; i++) {
		const struct mem_cgroup *memcg = sim->memcgs[i];

		fprintf(f, "  %-16s", memcg->name);
		if (memcg->dfl && memcg->parent) {
			print_cgroup_v2(f, memcg, ps, counter_max);
			continue;
		}
		print_mib(f, "usage", memcg->memory.usage * ps);
		print_mib(f, "max_usage", memcg->memory.watermark * ps);
		fprintf(f, " failcnt %" PRIu64, memcg->memory.failcnt);
		if (memcg->memory.max >= counter_max)
			fputs(" limit unlimited", f);
		else
			print_mib(f, "limit", memcg->memory.max * ps);
		fprintf(f, " oom_kill %" PRIu64 "\n", memcg->oom_kill);
	}
}

static void print_machine(FILE *f, const struct sim *sim)
{
	u64 managed = 0;

	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		for (int z = 0; z < MAX_NR_ZONES; z++)
			managed += sim->nodes[n].node_zones[z].managed_pages;

	fprintf(f, "machine: %u CPUs, %u node%s,", sim->eng.nr_cpus, sim->nr_nodes,
		sim->nr_nodes == 1 ? "" : "s");
	print_mib(f, "managed", managed * sim->page_size);
	fprintf(f, " (%" PRIu64 " pages of %u KiB), swap", managed, sim->page_size / 1024);
	if (sim->swap) {
		/* Slot 0 is the swap header: max - 1 usable slots. */
		u64 slots = sim->swap->max ? sim->swap->max - 1 : 0;

		print_mib(f, "size", slots * sim->page_size);
		print_mib(f, "used", sim->swap->inuse_pages * sim->page_size);
		fputc('\n', f);
	} else {
		fputs(" none\n", f);
	}
}

/*
 * The [at TIME] writes, one line each, when the scenario has any:
 * "at TIME NAME FILE VALUE: RESULT (began..returned, reclaimed, current
 * when it returned, OOM kills, the writer's CPU time)".
 */
static void print_actions(FILE *f, const struct sim *sim)
{
	const struct scenario *s = &sim->scn;

	if (!s->nr_actions)
		return;
	fputs("\nactions:\n", f);
	for (unsigned int i = 0; i < s->nr_actions; i++) {
		const struct scn_action *a = &s->actions[i];
		const struct memcg_action_log *log = &sim->action_log[i];

		fputs("  at ", f);
		print_duration(f, a->time_ns);
		fprintf(f, " %s %s ", a->cgroup, memcg_action_file(a->key));
		if (a->value == U64_MAX)
			fputs("max", f);
		else
			fprintf(f, "%" PRIu64, a->value);
		fprintf(f, ": %s", memcg_action_result(log));
		if (!log->started) {
			fputc('\n', f);
			continue;
		}
		fputs(" (", f);
		print_duration(f, log->start_ns);
		fputs("..", f);
		if (log->done)
			print_duration(f, log->end_ns);
		fputc(',', f);
		print_mib(f, "reclaimed", log->reclaimed * sim->page_size);
		if (log->done) {
			fputc(',', f);
			print_mib(f, "current", log->usage * sim->page_size);
		}
		fprintf(f, ", oom_kills %" PRIu64 ", sys ", log->oom_kills);
		print_ms(f, log->sys_ns);
		fputs(")\n", f);
	}
}

/**
 * report_text() - the human report: scenario, machine, per workload
 * /usr/bin/time lines and figures, reclaim counters, cgroups.
 * @f: where to print.
 * @sim: the simulation, normally finished.
 */
void report_text(FILE *f, const struct sim *sim)
{
	u64 utime = 0, stime = 0, majflt = 0, minflt = 0;
	unsigned int unfinished = 0, unstarted = 0;

	fprintf(f, "scenario: %s, seed %" PRIu64 ", kernel profile %s\n", sim->scn.path,
		sim->scn.run.seed, sim->scn.policy.kernel[0] ? sim->scn.policy.kernel : "default");
	if (sim->eng.interrupted) {
		fputs("run: INTERRUPTED at ", f);
		print_duration(f, sim->eng.now);
		fputs(" (SIGINT/SIGTERM): the figures so far\n", f);
	}
	for (unsigned int i = 0; i < sim->nr_workloads; i++) {
		unstarted += !sim->workloads[i].started;
		unfinished += sim->workloads[i].started && !sim->workloads[i].ended;
	}
	if (sim->panic) {
		fputs("run: stopped by a kernel panic at ", f);
		print_duration(f, sim->panic_ns);
		fprintf(f, " (Kernel panic - not syncing: %s): the figures are those up to it\n",
			sim->panic);
	} else if (sim->eng.nr_events && unfinished + unstarted) {
		fputs(stopped_by_duration(sim) ? "run: stopped at run.duration (" :
						 "run: stopped at ",
		      f);
		print_duration(f,
			       stopped_by_duration(sim) ? sim->scn.run.duration_ns : sim->eng.now);
		fprintf(f, "%s: %u of %u workload%s did not finish",
			stopped_by_duration(sim) ? ")" : "", unfinished + unstarted,
			sim->nr_workloads, sim->nr_workloads == 1 ? "" : "s");
		if (unstarted)
			fprintf(f, " (%u never started)", unstarted);
		fputc('\n', f);
	}
	print_machine(f, sim);

	for (unsigned int i = 0; i < sim->nr_workloads; i++) {
		struct wl_totals t = workload_totals(sim, &sim->workloads[i]);

		utime += t.utime_ns;
		stime += t.stime_ns;
		majflt += t.maj_flt;
		minflt += t.min_flt;
		fputc('\n', f);
		print_workload(f, sim, i);
	}

	fputs("\ntotal: ", f);
	print_secs_cs(f, utime);
	fputs("user ", f);
	print_secs_cs(f, stime);
	fputs("system ", f);
	print_elapsed(f, sim->eng.now);
	fprintf(f, "elapsed (%" PRIu64 "major+%" PRIu64 "minor)pagefaults\n\n", majflt, minflt);

	print_reclaim(f, sim);
	print_kswapd(f, sim);
	print_cgroups(f, sim);
	print_actions(f, sim);
}

/*
 * iostat's figures of a device over one sample interval of @dt_ns: util %
 * (the share of the interval with a request in flight), queue size (the
 * requests in flight on average, aqu-sz) and await (ms per completed
 * request, 0 with none).
 */
static void print_disk_interval(FILE *f, const struct sample_disk *p, const struct sample_disk *s,
				u64 dt_ns)
{
	double dt = dt_ns ? (double)dt_ns : 1.0;
	u64 ios = s->ios - p->ios;

	fprintf(f, ",%.1f,%.2f,%.2f", 100.0 * (double)(s->io_ticks_ns - p->io_ticks_ns) / dt,
		(double)(s->time_in_queue_ns - p->time_in_queue_ns) / dt,
		ios ? (double)(s->ticks_ns - p->ticks_ns) / 1e6 / (double)ios : 0.0);
}

/* A group's limit as a CSV cell: empty when it has none (@none). */
static void csv_limit(FILE *f, u64 v, u64 none)
{
	if (v == none)
		fputc(',', f);
	else
		fprintf(f, ",%" PRIu64, v);
}

/**
 * report_timeseries_csv() - the samples as CSV with a header line:
 * t_s,free,min,low,high,pgscan,pgsteal,reclaimers,active_anon,
 * inactive_anon,pgrefill,pgdeactivate,pswpout,pswpin,pgmajfault, then
 * (added later, so older readers keep their columns) pgscan_kswapd,
 * pgscan_direct,pgsteal_kswapd,pgsteal_direct,in_direct,in_memcg,
 * throttled,swap_used,dirty,writeback,compact_stall,compact_success,
 * highorder_failed, then disk_util,disk_queue,disk_await_ms,swap_util,
 * swap_queue,swap_await_ms (each device's /proc/diskstats over the
 * interval since the last sample: busy %, requests in flight on average,
 * ms per request completed), then psi_some_us,psi_full_us (the system's
 * memory pressure, cumulative as /proc/pressure/memory's total=), then
 * for each group the samples follow (at most SAMPLE_CGROUPS: those with a
 * limit at the start or named by an [at] write) GROUP:current,GROUP:min,
 * GROUP:low,GROUP:high,GROUP:max in pages, a limit not set left empty,
 * then for each zone alone (the first SAMPLE_ZONES populated ones, node by
 * node) nodeN_ZONE:free,nodeN_ZONE:min,nodeN_ZONE:low,nodeN_ZONE:high.
 * @f: where to print.
 * @sim: the simulation.
 *
 * t_s is exact to the ns; pages for free and the watermarks (summed over
 * all zones), the anon LRU lists (all nodes), swap used, dirty and under
 * writeback; the vmstat event counters (pgscan ... pgmajfault,
 * pgscan_kswapd ... pgsteal_direct, compact_*) and highorder_failed (page
 * allocation failures of order > 0) are cumulative since the start;
 * reclaimers, in_direct (global direct reclaim), in_memcg (memcg limit
 * reclaim; the two add up to reclaimers) and throttled (asleep in
 * reclaim_throttle) are tasks at the instant.
 */
void report_timeseries_csv(FILE *f, const struct sim *sim)
{
	static const struct sample zero;
	unsigned int nr_zones = 0;

	fputs("t_s,free,min,low,high,pgscan,pgsteal,reclaimers,active_anon,inactive_anon,"
	      "pgrefill,pgdeactivate,pswpout,pswpin,pgmajfault,pgscan_kswapd,pgscan_direct,"
	      "pgsteal_kswapd,pgsteal_direct,in_direct,in_memcg,throttled,swap_used,dirty,"
	      "writeback,compact_stall,compact_success,highorder_failed,"
	      "disk_util,disk_queue,disk_await_ms,swap_util,swap_queue,swap_await_ms,"
	      "psi_some_us,psi_full_us",
	      f);
	for (unsigned int k = 0; k < sim->nr_sample_cg; k++) {
		const char *name = sim->memcgs[sim->sample_cg[k]]->name;

		fprintf(f, ",%s:current,%s:min,%s:low,%s:high,%s:max", name, name, name, name,
			name);
	}
	/* the zones take_sample() keeps, in its order */
	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		for (int z = 0; z < MAX_NR_ZONES; z++)
			if (populated_zone(&sim->nodes[n].node_zones[z]) &&
			    nr_zones < SAMPLE_ZONES) {
				nr_zones++;
				fprintf(f,
					",node%u_%s:free,node%u_%s:min,node%u_%s:low,node%u_%s:high",
					n, zone_names[z], n, zone_names[z], n, zone_names[z], n,
					zone_names[z]);
			}
	fputc('\n', f);
	for (size_t i = 0; i < sim->nr_samples; i++) {
		const struct sample *s = &sim->samples[i], *p = i ? s - 1 : &zero;
		u64 sec = s->t_ns / NSEC_PER_SEC, nsec = s->t_ns % NSEC_PER_SEC;

		fprintf(f,
			"%" PRIu64 ".%09" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
			",%" PRIu64 ",%" PRIu64 ",%u,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
			",%" PRIu64 ",%" PRIu64 ",%" PRIu64,
			sec, nsec, s->free, s->min, s->low, s->high, s->pgscan, s->pgsteal,
			s->reclaimers, s->active_anon, s->inactive_anon, s->pgrefill,
			s->pgdeactivate, s->pswpout, s->pswpin, s->pgmajfault);
		fprintf(f,
			",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%u,%u,%u,%" PRIu64
			",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64,
			s->pgscan_kswapd, s->pgscan_direct, s->pgsteal_kswapd, s->pgsteal_direct,
			s->in_direct, s->in_memcg, s->throttled, s->swap_used, s->dirty,
			s->writeback, s->compact_stall, s->compact_success, s->highorder_failed);
		for (int d = 0; d < 2; d++)
			print_disk_interval(f, &p->disk[d], &s->disk[d], s->t_ns - p->t_ns);
		fprintf(f, ",%" PRIu64 ",%" PRIu64, (u64)(s->psi_some_ns / NSEC_PER_USEC),
			(u64)(s->psi_full_ns / NSEC_PER_USEC));
		for (unsigned int k = 0; k < sim->nr_sample_cg; k++) {
			const struct sample_cg *c = &s->cg[k];

			fprintf(f, ",%" PRIu64, c->usage);
			csv_limit(f, c->min, 0);
			csv_limit(f, c->low, 0);
			csv_limit(f, c->high, U64_MAX);
			csv_limit(f, c->max, U64_MAX);
		}
		for (unsigned int k = 0; k < nr_zones; k++)
			fprintf(f, ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64, s->zone[k].free,
				s->zone[k].min, s->zone[k].low, s->zone[k].high);
		fputc('\n', f);
	}
}

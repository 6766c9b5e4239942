// SPDX-License-Identifier: MIT
/*
 * json.c - the run as one JSON object, per the output contract in
 * DESIGN.md:
 *
 *   {
 *     "scenario": PATH, "seed": N,
 *     "panic":     {"message", "time" (s)}  only when the run stopped at a
 *                  kernel panic: every figure below is as of that instant
 *     "time":      {"elapsed_s", "user_s", "sys_s", "major_faults", "minor_faults",
 *                   "inblock", "oublock", "maxrss_kb"},
 *     "vmstat":    {NAME: N, ...}                 the report_vmstat() lines
 *     "reclaim":   {"max_parallel_reclaimers", "max_try_to_free_pages_ns",
 *                   "overreclaim_pages", "oom_kills", "reclaim_throttle" (REASON:
 *                   {"count", "ns"}),
 *                   "allocstall_order": {"0": N, ... "MAX_PAGE_ORDER": N},
 *                   "freepages_count", "freepages_delay_total_ns"},
 *     "kswapd":    {COMM: {"node", "pid", "utime", "stime",
 *                   "sum_exec_runtime_ns"}}       each node's kswapd
 *     "zones":     [{"node", "name", "managed", "min", "low", "high",
 *                    "protection": [..], "free", "boost", "promo",
 *                    "spanned", "present"}, ...]   every zone of every node
 *     "cgroups":   {NAME: {memory.stat lines... (the group's own format:
 *                   v1 names for a v1 group, v2 names for a v2 one),
 *                   "usage_in_bytes",
 *                   "max_usage_in_bytes", "failcnt", "limit_in_bytes",
 *                   "memsw_usage_in_bytes", "memsw_max_usage_in_bytes",
 *                   "memsw_failcnt", "memsw_limit_in_bytes", "oom_kill",
 *                   "current", "peak", "swap_current" (bytes: memory.current,
 *                   memory.peak, memory.swap.current), "events" and
 *                   "events_local" ({"low", "high", "max", "oom", "oom_kill",
 *                   "oom_group_kill"}: memory.events, memory.events.local),
 *                   "pressure" (v2 groups: memory.pressure, as below)}}
 *     "workloads": {NAME: {"type", "elapsed_s", "user_s", "sys_s",
 *                   "major_faults", "minor_faults", "exit_signal",
 *                   "started", "finished", "inblock", "oublock",
 *                   "maxrss_kb", "freepages_count",
 *                   "freepages_delay_total_ns", FIGURE: value, ...}}
 *                   started: its start came within run.duration;
 *                   finished: every task exited (or was killed) before
 *                   run.duration ended the run
 *     "diskstats": {"sda", "sdb" (with swap): {"reads", "read_merges",
 *                   "read_sectors", "read_ticks_ms", "writes", "write_merges",
 *                   "write_sectors", "write_ticks_ms", "in_flight",
 *                   "io_ticks_ms", "time_in_queue_ms", "wbt" (blk_wbt = on:
 *                   {"throttled", "windows", "exceeded", "scale_up",
 *                   "scale_down", "scale_step", "max_depth", "min_lat_ns"})}}:
 *                   /proc/diskstats' fields, and blk-wbt's
 *     "lock_stat": {CLASS: {"acquisitions", "contentions",
 *                   "waittime_total_ns", "waittime_max_ns"}}  as
 *                   /proc/lock_stat counts them, for the classes
 *                   mmap_lock, zone_lock, lru_lock, anon_vma_lock, i_mmap_lock
 *     "alloc_failures": {"order": {"0": N, ...}, "warned": N,
 *                   "kernel_log": ["[  s.us] text", ...]}
 *                   only when some page allocation failed: failures by
 *                   order (__GFP_NOWARN ones included), those logged by
 *                   warn_alloc, and the kernel log lines (dmesg)
 *     "pressure":  {"some": {"avg10", "avg60", "avg300", "total_us"},
 *                   "full": {...}}   /proc/pressure/memory; the averages
 *                   are percentages with two decimals, as psi_show prints
 *   }
 *
 * Integers are written as their exact decimal text (cJSON raw items):
 * cJSON prints numbers through a double with %1.15g, which turns counts
 * above 2^53 into rounded values and some 16-digit ones into "1e+15"
 * forms, and the v1 "unlimited" limit 9223372036854771712 is exactly such
 * a number.  Seconds are doubles and go through cJSON's own printing.
 *
 * The "vmstat" and per-cgroup memory.stat members are parsed back from
 * what report_vmstat() and report_memory_stat() print, so the JSON and
 * the kernel-format files can never disagree on a name or a value.
 *
 * Deterministic: members are added in a fixed order from model state only,
 * so the same simulation always gives the same bytes.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "report.h"
#include "../mm/sim.h"
#include "../mm/page_alloc.h"
#include "../workload/workload.h"

static void add_u64(cJSON *obj, const char *name, u64 v)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "%" PRIu64, v);
	cJSON_AddRawToObject(obj, name, buf);
}

static void add_s64(cJSON *obj, const char *name, long long v)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "%lld", v);
	cJSON_AddRawToObject(obj, name, buf);
}

static void add_seconds(cJSON *obj, const char *name, u64 ns)
{
	cJSON_AddNumberToObject(obj, name, (double)ns / (double)NSEC_PER_SEC);
}

/*
 * Add each "name value" line of @text to @obj.  The value must be a run
 * of decimal digits (all the kernel-format writers print); anything else
 * is skipped rather than risk emitting invalid JSON through a raw item.
 */
static void add_name_value_lines(cJSON *obj, const char *text)
{
	const char *p = text;

	while (*p) {
		const char *eol = strchr(p, '\n');
		const char *sp;
		char name[64], value[32];
		size_t nlen, vlen;

		if (!eol)
			eol = p + strlen(p);
		sp = memchr(p, ' ', (size_t)(eol - p));
		if (sp) {
			nlen = (size_t)(sp - p);
			vlen = (size_t)(eol - sp - 1);
			if (nlen && nlen < sizeof(name) && vlen && vlen < sizeof(value) &&
			    strspn(sp + 1, "0123456789") >= vlen) {
				memcpy(name, p, nlen);
				name[nlen] = '\0';
				memcpy(value, sp + 1, vlen);
				value[vlen] = '\0';
				cJSON_AddRawToObject(obj, name, value);
			}
		}
		p = *eol ? eol + 1 : eol;
	}
}

/* Run report_vmstat() into memory and add its lines to @obj. */
static void add_vmstat(cJSON *obj, const struct sim *sim)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mf = open_memstream(&buf, &len);

	if (!mf)
		return;
	report_vmstat(mf, sim);
	if (fclose(mf) == 0 && buf)
		add_name_value_lines(obj, buf);
	free(buf);
}

static void add_memory_stat(cJSON *obj, const struct sim *sim, const struct mem_cgroup *memcg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mf = open_memstream(&buf, &len);

	if (!mf)
		return;
	report_memory_stat(mf, sim, memcg);
	if (fclose(mf) == 0 && buf)
		add_name_value_lines(obj, buf);
	free(buf);
}

/* PAGE_COUNTER_MAX * PAGE_SIZE for unlimited, as v1 limit files show it. */
static u64 limit_bytes(const struct sim *sim, u64 max_pages)
{
	u64 ps = sim->page_size ? sim->page_size : 4096;

	return min_u64(max_pages, (u64)INT64_MAX / ps) * ps;
}

static cJSON *json_time(const struct sim *sim)
{
	cJSON *o = cJSON_CreateObject();
	u64 utime = 0, stime = 0, majflt = 0, minflt = 0, inblock = 0, oublock = 0, maxrss = 0;

	/* /usr/bin/time of the experiment sees the workload processes only. */
	for (unsigned int i = 0; i < sim->nr_workloads; i++) {
		struct wl_totals t = workload_totals(sim, &sim->workloads[i]);

		utime += t.utime_ns;
		stime += t.stime_ns;
		majflt += t.maj_flt;
		minflt += t.min_flt;
		inblock += t.inblock;
		oublock += t.oublock;
		maxrss = max_u64(maxrss, t.maxrss_kb); /* ru_maxrss: the largest */
	}
	add_seconds(o, "elapsed_s", sim->eng.now);
	add_seconds(o, "user_s", utime);
	add_seconds(o, "sys_s", stime);
	add_u64(o, "major_faults", majflt);
	add_u64(o, "minor_faults", minflt);
	add_u64(o, "inblock", inblock);
	add_u64(o, "oublock", oublock);
	add_u64(o, "maxrss_kb", maxrss);
	return o;
}

/* /proc/lock_stat's figures per lock class (enum lock_class) */
static cJSON *json_lock_stat(const struct sim *sim)
{
	static const char *const names[NR_LOCK_CLASSES] = {
		[LOCK_MMAP] = "mmap_lock",     [LOCK_ZONE] = "zone_lock",
		[LOCK_LRU] = "lru_lock",       [LOCK_ANON_VMA] = "anon_vma_lock",
		[LOCK_I_MMAP] = "i_mmap_lock",
	};
	cJSON *o = cJSON_CreateObject();

	for (int c = 0; o && c < NR_LOCK_CLASSES; c++) {
		const struct lock_class_stat *s = &sim->lock_stat[c];
		cJSON *l = cJSON_AddObjectToObject(o, names[c]);

		add_u64(l, "acquisitions", s->acquisitions);
		add_u64(l, "contentions", s->contentions);
		add_u64(l, "waittime_total_ns", s->waittime_total_ns);
		add_u64(l, "waittime_max_ns", s->waittime_max_ns);
	}
	return o;
}

static cJSON *json_reclaim(const struct sim *sim)
{
	cJSON *o = cJSON_CreateObject(), *stalls;
	u64 delay_count = 0, delay_ns = 0;

	add_u64(o, "max_parallel_reclaimers", sim->reclaim.max_parallel_reclaimers);
	add_u64(o, "max_try_to_free_pages_ns", sim->reclaim.max_try_to_free_pages_ns);
	add_u64(o, "overreclaim_pages", sim->reclaim.overreclaim_pages);
	add_u64(o, "oom_kills", sim->reclaim.oom_kills);
	/* reclaim_throttle() (v5.16+): sleeps and their time by reason */
	{
		static const char *const reasons[NR_VMSCAN_THROTTLE] = { "writeback", "isolated",
									 "noprogress",
									 "congested" };
		cJSON *th = cJSON_AddObjectToObject(o, "reclaim_throttle");

		for (int r = 0; th && r < NR_VMSCAN_THROTTLE; r++) {
			cJSON *one = cJSON_AddObjectToObject(th, reasons[r]);

			if (!one)
				continue;
			add_u64(one, "count", sim->reclaim.throttled[r]);
			add_u64(one, "ns", sim->reclaim.throttled_ns[r]);
		}
	}
	/* keyed by order: every order up to MAX_PAGE_ORDER, stalled or not */
	stalls = cJSON_AddObjectToObject(o, "allocstall_order");
	for (int order = 0; stalls && order < NR_PAGE_ORDERS; order++) {
		char key[12]; /* any int, as the compiler checks */

		snprintf(key, sizeof(key), "%d", order);
		add_u64(stalls, key, sim->reclaim.allocstall_order[order]);
	}
	for (unsigned int i = 0; i < sim->nr_workloads; i++) {
		struct wl_totals t = workload_totals(sim, &sim->workloads[i]);

		delay_count += t.freepages_count;
		delay_ns += t.freepages_delay_ns;
	}
	add_u64(o, "freepages_count", delay_count);
	add_u64(o, "freepages_delay_total_ns", delay_ns);
	return o;
}

/* Each node's kswapd: /proc/PID/stat utime and stime (USER_HZ ticks), schedstat's ns. */
static cJSON *json_kswapd(const struct sim *sim)
{
	cJSON *all = cJSON_CreateObject();

	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		const struct task *k = sim->nodes[n].kswapd;
		cJSON *o;

		if (!k)
			continue;
		o = cJSON_CreateObject();
		add_s64(o, "node", sim->nodes[n].node_id);
		add_s64(o, "pid", k->pid);
		add_u64(o, "utime", nsec_to_clock_t(k->utime_ns));
		add_u64(o, "stime", nsec_to_clock_t(k->stime_ns));
		add_u64(o, "sum_exec_runtime_ns", k->utime_ns + k->stime_ns);
		cJSON_AddItemToObject(all, k->comm, o);
	}
	return all;
}

static cJSON *json_zones(const struct sim *sim)
{
	cJSON *arr = cJSON_CreateArray();

	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		const struct pglist_data *pgdat = &sim->nodes[n];

		for (int zi = 0; zi < MAX_NR_ZONES; zi++) {
			const struct zone *z = &pgdat->node_zones[zi];
			cJSON *o, *prot;
			long free = zone_page_state(z, NR_FREE_PAGES);

			/* the zones of the arch's kernel, as /proc/zoneinfo */
			if (!zone_configured(sim, zi))
				continue;
			o = cJSON_CreateObject();
			prot = cJSON_CreateArray();

			add_s64(o, "node", pgdat->node_id);
			cJSON_AddStringToObject(o, "name", zone_names[zi] ? zone_names[zi] : "?");
			add_u64(o, "managed", zone_managed_pages(z));
			/* As /proc/zoneinfo shows them: boost included. */
			add_u64(o, "min", min_wmark_pages(z));
			add_u64(o, "low", low_wmark_pages(z));
			add_u64(o, "high", high_wmark_pages(z));
			for (int i = 0; i < MAX_NR_ZONES; i++) {
				char buf[24];

				if (!zone_configured(sim, i))
					continue;
				snprintf(buf, sizeof(buf), "%ld", z->lowmem_reserve[i]);
				cJSON_AddItemToArray(prot, cJSON_CreateRaw(buf));
			}
			cJSON_AddItemToObject(o, "protection", prot);
			add_u64(o, "free", free < 0 ? 0 : (u64)free);
			add_u64(o, "boost", z->watermark_boost);
			add_u64(o, "promo", z->_watermark[WMARK_PROMO] + z->watermark_boost);
			add_u64(o, "spanned", z->spanned_pages);
			add_u64(o, "present", z->present_pages);
			cJSON_AddItemToArray(arr, o);
		}
	}
	return arr;
}

/* memory.events or memory.events.local, the kernel's names */
static cJSON *json_memory_events(const u64 *events)
{
	static const char *const names[MEMCG_NR_MEMORY_EVENTS] = {
		[MEMCG_LOW] = "low",	       [MEMCG_HIGH] = "high",
		[MEMCG_MAX] = "max",	       [MEMCG_OOM] = "oom",
		[MEMCG_OOM_KILL] = "oom_kill", [MEMCG_OOM_GROUP_KILL] = "oom_group_kill",
	};
	cJSON *o = cJSON_CreateObject();

	for (int i = 0; i < MEMCG_NR_MEMORY_EVENTS; i++)
		add_u64(o, names[i], events[i]);
	return o;
}

/*
 * blk-wbt's state and counters (what its debugfs files and the wbt_step
 * and wbt_timer tracepoints show): writers throttled, windows, windows
 * over the read latency target, scale steps, and where it ended
 */
static cJSON *json_wbt(const struct rq_wb *rwb)
{
	cJSON *o = cJSON_CreateObject();

	add_u64(o, "throttled", rwb->nr_throttled);
	add_u64(o, "windows", rwb->nr_windows);
	add_u64(o, "exceeded", rwb->nr_exceeded);
	add_u64(o, "scale_up", rwb->nr_scale_up);
	add_u64(o, "scale_down", rwb->nr_scale_down);
	cJSON_AddNumberToObject(o, "scale_step", rwb->scale_step);
	add_u64(o, "max_depth", rwb->max_depth);
	add_u64(o, "min_lat_ns", rwb->min_lat_ns);
	return o;
}

/* /proc/diskstats' fields of one device (report_diskstats, procfs.c) */
static cJSON *json_disk(const struct sim *sim, const struct blkdev *dev)
{
	cJSON *o = cJSON_CreateObject();
	struct blk_disk_stat st;
	static const char *const dir[2] = { "read", "write" };

	blk_disk_stat(dev, sim->eng.now, &st);
	for (int d = 0; d < 2; d++) {
		char name[32];

		add_u64(o, d ? "writes" : "reads", st.dir[d].ios);
		snprintf(name, sizeof(name), "%s_merges", dir[d]);
		add_u64(o, name, st.dir[d].merges);
		snprintf(name, sizeof(name), "%s_sectors", dir[d]);
		add_u64(o, name, st.dir[d].sectors);
		snprintf(name, sizeof(name), "%s_ticks_ms", dir[d]);
		add_u64(o, name, st.dir[d].ticks_ns / NSEC_PER_MSEC);
	}
	add_u64(o, "in_flight", st.in_flight);
	add_u64(o, "io_ticks_ms", st.io_ticks_ns / NSEC_PER_MSEC);
	add_u64(o, "time_in_queue_ms", st.time_in_queue_ns / NSEC_PER_MSEC);
	if (dev->wbt.enabled)
		cJSON_AddItemToObject(o, "wbt", json_wbt(&dev->wbt));
	return o;
}

static cJSON *json_diskstats(const struct sim *sim)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddItemToObject(o, "sda", json_disk(sim, &sim->disk_dev));
	if (sim->scn.machine.swap)
		cJSON_AddItemToObject(o, "sdb", json_disk(sim, &sim->swap_dev));
	return o;
}

/*
 * A pressure file as JSON: "some" and "full", each with avg10, avg60,
 * avg300 (percent, two decimals as psi_show prints them) and total_us.
 */
static cJSON *json_pressure(const struct psi_group *group)
{
	cJSON *o = cJSON_CreateObject();

	for (int full = 0; full < 2; full++) {
		static const char *const avg_names[3] = { "avg10", "avg60", "avg300" };
		const unsigned long *avg = group->avg[PSI_MEM_SOME + full];
		cJSON *line = cJSON_AddObjectToObject(o, full ? "full" : "some");

		if (!line)
			continue;
		for (int w = 0; w < 3; w++) {
			char buf[32];

			snprintf(buf, sizeof(buf), "%lu.%02lu", LOAD_INT(avg[w]),
				 LOAD_FRAC(avg[w]));
			cJSON_AddRawToObject(line, avg_names[w], buf);
		}
		add_u64(line, "total_us", (u64)(group->total[PSI_MEM_SOME + full] / NSEC_PER_USEC));
	}
	return o;
}

static cJSON *json_cgroups(const struct sim *sim)
{
	cJSON *all = cJSON_CreateObject();
	u64 ps = sim->page_size;

	for (unsigned int i = 0; i < sim->nr_memcgs; i++) {
		const struct mem_cgroup *memcg = sim->memcgs[i];
		cJSON *o = cJSON_CreateObject();
		/* its path, unique: "/" for the root, "A/B/C" below */
		const char *key = memcg->name;

		add_memory_stat(o, sim, memcg);
		add_u64(o, "usage_in_bytes", memcg->memory.usage * ps);
		add_u64(o, "max_usage_in_bytes", memcg->memory.watermark * ps);
		add_u64(o, "failcnt", memcg->memory.failcnt);
		add_u64(o, "limit_in_bytes", limit_bytes(sim, memcg->memory.max));
		add_u64(o, "memsw_usage_in_bytes", memcg->memsw.usage * ps);
		add_u64(o, "memsw_max_usage_in_bytes", memcg->memsw.watermark * ps);
		add_u64(o, "memsw_failcnt", memcg->memsw.failcnt);
		add_u64(o, "memsw_limit_in_bytes", limit_bytes(sim, memcg->memsw.max));
		add_u64(o, "oom_kill", memcg->oom_kill);
		/* the v2 files: memory.current, memory.peak, memory.swap.current */
		add_u64(o, "current", memcg->memory.usage * ps);
		add_u64(o, "peak", memcg->memory.watermark * ps);
		add_u64(o, "swap_current", memcg->swap.usage * ps);
		cJSON_AddItemToObject(o, "events", json_memory_events(memcg->memory_events));
		cJSON_AddItemToObject(o, "events_local",
				      json_memory_events(memcg->memory_events_local));
		/* memory.pressure: v2 groups only (psi is a cgroup2 feature) */
		if (memcg->dfl && memcg->parent)
			cJSON_AddItemToObject(o, "pressure", json_pressure(&memcg->psi));
		cJSON_AddItemToObject(all, key, o);
	}
	return all;
}

static void add_figure(cJSON *o, const struct wl_figure *fig)
{
	char buf[400];

	if (!fig->name)
		return;
	/* The fixed members win over a figure that reuses their name. */
	if (cJSON_GetObjectItemCaseSensitive(o, fig->name))
		return;
	if (fig->integer && isfinite(fig->value)) {
		/* %.0f of an integral double is exact; avoid printing "-0". */
		snprintf(buf, sizeof(buf), "%.0f", fig->value == 0 ? 0.0 : fig->value);
		cJSON_AddRawToObject(o, fig->name, buf);
	} else {
		/* cJSON writes NaN and infinities as null. */
		cJSON_AddNumberToObject(o, fig->name, fig->value);
	}
}

static cJSON *json_workloads(const struct sim *sim)
{
	cJSON *all = cJSON_CreateObject();

	for (unsigned int i = 0; i < sim->nr_workloads; i++) {
		const struct workload_inst *wl = &sim->workloads[i];
		struct wl_totals t = workload_totals(sim, wl);
		cJSON *o = cJSON_CreateObject();
		const char *type = "unknown";
		char name[SCN_NAME_LEN], key[SCN_NAME_LEN + 16];

		if (wl->cfg && wl->cfg->type < NR_WORKLOAD_TYPES &&
		    workload_type_name[wl->cfg->type])
			type = workload_type_name[wl->cfg->type];
		if (wl->cfg && wl->cfg->name[0])
			snprintf(name, sizeof(name), "%s", wl->cfg->name);
		else
			snprintf(name, sizeof(name), "workload%u", i);
		/* Names are unique after scenario_validate(); stay valid JSON anyway. */
		snprintf(key, sizeof(key), "%s", name);
		if (cJSON_GetObjectItemCaseSensitive(all, key))
			snprintf(key, sizeof(key), "%s#%u", name, i);

		cJSON_AddStringToObject(o, "type", type);
		add_seconds(o, "elapsed_s", t.elapsed_ns);
		add_seconds(o, "user_s", t.utime_ns);
		add_seconds(o, "sys_s", t.stime_ns);
		add_u64(o, "major_faults", t.maj_flt);
		add_u64(o, "minor_faults", t.min_flt);
		add_s64(o, "exit_signal", wl->exit_signal);
		cJSON_AddBoolToObject(o, "started", wl->started);
		cJSON_AddBoolToObject(o, "finished", wl->ended);
		add_u64(o, "inblock", t.inblock);
		add_u64(o, "oublock", t.oublock);
		add_u64(o, "maxrss_kb", t.maxrss_kb);
		add_u64(o, "freepages_count", t.freepages_count);
		add_u64(o, "freepages_delay_total_ns", t.freepages_delay_ns);
		for (unsigned int k = 0; k < wl->nr_figures && k < WL_MAX_FIGURES; k++)
			add_figure(o, &wl->figures[k]);
		cJSON_AddItemToObject(all, key, o);
	}
	return all;
}

/*
 * The [at TIME] writes in file order: "time" (s), "cgroup", "file",
 * "value" (bytes or the number written; "max"), "result" (as
 * memcg_action_result words it), and once begun "start", "end" (s, end
 * once returned), "reclaimed_bytes", "current" (bytes, once returned),
 * "oom_kills", "sys_ns".
 */
static cJSON *json_actions(const struct sim *sim)
{
	const struct scenario *s = &sim->scn;
	cJSON *arr = cJSON_CreateArray();

	for (unsigned int i = 0; arr && i < s->nr_actions; i++) {
		const struct scn_action *a = &s->actions[i];
		const struct memcg_action_log *log = &sim->action_log[i];
		cJSON *o = cJSON_CreateObject();

		if (!o)
			break;
		cJSON_AddItemToArray(arr, o);
		add_seconds(o, "time", a->time_ns);
		cJSON_AddStringToObject(o, "cgroup", a->cgroup);
		cJSON_AddStringToObject(o, "file", memcg_action_file(a->key));
		if (a->value == U64_MAX)
			cJSON_AddStringToObject(o, "value", "max");
		else
			add_u64(o, "value", a->value);
		cJSON_AddStringToObject(o, "result", memcg_action_result(log));
		if (!log->started)
			continue;
		add_seconds(o, "start", log->start_ns);
		if (log->done)
			add_seconds(o, "end", log->end_ns);
		add_u64(o, "reclaimed_bytes", log->reclaimed * sim->page_size);
		if (log->done)
			add_u64(o, "current", log->usage * sim->page_size);
		add_u64(o, "oom_kills", log->oom_kills);
		add_u64(o, "sys_ns", log->sys_ns);
	}
	return arr;
}

static bool alloc_failed(const struct sim *sim)
{
	for (int o = 0; o < NR_PAGE_ORDERS; o++)
		if (sim->alloc_failures.failed[o])
			return true;
	return false;
}

/* The page allocation failures and the kernel log lines (report_dmesg's). */
static cJSON *json_alloc_failures(const struct sim *sim)
{
	cJSON *o = cJSON_CreateObject(), *orders, *log;

	orders = cJSON_AddObjectToObject(o, "order");
	for (int order = 0; orders && order < NR_PAGE_ORDERS; order++) {
		char key[12];

		snprintf(key, sizeof(key), "%d", order);
		add_u64(orders, key, sim->alloc_failures.failed[order]);
	}
	add_u64(o, "warned", sim->alloc_failures.warned);
	log = cJSON_AddArrayToObject(o, "kernel_log");
	for (size_t i = 0; log && i < sim->kmsg.nr; i++) {
		const struct kmsg_line *l = &sim->kmsg.lines[i];
		char line[KMSG_LINE_LEN + 32];

		snprintf(line, sizeof(line), "[%5llu.%06llu] %s",
			 (unsigned long long)(l->t_ns / NSEC_PER_SEC),
			 (unsigned long long)(l->t_ns % NSEC_PER_SEC / 1000), l->text);
		cJSON_AddItemToArray(log, cJSON_CreateString(line));
	}
	return o;
}

/**
 * report_json_object() - the run as a cJSON tree, the object report_json()
 * prints (layout at the top of this file).  Integers are cJSON raw items
 * holding their decimal text, seconds are cJSON numbers.
 * @sim: the simulation, normally finished.
 *
 * Returns the tree (the caller frees it with cJSON_Delete()), or NULL when
 * out of memory.
 */
cJSON *report_json_object(const struct sim *sim)
{
	cJSON *root = cJSON_CreateObject();
	cJSON *vmstat;

	if (!root)
		return NULL;
	cJSON_AddStringToObject(root, "scenario", sim->scn.path);
	add_u64(root, "seed", sim->scn.run.seed);
	if (sim->panic) {
		/* the run stopped at a kernel panic: the figures are those up to it */
		cJSON *panic = cJSON_AddObjectToObject(root, "panic");

		if (panic) {
			cJSON_AddStringToObject(panic, "message", sim->panic);
			cJSON_AddNumberToObject(panic, "time", (double)sim->panic_ns / 1e9);
		}
	}
	/* only when it was: an interrupted run's figures are partial */
	if (sim->eng.interrupted)
		cJSON_AddTrueToObject(root, "interrupted");
	cJSON_AddItemToObject(root, "time", json_time(sim));
	vmstat = cJSON_AddObjectToObject(root, "vmstat");
	if (vmstat)
		add_vmstat(vmstat, sim);
	cJSON_AddItemToObject(root, "reclaim", json_reclaim(sim));
	cJSON_AddItemToObject(root, "kswapd", json_kswapd(sim));
	cJSON_AddItemToObject(root, "zones", json_zones(sim));
	cJSON_AddItemToObject(root, "cgroups", json_cgroups(sim));
	cJSON_AddItemToObject(root, "workloads", json_workloads(sim));
	/* /proc/pressure/memory */
	cJSON_AddItemToObject(root, "pressure", json_pressure(&sim->eng.psi_system));
	cJSON_AddItemToObject(root, "diskstats", json_diskstats(sim));
	cJSON_AddItemToObject(root, "lock_stat", json_lock_stat(sim));
	if (sim->scn.nr_actions)
		cJSON_AddItemToObject(root, "actions", json_actions(sim));
	if (alloc_failed(sim))
		cJSON_AddItemToObject(root, "alloc_failures", json_alloc_failures(sim));
	return root;
}

/**
 * report_json() - the run as one JSON object (DESIGN.md output contract;
 * the layout is at the top of this file), followed by a newline.
 * @f: where to print.
 * @sim: the simulation, normally finished.
 */
void report_json(FILE *f, const struct sim *sim)
{
	cJSON *root = report_json_object(sim);
	char *text;

	if (!root)
		goto oom;
	text = cJSON_Print(root);
	cJSON_Delete(root);
	if (!text)
		goto oom;
	fputs(text, f);
	fputc('\n', f);
	cJSON_free(text);
	return;
oom:
	/* Still one parseable object, so a script sees what went wrong. */
	fputs("{\"error\": \"out of memory\"}\n", f);
}

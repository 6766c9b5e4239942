// SPDX-License-Identifier: MIT
/*
 * machine.c - the machine above mm, devices and workloads: building a
 * simulation from a scenario, the run (the engine's events until the
 * workloads end, with the watchdog), and tearing it down.
 *
 * Boot order follows the kernel's: zones and the buddy allocator
 * (free_area_init), min_free_kbytes and watermarks (init_per_zone_wmark_min),
 * lowmem_reserve, memory cgroups, swap (swapon), kswapd per node and the
 * flusher, then the workloads.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "reclaimsim/reclaimsim.h"
#include "../mm/sim.h"
#include "../config/reader.h"
#include "../sim/config.h"
#include "../mm/internal.h"
#include "../mm/compaction.h"
#include "../workload/workload.h"
#include "../kernel/exit.h"

static void sample_event(struct sim *sim, void *unused, u64 unused_arg);

static int sim_boot(struct sim *sim, char *err, size_t errlen)
{
	const struct scenario *s = &sim->scn;

	if (mem_init_zones(sim))
		return cfg_fail_at(
			s, s->machine.memory_origin, s->machine.zones_line, err, errlen,
			"[machine] memory: out of host memory laying out %llu bytes of memory",
			(unsigned long long)s->machine.memory);
	build_all_zonelists(sim);
	if (setup_per_cpu_pageset(sim))
		return cfg_fail_at(s, 0, 0, err, errlen,
				   "[machine] cpus: out of host memory for the per-CPU page lists");
	sim->min_free_kbytes = s->sysctl.min_free_kbytes >= 0 ?
				       s->sysctl.min_free_kbytes :
				       calculate_min_free_kbytes(sim, s->sysctl.thp);
	setup_per_zone_wmarks(sim);
	setup_per_zone_lowmem_reserve(sim);
	setup_zone_boosts(sim);
	node_reclaim_init(sim);
	if (mem_cgroups_init(sim, err, errlen))
		return -1;
	if (swap_init(sim) ||
	    blkdev_init(&sim->swap_dev, "swap", &s->machine.swap_dev, &s->policy, sim->page_size) ||
	    blkdev_init(&sim->disk_dev, "disk", &s->machine.disk_dev, &s->policy, sim->page_size)) {
		return cfg_fail_at(s, s->machine.swap_origin, 0, err, errlen,
				   "[machine] swap: out of host memory setting up swap and disks");
	}
	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		struct pglist_data *pgdat = &sim->nodes[n];
		char comm[24];
		struct task *t;

		snprintf(comm, sizeof(comm), "kswapd%u", n % 1000);
		t = task_create(sim, TASK_KSWAPD, comm, kswapd);
		if (!t)
			goto nomem;
		t->memcg = sim->memcgs[0];
		t->fn_arg = pgdat;
		/*
		 * kswapd() binds itself to its node's CPUs (set_cpus_allowed_ptr
		 * of cpumask_of_node, 2.6.x..v6.12), unless the node has none
		 */
		t->nr_cpus_allowed = scn_node_cpus(&s->machine, n, &t->cpus_first);
		pgdat->kswapd = t;
		pgdat->kswapd_highest_zoneidx = ZONE_DMA;
		task_sleep(t, &pgdat->kswapd_wait, 0);
	}
	sim->flusher = task_create(sim, TASK_FLUSHER, "kworker/flush", flusher);
	if (!sim->flusher)
		goto nomem;
	sim->flusher->memcg = sim->memcgs[0];
	task_sleep(sim->flusher, &sim->flusher_wait, s->sysctl.dirty_writeback_ns);
	if (workloads_init(sim, err, errlen))
		return -1;
	/* after the workloads: kcompactd takes no PID a workload had before */
	if (compaction_init(sim))
		goto nomem;
	if (s->run.sample_interval_ns)
		event_push(sim, 0, sample_event, NULL, 0);
	if (s->policy.pcp_lists != PCP_LISTS_OFF && s->policy.pcp_high == PCP_HIGH_AUTO)
		event_push(sim, NSEC_PER_SEC, vmstat_update, NULL, 0);
	if (memcg_actions_init(sim))
		return cfg_fail_at(s, 0, 0, err, errlen,
				   "[at]: out of host memory queueing the [at] writes");
	return 0;
nomem:
	return cfg_fail_at(s, 0, 0, err, errlen,
			   "[machine] nodes: out of host memory creating kernel threads");
}

struct sim *sim_create(const struct scenario *s, char *err, size_t errlen)
{
	struct sim *sim = calloc(1, sizeof(*sim));

	if (!sim) {
		cfg_fail_at(s, 0, 0, err, errlen, "out of host memory");
		return NULL;
	}
	sim->scn = *s;
	sim->kill_task = do_exit;
	/* the workloads point into the copy, not the caller's scenario */
	sim->page_size = s->machine.page_size;
	xa_caches_init(sim);
	while ((1U << sim->page_shift) < sim->page_size)
		sim->page_shift++;
	sim->eng.nr_cpus = s->machine.cpus;
	sim->eng.cpus = calloc(sim->eng.nr_cpus, sizeof(*sim->eng.cpus));
	sim->mm_cpus = calloc(sim->eng.nr_cpus, sizeof(*sim->mm_cpus));
	sim->eng.switch_to = switch_mm;
	sim->eng.task_size = sizeof(struct mm_task);
	sim->eng.task_init = mm_task_init;
	sim->eng.task_release = mm_task_release;
	sim->eng.sched_submit_work = blk_sched_submit_work;
	sim->eng.io_switch_ns = s->cost.io_switch_ns;
	sim->eng.task_psi_group = mem_cgroup_task_psi;
	psi_group_init(&sim->eng.psi_system, NULL, 0);
	rng_seed(&sim->eng.rng, s->run.seed);
	for (unsigned int v = 0; v < NR_VAR_SOURCES; v++)
		rng_seed_stream(&sim->eng.var_rng[v], s->run.seed, v);
	if (s->run.jitter) {
		/* the run's CPU speed: uniform within 1 +- cpu_jitter percent */
		u64 span = ((u64)s->run.cpu_jitter << 16) / 100;

		if (span)
			sim->eng.cpu_speed = (1ULL << 16) - span +
					     rng_below(&sim->eng.var_rng[VAR_CPU], 2 * span + 1);
		sim->eng.wakeup_latency_ns = s->run.wakeup_latency_ns;
		sim->eng.timer_latency_ns = s->run.timer_latency_ns;
		sim->eng.random_ties = s->run.random_ties;
		sim->eng.random_placement = s->run.random_placement;
	}
	if (sim->eng.cpus)
		sched_init(sim, &s->policy);
	if (!sim->eng.cpus || !sim->mm_cpus || sim_boot(sim, err, errlen)) {
		if (!sim->eng.cpus || !sim->mm_cpus)
			cfg_fail_at(s, 0, 0, err, errlen,
				    "[machine] cpus: out of host memory for %u CPUs",
				    s->machine.cpus);
		sim_destroy(sim);
		return NULL;
	}
	return sim;
}

/* One row of the time series, when the caller keeps them. */
/*
 * The groups the samples follow (sim->sample_cg): those with a limit at
 * the first sample or named by an [at] write, in id order, at most
 * SAMPLE_CGROUPS.
 */
static void choose_sample_cgroups(struct sim *sim)
{
	for (unsigned int i = 1; i < sim->nr_memcgs && sim->nr_sample_cg < SAMPLE_CGROUPS; i++) {
		const struct mem_cgroup *memcg = sim->memcgs[i];
		const struct page_counter *pc = &memcg->memory;
		bool pick = pc->min || pc->low || pc->high != U64_MAX || pc->max != U64_MAX;

		for (unsigned int a = 0; !pick && a < sim->scn.nr_actions; a++)
			pick = mem_cgroup_by_name(sim, sim->scn.actions[a].cgroup) == memcg;
		if (pick)
			sim->sample_cg[sim->nr_sample_cg++] = i;
	}
}

static void take_sample(struct sim *sim)
{
	struct sample smp = { .t_ns = sim->eng.now, .reclaimers = sim->reclaim.nr_reclaimers };
	unsigned int nr_zones = 0;

	if (!sim->keep_samples)
		return;
	if (sim->nr_samples == sim->cap_samples) {
		size_t cap = sim->cap_samples ? sim->cap_samples * 2 : 256;
		struct sample *v = realloc(sim->samples, cap * sizeof(*v));

		if (!v)
			return;
		sim->samples = v;
		sim->cap_samples = cap;
	}
	if (!sim->nr_samples)
		choose_sample_cgroups(sim);
	for (unsigned int k = 0; k < sim->nr_sample_cg; k++) {
		const struct page_counter *pc = &sim->memcgs[sim->sample_cg[k]]->memory;

		smp.cg[k] = (struct sample_cg){ pc->usage, pc->min, pc->low, pc->high, pc->max };
	}
	/*
	 * the per-CPU weighting of psi's totals can give a look slightly
	 * more than the next aggregation: the series never goes back
	 */
	smp.psi_some_ns = psi_peek_total(sim, &sim->eng.psi_system, PSI_MEM_SOME, sim->eng.now);
	smp.psi_full_ns = psi_peek_total(sim, &sim->eng.psi_system, PSI_MEM_FULL, sim->eng.now);
	if (sim->nr_samples) {
		const struct sample *prev = &sim->samples[sim->nr_samples - 1];

		smp.psi_some_ns = smp.psi_some_ns > prev->psi_some_ns ? smp.psi_some_ns :
									prev->psi_some_ns;
		smp.psi_full_ns = smp.psi_full_ns > prev->psi_full_ns ? smp.psi_full_ns :
									prev->psi_full_ns;
	}
	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		smp.active_anon += (u64)node_page_state(&sim->nodes[n], NR_ACTIVE_ANON);
		smp.inactive_anon += (u64)node_page_state(&sim->nodes[n], NR_INACTIVE_ANON);
		for (int z = 0; z < MAX_NR_ZONES; z++) {
			struct zone *zone = &sim->nodes[n].node_zones[z];

			if (!populated_zone(zone))
				continue;
			smp.free += (u64)zone->vm_stat[NR_FREE_PAGES];
			smp.min += min_wmark_pages(zone);
			smp.low += low_wmark_pages(zone);
			smp.high += high_wmark_pages(zone);
			if (nr_zones < SAMPLE_ZONES)
				smp.zone[nr_zones++] = (struct sample_zone){
					(u64)zone->vm_stat[NR_FREE_PAGES], min_wmark_pages(zone),
					low_wmark_pages(zone), high_wmark_pages(zone)
				};
		}
	}
	smp.pgscan = sim->vm_events[PGSCAN_ANON] + sim->vm_events[PGSCAN_FILE];
	smp.pgsteal = sim->vm_events[PGSTEAL_ANON] + sim->vm_events[PGSTEAL_FILE];
	smp.pgrefill = sim->vm_events[PGREFILL];
	smp.pgdeactivate = sim->vm_events[PGDEACTIVATE];
	smp.pswpout = sim->vm_events[PSWPOUT];
	smp.pswpin = sim->vm_events[PSWPIN];
	smp.pgmajfault = sim->vm_events[PGMAJFAULT];
	smp.pgscan_kswapd = sim->vm_events[PGSCAN_KSWAPD];
	smp.pgscan_direct = sim->vm_events[PGSCAN_DIRECT];
	smp.pgsteal_kswapd = sim->vm_events[PGSTEAL_KSWAPD];
	smp.pgsteal_direct = sim->vm_events[PGSTEAL_DIRECT];
	smp.compact_stall = sim->vm_events[COMPACTSTALL];
	smp.compact_success = sim->vm_events[COMPACTSUCCESS];
	for (unsigned int o = 1; o < NR_PAGE_ORDERS; o++)
		smp.highorder_failed += sim->alloc_failures.failed[o];
	for (unsigned int i = 0; i < sim->eng.nr_tasks; i++) {
		struct task *t = sim->eng.tasks[i];
		const struct task_reclaim *tr = &mm_task(t)->reclaim;

		if (t->state == TASK_DEAD)
			continue;
		if (tr->counted) {
			smp.in_direct += !tr->memcg;
			smp.in_memcg += tr->memcg;
		}
		smp.throttled += tr->throttled_pgdat != NULL;
	}
	if (sim->swap)
		smp.swap_used = sim->swap->inuse_pages;
	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		smp.dirty += (u64)node_page_state(&sim->nodes[n], NR_FILE_DIRTY);
		smp.writeback += (u64)node_page_state(&sim->nodes[n], NR_WRITEBACK);
	}
	for (int d = 0; d < 2; d++) {
		struct blk_disk_stat st;

		blk_disk_stat(d ? &sim->swap_dev : &sim->disk_dev, sim->eng.now, &st);
		smp.disk[d] = (struct sample_disk){
			.ios = st.dir[REQ_OP_READ].ios + st.dir[REQ_OP_WRITE].ios,
			.ticks_ns = st.dir[REQ_OP_READ].ticks_ns + st.dir[REQ_OP_WRITE].ticks_ns,
			.io_ticks_ns = st.io_ticks_ns,
			.time_in_queue_ns = st.time_in_queue_ns
		};
	}
	sim->samples[sim->nr_samples++] = smp;
}

/* The sample event: a row now, the next one an interval on while workloads run. */
static void sample_event(struct sim *sim, void *unused, u64 unused_arg)
{
	take_sample(sim);
	if (sim->workloads_unfinished)
		event_push(sim, sim->eng.now + sim->scn.run.sample_interval_ns, sample_event, NULL,
			   0);
}

/*
 * WATCHDOG_EVENTS - the virtual-time watchdog's limit: sim_run() gives up
 * when this many consecutive events were dispatched without the virtual
 * clock moving (sim->eng.watchdog_limit overrides it when not 0).  A legitimate
 * run dispatches a few events per task at one instant - a wake-up, the
 * CPU event of a step that costs nothing, a timer - and even hackbench's
 * largest run has 40,000 tasks: the most measured at one instant
 * is 4,805 (seed000-ia64, thousands of reclaimers woken together).  Fifty
 * million is three to four orders of magnitude above that, and takes a looping
 * task a few seconds of host time to reach: a hang ends with a report,
 * a busy instant never trips it.
 */
#define WATCHDOG_EVENTS 50000000ULL
/* The watchdog's report names at most this many tasks, then "... and N more". */
#define WATCHDOG_MAX_TASKS 20

/* The name of the wait queue @wq, as the watchdog reports it. */
static void waitq_name(const struct sim *sim, const struct wait_queue_head *wq, char *buf,
		       size_t len)
{
	static const char *const reasons[NR_VMSCAN_THROTTLE] = {
		[VMSCAN_THROTTLE_WRITEBACK] = "WRITEBACK",
		[VMSCAN_THROTTLE_ISOLATED] = "ISOLATED",
		[VMSCAN_THROTTLE_NOPROGRESS] = "NOPROGRESS",
		[VMSCAN_THROTTLE_CONGESTED] = "CONGESTED",
	};
	const struct {
		const struct wait_queue_head *wq;
		const char *name;
	} named[] = {
		{ &sim->throttle_wait, "throttle_wait" },
		{ &sim->congestion_wait, "congestion_wait" },
		{ &sim->dirty_throttle_wait, "dirty_throttle_wait" },
		{ &sim->writeback_wait, "writeback_wait" },
		{ &sim->page_wait, "page_wait" },
		{ &sim->flusher_wait, "flusher_wait" },
		{ &sim->swap_dev.queue_wait, "the swap device's queue_wait" },
		{ &sim->disk_dev.queue_wait, "the disk's queue_wait" },
	};

	for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++) {
		if (wq == named[i].wq) {
			snprintf(buf, len, "%s", named[i].name);
			return;
		}
	}
	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		const struct pglist_data *pgdat = &sim->nodes[n];

		if (wq == &pgdat->kswapd_wait) {
			snprintf(buf, len, "node %u kswapd_wait", n);
			return;
		}
		if (wq == &pgdat->kcompactd_wait) {
			snprintf(buf, len, "node %u kcompactd_wait", n);
			return;
		}
		if (wq == &pgdat->pfmemalloc_wait) {
			snprintf(buf, len, "node %u pfmemalloc_wait", n);
			return;
		}
		for (int r = 0; r < NR_VMSCAN_THROTTLE; r++) {
			if (wq == &pgdat->reclaim_wait[r]) {
				snprintf(buf, len, "node %u reclaim_wait[%s]", n,
					 reasons[r] ? reasons[r] : "?");
				return;
			}
		}
	}
	snprintf(buf, len, "a workload's wait queue");
}

/* The time of @t's pending timeout (a sched_wake_event that still counts), or 0. */
static u64 pending_timeout(const struct sim *sim, const struct task *t)
{
	for (size_t i = 0; i < sim->eng.eq.main.nr; i++) {
		const struct event *ev = &sim->eng.eq.main.ev[i];

		if (ev->fn == sched_wake_event && ev->ptr == t && ev->arg == t->wake_seq)
			return ev->time;
	}
	return 0;
}

/* One task of the watchdog's report: "pid 5 (spinner) running on CPU 0". */
static void watchdog_task(const struct sim *sim, const struct task *t, char *buf, size_t len)
{
	char wq[64];
	u64 timeout;
	int n;

	n = snprintf(buf, len, "pid %d (%s) ", t->pid, t->comm);
	if (n < 0 || (size_t)n >= len)
		return;
	buf += n;
	len -= (size_t)n;
	switch (t->state) {
	case TASK_RUNNING:
		snprintf(buf, len, "running on CPU %d", t->cpu);
		return;
	case TASK_RUNNABLE:
		snprintf(buf, len, "runnable, on the run queue");
		return;
	case TASK_BLOCKED:
		break;
	case TASK_DEAD:
		snprintf(buf, len, "dead");
		return;
	}
	timeout = pending_timeout(sim, t);
	if (t->waiting_on)
		waitq_name(sim, t->waiting_on, wq, sizeof(wq));
	else
		snprintf(wq, sizeof(wq), "no wait queue");
	if (timeout)
		snprintf(buf, len, "blocked on %s, timeout at %llu ns", wq,
			 (unsigned long long)timeout);
	else
		snprintf(buf, len, "blocked on %s, no timeout", wq);
}

/*
 * The watchdog fired: say where the clock stopped and name every task that
 * is not dead - running, then runnable, then blocked, each in pid order -
 * as far as sim->eng.error holds them.
 */
static void watchdog_report(struct sim *sim, u64 limit)
{
	static const enum task_state order[] = { TASK_RUNNING, TASK_RUNNABLE, TASK_BLOCKED };
	/* room kept at the end for "; ... and 4294967295 more" */
	const size_t reserve = 32;
	char *buf = sim->eng.error, entry[192];
	size_t len = sizeof(sim->eng.error), used;
	unsigned int listed = 0, alive = 0;
	bool full = false;

	for (unsigned int i = 0; i < sim->eng.nr_tasks; i++)
		if (sim->eng.tasks[i]->state != TASK_DEAD)
			alive++;
	snprintf(buf, len,
		 "watchdog: virtual time stuck at %llu ns for %llu events; %u task%s alive",
		 (unsigned long long)sim->eng.now, (unsigned long long)limit, alive,
		 alive == 1 ? "" : "s");
	used = strlen(buf);
	for (size_t o = 0; o < sizeof(order) / sizeof(order[0]) && !full; o++) {
		for (unsigned int i = 0; i < sim->eng.nr_tasks; i++) {
			const struct task *t = sim->eng.tasks[i];
			size_t n;

			if (t->state != order[o])
				continue;
			watchdog_task(sim, t, entry, sizeof(entry));
			n = strlen(entry) + 2; /* "; " or ": " before it */
			if (listed == WATCHDOG_MAX_TASKS || used + n + reserve >= len) {
				full = true;
				break;
			}
			snprintf(buf + used, len - used, "%s%s", listed ? "; " : ": ", entry);
			used += n;
			listed++;
		}
	}
	if (listed < alive)
		snprintf(buf + used, len - used, "; ... and %u more", alive - listed);
}

/*
 * The pressure files are read once, when the run ends: psi_show() folds the
 * CPUs' times in and updates the averages if a period is due, for
 * /proc/pressure/memory and each v2 group's memory.pressure.
 */
static void psi_read_all(struct sim *sim)
{
	psi_update(sim, &sim->eng.psi_system, sim->eng.now);
	for (unsigned int i = 1; i < sim->nr_memcgs; i++)
		if (sim->memcgs[i]->dfl)
			psi_update(sim, &sim->memcgs[i]->psi, sim->eng.now);
}

int sim_run(struct sim *sim)
{
	u64 limit;
	struct event ev;

	if (!sim->eng.watchdog_limit)
		sim->eng.watchdog_limit = WATCHDOG_EVENTS;
	limit = sim->eng.watchdog_limit;
	sim->eng.end_ns = sim->scn.run.duration_ns;

	/* no workloads: nothing will ever end the run, so do not start it */
	if (!sim->nr_workloads)
		sim->eng.stopped = true;
	while (!sim->eng.stopped && event_pop(sim, &ev)) {
		if (ev.time > sim->scn.run.duration_ns) {
			/* back in the queue: sim_destroy frees what it owns */
			event_push(sim, ev.time, ev.fn, ev.ptr, ev.arg);
			sim->eng.now = sim->scn.run.duration_ns;
			break;
		}
		sim->eng.now = ev.time;
		if (sim->eng.now != sim->eng.watchdog_now) {
			sim->eng.watchdog_now = sim->eng.now;
			sim->eng.watchdog_events = 0;
		}
		sim->eng.nr_events++;
		ev.fn(sim, ev.ptr, ev.arg);
		if (sim->eng.check_hook)
			sim->eng.check_hook(sim, sim->eng.check_arg);
		if (++sim->eng.watchdog_events >= limit && !sim->eng.stopped) {
			watchdog_report(sim, limit);
			sim->eng.stopped = true;
		}
		if (sim->eng.poll_hook && !(sim->eng.nr_events % ENGINE_POLL_EVENTS) &&
		    sim->eng.poll_hook(sim, sim->eng.poll_arg)) {
			sim->eng.interrupted = true;
			break;
		}
	}
	/* the run ends when its last task's last step ends */
	for (unsigned int w = 0; w < sim->nr_workloads; w++)
		if (sim->workloads[w].end_ns > sim->eng.now)
			sim->eng.now = sim->workloads[w].end_ns;
	take_sample(sim);
	psi_read_all(sim);
	workloads_finish(sim);
	/* set by the watchdog, or by task_run_step() when a stack could not be mapped */
	return sim->eng.error[0] ? -1 : 0;
}

const char *sim_error(const struct sim *sim)
{
	return sim->eng.error;
}

u64 sim_now_ns(const struct sim *sim)
{
	return sim->eng.now;
}

u64 sim_nr_events(const struct sim *sim)
{
	return sim->eng.nr_events;
}

struct scenario *scenario_new(void)
{
	struct scenario *s = malloc(sizeof(*s));

	if (s)
		scenario_defaults(s);
	return s;
}

void scenario_free(struct scenario *s)
{
	free(s);
}

void sim_destroy(struct sim *sim)
{
	if (!sim)
		return;
	workloads_free(sim);
	free(sim->action_log);
	for (unsigned int i = 0; i < sim->eng.nr_tasks; i++)
		task_free(sim->eng.tasks[i]);
	free(sim->eng.tasks);
	for (unsigned int i = 0; i < sim->nr_mms; i++) {
		struct mm_struct *mm = sim->mms[i];

		for (unsigned int v = 0; v < mm->nr_vmas; v++)
			free_pgtables(sim, &mm->vmas[v]);
		free(mm->vmas);
		free(mm->av_chain);
		free(mm->cpu_bitmap);
		free(mm);
	}
	for (unsigned int i = 0; i < sim->cap_mms; i++) {
		free(sim->anon_vmas[i].mms);
		lock_timeline_destroy(&sim->anon_vmas[i].lock);
	}
	free(sim->mms);
	free(sim->anon_vmas);
	free(sim->rmap_owner);
	free(sim->mapcount_ext);
	for (unsigned int i = 0; i < sim->nr_files; i++) {
		xa_destroy(sim, &sim->files[i]->i_pages);
		free(sim->files[i]->dirty_tag);
		free(sim->files[i]->dirty_tag_sum);
		free(sim->files[i]->i_mmap);
		lock_timeline_destroy(&sim->files[i]->i_mmap_lock);
		free(sim->files[i]);
	}
	free(sim->files);
	free(sim->flusher_works);
	/* requests in flight own no memory beyond themselves and their bios */
	for (size_t i = 0; i < sim->eng.eq.main.nr; i++)
		if (sim->eng.eq.main.ev[i].fn == blk_end_io)
			blk_request_discard(sim->eng.eq.main.ev[i].ptr);
	free(sim->eng.eq.main.ev);
	free(sim->eng.eq.cpu.ev);
	blkdev_destroy(&sim->swap_dev);
	blkdev_destroy(&sim->disk_dev);
	swap_free_all(sim);
	xa_caches_destroy(sim); /* after every xarray */
	/* also when its first calloc failed and the hash table's did not */
	mem_cgroups_free(sim);
	mem_free_zones(sim);
	free(sim->kmsg.lines);
	free(sim->samples);
	free(sim->mm_cpus);
	for (unsigned int c = 0; sim->eng.cpus && c < sim->eng.nr_cpus; c++)
		free(sim->eng.cpus[c].queue);
	free(sim->eng.cpus);
	psi_group_free(&sim->eng.psi_system);
	free(sim);
}

// SPDX-License-Identifier: MIT
/*
 * workload.c - creating workload tasks and driving them.
 *
 * A user task's body runs its workload's program (wl_ops.run) as straight
 * code: each user-level operation (touch a page, read or write a page of
 * a file, a message) goes through WL_DO(), which ends the step when the
 * quantum is used, sleeps and retries as the kernel's result says, and
 * exits the task when it was OOM-killed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"
#include "workload_types.h"
#include "../mm/internal.h"
#include "../kernel/cgroup.h"
#include "../kernel/exit.h"

__extension__ typedef unsigned __int128 u128;

static const struct wl_ops *const wl_ops_table[NR_WORKLOAD_TYPES] = {
	[WL_ANON_FILL] = &anon_fill_ops,
	[WL_FILE_WRITE] = &file_write_ops,
	[WL_FILE_READ] = &file_read_ops,
	[WL_HOTSET_STREAM] = &hotset_stream_ops,
	[WL_HACKBENCH] = &hackbench_ops,
	[WL_MADVISE09] = &madvise09_ops,
	[WL_LRU_FILE_MMAP_READ] = &lru_file_mmap_read_ops,
	[WL_EBIZZY] = &ebizzy_ops,
	[WL_TEXT_LOOP] = &text_loop_ops,
	[WL_KALLOC] = &kalloc_ops,
	[WL_HIGHALLOC] = &highalloc_ops,
	[WL_TBENCH] = &tbench_ops,
	[WL_KERNBENCH] = &kernbench_ops,
	[WL_IOZONE] = &iozone_ops,
	[WL_SIMPLE_WRITEBACK] = &simple_writeback_ops,
	[WL_STRESS_HIGHALLOC] = &stress_highalloc_ops,
};

const char *const workload_type_name[NR_WORKLOAD_TYPES + 1] = {
	[WL_ANON_FILL] = "anon_fill",
	[WL_FILE_WRITE] = "file_write",
	[WL_FILE_READ] = "file_read",
	[WL_HOTSET_STREAM] = "hotset_stream",
	[WL_HACKBENCH] = "hackbench",
	[WL_MADVISE09] = "madvise09",
	[WL_LRU_FILE_MMAP_READ] = "lru_file_mmap_read",
	[WL_EBIZZY] = "ebizzy",
	[WL_TEXT_LOOP] = "text_loop",
	[WL_KALLOC] = "kalloc",
	[WL_HIGHALLOC] = "highalloc",
	[WL_TBENCH] = "tbench",
	[WL_KERNBENCH] = "kernbench",
	[WL_IOZONE] = "iozone",
	[WL_SIMPLE_WRITEBACK] = "simple_writeback",
	[WL_STRESS_HIGHALLOC] = "stress_highalloc",
};

/* the values of the then key of the types that can hold (WL_KEY_THEN) */
const char *const wl_then_values[] = { "exit", "hold", NULL };

/* [workload NAME] keys every type takes */

static int set_wl_type(struct cfg_ctx *k, void *obj, const char *val)
{
	struct scn_workload *w = obj;
	int t = cfg_match_name(val, workload_type_name, NR_WORKLOAD_TYPES);
	char list[256];

	if (t < 0) {
		cfg_list_names(list, sizeof(list), workload_type_name, NR_WORKLOAD_TYPES);
		return cfg_fail(k, ": unknown workload type '%s' (expected %s)", val, list);
	}
	w->type = (enum workload_type)t;
	return 0;
}

/* cgroup = NAME | /   ("/" is the root cgroup, stored as "") */
static int set_wl_cgroup(struct cfg_ctx *k, void *obj, const char *val)
{
	struct scn_workload *w = obj;
	const char *why;

	if (!strcmp(val, "/")) {
		w->cgroup[0] = '\0';
		return 0;
	}
	why = scenario_check_path(val);
	if (why)
		return cfg_fail(k, ": %s: '%s'", why, val);
	snprintf(w->cgroup, sizeof(w->cgroup), "%s", val);
	return 0;
}

/* rate = unlimited | SIZE[/s] (bytes per second, > 0) */
static int set_wl_rate(struct cfg_ctx *k, void *obj, const char *val)
{
	struct scn_workload *w = obj;
	u64 v;

	if (!strcmp(val, "unlimited")) {
		w->rate = 0;
		return 0;
	}
	if (cfg_parse_bandwidth(k, val, &v))
		return -1;
	if (!v)
		return cfg_fail(k, ": must be > 0 (or unlimited)");
	w->rate = v;
	return 0;
}

/* node = any | N (numactl --cpunodebind=N); workload_validate checks N */
static int set_wl_node(struct cfg_ctx *k, void *obj, const char *val)
{
	struct scn_workload *w = obj;
	char buf[CFG_MSG_LEN];
	u64 v;

	if (!strcmp(val, "any")) {
		w->node = -1;
		return 0;
	}
	if (cfg_parse_uint_range(val, 0, SCN_MAX_NODES - 1, &v, buf, sizeof(buf)))
		return cfg_fail(k, ": '%s' is not any or a node 0..%d", val, SCN_MAX_NODES - 1);
	w->node = (int)v;
	return 0;
}

static const struct cfg_key workload_common_keys[] = {
	{ .name = "type",
	  .type = CFG_CUSTOM,
	  .set = set_wl_type,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = WL_OFF(type_origin),
	  .def_doc = "NAME, if it is a type",
	  .range = "a type below",
	  .doc = "the workload type: which program it runs and which keys it takes" },
	{ .name = "cgroup",
	  .type = CFG_CUSTOM,
	  .set = set_wl_cgroup,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = WL_OFF(cgroup_origin),
	  .def = "/",
	  .range = "NAME \\| PATH \\| /",
	  .doc = "the memory cgroup its tasks are charged to: a [cgroup] section's name, a group's path (one a [cgroup_tree] makes too), / = the root" },
	{ .name = "start",
	  .type = CFG_TIME,
	  .off = WL_OFF(start_ns),
	  .def = "0",
	  .doc = "when its tasks start" },
	{ .name = "launch",
	  .type = CFG_ENUM,
	  .off = WL_OFF(launch_attach),
	  .size = sizeof(bool),
	  .values = CFG_VALUES("exec", "attach"),
	  .def = "exec",
	  .doc = "how its tasks start: exec runs them at once; attach moves each into its cgroup first by a write to cgroup.procs after fork (the oracle's run_grid.py), which waits a grace period (cost rcu_gp_ns) unless another attach ran within one (cgroup_attach_lock, rcu_sync)" },
	{ .name = "rate",
	  .type = CFG_CUSTOM,
	  .set = set_wl_rate,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = WL_OFF(rate_origin),
	  .def = "unlimited",
	  .range = "size per second > 0 \\| unlimited",
	  .doc = "the most bytes each task moves per second of virtual time (M = MiB): what it "
		 "counts is each type's `Rate counts` below, a type with `No rate` refuses it; a "
		 "task ahead of it sleeps, one that fell behind does not catch up" },
	{ .name = "node",
	  .type = CFG_CUSTOM,
	  .set = set_wl_node,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = WL_OFF(node_origin),
	  .def = "any",
	  .range = "0..nodes-1 \\| any",
	  .doc = "its tasks run only on this node's CPUs (numactl --cpunodebind, a cpuset's cpus; CPU c is on node c x nodes / cpus), so that node is their local one (numa_node_id: the zonelist's first node, node_reclaim's only node); their memory may come from any node; the node must exist and have CPUs" },
};

CFG_TABLE(workload_common_table, workload_common_keys);

/* The keys of type @type beside the common ones (cfg_section.type_table). */
const struct cfg_table *workload_type_keys(unsigned int type)
{
	return type < NR_WORKLOAD_TYPES ? wl_ops_table[type]->keys : NULL;
}

const char *workload_missing(const struct scn_workload *w)
{
	const struct wl_ops *ops = wl_ops_table[w->type];

	return ops->missing ? ops->missing(w) : NULL;
}

int workload_validate(const struct scenario *s, const struct scn_workload *w, char *err,
		      size_t errlen)
{
	const struct wl_ops *ops = wl_ops_table[w->type];

	if (w->node >= 0) {
		const struct scn_machine *m = &s->machine;
		unsigned int first;

		if ((unsigned int)w->node >= m->nodes)
			return cfg_fail_at(
				s, w->node_origin, w->line, err, errlen,
				"[workload %s] node: %d is not a node of the machine's %u", w->name,
				w->node, m->nodes);
		if (!scn_node_cpus(m, (unsigned int)w->node, &first))
			return cfg_fail_at(
				s, w->node_origin, w->line, err, errlen,
				"[workload %s] node: node %d has no CPU (%u CPUs on %u nodes: CPU c is on node c x nodes / cpus)",
				w->name, w->node, m->cpus, m->nodes);
	}
	if (w->rate && ops->no_rate)
		return cfg_fail_at(s, w->rate_origin, w->line, err, errlen,
				   "[workload %s] rate: type %s takes no rate (%s)", w->name,
				   workload_type_name[w->type], ops->no_rate);
	return ops->validate ? ops->validate(s, w, err, errlen) : 0;
}

void wl_set_figure(struct workload_inst *wl, const char *name, double value, bool integer)
{
	for (unsigned int i = 0; i < wl->nr_figures; i++) {
		if (!strcmp(wl->figures[i].name, name)) {
			wl->figures[i].value = value;
			return;
		}
	}
	if (wl->nr_figures < WL_MAX_FIGURES)
		wl->figures[wl->nr_figures++] = (struct wl_figure){ name, value, integer };
}

/* Add @mt's I/O and reclaim delay to @wl, and its high-water RSS @maxrss (pages). */
static void wl_fold_mm_task(struct workload_inst *wl, const struct mm_task *mt, u64 maxrss)
{
	wl->read_bytes += mt->read_bytes;
	wl->write_bytes += mt->write_bytes;
	wl->freepages_count += mt->freepages_count;
	wl->freepages_delay_ns += mt->freepages_delay;
	if (wl->maxrss < maxrss)
		wl->maxrss = maxrss;
}

/*
 * Every task of @wl exited or went to the background: the workload is
 * done, and when it is the last one the run ends.
 */
static void wl_check_done(struct workload_inst *wl, u64 end_ns)
{
	struct sim *sim = wl->sim;

	if (wl->ended || wl->running > wl->background)
		return;
	wl->end_ns = end_ns;
	wl->ended = true;
	if (!--sim->workloads_unfinished)
		sim->eng.stopped = true;
}

struct task *wl_fork(struct task *parent, task_fn fn)
{
	struct task *c = task_create(parent->sim, TASK_USER, parent->comm, fn);

	if (!c)
		return NULL;
	c->wl = parent->wl;
	c->exit_notify = parent->exit_notify;
	c->memcg = parent->memcg;
	c->cpus_first = parent->cpus_first;
	c->nr_cpus_allowed = parent->nr_cpus_allowed;
	parent->wl->running++;
	c->start_ns = task_now(parent);
	c->busy_until = task_now(parent);
	return c;
}

void wl_background(struct task *t)
{
	struct workload_inst *wl = t->wl;

	if (t->wl_background)
		return;
	t->wl_background = true;
	wl->background++;
	wl_check_done(wl, task_now(t));
	if (sim_engine(t->sim)->stopped)
		cond_resched(t); /* that ended the run: the step ends here */
}

_Noreturn void wl_hold(struct task *t)
{
	wl_background(t);
	for (;;)
		schedule_timeout(t, NULL, 0); /* nothing wakes it: killed or the run ends */
}

void wl_rate_wait(struct task *t, u64 bytes)
{
	u64 rate = t->wl->cfg->rate;
	u64 now = task_now(t);
	u64 due = t->wl_rate_t0 + (u64)((u128)t->wl_rate_bytes * NSEC_PER_SEC / rate);

	if (now > due) {
		/* behind (or the first operation): the budget starts now, no catching up */
		t->wl_rate_t0 = now;
		t->wl_rate_bytes = 0;
	}
	while (task_now(t) < due)
		schedule_timeout(t, NULL, due - task_now(t));
	t->wl_rate_bytes += bytes;
}

void workload_task_exit(struct workload_inst *wl, struct task *t)
{
	const struct wl_ops *ops = wl_ops_table[wl->cfg->type];

	if (ops->task_exit)
		ops->task_exit(t);
	/* the step in progress (if @t ends in its own step) counts too */
	wl->utime_ns += t->utime_ns + t->step_user_ns;
	wl->stime_ns += t->stime_ns + t->step_sys_ns;
	wl->min_flt += t->min_flt;
	wl->maj_flt += t->maj_flt;
	wl_fold_mm_task(wl, mm_task(t), mm_task(t)->maxrss);
	if (t->exit_signal)
		wl->exit_signal = t->exit_signal;
	if (t->wl_background)
		wl->background--;
	/* a workload done in the background ends when its last task does */
	if (!--wl->running && wl->ended)
		wl->end_ns = t->exit_ns;
	wl_check_done(wl, t->exit_ns);
}

struct wl_totals workload_totals(const struct sim *sim, const struct workload_inst *wl)
{
	struct wl_totals t = {
		.utime_ns = wl->utime_ns,
		.stime_ns = wl->stime_ns,
		.min_flt = wl->min_flt,
		.maj_flt = wl->maj_flt,
	};
	u64 end = wl->running ? sim->eng.now : wl->end_ns;
	/* the exited tasks' figures, and the live ones' on a copy */
	struct workload_inst sum = *wl;
	const struct engine *eng = &sim->eng;

	/* every task of the workload: those it started with and those they forked */
	for (unsigned int i = 0; i < eng->nr_tasks; i++) {
		struct task *task = eng->tasks[i];

		if (task->wl != wl || task->state == TASK_DEAD)
			continue;
		t.utime_ns += task->utime_ns;
		t.stime_ns += task->stime_ns;
		t.min_flt += task->min_flt;
		t.maj_flt += task->maj_flt;
		wl_fold_mm_task(&sum, mm_task(task), task->mm ? get_mm_hiwater_rss(task->mm) : 0);
	}
	t.elapsed_ns = end > wl->start_ns ? end - wl->start_ns : 0;
	t.inblock = sum.read_bytes >> 9;
	t.oublock = sum.write_bytes >> 9;
	t.maxrss_kb = sum.maxrss * sim->page_size / 1024;
	t.freepages_count = sum.freepages_count;
	t.freepages_delay_ns = sum.freepages_delay_ns;
	return t;
}

_Noreturn void wl_stuck(struct task *t)
{
	sim_fail(t->sim,
		 "watchdog: task %d (%s) issued %u operations in one step without "
		 "virtual time passing (user costs of 0?)",
		 t->pid, t->comm, WL_MAX_OPS_PER_STEP);
	for (;;)
		cond_resched(t); /* the run is over: never resumed */
}

bool wl_retry(struct task *t, enum vm_fault_result r)
{
	switch (r) {
	case VM_FAULT_DONE:
		if (t->state == TASK_BLOCKED)
			schedule(t); /* done, and asleep: until woken */
		return false;
	case VM_FAULT_RETRY:
	case VM_FAULT_NOMEM: /* not returned by operations: absorbed below them */
		task_yield(t, STEP_CONTINUE);
		return true;
	case VM_FAULT_OOM:
		break;
	}
	do_exit(t, 9);
	task_exit_current(t);
}

/* The body of every workload task: its program, then exit(0). */
void user_task(struct task *t)
{
	if (t->wl->cfg->launch_attach)
		cgroup_procs_write(t);
	wl_ops_table[t->wl->cfg->type]->run(t);
	do_exit(t, 0);
}

/* do_exit's exit_notify hook of a workload task. */
static void wl_task_exit_notify(struct task *t)
{
	workload_task_exit(t->wl, t);
}

/*
 * The keys whose size the model keeps a host structure for, a slot per
 * page: page tables of what a task maps, the page-cache index of a file
 * it reads or writes.  The other size keys (block, chunk, every, datasize)
 * size one operation, not what the run holds.
 */
static const char *const wl_footprint_keys[] = {
	"size", "hot", "stream", "footprint", "program_text", "program_data", "text", "heap",
};

static bool is_footprint_key(const char *name)
{
	for (size_t i = 0; i < sizeof(wl_footprint_keys) / sizeof(wl_footprint_keys[0]); i++)
		if (!strcmp(name, wl_footprint_keys[i]))
			return true;
	return false;
}

/* The tasks @w starts with: made before the run, woken at its start. */
static unsigned int workload_nr_started(const struct scn_workload *w)
{
	const struct wl_ops *ops = wl_ops_table[w->type];

	return ops->nr_tasks ? ops->nr_tasks(w) : w->tasks;
}

unsigned int workload_nr_tasks(const struct scn_workload *w)
{
	const struct wl_ops *ops = wl_ops_table[w->type];

	return workload_nr_started(w) + (ops->nr_forked ? ops->nr_forked(w) : 0);
}

const char *workload_footprint(const struct scenario *s, const struct scn_workload *w, u64 *bytes,
			       int *origin)
{
	const struct wl_ops *ops = wl_ops_table[w->type];
	const struct cfg_table *tab = ops->keys;
	const char *largest = NULL;
	u64 big = 0, sum = 0;

	*origin = 0;
	for (unsigned int i = 0; tab && i < tab->nr_keys; i++) {
		const struct cfg_key *kd = &tab->keys[i];
		u64 v;

		if (kd->type != CFG_SIZE || !is_footprint_key(kd->name))
			continue;
		memcpy(&v, (const char *)w + kd->off, sizeof(v));
		sum += v;
		if (v > big) {
			big = v;
			largest = kd->name;
			*origin = 0;
			if (kd->flags & CFG_F_ORIGIN)
				memcpy(origin, (const char *)w + kd->origin_off, sizeof(*origin));
		}
	}
	if (!sum && ops->default_footprint) {
		sum = ops->default_footprint(s, w);
		largest = "size";
	}
	/* a type whose size is shared by its tasks holds it once */
	*bytes = ops->size_is_total ? sum : sum * workload_nr_tasks(w);
	if (ops->maps_file)
		*bytes *= 2;
	return largest;
}

/* A host allocation for @w failed: name it, and the key that sizes it. */
static int workload_nomem(const struct sim *sim, const struct scn_workload *w, char *err,
			  size_t errlen)
{
	int origin;
	u64 bytes;
	const char *key = workload_footprint(&sim->scn, w, &bytes, &origin);

	unsigned int n = workload_nr_tasks(w);

	if (!key)
		return cfg_fail_at(&sim->scn, 0, w->line, err, errlen,
				   "[workload %s]: out of host memory creating it (%u task%s)",
				   w->name, n, n == 1 ? "" : "s");
	return cfg_fail_at(
		&sim->scn, origin, w->line, err, errlen,
		"[workload %s] %s: out of host memory creating it (%u task%s, %.1fG to map)",
		w->name, key, n, n == 1 ? "" : "s", (double)bytes / (1ULL << 30));
}

int workloads_init(struct sim *sim, char *err, size_t errlen)
{
	const struct scenario *s = &sim->scn;

	sim->nr_workloads = s->nr_workloads;
	sim->workloads = calloc(s->nr_workloads ? s->nr_workloads : 1, sizeof(*sim->workloads));
	if (!sim->workloads) {
		sim->nr_workloads = 0;
		return cfg_fail_at(s, 0, 0, err, errlen, "out of host memory for %u workloads",
				   s->nr_workloads);
	}
	for (unsigned int w = 0; w < s->nr_workloads; w++) {
		struct workload_inst *wl = &sim->workloads[w];
		const struct wl_ops *ops;

		wl->cfg = &s->workloads[w];
		wl->sim = sim;
		ops = wl_ops_table[wl->cfg->type];
		wl->memcg = mem_cgroup_by_name(sim, wl->cfg->cgroup);
		if (!wl->memcg) {
			snprintf(err, errlen, "%s:%d: [workload %s] cgroup: no cgroup named '%s'",
				 s->path, wl->cfg->line, wl->cfg->name, wl->cfg->cgroup);
			return -1;
		}
		/* its tasks count their faults and charges in their group */
		if (memcg_vmstats_alloc(wl->memcg))
			return workload_nomem(sim, wl->cfg, err, errlen);
		wl->nr_tasks = workload_nr_started(wl->cfg);
		wl->tasks = calloc(wl->nr_tasks, sizeof(*wl->tasks));
		if (!wl->tasks)
			return workload_nomem(sim, wl->cfg, err, errlen);
		for (unsigned int i = 0; i < wl->nr_tasks; i++) {
			struct task *t = task_create(sim, TASK_USER, wl->cfg->name, user_task);

			if (!t)
				return workload_nomem(sim, wl->cfg, err, errlen);
			t->wl = wl;
			if (wl->cfg->node >= 0)
				t->nr_cpus_allowed = scn_node_cpus(
					&s->machine, (unsigned int)wl->cfg->node, &t->cpus_first);
			t->exit_notify = wl_task_exit_notify;
			t->memcg = wl->memcg;
			/* listed first: what a failed task_init did allocate, workloads_free frees */
			wl->tasks[i] = t;
			if (ops->task_init(wl, t, i))
				return workload_nomem(sim, wl->cfg, err, errlen);
		}
		sim->workloads_unfinished++;
		event_push(sim, wl->cfg->start_ns, workload_start, wl, 0);
	}
	return 0;
}

/* The start event: the workload's tasks become runnable. */
void workload_start(struct sim *sim, void *data, u64 unused)
{
	struct workload_inst *wl = data;

	wl->start_ns = sim->eng.now;
	wl->started = true;
	wl->running = wl->nr_tasks;
	for (unsigned int i = 0; i < wl->nr_tasks; i++) {
		wl->tasks[i]->start_ns = sim->eng.now;
		wake_up_task(wl->tasks[i]);
	}
}

/* The run is over: every workload reports its figures. */
void workloads_finish(struct sim *sim)
{
	for (unsigned int w = 0; w < sim->nr_workloads; w++) {
		struct workload_inst *wl = &sim->workloads[w];
		const struct wl_ops *ops = wl_ops_table[wl->cfg->type];

		if (ops->report)
			ops->report(wl);
	}
}

void workloads_free(struct sim *sim)
{
	for (unsigned int w = 0; w < sim->nr_workloads; w++) {
		struct workload_inst *wl = &sim->workloads[w];
		const struct wl_ops *ops;

		/* workloads_init() stopped before this one: nothing of it was made */
		if (!wl->cfg)
			break;
		ops = wl_ops_table[wl->cfg->type];
		for (unsigned int i = 0; wl->tasks && i < wl->nr_tasks; i++) {
			if (!wl->tasks[i])
				continue;
			if (ops->task_free)
				ops->task_free(wl->tasks[i]);
			else
				free(wl->tasks[i]->wl_priv);
		}
		free(wl->tasks);
		if (ops->free)
			ops->free(wl);
		free(wl->priv);
	}
	free(sim->workloads);
	sim->workloads = NULL;
}

int workloads_check(const struct scenario *s, char *err, size_t errlen)
{
	for (unsigned int i = 0; i < s->nr_workloads; i++) {
		const struct scn_workload *w = &s->workloads[i];
		/* a type set by --set is to blame for what it lacks */
		int type_origin = w->type_origin < 0 ? w->type_origin : 0;
		const char *missing;

		if ((unsigned int)w->type >= NR_WORKLOAD_TYPES)
			return cfg_fail_at(s, type_origin, w->line, err, errlen,
					   "[workload %s]: bad type", w->name);
		if (!memcg_cgroup_exists(s, w->cgroup))
			return cfg_fail_at(s, w->cgroup_origin, w->line, err, errlen,
					   "[workload %s] cgroup: no cgroup named '%s'", w->name,
					   w->cgroup);
		missing = workload_missing(w);
		if (missing)
			return cfg_fail_at(s, type_origin, w->line, err, errlen,
					   "[workload %s] %s: missing (required for type %s)",
					   w->name, missing, workload_type_name[w->type]);
		if (workload_validate(s, w, err, errlen))
			return -1;
	}
	return 0;
}

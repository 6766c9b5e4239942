// SPDX-License-Identifier: MIT
/*
 * simple_writeback.c - mmtests' simple-writeback (SPEC-seeds B.4,
 * shellpack-bench-simple-writeback, Aug 2010): iterations of `jobs` dd
 * jobs started at once, jobs doubling each iteration up to max_jobs (the
 * seed's 4-CPU box: 4, 8, 16, 32, 64), each job writing its share of
 * `size` (4 x MemTotal) as `dd if=/dev/zero of=file-J ibs=1M obs=1M
 * count=TOTAL/JOBS/1M conv=fsync`; when all jobs of an iteration are done
 * the driver deletes their files and starts the next.  Task J is dd job J
 * of every iteration that has more than J jobs; the last job to finish
 * an iteration plays the driver's rm.  A job OOM-killed counts as done
 * (its dd failed); the next job to wake then plays the driver.
 */
#include <stdio.h>
#include <stdlib.h>

#include "simple_writeback.h"
#include "workload_types.h"

WL_PARAMS_FIT(struct simple_writeback_params);
#define SWB_PARAMS(w) WL_PARAMS(struct simple_writeback_params, w)
#define SWB_OFF(f) WL_POFF(struct simple_writeback_params, f)

#define SWB_MAX_STEPS 13 /* jobs 1, 2, 4, ... 4096 */

/* The driver's state, shared by the jobs (wl->priv). */
struct swb {
	unsigned int nr_steps, step; /* the iteration running */
	unsigned int jobs[SWB_MAX_STEPS];
	u64 count[SWB_MAX_STEPS]; /* dd count= of each job */
	unsigned int left; /* jobs of this iteration still writing */
	bool driving; /* a job is between iterations (rm), for the driver */
	u64 step_start_ns;
	u64 elapsed_ns[SWB_MAX_STEPS]; /* all its jobs started to all done */
	u64 bytes[SWB_MAX_STEPS]; /* written by its jobs */
	u64 dd_runs;
	struct wait_queue_head wait; /* jobs waiting for their iteration */
	char names[SWB_MAX_STEPS][2][32]; /* figure names */
};

struct swb_task {
	unsigned int idx;
	struct address_space *file; /* file-J, rewritten each iteration */
	unsigned int finished; /* iterations whose dd it has done, up to the last */
	bool dead; /* OOM-killed */
};

/* The live jobs of iteration @s. */
static unsigned int swb_live_jobs(const struct workload_inst *wl, const struct swb *swb,
				  unsigned int s)
{
	unsigned int n = 0;

	for (unsigned int j = 0; j < swb->jobs[s]; j++)
		n += !((const struct swb_task *)wl->tasks[j]->wl_priv)->dead;
	return n;
}

/* The iterations' job counts: jobs, 2 x jobs, ... while <= max_jobs. */
static unsigned int swb_steps(const struct simple_writeback_params *p,
			      unsigned int jobs[SWB_MAX_STEPS])
{
	unsigned int n = 0;

	for (u64 j = p->jobs; j <= p->max_jobs && n < SWB_MAX_STEPS; j *= 2)
		jobs[n++] = (unsigned int)j;
	return n;
}

static unsigned int swb_nr_tasks(const struct scn_workload *cfg)
{
	unsigned int jobs[SWB_MAX_STEPS], n = swb_steps(SWB_PARAMS(cfg), jobs);

	return jobs[n - 1];
}

static int swb_init(struct workload_inst *wl, struct task *t, unsigned int idx)
{
	struct sim *sim = wl->sim;
	const struct simple_writeback_params *p = SWB_PARAMS(wl->cfg);
	struct swb_task *st = calloc(1, sizeof(*st));
	struct swb *swb = wl->priv;
	char name[64];

	if (!st)
		return -1;
	t->wl_priv = st;
	if (!swb) {
		u64 total = p->size ? p->size : 4 * wl_totalram_pages(sim) * sim->page_size;

		swb = wl->priv = calloc(1, sizeof(*swb));
		if (!swb)
			return -1;
		swb->nr_steps = swb_steps(p, swb->jobs);
		for (unsigned int s = 0; s < swb->nr_steps; s++)
			swb->count[s] = total / swb->jobs[s] / p->block;
		swb->left = swb->jobs[0];
	}
	t->mm = mm_alloc(sim, t);
	if (!t->mm)
		return -1;
	st->idx = idx;
	snprintf(name, sizeof(name), "%s.file-%u", wl->cfg->name, idx);
	st->file = file_create(sim, name, 0);
	return st->file ? 0 : -1;
}

/* One dd: count blocks of /dev/zero into the file, then fsync it (conv=fsync, always). */
static void swb_dd(struct task *t, struct swb_task *st, u64 count)
{
	struct sim *sim = t->sim;
	const struct simple_writeback_params *p = SWB_PARAMS(t->wl->cfg);
	u64 npages = bytes_to_pages(sim, count * p->block);
	u64 block_pages = max_u64(bytes_to_pages(sim, p->block), 1);

	for (u64 i = 0; i < npages; i++) {
		/* a write() call per block, read() of /dev/zero included */
		if (i % block_pages == 0)
			charge_sys(t, 2 * sim->scn.cost.syscall_ns);
		wl_rate(t, sim->page_size);
		WL_DO(t, filemap_write(t, st->file, i,
				       min_u64(block_pages - i % block_pages, npages - i)));
	}
	charge_sys(t, sim->scn.cost.syscall_ns);
	wl_tick(t);
	filemap_fdatawrite(t, st->file);
	wl_tick(t);
	filemap_fdatawait(t, st->file);
}

/* The driver after an iteration: note its time, rm the files, start the next. */
static void swb_next_step(struct task *t, struct swb *swb)
{
	unsigned int s = swb->step;

	swb->driving = true;
	swb->elapsed_ns[s] = task_now(t) - swb->step_start_ns;
	for (unsigned int j = 0; j < swb->jobs[s]; j++) {
		struct swb_task *o = t->wl->tasks[j]->wl_priv;

		charge_sys(t, t->sim->scn.cost.syscall_ns);
		wl_tick(t);
		truncate_inode_pages(t, o->file);
	}
	swb->step++;
	if (swb->step < swb->nr_steps)
		swb->left = swb_live_jobs(t->wl, swb, swb->step);
	swb->step_start_ns = task_now(t);
	swb->driving = false;
	wake_up_all(t->sim, &swb->wait);
}

static void swb_run(struct task *t)
{
	struct swb *swb = t->wl->priv;
	struct swb_task *st = t->wl_priv;

	if (!swb->step_start_ns)
		swb->step_start_ns = task_now(t);
	for (unsigned int s = 0; s < swb->nr_steps; s++) {
		while (swb->step < s) {
			if (!swb->left && !swb->driving) { /* its last job was killed */
				swb_next_step(t, swb);
				continue;
			}
			task_sleep(t, &swb->wait, 0);
			schedule(t);
		}
		if (st->idx >= swb->jobs[s])
			continue;
		swb_dd(t, st, swb->count[s]);
		st->finished = s + 1;
		swb->bytes[s] += swb->count[s] * SWB_PARAMS(t->wl->cfg)->block;
		swb->dd_runs++;
		if (!--swb->left)
			swb_next_step(t, swb);
	}
}

/* A job was OOM-killed: it no longer counts in its iteration or the next. */
static void swb_task_exit(struct task *t)
{
	struct swb *swb = t->wl->priv;
	struct swb_task *st = t->wl_priv;

	if (!swb || !st || t->exit_signal != 9)
		return;
	st->dead = true;
	/* still counted in the iteration running: its dd is not done */
	if (swb->step < swb->nr_steps && st->idx < swb->jobs[swb->step] &&
	    st->finished <= swb->step)
		swb->left--;
	wake_up_all(t->sim, &swb->wait);
}

/* Per iteration, as the driver reports it: elapsed and the jobs' MB/s together. */
static void swb_report(struct workload_inst *wl)
{
	struct swb *swb = wl->priv;
	u64 bytes = 0;

	if (!swb)
		return;
	for (unsigned int s = 0; s < swb->nr_steps && s < swb->step; s++) {
		double secs = (double)swb->elapsed_ns[s] / 1e9;

		snprintf(swb->names[s][0], sizeof(swb->names[s][0]), "jobs%u_elapsed_s",
			 swb->jobs[s]);
		snprintf(swb->names[s][1], sizeof(swb->names[s][1]), "jobs%u_MB_per_s",
			 swb->jobs[s]);
		wl_set_figure(wl, swb->names[s][0], secs, false);
		wl_set_figure(wl, swb->names[s][1],
			      secs > 0 ? (double)swb->bytes[s] / 1e6 / secs : 0, false);
	}
	for (unsigned int s = 0; s < swb->nr_steps; s++)
		bytes += swb->bytes[s];
	wl_set_figure(wl, "iterations", swb->step, true);
	wl_set_figure(wl, "dd_runs", (double)swb->dd_runs, true);
	wl_set_figure(wl, "bytes_written", (double)bytes, true);
}

static int swb_validate(const struct scenario *s, const struct scn_workload *w, char *err,
			size_t errlen)
{
	const struct simple_writeback_params *p = SWB_PARAMS(w);
	unsigned int jobs[SWB_MAX_STEPS], n;
	u64 total = p->size ? p->size : 4 * s->machine.memory;

	if (p->jobs > p->max_jobs)
		return cfg_fail_at(s, p->max_jobs_origin, w->line, err, errlen,
				   "[workload %s] max_jobs: %u is below jobs %u (valid jobs..4096)",
				   w->name, p->max_jobs, p->jobs);
	n = swb_steps(p, jobs);
	if (total / jobs[n - 1] < p->block)
		return cfg_fail_at(
			s, p->size_origin, w->line, err, errlen,
			"[workload %s] size: %llu bytes give %u jobs less than a block of %llu each (valid >= max jobs x block)",
			w->name, (unsigned long long)total, jobs[n - 1],
			(unsigned long long)p->block);
	return 0;
}

static const struct cfg_key simple_writeback_keys[] = {
	WL_KEY_SIZE(struct simple_writeback_params, "4 x MemTotal",
		    "bytes each iteration writes, split evenly over its jobs"),
	WL_KEY_BLOCK(struct simple_writeback_params,
		     "dd ibs= and obs=: bytes per read() and write()"),
	{ .name = "jobs",
	  .type = CFG_UINT,
	  .off = SWB_OFF(jobs),
	  .min = 1,
	  .max = 4096,
	  .def = "4",
	  .doc = "dd jobs of the first iteration (mmtests: the CPUs)" },
	{ .name = "max_jobs",
	  .type = CFG_UINT,
	  .off = SWB_OFF(max_jobs),
	  .flags = CFG_F_ORIGIN,
	  .origin_off = SWB_OFF(max_jobs_origin),
	  .min = 1,
	  .max = 4096,
	  .def = "64",
	  .doc = "jobs doubles each iteration while it is at most this" },
};

static CFG_TABLE_DOC(
	simple_writeback_keys_table, simple_writeback_keys,
	"mmtests simple-writeback: iterations of `jobs`, 2 x `jobs`, ... `max_jobs` dd jobs started together, each writing size / jobs of /dev/zero to its own file with conv=fsync; the files are deleted between iterations. Figures per iteration jobsN_elapsed_s and jobsN_MB_per_s (the jobs' bytes over the iteration's elapsed time), then iterations, dd_runs, bytes_written. Rate counts the bytes written.");

const struct wl_ops simple_writeback_ops = {
	.nr_tasks = swb_nr_tasks,
	.task_init = swb_init,
	.run = swb_run,
	.task_exit = swb_task_exit,
	.report = swb_report,
	.keys = &simple_writeback_keys_table,
	.validate = swb_validate,
};

// SPDX-License-Identifier: MIT
/*
 * kernbench.c - mmtests' kernbench (SPEC-seeds B.4, Aug 2010): `make
 * -jJOBS vmlinux` of a defconfig kernel tree, one untimed build then
 * `builds` timed ones, `make clean` between builds; elapsed, user and
 * system time per build as kernbench prints them, and their average,
 * minimum and maximum.
 *
 * The build is a compile model shared with stress_highalloc: each unit is
 * a compile process (cc1) that faults in an anonymous footprint (uniform
 * up to compile_anon) while it reads its source and part of the
 * shared headers through the page cache (from disk on the first build,
 * from the cache after), burns its CPU spread over those operations, then
 * writes its object file (dirty page cache for the flusher) and exits;
 * make writes the object's .cmd file and its share of the directories'
 * built-in.o files (cmd_file, builtin_pct).
 * make keeps JOBS compiles running: task J is make's job slot J, running
 * one compile process after another (their footprints freed at each
 * exit, as the process's would be), taking the next unit as it frees up;
 * the slot that finishes a build's last compile links vmlinux and runs
 * make clean.  A compile OOM-killed counts as done (make -k goes on; its
 * slot is gone), and a slot that wakes to find the build done without
 * anyone linking it does the link.
 */
#include <stdio.h>
#include <stdlib.h>

#include "kernbench.h"
#include "workload_types.h"

WL_PARAMS_FIT(struct kernbench_params);
#define KB_PARAMS(w) WL_PARAMS(struct kernbench_params, w)
#define KBP_OFF(f) WL_POFF(struct kernbench_params, f)

#define KB_MAX_BUILDS 32
#define KB_WARMUP 1 /* untimed builds before the timed ones */

/* what the compile keys leave out (kernbench.h) */
#define KB_TREE_DEFAULT (100ULL << 20)
#define KB_HEADERS_PCT 30 /* of the tree */
#define KB_HEADER_READS_DIV 10 /* a compile reads this fraction of the headers */
#define KB_ANON_MIN_DIV 6 /* the smallest footprint is the largest / this */
#define KB_OBJECT (40ULL << 10) /* mean object size */
#define KB_LINK_CPU_PCT 1 /* of the build's compile CPU */
#define KB_VMLINUX_DIV 5 /* vmlinux is the objects' bytes / this */
#define KB_WRITE_CALL (4ULL << 10) /* bytes per write() of as and ld: stdio's buffer */

static u64 kb_tree_bytes(const struct kb_compile_params *p)
{
	return p->size ? p->size : KB_TREE_DEFAULT;
}

static u64 kb_headers(const struct kb_compile_params *p)
{
	return kb_tree_bytes(p) * KB_HEADERS_PCT / 100;
}

/* ---- the compile model ---- */

/*
 * The write() calls of a page of compiler or linker output: as and ld
 * write through BFD and stdio (Kbuild's gcc -pipe hands cc1's assembly
 * to as through a pipe), whose buffer is st_blksize, 4 KiB on the
 * era's file systems, and whose flushes each write its 4 KiB: each
 * call asks for one page (order 0 with large folios), and a page of
 * more than 4 KiB takes several.  Sections larger than the buffer
 * that stdio passes to write() whole are not modelled.
 */
static void kb_write_calls(struct task *t)
{
	charge_sys(t, max_u64(t->sim->page_size / KB_WRITE_CALL, 1) * t->sim->scn.cost.syscall_ns);
}

u64 kb_tree_pages(const struct sim *sim, const struct kb_compile_params *p)
{
	return bytes_to_pages(sim, kb_tree_bytes(p));
}

static struct address_space *kb_file(struct sim *sim, const char *tree, const char *what,
				     unsigned int n)
{
	char fname[64];

	snprintf(fname, sizeof(fname), "%s.%s%u", tree, what, n);
	return file_create(sim, fname, 0);
}

/* A page of build output at @index of @f, through as's or ld's stdio. */
static void kb_write_output(struct task *t, struct kb_tree *tree, struct address_space *f,
			    u64 index)
{
	kb_write_calls(t);
	WL_DO(t, filemap_write(t, f, index, 1));
	tree->output_pages++;
}

int kb_tree_init(struct sim *sim, struct kb_tree *tree, const char *name,
		 const struct kb_compile_params *p, u64 src_pages)
{
	char fname[64];

	tree->units = p->units;
	snprintf(fname, sizeof(fname), "%s.src", name);
	tree->src = file_create(sim, fname, src_pages);
	tree->vmlinux = kb_file(sim, name, "vmlinux", 0);
	tree->builtin = kb_file(sim, name, "built-in", 0);
	tree->obj = calloc(p->units, sizeof(*tree->obj));
	tree->cmd = calloc(p->units, sizeof(*tree->cmd));
	if (!tree->src || !tree->vmlinux || !tree->builtin || !tree->obj || !tree->cmd)
		return -1;
	for (unsigned int u = 0; u < p->units; u++) {
		tree->obj[u] = kb_file(sim, name, "o", u);
		tree->cmd[u] = kb_file(sim, name, "cmd", u);
		if (!tree->obj[u] || !tree->cmd[u])
			return -1;
	}
	return 0;
}

void kb_tree_free(struct kb_tree *tree)
{
	free(tree->obj);
	free(tree->cmd);
}

int kb_proc_init(struct sim *sim, struct task *t, struct kb_proc *proc,
		 const struct kb_compile_params *p)
{
	t->mm = mm_alloc(sim, t);
	if (!t->mm)
		return -1;
	proc->base = mmap_anon(t->mm, bytes_to_pages(sim, p->anon_max));
	return proc->base ? 0 : -1;
}

/* uniform in [mean / 2, mean * 3 / 2] */
static u64 kb_spread(struct sim *sim, u64 mean)
{
	return mean / 2 + rng_below(&sim->eng.rng, mean + 1);
}

bool kb_compile(struct task *t, struct kb_proc *proc, const struct kb_compile_params *p,
		struct kb_tree *tree, unsigned int unit, const bool *stop)
{
	struct sim *sim = t->sim;
	u64 hi = bytes_to_pages(sim, p->anon_max), lo = max_u64(hi / KB_ANON_MIN_DIV, 1);
	u64 anon = lo + rng_below(&sim->eng.rng, hi - lo + 1);
	u64 hdr_region = bytes_to_pages(sim, kb_headers(p));
	u64 hdr = hdr_region / KB_HEADER_READS_DIV;
	u64 hdr_start = hdr_region ? rng_below(&sim->eng.rng, hdr_region) : 0;
	u64 src = (kb_tree_pages(sim, p) - hdr_region) / tree->units;
	u64 src_start = hdr_region + unit * src;
	u64 obj = max_u64(bytes_to_pages(sim, kb_spread(sim, KB_OBJECT)), 1);
	u64 reads = src + hdr, ops = reads + anon + obj;
	u64 cpu = kb_spread(sim, p->cpu_ns), touched = 0;
	bool done = false;

	proc->compiling = true;
	charge_sys(t, 3 * sim->scn.cost.syscall_ns); /* fork, exec, wait */
	/* the reads, each followed by the footprint's share faulted in */
	for (u64 i = 0; i < reads; i++) {
		u64 idx = i < src ? src_start + i : (hdr_start + i - src) % hdr_region;

		if (*stop)
			goto out;
		WL_DO(t, filemap_read(t, tree->src, idx, 1));
		charge_user(t, cpu / ops);
		for (; touched < anon * (i + 1) / reads; touched++) {
			WL_DO(t, handle_mm_fault(t, proc->base + touched, true));
			charge_user(t, cpu / ops);
		}
	}
	for (u64 i = 0; i < obj; i++) {
		if (*stop)
			goto out;
		kb_write_output(t, tree, tree->obj[unit], i);
		charge_user(t, cpu / ops);
	}
	/* make: fixdep's .cmd file, then the directory's built-in.o share */
	for (u64 i = 0; i < bytes_to_pages(sim, p->cmd_file) && !*stop; i++)
		kb_write_output(t, tree, tree->cmd[unit], i);
	for (u64 i = 0; i < obj * p->builtin_pct / 100 && !*stop; i++)
		kb_write_output(t, tree, tree->builtin, tree->builtin->size);
	if (*stop)
		goto out;
	done = true;
out:
	/* exit: the process's memory goes */
	if (touched)
		do_madvise(t, proc->base, touched, MADV_DONTNEED);
	proc->compiling = false;
	return done;
}

void kb_link(struct task *t, const struct kb_compile_params *p, struct kb_tree *tree)
{
	struct sim *sim = t->sim;
	u64 out = bytes_to_pages(sim, (u64)tree->units * KB_OBJECT / KB_VMLINUX_DIV), ops = out;
	u64 cpu = (u64)tree->units * p->cpu_ns * KB_LINK_CPU_PCT / 100;

	for (unsigned int u = 0; u < tree->units; u++)
		ops += tree->obj[u]->size;
	for (unsigned int u = 0; u < tree->units; u++)
		for (u64 i = 0; i < tree->obj[u]->size; i++) {
			WL_DO(t, filemap_read(t, tree->obj[u], i, 1));
			charge_user(t, cpu / ops);
		}
	for (u64 i = 0; i < out; i++) {
		kb_write_output(t, tree, tree->vmlinux, i);
		charge_user(t, cpu / ops);
	}
}

void kb_clean(struct task *t, struct kb_tree *tree, bool sources)
{
	unsigned int n = 2 * tree->units + 2 + sources;

	for (tree->clean = 0; tree->clean < n; tree->clean++) {
		unsigned int c = tree->clean, u = tree->units;
		struct address_space *f = c < u		 ? tree->obj[c] :
					  c < 2 * u	 ? tree->cmd[c - u] :
					  c == 2 * u	 ? tree->builtin :
					  c == 2 * u + 1 ? tree->vmlinux :
							   tree->src;

		charge_sys(t, t->sim->scn.cost.syscall_ns); /* unlink */
		wl_tick(t);
		truncate_inode_pages(t, f);
	}
}

int kb_compile_check(const struct scenario *s, const struct scn_workload *w,
		     const struct kb_compile_params *p, unsigned int trees, const char *trees_key,
		     char *err, size_t errlen)
{
	u64 page = s->machine.page_size, vm = s->machine.memory + s->machine.swap;

	if (!trees_key && kb_tree_bytes(p) > KB_MAX_SOURCES)
		return cfg_fail_at(s, p->size_origin, w->line, err, errlen,
				   "[workload %s] size: %llu is more than %lluG (valid 1..%lluG)",
				   w->name, (unsigned long long)kb_tree_bytes(p),
				   KB_MAX_SOURCES >> 30, KB_MAX_SOURCES >> 30);
	if (kb_tree_bytes(p) / page < (kb_headers(p) + page - 1) / page + p->units)
		return cfg_fail_at(
			s, cfg_later_origin(p->size_origin, p->units_origin), w->line, err, errlen,
			"[workload %s] size: %llu leaves less than a page of source for each of %u units after the headers (valid >= %u pages + 30 %%)",
			w->name, (unsigned long long)kb_tree_bytes(p), p->units, p->units);
	if (trees_key && (u64)trees * p->units > KB_MAX_UNITS)
		return cfg_fail_at(
			s, p->units_origin, w->line, err, errlen,
			"[workload %s] units: %u trees x %u units is more than %u (valid %s x units <= %u)",
			w->name, trees, p->units, KB_MAX_UNITS, trees_key, KB_MAX_UNITS);
	if (trees_key && kb_tree_bytes(p) > KB_MAX_SOURCES / trees)
		return cfg_fail_at(
			s, p->size_origin, w->line, err, errlen,
			"[workload %s] size: %u trees x %llu bytes is more than %lluG of source (valid %s x size <= %lluG)",
			w->name, trees, (unsigned long long)kb_tree_bytes(p), KB_MAX_SOURCES >> 30,
			trees_key, KB_MAX_SOURCES >> 30);
	if (p->anon_max > vm)
		return cfg_fail_at(
			s, p->anon_origin, w->line, err, errlen,
			"[workload %s] compile_anon: %llu is more than memory + swap (valid 1..%llu)",
			w->name, (unsigned long long)p->anon_max, (unsigned long long)vm);
	return 0;
}

/* ---- kernbench ---- */

/* make's state, shared by its job slots (wl->priv). */
struct kernbench {
	struct kb_tree tree;
	unsigned int build; /* the build running: warmup ones first */
	unsigned int next_unit, done_units;
	u64 start_ns, start_user, start_sys; /* of the build running */
	u64 elapsed_ns[KB_MAX_BUILDS], user_ns[KB_MAX_BUILDS], sys_ns[KB_MAX_BUILDS];
	unsigned int timed_done;
	struct task *linker; /* the slot linking and cleaning, if any */
	u64 compiles, killed;
	bool stop; /* never set: kernbench runs to the end */
	struct wait_queue_head wait; /* slots waiting for the next build */
	char names[KB_MAX_BUILDS][3][24];
};

static unsigned int kernbench_nr_tasks(const struct scn_workload *cfg)
{
	return KB_PARAMS(cfg)->jobs;
}

static int kernbench_init(struct workload_inst *wl, struct task *t, unsigned int idx)
{
	struct sim *sim = wl->sim;
	struct kernbench *kb = wl->priv;
	struct kb_proc *proc = calloc(1, sizeof(*proc));

	if (!proc)
		return -1;
	t->wl_priv = proc;
	if (!kb) {
		kb = wl->priv = calloc(1, sizeof(*kb));
		if (!kb || kb_tree_init(sim, &kb->tree, wl->cfg->name, &KB_PARAMS(wl->cfg)->cc,
					kb_tree_pages(sim, &KB_PARAMS(wl->cfg)->cc)))
			return -1;
	}
	return kb_proc_init(sim, t, proc, &KB_PARAMS(wl->cfg)->cc);
}

/* CPU time of the workload's tasks so far, the steps in progress included */
static void kb_times(const struct workload_inst *wl, u64 *user, u64 *sys)
{
	*user = *sys = 0;
	for (unsigned int i = 0; i < wl->nr_tasks; i++) {
		*user += wl->tasks[i]->utime_ns + wl->tasks[i]->step_user_ns;
		*sys += wl->tasks[i]->stime_ns + wl->tasks[i]->step_sys_ns;
	}
}

/* The last compile of a build is done: link, time it, make clean, start the next. */
static void kb_end_build(struct task *t, struct kernbench *kb)
{
	const struct kernbench_params *p = KB_PARAMS(t->wl->cfg);
	u64 user, sys;

	kb->linker = t;
	kb_link(t, &p->cc, &kb->tree);
	if (kb->build >= KB_WARMUP) {
		unsigned int b = kb->build - KB_WARMUP;

		kb_times(t->wl, &user, &sys);
		kb->elapsed_ns[b] = task_now(t) - kb->start_ns;
		kb->user_ns[b] = user - kb->start_user;
		kb->sys_ns[b] = sys - kb->start_sys;
		kb->timed_done++;
	}
	kb_clean(t, &kb->tree, false);
	kb->build++;
	kb->next_unit = kb->done_units = 0;
	kb->start_ns = task_now(t);
	kb_times(t->wl, &kb->start_user, &kb->start_sys);
	kb->linker = NULL;
	wake_up_all(t->sim, &kb->wait);
}

static void kernbench_run(struct task *t)
{
	struct kernbench *kb = t->wl->priv;
	struct kb_proc *proc = t->wl_priv;
	const struct kernbench_params *p = KB_PARAMS(t->wl->cfg);
	unsigned int nr_builds = KB_WARMUP + p->builds;

	if (!kb->start_ns)
		kb->start_ns = task_now(t);
	while (kb->build < nr_builds) {
		unsigned int build = kb->build;

		if (kb->next_unit == kb->tree.units) {
			/* nothing left to start in this build: wait for the next */
			while (kb->build == build) {
				if (kb->done_units == kb->tree.units && !kb->linker) {
					/* its last compile or its linker was killed */
					kb_end_build(t, kb);
					continue;
				}
				task_sleep(t, &kb->wait, 0);
				schedule(t);
			}
			continue;
		}
		kb_compile(t, proc, &p->cc, &kb->tree, kb->next_unit++, &kb->stop);
		kb->compiles++;
		if (++kb->done_units == kb->tree.units)
			kb_end_build(t, kb);
	}
}

/* A slot was OOM-killed: its compile counts as done, failed. */
static void kernbench_task_exit(struct task *t)
{
	struct kernbench *kb = t->wl->priv;
	struct kb_proc *proc = t->wl_priv;

	if (kb && kb->linker == t) {
		kb->linker = NULL;
		wake_up_all(t->sim, &kb->wait);
	}
	if (!kb || !proc || !proc->compiling)
		return;
	proc->compiling = false;
	kb->killed++;
	kb->done_units++;
	wake_up_all(t->sim, &kb->wait);
}

static double kb_secs(u64 ns)
{
	return (double)ns / 1e9;
}

/* Per build and over the timed builds, as kernbench prints them. */
static void kernbench_report(struct workload_inst *wl)
{
	static const char *const what[3] = { "elapsed", "user", "sys" };
	struct kernbench *kb = wl->priv;

	if (!kb)
		return;
	for (unsigned int b = 0; b < kb->timed_done; b++) {
		const u64 v[3] = { kb->elapsed_ns[b], kb->user_ns[b], kb->sys_ns[b] };

		for (int k = 0; k < 3; k++) {
			snprintf(kb->names[b][k], sizeof(kb->names[b][k]), "build%u_%s_s", b + 1,
				 what[k]);
			wl_set_figure(wl, kb->names[b][k], kb_secs(v[k]), false);
		}
	}
	if (kb->timed_done) {
		u64 sum[3] = { 0 }, mn = U64_MAX, mx = 0;

		for (unsigned int b = 0; b < kb->timed_done; b++) {
			sum[0] += kb->elapsed_ns[b];
			sum[1] += kb->user_ns[b];
			sum[2] += kb->sys_ns[b];
			mn = kb->elapsed_ns[b] < mn ? kb->elapsed_ns[b] : mn;
			mx = kb->elapsed_ns[b] > mx ? kb->elapsed_ns[b] : mx;
		}
		wl_set_figure(wl, "elapsed_avg_s", kb_secs(sum[0]) / kb->timed_done, false);
		wl_set_figure(wl, "elapsed_min_s", kb_secs(mn), false);
		wl_set_figure(wl, "elapsed_max_s", kb_secs(mx), false);
		wl_set_figure(wl, "user_avg_s", kb_secs(sum[1]) / kb->timed_done, false);
		wl_set_figure(wl, "sys_avg_s", kb_secs(sum[2]) / kb->timed_done, false);
	}
	wl_set_figure(wl, "builds", kb->timed_done, true);
	wl_set_figure(wl, "compiles", (double)kb->compiles, true);
	wl_set_figure(wl, "compiles_killed", (double)kb->killed, true);
}

static void kernbench_free(struct workload_inst *wl)
{
	struct kernbench *kb = wl->priv;

	if (kb)
		kb_tree_free(&kb->tree);
}

static int kernbench_validate(const struct scenario *s, const struct scn_workload *w, char *err,
			      size_t errlen)
{
	return kb_compile_check(s, w, &KB_PARAMS(w)->cc, 1, NULL, err, errlen);
}

static const struct cfg_key kernbench_keys[] = {
	{ .name = "jobs",
	  .type = CFG_UINT,
	  .off = KBP_OFF(jobs),
	  .min = 1,
	  .max = 4096,
	  .def = "4",
	  .doc = "make -j: compiles running at once (mmtests: the CPUs)" },
	{ .name = "builds",
	  .type = CFG_UINT,
	  .off = KBP_OFF(builds),
	  .min = 1,
	  .max = KB_MAX_BUILDS,
	  .def = "5",
	  .doc = "timed builds, after an untimed one (which brings the sources into the page cache)" },
	KB_COMPILE_KEYS(struct kernbench_params),
};

static CFG_TABLE_DOC(
	kernbench_keys_table, kernbench_keys,
	"mmtests kernbench: `make -j jobs vmlinux` of a kernel tree, one untimed then `builds` timed builds with make clean between; each compile process faults in an anonymous footprint while reading its source and headers through the page cache, burns its CPU, writes its object file; the last one's slot links vmlinux. Figures buildN_elapsed_s, buildN_user_s, buildN_sys_s, elapsed_avg_s, elapsed_min_s, elapsed_max_s, user_avg_s, sys_avg_s, builds, compiles, compiles_killed (OOM).");

const struct wl_ops kernbench_ops = {
	.nr_tasks = kernbench_nr_tasks,
	.task_init = kernbench_init,
	.run = kernbench_run,
	.task_exit = kernbench_task_exit,
	.report = kernbench_report,
	.free = kernbench_free,
	.keys = &kernbench_keys_table,
	.validate = kernbench_validate,
	.no_rate = "paced by its CPU time, as a build is",
};

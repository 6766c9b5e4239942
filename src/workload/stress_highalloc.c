// SPDX-License-Identifier: MIT
/*
 * stress_highalloc.c - mmtests' stress-highalloc (SPEC-seeds B.4,
 * driver-stress-highalloc.sh -> bench-stresshighalloc.sh + highalloc.stp):
 *   1. `jobs` kernel trees build at once, each `make -j1` (the compile
 *      model of kernbench.c), together well beyond memory (Mel Gorman:
 *      about 1.5 x RAM of anon and page cache);
 *   2. after 300 s, pass 1 of the module: `attempts` tries at a block
 *      of `order`, GFP_HIGHUSER_MOVABLE, each success kept, at least
 *      `interval` apart; then all blocks are freed;
 *   3. 5 s later pass 2, still under load;
 *   4. 5 s later, and 180 s after that, the builds are killed and the
 *      trees deleted; a RAM-sized file is written (dd), read back (cat)
 *      and deleted;
 *   5. "at rest": pass 3.
 * Figures: per pass attempted, success and % success ((success x 100) /
 * attempted, integer, as the module prints it).  Tasks: J < jobs is tree
 * J's make; then each pass's own process (the script runs `stap -g
 * highalloc.stp` three times: the module allocates in the context of
 * that run), then dd and cat: the trace attributes each allocation, its
 * direct reclaims and kswapd wake-ups, to the process that made it, as
 * trace-vmscan-postprocess.pl sums them per process.  The script's own
 * steps (sleeps, kill, rm) run in whichever of these comes next.  Not
 * modelled: updatedb, the restart of builds that failed, drop_caches,
 * nr_hugepages, the min_free_kbytes change before the last pass, and the
 * module's wait between attempts, a schedule() loop that stays runnable.
 */
#include <stdio.h>
#include <stdlib.h>

#include "stress_highalloc.h"
#include "workload_types.h"

WL_PARAMS_FIT(struct stress_highalloc_params);
#define SH_PARAMS(w) WL_PARAMS(struct stress_highalloc_params, w)
#define SH_OFF(f) WL_POFF(struct stress_highalloc_params, f)

#define SH_PASSES 3
#define SH_LOAD_NS (300 * NSEC_PER_SEC) /* 10 x sleep 30 before pass 1 */
#define SH_PASS_GAP_NS (5 * NSEC_PER_SEC) /* sleep 5 after passes 1 and 2 */
#define SH_REST_DELAY_NS (180 * NSEC_PER_SEC) /* sleep 180 after pass 2 */
/* the processes after the makes: three stap runs, dd, cat */
enum sh_step { SH_PASS1, SH_PASS2, SH_DD, SH_CAT, SH_REST, SH_STEPS };
#define SH_GFP (GFP_HIGHUSER_MOVABLE | __GFP_NOWARN) /* the module's mask */
#define SH_DD_OBS 512 /* the script's dd has ibs=1M and dd's default obs, 512 bytes */

struct stress_highalloc {
	struct kb_tree *trees;
	unsigned int builders; /* makes still running */
	bool stop; /* the script killed make and cc1 */
	struct wait_queue_head wait; /* the script waiting for the makes to die, or a step */
	enum sh_step step; /* the script's step now running */
	u64 compiles;
	struct address_space *ramfile; /* the RAM-sized dd file */
	unsigned int passes_done;
	u64 attempted[SH_PASSES], success[SH_PASSES];
};

struct sh_task {
	struct kb_proc proc; /* a make's cc1 */
	struct highalloc ha; /* the script's blocks */
};

static unsigned int sh_nr_tasks(const struct scn_workload *cfg)
{
	return SH_PARAMS(cfg)->trees + SH_STEPS;
}

/* the module's runs, by step */
static bool sh_is_pass(enum sh_step step)
{
	return step == SH_PASS1 || step == SH_PASS2 || step == SH_REST;
}

/* @t's index among the workload's tasks */
static unsigned int sh_task_idx(const struct task *t)
{
	unsigned int idx = 0;

	while (t->wl->tasks[idx] != t)
		idx++;
	return idx;
}

static int sh_init(struct workload_inst *wl, struct task *t, unsigned int idx)
{
	struct sim *sim = wl->sim;
	const struct stress_highalloc_params *p = SH_PARAMS(wl->cfg);
	struct stress_highalloc *sh = wl->priv;
	struct sh_task *st = calloc(1, sizeof(*st));
	char name[64];

	if (!st)
		return -1;
	t->wl_priv = st;
	if (!sh) {
		sh = wl->priv = calloc(1, sizeof(*sh));
		if (!sh || !(sh->trees = calloc(p->trees, sizeof(*sh->trees))))
			return -1;
		for (unsigned int i = 0; i < p->trees; i++) {
			snprintf(name, sizeof(name), "%s.tree%u", wl->cfg->name, i);
			if (kb_tree_init(sim, &sh->trees[i], name, &p->cc))
				return -1;
		}
		snprintf(name, sizeof(name), "%s.ramfile", wl->cfg->name);
		sh->ramfile = file_create(sim, name, 0);
		if (!sh->ramfile)
			return -1;
		sh->builders = p->trees;
	}
	if (idx >= p->trees)
		return sh_is_pass(idx - p->trees) ? highalloc_state_init(sim, &st->ha, &p->ha) : 0;
	return kb_proc_init(sim, t, &st->proc, &p->cc);
}

/* A make -j1: its tree's compiles one after another, then the link. */
static void sh_build(struct task *t, struct stress_highalloc *sh, struct kb_tree *tree)
{
	const struct stress_highalloc_params *p = SH_PARAMS(t->wl->cfg);
	struct sh_task *st = t->wl_priv;

	for (unsigned int u = 0; u < tree->units && !sh->stop; u++)
		if (kb_compile(t, &st->proc, &p->cc, tree, u, &sh->stop))
			sh->compiles++;
	if (!sh->stop)
		kb_link(t, &p->cc, tree);
}

/* One run of the module, its blocks freed after. */
static void sh_pass(struct task *t, struct stress_highalloc *sh, struct sh_task *st)
{
	const struct stress_highalloc_params *p = SH_PARAMS(t->wl->cfg);

	struct highalloc_params hp = p->ha;

	hp.gfp = SH_GFP;
	highalloc_pass(t, &st->ha, &hp);
	sh->attempted[sh->passes_done] = st->ha.attempts;
	sh->success[sh->passes_done] = st->ha.success;
	sh->passes_done++;
	highalloc_release(t->sim, &st->ha, p->ha.order);
}

/* sleep 180 after pass 2; then kill the makes, delete the trees, and dd a RAM-sized file */
static void sh_dd(struct task *t, struct stress_highalloc *sh)
{
	const struct stress_highalloc_params *p = SH_PARAMS(t->wl->cfg);
	u64 ram = wl_totalram_pages(t->sim);

	schedule_timeout(t, NULL, SH_REST_DELAY_NS);
	sh->stop = true;
	while (sh->builders) {
		task_sleep(t, &sh->wait, 0);
		schedule(t);
	}
	for (unsigned int i = 0; i < p->trees; i++)
		kb_clean(t, &sh->trees[i], true);
	/*
	 * dd if=/dev/zero ibs=1048576 count=MemTotal_MB: obs is dd's
	 * default, 512 bytes, so each page is written by page_size / 512
	 * write() calls, each asking for a page (order 0 with large folios)
	 */
	for (u64 i = 0; i < ram; i++) {
		charge_sys(t,
			   max_u64(t->sim->page_size / SH_DD_OBS, 1) * t->sim->scn.cost.syscall_ns);
		WL_DO(t, filemap_write(t, sh->ramfile, i, 1));
	}
	wl_tick(t);
}

/* cat the file back, then rm it */
static void sh_cat(struct task *t, struct stress_highalloc *sh)
{
	u64 ram = wl_totalram_pages(t->sim);

	for (u64 i = 0; i < ram; i++)
		WL_DO(t, filemap_read(t, sh->ramfile, i, 1));
	wl_tick(t);
	truncate_inode_pages(t, sh->ramfile);
}

/*
 * A make, or one step of the script in its own process: each step waits
 * for the one before it, then its sleep: 300 s of load before pass 1,
 * 5 s after passes 1 and 2 (and 180 s more before dd, in sh_dd).
 */
static void sh_run(struct task *t)
{
	const struct stress_highalloc_params *p = SH_PARAMS(t->wl->cfg);
	struct stress_highalloc *sh = t->wl->priv;
	struct sh_task *st = t->wl_priv;
	unsigned int idx = sh_task_idx(t);
	enum sh_step step;

	if (idx < p->trees) {
		sh_build(t, sh, &sh->trees[idx]);
		return;
	}
	step = idx - p->trees;
	while (sh->step != step) {
		task_sleep(t, &sh->wait, 0);
		schedule(t);
	}
	if (step == SH_PASS1)
		schedule_timeout(t, NULL, SH_LOAD_NS);
	else if (step == SH_PASS2 || step == SH_DD)
		schedule_timeout(t, NULL, SH_PASS_GAP_NS);
	if (sh_is_pass(step))
		sh_pass(t, sh, st);
	else if (step == SH_DD)
		sh_dd(t, sh);
	else
		sh_cat(t, sh);
}

/*
 * A make ended (its build done, killed by the script, or OOM-killed), or
 * a step's process (done or OOM-killed: the script goes on to the next
 * step); a pass's blocks go.
 */
static void sh_task_exit(struct task *t)
{
	struct stress_highalloc *sh = t->wl->priv;
	struct sh_task *st = t->wl_priv;
	unsigned int idx, trees = SH_PARAMS(t->wl->cfg)->trees;

	if (!sh || !st)
		return;
	highalloc_release(t->sim, &st->ha, SH_PARAMS(t->wl->cfg)->ha.order);
	idx = sh_task_idx(t);
	if (idx < trees)
		sh->builders--;
	else if (sh->step == idx - trees)
		sh->step++;
	wake_up_all(t->sim, &sh->wait);
}

static void sh_task_free(struct task *t)
{
	struct sh_task *st = t->wl_priv;

	if (st)
		free(st->ha.pfns);
	free(st);
}

static void sh_report(struct workload_inst *wl)
{
	static const char *const names[SH_PASSES][3] = {
		{ "pass1_attempted", "pass1_success", "pass1_success_pct" },
		{ "pass2_attempted", "pass2_success", "pass2_success_pct" },
		{ "rest_attempted", "rest_success", "rest_success_pct" },
	};
	struct stress_highalloc *sh = wl->priv;

	if (!sh)
		return;
	for (unsigned int i = 0; i < sh->passes_done; i++) {
		wl_set_figure(wl, names[i][0], (double)sh->attempted[i], true);
		wl_set_figure(wl, names[i][1], (double)sh->success[i], true);
		wl_set_figure(wl, names[i][2],
			      sh->attempted[i] ? (double)(sh->success[i] * 100 / sh->attempted[i]) :
						 0,
			      true);
	}
	wl_set_figure(wl, "compiles", (double)sh->compiles, true);
}

static void sh_free(struct workload_inst *wl)
{
	struct stress_highalloc *sh = wl->priv;

	if (!sh || !sh->trees)
		return;
	for (unsigned int i = 0; i < SH_PARAMS(wl->cfg)->trees; i++)
		kb_tree_free(&sh->trees[i]);
	free(sh->trees);
}

static int sh_validate(const struct scenario *s, const struct scn_workload *w, char *err,
		       size_t errlen)
{
	const struct stress_highalloc_params *p = SH_PARAMS(w);

	if (kb_compile_check(s, w, &p->cc, p->trees, "jobs", err, errlen))
		return -1;
	return highalloc_check(s, w, &p->ha, err, errlen);
}

static const struct cfg_key stress_highalloc_keys[] = {
	{ .name = "jobs",
	  .type = CFG_UINT,
	  .off = SH_OFF(trees),
	  .min = 1,
	  .max = 4096,
	  .def = "4",
	  .doc = "kernel trees building at once, each make -j1 (mmtests: MemTotal in MiB / 400 copies + the primary, 6 on 2 GB)" },
	{ .name = "order",
	  .type = CFG_UINT,
	  .off = SH_OFF(ha.order),
	  .flags = CFG_F_ORIGIN,
	  .origin_off = SH_OFF(ha.order_origin),
	  .min = 0,
	  .max = MAX_PAGE_ORDER,
	  .def = "9",
	  .doc = "HUGETLB_ORDER: 9 for 2 MiB huge pages of 4 KiB pages, 8 for 16 MiB ones of 64 KiB pages; at most max_page_order" },
	{ .name = "attempts",
	  .type = CFG_U64,
	  .off = SH_OFF(ha.count),
	  .min = 0,
	  .max = 1000000000,
	  .def = "0",
	  .doc = "attempts per pass; 0 = MemTotal in blocks of the order x percent / 100" },
	{ .name = "percent",
	  .type = CFG_UINT,
	  .off = SH_OFF(ha.percent),
	  .min = 1,
	  .max = 100,
	  .def = "95",
	  .doc = "HIGHALLOC_PERCENTAGE, for attempts = 0" },
	{ .name = "interval",
	  .type = CFG_TIME,
	  .off = SH_OFF(ha.interval_ns),
	  .def = "100ms",
	  .doc = "at least this long from one attempt's start to the next (ms_delay; at --mb-per-sec 16: 125ms for 2 MiB blocks, 1s for 16 MiB ones)" },
	KB_COMPILE_KEYS(struct stress_highalloc_params),
};

static CFG_TABLE_DOC(
	stress_highalloc_keys_table, stress_highalloc_keys,
	"mmtests stress-highalloc: `jobs` kernel builds (make -j1 each, kernbench's compile model) load the machine for 300 s, then the module's pass 1 and, 5 s later, pass 2 of `attempts` block allocations of `order` (GFP_HIGHUSER_MOVABLE | __GFP_NOWARN) under load; 185 s later the builds are killed, the trees deleted, a RAM-sized file written (dd) and read back (cat), and pass 3 runs at rest; each pass, dd and cat in a process of its own. Figures pass1_*, pass2_*, rest_* (attempted, success, success_pct: integer, as the module prints \"% Success\"), compiles.");

const struct wl_ops stress_highalloc_ops = {
	.nr_tasks = sh_nr_tasks,
	.task_init = sh_init,
	.task_free = sh_task_free,
	.task_exit = sh_task_exit,
	.run = sh_run,
	.report = sh_report,
	.free = sh_free,
	.keys = &stress_highalloc_keys_table,
	.validate = sh_validate,
	.no_rate = "paced by its builds' CPU time and the module's interval",
};

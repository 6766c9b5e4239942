// SPDX-License-Identifier: MIT
/*
 * stress_highalloc.c - mmtests' stress-highalloc (SPEC-seeds B.4,
 * driver-stress-highalloc.sh -> bench-stresshighalloc.sh + highalloc.stp)
 * as the script runs it:
 *   1. `jobs` kernel trees build in the background, each `make -j1` (the
 *      compile model of kernbench.c), together well beyond memory (Mel
 *      Gorman: about 1.5 x RAM of anon and page cache);
 *   2. the script sleeps 30 s ten times, then runs `stap -g
 *      highalloc.stp`: the module's pass 1, `attempts` tries at a block of
 *      `order`, GFP_HIGHUSER_MOVABLE, each success kept, at least
 *      `interval` apart; then all blocks are freed; sleep 5;
 *   3. pass 2 the same way, still under load; sleep 5; sleep 180;
 *   4. killall -KILL make and cc1; rm -rf the trees; dd a RAM-sized file,
 *      cat it back, rm it;
 *   5. "at rest": pass 3.
 * Figures: per pass attempted, success and % success ((success x 100) /
 * attempted, integer, as the module prints it).  Tasks: J < jobs is tree
 * J's make, task `jobs` the script.  Each command the script runs in the
 * foreground (stap, rm, dd, cat) is a child it forks and waits for, so
 * the trace attributes each allocation, its direct reclaims and kswapd
 * wake-ups, to the process that made it, as trace-vmscan-postprocess.pl
 * sums them per process: each stap run's module allocates in the
 * context of that run.  Not modelled: updatedb, the restart of builds
 * that failed, drop_caches, nr_hugepages, the min_free_kbytes change
 * before the last pass, and the module's wait between attempts, a
 * schedule() loop that stays runnable.
 */
#include <stdio.h>
#include <stdlib.h>

#include "stress_highalloc.h"
#include "workload_types.h"
#include "../kernel/exit.h"

WL_PARAMS_FIT(struct stress_highalloc_params);
#define SH_PARAMS(w) WL_PARAMS(struct stress_highalloc_params, w)
#define SH_OFF(f) WL_POFF(struct stress_highalloc_params, f)

#define SH_PASSES 3 /* stap runs: two under load, one at rest */
#define SH_LOAD_SLEEPS 10 /* for i in `seq 1 10`; do sleep 30; ...; done before pass 1 */
#define SH_LOAD_SLEEP_NS (30 * NSEC_PER_SEC)
#define SH_PASS_GAP_NS (5 * NSEC_PER_SEC) /* sleep 5 after passes 1 and 2 */
#define SH_REST_DELAY_NS (180 * NSEC_PER_SEC) /* sleep 180 before the kill */
#define SH_GFP (GFP_HIGHUSER_MOVABLE | __GFP_NOWARN) /* the module's mask */
#define SH_DD_OBS 512 /* the script's dd has ibs=1M and dd's default obs, 512 bytes */

struct stress_highalloc;
/* a command the script runs: the program its child execs */
typedef void (*sh_cmd)(struct task *t, struct stress_highalloc *sh);

/* one run of the module: its summary, once printed */
struct sh_pass {
	u64 attempted, success;
	bool printed;
};

struct stress_highalloc {
	struct kb_tree *trees;
	struct task *script; /* bench-stresshighalloc.sh */
	unsigned int builders; /* makes still running */
	bool stop; /* the script killed make and cc1 */
	struct task *child; /* the command the script waits for, NULL: none */
	sh_cmd cmd; /* what that child execs */
	/* the script asleep in wait4() for its child, or for the killed makes to go */
	struct wait_queue_head wait_chldexit;
	struct address_space *ramfile; /* the RAM-sized dd file */
	struct highalloc ha; /* the module's blocks: one stap run at a time */
	unsigned int stap_runs;
	struct sh_pass pass[SH_PASSES];
	u64 compiles;
};

/* a make -j1 of one tree: its cc1, one compile at a time */
struct sh_make {
	struct kb_proc proc;
	struct kb_tree *tree;
};

static unsigned int sh_nr_tasks(const struct scn_workload *cfg)
{
	return SH_PARAMS(cfg)->trees + 1;
}

static int sh_init(struct workload_inst *wl, struct task *t, unsigned int idx)
{
	struct sim *sim = wl->sim;
	const struct stress_highalloc_params *p = SH_PARAMS(wl->cfg);
	struct stress_highalloc *sh = wl->priv;
	struct sh_make *mk;
	char name[64];

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
		if (!sh->ramfile || highalloc_state_init(sim, &sh->ha, &p->ha))
			return -1;
		sh->builders = p->trees;
	}
	if (idx == p->trees) {
		sh->script = t;
		return 0;
	}
	mk = t->wl_priv = calloc(1, sizeof(*mk));
	if (!mk)
		return -1;
	mk->tree = &sh->trees[idx];
	return kb_proc_init(sim, t, &mk->proc, &p->cc);
}

/* A make -j1: its tree's compiles one after another, then the link. */
static void sh_make(struct task *t, struct stress_highalloc *sh, struct sh_make *mk)
{
	const struct stress_highalloc_params *p = SH_PARAMS(t->wl->cfg);

	for (unsigned int u = 0; u < mk->tree->units && !sh->stop; u++)
		if (kb_compile(t, &mk->proc, &p->cc, mk->tree, u, &sh->stop))
			sh->compiles++;
	if (!sh->stop)
		kb_link(t, &p->cc, mk->tree);
}

/* stap -g highalloc.stp: one pass of the module in this process's context, its blocks freed after */
static void sh_stap(struct task *t, struct stress_highalloc *sh)
{
	const struct stress_highalloc_params *p = SH_PARAMS(t->wl->cfg);
	struct sh_pass *pass = &sh->pass[sh->stap_runs++];
	struct highalloc_params hp = p->ha;

	hp.gfp = SH_GFP;
	highalloc_pass(t, &sh->ha, &hp);
	pass->attempted = sh->ha.attempts;
	pass->success = sh->ha.success;
	pass->printed = true;
	highalloc_release(t->sim, &sh->ha, p->ha.order);
}

/* rm -rf the trees: each object file, vmlinux and the sources unlinked */
static void sh_rm_trees(struct task *t, struct stress_highalloc *sh)
{
	for (unsigned int i = 0; i < SH_PARAMS(t->wl->cfg)->trees; i++)
		kb_clean(t, &sh->trees[i], true);
}

/*
 * dd if=/dev/zero ibs=1048576 count=MemTotal_MB: obs is dd's default,
 * 512 bytes, so each page is written by page_size / 512 write() calls,
 * each asking for a page (order 0 with large folios)
 */
static void sh_dd(struct task *t, struct stress_highalloc *sh)
{
	u64 ram = wl_totalram_pages(t->sim);

	for (u64 i = 0; i < ram; i++) {
		charge_sys(t,
			   max_u64(t->sim->page_size / SH_DD_OBS, 1) * t->sim->scn.cost.syscall_ns);
		WL_DO(t, filemap_write(t, sh->ramfile, i, 1));
	}
	wl_tick(t);
}

/* cat the file > /dev/null */
static void sh_cat(struct task *t, struct stress_highalloc *sh)
{
	u64 ram = wl_totalram_pages(t->sim);

	for (u64 i = 0; i < ram; i++)
		WL_DO(t, filemap_read(t, sh->ramfile, i, 1));
	wl_tick(t);
}

/* rm the file */
static void sh_rm_ramfile(struct task *t, struct stress_highalloc *sh)
{
	charge_sys(t, t->sim->scn.cost.syscall_ns); /* unlink */
	truncate_inode_pages(t, sh->ramfile);
}

/* The forked child: it execs the script's command, then exits. */
static void sh_exec(struct task *t)
{
	struct stress_highalloc *sh = t->wl->priv;

	sh->cmd(t, sh);
	do_exit(t, 0);
}

/*
 * The script runs @cmd in the foreground: bash forks (do_fork(), 2.6.35;
 * kernel_clone() since 5.10: the child in the script's memcg and on its
 * CPUs, counted among the workload's tasks), the child execs @cmd, and
 * bash waits for it in wait4() (do_wait(), 2.6.35: asleep on the
 * parent's wait_chldexit until the child's exit_notify() wakes it through
 * do_notify_parent()).  A failed fork skips the command, as bash goes on.
 */
static void sh_system(struct task *t, struct stress_highalloc *sh, sh_cmd cmd)
{
	struct task *c;

	charge_sys(t, 3 * t->sim->scn.cost.syscall_ns); /* fork, exec, wait */
	c = wl_fork(t, sh_exec);
	if (!c)
		return;
	sh->cmd = cmd;
	sh->child = c;
	wake_up_task(c);
	wait_event(t, &sh->wait_chldexit, !sh->child);
}

/*
 * bench-stresshighalloc.sh from the builds' start (make -j1 & for each
 * tree: the makes are tasks of their own from the start); when a command
 * is OOM-killed the script goes on with the next.
 */
static void sh_script(struct task *t, struct stress_highalloc *sh)
{
	for (unsigned int i = 0; i < SH_LOAD_SLEEPS; i++)
		schedule_timeout(t, NULL, SH_LOAD_SLEEP_NS);
	sh_system(t, sh, sh_stap); /* pass 1, under load */
	schedule_timeout(t, NULL, SH_PASS_GAP_NS);
	sh_system(t, sh, sh_stap); /* pass 2, under load */
	schedule_timeout(t, NULL, SH_PASS_GAP_NS);
	schedule_timeout(t, NULL, SH_REST_DELAY_NS);
	/*
	 * killall -KILL make; killall -KILL cc1: each make ends at its next
	 * operation; rm runs when they are gone, so no compile reads a file
	 * being deleted
	 */
	sh->stop = true;
	wait_event(t, &sh->wait_chldexit, !sh->builders);
	sh_system(t, sh, sh_rm_trees);
	sh_system(t, sh, sh_dd);
	sh_system(t, sh, sh_cat);
	sh_system(t, sh, sh_rm_ramfile);
	sh_system(t, sh, sh_stap); /* at rest */
}

static void sh_run(struct task *t)
{
	struct stress_highalloc *sh = t->wl->priv;

	if (t == sh->script)
		sh_script(t, sh);
	else
		sh_make(t, sh, t->wl_priv);
}

/*
 * A task ended: a make (its build done, killed by the script, or
 * OOM-killed) or the script's child (done or OOM-killed: a stap run's
 * blocks go with it); the script hears of it.
 */
static void sh_task_exit(struct task *t)
{
	struct stress_highalloc *sh = t->wl->priv;

	if (!sh)
		return;
	if (t == sh->child) {
		highalloc_release(t->sim, &sh->ha, SH_PARAMS(t->wl->cfg)->ha.order);
		sh->child = NULL;
	} else if (t != sh->script) {
		sh->builders--;
	}
	wake_up_all(t->sim, &sh->wait_chldexit);
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
	for (unsigned int i = 0; i < SH_PASSES; i++) {
		const struct sh_pass *pass = &sh->pass[i];

		if (!pass->printed)
			continue;
		wl_set_figure(wl, names[i][0], (double)pass->attempted, true);
		wl_set_figure(wl, names[i][1], (double)pass->success, true);
		wl_set_figure(wl, names[i][2],
			      pass->attempted ? (double)(pass->success * 100 / pass->attempted) : 0,
			      true);
	}
	wl_set_figure(wl, "compiles", (double)sh->compiles, true);
}

static void sh_free(struct workload_inst *wl)
{
	struct stress_highalloc *sh = wl->priv;

	if (!sh)
		return;
	free(sh->ha.pfns);
	for (unsigned int i = 0; sh->trees && i < SH_PARAMS(wl->cfg)->trees; i++)
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
	"mmtests stress-highalloc: `jobs` kernel builds (make -j1 each, kernbench's compile model) load the machine for 300 s, then the module's pass 1 and, 5 s later, pass 2 of `attempts` block allocations of `order` (GFP_HIGHUSER_MOVABLE | __GFP_NOWARN) under load; 185 s later the builds are killed, the trees deleted, a RAM-sized file written (dd) and read back (cat), and pass 3 runs at rest; the script (a task of its own) forks each pass (stap), rm, dd and cat and waits for it. Figures pass1_*, pass2_*, rest_* (attempted, success, success_pct: integer, as the module prints \"% Success\"), compiles.");

const struct wl_ops stress_highalloc_ops = {
	.nr_tasks = sh_nr_tasks,
	.task_init = sh_init,
	.task_exit = sh_task_exit,
	.run = sh_run,
	.report = sh_report,
	.free = sh_free,
	.keys = &stress_highalloc_keys_table,
	.validate = sh_validate,
	.no_rate = "paced by its builds' CPU time and the module's interval",
};

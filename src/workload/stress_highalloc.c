// SPDX-License-Identifier: MIT
/*
 * stress_highalloc.c - mmtests' stress-highalloc (SPEC-seeds B.4,
 * driver-stress-highalloc.sh -> bench-stresshighalloc.sh + highalloc.stp)
 * as the script runs it:
 *   0. tar xzf writes the primary tree; for each of the `jobs` - 1
 *      copies, cp -r reads the primary and writes the copy, then the
 *      copy's build starts in the background; the primary's build last;
 *   1. `jobs` kernel trees build in the background, each `make -j1` (the
 *      compile model of kernbench.c: objects, .cmd files, built-in.o and
 *      vmlinux written through the page cache), together well beyond
 *      memory (Mel Gorman: about 1.5 x RAM of anon and page cache);
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
 * schedule() loop that stays runnable; tar's read of the tarball and its
 * gunzip CPU, make clean and make defconfig before each build, and the
 * trees' directories and inodes (slab, not page cache).
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

/*
 * The shellpack of Aug 2010 builds linux-2.6.30.  Its tree (v2.6.30,
 * counted from git ls-tree -l of the tag: 27,878 files, 330,704,072
 * bytes, no symlinks) fills the page cache with each file rounded up to
 * whole pages: 96,744 pages (386,976 KiB) at 4 KiB pages, 28,955 pages
 * (1,853,120 KiB) at 64 KiB pages.
 */
#define SH_COPY_DOC \
	"page cache bytes of one copy of the kernel tree (each file rounded up to pages), what tar xzf writes for the primary and cp -r for each copy; at least size (the build reads within it). linux-2.6.30: 386976K at 4 KiB pages, 1853120K at 64 KiB"

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
	unsigned int started; /* builds started: trees 0.. (the copies, then the primary) */
	unsigned int copying; /* the tree cp -r writes */
	struct wait_queue_head wait_start; /* makes waiting for their tree */
	u64 tree_pages; /* pages tar and cp -r wrote */
};

/* the primary tree, the one tar writes: the last to build */
#define SH_PRIMARY(p) ((p)->trees - 1)

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
			if (kb_tree_init(sim, &sh->trees[i], name, &p->cc, 0))
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

/*
 * A make -j1: once the script started it (its tree copied), its tree's
 * compiles one after another, then the link.
 */
static void sh_make(struct task *t, struct stress_highalloc *sh, struct sh_make *mk)
{
	const struct stress_highalloc_params *p = SH_PARAMS(t->wl->cfg);
	unsigned int idx = (unsigned int)(mk->tree - sh->trees);

	wait_event(t, &sh->wait_start, sh->started > idx);

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

/*
 * A page of the tree written: as tar and cp write a file (each read()
 * or write() call at most a page here: cp's buffer is st_blksize, 4 KiB
 * on the era's file systems, and tar's records are 10 KiB).
 */
static void sh_write_tree(struct task *t, struct stress_highalloc *sh, struct kb_tree *tree,
			  u64 index)
{
	charge_sys(t, t->sim->scn.cost.syscall_ns);
	WL_DO(t, filemap_write(t, tree->src, index, 1));
	sh->tree_pages++;
}

/* tar xzf: the primary tree written, file by file (the tarball's read is not modelled) */
static void sh_untar(struct task *t, struct stress_highalloc *sh)
{
	const struct stress_highalloc_params *p = SH_PARAMS(t->wl->cfg);
	struct kb_tree *tree = &sh->trees[SH_PRIMARY(p)];

	for (u64 i = 0; i < bytes_to_pages(t->sim, p->copy); i++)
		sh_write_tree(t, sh, tree, i);
	wl_tick(t);
}

/* cp -r TREE TREE-copy-N: each page of the primary read, then written to the copy */
static void sh_cp(struct task *t, struct stress_highalloc *sh)
{
	const struct stress_highalloc_params *p = SH_PARAMS(t->wl->cfg);
	struct kb_tree *from = &sh->trees[SH_PRIMARY(p)], *to = &sh->trees[sh->copying];

	for (u64 i = 0; i < bytes_to_pages(t->sim, p->copy); i++) {
		charge_sys(t, t->sim->scn.cost.syscall_ns);
		WL_DO(t, filemap_read(t, from->src, i, 1));
		sh_write_tree(t, sh, to, i);
	}
	wl_tick(t);
}

/* rm -rf the trees: each object, .cmd file, built-in.o, vmlinux and the sources unlinked */
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
 * bench-stresshighalloc.sh from the tree's expansion (the makes are
 * tasks of their own from the start, each waiting for the script to
 * start it); when a command is OOM-killed the script goes on with the
 * next.
 */
static void sh_script(struct task *t, struct stress_highalloc *sh)
{
	const struct stress_highalloc_params *p = SH_PARAMS(t->wl->cfg);

	sh_system(t, sh, sh_untar);
	/* each copy, then its make -j1 &; the primary's make last */
	for (sh->copying = 0; sh->copying < SH_PRIMARY(p); sh->copying++) {
		sh_system(t, sh, sh_cp);
		sh->started++;
		wake_up_all(t->sim, &sh->wait_start);
	}
	sh->started++;
	wake_up_all(t->sim, &sh->wait_start);
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
	u64 output = 0;

	for (unsigned int i = 0; i < SH_PARAMS(wl->cfg)->trees; i++)
		output += sh->trees[i].output_pages;
	wl_set_figure(wl, "compiles", (double)sh->compiles, true);
	wl_set_figure(wl, "tree_pages", (double)sh->tree_pages, true);
	wl_set_figure(wl, "output_pages", (double)output, true);
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
	if (p->copy < p->cc.size)
		return cfg_fail_at(
			s, cfg_later_origin(p->copy_origin, p->cc.size_origin), w->line, err,
			errlen,
			"[workload %s] copy: %llu is less than the %llu bytes of source a build reads (valid copy >= size)",
			w->name, (unsigned long long)p->copy, (unsigned long long)p->cc.size);
	if (p->copy > KB_MAX_SOURCES / p->trees)
		return cfg_fail_at(
			s, p->copy_origin, w->line, err, errlen,
			"[workload %s] copy: %u trees x %llu bytes is more than %lluG (valid jobs x copy <= %lluG)",
			w->name, p->trees, (unsigned long long)p->copy, KB_MAX_SOURCES >> 30,
			KB_MAX_SOURCES >> 30);
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
	{ .name = "copy",
	  .type = CFG_SIZE,
	  .off = SH_OFF(copy),
	  .flags = CFG_F_POSITIVE | CFG_F_ORIGIN,
	  .origin_off = SH_OFF(copy_origin),
	  .range = "size..64G / jobs",
	  .def = "386976K",
	  .doc = SH_COPY_DOC },
	KB_COMPILE_KEYS(struct stress_highalloc_params),
};

static CFG_TABLE_DOC(
	stress_highalloc_keys_table, stress_highalloc_keys,
	"mmtests stress-highalloc: `jobs` kernel builds (make -j1 each, kernbench's compile model) load the machine for 300 s, then the module's pass 1 and, 5 s later, pass 2 of `attempts` block allocations of `order` (GFP_HIGHUSER_MOVABLE | __GFP_NOWARN) under load; 185 s later the builds are killed, the trees deleted, a RAM-sized file written (dd) and read back (cat), and pass 3 runs at rest; the script (a task of its own) first writes the primary tree (tar, `copy` bytes of page cache) and copies it (cp -r) for each other build, starting each build after its copy and the primary's last, then forks each pass (stap), rm, dd and cat and waits for it. Figures pass1_*, pass2_*, rest_* (attempted, success, success_pct: integer, as the module prints \"% Success\"), compiles, tree_pages (pages tar and cp wrote), output_pages (the builds' objects, .cmd files, built-in.o and vmlinux).");

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

// SPDX-License-Identifier: MIT
/*
 * anon_fill.c - the oracle's anonfill program (shared/oracle/src/anonfill.c):
 * mmap size bytes of private anonymous memory, write every page once in
 * address order, then `passes` re-touch passes, sequential, in a fresh
 * random permutation each pass, or skewed (hotcold: size-in-pages visits
 * per pass, hot_share % of them to random pages of the first hot_pct % of
 * the region, the rest to random pages of the others), writing or only
 * reading.  With then = hold the task then keeps its memory without
 * touching it until the run ends: cold anonymous memory, which reclaim
 * sees age and swaps out first.  With program_text and program_data, the
 * program's own pages are there too: the binary and the libc code it runs
 * (file pages, charged to the group that faults them in) and its stack,
 * heap and libc data, run and written at its start and again at the end
 * of each phase (the result line: stdio, getrusage, reading smaps), its
 * loop's page of text on every iteration.  They compete with its memory.
 * With phase_lines = on (the oracle's program) its start costs exec_ns
 * and its phase line CPU too (data/oracle/src/common.h): the reads of
 * the group's files and /proc/vmstat, and after the fill and each pass
 * a read of /proc/self/smaps, whose page-table walk grows with the
 * pages resident: 0.5 ms a line with 40 MiB, the whole of anonfill's
 * system time in the grid's 1000-pass runs.
 */
#include <stdlib.h>
#include <string.h>

#include "anon_fill.h"
#include "workload_types.h"

WL_PARAMS_FIT(struct anon_fill_params);
#define AF_PARAMS(w) WL_PARAMS(struct anon_fill_params, w)
#define AF_OFF(f) WL_POFF(struct anon_fill_params, f)

struct anon_fill {
	u64 base; /* first vpn */
	u64 npages;
	unsigned int pass; /* 0 = the fill */
	u64 i; /* position in the pass */
	u32 *order; /* permutation for pattern = rand */
	u64 hot_pages; /* pattern = hotcold: pages [0, hot_pages) are hot */
	u64 fill_min_flt, fill_maj_flt;
	struct wl_program prog; /* its text and data (program_text, program_data) */
};

static void shuffle(struct sim *sim, u32 *order, u64 n)
{
	for (u64 i = n - 1; i > 0; i--) {
		u64 j = rng_below(&sim->eng.rng, i + 1);
		u32 tmp = order[i];

		order[i] = order[j];
		order[j] = tmp;
	}
}

static int anon_fill_init(struct workload_inst *wl, struct task *t, unsigned int idx)
{
	struct sim *sim = wl->sim;
	struct anon_fill *af = calloc(1, sizeof(*af));

	if (!af)
		return -1;
	t->wl_priv = af;
	af->npages = bytes_to_pages(sim, AF_PARAMS(wl->cfg)->size);
	t->mm = mm_alloc(sim, t);
	if (!t->mm || !(af->base = mmap_anon(t->mm, af->npages)))
		return -1;
	mm_task(t)->oom_score_adj = AF_PARAMS(wl->cfg)->oom_score_adj;
	if (wl_program_map(wl, t, AF_PARAMS(wl->cfg)->text, AF_PARAMS(wl->cfg)->binary,
			   AF_PARAMS(wl->cfg)->text_evicted, AF_PARAMS(wl->cfg)->data, &af->prog))
		return -1;
	/* a region too small for hot_pct still gets one hot page, if it has two */
	af->hot_pages = af->npages * AF_PARAMS(wl->cfg)->hot_pct / 100;
	if (!af->hot_pages && af->npages > 1)
		af->hot_pages = 1;
	if (AF_PARAMS(wl->cfg)->random) {
		af->order = malloc(af->npages * sizeof(*af->order));
		if (!af->order)
			return -1;
		for (u64 i = 0; i < af->npages; i++)
			af->order[i] = (u32)i;
	}
	return 0;
}

/*
 * The page of visit @i of a hotcold pass, as anonfill --pattern hotcold
 * picks it: visit i is hot when (i + 1) * hot_share / 100 moves past
 * i * hot_share / 100 (so the hot visits are spread evenly over the pass),
 * and either kind goes to a uniformly random page of its set.
 */
static u64 hotcold_page(struct sim *sim, const struct anon_fill *af, unsigned int share, u64 i)
{
	if (!af->hot_pages) /* a one-page region */
		return 0;
	if ((i + 1) * share / 100 != i * share / 100)
		return rng_below(&sim->eng.rng, af->hot_pages);
	return af->hot_pages + rng_below(&sim->eng.rng, af->npages - af->hot_pages);
}

/*
 * A phase line's CPU: getrusage, the group's usage files, memory.stat and
 * /proc/vmstat; with @smaps also /proc/self/smaps, which the kernel
 * builds by walking the page tables (show_smap, smaps_pte_range in v6.18):
 * a cost per resident page of the process.
 */
static void anon_fill_phase_line(struct task *t, bool smaps)
{
	const struct scn_cost *c = &t->sim->scn.cost;
	u64 ns = c->phase_line_ns;

	if (!AF_PARAMS(t->wl->cfg)->phase_lines)
		return;
	if (smaps) {
		u64 resident = (u64)(t->mm->rss_stat[MM_ANONPAGES] + t->mm->rss_stat[MM_FILEPAGES]);

		ns += c->smaps_ns + resident * c->smaps_page_ns;
	}
	charge_sys(t, ns);
}

/*
 * A user access to a page of the region: a region whose touched lines and
 * PTEs stay in the CPU's caches costs less than one that does not
 */
static u64 anon_fill_touch_ns(const struct sim *sim, const struct anon_fill *af)
{
	const struct scn_cost *c = &sim->scn.cost;

	return af->npages * sim->page_size <= c->user_touch_cache ? c->user_touch_cached_ns :
								    c->user_touch_ns;
}

/* The fill in address order, then the re-touch passes. */
static void anon_fill_run(struct task *t)
{
	struct anon_fill *af = t->wl_priv;
	const struct anon_fill_params *cfg = AF_PARAMS(t->wl->cfg);
	u64 touch_ns = anon_fill_touch_ns(t->sim, af);

	/*
	 * the program starts: ld.so, libc's initialisation, main(); the
	 * oracle's anonfill is exec'd for each run (run_grid.py), its CPU
	 * within the run's on-CPU time and wall
	 */
	if (cfg->phase_lines)
		charge_user(t, t->sim->scn.cost.exec_ns);
	wl_program_run(t, &af->prog, true);
	/* and prints its "start" phase line, without smaps */
	anon_fill_phase_line(t, false);
	for (af->pass = 0; af->pass <= cfg->passes; af->pass++) {
		bool write = af->pass == 0 || cfg->touch_write;
		bool read_first = af->pass && cfg->touch_read_first;

		if (af->pass && af->order)
			shuffle(t->sim, af->order, af->npages);
		for (af->i = 0; af->i < af->npages; af->i++) {
			u64 p = (af->pass && af->order) ? af->order[af->i] : af->i;

			if (af->pass && cfg->hotcold)
				p = hotcold_page(t->sim, af, cfg->hot_share, af->i);
			wl_rate(t, t->sim->page_size);
			/* the loop's code: one page of the binary */
			wl_program_run(t, &af->prog, false);
			/*
			 * the program's visit reads the page's word, then stores it:
			 * a swapped-out page comes back on the load's read fault
			 */
			if (read_first)
				WL_DO(t, handle_mm_fault(t, af->base + p, false));
			WL_DO(t, handle_mm_fault(t, af->base + p, write));
			charge_user(t, touch_ns);
		}
		if (af->pass == 0) {
			af->fill_min_flt = t->min_flt;
			af->fill_maj_flt = t->maj_flt;
		}
		/* the program reads its group's memory.stat after each phase */
		mem_cgroup_flush_stats(t->sim, t->memcg);
		/* and prints its phase line: the code of stdio, getrusage, smaps */
		wl_program_run(t, &af->prog, true);
		anon_fill_phase_line(t, true);
	}
	if (cfg->hold)
		wl_hold(t);
}

/*
 * A holder's memory at the end: its pages still resident (RSS, as
 * /proc/PID/status VmRSS counts them) and those in swap (VmSwap); a task
 * OOM-killed counts neither.
 */
static void anon_fill_report_hold(struct workload_inst *wl)
{
	u64 resident = 0, swapped = 0;

	for (unsigned int i = 0; i < wl->nr_tasks; i++) {
		const struct task *t = wl->tasks[i];

		if (t->state == TASK_DEAD || !t->mm)
			continue;
		resident += (u64)t->mm->rss_stat[MM_ANONPAGES];
		swapped += (u64)t->mm->rss_stat[MM_SWAPENTS];
	}
	wl_set_figure(wl, "held_resident_pages", (double)resident, true);
	wl_set_figure(wl, "held_swapped_pages", (double)swapped, true);
}

/* The oracle program's result line: pages and the re-touch fault counts. */
static void anon_fill_report(struct workload_inst *wl)
{
	u64 pages = 0, min = 0, maj = 0;

	for (unsigned int i = 0; i < wl->nr_tasks; i++) {
		struct task *t = wl->tasks[i];
		struct anon_fill *af = t->wl_priv;

		pages += af->npages;
		if (af->pass > 0) {
			min += t->min_flt - af->fill_min_flt;
			maj += t->maj_flt - af->fill_maj_flt;
		}
	}
	wl_set_figure(wl, "pages", (double)pages, true);
	wl_set_figure(wl, "retouch_minflt", (double)min, true);
	wl_set_figure(wl, "retouch_majflt", (double)maj, true);
	if (AF_PARAMS(wl->cfg)->hold)
		anon_fill_report_hold(wl);
}

static void anon_fill_free(struct task *t)
{
	struct anon_fill *af = t->wl_priv;

	if (af)
		free(af->order);
	free(af);
}

static const char *anon_fill_missing(const struct scn_workload *w)
{
	return AF_PARAMS(w)->size ? NULL : "size";
}

static int set_pattern(struct cfg_ctx *k, void *obj, const char *val)
{
	struct anon_fill_params *w = WL_PARAMS_SET(struct anon_fill_params, obj);

	w->random = !strcmp(val, "rand");
	w->hotcold = !strcmp(val, "hotcold");
	if (!w->random && !w->hotcold && strcmp(val, "seq"))
		return cfg_fail(k, ": unknown value '%s' (expected seq, rand or hotcold)", val);
	return 0;
}

static int set_touch(struct cfg_ctx *k, void *obj, const char *val)
{
	struct anon_fill_params *w = WL_PARAMS_SET(struct anon_fill_params, obj);

	w->touch_write = !strcmp(val, "write") || !strcmp(val, "read_write");
	w->touch_read_first = !strcmp(val, "read_write");
	if (!w->touch_write && strcmp(val, "read"))
		return cfg_fail(k, ": unknown value '%s' (expected write, read_write or read)",
				val);
	return 0;
}

/* oom_score_adj = -1000..1000 */
static int set_oom_score_adj(struct cfg_ctx *k, void *obj, const char *val)
{
	struct anon_fill_params *w = WL_PARAMS_SET(struct anon_fill_params, obj);
	bool neg = val[0] == '-';
	char buf[CFG_MSG_LEN];
	u64 v;

	if (cfg_parse_uint_range(val + neg, 0, 1000, &v, buf, sizeof(buf)))
		return cfg_fail(k, ": '%s': expected -1000..1000", val);
	w->oom_score_adj = neg ? -(int)v : (int)v;
	return 0;
}

/* the oracle's anonfill options and their defaults */
static const struct cfg_key anon_fill_keys[] = {
	WL_KEY_TASKS("copies, each with its own memory"),
	WL_KEY_SIZE(struct anon_fill_params, "required", "bytes to mmap and fill"),
	{ .name = "passes",
	  .type = CFG_UINT,
	  .off = AF_OFF(passes),
	  .min = 0,
	  .max = 1000000,
	  .def = "3",
	  .doc = "re-touch passes after the fill (anonfill --passes)" },
	{ .name = "pattern",
	  .type = CFG_CUSTOM,
	  .set = set_pattern,
	  .def = "seq",
	  .range = "seq \\| rand \\| hotcold",
	  .doc = "order of the re-touch passes: address order, a fresh random permutation each pass, or skewed (hotcold: as many visits as pages, `hot_share` % of them to random pages of the first `hot_pct` % of the region, the rest to random pages of the others; anonfill --pattern hotcold)" },
	{ .name = "hot_pct",
	  .type = CFG_UINT,
	  .off = AF_OFF(hot_pct),
	  .min = 1,
	  .max = 99,
	  .def = "25",
	  .doc = "pattern = hotcold: percent of the pages in the hot set (anonfill --hot-pct)" },
	{ .name = "hot_share",
	  .type = CFG_UINT,
	  .off = AF_OFF(hot_share),
	  .min = 0,
	  .max = 100,
	  .def = "90",
	  .doc = "pattern = hotcold: percent of the visits that go to the hot set (anonfill --hot-share)" },
	{ .name = "phase_lines",
	  .type = CFG_ENUM,
	  .off = AF_OFF(phase_lines),
	  .size = sizeof(bool),
	  .values = CFG_VALUES("off", "on"),
	  .def = "off",
	  .doc = "on: the oracle's anonfill, an exec'd program (its start: cost exec_ns) which prints a phase line after its start and after each pass (getrusage, the group's usage files and memory.stat, /proc/vmstat; but the first, /proc/self/smaps): their CPU, cost phase_line_ns, smaps_ns and smaps_page_ns" },
	{ .name = "touch",
	  .type = CFG_CUSTOM,
	  .set = set_touch,
	  .def = "write",
	  .range = "write \\| read_write \\| read",
	  .doc = "what a re-touch pass does to a page: a store / a load of its first word, then a store (the oracle's anonfill --touch write: a swapped-out page comes back on the load's read fault, which keeps its swap slot, and the store dirties it without a fault on v6.11+, where do_swap_page maps an exclusive page writable (c18160dba5ff); earlier kernels mapped it read-only and the store took a do_wp_page fault, which reused the page and kept the slot (up to 2.6.28, and 5.19..6.10 by PageAnonExclusive), freed the slot (2.6.29 into 5.x: reuse_swap_page) or copied the page (5.17: page_count above 1), not modelled) / a load only" },
	WL_KEY_THEN(
		struct anon_fill_params,
		"after the passes: exit, or hold the memory without touching it until the other workloads end (cold memory; figures held_resident_pages, held_swapped_pages)"),
	/* the cgroup selftests' set_oom_adj_score() (test_memcg_oom_group_score_events) */
	{ .name = "oom_score_adj",
	  .type = CFG_CUSTOM,
	  .set = set_oom_score_adj,
	  .def = "0",
	  .range = "-1000..1000",
	  .doc = "its tasks' /proc/PID/oom_score_adj: added to the OOM badness in thousandths of the memory the OOM domain has; -1000 = never chosen, nor killed with an oom.group" },
	WL_KEYS_TEXT(struct anon_fill_params),
};

static CFG_TABLE_DOC(
	anon_fill_keys_table, anon_fill_keys,
	"shared/oracle/src/anonfill.c: mmap `size` bytes of private anonymous memory, write every page once, then `passes` re-touch passes. Rate counts the bytes touched, in the fill and the passes.");

const struct wl_ops anon_fill_ops = {
	.task_init = anon_fill_init,
	.task_free = anon_fill_free,
	.run = anon_fill_run,
	.report = anon_fill_report,
	.keys = &anon_fill_keys_table,
	.missing = anon_fill_missing,
};

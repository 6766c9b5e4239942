// SPDX-License-Identifier: MIT
/*
 * highalloc.c - mmtests' stress-highalloc test module (SPEC-seeds B.4,
 * vmr/bin/bench-stresshighalloc.sh + stap-scripts/highalloc.stp): try to
 * allocate `attempts` blocks of `order` (the huge page order, 9 for 4 KiB
 * pages), keeping every success, at least `interval` apart; then report
 * "% Success" as (success x 100) / attempted, integer, and free them all
 * (or hold them).  Default attempts: MemTotal / block x percent / 100, as
 * HIGHALLOC_PERCENTAGE sizes it; default mask GFP_HIGHUSER_MOVABLE |
 * __GFP_NOWARN, the module's.
 */
#include <stdlib.h>
#include <string.h>

#include "kalloc.h"
#include "workload_types.h"

WL_PARAMS_FIT(struct highalloc_params);
#define HA_PARAMS(w) WL_PARAMS(struct highalloc_params, w)
#define HA_OFF(f) WL_POFF(struct highalloc_params, f)

u64 highalloc_count(const struct sim *sim, const struct highalloc_params *p)
{
	if (p->count)
		return p->count;
	return (wl_totalram_pages(sim) >> p->order) * p->percent / 100;
}

int highalloc_state_init(struct sim *sim, struct highalloc *ha, const struct highalloc_params *p)
{
	u64 n = highalloc_count(sim, p);

	ha->pfns = malloc((n ? n : 1) * sizeof(*ha->pfns));
	return ha->pfns ? 0 : -1;
}

static int highalloc_init(struct workload_inst *wl, struct task *t, unsigned int idx)
{
	struct highalloc *ha = calloc(1, sizeof(*ha));

	if (!ha)
		return -1;
	t->wl_priv = ha;
	return highalloc_state_init(wl->sim, ha, HA_PARAMS(wl->cfg));
}

void highalloc_pass(struct task *t, struct highalloc *ha, const struct highalloc_params *p)
{
	u64 n = highalloc_count(t->sim, p);

	ha->success = 0;
	for (ha->attempts = 0; ha->attempts < n;) {
		enum vm_fault_result r;
		u32 pfn;
		u64 start = task_now(t);

		wl_tick(t);
		ha->attempts++;
		r = alloc_kernel_pages(t, p->gfp, p->order, &pfn);
		if (r == VM_FAULT_OOM)
			wl_retry(t, r); /* killed: exits */
		if (r == VM_FAULT_DONE) {
			ha->pfns[ha->nr++] = pfn;
			ha->success++;
		}
		/* ms_delay between the starts of two attempts */
		if (ha->attempts < n && task_now(t) < start + p->interval_ns)
			schedule_timeout(t, NULL, start + p->interval_ns - task_now(t));
	}
}

void highalloc_release(struct sim *sim, struct highalloc *ha, unsigned int order)
{
	while (ha && ha->nr)
		free_kernel_pages(sim, ha->pfns[--ha->nr], order);
}

static void highalloc_run(struct task *t)
{
	struct highalloc *ha = t->wl_priv;
	const struct highalloc_params *p = HA_PARAMS(t->wl->cfg);

	highalloc_pass(t, ha, p);
	if (p->hold)
		wl_hold(t);
	highalloc_release(t->sim, ha, p->order);
}

static void highalloc_task_exit(struct task *t)
{
	highalloc_release(t->sim, t->wl_priv, HA_PARAMS(t->wl->cfg)->order);
}

/* the module's summary: Attempted, Success, Failed, % Success */
static void highalloc_report(struct workload_inst *wl)
{
	u64 attempts = 0, success = 0;

	for (unsigned int i = 0; i < wl->nr_tasks; i++) {
		const struct highalloc *ha = wl->tasks[i]->wl_priv;

		attempts += ha->attempts;
		success += ha->success;
	}
	wl_set_figure(wl, "attempted", (double)attempts, true);
	wl_set_figure(wl, "success", (double)success, true);
	wl_set_figure(wl, "failed", (double)(attempts - success), true);
	wl_set_figure(wl, "success_pct", attempts ? (double)(success * 100 / attempts) : 0, true);
}

static void highalloc_free(struct task *t)
{
	struct highalloc *ha = t->wl_priv;

	if (ha)
		free(ha->pfns);
	free(ha);
}

static int set_highalloc_gfp(struct cfg_ctx *k, void *obj, const char *val)
{
	return wl_set_gfp(k, val, &WL_PARAMS_SET(struct highalloc_params, obj)->gfp);
}

int highalloc_check(const struct scenario *s, const struct scn_workload *w,
		    const struct highalloc_params *p, char *err, size_t errlen)
{
	if (p->order > s->policy.max_page_order)
		return cfg_fail_at(
			s, p->order_origin, w->line, err, errlen,
			"[workload %s] order: %u is beyond max_page_order %u (valid 0..%u)",
			w->name, p->order, s->policy.max_page_order, s->policy.max_page_order);
	return 0;
}

static int highalloc_validate(const struct scenario *s, const struct scn_workload *w, char *err,
			      size_t errlen)
{
	return highalloc_check(s, w, HA_PARAMS(w), err, errlen);
}

static const struct cfg_key highalloc_keys[] = {
	WL_KEY_TASKS("tasks, each making its own attempts"),
	{ .name = "order",
	  .type = CFG_UINT,
	  .off = HA_OFF(order),
	  .flags = CFG_F_ORIGIN,
	  .origin_off = HA_OFF(order_origin),
	  .min = 0,
	  .max = MAX_PAGE_ORDER,
	  .def = "9",
	  .doc = "the order of the blocks (HUGETLB_ORDER: 9 for 2 MiB huge pages of 4 KiB pages); at most max_page_order" },
	{ .name = "attempts",
	  .type = CFG_U64,
	  .off = HA_OFF(count),
	  .min = 0,
	  .max = 1000000000,
	  .def = "0",
	  .doc = "attempts per task; 0 = MemTotal in blocks of the order x percent / 100" },
	{ .name = "percent",
	  .type = CFG_UINT,
	  .off = HA_OFF(percent),
	  .min = 1,
	  .max = 100,
	  .def = "95",
	  .doc = "HIGHALLOC_PERCENTAGE, for attempts = 0" },
	{ .name = "interval",
	  .type = CFG_TIME,
	  .off = HA_OFF(interval_ns),
	  .def = "100ms",
	  .doc = "at least this long from one attempt's start to the next (the module's ms_delay; 125ms for 2 MiB blocks at --mb-per-sec 16)" },
	{ .name = "gfp_mask",
	  .type = CFG_CUSTOM,
	  .set = set_highalloc_gfp,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = HA_OFF(gfp_origin),
	  .def = "GFP_HIGHUSER_MOVABLE|__GFP_NOWARN",
	  .range = "gfp flag names joined by \\|",
	  .doc = "the allocation mask, in the kernel's names" },
	WL_KEY_THEN(
		struct highalloc_params,
		"after the attempts: free every block and exit, or hold them until the run ends"),
};

static CFG_TABLE_DOC(
	highalloc_keys_table, highalloc_keys,
	"mmtests stress-highalloc's module: `attempts` tries at a block of `order`, every success kept; figures attempted, success, failed, success_pct (integer, as the module prints \"% Success\").");

const struct wl_ops highalloc_ops = {
	.task_init = highalloc_init,
	.task_free = highalloc_free,
	.task_exit = highalloc_task_exit,
	.run = highalloc_run,
	.report = highalloc_report,
	.keys = &highalloc_keys_table,
	.validate = highalloc_validate,
	.no_rate = "paced by interval, as the module's ms_delay",
};

// SPDX-License-Identifier: MIT
/*
 * text_loop.c - a program running its text: `size` bytes of a file (the
 * binary and its libraries) mapped PROT_READ | PROT_EXEC, every page
 * executed in a loop, in address order.  Reclaim protects such pages: a
 * referenced page of an executable file mapping is activated on its first
 * reference (folio_check_references, v6.12) and kept active while
 * referenced (shrink_active_list, v6.12), where other mapped file pages
 * need two references and are deactivated regardless.  exec = no maps the
 * same file without PROT_EXEC: a data file read through a mapping, for
 * comparison.  The tasks of the workload share the one file, as the
 * copies of a program share its text.
 */
#include <stdlib.h>
#include <string.h>

#include "text_loop.h"
#include "workload_types.h"

WL_PARAMS_FIT(struct text_loop_params);
#define TL_PARAMS(w) WL_PARAMS(struct text_loop_params, w)
#define TL_OFF(f) WL_POFF(struct text_loop_params, f)

struct text_loop {
	u64 base; /* first vpn of the mapping */
	unsigned int passes; /* passes completed */
	u64 first_maj_flt; /* the task's major faults at the end of its first pass */
};

static int text_loop_init(struct workload_inst *wl, struct task *t, unsigned int idx)
{
	struct sim *sim = wl->sim;
	const struct text_loop_params *p = TL_PARAMS(wl->cfg);
	struct address_space **file = wl->priv;
	struct text_loop *tl = calloc(1, sizeof(*tl));
	u64 npages = bytes_to_pages(sim, p->size);
	char name[64];

	if (!tl)
		return -1;
	t->wl_priv = tl;
	if (!file) {
		/* the first task creates the shared file (wl->priv) */
		file = calloc(1, sizeof(*file));
		if (!file)
			return -1;
		wl->priv = file;
		snprintf(name, sizeof(name), "%s.text", wl->cfg->name);
		*file = file_create(sim, name, npages);
		if (!*file)
			return -1;
	}
	t->mm = mm_alloc(sim, t);
	if (!t->mm)
		return -1;
	tl->base = p->exec ? mmap_file_exec(t->mm, *file, 0, npages) :
			     mmap_file(t->mm, *file, 0, npages);
	return tl->base ? 0 : -1;
}

/* Execute the mapping page by page, `iterations` times or until the others end. */
static void text_loop_run(struct task *t)
{
	struct text_loop *tl = t->wl_priv;
	const struct text_loop_params *cfg = TL_PARAMS(t->wl->cfg);
	u64 npages = bytes_to_pages(t->sim, cfg->size);

	for (;;) {
		for (u64 i = 0; i < npages; i++) {
			wl_rate(t, t->sim->page_size);
			WL_DO(t, handle_mm_fault(t, tl->base + i, false));
			charge_user(t, t->sim->scn.cost.user_touch_ns);
		}
		if (!tl->passes++) {
			/* the text is in: from now on the loop runs as long as the others */
			tl->first_maj_flt = t->maj_flt;
			if (!cfg->iterations)
				wl_background(t);
		}
		if (cfg->iterations && tl->passes == cfg->iterations)
			return;
	}
}

/*
 * Its pages, the passes done, the major faults after the first pass (the
 * text read back in after reclaim took it) and the file's pages resident
 * at the end.
 */
static void text_loop_report(struct workload_inst *wl)
{
	struct address_space **file = wl->priv;
	u64 passes = 0, maj = 0;

	for (unsigned int i = 0; i < wl->nr_tasks; i++) {
		const struct task *t = wl->tasks[i];
		const struct text_loop *tl = t->wl_priv;

		passes += tl->passes;
		if (tl->passes)
			maj += t->maj_flt - tl->first_maj_flt;
	}
	wl_set_figure(wl, "pages", (double)(*file)->size, true);
	wl_set_figure(wl, "passes", (double)passes, true);
	wl_set_figure(wl, "retouch_majflt", (double)maj, true);
	wl_set_figure(wl, "resident_pages", (double)(*file)->nrpages, true);
}

static const char *text_loop_missing(const struct scn_workload *w)
{
	return TL_PARAMS(w)->size ? NULL : "size";
}

static int set_exec(struct cfg_ctx *k, void *obj, const char *val)
{
	struct text_loop_params *w = WL_PARAMS_SET(struct text_loop_params, obj);

	if (!strcmp(val, "yes"))
		w->exec = true;
	else if (!strcmp(val, "no"))
		w->exec = false;
	else
		return cfg_fail(k, ": unknown value '%s' (expected yes or no)", val);
	return 0;
}

static const struct cfg_key text_loop_keys[] = {
	WL_KEY_TASKS("copies of the program, sharing its text"),
	WL_KEY_SIZE(struct text_loop_params, "required", "bytes of text mapped and executed"),
	{ .name = "iterations",
	  .type = CFG_UINT,
	  .off = TL_OFF(iterations),
	  .min = 0,
	  .max = 1000000,
	  .def = "0",
	  .doc = "passes over the text; 0: loop until the other workloads end (after a first pass)" },
	{ .name = "exec",
	  .type = CFG_CUSTOM,
	  .set = set_exec,
	  .def = "yes",
	  .range = "yes \\| no",
	  .doc = "no: map it without PROT_EXEC (a data file read through a mapping)" },
};

static CFG_TABLE_DOC(
	text_loop_keys_table, text_loop_keys,
	"A program running its text: a file mapped PROT_READ | PROT_EXEC (VM_EXEC), every page executed in a loop. Figures: pages, passes (all tasks), retouch_majflt (major faults after each task's first pass: the text read back in), resident_pages (of the file, at the end). Rate counts the bytes executed (a page per page).");

const struct wl_ops text_loop_ops = {
	.task_init = text_loop_init,
	.run = text_loop_run,
	.report = text_loop_report,
	.keys = &text_loop_keys_table,
	.missing = text_loop_missing,
};

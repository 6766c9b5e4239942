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
 * copies of a program share its text.  Other programs' workload types
 * map and run their text with the same mapping (wl_text_map, by
 * wl_program_map: the program_text key of anon_fill and madvise09).
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
	u64 heap_base, heap_pages, heap_used; /* the heap's first vpn, size, pages written */
	unsigned int passes; /* passes completed */
	u64 first_maj_flt; /* the task's major faults at the end of its first pass */
};

const char *const wl_text_start_values[] = { "cold", "evicted", NULL };

/* @wl's text file of @pages, created at the first call (@evicted: see wl_text_map) */
static struct address_space *wl_text_file(struct workload_inst *wl, u64 pages, bool evicted)
{
	char name[64];

	if (!wl->text) {
		snprintf(name, sizeof(name), "%s.text", wl->cfg->name);
		wl->text = file_create(wl->sim, name, pages);
		if (!wl->text)
			return NULL;
		for (u64 i = 0; evicted && i < pages; i++)
			xa_store(wl->sim, &wl->text->i_pages, i, workingset_shadow_offline());
	}
	return wl->text;
}

u64 wl_text_map(struct workload_inst *wl, struct task *t, u64 pages, bool exec, bool evicted)
{
	if (!wl_text_file(wl, pages, evicted))
		return 0;
	return exec ? mmap_file_exec(t->mm, wl->text, 0, pages) :
		      mmap_file(t->mm, wl->text, 0, pages);
}

int wl_program_map(struct workload_inst *wl, struct task *t, u64 text, u64 binary, bool evicted,
		   u64 data, struct wl_program *p)
{
	p->bin_pages = bytes_to_pages(wl->sim, binary);
	p->text_pages = bytes_to_pages(wl->sim, text);
	p->data_pages = bytes_to_pages(wl->sim, data);
	if ((p->bin_pages || p->text_pages) &&
	    !wl_text_file(wl, p->bin_pages + p->text_pages, evicted))
		return -1;
	/* the binary's pages first in the file, each object a mapping of its own */
	if (p->bin_pages && !(p->bin_base = mmap_file_exec(t->mm, wl->text, 0, p->bin_pages)))
		return -1;
	if (p->text_pages &&
	    !(p->text_base = mmap_file_exec(t->mm, wl->text, p->bin_pages, p->text_pages)))
		return -1;
	if (p->data_pages && !(p->data_base = mmap_anon(t->mm, p->data_pages)))
		return -1;
	return 0;
}

void wl_program_run(struct task *t, const struct wl_program *p, bool all)
{
	u64 bin = all ? p->bin_pages : min_u64(p->bin_pages, 1);
	u64 text = all ? p->text_pages : bin ? 0 : min_u64(p->text_pages, 1);

	for (u64 i = 0; i < bin; i++)
		WL_DO(t, handle_mm_fault(t, p->bin_base + i, false));
	for (u64 i = 0; i < text; i++)
		WL_DO(t, handle_mm_fault(t, p->text_base + i, false));
	for (u64 i = 0; all && i < p->data_pages; i++)
		WL_DO(t, handle_mm_fault(t, p->data_base + i, true));
}

static int text_loop_init(struct workload_inst *wl, struct task *t, unsigned int idx)
{
	struct sim *sim = wl->sim;
	const struct text_loop_params *p = TL_PARAMS(wl->cfg);
	struct text_loop *tl = calloc(1, sizeof(*tl));

	if (!tl)
		return -1;
	t->wl_priv = tl;
	t->mm = mm_alloc(sim, t);
	if (!t->mm)
		return -1;
	tl->base = wl_text_map(wl, t, bytes_to_pages(sim, p->size), p->exec, false);
	if (!tl->base)
		return -1;
	tl->heap_pages = bytes_to_pages(sim, p->heap);
	if (tl->heap_pages && !(tl->heap_base = mmap_anon(t->mm, tl->heap_pages)))
		return -1;
	return 0;
}

/*
 * A leaking program: after each pass over its text it writes the next
 * heap_per_pass bytes of its heap, until the heap is all written.  Its
 * growth is paced by its own text: a pass whose pages were reclaimed
 * waits for them to be read back.
 */
static void text_loop_grow(struct task *t, struct text_loop *tl, u64 pages)
{
	for (u64 end = min_u64(tl->heap_used + pages, tl->heap_pages); tl->heap_used < end;
	     tl->heap_used++)
		WL_DO(t, handle_mm_fault(t, tl->heap_base + tl->heap_used, true));
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
		text_loop_grow(t, tl, bytes_to_pages(t->sim, cfg->heap_per_pass));
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
	u64 passes = 0, maj = 0;

	for (unsigned int i = 0; i < wl->nr_tasks; i++) {
		const struct task *t = wl->tasks[i];
		const struct text_loop *tl = t->wl_priv;

		passes += tl->passes;
		if (tl->passes)
			maj += t->maj_flt - tl->first_maj_flt;
	}
	wl_set_figure(wl, "pages", (double)wl->text->size, true);
	wl_set_figure(wl, "passes", (double)passes, true);
	wl_set_figure(wl, "retouch_majflt", (double)maj, true);
	wl_set_figure(wl, "resident_pages", (double)wl->text->nrpages, true);
	if (TL_PARAMS(wl->cfg)->heap) {
		u64 heap = 0;

		for (unsigned int i = 0; i < wl->nr_tasks; i++)
			heap += ((const struct text_loop *)wl->tasks[i]->wl_priv)->heap_used;
		wl_set_figure(wl, "heap_pages", (double)heap, true);
	}
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
	{ .name = "heap",
	  .type = CFG_SIZE,
	  .off = TL_OFF(heap),
	  .def = "0",
	  .doc = "bytes of private anonymous memory each task maps as its heap (written heap_per_pass at a time)" },
	{ .name = "heap_per_pass",
	  .type = CFG_SIZE,
	  .off = TL_OFF(heap_per_pass),
	  .def = "0",
	  .doc = "bytes of the heap first written after each pass over the text, until it is all written: a program leaking memory at the pace of its own code" },
};

static CFG_TABLE_DOC(
	text_loop_keys_table, text_loop_keys,
	"A program running its text: a file mapped PROT_READ | PROT_EXEC (VM_EXEC), every page executed in a loop, optionally growing a heap after each pass. Figures: pages, passes (all tasks), retouch_majflt (major faults after each task's first pass: the text read back in), resident_pages (of the file, at the end), heap_pages (written, all tasks; with heap). Rate counts the bytes executed (a page per page).");

const struct wl_ops text_loop_ops = {
	.task_init = text_loop_init,
	.run = text_loop_run,
	.report = text_loop_report,
	.keys = &text_loop_keys_table,
	.missing = text_loop_missing,
};

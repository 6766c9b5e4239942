// SPDX-License-Identifier: MIT
/*
 * lru_file_mmap_read.c - vm-scalability's case-lru-file-mmap-read, the
 * test behind seed 001's batched TLB flush figures:
 *
 *	for i in `seq 1 $nr_task`; do
 *		create_sparse_file $SPARSE_FILE-$i $((ROTATE_BYTES / nr_task))
 *		$USEMEM -f $SPARSE_FILE-$i --readonly $((ROTATE_BYTES / nr_task)) &
 *	done; wait
 *
 * nr_task readers (NR_CPU in the seed: the `tasks` key), each a process
 * that maps its own sparse file read-only and reads every page once in
 * address order; together they read `size` bytes (ROTATE_BYTES, 10 x RAM
 * in the seed: size 0 means 10 x the machine's memory, so that a smaller
 * `machine.memory` scales the whole case down).  The page cache fills
 * with use-once mapped pages, and reclaim has to unmap them from the
 * readers' page tables: every unmap needs a TLB shootdown on the CPU the
 * reader runs on, one IPI per page (policy.tlb_flush = per_page) or one
 * per CPU per reclaim batch (batched).
 *
 * The pages come in through handle_mm_fault's do_read_fault: fault-around
 * maps the cached pages of the 64 KiB window, filemap_fault reads around
 * a miss and the next window ahead at its PG_readahead page.  The holes of a sparse file are read as zeroed pages
 * by the file system without I/O; the model's page cache reads them from
 * the disk device, so the scenarios give the disk a latency of a page
 * clear.
 */
#include <math.h>
#include <stdlib.h>

#include "lru_file_mmap_read.h"
#include "workload_types.h"

WL_PARAMS_FIT(struct lru_file_mmap_read_params);
#define LR_PARAMS(w) WL_PARAMS(struct lru_file_mmap_read_params, w)

struct lru_mmap_reader {
	u64 base; /* first vpn of the mapping */
	u64 npages; /* pages of its file */
	u64 i; /* next page to read */
	int advice; /* madvise() before the reads, MADV_NORMAL for none */
};

/* size's default: 10 x machine.memory (vm-scalability's ROTATE_BYTES) */
static u64 lru_file_mmap_read_default_size(const struct scenario *s, const struct scn_workload *w)
{
	return 10 * s->machine.memory;
}

static int lru_file_mmap_read_init(struct workload_inst *wl, struct task *t, unsigned int idx)
{
	struct sim *sim = wl->sim;
	const struct lru_file_mmap_read_params *p = LR_PARAMS(wl->cfg);
	u64 total = p->size ? p->size : lru_file_mmap_read_default_size(&sim->scn, wl->cfg);
	struct lru_mmap_reader *r = calloc(1, sizeof(*r));
	struct address_space *file;
	char name[48];

	if (!r)
		return -1;
	t->wl_priv = r;
	r->advice = (int)p->advice;
	/* ROTATE_BYTES / nr_task, at least a page */
	r->npages = max_u64(bytes_to_pages(sim, total / wl->nr_tasks), 1);
	snprintf(name, sizeof(name), "sparse-lru-file-mmap-read-%u", idx + 1);
	file = file_create(sim, name, r->npages);
	t->mm = mm_alloc(sim, t);
	if (!file || !t->mm || !(r->base = mmap_file(t->mm, file, 0, r->npages)))
		return -1;
	return 0;
}

/*
 * usemem --readonly: read one word of every page, in address order,
 * after madvise(MADV_RANDOM or MADV_SEQUENTIAL) of the whole mapping if
 * the scenario asks (usemem does not: the `madvise` key).
 */
static void lru_file_mmap_read_run(struct task *t)
{
	struct lru_mmap_reader *r = t->wl_priv;

	if (r->advice != MADV_NORMAL && do_madvise(t, r->base, r->npages, r->advice))
		return;
	for (r->i = 0; r->i < r->npages; r->i++) {
		wl_rate(t, t->sim->page_size);
		WL_DO(t, handle_mm_fault(t, r->base + r->i, false));
		charge_user(t, t->sim->scn.cost.user_touch_ns);
	}
}

/*
 * The seed's figures: the case's elapsed time (all readers done), the
 * spread of the readers' own times (mmtests' time_range and time_stddv),
 * and the TLB shootdown interrupts the CPUs received, per second.
 */
static void lru_file_mmap_read_report(struct workload_inst *wl)
{
	struct sim *sim = wl->sim;
	double elapsed = wl->end_ns > wl->start_ns ? (double)(wl->end_ns - wl->start_ns) / 1e9 : 0;
	double tmin = 0, tmax = 0, sum = 0, sumsq = 0;
	u64 irqs = 0, pages = 0;
	unsigned int done = 0;

	for (unsigned int i = 0; i < wl->nr_tasks; i++) {
		const struct task *t = wl->tasks[i];
		const struct lru_mmap_reader *r = t->wl_priv;
		double s;

		pages += r->i;
		if (r->i < r->npages)
			continue; /* OOM-killed before the end */
		s = (double)(t->exit_ns - t->start_ns) / 1e9;
		tmin = done ? fmin(tmin, s) : s;
		tmax = done ? fmax(tmax, s) : s;
		sum += s;
		sumsq += s * s;
		done++;
	}
	for (unsigned int c = 0; c < sim->eng.nr_cpus; c++)
		irqs += sim->mm_cpus[c].nr_tlb_irqs;
	wl_set_figure(wl, "elapsed_s", elapsed, false);
	wl_set_figure(wl, "pages_read", (double)pages, true);
	wl_set_figure(wl, "readers_done", done, true);
	wl_set_figure(wl, "time_range_s", tmax - tmin, false);
	wl_set_figure(wl, "time_stddev_s",
		      done ? sqrt(fmax(sumsq / done - (sum / done) * (sum / done), 0)) : 0, false);
	wl_set_figure(wl, "tlb_irqs", (double)irqs, true);
	wl_set_figure(wl, "tlb_irqs_per_s", elapsed > 0 ? (double)irqs / elapsed : 0, false);
}

/* each reader maps size / tasks: at least a page */
static int lru_file_mmap_read_validate(const struct scenario *s, const struct scn_workload *w,
				       char *err, size_t errlen)
{
	const struct lru_file_mmap_read_params *p = LR_PARAMS(w);

	if (p->size && p->size < (u64)w->tasks * s->machine.page_size)
		return cfg_fail_at(s, p->size_origin, w->line, err, errlen,
				   "[workload %s] size: %llu bytes is less than a page for "
				   "each of its %u readers",
				   w->name, (unsigned long long)p->size, w->tasks);
	return 0;
}

static const struct cfg_key lru_file_mmap_read_keys[] = {
	WL_KEY_TASKS("readers (NR_CPU in the seed)"),
	WL_KEY_SIZE(struct lru_file_mmap_read_params, "10 x machine.memory",
		    "of all the readers' files; at least a page per reader"),
	{ .name = "madvise",
	  .type = CFG_ENUM,
	  .off = WL_POFF(struct lru_file_mmap_read_params, advice),
	  .size = sizeof(unsigned int),
	  .values = CFG_VALUES("normal", "random", "sequential"),
	  .def = "normal",
	  .doc = "madvise() of each reader's mapping before it reads: normal (none, as usemem) reads around each cache miss; random (MADV_RANDOM, VM_RAND_READ) reads only the page that faulted; sequential (MADV_SEQUENTIAL, VM_SEQ_READ) reads ahead as read() does" },
};

static CFG_TABLE_DOC(
	lru_file_mmap_read_keys_table, lru_file_mmap_read_keys,
	"vm-scalability case-lru-file-mmap-read: each reader maps its own sparse file of size / tasks read-only and reads every page once. Figures: elapsed_s (all readers done), time_range_s and time_stddev_s (of the readers' times), pages_read, readers_done, tlb_irqs (TLB shootdown interrupts received, all CPUs) and tlb_irqs_per_s. Rate counts the bytes of the mapping read (a page per page).");

const struct wl_ops lru_file_mmap_read_ops = {
	.task_init = lru_file_mmap_read_init,
	.run = lru_file_mmap_read_run,
	.report = lru_file_mmap_read_report,
	.keys = &lru_file_mmap_read_keys_table,
	.validate = lru_file_mmap_read_validate,
	.size_is_total = true,
	.maps_file = true,
	.default_footprint = lru_file_mmap_read_default_size,
};

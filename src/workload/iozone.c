// SPDX-License-Identifier: MIT
/*
 * iozone.c - `iozone -a -n MIN -g MAX -r RECORD -i 0 -i 1 -i 2 -i 3`
 * (SPEC-seeds B.4, mmtests of 2010): automatic mode with one record size,
 * file sizes doubling from MIN to MAX (MemTotal / 2 by default).  For
 * each size, on one file: test 0 writes it (write) and writes it again
 * (rewrite), test 1 reads it twice (read, reread), test 2 reads and then
 * writes its records in random order (random read, random write), test 3
 * reads it from the end (bkwd read); then the file is deleted.  Each
 * result is the size in KiB over the test's elapsed virtual time, an
 * integer KiB/s, as iozone's table prints it.  Buffered I/O without
 * fsync (no -e), so the writes leave dirty page cache for the flusher.
 *
 * Each record is one read()/write() call (-r, `record`): a record smaller
 * than a page is a call charged on its page, whose copy is charged once;
 * a record of several pages is one call whose length picks the folios a
 * write creates (write_folios = large).  Random order is a random
 * permutation of the records, backward order the records from the last,
 * each read forward (iozone's bkwd read seeks back a record per call).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "iozone.h"
#include "workload_types.h"

WL_PARAMS_FIT(struct iozone_params);
#define IOZ_PARAMS(w) WL_PARAMS(struct iozone_params, w)
#define IOZ_OFF(f) WL_POFF(struct iozone_params, f)

#define IOZ_MIN_SIZE (64ULL << 10) /* -a's first file size */
#define IOZ_MAX_SIZES 17 /* 64 KiB .. 4 GiB */
/*
 * The copies' largest files together: each copy keeps a random order of
 * its largest file's pages (4 bytes a page on the host), so tasks x size
 * is bounded.
 */
#define IOZ_MAX_TOTAL (64ULL << 30)

/* The table's columns, in iozone's order. */
enum ioz_col {
	IOZ_WRITE,
	IOZ_REWRITE,
	IOZ_READ,
	IOZ_REREAD,
	IOZ_RANDOM_READ,
	IOZ_RANDOM_WRITE,
	IOZ_BKWD_READ,
	NR_IOZ_COLS,
};

static const char *const ioz_col_name[NR_IOZ_COLS] = {
	"write", "rewrite", "read", "reread", "random_read", "random_write", "bkwd_read",
};

struct iozone {
	struct address_space *file;
	unsigned int nr_sizes, done_sizes;
	u64 size[IOZ_MAX_SIZES]; /* bytes */
	u64 kbps[IOZ_MAX_SIZES][NR_IOZ_COLS];
	u64 bytes_written, bytes_read;
	u32 *perm; /* random order of the largest file's records */
	char names[IOZ_MAX_SIZES][NR_IOZ_COLS][40];
};

/* The file sizes of automatic mode: 64 KiB, 128 KiB, ... while <= max. */
static unsigned int ioz_sizes(u64 max, u64 size[IOZ_MAX_SIZES])
{
	unsigned int n = 0;

	for (u64 s = IOZ_MIN_SIZE; s <= max && n < IOZ_MAX_SIZES; s *= 2)
		size[n++] = s;
	return n;
}

static u64 ioz_max(const struct sim *sim, const struct iozone_params *p)
{
	return p->size ? p->size : wl_totalram_pages(sim) * sim->page_size / 2;
}

static int iozone_init(struct workload_inst *wl, struct task *t, unsigned int idx)
{
	struct sim *sim = wl->sim;
	const struct iozone_params *p = IOZ_PARAMS(wl->cfg);
	struct iozone *io = calloc(1, sizeof(*io));
	char name[64];
	u64 npages;

	if (!io)
		return -1;
	t->wl_priv = io;
	io->nr_sizes = ioz_sizes(ioz_max(sim, p), io->size);
	npages = io->nr_sizes ? bytes_to_pages(sim, io->size[io->nr_sizes - 1]) : 1;
	io->perm = malloc(npages * sizeof(*io->perm));
	t->mm = mm_alloc(sim, t);
	snprintf(name, sizeof(name), "%s.%u.iozone.tmp", wl->cfg->name, idx);
	io->file = file_create(sim, name, 0);
	return io->perm && t->mm && io->file ? 0 : -1;
}

/* The records of the file in a fresh random order (iozone's random offsets). */
static void ioz_shuffle(struct sim *sim, u32 *perm, u64 n)
{
	for (u64 i = 0; i < n; i++)
		perm[i] = (u32)i;
	for (u64 i = n - 1; i > 0 && n > 1; i--) {
		u64 j = rng_below(&sim->eng.rng, i + 1);
		u32 tmp = perm[i];

		perm[i] = perm[j];
		perm[j] = tmp;
	}
}

/* Pages per record: 1 for a record no larger than a page. */
static u64 ioz_rec_pages(const struct sim *sim, const struct iozone_params *p)
{
	return max_u64(p->record / sim->page_size, 1);
}

/*
 * One column's pass over the file's @npages pages, record by record in
 * @order (NULL: forward; backward when @bkwd): each record's calls, then
 * its pages read or written.  Returns the pass's virtual time.
 */
static u64 ioz_pass(struct task *t, struct iozone *io, u64 npages, bool write, const u32 *order,
		    bool bkwd)
{
	struct sim *sim = t->sim;
	const struct iozone_params *p = IOZ_PARAMS(t->wl->cfg);
	u64 calls = max_u64(sim->page_size / p->record, 1); /* records per page */
	u64 rec_pages = ioz_rec_pages(sim, p);
	u64 nrec = (npages + rec_pages - 1) / rec_pages;
	u64 start = task_now(t);

	for (u64 r = 0; r < nrec; r++) {
		u64 rec = order ? order[r] : bkwd ? nrec - 1 - r : r;
		u64 first = rec * rec_pages, len = min_u64(rec_pages, npages - first);

		for (u64 i = first; i < first + len; i++) {
			if (i == first)
				charge_sys(t, calls * sim->scn.cost.syscall_ns);
			wl_rate(t, sim->page_size);
			/* a write() of the record's pages left: their length picks the folio */
			if (write)
				WL_DO(t, filemap_write(t, io->file, i, first + len - i));
			else
				WL_DO(t, filemap_read(t, io->file, i, rec_pages));
		}
	}
	if (write)
		io->bytes_written += npages * sim->page_size;
	else
		io->bytes_read += npages * sim->page_size;
	return task_now(t) - start;
}

static void iozone_run(struct task *t)
{
	struct sim *sim = t->sim;
	struct iozone *io = t->wl_priv;
	u64 rec_pages = ioz_rec_pages(sim, IOZ_PARAMS(t->wl->cfg));

	for (unsigned int s = 0; s < io->nr_sizes; s++) {
		u64 npages = bytes_to_pages(sim, io->size[s]);

		for (unsigned int c = 0; c < NR_IOZ_COLS; c++) {
			const u32 *order = NULL;
			u64 ns;

			if (c == IOZ_RANDOM_READ || c == IOZ_RANDOM_WRITE) {
				ioz_shuffle(sim, io->perm, (npages + rec_pages - 1) / rec_pages);
				order = io->perm;
			}
			charge_sys(t, 2 * sim->scn.cost.syscall_ns); /* open, close */
			ns = ioz_pass(t, io, npages,
				      c == IOZ_WRITE || c == IOZ_REWRITE || c == IOZ_RANDOM_WRITE,
				      order, c == IOZ_BKWD_READ);
			/* KiB over seconds, at least a microsecond as iozone's timer */
			io->kbps[s][c] = io->size[s] / 1024 * NSEC_PER_SEC / max_u64(ns, 1000);
		}
		charge_sys(t, sim->scn.cost.syscall_ns); /* unlink */
		wl_tick(t);
		truncate_inode_pages(t, io->file);
		io->done_sizes++;
	}
}

/* The auto-mode table: KiB/s per file size (its KiB in the name) and column. */
static void iozone_report(struct workload_inst *wl)
{
	u64 written = 0, read = 0;

	for (unsigned int i = 0; i < wl->nr_tasks; i++) {
		struct iozone *io = wl->tasks[i]->wl_priv;

		for (unsigned int s = 0; s < io->done_sizes; s++)
			for (unsigned int c = 0; c < NR_IOZ_COLS; c++) {
				snprintf(io->names[s][c], sizeof(io->names[s][c]), "%lluK.%s",
					 (unsigned long long)(io->size[s] / 1024), ioz_col_name[c]);
				wl_set_figure(wl, io->names[s][c], (double)io->kbps[s][c], true);
			}
		written += io->bytes_written;
		read += io->bytes_read;
	}
	wl_set_figure(wl, "bytes_written", (double)written, true);
	wl_set_figure(wl, "bytes_read", (double)read, true);
}

static void iozone_free(struct task *t)
{
	struct iozone *io = t->wl_priv;

	if (io)
		free(io->perm);
	free(io);
}

static int iozone_validate(const struct scenario *s, const struct scn_workload *w, char *err,
			   size_t errlen)
{
	const struct iozone_params *p = IOZ_PARAMS(w);
	u64 max = p->size ? p->size : s->machine.memory / 2;

	if (max < IOZ_MIN_SIZE || max >= IOZ_MIN_SIZE << IOZ_MAX_SIZES)
		return cfg_fail_at(
			s, p->size_origin, w->line, err, errlen,
			"[workload %s] size: %llu is out of range (valid 64K..%lluK)", w->name,
			(unsigned long long)max,
			(unsigned long long)((IOZ_MIN_SIZE << IOZ_MAX_SIZES) / 1024 - 1));
	if (max > IOZ_MAX_TOTAL / w->tasks)
		return cfg_fail_at(
			s, p->size_origin, w->line, err, errlen,
			"[workload %s] size: %u tasks of %llu bytes are more than %lluG (valid tasks x size <= %lluG)",
			w->name, w->tasks, (unsigned long long)max, IOZ_MAX_TOTAL >> 30,
			IOZ_MAX_TOTAL >> 30);
	return 0;
}

static const struct cfg_key iozone_keys[] = {
	WL_KEY_TASKS("copies, each on its own file"),
	{ .name = "size",
	  .type = CFG_SIZE,
	  .off = IOZ_OFF(size),
	  .flags = CFG_F_POSITIVE | CFG_F_ORIGIN,
	  .origin_off = IOZ_OFF(size_origin),
	  .range = "64K..8388607K, tasks x size <= 64G",
	  .def_doc = "MemTotal / 2",
	  .doc = "iozone -g: the file sizes double from 64 KiB while at most this" },
	{ .name = "record",
	  .type = CFG_SIZE,
	  .off = IOZ_OFF(record),
	  .flags = CFG_F_POSITIVE,
	  .max = 16ULL << 20,
	  .def = "4K",
	  .doc = "iozone -r: bytes per read() and write() call (a record of several pages is one call, the folios a write creates as large as it; a file smaller than a record is one call)" },
};

static CFG_TABLE_DOC(
	iozone_keys_table, iozone_keys,
	"`iozone -a -g size -r record -i 0 -i 1 -i 2 -i 3` on one file, deleted after each size. Figures SIZEK.COLUMN (KiB/s, integer) for the columns write, rewrite, read, reread, random_read, random_write, bkwd_read, then bytes_written and bytes_read. Rate counts the bytes read and written.");

const struct wl_ops iozone_ops = {
	.task_init = iozone_init,
	.task_free = iozone_free,
	.run = iozone_run,
	.report = iozone_report,
	.keys = &iozone_keys_table,
	.validate = iozone_validate,
};

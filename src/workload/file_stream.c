// SPDX-License-Identifier: MIT
/*
 * file_stream.c - streaming buffered I/O: file_write is `dd if=/dev/zero
 * of=FILE bs=BLOCK count=SIZE/BLOCK` without fsync (the oracle's
 * filewrite); file_read reads an existing, uncached file COUNT times from
 * start to end in BLOCK-sized read() calls, then exits or, with then =
 * hold, stays alive without touching the file (the cgroup selftests'
 * alloc_pagecache_50M_noexit: a reader kept alive while others run).
 *
 * dd has memory of its own (coreutils dd.c, alloc_ibuf): one buffer of
 * bs bytes (input and output blocks are one when ibs = obs), a private
 * anonymous mapping (malloc above the mmap threshold, page aligned), into
 * which each read() of /dev/zero clears bs bytes (read_iter_zero: the
 * first read faults its pages in, charged to dd's group) before write()
 * copies them into the page cache; and its stack, heap and libc's data
 * (program_data), written at its start.  The oracle's grid_write runs
 * hold 284 anonymous pages all along (memory.stat rss, bs=1M: the 256 of
 * the buffer and 28), the gap to the model's charge events before it
 * (memcg_pgpgin 414 against 128 at x2).  Its text stays outside the group
 * there (mapped_file 0: dd and libc were cached by an earlier run), so
 * program_text is 0 by default.
 *
 * A block smaller than a page (dd's default bs=512, GNU coreutils dd.c
 * DEFAULT_BLOCKSIZE) takes PAGE_SIZE / block read()/write() pairs a page:
 * the first write() creates the page cache page (filemap_write), each
 * later one finds it cached and pays the call's file system work
 * (write_call_ns: v3.10 generic_perform_write -> ext4_da_write_begin /
 * ext4_da_write_end, the i_size update of an appending write,
 * balance_dirty_pages_ratelimited); the bytes are read, cleared and copied
 * once a page either way.
 */
#include <stdlib.h>

#include "file_stream.h"
#include "workload_types.h"

WL_PARAMS_FIT(struct file_stream_params);
#define FS_PARAMS(w) WL_PARAMS(struct file_stream_params, w)
#define FS_OFF(f) WL_POFF(struct file_stream_params, f)

struct file_stream {
	struct address_space *mapping;
	u64 npages;
	u64 block_pages;
	u64 calls; /* read()/write() pairs a page: PAGE_SIZE / block, at least 1 */
	u64 i; /* next page */
	unsigned int pass;
	u64 pages_done;
	u64 buf; /* file_write: the first vpn of dd's buffer, block_pages long */
	struct wl_program prog; /* file_write: its text and data */
};

static int file_stream_init(struct workload_inst *wl, struct task *t, unsigned int idx)
{
	struct sim *sim = wl->sim;
	struct file_stream *fs = calloc(1, sizeof(*fs));
	const struct file_stream_params *p = FS_PARAMS(wl->cfg);
	char name[64];
	bool write = wl->cfg->type == WL_FILE_WRITE;

	if (!fs)
		return -1;
	t->wl_priv = fs;
	fs->npages = bytes_to_pages(sim, p->size);
	fs->block_pages = max_u64(bytes_to_pages(sim, p->block), 1);
	fs->calls = max_u64(sim->page_size / p->block, 1);
	snprintf(name, sizeof(name), "%s.%u", wl->cfg->name, idx);
	/* a written file starts empty; a read one exists, uncached */
	fs->mapping = file_create(sim, name, write ? 0 : fs->npages);
	/* a process has an address space, if one that maps nothing: the OOM
	 * killer's candidates are the tasks with an mm (oom_badness) */
	t->mm = mm_alloc(sim, t);
	if (!fs->mapping || !t->mm)
		return -1;
	if (!write)
		return 0;
	if (wl_program_map(wl, t, p->text, p->binary, p->text_evicted, p->data, &fs->prog))
		return -1;
	fs->buf = mmap_anon(t->mm, fs->block_pages);
	return fs->buf ? 0 : -1;
}

/*
 * dd's read() of /dev/zero into its buffer, @pages of it (read_iter_zero,
 * v6.12: iov_iter_zero clears the user pages, faulting in those not yet
 * present, a page at a time); with a block below a page, the page's
 * `calls` read()s, clearing a page in all.
 */
static void dd_read_zero(struct task *t, struct file_stream *fs, u64 pages)
{
	charge_sys(t, fs->calls * t->sim->scn.cost.syscall_ns);
	for (u64 j = 0; j < pages; j++) {
		WL_DO(t, handle_mm_fault(t, fs->buf + j, true));
		charge_sys(t, cost_per_4k(t->sim->scn.cost.zero_page_ns, t->sim->page_size));
	}
}

/*
 * One page of the current read()/write() call; a call costs a syscall
 * (charged again when the page is retried: the model's syscall entry).
 */
static enum vm_fault_result file_stream_page(struct task *t, struct file_stream *fs, bool write)
{
	const struct scn_cost *c = &t->sim->scn.cost;

	if (fs->i % fs->block_pages == 0)
		charge_sys(t, c->syscall_ns);
	/* a write() of the call's pages left: their length picks the folio's order */
	if (write)
		return filemap_write(t, fs->mapping, fs->i,
				     min_u64(fs->block_pages - fs->i % fs->block_pages,
					     fs->npages - fs->i));
	return filemap_read(t, fs->mapping, fs->i, fs->block_pages);
}

/*
 * A block below a page: the page's write() calls after the one that
 * created it, each finding it cached (v3.10 generic_perform_write).
 */
static void file_stream_page_rest(struct task *t, const struct file_stream *fs)
{
	const struct scn_cost *c = &t->sim->scn.cost;

	charge_sys(t, (fs->calls - 1) * (c->syscall_ns + c->write_call_ns));
}

/*
 * dd: its program starts, then per block a read() into the buffer and
 * a write() of it, the file once; a reader: the file `count` times.
 */
static void file_stream_run(struct task *t)
{
	struct file_stream *fs = t->wl_priv;
	bool write = t->wl->cfg->type == WL_FILE_WRITE;
	unsigned int count = FS_PARAMS(t->wl->cfg)->count;

	if (write)
		wl_program_run(t, &fs->prog, true);
	do {
		for (fs->i = 0; fs->i < fs->npages; fs->i++) {
			wl_rate(t, t->sim->page_size);
			if (write && fs->i % fs->block_pages == 0)
				dd_read_zero(t, fs, min_u64(fs->block_pages, fs->npages - fs->i));
			WL_DO(t, file_stream_page(t, fs, write));
			if (write && fs->calls > 1)
				file_stream_page_rest(t, fs);
			fs->pages_done++;
		}
	} while (!write && ++fs->pass < count);
	if (!write && FS_PARAMS(t->wl->cfg)->hold)
		wl_hold(t);
}

static void file_stream_report(struct workload_inst *wl)
{
	u64 pages = 0, resident = 0;
	double secs;

	for (unsigned int i = 0; i < wl->nr_tasks; i++) {
		struct file_stream *fs = wl->tasks[i]->wl_priv;

		pages += fs->pages_done;
		resident += fs->mapping->nrpages;
	}
	secs = (double)((wl->end_ns ? wl->end_ns : wl->sim->eng.now) - wl->start_ns) / 1e9;
	wl_set_figure(wl, wl->cfg->type == WL_FILE_WRITE ? "pages_written" : "pages_read",
		      (double)pages, true);
	wl_set_figure(wl, "resident_pages", (double)resident, true);
	wl_set_figure(wl, "MB_per_s",
		      secs > 0 ? (double)pages * wl->sim->page_size / 1e6 / secs : 0, false);
}

static const char *file_stream_missing(const struct scn_workload *w)
{
	return FS_PARAMS(w)->size ? NULL : "size";
}

/* file_write: a block below a page divides it (PAGE_SIZE / block calls a page) */
static int file_write_validate(const struct scenario *s, const struct scn_workload *w, char *err,
			       size_t errlen)
{
	u64 block = FS_PARAMS(w)->block;

	if (block < s->machine.page_size && s->machine.page_size % block)
		return cfg_fail_at(s, 0, w->line, err, errlen,
				   "[workload %s] block: %llu does not divide the page size %u",
				   w->name, (unsigned long long)block, s->machine.page_size);
	return 0;
}

static const struct cfg_key file_write_keys[] = {
	WL_KEY_TASKS("copies, each writing its own file"),
	WL_KEY_SIZE(struct file_stream_params, "required", "bytes written"),
	WL_KEY_BLOCK(
		struct file_stream_params,
		"bytes per read() of /dev/zero into dd's buffer (anonymous memory of this size, charged to its group) and per write() call (dd bs=; GNU dd's default is 512); below a page, a divisor of it: PAGE_SIZE / block read()/write() pairs a page, each write() after the first paying write_call_ns"),
	WL_KEYS_TEXT(struct file_stream_params),
};

static const struct cfg_key file_read_keys[] = {
	WL_KEY_TASKS("copies, each reading its own file"),
	WL_KEY_SIZE(struct file_stream_params, "required", "the file's size"),
	WL_KEY_BLOCK(struct file_stream_params, "bytes per read() call"),
	{ .name = "count",
	  .type = CFG_UINT,
	  .off = FS_OFF(count),
	  .min = 1,
	  .max = 1000000,
	  .def = "1",
	  .doc = "passes over the file" },
	WL_KEY_THEN(
		struct file_stream_params,
		"after the passes: exit, or stay alive without reading until the other workloads end (the pages it read stay cached and charged either way: the model keeps files)"),
};

static CFG_TABLE_DOC(
	file_write_keys_table, file_write_keys,
	"`dd if=/dev/zero of=F bs=BLOCK count=...` without fsync: per block a read() of /dev/zero into dd's buffer (BLOCK bytes of anonymous memory, faulted in by the first, charged to its group) and a write() of it. Rate counts the bytes written.");
static CFG_TABLE_DOC(
	file_read_keys_table, file_read_keys,
	"Reading an uncached file `count` times from start to end. Rate counts the bytes read.");

const struct wl_ops file_write_ops = {
	.task_init = file_stream_init,
	.run = file_stream_run,
	.report = file_stream_report,
	.keys = &file_write_keys_table,
	.missing = file_stream_missing,
	.validate = file_write_validate,
};

const struct wl_ops file_read_ops = {
	.task_init = file_stream_init,
	.run = file_stream_run,
	.report = file_stream_report,
	.keys = &file_read_keys_table,
	.missing = file_stream_missing,
};

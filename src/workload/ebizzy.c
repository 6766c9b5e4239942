// SPDX-License-Identifier: MIT
/*
 * ebizzy.c - ebizzy 0.3 (Valerie Henson, 2006-7; as in LTP's
 * utils/benchmark/ebizzy-0.3 and mmtests), seed 001's benchmark
 * (`ebizzy -S 10 -n 512 -t THREADS`), linked with the jemalloc 3.6 model
 * of jemalloc.h.
 *
 * One process: the main thread mallocs the array of chunk pointers and
 * `chunks` chunks of `chunk_size` bytes, writes the records (record j of
 * a chunk holds j, records are size_t), starts `threads` threads, sleeps
 * `seconds` and clears threads_go.  Each thread loops while threads_go:
 * pick a chunk with rand_num, malloc a copy buffer of chunk_size, memcpy
 * the chunk into it, bsearch a random key, free the buffer; one record
 * per loop.  ebizzy prints records / elapsed, elapsed being the difference
 * of two time() readings (whole seconds: the simulated clock counts from
 * boot): the figures records_per_s and timed_s.
 *
 * As in ebizzy 0.3, rand_num's state starts at 0 in every thread and its
 * update is a multiplication, so it stays 0: every record copies chunk 0
 * and searches key 0.  The other chunks are only allocated and written.
 *
 * Per page: each page copied is a read of the chunk and a write of the
 * buffer (handle_mm_fault each), plus copy_page_ns of user time per 4 KiB
 * (a user memcpy costs what the kernel's copy of a page does); each page
 * bsearch probes is a read.  The allocator's metadata writes are page
 * touches too (jemalloc.c).  Purging is jemalloc's: with MADV_DONTNEED
 * the next record faults the buffer in again, zero-filled; with MADV_FREE
 * the pages stay mapped unless reclaim took them.
 *
 * Not modelled: the threads spin on threads_go before the start (here
 * they sleep), pthread_create's own work beyond a syscall each, and the
 * -m/-M/-p/-P/-R/-T/-l/-z options.
 */
#include <stdlib.h>

#include "jemalloc.h"
#include "workload_types.h"

#define RECORD_SIZE	8		/* sizeof(record_t), a size_t */
#define EB_MAX_PROBES	64		/* > the 30 probes of the largest chunk (2^29 records) */

/* The process: what ebizzy's globals hold. */
struct ebizzy {
	struct mm_struct *mm;
	struct je_heap *heap;
	u64 mem;			/* vpn of mem[], the chunk pointers */
	u64 *chunk;			/* [chunks]: vpn of mem[i] */
	bool threads_go;
	bool broken;			/* a thread was killed: the others stop */
	struct wait_queue_head go_wait;	/* threads before threads_go */
	struct wait_queue_head join_wait;	/* main in pthread_join */
	unsigned int threads_running;
	u64 start_ns, stop_ns;		/* threads_go set and cleared */
	u64 elapsed_s;			/* difftime of the two time() readings */
	u64 records_read;
};

enum eb_phase {
	/* the main thread */
	EB_ALLOC_MEM,		/* mem = alloc_mem(chunks * sizeof(record_t *)) */
	EB_ALLOCATE,		/* mem[i] = alloc_mem(chunk_size) */
	EB_WRITE_PATTERN,	/* mem[i][j] = j */
	EB_CREATE_THREADS,	/* pthread_create */
	EB_GO,			/* threads_go = 1; sleep(seconds) */
	EB_STOP,		/* threads_go = 0; elapsed */
	EB_JOIN,		/* pthread_join */
	/* the threads: search_mem() */
	EB_WAIT_GO,
	EB_PICK,		/* chunk = rand_num(); src = mem[chunk] */
	EB_MALLOC,		/* copy = alloc_mem(copy_size) */
	EB_COPY,		/* memcpy(copy, src, copy_size) */
	EB_SEARCH,		/* bsearch(key) */
	EB_FREE,		/* free_mem(copy) */
};

struct eb_task {
	enum eb_phase phase;
	struct je_thread je;
	u32 state;			/* rand_num's state */
	u64 i;				/* chunk or page within the phase */
	u64 src, copy;			/* vpns of the record's chunk and buffer */
	u64 meta;			/* allocator metadata page to touch, 0: none */
	bool allocated;			/* the phase's malloc is done, touches remain */
	bool src_read;			/* the page's source read is done */
	unsigned int nprobe;		/* pages bsearch reads, in order */
	u64 probe[EB_MAX_PROBES];
	u64 records;			/* this thread's search_mem() count */
};

/* rand_num() of ebizzy 0.3, to the bit (a state of 0 stays 0). */
static u32 rand_num(u32 max, u32 *state)
{
	*state *= 1103515245u + 12345u;
	return (*state / 65536) % max;
}

/* A load or store of @vpn by the program: a page touch. */
static enum vm_fault_result touch(struct task *t, u64 vpn, bool write)
{
	enum vm_fault_result r = handle_mm_fault(t, vpn, write);

	if (r == VM_FAULT_DONE)
		charge_user(t, t->sim->scn.cost.user_touch_ns);
	return r;
}

/* The allocator's metadata write of the call in progress, if any. */
static enum vm_fault_result touch_meta(struct task *t, struct eb_task *et)
{
	enum vm_fault_result r;

	if (!et->meta)
		return VM_FAULT_DONE;
	r = touch(t, et->meta, true);
	if (r == VM_FAULT_DONE)
		et->meta = 0;
	return r;
}

static u64 chunk_pages(const struct task *t)
{
	return bytes_to_pages(t->sim, t->wl->cfg->chunk_size);
}

/*
 * User time of copying (or writing) page @i of a chunk: copy_page_ns per
 * 4 KiB, the size it is given for, of the chunk's bytes on that page.
 */
static u64 copy_ns(const struct task *t, u64 i)
{
	u64 page_size = t->sim->page_size, size = t->wl->cfg->chunk_size;
	u64 bytes = size - i * page_size < page_size ? size - i * page_size : page_size;

	return t->sim->scn.cost.copy_page_ns * bytes / 4096;
}

/*
 * The pages glibc's bsearch() reads looking for @key among @n records
 * holding 0..n-1, in probe order (a page read twice in a row counts once).
 */
static void bsearch_pages(struct task *t, struct eb_task *et, u64 key, u64 n)
{
	u64 l = 0, u = n, per_page = t->sim->page_size / RECORD_SIZE;

	et->nprobe = 0;
	while (l < u && et->nprobe < EB_MAX_PROBES) {
		u64 idx = (l + u) / 2, page = idx / per_page;

		if (!et->nprobe || et->probe[et->nprobe - 1] != page)
			et->probe[et->nprobe++] = page;
		charge_user(t, t->sim->scn.cost.user_touch_ns);	/* the compare */
		if (key < idx)
			u = idx;
		else if (key > idx)
			l = idx + 1;
		else
			break;
	}
}

/* A thread leaves search_mem(): the last one wakes pthread_join. */
static void thread_done(struct task *t, struct ebizzy *eb)
{
	t->wl_finished = true;
	if (!--eb->threads_running)
		wake_up_all(t->sim, &eb->join_wait);
}

/* alloc_mem() for the phase in progress, then its metadata touch. */
static enum vm_fault_result eb_malloc(struct task *t, struct ebizzy *eb, struct eb_task *et,
				      u64 bytes, u64 *vpn)
{
	if (!et->allocated) {
		*vpn = je_malloc(t, eb->heap, &et->je, bytes, &et->meta);
		if (!*vpn)
			return VM_FAULT_OOM;	/* alloc_mem(): "Couldn't allocate", exit(1) */
		et->allocated = true;
	}
	return touch_meta(t, et);
}

/* main()'s write_pattern(): one page of records. */
static enum vm_fault_result write_pattern(struct task *t, struct ebizzy *eb, struct eb_task *et)
{
	u64 np = chunk_pages(t);
	enum vm_fault_result r = touch(t, eb->chunk[et->i / np] + et->i % np, true);

	if (r != VM_FAULT_DONE)
		return r;
	charge_user(t, copy_ns(t, et->i % np));	/* stores as fast as a copy */
	if (++et->i == (u64)t->wl->cfg->chunks * np) {
		et->i = 0;
		et->phase = EB_CREATE_THREADS;
	}
	return r;
}

/* search_mem()'s memcpy: one page read from the chunk, written to the copy. */
static enum vm_fault_result copy_page(struct task *t, struct eb_task *et)
{
	const struct scn_workload *cfg = t->wl->cfg;
	enum vm_fault_result r;

	if (!et->src_read) {
		r = touch(t, et->src + et->i, false);
		if (r != VM_FAULT_DONE)
			return r;
		et->src_read = true;
	}
	r = touch(t, et->copy + et->i, true);
	if (r != VM_FAULT_DONE)
		return r;
	et->src_read = false;
	charge_user(t, copy_ns(t, et->i));
	if (++et->i == chunk_pages(t)) {
		u64 n = cfg->chunk_size / RECORD_SIZE;

		bsearch_pages(t, et, rand_num((u32)n, &et->state), n);
		et->i = 0;
		et->phase = EB_SEARCH;
	}
	return r;
}

/*
 * One page-sized piece of ebizzy: the main thread's allocate(),
 * write_pattern() and start_threads(), the threads' thread_run() and
 * search_mem().
 */
static enum vm_fault_result ebizzy_op(struct task *t)
{
	struct ebizzy *eb = t->wl->priv;
	struct eb_task *et = t->wl_priv;
	const struct scn_workload *cfg = t->wl->cfg;
	u64 page_size = t->sim->page_size;
	enum vm_fault_result r;

	switch (et->phase) {
	case EB_ALLOC_MEM:
		r = eb_malloc(t, eb, et, (u64)cfg->chunks * sizeof(u64), &eb->mem);
		if (r == VM_FAULT_DONE) {
			et->allocated = false;
			et->phase = EB_ALLOCATE;
		}
		return r;
	case EB_ALLOCATE:
		r = eb_malloc(t, eb, et, cfg->chunk_size, &eb->chunk[et->i]);
		if (r == VM_FAULT_DONE)	/* the pointer stored in mem[i] */
			r = touch(t, eb->mem + et->i * sizeof(u64) / page_size, true);
		if (r != VM_FAULT_DONE)
			return r;
		et->allocated = false;
		if (++et->i == cfg->chunks) {
			et->i = 0;
			et->phase = EB_WRITE_PATTERN;
		}
		return r;
	case EB_WRITE_PATTERN:
		return write_pattern(t, eb, et);
	case EB_CREATE_THREADS:
		/* clone() per thread; the step ends here so that EB_GO starts one */
		charge_sys(t, (u64)cfg->nr_threads * t->sim->scn.cost.syscall_ns);
		et->phase = EB_GO;
		return VM_FAULT_RETRY;
	case EB_GO:
		/* first in its step: time() is read when the thread has its CPU */
		eb->start_ns = t->sim->now;
		eb->threads_go = true;
		wake_up_all(t->sim, &eb->go_wait);
		et->phase = EB_STOP;
		task_sleep(t, NULL, (u64)cfg->seconds * NSEC_PER_SEC);
		return VM_FAULT_BLOCKED;
	case EB_STOP:
		eb->threads_go = false;
		eb->stop_ns = t->sim->now;	/* first in its step too */
		eb->elapsed_s = eb->stop_ns / NSEC_PER_SEC - eb->start_ns / NSEC_PER_SEC;
		et->phase = EB_JOIN;
		return VM_FAULT_DONE;
	case EB_JOIN:
		if (eb->threads_running) {
			task_sleep(t, &eb->join_wait, 0);
			return VM_FAULT_BLOCKED;
		}
		t->wl_finished = true;
		return VM_FAULT_DONE;
	case EB_WAIT_GO:
		if (eb->broken) {
			thread_done(t, eb);
			return VM_FAULT_DONE;
		}
		if (!eb->threads_go) {
			task_sleep(t, &eb->go_wait, 0);
			return VM_FAULT_BLOCKED;
		}
		et->phase = EB_PICK;
		return VM_FAULT_DONE;
	case EB_PICK:
		if (!eb->threads_go) {
			thread_done(t, eb);
			return VM_FAULT_DONE;
		}
		if (!et->allocated) {
			et->i = rand_num(cfg->chunks, &et->state);
			et->allocated = true;
		}
		r = touch(t, eb->mem + et->i * sizeof(u64) / page_size, false);
		if (r != VM_FAULT_DONE)
			return r;
		et->src = eb->chunk[et->i];
		et->allocated = false;
		et->phase = EB_MALLOC;
		return r;
	case EB_MALLOC:
		r = eb_malloc(t, eb, et, cfg->chunk_size, &et->copy);
		if (r != VM_FAULT_DONE)
			return r;
		et->allocated = false;
		et->i = 0;
		et->phase = EB_COPY;
		return r;
	case EB_COPY:
		return copy_page(t, et);
	case EB_SEARCH:
		if (et->i < et->nprobe) {
			r = touch(t, et->copy + et->probe[et->i], false);
			if (r == VM_FAULT_DONE)
				et->i++;
			return r;
		}
		et->meta = je_free_meta_vpn(eb->heap, et->copy);
		et->phase = EB_FREE;
		return VM_FAULT_DONE;
	case EB_FREE:
		r = touch_meta(t, et);
		if (r != VM_FAULT_DONE)
			return r;
		je_free(t, eb->heap, &et->je, et->copy);
		et->records++;
		eb->records_read++;
		et->phase = EB_PICK;
		return r;
	}
	return VM_FAULT_DONE;
}

/* Task 0 is the main thread (it creates the mm and the heap), then the threads. */
static int ebizzy_init(struct workload_inst *wl, struct task *t, unsigned int idx)
{
	struct sim *sim = wl->sim;
	struct ebizzy *eb = wl->priv;
	struct eb_task *et = calloc(1, sizeof(*et));

	if (!et)
		return -1;
	t->wl_priv = et;
	if (!idx) {
		eb = wl->priv = calloc(1, sizeof(*eb));
		if (!eb || !(eb->chunk = calloc(wl->cfg->chunks, sizeof(*eb->chunk))))
			return -1;
		t->mm = eb->mm = mm_alloc(sim, t);
		if (!t->mm)
			return -1;
		eb->heap = je_heap_create(sim, eb->mm, sim->nr_cpus, wl->cfg->purge_free);
		if (!eb->heap)
			return -1;
		eb->threads_running = wl->cfg->nr_threads;
		et->phase = EB_ALLOC_MEM;
	} else {
		t->mm = eb->mm;
		t->mm->users++;
		et->phase = EB_WAIT_GO;
	}
	return je_thread_init(eb->heap, &et->je);
}

/* A thread or the main thread was killed: the process is gone. */
static void ebizzy_task_exit(struct task *t)
{
	struct ebizzy *eb = t->wl->priv;
	struct eb_task *et = t->wl_priv;

	if (!t->exit_signal)
		return;
	eb->broken = true;
	eb->threads_go = false;
	if (et->phase >= EB_WAIT_GO && !t->wl_finished && !--eb->threads_running)
		wake_up_all(t->sim, &eb->join_wait);
	wake_up_all(t->sim, &eb->go_wait);
}

static void ebizzy_task_free(struct task *t)
{
	struct eb_task *et = t->wl_priv;

	if (et)
		je_thread_destroy(&et->je);
	free(et);
}

/* ebizzy's output line, "N records/s", and what the allocator did. */
static void ebizzy_report(struct workload_inst *wl)
{
	struct ebizzy *eb = wl->priv;
	const struct je_stats *st;
	u64 min = U64_MAX, max = 0;
	double per_s = 0;

	if (!eb || !eb->heap)
		return;
	for (unsigned int i = 1; i < wl->nr_tasks; i++) {
		const struct eb_task *et = wl->tasks[i]->wl_priv;

		min = et->records < min ? et->records : min;
		max = et->records > max ? et->records : max;
	}
	st = je_heap_stats(eb->heap);
	wl_set_figure(wl, "records", (double)eb->records_read, true);
	/* printf("%u records/s", (unsigned int)(records_read / elapsed)) */
	if (eb->elapsed_s)
		per_s = (u32)((double)eb->records_read / (double)eb->elapsed_s);
	wl_set_figure(wl, "records_per_s", per_s, true);
	wl_set_figure(wl, "timed_s", (double)eb->elapsed_s, true);
	wl_set_figure(wl, "threads", wl->nr_tasks - 1, true);
	wl_set_figure(wl, "thread_records_min", (double)min, true);
	wl_set_figure(wl, "thread_records_max", (double)max, true);
	wl_set_figure(wl, "purge_madvise_calls", (double)st->nmadvise, true);
	wl_set_figure(wl, "purged_pages", (double)st->purged, true);
	wl_set_figure(wl, "purge_madvise_failed", (double)st->nmadvise_failed, true);
	wl_set_figure(wl, "chunk_mmaps", (double)st->nmmap, true);
	wl_set_figure(wl, "lock_spin_s", (double)st->lock_spin_ns / 1e9, false);
}

static void ebizzy_free(struct workload_inst *wl)
{
	struct ebizzy *eb = wl->priv;

	if (!eb)
		return;
	je_heap_destroy(eb->heap);
	free(eb->chunk);
}

/* The main thread and `threads` threads (tasks is not an ebizzy key). */
static unsigned int ebizzy_nr_tasks(const struct scn_workload *cfg)
{
	return cfg->nr_threads + 1;
}

WL_RUN_OP(ebizzy_run, ebizzy_op)

const struct wl_ops ebizzy_ops = {
	.nr_tasks = ebizzy_nr_tasks,
	.task_init = ebizzy_init,
	.task_free = ebizzy_task_free,
	.run = ebizzy_run,
	.task_exit = ebizzy_task_exit,
	.report = ebizzy_report,
	.free = ebizzy_free,
};

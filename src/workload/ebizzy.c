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
#include <string.h>

#include "jemalloc.h"
#include "ebizzy.h"
#include "workload_types.h"

WL_PARAMS_FIT(struct ebizzy_params);
#define EB_PARAMS(w) WL_PARAMS(struct ebizzy_params, w)
#define EB_OFF(f) WL_POFF(struct ebizzy_params, f)

#define RECORD_SIZE 8 /* sizeof(record_t), a size_t */
#define EB_MAX_PROBES 64 /* > the 30 probes of the largest chunk (2^29 records) */

/* The process: what ebizzy's globals hold. */
struct ebizzy {
	struct mm_struct *mm;
	struct je_heap *heap;
	u64 mem; /* vpn of mem[], the chunk pointers */
	u64 *chunk; /* [chunks]: vpn of mem[i] */
	bool threads_go;
	bool broken; /* a thread was killed: the others stop */
	struct wait_queue_head go_wait; /* threads before threads_go */
	struct wait_queue_head join_wait; /* main in pthread_join */
	unsigned int threads_running;
	u64 start_ns, stop_ns; /* threads_go set and cleared */
	u64 elapsed_s; /* difftime of the two time() readings */
	u64 records_read;
};

struct eb_task {
	struct je_thread je;
	bool running; /* a thread counted in threads_running */
	u32 state; /* rand_num's state */
	unsigned int nprobe; /* pages bsearch reads, in order */
	u64 probe[EB_MAX_PROBES];
	u64 records; /* this thread's search_mem() count */
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

/* The allocator's metadata write *@meta (0: none, or done: then cleared). */
static enum vm_fault_result touch_meta(struct task *t, u64 *meta)
{
	enum vm_fault_result r;

	if (!*meta)
		return VM_FAULT_DONE;
	r = touch(t, *meta, true);
	if (r == VM_FAULT_DONE)
		*meta = 0;
	return r;
}

static u64 chunk_pages(const struct task *t)
{
	return bytes_to_pages(t->sim, EB_PARAMS(t->wl->cfg)->chunk_size);
}

/* The page of mem[] holding the pointer mem[@i]. */
static u64 mem_vpn(const struct task *t, const struct ebizzy *eb, u64 i)
{
	return eb->mem + i * sizeof(u64) / t->sim->page_size;
}

/*
 * User time of copying (or writing) page @i of a chunk: copy_page_ns per
 * 4 KiB, the size it is given for, of the chunk's bytes on that page.
 */
static u64 copy_ns(const struct task *t, u64 i)
{
	u64 page_size = t->sim->page_size, size = EB_PARAMS(t->wl->cfg)->chunk_size;
	u64 bytes = size - i * page_size < page_size ? size - i * page_size : page_size;

	return cost_per_4k(t->sim->scn.cost.copy_page_ns, bytes);
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
		charge_user(t, t->sim->scn.cost.user_touch_ns); /* the compare */
		if (key < idx)
			u = idx;
		else if (key > idx)
			l = idx + 1;
		else
			break;
	}
}

/*
 * alloc_mem() of ebizzy: malloc(@bytes) into *@vpn (0 until it is made),
 * then the allocator's metadata write *@meta.  The operation for WL_DO:
 * re-issued, only the write is.  A failed malloc is alloc_mem()'s
 * "Couldn't allocate" and exit(1): the task is killed.
 */
static enum vm_fault_result alloc_mem(struct task *t, struct ebizzy *eb, struct eb_task *et,
				      u64 bytes, u64 *vpn, u64 *meta)
{
	if (!*vpn && !(*vpn = je_malloc(t, eb->heap, &et->je, bytes, meta)))
		return VM_FAULT_OOM;
	return touch_meta(t, meta);
}

/* allocate()'s mem[@i] = alloc_mem(chunk_size): the malloc, then the store. */
static enum vm_fault_result alloc_chunk(struct task *t, struct ebizzy *eb, struct eb_task *et,
					u64 i, u64 *meta)
{
	enum vm_fault_result r =
		alloc_mem(t, eb, et, EB_PARAMS(t->wl->cfg)->chunk_size, &eb->chunk[i], meta);

	return r == VM_FAULT_DONE ? touch(t, mem_vpn(t, eb, i), true) : r;
}

/*
 * search_mem()'s loop test and src = mem[@chunk] (a read of mem[]): *@go
 * is false when threads_go was cleared.  The operation for WL_DO: a
 * re-issued load tests threads_go again, in the step it runs in.
 */
static enum vm_fault_result load_src(struct task *t, struct ebizzy *eb, u64 chunk, bool *go)
{
	*go = eb->threads_go;
	return *go ? touch(t, mem_vpn(t, eb, chunk), false) : VM_FAULT_DONE;
}

/*
 * search_mem()'s memcpy of page @i: a read of the chunk @src, then a
 * write of the copy @dst (*@read: the read is done).  The operation for
 * WL_DO: re-issued, the part not done yet.
 */
static enum vm_fault_result copy_page(struct task *t, u64 src, u64 dst, bool *read)
{
	enum vm_fault_result r;

	if (!*read) {
		r = touch(t, src, false);
		if (r != VM_FAULT_DONE)
			return r;
		*read = true;
	}
	return touch(t, dst, true);
}

/* pthread_join(): sleep until the last thread has left search_mem(). */
static enum vm_fault_result join_threads(struct task *t, struct ebizzy *eb)
{
	wait_event(t, &eb->join_wait, !eb->threads_running);
	return VM_FAULT_DONE;
}

/*
 * thread_run()'s wait for threads_go (spinning in ebizzy; here asleep
 * until start_threads() wakes the threads), or for a dead process.
 */
static enum vm_fault_result wait_go(struct task *t, struct ebizzy *eb)
{
	wait_event(t, &eb->go_wait, eb->broken || eb->threads_go);
	return VM_FAULT_DONE;
}

/* A thread leaves search_mem(): the last one wakes pthread_join. */
static void thread_done(struct task *t, struct ebizzy *eb, struct eb_task *et)
{
	et->running = false;
	if (!--eb->threads_running)
		wake_up_all(t->sim, &eb->join_wait);
}

/*
 * ebizzy's main(): allocate(), write_pattern(), start_threads() (which
 * sleeps `seconds` between setting and clearing threads_go, and joins
 * the threads).
 */
static void ebizzy_main(struct task *t, struct ebizzy *eb, struct eb_task *et)
{
	const struct ebizzy_params *cfg = EB_PARAMS(t->wl->cfg);
	u64 np = chunk_pages(t), meta = 0;

	/* allocate(): mem = alloc_mem(chunks * sizeof(record_t *)), mem[i] = alloc_mem(chunk_size) */
	WL_DO(t, alloc_mem(t, eb, et, (u64)cfg->chunks * sizeof(u64), &eb->mem, &meta));
	for (u64 i = 0; i < cfg->chunks; i++) {
		meta = 0;
		WL_DO(t, alloc_chunk(t, eb, et, i, &meta));
	}
	/* write_pattern(): mem[i][j] = j, a page at a time, stores as fast as a copy */
	for (u64 i = 0; i < cfg->chunks; i++) {
		for (u64 p = 0; p < np; p++) {
			WL_DO(t, touch(t, eb->chunk[i] + p, true));
			charge_user(t, copy_ns(t, p));
		}
	}
	/* start_threads(): pthread_create, a clone() each; the step ends here */
	wl_tick(t);
	charge_sys(t, (u64)cfg->nr_threads * t->sim->scn.cost.syscall_ns);
	cond_resched(t);
	/* threads_go = 1; time(): read when the thread has its CPU; sleep(seconds) */
	wl_tick(t);
	eb->start_ns = t->sim->eng.now;
	eb->threads_go = true;
	wake_up_all(t->sim, &eb->go_wait);
	task_sleep(t, NULL, (u64)cfg->seconds * NSEC_PER_SEC);
	schedule(t);
	/* threads_go = 0; time() first in its step too; difftime() */
	wl_tick(t);
	eb->threads_go = false;
	eb->stop_ns = t->sim->eng.now;
	eb->elapsed_s = eb->stop_ns / NSEC_PER_SEC - eb->start_ns / NSEC_PER_SEC;
	WL_DO(t, join_threads(t, eb));
}

/*
 * search_mem() of ebizzy 0.3, until threads_go is cleared: per record,
 * chunk = rand_num(chunks), src = mem[chunk], copy = alloc_mem(chunk_size),
 * memcpy(copy, src, chunk_size), bsearch(rand_num(records), copy),
 * free_mem(copy).
 */
static void search_mem(struct task *t, struct ebizzy *eb, struct eb_task *et)
{
	const struct ebizzy_params *cfg = EB_PARAMS(t->wl->cfg);
	u64 np = chunk_pages(t), n = cfg->chunk_size / RECORD_SIZE;

	for (;;) {
		u64 chunk, src, copy = 0, meta = 0;
		bool go;

		/* for (i = 0; threads_go == 1; i++): tested when the thread has its CPU */
		wl_tick(t);
		if (!eb->threads_go)
			return;
		chunk = rand_num(cfg->chunks, &et->state);
		WL_DO(t, load_src(t, eb, chunk, &go));
		if (!go)
			return;
		src = eb->chunk[chunk];
		WL_DO(t, alloc_mem(t, eb, et, cfg->chunk_size, &copy, &meta));
		for (u64 i = 0; i < np; i++) {
			bool read = false;

			WL_DO(t, copy_page(t, src + i, copy + i, &read));
			charge_user(t, copy_ns(t, i));
		}
		bsearch_pages(t, et, rand_num((u32)n, &et->state), n);
		for (unsigned int k = 0; k < et->nprobe; k++)
			WL_DO(t, touch(t, copy + et->probe[k], false));
		/* free_mem(copy): free() writes the chunk's page map, then may purge */
		meta = je_free_meta_vpn(eb->heap, copy);
		WL_DO(t, touch_meta(t, &meta));
		je_free(t, eb->heap, &et->je, copy);
		et->records++;
		eb->records_read++;
	}
}

/* Task 0 is ebizzy's main thread, the others its threads (thread_run()). */
static void ebizzy_run(struct task *t)
{
	struct ebizzy *eb = t->wl->priv;
	struct eb_task *et = t->wl_priv;

	if (t == t->wl->tasks[0]) {
		ebizzy_main(t, eb, et);
		return;
	}
	WL_DO(t, wait_go(t, eb));
	if (!eb->broken)
		search_mem(t, eb, et);
	thread_done(t, eb, et);
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
		if (!eb || !(eb->chunk = calloc(EB_PARAMS(wl->cfg)->chunks, sizeof(*eb->chunk))))
			return -1;
		t->mm = eb->mm = mm_alloc(sim, t);
		if (!t->mm)
			return -1;
		eb->heap = je_heap_create(sim, eb->mm, sim->eng.nr_cpus,
					  EB_PARAMS(wl->cfg)->purge_free);
		if (!eb->heap)
			return -1;
		eb->threads_running = EB_PARAMS(wl->cfg)->nr_threads;
	} else {
		t->mm = eb->mm;
		t->mm->users++;
		et->running = true;
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
	if (et->running && !--eb->threads_running)
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
	return EB_PARAMS(cfg)->nr_threads + 1;
}

/*
 * chunk_size = SIZE: ebizzy keeps it in an unsigned int and needs at
 * least one record (a size_t, 8 bytes)
 */
static int set_chunk_size(struct cfg_ctx *k, void *obj, const char *val)
{
	struct ebizzy_params *w = WL_PARAMS_SET(struct ebizzy_params, obj);
	char buf[CFG_MSG_LEN];
	u64 v;

	if (parse_size(val, k->page_size, &v, buf, sizeof(buf)))
		return cfg_fail(k, ": %s", buf);
	if (v < 8)
		return cfg_fail(k, ": %llu bytes is smaller than a record (8 bytes)",
				(unsigned long long)v);
	if (v > UINT32_MAX)
		return cfg_fail(k, ": %llu bytes is more than ebizzy takes (%u)",
				(unsigned long long)v, UINT32_MAX);
	w->chunk_size = v;
	return 0;
}

/* purge = free | dontneed: the madvise jemalloc purges dirty pages with */
static int set_purge(struct cfg_ctx *k, void *obj, const char *val)
{
	struct ebizzy_params *w = WL_PARAMS_SET(struct ebizzy_params, obj);

	if (!strcmp(val, "free"))
		w->purge_free = true;
	else if (!strcmp(val, "dontneed"))
		w->purge_free = false;
	else
		return cfg_fail(k, ": unknown value '%s' (expected free or dontneed)", val);
	return 0;
}

static const char *ebizzy_missing(const struct scn_workload *w)
{
	return EB_PARAMS(w)->nr_threads ? NULL : "threads";
}

/* ebizzy 0.3's options and defaults (-n 10, -s sizeof(size_t) * 64K, -S 10) */
static const struct cfg_key ebizzy_keys[] = {
	{ .name = "threads",
	  .type = CFG_UINT,
	  .off = EB_OFF(nr_threads),
	  .min = 1,
	  .max = 4096,
	  .def_doc = "required",
	  .doc = "-t: worker threads sharing one mm" },
	/*
	 * at most 16384: the jemalloc model finds free runs by a linear scan
	 * of the arena's chunks (jemalloc 3.6 keeps a tree), so the setup
	 * costs host time quadratic in chunks (50,000 took 19 s)
	 */
	{ .name = "chunks",
	  .type = CFG_UINT,
	  .off = EB_OFF(chunks),
	  .min = 1,
	  .max = 16384,
	  .def = "10",
	  .doc = "-n: chunks of records allocated at start (the model's search for free runs is linear: host time grows with its square)" },
	{ .name = "chunk_size",
	  .type = CFG_CUSTOM,
	  .set = set_chunk_size,
	  .def = "512K",
	  .range = "8..4294967295 bytes",
	  .doc = "-s: bytes per chunk, and per copy" },
	{ .name = "seconds",
	  .type = CFG_UINT,
	  .off = EB_OFF(seconds),
	  .min = 1,
	  .max = 1000000,
	  .def = "10",
	  .doc = "-S: seconds of the timed run" },
	{ .name = "purge",
	  .type = CFG_CUSTOM,
	  .set = set_purge,
	  .def = "dontneed",
	  .range = "dontneed \\| free",
	  .doc = "the madvise jemalloc purges dirty pages with: MADV_DONTNEED as jemalloc 3.6 on Linux, or MADV_FREE" },
};

static CFG_TABLE_DOC(
	ebizzy_keys_table, ebizzy_keys,
	"`ebizzy -t THREADS -n CHUNKS -s CHUNK_SIZE -S SECONDS` (ebizzy 0.3) linked with jemalloc 3.6: a main thread and THREADS threads sharing one mm (it sizes its own tasks: no `tasks` key); figures records_per_s, records, timed_s, per-thread min/max, the allocator's purges. No rate: its result is the records it gets through per second.");

const struct wl_ops ebizzy_ops = {
	.nr_tasks = ebizzy_nr_tasks,
	.task_init = ebizzy_init,
	.task_free = ebizzy_task_free,
	.run = ebizzy_run,
	.task_exit = ebizzy_task_exit,
	.report = ebizzy_report,
	.free = ebizzy_free,
	.keys = &ebizzy_keys_table,
	.missing = ebizzy_missing,
	.no_rate = "ebizzy's result is the records it gets through per second",
};

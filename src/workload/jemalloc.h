/* SPDX-License-Identifier: MIT */
/*
 * jemalloc.h - a model of the jemalloc 3.6 allocator (the one seed 001's
 * ebizzy runs linked, "vanilla-jemalloc" purging with MADV_DONTNEED and
 * "MADV_free-jemalloc" with MADV_FREE), at page granularity, for the
 * threads of one simulated process.
 *
 * What it keeps of jemalloc 3.6 (src/arena.c, src/chunk.c, src/huge.c,
 * src/tcache.c, src/jemalloc.c):
 * - 4 MiB chunks (opt.lg_chunk 22) mapped with mmap; on Linux munmap is
 *   off, so a chunk given back is purged and kept for reuse
 *   (chunk_record / chunk_recycle).
 * - 4 x CPUs arenas (opt.narenas); a thread takes the first arena with
 *   the fewest threads on its first allocation (choose_arena_hard).
 * - An arena chunk starts with map_bias header pages (the chunk header and
 *   its page map, 24 bytes per page); the rest holds page runs.  A large
 *   request (up to arena_maxclass) takes the lowest best-fit free run, a
 *   chunk from the spare or a new chunk; a free coalesces the run with
 *   free neighbours of the same dirty state, a wholly free chunk becomes
 *   the spare (the old spare goes back to the chunk cache).
 * - Ratio purging (opt.lg_dirty_mult 3): after a free, when the arena's
 *   dirty pages exceed nactive / 8, dirty runs are purged with madvise,
 *   most fragmented chunk first (arena_maybe_purge, arena_purge).  There
 *   is no floor and no decay (both came with 4.x): a thread whose only
 *   live allocation is freed purges it at once.
 * - Requests above arena_maxclass are huge: whole chunks, purged when
 *   freed.
 * - The thread cache keeps up to 20 freed objects per size class up to
 *   32 KiB (opt.lg_tcache_max 15) and gives half back when full.
 * Simplified: small size classes and bin runs (a request below a page
 * takes a one-page run), the tcache's incremental GC, the base
 * allocator's metadata, chunk alignment, statistics.
 */
#ifndef RECLAIMSIM_WORKLOAD_JEMALLOC_H
#define RECLAIMSIM_WORKLOAD_JEMALLOC_H

#include "../sim/lock.h"
#include "../mm/internal.h"

struct je_heap;
struct je_arena;

/* One bin of a thread cache (tcache_bin_t): freed objects of one size. */
struct je_tcache_bin {
	unsigned int ncached;
	u64 avail[20]; /* TCACHE_NSLOTS_LARGE; vpns, top = last */
};

/* What jemalloc keeps per thread (its arena binding and tcache). */
struct je_thread {
	struct je_arena *arena; /* NULL until the first allocation */
	struct je_tcache_bin *tbins; /* one per page count up to tcache_maxclass */
};

/* What a heap did, for the workload's report. */
struct je_stats {
	u64 nmadvise; /* purging madvise calls */
	u64 purged; /* pages purged */
	u64 nmadvise_failed; /* calls the kernel refused (-EINVAL: no MADV_FREE) */
	u64 nmmap; /* chunks mapped */
	u64 lock_spin_ns; /* arena and chunk lock spinning */
};

/*
 * je_heap_create - the allocator of @mm on a machine of @nr_cpus CPUs,
 * purging with MADV_FREE if @purge_free, else MADV_DONTNEED.  NULL when
 * the host is out of memory.
 */
struct je_heap *je_heap_create(struct sim *sim, struct mm_struct *mm, unsigned int nr_cpus,
			       bool purge_free);
void je_heap_destroy(struct je_heap *h);
int je_thread_init(struct je_heap *h, struct je_thread *th);
void je_thread_destroy(struct je_thread *th);
const struct je_stats *je_heap_stats(const struct je_heap *h);

/*
 * je_malloc - malloc(@bytes) by @t (thread @th): the first vpn of the
 * allocation, 0 when mmap failed.  The allocator's work is charged to @t
 * (user time, and the mmap syscall); *meta_vpn is the page of allocator
 * metadata the call wrote (0: none modelled), for the caller to touch.
 */
u64 je_malloc(struct task *t, struct je_heap *h, struct je_thread *th, u64 bytes, u64 *meta_vpn);

/*
 * je_free - free(@vpn) by @t: the object goes to the thread cache, its
 * arena (which may purge dirty pages with madvise) or, huge, back to the
 * chunk cache (purged).  Touch je_free_meta_vpn() first: free writes the
 * chunk's page map before it may purge it.
 */
void je_free(struct task *t, struct je_heap *h, struct je_thread *th, u64 vpn);
u64 je_free_meta_vpn(const struct je_heap *h, u64 vpn);

#endif

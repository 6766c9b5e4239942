// SPDX-License-Identifier: MIT
/*
 * jemalloc.c - the jemalloc 3.6 model of jemalloc.h: chunks, arenas with
 * their page runs and ratio purging, huge allocations, thread caches.
 * Each function names the jemalloc 3.6 function it follows.
 *
 * The allocator's own CPU work (tree searches, page map updates) is a few
 * cache misses per call: each malloc and free charges one user_touch_ns,
 * and holds its arena's lock (or chunks_mtx / huge_mtx) that long; a
 * thread that finds the lock held spins (user time), as two threads
 * sharing an arena would.  The memory it writes is touched by the caller.
 */
#include <stdlib.h>
#include <string.h>

#include "jemalloc.h"

#define JE_LG_CHUNK 22 /* opt.lg_chunk: 4 MiB chunks */
#define JE_LG_DIRTY_MULT 3 /* opt.lg_dirty_mult: keep dirty <= active / 8 */
#define JE_NARENAS_PER_CPU 4 /* opt.narenas = 4 x ncpus */
#define JE_TCACHE_MAXCLASS (32 * 1024) /* 1 << opt.lg_tcache_max (15), bytes */
#define JE_NSLOTS_LARGE 20 /* TCACHE_NSLOTS_LARGE */
#define JE_CHUNK_HDR_BYTES 48 /* offsetof(arena_chunk_t, map) */
#define JE_MAPELM_BYTES 24 /* sizeof(arena_chunk_map_t) without prof */
/*
 * Chunks are mapped one by one, and the kernel places each new mapping
 * next to the previous one and merges them into one VMA.  The model's
 * mmap does not merge, so new chunks are carved from mappings of this
 * many chunks: what the process's VMAs would be after merging (and
 * find_vma stays short).  Page tables are counted for the whole mapping.
 */
#define JE_MMAP_CHUNKS 256

/* arena_chunk_map_t bits that the model keeps */
#define CHUNK_MAP_ALLOCATED 0x1
#define CHUNK_MAP_DIRTY 0x8

/*
 * One page's map entry.  Only the first and last page of a run (free or
 * allocated) are kept up to date, as in jemalloc: they hold its size.
 */
struct je_mapbits {
	u32 npages;
	u8 flags;
};

/* A chunk: an arena chunk (arena != NULL) or a huge allocation. */
struct je_chunk {
	u64 vpn; /* first page */
	u64 npages; /* chunk_npages, or the huge size */
	struct je_arena *arena;
	struct je_mapbits *map; /* arena chunks: [npages] */
	u64 ndirty; /* pages of dirty runs in runs_avail */
};

/* A range of purged chunks kept for reuse (extent_node_t in chunks_*_mmap). */
struct je_extent {
	u64 vpn, npages;
};

struct je_arena {
	unsigned int ind;
	unsigned int nthreads;
	struct je_chunk **chunks; /* chunks in use (not the spare) */
	unsigned int nr_chunks, cap_chunks;
	struct je_chunk *spare;
	u64 nactive; /* pages in allocated runs */
	u64 ndirty; /* pages in free dirty runs (not the spare's) */
	struct lock_timeline lock;
};

struct je_heap {
	struct sim *sim;
	struct mm_struct *mm;
	int purge_advice; /* MADV_FREE or MADV_DONTNEED */
	u64 chunk_npages;
	u64 map_bias; /* header pages of an arena chunk */
	u64 tcache_max_pages; /* largest size class the tcache keeps */
	unsigned int narenas;
	struct je_arena **arenas; /* [narenas], NULL until initialized */
	struct je_chunk **chunks; /* every live chunk: arena chunks, spares, huge */
	unsigned int nr_chunks, cap_chunks;
	u64 mmap_next, mmap_left; /* the unused rest of the last mapping (pages) */
	struct je_extent *extents; /* recycled chunks, by address */
	unsigned int nr_extents, cap_extents;
	struct {
		u64 ind, npages;
	} * stash; /* arena_chunk_purge's runs */
	struct lock_timeline chunks_mtx, huge_mtx;
	struct je_stats stats;
};

static bool grow(void **v, unsigned int *cap, unsigned int need, size_t size)
{
	unsigned int c = *cap ? *cap : 8;
	void *p;

	if (need <= *cap)
		return true;
	while (c < need)
		c *= 2;
	p = realloc(*v, (size_t)c * size);
	if (!p)
		return false;
	*v = p;
	*cap = c;
	return true;
}

/* Take @lock for the allocator's work: spinning and the work are user time. */
static void je_lock(struct task *t, struct je_heap *h, struct lock_timeline *lock)
{
	u64 work = t->sim->scn.cost.user_touch_ns;
	u64 spin;

	lock_forget(lock, t->sim->eng.now);
	spin = sim_lock_acquire(t->sim, lock, task_now(t), work, t);

	h->stats.lock_spin_ns += spin;
	charge_user(t, spin + work);
}

/*
 * pages_purge() (3.6 src/chunk_mmap.c): madvise the range with the purge
 * advice; jemalloc ignores a failure (a kernel without MADV_FREE says
 * -EINVAL), and the pages simply stay.
 */
static void pages_purge(struct task *t, struct je_heap *h, u64 vpn, u64 npages)
{
	h->stats.nmadvise++;
	if (do_madvise(t, vpn, npages, h->purge_advice))
		h->stats.nmadvise_failed++;
	else
		h->stats.purged += npages;
}

/* ---- chunks (3.6 src/chunk.c) ---- */

static struct je_chunk *chunk_lookup(const struct je_heap *h, u64 vpn)
{
	for (unsigned int i = 0; i < h->nr_chunks; i++) {
		struct je_chunk *c = h->chunks[i];

		if (vpn >= c->vpn && vpn < c->vpn + c->npages)
			return c;
	}
	return NULL;
}

static struct je_chunk *chunk_register(struct je_heap *h, u64 vpn, u64 npages,
				       struct je_arena *arena)
{
	struct je_chunk *c = calloc(1, sizeof(*c));

	if (!c || !grow((void **)&h->chunks, &h->cap_chunks, h->nr_chunks + 1, sizeof(*h->chunks)))
		goto fail;
	c->vpn = vpn;
	c->npages = npages;
	c->arena = arena;
	if (arena && !(c->map = calloc(npages, sizeof(*c->map))))
		goto fail;
	h->chunks[h->nr_chunks++] = c;
	return c;
fail:
	free(c);
	return NULL;
}

static void chunk_unregister(struct je_heap *h, struct je_chunk *c)
{
	for (unsigned int i = 0; i < h->nr_chunks; i++) {
		if (h->chunks[i] == c) {
			h->chunks[i] = h->chunks[--h->nr_chunks];
			break;
		}
	}
	free(c->map);
	free(c);
}

/*
 * chunk_recycle() (3.6): the smallest recycled range that fits, lowest
 * address first; the rest of it stays recycled.  0 if none fits.
 */
static u64 chunk_recycle(struct je_heap *h, u64 npages)
{
	unsigned int best = h->nr_extents;
	u64 vpn;

	for (unsigned int i = 0; i < h->nr_extents; i++)
		if (h->extents[i].npages >= npages &&
		    (best == h->nr_extents || h->extents[i].npages < h->extents[best].npages))
			best = i;
	if (best == h->nr_extents)
		return 0;
	vpn = h->extents[best].vpn;
	h->extents[best].vpn += npages;
	h->extents[best].npages -= npages;
	if (!h->extents[best].npages) {
		memmove(&h->extents[best], &h->extents[best + 1],
			(h->nr_extents - best - 1) * sizeof(*h->extents));
		h->nr_extents--;
	}
	return vpn;
}

/* chunk_alloc_mmap() (3.6): a new mapping, next to the previous one. */
static u64 chunk_alloc_mmap(struct task *t, struct je_heap *h, u64 npages)
{
	u64 vpn;

	charge_sys(t, t->sim->scn.cost.syscall_ns);
	if (h->mmap_left < npages) {
		u64 len = npages > JE_MMAP_CHUNKS * h->chunk_npages ?
				  npages :
				  JE_MMAP_CHUNKS * h->chunk_npages;

		/* vm_mmap_pgoff(): do_mmap under the mmap_lock, for write */
		mmap_write_lock(t, h->mm);
		h->mmap_next = mmap_anon(h->mm, len);
		mmap_write_unlock(t, h->mm);
		if (!h->mmap_next)
			return 0;
		h->mmap_left = len;
	}
	vpn = h->mmap_next;
	h->mmap_next += npages;
	h->mmap_left -= npages;
	h->stats.nmmap++;
	return vpn;
}

/*
 * chunk_alloc() (3.6): a recycled range, else a new mapping.  The first
 * vpn, 0 when mmap fails.
 */
static u64 chunk_alloc(struct task *t, struct je_heap *h, u64 npages)
{
	u64 vpn;

	je_lock(t, h, &h->chunks_mtx);
	vpn = chunk_recycle(h, npages);
	return vpn ? vpn : chunk_alloc_mmap(t, h, npages);
}

/*
 * chunk_record() (3.6): purge the range and keep it for reuse, merged
 * with recycled neighbours.  A range the host cannot keep is leaked (as
 * jemalloc leaks one it has no extent node for: already purged).
 */
static void chunk_record(struct task *t, struct je_heap *h, u64 vpn, u64 npages)
{
	unsigned int i;

	pages_purge(t, h, vpn, npages);
	je_lock(t, h, &h->chunks_mtx);
	for (i = 0; i < h->nr_extents && h->extents[i].vpn < vpn; i++)
		;
	if (i < h->nr_extents && vpn + npages == h->extents[i].vpn) {
		h->extents[i].vpn = vpn;
		h->extents[i].npages += npages;
	} else {
		if (!grow((void **)&h->extents, &h->cap_extents, h->nr_extents + 1,
			  sizeof(*h->extents)))
			return;
		memmove(&h->extents[i + 1], &h->extents[i],
			(h->nr_extents - i) * sizeof(*h->extents));
		h->extents[i] = (struct je_extent){ vpn, npages };
		h->nr_extents++;
	}
	if (i > 0 && h->extents[i - 1].vpn + h->extents[i - 1].npages == h->extents[i].vpn) {
		h->extents[i - 1].npages += h->extents[i].npages;
		memmove(&h->extents[i], &h->extents[i + 1],
			(h->nr_extents - i - 1) * sizeof(*h->extents));
		h->nr_extents--;
	}
}

/* chunk_dealloc() (3.6, munmap disabled on Linux): the chunk is recorded. */
static void chunk_dealloc(struct task *t, struct je_heap *h, struct je_chunk *c)
{
	u64 vpn = c->vpn, npages = c->npages;

	chunk_unregister(h, c);
	chunk_record(t, h, vpn, npages);
}

/* ---- arena runs (3.6 src/arena.c) ---- */

static bool map_free(const struct je_chunk *c, u64 ind)
{
	return !(c->map[ind].flags & CHUNK_MAP_ALLOCATED);
}

static u8 map_dirty(const struct je_chunk *c, u64 ind)
{
	return c->map[ind].flags & CHUNK_MAP_DIRTY;
}

/* arena_mapbits_*_set on the first and last page of a run */
static void run_set(struct je_chunk *c, u64 ind, u64 npages, u8 flags)
{
	c->map[ind] = (struct je_mapbits){ (u32)npages, flags };
	c->map[ind + npages - 1] = c->map[ind];
}

/* arena_avail_insert() / arena_avail_remove() (3.6): the dirty page counts */
static void avail_insert(struct je_arena *a, struct je_chunk *c, u64 ind, u64 npages)
{
	if (map_dirty(c, ind)) {
		a->ndirty += npages;
		c->ndirty += npages;
	}
}

static void avail_remove(struct je_arena *a, struct je_chunk *c, u64 ind, u64 npages)
{
	if (map_dirty(c, ind)) {
		a->ndirty -= npages;
		c->ndirty -= npages;
	}
}

/* The page of the chunk header holding the map entry of page @ind. */
static u64 map_vpn(const struct je_heap *h, const struct je_chunk *c, u64 ind)
{
	u64 off = JE_CHUNK_HDR_BYTES + JE_MAPELM_BYTES * (ind - h->map_bias);

	return c->vpn + off / h->sim->page_size;
}

/*
 * arena_chunk_alloc() (3.6): the spare, else a new chunk holding one free
 * run of arena_maxclass (clean: fresh or purged pages).
 */
static struct je_chunk *arena_chunk_alloc(struct task *t, struct je_heap *h, struct je_arena *a)
{
	struct je_chunk *c = a->spare;

	if (!grow((void **)&a->chunks, &a->cap_chunks, a->nr_chunks + 1, sizeof(*a->chunks)))
		return NULL;
	if (c) {
		a->spare = NULL;
	} else {
		u64 vpn = chunk_alloc(t, h, h->chunk_npages);

		if (!vpn || !(c = chunk_register(h, vpn, h->chunk_npages, a)))
			return NULL;
		run_set(c, h->map_bias, h->chunk_npages - h->map_bias, 0);
	}
	a->chunks[a->nr_chunks++] = c;
	avail_insert(a, c, h->map_bias, h->chunk_npages - h->map_bias);
	return c;
}

/*
 * arena_chunk_dealloc() (3.6): a wholly free chunk leaves runs_avail and
 * becomes the spare; the previous spare goes back to the chunk cache.
 */
static void arena_chunk_dealloc(struct task *t, struct je_heap *h, struct je_arena *a,
				struct je_chunk *c)
{
	struct je_chunk *old = a->spare;

	avail_remove(a, c, h->map_bias, h->chunk_npages - h->map_bias);
	for (unsigned int i = 0; i < a->nr_chunks; i++) {
		if (a->chunks[i] == c) {
			a->chunks[i] = a->chunks[--a->nr_chunks];
			break;
		}
	}
	a->spare = c;
	if (old)
		chunk_dealloc(t, h, old);
}

/* arena_run_split_large() (3.6): allocate @need pages at the free run @ind. */
static void arena_run_split_large(struct je_arena *a, struct je_chunk *c, u64 ind, u64 need)
{
	u64 total = c->map[ind].npages;
	u8 dirty = map_dirty(c, ind);

	avail_remove(a, c, ind, total);
	a->nactive += need;
	run_set(c, ind, need, CHUNK_MAP_ALLOCATED | dirty);
	if (total > need) {
		run_set(c, ind + need, total - need, dirty);
		avail_insert(a, c, ind + need, total - need);
	}
}

/* Free runs and how many of them touch another free run (nruns_avail/adjac). */
static void chunk_runs_avail(const struct je_heap *h, const struct je_chunk *c, u64 *nruns_avail,
			     u64 *nruns_adjac)
{
	bool prev_free = false;

	*nruns_avail = *nruns_adjac = 0;
	for (u64 i = h->map_bias; i < h->chunk_npages; i += c->map[i].npages) {
		bool f = map_free(c, i);

		*nruns_avail += f;
		*nruns_adjac += f && prev_free;
		prev_free = f;
	}
}

/*
 * arena_chunk_dirty_comp() (3.6): the chunk to purge first: the most
 * fragmented (lowest share of free runs that touch no other free run),
 * then the lowest address, or the highest among unfragmented chunks.
 */
static bool chunk_purges_before(const struct je_heap *h, const struct je_chunk *a,
				const struct je_chunk *b)
{
	u64 a_avail, a_adjac, b_avail, b_adjac, a_val, b_val;

	chunk_runs_avail(h, a, &a_avail, &a_adjac);
	chunk_runs_avail(h, b, &b_avail, &b_adjac);
	a_val = (a_avail - a_adjac) * b_avail;
	b_val = (b_avail - b_adjac) * a_avail;
	if (a_val != b_val)
		return a_val < b_val;
	return a_adjac ? a->vpn < b->vpn : a->vpn > b->vpn;
}

static void arena_maybe_purge(struct task *t, struct je_heap *h, struct je_arena *a);

/*
 * arena_run_dalloc() (3.6): the run at @ind becomes free (dirty unless
 * @cleaned), merged with free neighbours of the same state; a wholly
 * free chunk becomes the spare; a dirty free may purge.
 */
static void arena_run_dalloc(struct task *t, struct je_heap *h, struct je_arena *a,
			     struct je_chunk *c, u64 ind, bool dirty, bool cleaned)
{
	u64 npages = c->map[ind].npages;
	u8 flag;

	a->nactive -= npages;
	if (!cleaned && map_dirty(c, ind))
		dirty = true;
	flag = dirty ? CHUNK_MAP_DIRTY : 0;
	/* arena_run_coalesce(): forward, then backward */
	if (ind + npages < h->chunk_npages && map_free(c, ind + npages) &&
	    map_dirty(c, ind + npages) == flag) {
		u64 next = c->map[ind + npages].npages;

		avail_remove(a, c, ind + npages, next);
		npages += next;
	}
	if (ind > h->map_bias && map_free(c, ind - 1) && map_dirty(c, ind - 1) == flag) {
		u64 prev = c->map[ind - 1].npages;

		ind -= prev;
		avail_remove(a, c, ind, prev);
		npages += prev;
	}
	run_set(c, ind, npages, flag);
	avail_insert(a, c, ind, npages);
	if (npages == h->chunk_npages - h->map_bias)
		arena_chunk_dealloc(t, h, a, c);
	if (dirty)
		arena_maybe_purge(t, h, a);
}

/*
 * arena_chunk_purge() (3.6): purge the dirty runs of @c that touch a
 * clean free run (all of them if none does, or if @all): each is taken
 * out as allocated, madvised, then freed clean, which merges it with its
 * clean neighbours.  Returns the pages purged.
 */
static u64 arena_chunk_purge(struct task *t, struct je_heap *h, struct je_arena *a,
			     struct je_chunk *c, bool all)
{
	u64 nr = 0, npurged = 0, avail, adjac;

	chunk_runs_avail(h, c, &avail, &adjac);
	if (!adjac)
		all = true;
	/* arena_chunk_stash_dirty() */
	for (u64 i = h->map_bias; i < h->chunk_npages; i += c->map[i].npages) {
		u64 npages = c->map[i].npages;

		if (!map_free(c, i) || !map_dirty(c, i))
			continue;
		if (!all && !(i > h->map_bias && map_free(c, i - 1)) &&
		    !(i + npages < h->chunk_npages && map_free(c, i + npages)))
			continue;
		arena_run_split_large(a, c, i, npages);
		h->stash[nr].ind = i;
		h->stash[nr++].npages = npages;
	}
	/* arena_chunk_purge_stashed(): the arena lock is dropped around madvise */
	for (u64 k = 0; k < nr; k++) {
		pages_purge(t, h, c->vpn + h->stash[k].ind, h->stash[k].npages);
		npurged += h->stash[k].npages;
	}
	/* arena_chunk_unstash_purged() */
	for (u64 k = 0; k < nr; k++)
		arena_run_dalloc(t, h, a, c, h->stash[k].ind, false, true);
	return npurged;
}

/*
 * arena_purge() (3.6, all = false): purge chunks, most fragmented first,
 * until the dirty pages are back to nactive >> lg_dirty_mult.  The
 * counter arithmetic is jemalloc's, wrap-around included (a fragmented
 * chunk with more dirty pages than needed makes it purge on).  There is
 * no npurgatory: the model's purges do not overlap.
 */
static void arena_purge(struct task *t, struct je_heap *h, struct je_arena *a)
{
	u64 npurgatory = a->ndirty - (a->nactive >> JE_LG_DIRTY_MULT);

	while (npurgatory > 0) {
		struct je_chunk *chunk = NULL;
		u64 npurgeable, npurged, avail, adjac;

		for (unsigned int i = 0; i < a->nr_chunks; i++) {
			struct je_chunk *c = a->chunks[i];

			if (c->ndirty && (!chunk || chunk_purges_before(h, c, chunk)))
				chunk = c;
		}
		if (!chunk)
			return;
		npurgeable = chunk->ndirty;
		chunk_runs_avail(h, chunk, &avail, &adjac);
		if (npurgeable > npurgatory && !adjac)
			npurgatory = npurgeable;
		npurgatory -= npurgeable;
		npurged = arena_chunk_purge(t, h, a, chunk, false);
		npurgatory += npurgeable - npurged;
	}
}

/* arena_maybe_purge() (3.6): purge when dirty pages exceed nactive / 8. */
static void arena_maybe_purge(struct task *t, struct je_heap *h, struct je_arena *a)
{
	if (a->ndirty > (a->nactive >> JE_LG_DIRTY_MULT))
		arena_purge(t, h, a);
}

/*
 * arena_run_alloc_large() (3.6): the lowest best-fit free run of the
 * arena's chunks, else a run at the start of a new (or the spare) chunk.
 * Returns the chunk, the run's page index in *ind.
 */
static struct je_chunk *arena_run_alloc_large(struct task *t, struct je_heap *h, struct je_arena *a,
					      u64 need, u64 *ind)
{
	struct je_chunk *best = NULL;
	u64 best_ind = 0, best_npages = 0;

	for (unsigned int k = 0; k < a->nr_chunks; k++) {
		struct je_chunk *c = a->chunks[k];

		for (u64 i = h->map_bias; i < h->chunk_npages; i += c->map[i].npages) {
			u64 n = c->map[i].npages;

			if (!map_free(c, i) || n < need)
				continue;
			if (!best || n < best_npages ||
			    (n == best_npages && c->vpn + i < best->vpn + best_ind)) {
				best = c;
				best_ind = i;
				best_npages = n;
			}
		}
	}
	if (!best) {
		best = arena_chunk_alloc(t, h, a);
		if (!best)
			return NULL;
		best_ind = h->map_bias;
	}
	arena_run_split_large(a, best, best_ind, need);
	*ind = best_ind;
	return best;
}

/* arenas_extend() (3.6) */
static struct je_arena *arenas_extend(struct je_heap *h, unsigned int ind)
{
	struct je_arena *a = calloc(1, sizeof(*a));

	if (a) {
		a->ind = ind;
		h->arenas[ind] = a;
	}
	return a;
}

/*
 * choose_arena_hard() (3.6): the first arena with the fewest threads, a
 * new one while some are uninitialized and all initialized have threads.
 */
static struct je_arena *choose_arena(struct je_heap *h, struct je_thread *th)
{
	unsigned int choose = 0, first_null = h->narenas;
	struct je_arena *a;

	if (th->arena)
		return th->arena;
	for (unsigned int i = 1; i < h->narenas; i++) {
		if (h->arenas[i]) {
			if (h->arenas[i]->nthreads < h->arenas[choose]->nthreads)
				choose = i;
		} else if (first_null == h->narenas) {
			first_null = i;
		}
	}
	if (h->arenas[choose]->nthreads == 0 || first_null == h->narenas)
		a = h->arenas[choose];
	else if (!(a = arenas_extend(h, first_null)))
		return NULL;
	a->nthreads++;
	th->arena = a;
	return a;
}

/* arena_dalloc_large() (3.6): a large object back to its chunk's arena. */
static void arena_dalloc_large(struct task *t, struct je_heap *h, struct je_chunk *c, u64 vpn)
{
	je_lock(t, h, &c->arena->lock);
	arena_run_dalloc(t, h, c->arena, c, vpn - c->vpn, true, false);
}

/* tcache_bin_flush_large() (3.6): give back all but @rem, oldest first. */
static void tcache_bin_flush_large(struct task *t, struct je_heap *h, struct je_tcache_bin *tbin,
				   unsigned int rem)
{
	unsigned int nflush = tbin->ncached - rem;

	for (unsigned int i = 0; i < nflush; i++)
		arena_dalloc_large(t, h, chunk_lookup(h, tbin->avail[i]), tbin->avail[i]);
	memmove(tbin->avail, tbin->avail + nflush, rem * sizeof(*tbin->avail));
	tbin->ncached = rem;
}

static u64 size_pages(const struct je_heap *h, u64 bytes)
{
	u64 p = (bytes + h->sim->page_size - 1) / h->sim->page_size;

	return p ? p : 1;
}

u64 je_malloc(struct task *t, struct je_heap *h, struct je_thread *th, u64 bytes, u64 *meta_vpn)
{
	u64 npages = size_pages(h, bytes), ind, vpn;
	struct je_arena *a;
	struct je_chunk *c;

	*meta_vpn = 0;
	if (npages > h->chunk_npages - h->map_bias) {
		/* huge_malloc() (3.6): whole chunks */
		u64 csize = (npages + h->chunk_npages - 1) / h->chunk_npages * h->chunk_npages;

		je_lock(t, h, &h->huge_mtx);
		vpn = chunk_alloc(t, h, csize);
		if (!vpn || !chunk_register(h, vpn, csize, NULL))
			return 0;
		return vpn;
	}
	if (npages <= h->tcache_max_pages && th->tbins[npages - 1].ncached) {
		/* tcache_alloc_large() (3.6): the most recently freed */
		struct je_tcache_bin *tbin = &th->tbins[npages - 1];

		charge_user(t, t->sim->scn.cost.user_touch_ns);
		return tbin->avail[--tbin->ncached];
	}
	a = choose_arena(h, th);
	if (!a)
		return 0;
	/* arena_malloc_large() (3.6) */
	je_lock(t, h, &a->lock);
	c = arena_run_alloc_large(t, h, a, npages, &ind);
	if (!c)
		return 0;
	*meta_vpn = map_vpn(h, c, ind);
	return c->vpn + ind;
}

u64 je_free_meta_vpn(const struct je_heap *h, u64 vpn)
{
	const struct je_chunk *c = chunk_lookup(h, vpn);

	if (!c->arena || c->map[vpn - c->vpn].npages <= h->tcache_max_pages)
		return 0;
	return map_vpn(h, c, vpn - c->vpn);
}

void je_free(struct task *t, struct je_heap *h, struct je_thread *th, u64 vpn)
{
	struct je_chunk *c = chunk_lookup(h, vpn);
	u64 npages;

	if (!c->arena) {
		/* huge_dalloc() (3.6) */
		je_lock(t, h, &h->huge_mtx);
		chunk_dealloc(t, h, c);
		return;
	}
	npages = c->map[vpn - c->vpn].npages;
	if (npages <= h->tcache_max_pages) {
		/* tcache_dalloc_large() (3.6) */
		struct je_tcache_bin *tbin = &th->tbins[npages - 1];

		charge_user(t, t->sim->scn.cost.user_touch_ns);
		if (tbin->ncached == JE_NSLOTS_LARGE)
			tcache_bin_flush_large(t, h, tbin, JE_NSLOTS_LARGE >> 1);
		tbin->avail[tbin->ncached++] = vpn;
		return;
	}
	arena_dalloc_large(t, h, c, vpn);
}

/* arena_boot() (3.6): header pages holding the chunk header and page map. */
static u64 arena_map_bias(u64 chunk_npages, u64 page_size)
{
	u64 map_bias = 0;

	for (int i = 0; i < 3; i++) {
		u64 header = JE_CHUNK_HDR_BYTES + JE_MAPELM_BYTES * (chunk_npages - map_bias);

		map_bias = (header + page_size - 1) / page_size;
	}
	return map_bias;
}

struct je_heap *je_heap_create(struct sim *sim, struct mm_struct *mm, unsigned int nr_cpus,
			       bool purge_free)
{
	struct je_heap *h = calloc(1, sizeof(*h));

	if (!h)
		return NULL;
	h->sim = sim;
	h->mm = mm;
	h->purge_advice = purge_free ? MADV_FREE : MADV_DONTNEED;
	h->chunk_npages = (1ULL << JE_LG_CHUNK) / sim->page_size;
	h->map_bias = arena_map_bias(h->chunk_npages, sim->page_size);
	h->tcache_max_pages = JE_TCACHE_MAXCLASS / sim->page_size;
	/* malloc_init_hard(): narenas = 4 x ncpus, arena 0 created at init */
	h->narenas = nr_cpus > 1 ? nr_cpus * JE_NARENAS_PER_CPU : 1;
	h->arenas = calloc(h->narenas, sizeof(*h->arenas));
	h->stash = calloc(h->chunk_npages, sizeof(*h->stash));
	if (!h->arenas || !h->stash || !arenas_extend(h, 0)) {
		je_heap_destroy(h);
		return NULL;
	}
	return h;
}

void je_heap_destroy(struct je_heap *h)
{
	if (!h)
		return;
	for (unsigned int i = 0; i < h->nr_chunks; i++) {
		free(h->chunks[i]->map);
		free(h->chunks[i]);
	}
	for (unsigned int i = 0; h->arenas && i < h->narenas; i++) {
		if (h->arenas[i]) {
			free(h->arenas[i]->chunks);
			lock_timeline_destroy(&h->arenas[i]->lock);
		}
		free(h->arenas[i]);
	}
	free(h->arenas);
	lock_timeline_destroy(&h->chunks_mtx);
	lock_timeline_destroy(&h->huge_mtx);
	free(h->chunks);
	free(h->extents);
	free(h->stash);
	free(h);
}

int je_thread_init(struct je_heap *h, struct je_thread *th)
{
	th->arena = NULL;
	th->tbins = NULL;
	if (h->tcache_max_pages && !(th->tbins = calloc(h->tcache_max_pages, sizeof(*th->tbins))))
		return -1;
	return 0;
}

void je_thread_destroy(struct je_thread *th)
{
	free(th->tbins);
	th->tbins = NULL;
}

const struct je_stats *je_heap_stats(const struct je_heap *h)
{
	return &h->stats;
}

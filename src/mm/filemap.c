// SPDX-License-Identifier: MIT
/*
 * filemap.c - the page cache (mm/filemap.c, mm/readahead.c, v6.12):
 * buffered read() with on-demand readahead (asynchronous with the machine
 * key read_ahead_async), buffered write() that dirties
 * pages, and removal of reclaimed pages leaving workingset shadows.
 *
 * read() does not count page faults (pgmajfault is only for mapped
 * access); it calls folio_mark_accessed() on every page it copies, which
 * is what promotes a twice-read page to the active list.
 */
#include <stdlib.h>
#include <string.h>
#include <stddef.h>

#include "internal.h"
#include "../sim/config.h"

/*
 * mapping_grow - make room for @cap indices.  The dirty tag is two-level
 * (a bit per page, a bit per 64 pages) so that writeback finds dirty
 * pages the way the kernel's xarray marks let it: without visiting clean
 * ones.
 */
static int mapping_grow(struct address_space *mapping, u64 cap)
{
	u64 words = (cap + 63) / 64, sums = (words + 63) / 64;
	u64 old_words = mapping->capacity ? (mapping->capacity + 63) / 64 : 0;
	u64 old_sums = (old_words + 63) / 64;
	u64 *tag, *sum;

	if (xa_grow(&mapping->i_pages, cap))
		return -1;
	/* a new file's tags are calloc'd: the host maps them as they are touched */
	if (!mapping->capacity) {
		mapping->dirty_tag = calloc(words, sizeof(u64));
		mapping->dirty_tag_sum = calloc(sums, sizeof(u64));
		if (!mapping->dirty_tag || !mapping->dirty_tag_sum)
			return -1;
		mapping->capacity = cap;
		return 0;
	}
	tag = realloc(mapping->dirty_tag, words * sizeof(u64));
	if (!tag)
		return -1;
	mapping->dirty_tag = tag;
	memset(tag + old_words, 0, (words - old_words) * sizeof(u64));
	sum = realloc(mapping->dirty_tag_sum, sums * sizeof(u64));
	if (!sum)
		return -1;
	mapping->dirty_tag_sum = sum;
	memset(sum + old_sums, 0, (sums - old_sums) * sizeof(u64));
	mapping->capacity = cap;
	return 0;
}

/* __xa_set_mark / __xa_clear_mark (PAGECACHE_TAG_DIRTY) */
void mapping_tag_dirty(struct address_space *mapping, u64 index, bool set)
{
	u64 w = index / 64;

	if (set) {
		mapping->dirty_tag[w] |= 1ULL << (index % 64);
		mapping->dirty_tag_sum[w / 64] |= 1ULL << (w % 64);
	} else {
		mapping->dirty_tag[w] &= ~(1ULL << (index % 64));
		if (!mapping->dirty_tag[w])
			mapping->dirty_tag_sum[w / 64] &= ~(1ULL << (w % 64));
	}
}

/* The first dirty-tagged index >= @start, or U64_MAX (xa_find with a mark). */
u64 mapping_find_dirty(const struct address_space *mapping, u64 start)
{
	u64 words = (mapping->capacity + 63) / 64;
	u64 w = start / 64;

	if (start >= mapping->capacity)
		return U64_MAX;
	/* the rest of the first word */
	if (mapping->dirty_tag[w] >> (start % 64))
		return start + (u64)__builtin_ctzll(mapping->dirty_tag[w] >> (start % 64));
	for (w++; w < words;) {
		u64 sum = mapping->dirty_tag_sum[w / 64] >> (w % 64);

		if (!sum) {
			w = (w / 64 + 1) * 64;
			continue;
		}
		w += (u64)__builtin_ctzll(sum);
		if (w >= words)
			break;
		return w * 64 + (u64)__builtin_ctzll(mapping->dirty_tag[w]);
	}
	return U64_MAX;
}

struct address_space *file_create(struct sim *sim, const char *name, u64 pages)
{
	struct address_space *mapping = calloc(1, sizeof(*mapping));

	if (!mapping)
		return NULL;
	if (sim->nr_files == sim->cap_files) {
		unsigned int cap = sim->cap_files ? sim->cap_files * 2 : 16;
		struct address_space **v = realloc(sim->files, cap * sizeof(*v));

		if (!v) {
			free(mapping);
			return NULL;
		}
		sim->files = v;
		sim->cap_files = cap;
	}
	if (mapping_grow(mapping, pages ? pages : 64)) {
		xa_destroy(sim, &mapping->i_pages);
		free(mapping->dirty_tag);
		free(mapping->dirty_tag_sum);
		free(mapping);
		return NULL;
	}
	mapping->id = sim->nr_files;
	mapping->i_mmap_lock.cls = &sim->lock_stat[LOCK_I_MMAP];
	snprintf(mapping->name, sizeof(mapping->name), "%s", name);
	mapping->size = pages;
	sim->files[sim->nr_files++] = mapping;
	return mapping;
}

u32 mapping_pfn(const struct address_space *mapping, u64 index)
{
	u64 e = index < mapping->capacity ? xa_load(&mapping->i_pages, index) : 0;

	return (e && !xa_is_value(e)) ? (u32)(e - 1) : NO_PFN;
}

/*
 * filemap_add_folio() (v6.12): a new folio (@pfn, of the order its head
 * carries) enters the page cache at [@index, + its pages) and the LRU; a
 * workingset shadow left in its range decides whether it starts active
 * (the last one, as __filemap_add_folio's conflict walk keeps it): one
 * shadow, one refault, counted in pages.  Each tail page is the cache's
 * entry for its own index, and points at the head.  @locked: a read is
 * pending.
 */
static void filemap_add_folio(struct task *t, struct address_space *mapping, u64 index, u32 pfn,
			      bool locked)
{
	struct sim *sim = t->sim;
	struct page *page = pfn_to_page(sim, pfn);
	unsigned int nr = folio_nr_pages(page);
	u64 shadow = 0;

	/* pagecache_insert_ns is measured a page, of 1 MiB writes in large folios */
	charge_sys(t, nr * sim->scn.cost.pagecache_insert_ns);
	page->flags = locked ? 1u << PG_locked : 0;
	for (unsigned int i = 0; i < nr; i++) {
		u64 e = xa_load(&mapping->i_pages, index + i);

		if (xa_is_value(e))
			shadow = e;
		page[i].mapping_id = mapping->id;
		page[i].index = (u32)(index + i);
		if (i) {
			page[i].flags = 1u << PG_tail;
			page[i].private = pfn;
			page[i].memcg_id = page->memcg_id;
		}
		xa_store(sim, &mapping->i_pages, index + i, (u64)pfn + i + 1);
	}
	mapping->nrpages += nr;
	mod_lruvec_page_state(sim, pfn, NR_FILE_PAGES, nr);
	if (xa_is_value(shadow))
		workingset_refault(sim, pfn, shadow);
	folio_add_lru(sim, pfn);
}

/*
 * filemap_remove_folio() (v6.12): reclaim drops a clean folio; its
 * shadow takes every index of it (a multi-index entry in the kernel).
 */
bool filemap_remove_folio(struct sim *sim, u32 pfn, u64 shadow)
{
	struct page *page = pfn_to_page(sim, pfn);
	struct address_space *mapping = sim->files[page->mapping_id];
	unsigned int nr = folio_nr_pages(page);

	for (unsigned int i = 0; i < nr; i++)
		xa_store(sim, &mapping->i_pages, page->index + i, shadow);
	mapping->nrpages -= nr;
	mod_lruvec_page_state(sim, pfn, NR_FILE_PAGES, -(long)nr);
	return true;
}

/* The read of a folio ends with the bio holding its last page: unlocked then. */
static void filemap_read_end_io(struct sim *sim, struct bio *bio)
{
	for (unsigned int i = 0; i < bio->nr_pages; i++) {
		u32 head = page_folio(sim, bio->pfns[i]);

		if (bio->pfns[i] == head + folio_nr_pages(pfn_to_page(sim, head)) - 1)
			ClearPageFlag(pfn_to_page(sim, head), PG_locked);
	}
	wake_up_all(sim, &sim->page_wait);
}

static u64 roundup_pow_of_two(u64 x)
{
	u64 r = 1;

	while (r < x)
		r <<= 1;
	return r;
}

/* get_init_ra_size() (v6.12): the first window of a sequential stream. */
static u64 get_init_ra_size(u64 size, u64 max)
{
	u64 newsize = roundup_pow_of_two(size);

	if (newsize <= max / 32)
		return newsize * 4;
	if (newsize <= max / 4)
		return newsize * 2;
	return max;
}

/* get_next_ra_size() (v6.12): windows grow 4x while small, then 2x. */
static u64 get_next_ra_size(u64 cur, u64 max)
{
	if (cur < max / 16)
		return 4 * cur;
	if (cur <= max / 2)
		return 2 * cur;
	return max;
}

/*
 * readahead_gfp_mask() (v6.12; v3.1's "readahead page allocations is OK
 * to fail"): readahead may fail, quietly, rather than reclaim hard or
 * OOM; before, it allocated with the mapping's full mask
 * ([policy] readahead_gfp).
 */
static gfp_t readahead_gfp_mask(const struct sim *sim)
{
	return sim->scn.policy.readahead_noretry ?
		       GFP_HIGHUSER_MOVABLE | __GFP_NORETRY | __GFP_NOWARN :
		       GFP_HIGHUSER_MOVABLE;
}

/* Is a page of [@index, + @nr) in the cache (filemap_add_folio's -EEXIST)? */
static bool mapping_range_present(const struct address_space *mapping, u64 index, u64 nr)
{
	for (u64 i = index; i < index + nr; i++)
		if (mapping_pfn(mapping, i) != NO_PFN)
			return true;
	return false;
}

/*
 * The order of the folio page_cache_ra_order() (v6.17) allocates at
 * @index for a window of folios of @order ending before @end: no larger
 * than @index's alignment allows (its lowest set bit), and shrunk until
 * it ends within the window.
 */
static unsigned int ra_folio_order(u64 index, u64 end, unsigned int order)
{
	if (index & ((1ULL << order) - 1))
		order = (unsigned int)__builtin_ctzll(index);
	while (order && index + (1ULL << order) > end)
		order--;
	return order;
}

/*
 * page_cache_ra_order() / page_cache_ra_unbounded() (v6.17; v6.12 for
 * single pages): read the missing pages of [@index, @index + @size)
 * (clipped to the file) in folios of @order (0: single pages), each
 * allocated and charged with @gfp (which may reclaim and sleep, with the
 * folios added so far locked in the cache, batched in the
 * readahead_control) and all read once the window is allocated
 * (read_pages).  A large folio that meets a cached page (-EEXIST) or
 * cannot be allocated ends the large folios: the rest of the window is
 * read in single pages (the kernel's fallback, do_page_cache_ra), which
 * skip cached pages and stop at the first page they cannot get.  The folio
 * holding @mark, if read now, gets PG_readahead: the reader reaching it
 * starts the next window (page_cache_async_ra).  @sync: @t waits for this
 * read (a major fault if it faulted).  VM_FAULT_OOM if @t was killed.
 */
static enum vm_fault_result ra_read_window(struct task *t, struct address_space *mapping, u64 index,
					   u64 size, u64 mark, bool sync, gfp_t gfp,
					   unsigned int order)
{
	struct sim *sim = t->sim;
	u64 end = min_u64(index + size, mapping->size), nr_read = 0;
	enum vm_fault_result r = VM_FAULT_DONE;

	for (u64 i = index; i < end;) {
		unsigned int o = ra_folio_order(i, end, order), nr = 1u << o;
		u32 pfn;

		if (mapping_range_present(mapping, i, nr)) {
			if (o)
				order = 0;
			else
				i++;
			continue;
		}
		r = alloc_charged_folio(t, gfp, o, &pfn);
		if (r == VM_FAULT_NOMEM && o) {
			order = 0;
			continue;
		}
		if (r != VM_FAULT_DONE)
			break;
		/* filemap_add_folio() fails with -EEXIST: someone read it meanwhile */
		if (mapping_range_present(mapping, i, nr)) {
			free_unref_page(sim, pfn);
			continue;
		}
		filemap_add_folio(t, mapping, i, pfn, true);
		if (mark >= i && mark < i + nr)
			SetPageFlag(pfn_to_page(sim, pfn), PG_readahead);
		/* the bio starts where its first page lies on the disk (for the head) */
		for (unsigned int p = 0; p < nr; p++)
			ra_bio_add(t, &sim->disk_dev, filemap_read_end_io,
				   file_page_sector(sim, pfn + p), pfn + p);
		nr_read += nr;
		/* submit_bio(): task_io_account_read() of the pages really read */
		mm_task(t)->read_bytes += (u64)nr * sim->page_size;
		i += nr;
	}
	read_pages(t);
	if (sync && nr_read)
		mm_task(t)->fault_major = true; /* this task waits for its own read */
	count_vm_events(sim, PGPGIN, nr_read * sim->page_size / 1024);
	mapping->ra_next = end;
	mapping->ra_size = size;
	return r == VM_FAULT_OOM ? r : VM_FAULT_DONE;
}

/*
 * page_cache_ra_order() (v6.17), its bookkeeping: the order of the folios
 * a window of @size pages would be read in, kept as the stream's preferred
 * order: at most the file's largest (read_ahead_folio_order) and the
 * window's.  The order places the windows (page_cache_async_ra) and,
 * with readahead_folios = large, is the order of their folios.
 */
static void ra_note_order(struct sim *sim, struct address_space *mapping, u64 size)
{
	unsigned int order = min_u64(mapping->ra_order, sim->scn.machine.read_ahead_folio_order);

	while (order && (1ULL << order) > size)
		order--; /* ilog2(size) */
	mapping->ra_order = order;
}

/*
 * The folio order of an asynchronous window (page_cache_async_ra, v6.17
 * ra->order): the stream's, with readahead_folios = large; else single
 * pages, as before 5.18.
 */
static unsigned int ra_window_order(const struct sim *sim, const struct address_space *mapping)
{
	return sim->scn.policy.readahead_large_folios ? mapping->ra_order : 0;
}

/*
 * page_cache_sync_ra() (v6.12 ondemand readahead, synchronous part): read
 * a window starting at @index: the next, larger window if the reader
 * continues where the last window ended, else an initial one sized from
 * the request.  The window's last async_size pages are read ahead of the
 * request: with read_ahead_async the first of them is marked, and a
 * reader reaching it reads the next window without waiting
 * (page_cache_async_ra); without, the reader waits for each window at its
 * miss.  async_size is the whole of a next window, the part past the
 * request of an initial one.
 */
static enum vm_fault_result page_cache_sync_ra(struct task *t, struct address_space *mapping,
					       u64 index, unsigned long req_pages)
{
	struct sim *sim = t->sim;
	u64 max = max_u64(sim->scn.machine.read_ahead / sim->page_size, 1);
	bool next = index == mapping->ra_next && mapping->ra_size;
	u64 size = next ? get_next_ra_size(mapping->ra_size, max) :
			  get_init_ra_size(req_pages, max);
	u64 async_size = next || size <= req_pages ? size : size - req_pages;

	/* a new stream starts with single pages (v6.17: ra->order = 0) */
	mapping->ra_order = 0;
	/* no marker without asynchronous readahead: U64_MAX is no page */
	return ra_read_window(t, mapping, index, size,
			      sim->scn.machine.read_ahead_async ? index + size - async_size :
								  U64_MAX,
			      true, readahead_gfp_mask(sim), 0);
}

/*
 * page_cache_async_ra() (v6.12): the reader reached the marked page of
 * the last window: read the next, larger window, all of it ahead (its
 * first page marked), while the reader goes on with the pages it has.
 * v6.17 ("Terminate async readahead on natural boundary"): with large
 * folios (read_ahead_folio_order) the preferred order grows by 2 a window
 * and the window's end is rounded down to a multiple of 2^order pages (at
 * most the lowest set bit of the largest window), so that its folios need
 * not shrink to fit; a stream's windows then settle on multiples of the
 * window size.
 */
static enum vm_fault_result page_cache_async_ra(struct task *t, struct address_space *mapping)
{
	struct sim *sim = t->sim;
	u64 max = max_u64(sim->scn.machine.read_ahead / sim->page_size, 1);
	u64 start = mapping->ra_next;
	u64 size = get_next_ra_size(mapping->ra_size, max);

	if (start >= mapping->size)
		return VM_FAULT_DONE;
	if (sim->scn.machine.read_ahead_folio_order) {
		unsigned int order = mapping->ra_order + 2;
		u64 align = 1ULL << min_u64(order, (u64)__builtin_ctzll(max));
		u64 aligned_end = (start + size) / align * align;

		if (aligned_end > start)
			size = aligned_end - start;
		mapping->ra_order = order;
		ra_note_order(sim, mapping, size);
	}
	return ra_read_window(t, mapping, start, size, start, false, readahead_gfp_mask(sim),
			      ra_window_order(sim, mapping));
}

/*
 * folio_wait_bit_common() (v6.12) on PG_locked, as folio_wait_locked():
 * @t sleeps in io_schedule() until the read of @pfn completes (a locked
 * page is a page being read in the model, so never uptodate); waiting for
 * a workingset page is thrashing, a memstall (psi_memstall_sleep).  The
 * caller looks the page up again: the kernel holds a folio reference
 * while it waits, the model's caller only a pfn, which may have been
 * reclaimed and reused by then.
 */
void folio_wait_locked(struct task *t, u32 pfn)
{
	const struct page *page = pfn_to_page(t->sim, page_folio(t->sim, pfn));

	if (!PageFlag(page, PG_locked))
		return;
	if (PageFlag(page, PG_workingset))
		psi_memstall_sleep(t);
	io_wait_event(t, &t->sim->page_wait, !PageFlag(page, PG_locked));
}

/*
 * filemap_get_pages() (v6.12) for one page: the uptodate page at @index.
 * A missing page starts a readahead window (page_cache_sync_ra, whose
 * pages may fail), and if the page is still missing it is read alone with
 * the mapping's full mask (filemap_create_folio, which may OOM).  For a
 * read(), a page marked PG_readahead starts the next window first
 * (filemap_readahead), before any wait for the page itself.  A page
 * being read makes @t wait for it: a read() then looks again
 * (filemap_update_page), a fault returns VM_FAULT_RETRY, as filemap_fault
 * does when lock_folio_maybe_drop_mmap() waited with mmap_lock dropped.
 */
static enum vm_fault_result filemap_get_page(struct task *t, struct address_space *mapping,
					     u64 index, unsigned long req_pages, bool fault,
					     u32 *pfn)
{
	struct sim *sim = t->sim;
	enum vm_fault_result r;

	for (;;) {
		*pfn = mapping_pfn(mapping, index);
		if (*pfn == NO_PFN) {
			r = page_cache_sync_ra(t, mapping, index, req_pages);
			if (r == VM_FAULT_DONE && mapping_pfn(mapping, index) == NO_PFN)
				r = ra_read_window(t, mapping, index, 1, U64_MAX, true,
						   GFP_HIGHUSER_MOVABLE, 0);
			if (r != VM_FAULT_DONE)
				return r;
			continue;
		}
		/* filemap_readahead(): the marked folio starts the next window first */
		if (!fault && sim->scn.machine.read_ahead_async &&
		    TestClearPageFlag(pfn_to_page(sim, page_folio(sim, *pfn)), PG_readahead)) {
			r = page_cache_async_ra(t, mapping);
			if (r != VM_FAULT_DONE)
				return r;
			continue;
		}
		if (!PageFlag(pfn_to_page(sim, page_folio(sim, *pfn)), PG_locked))
			return VM_FAULT_DONE;
		if (fault)
			return folio_lock_or_retry(t, *pfn);
		folio_wait_locked(t, *pfn);
	}
}

/*
 * filemap_read()'s folio_mark_accessed() (v6.12): a read that goes on in
 * the folio the last one ended in (pos_same_folio) does not mark it again,
 * so that reading a large folio in several calls marks it once.  A single
 * page is marked at every read, as before: the model reads it whole.
 */
static void read_mark_accessed(struct sim *sim, struct address_space *mapping, u64 index, u32 pfn)
{
	u32 head = page_folio(sim, pfn);
	const struct page *page = pfn_to_page(sim, head);
	u64 prev = mapping->prev_index;

	mapping->prev_index = index + 1;
	if (page->order && prev && prev - 1 >= page->index &&
	    prev - 1 < page->index + folio_nr_pages(page))
		return;
	folio_mark_accessed(sim, head);
}

/*
 * filemap_read() (v6.12) of one page, for a read() call of @req_pages
 * pages that covers it: a missing page starts readahead and the task
 * waits for the read; a present page is marked accessed and copied.  On
 * the way back to user space a task over memory.high pays for it
 * (mem_cgroup_handle_over_high).
 */
enum vm_fault_result filemap_read(struct task *t, struct address_space *mapping, u64 index,
				  unsigned long req_pages)
{
	struct sim *sim = t->sim;
	enum vm_fault_result r;
	u32 pfn;

	r = filemap_get_page(t, mapping, index, req_pages, false, &pfn);
	if (r != VM_FAULT_DONE)
		return r;
	read_mark_accessed(sim, mapping, index, pfn);
	charge_sys(t, sim->scn.cost.copy_page_ns);
	mm_task(t)->fault_major = false; /* read() counts no faults */
	mem_cgroup_handle_over_high(t);
	return VM_FAULT_DONE;
}

#define MMAP_LOTSAMISS 100 /* mm/filemap.c */

/* The bdi's readahead window, pages (file_ra_state.ra_pages). */
static u64 ra_pages(const struct sim *sim)
{
	return sim->scn.machine.read_ahead / sim->page_size;
}

/*
 * do_sync_mmap_readahead() (v6.12; v4.x reads the same): a fault found
 * no page at @index.  MADV_RANDOM (VM_RAND_READ): no readahead.
 * MADV_SEQUENTIAL (VM_SEQ_READ): read()'s on-demand readahead with the
 * whole window as the request.  Otherwise read-around: mmap_miss counts
 * the miss (at most 10 x MMAP_LOTSAMISS), and while misses lead hits by
 * more than MMAP_LOTSAMISS the file gets no readahead, "it will only
 * hurt"; else ra_pages centred on the fault are read, and with
 * mmap_readahead = async (v2.6.31+) the first page of their last quarter
 * (async_size = ra_pages / 4) is marked PG_readahead, so that the reader
 * reaching it reads the next window ahead of itself
 * (do_async_mmap_readahead).  2.6.25's filemap_fault read the same window
 * without a marker (do_page_cache_readahead).  With mmap_exec_readahead =
 * vma (v6.17, 3b61a3f08949 "mm/filemap: allow arch to request folio size
 * for exec memory") a miss in an executable mapping reads instead from the
 * fault's page on (rounded down to exec_folio_order(), 0 on x86-64), at
 * most ra_pages and never past the end of the mapping, with no
 * PG_readahead marker (async_size 0): a program's text is read where it
 * runs, not its file around it.
 */
static enum vm_fault_result do_sync_mmap_readahead(struct task *t, const struct vm_area_struct *vma,
						   struct address_space *mapping, u64 index)
{
	struct sim *sim = t->sim;
	const unsigned long vm_flags = vma->vm_flags;
	u64 size = ra_pages(sim), start;

	if ((vm_flags & VM_RAND_READ) || !size)
		return VM_FAULT_DONE;
	if (vm_flags & VM_SEQ_READ)
		return page_cache_sync_ra(t, mapping, index, size);
	if (mapping->mmap_miss < MMAP_LOTSAMISS * 10)
		mapping->mmap_miss++;
	if (mapping->mmap_miss > MMAP_LOTSAMISS)
		return VM_FAULT_DONE;
	if ((vm_flags & VM_EXEC) && sim->scn.policy.mmap_exec_ra_vma) {
		u64 vma_end = vma->vm_pgoff + (vma->vm_end - vma->vm_start);

		start = max_u64(index, vma->vm_pgoff);
		size = min_u64(start + size, vma_end) - start;
		mapping->ra_order = 0;
		return ra_read_window(t, mapping, start, size, U64_MAX, true,
				      readahead_gfp_mask(sim), 0);
	}
	start = index > size / 2 ? index - size / 2 : 0;
	mapping->ra_order = 0;
	return ra_read_window(t, mapping, start, size,
			      sim->scn.policy.mmap_async_ra ? start + size - size / 4 : U64_MAX,
			      true, readahead_gfp_mask(sim), 0);
}

/*
 * do_async_mmap_readahead() (v6.12): a fault found its page in the cache:
 * a hit for mmap_miss, and a page marked PG_readahead reads the next
 * window (page_cache_async_ra) before the fault waits for anything.
 * MADV_RANDOM: nothing.
 */
static enum vm_fault_result do_async_mmap_readahead(struct task *t, unsigned long vm_flags,
						    struct address_space *mapping, u32 pfn)
{
	struct sim *sim = t->sim;

	if ((vm_flags & VM_RAND_READ) || !ra_pages(sim))
		return VM_FAULT_DONE;
	if (mapping->mmap_miss)
		mapping->mmap_miss--;
	if (TestClearPageFlag(pfn_to_page(sim, page_folio(sim, pfn)), PG_readahead))
		return page_cache_async_ra(t, mapping);
	return VM_FAULT_DONE;
}

/*
 * filemap_fault() (v6.12), the ->fault of a file mapping @vma, for the
 * page at @index that fault-around did not map.  A page in the cache: on
 * the first attempt (not FAULT_FLAG_TRIED) do_async_mmap_readahead.  No
 * page at all: the fault is major (VM_FAULT_MAJOR: PGMAJFAULT, counted
 * when the fault completes), do_sync_mmap_readahead reads around it, and
 * a page still missing (no readahead, or it failed) is read alone with
 * the mapping's full mask (page_cache_read / __filemap_get_folio(
 * FGP_CREAT)), which may OOM.  A locked page (being read) is waited for
 * with mmap_lock dropped: VM_FAULT_RETRY (lock_folio_maybe_drop_mmap),
 * and the retry maps it.  The kernel holds a reference on the page
 * across the readahead; the model's caller only a pfn, so the page is
 * looked up again after anything that may sleep.
 */
enum vm_fault_result filemap_fault(struct task *t, const struct vm_area_struct *vma, u64 index,
				   u32 *pfn)
{
	struct address_space *mapping = vma->vm_file;
	enum vm_fault_result r;

	*pfn = mapping_pfn(mapping, index);
	if (*pfn != NO_PFN && !mm_task(t)->fault_tried) {
		r = do_async_mmap_readahead(t, vma->vm_flags, mapping, *pfn);
		if (r != VM_FAULT_DONE)
			return r;
		*pfn = mapping_pfn(mapping, index);
	}
	if (*pfn == NO_PFN) {
		mm_task(t)->fault_major = true;
		r = do_sync_mmap_readahead(t, vma, mapping, index);
		if (r == VM_FAULT_DONE && mapping_pfn(mapping, index) == NO_PFN)
			r = ra_read_window(t, mapping, index, 1, U64_MAX, true,
					   GFP_HIGHUSER_MOVABLE, 0);
		if (r != VM_FAULT_DONE)
			return r;
		*pfn = mapping_pfn(mapping, index);
		if (*pfn == NO_PFN)
			return VM_FAULT_RETRY; /* read and reclaimed already: look again */
	}
	/* *pfn is the page at @index, its folio's state is the head's */
	if (PageFlag(pfn_to_page(t->sim, page_folio(t->sim, *pfn)), PG_locked))
		return folio_lock_or_retry(t, *pfn);
	return VM_FAULT_DONE;
}

/*
 * filemap_map_pages() (v6.12), fault-around's ->map_pages: map into the
 * empty PTEs of @vma's [@start, @end) the pages of the cache that
 * next_uptodate_folio() takes: uptodate and free (not locked, i.e. not
 * being read), and not marked PG_readahead, whose fault must start the
 * next window.  They need no fault of their own.  Their PTEs are young:
 * set_pte_range() makes prefaulted PTEs old only where the architecture
 * asks (arm64, arch_wants_old_prefaulted_pte, v5.12); on x86 they were
 * young in every release (2016's "mm: make faultaround produce old ptes"
 * was reverted before v4.7 shipped).  The pages are not marked accessed.
 * Each page mapped is a hit for mmap_miss, but (mmap_miss_hits =
 * not_workingset, v6.10) not a page that refaulted as
 * workingset: a file thrashing its read-around still turns it off.
 * Returns true when the page at @vpn was mapped (VM_FAULT_NOPAGE).
 */
bool filemap_map_pages(struct task *t, struct vm_area_struct *vma, u64 start, u64 end, u64 vpn)
{
	struct sim *sim = t->sim;
	struct address_space *mapping = vma->vm_file;
	unsigned int hits = 0;
	bool mapped = false;

	for (u64 v = start; v < end; v++) {
		pte_t *pte = pte_alloc_map(sim, vma, v);
		u32 pfn;
		const struct page *page;

		if (!pte_none(*pte))
			continue;
		pfn = mapping_pfn(mapping, vma->vm_pgoff + (v - vma->vm_start));
		if (pfn == NO_PFN)
			continue;
		page = pfn_to_page(sim, page_folio(sim, pfn)); /* the folio's state */
		if (PageFlag(page, PG_locked) || PageFlag(page, PG_readahead))
			continue;
		if (!sim->scn.policy.mmap_miss_workingset || !PageFlag(page, PG_workingset))
			hits++;
		charge_sys(t, sim->scn.cost.pte_ns);
		folio_add_rmap_pte(sim, t->mm, pte, pfn, PTE_YOUNG);
		mapped |= v == vpn;
	}
	mapping->mmap_miss -= min_u64(hits, mapping->mmap_miss);
	return mapped;
}

/*
 * folio_mark_dirty() for a page-cache folio by @t (v6.12
 * filemap_dirty_folio): the folio is dirtied whole, its head tagged, and
 * folio_account_dirtied() counts all its pages: NR_FILE_DIRTY (node and
 * memcg), NR_DIRTIED, the zone's write-pending pages, the dirty pages
 * the dirty limits count (the model's one wb) and @t's write_bytes
 * (task_io_account_write of the folio's size).
 */
static void folio_mark_dirty_file(struct task *t, struct address_space *mapping, u32 pfn)
{
	struct sim *sim = t->sim;
	struct page *page = pfn_to_page(sim, pfn);
	unsigned int nr = folio_nr_pages(page);

	if (PageFlag(page, PG_dirty))
		return;
	SetPageFlag(page, PG_dirty);
	mapping_tag_dirty(mapping, page->index, true);
	mod_lruvec_page_state(sim, pfn, NR_FILE_DIRTY, nr);
	mod_node_page_state(page_pgdat(sim, pfn), NR_DIRTIED, nr);
	mod_zone_page_state(page_zone(sim, pfn), NR_ZONE_WRITE_PENDING, nr);
	mm_task(t)->write_bytes += (u64)nr * sim->page_size;
	if (!mapping->nr_dirty) /* __mark_inode_dirty: at the head of b_dirty */
		mapping->dirtied_when = sim->wb_dirty_newest = task_now(t);
	mapping->nr_dirty += nr;
	sim->nr_dirty += nr;
}

/*
 * balance_dirty_pages() (v6.12; 2.6.35's loops the same way), simplified:
 * above the background threshold the flusher is started; above the dirty
 * threshold the writer, its page written, sleeps (at most MAX_PAUSE,
 * 200 ms, or until a writeback completes) and looks again, until dirty
 * and writeback pages are back under the threshold: however many writers
 * there are, together they overshoot it by at most one page each.  The
 * kernel's proportional pacing between the two thresholds is not
 * modelled.
 */
static void balance_dirty_pages(struct task *t)
{
	struct sim *sim = t->sim;

	for (;;) {
		u64 bg, thresh = global_dirty_limit(sim, &bg);

		if (sim->nr_dirty > bg)
			wb_start_background_writeback(sim);
		if (sim->nr_dirty + sim->nr_writeback <= thresh)
			break;
		t->in_iowait = true; /* balance_dirty_pages: io_schedule_timeout() */
		sim->disk_dev.wbt.dirty_sleep_ns = task_now(t); /* wb->dirty_sleep, for blk-wbt */
		schedule_timeout(t, &sim->dirty_throttle_wait, 200 * NSEC_PER_MSEC);
	}
}

/*
 * The order of the folio a buffered write creates at @index, @len pages
 * of the write() call left from it (v6.12 generic_perform_write and
 * __filemap_get_folio with fgf_set_order, as iomap_write_begin since 6.6
 * and ext4's write_begin since 6.16 ask for it): the write goes in chunks
 * of the mapping's largest folio (read_ahead_folio_order), each ending on
 * a chunk boundary; a chunk's length asks for the largest order whose
 * folio it fills (ilog2), lowered to @index's alignment.  Single pages
 * with write_folios = single: before 6.6, a write_begin asked for a page.
 */
static unsigned int write_folio_order(const struct sim *sim, u64 index, u64 len)
{
	unsigned int max = sim->scn.machine.read_ahead_folio_order, order = 0;
	u64 chunk = 1ULL << max, bytes;

	if (!sim->scn.policy.write_large_folios)
		return 0;
	bytes = min_u64(chunk - (index & (chunk - 1)), len);
	while (order < max && (2ULL << order) <= bytes)
		order++;
	if (index & ((1ULL << order) - 1))
		order = (unsigned int)__builtin_ctzll(index);
	return order;
}

/*
 * __filemap_get_folio(FGP_WRITEBEGIN | FGP_CREAT) (v6.12), no folio at
 * @index: allocate and charge a folio of @order, a large one with
 * __GFP_NORETRY | __GFP_NOWARN, add it to the cache, and if either fails
 * (no memory, or -EEXIST: a page of its range is cached) try the next
 * order down; a single page that is already cached is looked up again
 * (goto repeat): *@pfn NO_PFN.  The new folio is not read: the write
 * covers it whole.
 */
static enum vm_fault_result write_begin_create(struct task *t, struct address_space *mapping,
					       u64 index, unsigned int order, u32 *pfn)
{
	struct sim *sim = t->sim;

	for (;; order--) {
		u64 nr = 1ULL << order;
		gfp_t gfp = GFP_HIGHUSER_MOVABLE | (order ? __GFP_NORETRY | __GFP_NOWARN : 0);
		enum vm_fault_result r;

		*pfn = NO_PFN;
		if (mapping_range_present(mapping, index, nr)) {
			if (!order)
				return VM_FAULT_DONE; /* -EEXIST: look it up again */
			continue;
		}
		r = alloc_charged_folio(t, gfp, order, pfn);
		if (r == VM_FAULT_NOMEM && order)
			continue;
		if (r != VM_FAULT_DONE)
			return r;
		/* filemap_add_folio() fails with -EEXIST: someone added a page meanwhile */
		if (mapping_range_present(mapping, index, nr)) {
			free_unref_page(sim, *pfn);
			*pfn = NO_PFN;
			if (!order)
				return VM_FAULT_DONE;
			continue;
		}
		filemap_add_folio(t, mapping, index, *pfn, false);
		return VM_FAULT_DONE;
	}
}

/*
 * filemap_write() - one page of a buffered write() (generic_perform_write,
 * v6.12), @len pages of the call left from @index: find, or create in a
 * folio of write_folio_order (no read needed: whole pages are written),
 * copy, dirty the folio, then balance_dirty_pages (which may sleep).  A
 * page of a large folio, from readahead or an earlier page of this
 * write, is written into it: the folio is dirty already.  Returns
 * VM_FAULT_DONE once the page is written, VM_FAULT_OOM if @t was killed.
 */
enum vm_fault_result filemap_write(struct task *t, struct address_space *mapping, u64 index,
				   u64 len)
{
	struct sim *sim = t->sim;
	unsigned int order = write_folio_order(sim, index, len);
	u32 pfn;

	if (index + (1ULL << order) > mapping->capacity &&
	    mapping_grow(mapping, max_u64(mapping->capacity * 2, index + (1ULL << order))))
		return VM_FAULT_OOM;
	/* __filemap_get_folio(FGP_WRITEBEGIN): find, or create, and lock the folio */
	for (;;) {
		pfn = mapping_pfn(mapping, index);
		if (pfn == NO_PFN) {
			enum vm_fault_result r = write_begin_create(t, mapping, index, order, &pfn);

			if (r != VM_FAULT_DONE)
				return r;
			if (pfn == NO_PFN)
				continue;
			break;
		}
		if (!PageFlag(pfn_to_page(sim, page_folio(sim, pfn)), PG_locked))
			break;
		folio_wait_locked(t, pfn);
	}
	if (index >= mapping->size)
		mapping->size = index + 1;
	charge_sys(t, sim->scn.cost.copy_page_ns);
	folio_mark_dirty_file(t, mapping, page_folio(sim, pfn));
	balance_dirty_pages(t);
	mem_cgroup_handle_over_high(t);
	return VM_FAULT_DONE;
}

/* [machine]: the readahead window */

#define M_OFF(f) offsetof(struct scn_machine, f)

static const struct cfg_key filemap_machine_keys[] = {
	{ .name = "read_ahead",
	  .type = CFG_SIZE,
	  .off = M_OFF(read_ahead),
	  .def = "128K",
	  .doc = "file readahead window (read_ahead_kb; VM_READAHEAD_PAGES)" },
	{ .name = "read_ahead_async",
	  .type = CFG_ENUM,
	  .off = M_OFF(read_ahead_async),
	  .size = sizeof(bool),
	  .values = CFG_VALUES("off", "on"),
	  .def = "on",
	  .doc = "on: read() readahead as the kernel's (2.6.23+): a window's pages past the request are read ahead, and the reader reaching the first of them reads the next window without waiting (PG_readahead, page_cache_async_ra), so pages are read up to two windows ahead; off: the model before it, each window read when the reader misses, the reader waiting" },
	{ .name = "read_ahead_folio_order",
	  .type = CFG_UINT,
	  .off = M_OFF(read_ahead_folio_order),
	  .flags = CFG_F_ORIGIN,
	  .origin_off = M_OFF(read_ahead_folio_order_origin),
	  .min = 0,
	  .max = 9,
	  .def = "0",
	  .doc = "the largest page-cache folio order of files (mapping_max_folio_order: 9, 2 MiB, on ext4 since 6.16 and xfs) on a v6.17+ kernel, which ends each asynchronous readahead window on a boundary of its folio order (page_cache_async_ra), so a stream's windows settle on multiples of the window; with [policy] readahead_folios = large the windows are read in folios up to this order. 0: windows end where their size puts them and pages are single (before 6.17, or no large folios); at most [policy] max_page_order, as the kernel's MAX_PAGECACHE_ORDER" },
};

CFG_TABLE(filemap_machine_table, filemap_machine_keys);

/* [policy]: how readahead allocates, and the readahead of mapped files */

#define P_OFF(f) .off = offsetof(struct scn_policy, f), .size = sizeof(((struct scn_policy *)0)->f)

static const struct cfg_key filemap_policy_keys[] = {
	{ .name = "readahead_gfp",
	  .type = CFG_ENUM,
	  P_OFF(readahead_noretry),
	  .values = CFG_VALUES("full", "noretry"),
	  .def = "noretry",
	  .doc = "the mask of page-cache readahead's pages: v3.1+ the mapping's with __GFP_NORETRY and __GFP_NOWARN (readahead_gfp_mask: a page that needs more than one reclaim pass ends the window, never an OOM kill) / before, the mapping's full mask" },
	{ .name = "readahead_folios",
	  .type = CFG_ENUM,
	  P_OFF(readahead_large_folios),
	  .values = CFG_VALUES("single", "large"),
	  .def = "large",
	  .doc = "the folios asynchronous readahead allocates: large (v5.18+, page_cache_ra_order): each window of a stream in folios of its order, up to [machine] read_ahead_folio_order (the file system's largest; 0: single pages) and the window, two orders more a window; reclaim, refault, memcg charge and the counters take a folio whole / single: 4 KiB pages (before 5.18)" },
	{ .name = "write_folios",
	  .type = CFG_ENUM,
	  P_OFF(write_large_folios),
	  .values = CFG_VALUES("single", "large"),
	  .def = "large",
	  .doc = "the folios a buffered write() creates: large (v6.6+ iomap_write_begin, ext4 6.16+, __filemap_get_folio with fgf_set_order): a folio as large as the write's length fills, in chunks of [machine] read_ahead_folio_order's folio (the file system's largest; 0: single pages), lowered to the page index's alignment, a smaller one when it cannot be allocated; dirtied, written back, reclaimed and truncated whole / single: 4 KiB pages (before 6.6; 5.18-6.5 read large folios but wrote single pages)" },
	{ .name = "mmap_readahead",
	  .type = CFG_ENUM,
	  P_OFF(mmap_async_ra),
	  .values = CFG_VALUES("readaround", "async"),
	  .def = "async",
	  .doc = "a page-cache miss of a file mapping reads read_ahead centred on the fault (do_sync_mmap_readahead); async (v2.6.31+): the first page of the window's last quarter is marked PG_readahead and the fault reaching it reads the next window ahead (do_async_mmap_readahead) / readaround (2.6.25): no marker, every window read at a miss" },
	{ .name = "mmap_exec_readahead",
	  .type = CFG_ENUM,
	  P_OFF(mmap_exec_ra_vma),
	  .values = CFG_VALUES("around", "vma"),
	  .def = "around",
	  .doc = "a page-cache miss of an executable file mapping (program text, VM_EXEC): around (before 6.17): the read-around of any mapping / vma (v6.17, 3b61a3f08949): read_ahead from the fault's page on, cut at the end of the mapping, no PG_readahead marker (do_sync_mmap_readahead)" },
	{ .name = "fault_around_bytes",
	  .type = CFG_SIZE,
	  P_OFF(fault_around_bytes),
	  .min = 0,
	  .max = 2097152,
	  .def = "64K",
	  .doc = "bytes (/sys/kernel/debug/fault_around_bytes, v3.15+): a read fault on a file mapping first maps the cached, uptodate pages of this aligned window around it (do_fault_around, filemap_map_pages), no fault of their own; rounded down to a power of two of pages, at most a page table (2M); below two pages (0: before v3.15) none" },
	{ .name = "mmap_miss_hits",
	  .type = CFG_ENUM,
	  P_OFF(mmap_miss_workingset),
	  .values = CFG_VALUES("all", "not_workingset"),
	  .def = "not_workingset",
	  .doc = "which pages fault-around maps count as hits against mmap_miss (the misses that turn read-around off): all (v3.15+) / not_workingset (v6.10+: pages that refaulted as workingset do not, so a thrashing file's read-around stops)" },
};

CFG_TABLE(filemap_policy_table, filemap_policy_keys);

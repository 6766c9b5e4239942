// SPDX-License-Identifier: MIT
/*
 * page-writeback.c - dirty limits, the flusher and the end of writeback
 * (mm/page-writeback.c, fs/fs-writeback.c, v6.12).
 *
 * One flusher thread writes dirty page-cache pages in batches of up to
 * MAX_WRITEBACK_PAGES when it is kicked (by reclaim meeting dirty pages:
 * everything, or before 4.11 the pages it scanned), when dirty pages pass the
 * background threshold, or periodically (dirty_writeback_centisecs) for
 * files dirty longer than dirty_expire_centisecs.
 */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "../sim/config.h"
#include "../sim/scenario.h"

#define MAX_WRITEBACK_PAGES 1024

static u64 global_free_pages(const struct sim *sim)
{
	u64 free = 0;

	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		for (int z = 0; z < MAX_NR_ZONES; z++)
			free += (u64)sim->nodes[n].node_zones[z].vm_stat[NR_FREE_PAGES];
	return free;
}

/*
 * 3.10's global_dirtyable_memory() after it summed the free and the
 * reclaimable pages: less dirty_balance_reserve (3.3, "mm: exclude
 * reserved pages from dirtyable memory": the high watermarks and lowmem
 * reserves, totalreserve_pages' value) and less min_free_kbytes (the -mm
 * patch "page-writeback.c: subtract min_free_kbytes from dirtyable
 * memory", in 3.10), neither below 0.  The highmem part is not modelled.
 */
static u64 dirtyable_less_reserves(const struct sim *sim, u64 x)
{
	u64 min_free = (u64)(sim->min_free_kbytes > 0 ? sim->min_free_kbytes : 0) >>
		       (sim->page_shift - 10);

	x -= min_u64(x, sim->totalreserve_pages);
	x -= min_u64(x, min_free);
	return x;
}

/*
 * global_dirty_limits() (v6.12 domain_dirty_limits over
 * global_dirtyable_memory): free pages above the reserves plus file LRU
 * pages, times dirty_ratio / dirty_background_ratio percent; the
 * background threshold is at most half the dirty one.  With
 * dirtyable_memory = free_and_reclaimable, get_dirty_limits() over
 * determine_dirtyable_memory() of 2.6.32..3.13: all free pages plus
 * global_reclaimable_pages(), the file LRU pages and, while swap has
 * room, the anon ones (3.14 left anon out, 3.3 took the reserves off);
 * reclaimable_less_reserves: 3.10's, the same sum less the reserves and
 * min_free_kbytes (dirtyable_less_reserves); free_and_lru: 2.6.x..2.6.31's, all free pages plus every LRU page,
 * anon counted with no swap too (global_lru_pages(); 2.6.32's
 * adea02a1bea, "mm: count only reclaimable lru pages", added the test).
 */
u64 global_dirty_limit(const struct sim *sim, u64 *background)
{
	enum dirtyable_memory base = sim->scn.policy.dirtyable_memory;
	u64 free = global_free_pages(sim), lru = 0, dirtyable, thresh, bg;
	bool anon = base == DIRTYABLE_LRU ||
		    ((base == DIRTYABLE_RECLAIMABLE || base == DIRTYABLE_RECLAIMABLE_RESERVES) &&
		     get_nr_swap_pages(sim) > 0);

	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		const struct pglist_data *pgdat = &sim->nodes[n];

		lru += (u64)(pgdat->vm_stat[NR_INACTIVE_FILE] + pgdat->vm_stat[NR_ACTIVE_FILE]);
		if (anon)
			lru += (u64)(pgdat->vm_stat[NR_INACTIVE_ANON] +
				     pgdat->vm_stat[NR_ACTIVE_ANON]);
	}
	if (base == DIRTYABLE_FREE_AND_FILE)
		dirtyable =
			(free > sim->totalreserve_pages ? free - sim->totalreserve_pages : 0) + lru;
	else if (base == DIRTYABLE_RECLAIMABLE_RESERVES)
		dirtyable = dirtyable_less_reserves(sim, free + lru);
	else
		dirtyable = free + lru;
	thresh = dirtyable * sim->scn.sysctl.dirty_ratio / 100;
	bg = dirtyable * sim->scn.sysctl.dirty_background_ratio / 100;
	if (bg >= thresh)
		bg = thresh / 2;
	*background = bg;
	return thresh;
}

/*
 * throttle_vm_writeout() (2.6.x..4.10 mm/page-writeback.c, called at the
 * end of each group's shrink_lruvec; removed in 4.11): while the pages under writeback,
 * file and swap, pass the dirty limit plus a tenth, nap HZ/10 in
 * congestion_wait.  A reclaimer that may not do I/O and enter the
 * filesystem (no __GFP_IO and __GFP_FS) naps once at most.
 */
noinline void throttle_vm_writeout(struct task *t, gfp_t gfp)
{
	struct sim *sim = t->sim;

	for (;;) {
		u64 background, thresh = global_dirty_limit(sim, &background);

		if (sim->nr_writeback <= thresh + thresh / 10)
			return;
		congestion_wait(t, JIFFY_NS * (HZ / 10));
		if ((gfp & (__GFP_FS | __GFP_IO)) != (__GFP_FS | __GFP_IO))
			return;
	}
}

/*
 * folio_end_writeback() (v6.12) of the folio headed by @pfn: the write is
 * done, for all its pages at once: NR_WRITEBACK, NR_WRITTEN and the
 * write-pending count fall by its pages.  A folio reclaim wanted
 * (PG_reclaim) goes to the inactive tail; reclaimers throttled on
 * writeback are credited its pages; sleepers waiting on writeback wake.
 */
void folio_end_writeback(struct sim *sim, u32 pfn)
{
	struct page *page = pfn_to_page(sim, pfn);
	long nr = folio_nr_pages(page);

	ClearPageFlag(page, PG_writeback);
	mod_lruvec_page_state(sim, pfn, NR_WRITEBACK, -nr);
	mod_node_page_state(page_pgdat(sim, pfn), NR_WRITTEN, nr);
	mod_zone_page_state(page_zone(sim, pfn), NR_ZONE_WRITE_PENDING, -nr);
	sim->nr_writeback -= (u64)nr;
	if (TestClearPageFlag(page, PG_reclaim))
		folio_rotate_reclaimable(sim, pfn);
	acct_reclaim_writeback(sim, page_pgdat(sim, pfn), (unsigned long)nr);
	if (sim->writeback_wait.first)
		wake_up_all(sim, &sim->writeback_wait);
	if (sim->dirty_throttle_wait.first)
		wake_up_all(sim, &sim->dirty_throttle_wait);
}

/*
 * The write of a folio ends with the bio holding its last page (one bio in
 * the kernel, whose bvec takes a folio whole; in the model a folio larger
 * than BIO_MAX_PAGES spans two bios of one request).
 */
static void end_file_bio_write(struct sim *sim, struct bio *bio)
{
	for (unsigned int i = 0; i < bio->nr_pages; i++) {
		u32 head = page_folio(sim, bio->pfns[i]);

		if (bio->pfns[i] == head + folio_nr_pages(pfn_to_page(sim, head)) - 1)
			folio_end_writeback(sim, head);
	}
}

/*
 * folio_clear_dirty_for_io() + folio_start_writeback() (v6.12) of the
 * file folio headed by @pfn, all its pages: the dirty count falls and
 * NR_WRITEBACK rises by them, and PGPGOUT counts their KiB.
 */
static void start_file_writeback(struct sim *sim, u32 pfn)
{
	struct page *page = pfn_to_page(sim, pfn);
	struct address_space *mapping = sim->files[page->mapping_id];
	long nr = folio_nr_pages(page);

	ClearPageFlag(page, PG_dirty);
	mapping_tag_dirty(mapping, page->index, false);
	SetPageFlag(page, PG_writeback);
	mod_lruvec_page_state(sim, pfn, NR_FILE_DIRTY, -nr);
	mod_lruvec_page_state(sim, pfn, NR_WRITEBACK, nr);
	mapping->nr_dirty -= (u64)nr;
	sim->nr_dirty -= (u64)nr;
	sim->nr_writeback += (u64)nr;
	count_vm_events(sim, PGPGOUT, (u64)nr * sim->page_size / 1024);
}

/*
 * Where a file page lies on the disk, in pages: each file one extent, at
 * a base of its own (its id times 2^32 pages), page index after page
 * index, as a filesystem lays out a file written sequentially.  With a
 * known place, the elevator merges the writes of neighbouring pages of a
 * file - reclaim's single pages, the flusher's and fsync's runs - as
 * 2.6.35's did (elv_merge back and front merges), up to a request's
 * size.
 */
u64 file_page_sector(struct sim *sim, u32 pfn)
{
	const struct page *page = pfn_to_page(sim, pfn);

	return ((u64)page->mapping_id << 32) + page->index;
}

/* A write bio of file pages, placed at its first page; false: see bio_add_pfn. */
static bool file_bio_add(struct sim *sim, struct bio *bio, u32 pfn)
{
	if (!bio->nr_pages)
		bio->sector = file_page_sector(sim, pfn);
	return bio_add_pfn(sim, bio, pfn);
}

/*
 * Where a folio of @nr pages cannot go on in @bio: it is full for them
 * (a folio larger than a bio starts one of its own), or the folio does not
 * follow the bio's last page on the disk.
 */
static bool file_bio_ends(struct sim *sim, const struct bio *bio, u64 index, unsigned int nr)
{
	return bio->nr_pages + nr > BIO_MAX_PAGES ||
	       pfn_to_page(sim, bio->pfns[bio->nr_pages - 1])->index + 1 != index;
}

/*
 * folio_start_writeback() and bio_add_folio() (v6.12) of the dirty folio
 * headed by @pfn at the end of *@bio (a new one if NULL): a folio larger
 * than BIO_MAX_PAGES goes on in a new bio, the full one submitted by @t.
 * false: the run has stopped (sim_fail).
 */
static bool file_bio_add_folio(struct task *t, struct bio **bio, u32 pfn)
{
	struct sim *sim = t->sim;
	unsigned int nr = folio_nr_pages(pfn_to_page(sim, pfn));

	start_file_writeback(sim, pfn);
	for (unsigned int i = 0; i < nr; i++) {
		if (*bio && (*bio)->nr_pages == BIO_MAX_PAGES) {
			task_submit_bio(t, &sim->disk_dev, *bio);
			*bio = NULL;
		}
		if (!*bio)
			*bio = bio_alloc(sim, &sim->disk_dev, REQ_OP_WRITE, end_file_bio_write);
		if (!*bio || !file_bio_add(sim, *bio, pfn + i))
			return false;
	}
	return true;
}

/*
 * pageout() -> ->writepage of one dirty file folio (kernels before 6.17):
 * one bio of all its pages.
 */
void pageout_file(struct sim *sim, struct task *t, u32 pfn)
{
	struct bio *bio = NULL;

	file_bio_add_folio(t, &bio, pfn); /* false: the run has stopped (sim_fail) */
	if (bio)
		task_submit_bio(t, &sim->disk_dev, bio);
}

static void wake_flusher(struct sim *sim)
{
	if (sim->flusher && sim->flusher->waiting_on == &sim->flusher_wait)
		wake_up_task(sim->flusher);
}

/* queue a work of @nr_pages at the ring's tail; false: no room could be had */
static bool flusher_queue_work(struct sim *sim, u64 nr_pages)
{
	if (sim->flusher_nr_works == sim->flusher_works_cap) {
		unsigned int cap = sim->flusher_works_cap ? sim->flusher_works_cap * 2 : 16;
		u64 *v = malloc(cap * sizeof(*v));

		if (!v)
			return false;
		for (unsigned int i = 0; i < sim->flusher_nr_works; i++)
			v[i] = sim->flusher_works[(sim->flusher_works_head + i) %
						  sim->flusher_works_cap];
		free(sim->flusher_works);
		sim->flusher_works = v;
		sim->flusher_works_cap = cap;
		sim->flusher_works_head = 0;
	}
	sim->flusher_works[(sim->flusher_works_head + sim->flusher_nr_works++) %
			   sim->flusher_works_cap] = nr_pages;
	return true;
}

u64 flusher_queued_pages(const struct sim *sim)
{
	u64 sum = 0;

	for (unsigned int i = 0; i < sim->flusher_nr_works; i++)
		sum += sim->flusher_works[(sim->flusher_works_head + i) % sim->flusher_works_cap];
	return sum;
}

/*
 * wakeup_flusher_threads(nr_pages) (2.6.35..4.13 fs/fs-writeback.c): reclaim
 * queues a writeback work of @nr_pages pages (WB_SYNC_NONE, not background),
 * 0 meaning every dirty page; v6.12's (4.14, "fs: kill 'nr_pages' argument
 * from wakeup_flusher_threads()") always writes everything (WB_start_all,
 * one at a time: the model's flusher_kicked).  Each call queues its own
 * work (bdi_queue_work), run in turn, each at least one pass of
 * MAX_WRITEBACK_PAGES; where the work cannot be allocated (GFP_ATOMIC)
 * the kernel only wakes the thread, and so does the model.
 */
noinline void wakeup_flusher_threads(struct sim *sim, u64 nr_pages)
{
	if (!nr_pages)
		sim->flusher_kicked = true;
	else
		flusher_queue_work(sim, nr_pages); /* false: only the wake-up */
	wake_flusher(sim);
}

/*
 * wb_start_background_writeback() (v6.12; 2.6.35's
 * bdi_start_background_writeback): balance_dirty_pages over the
 * background threshold wakes the flusher for a background work, which
 * wb_writeback() ends as soon as the dirty pages are back under that
 * threshold (wb_over_bg_thresh; 2.6.35 over_bground_thresh), not when
 * everything is written as reclaim's start-all work is.
 */
void wb_start_background_writeback(struct sim *sim)
{
	wake_flusher(sim);
}

/*
 * The work the flusher runs (2.6.35 struct wb_writeback_work): one of
 * reclaim's (@nr_pages, or everything: WB_WORK_ALL), a background one or
 * the periodic (kupdate) one, with its pages left to write.
 */
enum wb_work_kind { WB_WORK_NONE, WB_WORK_PAGES, WB_WORK_ALL, WB_WORK_BACKGROUND, WB_WORK_KUPDATE };

struct wb_work {
	enum wb_work_kind kind;
	u64 nr_pages; /* left: WB_WORK_PAGES and WB_WORK_KUPDATE */
};

/*
 * do_writepages() -> write_cache_pages() (2.6.35; v6.12 writeback_iter)
 * of @mapping for the flusher (WB_SYNC_NONE): up to @budget dirty pages,
 * contiguous runs per bio.  range_cyclic (@cyclic): from the file's cursor
 * to the end, then once from the start, the cursor left after the last
 * folio looked at; otherwise (reclaim's works 2.6.32..4.13: range 0 to
 * LLONG_MAX) from the first page to the end, the cursor moved as above
 * only when the budget was not used up.  A folio redirtied while under
 * writeback is passed over (the next pass takes it).  A new bio that would
 * wait for a request sets *@must_wait and ends the walk at that folio: in
 * the kernel the flusher sleeps right there, in submission (2.6.35
 * get_request_wait, v6.12 blk-mq's tag wait), and goes on with the same
 * file; the model's flusher sleeps in its caller and starts the file again
 * (at its cursor when cyclic).  Returns the pages written.
 */
static u64 writeback_file(struct task *t, struct address_space *mapping, unsigned int opf,
			  bool cyclic, u64 budget, bool *must_wait)
{
	struct sim *sim = t->sim;
	struct bio *bio = NULL;
	bool wrapped = !cyclic;
	u64 written = 0, done_index = cyclic ? mapping->wb_index : 0;

	for (u64 idx = mapping_find_dirty(mapping, done_index);
	     written < budget && mapping->nr_dirty; idx = mapping_find_dirty(mapping, idx + 1)) {
		unsigned int nr;
		u32 pfn;

		if (idx == U64_MAX) {
			if (wrapped)
				break;
			wrapped = true;
			idx = mapping_find_dirty(mapping, 0);
			if (idx == U64_MAX)
				break;
		}
		/* the dirty tag is on a folio's first index: its head */
		pfn = (u32)(xa_load(&mapping->i_pages, idx) - 1);
		nr = folio_nr_pages(pfn_to_page(sim, pfn));
		if (PageFlag(pfn_to_page(sim, pfn), PG_writeback)) {
			/* redirtied under writeback: next round (kernel waits) */
			done_index = idx + nr;
			continue;
		}
		if (bio && file_bio_ends(sim, bio, idx, nr)) {
			task_submit_bio(t, &sim->disk_dev, bio);
			bio = NULL;
		}
		if (!bio && blk_bio_must_wait(&sim->disk_dev, t, opf, file_page_sector(sim, pfn),
					      nr, false)) {
			*must_wait = true;
			break;
		}
		if (!file_bio_add_folio(t, &bio, pfn))
			break; /* the run has stopped (sim_fail) */
		written += nr;
		done_index = idx + nr;
	}
	if (bio)
		task_submit_bio(t, &sim->disk_dev, bio);
	if (cyclic || (written < budget && !*must_wait))
		mapping->wb_index = done_index;
	return written;
}

/*
 * redirty_tail() (2.6.35; v6.12 redirty_tail_locked, the same rule): the
 * file goes back to the head of b_dirty, and its dirtied_when becomes now
 * only if it is older than the file at that head (b_dirty kept in time
 * order); a file dirtied no earlier than that keeps its time.  The model
 * keeps no b_dirty list: the head is the file last dirtied or
 * redirty_tail'ed (wb_dirty_newest), even once that file has been written
 * since or b_dirty has emptied, where the kernel compares with the next
 * file or leaves the time alone: a file may start its 30 s over when the
 * kernel's would not.
 */
static void redirty_tail(struct sim *sim, struct address_space *mapping, u64 now)
{
	if (mapping->dirtied_when < sim->wb_dirty_newest)
		mapping->dirtied_when = now;
	sim->wb_dirty_newest = mapping->dirtied_when;
}

/*
 * writeback_sb_inodes() for (the rest of) one pass of @work, @budget pages
 * of its MAX_WRITEBACK_PAGES (2.6.35's wbc.nr_to_write, shared by the
 * pass's files): the dirty files that qualify (all, or for the periodic
 * work those dirty longer than dirty_expire), in turn from the one after
 * the last file a pass wrote, a round-robin standing in for b_io then
 * b_more_io.  Where the next bio must wait for a request (*@must_wait) the
 * call ends and the pass goes on, after the flusher's sleep, at the same
 * file: the files after it are not touched and keep their dirtied_when.
 * A file left with dirty pages is requeued as requeue_inode (v6.12) does:
 * the pass's budget used up, requeue_io (b_more_io, dirtied_when kept);
 * otherwise (its pages all redirtied under writeback) redirty_tail.
 * 2.6.35's writeback_single_inode requeue_io's a file only in periodic
 * (kupdate) writeback and redirty_tails it in any other (policy
 * wb_requeue_io).
 */
static u64 writeback_batch(struct task *t, const struct wb_work *work, u64 budget, bool *must_wait)
{
	struct sim *sim = t->sim;
	u64 written = 0, now = task_now(t);
	bool kupdate = work->kind == WB_WORK_KUPDATE;
	bool reclaim = work->kind == WB_WORK_PAGES || work->kind == WB_WORK_ALL;
	/*
	 * wbc_to_write_flags(): background and periodic (kupdate) writeback
	 * are REQ_BACKGROUND; the works that reclaim's wake-up queues are not
	 */
	unsigned int opf = REQ_OP_WRITE | (reclaim ? 0 : REQ_BACKGROUND);
	bool cyclic = !reclaim || !sim->scn.policy.flusher_range_whole;
	unsigned int start = sim->nr_files ? sim->wb_next_file % sim->nr_files : 0;
	bool requeue_io = kupdate || !sim->scn.policy.wb_requeue_kupdate_only;

	*must_wait = false;
	blk_start_plug(sim, &mm_task(t)->plug);
	for (unsigned int i = 0; i < sim->nr_files && written < budget; i++) {
		unsigned int f = (start + i) % sim->nr_files;
		struct address_space *mapping = sim->files[f];
		u64 wrote;

		if (!mapping->nr_dirty)
			continue;
		if (kupdate && now - mapping->dirtied_when < sim->scn.sysctl.dirty_expire_ns)
			continue;
		wrote = writeback_file(t, mapping, opf, cyclic, budget - written, must_wait);
		written += wrote;
		if (*must_wait) {
			sim->wb_next_file = f; /* asleep in submission: this file goes on */
			break;
		}
		if (mapping->nr_dirty && !(requeue_io && written >= budget))
			redirty_tail(sim, mapping, now);
		if (wrote)
			sim->wb_next_file = f + 1;
	}
	blk_finish_plug(sim, &mm_task(t)->plug, now);
	charge_sys(t, written * sim->scn.cost.scan_page_ns);
	return written;
}

/* io_schedule() until a request is freed: the flusher's next bio would wait for one or for wbt */
static void flusher_wait_queue(struct task *t)
{
	t->in_iowait = true;
	schedule_timeout(t, &t->sim->disk_dev.queue_wait, 0);
}

/*
 * The next work (2.6.35 wb_do_writeback; v6.12 wb_do_writeback): the works
 * queued, in turn (get_next_work_item), then a start-all
 * (wb_check_start_all), then background writeback while over its
 * threshold (2.6.35: the works balance_dirty_pages queues; v6.12
 * wb_check_background_flush), then every dirty_writeback_centisecs since
 * the last one the periodic work (wb_check_old_data_flush, 2.6.35 and
 * v6.12: wb->last_old_flush, tested after the works each time the thread
 * runs, so kicks do not put it off), of nr_pages the dirty pages at its
 * start.  Background writeback not after a background work whose pass
 * wrote nothing (!@background) until the thread has slept: 2.6.35 has no
 * other background work queued, v6.12 checks once a round.  False: none,
 * the thread sleeps.
 */
static bool wb_next_work(struct task *t, struct wb_work *work, u64 *last_old_flush, bool background)
{
	struct sim *sim = t->sim;
	u64 interval = sim->scn.sysctl.dirty_writeback_ns; /* 0: no periodic writeback */
	u64 bg;

	*work = (struct wb_work){ .kind = WB_WORK_NONE };
	if (sim->flusher_nr_works) {
		work->kind = WB_WORK_PAGES;
		work->nr_pages = sim->flusher_works[sim->flusher_works_head];
		sim->flusher_works_head = (sim->flusher_works_head + 1) % sim->flusher_works_cap;
		sim->flusher_nr_works--;
		return true;
	}
	if (sim->flusher_kicked) {
		work->kind = WB_WORK_ALL;
		return true;
	}
	global_dirty_limit(sim, &bg);
	if (background && sim->nr_dirty > bg) {
		work->kind = WB_WORK_BACKGROUND;
		return true;
	}
	if (interval && task_now(t) - *last_old_flush >= interval) {
		*last_old_flush = task_now(t);
		if (sim->nr_dirty) {
			work->kind = WB_WORK_KUPDATE;
			work->nr_pages = sim->nr_dirty;
			return true;
		}
	}
	return false;
}

/*
 * wb_writeback()'s tests before each pass of @work (2.6.35; v6.12): its
 * nr_pages used up, background writeback under its threshold; from 2.6.37
 * (Jan Kara, "writeback: stop background/kupdate works from livelocking
 * other works") a background or periodic work ends when another work is
 * queued, the periodic one not resumed (policy wb_work_yield).  A
 * start-all work ends with nothing dirty, as any does (its pass would
 * write nothing).
 */
static bool wb_work_done(const struct sim *sim, const struct wb_work *work)
{
	u64 bg;

	if (!sim->nr_dirty)
		return true;
	switch (work->kind) {
	case WB_WORK_PAGES:
		return !work->nr_pages;
	case WB_WORK_BACKGROUND:
		global_dirty_limit((struct sim *)sim, &bg);
		if (sim->nr_dirty <= bg)
			return true;
		break;
	case WB_WORK_KUPDATE:
		if (!work->nr_pages)
			return true;
		break;
	default:
		return false;
	}
	return !sim->scn.policy.wb_no_yield && sim->flusher_nr_works;
}

/*
 * After a whole pass of a work that wrote @written pages (wb_writeback):
 * one that used up MAX_WRITEBACK_PAGES goes on; one that wrote part of it
 * ends in 2.6.35 (no file on b_more_io, which in the model holds files
 * only when a pass used up its budget) and goes on in 3.1+ (Wu Fengguang,
 * "writeback: try more writeback as long as something was written"): policy
 * wb_pass_retry; one that wrote nothing ends in both, there being no
 * other writer's I_SYNC for the flusher to wait on.
 */
static bool wb_pass_goes_on(const struct sim *sim, u64 written)
{
	if (written >= MAX_WRITEBACK_PAGES)
		return true;
	return written && !sim->scn.policy.wb_retry_more_io;
}

/*
 * The flusher thread (2.6.35 bdi_writeback_task -> wb_do_writeback; v6.12
 * wb_workfn): works one at a time (wb_next_work), each in passes of
 * MAX_WRITEBACK_PAGES (wb_writeback) while wb_work_done and
 * wb_pass_goes_on allow.  A pass whose next bio found the queue full or
 * held by blk-wbt is where the kernel's flusher sleeps in submission
 * (2.6.35 get_request_wait, v6.12 the tag or wbt wait) and then goes on
 * with the same pass; the model's sleeps for a freed request and the pass
 * goes on with what is left of its budget.  Reclaim's start-all work ends
 * when it clears flusher_kicked.  With no work left the thread sleeps
 * dirty_writeback_centisecs, or until kicked.
 */
void flusher(struct task *t)
{
	struct sim *sim = t->sim;
	u64 last_old_flush = 0; /* wb->last_old_flush, the boot time (bdi_wb_init, wb_init) */
	u64 pass_left = MAX_WRITEBACK_PAGES; /* the pass's wbc.nr_to_write */
	bool mid_pass = false; /* asleep in a pass's submission, the pass goes on */
	bool background = true; /* no background work wrote nothing since the last sleep */
	struct wb_work work = { .kind = WB_WORK_NONE };

	for (;;) {
		bool must_wait;
		u64 written;

		if (work.kind == WB_WORK_NONE &&
		    !wb_next_work(t, &work, &last_old_flush, background)) {
			schedule_timeout(t, &sim->flusher_wait, sim->scn.sysctl.dirty_writeback_ns);
			background = true;
			continue;
		}
		if (!mid_pass && wb_work_done(sim, &work)) {
			if (work.kind == WB_WORK_ALL)
				sim->flusher_kicked = false;
			work.kind = WB_WORK_NONE;
			continue;
		}
		written = writeback_batch(t, &work, pass_left, &must_wait);
		pass_left -= written;
		work.nr_pages -= min_u64(work.nr_pages, written);
		mid_pass = must_wait && pass_left;
		if (mid_pass) {
			flusher_wait_queue(t);
			continue;
		}
		written = MAX_WRITEBACK_PAGES - pass_left;
		pass_left = MAX_WRITEBACK_PAGES;
		if (wb_pass_goes_on(sim, written)) {
			cond_resched(t);
			continue;
		}
		if (work.kind == WB_WORK_BACKGROUND && !written)
			background = false;
		if (work.kind == WB_WORK_ALL)
			sim->flusher_kicked = false;
		work.kind = WB_WORK_NONE;
	}
}

/*
 * folio_wait_writeback() (v6.12): @t sleeps in io_schedule() until the
 * write of @pfn completes.  As with folio_wait_locked, the caller looks
 * at the page again afterwards.
 */
void folio_wait_writeback(struct task *t, u32 pfn)
{
	const struct page *page = pfn_to_page(t->sim, pfn);

	io_wait_event(t, &t->sim->writeback_wait, !PageFlag(page, PG_writeback));
}

/*
 * filemap_fdatawrite() (v6.12, WB_SYNC_ALL through do_writepages and
 * writeback_iter) of @mapping: every dirty page is written, in index
 * order, contiguous runs per bio; a page redirtied while under writeback
 * is waited for first, as data-integrity writeback does, and a full
 * queue makes the writer wait for room (the request built so far
 * submitted first).
 */
void filemap_fdatawrite(struct task *t, struct address_space *mapping)
{
	struct sim *sim = t->sim;
	struct bio *bio = NULL;
	u64 written = 0;

	blk_start_plug(sim, &mm_task(t)->plug); /* do_writepages' writepages (2.6.39+) */
	for (u64 idx = mapping_find_dirty(mapping, 0); idx != U64_MAX;
	     idx = mapping_find_dirty(mapping, idx)) {
		u32 pfn = (u32)(xa_load(&mapping->i_pages, idx) - 1); /* a folio's head */
		unsigned int nr = folio_nr_pages(pfn_to_page(sim, pfn));
		bool new_bio = !bio || file_bio_ends(sim, bio, idx, nr);
		u64 sector = file_page_sector(sim, pfn);

		if (PageFlag(pfn_to_page(sim, pfn), PG_writeback) ||
		    (new_bio && blk_bio_must_wait(&sim->disk_dev, t, REQ_OP_WRITE | REQ_SYNC,
						  sector, nr, false))) {
			if (bio)
				task_submit_bio(t, &sim->disk_dev, bio);
			bio = NULL;
			charge_sys(t, written * sim->scn.cost.scan_page_ns);
			written = 0;
			if (PageFlag(pfn_to_page(sim, pfn), PG_writeback))
				folio_wait_writeback(t, pfn);
			else /* a new bio would wait for a request */
				io_wait_event(t, &sim->disk_dev.queue_wait,
					      !blk_bio_must_wait(&sim->disk_dev, t,
								 REQ_OP_WRITE | REQ_SYNC, sector,
								 nr, false));
			continue; /* the folio is looked at again */
		}
		if (new_bio && bio) {
			task_submit_bio(t, &sim->disk_dev, bio);
			bio = NULL;
		}
		if (!file_bio_add_folio(t, &bio, pfn))
			break; /* the run has stopped (sim_fail) */
		written += nr;
		idx += nr;
	}
	if (bio)
		task_submit_bio(t, &sim->disk_dev, bio);
	blk_finish_plug(sim, &mm_task(t)->plug, task_now(t));
	charge_sys(t, written * sim->scn.cost.scan_page_ns);
}

/*
 * filemap_fdatawait() (v6.12 __filemap_fdatawait_range): wait, in index
 * order, until no page of @mapping is under writeback.
 */
void filemap_fdatawait(struct task *t, struct address_space *mapping)
{
	for (u64 index = 0; index < mapping->size; index++) {
		u32 pfn = mapping_pfn(mapping, index);

		if (pfn != NO_PFN)
			folio_wait_writeback(t, page_folio(t->sim, pfn));
	}
}

/* ------------------------------------------------------------------ */
/* Scenario keys: the dirty limits and writeback intervals */
/* ------------------------------------------------------------------ */

#define S_OFF(f) offsetof(struct scn_sysctl, f)

static const struct cfg_key page_writeback_sysctl_keys[] = {
	{ .name = "dirty_ratio",
	  .type = CFG_UINT,
	  .off = S_OFF(dirty_ratio),
	  .min = 0,
	  .max = 100,
	  .def = "20",
	  .doc = "dirty page limit, percent of dirtyable memory: writers are throttled above it" },
	{ .name = "dirty_background_ratio",
	  .type = CFG_UINT,
	  .off = S_OFF(dirty_background_ratio),
	  .min = 0,
	  .max = 100,
	  .def = "10",
	  .doc = "percent of dirtyable memory at which the flusher starts background writeback" },
	{ .name = "dirty_expire_centisecs",
	  .type = CFG_CENTISECS,
	  .off = S_OFF(dirty_expire_ns),
	  .min = 0,
	  .max = INT_MAX,
	  .def = "3000",
	  .doc = "age at which the flusher writes a dirty page back, in 1/100 s" },
	{ .name = "dirty_writeback_centisecs",
	  .type = CFG_CENTISECS,
	  .off = S_OFF(dirty_writeback_ns),
	  .min = 0,
	  .max = INT_MAX,
	  .def = "500",
	  .doc = "interval of the flusher's periodic writeback, in 1/100 s" },
};
CFG_TABLE(page_writeback_sysctl_table, page_writeback_sysctl_keys);

#define P_OFF(f) .off = offsetof(struct scn_policy, f), .size = sizeof(((struct scn_policy *)0)->f)

static const struct cfg_key page_writeback_policy_keys[] = {
	{ .name = "dirtyable_memory",
	  .type = CFG_ENUM,
	  P_OFF(dirtyable_memory),
	  .values = CFG_VALUES("free_and_file", "free_and_reclaimable", "free_and_lru",
			       "reclaimable_less_reserves"),
	  .def = "free_and_file",
	  .doc = "the memory dirty_ratio is a percent of: free pages above the reserves plus file LRU pages (v3.14+) / all free pages plus file and, while swap has room, anon LRU pages (2.6.32..3.2 determine_dirtyable_memory) / all free pages plus every LRU page, anon with no swap too (2.6.x..2.6.31, global_lru_pages) / reclaimable_less_reserves: as free_and_reclaimable, less the reserves (3.3: dirty_balance_reserve) and min_free_kbytes (3.10 global_dirtyable_memory)" },
	{ .name = "wb_requeue_io",
	  .type = CFG_ENUM,
	  P_OFF(wb_requeue_kupdate_only),
	  .values = CFG_VALUES("sync_none", "kupdate"),
	  .def = "sync_none",
	  .doc = "which flusher writeback sends a file whose slice of pages ran out, dirty pages left, to b_more_io with its dirtied_when kept: sync_none: any (3.x..6.x requeue_inode) / kupdate: only the periodic one, others redirty_tail it, restarting its dirty_expire wait behind newer files (2.6.x..2.6.35 writeback_single_inode)" },
	{ .name = "wb_pass_retry",
	  .type = CFG_ENUM,
	  P_OFF(wb_retry_more_io),
	  .values = CFG_VALUES("progress", "more_io"),
	  .def = "progress",
	  .doc = "when a flusher work goes on after a pass of wb_writeback that did not use up its batch: progress: if it wrote anything (3.1+) / more_io: only with files on b_more_io, never in the model, so the work ends (2.6.x..3.0; 2.6.25's background_writeout the same)" },
	{ .name = "flusher_wakeup_range",
	  .type = CFG_ENUM,
	  P_OFF(flusher_range_whole),
	  .values = CFG_VALUES("cyclic", "whole"),
	  .def = "cyclic",
	  .doc = "where the works reclaim's wake-up queues start in each file: cyclic: at the file's writeback cursor (2.6.x pdflush, 4.14+ wb_check_start_all) / whole: at its first page, range_cyclic = 0 (2.6.32..4.13)" },
	{ .name = "wb_work_yield",
	  .type = CFG_ENUM,
	  P_OFF(wb_no_yield),
	  .values = CFG_VALUES("queued", "none"),
	  .def = "queued",
	  .doc = "whether a background or periodic (kupdate) flusher work ends before a pass when a work is queued: queued: yes, the periodic one not resumed (2.6.37+) / none: it runs to its end first (2.6.x..2.6.36)" },
};
CFG_TABLE(page_writeback_policy_table, page_writeback_policy_keys);

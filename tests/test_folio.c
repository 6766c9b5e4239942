// SPDX-License-Identifier: MIT
/*
 * test_folio.c - large page-cache folios ([policy] readahead_folios =
 * large, [machine] read_ahead_folio_order; src/mm/filemap.c, v6.17's
 * page_cache_ra_order) with exact values on a small hand-driven
 * simulation: the orders a stream's readahead windows grow through, one
 * LRU entry per folio with the LRU sizes in pages, one charge event a
 * folio, a folio reclaimed whole with one shadow over its indices, and
 * its refault counted in pages; buffered writes ([policy] write_folios)
 * in folios of the orders a write pattern asks for, dirtied, written
 * back, reclaimed dirty and truncated whole, the counters in pages.
 *
 * A 2-CPU, 64 MiB machine with a 128 KiB readahead window (32 pages) and
 * no fault-around; one task of [cgroup box] that never runs on the
 * scheduler maps a 256-page file and faults on its pages in order, the
 * test completing the reads, or writes a new file.
 */
#include "testmm.h"

#include "mm/compaction.h"

#define INI(extra)                                        \
	"[machine]\n"                                     \
	"cpus = 2\n"                                      \
	"memory = 64M\n"                                  \
	"zones = DMA:16M, DMA32:rest\n"                   \
	"read_ahead = 128K\n"                             \
	"read_ahead_folio_order = 9\n"                    \
	"[policy]\n"                                      \
	"kernel = 6.18\n"                                 \
	"fault_around_bytes = 0\n" extra "[cgroup box]\n" \
	"[run]\n"                                         \
	"duration = 1s\n"

#define PAGES 256
#define READ 160 /* the pages the test reads: five windows */

struct reader {
	struct task *t;
	struct address_space *file;
	u64 base; /* the mapping's first vpn */
};

static struct reader new_reader(struct sim *sim)
{
	struct reader r;

	r.t = test_task_in(sim, test_memcg_named(sim, "box"));
	r.t->mm = mm_alloc(sim, r.t);
	assert_non_null(r.t->mm);
	r.file = file_create(sim, "data", PAGES);
	assert_non_null(r.file);
	r.base = mmap_file(r.t->mm, r.file, 0, PAGES);
	assert_true(r.base != 0);
	return r;
}

/* Fault on pages [0, @n) in order, completing each read. */
static void read_in_order(struct reader *r, u64 n)
{
	for (u64 i = 0; i < n; i++)
		assert_int_equal(test_fault(r->t, r->base + i, false, NULL), VM_FAULT_DONE);
	complete_io(r->t->sim);
}

static struct page *head_at(const struct reader *r, u64 index)
{
	u32 pfn = mapping_pfn(r->file, index);

	assert_int_not_equal(pfn, NO_PFN);
	return pfn_to_page(r->t->sim, page_folio(r->t->sim, pfn));
}

/* The entries of box's file LRU lists, and the pages they hold. */
static void file_lru(struct reader *r, u64 *entries, u64 *pages)
{
	struct sim *sim = r->t->sim;
	struct lruvec *lruvec = mem_cgroup_lruvec(r->t->memcg, &sim->nodes[0]);

	*entries = *pages = 0;
	for (enum lru_list l = LRU_INACTIVE_FILE; l <= LRU_ACTIVE_FILE; l++) {
		u64 list_pages = 0;

		for (u32 p = lruvec->lists[0][l].head; p != NO_PFN; p = sim->mem_map[p].next) {
			(*entries)++;
			list_pages += folio_nr_pages(&sim->mem_map[p]);
		}
		assert_int_equal(lruvec->nr_pages[l], list_pages);
		*pages += list_pages;
	}
}

/*
 * The miss at page 0 reads around it in single pages, [0, 32), marked at
 * 24 (ra->order = 0 for a read-around).  Each marked folio then reads the
 * next window two orders up, the order capped by the 32-page window
 * (ilog2): [32, 64) in eight order-2 folios, [64, 96) in two of order 4,
 * [96, 128) and [128, 160) in one of order 5 each.  44 folios for 160
 * pages: 44 LRU entries, 44 charge events, the LRU and NR_FILE_PAGES in
 * pages; each tail points at its head and is on no list.
 */
static void test_readahead_orders(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI(""));
	struct reader r = new_reader(sim);
	u64 entries, pages;

	read_in_order(&r, READ);
	for (u64 i = 0; i < READ; i++) {
		unsigned int order = i < 32 ? 0 : i < 64 ? 2 : i < 96 ? 4 : 5;
		struct page *head = head_at(&r, i);
		u32 pfn = mapping_pfn(r.file, i);

		assert_int_equal(head->order, order);
		assert_int_equal(head->index, i & ~((1ULL << order) - 1));
		assert_true(PageFlag(head, PG_lru));
		if (i & ((1ULL << order) - 1)) {
			assert_true(PageFlag(pfn_to_page(sim, pfn), PG_tail));
			assert_false(PageFlag(pfn_to_page(sim, pfn), PG_lru));
			assert_int_equal(pfn_to_page(sim, pfn)->index, i);
		}
	}
	assert_int_equal(mapping_pfn(r.file, READ + 32), NO_PFN); /* two windows ahead at most */
	file_lru(&r, &entries, &pages);
	assert_int_equal(entries, 32 + 8 + 2 + 1 + 1 + 1); /* the window at 160 read ahead too */
	assert_int_equal(pages, READ + 32);
	assert_int_equal(head_at(&r, 160)->order, 5);
	assert_int_equal(node_page_state(&sim->nodes[0], NR_FILE_PAGES), READ + 32);
	assert_int_equal(r.t->memcg->memcg_stat[MEMCG_PGPGIN], entries);
	assert_int_equal(vm_event(sim, PGPGIN), (READ + 32) * 4);
	assert_int_equal(r.file->nrpages, READ + 32);
	assert_verified(sim);
}

/*
 * Unmapped, every folio is reclaimed whole by limit reclaim: 192 pages
 * scanned and stolen in 45 folios, 45 uncharge events.  The shadow of
 * each folio covers all its indices (one value over [96, 128)), the
 * nonresident clock moved by pages.  Read again, the 32-page window at
 * 32 comes back in eight order-2 folios, each finding its old shadow:
 * 64 pages of refaults for the first two windows (32 single pages, then
 * 8 folios of 4).
 */
static void test_reclaim_whole(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI(""));
	struct reader r = new_reader(sim);
	struct lruvec *lruvec = mem_cgroup_lruvec(r.t->memcg, &sim->nodes[0]);
	u64 shadow, age, entries, pages;

	read_in_order(&r, READ);
	assert_int_equal(do_munmap(r.t, r.base), 0);
	age = lruvec->nonresident_age;
	assert_int_equal(reclaim_box(r.t, READ + 32), READ + 32);
	assert_int_equal(vm_event(sim, PGSCAN_FILE), READ + 32);
	assert_int_equal(vm_event(sim, PGSTEAL_FILE), READ + 32);
	assert_int_equal(r.t->memcg->memcg_stat[MEMCG_PGPGOUT], 45);
	assert_int_equal(lruvec->nonresident_age - age, READ + 32);
	assert_int_equal(r.file->nrpages, 0);
	file_lru(&r, &entries, &pages);
	assert_int_equal(entries, 0);
	shadow = xa_load(&r.file->i_pages, 96);
	assert_true(xa_is_value(shadow));
	for (u64 i = 96; i < 128; i++)
		assert_int_equal(xa_load(&r.file->i_pages, i), shadow);
	assert_int_not_equal(xa_load(&r.file->i_pages, 95), shadow);
	assert_verified(sim);

	r.base = mmap_file(r.t->mm, r.file, 0, PAGES);
	assert_true(r.base != 0);
	read_in_order(&r, 32);
	assert_int_equal(head_at(&r, 32)->order, 2);
	assert_int_equal(test_memory_stat(sim, "box", "workingset_refault_file"), 64);
	assert_verified(sim);
}

/*
 * Windows that start off a folio boundary: a miss at page 100 reads
 * [84, 116) around it in single pages, marked at 108; the fault there
 * reads [116, 148) in order-2 folios (116 is a multiple of 4, the end
 * aligned to 4); the fault at 116 asks for order 4 and ends the window
 * on a multiple of 16 (176, not 180), and each folio is as large as its
 * index's lowest set bit allows: 148 order 2, 152 order 3, 160 order 4.
 */
static void test_unaligned_window(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI(""));
	struct reader r = new_reader(sim);

	assert_int_equal(test_fault(r.t, r.base + 100, false, NULL), VM_FAULT_DONE);
	complete_io(sim);
	assert_int_equal(head_at(&r, 84)->order, 0);
	assert_int_equal(mapping_pfn(r.file, 83), NO_PFN);
	assert_int_equal(test_fault(r.t, r.base + 108, false, NULL), VM_FAULT_DONE);
	complete_io(sim);
	for (u64 i = 116; i < 148; i += 4)
		assert_int_equal(head_at(&r, i)->order, 2);
	assert_true(PageFlag(head_at(&r, 116), PG_readahead));
	assert_int_equal(test_fault(r.t, r.base + 116, false, NULL), VM_FAULT_DONE);
	complete_io(sim);
	assert_int_equal(head_at(&r, 148)->order, 2);
	assert_int_equal(head_at(&r, 152)->order, 3);
	assert_int_equal(head_at(&r, 160)->order, 4);
	assert_int_equal(head_at(&r, 175)->index, 160);
	assert_int_equal(mapping_pfn(r.file, 176), NO_PFN);
	assert_true(PageFlag(head_at(&r, 148), PG_readahead));
	assert_verified(sim);
}

/* Single pages: the same reads as 4 KiB folios, one LRU entry and charge a page. */
static void test_single(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI("readahead_folios = single\n"));
	struct reader r = new_reader(sim);
	u64 entries, pages;

	read_in_order(&r, READ);
	file_lru(&r, &entries, &pages);
	assert_int_equal(entries, READ + 32);
	assert_int_equal(pages, READ + 32);
	assert_int_equal(r.t->memcg->memcg_stat[MEMCG_PGPGIN], READ + 32);
	assert_int_equal(head_at(&r, 100)->order, 0);
}

/* ------------------------------------------------------------------ */
/* Buffered writes (write_folios = large)                              */

/* One write() of @n pages at @index by @t: each page with the call's pages left. */
static void write_call(struct task *t, struct address_space *file, u64 index, u64 n)
{
	for (u64 i = 0; i < n; i++)
		assert_int_equal(filemap_write(t, file, index + i, n - i), VM_FAULT_DONE);
}

#define WRITTEN 67 /* the pages three write() calls write */

/*
 * Three write() calls into a new file: 40 pages at 0, 24 at 40, 3 at 64.
 * Each call's length asks for the largest order it fills, lowered to the
 * index's alignment: 40 pages at 0 make an order-5 folio and, 8 left at
 * 32, an order-3 one; 24 at 40 ask for order 4 but 40 is aligned to 8
 * only (order 3), then 16 at 48 fill order 4; 3 at 64 make order 1 and
 * the last page a single one.  Six folios for 67 pages: six charge events
 * and LRU entries; each folio dirtied whole at its first page, so the
 * dirty counts (the node's, the memcg's, the dirty limits', NR_DIRTIED,
 * the task's write_bytes) are all 67 pages.
 */
static const struct {
	u64 index;
	unsigned int order;
} write_folios[] = { { 0, 5 }, { 32, 3 }, { 40, 3 }, { 48, 4 }, { 64, 1 }, { 66, 0 } };

static struct task *write_three_calls(struct sim *sim, struct address_space **file)
{
	struct task *t = test_task_in(sim, test_memcg_named(sim, "box"));

	*file = file_create(sim, "w", 0);
	assert_non_null(*file);
	write_call(t, *file, 0, 40);
	write_call(t, *file, 40, 24);
	write_call(t, *file, 64, 3);
	lru_add_drain(sim, 0);
	return t;
}

static void test_write_orders(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI(""));
	struct address_space *file;
	struct task *t = write_three_calls(sim, &file);
	struct pglist_data *pgdat = &sim->nodes[0];

	for (unsigned int f = 0; f < 6; f++) {
		u32 pfn = mapping_pfn(file, write_folios[f].index);
		const struct page *head = pfn_to_page(sim, pfn);

		assert_int_equal(page_folio(sim, pfn), pfn);
		assert_int_equal(head->order, write_folios[f].order);
		assert_true(PageFlag(head, PG_dirty) && PageFlag(head, PG_lru));
	}
	assert_true(PageFlag(pfn_to_page(sim, mapping_pfn(file, 33)), PG_tail));
	assert_false(PageFlag(pfn_to_page(sim, mapping_pfn(file, 33)), PG_dirty));
	assert_int_equal(file->nrpages, WRITTEN);
	assert_int_equal(file->size, WRITTEN);
	assert_int_equal(t->memcg->memcg_stat[MEMCG_PGPGIN], 6);
	assert_int_equal(node_page_state(pgdat, NR_FILE_DIRTY), WRITTEN);
	assert_int_equal(node_page_state(pgdat, NR_DIRTIED), WRITTEN);
	assert_int_equal(test_memory_stat(sim, "box", "file_dirty"), WRITTEN * 4096);
	assert_int_equal(sim->nr_dirty, WRITTEN);
	assert_int_equal(file->nr_dirty, WRITTEN);
	assert_int_equal(mm_task(t)->write_bytes, WRITTEN * 4096);
	/* the dirty tag is on each folio's first index only */
	assert_int_equal(mapping_find_dirty(file, 1), 32);
	assert_int_equal(mapping_find_dirty(file, 49), 64);
	assert_verified(sim);
}

/*
 * A write of one page into the order-5 folio readahead made at [96, 128)
 * (the run stopped here before large folios could be written) dirties
 * it whole: 32 pages dirty, one tag at 96, no new charge.
 */
static void test_write_into_readahead_folio(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI(""));
	struct reader r = new_reader(sim);
	u64 charges;

	read_in_order(&r, READ);
	charges = r.t->memcg->memcg_stat[MEMCG_PGPGIN];
	assert_int_equal(filemap_write(r.t, r.file, 100, 1), VM_FAULT_DONE);
	assert_true(PageFlag(head_at(&r, 100), PG_dirty));
	assert_int_equal(head_at(&r, 100)->index, 96);
	assert_int_equal(node_page_state(&sim->nodes[0], NR_FILE_DIRTY), 32);
	assert_int_equal(mapping_find_dirty(r.file, 0), 96);
	assert_int_equal(r.t->memcg->memcg_stat[MEMCG_PGPGIN], charges);
	assert_verified(sim);
}

/*
 * fsync's writeback (filemap_fdatawrite) takes each folio whole: one bio
 * of the 67 contiguous pages; NR_WRITEBACK rises by 67 pages, the dirty
 * counts fall to 0, PGPGOUT counts 268 KiB.  The write's end clears
 * PG_writeback on every head and NR_WRITEBACK back to 0, NR_WRITTEN 67.
 */
static void test_write_writeback(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI(""));
	struct address_space *file;
	struct task *t = write_three_calls(sim, &file);
	struct pglist_data *pgdat = &sim->nodes[0];

	filemap_fdatawrite(t, file);
	assert_int_equal(node_page_state(pgdat, NR_WRITEBACK), WRITTEN);
	assert_int_equal(test_memory_stat(sim, "box", "file_writeback"), WRITTEN * 4096);
	assert_int_equal(node_page_state(pgdat, NR_FILE_DIRTY), 0);
	assert_int_equal(sim->nr_dirty, 0);
	assert_int_equal(sim->nr_writeback, WRITTEN);
	assert_int_equal(file->nr_dirty, 0);
	assert_int_equal(vm_event(sim, PGPGOUT), WRITTEN * 4);
	assert_int_equal(sim->disk_dev.nr_writes, 1);
	for (unsigned int f = 0; f < 6; f++)
		assert_true(PageFlag(pfn_to_page(sim, mapping_pfn(file, write_folios[f].index)),
				     PG_writeback));
	complete_io(sim);
	assert_int_equal(node_page_state(pgdat, NR_WRITEBACK), 0);
	assert_int_equal(node_page_state(pgdat, NR_WRITTEN), WRITTEN);
	assert_int_equal(sim->nr_writeback, 0);
	for (unsigned int f = 0; f < 6; f++)
		assert_false(PageFlag(pfn_to_page(sim, mapping_pfn(file, write_folios[f].index)),
				      PG_writeback));
	assert_verified(sim);
}

/*
 * Limit reclaim meets the six dirty folios; with file_writepage = any
 * (before v3.2, the rule that lets this reclaimer write) pageout writes
 * each whole: 67 pages of NR_VMSCAN_WRITE and PG_reclaim, none freed
 * yet.  Their writes end and rotate them to the inactive tail; the next
 * reclaim frees all 67 pages in six folios, six uncharge events.
 */
static void test_write_reclaim_dirty(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI("file_writepage = any\n"));
	struct address_space *file;
	struct task *t = write_three_calls(sim, &file);
	struct pglist_data *pgdat = &sim->nodes[0];

	for (unsigned int f = 0; f < 6; f++)
		ClearPageFlag(pfn_to_page(sim, mapping_pfn(file, write_folios[f].index)),
			      PG_referenced);
	assert_int_equal(reclaim_box(t, WRITTEN), 0);
	assert_int_equal(node_page_state(pgdat, NR_VMSCAN_WRITE), WRITTEN);
	assert_int_equal(node_page_state(pgdat, NR_WRITEBACK), WRITTEN);
	assert_int_equal(node_page_state(pgdat, NR_FILE_DIRTY), 0);
	assert_true(PageFlag(pfn_to_page(sim, mapping_pfn(file, 0)), PG_reclaim));
	complete_io(sim);
	assert_int_equal(node_page_state(pgdat, NR_WRITEBACK), 0);
	assert_false(PageFlag(pfn_to_page(sim, mapping_pfn(file, 0)), PG_reclaim));
	assert_int_equal(reclaim_box(t, WRITTEN), WRITTEN);
	assert_int_equal(file->nrpages, 0);
	assert_int_equal(t->memcg->memcg_stat[MEMCG_PGPGOUT], 6);
	assert_int_equal(vm_event(sim, PGSTEAL_FILE), WRITTEN);
	assert_verified(sim);
}

/*
 * Truncation of the dirty folios cancels their dirty counts whole (67
 * pages to 0) and frees them; write_folios = single writes the same
 * calls in 67 single pages, 67 charge events.
 */
static void test_write_truncate_and_single(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI(""));
	struct address_space *file;
	struct task *t = write_three_calls(sim, &file);

	truncate_inode_pages(t, file);
	assert_int_equal(node_page_state(&sim->nodes[0], NR_FILE_DIRTY), 0);
	assert_int_equal(sim->nr_dirty, 0);
	assert_int_equal(file->nr_dirty, 0);
	assert_int_equal(file->nrpages, 0);
	assert_int_equal(mapping_find_dirty(file, 0), U64_MAX);
	assert_verified(sim);
	test_sim_teardown(state);

	sim = test_sim_from_text(state, "t.ini", INI("write_folios = single\n"));
	t = write_three_calls(sim, &file);
	assert_int_equal(t->memcg->memcg_stat[MEMCG_PGPGIN], WRITTEN);
	assert_int_equal(pfn_to_page(sim, mapping_pfn(file, 0))->order, 0);
	assert_int_equal(node_page_state(&sim->nodes[0], NR_FILE_DIRTY), WRITTEN);
}

/*
 * Compaction skips a large page-cache folio whole (the kernel's rule for
 * compound pages to 6.9).  One DMA32 zone of 4096 pages, no per-CPU
 * lists: a 32-page write makes an order-5 folio at pfns 0..31, then 1100
 * anon pages take 32..1131, of which those at 42..1023 are dropped: ten
 * stay in pageblock 0 beside the folio, 108 in pageblock 2, whose free
 * rest is the only target (the free scanner passes whole free
 * pageblocks and stays above the migrate scanner's).  Whole-zone sync
 * compaction (order -1, as compact_memory) scans pageblock 0's 512
 * frames, the folio's 32 among them, and tries to move the ten anon
 * pages: the free scanner found room for 4 of them (pageblock 2's free
 * block at 1132; its stride had doubled to 4 over three pageblocks that
 * gave nothing, v5.1+'s sampling, so after the block it steps on 1139,
 * 1143, ..., never a free block's head, as the kernel's would), 6 stay.  The folio is never isolated: it stays at 0, whole, on the LRU
 * and in the cache.
 */
static void test_compaction_skips_folio(void **state)
{
	struct sim *sim = test_sim_zones(
		state, 0, 4096, 0,
		"cpus = 1\nread_ahead_folio_order = 9\n[sysctl]\nmin_free_kbytes = 128\n"
		"[policy]\nkernel = 6.18\npcp_lists = off\n");
	struct task *t = test_task_in(sim, sim->memcgs[0]);
	struct address_space *file = file_create(sim, "w", 0);
	struct compact_control cc = {
		.order = -1,
		.gfp_mask = GFP_KERNEL,
		.zone = &sim->nodes[0].node_zones[ZONE_DMA32],
		.mode = MIGRATE_SYNC,
		.highest_zoneidx = ZONE_DMA32,
		.whole_zone = true,
	};
	u64 vpn;

	write_call(t, file, 0, 32);
	lru_add_drain(sim, 0);
	assert_int_equal(mapping_pfn(file, 0), 0);
	assert_int_equal(pfn_to_page(sim, 0)->order, 5);
	t->mm = mm_alloc(sim, t);
	assert_non_null(t->mm);
	vpn = mmap_anon(t->mm, 1100);
	for (u64 i = 0; i < 1100; i++) {
		assert_int_equal(handle_mm_fault(t, vpn + i, true), VM_FAULT_DONE);
		assert_int_equal(pte_pfn(*pte_of(t, vpn + i)), 32 + i);
	}
	assert_int_equal(do_madvise(t, vpn + 10, 982, MADV_DONTNEED), 0);
	lru_add_drain(sim, 0);
	assert_int_equal(compact_zone(t, &cc), COMPACT_COMPLETE);
	/* pageblock 0 scanned frame by frame, the folio's 32 included */
	assert_int_equal(cc.total_migrate_scanned, 512);
	/* the ten anon pages were tried (the free scanner found room for 4), never the folio */
	assert_int_equal(vm_event(sim, PGMIGRATE_SUCCESS), 4);
	assert_int_equal(vm_event(sim, PGMIGRATE_FAIL), 6);
	for (u64 i = 0; i < 32; i++)
		assert_int_equal(mapping_pfn(file, i), i);
	assert_true(PageFlag(pfn_to_page(sim, 0), PG_lru));
	assert_int_equal(pfn_to_page(sim, 0)->order, 5);
	assert_verified(sim);
}

/* a folio order beyond the buddy allocator's could never be allocated */
static void test_bad_input(void **state)
{
	(void)state;
	test_expect_scenario_error(
		"[machine]\nread_ahead_folio_order = 4\n[policy]\nmax_page_order = 3\n",
		"t.ini:2: [machine] read_ahead_folio_order: 4 is beyond [policy] max_page_order 3 (valid: 0..3)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_readahead_orders, test_sim_teardown),
		cmocka_unit_test_teardown(test_reclaim_whole, test_sim_teardown),
		cmocka_unit_test_teardown(test_unaligned_window, test_sim_teardown),
		cmocka_unit_test_teardown(test_single, test_sim_teardown),
		cmocka_unit_test_teardown(test_write_orders, test_sim_teardown),
		cmocka_unit_test_teardown(test_write_into_readahead_folio, test_sim_teardown),
		cmocka_unit_test_teardown(test_write_writeback, test_sim_teardown),
		cmocka_unit_test_teardown(test_write_reclaim_dirty, test_sim_teardown),
		cmocka_unit_test_teardown(test_write_truncate_and_single, test_sim_teardown),
		cmocka_unit_test_teardown(test_compaction_skips_folio, test_sim_teardown),
		cmocka_unit_test(test_bad_input),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: MIT
/*
 * test_folio.c - large page-cache folios ([policy] readahead_folios =
 * large, [machine] read_ahead_folio_order; src/mm/filemap.c, v6.17's
 * page_cache_ra_order) with exact values on a small hand-driven
 * simulation: the orders a stream's readahead windows grow through, one
 * LRU entry per folio with the LRU sizes in pages, one charge event a
 * folio, a folio reclaimed whole with one shadow over its indices, and
 * its refault counted in pages.
 *
 * A 2-CPU, 64 MiB machine with a 128 KiB readahead window (32 pages) and
 * no fault-around; one task of [cgroup box] that never runs on the
 * scheduler maps a 256-page file and faults on its pages in order, the
 * test completing the reads.
 */
#include "testmm.h"

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
		cmocka_unit_test(test_bad_input),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

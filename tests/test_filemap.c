// SPDX-License-Identifier: MIT
/*
 * test_filemap.c - faults on a shared file mapping (src/mm/filemap.c,
 * src/mm/memory.c, v6.12): filemap_fault's read-around of read_ahead
 * pages centred on a miss, its PG_readahead marker and the next window
 * read ahead (do_async_mmap_readahead), the mmap_miss counter that turns
 * read-around off, fault-around (filemap_map_pages) and which faults are
 * major, with exact values on a small hand-driven simulation.
 *
 * A 2-CPU, 64 MiB machine with a 128 KiB readahead window (32 pages) and
 * the 64 KiB fault-around window (16 pages); one task of [cgroup box]
 * that never runs on the scheduler maps a file and faults on its pages,
 * the test completing the reads.  Nothing is reclaimed.
 */
#include "testmm.h"

#define INI(policy)                          \
	"[machine]\n"                        \
	"cpus = 2\n"                         \
	"memory = 64M\n"                     \
	"zones = DMA:16M, DMA32:rest\n"      \
	"read_ahead = 128K\n"                \
	"[policy]\n" policy "[cgroup box]\n" \
	"[run]\n"                            \
	"duration = 1s\n"

#define RA 32 /* read_ahead, pages */

struct reader {
	struct task *t;
	struct address_space *file;
	u64 base; /* the mapping's first vpn */
};

/* A task of box mapping a new file of @pages pages, none of it cached. */
static struct reader new_reader(struct sim *sim, u64 pages)
{
	struct reader r;

	r.t = test_task_in(sim, test_memcg_named(sim, "box"));
	r.t->mm = mm_alloc(sim, r.t);
	assert_non_null(r.t->mm);
	r.file = file_create(sim, "data", pages);
	assert_non_null(r.file);
	r.base = mmap_file(r.t->mm, r.file, 0, pages);
	assert_true(r.base != 0);
	return r;
}

/* A read of page @index of the mapping: a fault when its PTE is empty. */
static void touch(struct reader *r, u64 index)
{
	assert_int_equal(test_fault(r->t, r->base + index, false, NULL), VM_FAULT_DONE);
}

static bool cached(const struct reader *r, u64 index)
{
	return mapping_pfn(r->file, index) != NO_PFN;
}

static bool marked(const struct reader *r, u64 index)
{
	return PageFlag(pfn_to_page(r->t->sim, mapping_pfn(r->file, index)), PG_readahead);
}

/*
 * A miss at page 100 reads the window [84, 116) around it (84 = 100 -
 * RA / 2) and marks page 108, the first of its last quarter; the fault
 * waits for the read and its retry maps the 64 KiB block [96, 112) but
 * the marked page: one major fault, 15 pages mapped.  The fault at page
 * 108 then finds the marker and reads the next window [116, 148), marked
 * at its first page, without a major fault.
 */
static void test_read_around(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI(""));
	struct reader r = new_reader(sim, 256);

	touch(&r, 100);
	for (u64 i = 0; i < 256; i++)
		assert_int_equal(cached(&r, i), i >= 84 && i < 116);
	assert_true(marked(&r, 108));
	assert_int_equal(vm_event(sim, PGMAJFAULT), 1);
	assert_int_equal(vm_event(sim, PGFAULT), 1);
	assert_int_equal(vm_event(sim, PGPGIN), RA * 4);
	assert_int_equal(r.t->mm->rss_stat[MM_FILEPAGES], 15);
	assert_true(pte_none(*pte_of(r.t, r.base + 108)));
	assert_true(pte_present(*pte_of(r.t, r.base + 96)));
	assert_true(pte_present(*pte_of(r.t, r.base + 111)));
	assert_true(pte_none(*pte_of(r.t, r.base + 112)));
	/* the miss counted, the 15 pages fault-around mapped were hits */
	assert_int_equal(r.file->mmap_miss, 0);
	/* fault-around's PTEs are young, their pages not marked accessed */
	assert_true(*pte_of(r.t, r.base + 97) & PTE_YOUNG);
	assert_false(PageFlag(page_of(r.t, r.base + 97), PG_referenced));

	touch(&r, 108);
	assert_false(marked(&r, 108));
	for (u64 i = 116; i < 148; i++)
		assert_true(cached(&r, i));
	assert_false(cached(&r, 148));
	assert_true(marked(&r, 116));
	assert_int_equal(vm_event(sim, PGMAJFAULT), 1);
	assert_int_equal(vm_event(sim, PGFAULT), 2);
	assert_int_equal(vm_event(sim, PGPGIN), 2 * RA * 4);
	complete_io(sim);
}

/*
 * Read a new 1024-page file in order under @policy, one touch a page:
 * @faults page faults, @majors of them major, every page read once.
 */
static struct reader read_in_order(void **state, const char *policy, u64 faults, u64 majors)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", policy);
	struct reader r = new_reader(sim, 1024);

	for (u64 i = 0; i < 1024; i++)
		touch(&r, i);
	assert_int_equal(vm_event(sim, PGFAULT), faults);
	assert_int_equal(vm_event(sim, PGMAJFAULT), majors);
	assert_int_equal(vm_event(sim, PGPGIN), 1024 * 4);
	return r;
}

/*
 * Reading 1024 pages in order: window 0 takes three faults (page 0, the
 * major one; 16, fault-around's next block; 24, the marker), every later
 * window two (its marked first page, which reads the next window, and
 * its second block): 3 + 2 x 31 = 65 faults, one of them major, each page
 * read once.  Without fault-around every page is a fault.
 */
static void test_sequential(void **state)
{
	struct reader r = read_in_order(state, INI(""), 65, 1);

	assert_int_equal(r.t->mm->rss_stat[MM_FILEPAGES], 1024);
	assert_int_equal(r.file->mmap_miss, 0);
}

static void test_sequential_no_fault_around(void **state)
{
	read_in_order(state, INI("fault_around_bytes = 0\n"), 1024, 1);
}

/*
 * 2.6.25's read-around (mmap_readahead = readaround, no fault-around):
 * no marker, so the reader misses at the end of every window and reads
 * the next one centred on the miss, of which the first half is cached
 * already: majors at 0, 32, 48, ..., 1008, 1 + 62 = 63 of them.
 */
static void test_sequential_readaround(void **state)
{
	read_in_order(state, INI("mmap_readahead = readaround\nfault_around_bytes = 0\n"), 1024,
		      63);
}

/*
 * Misses 64 pages apart, with nothing between to hit: each of the first
 * 100 reads its 32-page window (mmap_miss 1..100 <= MMAP_LOTSAMISS); from
 * the 101st on (mmap_miss 101) the file gets no read-around, only the
 * page that faulted.  Every one is a major fault.
 */
static void test_mmap_miss(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI("fault_around_bytes = 0\n"));
	struct reader r = new_reader(sim, 110 * 64);

	for (u64 k = 0; k < 110; k++)
		touch(&r, k * 64 + 32);
	assert_int_equal(vm_event(sim, PGMAJFAULT), 110);
	assert_int_equal(r.file->nrpages, 100 * RA + 10);
	assert_int_equal(vm_event(sim, PGPGIN), (100 * RA + 10) * 4);
	assert_int_equal(r.file->mmap_miss, 110);
	assert_true(cached(&r, 99 * 64 + 16) && cached(&r, 99 * 64 + 47));
	assert_false(cached(&r, 100 * 64 + 31) || cached(&r, 100 * 64 + 33));
	/*
	 * hits bring it back down: 11 faults on cached pages of the first
	 * window [16, 48) leave 99, and the next miss (100) reads around
	 * again: [6704, 6736), between two of the single pages
	 */
	for (u64 i = 17; i < 28; i++)
		touch(&r, i);
	assert_int_equal(r.file->mmap_miss, 99);
	touch(&r, 105 * 64);
	assert_int_equal(r.file->mmap_miss, 100);
	assert_int_equal(r.file->nrpages, 100 * RA + 10 + RA);
}

/* MADV_RANDOM: no readahead, every miss reads its own page. */
static void test_madv_random(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI(""));
	struct reader r = new_reader(sim, 64);

	assert_int_equal(do_madvise(r.t, r.base, 64, MADV_RANDOM), 0);
	for (u64 i = 0; i < 64; i++)
		touch(&r, i);
	assert_int_equal(vm_event(sim, PGMAJFAULT), 64);
	assert_int_equal(vm_event(sim, PGFAULT), 64);
	assert_int_equal(vm_event(sim, PGPGIN), 64 * 4);
}

/*
 * A reference through a mapping madvised MADV_SEQUENTIAL: v6.3+ leaves
 * the mapping out of folio_referenced's walk (the young bit stays),
 * v2.6.29..6.2 clear the young bit and do not count it, before it
 * counted.  MADV_RANDOM: skipped from v6.3, counted before.
 */
static int referenced_through(const char *policy, int advice, pte_t *young_after)
{
	struct sim *sim = test_sim_from_text(NULL, "t.ini", policy);
	struct reader r = new_reader(sim, 16);
	unsigned long vm_flags;
	int referenced;

	assert_int_equal(do_madvise(r.t, r.base, 16, advice), 0);
	touch(&r, 0);
	assert_true(*pte_of(r.t, r.base) & PTE_YOUNG);
	referenced = folio_referenced(r.t, pte_pfn(*pte_of(r.t, r.base)), &vm_flags);
	*young_after = *pte_of(r.t, r.base) & PTE_YOUNG;
	sim_destroy(sim);
	return referenced;
}

static void test_seq_read_references(void **state)
{
	pte_t young;

	(void)state;
	assert_int_equal(referenced_through(INI(""), MADV_SEQUENTIAL, &young), 0);
	assert_true(young);
	assert_int_equal(referenced_through(INI(""), MADV_RANDOM, &young), 0);
	assert_true(young);
	assert_int_equal(referenced_through(INI(""), MADV_NORMAL, &young), 1);
	assert_false(young);
	assert_int_equal(referenced_through(INI("seq_read_references = ignored\n"), MADV_SEQUENTIAL,
					    &young),
			 0);
	assert_false(young);
	assert_int_equal(
		referenced_through(INI("seq_read_references = ignored\n"), MADV_RANDOM, &young), 1);
	assert_int_equal(referenced_through(INI("seq_read_references = counted\n"), MADV_SEQUENTIAL,
					    &young),
			 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_read_around, test_sim_teardown),
		cmocka_unit_test_teardown(test_sequential, test_sim_teardown),
		cmocka_unit_test_teardown(test_sequential_no_fault_around, test_sim_teardown),
		cmocka_unit_test_teardown(test_sequential_readaround, test_sim_teardown),
		cmocka_unit_test_teardown(test_mmap_miss, test_sim_teardown),
		cmocka_unit_test_teardown(test_madv_random, test_sim_teardown),
		cmocka_unit_test(test_seq_read_references),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

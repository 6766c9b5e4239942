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
 * A miss in an executable mapping of pages [100, 110) of a 256-page file
 * (a binary's text segment) at page 104.  Before 6.17 it is read around
 * like any mapping: [88, 120), the file beyond the segment too, marked at
 * 112.  With mmap_exec_readahead = vma (6.17+, do_sync_mmap_readahead's
 * VM_EXEC case) it reads from the fault on, cut at the segment's end:
 * [104, 110), no marker.  One major fault either way.
 */
static void test_exec_read_forward(void **state)
{
	static const char *const policy[] = { "mmap_exec_readahead = around\n",
					      "mmap_exec_readahead = vma\n" };

	for (int vma = 0; vma < 2; vma++) {
		char ini[512];
		struct sim *sim;
		struct reader r;

		snprintf(ini, sizeof(ini), INI("%s"), policy[vma]);
		sim = test_sim_from_text(NULL, "t.ini", ini);
		r = new_reader(sim, 256);
		r.base = mmap_file_exec(r.t->mm, r.file, 100, 10) - 100;
		touch(&r, 104);
		for (u64 i = 0; i < 256; i++)
			assert_int_equal(cached(&r, i),
					 vma ? i >= 104 && i < 110 : i >= 88 && i < 120);
		for (u64 i = vma ? 104 : 88; i < (vma ? 110u : 120u); i++)
			assert_int_equal(marked(&r, i), !vma && i == 112);
		assert_int_equal(vm_event(sim, PGMAJFAULT), 1);
		assert_int_equal(vm_event(sim, PGPGIN), (vma ? 6 : RA) * 4);
		complete_io(sim);
		sim_destroy(sim);
	}
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

/* ---- a text mapped by several processes (2.6.25's rmap walk of it) ---- */

#define TEXT_TASKS 3
#define TEXT_PAGES 4
/* 2.6.25: the i_mmap_lock spinlock; an rmap walk's first VMA 700 ns, each further one 50 ns */
#define TEXT_INI INI("kernel = 2.6.25\n") "[cost]\nrmap_ns = 700ns\nrmap_vma_ns = 50ns\n"

static void mmput_fn(struct task *t, void *arg)
{
	(void)arg;
	mmput(t->sim, t->mm);
}

/* The system time @t's step has been charged since *@since; *@since moves on. */
static u64 sys_since(const struct task *t, u64 *since)
{
	u64 d = t->step_sys_ns - *since;

	*since = t->step_sys_ns;
	return d;
}

/*
 * Three processes map a 4-page program text (PROT_EXEC, shared) and run
 * all of it: the first fault reads the text (one major fault), the other
 * eleven find it cached; each page is mapped by 3 PTEs, young.  Under
 * 2.6.25 (i_mmap_lock = exclusive) each rmap walk of a text page visits
 * the 3 VMAs on the file's i_mmap (rmap_ns + 2 rmap_vma_ns of system
 * time) and takes the mapping's lock once; page_referenced counts the 3
 * young PTEs and clears them, so a second walk finds none, and one more
 * instruction fetch by one process makes the page referenced by one
 * mapping.  try_to_unmap of the page clears all 3 PTEs under one walk;
 * the next fetch of each process is a minor fault.  A process's exit
 * takes the lock once more, to take its VMA off the i_mmap
 * (unlink_file_vma, rmap_vma_ns).
 */
static void test_text_rmap_walk(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", TEXT_INI);
	const struct lock_class_stat *st = &sim->lock_stat[LOCK_I_MMAP];
	struct task *t[TEXT_TASKS];
	struct address_space *text = file_create(sim, "text", TEXT_PAGES);
	struct test_call call;
	unsigned long vm_flags;
	u64 base = 0, since;
	u32 pfn;

	assert_non_null(text);
	for (int i = 0; i < TEXT_TASKS; i++) {
		t[i] = test_task_in(sim, test_memcg_named(sim, "box"));
		t[i]->mm = mm_alloc(sim, t[i]);
		assert_non_null(t[i]->mm);
		base = mmap_file_exec(t[i]->mm, text, 0, TEXT_PAGES);
		assert_true(base != 0);
	}
	assert_int_equal(text->nr_mmap, TEXT_TASKS);
	for (int i = 0; i < TEXT_TASKS; i++)
		for (u64 p = 0; p < TEXT_PAGES; p++)
			assert_int_equal(test_fault(t[i], base + p, false, NULL), VM_FAULT_DONE);
	assert_int_equal(vm_event(sim, PGMAJFAULT), 1);
	assert_int_equal(vm_event(sim, PGFAULT), TEXT_TASKS * TEXT_PAGES);
	assert_int_equal(node_page_state(&sim->nodes[0], NR_FILE_MAPPED), TEXT_PAGES);
	assert_int_equal(st->acquisitions, 0);
	pfn = mapping_pfn(text, 0);
	assert_int_equal(page_mapcount(sim, pfn), TEXT_TASKS);
	for (int i = 0; i < TEXT_TASKS; i++)
		assert_true(*pte_of(t[i], base) & PTE_YOUNG);

	/* page_referenced: 3 VMAs visited, 3 young bits taken, the lock once */
	since = t[0]->step_sys_ns;
	assert_int_equal(folio_referenced(t[0], pfn, &vm_flags), TEXT_TASKS);
	assert_true(vm_flags & VM_EXEC);
	assert_int_equal(sys_since(t[0], &since),
			 cpu_work_ns(t[0], 700) + 2 * cpu_work_ns(t[0], 50));
	assert_int_equal(st->acquisitions, 1);
	for (int i = 0; i < TEXT_TASKS; i++)
		assert_false(*pte_of(t[i], base) & PTE_YOUNG);
	assert_int_equal(folio_referenced(t[0], pfn, &vm_flags), 0);
	assert_int_equal(st->acquisitions, 2);
	/* one more fetch by the second process: no fault, its PTE young again */
	assert_int_equal(test_fault(t[1], base, false, NULL), VM_FAULT_DONE);
	assert_int_equal(vm_event(sim, PGFAULT), TEXT_TASKS * TEXT_PAGES);
	assert_int_equal(folio_referenced(t[0], pfn, &vm_flags), 1);
	assert_int_equal(st->acquisitions, 3);

	/* try_to_unmap: every process's PTE cleared by one walk of the 3 VMAs */
	sys_since(t[0], &since);
	assert_true(try_to_unmap(t[0], pfn, 0));
	assert_int_equal(page_mapcount(sim, pfn), 0);
	assert_int_equal(st->acquisitions, 4);
	assert_true(sys_since(t[0], &since) >= cpu_work_ns(t[0], 700) + 2 * cpu_work_ns(t[0], 50));
	for (int i = 0; i < TEXT_TASKS; i++) {
		assert_true(pte_none(*pte_of(t[i], base)));
		assert_int_equal(t[i]->mm->rss_stat[MM_FILEPAGES], TEXT_PAGES - 1);
	}
	assert_int_equal(node_page_state(&sim->nodes[0], NR_FILE_MAPPED), TEXT_PAGES - 1);
	/* the page is still cached: the next fetch is a minor fault */
	assert_int_equal(test_fault(t[2], base, false, NULL), VM_FAULT_DONE);
	assert_int_equal(vm_event(sim, PGFAULT), TEXT_TASKS * TEXT_PAGES + 1);
	assert_int_equal(vm_event(sim, PGMAJFAULT), 1);
	assert_int_equal(page_mapcount(sim, pfn), 1);
	assert_verified(sim);

	/* the first process exits: its VMA leaves the i_mmap under the lock */
	test_call_start(t[0], &call, mmput_fn, NULL);
	assert_true(test_call_step(t[0]));
	t[0]->mm = NULL;
	assert_int_equal(st->acquisitions, 5);
	assert_int_equal(text->nr_mmap, TEXT_TASKS - 1);
	assert_int_equal(page_mapcount(sim, mapping_pfn(text, 1)), TEXT_TASKS - 1);
	assert_int_equal(st->contentions, 0);
	assert_verified(sim);
}

/*
 * A page mapped by more processes than page->mapcount's byte counts: 300
 * forks of a process that mapped a page of text; the count goes on in
 * sim->mapcount_ext and comes back to the byte as they exit.
 */
static void test_text_mapcount_ext(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI(""));
	struct task *parent = test_task_in(sim, test_memcg_named(sim, "box"));
	struct address_space *text = file_create(sim, "text", 1);
	struct mm_struct *child[300];
	u64 base;
	u32 pfn;

	assert_non_null(text);
	parent->mm = mm_alloc(sim, parent);
	assert_non_null(parent->mm);
	base = mmap_file_exec(parent->mm, text, 0, 1);
	assert_int_equal(test_fault(parent, base, false, NULL), VM_FAULT_DONE);
	pfn = mapping_pfn(text, 0);
	for (int i = 0; i < 300; i++) {
		child[i] = dup_mm(sim, parent, parent->mm);
		assert_non_null(child[i]);
	}
	assert_int_equal(page_mapcount(sim, pfn), 301);
	assert_int_equal(pfn_to_page(sim, pfn)->mapcount, MAPCOUNT_EXT);
	assert_int_equal(text->nr_mmap, 301);
	assert_verified(sim);
	for (int i = 0; i < 300; i++)
		mmput(sim, child[i]);
	assert_int_equal(page_mapcount(sim, pfn), 1);
	assert_int_equal(pfn_to_page(sim, pfn)->mapcount, 1);
	assert_verified(sim);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_read_around, test_sim_teardown),
		cmocka_unit_test(test_exec_read_forward),
		cmocka_unit_test_teardown(test_sequential, test_sim_teardown),
		cmocka_unit_test_teardown(test_sequential_no_fault_around, test_sim_teardown),
		cmocka_unit_test_teardown(test_sequential_readaround, test_sim_teardown),
		cmocka_unit_test_teardown(test_mmap_miss, test_sim_teardown),
		cmocka_unit_test_teardown(test_madv_random, test_sim_teardown),
		cmocka_unit_test(test_seq_read_references),
		cmocka_unit_test_teardown(test_text_rmap_walk, test_sim_teardown),
		cmocka_unit_test_teardown(test_text_mapcount_ext, test_sim_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

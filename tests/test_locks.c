// SPDX-License-Identifier: MIT
/*
 * test_locks.c - contended locks (issue 22 item 2): a spinlock's timeline
 * of holds (a hold fits in a gap, spins to the end of the hold in its way,
 * does not wait for its own), the rwsem (readers share it, a writer holding
 * it across a step makes a reader sleep until the release), the
 * /proc/lock_stat figures, and the mmap_lock of a real run: taken once per
 * fault and madvise, and contended by the jemalloc threads' mmap.
 */
#include "testsim.h"

/* ---- the spinlock timeline ---- */

static void test_spin_gap_and_wait(void **state)
{
	struct lock_class_stat cls = { 0 };
	struct lock_timeline l = { .cls = &cls };
	int a = 0, b = 0, c = 0; /* owners: only their addresses count */

	/* A books [100, 140) */
	assert_int_equal(lock_acquire(&l, 100, 40, &a), 0);
	/* B at 0 for 50 ns fits before it */
	assert_int_equal(lock_acquire(&l, 0, 50, &b), 0);
	/* C at 120 spins until A's hold ends at 140 */
	assert_int_equal(lock_acquire(&l, 120, 10, &c), 20);
	/* B at 45 for 10 ns: [50, 60) is free after its own [0, 50) and before 100 */
	assert_int_equal(lock_acquire(&l, 45, 10, &c), 5);
	/* a hold too long for the gap [60, 100) waits for the holds after it: until 150 */
	assert_int_equal(lock_acquire(&l, 60, 50, &b), 90);
	assert_int_equal(cls.acquisitions, 5);
	assert_int_equal(cls.contentions, 3);
	assert_int_equal(cls.waittime_total_ns, 115);
	assert_int_equal(cls.waittime_max_ns, 90);
	assert_int_equal(l.spin_ns, 115);
	lock_timeline_destroy(&l);
}

/* A batch held longer than its charged cost does not make its owner spin. */
static void test_spin_own_holds(void **state)
{
	struct lock_timeline l = { 0 };
	int a = 0, b = 0;

	assert_int_equal(lock_acquire(&l, 0, 1000, &a), 0);
	assert_int_equal(lock_acquire(&l, 500, 100, &a), 0);
	/* another owner waits for the longer */
	assert_int_equal(lock_acquire(&l, 0, 10, &b), 1000);
	assert_int_equal(l.contended, 1);
	lock_timeline_destroy(&l);
}

/* Only the latest LOCK_HOLDS holds are kept; the timeline stays in order. */
static void test_spin_many_holds(void **state)
{
	struct lock_timeline l = { 0 };
	int a = 0, b = 0;

	for (u64 i = 0; i < 3 * LOCK_HOLDS; i++)
		assert_int_equal(lock_acquire(&l, i * 100, 40, &a), 0);
	assert_int_equal(l.nr, LOCK_HOLDS);
	for (unsigned int i = 1; i < l.nr; i++)
		assert_true(l.holds[i - 1].start <= l.holds[i].start);
	/* the last hold is [4700, 4740) */
	assert_int_equal(lock_acquire(&l, 4720, 10, &b), 20);
	lock_timeline_destroy(&l);
}

/* ---- the rwsem, between two tasks on two of four CPUs (the third runs the workload) ---- */

static const char four_cpus[] = "[machine]\ncpus = 4\nmemory = 64M\nzones = DMA:16M, DMA32:rest\n"
				"[workload fill]\ntype = anon_fill\nsize = 1M\npasses = 1\n"
				"[run]\nduration = 1s\n";

struct rwsem_test {
	struct rw_semaphore sem;
	struct lock_class_stat cls;
	u64 got[2], released[2]; /* ns: when each task had the lock and let it go */
	unsigned int sleeps[2];
	bool write[2];
};
static struct rwsem_test rt;

/* Take the lock, hold it for 10 us across a step (cond_resched), release it. */
static void rwsem_user(struct task *t)
{
	int me = !strcmp(t->comm, "second");

	rt.sleeps[me] = rt.write[me] ? down_write(t, &rt.sem) : down_read(t, &rt.sem);
	rt.got[me] = task_now(t);
	charge_sys(t, 10000);
	cond_resched(t);
	if (rt.write[me])
		up_write(t, &rt.sem);
	else
		up_read(t, &rt.sem);
	rt.released[me] = task_now(t);
	task_exit(t, 0);
}

/* Run two holders of the lock, the first starting 1 us before the second. */
static struct sim *rwsem_run(void **state, bool write0, bool write1)
{
	struct sim *sim = test_sim_from_text(state, "rwsem.ini", four_cpus);
	struct task *t0 = task_create(sim, TASK_USER, "first", rwsem_user);
	struct task *t1 = task_create(sim, TASK_USER, "second", rwsem_user);

	memset(&rt, 0, sizeof(rt));
	rt.sem.cls = &rt.cls;
	rt.write[0] = write0;
	rt.write[1] = write1;
	t0->memcg = t1->memcg = sim->memcgs[0];
	wake_up_task(t0);
	task_sleep(t1, NULL, 1000);
	assert_int_equal(sim_run(sim), 0);
	assert_int_equal(rt.cls.acquisitions, 2);
	return sim;
}

static void test_rwsem_readers_share(void **state)
{
	rwsem_run(state, false, false);
	assert_int_equal(rt.cls.contentions, 0);
	assert_int_equal(rt.sleeps[1], 0);
	assert_true(rt.got[1] < rt.released[0]); /* both held it at once */
	assert_int_equal(rt.sem.readers, 0);
}

static void test_rwsem_writer_makes_reader_sleep(void **state)
{
	rwsem_run(state, true, false);
	assert_int_equal(rt.cls.contentions, 1);
	assert_int_equal(rt.sleeps[1], 1);
	assert_true(rt.got[1] >= rt.released[0]);
	assert_int_equal(rt.cls.waittime_max_ns, rt.got[1] - 1000);
	assert_false(rt.sem.writer);
}

static void test_rwsem_reader_makes_writer_sleep(void **state)
{
	rwsem_run(state, false, true);
	assert_int_equal(rt.cls.contentions, 1);
	assert_true(rt.sleeps[1] >= 1);
	assert_true(rt.got[1] >= rt.released[0]);
}

/* ---- the kernel's locks in a run ---- */

static const char ebizzy4[] = "[machine]\ncpus = 4\nmemory = 1G\nswap = 256M\n"
			      "[policy]\nkernel = 4.5\n"
			      "[workload ebizzy]\nthreads = 4\nchunks = 64\nchunk_size = 512K\n"
			      "seconds = 1\npurge = dontneed\n"
			      "[run]\nduration = 5s\n";

static void test_ebizzy_lock_stat(void **state)
{
	struct sim *sim = test_sim_from_text(state, "ebizzy.ini", ebizzy4);
	const struct workload_inst *wl;
	u64 faults;

	assert_int_equal(sim_run(sim), 0);
	wl = &sim->workloads[0];
	faults = sim->vm_events[PGFAULT];
	/* every fault and every madvise takes the mmap_lock once, and the one mmap of the chunks */
	assert_int_equal(sim->lock_stat[LOCK_MMAP].acquisitions,
			 faults + (u64)test_figure(wl, "purge_madvise_calls") + 1);
	/* faults read, madvise(DONTNEED) reads: nobody waits */
	assert_int_equal(sim->lock_stat[LOCK_MMAP].contentions, 0);
	/*
	 * each fault adds its page to the LRU, each zap takes one off, and
	 * each CPU takes the lock once a batch of LRU_FBATCH_SIZE of either
	 */
	assert_true(sim->lock_stat[LOCK_LRU].acquisitions * LRU_FBATCH_SIZE <= 2 * faults);
	assert_true(sim->lock_stat[LOCK_LRU].acquisitions * LRU_FBATCH_SIZE >=
		    2 * faults - 64 * 128 - 2 * 4 * LRU_FBATCH_SIZE);
	assert_true(sim->lock_stat[LOCK_LRU].contentions > 0);
	assert_true(sim->lock_stat[LOCK_ZONE].acquisitions > 0);
	assert_true(sim->lock_stat[LOCK_LRU].waittime_max_ns <=
		    sim->lock_stat[LOCK_LRU].waittime_total_ns);
}

static const char mmap_readers[] = "[machine]\ncpus = 4\nmemory = 256M\nswap = 0\n"
				   "[policy]\nkernel = %s\n"
				   "[workload readers]\ntype = lru_file_mmap_read\ntasks = 4\n"
				   "size = 512M\n";

/*
 * Four readers of mapped files, reclaiming: under 2.6.28 every rmap walk
 * of a file page takes its mapping's i_mmap_lock spinlock (each page
 * reclaimed was unmapped by one walk at least), and a walker meets
 * another's (kswapd's or a reader's direct reclaim of the same file);
 * from 3.19 (the 4.2 profile) the walk takes the i_mmap_rwsem shared and
 * waits for no one: nothing is booked but the writers, each reader's
 * exit taking its VMA off its file's i_mmap (unlink_file_vma).
 */
static void test_i_mmap_lock_stat(void **state)
{
	char text[sizeof(mmap_readers) + 16];
	struct sim *sim;
	const struct lock_class_stat *st;

	snprintf(text, sizeof(text), mmap_readers, "2.6.28");
	sim = test_sim_from_text(state, "readers.ini", text);
	assert_int_equal(sim_run(sim), 0);
	st = &sim->lock_stat[LOCK_I_MMAP];
	assert_true(sim->vm_events[PGSTEAL_FILE] > 0);
	assert_true(st->acquisitions >= sim->vm_events[PGSTEAL_FILE]);
	assert_true(st->contentions > 0 && st->contentions < st->acquisitions);
	assert_true(st->waittime_max_ns > 0 && st->waittime_max_ns <= st->waittime_total_ns);

	snprintf(text, sizeof(text), mmap_readers, "4.2");
	sim = test_sim_load(NULL, "readers.ini", text);
	assert_int_equal(sim_run(sim), 0);
	assert_true(sim->vm_events[PGSTEAL_FILE] > 0);
	assert_int_equal(sim->lock_stat[LOCK_I_MMAP].acquisitions, 4);
	assert_int_equal(sim->lock_stat[LOCK_I_MMAP].contentions, 0);
	sim_destroy(sim);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_spin_gap_and_wait),
		cmocka_unit_test(test_spin_own_holds),
		cmocka_unit_test(test_spin_many_holds),
		test_sim_unit_test(test_rwsem_readers_share),
		test_sim_unit_test(test_rwsem_writer_makes_reader_sleep),
		test_sim_unit_test(test_rwsem_reader_makes_writer_sleep),
		test_sim_unit_test(test_ebizzy_lock_stat),
		test_sim_unit_test(test_i_mmap_lock_stat),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
/*
 * testmm.h - helpers of the tests that drive the mm model by hand: a task
 * that never runs on the scheduler calls the model's functions itself
 * (faults, madvise, limit reclaim of its memcg), and the test completes
 * I/O and timers in its place.
 */
#ifndef RECLAIMSIM_TESTMM_H
#define RECLAIMSIM_TESTMM_H

#include "testsim.h"

static inline pte_t *pte_of(struct task *t, u64 vpn)
{
	struct vm_area_struct *vma = find_vma(t->mm, vpn);

	assert_non_null(vma);
	return pte_alloc_map(t->sim, vma, vpn);
}

static inline struct page *page_of(struct task *t, u64 vpn)
{
	pte_t pte = *pte_of(t, vpn);

	assert_true(pte_present(pte));
	return pfn_to_page(t->sim, pte_pfn(pte));
}

/*
 * Complete I/O and timers until @t (NULL: nobody) is woken; CPU events
 * are dropped, since the tests drive their tasks by hand.
 */
static inline void run_events(struct sim *sim, struct task *t)
{
	struct event ev;

	while ((!t || t->state == TASK_BLOCKED) && event_pop(sim, &ev)) {
		sim->eng.now = ev.time;
		if (ev.fn == blk_end_io || ev.fn == sched_wake_event || ev.fn == blk_unplug_timeout)
			ev.fn(sim, ev.ptr, ev.arg);
	}
}

static inline void wait_for_wakeup(struct sim *sim, struct task *t)
{
	run_events(sim, t);
	assert_int_not_equal(t->state, TASK_BLOCKED);
	t->state = TASK_RUNNING;
}

/* Complete every I/O in flight (the test's task is not waiting). */
static inline void complete_io(struct sim *sim)
{
	run_events(sim, NULL);
}

/* Run a limit reclaim of @nr pages of the task's memcg to its end; pages reclaimed. */
static inline unsigned long reclaim_box(struct task *t, unsigned long nr)
{
	static struct test_reclaim r; /* outlives the call: t->fn_arg */
	int steps = 0;

	test_reclaim_start(t, &r, t->memcg, nr);
	while (!test_call_step(t)) {
		if (t->state == TASK_BLOCKED)
			wait_for_wakeup(t->sim, t);
		assert_true(++steps < 100000);
	}
	return r.nr_reclaimed;
}

/* A fault taken by a test task in its coroutine (it may sleep in place). */
struct test_fault {
	struct test_call call;
	u64 vpn;
	bool write;
	enum vm_fault_result r;
};

static inline void test_fault_fn(struct task *t, void *arg)
{
	struct test_fault *f = arg;

	f->r = handle_mm_fault(t, f->vpn, f->write);
}

/*
 * handle_mm_fault(@t, @vpn, @write) to its end, the test completing the
 * I/O and waking @t each time it sleeps; returns the fault's result and
 * sets *@sleeps (may be NULL) to how many times it slept.
 */
static inline enum vm_fault_result test_fault(struct task *t, u64 vpn, bool write,
					      unsigned int *sleeps)
{
	static struct test_fault f; /* outlives the call: t->fn_arg */
	unsigned int n = 0;

	f.vpn = vpn;
	f.write = write;
	test_call_start(t, &f.call, test_fault_fn, &f);
	while (!test_call_step(t)) {
		if (t->state == TASK_BLOCKED) {
			wait_for_wakeup(t->sim, t);
			n++;
		}
		assert_true(n < 100000);
	}
	if (sleeps)
		*sleeps = n;
	return f.r;
}

static inline u64 vm_event(struct sim *sim, enum vm_event_item i)
{
	return sim->vm_events[i];
}

/*
 * @n page-cache pages of @mapping (indexes 0..n-1) from zone @z, charged
 * to @t's memcg and on the LRU, as filemap_add_folio() adds pages read in.
 */
static inline void add_page_cache(struct sim *sim, struct zone *z, struct task *t,
				  struct address_space *mapping, u32 n)
{
	assert_non_null(mapping);
	for (u32 i = 0; i < n; i++) {
		u32 pfn = rmqueue_buddy(sim, z, 0, MIGRATE_MOVABLE, 0);

		assert_int_not_equal(pfn, NO_PFN);
		sim->mem_map[pfn] = (struct page){ .next = NO_PFN,
						   .prev = NO_PFN,
						   .memcg_id = MEMCG_ID_NONE,
						   .mapping_id = mapping->id,
						   .index = i };
		assert_int_equal(mem_cgroup_charge(t, pfn, GFP_HIGHUSER_MOVABLE), VM_FAULT_DONE);
		xa_store(sim, &mapping->i_pages, i, (u64)pfn + 1);
		mapping->nrpages++;
		mod_lruvec_page_state(sim, pfn, NR_FILE_PAGES, 1);
		folio_add_lru(sim, pfn);
	}
}

static inline void assert_verified(struct sim *sim)
{
	char err[256] = "";

	if (mm_verify(sim, err, sizeof(err)))
		fail_msg("mm_verify: %s", err);
}

#endif

// SPDX-License-Identifier: MIT
/*
 * test_throttle.c - the 2008 limit on parallel direct reclaimers (policy
 * reclaim_throttle, seed 000): the limit is honoured, every exit wakes
 * the waiters, and a reclaimer that waited more than HZ skips reclaim when
 * a zone has 4 x its high watermark free (global reclaim) or when its
 * memcg's margin already covers the request (limit reclaim).  Also the
 * wait_iff_congested nap of the kernels in between (v3.11..5.15).
 */
#include "testsim.h"

#include "mm/internal.h"

static const char ini_global[] =
	"[machine]\ncpus = 4\nmemory = 64M\nzones = DMA:16M, DMA32:rest\nswap = 64M\n"
	"[policy]\nreclaim_throttle = global\n"
	"[cgroup box]\ncgroup = v1\nlimit = 8M\n";

static const char ini_per_zone_2nodes[] =
	"[machine]\ncpus = 4\nnodes = 2\nmemory = 128M\nswap = 64M\n"
	"[policy]\nreclaim_throttle = per_zone\n";

/* Tasks that have just entered try_to_free_pages (up to the throttle). */
static struct test_reclaim req[4];

static struct task *reclaimer(struct sim *sim, int i)
{
	struct task *t = test_task_in(sim, sim->memcgs[0]);

	test_reclaim_start(t, &req[i], NULL, 0);
	assert_null(mm_task(t)->reclaim.throttle_slot);
	assert_false(mm_task(t)->reclaim.counted);
	return t;
}

/* The woken task @t takes its CPU again. */
static void run_again(struct task *t)
{
	assert_int_equal(t->state, TASK_RUNNABLE);
	t->state = TASK_RUNNING;
}

static void test_global_limit_and_wakeups(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_global);
	struct task *t[3];

	for (int i = 0; i < 3; i++)
		t[i] = reclaimer(sim, i);
	/* 2 x 1 node with memory: two enter, the third sleeps */
	assert_false(test_call_step(t[0])); /* isolates a batch: one step */
	assert_false(test_call_step(t[1]));
	assert_int_equal(sim->throttle_reclaimers, 2);
	assert_int_equal(sim->reclaim.nr_reclaimers, 2);
	assert_false(test_call_step(t[2]));
	assert_int_equal(t[2]->state, TASK_BLOCKED);
	assert_ptr_equal(t[2]->waiting_on, &sim->throttle_wait);
	assert_null(mm_task(t[2])->reclaim.throttle_slot);
	assert_int_equal(sim->reclaim.max_parallel_reclaimers, 2);

	/* an exit gives the slot back and wakes every waiter */
	reclaim_abort(t[0]);
	assert_int_equal(sim->throttle_reclaimers, 1);
	assert_int_equal(sim->reclaim.nr_reclaimers, 1);
	assert_int_equal(t[2]->state, TASK_RUNNABLE);
	assert_null(t[2]->waiting_on);
	run_again(t[2]);
	assert_false(test_call_step(t[2]));
	assert_int_equal(sim->throttle_reclaimers, 2);
	assert_non_null(mm_task(t[2])->reclaim.throttle_slot);
	assert_int_equal(sim->reclaim.nr_reclaimers, 2);
}

/* After more than HZ of waiting, plenty free: skip, "as if reclaimed". */
static void test_skip_after_wait_watermark(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_global);
	struct task *t = reclaimer(sim, 0);
	unsigned long scanned = sim->vm_events[PGSCAN_DIRECT];

	/* waited exactly HZ: not more than HZ, so it reclaims */
	sim->eng.now =
		mm_task(t)->reclaim.start_ns + NSEC_PER_SEC - t->step_sys_ns - t->step_user_ns;
	assert_false(test_call_step(t));
	assert_true(mm_task(t)->reclaim.counted);
	reclaim_abort(t);

	t = reclaimer(sim, 1);
	sim->eng.now = mm_task(t)->reclaim.start_ns + NSEC_PER_SEC + 1;
	/* the fresh machine is all free: DMA32 passes 4 x high */
	assert_true(test_call_step(t));
	assert_int_equal(req[1].nr_reclaimed, 1);
	assert_false(mm_task(t)->reclaim.counted);
	assert_int_equal(sim->throttle_reclaimers, 0);
	assert_int_equal(sim->vm_events[PGSCAN_DIRECT], scanned);
}

/* Memory nearly gone: the skip check fails and reclaim goes ahead. */
static void test_no_skip_when_short(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_global);
	struct task *t;

	for (unsigned int z = 0; z < MAX_NR_ZONES; z++) {
		struct zone *zone = &sim->nodes[0].node_zones[z];

		/* pretend the free pages are gone (counter only) */
		zone->vm_stat[NR_FREE_PAGES] = (long)(4 * high_wmark_pages(zone)) - 1;
		if (zone->vm_stat[NR_FREE_PAGES] < 0)
			zone->vm_stat[NR_FREE_PAGES] = 0;
	}
	t = reclaimer(sim, 0);
	sim->eng.now = mm_task(t)->reclaim.start_ns + 2 * NSEC_PER_SEC;
	assert_false(test_call_step(t));
	assert_true(mm_task(t)->reclaim.counted);
	assert_int_equal(sim->throttle_reclaimers, 1);
	reclaim_abort(t);
	assert_int_equal(sim->throttle_reclaimers, 0);
}

/* Limit reclaim skips on the memcg's margin, not on zone watermarks. */
static void test_skip_after_wait_memcg_margin(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_global);
	struct mem_cgroup *box = test_memcg_named(sim, "box");
	struct task *t = test_task_in(sim, box);

	static struct test_reclaim r;
	int steps = 0;

	/* margin 2048 pages >= the 32 wanted: skip after the wait */
	test_reclaim_start(t, &r, box, 1);
	sim->eng.now = mm_task(t)->reclaim.start_ns + 2 * NSEC_PER_SEC;
	assert_true(test_call_step(t));
	assert_int_equal(r.nr_reclaimed, 1);
	assert_int_equal(box->vm_events[PGSCAN_DIRECT], 0);

	/* margin 31 < 32: reclaim goes ahead (and finds nothing: box is empty) */
	box->memory.usage = box->memory.max - 31;
	test_reclaim_start(t, &r, box, 1);
	sim->eng.now = mm_task(t)->reclaim.start_ns + 2 * NSEC_PER_SEC;
	while (!test_call_step(t)) {
		if (t->state == TASK_BLOCKED)
			wake_up_task(t);
		t->state = TASK_RUNNING;
		assert_true(++steps < 10000);
	}
	assert_int_equal(r.nr_reclaimed, 0);
	assert_int_equal(sim->throttle_reclaimers, 0);
	box->memory.usage = 0;
}

/* per_zone: one reclaimer per node; tasks on another node are not held. */
static void test_per_zone_one_per_node(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_per_zone_2nodes);
	struct task *a = reclaimer(sim, 0), *b = reclaimer(sim, 1), *c;

	a->cpu = 0; /* node 0 (CPUs 0-1) */
	b->cpu = 1; /* node 0 too */
	assert_false(test_call_step(a));
	assert_false(test_call_step(b));
	assert_int_equal(b->state, TASK_BLOCKED);
	assert_int_equal(sim->nodes[0].throttle_reclaimers, 1);
	c = reclaimer(sim, 2);
	c->cpu = 2; /* node 1 */
	test_call_step(c);
	/* it got node 1's slot (it may sleep in reclaim, not on the throttle) */
	assert_ptr_not_equal(c->waiting_on, &sim->throttle_wait);
	assert_non_null(mm_task(c)->reclaim.throttle_slot);
	assert_int_equal(sim->nodes[1].throttle_reclaimers, 1);
	assert_int_equal(sim->reclaim.max_parallel_reclaimers, 2);
}

/*
 * wait_iff_congested() (v3.11..5.15) naps only while the node is tagged
 * congested and a device's queue is full; otherwise it returns at once.
 */
static void wait_iff_congested_fn(struct task *t, void *arg)
{
	*(bool *)arg = wait_iff_congested(t, &t->sim->nodes[0], JIFFY_NS);
}

/* wait_iff_congested() in @t: true if it slept (the step ended asleep). */
static bool call_wait_iff_congested(struct task *t)
{
	static struct test_call c; /* outlives the call: t->fn_arg */
	static bool slept;

	slept = false;
	test_call_start(t, &c, wait_iff_congested_fn, &slept);
	if (test_call_step(t))
		return slept;
	assert_int_equal(t->state, TASK_BLOCKED);
	assert_ptr_equal(t->waiting_on, &t->sim->congestion_wait);
	wake_up_task(t);
	run_again(t);
	assert_true(test_call_step(t));
	assert_true(slept);
	return true;
}

static void test_wait_iff_congested(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_global);
	struct pglist_data *pgdat = &sim->nodes[0];
	struct task *t = test_task_in(sim, sim->memcgs[0]);

	assert_false(call_wait_iff_congested(t));
	sim->swap_dev.congested[REQ_OP_WRITE] = true;
	assert_false(call_wait_iff_congested(t));
	assert_int_equal(t->state, TASK_RUNNING);
	pgdat->flags |= 1UL << PGDAT_CONGESTED;
	assert_true(call_wait_iff_congested(t));
	sim->swap_dev.congested[REQ_OP_WRITE] = false;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		test_sim_unit_test(test_global_limit_and_wakeups),
		test_sim_unit_test(test_skip_after_wait_watermark),
		test_sim_unit_test(test_no_skip_when_short),
		test_sim_unit_test(test_skip_after_wait_memcg_margin),
		test_sim_unit_test(test_per_zone_one_per_node),
		test_sim_unit_test(test_wait_iff_congested),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

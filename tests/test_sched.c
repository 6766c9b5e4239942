// SPDX-License-Identifier: MIT
/*
 * test_sched.c - the fair scheduler (src/sim/sched.c): weights from nice,
 * the tunables scaled by CPU count as each kernel did, fair shares,
 * a rate-limited task among CPU-bound ones (issue 22's starvation case),
 * a wake-up preempting at the end of the running task's step,
 * interrupt work that runs at once on its CPU and which task the
 * balancer moves when (sched_load_balance).
 */
#include "testsim.h"

/* sched_prio_to_weight as the model computes it: 1024 / 1.25^nice, rounded. */
static void test_prio_to_weight(void **state)
{
	struct sim *sim = test_sim_zones(state, 0, 4096, 0, NULL);
	static const struct {
		int nice;
		u32 weight; /* the kernel's table in the comment */
	} want[] = {
		{ 0, 1024 }, /* 1024 */
		{ 1, 819 }, /* 820 */
		{ 5, 336 }, /* 335 */
		{ 19, 15 }, /* 15 */
		{ -1, 1280 }, /* 1277 */
		{ -20, 88818 }, /* 88761 */
	};

	for (unsigned int i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		struct task *t = task_create(sim, TASK_USER, "nice", NULL);

		assert_non_null(t);
		assert_int_equal(t->weight, 1024); /* nice 0 until set */
		set_user_nice(t, want[i].nice);
		assert_int_equal(t->weight, want[i].weight);
	}
}

/* The tunables of @kernel on @cpus CPUs. */
static struct sim *sim_on(void **state, const char *kernel, unsigned int cpus)
{
	char ini[256];

	snprintf(ini, sizeof(ini),
		 "[machine]\ncpus = %u\nmemory = 64M\nzones = DMA:16M, DMA32:rest\n"
		 "[policy]\nkernel = %s\n",
		 cpus, kernel);
	return test_sim_from_text(state, "t.ini", ini);
}

/*
 * sched_init_granularity (2.6.24..2.6.32): times 1 + ilog2(CPUs), the
 * latency capped at 200 ms; update_sysctl (2.6.33+): at most 8 CPUs count.
 */
static void test_tunables_scale_with_cpus(void **state)
{
	struct sim *sim = sim_on(state, "2.6.28", 8);

	/* seed 004's box: 20 ms x 4, 4 ms x 4, 5 ms x 4; HZ 250 */
	assert_int_equal(sim->eng.sched_latency_ns, 80 * NSEC_PER_MSEC);
	assert_int_equal(sim->eng.sched_min_granularity_ns, 16 * NSEC_PER_MSEC);
	assert_int_equal(sim->eng.sched_wakeup_granularity_ns, 20 * NSEC_PER_MSEC);
	assert_int_equal(sim->eng.sched_nr_latency, 5);
	assert_int_equal(sim->eng.tick_ns, 4 * NSEC_PER_MSEC);
	assert_false(sim->eng.gentle_fair_sleepers);
	assert_false(sim->eng.select_idle_sibling);
	test_sim_teardown(state);

	/* 2.6.25 on 1024 CPUs: x 11, the latencies capped */
	sim = sim_on(state, "2.6.25", 1024);
	assert_int_equal(sim->eng.sched_latency_ns, 200 * NSEC_PER_MSEC);
	assert_int_equal(sim->eng.sched_min_granularity_ns, 44 * NSEC_PER_MSEC);
	assert_int_equal(sim->eng.sched_wakeup_granularity_ns, 110 * NSEC_PER_MSEC);
	test_sim_teardown(state);

	/* 6.12 on 64 CPUs: 8 count, x 4 */
	sim = sim_on(state, "6.12", 64);
	assert_int_equal(sim->eng.sched_latency_ns, 24 * NSEC_PER_MSEC);
	assert_int_equal(sim->eng.sched_min_granularity_ns, 3 * NSEC_PER_MSEC);
	assert_int_equal(sim->eng.sched_wakeup_granularity_ns, 4 * NSEC_PER_MSEC);
	assert_int_equal(sim->eng.sched_nr_latency, 8);
	assert_true(sim->eng.gentle_fair_sleepers);
	assert_true(sim->eng.select_idle_sibling);
	test_sim_teardown(state);

	/* one CPU: as written */
	sim = sim_on(state, "6.12", 1);
	assert_int_equal(sim->eng.sched_latency_ns, 6 * NSEC_PER_MSEC);
}

/* A CPU-bound task: 10 us of user work a step, forever. */
static void burner(struct task *t)
{
	for (;;) {
		charge_user(t, 10 * NSEC_PER_USEC);
		cond_resched(t);
	}
}

/*
 * Two CPU-bound tasks on one CPU share it by weight: nice 0 against
 * nice 5 is 1024 : 336, 75.3 % : 24.7 %.  The run lasts while a
 * rate-limited workload writes 1 MiB at 1 MiB/s.
 */
static void test_share_by_weight(void **state)
{
	struct sim *sim = test_sim_from_text(
		state, "t.ini",
		"[machine]\ncpus = 1\nmemory = 64M\nzones = DMA:16M, DMA32:rest\n"
		"[workload clock]\ntype = anon_fill\nsize = 1M\npasses = 0\nrate = 1M\n"
		"[run]\njitter = off\n");
	struct task *a = task_create(sim, TASK_USER, "nice0", burner);
	struct task *b = task_create(sim, TASK_USER, "nice5", burner);
	double share;

	assert_non_null(a);
	assert_non_null(b);
	a->memcg = b->memcg = sim->memcgs[0];
	set_user_nice(b, 5);
	wake_up_task(a);
	wake_up_task(b);
	assert_int_equal(sim_run(sim), 0);
	assert_true(sim->eng.now > 900 * NSEC_PER_MSEC);
	share = (double)a->sum_exec / (double)(a->sum_exec + b->sum_exec);
	if (share < 0.74 || share > 0.765)
		fail_msg("nice 0's share %.4f, want 0.753 +- 0.012", share);
}

/* Sleepers for 1 ms at a time, through io_schedule() or not: their wake-ups counted. */
static unsigned int io_wakeups, plain_wakeups;

static void io_sleeper(struct task *t)
{
	for (;;) {
		t->in_iowait = true; /* io_schedule_timeout() */
		schedule_timeout(t, NULL, NSEC_PER_MSEC);
		io_wakeups++;
	}
}

static void plain_sleeper(struct task *t)
{
	for (;;) {
		schedule_timeout(t, NULL, NSEC_PER_MSEC);
		plain_wakeups++;
	}
}

/*
 * A sleep in io_schedule() costs its task io_switch_ns of system time
 * when it gets its CPU back (the switch out and in); another sleep
 * (a plain schedule_timeout) costs nothing here.
 */
static void test_io_sleep_pays_the_switch(void **state)
{
	struct sim *sim = test_sim_from_text(
		state, "t.ini",
		"[machine]\ncpus = 2\nmemory = 64M\nzones = DMA:16M, DMA32:rest\n"
		"[workload clock]\ntype = anon_fill\nsize = 1M\npasses = 0\nrate = 10M\n"
		"[run]\njitter = off\n");
	struct task *io = task_create(sim, TASK_USER, "io", io_sleeper);
	struct task *plain = task_create(sim, TASK_USER, "plain", plain_sleeper);

	assert_non_null(io);
	assert_non_null(plain);
	assert_int_equal(sim->scn.cost.io_switch_ns, 1300);
	io->memcg = plain->memcg = sim->memcgs[0];
	io_wakeups = plain_wakeups = 0;
	wake_up_task(io);
	wake_up_task(plain);
	assert_int_equal(sim_run(sim), 0);
	assert_true(io_wakeups > 50);
	assert_true(plain_wakeups > 50);
	assert_int_equal(io->stime_ns, (u64)io_wakeups * 1300);
	assert_int_equal(plain->stime_ns, 0);
}

/*
 * Issue 22's starvation case: 4 CPUs, 4 CPU-bound tasks, and a fifth
 * task writing 500 MiB at 50 MiB/s.  It needs ~3 % of a CPU; CFS gives it
 * that (the sleeper credit puts it ahead of the hog on its CPU when it
 * wakes, wakeup preemption lets it run at once), so it is done in ~10 s.
 * The round-robin queue before CFS gave it 21 MiB in 11 s.  The hogs'
 * pages cost 1 us a touch, so that their 44 s of CPU is few steps.
 */
static void test_rate_limited_task_among_hogs(void **state)
{
	struct sim *sim = test_sim_from_text(
		state, "t.ini",
		"[machine]\ncpus = 4\nmemory = 2G\nswap = 0\n"
		"[workload hogs]\ntype = anon_fill\ntasks = 4\nsize = 4M\npasses = 1000000\n"
		"[workload slow]\ntype = anon_fill\nsize = 500M\npasses = 0\nrate = 50M\n"
		"[cost]\nuser_touch_ns = 1us\nuser_touch_cache = 0\n"
		"[run]\nduration = 11s\n");
	const struct workload_inst *slow, *hogs;
	u64 hog_ns = 0;

	sim_run(sim);
	slow = test_workload_named(sim, "slow");
	hogs = test_workload_named(sim, "hogs");
	/* >= 95 % of its 128,000 pages within 11 s */
	if (slow->tasks[0]->min_flt < 121600)
		fail_msg("the rate-limited task faulted %llu of 128000 pages in 11 s",
			 (unsigned long long)slow->tasks[0]->min_flt);
	assert_int_equal(slow->tasks[0]->state, TASK_DEAD);
	assert_true(slow->tasks[0]->exit_ns < 11 * NSEC_PER_SEC);
	/* the hogs still had nearly all of the 4 CPUs */
	for (unsigned int i = 0; i < hogs->nr_tasks; i++)
		hog_ns += hogs->tasks[i]->utime_ns + hogs->tasks[i]->stime_ns;
	assert_true(hog_ns > 42 * NSEC_PER_SEC);
}

/*
 * A wake-up preempts the running task at the end of the step it fell in:
 * one CPU, a CPU-bound hog (50 us steps of 1 us touches) and a task
 * touching 10,240 pages at 50 MB/s, one every 78.125 us, which sleeps
 * between them (woken at most a step late, never late for its next page):
 * 0.8 s.  Seen a step later (after the hog's next step too, 75..100 us),
 * it fell behind and took 0.881 s.
 */
static void test_wakeup_preempts_at_the_step_end(void **state)
{
	struct sim *sim = test_sim_from_text(
		state, "t.ini",
		"[machine]\ncpus = 1\nmemory = 512M\nswap = 0\n"
		"[workload hog]\ntype = anon_fill\nsize = 4M\npasses = 1000000\n"
		"[workload slow]\ntype = anon_fill\nsize = 40M\npasses = 0\nrate = 50M\n"
		"[cost]\nuser_touch_ns = 1us\nuser_touch_cache = 0\n"
		"[run]\nduration = 2s\n");
	const struct task *slow;

	sim_run(sim);
	slow = test_workload_named(sim, "slow")->tasks[0];
	assert_int_equal(slow->state, TASK_DEAD);
	assert_int_equal(slow->min_flt, 10240);
	/*
	 * 10,239 waits of 78.125 us, then the last page's work and the exit
	 * (exit_mmap zaps its 10,240 PTEs: 2.3 ms of pte_ns)
	 */
	if (slow->exit_ns - slow->start_ns > 805 * NSEC_PER_MSEC)
		fail_msg("the rate-limited task took %llu ns",
			 (unsigned long long)(slow->exit_ns - slow->start_ns));
}

/*
 * Interrupt-context allocations run at once on their CPU, ahead of the
 * task there: a burst of them with two tasks for each CPU ends within
 * twice its own CPU time (~20 ms; as a task queued behind the others,
 * before CFS, 3x: 0.06 s).  Blocks live 1 ns: each is freed at the next
 * allocation.
 */
static void test_interrupt_burst_runs_at_once(void **state)
{
	struct sim *sim = test_sim_from_text(
		state, "t.ini",
		"[machine]\ncpus = 2\nmemory = 2G\nswap = 0\n"
		"[workload hogs]\ntype = anon_fill\ntasks = 4\nsize = 4M\npasses = 1000\n"
		"[workload irq]\ntype = kalloc\nallocs = 100000\ngfp = GFP_ATOMIC\n"
		"lifetime = 1ns\nlifetime_dist = fixed\ncontext = interrupt\nstart = 100ms\n"
		"[cost]\nuser_touch_ns = 1us\nuser_touch_cache = 0\n");
	const struct task *t;
	u64 cpu, wall;

	sim_run(sim);
	t = test_workload_named(sim, "irq")->tasks[0];
	cpu = t->utime_ns + t->stime_ns;
	wall = t->exit_ns - t->start_ns;
	assert_int_equal(t->state, TASK_DEAD);
	assert_true(cpu > 10 * NSEC_PER_MSEC);
	if (wall > 2 * cpu)
		fail_msg("a burst of %llu ns of CPU took %llu ns", (unsigned long long)cpu,
			 (unsigned long long)wall);
	/* the hogs were busy all through it */
	assert_true(test_workload_named(sim, "hogs")->tasks[0]->exit_ns > t->exit_ns);
}

/* The balancing test's record: each burner's CPU changes, in order. */
#define MAX_MOVES 64
static struct move {
	u64 ns;
	char comm[16];
	int from, to;
} moves[MAX_MOVES];
static unsigned int nr_moves;

/* A CPU-bound task that records each change of its CPU. */
static void recording_burner(struct task *t)
{
	int cpu = t->cpu;

	for (;;) {
		charge_user(t, 10 * NSEC_PER_USEC);
		cond_resched(t);
		if (t->cpu != cpu && nr_moves < MAX_MOVES) {
			struct move *m = &moves[nr_moves++];

			m->ns = task_now(t);
			snprintf(m->comm, sizeof(m->comm), "%s", t->comm);
			m->from = cpu;
			m->to = t->cpu;
		}
		cpu = t->cpu;
	}
}

/* Three burners on 2.6.28's two CPUs for 1 s, balanced by @balance. */
static struct sim *three_on_two(void **state, const char *balance)
{
	char ini[512];
	struct sim *sim;

	snprintf(ini, sizeof(ini),
		 "[machine]\ncpus = 2\nmemory = 64M\nzones = DMA:16M, DMA32:rest\n"
		 "[policy]\nkernel = 2.6.28\nsched_load_balance = %s\n"
		 "[workload clock]\ntype = anon_fill\nsize = 1M\npasses = 0\nrate = 1M\n"
		 "[cost]\nuser_touch_cache = 0\n[run]\njitter = off\n",
		 balance);
	sim = test_sim_from_text(state, "t.ini", ini);
	nr_moves = 0;
	for (unsigned int i = 0; i < 3; i++) {
		char comm[8];
		struct task *t;

		snprintf(comm, sizeof(comm), "b%u", i);
		t = task_create(sim, TASK_USER, comm, recording_burner);
		assert_non_null(t);
		t->memcg = sim->memcgs[0];
		wake_up_task(t);
	}
	assert_int_equal(sim_run(sim), 0);
	return sim;
}

/*
 * 3 CPU-bound tasks on 2 CPUs.  Counting tasks (nr_running), a CPU with
 * one task never pulls from one with two (a gap of one): nobody moves.
 * With 2.6.28's cpu_load[], the lone task's CPU pulls one once the
 * other's cpu_load[1] (busy_idx 2) has reached two tasks' weight: 1024
 * (target_load) against 2048 (source_load) is past imbalance_pct, the
 * average 1536 makes the imbalance 512, less than a task, and
 * fix_small_imbalance rounds it up to one (2048 - 1024 + 1024 >=
 * 2 x 1024).  So the tasks take turns at the lone CPU:
 * - 4 ms, the first tick: both CPUs balanced (loads still rising:
 *   cpu_load[1] 1024 and 512), balance_interval 1 -> 2 ms, x64 busy;
 * - 132 ms: CPU 1 pulls b2 from CPU 0 (b2 next runs at 132.82 ms);
 *   CPU 0, balanced again, waits 4 ms x64 = 256 ms;
 * - 388 ms: CPU 0 pulls b2 back (b2 runs at 392 ms);
 * - 588 ms: CPU 1 pulls b0;
 * - 836 ms: CPU 0 finds the imbalance, but the waiting task ran less
 *   than 0.5 ms ago (task_hot): no pull, the interval back to 1 ms x64;
 * - 900 ms: CPU 0 pulls b0.
 */
static void test_balance_three_on_two(void **state)
{
	static const struct move want[] = {
		{ 132818625, "b2", 0, 1 },
		{ 392000000, "b2", 1, 0 },
		{ 589854600, "b0", 0, 1 },
		{ 904000000, "b0", 1, 0 },
	};

	three_on_two(state, "nr_running");
	assert_int_equal(nr_moves, 0);
	test_sim_teardown(state);

	three_on_two(state, "cpu_load");
	assert_int_equal(nr_moves, sizeof(want) / sizeof(want[0]));
	for (unsigned int i = 0; i < nr_moves; i++) {
		assert_int_equal(moves[i].ns, want[i].ns);
		assert_string_equal(moves[i].comm, want[i].comm);
		assert_int_equal(moves[i].from, want[i].from);
		assert_int_equal(moves[i].to, want[i].to);
	}
}

/* Did @t only ever run on (and is it bound to) the CPUs [first, first + nr)? */
static void assert_bound(const struct task *t, unsigned int first, unsigned int nr)
{
	assert_int_equal(t->cpus_first, first);
	assert_int_equal(t->nr_cpus_allowed, nr);
	assert_true(t->last_cpu >= (int)first && t->last_cpu < (int)(first + nr));
}

/*
 * kswapd runs on its node's CPUs (kswapd() binds itself to
 * cpumask_of_node): 2 nodes of 2 CPUs, an anon fill bound to each node
 * ([workload] node) going past its node into swap, both kswapds reclaim.
 */
static void test_kswapd_bound(void **state)
{
	static const char ini[] = "[machine]\ncpus = 4\nnodes = 2\nmemory = 256M\nswap = 256M\n"
				  "[workload a]\ntype = anon_fill\nsize = 160M\nnode = 0\n"
				  "[workload b]\ntype = anon_fill\nsize = 160M\nnode = 1\n";
	struct sim *sim = test_sim_from_text(state, "t.ini", ini);

	sim_run(sim);
	for (unsigned int n = 0; n < 2; n++) {
		assert_true(sim->nodes[n].kswapd->sum_exec > 0);
		assert_bound(sim->nodes[n].kswapd, 2 * n, 2);
	}
}

/*
 * A program bound to a node (numactl --cpunodebind) forks children bound
 * to the same CPUs (dup_task_struct copies cpus_mask): LTP madvise09 on 2
 * nodes of 2 CPUs, bound to node 1; its one pressure child (OOM-killed,
 * which ends the rounds) ran on node 1's CPUs.
 */
static void test_fork_keeps_binding(void **state)
{
	static const char *const sets[] = { "machine.nodes=2", "machine.cpus=4",
					    "workload.madvise09.node=1", NULL };
	struct sim *sim = test_sim_run_file("scenarios/ltp-madvise09.ini", sets);
	unsigned int children = 0;

	*state = sim;
	for (unsigned int i = 0; i < sim->eng.nr_tasks; i++) {
		const struct task *t = sim->eng.tasks[i];

		if (t->kind != TASK_USER)
			continue;
		assert_bound(t, 2, 2);
		children += t != sim->workloads[0].tasks[0];
	}
	assert_int_equal(children, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_prio_to_weight, test_sim_teardown),
		cmocka_unit_test_teardown(test_tunables_scale_with_cpus, test_sim_teardown),
		cmocka_unit_test_teardown(test_share_by_weight, test_sim_teardown),
		cmocka_unit_test_teardown(test_rate_limited_task_among_hogs, test_sim_teardown),
		cmocka_unit_test_teardown(test_wakeup_preempts_at_the_step_end, test_sim_teardown),
		cmocka_unit_test_teardown(test_io_sleep_pays_the_switch, test_sim_teardown),
		cmocka_unit_test_teardown(test_interrupt_burst_runs_at_once, test_sim_teardown),
		cmocka_unit_test_teardown(test_balance_three_on_two, test_sim_teardown),
		cmocka_unit_test_teardown(test_kswapd_bound, test_sim_teardown),
		cmocka_unit_test_teardown(test_fork_keeps_binding, test_sim_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

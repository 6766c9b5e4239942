// SPDX-License-Identifier: MIT
/*
 * test_psi.c - memory pressure stall information (src/sim/psi.c) with
 * exact values: a task's known time in a memstall gives that much SOME
 * and FULL time in its group, its ancestors and the system, not in a
 * sibling; a stalled sleeper beside a productive task is SOME but not
 * FULL; the averages after one psi_period follow calc_load; the
 * pressure and memory.events files print the kernel's lines.
 */
#include "testsim.h"
#include "report/report.h"

#define MS (NSEC_PER_SEC / 1000)

/* p and its child c are v2, s is c's cousin: stalls in c count in p and the system, not s. */
static const char psi_ini[] = "[machine]\n"
			      "cpus = 1\n"
			      "nodes = 1\n"
			      "memory = 64M\n"
			      "zones = DMA:16M, DMA32:rest\n"
			      "[cgroup p]\n"
			      "[cgroup c]\n"
			      "parent = p\n"
			      "[cgroup s]\n"
			      "[run]\n"
			      "duration = 10s\n";

static const char psi2_ini[] = "[machine]\n"
			       "cpus = 2\n"
			       "nodes = 1\n"
			       "memory = 64M\n"
			       "zones = DMA:16M, DMA32:rest\n"
			       "[cgroup c]\n"
			       "[run]\n"
			       "duration = 10s\n";

/* What the scheduler does when @t gets CPU @cpu at @now (woken first if asleep). */
static void run_on(struct sim *sim, struct task *t, unsigned int cpu, u64 now)
{
	sim->eng.now = now;
	if (t->state == TASK_BLOCKED) {
		wake_up_task(t);
		/* the test is the scheduler: off the run queue, onto the CPU */
		dequeue_task(t);
	}
	t->state = TASK_RUNNING;
	t->cpu = (int)cpu;
	sim->eng.cpus[cpu].curr = t;
	psi_switch_in(t, cpu);
}

/* @t, running, goes to sleep at @now and leaves its CPU. */
static void sleep_at(struct sim *sim, struct task *t, u64 now)
{
	sim->eng.now = now;
	task_sleep(t, NULL, 0);
	sim->eng.cpus[t->cpu].curr = NULL;
	t->cpu = -1;
}

static struct task *new_task(struct sim *sim, struct mem_cgroup *memcg)
{
	struct task *t = task_create(sim, TASK_USER, "psi", NULL);

	assert_non_null(t);
	t->memcg = memcg;
	return t;
}

/* The text report_pressure() prints for @group. */
static char *pressure_text(const struct psi_group *group)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	report_pressure(f, group);
	assert_int_equal(fclose(f), 0);
	return buf;
}

/*
 * One task in c, alone on the only CPU, reclaims from 1.0 s to 1.5 s:
 * 500 ms of SOME, and of FULL (the CPU's current task is reclaiming).
 * At the first update (psi_period = 2.001 s after boot) the sample is
 * 500 ms of 2.001 s: pct = 24, and each average is calc_load(0, EXP, 24
 * << FSHIFT).  A quiet second period decays avg10 by EXP_10s.
 */
static void test_psi_direct_reclaim_exact(void **state)
{
	struct sim *sim = test_sim_from_text(state, "psi.ini", psi_ini);
	struct mem_cgroup *p = test_memcg_named(sim, "p"), *c = test_memcg_named(sim, "c"),
			  *s = test_memcg_named(sim, "s");
	struct task *t = new_task(sim, c);
	struct psi_group *groups[] = { &sim->eng.psi_system, &p->psi, &c->psi };
	unsigned long pct = 500 * MS * 100 / PSI_PERIOD_NS;
	unsigned long avg10 = calc_load(0, EXP_10s, pct * FIXED_1);
	bool pflags;
	char *text;

	assert_int_equal(PSI_PERIOD_NS, 2001 * MS);
	assert_int_equal(pct, 24);
	assert_ptr_equal(mem_cgroup_psi(sim, c), &c->psi);
	assert_ptr_equal(c->psi.parent, &p->psi);
	assert_ptr_equal(p->psi.parent, &sim->eng.psi_system);
	run_on(sim, t, 0, 0);
	sim->eng.now = 1000 * MS;
	psi_memstall_enter(t, &pflags);
	assert_false(pflags);
	sim->eng.now = 1500 * MS;
	psi_memstall_leave(t, &pflags);
	for (size_t i = 0; i < 3; i++) {
		psi_update(sim, groups[i], PSI_PERIOD_NS);
		assert_int_equal(groups[i]->total[PSI_MEM_SOME], 500 * MS);
		assert_int_equal(groups[i]->total[PSI_MEM_FULL], 500 * MS);
		assert_int_equal(groups[i]->avg[PSI_MEM_SOME][0], avg10);
		assert_int_equal(groups[i]->avg[PSI_MEM_FULL][1],
				 calc_load(0, EXP_60s, pct * FIXED_1));
		assert_int_equal(groups[i]->avg[PSI_MEM_SOME][2],
				 calc_load(0, EXP_300s, pct * FIXED_1));
	}
	assert_int_equal(avg10, 8904);
	text = pressure_text(&c->psi);
	assert_string_equal(text, "some avg10=4.34 avg60=0.78 avg300=0.16 total=500000\n"
				  "full avg10=4.34 avg60=0.78 avg300=0.16 total=500000\n");
	free(text);
	/* the sibling saw nothing: no per-CPU state was even allocated */
	psi_update(sim, &s->psi, PSI_PERIOD_NS);
	assert_null(s->psi.pcpu);
	assert_int_equal(s->psi.total[PSI_MEM_SOME], 0);
	text = pressure_text(&s->psi);
	assert_string_equal(text, "some avg10=0.00 avg60=0.00 avg300=0.00 total=0\n"
				  "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n");
	free(text);
	/*
	 * the work re-armed one jiffy past the next update (4.002 s): at
	 * 4.003 s a period without stalls decays the average
	 */
	psi_update(sim, &c->psi, 4003 * MS);
	assert_int_equal(c->psi.avg[PSI_MEM_SOME][0], avg10 * EXP_10s / FIXED_1);
	assert_int_equal(c->psi.total[PSI_MEM_SOME], 500 * MS);
}

/*
 * Task a waits for a workingset refault from 100 ms to 400 ms; task b
 * runs on the same CPU from 100 ms to 300 ms.  SOME: 300 ms (a stalled);
 * FULL: only 300..400 ms, when b sleeps and nothing productive is left.
 * a's memstall ends when it gets the CPU back.
 */
static void test_psi_some_not_full(void **state)
{
	struct sim *sim = test_sim_from_text(state, "psi.ini", psi_ini);
	struct mem_cgroup *c = test_memcg_named(sim, "c");
	struct task *a = new_task(sim, c), *b = new_task(sim, c);

	run_on(sim, a, 0, 0);
	sim->eng.now = 100 * MS;
	psi_memstall_sleep(a);
	sleep_at(sim, a, 100 * MS);
	assert_true(a->in_memstall);
	assert_int_equal(a->psi_flags, TSK_MEMSTALL | TSK_IOWAIT);
	run_on(sim, b, 0, 100 * MS);
	sleep_at(sim, b, 300 * MS);
	run_on(sim, a, 0, 400 * MS);
	assert_false(a->in_memstall);
	assert_int_equal(a->psi_flags, TSK_RUNNING | TSK_ONCPU);
	psi_update(sim, &c->psi, 500 * MS);
	assert_int_equal(c->psi.total[PSI_MEM_SOME], 300 * MS);
	assert_int_equal(c->psi.total[PSI_MEM_FULL], 100 * MS);
	/* no update is due before psi_period: the averages stay 0 */
	assert_int_equal(c->psi.avg[PSI_MEM_SOME][0], 0);
}

/*
 * Two CPUs: CPU 0 runs a task stalled all along, CPU 1 a productive task
 * for half the time.  Each CPU's stall time is weighted by its non-idle
 * jiffies: (1000 ms x 1000 + 0 x 500) / 1500 = 666.666 ms.
 */
static void test_psi_cpu_weighting(void **state)
{
	struct sim *sim = test_sim_from_text(state, "psi2.ini", psi2_ini);
	struct mem_cgroup *c = test_memcg_named(sim, "c");
	struct task *a = new_task(sim, c), *b = new_task(sim, c);
	bool pflags;

	assert_int_equal(sim->eng.nr_cpus, 2);
	run_on(sim, a, 0, 0);
	psi_memstall_enter(a, &pflags);
	run_on(sim, b, 1, 0);
	sleep_at(sim, b, 500 * MS);
	psi_update(sim, &c->psi, 1000 * MS);
	assert_int_equal(c->psi.total[PSI_MEM_SOME], 1000 * MS * 1000 / 1500);
	assert_int_equal(c->psi.total[PSI_MEM_FULL], 1000 * MS * 1000 / 1500);
	psi_memstall_leave(a, &pflags);
}

/* memory.events: __memory_events_show()'s six lines. */
static void test_memory_events_format(void **state)
{
	const u64 events[MEMCG_NR_MEMORY_EVENTS] = { 1, 2, 3, 4, 5, 6 };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	report_memory_events(f, events);
	assert_int_equal(fclose(f), 0);
	assert_string_equal(buf, "low 1\nhigh 2\nmax 3\noom 4\noom_kill 5\noom_group_kill 6\n");
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		test_sim_unit_test(test_psi_direct_reclaim_exact),
		test_sim_unit_test(test_psi_some_not_full),
		test_sim_unit_test(test_psi_cpu_weighting),
		cmocka_unit_test(test_memory_events_format),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

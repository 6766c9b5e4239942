// SPDX-License-Identifier: MIT
/*
 * sched.c - simulated CPUs, a round-robin run queue and wait queues.
 *
 * Every task is a coroutine (coro.h).  A CPU event switches to the
 * CPU's task, which runs its kernel path until it calls one of the
 * primitives below - schedule(), cond_resched(), a sleep - and so ends a
 * step: the step's cost moves the task's clock on, and the CPU runs the
 * task's next step at that time.  When the task blocks, exits, or has used
 * its timeslice while others wait, the CPU takes the next task from the
 * run queue.  There is one run queue for all CPUs (no per-CPU
 * load balancing): with round robin that is what a balanced CFS looks like
 * from far enough away, and it keeps the model simple and deterministic.
 *
 * Run-to-run variation (docs/model.md), each from its own stream of the
 * seed: a task woken onto an idle CPU starts after a wake-up latency
 * (the IPI and the idle CPU's exit from its idle state), uniform in
 * 0..[run] wakeup_latency; a timed sleep ends late by the timer
 * interrupt's latency, uniform in 0..[run] timer_latency; a task's first
 * wake-up (the CPU it starts on) looks for an idle CPU from one the seed
 * draws, not always from CPU 0; and the run's CPU speed, drawn once, scales
 * every cost charged (charge_sys/charge_user) by a factor within
 * 1 +- [run] cpu_jitter percent.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "bug.h"
#include "config.h"
#include "scenario.h"

struct task *task_create(struct sim *sim, enum task_kind kind, const char *comm, task_fn fn)
{
	struct engine *eng = sim_engine(sim);
	struct task *t = calloc(1, eng->task_size ? eng->task_size : sizeof(*t));

	if (!t)
		return NULL;
	if (eng->nr_tasks == eng->cap_tasks) {
		unsigned int cap = eng->cap_tasks ? eng->cap_tasks * 2 : 64;
		struct task **v = realloc(eng->tasks, cap * sizeof(*v));

		if (!v) {
			free(t);
			return NULL;
		}
		eng->tasks = v;
		eng->cap_tasks = cap;
	}
	eng->tasks[eng->nr_tasks++] = t;
	t->pid = ++eng->next_pid;
	snprintf(t->comm, sizeof(t->comm), "%s", comm);
	t->kind = kind;
	t->state = TASK_BLOCKED; /* not runnable until woken */
	t->sim = sim;
	t->fn = fn;
	t->cpu = -1;
	t->psi_cpu = 0;
	if (eng->task_init)
		eng->task_init(t);
	return t;
}

static void rq_enqueue(struct sim *sim, struct task *t)
{
	struct engine *eng = sim_engine(sim);

	VM_BUG_ON(t->state != TASK_RUNNABLE); /* only runnable tasks queue for a CPU */
	t->rq_next = NULL;
	if (eng->rq_tail)
		eng->rq_tail->rq_next = t;
	else
		eng->rq_head = t;
	eng->rq_tail = t;
}

static struct task *rq_dequeue(struct sim *sim)
{
	struct engine *eng = sim_engine(sim);
	struct task *t = eng->rq_head;

	if (t) {
		eng->rq_head = t->rq_next;
		if (!eng->rq_head)
			eng->rq_tail = NULL;
		t->rq_next = NULL;
	}
	return t;
}

static void sched_cpu_event(struct sim *sim, void *unused, u64 cpu);

/* Queue a CPU event unless one is pending. */
static void cpu_kick(struct sim *sim, unsigned int cpu, u64 when)
{
	struct engine *eng = sim_engine(sim);

	if (eng->cpus[cpu].event_pending)
		return;
	eng->cpus[cpu].event_pending = true;
	event_push(sim, when, sched_cpu_event, NULL, cpu);
}

static void waitq_remove(struct task *t)
{
	struct wait_queue_head *wq = t->waiting_on;
	struct task **pp;

	if (!wq)
		return;
	VM_BUG_ON(wq->nr == 0);
	for (pp = &wq->first; *pp; pp = &(*pp)->wait_next) {
		if (*pp == t) {
			*pp = t->wait_next;
			if (wq->last == t) {
				struct task *p = wq->first;

				while (p && p->wait_next)
					p = p->wait_next;
				wq->last = p;
			}
			wq->nr--;
			break;
		}
	}
	t->wait_next = NULL;
	t->waiting_on = NULL;
}

/* A draw in 0..@max ns from @eng's stream of source @src; 0 when @max is 0 (off). */
static u64 var_delay(struct engine *eng, enum var_source src, u64 max)
{
	return max ? rng_below(&eng->var_rng[src], max + 1) : 0;
}

/*
 * try_to_wake_up(): make a sleeping task runnable, put it on an idle CPU
 * after the wake-up latency, counted from the waker's clock: a task waking
 * another in the middle of its step does so after the step's work so far
 * (an event outside any step wakes at the event's time).  The search for
 * an idle CPU starts at CPU 0,
 * or, for a task that never ran with task_placement = random, at a CPU
 * the seed draws (select_task_rq's choice for a new task depends on load
 * and history the model does not keep).
 */
void wake_up_task(struct task *t)
{
	struct sim *sim = t->sim;
	struct engine *eng = sim_engine(sim);
	u64 now = eng->current ? task_now(eng->current) : eng->now;
	unsigned int first = 0;

	if (t->state != TASK_BLOCKED)
		return;
	waitq_remove(t);
	t->wake_seq++;
	t->state = TASK_RUNNABLE;
	psi_wakeup(t);
	rq_enqueue(sim, t);
	if (eng->random_placement && !t->nr_steps)
		first = (unsigned int)rng_below(&eng->var_rng[VAR_TASK_CPU], eng->nr_cpus);
	for (unsigned int i = 0; i < eng->nr_cpus; i++) {
		unsigned int c = (first + i) % eng->nr_cpus;

		if (!eng->cpus[c].curr && !eng->cpus[c].event_pending) {
			cpu_kick(sim, c,
				 max_u64(now, t->busy_until) +
					 var_delay(eng, VAR_WAKEUP, eng->wakeup_latency_ns));
			break;
		}
	}
}

/*
 * task_sleep - block @t on @wq (may be NULL) for at most @timeout_ns
 * (0 = no timeout), counted from the end of its current step, plus the
 * timer interrupt's latency.
 */
void task_sleep(struct task *t, struct wait_queue_head *wq, u64 timeout_ns)
{
	/* a task is on at most one wait queue, once: every sleep is followed
	 * by schedule() before the task can sleep again */
	VM_BUG_ON(t->waiting_on);
	VM_BUG_ON(t->state == TASK_DEAD); /* an exited task does not sleep again */
	psi_sleep(t);
	t->state = TASK_BLOCKED;
	t->timed_out = false;
	t->wake_seq++;
	if (wq) {
		t->waiting_on = wq;
		t->wait_next = NULL;
		if (wq->last)
			wq->last->wait_next = t;
		else
			wq->first = t;
		wq->last = t;
		wq->nr++;
	}
	if (timeout_ns)
		event_push(t->sim,
			   task_now(t) + timeout_ns +
				   var_delay(sim_engine(t->sim), VAR_TIMER,
					     sim_engine(t->sim)->timer_latency_ns),
			   sched_wake_event, t, t->wake_seq);
}

void wake_up_all(struct sim *sim, struct wait_queue_head *wq)
{
	while (wq->first)
		wake_up_task(wq->first);
}

void sched_wake_event(struct sim *sim, void *task, u64 seq)
{
	struct task *t = task;

	if (t->state == TASK_BLOCKED && t->wake_seq == seq) {
		wake_up_task(t);
		t->timed_out = true;
	}
}

/*
 * task_exit - @t is done (or killed with @signal): leave the run queue and
 * any wait queue.  Freeing its memory is the caller's business (exit_mmap).
 */
void task_exit(struct task *t, int signal)
{
	struct sim *sim = t->sim;
	struct engine *eng = sim_engine(sim);

	if (t->state == TASK_DEAD)
		return;
	waitq_remove(t);
	if (t->state == TASK_RUNNABLE) {
		struct task **pp;

		for (pp = &eng->rq_head; *pp; pp = &(*pp)->rq_next) {
			if (*pp == t) {
				*pp = t->rq_next;
				break;
			}
		}
		eng->rq_tail = NULL;
		for (struct task *p = eng->rq_head; p; p = p->rq_next)
			eng->rq_tail = p;
	}
	/* a task ending in its own step ends when that step's work does */
	t->exit_ns = t->state == TASK_RUNNING ? task_now(t) : max_u64(eng->now, t->busy_until);
	psi_exit(t);
	t->state = TASK_DEAD;
	t->exit_signal = signal;
	/*
	 * a task killed while suspended never runs again: its stack goes
	 * now (a task ending itself loses it when its coroutine has left it,
	 * in task_run_step), so that only live tasks hold stacks
	 */
	if (t != eng->current)
		coro_destroy(&t->co);
}

/* The coroutine's body: the task's function, then the end of the task. */
static void task_body(void *arg)
{
	struct task *t = arg;

	t->fn(t);
	coro_exit(&sim_engine(t->sim)->host, &t->co, STEP_EXIT);
}

enum step_result task_run_step(struct task *t)
{
	struct sim *sim = t->sim;
	struct engine *eng = sim_engine(sim);
	struct task *prev = eng->current;
	enum step_result res;

	if (!t->co.map && coro_create(&t->co, task_body, t, (unsigned int)t->pid)) {
		/* no stack for its coroutine: the task cannot run at all */
		snprintf(eng->error, sizeof(eng->error),
			 "cannot map a %u KiB stack for task %d (%s): %s",
			 (unsigned int)(CORO_STACK_SIZE >> 10), t->pid, t->comm, strerror(errno));
		eng->stopped = true;
		return STEP_BLOCKED;
	}
	VM_BUG_ON(prev); /* steps are never nested: only the event loop resumes tasks */
	eng->current = t;
	res = (enum step_result)coro_resume(&eng->host, &t->co);
	eng->current = prev;
	if (res == STEP_EXIT)
		coro_destroy(&t->co); /* it has left its stack for good */
	return res;
}

void task_free(struct task *t)
{
	coro_destroy(&t->co);
	if (sim_engine(t->sim)->task_release)
		sim_engine(t->sim)->task_release(t);
	free(t);
}

void task_yield(struct task *t, enum step_result res)
{
	VM_BUG_ON(sim_engine(t->sim)->current != t);
	t->nr_steps++;
	coro_suspend(&sim_engine(t->sim)->host, &t->co, res);
}

_Noreturn void task_exit_current(struct task *t)
{
	VM_BUG_ON(sim_engine(t->sim)->current != t || t->state != TASK_DEAD);
	coro_exit(&sim_engine(t->sim)->host, &t->co, STEP_EXIT);
}

void schedule(struct task *t)
{
	task_yield(t, t->state == TASK_BLOCKED ? STEP_BLOCKED : STEP_CONTINUE);
}

void cond_resched(struct task *t)
{
	task_yield(t, STEP_CONTINUE);
}

void schedule_timeout(struct task *t, struct wait_queue_head *wq, u64 timeout_ns)
{
	task_sleep(t, wq, timeout_ns);
	schedule(t);
}

/* The CPU's event: run one step of its task, then decide what runs next. */
static void sched_cpu_event(struct sim *sim, void *unused, u64 cpu_nr)
{
	struct engine *eng = sim_engine(sim);
	unsigned int c = (unsigned int)cpu_nr;
	struct cpu *cpu = &eng->cpus[c];
	struct task *t = cpu->curr;
	enum step_result res;
	u64 cost;

	cpu->event_pending = false;
	if (t && t->state != TASK_RUNNING) {
		/* killed or put to sleep by someone else while we waited */
		t->cpu = -1;
		cpu->curr = t = NULL;
	}
	if (!t) {
		t = rq_dequeue(sim);
		if (!t)
			return;
		VM_BUG_ON(t->state != TASK_RUNNABLE);
		if (t->busy_until > eng->now) {
			/* woken before its last step ended: start it then */
			t->rq_next = eng->rq_head;
			eng->rq_head = t;
			if (!eng->rq_tail)
				eng->rq_tail = t;
			cpu_kick(sim, c, t->busy_until);
			return;
		}
		cpu->curr = t;
		t->cpu = (int)c;
		t->state = TASK_RUNNING;
		t->slice_used = 0;
		psi_switch_in(t, c);
		if (eng->switch_to) /* the mm's switch_mm */
			eng->switch_to(sim, c, t);
	}
	/* interrupts taken since the last step land on this one (tick accounting) */
	t->step_user_ns = 0;
	t->step_sys_ns = cpu->irq_ns;
	cpu->irq_ns = 0;
	eng->this_cpu = c;
	res = task_run_step(t);
	eng->this_cpu = 0; /* events outside steps: interrupts on CPU 0 */
	cost = t->step_user_ns + t->step_sys_ns;
	t->utime_ns += t->step_user_ns;
	t->stime_ns += t->step_sys_ns;
	t->step_user_ns = t->step_sys_ns = 0; /* folded in: nothing in progress */
	t->busy_until = eng->now + cost;
	t->slice_used += cost;
	cpu->busy_ns += cost;

	switch (res) {
	case STEP_CONTINUE:
		if (t->state != TASK_RUNNING)
			break; /* killed during its own step */
		if (t->slice_used >= eng->timeslice_ns && eng->rq_head) {
			psi_switch_out(t);
			t->state = TASK_RUNNABLE;
			t->cpu = -1;
			rq_enqueue(sim, t);
			cpu->curr = NULL;
		}
		cpu_kick(sim, c, eng->now + cost);
		return;
	case STEP_BLOCKED:
	case STEP_EXIT:
		break;
	}
	if (t->state == TASK_RUNNING) { /* blocked without a wait: treat as yield */
		psi_switch_out(t);
		t->state = TASK_RUNNABLE;
		rq_enqueue(sim, t);
	}
	t->cpu = -1;
	cpu->curr = NULL;
	cpu_kick(sim, c, eng->now + cost);
}

static const struct cfg_key sched_run_keys[] = {
	/*
	 * an IPI and the idle CPU's exit from a shallow C-state: a few us to
	 * tens of us on x86 (the exit latencies cpuidle reports)
	 */
	{ .name = "wakeup_latency",
	  .type = CFG_TIME,
	  .off = offsetof(struct scn_run, wakeup_latency_ns),
	  .max = NSEC_PER_SEC,
	  .def = "10us",
	  .doc = "a task woken onto an idle CPU starts after a delay uniform in 0..this (0: at once; off with jitter = off)" },
	/*
	 * the expiry interrupt and its softirq only: hrtimer slack is the
	 * sleeper's (madvise09's usleep adds the kernel's 50 us itself) and
	 * the tick phase of jiffy timers is not drawn
	 */
	{ .name = "timer_latency",
	  .type = CFG_TIME,
	  .off = offsetof(struct scn_run, timer_latency_ns),
	  .max = NSEC_PER_SEC,
	  .def = "5us",
	  .doc = "a timed sleep (schedule_timeout) ends late by a delay uniform in 0..this (0: on time; off with jitter = off)" },
	/*
	 * a per-run factor, not per step: per-step noise would average out
	 * over a run's millions of steps, while what differs between two runs
	 * of a real benchmark is the whole run's pace (clock frequency, the
	 * cache colouring of its pages, the host's other load)
	 */
	{ .name = "cpu_jitter",
	  .type = CFG_UINT,
	  .off = offsetof(struct scn_run, cpu_jitter),
	  .min = 0,
	  .max = 50,
	  .def = "5",
	  .doc = "percent: the run's CPU speed, drawn once, scales every CPU cost by a factor uniform within 1 +- this (0: nominal; off with jitter = off)" },
	{ .name = "task_placement",
	  .type = CFG_ENUM,
	  .off = offsetof(struct scn_run, random_placement),
	  .size = sizeof(bool),
	  .values = CFG_VALUES("first", "random"),
	  .def = "random",
	  .doc = "the CPU a new task starts on: the first idle one, or the first idle one from a CPU the seed draws (off with jitter = off)" },
};
CFG_TABLE(sched_run_table, sched_run_keys);

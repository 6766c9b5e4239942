/* SPDX-License-Identifier: MIT */
/*
 * engine.h - the engine: virtual clock, event queue, coroutine host, CPUs,
 * run queue and tasks.  It knows nothing of mm or workloads: its state is
 * a struct engine, the first member of the machine's struct sim
 * (src/mm/sim.h), which the engine sees only as a handle (sim_engine()).
 *
 * Time model: discrete events ordered by (time ns, sequence).  A task's
 * work is a series of steps; each step changes model state at its start
 * time and costs user and system ns, after which the task's CPU runs its
 * next step (or another task when the scheduler preempts it or it blocks:
 * sched.c).
 */
#ifndef RECLAIMSIM_ENGINE_H
#define RECLAIMSIM_ENGINE_H

#include <stdio.h>

#include "types.h"
#include "rng.h"
#include "waitq.h"
#include "coro.h"
#include "psi.h"

/* the simulation: the engine's state and the machine's (src/mm/sim.h) */
struct sim;

enum task_kind { TASK_USER, TASK_KSWAPD, TASK_FLUSHER, TASK_KCOMPACTD };
enum task_state { TASK_RUNNABLE, TASK_RUNNING, TASK_BLOCKED, TASK_DEAD };

/*
 * How a step ended: the task's coroutine hands this to the scheduler when
 * it suspends, and the scheduler charges the step and decides what runs
 * next.
 */
enum step_result {
	STEP_CONTINUE, /* still runnable */
	STEP_BLOCKED, /* the step put the task to sleep (wait queue / I/O) */
	STEP_EXIT, /* the task finished or was killed */
};

struct task;
/*
 * A task's body, run as a coroutine from its first time on a CPU: kswapd(),
 * the flusher's wb_workfn loop, a workload's loop.  Returning ends the task.
 */
typedef void (*task_fn)(struct task *t);

struct workload_inst;

struct task {
	int pid;
	char comm[16];
	enum task_kind kind;
	enum task_state state;
	int exit_signal; /* 9 when OOM-killed */
	struct sim *sim;
	task_fn fn;
	void *fn_arg; /* its argument (kthread_create's data) */
	struct coro co; /* its stack and context, from its first run */
	struct mm_struct *mm; /* NULL for kernel threads */
	struct mem_cgroup *memcg; /* charged memcg */
	struct workload_inst *wl;
	void *wl_priv; /* the workload's per-task state */
	/* do_exit's exit_notify: tell whoever created the task (a workload) */
	void (*exit_notify)(struct task *t);
	/* accounting, /usr/bin/time style */
	u64 utime_ns, stime_ns;
	u64 start_ns, exit_ns;
	u64 min_flt, maj_flt;
	/* cost of the step in progress, filled by model code */
	u64 step_user_ns, step_sys_ns;
	/* scheduling (sched.c: struct sched_entity's part) */
	u64 busy_until; /* end of its last step (ns) */
	u64 vruntime; /* CPU time / weight, against its queue's min_vruntime */
	u64 sum_exec, prev_sum_exec; /* ns on a CPU: in all, and when its turn began */
	u64 last_ran; /* when it last left a CPU (task_hot) */
	int cpu; /* -1 when not on a CPU */
	int nice; /* -20..19 */
	u32 weight; /* its load: sched_prio_to_weight of nice, 1024 at 0 */
	int rq_cpu; /* the runqueue it is on (queued or running), -1: none (asleep) */
	int last_cpu; /* task_cpu() of the kernel: its CPU when it last ran or was queued; -1: never */
	u32 rq_idx; /* its place in that queue's heap while it waits */
	/*
	 * cpus_ptr: the CPUs it may run on, cpus_first .. cpus_first +
	 * nr_cpus_allowed - 1 (a node's CPUs: numactl --cpunodebind); 0: all
	 */
	unsigned int cpus_first, nr_cpus_allowed;
	struct task *wait_next;
	struct wait_queue_head *waiting_on;
	u64 wake_seq; /* bumps on every wake, cancels stale timers */
	u64 nr_steps; /* steps it ended (task_yield): time passed for it */
	u64 wl_step; /* wl_tick: the step its operations count in */
	/* wl_rate: the budget counts wl_rate_bytes since virtual time wl_rate_t0 */
	u64 wl_rate_t0, wl_rate_bytes;
	unsigned int wl_ops; /* wl_tick: user-level operations in that step */
	/* pressure stall accounting (psi.c) */
	unsigned int psi_flags; /* TSK_* */
	int psi_cpu; /* task_cpu() for psi: the CPU it last ran on */
	bool irq_context; /* its steps are interrupt work: they run at once on last_cpu */
	bool wl_background; /* wl_background: it no longer keeps the run going */
	bool timed_out; /* last sleep ended by its timeout */
	bool in_memstall; /* in a psi_memstall_enter section */
	bool memstall_sleep; /* that section ends when it next gets a CPU */
	bool in_iowait; /* its sleep is an io_schedule() */
	bool io_switch; /* it slept in io_schedule(): its next turn pays the switch (sched.c) */
	/* the mm's per-task state: the task is the head of a struct mm_task
	 * (src/mm/internal.h) of sim->task_size bytes */
};

/*
 * A task waiting on a runqueue, with the keys of its place: a queued
 * task's vruntime does not change, and the heap compares the copies
 * without touching the tasks.
 */
struct rq_entry {
	u64 vruntime; /* the task's, when it was queued */
	u64 seq; /* when it was queued: equal vruntimes in queue order */
	struct task *task;
};

/*
 * One simulated CPU and its runqueue (struct rq and its cfs_rq; its mm
 * state: struct mm_cpu, sim->mm_cpus).
 */
/* rq->cpu_load[]'s length (v2.6.23..v5.0) */
#define CPU_LOAD_IDX_MAX 5

struct cpu {
	struct task *curr;
	u64 irq_ns; /* interrupt work to charge to its next step */
	bool event_pending; /* a CPU event for this CPU is queued */
	u64 busy_ns;
	struct rq_entry *queue; /* the tasks waiting for it: a min-heap on vruntime */
	u32 nr_queued, cap_queued;
	u32 nr_running; /* waiting + the running one (unless it sleeps) */
	u64 load; /* their weights */
	u64 min_vruntime;
	bool need_resched; /* the running task gives the CPU up at its step's end */
	struct task *next; /* the next buddy (sched_next_buddy = wakeup), or NULL */
	bool nohz_kick; /* woken by a busy CPU's tick to pull a waiting task */
	u64 next_tick, next_balance;
	/* sched_load_balance = cpu_load (v2.6.23..v5.0): update_cpu_load's decayed loads */
	u64 cpu_load[CPU_LOAD_IDX_MAX];
	/* this CPU's copy of its sched domain's balance_interval (ms) and nr_balance_failed */
	u32 balance_interval, nr_balance_failed;
	u64 irq_until; /* the interrupt work running on it ends */
	u64 irq_delay; /* interrupt time taken from its task since its last step */
};

/*
 * An event's callback: the engine calls ev->fn(sim, ev->ptr, ev->arg) at
 * ev->time and knows nothing else of it (the CPU's next step, a timeout,
 * a block I/O completion, a sample, a workload's start).
 */
typedef void (*event_fn)(struct sim *sim, void *ptr, u64 arg);

struct event {
	u64 time;
	u64 seq;
	event_fn fn;
	void *ptr;
	u64 arg;
};

struct event_heap {
	struct event *ev; /* a binary min-heap on (time, seq) */
	size_t nr, cap;
};

/* The CPUs' step events (event_push_cpu) and all others, apart (event.c). */
struct event_queue {
	struct event_heap main, cpu;
	u64 next_seq;
};

/*
 * The sources of run-to-run variation, each drawing from its own stream of
 * the run's seed (rng_seed_stream with the source's number): a source's
 * draws never shift another's.  New sources go at the end, so that the
 * existing ones keep their numbers and streams.  docs/model.md describes
 * each and its [run] key.
 */
enum var_source {
	VAR_IO, /* device service-time jitter (src/dev/blk_jitter.c) */
	VAR_WAKEUP, /* wake-up latency of a task sent to an idle CPU (sched.c) */
	VAR_TIMER, /* timer expiry of timed sleeps (sched.c) */
	VAR_TIES, /* the order of simultaneous events (event.c) */
	VAR_TASK_CPU, /* the CPU a new task starts on (sched.c) */
	VAR_PAGES, /* the initial order of the free lists (src/mm/shuffle.c) */
	VAR_CPU, /* the run's CPU speed (sched.c) */
	NR_VAR_SOURCES
};

/* The engine's state: the first member of struct sim. */
struct engine {
	u64 now; /* ns */
	struct event_queue eq;
	u64 nr_events; /* events dispatched */
	struct coro_host host; /* the event loop, while a task's coroutine runs */
	struct task *current; /* the task whose coroutine runs, or NULL */
	/* the watchdog: events dispatched since the clock last moved */
	u64 watchdog_now, watchdog_events;
	u64 watchdog_limit; /* events; 0 = WATCHDOG_EVENTS (tests lower it) */
	u64 end_ns; /* the run's virtual-time bound: no event past it runs */
	bool cpu_step; /* the step in progress is sched_cpu_event's */
	char error[1024]; /* why sim_run failed */
	struct rng rng; /* the workloads' own randomness (anon_fill pattern = rand) */
	struct rng var_rng[NR_VAR_SOURCES]; /* one stream per source of variation */
	/* the engine's sources, set by sim_create from [run] (0/false: off) */
	u64 wakeup_latency_ns, timer_latency_ns;
	bool random_ties, random_placement;
	u64 cpu_speed; /* CPU cost factor, 16.16 fixed point (1 << 16); 0: nominal */
	/*
	 * an io_schedule() sleep's switch out and back in ([cost]
	 * io_switch_ns), paid when the task next gets its CPU
	 */
	u64 io_switch_ns;
	bool stopped;

	/* CPUs and tasks */
	unsigned int nr_cpus;
	struct cpu *cpus;
	unsigned int this_cpu; /* smp_processor_id() of the step in progress */
	/* the fair scheduler's tunables, scaled to the CPUs (sched_init) */
	u64 sched_latency_ns, sched_min_granularity_ns, sched_wakeup_granularity_ns;
	u32 sched_nr_latency;
	u64 tick_ns; /* 1 s / HZ */
	bool gentle_fair_sleepers, select_idle_sibling, next_buddy;
	bool cpu_load_balance, newidle_balance;
	u64 rq_seq; /* tasks queued so far */
	unsigned int nr_tasks, cap_tasks;
	struct task **tasks;
	int next_pid;
	/*
	 * context_switch()'s work above the engine when @next gets CPU @cpu
	 * (the mm's switch_mm), set by sim_create; NULL: none
	 */
	void (*switch_to)(struct sim *sim, unsigned int cpu, struct task *next);
	/*
	 * what a task is above the engine (set by sim_create): task_create
	 * allocates task_size zeroed bytes (0: a bare struct task), whose
	 * head is the struct task, and calls task_init on them; task_free
	 * calls task_release before freeing them
	 */
	size_t task_size;
	void (*task_init)(struct task *t);
	void (*task_release)(struct task *t);
	/*
	 * sched_submit_work() (v2.6.39+): what the layer above does when a
	 * task is about to sleep on @wq (NULL: a timeout only) in schedule()
	 * (the block layer submits its plug); NULL: nothing
	 */
	void (*sched_submit_work)(struct task *t, struct wait_queue_head *wq);

	/*
	 * pressure stall information: the system's group, and the group a
	 * task's stalls count in first (its cgroup's; NULL hook: the system)
	 */
	struct psi_group psi_system;
	struct psi_group *(*task_psi_group)(struct task *t);

	/* model invariant checking (tests): called after every event */
	void (*check_hook)(struct sim *sim, void *arg);
	void *check_arg;
	/*
	 * the command line's poll (progress line, Ctrl-C): called after
	 * every ENGINE_POLL_EVENTS-th event; true ends the run there, as
	 * interrupted (the report so far, marked so)
	 */
	bool (*poll_hook)(struct sim *sim, void *arg);
	void *poll_arg;
	bool interrupted;
};

/* events between two poll_hook calls: ~1 ms of host time at 1-2 M events/s */
#define ENGINE_POLL_EVENTS 4096

/*
 * sim_engine - the engine's state of @sim: struct sim's first member
 * (src/mm/sim.h asserts it), so the engine needs no more of struct sim.
 */
static inline struct engine *sim_engine(struct sim *sim)
{
	return (struct engine *)(void *)sim;
}

/* The [run] keys of the run, events and scheduler (src/config/reader.c registers them) */
struct cfg_table;
extern const struct cfg_table run_table, event_run_table, sched_run_table;
/* The scheduler's [policy] keys */
extern const struct cfg_table sched_policy_table;

/* Events (src/sim/event.c) */
int event_push(struct sim *sim, u64 time, event_fn fn, void *ptr, u64 arg);
bool event_pop(struct sim *sim, struct event *ev);
/* event_push for a CPU's step event: no pointer, the CPU's number as arg */
int event_push_cpu(struct sim *sim, u64 time, event_fn fn, u64 cpu);
/* a CPU event at @time would be popped next: take its number (event.c) */
bool event_cpu_next(struct sim *sim, u64 time);
/*
 * sim_fail - the run cannot go on (the host is out of memory): keep the
 * first reason in the engine's error and stop the event loop; sim_run() returns -1
 * and sim_error() says why.  The step in progress ends as it can.
 */
__attribute__((format(printf, 2, 3))) void sim_fail(struct sim *sim, const char *fmt, ...);

/* Scheduler (src/sim/sched.c) */
struct task *task_create(struct sim *sim, enum task_kind kind, const char *comm, task_fn fn);
struct scn_policy;
/* sched_init - the scheduler's tunables from the [policy] keys, for the engine's CPUs */
void sched_init(struct sim *sim, const struct scn_policy *pol);
/* set_user_nice - @t's nice level and so its weight, before it first runs */
void set_user_nice(struct task *t, int nice);
void wake_up_task(struct task *t);
void task_sleep(struct task *t, struct wait_queue_head *wq, u64 timeout_ns);
void wake_up_all(struct sim *sim, struct wait_queue_head *wq);
/*
 * wake_up_interruptible_sync - wake @wq's tasks from a task that sleeps
 * next (a socket's writer waking its reader): the wakee may take the
 * waker's CPU (wake_affine)
 */
void wake_up_interruptible_sync(struct sim *sim, struct wait_queue_head *wq);
/* dequeue_task - @t off its runqueue (tests that act as the scheduler) */
void dequeue_task(struct task *t);
/*
 * irq_work_charge - @ns of interrupt work (a device's completion, no task
 * of its own) on CPU @cpu from now: it runs after any interrupt work
 * already there, the task running there loses the time; returns when it
 * ends
 */
u64 irq_work_charge(struct sim *sim, unsigned int cpu, u64 ns);
/* The timeout of a sleeping task: the event of task_sleep(); ptr = task, arg = wake_seq. */
void sched_wake_event(struct sim *sim, void *task, u64 seq);
void task_exit(struct task *t, int signal);
/*
 * task_run_step - switch to @t's coroutine and run it until it suspends:
 * one step.  The scheduler's CPU event calls it; tests drive a task with
 * it by hand.  Returns how the step ended.
 */
enum step_result task_run_step(struct task *t);
void task_free(struct task *t);

/*
 * The primitives that let virtual time pass inside a task's kernel path
 * (kernel/sched/core.c).  Each ends the current step: the scheduler
 * charges the step's accumulated cost (charge_sys/charge_user) and runs
 * the task on at the step's end, runs another task on its CPU, or, for a
 * task that went to sleep with task_sleep(), leaves it asleep until it is
 * woken.  They return when @t runs again; they may only be called from
 * @t's own coroutine.
 *
 * schedule() - the step ends; a task that called task_sleep() sleeps.
 * cond_resched() - a point where the kernel could be preempted: the step
 *	ends and the task stays runnable.
 * task_yield() - end the step with an explicit result (the workload
 *	loop's STEP_CONTINUE / STEP_BLOCKED; new code uses schedule()).
 */
void schedule(struct task *t);
void cond_resched(struct task *t);
/*
 * tick_due - the current step of @t has run past its CPU's next tick: a
 * preemptible kernel's timer interrupt would have come (a task looping
 * with no cond_resched calls cond_resched only then).
 */
bool tick_due(const struct task *t);
void task_yield(struct task *t, enum step_result res);
/* task_exit_current() - from @t's coroutine: it is dead (task_exit done), never to run again. */
_Noreturn void task_exit_current(struct task *t);
/* schedule_timeout() - sleep on @wq (may be NULL) for at most @timeout_ns. */
void schedule_timeout(struct task *t, struct wait_queue_head *wq, u64 timeout_ns);

/*
 * wait_event() (include/linux/wait.h): @t sleeps on @wq until @condition
 * holds, tested before each sleep and after each wake-up, so a wake-up
 * for someone else's condition just sleeps again.  io_wait_event() is the
 * same wait through io_schedule() (the sleep counts as iowait).  Both
 * return in @t's coroutine with @condition true, virtual time having
 * passed for as long as it took.
 */
#define wait_event(t, wq, condition)                    \
	do {                                            \
		while (!(condition))                    \
			schedule_timeout((t), (wq), 0); \
	} while (0)
#define io_wait_event(t, wq, condition)                 \
	do {                                            \
		while (!(condition)) {                  \
			(t)->in_iowait = true;          \
			schedule_timeout((t), (wq), 0); \
		}                                       \
	} while (0)

/* cpumask_test_cpu(cpu, t->cpus_ptr): may @t run on CPU @c? */
static inline bool task_cpu_allowed(const struct task *t, unsigned int c)
{
	return !t->nr_cpus_allowed ||
	       (c >= t->cpus_first && c - t->cpus_first < t->nr_cpus_allowed);
}

/* task_cpu(): the CPU @t runs on; 0 for a task that never ran (tests). */
static inline unsigned int task_cpu(const struct task *t)
{
	return t->cpu >= 0 ? (unsigned int)t->cpu : 0;
}

/* @ns of CPU work at the run's CPU speed (engine.cpu_speed; sched.c). */
static inline u64 engine_work_ns(const struct engine *eng, u64 ns)
{
	return eng->cpu_speed ? (ns * eng->cpu_speed) >> 16 : ns;
}

/* The same for a step of @t. */
static inline u64 cpu_work_ns(const struct task *t, u64 ns)
{
	return engine_work_ns(sim_engine(t->sim), ns);
}

/* Charge model time to the current step of @t. */
static inline void charge_sys(struct task *t, u64 ns)
{
	t->step_sys_ns += cpu_work_ns(t, ns);
}
static inline void charge_user(struct task *t, u64 ns)
{
	t->step_user_ns += cpu_work_ns(t, ns);
}
/* The virtual time the current step of @t has reached. */
static inline u64 task_now(const struct task *t)
{
	return sim_engine(t->sim)->now + t->step_user_ns + t->step_sys_ns;
}

#endif

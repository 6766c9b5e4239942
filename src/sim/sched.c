// SPDX-License-Identifier: MIT
/*
 * sched.c - simulated CPUs as the kernel's fair scheduler runs them
 * (kernel/sched/fair.c, CFS, v2.6.23..v6.5), and wait queues.
 *
 * Every task is a coroutine (coro.h).  A CPU event switches to the
 * CPU's task, which runs its kernel path until it calls one of the
 * primitives below - schedule(), cond_resched(), a sleep - and so ends a
 * step: the step's cost moves the task's clock on, and the CPU runs the
 * task's next step at that time.  A step is the unit of preemption: the
 * kernel's need_resched is acted on when the step ends (user code ends a
 * step every WL_QUANTUM_NS, kernel paths at their cond_resched points).
 *
 * Each CPU has its own runqueue (struct cpu): the runnable tasks ordered by
 * vruntime, the CPU time each has had divided by its weight (nice 0 =
 * 1024, sched_prio_to_weight).  A CPU picks the task with the smallest
 * vruntime (pick_next_entity); the tick (HZ by profile) ends the current
 * task's turn once it has run its sched_slice, a share of sched_latency
 * by weight (check_preempt_tick); a woken task that is ahead of the
 * running one by more than the wakeup granularity preempts it
 * (check_preempt_wakeup), or, in 2.6.25..2.6.31, is picked next if it is
 * not that far right of the leftmost (the next buddy).  New tasks start
 * a slice behind (place_entity, START_DEBIT), sleepers get a credit of a
 * latency (or half of one) so that a task that sleeps most of the time
 * runs at once when it wakes.
 * There is no global queue: a woken task goes to the CPU select_task_rq
 * chooses (its previous one, the waker's, an idle one); a CPU that
 * goes idle pulls a waiting task from the busiest one (idle_balance), a
 * busy CPU's tick kicks an idle CPU to do so (nohz idle balance) and
 * every balance interval evens out the counts of tasks (load_balance).
 * EEVDF (v6.6+) is not modelled: the 6.x profiles run CFS with its last
 * tunables.
 *
 * Interrupt work (a task with irq_context: kalloc's `context =
 * interrupt`) never queues: its steps run at once on its CPU, one
 * interrupt at a time, and the task running there is delayed by them.
 *
 * Run-to-run variation (docs/model.md), each from its own stream of the
 * seed: a task woken onto an idle CPU starts after a wake-up latency
 * (the IPI and the idle CPU's exit from its idle state), uniform in
 * 0..[run] wakeup_latency; a timed sleep ends late by the timer
 * interrupt's latency, uniform in 0..[run] timer_latency; a new task's
 * CPU (the idlest, select_task_rq's fork balancing) is looked for from
 * one the seed draws, not always from CPU 0, so that ties go a drawn
 * way; and the run's CPU speed, drawn once, scales every cost charged
 * (charge_sys/charge_user) by a factor within 1 +- [run] cpu_jitter
 * percent.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "bug.h"
#include "config.h"
#include "scenario.h"

#define NICE_0_LOAD 1024U
#define RQ_NOT_QUEUED UINT32_MAX
/*
 * sysctl_sched_migration_cost (0.5 ms, v2.6.23+): a task that ran this
 * recently is cache-hot, and a newly idle CPU leaves it where it is
 * (task_hot)
 */
#define SCHED_MIGRATION_COST_NS (500 * NSEC_PER_USEC)
/* sysctl_sched_nr_migrate: at most this many tasks looked at, or moved, per balance */
#define SCHED_NR_MIGRATE 32U
/*
 * The machine-wide sched domain's balance interval: sd_weight ms, times
 * busy_factor (16, v5.x sd_init) on a busy CPU.  The model has one
 * domain, every CPU sharing its cache.
 */
#define SCHED_BUSY_FACTOR 16U
/* sched_init_granularity (v2.6.24..v2.6.32): latency and min_granularity capped here */
#define SCHED_GRANULARITY_LIMIT_NS (200 * NSEC_PER_MSEC)

/*
 * sched_prio_to_weight[] (v2.6.23 prio_to_weight): each nice level is
 * worth ~10 % of CPU against its neighbour, so weights step by a factor
 * of 1.25, nice 0 = 1024.  The kernel's table is that ratio with hand
 * rounding (1277 for nice -1 where 1024 * 1.25 is 1280, 88761 for nice
 * -20 against 88818); the model computes it, within 0.3 % of the table.
 */
static u32 nice_to_weight(int nice)
{
	double w = NICE_0_LOAD;

	for (int i = 0; i < nice; i++)
		w /= 1.25;
	for (int i = 0; i > nice; i--)
		w *= 1.25;
	return (u32)(w + 0.5);
}

void set_user_nice(struct task *t, int nice)
{
	VM_BUG_ON(t->rq_cpu >= 0); /* set before the task first runs */
	t->nice = nice;
	t->weight = nice_to_weight(nice);
}

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
	t->rq_cpu = -1;
	t->last_cpu = -1;
	t->rq_idx = RQ_NOT_QUEUED;
	t->weight = NICE_0_LOAD;
	t->psi_cpu = 0;
	if (eng->task_init)
		eng->task_init(t);
	return t;
}

/* ------------------------------------------------------------------ */
/* The runqueue: runnable tasks but the running one, a min-heap on vruntime */
/* ------------------------------------------------------------------ */

/*
 * entity_before(): @a runs before @b; equal vruntimes in the order they
 * were queued, as the kernel's rbtree keeps equal keys.
 */
static bool entity_before(const struct rq_entry *a, const struct rq_entry *b)
{
	s64 d = (s64)(a->vruntime - b->vruntime);

	return d < 0 || (d == 0 && a->seq < b->seq);
}

static void rq_set(struct cpu *rq, u32 i, const struct rq_entry *e)
{
	rq->queue[i] = *e;
	e->task->rq_idx = i;
}

static void rq_sift(struct cpu *rq, u32 i)
{
	struct rq_entry e = rq->queue[i];

	while (i > 0 && entity_before(&e, &rq->queue[(i - 1) / 2])) {
		rq_set(rq, i, &rq->queue[(i - 1) / 2]);
		i = (i - 1) / 2;
	}
	for (;;) {
		u32 l = 2 * i + 1, m = l;

		if (l >= rq->nr_queued)
			break;
		if (l + 1 < rq->nr_queued && entity_before(&rq->queue[l + 1], &rq->queue[l]))
			m = l + 1;
		if (!entity_before(&rq->queue[m], &e))
			break;
		rq_set(rq, i, &rq->queue[m]);
		i = m;
	}
	rq_set(rq, i, &e);
}

/* __enqueue_entity() */
static void __enqueue_entity(struct engine *eng, struct cpu *rq, struct task *t)
{
	struct rq_entry e = { .vruntime = t->vruntime, .task = t };

	if (rq->nr_queued == rq->cap_queued) {
		u32 cap = rq->cap_queued ? 2 * rq->cap_queued : 16;
		struct rq_entry *q = realloc(rq->queue, cap * sizeof(*q));

		if (!q) {
			sim_fail(t->sim, "out of memory for CPU %u's runqueue",
				 (unsigned int)(rq - eng->cpus));
			return;
		}
		rq->queue = q;
		rq->cap_queued = cap;
	}
	e.seq = ++eng->rq_seq;
	rq_set(rq, rq->nr_queued++, &e);
	rq_sift(rq, t->rq_idx);
}

/* __dequeue_entity() */
static void __dequeue_entity(struct cpu *rq, struct task *t)
{
	u32 i = t->rq_idx;

	VM_BUG_ON(i >= rq->nr_queued || rq->queue[i].task != t);
	t->rq_idx = RQ_NOT_QUEUED;
	if (i != --rq->nr_queued) {
		rq_set(rq, i, &rq->queue[rq->nr_queued]);
		rq_sift(rq, i);
	}
}

/* update_min_vruntime(): the queue's floor, never moving back. */
static void update_min_vruntime(struct cpu *rq)
{
	struct task *curr = rq->curr && rq->curr->state == TASK_RUNNING ? rq->curr : NULL;
	u64 v = rq->min_vruntime;

	if (curr)
		v = curr->vruntime;
	if (rq->nr_queued) {
		u64 left = rq->queue[0].vruntime;

		v = curr && (s64)(v - left) < 0 ? v : left;
	}
	if ((s64)(v - rq->min_vruntime) > 0)
		rq->min_vruntime = v;
}

/* calc_delta_fair(): @delta ns of CPU as vruntime of @t. */
static u64 calc_delta_fair(u64 delta, const struct task *t)
{
	return t->weight == NICE_0_LOAD ? delta : delta * NICE_0_LOAD / t->weight;
}

/* __sched_period(): a latency, or min_granularity each past sched_nr_latency tasks. */
static u64 __sched_period(const struct engine *eng, u32 nr_running)
{
	if (nr_running > eng->sched_nr_latency)
		return eng->sched_min_granularity_ns * nr_running;
	return eng->sched_latency_ns;
}

/* sched_slice(): @t's share of the period by weight, counting it in when not queued. */
static u64 sched_slice(const struct engine *eng, const struct cpu *rq, const struct task *t)
{
	bool in = t->rq_cpu == (int)(rq - eng->cpus);
	u64 load = rq->load + (in ? 0 : t->weight);

	return __sched_period(eng, rq->nr_running + !in) * t->weight / load;
}

/*
 * place_entity() (v2.6.28; GENTLE_FAIR_SLEEPERS v2.6.32): a new task
 * starts a slice after the queue's floor (START_DEBIT: the current
 * period is promised to those already there); a woken one gets up to a
 * latency of credit below it (half one with sched_sleeper_credit =
 * half_latency), never more than it had (it cannot gain by sleeping).
 */
static void place_entity(struct engine *eng, struct cpu *rq, struct task *t, bool initial)
{
	u64 v = rq->min_vruntime;

	if (initial) {
		v += calc_delta_fair(sched_slice(eng, rq, t), t);
	} else {
		u64 thresh = eng->sched_latency_ns;

		if (eng->gentle_fair_sleepers)
			thresh /= 2;
		v -= calc_delta_fair(thresh, t);
		if ((s64)(t->vruntime - v) > 0)
			v = t->vruntime;
	}
	t->vruntime = v;
}

/* account_entity_enqueue() and __enqueue_entity(): @t joins CPU @c's runqueue. */
static void enqueue_task(struct engine *eng, unsigned int c, struct task *t)
{
	struct cpu *rq = &eng->cpus[c];

	t->rq_cpu = (int)c;
	rq->nr_running++;
	rq->load += t->weight;
	__enqueue_entity(eng, rq, t);
}

/*
 * dequeue_task(): @t leaves its runqueue (it sleeps, exits or
 * migrates); the running task only stops counting, its CPU lets it go
 * when its step ends.
 */
void dequeue_task(struct task *t)
{
	struct engine *eng = sim_engine(t->sim);
	struct cpu *rq;

	if (t->rq_cpu < 0)
		return;
	rq = &eng->cpus[t->rq_cpu];
	if (rq->next == t)
		rq->next = NULL; /* clear_buddies() */
	if (t->rq_idx != RQ_NOT_QUEUED)
		__dequeue_entity(rq, t);
	rq->nr_running--;
	rq->load -= t->weight;
	t->rq_cpu = -1;
	update_min_vruntime(rq);
}

/* wakeup_preempt_entity(): @se is ahead of @curr by more than the wakeup granularity. */
static bool wakeup_preempt_entity(const struct engine *eng, const struct task *curr,
				  const struct task *se)
{
	s64 vdiff = (s64)(curr->vruntime - se->vruntime);

	return vdiff > 0 && (u64)vdiff > calc_delta_fair(eng->sched_wakeup_granularity_ns, se);
}

/*
 * check_preempt_wakeup(): a task queued on @c may take the CPU from the
 * one running.  With sched_next_buddy = wakeup (v2.6.25..v2.6.31) it is
 * the CPU's next buddy either way: picked next when its turn comes,
 * ahead of the leftmost task by up to the wakeup granularity.
 */
static void check_preempt_wakeup(struct engine *eng, unsigned int c, struct task *t)
{
	struct cpu *rq = &eng->cpus[c];

	if (eng->next_buddy)
		rq->next = t;
	if (rq->curr && rq->curr->state == TASK_RUNNING && wakeup_preempt_entity(eng, rq->curr, t))
		rq->need_resched = true;
}

static bool cpu_idle(const struct engine *eng, unsigned int c)
{
	return !eng->cpus[c].nr_running;
}

/*
 * set_task_cpu()'s vruntime fix-up (v2.6.28): vruntime is relative to a
 * queue's floor, so a task moving from @from to @to keeps its distance
 * from the floor.
 */
static void migrate_vruntime(struct engine *eng, struct task *t, int from, unsigned int to)
{
	if (from >= 0 && (unsigned int)from != to)
		t->vruntime += eng->cpus[to].min_vruntime - eng->cpus[from].min_vruntime;
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

static void sched_cpu_event(struct sim *sim, void *unused, u64 cpu);

/* Queue a CPU event unless one is pending. */
static void cpu_kick(struct sim *sim, unsigned int cpu, u64 when)
{
	struct engine *eng = sim_engine(sim);

	if (eng->cpus[cpu].event_pending)
		return;
	eng->cpus[cpu].event_pending = true;
	event_push_cpu(sim, when, sched_cpu_event, cpu);
}

/* ------------------------------------------------------------------ */
/* Balancing                                                          */
/* ------------------------------------------------------------------ */

/* task_hot(): @t ran on its CPU less than the migration cost ago. */
static bool task_hot(const struct engine *eng, const struct task *t)
{
	return eng->now < t->last_ran + SCHED_MIGRATION_COST_NS;
}

/* The CPU with the most tasks, at least one of them waiting; -1: none. */
static int find_busiest_queue(const struct engine *eng, unsigned int this_cpu)
{
	int busiest = -1;

	for (unsigned int i = 0; i < eng->nr_cpus; i++) {
		if (i == this_cpu || !eng->cpus[i].nr_queued)
			continue;
		if (busiest < 0 || eng->cpus[i].nr_running > eng->cpus[busiest].nr_running)
			busiest = (int)i;
	}
	return busiest;
}

/*
 * detach_tasks()/attach_tasks(): move up to @nr waiting tasks from
 * @src to @dst, looking at the last SCHED_NR_MIGRATE of src's queue
 * (the kernel walks its list from the tail); @hot: cache-hot ones may
 * go too.  Returns how many moved.
 */
static unsigned int move_tasks(struct engine *eng, unsigned int src, unsigned int dst,
			       unsigned int nr, bool hot)
{
	struct cpu *rq = &eng->cpus[src];
	unsigned int moved = 0, seen = 0;
	u32 i = rq->nr_queued;

	while (i-- > 0 && moved < nr && seen++ < SCHED_NR_MIGRATE) {
		struct task *t = rq->queue[i].task;

		if ((!hot && task_hot(eng, t)) || !task_cpu_allowed(t, dst))
			continue;
		dequeue_task(t);
		migrate_vruntime(eng, t, (int)src, dst);
		t->last_cpu = (int)dst;
		enqueue_task(eng, dst, t);
		moved++;
		i = rq->nr_queued; /* the heap moved under us: look again from its end */
	}
	return moved;
}

/*
 * idle_balance() (newidle): CPU @c has nothing to run; pull half the
 * busiest CPU's tasks (at least one: load_balance's imbalance with this
 * CPU at 0), not cache-hot ones (@hot: the nohz idle balance a busy CPU
 * asked for, where repeated failures let hot tasks go too).
 */
static void idle_balance(struct engine *eng, unsigned int c, bool hot)
{
	int busiest = find_busiest_queue(eng, c);

	if (busiest >= 0 && eng->cpus[busiest].nr_running >= 2)
		move_tasks(eng, (unsigned int)busiest, c, eng->cpus[busiest].nr_running / 2, hot);
}

/*
 * load_balance() from CPU @c's tick every balance interval: when the
 * busiest CPU has two tasks or more than this one, half the difference
 * moves here (the model weighs tasks by count: every task is nice 0).
 */
static void load_balance(struct engine *eng, unsigned int c)
{
	int busiest = find_busiest_queue(eng, c);
	u32 here = eng->cpus[c].nr_running, there;

	if (busiest < 0)
		return;
	there = eng->cpus[busiest].nr_running;
	if (there >= here + 2)
		move_tasks(eng, (unsigned int)busiest, c, (there - here) / 2, false);
}

/*
 * sched_load_balance = cpu_load: the balancing of v2.6.23..v5.0
 * (kernel/sched.c of 2.6.28 read for it; the same logic moved to
 * kernel/sched/fair.c's update_sd_lb_stats and calculate_imbalance and
 * lasted until the cpu_load[] indices went in v5.0 and the balancer was
 * reworked in v5.5).  The model has one sched domain over all CPUs, each
 * CPU a group of its own with a cpu_power of SCHED_LOAD_SCALE (1024), so
 * a group's load is its CPU's.  The domain's figures are SD_CPU_INIT's
 * (include/linux/topology.h and ia64's own, 2.6.28): balance every 1..4
 * ms, 64 times less often on a busy CPU, imbalance_pct 125, loads read
 * through cpu_load[busy_idx 2 | idle_idx 1 | newidle_idx 2 | wake_idx 1].
 */
#define SD_MIN_INTERVAL 1U /* ms */
#define SD_MAX_INTERVAL 4U
#define SD_BUSY_FACTOR 64U
#define SD_IMBALANCE_PCT 125U
/* generic SD_CPU_INIT's; ia64's is 2 */
#define SD_CACHE_NICE_TRIES 1U
#define SD_BUSY_IDX 2
#define SD_IDLE_IDX 1
#define SD_NEWIDLE_IDX 2
#define SD_WAKE_IDX 1

enum cpu_idle_type { CPU_IDLE, CPU_NOT_IDLE, CPU_NEWLY_IDLE };

/*
 * update_cpu_load() (v2.6.23..v2.6.35): at each tick, cpu_load[i] moves
 * 1/2^i of the way to the queue's present weight, rounding up while it
 * rises (so a load of 10 is reached, not stuck at 9).  Only a ticking
 * CPU updates its loads: an idle CPU's stay as they were when it
 * stopped its tick (NO_HZ; v2.6.36 decays the missed ticks).
 */
static void update_cpu_load(struct cpu *rq, u64 this_load)
{
	for (unsigned int i = 0; i < CPU_LOAD_IDX_MAX; i++) {
		u64 scale = 1ULL << i, old = rq->cpu_load[i], load = this_load;

		if (load > old)
			load += scale - 1;
		rq->cpu_load[i] = (old * (scale - 1) + load) >> i;
	}
}

/*
 * source_load() / target_load(): a low guess of a CPU's load when tasks
 * would leave it, a high one when they would come (cpu_load[idx - 1]
 * against the present weight; index 0 is the present weight), so that
 * balancing errs towards leaving tasks where they are.
 */
static u64 source_load(const struct engine *eng, unsigned int c, int idx)
{
	const struct cpu *rq = &eng->cpus[c];

	return idx ? min_u64(rq->cpu_load[idx - 1], rq->load) : rq->load;
}

static u64 target_load(const struct engine *eng, unsigned int c, int idx)
{
	const struct cpu *rq = &eng->cpus[c];

	return idx ? max_u64(rq->cpu_load[idx - 1], rq->load) : rq->load;
}

/* cpu_avg_load_per_task(): the queue's weight over its tasks */
static u64 cpu_avg_load_per_task(const struct engine *eng, unsigned int c)
{
	const struct cpu *rq = &eng->cpus[c];

	return rq->nr_running ? rq->load / rq->nr_running : 0;
}

/*
 * fix_small_imbalance() (the small_imbalance part of 2.6.28's
 * find_busiest_group): the imbalance is less than one of the busiest
 * CPU's tasks, so moving anything may just move the imbalance.  Move one
 * task's load when the gap is at least one task (two when this CPU's
 * tasks are no lighter) or when the move would put more CPU power to use
 * (pwr_move against pwr_now, each CPU's load capped at one task's).
 * Returns the load to move, or 0.
 */
static u64 fix_small_imbalance(const struct engine *eng, unsigned int this_cpu, u64 this_load,
			       u64 max_load, u64 busiest_lpt, u64 this_lpt, u32 this_nr)
{
	u64 imbn = 2, pwr_now, pwr_move, tmp;

	if (this_nr) {
		this_lpt /= this_nr;
		if (busiest_lpt > this_lpt)
			imbn = 1;
	} else {
		this_lpt = cpu_avg_load_per_task(eng, this_cpu);
	}
	if (max_load - this_load + busiest_lpt >= busiest_lpt * imbn)
		return busiest_lpt;
	pwr_now = min_u64(busiest_lpt, max_load) + min_u64(this_lpt, this_load);
	pwr_move = max_load > busiest_lpt ? min_u64(busiest_lpt, max_load - busiest_lpt) : 0;
	tmp = min_u64(max_load, busiest_lpt);
	pwr_move += min_u64(this_lpt, this_load + tmp);
	return pwr_move > pwr_now ? busiest_lpt : 0;
}

/*
 * find_busiest_group() (v2.6.28), each CPU its own group: the CPU with
 * the highest load (source_load) among those running more than one
 * task, and how much weight to pull from it to bring this CPU (its
 * target_load) towards the average without taking the busiest below it.
 * None when this CPU is at or above the average or the busiest is within
 * imbalance_pct of this one.  Returns the CPU or -1; *@imbalance the load.
 */
static int find_busiest_group(const struct engine *eng, unsigned int this_cpu,
			      enum cpu_idle_type idle, u64 *imbalance)
{
	int idx = SD_IDLE_IDX;
	u64 max_load = 0, this_load = 0, total_load = 0, avg_load, max_pull;
	u64 busiest_lpt = 0, this_lpt = 0;
	u32 busiest_nr = 0, this_nr = 0;
	int busiest = -1;

	if (idle == CPU_NOT_IDLE)
		idx = SD_BUSY_IDX;
	else if (idle == CPU_NEWLY_IDLE)
		idx = SD_NEWIDLE_IDX;
	*imbalance = 0;
	for (unsigned int i = 0; i < eng->nr_cpus; i++) {
		const struct cpu *rq = &eng->cpus[i];
		u64 load = i == this_cpu ? target_load(eng, i, idx) : source_load(eng, i, idx);

		total_load += load;
		if (i == this_cpu) {
			this_load = load;
			this_nr = rq->nr_running;
			this_lpt = rq->load;
		} else if (load > max_load && rq->nr_running > 1) {
			/* over the group's capacity of one task (no group_imb: one CPU a group) */
			max_load = load;
			busiest = (int)i;
			busiest_nr = rq->nr_running;
			busiest_lpt = rq->load;
		}
	}
	if (busiest < 0 || this_load >= max_load || !busiest_nr)
		return -1;
	avg_load = total_load / eng->nr_cpus;
	if (this_load >= avg_load || 100 * max_load <= SD_IMBALANCE_PCT * this_load)
		return -1;
	busiest_lpt /= busiest_nr;
	if (max_load <= busiest_lpt)
		return -1;
	if (max_load < avg_load) {
		*imbalance = fix_small_imbalance(eng, this_cpu, this_load, max_load, busiest_lpt,
						 this_lpt, this_nr);
		return busiest;
	}
	max_pull = min_u64(max_load - avg_load, max_load - busiest_lpt);
	*imbalance = min_u64(max_pull, avg_load - this_load);
	if (*imbalance < busiest_lpt)
		*imbalance = fix_small_imbalance(eng, this_cpu, this_load, max_load, busiest_lpt,
						 this_lpt, this_nr);
	return busiest;
}

/*
 * balance_tasks() (v2.6.28): pull waiting tasks from @src's tail up to
 * @max_load of weight, skipping a task heavier than twice what is left
 * and, until the domain has failed more than cache_nice_tries times, a
 * cache-hot one (can_migrate_task).  Returns the weight moved.
 */
static u64 balance_tasks(struct engine *eng, unsigned int src, unsigned int dst, u64 max_load)
{
	struct cpu *rq = &eng->cpus[src];
	bool hot_ok = eng->cpus[dst].nr_balance_failed > SD_CACHE_NICE_TRIES;
	u64 rem = max_load;
	u32 i = rq->nr_queued, loops = 0;

	while (i-- > 0 && rem > 0 && loops++ <= SCHED_NR_MIGRATE) {
		struct task *t = rq->queue[i].task;

		if (t->weight / 2 > rem || (!hot_ok && task_hot(eng, t)))
			continue;
		dequeue_task(t);
		migrate_vruntime(eng, t, (int)src, dst);
		t->last_cpu = (int)dst;
		enqueue_task(eng, dst, t);
		rem = rem > t->weight ? rem - t->weight : 0;
		i = rq->nr_queued; /* the heap moved under us: look again from its end */
	}
	return max_load - rem;
}

/*
 * load_balance() / load_balance_newidle() (v2.6.28) for CPU @c: pull the
 * imbalance find_busiest_group finds, when the busiest CPU has a task to
 * spare (find_busiest_queue: one running task heavier than the
 * imbalance stays; an imbalance of 0, fix_small_imbalance's no, still
 * counts as a failed pull).  The periodic balance halves its pace while balanced
 * (balance_interval doubles up to max_interval) and goes back to
 * min_interval when not; a failed pull counts towards letting cache-hot
 * tasks go.  The kernel's active balance (the migration thread pushing
 * the running task after cache_nice_tries + 2 failures) is not modelled.
 * Returns whether a task moved.
 */
static bool cpu_load_balance(struct engine *eng, unsigned int c, enum cpu_idle_type idle)
{
	struct cpu *rq = &eng->cpus[c];
	u64 imbalance, moved = 0;
	int busiest = find_busiest_group(eng, c, idle, &imbalance);

	if (busiest < 0 ||
	    (eng->cpus[busiest].nr_running == 1 && eng->cpus[busiest].load > imbalance)) {
		rq->nr_balance_failed = 0;
		if (idle != CPU_NEWLY_IDLE && rq->balance_interval < SD_MAX_INTERVAL)
			rq->balance_interval *= 2;
		return false;
	}
	if (eng->cpus[busiest].nr_running > 1)
		moved = balance_tasks(eng, (unsigned int)busiest, c, imbalance);
	if (moved)
		rq->nr_balance_failed = 0;
	else if (idle != CPU_NEWLY_IDLE)
		rq->nr_balance_failed++;
	if (idle != CPU_NEWLY_IDLE)
		rq->balance_interval = SD_MIN_INTERVAL;
	return moved;
}

/*
 * rebalance_domains() (v2.6.28) for CPU @c when its balance is due:
 * every balance_interval ms, times busy_factor when the CPU is busy, in
 * whole ticks (msecs_to_jiffies rounds up).
 */
static bool rebalance_domains(struct engine *eng, unsigned int c, enum cpu_idle_type idle, u64 now)
{
	struct cpu *rq = &eng->cpus[c];
	bool moved = false;
	u64 interval;

	if (now < rq->next_balance)
		return false;
	moved = cpu_load_balance(eng, c, idle);
	if (moved)
		idle = CPU_NOT_IDLE;
	interval = (u64)rq->balance_interval * NSEC_PER_MSEC;
	if (idle != CPU_IDLE)
		interval *= SD_BUSY_FACTOR;
	interval = (interval + eng->tick_ns - 1) / eng->tick_ns * eng->tick_ns;
	rq->next_balance = now + interval;
	return moved;
}

/*
 * trigger_load_balance() at CPU @c's tick.  cpu_load: its own
 * rebalance_domains, and the idle CPUs' (the NO_HZ idle load balancer,
 * an idle CPU that keeps its tick to balance for all idle ones: its
 * ticks fall on the same grid), each woken when it pulled a task.
 * nr_running: its own periodic balance, and, when tasks wait here, an
 * idle CPU woken to pull one (nohz_balancer_kick: idle CPUs have no tick
 * of their own).
 */
static void trigger_load_balance(struct sim *sim, unsigned int c, u64 now)
{
	struct engine *eng = sim_engine(sim);
	struct cpu *rq = &eng->cpus[c];

	if (eng->cpu_load_balance) {
		rebalance_domains(eng, c, CPU_NOT_IDLE, now);
		for (unsigned int i = 0; i < eng->nr_cpus; i++) {
			if (cpu_idle(eng, i) && !eng->cpus[i].event_pending &&
			    rebalance_domains(eng, i, CPU_IDLE, now))
				cpu_kick(sim, i, now);
		}
		return;
	}
	if (now >= rq->next_balance) {
		load_balance(eng, c);
		rq->next_balance = now + (u64)eng->nr_cpus * SCHED_BUSY_FACTOR * NSEC_PER_MSEC;
	}
	if (!rq->nr_queued)
		return;
	for (unsigned int i = 0; i < eng->nr_cpus; i++) {
		if (cpu_idle(eng, i) && !eng->cpus[i].event_pending) {
			eng->cpus[i].nohz_kick = true;
			cpu_kick(sim, i, now);
			return;
		}
	}
}

/*
 * scheduler_tick()'s update_cpu_load() for the @n ticks that fell in
 * @t's step on CPU @c: the queue's weight with @t in it (it ran through
 * them, even if it slept at the step's end).  A step longer than 256
 * ticks updates 256 times: every index has converged by then.
 */
static void tick_cpu_load(struct engine *eng, unsigned int c, const struct task *t, u64 n)
{
	struct cpu *rq = &eng->cpus[c];
	u64 load = rq->load + (t->rq_cpu == (int)c ? 0 : t->weight);

	for (n = min_u64(n, 256); n > 0; n--)
		update_cpu_load(rq, load);
}

/*
 * scheduler_tick() -> task_tick_fair() -> entity_tick(): the running
 * task's turn ends once it has had its slice while others wait
 * (check_preempt_tick), then balancing.
 */
static void scheduler_tick(struct sim *sim, unsigned int c, u64 now)
{
	struct engine *eng = sim_engine(sim);
	struct cpu *rq = &eng->cpus[c];
	struct task *curr = rq->curr;

	if (rq->nr_running > 1 &&
	    curr->sum_exec - curr->prev_sum_exec > sched_slice(eng, rq, curr)) {
		rq->need_resched = true;
		if (rq->next == curr)
			rq->next = NULL; /* ran long enough: no buddy favour */
	}
	trigger_load_balance(sim, c, now);
}

/* ------------------------------------------------------------------ */
/* Wake-up                                                             */
/* ------------------------------------------------------------------ */

/*
 * select_task_rq_fair() (v2.6.28's find_idlest_group/find_idlest_cpu)
 * with SD_BALANCE_FORK for a task that never ran:
 * the CPU of those @t may use with the fewest tasks, looked for from @first.
 */
static unsigned int find_idlest_cpu(const struct engine *eng, const struct task *t,
				    unsigned int first)
{
	unsigned int best = eng->nr_cpus;

	for (unsigned int i = 0; i < eng->nr_cpus; i++) {
		unsigned int c = (first + i) % eng->nr_cpus;

		if (task_cpu_allowed(t, c) &&
		    (best == eng->nr_cpus || eng->cpus[c].nr_running < eng->cpus[best].nr_running))
			best = c;
	}
	return best;
}

/*
 * wake_affine() (v2.6.28): should @t, last on @prev, wake on the waker's
 * CPU @this instead?  Loads are the queues' weights (with sched_load_balance
 * = cpu_load, read through cpu_load[wake_idx]: target_load here,
 * source_load at prev, as select_task_rq_fair did); a sync wake-up
 * (the waker sleeps next: a pipe or socket reader woken by the writer)
 * does not count the waker.  Yes when this CPU, with @t, stays within
 * imbalance_pct/2 of prev's load, or when this CPU is no busier than
 * prev and both together hold less than one of this CPU's tasks.
 */
static bool wake_affine(const struct engine *eng, const struct task *t, const struct task *waker,
			unsigned int this, unsigned int prev, bool sync)
{
	/* the CPU domain's imbalance_pct, 125 in 2.6.x: halfway to it */
	const u64 imbalance = 100 + (SD_IMBALANCE_PCT - 100) / 2;
	int idx = eng->cpu_load_balance ? SD_WAKE_IDX : 0;
	u64 tl = target_load(eng, this, idx), load = source_load(eng, prev, idx);

	if (sync)
		tl -= min_u64(tl, waker->weight);
	if (100 * (tl + t->weight) <= imbalance * load)
		return true;
	return tl <= load && tl + target_load(eng, prev, idx) <= cpu_avg_load_per_task(eng, this);
}

/*
 * select_idle_sibling() (v2.6.32+): @target if it is idle, else @prev
 * if that is, else the first idle CPU from target on that @t may use
 * (the model's CPUs share one cache); target when none is.
 */
static unsigned int select_idle_sibling(const struct engine *eng, const struct task *t,
					unsigned int prev, unsigned int target)
{
	if (cpu_idle(eng, target))
		return target;
	if (cpu_idle(eng, prev))
		return prev;
	for (unsigned int i = 1; i < eng->nr_cpus; i++) {
		unsigned int c = (target + i) % eng->nr_cpus;

		if (cpu_idle(eng, c) && task_cpu_allowed(t, c))
			return c;
	}
	return target;
}

/*
 * select_task_rq_fair(): where a woken task @t runs.  A task that never
 * ran goes to the idlest CPU.  Otherwise its previous CPU, or the
 * waker's when wake_affine says so ([policy] sched_wake_select =
 * wake_affine, v2.6.23..v2.6.31: no look for an idle CPU on machines
 * without SMT siblings, idle CPUs pull instead); with idle_sibling
 * (v2.6.32+) the waker's CPU for a sync wake-up from a task alone there
 * (wake_affine_idle), then select_idle_sibling.  A wake-up from an
 * interrupt or a timer has no waker: it stays on the previous CPU.  A
 * task bound to some CPUs (cpus_ptr) only goes to the waker's if it may
 * run there.
 */
static unsigned int select_task_rq(struct engine *eng, struct task *t, bool sync)
{
	const struct task *waker = eng->current;
	unsigned int prev = (unsigned int)t->last_cpu, target = prev, this;

	if (t->last_cpu < 0) {
		unsigned int first = 0;

		if (eng->random_placement)
			first = (unsigned int)rng_below(&eng->var_rng[VAR_TASK_CPU], eng->nr_cpus);
		return find_idlest_cpu(eng, t, first);
	}
	if (!waker || waker == t || waker->irq_context)
		return eng->select_idle_sibling ? select_idle_sibling(eng, t, prev, prev) : prev;
	this = task_cpu(waker);
	if (this == prev || !task_cpu_allowed(t, this))
		target = prev;
	else if (eng->select_idle_sibling)
		target = sync && eng->cpus[this].nr_running == 1 ? this : prev;
	else if (wake_affine(eng, t, waker, this, prev, sync))
		target = this;
	return eng->select_idle_sibling ? select_idle_sibling(eng, t, prev, target) : target;
}

static void irq_event(struct sim *sim, void *task, u64 seq);

/*
 * try_to_wake_up(): make a sleeping task runnable on the CPU
 * select_task_rq chooses, placed by place_entity, counted from the
 * waker's clock: a task waking another in the middle of its step does so
 * after the step's work so far (an event outside any step wakes at the
 * event's time).  On an idle CPU it starts after the wake-up latency; on
 * a busy one it may preempt the running task.  Interrupt work runs at
 * once on its CPU.
 */
static void try_to_wake_up(struct task *t, bool sync)
{
	struct sim *sim = t->sim;
	struct engine *eng = sim_engine(sim);
	u64 now = eng->current ? task_now(eng->current) : eng->now;
	bool initial = t->last_cpu < 0;
	unsigned int c;

	if (t->state != TASK_BLOCKED)
		return;
	waitq_remove(t);
	t->wake_seq++;
	t->state = TASK_RUNNABLE;
	if (t->irq_context) {
		if (initial)
			t->last_cpu = (int)find_idlest_cpu(
				eng, t,
				eng->random_placement ?
					(unsigned int)rng_below(&eng->var_rng[VAR_TASK_CPU],
								eng->nr_cpus) :
					0);
		event_push(sim, max_u64(now, t->busy_until), irq_event, t, t->wake_seq);
		return;
	}
	psi_wakeup(t);
	c = select_task_rq(eng, t, sync);
	if (!initial)
		migrate_vruntime(eng, t, t->last_cpu, c);
	place_entity(eng, &eng->cpus[c], t, initial);
	t->last_cpu = (int)c;
	if (cpu_idle(eng, c) && !eng->cpus[c].event_pending) {
		enqueue_task(eng, c, t);
		cpu_kick(sim, c,
			 max_u64(max_u64(now, t->busy_until), eng->cpus[c].irq_until) +
				 var_delay(eng, VAR_WAKEUP, eng->wakeup_latency_ns));
		return;
	}
	enqueue_task(eng, c, t);
	check_preempt_wakeup(eng, c, t);
}

void wake_up_task(struct task *t)
{
	try_to_wake_up(t, false);
}

/*
 * task_sleep - block @t on @wq (may be NULL) for at most @timeout_ns
 * (0 = no timeout), counted from the end of its current step, plus the
 * timer interrupt's latency.  It leaves its runqueue now (a running
 * task keeps its CPU until its step ends).
 */
void task_sleep(struct task *t, struct wait_queue_head *wq, u64 timeout_ns)
{
	struct engine *eng = sim_engine(t->sim);

	/*
	 * schedule()'s sched_submit_work, done before the task leaves its
	 * runqueue, so that what it submits cannot wake the task itself
	 */
	if (eng->sched_submit_work && eng->current == t)
		eng->sched_submit_work(t, wq);
	/* a task is on at most one wait queue, once: every sleep is followed
	 * by schedule() before the task can sleep again */
	VM_BUG_ON(t->waiting_on);
	VM_BUG_ON(t->state == TASK_DEAD); /* an exited task does not sleep again */
	psi_sleep(t);
	t->io_switch = t->in_iowait;
	dequeue_task(t);
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

void wake_up_interruptible_sync(struct sim *sim, struct wait_queue_head *wq)
{
	while (wq->first)
		try_to_wake_up(wq->first, true);
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
	dequeue_task(t);
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
	uintptr_t ret;

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
	ret = coro_resume(&eng->host, &t->co);
	eng->current = prev;
	if (ret == CORO_NOMEM) {
		snprintf(eng->error, sizeof(eng->error),
			 "out of memory saving a coroutine's frames to run task %d (%s)", t->pid,
			 t->comm);
		eng->stopped = true;
		return STEP_BLOCKED;
	}
	res = (enum step_result)ret;
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

static bool step_goes_on(struct task *t);

void cond_resched(struct task *t)
{
	if (!step_goes_on(t))
		task_yield(t, STEP_CONTINUE);
}

void schedule_timeout(struct task *t, struct wait_queue_head *wq, u64 timeout_ns)
{
	task_sleep(t, wq, timeout_ns);
	schedule(t);
}

/* The step of @t that ends: its cost, into its times. */
static u64 step_fold(struct engine *eng, struct task *t)
{
	u64 cost = t->step_user_ns + t->step_sys_ns;

	t->utime_ns += t->step_user_ns;
	t->stime_ns += t->step_sys_ns;
	t->busy_until = eng->now + cost;
	return cost;
}

/* update_curr() (kernel/sched_fair.c, v2.6.28; the same in v6.12): @t ran @cost ns on @rq. */
static void update_curr(struct cpu *rq, struct task *t, u64 cost)
{
	rq->busy_ns += cost;
	t->sum_exec += cost;
	t->vruntime += calc_delta_fair(cost, t);
	update_min_vruntime(rq);
}

/* One step of @t on CPU @c at the engine's time: what it cost. */
static u64 run_step(struct engine *eng, struct task *t, unsigned int c, u64 irq_ns,
		    enum step_result *res)
{
	u64 cost;

	t->step_user_ns = 0;
	t->step_sys_ns = irq_ns;
	if (t->io_switch) {
		/*
		 * back from an io_schedule() sleep: __schedule()'s switch to
		 * another task or idle and finish_task_switch() when it
		 * returns (v6.18), paid on its return as perf sees them
		 */
		t->io_switch = false;
		t->step_sys_ns += engine_work_ns(eng, eng->io_switch_ns);
	}
	eng->this_cpu = c;
	*res = task_run_step(t);
	eng->this_cpu = 0; /* events outside steps: interrupts on CPU 0 */
	cost = step_fold(eng, t);
	t->step_user_ns = t->step_sys_ns = 0; /* folded in: nothing in progress */
	return cost;
}

/*
 * Interrupt work of @cost ns on @c from @start: the CPU is busy until its
 * end, and the task running there (if any) loses that time.
 */
static void cpu_irq_account(struct cpu *c, u64 start, u64 cost)
{
	c->irq_until = start + cost;
	c->busy_ns += cost;
	if (c->curr)
		c->irq_delay += cost;
}

/*
 * An interrupt-context task's step (irq_enter .. irq_exit on its CPU):
 * at once, after any interrupt already running there; the task running
 * on that CPU loses the time (its next step starts that much later).
 */
static void irq_event(struct sim *sim, void *task, u64 seq)
{
	struct engine *eng = sim_engine(sim);
	struct task *t = task;
	struct cpu *cpu = &eng->cpus[t->last_cpu];
	enum step_result res;
	u64 cost;

	if (t->state != TASK_RUNNABLE || t->wake_seq != seq)
		return;
	if (cpu->irq_until > eng->now) {
		event_push(sim, cpu->irq_until, irq_event, t, seq);
		return;
	}
	t->state = TASK_RUNNING;
	t->cpu = t->last_cpu;
	cost = run_step(eng, t, (unsigned int)t->last_cpu, 0, &res);
	t->cpu = -1;
	cpu_irq_account(cpu, eng->now, cost);
	if (t->state == TASK_RUNNING && res != STEP_EXIT) { /* more to do: the handler goes on */
		t->state = TASK_RUNNABLE;
		t->wake_seq++;
		event_push(sim, eng->now + cost, irq_event, t, t->wake_seq);
	}
}

/*
 * irq_enter() .. irq_exit() of work that has no task (a block request's
 * completion: blk_end_io): as irq_event's step, at once after the
 * interrupt work already on @cpu, the task there delayed by it.  The run's
 * CPU speed scales it as it scales a task's costs.
 */
u64 irq_work_charge(struct sim *sim, unsigned int cpu, u64 ns)
{
	struct engine *eng = sim_engine(sim);
	struct cpu *c = &eng->cpus[cpu < eng->nr_cpus ? cpu : 0];

	cpu_irq_account(c, max_u64(c->irq_until, eng->now), engine_work_ns(eng, ns));
	return c->irq_until;
}

/*
 * put_prev_task(): the running task @t goes back to its CPU's queue,
 * still runnable, at @now.
 */
static void put_prev_task(struct engine *eng, struct cpu *rq, struct task *t, u64 now)
{
	psi_switch_out(t);
	t->state = TASK_RUNNABLE;
	t->cpu = -1;
	t->last_ran = now;
	__enqueue_entity(eng, rq, t);
	rq->curr = NULL;
}

/*
 * pick_next_task_fair(): the queue's leftmost task, or, with an empty
 * queue, one pulled from the busiest CPU; NULL: the CPU idles.
 */
static struct task *pick_next_task(struct engine *eng, unsigned int c)
{
	struct cpu *rq = &eng->cpus[c];
	struct task *t;

	if (!rq->nr_queued && eng->newidle_balance) {
		if (eng->cpu_load_balance)
			cpu_load_balance(eng, c, CPU_NEWLY_IDLE);
		else
			idle_balance(eng, c, rq->nohz_kick);
	} else if (!rq->nr_queued && rq->nohz_kick) {
		idle_balance(eng, c, true);
	}
	rq->nohz_kick = false;
	if (!rq->nr_queued)
		return NULL;
	/* pick_next_entity(): the next buddy unless too far right of the leftmost */
	t = rq->queue[0].task;
	if (rq->next && rq->next->rq_idx != RQ_NOT_QUEUED &&
	    !wakeup_preempt_entity(eng, rq->next, t))
		t = rq->next;
	if (rq->next == t)
		rq->next = NULL; /* __clear_buddies(): it has to earn the favour again */
	__dequeue_entity(rq, t);
	return t;
}

/* The tick is every tick_ns on each CPU; an idle CPU has none (NO_HZ). */
static u64 next_tick(const struct engine *eng, const struct cpu *rq)
{
	return rq->next_tick > eng->now ? rq->next_tick :
					  (eng->now / eng->tick_ns + 1) * eng->tick_ns;
}

bool tick_due(const struct task *t)
{
	const struct engine *eng = sim_engine(t->sim);

	return task_now(t) >= next_tick(eng, &eng->cpus[eng->this_cpu]);
}

/*
 * A host-side shortcut, not a kernel mechanism: at cond_resched() the
 * step of @t, its CPU's current task, ends; when the event loop would
 * resume that same task at once (its CPU's next step event would be the
 * first of all, with no tick, preemption, interrupt, invariant check,
 * poll or run bound before it), the task goes on in place.  The clock,
 * event number, sequence number and every figure move as through
 * sched_cpu_event() and the loop; only the two coroutine switches and the
 * event's push and pop are saved.
 */
static bool step_goes_on(struct task *t)
{
	struct sim *sim = t->sim;
	struct engine *eng = sim_engine(sim);
	struct cpu *rq = &eng->cpus[eng->this_cpu];
	u64 cost = t->step_user_ns + t->step_sys_ns;
	u64 end = eng->now + cost, tick = next_tick(eng, rq);

	if (!eng->cpu_step || rq->curr != t || t->state != TASK_RUNNING || rq->event_pending ||
	    eng->stopped || eng->check_hook || !cost || end >= tick || end > eng->end_ns ||
	    (rq->need_resched && rq->nr_queued) || rq->irq_delay || rq->irq_until > end ||
	    eng->watchdog_events + 1 >= eng->watchdog_limit ||
	    (eng->poll_hook && !(eng->nr_events % ENGINE_POLL_EVENTS)) || !event_cpu_next(sim, end))
		return false;
	/* this event's end in sched_cpu_event() and the loop */
	step_fold(eng, t);
	rq->irq_ns = 0;
	update_curr(rq, t, cost);
	rq->next_tick = tick;
	rq->need_resched = false;
	/* the next one: the loop pops it, sched_cpu_event() runs @t again */
	eng->now = end;
	eng->watchdog_now = end;
	eng->watchdog_events = 0;
	eng->nr_events++;
	t->step_user_ns = 0;
	t->step_sys_ns = 0; /* the interrupts' time since: none, nothing else ran */
	t->nr_steps++;
	return true;
}

/* The CPU's event: run one step of its task, then decide what runs next. */
static void sched_cpu_event(struct sim *sim, void *unused, u64 cpu_nr)
{
	struct engine *eng = sim_engine(sim);
	unsigned int c = (unsigned int)cpu_nr;
	struct cpu *rq = &eng->cpus[c];
	struct task *t = rq->curr;
	enum step_result res;
	u64 cost, end;
	bool tick;

	rq->event_pending = false;
	if (rq->irq_delay || rq->irq_until > eng->now) {
		/* interrupts took the CPU: the task's step starts when they are done */
		u64 at = max_u64(eng->now + rq->irq_delay, rq->irq_until);

		rq->irq_delay = 0;
		cpu_kick(sim, c, at);
		return;
	}
	if (t && t->state != TASK_RUNNING) {
		/* killed or put to sleep by someone else while we waited */
		t->cpu = -1;
		rq->curr = t = NULL;
	}
	if (t && rq->need_resched && rq->nr_queued) {
		/*
		 * a wake-up while its last step ran (check_preempt_wakeup from
		 * another CPU or a timer) asked for the CPU: that step's end is
		 * the preemption point, before it starts another
		 */
		put_prev_task(eng, rq, t, eng->now);
		update_min_vruntime(rq);
		t = NULL;
	}
	if (!t) {
		t = pick_next_task(eng, c);
		if (!t)
			return;
		VM_BUG_ON(t->state != TASK_RUNNABLE);
		if (t->busy_until > eng->now) {
			/* woken before its last step ended: start it then */
			__enqueue_entity(eng, rq, t);
			cpu_kick(sim, c, t->busy_until);
			return;
		}
		/* set_next_entity(): its turn starts */
		rq->curr = t;
		rq->need_resched = false;
		t->cpu = (int)c;
		t->state = TASK_RUNNING;
		t->prev_sum_exec = t->sum_exec;
		psi_switch_in(t, c);
		if (eng->switch_to) /* the mm's switch_mm */
			eng->switch_to(sim, c, t);
	}
	/* interrupts taken since the last step land on this one (tick accounting) */
	eng->cpu_step = true;
	cost = run_step(eng, t, c, rq->irq_ns, &res);
	eng->cpu_step = false;
	rq->irq_ns = 0;
	end = eng->now + cost;
	update_curr(rq, t, cost);
	rq->next_tick = next_tick(eng, rq);
	tick = end >= rq->next_tick;
	if (tick) {
		if (eng->cpu_load_balance)
			tick_cpu_load(eng, c, t, (end - rq->next_tick) / eng->tick_ns + 1);
		rq->next_tick = (end / eng->tick_ns + 1) * eng->tick_ns;
	}

	if (t->state == TASK_RUNNING) {
		/* a tick that fell in the step acts at the step's end */
		if (tick && res == STEP_CONTINUE)
			scheduler_tick(sim, c, end);
		/* schedule(): preempted, or blocked without a wait (a yield) */
		if ((res != STEP_CONTINUE || rq->need_resched) && rq->nr_queued) {
			put_prev_task(eng, rq, t, end);
			update_min_vruntime(rq);
		}
		rq->need_resched = false;
		cpu_kick(sim, c, end);
		return;
	}
	/* asleep (off the queue since task_sleep), dead, or woken again meanwhile */
	t->cpu = -1;
	t->last_ran = end;
	rq->curr = NULL;
	cpu_kick(sim, c, end);
}

/*
 * sched_init_granularity() / update_sysctl() (v2.6.24 .. v6.5): the
 * profile's latency and granularities are for one CPU; a machine with
 * more multiplies them by 1 + ilog2(CPUs) (2.6.24..2.6.32: every CPU
 * counts, latency and min_granularity capped at 200 ms; v2.6.33+
 * SCHED_TUNABLESCALING_LOG: at most 8 CPUs count), or by the CPUs
 * (linear), or not at all (none).
 */
void sched_init(struct sim *sim, const struct scn_policy *pol)
{
	struct engine *eng = sim_engine(sim);
	unsigned int cpus = eng->nr_cpus, factor = 1;

	switch (pol->sched_tunable_scaling) {
	case SCHED_TUNABLESCALING_NONE:
		break;
	case SCHED_TUNABLESCALING_LOG:
		cpus = cpus < 8 ? cpus : 8;
		/* fall through */
	case SCHED_TUNABLESCALING_LOG_UNCAPPED:
		while (cpus >>= 1)
			factor++;
		break;
	case SCHED_TUNABLESCALING_LINEAR:
		factor = cpus < 8 ? cpus : 8;
		break;
	}
	eng->sched_latency_ns = pol->sched_latency_ns * factor;
	eng->sched_min_granularity_ns = pol->sched_min_granularity_ns * factor;
	eng->sched_wakeup_granularity_ns = pol->sched_wakeup_granularity_ns * factor;
	if (pol->sched_tunable_scaling == SCHED_TUNABLESCALING_LOG_UNCAPPED) {
		eng->sched_latency_ns = min_u64(eng->sched_latency_ns, SCHED_GRANULARITY_LIMIT_NS);
		eng->sched_min_granularity_ns =
			min_u64(eng->sched_min_granularity_ns, SCHED_GRANULARITY_LIMIT_NS);
	}
	/* sched_nr_latency: DIV_ROUND_UP(latency, min_granularity) */
	eng->sched_nr_latency = (u32)((eng->sched_latency_ns + eng->sched_min_granularity_ns - 1) /
				      eng->sched_min_granularity_ns);
	eng->gentle_fair_sleepers = pol->sched_gentle_fair_sleepers;
	eng->select_idle_sibling = pol->sched_idle_sibling;
	eng->next_buddy = pol->sched_next_buddy;
	eng->cpu_load_balance = pol->sched_cpu_load;
	eng->newidle_balance = !pol->sched_newidle_off;
	eng->tick_ns = NSEC_PER_SEC / pol->sched_hz;
	for (unsigned int c = 0; c < eng->nr_cpus; c++) {
		eng->cpus[c].next_tick = eng->tick_ns;
		eng->cpus[c].balance_interval = SD_MIN_INTERVAL;
	}
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

#define P_OFF(f) .off = offsetof(struct scn_policy, f), .size = sizeof(((struct scn_policy *)0)->f)

/* The kernel's defaults (the base profile's lines, src/config/profiles.c, say when each changed) */
static const struct cfg_key sched_policy_keys[] = {
	{ .name = "sched_hz",
	  .type = CFG_UINT,
	  P_OFF(sched_hz),
	  .min = 100,
	  .max = 1024,
	  .def = "250",
	  .doc = "CONFIG_HZ: the scheduler tick, at which a task that had its slice gives the CPU up" },
	{ .name = "sched_latency",
	  .type = CFG_TIME,
	  P_OFF(sched_latency_ns),
	  .flags = CFG_F_POSITIVE,
	  .max = NSEC_PER_SEC,
	  .def = "6ms",
	  .doc = "sched_latency_ns for one CPU (scaled by sched_tunable_scaling): the period in which each runnable task runs once" },
	{ .name = "sched_min_granularity",
	  .type = CFG_TIME,
	  P_OFF(sched_min_granularity_ns),
	  .flags = CFG_F_POSITIVE,
	  .max = NSEC_PER_SEC,
	  .def = "750us",
	  .doc = "sched_min_granularity_ns for one CPU: the shortest slice; more than latency / this tasks stretch the period" },
	{ .name = "sched_wakeup_granularity",
	  .type = CFG_TIME,
	  P_OFF(sched_wakeup_granularity_ns),
	  .max = NSEC_PER_SEC,
	  .def = "1ms",
	  .doc = "sched_wakeup_granularity_ns for one CPU: a woken task preempts the running one when ahead of it by more vruntime than this" },
	{ .name = "sched_tunable_scaling",
	  .type = CFG_ENUM,
	  P_OFF(sched_tunable_scaling),
	  .values = CFG_VALUES("none", "log", "linear", "log_uncapped"),
	  .def = "log",
	  .doc = "the three tunables times 1, 1 + ilog2(min(CPUs, 8)) (v2.6.33+), min(CPUs, 8), or 1 + ilog2(CPUs) (v2.6.24..2.6.32, latencies capped at 200 ms)" },
	{ .name = "sched_sleeper_credit",
	  .type = CFG_ENUM,
	  P_OFF(sched_gentle_fair_sleepers),
	  .values = CFG_VALUES("latency", "half_latency"),
	  .def = "half_latency",
	  .doc = "place_entity's credit to a woken task: up to a latency of vruntime below the queue's floor, or half of one (GENTLE_FAIR_SLEEPERS, v2.6.32+)" },
	{ .name = "sched_next_buddy",
	  .type = CFG_ENUM,
	  P_OFF(sched_next_buddy),
	  .values = CFG_VALUES("off", "wakeup"),
	  .def = "off",
	  .doc = "the task last woken on a CPU runs next, ahead of the leftmost by up to the wakeup granularity (set_next_buddy on every wake-up, v2.6.25..v2.6.31; NEXT_BUDDY off since)" },
	{ .name = "sched_wake_select",
	  .type = CFG_ENUM,
	  P_OFF(sched_idle_sibling),
	  .values = CFG_VALUES("wake_affine", "idle_sibling"),
	  .def = "idle_sibling",
	  .doc = "where a woken task runs: its previous CPU or the waker's (wake_affine's load test; idle CPUs pull work), or that, moved to an idle CPU when there is one (select_idle_sibling, v2.6.32+)" },
	{ .name = "sched_load_balance",
	  .type = CFG_ENUM,
	  P_OFF(sched_cpu_load),
	  .values = CFG_VALUES("nr_running", "cpu_load"),
	  .def = "nr_running",
	  .doc = "periodic and idle balancing by task counts (a CPU pulls at a 2-task gap, an idle one pulls half the busiest's), or as v2.6.23..v5.0 did: find_busiest_group on the ticks' decayed cpu_load[] with imbalance_pct 125 and fix_small_imbalance, every 1-4 ms (x64 when busy), wake_affine on cpu_load[1]" },
	{ .name = "sched_newidle_balance",
	  .type = CFG_ENUM,
	  P_OFF(sched_newidle_off),
	  .values = CFG_VALUES("on", "off"),
	  .def = "on",
	  .doc = "a CPU going idle pulls from the busiest one (SD_BALANCE_NEWIDLE), or waits for the periodic balance (2.6.28's generic SD_CPU_INIT and SD_MC_INIT, x86; ia64's kept it)" },
};
CFG_TABLE(sched_policy_table, sched_policy_keys);

// SPDX-License-Identifier: MIT
/*
 * psi.c - pressure stall information for memory (kernel/sched/psi.c,
 * v6.12).  Each group keeps, per CPU, how many of its tasks are running,
 * in iowait, in a memstall, and in a memstall while runnable (reclaim);
 * from those counts a CPU is in MEM_SOME (some task stalled), MEM_FULL
 * (every runnable task stalled, or the CPU's current task reclaiming) and
 * NONIDLE.  The time in each state is aggregated over CPUs weighted by
 * their non-idle time (collect_percpu_times), and every psi_period the
 * aggregate feeds the avg10/avg60/avg300 decaying averages
 * (update_averages, calc_avgs).
 *
 * Model notes.  A task's CPU is the one it last ran on (task_cpu); a
 * runnable task waiting on the model's single run queue counts there.
 * Changes take the virtual time of the step in progress (task_now of the
 * running task, else the event's time); a CPU's clock never goes back, so
 * a wake-up stamped before the CPU's current task's step ended counts from
 * that step's end.  The averaging work runs at its jiffy-aligned expiry
 * like the kernel's delayed work, caught up lazily; the work item itself
 * is not a task (the kernel's rule for the CPU running it is not needed).
 */
#include <stdlib.h>
#include <string.h>

#include "psi.h"
#include "engine.h"

void psi_group_init(struct psi_group *group, struct psi_group *parent, u64 now)
{
	memset(group, 0, sizeof(*group));
	group->parent = parent;
	group->avg_last_update = now;
	group->avg_next_update = now + PSI_PERIOD_NS;
}

void psi_group_free(struct psi_group *group)
{
	free(group->pcpu);
	group->pcpu = NULL;
}

/* The clock of a change: the running task's step time, or the event's. */
static u64 psi_clock(struct sim *sim)
{
	struct engine *eng = sim_engine(sim);

	return eng->current ? task_now(eng->current) : eng->now;
}

static u64 nsecs_to_jiffies(u64 ns)
{
	return ns / JIFFY_NS;
}

/* calc_load() (kernel/sched/loadavg.c, v6.12) */
unsigned long calc_load(unsigned long load, unsigned long exp, unsigned long active)
{
	unsigned long newload = load * exp + active * (FIXED_1 - exp);

	if (active >= load)
		newload += FIXED_1 - 1;
	return newload / FIXED_1;
}

/* fixed_power_int() (include/linux/sched/loadavg.h): @x^@n in FSHIFT fixed point, rounded. */
static unsigned long fixed_power_int(unsigned long x, unsigned int n)
{
	unsigned long result = FIXED_1;

	while (n) {
		if (n & 1) {
			result = (result * x + (FIXED_1 >> 1)) >> FSHIFT;
		}
		n >>= 1;
		if (!n)
			break;
		x = (x * x + (FIXED_1 >> 1)) >> FSHIFT;
	}
	return result;
}

/* calc_load_n() (kernel/sched/loadavg.c): @n periods at once. */
static unsigned long calc_load_n(unsigned long load, unsigned long exp, unsigned long active,
				 unsigned int n)
{
	return calc_load(load, fixed_power_int(exp, n), active);
}

/* get_recent_times() (v6.12): @cpu's state times since the last aggregation. */
static void get_recent_times(struct psi_group *group, unsigned int cpu, u64 now, u64 *times,
			     u32 *changed)
{
	struct psi_group_cpu *groupc = &group->pcpu[cpu];

	*changed = 0;
	for (int s = 0; s < NR_PSI_STATES; s++) {
		u64 t = groupc->times[s];

		/* the state in progress counts up to now */
		if ((groupc->state_mask & (1u << s)) && now > groupc->state_start)
			t += now - groupc->state_start;
		times[s] = t - groupc->times_prev[s];
		groupc->times_prev[s] = t;
		if (times[s])
			*changed |= 1u << s;
	}
}

/* calc_avgs() (v6.12) */
static void calc_avgs(unsigned long avg[3], u64 missed_periods, u64 time, u64 period)
{
	unsigned long pct;

	if (missed_periods) {
		avg[0] = calc_load_n(avg[0], EXP_10s, 0, (unsigned int)missed_periods);
		avg[1] = calc_load_n(avg[1], EXP_60s, 0, (unsigned int)missed_periods);
		avg[2] = calc_load_n(avg[2], EXP_300s, 0, (unsigned int)missed_periods);
	}
	pct = (unsigned long)(time * 100 / period);
	pct *= FIXED_1;
	avg[0] = calc_load(avg[0], EXP_10s, pct);
	avg[1] = calc_load(avg[1], EXP_60s, pct);
	avg[2] = calc_load(avg[2], EXP_300s, pct);
}

/*
 * collect_percpu_times() (v6.12): the CPUs' new state times, each CPU
 * weighted by its non-idle jiffies, into the totals; the states that
 * moved in @changed.
 */
static void collect_percpu_times(struct sim *sim, struct psi_group *group, u64 now, u32 *changed)
{
	u64 deltas[NR_PSI_STATES - 1] = { 0 };
	u64 nonidle_total = 0;

	*changed = 0;
	if (!group->pcpu)
		return;
	for (unsigned int cpu = 0; cpu < sim_engine(sim)->nr_cpus; cpu++) {
		u64 times[NR_PSI_STATES];
		u32 cpu_changed;
		u64 nonidle;

		get_recent_times(group, cpu, now, times, &cpu_changed);
		*changed |= cpu_changed;
		nonidle = nsecs_to_jiffies(times[PSI_NONIDLE]);
		nonidle_total += nonidle;
		for (int s = 0; s < PSI_NONIDLE; s++)
			deltas[s] += times[s] * nonidle;
	}
	for (int s = 0; s < NR_PSI_STATES - 1; s++)
		group->total[s] += deltas[s] / (nonidle_total ? nonidle_total : 1);
}

u64 psi_peek_total(struct sim *sim, const struct psi_group *group, enum psi_states state, u64 now)
{
	u64 delta = 0, nonidle_total = 0;

	if (!group->pcpu)
		return group->total[state];
	/* collect_percpu_times() over get_recent_times()' figures, not kept */
	for (unsigned int cpu = 0; cpu < sim_engine(sim)->nr_cpus; cpu++) {
		const struct psi_group_cpu *groupc = &group->pcpu[cpu];
		u64 times[NR_PSI_STATES];
		u64 nonidle;

		for (int s = 0; s < NR_PSI_STATES; s++) {
			u64 t = groupc->times[s];

			if ((groupc->state_mask & (1u << s)) && now > groupc->state_start)
				t += now - groupc->state_start;
			/* an aggregation on a CPU whose clock ran past @now took it all */
			times[s] = t > groupc->times_prev[s] ? t - groupc->times_prev[s] : 0;
		}
		nonidle = nsecs_to_jiffies(times[PSI_NONIDLE]);
		nonidle_total += nonidle;
		delta += times[state] * nonidle;
	}
	return group->total[state] + delta / (nonidle_total ? nonidle_total : 1);
}

/* update_averages() (v6.12): returns the next update's time. */
static u64 update_averages(struct psi_group *group, u64 now)
{
	u64 missed_periods = 0, expires = group->avg_next_update, period, next;

	if (now - expires >= PSI_PERIOD_NS)
		missed_periods = (now - expires) / PSI_PERIOD_NS;
	next = expires + (1 + missed_periods) * PSI_PERIOD_NS;
	period = now - (group->avg_last_update + missed_periods * PSI_PERIOD_NS);
	group->avg_last_update = now;
	for (int s = 0; s < NR_PSI_STATES - 1; s++) {
		u64 sample = group->total[s] - group->avg_total[s];

		/* overage slipped from the last period is punted into the next */
		if (sample > period)
			sample = period;
		group->avg_total[s] += sample;
		calc_avgs(group->avg[s], missed_periods, sample, period);
	}
	return next;
}

/*
 * psi_avgs_work() (v6.12) at its expiry @now: fold the CPUs in, update
 * the averages if due, and re-arm just past the next update while the
 * group saw non-idle time (an idle group lets its clock stop).
 */
static void psi_avgs_work(struct sim *sim, struct psi_group *group, u64 now)
{
	u32 changed;

	group->avgs_work_pending = false;
	collect_percpu_times(sim, group, now, &changed);
	if (now >= group->avg_next_update)
		group->avg_next_update = update_averages(group, now);
	if (changed & (1u << PSI_NONIDLE)) {
		u64 delay = nsecs_to_jiffies(group->avg_next_update - now) + 1;

		group->avgs_work_pending = true;
		group->avgs_work_at = (nsecs_to_jiffies(now) + delay) * JIFFY_NS;
	}
}

/*
 * Run the group's averaging work due up to @now, in order.  Inline: every
 * task change asks, and the work is due once per psi_period at most.
 */
static inline void psi_avgs_catch_up(struct sim *sim, struct psi_group *group, u64 now)
{
	while (group->avgs_work_pending && group->avgs_work_at <= now)
		psi_avgs_work(sim, group, group->avgs_work_at);
}

void psi_update(struct sim *sim, struct psi_group *group, u64 now)
{
	u32 changed;

	psi_avgs_catch_up(sim, group, now);
	collect_percpu_times(sim, group, now, &changed);
	if (now >= group->avg_next_update)
		group->avg_next_update = update_averages(group, now);
}

/* test_state() (v6.12), the memory states and NONIDLE */
static u32 test_states(const unsigned int *tasks)
{
	u32 mask = 0;

	if (tasks[NR_MEMSTALL]) {
		mask |= 1u << PSI_MEM_SOME;
		if (tasks[NR_RUNNING] == tasks[NR_MEMSTALL_RUNNING])
			mask |= 1u << PSI_MEM_FULL;
	}
	if (tasks[NR_IOWAIT] || tasks[NR_MEMSTALL] || tasks[NR_RUNNING])
		mask |= 1u << PSI_NONIDLE;
	return mask;
}

/* record_times() (v6.12): the time since the last change goes to the states then held. */
static void record_times(struct psi_group_cpu *groupc, u64 now)
{
	u64 delta;

	if (now < groupc->state_start)
		return; /* the CPU's clock is past @now already: nothing elapsed */
	delta = now - groupc->state_start;
	groupc->state_start = now;
	/* host-side: without a branch per state (a change per wake-up, sleep
	 * and switch: seed000's hackbench makes tens of millions) */
	for (int s = 0; s < NR_PSI_STATES; s++)
		groupc->times[s] += delta & -(u64)((groupc->state_mask >> s) & 1);
}

/*
 * psi_group_change() (v6.12): apply @clear / @set to @cpu's task counts
 * of @group, account the time of the states left and arm the averaging
 * work.  The CPU's current task in a memstall makes it FULL.
 */
static void psi_group_change(struct sim *sim, struct psi_group *group, unsigned int cpu,
			     unsigned int clear, unsigned int set, u64 now)
{
	struct engine *eng = sim_engine(sim);
	struct psi_group_cpu *groupc;
	struct task *curr;
	u32 state_mask;

	if (!group->pcpu) {
		group->pcpu = calloc(eng->nr_cpus, sizeof(*group->pcpu));
		if (!group->pcpu) {
			sim_fail(sim, "out of memory for a psi group");
			return;
		}
		for (unsigned int c = 0; c < eng->nr_cpus; c++)
			group->pcpu[c].state_start = now;
	}
	psi_avgs_catch_up(sim, group, now);
	groupc = &group->pcpu[cpu];
	if (clear & TSK_ONCPU) {
		state_mask = 0;
		clear &= ~TSK_ONCPU;
	} else if (set & TSK_ONCPU) {
		state_mask = PSI_ONCPU;
		set &= ~TSK_ONCPU;
	} else {
		state_mask = groupc->state_mask & PSI_ONCPU;
	}
	/* as the kernel's loops: only the counts named in @clear and @set */
	for (; clear; clear &= clear - 1)
		groupc->tasks[__builtin_ctz(clear)]--;
	for (; set; set &= set - 1)
		groupc->tasks[__builtin_ctz(set)]++;
	state_mask |= test_states(groupc->tasks);
	if (state_mask & PSI_ONCPU) {
		curr = eng->cpus[cpu].curr;
		if (curr && curr->in_memstall)
			state_mask |= 1u << PSI_MEM_FULL;
	}
	record_times(groupc, now);
	groupc->state_mask = state_mask;
	if (!group->avgs_work_pending) {
		group->avgs_work_pending = true;
		group->avgs_work_at = (nsecs_to_jiffies(now) + PSI_FREQ) * JIFFY_NS;
	}
}

static struct psi_group *task_psi_group(struct task *t)
{
	struct engine *eng = sim_engine(t->sim);

	return eng->task_psi_group ? eng->task_psi_group(t) : &eng->psi_system;
}

/* psi_task_change() (v6.12) on @cpu: the task's groups and their ancestors. */
static void psi_task_change_cpu(struct task *t, unsigned int cpu, unsigned int clear,
				unsigned int set)
{
	u64 now = psi_clock(t->sim);

	t->psi_flags = (t->psi_flags & ~clear) | set;
	for (struct psi_group *group = task_psi_group(t); group; group = group->parent)
		psi_group_change(t->sim, group, cpu, clear, set, now);
}

static void psi_task_change(struct task *t, unsigned int clear, unsigned int set)
{
	psi_task_change_cpu(t, t->psi_cpu, clear, set);
}

void psi_wakeup(struct task *t)
{
	unsigned int clear = 0, set = TSK_RUNNING;

	if (t->psi_flags & TSK_IOWAIT)
		clear |= TSK_IOWAIT;
	t->in_iowait = false;
	if (t->in_memstall)
		set |= TSK_MEMSTALL_RUNNING;
	psi_task_change(t, clear, set);
}

void psi_sleep(struct task *t)
{
	unsigned int clear = TSK_RUNNING | (t->psi_flags & TSK_ONCPU), set = 0;

	if (!(t->psi_flags & TSK_RUNNING))
		return; /* never woken (a new kthread parking itself) */
	if (t->in_memstall)
		clear |= TSK_MEMSTALL_RUNNING;
	if (t->in_iowait)
		set |= TSK_IOWAIT;
	psi_task_change(t, clear, set);
}

void psi_switch_in(struct task *t, unsigned int cpu)
{
	if ((unsigned int)t->psi_cpu != cpu) {
		/* migration: psi_dequeue on the old CPU, psi_enqueue on the new one */
		unsigned int flags = t->psi_flags;

		if (flags)
			psi_task_change(t, flags, 0);
		t->psi_cpu = (int)cpu;
		if (flags)
			psi_task_change(t, 0, flags);
	}
	psi_task_change(t, 0, TSK_ONCPU);
	if (t->memstall_sleep) {
		/* back from a refault wait: folio_wait_bit_common's psi_memstall_leave */
		bool flags = false;

		t->memstall_sleep = false;
		psi_memstall_leave(t, &flags);
	}
}

void psi_switch_out(struct task *t)
{
	if (t->psi_flags & TSK_ONCPU)
		psi_task_change(t, TSK_ONCPU, 0);
}

void psi_exit(struct task *t)
{
	if (t->psi_flags)
		psi_task_change(t, t->psi_flags, 0);
	t->in_memstall = t->memstall_sleep = t->in_iowait = false;
}

void psi_memstall_enter(struct task *t, bool *flags)
{
	*flags = t->in_memstall;
	if (*flags)
		return;
	t->in_memstall = true;
	psi_task_change(t, 0, TSK_MEMSTALL | TSK_MEMSTALL_RUNNING);
}

void psi_memstall_leave(struct task *t, bool *flags)
{
	if (*flags)
		return;
	t->in_memstall = false;
	psi_task_change(t, TSK_MEMSTALL | TSK_MEMSTALL_RUNNING, 0);
}

void psi_memstall_sleep(struct task *t)
{
	bool flags;

	psi_memstall_enter(t, &flags);
	if (!flags)
		t->memstall_sleep = true;
	t->in_iowait = true; /* io_schedule() */
}

/* SPDX-License-Identifier: MIT */
/*
 * psi.h - pressure stall information for memory (kernel/sched/psi.c,
 * v6.12): per-CPU task counts of each group, the SOME / FULL / NONIDLE
 * state times they give, the cumulative totals and the avg10/60/300
 * running averages of /proc/pressure/memory and memory.pressure.
 *
 * Only the memory resource is modelled: the io and cpu states need
 * nothing the model lacks, but nobody reads them yet.  Task iowait is
 * tracked all the same, because it makes a CPU non-idle and so weighs in
 * the aggregation over CPUs.
 */
#ifndef RECLAIMSIM_PSI_H
#define RECLAIMSIM_PSI_H

#include "types.h"

struct sim;
struct task;

/* Task counts (include/linux/psi_types.h) */
enum psi_task_count {
	NR_IOWAIT,
	NR_MEMSTALL,
	NR_RUNNING,
	NR_MEMSTALL_RUNNING, /* a reclaimer: runnable but stalled */
	NR_PSI_TASK_COUNTS,
};

/* Task state bitmasks: task->psi_flags */
#define TSK_IOWAIT (1u << NR_IOWAIT)
#define TSK_MEMSTALL (1u << NR_MEMSTALL)
#define TSK_RUNNING (1u << NR_RUNNING)
#define TSK_MEMSTALL_RUNNING (1u << NR_MEMSTALL_RUNNING)
#define TSK_ONCPU (1u << NR_PSI_TASK_COUNTS) /* no count: a flag of the CPU's state */

/* Resource states: the memory ones of the kernel's enum psi_states, and NONIDLE */
enum psi_states {
	PSI_MEM_SOME,
	PSI_MEM_FULL,
	PSI_NONIDLE,
	NR_PSI_STATES,
};
#define PSI_ONCPU (1u << NR_PSI_STATES)

/* One CPU's view of a group (struct psi_group_cpu). */
struct psi_group_cpu {
	unsigned int tasks[NR_PSI_TASK_COUNTS];
	u32 state_mask; /* PSI_* bits and PSI_ONCPU */
	u64 state_start; /* ns */
	u64 times[NR_PSI_STATES]; /* ns in each state */
	u64 times_prev[NR_PSI_STATES]; /* at the last aggregation (PSI_AVGS) */
};

/*
 * struct psi_group - the system's or a cgroup's pressure.  The per-CPU
 * part is allocated on the group's first task change (8,190 empty groups
 * cost nothing per CPU).  The kernel's avgs_work is a delayed work item;
 * here its pending expiry is kept (avgs_work_at) and run lazily, before
 * the next change of the group or a read, in virtual-time order.
 */
struct psi_group {
	struct psi_group *parent;
	struct psi_group_cpu *pcpu; /* nr_cpus entries, or NULL before first use */
	u64 total[NR_PSI_STATES - 1]; /* ns, PSI_AVGS aggregator */
	u64 avg_total[NR_PSI_STATES - 1];
	unsigned long avg[NR_PSI_STATES - 1][3]; /* % in FIXED_1 units: 10 s, 60 s, 300 s */
	u64 avg_next_update, avg_last_update; /* ns */
	u64 avgs_work_at; /* ns, when avgs_work_pending */
	bool avgs_work_pending;
};

/* psi_period: PSI_FREQ (2 * HZ + 1 jiffies) in ns */
#define PSI_FREQ (2 * HZ + 1)
#define PSI_PERIOD_NS ((u64)PSI_FREQ * JIFFY_NS)

/* load average fixed point (include/linux/sched/loadavg.h) */
#define FSHIFT 11
#define FIXED_1 (1UL << FSHIFT)
#define LOAD_INT(x) ((x) >> FSHIFT)
#define LOAD_FRAC(x) LOAD_INT(((x) & (FIXED_1 - 1)) * 100)
#define EXP_10s 1677 /* 1/exp(2s/10s) */
#define EXP_60s 1981 /* 1/exp(2s/60s) */
#define EXP_300s 2034 /* 1/exp(2s/300s) */

/* group_init() (v6.12): averages due one period after @now; @parent NULL for the system. */
void psi_group_init(struct psi_group *group, struct psi_group *parent, u64 now);
void psi_group_free(struct psi_group *group);

/* Scheduler hooks (sched.c): the v6.12 psi_enqueue / psi_task_switch / psi_dequeue work */
void psi_wakeup(struct task *t); /* BLOCKED -> RUNNABLE */
void psi_sleep(struct task *t); /* RUNNING -> BLOCKED, leaving its CPU */
void psi_switch_in(struct task *t, unsigned int cpu); /* gets @cpu (moving its counts there) */
void psi_switch_out(struct task *t); /* leaves its CPU, still runnable */
void psi_exit(struct task *t); /* dead: every flag cleared */

/*
 * psi_memstall_enter() / psi_memstall_leave() (v6.12): @t (running) is
 * stalled on memory: reclaiming, throttled or waiting for a refault.
 * Nested sections count once: @flags keeps whether @t was already in one.
 */
void psi_memstall_enter(struct task *t, bool *flags);
void psi_memstall_leave(struct task *t, bool *flags);
/*
 * psi_memstall_sleep - the folio_wait_bit_common() pattern: @t enters a
 * memstall and goes to sleep (the caller's task_sleep follows); the
 * memstall ends when @t next gets a CPU, where the kernel's wait returns.
 */
void psi_memstall_sleep(struct task *t);

/*
 * psi_show() (v6.12) without the printing: fold the CPUs' times into the
 * totals at @now and, if a period is due, the averages.  The report reads
 * group->total and group->avg afterwards.
 */
void psi_update(struct sim *sim, struct psi_group *group, u64 now);

/*
 * psi_peek_total - what psi_update() would make group->total[@state] at
 * @now (the same per-CPU weighting), changing nothing: a periodic look
 * (the time series) must not move the averages' schedule or rounding.
 */
u64 psi_peek_total(struct sim *sim, const struct psi_group *group, enum psi_states state, u64 now);

/* calc_load() (kernel/sched/loadavg.c, v6.12): one decay step of @load towards @active. */
unsigned long calc_load(unsigned long load, unsigned long exp, unsigned long active);

#endif

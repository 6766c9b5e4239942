// SPDX-License-Identifier: MIT
/*
 * cgroup.c - the time a write to cgroup.procs costs the task that makes it
 * (cgroup_procs_write, kernel/cgroup/cgroup.c, v6.18).  The migration
 * itself is not modelled (a workload's tasks are charged to their group
 * from the start); its wait is: cgroup_attach_lock() takes
 * cgroup_threadgroup_rwsem for writing, and percpu_down_write() first
 * enters the rwsem's rcu_sync, which waits an RCU grace period unless the
 * readers are already on the slow path (a mount without favordynmods, as
 * the oracle's v1 memory hierarchy is).  On the oracle's VM that wait is
 * 8 ms (bench/results/cgroup-attach.txt): more than the whole run of a
 * program killed in its fill.
 */
#include "cgroup.h"
#include "../mm/internal.h"

/*
 * rcu_sync_enter() (kernel/rcu/sync.c, v6.18): idle, the writer starts a
 * grace period and waits for it; while one is in progress (another
 * writer entered), it waits for that one; after it passed, and until a
 * grace period after the last writer left (rcu_sync_exit's callback),
 * readers are still on the slow path and nothing is waited for.
 */
static void rcu_sync_enter(struct task *t)
{
	struct sim *sim = t->sim;
	u64 now = sim->eng.now;

	if (now >= sim->rcu_sync_idle_at && now >= sim->rcu_sync_gp_end)
		sim->rcu_sync_gp_end = now + sim->scn.cost.rcu_gp_ns;
	if (sim->rcu_sync_gp_end > now)
		schedule_timeout(t, NULL, sim->rcu_sync_gp_end - now);
}

/*
 * rcu_sync_exit() (kernel/rcu/sync.c, v6.18): the last writer out queues
 * a callback that returns the rcu_sync to idle a grace period later
 */
static void rcu_sync_exit(struct task *t)
{
	struct sim *sim = t->sim;

	sim->rcu_sync_idle_at = sim->eng.now + sim->scn.cost.rcu_gp_ns;
}

/*
 * cgroup_procs_write() (kernel/cgroup/cgroup.c, v6.18) as far as time
 * goes: __cgroup_procs_write() takes cgroup_attach_lock(), whose
 * percpu_down_write() waits in rcu_sync_enter(); the move itself is free.
 */
void cgroup_procs_write(struct task *t)
{
	/* cgroup_attach_lock: percpu_down_write(&cgroup_threadgroup_rwsem) */
	rcu_sync_enter(t);
	/* cgroup_attach_unlock: percpu_up_write */
	rcu_sync_exit(t);
}

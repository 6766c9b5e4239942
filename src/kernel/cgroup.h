/* SPDX-License-Identifier: MIT */
/*
 * cgroup.h - a task moved into its cgroup by a write to cgroup.procs
 * (kernel/cgroup/cgroup.c), as a launcher does between fork and exec.
 */
#ifndef RECLAIMSIM_KERNEL_CGROUP_H
#define RECLAIMSIM_KERNEL_CGROUP_H

struct task;

/*
 * cgroup_procs_write - @t writes its pid to its group's cgroup.procs: it
 * sleeps for the grace period cgroup_attach_lock may wait (cost rcu_gp_ns).
 */
void cgroup_procs_write(struct task *t);

#endif

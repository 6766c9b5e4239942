/* SPDX-License-Identifier: MIT */
/*
 * exit.h - the end of a task (kernel/exit.c): one exit sequence for a
 * task whose program ended and for a task the OOM killer chose.
 */
#ifndef RECLAIMSIM_KERNEL_EXIT_H
#define RECLAIMSIM_KERNEL_EXIT_H

struct task;

/*
 * do_exit - @t ends with @code (0, or the signal that killed it): its
 * memory goes (exit_mm), then it leaves the scheduler and its parent is
 * told (exit_notify: the task's exit_notify hook, the workload's totals).
 * Nothing happens to a task that is already dead.
 */
void do_exit(struct task *t, int code);

#endif

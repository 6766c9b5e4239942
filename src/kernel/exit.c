// SPDX-License-Identifier: MIT
/*
 * exit.c - do_exit() (kernel/exit.c, v6.12): the one exit sequence of a
 * task, used by a task whose program ended (exit(0)) and by the OOM kill
 * (SIGKILL; the model reaps the victim at once, as the oom_reaper would
 * within milliseconds).  Kernel order: exit_mm() then exit_notify().
 */
#include "exit.h"
#include "../mm/internal.h"

/*
 * exit_mm() (kernel/exit.c, v6.12): a task killed in the middle of reclaim
 * first gives back its isolated batch and its throttle slot (the kernel
 * unwinds reclaim before it reaches do_exit); a page it held between
 * allocation and charge goes back; the address space is dropped
 * (mmput: exit_mmap when this was its last user).
 */
static void exit_mm(struct task *t)
{
	reclaim_abort(t);
	task_release_held(t);
	/* a fault's read hold, if it was killed in its reclaim */
	if (mm_task(t)->mmap_read_held)
		mmap_read_unlock(t, mm_task(t)->mmap_read_held);
	if (t->mm)
		mmput(t->sim, t->mm);
}

/*
 * exit_notify() (kernel/exit.c, v6.12): the task is dead to the scheduler
 * (off the run queue and any wait queue, its exit time set) and its parent
 * hears of it: the hook of whoever created it (a workload folds its times
 * into its totals).
 */
static void exit_notify(struct task *t, int code)
{
	task_exit(t, code);
	if (t->exit_notify)
		t->exit_notify(t);
}

void do_exit(struct task *t, int code)
{
	if (t->state == TASK_DEAD)
		return;
	/* setmax_mm_hiwater_rss(): the process's ru_maxrss, before the mm goes */
	if (t->mm)
		mm_task(t)->maxrss = get_mm_hiwater_rss(t->mm);
	exit_mm(t);
	exit_notify(t, code);
}

// SPDX-License-Identifier: MIT
/*
 * rwsem.c - the slow paths of rwsem.h: rwsem_down_read_slowpath() and
 * rwsem_down_write_slowpath() (kernel/locking/rwsem.c, v5.3+; before,
 * rwsem_down_read_failed / rwsem_down_write_failed): the task sleeps until
 * the lock can be its, then takes it.  A hold in progress (readers,
 * writer) is waited for on the wait queue, woken by the release; a hold
 * already released but ending later than now (its timeline) is waited for
 * with a timed sleep that ends when it does.  Either sleep ends with the
 * scheduler's wake-up latency, as the kernel's waiter is woken by
 * wake_up_q() and must be scheduled in again.
 */
#include "rwsem.h"

/* Sleep until @sem may be free: on its queue, or until @until. */
static void rwsem_sleep(struct task *t, struct rw_semaphore *sem, bool held, u64 until)
{
	if (held)
		task_sleep(t, &sem->wait, 0);
	else
		task_sleep(t, NULL, until - task_now(t));
	schedule(t);
}

unsigned int rwsem_down_read_slowpath(struct task *t, struct rw_semaphore *sem)
{
	u64 t0 = task_now(t);
	unsigned int sleeps = 0;

	while (sem->writer || sem->write_until > task_now(t)) {
		rwsem_sleep(t, sem, sem->writer, sem->write_until);
		sleeps++;
	}
	sem->readers++;
	lock_stat_account(sem->cls, task_now(t) - t0);
	return sleeps;
}

unsigned int rwsem_down_write_slowpath(struct task *t, struct rw_semaphore *sem)
{
	u64 t0 = task_now(t);
	unsigned int sleeps = 0;

	for (;;) {
		u64 until = max_u64(sem->write_until, sem->read_until);

		if (!sem->writer && !sem->readers && until <= task_now(t))
			break;
		rwsem_sleep(t, sem, sem->writer || sem->readers, until);
		sleeps++;
	}
	sem->writer = true;
	lock_stat_account(sem->cls, task_now(t) - t0);
	return sleeps;
}

/* rwsem_wake(): the holders are gone; every waiter tries again. */
void rwsem_wake(struct rw_semaphore *sem)
{
	struct task *t = sem->wait.first;

	if (t)
		wake_up_all(t->sim, &sem->wait);
}

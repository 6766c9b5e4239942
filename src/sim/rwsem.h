/* SPDX-License-Identifier: MIT */
/*
 * rwsem.h - a read-write semaphore of simulated tasks
 * (include/linux/rwsem.h): many readers or one writer, and a task that
 * cannot have it sleeps until it can.
 *
 * A hold that ends in the step that took it is a timeline, as lock.h's
 * spinlocks: releasing it records when it ends (read_until, write_until),
 * and a task that wants the lock before then sleeps until then.  A hold
 * that spans steps (a fault's read hold across direct reclaim) is counted
 * in readers/writer, and who wants the lock meanwhile sleeps on its wait
 * queue until the release wakes it.  Waiters do not spin: the reader slow
 * path of the kernels modelled sleeps (rwsem_down_read_failed), and the
 * writers' optimistic spinning (v3.16+) is not modelled.
 */
#ifndef RECLAIMSIM_RWSEM_H
#define RECLAIMSIM_RWSEM_H

#include "engine.h"
#include "lock.h"

struct rw_semaphore {
	u64 read_until; /* ns: when the last released read hold ended */
	u64 write_until; /* ns: when the last released write hold ended */
	unsigned int readers; /* holders now */
	bool writer; /* held for write now */
	struct wait_queue_head wait; /* tasks waiting for a release */
	struct lock_class_stat *cls; /* its lock_stat class (NULL: none) */
};

/* The slow paths: they sleep; they return how many times. */
unsigned int rwsem_down_read_slowpath(struct task *t, struct rw_semaphore *sem);
unsigned int rwsem_down_write_slowpath(struct task *t, struct rw_semaphore *sem);
void rwsem_wake(struct rw_semaphore *sem);

/* down_read() - take @sem for read; returns the sleeps it took (0: at once). */
static inline unsigned int down_read(struct task *t, struct rw_semaphore *sem)
{
	if (sem->writer || sem->write_until > task_now(t))
		return rwsem_down_read_slowpath(t, sem);
	sem->readers++;
	lock_stat_account(sem->cls, 0);
	return 0;
}

static inline void up_read(struct task *t, struct rw_semaphore *sem)
{
	u64 now = task_now(t);

	sem->readers--;
	if (now > sem->read_until)
		sem->read_until = now;
	if (!sem->readers && sem->wait.first)
		rwsem_wake(sem);
}

/* down_write() - take @sem for write; returns the sleeps it took. */
static inline unsigned int down_write(struct task *t, struct rw_semaphore *sem)
{
	u64 now = task_now(t);

	if (sem->writer || sem->readers || sem->write_until > now || sem->read_until > now)
		return rwsem_down_write_slowpath(t, sem);
	sem->writer = true;
	lock_stat_account(sem->cls, 0);
	return 0;
}

static inline void up_write(struct task *t, struct rw_semaphore *sem)
{
	u64 now = task_now(t);

	sem->writer = false;
	if (now > sem->write_until)
		sem->write_until = now;
	if (sem->wait.first)
		rwsem_wake(sem);
}

#endif

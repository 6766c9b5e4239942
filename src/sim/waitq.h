/* SPDX-License-Identifier: MIT */
/*
 * waitq.h - wait queues of simulated tasks (include/linux/wait.h).
 * A wait queue is a FIFO of blocked tasks; waking moves them to the run
 * queue.  The queue is intrusive: a task waits on at most one queue.
 */
#ifndef RECLAIMSIM_WAITQ_H
#define RECLAIMSIM_WAITQ_H

#include "types.h"

struct task;

struct wait_queue_head {
	struct task *first;
	struct task *last;
	unsigned int nr;
};

#endif

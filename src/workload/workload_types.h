/* SPDX-License-Identifier: MIT */
/*
 * workload_types.h - what a workload type provides (one file per type).
 */
#ifndef RECLAIMSIM_WORKLOAD_TYPES_H
#define RECLAIMSIM_WORKLOAD_TYPES_H

#include "workload.h"
#include "../mm/internal.h"

struct wl_ops {
	/* how many tasks the workload runs (NULL: the tasks key) */
	unsigned int (*nr_tasks)(const struct scn_workload *cfg);
	/* set up task @idx of @wl (its mm, files, t->wl_priv); 0 or -1 */
	int (*task_init)(struct workload_inst *wl, struct task *t, unsigned int idx);
	/*
	 * issue the task's current operation; on VM_FAULT_DONE advance to the
	 * next one and set t->wl_finished after the last
	 */
	enum vm_fault_result (*op)(struct task *t);
	/* free t->wl_priv (NULL: plain free) */
	void (*task_free)(struct task *t);
	/* a task ended or was killed: give back what it holds (may be NULL) */
	void (*task_exit)(struct task *t);
	/* free wl->priv's contents at teardown (may be NULL) */
	void (*free)(struct workload_inst *wl);
	/* the run ended: set the workload's figures from its tasks' state */
	void (*report)(struct workload_inst *wl);
};

extern const struct wl_ops anon_fill_ops;
extern const struct wl_ops file_write_ops;
extern const struct wl_ops file_read_ops;
extern const struct wl_ops hotset_stream_ops;
extern const struct wl_ops hackbench_ops;
extern const struct wl_ops madvise09_ops;
extern const struct wl_ops lru_file_mmap_read_ops;
extern const struct wl_ops ebizzy_ops;

/* Bytes to pages, rounded up. */
static inline u64 bytes_to_pages(const struct sim *sim, u64 bytes)
{
	return (bytes + sim->page_size - 1) / sim->page_size;
}

#endif

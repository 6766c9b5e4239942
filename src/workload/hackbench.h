/* SPDX-License-Identifier: MIT */
/*
 * hackbench.h - the parameters of [workload] type hackbench (hackbench.c),
 * in scn_workload.params.
 */
#ifndef RECLAIMSIM_HACKBENCH_H
#define RECLAIMSIM_HACKBENCH_H

#include "../sim/scenario.h"

struct hackbench_params {
	unsigned int groups; /* groups of 20 senders + 20 receivers */
	unsigned int loops; /* messages each sender sends each receiver */
	bool threads; /* mode = thread: one address space */
	u64 footprint; /* bytes of anon memory per task */
	unsigned int hot_pages; /* footprint pages touched in turn, one per operation */
	u64 kernel_footprint; /* bytes of kernel memory per task (stack, page tables) */
	u64 datasize; /* bytes per message */
	u64 text; /* bytes of shared program text (0: none) */
};

#endif

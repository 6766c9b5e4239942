/* SPDX-License-Identifier: MIT */
/*
 * text_loop.h - the parameters of [workload] type text_loop (text_loop.c),
 * in scn_workload.params.
 */
#ifndef RECLAIMSIM_TEXT_LOOP_H
#define RECLAIMSIM_TEXT_LOOP_H

#include "../sim/scenario.h"

struct text_loop_params {
	u64 size; /* bytes of the file mapped */
	int size_origin; /* where size was given (scenario.h) */
	unsigned int iterations; /* passes over the mapping; 0 = until the others end */
	bool exec; /* exec = yes: mapped PROT_EXEC (VM_EXEC) */
	u64 heap; /* bytes of anonymous memory mapped, 0: none */
	u64 heap_per_pass; /* bytes of it first written after each pass */
};

#endif

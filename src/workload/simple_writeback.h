/* SPDX-License-Identifier: MIT */
/*
 * simple_writeback.h - the parameters of [workload] type simple_writeback
 * (simple_writeback.c), in scn_workload.params.
 */
#ifndef RECLAIMSIM_SIMPLE_WRITEBACK_H
#define RECLAIMSIM_SIMPLE_WRITEBACK_H

#include "../sim/scenario.h"

struct simple_writeback_params {
	u64 size; /* bytes written per iteration, shared by its jobs; 0 = 4 x MemTotal */
	int size_origin;
	u64 block; /* dd ibs= obs= (bytes) */
	unsigned int jobs; /* the first iteration's dd jobs */
	unsigned int max_jobs; /* jobs doubles each iteration while <= max_jobs */
	int max_jobs_origin;
};

#endif

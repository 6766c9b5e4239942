/* SPDX-License-Identifier: MIT */
/*
 * ebizzy.h - the parameters of [workload] type ebizzy (ebizzy 0.3 on a
 * jemalloc 3.6 model, ebizzy.c), in scn_workload.params.
 */
#ifndef RECLAIMSIM_EBIZZY_H
#define RECLAIMSIM_EBIZZY_H

#include "../sim/scenario.h"

struct ebizzy_params {
	unsigned int nr_threads; /* -t: worker threads sharing one mm, 1..4096 */
	unsigned int chunks; /* -n: chunks of records allocated at start */
	u64 chunk_size; /* -s: bytes per chunk, and per copy */
	unsigned int seconds; /* -S: seconds of the timed run */
	bool purge_free; /* purge = free: jemalloc purges with MADV_FREE */
};

#endif

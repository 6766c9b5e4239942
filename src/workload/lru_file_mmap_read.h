/* SPDX-License-Identifier: MIT */
/*
 * lru_file_mmap_read.h - the parameters of [workload] type
 * lru_file_mmap_read (lru_file_mmap_read.c), in scn_workload.params.
 */
#ifndef RECLAIMSIM_LRU_FILE_MMAP_READ_H
#define RECLAIMSIM_LRU_FILE_MMAP_READ_H

#include "../sim/scenario.h"

struct lru_file_mmap_read_params {
	u64 size; /* bytes of all the readers' files; 0 = 10 x machine memory */
	int size_origin; /* where size was given (scenario.h) */
	unsigned int advice; /* madvise = normal | random | sequential: MADV_* 0, 1, 2 */
};

#endif

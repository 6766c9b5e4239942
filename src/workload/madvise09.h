/* SPDX-License-Identifier: MIT */
/*
 * madvise09.h - the parameters of [workload] type madvise09 (LTP
 * madvise09, shared/oracle/src/madvfree.c; madvise09.c), in
 * scn_workload.params.
 */
#ifndef RECLAIMSIM_MADVISE09_H
#define RECLAIMSIM_MADVISE09_H

#include "../sim/scenario.h"

#define MADV09_MAX_REWRITE 16 /* rewrite = list */

struct madvise09_params {
	u64 size; /* bytes: the region */
	int size_origin, rewrite_origin, peek_origin; /* checked against each other */
	unsigned int nr_rewrite; /* page indices in rewrite[] */
	u32 rewrite[MADV09_MAX_REWRITE]; /* pages written again after MADV_FREE */
	unsigned int rewrite_every; /* also every Nth page from page 0 (0: none) */
	u64 peek; /* page read after MADV_FREE; U64_MAX = none */
	u64 pressure; /* bytes the pressure child touches; U64_MAX = until
				 * OOM; 0 = none (no pressure rounds) */
	u64 chunk; /* bytes per mmap of the pressure child; 0 = 500 pages */
	bool ltp_sleep; /* the child sleeps `round` us after each page (LTP) */
	unsigned int rounds; /* pressure rounds at most, while nothing is discarded */
	u64 limit_after; /* bytes: memcg limit set after the setup; U64_MAX = keep */
	u64 memsw_after; /* bytes: memsw limit set after the setup; U64_MAX = keep */
	u64 hold_ns; /* wait after the setup, before the pressure rounds */
	u64 text; /* program_text: bytes of its text (wl_text_map), 0: none */
	bool text_evicted; /* program_text_start = evicted */
	u64 binary; /* program_binary: bytes of the binary's own text, 0: none */
	u64 data; /* program_data: bytes of its own data (wl_program_map), 0: none */
};

#endif

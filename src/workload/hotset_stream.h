/* SPDX-License-Identifier: MIT */
/*
 * hotset_stream.h - the parameters of [workload] type hotset_stream
 * (hotset_stream.c), in scn_workload.params.
 */
#ifndef RECLAIMSIM_HOTSET_STREAM_H
#define RECLAIMSIM_HOTSET_STREAM_H

#include "../sim/scenario.h"

struct hotset_stream_params {
	u64 block; /* bytes per read() call */
	u64 hot; /* bytes of hot file */
	u64 stream; /* bytes of streamed file */
	u64 every; /* bytes streamed between hot re-reads */
	unsigned int warm_passes; /* hot reads before streaming */
};

#endif

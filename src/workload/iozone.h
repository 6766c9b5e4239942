/* SPDX-License-Identifier: MIT */
/*
 * iozone.h - the parameters of [workload] type iozone (iozone.c), in
 * scn_workload.params.
 */
#ifndef RECLAIMSIM_IOZONE_H
#define RECLAIMSIM_IOZONE_H

#include "../sim/scenario.h"

struct iozone_params {
	u64 size; /* -g: the largest file size, bytes; 0 = MemTotal / 2 */
	int size_origin;
	u64 record; /* -r: bytes per read()/write() call */
};

#endif

/* SPDX-License-Identifier: MIT */
/*
 * anon_fill.h - the parameters of [workload] type anon_fill (anon_fill.c),
 * in scn_workload.params.
 */
#ifndef RECLAIMSIM_ANON_FILL_H
#define RECLAIMSIM_ANON_FILL_H

#include "../sim/scenario.h"

struct anon_fill_params {
	u64 size; /* bytes */
	int size_origin; /* where size was given (scenario.h) */
	unsigned int passes; /* re-touch passes after the fill */
	bool random; /* pattern = rand */
	bool touch_write; /* touch = write */
	bool hold; /* then = hold: keep the memory, untouched, until the run ends */
};

#endif

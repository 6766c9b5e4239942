/* SPDX-License-Identifier: MIT */
/*
 * stress_highalloc.h - the parameters of [workload] type stress_highalloc
 * (stress_highalloc.c), in scn_workload.params.
 */
#ifndef RECLAIMSIM_STRESS_HIGHALLOC_H
#define RECLAIMSIM_STRESS_HIGHALLOC_H

#include "kalloc.h"
#include "kernbench.h"

struct stress_highalloc_params {
	struct kb_compile_params cc; /* each tree's build */
	struct highalloc_params ha; /* each pass of the module */
	unsigned int trees; /* kernel builds in parallel (SEQ copies + the primary) */
	u64 copy; /* page cache bytes of one copy of the tree: what tar and cp -r write */
	int copy_origin;
};

#endif

/* SPDX-License-Identifier: MIT */
/*
 * kalloc.h - the parameters of [workload] types kalloc and highalloc
 * (kalloc.c, highalloc.c), in scn_workload.params.
 */
#ifndef RECLAIMSIM_KALLOC_H
#define RECLAIMSIM_KALLOC_H

#include "../sim/scenario.h"
#include "../sim/config.h"

#define KALLOC_MAX_ORDERS 11 /* entries of the order mix: orders 0..10 */

enum kalloc_lifetime { KALLOC_LIFE_FIXED, KALLOC_LIFE_EXP, KALLOC_LIFE_FOREVER };

struct kalloc_params {
	u64 count; /* allocations per task */
	u64 lifetime_ns; /* fixed lifetime, or the mean of exp */
	unsigned int nr_orders; /* entries of order/weight */
	u8 order[KALLOC_MAX_ORDERS];
	u32 weight[KALLOC_MAX_ORDERS]; /* relative frequency of each order */
	int order_origin;
	unsigned int gfp; /* gfp_t, mobility bits included */
	int gfp_origin;
	int migratetype; /* -1: from gfp; else MIGRATE_* replacing its mobility bits */
	enum kalloc_lifetime lifetime_dist;
	bool interrupt; /* context = interrupt: the mask must not block */
	int context_origin;
};

struct highalloc_params {
	u64 count; /* attempts; 0 = MemTotal / block * percent / 100 */
	u64 interval_ns; /* at least this long between attempts (ms_delay) */
	unsigned int order;
	int order_origin;
	unsigned int percent; /* HIGHALLOC_PERCENTAGE */
	unsigned int gfp;
	int gfp_origin;
	bool hold; /* then = hold: keep the blocks until the run ends */
};

/*
 * wl_set_gfp - a gfp key's value: the kernel's flag names joined by |
 * (gfp_parse) forming a valid mask (gfp_check) into *@gfp; 0, or -1 with
 * "FILE:LINE: [workload NAME] gfp: ..." through @k.
 */
int wl_set_gfp(struct cfg_ctx *k, const char *val, unsigned int *gfp);

#endif

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
	unsigned int shrinker; /* objects per block of a cache shrink_slab frees; 0: none */
	unsigned int shrinker_in_use; /* percent of those objects in use: never freed */
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
 * The stress-highalloc module's passes (highalloc.c), shared by types
 * highalloc and stress_highalloc: the blocks a task holds and its counts.
 */
struct highalloc {
	u32 *pfns; /* the blocks held */
	u64 nr, attempts, success;
};

struct sim;
struct task;
/* the attempts of a pass: count, or MemTotal in blocks of the order x percent / 100 */
u64 highalloc_count(const struct sim *sim, const struct highalloc_params *p);
/* room in @ha for a pass's blocks: 0, or -1 when out of memory (free ha->pfns) */
int highalloc_state_init(struct sim *sim, struct highalloc *ha, const struct highalloc_params *p);
/*
 * highalloc_pass - one run of the module by @t: highalloc_count() attempts
 * at a block of p->order with p->gfp, at least p->interval_ns apart from
 * start to start, each success kept in @ha (attempts and success count
 * this pass).  An OOM kill ends @t inside it.
 */
void highalloc_pass(struct task *t, struct highalloc *ha, const struct highalloc_params *p);
/* free the blocks @ha holds (@ha may be NULL) */
void highalloc_release(struct sim *sim, struct highalloc *ha, unsigned int order);
/* the cross-checks of @p's keys (order <= max_page_order): 0, or -1 (cfg_fail_at) */
int highalloc_check(const struct scenario *s, const struct scn_workload *w,
		    const struct highalloc_params *p, char *err, size_t errlen);

/*
 * wl_set_gfp - a gfp key's value: the kernel's flag names joined by |
 * (gfp_parse) forming a valid mask (gfp_check) into *@gfp; 0, or -1 with
 * "FILE:LINE: [workload NAME] gfp: ..." through @k.
 */
int wl_set_gfp(struct cfg_ctx *k, const char *val, unsigned int *gfp);

#endif

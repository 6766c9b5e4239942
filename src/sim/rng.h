/* SPDX-License-Identifier: MIT */
/*
 * rng.h - the simulation's only source of randomness: xoshiro256**
 * seeded through splitmix64.  Never seeded from time or addresses.
 */
#ifndef RECLAIMSIM_RNG_H
#define RECLAIMSIM_RNG_H

#include "types.h"

struct rng {
	u64 s[4];
};

void rng_seed(struct rng *r, u64 seed);
u64 rng_next(struct rng *r);
/* Uniform in [0, n), n > 0, without modulo bias. */
u64 rng_below(struct rng *r, u64 n);

#endif

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
/*
 * rng_seed_stream - seed @r with stream @stream of @seed: one stream per
 * source of randomness, so that a source's draws depend only on the seed
 * and its own number, never on how many draws the other sources made, and
 * adding a source (a new number) leaves the existing streams as they were.
 */
void rng_seed_stream(struct rng *r, u64 seed, u64 stream);
u64 rng_next(struct rng *r);
/* Uniform in [0, n), n > 0, without modulo bias. */
u64 rng_below(struct rng *r, u64 n);

#endif

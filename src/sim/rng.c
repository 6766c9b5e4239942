// SPDX-License-Identifier: MIT
/*
 * rng.c - xoshiro256** (Blackman & Vigna, public domain algorithm),
 * seeded with splitmix64 so that nearby seeds give unrelated streams.
 */
#include "rng.h"

static u64 splitmix64(u64 *x)
{
	u64 z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void rng_seed(struct rng *r, u64 seed)
{
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&seed);
}

void rng_seed_stream(struct rng *r, u64 seed, u64 stream)
{
	/* hash the stream number before mixing it in: streams of nearby
	 * seeds then start at unrelated points of splitmix64's sequence */
	u64 x = stream;

	x = splitmix64(&x);
	rng_seed(r, seed ^ x);
}

static inline u64 rotl(u64 x, int k)
{
	return (x << k) | (x >> (64 - k));
}

u64 rng_next(struct rng *r)
{
	u64 *s = r->s;
	u64 result = rotl(s[1] * 5, 7) * 9;
	u64 t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

u64 rng_below(struct rng *r, u64 n)
{
	/* Lemire's rejection on the top bits, kept simple: reject the
	 * incomplete last interval. */
	u64 limit = U64_MAX - U64_MAX % n;
	u64 x;

	do
		x = rng_next(r);
	while (x >= limit);
	return x % n;
}

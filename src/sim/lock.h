/* SPDX-License-Identifier: MIT */
/*
 * lock.h - a contended spinlock as a timeline.  A lock that is busy until
 * T, taken at t for h ns, makes the taker spin max(0, T - t) ns (charged
 * as system time) and is then busy until max(t, T) + h.  This is how many
 * parallel reclaimers on one lru_lock turn into system time.
 */
#ifndef RECLAIMSIM_LOCK_H
#define RECLAIMSIM_LOCK_H

#include "types.h"

struct lock_timeline {
	u64 busy_until; /* ns */
	u64 acquisitions;
	u64 contended; /* acquisitions that had to spin */
	u64 spin_ns; /* total spinning */
};

/*
 * lock_acquire - take @lock at @now and hold it for @hold_ns.
 * Returns the ns spent spinning before the lock was obtained.
 */
static inline u64 lock_acquire(struct lock_timeline *lock, u64 now, u64 hold_ns)
{
	u64 spin = lock->busy_until > now ? lock->busy_until - now : 0;

	lock->busy_until = now + spin + hold_ns;
	lock->acquisitions++;
	if (spin) {
		lock->contended++;
		lock->spin_ns += spin;
	}
	return spin;
}

#endif

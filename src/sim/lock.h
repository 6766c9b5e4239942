/* SPDX-License-Identifier: MIT */
/*
 * lock.h - a contended spinlock as a timeline of its holds.  A task's
 * step runs at once in the event loop and books the holds it will make
 * at its own clock; a hold of h ns wanted at t starts at the first
 * instant s >= t where the lock is free for h ns, and the taker spins
 * s - t ns (charged as system time).  Holds booked by steps that started
 * earlier may lie ahead of t with free gaps between them (one task's
 * faults take the lru_lock for 40 ns every few hundred ns): a hold fits
 * in a gap, as a real spinner gets the lock between two of another CPU's
 * holds.  This is how many parallel reclaimers on one lru_lock turn into
 * system time, and many faulting threads into less.
 *
 * Each kernel lock belongs to a class (lock_class_key) whose figures are
 * summed as /proc/lock_stat sums them (CONFIG_LOCK_STAT, v2.6.23+):
 * acquisitions, contentions (acquisitions that had to wait), and the
 * wait time, total and longest.
 */
#ifndef RECLAIMSIM_LOCK_H
#define RECLAIMSIM_LOCK_H

#include <stdlib.h>
#include <string.h>

#include "types.h"

/* lock_class_stats: one lock class's /proc/lock_stat figures */
struct lock_class_stat {
	u64 acquisitions;
	u64 contentions;
	u64 waittime_total_ns;
	u64 waittime_max_ns;
};

/* lock_contended() + lock_acquired(): count one acquisition after @wait ns */
static inline void lock_stat_account(struct lock_class_stat *cls, u64 wait)
{
	if (!cls)
		return;
	cls->acquisitions++;
	if (wait) {
		cls->contentions++;
		cls->waittime_total_ns += wait;
		if (wait > cls->waittime_max_ns)
			cls->waittime_max_ns = wait;
	}
}

/*
 * The holds kept: the latest ones by start.  An older hold is forgotten,
 * so a taker far behind the others' clocks may pass through it; with
 * holds of tens of ns to a few us this many cover the steps in flight.
 */
#define LOCK_HOLDS 16

struct lock_hold {
	u64 start, end; /* ns */
	const void *owner;
};

struct lock_timeline {
	/*
	 * LOCK_HOLDS of them, by start, allocated when the lock is first
	 * taken: most locks are never (the lru_lock of a group that never
	 * has a page, an anon_vma no walk locks), and the array is most of
	 * the lock's size.  lock_timeline_destroy() frees it.
	 */
	struct lock_hold *holds;
	unsigned int nr;
	u64 acquisitions;
	u64 contended; /* acquisitions that had to spin */
	u64 spin_ns; /* total spinning */
	struct lock_class_stat *cls; /* its class, NULL: not in lock_stat (user locks) */
};

/* Keep [@s, @s + @h) of @owner at index @i of the holds, the oldest dropped when full. */
static inline void lock_book(struct lock_timeline *lock, unsigned int i, u64 s, u64 h,
			     const void *owner)
{
	if (!lock->holds && !(lock->holds = malloc(LOCK_HOLDS * sizeof(*lock->holds))))
		return; /* the host is out of memory: lock_acquire's caller sees holds NULL */
	if (lock->nr == LOCK_HOLDS) {
		if (!i)
			return; /* older than every hold kept */
		memmove(&lock->holds[0], &lock->holds[1], (--i) * sizeof(lock->holds[0]));
		lock->nr--;
	} else if (i < lock->nr) {
		memmove(&lock->holds[i + 1], &lock->holds[i],
			(lock->nr - i) * sizeof(lock->holds[0]));
	}
	lock->holds[i] = (struct lock_hold){ .start = s, .end = s + h, .owner = owner };
	lock->nr++;
}

/* The holds' memory back; the lock is free and may be taken again. */
static inline void lock_timeline_destroy(struct lock_timeline *lock)
{
	free(lock->holds);
	lock->holds = NULL;
	lock->nr = 0;
}

/*
 * lock_forget - drop the oldest holds that ended by @floor, the engine's
 * clock: no step can take the lock before it any more.  Keeps the
 * timeline short, so that an uncontended lock costs the host little.
 */
static inline void lock_forget(struct lock_timeline *lock, u64 floor)
{
	unsigned int k = 0;

	while (k < lock->nr && lock->holds[k].end <= floor)
		k++;
	if (!k)
		return;
	lock->nr -= k;
	if (lock->nr)
		memmove(&lock->holds[0], &lock->holds[k], lock->nr * sizeof(lock->holds[0]));
}

/*
 * lock_acquire - @owner takes @lock at @now and holds it for @hold_ns.
 * Returns the ns spent spinning before the lock was obtained.  An owner
 * does not wait for its own holds (one that lasts longer than the cost it
 * was charged, as a batch under the zone lock, may reach past its clock).
 * When the host has no memory for the holds, lock->holds is NULL after it:
 * the caller stops the run (sim_lock_acquire).
 */
static inline u64 lock_acquire(struct lock_timeline *lock, u64 now, u64 hold_ns, const void *owner)
{
	u64 s = now, spin;
	unsigned int i = 0;

	/* the first gap of hold_ns at or after now among the others' holds */
	for (; i < lock->nr; i++) {
		const struct lock_hold *b = &lock->holds[i];

		if (b->start >= s + hold_ns)
			break;
		if (b->end > s && (b->owner != owner || !owner))
			s = b->end;
	}
	/* the holds after it start later still: keep them in order */
	while (i > 0 && lock->holds[i - 1].start > s)
		i--;
	lock_book(lock, i, s, hold_ns, owner);
	spin = s - now;
	lock->acquisitions++;
	if (spin) {
		lock->contended++;
		lock->spin_ns += spin;
	}
	lock_stat_account(lock->cls, spin);
	return spin;
}

#endif

// SPDX-License-Identifier: MIT
/*
 * shrinker.c - shrink_slab(): the reclaimable kernel caches (dentries,
 * inodes) that reclaim asks to give objects back in proportion to the LRU
 * pages it scanned.  The caches themselves live with their owners (the
 * kalloc workload with shrinker = on): their objects sit in slab pages
 * taken from the zones, so a freed slab page goes back to its zone and,
 * as any page freed there, clears the zone's pages_scanned and
 * all_unreclaimable.  Only the 2.6.35..4.15 ratio is modelled; 4.16's
 * priority-based target (Josef Bacik, "mm: use sc->priority for slab
 * shrink targets") is not.
 */
#include "internal.h"

/* register_shrinker() (v3.0): at the list's head, nothing deferred */
void register_shrinker(struct sim *sim, struct shrinker *s)
{
	s->nr = 0;
	s->next = sim->shrinkers;
	sim->shrinkers = s;
}

/* unregister_shrinker() (v3.0) */
void unregister_shrinker(struct sim *sim, struct shrinker *s)
{
	for (struct shrinker **p = &sim->shrinkers; *p; p = &(*p)->next) {
		if (*p == s) {
			*p = s->next;
			return;
		}
	}
}

/*
 * shrink_slab() (v2.6.35..v3.0, the same arithmetic to 4.15): each
 * shrinker's target grows by 4 x @nr_pages_scanned / seeks x its objects
 * / (@lru_pages + 1), at most twice its objects, and is scanned in
 * batches of SHRINK_BATCH objects; what is less than a batch is kept for
 * the next call (shrinker->nr).  A call that scanned no page counts as
 * SWAP_CLUSTER_MAX: kswapd's balance_pgdat of 2.6.x..2.6.39 called it
 * for every zone, shrunk or not, so slab kept shrinking while the zones
 * were left alone.  Returns the objects freed (the kernel's nr_slab);
 * the pages freed are added to *@reclaimed_slab.  Each batch may yield
 * the CPU (cond_resched); each object it scans costs shrink_object_ns
 * (prune_dcache's walk and free, measured by bench/shrinker-cost.py),
 * whether the cache freed it or found it in use, and the pages freed
 * free_ns each.
 */
unsigned long shrink_slab(struct task *t, unsigned long nr_pages_scanned, u64 lru_pages,
			  u64 *reclaimed_slab)
{
	struct sim *sim = t->sim;
	unsigned long ret = 0;

	if (!nr_pages_scanned)
		nr_pages_scanned = SWAP_CLUSTER_MAX;
	for (struct shrinker *s = sim->shrinkers; s; s = s->next) {
		unsigned long max_pass = s->count(sim, s->priv);
		u64 delta = (4ULL * nr_pages_scanned) / s->seeks;
		unsigned long total_scan;

		delta = delta * max_pass / (lru_pages + 1);
		s->nr += (unsigned long)delta;
		/* never try to free more than twice what the cache holds */
		if (s->nr > 2 * max_pass)
			s->nr = 2 * max_pass;
		total_scan = s->nr;
		s->nr = 0;
		while (total_scan >= SHRINK_BATCH) {
			u64 pages = 0;

			ret += s->scan(sim, s->priv, SHRINK_BATCH, &pages);
			sim->slabs_scanned += SHRINK_BATCH;
			total_scan -= SHRINK_BATCH;
			charge_sys(t, SHRINK_BATCH * sim->scn.cost.shrink_object_ns +
					      pages * sim->scn.cost.free_ns);
			*reclaimed_slab += pages;
			cond_resched(t);
		}
		s->nr += total_scan;
	}
	return ret;
}

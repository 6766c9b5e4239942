// SPDX-License-Identifier: MIT
/*
 * inner.c - the simulator's inner page work in a tight loop, without the
 * event engine, tasks, costs or policies: the floor a run's page events
 * per second can be held against (issue 27 asks for the ratio).  A
 * benchmark, not a test.
 *
 *   build/bench/inner [FRAMES [VPAGES [OPS]]]    (OPS default 20 M)
 *
 * FRAMES page frames (default 2097152, bench/anon-file-8g's 8 GiB of 4 KiB
 * pages) in the model's own struct page and pfn_list; one address space
 * of VPAGES virtual pages (default 1.5 x FRAMES) as a PTE array, touched
 * in random order.  A touch of a present PTE sets its young bit; a touch
 * of a missing one is a fault: a frame off the free list, the PTE set,
 * the page added to the head of the LRU.  With no free frame, reclaim
 * scans from the LRU's tail: a young page has its bit cleared and goes
 * back to the head (scanned), an old one is unmapped and freed (scanned
 * and stolen).  Operations = faults + pages scanned + pages stolen, the
 * same sum bench.c prints as page events for a run.
 */
#include <stdio.h>
#include <stdlib.h>

#include "clock.h"

#include "reclaimsim/reclaimsim.h"
#include "mm/sim.h"
#include "mm/internal.h"

/* xorshift64*: cheap, so the loop measures the page work */
static u64 rng(u64 *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

int main(int argc, char **argv)
{
	static struct sim sim; /* the mem_map only: what pfn_list reads */
	u32 frames = argc > 1 ? (u32)strtoul(argv[1], NULL, 0) : 2097152;
	u64 vpages = argc > 2 ? strtoull(argv[2], NULL, 0) : frames + frames / 2;
	u64 ops = argc > 3 ? strtoull(argv[3], NULL, 0) : 20000000;
	u64 faults = 0, scanned = 0, stolen = 0, touches = 0, seed = 88172645463325252ULL;
	struct pfn_list free_list, lru;
	pte_t *ptes;
	double t0, t1, c0, c1;

	if (!frames || vpages < frames) {
		fprintf(stderr, "usage: inner [FRAMES [VPAGES >= FRAMES [OPS]]]\n");
		return 2;
	}
	sim.mem_map = calloc(frames, sizeof(*sim.mem_map));
	ptes = calloc(vpages, sizeof(*ptes));
	if (!sim.mem_map || !ptes) {
		fprintf(stderr, "inner: out of memory\n");
		return 1;
	}
	sim.nr_pfns = frames;
	pfn_list_init(&free_list);
	pfn_list_init(&lru);
	for (u32 pfn = 0; pfn < frames; pfn++) {
		sim.mem_map[pfn].next = sim.mem_map[pfn].prev = NO_PFN;
		pfn_list_add_tail(&sim, &free_list, pfn);
	}
	t0 = now_s();
	c0 = cpu_s();
	while (faults + scanned + stolen < ops) {
		u64 vpn = rng(&seed) % vpages;
		struct page *page;
		u32 pfn;

		touches++;
		if (pte_present(ptes[vpn])) {
			ptes[vpn] |= PTE_YOUNG;
			continue;
		}
		/* reclaim from the tail until a frame is free */
		while (free_list.head == NO_PFN) {
			u32 victim = lru.tail;
			struct page *vp = pfn_to_page(&sim, victim);

			scanned++;
			pfn_list_del(&sim, &lru, victim);
			if (ptes[vp->index] & PTE_YOUNG) {
				ptes[vp->index] &= ~PTE_YOUNG;
				pfn_list_add(&sim, &lru, victim);
				continue;
			}
			ptes[vp->index] = 0;
			vp->mapcount = 0;
			ClearPageFlag(vp, PG_lru);
			pfn_list_add(&sim, &free_list, victim);
			stolen++;
		}
		/* the fault */
		pfn = free_list.head;
		pfn_list_del(&sim, &free_list, pfn);
		page = pfn_to_page(&sim, pfn);
		page->flags = (1u << PG_anon) | (1u << PG_swapbacked) | (1u << PG_lru);
		page->index = (u32)vpn;
		page->mapcount = 1;
		ptes[vpn] = pfn_pte(pfn) | PTE_YOUNG | PTE_DIRTY;
		pfn_list_add(&sim, &lru, pfn);
		faults++;
	}
	t1 = now_s();
	c1 = cpu_s();
	printf("frames              %u, virtual pages %llu, random touches\n", frames,
	       (unsigned long long)vpages);
	printf("touches             %llu\n", (unsigned long long)touches);
	printf("faults, scanned, stolen  %llu, %llu, %llu\n", (unsigned long long)faults,
	       (unsigned long long)scanned, (unsigned long long)stolen);
	printf("wall time, cpu time %.3f s, %.3f s\n", t1 - t0, c1 - c0);
	printf("page events per s   %.0f of wall, %.0f of CPU time (faults + scanned + stolen)\n",
	       (double)(faults + scanned + stolen) / (t1 - t0),
	       (double)(faults + scanned + stolen) / (c1 - c0));
	free(ptes);
	free(sim.mem_map);
	return 0;
}

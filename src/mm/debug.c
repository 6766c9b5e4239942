// SPDX-License-Identifier: MIT
/*
 * debug.c - consistency checks of the memory model, for tests and for
 * `--check` runs (the kernel's CONFIG_DEBUG_VM in spirit).  They walk every
 * page frame and PTE, so they cost O(frames + PTEs) per call; --check
 * spaces them by that (mm_verify_items).
 *
 *  - every managed frame is exactly one of: free in the buddy allocator,
 *    on an LRU list, isolated by a reclaimer, held by a task (between
 *    allocation and charge), on a per-CPU page list or kernel memory; the counters agree
 *    with the walk;
 *  - NR_FREE_PAGES and the zone/node LRU counters match the lists;
 *  - each memcg's usage equals the pages charged to its subtree plus the
 *    charge stocks of tasks in it;
 *  - every page's mapcount equals the PTEs that map it, each mm's RSS
 *    counters equal its PTEs, NR_ANON_MAPPED/NR_FILE_MAPPED count the
 *    mapped pages.
 */
#include <stdio.h>
#include <stdlib.h>

#include "internal.h"

static int fail(char *err, size_t errlen, const char *what, long long a, long long b)
{
	snprintf(err, errlen, "%s: %lld != %lld", what, a, b);
	return -1;
}

/*
 * The swap map against its users: a slot's count is the PTEs holding its
 * swap entry, SWAP_HAS_CACHE is set exactly when the swap cache holds a
 * page for it (that page in PG_swapcache, pointing back at the slot), and
 * inuse_pages counts the slots in use.  A slot nobody refers to is leaked
 * swap space: the class of bug that fills swap without freeing memory.
 */
static int verify_swap(struct sim *sim, char *err, size_t errlen)
{
	struct swap_info_struct *si = sim->swap;
	u32 *refs;
	u64 inuse = 0;
	int rc = 0;

	if (!si)
		return 0;
	refs = calloc(si->max, sizeof(*refs));
	if (!refs)
		return fail(err, errlen, "out of memory", 0, 0);
	for (unsigned int i = 0; i < sim->nr_mms; i++) {
		const struct mm_struct *mm = sim->mms[i];

		for (unsigned int v = 0; v < mm->nr_vmas; v++) {
			const struct vm_area_struct *vma = &mm->vmas[v];

			for (u64 p = 0; p < vma->vm_end - vma->vm_start; p++)
				if (pte_swap(pte_offset_get(vma, vma->vm_start + p)) &&
				    pte_slot(pte_offset_get(vma, vma->vm_start + p)) < si->max)
					refs[pte_slot(pte_offset_get(vma, vma->vm_start + p))]++;
		}
	}
	for (u64 slot = 1; slot < si->max && !rc; slot++) {
		u8 map = si->swap_map[slot];
		u64 e = xa_load(&si->swap_cache, slot);
		bool cached = e && !xa_is_value(e);

		inuse += map != 0;
		if ((u32)(map & ~SWAP_HAS_CACHE) != refs[slot])
			rc = fail(err, errlen, "swap_map count vs PTEs with the slot's entry",
				  map & ~SWAP_HAS_CACHE, refs[slot]);
		else if (!!(map & SWAP_HAS_CACHE) != cached)
			rc = fail(err, errlen, "SWAP_HAS_CACHE vs a page in the swap cache",
				  !!(map & SWAP_HAS_CACHE), cached);
		else if (cached && (!PageFlag(&sim->mem_map[e - 1], PG_swapcache) ||
				    sim->mem_map[e - 1].private != slot))
			rc = fail(err, errlen, "swap cache page vs its slot", (long long)slot,
				  (long long)sim->mem_map[e - 1].private);
	}
	if (!rc && inuse != si->inuse_pages)
		rc = fail(err, errlen, "swap inuse_pages vs slots in use",
			  (long long)si->inuse_pages, (long long)inuse);
	free(refs);
	return rc;
}

/* The PTEs of every mm against mapcounts, RSS counters and NR_*_MAPPED. */
static int verify_mappings(struct sim *sim, char *err, size_t errlen)
{
	u32 *ptes = calloc(sim->nr_pfns, sizeof(*ptes));
	long mapped[2] = { 0, 0 }, counted[2] = { 0, 0 };
	int rc = 0;

	if (!ptes)
		return fail(err, errlen, "out of memory", 0, 0);
	for (unsigned int i = 0; i < sim->nr_mms; i++) {
		struct mm_struct *mm = sim->mms[i];
		long rss[NR_MM_COUNTERS] = { 0 };

		for (unsigned int v = 0; v < mm->nr_vmas; v++) {
			const struct vm_area_struct *vma = &mm->vmas[v];

			for (u64 p = 0; p < vma->vm_end - vma->vm_start; p++) {
				pte_t pte = pte_offset_get(vma, vma->vm_start + p);

				if (pte_swap(pte))
					rss[MM_SWAPENTS]++;
				if (!pte_present(pte))
					continue;
				ptes[pte_pfn(pte)]++;
				rss[PageFlag(&sim->mem_map[pte_pfn(pte)], PG_anon) ? MM_ANONPAGES :
										     MM_FILEPAGES]++;
			}
		}
		for (int c = 0; c < NR_MM_COUNTERS; c++)
			if (rss[c] != mm->rss_stat[c])
				rc = fail(err, errlen, "mm rss_stat vs its PTEs", mm->rss_stat[c],
					  rss[c]);
	}
	for (u32 pfn = 0; pfn < sim->nr_pfns; pfn++) {
		const struct page *page = &sim->mem_map[pfn];

		if (PageFlag(page, PG_buddy))
			continue;
		if (page_mapcount(sim, pfn) != ptes[pfn])
			rc = fail(err, errlen, "page mapcount vs PTEs mapping it",
				  page_mapcount(sim, pfn), ptes[pfn]);
		if (page->mapcount)
			counted[PageFlag(page, PG_anon)]++;
	}
	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		mapped[1] += sim->nodes[n].vm_stat[NR_ANON_MAPPED];
		mapped[0] += sim->nodes[n].vm_stat[NR_FILE_MAPPED];
	}
	if (mapped[1] != counted[1])
		rc = fail(err, errlen, "NR_ANON_MAPPED vs mapped anon pages", mapped[1],
			  counted[1]);
	if (mapped[0] != counted[0])
		rc = fail(err, errlen, "NR_FILE_MAPPED vs mapped file pages", mapped[0],
			  counted[0]);
	free(ptes);
	return rc;
}

int mm_verify(struct sim *sim, char *err, size_t errlen)
{
	u64 managed = 0, free_pages = 0, lru = 0, isolated = 0, held = 0, other = 0;
	u64 *memcg_pages = calloc(sim->nr_memcgs, sizeof(u64));
	u64 *memcg_expect = calloc(sim->nr_memcgs, sizeof(u64));
	u64 free_blocks = 0, free_listed = 0;
	int rc = 0;

	if (!memcg_pages || !memcg_expect) {
		free(memcg_pages);
		free(memcg_expect);
		return fail(err, errlen, "out of memory", 0, 0);
	}
	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		struct pglist_data *pgdat = &sim->nodes[n];
		long node_lru[NR_LRU_LISTS] = { 0 };

		for (int z = 0; z < MAX_NR_ZONES; z++) {
			struct zone *zone = &pgdat->node_zones[z];
			long zlru[NR_LRU_LISTS] = { 0 };
			u64 zfree = 0;

			managed += zone->managed_pages;
			for (unsigned int o = 0; o < NR_PAGE_ORDERS; o++)
				for (int mt = 0; mt < MIGRATE_TYPES; mt++)
					for (u32 p = zone->free_area[o].free_list[mt].head;
					     p != NO_PFN; p = sim->mem_map[p].next) {
						zfree += 1ULL << o;
						/* v6.10+: a free block sits on its pageblock's list */
						if (get_pfnblock_migratetype(sim, zone, p) != mt)
							rc = fail(
								err, errlen,
								"free block's list vs its pageblock type",
								mt,
								get_pfnblock_migratetype(sim, zone,
											 p));
					}
			if ((long)zfree != zone->vm_stat[NR_FREE_PAGES])
				rc = fail(err, errlen, "zone NR_FREE_PAGES vs free lists",
					  zone->vm_stat[NR_FREE_PAGES], (long long)zfree);
			free_pages += zfree;
			for (unsigned int m = 0; m < sim->nr_memcgs; m++)
				for (int l = 0; l < NR_LRU_LISTS; l++)
					zlru[l] += (long)mem_cgroup_lruvec(sim->memcgs[m], pgdat)
							   ->zone_nr[z][l];
			for (int l = 0; l < NR_LRU_LISTS; l++) {
				if (zlru[l] != zone->vm_stat[NR_ZONE_LRU_BASE + l])
					rc = fail(err, errlen, "zone LRU counter vs lruvecs",
						  zone->vm_stat[NR_ZONE_LRU_BASE + l], zlru[l]);
				node_lru[l] += zlru[l];
			}
		}
		for (int l = 0; l < NR_LRU_LISTS; l++) {
			if (node_lru[l] != pgdat->vm_stat[NR_LRU_BASE + l])
				rc = fail(err, errlen, "node LRU counter vs lruvecs",
					  pgdat->vm_stat[NR_LRU_BASE + l], node_lru[l]);
			lru += (u64)node_lru[l];
		}
		isolated +=
			(u64)(pgdat->vm_stat[NR_ISOLATED_ANON] + pgdat->vm_stat[NR_ISOLATED_FILE]);
	}
	for (unsigned int i = 0; i < sim->eng.nr_tasks; i++) {
		const struct mm_task *mt = mm_task(sim->eng.tasks[i]);

		if (mt->held_pfn != NO_PFN)
			held += folio_nr_pages(&sim->mem_map[mt->held_pfn]);
	}
	held += sim->nr_kernel_pages;
	/* pages on the per-CPU lists: neither buddy nor LRU, like held ones */
	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		for (int z = 0; z < MAX_NR_ZONES; z++)
			held += zone_pcp_pages(sim, &sim->nodes[n].node_zones[z]);

	for (u32 pfn = 0; pfn < sim->nr_pfns; pfn++) {
		struct page *page = &sim->mem_map[pfn];

		if (PageFlag(page, PG_buddy)) {
			/* only the head of a free block is marked */
			free_blocks += 1ULL << page->order;
			pfn += (1U << page->order) - 1;
			continue;
		}
		/* a tail page is where its folio's head is */
		if (PageFlag(page, PG_tail))
			page = &sim->mem_map[page->private];
		if (!PageFlag(page, PG_lru) && !PageFlag(page, PG_isolated))
			other++;
		if (page->memcg_id != MEMCG_ID_NONE && page->memcg_id < sim->nr_memcgs)
			memcg_pages[page->memcg_id]++;
	}
	free_listed = free_blocks;
	if (free_listed != free_pages)
		rc = fail(err, errlen, "PG_buddy blocks vs free lists", (long long)free_listed,
			  (long long)free_pages);
	if (free_pages + lru + isolated + held != managed)
		rc = fail(err, errlen, "free + lru + isolated + held vs managed",
			  (long long)(free_pages + lru + isolated + held), (long long)managed);
	if (other != held)
		rc = fail(err, errlen,
			  "pages neither free, on an LRU nor isolated vs held by tasks",
			  (long long)other, (long long)held);
	/*
	 * hierarchical: each group's pages and each CPU's stock count in it
	 * and every ancestor (O(groups x depth), not O(groups^2))
	 */
	for (unsigned int m = sim->nr_memcgs; m-- > 0;)
		for (struct mem_cgroup *a = sim->memcgs[m]->parent; a; a = a->parent)
			memcg_expect[a->id] += memcg_pages[m];
	for (unsigned int m = 0; m < sim->nr_memcgs; m++)
		memcg_expect[m] += memcg_pages[m];
	for (unsigned int c = 0; c < sim->eng.nr_cpus; c++) {
		const struct memcg_stock *stock = &sim->mm_cpus[c].stock;

		for (struct mem_cgroup *a = stock->memcg; a; a = a->parent)
			memcg_expect[a->id] += stock->nr;
	}
	for (unsigned int m = 0; m < sim->nr_memcgs; m++) {
		struct mem_cgroup *memcg = sim->memcgs[m];

		if (memcg->memory.usage != memcg_expect[m])
			rc = fail(err, errlen, "memcg usage vs charged pages",
				  (long long)memcg->memory.usage, (long long)memcg_expect[m]);
	}
	free(memcg_expect);
	free(memcg_pages);
	if (verify_mappings(sim, err, errlen))
		rc = -1;
	if (verify_swap(sim, err, errlen))
		rc = -1;
	return rc;
}

/*
 * The items mm_verify() visits, roughly: frames and PTE slots twice, swap
 * slots, each group's lruvec per zone, tasks.  --check spaces its checks
 * by it.
 */
u64 mm_verify_items(const struct sim *sim)
{
	u64 items = 2ULL * sim->nr_pfns + sim->eng.nr_tasks +
		    (u64)sim->nr_memcgs * sim->nr_nodes * MAX_NR_ZONES;

	for (unsigned int i = 0; i < sim->nr_mms; i++)
		for (unsigned int v = 0; v < sim->mms[i]->nr_vmas; v++)
			items += 2 * (sim->mms[i]->vmas[v].vm_end - sim->mms[i]->vmas[v].vm_start);
	if (sim->swap)
		items += sim->swap->max;
	return items;
}

/* dump_page() (mm/debug.c): what a VM_BUG_ON_PAGE prints before it stops. */
void dump_page(const struct page *page, const char *reason)
{
	static const char *const names[NR_PAGEFLAGS] = {
		[PG_locked] = "locked",
		[PG_referenced] = "referenced",
		[PG_dirty] = "dirty",
		[PG_lru] = "lru",
		[PG_active] = "active",
		[PG_workingset] = "workingset",
		[PG_writeback] = "writeback",
		[PG_reclaim] = "reclaim",
		[PG_swapbacked] = "swapbacked",
		[PG_swapcache] = "swapcache",
		[PG_unevictable] = "unevictable",
		[PG_mlocked] = "mlocked",
		[PG_anon] = "anon",
		[PG_buddy] = "buddy",
		[PG_isolated] = "isolated",
		[PG_fbatch] = "fbatch",
		[PG_readahead] = "readahead",
	};

	fprintf(stderr, "page: flags %#x(", page->flags);
	for (int f = 0, n = 0; f < NR_PAGEFLAGS; f++)
		if (PageFlag(page, (enum pageflags)f))
			fprintf(stderr, "%s%s", n++ ? "|" : "", names[f]);
	fprintf(stderr, ") next %#x prev %#x mapping %#x index %#x private %#x", page->next,
		page->prev, page->mapping_id, page->index, page->private);
	fprintf(stderr, " memcg %u order %u mapcount %u\n", page->memcg_id, page->order,
		page->mapcount);
	fprintf(stderr, "page dumped because: %s\n", reason);
}

/*
 * The model's printk(): the line goes to sim->kmsg (report.c prints it
 * with the run's results).  Host memory shortage drops the line and
 * counts it, as a full ring buffer loses messages.
 */
void kmsg_log(struct sim *sim, u64 t_ns, const char *text)
{
	struct kmsg *k = &sim->kmsg;

	if (k->nr == k->cap) {
		size_t cap = k->cap ? 2 * k->cap : 16;
		struct kmsg_line *l;

		if (cap > KMSG_MAX_LINES || !(l = realloc(k->lines, cap * sizeof(*l)))) {
			k->dropped++;
			return;
		}
		k->lines = l;
		k->cap = cap;
	}
	k->lines[k->nr].t_ns = t_ns;
	snprintf(k->lines[k->nr].text, sizeof(k->lines[k->nr].text), "%s", text);
	k->nr++;
}

// SPDX-License-Identifier: MIT
/*
 * rmap.c - reverse mapping (mm/rmap.c; v6.12, and v2.6.25 where the
 * anon_vma differs): from a page to the PTEs that map it.
 *
 * Anonymous pages are filed under an anon_vma (page->mapping_id), the
 * list of mms that may map them; a page's virtual page number is the same
 * in every mm of a fork family, so the walk looks up that PTE in each mm
 * on the list until it has found all mappings.  Before 2.6.34 a forked
 * child joined its parent's anon_vma, so every page of a family of
 * processes is found by walking past all of its siblings, under one
 * spinlock; v2.6.34+ gives the child an anon_vma of its own.
 * File pages: the walk visits the VMAs on the file's i_mmap.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "../sim/config.h"
#include "../sim/scenario.h"

/* Add @mm to the anon_vma @av (and to @mm's chain). */
static int anon_vma_chain_link(struct sim *sim, struct mm_struct *mm, u32 av_id)
{
	struct anon_vma *av = &sim->anon_vmas[av_id];
	u32 *chain = realloc(mm->av_chain, (mm->nr_av_chain + 1) * sizeof(*chain));

	if (!chain)
		return -ENOMEM;
	mm->av_chain = chain;
	if (av->nr_mms == av->cap_mms) {
		u32 cap = av->cap_mms ? av->cap_mms * 2 : 4;
		u32 *v = realloc(av->mms, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		av->mms = v;
		av->cap_mms = cap;
	}
	av->mms[av->nr_mms++] = mm->id; /* list_add_tail: walked after the elders */
	if (av->nr_mms == 2 && !sim->rmap_owner) {
		sim->rmap_owner = calloc(sim->nr_pfns, sizeof(*sim->rmap_owner));
		if (!sim->rmap_owner)
			return -ENOMEM;
	}
	mm->av_chain[mm->nr_av_chain++] = av_id;
	return 0;
}

/*
 * anon_vma_prepare() for a new mm, anon_vma_fork() / anon_vma_link()
 * (before 2.6.34) for a child of @parent (NULL: not forked).
 */
int anon_vma_link(struct sim *sim, struct mm_struct *mm, struct mm_struct *parent)
{
	if (parent && !sim->scn.policy.anon_vma_chain) {
		mm->anon_vma = parent->anon_vma;
		return anon_vma_chain_link(sim, mm, parent->anon_vma);
	}
	if (parent) {
		for (unsigned int i = 0; i < parent->nr_av_chain; i++)
			if (anon_vma_chain_link(sim, mm, parent->av_chain[i]))
				return -ENOMEM;
	}
	sim->anon_vmas[mm->id].root = parent ? sim->anon_vmas[parent->anon_vma].root : mm->id;
	sim->anon_vmas[mm->id].lock.cls = &sim->lock_stat[LOCK_ANON_VMA];
	mm->anon_vma = mm->id;
	return anon_vma_chain_link(sim, mm, mm->id);
}

/* __folio_set_anon(): a page that may be shared goes to the root. */
u32 anon_vma_for_new_page(struct sim *sim, struct mm_struct *mm, bool exclusive)
{
	return exclusive ? mm->anon_vma : sim->anon_vmas[mm->anon_vma].root;
}

/* unlink_anon_vmas(): @mm is torn down; it maps nothing any more. */
void anon_vma_unlink(struct sim *sim, struct mm_struct *mm)
{
	for (unsigned int c = 0; c < mm->nr_av_chain; c++) {
		struct anon_vma *av = &sim->anon_vmas[mm->av_chain[c]];

		for (u32 i = 0; i < av->nr_mms; i++) {
			if (av->mms[i] == mm->id) {
				memmove(&av->mms[i], &av->mms[i + 1],
					(av->nr_mms - i - 1) * sizeof(*av->mms));
				av->nr_mms--;
				break;
			}
		}
	}
	free(mm->av_chain);
	mm->av_chain = NULL;
	mm->nr_av_chain = 0;
}

/*
 * The host-side hint beside the mapcount (not a kernel mechanism): bit
 * @pfn of sim->maybe_shared is set whenever the frame has more than one
 * mapping or is in the swap cache, the two cases in which
 * folio_maybe_shared() can be true (a slot's other references come from
 * unmapping a mapper of the page, and the page is in the swap cache
 * then).  It is set again on every mapcount change, and may stay set
 * after the swap cache lets the page go.  A write to a present page
 * looks at the bit before struct page: 1 bit a frame stays in the host's
 * cache where the frame array does not.
 */
static void page_shared_hint(struct sim *sim, u32 pfn, unsigned int mapcount)
{
	u64 bit = 1ULL << (pfn % 64);

	if (mapcount > 1 || PageFlag(pfn_to_page(sim, pfn), PG_swapcache))
		sim->maybe_shared[pfn / 64] |= bit;
	else
		sim->maybe_shared[pfn / 64] &= ~bit;
}

static unsigned int __page_mapcount_inc(struct sim *sim, u32 pfn);

unsigned int page_mapcount_inc(struct sim *sim, u32 pfn)
{
	unsigned int mapcount = __page_mapcount_inc(sim, pfn);

	page_shared_hint(sim, pfn, mapcount);
	return mapcount;
}

/*
 * One PTE more mapping frame @pfn (the kernel's atomic_inc of
 * _mapcount); the new count.  The MAPCOUNT_EXT-th mapper moves the count
 * to sim->mapcount_ext, allocated then: most runs never need it.
 */
static unsigned int __page_mapcount_inc(struct sim *sim, u32 pfn)
{
	struct page *page = pfn_to_page(sim, pfn);

	if (page->mapcount < MAPCOUNT_EXT - 1)
		return ++page->mapcount;
	if (!sim->mapcount_ext && !(sim->mapcount_ext = calloc(sim->nr_pfns, sizeof(u32)))) {
		sim_fail(sim, "out of memory for the mapcounts of widely shared pages");
		return page->mapcount;
	}
	if (page->mapcount == MAPCOUNT_EXT - 1) {
		page->mapcount = MAPCOUNT_EXT;
		sim->mapcount_ext[pfn] = MAPCOUNT_EXT;
		return MAPCOUNT_EXT;
	}
	return ++sim->mapcount_ext[pfn];
}

/* One PTE fewer mapping frame @pfn; the new count. */
unsigned int page_mapcount_dec(struct sim *sim, u32 pfn)
{
	struct page *page = pfn_to_page(sim, pfn);
	unsigned int mapcount;

	if (page->mapcount != MAPCOUNT_EXT) {
		mapcount = --page->mapcount;
	} else {
		if (--sim->mapcount_ext[pfn] < MAPCOUNT_EXT)
			page->mapcount = (u8)sim->mapcount_ext[pfn];
		mapcount = sim->mapcount_ext[pfn];
	}
	page_shared_hint(sim, pfn, mapcount);
	return mapcount;
}

/* vma_interval_tree_insert(): the VMA @vma_idx of @mm maps @mapping. */
int i_mmap_insert(struct address_space *mapping, struct mm_struct *mm, u32 vma_idx)
{
	if (mapping->nr_mmap == mapping->cap_mmap) {
		unsigned int cap = mapping->cap_mmap ? mapping->cap_mmap * 2 : 4;
		void *v = realloc(mapping->i_mmap, cap * sizeof(*mapping->i_mmap));

		if (!v)
			return -ENOMEM;
		mapping->i_mmap = v;
		mapping->cap_mmap = cap;
	}
	mapping->i_mmap[mapping->nr_mmap].mm = mm->id;
	mapping->i_mmap[mapping->nr_mmap].vma = vma_idx;
	mapping->nr_mmap++;
	return 0;
}

void i_mmap_remove(struct address_space *mapping, struct mm_struct *mm, u32 vma_idx)
{
	for (unsigned int i = 0; i < mapping->nr_mmap; i++) {
		if (mapping->i_mmap[i].mm == mm->id && mapping->i_mmap[i].vma == vma_idx) {
			mapping->i_mmap[i] = mapping->i_mmap[--mapping->nr_mmap];
			return;
		}
	}
}

/*
 * unlink_file_vma() (v2.6.25: __remove_shared_vm_struct under
 * spin_lock(&mapping->i_mmap_lock); v3.19+ under i_mmap_lock_write):
 * @mm's VMA @vma_idx leaves its file's i_mmap.  The writer holds the lock
 * exclusively under either policy, for rmap_vma_ns: the model's price of
 * one VMA of a mapping's tree, which a walk pays per VMA it passes.  A
 * task tearing down its own mm (its exit, munmap) takes the lock and pays
 * for it; an OOM victim's teardown is not its killer's work and is not
 * timed (exit_mmap).  The mmaps and forks that insert VMAs all happen
 * when the workloads' tasks are made, before virtual time starts, so
 * their side of the lock (__vma_link_file) is never timed.
 */
void unlink_file_vma(struct sim *sim, struct mm_struct *mm, u32 vma_idx)
{
	struct address_space *mapping = mm->vmas[vma_idx].vm_file;
	struct task *t = sim->eng.current;

	if (t && t->mm == mm) {
		spin_lock_hold(sim, &mapping->i_mmap_lock, sim->scn.cost.rmap_vma_ns);
		charge_sys(t, sim->scn.cost.rmap_vma_ns);
	}
	i_mmap_remove(mapping, mm, vma_idx);
}

/* One mapping found by the walk. */
struct rmap_hit {
	struct mm_struct *mm;
	struct vm_area_struct *vma;
	pte_t *pte;
};

/* page_vma_mapped_walk() (v6.12) for one PTE: that of @vpn in @vma, if it maps @pfn. */
static pte_t *vma_pte_maps(struct vm_area_struct *vma, u64 vpn, u32 pfn)
{
	pte_t *pte;

	if (!vma || vpn < vma->vm_start || vpn >= vma->vm_end)
		return NULL;
	pte = pte_offset_map(vma, vpn);
	return pte && pte_present(*pte) && pte_pfn(*pte) == pfn ? pte : NULL;
}

/*
 * rmap_walk() (v6.12 rmap_walk_anon / rmap_walk_file; v2.6.25
 * page_referenced_anon / try_to_unmap_anon): call @fn for each PTE
 * mapping @pfn until @fn returns false or every mapping has been found;
 * the first mapping looked at costs rmap_ns (the walk's setup and lock
 * included), each further one rmap_vma_ns (vma_address and the page
 * table lookup in that mm).  An anon walk holds the
 * anon_vma's lock throughout: a spinlock before 3.9 (other walkers of the
 * same anon_vma spin), a read lock since (no one waits).
 */
static u64 rmap_walk_cost(const struct sim *sim, unsigned int visited)
{
	return visited ? sim->scn.cost.rmap_ns + (visited - 1) * sim->scn.cost.rmap_vma_ns : 0;
}

/* The anon walk's lock hold of @visited mms, charged to @t. */
static void rmap_walk_anon_charge(struct task *t, struct anon_vma *av, unsigned int visited)
{
	u64 hold = rmap_walk_cost(t->sim, visited);

	if (t->sim->scn.policy.anon_vma_lock_exclusive)
		charge_sys(t, sim_lock_acquire(t->sim, &av->lock, task_now(t), hold, t));
	charge_sys(t, hold);
}

/*
 * The file walk's hold of the mapping's i_mmap lock, from @start for the
 * walk's cost of @visited VMAs (v2.6.28 page_referenced_file /
 * try_to_unmap_file: spin_lock(&mapping->i_mmap_lock); v3.0-3.18
 * i_mmap_mutex, whose waiter spins while the holder runs, as mutexes do
 * from v2.6.30; v3.19+ rmap_walk_file's i_mmap_lock_read, where walkers
 * do not wait for each other).  The walk already charged its cost; a
 * wait for another walker's hold is charged after it (the step books its
 * holds at its own clock).  The writers: unlink_file_vma above.
 */
static void rmap_walk_file_lock(struct task *t, struct address_space *mapping, u64 start,
				unsigned int visited)
{
	if (t->sim->scn.policy.i_mmap_lock_exclusive && visited)
		charge_sys(t, sim_lock_acquire(t->sim, &mapping->i_mmap_lock, start,
					       rmap_walk_cost(t->sim, visited), t));
}

/*
 * The walk's host-side shortcut (not a kernel mechanism): a page mapped
 * once remembers the mm that mapped it (sim->rmap_owner, its id + 1).
 * While that mm still maps the page and the mapcount is 1, the full walk
 * would visit the mms ahead of it on the anon_vma, find no mapping there
 * and stop at it: the same hit at the same cost, found without looking up
 * every sibling's VMA.  An anon_vma's list is in mm id order (mms join at
 * creation, ids only grow, exits keep the order), so the mm's place on it
 * is a binary search.  A stale owner (the page freed and reused, mapped
 * by another mm since) fails the checks and the full walk runs, noting
 * the owner it finds.  The array exists once some anon_vma has two mms.
 */
void rmap_note_mapper(struct sim *sim, u32 pfn, const struct mm_struct *mm)
{
	if (sim->rmap_owner)
		sim->rmap_owner[pfn] = mm->id + 1;
}

/* The place of mm @id on @av's list, or -1. */
static long anon_vma_mm_index(const struct anon_vma *av, u32 id)
{
	u32 lo = 0, hi = av->nr_mms;

	while (lo < hi) {
		u32 mid = lo + (hi - lo) / 2;

		if (av->mms[mid] < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < av->nr_mms && av->mms[lo] == id ? (long)lo : -1;
}

static bool rmap_walk_owner(struct task *t, u32 pfn, struct anon_vma *av,
			    bool (*fn)(struct task *, u32, struct rmap_hit *, void *), void *arg)
{
	struct sim *sim = t->sim;
	u64 vpn = pfn_to_page(sim, pfn)->index;
	struct rmap_hit hit;
	long idx;

	if (!sim->rmap_owner || !sim->rmap_owner[pfn])
		return false;
	idx = anon_vma_mm_index(av, sim->rmap_owner[pfn] - 1);
	if (idx < 0)
		return false;
	hit.mm = sim->mms[av->mms[idx]];
	hit.vma = find_vma(hit.mm, vpn);
	hit.pte = vma_pte_maps(hit.vma, vpn, pfn);
	if (!hit.pte)
		return false;
	fn(t, pfn, &hit, arg);
	rmap_walk_anon_charge(t, av, (unsigned int)idx + 1);
	return true;
}

static void rmap_walk(struct task *t, u32 pfn,
		      bool (*fn)(struct task *, u32, struct rmap_hit *, void *), void *arg)
{
	struct sim *sim = t->sim;
	struct page *page = pfn_to_page(sim, pfn);
	unsigned int left = page_mapcount(sim, pfn), visited = 0;
	struct rmap_hit hit;

	if (!left)
		return;
	if (PageFlag(page, PG_anon)) {
		struct anon_vma *av;

		if (page->mapping_id == NO_MM)
			return;
		av = &sim->anon_vmas[page->mapping_id];
		if (left == 1 && rmap_walk_owner(t, pfn, av, fn, arg))
			return;
		for (u32 i = 0; i < av->nr_mms && left; i++) {
			hit.mm = sim->mms[av->mms[i]];
			hit.vma = find_vma(hit.mm, page->index);
			visited++;
			hit.pte = vma_pte_maps(hit.vma, page->index, pfn);
			if (!hit.pte)
				continue;
			left--;
			if (page->mapcount == 1)
				rmap_note_mapper(sim, pfn, hit.mm);
			if (!fn(t, pfn, &hit, arg))
				break;
		}
		rmap_walk_anon_charge(t, av, visited);
		return;
	}
	{
		struct address_space *mapping = sim->files[page->mapping_id];
		u64 start = task_now(t);

		for (unsigned int i = 0; i < mapping->nr_mmap && left; i++) {
			hit.mm = sim->mms[mapping->i_mmap[i].mm];
			hit.vma = &hit.mm->vmas[mapping->i_mmap[i].vma];
			visited++;
			charge_sys(t, i ? sim->scn.cost.rmap_vma_ns : sim->scn.cost.rmap_ns);
			if (page->index < hit.vma->vm_pgoff)
				continue;
			hit.pte = vma_pte_maps(
				hit.vma, hit.vma->vm_start + page->index - hit.vma->vm_pgoff, pfn);
			if (!hit.pte)
				continue;
			left--;
			if (!fn(t, pfn, &hit, arg))
				break;
		}
		rmap_walk_file_lock(t, mapping, start, visited);
	}
}

/*
 * @referenced counts the mappings with a young PTE of the folio, not the
 * PTEs (v6.12 folio_referenced_one: one a VMA walk); @seen holds the
 * mappings of a large folio counted so far, whose pages are walked one by one.
 */
#define REFERENCED_SEEN 8
struct referenced_arg {
	int referenced;
	unsigned long vm_flags;
	unsigned int nr_seen;
	const struct vm_area_struct *seen[REFERENCED_SEEN];
};

/* Count @vma's young PTE, once a folio. */
static void referenced_vma(struct referenced_arg *ra, const struct vm_area_struct *vma)
{
	for (unsigned int i = 0; i < ra->nr_seen; i++)
		if (ra->seen[i] == vma)
			return;
	if (ra->nr_seen < REFERENCED_SEEN)
		ra->seen[ra->nr_seen++] = vma;
	ra->referenced++;
}

/*
 * folio_referenced_one() (v6.12): test and clear the young bit.  A
 * mapping madvised MADV_SEQUENTIAL or MADV_RANDOM (seq_read_references):
 * v6.3+ invalid_folio_referenced_vma() leaves it out of the walk (no
 * vma_has_recency); v2.6.29..6.2 clear a VM_SEQ_READ mapping's young bit
 * without counting it, "if the folio has been used in another mapping,
 * we will catch it"; before, every mapping counted.
 */
static bool folio_referenced_one(struct task *t, u32 pfn, struct rmap_hit *hit, void *arg)
{
	struct referenced_arg *ra = arg;
	unsigned long vm_flags = hit->vma->vm_flags;
	enum seq_read_refs_policy p = t->sim->scn.policy.seq_read_references;

	(void)pfn;
	if (p == SEQ_READ_REFS_SKIPPED && (vm_flags & (VM_SEQ_READ | VM_RAND_READ)))
		return true;
	if (*hit->pte & PTE_YOUNG) {
		*hit->pte &= ~PTE_YOUNG;
		if (p != SEQ_READ_REFS_IGNORED || !(vm_flags & VM_SEQ_READ))
			referenced_vma(ra, hit->vma);
	}
	ra->vm_flags |= vm_flags;
	return true;
}

/* folio_referenced() (v6.12): the mappings that used the folio, any of its pages */
int folio_referenced(struct task *t, u32 pfn, unsigned long *vm_flags)
{
	struct referenced_arg ra;
	unsigned int nr = folio_nr_pages(pfn_to_page(t->sim, pfn));

	/* seen[] is read only up to nr_seen: not cleared (a hot path) */
	ra.referenced = 0;
	ra.vm_flags = 0;
	ra.nr_seen = 0;
	for (unsigned int i = 0; i < nr; i++)
		rmap_walk(t, pfn + i, folio_referenced_one, &ra);
	*vm_flags = ra.vm_flags;
	return ra.referenced;
}

/* Clear a PTE that maps @pfn; the flush follows the tlb_flush policy. */
static pte_t ptep_clear(struct task *t, struct rmap_hit *hit)
{
	pte_t pteval = *hit->pte;

	*hit->pte = 0;
	/* should_defer_flush(): batching is for reclaim (TTU_BATCH_FLUSH) */
	if (t->sim->scn.policy.tlb_flush == TLB_FLUSH_BATCHED)
		set_tlb_ubc_flush_pending(t, hit->mm, pteval & PTE_DIRTY);
	else
		flush_tlb_mm_range(t, hit->mm); /* ptep_clear_flush() */
	return pteval;
}

/* folio_remove_rmap_pte() (v6.12): one mapping fewer. */
static void folio_remove_rmap_pte(struct sim *sim, u32 pfn)
{
	if (page_mapcount_dec(sim, pfn))
		return;
	mod_lruvec_page_state(
		sim, pfn,
		PageFlag(pfn_to_page(sim, pfn), PG_anon) ? NR_ANON_MAPPED : NR_FILE_MAPPED, -1);
}

/*
 * try_to_unmap_one() (v6.12) for one mapping: clear the PTE (a dirty PTE
 * dirties the page) and leave what the page's kind needs in its place.
 */
static bool try_to_unmap_one(struct task *t, u32 pfn, struct rmap_hit *hit, void *arg)
{
	struct sim *sim = t->sim;
	struct page *page = pfn_to_page(sim, pfn);
	enum ttu_flags flags = *(enum ttu_flags *)arg;
	pte_t pteval;

	if (hit->vma->vm_flags & VM_LOCKED)
		return false;
	pteval = ptep_clear(t, hit);
	/* file mappings are read-only here: only anon PTEs are ever dirty */
	if (pteval & PTE_DIRTY)
		SetPageFlag(page, PG_dirty);
	if (!PageFlag(page, PG_anon)) {
		hit->mm->rss_stat[MM_FILEPAGES]--;
	} else if (!PageFlag(page, PG_swapbacked)) {
		/* MADV_FREE page: discard if clean, else it is anon again */
		if (PageFlag(page, PG_dirty)) {
			*hit->pte = pteval;
			SetPageFlag(page, PG_swapbacked);
			return false;
		}
		hit->mm->rss_stat[MM_ANONPAGES]--;
	} else if ((flags & TTU_FREE) && !PageFlag(page, PG_dirty)) {
		/* v4.5-4.11: a clean page just added to swap was MADV_FREEd */
		hit->mm->rss_stat[MM_ANONPAGES]--;
	} else if (PageFlag(page, PG_swapcache)) {
		u64 slot = page->private;

		VM_BUG_ON((sim->swap->swap_map[slot] & ~SWAP_HAS_CACHE) >= SWAP_HAS_CACHE - 1);
		sim->swap->swap_map[slot]++; /* swap_duplicate() */
		*hit->pte = swp_entry_pte(slot);
		hit->mm->rss_stat[MM_ANONPAGES]--;
		hit->mm->rss_stat[MM_SWAPENTS]++;
	} else {
		/* an anon page without a swap slot cannot be unmapped */
		*hit->pte = pteval;
		return false;
	}
	folio_remove_rmap_pte(sim, pfn);
	return true;
}

/* try_to_unmap() (v6.12): every PTE of every page of the folio; true if none is left */
noinline bool try_to_unmap(struct task *t, u32 pfn, enum ttu_flags flags)
{
	unsigned int nr = folio_nr_pages(pfn_to_page(t->sim, pfn));

	for (unsigned int i = 0; i < nr; i++)
		rmap_walk(t, pfn + i, try_to_unmap_one, &flags);
	return !folio_mapped(t->sim, pfn);
}

/*
 * try_to_migrate_one() + remove_migration_pte() (v6.12) for one mapping:
 * the PTE is cleared and flushed (ptep_clear_flush: the migration entry's
 * window), then points at the new frame with the old young and dirty bits.
 */
static bool migrate_one(struct task *t, u32 pfn, struct rmap_hit *hit, void *arg)
{
	pte_t pteval = *hit->pte;

	(void)pfn;
	flush_tlb_mm_range(t, hit->mm);
	*hit->pte = pfn_pte(*(u32 *)arg) | (pteval & (PTE_YOUNG | PTE_DIRTY));
	return true;
}

void rmap_migrate(struct task *t, u32 src, u32 dst)
{
	rmap_walk(t, src, migrate_one, &dst);
}

/* ------------------------------------------------------------------ */
/* Scenario keys: anon_vma */
/* ------------------------------------------------------------------ */

#define P_OFF(f) .off = offsetof(struct scn_policy, f), .size = sizeof(((struct scn_policy *)0)->f)

static const struct cfg_key rmap_policy_keys[] = {
	{ .name = "anon_vma_chain",
	  .type = CFG_ENUM,
	  P_OFF(anon_vma_chain),
	  .values = CFG_VALUES("off", "on"),
	  .def = "on",
	  .doc = "v2.6.34+ a forked child gets its own anon_vma chained to its parent's / before, it joins its parent's anon_vma" },
	{ .name = "anon_vma_lock",
	  .type = CFG_ENUM,
	  P_OFF(anon_vma_lock_exclusive),
	  .values = CFG_VALUES("read", "exclusive"),
	  .def = "read",
	  .doc = "rmap walks of anon pages: v3.9+ anon_vma_lock_read, in parallel / before, the anon_vma spinlock, one walker at a time" },
	{ .name = "i_mmap_lock",
	  .type = CFG_ENUM,
	  P_OFF(i_mmap_lock_exclusive),
	  .values = CFG_VALUES("read", "exclusive"),
	  .def = "read",
	  .doc = "rmap walks of file pages: v3.19+ i_mmap_lock_read of the i_mmap_rwsem, in parallel / before, the mapping's i_mmap_lock spinlock (v2.6) or i_mmap_mutex (v3.0-3.18), one walker at a time" },
	{ .name = "seq_read_references",
	  .type = CFG_ENUM,
	  P_OFF(seq_read_references),
	  .values = CFG_VALUES("counted", "ignored", "skipped"),
	  .def = "skipped",
	  .doc = "a young PTE of a mapping madvised MADV_SEQUENTIAL (VM_SEQ_READ) or MADV_RANDOM in folio_referenced: v6.3+ skipped, such mappings are not walked (vma_has_recency) / v2.6.29..6.2 ignored, VM_SEQ_READ's young bit cleared but not counted / before, counted as any other" },
};
CFG_TABLE(rmap_policy_table, rmap_policy_keys);

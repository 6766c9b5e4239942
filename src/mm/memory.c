// SPDX-License-Identifier: MIT
/*
 * memory.c - address spaces and page faults (mm/memory.c, mm/mmap.c,
 * kernel/fork.c, kernel/exit.c, v6.12): private anonymous memory shared
 * copy-on-write after fork, and read-only shared file mappings.
 *
 * A fault runs as the kernel's: it allocates its page in place (reclaim
 * and sleeps included) and then checks that the PTE is what it was
 * (pte_same), and when it has to wait for a read it sleeps in place with
 * mmap_lock dropped and returns VM_FAULT_RETRY, which handle_mm_fault
 * takes again at once.  It is counted once, when it completes: major if
 * it found its page in no cache (VM_FAULT_MAJOR, kept across the retry),
 * else minor.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* A new mm_struct in sim->mms, with its anon_vma slot (kernel/fork.c mm_init). */
static struct mm_struct *mm_new(struct sim *sim, struct task *owner)
{
	struct mm_struct *mm = calloc(1, sizeof(*mm));

	if (!mm)
		return NULL;
	if (sim->nr_mms == sim->cap_mms) {
		unsigned int cap = sim->cap_mms ? sim->cap_mms * 2 : 16;
		struct mm_struct **v = realloc(sim->mms, cap * sizeof(*v));
		struct anon_vma *av;

		if (!v) {
			free(mm);
			return NULL;
		}
		sim->mms = v;
		av = realloc(sim->anon_vmas, cap * sizeof(*av));
		if (!av) {
			free(mm);
			return NULL;
		}
		memset(av + sim->cap_mms, 0, (cap - sim->cap_mms) * sizeof(*av));
		sim->anon_vmas = av;
		sim->cap_mms = cap;
	}
	mm->id = sim->nr_mms;
	mm->users = 1;
	mm->mmap_lock.cls = &sim->lock_stat[LOCK_MMAP];
	sim->mms[sim->nr_mms++] = mm;
	mm->owner = owner;
	mm->memcg = owner->memcg;
	return mm;
}

/* mm_alloc() (kernel/fork.c): a new, empty address space owned by @owner. */
struct mm_struct *mm_alloc(struct sim *sim, struct task *owner)
{
	struct mm_struct *mm = mm_new(sim, owner);

	if (!mm)
		return NULL;
	mm->next_vpn = 0x400; /* leave page 0.. unmapped, like mmap_min_addr */
	if (anon_vma_link(sim, mm, NULL)) {
		anon_vma_unlink(sim, mm);
		sim->nr_mms--;
		free(mm);
		return NULL;
	}
	return mm;
}

/*
 * A new VMA of @pages pages at the mm's next free address (do_mmap).
 * Page tables are accounted as the kernel does: one PTE page per 512
 * entries (pgtables_bytes, NR_PAGETABLE).  NULL on ENOMEM.
 */
static struct vm_area_struct *vma_new(struct mm_struct *mm, u64 pages, unsigned long vm_flags)
{
	struct vm_area_struct *v = realloc(mm->vmas, (mm->nr_vmas + 1) * sizeof(*v));
	struct vm_area_struct *vma;

	if (!v)
		return NULL;
	mm->vmas = v;
	vma = &mm->vmas[mm->nr_vmas];
	*vma = (struct vm_area_struct){ .vm_flags = vm_flags };
	vma->vm_start = mm->next_vpn;
	vma->vm_end = vma->vm_start + pages;
	if (pmd_alloc(vma))
		return NULL;
	mm->nr_vmas++;
	mm->next_vpn = vma->vm_end + 0x100; /* a guard gap between mappings */
	mm->total_vm += pages;
	mm->pgtables_bytes += ((pages + 511) / 512) * 4096;
	return vma;
}

/* mmap_anon - a private anonymous mapping of @pages pages (do_mmap). */
u64 mmap_anon(struct mm_struct *mm, u64 pages)
{
	struct vm_area_struct *vma = vma_new(mm, pages, VM_READ | VM_WRITE);

	return vma ? vma->vm_start : 0;
}

/* mmap_file and mmap_file_exec: a shared file mapping with @vm_flags */
static u64 mmap_file_flags(struct mm_struct *mm, struct address_space *mapping, u64 pgoff,
			   u64 pages, unsigned long vm_flags)
{
	struct vm_area_struct *vma;

	if (!pages || pgoff + pages > mapping->size)
		return 0;
	vma = vma_new(mm, pages, vm_flags);
	if (!vma)
		return 0;
	vma->vm_file = mapping;
	vma->vm_pgoff = pgoff;
	if (i_mmap_insert(mapping, mm, (u32)(vma - mm->vmas))) {
		vma->vm_end = vma->vm_start;
		return 0;
	}
	return vma->vm_start;
}

u64 mmap_file(struct mm_struct *mm, struct address_space *mapping, u64 pgoff, u64 pages)
{
	return mmap_file_flags(mm, mapping, pgoff, pages, VM_READ | VM_SHARED);
}

u64 mmap_file_exec(struct mm_struct *mm, struct address_space *mapping, u64 pgoff, u64 pages)
{
	return mmap_file_flags(mm, mapping, pgoff, pages, VM_READ | VM_EXEC | VM_SHARED);
}

/*
 * find_vma() (v6.12): the mapping containing @vpn, NULL if none.  The
 * last hit is tried first, as the per-mm mmap_cache of older kernels did:
 * faults come in runs within one mapping.
 */
struct vm_area_struct *find_vma(struct mm_struct *mm, u64 vpn)
{
	struct vm_area_struct *vma;

	if (mm->mmap_cache < mm->nr_vmas) {
		vma = &mm->vmas[mm->mmap_cache];
		if (vpn >= vma->vm_start && vpn < vma->vm_end)
			return vma;
	}
	for (unsigned int i = 0; i < mm->nr_vmas; i++) {
		vma = &mm->vmas[i];
		if (vpn >= vma->vm_start && vpn < vma->vm_end) {
			mm->mmap_cache = i;
			return vma;
		}
	}
	return NULL;
}

/* A fault completed: minor, or major (VM_FAULT_MAJOR: mm_task.fault_major). */
void count_fault(struct task *t)
{
	struct mem_cgroup *memcg = t->memcg;

	count_vm_event(t->sim, PGFAULT);
	count_memcg_events(memcg, PGFAULT, 1);
	if (mm_task(t)->fault_major) {
		count_vm_event(t->sim, PGMAJFAULT);
		count_memcg_events(memcg, PGMAJFAULT, 1);
		t->maj_flt++;
	} else {
		t->min_flt++;
	}
	mm_task(t)->fault_major = false;
	charge_sys(t, t->sim->scn.cost.fault_ns);
}

/* folio_add_*_rmap_pte() (v6.12): @pte maps @pfn, one mapping more. */
void folio_add_rmap_pte(struct sim *sim, struct mm_struct *mm, pte_t *pte, u32 pfn, pte_t bits)
{
	bool anon = PageFlag(pfn_to_page(sim, pfn), PG_anon);

	if (page_mapcount_inc(sim, pfn) == 1) {
		mod_lruvec_page_state(sim, pfn, anon ? NR_ANON_MAPPED : NR_FILE_MAPPED, 1);
		if (anon)
			rmap_note_mapper(sim, pfn, mm);
	}
	*pte = pfn_pte(pfn) | bits;
	mm->rss_stat[anon ? MM_ANONPAGES : MM_FILEPAGES]++;
}

/*
 * Map anon @pfn at @pte of @mm, virtual page @vpn.  A page nobody maps
 * is filed under the anon_vma @av (__folio_set_anon: the mm's own, or its
 * family's root for a page other mms may map too); a page mapped already
 * keeps its place: every mm that can map it is on that anon_vma.
 */
static void map_anon_page(struct sim *sim, struct mm_struct *mm, pte_t *pte, u32 pfn, u64 vpn,
			  u32 av, bool write)
{
	struct page *page = pfn_to_page(sim, pfn);

	if (!page->mapcount || page->mapping_id == NO_MM) {
		page->mapping_id = av;
		page->index = (u32)vpn;
	}
	folio_add_rmap_pte(sim, mm, pte, pfn, PTE_YOUNG | (write ? PTE_DIRTY : 0));
}

/*
 * folio_prealloc() (v6.12): a new anon page for a fault, allocated and
 * charged (both may reclaim and sleep); __folio_set_anon's flags.
 */
static enum vm_fault_result folio_prealloc(struct task *t, u32 *pfn)
{
	enum vm_fault_result r = alloc_charged_page(t, GFP_HIGHUSER_MOVABLE, pfn);
	struct page *page;

	if (r != VM_FAULT_DONE)
		return r;
	page = pfn_to_page(t->sim, *pfn);
	page->flags = (1u << PG_anon) | (1u << PG_swapbacked);
	/* before v5.9 new anon pages started on the active list */
	if (t->sim->scn.policy.new_anon_active)
		SetPageFlag(page, PG_active);
	return VM_FAULT_DONE;
}

/*
 * do_anonymous_page() (v6.12): a first touch.  The kernel maps the shared
 * zero page on a read; the workloads here always write first, and a read
 * is modelled as an allocation too (noted in docs/model.md).  After the
 * allocation, which may have slept, a PTE someone else filled meanwhile
 * (vmf_pte_changed) sends the new page back and the access is taken
 * again.
 */
static enum vm_fault_result do_anonymous_page(struct task *t, struct vm_area_struct *vma, u64 vpn,
					      bool write)
{
	struct sim *sim = t->sim;
	pte_t *pte;
	enum vm_fault_result r;
	u32 pfn;

	r = folio_prealloc(t, &pfn);
	if (r != VM_FAULT_DONE)
		return r;
	pte = pte_alloc_map(sim, vma, vpn); /* the allocation may have slept */
	if (!pte_none(*pte)) {
		free_unref_page(sim, pfn);
		return VM_FAULT_RETRY;
	}
	charge_sys(t, cost_per_4k(sim->scn.cost.zero_page_ns, sim->page_size));
	map_anon_page(sim, t->mm, pte, pfn, vpn, t->mm->anon_vma, write);
	folio_add_lru(sim, pfn);
	count_fault(t);
	return VM_FAULT_DONE;
}

/*
 * do_swap_page() (v6.12): the PTE holds a swap slot.  The swap cache is
 * looked up first (swap_cache_get_folio); a miss reads the page and its
 * readahead window (swapin_readahead: a major fault, PGMAJFAULT), which
 * leaves the page locked under read.  A locked page is waited for with
 * mmap_lock dropped (folio_lock_or_retry) and the fault retried, when it
 * finds the page in the swap cache.  A page still under writeback is
 * mapped as it is (the kernel waits only where the swap device needs
 * stable pages).  A write fault takes the page out of the swap cache
 * (should_try_to_free_swap: exclusive write; 2.6.29..5.18
 * reuse_swap_page), a read fault keeps the clean swap copy unless swap is
 * half full (mem_cgroup_swap_full).  Before 2.6.29 (swapin_free_swap =
 * swap_full) only a swap more than half full freed the slot: a write fault
 * mapped an exclusive page dirty (can_share_swap_page) and it kept its
 * slot, so its next reclaim wrote it there again.  A page
 * another mm of the family already maps is mapped clean, and a write
 * retries as a COW fault.
 */
static enum vm_fault_result do_swap_page(struct task *t, struct vm_area_struct *vma, u64 vpn,
					 bool write)
{
	struct sim *sim = t->sim;
	pte_t *pte = pte_offset_map(vma, vpn);
	u64 slot = pte_slot(*pte);
	u64 e = xa_load(&sim->swap->swap_cache, slot);
	struct page *page;
	bool exclusive, shared_slot;
	u32 pfn;

	if (!e || xa_is_value(e))
		return swapin_readahead(t, vma, vpn);
	pfn = (u32)(e - 1);
	page = pfn_to_page(sim, pfn);
	swap_cache_ra_hit(sim, vma, vpn, pfn);
	if (PageFlag(page, PG_locked))
		return folio_lock_or_retry(t, pfn);
	/*
	 * a slot other mms of the fork family still refer to: the page they
	 * will map too goes to the root anon_vma (folio_add_new_anon_rmap
	 * without RMAP_EXCLUSIVE), whoever read it - this fault, a
	 * neighbour's slot-cluster readahead or an mm that unmapped it since;
	 * and it is not this mm's to write (the retry copies it)
	 */
	shared_slot = __swap_count(sim, slot) > 1;
	exclusive = !page->mapcount && !shared_slot;
	map_anon_page(sim, t->mm, pte, pfn, vpn, anon_vma_for_new_page(sim, t->mm, !shared_slot),
		      write && exclusive);
	t->mm->rss_stat[MM_SWAPENTS]--;
	swap_free(sim, slot);
	if ((write && exclusive && !sim->scn.policy.swapin_free_swap_full) ||
	    mem_cgroup_swap_full(sim, pfn))
		folio_free_swap(sim, pfn);
	folio_mark_accessed(sim, pfn);
	count_fault(t);
	return write && !exclusive ? VM_FAULT_RETRY : VM_FAULT_DONE;
}

/*
 * Might another mm map @page: its other mappings, or PTEs of the fork
 * family still holding its swap slot, which will map it at their swap-in
 * (v6.12 PageAnonExclusive and wp_can_reuse_anon_folio, reduced to these
 * two counts).
 */
static bool folio_maybe_shared(const struct sim *sim, u32 pfn)
{
	const struct page *page = &sim->mem_map[pfn];

	if (!page_shared_hint_test(sim, pfn))
		return false; /* one mapping, not in the swap cache: struct page left cold */
	return page->mapcount > 1 ||
	       (PageFlag(page, PG_swapcache) && __swap_count(sim, page->private));
}

/*
 * wp_page_copy() (v6.12): a write to an anon page other mms map or will
 * map (after fork): this mm gets its own copy, the old page loses a
 * mapping.
 */
static enum vm_fault_result wp_page_copy(struct task *t, struct vm_area_struct *vma, u64 vpn)
{
	struct sim *sim = t->sim;
	pte_t *pte = pte_offset_map(vma, vpn);
	const pte_t orig = *pte;
	enum vm_fault_result r;
	u32 pfn;

	r = folio_prealloc(t, &pfn);
	if (r != VM_FAULT_DONE)
		return r;
	pte = pte_alloc_map(sim, vma, vpn); /* the allocation may have slept */
	/* pte_same(): reclaim while we allocated may have unmapped the old page */
	if (!pte_present(*pte) || pte_pfn(*pte) != pte_pfn(orig)) {
		free_unref_page(sim, pfn);
		return VM_FAULT_RETRY;
	}
	/* or the other mappers went away: wp_page_reuse() */
	if (!folio_maybe_shared(sim, pte_pfn(orig))) {
		free_unref_page(sim, pfn);
		*pte |= PTE_YOUNG | PTE_DIRTY;
		count_fault(t);
		return VM_FAULT_DONE;
	}
	charge_sys(t, cost_per_4k(sim->scn.cost.copy_page_ns, sim->page_size));
	zap_pte(sim, t->mm, pte);
	flush_tlb_mm_range(t, t->mm);
	map_anon_page(sim, t->mm, pte, pfn, vpn, t->mm->anon_vma, true);
	folio_add_lru(sim, pfn);
	count_fault(t);
	return VM_FAULT_DONE;
}

/*
 * do_fault_around() (v6.12): the fault_around_bytes window (rounded down
 * to a power of two of pages, v3.15's fault_around_pages) aligned around
 * @vpn, within the VMA and its page table, handed to ->map_pages
 * (filemap_map_pages).  True when that mapped @vpn's page.
 */
static bool do_fault_around(struct task *t, struct vm_area_struct *vma, u64 vpn)
{
	u64 nr = 1;

	while (nr * 2 * t->sim->page_size <= t->sim->scn.policy.fault_around_bytes)
		nr *= 2;
	/* should_fault_around(): a window of one page is none */
	if (nr < 2)
		return false;
	return filemap_map_pages(t, vma, max_u64(vpn & ~(nr - 1), vma->vm_start),
				 min_u64((vpn & ~(nr - 1)) + nr, vma->vm_end), vpn);
}

/*
 * do_read_fault() (v6.12) on a file mapping: fault-around first, a minor
 * fault when it mapped the page (VM_FAULT_NOPAGE; major when this is the
 * retry of a fault that missed the cache); else filemap_fault finds or
 * reads the page (or waits for it and returns VM_FAULT_RETRY) and
 * finish_fault maps it, young.
 */
static enum vm_fault_result do_read_fault(struct task *t, struct vm_area_struct *vma, u64 vpn)
{
	struct sim *sim = t->sim;
	pte_t *pte;
	enum vm_fault_result r;
	u32 pfn;

	if (do_fault_around(t, vma, vpn)) {
		count_fault(t);
		return VM_FAULT_DONE;
	}
	r = filemap_fault(t, vma, vma->vm_pgoff + (vpn - vma->vm_start), &pfn);
	if (r != VM_FAULT_DONE)
		return r;
	/* finish_fault(): the PTE may have been filled while the fault slept */
	pte = pte_alloc_map(sim, vma, vpn);
	if (!pte_none(*pte)) {
		count_fault(t);
		return VM_FAULT_DONE;
	}
	folio_add_rmap_pte(sim, t->mm, pte, pfn, PTE_YOUNG);
	count_fault(t); /* major if the page was not in the cache */
	return VM_FAULT_DONE;
}

/* __handle_mm_fault() -> handle_pte_fault() (v6.12): one attempt at the fault. */
static enum vm_fault_result __handle_mm_fault(struct task *t, struct vm_area_struct *vma, u64 vpn,
					      bool write)
{
	pte_t *pte = pte_alloc_map(t->sim, vma, vpn);

	if (pte_present(*pte)) {
		if (write && folio_maybe_shared(t->sim, pte_pfn(*pte)))
			return wp_page_copy(t, vma, vpn);
		*pte |= PTE_YOUNG | (write ? PTE_DIRTY : 0);
		return VM_FAULT_DONE;
	}
	if (pte_swap(*pte))
		return do_swap_page(t, vma, vpn, write);
	if (!vma_is_anonymous(vma))
		return do_read_fault(t, vma, vpn);
	return do_anonymous_page(t, vma, vpn, write);
}

/*
 * handle_mm_fault - an access by @t to virtual page @vpn of its mm, as
 * do_user_addr_fault() (arch/x86/mm/fault.c, v6.12) takes it: a present
 * page is just touched (young, and dirty on a write): no fault and no
 * lock, unless it is a write to an anon page shared after fork (COW) or
 * to a read-only file mapping (SIGSEGV, reported as VM_FAULT_OOM: the
 * workloads never do it).  A fault holds mmap_lock for read, across any
 * reclaim it does (lock_mm_and_find_vma).  A fault that returns
 * VM_FAULT_RETRY (it waited for I/O with mmap_lock dropped,
 * folio_lock_or_retry, or found the PTE changed after it slept) is taken
 * again at once (FAULT_FLAG_TRIED).  On the way back to user space a task
 * over memory.high pays for it (mem_cgroup_handle_over_high).  The access
 * itself is user time, charged by the caller.
 */
enum vm_fault_result handle_mm_fault(struct task *t, u64 vpn, bool write)
{
	struct vm_area_struct *vma = find_vma(t->mm, vpn);
	enum vm_fault_result r;

	if (vma && pte_present(pte_offset_get(vma, vpn))) {
		pte_t pte = pte_offset_get(vma, vpn);

		if (!write ||
		    ((vma->vm_flags & VM_WRITE) && !folio_maybe_shared(t->sim, pte_pfn(pte))))
			return __handle_mm_fault(t, vma, vpn, write); /* an access, no fault */
	}
	mm_task(t)->fault_tried = false;
	do {
		/* lock_mm_and_find_vma(): looked up again on each retry */
		mmap_read_lock(t, t->mm);
		vma = find_vma(t->mm, vpn);
		if (!vma || (write && !(vma->vm_flags & VM_WRITE))) {
			mmap_read_unlock(t, t->mm);
			return VM_FAULT_OOM;
		}
		r = __handle_mm_fault(t, vma, vpn, write);
		/* a retry dropped the lock before it waited */
		if (mm_task(t)->mmap_read_held)
			mmap_read_unlock(t, t->mm);
		mm_task(t)->fault_tried = true; /* FAULT_FLAG_TRIED */
	} while (r == VM_FAULT_RETRY);
	if (r == VM_FAULT_DONE)
		mem_cgroup_handle_over_high(t);
	return r;
}

void zap_pte(struct sim *sim, struct mm_struct *mm, pte_t *pte)
{
	struct lruvec *lruvec;
	struct page *page;
	pte_t pteval = *pte;
	bool anon;
	u32 pfn;

	*pte = 0;
	if (pte_swap(pteval)) {
		mm->rss_stat[MM_SWAPENTS]--;
		free_swap_and_cache(sim, pte_slot(pteval));
		return;
	}
	if (!pte_present(pteval))
		return;
	pfn = pte_pfn(pteval);
	page = pfn_to_page(sim, pfn);
	anon = PageFlag(page, PG_anon);
	mm->rss_stat[anon ? MM_ANONPAGES : MM_FILEPAGES]--;
	if (page_mapcount_dec(sim, pfn))
		return;
	mod_lruvec_page_state(sim, pfn, anon ? NR_ANON_MAPPED : NR_FILE_MAPPED, -1);
	if (!anon)
		return; /* the page cache keeps it */
	page->mapping_id = NO_MM;
	if (PageFlag(page, PG_isolated) || PageFlag(page, PG_writeback) ||
	    PageFlag(page, PG_locked) || PageFlag(page, PG_fbatch))
		return;
	/* free_swap_cache(): folio_free_swap() fails while the slot is swapped */
	if (PageFlag(page, PG_swapcache)) {
		if (__swap_count(sim, page->private))
			return;
		delete_from_swap_cache(sim, pfn, 0);
	}
	lruvec = folio_lruvec(sim, pfn);
	/* release_pages(): the lru_lock once for a batch of folios */
	if (++sim->mm_cpus[sim->eng.this_cpu].lru_free_nr == LRU_FBATCH_SIZE) {
		sim->mm_cpus[sim->eng.this_cpu].lru_free_nr = 0;
		spin_lock_hold(sim, &lruvec->lru_lock, LRU_FBATCH_SIZE * sim->scn.cost.lru_lock_ns);
	}
	lruvec_del_folio(sim, lruvec, pfn);
	/*
	 * a task zapping its own mm frees the page (munmap, madvise, its
	 * exit); an OOM victim's memory is the oom_reaper's work, not its
	 * killer's, and the reaper's time is not modelled
	 */
	if (sim->eng.current && sim->eng.current->mm == mm)
		charge_sys(sim->eng.current, sim->scn.cost.free_ns);
	free_unref_page(sim, pfn);
}

/*
 * unmap_single_vma() + free_pgtables() + unlink_file_vma() (v6.12): tear
 * down one VMA: its pages, its page tables, its i_mmap entry.
 */
static void unmap_vma(struct sim *sim, struct mm_struct *mm, struct vm_area_struct *vma)
{
	u64 pages = vma->vm_end - vma->vm_start;

	for (u64 v = vma->vm_start; v < vma->vm_end; v++) {
		pte_t *pte = pte_offset_map(vma, v);

		if (pte)
			zap_pte(sim, mm, pte);
	}
	if (vma->vm_file)
		unlink_file_vma(sim, mm, (u32)(vma - mm->vmas));
	free_pgtables(sim, vma);
	vma->vm_end = vma->vm_start;
	mm->total_vm -= pages;
	mm->pgtables_bytes -= ((pages + 511) / 512) * 4096;
}

int do_munmap(struct task *t, u64 vpn)
{
	struct sim *sim = t->sim;
	struct mm_struct *mm = t->mm;

	for (unsigned int i = 0; i < mm->nr_vmas; i++) {
		struct vm_area_struct *vma = &mm->vmas[i];

		if (vma->vm_start != vpn || vma->vm_end == vma->vm_start)
			continue;
		charge_sys(t, sim->scn.cost.syscall_ns);
		mmap_write_lock(t, mm);
		charge_sys(t, (vma->vm_end - vma->vm_start) * sim->scn.cost.pte_ns);
		update_hiwater_rss(mm); /* vms_clear_ptes() */
		unmap_vma(sim, mm, vma);
		flush_tlb_mm_range(t, mm);
		mmap_write_unlock(t, mm);
		return 0;
	}
	return -EINVAL;
}

/*
 * copy_present_pte()/copy_nonpresent_pte() (v6.12) for one PTE of a
 * private anon or shared file mapping.
 */
static void copy_pte(struct sim *sim, struct mm_struct *dst, pte_t *dst_pte, pte_t src)
{
	struct page *page;

	if (pte_swap(src)) {
		/* the count must not reach the SWAP_HAS_CACHE bit */
		VM_BUG_ON((sim->swap->swap_map[pte_slot(src)] & ~SWAP_HAS_CACHE) >=
			  SWAP_HAS_CACHE - 1);
		sim->swap->swap_map[pte_slot(src)]++; /* swap_duplicate() */
		dst->rss_stat[MM_SWAPENTS]++;
		*dst_pte = src;
		return;
	}
	if (!pte_present(src))
		return;
	page = pfn_to_page(sim, pte_pfn(src));
	page_mapcount_inc(sim, pte_pfn(src));
	dst->rss_stat[PageFlag(page, PG_anon) ? MM_ANONPAGES : MM_FILEPAGES]++;
	*dst_pte = src & ~PTE_YOUNG; /* the child's PTE starts old */
}

struct mm_struct *dup_mm(struct sim *sim, struct task *child, struct mm_struct *oldmm)
{
	struct mm_struct *mm = mm_new(sim, child);

	if (!mm)
		return NULL;
	mm->next_vpn = oldmm->next_vpn;
	if (anon_vma_link(sim, mm, oldmm))
		goto fail;
	mm->vmas = calloc(oldmm->nr_vmas ? oldmm->nr_vmas : 1, sizeof(*mm->vmas));
	if (!mm->vmas)
		goto fail;
	for (unsigned int i = 0; i < oldmm->nr_vmas; i++) {
		const struct vm_area_struct *src = &oldmm->vmas[i];
		struct vm_area_struct *vma = &mm->vmas[i];
		u64 pages = src->vm_end - src->vm_start;

		*vma = *src;
		vma->pmd = NULL;
		mm->nr_vmas++;
		if (!pages)
			continue;
		if (pmd_alloc(vma))
			goto fail;
		if (vma->vm_file && i_mmap_insert(vma->vm_file, mm, i))
			goto fail;
		/* copy_pte_range(): only where the parent has PTEs */
		for (u64 v = src->vm_start; v < src->vm_end; v++)
			if (!pte_none(pte_offset_get(src, v)))
				copy_pte(sim, mm, pte_alloc_map(sim, vma, v),
					 pte_offset_get(src, v));
		mm->total_vm += pages;
		mm->pgtables_bytes += ((pages + 511) / 512) * 4096;
	}
	/* dup_mm(): the child's high-water mark starts at what it maps */
	mm->hiwater_rss = get_mm_rss(mm);
	return mm;
fail:
	exit_mmap(sim, mm);
	return NULL;
}

/* mmput() (kernel/fork.c): the last user tears the address space down. */
void mmput(struct sim *sim, struct mm_struct *mm)
{
	if (mm->users && --mm->users == 0)
		exit_mmap(sim, mm);
}

/*
 * The PTEs exit_mmap() will zap: each costs the exiting task pte_ns, as
 * in munmap (calibrate's munmap of faulted pages, 294 ns a page, is
 * pte_ns + free_ns); none entries cost nothing, as zap_pte_range skips
 * the empty page tables.
 */
static u64 mapped_ptes(const struct mm_struct *mm)
{
	u64 n = 0;

	for (unsigned int i = 0; i < mm->nr_vmas; i++) {
		const struct vm_area_struct *vma = &mm->vmas[i];

		for (u64 v = vma->vm_start; vma->pmd && v < vma->vm_end; v++)
			n += !pte_none(pte_offset_get(vma, v));
	}
	return n;
}

/*
 * exit_mmap() (v6.12): tear down every mapping of @mm.  A task dropping
 * its own mm (its exit) spends the zap's CPU time (unmap_vmas, each PTE)
 * and the frees' (zap_pte); an OOM victim's teardown is the oom_reaper's
 * or its own after the kill, not its killer's, and is not modelled.
 */
void exit_mmap(struct sim *sim, struct mm_struct *mm)
{
	struct task *t = sim->eng.current;

	if (t && t->mm == mm)
		charge_sys(t, mapped_ptes(mm) * sim->scn.cost.pte_ns);
	for (unsigned int i = 0; i < mm->nr_vmas; i++)
		if (mm->vmas[i].pmd)
			unmap_vma(sim, mm, &mm->vmas[i]);
	free(mm->vmas);
	mm->vmas = NULL;
	mm->nr_vmas = 0;
	mm->total_vm = 0;
	mm->pgtables_bytes = 0;
	anon_vma_unlink(sim, mm);
	tlb_mm_forget(sim, mm);
}

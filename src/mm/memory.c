// SPDX-License-Identifier: MIT
/*
 * memory.c - address spaces and page faults (mm/memory.c, mm/mmap.c,
 * kernel/exit.c, v6.12), for private anonymous memory.
 *
 * A fault is restartable: if it needs pages it first fills the task's
 * page pool (which may take reclaim steps and return VM_FAULT_RETRY), and
 * if it has to wait for I/O it sleeps and is retried when woken.  It is
 * counted once, when it completes: major if the task waited for its own
 * read, else minor.
 */
#include <stdlib.h>

#include "internal.h"

/* mm_alloc() (kernel/fork.c): a new, empty address space owned by @owner. */
struct mm_struct *mm_alloc(struct sim *sim, struct task *owner)
{
	struct mm_struct *mm = calloc(1, sizeof(*mm));

	if (!mm)
		return NULL;
	if (sim->nr_mms == sim->cap_mms) {
		unsigned int cap = sim->cap_mms ? sim->cap_mms * 2 : 16;
		struct mm_struct **v = realloc(sim->mms, cap * sizeof(*v));

		if (!v) {
			free(mm);
			return NULL;
		}
		sim->mms = v;
		sim->cap_mms = cap;
	}
	mm->id = sim->nr_mms;
	mm->users = 1;
	sim->mms[sim->nr_mms++] = mm;
	mm->owner = owner;
	mm->memcg = owner->memcg;
	mm->next_vpn = 0x400;		/* leave page 0.. unmapped, like mmap_min_addr */
	return mm;
}

/*
 * mmap_anon - a private anonymous mapping of @pages pages (do_mmap).
 * Page tables are accounted as the kernel does: one PTE page per 512
 * entries (pgtables_bytes, NR_PAGETABLE).  Returns the first vpn, 0 on
 * failure.
 */
u64 mmap_anon(struct mm_struct *mm, u64 pages)
{
	struct vm_area_struct *v = realloc(mm->vmas, (mm->nr_vmas + 1) * sizeof(*v));
	struct vm_area_struct *vma;
	u64 start = mm->next_vpn;

	if (!v)
		return 0;
	mm->vmas = v;
	vma = &mm->vmas[mm->nr_vmas];
	vma->ptes = calloc(pages, sizeof(pte_t));
	if (!vma->ptes)
		return 0;
	mm->nr_vmas++;
	vma->vm_start = start;
	vma->vm_end = start + pages;
	vma->vm_flags = 0;
	mm->next_vpn = vma->vm_end + 0x100;	/* a guard gap between mappings */
	mm->total_vm += pages;
	mm->pgtables_bytes += ((pages + 511) / 512) * 4096;
	return start;
}

/* find_vma() (v6.12): the mapping containing @vpn, NULL if none. */
struct vm_area_struct *find_vma(struct mm_struct *mm, u64 vpn)
{
	for (unsigned int i = 0; i < mm->nr_vmas; i++)
		if (vpn >= mm->vmas[i].vm_start && vpn < mm->vmas[i].vm_end)
			return &mm->vmas[i];
	return NULL;
}

/* A fault completed: minor, or major if the task waited for its own read. */
void count_fault(struct task *t)
{
	struct mem_cgroup *memcg = t->memcg;

	count_vm_event(t->sim, PGFAULT);
	count_memcg_events(memcg, PGFAULT, 1);
	if (t->fault_major) {
		count_vm_event(t->sim, PGMAJFAULT);
		count_memcg_events(memcg, PGMAJFAULT, 1);
		t->maj_flt++;
	} else {
		t->min_flt++;
	}
	t->fault_major = false;
	charge_sys(t, t->sim->scn.cost.fault_ns);
}

/* Map @pfn at @pte: the page is now an anon page of @mm. */
static void map_anon_page(struct sim *sim, struct mm_struct *mm, pte_t *pte, u32 pfn, bool write)
{
	struct page *page = pfn_to_page(sim, pfn);

	page->mapcount = 1;
	*pte = pfn_pte(pfn) | PTE_YOUNG | (write ? PTE_DIRTY : 0);
	mm->rss_stat[MM_ANONPAGES]++;
	mod_lruvec_page_state(sim, pfn, NR_ANON_MAPPED, 1);
}

/*
 * do_anonymous_page() (v6.12): a first touch.  The kernel maps the shared
 * zero page on a read; the workloads here always write first, and a read
 * is modelled as an allocation too (noted in docs/model.md).
 */
static enum vm_fault_result do_anonymous_page(struct task *t, struct vm_area_struct *vma,
					      u64 vpn, bool write)
{
	struct sim *sim = t->sim;
	enum vm_fault_result r = task_fill_pool(t, 1, 1);
	struct page *page;
	u32 pfn;

	if (r != VM_FAULT_DONE)
		return r;
	pfn = task_pool_take(t);
	page = pfn_to_page(sim, pfn);
	page->flags = (1u << PG_anon) | (1u << PG_swapbacked);
	/* before v5.9 new anon pages started on the active list */
	if (sim->scn.policy.new_anon_active)
		SetPageFlag(page, PG_active);
	page->mapping_id = t->mm->id;
	page->index = (u32)vpn;
	charge_sys(t, sim->scn.cost.zero_page_ns);
	map_anon_page(sim, t->mm, &vma->ptes[vpn - vma->vm_start], pfn, write);
	folio_add_lru(sim, pfn);
	count_fault(t);
	return VM_FAULT_DONE;
}

/*
 * do_swap_page() (v6.12): the PTE holds a swap slot.  A page still in the
 * swap cache is mapped (a minor fault, even if it has to wait for a
 * readahead in flight); otherwise swapin_readahead reads it and the fault
 * is retried when the read completes (major).  A write fault takes the
 * page out of the swap cache (should_try_to_free_swap: exclusive write),
 * a read fault keeps the clean swap copy unless swap is half full.
 */
static enum vm_fault_result do_swap_page(struct task *t, struct vm_area_struct *vma,
					 u64 vpn, bool write)
{
	struct sim *sim = t->sim;
	pte_t *pte = &vma->ptes[vpn - vma->vm_start];
	u64 slot = pte_slot(*pte);
	u64 e = sim->swap->swap_cache[slot];
	struct page *page;
	u32 pfn;

	if (!e || xa_is_value(e))
		return swapin_readahead(t, vma, vpn);
	pfn = (u32)(e - 1);
	page = pfn_to_page(sim, pfn);
	if (PageFlag(page, PG_locked)) {
		task_sleep(t, &sim->page_wait, 0);
		return VM_FAULT_BLOCKED;
	}
	page->mapping_id = t->mm->id;
	page->index = (u32)vpn;
	map_anon_page(sim, t->mm, pte, pfn, write);
	t->mm->rss_stat[MM_SWAPENTS]--;
	swap_free(sim, slot);
	if (write || vm_swap_full(sim))
		folio_free_swap(sim, pfn);
	folio_mark_accessed(sim, pfn);
	count_fault(t);
	return VM_FAULT_DONE;
}

/*
 * handle_mm_fault - an access by @t to virtual page @vpn of its mm.  A
 * present page is just touched (young, and dirty on a write): no fault.
 * The access itself is user time, charged by the caller.
 */
enum vm_fault_result handle_mm_fault(struct task *t, u64 vpn, bool write)
{
	struct vm_area_struct *vma = find_vma(t->mm, vpn);
	pte_t *pte;

	if (!vma)
		return VM_FAULT_OOM;	/* SIGSEGV: workloads never do this */
	pte = &vma->ptes[vpn - vma->vm_start];
	if (pte_present(*pte)) {
		*pte |= PTE_YOUNG | (write ? PTE_DIRTY : 0);
		return VM_FAULT_DONE;
	}
	if (pte_swap(*pte))
		return do_swap_page(t, vma, vpn, write);
	return do_anonymous_page(t, vma, vpn, write);
}

/*
 * zap_pte - unmap one PTE at exit (zap_pte_range, v6.12).  An anonymous
 * page is freed unless someone else still holds it: a reclaimer that has
 * it isolated, or I/O in flight; those drop it later (the reclaimer finds
 * it without a mapper, writeback leaves it in the swap cache).
 */
static void zap_pte(struct sim *sim, struct mm_struct *mm, pte_t pte)
{
	struct page *page;
	u32 pfn;

	if (pte_swap(pte)) {
		mm->rss_stat[MM_SWAPENTS]--;
		free_swap_and_cache(sim, pte_slot(pte));
		return;
	}
	if (!pte_present(pte))
		return;
	pfn = pte_pfn(pte);
	page = pfn_to_page(sim, pfn);
	page->mapcount = 0;
	page->mapping_id = NO_MM;
	mm->rss_stat[MM_ANONPAGES]--;
	mod_lruvec_page_state(sim, pfn, NR_ANON_MAPPED, -1);
	if (PageFlag(page, PG_isolated) || PageFlag(page, PG_writeback) ||
	    PageFlag(page, PG_locked))
		return;
	if (PageFlag(page, PG_swapcache))
		delete_from_swap_cache(sim, pfn, 0);
	lruvec_del_folio(sim, folio_lruvec(sim, pfn), pfn);
	free_unref_page(sim, pfn);
}

/* mmput() (kernel/fork.c): the last user tears the address space down. */
void mmput(struct sim *sim, struct mm_struct *mm)
{
	if (mm->users && --mm->users == 0)
		exit_mmap(sim, mm);
}

/* exit_mmap(): tear down every mapping of @mm. */
void exit_mmap(struct sim *sim, struct mm_struct *mm)
{
	for (unsigned int i = 0; i < mm->nr_vmas; i++) {
		struct vm_area_struct *vma = &mm->vmas[i];

		for (u64 v = 0; v < vma->vm_end - vma->vm_start; v++)
			zap_pte(sim, mm, vma->ptes[v]);
		free(vma->ptes);
	}
	free(mm->vmas);
	mm->vmas = NULL;
	mm->nr_vmas = 0;
	mm->total_vm = 0;
	mm->pgtables_bytes = 0;
}

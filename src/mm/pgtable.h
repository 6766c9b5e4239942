/* SPDX-License-Identifier: MIT */
/*
 * pgtable.h - the page tables of a VMA (include/linux/pgtable.h, mm.h,
 * v6.12), two levels as the kernel's last two: vma->pmd holds a pointer
 * per PTRS_PER_PTE-aligned run of virtual pages, each to a PTE table of
 * PTRS_PER_PTE entries allocated when the first PTE in it is installed.
 * An absent table reads as PTEs that are none.
 *
 * A pointer into a PTE table is good only until the task sleeps: an empty
 * table may be freed by then (pgtable.c), so a fault that slept looks its
 * PTE up again, as the kernel's fault handlers do with pte_offset_map_lock
 * after an allocation.
 */
#ifndef RECLAIMSIM_MM_PGTABLE_H
#define RECLAIMSIM_MM_PGTABLE_H

#include "mm_types.h"

struct sim;

#define PTRS_PER_PTE 512 /* x86-64's 4 KiB tables of 8-byte entries */

static inline u64 pmd_index(u64 vpn)
{
	return vpn / PTRS_PER_PTE;
}

static inline u64 pte_index(u64 vpn)
{
	return vpn % PTRS_PER_PTE;
}

/* The PMD entries a VMA of [@start, @end) spans. */
static inline u64 vma_nr_pmds(u64 start, u64 end)
{
	return end > start ? pmd_index(end - 1) - pmd_index(start) + 1 : 0;
}

/* pmd_offset(): @vpn's entry in @vma's page middle directory */
static inline pte_t **pmd_offset(const struct vm_area_struct *vma, u64 vpn)
{
	return &vma->pmd[pmd_index(vpn) - pmd_index(vma->vm_start)];
}

/* pte_offset_map() (v6.5+): @vpn's PTE in @vma, NULL when it has no table */
static inline pte_t *pte_offset_map(const struct vm_area_struct *vma, u64 vpn)
{
	pte_t *table = *pmd_offset(vma, vpn);

	return table ? table + pte_index(vpn) : NULL;
}

/* ptep_get(pte_offset_map()): @vpn's PTE in @vma, none where it has no table */
static inline pte_t pte_offset_get(const struct vm_area_struct *vma, u64 vpn)
{
	const pte_t *table = *pmd_offset(vma, vpn);

	return table ? table[pte_index(vpn)] : 0;
}

pte_t *__pte_alloc(struct sim *sim, struct vm_area_struct *vma, u64 vpn);

/* pte_alloc_map(): @vpn's PTE in @vma, its table allocated if it has none */
static inline pte_t *pte_alloc_map(struct sim *sim, struct vm_area_struct *vma, u64 vpn)
{
	pte_t *table = *pmd_offset(vma, vpn);

	return table ? table + pte_index(vpn) : __pte_alloc(sim, vma, vpn);
}

int pmd_alloc(struct vm_area_struct *vma);
void free_pgtables(struct sim *sim, struct vm_area_struct *vma);

#endif

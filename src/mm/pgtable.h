/* SPDX-License-Identifier: MIT */
/*
 * pgtable.h - the page tables of a VMA (include/linux/pgtable.h, mm.h,
 * v6.12), two levels as the kernel's last two: vma->pmd holds a pointer
 * per PTRS_PER_PTE pages of the VMA, each to a PTE table allocated when
 * the first PTE in it is installed.  An absent table reads as PTEs that
 * are none.  The runs start at vm_start rather than at the kernel's
 * PMD-aligned addresses, so that the last table of a VMA, or the only
 * one of a small VMA, has only the VMA's entries: the model's thousands
 * of small mms would otherwise take a 4 KiB table each.
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

/* The run of @vma that @vpn is in, and its place in that run's table. */
static inline u64 pmd_index(const struct vm_area_struct *vma, u64 vpn)
{
	return (vpn - vma->vm_start) / PTRS_PER_PTE;
}

static inline u64 pte_index(const struct vm_area_struct *vma, u64 vpn)
{
	return (vpn - vma->vm_start) % PTRS_PER_PTE;
}

/* The PMD entries a VMA of [@start, @end) has. */
static inline u64 vma_nr_pmds(u64 start, u64 end)
{
	return (end - start + PTRS_PER_PTE - 1) / PTRS_PER_PTE;
}

/* The entries of PMD entry @p's table in a VMA of [@start, @end). */
static inline unsigned int pte_table_len(u64 start, u64 end, u64 p)
{
	u64 left = end - start - p * PTRS_PER_PTE;

	return left < PTRS_PER_PTE ? (unsigned int)left : PTRS_PER_PTE;
}

/* pmd_offset(): @vpn's entry in @vma's page middle directory */
static inline pte_t **pmd_offset(const struct vm_area_struct *vma, u64 vpn)
{
	return &vma->pmd[pmd_index(vma, vpn)];
}

/* pte_offset_map() (v6.5+): @vpn's PTE in @vma, NULL when it has no table */
static inline pte_t *pte_offset_map(const struct vm_area_struct *vma, u64 vpn)
{
	pte_t *table = *pmd_offset(vma, vpn);

	return table ? table + pte_index(vma, vpn) : NULL;
}

/* ptep_get(pte_offset_map()): @vpn's PTE in @vma, none where it has no table */
static inline pte_t pte_offset_get(const struct vm_area_struct *vma, u64 vpn)
{
	const pte_t *table = *pmd_offset(vma, vpn);

	return table ? table[pte_index(vma, vpn)] : 0;
}

pte_t *__pte_alloc(struct sim *sim, struct vm_area_struct *vma, u64 vpn);

/* pte_alloc_map(): @vpn's PTE in @vma, its table allocated if it has none */
static inline pte_t *pte_alloc_map(struct sim *sim, struct vm_area_struct *vma, u64 vpn)
{
	pte_t *table = *pmd_offset(vma, vpn);

	return table ? table + pte_index(vma, vpn) : __pte_alloc(sim, vma, vpn);
}

int pmd_alloc(struct vm_area_struct *vma);
void free_pgtables(struct sim *sim, struct vm_area_struct *vma);

#endif

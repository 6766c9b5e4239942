// SPDX-License-Identifier: MIT
/*
 * pgtable.c - PTE tables allocated on first use and freed when empty
 * (mm/memory.c __pte_alloc and free_pgtables, v6.12).
 *
 * The kernel frees a VMA's tables when the VMA goes, and an empty table
 * otherwise only where MADV_DONTNEED emptied it (pt_reclaim, v6.14): a
 * table reclaim emptied stays.  Here the tables are the host's memory,
 * not the simulated machine's (whose page-table pages are accounted by
 * size in mm->pgtables_bytes and NR_PAGETABLE, whatever the host keeps),
 * so every empty table is freed, by a sweep: a reader of a file ten
 * times the size of memory leaves behind it tables that reclaim emptied.
 */
#include <errno.h>
#include <stdlib.h>

#include "internal.h"
#include "pgtable.h"

/* Tables allocated between sweeps at least (1 MiB of them). */
#define PTE_SWEEP_SLACK 256

/* Where the PTE goes when its table could not be allocated: the run stops. */
static pte_t pte_failed;

static bool pte_table_empty(const pte_t *table, unsigned int len)
{
	for (unsigned int i = 0; i < len; i++)
		if (!pte_none(table[i]))
			return false;
	return true;
}

/*
 * Free every empty PTE table of every mm.  It runs when the tables have
 * grown by a quarter since the last sweep, so that its look at each table
 * costs a constant per table allocated.  No task holds a pointer into a
 * table across a sleep (pgtable.h), and the sweep runs from an allocation,
 * which does not sleep: no pointer in use can point into a table it frees.
 */
static void pte_free_empty(struct sim *sim)
{
	for (unsigned int i = 0; i < sim->nr_mms; i++) {
		struct mm_struct *mm = sim->mms[i];

		for (unsigned int v = 0; v < mm->nr_vmas; v++) {
			struct vm_area_struct *vma = &mm->vmas[v];
			u64 nr = vma->pmd ? vma_nr_pmds(vma->vm_start, vma->vm_end) : 0;

			for (u64 p = 0; p < nr; p++) {
				if (vma->pmd[p] &&
				    pte_table_empty(vma->pmd[p],
						    pte_table_len(vma->vm_start, vma->vm_end, p))) {
					free(vma->pmd[p]);
					vma->pmd[p] = NULL;
					sim->nr_pte_tables--;
				}
			}
		}
	}
	sim->pte_tables_kept = sim->nr_pte_tables;
}

/*
 * __pte_alloc() (v6.12): a PTE table for @vpn's run of @vma, all entries
 * none, as long as the run (a VMA's last may be shorter).  Out of host memory the run stops (sim_fail) and the PTE returned
 * is a scratch one that maps nothing.
 */
pte_t *__pte_alloc(struct sim *sim, struct vm_area_struct *vma, u64 vpn)
{
	u64 p = pmd_index(vma, vpn);
	pte_t *table;

	if (sim->nr_pte_tables >= sim->pte_tables_kept + sim->pte_tables_kept / 4 + PTE_SWEEP_SLACK)
		pte_free_empty(sim);
	table = calloc(pte_table_len(vma->vm_start, vma->vm_end, p), sizeof(pte_t));
	if (!table) {
		sim_fail(sim, "out of memory for a page table");
		pte_failed = 0;
		return &pte_failed;
	}
	vma->pmd[p] = table;
	sim->nr_pte_tables++;
	return table + pte_index(vma, vpn);
}

/*
 * __pmd_alloc() (v6.12), for a VMA: the model keeps one PMD array per VMA
 * (its range set first), a slot per PTE table's run, all none: 0 or
 * -ENOMEM.
 */
int pmd_alloc(struct vm_area_struct *vma)
{
	u64 nr = vma_nr_pmds(vma->vm_start, vma->vm_end);

	vma->pmd = calloc(nr ? nr : 1, sizeof(*vma->pmd));
	return vma->pmd ? 0 : -ENOMEM;
}

/* free_pgtables() (v6.12): @vma's PTE tables and directory, its PTEs zapped. */
void free_pgtables(struct sim *sim, struct vm_area_struct *vma)
{
	u64 nr = vma->pmd ? vma_nr_pmds(vma->vm_start, vma->vm_end) : 0;

	for (u64 p = 0; p < nr; p++) {
		if (vma->pmd[p]) {
			free(vma->pmd[p]);
			sim->nr_pte_tables--;
		}
	}
	free(vma->pmd);
	vma->pmd = NULL;
}

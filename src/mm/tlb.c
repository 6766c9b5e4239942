// SPDX-License-Identifier: MIT
/*
 * tlb.c - TLB shootdowns (arch/x86/mm/tlb.c, mm/rmap.c; v4.3+ and v6.12).
 *
 * A CPU may cache translations of the address space it last ran a user
 * task of (mm_cpu->loaded_mm, set by switch_mm() below; kernel
 * threads borrow it, lazy TLB).  Changing a PTE of an mm loaded on other CPUs needs an
 * IPI to each of them: the sender spins until all have flushed
 * (tlb_ipi_ns), each target takes an interrupt (tlb_irq_ns, charged to
 * whatever runs there next).  Reclaim with tlb_flush = batched defers the
 * flush and sends one IPI per CPU at the batch's end instead of one per
 * page (SPEC.md section 8).
 */
#include <stdlib.h>

#include "internal.h"
#include "../sim/config.h"
#include "../sim/scenario.h"

#define BITS_PER_WORD 64

static unsigned int cpumask_words(const struct sim *sim)
{
	return (sim->eng.nr_cpus + BITS_PER_WORD - 1) / BITS_PER_WORD;
}

/*
 * @cpu's loaded_mm becomes @mm (NULL: none), and mm_cpumask() follows:
 * x86 switch_mm_irqs_off() (v6.18) clears the CPU's bit in the previous mm's mask
 * and sets it in the next one's, so that a shootdown visits only the CPUs
 * in the mask (here, of a machine of up to 4,096 CPUs, without a look at
 * each).  Out of host memory for the mask, the run stops (sim_fail).
 */
static void cpu_load_mm(struct sim *sim, unsigned int cpu, struct mm_struct *mm)
{
	struct mm_cpu *mc = &sim->mm_cpus[cpu];

	if (mc->loaded_mm == mm)
		return;
	if (mm && !mm->cpu_bitmap) {
		mm->cpu_bitmap = calloc(cpumask_words(sim), sizeof(u64));
		if (!mm->cpu_bitmap) {
			sim_fail(sim, "out of memory for an mm's cpumask");
			return;
		}
	}
	if (mc->loaded_mm)
		mc->loaded_mm->cpu_bitmap[cpu / BITS_PER_WORD] &= ~(1ULL << (cpu % BITS_PER_WORD));
	if (mm)
		mm->cpu_bitmap[cpu / BITS_PER_WORD] |= 1ULL << (cpu % BITS_PER_WORD);
	mc->loaded_mm = mm;
}

/* exit_mmap(): the CPUs that still had @mm loaded switch to init_mm. */
void tlb_mm_forget(struct sim *sim, struct mm_struct *mm)
{
	for (unsigned int w = 0; mm->cpu_bitmap && w < cpumask_words(sim); w++) {
		while (mm->cpu_bitmap[w]) {
			unsigned int c = (unsigned int)__builtin_ctzll(mm->cpu_bitmap[w]);

			cpu_load_mm(sim, w * BITS_PER_WORD + c, NULL);
		}
	}
}

/*
 * One shootdown IPI received by @cpu (flush_tlb_func, v4.5).  A CPU that
 * runs a task of the mm pays the interrupt at its next step; one in lazy
 * TLB mode (idle, or a kernel thread borrowing the mm) leaves the mm
 * (leave_mm), so later flushes skip it, and the work lands on no task.
 */
static void tlb_irq(struct sim *sim, unsigned int cpu)
{
	struct cpu *c = &sim->eng.cpus[cpu];
	struct mm_cpu *mc = &sim->mm_cpus[cpu];

	mc->nr_tlb_irqs++;
	count_vm_event(sim, NR_TLB_REMOTE_FLUSH_RECEIVED);
	if (c->curr && c->curr->mm == mc->loaded_mm)
		c->irq_ns += sim->scn.cost.tlb_irq_ns;
	else
		cpu_load_mm(sim, cpu, NULL);
}

/* switch_mm_irqs_off() (v6.12 arch/x86/mm/tlb.c), as far as the model goes */
void switch_mm(struct sim *sim, unsigned int cpu, struct task *next)
{
	if (next->mm)
		cpu_load_mm(sim, cpu, next->mm);
}

/* flush_tlb_multi() sent by @t to @nr CPUs. */
static void flush_tlb_multi_cost(struct task *t, unsigned int nr)
{
	if (!nr) {
		count_vm_event(t->sim, NR_TLB_LOCAL_FLUSH_ALL);
		return;
	}
	count_vm_event(t->sim, NR_TLB_REMOTE_FLUSH);
	charge_sys(t, t->sim->scn.cost.tlb_ipi_ns);
}

void flush_tlb_mm_range(struct task *t, struct mm_struct *mm)
{
	struct sim *sim = t->sim;
	unsigned int self = task_cpu(t), nr = 0;

	/* the CPUs of mm_cpumask(mm) but this one, in order; tlb_irq may clear their bits */
	for (unsigned int w = 0; mm->cpu_bitmap && w < cpumask_words(sim); w++) {
		for (u64 bits = mm->cpu_bitmap[w]; bits; bits &= bits - 1) {
			unsigned int c = w * BITS_PER_WORD + (unsigned int)__builtin_ctzll(bits);

			if (c != self) {
				tlb_irq(sim, c);
				nr++;
			}
		}
	}
	flush_tlb_multi_cost(t, nr);
}

/*
 * set_tlb_ubc_flush_pending() (v6.12) with arch_tlbbatch_add_pending():
 * the CPUs having @mm loaded join the task's pending cpumask.
 */
void set_tlb_ubc_flush_pending(struct task *t, struct mm_struct *mm, bool writable)
{
	struct sim *sim = t->sim;

	if (!mm_task(t)->tlb_ubc_cpumask) {
		mm_task(t)->tlb_ubc_cpumask = calloc(cpumask_words(sim), sizeof(u64));
		if (!mm_task(t)->tlb_ubc_cpumask) {
			/* no memory for the batch: flush now, as without batching */
			flush_tlb_mm_range(t, mm);
			return;
		}
	}
	for (unsigned int w = 0; mm->cpu_bitmap && w < cpumask_words(sim); w++)
		mm_task(t)->tlb_ubc_cpumask[w] |= mm->cpu_bitmap[w];
	mm_task(t)->tlb_ubc_flush_required = true;
	mm_task(t)->tlb_ubc_writable |= writable;
}

/* try_to_unmap_flush() (v6.12) -> arch_tlbbatch_flush(): one flush_tlb_multi. */
void try_to_unmap_flush(struct task *t)
{
	struct sim *sim = t->sim;
	unsigned int self = task_cpu(t), nr = 0;

	if (!mm_task(t)->tlb_ubc_flush_required)
		return;
	for (unsigned int c = 0; c < sim->eng.nr_cpus; c++) {
		if (c != self &&
		    (mm_task(t)->tlb_ubc_cpumask[c / BITS_PER_WORD] >> (c % BITS_PER_WORD) & 1)) {
			tlb_irq(sim, c);
			nr++;
		}
	}
	flush_tlb_multi_cost(t, nr);
	for (unsigned int w = 0; w < cpumask_words(sim); w++)
		mm_task(t)->tlb_ubc_cpumask[w] = 0;
	mm_task(t)->tlb_ubc_flush_required = false;
	mm_task(t)->tlb_ubc_writable = false;
}

/* try_to_unmap_flush_dirty() (v6.12): flush before writing a page out. */
void try_to_unmap_flush_dirty(struct task *t)
{
	if (mm_task(t)->tlb_ubc_writable)
		try_to_unmap_flush(t);
}

/* ------------------------------------------------------------------ */
/* Scenario keys: TLB shootdown */
/* ------------------------------------------------------------------ */

#define P_OFF(f) .off = offsetof(struct scn_policy, f), .size = sizeof(((struct scn_policy *)0)->f)

static const struct cfg_key tlb_policy_keys[] = {
	{ .name = "tlb_flush",
	  .type = CFG_ENUM,
	  P_OFF(tlb_flush),
	  .values = CFG_VALUES("per_page", "batched"),
	  .def = "batched",
	  .doc = "TLB shootdown of reclaim's unmaps (seed 001): v4.3+ one IPI per CPU per batch / one per page" },
};
CFG_TABLE(tlb_policy_table, tlb_policy_keys);

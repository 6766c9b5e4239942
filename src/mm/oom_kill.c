// SPDX-License-Identifier: MIT
/*
 * oom_kill.c - the OOM killer (mm/oom_kill.c, v6.12): choose the task with
 * the highest badness among the candidates and kill it.  The kernel's
 * oom_reaper frees a victim's anonymous memory within milliseconds; the
 * model reaps at once, which is what the allocator's retry then sees.
 */
#include <limits.h>

#include "internal.h"

/*
 * oom_badness() (v5.9+): resident pages + swap entries + page-table pages,
 * plus oom_score_adj thousandths of @totalpages.  LONG_MIN = never.
 */
long oom_badness(struct task *p, u64 totalpages)
{
	struct mm_struct *mm = p->mm;
	long points;

	if (!mm || mm_task(p)->oom_score_adj == -1000)
		return LONG_MIN;
	points = mm->rss_stat[MM_ANONPAGES] + mm->rss_stat[MM_FILEPAGES] +
		 mm->rss_stat[MM_SWAPENTS] + (long)(mm->pgtables_bytes / p->sim->page_size);
	points += (long)mm_task(p)->oom_score_adj * (long)(totalpages / 1000);
	return points;
}

/*
 * constrained_alloc(): the memory the candidates compete for; for a memcg
 * OOM its limit plus the swap it may use (v2 swap.max, v1 memsw - max).
 */
static u64 oom_totalpages(struct sim *sim, struct mem_cgroup *memcg)
{
	u64 ram = 0, swap = sim->swap ? sim->swap->max - 1 : 0;

	if (memcg && memcg->memory.max != U64_MAX) {
		u64 sw;

		if (memcg->dfl)
			sw = memcg->swap.max;
		else
			sw = memcg->memsw.max != U64_MAX ? memcg->memsw.max - memcg->memory.max :
							   swap;
		return memcg->memory.max + min_u64(sw, swap);
	}
	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		for (int z = 0; z < MAX_NR_ZONES; z++)
			ram += sim->nodes[n].node_zones[z].managed_pages;
	return ram + swap;
}

/*
 * __oom_kill_process() (v6.12): SIGKILL takes the whole thread group, and
 * every other process sharing the victim's mm is killed with it (one
 * OOM_KILL counted, and MEMCG_OOM_KILL in the victim's group): the memory
 * goes only when all are gone.  @current, if among them, is only marked
 * (its caller unwinds and exits), the others exit now (sim->kill_task:
 * do_exit, src/kernel/exit.c).
 */
static void __oom_kill_process(struct task *current, struct task *victim)
{
	struct sim *sim = current->sim;
	struct mm_struct *mm = victim->mm;

	count_vm_event(sim, OOM_KILL);
	sim->reclaim.oom_kills++;
	memcg_memory_event(sim, victim->memcg, MEMCG_OOM_KILL);
	/* v1 memory.oom_control oom_kill and the OOM_KILL line of memory.stat */
	count_memcg_events(victim->memcg, OOM_KILL, 1);
	for (struct mem_cgroup *m = victim->memcg; m; m = m->parent)
		m->oom_kill++;
	for (unsigned int i = 0; i < sim->eng.nr_tasks; i++) {
		struct task *p = sim->eng.tasks[i];

		if (p->state == TASK_DEAD || (p != victim && p->mm != mm))
			continue;
		mm_task(p)->oom_victim = true;
		if (p != current)
			sim->kill_task(p, 9); /* do_exit, reaped at once */
	}
}

/*
 * out_of_memory()'s end when nothing can be killed (v6.12; the same text
 * since 2.6.36's rewrite): pr_warn "Out of memory and no killable
 * processes...", then panic("System is deadlocked on memory\n"), which
 * prints "Kernel panic - not syncing: " with the text and, when the
 * machine halts, "---[ end Kernel panic - not syncing: ... ]---".  The
 * run stops there; the reports say so (sim->panic) and show the figures
 * up to that instant.
 */
static void oom_panic(struct task *current)
{
	struct sim *sim = current->sim;
	u64 now = task_now(current);

	kmsg_log(sim, now, "Out of memory and no killable processes...");
	kmsg_log(sim, now, "Kernel panic - not syncing: System is deadlocked on memory");
	kmsg_log(sim, now,
		 "---[ end Kernel panic - not syncing: System is deadlocked on memory ]---");
	sim->panic = "System is deadlocked on memory";
	sim->panic_ns = now;
	sim_fail(sim,
		 "Kernel panic - not syncing: System is deadlocked on memory "
		 "(out of memory and no killable processes; %s was allocating)",
		 current->comm);
}

/*
 * out_of_memory() (v6.12) with select_bad_process()/oom_evaluate_task():
 * among user tasks (of @memcg's subtree for a memcg OOM) the highest
 * oom_badness wins, a later task with equal points replacing an earlier
 * one.  If the victim's group (or an ancestor within the OOM domain) has
 * memory.oom.group, every process of that group's subtree dies too
 * (oom_kill_memcg_member: not those with oom_score_adj -1000); a victim
 * still alive then (@current) is counted again, as in the kernel, whose
 * group scan finds it with its mm.  The model keeps no task list per
 * group: candidates and members are found by a scan of all tasks with
 * mem_cgroup_is_descendant (O(tasks x depth), not O(groups)).  Returns
 * false when there was no candidate; a system-wide OOM then panics, as
 * the kernel's does (the run stops with sim_fail), where a memcg OOM
 * fails the charge.
 */
bool out_of_memory(struct task *current, struct mem_cgroup *memcg)
{
	struct sim *sim = current->sim;
	u64 totalpages = oom_totalpages(sim, memcg);
	struct task *chosen = NULL;
	struct mem_cgroup *oom_group;
	long chosen_points = LONG_MIN;

	for (unsigned int i = 0; i < sim->eng.nr_tasks; i++) {
		struct task *p = sim->eng.tasks[i];
		long points;

		if (p->kind != TASK_USER || p->state == TASK_DEAD || mm_task(p)->oom_victim)
			continue;
		if (memcg && !mem_cgroup_is_descendant(p->memcg, memcg))
			continue;
		points = oom_badness(p, totalpages);
		if (points == LONG_MIN || points < chosen_points)
			continue;
		chosen = p;
		chosen_points = points;
	}
	if (!chosen) {
		/* a system-wide OOM with nothing to kill cannot go on: panic() */
		if (!memcg)
			oom_panic(current);
		return false;
	}

	oom_group = mem_cgroup_get_oom_group(sim, chosen, memcg);
	__oom_kill_process(current, chosen);
	if (!oom_group)
		return true;
	memcg_memory_event(sim, oom_group, MEMCG_OOM_GROUP_KILL);
	for (unsigned int i = 0; i < sim->eng.nr_tasks; i++) {
		struct task *p = sim->eng.tasks[i];

		/* css_task_iter over processes: each mm's owner once */
		if (p->kind != TASK_USER || p->state == TASK_DEAD || !p->mm || p->mm->owner != p ||
		    !mem_cgroup_is_descendant(p->memcg, oom_group) ||
		    mm_task(p)->oom_score_adj == -1000)
			continue;
		__oom_kill_process(current, p);
	}
	return true;
}

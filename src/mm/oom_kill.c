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

/* constrained_alloc(): the memory the candidates compete for. */
static u64 oom_totalpages(struct sim *sim, struct mem_cgroup *memcg)
{
	u64 ram = 0, swap = sim->swap ? sim->swap->max - 1 : 0;

	if (memcg && memcg->memory.max != U64_MAX) {
		u64 sw = memcg->memsw.max != U64_MAX ? memcg->memsw.max - memcg->memory.max : swap;

		return memcg->memory.max + min_u64(sw, swap);
	}
	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		for (int z = 0; z < MAX_NR_ZONES; z++)
			ram += sim->nodes[n].node_zones[z].managed_pages;
	return ram + swap;
}

/*
 * out_of_memory() (v6.12) with select_bad_process()/oom_evaluate_task():
 * among user tasks (of @memcg's subtree for a memcg OOM) the highest
 * oom_badness wins, a later task with equal points replacing an earlier
 * one.  The victim and the tasks sharing its mm die together; @current,
 * if among them, is only marked (its caller unwinds and exits), the
 * others exit now (sim->kill_task: do_exit, src/kernel/exit.c).  Returns false when there was
 * no candidate.
 */
bool out_of_memory(struct task *current, struct mem_cgroup *memcg)
{
	struct sim *sim = current->sim;
	u64 totalpages = oom_totalpages(sim, memcg);
	struct task *chosen = NULL;
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
	if (!chosen)
		return false;

	count_vm_event(sim, OOM_KILL);
	sim->reclaim.oom_kills++;
	/* MEMCG_OOM_KILL: local event, hierarchical oom_control count */
	count_memcg_events(chosen->memcg, OOM_KILL, 1);
	for (struct mem_cgroup *m = chosen->memcg; m; m = m->parent)
		m->oom_kill++;
	/*
	 * __oom_kill_process(): SIGKILL takes the whole thread group, and
	 * every other process sharing the victim's mm is killed with it
	 * (one OOM_KILL counted): the memory goes only when all are gone.
	 */
	{
		struct mm_struct *mm = chosen->mm;

		for (unsigned int i = 0; i < sim->eng.nr_tasks; i++) {
			struct task *p = sim->eng.tasks[i];

			if (p->state == TASK_DEAD || (p != chosen && p->mm != mm))
				continue;
			mm_task(p)->oom_victim = true;
			if (p != current)
				sim->kill_task(p, 9); /* do_exit, reaped at once */
		}
	}
	return true;
}

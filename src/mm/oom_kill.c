// SPDX-License-Identifier: MIT
/*
 * oom_kill.c - the OOM killer (mm/oom_kill.c, v6.12): choose the task with
 * the highest badness among the candidates and kill it.  The kernel's
 * oom_reaper frees a victim's anonymous memory within milliseconds; the
 * model reaps at once, which is what the allocator's retry then sees.
 */
#include <limits.h>
#include <stdio.h>

#include "internal.h"
#include "../sim/config.h"

/* cpuset_print_current_mems_allowed(): no cpusets, so every node */
void mems_allowed_str(const struct sim *sim, char *buf, size_t len)
{
	if (sim->nr_nodes > 1)
		snprintf(buf, len, "0-%u", sim->nr_nodes - 1);
	else
		snprintf(buf, len, "0");
}

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

/* ------------------------------------------------------------------
 * The OOM killer's report in the kernel log, in the text of [policy]
 * oom_report: 6.6 (read in v6.6's mm/oom_kill.c: dump_header,
 * dump_tasks/dump_task, dump_oom_summary, __oom_kill_process; the
 * profiles from 3.10 on) or 2.6.24 (read in v2.6.24's: out_of_memory's
 * header, oom_kill_process and __oom_kill_task; the 2.6.x profiles).
 * The kernel's stack dump and show_mem() / the memcg's meminfo between
 * the header and the task dump are not modelled.
 */

/* dump_header's ratelimit (oom_rs, DEFAULT_RATELIMIT_INTERVAL 5 s, BURST 10) */
static bool oom_ratelimit(struct sim *sim, u64 now)
{
	if (!sim->oom_rs_begin || now - sim->oom_rs_begin >= 5 * NSEC_PER_SEC) {
		sim->oom_rs_begin = now ? now : 1;
		sim->oom_rs_printed = 0;
	}
	return sim->oom_rs_printed++ < 10;
}

/* "/" or "/A/B": pr_cont_cgroup_path() */
static const char *oom_memcg_path(const struct mem_cgroup *memcg, char *buf, size_t len)
{
	if (!memcg->parent)
		return "/";
	snprintf(buf, len, "/%s", memcg->name);
	return buf;
}

/* dump_task(): one line per process (the owner of each mm), of @memcg's subtree */
static void oom_dump_tasks(struct sim *sim, u64 now, struct mem_cgroup *memcg)
{
	char line[KMSG_LINE_LEN];

	kmsg_log(sim, now, "Tasks state (memory values in pages):");
	kmsg_log(
		sim, now,
		"[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name");
	for (unsigned int i = 0; i < sim->eng.nr_tasks; i++) {
		struct task *p = sim->eng.tasks[i];
		struct mm_struct *mm = p->mm;

		if (p->kind != TASK_USER || p->state == TASK_DEAD || !mm || mm->owner != p)
			continue;
		if (memcg && !mem_cgroup_is_descendant(p->memcg, memcg))
			continue;
		snprintf(line, sizeof(line), "[%7d] %5d %5d %8llu %8ld %8llu %8ld         %5d %s",
			 p->pid, 0, p->pid, (unsigned long long)mm->total_vm,
			 mm->rss_stat[MM_ANONPAGES] + mm->rss_stat[MM_FILEPAGES],
			 (unsigned long long)mm->pgtables_bytes, mm->rss_stat[MM_SWAPENTS],
			 mm_task(p)->oom_score_adj, p->comm);
		kmsg_log(sim, now, line);
	}
}

/* dump_header(): what invoked it, the task dump, and the one-line summary of @victim */
static void oom_dump_header(struct task *current, struct mem_cgroup *memcg, gfp_t gfp,
			    unsigned int order, struct task *victim)
{
	struct sim *sim = current->sim;
	u64 now = task_now(current);
	char line[2 * KMSG_LINE_LEN], names[192], a[SCN_PATH_LEN + 2], b[SCN_PATH_LEN + 2];
	char mems[16];

	if (sim->scn.policy.oom_report_2_6_24) {
		snprintf(line, sizeof(line),
			 "%s invoked oom-killer: gfp_mask=%#x, order=%u, oomkilladj=%d",
			 current->comm, gfp, order, mm_task(current)->oom_score_adj);
		kmsg_log(sim, now, line);
		return;
	}
	gfp_format(gfp, names, sizeof(names));
	snprintf(line, sizeof(line),
		 "%s invoked oom-killer: gfp_mask=%#x(%s), order=%u, oom_score_adj=%d",
		 current->comm, gfp, names, order, mm_task(current)->oom_score_adj);
	kmsg_log(sim, now, line);
	oom_dump_tasks(sim, now, memcg);
	if (!victim)
		return;
	mems_allowed_str(sim, mems, sizeof(mems));
	snprintf(
		line, sizeof(line),
		"oom-kill:constraint=%s,nodemask=(null),cpuset=/,mems_allowed=%s,%s%s%stask_memcg=%s,task=%s,pid=%d,uid=0",
		memcg ? "CONSTRAINT_MEMCG" : "CONSTRAINT_NONE", mems,
		memcg ? "oom_memcg=" : "global_oom,",
		memcg ? oom_memcg_path(memcg, a, sizeof(a)) : "", memcg ? "," : "",
		oom_memcg_path(victim->memcg, b, sizeof(b)), victim->comm, victim->pid);
	kmsg_log(sim, now, line);
}

/* __oom_kill_process()'s line (6.6), or oom_kill_process() and __oom_kill_task()'s (2.6.24) */
static void oom_report_kill(struct task *current, struct task *victim, bool is_memcg, long points)
{
	struct sim *sim = current->sim;
	struct mm_struct *mm = victim->mm;
	u64 kb = sim->page_size / 1024;
	const char *message = is_memcg ? "Memory cgroup out of memory" : "Out of memory";
	char line[KMSG_LINE_LEN];

	if (sim->scn.policy.oom_report_2_6_24) {
		snprintf(line, sizeof(line),
			 "Out of Memory: Kill process %d (%s) score %ld and children.", victim->pid,
			 victim->comm, points);
		kmsg_log(sim, task_now(current), line);
		snprintf(line, sizeof(line), "%s: Killed process %d (%s).", message, victim->pid,
			 victim->comm);
		kmsg_log(sim, task_now(current), line);
		return;
	}
	snprintf(
		line, sizeof(line),
		"%s: Killed process %d (%s) total-vm:%llukB, anon-rss:%llukB, file-rss:%llukB, shmem-rss:0kB, UID:0 pgtables:%llukB oom_score_adj:%d",
		message, victim->pid, victim->comm, (unsigned long long)(mm->total_vm * kb),
		(unsigned long long)mm->rss_stat[MM_ANONPAGES] * kb,
		(unsigned long long)mm->rss_stat[MM_FILEPAGES] * kb,
		(unsigned long long)(mm->pgtables_bytes >> 10), mm_task(victim)->oom_score_adj);
	kmsg_log(sim, task_now(current), line);
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
static void oom_panic(struct task *current, gfp_t gfp, unsigned int order)
{
	struct sim *sim = current->sim;
	u64 now = task_now(current);

	oom_dump_header(current, NULL, gfp, order, NULL);
	if (sim->scn.policy.oom_report_2_6_24) {
		/* before 2.6.36: panic("Out of memory and no killable processes...") */
		sim->panic = "Out of memory and no killable processes...";
		kmsg_log(sim, now,
			 "Kernel panic - not syncing: Out of memory and no killable processes...");
	} else {
		sim->panic = "System is deadlocked on memory";
		kmsg_log(sim, now, "Out of memory and no killable processes...");
		kmsg_log(sim, now, "Kernel panic - not syncing: System is deadlocked on memory");
		kmsg_log(
			sim, now,
			"---[ end Kernel panic - not syncing: System is deadlocked on memory ]---");
	}
	sim->panic_ns = now;
	sim_fail(
		sim,
		"Kernel panic - not syncing: %s (out of memory and no killable processes; %s was allocating)",
		sim->panic, current->comm);
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
bool out_of_memory(struct task *current, struct mem_cgroup *memcg, gfp_t gfp, unsigned int order)
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
			oom_panic(current, gfp, order);
		return false;
	}

	if (oom_ratelimit(sim, task_now(current)))
		oom_dump_header(current, memcg, gfp, order, chosen);
	oom_report_kill(current, chosen, memcg, chosen_points);
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
		oom_report_kill(current, p, memcg, 0);
		__oom_kill_process(current, p);
	}
	return true;
}

/* ---- the [policy] key of the report's text ---- */

static const struct cfg_key oom_kill_policy_keys[] = {
	{ .name = "oom_report",
	  .type = CFG_ENUM,
	  .off = offsetof(struct scn_policy, oom_report_2_6_24),
	  .size = sizeof(bool),
	  .values = CFG_VALUES("6.6", "2.6.24"),
	  .def = "6.6",
	  .doc = "the OOM killer's report in dmesg: v6.6's ('COMM invoked oom-killer: gfp_mask=...', the task dump, 'oom-kill:constraint=...', 'Out of memory: Killed process N (COMM) total-vm:...', the panic 'System is deadlocked on memory') / v2.6.24's (the header with oomkilladj, 'Out of Memory: Kill process N (COMM) score S and children.', 'Out of memory: Killed process N (COMM).', the panic 'Out of memory and no killable processes...'); the texts between (2.6.25..6.5) are not modelled" },
};
CFG_TABLE(oom_kill_policy_table, oom_kill_policy_keys);

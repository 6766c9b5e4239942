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
 * oom_report: each value is the text of the kernels from the one it is
 * named after to the next value's (3.10 and 4.12 are named after the
 * kernel read: when their text first appeared, 3.x and 4.8 or 4.9, is
 * not pinned down here), read in their mm/oom_kill.c
 * (dump_header, dump_tasks, oom_kill_process, __oom_kill_task /
 * oom_kill_task, out_of_memory) and kernel/cpuset.c
 * (cpuset_print_task_mems_allowed):
 *   2.6.24  (2.6.24..2.6.30): header with oomkilladj; "MSG: kill process
 *           N (COMM) score S or a child"; "Killed process N (COMM)"; the
 *           task dump off (sysctl oom_dump_tasks = 0); the panic alone.
 *   2.6.31  (..2.6.33): header with oom_adj (2.6.31 moved the value to the
 *           mm, 2.6.32 to signal_struct; the text stayed) and the
 *           "COMM cpuset=/ mems_allowed=0" line.
 *   2.6.34  (..2.6.35): "Killed process" gains "vsz:, anon-rss:,
 *           file-rss:" (2.6.33, with the split mm counters), and the
 *           panic prints dump_header first (commit 1b604d75).
 *   3.10    (2.6.36's rewrite as 3.10 printed it): oom_score_adj in the
 *           header; the task dump on by default with nr_ptes and swapents;
 *           "MSG: Kill process N (COMM) score S or sacrifice child", S the
 *           badness in thousandths of totalpages; "Killed process N (COMM)
 *           total-vm:..kB, anon-rss:..kB, file-rss:..kB".
 *   4.0     (..4.4): the task dump gains nr_pmds (pmd page tables counted
 *           per mm, 4.0).
 *   4.5     (..4.8): the gfp flags' names after the mask (%pGg) and
 *           shmem-rss in "Killed process" (both 4.5).
 *   4.12    (..4.18): "nodemask=(null)," before the order in the header.
 *   6.6     (4.19's reorganised report as 6.6 prints it): "Tasks state"
 *           with pgtables_bytes, the "oom-kill:constraint=..." summary
 *           line, "MSG: Killed process ... UID:0 pgtables:..kB
 *           oom_score_adj:N" alone, and the panic "System is deadlocked on
 *           memory" with its end marker.
 * Not modelled: the stack dump, show_mem() and the memcg's
 * mem_cgroup_print_oom_info()/meminfo between the header and the task
 * dump, the oom_reaper's line, and the panic's end marker before 6.6;
 * gfp_mask is printed in the model's (v6.12) bit layout for every form;
 * the 2.6 forms' score is the model's oom_badness (v5.9+), not 2.6's
 * total_vm heuristic (badness()).
 */

/* [policy] oom_report's values, in its key's order */
enum {
	OOM_REPORT_6_6,
	OOM_REPORT_2_6_24,
	OOM_REPORT_2_6_31,
	OOM_REPORT_2_6_34,
	OOM_REPORT_3_10,
	OOM_REPORT_4_0,
	OOM_REPORT_4_5,
	OOM_REPORT_4_12,
};

/* dump_tasks(): none (oom_dump_tasks = 0), or its columns of the time */
enum oom_tasks { OOM_TASKS_OFF, OOM_TASKS_NR_PTES, OOM_TASKS_NR_PMDS, OOM_TASKS_PGTABLES };

/* the kill lines: 2.6's "or a child", 2.6.36's "or sacrifice child", 4.19+'s one line */
enum oom_kill_text { OOM_KILL_OR_A_CHILD, OOM_KILL_SACRIFICE, OOM_KILL_KILLED };

/* the figures after "Killed process N (COMM)" before 4.19's one line */
enum oom_killed_rss { OOM_RSS_NONE, OOM_RSS_VSZ, OOM_RSS_TOTAL_VM, OOM_RSS_SHMEM };

struct oom_form {
	const char *adj; /* the header's name of current's adjustment */
	bool cpuset; /* the "COMM cpuset=/ mems_allowed=N" line after the header */
	bool gfp_names; /* the flags' names after the mask (%pGg) */
	bool nodemask; /* "nodemask=(null),  " before the order */
	bool panic_header; /* dump_header() before the no-killable panic */
	enum oom_tasks tasks;
	enum oom_kill_text kill;
	enum oom_killed_rss rss;
};

/* clang-format off */
static const struct oom_form oom_forms[] = {
	[OOM_REPORT_2_6_24] = { "oomkilladj", false, false, false, false,
				OOM_TASKS_OFF, OOM_KILL_OR_A_CHILD, OOM_RSS_NONE },
	[OOM_REPORT_2_6_31] = { "oom_adj", true, false, false, false,
				OOM_TASKS_OFF, OOM_KILL_OR_A_CHILD, OOM_RSS_NONE },
	[OOM_REPORT_2_6_34] = { "oom_adj", true, false, false, true,
				OOM_TASKS_OFF, OOM_KILL_OR_A_CHILD, OOM_RSS_VSZ },
	[OOM_REPORT_3_10] = { "oom_score_adj", true, false, false, true,
			      OOM_TASKS_NR_PTES, OOM_KILL_SACRIFICE, OOM_RSS_TOTAL_VM },
	[OOM_REPORT_4_0] = { "oom_score_adj", true, false, false, true,
			     OOM_TASKS_NR_PMDS, OOM_KILL_SACRIFICE, OOM_RSS_TOTAL_VM },
	[OOM_REPORT_4_5] = { "oom_score_adj", true, true, false, true,
			     OOM_TASKS_NR_PMDS, OOM_KILL_SACRIFICE, OOM_RSS_SHMEM },
	[OOM_REPORT_4_12] = { "oom_score_adj", true, true, true, true,
			      OOM_TASKS_NR_PMDS, OOM_KILL_SACRIFICE, OOM_RSS_SHMEM },
	[OOM_REPORT_6_6] = { "oom_score_adj", false, true, false, true,
			     OOM_TASKS_PGTABLES, OOM_KILL_KILLED, OOM_RSS_SHMEM },
};
/* clang-format on */

static const struct oom_form *oom_form(const struct sim *sim)
{
	return &oom_forms[sim->scn.policy.oom_report];
}

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

/*
 * dump_task(): one line per process (the owner of each mm), of @memcg's
 * subtree, in the columns of @f's kernel.  rss is get_mm_rss(); the model
 * counts page tables in pgtables_bytes, one 4 KiB PTE page per 512 pages
 * (memory.c), so nr_ptes is that over 4096 and nr_pmds one pmd page per
 * 512 PTE pages, as for one contiguous mapping.
 */
static void oom_dump_tasks(struct sim *sim, u64 now, struct mem_cgroup *memcg,
			   const struct oom_form *f)
{
	char line[KMSG_LINE_LEN];

	if (f->tasks == OOM_TASKS_OFF)
		return;
	if (f->tasks == OOM_TASKS_PGTABLES) {
		kmsg_log(sim, now, "Tasks state (memory values in pages):");
		kmsg_log(
			sim, now,
			"[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name");
	} else if (f->tasks == OOM_TASKS_NR_PMDS) {
		kmsg_log(
			sim, now,
			"[ pid ]   uid  tgid total_vm      rss nr_ptes nr_pmds swapents oom_score_adj name");
	} else {
		kmsg_log(
			sim, now,
			"[ pid ]   uid  tgid total_vm      rss nr_ptes swapents oom_score_adj name");
	}
	for (unsigned int i = 0; i < sim->eng.nr_tasks; i++) {
		struct task *p = sim->eng.tasks[i];
		struct mm_struct *mm = p->mm;
		unsigned long long vm, ptes;
		long rss;

		if (p->kind != TASK_USER || p->state == TASK_DEAD || !mm || mm->owner != p)
			continue;
		if (memcg && !mem_cgroup_is_descendant(p->memcg, memcg))
			continue;
		vm = (unsigned long long)mm->total_vm;
		rss = mm->rss_stat[MM_ANONPAGES] + mm->rss_stat[MM_FILEPAGES];
		ptes = (unsigned long long)(mm->pgtables_bytes / 4096);
		if (f->tasks == OOM_TASKS_PGTABLES)
			snprintf(line, sizeof(line),
				 "[%7d] %5d %5d %8llu %8ld %8llu %8ld         %5d %s", p->pid, 0,
				 p->pid, vm, rss, (unsigned long long)mm->pgtables_bytes,
				 mm->rss_stat[MM_SWAPENTS], mm_task(p)->oom_score_adj, p->comm);
		else if (f->tasks == OOM_TASKS_NR_PMDS)
			snprintf(line, sizeof(line),
				 "[%5d] %5d %5d %8llu %8ld %7llu %7llu %8ld         %5d %s", p->pid,
				 0, p->pid, vm, rss, ptes, (ptes + 511) / 512,
				 mm->rss_stat[MM_SWAPENTS], mm_task(p)->oom_score_adj, p->comm);
		else
			snprintf(line, sizeof(line),
				 "[%5d] %5d %5d %8llu %8ld %7llu %8ld         %5d %s", p->pid, 0,
				 p->pid, vm, rss, ptes, mm->rss_stat[MM_SWAPENTS],
				 mm_task(p)->oom_score_adj, p->comm);
		kmsg_log(sim, now, line);
	}
}

/*
 * dump_header(): what invoked it, the task dump, and (4.19+) the one-line
 * summary of @victim.
 */
static void oom_dump_header(struct task *current, struct mem_cgroup *memcg, gfp_t gfp,
			    unsigned int order, struct task *victim)
{
	struct sim *sim = current->sim;
	const struct oom_form *f = oom_form(sim);
	u64 now = task_now(current);
	char line[2 * KMSG_LINE_LEN], names[192], a[SCN_PATH_LEN + 2], b[SCN_PATH_LEN + 2];
	char mask[224], mems[16];

	if (f->gfp_names) {
		gfp_format(gfp, names, sizeof(names));
		snprintf(mask, sizeof(mask), "%#x(%s)", gfp, names);
	} else {
		snprintf(mask, sizeof(mask), "0x%x", gfp);
	}
	snprintf(line, sizeof(line), "%s invoked oom-killer: gfp_mask=%s, %sorder=%u, %s=%d",
		 current->comm, mask, f->nodemask ? "nodemask=(null),  " : "", order, f->adj,
		 mm_task(current)->oom_score_adj);
	kmsg_log(sim, now, line);
	mems_allowed_str(sim, mems, sizeof(mems));
	if (f->cpuset) {
		snprintf(line, sizeof(line), "%s cpuset=/ mems_allowed=%s", current->comm, mems);
		kmsg_log(sim, now, line);
	}
	oom_dump_tasks(sim, now, memcg, f);
	if (!victim || f->kill != OOM_KILL_KILLED)
		return;
	snprintf(
		line, sizeof(line),
		"oom-kill:constraint=%s,nodemask=(null),cpuset=/,mems_allowed=%s,%s%s%stask_memcg=%s,task=%s,pid=%d,uid=0",
		memcg ? "CONSTRAINT_MEMCG" : "CONSTRAINT_NONE", mems,
		memcg ? "oom_memcg=" : "global_oom,",
		memcg ? oom_memcg_path(memcg, a, sizeof(a)) : "", memcg ? "," : "",
		oom_memcg_path(victim->memcg, b, sizeof(b)), victim->comm, victim->pid);
	kmsg_log(sim, now, line);
}

/*
 * The kill lines of @f's kernel: oom_kill_process()'s "Kill process" with
 * @points (2.6: as chosen; 2.6.36..4.18: oom_badness, at least 1, in
 * thousandths of @totalpages, as select_bad_process() scaled it) and
 * "Killed process", or 4.19+'s __oom_kill_process() line alone.
 */
static void oom_report_kill(struct task *current, struct task *victim, bool is_memcg, long points,
			    u64 totalpages)
{
	struct sim *sim = current->sim;
	const struct oom_form *f = oom_form(sim);
	struct mm_struct *mm = victim->mm;
	u64 kb = sim->page_size / 1024;
	unsigned long long vm = (unsigned long long)(mm->total_vm * kb);
	unsigned long long anon = (unsigned long long)mm->rss_stat[MM_ANONPAGES] * kb;
	unsigned long long file = (unsigned long long)mm->rss_stat[MM_FILEPAGES] * kb;
	const char *message = is_memcg ? "Memory cgroup out of memory" : "Out of memory";
	char line[KMSG_LINE_LEN];
	int n;

	if (f->kill == OOM_KILL_KILLED) {
		snprintf(
			line, sizeof(line),
			"%s: Killed process %d (%s) total-vm:%llukB, anon-rss:%llukB, file-rss:%llukB, shmem-rss:0kB, UID:0 pgtables:%llukB oom_score_adj:%d",
			message, victim->pid, victim->comm, vm, anon, file,
			(unsigned long long)(mm->pgtables_bytes >> 10),
			mm_task(victim)->oom_score_adj);
		kmsg_log(sim, task_now(current), line);
		return;
	}
	if (f->kill == OOM_KILL_OR_A_CHILD)
		snprintf(line, sizeof(line), "%s: kill process %d (%s) score %ld or a child",
			 message, victim->pid, victim->comm, points);
	else
		snprintf(line, sizeof(line),
			 "%s: Kill process %d (%s) score %llu or sacrifice child", message,
			 victim->pid, victim->comm,
			 (unsigned long long)(points > 0 ? points : 1) * 1000 /
				 (totalpages ? totalpages : 1));
	kmsg_log(sim, task_now(current), line);
	n = snprintf(line, sizeof(line), "Killed process %d (%s)", victim->pid, victim->comm);
	if (f->rss == OOM_RSS_VSZ)
		snprintf(line + n, sizeof(line) - (size_t)n,
			 " vsz:%llukB, anon-rss:%llukB, file-rss:%llukB", vm, anon, file);
	else if (f->rss != OOM_RSS_NONE)
		snprintf(line + n, sizeof(line) - (size_t)n,
			 " total-vm:%llukB, anon-rss:%llukB, file-rss:%llukB%s", vm, anon, file,
			 f->rss == OOM_RSS_SHMEM ? ", shmem-rss:0kB" : "");
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
 * out_of_memory()'s end when nothing can be killed: from 2.6.34 (and in
 * 6.6's text) dump_header() first; then until 4.18 panic("Out of memory
 * and no killable processes..."), since 4.19 that line as a warning and
 * panic("System is deadlocked on memory\n").  panic() prints "Kernel
 * panic - not syncing: " with the text and, when the machine halts,
 * "---[ end Kernel panic - not syncing: ... ]---" (printed in 6.6's text
 * only: when older kernels began to is not established here).  The run
 * stops there; the reports say so (sim->panic) and show the figures up to
 * that instant.
 */
static void oom_panic(struct task *current, gfp_t gfp, unsigned int order)
{
	struct sim *sim = current->sim;
	const struct oom_form *f = oom_form(sim);
	u64 now = task_now(current);

	if (f->panic_header)
		oom_dump_header(current, NULL, gfp, order, NULL);
	if (f->kill != OOM_KILL_KILLED) {
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
	oom_report_kill(current, chosen, memcg, chosen_points, totalpages);
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
		oom_report_kill(current, p, memcg, 0, totalpages);
		__oom_kill_process(current, p);
	}
	return true;
}

/* ---- the [policy] key of the report's text ---- */

static const struct cfg_key oom_kill_policy_keys[] = {
	{ .name = "oom_report",
	  .type = CFG_ENUM,
	  .off = offsetof(struct scn_policy, oom_report),
	  .size = sizeof(int),
	  .values = CFG_VALUES("6.6", "2.6.24", "2.6.31", "2.6.34", "3.10", "4.0", "4.5", "4.12"),
	  .def = "6.6",
	  .doc = "the OOM killer's report in dmesg, each value the text of the kernels from the one it names to the next value's (docs/output.md shows every line): 6.6 (4.19's report: 'Tasks state' with pgtables_bytes, 'oom-kill:constraint=...', 'Out of memory: Killed process N (COMM) total-vm:... UID:0 pgtables:... oom_score_adj:N', the panic 'System is deadlocked on memory') / 2.6.24 (header with oomkilladj, 'Out of memory: kill process N (COMM) score S or a child', 'Killed process N (COMM)', no task dump, the panic 'Out of memory and no killable processes...' alone) / 2.6.31 (oom_adj and the cpuset line) / 2.6.34 ('Killed process' with vsz/anon-rss/file-rss, the header before the panic) / 3.10 (oom_score_adj, the task dump with nr_ptes swapents, 'Kill process N (COMM) score S or sacrifice child', 'Killed process ... total-vm:') / 4.0 (nr_pmds in the task dump) / 4.5 (gfp flag names, shmem-rss) / 4.12 ('nodemask=(null),' in the header)" },
};
CFG_TABLE(oom_kill_policy_table, oom_kill_policy_keys);

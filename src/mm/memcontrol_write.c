// SPDX-License-Identifier: MIT
/*
 * memcontrol_write.c - writes to a memory cgroup's interface files at a
 * scheduled virtual time (the [at TIME] sections of a scenario): the
 * kernel's write handlers of mm/memcontrol.c (v6.12) for memory.min,
 * memory.low, memory.high, memory.max, memory.swap.max, memory.oom.group
 * and memory.reclaim (cgroup v2), and memory.limit_in_bytes,
 * memory.memsw.limit_in_bytes and memory.swappiness (cgroup v1).
 *
 * A write runs in the writer's context in the kernel (reclaim, OOM kills
 * and their CPU time are the writer's): each [at TIME] section is one
 * short-lived writer task (a shell running its lines in file order, in
 * the root group) that starts at TIME, charges each write's syscall and
 * everything the handler does to its own sys time, and exits.  Each write
 * is logged (sim->action_log): when it began and returned, what the
 * handler returned, what it reclaimed and killed, and the group's usage
 * when it returned.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "../sim/config.h"
#include "../sim/scenario.h"

/* ------------------------------------------------------------------ */
/* Scenario keys: the lines of [at TIME], cgroup.NAME.KEY = VALUE     */
/* ------------------------------------------------------------------ */

#define A_OFF .off = offsetof(struct scn_action, value)

/*
 * The group keys that can change at run time, spelt as in [cgroup NAME]
 * (parent and cgroup cannot: the kernel has no such write), and reclaim.
 * The order is enum memcg_action_key's.
 */
static const struct cfg_key action_keys[] = {
	[MEMCG_ACT_MIN] = { .name = "min",
			    .type = CFG_SIZE,
			    A_OFF,
			    .flags = CFG_F_MAX,
			    .def_doc = "none",
			    .doc = "v2 memory.min (memory_min_write): set; protection is recomputed at the next reclaim" },
	[MEMCG_ACT_LOW] = { .name = "low",
			    .type = CFG_SIZE,
			    A_OFF,
			    .flags = CFG_F_MAX,
			    .def_doc = "none",
			    .doc = "v2 memory.low (memory_low_write): as min" },
	[MEMCG_ACT_HIGH] = { .name = "high",
			     .type = CFG_SIZE,
			     A_OFF,
			     .flags = CFG_F_MAX,
			     .def_doc = "none",
			     .doc = "v2 memory.high (memory_high_write): set, drain the charge stocks, reclaim down to it (16 attempts without progress), never OOM" },
	[MEMCG_ACT_MAX] = { .name = "max",
			    .type = CFG_SIZE,
			    A_OFF,
			    .flags = CFG_F_POSITIVE | CFG_F_MAX,
			    .def_doc = "none",
			    .doc = "v2 memory.max (memory_max_write): set, drain the charge stocks, reclaim (16 attempts without progress), then OOM-kill in the group until usage <= max or no task is left" },
	[MEMCG_ACT_SWAP_MAX] = { .name = "swap_max",
				 .type = CFG_SIZE,
				 A_OFF,
				 .flags = CFG_F_MAX,
				 .def_doc = "none",
				 .doc = "v2 memory.swap.max (swap_max_write): set; swap already used stays" },
	[MEMCG_ACT_OOM_GROUP] = { .name = "oom_group",
				  .type = CFG_U64,
				  A_OFF,
				  .min = 0,
				  .max = 1,
				  .def_doc = "none",
				  .doc = "v2 memory.oom.group (memory_oom_group_write)" },
	[MEMCG_ACT_RECLAIM] = { .name = "reclaim",
				.type = CFG_SIZE,
				A_OFF,
				.flags = CFG_F_POSITIVE,
				.def_doc = "none",
				.doc = "v2 memory.reclaim (memory_reclaim): reclaim this much from the group's subtree; the log says 0 or -EAGAIN (gave up after 16 batches without progress)" },
	[MEMCG_ACT_LIMIT] = { .name = "limit",
			      .type = CFG_SIZE,
			      A_OFF,
			      .flags = CFG_F_POSITIVE | CFG_F_MAX,
			      .def_doc = "none",
			      .doc = "v1 memory.limit_in_bytes (mem_cgroup_resize_max): reclaim until usage fits, else -EBUSY and the old limit stays; -EINVAL above memsw_limit" },
	[MEMCG_ACT_MEMSW_LIMIT] = { .name = "memsw_limit",
				    .type = CFG_SIZE,
				    A_OFF,
				    .flags = CFG_F_POSITIVE | CFG_F_MAX,
				    .def_doc = "none",
				    .doc = "v1 memory.memsw.limit_in_bytes (mem_cgroup_resize_max, reclaim without swap): -EBUSY, -EINVAL as limit; -EINVAL below limit" },
	[MEMCG_ACT_SWAPPINESS] = { .name = "swappiness",
				   .type = CFG_U64,
				   A_OFF,
				   .min = 0,
				   .max = 200,
				   .def_doc = "none",
				   .doc = "v1 memory.swappiness (mem_cgroup_swappiness_write)" },
};
_Static_assert(CFG_ARRAY_SIZE(action_keys) == NR_MEMCG_ACT, "one key per memcg_action_key");
CFG_TABLE(memcg_action_table, action_keys);

/* The interface file each key writes, for the log. */
static const char *const action_file[NR_MEMCG_ACT] = {
	[MEMCG_ACT_MIN] = "memory.min",
	[MEMCG_ACT_LOW] = "memory.low",
	[MEMCG_ACT_HIGH] = "memory.high",
	[MEMCG_ACT_MAX] = "memory.max",
	[MEMCG_ACT_SWAP_MAX] = "memory.swap.max",
	[MEMCG_ACT_OOM_GROUP] = "memory.oom.group",
	[MEMCG_ACT_RECLAIM] = "memory.reclaim",
	[MEMCG_ACT_LIMIT] = "memory.limit_in_bytes",
	[MEMCG_ACT_MEMSW_LIMIT] = "memory.memsw.limit_in_bytes",
	[MEMCG_ACT_SWAPPINESS] = "memory.swappiness",
};

const char *memcg_action_file(unsigned int key)
{
	return key < NR_MEMCG_ACT ? action_file[key] : "?";
}

const char *memcg_action_result(const struct memcg_action_log *log)
{
	if (!log->started)
		return "not run";
	if (!log->done)
		return "unfinished";
	switch (log->err) {
	case 0:
		return "0";
	case -EAGAIN:
		return "-EAGAIN";
	case -EBUSY:
		return "-EBUSY";
	case -EINVAL:
		return "-EINVAL";
	case -EINTR:
		return "-EINTR";
	default:
		return "-E?";
	}
}

/* Keys of cgroup v1 files; the others are v2's. */
static bool action_key_v1(unsigned int key)
{
	return key >= MEMCG_ACT_LIMIT;
}

int memcg_check_actions(const struct scenario *s, char *err, size_t errlen)
{
	for (unsigned int i = 0; i < s->nr_actions; i++) {
		const struct scn_action *a = &s->actions[i];
		const char *key = action_keys[a->key].name;
		int c = scn_find_cgroup(s, a->cgroup);
		bool dfl;

		if (c < 0)
			return cfg_fail_at(s, a->line, a->line, err, errlen,
					   "[at %s] cgroup.%s.%s: no [cgroup %s] in the scenario",
					   a->when, a->cgroup, key, a->cgroup);
		dfl = scn_cgroup_dfl(s, &s->cgroups[c]);
		if (dfl == action_key_v1(a->key))
			return cfg_fail_at(
				s, a->line, a->line, err, errlen,
				"[at %s] cgroup.%s.%s: a cgroup %s key, but the group is %s (%s has no %s)",
				a->when, a->cgroup, key, dfl ? "v1" : "v2", dfl ? "v2" : "v1",
				dfl ? "cgroup v2" : "cgroup v1", action_file[a->key]);
		if (a->time_ns > s->run.duration_ns)
			return cfg_fail_at(
				s, a->section_line, a->section_line, err, errlen,
				"[at %s]: after run.duration (%llu ns): the writes would never happen",
				a->when, (unsigned long long)s->run.duration_ns);
		/* a limit of less than a page is refused in [cgroup] too */
		if ((a->key == MEMCG_ACT_MAX || a->key == MEMCG_ACT_LIMIT ||
		     a->key == MEMCG_ACT_MEMSW_LIMIT) &&
		    a->value < s->machine.page_size)
			return cfg_fail_at(
				s, a->line, a->line, err, errlen,
				"[at %s] cgroup.%s.%s: must be at least one page (%u bytes)",
				a->when, a->cgroup, key, s->machine.page_size);
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* The write handlers (mm/memcontrol.c, v6.12), in the writer's task  */
/* ------------------------------------------------------------------ */

/*
 * memory_high_write() (v6.12): set memory.high, then reclaim the excess
 * (the stocks drained first) until usage fits, a reclaim without progress
 * after MAX_RECLAIM_RETRIES others; no OOM.  Always succeeds.
 */
static int memory_high_write(struct task *t, struct mem_cgroup *memcg, u64 high, u64 *reclaimed)
{
	unsigned int nr_retries = MAX_RECLAIM_RETRIES;
	bool drained = false;

	memcg->memory.high = high;
	for (;;) {
		u64 nr_pages = memcg->memory.usage;
		unsigned long r;

		if (nr_pages <= high)
			break;
		if (!drained) {
			drain_all_stock(t->sim, memcg);
			drained = true;
			continue;
		}
		r = try_to_free_mem_cgroup_pages(t, memcg, (unsigned long)(nr_pages - high), true);
		*reclaimed += r;
		if (!r && !nr_retries--)
			break;
	}
	return 0;
}

/*
 * memory_max_write() (v6.12): set memory.max, drain the stocks, reclaim
 * the excess until MAX_RECLAIM_RETRIES reclaims made no progress, then
 * count an OOM event and OOM-kill in the group until usage fits or
 * there is no task left to kill.  Always succeeds (usage may stay above
 * max: page cache no task owns).
 */
static int memory_max_write(struct task *t, struct mem_cgroup *memcg, u64 max, u64 *reclaimed)
{
	unsigned int nr_reclaims = MAX_RECLAIM_RETRIES;
	bool drained = false;

	memcg->memory.max = max;
	for (;;) {
		u64 nr_pages = memcg->memory.usage;

		if (nr_pages <= max)
			break;
		if (mm_task(t)->oom_victim)
			break; /* signal_pending() */
		if (!drained) {
			drain_all_stock(t->sim, memcg);
			drained = true;
			continue;
		}
		if (nr_reclaims) {
			unsigned long r = try_to_free_mem_cgroup_pages(
				t, memcg, (unsigned long)(nr_pages - max), true);

			*reclaimed += r;
			if (!r)
				nr_reclaims--;
			continue;
		}
		memcg_memory_event(t->sim, memcg, MEMCG_OOM);
		if (!out_of_memory(t, memcg, GFP_KERNEL, 0))
			break;
	}
	return 0;
}

/*
 * mem_cgroup_resize_max() (v6.12, cgroup v1): the new limit takes only
 * when usage fits under it (page_counter_set_max); until then drain the
 * stocks once and reclaim (no swap for the memsw limit), -EBUSY when a
 * reclaim frees nothing.  memory.limit_in_bytes may not exceed
 * memory.memsw.limit_in_bytes, nor the reverse: -EINVAL.
 */
static int mem_cgroup_resize_max(struct task *t, struct mem_cgroup *memcg, u64 max, bool memsw,
				 u64 *reclaimed)
{
	struct page_counter *counter = memsw ? &memcg->memsw : &memcg->memory;
	bool drained = false;

	for (;;) {
		unsigned long r;

		if (mm_task(t)->oom_victim)
			return -EINTR;
		if (memsw ? max < memcg->memory.max : max > memcg->memsw.max)
			return -EINVAL;
		if (!page_counter_set_max(counter, max))
			return 0;
		if (!drained) {
			drain_all_stock(t->sim, memcg);
			drained = true;
			continue;
		}
		r = try_to_free_mem_cgroup_pages(t, memcg, 1, !memsw);
		*reclaimed += r;
		if (!r)
			return -EBUSY;
	}
}

/*
 * One write of action @a to its group's file: the handler's return (0 or
 * -errno), the pages it reclaimed in *@reclaimed.  Sizes are turned into
 * pages as page_counter_memparse() does (rounded down; max stays max).
 */
static int memcg_action_write(struct task *t, const struct scn_action *a, u64 *reclaimed)
{
	struct sim *sim = t->sim;
	struct mem_cgroup *memcg = mem_cgroup_by_name(sim, a->cgroup);
	u64 pages = a->value == U64_MAX ? U64_MAX : a->value / sim->page_size;

	switch ((enum memcg_action_key)a->key) {
	case MEMCG_ACT_MIN:
		page_counter_set_min(&memcg->memory, pages);
		return 0;
	case MEMCG_ACT_LOW:
		page_counter_set_low(&memcg->memory, pages);
		return 0;
	case MEMCG_ACT_HIGH:
		return memory_high_write(t, memcg, pages, reclaimed);
	case MEMCG_ACT_MAX:
		return memory_max_write(t, memcg, pages, reclaimed);
	case MEMCG_ACT_SWAP_MAX:
		memcg->swap.max = pages;
		return 0;
	case MEMCG_ACT_OOM_GROUP:
		memcg->oom_group = a->value;
		return 0;
	case MEMCG_ACT_RECLAIM:
		return memory_reclaim(t, memcg, pages, reclaimed);
	case MEMCG_ACT_LIMIT:
		return mem_cgroup_resize_max(t, memcg, pages, false, reclaimed);
	case MEMCG_ACT_MEMSW_LIMIT:
		return mem_cgroup_resize_max(t, memcg, pages, true, reclaimed);
	case MEMCG_ACT_SWAPPINESS:
		memcg->swappiness = (int)a->value;
		return 0;
	case NR_MEMCG_ACT:
		break;
	}
	return -EINVAL;
}

/*
 * The writer of one [at TIME] section: its lines from action
 * t->fn_arg on, in file order, each a write() syscall.
 */
static void memcg_action_writer(struct task *t)
{
	struct sim *sim = t->sim;
	unsigned int first = (unsigned int)(uintptr_t)t->fn_arg;

	for (unsigned int i = first;
	     i < sim->scn.nr_actions &&
	     sim->scn.actions[i].section_line == sim->scn.actions[first].section_line;
	     i++) {
		struct memcg_action_log *log = &sim->action_log[i];
		u64 kills = sim->reclaim.oom_kills, stime = t->stime_ns + t->step_sys_ns;

		log->started = true;
		log->start_ns = task_now(t);
		charge_sys(t, sim->scn.cost.syscall_ns);
		log->err = memcg_action_write(t, &sim->scn.actions[i], &log->reclaimed);
		log->oom_kills = sim->reclaim.oom_kills - kills;
		log->usage = mem_cgroup_by_name(sim, sim->scn.actions[i].cgroup)->memory.usage;
		log->sys_ns = t->stime_ns + t->step_sys_ns - stime;
		log->end_ns = task_now(t);
		log->done = true;
	}
	sim->kill_task(t, 0);
	task_exit_current(t);
}

/* The event at an [at TIME] section's time: its writer starts. */
static void memcg_action_event(struct sim *sim, void *unused, u64 first)
{
	char comm[16];
	struct task *t;

	snprintf(comm, sizeof(comm), "at-%d", sim->scn.actions[first].section_line);
	t = task_create(sim, TASK_USER, comm, memcg_action_writer);
	if (!t) {
		sim_fail(sim, "out of memory creating the writer of [at] line %d",
			 sim->scn.actions[first].section_line);
		return;
	}
	t->fn_arg = (void *)(uintptr_t)first;
	t->memcg = sim->memcgs[0];
	wake_up_task(t);
}

int memcg_actions_init(struct sim *sim)
{
	const struct scenario *s = &sim->scn;

	if (!s->nr_actions)
		return 0;
	sim->action_log = calloc(s->nr_actions, sizeof(*sim->action_log));
	if (!sim->action_log)
		return -1;
	for (unsigned int i = 0; i < s->nr_actions; i++)
		if (!i || s->actions[i].section_line != s->actions[i - 1].section_line)
			if (event_push(sim, s->actions[i].time_ns, memcg_action_event, NULL, i))
				return -1;
	return 0;
}

// SPDX-License-Identifier: MIT
/*
 * memcontrol.c - memory cgroups with hard limits (mm/memcontrol.c,
 * mm/page_counter.c, v6.12, cgroup v1 semantics with use_hierarchy=1 and
 * swap accounting): hierarchical page counters, charge with a per-task
 * stock, limit reclaim, memcg OOM, and the memsw counter of v1.
 *
 * Deviation: the kernel does not charge the root memcg's counter; the
 * model does (it has no limit), so root usage is readable like any other.
 */
#include <stdlib.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "../sim/config.h"
#include "../sim/scenario.h"

static int memcg_alloc(struct sim *sim, const char *name, struct mem_cgroup *parent,
		       struct mem_cgroup **out)
{
	struct mem_cgroup *memcg = calloc(1, sizeof(*memcg));

	if (!memcg)
		return -1;
	memcg->nodeinfo = calloc(sim->nr_nodes, sizeof(*memcg->nodeinfo));
	if (!memcg->nodeinfo) {
		free(memcg);
		return -1;
	}
	memcg->id = (int)sim->nr_memcgs;
	snprintf(memcg->name, sizeof(memcg->name), "%s", name);
	memcg->parent = parent;
	memcg->memory.max = memcg->memsw.max = U64_MAX;
	memcg->swappiness = -1;
	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		struct lruvec *lruvec = &memcg->nodeinfo[n];

		for (int l = 0; l < NR_LRU_LISTS; l++)
			pfn_list_init(&lruvec->lists[l]);
		lruvec->memcg = memcg;
		lruvec->pgdat = &sim->nodes[n];
	}
	sim->memcgs[sim->nr_memcgs++] = memcg;
	*out = memcg;
	return 0;
}

struct mem_cgroup *mem_cgroup_by_name(struct sim *sim, const char *name)
{
	if (!name || !name[0] || !strcmp(name, "/"))
		return sim->memcgs[0];
	for (unsigned int i = 1; i < sim->nr_memcgs; i++)
		if (!strcmp(sim->memcgs[i]->name, name))
			return sim->memcgs[i];
	return NULL;
}

/*
 * mem_cgroups_init - the root memcg and the scenario's [cgroup] sections,
 * parents before children (the scenario is validated: no cycles).
 */
int mem_cgroups_init(struct sim *sim, char *err, size_t errlen)
{
	const struct scenario *s = &sim->scn;
	struct mem_cgroup *root;
	bool done[SCN_MAX_CGROUPS] = { false };
	unsigned int left = s->nr_cgroups;

	sim->memcgs = calloc(s->nr_cgroups + 1, sizeof(*sim->memcgs));
	if (!sim->memcgs || memcg_alloc(sim, "/", NULL, &root))
		goto nomem;
	while (left) {
		unsigned int progress = 0;

		for (unsigned int i = 0; i < s->nr_cgroups; i++) {
			const struct scn_cgroup *c = &s->cgroups[i];
			struct mem_cgroup *parent, *memcg;

			if (done[i] || !(parent = mem_cgroup_by_name(sim, c->parent)))
				continue;
			if (memcg_alloc(sim, c->name, parent, &memcg))
				goto nomem;
			if (c->limit != U64_MAX)
				memcg->memory.max = c->limit / sim->page_size;
			if (c->memsw_limit != U64_MAX)
				memcg->memsw.max = c->memsw_limit / sim->page_size;
			memcg->swappiness = c->swappiness;
			done[i] = true;
			left--;
			progress++;
		}
		if (!progress) {
			snprintf(err, errlen, "%s: cgroup parents form a cycle or are missing",
				 s->path);
			return -1;
		}
	}
	return 0;
nomem:
	snprintf(err, errlen, "out of memory creating cgroups");
	return -1;
}

void mem_cgroups_free(struct sim *sim)
{
	for (unsigned int i = 0; i < sim->nr_memcgs; i++) {
		free(sim->memcgs[i]->nodeinfo);
		free(sim->memcgs[i]);
	}
	free(sim->memcgs);
	sim->memcgs = NULL;
	sim->nr_memcgs = 0;
}

/* mem_cgroup_from_id() (v6.12): ids are the index in sim->memcgs. */
struct mem_cgroup *mem_cgroup_from_id(struct sim *sim, u16 id)
{
	return id < sim->nr_memcgs ? sim->memcgs[id] : NULL;
}

/* mem_cgroup_is_descendant() (v6.12). */
bool mem_cgroup_is_descendant(const struct mem_cgroup *memcg, const struct mem_cgroup *root)
{
	for (; memcg; memcg = memcg->parent)
		if (memcg == root)
			return true;
	return false;
}

/*
 * mem_cgroup_margin() (v6.12): pages @memcg's own memory and memsw
 * counters can still take (its ancestors are not looked at: the caller
 * asks about the memcg that hit its limit).
 */
u64 mem_cgroup_margin(const struct mem_cgroup *memcg)
{
	u64 m = memcg->memory.usage < memcg->memory.max ? memcg->memory.max - memcg->memory.usage :
							  0;
	u64 ms = memcg->memsw.usage < memcg->memsw.max ? memcg->memsw.max - memcg->memsw.usage : 0;

	return min_u64(m, ms);
}

/* page_counter_uncharge() (v6.12): up to the root. */
static void page_counter_uncharge(struct mem_cgroup *memcg, bool memsw, u64 nr)
{
	for (; memcg; memcg = memcg->parent) {
		struct page_counter *c = memsw ? &memcg->memsw : &memcg->memory;

		VM_BUG_ON(c->usage < nr); /* the kernel warns: page_counter underflow */
		c->usage -= nr;
	}
}

/*
 * page_counter_try_charge() (v6.12): charge @nr pages up the hierarchy;
 * the first counter that would exceed its max counts a failure (failcnt),
 * the charges below it are undone and its memcg is returned.
 */
static struct mem_cgroup *page_counter_try_charge(struct mem_cgroup *memcg, bool memsw, u64 nr)
{
	struct mem_cgroup *m;

	for (m = memcg; m; m = m->parent) {
		struct page_counter *c = memsw ? &m->memsw : &m->memory;

		if (c->usage + nr > c->max) {
			c->failcnt++;
			for (struct mem_cgroup *u = memcg; u != m; u = u->parent)
				(memsw ? &u->memsw : &u->memory)->usage -= nr;
			return m;
		}
		c->usage += nr;
		if (c->usage > c->watermark)
			c->watermark = c->usage;
	}
	return NULL;
}

/* The memory and memsw counters of v1 together. */
static struct mem_cgroup *try_charge_counters(struct mem_cgroup *memcg, u64 nr, bool *memsw_hit)
{
	struct mem_cgroup *over = page_counter_try_charge(memcg, true, nr);

	*memsw_hit = over != NULL;
	if (over)
		return over;
	over = page_counter_try_charge(memcg, false, nr);
	if (over)
		page_counter_uncharge(memcg, true, nr);
	return over;
}

/* drain_stock(): give a CPU's pre-charged pages back. */
void mem_cgroup_drain_stock(struct memcg_stock *stock)
{
	if (stock->memcg && stock->nr) {
		page_counter_uncharge(stock->memcg, false, stock->nr);
		page_counter_uncharge(stock->memcg, true, stock->nr);
	}
	stock->nr = 0;
	stock->memcg = NULL;
}

/* drain_all_stock(): every CPU's stock within @root's subtree. */
static void drain_all_stock(struct sim *sim, struct mem_cgroup *root)
{
	for (unsigned int c = 0; c < sim->eng.nr_cpus; c++) {
		struct memcg_stock *stock = &sim->mm_cpus[c].stock;

		if (stock->memcg && mem_cgroup_is_descendant(stock->memcg, root))
			mem_cgroup_drain_stock(stock);
	}
}

/* commit_charge(): the page now belongs to @memcg (v1 counts pgpgin). */
static void commit_charge(struct sim *sim, u32 pfn, struct mem_cgroup *memcg)
{
	pfn_to_page(sim, pfn)->memcg_id = (u16)memcg->id;
	memcg->memcg_stat[MEMCG_PGPGIN]++;
}

/* 2.6.25 mm/memcontrol.c: limit reclaim failures before the memcg OOM */
#define MEM_CGROUP_RECLAIM_RETRIES 5

/*
 * mem_cgroup_charge() -> try_charge_memcg() (v6.12), in @t's coroutine: on
 * a failed charge it counts memory.events max and reclaims from the memcg
 * over its limit, then applies the kernel's retry rules: margin regained
 * -> charge; drain stocks once; small charges retry after any progress;
 * otherwise MAX_RECLAIM_RETRIES attempts, then the memcg OOM killer.
 * Every retry starts at the CPU's charge stock, as the kernel's retry
 * label does.  The 2.6.x profiles follow 2.6.25
 * mem_cgroup_charge_common() instead (below).
 */
enum vm_fault_result mem_cgroup_charge(struct task *t, u32 pfn)
{
	struct sim *sim = t->sim;
	struct mem_cgroup *memcg = t->memcg, *over = NULL;
	const u64 nr_pages = 1;
	const bool old_charge = sim->scn.policy.memcg_charge_common;
	const unsigned int max_retries = old_charge ? MEM_CGROUP_RECLAIM_RETRIES :
						      MAX_RECLAIM_RETRIES;
	unsigned int nr_retries = max_retries;
	unsigned long reclaimed = 0;
	bool drained = false, batch_cut = false;

	for (;;) {
		struct memcg_stock *stock;

		charge_sys(t, sim->scn.cost.charge_ns);
		stock = task_stock(t);
		if (stock->memcg == memcg && stock->nr >= nr_pages) {
			stock->nr -= nr_pages;
			commit_charge(sim, pfn, memcg);
			return VM_FAULT_DONE;
		}
		if (over) {
			/* the limit reclaim of @over has ended */
			struct mem_cgroup *reclaimed_from = over;

			over = NULL;
			if (mem_cgroup_margin(reclaimed_from) >= nr_pages)
				goto charge;
			if (old_charge) {
				/*
				 * 2.6.25 mem_cgroup_charge_common: limit
				 * reclaim made progress only if it reclaimed
				 * SWAP_CLUSTER_MAX pages (its
				 * do_try_to_free_pages has no
				 * all_unreclaimable escape); otherwise, after
				 * MEM_CGROUP_RECLAIM_RETRIES such failures,
				 * the memcg OOM killer, and before each retry
				 * a congestion_wait(HZ/10) nap.
				 */
				if (reclaimed >= SWAP_CLUSTER_MAX)
					goto charge;
				if (nr_retries--) {
					congestion_wait(t, JIFFY_NS * (HZ / 10));
					continue;
				}
				goto oom;
			}
			if (!drained) {
				drain_all_stock(sim, reclaimed_from);
				drained = true;
				goto charge;
			}
			if (reclaimed && nr_pages <= (1 << PAGE_ALLOC_COSTLY_ORDER))
				goto charge;
			if (nr_retries--)
				goto charge;
oom:
			if (mm_task(t)->no_oom)
				return VM_FAULT_NOMEM;
			/* mem_cgroup_oom() */
			reclaimed_from->events_oom++;
			if (!out_of_memory(t, reclaimed_from) || mm_task(t)->oom_victim)
				return VM_FAULT_OOM;
			nr_retries = max_retries;
		}
charge:
		/*
		 * the batch, once cut to nr_pages, stays cut for the retries;
		 * before the per-CPU charge stock of 2.6.33 every page was
		 * charged alone
		 */
		for (u64 batch = batch_cut || !sim->scn.policy.memcg_stock ?
					 nr_pages :
					 max_u64(MEMCG_CHARGE_BATCH, nr_pages);
		     ; batch = nr_pages) {
			bool memsw_hit;
			struct mem_cgroup *hit = try_charge_counters(memcg, batch, &memsw_hit);

			if (!hit) {
				/* refill_stock(): the CPU's stock now serves @memcg */
				if (stock->memcg != memcg)
					mem_cgroup_drain_stock(stock);
				stock->memcg = memcg;
				stock->nr += batch - nr_pages;
				commit_charge(sim, pfn, memcg);
				return VM_FAULT_DONE;
			}
			batch_cut = true;
			if (batch == nr_pages) {
				hit->events_max++;
				reclaimed =
					try_to_free_mem_cgroup_pages(t, hit, nr_pages, !memsw_hit);
				over = hit;
				break;
			}
		}
	}
}

/* mem_cgroup_uncharge() (v6.12 uncharge_folio): v1 counts pgpgout. */
void mem_cgroup_uncharge(struct sim *sim, u32 pfn)
{
	struct page *page = pfn_to_page(sim, pfn);
	struct mem_cgroup *memcg;

	if (page->memcg_id == MEMCG_ID_NONE)
		return;
	memcg = sim->memcgs[page->memcg_id];
	page_counter_uncharge(memcg, false, 1);
	page_counter_uncharge(memcg, true, 1);
	memcg->memcg_stat[MEMCG_PGPGOUT]++;
	page->memcg_id = MEMCG_ID_NONE;
}

/*
 * mem_cgroup_swapout() (v6.12, v1 path): the page leaves memory for swap
 * slot @slot; the memory charge goes, the memsw charge moves to the swap
 * entry (recorded in swap_cgroup).
 */
void mem_cgroup_swapout(struct sim *sim, u32 pfn, u64 slot)
{
	struct page *page = pfn_to_page(sim, pfn);
	struct mem_cgroup *memcg;

	if (page->memcg_id == MEMCG_ID_NONE)
		return;
	memcg = sim->memcgs[page->memcg_id];
	sim->swap->swap_cgroup[slot] = page->memcg_id;
	memcg->memcg_stat[MEMCG_SWAP]++;
	page_counter_uncharge(memcg, false, 1);
	memcg->memcg_stat[MEMCG_PGPGOUT]++;
	page->memcg_id = MEMCG_ID_NONE;
}

/* mem_cgroup_uncharge_swap(): the swap entry is gone (or back in memory). */
void mem_cgroup_uncharge_swap(struct sim *sim, u64 slot)
{
	u16 id = sim->swap->swap_cgroup[slot];
	struct mem_cgroup *memcg;

	if (id == MEMCG_ID_NONE)
		return;
	memcg = sim->memcgs[id];
	memcg->memcg_stat[MEMCG_SWAP]--;
	page_counter_uncharge(memcg, true, 1);
	sim->swap->swap_cgroup[slot] = MEMCG_ID_NONE;
}

/* ------------------------------------------------------------------ */
/* Scenario keys: memcg policies */
/* ------------------------------------------------------------------ */

#define P_OFF(f) .off = offsetof(struct scn_policy, f), .size = sizeof(((struct scn_policy *)0)->f)

static const struct cfg_key memcontrol_policy_keys[] = {
	{ .name = "memcg_reclaim_stat",
	  .type = CFG_ENUM,
	  P_OFF(memcg_reclaim_stat),
	  .values = CFG_VALUES("off", "on"),
	  .def = "on",
	  .doc = "v2.6.29+ memcg reclaim balances anon/file by its own zone_reclaim_stat / 2.6.28: every list by size >> priority" },
	{ .name = "memcg_charge_retry",
	  .type = CFG_ENUM,
	  P_OFF(memcg_charge_common),
	  .values = CFG_VALUES("try_charge_memcg", "mem_cgroup_charge_common"),
	  .def = "try_charge_memcg",
	  .doc = "a failed memcg charge: the v6.12 try_charge_memcg retry rules (drain stocks, MAX_RECLAIM_RETRIES) / 2.6.25 mem_cgroup_charge_common (progress = SWAP_CLUSTER_MAX reclaimed, HZ/10 naps, 5 retries)" },
	{ .name = "memcg_stock",
	  .type = CFG_ENUM,
	  P_OFF(memcg_stock),
	  .values = CFG_VALUES("off", "on"),
	  .def = "on",
	  .doc = "v2.6.33+ per-CPU charge stock, charges in batches of 64 pages / before, every page charged alone" },
};
CFG_TABLE(memcontrol_policy_table, memcontrol_policy_keys);

/* ------------------------------------------------------------------ */
/* Scenario keys: [cgroup NAME]                                       */
/* ------------------------------------------------------------------ */

/* parent = NAME | /   (resolved by scenario_validate) */
static int set_parent(struct cfg_ctx *k, void *obj, const char *val)
{
	struct scn_cgroup *cg = obj;
	const char *why;

	if (strcmp(val, "/")) {
		why = scenario_check_name(val);
		if (why)
			return cfg_fail(k, ": %s: '%s'", why, val);
	}
	snprintf(cg->parent, sizeof(cg->parent), "%s", val);
	return 0;
}

/* swappiness = 0..200 | inherit (memory.swappiness of v1) */
static int set_cg_swappiness(struct cfg_ctx *k, void *obj, const char *val)
{
	struct scn_cgroup *cg = obj;
	char buf[CFG_MSG_LEN];
	u64 v;

	if (!strcmp(val, "inherit")) {
		cg->swappiness = -1;
		return 0;
	}
	if (cfg_parse_uint_range(val, 0, 200, &v, buf, sizeof(buf)))
		return cfg_fail(k, ": %s (or inherit)", buf);
	cg->swappiness = (int)v;
	return 0;
}

#define CG_OFF(f) offsetof(struct scn_cgroup, f)

static const struct cfg_key cgroup_keys[] = {
	{ .name = "parent",
	  .type = CFG_CUSTOM,
	  .set = set_parent,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = CG_OFF(parent_origin),
	  .def = "/",
	  .range = "NAME \\| /",
	  .doc = "the parent cgroup, / = the root" },
	{ .name = "limit",
	  .type = CFG_SIZE,
	  .off = CG_OFF(limit),
	  .flags = CFG_F_POSITIVE | CFG_F_MAX | CFG_F_ORIGIN,
	  .origin_off = CG_OFF(limit_origin),
	  .def = "max",
	  .doc = "v1 memory.limit_in_bytes (v2 memory.max); max or unlimited = none" },
	/* v2 spelling of the same limit (memory.max) */
	{ .name = "max",
	  .type = CFG_SIZE,
	  .off = CG_OFF(limit),
	  .flags = CFG_F_POSITIVE | CFG_F_MAX | CFG_F_ORIGIN,
	  .origin_off = CG_OFF(limit_origin),
	  .alias = "limit",
	  .doc = "v2 memory.max" },
	{ .name = "memsw_limit",
	  .type = CFG_SIZE,
	  .off = CG_OFF(memsw_limit),
	  .flags = CFG_F_POSITIVE | CFG_F_MAX | CFG_F_ORIGIN,
	  .origin_off = CG_OFF(memsw_origin),
	  .def = "max",
	  .doc = "v1 memory.memsw.limit_in_bytes: memory + swap" },
	{ .name = "swappiness",
	  .type = CFG_CUSTOM,
	  .set = set_cg_swappiness,
	  .def = "inherit",
	  .range = "0..200 \\| inherit",
	  .doc = "v1 memory.swappiness; inherit = vm.swappiness" },
};
CFG_TABLE(memcontrol_cgroup_table, cgroup_keys);

// SPDX-License-Identifier: MIT
/*
 * memcontrol.c - memory cgroups (mm/memcontrol.c, v6.12): the tree of
 * groups and its iterators, charging through hierarchical page counters
 * (page_counter.c) with a per-CPU stock, limit reclaim and the memcg OOM,
 * the cgroup v2 interface (memory.min/low/high/max, swap.max, oom.group,
 * memory.events, memory.reclaim) and the v1 one (limit_in_bytes, memsw).
 *
 * Each group has its own interface version (mem_cgroup.dfl): the kernel
 * mounts the memory controller on one hierarchy only, the model lets a
 * scenario mix them; a group's charges go to the counters of its own
 * interface (memory + swap for v2, memory + memsw for v1) all the way up.
 *
 * Deviation: the kernel does not charge the root memcg's counter; the
 * model does (it has no limit), so root usage is readable like any other.
 */
#include <errno.h>
#include <stdlib.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "../sim/config.h"
#include "../sim/scenario.h"

/* FLUSH_TIME (v6.12): the period of flush_memcg_stats_dwork, 2 s */
#define FLUSH_TIME_NS (2 * NSEC_PER_SEC)

/* issue 12's budget: a group costs at most 2 KiB besides its per-node lruvecs */
_Static_assert(sizeof(struct mem_cgroup) <= 2048, "struct mem_cgroup over 2 KiB");

/* FNV-1a of a path: the memcg hash's key */
static unsigned int memcg_path_hash(const char *path)
{
	u32 h = 2166136261u;

	for (; *path; path++)
		h = (h ^ (unsigned char)*path) * 16777619u;
	return h;
}

/*
 * The rows of each lruvec's lists and soft_mz (lruvec_list, soft_mz): one
 * per zone up to the machine's highest with pages when the kernel keeps
 * them per zone (zone_reclaim), else one.
 */
static unsigned int lruvec_zone_rows(const struct sim *sim)
{
	unsigned int rows = 1;

	if (!sim->scn.policy.zone_reclaim)
		return 1;
	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		for (unsigned int z = rows; z < MAX_NR_ZONES; z++)
			if (sim->nodes[n].node_zones[z].present_pages ||
			    sim->nodes[n].node_zones[z].spanned_pages)
				rows = z + 1;
	return rows;
}

/* What a group that does not count reads: zeros (struct mem_cgroup's vm_stat). */
struct memcg_vmstats memcg_vmstats_none;

int memcg_vmstats_alloc(struct mem_cgroup *memcg)
{
	if (memcg->vmstats)
		return 0;
	memcg->vmstats = calloc(1, sizeof(*memcg->vmstats));
	if (!memcg->vmstats)
		return -1;
	memcg->vm_stat = memcg->vmstats->state;
	memcg->vm_events = memcg->vmstats->events;
	memcg->memcg_stat = memcg->vmstats->stat;
	return 0;
}

static int memcg_alloc(struct sim *sim, const char *name, struct mem_cgroup *parent, bool dfl,
		       struct mem_cgroup **out)
{
	struct mem_cgroup *memcg = calloc(1, sizeof(*memcg));
	unsigned int rows = lruvec_zone_rows(sim);
	struct memcg_soft_mz *mz;
	struct pfn_list(*lists)[NR_LRU_LISTS];
	unsigned int h;

	if (!memcg)
		return -1;
	/*
	 * One block: the lruvecs, their soft_mz rows, the per-CPU
	 * page_events, the lruvecs' lists rows
	 */
	memcg->nodeinfo = calloc(1, sim->nr_nodes * (sizeof(*memcg->nodeinfo) +
						     rows * (sizeof(*mz) + sizeof(*lists))) +
					    sim->eng.nr_cpus * sizeof(*memcg->page_events));
	memcg->name = strdup(name);
	memcg->vm_stat = memcg_vmstats_none.state;
	memcg->vm_events = memcg_vmstats_none.events;
	memcg->memcg_stat = memcg_vmstats_none.stat;
	/* the root counts the kernel's own work from the start */
	if (!memcg->nodeinfo || !memcg->name || (!parent && memcg_vmstats_alloc(memcg))) {
		free(memcg->vmstats);
		free(memcg->nodeinfo);
		free(memcg->name);
		free(memcg);
		return -1;
	}
	memcg->id = (int)sim->nr_memcgs;
	memcg->parent = parent;
	memcg->dfl = dfl;
	page_counter_init(&memcg->memory, parent ? &parent->memory : NULL);
	page_counter_init(&memcg->swap, parent ? &parent->swap : NULL);
	page_counter_init(&memcg->memsw, parent ? &parent->memsw : NULL);
	memcg->swappiness = -1;
	memcg->soft_limit = U64_MAX; /* RESOURCE_MAX: never in excess */
	/* psi_cgroup_alloc(): its pressure counts in its parent's too */
	if (parent)
		psi_group_init(&memcg->psi, mem_cgroup_psi(sim, parent), sim->eng.now);
	memcg->stat_flush_ns = parent ? parent->stat_flush_ns : FLUSH_TIME_NS;
	/* the cgroup's children list: new ones at the tail */
	if (parent) {
		if (parent->last_child)
			parent->last_child->next_sibling = memcg;
		else
			parent->first_child = memcg;
		parent->last_child = memcg;
	}
	mz = (struct memcg_soft_mz *)(memcg->nodeinfo + sim->nr_nodes);
	memcg->page_events = (u64(*)[2])(mz + sim->nr_nodes * rows);
	lists = (struct pfn_list(*)[NR_LRU_LISTS])(memcg->page_events + sim->eng.nr_cpus);
	for (unsigned int n = 0; n < sim->nr_nodes; n++) {
		struct lruvec *lruvec = &memcg->nodeinfo[n];

		lruvec->lists = lists + n * rows;
		lruvec->soft_mz = mz + n * rows;
		for (unsigned int z = 0; z < rows; z++)
			for (int l = 0; l < NR_LRU_LISTS; l++)
				pfn_list_init(&lruvec->lists[z][l]);
		lruvec->memcg = memcg;
		lruvec->pgdat = &sim->nodes[n];
		lruvec->lru_lock.cls = &sim->lock_stat[LOCK_LRU];
		for (unsigned int z = 0; z < rows; z++)
			lruvec->soft_mz[z].memcg = memcg;
	}
	sim->memcgs[sim->nr_memcgs++] = memcg;
	for (h = memcg_path_hash(name);; h++) {
		struct mem_cgroup **slot = &sim->memcg_hash[h & (sim->memcg_hash_size - 1)];

		if (!*slot) {
			*slot = memcg;
			break;
		}
	}
	*out = memcg;
	return 0;
}

/* The group whose path is @path, or NULL: O(1) expected. */
static struct mem_cgroup *memcg_by_path(struct sim *sim, const char *path)
{
	for (unsigned int h = memcg_path_hash(path);; h++) {
		struct mem_cgroup *memcg = sim->memcg_hash[h & (sim->memcg_hash_size - 1)];

		if (!memcg || !strcmp(memcg->name, path))
			return memcg;
	}
}

/*
 * scn_cgroup_ref - the [cgroup] section @ref names: a section's name
 * (what parent = and a workload's cgroup = have always taken), else a
 * section whose path is @ref; -1 if none.  O(sections x depth): the
 * sections are at most SCN_MAX_CGROUPS.
 */
static int scn_cgroup_ref(const struct scenario *s, const char *ref)
{
	char path[SCN_PATH_LEN];
	int i = scn_find_cgroup(s, ref);

	if (i >= 0)
		return i;
	for (unsigned int j = 0; j < s->nr_cgroups; j++)
		if (!scn_cgroup_path(s, j, path, sizeof(path)) && !strcmp(path, ref))
			return (int)j;
	return -1;
}

static int cgroup_path(const struct scenario *s, unsigned int i, char *buf, size_t len,
		       unsigned int steps)
{
	const struct scn_cgroup *c = &s->cgroups[i];
	char parent[SCN_PATH_LEN];
	int p;

	if (steps > s->nr_cgroups) /* the parents loop */
		return -1;
	if (strchr(c->name, '/') || !strcmp(c->parent, "/"))
		return snprintf(buf, len, "%s", c->name) < (int)len ? 0 : -1;
	p = scn_find_cgroup(s, c->parent);
	if (p >= 0) {
		if (cgroup_path(s, (unsigned int)p, parent, sizeof(parent), steps + 1))
			return -1;
	} else if (strchr(c->parent, '/')) {
		snprintf(parent, sizeof(parent), "%s", c->parent);
	} else {
		return -1;
	}
	return snprintf(buf, len, "%s/%s", parent, c->name) < (int)len ? 0 : -1;
}

/*
 * scn_cgroup_path - the path from the root of section @i: its name if
 * that is a path ("A/B/C") or it is top-level, else its parent's path +
 * "/" + its name.  Returns 0, or -1 when a parent is missing, the parents
 * loop or the path does not fit @len.  O(depth x sections).
 */
int scn_cgroup_path(const struct scenario *s, unsigned int i, char *buf, size_t len)
{
	return cgroup_path(s, i, buf, len, 0);
}

/* A path's depth below the root: its components. */
static unsigned int path_depth(const char *path)
{
	unsigned int d = 1;

	for (; *path; path++)
		d += *path == '/';
	return d;
}

/*
 * The path of what @ref names for a group's parent or a workload's group:
 * "" for the root, a section's path, or @ref itself (a generated group).
 */
static void memcg_ref_path(const struct scenario *s, const char *ref, char *buf, size_t len)
{
	int i = !ref[0] || !strcmp(ref, "/") ? -1 : scn_find_cgroup(s, ref);

	if (i >= 0 && !scn_cgroup_path(s, (unsigned int)i, buf, len))
		return;
	snprintf(buf, len, "%s", !strcmp(ref, "/") ? "" : ref);
}

struct mem_cgroup *mem_cgroup_by_name(struct sim *sim, const char *name)
{
	char path[SCN_PATH_LEN];

	if (!name || !name[0] || !strcmp(name, "/"))
		return sim->memcgs[0];
	memcg_ref_path(&sim->scn, name, path, sizeof(path));
	return memcg_by_path(sim, path);
}

/* The scenario's settings of one group, in pages, through its interface's files. */
static void memcg_configure(struct sim *sim, struct mem_cgroup *memcg, const struct scn_cgroup *c)
{
	u64 ps = sim->page_size;

	if (c->limit != U64_MAX)
		memcg->memory.max = c->limit / ps;
	memcg->swappiness = c->swappiness;
	/* a read of memory.stat flushes the group's subtree (mem_cgroup_flush_stats) */
	if (c->stat_reads && c->stat_reads < memcg->stat_flush_ns)
		memcg->stat_flush_ns = c->stat_reads;
	if (!memcg->dfl) {
		if (c->memsw_limit != U64_MAX)
			memcg->memsw.max = c->memsw_limit / ps;
		if (c->soft_limit != U64_MAX)
			memcg->soft_limit = c->soft_limit / ps;
		return;
	}
	if (c->high != U64_MAX)
		memcg->memory.high = c->high / ps;
	if (c->swap_max != U64_MAX)
		memcg->swap.max = c->swap_max / ps;
	page_counter_set_min(&memcg->memory, c->min / ps);
	page_counter_set_low(&memcg->memory, c->low / ps);
	memcg->oom_group = c->oom_group;
}

/* Section @i's group, its parent's first (the scenario is validated: no cycles). */
static struct mem_cgroup *memcg_create_section(struct sim *sim, unsigned int i)
{
	const struct scenario *s = &sim->scn;
	const struct scn_cgroup *c = &s->cgroups[i];
	char path[SCN_PATH_LEN], *slash;
	struct mem_cgroup *parent, *memcg;
	int p;

	scn_cgroup_path(s, i, path, sizeof(path));
	memcg = memcg_by_path(sim, path);
	if (memcg)
		return memcg;
	slash = strrchr(path, '/');
	if (!slash) {
		parent = sim->memcgs[0];
	} else {
		*slash = '\0';
		parent = memcg_by_path(sim, path);
		if (!parent) {
			p = scn_cgroup_ref(s, path);
			parent = p < 0 ? NULL : memcg_create_section(sim, (unsigned int)p);
		}
		*slash = '/';
	}
	if (!parent || memcg_alloc(sim, path, parent, scn_cgroup_dfl(s, c), &memcg))
		return NULL;
	memcg_configure(sim, memcg, c);
	return memcg;
}

/*
 * The path of tree @t's subtree @j under the group at @under ("" = the
 * root): UNDER/NAMEj, UNDER/NAME when it has one.  Returns 0, or -1 when
 * it does not fit @len (memcg_check_cgroups refuses such trees).
 */
static int tree_root_path(const struct scn_cgroup_tree *t, const char *under, unsigned int j,
			  char *buf, size_t len)
{
	char index[16] = "";
	size_t ul = strlen(under), nl = strlen(t->tmpl.name), il;

	if (t->subtrees > 1)
		snprintf(index, sizeof(index), "%u", j);
	il = strlen(index);
	if (ul + !!ul + nl + il >= len)
		return -1;
	/* pieces, not one snprintf: its bound is the sum of the fields' sizes */
	memcpy(buf, under, ul);
	if (ul)
		buf[ul++] = '/';
	memcpy(buf + ul, t->tmpl.name, nl);
	memcpy(buf + ul + nl, index, il + 1);
	return 0;
}

/* A generated group at @path and its descendants @levels - 1 levels down, pre-order. */
static int memcg_create_tree(struct sim *sim, const struct scn_cgroup_tree *t, char *path,
			     size_t len, struct mem_cgroup *parent, unsigned int levels)
{
	size_t end = strlen(path);
	struct mem_cgroup *memcg;

	if (memcg_alloc(sim, path, parent, scn_cgroup_dfl(&sim->scn, &t->tmpl), &memcg))
		return -1;
	memcg_configure(sim, memcg, &t->tmpl);
	for (unsigned int child = 0; levels > 1 && child < 2; child++) {
		snprintf(path + end, len - end, "/%u", child);
		if (memcg_create_tree(sim, t, path, len, memcg, levels - 1))
			return -1;
	}
	path[end] = '\0';
	return 0;
}

/* The number of groups the scenario makes, the root included. */
static u64 scn_nr_memcgs(const struct scenario *s)
{
	u64 n = 1 + s->nr_cgroups;

	for (unsigned int i = 0; i < s->nr_cgroup_trees; i++)
		n += (u64)s->cgroup_trees[i].subtrees * ((1ULL << s->cgroup_trees[i].levels) - 1);
	return n;
}

/*
 * mem_cgroups_init - the root memcg, the scenario's [cgroup] sections in
 * file order (a group's parent first), then its [cgroup_tree] groups.
 * O(groups): paths are found through sim->memcg_hash.
 */
int mem_cgroups_init(struct sim *sim, char *err, size_t errlen)
{
	const struct scenario *s = &sim->scn;
	u64 nr = scn_nr_memcgs(s);
	struct mem_cgroup *root;
	char path[SCN_PATH_LEN];

	sim->memcgs = calloc(nr, sizeof(*sim->memcgs));
	/* at most half full */
	for (sim->memcg_hash_size = 1; sim->memcg_hash_size < 2 * nr; sim->memcg_hash_size *= 2)
		;
	sim->memcg_hash = calloc(sim->memcg_hash_size, sizeof(*sim->memcg_hash));
	if (!sim->memcgs || !sim->memcg_hash || memcg_alloc(sim, "/", NULL, scn_root_dfl(s), &root))
		goto nomem;
	for (unsigned int i = 0; i < s->nr_cgroups; i++)
		if (!memcg_create_section(sim, i))
			goto nomem;
	for (unsigned int i = 0; i < s->nr_cgroup_trees; i++) {
		const struct scn_cgroup_tree *t = &s->cgroup_trees[i];
		char under[SCN_PATH_LEN];
		struct mem_cgroup *parent;

		memcg_ref_path(s, t->tmpl.parent, under, sizeof(under));
		parent = under[0] ? memcg_by_path(sim, under) : root;
		for (unsigned int j = 0; j < t->subtrees; j++) {
			tree_root_path(t, under, j, path, sizeof(path));
			if (!parent ||
			    memcg_create_tree(sim, t, path, sizeof(path), parent, t->levels))
				return cfg_fail_at(
					s, t->levels_origin, t->tmpl.line, err, errlen,
					"[cgroup_tree %s] levels: out of host memory creating its %llu groups",
					t->tmpl.name,
					(unsigned long long)t->subtrees *
						((1ULL << t->levels) - 1));
		}
	}
	return 0;
nomem:
	return cfg_fail_at(s, 0, 0, err, errlen, "out of host memory creating %llu cgroups",
			   (unsigned long long)nr);
}

void mem_cgroups_free(struct sim *sim)
{
	for (unsigned int i = 0; i < sim->nr_memcgs; i++) {
		psi_group_free(&sim->memcgs[i]->psi);
		for (unsigned int n = 0; n < sim->nr_nodes; n++)
			lock_timeline_destroy(&sim->memcgs[i]->nodeinfo[n].lru_lock);
		free(sim->memcgs[i]->nodeinfo);
		free(sim->memcgs[i]->vmstats);
		free(sim->memcgs[i]->name);
		free(sim->memcgs[i]);
	}
	free(sim->memcgs);
	free(sim->memcg_hash);
	sim->memcgs = NULL;
	sim->memcg_hash = NULL;
	sim->nr_memcgs = 0;
}

/*
 * cgroup_psi() (v6.12): psi lives in the cgroup2 hierarchy, so a group's
 * pressure is its own if it is v2 and not the root, else that of its
 * nearest v2 ancestor, else the system's (/proc/pressure/memory).  A v1
 * group has no memory.pressure: its tasks count in the system's.
 */
struct psi_group *mem_cgroup_psi(struct sim *sim, struct mem_cgroup *memcg)
{
	for (; memcg && memcg->parent; memcg = memcg->parent)
		if (memcg->dfl)
			return &memcg->psi;
	return &sim->eng.psi_system;
}

/* task_psi_group() (v6.12): the group of @t's cgroup (sim->eng.task_psi_group). */
struct psi_group *mem_cgroup_task_psi(struct task *t)
{
	return mem_cgroup_psi(t->sim, t->memcg);
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
 * css_next_descendant_pre() (v6.12 kernel/cgroup/cgroup.c): the group
 * after @pos in a pre-order walk of @root's subtree (@pos NULL: @root
 * itself); NULL at the end.  Amortised O(1) per step.
 */
struct mem_cgroup *css_next_descendant_pre(struct mem_cgroup *pos, struct mem_cgroup *root)
{
	if (!pos)
		return root;
	if (pos->first_child)
		return pos->first_child;
	for (; pos != root; pos = pos->parent)
		if (pos->next_sibling)
			return pos->next_sibling;
	return NULL;
}

/*
 * mem_cgroup_iter() (v6.12): the next group of @root's subtree (NULL: the
 * root memcg's) after @prev, in pre-order.  With a reclaim cookie the walk
 * is shared by every reclaimer of @root on the cookie's node: it goes on
 * from the group the last of them took (iter.position), and a walker
 * stops (NULL) once another completed the round its first call joined
 * (iter.generation).  A walker that joins at the very end starts the next
 * round, so it sees at least one group.  No css references in the model,
 * and no competing cmpxchg: steps of coroutines never interleave.
 */
static struct mem_cgroup *
__mem_cgroup_iter(struct sim *sim, struct task *t, struct mem_cgroup *root, struct mem_cgroup *prev,
		  struct mem_cgroup_reclaim_cookie *reclaim,
		  enum mem_cgroup_filter (*filter)(struct task *t, struct mem_cgroup *memcg,
						   struct mem_cgroup *root))
{
	struct mem_cgroup_reclaim_iter *iter = NULL;
	struct mem_cgroup *pos, *next;

	if (!root)
		root = sim->memcgs[0];
restart:
	if (reclaim) {
		iter = &mem_cgroup_lruvec(root, reclaim->pgdat)->iter;
		if (!prev)
			reclaim->generation = iter->generation;
		else if (reclaim->generation != iter->generation)
			return NULL;
		pos = iter->position;
	} else {
		pos = prev;
	}
	next = css_next_descendant_pre(pos, root);
	/* rework v5 __mem_cgroup_iter_next: filtered-out groups take no reference */
	while (next && filter) {
		enum mem_cgroup_filter verdict = filter(t, next, root);

		if (verdict == MEMCG_VISIT)
			break;
		if (verdict == MEMCG_SKIP_TREE) {
			if (next == root) {
				next = NULL;
				break;
			}
			/* css_rightmost_descendant(): the subtree's last group */
			while (next->last_child)
				next = next->last_child;
		}
		next = css_next_descendant_pre(next, root);
	}
	if (reclaim) {
		iter->position = next;
		if (!next) {
			iter->generation++;
			/* a walker that found the round over starts the next (once) */
			if (!prev && pos)
				goto restart;
		}
	}
	return next;
}

struct mem_cgroup *mem_cgroup_iter(struct sim *sim, struct mem_cgroup *root,
				   struct mem_cgroup *prev,
				   struct mem_cgroup_reclaim_cookie *reclaim)
{
	return __mem_cgroup_iter(sim, NULL, root, prev, reclaim, NULL);
}

/*
 * mem_cgroup_iter_cond() (2013 soft limit rework v5, "enhance memcg
 * iterator to support predicates"): mem_cgroup_iter over the groups
 * @filter lets through.
 */
struct mem_cgroup *
mem_cgroup_iter_cond(struct task *t, struct mem_cgroup *root, struct mem_cgroup *prev,
		     struct mem_cgroup_reclaim_cookie *reclaim,
		     enum mem_cgroup_filter (*filter)(struct task *t, struct mem_cgroup *memcg,
						      struct mem_cgroup *root))
{
	return __mem_cgroup_iter(t->sim, t, root, prev, reclaim, filter);
}

/*
 * memcg_memory_event() (v6.12 include/linux/memcontrol.h): count @event in
 * @memcg's memory.events.local and memory.events, and in memory.events of
 * its ancestors below the root, unless the group is v1 (cgroup v1 counts
 * it once) or the machine mounts cgroup2 with memory_localevents.
 */
void memcg_memory_event(struct sim *sim, struct mem_cgroup *memcg, enum memcg_memory_event event)
{
	memcg->memory_events_local[event]++;
	do {
		memcg->memory_events[event]++;
		if (!memcg->dfl || sim->scn.machine.memory_localevents)
			break;
	} while ((memcg = memcg->parent) && memcg->parent);
}

/*
 * mem_cgroup_calculate_protection() (v6.12): @memcg's emin/elow for a
 * reclaim of @root's subtree (NULL: global), from its parent's; the walk
 * is pre-order, so the parent's are current.
 */
void mem_cgroup_calculate_protection(struct sim *sim, struct mem_cgroup *root,
				     struct mem_cgroup *memcg)
{
	if (!root)
		root = sim->memcgs[0];
	page_counter_calculate_protection(&root->memory, &memcg->memory,
					  sim->scn.machine.memory_recursiveprot);
}

/*
 * mem_cgroup_unprotected() (v6.12): the root and the reclaim target are
 * never protected (their effective values may be stale).
 */
static bool mem_cgroup_unprotected(const struct mem_cgroup *target, const struct mem_cgroup *memcg)
{
	return !memcg->parent || memcg == target;
}

/* mem_cgroup_below_min() (v6.12): usage within the effective memory.min. */
bool mem_cgroup_below_min(const struct mem_cgroup *target, const struct mem_cgroup *memcg)
{
	return !mem_cgroup_unprotected(target, memcg) && memcg->memory.emin >= memcg->memory.usage;
}

/* mem_cgroup_below_low() (v6.12) */
bool mem_cgroup_below_low(const struct mem_cgroup *target, const struct mem_cgroup *memcg)
{
	return !mem_cgroup_unprotected(target, memcg) && memcg->memory.elow >= memcg->memory.usage;
}

/* mem_cgroup_protection() (v6.12): no protection applies to the reclaim target itself. */
void mem_cgroup_protection(const struct mem_cgroup *root, const struct mem_cgroup *memcg,
			   unsigned long *min, unsigned long *low)
{
	*min = *low = 0;
	if (root == memcg || !memcg->parent)
		return;
	*min = (unsigned long)memcg->memory.emin;
	*low = (unsigned long)memcg->memory.elow;
}

/* do_memsw_account() (v6.12): v1 groups charge memory + swap together. */
static bool do_memsw_account(const struct mem_cgroup *memcg)
{
	return !memcg->dfl;
}

/*
 * mem_cgroup_margin() (v6.12): pages @memcg's own memory (and, v1, memsw)
 * counters can still take (its ancestors are not looked at: the caller
 * asks about the memcg that hit its limit).
 */
u64 mem_cgroup_margin(const struct mem_cgroup *memcg)
{
	u64 m = memcg->memory.usage < memcg->memory.max ? memcg->memory.max - memcg->memory.usage :
							  0;
	u64 ms = memcg->memsw.usage < memcg->memsw.max ? memcg->memsw.max - memcg->memsw.usage : 0;

	return do_memsw_account(memcg) ? min_u64(m, ms) : m;
}

static struct mem_cgroup *memcg_of_memory(struct page_counter *c)
{
	return (struct mem_cgroup *)((char *)c - offsetof(struct mem_cgroup, memory));
}

static struct mem_cgroup *memcg_of_memsw(struct page_counter *c)
{
	return (struct mem_cgroup *)((char *)c - offsetof(struct mem_cgroup, memsw));
}

/*
 * The counters of a charge, as try_charge_memcg() takes them: memsw
 * first (v1), then memory; the memcg whose counter refused, or NULL.
 */
static struct mem_cgroup *try_charge_counters(struct mem_cgroup *memcg, u64 nr, bool *memsw_hit)
{
	struct page_counter *fail;

	*memsw_hit = false;
	if (do_memsw_account(memcg) && !page_counter_try_charge(&memcg->memsw, nr, &fail)) {
		*memsw_hit = true;
		return memcg_of_memsw(fail);
	}
	if (page_counter_try_charge(&memcg->memory, nr, &fail))
		return NULL;
	if (do_memsw_account(memcg))
		page_counter_uncharge(&memcg->memsw, nr);
	return memcg_of_memory(fail);
}

/* Give back @nr pages of @memcg's memory charge (and memsw, v1). */
static void memcg_uncharge(struct mem_cgroup *memcg, u64 nr)
{
	page_counter_uncharge(&memcg->memory, nr);
	if (do_memsw_account(memcg))
		page_counter_uncharge(&memcg->memsw, nr);
}

/* drain_stock(): give a CPU's pre-charged pages back. */
void mem_cgroup_drain_stock(struct memcg_stock *stock)
{
	if (stock->memcg && stock->nr)
		memcg_uncharge(stock->memcg, stock->nr);
	stock->nr = 0;
	stock->memcg = NULL;
}

/* drain_all_stock(): every CPU's stock that holds a charge of @root's subtree. */
void drain_all_stock(struct sim *sim, struct mem_cgroup *root)
{
	for (unsigned int c = 0; c < sim->eng.nr_cpus; c++) {
		struct memcg_stock *stock = &sim->mm_cpus[c].stock;

		if (stock->memcg && mem_cgroup_is_descendant(stock->memcg, root))
			mem_cgroup_drain_stock(stock);
	}
}

/* commit_charge(): the folio now belongs to @memcg (v1 counts one pgpgin a folio). */
static void commit_charge(struct sim *sim, u32 pfn, struct mem_cgroup *memcg)
{
	pfn_to_page(sim, pfn)->memcg_id = (u16)memcg->id;
	if (memcg_vmstats_alloc(memcg)) {
		sim_fail(sim, "out of memory for the statistics of cgroup %s", memcg->name);
		return;
	}
	memcg->memcg_stat[MEMCG_PGPGIN]++;
	memcg_check_events(sim, memcg, pfn);
}

/*
 * The end of a successful try_charge_memcg() (v6.12 done_restock): if
 * @memcg or an ancestor is over memory.high, @batch pages go on the
 * task's over-high account for mem_cgroup_handle_over_high (the first
 * such group is enough); beyond MEMCG_CHARGE_BATCH pages the task
 * handles it at once (v5.19+ synchronous reclaim of large overcharges).
 */
static void memcg_note_over_high(struct task *t, struct mem_cgroup *memcg, u64 batch)
{
	for (; memcg; memcg = memcg->parent) {
		if (memcg->memory.usage > memcg->memory.high) {
			mm_task(t)->memcg_nr_pages_over_high += (unsigned int)batch;
			break;
		}
	}
	if (mm_task(t)->memcg_nr_pages_over_high > MEMCG_CHARGE_BATCH)
		mem_cgroup_handle_over_high(t);
}

/* 2.6.25 mm/memcontrol.c: limit reclaim failures before the memcg OOM */
#define MEM_CGROUP_RECLAIM_RETRIES 5

/*
 * mem_cgroup_charge() -> try_charge_memcg() (v6.12), in @t's coroutine,
 * in the kernel's order: the CPU's stock; the counters, a batch of
 * MEMCG_CHARGE_BATCH cut to the page at the first refusal; then
 * memory.events max and limit reclaim of the memcg over its limit, after
 * which the charge is retried from the top (retry:) when the margin is
 * back, after draining the stocks once, after any progress (small
 * charges), or while MAX_RECLAIM_RETRIES last; __GFP_NORETRY (readahead)
 * gives up after the drain, __GFP_RETRY_MAYFAIL before the OOM killer;
 * then the memcg OOM killer and the retries anew.  The 2.6.x profiles
 * follow 2.6.25 mem_cgroup_charge_common() after the reclaim instead,
 * 3.10 and 4.x mem_cgroup_do_charge().
 */
enum vm_fault_result mem_cgroup_charge(struct task *t, u32 pfn, gfp_t gfp)
{
	struct sim *sim = t->sim;
	struct mem_cgroup *memcg = t->memcg, *mem_over_limit;
	/* a large folio is charged whole (its head carries the order) */
	const u64 nr_pages = folio_nr_pages(pfn_to_page(sim, pfn));
	const enum memcg_charge_policy rules = sim->scn.policy.memcg_charge;
	const unsigned int max_retries = rules != MEMCG_CHARGE_TRY_CHARGE_MEMCG ?
						 MEM_CGROUP_RECLAIM_RETRIES :
						 MAX_RECLAIM_RETRIES;
	unsigned int nr_retries = max_retries;
	/* before the per-CPU charge stock of 2.6.33 every page was charged alone */
	u64 batch = sim->scn.policy.memcg_stock ? max_u64(MEMCG_CHARGE_BATCH, nr_pages) : nr_pages;
	unsigned long nr_reclaimed;
	bool drained = false, memsw_hit, pflags;
	struct memcg_stock *stock;

retry:
	charge_sys(t, sim->scn.cost.charge_ns);
	stock = task_stock(t);
	/* consume_stock() */
	if (stock->memcg == memcg && stock->nr >= nr_pages) {
		stock->nr -= nr_pages;
		commit_charge(sim, pfn, memcg);
		return VM_FAULT_DONE;
	}
	mem_over_limit = try_charge_counters(memcg, batch, &memsw_hit);
	if (!mem_over_limit)
		goto done_restock;
	/* never reclaim on behalf of optional batching: retry with the page alone */
	if (batch > nr_pages) {
		batch = nr_pages;
		goto retry;
	}
	if (!gfpflags_allow_blocking(gfp))
		return VM_FAULT_NOMEM;
	/* mem_cgroup_do_charge (3.8..3.16): __GFP_NORETRY does not reclaim */
	if (rules == MEMCG_CHARGE_DO_CHARGE && (gfp & __GFP_NORETRY))
		return VM_FAULT_NOMEM;
	memcg_memory_event(sim, mem_over_limit, MEMCG_MAX);
	psi_memstall_enter(t, &pflags);
	nr_reclaimed = try_to_free_mem_cgroup_pages(t, mem_over_limit, nr_pages, !memsw_hit);
	psi_memstall_leave(t, &pflags);
	if (mem_cgroup_margin(mem_over_limit) >= nr_pages)
		goto retry;
	if (rules == MEMCG_CHARGE_COMMON) {
		/*
		 * 2.6.25 mem_cgroup_charge_common: limit reclaim made progress
		 * only if it reclaimed SWAP_CLUSTER_MAX pages (its
		 * do_try_to_free_pages has no all_unreclaimable escape);
		 * otherwise, after MEM_CGROUP_RECLAIM_RETRIES such failures,
		 * the memcg OOM killer, and before each retry a
		 * congestion_wait(HZ/10) nap.
		 */
		if (nr_reclaimed >= SWAP_CLUSTER_MAX)
			goto retry;
		if (nr_retries--) {
			congestion_wait(t, JIFFY_NS * (HZ / 10));
			goto retry;
		}
	} else if (rules == MEMCG_CHARGE_DO_CHARGE) {
		/*
		 * mem_cgroup_do_charge (v3.10; 2.6.36..3.16): any progress
		 * retries a small charge (CHARGE_RETRY), at once; a fruitless
		 * reclaim is CHARGE_NOMEM, and __mem_cgroup_try_charge calls
		 * the memcg OOM killer after MEM_CGROUP_RECLAIM_RETRIES of
		 * them.  No nap, no stock drain before the OOM.
		 */
		if (nr_reclaimed && nr_pages <= (1 << PAGE_ALLOC_COSTLY_ORDER))
			goto retry;
		if (nr_retries--)
			goto retry;
	} else {
		if (!drained) {
			drain_all_stock(sim, mem_over_limit);
			drained = true;
			goto retry;
		}
		if (gfp & __GFP_NORETRY)
			return VM_FAULT_NOMEM;
		if (nr_reclaimed && nr_pages <= (1 << PAGE_ALLOC_COSTLY_ORDER))
			goto retry;
		if (nr_retries--)
			goto retry;
		if (gfp & __GFP_RETRY_MAYFAIL)
			return VM_FAULT_NOMEM;
	}
	/* mem_cgroup_oom() */
	memcg_memory_event(sim, mem_over_limit, MEMCG_OOM);
	if (!out_of_memory(t, mem_over_limit, GFP_HIGHUSER_MOVABLE, 0) || mm_task(t)->oom_victim)
		return VM_FAULT_OOM;
	nr_retries = max_retries;
	goto retry;

done_restock:
	/* refill_stock(): the CPU's stock now serves @memcg */
	if (batch > nr_pages) {
		if (stock->memcg != memcg)
			mem_cgroup_drain_stock(stock);
		stock->memcg = memcg;
		stock->nr += batch - nr_pages;
	}
	commit_charge(sim, pfn, memcg);
	memcg_note_over_high(t, memcg, batch);
	return VM_FAULT_DONE;
}

/* 2 s: the longest memory.high penalty per return to user (MEMCG_MAX_HIGH_DELAY_JIFFIES) */
#define MEMCG_MAX_HIGH_DELAY_JIFFIES (2UL * HZ)
#define MEMCG_DELAY_PRECISION_SHIFT 20
#define MEMCG_DELAY_SCALING_SHIFT 14

/* calculate_overage() (v5.8+): (usage - high) / high in 2^-20 units, high at least 1. */
static u64 calculate_overage(u64 usage, u64 high)
{
	if (usage <= high)
		return 0;
	high = max_u64(high, 1);
	return ((usage - high) << MEMCG_DELAY_PRECISION_SHIFT) / high;
}

/* mem_find_max_overage() (v5.8+): the worst of @memcg and its ancestors below the root. */
static u64 mem_find_max_overage(struct mem_cgroup *memcg)
{
	u64 max_overage = 0;

	for (; memcg && memcg->parent; memcg = memcg->parent)
		max_overage = max_u64(max_overage,
				      calculate_overage(memcg->memory.usage, memcg->memory.high));
	return max_overage;
}

/*
 * calculate_high_delay() (v5.8+): the penalty in jiffies, quadratic in the
 * overage, scaled by the task's share (@nr_pages against a 64-page batch).
 * With high = 100M, 1M over costs 6 ms and 10M over 639 ms (the kernel's
 * table).
 */
unsigned long calculate_high_delay(unsigned int nr_pages, u64 max_overage)
{
	u64 penalty_jiffies;

	if (!max_overage)
		return 0;
	penalty_jiffies = max_overage * max_overage * HZ;
	penalty_jiffies >>= MEMCG_DELAY_PRECISION_SHIFT;
	penalty_jiffies >>= MEMCG_DELAY_SCALING_SHIFT;
	return (unsigned long)(penalty_jiffies * nr_pages / MEMCG_CHARGE_BATCH);
}

/*
 * reclaim_high() (v6.12): reclaim @nr_pages from @memcg and each ancestor
 * below the root that is over memory.high, counting a MEMCG_HIGH event
 * for each.
 */
static unsigned long reclaim_high(struct task *t, struct mem_cgroup *memcg, unsigned long nr_pages)
{
	unsigned long nr_reclaimed = 0;

	for (; memcg && memcg->parent; memcg = memcg->parent) {
		bool pflags;

		if (memcg->memory.usage <= memcg->memory.high)
			continue;
		memcg_memory_event(t->sim, memcg, MEMCG_HIGH);
		psi_memstall_enter(t, &pflags);
		nr_reclaimed += try_to_free_mem_cgroup_pages(t, memcg, nr_pages, true);
		psi_memstall_leave(t, &pflags);
	}
	return nr_reclaimed;
}

/*
 * mem_cgroup_handle_over_high() (v6.12; memcg_high_throttle = penalty):
 * on return to user, reclaim the task's over-high pages from the groups
 * over memory.high, then, if the penalty (SPEC 6.1) exceeds HZ/100, keep
 * reclaiming SWAP_CLUSTER_MAX at a time while that makes progress (or for
 * MAX_RECLAIM_RETRIES tries), and finally sleep the penalty (at most 2 s).
 * The memory.swap.high penalty is not modelled (no swap.high).  With
 * memcg_high_throttle = reclaim (v4.2..5.3) the one reclaim is all; with
 * penalty_once (v5.4..5.8, before Chris Down's 5.9 "mm, memcg: reclaim
 * more aggressively before high allocator throttling") the penalty
 * follows the one reclaim, without retries.
 */
void mem_cgroup_handle_over_high(struct task *t)
{
	unsigned int nr_pages = mm_task(t)->memcg_nr_pages_over_high;
	int nr_retries = MAX_RECLAIM_RETRIES;
	struct mem_cgroup *memcg = t->memcg;
	bool in_retry = false;

	if (!nr_pages)
		return;
	mm_task(t)->memcg_nr_pages_over_high = 0;
	for (;;) {
		unsigned long nr_reclaimed, penalty_jiffies;

		if (mm_task(t)->oom_victim)
			return; /* task_is_dying() */
		nr_reclaimed = reclaim_high(t, memcg, in_retry ? SWAP_CLUSTER_MAX : nr_pages);
		if (!t->sim->scn.policy.memcg_high_penalty)
			return;
		penalty_jiffies = calculate_high_delay(nr_pages, mem_find_max_overage(memcg));
		if (penalty_jiffies > MEMCG_MAX_HIGH_DELAY_JIFFIES)
			penalty_jiffies = MEMCG_MAX_HIGH_DELAY_JIFFIES;
		if (penalty_jiffies <= HZ / 100)
			return;
		/* v5.4..5.8 slept after the one reclaim, whatever it did */
		if (t->sim->scn.policy.memcg_high_penalty != MEMCG_HIGH_PENALTY_ONCE &&
		    (nr_reclaimed || nr_retries--)) {
			in_retry = true;
			continue;
		}
		{
			bool pflags;

			psi_memstall_enter(t, &pflags);
			schedule_timeout(t, NULL, penalty_jiffies * JIFFY_NS);
			psi_memstall_leave(t, &pflags);
		}
		return;
	}
}

/*
 * memory_reclaim() (v6.12, a write to memory.reclaim): reclaim @nr_pages
 * from @memcg's subtree in batches of a quarter of what is left (reclaim
 * takes at least SWAP_CLUSTER_MAX), allowing MAX_RECLAIM_RETRIES batches
 * that reclaim nothing.  0 when done, -EAGAIN when it gave up; the pages
 * reclaimed are added to *@nr_reclaimed_out (may be NULL).
 */
int memory_reclaim(struct task *t, struct mem_cgroup *memcg, u64 nr_pages, u64 *nr_reclaimed_out)
{
	unsigned int nr_retries = MAX_RECLAIM_RETRIES;
	u64 nr_reclaimed = 0;

	while (nr_reclaimed < nr_pages) {
		u64 batch_size = (nr_pages - nr_reclaimed) / 4;
		unsigned long reclaimed;

		if (mm_task(t)->oom_victim)
			return -EINTR;
		/* the last attempt: per-CPU lazyfree batches to the LRU */
		if (!nr_retries)
			for (unsigned int c = 0; c < t->sim->eng.nr_cpus; c++)
				lru_add_drain(t->sim, c);
		reclaimed = try_to_free_mem_cgroup_pages(t, memcg, (unsigned long)batch_size, true);
		if (nr_reclaimed_out)
			*nr_reclaimed_out += reclaimed;
		if (!reclaimed && !nr_retries--)
			return -EAGAIN;
		nr_reclaimed += reclaimed;
	}
	return 0;
}

/*
 * mem_cgroup_get_oom_group() (v6.12): the highest group with
 * memory.oom.group set between @victim's group and the OOM domain
 * (@oom_domain, NULL: the root), whose tasks all die with the victim.
 * cgroup v1 has no oom.group.
 */
struct mem_cgroup *mem_cgroup_get_oom_group(struct sim *sim, struct task *victim,
					    struct mem_cgroup *oom_domain)
{
	struct mem_cgroup *oom_group = NULL, *memcg = victim->memcg;

	if (!oom_domain)
		oom_domain = sim->memcgs[0];
	if (!memcg->parent || !memcg->dfl || !mem_cgroup_is_descendant(memcg, oom_domain))
		return NULL;
	for (; memcg; memcg = memcg->parent) {
		if (memcg->oom_group)
			oom_group = memcg;
		if (memcg == oom_domain)
			break;
	}
	return oom_group;
}

/* mem_cgroup_uncharge() (v6.12 uncharge_folio): v1 counts pgpgout. */
void mem_cgroup_uncharge(struct sim *sim, u32 pfn)
{
	struct page *page = pfn_to_page(sim, pfn);
	struct mem_cgroup *memcg;

	if (page->memcg_id == MEMCG_ID_NONE)
		return;
	memcg = sim->memcgs[page->memcg_id];
	memcg_uncharge(memcg, folio_nr_pages(page));
	memcg->memcg_stat[MEMCG_PGPGOUT]++; /* one event a folio */
	memcg_check_events(sim, memcg, pfn);
	page->memcg_id = MEMCG_ID_NONE;
}

/*
 * __mem_cgroup_try_charge_swap() (v6.12, v2 groups): the swap slot @slot
 * given to page @pfn is charged to the page's group's swap counter, up the
 * tree; over memory.swap.max it fails and the page keeps its memory.
 * (The kernel also counts swap.events max/fail, not modelled.)  v1 groups
 * move their memsw charge later, in mem_cgroup_swapout().
 */
bool mem_cgroup_try_charge_swap(struct sim *sim, u32 pfn, u64 slot)
{
	struct page *page = pfn_to_page(sim, pfn);
	struct page_counter *fail;
	struct mem_cgroup *memcg;

	if (page->memcg_id == MEMCG_ID_NONE)
		return true;
	memcg = sim->memcgs[page->memcg_id];
	if (!memcg->dfl)
		return true;
	if (!page_counter_try_charge(&memcg->swap, 1, &fail))
		return false;
	sim->swap->swap_cgroup[slot] = page->memcg_id;
	memcg->memcg_stat[MEMCG_SWAP]++;
	return true;
}

/*
 * mem_cgroup_swap_full() (v6.12; Vladimir Davydov's 5ccc5abaaf6f "mm: free
 * swap cache aggressively if memcg swap is full", v4.5, with cgroup v2's
 * swap charging): is the swap page @pfn keeps a copy in short - over half
 * the device in use (vm_swap_full), or for a v2 group over half its or an
 * ancestor's memory.swap.max?  A v1 group (memsw accounting) looks at the
 * device only.  (memory.swap.high, v5.8, is not modelled.)
 */
bool mem_cgroup_swap_full(struct sim *sim, u32 pfn)
{
	const struct page *page = pfn_to_page(sim, pfn);
	const struct mem_cgroup *memcg;

	if (vm_swap_full(sim))
		return true;
	if (page->memcg_id == MEMCG_ID_NONE)
		return false;
	memcg = sim->memcgs[page->memcg_id];
	if (do_memsw_account(memcg))
		return false;
	for (; memcg && memcg->parent; memcg = memcg->parent)
		if (memcg->swap.max != U64_MAX && memcg->swap.usage * 2 >= memcg->swap.max)
			return true;
	return false;
}

/*
 * mem_cgroup_swapout() (v6.12, v1 path): the page leaves memory for swap
 * slot @slot; the memory charge goes, the memsw charge moves to the swap
 * entry (recorded in swap_cgroup).  A v2 page keeps its memory charge
 * until it is freed (its swap was charged at add_to_swap).
 */
void mem_cgroup_swapout(struct sim *sim, u32 pfn, u64 slot)
{
	struct page *page = pfn_to_page(sim, pfn);
	struct mem_cgroup *memcg;

	if (page->memcg_id == MEMCG_ID_NONE)
		return;
	memcg = sim->memcgs[page->memcg_id];
	if (!do_memsw_account(memcg))
		return;
	sim->swap->swap_cgroup[slot] = page->memcg_id;
	memcg->memcg_stat[MEMCG_SWAP]++;
	page_counter_uncharge(&memcg->memory, 1);
	memcg->memcg_stat[MEMCG_PGPGOUT]++;
	page->memcg_id = MEMCG_ID_NONE;
}

/*
 * The periodic rstat flushes (v6.12 flush_memcg_stats_dwork, every
 * FLUSH_TIME since boot; and the group's stat_reads, a reader of its
 * memory.stat), done lazily: the first change of @lruvec's LRU sizes in a
 * new period, or the first read, takes the sizes as they stood when the
 * period began, which is what the flush saw.
 */
static void lruvec_stats_sync(struct sim *sim, struct lruvec *lruvec)
{
	u64 now = sim->eng.now, period = lruvec->memcg->stat_flush_ns, epoch;

	/* still in the period synced last: no division (one per LRU change and ancestor) */
	if (now < lruvec->flush_end && now >= lruvec->flush_end - period)
		return;
	epoch = now / period;
	lruvec->flush_end = (epoch + 1) * period;
	if (epoch == lruvec->flush_epoch)
		return;
	memcpy(lruvec->nr_pages_flushed, lruvec->nr_pages_hier, sizeof(lruvec->nr_pages_flushed));
	lruvec->flush_epoch = epoch;
}

void lruvec_lru_size_changing(struct sim *sim, struct lruvec *lruvec)
{
	if (sim->scn.policy.memcg_stats_rstat)
		lruvec_stats_sync(sim, lruvec);
}

u64 lruvec_page_state_lru(struct sim *sim, struct lruvec *lruvec, enum lru_list lru)
{
	if (!sim->scn.policy.memcg_stats_rstat)
		return lruvec->nr_pages_hier[lru];
	lruvec_stats_sync(sim, lruvec);
	return lruvec->nr_pages_flushed[lru];
}

/*
 * mem_cgroup_flush_stats() (v6.12): what a read of memory.stat does first:
 * the stats of @memcg's subtree become exact.  (The kernel skips the flush
 * when fewer than 64 updates per CPU are pending; not modelled.)
 */
void mem_cgroup_flush_stats(struct sim *sim, struct mem_cgroup *memcg)
{
	for (struct mem_cgroup *pos = css_next_descendant_pre(NULL, memcg); pos;
	     pos = css_next_descendant_pre(pos, memcg)) {
		for (unsigned int n = 0; n < sim->nr_nodes; n++) {
			struct lruvec *lruvec = mem_cgroup_lruvec(pos, &sim->nodes[n]);

			memcpy(lruvec->nr_pages_flushed, lruvec->nr_pages_hier,
			       sizeof(lruvec->nr_pages_flushed));
			lruvec->flush_epoch = sim->eng.now / pos->stat_flush_ns;
			lruvec->flush_end = (lruvec->flush_epoch + 1) * pos->stat_flush_ns;
		}
	}
}

/* __mem_cgroup_uncharge_swap(): the swap entry is gone (or back in memory). */
void mem_cgroup_uncharge_swap(struct sim *sim, u64 slot)
{
	u16 id = sim->swap->swap_cgroup[slot];
	struct mem_cgroup *memcg;

	if (id == MEMCG_ID_NONE)
		return;
	memcg = sim->memcgs[id];
	memcg->memcg_stat[MEMCG_SWAP]--;
	page_counter_uncharge(do_memsw_account(memcg) ? &memcg->memsw : &memcg->swap, 1);
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
	  P_OFF(memcg_charge),
	  .values = CFG_VALUES("try_charge_memcg", "mem_cgroup_charge_common",
			       "mem_cgroup_do_charge"),
	  .def = "try_charge_memcg",
	  .doc = "a failed memcg charge: the v6.12 try_charge_memcg retry rules (drain stocks, MAX_RECLAIM_RETRIES) / 2.6.25 mem_cgroup_charge_common (progress = SWAP_CLUSTER_MAX reclaimed, HZ/10 naps, 5 retries) / 2.6.36..3.16 mem_cgroup_do_charge, with 3.8's rules (any progress retries at once, 5 fruitless reclaims before the OOM killer, no nap; __GFP_NORETRY charges fail without reclaim)" },
	{ .name = "memcg_stock",
	  .type = CFG_ENUM,
	  P_OFF(memcg_stock),
	  .values = CFG_VALUES("off", "on"),
	  .def = "on",
	  .doc = "v2.6.33+ per-CPU charge stock, charges in batches of 64 pages / before, every page charged alone" },
	/*
	 * Not a kernel behaviour but the distributions' choice of hierarchy,
	 * set by the profiles (the 6.x ones v2, older ones v1) so that the
	 * profile lines can carry it; a [cgroup] cgroup key overrides it.
	 */
	{ .name = "cgroup",
	  .type = CFG_ENUM,
	  P_OFF(cgroup_dfl),
	  .values = CFG_VALUES("v1", "v2"),
	  .def = "v2",
	  .doc = "the interface of the memory cgroups that do not choose their own: cgroup v1 (limit, memsw_limit, swappiness) / v2 (min, low, high, max, swap_max, oom_group)" },
	{ .name = "memcg_high_throttle",
	  .type = CFG_ENUM,
	  P_OFF(memcg_high_penalty),
	  .values = CFG_VALUES("reclaim", "penalty", "penalty_once"),
	  .def = "penalty",
	  .doc = "over memory.high on return to user: v4.2..5.3 reclaim only / v5.9+ reclaim, retried while it makes progress (MAX_RECLAIM_RETRIES without), then sleep a penalty quadratic in the overage, at most 2 s / v5.4..5.8 one reclaim, then the penalty sleep" },
	{ .name = "soft_limit_reclaim",
	  .type = CFG_ENUM,
	  P_OFF(soft_limit_reclaim),
	  .values = CFG_VALUES("none", "tree", "integrated", "integrated_skip"),
	  .def = "tree",
	  .doc = "global reclaim and the v1 soft limits: before v2.6.29 none / v2.6.32+ tree (groups in excess on a tree per zone, per node with zone_reclaim = off, refreshed every 1024 page events per CPU; kswapd and direct reclaim soft-reclaim the largest at priority 0 first, as limit reclaim) / the 2013 rework (not released): integrated (shrink_zone first walks only groups in excess or below one, an excess test per ancestor; all groups if that scanned nothing) / integrated_skip (its v5: the iterator skips groups and subtrees with nothing in excess)" },
	{ .name = "memcg_stats",
	  .type = CFG_ENUM,
	  P_OFF(memcg_stats_rstat),
	  .values = CFG_VALUES("exact", "rstat"),
	  .def = "rstat",
	  .doc = "the LRU sizes reclaim's list balance reads (inactive_is_low, cache_trim_mode): before v5.13 exact (per-CPU deltas folded every 32 pages) / v5.13+ rstat: as of the last flush, every 2 s (flush_memcg_stats_dwork) or when the group's memory.stat is read (a workload's stat_reads)" },
};
CFG_TABLE(memcontrol_policy_table, memcontrol_policy_keys);

/* ------------------------------------------------------------------ */
/* Scenario keys: the cgroup2 mount options, in [machine]             */
/* ------------------------------------------------------------------ */

#define M_OFF(f) \
	.off = offsetof(struct scn_machine, f), .size = sizeof(((struct scn_machine *)0)->f)

/* cgroup = v1 | v2 | profile */
static int set_machine_cgroup(struct cfg_ctx *k, void *obj, const char *val)
{
	static const char *const names[] = { "v1", "v2", "profile" };
	struct scn_machine *m = obj;
	int v = 0; /* set on success; the initializer quiets -flto's maybe-uninitialized */

	if (cfg_set_choice(k, val, names, 3, &v))
		return -1;
	m->cgroup = v == 2 ? -1 : v;
	return 0;
}

static const struct cfg_key memcontrol_machine_keys[] = {
	/*
	 * The user's choice; the kernel profiles set [policy] cgroup (they
	 * set [policy] keys only, which a key given anywhere overrides), and
	 * "profile" leaves it to them.
	 */
	{ .name = "cgroup",
	  .type = CFG_CUSTOM,
	  .set = set_machine_cgroup,
	  .def = "profile",
	  .range = "v1 \\| v2 \\| profile",
	  .doc = "the interface of the memory cgroups that do not choose their own (and of the root); profile = [policy] cgroup, which the kernel profile sets (6.x v2, older v1)" },
	{ .name = "memory_recursiveprot",
	  .type = CFG_ENUM,
	  M_OFF(memory_recursiveprot),
	  .values = CFG_VALUES("0", "1"),
	  .def = "0",
	  .doc = "cgroup2 mount option (v5.7+): memory.min/low of a group also protect its descendants that set none, in proportion to their usage (SPEC 6.4)" },
	{ .name = "memory_localevents",
	  .type = CFG_ENUM,
	  M_OFF(memory_localevents),
	  .values = CFG_VALUES("0", "1"),
	  .def = "0",
	  .doc = "cgroup2 mount option (v5.2+): memory.events counts a group's own events only, not its descendants'" },
};
CFG_TABLE(memcontrol_machine_table, memcontrol_machine_keys);

/* ------------------------------------------------------------------ */
/* Scenario keys: [cgroup NAME]                                       */
/* ------------------------------------------------------------------ */

/* parent = NAME | PATH | /   (resolved by scenario_validate) */
static int set_parent(struct cfg_ctx *k, void *obj, const char *val)
{
	struct scn_cgroup *cg = obj;
	const char *why;

	if (strcmp(val, "/")) {
		why = scenario_check_path(val);
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

/* cgroup = v1 | v2 | inherit */
static int set_cg_interface(struct cfg_ctx *k, void *obj, const char *val)
{
	static const char *const names[] = { "v1", "v2", "inherit" };
	struct scn_cgroup *cg = obj;
	int v = 0; /* as above */

	if (cfg_set_choice(k, val, names, 3, &v))
		return -1;
	cg->interface = v == 2 ? -1 : v;
	return 0;
}

#define CG_OFF(f) offsetof(struct scn_cgroup, f)

/* limit (v1) and max (v2): one hard limit, remembering which name gave it */
static int set_cg_limit(struct cfg_ctx *k, void *obj, const char *val)
{
	static const struct cfg_key size = { .name = "limit",
					     .type = CFG_SIZE,
					     .off = CG_OFF(limit),
					     .flags = CFG_F_POSITIVE | CFG_F_MAX };
	struct scn_cgroup *cg = obj;

	if (cfg_apply_key(k, &size, obj, val))
		return -1;
	cg->limit_v2 = !strcmp(k->key, "max");
	return 0;
}

#define CG_V2_SIZE(n, f, d, text)                                                                 \
	{                                                                                         \
		.name = n, .type = CFG_SIZE, .off = CG_OFF(f), .flags = CFG_F_MAX | CFG_F_ORIGIN, \
		.origin_off = CG_OFF(f##_origin), .def = d, .doc = text                           \
	}

static const struct cfg_key cgroup_keys[] = {
	{ .name = "parent",
	  .type = CFG_CUSTOM,
	  .set = set_parent,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = CG_OFF(parent_origin),
	  .def = "/",
	  .range = "NAME \\| PATH \\| /",
	  .doc = "the parent cgroup: a [cgroup] section's name or path, / = the root; not with a path section name (`[cgroup A/B]` says its parent)" },
	{ .name = "cgroup",
	  .type = CFG_CUSTOM,
	  .set = set_cg_interface,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = CG_OFF(interface_origin),
	  .def = "inherit",
	  .range = "v1 \\| v2 \\| inherit",
	  .doc = "this group's interface; inherit = [machine] cgroup, else [policy] cgroup, but a group that sets only v1 keys is v1 when neither is given in the scenario" },
	{ .name = "limit",
	  .type = CFG_CUSTOM,
	  .set = set_cg_limit,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = CG_OFF(limit_origin),
	  .def = "max",
	  .range = "size > 0, max",
	  .doc = "v1 memory.limit_in_bytes; max or unlimited = none" },
	/* v2 spelling of the same limit (memory.max) */
	{ .name = "max",
	  .type = CFG_CUSTOM,
	  .set = set_cg_limit,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = CG_OFF(limit_origin),
	  .alias = "limit",
	  .range = "size > 0, max",
	  .doc = "v2 memory.max: over it, reclaim, then the memcg OOM killer" },
	{ .name = "memsw_limit",
	  .type = CFG_SIZE,
	  .off = CG_OFF(memsw_limit),
	  .flags = CFG_F_POSITIVE | CFG_F_MAX | CFG_F_ORIGIN,
	  .origin_off = CG_OFF(memsw_origin),
	  .def = "max",
	  .doc = "v1 memory.memsw.limit_in_bytes: memory + swap" },
	{ .name = "soft_limit",
	  .type = CFG_SIZE,
	  .off = CG_OFF(soft_limit),
	  .flags = CFG_F_MAX | CFG_F_ORIGIN,
	  .origin_off = CG_OFF(soft_limit_origin),
	  .def = "max",
	  .doc = "v1 memory.soft_limit_in_bytes: global reclaim takes from groups over it first ([policy] soft_limit_reclaim); 0 = always in excess, max = never" },
	{ .name = "swappiness",
	  .type = CFG_CUSTOM,
	  .set = set_cg_swappiness,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = CG_OFF(swappiness_origin),
	  .def = "inherit",
	  .range = "0..200 \\| inherit",
	  .doc = "v1 memory.swappiness; inherit = vm.swappiness" },
	CG_V2_SIZE("min", min, "0",
		   "v2 memory.min: usage within its effective value is never reclaimed"),
	CG_V2_SIZE(
		"low", low, "0",
		"v2 memory.low: usage within its effective value is reclaimed only when nothing else is"),
	CG_V2_SIZE("high", high, "max",
		   "v2 memory.high: over it, charges reclaim and are throttled on return to user"),
	CG_V2_SIZE("swap_max", swap_max, "max", "v2 memory.swap.max: swap the group may use"),
	{ .name = "oom_group",
	  .type = CFG_ENUM,
	  .off = CG_OFF(oom_group),
	  .size = sizeof(bool),
	  .values = CFG_VALUES("0", "1"),
	  .flags = CFG_F_ORIGIN,
	  .origin_off = CG_OFF(oom_group_origin),
	  .def = "0",
	  .doc = "v2 memory.oom.group: an OOM kill in it kills all its processes (but oom_score_adj -1000 ones)" },
	{ .name = "stat_reads",
	  .type = CFG_TIME,
	  .off = CG_OFF(stat_reads),
	  .def = "0",
	  .doc = "a monitor reads the group's memory.stat every this often (the oracle's sampler: 200ms); 0 = none. Each read flushes the group's rstat stats, which reclaim otherwise sees as of the last periodic flush (2 s; [policy] memcg_stats)" },
};
CFG_TABLE(memcontrol_cgroup_table, cgroup_keys);

/* [cgroup_tree NAME]: the tree's own keys; the [cgroup] ones configure each group */
#define T_OFF(f) offsetof(struct scn_cgroup_tree, f)

static const struct cfg_key cgroup_tree_keys[] = {
	{ .name = "under",
	  .type = CFG_CUSTOM,
	  .set = set_parent,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = CG_OFF(parent_origin),
	  .alias = "parent",
	  .range = "NAME \\| PATH \\| /",
	  .doc = "the group the subtrees go under: a [cgroup] section's name or path, / = the root" },
	{ .name = "shape",
	  .type = CFG_ENUM,
	  .off = T_OFF(shape),
	  .size = sizeof(int),
	  .values = CFG_VALUES("binary"),
	  .def = "binary",
	  .doc = "complete binary subtrees: a group's children are its path + /0 and /1" },
	{ .name = "levels",
	  .type = CFG_UINT,
	  .off = T_OFF(levels),
	  .min = 1,
	  .max = SCN_MAX_CGROUP_DEPTH,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = T_OFF(levels_origin),
	  .def = "1",
	  .doc = "levels of each subtree: 2^levels - 1 groups (within the depth limit, 32 below the root)" },
	{ .name = "subtrees",
	  .type = CFG_UINT,
	  .off = T_OFF(subtrees),
	  .min = 1,
	  .max = 16,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = T_OFF(subtrees_origin),
	  .def = "1",
	  .doc = "subtrees under the group: UNDER/NAME0, UNDER/NAME1, ... (UNDER/NAME when 1)" },
};
CFG_TABLE(memcontrol_cgroup_tree_table, cgroup_tree_keys);

/* The keys of each interface, with where each was given (0: not given). */
struct cg_key_origin {
	const char *name;
	int origin;
};

/*
 * scn_cgroup_check - the rules memcg_check_cgroups applies to cgroup @c
 * beyond its own keys: no key of the other interface (a v2 key on a v1
 * group or the reverse), and memory.min, memory.low not above memory.max
 * (the kernel takes them, but they could never hold).
 */
static const char *scn_cgroup_check(const struct scenario *s, const struct scn_cgroup *c,
				    const char *kind, char *buf, size_t len, int *origin)
{
	bool dfl = scn_cgroup_dfl(s, c);
	const struct cg_key_origin v1[] = {
		{ "limit", c->limit_v2 ? 0 : c->limit_origin },
		{ "memsw_limit", c->memsw_origin },
		{ "swappiness", c->swappiness_origin },
		{ "soft_limit", c->soft_limit_origin },
	};
	const struct cg_key_origin v2[] = {
		{ "max", c->limit_v2 ? c->limit_origin : 0 },
		{ "min", c->min_origin },
		{ "low", c->low_origin },
		{ "high", c->high_origin },
		{ "swap_max", c->swap_max_origin },
		{ "oom_group", c->oom_group_origin },
	};
	const struct cg_key_origin *other = dfl ? v1 : v2;
	size_t nr_other = dfl ? CFG_ARRAY_SIZE(v1) : CFG_ARRAY_SIZE(v2);
	const char *why = c->interface >= 0	 ? "its cgroup key" :
			  s->machine.cgroup >= 0 ? "[machine] cgroup" :
			  s->policy.cgroup_given ? "[policy] cgroup" :
						   "the kernel profile's [policy] cgroup";

	for (size_t i = 0; i < nr_other; i++) {
		if (!other[i].origin)
			continue;
		*origin = other[i].origin;
		snprintf(buf, len, "[%s %s] %s: a cgroup %s key, but the group is %s (%s)", kind,
			 c->name, other[i].name, dfl ? "v1" : "v2", dfl ? "v2" : "v1", why);
		return buf;
	}
	if (dfl && c->limit != U64_MAX && (c->min > c->limit || c->low > c->limit)) {
		bool min = c->min > c->limit;

		*origin = min ? c->min_origin : c->low_origin;
		snprintf(buf, len, "[%s %s] %s: must be <= max (%llu bytes)", kind, c->name,
			 min ? "min" : "low", (unsigned long long)c->limit);
		return buf;
	}
	return NULL;
}

/* Report the cycle through cgroup @i (its parent chain comes back to it). */
static int report_cycle(const struct scenario *s, unsigned int i, char *err, size_t errlen)
{
	char chain[CFG_MSG_LEN];
	unsigned int r = i;
	size_t used;
	int cur = (int)i, best = 0;

	/* blame the member whose parent the last --set changed, else @i */
	do {
		int o = s->cgroups[cur].parent_origin;

		if (o < best) { /* a --set, later than any before */
			best = o;
			r = (unsigned int)cur;
		}
		cur = scn_find_cgroup(s, s->cgroups[cur].parent);
	} while (cur != (int)i);
	used = (size_t)snprintf(chain, sizeof(chain), "%s", s->cgroups[r].name);
	cur = (int)r;
	do {
		cur = scn_find_cgroup(s, s->cgroups[cur].parent);
		if (used < sizeof(chain))
			used += (size_t)snprintf(chain + used, sizeof(chain) - used, " -> %s",
						 s->cgroups[cur].name);
	} while (cur != (int)r);
	return cfg_fail_at(s, s->cgroups[r].parent_origin, s->cgroups[r].line, err, errlen,
			   "[cgroup %s] parent: cycle %s", s->cgroups[r].name, chain);
}

/* The checks of one group's own keys (a section, or a tree's template). */
static int check_group_keys(const struct scenario *s, const struct scn_cgroup *cg, const char *kind,
			    char *err, size_t errlen)
{
	u64 ps = s->machine.page_size;
	int ps_origin = s->machine.page_size_origin, origin;
	char msg[CFG_MSG_LEN];
	const char *why;

	/* memsw_limit >= limit: a page for one is a page for both */
	if (cg->limit != U64_MAX && cg->limit < ps)
		return cfg_fail_at(s, cfg_later_origin(cg->limit_origin, ps_origin), cg->line, err,
				   errlen, "[%s %s] limit: must be at least one page (%llu bytes)",
				   kind, cg->name, (unsigned long long)ps);
	if (cg->memsw_limit < cg->limit)
		return cfg_fail_at(
			s, cfg_later_origin(cg->limit_origin, cg->memsw_origin), cg->line, err,
			errlen, "[%s %s] memsw_limit: must be >= limit (the v1 kernel refuses it)",
			kind, cg->name);
	/* the interface rules */
	why = scn_cgroup_check(s, cg, kind, msg, sizeof(msg), &origin);
	if (why)
		return cfg_fail_at(s, origin, cg->line, err, errlen, "%s", why);
	return 0;
}

/*
 * Does tree @t (under the group at @under, "" = root) make a group at
 * @path?  Its subtree roots are UNDER/NAMEi (UNDER/NAME if one), below
 * them "/0" and "/1" components, levels - 1 at most.
 */
static bool tree_makes(const struct scn_cgroup_tree *t, const char *under, const char *path)
{
	size_t ul = strlen(under), nl = strlen(t->tmpl.name);
	unsigned int below = 0;
	const char *p = path;

	if (ul && (strncmp(p, under, ul) || p[ul] != '/'))
		return false;
	p += ul ? ul + 1 : 0;
	if (strncmp(p, t->tmpl.name, nl))
		return false;
	p += nl;
	if (t->subtrees > 1) {
		char *end;
		unsigned long j = strtoul(p, &end, 10);

		if (end == p || j >= t->subtrees || (*p == '0' && end - p > 1))
			return false;
		p = end;
	}
	for (; *p; p += 2, below++)
		if (p[0] != '/' || (p[1] != '0' && p[1] != '1'))
			return false;
	return below < t->levels;
}

/* The [cgroup_tree] checks: its keys, where it goes, its size. */
static int check_trees(const struct scenario *s, u64 *nr, char *err, size_t errlen)
{
	char under[SCN_PATH_LEN], path[SCN_PATH_LEN];

	for (unsigned int i = 0; i < s->nr_cgroup_trees; i++) {
		const struct scn_cgroup_tree *t = &s->cgroup_trees[i];
		const struct scn_cgroup *tm = &t->tmpl;
		size_t plen;
		u64 groups;

		if (check_group_keys(s, tm, "cgroup_tree", err, errlen))
			return -1;
		if (strcmp(tm->parent, "/") && scn_cgroup_ref(s, tm->parent) < 0)
			return cfg_fail_at(s, tm->parent_origin, tm->line, err, errlen,
					   "[cgroup_tree %s] under: no [cgroup] section named '%s'",
					   tm->name, tm->parent);
		memcg_ref_path(s, tm->parent, under, sizeof(under));
		if ((under[0] ? path_depth(under) : 0) + t->levels > SCN_MAX_CGROUP_DEPTH)
			return cfg_fail_at(
				s, cfg_later_origin(t->levels_origin, tm->parent_origin), tm->line,
				err, errlen,
				"[cgroup_tree %s] levels: %u levels under '%s' go deeper than %d levels (the depth limit)",
				tm->name, t->levels, tm->parent, SCN_MAX_CGROUP_DEPTH);
		/* the deepest path: UNDER/NAMEjj/1/1/... */
		plen = strlen(under) + 1 + strlen(tm->name) + 2 + 2 * (t->levels - 1);
		if (plen >= SCN_PATH_LEN)
			return cfg_fail_at(
				s, t->levels_origin, tm->line, err, errlen,
				"[cgroup_tree %s] levels: its paths would be longer than %d characters",
				tm->name, SCN_PATH_LEN - 1);
		groups = (u64)t->subtrees * ((1ULL << t->levels) - 1);
		*nr += groups;
		if (*nr > SCN_MAX_MEMCGS)
			return cfg_fail_at(
				s, cfg_later_origin(t->levels_origin, t->subtrees_origin), tm->line,
				err, errlen,
				"[cgroup_tree %s]: %llu groups make %llu with the others, more than %d (memcg ids are 16-bit)",
				tm->name, (unsigned long long)groups, (unsigned long long)*nr,
				SCN_MAX_MEMCGS);
		/* no group twice: a section's path, another tree's subtree root */
		for (unsigned int j = 0; j < s->nr_cgroups; j++) {
			if (scn_cgroup_path(s, j, path, sizeof(path)) ||
			    !tree_makes(t, under, path))
				continue;
			return cfg_fail_at(s, 0, s->cgroups[j].line, err, errlen,
					   "[cgroup %s]: [cgroup_tree %s] (line %d) makes %s too",
					   s->cgroups[j].name, tm->name, tm->line, path);
		}
		for (unsigned int j = 0; j < i; j++) {
			const struct scn_cgroup_tree *o = &s->cgroup_trees[j];
			char ounder[SCN_PATH_LEN];

			memcg_ref_path(s, o->tmpl.parent, ounder, sizeof(ounder));
			for (unsigned int r = 0; r < o->subtrees; r++) {
				tree_root_path(o, ounder, r, path, sizeof(path));
				if (tree_makes(t, under, path))
					return cfg_fail_at(
						s, 0, tm->line, err, errlen,
						"[cgroup_tree %s]: makes %s, as [cgroup_tree %s] (line %d) does",
						tm->name, path, o->tmpl.name, o->tmpl.line);
			}
		}
	}
	return 0;
}

/*
 * memcg_cgroup_exists - does @ref name a group: "" or "/" (the root), a
 * [cgroup] section's name or path, or a path a [cgroup_tree] makes?
 */
bool memcg_cgroup_exists(const struct scenario *s, const char *ref)
{
	char under[SCN_PATH_LEN];

	if (!ref[0] || !strcmp(ref, "/") || scn_cgroup_ref(s, ref) >= 0)
		return true;
	for (unsigned int i = 0; i < s->nr_cgroup_trees; i++) {
		memcg_ref_path(s, s->cgroup_trees[i].tmpl.parent, under, sizeof(under));
		if (tree_makes(&s->cgroup_trees[i], under, ref))
			return true;
	}
	return false;
}

int memcg_check_cgroups(const struct scenario *s, char *err, size_t errlen)
{
	char path[SCN_PATH_LEN], other[SCN_PATH_LEN], *slash;
	u64 nr = 1 + s->nr_cgroups;

	for (unsigned int i = 0; i < s->nr_cgroups; i++) {
		const struct scn_cgroup *cg = &s->cgroups[i];

		if (check_group_keys(s, cg, "cgroup", err, errlen))
			return -1;
		if (strchr(cg->name, '/')) {
			/* mkdir A/B/C: A/B must exist */
			if (cg->parent_origin)
				return cfg_fail_at(
					s, cg->parent_origin, cg->line, err, errlen,
					"[cgroup %s] parent: the section's path gives the parent (drop parent, or name the section '%s')",
					cg->name, strrchr(cg->name, '/') + 1);
			snprintf(path, sizeof(path), "%s", cg->name);
			slash = strrchr(path, '/');
			*slash = '\0';
			if (scn_cgroup_ref(s, path) < 0)
				return cfg_fail_at(
					s, 0, cg->line, err, errlen,
					"[cgroup %s]: its parent '%s' does not exist (no [cgroup %s] section)",
					cg->name, path, path);
		} else if (strcmp(cg->parent, "/") && scn_cgroup_ref(s, cg->parent) < 0) {
			return cfg_fail_at(s, cg->parent_origin, cg->line, err, errlen,
					   "[cgroup %s] parent: no cgroup named '%s'", cg->name,
					   cg->parent);
		}
	}
	/* every parent exists: a chain either reaches the root (or a path) or loops */
	for (unsigned int i = 0; i < s->nr_cgroups; i++) {
		int cur = (int)i;

		for (unsigned int steps = 0; steps <= s->nr_cgroups; steps++) {
			const char *parent = s->cgroups[cur].parent;

			if (!strcmp(parent, "/") || strchr(s->cgroups[cur].name, '/'))
				break;
			cur = scn_find_cgroup(s, parent);
			if (cur < 0)
				break;
			if (cur == (int)i)
				return report_cycle(s, i, err, errlen);
		}
	}
	/* paths: not too deep, not too long, each once */
	for (unsigned int i = 0; i < s->nr_cgroups; i++) {
		const struct scn_cgroup *cg = &s->cgroups[i];

		if (scn_cgroup_path(s, i, path, sizeof(path)))
			return cfg_fail_at(s, cg->parent_origin, cg->line, err, errlen,
					   "[cgroup %s]: its path is longer than %d characters",
					   cg->name, SCN_PATH_LEN - 1);
		if (path_depth(path) > SCN_MAX_CGROUP_DEPTH)
			return cfg_fail_at(s, cg->parent_origin, cg->line, err, errlen,
					   "[cgroup %s]: %s is %u levels deep (at most %d)",
					   cg->name, path, path_depth(path), SCN_MAX_CGROUP_DEPTH);
		for (unsigned int j = 0; j < i; j++)
			if (!scn_cgroup_path(s, j, other, sizeof(other)) && !strcmp(path, other))
				return cfg_fail_at(s, 0, cg->line, err, errlen,
						   "[cgroup %s]: %s is also [cgroup %s] (line %d)",
						   cg->name, path, s->cgroups[j].name,
						   s->cgroups[j].line);
	}
	return check_trees(s, &nr, err, errlen);
}

// SPDX-License-Identifier: MIT
/*
 * memcg_tree.c - issue 12's memcg scale figures: the host cost of a
 * charge (page_counter_try_charge + uncharge, up the tree) of a leaf
 * beside 8,190 empty groups and of a lone group, the host time per group
 * a reclaim walk (mem_cgroup_iter with a reclaim cookie, a full round
 * from the root) visits over empty groups, and the host memory of a
 * group.  The streaming figure is bench/memcg-stream-*.ini (build/bench/bench).
 *
 *   build/bench/memcg_tree
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"

#include "reclaimsim/reclaimsim.h"
#include "mm/sim.h"
#include "mm/internal.h"
#include "config/reader.h"

#define CHARGES 2000000
#define ROUNDS 200

static struct sim *make(const char *ini)
{
	static struct scenario s;
	char err[SCN_ERR_LEN];
	struct sim *sim;

	if (scenario_load_string(&s, "bench", ini, err, sizeof(err)) ||
	    scenario_validate(&s, err, sizeof(err)) || !(sim = sim_create(&s, err, sizeof(err)))) {
		fprintf(stderr, "memcg_tree: %s\n", err);
		exit(1);
	}
	return sim;
}

/* ns per charge + uncharge of one page at @memcg */
static double charge_ns(struct mem_cgroup *memcg)
{
	struct page_counter *fail;
	double t0 = now_ns();

	for (int i = 0; i < CHARGES; i++) {
		if (!page_counter_try_charge(&memcg->memory, 1, &fail))
			abort();
		page_counter_uncharge(&memcg->memory, 1);
	}
	return (now_ns() - t0) / CHARGES;
}

/* Bytes the allocator has handed out (mallinfo2: its arenas and its own mmaps). */
static size_t heap_bytes(void)
{
	struct mallinfo2 mi = mallinfo2();

	return mi.uordblks + mi.hblkhd;
}

static unsigned int depth(const struct mem_cgroup *memcg)
{
	unsigned int d = 0;

	for (; memcg->parent; memcg = memcg->parent)
		d++;
	return d;
}

int main(void)
{
	static const char base[] = "[machine]\nmemory = 1G\nswap = 0\n[cgroup box]\nmax = 512M\n";
	char ini[512];
	struct sim *flat, *tree;
	struct mem_cgroup *leaf, *pos;
	struct mem_cgroup_reclaim_cookie cookie = { 0 };
	u64 visited = 0, bytes = 0;
	size_t h0, h1, h2;
	double per_group;
	double t0, walk;

	h0 = heap_bytes();
	flat = make(base);
	h1 = heap_bytes();
	snprintf(ini, sizeof(ini), "%s[cgroup_tree t]\nunder = box\nlevels = 12\nsubtrees = 2\n",
		 base);
	tree = make(ini);
	h2 = heap_bytes();
	leaf = tree->memcgs[tree->nr_memcgs - 1];
	printf("groups              %u (tree) vs %u (flat), the root included\n", tree->nr_memcgs,
	       flat->nr_memcgs);
	printf("charge, 1 group     %.1f ns (depth %u)\n", charge_ns(flat->memcgs[1]),
	       depth(flat->memcgs[1]));
	printf("charge, tree leaf   %.1f ns (depth %u, beside %u groups)\n", charge_ns(leaf),
	       depth(leaf), tree->nr_memcgs - 2);
	printf("charge, tree's box  %.1f ns (depth %u)\n", charge_ns(tree->memcgs[1]),
	       depth(tree->memcgs[1]));
	cookie.pgdat = &tree->nodes[0];
	t0 = now_ns();
	for (int r = 0; r < ROUNDS; r++)
		for (pos = mem_cgroup_iter(tree, NULL, NULL, &cookie); pos;
		     pos = mem_cgroup_iter(tree, NULL, pos, &cookie))
			visited++;
	walk = now_ns() - t0;
	printf("reclaim walk        %.1f ns per visited group (mem_cgroup_iter, %llu visits)\n",
	       walk / (double)visited, (unsigned long long)visited);
	for (unsigned int i = 0; i < tree->nr_memcgs; i++)
		bytes += sizeof(struct mem_cgroup) + strlen(tree->memcgs[i]->name) + 1 +
			 sizeof(tree->memcgs[i]) /* sim->memcgs */;
	bytes += tree->memcg_hash_size * sizeof(*tree->memcg_hash);
	printf("memory per group    %zu B struct mem_cgroup, %.0f B with its path and index slots; "
	       "plus %zu B per node (struct lruvec)\n",
	       sizeof(struct mem_cgroup), (double)bytes / tree->nr_memcgs, sizeof(struct lruvec));
	per_group = ((double)(h2 - h1) - (double)(h1 - h0)) / (tree->nr_memcgs - flat->nr_memcgs);
	printf("heap per group      %.0f B (the tree's sim less the flat one's, per group: all of it,\n"
	       "                    its lruvecs' rows, per-CPU arrays, malloc's headers): 65,536 groups in %.1f MB\n",
	       per_group, per_group * 65536 / 1e6);
	sim_destroy(flat);
	sim_destroy(tree);
	return 0;
}

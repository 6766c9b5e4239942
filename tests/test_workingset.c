// SPDX-License-Identifier: MIT
/*
 * test_workingset.c - the shadow-node shrinker (src/mm/workingset.c,
 * [policy] shadow_shrinker; mm/workingset.c and mm/shrinker.c, v6.18)
 * with exact values: which xarray nodes go on the shadow_nodes lists,
 * how many nodes each do_shrink_slab() call frees (half the excess, in
 * batches of 128, the rest deferred), WORKINGSET_NODERECLAIM, and a page
 * whose shadow was trimmed coming back without a refault; the v3.15
 * rule (node_present, kernel 4.2) and no tracking before it (3.10).
 *
 * A 2-CPU, 64 MiB machine under kernel 6.18 (shadow_shrinker = lruvec)
 * with a 128 KiB readahead window of single pages and no fault-around;
 * one task of [cgroup box] that never runs on the scheduler.
 */
#include "testmm.h"

#define INI                             \
	"[machine]\n"                   \
	"cpus = 2\n"                    \
	"memory = 64M\n"                \
	"zones = DMA:16M, DMA32:rest\n" \
	"read_ahead = 128K\n"           \
	"[policy]\n"                    \
	"kernel = 6.18\n"               \
	"readahead_folios = single\n"   \
	"fault_around_bytes = 0\n"      \
	"[cgroup box]\n"                \
	"[run]\n"                       \
	"duration = 1s\n"

#define NODES 400 /* sparse shadow nodes of the first test */

static u64 node_stat(struct sim *sim, enum node_stat_item item)
{
	return (u64)sim->nodes[0].vm_stat[item];
}

/*
 * 400 nodes of one shadow each (a removed group's: the root's list).  The
 * root has no LRU pages, so all 400 are freeable.  At DEF_PRIORITY: a
 * target of 400 / 2 = 200, one batch of 128 freed (the oldest: nodes 0..127),
 * 72 deferred.  At priority 0: 272 freeable, 72 + 136 = 208, one batch
 * more, 72 + 136 - 128 = 80 deferred.  At DEF_PRIORITY again: 144
 * freeable, 80 >> 12 + 72 = 72, below a batch and below the freeable:
 * nothing freed, 80 + 72 = 152 deferred.  A page stored into a node takes
 * it off the list; erasing it puts the node back at the tail.
 */
static void test_shrink_batches(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI);
	struct address_space *file = file_create(sim, "sparse", NODES * XA_CHUNK_SIZE);
	struct lruvec *root = mem_cgroup_lruvec(sim->memcgs[0], &sim->nodes[0]);
	struct list_lru_one *lru = &root->shadow_nodes;
	u64 shadow = workingset_shadow_offline();

	assert_non_null(file);
	for (u64 n = 0; n < NODES; n++)
		xa_store(sim, &file->i_pages, n * XA_CHUNK_SIZE, shadow);
	assert_int_equal(lru->nr_items, NODES);
	assert_int_equal(node_stat(sim, WORKINGSET_NODES), NODES);

	shrink_shadow_nodes(sim, root, DEF_PRIORITY, 0, 0);
	assert_int_equal(node_stat(sim, WORKINGSET_NODERECLAIM), 128);
	assert_int_equal(sim->memcgs[0]->vm_stat[WORKINGSET_NODERECLAIM], 128);
	assert_int_equal(lru->nr_items, NODES - 128);
	assert_int_equal(node_stat(sim, WORKINGSET_NODES), NODES - 128);
	assert_int_equal(lru->nr_deferred, 72);
	assert_int_equal(xa_load(&file->i_pages, 127 * XA_CHUNK_SIZE), 0);
	assert_int_equal(xa_load(&file->i_pages, 128 * XA_CHUNK_SIZE), shadow);

	shrink_shadow_nodes(sim, root, 0, 0, 0);
	assert_int_equal(node_stat(sim, WORKINGSET_NODERECLAIM), 256);
	assert_int_equal(lru->nr_items, NODES - 256);
	assert_int_equal(lru->nr_deferred, 80);

	shrink_shadow_nodes(sim, root, DEF_PRIORITY, 0, 0);
	assert_int_equal(node_stat(sim, WORKINGSET_NODERECLAIM), 256);
	assert_int_equal(lru->nr_items, NODES - 256);
	assert_int_equal(lru->nr_deferred, 152);

	/* a page in the oldest node left (256) takes it off; erased, it is the newest */
	xa_store(sim, &file->i_pages, 256 * XA_CHUNK_SIZE + 1, 1);
	assert_int_equal(lru->nr_items, NODES - 257);
	assert_ptr_equal(lru->head, file->i_pages.nodes[257]);
	xa_store(sim, &file->i_pages, 256 * XA_CHUNK_SIZE + 1, 0);
	assert_int_equal(lru->nr_items, NODES - 256);
	assert_ptr_equal(lru->tail, file->i_pages.nodes[256]);
	assert_int_equal(node_stat(sim, WORKINGSET_NODES), NODES - 256);
}

/*
 * A value entry that does not fit a narrow node widens it (realloc): the
 * node keeps its place on the list, its neighbours pointing at the new
 * address.
 */
static void test_widen_keeps_place(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI);
	struct address_space *file = file_create(sim, "wide", 3 * XA_CHUNK_SIZE);
	struct list_lru_one *lru = &mem_cgroup_lruvec(sim->memcgs[0], &sim->nodes[0])->shadow_nodes;
	u64 shadow = workingset_shadow_offline();
	struct xa_node *mid;

	for (u64 n = 0; n < 3; n++)
		xa_store(sim, &file->i_pages, n * XA_CHUNK_SIZE, shadow);
	/* a shadow 2^31 above the node's first one does not fit 32 bits */
	xa_store(sim, &file->i_pages, XA_CHUNK_SIZE + 1, shadow + (1ULL << 32));
	mid = file->i_pages.nodes[1];
	assert_true(mid->wide);
	assert_int_equal(lru->nr_items, 3);
	assert_ptr_equal(lru->head->lru_next, mid);
	assert_ptr_equal(mid->lru_next, lru->tail);
	assert_ptr_equal(lru->tail->lru_prev, mid);
	assert_int_equal(xa_load(&file->i_pages, XA_CHUNK_SIZE + 1), shadow + (1ULL << 32));
}

/*
 * Read 160 pages of a 256-page file in order (readahead takes [0, 192):
 * three nodes), unmap and reclaim them all: three nodes of shadows on
 * box's list.  Reclaim's own shrinker calls free none: a target of
 * 3 / 2 = 1 is below both a batch and the freeable.  With 4 deferred a
 * call at priority 0 has 4 + 1 = 5 >= 3: all three go, none deferred.  The pages read
 * again then find holes: no workingset_refault_file (64 with the shadows,
 * test_folio.c).
 */
static void test_trimmed_refault(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI);
	struct task *t = test_task_in(sim, test_memcg_named(sim, "box"));
	struct address_space *file;
	struct lruvec *box;
	u64 base;

	t->mm = mm_alloc(sim, t);
	assert_non_null(t->mm);
	file = file_create(sim, "data", 256);
	assert_non_null(file);
	base = mmap_file(t->mm, file, 0, 256);
	for (u64 i = 0; i < 160; i++)
		assert_int_equal(test_fault(t, base + i, false, NULL), VM_FAULT_DONE);
	complete_io(sim);
	assert_int_equal(do_munmap(t, base), 0);
	assert_int_equal(reclaim_box(t, 192), 192);
	box = mem_cgroup_lruvec(t->memcg, &sim->nodes[0]);
	assert_int_equal(box->shadow_nodes.nr_items, 3);
	assert_int_equal(node_stat(sim, WORKINGSET_NODERECLAIM), 0);

	box->shadow_nodes.nr_deferred = 4;
	shrink_shadow_nodes(sim, box, 0, 0, 0);
	assert_int_equal(node_stat(sim, WORKINGSET_NODERECLAIM), 3);
	assert_int_equal(test_memory_stat(sim, "box", "workingset_nodereclaim"), 3);
	assert_int_equal(box->shadow_nodes.nr_items, 0);
	assert_int_equal(box->shadow_nodes.nr_deferred, 0);
	assert_int_equal(node_stat(sim, WORKINGSET_NODES), 0);
	assert_int_equal(xa_load(&file->i_pages, 0), 0);

	base = mmap_file(t->mm, file, 0, 256);
	for (u64 i = 0; i < 32; i++)
		assert_int_equal(test_fault(t, base + i, false, NULL), VM_FAULT_DONE);
	complete_io(sim);
	assert_int_equal(test_memory_stat(sim, "box", "workingset_refault_file"), 0);
	assert_int_equal(file->nrpages, 64); /* the read-around and the window it marked */
	assert_verified(sim);
}

/*
 * v3.15..4.18 (kernel 4.2: shadow_shrinker = node_present): the limit is
 * node_present_pages >> 4 nodes on the node's one list, and the target
 * follows the LRU scan: 4 * scanned / 2 seeks * freeable / (eligible + 1).
 * 400 nodes past the limit: 100 of 999 pages scanned give 80, below
 * freeable / 4 and below a batch: nothing freed, 80 deferred; then 1,000
 * scanned give 800, with the 80 deferred 880, capped at 2 * 400: six
 * batches of 128 (768 nodes, past the limit too, as the kernel's walk
 * frees what it scans), 32 deferred.
 */
static void test_node_present(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini",
					     "[machine]\nmemory = 64M\n[policy]\nkernel = 4.2\n");
	u64 limit = sim->nodes[0].node_present_pages >> 4;
	struct address_space *file = file_create(sim, "sparse", (limit + 400) * XA_CHUNK_SIZE);
	struct lruvec *root = mem_cgroup_lruvec(sim->memcgs[0], &sim->nodes[0]);

	assert_int_equal(sim->scn.policy.shadow_shrinker, SHADOW_SHRINKER_NODE_PRESENT);
	for (u64 n = 0; n < limit + 400; n++)
		xa_store(sim, &file->i_pages, n * XA_CHUNK_SIZE, workingset_shadow_offline());
	shrink_shadow_nodes(sim, root, DEF_PRIORITY, 100, 999);
	assert_int_equal(node_stat(sim, WORKINGSET_NODERECLAIM), 0);
	assert_int_equal(root->shadow_nodes.nr_deferred, 80);
	shrink_shadow_nodes(sim, root, DEF_PRIORITY, 1000, 999);
	assert_int_equal(node_stat(sim, WORKINGSET_NODERECLAIM), 768);
	assert_int_equal(root->shadow_nodes.nr_items, limit + 400 - 768);
	assert_int_equal(root->shadow_nodes.nr_deferred, 32);
}

/*
 * Before 3.15 (kernel 3.10: shadow_shrinker = none) no node is tracked.
 */
static void test_none_untracked(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini",
					     "[machine]\nmemory = 64M\n[policy]\nkernel = 3.10\n");
	struct address_space *file = file_create(sim, "sparse", 64 * XA_CHUNK_SIZE);
	struct lruvec *root = mem_cgroup_lruvec(sim->memcgs[0], &sim->nodes[0]);

	for (u64 n = 0; n < 64; n++)
		xa_store(sim, &file->i_pages, n * XA_CHUNK_SIZE, workingset_shadow_offline());
	shrink_shadow_nodes(sim, root, 0, 1000, 0);
	assert_int_equal(root->shadow_nodes.nr_items, 0);
	assert_int_equal(node_stat(sim, WORKINGSET_NODES), 0);
	assert_int_equal(node_stat(sim, WORKINGSET_NODERECLAIM), 0);
	assert_int_equal(xa_load(&file->i_pages, 0), workingset_shadow_offline());
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_shrink_batches, test_sim_teardown),
		cmocka_unit_test_teardown(test_widen_keeps_place, test_sim_teardown),
		cmocka_unit_test_teardown(test_trimmed_refault, test_sim_teardown),
		cmocka_unit_test_teardown(test_node_present, test_sim_teardown),
		cmocka_unit_test_teardown(test_none_untracked, test_sim_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: MIT
/*
 * xarray.c - storing into the page cache's index (lib/xarray.c, v6.12,
 * one level of nodes, narrow or wide: mm_types.h, xarray.h).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "xarray.h"

#define XA_NARROW_BYTES (sizeof(struct xa_node) + XA_CHUNK_SIZE * sizeof(u32))
#define XA_WIDE_BYTES (sizeof(struct xa_node) + XA_CHUNK_SIZE * sizeof(u64))

/* radix_tree_init() (v6.12): the node caches, narrow and wide (slab.h). */
void xa_caches_init(struct sim *sim)
{
	kmem_cache_init(&sim->xa_narrow_cache, XA_NARROW_BYTES);
	kmem_cache_init(&sim->xa_wide_cache, XA_WIDE_BYTES);
}

/* The node caches' host memory back, once every xarray is destroyed. */
void xa_caches_destroy(struct sim *sim)
{
	kmem_cache_destroy(&sim->xa_narrow_cache);
	kmem_cache_destroy(&sim->xa_wide_cache);
}

/* @entry as a narrow slot of @node (its base set by a first value), or false */
static bool xa_narrow(struct xa_node *node, u64 entry, u32 *slot)
{
	if (entry < XA_NARROW_VALUE) {
		*slot = (u32)entry;
		return true;
	}
	if (!node->base)
		node->base = entry;
	if (entry < node->base || entry - node->base >= XA_NARROW_VALUE)
		return false;
	*slot = XA_NARROW_VALUE | (u32)(entry - node->base);
	return true;
}

/* The cache @node was allocated from (and goes back to). */
static struct kmem_cache *xa_node_cache(struct sim *sim, const struct xa_node *node)
{
	return node->wide ? &sim->xa_wide_cache : &sim->xa_narrow_cache;
}

/* A narrow node made wide, its entries kept, the narrow one freed; NULL out of host memory. */
static struct xa_node *xa_node_widen(struct sim *sim, struct xa_node *node)
{
	struct xa_node *wide = kmem_cache_zalloc(&sim->xa_wide_cache);

	if (!wide)
		return NULL;
	memcpy(wide, node, XA_NARROW_BYTES);
	kmem_cache_free(&sim->xa_narrow_cache, node);
	/* from the last entry down: entry i moves to slots 2i and 2i + 1, past any unread */
	for (unsigned int i = XA_CHUNK_SIZE; i-- > 0;) {
		u64 e = xa_node_entry(wide, i);

		memcpy(&wide->slots[2 * i], &e, sizeof(e));
	}
	wide->wide = true;
	return wide;
}

/* @old's place on its shadow_nodes list passed to @node, its new address */
static void xa_node_moved(struct xa_node *node)
{
	struct list_lru_one *lru = node->lru;

	if (!node->on_lru)
		return;
	*(node->lru_prev ? &node->lru_prev->lru_next : &lru->head) = node;
	*(node->lru_next ? &node->lru_next->lru_prev : &lru->tail) = node;
}

/* xas_update() (v6.12): tell the list a node is on, if it has one, of a change */
static inline void xas_update(struct xa_node *node)
{
	if (node->lru)
		workingset_update_node(node);
}

/*
 * xa_store() (v6.12, without the old entry it returns): @entry at
 * @index, 0 erasing it.  A node is allocated narrow for the first entry
 * of its range, widened for an entry that does not fit, and freed with
 * its last entry; out of host memory the run stops (sim_fail) and the
 * entry is not stored.  Each change tells workingset_update_node(), as
 * the kernel's xas_update() does, whether the node now holds shadows only.
 */
void xa_store(struct sim *sim, struct xarray *xa, u64 index, u64 entry)
{
	struct xa_node **slot = &xa->nodes[index >> XA_CHUNK_SHIFT];
	unsigned int i = index & (XA_CHUNK_SIZE - 1);
	struct xa_node *node = *slot;
	u64 old;
	u32 narrow;

	if (!node) {
		if (!entry)
			return;
		node = kmem_cache_zalloc(&sim->xa_narrow_cache);
		if (!node) {
			sim_fail(sim, "out of memory for the page cache's index");
			return;
		}
		node->array = xa;
		node->offset = (u32)(index >> XA_CHUNK_SHIFT);
		node->lru = xa->no_shadow_lru ? NULL : workingset_node_lru(sim, entry);
		*slot = node;
	}
	old = xa_node_entry(node, i);
	node->count = (u8)(node->count + (entry != 0) - (old != 0));
	node->nr_values = (u8)(node->nr_values + xa_is_value(entry) - xa_is_value(old));
	if (!node->count) {
		xas_update(node);
		kmem_cache_free(xa_node_cache(sim, node), node);
		*slot = NULL;
		return;
	}
	if (!node->wide && xa_narrow(node, entry, &narrow)) {
		node->slots[i] = narrow;
		xas_update(node);
		return;
	}
	if (!node->wide) {
		struct xa_node *wide = xa_node_widen(sim, node);

		if (!wide) {
			node->count = (u8)(node->count - (entry != 0) + (old != 0));
			node->nr_values =
				(u8)(node->nr_values - xa_is_value(entry) + xa_is_value(old));
			sim_fail(sim, "out of memory for the page cache's index");
			return;
		}
		xa_node_moved(wide);
		*slot = node = wide;
	}
	memcpy(&node->slots[2 * i], &entry, sizeof(entry));
	xas_update(node);
}

/*
 * xa_delete_node() (v6.18): a node that holds shadows only, taken off its
 * list by the shrinker, is freed with its entries: its range becomes holes.
 */
void xa_delete_node(struct sim *sim, struct xa_node *node)
{
	node->array->nodes[node->offset] = NULL;
	kmem_cache_free(xa_node_cache(sim, node), node);
}

/*
 * Room for indices [0, @nr_entries): 0 or -ENOMEM (@xa unchanged).  The
 * kernel's xarray grows a level (xas_expand(), v6.12) when an index
 * passes its reach; the model's one level of nodes grows its array.  A
 * new array's node pointers are calloc'd, so that the host maps its zero
 * pages only as they are touched (a 10 TiB file costs little until read).
 */
int xa_grow(struct xarray *xa, u64 nr_entries)
{
	u64 nr = (nr_entries + XA_CHUNK_SIZE - 1) >> XA_CHUNK_SHIFT;
	struct xa_node **nodes;

	if (nr <= xa->nr_nodes)
		return 0;
	if (nr > UINT32_MAX) /* a node's offset is 32 bits: 2^38 indices */
		return -ENOMEM;
	if (!xa->nodes) {
		xa->nodes = calloc(nr, sizeof(*nodes));
		if (!xa->nodes)
			return -ENOMEM;
		xa->nr_nodes = nr;
		return 0;
	}
	nodes = realloc(xa->nodes, nr * sizeof(*nodes));
	if (!nodes)
		return -ENOMEM;
	memset(nodes + xa->nr_nodes, 0, (nr - xa->nr_nodes) * sizeof(*nodes));
	xa->nodes = nodes;
	xa->nr_nodes = nr;
	return 0;
}

/* xa_destroy() (v6.12): every node, off its shadow list, and the array. */
void xa_destroy(struct sim *sim, struct xarray *xa)
{
	for (u64 i = 0; xa->nodes && i < xa->nr_nodes; i++) {
		if (xa->nodes[i]) {
			xa->nodes[i]->count = 0;
			workingset_update_node(xa->nodes[i]);
			kmem_cache_free(xa_node_cache(sim, xa->nodes[i]), xa->nodes[i]);
		}
	}
	free(xa->nodes);
	xa->nodes = NULL;
	xa->nr_nodes = 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * xarray.h - the page cache's index (include/linux/xarray.h, v6.12) as
 * nodes of XA_CHUNK_SIZE entries (struct xarray, mm_types.h): an absent
 * node is a run of holes.
 */
#ifndef RECLAIMSIM_MM_XARRAY_H
#define RECLAIMSIM_MM_XARRAY_H

#include "mm_types.h"

struct sim;

/* xa_load(): the entry at @index (< the indices @xa was grown to), 0 for a hole */
static inline u64 xa_load(const struct xarray *xa, u64 index)
{
	const struct xa_node *node = xa->nodes[index >> XA_CHUNK_SHIFT];

	return node ? node->slots[index & (XA_CHUNK_SIZE - 1)] : 0;
}

struct xa_node *xa_node_alloc(struct sim *sim, struct xarray *xa, u64 index);
void xa_node_free(struct xarray *xa, u64 index);

/*
 * xa_store() (v6.12, without the old entry it returns): @entry at
 * @index, 0 erasing it.  A node is allocated for the first entry of its
 * range and freed with its last; out of host memory the run stops
 * (sim_fail) and the entry is not stored.
 */
static inline void xa_store(struct sim *sim, struct xarray *xa, u64 index, u64 entry)
{
	struct xa_node *node = xa->nodes[index >> XA_CHUNK_SHIFT];
	u64 *slot;

	if (!node) {
		if (!entry)
			return;
		node = xa_node_alloc(sim, xa, index);
		if (!node)
			return;
	}
	slot = &node->slots[index & (XA_CHUNK_SIZE - 1)];
	node->count = node->count + (entry != 0) - (*slot != 0);
	*slot = entry;
	if (!node->count)
		xa_node_free(xa, index);
}

int xa_grow(struct xarray *xa, u64 nr_entries);
void xa_destroy(struct xarray *xa);

#endif

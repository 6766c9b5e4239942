/* SPDX-License-Identifier: MIT */
/*
 * xarray.h - the page cache's index (include/linux/xarray.h, v6.12) as
 * nodes of XA_CHUNK_SIZE entries (struct xarray, mm_types.h): an absent
 * node is a run of holes.
 */
#ifndef RECLAIMSIM_MM_XARRAY_H
#define RECLAIMSIM_MM_XARRAY_H

#include <string.h>

#include "mm_types.h"

struct sim;

/* The entry in slot @i of @node. */
static inline u64 xa_node_entry(const struct xa_node *node, unsigned int i)
{
	u64 e;

	if (node->wide) {
		memcpy(&e, &node->slots[2 * i], sizeof(e));
		return e;
	}
	e = node->slots[i];
	return e & XA_NARROW_VALUE ? node->base + (e & ~(u64)XA_NARROW_VALUE) : e;
}

/* xa_load(): the entry at @index (< the indices @xa was grown to), 0 for a hole */
static inline u64 xa_load(const struct xarray *xa, u64 index)
{
	const struct xa_node *node = xa->nodes[index >> XA_CHUNK_SHIFT];

	return node ? xa_node_entry(node, index & (XA_CHUNK_SIZE - 1)) : 0;
}

void xa_store(struct sim *sim, struct xarray *xa, u64 index, u64 entry);
int xa_grow(struct xarray *xa, u64 nr_entries);
void xa_caches_init(struct sim *sim);
void xa_caches_destroy(struct sim *sim);
void xa_destroy(struct sim *sim, struct xarray *xa);
void xa_delete_node(struct sim *sim, struct xa_node *node);

#endif

// SPDX-License-Identifier: MIT
/*
 * xarray.c - the xarray's node allocation (lib/xarray.c, v6.12, one
 * level): xarray.h.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "xarray.h"

struct xa_node *xa_node_alloc(struct sim *sim, struct xarray *xa, u64 index)
{
	struct xa_node *node = calloc(1, sizeof(*node));

	if (!node) {
		sim_fail(sim, "out of memory for the page cache's index");
		return NULL;
	}
	xa->nodes[index >> XA_CHUNK_SHIFT] = node;
	return node;
}

void xa_node_free(struct xarray *xa, u64 index)
{
	free(xa->nodes[index >> XA_CHUNK_SHIFT]);
	xa->nodes[index >> XA_CHUNK_SHIFT] = NULL;
}

/*
 * Room for indices [0, @nr_entries): 0 or -ENOMEM (@xa unchanged).  A
 * new array's node pointers are calloc'd, so that the host maps its zero
 * pages only as they are touched (a 10 TiB file costs little until read).
 */
int xa_grow(struct xarray *xa, u64 nr_entries)
{
	u64 nr = (nr_entries + XA_CHUNK_SIZE - 1) >> XA_CHUNK_SHIFT;
	struct xa_node **nodes;

	if (nr <= xa->nr_nodes)
		return 0;
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

/* xa_destroy() (v6.12): every node and the array. */
void xa_destroy(struct xarray *xa)
{
	for (u64 i = 0; xa->nodes && i < xa->nr_nodes; i++)
		free(xa->nodes[i]);
	free(xa->nodes);
	xa->nodes = NULL;
	xa->nr_nodes = 0;
}

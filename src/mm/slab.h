/* SPDX-License-Identifier: MIT */
/*
 * slab.h - a kmem_cache (mm/slab_common.c, v6.12) for objects of one size
 * that the model keeps by the million: the page cache's xarray nodes, which
 * the kernel allocates from radix_tree_node_cachep.  Objects are carved from
 * large host blocks back to back, without malloc's per-chunk header and
 * rounding (16 B of a 304 B narrow node), and a freed object goes on the
 * cache's free list for the next allocation, as a slab's freelist does.
 * Blocks are returned to the host only when the cache is destroyed.
 */
#ifndef RECLAIMSIM_MM_SLAB_H
#define RECLAIMSIM_MM_SLAB_H

#include <stddef.h>

/* A freed object's first word: the next free one. */
struct kmem_free {
	struct kmem_free *next;
};
/* The head of a host block: the block allocated before it. */
struct kmem_block {
	struct kmem_block *prev;
};

struct kmem_cache {
	size_t size; /* bytes of an object: a multiple of 8 */
	struct kmem_free *freelist; /* freed objects, the latest first */
	char *next; /* the unused rest of the newest block */
	size_t left; /* bytes at @next */
	struct kmem_block *blocks; /* the newest host block */
};

void kmem_cache_init(struct kmem_cache *s, size_t size);
void *kmem_cache_zalloc(struct kmem_cache *s);
void kmem_cache_free(struct kmem_cache *s, void *obj);
void kmem_cache_destroy(struct kmem_cache *s);

#endif

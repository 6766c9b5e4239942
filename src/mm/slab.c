// SPDX-License-Identifier: MIT
/*
 * slab.c - the model's kmem_cache (slab.h): objects of one size from host
 * blocks of KMEM_BLOCK_BYTES, a free list of the freed ones.
 */
#include <stdlib.h>
#include <string.h>

#include "slab.h"

/*
 * 256 KiB: 862 narrow xarray nodes, so that malloc's header is paid once
 * a block; objects are carved in order, so the host counts only the
 * block's pages that objects have reached.
 */
#define KMEM_BLOCK_BYTES (256u << 10)

/* kmem_cache_create() (v6.12), without a name or flags: @size bytes an object. */
void kmem_cache_init(struct kmem_cache *s, size_t size)
{
	*s = (struct kmem_cache){ .size = (size + 7) & ~(size_t)7 };
}

/* kmem_cache_zalloc() (v6.12): a zeroed object, NULL out of host memory. */
void *kmem_cache_zalloc(struct kmem_cache *s)
{
	void *obj = s->freelist;

	if (obj) {
		s->freelist = s->freelist->next;
	} else {
		if (s->left < s->size) {
			struct kmem_block *block = malloc(KMEM_BLOCK_BYTES);

			if (!block)
				return NULL;
			block->prev = s->blocks;
			s->blocks = block;
			/* objects of 8-byte multiples after the 8-byte head: 8-aligned */
			s->next = (char *)(block + 1);
			s->left = KMEM_BLOCK_BYTES - sizeof(*block);
		}
		obj = s->next;
		s->next += s->size;
		s->left -= s->size;
	}
	return memset(obj, 0, s->size);
}

/* kmem_cache_free() (v6.12): @obj (NULL: nothing) back on the free list. */
void kmem_cache_free(struct kmem_cache *s, void *obj)
{
	struct kmem_free *f = obj;

	if (!f)
		return;
	f->next = s->freelist;
	s->freelist = f;
}

/* kmem_cache_destroy() (v6.12): every block back to the host. */
void kmem_cache_destroy(struct kmem_cache *s)
{
	struct kmem_block *block = s->blocks;

	while (block) {
		struct kmem_block *prev = block->prev;

		free(block);
		block = prev;
	}
	kmem_cache_init(s, s->size);
}

// SPDX-License-Identifier: MIT
/*
 * slab.c - the model's kmem_cache (slab.h): objects of one size from host
 * blocks of KMEM_BLOCK_BYTES, a free list of the freed ones.
 */
#include <stdlib.h>
#include <string.h>

#include "slab.h"

/*
 * 256 KiB: above glibc's mmap threshold, so that a block is mapped on its
 * own and the host counts only the pages its objects have touched.
 */
#define KMEM_BLOCK_BYTES (256u << 10)
/* a block's first bytes link it to the previous block (kept 16-aligned) */
#define KMEM_BLOCK_HEADER 16u

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
		memcpy(&s->freelist, obj, sizeof(void *));
	} else {
		if (s->left < s->size) {
			char *block = malloc(KMEM_BLOCK_BYTES);

			if (!block)
				return NULL;
			memcpy(block, &s->blocks, sizeof(void *));
			s->blocks = block;
			s->next = block + KMEM_BLOCK_HEADER;
			s->left = KMEM_BLOCK_BYTES - KMEM_BLOCK_HEADER;
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
	if (!obj)
		return;
	memcpy(obj, &s->freelist, sizeof(void *));
	s->freelist = obj;
}

/* kmem_cache_destroy() (v6.12): every block back to the host. */
void kmem_cache_destroy(struct kmem_cache *s)
{
	void *block = s->blocks;

	while (block) {
		void *prev;

		memcpy(&prev, block, sizeof(void *));
		free(block);
		block = prev;
	}
	kmem_cache_init(s, s->size);
}

// SPDX-License-Identifier: MIT
/*
 * test_slab.c - the model's kmem_cache (src/mm/slab.c): objects of the
 * rounded size back to back in a host block, zeroed, a freed object
 * reused first (the latest freed first), a new block when one is full.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "mm/slab.h"

/* 300 bytes round to 304, the xarray's narrow node; objects abut */
static void test_objects_abut(void **state)
{
	struct kmem_cache c;
	char *a, *b;

	(void)state;
	kmem_cache_init(&c, 300);
	assert_int_equal(c.size, 304);
	a = kmem_cache_zalloc(&c);
	b = kmem_cache_zalloc(&c);
	assert_non_null(a);
	assert_ptr_equal(b, a + 304);
	assert_int_equal((uintptr_t)a % 8, 0);
	kmem_cache_destroy(&c);
}

/* a freed object comes back, the latest freed first, zeroed */
static void test_free_reused_zeroed(void **state)
{
	struct kmem_cache c;
	char *a, *b, *n;

	(void)state;
	kmem_cache_init(&c, 64);
	a = kmem_cache_zalloc(&c);
	b = kmem_cache_zalloc(&c);
	memset(a, 0xff, 64);
	memset(b, 0xff, 64);
	kmem_cache_free(&c, a);
	kmem_cache_free(&c, b);
	kmem_cache_free(&c, NULL);
	n = kmem_cache_zalloc(&c);
	assert_ptr_equal(n, b);
	assert_ptr_equal(kmem_cache_zalloc(&c), a);
	for (int i = 0; i < 64; i++)
		assert_int_equal(n[i], 0);
	kmem_cache_destroy(&c);
	assert_null(c.blocks);
	assert_int_equal(c.size, 64);
}

/* 256 KiB blocks of an 8-byte head: 4,681 objects of 56 bytes fill one, the next starts another */
static void test_new_block(void **state)
{
	struct kmem_cache c;
	const struct kmem_block *first;

	(void)state;
	kmem_cache_init(&c, 56);
	assert_non_null(kmem_cache_zalloc(&c));
	first = c.blocks;
	for (int i = 1; i < 4681; i++)
		assert_non_null(kmem_cache_zalloc(&c));
	assert_ptr_equal(c.blocks, first);
	assert_non_null(kmem_cache_zalloc(&c));
	assert_ptr_not_equal(c.blocks, first);
	assert_ptr_equal(c.blocks->prev, first);
	kmem_cache_destroy(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_objects_abut),
		cmocka_unit_test(test_free_reused_zeroed),
		cmocka_unit_test(test_new_block),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

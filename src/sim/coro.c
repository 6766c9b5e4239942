// SPDX-License-Identifier: MIT
/*
 * coro.c - coroutines on mmap'd stacks, switched by Boost.Context's
 * fcontext.  See coro.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "coro.h"

/*
 * Boost.Context's fcontext C ABI (boost/context/detail/fcontext.hpp, a
 * C++ header, declares these extern "C"): a context is an opaque
 * pointer; a jump hands one pointer across and returns the context that
 * jumped back, with the pointer it passed.
 */
typedef void *fcontext_t;
typedef struct {
	fcontext_t fctx;
	void *data;
} transfer_t;
transfer_t jump_fcontext(fcontext_t const to, void *vp);
fcontext_t make_fcontext(void *sp, size_t size, void (*fn)(transfer_t));

#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#define asan_start_switch(save, bottom, size) __sanitizer_start_switch_fiber(save, bottom, size)
#define asan_finish_switch(save, bottom, size) __sanitizer_finish_switch_fiber(save, bottom, size)
#else
#define asan_start_switch(save, bottom, size) ((void)(save), (void)(bottom), (void)(size))
#define asan_finish_switch(save, bottom, size) ((void)(save), (void)(bottom), (void)(size))
#define ASAN_UNPOISON_MEMORY_REGION(addr, size) ((void)(addr), (void)(size))
#endif

#define CORO_CANARY 0x57ac6ca9a27ULL /* "stack canary" */

static size_t page_bytes(void)
{
	return (size_t)sysconf(_SC_PAGESIZE);
}

static void *coro_stack_bottom(const struct coro *co)
{
	return (char *)co->map + (co->map_size - CORO_STACK_SIZE);
}

/* The first resume lands here, on the new stack. */
static void coro_entry(transfer_t from)
{
	struct coro *co = from.data;

	asan_finish_switch(NULL, &co->host->stack_bottom, &co->host->stack_size);
	co->host->ctx = from.fctx;
	co->fn(co->arg);
	abort(); /* coro_fn must end in coro_exit() */
}

int coro_create(struct coro *co, coro_fn fn, void *arg, unsigned int color)
{
	size_t guard = page_bytes();
	/*
	 * Stacks mapped side by side have their live tops at the same
	 * offset in a page, all in the same few cache sets: start each one
	 * @color cache lines lower (16-byte aligned, within the first page)
	 * so that thousands of tasks' tops spread over the sets.
	 */
	size_t offset = (size_t)(color % 61) * 64;

	co->map_size = guard + CORO_STACK_SIZE;
	co->map = mmap(NULL, co->map_size, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (co->map == MAP_FAILED) {
		co->map = NULL;
		return -1;
	}
	/*
	 * The stack grows down: the guard is the mapping's first page.  A
	 * guarded stack is two mappings of the host's; when the host has no
	 * mapping left for that (vm.max_map_count, near 32,000 live tasks)
	 * the stack goes unguarded - side-by-side unguarded stacks merge
	 * into one mapping - and only the canary below watches it.
	 */
	co->guarded = !mprotect(co->map, guard, PROT_NONE);
	if (!co->guarded && errno != ENOMEM) {
		int e = errno;

		munmap(co->map, co->map_size);
		co->map = NULL;
		errno = e;
		return -1;
	}
	if (!co->guarded) /* the canary costs a resident page: only where needed */
		*(u64 *)coro_stack_bottom(co) = CORO_CANARY;
	co->fn = fn;
	co->arg = arg;
	co->ctx = make_fcontext((char *)co->map + co->map_size - offset, CORO_STACK_SIZE - offset,
				coro_entry);
	return 0;
}

void coro_destroy(struct coro *co)
{
	if (co->map) {
		/* a stack mapped here later must not inherit this one's
		 * poisoned frames (a coroutine abandoned mid-call) */
		ASAN_UNPOISON_MEMORY_REGION(co->map, co->map_size);
		munmap(co->map, co->map_size);
	}
	co->map = NULL;
	co->ctx = NULL;
}

uintptr_t coro_resume(struct coro_host *host, struct coro *co)
{
	void *fake_stack;
	transfer_t t;

	co->host = host;
	asan_start_switch(&fake_stack, coro_stack_bottom(co), CORO_STACK_SIZE);
	t = jump_fcontext(co->ctx, co);
	asan_finish_switch(fake_stack, NULL, NULL);
	co->ctx = t.fctx;
	return (uintptr_t)t.data;
}

/* An unguarded stack's lowest word: overwritten only by an overflow. */
static void coro_check_canary(const struct coro *co)
{
	if (!co->guarded && *(const u64 *)coro_stack_bottom(co) != CORO_CANARY) {
		fprintf(stderr, "reclaimsim: BUG: a coroutine overflowed its %zu KiB stack\n",
			(size_t)CORO_STACK_SIZE >> 10);
		abort();
	}
}

void coro_suspend(struct coro_host *host, struct coro *co, uintptr_t val)
{
	void *fake_stack;
	transfer_t t;

	coro_check_canary(co);
	asan_start_switch(&fake_stack, host->stack_bottom, host->stack_size);
	t = jump_fcontext(host->ctx, (void *)val);
	asan_finish_switch(fake_stack, &host->stack_bottom, &host->stack_size);
	host->ctx = t.fctx;
}

_Noreturn void coro_exit(struct coro_host *host, struct coro *co, uintptr_t val)
{
	coro_check_canary(co);
	/* NULL: the sanitizer may drop this fiber's fake stack */
	asan_start_switch(NULL, host->stack_bottom, host->stack_size);
	jump_fcontext(host->ctx, (void *)val);
	abort(); /* an exited coroutine is never resumed */
}

size_t coro_stack_used(const struct coro *co)
{
	size_t pg = page_bytes(), n = CORO_STACK_SIZE / pg, used = 0;
	unsigned char *vec;

	if (!co->map || !(vec = malloc(n)))
		return 0;
	if (!mincore(coro_stack_bottom(co), CORO_STACK_SIZE, vec))
		for (size_t i = 0; i < n; i++)
			used += vec[i] & 1;
	free(vec);
	return used * pg;
}

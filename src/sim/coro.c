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

/*
 * The stack pool.  Stacks are carved from arenas of CORO_ARENA_STACKS
 * slots (one mapping each) and go back to a free list when their task
 * exits, with their pages given back (MADV_DONTNEED, which keeps the
 * mapping as it is).  A mapping per stack would cost the host one or two
 * of its vm.max_map_count mappings per live task (65,530 by default):
 * 40,000 live hackbench tasks ran out, and once a process is at that
 * limit every mmap fails, even one that would merge.  Each guard page
 * splits its arena's mapping, so only the first CORO_MAX_GUARDED slots
 * get one; the others, and any slot whose mprotect fails, are watched by
 * a canary.  The pool lives as long as the process and serves every
 * simulation in it.
 */
#define CORO_ARENA_STACKS 256
#define CORO_MAX_GUARDED 16384 /* 2 x 16,384 mappings at most */

struct coro_slot {
	void *map; /* guard page, then the stack */
	bool guarded;
	struct coro_slot *next_free;
};

static struct {
	struct coro_slot *free; /* LIFO: the warmest stack first */
	unsigned int nr_guarded;
} coro_pool;

static size_t coro_slot_size(void)
{
	return page_bytes() + CORO_STACK_SIZE;
}

/* A new arena's slots onto the free list; -1 with errno when it cannot be mapped. */
static int coro_pool_grow(void)
{
	size_t slot_size = coro_slot_size();
	struct coro_slot *slots = calloc(CORO_ARENA_STACKS, sizeof(*slots));
	char *arena;

	if (!slots)
		return -1;
	arena = mmap(NULL, CORO_ARENA_STACKS * slot_size, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (arena == MAP_FAILED) {
		int e = errno;

		free(slots);
		errno = e;
		return -1;
	}
	/* pushed from the top so that the arena is used from its start */
	for (unsigned int i = CORO_ARENA_STACKS; i--;) {
		struct coro_slot *slot = &slots[i];

		slot->map = arena + i * slot_size;
		if (coro_pool.nr_guarded < CORO_MAX_GUARDED &&
		    !mprotect(slot->map, page_bytes(), PROT_NONE)) {
			slot->guarded = true;
			coro_pool.nr_guarded++;
		}
		slot->next_free = coro_pool.free;
		coro_pool.free = slot;
	}
	return 0;
}

int coro_create(struct coro *co, coro_fn fn, void *arg, unsigned int color)
{
	/*
	 * Stacks side by side have their live tops at the same offset in a
	 * page, all in the same few cache sets: start each one up to 15
	 * cache lines lower (by @color) so that the tops of tasks that run
	 * in turn spread over the sets.  No further: every byte of the
	 * offset is a byte of the top page that is resident and unused, and
	 * a task whose stack fits in a page should take one (seed000-ia64's
	 * 4,800 tasks: 61 lines cost 6.5 MiB more than 16, for no host
	 * time measured).
	 */
	size_t offset = (size_t)(color % 16) * 64;
	struct coro_slot *slot;

	if (!coro_pool.free && coro_pool_grow())
		return -1;
	slot = coro_pool.free;
	coro_pool.free = slot->next_free;
	co->slot = slot;
	co->map = slot->map;
	co->map_size = coro_slot_size();
	co->guarded = slot->guarded;
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
	struct coro_slot *slot = co->slot;

	if (slot) {
		/* a stack handed out again must not inherit this one's
		 * poisoned frames (a coroutine abandoned mid-call) */
		ASAN_UNPOISON_MEMORY_REGION(coro_stack_bottom(co), CORO_STACK_SIZE);
		madvise(coro_stack_bottom(co), CORO_STACK_SIZE, MADV_DONTNEED);
		slot->next_free = coro_pool.free;
		coro_pool.free = slot;
	}
	co->slot = NULL;
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

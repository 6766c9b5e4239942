// SPDX-License-Identifier: MIT
/*
 * coro.c - coroutines on mmap'd stacks, switched by Boost.Context's
 * fcontext.  See coro.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static size_t page_bytes(void)
{
	return (size_t)sysconf(_SC_PAGESIZE);
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
 * The run stacks.  A stack per task cost a resident page or two per task
 * however shallow its frames: seed000-ia64's 4,800 hackbench tasks held
 * 19 MiB of stack pages where their frames, when they sleep, are 0.1 to
 * 2.8 KiB (median ~0.8 KiB).  Now CORO_RUN_STACKS stacks, mapped once,
 * each with a PROT_NONE guard page below it, serve every coroutine: a
 * coroutine keeps its run stack's frames in place until another one
 * needs that stack (coro_resume), when they are copied out to its save
 * area.  This moves frames: nothing may keep a pointer into a coroutine's
 * stack for another to use while it sleeps (a wait-queue entry, a
 * completion): the simulator keeps such state in struct task.  The
 * sanitizer build with CONFIG_DEBUG_VM checks it at every suspend
 * (coro_stack_guard).
 */
struct coro_stack {
	void *map; /* guard page, then the stack */
	char *bottom, *top; /* the stack's ends */
	struct coro *owner; /* whose frames it holds; NULL: none */
	char *poisoned; /* CONFIG_DEBUG_VM: a sleeper's bytes, up to top */
};

static struct coro_stack coro_run_stacks[CORO_RUN_STACKS];

/* Map run stack @st with its guard page; -1 with errno when it cannot be. */
static int coro_stack_map(struct coro_stack *st)
{
	size_t size = page_bytes() + CORO_STACK_SIZE;
	void *map = mmap(NULL, size, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	if (map == MAP_FAILED)
		return -1;
	if (mprotect(map, page_bytes(), PROT_NONE)) {
		int e = errno;

		munmap(map, size);
		errno = e;
		return -1;
	}
	st->map = map;
	st->bottom = (char *)map + page_bytes();
	st->top = st->bottom + CORO_STACK_SIZE;
	return 0;
}

int coro_create(struct coro *co, coro_fn fn, void *arg, unsigned int color)
{
	struct coro_stack *st = &coro_run_stacks[color % CORO_RUN_STACKS];

	if (!st->map && coro_stack_map(st))
		return -1;
	*co = (struct coro){ .stack = st, .map = st->map, .fn = fn, .arg = arg };
	return 0;
}

void coro_destroy(struct coro *co)
{
	if (co->stack && co->stack->owner == co) {
		/* the next owner must not inherit this one's poisoned frames
		 * (a coroutine abandoned mid-call) */
		ASAN_UNPOISON_MEMORY_REGION(co->stack->bottom, CORO_STACK_SIZE);
		co->stack->owner = NULL;
	}
	free(co->save);
	*co = (struct coro){ 0 };
}

#if defined(CONFIG_DEBUG_VM) && defined(__SANITIZE_ADDRESS__)
/*
 * The rule above, checked (CONFIG_DEBUG_VM under the sanitizer: the
 * `make check` pass that runs every test so): each time a coroutine
 * suspends, its frames go out to its save area at once and the bytes
 * they held are poisoned, so any use of a pointer into a sleeping
 * coroutine's stack is an AddressSanitizer report naming the access.
 * They come back, unpoisoned, when it or another takes the stack.
 */
static int coro_frames_save(struct coro *co);

static void coro_stack_guard(struct coro *co)
{
	struct coro_stack *st = co->stack;

	/* no memory for the copy: the frames stay in place, unchecked */
	if (st->owner != co || coro_frames_save(co))
		return;
	st->owner = NULL;
	st->poisoned = co->ctx;
	ASAN_POISON_MEMORY_REGION(st->poisoned, (size_t)(st->top - st->poisoned));
}

static void coro_stack_unguard(struct coro_stack *st)
{
	if (!st->poisoned)
		return;
	ASAN_UNPOISON_MEMORY_REGION(st->poisoned, (size_t)(st->top - st->poisoned));
	st->poisoned = NULL;
}
#else
static void coro_stack_guard(struct coro *co)
{
	(void)co;
}

static void coro_stack_unguard(struct coro_stack *st)
{
	(void)st;
}
#endif

/*
 * Copy @co's frames (its saved context to its run stack's top) out to its
 * save area.  -1 when the host has no memory for them.
 */
static int coro_frames_save(struct coro *co)
{
	size_t n = (size_t)(co->stack->top - (char *)co->ctx);

	/* an exact fit, not the largest ever: a sleeper's frames are what
	 * stays resident for it */
	if (n > co->save_cap || n < co->save_cap / 2) {
		void *p = malloc(n);

		if (!p)
			return -1;
		free(co->save);
		co->save = p;
		co->save_cap = (u32)n;
	}
	/* its frames' redzones go with them: unpoisoned to copy */
	ASAN_UNPOISON_MEMORY_REGION(co->ctx, n);
	memcpy(co->save, co->ctx, n);
	co->save_size = (u32)n;
	return 0;
}

/*
 * Take @co's run stack for it: the frames of the coroutine holding it out
 * to that one's save area, then @co's own back in (or, at its first run,
 * its starting context made).  -1 when the host has no memory to save
 * the holder's frames.
 */
static int coro_stack_take(struct coro *co)
{
	struct coro_stack *st = co->stack;

	if (st->owner && coro_frames_save(st->owner))
		return -1;
	coro_stack_unguard(st);
	st->owner = co;
	if (!co->ctx) {
		co->ctx = make_fcontext(st->top, CORO_STACK_SIZE, coro_entry);
		return 0;
	}
	memcpy(co->ctx, co->save, co->save_size);
	return 0;
}

uintptr_t coro_resume(struct coro_host *host, struct coro *co)
{
	void *fake_stack;
	transfer_t t;

	if (co->stack->owner != co && coro_stack_take(co))
		return CORO_NOMEM;
	co->host = host;
	asan_start_switch(&fake_stack, co->stack->bottom, CORO_STACK_SIZE);
	t = jump_fcontext(co->ctx, co);
	asan_finish_switch(fake_stack, NULL, NULL);
	co->ctx = t.fctx;
	coro_stack_guard(co);
	return (uintptr_t)t.data;
}

void coro_suspend(struct coro_host *host, struct coro *co, uintptr_t val)
{
	void *fake_stack;
	transfer_t t;

	asan_start_switch(&fake_stack, host->stack_bottom, host->stack_size);
	t = jump_fcontext(host->ctx, (void *)val);
	asan_finish_switch(fake_stack, &host->stack_bottom, &host->stack_size);
	host->ctx = t.fctx;
}

_Noreturn void coro_exit(struct coro_host *host, struct coro *co, uintptr_t val)
{
	/* NULL: the sanitizer may drop this fiber's fake stack */
	asan_start_switch(NULL, host->stack_bottom, host->stack_size);
	jump_fcontext(host->ctx, (void *)val);
	abort(); /* an exited coroutine is never resumed */
}

size_t coro_stack_used(const struct coro *co)
{
	if (!co->ctx)
		return 0;
	if (co->stack->owner == co)
		return (size_t)(co->stack->top - (char *)co->ctx);
	return co->save_size;
}

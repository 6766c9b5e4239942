/* SPDX-License-Identifier: MIT */
/*
 * coro.h - coroutines on shared run stacks: every simulated task (user
 * tasks, kswapd, the flusher) runs its kernel paths as ordinary nested C
 * calls and is suspended where the kernel could sleep or be preempted.
 *
 * The context switch is Boost.Context's fcontext (jump_fcontext and
 * make_fcontext, C ABI, package libboost-context-dev): a few instructions
 * that save and restore callee-saved registers, no system call.  Run
 * stacks are mmap'd with a PROT_NONE guard page below them, so an overflow is a
 * SIGSEGV at the guard, never silent corruption.  Under AddressSanitizer
 * every switch is announced with the sanitizer's fiber calls.
 */
#ifndef RECLAIMSIM_CORO_H
#define RECLAIMSIM_CORO_H

#include <stddef.h>

#include "types.h"

/*
 * Usable stack of one coroutine, bytes.  The deepest path measured
 * (bench/coro.c: a hackbench task in direct reclaim under its socket
 * write's allocation) uses 5.4 KiB with -O2: 64 KiB leaves a wide margin
 * for deeper paths to come (compaction, writeback waits).  The sanitizer
 * build's frames are several times larger.  Only the pages a task
 * touches are resident: one or two.
 */
#ifdef __SANITIZE_ADDRESS__
#define CORO_STACK_SIZE (512 * 1024)
#else
#define CORO_STACK_SIZE (64 * 1024)
#endif

/* Run stacks shared by all coroutines (coro.c): the resident stack pages. */
#define CORO_RUN_STACKS 64

typedef void (*coro_fn)(void *arg);

/* The side that resumes coroutines (one per struct sim: its event loop). */
struct coro_host {
	void *ctx; /* fcontext_t of the suspended host while a coroutine runs */
	const void *stack_bottom; /* the host's stack, for the sanitizer */
	size_t stack_size;
};

struct coro_stack;

/*
 * A coroutine runs on one of a few shared run stacks (coro.c).  While
 * another coroutine holds that stack, its frames - the bytes from its
 * saved context to the stack's top - wait in @save, and are copied back
 * to the same addresses before it runs again.
 */
struct coro {
	void *ctx; /* fcontext_t of the suspended coroutine; NULL: not started */
	struct coro_stack *stack; /* its run stack */
	void *map; /* its run stack's mapping; NULL = no coroutine */
	void *save; /* its frames while its run stack is another's */
	u32 save_size, save_cap; /* bytes in @save, bytes allocated */
	coro_fn fn;
	void *arg;
	struct coro_host *host; /* who resumed it last */
};

/*
 * coro_create - prepare @co to run fn(arg) on a run stack of
 * CORO_STACK_SIZE bytes (plus a guard page) at its first coro_resume().
 * @color (any number, e.g. a task id) picks the run stack.  Returns 0, or
 * -1 with errno set when the stack cannot be mapped.  @fn must never
 * return: a finished coroutine parks itself with coro_exit().
 */
int coro_create(struct coro *co, coro_fn fn, void *arg, unsigned int color);
/* coro_destroy - free a coroutine that is not running (its frames, its hold on its run stack). */
void coro_destroy(struct coro *co);

/*
 * coro_resume - run @co from where it last suspended (or from the start)
 * until it calls coro_suspend() or coro_exit().  Returns the value it
 * passed there, or CORO_NOMEM, without running it, when the host has no
 * memory to save the frames of the coroutine holding its run stack.
 * Called on the host's stack only.
 */
#define CORO_NOMEM UINTPTR_MAX
uintptr_t coro_resume(struct coro_host *host, struct coro *co);

/* coro_suspend - from inside @co: back to the host with @val; returns when resumed. */
void coro_suspend(struct coro_host *host, struct coro *co, uintptr_t val);

/* coro_exit - from inside @co: back to the host with @val, never to return. */
_Noreturn void coro_exit(struct coro_host *host, struct coro *co, uintptr_t val);

/* Bytes of @co's frames: in its run stack or in its save area. */
size_t coro_stack_used(const struct coro *co);

#endif

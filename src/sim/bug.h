/* SPDX-License-Identifier: MIT */
/*
 * bug.h - cheap invariants (include/linux/mmdebug.h, include/asm-generic/bug.h).
 *
 * VM_BUG_ON(cond) states something the model itself guarantees at a state
 * transition or a counter update: a page put on an LRU is not on one
 * already, a counter does not go below zero, a task sleeps on one wait
 * queue at a time.  Built with CONFIG_DEBUG_VM (the sanitizer build: the
 * second pass of `make check`, `make asan`), a check that fails prints
 *
 *	reclaimsim: BUG: FILE:LINE: VM_BUG_ON(cond)
 *
 * and aborts: it is a bug in the model, never bad input (bad input gets an
 * error message and exit status 1).  Without CONFIG_DEBUG_VM (the normal
 * -O2 build) the condition is type-checked but never evaluated, so the
 * checks cost nothing.
 *
 * VM_BUG_ON_PAGE(cond, page) (src/mm/internal.h) dumps the page first.
 * For checks that walk every frame see `--check` (src/mm/debug.c).
 */
#ifndef RECLAIMSIM_SIM_BUG_H
#define RECLAIMSIM_SIM_BUG_H

/* Print "reclaimsim: BUG: FILE:LINE: WHAT" and abort(). */
_Noreturn void vm_bug(const char *file, int line, const char *what);

#ifdef CONFIG_DEBUG_VM
#define VM_BUG_ON(cond)                                                     \
	do {                                                                \
		if (__builtin_expect(!!(cond), 0))                          \
			vm_bug(__FILE__, __LINE__, "VM_BUG_ON(" #cond ")"); \
	} while (0)
#else
/* BUILD_BUG_ON_INVALID(): compiled, not evaluated */
#define VM_BUG_ON(cond) ((void)sizeof(!(cond)))
#endif

#endif

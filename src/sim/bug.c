// SPDX-License-Identifier: MIT
/*
 * bug.c - the end of a failed VM_BUG_ON (bug.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "bug.h"

_Noreturn void vm_bug(const char *file, int line, const char *what)
{
	fflush(stdout);
	fprintf(stderr, "reclaimsim: BUG: %s:%d: %s\n", file, line, what);
	abort();
}

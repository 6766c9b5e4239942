// SPDX-License-Identifier: MIT
/*
 * failalloc.c - allocation-failure injection (make FAILALLOC=1): linked
 * into build/reclaimsim with -Wl,--wrap for malloc, calloc, realloc,
 * strdup and strndup, so that every host allocation the program's own
 * code makes comes here.  RECLAIMSIM_FAIL_ALLOC=N fails the N-th (1 is
 * the first; unset or 0: none); RECLAIMSIM_FAIL_ALLOC_COUNT set prints
 * "failalloc: N allocations" on stderr at exit.  tests/failalloc.sh walks
 * N over every allocation of a few scenarios: each run must end in a
 * clean message and exit 1 (or succeed, where the model does without
 * what it could not get), with no sanitizer or leak report.
 * Allocations inside the shared libraries (libinih, cJSON, libc's stdio)
 * are not counted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *__real_malloc(size_t n);
void *__real_calloc(size_t nmemb, size_t n);
void *__real_realloc(void *p, size_t n);
char *__real_strdup(const char *s);
char *__real_strndup(const char *s, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t nmemb, size_t n);
void *__wrap_realloc(void *p, size_t n);
char *__wrap_strdup(const char *s);
char *__wrap_strndup(const char *s, size_t n);

static unsigned long long fail_at, count;
static int inited;

/* Whether this allocation is the one to fail. */
static int fail_now(void)
{
	if (!inited) {
		const char *e = getenv("RECLAIMSIM_FAIL_ALLOC");

		fail_at = e ? strtoull(e, NULL, 10) : 0;
		inited = 1;
	}
	return ++count == fail_at;
}

void *__wrap_malloc(size_t n)
{
	return fail_now() ? NULL : __real_malloc(n);
}

void *__wrap_calloc(size_t nmemb, size_t n)
{
	return fail_now() ? NULL : __real_calloc(nmemb, n);
}

void *__wrap_realloc(void *p, size_t n)
{
	return fail_now() ? NULL : __real_realloc(p, n);
}

char *__wrap_strdup(const char *s)
{
	return fail_now() ? NULL : __real_strdup(s);
}

char *__wrap_strndup(const char *s, size_t n)
{
	return fail_now() ? NULL : __real_strndup(s, n);
}

__attribute__((destructor)) static void failalloc_report(void)
{
	if (getenv("RECLAIMSIM_FAIL_ALLOC_COUNT"))
		fprintf(stderr, "failalloc: %llu allocations\n", count);
}

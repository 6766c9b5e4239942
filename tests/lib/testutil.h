/* SPDX-License-Identifier: MIT */
/*
 * testutil.h - what every cmocka test includes.
 */
#ifndef RECLAIMSIM_TESTUTIL_H
#define RECLAIMSIM_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

/* Path of a file in the source tree (RECLAIMSIM_ROOT, else "."). */
static inline const char *test_path(const char *rel)
{
	static char buf[1024];
	const char *root = getenv("RECLAIMSIM_ROOT");

	snprintf(buf, sizeof(buf), "%s/%s", root ? root : ".", rel);
	return buf;
}

/* A new temporary file holding @text; @tmpl ("/tmp/NAME-XXXXXX") gets its path. */
static inline void test_write_temp(char *tmpl, const char *text)
{
	int fd = mkstemp(tmpl);
	size_t len = strlen(text);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, len), (ssize_t)len);
	close(fd);
}

/*
 * SLOW_TEST() - first statement of a test that takes seconds under ASan:
 * with RECLAIMSIM_SLOW=0 in the environment (`make check-fast` sets it for
 * its ASan pass; its normal pass runs every test) the test is skipped.
 */
static inline int test_skip_slow(void)
{
	const char *slow = getenv("RECLAIMSIM_SLOW");

	return slow && !strcmp(slow, "0");
}
#define SLOW_TEST()                   \
	do {                          \
		if (test_skip_slow()) \
			skip();       \
	} while (0)

#endif

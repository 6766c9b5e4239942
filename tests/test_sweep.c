// SPDX-License-Identifier: MIT
/*
 * test_sweep.c - the value lists and ranges of a sweep grid
 * (sweep_values()); the command itself is tested in tests/sweep.sh.
 */
#include "testutil.h"

#include <string.h>

#include "cli/sweep.h"

/* @text gives exactly the values of @want (a NULL-terminated list). */
static void expect_values(const char *text, const char *const *want)
{
	char err[256], **v;
	int n = sweep_values(text, &v, err, sizeof(err)), i;

	assert_true(n >= 0);
	for (i = 0; want[i]; i++) {
		assert_true(i < n);
		assert_string_equal(v[i], want[i]);
	}
	assert_int_equal(n, i);
	sweep_values_free(v, n);
}

static void expect_error(const char *text, const char *msg)
{
	char err[256], **v;

	assert_int_equal(sweep_values(text, &v, err, sizeof(err)), -1);
	assert_non_null(strstr(err, msg));
}

static void test_lists(void **state)
{
	(void)state;
	expect_values("0, 60, 100", (const char *const[]){ "0", "60", "100", NULL });
	expect_values("6.12", (const char *const[]){ "6.12", NULL });
	expect_values(" 2.6.35 ,6.12 ", (const char *const[]){ "2.6.35", "6.12", NULL });
	/* a quoted item keeps its commas */
	expect_values("\"DMA:16M, DMA32:rest\", DMA32:rest",
		      (const char *const[]){ "DMA:16M, DMA32:rest", "DMA32:rest", NULL });
	/* ".." in a path is not a range: a range starts with its number */
	expect_values("../a.ini, ../../b.ini",
		      (const char *const[]){ "../a.ini", "../../b.ini", NULL });
	expect_error("1,,2", "an empty value");
	expect_error("1, ", "an empty value");
	expect_error("\"a, b", "a quote is not closed");
	expect_error("\"a\" b", "text after a quoted value");
}

static void test_ranges(void **state)
{
	(void)state;
	expect_values("1G..16G x2", (const char *const[]){ "1G", "2G", "4G", "8G", "16G", NULL });
	expect_values("0..100 +20",
		      (const char *const[]){ "0", "20", "40", "60", "80", "100", NULL });
	expect_values("1..3", (const char *const[]){ "1", "2", "3", NULL });
	/* the step in the ends' unit; TO need not be reached */
	expect_values("160M..250M +32M", (const char *const[]){ "160M", "192M", "224M", NULL });
	expect_values("3..10 x3", (const char *const[]){ "3", "9", NULL });
	expect_values("5..5", (const char *const[]){ "5", NULL });
	expect_error("1G..16M x2", "expected FROM..TO");
	expect_error("0..16 x2", "FROM > 0 with xK");
	expect_error("1..16 x1", "the step must be x2 and up");
	expect_error("1M..16M x2M", "the step must be");
	expect_error("1M..16M +1G", "the step must be");
	expect_error("9..1", "FROM <= TO");
	expect_error("0..100000 +1", "more than 10000 values");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lists),
		cmocka_unit_test(test_ranges),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

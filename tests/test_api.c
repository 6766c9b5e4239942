// SPDX-License-Identifier: MIT
/*
 * test_api.c - the public header alone is enough: load a scenario, run it,
 * read its results, through opaque pointers (no src/ header included).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "reclaimsim/reclaimsim.h"

static void test_run_through_public_api(void **state)
{
	const char *root = getenv("RECLAIMSIM_ROOT");
	char path[1024], err[512];
	struct scenario *s = scenario_new();
	struct sim *sim;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	assert_non_null(s);
	snprintf(path, sizeof(path), "%s/scenarios/anonfill-fit-noswap.ini", root ? root : ".");
	assert_int_equal(scenario_load(s, path, err, sizeof(err)), 0);
	assert_int_equal(scenario_set(s, "run.seed=1", err, sizeof(err)), 0);
	assert_int_equal(scenario_set(s, "run.nosuchkey=1", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "nosuchkey"));
	sim = sim_create(s, err, sizeof(err));
	assert_non_null(sim);
	assert_int_equal(sim_run(sim), 0);
	assert_string_equal(sim_error(sim), "");
	assert_true(sim_now_ns(sim) > 0);
	assert_true(sim_nr_events(sim) > 0);
	f = open_memstream(&buf, &len);
	assert_non_null(f);
	report_json(f, sim);
	fclose(f);
	assert_non_null(strstr(buf, "\"pgfault\""));
	free(buf);
	sim_destroy(sim);
	scenario_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_run_through_public_api),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

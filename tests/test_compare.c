// SPDX-License-Identifier: MIT
/*
 * test_compare.c - the pieces of `reclaimsim compare`: the statistics over
 * a side's runs (mean, population standard deviation, min, max), Welch's
 * t-test that marks a difference significant, and the flattening of a run's JSON object into "section.name" figures.  The CLI
 * itself is tested in tests/cli.sh.
 */
#include "testutil.h"

#include <errno.h>
#include <math.h>

#include <cjson/cJSON.h>

#include "reclaimsim/reclaimsim.h"
#include "mm/sim.h"
#include "config/reader.h"
#include "report/report.h"
#include "cli/compare.h"

/* ------------------------------------------------------------------ */
/* compare_stats */

static void test_stats_four(void **state)
{
	/* mean 2.5; squares of deviations 2.25 + 0.25 + 0.25 + 2.25 = 5 */
	const double v[] = { 4, 1, 3, 2 };
	struct compare_stats st;

	assert_int_equal(compare_stats(v, 4, &st), 0);
	assert_true(st.mean == 2.5);
	assert_true(st.min == 1);
	assert_true(st.max == 4);
	/* population: sqrt(5 / 4) = 1.1180..., not the sample sqrt(5 / 3) = 1.291 */
	assert_true(fabs(st.std - sqrt(5.0 / 4.0)) < 1e-12);
}

static void test_stats_seed_row(void **state)
{
	/*
	 * Seed 002's "500-no-limit/base" elapsed times: min 16.32, max 18.03,
	 * avg 17.37, so the third run took 3 * 17.37 - 16.32 - 18.03 = 17.76.
	 * Deviations -1.05, 0.39, 0.66: sum of squares 1.6902, std
	 * sqrt(1.6902 / 3) = 0.7506, the seed's 0.75 (population std)
	 */
	const double v[] = { 16.32, 17.76, 18.03 };
	struct compare_stats st;

	assert_int_equal(compare_stats(v, 3, &st), 0);
	assert_true(fabs(st.mean - 17.37) < 1e-12);
	assert_true(fabs(st.std - sqrt(1.6902 / 3)) < 1e-12);
	assert_true(fabs(st.std - 0.75) < 0.001);
	assert_true(st.min == 16.32);
	assert_true(st.max == 18.03);
}

static void test_stats_one_and_equal(void **state)
{
	const double one[] = { 12226 };
	const double same[] = { 0.1, 0.1, 0.1 };
	struct compare_stats st;

	/* one run: no spread */
	assert_int_equal(compare_stats(one, 1, &st), 0);
	assert_true(st.mean == 12226 && st.min == 12226 && st.max == 12226);
	assert_true(st.std == 0);
	/* equal values: exactly that value (0.1 * 3 / 3 is not 0.1 in binary) */
	assert_int_equal(compare_stats(same, 3, &st), 0);
	assert_true(st.mean == 0.1);
	assert_true(st.std == 0);
}

static void test_stats_invalid(void **state)
{
	const double v[] = { 1 };
	struct compare_stats st;

	assert_int_equal(compare_stats(v, 0, &st), -EINVAL);
	assert_int_equal(compare_stats(NULL, 1, &st), -EINVAL);
	assert_int_equal(compare_stats(v, 1, NULL), -EINVAL);
}

/* ------------------------------------------------------------------ */
/* compare_flatten */

static const struct compare_figure *find(const struct compare_flat *f, const char *name)
{
	for (size_t i = 0; i < f->n; i++)
		if (!strcmp(f->fig[i].name, name))
			return &f->fig[i];
	return NULL;
}

static void test_flatten_fixed(void **state)
{
	static const char *const want[] = {
		"time.elapsed_s",
		"time.major_faults",
		"vmstat.pswpin",
		"vmstat.allocstall_dma",
		"vmstat.allocstall_normal",
		"vmstat.allocstall",
		"vmstat.pgmajfault",
		"reclaim.max_parallel_reclaimers",
		"cgroups./.pgfault",
		"cgroups.box.pgfault",
		"workloads.w.elapsed_s",
		"workloads.w.pages",
		"workloads.w.deep.x",
	};
	cJSON *run = cJSON_Parse(
		"{\"scenario\": \"s.ini\", \"seed\": 7,"
		" \"time\": {\"elapsed_s\": 1.5, \"major_faults\": 3},"
		" \"vmstat\": {\"pswpin\": 10, \"allocstall_dma\": 1, \"allocstall_normal\": 4,"
		"              \"pgmajfault\": 3},"
		" \"reclaim\": {\"max_parallel_reclaimers\": 2},"
		" \"zones\": [{\"node\": 0, \"name\": \"DMA\", \"min\": 64}],"
		" \"cgroups\": {\"/\": {\"pgfault\": 100}, \"box\": {\"pgfault\": 60}},"
		" \"workloads\": {\"w\": {\"type\": \"anon_fill\", \"elapsed_s\": 1.25,"
		"                 \"started\": true, \"finished\": false, \"note\": null,"
		"                 \"list\": [1, 2], \"deep\": {\"x\": -2}}}}");
	struct compare_flat f = { 0 };
	cJSON *wl;

	assert_non_null(run);
	/* an integer as report_json_object() writes it: a raw item */
	wl = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(run, "workloads"),
					      "w");
	assert_non_null(cJSON_AddRawToObject(wl, "pages", "20480"));
	/* a raw item that is not a number is skipped */
	assert_non_null(cJSON_AddRawToObject(wl, "bad", "\"x\""));
	/* deep was added before pages: move it to the end for the order below */
	cJSON_AddItemToObject(wl, "deep", cJSON_DetachItemFromObject(wl, "deep"));

	assert_int_equal(compare_flatten(run, &f), 0);
	assert_int_equal(f.n, sizeof(want) / sizeof(want[0]));
	for (size_t i = 0; i < f.n; i++)
		assert_string_equal(f.fig[i].name, want[i]);
	assert_true(find(&f, "time.elapsed_s")->value == 1.5);
	assert_true(find(&f, "time.major_faults")->value == 3);
	/* allocstall_* summed after the last of them */
	assert_true(find(&f, "vmstat.allocstall")->value == 5);
	assert_true(find(&f, "cgroups.box.pgfault")->value == 60);
	assert_true(find(&f, "workloads.w.pages")->value == 20480);
	assert_true(find(&f, "workloads.w.deep.x")->value == -2);
	/* skipped: top-level scalars, arrays, strings, booleans, null */
	assert_null(find(&f, "seed"));
	assert_null(find(&f, "zones.min"));
	assert_null(find(&f, "workloads.w.type"));
	assert_null(find(&f, "workloads.w.started"));
	assert_null(find(&f, "workloads.w.note"));
	assert_null(find(&f, "workloads.w.list"));
	assert_null(find(&f, "workloads.w.bad"));

	/* a second run appends */
	assert_int_equal(compare_flatten(run, &f), 0);
	assert_int_equal(f.n, 2 * (sizeof(want) / sizeof(want[0])));
	compare_flat_free(&f);
	assert_int_equal(f.n, 0);
	cJSON_Delete(run);
}

static void test_flatten_allocstall_given(void **state)
{
	/* a vmstat that has the old single counter keeps it, no sum is added */
	cJSON *run = cJSON_Parse("{\"vmstat\": {\"allocstall\": 9, \"allocstall_dma\": 1}}");
	struct compare_flat f = { 0 };

	assert_non_null(run);
	assert_int_equal(compare_flatten(run, &f), 0);
	assert_int_equal(f.n, 2);
	assert_string_equal(f.fig[0].name, "vmstat.allocstall");
	assert_true(f.fig[0].value == 9);
	assert_string_equal(f.fig[1].name, "vmstat.allocstall_dma");
	compare_flat_free(&f);
	cJSON_Delete(run);

	/* not an object: nothing */
	run = cJSON_Parse("[1, 2]");
	assert_int_equal(compare_flatten(run, &f), 0);
	assert_int_equal(f.n, 0);
	cJSON_Delete(run);
}

/* A real run: the object report_json() prints, flattened. */
static void test_flatten_real_run(void **state)
{
	static const char ini[] = "[machine]\nmemory = 64M\nzones = DMA:16M, DMA32:rest\n"
				  "[workload w]\ntype = anon_fill\nsize = 8M\npasses = 1\n";
	struct scenario *s = malloc(sizeof(*s));
	struct compare_flat f = { 0 };
	char err[SCN_ERR_LEN], *printed = NULL, *text;
	size_t len = 0;
	struct sim *sim;
	cJSON *obj;
	FILE *mf;

	assert_non_null(s);
	assert_int_equal(scenario_load_string(s, "tiny", ini, err, sizeof(err)), 0);
	assert_int_equal(scenario_validate(s, err, sizeof(err)), 0);
	sim = sim_create(s, err, sizeof(err));
	free(s);
	assert_non_null(sim);
	sim_run(sim);

	/* report_json() prints report_json_object() */
	obj = report_json_object(sim);
	assert_non_null(obj);
	mf = open_memstream(&printed, &len);
	assert_non_null(mf);
	report_json(mf, sim);
	assert_int_equal(fclose(mf), 0);
	text = cJSON_Print(obj);
	assert_non_null(text);
	assert_int_equal(strlen(printed), strlen(text) + 1);
	assert_memory_equal(printed, text, strlen(text));
	cJSON_free(text);
	free(printed);
	sim_destroy(sim);

	assert_int_equal(compare_flatten(obj, &f), 0);
	/* 8 MiB of 4 KiB pages: 2048 faults, all minor, nothing reclaimed */
	assert_non_null(find(&f, "time.elapsed_s"));
	assert_true(find(&f, "time.minor_faults")->value == 2048);
	assert_true(find(&f, "vmstat.pgfault")->value == 2048);
	assert_true(find(&f, "vmstat.allocstall")->value == 0);
	assert_true(find(&f, "reclaim.max_parallel_reclaimers")->value == 0);
	assert_true(find(&f, "cgroups./.pgfault")->value == 2048);
	assert_true(find(&f, "workloads.w.minor_faults")->value == 2048);
	assert_null(find(&f, "seed"));
	for (size_t i = 0; i < f.n; i++)
		assert_false(!strncmp(f.fig[i].name, "zones", 5));
	compare_flat_free(&f);
	cJSON_Delete(obj);
}

/* ------------------------------------------------------------------ */
/* compare_incbeta, compare_welch_p: references from mpmath 1.3.0 (betainc, 30 digits) */

static void test_incbeta(void **state)
{
	(void)state;
	assert_true(fabs(compare_incbeta(2.5, 3.5, 0.3) - 0.296752989295666378) < 1e-13);
	/* Student's t, 10 df: the 97.5 % point 2.228139 has two-sided p 0.05 */
	assert_true(fabs(compare_incbeta(5, 0.5, 10 / (10 + 2.228138851986 * 2.228138851986)) -
			 0.05) < 1e-12);
	/* 1 df (Cauchy): p(|T| > 1) = 1/2 exactly */
	assert_true(fabs(compare_incbeta(0.5, 0.5, 0.5) - 0.5) < 1e-13);
	assert_true(compare_incbeta(2, 3, 0) == 0 && compare_incbeta(2, 3, 1) == 1);
}

static void test_welch(void **state)
{
	const double a[] = { 1, 2, 3 }, b[] = { 4, 5, 6 };
	const double c[] = { 1.1, 2.3, 2.9, 3.7 }, d[] = { 4.0, 4.4, 7.5 };
	const double e[] = { 7, 7 }, f[] = { 7, 7, 7 }, g[] = { 8, 8 };

	(void)state;
	/* equal variances: t = 3 / sqrt(2/3), 4 df */
	assert_true(fabs(compare_welch_p(a, 3, b, 3) - 0.0213116411287567258) < 1e-12);
	/* unequal sizes and variances: t = 2.2686, 2.98 df (Welch-Satterthwaite) */
	assert_true(fabs(compare_welch_p(c, 4, d, 3) - 0.108607174380313593) < 1e-12);
	assert_true(fabs(compare_welch_p(d, 3, c, 4) - 0.108607174380313593) < 1e-12);
	/* no spread: equal means are the same, different ones differ */
	assert_true(compare_welch_p(e, 2, f, 3) == 1);
	assert_true(compare_welch_p(e, 2, g, 2) == 0);
	/* one run a side: no test */
	assert_true(isnan(compare_welch_p(a, 1, b, 3)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stats_four),
		cmocka_unit_test(test_stats_seed_row),
		cmocka_unit_test(test_stats_one_and_equal),
		cmocka_unit_test(test_stats_invalid),
		cmocka_unit_test(test_incbeta),
		cmocka_unit_test(test_welch),
		cmocka_unit_test(test_flatten_fixed),
		cmocka_unit_test(test_flatten_allocstall_given),
		cmocka_unit_test(test_flatten_real_run),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

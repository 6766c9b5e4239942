// SPDX-License-Identifier: MIT
/*
 * test_instruments.c - the instruments a user reads beside the counters,
 * with exact values on small runs:
 *
 *  - GNU time's maxresident (ru_maxrss, KiB): an anon_fill of N pages that
 *    fits shows N pages; inputs/outputs (ru_inblock / ru_oublock, 512-byte
 *    blocks): a file_write of S bytes writes S / 512, a file_read of S
 *    bytes reads S / 512, swap-ins are read blocks of the faulting task;
 *  - delay accounting of direct reclaim (freepages_count / delay) and
 *    allocstall by order: 0 without reclaim, one count per pass with it;
 *  - kswapd's /proc/PID/stat utime / stime: 0 when it never woke, stime > 0
 *    ticks when it reclaimed;
 *  - dd's own memory (file_write): its bs-sized buffer and program_data are
 *    anonymous pages of its group, one fault and one charge event each,
 *    uncharged at its exit; the file's charge events one a folio;
 *  - /proc/meminfo agrees with /proc/zoneinfo and /proc/vmstat of the same
 *    run (MemTotal, MemFree, Cached, SwapTotal, SwapFree, AnonPages);
 *  - the JSON carries the same figures.
 */
#include "testsim.h"

#include <cjson/cJSON.h>

#include "report/report.h"

/* A text report function's output, in a malloc'd string. */
static char *capture(void (*fn)(FILE *, const struct sim *), const struct sim *sim)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	fn(f, sim);
	assert_int_equal(fclose(f), 0);
	return text;
}

/* The kB value of the meminfo line "@name:"; fails the test if absent. */
static u64 meminfo_kb(const char *text, const char *name)
{
	size_t n = strlen(name);

	for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		if (!strncmp(l, name, n) && l[n] == ':') {
			const char *end = strchr(l, '\n');

			/* the kernel's layout: label padded to 16, width 8, " kB" */
			assert_int_equal(end - l, 16 + 8 + 3);
			assert_memory_equal(l + 24, " kB", 3);
			return strtoull(l + n + 1, NULL, 10);
		}
	}
	fail_msg("meminfo: no line %s", name);
	return 0;
}

/* Sum of the "managed" lines of /proc/zoneinfo, pages. */
static u64 zoneinfo_managed(const struct sim *sim)
{
	char *text = capture(report_zoneinfo, sim);
	u64 sum = 0;

	for (const char *p = text; (p = strstr(p, "\n        managed  ")); p++)
		sum += strtoull(p + strlen("\n        managed  "), NULL, 10);
	free(text);
	return sum;
}

static struct sim *run_text(const char *ini)
{
	struct sim *sim = test_sim_from_text(NULL, "t.ini", ini);

	assert_int_equal(sim_run(sim), 0);
	return sim;
}

static const struct task *kswapd0(const struct sim *sim)
{
	assert_non_null(sim->nodes[0].kswapd);
	return sim->nodes[0].kswapd;
}

static u64 allocstall_total(const struct sim *sim)
{
	return test_vmstat(sim, "allocstall_dma") + test_vmstat(sim, "allocstall_dma32") +
	       test_vmstat(sim, "allocstall_normal") + test_vmstat(sim, "allocstall_movable");
}

/* 1000 pages that fit: maxrss is 1000 pages, no I/O, no reclaim, kswapd asleep. */
static void test_fit_no_reclaim(void **state)
{
	struct sim *sim = run_text("[machine]\ncpus = 2\nmemory = 64M\n"
				   "[workload a]\ntype = anon_fill\nsize = 4000K\npasses = 2\n");
	struct wl_totals t = workload_totals(sim, &sim->workloads[0]);

	assert_true(sim->workloads[0].ended);
	assert_int_equal(t.maxrss_kb, 1000 * 4);
	assert_int_equal(t.inblock, 0);
	assert_int_equal(t.oublock, 0);
	assert_int_equal(t.freepages_count, 0);
	assert_int_equal(t.freepages_delay_ns, 0);
	assert_int_equal(allocstall_total(sim), 0);
	for (int o = 0; o < NR_PAGE_ORDERS; o++)
		assert_int_equal(sim->reclaim.allocstall_order[o], 0);
	/* never woke: no CPU time at all */
	assert_int_equal(kswapd0(sim)->utime_ns + kswapd0(sim)->stime_ns, 0);
	assert_int_equal(nsec_to_clock_t(kswapd0(sim)->stime_ns), 0);
	sim_destroy(sim);
}

/*
 * 80M filled into 64M with swap, one re-touch pass: kswapd and direct
 * reclaim both run.  Swap-ins are the task's read blocks; the peak is the
 * RSS at exit (no munmap or madvise folded an earlier peak in), below 80M.
 */
static void test_overcommit_swap(void **state)
{
	struct sim *sim = run_text("[machine]\ncpus = 2\nmemory = 64M\nswap = 32M\n"
				   "[workload a]\ntype = anon_fill\nsize = 80M\npasses = 1\n");
	struct wl_totals t = workload_totals(sim, &sim->workloads[0]);
	const struct task *k = kswapd0(sim);
	u64 stalls = allocstall_total(sim);

	assert_true(sim->workloads[0].ended);
	assert_int_equal(sim->reclaim.oom_kills, 0);
	/* swap reads by the faulting task, 8 blocks per 4 KiB page */
	assert_true(test_vmstat(sim, "pswpin") > 0);
	assert_int_equal(t.inblock, test_vmstat(sim, "pswpin") * 8);
	assert_int_equal(t.oublock, 0); /* swap-out is not the task's write_bytes */
	assert_true(t.maxrss_kb > 0 && t.maxrss_kb < 80 * 1024);
	/* direct reclaim: one delay count per pass, at least one per stall */
	assert_true(stalls > 0);
	assert_int_equal(sim->reclaim.allocstall_order[0], stalls);
	for (int o = 1; o < NR_PAGE_ORDERS; o++)
		assert_int_equal(sim->reclaim.allocstall_order[o], 0);
	assert_true(t.freepages_count >= stalls);
	assert_true(t.freepages_delay_ns > 0 && t.freepages_delay_ns <= t.elapsed_ns);
	/* kswapd is a kernel thread: system time only, whole ticks of 10 ms */
	assert_true(test_vmstat(sim, "pgscan_kswapd") > 0);
	assert_int_equal(k->utime_ns, 0);
	assert_true(k->stime_ns > 0);
	assert_true(nsec_to_clock_t(k->stime_ns) > 0);
	assert_int_equal(nsec_to_clock_t(k->stime_ns), k->stime_ns / 10000000);
	sim_destroy(sim);
}

/* dd of 8M: 16384 blocks written, none read; meminfo against vmstat/zoneinfo. */
static void test_file_write_and_meminfo(void **state)
{
	struct sim *sim = run_text("[machine]\ncpus = 2\nmemory = 64M\nswap = 16M\n"
				   "[workload w]\ntype = file_write\nsize = 8M\n");
	struct wl_totals t = workload_totals(sim, &sim->workloads[0]);
	char *mi = capture(report_meminfo, sim);
	u64 slots = sim->swap->max - 1;

	assert_true(sim->workloads[0].ended);
	assert_int_equal(t.oublock, 8 * 1024 * 1024 / 512);
	assert_int_equal(t.inblock, 0);

	assert_int_equal(meminfo_kb(mi, "MemTotal"), zoneinfo_managed(sim) * 4);
	assert_int_equal(meminfo_kb(mi, "MemTotal"), 64 * 1024);
	assert_int_equal(meminfo_kb(mi, "MemFree"), test_vmstat(sim, "nr_free_pages") * 4);
	assert_int_equal(meminfo_kb(mi, "Cached"), test_vmstat(sim, "nr_file_pages") * 4);
	assert_int_equal(meminfo_kb(mi, "Cached"), 8 * 1024); /* the file stays cached */
	assert_int_equal(meminfo_kb(mi, "Active(file)") + meminfo_kb(mi, "Inactive(file)"),
			 8 * 1024);
	assert_int_equal(meminfo_kb(mi, "Dirty"), test_vmstat(sim, "nr_dirty") * 4);
	assert_int_equal(meminfo_kb(mi, "AnonPages"), test_vmstat(sim, "nr_anon_pages") * 4);
	assert_int_equal(meminfo_kb(mi, "SwapTotal"), slots * 4);
	assert_int_equal(meminfo_kb(mi, "SwapTotal"), 16 * 1024 - 4); /* less the header */
	assert_int_equal(meminfo_kb(mi, "SwapFree"), meminfo_kb(mi, "SwapTotal"));
	assert_int_equal(meminfo_kb(mi, "SwapCached"), 0);
	/* si_mem_available(): free less the reserves, plus half the page cache */
	assert_true(meminfo_kb(mi, "MemAvailable") < meminfo_kb(mi, "MemFree") + 8 * 1024);
	assert_true(meminfo_kb(mi, "MemAvailable") > meminfo_kb(mi, "MemFree"));
	assert_int_equal(meminfo_kb(mi, "AnonHugePages"), 0);
	/* not modelled, so not printed */
	assert_null(strstr(mi, "\nSlab:"));
	assert_null(strstr(mi, "\nPageTables:"));
	assert_non_null(strstr(mi, "\nSecPageTables:"));
	free(mi);
	sim_destroy(sim);
}

/*
 * dd bs=1M of 4M in a v1 group (6.18, 2 MiB folios): the buffer's 256
 * pages and 7 of data faulted and charged once, the file in four 1 MiB
 * folios (one charge event each; 1024 with write_folios = single); the
 * anonymous pages uncharged at the exit, the file's stay.
 */
static void test_dd_buffer_charged(void **state)
{
	static const char *const folios[] = { "large", "single" };

	for (int i = 0; i < 2; i++) {
		char ini[512];
		struct sim *sim;

		snprintf(ini, sizeof(ini),
			 "[machine]\ncpus = 2\nmemory = 64M\nread_ahead_folio_order = 9\n"
			 "[policy]\nkernel = 6.18\ncgroup = v1\nwrite_folios = %s\n[cgroup box]\n"
			 "[workload dd]\ntype = file_write\ncgroup = box\nsize = 4M\n"
			 "block = 1M\nprogram_data = 28K\n",
			 folios[i]);
		sim = run_text(ini);
		assert_true(sim->workloads[0].ended);
		assert_int_equal(test_memory_stat(sim, "box", "pgfault"), 256 + 7);
		assert_int_equal(test_memory_stat(sim, "box", "pgpgin"), 256 + 7 + (i ? 1024 : 4));
		assert_int_equal(test_memory_stat(sim, "box", "pgpgout"), 256 + 7);
		assert_int_equal(test_memory_stat(sim, "box", "rss"), 0);
		assert_int_equal(test_memory_stat(sim, "box", "cache"), 4 << 20);
		assert_int_equal(workload_totals(sim, &sim->workloads[0]).maxrss_kb, (256 + 7) * 4);
		sim_destroy(sim);
	}
}

/* A cold read of 4M: 8192 blocks read, none written. */
static void test_file_read_blocks(void **state)
{
	struct sim *sim = run_text("[machine]\ncpus = 2\nmemory = 64M\n"
				   "[workload r]\ntype = file_read\nsize = 4M\ncount = 2\n");
	struct wl_totals t = workload_totals(sim, &sim->workloads[0]);

	assert_true(sim->workloads[0].ended);
	assert_int_equal(t.inblock, 4 * 1024 * 1024 / 512); /* the second pass hits the cache */
	assert_int_equal(t.oublock, 0);
	assert_int_equal(t.inblock, test_vmstat(sim, "pgpgin") * 2);
	sim_destroy(sim);
}

/* Swap in use: meminfo's SwapFree and SwapCached follow the swap device. */
static void test_meminfo_swap_in_use(void **state)
{
	struct sim *sim = run_text("[machine]\ncpus = 2\nmemory = 64M\nswap = 32M\n"
				   "[workload a]\ntype = anon_fill\nsize = 80M\npasses = 1\n"
				   "[run]\nduration = 300ms\n");
	char *mi = capture(report_meminfo, sim);

	assert_false(sim->workloads[0].ended); /* cut off while it holds swap */
	assert_true(sim->swap->inuse_pages > 0);
	assert_int_equal(meminfo_kb(mi, "SwapFree"),
			 meminfo_kb(mi, "SwapTotal") - sim->swap->inuse_pages * 4);
	assert_int_equal(meminfo_kb(mi, "SwapCached"), test_vmstat(sim, "nr_swapcached") * 4);
	assert_int_equal(meminfo_kb(mi, "AnonPages"), test_vmstat(sim, "nr_anon_pages") * 4);
	assert_int_equal(meminfo_kb(mi, "MemFree"), test_vmstat(sim, "nr_free_pages") * 4);
	assert_int_equal(meminfo_kb(mi, "Active(anon)"), test_vmstat(sim, "nr_active_anon") * 4);
	assert_int_equal(meminfo_kb(mi, "Inactive(anon)"),
			 test_vmstat(sim, "nr_inactive_anon") * 4);
	/* a live task: its maxrss is the mm's high-water mark now */
	assert_true(workload_totals(sim, &sim->workloads[0]).maxrss_kb >=
		    meminfo_kb(mi, "AnonPages"));
	free(mi);
	sim_destroy(sim);
}

static u64 jnum(const cJSON *o, const char *name)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, name);

	if (!it)
		fail_msg("JSON: no member %s", name);
	return strtoull(it->valuestring ? it->valuestring : "", NULL, 10);
}

/* The JSON has every instrument, with the values the model holds. */
static void test_json_members(void **state)
{
	struct sim *sim = run_text("[machine]\ncpus = 2\nmemory = 64M\nswap = 32M\n"
				   "[workload a]\ntype = anon_fill\nsize = 80M\npasses = 1\n");
	struct wl_totals t = workload_totals(sim, &sim->workloads[0]);
	cJSON *root = report_json_object(sim);
	const cJSON *time = cJSON_GetObjectItem(root, "time");
	const cJSON *rec = cJSON_GetObjectItem(root, "reclaim");
	const cJSON *wl = cJSON_GetObjectItem(cJSON_GetObjectItem(root, "workloads"), "a");
	const cJSON *k = cJSON_GetObjectItem(cJSON_GetObjectItem(root, "kswapd"), "kswapd0");
	const cJSON *orders = cJSON_GetObjectItem(rec, "allocstall_order");

	assert_non_null(root);
	assert_non_null(wl);
	assert_non_null(k);
	assert_int_equal(cJSON_GetArraySize(orders), NR_PAGE_ORDERS);
	assert_int_equal(jnum(orders, "0"), allocstall_total(sim));
	assert_int_equal(jnum(orders, "1"), 0);
	assert_int_equal(jnum(rec, "freepages_count"), t.freepages_count);
	assert_int_equal(jnum(rec, "freepages_delay_total_ns"), t.freepages_delay_ns);
	assert_int_equal(jnum(wl, "freepages_count"), t.freepages_count);
	assert_int_equal(jnum(wl, "inblock"), t.inblock);
	assert_int_equal(jnum(wl, "oublock"), 0);
	assert_int_equal(jnum(wl, "maxrss_kb"), t.maxrss_kb);
	assert_int_equal(jnum(time, "inblock"), t.inblock);
	assert_int_equal(jnum(time, "maxrss_kb"), t.maxrss_kb);
	assert_int_equal(jnum(k, "node"), 0);
	assert_int_equal(jnum(k, "pid"), (u64)kswapd0(sim)->pid);
	assert_int_equal(jnum(k, "utime"), 0);
	assert_int_equal(jnum(k, "stime"), nsec_to_clock_t(kswapd0(sim)->stime_ns));
	assert_int_equal(jnum(k, "sum_exec_runtime_ns"), kswapd0(sim)->stime_ns);
	cJSON_Delete(root);
	sim_destroy(sim);
}

/* An anon_fill of 16M with zero_page_ns = @zero: its system time */
static u64 fill_stime(const char *page_size, const char *zero)
{
	char ini[256];
	struct sim *sim;
	u64 stime;

	snprintf(ini, sizeof(ini),
		 "[machine]\ncpus = 1\nmemory = 64M\npage_size = %s\n[run]\njitter = off\n"
		 "[cost]\nzero_page_ns = %s\n[workload a]\ntype = anon_fill\nsize = 16M\n"
		 "passes = 0\n",
		 page_size, zero);
	sim = run_text(ini);
	stime = workload_totals(sim, &sim->workloads[0]).stime_ns;
	sim_destroy(sim);
	return stime;
}

/*
 * zero_page_ns is calibrate's memset of 4 KiB: a 64 KiB page's clearing
 * costs 16 of them (it cost one: the 16M fill's clearing took 1/16 of
 * its time on 64 KiB pages).
 */
static void test_zero_page_per_4k(void **state)
{
	assert_int_equal(fill_stime("4K", "1000ns") - fill_stime("4K", "0"), 4096 * 1000);
	assert_int_equal(fill_stime("64K", "1000ns") - fill_stime("64K", "0"), 256 * 16 * 1000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fit_no_reclaim),
		cmocka_unit_test(test_overcommit_swap),
		cmocka_unit_test(test_file_write_and_meminfo),
		cmocka_unit_test(test_dd_buffer_charged),
		cmocka_unit_test(test_file_read_blocks),
		cmocka_unit_test(test_meminfo_swap_in_use),
		cmocka_unit_test(test_json_members),
		cmocka_unit_test(test_zero_page_per_4k),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

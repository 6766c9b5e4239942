// SPDX-License-Identifier: MIT
/*
 * test_history.c - the behaviour of kernels before well-known fixes, as
 * the [policy] keys the profiles set: each scenario run with the old and
 * the new value, and the difference the fix made asserted.
 */
#include "testsim.h"

#include "report/report.h"
#include "workload/workload.h"

/*
 * swappiness = 0 (scenarios/swappiness0-3.4-vs-3.5.ini): with 3.4's
 * get_scan_count (priority + 1 for each list) anon keeps a share of the
 * scan; 3.5's (fe35004fbf9e) swaps nothing while file + free pages stay
 * above the high watermark.  3.4's share is (0 + 1) x anon's scanned
 * over rotated pages against 201 x file's: this scenario's cache, read
 * and never mapped, is never found referenced, so under 3.4's own
 * balance (lru_balance = rotated_fraction) anon's share rounds to 0 and
 * 3.4 swaps nothing here either (32 MiB of cache left, as 3.5); the
 * share grows with file rotations (mapped text: test_swappiness_zero_text_oom)
 * or at priority 0.  With v5.8's costs, which the profile had before
 * (anon 1 / 202 of every scan), 3.4 swapped with page cache left.
 */
static void test_swappiness_zero(void **state)
{
	static const char *const old[] = { "policy.swappiness_zero=some_anon",
					   "policy.lru_balance=cost", NULL };
	static const char *const old_own[] = { "policy.swappiness_zero=some_anon", NULL };
	static const char *const new[] = { "policy.swappiness_zero=no_anon", NULL };
	const char *path = "scenarios/swappiness0-3.4-vs-3.5.ini";
	struct sim *sim = test_sim_run_file(path, old);
	u64 out = test_vmstat(sim, "pswpout"), scanned = test_vmstat(sim, "pgscan_anon");
	u64 file = test_vmstat(sim, "nr_file_pages");

	/* 3.4 under v5.8's costs: anon scanned and swapped, 30+ MiB of the cached file left */
	print_message("3.4: pswpout %llu, pgscan_anon %llu, file pages %llu\n",
		      (unsigned long long)out, (unsigned long long)scanned,
		      (unsigned long long)file);
	assert_true(out > 0);
	assert_true(scanned >= out);
	assert_true(file > 8000);
	assert_int_equal(test_vmstat(sim, "oom_kill"), 0);
	sim_destroy(sim);

	/* 3.4 with its own reclaim_stat balance: no anon scanned here */
	sim = test_sim_run_file(path, old_own);
	assert_int_equal(test_vmstat(sim, "pswpout"), 0);
	assert_int_equal(test_vmstat(sim, "pgscan_anon"), 0);
	assert_true(test_vmstat(sim, "nr_file_pages") > 8000);
	sim_destroy(sim);

	/* 3.5+: not a page of anon scanned */
	sim = test_sim_run_file(path, new);
	file = test_vmstat(sim, "nr_file_pages");
	print_message("3.5: pswpout %llu, pgscan_anon %llu, file pages %llu\n",
		      (unsigned long long)test_vmstat(sim, "pswpout"),
		      (unsigned long long)test_vmstat(sim, "pgscan_anon"),
		      (unsigned long long)file);
	assert_int_equal(test_vmstat(sim, "pswpout"), 0);
	assert_int_equal(test_vmstat(sim, "pgscan_anon"), 0);
	assert_true(file > 8000);
	sim_destroy(sim);
	(void)state;
}

/*
 * swappiness = 0 with program text (scenarios/swappiness0-text-oom.ini):
 * 3.5+ scans no anon while file + free pages stay above the high
 * watermark, and text referenced between scans cannot be reclaimed, so
 * the report's writer is OOM-killed with swap free; 3.4's rule swaps.
 * Seeds 1-5 with the run-to-run variation on, under the profile's own
 * balancer (cpu_load).  With 3.10's own reclaim naps (reclaim_sleep =
 * wait_iff_pageout_congested: none here, as no queue is congested) 3.4's
 * rule never kills (107,544-190,437 pages swapped) and 3.5's once, in
 * seed 2, after 86,270 pages swapped: reclaim scans the text's active
 * list faster than the 4 MiB loop touches it, the text is reclaimed,
 * file + free falls under high and get_scan_count scans anon
 * (111,681-187,952 pages swapped in the other seeds): the report is not
 * reproduced.  The kill as the report's (seed 1: 1.96 s, nothing
 * swapped, no anon scanned) came with the congestion_wait naps of 2.6.36
 * and before, which the 3.10 profile had until it was corrected: they let
 * the loop re-reference its text between passes (seed 4 was killed too,
 * late, after 117,309 pages swapped).  These kills are chaotic: each
 * change of timing moves them (with the count-based balancer,
 * sched_load_balance = nr_running: 0, 1 and 3 kills; before swap writes
 * cost CPU, swap_writepage_ns, and dd had its buffer: 0, 2 and 1).  Since
 * shrink_active_list's putback pays its lru_lock hold as CPU and
 * lru_lock_ns was measured (150 ns; issue 22, branch cpucost): 0, 3 and
 * 1, and no seed has the report's kill: 3.5's rule kills seeds 1, 4 and
 * 5 after 84,469-123,033 pages swapped, the naps seed 5 after 85,224
 * (seed 1 swaps 107,675 with them, at lru_lock_ns 40 ns too).  Since a
 * block request costs CPU (blk_submit_ns 1.7 us, blk_complete_ns; issues
 * 21-22): 0, 3 and 1 still, and no seed has the report's kill: 3.5's
 * rule kills seeds 1, 2 and 5 after 85,233-154,675 pages swapped, the
 * naps seed 3 after 86,643.  (With blk_submit_ns 10.24 us, the idle
 * virtio disk's kick charged to every request, branch reqcpu: 0, 3 and
 * 4, and seeds 1 and 4 had the report's kill under 3.5's rule.)  Since
 * an io_schedule() sleep pays its switch and a swap-in its own path
 * (io_switch_ns, swapin_major_ns, swapin_page_ns; issue 22, branch
 * swapcpu): 0, 3 and 3, and no seed has the report's kill: 3.5's rule
 * kills seeds 1, 4 and 5 after 81,232-120,483 pages swapped, the naps
 * seeds 2, 3 and 5 after 94,282-129,108.  With the memcg walk's measured
 * costs (memcg_iter_ns, empty_lruvec_ns; branch memcgcost) besides: 0, 2
 * and 3.  Since every change of timing moves the counts, the test asserts
 * what the rules decide, not how many: 3.4's rule never kills, 3.5's
 * kills in some seed, with and without the naps.
 */
static void test_swappiness_zero_text_oom(void **state)
{
	const char *path = "scenarios/swappiness0-text-oom.ini";
	unsigned int kills_old = 0, kills_new = 0, kills_nap = 0;

	for (unsigned int seed = 1; seed <= 5; seed++) {
		char seed_set[32];
		const char *const old[] = { "run.jitter=on", seed_set,
					    "policy.swappiness_zero=some_anon", NULL };
		const char *const new[] = { "run.jitter=on", seed_set,
					    "policy.swappiness_zero=no_anon", NULL };
		const char *const nap[] = { "run.jitter=on", seed_set,
					    "policy.swappiness_zero=no_anon",
					    "policy.reclaim_sleep=congestion_wait", NULL };
		struct sim *sim;

		snprintf(seed_set, sizeof(seed_set), "run.seed=%u", seed);
		sim = test_sim_run_file(path, old);
		kills_old += (unsigned int)test_vmstat(sim, "oom_kill");
		assert_true(test_vmstat(sim, "pswpout") > 100000);
		sim_destroy(sim);

		sim = test_sim_run_file(path, new);
		kills_new += (unsigned int)test_vmstat(sim, "oom_kill");
		assert_true(test_vmstat(sim, "pswpout") > 80000);
		sim_destroy(sim);

		sim = test_sim_run_file(path, nap);
		kills_nap += (unsigned int)test_vmstat(sim, "oom_kill");
		sim_destroy(sim);
	}
	print_message(
		"OOM kills in seeds 1-5: 3.4's rule %u, 3.5's %u, 3.5's with 2.6.36's naps %u\n",
		kills_old, kills_new, kills_nap);
	assert_int_equal(kills_old, 0);
	assert_true(kills_new > 0);
	assert_true(kills_nap > 0);
	(void)state;
}

/* Sectors read by workload @name's tasks (its /usr/bin/time inputs). */
static double wl_inblock(struct sim *sim, const char *name)
{
	return (double)workload_totals(sim, test_workload_named(sim, name)).inblock;
}

/*
 * The activation of program text (scenarios/text-exec-stream.ini, v6.12
 * with the older rules as keys): since 3.3 a referenced page of an
 * executable file mapping is activated at its first reference, and a
 * 512 MiB stream through the 64 MiB group leaves the 32 MiB text whole;
 * with 2.6.31..3.2's rule (active_list: kept active once there, but two
 * references to get there) and before 2.6.31 (none) it is read again:
 * the text's own sectors read count it (its major faults do not, since
 * fault-around and read-around bring 16 pages back per fault).
 */
static void test_vm_exec_activation(void **state)
{
	static const char *const rules[] = { "policy.vm_exec_activation=first_use",
					     "policy.vm_exec_activation=active_list",
					     "policy.vm_exec_activation=none" };
	double inblock[3], resident[3];

	for (int i = 0; i < 3; i++) {
		const char *const sets[] = { rules[i], NULL };
		struct sim *sim = test_sim_run_file("scenarios/text-exec-stream.ini", sets);

		inblock[i] = wl_inblock(sim, "text");
		resident[i] = test_workload_figure(sim, "text", "resident_pages");
		print_message("%s: text sectors read %.0f, resident %.0f\n", rules[i], inblock[i],
			      resident[i]);
		sim_destroy(sim);
	}
	/* read once (32 MiB: 65,536 sectors) with first_use, again with the others */
	assert_true(inblock[0] == 65536 && resident[0] == 8192);
	assert_true(inblock[1] > 1.5 * inblock[0] && resident[1] < 6000);
	assert_true(inblock[2] >= inblock[1]);
	(void)state;
}

/*
 * Mapped file pages used once (scenarios/mapped-use-once-2.6.33-vs-2.6.34.ini):
 * before 2.6.34 every referenced mapped page was activated, so a 600 MiB
 * mapping touched once floods the active list and the 160 MiB hot file is
 * read from disk again (794,752 sectors); 2.6.34's second look lets the
 * stream pass and the hot file is read once (327,680 sectors, 160 MiB).
 */
static void test_mapped_use_once(void **state)
{
	static const char *const old[] = { "policy.mapped_use_once=none", NULL };
	static const char *const new[] = { "policy.mapped_use_once=file", NULL };
	const char *path = "scenarios/mapped-use-once-2.6.33-vs-2.6.34.ini";
	struct sim *sim = test_sim_run_file(path, old);
	double in_old = wl_inblock(sim, "hot");
	u64 act_old = test_vmstat(sim, "pgactivate");
	double in_new;

	sim_destroy(sim);
	sim = test_sim_run_file(path, new);
	in_new = wl_inblock(sim, "hot");
	print_message("hot inblock %.0f (none) against %.0f (file); pgactivate %llu against %llu\n",
		      in_old, in_new, (unsigned long long)act_old,
		      (unsigned long long)test_vmstat(sim, "pgactivate"));
	assert_true(in_new == 160 * 2048);
	assert_true(in_old > 2 * in_new);
	assert_true(act_old > 4 * test_vmstat(sim, "pgactivate"));
	sim_destroy(sim);
	(void)state;
}

/*
 * Refault detection (scenarios/refault-activation-3.14-vs-3.15.ini): a
 * 300 MiB file read 6 times after a 200 MiB one went active.  3.15+
 * activates its refaults and reads it from disk twice (1,228,800
 * sectors); before, no shadows, and under 4.2's zone-based reclaim
 * (kswapd_balance = zones) 96.7 % of the 6 passes come from disk
 * (3,564,064 sectors; all 3,686,400 with kswapd_balance = node: some of
 * the file's pages outlive a pass in a zone kswapd leaves alone).
 */
static void test_refault_activation(void **state)
{
	static const char *const old[] = { "policy.refault_activation=none", NULL };
	static const char *const new[] = { "policy.refault_activation=file", NULL };
	const char *path = "scenarios/refault-activation-3.14-vs-3.15.ini";
	struct sim *sim = test_sim_run_file(path, old);
	double in_old = wl_inblock(sim, "new");

	assert_int_equal(test_vmstat(sim, "workingset_refault_file"), 0);
	assert_int_equal(test_vmstat(sim, "workingset_activate_file"), 0);
	sim_destroy(sim);
	sim = test_sim_run_file(path, new);
	print_message("new inblock %.0f (none) against %.0f (file)\n", in_old,
		      wl_inblock(sim, "new"));
	assert_true(in_old == 3564064);
	assert_true(wl_inblock(sim, "new") <= 2 * 300 * 2048);
	assert_true(test_vmstat(sim, "workingset_activate_file") > 0);
	sim_destroy(sim);
	(void)state;
}

/*
 * The time of @sim's first kernel log line containing @what, or 0.
 */
static u64 kmsg_time(const struct sim *sim, const char *what)
{
	for (size_t i = 0; i < sim->kmsg.nr; i++)
		if (strstr(sim->kmsg.lines[i].text, what))
			return sim->kmsg.lines[i].t_ns;
	return 0;
}

/*
 * The text-refault livelock (scenarios/text-livelock.ini, the 4.12
 * profile: should_reclaim_retry of 4.7+).  Every reclaim pass frees text
 * pages that are read back at once, so no_progress_loops never grows: the
 * allocator gives up only when page cache and free pages fall under the
 * min watermark.  With the heaps growing 512 KiB a pass, the thrashing
 * (first sample with 10 more major faults than the text's first reads)
 * starts at 53.4 s and the OOM kill comes 37.2 s later (90.6 s) without
 * run-to-run variation; with it (seeds 1-3, as measured on the branch
 * that added the test) at 140.5, 117.3 and 142.0 s.
 * With 2 MiB a pass the heaps outrun their text: the kill a few seconds
 * after the thrashing starts.  After the kill the three programs left
 * thrash to the end of the run with no other kill.
 */
static struct sim *run_livelock(const char *heap_per_pass, const char *duration, double *thrash_s,
				double *kill_s)
{
	struct scenario *s = calloc(1, sizeof(*s));
	char err[SCN_ERR_LEN] = "", set[64], dur[64];
	struct sim *sim;
	u64 first_reads = 0;

	assert_non_null(s);
	snprintf(set, sizeof(set), "workload.app.heap_per_pass=%s", heap_per_pass);
	snprintf(dur, sizeof(dur), "run.duration=%s", duration);
	if (scenario_load(s, test_path("scenarios/text-livelock.ini"), err, sizeof(err)) ||
	    scenario_set(s, TEST_NO_JITTER, err, sizeof(err)) ||
	    scenario_set(s, set, err, sizeof(err)) || scenario_set(s, dur, err, sizeof(err)) ||
	    scenario_validate(s, err, sizeof(err)))
		fail_msg("text-livelock.ini: %s", err);
	sim = sim_create(s, err, sizeof(err));
	free(s);
	if (!sim)
		fail_msg("sim_create: %s", err);
	sim->keep_samples = true;
	assert_int_equal(sim_run(sim), 0);
	*thrash_s = 0;
	for (size_t i = 0; i < sim->nr_samples; i++) {
		const struct sample *x = &sim->samples[i];

		if (!first_reads && x->t_ns >= NSEC_PER_SEC)
			first_reads = x->pgmajfault; /* the text's first reads, done in 1 s */
		if (first_reads && x->pgmajfault > first_reads + 10) {
			*thrash_s = (double)x->t_ns / 1e9;
			break;
		}
	}
	*kill_s = (double)kmsg_time(sim, "invoked oom-killer") / 1e9;
	print_message(
		"heap_per_pass %s: thrashing from %.1f s, OOM kill at %.1f s (%.1f s later)\n",
		heap_per_pass, *thrash_s, *kill_s, *kill_s - *thrash_s);
	return sim;
}

static void test_text_livelock(void **state)
{
	double thrash, kill;
	struct sim *sim;

	SLOW_TEST();
	/*
	 * 170 s of the scenario's 200.  Thrashing from 53.7 s, the kill at
	 * 69.0 s, 15.3 s later, since reclaim pays the lru_lock as measured
	 * (lru_lock_ns 150 ns, and shrink_active_list's putback as CPU: the
	 * kill at 72.9 s with the latter alone).  Before: thrashing from 53.4
	 * s, the kill at 90.6 s, 37.2 s later, under the profile's own
	 * balancer (cpu_load;
	 * the count-based one, nr_running, with which the test was first
	 * measured: the kill at 145.9 s, 92.5 s later; 52.7 s and 37 s later
	 * on the branch that added the test, before filemap_fault's
	 * read-around and fault-around and kswapd_nap were merged with it:
	 * a major fault now reads 16 pages back, so 10 of them mark the
	 * thrashing where 100 did)
	 */
	sim = run_livelock("512K", "170s", &thrash, &kill);
	assert_int_equal(sim->reclaim.oom_kills, 1);
	assert_true(thrash > 45 && thrash < 60);
	/* a quarter of a minute and more of thrashing before the kill */
	assert_true(kill - thrash > 12 && kill - thrash < 60);
	/*
	 * and the three left thrash on, reading their text back from disk:
	 * 32.3 million sectors in 402 major faults of their passes (before
	 * lru_lock_ns was measured: 26.1 million in 1,308)
	 */
	print_message("retouch_majflt %.0f, text sectors read %.0f\n",
		      test_workload_figure(sim, "app", "retouch_majflt"), wl_inblock(sim, "app"));
	assert_true(test_workload_figure(sim, "app", "retouch_majflt") > 300);
	assert_true(wl_inblock(sim, "app") > 20e6);
	sim_destroy(sim);

	/*
	 * heaps that outrun their text: the kill within seconds of the
	 * thrashing (16.1 -> 17.3 s; 17.1 s under nr_running, 14.0 -> 19.3 s
	 * on the adding branch)
	 */
	sim = run_livelock("2M", "25s", &thrash, &kill);
	assert_int_equal(sim->reclaim.oom_kills, 1);
	assert_true(thrash > 0 && kill - thrash < 10);
	sim_destroy(sim);
	(void)state;
}

/*
 * The 5.16-rc1 NOPROGRESS throttle (scenarios/noprogress-5.16-rc1.ini):
 * 384 MiB of anon on 256 MiB without swap.  rc1..rc7 slept HZ/2 after
 * every pass below DEF_PRIORITY - 2 that reclaimed less than an eighth:
 * 20 sleeps, 10 s, before the OOM kill; 5.16-rc8's jiffy at priority 1:
 * 2 sleeps of 1 ms.  The sleeps are the run's reclaim_throttle figures.
 */
static void test_noprogress_throttle(void **state)
{
	static const char *const old[] = { "policy.noprogress_throttle=half_second", NULL };
	static const char *const new[] = { "policy.noprogress_throttle=jiffy", NULL };
	const char *path = "scenarios/noprogress-5.16-rc1.ini";
	struct sim *sim = test_sim_run_file(path, old);
	u64 stalled = sim->eng.now;

	assert_int_equal(sim->reclaim.oom_kills, 1);
	assert_int_equal(sim->reclaim.throttled[VMSCAN_THROTTLE_NOPROGRESS], 20);
	assert_int_equal(sim->reclaim.throttled_ns[VMSCAN_THROTTLE_NOPROGRESS],
			 20 * 500 * NSEC_PER_MSEC);
	sim_destroy(sim);

	sim = test_sim_run_file(path, new);
	assert_int_equal(sim->reclaim.oom_kills, 1);
	assert_int_equal(sim->reclaim.throttled[VMSCAN_THROTTLE_NOPROGRESS], 2);
	assert_int_equal(sim->reclaim.throttled_ns[VMSCAN_THROTTLE_NOPROGRESS], 2 * NSEC_PER_MSEC);
	/* the OOM kill ~10 s later with the rc1 rule: 0.16 s against 10.16 s */
	print_message("run ends at %.3f s (rc1) and %.3f s (rc8)\n", (double)stalled / 1e9,
		      (double)sim->eng.now / 1e9);
	assert_true(stalled - sim->eng.now >= 9900 * NSEC_PER_MSEC);
	sim_destroy(sim);
	(void)state;
}

/* memory.events' high counter of the group @name */
static u64 high_events(struct sim *sim, const char *name)
{
	return test_memcg_named(sim, name)->memory_events[MEMCG_HIGH];
}

/*
 * memory.high 5.4..5.8 against 5.9+ (scenarios/memcg-high-5.4-vs-5.9.ini):
 * 96 MiB of anon in a group with memory.high 64 MiB and no swap.  Both
 * sleep the penalty on every return to user; 5.4's tries one reclaim
 * before it (128 reclaims), 5.9's MAX_RECLAIM_RETRIES + 1 (2,128).
 */
static void test_memcg_high_penalty_once(void **state)
{
	static const char *const old[] = { "policy.memcg_high_throttle=penalty_once", NULL };
	static const char *const new[] = { "policy.memcg_high_throttle=penalty", NULL };
	const char *path = "scenarios/memcg-high-5.4-vs-5.9.ini";
	struct sim *sim = test_sim_run_file(path, old);
	u64 t_old = sim->eng.now;

	assert_int_equal(high_events(sim, "app"), 128);
	sim_destroy(sim);
	sim = test_sim_run_file(path, new);
	assert_int_equal(high_events(sim, "app"), 128 + 2000);
	/* the same penalty sleeps: within 0.1 s of 196.7 s */
	assert_true(t_old > 196 * NSEC_PER_SEC && sim->eng.now > 196 * NSEC_PER_SEC);
	assert_true(sim->eng.now - t_old < NSEC_PER_SEC / 10);
	sim_destroy(sim);
	(void)state;
}

/* /proc/zoneinfo of @sim as text (to free) */
static char *zoneinfo_text(struct sim *sim)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	report_zoneinfo(f, sim);
	assert_int_equal(fclose(f), 0);
	return text;
}

/*
 * Kernels before 4.11 printed each zone's pages_scanned ("scanned", the
 * count all_unreclaimable is decided on) and its all_unreclaimable flag,
 * where 4.11+ print node_unreclaimable.
 */
static void test_zoneinfo_scanned(void **state)
{
	static const char ini[] = "[machine]\nzones = DMA:4M, DMA32:60M\n[policy]\nkernel = %s\n";
	char text[128];
	struct sim *sim;
	char *zi;

	snprintf(text, sizeof(text), ini, "2.6.32");
	sim = test_sim_from_text(NULL, "t.ini", text);
	sim->nodes[0].node_zones[ZONE_DMA32].pages_scanned = 12345;
	sim->nodes[0].node_zones[ZONE_DMA32].all_unreclaimable = true;
	zi = zoneinfo_text(sim);
	assert_non_null(strstr(zi, "        high     "));
	assert_non_null(strstr(zi, "\n        scanned  12345\n        spanned  "));
	assert_non_null(strstr(zi, "\n  all_unreclaimable: 1\n"));
	assert_null(strstr(zi, "node_unreclaimable"));
	free(zi);
	sim_destroy(sim);

	snprintf(text, sizeof(text), ini, "6.12");
	sim = test_sim_from_text(NULL, "t.ini", text);
	zi = zoneinfo_text(sim);
	assert_null(strstr(zi, "scanned"));
	assert_non_null(strstr(zi, "\n  node_unreclaimable:  0\n"));
	free(zi);
	sim_destroy(sim);
	(void)state;
}

/*
 * memcg reclaim and pages under writeback
 * (scenarios/memcg-dirty-oom-3.5-vs-3.6.ini): a dd of 256 MiB into a
 * 32 MiB v1 group on a 4 MB/s disk.  Before 3.6 memcg reclaim keeps the
 * group's pages under writeback and the group OOMs once its 32 MiB are
 * dirty: dd is killed at 0.03 s with 7,936 pages written (32 MiB less
 * its 1 MiB buffer), 95,202 pages scanned (mem_cgroup_do_charge's 5
 * retries).  3.6+ (e62e384e9da8) waits on the pages it marked PG_reclaim:
 * all 65,536 pages written in 56.4 s (the disk's 4 MB/s), no OOM.
 */
static void test_memcg_writeback_wait(void **state)
{
	static const char *const old[] = { "policy.memcg_writeback_wait=none", NULL };
	static const char *const new[] = { "policy.memcg_writeback_wait=page_reclaim", NULL };
	const char *path = "scenarios/memcg-dirty-oom-3.5-vs-3.6.ini";
	struct sim *sim = test_sim_run_file(path, old);
	const struct workload_inst *dd = test_workload_named(sim, "dd");

	print_message("3.5: dd signal %d, %.0f pages written, pgscan_file %llu\n", dd->exit_signal,
		      test_figure(dd, "pages_written"),
		      (unsigned long long)test_vmstat(sim, "pgscan_file"));
	assert_int_equal(dd->exit_signal, 9);
	assert_true(test_figure(dd, "pages_written") == 8192 - 256);
	assert_int_equal(test_memcg_named(sim, "box")->memory_events[MEMCG_OOM], 1);
	/* the killer chose dd: a process with an address space, if an empty one */
	assert_int_equal(test_memcg_named(sim, "box")->memory_events[MEMCG_OOM_KILL], 1);
	assert_int_equal(test_vmstat(sim, "pgscan_file"), 95202);
	sim_destroy(sim);

	sim = test_sim_run_file(path, new);
	dd = test_workload_named(sim, "dd");
	print_message("3.6: dd signal %d, %.0f pages written in %.2f s, pgscan_file %llu\n",
		      dd->exit_signal, test_figure(dd, "pages_written"), (double)sim->eng.now / 1e9,
		      (unsigned long long)test_vmstat(sim, "pgscan_file"));
	assert_int_equal(dd->exit_signal, 0);
	assert_true(test_figure(dd, "pages_written") == 65536);
	assert_int_equal(test_memcg_named(sim, "box")->memory_events[MEMCG_OOM], 0);
	assert_int_equal(test_memcg_named(sim, "box")->memory_events[MEMCG_OOM_KILL], 0);
	/* the disk's pace: the 224 MiB not left cached through 4 MiB/s take 56 s */
	assert_true(test_workload_figure(sim, "dd", "MB_per_s") > 4.5 &&
		    test_workload_figure(sim, "dd", "MB_per_s") < 5.0);
	sim_destroy(sim);
	(void)state;
}

/*
 * The compaction free scanner (scenarios/compact-free-stride-4.12-vs-5.1.ini):
 * order-9 attempts on a 1 GiB machine whose top 600 MiB are full, the free
 * frames below them.  Before 5.1 the free scanner looks at every frame of
 * the full pageblocks it crosses: 414,355 frames over 62 compaction
 * stalls (jitter off); 5.1's stride (4fca9730c51d) 55,938, 7.4x fewer.  The blocks
 * made are the same: 90 of 100 attempts succeed either way.
 */
static void test_compact_free_stride(void **state)
{
	static const char *const old[] = { "policy.compact_free_stride=every_page", NULL };
	static const char *const new[] = { "policy.compact_free_stride=sampled", NULL };
	const char *path = "scenarios/compact-free-stride-4.12-vs-5.1.ini";
	struct sim *sim = test_sim_run_file(path, old);

	assert_int_equal(test_vmstat(sim, "compact_free_scanned"), 414355);
	assert_int_equal(test_vmstat(sim, "compact_stall"), 62);
	assert_true(test_workload_figure(sim, "highalloc", "success") == 90);
	sim_destroy(sim);

	sim = test_sim_run_file(path, new);
	assert_int_equal(test_vmstat(sim, "compact_free_scanned"), 55938);
	assert_int_equal(test_vmstat(sim, "compact_stall"), 62);
	assert_true(test_workload_figure(sim, "highalloc", "success") == 90);
	sim_destroy(sim);
	(void)state;
}

/* node 0's kswapd's CPU time (user + system), in whole ms */
static u64 kswapd_cpu_ms(const struct sim *sim)
{
	return (sim->nodes[0].kswapd->utime_ns + sim->nodes[0].kswapd->stime_ns) / 1000000;
}

/*
 * kswapd's nap in 3.8 (scenarios/kswapd-small-normal.ini, 3.10's
 * zone-based kswapd on a small Normal zone kept below high): 2.6.33..3.7
 * napped HZ/10 in congestion_wait after each pass in trouble with no zone
 * under min (kswapd_nap = above_min), 113 naps skipped below min, and dd
 * reclaims 4,769 pages itself while kswapd naps.  3.8 napped in
 * wait_iff_congested (above_min_iff_congested), which sleeps only on a
 * congested zone, none here: kswapd runs as 3.9's, which dropped the nap
 * (no direct reclaim; jitter off).  With lru_lock_ns at its 40 ns estimate
 * and shrink_active_list's putback not paid as CPU: 1,047 passes, 0.026
 * s, 148 skips, 11,923 pages; 0.029 s.  Measured under the profile's own
 * balancer (cpu_load), its own file writeback rule (kswapd_priority), dd
 * with its 1 MiB buffer and swap writes that cost CPU (900 passes for
 * the last two before the buffer); with v4.11's rule, which the 3.10
 * profile had before, and the count-based balancer: 45,829 / 65,937
 * passes, 0.248 / 0.352 s, 187 skips, kswapd spinning on the dirty pages
 * it activated.  Since a block request costs CPU (blk_submit_ns 1.7 us,
 * blk_complete_ns; issues 21-22, no kick on this disk): above_min 769
 * passes (was 924), 113 skips (138), dd reclaiming 4,769 pages (9,938),
 * kswapd 0.072 s (0.037): it does more of dd's work; 3.8's and 3.9's
 * kswapd 131 passes and 0.042 s (0.041), still with no direct reclaim.
 * Since 3.10's sweeps go down to priority 0, as its balance_pgdat's do
 * (they stopped at 1, as 4.8's): above_min 696 passes, 105 skips, dd
 * still 4,769 pages, kswapd 0.122 s (its priority-0 passes scan whole
 * lists); 3.8's and 3.9's 128 passes.
 * (With blk_submit_ns 10.24 us, branch reqcpu: 1,071 passes, 146 skips,
 * 9,313 pages, 0.040 s; 938 passes and 0.040 s.)  Since the profile's
 * dirty limits are 3.10's (dirtyable_memory = reclaimable_less_reserves:
 * the machine's 51 MB of THP min_free_kbytes off, a dirty limit 10 MB
 * lower) kswapd meets fewer dirty pages (it writes 516 against 3,768 with
 * none) but balances longer: above_min 1,049 passes (was 769), 89 skips
 * (113), dd reclaiming 11,925 pages (4,769), kswapd 0.027 s (0.072);
 * 3.8's and 3.9's 688 passes (131) and 0.052 s (0.042), still with no
 * direct reclaim.  With 3.10's anon/file balance by reclaim_stat too:
 * above_min unchanged; 3.8's and 3.9's 639 passes and 0.124 s, their
 * sweeps down to priority 0 scanning DMA32's lists whole.  Since dd's
 * balance_dirty_pages starts a background work that stops under the
 * background threshold (it wrote every dirty page before), kswapd meets
 * the dirty pages left there and writes them and dd no longer reclaims:
 * above_min 260 passes (1,049), no skip (89), dd reclaiming nothing
 * (11,925), kswapd 0.036 s (0.027); 3.8's and 3.9's 562 passes (639) and
 * 0.065 s (0.124); figures with the pre-4.8 classzone reset to the top
 * zone (branch hist26) as well.
 */
static void test_kswapd_nap_3_8(void **state)
{
	static const char *const old[] = { "policy.kswapd_nap=above_min", NULL };
	static const char *const new[] = { "policy.kswapd_nap=above_min_iff_congested", NULL };
	static const char *const none[] = { "policy.kswapd_nap=none", NULL };
	const char *path = "scenarios/kswapd-small-normal.ini";
	struct sim *sim = test_sim_run_file(path, old);

	assert_int_equal(test_vmstat(sim, "pageoutrun"), 260);
	assert_int_equal(test_vmstat(sim, "kswapd_skip_congestion_wait"), 0);
	assert_int_equal(test_vmstat(sim, "pgsteal_direct"), 0);
	assert_int_equal(kswapd_cpu_ms(sim), 36);
	sim_destroy(sim);

	sim = test_sim_run_file(path, new);
	assert_int_equal(test_vmstat(sim, "pageoutrun"), 562);
	assert_int_equal(test_vmstat(sim, "kswapd_skip_congestion_wait"), 0);
	assert_int_equal(test_vmstat(sim, "pgsteal_direct"), 0);
	assert_int_equal(kswapd_cpu_ms(sim), 65);
	sim_destroy(sim);

	sim = test_sim_run_file(path, none);
	assert_int_equal(test_vmstat(sim, "pageoutrun"), 562);
	assert_false(test_vmstat_has(sim, "kswapd_skip_congestion_wait"));
	sim_destroy(sim);
	(void)state;
}

/*
 * kswapd's sleep test with a small top zone given up on
 * (scenarios/kswapd-sleep-2.6.39-vs-3.0.ini, jitter off): Normal held by
 * anon below its high watermark, marked all_unreclaimable, and a kernel
 * allocator freeing into it now and then.  2.6.33..2.6.39's
 * sleeping_prematurely tests every zone of the node: 4 tests fail right
 * after a balance (kswapd_high_wmark_hit_quickly), each because a batch
 * freed into Normal cleared its all_unreclaimable, and kswapd balances the
 * whole node again.  3.0's test stops at the end zone balance_pgdat
 * handed back, below Normal: none fails.  The model has no slab pages in
 * the zones, so kswapd's own shrink_slab cannot clear the flag at every
 * pass as in the 2011 reports, and the spin is not reproduced: kswapd's
 * CPU time is 83 ms either way, and the passes (372 against 415) differ
 * by where the runs' balances fell afterwards, not by the spin.  Since
 * background writeback stops under its threshold: 6 failed tests against
 * 1 (the one under end_zone not traced), 538 against 520 passes, 49 and
 * 48 ms.
 */
/* kswapd-sleep-2.6.39-vs-3.0.ini under kswapd_sleep_zones = @v: failed tests and passes */
static void assert_sleep_zones(const char *v, u64 failed, u64 passes)
{
	char set[64];
	const char *const sets[] = { set, NULL };
	struct sim *sim;

	snprintf(set, sizeof(set), "policy.kswapd_sleep_zones=%s", v);
	sim = test_sim_run_file("scenarios/kswapd-sleep-2.6.39-vs-3.0.ini", sets);
	print_message("%s: pageoutrun %llu, high_wmark_hit_quickly %llu, kswapd %llu ms\n", v,
		      (unsigned long long)test_vmstat(sim, "pageoutrun"),
		      (unsigned long long)test_vmstat(sim, "kswapd_high_wmark_hit_quickly"),
		      (unsigned long long)kswapd_cpu_ms(sim));
	assert_int_equal(test_vmstat(sim, "kswapd_high_wmark_hit_quickly"), failed);
	assert_int_equal(test_vmstat(sim, "pageoutrun"), passes);
	sim_destroy(sim);
}

static void test_kswapd_sleep_zones(void **state)
{
	assert_sleep_zones("node", 6, 538);
	assert_sleep_zones("end_zone", 1, 520);
	(void)state;
}

/*
 * kswapd with a slab cache on a small top zone
 * (scenarios/kswapd-100cpu-3.0.ini, jitter off): 4,096 slab pages of a
 * reclaimable cache, most in the 48 MiB Normal zone anon holds below its
 * high watermark; each object shrink_slab scans costs shrink_object_ns
 * (863 ns, bench/shrinker-cost.py).  Before 3.0 (2.6.38..2.6.39:
 * kswapd_slab = every_zone, kswapd_sleep_zones = node,
 * kswapd_sleep_classzone = end_zone) balance_pgdat shrinks slab after
 * every zone; 3.0 only after the zones it shrinks.  With every object
 * unused the cache drains and nothing spins: before, 1,035 sweeps,
 * 81,729 pages, 107 ms of kswapd CPU, 3,321 slab pages shrunk, one failed
 * sleep test; 3.0: 277, 83,821, 111 ms, 3,078, none; without the
 * shrinker 115 sweeps, 59 ms either way.
 *
 * The reports' spin needs objects in use (shrinker_in_use = 25: a
 * quarter of the objects, so 15 of the 4,096 pages ever come free):
 * Normal stays below its high watermark with slab pages nothing can
 * free.  Before 3.0 the sleep test holds each lower zone to the
 * lowmem_reserve it keeps against that end zone (kswapd_sleep_classzone
 * = end_zone, patch 3), which they fail, and balance_pgdat reclaims
 * nothing more: kswapd goes from a failed test to a balance and back,
 * with no sleep (kswapd_sleep_classzone = end_zone alone does it: 151,213
 * sweeps, 508 ms; kswapd_slab and kswapd_sleep_zones alone do not):
 * 153,667 sweeps, 153,539 failed
 * tests and 508 ms of kswapd CPU in the run's first 3 s (the whole run:
 * 13,586,955 failed tests, 27.5 s of CPU, 100 % of one); 3.0 128 sweeps,
 * 201 ms, no failed test.
 */
static void assert_slab_spin(const char *const *sets, u64 passes, u64 steal, u64 cpu_ms, u64 shrunk,
			     u64 failed)
{
	struct sim *sim = test_sim_run_file("scenarios/kswapd-100cpu-3.0.ini", sets);

	assert_int_equal(test_vmstat(sim, "pageoutrun"), passes);
	assert_int_equal(test_vmstat(sim, "pgsteal_kswapd"), steal);
	assert_int_equal(kswapd_cpu_ms(sim), cpu_ms);
	assert_int_equal((u64)test_workload_figure(sim, "slab", "shrunk_pages"), shrunk);
	assert_int_equal(test_vmstat(sim, "kswapd_high_wmark_hit_quickly"), failed);
	sim_destroy(sim);
}

static void test_kswapd_slab_spin(void **state)
{
	static const char *const before[] = { "policy.kswapd_slab=every_zone",
					      "policy.kswapd_sleep_zones=node",
					      "policy.kswapd_sleep_classzone=end_zone", NULL };
	static const char *const no_slab[] = { "workload.slab.shrinker=0", NULL };
	static const char *const no_slab_before[] = { "workload.slab.shrinker=0",
						      "policy.kswapd_slab=every_zone",
						      "policy.kswapd_sleep_zones=node", NULL };
	static const char *const in_use_before[] = {
		"workload.slab.shrinker_in_use=25",	  "run.duration=3s",
		"policy.kswapd_slab=every_zone",	  "policy.kswapd_sleep_zones=node",
		"policy.kswapd_sleep_classzone=end_zone", NULL
	};
	static const char *const in_use[] = { "workload.slab.shrinker_in_use=25", "run.duration=3s",
					      NULL };
	struct sim *sim;

	assert_slab_spin(before, 1035, 81729, 107, 3321, 1);
	assert_slab_spin(NULL, 277, 83821, 111, 3078, 0);
	sim = test_sim_run_file("scenarios/kswapd-100cpu-3.0.ini", no_slab);
	assert_int_equal(test_vmstat(sim, "pageoutrun"), 115);
	assert_int_equal(kswapd_cpu_ms(sim), 59);
	sim_destroy(sim);
	sim = test_sim_run_file("scenarios/kswapd-100cpu-3.0.ini", no_slab_before);
	assert_int_equal(test_vmstat(sim, "pageoutrun"), 115);
	assert_int_equal(kswapd_cpu_ms(sim), 59);
	sim_destroy(sim);
	/* the spin: objects in use pin Normal's slab pages */
	assert_slab_spin(in_use_before, 153667, 202840, 508, 15, 153539);
	assert_slab_spin(in_use, 128, 202840, 201, 15, 0);
	(void)state;
}

/*
 * 4.4's zone-based kswapd against 4.8's node balance on the 4.5 profile
 * (scenarios/kswapd-small-normal.ini, jitter off): 4.5 keeps 4.4's
 * balance_pgdat (every zone up to the classzone at its high watermark,
 * zone_reclaimable reset by every batch freed into the zone), so the
 * small Normal zone dd's page cache keeps short holds kswapd for 635
 * passes and 45 ms of CPU, reclaiming 93,589 pages; node balance (4.8+)
 * 21 passes, 31 ms, 74,786 pages (since background writeback stops under
 * its threshold: 983 passes, 44 ms, 83,203 pages against 21, 31 ms,
 * 74,865).  The reports' spin (kswapd at 100 %
 * for minutes on 4.4) is not reproduced: kswapd still sleeps between
 * dd's bursts here.
 */
static void test_kswapd_balance_4_5(void **state)
{
	static const char *const zones[] = { "policy.kernel=4.5", "policy.kswapd_balance=zones",
					     NULL };
	static const char *const node[] = { "policy.kernel=4.5", "policy.kswapd_balance=node",
					    NULL };
	const char *path = "scenarios/kswapd-small-normal.ini";
	struct sim *sim = test_sim_run_file(path, zones);

	assert_int_equal(test_vmstat(sim, "pageoutrun"), 983);
	assert_int_equal(test_vmstat(sim, "pgsteal_kswapd"), 83203);
	assert_int_equal(kswapd_cpu_ms(sim), 44);
	sim_destroy(sim);

	sim = test_sim_run_file(path, node);
	assert_int_equal(test_vmstat(sim, "pageoutrun"), 21);
	assert_int_equal(test_vmstat(sim, "pgsteal_kswapd"), 74865);
	assert_int_equal(kswapd_cpu_ms(sim), 31);
	sim_destroy(sim);
	(void)state;
}

/*
 * kswapd on a node it cannot reclaim, 4.10 against 4.11
 * (scenarios/kswapd-busyloop-4.10-vs-4.11.ini, jitter off): a 1 GiB
 * arm64 node of one zone, anon holding it between its low and high
 * watermarks with no swap, a driver allocating 1,000 pages from 1 s.
 * 4.11's kswapd_failures (Johannes Weiner, c73322d098e4): 16 fruitless
 * balances in 60 us, then kswapd sleeps and the allocations' wake-ups
 * leave it asleep.  4.8..4.10's node kswapd (pgdat_reclaimable), whose
 * sleep test asks only for the watermarks: it never sleeps again, 164,336
 * balances and 611 ms of CPU in the 0.61 s from its wake-up at 1.36 s to
 * the end, reclaiming nothing.  The zone-based rule (all_unreclaimable,
 * a node given up on counts as balanced) naps between the allocations'
 * wake-ups: 626 balances, 0 ms.
 */
/* @file run with [policy] @key = @v, its kswapd's figures printed */
static struct sim *run_kswapd_policy(const char *file, const char *key, const char *v)
{
	char set[64];
	const char *const sets[] = { set, NULL };
	struct sim *sim;

	snprintf(set, sizeof(set), "policy.%s=%s", key, v);
	sim = test_sim_run_file(file, sets);
	print_message("%s: pageoutrun %llu, kswapd %llu ms\n", v,
		      (unsigned long long)test_vmstat(sim, "pageoutrun"),
		      (unsigned long long)kswapd_cpu_ms(sim));
	return sim;
}

static void assert_busyloop(const char *v, u64 passes, u64 failed_sleeps, u64 cpu_ms)
{
	struct sim *sim = run_kswapd_policy("scenarios/kswapd-busyloop-4.10-vs-4.11.ini",
					    "zone_unreclaimable", v);

	assert_int_equal(test_vmstat(sim, "pageoutrun"), passes);
	assert_int_equal(test_vmstat(sim, "kswapd_high_wmark_hit_quickly"), failed_sleeps);
	assert_int_equal(kswapd_cpu_ms(sim), cpu_ms);
	assert_int_equal(test_vmstat(sim, "pgscan_kswapd"), 0);
	assert_int_equal(test_vmstat(sim, "pgscan_direct"), 0);
	assert_int_equal(zone_page_state(&sim->nodes[0].node_zones[ZONE_DMA], NR_FREE_PAGES), 6394);
	sim_destroy(sim);
}

static void test_kswapd_busyloop(void **state)
{
	assert_busyloop("kswapd_failures", 16, 15, 0);
	assert_busyloop("pgdat_reclaimable", 164336, 164335, 611);
	assert_busyloop("all_unreclaimable", 626, 0, 0);
	(void)state;
}

/*
 * 4.4's zone-based kswapd with a Normal zone of 9 pages (Ubuntu bug
 * 1518457's Xen guests; scenarios/kswapd-tiny-normal-4.4-vs-4.8.ini,
 * jitter off): a reader streaming at 40 MiB/s, no swap.  4.5's balance
 * (kswapd_balance = zones) never lets kswapd sleep for good: 271 failed
 * sleep tests, 4,746 sweeps; 4.8's node balance 75 and 150.  A measured
 * no: kswapd's CPU is 122.5 ms against 117.8 for 284,814 / 280,442 pages,
 * since each balance of Normal ends within microseconds, before the
 * reader takes the page it freed, and kswapd naps HZ/10.
 */
static void assert_tiny_normal(const char *v, u64 passes, u64 failed_sleeps, u64 steal, u64 cpu_ms)
{
	struct sim *sim = run_kswapd_policy("scenarios/kswapd-tiny-normal-4.4-vs-4.8.ini",
					    "kswapd_balance", v);

	assert_int_equal(test_vmstat(sim, "pageoutrun"), passes);
	assert_int_equal(test_vmstat(sim, "kswapd_high_wmark_hit_quickly"), failed_sleeps);
	assert_int_equal(test_vmstat(sim, "pgsteal_kswapd"), steal);
	assert_int_equal(kswapd_cpu_ms(sim), cpu_ms);
	sim_destroy(sim);
}

static void test_kswapd_tiny_normal(void **state)
{
	assert_tiny_normal("zones", 4746, 271, 284814, 122);
	assert_tiny_normal("node", 150, 75, 280442, 117);
	(void)state;
}

/*
 * shrink_zone's bail-out (2.6.29, a79311c14eae): 2.6.25's shrink_zone
 * scans the whole count it took at each priority, however much it has
 * reclaimed, so a direct reclaimer that gets below DEF_PRIORITY frees
 * many times the SWAP_CLUSTER_MAX it needs; with the bail-out it stops a
 * round once it has them.  Four tasks filling 96 MiB of anon on a 64 MiB
 * 2.6.25 machine with swap: without the bail-out 424 direct reclaims
 * take 22,295 pages (52.6 a call), with it 507 take 20,609 (40.6).
 */
static void assert_shrink_bail(const char *v, u64 stalls, u64 steal)
{
	char ini[512];
	struct sim *sim;

	snprintf(ini, sizeof(ini),
		 "[machine]\ncpus = 4\nmemory = 64M\nswap = 256M\n"
		 "[policy]\nkernel = 2.6.25\nreclaim_throttle = none\nshrink_bail = %s\n"
		 "[workload fill]\ntype = anon_fill\ntasks = 4\nsize = 24M\npasses = 1\n"
		 "[run]\nduration = 20s\n",
		 v);
	sim = test_sim_from_text(NULL, "test.ini", ini);
	sim_run(sim);
	print_message("%s: direct reclaims %llu, pgsteal_direct %llu\n", v,
		      (unsigned long long)sim->reclaim.allocstall_order[0],
		      (unsigned long long)test_vmstat(sim, "pgsteal_direct"));
	assert_int_equal(sim->reclaim.allocstall_order[0], stalls);
	assert_int_equal(test_vmstat(sim, "pgsteal_direct"), steal);
	sim_destroy(sim);
}

static void test_shrink_bail(void **state)
{
	assert_shrink_bail("none", 424, 22295);
	assert_shrink_bail("nr_to_reclaim", 507, 20609);
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_swappiness_zero),
		cmocka_unit_test(test_swappiness_zero_text_oom),
		cmocka_unit_test(test_vm_exec_activation),
		cmocka_unit_test(test_mapped_use_once),
		cmocka_unit_test(test_refault_activation),
		cmocka_unit_test(test_text_livelock),
		cmocka_unit_test(test_noprogress_throttle),
		cmocka_unit_test(test_memcg_high_penalty_once),
		cmocka_unit_test(test_zoneinfo_scanned),
		cmocka_unit_test(test_memcg_writeback_wait),
		cmocka_unit_test(test_compact_free_stride),
		cmocka_unit_test(test_kswapd_nap_3_8),
		cmocka_unit_test(test_kswapd_sleep_zones),
		cmocka_unit_test(test_kswapd_balance_4_5),
		cmocka_unit_test(test_kswapd_slab_spin),
		cmocka_unit_test(test_kswapd_busyloop),
		cmocka_unit_test(test_kswapd_tiny_normal),
		cmocka_unit_test(test_shrink_bail),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

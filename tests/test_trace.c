// SPDX-License-Identifier: MIT
/*
 * test_trace.c - the vmscan tracepoints (src/mm/trace_vmscan.c) and
 * trace-report, the C trace-vmscan-postprocess.pl (src/report/
 * trace_report.c): the events a small deterministic run emits, checked
 * against the counters the same code paths keep (each begin has its end,
 * every isolation's nr_scanned adds up to pgscan, every writepage is an
 * nr_vmscan_write); the two format sets and the wakeup_kswapd placement
 * by profile; determinism; the report's arithmetic on a hand-made trace
 * (tests/data/trace-*.txt) and its errors; the event filter.
 */
#include <math.h>

#include "testsim.h"
#include "mm/trace_vmscan.h"
#include "report/trace_report.h"

/* |@a - @b| <= @eps (old cmocka has no assert_double_equal) */
#define assert_near(a, b, eps) assert_true(fabs((a) - (b)) <= (eps))

/* 64 MiB, 64 MiB swap: a 72 MiB fill reclaims, kswapd and direct; a
 * 24 MiB fill in a 16 MiB group reclaims the group's pages */
static const char ini[] = "[machine]\n"
			  "cpus = 2\n"
			  "memory = 64M\n"
			  "swap = 64M\n"
			  "[policy]\n"
			  "cgroup = v1\n"
			  "[cgroup box]\n"
			  "limit = 16M\n"
			  "[workload fill]\n"
			  "type = anon_fill\n"
			  "size = 72M\n"
			  "passes = 2\n"
			  "[workload boxed]\n"
			  "type = anon_fill\n"
			  "cgroup = box\n"
			  "size = 24M\n"
			  "[run]\n"
			  "seed = 3\n"
			  "duration = 30s\n";

/*
 * A traced run: the trace's text, split into lines (each NUL-terminated:
 * ASan's strstr measures the whole haystack, so a search runs per line).
 */
struct traced {
	char *text;
	size_t len;
	char **lines;
	size_t nr_lines;
	struct sim *sim;
	u64 dropped; /* events past the size cap */
};

/* Split t->text at its newlines into t->lines. */
static void split_lines(struct traced *t)
{
	size_t n = 0;

	for (char *p = t->text; (p = memchr(p, '\n', t->len - (size_t)(p - t->text))); p++)
		n++;
	t->lines = malloc((n + 1) * sizeof(*t->lines));
	assert_non_null(t->lines);
	t->nr_lines = 0;
	for (char *p = t->text, *nl; (nl = memchr(p, '\n', t->len - (size_t)(p - t->text)));
	     p = nl + 1) {
		*nl = '\0';
		t->lines[t->nr_lines++] = p;
	}
}

/*
 * Run @ini (with @set applied when not NULL) traced with @events, at most
 * @cap bytes (0: all); @early 0 or 1 overrides the profile's
 * wakeup_kswapd placement.  The sim stays.
 */
static void run_traced_early(struct traced *t, const char *set, unsigned int events, u64 cap,
			     int early)
{
	struct scenario *s = calloc(1, sizeof(*s));
	char err[SCN_ERR_LEN] = "";
	struct vmscan_trace tr;
	FILE *f;

	assert_non_null(s);
	if (scenario_load_string(s, "trace.ini", ini, err, sizeof(err)) ||
	    scenario_set(s, TEST_NO_JITTER, err, sizeof(err)) ||
	    (set && scenario_set(s, set, err, sizeof(err))))
		fail_msg("%s", err);
	t->sim = test_sim_create(NULL, s);
	f = open_memstream(&t->text, &t->len);
	assert_non_null(f);
	vmscan_trace_start(t->sim, &tr, f, events, cap);
	if (early >= 0)
		tr.wakeup_early = early;
	assert_int_equal(sim_run(t->sim), 0);
	vmscan_trace_stop(t->sim);
	assert_null(t->sim->trace);
	fclose(f);
	t->dropped = tr.dropped;
	split_lines(t);
}

/* run_traced_early with the profile's placement */
static void run_traced(struct traced *t, const char *set, unsigned int events, u64 cap)
{
	run_traced_early(t, set, events, cap, -1);
}

static void traced_free(struct traced *t)
{
	free(t->lines);
	free(t->text);
	sim_destroy(t->sim);
}

/* @line holds @pat; a final '\n' in @pat means "at the end of the line" */
static bool line_has(const char *line, const char *pat)
{
	size_t n = strlen(pat), l;

	if (!n || pat[n - 1] != '\n')
		return strstr(line, pat) != NULL;
	l = strlen(line);
	return l >= n - 1 && !strncmp(line + l - (n - 1), pat, n - 1);
}

/* Lines of @t holding @pat. */
static unsigned long count_lines(const struct traced *t, const char *pat)
{
	unsigned long n = 0;

	for (size_t i = 0; i < t->nr_lines; i++)
		n += line_has(t->lines[i], pat);
	return n;
}

static bool has_line(const struct traced *t, const char *pat)
{
	return count_lines(t, pat) > 0;
}

/* Lines of @t with event @name (": name: "). */
static unsigned long count_event(const struct traced *t, const char *name)
{
	char pat[96];

	snprintf(pat, sizeof(pat), ": %s: ", name);
	return count_lines(t, pat);
}

/* Sum of the numeric field NAME= over the lines of event @event. */
static unsigned long long sum_field(const struct traced *t, const char *event, const char *name)
{
	char pat[96], fld[64], first[64];
	unsigned long long sum = 0;

	snprintf(pat, sizeof(pat), ": %s: ", event);
	snprintf(fld, sizeof(fld), " %s=", name);
	snprintf(first, sizeof(first), ": %s=", name); /* the field may open the details */
	for (size_t i = 0; i < t->nr_lines; i++) {
		const char *f;

		if (!strstr(t->lines[i], pat))
			continue;
		f = strstr(t->lines[i], fld);
		if (!f)
			f = strstr(t->lines[i], first);
		assert_non_null(f);
		sum += strtoull(strchr(f, '=') + 1, NULL, 0);
	}
	return sum;
}

static u64 node_stat_sum(struct sim *sim, enum node_stat_item item)
{
	u64 v = 0;

	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		v += (u64)node_page_state(&sim->nodes[n], item);
	return v;
}

/*
 * Each task's direct and memcg reclaims open and close in turn, as
 * try_to_free_pages / try_to_free_mem_cgroup_pages nest them.
 */
static void check_pairs(const struct traced *t, const char *begin, const char *end,
			unsigned long *n)
{
	int open_pid[64] = { 0 };
	int nr_open = 0;

	*n = 0;
	for (size_t l = 0; l < t->nr_lines; l++) {
		const char *line = t->lines[l];
		const char *br = strstr(line, " [");
		const char *ev = strstr(line, ": mm_");
		const char *dash;
		int pid;
		bool is_begin, is_end;

		if (*line == '#' || !br || !ev)
			continue;
		ev += 2;
		is_begin = !strncmp(ev, begin, strlen(begin)) && ev[strlen(begin)] == ':';
		is_end = !strncmp(ev, end, strlen(end)) && ev[strlen(end)] == ':';
		if (!is_begin && !is_end)
			continue;
		dash = br;
		while (dash > line && dash[-1] != '-')
			dash--;
		pid = atoi(dash);
		if (is_begin) {
			for (int i = 0; i < nr_open; i++)
				assert_int_not_equal(open_pid[i], pid); /* no nesting */
			assert_true(nr_open < 64);
			open_pid[nr_open++] = pid;
			(*n)++;
		} else {
			int i = 0;

			while (i < nr_open && open_pid[i] != pid)
				i++;
			assert_true(i < nr_open); /* an end closes that task's begin */
			open_pid[i] = open_pid[--nr_open];
		}
	}
	assert_int_equal(nr_open, 0);
}

/* v6.12 formats: every event, in step with the counters of the same paths */
/*
 * The event lines' timestamps never go back, across tasks too: ftrace
 * merges its per-CPU buffers by time, and the model's reorder buffer
 * writes a line only once no task can emit an earlier one.
 */
static void check_time_order(const struct traced *t)
{
	unsigned long long last = 0;

	for (size_t l = 0; l < t->nr_lines; l++) {
		const char *br = strstr(t->lines[l], "] ");
		unsigned long long sec, usec;

		if (t->lines[l][0] == '#')
			continue;
		assert_non_null(br);
		br += 2;
		while (*br == ' ')
			br++;
		if (sscanf(br, "%llu.%llu:", &sec, &usec) != 2)
			fail_msg("no timestamp: %s", t->lines[l]);
		if (sec * 1000000 + usec < last)
			fail_msg("line %zu goes back in time: %s", l + 1, t->lines[l]);
		last = sec * 1000000 + usec;
	}
}

static void test_trace_counts_modern(void **state)
{
	struct traced t;
	unsigned long direct, memcg;
	u64 allocstall = 0;

	SLOW_TEST();
	run_traced(&t, NULL, TRACE_ALL_EVENTS, 0);
	assert_true(has_line(&t, "# tracer: nop\n"));
	check_time_order(&t);
	check_pairs(&t, "mm_vmscan_direct_reclaim_begin", "mm_vmscan_direct_reclaim_end", &direct);
	check_pairs(&t, "mm_vmscan_memcg_reclaim_begin", "mm_vmscan_memcg_reclaim_end", &memcg);
	for (int z = ZONE_DMA; z <= ZONE_MOVABLE; z++)
		allocstall += t.sim->vm_events[ALLOCSTALL_DMA + z];
	assert_true(direct > 0);
	assert_int_equal(direct, allocstall);
	assert_true(memcg > 0);
	/* every isolation's nr_scanned: the scans pgscan and pgrefill count */
	assert_int_equal(sum_field(&t, "mm_vmscan_lru_shrink_inactive", "nr_scanned"),
			 t.sim->vm_events[PGSCAN_ANON] + t.sim->vm_events[PGSCAN_FILE]);
	assert_true(sum_field(&t, "mm_vmscan_lru_isolate", "nr_scanned") >=
		    t.sim->vm_events[PGSCAN_ANON] + t.sim->vm_events[PGSCAN_FILE]);
	assert_int_equal(sum_field(&t, "mm_vmscan_lru_shrink_inactive", "nr_reclaimed"),
			 t.sim->vm_events[PGSTEAL_ANON] + t.sim->vm_events[PGSTEAL_FILE]);
	/* v6.0+: mm_vmscan_write_folio, always ASYNC, pfn in hex */
	assert_int_equal(count_event(&t, "mm_vmscan_write_folio"),
			 node_stat_sum(t.sim, NR_VMSCAN_WRITE));
	assert_int_equal(count_event(&t, "mm_vmscan_writepage"), 0);
	assert_false(has_line(&t, "RECLAIM_WB_SYNC"));
	assert_true(has_line(&t, " pfn=0x"));
	/* kswapd: a wake before every balance_pgdat, the first one too */
	assert_int_equal(count_event(&t, "mm_vmscan_kswapd_wake"), t.sim->vm_events[PAGEOUTRUN]);
	assert_true(count_event(&t, "mm_vmscan_wakeup_kswapd") > 0);
	assert_true(has_line(&t, "mm_vmscan_direct_reclaim_begin: order=0 gfp_flags=GFP_"));
	assert_true(has_line(&t, "mm_vmscan_memcg_reclaim_begin: order=0 "
				 "gfp_flags=GFP_HIGHUSER_MOVABLE\n"));
	traced_free(&t);
}

/* A profile before 2.6.37: the 2.6.36 formats and the early wakeup_kswapd */
static void test_trace_formats_2_6_32(void **state)
{
	struct traced t, m;

	SLOW_TEST();
	run_traced(&t, "policy.kernel=2.6.32", TRACE_ALL_EVENTS, 0);
	run_traced(&m, "policy.kernel=3.10", TRACE_ALL_EVENTS, 0);
	assert_int_equal(count_event(&t, "mm_vmscan_write_folio"), 0);
	assert_int_equal(count_event(&t, "mm_vmscan_writepage"),
			 node_stat_sum(t.sim, NR_VMSCAN_WRITE));
	assert_true(has_line(&t, "flags=RECLAIM_WB_ANON|RECLAIM_WB_ASYNC\n"));
	assert_true(has_line(&t, "mm_vmscan_direct_reclaim_begin: order=0 may_writepage=1 "
				 "gfp_flags=GFP_"));
	assert_true(has_line(&t, " contig_taken=0 contig_dirty=0 contig_failed=0\n"));
	assert_true(has_line(&t, "mm_vmscan_wakeup_kswapd: nid=0 zid="));
	/* kswapd, woken again and again, never sleeps long in this run */
	assert_true(has_line(&t, "mm_vmscan_kswapd_wake: nid=0 order=0\n"));
	/* 3.10: v6.12's formats (3.5+) */
	assert_int_equal(count_event(&m, "mm_vmscan_writepage"), 0);
	assert_true(has_line(&m, "mm_vmscan_wakeup_kswapd: nid=0 order=0 gfp_flags="));
	traced_free(&t);
	traced_free(&m);
}

/* 2.6.35 (seed 003's kernels): writepage as the June 2010 posting printed it */
static void test_trace_formats_2010_06(void **state)
{
	struct traced t;

	SLOW_TEST();
	run_traced(&t, "policy.kernel=2.6.35", TRACE_ALL_EVENTS, 0);
	assert_int_equal(count_event(&t, "mm_vmscan_writepage"),
			 node_stat_sum(t.sim, NR_VMSCAN_WRITE));
	assert_true(count_event(&t, "mm_vmscan_writepage") > 0);
	/* every one: "page=%p pfn=%lu sync_io=%d" */
	assert_int_equal(count_lines(&t, " sync_io="), count_event(&t, "mm_vmscan_writepage"));
	assert_true(has_line(&t, " sync_io=0\n"));
	assert_true(has_line(&t, " contig_taken=0 contig_dirty=0 contig_failed=0\n"));
	traced_free(&t);
}

/*
 * The same run with wakeup_kswapd traced at its two places: before the
 * asleep test (2.6.36.0) it also fires for requests kswapd, awake
 * already, never saw; the late place only for real wakes.  Tracing
 * changes nothing else: the other events are the same.
 */
static void test_trace_wakeup_placement(void **state)
{
	struct traced early, late;
	unsigned long n_early, n_late;

	SLOW_TEST();
	run_traced_early(&early, "policy.kernel=2.6.32", TRACE_ALL_EVENTS, 0, 1);
	run_traced_early(&late, "policy.kernel=2.6.32", TRACE_ALL_EVENTS, 0, 0);
	n_early = count_event(&early, "mm_vmscan_wakeup_kswapd");
	n_late = count_event(&late, "mm_vmscan_wakeup_kswapd");
	assert_true(n_late > 0);
	assert_true(n_early > n_late);
	assert_int_equal(count_event(&early, "mm_vmscan_kswapd_wake"),
			 count_event(&late, "mm_vmscan_kswapd_wake"));
	assert_int_equal(count_event(&early, "mm_vmscan_lru_isolate"),
			 count_event(&late, "mm_vmscan_lru_isolate"));
	traced_free(&early);
	traced_free(&late);
}

/* Same seed, same bytes; tracing leaves the run's figures alone */
static void test_trace_deterministic(void **state)
{
	struct traced a, b;
	struct sim *plain;
	struct scenario *s;
	char err[SCN_ERR_LEN] = "";

	SLOW_TEST();
	s = calloc(1, sizeof(*s)); /* after the skip, which would leak it */
	run_traced(&a, NULL, TRACE_ALL_EVENTS, 0);
	run_traced(&b, NULL, TRACE_ALL_EVENTS, 0);
	assert_int_equal(a.len, b.len);
	assert_memory_equal(a.text, b.text, a.len);
	assert_non_null(s);
	if (scenario_load_string(s, "trace.ini", ini, err, sizeof(err)) ||
	    scenario_set(s, TEST_NO_JITTER, err, sizeof(err)))
		fail_msg("%s", err);
	plain = test_sim_create(NULL, s);
	assert_int_equal(sim_run(plain), 0);
	assert_int_equal(plain->eng.now, a.sim->eng.now);
	assert_memory_equal(plain->vm_events, a.sim->vm_events, sizeof(plain->vm_events));
	sim_destroy(plain);
	traced_free(&a);
	traced_free(&b);
}

/* The filter and the size cap */
static void test_trace_filter_and_cap(void **state)
{
	struct traced t;
	unsigned int mask;
	char err[256];

	assert_int_equal(vmscan_trace_parse_events("mm_vmscan_kswapd_*", &mask, err, sizeof(err)),
			 0);
	assert_int_equal(mask, (1u << TRACE_KSWAPD_WAKE) | (1u << TRACE_KSWAPD_SLEEP));
	assert_int_equal(vmscan_trace_parse_events(
				 "vmscan:mm_vmscan_write_folio,mm_vmscan_direct_reclaim_end", &mask,
				 err, sizeof(err)),
			 0);
	assert_int_equal(mask, (1u << TRACE_WRITEPAGE) | (1u << TRACE_DIRECT_RECLAIM_END));
	assert_int_equal(vmscan_trace_parse_events("vmscan:*", &mask, err, sizeof(err)), 0);
	assert_int_equal(mask, TRACE_ALL_EVENTS);
	assert_int_equal(vmscan_trace_parse_events("mm_vmscan_kswapd_wake,mm_vmscan_bogus", &mask,
						   err, sizeof(err)),
			 -1);
	assert_string_equal(err, "mm_vmscan_bogus: no such vmscan event");
	assert_int_equal(
		vmscan_trace_parse_events("mm_vmscan_kswapd_wake,,x", &mask, err, sizeof(err)), -1);
	assert_string_equal(err, "'': expected an event name or glob");

	SLOW_TEST();
	run_traced(&t, NULL, (1u << TRACE_KSWAPD_WAKE) | (1u << TRACE_KSWAPD_SLEEP), 1000);
	assert_true(t.dropped > 0);
	assert_int_equal(count_event(&t, "mm_vmscan_lru_isolate"), 0);
	assert_true(count_event(&t, "mm_vmscan_kswapd_wake") > 0);
	/* the header, the event lines under 1000 bytes, the note */
	assert_true(t.len < 1000 + 400);
	assert_true(has_line(&t, "# reclaimsim: trace cut at the --trace-size cap of 1000 "
				 "bytes: "));
	traced_free(&t);
}

/* ---- trace-report ---- */

static struct trace_report *report_of(const char *rel, char *err, size_t errlen, int *rc)
{
	struct trace_report *r = trace_report_new();
	FILE *f = fopen(test_path(rel), "r");

	assert_non_null(r);
	assert_non_null(f);
	*rc = trace_report_parse(r, f, rel, err, errlen);
	fclose(f);
	return r;
}

static char *print_report(const struct trace_report *r)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	trace_report_print(f, r);
	fclose(f);
	return text;
}

/*
 * tests/data/trace-hand.txt: two direct reclaimers, kswapd0 with a wake,
 * a re-wake, a sleep, a second wake left open; an allocator that only
 * requested wakeups.  The figures are worked out in the file's comments.
 */
static void test_report_arithmetic(void **state)
{
	char err[256];
	int rc;
	struct trace_report *r = report_of("tests/data/trace-hand.txt", err, sizeof(err), &rc);
	struct trace_summary s;
	char *text;

	assert_int_equal(rc, 0);
	trace_report_summary(r, &s);
	assert_true(s.have_direct && s.have_kswapd);
	assert_int_equal(s.direct_reclaims, 3);
	assert_int_equal(s.direct_scanned, 32 + 64 + 20); /* active-list scans too */
	assert_int_equal(s.direct_sync, 1);
	assert_int_equal(s.direct_async, 2);
	assert_int_equal(s.wakeup_kswapd, 2); /* "dd-30" never reclaimed: its 5 are not summed */
	assert_near(s.direct_stall, (1.5 + 0.25 + 10.0) / 1000, 1e-12);
	assert_int_equal(s.kswapd_wakeups, 2);
	assert_int_equal(s.kswapd_scanned, 500);
	assert_int_equal(s.kswapd_sync, 0);
	assert_int_equal(s.kswapd_async, 3);
	assert_near(s.kswapd_awake, 100.0 / 1000, 1e-12); /* the open period: not counted */
	text = print_report(r);
	assert_string_equal(
		text,
		"\n"
		"Reclaim latencies expressed as order-latency_in_ms\n"
		"cc1-20      9-1.5 0-0.25 \n"
		"kswapd0-1   3-100 \n"
		"make-21     0-10 \n"
		"\n"
		"Process       Direct     Wokeup      Pages      Pages    Pages     Time         \n"
		"details        Rclms     Kswapd    Scanned    Sync-IO ASync-IO  Stalled         \n"
		"cc1-20             2          2         96          1        2    0.002      direct-0=1 direct-9=1       wakeup-9=2       contig-dirty=4 \n"
		"make-21            1          0         20          0        0    0.010      direct-0=1 \n"
		"\n"
		"Kswapd        Kswapd      Order      Pages      Pages    Pages         \n"
		"Instance     Wakeups  Re-wakeup    Scanned    Sync-IO ASync-IO         \n"
		"kswapd0-1          2          1        500          0        3      wake-0=1 wake-3=1       rewake-3=1 \n"
		"\n"
		"Summary\n"
		"Direct reclaims:     \t\t3\n"
		"Direct reclaim pages scanned:\t116\n"
		"Direct reclaim write sync I/O:\t1\n"
		"Direct reclaim write async I/O:\t2\n"
		"Wake kswapd requests:\t\t2\n"
		"Time stalled direct reclaim: \t0.01 ms\n"
		"\n"
		"Kswapd wakeups:\t\t\t2\n"
		"Kswapd pages scanned:\t\t500\n"
		"Kswapd reclaim write sync I/O:\t0\n"
		"Kswapd reclaim write async I/O:\t3\n"
		"Time kswapd awake:\t\t0.10 ms\n");
	free(text);
	trace_report_free(r);
}

/*
 * --ignore-pid (tests/data/trace-ignore-pid.txt), checked against the June
 * 2010 script taking the processes in name order: the three cc1 processes
 * are one; cc1-30's three wake-up requests count now that the name
 * reclaimed directly (per pid they do not); cc1-31's 8 ms latency
 * overwrites cc1-20's first 1 ms (aggregate_perprocesspid's index quirk):
 * 8 + 2 ms stalled, not 11.
 */
static void test_report_ignore_pid(void **state)
{
	char err[256];
	int rc;
	struct trace_report *r =
		report_of("tests/data/trace-ignore-pid.txt", err, sizeof(err), &rc);
	struct trace_summary s;
	char *text;

	assert_int_equal(rc, 0);
	trace_report_summary(r, &s);
	assert_int_equal(s.direct_reclaims, 3);
	assert_int_equal(s.wakeup_kswapd, 0);
	assert_int_equal(s.direct_sync, 1);
	assert_int_equal(s.direct_async, 1);
	assert_near(s.direct_stall, (1.0 + 2.0 + 8.0) / 1000, 1e-12);
	trace_report_set_ignore_pid(r, true);
	trace_report_summary(r, &s);
	assert_int_equal(s.direct_reclaims, 3);
	assert_int_equal(s.wakeup_kswapd, 3);
	assert_near(s.direct_stall, (8.0 + 2.0) / 1000, 1e-12);
	text = print_report(r);
	assert_string_equal(
		text,
		"\n"
		"Process    Direct     Wokeup      Pages      Pages    Pages     Time         \n"
		"details     Rclms     Kswapd    Scanned    Sync-IO ASync-IO  Stalled         \n"
		"cc1             3          3          0          1        1    0.010      direct-0=3       wakeup-0=3 \n"
		"\n"
		"Kswapd     Kswapd      Order      Pages      Pages    Pages         \n"
		"Instance  Wakeups  Re-wakeup    Scanned    Sync-IO ASync-IO         \n"
		"\n"
		"Summary\n"
		"Direct reclaims:     \t\t3\n"
		"Direct reclaim pages scanned:\t0\n"
		"Direct reclaim write sync I/O:\t1\n"
		"Direct reclaim write async I/O:\t1\n"
		"Wake kswapd requests:\t\t3\n"
		"Time stalled direct reclaim: \t0.01 ms\n"
		"\n"
		"Kswapd wakeups:\t\t\t\n"
		"Kswapd pages scanned:\t\t\n"
		"Kswapd reclaim write sync I/O:\t\n"
		"Kswapd reclaim write async I/O:\t\n"
		"Time kswapd awake:\t\t0.00 ms\n");
	free(text);
	trace_report_free(r);
}

/* No direct reclaimer: the script's undefined totals print empty */
static void test_report_empty(void **state)
{
	struct trace_report *r = trace_report_new();
	FILE *f = fmemopen((void *)"# tracer: nop\n\n", 15, "r");
	char err[64], *text;

	assert_non_null(f);
	assert_int_equal(trace_report_parse(r, f, "empty", err, sizeof(err)), 0);
	fclose(f);
	text = print_report(r);
	assert_non_null(strstr(text, "Direct reclaims:     \t\t\n"));
	assert_non_null(strstr(text, "Time stalled direct reclaim: \t0.00 ms\n"));
	assert_non_null(strstr(text, "Kswapd wakeups:\t\t\t\n"));
	free(text);
	trace_report_free(r);
}

/* Bad lines: FILE:LINE and what is wrong */
static void test_report_errors(void **state)
{
	static const struct {
		const char *text, *msg;
	} cases[] = {
		{ "# c\nnot a trace line\n",
		  "bad:2: not an ftrace event line (TASK-PID [CPU] SECS.USECS: EVENT: FIELDS)" },
		{ "  cc1-20 [000] 1.000000: mm_vmscan_direct_reclaim_begin: may_writepage=1\n",
		  "bad:1: mm_vmscan_direct_reclaim_begin: no order= field" },
		{ "  kswapd0-1 [001] 1.000000: mm_vmscan_writepage: page=ffff pfn=1\n",
		  "bad:1: mm_vmscan_writepage: no flags= or sync_io= field" },
		{ "  cc1 [000] 1.000000: mm_vmscan_kswapd_sleep: nid=0\n",
		  "bad:1: not an ftrace event line (TASK-PID [CPU] SECS.USECS: EVENT: FIELDS)" },
		{ "  cc1-2 [000] 1.000000 mm_vmscan_kswapd_sleep: nid=0\n",
		  "bad:1: not an ftrace event line (TASK-PID [CPU] SECS.USECS: EVENT: FIELDS)" },
		{ "  cc1-2 [000] 1.0: mm_vmscan_lru_isolate: nr_scanned=x\n",
		  "bad:1: mm_vmscan_lru_isolate: nr_scanned=x: not a decimal number (valid 0..18446744073709551615)" },
		/* strict numbers: no sign, no hex, no wrap */
		{ "  cc1-2 [000] 1.0: mm_vmscan_lru_isolate: nr_scanned=-5\n",
		  "bad:1: mm_vmscan_lru_isolate: nr_scanned=-5: not a decimal number (valid 0..18446744073709551615)" },
		{ "  cc1-2 [000] 1.0: mm_vmscan_lru_isolate: nr_scanned=0x10\n",
		  "bad:1: mm_vmscan_lru_isolate: nr_scanned=0x10: not a decimal number (valid 0..18446744073709551615)" },
		{ "  cc1-2 [000] 1.0: mm_vmscan_lru_isolate: nr_scanned=\n",
		  "bad:1: mm_vmscan_lru_isolate: nr_scanned=: not a decimal number (valid 0..18446744073709551615)" },
		{ "  cc1-2 [000] 1.0: mm_vmscan_lru_isolate: nr_scanned=18446744073709551616\n",
		  "bad:1: mm_vmscan_lru_isolate: nr_scanned=18446744073709551616: more than 18446744073709551615 (valid 0..18446744073709551615)" },
		{ "  cc1-2 [000] 1.0: mm_vmscan_lru_isolate: nr_scanned=1 contig_dirty=+1\n",
		  "bad:1: mm_vmscan_lru_isolate: contig_dirty=+1: not a decimal number (valid 0..18446744073709551615)" },
		{ "  cc1-2 [000] 1.0: mm_vmscan_direct_reclaim_begin: order=-1\n",
		  "bad:1: mm_vmscan_direct_reclaim_begin: order=-1: not a decimal number (valid 0..2147483647)" },
		{ "  kswapd0-1 [000] 1.0: mm_vmscan_kswapd_wake: nid=0 order=2147483648\n",
		  "bad:1: mm_vmscan_kswapd_wake: order=2147483648: more than 2147483647 (valid 0..2147483647)" },
		{ "  kswapd0-1 [001] 1.000000: mm_vmscan_writepage: page=ffff pfn=1 sync_io=0x1\n",
		  "bad:1: mm_vmscan_writepage: sync_io=0x1: not a decimal number (valid 0..18446744073709551615)" },
		/* the sum over the trace (two processes) would pass 2^64 - 1: refused */
		{ "  cc1-2 [000] 1.0: mm_vmscan_lru_isolate: nr_scanned=18446744073709551615\n"
		  "  cc1-3 [000] 1.0: mm_vmscan_lru_isolate: nr_scanned=1\n",
		  "bad:2: mm_vmscan_lru_isolate: nr_scanned=1: the sum over the trace passes 18446744073709551615" },
		/* more decimals than 64 bits hold */
		{ "  cc1-2 [000] 1.0000000000000000001: mm_vmscan_kswapd_sleep: nid=0\n",
		  "bad:1: not an ftrace event line (TASK-PID [CPU] SECS.USECS: EVENT: FIELDS)" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct trace_report *r = trace_report_new();
		FILE *f = fmemopen((void *)cases[i].text, strlen(cases[i].text), "r");
		char err[256] = "";

		assert_non_null(f);
		assert_int_equal(trace_report_parse(r, f, "bad", err, sizeof(err)), -1);
		assert_string_equal(err, cases[i].msg);
		fclose(f);
		trace_report_free(r);
	}
}

/* Not text: a NUL byte or an endless line stops at its line, not at the end of the file */
static void test_report_binary(void **state)
{
	static const char nul[] = "# tracer: nop\n\0\0\0\n";
	static char longline[5000];
	struct trace_report *r = trace_report_new();
	FILE *f = fmemopen((void *)nul, sizeof(nul) - 1, "r");
	char err[128] = "";

	assert_non_null(f);
	assert_int_equal(trace_report_parse(r, f, "bin", err, sizeof(err)), -1);
	assert_string_equal(err, "bin:2: not a text file (contains a NUL byte)");
	fclose(f);
	memset(longline, 'x', sizeof(longline));
	f = fmemopen(longline, sizeof(longline), "r");
	assert_non_null(f);
	assert_int_equal(trace_report_parse(r, f, "long", err, sizeof(err)), -1);
	assert_string_equal(err, "long:1: line too long (at most 4096 characters)");
	fclose(f);
	trace_report_free(r);
}

/* Later kernels' lines: irq flags, v6.12 fields, the June sync_io form, record-tgid's TGID */
static void test_report_formats(void **state)
{
	static const char text[] =
		"CPU:1 [LOST 3 EVENTS]\n"
		"   dd-40   [001] d..1.   5.000000: mm_vmscan_direct_reclaim_begin: order=2 gfp_flags=GFP_KERNEL\n"
		"   dd-40   [001] .....   5.000100: mm_vmscan_lru_isolate: isolate_mode=0 classzone=3 order=2 nr_requested=32 nr_scanned=40 nr_skipped=8 nr_taken=32 lru=inactive_file\n"
		"   dd-40   [001] .....   5.000200: mm_vmscan_write_folio: page=0000 pfn=0x1f flags=RECLAIM_WB_FILE|RECLAIM_WB_ASYNC\n"
		"   dd-40   [001] .....   5.000300: mm_vmscan_writepage: page=0000 pfn=31 sync_io=1\n"
		"   dd-40   [001] .....   5.000300: mm_vmscan_lru_shrink_active: nid=0\n"
		"   dd-40   [001] .....   5.002000: mm_vmscan_direct_reclaim_end: nr_reclaimed=32\n"
		"  kswapd0-90 (   90) [002] .....   6.000000: mm_vmscan_kswapd_wake: nid=0 order=0\n"
		"  kswapd0-90 (-------) [002] .....   6.500000: mm_vmscan_kswapd_sleep: nid=0\n";
	struct trace_report *r = trace_report_new();
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	struct trace_summary s;
	char err[256] = "";

	assert_non_null(f);
	assert_int_equal(trace_report_parse(r, f, "modern", err, sizeof(err)), 0);
	fclose(f);
	trace_report_summary(r, &s);
	assert_int_equal(s.direct_reclaims, 1);
	assert_int_equal(s.direct_scanned, 40);
	assert_int_equal(s.direct_sync, 1);
	assert_int_equal(s.direct_async, 1);
	assert_near(s.direct_stall, 0.002, 1e-12);
	assert_true(s.have_kswapd);
	assert_int_equal(s.kswapd_wakeups, 1);
	assert_near(s.kswapd_awake, 0.5, 1e-12);
	trace_report_free(r);
}

/*
 * Numbers at the edges: 2^63 and the largest sum are read whole (the
 * script's Perl read them as doubles); timestamps with other than six
 * decimals are read as the decimal fractions they are.
 */
static void test_report_numbers(void **state)
{
	static const char text[] =
		"  cc1-2 [000] 1.5: mm_vmscan_direct_reclaim_begin: order=0\n"
		"  cc1-2 [000] 1.5025: mm_vmscan_lru_isolate: nr_scanned=9223372036854775808\n"
		"  cc1-2 [000] 1.5025: mm_vmscan_lru_isolate: nr_scanned=9223372036854775807\n"
		"  cc1-2 [000] 1.5025: mm_vmscan_direct_reclaim_end: nr_reclaimed=1\n"
		"  kswapd0-1 [001] 1000.123456789: mm_vmscan_kswapd_wake: nid=0 order=0\n"
		"  kswapd0-1 [001] 1000.125456789: mm_vmscan_kswapd_sleep: nid=0\n"
		"  kswapd0-1 [001] 1001.1: mm_vmscan_kswapd_wake: nid=0 order=0\n"
		"  kswapd0-1 [001] 1001.25: mm_vmscan_kswapd_sleep: nid=0\n";
	struct trace_report *r = trace_report_new();
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	struct trace_summary s;
	char err[256] = "";

	assert_non_null(f);
	assert_int_equal(trace_report_parse(r, f, "numbers", err, sizeof(err)), 0);
	fclose(f);
	trace_report_summary(r, &s);
	assert_true(s.direct_scanned == 18446744073709551615ULL);
	assert_near(s.direct_stall, 2.5 / 1000, 1e-9); /* 1.5 s to 1.5025 s */
	assert_int_equal(s.kswapd_wakeups, 2);
	assert_near(s.kswapd_awake, (2.0 + 150.0) / 1000, 1e-9); /* ns, then 1 and 2 decimals */
	trace_report_free(r);
}

/* The seed's table: label in 39 columns, 8-wide values */
static void test_summary_table(void **state)
{
	struct trace_summary s[2] = {
		{ .direct_reclaims = 4098,
		  .direct_scanned = 393664,
		  .wakeup_kswapd = 865097,
		  .kswapd_wakeups = 639,
		  .kswapd_scanned = 11123648,
		  .kswapd_async = 3595,
		  .direct_stall = 2843.74,
		  .kswapd_awake = 347.58 },
		{ .direct_reclaims = 5670 },
	};
	const char *const names[] = { "traceonly-v2r5", "nodirect-v2r5" };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	trace_summary_table(f, "simple-writeback", names, s, 2);
	fclose(f);
	assert_string_equal(text, "simple-writeback FTrace Reclaim Statistics\n"
				  "                \t\t\ttraceonly-v2r5  nodirect-v2r5\n"
				  "Direct reclaims                             4098     5670 \n"
				  "Direct reclaim pages scanned              393664        0 \n"
				  "Direct reclaim write sync I/O                  0        0 \n"
				  "Direct reclaim write async I/O                 0        0 \n"
				  "Wake kswapd requests                      865097        0 \n"
				  "Kswapd wakeups                               639        0 \n"
				  "Kswapd pages scanned                    11123648        0 \n"
				  "Kswapd reclaim write sync I/O                  0        0 \n"
				  "Kswapd reclaim write async I/O              3595        0 \n"
				  "Time stalled direct reclaim              2843.74     0.00 \n"
				  "Time kswapd awake                         347.58     0.00 \n");
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_trace_counts_modern),
		cmocka_unit_test(test_trace_formats_2_6_32),
		cmocka_unit_test(test_trace_formats_2010_06),
		cmocka_unit_test(test_trace_wakeup_placement),
		cmocka_unit_test(test_trace_deterministic),
		cmocka_unit_test(test_trace_filter_and_cap),
		cmocka_unit_test(test_report_arithmetic),
		cmocka_unit_test(test_report_ignore_pid),
		cmocka_unit_test(test_report_empty),
		cmocka_unit_test(test_report_errors),
		cmocka_unit_test(test_report_binary),
		cmocka_unit_test(test_report_formats),
		cmocka_unit_test(test_report_numbers),
		cmocka_unit_test(test_summary_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

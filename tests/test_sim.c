// SPDX-License-Identifier: MIT
/*
 * test_sim.c - scenario tests: whole simulations checked for the model's
 * invariants, determinism, OOM behaviour and the direction (and bands) of
 * what the real kernel did in shared/oracle (figures in the scenario
 * files' header comments and data/oracle/summary.json).
 */
#include <math.h>

#include "testsim.h"

static char *json_of(struct sim *sim)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	report_json(f, sim);
	fclose(f);
	return buf;
}

/* Run @a and @b to the end, compare their JSON reports (equal if @same,
 * different if not) and destroy both. */
static void assert_outputs(struct sim *a, struct sim *b, bool same)
{
	char *ja, *jb;

	sim_run(a);
	sim_run(b);
	ja = json_of(a);
	jb = json_of(b);
	if (same)
		assert_string_equal(ja, jb);
	else
		assert_true(strcmp(ja, jb) != 0);
	free(ja);
	free(jb);
	sim_destroy(a);
	sim_destroy(b);
}

/* |a - b| <= pct % of b */
static void assert_within(double a, double b, double pct, const char *what)
{
	double d = a > b ? a - b : b - a;

	if (d > b * pct / 100)
		fail_msg("%s: %.0f not within %.0f%% of %.0f", what, a, pct, b);
}

static const char mixed[] =
	"[machine]\ncpus = 2\nmemory = 48M\nzones = DMA:16M, DMA32:rest\nswap = 64M\n"
	"[cgroup box]\ncgroup = v1\nlimit = 20M\n"
	"[workload fill]\ntype = anon_fill\ncgroup = box\nsize = 28M\npasses = 2\npattern = rand\n"
	"[workload stream]\ntype = file_read\nsize = 40M\n"
	"[workload dd]\ntype = file_write\nsize = 24M\n"
	"[workload hot]\ntype = hotset_stream\nhot = 4M\nstream = 24M\nevery = 8M\n"
	"[run]\nduration = 30s\nsample_interval = 10ms\n";

struct check_state {
	unsigned long checks;
	char err[256];
	bool failed;
};

static void check_hook(struct sim *sim, void *arg)
{
	struct check_state *cs = arg;

	/* every 7th event keeps the test fast and still lands mid-reclaim */
	if (cs->failed || sim->eng.nr_events % 7)
		return;
	cs->checks++;
	if (mm_verify(sim, cs->err, sizeof(cs->err)))
		cs->failed = true;
}

/* Run @sim to the end with mm_verify() every 7th event; how many ran. */
static unsigned long run_checked(struct sim *sim)
{
	struct check_state cs = { 0 };

	sim->eng.check_hook = check_hook;
	sim->eng.check_arg = &cs;
	sim_run(sim);
	sim->eng.check_hook = NULL; /* cs ends with this call */
	sim->eng.check_arg = NULL;
	if (cs.failed)
		fail_msg("invariant broken: %s", cs.err);
	return cs.checks;
}

/* free + LRU + isolated + held = managed, and memcg usage = its pages, throughout */
static void test_invariants_throughout(void **state)
{
	SLOW_TEST();
	struct sim *sim = test_sim_from_text(NULL, "test.ini", mixed);
	char err[256];

	assert_true(run_checked(sim) > 1000);
	assert_int_equal(mm_verify(sim, err, sizeof(err)), 0);
	/* the run did reclaim of every kind it can */
	assert_true(sim->vm_events[PGSTEAL_ANON] > 0);
	assert_true(sim->vm_events[PGSTEAL_FILE] > 0);
	assert_true(sim->vm_events[PSWPOUT] > 0);
	assert_int_equal(sim->workloads_unfinished, 0);
	sim_destroy(sim);
}

static void test_same_seed_same_output(void **state)
{
	struct sim *a = test_sim_from_text(NULL, "test.ini", mixed);
	struct sim *b = test_sim_from_text(NULL, "test.ini", mixed);

	assert_outputs(a, b, true);
}

static void test_different_seed_differs(void **state)
{
	struct sim *a = test_sim_from_text(NULL, "test.ini", mixed);
	struct sim *b = test_sim_from_text(NULL, "test.ini", mixed);

	b->scn.run.seed = 2;
	rng_seed(&b->eng.rng, 2);
	assert_outputs(a, b, false);
}

/* scenarios/anonfill-fit-noswap.ini run to its end with seed @seed and @set (may be NULL). */
static struct sim *fit_run(u64 seed, const char *set)
{
	char seedset[32];
	const char *sets[] = { "run.jitter=on", seedset, set, NULL };

	snprintf(seedset, sizeof(seedset), "run.seed=%llu", (unsigned long long)seed);
	return test_sim_run_file("scenarios/anonfill-fit-noswap.ini", sets);
}

static double fit_elapsed(const struct sim *sim)
{
	return (double)(sim->workloads[0].end_ns - sim->workloads[0].start_ns);
}

/*
 * Run-to-run variation: seeds 1..3 of a CPU-bound run (96 MiB touched,
 * no reclaim) take different times, each within the band the sources
 * allow around the run without them: the CPU speed +-5 % (cpu_jitter) and
 * a few wake-ups of at most 10 us; the page counts do not move.
 */
static void test_jitter_spread_band(void **state)
{
	struct sim *ref = fit_run(1, "run.jitter=off");
	double base = fit_elapsed(ref), t[3];

	for (unsigned int i = 0; i < 3; i++) {
		struct sim *sim = fit_run(i + 1, NULL);

		t[i] = fit_elapsed(sim);
		assert_true(fabs(t[i] / base - 1) <= 0.051);
		assert_int_equal(sim->vm_events[PGFAULT], ref->vm_events[PGFAULT]);
		assert_int_equal(sim->vm_events[PGALLOC_NORMAL] + sim->vm_events[PGALLOC_DMA32],
				 ref->vm_events[PGALLOC_NORMAL] + ref->vm_events[PGALLOC_DMA32]);
		sim_destroy(sim);
	}
	assert_true(t[0] != t[1] && t[1] != t[2] && t[0] != t[2]);
	sim_destroy(ref);
}

/*
 * Each source draws from its own stream: turning one off leaves the
 * others' draws as they were (the run's CPU speed, the shuffled free
 * lists), and jitter = off turns all of them off.
 */
static void test_jitter_streams_independent(void **state)
{
	struct sim *all = fit_run(5, NULL);
	struct sim *no_io = fit_run(5, "run.io_jitter=0");
	struct sim *no_cpu = fit_run(5, "run.cpu_jitter=0");
	struct sim *off = fit_run(5, "run.jitter=off");
	const struct zone *z_all, *z_cpu;

	assert_true(all->eng.cpu_speed != 0 && all->eng.cpu_speed != 1ULL << 16);
	assert_int_equal(no_io->eng.cpu_speed, all->eng.cpu_speed);
	assert_int_equal(no_cpu->eng.cpu_speed, 0);
	assert_int_equal(off->eng.cpu_speed, 0);
	assert_int_equal(off->eng.wakeup_latency_ns, 0);
	assert_int_equal(off->eng.timer_latency_ns, 0);
	assert_false(off->eng.random_ties);
	assert_false(off->eng.random_placement);
	/* the same shuffle with or without the CPU source; not address order */
	sim_destroy(all);
	sim_destroy(no_cpu);
	all = test_sim_from_text(NULL, "t.ini", "[machine]\nmemory=1G\n[run]\nseed=5\njitter=on\n");
	no_cpu = test_sim_from_text(
		NULL, "t.ini", "[machine]\nmemory=1G\n[run]\nseed=5\njitter=on\ncpu_jitter=0\n");
	z_all = &all->nodes[0].node_zones[ZONE_DMA32];
	z_cpu = &no_cpu->nodes[0].node_zones[ZONE_DMA32];
	assert_int_equal(z_all->free_area[MAX_PAGE_ORDER].free_list[MIGRATE_MOVABLE].head,
			 z_cpu->free_area[MAX_PAGE_ORDER].free_list[MIGRATE_MOVABLE].head);
	assert_int_not_equal(z_all->free_area[MAX_PAGE_ORDER].free_list[MIGRATE_MOVABLE].head,
			     z_all->zone_start_pfn);
	sim_destroy(all);
	sim_destroy(no_cpu);
	sim_destroy(no_io);
	sim_destroy(off);
}

/*
 * The costs of a small deterministic run, exactly: 16 first touches, each
 * a minor fault (fault + zeroing + buddy allocation + charge) and a user
 * access (user_touch_cached_ns: 64 KiB is under user_touch_cache); the last step of a task counts like any other; at exit its 16
 * PTEs are zapped and their pages freed (pte_ns and free_ns each).
 */
static void test_small_run_costs_exact(void **state)
{
	struct sim *sim = test_sim_from_text(
		NULL, "test.ini",
		"[machine]\ncpus = 1\nmemory = 64M\nzones = DMA:16M, DMA32:rest\n"
		"[workload tiny]\ntype = anon_fill\nsize = 64K\npasses = 0\n");
	const struct workload_inst *wl;

	sim_run(sim);
	wl = &sim->workloads[0];
	assert_int_equal(wl->min_flt, 16);
	assert_int_equal(wl->utime_ns, 16 * 17);
	assert_int_equal(wl->stime_ns, 16 * (1236 + 211 + 150 + 50) + 16 * (226 + 68));
	assert_int_equal(wl->end_ns - wl->start_ns,
			 16 * (17 + 1236 + 211 + 150 + 50) + 16 * (226 + 68));
	assert_int_equal(sim->vm_events[PGFAULT], 16);
	assert_int_equal(sim->vm_events[PGALLOC_DMA32], 16);
	/* the pages went back at exit */
	assert_int_equal(sim->vm_events[PGFREE], 16);
	sim_destroy(sim);
}

/* dirty_ratio = 0 throttles the writer on every page but never stalls it. */
static void test_dirty_ratio_zero_progresses(void **state)
{
	struct sim *sim = test_sim_from_text(
		NULL, "test.ini",
		"[machine]\ncpus = 1\nmemory = 128M\nzones = DMA:16M, DMA32:rest\n"
		"[sysctl]\ndirty_ratio = 0\n"
		"[workload dd]\ntype = file_write\nsize = 8M\n[run]\nduration = 60s\n");

	sim_run(sim);
	assert_true(sim->workloads[0].ended);
	assert_int_equal(node_page_state(&sim->nodes[0], NR_DIRTIED), 2048);
	sim_destroy(sim);
}

/*
 * The most dirty + writeback pages seen at any event, and the dirty limit
 * then, as a writer saw it: the dirtyable memory counts file pages on the
 * LRU, so the limit dips while a reclaimer holds a batch isolated (10 %
 * of 32 pages), which no writer caused; those pages are counted back.
 */
static u64 peak_dirty, peak_thresh;

static void track_dirty(struct sim *sim, void *arg)
{
	u64 bg, thresh = global_dirty_limit(sim, &bg), isolated = 0;

	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		isolated += (u64)sim->nodes[n].vm_stat[NR_ISOLATED_FILE];
	thresh += isolated * sim->scn.sysctl.dirty_ratio / 100;
	if (sim->nr_dirty + sim->nr_writeback > peak_dirty) {
		peak_dirty = sim->nr_dirty + sim->nr_writeback;
		peak_thresh = thresh;
	}
}

/*
 * balance_dirty_pages keeps a throttled writer asleep until dirty and
 * writeback pages are back under dirty_ratio: 16 dd writers on a slow
 * disk overshoot the limit by at most a page each (before, each woke on
 * every completed write and dirtied another page, and dirty pages filled
 * memory).  The limit itself moves: it falls as memory is allocated, 3185
 * -> 3176 pages in 40 us with dirty and writeback pages unchanged (the hdd
 * preset with a head, measured), so the peak gets as much margin again.
 */
static void test_dirty_limit_many_writers(void **state)
{
	struct sim *sim = test_sim_from_text(
		state, "test.ini",
		"[machine]\ncpus = 4\nmemory = 128M\nzones = DMA:16M, DMA32:rest\ndisk_device = hdd\n"
		"[sysctl]\ndirty_ratio = 10\ndirty_background_ratio = 5\n"
		"[workload dd]\ntype = simple_writeback\njobs = 16\nmax_jobs = 16\nsize = 256M\n"
		"[run]\nduration = 20s\n");

	peak_dirty = 0;
	sim->eng.check_hook = track_dirty;
	assert_int_equal(sim_run(sim), 0);
	assert_true(sim->disk_dev.pages_written > 8192);
	assert_true(peak_dirty > peak_thresh);
	assert_true(peak_dirty <= peak_thresh + 2 * 16);
}

/* Swap-in readahead never OOM-kills for its extra pages (page-cluster 16). */
static void test_huge_page_cluster_no_oom(void **state)
{
	struct sim *sim = test_sim_from_text(
		NULL, "test.ini",
		"[machine]\ncpus = 1\nmemory = 256M\nzones = DMA:16M, DMA32:rest\nswap = 256M\n"
		"[sysctl]\npage-cluster = 16\n[cgroup box]\ncgroup = v1\nlimit = 4M\n"
		"[workload fill]\ntype = anon_fill\ncgroup = box\nsize = 8M\npasses = 2\n");

	run_checked(sim);
	assert_int_equal(sim->reclaim.oom_kills, 0);
	assert_true(sim->vm_events[PSWPIN] > 0);
	/* windows of at most 2^5 pages (SWAP_RA_ORDER_CEILING) */
	assert_true(sim->vm_events[PGMAJFAULT] * 32 >= sim->vm_events[PSWPIN]);
	sim_destroy(sim);
}

/* A reclaimer waiting for writeback mid-batch keeps its pages isolated:
 * the accounting holds at every event in a tight memcg (v1 waits). */
static void test_invariants_tight_memcg_writeback(void **state)
{
	struct sim *sim =
		test_sim_from_text(NULL, "test.ini",
				   "[machine]\nmemory = 128M\nzones = DMA:16M, DMA32:rest\n"
				   "[cgroup box]\ncgroup = v1\nlimit = 4M\n"
				   "[workload dd]\ntype = file_write\ncgroup = box\nsize = 32M\n");

	run_checked(sim);
	assert_true(sim->workloads[0].ended);
	assert_true(sim->vm_events[PGSTEAL_FILE] > 6000);
	sim_destroy(sim);
}

/*
 * Four kswapds and direct reclaimers swapping out at once: the device
 * queue bounds the writeback in flight (blk_mq_get_tag waits), so swap
 * does not fill up with pages waiting to be written and nobody is
 * OOM-killed.  Without the bound this run OOM-killed the filler with
 * 98,000 pages queued for a 500 MB/s device.
 */
static void test_writeback_bounded_by_queue(void **state)
{
	struct sim *sim =
		test_sim_from_text(NULL, "test.ini",
				   "[machine]\ncpus = 4\nnodes = 4\nmemory = 512M\nswap = 512M\n"
				   "[workload fill]\ntype = anon_fill\nsize = 600M\npasses = 1\n"
				   "[workload stream]\ntype = file_read\nsize = 256M\ncount = 2\n");

	sim_run(sim);
	assert_int_equal(sim->reclaim.oom_kills, 0);
	assert_true(sim->workloads[0].ended && sim->workloads[1].ended);
	/*
	 * what is still in flight when the last workload ends is within the
	 * tags' bound: with blk-wbt, a preempted kswapd's plug holds 24
	 * requests (kswapd's wbt limit), submitted after the run's end
	 */
	assert_true(sim->swap_dev.in_flight <= sim->swap_dev.nr_requests);
	sim_destroy(sim);
}

/* end_io of the merge test: record when each bio completed. */
static u64 merge_done_ns[4];

static void merge_test_end_io(struct sim *sim, struct bio *bio)
{
	merge_done_ns[bio->private] = sim->eng.now;
}

/*
 * Swap writes to neighbouring slots merge into the queued request (the
 * 2.6.25 elevator's back merge): on a one-slot 12 ms device (no head), a write queued
 * behind a busy request takes the latency once, the slot after it only
 * its transfer time, and both complete together; a write dispatched at
 * once, or to a slot elsewhere, is a request of its own.  The device's
 * own timing: no completion CPU.
 */
static void test_swap_writes_back_merge(void **state)
{
	struct sim *sim = test_sim_from_text(
		NULL, "test.ini",
		"[cost]\nblk_complete_ns = 0\nblk_complete_page_ns = 0\n"
		"[machine]\nmemory = 64M\nswap = 64M\nswap_latency = 12ms\nswap_depth = 1\n");
	struct blkdev *dev = &sim->swap_dev;
	u64 xfer = (u64)sim->page_size * NSEC_PER_SEC / dev->bandwidth;
	u64 sectors[4] = { 100, 101, 102, 300 }, done[4];
	struct event ev;

	for (unsigned int i = 0; i < 4; i++) {
		struct bio *bio = bio_alloc(sim, dev, REQ_OP_WRITE, merge_test_end_io);

		assert_true(bio_add_pfn(sim, bio, 0));
		bio->sector = sectors[i];
		bio->private = i;
		submit_bio(sim, dev, bio, 0);
	}
	/* 100 starts at once; 101 waits and 102 joins it; 300 does not */
	assert_int_equal(dev->nr_writes, 3);
	assert_int_equal(dev->stats[REQ_OP_WRITE].merges, 1);
	done[0] = dev->latency_ns + xfer;
	/* the merged request transfers its two pages at once */
	done[1] = done[2] =
		done[0] + dev->latency_ns + 2 * (u64)sim->page_size * NSEC_PER_SEC / dev->bandwidth;
	done[3] = done[2] + dev->latency_ns + xfer;
	while (event_pop(sim, &ev)) {
		sim->eng.now = ev.time;
		if (ev.fn == blk_end_io)
			ev.fn(sim, ev.ptr, ev.arg);
	}
	for (unsigned int i = 0; i < 4; i++)
		assert_int_equal(merge_done_ns[i], done[i]);
	assert_int_equal(dev->inflight_pages, 0);
	sim_destroy(sim);
}

/*
 * hackbench: a peer killed by the OOM killer closes its sockets; the
 * others see EOF/EPIPE and the run ends instead of waiting forever.  A
 * message bigger than the receive buffer still passes an empty queue.
 */
static void test_hackbench_ends_after_kill(void **state)
{
	struct sim *sim = test_sim_from_text(
		NULL, "test.ini",
		"[machine]\ncpus = 4\nmemory = 32M\nzones = DMA:rest\n"
		"[cgroup box]\ncgroup = v1\nlimit = 6M\n"
		"[workload hb]\ntype = hackbench\ngroups = 1\nloops = 5\nfootprint = 256K\n"
		"cgroup = box\n[run]\nduration = 30s\n");

	sim_run(sim);
	assert_true(sim->workloads[0].ended);
	assert_true(sim->reclaim.oom_kills >= 1);
	assert_int_equal((int)test_figure(&sim->workloads[0], "broken"), 1);
	sim_destroy(sim);

	sim = test_sim_from_text(
		NULL, "test.ini",
		"[machine]\ncpus = 2\nmemory = 64M\nzones = DMA:rest\n"
		"[workload hb]\ntype = hackbench\ngroups = 1\nloops = 5\nfootprint = 256K\ndatasize = 200K\n"
		"[run]\nduration = 30s\n");
	sim_run(sim);
	assert_true(sim->workloads[0].ended);
	assert_int_equal((int)test_figure(&sim->workloads[0], "broken"), 0);
	assert_true(test_figure(&sim->workloads[0], "time_s") > 0);
	sim_destroy(sim);
}

/*
 * The 40 tasks one hackbench group's parent forked, in fork order: each
 * started fork_ns or more after the one before, in @mm when that is
 * given; none past them.  Returns the last one's start.
 */
static u64 assert_forked_in_turn(struct sim *sim, struct workload_inst *wl,
				 const struct mm_struct *mm)
{
	u64 prev = 0;

	for (unsigned int k = 0; k < 40; k++) {
		struct task *c = test_forked_task(sim, wl, k);

		assert_non_null(c);
		if (mm)
			assert_ptr_equal(c->mm, mm);
		assert_true(c->start_ns >= prev + sim->scn.cost.fork_ns);
		prev = c->start_ns;
	}
	assert_null(test_forked_task(sim, wl, 40));
	return prev;
}

/*
 * hackbench's parent forks its 40 tasks one at a time (copy_process in
 * its context: each fork costs it fork_ns and the child's kernel pages),
 * so task k starts only after the parent's k-th fork, fork_ns or more
 * after task k - 1; the clock starts when the parent has read every
 * ready byte, after the last fork.
 */
static void test_hackbench_forks_in_turn(void **state)
{
	struct sim *sim = test_sim_from_text(
		NULL, "test.ini",
		"[machine]\ncpus = 2\nmemory = 256M\n"
		"[workload hb]\ntype = hackbench\ngroups = 1\nloops = 10\ntext = 0\n"
		"[run]\nduration = 10s\n");
	struct workload_inst *wl = &sim->workloads[0];
	u64 fork_ns = sim->scn.cost.fork_ns, prev;
	struct task *parent = wl->tasks[0];

	sim_run(sim);
	assert_true(wl->ended);
	assert_int_equal(wl->nr_tasks, 1); /* the parent */
	assert_int_equal(fork_ns, 446000);
	prev = assert_forked_in_turn(sim, wl, NULL);
	/* a fork: fork_ns and 21 kernel pages (84K), 150 ns each */
	assert_int_equal(test_forked_task(sim, wl, 0)->start_ns, 449150);
	assert_int_equal(prev, 17966000);
	/* 40 forks, then 40 ready bytes read, the wake-up written, the reaping */
	assert_int_equal(parent->stime_ns, 17972970);
	assert_true(parent->stime_ns >= 40 * fork_ns);
	/* the clock starts after the last fork */
	assert_int_equal((u64)(test_figure(wl, "start_s") * 1e9 + 0.5), 17972800);
	assert_true(test_figure(wl, "start_s") * 1e9 > (double)prev);
	assert_int_equal((int)test_figure(wl, "tasks"), 40);
	assert_int_equal((int)test_figure(wl, "broken"), 0);
	sim_destroy(sim);
}

/*
 * mode = thread: the parent's pthread_create calls make the threads one
 * at a time as well, each sharing the parent's mm (no dup_mm).
 */
static void test_hackbench_threads_in_turn(void **state)
{
	struct sim *sim = test_sim_from_text(
		NULL, "test.ini",
		"[machine]\ncpus = 2\nmemory = 256M\n"
		"[workload hb]\ntype = hackbench\ngroups = 1\nloops = 10\nmode = thread\n"
		"text = 0\n[run]\nduration = 10s\n");
	struct workload_inst *wl = &sim->workloads[0];
	struct mm_struct *mm = wl->tasks[0]->mm;
	u64 prev;

	assert_non_null(mm);
	sim_run(sim);
	assert_true(wl->ended);
	prev = assert_forked_in_turn(sim, wl, mm);
	assert_true(test_figure(wl, "start_s") * 1e9 > (double)prev);
	assert_int_equal((int)test_figure(wl, "broken"), 0);
	sim_destroy(sim);
}

/*
 * The children's kernel memory is the parent's fork's to allocate: when
 * it needs reclaim, the parent reclaims (direct reclaim counted on it),
 * more often than the 40 children together, whose own allocations here
 * are a page of footprint and their socket queues.
 */
static void test_hackbench_parent_reclaims(void **state)
{
	struct sim *sim = test_sim_from_text(
		NULL, "test.ini",
		"[machine]\ncpus = 2\nmemory = 64M\nzones = DMA:rest\nswap = 128M\n"
		"[workload fill]\ntype = anon_fill\nsize = 48M\npasses = 1\nthen = hold\n"
		"[workload hb]\ntype = hackbench\ngroups = 1\nloops = 10\ntext = 0\n"
		"footprint = 4K\nkernel_footprint = 512K\nstart = 2s\n"
		"[run]\nduration = 20s\n");
	struct workload_inst *wl = &sim->workloads[1];
	u64 children = 0;

	sim_run(sim);
	assert_true(wl->ended);
	assert_int_equal((int)test_figure(wl, "broken"), 0);
	for (unsigned int k = 0; k < 40; k++)
		children += mm_task(test_forked_task(sim, wl, k))->freepages_count;
	/* the parent's: the forks' 40 x 128 kernel pages */
	assert_int_equal(mm_task(wl->tasks[0])->freepages_count, 7);
	assert_true(mm_task(wl->tasks[0])->freepages_delay > 0);
	/* the children's own: their page of footprint, their socket pages */
	assert_int_equal(children, 4);
	sim_destroy(sim);
}

/* check_hook of test_hackbench_hot_pages_spread: which footprint PTEs get young again. */
struct hot_probe {
	struct task *task;
	u64 clear_ns, read_ns;
	bool cleared, read;
	u64 young; /* bit i: footprint page i was touched */
	unsigned int npages;
	long anon[40]; /* each task's anon RSS when the young bits are read */
	u64 kernel_pages; /* sim->nr_kernel_pages then */
};

static void hot_probe_hook(struct sim *sim, void *arg)
{
	struct hot_probe *p = arg;
	struct vm_area_struct *vma = NULL;

	if (p->read || sim->eng.now < p->clear_ns)
		return;
	if (!p->task)
		p->task = test_forked_task(sim, &sim->workloads[0], 0);
	assert_non_null(p->task);
	for (unsigned int i = 0; i < p->task->mm->nr_vmas; i++) {
		struct vm_area_struct *v = &p->task->mm->vmas[i];

		if (vma_is_anonymous(v) && v->vm_end - v->vm_start == p->npages)
			vma = v;
	}
	assert_non_null(vma);
	for (unsigned int i = 0; i < p->npages; i++) {
		pte_t *pte = pte_offset_map(vma, vma->vm_start + i);

		if (!pte)
			continue; /* no table: none of its PTEs is young */
		if (!p->cleared)
			*pte &= ~PTE_YOUNG;
		else if (sim->eng.now >= p->read_ns && (*pte & PTE_YOUNG))
			p->young |= 1ULL << i;
	}
	p->read = p->cleared && sim->eng.now >= p->read_ns;
	if (p->read) {
		for (unsigned int i = 0; i < 40; i++)
			p->anon[i] = test_forked_task(sim, &sim->workloads[0], i)
					     ->mm->rss_stat[MM_ANONPAGES];
		p->kernel_pages = sim->nr_kernel_pages;
	}
	p->cleared = true;
}

/*
 * Run one group of hackbench with @keys for 200 ms; probe the first
 * child's footprint of @npages (the child the parent forked first).
 */
static struct hot_probe hot_probe_run(const char *keys, unsigned int npages)
{
	char text[512];
	struct sim *sim;
	struct hot_probe p = { .clear_ns = 100 * NSEC_PER_MSEC,
			       .read_ns = 150 * NSEC_PER_MSEC,
			       .npages = npages };

	snprintf(text, sizeof(text),
		 "[machine]\ncpus = 2\nmemory = 256M\n"
		 "[workload hb]\ntype = hackbench\ngroups = 1\nloops = 100000\n%s"
		 "[run]\nduration = 200ms\n",
		 keys);
	sim = test_sim_from_text(NULL, "test.ini", text);
	sim->eng.check_hook = hot_probe_hook;
	sim->eng.check_arg = &p;
	sim_run(sim);
	assert_true(p.read);
	sim_destroy(sim);
	return p;
}

/*
 * A hackbench task's hot pages (stack, backing store, data) lie apart in
 * its footprint: with 64 pages, the receiver touches pages 0, 16, 32 and
 * 48 as it reads, and no other; with hot_pages = 2, pages 0 and 32.
 */
static void test_hackbench_hot_pages_spread(void **state)
{
	struct hot_probe p = hot_probe_run("footprint = 256K\n", 64);

	assert_int_equal(p.young, 1ULL << 0 | 1ULL << 16 | 1ULL << 32 | 1ULL << 48);
	p = hot_probe_run("footprint = 256K\nhot_pages = 2\n", 64);
	assert_int_equal(p.young, 1ULL << 0 | 1ULL << 32);
}

/*
 * The default footprint is the measured one (bench/results/
 * hackbench-footprint.txt): 36 KiB of anon memory of its own, 9 pages of 4
 * KiB, all resident in every task of the group once messages flow, 4 of
 * them hot (stride 9 / 4 = 2: pages 0, 2, 4, 6); the kernel memory is
 * 84 KiB a task (21 pages each of the 40) plus the socket queues.
 */
static void test_hackbench_measured_footprint(void **state)
{
	struct hot_probe p = hot_probe_run("", 9);

	assert_int_equal(p.young, 1ULL << 0 | 1ULL << 2 | 1ULL << 4 | 1ULL << 6);
	for (unsigned int i = 0; i < 40; i++)
		assert_int_equal(p.anon[i], 9);
	assert_true(p.kernel_pages >= 40 * 21);
}

/* An anon working set larger than RAM without swap ends in an OOM kill. */
static void test_oom_without_swap(void **state)
{
	struct sim *sim = test_sim_from_text(
		NULL, "test.ini",
		"[machine]\ncpus = 1\nmemory = 64M\nzones = DMA:16M, DMA32:rest\n"
		"[workload big]\ntype = anon_fill\nsize = 96M\npasses = 1\n"
		"[run]\nduration = 10s\n");

	sim_run(sim);
	assert_int_equal(sim->reclaim.oom_kills, 1);
	assert_int_equal(sim->vm_events[OOM_KILL], 1);
	assert_int_equal(sim->workloads[0].exit_signal, 9);
	/* direct reclaim ran and failed first; user pages are
	 * GFP_HIGHUSER_MOVABLE, so stalls count against ZONE_MOVABLE */
	assert_true(sim->vm_events[ALLOCSTALL_MOVABLE] > 0);
	assert_int_equal(sim->vm_events[PSWPOUT], 0);
	sim_destroy(sim);
}

/*
 * The same under the kernels that give up through all_unreclaimable
 * (before v4.11): kswapd marks the zones once pages scanned reach six
 * times their reclaimable pages, which without swap leave out the anon
 * pages (zone_reclaimable_pages, v2.6.32+), or every LRU page (2.6.25,
 * 2.6.28).  2.6.35's try_to_free_pages reports progress while a zone is
 * not marked: a rule that counted the anon pages never marked one, and
 * the fill looped in direct reclaim without an OOM kill.
 */
static void test_oom_without_swap_all_unreclaimable(void **state)
{
	static const char *const kernels[] = {
		"2.6.25", "2.6.28", "2.6.32", "2.6.35", "2.6.35-nodirect", "3.10", "4.5",
	};

	for (size_t i = 0; i < sizeof(kernels) / sizeof(kernels[0]); i++) {
		char ini[512];
		struct sim *sim;

		snprintf(ini, sizeof(ini),
			 "[machine]\ncpus = 1\nmemory = 64M\nzones = DMA:16M, DMA32:rest\n"
			 "[policy]\nkernel = %s\n"
			 "[workload big]\ntype = anon_fill\nsize = 96M\npasses = 1\n"
			 "[run]\nduration = 10s\n",
			 kernels[i]);
		sim = test_sim_from_text(NULL, "test.ini", ini);
		sim_run(sim);
		if (sim->reclaim.oom_kills != 1 || sim->workloads[0].exit_signal != 9)
			fail_msg("kernel %s: %llu OOM kills, exit signal %d", kernels[i],
				 (unsigned long long)sim->reclaim.oom_kills,
				 sim->workloads[0].exit_signal);
		sim_destroy(sim);
	}
}

/*
 * 2.6.25's __alloc_pages tries the free lists after every try_to_free_pages
 * that returned progress, which with nothing reclaimed is a zone not yet
 * all_unreclaimable: the reclaimers of seed 000's embedded noswap-240 (seed
 * 2) that loop in rebalance: while an OOM kill frees the victim's memory
 * find it there and the run ends.  Tried only after pages were reclaimed,
 * they went back to direct reclaim, which never reclaimed anything, to the
 * run's end (kswapd asleep, not woken again before restart:).  Seven
 * groups: since the parent forks the tasks one at a time, six no longer
 * run out of memory.
 */
static void test_rebalance_finds_freed_memory(void **state)
{
	struct sim *sim = test_sim_from_text(
		NULL, "test.ini",
		"[machine]\ncpus = 1\nmemory = 32M\nzones = DMA:rest\nswap = 0\n"
		"disk_device = hdd\ndisk_latency = 8ms\n[policy]\nkernel = 2.6.25\n"
		"slowpath_wake_kswapd = restart\n"
		"[workload hb]\ntype = hackbench\ngroups = 7\nloops = 100\nfootprint = 84K\n"
		"kernel_footprint = 16K\ntext = 1M\n[run]\nseed = 2\njitter = on\nduration = 60s\n");

	sim_run(sim);
	assert_true(sim->workloads[0].ended);
	assert_int_equal(sim->reclaim.oom_kills, 1);
	assert_int_equal((int)test_figure(&sim->workloads[0], "broken"), 1);
	assert_int_equal(sim->workloads[0].end_ns - sim->workloads[0].start_ns, 5349500908);
	sim_destroy(sim);
}

/*
 * oom_badness picks the task with the most RSS + swap + page tables: the
 * big filler dies, the small one (started first) survives.
 */
static void test_oom_kills_the_biggest(void **state)
{
	struct sim *sim = test_sim_from_text(
		NULL, "test.ini",
		"[machine]\ncpus = 2\nmemory = 64M\nzones = DMA:16M, DMA32:rest\n"
		"[workload small]\ntype = anon_fill\nsize = 12M\npasses = 200\n"
		"[workload big]\ntype = anon_fill\nsize = 80M\npasses = 1\nstart = 1ms\n"
		"[run]\nduration = 10s\n");

	sim_run(sim);
	assert_int_equal(sim->reclaim.oom_kills, 1);
	assert_int_equal(sim->workloads[0].exit_signal, 0);
	assert_int_equal(sim->workloads[1].exit_signal, 9);
	sim_destroy(sim);
}

/* The same working set fits with swap: no OOM, pages went to swap. */
static void test_swap_avoids_oom(void **state)
{
	struct sim *sim = test_sim_from_text(
		NULL, "test.ini",
		"[machine]\ncpus = 1\nmemory = 64M\nzones = DMA:16M, DMA32:rest\nswap = 96M\n"
		"[workload big]\ntype = anon_fill\nsize = 96M\npasses = 1\n"
		"[run]\nduration = 30s\n");

	sim_run(sim);
	assert_int_equal(sim->reclaim.oom_kills, 0);
	assert_int_equal(sim->workloads[0].exit_signal, 0);
	assert_true(sim->vm_events[PSWPOUT] > 0);
	assert_true(sim->vm_events[PGSTEAL_KSWAPD] + sim->vm_events[PGSTEAL_DIRECT] > 0);
	sim_destroy(sim);
}

/* ---- the oracle configurations: kernel 6.18 in a v1 memcg ---- */

static struct mem_cgroup *box(struct sim *sim)
{
	return sim->workloads[0].memcg;
}

static void test_oracle_anonfill_fit(void **state)
{
	struct sim *sim = test_sim_from_file("scenarios/anonfill-fit-noswap.ini");

	sim_run(sim);
	assert_int_equal(sim->vm_events[PGSCAN_ANON] + sim->vm_events[PGSCAN_FILE], 0);
	assert_int_equal(box(sim)->memory.failcnt, 0);
	/*
	 * the program's 21 text pages come back in two reads, as the
	 * kernel's 2 major faults: its binary's 2-page text segment and
	 * libc's, each a mapping of its own that 6.18 reads a miss within
	 * (program_binary, mmap_exec_readahead = vma)
	 */
	assert_int_equal(box(sim)->vm_events[PGMAJFAULT], 2);
	/*
	 * one per page of the fill, 31 of the program's data, and 1 of its
	 * text: a fault that waited for a read is taken again and its
	 * fault-around maps the pages read with it (do_read_fault), so the
	 * text costs no minor fault of its own after its read
	 */
	assert_int_equal(sim->workloads[0].min_flt, 24608);
	sim_destroy(sim);
}

static void test_oracle_anonfill_over_noswap(void **state)
{
	struct sim *sim = test_sim_from_file("scenarios/anonfill-over-noswap.ini");

	sim_run(sim);
	/* kernel: memcg OOM kill during the first fill, anon never scanned */
	assert_int_equal(box(sim)->oom_kill, 1);
	assert_int_equal(sim->workloads[0].exit_signal, 9);
	assert_int_equal(sim->vm_events[PGSCAN_ANON], 0);
	assert_int_equal(box(sim)->memory.watermark, 32768); /* max_usage 128 MiB */
	sim_destroy(sim);
}

static void test_oracle_anonfill_over_swap(void **state)
{
	struct sim *seq = test_sim_from_file("scenarios/anonfill-over-swap-seq.ini");
	struct sim *rd = test_sim_from_file("scenarios/anonfill-over-swap-seq-read.ini");

	sim_run(seq);
	sim_run(rd);
	/* kernel means over 3 runs; the target is +-25 % */
	assert_within((double)box(seq)->vm_events[PGMAJFAULT], 18542, 25, "pgmajfault");
	assert_within((double)seq->vm_events[PSWPOUT], 167915, 25, "pswpout");
	assert_within((double)seq->vm_events[PSWPIN], 147646, 25, "pswpin");
	assert_within((double)seq->vm_events[PGSTEAL_ANON], 164232, 25, "pgsteal_anon");
	assert_within((double)box(seq)->memory.failcnt, 165574, 25, "failcnt");
	assert_int_equal(box(seq)->oom_kill, 0);
	/* read-only passes keep clean swap copies: fewer writes, same reads */
	assert_within((double)rd->vm_events[PSWPOUT], 104856, 25, "pswpout (read)");
	assert_true(rd->vm_events[PSWPOUT] < seq->vm_events[PSWPOUT] * 3 / 4);
	assert_within((double)box(rd)->vm_events[PGMAJFAULT], 18549, 25, "pgmajfault (read)");
	sim_destroy(seq);
	sim_destroy(rd);
}

static void test_oracle_filewrite(void **state)
{
	struct sim *sim = test_sim_from_file("scenarios/filewrite-lim64.ini");

	sim_run(sim);
	/* kernel: pgsteal_file exactly 50,176 in every run, no OOM, no swap */
	assert_within((double)sim->vm_events[PGSTEAL_FILE], 50176, 25, "pgsteal_file");
	assert_int_equal(box(sim)->oom_kill, 0);
	assert_int_equal(sim->vm_events[PGSTEAL_ANON], 0);
	/* dirty pages were written by the flusher, not by reclaim (6.18) */
	assert_int_equal(node_page_state(&sim->nodes[0], NR_VMSCAN_WRITE), 0);
	assert_true(node_page_state(&sim->nodes[0], NR_WRITTEN) > 40000);
	sim_destroy(sim);
}

/* check_hook of test_filewrite_slow_disk: pages written by now <= 10 MiB/s x now */
static void write_rate_hook(struct sim *sim, void *arg)
{
	u64 written = node_page_state(&sim->nodes[0], NR_WRITTEN) * sim->page_size;
	bool *over = arg;

	if (written * NSEC_PER_SEC > 10ULL * 1024 * 1024 * sim->eng.now)
		*over = true;
}

/*
 * dd into a 64 MiB memcg on a disk of 10 MiB/s with 32 requests in flight
 * (filewrite-lim64's machine and workload, issue 11): the writeback never
 * runs faster than the disk, at any moment of the run, and keeps it busy;
 * dd gets through no more than the limit plus what the disk wrote in its
 * time.  When each request in flight had the whole bandwidth, dd ran at
 * 88 MB/s and the disk wrote 78 MiB/s.
 */
static void test_filewrite_slow_disk(void **state)
{
	struct sim *sim = test_sim_from_text(
		NULL, "test.ini",
		"[machine]\ncpus = 2\nmemory = 1G\nswap = 0\n"
		"disk_latency = 100us\ndisk_bandwidth = 10M\ndisk_depth = 32\n"
		"[policy]\nkernel = 6.18\ncgroup = v1\n[cgroup box]\nlimit = 64M\n"
		"[workload dd]\ntype = file_write\ncgroup = box\nsize = 256M\nblock = 1M\n"
		"[run]\nduration = 60s\n");
	const double mib = 1024.0 * 1024.0;
	bool over = false;
	double written_mib, dd_s;

	sim->eng.check_hook = write_rate_hook;
	sim->eng.check_arg = &over;
	sim_run(sim);
	sim->eng.check_hook = NULL;
	sim->eng.check_arg = NULL;
	assert_false(over);
	written_mib = (double)node_page_state(&sim->nodes[0], NR_WRITTEN) * sim->page_size / mib;
	dd_s = (double)workload_totals(sim, &sim->workloads[0]).elapsed_ns / NSEC_PER_SEC;
	assert_true(sim->workloads[0].ended);
	/* the disk was busy from dd's first writeback to the end */
	assert_true(written_mib > 0.95 * 10 * (double)sim->eng.now / NSEC_PER_SEC);
	assert_true(written_mib >= 256 - 64 - 8);
	assert_true((256 - 64) / dd_s <= 10);
	sim_destroy(sim);
}

/*
 * Started at once (launch = exec): the outcome depends on when the program
 * starts against the model's periodic work, 4 ms apart: 13,809 misses at
 * 0 and 20 ms, 8,069 at 4, 2,465 at 8 (launch = attach's grace period),
 * 0 at 12 ms (issue 22, branch pace: not explained yet).  On the disk as
 * this test was written, completing each request at its own end; the
 * scenario's batch completions (issue 22, branch ddsleep) move the phases:
 * 0 misses at a start of 0-8 ms and 20 ms, 8,069 at 12-16, 8,930 at 30.
 * So the disk here is the one it was written against, each request
 * completed at its own end, 100 us and 2 GB/s (the estimates the scenario
 * had before the grid's measured 60 us and 3,202 MiB/s: with those the
 * hot set's misses move again, 0.87 of the kernel's in the oracle
 * with the scenario's large folios).
 */
static void test_oracle_hotset_survives_stream(void **state)
{
	static const char *const sets[] = { "workload.hotread.launch=exec",
					    "machine.disk_completion=each",
					    "machine.disk_latency=100us",
					    "machine.disk_bandwidth=2G", NULL };
	struct sim *sim = test_sim_run_file("scenarios/fileread-hot28.ini", sets);
	const struct workload_inst *wl;

	wl = &sim->workloads[0];
	assert_within((double)sim->vm_events[PGSTEAL_FILE], 135709, 25, "pgsteal_file");
	/* kernel: 8 hot passes, 6,024..17,000 of the 57,344 hot reads miss
	 * (10.5..29.6 %: data/oracle); the stream leaves ~8,700 of its
	 * 131,072 pages resident */
	assert_int_equal((int)test_figure(wl, "hot_passes"), 8);
	assert_true(test_figure(wl, "hot_miss_pct") > 8 && test_figure(wl, "hot_miss_pct") < 35);
	assert_true(test_figure(wl, "stream_resident_final") < 16384);
	assert_int_equal((int)test_figure(wl, "hot_resident_final"), 7168);
	sim_destroy(sim);
}

/*
 * fileread/hot28 as its scenario has it: the oracle's kernel read ext4's
 * large folios (nr_file_hugepages +17 over each run, 17 x 512 pages the
 * stream's resident pages at the end), so the scenario sets
 * read_ahead_folio_order = 9 as the grid's do.  The stream ends in whole
 * PMD folios (17, the kernel's count, on the oracle's VM disk with the
 * request CPU and kick), and the charge events are counted a folio each
 * (page_counter_try_charge counts an attempt that hits the limit, v1
 * PGPGIN/PGPGOUT a charged or uncharged folio, v6.18): 725 limit hits
 * and 7,529 charges for ~150,000 pages read, where single pages gave
 * ~131,000 and ~144,000 (the kernel 483..1,045 and 8,263..12,165).  The
 * hot file misses 1,632 pages at the last pass (the kernel 740..2,308) but
 * misses none at the first pass, where the kernel misses 844.
 */
static void test_oracle_hotset_large_folios(void **state)
{
	struct sim *sim = test_sim_run_file("scenarios/fileread-hot28.ini", NULL);
	const struct workload_inst *wl = &sim->workloads[0];
	const struct mem_cgroup *box = sim->memcgs[1];

	assert_string_equal(box->name, "box");
	assert_int_equal(sim->scn.machine.read_ahead_folio_order, 9);
	assert_int_equal((int)test_figure(wl, "stream_resident_final"), 17 * 512);
	assert_int_equal((int)test_figure(wl, "hot_resident_final"), 7168);
	assert_int_equal((int)test_figure(wl, "hot_miss_first"), 0);
	assert_int_equal((int)test_figure(wl, "hot_miss_last"), 1632);
	assert_int_equal((int)box->memory.failcnt, 725);
	assert_int_equal((int)box->memcg_stat[MEMCG_PGPGIN], 7529);
	assert_int_equal((int)box->memcg_stat[MEMCG_PGPGOUT], 6578);
	sim_destroy(sim);
}

/* ---- the virtual-time watchdog ---- */

static const char tiny[] = "[machine]\ncpus = 1\nmemory = 32M\nzones = DMA:16M, DMA32:rest\n"
			   "[workload fill]\ntype = anon_fill\nsize = 4M\npasses = 1000\n"
			   "[run]\nduration = 10s\n";

/* A task that never charges any cost: every step ends where it began. */
static void spinner(struct task *t)
{
	for (;;)
		cond_resched(t);
}

/*
 * The clock stops, events keep coming: the run ends with the tasks named.
 * The workload's task, placed with a smaller vruntime (START_DEBIT with
 * two tasks on the CPU), runs its slice first; then the spinner has the
 * CPU for good.
 */
static void test_watchdog_names_the_spinner(void **state)
{
	struct sim *sim = test_sim_from_text(state, "spin.ini", tiny);
	struct task *spin = task_create(sim, TASK_USER, "spinner", spinner);
	struct task *sleeper = task_create(sim, TASK_USER, "sleeper", NULL);
	char want[160];
	const char *msg;

	assert_non_null(spin);
	assert_non_null(sleeper);
	spin->memcg = sleeper->memcg = sim->memcgs[0];
	sim->eng.watchdog_limit = 100000;
	wake_up_task(spin);
	/* a sleeper on a named queue with a timeout past the stuck instant */
	task_sleep(sleeper, &sim->nodes[0].reclaim_wait[VMSCAN_THROTTLE_WRITEBACK], NSEC_PER_SEC);
	assert_int_equal(sim_run(sim), -1);
	msg = sim_error(sim);
	assert_true(strlen(msg) < sizeof(sim->eng.error));
	snprintf(want, sizeof(want), "watchdog: virtual time stuck at %llu ns for 100000 events",
		 (unsigned long long)sim->eng.now);
	if (!strstr(msg, want))
		fail_msg("no '%s' in: %s", want, msg);
	/* a slice of 3 ms (6 ms among two), ended at the tick after it */
	assert_true(sim->eng.now >= 3 * NSEC_PER_MSEC && sim->eng.now < 9 * NSEC_PER_MSEC);
	snprintf(want, sizeof(want), "pid %d (spinner) running on CPU 0", spin->pid);
	if (!strstr(msg, want))
		fail_msg("no '%s' in: %s", want, msg);
	/* running tasks come first */
	assert_true(strstr(msg, "spinner") < strstr(msg, "kswapd0"));
	snprintf(want, sizeof(want),
		 "pid %d (sleeper) blocked on node 0 reclaim_wait[WRITEBACK], "
		 "timeout at 1000000000 ns",
		 sleeper->pid);
	if (!strstr(msg, want))
		fail_msg("no '%s' in: %s", want, msg);
	assert_non_null(strstr(msg, "(kswapd0) blocked on node 0 kswapd_wait, no timeout"));
	assert_non_null(strstr(msg, "(kworker/flush) blocked on flusher_wait, timeout at"));
	/* the workload's task waits for the CPU */
	assert_non_null(strstr(msg, ") runnable, on the run queue"));
	assert_null(strstr(msg, "more"));
}

/* Many tasks: the report stays within sim->eng.error and counts the rest. */
static void test_watchdog_report_is_capped(void **state)
{
	struct sim *sim = test_sim_from_text(state, "spin.ini", tiny);
	struct task *spin = task_create(sim, TASK_USER, "spinner", spinner);
	unsigned int alive = 0, listed = 0;
	char want[160];
	const char *msg;

	assert_non_null(spin);
	spin->memcg = sim->memcgs[0];
	for (int i = 0; i < 200; i++) {
		struct task *t = task_create(sim, TASK_USER, "idle-with-a-long-name", NULL);

		assert_non_null(t);
		task_sleep(t, &sim->congestion_wait, 0);
	}
	sim->eng.watchdog_limit = 1000;
	wake_up_task(spin);
	assert_int_equal(sim_run(sim), -1);
	msg = sim_error(sim);
	assert_true(strlen(msg) < sizeof(sim->eng.error));
	assert_non_null(strstr(msg, "(spinner) running on CPU 0"));
	assert_non_null(strstr(msg, "(idle-with-a-lon) blocked on congestion_wait, no timeout"));
	for (unsigned int i = 0; i < sim->eng.nr_tasks; i++)
		alive += sim->eng.tasks[i]->state != TASK_DEAD;
	snprintf(want, sizeof(want), "; %u tasks alive: ", alive);
	if (!strstr(msg, want))
		fail_msg("no '%s' in: %s", want, msg);
	/* as many as fit (at most 20) are named, the rest counted, last */
	for (const char *p = strstr(msg, "pid "); p; p = strstr(p + 1, "pid "))
		listed++;
	assert_true(listed >= 10 && listed <= 20);
	snprintf(want, sizeof(want), "; ... and %u more", alive - listed);
	if (!strstr(msg, want))
		fail_msg("no '%s' in: %s", want, msg);
	assert_string_equal(strstr(msg, want), want);
}

/* A run that ends normally: 0, and no error. */
static void test_watchdog_quiet_on_a_normal_run(void **state)
{
	struct sim *sim = test_sim_from_text(state, "tiny.ini", tiny);

	assert_int_equal(sim_run(sim), 0);
	assert_string_equal(sim_error(sim), "");
	assert_true(sim->workloads[0].ended);
	assert_true(sim->eng.now > 0);
}

/* ---- sim_fail: a run that cannot go on (a bio the host cannot allocate) ---- */

static void fail_at_event_5(struct sim *sim, void *arg)
{
	if (sim->eng.nr_events == 5) {
		sim_fail(sim, "out of memory allocating a %s I/O request", "swap");
		sim_fail(sim, "a later reason"); /* the first one is kept */
	}
}

/* sim_run stops at once, returns -1 and sim_error() gives the first reason. */
static void test_sim_fail_stops_the_run(void **state)
{
	struct sim *sim = test_sim_from_text(state, "tiny.ini", tiny);

	sim->eng.check_hook = fail_at_event_5;
	assert_int_equal(sim_run(sim), -1);
	assert_string_equal(sim_error(sim), "out of memory allocating a swap I/O request");
	assert_int_equal(sim->eng.nr_events, 5);
	assert_false(sim->workloads[0].ended);
}

/* The time series is kept only when the caller asks; the run is the same. */
static void test_samples_kept_on_request(void **state)
{
	struct sim *a = test_sim_from_text(state, "tiny.ini", tiny);
	struct sim *b = test_sim_from_text(NULL, "tiny.ini", tiny);

	b->keep_samples = true;
	assert_int_equal(sim_run(a), 0);
	assert_int_equal(sim_run(b), 0);
	assert_int_equal(a->nr_samples, 0);
	assert_null(a->samples);
	/* every sample_interval from 0, and the final one */
	assert_int_equal(b->nr_samples, b->eng.now / b->scn.run.sample_interval_ns + 2);
	assert_int_equal(a->eng.nr_events, b->eng.nr_events);
	assert_int_equal(a->eng.now, b->eng.now);
	sim_destroy(b);
}

/*
 * anon_fill pattern = hotcold (anonfill --pattern hotcold), on the grid's
 * 96 MiB in 64 MiB with 128 MiB swap: with every visit to the hot quarter
 * (hot_share = 100) the 6,144 hot pages, swapped out by the fill, come back
 * in the first pass and stay (they fit), so passes 2 and 3 read almost
 * nothing from swap (5,998 major faults against 5,878 for pass 1 alone:
 * swap readahead reads a page a fault for random visits, and a few hot
 * pages read early in pass 1 are reclaimed before its end);
 * the default skew (90 % of the visits to the hot quarter) faults far less
 * than a random permutation of every page (kernel: 9,157 against 49,027
 * re-touch major faults).
 */
static void test_anonfill_hotcold(void **state)
{
	static const char *const hot1[] = { "workload.anonfill.hot_share=100",
					    "workload.anonfill.passes=1", NULL };
	static const char *const hot3[] = { "workload.anonfill.hot_share=100", NULL };
	struct sim *one = test_sim_run_file("scenarios/grid/grid_anon-hotcold_swap128.ini", hot1);
	struct sim *three = test_sim_run_file("scenarios/grid/grid_anon-hotcold_swap128.ini", hot3);
	struct sim *skew = test_sim_run_file("scenarios/grid/grid_anon-hotcold_swap128.ini", NULL);
	struct sim *rnd = test_sim_run_file("scenarios/grid/grid_anon-rand_swap128.ini", NULL);
	double maj1 = test_figure(&one->workloads[0], "retouch_majflt");

	(void)state;
	assert_true(maj1 > 0 && maj1 <= 6144);
	assert_true(test_figure(&three->workloads[0], "retouch_majflt") >= maj1);
	assert_true(test_figure(&three->workloads[0], "retouch_majflt") <= 1.05 * maj1);
	assert_true(test_figure(&skew->workloads[0], "retouch_majflt") * 3 <
		    test_figure(&rnd->workloads[0], "retouch_majflt"));
	assert_int_equal(box(skew)->oom_kill, 0);
	sim_destroy(one);
	sim_destroy(three);
	sim_destroy(skew);
	sim_destroy(rnd);
}

/* The files of test_kupdate_many_small_files, one page of each dirtied by a task at boot. */
#define KUPDATE_FILES 300
static struct address_space *kupdate_files[KUPDATE_FILES];

static void untar_small_files(struct task *t)
{
	for (unsigned int i = 0; i < KUPDATE_FILES; i++) {
		char name[32];

		snprintf(name, sizeof(name), "small%u", i);
		kupdate_files[i] = file_create(t->sim, name, 0);
		assert_non_null(kupdate_files[i]);
		assert_int_equal(filemap_write(t, kupdate_files[i], 0, 1), VM_FAULT_DONE);
	}
	task_exit(t, 0);
}

/*
 * The flusher tests' machine: 256 MiB on 2 CPUs, DMA and DMA32, no swap,
 * kernel @kernel, then @extra (more [policy] keys or a [workload]).
 */
static struct sim *wb_sim(const char *name, const char *kernel, const char *extra)
{
	char ini[512];

	snprintf(ini, sizeof(ini),
		 "[machine]\ncpus = 2\nmemory = 256M\nzones = DMA:16M, DMA32:rest\n"
		 "[policy]\nkernel = %s\n%s",
		 kernel, extra);
	return test_sim_from_text(NULL, name, ini);
}

/* Every event up to @end ns (sim_run's loop, with no workload to end the run). */
static void run_until(struct sim *sim, u64 end)
{
	struct event ev;

	while (event_pop(sim, &ev)) {
		if (ev.time > end) {
			event_push(sim, ev.time, ev.fn, ev.ptr, ev.arg);
			break;
		}
		sim->eng.now = ev.time;
		ev.fn(sim, ev.ptr, ev.arg);
	}
	sim->eng.now = end;
}

/*
 * Periodic writeback of many small files, far below the background
 * threshold, more of them than the queue takes at once (blk-mq's 64
 * tags, blk-wbt's background limit): one kupdate work writes them all, sleeping for requests as it
 * goes (wb_writeback loops, 2.6.35 and v6.12), so every file dirtied at
 * boot is clean by the first periodic pass after dirty_expire (30 s) plus
 * dirty_writeback (5 s); none is written before 30 s.  Before, the pass
 * was one batch that stopped at the first file whose bio found the queue
 * full (or held by blk-wbt), and every expired file after it had its
 * dirtied_when reset without a page written: 4 files written per 30 s
 * (wbt's background limit), 296 still dirty at 36 s and 284 at 126 s;
 * with 2.6.35's profile (128 requests a direction, no wbt) 128 per 30 s,
 * 172 dirty at 36 s, 44 at 66 s, none at 96 s.
 */
static void assert_kupdate_writes_all(const char *profile)
{
	struct sim *sim = wb_sim("kupdate.ini", profile, "");
	struct task *t;

	t = task_create(sim, TASK_USER, "tar", untar_small_files);
	assert_non_null(t);
	t->memcg = sim->memcgs[0];
	wake_up_task(t);
	run_until(sim, 29 * NSEC_PER_SEC);
	assert_int_equal(sim->nr_dirty, KUPDATE_FILES);
	assert_int_equal(node_page_state(&sim->nodes[0], NR_WRITTEN), 0);
	run_until(sim, 36 * NSEC_PER_SEC);
	assert_int_equal(sim->nr_dirty, 0);
	assert_int_equal(sim->nr_writeback, 0);
	assert_int_equal(node_page_state(&sim->nodes[0], NR_WRITTEN), KUPDATE_FILES);
	for (unsigned int i = 0; i < KUPDATE_FILES; i++)
		assert_int_equal(kupdate_files[i]->nr_dirty, 0);
	sim_destroy(sim);
}

static void test_kupdate_many_small_files(void **state)
{
	(void)state;
	assert_kupdate_writes_all("6.12");
	assert_kupdate_writes_all("2.6.35");
}

/*
 * Background writeback ends under the background threshold
 * (wb_over_bg_thresh, v6.12; 2.6.35's over_bground_thresh): dd writes
 * 40 MiB, between the background and the dirty threshold, and stops; the
 * flusher's background work writes batches until the dirty pages are no
 * longer above the background threshold (less than a batch of 1,024 pages
 * under it), and the rest waits for the periodic writeback after
 * dirty_expire.  Before, balance_dirty_pages kicked the flusher as
 * reclaim does and it wrote every dirty page at once.
 */
static void assert_background_stops_at_threshold(const char *profile, u64 dirty_at_5s)
{
	struct sim *sim = wb_sim("bgwb.ini", profile,
				 "[workload dd]\ntype = file_write\nsize = 40M\nblock = 1M\n");
	u64 bg;

	run_until(sim, 5 * NSEC_PER_SEC);
	global_dirty_limit(sim, &bg);
	print_message("%s: %llu dirty at 5 s, background threshold %llu\n", profile,
		      (unsigned long long)sim->nr_dirty, (unsigned long long)bg);
	assert_true(sim->nr_dirty <= bg && sim->nr_dirty + 1024 > bg);
	assert_int_equal(sim->nr_dirty, dirty_at_5s);
	run_until(sim, 36 * NSEC_PER_SEC);
	assert_int_equal(sim->nr_dirty, 0);
	sim_destroy(sim);
}

static void test_background_writeback_stops(void **state)
{
	(void)state;
	assert_background_stops_at_threshold("6.12", 6144);
	assert_background_stops_at_threshold("2.6.35", 6144);
}

/*
 * The periodic writeback is spaced by the time since the last one
 * (wb_check_old_data_flush: wb->last_old_flush plus dirty_writeback, 2.6.35
 * and v6.12 alike, tested after the works whenever the flusher runs), so
 * wake-ups do not put it off: with balance_dirty_pages-style kicks every
 * second and nothing over the background threshold, the 300 files dirtied
 * at boot are written by the first periodic pass after they expire (30 s)
 * and none before.  Before, the pass ran only when the flusher's 5 s sleep
 * timed out, so a kick a second kept all 300 dirty for the whole run.
 */
static struct wait_queue_head kicker_wait;

static void kick_every_second(struct task *t)
{
	for (unsigned int i = 0; i < 50; i++) { /* past the run's end */
		schedule_timeout(t, &kicker_wait, NSEC_PER_SEC);
		wb_start_background_writeback(t->sim);
	}
	task_exit(t, 0);
}

static void assert_kupdate_not_put_off(const char *profile)
{
	struct sim *sim = wb_sim("kick.ini", profile, "");
	struct task *tar, *kicker;
	u64 bg;

	kicker_wait = (struct wait_queue_head){ 0 };
	tar = task_create(sim, TASK_USER, "tar", untar_small_files);
	kicker = task_create(sim, TASK_USER, "kicker", kick_every_second);
	assert_non_null(tar);
	assert_non_null(kicker);
	tar->memcg = kicker->memcg = sim->memcgs[0];
	wake_up_task(tar);
	wake_up_task(kicker);
	run_until(sim, 29 * NSEC_PER_SEC);
	global_dirty_limit(sim, &bg);
	assert_true(sim->nr_dirty < bg); /* no background writeback */
	assert_int_equal(sim->nr_dirty, KUPDATE_FILES);
	assert_int_equal(node_page_state(&sim->nodes[0], NR_WRITTEN), 0);
	run_until(sim, 36 * NSEC_PER_SEC);
	assert_int_equal(sim->nr_dirty, 0);
	assert_int_equal(node_page_state(&sim->nodes[0], NR_WRITTEN), KUPDATE_FILES);
	sim_destroy(sim);
}

static void test_kupdate_not_put_off_by_kicks(void **state)
{
	(void)state;
	assert_kupdate_not_put_off("6.12");
	assert_kupdate_not_put_off("2.6.35");
}

/* The files of test_kick_dropped_nothing_writable: one page dirtied, twice. */
static struct address_space *redirty_file;

static void dirty_page_zero(struct task *t)
{
	if (!redirty_file)
		redirty_file = file_create(t->sim, "redirtied", 0);
	assert_non_null(redirty_file);
	assert_int_equal(filemap_write(t, redirty_file, 0, 1), VM_FAULT_DONE);
	task_exit(t, 0);
}

static void run_task(struct sim *sim, void (*fn)(struct task *), u64 until)
{
	struct task *t = task_create(sim, TASK_USER, "writer", fn);

	assert_non_null(t);
	t->memcg = sim->memcgs[0];
	wake_up_task(t);
	run_until(sim, until);
}

static void end_filler_write(struct sim *sim, struct bio *bio)
{
	(void)sim;
	(void)bio;
}

/*
 * A kicked flusher with nothing it may write drops its kick, as
 * wb_writeback (2.6.35 and v6.12) ends a work whose pass wrote nothing
 * with b_more_io empty, even with the device's queue full: the one dirty
 * page is under writeback (redirtied), and 63 other writes fill blk-mq's
 * 64 tags on a disk with 1 s of latency.  The page's write ends at about
 * 2 s; written back by the flusher's next work only, it is still dirty at
 * 5 s (its 30 s not expired).  Before, the flusher tested the full queue
 * where writeback_batch had not met it (must_wait unset), slept for a
 * request with the kick kept, and on the first freed tag - the page's own
 * write - wrote the page at once: 0 dirty at 5 s.
 */
static void test_kick_dropped_nothing_writable(void **state)
{
	struct sim *sim = test_sim_from_text(
		NULL, "redirty.ini",
		"[machine]\ncpus = 2\nmemory = 256M\nzones = DMA:16M, DMA32:rest\n"
		"disk_latency = 1s\n[policy]\nkernel = 6.12\n");
	struct blkdev *dev = &sim->disk_dev;

	(void)state;
	redirty_file = NULL;
	run_task(sim, dirty_page_zero, NSEC_PER_SEC);
	wakeup_flusher_threads(sim, 0);
	run_until(sim, NSEC_PER_SEC + 10 * NSEC_PER_MSEC);
	assert_int_equal(sim->nr_writeback, 1);
	run_task(sim, dirty_page_zero, NSEC_PER_SEC + 20 * NSEC_PER_MSEC);
	assert_int_equal(sim->nr_dirty, 1);
	for (unsigned int i = 0; dev->count[0] < dev->nr_requests; i++) {
		struct bio *bio = bio_alloc(sim, dev, REQ_OP_WRITE, end_filler_write);

		assert_non_null(bio);
		assert_true(bio_add_pfn(sim, bio, 0));
		bio->sector = (1ULL << 40) + 2 * i; /* none merges */
		submit_bio(sim, dev, bio, sim->eng.now);
	}
	assert_true(blk_queue_full(dev, REQ_OP_WRITE));
	wakeup_flusher_threads(sim, 0);
	run_until(sim, NSEC_PER_SEC + 30 * NSEC_PER_MSEC);
	assert_false(sim->flusher_kicked);
	assert_ptr_equal(sim->flusher->waiting_on, &sim->flusher_wait);
	run_until(sim, 5 * NSEC_PER_SEC);
	assert_int_equal(sim->nr_writeback, 0);
	assert_int_equal(sim->nr_dirty, 1);
	assert_int_equal(node_page_state(&sim->nodes[0], NR_WRITTEN), 1);
	sim_destroy(sim);
}

/* test_reclaim_work_pages' writer: 3,000 pages of one file, dirtied at boot. */
static void dirty_3000_pages(struct task *t)
{
	struct address_space *mapping = file_create(t->sim, "big", 0);

	assert_non_null(mapping);
	for (u64 i = 0; i < 3000; i++) /* one write() of 3,000 pages */
		assert_int_equal(filemap_write(t, mapping, i, 3000 - i), VM_FAULT_DONE);
	task_exit(t, 0);
}

/*
 * Reclaim's wake-up before 4.11 asks for nr_pages (2.6.35
 * wakeup_flusher_threads -> a WB_SYNC_NONE work of total_scanned pages):
 * wb_writeback's passes of MAX_WRITEBACK_PAGES run until the work's
 * nr_pages are used up, so a work of 1,500 pages writes two passes, 2,048
 * of 3,000 dirty pages (below the background threshold); the rest waits
 * for the periodic writeback after 30 s.  nr_pages 0 (v4.11+, and before
 * the model's only wake-up) writes all 3,000.
 */
static void assert_reclaim_work_writes(u64 nr_pages, u64 written)
{
	struct sim *sim = wb_sim("work.ini", "2.6.35", "");
	u64 bg;

	run_task(sim, dirty_3000_pages, NSEC_PER_SEC);
	global_dirty_limit(sim, &bg);
	assert_true(sim->nr_dirty == 3000 && sim->nr_dirty < bg);
	wakeup_flusher_threads(sim, nr_pages);
	run_until(sim, 10 * NSEC_PER_SEC);
	assert_int_equal(node_page_state(&sim->nodes[0], NR_WRITTEN), written);
	assert_int_equal(sim->nr_dirty, 3000 - written);
	assert_int_equal(sim->flusher_nr_works, 0);
	sim_destroy(sim);
}

static void test_reclaim_work_pages(void **state)
{
	(void)state;
	assert_reclaim_work_writes(1500, 2048);
	assert_reclaim_work_writes(0, 3000);
}

/*
 * 2.6.35 with @sets: 3,000 pages of one file dirtied at boot, its
 * writeback cursor put at page 2,000; reclaim wakes the flushers @calls
 * times for 32 pages before the flusher runs.
 */
static struct sim *reclaim_works_run(const char *sets, unsigned int calls)
{
	struct sim *sim = wb_sim("works.ini", "2.6.35", sets);

	run_task(sim, dirty_3000_pages, NSEC_PER_SEC);
	assert_int_equal(sim->nr_dirty, 3000);
	sim->files[0]->wb_index = 2000;
	for (unsigned int i = 0; i < calls; i++)
		wakeup_flusher_threads(sim, 32);
	assert_int_equal(flusher_queued_pages(sim), 32 * calls);
	run_until(sim, 10 * NSEC_PER_SEC);
	assert_int_equal(sim->flusher_nr_works, 0);
	return sim;
}

/*
 * Each wake-up of the flushers by reclaim queues its own work (2.6.35
 * wakeup_flusher_threads -> __bdi_start_writeback -> bdi_queue_work), and
 * each work writes a whole pass of MAX_WRITEBACK_PAGES however few pages
 * it asked for: two wake-ups for 32 pages write 2,048 pages.  The model
 * used to add the works' pages up into one count, 64 pages, one pass:
 * 1,024.
 */
static void test_reclaim_works_queued(void **state)
{
	struct sim *sim = reclaim_works_run("", 2);

	(void)state;
	assert_int_equal(node_page_state(&sim->nodes[0], NR_WRITTEN), 2048);
	sim_destroy(sim);
	sim = reclaim_works_run("", 1);
	assert_int_equal(node_page_state(&sim->nodes[0], NR_WRITTEN), 1024);
	sim_destroy(sim);
}

/*
 * Reclaim's works write each file from its first page (range_cyclic = 0:
 * 2.6.32..4.13; flusher_wakeup_range = whole), and leave its cursor
 * alone when they use up their pass: pages 0..1,023 are written, the
 * cursor stays at 2,000.  From the cursor (cyclic, as the model wrote
 * before): pages 2,000..2,999 and, wrapped, 0..23, the cursor at 24.
 */
static void test_reclaim_work_range(void **state)
{
	struct sim *sim = reclaim_works_run("", 1);

	(void)state;
	assert_int_equal(mapping_find_dirty(sim->files[0], 0), 1024);
	assert_int_equal(mapping_find_dirty(sim->files[0], 2999), 2999);
	assert_int_equal(sim->files[0]->wb_index, 2000);
	sim_destroy(sim);
	sim = reclaim_works_run("flusher_wakeup_range = cyclic\n", 1);
	assert_int_equal(mapping_find_dirty(sim->files[0], 0), 24);
	assert_int_equal(mapping_find_dirty(sim->files[0], 2000), U64_MAX);
	assert_int_equal(sim->files[0]->wb_index, 24);
	sim_destroy(sim);
}

static void dirty_3000_small_files(struct task *t)
{
	for (unsigned int i = 0; i < 3000; i++) {
		char name[32];
		struct address_space *mapping;

		snprintf(name, sizeof(name), "small%u", i);
		mapping = file_create(t->sim, name, 0);
		assert_non_null(mapping);
		assert_int_equal(filemap_write(t, mapping, 0, 1), VM_FAULT_DONE);
	}
	task_exit(t, 0);
}

/*
 * The periodic (kupdate) work against a work queued while it runs
 * (wb_work_yield), 2.6.35: 3,000 one-page files dirtied at boot, so the
 * kupdate work of 35 s (dirty_expire 30 s, checked every 5 s) writes them
 * in passes of 1,024 pages, each sleeping for requests (128 a
 * direction); reclaim queues a work of 32 pages once the first write has
 * completed.  2.6.35 (none) finishes the periodic work first: all 3,000
 * written by 35,024 ms, the reclaim work then finds nothing dirty.  From
 * 2.6.37 (queued) the periodic work ends before its second pass and is
 * not resumed: the reclaim work writes its pass of 1,024, and the 952
 * pages left wait for the next periodic work at 40 s.
 */
static u64 kupdate_yield_dirty_at(const char *sets, u64 at_ms)
{
	struct sim *sim = wb_sim("yield.ini", "2.6.35", sets);
	u64 dirty, ms = 34000;

	run_task(sim, dirty_3000_small_files, 2 * NSEC_PER_SEC);
	assert_int_equal(sim->nr_dirty, 3000);
	while (!node_page_state(&sim->nodes[0], NR_WRITTEN))
		run_until(sim, ++ms * NSEC_PER_MSEC);
	assert_int_equal(ms, 35001); /* the periodic work's first write is done */
	wakeup_flusher_threads(sim, 32);
	run_until(sim, at_ms * NSEC_PER_MSEC);
	dirty = sim->nr_dirty;
	sim_destroy(sim);
	return dirty;
}

static void test_kupdate_yields_to_queued_work(void **state)
{
	(void)state;
	assert_int_equal(kupdate_yield_dirty_at("", 39000), 0);
	assert_int_equal(kupdate_yield_dirty_at("wb_work_yield = queued\n", 39000), 952);
	assert_int_equal(kupdate_yield_dirty_at("wb_work_yield = queued\n", 41000), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_invariants_throughout),
		cmocka_unit_test(test_kupdate_many_small_files),
		cmocka_unit_test(test_background_writeback_stops),
		cmocka_unit_test(test_kupdate_not_put_off_by_kicks),
		cmocka_unit_test(test_kick_dropped_nothing_writable),
		cmocka_unit_test(test_reclaim_work_pages),
		cmocka_unit_test(test_reclaim_works_queued),
		cmocka_unit_test(test_reclaim_work_range),
		cmocka_unit_test(test_kupdate_yields_to_queued_work),
		test_sim_unit_test(test_sim_fail_stops_the_run),
		test_sim_unit_test(test_samples_kept_on_request),
		cmocka_unit_test(test_same_seed_same_output),
		cmocka_unit_test(test_different_seed_differs),
		cmocka_unit_test(test_jitter_spread_band),
		cmocka_unit_test(test_jitter_streams_independent),
		cmocka_unit_test(test_small_run_costs_exact),
		cmocka_unit_test(test_dirty_ratio_zero_progresses),
		test_sim_unit_test(test_dirty_limit_many_writers),
		cmocka_unit_test(test_huge_page_cluster_no_oom),
		cmocka_unit_test(test_invariants_tight_memcg_writeback),
		cmocka_unit_test(test_writeback_bounded_by_queue),
		cmocka_unit_test(test_swap_writes_back_merge),
		cmocka_unit_test(test_hackbench_ends_after_kill),
		cmocka_unit_test(test_hackbench_forks_in_turn),
		cmocka_unit_test(test_hackbench_threads_in_turn),
		cmocka_unit_test(test_hackbench_parent_reclaims),
		cmocka_unit_test(test_hackbench_hot_pages_spread),
		cmocka_unit_test(test_hackbench_measured_footprint),
		cmocka_unit_test(test_oom_without_swap),
		cmocka_unit_test(test_oom_without_swap_all_unreclaimable),
		cmocka_unit_test(test_rebalance_finds_freed_memory),
		cmocka_unit_test(test_oom_kills_the_biggest),
		cmocka_unit_test(test_swap_avoids_oom),
		cmocka_unit_test(test_oracle_anonfill_fit),
		cmocka_unit_test(test_oracle_anonfill_over_noswap),
		cmocka_unit_test(test_oracle_anonfill_over_swap),
		cmocka_unit_test(test_oracle_filewrite),
		cmocka_unit_test(test_filewrite_slow_disk),
		cmocka_unit_test(test_oracle_hotset_survives_stream),
		cmocka_unit_test(test_oracle_hotset_large_folios),
		cmocka_unit_test(test_anonfill_hotcold),
		test_sim_unit_test(test_watchdog_names_the_spinner),
		test_sim_unit_test(test_watchdog_report_is_capped),
		test_sim_unit_test(test_watchdog_quiet_on_a_normal_run),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

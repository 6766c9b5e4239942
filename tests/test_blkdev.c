// SPDX-License-Identifier: MIT
/*
 * test_blkdev.c - the block device model (src/dev/blkdev.c) driven by
 * hand: requests of known size submitted at once, their completion times
 * checked exactly.  The device overlaps up to depth per-request latencies
 * and transfers at its bandwidth one request after the other, so the
 * aggregate rate is the bandwidth, not depth x bandwidth.
 */
#include "testsim.h"

#define NR_REQ 8
#define REQ_PAGES 32 /* 128 KiB of 4 KiB pages */

/* 125 MiB/s moves a 128 KiB request in exactly 1 ms */
#define INI(latency)                                            \
	"[machine]\nmemory = 64M\ndisk_latency = " latency "\n" \
	"disk_bandwidth = 125M\ndisk_depth = 4\n"

/* end_io: when each request completed */
static u64 done_ns[64];

static void record_end_io(struct sim *sim, struct bio *bio)
{
	done_ns[bio->private] = sim->eng.now;
}

static void submit_reads(struct sim *sim, unsigned int n, u64 *ret)
{
	for (unsigned int i = 0; i < n; i++) {
		struct bio *bio = bio_alloc(sim, &sim->disk_dev, REQ_OP_READ, record_end_io);

		for (unsigned int p = 0; p < REQ_PAGES; p++)
			bio->pfns[bio->nr_pages++] = 0;
		bio->private = i;
		ret[i] = submit_bio(sim, &sim->disk_dev, bio, 0);
	}
}

/* Run the device's completion events up to @until (all of them: ~0). */
static void run_completions(struct sim *sim, u64 until)
{
	struct event ev;

	while (event_pop(sim, &ev)) {
		if (ev.time > until) {
			event_push(sim, ev.time, ev.fn, ev.ptr, ev.arg);
			return;
		}
		sim->eng.now = ev.time;
		if (ev.fn == blk_end_io)
			ev.fn(sim, ev.ptr, ev.arg);
	}
}

static void assert_completions(struct sim *sim, const u64 *want)
{
	u64 ret[NR_REQ];

	assert_int_equal(sim->page_size, 4096);
	submit_reads(sim, NR_REQ, ret);
	run_completions(sim, ~0ULL);
	for (unsigned int i = 0; i < NR_REQ; i++) {
		assert_int_equal(ret[i], want[i]);
		assert_int_equal(done_ns[i], want[i]);
	}
	assert_int_equal(sim->disk_dev.inflight_pages, 0);
}

/*
 * Bandwidth-bound: 100 us of latency, 1 ms of transfer per request, depth
 * 4.  The four first latencies overlap; the transfers follow one another,
 * so request i completes at 0.1 + (i + 1) ms: 1 MiB in 8.1 ms, 125 MiB/s
 * (each request having the whole bandwidth gave 1.1 ms for the first four
 * and 2.2 ms for the rest, 4 x the bandwidth).
 */
static void test_bandwidth_shared(void **state)
{
	struct sim *sim = test_sim_from_text(state, "dev.ini", INI("100us"));
	u64 want[NR_REQ];

	for (unsigned int i = 0; i < NR_REQ; i++)
		want[i] = 100 * NSEC_PER_USEC + (i + 1) * NSEC_PER_MSEC;
	assert_completions(sim, want);
}

/*
 * Latency-bound: 10 ms of latency, 1 ms of transfer, depth 4.  The first
 * four wait out one latency together and transfer in turn (11-14 ms); the
 * fifth takes the slot the first frees at 11 ms and pays its own latency,
 * 21 ms, then its transfer: 22 ms, and so on.
 */
static void test_latency_per_request(void **state)
{
	struct sim *sim = test_sim_from_text(state, "dev.ini", INI("10ms"));
	const u64 want[NR_REQ] = { 11, 12, 13, 14, 22, 23, 24, 25 };
	u64 want_ns[NR_REQ];

	for (unsigned int i = 0; i < NR_REQ; i++)
		want_ns[i] = want[i] * NSEC_PER_MSEC;
	assert_completions(sim, want_ns);
}

/*
 * The request queue holds nr_requests = max(2 x depth, 64) requests of
 * 128 KiB: 64 requests fill it (a writer would now sleep on queue_wait,
 * as in blk_mq_get_tag); the first completion makes room.  Meanwhile only
 * depth requests are on the device, and the latencies of the later ones
 * hide behind the transfers before them: the 64th completes one latency
 * and 64 transfers after the start.
 */
static void test_queue_room(void **state)
{
	struct sim *sim = test_sim_from_text(state, "dev.ini", INI("100us"));
	struct blkdev *dev = &sim->disk_dev;
	u64 ret[64];

	submit_reads(sim, 63, ret);
	assert_false(blk_queue_full(dev));
	submit_reads(sim, 1, ret + 63);
	assert_true(blk_queue_full(dev));
	assert_int_equal(ret[63], 100 * NSEC_PER_USEC + 64 * NSEC_PER_MSEC);
	run_completions(sim, ret[0]);
	assert_int_equal(done_ns[0], 100 * NSEC_PER_USEC + NSEC_PER_MSEC);
	assert_false(blk_queue_full(dev));
	assert_int_equal(dev->inflight_pages, 63 * REQ_PAGES);
	run_completions(sim, ~0ULL);
	assert_int_equal(dev->inflight_pages, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		test_sim_unit_test(test_bandwidth_shared),
		test_sim_unit_test(test_latency_per_request),
		test_sim_unit_test(test_queue_room),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

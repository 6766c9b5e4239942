// SPDX-License-Identifier: MIT
/*
 * test_blkdev.c - the block device model (src/dev/blkdev.c) driven by
 * hand: requests of known size submitted at once, their completion times
 * checked exactly.  The device overlaps up to depth per-request latencies
 * and transfers at its bandwidth one request after the other, so the
 * aggregate rate is the bandwidth, not depth x bandwidth.  Requests wait
 * in the queue until a slot frees; while they wait, writes to neighbouring
 * sectors merge into them from either side, in whatever order they come.
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

static void submit_reads(struct sim *sim, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++) {
		struct bio *bio = bio_alloc(sim, &sim->disk_dev, REQ_OP_READ, record_end_io);

		for (unsigned int p = 0; p < REQ_PAGES; p++)
			bio->pfns[bio->nr_pages++] = 0;
		bio->private = i;
		submit_bio(sim, &sim->disk_dev, bio, 0);
	}
}

/* A write of @nr_pages at @sector (pages), known to end_io as @id. */
static void submit_write(struct sim *sim, u64 sector, unsigned int nr_pages, unsigned int id)
{
	struct bio *bio = bio_alloc(sim, &sim->disk_dev, REQ_OP_WRITE, record_end_io);

	for (unsigned int p = 0; p < nr_pages; p++)
		bio->pfns[bio->nr_pages++] = 0;
	bio->sector = sector;
	bio->private = id;
	submit_bio(sim, &sim->disk_dev, bio, sim->eng.now);
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
	assert_int_equal(sim->page_size, 4096);
	submit_reads(sim, NR_REQ);
	run_completions(sim, ~0ULL);
	for (unsigned int i = 0; i < NR_REQ; i++)
		assert_int_equal(done_ns[i], want[i]);
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

	submit_reads(sim, 63);
	assert_false(blk_queue_full(dev));
	submit_reads(sim, 1);
	assert_true(blk_queue_full(dev));
	run_completions(sim, 100 * NSEC_PER_USEC + NSEC_PER_MSEC);
	assert_int_equal(done_ns[0], 100 * NSEC_PER_USEC + NSEC_PER_MSEC);
	assert_false(blk_queue_full(dev));
	assert_int_equal(dev->inflight_pages, 63 * REQ_PAGES);
	run_completions(sim, ~0ULL);
	assert_int_equal(done_ns[0], 100 * NSEC_PER_USEC + 64 * NSEC_PER_MSEC); /* the 64th */
	assert_int_equal(dev->inflight_pages, 0);
}

/* One slot: 1 ms of latency per request, then 4 GiB/s (953 ns a 4 KiB page) */
#define INI_ONE "[machine]\nmemory = 64M\ndisk_latency = 1ms\ndisk_bandwidth = 4G\ndisk_depth = 1\n"

/*
 * Writes queued behind a busy device merge whatever order they come in:
 * sector 11 after 10 (back merge), 9 before 10 (front merge, though the
 * request is no longer the last queued: 20 came between), and 12 joins
 * the request 9..11; 13..14 submitted as a request of its own before 12
 * arrived is merged in by attempt_back_merge.  Three requests go to the
 * device: the first (sector 0), 9..14 and 20, and every bio completes
 * with its request.  Reclaimers woken in another order than they took
 * their swap slots wrote like this (seed 000's run-up, docs/model.md).
 */
static void test_merge_any_order(void **state)
{
	struct sim *sim = test_sim_from_text(state, "dev.ini", INI_ONE);
	struct blkdev *dev = &sim->disk_dev;

	submit_write(sim, 0, 1, 0); /* dispatched at once: holds the one slot */
	submit_write(sim, 10, 1, 1);
	submit_write(sim, 11, 1, 2); /* back */
	submit_write(sim, 20, 1, 3);
	submit_write(sim, 9, 1, 4); /* front, not the last request queued */
	submit_write(sim, 13, 2, 5);
	assert_int_equal(dev->nr_writes, 4);
	submit_write(sim, 12, 1, 6); /* back, then 13..14 joins */
	assert_int_equal(dev->nr_write_merges, 4);
	submit_write(sim, 1, 1, 7); /* the first request is on the device: no merge */
	assert_int_equal(dev->nr_writes, 5);
	run_completions(sim, ~0ULL);
	/* 1 ms each, one after another: 0 | 9..14 | 20 | 1 */
	assert_int_equal(done_ns[0], NSEC_PER_MSEC + 4096 * NSEC_PER_SEC / (4ULL << 30));
	for (unsigned int id = 1; id <= 6; id++)
		if (id != 3)
			assert_int_equal(done_ns[id], done_ns[4]);
	assert_true(done_ns[4] > done_ns[0] && done_ns[3] > done_ns[4] && done_ns[7] > done_ns[3]);
	assert_int_equal(dev->inflight_pages, 0);
}

/* Reads and writes of unknown place never merge; nor beyond 512 KiB. */
static void test_merge_limits(void **state)
{
	struct sim *sim = test_sim_from_text(state, "dev.ini", INI_ONE);
	struct blkdev *dev = &sim->disk_dev;

	submit_write(sim, 0, 1, 0);
	submit_write(sim, 1, 100, 1);
	submit_write(sim, 101, 28, 2); /* 128 pages: 512 KiB */
	submit_write(sim, 129, 1, 3); /* would make 516 KiB */
	submit_write(sim, BIO_NO_SECTOR, 1, 4);
	assert_int_equal(dev->nr_writes, 4);
	assert_int_equal(dev->nr_write_merges, 1);
	run_completions(sim, ~0ULL);
	assert_int_equal(done_ns[1], done_ns[2]);
	assert_true(done_ns[3] > done_ns[2]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		test_sim_unit_test(test_bandwidth_shared),
		test_sim_unit_test(test_latency_per_request),
		test_sim_unit_test(test_queue_room),
		test_sim_unit_test(test_merge_any_order),
		test_sim_unit_test(test_merge_limits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: MIT
/*
 * test_blkdev.c - the block device model (src/dev/blkdev.c) driven by
 * hand: requests of known size submitted at once, their completion times
 * checked exactly.  The device overlaps up to depth per-request latencies
 * and transfers at its bandwidth one request after the other, so the
 * aggregate rate is the bandwidth, not depth x bandwidth.  Requests wait
 * in the queue until a slot frees; while they wait, bios to neighbouring
 * sectors merge into them from either side, in whatever order they come.
 * Requests are counted (nr_requests, per direction in 2.6.x with the
 * congestion thresholds): only a bio that cannot merge waits, and one
 * waiter is woken per freed request.  The hdd preset has a head: dd
 * streams at its bandwidth, random reads pay a seek and half a rotation.
 */
#include "testsim.h"

#define NR_REQ 8
#define REQ_PAGES 32 /* 128 KiB of 4 KiB pages */

/*
 * The device's own timing: no CPU for a request's submission or
 * completion (test_request_cpu has them), each section below starting
 * with it
 */
#define NO_RQ_CPU "[cost]\nblk_submit_ns = 0\nblk_complete_ns = 0\nblk_complete_page_ns = 0\n"

/* 125 MiB/s moves a 128 KiB request in exactly 1 ms */
#define INI(latency)                                                      \
	NO_RQ_CPU "[machine]\nmemory = 64M\ndisk_latency = " latency "\n" \
		  "disk_bandwidth = 125M\ndisk_depth = 4\n"

/* end_io: when each request completed */
static u64 done_ns[64];

static void record_end_io(struct sim *sim, struct bio *bio)
{
	done_ns[bio->private] = sim->eng.now;
}

/*
 * @n reads of REQ_PAGES, known to end_io as 0..n-1, each at a place of its
 * own: a gap of REQ_PAGES after the last one read, so that none merges
 */
static void submit_reads(struct sim *sim, unsigned int n)
{
	static u64 sector;

	for (unsigned int i = 0; i < n; i++) {
		struct bio *bio = bio_alloc(sim, &sim->disk_dev, REQ_OP_READ, record_end_io);

		for (unsigned int p = 0; p < REQ_PAGES; p++)
			assert_true(bio_add_pfn(sim, bio, 0));
		bio->sector = sector;
		sector += 2 * REQ_PAGES;
		bio->private = i;
		submit_bio(sim, &sim->disk_dev, bio, 0);
	}
}

/* A write of @nr_pages at @sector (pages), known to end_io as @id. */
static void submit_write(struct sim *sim, u64 sector, unsigned int nr_pages, unsigned int id)
{
	struct bio *bio = bio_alloc(sim, &sim->disk_dev, REQ_OP_WRITE, record_end_io);

	for (unsigned int p = 0; p < nr_pages; p++)
		assert_true(bio_add_pfn(sim, bio, 0));
	bio->sector = sector;
	bio->private = id;
	submit_bio(sim, &sim->disk_dev, bio, sim->eng.now);
}

/*
 * Run the device's events up to @until (all of them: ~0): its completions,
 * and with @timers its own timers too (wbt's window); others are dropped.
 */
static void run_device_events(struct sim *sim, u64 until, bool timers)
{
	struct event ev;

	while (event_pop(sim, &ev)) {
		if (ev.time > until) {
			event_push(sim, ev.time, ev.fn, ev.ptr, ev.arg);
			return;
		}
		sim->eng.now = ev.time;
		if (ev.fn == blk_end_io || ev.fn == blk_batch_end ||
		    (timers && ev.ptr == &sim->disk_dev))
			ev.fn(sim, ev.ptr, ev.arg);
	}
}

/* Run the device's completion events up to @until (all of them: ~0). */
static void run_completions(struct sim *sim, u64 until)
{
	run_device_events(sim, until, false);
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
 * blk-mq (the 6.12 profile): nr_requests = max(2 x depth, 64) tags,
 * shared by reads and writes, whatever the requests' sizes: 64 requests
 * take them all (a writer would now sleep on queue_wait, as in
 * blk_mq_get_tag); the first completion frees one.  Meanwhile only depth
 * requests are on the device, and the latencies of the later ones hide
 * behind the transfers before them: the 64th completes one latency and 64
 * transfers after the start.  blk-mq has no congested state.
 */
static void test_queue_room(void **state)
{
	struct sim *sim = test_sim_from_text(state, "dev.ini", INI("100us"));
	struct blkdev *dev = &sim->disk_dev;

	assert_int_equal(dev->nr_requests, 64);
	submit_reads(sim, 63);
	assert_false(blk_queue_full(dev, REQ_OP_WRITE));
	submit_reads(sim, 1);
	assert_true(blk_queue_full(dev, REQ_OP_WRITE)); /* one pool of tags */
	assert_false(blk_write_congested(dev));
	run_completions(sim, 100 * NSEC_PER_USEC + NSEC_PER_MSEC);
	assert_int_equal(done_ns[0], 100 * NSEC_PER_USEC + NSEC_PER_MSEC);
	assert_false(blk_queue_full(dev, REQ_OP_READ));
	assert_int_equal(dev->inflight_pages, 63 * REQ_PAGES);
	run_completions(sim, ~0ULL);
	assert_int_equal(done_ns[0], 100 * NSEC_PER_USEC + 64 * NSEC_PER_MSEC); /* the 64th */
	assert_int_equal(dev->inflight_pages, 0);
}

/*
 * disk_completion = batch (the oracle VM's virtio disk): the device books
 * test_bandwidth_shared's transfers alike, but signals nothing until its
 * last booked transfer has ended, then every request at once.  Four reads
 * at 0 would end at 1.1-4.1 ms; four writes issued at 2 ms, while they
 * are written, transfer after them (5.1-8.1 ms) and join the batch: all
 * eight complete at 8.1 ms.  A read issued with the device idle again
 * completes at its own transfer's end.
 */
static void test_completion_batch(void **state)
{
	struct sim *sim =
		test_sim_from_text(state, "dev.ini", INI("100us") "disk_completion = batch\n");
	struct blkdev *dev = &sim->disk_dev;

	memset(done_ns, 0, sizeof(done_ns));
	submit_reads(sim, 4);
	run_completions(sim, 2 * NSEC_PER_MSEC);
	assert_int_equal(done_ns[0], 0);
	assert_int_equal(dev->in_flight, 4);
	sim->eng.now = 2 * NSEC_PER_MSEC;
	for (unsigned int i = 4; i < 8; i++)
		submit_write(sim, 100000 + 1000 * i, REQ_PAGES, i);
	run_completions(sim, 8100 * NSEC_PER_USEC - 1);
	assert_int_equal(done_ns[3], 0);
	assert_int_equal(dev->in_flight, 8);
	run_completions(sim, 8100 * NSEC_PER_USEC);
	for (unsigned int i = 0; i < 8; i++)
		assert_int_equal(done_ns[i], 8100 * NSEC_PER_USEC);
	assert_int_equal(dev->in_flight, 0);
	assert_int_equal(dev->inflight_pages, 0);
	sim->eng.now = 20 * NSEC_PER_MSEC;
	submit_write(sim, 500000, REQ_PAGES, 9);
	run_completions(sim, ~0ULL);
	assert_int_equal(done_ns[9], 21100 * NSEC_PER_USEC);
}

/*
 * completion = batch signals nothing while the device stays busy: 60
 * writes of 1 ms each, one every 0.5 ms, keep a transfer booked from 0.1
 * ms to 60.1 ms, and the first, whose transfer ended at 1.1 ms, is
 * signalled with the last at 60.1 ms.  The oracle VM's disk was traced
 * only with pauses between its batches (bench/results/ddsleep-trace.txt:
 * the writers wait for these completions); how long the host holds a
 * continuous stream's completions was not measured, so the model's bound
 * is the device's next pause.
 */
static void test_completion_batch_busy(void **state)
{
	struct sim *sim =
		test_sim_from_text(state, "dev.ini", INI("100us") "disk_completion = batch\n");

	memset(done_ns, 0, sizeof(done_ns));
	for (unsigned int i = 0; i < 60; i++) {
		sim->eng.now = i * NSEC_PER_MSEC / 2;
		submit_write(sim, 100000 + 1000 * i, REQ_PAGES, i);
		run_completions(sim, sim->eng.now);
		assert_int_equal(done_ns[0], 0);
	}
	run_completions(sim, 60100 * NSEC_PER_USEC - 1);
	assert_int_equal(done_ns[0], 0);
	assert_int_equal(sim->disk_dev.in_flight, 60);
	run_completions(sim, ~0ULL);
	for (unsigned int i = 0; i < 60; i++)
		assert_int_equal(done_ns[i], 60100 * NSEC_PER_USEC);
}

/* One slot: 1 ms of latency per request, then 4 GiB/s (953 ns a 4 KiB page) */
#define INI_ONE                                                                              \
	NO_RQ_CPU                                                                            \
	"[machine]\nmemory = 64M\ndisk_latency = 1ms\ndisk_bandwidth = 4G\ndisk_depth = 1\n" \
	"[policy]\nblk_max_sectors_kb = 512\n"

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
	assert_int_equal(dev->in_flight, 4);
	submit_write(sim, 12, 1, 6); /* back, then 13..14 joins */
	/* bio merges only: the request 13..14 joining is not one (diskstats) */
	assert_int_equal(dev->stats[REQ_OP_WRITE].merges, 3);
	assert_int_equal(dev->in_flight, 3); /* 13..14's request was freed */
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
	assert_int_equal(dev->stats[REQ_OP_WRITE].ios, 4);
	assert_int_equal(dev->stats[REQ_OP_WRITE].sectors, 9 * 8);
	assert_int_equal(dev->in_flight, 0);
}

/* Bios do not merge beyond max_sectors_kb (512 KiB here). */
static void test_merge_limits(void **state)
{
	struct sim *sim = test_sim_from_text(state, "dev.ini", INI_ONE);
	struct blkdev *dev = &sim->disk_dev;

	submit_write(sim, 0, 1, 0);
	submit_write(sim, 1, 100, 1);
	submit_write(sim, 101, 28, 2); /* 128 pages: 512 KiB */
	submit_write(sim, 129, 1, 3); /* would make 516 KiB */
	assert_int_equal(dev->nr_writes, 3);
	assert_int_equal(dev->stats[REQ_OP_WRITE].merges, 1);
	run_completions(sim, ~0ULL);
	assert_int_equal(done_ns[1], done_ns[2]);
	assert_true(done_ns[3] > done_ns[2]);
}

/* A bio of @op, @nr_pages at @sector, known to end_io as @id. */
static void submit_at(struct sim *sim, enum bio_op op, u64 sector, unsigned int nr_pages,
		      unsigned int id)
{
	struct bio *bio = bio_alloc(sim, &sim->disk_dev, op, record_end_io);

	for (unsigned int p = 0; p < nr_pages; p++)
		assert_true(bio_add_pfn(sim, bio, 0));
	bio->sector = sector;
	bio->private = id;
	submit_bio(sim, &sim->disk_dev, bio, sim->eng.now);
}

/* The ids of @rq's bios, first to last, in @ids; their number */
static unsigned int rq_bio_ids(const struct blk_request *rq, unsigned int *ids)
{
	unsigned int n = 0;

	for (const struct bio *bio = rq->first; bio; bio = bio->merged)
		ids[n++] = (unsigned int)bio->private;
	return n;
}

/*
 * The merge lookups (the hash by end sector, the lookup by start) find
 * what a walk of the queue from its oldest request found: a bio joins the
 * request it continues (back) or precedes (front), of its own direction
 * only; a request grown by attempt_back_merge is found under its new end;
 * and where two requests could take a bio - 31 ends at 31's back (30) and
 * starts at 32's front - the one queued first (32) takes it and then the
 * other.  Queue: A 9..15 (bios 9, 10-11, 12, 13, 14, 15), the read
 * 12..13, E 30..32 (30, 31, 32).
 */
static void test_merge_lookup(void **state)
{
	struct sim *sim = test_sim_from_text(state, "dev.ini", INI_ONE);
	struct blkdev *dev = &sim->disk_dev;
	const struct blk_request *a, *c, *e;
	static const unsigned int want_a[] = { 9, 1, 6, 7, 2, 8 }, want_e[] = { 5, 11, 4 };
	unsigned int ids[8];

	submit_at(sim, REQ_OP_WRITE, 1000, 1, 0); /* on the device: holds the one slot */
	submit_at(sim, REQ_OP_WRITE, 10, 2, 1); /* A */
	submit_at(sim, REQ_OP_WRITE, 14, 1, 2); /* B */
	submit_at(sim, REQ_OP_READ, 12, 1, 3); /* C: a read, which writes never join */
	submit_at(sim, REQ_OP_WRITE, 32, 1, 4); /* E */
	submit_at(sim, REQ_OP_WRITE, 30, 1, 5); /* D */
	submit_at(sim, REQ_OP_WRITE, 12, 1, 6); /* A's back: A 10..12 */
	submit_at(sim, REQ_OP_WRITE, 13, 1, 7); /* A's back, then B joins: A 10..14 */
	assert_int_equal(dev->in_flight, 5);
	submit_at(sim, REQ_OP_WRITE, 15, 1, 8); /* A's new end: A 10..15 */
	submit_at(sim, REQ_OP_WRITE, 9, 1, 9); /* A's front: A 9..15 */
	submit_at(sim, REQ_OP_READ, 13, 1, 10); /* C's back: C 12..13 */
	submit_at(sim, REQ_OP_WRITE, 31, 1, 11); /* E's front (E before D), then D joins */
	assert_int_equal(dev->nr_writes, 5);
	assert_int_equal(dev->nr_reads, 1);
	assert_int_equal(dev->stats[REQ_OP_WRITE].merges, 5);
	assert_int_equal(dev->stats[REQ_OP_READ].merges, 1);
	assert_int_equal(dev->in_flight, 4);
	assert_int_equal(dev->nr_queued, 3);

	a = dev->queue;
	c = a->next;
	e = c->next;
	assert_int_equal(a->op, REQ_OP_WRITE);
	assert_int_equal(a->sector, 9);
	assert_int_equal(a->nr_pages, 7);
	assert_int_equal(rq_bio_ids(a, ids), 6);
	assert_memory_equal(ids, want_a, sizeof(want_a));
	assert_int_equal(c->op, REQ_OP_READ);
	assert_int_equal(c->sector, 12);
	assert_int_equal(c->nr_pages, 2);
	assert_int_equal(e->sector, 30);
	assert_int_equal(e->nr_pages, 3);
	assert_int_equal(rq_bio_ids(e, ids), 3);
	assert_memory_equal(ids, want_e, sizeof(want_e));
	assert_null(e->next);
	assert_ptr_equal(dev->queue_last, e);

	run_completions(sim, ~0ULL);
	assert_int_equal(dev->stats[REQ_OP_WRITE].ios, 3);
	assert_int_equal(dev->stats[REQ_OP_READ].ios, 1);
	/* FIFO, 1 ms each: 1000 | A | C | E */
	for (unsigned int i = 0; i < 6; i++)
		assert_int_equal(done_ns[want_a[i]], done_ns[9]);
	assert_int_equal(done_ns[10], done_ns[3]);
	assert_int_equal(done_ns[5], done_ns[4]);
	assert_int_equal(done_ns[11], done_ns[4]);
	assert_true(done_ns[0] < done_ns[9] && done_ns[9] < done_ns[3] && done_ns[3] < done_ns[4]);
	assert_int_equal(dev->inflight_pages, 0);
}

/* 2.6.25: 128 requests per direction; 1 ms and 953 ns (4 KiB at 4 GiB/s) each */
#define INI_RL                                                                               \
	NO_RQ_CPU                                                                            \
	"[machine]\nmemory = 64M\ndisk_latency = 1ms\ndisk_bandwidth = 4G\ndisk_depth = 1\n" \
	"[policy]\nkernel = 2.6.25\n"
#define RQ_NS (NSEC_PER_MSEC + 4096 * NSEC_PER_SEC / (4ULL << 30))

/*
 * The 2.6.x request list: congested from the 113th write request
 * (blk_queue_congestion_threshold), full at the 128th - then only a bio
 * that merges with a queued request goes on without waiting - and reads
 * have requests of their own.  Each freed request wakes one of the three
 * writers waiting for one (freed_request's wake_up of an exclusive
 * waiter), not all; below 103 requests the queue is no longer congested.
 */
static void test_request_list(void **state)
{
	struct sim *sim = test_sim_from_text(state, "dev.ini", INI_RL);
	struct blkdev *dev = &sim->disk_dev;
	struct task *w[3], *nap;

	assert_int_equal(dev->nr_requests, 128);
	assert_int_equal(dev->congestion_on, 113);
	assert_int_equal(dev->congestion_off, 103);
	for (unsigned int i = 0; i < 112; i++)
		submit_write(sim, 10 * i, 1, 0);
	assert_false(blk_write_congested(dev));
	submit_write(sim, 10 * 112, 1, 0);
	assert_true(blk_write_congested(dev));
	for (unsigned int i = 113; i < 128; i++)
		submit_write(sim, 10 * i, 1, 0);
	assert_true(blk_queue_full(dev, REQ_OP_WRITE));
	assert_false(blk_queue_full(dev, REQ_OP_READ));
	assert_true(blk_bio_must_wait(dev, NULL, REQ_OP_WRITE, 5000, 1, false));
	assert_false(blk_bio_must_wait(dev, NULL, REQ_OP_WRITE, 10 * 127 + 1, 1,
				       false)); /* back merge */
	assert_false(
		blk_bio_must_wait(dev, NULL, REQ_OP_WRITE, 10 * 127 - 1, 1, false)); /* front */
	/* a woken waiter batches: 32 requests within 20 ms, up to 192 in all */
	assert_true(blk_ioc_batching(dev, BLK_BATCH_REQ, 30 * NSEC_PER_MSEC));
	assert_true(blk_ioc_batching(dev, 5, 19 * NSEC_PER_MSEC));
	assert_false(blk_ioc_batching(dev, 5, 20 * NSEC_PER_MSEC));
	assert_false(blk_ioc_batching(dev, 0, 0));
	assert_false(blk_bio_must_wait(dev, NULL, REQ_OP_WRITE, 5000, 1, true));
	dev->count[REQ_OP_WRITE] = 192;
	assert_true(blk_bio_must_wait(dev, NULL, REQ_OP_WRITE, 5000, 1, true));
	dev->count[REQ_OP_WRITE] = 128;
	for (unsigned int i = 0; i < 3; i++) {
		w[i] = test_task_in(sim, sim->memcgs[0]);
		task_sleep(w[i], &dev->queue_wait, 0);
	}
	run_completions(sim, RQ_NS);
	assert_int_equal(dev->count[REQ_OP_WRITE], 127);
	assert_int_equal(dev->queue_wait.nr, 2);
	assert_true(w[0]->state != TASK_BLOCKED && w[1]->state == TASK_BLOCKED);
	run_completions(sim, 15 * RQ_NS); /* 113 left */
	assert_true(blk_write_congested(dev));
	assert_int_equal(dev->queue_wait.nr, 0);
	/* congestion_wait() sleeps until a write request is freed below 103 */
	nap = test_task_in(sim, sim->memcgs[0]);
	task_sleep(nap, &sim->congestion_wait, 0);
	run_completions(sim, 25 * RQ_NS); /* 103 */
	assert_true(nap->state == TASK_BLOCKED);
	run_completions(sim, 26 * RQ_NS); /* 102 */
	assert_false(blk_write_congested(dev));
	assert_true(nap->state != TASK_BLOCKED);
	run_completions(sim, ~0ULL);
	assert_int_equal(dev->count[REQ_OP_WRITE], 0);
	assert_int_equal(dev->stats[REQ_OP_WRITE].ios, 128);
	/* 128 requests one after the other, each in flight from time 0 */
	assert_int_equal(dev->io_ticks_ns, 128 * RQ_NS);
	assert_int_equal(dev->time_in_queue_ns, 128 * 129 / 2 * RQ_NS);
	assert_int_equal(dev->stats[REQ_OP_WRITE].ticks_ns, 128 * 129 / 2 * RQ_NS);
}

#define INI_HDD NO_RQ_CPU "[machine]\nmemory = 64M\ndisk_device = hdd\n"
/* 128 KiB at 150 MiB/s; the hdd preset's half revolution at 7200 rpm */
#define XFER_128K_NS (32ULL * 4096 * NSEC_PER_SEC / (150ULL << 20))
#define HALF_REV_NS (60 * NSEC_PER_SEC / 7200 / 2)

/* A read of @nr_pages at @sector, submitted now on an idle device; the time it took. */
static u64 read_at(struct sim *sim, u64 sector, unsigned int nr_pages)
{
	struct bio *bio = bio_alloc(sim, &sim->disk_dev, REQ_OP_READ, record_end_io);
	u64 t0 = sim->eng.now;

	for (unsigned int p = 0; p < nr_pages; p++)
		assert_true(bio_add_pfn(sim, bio, 0));
	bio->sector = sector;
	bio->private = 0;
	submit_bio(sim, &sim->disk_dev, bio, t0);
	/* the device's completion only: the run's other events (timers) are dropped */
	run_completions(sim, ~0ULL);
	return done_ns[0] - t0;
}

/*
 * The disk's head: a request that starts where the last one ended pays its
 * transfer only; 4 MB away, a short seek (one track's 1 ms plus a little:
 * the square root of a 4e-6 share of the stroke) and half a revolution
 * (jitter off); in another file, the average seek.
 */
static void test_head(void **state)
{
	struct sim *sim = test_sim_from_text(state, "dev.ini", INI_HDD);
	u64 seek;

	assert_int_equal(read_at(sim, 0, REQ_PAGES), XFER_128K_NS);
	assert_int_equal(read_at(sim, 32, REQ_PAGES), XFER_128K_NS);
	seek = read_at(sim, 64 + 1000, REQ_PAGES) - HALF_REV_NS - XFER_128K_NS;
	assert_true(seek > 1020 * NSEC_PER_USEC && seek < 1030 * NSEC_PER_USEC);
	assert_int_equal(read_at(sim, 1ULL << 32, REQ_PAGES),
			 8500 * NSEC_PER_USEC + HALF_REV_NS + XFER_128K_NS);
}

/*
 * Random 4 KiB reads over the whole disk, one at a time, rotational delays
 * drawn: about 1 / (average seek + half a revolution) = 1 / 12.67 ms = 79
 * IOPS.  The seek curve's mean over uniform random pairs is 8.71 ms (its
 * average, 8.5 ms, is the seek over a third of the stroke), so 77.5.
 */
static void test_random_read_iops(void **state)
{
	struct sim *sim = test_sim_from_text(state, "dev.ini", INI_HDD "[run]\njitter = on\n");
	u64 pages = sim->disk_dev.capacity / 4096, x = 12345, busy = 0;
	const unsigned int n = 4000;
	double iops;

	for (unsigned int i = 0; i < n; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL; /* Knuth's MMIX LCG */
		busy += read_at(sim, (x >> 20) % pages, 1);
	}
	iops = n / ((double)busy / 1e9);
	assert_true(iops > 1e3 / 12.67 * 0.95 && iops < 1e3 / 12.67 * 1.05);
}

/*
 * dd of 4 x RAM with conv=fsync on the hdd preset streams within 10 % of
 * its 150 MiB/s (157.3 MB/s): the flusher's bios follow one another on the
 * disk and pay their transfer only, with 1 MiB bios of 4 KiB pages (x86-64)
 * as with 16 MiB bios of 64 KiB pages split at max_sectors (ppc64).
 */
static void assert_dd_streams(const char *machine)
{
	char ini[512];
	struct sim *sim;
	double mbs;

	snprintf(ini, sizeof(ini),
		 "[machine]\ncpus = 2\n%sdisk_device = hdd\n"
		 "[workload dd]\ntype = simple_writeback\njobs = 1\nmax_jobs = 1\n"
		 "size = 1G\nblock = 1M\n[run]\nduration = 600s\n",
		 machine);
	sim = test_sim_from_text(NULL, "dd.ini", ini);
	assert_int_equal(sim_run(sim), 0);
	mbs = test_workload_figure(sim, "dd", "jobs1_MB_per_s");
	assert_true(mbs > 157.3 * 0.9 && mbs <= 157.3);
	assert_true(sim->disk_dev.stats[REQ_OP_WRITE].sectors >= (1ULL << 30) / 512);
	sim_destroy(sim);
}

static void test_dd_sequential(void **state)
{
	(void)state;
	assert_dd_streams("memory = 256M\n");
	assert_dd_streams("memory = 256M\npage_size = 64K\nzones = DMA:rest\n");
}

/* A write of @nr_pages at @sector, id @id, through @t's plug (task_submit_bio). */
static void task_write(struct task *t, u64 sector, unsigned int nr_pages, unsigned int id)
{
	struct sim *sim = t->sim;
	struct bio *bio = bio_alloc(sim, &sim->disk_dev, REQ_OP_WRITE, record_end_io);

	for (unsigned int p = 0; p < nr_pages; p++)
		assert_true(bio_add_pfn(sim, bio, 0));
	bio->sector = sector;
	bio->private = id;
	task_submit_bio(t, &sim->disk_dev, bio);
}

/*
 * Per-task plugging (v2.6.39+, the default profile): between
 * blk_start_plug and blk_finish_plug the device sees nothing, though it
 * is idle; neighbouring bios merge in the plug (counted as merges), a
 * bio that merges with nothing takes a request of its own on the plug
 * list, and one that finds the plug's last request at
 * BLK_PLUG_FLUSH_SIZE (128 KiB: 32 pages) flushes the list first.  A
 * task about to sleep submits its plug (sched_submit_work); nested plugs
 * flush at the outermost blk_finish_plug only.
 */
static void test_task_plug(void **state)
{
	struct sim *sim = test_sim_from_text(state, "dev.ini", INI_ONE);
	struct blkdev *dev = &sim->disk_dev;
	struct task *t = test_task_in(sim, sim->memcgs[0]);
	struct blk_plug *plug = &mm_task(t)->plug;

	assert_int_equal(sim->scn.policy.blk_plug, BLK_PLUG_TASK);
	blk_start_plug(sim, plug);
	blk_start_plug(sim, plug); /* nested: the outer one rules */
	task_write(t, 10, 1, 0);
	task_write(t, 11, 1, 1); /* back merge in the plug */
	task_write(t, 9, 1, 2); /* front merge in the plug */
	task_write(t, 40, 1, 3); /* a request of its own, plugged */
	assert_int_equal(dev->stats[REQ_OP_WRITE].merges, 2);
	assert_int_equal(dev->nr_writes, 2);
	assert_int_equal(plug->rq_count, 2);
	assert_int_equal(dev->nr_queued, 0);
	assert_true(dev->slot_busy_until[0] == 0); /* the device saw nothing */
	blk_finish_plug(sim, plug, sim->eng.now);
	assert_int_equal(plug->rq_count, 2); /* nested finish: still plugged */
	blk_finish_plug(sim, plug, sim->eng.now);
	assert_null(plug->list);
	assert_true(dev->slot_busy_until[0] > 0);
	run_completions(sim, ~0ULL);
	assert_int_equal(dev->stats[REQ_OP_WRITE].ios, 2);
	assert_int_equal(done_ns[0], done_ns[2]);
	assert_true(done_ns[3] > done_ns[0]);

	/* a 32-page request is as big as a plug holds: the next one flushes it */
	blk_start_plug(sim, plug);
	task_write(t, 100, 32, 4);
	assert_int_equal(plug->rq_count, 1);
	task_write(t, 200, 1, 5);
	assert_int_equal(plug->rq_count, 1);
	assert_int_equal(dev->nr_writes, 4);
	assert_int_equal(dev->stats[REQ_OP_WRITE].ios + dev->in_flight, 4);
	/* the sleep submits the rest */
	blk_sched_submit_work(t, NULL);
	assert_null(plug->list);
	blk_finish_plug(sim, plug, sim->eng.now);
	run_completions(sim, ~0ULL);
	assert_int_equal(dev->stats[REQ_OP_WRITE].ios, 4);
	assert_int_equal(dev->in_flight, 0);
}

/* A read of one page at @sector by @t, known to end_io as @id, through its plug. */
static void task_read(struct task *t, u64 sector, unsigned int id)
{
	struct sim *sim = t->sim;
	struct bio *bio = bio_alloc(sim, &sim->disk_dev, REQ_OP_READ, record_end_io);

	assert_true(bio_add_pfn(sim, bio, 0));
	bio->sector = sector;
	bio->private = id;
	task_submit_bio(t, &sim->disk_dev, bio);
}

/*
 * A plug opened by a one-page read (a swap readahead's), then 32-page
 * writes at places of their own (reclaim's, nested in it): up to v6.12
 * blk_add_rq_to_plug tests the newest request's size, so the second
 * write flushes the read and the first write; from v6.13
 * (blk_plug_flush_rq = first) it tests the oldest, the read, and only
 * BLK_MAX_REQUEST_COUNT (32) requests flush: the 32nd write finds 32
 * plugged and sends them.
 */
static unsigned int plugged_after_writes(void **state, const char *policy, unsigned int nr)
{
	char ini[256];
	struct sim *sim;
	struct task *t;
	struct blk_plug *plug;

	snprintf(ini, sizeof(ini), "%s%s", INI_ONE, policy);
	sim = test_sim_from_text(state, "dev.ini", ini);
	t = test_task_in(sim, sim->memcgs[0]);
	plug = &mm_task(t)->plug;
	blk_start_plug(sim, plug);
	task_read(t, 5000, 0);
	blk_start_plug(sim, plug);
	for (unsigned int i = 0; i < nr; i++)
		task_write(t, 100 * (i + 1), 32, 1 + i);
	blk_finish_plug(sim, plug, sim->eng.now);
	return plug->rq_count;
}

static void test_plug_flush_size(void **state)
{
	assert_int_equal(plugged_after_writes(state, "blk_plug_flush_rq = last\n", 1), 2);
	test_sim_teardown(state);
	assert_int_equal(plugged_after_writes(state, "blk_plug_flush_rq = last\n", 2), 1);
	test_sim_teardown(state);
	assert_int_equal(plugged_after_writes(state, "blk_plug_flush_rq = first\n", 2), 3);
	test_sim_teardown(state);
	assert_int_equal(plugged_after_writes(state, "blk_plug_flush_rq = first\n", 31), 32);
	test_sim_teardown(state);
	assert_int_equal(plugged_after_writes(state, "blk_plug_flush_rq = first\n", 32), 1);
}

/*
 * A plug nested in another (reclaim's in a swap readahead's) adds to the
 * outer one's list: its blk_finish_plug sends nothing, nor does the
 * task's preemption (schedule() while running); its sleep does
 * (sched_submit_work, v2.6.39+), and the outer blk_finish_plug finds the
 * list empty.
 */
struct nested_plug {
	struct test_call call;
	int stage;
};

static void nested_plug_fn(struct task *t, void *arg)
{
	struct nested_plug *n = arg;
	struct sim *sim = t->sim;
	struct blk_plug *plug = &mm_task(t)->plug;

	blk_start_plug(sim, plug); /* the readahead's */
	task_read(t, 5000, 0);
	blk_start_plug(sim, plug); /* reclaim's */
	task_write(t, 10, 1, 1);
	task_write(t, 11, 1, 2);
	task_write(t, 40, 1, 3);
	blk_finish_plug(sim, plug, task_now(t));
	n->stage = 1;
	schedule(t); /* preempted */
	n->stage = 2;
	task_sleep(t, NULL, NSEC_PER_MSEC);
	schedule(t); /* asleep */
	n->stage = 3;
	blk_finish_plug(sim, plug, task_now(t));
}

static void test_nested_plug_sleep(void **state)
{
	struct sim *sim = test_sim_from_text(state, "dev.ini", INI_ONE);
	struct blkdev *dev = &sim->disk_dev;
	struct task *t = test_task_in(sim, sim->memcgs[0]);
	struct blk_plug *plug = &mm_task(t)->plug;
	struct nested_plug n = { .stage = 0 };

	test_call_start(t, &n.call, nested_plug_fn, &n);
	assert_false(test_call_step(t));
	assert_int_equal(n.stage, 1);
	assert_int_equal(plug->depth, 1);
	assert_int_equal(plug->rq_count, 3); /* the read, writes 10-11 and 40 */
	assert_int_equal(dev->nr_queued, 0);
	assert_true(dev->slot_busy_until[0] == 0); /* the device saw nothing */
	t->state = TASK_RUNNING;
	assert_false(test_call_step(t));
	assert_int_equal(n.stage, 2);
	assert_int_equal(t->state, TASK_BLOCKED);
	assert_null(plug->list); /* the sleep sent them */
	assert_int_equal(plug->depth, 1);
	assert_true(dev->slot_busy_until[0] > 0);
	assert_int_equal(dev->nr_reads + dev->nr_writes, 3);
	run_completions(sim, ~0ULL);
	assert_int_equal(dev->stats[REQ_OP_READ].ios, 1);
	assert_int_equal(dev->stats[REQ_OP_WRITE].ios, 2);
	assert_true(done_ns[0] < done_ns[1]); /* the read first, in plug order */
}

/*
 * Before 2.6.39 (blk_plug = queue): a request that finds the queue empty
 * plugs it for unplug_delay (3 ms) - the device idles meanwhile - unless
 * unplug_thresh (4) requests queue first; blk_start_plug does nothing.
 */
static void test_queue_plug(void **state)
{
	struct sim *sim = test_sim_from_text(state, "dev.ini", INI_ONE "blk_plug = queue\n");
	struct blkdev *dev = &sim->disk_dev;
	struct task *t = test_task_in(sim, sim->memcgs[0]);
	struct event ev;

	blk_start_plug(sim, &mm_task(t)->plug);
	assert_int_equal(mm_task(t)->plug.depth, 0);
	task_write(t, 10, 1, 0);
	task_write(t, 11, 1, 1);
	assert_true(dev->plugged);
	assert_int_equal(dev->slot_busy_until[0], 0);
	/* the unplug timer, 3 ms on (the test machine's own events aside) */
	do
		assert_true(event_pop(sim, &ev));
	while (ev.fn != blk_unplug_timeout);
	assert_int_equal(ev.time, 3 * NSEC_PER_MSEC);
	sim->eng.now = ev.time;
	ev.fn(sim, ev.ptr, ev.arg);
	assert_false(dev->plugged);
	run_completions(sim, ~0ULL);
	assert_int_equal(done_ns[0], done_ns[1]);
	assert_true(done_ns[0] > 3 * NSEC_PER_MSEC);

	/* four requests waiting unplug at once */
	for (unsigned int i = 0; i < 4; i++)
		task_write(t, 100 + 10 * i, 1, 2 + i);
	assert_false(dev->plugged);
	assert_true(dev->slot_busy_until[0] > sim->eng.now);
	run_completions(sim, ~0ULL);
	assert_int_equal(dev->stats[REQ_OP_WRITE].ios, 5);
}

/* blk-wbt on a flash device of 32 tags: 128 KiB moves in 1 ms, a page in 31,250 ns */
#define INI_WBT_DEV                                                                        \
	NO_RQ_CPU "[machine]\nmemory = 64M\ndisk_latency = 100us\ndisk_bandwidth = 125M\n" \
		  "disk_depth = 32\n"
#define INI_WBT INI_WBT_DEV "[policy]\nblk_wbt = on\n"

/*
 * blk-wbt (v6.12): 32 tags give max_depth 16, wb_normal 8, wb_background
 * 4 and a 2 ms read target.  A reclaimer's 9th write in flight waits (a
 * data-integrity write would too, behind the sleeper; kswapd's rq_wait
 * is its own, up to max_depth); with the write cache on, the sleepers
 * wake when all 8 are done, not at the first completion.  The read
 * issued with the writes transfers after them: 8.13 ms, over the target,
 * so the window's timer (100 ms after the first write) halves the depth
 * (8/4/2) and shortens the window to 100 ms x 16 / int_sqrt(512) =
 * 72.73 ms; five windows with no I/O then bring the step back to 0.
 */
static void test_wbt(void **state)
{
	struct sim *sim = test_sim_from_text(state, "dev.ini", INI_WBT);
	struct blkdev *dev = &sim->disk_dev;
	struct rq_wb *rwb = &dev->wbt;
	struct task *t = test_task_in(sim, sim->memcgs[0]);
	struct task *k = test_task_in(sim, sim->memcgs[0]);

	k->kind = TASK_KSWAPD; /* current_is_kswapd() */
	assert_true(rwb->enabled);
	assert_int_equal(rwb->min_lat_ns, 2 * NSEC_PER_MSEC);
	assert_int_equal(rwb->max_depth, 16);
	assert_int_equal(rwb->wb_normal, 8);
	assert_int_equal(rwb->wb_background, 4);
	for (unsigned int i = 0; i < 8; i++)
		task_write(t, 1000 * i, REQ_PAGES, i);
	task_read(t, 90000, 8);
	assert_int_equal(rwb->inflight[WBT_RWQ_BG], 8);
	assert_false(blk_bio_must_wait(dev, k, REQ_OP_WRITE, 50000, 1, false));
	assert_true(blk_bio_must_wait(dev, t, REQ_OP_WRITE, 50000, 1, false));
	assert_true(rwb->waiting[WBT_RWQ_BG]);
	assert_true(blk_bio_must_wait(dev, t, REQ_OP_WRITE | REQ_SYNC, 50000, 1, false));
	assert_int_equal(rwb->nr_throttled, 1);
	/* the 7th write completes at 7.1 ms, the 8th at 8.1 */
	run_device_events(sim, 7100 * NSEC_PER_USEC, true);
	assert_int_equal(rwb->inflight[WBT_RWQ_BG], 1);
	assert_true(rwb->waiting[WBT_RWQ_BG]);
	run_device_events(sim, 8100 * NSEC_PER_USEC, true);
	assert_int_equal(rwb->inflight[WBT_RWQ_BG], 0);
	assert_false(rwb->waiting[WBT_RWQ_BG]);
	run_device_events(sim, 9 * NSEC_PER_MSEC, true);
	assert_int_equal(done_ns[8], 8131250);
	/* a read completed within 100 ms: the background limit for all but sync and kswapd */
	rwb->inflight[WBT_RWQ_BG] = 4;
	assert_true(wbt_would_wait(dev, t, REQ_OP_WRITE, 50 * NSEC_PER_MSEC));
	assert_false(wbt_would_wait(dev, t, REQ_OP_WRITE, 109 * NSEC_PER_MSEC));
	assert_false(wbt_would_wait(dev, t, REQ_OP_WRITE | REQ_SYNC, 50 * NSEC_PER_MSEC));
	assert_true(wbt_would_wait(dev, t, REQ_OP_WRITE | REQ_BACKGROUND, 109 * NSEC_PER_MSEC));
	rwb->inflight[WBT_RWQ_BG] = 0;
	run_device_events(sim, 100 * NSEC_PER_MSEC, true);
	assert_int_equal(rwb->nr_exceeded, 1);
	assert_int_equal(rwb->scale_step, 1);
	assert_int_equal(rwb->max_depth, 8);
	assert_int_equal(rwb->wb_normal, 4);
	assert_int_equal(rwb->wb_background, 2);
	assert_int_equal(rwb->cur_win_ns, 72727272);
	run_device_events(sim, ~0ULL, true);
	assert_int_equal(rwb->nr_windows, 6);
	assert_int_equal(rwb->nr_scale_up, 1);
	assert_int_equal(rwb->scale_step, 0);
	assert_int_equal(rwb->max_depth, 16);
	assert_false(rwb->timer_armed);
}

/*
 * The rotational flag (/sys/block/DEV/queue/rotational) comes with the
 * preset - hdd 1, ssd and nvme 0 - and a single key overrides it, given
 * before or after the preset: blk-wbt's read target follows the flag
 * (wbt_default_latency_nsec, v6.12: 75 ms rotational, 2 ms otherwise),
 * the queue depth it scales against the head (a disk's 32 NCQ tags).
 */
static void test_rotational_presets(void **state)
{
	struct sim *sim = test_sim_from_text(state, "dev.ini",
					     "[machine]\nmemory = 64M\nswap_device = hdd\n"
					     "disk_device = nvme\n");

	assert_true(sim->swap_dev.rotational);
	assert_int_equal(sim->swap_dev.wbt.min_lat_ns, 75 * NSEC_PER_MSEC);
	assert_int_equal(sim->swap_dev.wbt.queue_depth, 32);
	assert_false(sim->disk_dev.rotational);
	assert_int_equal(sim->disk_dev.wbt.min_lat_ns, 2 * NSEC_PER_MSEC);
	assert_int_equal(sim->disk_dev.wbt.queue_depth, 128);
}

static void test_rotational_key(void **state)
{
	struct sim *sim = test_sim_from_text(state, "dev.ini",
					     "[machine]\nmemory = 64M\nswap_rotational = 0\n"
					     "swap_device = hdd\ndisk_device = nvme\n"
					     "disk_rotational = 1\n");

	assert_int_equal(sim->swap_dev.rpm, 7200);
	assert_false(sim->swap_dev.rotational);
	assert_int_equal(sim->swap_dev.wbt.min_lat_ns, 2 * NSEC_PER_MSEC);
	assert_int_equal(sim->swap_dev.wbt.queue_depth, 32);
	assert_int_equal(sim->disk_dev.rpm, 0);
	assert_true(sim->disk_dev.rotational);
	assert_int_equal(sim->disk_dev.wbt.min_lat_ns, 75 * NSEC_PER_MSEC);
	assert_int_equal(sim->disk_dev.wbt.queue_depth, 128);
}

/*
 * test_wbt's writes and read on the same flash device reporting itself
 * rotational (as the oracle's virtio disk does): the read's 8.13 ms is
 * within the 75 ms target, so the window scales up instead of down - step
 * -1, max_depth 1 + 15 x 2 capped at 3/4 of the 32 tags (24), limits 12
 * and 6 - and stays at full length.
 */
static void test_wbt_rotational(void **state)
{
	struct sim *sim = test_sim_from_text(
		state, "dev.ini", INI_WBT_DEV "disk_rotational = 1\n[policy]\nblk_wbt = on\n");
	struct blkdev *dev = &sim->disk_dev;
	struct rq_wb *rwb = &dev->wbt;
	struct task *t = test_task_in(sim, sim->memcgs[0]);

	assert_int_equal(rwb->min_lat_ns, 75 * NSEC_PER_MSEC);
	for (unsigned int i = 0; i < 8; i++)
		task_write(t, 1000 * i, REQ_PAGES, i);
	task_read(t, 90000, 8);
	run_device_events(sim, 100 * NSEC_PER_MSEC, true);
	assert_int_equal(done_ns[8], 8131250);
	assert_int_equal(rwb->nr_windows, 1);
	assert_int_equal(rwb->nr_exceeded, 0);
	assert_int_equal(rwb->nr_scale_up, 1);
	assert_int_equal(rwb->scale_step, -1);
	assert_true(rwb->scaled_max);
	assert_int_equal(rwb->max_depth, 24);
	assert_int_equal(rwb->wb_normal, 12);
	assert_int_equal(rwb->wb_background, 6);
	assert_int_equal(rwb->cur_win_ns, 100 * NSEC_PER_MSEC);
}

/*
 * swap_wbt_step / disk_wbt_step: blk-wbt starts at the given scale step.
 * The oracle's disk (128 tags) at -4, as its timer reported: 1 + 15 x 16
 * capped at 3/4 of 128, max_depth 96 (scaled_max: no further up), limits
 * 48 and 24; a 32-tag device at +2: 1 + 15 / 4 = 4, limits 2 and 1.
 */
static void test_wbt_start_step(void **state)
{
	struct sim *sim = test_sim_from_text(state, "dev.ini",
					     "[machine]\nmemory = 64M\ndisk_depth = 128\n"
					     "disk_wbt_step = -4\nswap_depth = 32\n"
					     "swap_wbt_step = 2\n[policy]\nblk_wbt = on\n");
	const struct rq_wb *d = &sim->disk_dev.wbt, *s = &sim->swap_dev.wbt;

	assert_int_equal(d->scale_step, -4);
	assert_true(d->scaled_max);
	assert_int_equal(d->max_depth, 96);
	assert_int_equal(d->wb_normal, 48);
	assert_int_equal(d->wb_background, 24);
	assert_int_equal(s->scale_step, 2);
	assert_false(s->scaled_max);
	assert_int_equal(s->max_depth, 4);
	assert_int_equal(s->wb_normal, 2);
	assert_int_equal(s->wb_background, 1);
}

/* One slot, max_sectors_kb 4096 (1024 pages) and the oracle's disk's 254 segments */
#define INI_SEG                                                                              \
	NO_RQ_CPU                                                                            \
	"[machine]\nmemory = 64M\ndisk_latency = 1ms\ndisk_bandwidth = 4G\ndisk_depth = 1\n" \
	"[policy]\nblk_max_sectors_kb = 4096\nblk_max_segments = 254\n"

/* A write of @nr_pages at @sector whose pages are the frames from @pfn on, in order. */
static void submit_write_frames(struct sim *sim, u64 sector, unsigned int nr_pages, u32 pfn,
				unsigned int id)
{
	struct bio *bio = bio_alloc(sim, &sim->disk_dev, REQ_OP_WRITE, record_end_io);

	for (unsigned int p = 0; p < nr_pages; p++)
		assert_true(bio_add_pfn(sim, bio, pfn + p));
	bio->sector = sector;
	bio->private = id;
	submit_bio(sim, &sim->disk_dev, bio, sim->eng.now);
}

/*
 * max_segments: pages scattered in memory are a segment each, so
 * single-page writes to sectors 0, 1, 2, ... queued behind a busy device
 * merge into one request up to 254 pages (1016 KiB, under max_sectors_kb's
 * 4096), and the 255th starts a request of its own.  Pages contiguous in
 * memory are one segment: four bios of 256 such pages merge up to
 * max_sectors_kb (1024 pages in 4 segments), and the fifth does not.
 */
static void test_segment_limits(void **state)
{
	struct sim *sim = test_sim_from_text(state, "dev.ini", INI_SEG);
	struct blkdev *dev = &sim->disk_dev;
	const struct blk_request *rq;

	assert_int_equal(dev->max_segments, 254);
	assert_int_equal(dev->max_request_pages, 1024);
	submit_write(sim, 100000, 1, 0); /* on the device */
	for (unsigned int i = 0; i < 255; i++)
		submit_write(sim, i, 1, 1);
	assert_int_equal(dev->stats[REQ_OP_WRITE].merges, 253);
	rq = dev->queue;
	assert_int_equal(rq->sector, 0);
	assert_int_equal(rq->nr_pages, 254);
	assert_int_equal(rq->nr_segments, 254);
	assert_int_equal(rq->next->sector, 254);
	assert_int_equal(rq->next->nr_pages, 1);

	for (unsigned int i = 0; i < 5; i++)
		submit_write_frames(sim, 10000 + 256 * i, 256, 256 * i, 2);
	assert_int_equal(dev->stats[REQ_OP_WRITE].merges, 256);
	rq = dev->queue->next->next;
	assert_int_equal(rq->sector, 10000);
	assert_int_equal(rq->nr_pages, 1024);
	assert_int_equal(rq->nr_segments, 4);
	assert_int_equal(rq->next->nr_pages, 256);
	run_completions(sim, ~0ULL);
	assert_int_equal(dev->stats[REQ_OP_WRITE].ios, 5);
}

/*
 * The CPU of a request (bench/reqcpu-profile.py): a task's read that takes
 * a request of its own costs it blk_submit_ns, before the request reaches
 * the device; the device's completion then costs its CPU blk_complete_ns
 * and blk_complete_page_ns a page in interrupt context, and the bios
 * complete when that work ends.  One page: submitted at 10 us, on the
 * device 1 ms + 953 ns (4 KiB at 4 GiB/s), completed 3 us + 100 ns
 * later.  Four neighbouring pages through the plug merge into one
 * request: one submission, one completion of 3 us + 4 x 100 ns.
 */
static void test_request_cpu(void **state)
{
	struct sim *sim = test_sim_from_text(
		state, "dev.ini",
		"[cost]\nblk_submit_ns = 10us\nblk_complete_ns = 3us\nblk_complete_page_ns = 100ns\n"
		"[machine]\nmemory = 64M\ndisk_latency = 1ms\ndisk_bandwidth = 4G\ndisk_depth = 1\n");
	struct task *t = test_task_in(sim, sim->memcgs[0]);
	struct blk_plug *plug = &mm_task(t)->plug;
	u64 xfer = 4096 * NSEC_PER_SEC / (4ULL << 30), busy = sim->eng.cpus[0].busy_ns;
	u64 done1 = 10 * NSEC_PER_USEC + NSEC_PER_MSEC + xfer;

	memset(done_ns, 0, sizeof(done_ns));
	task_read(t, 0, 0);
	assert_int_equal(t->step_sys_ns, 10 * NSEC_PER_USEC);
	assert_int_equal(sim->disk_dev.slot_busy_until[0], done1);
	run_completions(sim, done1);
	assert_int_equal(done_ns[0], 0); /* the device is done, its interrupt not yet */
	assert_int_equal(sim->eng.cpus[0].irq_until, done1 + 3100);
	run_completions(sim, ~0ULL);
	assert_int_equal(done_ns[0], done1 + 3100);
	assert_int_equal(sim->eng.cpus[0].busy_ns - busy, 3100);
	assert_int_equal(sim->disk_dev.in_flight, 0);

	blk_start_plug(sim, plug);
	for (unsigned int i = 1; i <= 4; i++)
		task_read(t, 100 + i, i);
	assert_int_equal(t->step_sys_ns, 20 * NSEC_PER_USEC);
	blk_finish_plug(sim, plug, sim->eng.now);
	run_completions(sim, ~0ULL);
	assert_int_equal(sim->disk_dev.stats[REQ_OP_READ].ios, 2);
	assert_int_equal(sim->eng.cpus[0].busy_ns - busy, 3100 + 3400);
	for (unsigned int i = 2; i <= 4; i++)
		assert_int_equal(done_ns[i], done_ns[1]);
	assert_int_equal(sim->eng.cpus[0].irq_until, done_ns[1]);
}

/*
 * The kick of an idle device (disk_kick: virtqueue_notify's VM exit on
 * the oracle's virtio disk): a read issued when the device has no
 * request in flight costs its task blk_submit_ns + disk_kick, 2 + 8 us; a
 * second read while the first is on the device costs blk_submit_ns only
 * (virtio's event index suppresses the notify); once both are done, the
 * next read kicks again.  The devices' default is no kick (a bare-metal
 * doorbell), whatever the preset.
 */
static void test_request_kick(void **state)
{
	struct sim *sim = test_sim_from_text(
		state, "dev.ini",
		"[cost]\nblk_submit_ns = 2us\nblk_complete_ns = 0\nblk_complete_page_ns = 0\n"
		"[machine]\nmemory = 64M\ndisk_latency = 1ms\ndisk_bandwidth = 4G\ndisk_depth = 1\n"
		"disk_kick = 8us\n");
	struct task *t = test_task_in(sim, sim->memcgs[0]);

	memset(done_ns, 0, sizeof(done_ns));
	assert_int_equal(sim->disk_dev.kick_ns, 8 * NSEC_PER_USEC);
	assert_int_equal(sim->swap_dev.kick_ns, 0);
	task_read(t, 0, 0);
	assert_int_equal(t->step_sys_ns, 10 * NSEC_PER_USEC);
	task_read(t, 1000, 1);
	assert_int_equal(t->step_sys_ns, 12 * NSEC_PER_USEC);
	run_completions(sim, ~0ULL);
	assert_int_equal(sim->disk_dev.in_flight, 0);
	assert_int_not_equal(done_ns[1], 0);
	task_read(t, 2000, 2);
	assert_int_equal(t->step_sys_ns, 22 * NSEC_PER_USEC);
}

/* A device that was given no kick (the default, every preset): a read to it idle pays blk_submit_ns alone. */
static void test_request_no_kick(void **state)
{
	struct sim *sim = test_sim_from_text(
		state, "dev.ini",
		"[cost]\nblk_submit_ns = 2us\n"
		"[machine]\nmemory = 64M\ndisk_device = nvme\nswap_device = hdd\n");
	struct task *t = test_task_in(sim, sim->memcgs[0]);

	assert_int_equal(sim->disk_dev.kick_ns, 0);
	assert_int_equal(sim->swap_dev.kick_ns, 0);
	task_read(t, 0, 0);
	assert_int_equal(t->step_sys_ns, 2 * NSEC_PER_USEC);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		test_sim_unit_test(test_bandwidth_shared),
		test_sim_unit_test(test_latency_per_request),
		test_sim_unit_test(test_queue_room),
		test_sim_unit_test(test_completion_batch),
		test_sim_unit_test(test_completion_batch_busy),
		test_sim_unit_test(test_merge_any_order),
		test_sim_unit_test(test_merge_limits),
		test_sim_unit_test(test_merge_lookup),
		test_sim_unit_test(test_request_list),
		test_sim_unit_test(test_head),
		test_sim_unit_test(test_random_read_iops),
		cmocka_unit_test(test_dd_sequential),
		test_sim_unit_test(test_task_plug),
		test_sim_unit_test(test_plug_flush_size),
		test_sim_unit_test(test_nested_plug_sleep),
		test_sim_unit_test(test_queue_plug),
		test_sim_unit_test(test_wbt),
		test_sim_unit_test(test_rotational_presets),
		test_sim_unit_test(test_rotational_key),
		test_sim_unit_test(test_wbt_rotational),
		test_sim_unit_test(test_wbt_start_step),
		test_sim_unit_test(test_segment_limits),
		test_sim_unit_test(test_request_cpu),
		test_sim_unit_test(test_request_kick),
		test_sim_unit_test(test_request_no_kick),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

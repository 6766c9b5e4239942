// SPDX-License-Identifier: MIT
/*
 * blkdev.c - block devices as queues with latency, bandwidth and depth.
 * A request waits in the queue (where the elevator merges writes into it)
 * until the slot that frees first takes it, spends the device's latency
 * there (overlapping the other slots' latencies), then transfers its bytes
 * at the bandwidth, one request after the other: requests in flight share
 * the bandwidth.  Completion is a blk_end_io event.
 */
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include <math.h>

#include "../mm/sim.h"
#include "../mm/internal.h"
#include "../sim/config.h"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) CFG_ARRAY_SIZE(a)
#endif

/* BLKDEV_MAX_RQ (2.6.x): a request_list's requests per direction */
#define BLKDEV_MAX_RQ 128

/*
 * blk_queue_congestion_threshold() (v2.6.25 ll_rw_blk.c): congested from
 * nr_requests - nr/8 + 1 requests (113 of 128), no longer below
 * nr - nr/8 - nr/16 - 1 (103), so that the state does not flap.
 */
static void blk_queue_congestion_threshold(struct blkdev *dev)
{
	unsigned int nr = dev->nr_requests;

	dev->congestion_on = min_u64(nr - nr / 8 + 1, nr);
	dev->congestion_off = nr / 8 + nr / 16 + 1 < nr ? nr - nr / 8 - nr / 16 - 1 : 1;
}

int blkdev_init(struct blkdev *dev, const char *name, const struct scn_device *d,
		const struct scn_policy *p, u32 page_size)
{
	u64 max_pages = (u64)p->blk_max_sectors_kb * 1024 / page_size;

	*dev = (struct blkdev){ .name = name,
				.latency_ns = d->latency_ns,
				.kick_ns = d->kick_ns,
				.bandwidth = d->bandwidth,
				.depth = d->depth ? d->depth : 1,
				.page_size = page_size,
				.rpm = d->rpm,
				.capacity = d->capacity,
				.seek_track_ns = d->seek_track_ns,
				.seek_avg_ns = d->seek_avg_ns,
				.seek_full_ns = d->seek_full_ns,
				.rotational = d->rotational,
				.complete_batch = d->complete_batch,
				.per_direction = p->blk_rl_per_direction,
				.task_plug = p->blk_plug == BLK_PLUG_TASK,
				.queue_plug = p->blk_plug == BLK_PLUG_QUEUE,
				.max_request_pages = max_pages ? max_pages : 1,
				.max_segments = p->blk_max_segments };
	if (p->blk_wbt)
		wbt_init(dev, d->wbt_step);
	/*
	 * 2.6.x: BLKDEV_MAX_RQ requests per direction; blk-mq (v6.12
	 * blk_mq_init_sched): twice the device's tags, here at least 64
	 */
	if (dev->per_direction)
		dev->nr_requests = BLKDEV_MAX_RQ;
	else
		dev->nr_requests = dev->depth * 2 > 64 ? dev->depth * 2 : 64;
	blk_queue_congestion_threshold(dev);
	dev->slot_busy_until = calloc(dev->depth, sizeof(u64));
	dev->slot_heap = malloc(dev->depth * sizeof(*dev->slot_heap));
	if (!dev->slot_busy_until || !dev->slot_heap)
		return -1;
	for (unsigned int i = 0; i < dev->depth; i++)
		dev->slot_heap[i] = i; /* all free at 0: in index order, a heap */
	return 0;
}

void blkdev_destroy(struct blkdev *dev)
{
	struct bio *b;

	/* queued requests first: their bios go back to the free list */
	while (dev->queue) {
		struct blk_request *rq = dev->queue;

		dev->queue = rq->next;
		blk_request_discard(rq);
	}
	dev->queue_last = NULL;
	/* done on the device, their completions not yet signalled */
	while (dev->batch) {
		struct blk_request *rq = dev->batch;

		dev->batch = rq->next;
		blk_request_discard(rq);
	}
	dev->batch_last = NULL;
	for (b = dev->free_bios; b;) {
		struct bio *next = b->next;

		free(b);
		b = next;
	}
	while (dev->free_requests) {
		struct blk_request *rq = dev->free_requests;

		dev->free_requests = rq->next;
		free(rq);
	}
	free(dev->slot_busy_until);
	free(dev->slot_heap);
	dev->slot_busy_until = NULL;
	dev->slot_heap = NULL;
	dev->free_bios = NULL;
}

/*
 * bio_alloc - a request from @dev's free list, or a new one; NULL when the
 * host is out of memory: the run cannot go on, so sim_fail() has stopped
 * it and the caller backs out of the I/O without touching the pages.
 */
struct bio *bio_alloc(struct sim *sim, struct blkdev *dev, enum bio_op op, bio_end_io_t end_io)
{
	struct bio *bio = dev->free_bios;

	if (bio)
		dev->free_bios = bio->next;
	else if (!(bio = malloc(sizeof(*bio)))) {
		sim_fail(sim, "out of memory allocating a %s I/O request", dev->name);
		return NULL;
	}
	bio->op = op;
	bio->nr_pages = 0;
	bio->max_pages = BIO_INLINE_VECS;
	bio->pfns = bio->inline_pfns;
	bio->end_io = end_io;
	bio->waiter = NULL;
	bio->next = NULL;
	bio->dev = dev;
	bio->sector = BIO_NO_SECTOR;
	bio->merged = NULL;
	return bio;
}

bool bio_add_pfn(struct sim *sim, struct bio *bio, u32 pfn)
{
	if (bio->nr_pages == bio->max_pages) {
		unsigned int max = bio->max_pages * 4;
		u32 *pfns = malloc(max * sizeof(*pfns));

		if (!pfns) {
			sim_fail(sim, "out of memory growing a %s I/O request", bio->dev->name);
			return false;
		}
		memcpy(pfns, bio->pfns, bio->nr_pages * sizeof(*pfns));
		if (bio->pfns != bio->inline_pfns)
			free(bio->pfns);
		bio->pfns = pfns;
		bio->max_pages = max;
	}
	bio->pfns[bio->nr_pages++] = pfn;
	return true;
}

/* bio_put - @bio back on its device's free list, with its inline pages alone */
void bio_put(struct blkdev *dev, struct bio *bio)
{
	if (bio->pfns != bio->inline_pfns)
		free(bio->pfns);
	bio->pfns = bio->inline_pfns;
	bio->next = dev->free_bios;
	dev->free_bios = bio;
}

/*
 * part_round_stats() (v2.6.25; update_io_ticks, v6.12): up to @now the
 * device was busy while a request was in flight (io_ticks), and each
 * request in flight counts its time (time_in_queue).
 */
static void blk_account(struct blkdev *dev, u64 now)
{
	if (now <= dev->stamp_ns)
		return;
	if (dev->in_flight) {
		dev->io_ticks_ns += now - dev->stamp_ns;
		dev->time_in_queue_ns += (u64)dev->in_flight * (now - dev->stamp_ns);
	}
	dev->stamp_ns = now;
}

/* diskstats_show() (v6.12) reads the counters with the in-flight time up to @now. */
void blk_disk_stat(const struct blkdev *dev, u64 now, struct blk_disk_stat *st)
{
	u64 since = now > dev->stamp_ns ? now - dev->stamp_ns : 0;

	st->dir[REQ_OP_READ] = dev->stats[REQ_OP_READ];
	st->dir[REQ_OP_WRITE] = dev->stats[REQ_OP_WRITE];
	st->in_flight = dev->in_flight;
	st->io_ticks_ns = dev->io_ticks_ns + (dev->in_flight ? since : 0);
	st->time_in_queue_ns = dev->time_in_queue_ns + (u64)dev->in_flight * since;
}

/*
 * The seek of a disk's head over @dist pages (0: none).  A seek accelerates
 * then coasts: its time grows with the square root of short distances and
 * about linearly with long ones (Ruemmler and Wilkes, "An introduction to
 * disk drive modeling", IEEE Computer 1994).  The three points are the
 * drive's specification: one track, the average seek (the seek over a
 * third of the stroke, what a uniform random seek averages) and the full
 * stroke.  Between one track and a third of the stroke the time follows
 * the square root; beyond, a line to the full stroke.  A request in
 * another extent (another file) is at a place the model does not know:
 * the average seek.
 */
static u64 blk_seek_ns(const struct blkdev *dev, u64 from, u64 to)
{
	double f, third = 1.0 / 3.0;
	u64 dist = from > to ? from - to : to - from;

	if (!dist)
		return 0;
	if ((from >> 32) != (to >> 32) || !dev->capacity)
		return dev->seek_avg_ns;
	f = (double)dist * dev->page_size / (double)dev->capacity;
	if (f <= third)
		return dev->seek_track_ns +
		       (u64)((double)(dev->seek_avg_ns - dev->seek_track_ns) * sqrt(f / third));
	if (f >= 1.0)
		return dev->seek_full_ns;
	return dev->seek_avg_ns +
	       (u64)((double)(dev->seek_full_ns - dev->seek_avg_ns) * (f - third) / (1.0 - third));
}

/*
 * A request's time on the device, in two stages.
 *
 * Access: on a disk (rpm > 0), nothing when the request starts where the
 * head stands (the next sectors pass under it), else the seek there plus
 * the rotation until its first sector comes round: uniform over one
 * revolution (its mean, half a revolution, when the run's jitter is off),
 * plus the preset's command latency.  On a flash device, the device's
 * latency: command processing and the flash read or program; each request
 * in flight spends it on its own queue slot, so up to depth accesses
 * overlap, across flash channels and dies.
 *
 * Transfer (bytes / bandwidth): the data crosses the one link between host
 * and device or passes the one head, one request at a time in dispatch
 * order, so the device moves at most bandwidth bytes per second; a
 * request's completion time is known at dispatch.
 *
 * This is the one place a request's service time is computed; the flash
 * latency and the transfer get the run's device jitter (blk_jitter.c).
 */
struct blk_service {
	u64 access_ns;
	u64 xfer_ns;
};

static struct blk_service blk_service_time(struct sim *sim, struct blkdev *dev,
					   const struct blk_request *rq)
{
	struct blk_service s = { 0 };

	if (dev->rpm) {
		u64 rev_ns = 60 * NSEC_PER_SEC / dev->rpm;

		if (rq->sector != dev->head) {
			s.access_ns = dev->latency_ns + blk_seek_ns(dev, dev->head, rq->sector) +
				      (blk_jitter_on(sim) ?
					       rng_below(&sim->eng.var_rng[VAR_IO], rev_ns) :
					       rev_ns / 2);
		}
		dev->head = rq->sector + rq->nr_pages;
	} else {
		s.access_ns = blk_service_jitter(sim, dev->latency_ns);
	}
	if (dev->bandwidth)
		s.xfer_ns = blk_service_jitter(sim, rq->nr_pages * dev->page_size * NSEC_PER_SEC /
							    dev->bandwidth);
	return s;
}

static struct blk_request *blk_request_alloc(struct sim *sim, struct blkdev *dev)
{
	struct blk_request *rq = dev->free_requests;

	if (rq)
		dev->free_requests = rq->next;
	else if (!(rq = malloc(sizeof(*rq))))
		sim_fail(sim, "out of memory allocating a %s I/O request", dev->name);
	return rq;
}

static void blk_request_put(struct blkdev *dev, struct blk_request *rq)
{
	rq->next = dev->free_requests;
	dev->free_requests = rq;
}

void blk_request_discard(struct blk_request *rq)
{
	struct blkdev *dev = rq->dev;

	for (struct bio *bio = rq->first, *next; bio; bio = next) {
		next = bio->merged;
		bio_put(dev, bio);
	}
	blk_request_put(dev, rq);
}

/*
 * Can the elevator merge @nr_pages in @nr_segs segments of @op into @rq
 * (same direction)?  Not past max_sectors_kb nor
 * max_segments (ll_back_merge_fn / ll_new_hw_segment, ll_merge_requests_fn):
 * the segments add up, as v6.12 counts them (2.6.25's request-to-request
 * merge took one off when the two ends were contiguous in memory).
 */
static bool blk_rq_mergeable(const struct blkdev *dev, const struct blk_request *rq, enum bio_op op,
			     u64 nr_pages, u64 nr_segs)
{
	return rq->op == op && rq->nr_pages + nr_pages <= dev->max_request_pages &&
	       rq->nr_segments + nr_segs <= dev->max_segments;
}

/*
 * blk_bio_segments() (bio_add_page's bvec merging, v6.12): @bio's
 * physical segments, its runs of pages contiguous in memory.  The model
 * has no max_segment_size: the oracle's disk allows 4 GiB.
 */
static u64 blk_bio_segments(const struct bio *bio)
{
	u64 segs = bio->nr_pages ? 1 : 0;

	for (unsigned int i = 1; i < bio->nr_pages; i++)
		if (bio->pfns[i] != bio->pfns[i - 1] + 1)
			segs++;
	return segs;
}

/* @rq's key in lookup @which: where it ends (ELV_HASH_END) or starts */
static u64 elv_rqhash_key(const struct blk_request *rq, int which)
{
	return which == ELV_HASH_END ? rq->sector + rq->nr_pages : rq->sector;
}

static struct blk_request **elv_rqhash_bucket(struct blkdev *dev, int which, u64 key)
{
	/* Fibonacci hashing (hash_64, include/linux/hash.h) */
	return &dev->rqhash[which][(key * 0x61c8864680b583ebULL) >> (64 - ELV_HASH_BITS)];
}

/*
 * elv_rqhash_del() (v2.6.25 block/elevator.c): queued request @rq leaves
 * both lookups, as it is dispatched, merged away, or about to move.
 */
static void elv_rqhash_del(struct blk_request *rq)
{
	for (int w = 0; w < 2; w++) {
		struct blk_request *next = rq->hash_next[w];

		if (!rq->hash_pprev[w])
			continue;
		*rq->hash_pprev[w] = next;
		if (next)
			next->hash_pprev[w] = rq->hash_pprev[w];
		rq->hash_pprev[w] = NULL;
	}
}

/* elv_rqhash_add() / elv_rb_add() (v2.6.25): queued request @rq in both lookups */
static void elv_rqhash_add(struct blkdev *dev, struct blk_request *rq)
{
	for (int w = 0; w < 2; w++) {
		struct blk_request **head = elv_rqhash_bucket(dev, w, elv_rqhash_key(rq, w));

		rq->hash_next[w] = *head;
		if (*head)
			(*head)->hash_pprev[w] = &rq->hash_next[w];
		*head = rq;
		rq->hash_pprev[w] = head;
	}
}

/* elv_rqhash_reposition() (v2.6.25): queued request @rq grew at either end */
static void elv_rqhash_reposition(struct blkdev *dev, struct blk_request *rq)
{
	elv_rqhash_del(rq);
	elv_rqhash_add(dev, rq);
}

/*
 * elv_rqhash_find() (v2.6.25; elv_rb_find for @which ELV_HASH_START):
 * the oldest queued request other than @skip whose end (start) is @key
 * and that can take @nr_pages in @nr_segs of @op, or @best if that one
 * was queued earlier.  The oldest, so that the merge is the one a walk of
 * the queue from its head would find.
 */
static struct blk_request *elv_rqhash_find(struct blkdev *dev, int which, u64 key,
					   struct blk_request *best, const struct blk_request *skip,
					   enum bio_op op, u64 nr_pages, u64 nr_segs)
{
	for (struct blk_request *rq = *elv_rqhash_bucket(dev, which, key); rq;
	     rq = rq->hash_next[which]) {
		if (rq == skip || elv_rqhash_key(rq, which) != key ||
		    (best && best->queue_seq < rq->queue_seq) ||
		    !blk_rq_mergeable(dev, rq, op, nr_pages, nr_segs))
			continue;
		best = rq;
	}
	return best;
}

/*
 * elv_merge() (v2.6.25): the queued request that @nr_pages of @op at
 * @sector would join at its back (the bio starts where it ends: the
 * elevator's hash) or, with *@front set, at its front (the bio ends where
 * it starts: the sort tree); NULL if none.  When several could take it,
 * the one queued first.
 */
static struct blk_request *blk_find_merge(struct blkdev *dev, enum bio_op op, u64 sector,
					  u64 nr_pages, u64 nr_segs, bool *front)
{
	struct blk_request *rq;

	rq = elv_rqhash_find(dev, ELV_HASH_END, sector, NULL, NULL, op, nr_pages, nr_segs);
	rq = elv_rqhash_find(dev, ELV_HASH_START, sector + nr_pages, rq, NULL, op, nr_pages,
			     nr_segs);
	if (rq)
		*front = sector + nr_pages == rq->sector;
	return rq;
}

/*
 * blk_attempt_plug_merge() (v6.12): can @nr_pages of @op at @sector join
 * the last request of @plug, at its back or (*@front) its front?  Since
 * 5.16 only the last one is tried; 2.6.39 to 5.15 tried each plugged
 * request of the queue, which for reclaim's and writeback's runs of
 * neighbouring pages comes to the same.
 */
static struct blk_request *blk_plug_find_merge(const struct blkdev *dev,
					       const struct blk_plug *plug, enum bio_op op,
					       u64 sector, u64 nr_pages, u64 nr_segs, bool *front)
{
	struct blk_request *rq = plug ? plug->last : NULL;

	if (!rq || rq->dev != dev || !blk_rq_mergeable(dev, rq, op, nr_pages, nr_segs))
		return NULL;
	if (sector != rq->sector + rq->nr_pages && sector + nr_pages != rq->sector)
		return NULL;
	*front = sector + nr_pages == rq->sector;
	return rq;
}

bool blk_bio_must_wait(struct blkdev *dev, struct task *t, unsigned int opf, u64 sector,
		       u64 nr_pages, bool batching)
{
	enum bio_op op = (enum bio_op)(opf & REQ_OP_MASK);
	unsigned int count = dev->count[blk_rl_idx(dev, op)];
	/* no task (the tests): no plug, and blk-wbt's clock at 0 */
	const struct blk_plug *plug = t ? &mm_task(t)->plug : NULL;
	u64 now = t ? task_now(t) : 0;
	bool front, full;

	full = count >= (batching ? 3 * dev->nr_requests / 2 : dev->nr_requests);
	if (!full && !wbt_would_wait(dev, t, opf, now))
		return false;
	/*
	 * a bio that merges takes no request: neither waits for one nor meets
	 * wbt (its @nr_pages count as as many segments, the most they can be)
	 */
	if (blk_plug_find_merge(dev, plug, op, sector, nr_pages, nr_pages, &front) ||
	    blk_find_merge(dev, op, sector, nr_pages, nr_pages, &front))
		return false;
	return wbt_must_wait(dev, t, opf, now) || full;
}

/* Append @b's bios after @a's (b continues a on the device): a is b's and a's request now. */
static void blk_rq_join(struct blk_request *a, struct blk_request *b)
{
	a->last->merged = b->first;
	a->last = b->last;
	a->nr_pages += b->nr_pages;
	a->nr_segments += b->nr_segments;
}

/* Unlink queued request *@pp from the queue and the merge lookups. */
static void blk_queue_unlink(struct blkdev *dev, struct blk_request **pp)
{
	struct blk_request *rq = *pp;

	*pp = rq->next;
	if (rq->next)
		rq->next->prev = rq->prev;
	dev->nr_queued--;
	if (dev->queue_last == rq)
		dev->queue_last = rq->prev;
	elv_rqhash_del(rq);
}

/*
 * blk_put_request() -> freed_request() (v2.6.25 ll_rw_blk.c): one request
 * of @op's list is free.  Below the congestion-off threshold the queue is
 * no longer congested, which wakes congestion_wait()'s sleepers
 * (clear_bdi_congested wakes them whether or not the bit was set); blk-mq
 * never sets or clears it.  With room again, one exclusive waiter is woken
 * (wake_up on rl->wait, the sleepers of get_request_wait); should none be
 * left with a request in flight, all are, so that none sleeps with
 * nothing to wake it (the kernel's woken waiter always takes its request;
 * the model's may find its page no longer needs writing).  blk-mq wakes
 * all: with one waiter woken per freed tag, direct reclaimers slept while others found
 * nothing to reclaim (tests/data/fast-swap-64k.ini OOM-killed; sbitmap's
 * own wake-ups come in batches of wake_batch).
 */
static void freed_request(struct sim *sim, struct blkdev *dev, enum bio_op op)
{
	unsigned int idx = blk_rl_idx(dev, op);

	dev->count[idx]--;
	if (dev->per_direction && dev->count[idx] < dev->congestion_off) {
		dev->congested[op] = false;
		if (op == REQ_OP_WRITE && sim->congestion_wait.first)
			wake_up_all(sim, &sim->congestion_wait);
	}
	if (op == REQ_OP_READ && dev->per_direction)
		return; /* queue_wait has writers only */
	if (!dev->count[idx] || !dev->per_direction)
		wake_up_all(sim, &dev->queue_wait);
	else if (dev->queue_wait.first && !blk_queue_full(dev, op))
		wake_up_task(dev->queue_wait.first);
}

/*
 * attempt_back_merge() / attempt_front_merge() (v2.6.25 block/ll_rw_blk.c,
 * from elv_merged_request): @rq grew, so it may now touch another queued
 * request - one starting where it ends (the sort tree) or ending where it
 * starts (the hash), the oldest of them; the two become one, in the place
 * of the one queued first, and the request left over is freed.
 */
static void blk_attempt_merge(struct sim *sim, struct blkdev *dev, struct blk_request *rq)
{
	struct blk_request *q, *keep, *gone;

	q = elv_rqhash_find(dev, ELV_HASH_START, rq->sector + rq->nr_pages, NULL, rq, rq->op,
			    rq->nr_pages, rq->nr_segments);
	q = elv_rqhash_find(dev, ELV_HASH_END, rq->sector, q, rq, rq->op, rq->nr_pages,
			    rq->nr_segments);
	if (!q)
		return;
	/* the one queued first stays and takes the other's bios */
	keep = q->queue_seq < rq->queue_seq ? q : rq;
	gone = keep == q ? rq : q;
	if (gone->sector > keep->sector) {
		blk_rq_join(keep, gone);
	} else {
		blk_rq_join(gone, keep);
		keep->first = gone->first;
		keep->last = gone->last;
		keep->sector = gone->sector;
		keep->nr_pages = gone->nr_pages;
		keep->nr_segments = gone->nr_segments;
	}
	keep->queued_ns = min_u64(keep->queued_ns, gone->queued_ns);
	blk_queue_unlink(dev, gone->prev ? &gone->prev->next : &dev->queue);
	elv_rqhash_reposition(dev, keep);
	blk_account(dev, sim->eng.now);
	dev->in_flight--;
	wbt_done(sim, dev, gone, sim->eng.now); /* freed when merged */
	blk_request_put(dev, gone);
	freed_request(sim, dev, rq->op);
}

/*
 * __make_request() (v2.6.25) / blk_mq_submit_bio() (v6.12): a bio that
 * starts where a queued request of its direction ends joins it at its
 * back, one that ends where a request starts at its front (ll_back_merge_fn
 * / ll_front_merge_fn, up to max_sectors); then the grown request may meet
 * another (blk_attempt_merge).  Only requests still in the queue take
 * bios: a dispatched one has its completion time.
 */
static bool blk_bio_merge(struct sim *sim, struct blkdev *dev, struct bio *bio,
			  struct blk_plug *plug)
{
	bool front, plugged = true;
	u64 segs = blk_bio_segments(bio);
	struct blk_request *rq =
		blk_plug_find_merge(dev, plug, bio->op, bio->sector, bio->nr_pages, segs, &front);

	if (!rq) {
		plugged = false;
		rq = blk_find_merge(dev, bio->op, bio->sector, bio->nr_pages, segs, &front);
	}
	if (!rq)
		return false;
	if (front) {
		bio->merged = rq->first;
		rq->first = bio;
		rq->sector = bio->sector;
	} else {
		rq->last->merged = bio;
		rq->last = bio;
	}
	rq->nr_pages += bio->nr_pages;
	rq->nr_segments += segs;
	dev->stats[bio->op].merges++;
	if (!plugged) {
		elv_rqhash_reposition(dev, rq);
		blk_attempt_merge(sim, dev, rq);
	}
	return true;
}

/* The deadline elevator's tunables (v2.6.25 block/deadline-iosched.c) */
#define DEADLINE_READ_EXPIRE (NSEC_PER_SEC / 2) /* read_expire: HZ / 2 */
#define DEADLINE_WRITE_EXPIRE (5 * NSEC_PER_SEC) /* write_expire: 5 * HZ */
#define DEADLINE_WRITES_STARVED 2 /* reads may starve writes this many batches */
#define DEADLINE_FIFO_BATCH 16 /* requests dispatched in sector order per batch */

/* The link to the first queued request of @op (the head of its FIFO), or NULL. */
static struct blk_request **deadline_fifo(struct blkdev *dev, enum bio_op op)
{
	for (struct blk_request **pp = &dev->queue; *pp; pp = &(*pp)->next)
		if ((*pp)->op == op)
			return pp;
	return NULL;
}

/* The link to the queued request of @op next in sector order from the head, or NULL. */
static struct blk_request **deadline_next(struct blkdev *dev, enum bio_op op)
{
	struct blk_request **best = NULL;

	for (struct blk_request **pp = &dev->queue; *pp; pp = &(*pp)->next) {
		const struct blk_request *rq = *pp;

		if (rq->op == op && rq->sector >= dev->head &&
		    (!best || rq->sector < (*best)->sector))
			best = pp;
	}
	return best;
}

/*
 * deadline_dispatch_requests() (v2.6.25): go on with the batch in sector
 * order while it has fewer than fifo_batch requests and one lies ahead of
 * the head; else pick a direction - reads first, unless writes have been
 * passed over writes_starved times - and take the request next in sector
 * order, or the direction's oldest when its deadline has passed or none
 * lies ahead (which wraps the sweep round).
 *
 * Why deadline for the 2.6.x profiles too, whose default was CFQ: the
 * seeds' I/O is swap-out and writeback, asynchronous writes, which CFQ
 * puts in one shared async queue per priority and serves in sector order
 * with a write expiry - deadline's dispatch; what CFQ adds (per-process
 * sync queues, time slices, idling for a process's next read) is about
 * readers' fairness, and the model's reads are faults that each wait for
 * their own request.
 */
static struct blk_request **deadline_pick(struct blkdev *dev, u64 now)
{
	struct blk_request **pp, **reads, **writes;
	enum bio_op dir;
	u64 expire;

	if (dev->batching < DEADLINE_FIFO_BATCH && (pp = deadline_next(dev, dev->batch_dir))) {
		dev->batching++;
		return pp;
	}
	reads = deadline_fifo(dev, REQ_OP_READ);
	writes = deadline_fifo(dev, REQ_OP_WRITE);
	if (reads && (!writes || dev->starved < DEADLINE_WRITES_STARVED)) {
		if (writes)
			dev->starved++;
		dir = REQ_OP_READ;
		pp = reads;
		expire = DEADLINE_READ_EXPIRE;
	} else {
		dev->starved = 0;
		dir = REQ_OP_WRITE;
		pp = writes;
		expire = DEADLINE_WRITE_EXPIRE;
	}
	if ((*pp)->queued_ns + expire > now) {
		struct blk_request **next = deadline_next(dev, dir);

		if (next)
			pp = next;
	}
	dev->batch_dir = dir;
	dev->batching = 1;
	return pp;
}

/* Does slot @a free before slot @b (the lower index first at the same time)? */
static bool blk_slot_before(const struct blkdev *dev, unsigned int a, unsigned int b)
{
	u64 ta = dev->slot_busy_until[a], tb = dev->slot_busy_until[b];

	return ta < tb || (ta == tb && a < b);
}

/*
 * The slot that frees first, the heap's root, has been booked later: it
 * sinks to its place, so that the next request finds the first free slot
 * without scanning all depth of them (1,024 on a deep queue).
 */
static void blk_slot_sift_down(struct blkdev *dev)
{
	unsigned int *h = dev->slot_heap, i = 0, slot = h[0];

	for (;;) {
		unsigned int c = 2 * i + 1;

		if (c >= dev->depth)
			break;
		if (c + 1 < dev->depth && blk_slot_before(dev, h[c + 1], h[c]))
			c++;
		if (!blk_slot_before(dev, h[c], slot))
			break;
		h[i] = h[c];
		i = c;
	}
	h[i] = slot;
}

/*
 * Dispatch: while a slot is free at @now, a queued request takes the one
 * that freed first - on a disk the one the deadline elevator picks, on
 * flash the oldest; it starts when both it and the slot are there, and
 * its completion time is fixed now.
 */
static void blk_dispatch(struct sim *sim, struct blkdev *dev, u64 now)
{
	if (dev->plugged)
		return; /* the unplug dispatches */
	while (dev->queue) {
		struct blk_request **pp, *rq;
		unsigned int best = dev->slot_heap[0];
		struct blk_service svc;
		u64 start, done;

		if (dev->slot_busy_until[best] > now)
			return;
		pp = dev->rpm ? deadline_pick(dev, now) : &dev->queue;
		rq = *pp;
		blk_queue_unlink(dev, pp);
		/*
		 * the slot is held from dispatch to completion, as a tag is; a
		 * request starts once it is in the queue and the queue unplugged
		 */
		start = max_u64(max_u64(rq->ready_ns, dev->unplug_ns), dev->slot_busy_until[best]);
		rq->issue_ns = start;
		wbt_issue(dev, rq);
		svc = blk_service_time(sim, dev, rq);
		done = max_u64(start + svc.access_ns, dev->xfer_busy_until) + svc.xfer_ns;
		dev->xfer_busy_until = done;
		dev->slot_busy_until[best] = done;
		blk_slot_sift_down(dev);
		if (dev->complete_batch) {
			rq->next = NULL;
			if (dev->batch_last)
				dev->batch_last->next = rq;
			else
				dev->batch = rq;
			dev->batch_last = rq;
			event_push(sim, done, blk_batch_end, dev, 0);
		} else {
			event_push(sim, done, blk_end_io, rq, 0);
		}
	}
}

/*
 * completion = batch, the oracle VM's virtio disk as measured with
 * bench/ddsleep-trace.py (bench/results/ddsleep-trace.txt): the ~61 MiB
 * that the flusher issues in 1-2 ms complete within 0.05-0.2 ms of each
 * other, 17-30 ms after the first issue, and the requests issued while
 * they are written complete with them; readahead's four 4 MiB requests a
 * window likewise.  The guest hears of its requests when the host has
 * written all it was given.  Here each dispatch books its transfer as
 * for `each`, and a slot whose transfer has ended takes the next queued
 * request; only when the last booked transfer ends (xfer_busy_until)
 * with none booked after it does every request done since the last
 * signal complete, oldest first.  A device kept busy without a pause
 * signals nothing until the pause: the grid's writers and readers pause
 * while they wait for these very completions.
 */
void blk_batch_end(struct sim *sim, void *data, u64 unused)
{
	struct blkdev *dev = data;
	struct blk_request *rq = dev->batch;

	if (dev->xfer_busy_until > sim->eng.now) {
		blk_dispatch(sim, dev, sim->eng.now); /* its slot is free */
		return; /* a later transfer's end signals them */
	}
	dev->batch = dev->batch_last = NULL;
	while (rq) {
		struct blk_request *next = rq->next;

		blk_end_io(sim, rq, 0);
		rq = next;
	}
}

/*
 * get_request() (v2.6.25): a request of @op's list; at the congestion-on
 * threshold the queue is congested.  A caller that must not exceed
 * nr_requests has waited first (blk_bio_must_wait); reads never wait in
 * the model (a fault's read is one request) and may exceed it.
 */
static struct blk_request *get_request(struct sim *sim, struct blkdev *dev, enum bio_op op, u64 now)
{
	struct blk_request *rq = blk_request_alloc(sim, dev);
	unsigned int idx = blk_rl_idx(dev, op);

	if (!rq)
		return NULL;
	dev->count[idx]++;
	if (dev->per_direction && dev->count[idx] >= dev->congestion_on)
		dev->congested[op] = true;
	blk_account(dev, now);
	dev->in_flight++;
	if (op == REQ_OP_READ)
		dev->nr_reads++;
	else
		dev->nr_writes++;
	return rq;
}

/*
 * The unplug timer (blk_unplug_timeout -> blk_unplug_work, before
 * v2.6.39): @seq is the plug it was set for.
 */
void blk_unplug_timeout(struct sim *sim, void *data, u64 seq)
{
	struct blkdev *dev = data;

	if (dev->plugged && dev->plug_seq == seq)
		blk_unplug(sim, dev, sim->eng.now);
}

/* The unplug timer's delay and the queued requests that unplug at once (v2.6.25) */
#define BLK_UNPLUG_DELAY (3 * NSEC_PER_MSEC) /* q->unplug_delay: 3 ms */
#define BLK_UNPLUG_THRESH 4 /* q->unplug_thresh */

void blk_unplug(struct sim *sim, struct blkdev *dev, u64 now)
{
	if (!dev->plugged)
		return;
	dev->plugged = false;
	dev->unplug_ns = now;
	blk_dispatch(sim, dev, now);
}

/*
 * add_request() -> elv_insert() (v2.6.25; blk_mq_insert_request on a
 * plug flush, v6.12): @rq joins the back of the queue, and may meet a
 * queued request it continues.  Before v2.6.39 a request that finds the
 * queue empty plugs it (blk_plug_device: held for unplug_delay), and
 * unplug_thresh requests waiting unplug it at once.
 */
static void blk_queue_insert(struct sim *sim, struct blkdev *dev, struct blk_request *rq, u64 now)
{
	if (dev->queue_plug && !dev->queue && !dev->plugged) {
		dev->plugged = true;
		event_push(sim, now + BLK_UNPLUG_DELAY, blk_unplug_timeout, dev, ++dev->plug_seq);
	}
	rq->next = NULL;
	rq->prev = dev->queue_last;
	rq->ready_ns = now;
	if (dev->queue_last)
		dev->queue_last->next = rq;
	else
		dev->queue = rq;
	dev->queue_last = rq;
	rq->queue_seq = dev->queue_seq++;
	elv_rqhash_add(dev, rq);
	dev->nr_queued++;
	if (dev->task_plug)
		blk_attempt_merge(sim, dev, rq); /* blk_mq_sched_try_insert_merge */
	if (dev->plugged && dev->nr_queued >= BLK_UNPLUG_THRESH)
		blk_unplug(sim, dev, now);
	else
		blk_dispatch(sim, dev, now);
}

void blk_start_plug(const struct sim *sim, struct blk_plug *plug)
{
	if (sim->scn.policy.blk_plug == BLK_PLUG_TASK)
		plug->depth++;
}

/*
 * blk_flush_plug() (v6.12 blk_mq_flush_plug_list): the plugged requests
 * go to their devices' queues in the order they were plugged.
 */
void blk_flush_plug(struct sim *sim, struct blk_plug *plug, u64 now)
{
	while (plug->list) {
		struct blk_request *rq = plug->list;

		plug->list = rq->next;
		blk_queue_insert(sim, rq->dev, rq, now);
	}
	plug->last = NULL;
	plug->rq_count = 0;
}

void blk_finish_plug(struct sim *sim, struct blk_plug *plug, u64 now)
{
	if (!plug->depth || --plug->depth)
		return;
	blk_flush_plug(sim, plug, now);
}

/*
 * blk_add_rq_to_plug() (v6.12, v6.18): a new request goes on the plug
 * list, which is flushed first when it holds BLK_MAX_REQUEST_COUNT
 * requests or the request rq_list_peek() returns has reached
 * BLK_PLUG_FLUSH_SIZE.  Up to v6.12 the list was kept newest first, so
 * that is the last request plugged; v6.13 ("block: don't reorder requests
 * in blk_add_rq_to_plug", e70c301faece) keeps it in submission order and
 * rq_list_peek() returns its head, the oldest (blk_plug_flush_rq =
 * first): a plug opened by a small request - a swap readahead's read -
 * then flushes only at BLK_MAX_REQUEST_COUNT, however large the reclaim
 * writes merged behind it grow (v6.18's trace, bench/results/
 * swapout-trace.txt: 23 requests of up to 2,032 sectors held ~25 ms).
 */
static void blk_add_rq_to_plug(struct sim *sim, struct blk_plug *plug, struct blk_request *rq,
			       u64 now)
{
	struct blkdev *dev = rq->dev;
	const bool oldest = sim->scn.policy.blk_plug_flush_first;
	/* rq_list_peek(): the list's head */
	const struct blk_request *peek = oldest ? plug->list : plug->last;

	if (plug->rq_count >= BLK_MAX_REQUEST_COUNT ||
	    (peek && peek->nr_pages * dev->page_size >= BLK_PLUG_FLUSH_SIZE))
		blk_flush_plug(sim, plug, now);
	rq->next = NULL;
	if (plug->last)
		plug->last->next = rq;
	else
		plug->list = rq;
	plug->last = rq;
	plug->rq_count++;
}

/*
 * submit_bio of task @t (NULL: none) through @plug.  A bio that takes a
 * request of its own costs @t blk_submit_ns: blk_mq_submit_bio's request,
 * the plug's flush through mq-deadline to the driver's queue_rq (v6.18).
 * The kernel kicks once a dispatch batch; the plug flushes a request at a
 * time here (each new request flushes the one before once it has 128
 * KiB), so a request is a batch.  A merged bio costs its caller's own
 * figure only.
 *
 * The kick (virtio_queue_rq -> virtqueue_kick_prepare, virtqueue_notify,
 * v6.18) costs @t the device's kick_ns more only when the device has no
 * request in flight: virtqueue_kick_prepare_split asks vring_need_event
 * whether the host's avail_event index wants a notification, and a host
 * still working through the queue has not asked for one (virtio's event
 * index), so the notify, a VM exit, is skipped.  Measured on the oracle's
 * disk as a read to an idle disk (10.24 us) against a swap-out request
 * among others in flight (~1.7 us); the device's "no request in flight"
 * (in_flight: allocated, a plugged one included, not completed) stands for
 * the host's not polling, and a plug's first request pays the kick for
 * the batch it flushes.
 */
static void blk_submit(struct sim *sim, struct blkdev *dev, struct bio *bio, struct blk_plug *plug,
		       struct task *t, u64 now)
{
	struct blk_request *rq;
	u64 submit_ns;

	/*
	 * every bio has its place: a swap slot or a file page's (a request
	 * without one would wrap its end, ~0 + n, and merge with one at n - 1)
	 */
	VM_BUG_ON(bio->sector == BIO_NO_SECTOR);
	if (plug && !plug->depth)
		plug = NULL;
	bio->merged = NULL;
	dev->inflight_pages += bio->nr_pages;
	if (bio->op == REQ_OP_READ)
		dev->pages_read += bio->nr_pages;
	else
		dev->pages_written += bio->nr_pages;
	if (blk_bio_merge(sim, dev, bio, plug))
		return;
	submit_ns = sim->scn.cost.blk_submit_ns + (dev->in_flight ? 0 : dev->kick_ns);
	if (t && submit_ns) {
		charge_sys(t, submit_ns);
		now = task_now(t);
	}
	if (!(rq = get_request(sim, dev, bio->op, now))) {
		dev->inflight_pages -= bio->nr_pages;
		bio_put(dev, bio);
		return;
	}
	*rq = (struct blk_request){ .dev = dev,
				    .op = bio->op,
				    .first = bio,
				    .last = bio,
				    .sector = bio->sector,
				    .nr_pages = bio->nr_pages,
				    .nr_segments = blk_bio_segments(bio),
				    .queued_ns = now,
				    .cpu = t ? task_cpu(t) : 0 };
	wbt_track(sim, dev, rq, t);
	if (plug)
		blk_add_rq_to_plug(sim, plug, rq, now);
	else
		blk_queue_insert(sim, dev, rq, now);
}

void submit_bio(struct sim *sim, struct blkdev *dev, struct bio *bio, u64 now)
{
	blk_submit(sim, dev, bio, NULL, NULL, now);
}

void task_submit_bio(struct task *t, struct blkdev *dev, struct bio *bio)
{
	blk_submit(t->sim, dev, bio, &mm_task(t)->plug, t, task_now(t));
}

/*
 * sched_submit_work() (v2.6.39+: blk_flush_plug from schedule) for @t
 * about to sleep on @wq: its plugged requests go to the devices.  Before
 * v2.6.39 nothing is plugged per task; instead a task about to sleep in
 * io_schedule() for a page's I/O (lock_page / wait_on_page_writeback ->
 * sync_page -> blk_run_backing_dev) or for a request (get_request_wait)
 * unplugs the queue it waits on - both, for a page, whose device the wait
 * queue does not say.  congestion_wait and balance_dirty_pages unplug
 * nothing.
 */
void blk_sched_submit_work(struct task *t, struct wait_queue_head *wq)
{
	struct sim *sim = t->sim;
	u64 now = task_now(t);

	if (mm_task(t)->plug.list) {
		blk_flush_plug(sim, &mm_task(t)->plug, now);
		return;
	}
	if (!t->in_iowait || !wq)
		return;
	if (wq == &sim->swap_dev.queue_wait || wq == &sim->page_wait || wq == &sim->writeback_wait)
		blk_unplug(sim, &sim->swap_dev, now);
	if (wq == &sim->disk_dev.queue_wait || wq == &sim->page_wait || wq == &sim->writeback_wait)
		blk_unplug(sim, &sim->disk_dev, now);
}

/*
 * The device is done with @rq: its interrupt (vring_interrupt ->
 * virtblk_done, v6.18) and the block softirq's blk_mq_end_request ->
 * bio_endio -> each folio's end of I/O and its waiter's wake-up run on
 * the CPU it lands on, the submitter's (blk-mq's completion on the
 * submitting CPU, QUEUE_FLAG_SAME_COMP; the oracle VM's one virtio queue
 * takes every interrupt on CPU 1, as it happens), ahead of the task there:
 * blk_complete_ns a request and blk_complete_page_ns a page.  The
 * request completes, and its waiters wake, when that work ends.
 */
static bool blk_mq_complete_request(struct sim *sim, struct blk_request *rq)
{
	const struct scn_cost *c = &sim->scn.cost;
	u64 ns = c->blk_complete_ns + rq->nr_pages * c->blk_complete_page_ns;

	if (!ns)
		return false;
	event_push(sim, irq_work_charge(sim, rq->cpu, ns), blk_end_io, rq, 1);
	return true;
}

void blk_end_io(struct sim *sim, void *data, u64 irq_done)
{
	struct blk_request *rq = data;
	struct blkdev *dev = rq->dev;
	enum bio_op op = rq->op;
	struct blk_dir_stats *st = &dev->stats[op];
	u64 now = sim->eng.now;

	if (!irq_done && blk_mq_complete_request(sim, rq))
		return;

	blk_account(dev, now);
	dev->in_flight--;
	/*
	 * a request over max_sectors or max_segments (one bio can be) went to
	 * the device in as many pieces (blk_queue_split, __bio_split_to_limits)
	 */
	st->ios += max_u64((rq->nr_pages + dev->max_request_pages - 1) / dev->max_request_pages,
			   (rq->nr_segments + dev->max_segments - 1) / dev->max_segments);
	st->sectors += rq->nr_pages * dev->page_size / 512;
	st->ticks_ns += now - rq->queued_ns;
	for (struct bio *bio = rq->first, *next; bio; bio = next) {
		next = bio->merged;
		dev->inflight_pages -= bio->nr_pages;
		bio->end_io(sim, bio);
		if (bio->waiter)
			wake_up_task(bio->waiter);
		bio_put(dev, bio);
	}
	wbt_stat_add(dev, rq, now);
	wbt_done(sim, dev, rq, now);
	blk_request_put(dev, rq);
	freed_request(sim, dev, op);
	/* the driver's completion runs the queue (blk_run_queue), plugged or not */
	dev->plugged = false;
	blk_dispatch(sim, dev, now);
}

/* [machine]: the device presets and the file device */

#define MiB (1024ULL * 1024)
#define GiB (1024ULL * MiB)

/*
 * swap_device / disk_device presets: typical sequential bandwidth, the
 * latency of a 4 KiB random read at queue depth 1 (less its 4 KiB
 * transfer), how many requests the device overlaps, and a disk's head.
 */
static const struct device_preset {
	const char *name;
	struct scn_device dev;
} device_presets[] = {
	/*
	 * SATA SSD.  Samsung 850 EVO: 540/520 MB/s, 4K random read QD1
	 * 10,000 IOPS (100 us); 870 EVO: 560/530 MB/s, QD1 13,000 IOPS
	 * (77 us), QD32 98,000 IOPS (the specification sheets, as quoted by
	 * reviews).  500 MiB/s is 524 MB/s, near the SATA link's ~600 MB/s;
	 * NCQ has 32 tags.
	 */
	{ "ssd", { .latency_ns = 100 * NSEC_PER_USEC, .bandwidth = 500 * MiB, .depth = 32 } },
	/*
	 * 7200 rpm disk with one head, so depth 1 whatever NCQ queues; no
	 * command latency beyond the mechanics.  Hitachi Deskstar 7K1000.C
	 * (1 TB, two platters; its OEM specification, section 4.5.2): average
	 * seek 8.5 ms read (9.5 ms write), 8.33 ms a revolution.  Single-track
	 * 1.0 ms and full stroke 20 ms read: the same maker's 7200 rpm 7K320
	 * and 7K500 specifications (section 4.4.2; the 7K1000.C's tables give
	 * only the average).  A random 4 KiB request: 8.5 + 4.17 ms, ~79 IOPS
	 * (the preset's former flat 12 ms).  ~150 MiB/s sequential.
	 */
	{ "hdd",
	  { .bandwidth = 150 * MiB,
	    .depth = 1,
	    .rpm = 7200,
	    .rotational = true,
	    .capacity = 1000 * 1000 * 1000 * 1000ULL,
	    .seek_track_ns = NSEC_PER_MSEC,
	    .seek_avg_ns = 8500 * NSEC_PER_USEC,
	    .seek_full_ns = 20 * NSEC_PER_MSEC } },
	/*
	 * PCIe 3.0 x4 NVMe SSD.  Samsung 970 EVO Plus 1 TB: 3,500/3,300
	 * MB/s, 4K random read QD1 19,000 IOPS (53 us), QD32 600,000 IOPS
	 * (Samsung's specification): a TLC flash read takes tens of
	 * microseconds.  Deep queues; 3 GiB/s is 3,221 MB/s.
	 */
	{ "nvme", { .latency_ns = 50 * NSEC_PER_USEC, .bandwidth = 3 * GiB, .depth = 128 } },
};

static const struct device_preset *find_preset(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(device_presets); i++)
		if (!strcmp(name, device_presets[i].name))
			return &device_presets[i];
	return NULL;
}

/*
 * swap_device / disk_device: the preset fills latency, bandwidth, depth
 * and the rotational flag, except those given as single keys in the same
 * [machine], and the head.
 */
int blkdev_set_preset(struct cfg_ctx *k, void *obj, const char *val)
{
	struct scn_machine *m = obj;
	const struct device_preset *p = find_preset(val);
	bool swap = !strncmp(k->key, "swap", 4);
	struct scn_device *d = swap ? &m->swap_dev : &m->disk_dev;

	if (!p)
		return cfg_fail(k, ": unknown device '%s' (expected ssd, hdd or nvme)", val);
	if (!cfg_key_given(k, swap ? "swap_latency" : "disk_latency"))
		d->latency_ns = p->dev.latency_ns;
	if (!cfg_key_given(k, swap ? "swap_bandwidth" : "disk_bandwidth"))
		d->bandwidth = p->dev.bandwidth;
	if (!cfg_key_given(k, swap ? "swap_depth" : "disk_depth"))
		d->depth = p->dev.depth;
	if (!cfg_key_given(k, swap ? "swap_rotational" : "disk_rotational"))
		d->rotational = p->dev.rotational;
	d->rpm = p->dev.rpm;
	d->capacity = p->dev.capacity;
	d->seek_track_ns = p->dev.seek_track_ns;
	d->seek_avg_ns = p->dev.seek_avg_ns;
	d->seek_full_ns = p->dev.seek_full_ns;
	return 0;
}

/*
 * swap_wbt_step / disk_wbt_step: blk-wbt's scale step, signed (the
 * wbt_step tracepoint's "step"); beyond +-16 the depth is long at its
 * bound either way.
 */
int blkdev_set_wbt_step(struct cfg_ctx *k, void *obj, const char *val)
{
	struct scn_machine *m = obj;
	struct scn_device *d = !strncmp(k->key, "swap", 4) ? &m->swap_dev : &m->disk_dev;
	bool neg = val[0] == '-';
	char err[CFG_MSG_LEN];
	u64 v;

	if (cfg_parse_uint_range(val + neg, 0, 16, &v, err, sizeof(err)))
		return cfg_fail(k, ": '%s': expected an integer from -16 to 16", val);
	d->wbt_step = neg ? -(int)v : (int)v;
	return 0;
}

#define M_OFF(f) offsetof(struct scn_machine, f)

static const struct cfg_key blkdev_machine_keys[] = {
	{ .name = "disk_device",
	  .type = CFG_CUSTOM,
	  .set = blkdev_set_preset,
	  .def = "ssd",
	  .range = "ssd \\| hdd \\| nvme",
	  .doc = "the file device's preset, as swap_device" },
	{ .name = "disk_latency",
	  .type = CFG_TIME,
	  .off = M_OFF(disk_dev.latency_ns),
	  .max = 10 * NSEC_PER_SEC,
	  .def_doc = "disk_device",
	  .doc = "per request, before the transfer; overlaps across the depth (on a disk, hdd: a command's latency before the seek of a request that is not sequential)" },
	{ .name = "disk_bandwidth",
	  .type = CFG_BANDWIDTH,
	  .off = M_OFF(disk_dev.bandwidth),
	  .def_doc = "disk_device",
	  .doc = "bytes per second, shared by the requests in flight" },
	{ .name = "disk_depth",
	  .type = CFG_UINT,
	  .off = M_OFF(disk_dev.depth),
	  .min = 1,
	  .max = 65536,
	  .def_doc = "disk_device",
	  .doc = "requests in flight" },
	{ .name = "disk_rotational",
	  .type = CFG_ENUM,
	  .off = M_OFF(disk_dev.rotational),
	  .size = sizeof(bool),
	  .values = CFG_VALUES("0", "1"),
	  .def_doc = "disk_device",
	  .doc = "as swap_rotational, for the file device" },
	{ .name = "disk_completion",
	  .type = CFG_ENUM,
	  .off = M_OFF(disk_dev.complete_batch),
	  .size = sizeof(bool),
	  .values = CFG_VALUES("each", "batch"),
	  .def = "each",
	  .doc = "as swap_completion, for the file device" },
	{ .name = "disk_wbt_step",
	  .type = CFG_CUSTOM,
	  .set = blkdev_set_wbt_step,
	  .def = "0",
	  .range = "-16..16",
	  .doc = "as swap_wbt_step, for the file device" },
	/* as swap_kick */
	{ .name = "disk_kick",
	  .type = CFG_TIME,
	  .off = M_OFF(disk_dev.kick_ns),
	  .max = NSEC_PER_SEC,
	  .def = "0",
	  .doc = "as swap_kick, for the file device" },
};

CFG_TABLE(blkdev_machine_table, blkdev_machine_keys);

/* [policy]: the block layer's request list and request size */

#define P_OFF(f) .off = offsetof(struct scn_policy, f), .size = sizeof(((struct scn_policy *)0)->f)

static const struct cfg_key blkdev_policy_keys[] = {
	{ .name = "blk_requests",
	  .type = CFG_ENUM,
	  P_OFF(blk_rl_per_direction),
	  .values = CFG_VALUES("tags", "per_direction"),
	  .def = "tags",
	  .doc = "requests a bio that cannot merge takes: one pool of 2 x depth (at least 64) tags for both directions, no congested state (blk-mq, all SCSI disks since 5.0) / 128 per direction, congested from 113 to below 103 (2.6.x request_list, BLKDEV_MAX_RQ)" },
	{ .name = "blk_max_sectors_kb",
	  .type = CFG_UINT,
	  P_OFF(blk_max_sectors_kb),
	  .min = 4,
	  .max = 65536,
	  .def = "1280",
	  .doc = "KiB: merges stop at this request size (max_sectors_kb; BLK_DEF_MAX_SECTORS 1024 sectors in 2.6.x, 2560 since 4.3)" },
	{ .name = "blk_max_segments",
	  .type = CFG_UINT,
	  P_OFF(blk_max_segments),
	  .min = 1,
	  .max = 65535,
	  .def = "128",
	  .doc = "physical segments (runs of pages contiguous in memory) a request may hold: merges stop here as at blk_max_sectors_kb (max_segments; BLK_MAX_SEGMENTS and 2.6.x's MAX_PHYS_SEGMENTS 128, the queue's default; drivers set their own: virtio-blk the device's seg_max, 254 on the oracle's disk)" },
	{ .name = "blk_plug",
	  .type = CFG_ENUM,
	  P_OFF(blk_plug),
	  .values = CFG_VALUES("none", "queue", "task"),
	  .def = "task",
	  .doc = "where bios wait to merge before the device sees them: nowhere, a request goes to the device as soon as a slot is free (the model before plugging; the 2.6.x profiles, see docs/model.md) / the queue plugs when a request finds it empty and unplugs after unplug_delay (3 ms), at unplug_thresh (4) queued requests, at a completion or when a task sleeps on a page's I/O or for a request (before 2.6.39) / the task's plug list, from blk_start_plug to blk_finish_plug or its next sleep, in reclaim's shrink_lruvec, writeback, fsync and readahead (2.6.39+; reclaim 3.0+)" },
	{ .name = "blk_plug_flush_rq",
	  .type = CFG_ENUM,
	  P_OFF(blk_plug_flush_first),
	  .values = CFG_VALUES("last", "first"),
	  .def = "last",
	  .doc = "with blk_plug = task, the plugged request whose size (BLK_PLUG_FLUSH_SIZE, 128 KiB) flushes the plug when another request joins it, besides BLK_MAX_REQUEST_COUNT (32) requests: the newest (blk_add_rq_to_plug up to v6.12, a list kept newest first) / the oldest (v6.13+: the list in submission order, rq_list_peek its head), so a plug opened by a small read holds up to 32 requests of any size" },
	{ .name = "blk_wbt",
	  .type = CFG_ENUM,
	  P_OFF(blk_wbt),
	  .values = CFG_VALUES("off", "on"),
	  .def = "on",
	  .doc = "writeback throttling (blk-wbt, 4.10+): writes that take a request wait while their class has max_depth (kswapd, WB_SYNC_ALL), wb_normal (half; reclaim, flusher woken by reclaim) or wb_background (a quarter; background writeback, or a read in the last 100 ms) in flight, from 16 (2 on a queue of depth 1) scaled by the fastest read of each 100 ms window against 2 ms, or 75 ms on a rotational queue (swap_rotational, disk_rotational) / none (before 4.10; legacy queues under CFQ; BFQ)" },
};
CFG_TABLE(blkdev_policy_table, blkdev_policy_keys);

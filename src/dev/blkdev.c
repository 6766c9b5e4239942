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

#include "../mm/sim.h"
#include "../sim/config.h"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) CFG_ARRAY_SIZE(a)
#endif

int blkdev_init(struct blkdev *dev, const char *name, u64 latency_ns, u64 bandwidth,
		unsigned int depth, u32 page_size)
{
	unsigned int nr_requests;
	u64 request_pages = BLK_QUEUE_REQUEST_BYTES / page_size;

	*dev = (struct blkdev){ .name = name,
				.latency_ns = latency_ns,
				.bandwidth = bandwidth,
				.depth = depth ? depth : 1 };
	nr_requests = dev->depth * 2 > 64 ? dev->depth * 2 : 64;
	/*
	 * the room is bytes, not pages: with 64 KiB pages, 32 pages per
	 * request let 128 MiB be in flight, more than a small swap device,
	 * and reclaim filled all of swap with writes before one completed
	 */
	dev->queue_pages = (u64)nr_requests * (request_pages ? request_pages : 1);
	dev->slot_busy_until = calloc(dev->depth, sizeof(u64));
	return dev->slot_busy_until ? 0 : -1;
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
	dev->slot_busy_until = NULL;
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
	bio->end_io = end_io;
	bio->waiter = NULL;
	bio->next = NULL;
	bio->dev = dev;
	bio->sector = BIO_NO_SECTOR;
	bio->merged = NULL;
	return bio;
}

void bio_put(struct blkdev *dev, struct bio *bio)
{
	bio->next = dev->free_bios;
	dev->free_bios = bio;
}

/*
 * A request's time on the device, in two stages.
 *
 * Access (@access_ns, the device's latency): command processing and the
 * medium's access, an SSD's flash read or program, a disk's seek and
 * rotation.  Each request in flight spends it on its own queue slot, so up
 * to depth accesses overlap: an SSD works on its queued commands in
 * parallel across flash channels and dies.  A disk has one head and
 * overlaps nothing: its preset has depth 1.
 *
 * Transfer (@xfer_ns, bytes / bandwidth): the data crosses the one link
 * between host and device (SATA, PCIe) or passes the one head, at the
 * device's bandwidth, one request at a time in the order they were
 * submitted (FIFO; with one latency for all requests, the order in which
 * they finish their access).  However many requests are in flight, the
 * device moves at most bandwidth bytes per second.  FIFO rather than
 * processor sharing: a disk transfers one request's sectors at a time, a
 * SATA SSD sends one command's data FISes at a time, and both give the
 * same aggregate rate; under FIFO a request's completion time is known
 * when it is submitted (later requests queue behind it, never slow it
 * down), so its completion event is pushed once.
 *
 * This is the one place a request's service time is computed; each part
 * gets the run's device jitter (blk_service_jitter, blk_jitter.c).
 */
struct blk_service {
	u64 access_ns;
	u64 xfer_ns;
};

static struct blk_service blk_service_time(struct sim *sim, const struct blkdev *dev, u64 bytes)
{
	struct blk_service s = { .access_ns = blk_service_jitter(sim, dev->latency_ns) };

	if (dev->bandwidth)
		s.xfer_ns = blk_service_jitter(sim, bytes * NSEC_PER_SEC / dev->bandwidth);
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

/* Can the elevator merge these (same direction, writes, known places, size)? */
static bool blk_rq_mergeable(const struct blk_request *rq, enum bio_op op, u64 nr_pages,
			     u32 page_size)
{
	return rq->op == REQ_OP_WRITE && op == REQ_OP_WRITE && rq->sector != BIO_NO_SECTOR &&
	       (rq->nr_pages + nr_pages) * page_size <= BLK_MAX_REQUEST_BYTES;
}

/* Append @b's bios after @a's (b continues a on the device): a is b's and a's request now. */
static void blk_rq_join(struct blk_request *a, struct blk_request *b)
{
	a->last->merged = b->first;
	a->last = b->last;
	a->nr_pages += b->nr_pages;
}

/* Unlink @rq, queued behind *@pp's request (or first when @pp is &queue). */
static void blk_queue_unlink(struct blkdev *dev, struct blk_request **pp, struct blk_request *prev)
{
	struct blk_request *rq = *pp;

	*pp = rq->next;
	if (dev->queue_last == rq)
		dev->queue_last = prev;
}

/*
 * attempt_back_merge() / attempt_front_merge() (v2.6.25 block/ll_rw_blk.c,
 * from elv_merged_request): @rq grew, so it may now touch another queued
 * request; the two become one, in the place of the one queued first.
 */
static void blk_attempt_merge(struct sim *sim, struct blkdev *dev, struct blk_request *rq)
{
	struct blk_request **pp, *prev = NULL, *keep = NULL;

	for (pp = &dev->queue; *pp; prev = *pp, pp = &(*pp)->next) {
		struct blk_request *q = *pp, *gone;

		if (q == rq) {
			keep = rq; /* queued first: it stays, a later one joins it */
			continue;
		}
		if (!blk_rq_mergeable(q, rq->op, rq->nr_pages, sim->page_size) ||
		    (q->sector != rq->sector + rq->nr_pages &&
		     q->sector + q->nr_pages != rq->sector))
			continue;
		if (!keep) {
			/* @q was queued first: it takes @rq's bios, @rq leaves */
			keep = q;
			gone = rq;
			for (pp = &q->next, prev = q; *pp != rq; prev = *pp, pp = &(*pp)->next)
				;
		} else {
			gone = q;
		}
		if (gone->sector > keep->sector) {
			blk_rq_join(keep, gone);
		} else {
			blk_rq_join(gone, keep);
			keep->first = gone->first;
			keep->last = gone->last;
			keep->sector = gone->sector;
			keep->nr_pages = gone->nr_pages;
		}
		blk_queue_unlink(dev, pp, prev);
		blk_request_put(dev, gone);
		dev->nr_write_merges++;
		return;
	}
}

/*
 * elv_merge() + ll_back_merge_fn() / ll_front_merge_fn() (v2.6.25
 * __make_request): a write @bio that starts where a queued write request
 * ends joins it at its back, one that ends where a request starts at its
 * front; then the grown request may meet another (blk_attempt_merge).
 * Only requests still in the queue take bios: a dispatched one has its
 * completion time.
 */
static bool blk_bio_merge(struct sim *sim, struct blkdev *dev, struct bio *bio)
{
	for (struct blk_request *rq = dev->queue; rq; rq = rq->next) {
		if (bio->sector == BIO_NO_SECTOR ||
		    !blk_rq_mergeable(rq, bio->op, bio->nr_pages, sim->page_size))
			continue;
		if (bio->sector == rq->sector + rq->nr_pages) {
			rq->last->merged = bio;
			rq->last = bio;
		} else if (bio->sector + bio->nr_pages == rq->sector) {
			bio->merged = rq->first;
			rq->first = bio;
			rq->sector = bio->sector;
		} else {
			continue;
		}
		rq->nr_pages += bio->nr_pages;
		dev->nr_write_merges++;
		blk_attempt_merge(sim, dev, rq);
		return true;
	}
	return false;
}

/*
 * Dispatch: while a slot is free at @now, the oldest queued request takes
 * the one that freed first; it starts when both it and the slot are
 * there, and its completion time is fixed now.
 */
static void blk_dispatch(struct sim *sim, struct blkdev *dev, u64 now)
{
	while (dev->queue) {
		struct blk_request *rq = dev->queue;
		unsigned int best = 0;
		struct blk_service svc;
		u64 start, done;

		for (unsigned int i = 1; i < dev->depth; i++)
			if (dev->slot_busy_until[i] < dev->slot_busy_until[best])
				best = i;
		if (dev->slot_busy_until[best] > now)
			return;
		dev->queue = rq->next;
		if (!dev->queue)
			dev->queue_last = NULL;
		/* the slot is held from dispatch to completion, as a tag is */
		start = max_u64(rq->queued_ns, dev->slot_busy_until[best]);
		svc = blk_service_time(sim, dev, rq->nr_pages * sim->page_size);
		done = max_u64(start + svc.access_ns, dev->xfer_busy_until) + svc.xfer_ns;
		dev->xfer_busy_until = done;
		dev->slot_busy_until[best] = done;
		event_push(sim, done, blk_end_io, rq, 0);
	}
}

void submit_bio(struct sim *sim, struct blkdev *dev, struct bio *bio, u64 now)
{
	struct blk_request *rq;

	bio->merged = NULL;
	dev->inflight_pages += bio->nr_pages;
	if (bio->op == REQ_OP_READ)
		dev->pages_read += bio->nr_pages;
	else
		dev->pages_written += bio->nr_pages;
	if (blk_bio_merge(sim, dev, bio))
		return;
	if (!(rq = blk_request_alloc(sim, dev))) {
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
				    .queued_ns = now };
	if (bio->op == REQ_OP_READ)
		dev->nr_reads++;
	else
		dev->nr_writes++;
	if (dev->queue_last)
		dev->queue_last->next = rq;
	else
		dev->queue = rq;
	dev->queue_last = rq;
	blk_dispatch(sim, dev, now);
}

void blk_end_io(struct sim *sim, void *data, u64 unused)
{
	struct blk_request *rq = data;
	struct blkdev *dev = rq->dev;
	enum bio_op op = rq->op;

	for (struct bio *bio = rq->first, *next; bio; bio = next) {
		next = bio->merged;
		dev->inflight_pages -= bio->nr_pages;
		bio->end_io(sim, bio);
		if (bio->waiter)
			wake_up_task(bio->waiter);
		bio_put(dev, bio);
	}
	blk_request_put(dev, rq);
	/* a finished write request ends congestion_wait() naps */
	if (op == REQ_OP_WRITE && sim->congestion_wait.first)
		wake_up_all(sim, &sim->congestion_wait);
	if (dev->queue_wait.first && !blk_queue_full(dev))
		wake_up_all(sim, &dev->queue_wait);
	blk_dispatch(sim, dev, sim->eng.now);
}

/* [machine]: the device presets and the file device */

#define MiB (1024ULL * 1024)
#define GiB (1024ULL * MiB)

/*
 * swap_device / disk_device presets: typical sequential bandwidth, the
 * latency of a 4 KiB random read at queue depth 1 (less its 4 KiB
 * transfer), and how many requests the device overlaps.
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
	{ "ssd", { 100 * NSEC_PER_USEC, 500 * MiB, 32 } },
	/*
	 * 7200 rpm disk: an average seek (7.4 ms read, 8.2 ms write for WD's
	 * Ultrastar DC HC310; 8.2-8.5 ms for other 7200 rpm drives) plus half
	 * a rotation (4.16 ms), ~12 ms for a random 4K request, ~80 IOPS;
	 * ~150 MiB/s sequential.  One head: it serves one request at a
	 * time whatever NCQ queues, so depth 1.
	 */
	{ "hdd", { 12 * NSEC_PER_MSEC, 150 * MiB, 1 } },
	/*
	 * PCIe 3.0 x4 NVMe SSD.  Samsung 970 EVO Plus 1 TB: 3,500/3,300
	 * MB/s, 4K random read QD1 19,000 IOPS (53 us), QD32 600,000 IOPS
	 * (Samsung's specification): a TLC flash read takes tens of
	 * microseconds.  Deep queues; 3 GiB/s is 3,221 MB/s.
	 */
	{ "nvme", { 50 * NSEC_PER_USEC, 3 * GiB, 128 } },
};

static const struct device_preset *find_preset(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(device_presets); i++)
		if (!strcmp(name, device_presets[i].name))
			return &device_presets[i];
	return NULL;
}

/*
 * swap_device / disk_device: the preset fills latency, bandwidth and
 * depth, except those given as single keys in the same [machine].
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
	  .doc = "per request, before the transfer; overlaps across the depth" },
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
};

CFG_TABLE(blkdev_machine_table, blkdev_machine_keys);

// SPDX-License-Identifier: MIT
/*
 * blkdev.c - block devices as queues with latency, bandwidth and depth.
 * A request takes the queue slot that frees first; its service time is
 * latency + bytes / bandwidth.  Completion is an EV_IO event.
 */
#include <stdio.h>
#include <stdlib.h>

#include "../sim/sim.h"

int blkdev_init(struct blkdev *dev, const char *name, u64 latency_ns,
		u64 bandwidth, unsigned int depth)
{
	unsigned int nr_requests;

	*dev = (struct blkdev){ .name = name, .latency_ns = latency_ns,
				.bandwidth = bandwidth, .depth = depth ? depth : 1 };
	nr_requests = dev->depth * 2 > 64 ? dev->depth * 2 : 64;
	dev->queue_pages = (u64)nr_requests * 32;	/* 128 KiB requests of 4 KiB pages */
	dev->slot_busy_until = calloc(dev->depth, sizeof(u64));
	return dev->slot_busy_until ? 0 : -1;
}

void blkdev_destroy(struct blkdev *dev)
{
	struct bio *b = dev->free_bios;

	while (b) {
		struct bio *next = b->next;

		free(b);
		b = next;
	}
	free(dev->slot_busy_until);
	dev->slot_busy_until = NULL;
	dev->free_bios = NULL;
}

struct bio *bio_alloc(struct blkdev *dev, enum bio_op op, bio_end_io_t end_io)
{
	struct bio *bio = dev->free_bios;

	if (bio)
		dev->free_bios = bio->next;
	else if (!(bio = malloc(sizeof(*bio)))) {
		/* the host is out of memory: nothing sensible can follow */
		fprintf(stderr, "reclaimsim: out of memory (bio)\n");
		exit(1);
	}
	bio->op = op;
	bio->nr_pages = 0;
	bio->end_io = end_io;
	bio->waiter = NULL;
	bio->next = NULL;
	bio->dev = dev;
	return bio;
}

void bio_put(struct blkdev *dev, struct bio *bio)
{
	bio->next = dev->free_bios;
	dev->free_bios = bio;
}

u64 submit_bio(struct sim *sim, struct blkdev *dev, struct bio *bio, u64 now)
{
	unsigned int best = 0;
	u64 start, done, bytes = (u64)bio->nr_pages * sim->page_size;

	for (unsigned int i = 1; i < dev->depth; i++)
		if (dev->slot_busy_until[i] < dev->slot_busy_until[best])
			best = i;
	start = max_u64(now, dev->slot_busy_until[best]);
	done = start + dev->latency_ns;
	if (dev->bandwidth)
		done += bytes * NSEC_PER_SEC / dev->bandwidth;
	dev->slot_busy_until[best] = done;
	dev->inflight_pages += bio->nr_pages;
	if (bio->op == REQ_OP_READ) {
		dev->nr_reads++;
		dev->pages_read += bio->nr_pages;
	} else {
		dev->nr_writes++;
		dev->pages_written += bio->nr_pages;
	}
	event_push(sim, done, EV_IO, bio, 0);
	return done;
}

void blk_complete(struct sim *sim, struct blkdev *dev, struct bio *bio)
{
	dev->inflight_pages -= bio->nr_pages;
	/* a finished write request ends congestion_wait() naps */
	if (bio->op == REQ_OP_WRITE && sim->congestion_wait.first)
		wake_up_all(sim, &sim->congestion_wait);
	if (dev->queue_wait.first && !blk_queue_full(dev))
		wake_up_all(sim, &dev->queue_wait);
}

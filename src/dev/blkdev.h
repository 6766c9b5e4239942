/* SPDX-License-Identifier: MIT */
/*
 * blkdev.h - a block device as a queue: requests wait for one of @depth
 * slots, then take latency + bytes / bandwidth.  Completion is an EV_IO
 * event that runs the bio's end_io.
 *
 * The request queue is bounded as the block layer's is (nr_requests
 * tags, default 2 x depth but at least 64, each a request the plug would
 * have merged up to 128 KiB): writers find it full and sleep until
 * completions make room (blk_mq_get_tag), which is what keeps reclaim
 * and the flusher from queueing unbounded writeback.
 */
#ifndef RECLAIMSIM_BLKDEV_H
#define RECLAIMSIM_BLKDEV_H

#include "../sim/types.h"
#include "../sim/waitq.h"

struct sim;
struct bio;

typedef void (*bio_end_io_t)(struct sim *sim, struct bio *bio);

enum bio_op { REQ_OP_READ, REQ_OP_WRITE };

#define BIO_MAX_PAGES 256

struct bio {
	enum bio_op op;
	unsigned int nr_pages;
	u32 pfns[BIO_MAX_PAGES];
	bio_end_io_t end_io;
	struct task *waiter;		/* woken at completion, may be NULL */
	struct bio *next;		/* free list */
	struct blkdev *dev;
	u64 private;			/* owner's data (e.g. first swap slot) */
};

struct blkdev {
	const char *name;
	u64 latency_ns;
	u64 bandwidth;			/* bytes/s */
	unsigned int depth;
	u64 *slot_busy_until;		/* ns, one per queue slot */
	u64 nr_reads, nr_writes;	/* requests */
	u64 pages_read, pages_written;
	u64 inflight_pages;		/* submitted, not completed */
	u64 queue_pages;		/* the queue's room, in pages */
	struct wait_queue_head queue_wait;	/* writers waiting for room */
	struct bio *free_bios;
};

int blkdev_init(struct blkdev *dev, const char *name, u64 latency_ns,
		u64 bandwidth, unsigned int depth);
void blkdev_destroy(struct blkdev *dev);
struct bio *bio_alloc(struct blkdev *dev, enum bio_op op, bio_end_io_t end_io);
/* submit_bio - queue @bio at @now; its completion is an EV_IO event.
 * Returns the completion time. */
u64 submit_bio(struct sim *sim, struct blkdev *dev, struct bio *bio, u64 now);
void bio_put(struct blkdev *dev, struct bio *bio);
/* A completed @bio leaves the queue; writers waiting for room wake. */
void blk_complete(struct sim *sim, struct blkdev *dev, struct bio *bio);
/* Is the queue full, so that a writer must wait before submitting? */
static inline bool blk_queue_full(const struct blkdev *dev)
{
	return dev->inflight_pages >= dev->queue_pages;
}

#endif

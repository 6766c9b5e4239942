/* SPDX-License-Identifier: MIT */
/*
 * blkdev.h - a block device as a queue: requests wait for one of @depth
 * slots, spend the latency there (the slots' latencies overlap), then
 * transfer bytes / bandwidth one after the other, so that the device's
 * aggregate rate never exceeds its bandwidth (blk_service_time, blkdev.c).
 * Completion is a blk_end_io event that runs the bio's end_io.
 *
 * The request queue is bounded as the block layer's is (nr_requests
 * tags, default 2 x depth but at least 64, each a request the plug would
 * have merged up to BLK_QUEUE_REQUEST_BYTES, at least one page): writers
 * find it full and sleep until completions make room (blk_mq_get_tag,
 * v6.12), which is what keeps reclaim and the flusher from queueing
 * unbounded writeback.
 *
 * Requests wait in the elevator's queue, in submission order, until a
 * slot frees (the dispatch, blk_dispatch): a request's completion time is
 * fixed when it is dispatched, not before.  While it waits, a write bio
 * that knows its place on the device (sector, in pages) and continues it
 * (back merge) or ends where it starts (front merge) joins it, and two
 * queued requests that have come to touch are merged into one (the
 * elevator's attempt_back_merge / attempt_front_merge), each up to
 * BLK_DEF_MAX_SECTORS: a merged bio adds its transfer time, not another
 * access latency, and completes with the request, which frees one
 * request, not one per bio.  The elevator does not sort: the seek a
 * sorted queue saves is in the hdd preset's average latency.
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
#define BIO_NO_SECTOR (~0ULL) /* the bio's place on the device is not modelled */
/* BLK_DEF_MAX_SECTORS (v2.6.25): 1024 sectors of 512 bytes per request */
#define BLK_MAX_REQUEST_BYTES (1024 * 512)
/* the bytes of a queued request when the queue's room is counted (128 KiB) */
#define BLK_QUEUE_REQUEST_BYTES (1024 * 128)

struct bio {
	enum bio_op op;
	unsigned int nr_pages;
	u32 pfns[BIO_MAX_PAGES];
	bio_end_io_t end_io;
	struct task *waiter; /* woken at completion, may be NULL */
	struct bio *next; /* free list */
	struct blkdev *dev;
	u64 private; /* owner's data (e.g. first swap slot) */
	u64 sector; /* first page's offset on the device, in pages */
	struct bio *merged; /* the next bio of its request, completed with it */
};

/*
 * A request (struct request): bios on consecutive sectors, first to last
 * through bio->merged, queued until a slot takes it.
 */
struct blk_request {
	struct blkdev *dev;
	enum bio_op op;
	struct bio *first, *last;
	u64 sector, nr_pages; /* its place (BIO_NO_SECTOR: unknown) and size */
	u64 queued_ns; /* submitted: it is dispatched no earlier */
	struct blk_request *next; /* the queue, or the free list */
};

struct blkdev {
	const char *name;
	u64 latency_ns; /* per request, overlapping across the depth */
	u64 bandwidth; /* bytes/s, the whole device's (0: transfers take no time) */
	unsigned int depth;
	u64 *slot_busy_until; /* ns, one per queue slot */
	u64 xfer_busy_until; /* ns, the transfer stage's last booked request ends */
	u64 nr_reads, nr_writes; /* requests */
	u64 nr_write_merges; /* write bios and requests merged into a queued request */
	struct blk_request *queue, *queue_last; /* waiting for a slot, oldest first */
	struct blk_request *free_requests;
	u64 pages_read, pages_written;
	u64 inflight_pages; /* submitted, not completed */
	u64 queue_pages; /* the queue's room, in pages */
	struct wait_queue_head queue_wait; /* writers waiting for room */
	struct bio *free_bios;
};

/* blkdev_init - @page_size in bytes sizes the queue's room; -1 when out of memory */
int blkdev_init(struct blkdev *dev, const char *name, u64 latency_ns, u64 bandwidth,
		unsigned int depth, u32 page_size);
void blkdev_destroy(struct blkdev *dev);
/* bio_alloc - NULL when the host is out of memory, with the run stopped (sim_fail) */
struct bio *bio_alloc(struct sim *sim, struct blkdev *dev, enum bio_op op, bio_end_io_t end_io);
/*
 * submit_bio - queue @bio at @now (ns): merged into a queued request, or a
 * request of its own; its completion is a blk_end_io event.  The run stops
 * (sim_fail) when the host has no memory for a request.
 */
void submit_bio(struct sim *sim, struct blkdev *dev, struct bio *bio, u64 now);
void bio_put(struct blkdev *dev, struct bio *bio);
/*
 * blk_service_jitter - @service_ns (a request's access latency or its transfer, ns)
 * with the run's device jitter applied: uniform within +-[run] io_jitter
 * percent (blk_jitter.c); @service_ns itself when jitter is off.
 */
u64 blk_service_jitter(struct sim *sim, u64 service_ns);
/* The completion event of request @rq: complete its bios, dispatch the next. */
void blk_end_io(struct sim *sim, void *rq, u64 unused);
/* Free request @rq and its bios (a run torn down with I/O in flight). */
void blk_request_discard(struct blk_request *rq);
/*
 * [machine] swap_device / disk_device = ssd | hdd | nvme: the preset fills
 * latency, bandwidth and depth of that device (a cfg_set_fn, config.h).
 */
struct cfg_ctx;
int blkdev_set_preset(struct cfg_ctx *k, void *obj, const char *val);
/* Is the queue full, so that a writer must wait before submitting? */
static inline bool blk_queue_full(const struct blkdev *dev)
{
	return dev->inflight_pages >= dev->queue_pages;
}

/* [machine] and [run] keys of the devices (src/config/reader.c registers them) */
struct cfg_table;
extern const struct cfg_table blkdev_machine_table, blk_jitter_run_table;

#endif

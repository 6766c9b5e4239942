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
 * A write bio that knows its place on the device (sector, in pages) and
 * continues the last write request still waiting in the queue joins it
 * (the elevator's back merge, up to BLK_DEF_MAX_SECTORS): it adds its
 * transfer time, not another access latency, and completes with the
 * request, which frees one request, not one per bio.
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
	u64 done_ns; /* when its request completes */
	struct bio *merged; /* bios merged behind it, completed with it */
};

/* The last write request queued, while the elevator may still merge into it. */
struct blk_tail_request {
	bool valid;
	struct bio *head, *last; /* its first bio and the last merged one */
	unsigned int slot; /* the queue slot it waits for */
	u64 start_ns, done_ns; /* dispatch and completion */
	u64 end_sector; /* the page after its last one */
	u64 bytes;
};

struct blkdev {
	const char *name;
	u64 latency_ns; /* per request, overlapping across the depth */
	u64 bandwidth; /* bytes/s, the whole device's (0: transfers take no time) */
	unsigned int depth;
	u64 *slot_busy_until; /* ns, one per queue slot */
	u64 xfer_busy_until; /* ns, the transfer stage's last booked request ends */
	u64 nr_reads, nr_writes; /* requests */
	u64 nr_write_merges; /* write bios merged into a queued request */
	struct blk_tail_request tail;
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
/* submit_bio - queue @bio at @now; its completion is a blk_end_io event.
 * Returns the completion time. */
u64 submit_bio(struct sim *sim, struct blkdev *dev, struct bio *bio, u64 now);
void bio_put(struct blkdev *dev, struct bio *bio);
/*
 * blk_service_jitter - @service_ns (a request's access latency or its transfer, ns)
 * with the run's device jitter applied: uniform within +-[run] io_jitter
 * percent (blk_jitter.c); @service_ns itself when jitter is off.
 */
u64 blk_service_jitter(struct sim *sim, u64 service_ns);
/* The completion event of the request @bio heads: complete it and its merged bios. */
void blk_end_io(struct sim *sim, void *bio, u64 unused);
/* Free @bio and the bios merged behind it (a run torn down with I/O in flight). */
void bio_put_chain(struct blkdev *dev, struct bio *bio);
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

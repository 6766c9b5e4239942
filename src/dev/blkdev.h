/* SPDX-License-Identifier: MIT */
/*
 * blkdev.h - a block device as the kernel's block layer sees it.
 *
 * Requests (blk_get_request, v2.6.25; blk_mq_get_tag, v6.12): a bio first
 * tries to merge into a queued request, at its back or its front
 * (elv_merge); only a bio that cannot merge takes a request, and there are
 * nr_requests of them, per direction in 2.6.x's request_list (with the
 * congestion thresholds that set and clear the queue's congested state,
 * which congestion_wait, wait_iff_congested and may_write_to_queue read),
 * one pool of tags in blk-mq.  A writer that finds no request sleeps on
 * queue_wait as an exclusive waiter: one is woken per freed request
 * (freed_request), never all.  blk_bio_must_wait() is that test, for the
 * callers that sleep before they build the bio.
 *
 * Dispatch: a request waits in the elevator's queue until the device has
 * a free slot.  A disk (rpm > 0) has one head: the deadline elevator
 * takes requests in sector order from where the head is, with read and
 * write expiry and batches; a request that starts where the head stands
 * pays its transfer only, any other a seek that grows with the distance
 * plus a rotational delay.  A flash device (rpm 0) overlaps @depth
 * per-request latencies and moves at most @bandwidth, FIFO.  A request's
 * completion time is fixed at dispatch; completion is a blk_end_io event.
 *
 * Sectors are in pages: a swap slot, or a file page's place
 * (file_page_sector: each file an extent of its own, id << 32).
 */
#ifndef RECLAIMSIM_BLKDEV_H
#define RECLAIMSIM_BLKDEV_H

#include "../sim/types.h"
#include "../sim/waitq.h"

struct sim;
struct bio;
struct scn_device;
struct scn_policy;
struct task;

typedef void (*bio_end_io_t)(struct sim *sim, struct bio *bio);

enum bio_op { REQ_OP_READ, REQ_OP_WRITE };

/*
 * A bio's flags beside its op (blk_opf_t, v6.12): what blk-wbt reads of a
 * write.  REQ_SYNC: data-integrity writeback (WB_SYNC_ALL, wbc_to_write_flags);
 * REQ_BACKGROUND: the flusher's background and periodic writeback.
 */
#define REQ_OP_MASK 0xffu
#define REQ_SYNC (1u << 8)
#define REQ_BACKGROUND (1u << 9)

#define BIO_MAX_PAGES 256
#define BIO_NO_SECTOR (~0ULL) /* a new bio's place, not yet set: submit_bio needs one */
/*
 * Pages a bio holds without an array of its own (the kernel's
 * BIO_INLINE_VECS, 4): most bios are one page (reclaim's swap and file
 * writes, a folio's read), and seed000-ia64 keeps thousands in flight.
 * A longer one's array grows, x4, up to BIO_MAX_PAGES (bio_add_pfn).
 */
#define BIO_INLINE_VECS 4

struct bio {
	enum bio_op op;
	unsigned int nr_pages;
	unsigned int max_pages; /* room in pfns: BIO_INLINE_VECS, then grown */
	u32 *pfns; /* inline_pfns, or the grown array */
	u32 inline_pfns[BIO_INLINE_VECS];
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
	u64 sector, nr_pages; /* its place and size */
	u64 nr_segments; /* nr_phys_segments: runs of pages contiguous in memory */
	u64 queued_ns; /* allocated (diskstats' ticks, deadline's expiry) */
	u64 ready_ns; /* in the device's queue (a plugged one waits on its plug list) */
	u64 issue_ns; /* dispatched to the device (io_start_time_ns) */
	int wbt_rwq; /* blk-wbt: the rq_wait it counts in (WBT_RWQ_*), -1 untracked */
	unsigned int cpu; /* the submitter's CPU: where its completion runs */
	struct blk_request *next; /* the queue, or the free list */
	struct blk_request *prev; /* the queue's, while queued */
	u64 queue_seq; /* its place in the queue: older requests have lower */
	/* the merge lookups' chains (ELV_HASH_END, ELV_HASH_START), while queued */
	struct blk_request *hash_next[2], **hash_pprev[2];
};

/*
 * The merge lookups of queued requests with a known place: by end sector
 * (the elevator's hash, elv_rqhash_find, v2.6.25-v6.12: the request a
 * bio continues) and by start sector (what the scheduler's sort tree,
 * elv_rb_find, answers for a front merge; only exact starts are asked,
 * so a hash does it too).  ELV_HASH_BITS is 6 in the kernel; 8 here, as
 * reads never wait for a request and a queue can hold hundreds.
 */
enum { ELV_HASH_END, ELV_HASH_START };
#define ELV_HASH_BITS 8

/*
 * struct blk_plug (v2.6.39 "block: initial patch for on-stack per-task
 * plugging"; v6.12 blk_add_rq_to_plug): a task's plug list.  Between
 * blk_start_plug and blk_finish_plug, a bio that merges into no plugged
 * request and no queued one takes a request that waits on this list,
 * unseen by the device, for the bios after it to join; the list goes to
 * the device's queue at blk_finish_plug, when the task sleeps
 * (sched_submit_work) - not when it is preempted - and when it is long
 * (BLK_MAX_REQUEST_COUNT) or a request of it big (BLK_PLUG_FLUSH_SIZE;
 * which request, blk_plug_flush_rq).  A nested blk_start_plug (reclaim
 * inside a swap readahead's charge) adds to the outer plug's list.  The
 * kernel's plug lives on the stack; the model's in the task, so that a
 * task killed while preempted with a plug still submits it.
 */
struct blk_plug {
	struct blk_request *list, *last; /* oldest first */
	unsigned int rq_count;
	unsigned int depth; /* nested blk_start_plug: only the outermost flushes */
};

/* Plug flush limits (v6.12 block/blk.h) */
#define BLK_MAX_REQUEST_COUNT 32
#define BLK_PLUG_FLUSH_SIZE (128 * 1024)

/* /proc/diskstats' fields of one direction (struct disk_stats, v6.12) */
struct blk_dir_stats {
	u64 ios; /* requests completed (a request over max_sectors counts its pieces) */
	u64 merges; /* bios merged into a queued request */
	u64 sectors; /* 512-byte sectors completed */
	u64 ticks_ns; /* time from allocation to completion, summed */
};

/*
 * struct rq_wb (v6.12 block/blk-wbt.c): writeback throttling's state of a
 * queue.  Writes that take a request count in flight in one of two
 * rq_waits (kswapd's, everyone else's) and wait while it holds their
 * limit; the limits follow max_depth, which a timer scales down when the
 * fastest read of a window took longer than min_lat and up when reads
 * were fast or absent (blk-wbt.c).
 */
enum { WBT_RWQ_BG, WBT_RWQ_KSWAPD, WBT_NUM_RWQ };

struct rq_wb {
	bool enabled;
	u64 min_lat_ns; /* the read latency target */
	unsigned int queue_depth; /* blk_queue_depth() */
	int scale_step;
	bool scaled_max;
	unsigned int max_depth, wb_normal, wb_background;
	unsigned int unknown_cnt;
	u64 cur_win_ns; /* the window the timer runs on */
	bool timer_armed; /* the blk-stat window is active */
	unsigned int inflight[WBT_NUM_RWQ];
	bool waiting[WBT_NUM_RWQ]; /* a writer sleeps on the rq_wait (wq_has_sleeper) */
	u64 last_issue, last_comp; /* ns: the last read issued, completed (0: none) */
	u64 dirty_sleep_ns; /* wb->dirty_sleep: a writer paused in balance_dirty_pages */
	u64 sync_issue; /* ns: issue of the read being watched (0: none) */
	const struct blk_request *sync_cookie;
	/* the window's blk-stat samples */
	u64 read_min_ns;
	u64 read_samples, write_samples;
	/* counters (the wbt_step and wbt_timer tracepoints' events) */
	u64 nr_throttled; /* a writer found its limit reached and waited */
	u64 nr_windows, nr_exceeded, nr_scale_up, nr_scale_down;
};

struct blkdev {
	const char *name;
	u64 latency_ns; /* per request, overlapping across the depth (flash) */
	u64 kick_ns; /* the submitter's CPU to notify the device when idle */
	u64 bandwidth; /* bytes/s, the whole device's (0: transfers take no time) */
	unsigned int depth;
	u32 page_size;
	u64 *slot_busy_until; /* ns, one per queue slot */
	unsigned int *slot_heap; /* the slots, a min-heap by (busy_until, index) */
	u64 xfer_busy_until; /* ns, the transfer stage's last booked request ends */
	/* the head of a disk (rpm > 0): where the last dispatched request ended */
	unsigned int rpm;
	u64 capacity, seek_track_ns, seek_avg_ns, seek_full_ns;
	u64 head;
	bool rotational; /* what the queue reports (blk_queue_nonrot false): blk-wbt reads it */
	/* deadline's dispatch state: the batch's direction and length, reads' wins */
	enum bio_op batch_dir;
	unsigned int batching, starved;
	/* the request list: requests allocated (queued or on the device) */
	bool per_direction; /* 2.6.x: count[READ] and count[WRITE]; else one tag pool */
	/*
	 * before v2.6.39, the queue's plug (blk_plug_device): dispatch holds
	 * off while plugged; plug_seq cancels a stale unplug timer
	 */
	bool task_plug, queue_plug, plugged;
	u64 plug_seq, unplug_ns; /* the last unplug: what was held starts no earlier */
	unsigned int nr_queued; /* requests in the queue, not yet on the device */
	unsigned int nr_requests, congestion_on, congestion_off;
	unsigned int count[2];
	bool congested[2]; /* the queue's (the BDI's) congested state, per direction */
	u64 max_request_pages; /* max_sectors_kb, in pages (at least one) */
	u64 max_segments; /* max_segments */
	u64 nr_reads, nr_writes; /* requests allocated */
	struct blk_request *queue, *queue_last; /* waiting for a slot, oldest first */
	u64 queue_seq; /* the next queued request's queue_seq */
	struct blk_request *rqhash[2][1 << ELV_HASH_BITS]; /* the merge lookups' buckets */
	struct blk_request *free_requests;
	u64 pages_read, pages_written;
	u64 inflight_pages; /* submitted, not completed */
	struct wait_queue_head queue_wait; /* writers waiting for a request */
	struct bio *free_bios;
	/* diskstats: per direction, and the in-flight integrals (part_round_stats) */
	struct blk_dir_stats stats[2];
	unsigned int in_flight; /* requests allocated, not completed */
	u64 io_ticks_ns, time_in_queue_ns, stamp_ns;
	struct rq_wb wbt;
	/* completion = batch: the requests done, not yet signalled, oldest first */
	bool complete_batch;
	struct blk_request *batch, *batch_last;
};

/* blkdev_init - the device @d under policy @p; -1 when out of memory */
int blkdev_init(struct blkdev *dev, const char *name, const struct scn_device *d,
		const struct scn_policy *p, u32 page_size);
void blkdev_destroy(struct blkdev *dev);
/* bio_alloc - NULL when the host is out of memory, with the run stopped (sim_fail) */
struct bio *bio_alloc(struct sim *sim, struct blkdev *dev, enum bio_op op, bio_end_io_t end_io);
/*
 * bio_add_pfn - page @pfn at the end of @bio (bio_add_page, below
 * BIO_MAX_PAGES: the caller checks); false when the host has no memory
 * for a longer array, with the run stopped (sim_fail) and the page not added.
 */
bool bio_add_pfn(struct sim *sim, struct bio *bio, u32 pfn);
/*
 * submit_bio - queue @bio at @now (ns): merged into a queued request, or a
 * request of its own; its completion is a blk_end_io event.  The run stops
 * (sim_fail) when the host has no memory for a request.
 */
void submit_bio(struct sim *sim, struct blkdev *dev, struct bio *bio, u64 now);
/* submit_bio from task @t, at its time, through its plug (current->plug) */

void task_submit_bio(struct task *t, struct blkdev *dev, struct bio *bio);
/* engine->sched_submit_work: @t is about to sleep on @wq (blkdev.c) */
void blk_sched_submit_work(struct task *t, struct wait_queue_head *wq);
void bio_put(struct blkdev *dev, struct bio *bio);
/*
 * blk_service_jitter - @service_ns (a request's access latency or its transfer, ns)
 * with the run's device jitter applied: uniform within +-[run] io_jitter
 * percent (blk_jitter.c); @service_ns itself when jitter is off.
 */
u64 blk_service_jitter(struct sim *sim, u64 service_ns);
/* blk_jitter_on - is the run's device jitter on (rotational delays are drawn)? */
bool blk_jitter_on(const struct sim *sim);
/*
 * The completion events of request @rq: @irq_done 0, the device is done
 * with it (its interrupt's work is charged to the CPU it lands on, and a
 * second event comes at that work's end); 1, that work has run: its bios
 * complete, their waiters wake, the next request is dispatched.
 */
void blk_end_io(struct sim *sim, void *rq, u64 irq_done);
/* completion = batch: a transfer of device @dev ended; signal the batch if it was the last */
void blk_batch_end(struct sim *sim, void *dev, u64 unused);
/* Free request @rq and its bios (a run torn down with I/O in flight). */
void blk_request_discard(struct blk_request *rq);
/*
 * [machine] swap_device / disk_device = ssd | hdd | nvme: the preset fills
 * latency, bandwidth, depth and the head of that device (a cfg_set_fn, config.h).
 */
struct cfg_ctx;
int blkdev_set_preset(struct cfg_ctx *k, void *obj, const char *val);
/* swap_wbt_step / disk_wbt_step */
int blkdev_set_wbt_step(struct cfg_ctx *k, void *obj, const char *val);

/* The request list's index of direction @op: one pool of tags in blk-mq. */
static inline unsigned int blk_rl_idx(const struct blkdev *dev, enum bio_op op)
{
	return dev->per_direction ? (unsigned int)op : 0;
}

/* Are all of @op's requests allocated (blk_queue_full / no free tag)? */
static inline bool blk_queue_full(const struct blkdev *dev, enum bio_op op)
{
	return dev->count[blk_rl_idx(dev, op)] >= dev->nr_requests;
}

/*
 * bdi_write_congested() (2.6.x): set when the write requests reach the
 * congestion-on threshold, cleared below congestion-off; never in blk-mq.
 */
static inline bool blk_write_congested(const struct blkdev *dev)
{
	return dev->congested[REQ_OP_WRITE];
}

/*
 * 2.6.x batching (v2.6.25 ll_rw_blk.c): a task woken from the wait for a
 * request may take BLK_BATCH_REQ requests beyond a full list, up to half as
 * many again as nr_requests, within BLK_BATCH_TIME (HZ/50) of its wake-up
 * (ioc_set_batching / ioc_batching), so that the waiter woken for a freed
 * request gets one even when another task took it first.
 */
#define BLK_BATCH_REQ 32
#define BLK_BATCH_TIME (20 * NSEC_PER_MSEC)

/* ioc_batching() of a task woken @woken_ns ago with @left batch requests left */
static inline bool blk_ioc_batching(const struct blkdev *dev, unsigned int left, u64 since_ns)
{
	return dev->per_direction && (left == BLK_BATCH_REQ || (left && since_ns < BLK_BATCH_TIME));
}

/*
 * blk_bio_must_wait - would task @t's bio of @opf (op and flags), @nr_pages
 * at @sector sleep for a request in __make_request / blk_mq_submit_bio: it
 * merges into no request of @t's plug nor any queued one, and none is free
 * (for a @batching task, none below 3/2 x nr_requests) or blk-wbt holds it
 * (wbt_wait; then the rq_wait has a sleeper until wbt wakes it)?
 */
bool blk_bio_must_wait(struct blkdev *dev, struct task *t, unsigned int opf, u64 sector,
		       u64 nr_pages, bool batching);

/*
 * blk_start_plug() / blk_finish_plug() (v2.6.39+; policy blk_plug = task)
 * on @plug, the task's: nothing under blk_plug = queue, whose device
 * queues plug themselves.  blk_flush_plug submits the list at @now.
 */
void blk_start_plug(const struct sim *sim, struct blk_plug *plug);
void blk_finish_plug(struct sim *sim, struct blk_plug *plug, u64 now);
void blk_flush_plug(struct sim *sim, struct blk_plug *plug, u64 now);
/* Unplug @dev's queue (generic_unplug_device, before v2.6.39): dispatch now. */
void blk_unplug(struct sim *sim, struct blkdev *dev, u64 now);
/* The unplug timer's event for @dev (a struct blkdev), of plug number @seq */
void blk_unplug_timeout(struct sim *sim, void *dev, u64 seq);

/* What /proc/diskstats shows of @dev at a time: its counters, the in-flight time up to then. */
struct blk_disk_stat {
	struct blk_dir_stats dir[2]; /* REQ_OP_READ, REQ_OP_WRITE */
	unsigned int in_flight;
	u64 io_ticks_ns, time_in_queue_ns;
};
void blk_disk_stat(const struct blkdev *dev, u64 now, struct blk_disk_stat *st);

/*
 * blk-wbt (blk-wbt.c, v4.10+; policy blk_wbt).  wbt_init sets @dev's up
 * at scale step @scale_step (the kernel's 0, or where a long-running
 * queue had scaled to);
 * wbt_must_wait is wbt_wait's test for a write of @opf by @t (NULL: not a
 * task) that takes a request, marking the rq_wait as slept on when it
 * fails (wbt_would_wait: the same test, nothing marked); wbt_track counts
 * a new request, wbt_issue its dispatch and wbt_done its completion or
 * its merge into another.
 */
void wbt_init(struct blkdev *dev, int scale_step);
bool wbt_would_wait(const struct blkdev *dev, const struct task *t, unsigned int opf, u64 now);
bool wbt_must_wait(struct blkdev *dev, const struct task *t, unsigned int opf, u64 now);
void wbt_track(struct sim *sim, struct blkdev *dev, struct blk_request *rq, const struct task *t);
void wbt_issue(struct blkdev *dev, const struct blk_request *rq);
void wbt_done(struct sim *sim, struct blkdev *dev, struct blk_request *rq, u64 now);
/* wbt_stat_add: blk-stat's sample of @rq's completion at @now */
void wbt_stat_add(struct blkdev *dev, const struct blk_request *rq, u64 now);

/* [machine] and [run] keys of the devices, [policy] of the block layer */
struct cfg_table;
extern const struct cfg_table blkdev_machine_table, blk_jitter_run_table, blkdev_policy_table;

#endif

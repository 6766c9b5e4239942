// SPDX-License-Identifier: MIT
/*
 * blk-wbt.c - buffered writeback throttling (v4.10 "blk-wbt: add general
 * throttling mechanism", Jens Axboe; as v6.12 block/blk-wbt.c and
 * block/blk-rq-qos.c): the queue lets only so many writes be in flight,
 * and cuts that number while reads wait too long behind them.
 *
 * A write that takes a request (one that merges is never throttled)
 * counts in flight in its rq_wait, kswapd's or everyone else's, and sleeps
 * first while the count holds its limit: max_depth for data-integrity
 * writes and kswapd, wb_background for background writeback or when a
 * read was issued or completed in the last 100 ms, else wb_normal.  Every
 * window (100 ms, shorter while scaled down) the timer looks at the
 * fastest read completed in it: over min_lat (2 ms non-rotational, 75 ms
 * rotational) max_depth halves, below it (or with writes and no reads)
 * it grows back, up to 3/4 of the queue depth.  A device with a volatile
 * write cache (the presets' disks, as SATA and NVMe drives ship) wakes
 * the sleepers only once its rq_wait has drained.
 *
 * On by default for blk-mq queues (wbt_enable_default) unless the
 * scheduler turns it off: CFQ did (4.10-4.20, legacy queues), BFQ does.
 */
#include <math.h>

#include "../mm/sim.h"
#include "../mm/internal.h"

/* RWB_DEF_DEPTH, RWB_WINDOW_NSEC, RWB_MIN_WRITE_SAMPLES, RWB_UNKNOWN_BUMP (v6.12) */
#define RWB_DEF_DEPTH 16
#define RWB_WINDOW_NSEC (100 * NSEC_PER_MSEC)
#define RWB_MIN_WRITE_SAMPLES 3
#define RWB_UNKNOWN_BUMP 5
/* close_io's HZ / 10 and wb_recent_wait's HZ */
#define WBT_CLOSE_IO_NS (100 * NSEC_PER_MSEC)
#define WBT_RECENT_WAIT_NS NSEC_PER_SEC
/*
 * The queue depth the kernel sees of a disk: libata gives an NCQ drive
 * ATA_MAX_QUEUE (32) tags, although its one head serves one request at a
 * time (the model's depth 1 for the hdd preset)
 */
#define ATA_MAX_QUEUE 32

enum { LAT_OK = 1, LAT_UNKNOWN, LAT_UNKNOWN_WRITES, LAT_EXCEEDED };

/* rq_depth_calc_max_depth() (v6.12 blk-rq-qos.c): true when it cannot grow further */
static bool rq_depth_calc_max_depth(struct rq_wb *rwb)
{
	unsigned int depth;
	bool at_max = false;

	if (rwb->queue_depth == 1) {
		/* one request ready when one completes: 2, or 1 once scaled down */
		rwb->max_depth = rwb->scale_step > 0 ? 1 : 2;
		return rwb->scale_step <= 0;
	}
	depth = min_u64(RWB_DEF_DEPTH, rwb->queue_depth);
	if (rwb->scale_step > 0) {
		depth = 1 + ((depth - 1) >> min_u64(31, (u64)rwb->scale_step));
	} else if (rwb->scale_step < 0) {
		unsigned int maxd = 3 * rwb->queue_depth / 4;

		depth = 1 + ((depth - 1) << -rwb->scale_step);
		if (depth > maxd) {
			depth = maxd;
			at_max = true;
		}
	}
	rwb->max_depth = depth;
	return at_max;
}

/* calc_wb_limits() (v6.12): normal half the depth, background a quarter */
static void calc_wb_limits(struct rq_wb *rwb)
{
	if (rwb->max_depth <= 2) {
		rwb->wb_normal = rwb->max_depth;
		rwb->wb_background = 1;
	} else {
		rwb->wb_normal = (rwb->max_depth + 1) / 2;
		rwb->wb_background = (rwb->max_depth + 3) / 4;
	}
}

/* rwb_wake_all(): every rq_wait's sleepers look again */
static void rwb_wake_all(struct sim *sim, struct blkdev *dev)
{
	struct rq_wb *rwb = &dev->wbt;

	if (!rwb->waiting[WBT_RWQ_BG] && !rwb->waiting[WBT_RWQ_KSWAPD])
		return;
	rwb->waiting[WBT_RWQ_BG] = rwb->waiting[WBT_RWQ_KSWAPD] = false;
	wake_up_all(sim, &dev->queue_wait);
}

void wbt_init(struct blkdev *dev, int scale_step)
{
	struct rq_wb *rwb = &dev->wbt;

	*rwb = (struct rq_wb){ .enabled = true,
			       .scale_step = scale_step,
			       /* wbt_default_latency_nsec(): what the queue reports, head or not */
			       .min_lat_ns = dev->rotational ? 75 * NSEC_PER_MSEC :
							       2 * NSEC_PER_MSEC,
			       .queue_depth = dev->rpm ? ATA_MAX_QUEUE : dev->depth,
			       .cur_win_ns = RWB_WINDOW_NSEC };
	rwb->scaled_max = rq_depth_calc_max_depth(rwb);
	calc_wb_limits(rwb);
}

/* get_rq_wait() (v6.12): kswapd's writes wait in a rq_wait of their own */
static unsigned int wbt_rwq(const struct task *t)
{
	return t && t->kind == TASK_KSWAPD ? WBT_RWQ_KSWAPD : WBT_RWQ_BG;
}

/* wb_recent_wait(): a writer slept in balance_dirty_pages within the last second */
static bool wb_recent_wait(const struct rq_wb *rwb, u64 now)
{
	return rwb->dirty_sleep_ns && now < rwb->dirty_sleep_ns + WBT_RECENT_WAIT_NS;
}

/* close_io(): a read issued or completed within the last 100 ms */
static bool close_io(const struct rq_wb *rwb, u64 now)
{
	return (rwb->last_issue && now < rwb->last_issue + WBT_CLOSE_IO_NS) ||
	       (rwb->last_comp && now < rwb->last_comp + WBT_CLOSE_IO_NS);
}

/* get_limit() (v6.12) of a write of @opf by @t */
static unsigned int get_limit(const struct rq_wb *rwb, const struct task *t, unsigned int opf,
			      u64 now)
{
	if ((opf & REQ_SYNC) || wb_recent_wait(rwb, now) || wbt_rwq(t) == WBT_RWQ_KSWAPD)
		return rwb->max_depth;
	if ((opf & REQ_BACKGROUND) || close_io(rwb, now))
		return rwb->wb_background;
	return rwb->wb_normal;
}

/*
 * wbt_wait() -> rq_qos_wait() (v6.12): a write goes on while its rq_wait
 * has no sleeper and is below the limit; otherwise it sleeps, and the
 * rq_wait has a sleeper until wbt_done or a scale-up wakes them.
 */
bool wbt_would_wait(const struct blkdev *dev, const struct task *t, unsigned int opf, u64 now)
{
	const struct rq_wb *rwb = &dev->wbt;
	unsigned int rwq = wbt_rwq(t);

	if (!rwb->enabled || (opf & REQ_OP_MASK) != REQ_OP_WRITE)
		return false;
	return rwb->waiting[rwq] || rwb->inflight[rwq] >= get_limit(rwb, t, opf, now);
}

bool wbt_must_wait(struct blkdev *dev, const struct task *t, unsigned int opf, u64 now)
{
	struct rq_wb *rwb = &dev->wbt;
	unsigned int rwq = wbt_rwq(t);

	if (!wbt_would_wait(dev, t, opf, now))
		return false;
	if (!rwb->waiting[rwq])
		rwb->nr_throttled++;
	rwb->waiting[rwq] = true;
	return true;
}

/* latency_exceeded() (v6.12): the window's verdict at @now */
static int latency_exceeded(const struct rq_wb *rwb, u64 now)
{
	u64 thislat = rwb->sync_cookie ? now - rwb->sync_issue : 0;
	unsigned int inflight = rwb->inflight[WBT_RWQ_BG] + rwb->inflight[WBT_RWQ_KSWAPD];

	/* a read issued long ago and still not done counts, if no read completed */
	if (thislat > rwb->cur_win_ns || (thislat > rwb->min_lat_ns && !rwb->read_samples))
		return LAT_EXCEEDED;
	if (!rwb->read_samples || rwb->write_samples < RWB_MIN_WRITE_SAMPLES) {
		if (rwb->write_samples || wb_recent_wait(rwb, now) || inflight)
			return LAT_UNKNOWN_WRITES;
		return LAT_UNKNOWN;
	}
	return rwb->read_min_ns > rwb->min_lat_ns ? LAT_EXCEEDED : LAT_OK;
}

/* scale_up() -> rq_depth_scale_up() (v6.12) */
static void scale_up(struct sim *sim, struct blkdev *dev)
{
	struct rq_wb *rwb = &dev->wbt;

	if (rwb->scaled_max)
		return;
	rwb->scale_step--;
	rwb->scaled_max = rq_depth_calc_max_depth(rwb);
	calc_wb_limits(rwb);
	rwb->unknown_cnt = 0;
	rwb->nr_scale_up++;
	rwb_wake_all(sim, dev);
}

/* scale_down() -> rq_depth_scale_down() (v6.12): harder after a violation */
static void scale_down(struct blkdev *dev, bool hard_throttle)
{
	struct rq_wb *rwb = &dev->wbt;

	if (rwb->max_depth == 1)
		return;
	if (rwb->scale_step < 0 && hard_throttle)
		rwb->scale_step = 0;
	else
		rwb->scale_step++;
	rwb->scaled_max = false;
	rq_depth_calc_max_depth(rwb);
	calc_wb_limits(rwb);
	rwb->unknown_cnt = 0;
	rwb->nr_scale_down++;
}

/* rwb_arm_timer() (v6.12): the window shrinks to 100 ms / sqrt(step + 1) while scaled down */
static void rwb_arm_timer(struct sim *sim, struct blkdev *dev, u64 now);

/* wb_timer_fn() (v6.12): a window has ended */
static void wb_timer_fn(struct sim *sim, void *data, u64 unused)
{
	struct blkdev *dev = data;
	struct rq_wb *rwb = &dev->wbt;
	u64 now = sim->eng.now;
	unsigned int inflight = rwb->inflight[WBT_RWQ_BG] + rwb->inflight[WBT_RWQ_KSWAPD];
	int status = latency_exceeded(rwb, now);

	rwb->timer_armed = false;
	rwb->nr_windows++;
	switch (status) {
	case LAT_EXCEEDED:
		rwb->nr_exceeded++;
		scale_down(dev, true);
		break;
	case LAT_OK:
	case LAT_UNKNOWN_WRITES: /* only writes: the step may go negative */
		scale_up(sim, dev);
		break;
	case LAT_UNKNOWN:
		if (++rwb->unknown_cnt < RWB_UNKNOWN_BUMP)
			break;
		/* back towards step 0 */
		if (rwb->scale_step > 0)
			scale_up(sim, dev);
		else if (rwb->scale_step < 0)
			scale_down(dev, false);
		break;
	}
	if (rwb->scale_step || inflight)
		rwb_arm_timer(sim, dev, now);
}

static void rwb_arm_timer(struct sim *sim, struct blkdev *dev, u64 now)
{
	struct rq_wb *rwb = &dev->wbt;

	if (rwb->scale_step > 0)
		rwb->cur_win_ns = (RWB_WINDOW_NSEC << 4) /
				  (u64)sqrt((double)((u64)(rwb->scale_step + 1) << 8));
	else
		rwb->cur_win_ns = RWB_WINDOW_NSEC;
	/* blk_stat_activate_nsecs: a new window of samples */
	rwb->read_min_ns = U64_MAX;
	rwb->read_samples = rwb->write_samples = 0;
	rwb->timer_armed = true;
	event_push(sim, now + rwb->cur_win_ns, wb_timer_fn, dev, 0);
}

/*
 * wbt_wait()'s bookkeeping and wbt_track() (v6.12) for new request @rq of
 * task @t (NULL: none): a read stamps last_issue; a write counts in its
 * rq_wait and starts the window if none is running.
 */
void wbt_track(struct sim *sim, struct blkdev *dev, struct blk_request *rq, const struct task *t)
{
	struct rq_wb *rwb = &dev->wbt;
	u64 now = sim->eng.now;

	rq->wbt_rwq = -1;
	if (!rwb->enabled)
		return;
	if (rq->op == REQ_OP_READ) {
		rwb->last_issue = now;
		return;
	}
	rq->wbt_rwq = (int)wbt_rwq(t);
	rwb->inflight[rq->wbt_rwq]++;
	if (!rwb->timer_armed)
		rwb_arm_timer(sim, dev, now);
}

/* wbt_issue() (v6.12): the first read dispatched with none watched is watched */
void wbt_issue(struct blkdev *dev, const struct blk_request *rq)
{
	struct rq_wb *rwb = &dev->wbt;

	if (rwb->enabled && rq->op == REQ_OP_READ && !rwb->sync_cookie) {
		rwb->sync_cookie = rq;
		rwb->sync_issue = rq->issue_ns;
	}
}

/* blk_stat_add() (v6.12): @rq's completion at @now is a sample of the window */
void wbt_stat_add(struct blkdev *dev, const struct blk_request *rq, u64 now)
{
	struct rq_wb *rwb = &dev->wbt;

	if (!rwb->timer_armed)
		return;
	if (rq->op == REQ_OP_READ) {
		rwb->read_samples++;
		rwb->read_min_ns = min_u64(rwb->read_min_ns, now - rq->issue_ns);
	} else {
		rwb->write_samples++;
	}
}

/*
 * wbt_done() -> wbt_rqw_done() (v6.12) for @rq completed at @now, or
 * freed when merged into another request.  With the write cache on the
 * sleepers wake when the rq_wait has drained (else below wb_normal by
 * half the background limit), unless a writer waited in
 * balance_dirty_pages lately.
 */
void wbt_done(struct sim *sim, struct blkdev *dev, struct blk_request *rq, u64 now)
{
	struct rq_wb *rwb = &dev->wbt;
	unsigned int inflight, limit;
	int rwq = rq->wbt_rwq;

	if (!rwb->enabled)
		return;
	if (rwq < 0) {
		if (rwb->sync_cookie == rq)
			rwb->sync_cookie = NULL;
		if (rq->op == REQ_OP_READ)
			rwb->last_comp = now;
		return;
	}
	rq->wbt_rwq = -1;
	inflight = --rwb->inflight[rwq];
	limit = wb_recent_wait(rwb, now) ? rwb->wb_normal : 0;
	if (inflight && inflight >= limit)
		return;
	if (rwb->waiting[rwq] && (!inflight || limit - inflight >= rwb->wb_background / 2)) {
		rwb->waiting[rwq] = false;
		wake_up_all(sim, &dev->queue_wait);
	}
}

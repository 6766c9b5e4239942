/* SPDX-License-Identifier: MIT */
/*
 * trace_vmscan.h - the vmscan tracepoints (include/trace/events/vmscan.h):
 * an ftrace-style text trace of reclaim, for trace-vmscan-postprocess.pl
 * and `reclaimsim trace-report` (docs/trace.md).
 *
 * Each trace_mm_vmscan_*() is one branch when tracing is off (sim->trace
 * is NULL, the default): the model's results never depend on tracing.
 * When it is on, the event is written at once as one line
 * "TASK-PID [CPU] SECS.USECS: EVENT: FIELDS", the fields printed with the
 * TP_printk format of the modelled kernel.  Two format sets exist
 * (vmscan_trace_vintage()): the first ones (Mel Gorman's June 2010
 * series, merged for 2.6.36) for profiles before 3.5, and v6.12's for the
 * others (and a scenario without a profile).  mm_vmscan_wakeup_kswapd
 * also moves with the profile: up to 2.6.36.0 it fired before kswapd's
 * "is it asleep" test, for every zone below its low watermark; 2.6.37
 * (88f5acf88ae6) moved it to the real wake-ups.
 */
#ifndef RECLAIMSIM_TRACE_VMSCAN_H
#define RECLAIMSIM_TRACE_VMSCAN_H

#include <stdio.h>

#include "sim.h"
#include "gfp.h"
#include "vmscan.h"

/* The events, in the order of `--trace-events` listings. */
enum trace_event {
	TRACE_DIRECT_RECLAIM_BEGIN,
	TRACE_DIRECT_RECLAIM_END,
	TRACE_KSWAPD_WAKE,
	TRACE_KSWAPD_SLEEP,
	TRACE_WAKEUP_KSWAPD,
	TRACE_LRU_ISOLATE,
	TRACE_WRITEPAGE, /* v6.12: mm_vmscan_write_folio */
	TRACE_LRU_SHRINK_INACTIVE,
	TRACE_MEMCG_RECLAIM_BEGIN,
	TRACE_MEMCG_RECLAIM_END,
	TRACE_MEMCG_SOFTLIMIT_RECLAIM_BEGIN,
	TRACE_MEMCG_SOFTLIMIT_RECLAIM_END,
	TRACE_THROTTLED, /* v5.16+ */
	NR_TRACE_EVENTS
};

#define TRACE_ALL_EVENTS ((1u << NR_TRACE_EVENTS) - 1)

/* A trace in progress: sim->trace. */
/* An event line waiting in the reorder buffer: its time, then its order of emission. */
struct trace_line {
	u64 ts;
	u64 seq;
	char *text;
	size_t len;
};

struct vmscan_trace {
	FILE *f;
	unsigned int events; /* bit (1 << enum trace_event): enabled */
	bool modern; /* v6.12 formats, else the 2.6.36 ones */
	bool sync_io; /* 2.6.36's but writepage's June 2010 sync_io= */
	bool wakeup_early; /* mm_vmscan_wakeup_kswapd at its 2.6.36.0 place */
	u64 size_cap; /* bytes of event lines at most; 0: no cap */
	u64 written; /* bytes of event lines taken (written or waiting) */
	u64 dropped; /* events past the cap, not written */
	/*
	 * The reorder buffer, a min-heap on (ts, seq): a task runs ahead of
	 * the engine's clock within its step, so lines are written once no
	 * later step can emit an earlier one (ts <= the engine's now), as
	 * ftrace merges its per-CPU buffers by time.
	 */
	struct trace_line *heap;
	size_t nr_heap, heap_size;
	u64 seq;
};

/*
 * vmscan_trace_parse_events - the --trace-events list @list: names or
 * globs (fnmatch, as the kernel's set_event takes them), comma-separated,
 * each optionally "vmscan:"-prefixed; both names of the writepage event
 * (mm_vmscan_writepage, v6.12's mm_vmscan_write_folio) select it.  Sets
 * *@mask; 0, or -1 with "NAME: no such vmscan event" in @err.
 */
int vmscan_trace_parse_events(const char *list, unsigned int *mask, char *err, size_t errlen);

/*
 * vmscan_trace_vintage - the tracepoints of @sim's kernel profile, from
 * its keys: *@modern is false with vmscan_trace_format = 2.6.36 (the 2.6.x
 * profiles), *@wakeup_early true with wakeup_kswapd_trace = early.
 */
void vmscan_trace_vintage(const struct sim *sim, bool *modern, bool *wakeup_early);

/* [policy] vmscan_trace_format's values, in its key's order */
enum { TRACE_FORMAT_MAINLINE, TRACE_FORMAT_2_6_36, TRACE_FORMAT_2010_06 };

/*
 * vmscan_trace_start - trace @sim's run to @f (the caller's, open for
 * writing; it stays the caller's to close): write the ftrace header and
 * set sim->trace to @tr, filled in here.  @events: the mask; @size_cap:
 * bytes of event lines at most (0: unlimited); events past it are counted,
 * not written.
 */
void vmscan_trace_start(struct sim *sim, struct vmscan_trace *tr, FILE *f, unsigned int events,
			u64 size_cap);

/*
 * vmscan_trace_stop - end the trace: a "# reclaimsim: ..." line says when
 * the cap dropped events.  sim->trace is NULL again.
 */
void vmscan_trace_stop(struct sim *sim);

/* The event's name in @modern's kernel. */
const char *vmscan_trace_event_name(enum trace_event e, bool modern);

/* ---- the emitters (trace_vmscan.c), called through the inlines below ---- */

/*
 * Cold and never inlined: their locals and argument areas stay out of the
 * frames of the reclaim paths that call them, frames a reclaimer keeps
 * (saved off its run stack, src/sim/coro.c) for as long as it sleeps.
 */

__cold void __trace_direct_reclaim_begin(struct task *t, enum trace_event e, int order,
					 bool may_writepage, gfp_t gfp);
__cold void __trace_direct_reclaim_end(struct task *t, enum trace_event e,
				       unsigned long nr_reclaimed);
__cold void __trace_kswapd_wake(struct task *t, int nid, int order);
__cold void __trace_kswapd_sleep(struct task *t, int nid);
__cold void __trace_wakeup_kswapd(struct sim *sim, const struct zone *zone, int order, bool early);
__cold void __trace_lru_isolate(struct task *t, const struct scan_control *sc,
				const struct isolated_folios *isol, enum lru_list lru,
				unsigned long nr_requested, unsigned long scan,
				unsigned long total_scan, unsigned long nr_taken);
__cold void __trace_writepage(struct task *t, u32 pfn, bool file, bool sync);
__cold void __trace_lru_shrink_inactive(struct task *t, const struct pglist_data *pgdat,
					const struct scan_control *sc, unsigned long nr_scanned,
					unsigned long nr_reclaimed, const struct reclaim_stat *stat,
					bool file);

__cold void __trace_throttled(struct task *t, int nid, u64 timeout_ns, u64 slept_ns, int reason);

static inline bool trace_enabled(const struct sim *sim, enum trace_event e)
{
	return sim->trace && (sim->trace->events & (1u << e));
}

/* try_to_free_pages(), around do_try_to_free_pages (2.6.36+) */
static inline void trace_mm_vmscan_direct_reclaim_begin(struct task *t, int order,
							bool may_writepage, gfp_t gfp)
{
	if (trace_enabled(t->sim, TRACE_DIRECT_RECLAIM_BEGIN))
		__trace_direct_reclaim_begin(t, TRACE_DIRECT_RECLAIM_BEGIN, order, may_writepage,
					     gfp);
}

static inline void trace_mm_vmscan_direct_reclaim_end(struct task *t, unsigned long nr_reclaimed)
{
	if (trace_enabled(t->sim, TRACE_DIRECT_RECLAIM_END))
		__trace_direct_reclaim_end(t, TRACE_DIRECT_RECLAIM_END, nr_reclaimed);
}

/* try_to_free_mem_cgroup_pages(), the same fields */
static inline void trace_mm_vmscan_memcg_reclaim_begin(struct task *t, int order,
						       bool may_writepage, gfp_t gfp)
{
	if (trace_enabled(t->sim, TRACE_MEMCG_RECLAIM_BEGIN))
		__trace_direct_reclaim_begin(t, TRACE_MEMCG_RECLAIM_BEGIN, order, may_writepage,
					     gfp);
}

static inline void trace_mm_vmscan_memcg_reclaim_end(struct task *t, unsigned long nr_reclaimed)
{
	if (trace_enabled(t->sim, TRACE_MEMCG_RECLAIM_END))
		__trace_direct_reclaim_end(t, TRACE_MEMCG_RECLAIM_END, nr_reclaimed);
}

/* mem_cgroup_shrink_node() (soft-limit reclaim), the same fields */
static inline void trace_mm_vmscan_memcg_softlimit_reclaim_begin(struct task *t, int order,
								 bool may_writepage, gfp_t gfp)
{
	if (trace_enabled(t->sim, TRACE_MEMCG_SOFTLIMIT_RECLAIM_BEGIN))
		__trace_direct_reclaim_begin(t, TRACE_MEMCG_SOFTLIMIT_RECLAIM_BEGIN, order,
					     may_writepage, gfp);
}

static inline void trace_mm_vmscan_memcg_softlimit_reclaim_end(struct task *t,
							       unsigned long nr_reclaimed)
{
	if (trace_enabled(t->sim, TRACE_MEMCG_SOFTLIMIT_RECLAIM_END))
		__trace_direct_reclaim_end(t, TRACE_MEMCG_SOFTLIMIT_RECLAIM_END, nr_reclaimed);
}

/* kswapd(), just before each balance_pgdat() */
static inline void trace_mm_vmscan_kswapd_wake(struct task *t, int nid, int order)
{
	if (trace_enabled(t->sim, TRACE_KSWAPD_WAKE))
		__trace_kswapd_wake(t, nid, order);
}

/* kswapd_try_to_sleep(), just before the real sleep */
static inline void trace_mm_vmscan_kswapd_sleep(struct task *t, int nid)
{
	if (trace_enabled(t->sim, TRACE_KSWAPD_SLEEP))
		__trace_kswapd_sleep(t, nid);
}

/*
 * wakeup_kswapd(), 2.6.36.0 place: after the kswapd_max_order update,
 * before the asleep test; fires only when @zone is below its low
 * watermark at @order (the 2.6.35 early return the model's v6.12
 * wakeup_kswapd lacks), and only for profiles before 2.6.37.
 */
static inline void trace_mm_vmscan_wakeup_kswapd_request(struct sim *sim, const struct zone *zone,
							 int order)
{
	if (trace_enabled(sim, TRACE_WAKEUP_KSWAPD) && sim->trace->wakeup_early)
		__trace_wakeup_kswapd(sim, zone, order, true);
}

/* wakeup_kswapd(), 2.6.37+ place: just before the wake-up itself */
static inline void trace_mm_vmscan_wakeup_kswapd(struct sim *sim, const struct zone *zone,
						 int order)
{
	if (trace_enabled(sim, TRACE_WAKEUP_KSWAPD) && !sim->trace->wakeup_early)
		__trace_wakeup_kswapd(sim, zone, order, false);
}

/* isolate_lru_folios(), at its end; @scan: pages of eligible zones looked at */
static inline void trace_mm_vmscan_lru_isolate(struct task *t, const struct scan_control *sc,
					       const struct isolated_folios *isol,
					       enum lru_list lru, unsigned long nr_requested,
					       unsigned long scan, unsigned long total_scan,
					       unsigned long nr_taken)
{
	if (trace_enabled(t->sim, TRACE_LRU_ISOLATE))
		__trace_lru_isolate(t, sc, isol, lru, nr_requested, scan, total_scan, nr_taken);
}

/* pageout(), PAGE_SUCCESS: @sync is the pass (PAGEOUT_IO_SYNC), not the I/O */
static inline void trace_mm_vmscan_writepage(struct task *t, u32 pfn, bool file, bool sync)
{
	if (trace_enabled(t->sim, TRACE_WRITEPAGE))
		__trace_writepage(t, pfn, file, sync);
}

/* shrink_inactive_list(), once the batch is counted */
static inline void trace_mm_vmscan_lru_shrink_inactive(struct task *t,
						       const struct pglist_data *pgdat,
						       const struct scan_control *sc,
						       unsigned long nr_scanned,
						       unsigned long nr_reclaimed,
						       const struct reclaim_stat *stat, bool file)
{
	if (trace_enabled(t->sim, TRACE_LRU_SHRINK_INACTIVE))
		__trace_lru_shrink_inactive(t, pgdat, sc, nr_scanned, nr_reclaimed, stat, file);
}

/* reclaim_throttle(), after the sleep (v5.16+): the timeout and the time slept */
static inline void trace_mm_vmscan_throttled(struct task *t, int nid, u64 timeout_ns, u64 slept_ns,
					     int reason)
{
	if (trace_enabled(t->sim, TRACE_THROTTLED))
		__trace_throttled(t, nid, timeout_ns, slept_ns, reason);
}

#endif

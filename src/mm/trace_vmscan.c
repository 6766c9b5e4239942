// SPDX-License-Identifier: MIT
/*
 * trace_vmscan.c - the vmscan tracepoints' text output (trace_vmscan.h):
 * the ftrace "nop" tracer's line format and each event's TP_printk, in
 * the two versions the model knows (docs/trace.md has the table).
 */
#include <fnmatch.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "trace_vmscan.h"

struct event_names {
	const char *old, *modern; /* 2.6.36, v6.12 */
};

static const struct event_names event_names[NR_TRACE_EVENTS] = {
	[TRACE_DIRECT_RECLAIM_BEGIN] = { "mm_vmscan_direct_reclaim_begin",
					 "mm_vmscan_direct_reclaim_begin" },
	[TRACE_DIRECT_RECLAIM_END] = { "mm_vmscan_direct_reclaim_end",
				       "mm_vmscan_direct_reclaim_end" },
	[TRACE_KSWAPD_WAKE] = { "mm_vmscan_kswapd_wake", "mm_vmscan_kswapd_wake" },
	[TRACE_KSWAPD_SLEEP] = { "mm_vmscan_kswapd_sleep", "mm_vmscan_kswapd_sleep" },
	[TRACE_WAKEUP_KSWAPD] = { "mm_vmscan_wakeup_kswapd", "mm_vmscan_wakeup_kswapd" },
	[TRACE_LRU_ISOLATE] = { "mm_vmscan_lru_isolate", "mm_vmscan_lru_isolate" },
	/* v6.0 renamed it with the folio conversion of pageout() */
	[TRACE_WRITEPAGE] = { "mm_vmscan_writepage", "mm_vmscan_write_folio" },
	[TRACE_LRU_SHRINK_INACTIVE] = { "mm_vmscan_lru_shrink_inactive",
					"mm_vmscan_lru_shrink_inactive" },
	[TRACE_MEMCG_RECLAIM_BEGIN] = { "mm_vmscan_memcg_reclaim_begin",
					"mm_vmscan_memcg_reclaim_begin" },
	[TRACE_MEMCG_RECLAIM_END] = { "mm_vmscan_memcg_reclaim_end",
				      "mm_vmscan_memcg_reclaim_end" },
	[TRACE_MEMCG_SOFTLIMIT_RECLAIM_BEGIN] = { "mm_vmscan_memcg_softlimit_reclaim_begin",
						  "mm_vmscan_memcg_softlimit_reclaim_begin" },
	[TRACE_MEMCG_SOFTLIMIT_RECLAIM_END] = { "mm_vmscan_memcg_softlimit_reclaim_end",
						"mm_vmscan_memcg_softlimit_reclaim_end" },
	/* 5.16 (Mel Gorman's reclaim_throttle series); no 2.6.36 kernel had it */
	[TRACE_THROTTLED] = { "mm_vmscan_throttled", "mm_vmscan_throttled" },
};

const char *vmscan_trace_event_name(enum trace_event e, bool modern)
{
	return modern ? event_names[e].modern : event_names[e].old;
}

/* One comma-separated item of --trace-events: the events it names. */
static unsigned int match_events(const char *pat)
{
	unsigned int mask = 0;

	if (!strncmp(pat, "vmscan:", 7))
		pat += 7;
	for (int e = 0; e < NR_TRACE_EVENTS; e++) {
		if (!fnmatch(pat, event_names[e].old, 0) || !fnmatch(pat, event_names[e].modern, 0))
			mask |= 1u << e;
	}
	return mask;
}

int vmscan_trace_parse_events(const char *list, unsigned int *mask, char *err, size_t errlen)
{
	const char *p = list;

	*mask = 0;
	for (;;) {
		const char *comma = strchr(p, ',');
		size_t n = comma ? (size_t)(comma - p) : strlen(p);
		char item[128];
		unsigned int m;

		if (!n || n >= sizeof(item)) {
			snprintf(err, errlen, "'%.*s': expected an event name or glob", (int)n, p);
			return -1;
		}
		memcpy(item, p, n);
		item[n] = '\0';
		m = match_events(item);
		if (!m) {
			snprintf(err, errlen, "%s: no such vmscan event", item);
			return -1;
		}
		*mask |= m;
		if (!comma)
			return 0;
		p = comma + 1;
	}
}

/* the profile's keys: vmscan_trace_format, wakeup_kswapd_trace */
void vmscan_trace_vintage(const struct sim *sim, bool *modern, bool *wakeup_early)
{
	*modern = sim->scn.policy.trace_format == TRACE_FORMAT_MAINLINE;
	*wakeup_early = sim->scn.policy.trace_wakeup_early;
}

void vmscan_trace_start(struct sim *sim, struct vmscan_trace *tr, FILE *f, unsigned int events,
			u64 size_cap)
{
	*tr = (struct vmscan_trace){ .f = f, .events = events, .size_cap = size_cap };
	vmscan_trace_vintage(sim, &tr->modern, &tr->wakeup_early);
	tr->sync_io = sim->scn.policy.trace_format == TRACE_FORMAT_2010_06;
	/* the nop tracer's header of /sys/kernel/debug/tracing/trace (2.6.36) */
	fputs("# tracer: nop\n"
	      "#\n"
	      "#           TASK-PID    CPU#    TIMESTAMP  FUNCTION\n"
	      "#              | |       |          |         |\n",
	      f);
	sim->trace = tr;
}

/* The heap's (ts, seq) order */
static bool trace_line_before(const struct trace_line *a, const struct trace_line *b)
{
	return a->ts < b->ts || (a->ts == b->ts && a->seq < b->seq);
}

static void trace_heap_push(struct sim *sim, struct vmscan_trace *tr, struct trace_line l)
{
	size_t i;

	if (tr->nr_heap == tr->heap_size) {
		size_t size = tr->heap_size ? 2 * tr->heap_size : 256;
		struct trace_line *heap = realloc(tr->heap, size * sizeof(*heap));

		if (!heap) {
			free(l.text);
			sim_fail(sim, "out of memory buffering the trace");
			return;
		}
		tr->heap = heap;
		tr->heap_size = size;
	}
	for (i = tr->nr_heap++; i && trace_line_before(&l, &tr->heap[(i - 1) / 2]); i = (i - 1) / 2)
		tr->heap[i] = tr->heap[(i - 1) / 2];
	tr->heap[i] = l;
}

/* Write and free the earliest line. */
static void trace_heap_pop(struct vmscan_trace *tr)
{
	struct trace_line top = tr->heap[0], last = tr->heap[--tr->nr_heap];
	size_t i = 0;

	fwrite(top.text, 1, top.len, tr->f);
	free(top.text);
	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= tr->nr_heap)
			break;
		if (c + 1 < tr->nr_heap && trace_line_before(&tr->heap[c + 1], &tr->heap[c]))
			c++;
		if (!trace_line_before(&tr->heap[c], &last))
			break;
		tr->heap[i] = tr->heap[c];
		i = c;
	}
	if (tr->nr_heap)
		tr->heap[i] = last;
}

void vmscan_trace_stop(struct sim *sim)
{
	struct vmscan_trace *tr = sim->trace;

	if (!tr)
		return;
	while (tr->nr_heap)
		trace_heap_pop(tr);
	free(tr->heap);
	tr->heap = NULL;
	if (tr->dropped)
		fprintf(tr->f,
			"# reclaimsim: trace cut at the --trace-size cap of %llu bytes: %llu later events dropped\n",
			(unsigned long long)tr->size_cap, (unsigned long long)tr->dropped);
	sim->trace = NULL;
}

/*
 * One event line: the context of @t (NULL: the idle task, for calls
 * outside any task), then the event's fields from @fmt; into the reorder
 * buffer, which writes what can no longer be preceded.
 */
__attribute__((format(printf, 4, 5))) static void emit(struct sim *sim, struct task *t,
						       enum trace_event e, const char *fmt, ...)
{
	struct vmscan_trace *tr = sim->trace;
	char line[512], *text;
	u64 now = t ? task_now(t) : sim->eng.now;
	unsigned int cpu = t ? task_cpu(t) : sim->eng.this_cpu;
	va_list ap;
	int n, m;

	n = snprintf(line, sizeof(line),
		     "%16s-%-5d [%03u] %5llu.%06llu: %s: ", t ? t->comm : "<idle>", t ? t->pid : 0,
		     cpu, (unsigned long long)(now / NSEC_PER_SEC),
		     (unsigned long long)(now % NSEC_PER_SEC / 1000),
		     vmscan_trace_event_name(e, tr->modern));
	va_start(ap, fmt);
	m = vsnprintf(line + n, sizeof(line) - (size_t)n - 1, fmt, ap);
	va_end(ap);
	/* the longest fields (v6.12 lru_shrink_inactive) take about 350 bytes */
	if (m > (int)sizeof(line) - n - 2)
		m = (int)sizeof(line) - n - 2;
	n += m;
	line[n++] = '\n';
	if (tr->size_cap && tr->written + (u64)n > tr->size_cap) {
		tr->dropped++;
		return;
	}
	tr->written += (u64)n;
	text = malloc((size_t)n);
	if (!text) {
		sim_fail(sim, "out of memory buffering the trace");
		return;
	}
	memcpy(text, line, (size_t)n);
	trace_heap_push(sim, tr, (struct trace_line){ now, tr->seq++, text, (size_t)n });
	/* no step from the engine's now on can emit a line before it */
	while (tr->nr_heap && tr->heap[0].ts <= sim->eng.now)
		trace_heap_pop(tr);
}

/*
 * show_gfp_flags(): v6.12's names; 2.6.36 printed the single flags
 * without their leading "__" (its gfpflags.h table).
 */
static void gfp_flags(const struct vmscan_trace *tr, gfp_t gfp, char *buf, size_t len)
{
	char names[192];
	const char *s = names;
	size_t o = 0;

	gfp_format(gfp, names, sizeof(names));
	if (tr->modern) {
		snprintf(buf, len, "%s", names);
		return;
	}
	while (*s && o + 1 < len) {
		if ((s == names || s[-1] == '|') && !strncmp(s, "__", 2))
			s += 2;
		buf[o++] = *s++;
	}
	buf[o] = '\0';
}

/* show_reclaim_flags(): RECLAIM_WB_ANON/FILE | RECLAIM_WB_SYNC/ASYNC */
static const char *reclaim_flags(bool file, bool sync)
{
	if (file)
		return sync ? "RECLAIM_WB_FILE|RECLAIM_WB_SYNC" :
			      "RECLAIM_WB_FILE|RECLAIM_WB_ASYNC";
	return sync ? "RECLAIM_WB_ANON|RECLAIM_WB_SYNC" : "RECLAIM_WB_ANON|RECLAIM_WB_ASYNC";
}

void __trace_direct_reclaim_begin(struct task *t, enum trace_event e, int order, bool may_writepage,
				  gfp_t gfp)
{
	struct vmscan_trace *tr = t->sim->trace;
	char names[192];

	gfp_flags(tr, gfp, names, sizeof(names));
	if (tr->modern) /* may_writepage left the format in v4.x */
		emit(t->sim, t, e, "order=%d gfp_flags=%s", order, names);
	else
		emit(t->sim, t, e, "order=%d may_writepage=%d gfp_flags=%s", order, may_writepage,
		     names);
}

void __trace_direct_reclaim_end(struct task *t, enum trace_event e, unsigned long nr_reclaimed)
{
	emit(t->sim, t, e, "nr_reclaimed=%lu", nr_reclaimed);
}

void __trace_kswapd_wake(struct task *t, int nid, int order)
{
	emit(t->sim, t, TRACE_KSWAPD_WAKE, "nid=%d order=%d", nid, order);
}

void __trace_kswapd_sleep(struct task *t, int nid)
{
	emit(t->sim, t, TRACE_KSWAPD_SLEEP, "nid=%d", nid);
}

void __trace_wakeup_kswapd(struct sim *sim, const struct zone *zone, int order, bool early)
{
	struct task *cur = sim->eng.current;
	const struct pglist_data *pgdat = zone->zone_pgdat;
	char names[192];

	/* 2.6.35: zone_watermark_ok(zone, order, low, 0, 0) returned first */
	if (early && wmark_ok(sim, zone, (unsigned int)order, low_wmark_pages(zone), 0, 0))
		return;
	if (!sim->trace->modern) {
		emit(sim, cur, TRACE_WAKEUP_KSWAPD, "nid=%d zid=%d order=%d", pgdat->node_id,
		     (int)zone->idx, order);
		return;
	}
	gfp_flags(sim->trace, cur ? mm_task(cur)->alloc_gfp : 0, names, sizeof(names));
	emit(sim, cur, TRACE_WAKEUP_KSWAPD, "nid=%d order=%d gfp_flags=%s", pgdat->node_id, order,
	     names);
}

/*
 * mm_vmscan_throttled: jiffies_to_usecs() of the timeout and of the
 * jiffies slept (timeout less what schedule_timeout() returned: a sleep
 * woken early counts its whole jiffies), the reason as
 * show_throttle_flags() prints its bit.
 */
void __trace_throttled(struct task *t, int nid, u64 timeout_ns, u64 slept_ns, int reason)
{
	static const char *const names[] = {
		"VMSCAN_THROTTLE_WRITEBACK",
		"VMSCAN_THROTTLE_ISOLATED",
		"VMSCAN_THROTTLE_NOPROGRESS",
		"VMSCAN_THROTTLE_CONGESTED",
	};
	u64 slept = slept_ns / JIFFY_NS, timeout = timeout_ns / JIFFY_NS;
	const u64 usec = NSEC_PER_SEC / HZ / 1000;

	emit(t->sim, t, TRACE_THROTTLED, "nid=%d usec_timeout=%d usect_delayed=%d reason=%s", nid,
	     (int)(timeout * usec), (int)((slept < timeout ? slept : timeout) * usec),
	     reason >= 0 && reason < 4 ? names[reason] : "VMSCAN_THROTTLE_NONE");
}

/* include/linux/mmzone.h LRU_NAMES */
static const char *const lru_names[NR_LRU_LISTS] = {
	"inactive_anon", "active_anon", "inactive_file", "active_file", "unevictable",
};

void __trace_lru_isolate(struct task *t, const struct scan_control *sc,
			 const struct isolated_folios *isol, enum lru_list lru,
			 unsigned long nr_requested, unsigned long scan, unsigned long total_scan,
			 unsigned long nr_taken)
{
	if (t->sim->trace->modern) {
		/* isolate_mode: ISOLATE_UNMAPPED (0x2) when reclaim may not unmap */
		emit(t->sim, t, TRACE_LRU_ISOLATE,
		     "isolate_mode=%d classzone=%d order=%d nr_requested=%lu nr_scanned=%lu nr_skipped=%lu nr_taken=%lu lru=%s",
		     sc->may_unmap ? 0 : 2, (int)sc->reclaim_idx, sc->order, nr_requested,
		     total_scan, total_scan - scan, nr_taken, lru_names[lru]);
		return;
	}
	/*
	 * 2.6.36: ISOLATE_INACTIVE 0, ISOLATE_ACTIVE 1 (shrink_active_list's,
	 * lumpy or not), ISOLATE_BOTH 2 (shrink_inactive_list's in lumpy
	 * mode); contig_*: the neighbours lumpy reclaim took, of them dirty,
	 * and those it could not take
	 */
	emit(t->sim, t, TRACE_LRU_ISOLATE,
	     "isolate_mode=%d order=%d nr_requested=%lu nr_scanned=%lu nr_taken=%lu contig_taken=%lu contig_dirty=%lu contig_failed=%lu",
	     is_active_lru(lru)	    ? 1 :
	     sc->lumpy_reclaim_mode ? 2 :
				      0,
	     sc->order, nr_requested, scan, nr_taken, isol->nr_lumpy_taken, isol->nr_lumpy_dirty,
	     isol->nr_lumpy_failed);
}

/* the struct page a vmemmap kernel would show for @pfn (x86-64, 64-byte pages) */
#define VMEMMAP_START 0xffffea0000000000ULL

void __trace_writepage(struct task *t, u32 pfn, bool file, bool sync)
{
	unsigned long long page = VMEMMAP_START + (unsigned long long)pfn * 64;

	if (t->sim->trace->modern) /* all reclaim writeback is async since 3.5 */
		emit(t->sim, t, TRACE_WRITEPAGE, "page=%016llx pfn=0x%x flags=%s", page, pfn,
		     reclaim_flags(file, false));
	else if (t->sim->trace->sync_io) /* June 2010: sync_writeback == PAGEOUT_IO_SYNC */
		emit(t->sim, t, TRACE_WRITEPAGE, "page=%016llx pfn=%u sync_io=%d", page, pfn, sync);
	else
		emit(t->sim, t, TRACE_WRITEPAGE, "page=%016llx pfn=%u flags=%s", page, pfn,
		     reclaim_flags(file, sync));
}

void __trace_lru_shrink_inactive(struct task *t, const struct pglist_data *pgdat,
				 const struct scan_control *sc, unsigned long nr_scanned,
				 unsigned long nr_reclaimed, const struct reclaim_stat *stat,
				 bool file)
{
	int nid = pgdat->node_id;

	if (!t->sim->trace->modern) {
		emit(t->sim, t, TRACE_LRU_SHRINK_INACTIVE,
		     "nid=%d zid=%d nr_scanned=%lu nr_reclaimed=%lu priority=%d flags=%s", nid,
		     (int)sc->reclaim_idx, nr_scanned, nr_reclaimed, sc->priority,
		     reclaim_flags(file, false));
		return;
	}
	/* activations are all of the batch's type; nr_ref_keep is not counted (0) */
	emit(t->sim, t, TRACE_LRU_SHRINK_INACTIVE,
	     "nid=%d nr_scanned=%lu nr_reclaimed=%lu nr_dirty=%lu nr_writeback=%lu nr_congested=%lu nr_immediate=%lu nr_activate_anon=%lu nr_activate_file=%lu nr_ref_keep=%d nr_unmap_fail=%lu priority=%d flags=%s",
	     nid, nr_scanned, nr_reclaimed, stat->nr_dirty, stat->nr_writeback, stat->nr_congested,
	     stat->nr_immediate, file ? 0UL : stat->nr_activate, file ? stat->nr_activate : 0UL, 0,
	     stat->nr_unmap_fail, sc->priority, reclaim_flags(file, false));
}

// SPDX-License-Identifier: MIT
/*
 * trace_report.c - trace-vmscan-postprocess.pl (Documentation/trace/
 * postprocess/, Mel Gorman, June 2010: the version of "[PATCH 6/6]
 * vmscan: Do not writeback pages in direct reclaim" and the seed 003
 * table) in C.  See trace_report.h.
 *
 * It keeps the script's arithmetic and its quirks (docs/trace.md):
 * statistics per "process-pid"; "pages scanned" is the nr_scanned of every
 * mm_vmscan_lru_isolate, active-list isolations included; the direct rows
 * (and the wake-up requests) sum only processes that began a direct
 * reclaim; latencies are kept as "ORDER-MS" strings (Perl's %.15g) and
 * summed back from them; the time rows are seconds though labelled ms; a
 * kswapd period still open at the end is not counted; an end without a
 * begin leaves a hole that stops the process's latency sums; a total no
 * process added to prints empty.  Fields are found by name, so the
 * formats of later kernels (whose lines the script failed to parse) are
 * read too.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "trace_report.h"

#define NR_ORDERS 20 /* the orders the script prints */
#define LAT_LEN 48
/* the longest trace line read: an ftrace event line is a few hundred bytes */
#define TRACE_LINE_MAX 4096
#define TRACE_LINE_MAX_STR "4096"

struct latency {
	bool defined;
	char s[LAT_LEN]; /* "$order-$latency" */
};

struct lat_array {
	struct latency *v;
	size_t nr, cap;
};

struct proc {
	char *name; /* "comm-pid" */
	unsigned long long direct_begin, direct_end;
	unsigned long long direct_per_order[NR_ORDERS];
	bool direct_begin_defined;
	double direct_begin_ms;
	long long direct_order;
	struct lat_array direct_lat; /* index: direct_end count */
	unsigned long long kswapd_wake, kswapd_rewake, kswapd_sleep;
	unsigned long long wake_per_order[NR_ORDERS], rewake_per_order[NR_ORDERS];
	double kswapd_begin_ms; /* 0: not awake (the script's truth test) */
	bool kswapd_order_defined;
	long long kswapd_order;
	struct lat_array kswapd_lat; /* index: kswapd_sleep count */
	unsigned long long wakeup_kswapd, wakeup_per_order[NR_ORDERS];
	unsigned long long nr_scanned, contig_dirty;
	unsigned long long write_sync, write_async;
};

struct trace_report {
	struct proc **procs; /* hash table, open addressing */
	size_t nr, cap;
	bool ignore_pid; /* --ignore-pid: processes of one name as one */
	unsigned long long nr_scanned, contig_dirty; /* over all processes (add_sum) */
	unsigned long nr_lines; /* event lines read, counted or not */
};

unsigned long trace_report_nr_lines(const struct trace_report *r)
{
	return r->nr_lines;
}

struct trace_report *trace_report_new(void)
{
	struct trace_report *r = calloc(1, sizeof(*r));

	if (!r)
		return NULL;
	r->cap = 64;
	r->procs = calloc(r->cap, sizeof(*r->procs));
	if (!r->procs) {
		free(r);
		return NULL;
	}
	return r;
}

void trace_report_free(struct trace_report *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->cap; i++) {
		struct proc *p = r->procs[i];

		if (!p)
			continue;
		free(p->name);
		free(p->direct_lat.v);
		free(p->kswapd_lat.v);
		free(p);
	}
	free(r->procs);
	free(r);
}

static size_t hash(const char *s, size_t n)
{
	size_t h = 14695981039346656037ULL;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
	return h;
}

static int grow(struct trace_report *r)
{
	size_t cap = r->cap * 2;
	struct proc **v = calloc(cap, sizeof(*v));

	if (!v)
		return -1;
	for (size_t i = 0; i < r->cap; i++) {
		struct proc *p = r->procs[i];
		size_t j;

		if (!p)
			continue;
		j = hash(p->name, strlen(p->name)) & (cap - 1);
		while (v[j])
			j = (j + 1) & (cap - 1);
		v[j] = p;
	}
	free(r->procs);
	r->procs = v;
	r->cap = cap;
	return 0;
}

/* The process "@name" (@n bytes), created on first sight; NULL: no memory. */
static struct proc *proc_get(struct trace_report *r, const char *name, size_t n)
{
	size_t j;
	struct proc *p;

	if ((r->nr + 1) * 2 > r->cap && grow(r))
		return NULL;
	j = hash(name, n) & (r->cap - 1);
	while (r->procs[j]) {
		p = r->procs[j];
		if (!strncmp(p->name, name, n) && !p->name[n])
			return p;
		j = (j + 1) & (r->cap - 1);
	}
	p = calloc(1, sizeof(*p));
	if (!p)
		return NULL;
	p->name = strndup(name, n);
	if (!p->name) {
		free(p);
		return NULL;
	}
	r->procs[j] = p;
	r->nr++;
	return p;
}

/* Set entry @idx of @a (the entries before it stay undefined). */
static int lat_set(struct lat_array *a, size_t idx, bool have_order, long long order, double ms)
{
	if (idx >= a->cap) {
		size_t cap = a->cap ? a->cap * 2 : 16;
		struct latency *v;

		while (cap <= idx)
			cap *= 2;
		v = realloc(a->v, cap * sizeof(*v));
		if (!v)
			return -1;
		memset(v + a->cap, 0, (cap - a->cap) * sizeof(*v));
		a->v = v;
		a->cap = cap;
	}
	if (idx >= a->nr)
		a->nr = idx + 1;
	a->v[idx].defined = true;
	/* Perl's "$order-$latency": an undefined order prints empty, numbers as %.15g */
	if (have_order)
		snprintf(a->v[idx].s, LAT_LEN, "%lld-%.15g", order, ms);
	else
		snprintf(a->v[idx].s, LAT_LEN, "-%.15g", ms);
	return 0;
}

static const struct latency *lat_at(const struct lat_array *a, size_t idx)
{
	return idx < a->nr && a->v[idx].defined ? &a->v[idx] : NULL;
}

/* Entry @idx of @a becomes a copy of @l. */
static int lat_copy(struct lat_array *a, size_t idx, const struct latency *l)
{
	if (lat_set(a, idx, false, 0, 0))
		return -1;
	a->v[idx] = *l;
	return 0;
}

/* split(/-/, "ORDER-LATENCY"): the second piece as a number (undefined: 0) */
static double lat_ms(const struct latency *l)
{
	const char *dash = l ? strchr(l->s, '-') : NULL;

	return dash ? strtod(dash + 1, NULL) : 0;
}

/* ---- parsing ---- */

/*
 * The value of " NAME=" (or "NAME=" at the start) in @details: its text
 * up to the next space in *@val (@len bytes).  false when absent.
 */
static bool field(const char *details, const char *name, const char **val, size_t *len)
{
	size_t n = strlen(name);

	for (const char *s = details; (s = strstr(s, name)); s += n) {
		if ((s == details || s[-1] == ' ') && s[n] == '=') {
			*val = s + n + 1;
			*len = strcspn(*val, " ");
			return true;
		}
	}
	return false;
}

/*
 * A numeric field, as the kernel prints the counted ones (%d, %lu):
 * decimal digits, at most @max.  0, or -1 when absent (@msg untouched),
 * -2 with "NAME=VALUE: what is wrong (valid 0..MAX)" in @msg when it is
 * not such a number: signs, hex and values over @max are refused rather
 * than wrapped or cut.
 */
static int field_num(const char *details, const char *name, unsigned long long max,
		     unsigned long long *v, char *msg, size_t msglen)
{
	const char *s;
	size_t len, i;

	if (!field(details, name, &s, &len))
		return -1;
	*v = 0;
	for (i = 0; i < len && isdigit((unsigned char)s[i]); i++) {
		unsigned int d = (unsigned int)(s[i] - '0');

		if (*v > (max - d) / 10) {
			snprintf(msg, msglen, "%s=%.*s: more than %llu (valid 0..%llu)", name,
				 (int)len, s, max, max);
			return -2;
		}
		*v = *v * 10 + d;
	}
	if (!len || i < len) {
		snprintf(msg, msglen, "%s=%.*s: not a decimal number (valid 0..%llu)", name,
			 (int)len, s, max);
		return -2;
	}
	return 0;
}

struct line {
	const char *proc; /* "comm-pid" */
	size_t proc_len;
	double ms; /* the script's timestamp_to_ms */
	const char *event;
	size_t event_len;
	const char *details;
};

#define MAX_DECIMALS 18 /* of a timestamp: ns and finer, within 64 bits */

/* 10^@n for n <= MAX_DECIMALS, exact */
static unsigned long long pow10_of(unsigned int n)
{
	unsigned long long v = 1;

	while (n--)
		v *= 10;
	return v;
}

/*
 * "  COMM-PID [CPU] FLAGS? SECS.USECS: EVENT: DETAILS".  COMM may hold
 * spaces and dashes: the context ends at the first " [digits]".
 */
static bool parse_line(char *s, struct line *l)
{
	char *br = s, *p, *ts_end;
	unsigned long long sec, frac;

	for (;;) {
		br = strchr(br, '[');
		if (!br)
			return false;
		if (br > s && br[-1] == ' ' && isdigit((unsigned char)br[1])) {
			p = br + 1;
			while (isdigit((unsigned char)*p))
				p++;
			if (*p == ']')
				break;
		}
		br++;
	}
	l->proc = s;
	while (*l->proc == ' ')
		l->proc++;
	l->proc_len = (size_t)(br - l->proc);
	while (l->proc_len && l->proc[l->proc_len - 1] == ' ')
		l->proc_len--;
	if (l->proc_len && l->proc[l->proc_len - 1] == ')') {
		/* the TGID column of options/record-tgid: "( 90)", "(-------)" */
		size_t i = l->proc_len - 1;

		while (i && (isdigit((unsigned char)l->proc[i - 1]) || l->proc[i - 1] == ' ' ||
			     l->proc[i - 1] == '-'))
			i--;
		if (!i || l->proc[i - 1] != '(')
			return false;
		l->proc_len = i - 1;
		while (l->proc_len && l->proc[l->proc_len - 1] == ' ')
			l->proc_len--;
	}
	{
		/* "-PID" at the end */
		size_t i = l->proc_len;

		while (i && isdigit((unsigned char)l->proc[i - 1]))
			i--;
		if (i == l->proc_len || !i || l->proc[i - 1] != '-')
			return false;
	}
	p++; /* past ']' */
	for (int tries = 0; tries < 2; tries++) {
		while (*p == ' ')
			p++;
		ts_end = p + strcspn(p, " ");
		if (ts_end > p && ts_end[-1] == ':' && isdigit((unsigned char)*p))
			break;
		if (tries)
			return false;
		p = ts_end; /* the irq-info flags of later kernels ("d..1.") */
	}
	{
		char *dot;
		unsigned int ndec = 0;

		errno = 0;
		sec = strtoull(p, &dot, 10);
		if (errno || *dot != '.' || !isdigit((unsigned char)dot[1]))
			return false;
		for (p = dot + 1, frac = 0; isdigit((unsigned char)*p); p++, ndec++) {
			if (ndec == MAX_DECIMALS)
				return false;
			frac = frac * 10 + (unsigned long long)(*p - '0');
		}
		if (*p != ':')
			return false;
		/*
		 * The script's ($sec * 1000) + ($usec / 1000) for the six
		 * decimals ftrace prints (the same double arithmetic); other
		 * counts as the decimal fraction they are, where the script
		 * took the digits for microseconds whatever their count.
		 */
		l->ms = (double)sec * 1000 + (ndec >= 3 ? (double)frac / pow10_of(ndec - 3) :
							  (double)(frac * pow10_of(3 - ndec)));
	}
	p++;
	while (*p == ' ')
		p++;
	l->event = p;
	while (isalnum((unsigned char)*p) || *p == '_')
		p++;
	l->event_len = (size_t)(p - l->event);
	if (!l->event_len || *p != ':')
		return false;
	p++;
	while (*p == ' ')
		p++;
	l->details = p;
	return true;
}

static bool is_event(const struct line *l, const char *name)
{
	return strlen(name) == l->event_len && !strncmp(l->event, name, l->event_len);
}

/* the kernel prints orders with %d, counts with %lu */
#define ORDER_MAX 2147483647ULL
#define COUNT_MAX 18446744073709551615ULL

/* A field the event needs: absent or malformed ends the parse. */
#define NEED(name, max, var)                                                        \
	do {                                                                        \
		int ret_ = field_num(l->details, name, max, var, msg, sizeof(msg)); \
		if (ret_ == -1)                                                     \
			snprintf(msg, sizeof(msg), "no %s= field", name);           \
		if (ret_)                                                           \
			goto bad;                                                   \
	} while (0)

static void count_order(unsigned long long *per_order, unsigned long long order)
{
	if (order < NR_ORDERS)
		per_order[order]++;
}

/*
 * Add @v to the trace's total @sum of field @name: every sum the report
 * prints (a process's, the direct or kswapd rows') is part of it, so none
 * wraps when it fits; a trace whose total would pass 2^64 - 1 is refused
 * (-1, "NAME=: ..." in @msg).
 */
static int add_sum(unsigned long long *sum, unsigned long long v, const char *name, char *msg,
		   size_t msglen)
{
	if (v > COUNT_MAX - *sum) {
		snprintf(msg, msglen, "%s=%llu: the sum over the trace passes %llu", name, v,
			 COUNT_MAX);
		return -1;
	}
	*sum += v;
	return 0;
}

/* One event of process @p: the script's process_events() switch. */
static int account(struct trace_report *r, struct proc *p, const struct line *l, char *err,
		   size_t errlen)
{
	unsigned long long v;
	char msg[192];

	if (is_event(l, "mm_vmscan_direct_reclaim_begin")) {
		NEED("order", ORDER_MAX, &v);
		p->direct_begin++;
		p->direct_begin_defined = true;
		p->direct_begin_ms = l->ms;
		count_order(p->direct_per_order, v);
		p->direct_order = (long long)v;
	} else if (is_event(l, "mm_vmscan_direct_reclaim_end")) {
		size_t idx = p->direct_end++;

		if (p->direct_begin_defined &&
		    lat_set(&p->direct_lat, idx, true, p->direct_order, l->ms - p->direct_begin_ms))
			goto nomem;
	} else if (is_event(l, "mm_vmscan_kswapd_wake")) {
		NEED("order", ORDER_MAX, &v);
		p->kswapd_order_defined = true;
		p->kswapd_order = (long long)v;
		if (p->kswapd_begin_ms == 0) {
			p->kswapd_wake++;
			p->kswapd_begin_ms = l->ms;
			count_order(p->wake_per_order, v);
		} else {
			p->kswapd_rewake++;
			count_order(p->rewake_per_order, v);
		}
	} else if (is_event(l, "mm_vmscan_kswapd_sleep")) {
		size_t idx = p->kswapd_sleep++;

		if (lat_set(&p->kswapd_lat, idx, p->kswapd_order_defined, p->kswapd_order,
			    l->ms - p->kswapd_begin_ms))
			goto nomem;
		p->kswapd_begin_ms = 0;
	} else if (is_event(l, "mm_vmscan_wakeup_kswapd")) {
		NEED("order", ORDER_MAX, &v);
		p->wakeup_kswapd++;
		count_order(p->wakeup_per_order, v);
	} else if (is_event(l, "mm_vmscan_lru_isolate")) {
		NEED("nr_scanned", COUNT_MAX, &v);
		if (add_sum(&r->nr_scanned, v, "nr_scanned", msg, sizeof(msg)))
			goto bad;
		p->nr_scanned += v;
		switch (field_num(l->details, "contig_dirty", COUNT_MAX, &v, msg, sizeof(msg))) {
		case 0:
			if (add_sum(&r->contig_dirty, v, "contig_dirty", msg, sizeof(msg)))
				goto bad;
			p->contig_dirty += v;
			break;
		case -2:
			goto bad;
		}
	} else if (is_event(l, "mm_vmscan_writepage") || is_event(l, "mm_vmscan_write_folio")) {
		const char *flags;
		size_t len;
		bool sync;

		if (field(l->details, "flags", &flags, &len)) {
			/* 2.6.36+: RECLAIM_WB_SYNC or ASYNC, file and anon summed */
			sync = memmem(flags, len, "RECLAIM_WB_SYNC", 15) != NULL;
		} else {
			/* the June 2010 format */
			int ret = field_num(l->details, "sync_io", COUNT_MAX, &v, msg, sizeof(msg));

			if (ret == -1)
				snprintf(msg, sizeof(msg), "no flags= or sync_io= field");
			if (ret)
				goto bad;
			sync = v != 0;
		}
		if (sync)
			p->write_sync++;
		else
			p->write_async++;
	}
	return 0;
bad:
	snprintf(err, errlen, "%.*s: %s", (int)l->event_len, l->event, msg);
	return -1;
nomem:
	snprintf(err, errlen, "out of memory");
	return -1;
}

/*
 * The next line of @f into @buf (TRACE_LINE_MAX + 2 bytes), its newline
 * dropped: its length, -1 at the end of the file, -2 for a line longer
 * than TRACE_LINE_MAX, -3 for a NUL byte.  Bounded, so that a binary file
 * or /dev/zero is refused at its first line instead of read whole.
 */
static long read_line(FILE *f, char *buf)
{
	long n = 0;
	int c;

	while ((c = getc_unlocked(f)) != EOF && c != '\n') {
		if (!c)
			return -3;
		if (n == TRACE_LINE_MAX)
			return -2;
		buf[n++] = (char)c;
	}
	buf[n] = '\0';
	return c == EOF && !n ? -1 : n;
}

int trace_report_parse(struct trace_report *r, FILE *f, const char *path, char *err, size_t errlen)
{
	char buf[TRACE_LINE_MAX + 2], msg[256];
	long n;
	unsigned long lineno = 0;
	int rc = 0;

	while ((n = read_line(f, buf)) != -1) {
		struct line l;
		struct proc *p;
		const char *s = buf;

		lineno++;
		if (n < 0) {
			snprintf(err, errlen, "%s:%lu: %s", path, lineno,
				 n == -3 ? "not a text file (contains a NUL byte)" :
					   "line too long (at most " TRACE_LINE_MAX_STR
					   " characters)");
			rc = -1;
			break;
		}
		while (*s == ' ' || *s == '\t')
			s++;
		/* comments, blank lines, and the ring buffer's "CPU:N [LOST M EVENTS]" */
		if (!*s || *s == '#' || (!strncmp(s, "CPU:", 4) && strstr(s, "[LOST ")))
			continue;
		if (!parse_line(buf, &l)) {
			snprintf(
				err, errlen,
				"%s:%lu: not an ftrace event line (TASK-PID [CPU] SECS.USECS: EVENT: FIELDS)",
				path, lineno);
			rc = -1;
			break;
		}
		r->nr_lines++;
		p = proc_get(r, l.proc, l.proc_len);
		if (!p) {
			snprintf(err, errlen, "%s:%lu: out of memory", path, lineno);
			rc = -1;
			break;
		}
		if (account(r, p, &l, msg, sizeof(msg))) {
			snprintf(err, errlen, "%s:%lu: %s", path, lineno, msg);
			rc = -1;
			break;
		}
	}
	if (!rc && ferror(f)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno ? errno : EIO));
		rc = -1;
	}
	return rc;
}

/* ---- output ---- */

static int cmp_proc(const void *a, const void *b)
{
	return strcmp((*(struct proc *const *)a)->name, (*(struct proc *const *)b)->name);
}

/* The processes in name order; NULL when out of memory (or none). */
static struct proc **sorted(const struct trace_report *r)
{
	struct proc **v = malloc((r->nr ? r->nr : 1) * sizeof(*v));
	size_t n = 0;

	if (!v)
		return NULL;
	for (size_t i = 0; i < r->cap; i++)
		if (r->procs[i])
			v[n++] = r->procs[i];
	qsort(v, n, sizeof(*v), cmp_proc);
	return v;
}

/*
 * The latency section's walk (dump_stats): for each process with a first
 * latency, entry by entry while either list has one, the direct one if
 * defined, else the kswapd one; printed (when @out) and summed.
 */
static void latencies(FILE *out, struct proc **v, size_t nr, int width, double *direct,
		      double *kswapd)
{
	*direct = *kswapd = 0;
	for (size_t i = 0; i < nr; i++) {
		const struct proc *p = v[i];

		if (!lat_at(&p->direct_lat, 0) && !lat_at(&p->kswapd_lat, 0))
			continue;
		if (out)
			fprintf(out, "%-*s ", width, p->name);
		for (size_t j = 0; lat_at(&p->direct_lat, j) || lat_at(&p->kswapd_lat, j); j++) {
			const struct latency *d = lat_at(&p->direct_lat, j);
			const struct latency *k = lat_at(&p->kswapd_lat, j);

			if (d) {
				if (out)
					fprintf(out, "%s ", d->s);
				*direct += lat_ms(d);
			} else {
				if (out)
					fprintf(out, "%s ", k ? k->s : "");
				*kswapd += lat_ms(k);
			}
		}
		if (out)
			fputc('\n', out);
	}
}

static void per_order(FILE *out, const char *what, const unsigned long long *count)
{
	fputs("      ", out);
	for (int o = 0; o < NR_ORDERS; o++)
		if (count[o])
			fprintf(out, "%s-%d=%llu ", what, o, count[o]);
}

void trace_report_set_ignore_pid(struct trace_report *r, bool ignore_pid)
{
	r->ignore_pid = ignore_pid;
}

static void add_orders(unsigned long long *to, const unsigned long long *from)
{
	for (int o = 0; o < NR_ORDERS; o++)
		to[o] += from[o];
}

/*
 * aggregate_perprocesspid() of --ignore-pid: the processes of @v (in name
 * order, where the script took Perl's hash order) summed by name, "comm"
 * without "-pid" ("NO_PROCESS_NAME" when empty), into @agg.  As in the
 * script: the per-order rewake counts and contig-dirty are not carried;
 * each process's direct latencies are appended from the name's direct end
 * index, and its kswapd latencies written from index 0 (the kswapd sleep
 * index it reads was never set) with that end index then set to where
 * they stopped, so a later process of the name overwrites the earlier
 * ones' direct latencies.  0, or -1 when out of memory.
 */
static int aggregate(struct proc **v, size_t nr, struct trace_report *agg)
{
	for (size_t i = 0; i < nr; i++) {
		const struct proc *p = v[i];
		size_t n = strlen(p->name), wr, rd;
		struct proc *q;

		while (n && isdigit((unsigned char)p->name[n - 1]))
			n--;
		if (n && p->name[n - 1] == '-')
			n--;
		else
			n = strlen(p->name);
		q = n ? proc_get(agg, p->name, n) : proc_get(agg, "NO_PROCESS_NAME", 15);
		if (!q)
			return -1;
		q->direct_begin += p->direct_begin;
		q->kswapd_wake += p->kswapd_wake;
		q->wakeup_kswapd += p->wakeup_kswapd;
		q->kswapd_rewake += p->kswapd_rewake;
		q->nr_scanned += p->nr_scanned;
		q->write_sync += p->write_sync;
		q->write_async += p->write_async;
		add_orders(q->direct_per_order, p->direct_per_order);
		add_orders(q->wakeup_per_order, p->wakeup_per_order);
		add_orders(q->wake_per_order, p->wake_per_order);
		wr = (size_t)q->direct_end;
		for (rd = 0; lat_at(&p->direct_lat, rd); rd++, wr++) {
			if (lat_copy(&q->direct_lat, wr, lat_at(&p->direct_lat, rd)))
				return -1;
		}
		wr = 0;
		for (rd = 0; lat_at(&p->kswapd_lat, rd); rd++, wr++) {
			if (lat_copy(&q->kswapd_lat, wr, lat_at(&p->kswapd_lat, rd)))
				return -1;
		}
		q->direct_end = wr;
	}
	return 0;
}

static void dump(FILE *out, const struct trace_report *r, struct trace_summary *s)
{
	struct proc **v = sorted(r), **pids = v;
	size_t nr = v ? r->nr : 0;
	int width = 0;
	double direct_ms, kswapd_ms;
	struct trace_report *agg = NULL;

	*s = (struct trace_summary){ 0 };
	/* the width is the longest "comm-pid", with --ignore-pid too */
	for (size_t i = 0; i < nr; i++)
		if ((int)strlen(v[i]->name) > width)
			width = (int)strlen(v[i]->name);
	width += 2;
	if (r->ignore_pid) {
		agg = trace_report_new();
		if (!agg || aggregate(pids, nr, agg)) {
			/* out of memory: an empty report, as sorted() gives */
			trace_report_free(agg);
			agg = NULL;
			nr = 0;
		} else {
			v = sorted(agg);
			nr = v ? agg->nr : 0;
		}
	}

	/* --ignore-pid: the latencies are summed, not printed */
	if (out && !r->ignore_pid)
		fputs("\nReclaim latencies expressed as order-latency_in_ms\n", out);
	latencies(r->ignore_pid ? NULL : out, v, nr, width, &direct_ms, &kswapd_ms);

	/* an eighth %8s without an argument: eight spaces, as the script printed */
	if (out)
		fprintf(out,
			"\n%-*s %8s %10s   %8s   %8s %8s %8s %8s\n%-*s %8s %10s   %8s   %8s %8s %8s %8s\n",
			width, "Process", "Direct", "Wokeup", "Pages", "Pages", "Pages", "Time", "",
			width, "details", "Rclms", "Kswapd", "Scanned", "Sync-IO", "ASync-IO",
			"Stalled", "");
	for (size_t i = 0; i < nr; i++) {
		const struct proc *p = v[i];
		double delay = 0;

		if (!p->direct_begin)
			continue;
		s->have_direct = true;
		s->direct_reclaims += p->direct_begin;
		s->wakeup_kswapd += p->wakeup_kswapd;
		s->direct_scanned += p->nr_scanned;
		s->direct_sync += p->write_sync;
		s->direct_async += p->write_async;
		for (size_t j = 0; lat_at(&p->direct_lat, j); j++)
			delay += lat_ms(lat_at(&p->direct_lat, j));
		if (!out)
			continue;
		fprintf(out, "%-*s %8llu %10llu   %8llu   %8llu %8llu %8.3f", width, p->name,
			p->direct_begin, p->wakeup_kswapd, p->nr_scanned, p->write_sync,
			p->write_async, delay / 1000);
		per_order(out, "direct", p->direct_per_order);
		if (p->wakeup_kswapd)
			per_order(out, "wakeup", p->wakeup_per_order);
		if (p->contig_dirty)
			fprintf(out, "      contig-dirty=%llu ", p->contig_dirty);
		fputc('\n', out);
	}

	if (out)
		fprintf(out,
			"\n%-*s %8s %10s   %8s   %8s %8s %8s\n%-*s %8s %10s   %8s   %8s %8s %8s\n",
			width, "Kswapd", "Kswapd", "Order", "Pages", "Pages", "Pages", "", width,
			"Instance", "Wakeups", "Re-wakeup", "Scanned", "Sync-IO", "ASync-IO", "");
	for (size_t i = 0; i < nr; i++) {
		const struct proc *p = v[i];

		if (!p->kswapd_wake)
			continue;
		s->have_kswapd = true;
		s->kswapd_wakeups += p->kswapd_wake;
		s->kswapd_scanned += p->nr_scanned;
		s->kswapd_sync += p->write_sync;
		s->kswapd_async += p->write_async;
		if (!out)
			continue;
		fprintf(out, "%-*s %8llu %10llu   %8llu   %8llu %8llu", width, p->name,
			p->kswapd_wake, p->kswapd_rewake, p->nr_scanned, p->write_sync,
			p->write_async);
		per_order(out, "wake", p->wake_per_order);
		if (p->kswapd_rewake)
			per_order(out, "rewake", p->rewake_per_order);
		fputc('\n', out);
	}
	s->direct_stall = direct_ms / 1000;
	s->kswapd_awake = kswapd_ms / 1000;
	if (v != pids)
		free(v);
	free(pids);
	trace_report_free(agg);
}

void trace_report_summary(const struct trace_report *r, struct trace_summary *s)
{
	dump(NULL, r, s);
}

/* A total the script never added to was undefined: it printed as "". */
static const char *total(char *buf, size_t len, bool defined, unsigned long long v)
{
	if (!defined)
		return "";
	snprintf(buf, len, "%llu", v);
	return buf;
}

/*
 * The summary as the 2010 trace-vmscan-postprocess.pl prints it (the
 * seed's script): the two times are divided by 1000 into seconds but
 * labelled "ms", as that script did until a later patch relabelled them.
 */
void trace_report_print(FILE *out, const struct trace_report *r)
{
	struct trace_summary s;
	char b[6][24];
	bool d, k;

	dump(out, r, &s);
	d = s.have_direct;
	k = s.have_kswapd;
	fprintf(out,
		"\nSummary\n"
		"Direct reclaims:     \t\t%s\n"
		"Direct reclaim pages scanned:\t%s\n"
		"Direct reclaim write sync I/O:\t%s\n"
		"Direct reclaim write async I/O:\t%s\n"
		"Wake kswapd requests:\t\t%s\n"
		"Time stalled direct reclaim: \t%-1.2f ms\n"
		"\n",
		total(b[0], 24, d, s.direct_reclaims), total(b[1], 24, d, s.direct_scanned),
		total(b[2], 24, d, s.direct_sync), total(b[3], 24, d, s.direct_async),
		total(b[4], 24, d, s.wakeup_kswapd), s.direct_stall);
	fprintf(out,
		"Kswapd wakeups:\t\t\t%s\n"
		"Kswapd pages scanned:\t\t%s\n"
		"Kswapd reclaim write sync I/O:\t%s\n"
		"Kswapd reclaim write async I/O:\t%s\n"
		"Time kswapd awake:\t\t%-1.2f ms\n",
		total(b[0], 24, k, s.kswapd_wakeups), total(b[1], 24, k, s.kswapd_scanned),
		total(b[2], 24, k, s.kswapd_sync), total(b[3], 24, k, s.kswapd_async),
		s.kswapd_awake);
}

/* One row of the seed's table: the label, then field @f of each summary */
#define ROW(label, fmt, f)                             \
	do {                                           \
		fprintf(out, "%-39s", label);          \
		for (unsigned int i = 0; i < n; i++)   \
			fprintf(out, " " fmt, s[i].f); \
		fputs(" \n", out);                     \
	} while (0)
#define ROW_U(label, f) ROW(label, "%8llu", f)
#define ROW_F(label, f) ROW(label, "%8.2f", f)

void trace_summary_table(FILE *out, const char *title, const char *const *names,
			 const struct trace_summary *s, unsigned int n)
{
	if (title)
		fprintf(out, "%s FTrace Reclaim Statistics\n", title);
	fputs("                \t\t\t", out);
	for (unsigned int i = 0; i < n; i++)
		fprintf(out, "%s%s", i ? "  " : "", names[i]);
	fputc('\n', out);
	ROW_U("Direct reclaims", direct_reclaims);
	ROW_U("Direct reclaim pages scanned", direct_scanned);
	ROW_U("Direct reclaim write sync I/O", direct_sync);
	ROW_U("Direct reclaim write async I/O", direct_async);
	ROW_U("Wake kswapd requests", wakeup_kswapd);
	ROW_U("Kswapd wakeups", kswapd_wakeups);
	ROW_U("Kswapd pages scanned", kswapd_scanned);
	ROW_U("Kswapd reclaim write sync I/O", kswapd_sync);
	ROW_U("Kswapd reclaim write async I/O", kswapd_async);
	ROW_F("Time stalled direct reclaim", direct_stall);
	ROW_F("Time kswapd awake", kswapd_awake);
}

// SPDX-License-Identifier: MIT
/*
 * event.c - the event queue: a binary min-heap ordered by (time, seq).
 * The sequence number makes simultaneous events run in the order they
 * were queued, so a run is the same every time.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "engine.h"

static bool event_before(const struct event *a, const struct event *b)
{
	if (a->time != b->time)
		return a->time < b->time;
	return a->seq < b->seq;
}

int event_push(struct sim *sim, u64 time, event_fn fn, void *ptr, u64 arg)
{
	struct event_queue *eq = &sim_engine(sim)->eq;
	size_t i;

	if (eq->nr == eq->cap) {
		size_t cap = eq->cap ? eq->cap * 2 : 1024;
		struct event *h = realloc(eq->heap, cap * sizeof(*h));

		if (!h)
			return -1;
		eq->heap = h;
		eq->cap = cap;
	}
	i = eq->nr++;
	eq->heap[i] = (struct event){ time, eq->next_seq++, fn, ptr, arg };
	while (i > 0) {
		size_t parent = (i - 1) / 2;
		struct event tmp;

		if (!event_before(&eq->heap[i], &eq->heap[parent]))
			break;
		tmp = eq->heap[i];
		eq->heap[i] = eq->heap[parent];
		eq->heap[parent] = tmp;
		i = parent;
	}
	return 0;
}

bool event_pop(struct sim *sim, struct event *ev)
{
	struct event_queue *eq = &sim_engine(sim)->eq;
	size_t i = 0;

	if (!eq->nr)
		return false;
	*ev = eq->heap[0];
	eq->heap[0] = eq->heap[--eq->nr];
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;
		struct event tmp;

		if (l < eq->nr && event_before(&eq->heap[l], &eq->heap[m]))
			m = l;
		if (r < eq->nr && event_before(&eq->heap[r], &eq->heap[m]))
			m = r;
		if (m == i)
			break;
		tmp = eq->heap[i];
		eq->heap[i] = eq->heap[m];
		eq->heap[m] = tmp;
		i = m;
	}
	return true;
}

void sim_fail(struct sim *sim, const char *fmt, ...)
{
	struct engine *eng = sim_engine(sim);
	va_list ap;

	eng->stopped = true;
	if (eng->error[0])
		return;
	va_start(ap, fmt);
	vsnprintf(eng->error, sizeof(eng->error), fmt, ap);
	va_end(ap);
}

// SPDX-License-Identifier: MIT
/*
 * event.c - the event queue: a binary min-heap ordered by (time, seq).
 * The sequence number makes simultaneous events run in the order they
 * were queued, so a run is the same every time.  With [run] tie_order =
 * random (the default) the sequence number's upper half is a draw from the
 * run's VAR_TIES stream: events at one instant run in an order the seed
 * chooses, as the kernel's CPUs, timers and interrupts that land in the
 * same nanosecond race in no fixed order.  The lower half, the queueing
 * count, still makes every key unique, so a seed gives one order.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "engine.h"
#include "config.h"
#include "scenario.h"

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
	u64 seq;

	if (eq->nr == eq->cap) {
		size_t cap = eq->cap ? eq->cap * 2 : 1024;
		struct event *h = realloc(eq->heap, cap * sizeof(*h));

		if (!h)
			return -1;
		eq->heap = h;
		eq->cap = cap;
	}
	i = eq->nr++;
	seq = eq->next_seq++;
	if (sim_engine(sim)->random_ties)
		seq = (rng_next(&sim_engine(sim)->var_rng[VAR_TIES]) << 32) | (seq & 0xffffffffULL);
	eq->heap[i] = (struct event){ time, seq, fn, ptr, arg };
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

static const struct cfg_key event_run_keys[] = {
	{ .name = "tie_order",
	  .type = CFG_ENUM,
	  .off = offsetof(struct scn_run, random_ties),
	  .size = sizeof(bool),
	  .values = CFG_VALUES("fifo", "random"),
	  .def = "random",
	  .doc = "events at the same virtual time: in the order they were queued, or in an order the seed draws (off with jitter = off)" },
};
CFG_TABLE(event_run_table, event_run_keys);

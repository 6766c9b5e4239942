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
 *
 * The CPUs' step events (one pending per CPU, most of a run's events) have
 * a heap of their own, a few entries deep, beside the heap of everything
 * else (I/O completions, timers, samples, often hundreds): a step's push
 * and pop no longer walk the deep one.
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

/*
 * The next key: the queueing count, under a draw from @ties when ties are
 * random (the engine's stream, or a copy of it to look ahead).
 */
static u64 event_seq_draw(const struct engine *eng, struct rng *ties)
{
	u64 seq = eng->eq.next_seq;

	if (eng->random_ties)
		seq = (rng_next(ties) << 32) | (seq & 0xffffffffULL);
	return seq;
}

/* The next key, taken. */
static u64 event_seq(struct engine *eng)
{
	u64 seq = event_seq_draw(eng, &eng->var_rng[VAR_TIES]);

	eng->eq.next_seq++;
	return seq;
}

/* Add @ev to @h, sifting a hole up rather than swapping at each level. */
static int heap_push(struct event_heap *h, const struct event *ev)
{
	size_t i;

	if (h->nr == h->cap) {
		size_t cap = h->cap ? h->cap * 2 : 1024;
		struct event *e = realloc(h->ev, cap * sizeof(*e));

		if (!e)
			return -1;
		h->ev = e;
		h->cap = cap;
	}
	for (i = h->nr++; i > 0; i = (i - 1) / 2) {
		size_t parent = (i - 1) / 2;

		if (!event_before(ev, &h->ev[parent]))
			break;
		h->ev[i] = h->ev[parent];
	}
	h->ev[i] = *ev;
	return 0;
}

/* Take @h's first event (@h is not empty) into @ev. */
static void heap_pop(struct event_heap *h, struct event *ev)
{
	const struct event *last;
	size_t i = 0;

	*ev = h->ev[0];
	last = &h->ev[--h->nr];
	for (;;) {
		size_t m = 2 * i + 1;

		if (m >= h->nr)
			break;
		if (m + 1 < h->nr && event_before(&h->ev[m + 1], &h->ev[m]))
			m++;
		if (!event_before(&h->ev[m], last))
			break;
		h->ev[i] = h->ev[m];
		i = m;
	}
	h->ev[i] = *last;
}

int event_push(struct sim *sim, u64 time, event_fn fn, void *ptr, u64 arg)
{
	struct engine *eng = sim_engine(sim);
	struct event ev = { time, event_seq(eng), fn, ptr, arg };

	return heap_push(&eng->eq.main, &ev);
}

int event_push_cpu(struct sim *sim, u64 time, event_fn fn, u64 cpu)
{
	struct engine *eng = sim_engine(sim);
	struct event ev = { time, event_seq(eng), fn, NULL, cpu };

	return heap_push(&eng->eq.cpu, &ev);
}

/*
 * event_push_cpu() of an event at @time and the event_pop() that would
 * follow, without the heaps: when that event would be the next one popped
 * (before the head of each heap, with the sequence number and tie-order
 * draw the push would give it), take that number and return true; else
 * change nothing.
 */
bool event_cpu_next(struct sim *sim, u64 time)
{
	struct engine *eng = sim_engine(sim);
	struct event_queue *eq = &eng->eq;
	struct rng ties = eng->var_rng[VAR_TIES];
	struct event ev = { .time = time, .seq = event_seq_draw(eng, &ties) };

	if ((eq->cpu.nr && !event_before(&ev, &eq->cpu.ev[0])) ||
	    (eq->main.nr && !event_before(&ev, &eq->main.ev[0])))
		return false;
	eq->next_seq++;
	eng->var_rng[VAR_TIES] = ties;
	return true;
}

/*
 * The earlier of the two heaps' first events: the keys are unique, so the
 * order is the one a single heap of all events gives.
 */
bool event_pop(struct sim *sim, struct event *ev)
{
	struct event_queue *eq = &sim_engine(sim)->eq;

	if (eq->cpu.nr && (!eq->main.nr || event_before(&eq->cpu.ev[0], &eq->main.ev[0]))) {
		heap_pop(&eq->cpu, ev);
		return true;
	}
	if (!eq->main.nr)
		return false;
	heap_pop(&eq->main, ev);
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

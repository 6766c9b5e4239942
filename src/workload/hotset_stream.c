// SPDX-License-Identifier: MIT
/*
 * hotset_stream.c - the oracle's `filestream hotread` (shared/oracle/src/
 * filestream.c): read a hot file warm_passes times, then stream a large
 * file once, re-reading the whole hot file after every `every` bytes
 * streamed.  Before each hot pass it counts the hot pages no longer
 * resident (the oracle measures this with mincore(), which touches
 * nothing): those are the hot-set misses.
 */
#include <stdlib.h>

#include "workload_types.h"

#define HS_MAX_PASSES 64

enum hs_phase { HS_WARM, HS_STREAM, HS_HOT };

struct hotset_stream {
	struct address_space *hot, *stream;
	u64 block_pages;
	u64 every_pages;
	enum hs_phase phase;
	unsigned int warm_done;
	u64 hot_i, stream_i;	/* positions in the two files */
	u64 since;		/* stream pages since the last hot pass */
	unsigned int hot_passes;
	u64 miss[HS_MAX_PASSES];
	u64 miss_total;
};

static int hotset_stream_init(struct workload_inst *wl, struct task *t, unsigned int idx)
{
	struct sim *sim = wl->sim;
	struct hotset_stream *hs = calloc(1, sizeof(*hs));
	char name[64];

	if (!hs)
		return -1;
	t->wl_priv = hs;
	hs->block_pages = max_u64(bytes_to_pages(sim, wl->cfg->block), 1);
	hs->every_pages = max_u64(bytes_to_pages(sim, wl->cfg->every), 1);
	snprintf(name, sizeof(name), "%s.hot.%u", wl->cfg->name, idx);
	hs->hot = file_create(sim, name, bytes_to_pages(sim, wl->cfg->hot));
	snprintf(name, sizeof(name), "%s.stream.%u", wl->cfg->name, idx);
	hs->stream = file_create(sim, name, bytes_to_pages(sim, wl->cfg->stream));
	hs->phase = wl->cfg->warm_passes ? HS_WARM : HS_STREAM;
	return hs->hot && hs->stream ? 0 : -1;
}

/* After every `every` bytes streamed: count misses, start a hot pass. */
static void start_hot_pass(struct hotset_stream *hs)
{
	u64 miss = hs->hot->size - hs->hot->nrpages;

	hs->since = 0;
	if (hs->hot_passes < HS_MAX_PASSES)
		hs->miss[hs->hot_passes] = miss;
	hs->miss_total += miss;
	hs->hot_passes++;
	hs->phase = HS_HOT;
	hs->hot_i = 0;
}

static enum vm_fault_result hotset_stream_op(struct task *t)
{
	struct hotset_stream *hs = t->wl_priv;
	bool stream = hs->phase == HS_STREAM;
	struct address_space *file = stream ? hs->stream : hs->hot;
	u64 *pos = stream ? &hs->stream_i : &hs->hot_i;
	enum vm_fault_result r;

	if (*pos % hs->block_pages == 0)
		charge_sys(t, t->sim->scn.cost.syscall_ns);
	r = filemap_read(t, file, *pos, hs->block_pages);
	if (r != VM_FAULT_DONE)
		return r;
	++*pos;
	if (stream) {
		if (++hs->since == hs->every_pages)
			start_hot_pass(hs);
		else if (*pos == file->size)
			t->wl_finished = true;
		return r;
	}
	if (*pos < file->size)
		return r;
	hs->hot_i = 0;
	if (hs->phase == HS_WARM && ++hs->warm_done < t->wl->cfg->warm_passes)
		return r;
	hs->phase = HS_STREAM;
	if (hs->stream_i == hs->stream->size)
		t->wl_finished = true;
	return r;
}

static void hotset_stream_report(struct workload_inst *wl)
{
	u64 hot_pages = 0, passes = 0, miss = 0, hot_res = 0, stream_res = 0;
	u64 first = 0, last = 0;

	for (unsigned int i = 0; i < wl->nr_tasks; i++) {
		struct hotset_stream *hs = wl->tasks[i]->wl_priv;
		unsigned int n = hs->hot_passes < HS_MAX_PASSES ? hs->hot_passes : HS_MAX_PASSES;

		hot_pages += hs->hot->size;
		passes += hs->hot_passes;
		miss += hs->miss_total;
		hot_res += hs->hot->nrpages;
		stream_res += hs->stream->nrpages;
		if (n) {
			first += hs->miss[0];
			last += hs->miss[n - 1];
		}
	}
	wl_set_figure(wl, "hot_pages", (double)hot_pages, true);
	wl_set_figure(wl, "hot_passes", (double)passes, true);
	wl_set_figure(wl, "hot_miss_total", (double)miss, true);
	wl_set_figure(wl, "hot_miss_pct",
		      passes && hot_pages ? 100.0 * (double)miss / ((double)passes * (double)hot_pages /
								   wl->nr_tasks) : 0, false);
	wl_set_figure(wl, "hot_miss_first", (double)first, true);
	wl_set_figure(wl, "hot_miss_last", (double)last, true);
	wl_set_figure(wl, "hot_resident_final", (double)hot_res, true);
	wl_set_figure(wl, "stream_resident_final", (double)stream_res, true);
}

const struct wl_ops hotset_stream_ops = {
	.task_init = hotset_stream_init,
	.op = hotset_stream_op,
	.report = hotset_stream_report,
};

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

#include "hotset_stream.h"
#include "workload_types.h"

WL_PARAMS_FIT(struct hotset_stream_params);
#define HS_PARAMS(w) WL_PARAMS(struct hotset_stream_params, w)
#define HS_OFF(f) WL_POFF(struct hotset_stream_params, f)

#define HS_MAX_PASSES 64

struct hotset_stream {
	struct address_space *hot, *stream;
	u64 block_pages;
	u64 every_pages;
	u64 since; /* stream pages since the last hot pass */
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
	hs->block_pages = max_u64(bytes_to_pages(sim, HS_PARAMS(wl->cfg)->block), 1);
	hs->every_pages = max_u64(bytes_to_pages(sim, HS_PARAMS(wl->cfg)->every), 1);
	snprintf(name, sizeof(name), "%s.hot.%u", wl->cfg->name, idx);
	hs->hot = file_create(sim, name, bytes_to_pages(sim, HS_PARAMS(wl->cfg)->hot));
	snprintf(name, sizeof(name), "%s.stream.%u", wl->cfg->name, idx);
	hs->stream = file_create(sim, name, bytes_to_pages(sim, HS_PARAMS(wl->cfg)->stream));
	return hs->hot && hs->stream ? 0 : -1;
}

/* One page of a read() of @file at @pos; a call costs a syscall. */
static enum vm_fault_result hs_read_page(struct task *t, struct hotset_stream *hs,
					 struct address_space *file, u64 pos)
{
	if (pos % hs->block_pages == 0)
		charge_sys(t, t->sim->scn.cost.syscall_ns);
	return filemap_read(t, file, pos, hs->block_pages);
}

/* Read all of @file, start to end. */
static void hs_read_file(struct task *t, struct hotset_stream *hs, struct address_space *file)
{
	for (u64 pos = 0; pos < file->size; pos++) {
		wl_rate(t, t->sim->page_size);
		WL_DO(t, hs_read_page(t, hs, file, pos));
	}
}

/* Before a hot pass: count the hot pages no longer resident (mincore). */
static void count_hot_misses(struct hotset_stream *hs)
{
	u64 miss = hs->hot->size - hs->hot->nrpages;

	if (hs->hot_passes < HS_MAX_PASSES)
		hs->miss[hs->hot_passes] = miss;
	hs->miss_total += miss;
	hs->hot_passes++;
}

static void hotset_stream_run(struct task *t)
{
	struct hotset_stream *hs = t->wl_priv;

	for (unsigned int w = 0; w < HS_PARAMS(t->wl->cfg)->warm_passes; w++)
		hs_read_file(t, hs, hs->hot);
	/* the program reads its group's memory.stat after each phase */
	mem_cgroup_flush_stats(t->sim, t->memcg);
	for (u64 pos = 0; pos < hs->stream->size; pos++) {
		wl_rate(t, t->sim->page_size);
		WL_DO(t, hs_read_page(t, hs, hs->stream, pos));
		if (++hs->since < hs->every_pages)
			continue;
		hs->since = 0;
		count_hot_misses(hs);
		hs_read_file(t, hs, hs->hot);
		mem_cgroup_flush_stats(t->sim, t->memcg);
	}
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
		      passes && hot_pages ?
			      100.0 * (double)miss /
				      ((double)passes * (double)hot_pages / wl->nr_tasks) :
			      0,
		      false);
	wl_set_figure(wl, "hot_miss_first", (double)first, true);
	wl_set_figure(wl, "hot_miss_last", (double)last, true);
	wl_set_figure(wl, "hot_resident_final", (double)hot_res, true);
	wl_set_figure(wl, "stream_resident_final", (double)stream_res, true);
}

static const char *hotset_stream_missing(const struct scn_workload *w)
{
	const struct hotset_stream_params *p = HS_PARAMS(w);

	return !p->hot ? "hot" : !p->stream ? "stream" : NULL;
}

/* filestream hotread's options and their defaults */
static const struct cfg_key hotset_stream_keys[] = {
	WL_KEY_TASKS("copies, each with its own files"),
	WL_KEY_BLOCK(struct hotset_stream_params,
		     "bytes per read() call (filestream --chunk-kib 1024)"),
	{ .name = "hot",
	  .type = CFG_SIZE,
	  .off = HS_OFF(hot),
	  .flags = CFG_F_POSITIVE,
	  .def_doc = "required",
	  .doc = "bytes of the hot file" },
	{ .name = "stream",
	  .type = CFG_SIZE,
	  .off = HS_OFF(stream),
	  .flags = CFG_F_POSITIVE,
	  .def_doc = "required",
	  .doc = "bytes of the streamed file" },
	{ .name = "every",
	  .type = CFG_SIZE,
	  .off = HS_OFF(every),
	  .flags = CFG_F_POSITIVE,
	  .def = "64M",
	  .doc = "bytes streamed between re-reads of the hot file (--hot-every-mib)" },
	{ .name = "warm_passes",
	  .type = CFG_UINT,
	  .off = HS_OFF(warm_passes),
	  .min = 0,
	  .max = 1000000,
	  .def = "2",
	  .doc = "reads of the hot file before streaming (--warm-passes)" },
};

static CFG_TABLE_DOC(
	hotset_stream_keys_table, hotset_stream_keys,
	"shared/oracle/src/filestream.c hotread: a hot file re-read while another is streamed. Rate counts the bytes read, of both files.");

const struct wl_ops hotset_stream_ops = {
	.task_init = hotset_stream_init,
	.run = hotset_stream_run,
	.report = hotset_stream_report,
	.keys = &hotset_stream_keys_table,
	.missing = hotset_stream_missing,
};

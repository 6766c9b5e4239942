// SPDX-License-Identifier: MIT
/*
 * run.c - the [run] keys: the seed, the virtual-time bound and the
 * sampling interval of a run (struct scn_run), and the switch of its
 * run-to-run variation.
 */
#include <stddef.h>

#include "config.h"
#include "scenario.h"

static const struct cfg_key run_keys[] = {
	{ .name = "seed",
	  .type = CFG_U64,
	  .off = offsetof(struct scn_run, seed),
	  .min = 0,
	  .max = U64_MAX,
	  .def = "1",
	  .doc = "the random seed; `--seed N` is `--set run.seed=N` at its place among the `--set` options: the later wins" },
	/*
	 * the master switch of run-to-run variation (docs/model.md): each
	 * source's own key sits beside its code (io_jitter, wakeup_latency,
	 * timer_slack, tie_order, task_placement, page_shuffle)
	 */
	{ .name = "jitter",
	  .type = CFG_ENUM,
	  .off = offsetof(struct scn_run, jitter),
	  .size = sizeof(bool),
	  .values = CFG_VALUES("off", "on"),
	  .def = "on",
	  .doc = "run-to-run variation drawn from the seed: device jitter, wake-up and timer latency, the order of simultaneous events, task and page placement; off: none of them, every seed runs alike but for the workloads' own randomness" },
	{ .name = "duration",
	  .type = CFG_TIME,
	  .off = offsetof(struct scn_run, duration_ns),
	  .flags = CFG_F_POSITIVE,
	  .def = "600s",
	  .doc = "a virtual-time bound: the run stops there" },
	/*
	 * a floor: every sample is an event, and a kept one a row; at 1 ms a
	 * virtual 30 s is 30,000 of each (below it the rows of --csv say
	 * nothing new and the events crowd out the run's own)
	 */
	{ .name = "sample_interval",
	  .type = CFG_TIME,
	  .off = offsetof(struct scn_run, sample_interval_ns),
	  .flags = CFG_F_POSITIVE,
	  .min = SCN_SAMPLE_INTERVAL_MIN_NS,
	  .def = "100ms",
	  .doc = "the time series of `--csv` and `--plot`, kept only when one of them is given" },
};
CFG_TABLE(run_table, run_keys);

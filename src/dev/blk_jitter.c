// SPDX-License-Identifier: MIT
/*
 * blk_jitter.c - device service-time jitter, one of the sources of
 * run-to-run variation (docs/model.md).  A real device does not serve two
 * identical requests in the same time: the flash translation layer's
 * garbage collection, the disk's rotational position, the controller's
 * queue all move it.  The model draws each request's service time
 * (access latency plus transfer, as the device model computes it)
 * uniformly within +-[run] io_jitter percent of that figure, from the
 * run's VAR_IO stream: the mean is the device's nominal figure, and one
 * seed gives one sequence.
 */
#include <stddef.h>

#include "../mm/sim.h"
#include "../sim/config.h"

bool blk_jitter_on(const struct sim *sim)
{
	return sim->scn.run.jitter && sim->scn.run.io_jitter;
}

u64 blk_service_jitter(struct sim *sim, u64 service_ns)
{
	u64 span;

	if (!blk_jitter_on(sim))
		return service_ns;
	span = service_ns * sim->scn.run.io_jitter / 100;
	return service_ns - span + rng_below(&sim->eng.var_rng[VAR_IO], 2 * span + 1);
}

static const struct cfg_key blk_jitter_run_keys[] = {
	{ .name = "io_jitter",
	  .type = CFG_UINT,
	  .off = offsetof(struct scn_run, io_jitter),
	  .min = 0,
	  .max = 90,
	  .def = "10",
	  .doc = "percent: each device request's service time is drawn uniformly within +-this of the device's figure (0: exact; off with jitter = off)" },
};
CFG_TABLE(blk_jitter_run_table, blk_jitter_run_keys);

/* SPDX-License-Identifier: MIT */
/*
 * reclaimsim.h - public API: build a simulation from a scenario, run it,
 * read its results.
 *
 *   struct scenario s;
 *   scenario_load(&s, "scenarios/anonfill-over-swap.ini", err, sizeof(err));
 *   struct sim *sim = sim_create(&s, err, sizeof(err));
 *   sim_run(sim);
 *   report_json(stdout, sim);
 *   sim_destroy(sim);
 */
#ifndef RECLAIMSIM_RECLAIMSIM_H
#define RECLAIMSIM_RECLAIMSIM_H

#include "../../src/sim/scenario.h"
#include "../../src/sim/sim.h"
#include "../../src/report/report.h"

/*
 * sim_create - build the machine, cgroups and workloads of @s.
 * Returns NULL with a message in @err on failure (bad layout, no memory).
 */
struct sim *sim_create(const struct scenario *s, char *err, size_t errlen);
/* sim_run - run until every workload ended or run.duration passed. */
void sim_run(struct sim *sim);
void sim_destroy(struct sim *sim);

#endif

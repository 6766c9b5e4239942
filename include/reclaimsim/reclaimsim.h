/* SPDX-License-Identifier: MIT */
/*
 * reclaimsim.h - public API: build a simulation from a scenario, run it,
 * read its results.
 *
 *   struct scenario s;
 *   scenario_load(&s, "scenarios/anonfill-over-swap.ini", err, sizeof(err));
 *   struct sim *sim = sim_create(&s, err, sizeof(err));
 *   if (sim_run(sim))
 *           fprintf(stderr, "%s: %s\n", s.path, sim_error(sim));
 *   else
 *           report_json(stdout, sim);
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
/*
 * sim_run - run until every workload ended or run.duration passed (virtual
 * time, ns).  Returns 0, or -1 when the run failed; sim_error() then says
 * why, and the counters describe the machine where the run stopped:
 *  - the virtual-time watchdog: the clock stayed at one instant for
 *    WATCHDOG_EVENTS (50,000,000; sim->watchdog_limit when not 0)
 *    consecutive events, a task looping without letting time pass.  The
 *    message gives the instant (ns) and names the tasks that are not dead,
 *    running ones first: pid, comm, state, and for a blocked task the wait
 *    queue it sleeps on and its timeout, at most 20 of them;
 *  - a task's coroutine stack could not be mapped (mmap failed);
 *  - the host ran out of memory for a block I/O request (bio).
 * Call it once per sim.
 */
int sim_run(struct sim *sim);
/*
 * sim_error - why sim_run() returned -1: one line, no trailing newline,
 * at most 1023 bytes; "" when it did not fail.
 */
const char *sim_error(const struct sim *sim);
void sim_destroy(struct sim *sim);

#endif

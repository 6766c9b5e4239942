/* SPDX-License-Identifier: MIT */
/*
 * reclaimsim.h - public API: build a simulation from a scenario, run it,
 * read its results.  The types are opaque: callers hold pointers and use
 * the functions below (the CLI, the tests and the benchmarks are in-tree
 * and may include src/ headers; nothing else needs to).
 *
 *   char err[512];
 *   struct scenario *s = scenario_new();
 *   if (scenario_load(s, "scenarios/anonfill-over-swap-seq.ini", err, sizeof(err)))
 *           ...;
 *   struct sim *sim = sim_create(s, err, sizeof(err));
 *   if (sim_run(sim))
 *           fprintf(stderr, "%s\n", sim_error(sim));
 *   else
 *           report_json(stdout, sim);
 *   sim_destroy(sim);
 *   scenario_free(s);
 */
#ifndef RECLAIMSIM_RECLAIMSIM_H
#define RECLAIMSIM_RECLAIMSIM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct scenario;
struct sim;

/* scenario_new - a scenario with the defaults (scenario_defaults); NULL when out of memory. */
struct scenario *scenario_new(void);
void scenario_free(struct scenario *s);
/*
 * scenario_load - parse the INI file @path into @s (which is reset to the
 * defaults first).  Returns 0, or -1 with "FILE:LINE: message" in @err.
 */
int scenario_load(struct scenario *s, const char *path, char *err, size_t errlen);
/* scenario_set - apply one "section.key=value" (--set).  Returns 0 or -1 with @err. */
int scenario_set(struct scenario *s, const char *assignment, char *err, size_t errlen);

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

/* Results: the virtual time the run reached (ns), the events it dispatched. */
uint64_t sim_now_ns(const struct sim *sim);
uint64_t sim_nr_events(const struct sim *sim);
/* The reports of `reclaimsim run` and `reclaimsim run --json`. */
void report_text(FILE *f, const struct sim *sim);
void report_json(FILE *f, const struct sim *sim);

#endif

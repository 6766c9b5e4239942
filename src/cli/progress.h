/* SPDX-License-Identifier: MIT */
/*
 * progress.h - what a long command tells the user while it runs, and how
 * it ends on Ctrl-C.
 *
 * On a terminal (stderr a tty, no --quiet), a run, compare or sweep that
 * lasts more than PROGRESS_DELAY_MS shows one line on stderr, rewritten in
 * place: the virtual time reached against run.duration, the host time and
 * the events per second of a run; the runs done of many.  It is erased
 * when the command ends.
 *
 * SIGINT and SIGTERM: the first sets a flag that the run polls at its next
 * step (sim_run() then returns with the run marked interrupted, and the
 * command writes its report and files as they are, exit 130); a second
 * ends the process at once (exit 130).
 */
#ifndef RECLAIMSIM_PROGRESS_H
#define RECLAIMSIM_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>

struct sim;

/* the line appears only after this much host time: short runs stay silent */
#define PROGRESS_DELAY_MS 1000
/* the exit status of an interrupted command, as a shell reports SIGINT */
#define PROGRESS_EXIT_INTERRUPTED 130

/* progress_start - catch SIGINT/SIGTERM; show the line when @show and stderr is a tty. */
void progress_start(bool show);
/* progress_interrupted - a SIGINT or SIGTERM came. */
bool progress_interrupted(void);
/*
 * progress_attach - poll @sim: the line of one run, and the interruption
 * (the engine's poll_hook).
 */
void progress_attach(struct sim *sim);
/* progress_runs - the line of many runs: @done of @total, @running now. */
void progress_runs(size_t done, size_t total, unsigned int running);
/* progress_steps - the line of a long step before any run: @done of @total @what. */
void progress_steps(const char *what, size_t done, size_t total);
/* progress_end - erase the line. */
void progress_end(void);

#endif

// SPDX-License-Identifier: MIT
/*
 * progress.c - the progress line and the interruption of long commands
 * (see progress.h).
 */
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "reclaimsim/reclaimsim.h"
#include "mm/sim.h"
#include "progress.h"

/* the line is rewritten at most this often */
#define PROGRESS_EVERY_MS 200

static volatile sig_atomic_t interrupted;
static bool show, shown;
static uint64_t start_ms, last_ms;

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* The first signal asks the run to stop at its next step, the second stops now. */
static void on_signal(int sig)
{
	static const char msg[] = "\nreclaimsim: interrupted again: stopping now\n";

	(void)sig;
	if (interrupted) {
		if (write(STDERR_FILENO, msg, sizeof(msg) - 1)) {
			/* nothing more to do if stderr is gone */
		}
		_exit(PROGRESS_EXIT_INTERRUPTED);
	}
	interrupted = 1;
}

void progress_start(bool want)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* no SA_RESTART: a parent sleeping between its children's ends wakes */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	show = want && isatty(STDERR_FILENO);
	start_ms = last_ms = now_ms();
}

bool progress_interrupted(void)
{
	return interrupted;
}

/* Time to (re)write the line: after the delay, at most every PROGRESS_EVERY_MS. */
static bool due(uint64_t *elapsed)
{
	uint64_t t = now_ms();

	*elapsed = t - start_ms;
	if (!show || *elapsed < PROGRESS_DELAY_MS || t - last_ms < PROGRESS_EVERY_MS)
		return false;
	last_ms = t;
	shown = true;
	return true;
}

static bool poll_run(struct sim *sim, void *arg)
{
	uint64_t ms;
	double secs, vt, end;

	(void)arg;
	if (due(&ms)) {
		secs = (double)ms / 1000;
		vt = (double)sim_now_ns(sim) / 1e9;
		end = (double)sim->scn.run.duration_ns / 1e9;
		fprintf(stderr,
			"\r\033[Kreclaimsim: virtual %.3f s of %.0f s (%.0f%%), host %.1f s, %.2f M events/s",
			vt, end, vt / end * 100, secs, (double)sim_nr_events(sim) / secs / 1e6);
		fflush(stderr);
	}
	return interrupted;
}

void progress_attach(struct sim *sim)
{
	sim->eng.poll_hook = poll_run;
	sim->eng.poll_arg = NULL;
}

void progress_runs(size_t done, size_t total, unsigned int running)
{
	uint64_t ms;

	if (!due(&ms))
		return;
	fprintf(stderr, "\r\033[Kreclaimsim: runs %zu of %zu done, %u running, host %.1f s", done,
		total, running, (double)ms / 1000);
	fflush(stderr);
}

void progress_steps(const char *what, size_t done, size_t total)
{
	uint64_t ms;

	if (!due(&ms))
		return;
	fprintf(stderr, "\r\033[Kreclaimsim: %zu of %zu %s, host %.1f s", done, total, what,
		(double)ms / 1000);
	fflush(stderr);
}

void progress_end(void)
{
	if (shown)
		fputs("\r\033[K", stderr);
	shown = false;
}

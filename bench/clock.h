/* SPDX-License-Identifier: MIT */
/*
 * clock.h - the two clocks every benchmark reads: wall time (CLOCK_MONOTONIC)
 * and the process's CPU time, which is what compares on a shared host.
 */
#ifndef BENCH_CLOCK_H
#define BENCH_CLOCK_H

#include <time.h>

static inline double clock_read_s(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* seconds of wall time since an arbitrary start */
static inline double now_s(void)
{
	return clock_read_s(CLOCK_MONOTONIC);
}

/* nanoseconds of wall time, for per-operation figures */
static inline double now_ns(void)
{
	return now_s() * 1e9;
}

/* seconds of CPU time this process has used */
static inline double cpu_s(void)
{
	return clock_read_s(CLOCK_PROCESS_CPUTIME_ID);
}

#endif

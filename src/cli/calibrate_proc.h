/* SPDX-License-Identifier: MIT */
/*
 * calibrate_proc.h - `reclaimsim calibrate`'s microbenchmarks of the /proc
 * and cgroup reads the oracle's programs make after each phase
 * (calibrate_proc.c says what each measures).  Each returns 0 and its
 * figure in ns, or -1 when the host refused.
 */
#ifndef RECLAIMSIM_CALIBRATE_PROC_H
#define RECLAIMSIM_CALIBRATE_PROC_H

#include <stddef.h>

/* The calling thread's CPU time, ns: being preempted by other work on a
 * shared host is not the benchmark's time (CLOCK_THREAD_CPUTIME_ID). */
double calib_thread_cpu_ns(void);
/* CPU time of reading /proc/self/smaps up to the end of a resident region of @bytes */
int calib_smaps_read_ns(size_t bytes, double *out);
/* CPU time of a phase line's other reads; *@group: the memcg files could be read */
int calib_phase_line_ns(double *out, int *group);

#endif

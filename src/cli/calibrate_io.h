/* SPDX-License-Identifier: MIT */
/*
 * calibrate_io.h - `reclaimsim calibrate`'s socket and file microbenchmarks
 * (calibrate_io.c says what each measures).  Each returns 0 and its figure
 * in ns, or -1 when the host refused (no loopback, no temporary directory).
 */
#ifndef RECLAIMSIM_CALIBRATE_IO_H
#define RECLAIMSIM_CALIBRATE_IO_H

#include <stddef.h>

/* one process's CPU time per 100-byte round trip over a unix socketpair */
int calib_unix_round_trip_ns(double *out);
/* both processes' CPU time per 100-byte request and @reply_bytes reply over TCP on lo */
int calib_tcp_round_trip_ns(size_t reply_bytes, double *out);
/* CPU time of write()s of @chunk bytes appended to a new file, per 4 KiB page */
int calib_pagecache_write_ns(size_t chunk, double *out);
/* create, write 4 KiB, read them, close and unlink a file: CPU time per operation */
int calib_small_file_op_ns(double *out);

#endif

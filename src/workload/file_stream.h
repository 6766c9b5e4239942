/* SPDX-License-Identifier: MIT */
/*
 * file_stream.h - the parameters of [workload] types file_write and
 * file_read (file_stream.c), in scn_workload.params.
 */
#ifndef RECLAIMSIM_FILE_STREAM_H
#define RECLAIMSIM_FILE_STREAM_H

#include "../sim/scenario.h"

struct file_stream_params {
	u64 size; /* bytes written, or the file's size */
	int size_origin; /* where size was given (scenario.h) */
	unsigned int count; /* file_read: passes over the file */
	u64 block; /* bytes per read()/write() call */
	bool hold; /* file_read then = hold: stay alive, its pages cached, until the run ends */
	u64 text, data; /* file_write: program_text, program_data (0: none) */
	bool text_evicted; /* file_write: program_text_start = evicted */
	u64 binary; /* file_write: program_binary (0: none) */
};

#endif

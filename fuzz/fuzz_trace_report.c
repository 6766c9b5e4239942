// SPDX-License-Identifier: MIT
/*
 * fuzz_trace_report.c - libFuzzer target: trace-report's parser of ftrace
 * text and its report (both modes), on any bytes.  A message or a
 * report, never a crash.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "report/trace_report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct trace_report *r = trace_report_new();
	FILE *in = size ? fmemopen((void *)data, size, "r") : NULL;
	FILE *out = fopen("/dev/null", "w");
	char err[256];

	if (r && in && out && !trace_report_parse(r, in, "fuzz.trace", err, sizeof(err))) {
		trace_report_print(out, r);
		trace_report_set_ignore_pid(r, true);
		trace_report_print(out, r);
	}
	if (in)
		fclose(in);
	if (out)
		fclose(out);
	trace_report_free(r);
	return 0;
}

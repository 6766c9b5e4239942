// SPDX-License-Identifier: MIT
/*
 * fuzz_grid.c - libFuzzer target: any bytes as a sweep grid file
 * (docs/sweep.md), read by `reclaimsim sweep GRID --print-commands`: the
 * grid reader (libinih), the value lists and ranges, each point's
 * scenario built and checked, no run.  A message or success, never a
 * crash.  The grid goes through a file, as the command reads it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli/sweep.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[64];
	char arg0[] = "sweep", arg2[] = "--print-commands";
	char *argv[] = { arg0, path, arg2, NULL };
	FILE *f;

	if (!path[0]) {
		snprintf(path, sizeof(path), "/tmp/fuzz-grid-%d.ini", (int)getpid());
		/* the commands printed are not what is tested */
		if (!freopen("/dev/null", "w", stdout))
			return 0;
	}
	f = fopen(path, "w");
	if (!f)
		return 0;
	fwrite(data, 1, size, f);
	fclose(f);
	sweep_main(3, argv, "fuzz");
	return 0;
}

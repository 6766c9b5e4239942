// SPDX-License-Identifier: MIT
/*
 * fuzz_set.c - libFuzzer target: --set assignments ("section.key=value",
 * one a line) applied in order to a scenario with named workloads and
 * cgroups, then the cross-checks.  A message or success, never a crash.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config/reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A scenario with a section of each kind --set addresses by name. */
static const char base[] = "[machine]\nmemory = 64M\nswap = 32M\n"
			   "[cgroup box]\nlimit = 32M\n"
			   "[workload fill]\ntype = anon_fill\nsize = 8M\ncgroup = box\n"
			   "[workload read]\ntype = file_read\nsize = 4M\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct scenario *s = malloc(sizeof(*s));
	char *text = malloc(size + 1);
	char err[SCN_ERR_LEN];

	if (s && text && !scenario_load_string(s, "fuzz.ini", base, err, sizeof(err))) {
		char *line = text, *nl;

		memcpy(text, data, size);
		text[size] = '\0';
		for (; line; line = nl) {
			nl = strchr(line, '\n');
			if (nl)
				*nl++ = '\0';
			if (scenario_set(s, line, err, sizeof(err)))
				break;
		}
		scenario_validate(s, err, sizeof(err));
	}
	free(text);
	free(s);
	return 0;
}

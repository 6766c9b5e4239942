// SPDX-License-Identifier: MIT
/*
 * fuzz_scenario.c - libFuzzer target: the scenario reader (INI text,
 * libinih, every section's key tables) and the cross-checks, on any
 * bytes.  A message or success, never a crash, a sanitizer report or a
 * leak.  `make fuzz` builds and runs it (fuzz/README.md).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config/reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct scenario *s = malloc(sizeof(*s));
	char *text = malloc(size + 1);
	char err[SCN_ERR_LEN];

	if (s && text) {
		memcpy(text, data, size);
		text[size] = '\0';
		if (!scenario_load_string(s, "fuzz.ini", text, err, sizeof(err)))
			scenario_validate(s, err, sizeof(err));
	}
	free(text);
	free(s);
	return 0;
}

// SPDX-License-Identifier: MIT
/*
 * options.c - shared command-line parsing pieces (see options.h).
 */
#include <stdio.h>
#include <string.h>

#include "options.h"

void opt_split(const char *a, char *name, size_t len, const char **inline_val)
{
	const char *eq = !strncmp(a, "--", 2) ? strchr(a, '=') : NULL;

	*inline_val = NULL;
	if (eq && (size_t)(eq - a) < len) {
		snprintf(name, len, "%.*s", (int)(eq - a), a);
		*inline_val = eq + 1;
	} else {
		snprintf(name, len, "%s", eq ? "--?" : a);
	}
}

int opt_no_value(const char *name, const char *a, const char *inline_val)
{
	if (!inline_val)
		return 0;
	fprintf(stderr, "reclaimsim: %s takes no value ('%s')\n", name, a);
	return -1;
}

int opt_value(int argc, char **argv, int *i, const char *a, const char *inline_val,
	      const char **val)
{
	if (inline_val) {
		*val = inline_val;
		return 0;
	}
	if (*i + 1 >= argc) {
		fprintf(stderr, "reclaimsim: %s needs a value\n", a);
		return -1;
	}
	*val = argv[++*i];
	return 0;
}

int opt_scenario(const char *a, const char **scenario)
{
	if (*scenario) {
		fprintf(stderr, "reclaimsim: more than one scenario ('%s', '%s')\n", *scenario, a);
		return -1;
	}
	*scenario = a;
	return 0;
}

// SPDX-License-Identifier: MIT
/*
 * profile.c - `reclaimsim profile`: see profile.h.
 */
#include "profile.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "reclaimsim/reclaimsim.h"
#include "mm/sim.h"
#include "config/reader.h"
#include "report/report.h"

static void profile_usage(FILE *f)
{
	fputs("usage: reclaimsim profile [NAME] [--markdown]\n\n"
	      "Print the kernel profile NAME of [policy] kernel = NAME as the [policy]\n"
	      "lines it applies (a key given in the scenario or by --set overrides its\n"
	      "line, before or after it); without NAME, the profile names.\n\n"
	      "options:\n"
	      "  --markdown               every profile as one table, profiles as columns\n"
	      "                           and keys as rows (docs/model.md)\n"
	      "  -h, --help               this help\n"
	      "      --version            print the version\n"
	      "See docs/scenarios.md for the keys.\n",
	      f);
}

/* The value of @key in a profile's @lines ("key = value"), "" if none. */
static void line_value(const char *const *lines, const char *key, char *buf, size_t len)
{
	size_t n = strlen(key);

	buf[0] = '\0';
	for (; *lines; lines++) {
		const char *p = *lines;

		if (strncmp(p, key, n) || (p[n] != ' ' && p[n] != '='))
			continue;
		p = strchr(p, '=') + 1;
		while (*p == ' ')
			p++;
		snprintf(buf, len, "%s", p);
		return;
	}
}

/* The key of a "key = value" line into @buf. */
static void line_key(const char *line, char *buf, size_t len)
{
	size_t n = strcspn(line, " =");

	snprintf(buf, len, "%.*s", (int)n, line);
}

/* Profiles as columns, the first profile's keys as rows. */
static void print_markdown(void)
{
	const char *const *rows = scenario_profile(scenario_profile_name(0));
	unsigned int i;

	printf("| key |");
	for (i = 0; scenario_profile_name(i); i++)
		printf(" %s |", scenario_profile_name(i));
	printf("\n|---|");
	for (i = 0; scenario_profile_name(i); i++)
		printf("---|");
	printf("\n");
	for (; *rows; rows++) {
		char key[64], val[64];

		line_key(*rows, key, sizeof(key));
		printf("| %s |", key);
		for (i = 0; scenario_profile_name(i); i++) {
			line_value(scenario_profile(scenario_profile_name(i)), key, val,
				   sizeof(val));
			printf(" %s |", val);
		}
		printf("\n");
	}
}

int profile_main(int argc, char **argv, const char *version)
{
	const char *name = NULL;
	bool markdown = false;
	const char *const *lines;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			profile_usage(stdout);
			return 0;
		} else if (!strcmp(a, "--version")) {
			printf("reclaimsim %s\n", version);
			return 0;
		} else if (!strcmp(a, "--markdown")) {
			markdown = true;
		} else if (a[0] == '-') {
			fprintf(stderr,
				"reclaimsim: unknown option '%s' (see reclaimsim profile --help)\n",
				a);
			return 2;
		} else if (name) {
			fprintf(stderr, "reclaimsim: profile: more than one NAME ('%s' and '%s')\n",
				name, a);
			return 2;
		} else {
			name = a;
		}
	}
	if (markdown && name) {
		fprintf(stderr, "reclaimsim: profile: --markdown prints every profile, not %s\n",
			name);
		return 2;
	}
	if (markdown) {
		print_markdown();
		return 0;
	}
	if (!name) {
		for (unsigned int i = 0; scenario_profile_name(i); i++)
			printf("%s\n", scenario_profile_name(i));
		return 0;
	}
	lines = scenario_profile(name);
	if (!lines) {
		fprintf(stderr, "reclaimsim: profile: unknown kernel profile '%s' (known:", name);
		for (unsigned int i = 0; scenario_profile_name(i); i++)
			fprintf(stderr, "%s %s", i ? "," : "", scenario_profile_name(i));
		fprintf(stderr, ")\n");
		return 1;
	}
	for (; *lines; lines++)
		printf("%s\n", *lines);
	return 0;
}

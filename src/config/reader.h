/* SPDX-License-Identifier: MIT */
/*
 * reader.h - the scenario reader: a scenario file (INI, read with
 * libinih), the --set overrides and the kernel profiles into struct
 * scenario (src/sim/scenario.h, plain data), through the key tables each
 * subsystem declares in its header; then the cross-checks, each
 * subsystem's own.
 */
#ifndef RECLAIMSIM_CONFIG_READER_H
#define RECLAIMSIM_CONFIG_READER_H

#include <stddef.h>
#include <stdio.h>

#include "../sim/scenario.h"

/*
 * scenario_defaults - fill @s with the modern kernel's defaults and an
 * 8-CPU, 8 GiB x86-64 machine without workloads.
 */
void scenario_defaults(struct scenario *s);

/*
 * scenario_load - parse the INI file @path into @s (which is reset to the
 * defaults first).  Returns 0, or -1 with "FILE:LINE: message" in @err.
 */
int scenario_load(struct scenario *s, const char *path, char *err, size_t errlen);

/*
 * scenario_read_text - the whole of the text file @path (a @what: "scenario",
 * "grid") into *@text, NUL-terminated, to free(): at most 1 MiB, no NUL
 * byte, a directory or unreadable file an error.  0, or -1 with
 * "PATH: what is wrong" in @err.
 */
int scenario_read_text(const char *path, const char *what, char **text, char *err, size_t errlen);

/*
 * scenario_load_string - as scenario_load, from memory; @name is used as
 * the file name in messages.
 */
int scenario_load_string(struct scenario *s, const char *name, const char *text, char *err,
			 size_t errlen);

/*
 * scenario_set - apply one "section.key=value" override (command line
 * --set).  A named section is addressed as workload.NAME.key or
 * cgroup.NAME.key.  Returns 0, or -1 with a message naming the key.
 */
int scenario_set(struct scenario *s, const char *assignment, char *err, size_t errlen);

/*
 * scenario_validate - the cross-checks after all overrides, each
 * subsystem's own (mm_check_machine, mm_check_min_free_kbytes,
 * memcg_check_cgroups, workloads_check): sizes fit the machine, cgroup
 * parents exist, workloads name existing cgroups.  0, or -1 with
 * "FILE:LINE: [section] key: ..." in @err.
 */
int scenario_validate(const struct scenario *s, char *err, size_t errlen);

struct host_allowance;
/*
 * scenario_validate_within - scenario_validate with the host's memory
 * bound read before (host_allowance(), config/host.h), as a sweep
 * checks its points: the host once, not once a point.
 */
int scenario_validate_within(const struct scenario *s, const struct host_allowance *allow,
			     char *err, size_t errlen);

/*
 * Kernel profiles ([policy] kernel = NAME): scenario_profile_name(i) for
 * i = 0.. until NULL; scenario_profile(NAME) is the profile's "key = value"
 * lines of [policy], NULL-terminated, or NULL for an unknown name.
 */
const char *scenario_profile_name(unsigned int i);
const char *const *scenario_profile(const char *name);
/*
 * scenario_profile_changes - profile @name as profiles.c writes it: the
 * name of its parent profile in @parent (NULL for the base, whose lines
 * name every key) and the "key = value" lines that change the parent's,
 * NULL-terminated; scenario_profile() is the parent's effective lines
 * with these in place.  NULL (and @parent untouched) for an unknown name.
 */
const char *const *scenario_profile_changes(const char *name, const char **parent);
int scenario_profile_overrides(const struct scenario *s, char *buf, size_t len);
/* [policy] kernel, the key that applies a profile (profiles.c) */
struct cfg_table;
extern const struct cfg_table profile_policy_table;

/*
 * scenario_print_keys - the key reference, every section's keys from the
 * tables beside the code they configure, as markdown (`reclaimsim keys`,
 * the reference in docs/scenarios.md).
 */
void scenario_print_keys(FILE *f);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * profile.h - `reclaimsim profile`: the kernel profiles of [policy]
 * kernel = NAME (src/config/profiles.c) as the key = value lines they apply.
 *
 *   reclaimsim profile               the profile names, one a line
 *   reclaimsim profile NAME          NAME's [policy] lines
 *   reclaimsim profile --markdown    every profile as one table (profiles
 *                                    as columns, keys as rows), the one in
 *                                    docs/model.md
 */
#ifndef RECLAIMSIM_PROFILE_H
#define RECLAIMSIM_PROFILE_H

/*
 * profile_main - the command: @argv[0] is "profile", the options follow.
 * @version is printed by --version.  Returns the exit status: 0 done,
 * 1 unknown profile, 2 bad usage.
 */
int profile_main(int argc, char **argv, const char *version);

#endif

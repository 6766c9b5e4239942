/* SPDX-License-Identifier: MIT */
/*
 * calibrate.h - `reclaimsim calibrate`: microbenchmarks of the host's CPU,
 * printed as a [cost] section (calibrate.c says what each measures).
 */
#ifndef RECLAIMSIM_CALIBRATE_H
#define RECLAIMSIM_CALIBRATE_H

/* argv[0] is "calibrate"; returns the exit status. */
int calibrate_main(int argc, char **argv, const char *version);

#endif

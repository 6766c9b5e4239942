/* SPDX-License-Identifier: MIT */
/*
 * oracle.h - `reclaimsim oracle`: run every oracle configuration (the
 * real-kernel measurements in data/oracle/) in the simulator and print the
 * kernel's counters beside the simulated ones with their ratio.
 */
#ifndef RECLAIMSIM_ORACLE_H
#define RECLAIMSIM_ORACLE_H

int oracle_main(int argc, char **argv);

#endif

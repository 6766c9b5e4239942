/* SPDX-License-Identifier: MIT */
/*
 * host.h - moved to src/config/host.h: the scenario parser reads the host
 * when it meets [machine] from = host.  This header stays for the CLI and
 * the tests that include "cli/host.h".
 */
#ifndef RECLAIMSIM_CLI_HOST_H
#define RECLAIMSIM_CLI_HOST_H

#include "../config/host.h"

#endif

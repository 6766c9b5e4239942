/* SPDX-License-Identifier: MIT */
/*
 * default_scenario.h - the scenario `reclaimsim run` runs when no file is
 * given (also `make run`).
 */
#ifndef RECLAIMSIM_DEFAULT_SCENARIO_H
#define RECLAIMSIM_DEFAULT_SCENARIO_H

/*
 * default_scenario_text - the built-in scenario as INI text, for
 * scenario_load_string().  A static string: never freed, never changes.
 */
const char *default_scenario_text(void);

#endif

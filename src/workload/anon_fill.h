/* SPDX-License-Identifier: MIT */
/*
 * anon_fill.h - the parameters of [workload] type anon_fill (anon_fill.c),
 * in scn_workload.params.
 */
#ifndef RECLAIMSIM_ANON_FILL_H
#define RECLAIMSIM_ANON_FILL_H

#include "../sim/scenario.h"

struct anon_fill_params {
	u64 size; /* bytes */
	int size_origin; /* where size was given (scenario.h) */
	unsigned int passes; /* re-touch passes after the fill */
	bool random; /* pattern = rand */
	bool hotcold; /* pattern = hotcold */
	unsigned int hot_pct; /* hotcold: % of the pages in the hot set, 1..99 */
	unsigned int hot_share; /* hotcold: % of the visits to the hot set, 0..100 */
	bool touch_write; /* touch = write or read_write */
	bool touch_read_first; /* touch = read_write: a load, then a store */
	bool phase_lines; /* the oracle program's phase lines (their CPU) */
	bool hold; /* then = hold: keep the memory, untouched, until the run ends */
	int oom_score_adj; /* /proc/PID/oom_score_adj of its tasks, -1000..1000 */
	u64 text; /* program_text: bytes of its text (wl_text_map), 0: none */
	bool text_evicted; /* program_text_start = evicted */
	u64 binary; /* program_binary: bytes of the binary's own text, 0: none */
	u64 data; /* program_data: bytes of its own data (wl_program_map), 0: none */
};

#endif

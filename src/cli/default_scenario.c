// SPDX-License-Identifier: MIT
/*
 * default_scenario.c - the built-in scenario: a small machine where both
 * kinds of reclaim happen within seconds of virtual time.  An anonymous
 * working set 1.5 times its cgroup's limit must swap (memcg limit
 * reclaim), while a streaming reader in the root cgroup fills the rest of
 * RAM with page cache (global reclaim, kswapd).
 */
#include "default_scenario.h"

static const char default_scenario[] =
	"; reclaimsim built-in scenario (reclaimsim run with no file)\n"
	"[machine]\n"
	"cpus = 2\n"
	"memory = 1G\n"
	"swap = 512M\n"
	"swap_device = ssd\n"
	"\n"
	"[cgroup box]\n"
	"cgroup = v1\n"
	"limit = 256M\n"
	"\n"
	"; 384 MiB of anonymous memory in a 256 MiB cgroup: a third must swap\n"
	"[workload fill]\n"
	"type = anon_fill\n"
	"cgroup = box\n"
	"size = 384M\n"
	"passes = 2\n"
	"pattern = seq\n"
	"touch = write\n"
	"\n"
	"; one pass over a file bigger than RAM, outside any limit\n"
	"[workload stream]\n"
	"type = file_read\n"
	"cgroup = /\n"
	"size = 768M\n"
	"count = 1\n"
	"\n"
	"[run]\n"
	"seed = 1\n"
	"duration = 120s\n";

const char *default_scenario_text(void)
{
	return default_scenario;
}

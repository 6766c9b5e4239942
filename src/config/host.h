/* SPDX-License-Identifier: MIT */
/*
 * host.h - read the machine from the running host ([machine] from = host,
 * read by the scenario parser at the moment it meets that key):
 * zones from /proc/zoneinfo, vm sysctls from /proc/sys/vm, CPU count and
 * the THP mode.  Also the /proc/zoneinfo parser that tests use to compare
 * the model's watermarks with real kernel dumps.
 */
#ifndef RECLAIMSIM_HOST_H
#define RECLAIMSIM_HOST_H

#include <stdbool.h>
#include <stddef.h>

#include "../sim/scenario.h"

#define ZONEINFO_MAX_PROTECTION 8

/* Which fields of a zoneinfo_row were printed (zoneinfo_row.seen). */
enum zoneinfo_field {
	ZI_FREE = 1 << 0, /* "pages free N" */
	ZI_BOOST = 1 << 1,
	ZI_MIN = 1 << 2,
	ZI_LOW = 1 << 3,
	ZI_HIGH = 1 << 4,
	ZI_PROMO = 1 << 5, /* v6.1+ */
	ZI_SPANNED = 1 << 6,
	ZI_PRESENT = 1 << 7,
	ZI_MANAGED = 1 << 8,
	ZI_PROTECTION = 1 << 9,
};

/* One "Node N, zone NAME" block of /proc/zoneinfo; counts are pages. */
struct zoneinfo_row {
	int node;
	char zone[16]; /* as printed: "DMA", "DMA32", "Normal", ... */
	int line; /* 1-based line of the "Node" header */
	unsigned int seen; /* ZI_* of the fields printed */
	u64 free;
	u64 boost;
	u64 min, low, high, promo; /* as printed: _watermark + boost */
	u64 spanned, present, managed;
	long protection[ZONEINFO_MAX_PROTECTION]; /* lowmem_reserve[] */
	int nr_protection;
};

/*
 * zoneinfo_parse - parse the text of /proc/zoneinfo into @rows, in the
 * order printed.  Lines other than the zone header, "pages free", the
 * watermark, size and protection lines are skipped.  Returns the number
 * of rows, or -LINE (1-based) for the first line that is malformed or
 * would be row @max_rows + 1.
 */
int zoneinfo_parse(const char *text, struct zoneinfo_row *rows, int max_rows);

/*
 * host_read_machine - fill @s->machine and @s->sysctl from @proc_root
 * ("/proc" for the running host; tests pass a fixture directory):
 *   <proc_root>/zoneinfo                nodes, zones (pages = managed,
 *                                       present, spanned), memory = total
 *                                       managed bytes
 *   <proc_root>/sys/vm/<name>            min_free_kbytes (as set, never
 *                                       "auto"), watermark_scale_factor,
 *                                       watermark_boost_factor, swappiness,
 *                                       dirty_ratio, dirty_background_ratio,
 *                                       dirty_expire_centisecs,
 *                                       dirty_writeback_centisecs,
 *                                       page-cluster, lowmem_reserve_ratio
 *   CPUs                                sysconf() for "/proc", else the
 *                                       file <proc_root>/cpus, else 1
 *   page size                           sysconf() for "/proc", else the
 *                                       file <proc_root>/page_size, else 4096
 *   <proc_root>/../sys/kernel/mm/transparent_hugepage/enabled
 *                                       THP on unless [never] (if present)
 * min_free_kbytes and lowmem_reserve_ratio must exist; the other sysctls
 * keep their current value in @s when their file is absent (old kernels).
 * Nodes whose zones differ are averaged per zone type (the scenario model
 * has one zone list for all nodes); identical nodes are exact.
 * Returns 0, or -1 with "FILE:LINE: message" or "FILE: message" in @err.
 */
int host_read_machine(struct scenario *s, const char *proc_root, char *err, size_t errlen);

/*
 * host_page_size - the page size host_read_machine() would give for
 * @proc_root (sysconf() for "/proc", else <proc_root>/page_size, else
 * 4096), without reading anything else.
 */
unsigned int host_page_size(const char *proc_root);

/*
 * Where [machine] from = host (and --machine host) read the host: "/proc".
 * Tests point it at a fixture directory to get a known machine.
 */
extern const char *host_proc_root;

/*
 * The host memory a run would take (host.c measures each figure), by part,
 * and the key whose part is the largest ("[machine] memory", "[workload w]
 * size", ...) with where it was given.
 */
struct host_estimate {
	u64 total;
	u64 frames, swap, mapped, tasks, memcgs, samples;
	u64 largest;
	char key[SCN_PATH_LEN + 32];
	int origin, line;
};

void host_estimate(const struct scenario *s, struct host_estimate *e);

/*
 * host_check_memory - refuse a scenario whose estimate is above
 * host_memory_limit, or when that is 0 above the smaller of 4G and the
 * host's available memory (MemAvailable, the address-space rlimits):
 * "FILE:LINE: KEY: the run would take an estimated ...".  Before booting,
 * so that memory = 1T fails at once instead of after minutes of paging.
 */
int host_check_memory(const struct scenario *s, char *err, size_t errlen);

/*
 * The bound of host_check_memory and the words that explain it, read
 * from the host once (/proc/meminfo, the rlimits): a sweep checks each
 * of its points against the one it read before them.
 */
struct host_allowance {
	u64 limit;
	char why[192];
};

void host_allowance(struct host_allowance *a);
/* host_check_memory against @a, read before. */
int host_check_allowance(const struct scenario *s, const struct host_allowance *a, char *err,
			 size_t errlen);

/* --max-host-memory: the estimate's bound in bytes (0: the default). */
extern u64 host_memory_limit;

#endif

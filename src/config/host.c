// SPDX-License-Identifier: MIT
/*
 * host.c - the machine of the running host: /proc/zoneinfo (format of
 * v6.12 mm/vmstat.c zoneinfo_show_print()), /proc/sys/vm, CPUs, THP.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "host.h"
#include "../sim/util.h"
#include "../mm/page_alloc.h"
#include "../mm/sim.h"
#include "../sim/config.h"
#include "../workload/workload.h"

#define HOST_MAX_ROWS (64 * 8)
#define HOST_MAX_FILE (16 << 20) /* zoneinfo of a big NUMA box is ~1 MB */

/* ---------------------------------------------------------------------
 * /proc/zoneinfo
 */

/* A whole decimal number and nothing else. */
static bool parse_u64(const char *str, u64 *val)
{
	char *end;
	unsigned long long v;

	if (*str < '0' || *str > '9')
		return false;
	errno = 0;
	v = strtoull(str, &end, 10);
	if (errno || *end)
		return false;
	*val = v;
	return true;
}

/* "protection: (0, 3018, 5706, 5706, 5706)" */
static bool parse_protection(const char *line, struct zoneinfo_row *row)
{
	const char *p = strchr(line, '(');
	char *end;

	if (!p)
		return false;
	p++;
	row->nr_protection = 0;
	for (;;) {
		long v;

		while (*p == ' ')
			p++;
		if (*p == ')')
			return true;
		if (row->nr_protection == ZONEINFO_MAX_PROTECTION || *p < '0' || *p > '9')
			return false;
		errno = 0;
		v = strtol(p, &end, 10);
		if (errno)
			return false;
		row->protection[row->nr_protection++] = v;
		p = end;
		while (*p == ' ')
			p++;
		if (*p == ',')
			p++;
		else if (*p != ')')
			return false;
	}
}

static const struct {
	const char *name;
	unsigned int bit;
	size_t offset;
} zoneinfo_fields[] = {
	{ "boost", ZI_BOOST, offsetof(struct zoneinfo_row, boost) },
	{ "min", ZI_MIN, offsetof(struct zoneinfo_row, min) },
	{ "low", ZI_LOW, offsetof(struct zoneinfo_row, low) },
	{ "high", ZI_HIGH, offsetof(struct zoneinfo_row, high) },
	{ "promo", ZI_PROMO, offsetof(struct zoneinfo_row, promo) },
	{ "spanned", ZI_SPANNED, offsetof(struct zoneinfo_row, spanned) },
	{ "present", ZI_PRESENT, offsetof(struct zoneinfo_row, present) },
	{ "managed", ZI_MANAGED, offsetof(struct zoneinfo_row, managed) },
};

/*
 * One line of zoneinfo into @row (NULL before the first zone header).
 * Returns 0 (used or skipped) or -1 with a message.
 */
static int zoneinfo_field(const char *line, struct zoneinfo_row *row, char *msg, size_t len)
{
	char a[32], b[32], c[32];
	int n = sscanf(line, " %31s %31s %31s", a, b, c);
	unsigned int i;
	u64 *dst = NULL;
	const char *num = NULL;
	unsigned int bit = 0;

	if (n < 1)
		return 0;
	if (n >= 2 && !strcmp(a, "pages") && !strcmp(b, "free")) {
		if (n < 3) {
			snprintf(msg, len, "'pages free' without a count");
			return -1;
		}
		bit = ZI_FREE;
		num = c;
		dst = row ? &row->free : NULL;
	} else if (!strcmp(a, "protection:")) {
		bit = ZI_PROTECTION;
	} else {
		for (i = 0; i < sizeof(zoneinfo_fields) / sizeof(zoneinfo_fields[0]); i++) {
			if (strcmp(a, zoneinfo_fields[i].name))
				continue;
			if (n != 2) {
				snprintf(msg, len, "'%s' must be followed by one count", a);
				return -1;
			}
			bit = zoneinfo_fields[i].bit;
			num = b;
			dst = row ? (u64 *)((char *)row + zoneinfo_fields[i].offset) : NULL;
			break;
		}
	}
	if (!bit)
		return 0;
	if (!row) {
		snprintf(msg, len, "'%s' before the first 'Node N, zone NAME' line", a);
		return -1;
	}
	if (bit == ZI_PROTECTION) {
		if (!parse_protection(line, row)) {
			snprintf(msg, len, "malformed protection list");
			return -1;
		}
	} else if (!parse_u64(num, dst)) {
		snprintf(msg, len, "'%s' is not a page count", num);
		return -1;
	}
	row->seen |= bit;
	return 0;
}

/*
 * The parser behind zoneinfo_parse(): on error, *err_line is the 1-based
 * line and @msg says what is wrong.
 */
static int zoneinfo_parse_msg(const char *text, struct zoneinfo_row *rows, int max_rows,
			      int *err_line, char *msg, size_t len)
{
	struct zoneinfo_row *row = NULL;
	const char *p = text;
	char line[512];
	int nr = 0, lineno = 0;

	while (*p) {
		const char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) : strlen(p);

		lineno++;
		if (n >= sizeof(line))
			n = sizeof(line) - 1; /* long lines are never ours */
		memcpy(line, p, n);
		line[n] = '\0';
		p = eol ? eol + 1 : p + strlen(p);

		if (!strncmp(line, "Node ", 5)) {
			int node;
			char name[16];

			if (sscanf(line, "Node %d, zone %15s", &node, name) != 2 || node < 0) {
				snprintf(msg, len, "malformed zone header '%.64s'", line);
				goto fail;
			}
			if (nr == max_rows) {
				snprintf(msg, len, "more than %d zones", max_rows);
				goto fail;
			}
			row = &rows[nr++];
			memset(row, 0, sizeof(*row));
			row->node = node;
			snprintf(row->zone, sizeof(row->zone), "%s", name);
			row->line = lineno;
			continue;
		}
		if (zoneinfo_field(line, row, msg, len))
			goto fail;
	}
	return nr;
fail:
	*err_line = lineno;
	return -1;
}

int zoneinfo_parse(const char *text, struct zoneinfo_row *rows, int max_rows)
{
	char msg[128];
	int line = 0;
	int nr = zoneinfo_parse_msg(text, rows, max_rows, &line, msg, sizeof(msg));

	return nr < 0 ? -line : nr;
}

/* ---------------------------------------------------------------------
 * Files
 */

/* Read a whole file; NULL with errno set (ENOENT: absent). */
static char *read_host_file(const char *path)
{
	return read_file(path, HOST_MAX_FILE, NULL, NULL, 0);
}

/*
 * Read one integer from @path into @val.  Returns 1 if read, 0 if the
 * file is absent and !@required, -1 with a message otherwise.
 */
static int read_long(const char *path, long *val, bool required, char *err, size_t errlen)
{
	char *text = read_host_file(path);
	char *end;
	long v;

	if (!text) {
		if (errno == ENOENT && !required)
			return 0;
		snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
		return -1;
	}
	errno = 0;
	v = strtol(text, &end, 10);
	while (*end == ' ' || *end == '\t' || *end == '\n')
		end++;
	if (errno || end == text || *end) {
		snprintf(err, errlen, "%s:1: expected one integer", path);
		free(text);
		return -1;
	}
	free(text);
	*val = v;
	return 1;
}

/* As read_long, for a non-negative value that fits an unsigned int. */
static int read_uint(const char *path, unsigned int *val, bool required, char *err, size_t errlen)
{
	long v;
	int r = read_long(path, &v, required, err, errlen);

	if (r <= 0)
		return r;
	if (v < 0 || v > (long)UINT_MAX) {
		snprintf(err, errlen, "%s:1: %ld is out of range", path, v);
		return -1;
	}
	*val = (unsigned int)v;
	return 1;
}

/* ---------------------------------------------------------------------
 * The machine
 */

static int zone_type_of(const char *name)
{
	int z;

	for (z = 0; z < MAX_NR_ZONES; z++)
		if (!strcmp(name, zone_names[z]))
			return z;
	return -1;
}

/*
 * Zones of @rows into s->machine: nodes are the distinct node ids; the
 * zone list holds every zone type any node has pages or a span in, with
 * the per-node average (exact when the nodes agree).
 */
static int fill_zones(struct scenario *s, const char *path, const struct zoneinfo_row *rows, int nr,
		      unsigned int page_size, char *err, size_t errlen)
{
	u64 managed[MAX_NR_ZONES] = { 0 }, present[MAX_NR_ZONES] = { 0 };
	u64 spanned[MAX_NR_ZONES] = { 0 }, total = 0;
	bool node_seen[64] = { false };
	unsigned int nodes = 0, z;
	const unsigned int need = ZI_MANAGED | ZI_PRESENT | ZI_SPANNED;
	int i;

	for (i = 0; i < nr; i++) {
		const struct zoneinfo_row *r = &rows[i];
		int t = zone_type_of(r->zone);

		if (t < 0 || !(arch_zones(SCN_ARCH_X86_64) & ZONE_BIT(t))) {
			snprintf(err, errlen, "%s:%d: zone %s is not modelled (x86-64 zones only)",
				 path, r->line, r->zone);
			return -1;
		}
		if ((r->seen & need) != need) {
			snprintf(err, errlen, "%s:%d: zone %s lacks spanned/present/managed", path,
				 r->line, r->zone);
			return -1;
		}
		if (r->node >= 64) {
			snprintf(err, errlen, "%s:%d: node %d: at most 64 nodes", path, r->line,
				 r->node);
			return -1;
		}
		if (!node_seen[r->node]) {
			node_seen[r->node] = true;
			nodes++;
		}
		managed[t] += r->managed;
		present[t] += r->present;
		spanned[t] += r->spanned;
		total += r->managed;
	}
	if (!nodes || !total) {
		snprintf(err, errlen, "%s: no zone with managed pages", path);
		return -1;
	}

	s->machine.nodes = nodes;
	s->machine.nr_zones = 0;
	memset(s->machine.zones, 0, sizeof(s->machine.zones));
	for (z = 0; z < MAX_NR_ZONES; z++) {
		struct scn_zone *sz;

		if (!managed[z] && !present[z] && !spanned[z])
			continue;
		sz = &s->machine.zones[s->machine.nr_zones++];
		sz->type = z;
		sz->pages = managed[z] / nodes;
		sz->present = present[z] / nodes;
		sz->spanned = spanned[z] / nodes;
	}
	s->machine.memory = total * page_size;
	return 0;
}

/*
 * lowmem_reserve_ratio has one entry per zone of the kernel, in zone
 * order, as zoneinfo lists node 0's zones: map by those names to their
 * places among the arch's zones (lowmem_reserve_ratio_of()).
 */
static int read_ratios(struct scenario *s, const char *path, const struct zoneinfo_row *rows,
		       int nr, char *err, size_t errlen)
{
	char *text = read_host_file(path), *p, *end;
	unsigned int ratio[MAX_NR_ZONES] = { 0 };
	int n = 0, i, pos, nr_ratio = 0;

	if (!text) {
		snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
		return -1;
	}
	for (p = text;; p = end) {
		long v;

		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (!*p)
			break;
		errno = 0;
		v = strtol(p, &end, 10);
		if (errno || end == p || v < 0 || v > (long)UINT_MAX || n >= nr ||
		    n >= SCN_MAX_ARCH_ZONES || rows[n].node != rows[0].node) {
			snprintf(err, errlen, "%s:1: expected one ratio per zone of node %d", path,
				 rows[0].node);
			free(text);
			return -1;
		}
		i = zone_type_of(rows[n].zone);
		if (i < 0) /* fill_zones() refused it already */
			break;
		/* its place among the arch's zones (lowmem_reserve_ratio_of) */
		pos = __builtin_popcount(arch_zones(s->machine.arch) & (ZONE_BIT(i) - 1));
		ratio[pos] = (unsigned int)v;
		nr_ratio = pos + 1 > nr_ratio ? pos + 1 : nr_ratio;
		n++;
	}
	free(text);
	if (!n || (n < nr && rows[n].node == rows[0].node)) {
		snprintf(err, errlen, "%s:1: expected one ratio per zone of node %d", path,
			 rows[0].node);
		return -1;
	}
	memcpy(s->sysctl.lowmem_reserve_ratio, ratio, sizeof(ratio));
	s->sysctl.nr_lowmem_reserve_ratio = (unsigned int)nr_ratio;
	return 0;
}

static int read_sysctls(struct scenario *s, const char *proc_root, const struct zoneinfo_row *rows,
			int nr, char *err, size_t errlen)
{
	struct scn_sysctl *sc = &s->sysctl;
	char path[PATH_MAX];
	unsigned int v;
	long mfk;

#define VM(name) (snprintf(path, sizeof(path), "%s/sys/vm/%s", proc_root, name), path)
	if (read_long(VM("min_free_kbytes"), &mfk, true, err, errlen) < 0)
		return -1;
	if (mfk < 0) {
		snprintf(err, errlen, "%s:1: negative", path);
		return -1;
	}
	sc->min_free_kbytes = mfk;
	if (read_uint(VM("watermark_scale_factor"), &sc->watermark_scale_factor, false, err,
		      errlen) < 0 ||
	    read_uint(VM("watermark_boost_factor"), &sc->watermark_boost_factor, false, err,
		      errlen) < 0 ||
	    read_uint(VM("swappiness"), &sc->swappiness, false, err, errlen) < 0 ||
	    read_uint(VM("dirty_ratio"), &sc->dirty_ratio, false, err, errlen) < 0 ||
	    read_uint(VM("dirty_background_ratio"), &sc->dirty_background_ratio, false, err,
		      errlen) < 0 ||
	    read_uint(VM("page-cluster"), &sc->page_cluster, false, err, errlen) < 0)
		return -1;
	switch (read_uint(VM("dirty_expire_centisecs"), &v, false, err, errlen)) {
	case -1:
		return -1;
	case 1:
		sc->dirty_expire_ns = (u64)v * 10 * NSEC_PER_MSEC;
	}
	switch (read_uint(VM("dirty_writeback_centisecs"), &v, false, err, errlen)) {
	case -1:
		return -1;
	case 1:
		sc->dirty_writeback_ns = (u64)v * 10 * NSEC_PER_MSEC;
	}
	return read_ratios(s, VM("lowmem_reserve_ratio"), rows, nr, err, errlen);
#undef VM
}

/* "always [madvise] never": THP is on unless "never" is selected. */
static int read_thp(struct scenario *s, const char *proc_root, char *err, size_t errlen)
{
	char path[PATH_MAX];
	char *text, *sel;

	snprintf(path, sizeof(path), "%s/../sys/kernel/mm/transparent_hugepage/enabled", proc_root);
	text = read_host_file(path);
	if (!text)
		return 0; /* no THP support: leave the scenario's setting */
	sel = strchr(text, '[');
	if (!sel) {
		snprintf(err, errlen, "%s:1: no [selected] mode", path);
		free(text);
		return -1;
	}
	s->sysctl.thp = strncmp(sel, "[never]", 7) != 0;
	free(text);
	return 0;
}

const char *host_proc_root = "/proc";

/* The fixture's page_size file: 1 and the value, 0 if absent, -1 if bad. */
static int read_page_size_file(const char *proc_root, unsigned int *ps, char *err, size_t errlen)
{
	char path[PATH_MAX];
	unsigned int v;
	int r;

	snprintf(path, sizeof(path), "%s/page_size", proc_root);
	r = read_uint(path, &v, false, err, errlen);
	if (r <= 0)
		return r;
	if (v < 4096 || (v & (v - 1))) {
		snprintf(err, errlen, "%s:1: %u is not a page size", path, v);
		return -1;
	}
	*ps = v;
	return 1;
}

unsigned int host_page_size(const char *proc_root)
{
	char err[PATH_MAX + 64];
	unsigned int ps;

	if (!strcmp(proc_root, "/proc")) {
		long psz = sysconf(_SC_PAGESIZE);

		return psz > 0 ? (unsigned int)psz : 4096;
	}
	return read_page_size_file(proc_root, &ps, err, sizeof(err)) == 1 ? ps : 4096;
}

/* CPUs and page size: the running host's, or the fixture's files. */
static int read_cpus_page_size(struct scenario *s, const char *proc_root, bool live, char *err,
			       size_t errlen)
{
	char path[PATH_MAX];
	unsigned int v;
	int r;

	if (live) {
		long cpus = sysconf(_SC_NPROCESSORS_ONLN);

		s->machine.cpus = cpus > 0 ? (unsigned int)cpus : 1;
		s->machine.page_size = host_page_size(proc_root);
		return 0;
	}
	snprintf(path, sizeof(path), "%s/cpus", proc_root);
	r = read_uint(path, &v, false, err, errlen);
	if (r < 0)
		return -1;
	s->machine.cpus = r ? v : 1;
	r = read_page_size_file(proc_root, &v, err, errlen);
	if (r < 0)
		return -1;
	s->machine.page_size = r ? v : 4096;
	return 0;
}

int host_read_machine(struct scenario *s, const char *proc_root, char *err, size_t errlen)
{
	char path[PATH_MAX], msg[160];
	struct zoneinfo_row *rows;
	char *text;
	int nr, line = 0, ret = -1;

	snprintf(path, sizeof(path), "%s/zoneinfo", proc_root);
	text = read_host_file(path);
	if (!text) {
		snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
		return -1;
	}
	rows = calloc(HOST_MAX_ROWS, sizeof(*rows));
	if (!rows) {
		snprintf(err, errlen, "%s: out of memory", path);
		free(text);
		return -1;
	}
	nr = zoneinfo_parse_msg(text, rows, HOST_MAX_ROWS, &line, msg, sizeof(msg));
	if (nr < 0) {
		snprintf(err, errlen, "%s:%d: %s", path, line, msg);
		goto out;
	}
	if (read_cpus_page_size(s, proc_root, !strcmp(proc_root, "/proc"), err, errlen) ||
	    fill_zones(s, path, rows, nr, s->machine.page_size, err, errlen) ||
	    read_sysctls(s, proc_root, rows, nr, err, errlen) ||
	    read_thp(s, proc_root, err, errlen))
		goto out;
	s->machine.from_host = true;
	ret = 0;
out:
	free(rows);
	free(text);
	return ret;
}

/* ---------------------------------------------------------------------
 * The host memory a run needs, estimated before booting
 */

/*
 * What the model's host process spends, measured here (7a926fe+, x86-64,
 * glibc; `/usr/bin/time -f %M` of `reclaimsim run`, the difference of two
 * scenarios that differ in one thing, divided by the pages or tasks added):
 *   - a page frame: 4G -> 32G of memory, 32,112 -> 232,996 KiB: 28.0 bytes
 *     (struct page, the buddy and pageblock maps); since the memory map is
 *     not written at boot, a bound reached as the machine's memory is used
 *     (a 256G machine boots in 261 MiB);
 *   - a page a workload maps or reads (4-byte PTEs, xarray nodes from a
 *     kmem_cache: 9acd1cc+): anon_fill 1G -> 5G on an 8G machine, 19,648 ->
 *     48,368 KiB: 28.0 bytes, its frame's 28 (counted above for every
 *     frame) and under 0.1 of page tables (0223d98, 8-byte PTEs: 4.1);
 *     file_read 4G -> 12G on a 1G machine with shadow_shrinker = none,
 *     15,804 -> 26,048 KiB: 5.0 bytes (the page cache index, narrow nodes
 *     of 304 bytes for 64 shadows, and the dirty tag bits; 0223d98: 5.2).
 *     Counted as 5 bytes, the larger; a file page mapped
 *     (lru_file_mmap_read) has both, workload_footprint() counts it twice;
 *   - a task: anon_fill of 1M, 16 -> 1024 tasks reclaiming on a 256M
 *     machine, 6,048 -> 8,884 KiB: 2.9 KiB (its coroutine stack's touched
 *     pages and task structures; 1.0 KiB for a task that never reclaims);
 *     counted as 4 KiB, a stack page each;
 *   - a memory cgroup: a [cgroup_tree] of 1 -> 4095 groups, 4,772 ->
 *     10,928 KiB: 1.5 KiB (its statistics and its lru_lock's holds
 *     allocated when first used, its LRU rows sized to the machine;
 *     9987a7a took 2.9 KiB);
 *   - the process itself with a small scenario: 4 MiB.
 * A swap slot is SCN_HOST_BYTES_PER_SLOT (the structures it has, touched
 * as swap fills), a time-series sample its struct (kept with --csv and
 * --plot).
 */
#define HOST_BYTES_PER_FRAME 28ULL
#define HOST_BYTES_PER_MAPPED_PAGE 5ULL
#define HOST_BYTES_PER_TASK 4096ULL
#define HOST_BYTES_PER_MEMCG 1536ULL
#define HOST_BYTES_BASE (4ULL << 20)
/*
 * The default of --max-host-memory: the largest shipped scenario's estimate
 * is 2.0G (seed001-lru-file-mmap-read: 640G of files mapped on 64G), the
 * next 1.8G (bench/boot-256g) and 0.8G; memory = 1020G's 7.0G.
 */
#define HOST_DEFAULT_LIMIT (4ULL << 30)

u64 host_memory_limit;

/* MemAvailable of @proc_root/meminfo, bounded by the address-space rlimits; 0: unknown. */
static u64 host_available(void)
{
	char path[PATH_MAX], *text, *p;
	unsigned long long kb;
	struct rlimit rl;
	u64 avail = 0;

	snprintf(path, sizeof(path), "%s/meminfo", host_proc_root);
	text = read_host_file(path);
	p = text ? strstr(text, "MemAvailable:") : NULL;
	if (p && sscanf(p, "MemAvailable: %llu kB", &kb) == 1)
		avail = (u64)kb << 10;
	free(text);
	if (!getrlimit(RLIMIT_AS, &rl) && rl.rlim_cur != RLIM_INFINITY &&
	    (!avail || rl.rlim_cur < avail))
		avail = rl.rlim_cur;
	if (!getrlimit(RLIMIT_DATA, &rl) && rl.rlim_cur != RLIM_INFINITY &&
	    (!avail || rl.rlim_cur < avail))
		avail = rl.rlim_cur;
	return avail;
}

/* The key to blame: the one whose part of the estimate is the largest. */
static void host_blame(struct host_estimate *e, u64 bytes, const char *what, int origin, int line)
{
	if (bytes <= e->largest)
		return;
	e->largest = bytes;
	snprintf(e->key, sizeof(e->key), "%s", what);
	e->origin = origin;
	e->line = line;
}

void host_estimate(const struct scenario *s, struct host_estimate *e)
{
	const struct scn_machine *m = &s->machine;
	u64 mapped = 0, tasks = 0, memcgs = 1 + s->nr_cgroups;

	*e = (struct host_estimate){ 0 };
	e->frames = m->memory / m->page_size * HOST_BYTES_PER_FRAME;
	host_blame(e, e->frames, "[machine] memory", m->memory_origin, m->zones_line);
	e->swap = m->swap / m->page_size * SCN_HOST_BYTES_PER_SLOT;
	host_blame(e, e->swap, "[machine] swap", m->swap_origin, 0);
	for (unsigned int i = 0; i < s->nr_workloads; i++) {
		const struct scn_workload *w = &s->workloads[i];
		char what[SCN_NAME_LEN + 32];
		const char *key;
		u64 bytes;
		int origin;

		tasks += workload_nr_tasks(w);
		key = workload_footprint(s, w, &bytes, &origin);
		if (!key)
			continue;
		mapped += bytes / m->page_size;
		snprintf(what, sizeof(what), "[workload %s] %s", w->name, key);
		host_blame(e, bytes / m->page_size * HOST_BYTES_PER_MAPPED_PAGE, what, origin,
			   w->line);
	}
	for (unsigned int i = 0; i < s->nr_cgroup_trees; i++) {
		const struct scn_cgroup_tree *t = &s->cgroup_trees[i];
		u64 n = (u64)t->subtrees * ((1ULL << t->levels) - 1);
		char what[SCN_PATH_LEN + 32];

		memcgs += n;
		snprintf(what, sizeof(what), "[cgroup_tree %s] levels", t->tmpl.name);
		host_blame(e, n * HOST_BYTES_PER_MEMCG, what, t->levels_origin, t->tmpl.line);
	}
	e->mapped = mapped * HOST_BYTES_PER_MAPPED_PAGE;
	e->tasks = tasks * HOST_BYTES_PER_TASK;
	e->memcgs = memcgs * HOST_BYTES_PER_MEMCG;
	if (s->run.sample_interval_ns)
		e->samples = (s->run.duration_ns / s->run.sample_interval_ns + 1) *
			     sizeof(struct sample);
	e->total = HOST_BYTES_BASE + e->frames + e->swap + e->mapped + e->tasks + e->memcgs +
		   e->samples;
}

/* @b in T, G or M with one decimal, K below a M. */
static const char *host_fmt(char *buf, size_t len, u64 b)
{
	if (b >= (1ULL << 40))
		snprintf(buf, len, "%.1fT", (double)b / (1ULL << 40));
	else if (b >= (1ULL << 30))
		snprintf(buf, len, "%.1fG", (double)b / (1ULL << 30));
	else if (b >= (1ULL << 20))
		snprintf(buf, len, "%.1fM", (double)b / (1ULL << 20));
	else
		snprintf(buf, len, "%lluK", (unsigned long long)(b + 1023) >> 10);
	return buf;
}

void host_allowance(struct host_allowance *a)
{
	u64 avail = host_available();
	char b[3][24];

	a->limit = host_memory_limit;
	if (!a->limit) {
		a->limit = avail && avail < HOST_DEFAULT_LIMIT ? avail : HOST_DEFAULT_LIMIT;
		snprintf(
			a->why, sizeof(a->why),
			"%s allowed (--max-host-memory SIZE; by default the smaller of %s and the %s available)",
			host_fmt(b[0], sizeof(b[0]), a->limit),
			host_fmt(b[1], sizeof(b[1]), HOST_DEFAULT_LIMIT),
			avail ? host_fmt(b[2], sizeof(b[2]), avail) : "memory");
	} else {
		snprintf(a->why, sizeof(a->why), "%s allowed (--max-host-memory)",
			 host_fmt(b[0], sizeof(b[0]), a->limit));
	}
}

int host_check_allowance(const struct scenario *s, const struct host_allowance *allow, char *err,
			 size_t errlen)
{
	struct host_estimate e;
	const struct {
		const char *name;
		const u64 *bytes;
	} parts[] = {
		{ "memory map", &e.frames },
		{ "swap map", &e.swap },
		{ "page tables and page cache index", &e.mapped },
		{ "tasks", &e.tasks },
		{ "cgroups", &e.memcgs },
		{ "samples", &e.samples },
	};
	char a[2][24], list[256];
	size_t at = 0;

	host_estimate(s, &e);
	if (e.total <= allow->limit)
		return 0;
	for (size_t i = 0; i < CFG_ARRAY_SIZE(parts); i++)
		if (*parts[i].bytes)
			at += (size_t)snprintf(list + at, at < sizeof(list) ? sizeof(list) - at : 0,
					       "%s%s %s", at ? ", " : "", parts[i].name,
					       host_fmt(a[1], sizeof(a[1]), *parts[i].bytes));
	return cfg_fail_at(
		s, e.origin, e.line, err, errlen,
		"%s: the run would take an estimated %s of host memory (%s), more than the %s",
		e.key, host_fmt(a[0], sizeof(a[0]), e.total), list, allow->why);
}

int host_check_memory(const struct scenario *s, char *err, size_t errlen)
{
	struct host_allowance a;

	host_allowance(&a);
	return host_check_allowance(s, &a, err, errlen);
}

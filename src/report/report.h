/* SPDX-License-Identifier: MIT */
/*
 * report.h - what a finished (or running) simulation shows: the kernel's
 * own file formats, a human report, JSON per the output contract, and the
 * time series.
 */
#ifndef RECLAIMSIM_REPORT_H
#define RECLAIMSIM_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdio.h>

struct sim;
struct mem_cgroup;
struct cJSON;

/* USER_HZ: the tick of the clock_t figures of /proc/PID/stat. */
#define USER_HZ 100

/* nsec_to_clock_t() (kernel/time/time.c, v6.12): @ns in USER_HZ ticks, truncated. */
static inline unsigned long long nsec_to_clock_t(unsigned long long ns)
{
	return ns / (1000000000ULL / USER_HZ);
}

/* /proc/zoneinfo, as mm/vmstat.c zoneinfo_show() prints it (v6.12). */
void report_zoneinfo(FILE *f, const struct sim *sim);
/*
 * /proc/buddyinfo, /proc/pagetypeinfo and debugfs extfrag/unusable_index,
 * extfrag/extfrag_index, as mm/vmstat.c prints them (v6.12): populated
 * zones only, one column per order 0..max_page_order.
 */
void report_buddyinfo(FILE *f, const struct sim *sim);
void report_pagetypeinfo(FILE *f, const struct sim *sim);
void report_unusable_index(FILE *f, const struct sim *sim);
void report_extfrag_index(FILE *f, const struct sim *sim);
/* the kernel log lines of the run (dmesg), "[seconds.micros] text" */
void report_dmesg(FILE *f, const struct sim *sim);
/*
 * /proc/vmstat: "name value" lines in the kernel's order, the counters the
 * model keeps under v6.12's names (the JSON's "vmstat").
 */
void report_vmstat(FILE *f, const struct sim *sim);
/* `reclaimsim vmstat`: /proc/vmstat in the layout of [policy] vmstat_format */
void report_proc_vmstat(FILE *f, const struct sim *sim);
/* `reclaimsim meminfo`: /proc/meminfo in the layout of [policy] meminfo_format */
void report_proc_meminfo(FILE *f, const struct sim *sim);
/* /proc/diskstats of the model's disks: sda (files), sdb (swap, if any) */
void report_diskstats(FILE *f, const struct sim *sim);
/* /sys/block/@dev/stat (@dev: sda or sdb); nothing for another name */
void report_disk_stat(FILE *f, const struct sim *sim, const char *dev);
/* Has the model a disk named @dev (sda; sdb with swap)? */
bool report_disk_known(const struct sim *sim, const char *dev);
/* /proc/meminfo, as fs/proc/meminfo.c meminfo_proc_show() prints it (v6.12). */
void report_meminfo(FILE *f, const struct sim *sim);
/*
 * memory.stat of @memcg in its interface's format: v1 local lines then
 * total_* (hierarchical); v2 (memcg->dfl) the v6.12 names, each its subtree's.
 */
void report_memory_stat(FILE *f, const struct sim *sim, const struct mem_cgroup *memcg);
/* /proc/pressure/memory or memory.pressure: psi_show()'s some and full lines (v6.12). */
struct psi_group;
void report_pressure(FILE *f, const struct psi_group *group);
/* memory.events or memory.events.local of a v2 group (@events: MEMCG_NR_MEMORY_EVENTS counts). */
void report_memory_events(FILE *f, const uint64_t *events);
/* Human summary: per workload /usr/bin/time lines, reclaim figures. */
void report_text(FILE *f, const struct sim *sim);
/* One JSON object per the output contract in DESIGN.md. */
void report_json(FILE *f, const struct sim *sim);
/*
 * The same object as a cJSON tree (integers are raw items with their
 * decimal text); the caller frees it with cJSON_Delete().  NULL when out
 * of memory.
 */
struct cJSON *report_json_object(const struct sim *sim);
/* Time series as CSV; report_timeseries_csv() (text.c) lists the columns. */
void report_timeseries_csv(FILE *f, const struct sim *sim);

/*
 * report_plot - draw the time series into @path with gnuplot's terminal
 * @terminal (pngcairo, svg, pdfcairo).  gnuplot writes a temporary file
 * beside @path, renamed to it once gnuplot succeeded: a failure leaves
 * neither a partial picture nor a temporary file.  Returns 0, or -1 with
 * a message in @err (gnuplot missing or failing).
 */
int report_plot(const struct sim *sim, const char *path, const char *terminal, char *err,
		size_t errlen);
/*
 * report_plot_data - the plot's data of @sim (its time series, what its
 * panels have, the [at] times) into the file @path; 0 or -1 (errno).
 */
int report_plot_data(const struct sim *sim, const char *path);
/*
 * report_plot_files - draw @n data files of report_plot_data() on the
 * same panels, as report_plot() does one: a lone file in the panels'
 * colours, several in one colour each with @names[i] in the legend
 * (compare --plot); @title above.
 */
int report_plot_files(const char *const *data, const char *const *names, unsigned int n,
		      const char *title, const char *path, const char *terminal, char *err,
		      size_t errlen);
/* plot_gnuplot_found - gnuplot is an executable on $PATH (checked before a run). */
bool plot_gnuplot_found(void);

#endif

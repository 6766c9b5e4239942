/* SPDX-License-Identifier: MIT */
/*
 * workload.h - built-in workloads.  Each mirrors a real program (the
 * oracle programs in shared/oracle/src, dd, ...) with the same
 * parameters, and runs as one or more user tasks that issue page-level
 * operations: touch an anonymous page, read() or write() a file page.
 */
#ifndef RECLAIMSIM_WORKLOAD_H
#define RECLAIMSIM_WORKLOAD_H

#include "../mm/sim.h"

#define WL_MAX_FIGURES 128

/* One reported figure, e.g. {"hot_miss_total", 844}. */
struct wl_figure {
	const char *name;
	double value;
	bool integer;
};

struct workload_inst {
	const struct scn_workload *cfg;
	struct sim *sim;
	struct mem_cgroup *memcg;
	unsigned int nr_tasks;
	struct task **tasks;
	unsigned int running;
	bool started; /* its start time came within run.duration */
	/*
	 * every task exited (or was killed) or went to the background
	 * (wl_background: it holds its memory or loops until the run ends)
	 */
	bool ended;
	unsigned int background; /* live tasks in the background */
	u64 start_ns, end_ns;
	/* a line the program prints itself, in the text report ("" = none) */
	char summary[96];
	/* totals of the workload's tasks, as /usr/bin/time reports them */
	u64 utime_ns, stime_ns;
	u64 min_flt, maj_flt;
	u64 read_bytes, write_bytes; /* task_io_accounting, summed */
	u64 maxrss; /* pages: the largest signal->maxrss of its tasks */
	u64 freepages_count, freepages_delay_ns; /* delay accounting, summed */
	int exit_signal; /* 9 if any task was OOM-killed */
	unsigned int nr_figures;
	struct wl_figure figures[WL_MAX_FIGURES];
	void *priv; /* the workload type's own state */
	/* the program's text its tasks share (wl_text_map), NULL: none */
	struct address_space *text;
};

/* The [workload] type names, in enum workload_type order (NULL-terminated). */
extern const char *const workload_type_name[NR_WORKLOAD_TYPES + 1];

/* [workload NAME] keys: the common ones, and those of type @type (wl_ops.keys) */
struct cfg_table;
extern const struct cfg_table workload_common_table;
const struct cfg_table *workload_type_keys(unsigned int type);
/* The first required key of @w's type that is missing, or NULL (wl_ops.missing). */
const char *workload_missing(const struct scn_workload *w);
/* @w's type's cross-checks (wl_ops.validate): 0, or -1 with the message in @err. */
int workload_validate(const struct scenario *s, const struct scn_workload *w, char *err,
		      size_t errlen);
/*
 * workloads_check - every [workload] of @s: a known type, an existing
 * cgroup, its type's required keys and cross-checks.  0, or -1 with
 * "FILE:LINE: [workload NAME] ..." in @err.
 */
int workloads_check(const struct scenario *s, char *err, size_t errlen);

/*
 * How many tasks @w runs (its tasks key, or what its type sizes), those
 * it forks as it runs included.
 */
unsigned int workload_nr_tasks(const struct scn_workload *w);
/*
 * workload_footprint - what @w of @s holds a page-sized host slot for
 * (page tables, a file's page-cache index): *@bytes its footprint keys
 * (size, hot, stream, ...) summed over its tasks (or the type's default
 * when they leave it to one), twice for a file it maps (an entry of each);
 * returns the largest key's name with its origin in *@origin (0: not
 * recorded), NULL when it has none.
 */
const char *workload_footprint(const struct scenario *s, const struct scn_workload *w, u64 *bytes,
			       int *origin);
/*
 * Create the tasks of every [workload] and queue their start events; 0,
 * or -1 with "FILE:LINE: [workload NAME] KEY: out of host memory ..."
 */
int workloads_init(struct sim *sim, char *err, size_t errlen);
void workloads_free(struct sim *sim);
/* The run ended: compute every workload's figures. */
void workloads_finish(struct sim *sim);
/* The start event of @wl (ptr = wl): wake its tasks. */
void workload_start(struct sim *sim, void *wl, u64 unused);
/*
 * The workload's /usr/bin/time totals.  workload_task_exit() folds a task
 * in when it exits; a run cut off by run.duration still has live tasks,
 * whose accounting workload_totals() adds so that their CPU time is not
 * lost.  elapsed_ns: from its start to its end (to now while it runs).
 */
struct wl_totals {
	u64 utime_ns, stime_ns, min_flt, maj_flt, elapsed_ns;
	/*
	 * getrusage() of the workload as wait4() hands it to GNU time: blocks
	 * of 512 bytes read and written (ru_inblock / ru_oublock: the tasks'
	 * task_io_accounting read_bytes and write_bytes >> 9, summed) and
	 * ru_maxrss in KiB (the largest high-water RSS of its processes: the
	 * kernel keeps the maximum, not the sum, over a process tree)
	 */
	u64 inblock, oublock, maxrss_kb;
	/*
	 * delay accounting of direct reclaim (taskstats freepages_count and
	 * freepages_delay_total, summed over the tasks as fill_tgid() does)
	 */
	u64 freepages_count, freepages_delay_ns;
};
struct wl_totals workload_totals(const struct sim *sim, const struct workload_inst *wl);
/* A task of @wl exited: fold its times into the workload totals. */
void workload_task_exit(struct workload_inst *wl, struct task *t);
/* The body of every workload task (its task_fn). */
void user_task(struct task *t);
/* Set (or add) a reported figure. */
void wl_set_figure(struct workload_inst *wl, const char *name, double value, bool integer);

#endif

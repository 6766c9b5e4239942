/* SPDX-License-Identifier: MIT */
/*
 * sim.h - the simulation object: the engine's state (src/sim/engine.h,
 * its first member) and the simulated machine: its memory, memcgs, swap,
 * devices, files and workloads.  Everything mutable lives in one struct
 * sim, so two simulations can run side by side in one process.
 */
#ifndef RECLAIMSIM_SIM_H
#define RECLAIMSIM_SIM_H

#include <stdio.h>

#include "../sim/engine.h"
#include "../sim/scenario.h"
#include "mm_types.h"
#include "slab.h"
#include "../dev/blkdev.h"

/* One row of the time series. */
/* At most this many groups' usage and limits are sampled (the plot's panel). */
#define SAMPLE_CGROUPS 3
/* At most this many zones' free pages and watermarks (the populated ones, node by node). */
#define SAMPLE_ZONES 4

struct sample {
	u64 t_ns;
	u64 free; /* pages, all zones */
	u64 min, low, high; /* sum of zone watermarks */
	u64 pgscan, pgsteal; /* cumulative */
	unsigned int reclaimers;
	u64 active_anon, inactive_anon; /* pages, all nodes */
	u64 pgrefill, pgdeactivate; /* cumulative: the active list's scan */
	u64 pswpout, pswpin, pgmajfault; /* cumulative */
	/* the devices' diskstats, cumulative: [0] the disk, [1] swap (blk_disk_stat) */
	struct sample_disk {
		u64 ios, ticks_ns, io_ticks_ns, time_in_queue_ns;
	} disk[2];
	/* cumulative: the scan and steal of kswapd and of direct (and memcg limit) reclaim */
	u64 pgscan_kswapd, pgscan_direct, pgsteal_kswapd, pgsteal_direct;
	/* tasks now in global direct reclaim, in memcg limit reclaim, asleep in reclaim_throttle */
	unsigned int in_direct, in_memcg, throttled;
	u64 swap_used, dirty, writeback; /* pages */
	u64 compact_stall, compact_success, highorder_failed; /* cumulative */
	/* ns, cumulative: the system's memory pressure, some and full (psi_peek_total) */
	u64 psi_some_ns, psi_full_ns;
	/*
	 * pages: the groups of sim->sample_cg, their usage and limits (min,
	 * low: 0 none; high, max: U64_MAX none)
	 */
	struct sample_cg {
		u64 usage, min, low, high, max;
	} cg[SAMPLE_CGROUPS];
	/* pages: the first SAMPLE_ZONES populated zones, each alone */
	struct sample_zone {
		u64 free, min, low, high;
	} zone[SAMPLE_ZONES];
};

/* Reclaim figures the seeds report beside the kernel's counters. */
struct reclaim_figures {
	unsigned int nr_reclaimers; /* now in try_to_free_(mem_cgroup_)pages */
	unsigned int max_parallel_reclaimers;
	u64 max_try_to_free_pages_ns;
	u64 overreclaim_pages; /* reclaimed beyond nr_to_reclaim */
	u64 oom_kills;
	/*
	 * the ALLOCSTALL events by the order of the allocation that stalled
	 * (the kernel counts them by zone only, vmstat allocstall_*)
	 */
	u64 allocstall_order[NR_PAGE_ORDERS];
	/*
	 * reclaim_throttle() (v5.16+) sleeps and their time, by reason: the
	 * kernel's own enum vmscan_throttle_state, as mm_vmscan_throttled
	 * reports it (counters, not a phase of a hand-stepped path)
	 */
	u64 throttled[NR_VMSCAN_THROTTLE], throttled_ns[NR_VMSCAN_THROTTLE];
};

/* What one [at TIME] write did (memcontrol_write.c), by action index. */
struct memcg_action_log {
	bool started, done; /* the write began / returned before the run ended */
	int err; /* the handler's return: 0 or -errno */
	u64 start_ns, end_ns; /* virtual time it began and returned */
	u64 reclaimed; /* pages reclaimed by the write */
	u64 oom_kills; /* OOM kills it made (memory.max) */
	u64 usage; /* pages: the group's memory.current when it returned */
	u64 sys_ns; /* CPU time the writer spent in it */
};
/* The interface file action key @key writes ("memory.high"). */
const char *memcg_action_file(unsigned int key);
/*
 * memcg_action_result - what a write returned as the log words it: "0",
 * "-EAGAIN", "-EBUSY", "-EINVAL", "-EINTR"; "not run" (the run ended
 * before its time), "unfinished" (it was still running at the end).
 */
const char *memcg_action_result(const struct memcg_action_log *log);

/*
 * The kernel log lines the model writes (printk): allocation failures so
 * far.  At most KMSG_MAX_LINES are kept; later ones are counted in
 * dropped (the kernel's ring buffer would overwrite the oldest instead).
 */
#define KMSG_LINE_LEN 384
#define KMSG_MAX_LINES 1024
struct kmsg_line {
	u64 t_ns;
	char text[KMSG_LINE_LEN];
};
struct kmsg {
	size_t nr, cap;
	struct kmsg_line *lines;
	u64 dropped;
};

/* Page allocation failures (mm/page_alloc.c warn_alloc and its ratelimit). */
struct alloc_failures {
	u64 failed[NR_PAGE_ORDERS]; /* by order, __GFP_NOWARN ones included */
	u64 warned; /* failures without __GFP_NOWARN */
	u64 rs_begin, rs_printed, rs_missed; /* the ratelimit window */
};

struct sim {
	struct engine eng; /* first: sim_engine() */
	struct scenario scn;
	struct task *flusher;

	/* memory */
	u32 page_size; /* bytes */
	unsigned int page_shift;
	u32 nr_pfns;
	struct page *mem_map;
	struct zone **zone_map; /* page_zone() of frame pfn: [pfn >> zone_map_shift] */
	unsigned int zone_map_shift;
	struct mm_cpu *mm_cpus; /* [nr_cpus]: the mm's per-CPU state */
	/* radix_tree_node_cachep: the xarrays' narrow and wide nodes (xarray.c) */
	struct kmem_cache xa_narrow_cache, xa_wide_cache;
	unsigned int nr_nodes;
	struct pglist_data *nodes;
	/* zonelist[n][i]: the i-th node node @n's allocations try (build_all_zonelists) */
	u8 zonelist[SCN_MAX_NODES][SCN_MAX_NODES];
	/*
	 * zonerefs[n][i]: the i-th zone of node @n's zonelist, in node or
	 * zone order (numa_zonelist_order), the populated zones of every node
	 * (the walks skip those above the request's), nr_zonerefs[n] of them
	 */
	struct zoneref {
		u8 nid;
		u8 zone_idx;
	} zonerefs[SCN_MAX_NODES][SCN_MAX_NODES * MAX_NR_ZONES];
	u16 nr_zonerefs[SCN_MAX_NODES];
	bool zonelist_zone_order; /* what numa_zonelist_order resolved to at boot */
	long min_free_kbytes;
	unsigned int node_reclaim_mode; /* vm.zone_reclaim_mode: RECLAIM_* bits */
	u64 nr_kernel_pages; /* allocated for kernel use, off every LRU */
	struct shrinker *shrinkers; /* registered (shrinker.c); NULL: no slab to shrink */
	u64 slabs_scanned; /* objects the shrinkers were asked to scan (SLABS_SCANNED) */
	u64 totalreserve_pages;
	u64 vm_events[NR_VM_EVENT_ITEMS];
	struct lock_class_stat lock_stat[NR_LOCK_CLASSES]; /* /proc/lock_stat */

	/* memory cgroups: memcgs[0] is the root */
	unsigned int nr_memcgs;
	struct mem_cgroup **memcgs;
	/* memcgs by path (mem_cgroup_by_name): open addressing, a power of two */
	struct mem_cgroup **memcg_hash;
	unsigned int memcg_hash_size;

	/* processes and files */
	unsigned int nr_mms, cap_mms;
	struct mm_struct **mms;
	struct anon_vma *anon_vmas; /* [root mm id], cap_mms entries */
	u32 *rmap_owner; /* [nr_pfns]: rmap.c's walk shortcut, NULL until needed */
	u32 *mapcount_ext; /* [nr_pfns]: mapcounts past a u8 (page_mapcount), NULL until needed */
	u64 *maybe_shared; /* [nr_pfns bits]: rmap.c's hint for folio_maybe_shared */
	/* PTE tables allocated, and those the last empty-table sweep kept (pgtable.c) */
	u64 nr_pte_tables, pte_tables_kept;
	unsigned int nr_files, cap_files;
	struct address_space **files;

	/* swap and block devices */
	struct swap_info_struct *swap; /* NULL without swap */
	struct blkdev swap_dev;
	struct blkdev disk_dev;

	/* writeback (mm/page-writeback.c) */
	struct wait_queue_head dirty_throttle_wait;
	struct wait_queue_head writeback_wait; /* folio_wait_writeback sleepers */
	struct wait_queue_head page_wait; /* folio_wait_locked sleepers (reads) */
	struct wait_queue_head flusher_wait;
	u64 nr_dirty; /* NR_FILE_DIRTY, all nodes */
	u64 nr_writeback;
	bool flusher_kicked; /* a work to write every dirty page is queued */
	/*
	 * reclaim's nr_pages works queued for the flusher (2.6.x..4.10), a
	 * ring of each one's nr_pages in the order queued: bdi->work_list
	 */
	u64 *flusher_works;
	unsigned int flusher_works_head, flusher_nr_works, flusher_works_cap;
	unsigned int wb_next_file; /* the flusher's next file: b_io after b_more_io */
	u64 wb_dirty_newest; /* ns, dirtied_when of the file last put at b_dirty's head */

	/*
	 * rcu_sync of cgroup_threadgroup_rwsem (kernel/rcu/sync.c): the end of
	 * the grace period an attach waits for, and when the rcu_sync goes
	 * idle again, a grace period after the last attach (cgroup.c)
	 */
	u64 rcu_sync_gp_end, rcu_sync_idle_at;

	/* workloads */
	unsigned int nr_workloads;
	struct workload_inst *workloads;
	unsigned int workloads_unfinished; /* not yet started or still running */

	/* the [at TIME] writes, one entry per scn.actions[] (NULL: none) */
	struct memcg_action_log *action_log;

	struct reclaim_figures reclaim;
	struct alloc_failures alloc_failures;
	/* get_page_from_freelist's watermark checks, by order (seed 004) */
	u64 wmark_checks[NR_PAGE_ORDERS];
	struct kmsg kmsg;
	/* the OOM killer's dump_header ratelimit (oom_rs: 10 per 5 s) */
	u64 oom_rs_begin;
	unsigned int oom_rs_printed;
	/* panic(): the run stopped there (oom_kill.c); the text after "not syncing: " */
	const char *panic;
	u64 panic_ns;
	struct vmscan_trace *trace; /* the vmscan tracepoints' output; NULL: off (trace_vmscan.h) */
	unsigned int throttle_reclaimers; /* 2008 throttle, global policy */
	struct wait_queue_head throttle_wait;
	struct wait_queue_head congestion_wait; /* congestion_wait() sleepers */

	/*
	 * time series: a sample event every run.sample_interval always; its
	 * row is kept only when the caller set keep_samples before sim_run()
	 * (the CLI does for --csv and --plot: nothing else reads the rows)
	 */
	bool keep_samples;
	/*
	 * the groups sampled (memcg ids), chosen at the first sample: those
	 * with a limit then or named by an [at] write, in id order
	 */
	unsigned int sample_cg[SAMPLE_CGROUPS], nr_sample_cg;
	size_t nr_samples, cap_samples;
	struct sample *samples;

	/*
	 * the OOM kill of a task other than the current one (oom_kill.c): the
	 * machine's do_exit (src/kernel/exit.c), set by sim_create; mm cannot
	 * call up into the task lifecycle
	 */
	void (*kill_task)(struct task *t, int signal);
};
_Static_assert(offsetof(struct sim, eng) == 0, "sim_engine(): the engine's state comes first");

/*
 * The CPU time of clearing or copying @bytes, from a [cost] figure per
 * 4 KiB (zero_page_ns and copy_page_ns are calibrate's memset and memcpy
 * of a 4 KiB page): a whole 64 KiB page takes 16 of them.
 */
static inline u64 cost_per_4k(u64 ns_4k, u64 bytes)
{
	return ns_4k * bytes / 4096;
}

/* Statistics helpers (src/mm/vmstat.c) */
static inline void count_vm_event(struct sim *sim, enum vm_event_item i)
{
	sim->vm_events[i]++;
}
static inline void count_vm_events(struct sim *sim, enum vm_event_item i, u64 n)
{
	sim->vm_events[i] += n;
}

static inline struct page *pfn_to_page(struct sim *sim, u32 pfn)
{
	return &sim->mem_map[pfn];
}
static inline u32 page_to_pfn(struct sim *sim, const struct page *page)
{
	return (u32)(page - sim->mem_map);
}

/*
 * page_mapcount() (v6.12): the PTEs mapping frame @pfn.  page->mapcount
 * holds it up to MAPCOUNT_EXT - 1; a page with more mappers (program
 * text mapped by thousands of processes) has MAPCOUNT_EXT there and its
 * count in sim->mapcount_ext, so that struct page stays small.  Tests of
 * page->mapcount against 0 or 1 read the byte alone.
 */
static inline unsigned int page_mapcount(const struct sim *sim, u32 pfn)
{
	u8 m = sim->mem_map[pfn].mapcount;

	return m == MAPCOUNT_EXT ? sim->mapcount_ext[pfn] : m;
}
/* page_folio() (v6.12): the head of the folio frame @pfn belongs to */
static inline u32 page_folio(struct sim *sim, u32 pfn)
{
	const struct page *page = &sim->mem_map[pfn];

	return (page->flags & (1u << PG_tail)) ? page->private : pfn;
}
/* folio_nr_pages() (v6.12) of the folio headed by @head: its frames */
static inline unsigned int folio_nr_pages(const struct page *head)
{
	return 1u << head->order;
}

/*
 * Zone and node of a frame: zones are contiguous PFN ranges.  The kernel
 * decodes the zone from page->flags; here a table by blocks of frames that
 * no zone boundary splits (mm_init.c), else a search.
 */
struct zone *page_zone_search(struct sim *sim, u32 pfn);
static inline struct zone *page_zone(struct sim *sim, u32 pfn)
{
	if (sim->zone_map)
		return sim->zone_map[pfn >> sim->zone_map_shift];
	return page_zone_search(sim, pfn);
}
static inline struct pglist_data *page_pgdat(struct sim *sim, u32 pfn)
{
	return page_zone(sim, pfn)->zone_pgdat;
}

/*
 * lock_acquire() (lock.h) in a run: a lock whose first hold finds no host
 * memory for its timeline stops the run (sim_fail).
 */
static inline u64 sim_lock_acquire(struct sim *sim, struct lock_timeline *lock, u64 now,
				   u64 hold_ns, const void *owner)
{
	u64 spin = lock_acquire(lock, now, hold_ns, owner);

	if (!lock->holds)
		sim_fail(sim, "out of memory for a lock's holds");
	return spin;
}

/*
 * spin_lock() of a kernel spinlock (lock.h) held @hold_ns: the step in
 * progress spins until it is free (system time); work outside any step
 * (an event: the vmstat worker's drain) takes it at the event's time.
 */
static inline void spin_lock_hold(struct sim *sim, struct lock_timeline *lock, u64 hold_ns)
{
	struct task *t = sim->eng.current;

	lock_forget(lock, sim->eng.now);
	if (t)
		charge_sys(t, sim_lock_acquire(sim, lock, task_now(t), hold_ns, t));
	else
		sim_lock_acquire(sim, lock, sim->eng.now, hold_ns, NULL);
}

#endif

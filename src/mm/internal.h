/* SPDX-License-Identifier: MIT */
/*
 * internal.h - the model's mm/ functions as the other mm files and the
 * workloads call them.  Each is named after the kernel function it models
 * (v6.12 unless said otherwise); the .c files say how it differs.
 */
#ifndef RECLAIMSIM_MM_INTERNAL_H
#define RECLAIMSIM_MM_INTERNAL_H

#include <stddef.h>

#include "sim.h"
#include "../sim/bug.h"
#include "page_alloc.h"
#include "gfp.h"
#include "vmscan.h"
#include "pgtable.h"
#include "xarray.h"

/*
 * mm_task - a task as the mm model sees it: the engine's struct task and
 * the mm's per-task state (the kernel keeps these in task_struct).  Every
 * task of a sim is one (sim_create sets sim->eng.task_size); mm_task(t) is a
 * container_of, free on the hot path.
 */
struct mm_task {
	struct task task;
	/* reclaim (vmscan.h) and the allocation in progress */
	struct task_reclaim reclaim;
	u32 held_pfn; /* allocated, not yet charged (alloc_charged_page) */
	gfp_t alloc_gfp; /* the allocation in the slow path (the tracepoints' gfp_flags) */
	/*
	 * readahead_control: the reads of pages this task has locked in the
	 * page or swap cache while it allocates the rest, submitted together
	 * by read_pages() (linked through bio->next), or by exit
	 */
	struct bio *ra_bios;
	struct blk_plug plug; /* current->plug (blkdev.h) */
	struct mm_struct *mmap_read_held; /* the mm whose mmap_lock its fault holds */
	bool fault_major; /* VM_FAULT_MAJOR: the fault in progress must read its page */
	bool fault_tried; /* the fault in progress is a retry (FAULT_FLAG_TRIED) */
	/* tlbflush_unmap_batch (v4.3+): CPUs owed a flush for PTEs this
	 * task cleared in reclaim without flushing */
	bool tlb_ubc_flush_required;
	bool tlb_ubc_writable; /* a dirty PTE is among them */
	/* OOM */
	int oom_score_adj;
	bool oom_victim;
	/* memcg: pages charged over memory.high since the last handling */
	unsigned int memcg_nr_pages_over_high;
	u64 *tlb_ubc_cpumask; /* sim->eng.nr_cpus bits, allocated on first use */
	/*
	 * task_io_accounting (v6.12): bytes the task read from block devices
	 * (submit_bio) and dirtied in the page cache (folio_account_dirtied);
	 * getrusage's ru_inblock / ru_oublock are these in 512-byte units
	 */
	u64 read_bytes, write_bytes;
	/*
	 * task_delay_info (v6.12 kernel/delayacct.c) of direct reclaim: each
	 * pass of do_try_to_free_pages() is one freepages event
	 */
	u64 freepages_start; /* ns, of the pass in progress */
	u64 freepages_delay; /* ns, all passes */
	u64 freepages_count;
	/* signal->maxrss (pages): the mm's high-water RSS when the task exited */
	u64 maxrss;
};

static inline struct mm_task *mm_task(struct task *t)
{
	return (struct mm_task *)((char *)t - offsetof(struct mm_task, task));
}
/*
 * mmap_read_lock() / mmap_write_lock() (v5.8+; down_read/down_write of
 * mm->mmap_sem before): a task that must wait sleeps, and each sleep costs
 * it a context switch out and back in (context_switch_ns, system time).
 * mmap_read_lock returns the sleeps: after one, the VMAs may have changed.
 */
static inline unsigned int mmap_read_lock(struct task *t, struct mm_struct *mm)
{
	unsigned int sleeps = down_read(t, &mm->mmap_lock);

	if (sleeps)
		charge_sys(t, sleeps * t->sim->scn.cost.context_switch_ns);
	mm_task(t)->mmap_read_held = mm;
	return sleeps;
}
static inline void mmap_read_unlock(struct task *t, struct mm_struct *mm)
{
	mm_task(t)->mmap_read_held = NULL;
	up_read(t, &mm->mmap_lock);
}
static inline void mmap_write_lock(struct task *t, struct mm_struct *mm)
{
	unsigned int sleeps = down_write(t, &mm->mmap_lock);

	if (sleeps)
		charge_sys(t, sleeps * t->sim->scn.cost.context_switch_ns);
}
static inline void mmap_write_unlock(struct task *t, struct mm_struct *mm)
{
	up_write(t, &mm->mmap_lock);
}

/* sim->eng.task_init and sim->eng.task_release for a struct mm_task (alloc_pages.c) */
void mm_task_init(struct task *t);
void mm_task_release(struct task *t);

/*
 * ---- the result of a fault or system call (vm_fault_t) ----
 * Kernel paths sleep in place (wait_event, io_schedule, reclaim), so a
 * result is never "asleep, call again".  VM_FAULT_RETRY is the kernel's:
 * the handler dropped mmap_lock to wait for I/O (FAULT_FLAG_ALLOW_RETRY)
 * and the fault is taken again (handle_mm_fault retries it itself, as
 * do_user_addr_fault does; a system call returning it is re-issued).
 * Whether a fault was major (VM_FAULT_MAJOR) is the task's fault_major,
 * which survives the retry (FAULT_FLAG_TRIED) and is read at completion.
 */
enum vm_fault_result {
	VM_FAULT_DONE, /* completed (0) */
	VM_FAULT_RETRY, /* waited with mmap_lock dropped: take the fault again */
	VM_FAULT_OOM, /* the task was OOM-killed */
	VM_FAULT_NOMEM, /* an allocation that may fail gave up (no OOM kill) */
};

/* dump_page() (mm/debug.c): the page's fields and flags on stderr */
void dump_page(const struct page *page, const char *reason);
/* VM_BUG_ON_PAGE() (include/linux/mmdebug.h): VM_BUG_ON that dumps @page first */
#ifdef CONFIG_DEBUG_VM
#define VM_BUG_ON_PAGE(cond, page)                                               \
	do {                                                                     \
		if (__builtin_expect(!!(cond), 0)) {                             \
			dump_page(page, "VM_BUG_ON_PAGE(" #cond ")");            \
			vm_bug(__FILE__, __LINE__, "VM_BUG_ON_PAGE(" #cond ")"); \
		}                                                                \
	} while (0)
#else
#define VM_BUG_ON_PAGE(cond, page) VM_BUG_ON(cond)
#endif

/*
 * ---- pfn lists (include/linux/list.h on PFNs) ----  Doubly linked lists
 * of page frames threaded through struct page (next/prev hold PFNs), the
 * model's list_head for LRU and buddy lists.  The head is the newest
 * entry, the tail the oldest.  Inline, as list.h's are: every LRU, pcp and
 * buddy move is one or two of them.
 */
static inline void pfn_list_init(struct pfn_list *l)
{
	l->head = l->tail = NO_PFN;
}

static inline void pfn_list_add(struct sim *sim, struct pfn_list *l, u32 pfn)
{
	struct page *p = pfn_to_page(sim, pfn);

	VM_BUG_ON_PAGE(p->next != NO_PFN || p->prev != NO_PFN || l->head == pfn, p);
	p->prev = NO_PFN;
	p->next = l->head;
	if (l->head != NO_PFN)
		pfn_to_page(sim, l->head)->prev = pfn;
	else
		l->tail = pfn;
	l->head = pfn;
}

static inline void pfn_list_add_tail(struct sim *sim, struct pfn_list *l, u32 pfn)
{
	struct page *p = pfn_to_page(sim, pfn);

	VM_BUG_ON_PAGE(p->next != NO_PFN || p->prev != NO_PFN || l->head == pfn, p);
	p->next = NO_PFN;
	p->prev = l->tail;
	if (l->tail != NO_PFN)
		pfn_to_page(sim, l->tail)->next = pfn;
	else
		l->head = pfn;
	l->tail = pfn;
}

static inline void pfn_list_del(struct sim *sim, struct pfn_list *l, u32 pfn)
{
	struct page *p = pfn_to_page(sim, pfn);

	/* on @l: its ends are @l's ends */
	VM_BUG_ON_PAGE(p->prev == NO_PFN ? l->head != pfn : pfn_to_page(sim, p->prev)->next != pfn,
		       p);
	VM_BUG_ON_PAGE(p->next == NO_PFN ? l->tail != pfn : pfn_to_page(sim, p->next)->prev != pfn,
		       p);
	if (p->prev != NO_PFN)
		pfn_to_page(sim, p->prev)->next = p->next;
	else
		l->head = p->next;
	if (p->next != NO_PFN)
		pfn_to_page(sim, p->next)->prev = p->prev;
	else
		l->tail = p->prev;
	p->next = p->prev = NO_PFN;
}
static inline bool pfn_list_empty(const struct pfn_list *l)
{
	return l->head == NO_PFN;
}

/*
 * ---- vmstat (mm/vmstat.c) ----  The counter updates are inline, as the
 * kernel's __mod_*_state fast paths are: every LRU move makes several.
 */
static inline void mod_zone_page_state(struct zone *z, enum zone_stat_item item, long delta)
{
	z->vm_stat[item] += delta;
}

static inline void mod_node_page_state(struct pglist_data *pgdat, enum node_stat_item item,
				       long delta)
{
	pgdat->vm_stat[item] += delta;
	VM_BUG_ON((item == NR_ISOLATED_ANON || item == NR_ISOLATED_FILE) &&
		  pgdat->vm_stat[item] < 0);
}

/* __mod_lruvec_state: the node's counter and the memcg's. */
static inline void mod_lruvec_state(struct lruvec *lruvec, enum node_stat_item item, long delta)
{
	lruvec->pgdat->vm_stat[item] += delta;
	VM_BUG_ON(delta && !lruvec->memcg->vmstats);
	lruvec->memcg->vm_stat[item] += delta;
}

/* folio_lruvec(): the lruvec of the folio's memcg on the folio's node. */
static inline struct lruvec *folio_lruvec(struct sim *sim, u32 pfn)
{
	const struct page *page = pfn_to_page(sim, pfn);

	return mem_cgroup_lruvec(sim->memcgs[page->memcg_id], page_pgdat(sim, pfn));
}

/* __mod_lruvec_page_state: node and memcg of the page */
static inline void mod_lruvec_page_state(struct sim *sim, u32 pfn, enum node_stat_item item,
					 long delta)
{
	mod_lruvec_state(folio_lruvec(sim, pfn), item, delta);
}

void count_memcg_events(struct mem_cgroup *memcg, enum vm_event_item item, u64 n);
/*
 * __count_zone_vm_events() (v4.7, and every kernel before 4.8): @n of the per-zone
 * reclaim event @item in zone @zid of @pgdat, the zone being shrunk.
 */
void count_zone_lru_event(struct pglist_data *pgdat, int zid, enum zone_lru_event item, u64 n);

/* folio_mapped() (v6.12): does a PTE map any page of the folio headed by @pfn? */
static inline bool folio_mapped(struct sim *sim, u32 pfn)
{
	const struct page *page = pfn_to_page(sim, pfn);

	for (unsigned int i = 0, nr = folio_nr_pages(page); i < nr; i++)
		if (page[i].mapcount)
			return true;
	return false;
}

/* ---- LRU (include/linux/mm_inline.h, mm/swap.c) ---- */
enum lru_list folio_lru_list(const struct page *page);
/*
 * The list @lru of zone @zid's pages in @lruvec: per zone with
 * zone_reclaim (zone->lru, mem_cgroup_per_zone: v2.6.x..v4.7), one per
 * node otherwise (v4.8+), where @zid does not matter.
 */
static inline struct pfn_list *lruvec_list(const struct sim *sim, struct lruvec *lruvec,
					   enum zone_type zid, enum lru_list lru)
{
	return &lruvec->lists[sim->scn.policy.zone_reclaim ? zid : 0][lru];
}
void lruvec_add_folio(struct sim *sim, struct lruvec *lruvec, u32 pfn);
void lruvec_add_folio_tail(struct sim *sim, struct lruvec *lruvec, u32 pfn);
void lruvec_del_folio(struct sim *sim, struct lruvec *lruvec, u32 pfn);
void folio_add_lru(struct sim *sim, u32 pfn);
void folio_mark_accessed(struct sim *sim, u32 pfn);
void folio_rotate_reclaimable(struct sim *sim, u32 pfn);
void lru_note_cost(struct lruvec *lruvec, bool file, unsigned long nr_io, unsigned long nr_rotated);
void lru_note_cost_refault(struct sim *sim, u32 pfn);
/* free a page that is off every list: uncharge, back to the buddy */
void free_unref_page(struct sim *sim, u32 pfn);
void free_cold_page(struct sim *sim, u32 pfn);
/* a page of kernel memory (GFP_KERNEL: zones up to Normal, not on any
 * LRU, not charged): socket buffers, kernel stacks, page tables */
enum vm_fault_result alloc_kernel_page(struct task *t, u32 *pfn);
void free_kernel_page(struct sim *sim, u32 pfn);
/*
 * alloc_kernel_pages - a kernel block of 2^@order pages (0..max_page_order)
 * with @gfp (gfp_check() valid), not on any LRU, not charged;
 * free_kernel_pages gives it back.  Results as __alloc_pages.
 */
enum vm_fault_result alloc_kernel_pages(struct task *t, gfp_t gfp, unsigned int order, u32 *pfn);
void free_kernel_pages(struct sim *sim, u32 pfn, unsigned int order);

/* ---- shrink_slab (mm/shrinker.c) ---- */

/*
 * A shrinker (2.6.35..3.11 struct shrinker, as split into count and scan
 * by 3.12): @count gives the objects it could free, @scan frees up to
 * @nr of them and returns how many it freed, adding the pages that went
 * back to the buddy allocator to *@pages (the kernel's
 * reclaim_state->reclaimed_slab).  @seeks: the cost of recreating an
 * object (DEFAULT_SEEKS = 2); @nr: the scan deferred to the next call.
 */
struct shrinker {
	unsigned long (*count)(struct sim *sim, void *priv);
	unsigned long (*scan)(struct sim *sim, void *priv, unsigned long nr, u64 *pages);
	void *priv;
	unsigned int seeks;
	unsigned long nr;
	struct shrinker *next;
};
#define DEFAULT_SEEKS 2
#define SHRINK_BATCH 128
void register_shrinker(struct sim *sim, struct shrinker *s);
void unregister_shrinker(struct sim *sim, struct shrinker *s);
/*
 * shrink_slab - run every shrinker in proportion to @nr_pages_scanned of
 * @lru_pages (2.6.35..4.15's ratio).  Returns the objects freed; the pages
 * freed are added to *@reclaimed_slab.
 */
unsigned long shrink_slab(struct task *t, unsigned long nr_pages_scanned, u64 lru_pages,
			  u64 *reclaimed_slab);

/* kmsg_log - append @text to the kernel log at @t_ns (debug.c) */
void kmsg_log(struct sim *sim, u64 t_ns, const char *text);

/* ---- page allocation (mm/page_alloc.c) ---- */
/*
 * __alloc_pages - a block of 2^@order pages for @t with @gfp (gfp_check()
 * valid; zone and migratetype from it), as the kernel's
 * __alloc_pages/__alloc_pages_slowpath: fast path at the low watermark,
 * wake kswapd, min watermark less the reserves @gfp may use, direct
 * reclaim with retries, OOM.  On VM_FAULT_DONE *pfn is the first page;
 * VM_FAULT_NOMEM is a failure the caller must handle (counted and logged
 * by warn_alloc unless __GFP_NOWARN); VM_FAULT_OOM: @t was OOM-killed.
 */
enum vm_fault_result __alloc_pages(struct task *t, gfp_t gfp, unsigned int order, u32 *pfn);
void wakeup_kswapd(struct sim *sim, struct zone *zone, gfp_t gfp, int order,
		   enum zone_type highest_zoneidx);
struct pglist_data *task_node(struct task *t);
/*
 * The per-CPU page lists (pcp.c, mm/page_alloc.c v6.12), [policy]
 * pcp_lists (setup in page_alloc.h).  pcp_allowed_order - the orders
 * the lists hold.
 * rmqueue_pcplist - a 2^@order block of @migratetype from the running
 * CPU's list, refilled from the buddy lists when empty; NO_PFN when the
 * buddy lists have none either.  @z must have lists and @order be
 * allowed.
 * free_unref_page_pcp - put a freed 2^@order block (page state already
 * cleared) on the running CPU's list, giving pages back beyond high;
 * false when @pfn's zone has no lists or the order is not held (the
 * caller then frees it to the buddy lists).
 * drain_all_pages - every CPU's lists of @zone (NULL: all zones) back to
 * the buddy lists.  zone_pcp_pages - pages on @z's lists, all CPUs.
 */
bool pcp_allowed_order(const struct sim *sim, unsigned int order);
u32 rmqueue_pcplist(struct sim *sim, struct zone *z, unsigned int order, int migratetype,
		    unsigned int alloc_flags);
bool free_unref_page_pcp(struct sim *sim, u32 pfn, unsigned int order);
void drain_all_pages(struct sim *sim, struct zone *zone);
u64 zone_pcp_pages(const struct sim *sim, const struct zone *z);
/* zone_watermark_ok of the scenario's watermark_check policy */
bool wmark_ok(const struct sim *sim, const struct zone *z, unsigned int order, u64 mark,
	      enum zone_type highest_zoneidx, unsigned int alloc_flags);
/*
 * congestion_wait() (before v5.16, mm/backing-dev.c): sleep up to
 * @timeout_ns; a write request completing wakes the sleepers early
 * (clear_bdi_congested runs on each request freed below the congestion
 * threshold), so the nap is short while writeback is in flight and the
 * whole timeout when nothing is being written.
 */
void congestion_wait(struct task *t, u64 timeout_ns);
/* wait_iff_congested() (v3.11..5.15): congestion_wait only when a device
 * is congested and @pgdat is tagged PGDAT_CONGESTED; true if it slept */
bool wait_iff_congested(struct task *t, struct pglist_data *pgdat, u64 timeout_ns);
/*
 * did_some_progress() - with alloc_retry = no_progress: is try_to_free_pages'
 * result (@nr_reclaimed pages, @all_unreclaimable: its last pass found
 * every zone all_unreclaimable) progress, by the policy's 2.6.x rule?
 */
bool did_some_progress(const struct sim *sim, unsigned long nr_reclaimed, bool all_unreclaimable);
/* the 2008 reclaim throttle: give back a slot (vmscan.c) */
void reclaim_throttle_exit(struct task *t);
bool pgdat_balanced(struct sim *sim, struct pglist_data *pgdat, int order,
		    enum zone_type highest_zoneidx);

/* ---- memcg (mm/memcontrol.c, cgroup v1 hard limit) ---- */
int mem_cgroups_init(struct sim *sim, char *err, size_t errlen);
void mem_cgroups_free(struct sim *sim);
extern struct memcg_vmstats memcg_vmstats_none;
/*
 * memcg_vmstats_alloc - let @memcg count: its own statistics (struct
 * memcg_vmstats) allocated, if not yet.  0, or -1 when out of memory.
 */
int memcg_vmstats_alloc(struct mem_cgroup *memcg);
struct mem_cgroup *mem_cgroup_from_id(struct sim *sim, u16 id);
/*
 * mem_cgroup_charge - charge page @pfn to @t's memcg (try_charge_memcg):
 * batch of MEMCG_CHARGE_BATCH through the CPU's stock, limit reclaim on
 * failure, MAX_RECLAIM_RETRIES, then memcg OOM.
 */
enum vm_fault_result mem_cgroup_charge(struct task *t, u32 pfn, gfp_t gfp);
void mem_cgroup_uncharge(struct sim *sim, u32 pfn);
/* drain_stock(): give a CPU's pre-charged pages back */
void mem_cgroup_drain_stock(struct memcg_stock *stock);
/* a page moved to swap: memory uncharged, memsw kept (v1 mem_cgroup_swapout) */
void mem_cgroup_swapout(struct sim *sim, u32 pfn, u64 slot);
void mem_cgroup_uncharge_swap(struct sim *sim, u64 slot);
u64 mem_cgroup_margin(const struct mem_cgroup *memcg);
/* The memcg the scenario names @name ("", "/" or NULL: the root); NULL if none. */
/*
 * mem_cgroup_by_name - the group @name names: "" or "/" the root, a
 * [cgroup] section's name or a group's path ("A/B/C"); NULL if none.
 */
struct mem_cgroup *mem_cgroup_by_name(struct sim *sim, const char *name);
/* The path of [cgroup] section @i into @buf: 0, or -1 (missing parent, loop, too long). */
int scn_cgroup_path(const struct scenario *s, unsigned int i, char *buf, size_t len);
/* Does @ref name a group of @s (mem_cgroup_by_name's rules)? */
bool memcg_cgroup_exists(const struct scenario *s, const char *ref);
/* the psi group @memcg's memory.pressure shows (see cgroup_psi in memcontrol.c) */
struct psi_group *mem_cgroup_psi(struct sim *sim, struct mem_cgroup *memcg);
/* sim->eng.task_psi_group: the psi group @t's stalls count in first */
struct psi_group *mem_cgroup_task_psi(struct task *t);
bool mem_cgroup_is_descendant(const struct mem_cgroup *memcg, const struct mem_cgroup *root);
/*
 * rstat (policy memcg_stats = rstat, v5.13+): the LRU sizes of @lruvec
 * (descendants included) as the last flush left them, in pages;
 * lruvec_page_state_lru reads them, lruvec_lru_size_changing is called
 * before they change; mem_cgroup_flush_stats makes @memcg's subtree exact
 * (a read of its memory.stat).  With memcg_stats = exact the sizes read
 * are the current ones.
 */
u64 lruvec_page_state_lru(struct sim *sim, struct lruvec *lruvec, enum lru_list lru);
void lruvec_lru_size_changing(struct sim *sim, struct lruvec *lruvec);
void mem_cgroup_flush_stats(struct sim *sim, struct mem_cgroup *memcg);
/*
 * css_next_descendant_pre - the group after @pos (NULL: start) in a
 * pre-order walk of @root's subtree, NULL at its end.
 */
struct mem_cgroup *css_next_descendant_pre(struct mem_cgroup *pos, struct mem_cgroup *root);
/* mem_cgroup_reclaim_cookie (v6.12): a reclaimer's share of a walk of one node */
struct mem_cgroup_reclaim_cookie {
	struct pglist_data *pgdat;
	unsigned int generation;
};
/*
 * mem_cgroup_iter - the next group of @root's subtree (NULL root: all)
 * after @prev (NULL: the first call of a walk), NULL at the end.  With
 * @reclaim the walk resumes at the position every reclaimer of @root on
 * reclaim->pgdat shares, and ends early once another walker completed the
 * round (generation).
 */
struct mem_cgroup *mem_cgroup_iter(struct sim *sim, struct mem_cgroup *root,
				   struct mem_cgroup *prev,
				   struct mem_cgroup_reclaim_cookie *reclaim);
/* mem_cgroup_iter_cond's filter verdicts (2013 soft limit rework v5) */
enum mem_cgroup_filter {
	MEMCG_VISIT, /* return the group */
	MEMCG_SKIP, /* not the group, but go on into its subtree */
	MEMCG_SKIP_TREE, /* neither the group nor its subtree */
};
/*
 * mem_cgroup_iter_cond - mem_cgroup_iter over the groups @filter lets
 * through (its verdict for each group looked at; it may charge @t);
 * groups filtered out do not move the shared cursor's generation on.
 */
struct mem_cgroup *
mem_cgroup_iter_cond(struct task *t, struct mem_cgroup *root, struct mem_cgroup *prev,
		     struct mem_cgroup_reclaim_cookie *reclaim,
		     enum mem_cgroup_filter (*filter)(struct task *t, struct mem_cgroup *memcg,
						      struct mem_cgroup *root));

/* ---- the v1 soft limit (memcontrol-v1.c; [policy] soft_limit_reclaim) ---- */
/* pages of @memcg's usage over its soft limit, 0 if none */
u64 soft_limit_excess(const struct mem_cgroup *memcg);
/* the tree of groups in excess of zone @zid of @pgdat (the node's when zone_reclaim = off) */
struct memcg_soft_mz **soft_limit_tree(struct sim *sim, struct pglist_data *pgdat,
				       enum zone_type zid);
/* put @mz on @tree keyed by @excess pages (nothing if 0 or already on it) */
void soft_tree_insert(struct memcg_soft_mz **tree, struct memcg_soft_mz *mz, u64 excess);
/* take the largest entry still in excess off @tree; NULL if none */
struct memcg_soft_mz *soft_tree_pop_largest(struct memcg_soft_mz **tree);
/* refresh @memcg's and its ancestors' entries on the tree of page @pfn's zone */
void mem_cgroup_update_tree(struct sim *sim, struct mem_cgroup *memcg, u32 pfn);
/* keep the ancestors' children_in_excess as @memcg enters or leaves its excess */
void mem_cgroup_update_soft_limit(struct mem_cgroup *memcg);
/* a page of @memcg charged or uncharged: the 1024-event soft-limit tick */
void memcg_check_events(struct sim *sim, struct mem_cgroup *memcg, u32 pfn);
/*
 * soft-limit reclaim of zone @zid of @pgdat (order 0 only): pages
 * reclaimed; *@total_scanned grows by the pages scanned
 */
unsigned long mem_cgroup_soft_limit_reclaim(struct task *t, struct pglist_data *pgdat,
					    enum zone_type zid, int order,
					    unsigned long *total_scanned);
/* is @memcg or an ancestor in excess?  Charges memcg_excess_ns per group tested */
bool mem_cgroup_soft_reclaim_eligible(struct task *t, struct mem_cgroup *memcg);
/* the same as mem_cgroup_iter_cond's filter, up to @root, with SKIP / SKIP_TREE */
enum mem_cgroup_filter mem_cgroup_soft_reclaim_filter(struct task *t, struct mem_cgroup *memcg,
						      struct mem_cgroup *root);
/*
 * mem_cgroup_shrink_node (vmscan.c) - soft reclaim of @memcg's pages in
 * zone @zid (the node's when zone_reclaim = off) at priority 0, 32 pages,
 * as limit reclaim; returns the pages reclaimed, *@nr_scanned the scanned
 */
unsigned long mem_cgroup_shrink_node(struct task *t, struct mem_cgroup *memcg,
				     struct pglist_data *pgdat, enum zone_type zid,
				     unsigned long *nr_scanned);
/* memcg_memory_event - count @event in memory.events(.local), up the tree for v2 */
void memcg_memory_event(struct sim *sim, struct mem_cgroup *memcg, enum memcg_memory_event event);
/* effective protection of @memcg for a reclaim of @root (NULL: global), SPEC 6.4 */
void mem_cgroup_calculate_protection(struct sim *sim, struct mem_cgroup *root,
				     struct mem_cgroup *memcg);
bool mem_cgroup_below_min(const struct mem_cgroup *target, const struct mem_cgroup *memcg);
bool mem_cgroup_below_low(const struct mem_cgroup *target, const struct mem_cgroup *memcg);
/* emin/elow in pages that get_scan_count scales by; 0 for the target itself */
void mem_cgroup_protection(const struct mem_cgroup *root, const struct mem_cgroup *memcg,
			   unsigned long *min, unsigned long *low);
/*
 * calculate_high_delay - memory.high penalty in jiffies (uncapped) for a
 * task that charged @nr_pages over high, at @max_overage ((usage - high)
 * / high in 2^-20 units).
 */
unsigned long calculate_high_delay(unsigned int nr_pages, u64 max_overage);
/* mem_cgroup_handle_over_high - memory.high reclaim and penalty of @t (may sleep) */
void mem_cgroup_handle_over_high(struct task *t);
/*
 * memory_reclaim - a write of @nr_pages to @memcg's memory.reclaim, run
 * by @t (may sleep): 0, -EAGAIN when reclaim gave up, -EINTR if @t was
 * OOM-killed meanwhile.
 */
int memory_reclaim(struct task *t, struct mem_cgroup *memcg, u64 nr_pages, u64 *nr_reclaimed);
/* drain_all_stock() - every CPU's charge stock of @root's subtree goes back */
void drain_all_stock(struct sim *sim, struct mem_cgroup *root);
/* the memory.oom.group that dies with @victim, or NULL (v2 only) */
struct mem_cgroup *mem_cgroup_get_oom_group(struct sim *sim, struct task *victim,
					    struct mem_cgroup *oom_domain);
/* swap slot @slot of page @pfn charged to a v2 group's swap counter; false over swap.max */
bool mem_cgroup_try_charge_swap(struct sim *sim, u32 pfn, u64 slot);

/* ---- hierarchical page counters (mm/page_counter.c), values in pages ---- */
void page_counter_init(struct page_counter *c, struct page_counter *parent);
void page_counter_charge(struct page_counter *counter, u64 nr);
/* false (and *@fail = the counter at its max) when a counter up the tree would exceed max */
bool page_counter_try_charge(struct page_counter *counter, u64 nr, struct page_counter **fail);
void page_counter_uncharge(struct page_counter *counter, u64 nr);
void page_counter_set_min(struct page_counter *counter, u64 nr);
void page_counter_set_low(struct page_counter *counter, u64 nr);
/* page_counter_set_max - 0, or -EBUSY (max unchanged) when usage is above @nr */
int page_counter_set_max(struct page_counter *counter, u64 nr);
/* effective_protection (SPEC 6.4): all arguments and the result in pages */
u64 effective_protection(u64 usage, u64 parent_usage, u64 setting, u64 parent_effective,
			 u64 siblings_protected, bool recursive_protection);
/* @counter's emin/elow for a reclaim rooted at @root (the walk is pre-order) */
void page_counter_calculate_protection(struct page_counter *root, struct page_counter *counter,
				       bool recursive_protection);

/* ---- reclaim (mm/vmscan.c) ---- */
/*
 * try_to_free_pages() (v6.12): global direct reclaim of SWAP_CLUSTER_MAX
 * pages for an allocation of @order up to @highest_zoneidx, in @t's
 * coroutine (it takes steps and may sleep); counts ALLOCSTALL.  Returns
 * the pages reclaimed; *all_unreclaimable says whether its last pass
 * skipped every node as all_unreclaimable (2.6.x).
 */
unsigned long try_to_free_pages(struct task *t, int order, enum zone_type highest_zoneidx,
				bool *all_unreclaimable);
/*
 * try_to_free_mem_cgroup_pages() (v6.12): limit reclaim of @memcg's
 * subtree over all zones, max(@nr_pages, SWAP_CLUSTER_MAX) pages, in @t's
 * coroutine.  Returns the pages reclaimed.
 */
unsigned long try_to_free_mem_cgroup_pages(struct task *t, struct mem_cgroup *memcg,
					   unsigned long nr_pages, bool may_swap);
/* A task killed in the middle of reclaim: its isolated batch back to the LRU. */
void reclaim_abort(struct task *t);
/* kswapd() (v6.12): the body of a node's kswapd task; t->fn_arg is the node. */
void kswapd(struct task *t);
unsigned long zone_reclaimable_pages(struct sim *sim, struct zone *zone);
/*
 * node_reclaim() (v6.12): reclaim the page cache of @zone's node for @t's
 * allocation of @order that found @zone below its watermark
 * (vm.zone_reclaim_mode).  NODE_RECLAIM_NOSCAN, NODE_RECLAIM_FULL, or
 * whether it reclaimed 2^@order pages.
 */
int node_reclaim(struct task *t, struct zone *zone, gfp_t gfp, unsigned int order);
/*
 * zone_allows_reclaim() (v6.12; the reclaim_nodes mask 3.x built at boot):
 * may an allocation preferring node @local reclaim node @nid first?
 */
bool zone_allows_reclaim(const struct sim *sim, unsigned int local, unsigned int nid);
/* The boot's node_reclaim state: vm.zone_reclaim_mode and min_unmapped_pages. */
void node_reclaim_init(struct sim *sim);
bool inactive_is_low(struct sim *sim, struct lruvec *lruvec, enum lru_list inactive_lru);
enum scan_balance { SCAN_EQUAL, SCAN_FRACT, SCAN_ANON, SCAN_FILE };
/* prepare_scan_control() (v6.12): costs, may_deactivate, cache_trim_mode,
 * file_is_tiny of @sc for a shrink_node of @pgdat. */
void prepare_scan_control(struct sim *sim, struct pglist_data *pgdat, struct scan_control *sc);
/* get_scan_count() (v6.12): pages of each evictable list of @lruvec to
 * scan at sc->priority, into nr[NR_LRU_LISTS]. */
void get_scan_count(struct sim *sim, struct lruvec *lruvec, struct scan_control *sc,
		    unsigned long *nr);
enum folio_references {
	FOLIOREF_RECLAIM,
	FOLIOREF_RECLAIM_CLEAN,
	FOLIOREF_KEEP,
	FOLIOREF_ACTIVATE,
};
/*
 * isolate_lru_folios() (v6.12; the 2.6.x lumpy neighbours by policy):
 * take up to @nr_to_scan pages from the tail of @lruvec's @lru into the
 * batch @isol (isolated_init'ed), lumpy neighbours counted against
 * @nr_to_scan; *@nr_scanned = pages looked at.  Returns the pages taken.
 */
unsigned long isolate_lru_folios(struct task *t, unsigned long nr_to_scan, struct lruvec *lruvec,
				 struct isolated_folios *isol, unsigned long *nr_scanned,
				 struct scan_control *sc, enum lru_list lru);
/*
 * shrink_folio_list() (v6.12; 2.6.35 shrink_page_list by policy) of the
 * batch @isol in @t's coroutine (it yields a step per page): returns the
 * pages freed; the survivors are on isol->ret_folios, @stat says what it
 * saw.  sc->pageout_io selects lumpy reclaim's synchronous pass.
 */
unsigned long shrink_folio_list(struct task *t, struct isolated_folios *isol,
				struct pglist_data *pgdat, struct scan_control *sc,
				struct reclaim_stat *stat);
/*
 * shrink_active_list() (v6.12, older rules by policy): deactivate up to
 * @nr_to_scan pages of @lruvec's active list @lru in @t's coroutine.
 */
void shrink_active_list(struct task *t, unsigned long nr_to_scan, struct lruvec *lruvec,
			struct scan_control *sc, enum lru_list lru);
/* folio_check_references() (v6.12) for page @pfn, reclaimed by @t. */
enum folio_references folio_check_references(struct task *t, u32 pfn);
/* An anon page whose last mapper went while someone held it (a reclaimer's
 * isolation, a per-CPU batch): only that holder's reference is left. */
bool folio_orphaned(const struct page *page);
void acct_reclaim_writeback(struct sim *sim, struct pglist_data *pgdat, unsigned long nr);

/* ---- rmap (mm/rmap.c) ---- */
/*
 * folio_referenced() (v6.12): the number of PTEs mapping @pfn whose young
 * bit was set (the bits are cleared), and the union of their VMAs' flags
 * in *vm_flags; madvised mappings as seq_read_references says.  @t pays
 * rmap_ns per mapping visited.
 */
int folio_referenced(struct task *t, u32 pfn, unsigned long *vm_flags);
/*
 * try_to_unmap() (v6.12, TTU_BATCH_FLUSH from reclaim): clear every PTE
 * mapping @pfn.  Anon pages in the swap cache leave swap entries; a clean
 * lazyfree page (anon, !SwapBacked) is discarded, a re-dirtied one gets
 * SwapBacked back and stays mapped; with TTU_FREE (lazyfree = anon_lru) a
 * clean anon page is discarded too; file pages move a dirty PTE to
 * PG_dirty.  TLB shootdowns follow the tlb_flush policy.  Returns true when
 * no PTE maps the page any more.
 */
enum ttu_flags {
	TTU_FREE = 1, /* v4.5-4.11: a clean anon page may be discarded (lazyfree) */
};
bool try_to_unmap(struct task *t, u32 pfn, enum ttu_flags flags);
/*
 * rmap_migrate - v6.12 try_to_migrate + remove_migration_ptes: every PTE
 * mapping @src maps @dst instead (young and dirty bits kept), each
 * flushed from the TLB; @t pays the walk.  Reads @src's struct page, so
 * call it before the page's state moves to @dst.
 */
void rmap_migrate(struct task *t, u32 src, u32 dst);
/*
 * anon_vma_link - give the new @mm its anon_vma (anon_vma_prepare), or for
 * a child of @parent link it as fork does (anon_vma_fork v2.6.34+,
 * anon_vma_link before).  0 or -ENOMEM.
 */
int anon_vma_link(struct sim *sim, struct mm_struct *mm, struct mm_struct *parent);
/* unlink_anon_vmas(): @mm leaves every anon_vma it is linked to */
void anon_vma_unlink(struct sim *sim, struct mm_struct *mm);
/* the anon_vma a page newly mapped by @mm is filed under (folio_add_new_anon_rmap) */
u32 anon_vma_for_new_page(struct sim *sim, struct mm_struct *mm, bool exclusive);
/* @mm is the first to map anon @pfn: the rmap walk's shortcut to it (rmap.c) */
void rmap_note_mapper(struct sim *sim, u32 pfn, const struct mm_struct *mm);
/* page_mapcount_inc/dec: one PTE more/fewer maps @pfn; the new count (rmap.c) */
unsigned int page_mapcount_inc(struct sim *sim, u32 pfn);
unsigned int page_mapcount_dec(struct sim *sim, u32 pfn);

/* rmap.c's hint: false if folio_maybe_shared(frame @pfn) is false */
static inline bool page_shared_hint_test(const struct sim *sim, u32 pfn)
{
	return sim->maybe_shared[pfn / 64] >> (pfn % 64) & 1;
}

/* migration: frame @dst takes frame @src's mappings, and its hint */
static inline void page_shared_hint_copy(struct sim *sim, u32 src, u32 dst)
{
	if (page_shared_hint_test(sim, src))
		sim->maybe_shared[dst / 64] |= 1ULL << (dst % 64);
	else
		sim->maybe_shared[dst / 64] &= ~(1ULL << (dst % 64));
}
/* i_mmap_insert: the VMA @vma_idx of @mm maps @mapping */
int i_mmap_insert(struct address_space *mapping, struct mm_struct *mm, u32 vma_idx);
void i_mmap_remove(struct address_space *mapping, struct mm_struct *mm, u32 vma_idx);
/* unlink_file_vma - i_mmap_remove under the mapping's i_mmap lock, taken for write */
void unlink_file_vma(struct sim *sim, struct mm_struct *mm, u32 vma_idx);

/* ---- TLB shootdown (arch/x86/mm/tlb.c, mm/rmap.c; v6.12) ---- */
/*
 * flush_tlb_mm_range(): @t changed @mm's PTEs and flushes at once: one IPI
 * to each other CPU that has @mm loaded.  The sender waits (tlb_ipi_ns),
 * each target loses tlb_irq_ns.
 */
void flush_tlb_mm_range(struct task *t, struct mm_struct *mm);
/* set_tlb_ubc_flush_pending(): defer the flush of a PTE of @mm to the batch */
void set_tlb_ubc_flush_pending(struct task *t, struct mm_struct *mm, bool writable);
/* try_to_unmap_flush(): flush the batch, one IPI per CPU in it */
void try_to_unmap_flush(struct task *t);
/* try_to_unmap_flush_dirty(): flush if a dirty PTE is pending (before pageout) */
void try_to_unmap_flush_dirty(struct task *t);
/* a dying mm: no CPU has it loaded any more */
void tlb_mm_forget(struct sim *sim, struct mm_struct *mm);
/*
 * switch_mm - @next gets CPU @cpu (sim->eng.switch_to, from the scheduler):
 * a user task loads its mm there; a kernel thread borrows the last one
 * (lazy TLB).
 */
void switch_mm(struct sim *sim, unsigned int cpu, struct task *next);

/* The charge stock of the CPU @t runs on (this_cpu_ptr(&memcg_stock)). */
static inline struct memcg_stock *task_stock(const struct task *t)
{
	return &t->sim->mm_cpus[task_cpu(t)].stock;
}

/* ---- madvise (mm/madvise.c, v6.12) ---- */
#define MADV_NORMAL 0
#define MADV_RANDOM 1
#define MADV_SEQUENTIAL 2
#define MADV_DONTNEED 4
#define MADV_FREE 8
/*
 * do_madvise - madvise(@vpn, @pages pages, @advice) by @t on its own mm.
 * MADV_DONTNEED zaps the range now; MADV_FREE makes the pages lazily
 * freed per the lazyfree policy (with anon_lru and no free swap it is
 * MADV_DONTNEED).  Both flush the TLB of the other CPUs running the mm.
 * MADV_NORMAL, MADV_RANDOM and MADV_SEQUENTIAL set the VMAs' read hint
 * for mmap readahead, each VMA the range touches whole.
 * Returns 0, -ENOMEM if part of the range is not mapped, or -EINVAL:
 * unknown advice, a locked VMA, MADV_FREE on a file mapping or on a
 * kernel without it (lazyfree = none).
 */
int do_madvise(struct task *t, u64 vpn, u64 pages, int advice);
/* lru_add_drain(): move CPU @cpu's lazyfree batch to the LRU */
void lru_add_drain(struct sim *sim, unsigned int cpu);
/* smaps LazyFree of @mm in pages: anon, !SwapBacked, PTE and folio clean */
u64 mm_lazyfree_pages(struct sim *sim, struct mm_struct *mm);

/* ---- swap (mm/swapfile.c, mm/swap_state.c, mm/page_io.c) ---- */
int swap_init(struct sim *sim);
void swap_free_all(struct sim *sim);
/* add_to_swap: a slot for @pfn, allocated on CPU @cpu (its cluster on a solid-state device) */
bool add_to_swap(struct sim *sim, u32 pfn, unsigned int cpu);
void swap_writepage(struct sim *sim, struct task *t, u32 pfn);
void delete_from_swap_cache(struct sim *sim, u32 pfn, u64 shadow);
void __delete_from_swap_cache(struct sim *sim, u32 pfn, u64 shadow);
void put_swap_folio(struct sim *sim, u64 slot);
/* drop one PTE reference to @slot; frees the slot (and a clean,
 * unused swap cache page) when nothing refers to it */
void free_swap_and_cache(struct sim *sim, u64 slot);
void swap_free(struct sim *sim, u64 slot);
bool folio_free_swap(struct sim *sim, u32 pfn);
bool vm_swap_full(const struct sim *sim);
bool mem_cgroup_swap_full(struct sim *sim, u32 pfn);
enum vm_fault_result swapin_readahead(struct task *t, struct vm_area_struct *vma, u64 vpn);
/*
 * A fault at @vpn of @vma found its page @pfn in the swap cache: a hit of
 * swap readahead if the page was read ahead and not used yet (v6.12
 * swap_cache_get_folio); feeds the next readahead window.
 */
void swap_cache_ra_hit(struct sim *sim, struct vm_area_struct *vma, u64 vpn, u32 pfn);
u64 get_nr_swap_pages(const struct sim *sim);
/* __swap_count() (v6.12): the PTEs (swap entries) that refer to @slot */
static inline unsigned int __swap_count(const struct sim *sim, u64 slot)
{
	return sim->swap->swap_map[slot] & ~SWAP_HAS_CACHE;
}

/* ---- workingset (mm/workingset.c) ---- */
/* @target: the reclaim's target memcg, NULL for global reclaim */
u64 workingset_eviction(struct sim *sim, u32 pfn, struct mem_cgroup *target);
void workingset_refault(struct sim *sim, u32 pfn, u64 shadow);
/*
 * workingset_shadow_offline - the shadow of a page reclaim evicted from a
 * group that is gone since (its id finds no memcg): when the page comes
 * back its refault counts, and it is not activated.
 */
u64 workingset_shadow_offline(void);
void workingset_activation(struct sim *sim, u32 pfn);
struct list_lru_one *workingset_node_lru(struct sim *sim, u64 entry);
void workingset_update_node(struct xa_node *node);
/*
 * shrink_shadow_nodes - the shadow-node shrinker's do_shrink_slab() on
 * @lruvec's list; @nr_scanned of @nr_eligible LRU pages were scanned
 */
void shrink_shadow_nodes(struct sim *sim, struct lruvec *lruvec, int priority, u64 nr_scanned,
			 u64 nr_eligible);

/* ---- address spaces and faults (mm/memory.c, mm/mmap.c, kernel/fork.c) ---- */
struct mm_struct *mm_alloc(struct sim *sim, struct task *owner);
/* get_mm_rss() (v6.12): pages of @mm mapped (file + anon; the model has no shmem) */
static inline u64 get_mm_rss(const struct mm_struct *mm)
{
	long rss = mm->rss_stat[MM_FILEPAGES] + mm->rss_stat[MM_ANONPAGES];

	return rss < 0 ? 0 : (u64)rss;
}
/*
 * update_hiwater_rss() (v6.12): fold the RSS into hiwater_rss.  The kernel
 * does so only where pages are unmapped on purpose (munmap, madvise) and at
 * exit, not on every fault, nor when reclaim unmaps: a peak that reclaim
 * cut down before the next such point is not seen, and the model keeps that.
 */
static inline void update_hiwater_rss(struct mm_struct *mm)
{
	u64 rss = get_mm_rss(mm);

	if (mm->hiwater_rss < rss)
		mm->hiwater_rss = rss;
}
/* get_mm_hiwater_rss() (v6.12): VmHWM, pages */
static inline u64 get_mm_hiwater_rss(const struct mm_struct *mm)
{
	u64 rss = get_mm_rss(mm);

	return mm->hiwater_rss > rss ? mm->hiwater_rss : rss;
}
/* mmap an anonymous region of @pages pages; returns its first vpn, 0 on ENOMEM */
u64 mmap_anon(struct mm_struct *mm, u64 pages);
/*
 * mmap_file - a read-only shared mapping (PROT_READ, MAP_SHARED) of
 * @pages pages of @mapping from page @pgoff; a read fault maps the page
 * cache page (filemap_fault), a write fault is a SIGSEGV (VM_FAULT_OOM
 * result, never done by the workloads).  Returns the first vpn, 0 on
 * ENOMEM or a range beyond the file.
 */
u64 mmap_file(struct mm_struct *mm, struct address_space *mapping, u64 pgoff, u64 pages);
/* mmap_file_exec - the same, executable (PROT_READ | PROT_EXEC: VM_EXEC, program text) */
u64 mmap_file_exec(struct mm_struct *mm, struct address_space *mapping, u64 pgoff, u64 pages);
/*
 * do_munmap - unmap the whole VMA that starts at @vpn (zap its pages,
 * flush the TLB, free its page tables).  0, or -EINVAL if no VMA starts
 * there.
 */
int do_munmap(struct task *t, u64 vpn);
/*
 * dup_mm - fork(): a copy of @oldmm for @child (copy_page_range):
 * private anon pages become shared copy-on-write (mapcount + 1, the child's
 * PTEs old), swap entries gain a reference, file mappings are shared.
 * NULL on ENOMEM.
 */
struct mm_struct *dup_mm(struct sim *sim, struct task *child, struct mm_struct *oldmm);
enum vm_fault_result handle_mm_fault(struct task *t, u64 vpn, bool write);
void count_fault(struct task *t);
/* folio_add_*_rmap_pte() - @pte maps @pfn with PTE @bits, one mapping more */
void folio_add_rmap_pte(struct sim *sim, struct mm_struct *mm, pte_t *pte, u32 pfn, pte_t bits);
void exit_mmap(struct sim *sim, struct mm_struct *mm);
/*
 * zap_pte - clear one PTE of @mm (zap_pte_range, v6.12): a swap entry
 * drops its slot reference, a page its mapping; an anon page whose last
 * mapping this was is freed unless someone else holds it (a reclaimer
 * that isolated it, I/O, a per-CPU batch, or the swap cache while PTEs of
 * the fork family still hold its slot).  No TLB flush: the caller
 * flushes once for the range.
 */
void zap_pte(struct sim *sim, struct mm_struct *mm, pte_t *pte);
void mmput(struct sim *sim, struct mm_struct *mm);
struct vm_area_struct *find_vma(struct mm_struct *mm, u64 vpn);

/* ---- page cache (mm/filemap.c, mm/readahead.c, mm/page-writeback.c) ---- */
struct address_space *file_create(struct sim *sim, const char *name, u64 pages);
void mapping_tag_dirty(struct address_space *mapping, u64 index, bool set);
u64 mapping_find_dirty(const struct address_space *mapping, u64 start);
enum vm_fault_result filemap_read(struct task *t, struct address_space *mapping, u64 index,
				  unsigned long req_pages);
enum vm_fault_result filemap_write(struct task *t, struct address_space *mapping, u64 index,
				   u64 len);
/*
 * filemap_fault - the page at @index of file mapping @vma into *pfn for a
 * read fault: found, or read with mmap readahead (the fault becomes
 * major); VM_FAULT_RETRY after waiting for a page being read
 */
enum vm_fault_result filemap_fault(struct task *t, const struct vm_area_struct *vma, u64 index,
				   u32 *pfn);
/* filemap_map_pages - fault-around: map the ready pages of [@start, @end); true if @vpn's */
bool filemap_map_pages(struct task *t, struct vm_area_struct *vma, u64 start, u64 end, u64 vpn);
/* the resident page at @index, NO_PFN if none (xa_load) */
u32 mapping_pfn(const struct address_space *mapping, u64 index);
/* folio_wait_locked / folio_wait_writeback - sleep in place until @pfn's flag clears */
void folio_wait_locked(struct task *t, u32 pfn);
void folio_wait_writeback(struct task *t, u32 pfn);
/*
 * folio_lock_or_retry() (v6.12, FAULT_FLAG_ALLOW_RETRY): a fault that must
 * wait for a locked folio drops mmap_lock before it sleeps, so that
 * munmap and madvise are not held up by its I/O, and is taken again
 * (VM_FAULT_RETRY).
 */
static inline enum vm_fault_result folio_lock_or_retry(struct task *t, u32 pfn)
{
	if (mm_task(t)->mmap_read_held)
		mmap_read_unlock(t, mm_task(t)->mmap_read_held);
	folio_wait_locked(t, pfn);
	return VM_FAULT_RETRY;
}
void folio_end_writeback(struct sim *sim, u32 pfn);
/* pageout() of a dirty file page by reclaim (kernels with ->writepage) */
void pageout_file(struct sim *sim, struct task *t, u32 pfn);
/* file_page_sector - where page-cache page @pfn lies on the disk, in pages (page-writeback.c) */
u64 file_page_sector(struct sim *sim, u32 pfn);
/* wakeup_flusher_threads - reclaim's writeback work of @nr_pages pages, 0: all */
void wakeup_flusher_threads(struct sim *sim, u64 nr_pages);
/* the pages of reclaim's works queued for the flusher, not yet started */
u64 flusher_queued_pages(const struct sim *sim);
/* wb_start_background_writeback - write until dirty pages are under the background threshold */
void wb_start_background_writeback(struct sim *sim);
/* The flusher thread's body (wb_workfn). */
void flusher(struct task *t);
u64 global_dirty_limit(const struct sim *sim, u64 *background);
/*
 * throttle_vm_writeout - nap HZ/10 in congestion_wait while the pages under
 * writeback pass 1.1 x the dirty limit; once at most without __GFP_FS and
 * __GFP_IO in @gfp (2.6.x..4.10, the end of each group's shrink_lruvec).
 */
void throttle_vm_writeout(struct task *t, gfp_t gfp);
bool filemap_remove_folio(struct sim *sim, u32 pfn, u64 shadow);
/*
 * fsync() of @mapping as file_write_and_wait_range() does it: write every
 * dirty page (filemap_fdatawrite), then wait for all of them
 * (filemap_fdatawait); both sleep in place.
 */
void filemap_fdatawrite(struct task *t, struct address_space *mapping);
void filemap_fdatawait(struct task *t, struct address_space *mapping);
/*
 * truncate_inode_pages() (mm/truncate.c) of the whole file: every page is
 * freed (a dirty one without being written), shadows dropped, the size
 * set to 0; a page being read, under writeback or held by a reclaimer
 * makes @t sleep in place until it is free to go.  The file's pages must
 * not be mapped.
 */
void truncate_inode_pages(struct task *t, struct address_space *mapping);

/* ---- OOM (mm/oom_kill.c) ---- */
/*
 * out_of_memory - pick the task with the highest oom_badness among
 * @memcg's (NULL: all) user tasks and kill it.  Returns true if a task was
 * killed or a kill is still in progress.
 */
bool out_of_memory(struct task *current, struct mem_cgroup *memcg, gfp_t gfp, unsigned int order);
long oom_badness(struct task *p, u64 totalpages);
/* mems_allowed_str - the nodes a task may use, as dmesg prints them ("0", "0-3") */
void mems_allowed_str(const struct sim *sim, char *buf, size_t len);

/* ---- consistency checks (debug.c) ---- */
/* mm_verify - walk every frame and counter; 0, or -1 with the first
 * mismatch in @err. */
int mm_verify(struct sim *sim, char *err, size_t errlen);
/* mm_verify_items - about how many frames, PTEs and slots mm_verify visits */
u64 mm_verify_items(const struct sim *sim);

/* ---- pages for user and page-cache memory ---- */
/*
 * alloc_charged_page - allocate and charge one page with @gfp, sleeping
 * in place for reclaim; see alloc_pages.c.  task_release_held - exit's
 * cleanup of a page held between the two.
 */
enum vm_fault_result alloc_charged_page(struct task *t, gfp_t gfp, u32 *pfn);
/* alloc_charged_folio - the same for a folio of 2^@order pages, charged whole */
enum vm_fault_result alloc_charged_folio(struct task *t, gfp_t gfp, unsigned int order, u32 *pfn);
void task_release_held(struct task *t);
/*
 * ra_bio_add - the page @pfn, locked for reading from @dev, joins @t's
 * readahead batch (a new bio with @end_io and @sector when the last is
 * full or for another device); ra_bio_add_folio - the same in a bio of
 * its own; read_pages - submit the batch.
 */
void ra_bio_add(struct task *t, struct blkdev *dev, bio_end_io_t end_io, u64 sector, u32 pfn);
void ra_bio_add_folio(struct task *t, struct blkdev *dev, bio_end_io_t end_io, u64 sector, u32 pfn);
void read_pages(struct task *t);

/* ---- the scenario: mm's keys and cross-checks (src/config/reader.c) ---- */
/* the key tables, each beside the code it configures, by section */
struct cfg_table;
extern const struct cfg_table mm_init_machine_table, swapfile_machine_table, swapfile_policy_table,
	filemap_machine_table, memcontrol_machine_table;
extern const struct cfg_table page_alloc_sysctl_table, vmscan_sysctl_table,
	page_writeback_sysctl_table, swap_sysctl_table, compaction_sysctl_table;
extern const struct cfg_table page_alloc_policy_table, vmscan_policy_table,
	alloc_pages_policy_table, swap_policy_table, swap_state_policy_table, madvise_policy_table,
	tlb_policy_table, memcontrol_policy_table, rmap_policy_table, compaction_policy_table,
	page_writeback_policy_table, filemap_policy_table, oom_kill_policy_table,
	workingset_policy_table, vmstat_policy_table;
extern const struct cfg_table cost_table, shuffle_run_table, memcontrol_cgroup_table,
	memcontrol_cgroup_tree_table;
/*
 * memcg_check_cgroups - the [cgroup] sections of @s against each other
 * and the machine (memcontrol.c): limits of at least a page, memsw_limit
 * >= limit, parents that exist and form no cycle, the v1/v2 interface
 * rules.  0, or -1 with "FILE:LINE: [cgroup NAME] key: ..." in @err.
 */
int memcg_check_cgroups(const struct scenario *s, char *err, size_t errlen);

/*
 * The lines of [at TIME] sections (memcontrol_write.c): cgroup.NAME.KEY =
 * VALUE, KEY one of memcg_action_table's, whose order this is.
 */
enum memcg_action_key {
	MEMCG_ACT_MIN,
	MEMCG_ACT_LOW,
	MEMCG_ACT_HIGH,
	MEMCG_ACT_MAX,
	MEMCG_ACT_SWAP_MAX,
	MEMCG_ACT_OOM_GROUP,
	MEMCG_ACT_RECLAIM,
	MEMCG_ACT_LIMIT, /* the v1 ones from here */
	MEMCG_ACT_MEMSW_LIMIT,
	MEMCG_ACT_SWAPPINESS,
	NR_MEMCG_ACT,
};
extern const struct cfg_table memcg_action_table;
/*
 * memcg_check_actions - each action of @s names a group that exists, a
 * key of its interface, a time within run.duration and a limit of at
 * least a page: 0, or -1 with "FILE:LINE: [at] cgroup.NAME.KEY: ..."
 */
int memcg_check_actions(const struct scenario *s, char *err, size_t errlen);
/* memcg_actions_init - queue each [at TIME] section's writer; -1: out of memory */
int memcg_actions_init(struct sim *sim);

#endif

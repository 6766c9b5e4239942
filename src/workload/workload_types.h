/* SPDX-License-Identifier: MIT */
/*
 * workload_types.h - what a workload type provides (one file per type).
 */
#ifndef RECLAIMSIM_WORKLOAD_TYPES_H
#define RECLAIMSIM_WORKLOAD_TYPES_H

#include <stddef.h>

#include "workload.h"
#include "../mm/internal.h"
#include "../sim/config.h"

struct wl_ops {
	/* how many tasks the workload starts with (NULL: the tasks key) */
	unsigned int (*nr_tasks)(const struct scn_workload *cfg);
	/*
	 * how many more its tasks fork as they run (wl_fork), for what the
	 * run will hold (the host estimate); NULL: none counted
	 */
	unsigned int (*nr_forked)(const struct scn_workload *cfg);
	/* set up task @idx of @wl (its mm, files, t->wl_priv); 0 or -1 */
	int (*task_init)(struct workload_inst *wl, struct task *t, unsigned int idx);
	/*
	 * the task's program, as straight code in its coroutine: it returns
	 * when the program ends (exit(0)); an OOM kill ends it inside
	 * wl_retry() without returning
	 */
	void (*run)(struct task *t);
	/* free t->wl_priv (NULL: plain free) */
	void (*task_free)(struct task *t);
	/* a task ended or was killed: give back what it holds (may be NULL) */
	void (*task_exit)(struct task *t);
	/* free wl->priv's contents at teardown (may be NULL) */
	void (*free)(struct workload_inst *wl);
	/* the run ended: set the workload's figures from its tasks' state */
	void (*report)(struct workload_inst *wl);
	/*
	 * the [workload NAME] keys of this type beside the common ones
	 * (workload.c): descriptors, defaults and one line of documentation
	 * each; the table's doc says what the type mirrors
	 */
	const struct cfg_table *keys;
	/*
	 * the type's required keys, by value (a size given is > 0): the name
	 * of the first one missing, or NULL; checked when the file is read
	 * and again after --set (NULL: nothing required)
	 */
	const char *(*missing)(const struct scn_workload *w);
	/*
	 * cross-checks of its keys against each other and the machine, after
	 * every override: 0, or -1 with the message (cfg_fail_at) in @err
	 * (NULL: none)
	 */
	int (*validate)(const struct scenario *s, const struct scn_workload *w, char *err,
			size_t errlen);
	/*
	 * NULL: the type takes the common key rate, calls wl_rate() before
	 * each operation with the bytes it moves, and its key table's doc
	 * says what they are ("Rate counts bytes touched."); else why it
	 * takes no rate, for the message that refuses one
	 */
	const char *no_rate;
	/* its footprint keys (size) are shared by its tasks, not each task's */
	bool size_is_total;
	/* a page of its footprint is a file page it maps: a page table entry and an index slot */
	bool maps_file;
	/* the bytes of its footprint when its keys leave it to a default (NULL: the keys') */
	u64 (*default_footprint)(const struct scenario *s, const struct scn_workload *w);
};

extern const struct wl_ops anon_fill_ops;
extern const struct wl_ops file_write_ops;
extern const struct wl_ops file_read_ops;
extern const struct wl_ops hotset_stream_ops;
extern const struct wl_ops hackbench_ops;
extern const struct wl_ops madvise09_ops;
extern const struct wl_ops lru_file_mmap_read_ops;
extern const struct wl_ops ebizzy_ops;
extern const struct wl_ops text_loop_ops;
extern const struct wl_ops kalloc_ops;
extern const struct wl_ops highalloc_ops;
extern const struct wl_ops tbench_ops;
extern const struct wl_ops kernbench_ops;
extern const struct wl_ops iozone_ops;
extern const struct wl_ops simple_writeback_ops;
extern const struct wl_ops stress_highalloc_ops;

/*
 * A type's parameters: struct TYPE_params, declared by the type
 * (src/workload/TYPE.h), stored in scn_workload.params.  WL_PARAMS(P, w)
 * is @w's as a const struct P, WL_PARAMS_SET(P, obj) the same to store
 * into (a key setter's @obj is the struct scn_workload), WL_POFF(P, f)
 * the offset of field @f in struct scn_workload for the type's key table,
 * and WL_PARAMS_FIT(P) asserts that struct P fits the area.
 */
#define WL_PARAMS(ptype, w) ((const ptype *)(const void *)(w)->params)
#define WL_PARAMS_SET(ptype, obj) ((ptype *)(void *)((struct scn_workload *)(obj))->params)
#define WL_POFF(ptype, f) (offsetof(struct scn_workload, params) + offsetof(ptype, f))
#define WL_PARAMS_FIT(ptype)                                                          \
	_Static_assert(sizeof(ptype) <= sizeof(((struct scn_workload *)0)->params) && \
			       _Alignof(ptype) <= _Alignof(u64),                      \
		       #ptype " does not fit scn_workload.params (SCN_WL_PARAMS_BYTES)")

/*
 * Keys declared by several types (each type lists those it takes, with
 * its own meaning and its own field; cfg_section_keys() checks that the
 * declarations parse alike).
 */
#define WL_OFF(f) offsetof(struct scn_workload, f)
/* copies of the workload: types that size their own tasks leave it out */
#define WL_KEY_TASKS(tdoc)                                                                      \
	{                                                                                       \
		.name = "tasks", .type = CFG_UINT, .off = WL_OFF(tasks), .min = 1, .max = 4096, \
		.def = "1", .doc = (tdoc)                                                       \
	}
/* size into struct P's u64 size, its origin in P's int size_origin */
#define WL_KEY_SIZE(ptype, tdef_doc, tdoc)                                                         \
	{                                                                                          \
		.name = "size", .type = CFG_SIZE, .off = WL_POFF(ptype, size),                     \
		.flags = CFG_F_POSITIVE | CFG_F_ORIGIN, .origin_off = WL_POFF(ptype, size_origin), \
		.def_doc = (tdef_doc), .doc = (tdoc)                                               \
	}
/* then = exit | hold into struct P's bool hold (wl_hold: the task stays alive, idle) */
extern const char *const wl_then_values[];
#define WL_KEY_THEN(ptype, tdoc)                                                             \
	{                                                                                    \
		.name = "then", .type = CFG_ENUM, .off = WL_POFF(ptype, hold),               \
		.size = sizeof(bool), .values = wl_then_values, .def = "exit", .doc = (tdoc) \
	}
/* block into struct P's u64 block */
#define WL_KEY_BLOCK(ptype, tdoc)                                                \
	{                                                                        \
		.name = "block", .type = CFG_SIZE, .off = WL_POFF(ptype, block), \
		.flags = CFG_F_POSITIVE, .def = "1M", .doc = (tdoc)              \
	}

/*
 * User code runs until its step has used WL_QUANTUM_NS of CPU; then the
 * step ends (a preemption point: a tick or a wake-up that fell in the
 * step may hand the CPU to another task).  wl_tick() is called before each user-level operation.
 */
#define WL_QUANTUM_NS (50 * NSEC_PER_USEC)

/*
 * A step that issued this many user-level operations without using its
 * quantum is a loop whose operations cost nothing (costs set to 0):
 * virtual time would never pass, so the run stops with an error naming
 * the task (wl_stuck).  A real step issues at most a few thousand.
 */
#define WL_MAX_OPS_PER_STEP 10000000u

_Noreturn void wl_stuck(struct task *t);

static inline void wl_tick(struct task *t)
{
	if (t->wl_step != t->nr_steps) {
		t->wl_step = t->nr_steps;
		t->wl_ops = 0;
	}
	if (++t->wl_ops > WL_MAX_OPS_PER_STEP)
		wl_stuck(t);
	while (t->step_user_ns + t->step_sys_ns >= WL_QUANTUM_NS)
		cond_resched(t);
}

/*
 * wl_retry - what user space does with the result @r of a page fault or
 * system call: VM_FAULT_DONE ends the operation (a task that went to
 * sleep at its end sleeps now); VM_FAULT_RETRY (a system call that
 * waited with a lock dropped, to be taken again) and VM_FAULT_NOMEM
 * retry it in the next step (operations sleep in place, never "call
 * again when woken"); VM_FAULT_OOM means the task was killed: it exits
 * here and never returns.  Returns true when the operation is to be issued
 * again.
 */
bool wl_retry(struct task *t, enum vm_fault_result r);

/* WL_DO(t, op): issue the operation @op (an expression giving a
 * vm_fault_result) until it is done. */
#define WL_DO(t, op)        \
	do {                \
		wl_tick(t); \
	} while (wl_retry((t), (op)))

/*
 * wl_rate - before an operation that moves @bytes (what the type's rate
 * counts, wl_ops.rate): a task with a rate (the common key) that is ahead
 * of it sleeps in virtual time until its budget allows.  The budget is a
 * token bucket that holds no more than the operation at hand: bytes
 * accrue at the rate from the task's first operation, and a task that
 * fell behind (stalled in reclaim or I/O) starts afresh from now rather
 * than catching up, so the rate is a ceiling on every interval.
 */
void wl_rate_wait(struct task *t, u64 bytes);
static inline void wl_rate(struct task *t, u64 bytes)
{
	if (t->wl->cfg->rate)
		wl_rate_wait(t, bytes);
}

/*
 * wl_fork - @parent, a task of a workload, forks a child that runs @fn:
 * the parts of copy_process() (kernel/fork.c, v6.12; do_fork() in 2.6.x)
 * a workload needs.  The child counts among the workload's tasks (its
 * exit is the workload's), is charged to the parent's memcg (the css_set
 * it inherits) and runs on the parent's CPUs (dup_task_struct copies
 * cpus_mask).  It has no mm yet (the caller gives it dup_mm() or none)
 * and is not yet runnable: the caller wakes it (wake_up_new_task()).
 * NULL when the task cannot be made.
 */
struct task *wl_fork(struct task *parent, task_fn fn);
/*
 * wl_background - @t no longer keeps the run going: the run ends when
 * every task of every workload has exited or gone to the background (a
 * workload whose tasks all did counts as finished, its end the time the
 * last one went).  For a program that loops or holds until the others end.
 */
void wl_background(struct task *t);
/*
 * wl_hold - @t keeps what it has mapped, untouched, until the run ends
 * (or it is OOM-killed): it goes to the background and sleeps for good.
 */
_Noreturn void wl_hold(struct task *t);

/* MemTotal in pages: totalram_pages(), the managed pages of every zone. */
static inline u64 wl_totalram_pages(const struct sim *sim)
{
	u64 managed = 0;

	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		for (int z = 0; z < MAX_NR_ZONES; z++)
			managed += sim->nodes[n].node_zones[z].managed_pages;
	return managed;
}

/*
 * A program's text (text_loop.c): the pages of its binary and libraries
 * that it runs, one file per workload (wl->text, "NAME.text") that its
 * tasks share as the copies of a program share their binary.
 *
 * wl_text_map - map @pages of @wl's text into @t's mm, PROT_READ |
 * PROT_EXEC (VM_EXEC: reclaim activates a referenced page of it at the
 * first reference, folio_check_references) or, !@exec, PROT_READ only.
 * The first call creates the file: not cached, or (@evicted) with every
 * page's workingset shadow left by reclaim in a group gone since, so that
 * each first fault is a refault.  Returns the first vpn, 0 when out of
 * memory.
 */
u64 wl_text_map(struct workload_inst *wl, struct task *t, u64 pages, bool exec, bool evicted);
/*
 * A program's own pages beside the memory it works on (the program_text,
 * program_binary and program_data keys): its text (wl_text_map, VM_EXEC),
 * the binary's own executable mapping apart from the libraries' as the
 * loader maps them (its first page runs the loop), and its data (stack,
 * heap, the libraries' writable data: private anonymous pages).
 */
struct wl_program {
	u64 bin_base, bin_pages; /* 0 pages: none */
	u64 text_base, text_pages;
	u64 data_base, data_pages;
};
/*
 * wl_program_map - map @binary bytes of @wl's text file and, after them
 * in the file, @text bytes more as a second mapping (@evicted: see
 * wl_text_map), and @data bytes of data into @t's mm, into @p.  0, or -1
 * when out of memory.
 */
int wl_program_map(struct workload_inst *wl, struct task *t, u64 text, u64 binary, bool evicted,
		   u64 data, struct wl_program *p);
/*
 * wl_program_run - @t runs its program's code: with @all every text page
 * and a write of every data page (its start, the end of a phase), else
 * the one text page of its loop (the binary's first, else the text's).
 * A page reclaim took comes back (a major fault, a refault).  The code's
 * work is the caller's to charge.
 */
void wl_program_run(struct task *t, const struct wl_program *p, bool all);
/*
 * The program keys of a program's workload type: bytes of text it runs
 * and of data it writes into struct P's u64 text and data (0..WL_TEXT_MAX,
 * 0 = none), and program_text_start = cold | evicted into its bool
 * text_evicted.
 */
#define WL_TEXT_MAX (1ULL << 30)
extern const char *const wl_text_start_values[];
#define WL_KEYS_TEXT(ptype)                                                                          \
	{ .name = "program_text",                                                                    \
	  .type = CFG_SIZE,                                                                          \
	  .off = WL_POFF(ptype, text),                                                               \
	  .max = WL_TEXT_MAX,                                                                        \
	  .def = "0",                                                                                \
	  .doc = "the program's own text: bytes of its binary and libraries it runs (VM_EXEC "       \
		 "file pages shared by its tasks, charged to the group that faults them in), "       \
		 "run at its start, at each phase's end and a page of it on every loop "             \
		 "iteration; 0 = none (cached outside the group)" },                                 \
		{ .name = "program_data",                                                            \
		  .type = CFG_SIZE,                                                                  \
		  .off = WL_POFF(ptype, data),                                                       \
		  .max = WL_TEXT_MAX,                                                                \
		  .def = "0",                                                                        \
		  .doc = "the program's own data: bytes of stack, heap and the libraries' writable " \
			 "data (private anonymous pages), written at its start and at each phase's " \
			 "end; 0 = none" },                                                          \
		{ .name = "program_text_start",                                                      \
		  .type = CFG_ENUM,                                                                  \
		  .off = WL_POFF(ptype, text_evicted),                                               \
		  .size = sizeof(bool),                                                              \
		  .values = wl_text_start_values,                                                    \
		  .def = "cold",                                                                     \
		  .doc = "program_text at the start: cold (never cached) or evicted (reclaim "       \
			 "took it in a group gone since, as an earlier run under pressure: "         \
			 "each page's first fault is a refault)" },                                  \
	{                                                                                            \
		.name = "program_binary", .type = CFG_SIZE, .off = WL_POFF(ptype, binary),           \
		.max = WL_TEXT_MAX, .def = "0",                                                      \
		.doc = "the binary's own text besides program_text (the libraries'): bytes of "      \
		       "the same file before it, mapped apart as the loader maps each object, "      \
		       "its first page the loop's (a text miss reads within its mapping on "         \
		       "6.17+, mmap_exec_readahead); program_text_start applies to both; 0 = none"   \
	}

/* Bytes to pages, rounded up. */
static inline u64 bytes_to_pages(const struct sim *sim, u64 bytes)
{
	/* page_size is a power of two: a shift, not a divide (hackbench's
	 * writes and reads take this per message) */
	return (bytes + sim->page_size - 1) >> sim->page_shift;
}

#endif

/* SPDX-License-Identifier: MIT */
/*
 * kernbench.h - the parameters of [workload] type kernbench (kernbench.c)
 * and the compile model it shares with stress_highalloc: a kernel tree's
 * build as compile processes (cc1) that read sources from the page
 * cache, fault in an anonymous footprint, burn CPU and write an object
 * file each.
 */
#ifndef RECLAIMSIM_KERNBENCH_H
#define RECLAIMSIM_KERNBENCH_H

#include "../sim/scenario.h"

struct sim;
struct task;
struct address_space;

/*
 * One build of a tree: its compiles and the final link.  What the keys
 * leave out follows from them (KB_* in kernbench.c): the headers are the
 * first 30 % of the tree and each compile reads a tenth of them; the
 * smallest footprint is a sixth of the largest; objects average 40 KiB;
 * the link takes 1 % of the build's compile CPU and writes a fifth of
 * the objects' bytes.
 */
struct kb_compile_params {
	unsigned int units; /* compile processes (object files) per build */
	int units_origin;
	u64 size; /* bytes of source a build reads; 0 = KB_TREE_DEFAULT */
	int size_origin;
	u64 anon_max; /* the largest cc1 anonymous footprint: 1 byte..memory + swap */
	int anon_origin;
	u64 cpu_ns; /* mean CPU of a compile; uniform 1/2..3/2 of it */
	u64 cmd_file; /* bytes of the .cmd file kbuild writes beside each object */
	unsigned int builtin_pct; /* built-in.o bytes written per object byte, in percent */
};

struct kernbench_params {
	struct kb_compile_params cc;
	unsigned int jobs; /* make -j */
	unsigned int builds; /* timed builds */
};

/*
 * A tree's files: the sources, an object file and its .cmd file per
 * unit, the directories' built-in.o files (one file standing for all of
 * them, each compile appending its share), vmlinux.
 */
struct kb_tree {
	struct address_space *src;
	struct address_space **obj;
	struct address_space **cmd;
	struct address_space *builtin;
	struct address_space *vmlinux;
	unsigned int units;
	unsigned int clean; /* make clean: the next file to delete */
	u64 output_pages; /* pages of build output written (objects, .cmd, built-in.o, vmlinux) */
};

/* A make job's compile process: its cc1 address space, reused by each compile. */
struct kb_proc {
	u64 base; /* first vpn of a region of anon_max */
	bool compiling; /* in kb_compile: an OOM kill ends the compile */
};

/*
 * kb_tree_init - the files of tree @name, its sources @src_pages long on
 * disk (0: the workload writes them); 0 or -1 when out of memory;
 * kb_tree_free frees it
 */
int kb_tree_init(struct sim *sim, struct kb_tree *tree, const char *name,
		 const struct kb_compile_params *p, u64 src_pages);
/* kb_tree_pages - the pages of source a build reads: the headers, then each unit's source */
u64 kb_tree_pages(const struct sim *sim, const struct kb_compile_params *p);
void kb_tree_free(struct kb_tree *tree);
/* kb_proc_init - @t's mm with the cc1 region; 0 or -1 */
int kb_proc_init(struct sim *sim, struct task *t, struct kb_proc *proc,
		 const struct kb_compile_params *p);
/*
 * kb_compile - compile unit @unit of @tree in @t: fault in the footprint
 * while reading the unit's source and headers, spread the compile's CPU
 * over its operations, write the object file, free the footprint (the
 * process exits).  With @stop set (make killed) it ends early; it returns
 * false then.
 */
bool kb_compile(struct task *t, struct kb_proc *proc, const struct kb_compile_params *p,
		struct kb_tree *tree, unsigned int unit, const bool *stop);
/* kb_link - link vmlinux: read every object file, the link's CPU, write vmlinux */
void kb_link(struct task *t, const struct kb_compile_params *p, struct kb_tree *tree);
/*
 * kb_clean - make clean: delete the objects, .cmd files, built-in.o and
 * vmlinux (with @sources, the tree too)
 */
void kb_clean(struct task *t, struct kb_tree *tree, bool sources);
/*
 * The host memory a build costs grows with its files and units (each
 * page of a file and each object file has its own state), so the @trees
 * trees of a workload together are bounded: at most KB_MAX_SOURCES bytes
 * of source and KB_MAX_UNITS units (a kernel tree has ~1 GB of source
 * and ~30000 object files at allyesconfig).
 */
#define KB_MAX_SOURCES (64ULL << 30)
#define KB_MAX_UNITS 100000
/*
 * kb_compile_check - the cross-checks of the compile keys of @trees trees
 * of @p (@trees_key: the key giving @trees, NULL for one tree): each
 * tree has a page of source per unit after the headers, the trees
 * together are within KB_MAX_SOURCES and KB_MAX_UNITS, compile_anon is
 * at most memory + swap (a larger footprint can never be faulted in);
 * 0 or -1 (cfg_fail_at)
 */
int kb_compile_check(const struct scenario *s, const struct scn_workload *w,
		     const struct kb_compile_params *p, unsigned int trees, const char *trees_key,
		     char *err, size_t errlen);

/*
 * The compile keys of type P, whose struct kb_compile_params is P's field
 * cc (WL_POFF from workload_types.h).  size is declared as WL_KEY_SIZE
 * declares it.
 */
#define KB_OFF(ptype, f) WL_POFF(ptype, cc.f)
#define KB_COMPILE_KEYS(ptype)                                                                 \
	{ .name = "units",                                                                     \
	  .type = CFG_UINT,                                                                    \
	  .off = KB_OFF(ptype, units),                                                         \
	  .flags = CFG_F_ORIGIN,                                                               \
	  .origin_off = KB_OFF(ptype, units_origin),                                           \
	  .min = 1,                                                                            \
	  .max = KB_MAX_UNITS,                                                                 \
	  .range = "1..100000, the trees' together",                                           \
	  .def = "1500",                                                                       \
	  .doc = "compile processes per build, one object file each" },                        \
		{ .name = "size",                                                              \
		  .type = CFG_SIZE,                                                            \
		  .off = KB_OFF(ptype, size),                                                  \
		  .flags = CFG_F_POSITIVE | CFG_F_ORIGIN,                                      \
		  .origin_off = KB_OFF(ptype, size_origin),                                    \
		  .range = "size > 0, the trees' together <= 64G",                             \
		  .def_doc = "100M",                                                           \
		  .doc = "source bytes a build reads: the headers, then each unit's source" }, \
		{ .name = "compile_anon",                                                      \
		  .type = CFG_SIZE,                                                            \
		  .off = KB_OFF(ptype, anon_max),                                              \
		  .flags = CFG_F_POSITIVE | CFG_F_ORIGIN,                                      \
		  .origin_off = KB_OFF(ptype, anon_origin),                                    \
		  .range = "size > 0, <= memory + swap",                                       \
		  .def = "48M",                                                                \
		  .doc = "the largest cc1 footprint (each: uniform from a sixth of it)" },     \
		{ .name = "compile_cpu",                                                       \
		  .type = CFG_TIME,                                                            \
		  .off = KB_OFF(ptype, cpu_ns),                                                \
		  .def = "250ms",                                                              \
		  .doc = "mean CPU time of a compile (uniform from half to 1.5 x)" },          \
		{ .name = "cmd_file",                                                          \
		  .type = CFG_SIZE,                                                            \
		  .off = KB_OFF(ptype, cmd_file),                                              \
		  .def = "12K",                                                                \
		  .doc = KB_CMD_FILE_DOC },                                                    \
	{                                                                                      \
		.name = "builtin_pct", .type = CFG_UINT, .off = KB_OFF(ptype, builtin_pct),    \
		.max = 10000, .def = "255", .doc = KB_BUILTIN_DOC                              \
	}

/*
 * Estimated, not measured: a 2.6.30 .cmd file holds the compile's
 * command line (~1 KB) and fixdep's dependency list, one line per
 * header and CONFIG_ option the unit pulls in (~300 lines of ~35 bytes
 * for a typical unit).  At 64 KiB pages any size up to 64 KiB is one page.
 */
#define KB_CMD_FILE_DOC \
	"bytes of the .cmd file (command line and dependencies) kbuild writes beside each object; 0: none (an estimate: ~1 KB of command and ~300 dependency lines of ~35 bytes)"
/*
 * Measured from the v2.6.30 tree: each directory's built-in.o is ld -r of
 * the objects and built-in.o files below it, so an object's bytes are
 * written again once per directory level up to the top one (mm/x.o 1,
 * drivers/net/e1000/x.o 3; arch/A/D/x.o 1): the mean over the .c files
 * a build may compile (outside Documentation, scripts, tools, samples,
 * usr, firmware and the other architectures) is 2.55 levels for x86
 * (8,613 files) and 2.53 for powerpc (8,813).  Objects built as modules
 * and lib.a members are counted as if built in.
 */
#define KB_BUILTIN_DOC \
	"built-in.o bytes written per byte of object, in percent: an object's bytes are linked again into its directory's built-in.o and each parent's (v2.6.30: 2.55 levels on average for x86's .c files, 2.53 for powerpc's)"

#endif

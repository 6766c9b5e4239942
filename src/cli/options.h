/* SPDX-License-Identifier: MIT */
/*
 * options.h - the pieces of command-line parsing every reclaimsim command
 * shares: --name=value splitting, taking an option's value, the one
 * positional scenario argument.  Messages go to stderr as
 * "reclaimsim: ..."; functions return 0 or -1.
 */
#ifndef RECLAIMSIM_OPTIONS_H
#define RECLAIMSIM_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

struct scenario;

/* --set options a command takes at most */
#define OPT_MAX_SETS 256

/*
 * The scenario as a command line gives it: the file (or the built-in
 * scenario), --machine, the --set options and --seed, in the order typed.
 */
struct scn_opts {
	const char *scenario; /* NULL: the built-in scenario */
	const char *sets[OPT_MAX_SETS];
	unsigned int nr_sets;
	const char *seed;
	unsigned int seed_after; /* --seed comes after this many --set: the later wins */
	const char *machine;
	const char *max_host_memory; /* --max-host-memory SIZE (config/host.c) */
};

/*
 * opt_split - @a as an option name (into @name, @len bytes) and, for
 * "--name=value", the value (*@inline_val, else NULL).
 */
void opt_split(const char *a, char *name, size_t len, const char **inline_val);
/* A flag given a value ("--json=1"): an error. */
int opt_no_value(const char *name, const char *a, const char *inline_val);
/*
 * opt_value - the value of option @a: @inline_val, or the next argument
 * (advancing *@i).  Stores it in *@val, which must be NULL: an option given
 * twice is an error, and so is an empty value.  Options that collect many
 * values (--set, --a, --b, --side) pass a fresh slot each time.
 */
int opt_value(int argc, char **argv, int *i, const char *a, const char *inline_val,
	      const char **val);
/* The positional argument @a: the scenario, given once. */
int opt_scenario(const char *a, const char **scenario);
/*
 * opt_build_scenario - load @o's scenario into @s, apply --machine (as
 * --set machine.from=host, before the --set options), then the --set
 * options and --seed (as --set run.seed=N at its place: of the two the
 * later wins) in their order.  Does not validate.  A message names the
 * option typed ("--seed x: ...", "--machine host: ...").  Sets
 * host_memory_limit from --max-host-memory.
 */
int opt_build_scenario(const struct scn_opts *o, struct scenario *s);

/* One file a command reads or writes, for opt_check_paths(). */
struct opt_path {
	const char *opt; /* as typed: "--csv", "the scenario" */
	const char *path; /* NULL: not given */
	bool output;
};

/*
 * opt_check_paths - refuse an output that is one of the inputs (the run
 * would overwrite what it reads: "run X.ini --csv X.ini") and one file
 * given to two outputs (the second would overwrite the first).  Files are
 * the same when they are one inode (links and "./" spellings included) or,
 * not existing yet, one name in one directory.  Character devices
 * (/dev/null) may take several outputs.  0, or -1 with a message.
 */
int opt_check_paths(const struct opt_path *paths, unsigned int n);

/*
 * opt_check_writable - @path can be written (created, or replaced),
 * without touching it; 0, or -1 with a message naming @opt.
 */
int opt_check_writable(const char *opt, const char *path);

/*
 * opt_plot_terminal - gnuplot's terminal for the extension of @path
 * (.png pngcairo, .svg svg, .pdf pdfcairo, any case); NULL with a message
 * for any other.
 */
const char *opt_plot_terminal(const char *path);

#endif

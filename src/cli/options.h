/* SPDX-License-Identifier: MIT */
/*
 * options.h - the pieces of command-line parsing every reclaimsim command
 * shares: --name=value splitting, taking an option's value, the one
 * positional scenario argument.  Messages go to stderr as
 * "reclaimsim: ..."; functions return 0 or -1.
 */
#ifndef RECLAIMSIM_OPTIONS_H
#define RECLAIMSIM_OPTIONS_H

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
 * (advancing *@i).  Stores it in *@val.
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
 * option typed ("--seed x: ...", "--machine host: ...").
 */
int opt_build_scenario(const struct scn_opts *o, struct scenario *s);

#endif

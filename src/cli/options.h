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

#endif

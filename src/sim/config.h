/* SPDX-License-Identifier: MIT */
/*
 * config.h - the generic key engine: key descriptors, the value parsers,
 * and the setters every scenario key goes through.
 *
 * Each subsystem declares its scenario keys in a table beside its code
 * (CFG_TABLE), the way the kernel registers its sysctl tables beside the
 * code they tune: name, type, range, default, one line of documentation
 * and where the value goes (an offset into the struct the section fills,
 * or a setter).  The scenario reader (src/config/reader.c) parses INI lines,
 * --set and kernel profile lines through them, scenario_defaults()
 * applies their defaults, and `reclaimsim keys` prints them as the key
 * reference of docs/scenarios.md.
 *
 * The engine knows nothing of the sections' contents: a section
 * (struct cfg_section) is a name and a NULL-terminated list of tables,
 * which it flattens into one key list on first use (cfg_section_keys).
 */
#ifndef RECLAIMSIM_CONFIG_H
#define RECLAIMSIM_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "types.h"

#define CFG_MAX_KEYS 128 /* keys of one section, all tables */
#define CFG_MSG_LEN 512

enum cfg_type {
	CFG_SIZE, /* u64 bytes: K/M/G/T suffix, or Np pages */
	CFG_TIME, /* u64 ns: ns/us/ms/s suffix; min/max if not 0 */
	CFG_UINT, /* unsigned int, range min..max */
	CFG_U64, /* u64, range min..max */
	CFG_CENTISECS, /* integer centiseconds (range) stored as u64 ns */
	CFG_BANDWIDTH, /* u64 bytes per second: a size, optional "/s" */
	CFG_ENUM, /* one of .values, its index stored in a bool or an int/enum */
	CFG_CUSTOM, /* ->set parses and stores */
};

#define CFG_F_POSITIVE 0x1 /* 0 is an error */
#define CFG_F_MAX 0x2 /* "max" / "unlimited" = U64_MAX */
#define CFG_F_ORIGIN 0x4 /* record where it was given in the int at origin_off */

struct scenario;
struct cfg_ctx;
struct cfg_section;
typedef int (*cfg_set_fn)(struct cfg_ctx *k, void *obj, const char *val);

struct cfg_key {
	const char *name;
	enum cfg_type type;
	size_t off; /* of the field in the section's struct */
	size_t size; /* CFG_ENUM: sizeof the field (bool or int) */
	unsigned int flags;
	u64 min,
		max; /* CFG_UINT, CFG_U64, CFG_CENTISECS; CFG_TIME: each if not 0; CFG_SIZE: max if not 0 */
	const char *const *values; /* CFG_ENUM: the names, NULL-terminated */
	cfg_set_fn set; /* CFG_CUSTOM */
	const char *alias; /* this key is another name of that key */
	size_t origin_off; /* CFG_F_ORIGIN: the int origin in the section's struct */
	/* documentation: `reclaimsim keys` */
	const char *def; /* the default, as a value: applied by the defaults */
	const char *def_doc; /* the default as documented when def is NULL */
	const char *range; /* the values as documented, when not derived */
	const char *doc; /* one line */
};

/* A subsystem's keys of one section (or of one type of a typed section). */
struct cfg_table {
	const struct cfg_key *keys;
	unsigned int nr_keys;
	const char *doc; /* a type's table: what the type is, for the reference */
};

#define CFG_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define CFG_TABLE(tname, arr) \
	const struct cfg_table tname = { .keys = (arr), .nr_keys = CFG_ARRAY_SIZE(arr) }
#define CFG_TABLE_DOC(tname, arr, tdoc)                                  \
	const struct cfg_table tname = { .keys = (arr),                  \
					 .nr_keys = CFG_ARRAY_SIZE(arr), \
					 .doc = (tdoc) }
/* CFG_ENUM's names: CFG_VALUES("off", "on") */
#define CFG_VALUES(...) ((const char *const[]){ __VA_ARGS__, NULL })

/*
 * A section: its tables, flattened into keys[] on first use.  A typed
 * section ([workload NAME]) also has a table per type (type_table(t) for
 * t < nr_types, declared by the type's code): its keys follow the common
 * ones, each name once, with key_types[] the mask of the types (1 << t)
 * that declare it (0: a common key, every type takes it).  Types that
 * share a key declare it alike (same field, parser and default; the
 * documentation may differ), which cfg_section_keys() checks.
 */
struct cfg_section {
	const char *name;
	const struct cfg_table *const *tables; /* NULL-terminated */
	const char *doc; /* for the reference */
	const char *type_key; /* the key that chooses the type */
	const char *const *type_names; /* the types' names, for the reference */
	unsigned int nr_types;
	const struct cfg_table *(*type_table)(unsigned int type);
	/* filled by cfg_section_keys() */
	bool ready;
	unsigned int nr_keys;
	const struct cfg_key *keys[CFG_MAX_KEYS];
	unsigned int key_types[CFG_MAX_KEYS];
	/* keys[]' indices in the order of their names (cfg_key_index searches it) */
	unsigned char by_name[CFG_MAX_KEYS];
};

_Static_assert(CFG_MAX_KEYS <= 256, "cfg_section.by_name holds a key's index in a byte");

/* Everything a setter needs to parse a value and word a message. */
struct cfg_ctx {
	struct scenario *s;
	struct cfg_section *sd;
	const char *label; /* "[machine]", "[workload fill]" */
	const char *key;
	unsigned int page_size; /* for "p" values */
	const int *lines; /* key -> line set in this file, NULL for --set */
	int origin; /* where the value comes from (see scenario.h) */
	char *msg;
	size_t msglen;
};

/* Flatten @sd's tables (once); returns @sd. */
struct cfg_section *cfg_section_keys(struct cfg_section *sd);

/* "LABEL KEY" followed by @fmt (": bad ..." or ": must be ...") into k->msg; -1. */
__attribute__((format(printf, 2, 3))) int cfg_fail(struct cfg_ctx *k, const char *fmt, ...);

/* The index in sd->keys of key @name, or -1: a binary search of sd->by_name. */
int cfg_key_index(struct cfg_section *sd, const char *name);
/* Does type @type of a typed section take key @idx? */
bool cfg_key_takes(const struct cfg_section *sd, int idx, unsigned int type);
/* "TYPE takes k1, k2, ..." (its own keys, in the section's order) into @buf. */
void cfg_type_keys(char *buf, size_t len, const struct cfg_section *sd, unsigned int type);
/* The key an alias stands for (its line is shared for duplicates). */
int cfg_key_canonical(struct cfg_section *sd, int idx);
/* Was @name given in this section of this file? */
bool cfg_key_given(const struct cfg_ctx *k, const char *name);

/*
 * cfg_parse_bandwidth - a size with an optional "/s" ("500M", "500M/s")
 * into *@bytes_per_s; -1 with the message in k->msg.
 */
int cfg_parse_bandwidth(struct cfg_ctx *k, const char *val, u64 *bytes_per_s);

/* Parse @val for key @kd into @obj, then record the origin (CFG_F_ORIGIN). */
int cfg_apply_key(struct cfg_ctx *k, const struct cfg_key *kd, void *obj, const char *val);

/*
 * Apply the defaults of @sd's keys to @obj (messages are internal errors):
 * all of them in a plain section, the common ones in a typed section,
 * whose types' defaults cfg_apply_table_defaults() applies.
 */
int cfg_apply_defaults(struct cfg_section *sd, struct scenario *s, void *obj, const char *label,
		       unsigned int page_size, char *err, size_t errlen);
int cfg_apply_table_defaults(const struct cfg_table *t, struct scenario *s, void *obj,
			     const char *label, unsigned int page_size, char *err, size_t errlen);

/*
 * Type @type's own declaration of key @idx of a typed section (each type
 * stores its keys in its own fields): the common key itself, or NULL when
 * the type does not take it.
 */
const struct cfg_key *cfg_key_of_type(const struct cfg_section *sd, int idx, unsigned int type);

/*
 * Copy the value of key @from in @src to the field of the same key's
 * declaration @to in @dst, its origin too (a typed object changing type:
 * the keys given move to the new type's fields).  Keys that two types
 * share are never CFG_CUSTOM (cfg_section_keys checks), so their field
 * size follows from the type.
 */
void cfg_copy_key(const struct cfg_key *from, const void *src, const struct cfg_key *to, void *dst);

/* The later of two origins (scenario.h): a --set beats the file, a later one an earlier one. */
int cfg_later_origin(int a, int b);

/*
 * cfg_fail_at - "FILE:LINE: ", "--set ASSIGNMENT: " or "FILE: " for
 * @origin of scenario @s (@line when @origin is 0: the section's line),
 * then the message, into @err; returns -1.  For the cross-checks after
 * every override (scenario_validate and the subsystems' checks).
 */
__attribute__((format(printf, 6, 7))) int cfg_fail_at(const struct scenario *s, int origin,
						      int line, char *err, size_t errlen,
						      const char *fmt, ...);

/* One of @names[0..n) into *@out, or "unknown value 'V' (expected a, b or c)". */
int cfg_set_choice(struct cfg_ctx *k, const char *val, const char *const *names, int n, int *out);

/* The key reference of @sd as markdown (`reclaimsim keys`): a table of
 * key, values, default, meaning; a typed section's common keys, then a
 * table per type of its own keys. */
void cfg_print_section(FILE *f, struct cfg_section *sd);

/* Value parsers without location ("bad size '...' (...)"), see scenario.h. */
int cfg_parse_uint_range(const char *str, u64 min, u64 max, u64 *out, char *err, size_t errlen);
int cfg_match_name(const char *val, const char *const *names, size_t n);
/* snprintf into @buf (@len bytes; nothing when @buf is NULL or @len 0): an error message. */
__attribute__((format(printf, 3, 4))) void cfg_put_msg(char *buf, size_t len, const char *fmt, ...);
void cfg_list_names(char *buf, size_t len, const char *const *names, size_t n);
char *cfg_trim(char *p);
const char *cfg_skip_blanks(const char *p);
/*
 * cfg_note_unprintable - append to the message in @msg (@msglen bytes) a
 * note naming the first byte of @text (@len bytes) that is not printable
 * ASCII (a tab is fine): its column (from 1) and, when it starts a UTF-8
 * sequence, its code point ("U+00A0").  A no-break space or a control
 * character pasted into a value is otherwise invisible in the message.
 * Nothing is appended when every byte is printable.
 */
void cfg_note_unprintable(char *msg, size_t msglen, const char *text, size_t len);

/*
 * scenario_check_name - NULL when @name is a good cgroup/workload name
 * (letters, digits, '_' and '-'), else why not.
 */
const char *scenario_check_name(const char *name);
/*
 * scenario_check_path - NULL when @path is a good cgroup path ("A/B/C":
 * names as scenario_check_name's, at most SCN_PATH_LEN - 1 characters),
 * else what is wrong with it.
 */
const char *scenario_check_path(const char *path);

#endif

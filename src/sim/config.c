// SPDX-License-Identifier: MIT
/*
 * config.c - the generic key engine (see config.h): value parsers, the
 * setters of the plain key types, defaults, and the key reference.
 */
#include "config.h"

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

#define ARRAY_SIZE(a) CFG_ARRAY_SIZE(a)
#define KiB 1024ULL
#define MiB (1024ULL * KiB)
#define GiB (1024ULL * MiB)
#define SCN_MSG_LEN CFG_MSG_LEN

__extension__ typedef unsigned __int128 u128;

void cfg_put_msg(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;

	if (!buf || !len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, len, fmt, ap);
	va_end(ap);
}

/* The code point of the UTF-8 sequence at @p (@left bytes), or -1 if it is not one. */
static long utf8_code_point(const unsigned char *p, size_t left)
{
	unsigned int n = p[0] >= 0xf0 ? 3 : p[0] >= 0xe0 ? 2 : p[0] >= 0xc2 ? 1 : 0;
	long cp = p[0] & (0x3f >> n);

	if (!n || n >= left || p[0] > 0xf4)
		return -1;
	for (unsigned int i = 1; i <= n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return -1;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	return cp;
}

void cfg_note_unprintable(char *msg, size_t msglen, const char *text, size_t len)
{
	const unsigned char *t = (const unsigned char *)text;
	size_t used, i;
	long cp;

	for (i = 0; i < len && t[i]; i++)
		if ((t[i] < 0x20 && t[i] != '\t') || t[i] >= 0x7f)
			break;
	if (!msg || i == len || !t[i])
		return;
	used = strlen(msg);
	if (used + 1 >= msglen)
		return;
	cp = utf8_code_point(t + i, len - i);
	if (cp >= 0)
		snprintf(
			msg + used, msglen - used,
			" (column %zu holds U+%04lX, not printable ASCII: an invisible character?)",
			i + 1, cp);
	else
		snprintf(msg + used, msglen - used,
			 " (column %zu holds the byte 0x%02X, not printable ASCII)", i + 1, t[i]);
}

/* ------------------------------------------------------------------ */
/* Value parsers                                                       */
/* ------------------------------------------------------------------ */

/*
 * parse_decimal - digits with an optional ".digits" fraction.  Returns 0,
 * -1 (not a number), -2 (integer part overflows u64), -3 (more than 18
 * decimals, which the exact scaling below cannot hold).
 */
static int parse_decimal(const char **pp, u64 *ip, u64 *frac, unsigned int *nfrac)
{
	const char *p = *pp;
	u64 v = 0;

	if (!isdigit((unsigned char)*p))
		return -1;
	while (isdigit((unsigned char)*p)) {
		unsigned int d = (unsigned int)(*p - '0');

		if (v > (U64_MAX - d) / 10)
			return -2;
		v = v * 10 + d;
		p++;
	}
	*frac = 0;
	*nfrac = 0;
	if (*p == '.') {
		p++;
		if (!isdigit((unsigned char)*p))
			return -1;
		while (isdigit((unsigned char)*p)) {
			if (*nfrac >= 18)
				return -3;
			*frac = *frac * 10 + (u64)(*p - '0');
			(*nfrac)++;
			p++;
		}
	}
	*ip = v;
	*pp = p;
	return 0;
}

/*
 * scale_exact - (ip + frac / 10^nfrac) * mult as an exact u64.  Returns 0,
 * -2 on overflow, -4 when the result is not a whole number.
 */
static int scale_exact(u64 ip, u64 frac, unsigned int nfrac, u64 mult, u64 *out)
{
	u128 whole = (u128)ip * mult;
	u128 f = (u128)frac * mult;
	u128 pow = 1;

	for (unsigned int i = 0; i < nfrac; i++)
		pow *= 10;
	if (f % pow)
		return -4;
	whole += f / pow;
	if (whole > U64_MAX)
		return -2;
	*out = (u64)whole;
	return 0;
}

const char *cfg_skip_blanks(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/*
 * parse_size - see scenario.h.  Suffixes are powers of 1024: K (also k),
 * M, G, T, each optionally followed by B or iB, so "KB" is 1024 bytes as in
 * /proc/meminfo's "kB" and the kernel's memparse().  Decimals are allowed
 * when the result is whole bytes ("1.5G").  "Np" is N pages of @page_size.
 * A bare number is bytes.
 */
int parse_size(const char *str, unsigned int page_size, u64 *bytes, char *err, size_t errlen)
{
	const char *p = cfg_skip_blanks(str);
	u64 ip, frac, mult = 1;
	unsigned int nfrac;
	bool pages = false;
	int ret;

	if (*p == '-') {
		cfg_put_msg(err, errlen, "bad size '%s' (sizes cannot be negative)", str);
		return -1;
	}
	ret = parse_decimal(&p, &ip, &frac, &nfrac);
	if (ret == -2) {
		cfg_put_msg(err, errlen, "bad size '%s' (too large)", str);
		return -1;
	}
	if (ret < 0)
		goto bad;
	p = cfg_skip_blanks(p);
	switch (*p) {
	case '\0':
		break;
	case 'p':
		pages = true;
		p++;
		break;
	case 'K':
	case 'k':
		mult = KiB;
		break;
	case 'M':
	case 'm':
		mult = MiB;
		break;
	case 'G':
	case 'g':
		mult = GiB;
		break;
	case 'T':
	case 't':
		mult = 1024 * GiB;
		break;
	default:
		goto bad;
	}
	if (mult > 1) {
		p++;
		if (*p == 'i' && p[1] == 'B')
			p += 2;
		else if (*p == 'B')
			p++;
	}
	p = cfg_skip_blanks(p);
	if (*p)
		goto bad;
	if (pages) {
		if (!page_size) {
			cfg_put_msg(err, errlen, "bad size '%s' (a page count needs the page size)",
				    str);
			return -1;
		}
		if (nfrac) {
			cfg_put_msg(err, errlen, "bad size '%s' (a page count must be whole pages)",
				    str);
			return -1;
		}
		mult = page_size;
	}
	ret = scale_exact(ip, frac, nfrac, mult, bytes);
	if (ret == -2) {
		cfg_put_msg(err, errlen, "bad size '%s' (too large)", str);
		return -1;
	}
	if (ret == -4) {
		cfg_put_msg(err, errlen, "bad size '%s' (not a whole number of bytes)", str);
		return -1;
	}
	return 0;
bad:
	cfg_put_msg(err, errlen, "bad size '%s' (expected a number with K/M/G/T suffix)", str);
	return -1;
}

/*
 * parse_time - see scenario.h.  A unit is required (ns, us, ms, s), except
 * for a bare "0", which means the same in every unit.
 */
int parse_time(const char *str, u64 *ns, char *err, size_t errlen)
{
	static const struct {
		const char *unit;
		u64 mult;
	} units[] = {
		{ "ns", 1 },
		{ "us", NSEC_PER_USEC },
		{ "ms", NSEC_PER_MSEC },
		{ "s", NSEC_PER_SEC },
	};
	const char *p = cfg_skip_blanks(str);
	u64 ip, frac, mult = 0;
	unsigned int nfrac;
	size_t n;
	int ret;

	if (*p == '-') {
		cfg_put_msg(err, errlen, "bad time '%s' (times cannot be negative)", str);
		return -1;
	}
	ret = parse_decimal(&p, &ip, &frac, &nfrac);
	if (ret == -2) {
		cfg_put_msg(err, errlen, "bad time '%s' (too large)", str);
		return -1;
	}
	if (ret < 0)
		goto bad;
	p = cfg_skip_blanks(p);
	if (!*p) {
		if (ip == 0 && frac == 0) {
			*ns = 0;
			return 0;
		}
		goto bad;
	}
	for (size_t i = 0; i < ARRAY_SIZE(units); i++) {
		n = strlen(units[i].unit);
		if (!strncmp(p, units[i].unit, n) && !*cfg_skip_blanks(p + n)) {
			mult = units[i].mult;
			break;
		}
	}
	if (!mult)
		goto bad;
	ret = scale_exact(ip, frac, nfrac, mult, ns);
	if (ret == -2) {
		cfg_put_msg(err, errlen, "bad time '%s' (too large)", str);
		return -1;
	}
	if (ret == -4) {
		cfg_put_msg(err, errlen, "bad time '%s' (finer than 1 ns)", str);
		return -1;
	}
	return 0;
bad:
	cfg_put_msg(err, errlen, "bad time '%s' (expected a number with ns/us/ms/s suffix)", str);
	return -1;
}

/* A decimal integer in [min, max]; message without location. */
int cfg_parse_uint_range(const char *str, u64 min, u64 max, u64 *out, char *err, size_t errlen)
{
	const char *p = cfg_skip_blanks(str);
	u64 ip, frac;
	unsigned int nfrac;
	int ret;

	bool neg = *p == '-' && isdigit((unsigned char)p[1]);

	if (neg)
		p++; /* a negative integer is out of range, not "not a number" */
	ret = parse_decimal(&p, &ip, &frac, &nfrac);
	if (ret == -2 ||
	    (ret == 0 && !nfrac && !*cfg_skip_blanks(p) && (neg || ip < min || ip > max))) {
		cfg_put_msg(err, errlen, "%s out of range (%llu..%llu)", str,
			    (unsigned long long)min, (unsigned long long)max);
		return -1;
	}
	if (ret < 0 || nfrac || *cfg_skip_blanks(p)) {
		cfg_put_msg(err, errlen, "bad number '%s' (expected an integer)", str);
		return -1;
	}
	*out = ip;
	return 0;
}

/* Index of @val in @names[0..n), or -1. */
int cfg_match_name(const char *val, const char *const *names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (names[i] && !strcmp(val, names[i]))
			return (int)i;
	return -1;
}

/* "a, b or c" into @buf. */
void cfg_list_names(char *buf, size_t len, const char *const *names, size_t n)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && used < len; i++) {
		const char *sep = i == 0 ? "" : i + 1 == n ? " or " : ", ";
		int w = snprintf(buf + used, len - used, "%s%s", sep, names[i]);

		if (w < 0)
			break;
		used += (size_t)w;
	}
}

char *cfg_trim(char *p)
{
	char *end;

	while (isspace((unsigned char)*p))
		p++;
	end = p + strlen(p);
	while (end > p && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return p;
}

/*
 * A section/cgroup/workload name: letters, digits, '_' and '-', so that
 * "--set workload.NAME.key" splits unambiguously and names are safe as
 * cgroup directory names and JSON keys.
 */
const char *scenario_check_name(const char *name)
{
	if (!*name)
		return "empty name";
	if (strlen(name) >= SCN_NAME_LEN)
		return "name too long (at most 47 characters)";
	for (const char *p = name; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_' && *p != '-')
			return "bad name (letters, digits, '_' and '-' only)";
	return NULL;
}

const char *scenario_check_path(const char *path)
{
	char comp[SCN_PATH_LEN];
	const char *why;

	if (strlen(path) >= SCN_PATH_LEN)
		return "path too long (at most 127 characters)";
	for (const char *p = path, *slash;; p = slash + 1) {
		slash = strchr(p, '/');
		snprintf(comp, sizeof(comp), "%.*s", slash ? (int)(slash - p) : (int)strlen(p), p);
		why = scenario_check_name(comp);
		if (why)
			return why;
		if (!slash)
			return NULL;
	}
}

/* A key with two or more named values; @out gets the index. */
int cfg_set_choice(struct cfg_ctx *k, const char *val, const char *const *names, int n, int *out)
{
	char list[128];

	for (int i = 0; i < n; i++) {
		if (!strcmp(val, names[i])) {
			*out = i;
			return 0;
		}
	}
	cfg_list_names(list, sizeof(list), names, (size_t)n);
	return cfg_fail(k, ": unknown value '%s' (expected %s)", val, list);
}

/* "LABEL KEY" followed by @fmt: ": bad ..." or ": must be ...". */
int cfg_fail(struct cfg_ctx *k, const char *fmt, ...)
{
	va_list ap;
	int w;

	w = snprintf(k->msg, k->msglen, "%s %s", k->label, k->key);
	if (w >= 0 && (size_t)w < k->msglen) {
		va_start(ap, fmt);
		vsnprintf(k->msg + w, k->msglen - (size_t)w, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/*
 * The position in sd->by_name of the first key not before @name (by
 * name, then by index among keys of one name: the first declared).
 */
static unsigned int by_name_pos(const struct cfg_section *sd, const char *name)
{
	unsigned int lo = 0, hi = sd->nr_keys;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (strcmp(sd->keys[sd->by_name[mid]]->name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * A lookup per key of every --set, file line and kernel profile line:
 * a linear search over [policy]'s ~100 keys was half of building a
 * sweep's point under a kernel profile (bench/results/sweep-check.txt).
 */
int cfg_key_index(struct cfg_section *sd, const char *name)
{
	unsigned int pos = by_name_pos(sd, name);

	if (pos < sd->nr_keys && !strcmp(sd->keys[sd->by_name[pos]]->name, name))
		return sd->by_name[pos];
	return -1;
}

/* The key an alias stands for (its line is shared for duplicates). */
int cfg_key_canonical(struct cfg_section *sd, int idx)
{
	if (sd->keys[idx]->alias)
		return cfg_key_index(sd, sd->keys[idx]->alias);
	return idx;
}

/* Was @name given in this section of this file? */
bool cfg_key_given(const struct cfg_ctx *k, const char *name)
{
	int idx = cfg_key_index(k->sd, name);

	return k->lines && idx >= 0 && k->lines[idx];
}

/* Parse @val for key @kd into @obj; message (no location) in k->msg. */
static int cfg_parse_key(struct cfg_ctx *k, const struct cfg_key *kd, void *obj, const char *val)
{
	char *field = (char *)obj + kd->off;
	char buf[SCN_MSG_LEN];
	u64 v;

	switch (kd->type) {
	case CFG_SIZE:
		if ((kd->flags & CFG_F_MAX) && (!strcmp(val, "max") || !strcmp(val, "unlimited"))) {
			v = U64_MAX;
		} else {
			if (parse_size(val, k->page_size, &v, buf, sizeof(buf)))
				return cfg_fail(k, ": %s", buf);
			if (!v && (kd->flags & CFG_F_POSITIVE))
				return cfg_fail(k, ": must be > 0");
			if (kd->max && v > kd->max)
				return cfg_fail(k, ": '%s' is more than %lluM", val,
						(unsigned long long)(kd->max >> 20));
		}
		*(u64 *)(void *)field = v;
		return 0;
	case CFG_BANDWIDTH:
		if (cfg_parse_bandwidth(k, val, &v))
			return -1;
		if (!v)
			return cfg_fail(k, ": must be > 0");
		*(u64 *)(void *)field = v;
		return 0;
	case CFG_TIME:
		if (parse_time(val, &v, buf, sizeof(buf)))
			return cfg_fail(k, ": %s", buf);
		if (!v && (kd->flags & CFG_F_POSITIVE))
			return cfg_fail(k, ": must be > 0");
		if (kd->min && v < kd->min)
			return cfg_fail(k, ": '%s' is below its floor (valid: %llums or more)", val,
					(unsigned long long)(kd->min / NSEC_PER_MSEC));
		if (kd->max && v > kd->max)
			return cfg_fail(k, ": '%s' is more than %llu s", val,
					(unsigned long long)(kd->max / NSEC_PER_SEC));
		*(u64 *)(void *)field = v;
		return 0;
	case CFG_UINT:
		if (cfg_parse_uint_range(val, kd->min, kd->max, &v, buf, sizeof(buf)))
			return cfg_fail(k, ": %s", buf);
		*(unsigned int *)(void *)field = (unsigned int)v;
		return 0;
	case CFG_U64:
		if (cfg_parse_uint_range(val, kd->min, kd->max, &v, buf, sizeof(buf)))
			return cfg_fail(k, ": %s", buf);
		*(u64 *)(void *)field = v;
		return 0;
	case CFG_CENTISECS:
		if (cfg_parse_uint_range(val, kd->min, kd->max, &v, buf, sizeof(buf)))
			return cfg_fail(k, ": %s", buf);
		*(u64 *)(void *)field = v * 10 * NSEC_PER_MSEC;
		return 0;
	case CFG_ENUM: {
		size_t n = 0;
		int i = 0;

		while (kd->values[n])
			n++;
		if (cfg_set_choice(k, val, kd->values, (int)n, &i))
			return -1;
		if (kd->size == sizeof(bool))
			*(bool *)(void *)field = i;
		else
			*(int *)(void *)field = i;
		return 0;
	}
	case CFG_CUSTOM:
		return kd->set(k, obj, val);
	}
	return cfg_fail(k, ": internal error: no parser");
}

int cfg_parse_bandwidth(struct cfg_ctx *k, const char *val, u64 *bytes_per_s)
{
	char tmp[CFG_MSG_LEN], buf[CFG_MSG_LEN];
	size_t n = strlen(val);

	/* "500M" and "500M/s" are the same bandwidth */
	if (n >= sizeof(tmp))
		return cfg_fail(k, ": value too long");
	strcpy(tmp, val);
	if (n >= 2 && !strcmp(tmp + n - 2, "/s"))
		tmp[n - 2] = '\0';
	if (parse_size(tmp, k->page_size, bytes_per_s, buf, sizeof(buf)))
		return cfg_fail(k, ": %s", buf);
	return 0;
}

/* parse_key, then remember where the value came from (k->origin). */
int cfg_apply_key(struct cfg_ctx *k, const struct cfg_key *kd, void *obj, const char *val)
{
	if (cfg_parse_key(k, kd, obj, val))
		return -1;
	if (kd->flags & CFG_F_ORIGIN)
		*(int *)(void *)((char *)obj + kd->origin_off) = k->origin;
	return 0;
}

static void section_add(struct cfg_section *sd, const struct cfg_key *kd, unsigned int types)
{
	unsigned int pos;

	if (sd->nr_keys == CFG_MAX_KEYS) {
		fprintf(stderr, "reclaimsim: [%s]: more than %d keys (CFG_MAX_KEYS)\n", sd->name,
			CFG_MAX_KEYS);
		abort();
	}
	sd->key_types[sd->nr_keys] = types;
	sd->keys[sd->nr_keys] = kd;
	/* after the keys of the same name: by_name_pos finds the first declared */
	pos = by_name_pos(sd, kd->name);
	while (pos < sd->nr_keys && !strcmp(sd->keys[sd->by_name[pos]]->name, kd->name))
		pos++;
	memmove(&sd->by_name[pos + 1], &sd->by_name[pos], sd->nr_keys - pos);
	sd->by_name[pos] = (unsigned char)sd->nr_keys++;
}

static bool same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/*
 * Two types' declarations of one key must parse it alike; each stores it
 * in its own field.  A shared key is not CFG_CUSTOM: a type change moves
 * its value (cfg_copy_key), which needs the field's size.
 */
static bool same_key(const struct cfg_key *a, const struct cfg_key *b)
{
	return a->type == b->type && a->type != CFG_CUSTOM && a->size == b->size &&
	       a->flags == b->flags && a->min == b->min && a->max == b->max &&
	       a->values == b->values && same_str(a->alias, b->alias) && same_str(a->def, b->def);
}

struct cfg_section *cfg_section_keys(struct cfg_section *sd)
{
	if (sd->ready)
		return sd;
	for (const struct cfg_table *const *t = sd->tables; *t; t++)
		for (unsigned int i = 0; i < (*t)->nr_keys; i++)
			section_add(sd, &(*t)->keys[i], 0);
	for (unsigned int type = 0; type < sd->nr_types; type++) {
		const struct cfg_table *t = sd->type_table(type);

		for (unsigned int i = 0; t && i < t->nr_keys; i++) {
			const struct cfg_key *kd = &t->keys[i];
			int idx = cfg_key_index(sd, kd->name);

			if (idx < 0) {
				section_add(sd, kd, 1U << type);
				continue;
			}
			if (!sd->key_types[idx] || !same_key(sd->keys[idx], kd)) {
				fprintf(stderr,
					"reclaimsim: [%s] %s: type %s declares it unlike %s\n",
					sd->name, kd->name, sd->type_names[type],
					sd->key_types[idx] ? "another type" : "the common key");
				abort();
			}
			sd->key_types[idx] |= 1U << type;
		}
	}
	sd->ready = true;
	return sd;
}

const struct cfg_key *cfg_key_of_type(const struct cfg_section *sd, int idx, unsigned int type)
{
	const struct cfg_table *t;

	if (!sd->key_types[idx])
		return sd->keys[idx];
	if (!(sd->key_types[idx] & (1U << type)))
		return NULL;
	t = sd->type_table(type);
	for (unsigned int i = 0; i < t->nr_keys; i++)
		if (!strcmp(t->keys[i].name, sd->keys[idx]->name))
			return &t->keys[i];
	return NULL;
}

/* The bytes of the field a key of @kd's type stores (CFG_CUSTOM: unknown, 0). */
static size_t key_field_size(const struct cfg_key *kd)
{
	switch (kd->type) {
	case CFG_UINT:
		return sizeof(unsigned int);
	case CFG_ENUM:
		return kd->size;
	case CFG_CUSTOM:
		return 0;
	default:
		return sizeof(u64);
	}
}

void cfg_copy_key(const struct cfg_key *from, const void *src, const struct cfg_key *to, void *dst)
{
	memcpy((char *)dst + to->off, (const char *)src + from->off, key_field_size(to));
	if (to->flags & CFG_F_ORIGIN)
		memcpy((char *)dst + to->origin_off, (const char *)src + from->origin_off,
		       sizeof(int));
}

bool cfg_key_takes(const struct cfg_section *sd, int idx, unsigned int type)
{
	return !sd->key_types[idx] || (sd->key_types[idx] & (1U << type));
}

void cfg_type_keys(char *buf, size_t len, const struct cfg_section *sd, unsigned int type)
{
	const char *sep = " ";
	int w = snprintf(buf, len, "%s takes", sd->type_names[type]);
	size_t used = w > 0 ? (size_t)w : 0;

	for (unsigned int i = 0; i < sd->nr_keys && used < len; i++) {
		if (!(sd->key_types[i] & (1U << type)))
			continue;
		w = snprintf(buf + used, len - used, "%s%s", sep, sd->keys[i]->name);
		if (w < 0)
			break;
		used += (size_t)w;
		sep = ", ";
	}
}

int cfg_apply_defaults(struct cfg_section *sd, struct scenario *s, void *obj, const char *label,
		       unsigned int page_size, char *err, size_t errlen)
{
	struct cfg_ctx k = {
		.s = s,
		.sd = cfg_section_keys(sd),
		.label = label,
		.page_size = page_size,
		.msg = err,
		.msglen = errlen,
	};

	for (unsigned int i = 0; i < sd->nr_keys; i++) {
		const struct cfg_key *kd = sd->keys[i];

		if (!kd->def || kd->alias || sd->key_types[i])
			continue;
		k.key = kd->name;
		if (cfg_apply_key(&k, kd, obj, kd->def))
			return -1;
	}
	return 0;
}

int cfg_apply_table_defaults(const struct cfg_table *t, struct scenario *s, void *obj,
			     const char *label, unsigned int page_size, char *err, size_t errlen)
{
	struct cfg_ctx k = {
		.s = s,
		.label = label,
		.page_size = page_size,
		.msg = err,
		.msglen = errlen,
	};

	for (unsigned int i = 0; i < t->nr_keys; i++) {
		const struct cfg_key *kd = &t->keys[i];

		if (!kd->def || kd->alias)
			continue;
		k.key = kd->name;
		if (cfg_apply_key(&k, kd, obj, kd->def))
			return -1;
	}
	return 0;
}

int cfg_later_origin(int a, int b)
{
	if (a < 0 || b < 0)
		return a < b ? a : b; /* set_text[-origin - 1]: more negative is later */
	return a > b ? a : b;
}

int cfg_fail_at(const struct scenario *s, int origin, int line, char *err, size_t errlen,
		const char *fmt, ...)
{
	va_list ap;
	int w;

	if (!err || !errlen)
		return -1;
	if (!origin)
		origin = line;
	if (origin == SCN_ORIGIN_SET_ANY ||
	    (origin < 0 && (unsigned int)(-origin - 1) >= s->nr_set_texts))
		w = snprintf(err, errlen, "--set: ");
	else if (origin < 0)
		w = snprintf(err, errlen, "--set %s: ", s->set_text[-origin - 1]);
	else if (origin > 0)
		w = snprintf(err, errlen, "%s:%d: ", s->path, origin);
	else
		w = snprintf(err, errlen, "%s: ", s->path);
	if (w >= 0 && (size_t)w < errlen) {
		va_start(ap, fmt);
		vsnprintf(err + w, errlen - (size_t)w, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* The valid values of @kd, as the reference shows them. */
static void key_range(char *buf, size_t len, const struct cfg_key *kd)
{
	buf[0] = '\0';
	if (kd->range) {
		snprintf(buf, len, "%s", kd->range);
		return;
	}
	switch (kd->type) {
	case CFG_SIZE:
		snprintf(buf, len, "size%s%s", kd->flags & CFG_F_POSITIVE ? " > 0" : "",
			 kd->flags & CFG_F_MAX ? ", max" : "");
		if (kd->max)
			snprintf(buf + strlen(buf), len - strlen(buf), " <= %lluM",
				 (unsigned long long)(kd->max >> 20));
		break;
	case CFG_BANDWIDTH:
		snprintf(buf, len, "size per second > 0");
		break;
	case CFG_TIME:
		if (kd->min)
			snprintf(buf, len, "time >= %llums",
				 (unsigned long long)(kd->min / NSEC_PER_MSEC));
		else if (kd->max)
			snprintf(buf, len, "time%s <= %llus",
				 kd->flags & CFG_F_POSITIVE ? " > 0," : "",
				 (unsigned long long)(kd->max / NSEC_PER_SEC));
		else
			snprintf(buf, len, "time%s", kd->flags & CFG_F_POSITIVE ? " > 0" : "");
		break;
	case CFG_UINT:
	case CFG_U64:
	case CFG_CENTISECS:
		snprintf(buf, len, "%llu..%llu", (unsigned long long)kd->min,
			 (unsigned long long)kd->max);
		break;
	case CFG_ENUM: {
		size_t used = 0;

		for (size_t i = 0; kd->values[i] && used < len; i++) {
			int w = snprintf(buf + used, len - used, "%s%s", i ? " \\| " : "",
					 kd->values[i]);

			if (w < 0)
				break;
			used += (size_t)w;
		}
		break;
	}
	case CFG_CUSTOM:
		break;
	}
}

static void print_keys(FILE *f, const struct cfg_key *const *keys, unsigned int nr)
{
	char range[CFG_MSG_LEN];

	fprintf(f, "\n| key | values | default | meaning |\n|---|---|---|---|\n");
	for (unsigned int i = 0; i < nr; i++) {
		const struct cfg_key *kd = keys[i];

		key_range(range, sizeof(range), kd);
		fprintf(f, "| %s | %s | ", kd->name, range);
		if (kd->def)
			fprintf(f, "`%s`", kd->def);
		else if (kd->def_doc)
			fprintf(f, "%s", kd->def_doc);
		fprintf(f, " | %s", kd->alias ? "the same as " : "");
		if (kd->alias)
			fprintf(f, "`%s`", kd->alias);
		if (kd->doc)
			fprintf(f, "%s%s", kd->alias ? ": " : "", kd->doc);
		fprintf(f, " |\n");
	}
	fprintf(f, "\n");
}

void cfg_print_section(FILE *f, struct cfg_section *sd)
{
	const struct cfg_key *keys[CFG_MAX_KEYS];
	unsigned int nr = 0;

	cfg_section_keys(sd);
	fprintf(f, "### [%s]\n", sd->name);
	if (sd->doc)
		fprintf(f, "%s\n", sd->doc);
	for (unsigned int i = 0; i < sd->nr_keys; i++)
		if (!sd->key_types[i])
			keys[nr++] = sd->keys[i];
	print_keys(f, keys, nr);
	/* each type's own declarations: its documentation of a shared key */
	for (unsigned int type = 0; type < sd->nr_types; type++) {
		const struct cfg_table *t = sd->type_table(type);

		fprintf(f, "#### %s = %s\n", sd->type_key, sd->type_names[type]);
		if (t && t->doc)
			fprintf(f, "%s\n", t->doc);
		for (nr = 0; t && nr < t->nr_keys && nr < CFG_MAX_KEYS; nr++)
			keys[nr] = &t->keys[nr];
		print_keys(f, keys, nr);
	}
}

// SPDX-License-Identifier: MIT
/*
 * gfp.c - allocation flags: the zone a mask allows, their validity, and
 * their names as the kernel prints and the scenario files write them
 * (include/linux/gfp.h, include/trace/events/mmflags.h, lib/vsprintf.c,
 * v6.12).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfp.h"

/* OPT_ZONE_DMA, OPT_ZONE_DMA32, OPT_ZONE_HIGHMEM: @z if configured, else Normal. */
static enum zone_type opt_zone(enum zone_type z, unsigned int zones)
{
	return zones & ZONE_BIT(z) ? z : ZONE_NORMAL;
}

enum zone_type gfp_zone(gfp_t gfp, unsigned int zones)
{
	if (gfp & __GFP_DMA)
		return opt_zone(ZONE_DMA, zones);
	if (gfp & __GFP_DMA32)
		return opt_zone(ZONE_DMA32, zones);
	if (gfp & __GFP_HIGHMEM)
		return gfp & __GFP_MOVABLE ? ZONE_MOVABLE : opt_zone(ZONE_HIGHMEM, zones);
	return ZONE_NORMAL;
}

int gfp_check(gfp_t gfp, char *err, size_t errlen)
{
	unsigned int zones = !!(gfp & __GFP_DMA) + !!(gfp & __GFP_DMA32) + !!(gfp & __GFP_HIGHMEM);

	if (zones > 1) {
		snprintf(
			err, errlen,
			"impossible zone modifiers: at most one of __GFP_DMA, __GFP_DMA32, __GFP_HIGHMEM (GFP_ZONE_BAD)");
		return -1;
	}
	if ((gfp & GFP_MOVABLE_MASK) == GFP_MOVABLE_MASK) {
		snprintf(err, errlen,
			 "__GFP_MOVABLE and __GFP_RECLAIMABLE together (one mobility)");
		return -1;
	}
	if ((gfp & __GFP_NOFAIL) && !(gfp & __GFP_DIRECT_RECLAIM)) {
		snprintf(err, errlen,
			 "__GFP_NOFAIL needs direct reclaim (an atomic NOFAIL is a bug)");
		return -1;
	}
	return 0;
}

struct gfp_name {
	gfp_t mask;
	const char *name;
};

/* v6.12 __def_gfpflag_names: combinations first, then single flags. */
static const struct gfp_name gfp_names[] = {
	{ GFP_TRANSHUGE, "GFP_TRANSHUGE" },
	{ GFP_TRANSHUGE_LIGHT, "GFP_TRANSHUGE_LIGHT" },
	{ GFP_HIGHUSER_MOVABLE, "GFP_HIGHUSER_MOVABLE" },
	{ GFP_HIGHUSER, "GFP_HIGHUSER" },
	{ GFP_USER, "GFP_USER" },
	{ GFP_KERNEL_ACCOUNT, "GFP_KERNEL_ACCOUNT" },
	{ GFP_KERNEL, "GFP_KERNEL" },
	{ GFP_NOFS, "GFP_NOFS" },
	{ GFP_ATOMIC, "GFP_ATOMIC" },
	{ GFP_NOIO, "GFP_NOIO" },
	{ GFP_NOWAIT, "GFP_NOWAIT" },
	{ GFP_DMA, "GFP_DMA" },
	{ __GFP_HIGHMEM, "__GFP_HIGHMEM" },
	{ GFP_DMA32, "GFP_DMA32" },
	{ __GFP_HIGH, "__GFP_HIGH" },
	{ __GFP_IO, "__GFP_IO" },
	{ __GFP_FS, "__GFP_FS" },
	{ __GFP_NOWARN, "__GFP_NOWARN" },
	{ __GFP_RETRY_MAYFAIL, "__GFP_RETRY_MAYFAIL" },
	{ __GFP_NOFAIL, "__GFP_NOFAIL" },
	{ __GFP_NORETRY, "__GFP_NORETRY" },
	{ __GFP_COMP, "__GFP_COMP" },
	{ __GFP_ZERO, "__GFP_ZERO" },
	{ __GFP_NOMEMALLOC, "__GFP_NOMEMALLOC" },
	{ __GFP_MEMALLOC, "__GFP_MEMALLOC" },
	{ __GFP_HARDWALL, "__GFP_HARDWALL" },
	{ __GFP_THISNODE, "__GFP_THISNODE" },
	{ __GFP_RECLAIMABLE, "__GFP_RECLAIMABLE" },
	{ __GFP_MOVABLE, "__GFP_MOVABLE" },
	{ __GFP_ACCOUNT, "__GFP_ACCOUNT" },
	{ __GFP_WRITE, "__GFP_WRITE" },
	{ __GFP_RECLAIM, "__GFP_RECLAIM" },
	{ __GFP_DIRECT_RECLAIM, "__GFP_DIRECT_RECLAIM" },
	{ __GFP_KSWAPD_RECLAIM, "__GFP_KSWAPD_RECLAIM" },
	{ __GFP_DMA32, "__GFP_DMA32" },
	{ __GFP_DMA, "__GFP_DMA" },
};

int gfp_parse(const char *s, gfp_t *gfp, char *err, size_t errlen)
{
	gfp_t v = 0;

	while (*s) {
		size_t n = strcspn(s, "|");
		unsigned int i;
		char name[64];

		while (n && (*s == ' ' || *s == '\t')) {
			s++;
			n--;
		}
		snprintf(name, sizeof(name), "%.*s", (int)n, s);
		for (char *e = name + strlen(name); e > name && (e[-1] == ' ' || e[-1] == '\t');)
			*--e = 0;
		if (!strncmp(name, "0x", 2) && name[2]) {
			char *end;
			unsigned long x = strtoul(name + 2, &end, 16);

			if (*end || x > 0xffffffffUL) {
				snprintf(err, errlen, "bad gfp mask '%s'", name);
				return -1;
			}
			v |= (gfp_t)x;
		} else {
			for (i = 0; i < sizeof(gfp_names) / sizeof(gfp_names[0]); i++)
				if (!strcmp(name, gfp_names[i].name))
					break;
			if (i == sizeof(gfp_names) / sizeof(gfp_names[0])) {
				snprintf(
					err, errlen,
					"unknown gfp flag '%s' (the kernel's names: GFP_KERNEL, GFP_ATOMIC, GFP_NOWAIT, __GFP_NORETRY, ... joined by |)",
					name);
				return -1;
			}
			v |= gfp_names[i].mask;
		}
		s += n;
		if (*s == '|')
			s++;
	}
	*gfp = v;
	return 0;
}

/* lib/vsprintf.c format_flags() over the gfp names (%pGg). */
void gfp_format(gfp_t gfp, char *buf, size_t len)
{
	size_t at = 0;
	gfp_t left = gfp;

	buf[0] = 0;
	if (!gfp) {
		snprintf(buf, len, "0");
		return;
	}
	for (unsigned int i = 0; i < sizeof(gfp_names) / sizeof(gfp_names[0]) && left; i++) {
		gfp_t m = gfp_names[i].mask;

		if ((left & m) != m)
			continue;
		at += (size_t)snprintf(buf + at, at < len ? len - at : 0, "%s%s", at ? "|" : "",
				       gfp_names[i].name);
		left &= ~m;
	}
	if (left)
		snprintf(buf + at, at < len ? len - at : 0, "%s%#x", at ? "|" : "", left);
}

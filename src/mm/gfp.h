/* SPDX-License-Identifier: MIT */
/*
 * gfp.h - allocation flags (include/linux/gfp_types.h, gfp.h, v6.12).
 * Bit values are the kernel's on x86-64 without KASAN and lockdep, so
 * "mode:0xcc0(GFP_KERNEL)" reads as it does in a kernel log.
 */
#ifndef RECLAIMSIM_GFP_H
#define RECLAIMSIM_GFP_H

#include <stddef.h>

#include "../sim/types.h"

typedef unsigned int gfp_t;

/* zone modifiers */
#define __GFP_DMA 0x01u
#define __GFP_HIGHMEM 0x02u
#define __GFP_DMA32 0x04u
#define __GFP_MOVABLE 0x08u /* also the MIGRATE_MOVABLE hint */
#define GFP_ZONEMASK (__GFP_DMA | __GFP_HIGHMEM | __GFP_DMA32 | __GFP_MOVABLE)
/* mobility and placement */
#define __GFP_RECLAIMABLE 0x10u
#define __GFP_HIGH 0x20u
#define __GFP_IO 0x40u
#define __GFP_FS 0x80u
#define __GFP_ZERO 0x100u
#define __GFP_DIRECT_RECLAIM 0x400u
#define __GFP_KSWAPD_RECLAIM 0x800u
#define __GFP_WRITE 0x1000u
#define __GFP_NOWARN 0x2000u
#define __GFP_RETRY_MAYFAIL 0x4000u
#define __GFP_NOFAIL 0x8000u
#define __GFP_NORETRY 0x10000u
#define __GFP_MEMALLOC 0x20000u
#define __GFP_COMP 0x40000u
#define __GFP_NOMEMALLOC 0x80000u
#define __GFP_HARDWALL 0x100000u
#define __GFP_THISNODE 0x200000u
#define __GFP_ACCOUNT 0x400000u
#define __GFP_RECLAIM (__GFP_DIRECT_RECLAIM | __GFP_KSWAPD_RECLAIM)
#define GFP_MOVABLE_MASK (__GFP_RECLAIMABLE | __GFP_MOVABLE)
#define GFP_MOVABLE_SHIFT 3

/* the usual combinations */
#define GFP_ATOMIC (__GFP_HIGH | __GFP_KSWAPD_RECLAIM)
#define GFP_KERNEL (__GFP_RECLAIM | __GFP_IO | __GFP_FS)
#define GFP_KERNEL_ACCOUNT (GFP_KERNEL | __GFP_ACCOUNT)
#define GFP_NOWAIT (__GFP_KSWAPD_RECLAIM)
#define GFP_NOIO (__GFP_RECLAIM)
#define GFP_NOFS (__GFP_RECLAIM | __GFP_IO)
#define GFP_USER (__GFP_RECLAIM | __GFP_IO | __GFP_FS | __GFP_HARDWALL)
#define GFP_DMA __GFP_DMA
#define GFP_DMA32 __GFP_DMA32
#define GFP_HIGHUSER (GFP_USER | __GFP_HIGHMEM)
#define GFP_HIGHUSER_MOVABLE (GFP_HIGHUSER | __GFP_MOVABLE)
#define GFP_TRANSHUGE_LIGHT \
	((GFP_HIGHUSER_MOVABLE | __GFP_COMP | __GFP_NOMEMALLOC | __GFP_NOWARN) & ~__GFP_RECLAIM)
#define GFP_TRANSHUGE (GFP_TRANSHUGE_LIGHT | __GFP_DIRECT_RECLAIM)

/* include/linux/mmzone.h: orders above this are "costly" to satisfy */
#define PAGE_ALLOC_COSTLY_ORDER 3

static inline bool gfpflags_allow_blocking(gfp_t gfp)
{
	return gfp & __GFP_DIRECT_RECLAIM;
}

/*
 * gfp_migratetype - v6.12 gfp_migratetype(): the mobility hint bits give
 * MIGRATE_UNMOVABLE (neither), MIGRATE_MOVABLE or MIGRATE_RECLAIMABLE;
 * both bits together are invalid (gfp_check() rejects them).
 */
static inline int gfp_migratetype(gfp_t gfp)
{
	return (int)((gfp & GFP_MOVABLE_MASK) >> GFP_MOVABLE_SHIFT);
}

/*
 * gfp_zone - v6.12 gfp_zone(): the highest zone an allocation may use,
 * looked up in GFP_ZONE_TABLE for a kernel with the zones @zones
 * (ZONE_BIT()s, arch_zones()).  No zone bits or __GFP_MOVABLE alone:
 * Normal; __GFP_DMA (with or without __GFP_MOVABLE): DMA; __GFP_DMA32
 * (either way): DMA32; __GFP_HIGHMEM: HighMem; __GFP_HIGHMEM with
 * __GFP_MOVABLE: Movable.  A zone the kernel lacks is replaced as its
 * OPT_ZONE_* macro replaces it: by Normal (HighMem and DMA32 on x86-64
 * and i386 respectively).  Combinations gfp_check() rejects
 * (GFP_ZONE_BAD) are not mapped.
 */
enum zone_type gfp_zone(gfp_t gfp, unsigned int zones);

/*
 * gfp_check - is @gfp a mask the kernel accepts?  0, or -1 with the
 * reason in @err: more than one of __GFP_DMA, __GFP_DMA32, __GFP_HIGHMEM
 * (GFP_ZONE_BAD: the kernel BUG()s), __GFP_MOVABLE with
 * __GFP_RECLAIMABLE (gfp_migratetype's warning), __GFP_NOFAIL without
 * direct reclaim.
 */
int gfp_check(gfp_t gfp, char *err, size_t errlen);

/*
 * gfp_parse - "GFP_KERNEL|__GFP_NOWARN" (the kernel's names, joined by |,
 * or a 0x hex mask) into *@gfp.  0, or -1 with the unknown name in @err.
 * gfp_format - v6.12 %pGg: the names of the combinations and single flags
 * that make up @gfp, the largest first, each flag used once, leftover
 * bits as 0x...; "0" for none.  Writes at most @len bytes.
 */
int gfp_parse(const char *s, gfp_t *gfp, char *err, size_t errlen);
void gfp_format(gfp_t gfp, char *buf, size_t len);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * types.h - the few basic types and constants every part of reclaimsim
 * shares.  Kernel spellings (u64, zone_type) so that model code reads like
 * mm/.
 */
#ifndef RECLAIMSIM_TYPES_H
#define RECLAIMSIM_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int64_t s64;

#define U64_MAX UINT64_MAX

/*
 * include/linux/compiler_attributes.h's __cold and noinline.  Here they
 * keep host memory down: a task asleep in direct reclaim keeps its frames
 * (copied off its run stack, src/sim/coro.c) for as long as it sleeps, and
 * a callee inlined into a function of that call chain adds its locals to
 * that function's frame even where it is not running.  So the reclaim
 * chain's callees with locals of their own that are not on the path where
 * a reclaimer sleeps are noinline (try_to_unmap, add_to_swap, pageout,
 * folio_check_references, get_scan_count, should_reclaim_retry, ...), and
 * the tracepoints' emitters __cold: 2.46 -> 1.8 KiB a reclaimer (-O3 LTO,
 * bench/results/issue27-frames.txt).
 */
#define __cold __attribute__((__cold__, __noinline__))
#define noinline __attribute__((__noinline__))

#define NSEC_PER_USEC 1000ULL
#define NSEC_PER_MSEC 1000000ULL
#define NSEC_PER_SEC 1000000000ULL
/* HZ: the simulated kernel's jiffy is 1 ms (CONFIG_HZ_1000). */
#define HZ 1000
#define JIFFY_NS (NSEC_PER_SEC / HZ)

/*
 * include/linux/mmzone.h: every zone any modelled architecture has, in
 * the kernel's order.  An architecture's kernel has a subset (x86-64: no
 * HighMem; i386: no DMA32, no Device; arch_zones() in scenario.h); the
 * others stay empty and /proc/zoneinfo leaves them out, so their indices
 * here are not the kernel's on that architecture.  ZONE_DEVICE holds no
 * pages here but appears in /proc/zoneinfo and in lowmem_reserve[].
 */
enum zone_type {
	ZONE_DMA,
	ZONE_DMA32,
	ZONE_NORMAL,
	ZONE_HIGHMEM,
	ZONE_MOVABLE,
	ZONE_DEVICE,
	MAX_NR_ZONES,
};
#define ZONE_BIT(z) (1u << (z))

/* include/linux/mmzone.h */
#define MAX_PAGE_ORDER 10
#define NR_PAGE_ORDERS (MAX_PAGE_ORDER + 1)
#define PAGE_ALLOC_COSTLY_ORDER 3
#define DEF_PRIORITY 12
/* include/linux/swap.h */
#define SWAP_CLUSTER_MAX 32UL
/* mm/internal.h (v4.7+) */
#define MAX_RECLAIM_RETRIES 16
/* include/linux/memcontrol.h */
#define MEMCG_CHARGE_BATCH 64U
/* include/linux/pagevec.h: folio_batch size */
#define PAGEVEC_SIZE 31

#define NO_PFN UINT32_MAX

static inline u64 min_u64(u64 a, u64 b)
{
	return a < b ? a : b;
}
static inline u64 max_u64(u64 a, u64 b)
{
	return a > b ? a : b;
}

#endif

// SPDX-License-Identifier: MIT
/*
 * procfs_era_meminfo.c - /proc/meminfo in the layout of an older (or
 * newer) kernel, [policy] meminfo_format: each layout the kernel's lines
 * in its order, each naming the model's figure it prints, or none (0).
 * procfs_era.c has /proc/vmstat's layouts and says which sources and
 * which kernel configuration they were read in.  Read in each release's
 * fs/proc/meminfo.c meminfo_proc_show() (before 2.6.27 fs/proc/
 * proc_misc.c meminfo_read_proc()), mm/hugetlb.c
 * hugetlb_report_meminfo() and arch/x86's arch_report_meminfo().
 */
#include <inttypes.h>
#include <stdio.h>

#include "report.h"
#include "procfs.h"
#include "../mm/page_alloc.h"
#include "../mm/internal.h"

/* Where a /proc/meminfo line's figure comes from. */
enum mi_src {
	M_ZERO, /* no model figure: 0 kB */
	M_TOTALRAM,
	M_FREE,
	M_AVAILABLE,
	M_NODE, /* node item a (+ b), pages */
	M_NODE_KB, /* node item a, already KiB (KernelStack) */
	M_ZONE, /* zone item a, pages */
	M_SWAP_TOTAL,
	M_SWAP_FREE,
	M_HIGH, /* the CONFIG_HIGHMEM block: HighTotal, HighFree, LowTotal, LowFree */
	M_HUGE_COUNT, /* HugePages_Total...: a count, no unit; the model has none */
	M_HUGEPAGESIZE, /* the huge page size: a pageblock's (HUGETLB_PAGE_ORDER) */
	M_HWCORRUPT, /* "HardwareCorrupted: %5lu kB" (CONFIG_MEMORY_FAILURE) */
	M_AVAILABLE_3_14, /* 3.14..4.4's MemAvailable: free less the low watermarks */
	M_COMMIT_LIMIT, /* vm_commit_limit() */
	M_VMALLOC_TOTAL, /* VMALLOC_TOTAL, the arch's */
};

struct mi_line {
	const char *name;
	unsigned char src;
	signed char a, b;
};

#define MZ(n, i)                 \
	{                        \
		n, M_ZONE, i, -1 \
	}
#define MN(n, i)                 \
	{                        \
		n, M_NODE, i, -1 \
	}
#define M0(n)                     \
	{                         \
		n, M_ZERO, -1, -1 \
	}
#define MS(n, s)             \
	{                    \
		n, s, -1, -1 \
	}

/*
 * 2.6.25 (2.6.24's fs/proc/proc_misc.c meminfo_read_proc() and
 * mm/hugetlb.c; 2.6.26 added WritebackTmp): labels padded to 14, the one
 * LRU's Active and Inactive, no Shmem, the huge page counts %5lu after a
 * 17-wide label.
 */
static const struct mi_line meminfo_2_6_25[] = {
	MS("MemTotal", M_TOTALRAM),
	MS("MemFree", M_FREE),
	M0("Buffers"),
	MN("Cached", NR_FILE_PAGES),
	MN("SwapCached", NR_SWAPCACHE),
	{ "Active", M_NODE, NR_ACTIVE_ANON, NR_ACTIVE_FILE },
	{ "Inactive", M_NODE, NR_INACTIVE_ANON, NR_INACTIVE_FILE },
	MS("HighTotal", M_HIGH),
	MS("SwapTotal", M_SWAP_TOTAL),
	MS("SwapFree", M_SWAP_FREE),
	MN("Dirty", NR_FILE_DIRTY),
	MN("Writeback", NR_WRITEBACK),
	MN("AnonPages", NR_ANON_MAPPED),
	MN("Mapped", NR_FILE_MAPPED),
	M0("Slab"),
	M0("SReclaimable"),
	M0("SUnreclaim"),
	MN("PageTables", NR_PAGETABLE),
	M0("NFS_Unstable"),
	M0("Bounce"),
	MS("CommitLimit", M_COMMIT_LIMIT),
	M0("Committed_AS"),
	MS("VmallocTotal", M_VMALLOC_TOTAL),
	M0("VmallocUsed"),
	M0("VmallocChunk"),
	MS("HugePages_Total", M_HUGE_COUNT),
	MS("HugePages_Free", M_HUGE_COUNT),
	MS("HugePages_Rsvd", M_HUGE_COUNT),
	MS("HugePages_Surp", M_HUGE_COUNT),
	MS("Hugepagesize", M_HUGEPAGESIZE),
};

/*
 * 2.6.28 (fs/proc/meminfo.c, 2.6.27's split of proc_misc.c; mm/hugetlb.c,
 * arch/x86/mm/pageattr.c): labels padded to 16, the split LRU's four
 * lines and CONFIG_UNEVICTABLE_LRU's Unevictable and Mlocked,
 * WritebackTmp (2.6.26); the huge page lines as wide as the others;
 * x86's DirectMap4k and DirectMap2M (2.6.26; DirectMap1G only with 1 GiB
 * direct mappings, which this layout, as 3.10's, leaves out).
 */
static const struct mi_line meminfo_2_6_28[] = {
	MS("MemTotal", M_TOTALRAM),
	MS("MemFree", M_FREE),
	M0("Buffers"),
	MN("Cached", NR_FILE_PAGES),
	MN("SwapCached", NR_SWAPCACHE),
	{ "Active", M_NODE, NR_ACTIVE_ANON, NR_ACTIVE_FILE },
	{ "Inactive", M_NODE, NR_INACTIVE_ANON, NR_INACTIVE_FILE },
	MN("Active(anon)", NR_ACTIVE_ANON),
	MN("Inactive(anon)", NR_INACTIVE_ANON),
	MN("Active(file)", NR_ACTIVE_FILE),
	MN("Inactive(file)", NR_INACTIVE_FILE),
	MN("Unevictable", NR_UNEVICTABLE),
	MZ("Mlocked", NR_MLOCK),
	MS("HighTotal", M_HIGH),
	MS("SwapTotal", M_SWAP_TOTAL),
	MS("SwapFree", M_SWAP_FREE),
	MN("Dirty", NR_FILE_DIRTY),
	MN("Writeback", NR_WRITEBACK),
	MN("AnonPages", NR_ANON_MAPPED),
	MN("Mapped", NR_FILE_MAPPED),
	M0("Slab"),
	M0("SReclaimable"),
	M0("SUnreclaim"),
	MN("PageTables", NR_PAGETABLE),
	M0("NFS_Unstable"),
	M0("Bounce"),
	M0("WritebackTmp"),
	MS("CommitLimit", M_COMMIT_LIMIT),
	M0("Committed_AS"),
	MS("VmallocTotal", M_VMALLOC_TOTAL),
	M0("VmallocUsed"),
	M0("VmallocChunk"),
	MS("HugePages_Total", M_HUGE_COUNT),
	MS("HugePages_Free", M_HUGE_COUNT),
	MS("HugePages_Rsvd", M_HUGE_COUNT),
	MS("HugePages_Surp", M_HUGE_COUNT),
	MS("Hugepagesize", M_HUGEPAGESIZE),
	M0("DirectMap4k"),
	M0("DirectMap2M"),
};

/*
 * 2.6.32 (read in 2.6.32.9's) and 2.6.35 (2.6.35.3's: the same lines):
 * Shmem and KernelStack (2.6.32), CONFIG_MEMORY_FAILURE's
 * HardwareCorrupted (2.6.32).
 */
static const struct mi_line meminfo_2_6_32[] = {
	MS("MemTotal", M_TOTALRAM),
	MS("MemFree", M_FREE),
	M0("Buffers"),
	MN("Cached", NR_FILE_PAGES),
	MN("SwapCached", NR_SWAPCACHE),
	{ "Active", M_NODE, NR_ACTIVE_ANON, NR_ACTIVE_FILE },
	{ "Inactive", M_NODE, NR_INACTIVE_ANON, NR_INACTIVE_FILE },
	MN("Active(anon)", NR_ACTIVE_ANON),
	MN("Inactive(anon)", NR_INACTIVE_ANON),
	MN("Active(file)", NR_ACTIVE_FILE),
	MN("Inactive(file)", NR_INACTIVE_FILE),
	MN("Unevictable", NR_UNEVICTABLE),
	MZ("Mlocked", NR_MLOCK),
	MS("HighTotal", M_HIGH),
	MS("SwapTotal", M_SWAP_TOTAL),
	MS("SwapFree", M_SWAP_FREE),
	MN("Dirty", NR_FILE_DIRTY),
	MN("Writeback", NR_WRITEBACK),
	MN("AnonPages", NR_ANON_MAPPED),
	MN("Mapped", NR_FILE_MAPPED),
	MN("Shmem", NR_SHMEM),
	M0("Slab"),
	M0("SReclaimable"),
	M0("SUnreclaim"),
	{ "KernelStack", M_NODE_KB, NR_KERNEL_STACK_KB, -1 },
	MN("PageTables", NR_PAGETABLE),
	M0("NFS_Unstable"),
	M0("Bounce"),
	M0("WritebackTmp"),
	MS("CommitLimit", M_COMMIT_LIMIT),
	M0("Committed_AS"),
	MS("VmallocTotal", M_VMALLOC_TOTAL),
	M0("VmallocUsed"),
	M0("VmallocChunk"),
	MS("HardwareCorrupted", M_HWCORRUPT),
	MS("HugePages_Total", M_HUGE_COUNT),
	MS("HugePages_Free", M_HUGE_COUNT),
	MS("HugePages_Rsvd", M_HUGE_COUNT),
	MS("HugePages_Surp", M_HUGE_COUNT),
	MS("Hugepagesize", M_HUGEPAGESIZE),
	M0("DirectMap4k"),
	M0("DirectMap2M"),
};

/*
 * 3.10 (fs/proc/meminfo.c): 2.6.28's labels padded to 16, the split
 * LRU's lines, Unevictable and Mlocked, Shmem (2.6.32), KernelStack
 * (2.6.32), WritebackTmp (2.6.26), HardwareCorrupted (2.6.32),
 * AnonHugePages (2.6.38); 2.6.27's wider huge page lines; x86's DirectMap
 * lines (2.6.26; no 1G pages).
 */
static const struct mi_line meminfo_3_10[] = {
	MS("MemTotal", M_TOTALRAM),
	MS("MemFree", M_FREE),
	M0("Buffers"),
	MN("Cached", NR_FILE_PAGES),
	MN("SwapCached", NR_SWAPCACHE),
	{ "Active", M_NODE, NR_ACTIVE_ANON, NR_ACTIVE_FILE },
	{ "Inactive", M_NODE, NR_INACTIVE_ANON, NR_INACTIVE_FILE },
	MN("Active(anon)", NR_ACTIVE_ANON),
	MN("Inactive(anon)", NR_INACTIVE_ANON),
	MN("Active(file)", NR_ACTIVE_FILE),
	MN("Inactive(file)", NR_INACTIVE_FILE),
	MN("Unevictable", NR_UNEVICTABLE),
	MZ("Mlocked", NR_MLOCK),
	MS("HighTotal", M_HIGH),
	MS("SwapTotal", M_SWAP_TOTAL),
	MS("SwapFree", M_SWAP_FREE),
	MN("Dirty", NR_FILE_DIRTY),
	MN("Writeback", NR_WRITEBACK),
	MN("AnonPages", NR_ANON_MAPPED),
	MN("Mapped", NR_FILE_MAPPED),
	MN("Shmem", NR_SHMEM),
	M0("Slab"),
	M0("SReclaimable"),
	M0("SUnreclaim"),
	{ "KernelStack", M_NODE_KB, NR_KERNEL_STACK_KB, -1 },
	MN("PageTables", NR_PAGETABLE),
	M0("NFS_Unstable"),
	M0("Bounce"),
	M0("WritebackTmp"),
	MS("CommitLimit", M_COMMIT_LIMIT),
	M0("Committed_AS"),
	MS("VmallocTotal", M_VMALLOC_TOTAL),
	M0("VmallocUsed"),
	M0("VmallocChunk"),
	MS("HardwareCorrupted", M_HWCORRUPT),
	M0("AnonHugePages"),
	MS("HugePages_Total", M_HUGE_COUNT),
	MS("HugePages_Free", M_HUGE_COUNT),
	MS("HugePages_Rsvd", M_HUGE_COUNT),
	MS("HugePages_Surp", M_HUGE_COUNT),
	MS("Hugepagesize", M_HUGEPAGESIZE),
	M0("DirectMap4k"),
	M0("DirectMap2M"),
};

/*
 * 4.2 (read in 4.2.8's): 3.10's lines with MemAvailable (3.14), which
 * 3.14..4.4 computed from the free pages less the zones' low watermarks
 * (M_AVAILABLE_3_14); no CONFIG_CMA lines.
 */
static const struct mi_line meminfo_4_2[] = {
	MS("MemTotal", M_TOTALRAM),
	MS("MemFree", M_FREE),
	MS("MemAvailable", M_AVAILABLE_3_14),
	M0("Buffers"),
	MN("Cached", NR_FILE_PAGES),
	MN("SwapCached", NR_SWAPCACHE),
	{ "Active", M_NODE, NR_ACTIVE_ANON, NR_ACTIVE_FILE },
	{ "Inactive", M_NODE, NR_INACTIVE_ANON, NR_INACTIVE_FILE },
	MN("Active(anon)", NR_ACTIVE_ANON),
	MN("Inactive(anon)", NR_INACTIVE_ANON),
	MN("Active(file)", NR_ACTIVE_FILE),
	MN("Inactive(file)", NR_INACTIVE_FILE),
	MN("Unevictable", NR_UNEVICTABLE),
	MZ("Mlocked", NR_MLOCK),
	MS("HighTotal", M_HIGH),
	MS("SwapTotal", M_SWAP_TOTAL),
	MS("SwapFree", M_SWAP_FREE),
	MN("Dirty", NR_FILE_DIRTY),
	MN("Writeback", NR_WRITEBACK),
	MN("AnonPages", NR_ANON_MAPPED),
	MN("Mapped", NR_FILE_MAPPED),
	MN("Shmem", NR_SHMEM),
	M0("Slab"),
	M0("SReclaimable"),
	M0("SUnreclaim"),
	{ "KernelStack", M_NODE_KB, NR_KERNEL_STACK_KB, -1 },
	MN("PageTables", NR_PAGETABLE),
	M0("NFS_Unstable"),
	M0("Bounce"),
	M0("WritebackTmp"),
	MS("CommitLimit", M_COMMIT_LIMIT),
	M0("Committed_AS"),
	MS("VmallocTotal", M_VMALLOC_TOTAL),
	M0("VmallocUsed"),
	M0("VmallocChunk"),
	MS("HardwareCorrupted", M_HWCORRUPT),
	M0("AnonHugePages"),
	MS("HugePages_Total", M_HUGE_COUNT),
	MS("HugePages_Free", M_HUGE_COUNT),
	MS("HugePages_Rsvd", M_HUGE_COUNT),
	MS("HugePages_Surp", M_HUGE_COUNT),
	MS("Hugepagesize", M_HUGEPAGESIZE),
	M0("DirectMap4k"),
	M0("DirectMap2M"),
};

/*
 * 4.5 (read in 4.5.7's): 4.2's lines; MemAvailable less
 * totalreserve_pages (4.5), as si_mem_available() since;
 * VmallocUsed and VmallocChunk print 0 in the kernel too (4.4).
 */
static const struct mi_line meminfo_4_5[] = {
	MS("MemTotal", M_TOTALRAM),
	MS("MemFree", M_FREE),
	MS("MemAvailable", M_AVAILABLE),
	M0("Buffers"),
	MN("Cached", NR_FILE_PAGES),
	MN("SwapCached", NR_SWAPCACHE),
	{ "Active", M_NODE, NR_ACTIVE_ANON, NR_ACTIVE_FILE },
	{ "Inactive", M_NODE, NR_INACTIVE_ANON, NR_INACTIVE_FILE },
	MN("Active(anon)", NR_ACTIVE_ANON),
	MN("Inactive(anon)", NR_INACTIVE_ANON),
	MN("Active(file)", NR_ACTIVE_FILE),
	MN("Inactive(file)", NR_INACTIVE_FILE),
	MN("Unevictable", NR_UNEVICTABLE),
	MZ("Mlocked", NR_MLOCK),
	MS("HighTotal", M_HIGH),
	MS("SwapTotal", M_SWAP_TOTAL),
	MS("SwapFree", M_SWAP_FREE),
	MN("Dirty", NR_FILE_DIRTY),
	MN("Writeback", NR_WRITEBACK),
	MN("AnonPages", NR_ANON_MAPPED),
	MN("Mapped", NR_FILE_MAPPED),
	MN("Shmem", NR_SHMEM),
	M0("Slab"),
	M0("SReclaimable"),
	M0("SUnreclaim"),
	{ "KernelStack", M_NODE_KB, NR_KERNEL_STACK_KB, -1 },
	MN("PageTables", NR_PAGETABLE),
	M0("NFS_Unstable"),
	M0("Bounce"),
	M0("WritebackTmp"),
	MS("CommitLimit", M_COMMIT_LIMIT),
	M0("Committed_AS"),
	MS("VmallocTotal", M_VMALLOC_TOTAL),
	M0("VmallocUsed"),
	M0("VmallocChunk"),
	MS("HardwareCorrupted", M_HWCORRUPT),
	M0("AnonHugePages"),
	MS("HugePages_Total", M_HUGE_COUNT),
	MS("HugePages_Free", M_HUGE_COUNT),
	MS("HugePages_Rsvd", M_HUGE_COUNT),
	MS("HugePages_Surp", M_HUGE_COUNT),
	MS("Hugepagesize", M_HUGEPAGESIZE),
	M0("DirectMap4k"),
	M0("DirectMap2M"),
};

/* 4.12 (its own): show_val_kb() (4.12), ShmemHugePages and ShmemPmdMapped (4.8). */
static const struct mi_line meminfo_4_12[] = {
	MS("MemTotal", M_TOTALRAM),
	MS("MemFree", M_FREE),
	MS("MemAvailable", M_AVAILABLE),
	M0("Buffers"),
	MN("Cached", NR_FILE_PAGES),
	MN("SwapCached", NR_SWAPCACHE),
	{ "Active", M_NODE, NR_ACTIVE_ANON, NR_ACTIVE_FILE },
	{ "Inactive", M_NODE, NR_INACTIVE_ANON, NR_INACTIVE_FILE },
	MN("Active(anon)", NR_ACTIVE_ANON),
	MN("Inactive(anon)", NR_INACTIVE_ANON),
	MN("Active(file)", NR_ACTIVE_FILE),
	MN("Inactive(file)", NR_INACTIVE_FILE),
	MN("Unevictable", NR_UNEVICTABLE),
	MZ("Mlocked", NR_MLOCK),
	MS("HighTotal", M_HIGH),
	MS("SwapTotal", M_SWAP_TOTAL),
	MS("SwapFree", M_SWAP_FREE),
	MN("Dirty", NR_FILE_DIRTY),
	MN("Writeback", NR_WRITEBACK),
	MN("AnonPages", NR_ANON_MAPPED),
	MN("Mapped", NR_FILE_MAPPED),
	MN("Shmem", NR_SHMEM),
	M0("Slab"),
	M0("SReclaimable"),
	M0("SUnreclaim"),
	{ "KernelStack", M_NODE_KB, NR_KERNEL_STACK_KB, -1 },
	MN("PageTables", NR_PAGETABLE),
	M0("NFS_Unstable"),
	M0("Bounce"),
	M0("WritebackTmp"),
	MS("CommitLimit", M_COMMIT_LIMIT),
	M0("Committed_AS"),
	MS("VmallocTotal", M_VMALLOC_TOTAL),
	M0("VmallocUsed"),
	M0("VmallocChunk"),
	MS("HardwareCorrupted", M_HWCORRUPT),
	M0("AnonHugePages"),
	M0("ShmemHugePages"),
	M0("ShmemPmdMapped"),
	MS("HugePages_Total", M_HUGE_COUNT),
	MS("HugePages_Free", M_HUGE_COUNT),
	MS("HugePages_Rsvd", M_HUGE_COUNT),
	MS("HugePages_Surp", M_HUGE_COUNT),
	MS("Hugepagesize", M_HUGEPAGESIZE),
	M0("DirectMap4k"),
	M0("DirectMap2M"),
};

/*
 * 6.12 (read in 6.12.19's, under the 6.18 host's configuration: no
 * CONFIG_CMA, CONFIG_MEMORY_FAILURE or CONFIG_UNACCEPTED_MEMORY): 6.18's
 * lines without Balloon (6.16).
 */
static const struct mi_line meminfo_6_12[] = {
	MS("MemTotal", M_TOTALRAM),
	MS("MemFree", M_FREE),
	MS("MemAvailable", M_AVAILABLE),
	M0("Buffers"),
	MN("Cached", NR_FILE_PAGES),
	MN("SwapCached", NR_SWAPCACHE),
	{ "Active", M_NODE, NR_ACTIVE_ANON, NR_ACTIVE_FILE },
	{ "Inactive", M_NODE, NR_INACTIVE_ANON, NR_INACTIVE_FILE },
	MN("Active(anon)", NR_ACTIVE_ANON),
	MN("Inactive(anon)", NR_INACTIVE_ANON),
	MN("Active(file)", NR_ACTIVE_FILE),
	MN("Inactive(file)", NR_INACTIVE_FILE),
	MN("Unevictable", NR_UNEVICTABLE),
	MZ("Mlocked", NR_MLOCK),
	MS("HighTotal", M_HIGH),
	MS("SwapTotal", M_SWAP_TOTAL),
	MS("SwapFree", M_SWAP_FREE),
	M0("Zswap"),
	M0("Zswapped"),
	MN("Dirty", NR_FILE_DIRTY),
	MN("Writeback", NR_WRITEBACK),
	MN("AnonPages", NR_ANON_MAPPED),
	MN("Mapped", NR_FILE_MAPPED),
	MN("Shmem", NR_SHMEM),
	M0("KReclaimable"),
	M0("Slab"),
	M0("SReclaimable"),
	M0("SUnreclaim"),
	{ "KernelStack", M_NODE_KB, NR_KERNEL_STACK_KB, -1 },
	MN("PageTables", NR_PAGETABLE),
	M0("SecPageTables"),
	M0("NFS_Unstable"),
	M0("Bounce"),
	M0("WritebackTmp"),
	MS("CommitLimit", M_COMMIT_LIMIT),
	M0("Committed_AS"),
	MS("VmallocTotal", M_VMALLOC_TOTAL),
	M0("VmallocUsed"),
	M0("VmallocChunk"),
	M0("Percpu"),
	M0("AnonHugePages"),
	M0("ShmemHugePages"),
	M0("ShmemPmdMapped"),
	M0("FileHugePages"),
	M0("FilePmdMapped"),
	MS("HugePages_Total", M_HUGE_COUNT),
	MS("HugePages_Free", M_HUGE_COUNT),
	MS("HugePages_Rsvd", M_HUGE_COUNT),
	MS("HugePages_Surp", M_HUGE_COUNT),
	MS("Hugepagesize", M_HUGEPAGESIZE),
	M0("Hugetlb"),
	M0("DirectMap4k"),
	M0("DirectMap2M"),
	M0("DirectMap1G"),
};

/*
 * 6.18 (the oracle host's): MemAvailable (3.14), KReclaimable (4.20),
 * Zswap and Zswapped (5.19), SecPageTables (6.0), Percpu (4.16), the
 * shmem and file THP lines (4.8, 5.4), Balloon, Hugetlb (5.16),
 * DirectMap1G.
 */
static const struct mi_line meminfo_6_18[] = {
	MS("MemTotal", M_TOTALRAM),
	MS("MemFree", M_FREE),
	MS("MemAvailable", M_AVAILABLE),
	M0("Buffers"),
	MN("Cached", NR_FILE_PAGES),
	MN("SwapCached", NR_SWAPCACHE),
	{ "Active", M_NODE, NR_ACTIVE_ANON, NR_ACTIVE_FILE },
	{ "Inactive", M_NODE, NR_INACTIVE_ANON, NR_INACTIVE_FILE },
	MN("Active(anon)", NR_ACTIVE_ANON),
	MN("Inactive(anon)", NR_INACTIVE_ANON),
	MN("Active(file)", NR_ACTIVE_FILE),
	MN("Inactive(file)", NR_INACTIVE_FILE),
	MN("Unevictable", NR_UNEVICTABLE),
	MZ("Mlocked", NR_MLOCK),
	MS("HighTotal", M_HIGH),
	MS("SwapTotal", M_SWAP_TOTAL),
	MS("SwapFree", M_SWAP_FREE),
	M0("Zswap"),
	M0("Zswapped"),
	MN("Dirty", NR_FILE_DIRTY),
	MN("Writeback", NR_WRITEBACK),
	MN("AnonPages", NR_ANON_MAPPED),
	MN("Mapped", NR_FILE_MAPPED),
	MN("Shmem", NR_SHMEM),
	M0("KReclaimable"),
	M0("Slab"),
	M0("SReclaimable"),
	M0("SUnreclaim"),
	{ "KernelStack", M_NODE_KB, NR_KERNEL_STACK_KB, -1 },
	MN("PageTables", NR_PAGETABLE),
	M0("SecPageTables"),
	M0("NFS_Unstable"),
	M0("Bounce"),
	M0("WritebackTmp"),
	MS("CommitLimit", M_COMMIT_LIMIT),
	M0("Committed_AS"),
	MS("VmallocTotal", M_VMALLOC_TOTAL),
	M0("VmallocUsed"),
	M0("VmallocChunk"),
	M0("Percpu"),
	M0("AnonHugePages"),
	M0("ShmemHugePages"),
	M0("ShmemPmdMapped"),
	M0("FileHugePages"),
	M0("FilePmdMapped"),
	M0("Balloon"),
	MS("HugePages_Total", M_HUGE_COUNT),
	MS("HugePages_Free", M_HUGE_COUNT),
	MS("HugePages_Rsvd", M_HUGE_COUNT),
	MS("HugePages_Surp", M_HUGE_COUNT),
	MS("Hugepagesize", M_HUGEPAGESIZE),
	M0("Hugetlb"),
	M0("DirectMap4k"),
	M0("DirectMap2M"),
	M0("DirectMap1G"),
};

/*
 * @width: the value's column ("Name:" padded to width - 8 before 2.6.28's
 * widening, to 16 after); @old_huge: 2.6.24-26's narrow huge page lines.
 */
struct mi_layout {
	const struct mi_line *lines;
	size_t nr;
	int label;
	bool old_huge;
};

#define MI_LAYOUT(t, label, old)                          \
	{                                                 \
		t, sizeof(t) / sizeof((t)[0]), label, old \
	}

static const struct mi_layout mi_layouts[NR_PROCFS_FORMATS] = {
	[PROCFS_2_6_25] = MI_LAYOUT(meminfo_2_6_25, 14, true),
	[PROCFS_2_6_28] = MI_LAYOUT(meminfo_2_6_28, 16, false),
	[PROCFS_2_6_32] = MI_LAYOUT(meminfo_2_6_32, 16, false),
	[PROCFS_2_6_35] = MI_LAYOUT(meminfo_2_6_32, 16, false),
	[PROCFS_3_10] = MI_LAYOUT(meminfo_3_10, 16, false),
	[PROCFS_4_2] = MI_LAYOUT(meminfo_4_2, 16, false),
	[PROCFS_4_5] = MI_LAYOUT(meminfo_4_5, 16, false),
	[PROCFS_4_12] = MI_LAYOUT(meminfo_4_12, 16, false),
	[PROCFS_6_12] = MI_LAYOUT(meminfo_6_12, 16, false),
	[PROCFS_6_18] = MI_LAYOUT(meminfo_6_18, 16, false),
};

/*
 * meminfo_proc_show()'s MemAvailable in 3.14..4.4 ("/proc/meminfo:
 * provide estimated available memory"; 4.5's "proc: meminfo: estimate
 * available memory more conservatively" subtracted totalreserve_pages
 * instead of the low watermarks): the free pages less every zone's low watermark, plus the
 * file LRU pages but the smaller of half of them and the low watermarks
 * (the reclaimable slab's term is 0: the model has no slab), at least 0.
 * for_each_zone() walks the zones of the arch's kernel: the model's
 * zones the arch lacks (an x86-64 HighMem) keep watermarks of their own.
 */
static u64 si_mem_available_3_14(const struct sim *sim)
{
	long long available, pagecache, wmark_low = 0;

	for (unsigned int n = 0; n < sim->nr_nodes; n++)
		for (int z = 0; z < MAX_NR_ZONES; z++)
			if (zone_configured(sim, z))
				wmark_low +=
					(long long)low_wmark_pages(&sim->nodes[n].node_zones[z]);
	available = (long long)global_zone_state(sim, NR_FREE_PAGES) - wmark_low;
	pagecache = (long long)(global_node_state(sim, NR_ACTIVE_FILE) +
				global_node_state(sim, NR_INACTIVE_FILE));
	pagecache -= pagecache / 2 < wmark_low ? pagecache / 2 : wmark_low;
	available += pagecache;
	return available < 0 ? 0 : (u64)available;
}

/*
 * vm.overcommit_ratio, the kernel's default (mm/util.c, 50 since 2.6.x),
 * which the model's machine keeps (no overcommit_kbytes): CommitLimit,
 * vm_commit_limit() (2.6.x meminfo's "allowed"), is that share of RAM
 * plus the swap, with no hugetlb pages to leave out.
 */
#define SYSCTL_OVERCOMMIT_RATIO 50

/*
 * VMALLOC_TOTAL >> 10, an arch constant: x86-64's 4-level vmalloc area,
 * 32 TiB less a byte (0xffffc20000000000..0xffffe1ffffffffff in 2.6.x,
 * VMALLOC_SIZE_TB 32 since 4.8's KASLR), the same 2.6.24..6.18; 5-level
 * paging (12800 TB) is not modelled.  The other arches' (i386's hangs on
 * its lowmem and fixmap, ia64's and arm64's on the page size) the model
 * does not know: 0 (x86-64 has only 4 KiB base pages, so another page
 * size is another arch).
 */
static u64 vmalloc_total_kb(const struct sim *sim)
{
	if (sim->scn.machine.arch != SCN_ARCH_X86_64 || sim->page_size != 4096)
		return 0;
	return ((1ULL << 45) - 1) >> 10;
}

/* "Name:" padded to the layout's label width, the value in kB, %8lu */
static void mi_kb(FILE *f, const struct mi_layout *lay, const char *name, u64 kb)
{
	char label[32];

	snprintf(label, sizeof(label), "%s:", name);
	fprintf(f, "%-*s%8" PRIu64 " kB\n", lay->label, label, kb);
}

static void mi_line_print(FILE *f, const struct sim *sim, const struct mi_layout *lay,
			  const struct mi_line *l)
{
	u64 kb_per_page = sim->page_size / 1024, a, b;
	char label[32];

	snprintf(label, sizeof(label), "%s:", l->name);
	switch (l->src) {
	case M_TOTALRAM:
		mi_kb(f, lay, l->name, totalram_pages(sim) * kb_per_page);
		break;
	case M_FREE:
		mi_kb(f, lay, l->name, global_zone_state(sim, NR_FREE_PAGES) * kb_per_page);
		break;
	case M_AVAILABLE:
		mi_kb(f, lay, l->name, si_mem_available(sim) * kb_per_page);
		break;
	case M_NODE:
		mi_kb(f, lay, l->name,
		      (global_node_state(sim, l->a) +
		       (l->b >= 0 ? global_node_state(sim, l->b) : 0)) *
			      kb_per_page);
		break;
	case M_NODE_KB:
		mi_kb(f, lay, l->name, global_node_state(sim, l->a));
		break;
	case M_ZONE:
		mi_kb(f, lay, l->name, global_zone_state(sim, l->a) * kb_per_page);
		break;
	case M_SWAP_TOTAL:
	case M_SWAP_FREE:
		si_swapinfo(sim, &a, &b);
		mi_kb(f, lay, l->name, (l->src == M_SWAP_TOTAL ? a : b) * kb_per_page);
		break;
	case M_HIGH:
		if (!zone_configured(sim, ZONE_HIGHMEM))
			break;
		si_highmem(sim, &a, &b);
		mi_kb(f, lay, "HighTotal", a * kb_per_page);
		mi_kb(f, lay, "HighFree", b * kb_per_page);
		mi_kb(f, lay, "LowTotal", (totalram_pages(sim) - a) * kb_per_page);
		mi_kb(f, lay, "LowFree", (global_zone_state(sim, NR_FREE_PAGES) - b) * kb_per_page);
		break;
	case M_HUGE_COUNT:
	case M_HUGEPAGESIZE:
		a = l->src == M_HUGEPAGESIZE ? pageblock_nr_pages(sim) * kb_per_page : 0;
		if (lay->old_huge)
			fprintf(f, "%-17s%5" PRIu64, label, a);
		else
			fprintf(f, "%-16s%8" PRIu64, label, a);
		fputs(l->src == M_HUGEPAGESIZE ? " kB\n" : "\n", f);
		break;
	case M_HWCORRUPT:
		fprintf(f, "%s %5d kB\n", label, 0);
		break;
	case M_AVAILABLE_3_14:
		mi_kb(f, lay, l->name, si_mem_available_3_14(sim) * kb_per_page);
		break;
	case M_COMMIT_LIMIT:
		si_swapinfo(sim, &a, &b);
		mi_kb(f, lay, l->name,
		      (totalram_pages(sim) * SYSCTL_OVERCOMMIT_RATIO / 100 + a) * kb_per_page);
		break;
	case M_VMALLOC_TOTAL:
		mi_kb(f, lay, l->name, vmalloc_total_kb(sim));
		break;
	default:
		mi_kb(f, lay, l->name, 0);
		break;
	}
}

void report_proc_meminfo(FILE *f, const struct sim *sim)
{
	const struct mi_layout *lay = &mi_layouts[sim->scn.policy.meminfo_format];

	if (!lay->lines) {
		report_meminfo(f, sim);
		return;
	}
	for (size_t i = 0; i < lay->nr; i++)
		mi_line_print(f, sim, lay, &lay->lines[i]);
}

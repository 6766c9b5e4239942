// SPDX-License-Identifier: MIT
/*
 * cost.c - the [cost] keys: the CPU time charged for each kind of kernel
 * and user work (struct scn_cost), with their defaults.
 *
 * Orders of magnitude of a current x86-64 server core, not measurements
 * of one machine.  Each names what dominates it.  A cost is per
 * operation: more than a second is a typo, and would overflow sums.
 */
#include <stddef.h>

#include "../sim/config.h"
#include "../sim/scenario.h"

#define C_KEY(f, d, text)                                                          \
	{                                                                          \
		.name = #f, .type = CFG_TIME, .off = offsetof(struct scn_cost, f), \
		.max = NSEC_PER_SEC, .def = d, .doc = text                         \
	}

static const struct cfg_key cost_keys[] = {
	/* a load/store to a resident page, mostly the cache miss on it */
	C_KEY(user_touch_ns, "20ns", "a user access to a resident page"),
	/*
	 * exception entry/exit + handle_mm_fault walk for a minor fault;
	 * calibrated on the oracle VM: anonfill fit_noswap (24,576 first-touch
	 * faults, then 73,728 touches) took 62-68 ms, i.e. ~2.6 us per fault
	 * with zeroing, allocation and charge, which this makes 2.4 us.
	 */
	C_KEY(fault_ns, "1800ns", "page fault entry/exit, minor"),
	/* clear_page of 4 KiB with rep stosb at ~10 GB/s */
	C_KEY(zero_page_ns, "400ns", "clearing one page"),
	/* copy_to/from_user of 4 KiB at ~13 GB/s (read/write syscalls) */
	C_KEY(copy_page_ns, "300ns", "copying one page (read/write syscalls)"),
	/* rmqueue from the per-CPU lists, the common case */
	C_KEY(alloc_ns, "150ns", "buddy allocator, per page"),
	/* free to the per-CPU lists */
	C_KEY(free_ns, "100ns", "freeing one page"),
	/* uncontended spin_lock_irq + list move of one folio */
	C_KEY(lru_lock_ns, "40ns", "lru_lock hold per page isolated or put back"),
	/* shrink_folio_list checks per folio: trylock, flags, mapping */
	C_KEY(scan_page_ns, "200ns", "shrink_folio_list work per page"),
	/* one rmap walk of a singly mapped folio (anon_vma/i_mmap lock + pte) */
	C_KEY(rmap_ns, "300ns",
	      "an rmap walk (page_referenced / try_to_unmap) of a singly mapped page"),
	/*
	 * each further VMA of the walk: vma_address() and a page table
	 * lookup in another mm, priced as a walk of its own (cold page
	 * tables dominate both)
	 */
	C_KEY(rmap_vma_ns, "300ns", "each further VMA the same walk checks"),
	/* folio_alloc_swap + add_to_swap_cache */
	C_KEY(swap_slot_ns, "300ns", "add_to_swap: slot allocation + swap cache"),
	/* syscall entry/exit with current mitigations */
	C_KEY(syscall_ns, "200ns", "read()/write() entry/exit"),
	/* try_charge from the per-CPU stock: amortised over a 64-page batch */
	C_KEY(charge_ns, "50ns", "memcg charge, per page"),
	/*
	 * an estimate, not a measurement: a reclaim walk's step to a group
	 * (mem_cgroup_iter: css_tryget/css_put, the cursor's cmpxchg; then
	 * the protection check, get_scan_count and shrink_slab's shrinker
	 * map on an empty group) touches about four cold cache lines of
	 * that group (memcg, its per-node info, lruvec stats, shrinker map)
	 * at ~75 ns each
	 */
	C_KEY(memcg_iter_ns, "300ns",
	      "a reclaim walk's visit of a memcg other than the walk's root"),
	/*
	 * res_counter_soft_limit_excess() (v3.10): spin_lock_irqsave on the
	 * group's counter, two loads, unlock: ~20 ns warm; a group of a large
	 * walk is cold (a miss on the counter's line, ~80 ns).  Only the soft
	 * limit rework's eligibility tests pay it (soft_limit_reclaim).
	 */
	C_KEY(memcg_excess_ns, "100ns",
	      "one soft-limit excess test of the 2013 rework's eligibility walk (a res_counter lock round trip)"),
	/*
	 * shrink_lruvec of a group with nothing to scan: get_scan_count's
	 * reads (reclaim_stat, four list sizes, swappiness) and
	 * inactive_anon_is_low, ~200 ns cold (v3.10).  0 by default: the
	 * calibrated memcg_iter_ns already holds a visit's whole cost;
	 * seed 002's scenarios price it separately.
	 */
	C_KEY(empty_lruvec_ns, "0ns",
	      "shrink_lruvec of a group with nothing to scan at this priority (get_scan_count and the list tests)"),
	/*
	 * filemap_add_folio plus the filesystem's per-page work (ext4
	 * write_begin/write_end or readahead bio setup); calibrated on the
	 * oracle VM: dd of 256 MiB into a 64 MiB memcg took 0.15 s
	 */
	C_KEY(pagecache_insert_ns, "1us", "a page entering the page cache, fs work included"),
	/*
	 * sk_buff allocation, copy, queueing and the receiver's wake-up for
	 * one hackbench message, per side; seed 000's throttled run passed
	 * 48 M messages in 30 s on 8 CPUs of 2008, ~5 us per message
	 */
	C_KEY(socket_msg_ns, "2us", "one small message through a socket, beyond the syscall"),
	/*
	 * tcp_sendmsg + the loopback softirq (tcp_v4_rcv, the ACK) +
	 * tcp_recvmsg for one message, beyond the syscalls and the copies
	 */
	C_KEY(tcp_msg_ns, "20us",
	      "one message through TCP over loopback, beyond the syscalls and the copies (tbench)"),
	/*
	 * user CPU of one tbench operation on the client (dbench's loadfile
	 * interpreter) and on the server (tbench_srv's reply); with
	 * tcp_msg_ns, seed 004's tbench 8 gives ~1481 MB/s (docs/seed004.md)
	 */
	C_KEY(dbench_op_ns, "67us",
	      "user CPU of one dbench/tbench operation, on the client and again on the server"),
	/*
	 * 0: the check is inside alloc_ns.  Set, each check of
	 * get_page_from_freelist costs this per free_area it reads (a cache
	 * line), after its order-0 part (seed 004)
	 */
	C_KEY(wmark_check_ns, "0",
	      "one free_area read of an allocation's watermark check: its order-0 part and each order it walks (0: inside alloc_ns)"),
	/* zap_pte_range / madvise_free_pte_range / filemap_map_pages work per PTE */
	C_KEY(pte_ns, "60ns", "one PTE zapped, cleaned by MADV_FREE or mapped by fault-around"),
	/*
	 * flush_tlb_multi(): the sender sends the IPIs and spins until every
	 * target has flushed, a cross-socket round trip of a few us
	 */
	C_KEY(tlb_ipi_ns, "3us", "a TLB shootdown: the sender waits for the remote flushes"),
	/* the target's interrupt entry, full TLB flush and exit */
	C_KEY(tlb_irq_ns, "1us", "a TLB shootdown interrupt on each target CPU"),
	/*
	 * a scanner's test of one frame (PageBuddy / PageLRU and its flags,
	 * a struct page cache line per few frames); an estimate
	 */
	C_KEY(compact_scan_ns, "10ns", "a compaction scanner's look at one page frame"),
	/*
	 * migrating a 4 KiB page beyond its rmap walk: isolation, the
	 * migration entries, the copy (~300 ns, as copy_page_ns) and the
	 * mapping's update; an estimate
	 */
	C_KEY(migrate_page_ns, "1us",
	      "migrating one page: unmap, copy, remap (the rmap walk costs extra)"),
	/*
	 * a sleep on a contended rwsem and the wake-up: the switch away and
	 * back (bench/results/calibrate.txt: a pipe round trip between two
	 * processes is two switches)
	 */
	C_KEY(context_switch_ns, "2us",
	      "a task's sleep on a contended lock and its wake-up: the switch out and back in"),
	/*
	 * one tick at HZ=250: a CPU-bound task among equals is preempted on
	 * the tick; a zero timeslice would never let time advance
	 */
	{ .name = "timeslice_ns",
	  .type = CFG_TIME,
	  .off = offsetof(struct scn_cost, timeslice_ns),
	  .flags = CFG_F_POSITIVE,
	  .max = NSEC_PER_SEC,
	  .def = "4ms",
	  .doc = "scheduler timeslice" },
};
CFG_TABLE(cost_table, cost_keys);

// SPDX-License-Identifier: MIT
/*
 * cost.c - the [cost] keys: the CPU time charged for each kind of kernel
 * and user work (struct scn_cost), with their defaults.
 *
 * Each default says where it comes from: "calibrate" is a figure of
 * `reclaimsim calibrate` (src/cli/calibrate.c) recorded on the 2-CPU
 * development VM, the oracle's machine class, in bench/results/calibrate.txt;
 * "bench/tbench-host.sh" a real program's CPU time measured on that machine;
 * "estimate" a reasoned figure no microbenchmark reaches from user space
 * (the work inside one kernel lock or list operation), never one fitted
 * to a seed.  docs/model.md lists them.  A cost is per operation: more
 * than a second is a typo, and would overflow sums.
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
	/* calibrate: a store to each page of a 256 MiB buffer, address order (28 ns; random 23) */
	C_KEY(user_touch_ns, "28ns", "a user access to a resident page"),
	/*
	 * calibrate (the 22:07 run): the same store to each page of a region
	 * of 4, 16, 64, 96 and 128 MiB, several passes: 16-19 ns, median 17
	 * (256 MiB in the same run: 27 ns).  A pass touches one cache line
	 * and one PTE a page, which stay in the caches up to about 100 MiB
	 * here (L2 1 MiB a core, L3 32 MiB); anonfill's own 40 MiB passes
	 * took 9-15 ns a page in the grid's quietest runs
	 */
	C_KEY(user_touch_cached_ns, "17ns",
	      "a user access to a resident page of a region no larger than user_touch_cache (anon_fill)"),
	/*
	 * calibrate (the 22:07 run): the largest region measured whose touch
	 * cost stays within 1.5x of the 4 MiB region's
	 */
	{ .name = "user_touch_cache",
	  .type = CFG_SIZE,
	  .off = offsetof(struct scn_cost, user_touch_cache),
	  .def = "128M",
	  .doc = "the largest region whose pages anon_fill touches at user_touch_cached_ns (0: none)" },
	/*
	 * calibrate (the 22:07 run): a read of /proc/self/smaps as anonfill
	 * reads it, with a 1 MiB region (92 us), less its walk
	 * (smaps_page_ns): the text of the VMAs up to the region's
	 */
	C_KEY(smaps_ns, "79us", "a read of /proc/PID/smaps, beyond its walk of resident pages"),
	/*
	 * calibrate (the 22:07 run): the same read with a 64 MiB region
	 * (933 us) less with 1 MiB, per page (smaps_pte_range: the PTE, its
	 * folio's flags and mapcount)
	 */
	C_KEY(smaps_page_ns, "52ns", "that walk of /proc/PID/smaps, per resident page"),
	/*
	 * calibrate (the 22:07 run, inside a v1 memcg): what the oracle
	 * programs' phase line reads besides smaps (data/oracle/src/common.h):
	 * getrusage three times, the group's usage and memsw usage files,
	 * its memory.stat and /proc/vmstat
	 */
	C_KEY(phase_line_ns, "53us",
	      "the oracle programs' phase line, smaps aside: getrusage, the group's usage files and memory.stat, /proc/vmstat"),
	/*
	 * calibrate (its 2026-12-07 03:51 run in bench/results/calibrate.txt):
	 * fork, then execve of /bin/true (a small dynamically linked program:
	 * the binfmt load, ld.so mapping and relocating libc, libc's start,
	 * their page faults, the exit), the child's CPU time, 631 us.  The
	 * kernel's profile of the oracle's anonfill
	 * (bench/results/swapout-profile.txt) puts what of its start perf sees
	 * (after the exec renames it) and its phase lines at 1.0-1.3 ms
	 */
	C_KEY(exec_ns, "631us",
	      "an exec'd program's start and exit: execve, ld.so and libc's start (the oracle's anonfill, phase_lines = on)"),
	/*
	 * calibrate: a first-touch anonymous write fault took 1,647 ns, less
	 * zero_page_ns, alloc_ns and charge_ns (the oracle's anonfill
	 * fit_noswap, 2.6 us a fault with its touches, had given 1800 ns)
	 */
	C_KEY(fault_ns, "1236ns", "page fault entry/exit, minor"),
	/* calibrate: memset of a 4 KiB page */
	C_KEY(zero_page_ns, "211ns", "clearing 4 KiB: a larger page takes one per 4 KiB"),
	/* calibrate: memcpy of a 4 KiB page */
	C_KEY(copy_page_ns, "426ns",
	      "copying 4 KiB: per 4 KiB of a copied-on-write page and of tbench's and ebizzy's bytes; once per page a read() or write() touches"),
	/*
	 * estimate: rmqueue from the per-CPU lists, the common case, with a
	 * share of the batch refill; also the zone lock's hold per block the
	 * refill moves.  Inside calibrate's fault figure, not separable.
	 */
	C_KEY(alloc_ns, "150ns", "buddy allocator, per page"),
	/*
	 * calibrate: munmap of faulted anonymous pages, 294 ns a page, less
	 * pte_ns; also the zone lock's hold per page free_pcppages_bulk moves
	 */
	C_KEY(free_ns, "68ns", "freeing one page"),
	/*
	 * bench/shrinker-cost.py (bench/results/shrinker-cost.txt): the CPU
	 * of `echo 2 > /proc/sys/vm/drop_caches` (the dcache and icache
	 * shrinkers until they free little) over the dentries and inodes it
	 * freed, 200,000 empty files on ext4 against none, median of 7: 863
	 * ns an object (negative dentries alone: 392 ns).  Charged per object
	 * shrink_slab scans (SLABS_SCANNED), freed or not
	 */
	C_KEY(shrink_object_ns, "863ns",
	      "a slab shrinker's work per object it scans (prune_dcache / prune_icache: a dentry or inode freed)"),
	/*
	 * bench/swapout-profile.py --detail (bench/results/swapout-profile.txt,
	 * the 03:43-03:52 runs): the lru_lock's sections with interrupts off
	 * in anonfill's memcg reclaim (their samples land on the unlock:
	 * shrink_lruvec's for isolate_lru_folios, lru_note_cost_unlock_irq's
	 * for move_folios_to_lru and the cost notes, shrink_node's), scaled by
	 * the run's on-CPU time without perf over that with it, per folio
	 * isolated (mm_vmscan_lru_isolate's nr_taken) or put back (those less
	 * mm_vmscan_lru_shrink_inactive's nr_reclaimed): seq 8.02 ms x
	 * 93.5/94.4 / 44,909 = 177 ns, hotcold 7.83 x 74.3/103.2 / 44,848 =
	 * 126 ns, rand 6.96 x 87.0/90.0 / 44,906 = 150 ns; the median (was 40
	 * ns, an estimate).  Cold folios: the LRU's tail is its least recently
	 * touched memory
	 */
	C_KEY(lru_lock_ns, "150ns", "lru_lock hold per page isolated or put back"),
	/* estimate: shrink_folio_list checks per folio: trylock, flags, mapping */
	C_KEY(scan_page_ns, "200ns", "shrink_folio_list work per page"),
	/* estimate: one rmap walk of a singly mapped folio (anon_vma/i_mmap lock + pte) */
	C_KEY(rmap_ns, "300ns",
	      "an rmap walk (page_referenced / try_to_unmap) of a singly mapped page"),
	/*
	 * estimate: each further VMA of the walk: vma_address() and a page table
	 * lookup in another mm, priced as a walk of its own (cold page
	 * tables dominate both)
	 */
	C_KEY(rmap_vma_ns, "300ns", "each further VMA the same walk checks"),
	/* estimate: folio_alloc_swap + add_to_swap_cache */
	C_KEY(swap_slot_ns, "300ns", "add_to_swap: slot allocation + swap cache"),
	/*
	 * bench/swapout-profile.py (bench/results/swapout-profile.txt): perf
	 * (cpu-clock, call graphs) of anonfill's swap-out into a 16 MiB swap
	 * file from a 64 MiB v1 memcg, as grid_anon's swap16 configurations
	 * run it, 10-12 runs each of the seq, hotcold and rand patterns (one
	 * path: all three are killed in the sequential fill): swap_writeout
	 * -> __swap_writepage (bio_alloc, bio_associate_blkg,
	 * folio_start_writeback, submit_bio into the plug), scaled by the
	 * run's on-CPU time without perf over that with it: 1,295, 1,527 and
	 * 1,669 ns a page written (load 9.6, 14.7, 14.1); the median.  The
	 * plug's flush to the disk (259-890 ns a page there) is the request's:
	 * blk_submit_ns (was 1,827 ns with it; `--flush-apart`, issue 22's
	 * reqcpu run, finds no flush inside swap_writeout: 6.33 ms against
	 * 6.56 a run)
	 */
	C_KEY(swap_writepage_ns, "1527ns",
	      "swap_writepage: one page's write to swap started (bio, submit_bio into the plug; the request's submission is blk_submit_ns)"),
	/*
	 * the same profiles: __remove_mapping of a written swap cache folio
	 * (the swap cache's deletion under its lock with irqs off,
	 * mem_cgroup_swapout, put_swap_folio), scaled the same: 286, 309
	 * and 293 ns a page; the median
	 */
	C_KEY(swap_remove_mapping_ns, "293ns",
	      "__remove_mapping of a clean swap cache page: swap cache deletion, memcg swap-out, the slot's cache reference"),
	/*
	 * bench/swapout-profile.py --swap 128 --switch-apart (issue 22,
	 * branch swapcpu; bench/results/swapout-profile.txt): the samples
	 * under do_swap_page but its read's submission, its sleep's switch
	 * and reclaim (swapin_readahead, the folios' allocation and charge,
	 * the swap cache, folio_lock_or_retry, the retried fault's lookup
	 * and mapping), scaled by the run's CPU without perf over under it
	 * (the switches apart), per major fault M and page read P from the
	 * rand run (49,135 faults, 49,996 pages: 257.5 ms) and the seq run
	 * (11,041, 76,407: 146.0 ms): M = 3.87 us, P = 1.35 us, of which
	 * alloc_ns, charge_ns and the LRU add's lru_lock_ns are charged
	 * already (350 ns): swapin_page_ns below
	 */
	C_KEY(swapin_major_ns, "3870ns",
	      "a major swap fault's own path beyond its pages read: swap readahead's window, folio_lock_or_retry, the retried fault's lookup and mapping (beyond fault_ns)"),
	/* the same profiles: 1.35 us a page read, less 350 ns charged apart */
	C_KEY(swapin_page_ns, "1000ns",
	      "__read_swap_cache_async: one page into the swap cache for its read: memcg swap-in charge, swap cache insert, workingset check (beyond alloc_ns, charge_ns and the LRU add)"),
	/*
	 * The block layer's part, the device's kick suppressed: the reclaim's
	 * plug flush of swap-out requests issued among others in flight (the
	 * notify skipped by virtio's event index, no VM exit), 0.93 us a page
	 * written in grid_anon rand_swap128's `--flush-apart` profile
	 * (bench/results/swapout-profile.txt; docs/oracle.md, "The CPU of a
	 * block request"), times the kernel's 1.84 pages a swap-out request
	 * (grid_overflow rand_a72: 36,238 pages in 19,727 requests; the
	 * profile counted no requests): 1.71 us a request.  A read
	 * to an idle disk costs 7.6-14.5 us, median 10.24 (bench/reqcpu-
	 * profile.py, bench/results/reqcpu-profile.txt: 80-90 % the leaf
	 * iowrite16, virtqueue_notify's VM exit): the rest, 8.54 us, is the
	 * device's kick (swap_kick, disk_kick; 0 on a bare-metal disk)
	 */
	C_KEY(blk_submit_ns, "1700ns",
	      "a block request's submission from a task: blk_mq_submit_bio, the plug's flush, the driver's queue_rq, its kick of the device suppressed (the kick of an idle device is swap_kick / disk_kick; a bio that merges into a request pays none)"),
	/*
	 * the same runs: the samples of the disk's interrupt and the block
	 * softirq on any CPU (vring_interrupt -> virtblk_done ->
	 * blk_mq_end_request -> bio_endio -> the folio's end of read and its
	 * waiter's wake-up; all on CPU 1, the queue's one vector) over the
	 * disk's completed requests, scaled as blk_submit_ns: 2.7, 1.8 and
	 * 3.3 us a request of one page; the median
	 */
	C_KEY(blk_complete_ns, "2700ns",
	      "a block request's completion in interrupt and softirq context on its submitter's CPU, ahead of the task there: blk_mq_end_request, bio_endio, waking the waiter"),
	/*
	 * the same run's sequential reads (dd bs=1M of a cold 64 MiB file:
	 * 86 requests of 576 pages): 12.79 us a request under perf, less the
	 * one-page request's 4.27, over 576 pages, scaled 0.77 (11 samples:
	 * a rough figure).  A read's end of I/O (mpage_end_io: uptodate and
	 * unlock); a write's folio_end_writeback is not measured apart
	 */
	C_KEY(blk_complete_page_ns, "11ns",
	      "that completion's work for each page of the request (the folio's end of I/O)"),
	/* calibrate: getppid(), entry and exit with this host's mitigations */
	C_KEY(syscall_ns, "170ns", "read()/write() entry/exit"),
	/*
	 * bench/forkcost.c (bench/results/forkcost.txt, 2026-12-07 20:28
	 * UTC, v6.18 x86-64, load ~2.3 on the 2 CPUs): a dynamically
	 * linked parent forking 200 or 1,000 children one at a time, each
	 * left blocked (as hackbench's children wait in ready()): the
	 * parent's fork() call on its own CPU clock, median of 7 reps'
	 * medians (388-574 us).  copy_process whole: task_struct, stack,
	 * slab, dup_mmap and copy_page_range of ~52 kB of page tables; the
	 * model charges the ~20 pages' allocations apart (alloc_ns each, a
	 * few us that this figure counts twice)
	 */
	C_KEY(fork_ns, "446us",
	      "the parent's fork() of a small process (copy_process: task, mm and page-table copies), beyond the page allocations"),
	/*
	 * bench/dd-bs.sh (bench/results/dd-bs.txt): dd if=/dev/zero of=FILE
	 * on ext4, CPU time per 4 KiB page written, bs=512 less bs=4096 (the
	 * same bytes read and copied, one order-0 folio created per page
	 * either way), less the same two runs to /dev/null (the read()s of
	 * /dev/zero and dd's loop), over the 7 write() calls bs=512 makes
	 * beyond one: generic_perform_write's write_begin finding the cached
	 * page, write_end's i_size update (an appending write), the mtime
	 * check and balance_dirty_pages_ratelimited (v6.18 measured; v3.10's
	 * ext4_da_write_begin / ext4_da_write_end do the same per call): 610,
	 * 501 and 534 ns in three runs, the median.  Only a write() smaller
	 * than a page pays it apart (file_write's block): a larger one's per
	 * page share is inside pagecache_insert_ns
	 */
	C_KEY(write_call_ns, "534ns",
	      "a buffered write() call's file system work on a page already cached (write_begin/write_end, i_size, mtime, the dirty ratelimit), beyond syscall_ns and the copy: what each write() smaller than a page pays"),
	/* estimate: try_charge from the per-CPU stock, amortised over a 64-page batch */
	C_KEY(charge_ns, "50ns", "memcg charge, per page"),
	/*
	 * bench/memcg-walk.py (bench/results/memcg-walk.txt): v6.18 limit
	 * reclaim (try_to_free_mem_cgroup_pages) walking 8,190 empty v1
	 * groups, seed 002's two binary subtrees of 12 levels: 362 ns of
	 * system time a group visited (median of 3; 278-417 ns; 151 ns at
	 * 510-1,022 groups, whose structures stay cached), cold structures
	 * as after the seed's streaming dd.  A perf profile splits it:
	 * mem_cgroup_iter 25.8 %, shrink_node_memcgs' loop and protection
	 * tests 27.7 %: this key, 53.5 % = 198 ns, what every visit pays.
	 * The rest, shrink_lruvec and the per-memcg shrink_slab, only the
	 * inner groups pay (half the tree: their children's kmem makes
	 * their usage > 0; a leaf's 0 is within its memory.min of 0, so
	 * v6.18 skips it): see empty_lruvec_ns.  Was 300 ns, an estimate
	 * (four cold lines at ~75 ns)
	 */
	C_KEY(memcg_iter_ns, "200ns",
	      "a reclaim walk's visit of a memcg other than the walk's root"),
	/*
	 * estimate: res_counter_soft_limit_excess() (v3.10): spin_lock_irqsave on the
	 * group's counter, two loads, unlock: ~20 ns warm; a group of a large
	 * walk is cold (a miss on the counter's line, ~80 ns).  Only the soft
	 * limit rework's eligibility tests pay it (soft_limit_reclaim).  No
	 * v6.18 path tests the soft limit once a group of a walk, so
	 * bench/memcg-walk.py cannot isolate it: it stays an estimate
	 */
	C_KEY(memcg_excess_ns, "100ns",
	      "one soft-limit excess test of the 2013 rework's eligibility walk (a res_counter lock round trip)"),
	/*
	 * bench/memcg-walk.py's perf split of the 362 ns visit (above):
	 * shrink_lruvec (get_scan_count inlined) of an empty lruvec, 14.9 %
	 * of all visits' time, paid by the inner half of the groups: 110 ns
	 * a group that runs it (v6.18; v3.10's shrink_lruvec does the same
	 * reads: reclaim_stat, the list sizes, swappiness, and
	 * inactive_anon_is_low).  Those groups' shrink_slab (the memcg's
	 * shrinker map, 31.6 %: 234 ns each) is v6.x only, 3.10 ran
	 * shrink_slab once a pass: not charged.  Was 0 by default
	 * (memcg_iter_ns held the whole visit) and 200 ns, an estimate, in
	 * seed 002's scenarios
	 */
	C_KEY(empty_lruvec_ns, "110ns",
	      "shrink_lruvec of a group with nothing to scan at this priority (get_scan_count and the list tests)"),
	/*
	 * calibrate (the 17:11 run): write() of 1 MiB at a time appended to a
	 * new ext4 file, 669 ns a page, less copy_page_ns and a syscall per
	 * 256 pages: the oracle's programs (dd bs=1M, fileread) move 1 MiB a
	 * call, and ext4 (v6.18) caches it in large folios.  An order-0 folio
	 * (a 4 KiB write) costs 2,513 ns: the kernels before large folios
	 * paid about that per page (was 1 us, fitted to the oracle's dd)
	 */
	C_KEY(pagecache_insert_ns, "266ns", "a page entering the page cache, fs work included"),
	/*
	 * calibrate (the 17:11 run): a 100-byte round trip (hackbench's
	 * message) over a unix socketpair, 4,813 ns of one process's CPU,
	 * halved (its send or its receive, with the sleep or the wake-up),
	 * less a syscall (was 2 us, from seed 000's message rate)
	 */
	C_KEY(socket_msg_ns, "2239ns", "one small message through a socket, beyond the syscall"),
	/*
	 * calibrate (the 17:11 run): a 100-byte request and a 32,868-byte
	 * reply (seed 004's mean operation) over TCP on 127.0.0.1, 16,720 ns
	 * of the two processes' CPU, the loopback softirq and the sleeps and
	 * wake-ups included, less four syscalls and the copies, halved: one
	 * message (was 20 us, an estimate)
	 */
	C_KEY(tcp_msg_ns, "4789ns",
	      "one message through TCP over loopback, beyond the syscalls and the copies (tbench)"),
	/*
	 * bench/tbench-host.sh (bench/results/tbench-host.txt): the real
	 * `tbench 1` against tbench_srv on this VM, user time per operation,
	 * the client's (dbench's loadfile interpreter, 945 ns) and the
	 * server's (420 ns) averaged (was 67 us, fitted to seed 004's
	 * throughput)
	 */
	C_KEY(dbench_op_ns, "682ns",
	      "user CPU of one dbench/tbench operation, on the client and again on the server"),
	/*
	 * 0: the check is inside alloc_ns.  Set, each check of
	 * get_page_from_freelist costs this per free_area it reads (a cache
	 * line), after its order-0 part (seed 004)
	 */
	C_KEY(wmark_check_ns, "0",
	      "one free_area read of an allocation's watermark check: its order-0 part and each order it walks (0: inside alloc_ns)"),
	/*
	 * calibrate: madvise(MADV_FREE) of faulted anonymous pages, per page
	 * (v6.18: the PTE cleaned and the folio queued for the file LRU); a
	 * zap or fault-around's PTE is priced the same
	 */
	C_KEY(pte_ns, "226ns", "one PTE zapped, cleaned by MADV_FREE or mapped by fault-around"),
	/*
	 * calibrate: madvise(DONTNEED) of one page while a thread of the
	 * process runs on the other CPU, less the same call without it: the
	 * sender's wait for the remote flush (one target; a VM's IPI)
	 */
	C_KEY(tlb_ipi_ns, "640ns", "a TLB shootdown: the sender waits for the remote flushes"),
	/* calibrate: what that other thread loses per flush IPI it receives */
	C_KEY(tlb_irq_ns, "304ns", "a TLB shootdown interrupt on each target CPU"),
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
	 * calibrate: one process's CPU time in a pipe round trip between two
	 * processes on one CPU (a sleep and a wake-up), 2,650 ns, less its
	 * two syscalls
	 */
	C_KEY(context_switch_ns, "2310ns",
	      "a task's sleep on a contended lock and its wake-up: the switch out and back in"),
	/*
	 * a system-wide perf (no per-task event to switch with the task):
	 * the samples under io_schedule -> __schedule (finish_task_switch,
	 * where interrupts come back on) of a sleeping read, scaled by the
	 * task's CPU without perf over under it, per sleep: majfault-cpu's
	 * file faults and direct reads, 1.16-1.32 us in six runs at load
	 * 6-10 (bench/results/reqcpu-profile.txt), anonfill's swap-in
	 * 1.98 us at load 138 (swapout-profile.txt); the median of the
	 * seven.  A per-task perf finds 5.6-6.8 us: the event is switched
	 * out and in with the task (its hrtimer cancelled and re-armed)
	 */
	C_KEY(io_switch_ns, "1300ns",
	      "a task's sleep in io_schedule() (a read, writeback, a throttle) and its return: the switch out and back in"),
	/*
	 * bench/cgroup-attach.py (bench/results/cgroup-attach.txt): a new
	 * process's write of its pid to a fresh v1 memcg's cgroup.procs, the
	 * last attach 0.2 s before: median 8.1 ms (3.6-16.2), all of it the
	 * synchronize_rcu() of rcu_sync_enter; 0.4 ms with no pause between
	 * attaches (the rcu_sync not yet idle)
	 */
	C_KEY(rcu_gp_ns, "8ms", "an RCU grace period: what synchronize_rcu() waits"),
};
CFG_TABLE(cost_table, cost_keys);

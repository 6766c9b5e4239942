#!/usr/bin/env python3
"""
swapout-profile.py: where the kernel spends the CPU of anonfill's swap-out
(issue 22; docs/oracle.md "The CPU of a swap-out").

Runs data/oracle/src's anonfill as the oracle's grid_anon configurations
run it (96 MiB, 3 write passes, a fresh cgroup-v1 memcg with a 64 MiB
hard limit; with swap, a swap file of SWAP MiB in a scratch directory and
memory.memsw.limit_in_bytes = limit + swap), first with no perf to read
its on-CPU time (utime + stime from wait4), then under `perf record -g`
(cpu-clock) to split that time by kernel path.  Prints, per path, the
milliseconds a run and the nanoseconds per page swapped out (pswpout).

Needs root, perf, the v1 memory controller at /sys/fs/cgroup/memory with
swap accounting.  The swap file is swapped off and deleted at the end.

  bench/swapout-profile.py [--runs N] [--swap MIB] [--pattern seq|rand|hotcold]
                           [--anonfill PATH] [--scratch DIR] [--detail] [--flush-apart]
                           [--switch-apart] [--system-wide]

--flush-apart counts the plug's flushes (the request's submission to the
disk) apart from swap_writeout also where swap_writeout runs them (a full
plug flushed by blk_add_rq_to_plug).

--switch-apart splits the swap-in's switch by how it was entered (the
read's io_schedule, a preemption, another sleep) and prints its leaves.
--system-wide records with `perf record -a`: no per-task event is switched
with anonfill at each sleep (a per-task one puts its own cost there).

--detail also records each run a second time, with no cpu-clock, for the
tracepoints vmscan:mm_vmscan_lru_isolate,
mm_vmscan_lru_shrink_inactive and _active (how many folios the reclaim looked
at, took and put back), sched:sched_migrate_task and tlb:tlb_flush (which CPUs
anonfill ran on, and the shootdowns it sent), and splits three paths further:
the lru_lock's irqs-off time by the function that held it, the batch TLB
flush by its leaf function, the start (exec, ld.so, libc) by syscall, and
the faults by the user code that took them.
"""
import argparse, collections, os, statistics, subprocess, sys, tempfile, time

CG_ROOT = "/sys/fs/cgroup/memory"
FLUSH_APART = False  # --flush-apart
SWITCH_APART = False  # --switch-apart
PERIOD_NS = 100000  # perf's cpu-clock period: a sample every 100 us of CPU
TRACEPOINTS = ["vmscan:mm_vmscan_lru_isolate", "vmscan:mm_vmscan_lru_shrink_inactive",
               "vmscan:mm_vmscan_lru_shrink_active", "sched:sched_migrate_task", "tlb:tlb_flush"]
# the functions that take the lru_lock with interrupts off in memcg reclaim (v6.18)
LRU_LOCK_HOLDERS = ["isolate_lru_folios", "move_folios_to_lru", "lru_note_cost",
                    "lru_note_cost_refault", "shrink_active_list", "shrink_inactive_list",
                    "folio_batch_move_lru", "lru_add_drain", "free_unref_folios",
                    "free_pcppages_bulk", "mem_cgroup_uncharge_folios"]


def detail_category(stack, cat):
    """A finer split of three paths (--detail); None for the others."""
    s = set(stack)
    if cat == "reclaim: lru_lock (irqs off)":
        for f in stack[1:]:
            if f in LRU_LOCK_HOLDERS:
                return "  lru_lock held by " + f
        return "  lru_lock held by " + (stack[1] if len(stack) > 1 else "?")
    if cat == "other (exec, phase lines)":
        if s & {"do_execveat_common.isra.0", "bprm_execve", "load_elf_binary", "begin_new_exec"}:
            return "  start: execve"
        for f in stack:
            if f.startswith("__x64_sys_") or f.startswith("__do_sys_"):
                return "  syscalls (openat, mmap, read, ...)"
        return "  user outside main: ld.so, libc, interrupts"
    if cat == "reclaim: TLB flush":
        return "  TLB flush, leaf " + stack[0]
    if cat == "fault":
        if "handle_mm_fault" not in s:
            return "  fault: entry, VMA lookup (no handle_mm_fault)"
        if "main" in s:
            return "  fault: anonfill's main (its region, its output)"
        return "  fault: before main (ld.so, libc start, exit)"
    return None


def category(stack):
    """The path one sample (leaf first) is charged to."""
    s = set(stack)

    def has(*names):
        return any(n in s for n in names)

    if has("vring_interrupt", "virtblk_done", "blk_mq_end_request", "blk_complete_reqs",
           "bio_endio"):
        return "irq: I/O completion (on anonfill's CPU)"
    if has("do_exit", "exit_mmap", "mmput"):
        return "exit: zap, free pages and swap slots"
    if has("out_of_memory", "oom_kill_process"):
        return "oom: select, kill"
    if has("try_to_free_mem_cgroup_pages"):
        # the plug's flushes, wherever they run: at shrink_lruvec's
        # blk_finish_plug, or inside submit_bio when the plug is full
        # (blk_add_rq_to_plug); with --flush-apart apart from swap_writeout
        if FLUSH_APART and has("__blk_flush_plug", "blk_mq_flush_plug_list"):
            return "reclaim: plug flush (virtio kick)"
        if has("swap_writeout", "__swap_writepage", "swap_writepage"):
            return "reclaim: swap_writeout (bio, submit)"
        if has("blk_finish_plug", "__blk_flush_plug"):
            return "reclaim: plug flush (virtio kick)"
        if has("folio_alloc_swap", "swap_cache_add_folio", "add_to_swap"):
            return "reclaim: folio_alloc_swap"
        if has("__remove_mapping"):
            return "reclaim: __remove_mapping"
        if has("try_to_unmap_flush", "try_to_unmap_flush_dirty", "arch_tlbbatch_flush"):
            return "reclaim: TLB flush"
        if has("folio_referenced"):
            return "reclaim: folio_referenced"
        if has("try_to_unmap"):
            return "reclaim: try_to_unmap"
        if stack[0].startswith("_raw_spin_unlock_irq"):
            return "reclaim: lru_lock (irqs off)"
        if has("shrink_folio_list"):
            return "reclaim: shrink_folio_list, other"
        return "reclaim: other (isolate, shrink_slab)"
    if has("handle_mm_fault", "asm_exc_page_fault"):
        # the fault's entry and VMA lookup (exc_page_fault, lock_vma_under_rcu)
        # are the fault's too: the interrupts-off entry's samples land on
        # exc_page_fault itself when it enables them
        if has("do_swap_page"):
            if has("__blk_flush_plug", "blk_mq_flush_plug_list", "submit_bio_noacct",
                   "blk_mq_submit_bio"):
                return "fault: swap-in, its read's submission"
            if has("schedule", "io_schedule", "__schedule"):
                if not SWITCH_APART:
                    return "fault: swap-in, the sleep's switch"
                # an I/O sleep (folio_wait_bit_common -> io_schedule) or a
                # preemption (the tick or a wake-up set need_resched)
                if has("io_schedule"):
                    return "fault: swap-in, the I/O sleep's switch"
                if has("preempt_schedule_irq", "preempt_schedule", "preempt_schedule_common",
                       "__cond_resched", "preempt_schedule_notrace"):
                    return "fault: swap-in, a preemption's switch"
                return "fault: swap-in, another sleep's switch"
            return "fault: swap-in, own (do_swap_page, readahead, charge)"
        return "fault"
    if stack and stack[0] == "main":
        return "user"
    return "other (exec, phase lines)"


def write(path, value):
    with open(path, "w") as f:
        f.write(str(value))


def vmstat(name):
    with open("/proc/vmstat") as f:
        for line in f:
            k, v = line.split()
            if k == name:
                return int(v)
    return 0


def run_once(args, cg, perf_out=None, tracepoints=False, counts=None):
    os.mkdir(cg)
    try:
        write(cg + "/memory.limit_in_bytes", 64 << 20)
        if args.swap:
            write(cg + "/memory.memsw.limit_in_bytes", (64 + args.swap) << 20)
        cmd = [args.anonfill, "--mib", "96", "--passes", "3", "--pattern", args.pattern]
        if perf_out:
            inner = "echo $$ > %s/cgroup.procs; exec %s" % (cg, " ".join(cmd))
            if tracepoints:
                cmd = ["perf", "record", "-q", "--sample-cpu", "-o", perf_out]
                for tp in TRACEPOINTS:
                    cmd += ["-e", tp]
            else:
                cmd = ["perf", "record", "-q", "-e", "cpu-clock", "-c", str(PERIOD_NS), "-g",
                       "--sample-cpu", "-o", perf_out] + (["-a"] if args.system_wide else [])
            cmd += ["--", "sh", "-c", inner]
            before = vmstat("pswpout")
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            return None, vmstat("pswpout") - before
        before = vmstat("pswpout")
        majflt, pswpin = vmstat("pgmajfault"), vmstat("pswpin")
        pid = os.fork()
        if pid == 0:
            write(cg + "/cgroup.procs", os.getpid())
            fd = os.open("/dev/null", os.O_WRONLY)
            os.dup2(fd, 1)
            os.execv(cmd[0], cmd)
        _, _, ru = os.wait4(pid, 0)
        if counts is not None:  # the switches without perf: voluntary (sleeps), involuntary
            counts["nvcsw"] += ru.ru_nvcsw
            counts["nivcsw"] += ru.ru_nivcsw
            counts["pgmajfault"] += vmstat("pgmajfault") - majflt
            counts["pswpin"] += vmstat("pswpin") - pswpin
        return ru.ru_utime + ru.ru_stime, vmstat("pswpout") - before
    finally:
        time.sleep(0.2)
        os.rmdir(cg)
        time.sleep(0.2)


def split(perf_file):
    out = subprocess.run(["perf", "script", "-i", perf_file, "--comm", "anonfill", "-F", "ip,sym"],
                         capture_output=True, text=True).stdout
    tot = collections.Counter()
    for block in out.split("\n\n"):
        stack = [l.split()[1] for l in block.strip().splitlines() if len(l.split()) > 1]
        if stack:
            cat = category(stack)
            tot[cat] += 1
            if SWITCH_APART and "switch" in cat:  # its leaf, to see where the time is
                tot["  %s, leaf %s" % (cat, stack[0])] += 1
    return tot


def trace_fields(text):
    return dict(kv.split("=", 1) for kv in text.split() if "=" in kv)


def split_detail(perf_file):
    """anonfill's samples by detail path and CPU, and the tracepoints' sums."""
    out = subprocess.run(["perf", "script", "-i", perf_file, "-F", "trace:comm,cpu,event,trace",
                          "-F", "sw:comm,cpu,event,ip,sym"],
                         capture_output=True, text=True).stdout
    det, ev = collections.Counter(), collections.Counter()
    samples = []  # (comm, cpu, stack)
    for line in out.splitlines():
        if not line.strip():
            continue
        if line.startswith("\t"):  # a frame of the last cpu-clock sample's call chain
            if samples and samples[-1] is not None and len(line.split()) > 1:
                samples[-1][2].append(line.split()[1])
            continue
        head = line.split()
        comm, cpu = head[0], head[1].strip("[]")
        if "cpu-clock" in line:
            samples.append((comm, cpu, []))
            continue
        samples.append(None)
        if comm != "anonfill" and "sched_migrate_task" not in line:
            continue
        body = line.split(": ", 1)[1] if ": " in line else ""
        f = trace_fields(body)
        if "mm_vmscan_lru_isolate" in line:
            lru = f.get("lru", "?")
            ev["isolate: calls " + lru] += 1
            for k in ("nr_scanned", "nr_skipped", "nr_taken"):
                ev["isolate: %s %s" % (k, lru)] += int(f.get(k, 0))
        elif "mm_vmscan_lru_shrink_inactive" in line:
            for k in ("nr_scanned", "nr_reclaimed", "nr_activate_anon", "nr_activate_file"):
                ev["shrink_inactive: " + k] += int(f.get(k, 0))
        elif "mm_vmscan_lru_shrink_active" in line:
            for k in ("nr_taken", "nr_active", "nr_deactivated"):
                ev["shrink_active: " + k] += int(f.get(k, 0))
        elif "sched_migrate_task" in line:
            if f.get("comm") == "anonfill":  # seen only when anonfill moves itself (exec)
                ev["migrations of anonfill seen"] += 1
        elif "tlb_flush" in line:
            ev["tlb_flush by anonfill: " + body.split("reason:", 1)[-1].strip()] += 1
    cpus = set()
    for smp in samples:
        if smp is None or smp[0] != "anonfill" or not smp[2]:
            continue
        cpus.add(smp[1])
        det["  on CPU " + smp[1]] += 1
        d = detail_category(smp[2], category(smp[2]))
        if d:
            det[d] += 1
    if cpus:
        ev["runs (of all) whose samples are on %d CPUs" % len(cpus)] += 1
    return det, ev


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--swap", type=int, default=16)
    ap.add_argument("--pattern", default="seq")
    ap.add_argument("--anonfill", default=os.path.join(here, "../data/oracle/src/build/anonfill"))
    ap.add_argument("--scratch", default=None)
    ap.add_argument("--detail", action="store_true")
    ap.add_argument("--flush-apart", action="store_true")
    ap.add_argument("--switch-apart", action="store_true")
    ap.add_argument("--system-wide", action="store_true")
    args = ap.parse_args()
    global FLUSH_APART, SWITCH_APART
    FLUSH_APART = args.flush_apart
    SWITCH_APART = args.switch_apart
    scratch = args.scratch or tempfile.mkdtemp(prefix="swapout-profile-")
    cg = CG_ROOT + "/swapout-profile-%d" % os.getpid()
    swapfile = os.path.join(scratch, "swap%d" % args.swap) if args.swap else None
    if swapfile:
        subprocess.run(["dd", "if=/dev/zero", "of=" + swapfile, "bs=1M", "count=%d" % args.swap,
                        "status=none"], check=True)
        os.chmod(swapfile, 0o600)
        subprocess.run(["mkswap", swapfile], check=True, stdout=subprocess.DEVNULL)
        subprocess.run(["swapon", swapfile], check=True)
    try:
        counts = collections.Counter()
        cpu = [run_once(args, cg, counts=counts)[0] for _ in range(args.runs)]
        tot, pages, nsamples = collections.Counter(), [], 0
        det, ev = collections.Counter(), collections.Counter()
        for i in range(args.runs):
            pf = os.path.join(scratch, "perf-%d.data" % i)
            pages.append(run_once(args, cg, pf)[1])
            tot += split(pf)
            if args.detail:
                d, e = split_detail(pf)
                det += d
                ev += e
                os.unlink(pf)
                run_once(args, cg, pf, tracepoints=True)
                ev += split_detail(pf)[1]
            os.unlink(pf)
    finally:
        if swapfile:
            subprocess.run(["swapoff", swapfile])
            os.unlink(swapfile)
    nsamples = sum(tot.values())
    pswpout = statistics.mean(pages)
    print("# anonfill --mib 96 --passes 3 --pattern %s, 64 MiB v1 memcg, swap %d MiB, %d runs, "
          "kernel %s, load %s" % (args.pattern, args.swap, args.runs, os.uname().release,
                                   open("/proc/loadavg").read().split()[0]))
    print("# on-CPU without perf: median %.1f ms (%.1f-%.1f); under perf %.1f ms a run; "
          "pswpout %.0f a run" % (1e3 * statistics.median(cpu), 1e3 * min(cpu), 1e3 * max(cpu),
                                  nsamples * PERIOD_NS / 1e6 / args.runs, pswpout))
    print("# without perf, a run: %s" % ", ".join("%s %.0f" % (k, counts[k] / args.runs)
                                                  for k in sorted(counts)))
    if args.system_wide:
        print("# perf record -a (system-wide): anonfill's samples only")
    print("%-40s %10s %14s" % ("path", "ms a run", "ns a pswpout"))
    for k in sorted(tot):
        ms = tot[k] * PERIOD_NS / 1e6 / args.runs
        print("%-40s %10.2f %14.0f" % (k, ms, ms * 1e6 / pswpout if pswpout else 0))
    if args.detail:
        print("# detail (under perf, not scaled): ms a run")
        for k in sorted(det):
            print("%-60s %10.2f" % (k, det[k] * PERIOD_NS / 1e6 / args.runs))
        print("# tracepoints: a run")
        for k in sorted(ev):
            if k.startswith("runs "):
                print("%-60s %10d" % (k, ev[k]))
            else:
                print("%-60s %10.1f" % (k, ev[k] / args.runs))


if __name__ == "__main__":
    sys.exit(main())

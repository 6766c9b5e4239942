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
                           [--anonfill PATH] [--scratch DIR]
"""
import argparse, collections, os, statistics, subprocess, sys, tempfile, time

CG_ROOT = "/sys/fs/cgroup/memory"
PERIOD_NS = 100000  # perf's cpu-clock period: a sample every 100 us of CPU


def category(stack):
    """The path one sample (leaf first) is charged to."""
    s = set(stack)

    def has(*names):
        return any(n in s for n in names)

    if has("do_exit", "exit_mmap", "mmput"):
        return "exit: zap, free pages and swap slots"
    if has("out_of_memory", "oom_kill_process"):
        return "oom: select, kill"
    if has("try_to_free_mem_cgroup_pages"):
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
    if has("handle_mm_fault"):
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


def run_once(args, cg, perf_out=None):
    os.mkdir(cg)
    try:
        write(cg + "/memory.limit_in_bytes", 64 << 20)
        if args.swap:
            write(cg + "/memory.memsw.limit_in_bytes", (64 + args.swap) << 20)
        cmd = [args.anonfill, "--mib", "96", "--passes", "3", "--pattern", args.pattern]
        if perf_out:
            inner = "echo $$ > %s/cgroup.procs; exec %s" % (cg, " ".join(cmd))
            cmd = ["perf", "record", "-q", "-e", "cpu-clock", "-c", str(PERIOD_NS), "-g",
                   "-o", perf_out, "--", "sh", "-c", inner]
            before = vmstat("pswpout")
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            return None, vmstat("pswpout") - before
        before = vmstat("pswpout")
        pid = os.fork()
        if pid == 0:
            write(cg + "/cgroup.procs", os.getpid())
            fd = os.open("/dev/null", os.O_WRONLY)
            os.dup2(fd, 1)
            os.execv(cmd[0], cmd)
        _, _, ru = os.wait4(pid, 0)
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
            tot[category(stack)] += 1
    return tot


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--swap", type=int, default=16)
    ap.add_argument("--pattern", default="seq")
    ap.add_argument("--anonfill", default=os.path.join(here, "../data/oracle/src/build/anonfill"))
    ap.add_argument("--scratch", default=None)
    args = ap.parse_args()
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
        cpu = [run_once(args, cg)[0] for _ in range(args.runs)]
        tot, pages, nsamples = collections.Counter(), [], 0
        for i in range(args.runs):
            pf = os.path.join(scratch, "perf-%d.data" % i)
            pages.append(run_once(args, cg, pf)[1])
            tot += split(pf)
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
    print("%-40s %10s %14s" % ("path", "ms a run", "ns a pswpout"))
    for k in sorted(tot):
        ms = tot[k] * PERIOD_NS / 1e6 / args.runs
        print("%-40s %10.2f %14.0f" % (k, ms, ms * 1e6 / pswpout if pswpout else 0))


if __name__ == "__main__":
    sys.exit(main())

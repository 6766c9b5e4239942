#!/usr/bin/env python3
"""
reqcpu-profile.py: the CPU of one block request on this machine's disk,
split from the CPU of the fault or read() that issued it (issues 21 and
22; docs/oracle.md "The CPU of a block request").

Runs bench/majfault-cpu (built from bench/majfault-cpu.c) in a fresh
cgroup-v1 memcg with a hard limit (memory.limit_in_bytes, LIMIT MiB),
first with no perf (its own per-operation figures), then under a
system-wide `perf record -a -g` (cpu-clock): the completion runs in
interrupt context on the CPU the disk's interrupt lands on, whatever runs
there.  Each sample goes to one path:

  completion  any task, any CPU: the disk's interrupt and what it runs
              (vring_interrupt -> virtblk_done -> blk_mq_complete_request
              -> blk_mq_end_request -> bio_endio -> the folio's end of
              read, unlocking it and waking its waiter; the block softirq)
  wake-up IPI any task: the remote wake-up the completion sends to the
              sleeper's CPU (sysvec_call_function_single -> sched_ttwu_pending)
  and majfault-cpu's own samples by its operation (fault: a major fault
  of a file page, MADV_RANDOM; direct: a 4 KiB O_DIRECT pread) and part:
  submit      submit_bio down to the driver (blk_mq_submit_bio, the plug's
              flush, mq-deadline, virtio_queue_rq and the queue's kick)
  sleep       io_schedule's switch out and back in (schedule, the idle
              exit is not the task's)
  own         the rest: the fault's (filemap_fault, readahead's folio
              allocation, page cache insert, ext4's block mapping, the PTE)
              or the read's (iomap direct I/O set-up, user page pinning)

The completion's figure is per request: its samples over the disk's
completed requests in the window (/proc/diskstats, vda: reads + writes,
whoever issued them).  The others are per operation.  Needs root, perf
and the v1 memory controller.  The test file is deleted at the end.

  bench/reqcpu-profile.py [--reps N] [--mib MIB] [--limit MIB] [--scratch DIR]
"""
import argparse, collections, os, subprocess, sys, tempfile, time

CG_ROOT = "/sys/fs/cgroup/memory"
PERIOD_NS = 100000  # cpu-clock: a sample every 100 us of CPU
DISK = "vda"

COMPLETION = {"vring_interrupt", "virtblk_done", "blk_mq_complete_request",
              "blk_mq_end_request", "blk_complete_reqs", "blk_done_softirq",
              "virtblk_irqdone", "blk_mq_complete_request_remote", "bio_endio"}
WAKE_IPI = {"sched_ttwu_pending", "__sysvec_call_function_single",
            "sysvec_call_function_single", "__flush_smp_call_function_queue"}
SUBMIT = {"submit_bio", "submit_bio_noacct", "submit_bio_noacct_nocheck", "blk_mq_submit_bio",
          "__blk_flush_plug", "blk_finish_plug", "blk_mq_flush_plug_list",
          "blk_mq_run_hw_queue", "virtio_queue_rq", "blk_mq_dispatch_rq_list",
          "__submit_bio", "blk_mq_sched_dispatch_requests", "virtqueue_notify"}
SLEEP = {"schedule", "io_schedule", "__schedule", "schedule_idle", "finish_task_switch.isra.0"}


def category(comm, stack):
    s = set(stack)
    if s & COMPLETION:
        return "completion (interrupt, softirq)"
    if s & WAKE_IPI:
        return "wake-up IPI"
    if comm != "majfault-cpu":
        return None
    if "asm_exc_page_fault" in s or "handle_mm_fault" in s or "exc_page_fault" in s:
        op = "fault"
    elif "__x64_sys_pread64" in s or "ksys_pread64" in s:
        op = "direct"
    elif stack and stack[0] == "main":
        return "user"
    else:
        return "setup (file write, fsync, mmap, munmap, exit)"
    if s & SLEEP:
        return op + ": sleep (switch out and in)"
    if s & SUBMIT:
        return op + ": submit (submit_bio .. queue_rq, kick)"
    return op + ": own"


def split(perf_file):
    out = subprocess.run(["perf", "script", "-i", perf_file, "-F", "comm,cpu,ip,sym"],
                         capture_output=True, text=True).stdout
    tot, by_cpu = collections.Counter(), collections.Counter()
    comm, cpu, stack = None, None, []

    def flush():
        if comm is not None and stack:
            c = category(comm, stack)
            if c:
                tot[c] += 1
                by_cpu["  %s, leaf %s" % (c, stack[0])] += 1
                if c.startswith("completion"):
                    by_cpu["completion on CPU " + cpu] += 1

    for line in out.splitlines():
        if not line.strip():
            continue
        if not line.startswith((" ", "\t")):
            flush()
            head = line.split()
            i = next(k for k, w in enumerate(head) if w.startswith("["))
            comm, cpu, stack = " ".join(head[:i]), head[i].strip("[]"), []
            continue
        if len(line.split()) > 1:
            stack.append(line.split()[1])
    flush()
    return tot, by_cpu


def diskstats(sectors=False):
    with open("/proc/diskstats") as f:
        for line in f:
            w = line.split()
            if w[2] == DISK:
                if sectors:
                    return int(w[5]) + int(w[9])  # sectors read + written
                return int(w[3]) + int(w[7])  # reads + writes completed
    return 0


def seq_read(args, cg, scratch):
    """
    The same recording around dd reading a cold MIB file sequentially
    (bs=1M: readahead's requests of up to max_sectors_kb), its cache
    dropped before each read: the completion's
    samples over requests and over pages, to split its cost a request from
    its cost a page.
    """
    path = os.path.join(scratch, "seq")
    with open(path, "wb") as f:
        for _ in range(args.mib):
            f.write(b"\x5a" * (1 << 20))
        f.flush()
        os.fsync(f.fileno())
    pf = os.path.join(scratch, "perf-seq.data")
    os.mkdir(cg)
    try:
        with open(cg + "/memory.limit_in_bytes", "w") as f:
            f.write(str(args.limit << 20))
        cmd = "echo $$ > %s/cgroup.procs" % cg
        for _ in range(args.reps):
            cmd += "; dd if=%s iflag=nocache count=0 status=none" % path  # drops its cache
            cmd += "; dd if=%s of=/dev/null bs=1M status=none" % path
        fd = os.open(path, os.O_RDONLY)
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        os.close(fd)
        ios, sec = diskstats(), diskstats(True)
        subprocess.run(["perf", "record", "-q", "-a", "-g", "-e", "cpu-clock", "-c",
                        str(PERIOD_NS), "-o", pf, "--", "sh", "-c", cmd],
                       capture_output=True)
        ios, sec = diskstats() - ios, diskstats(True) - sec
    finally:
        time.sleep(0.2)
        os.rmdir(cg)
        os.unlink(path)
    tot = split(pf)[0]
    os.unlink(pf)
    ms = tot["completion (interrupt, softirq)"] * PERIOD_NS / 1e6
    pages = sec // 8
    print("# sequential: dd bs=1M of a cold %d MiB file, %d times: "
          "%s completed %d requests, %d pages (%.1f a request)" %
          (args.mib, args.reps, DISK, ios, pages, pages / max(ios, 1)))
    print("%-50s %10.1f %12.2f  (a request) %8.3f (a page)" %
          ("completion (interrupt, softirq)", ms, ms * 1e3 / max(ios, 1),
           ms * 1e3 / max(pages, 1)))


def run(args, cg, path, perf_out=None):
    os.mkdir(cg)
    try:
        with open(cg + "/memory.limit_in_bytes", "w") as f:
            f.write(str(args.limit << 20))
        inner = "echo $$ > %s/cgroup.procs; exec %s %s %d %d" % (
            cg, args.majfault, path, args.mib, args.reps)
        cmd = ["sh", "-c", inner]
        if perf_out:
            cmd = ["perf", "record", "-q", "-a", "-g", "-e", "cpu-clock", "-c", str(PERIOD_NS),
                   "-o", perf_out, "--"] + cmd
        ios = diskstats()
        p = subprocess.run(cmd, capture_output=True, text=True)
        sys.stderr.write(p.stderr)
        return p.stdout, diskstats() - ios
    finally:
        time.sleep(0.2)
        os.rmdir(cg)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--mib", type=int, default=64)
    ap.add_argument("--limit", type=int, default=256)
    ap.add_argument("--majfault", default=os.path.join(here, "../build/bench/majfault-cpu"))
    ap.add_argument("--scratch", default=None)
    args = ap.parse_args()
    scratch = args.scratch or tempfile.mkdtemp(prefix="reqcpu-profile-", dir="/var/tmp")
    os.makedirs(scratch, exist_ok=True)
    cg = CG_ROOT + "/reqcpu-profile-%d" % os.getpid()
    path = os.path.join(scratch, "file")
    pf = os.path.join(scratch, "perf.data")
    print("# bench/reqcpu-profile.py --reps %d --mib %d --limit %d: kernel %s, load %s" %
          (args.reps, args.mib, args.limit, os.uname().release,
           open("/proc/loadavg").read().split()[0]))
    print("# without perf (majfault-cpu's own figures, a v1 memcg of %d MiB):" % args.limit)
    print(run(args, cg, path)[0], end="")
    print("# under perf record -a -g (cpu-clock, a sample per %d us):" % (PERIOD_NS // 1000))
    out, ios = run(args, cg, path, pf)
    print(out, end="")
    tot, by_cpu = split(pf)
    os.unlink(pf)
    ops = args.mib * 256 * args.reps
    print("# %d faults and %d direct reads; %s completed %d requests in the window" %
          (ops, ops, DISK, ios))
    print("%-50s %10s %12s" % ("path", "ms", "us an op"))
    for k in sorted(tot):
        ms = tot[k] * PERIOD_NS / 1e6
        per = ios if k.startswith(("completion", "wake-up")) else ops
        print("%-50s %10.1f %12.2f%s" % (k, ms, ms * 1e3 / per,
                                         "  (a request)" if per == ios else ""))
    seq_read(args, cg, scratch)
    for k in sorted(by_cpu):
        if not k.startswith(" "):
            print("# %s: %d samples" % (k, by_cpu[k]))
    print("# the leaf functions with at least 1 %% of a path's samples: us an op (a request)")
    for k in sorted(by_cpu):
        c = k.split(", leaf")[0].strip()
        if k.startswith(" ") and by_cpu[k] >= tot[c] / 100:
            per = ios if c.startswith(("completion", "wake-up")) else ops
            print("# %-70s %8.2f" % (k, by_cpu[k] * PERIOD_NS / 1e3 / per))
    os.rmdir(scratch)


if __name__ == "__main__":
    sys.exit(main())

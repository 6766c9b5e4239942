#!/usr/bin/env python3
"""
ddsleep-trace.py: where the oracle grid's dd writer sleeps on the real kernel
(issue 22; docs/oracle.md "writers too fast").

Runs `dd if=/dev/zero of=SCRATCH/dd.dat bs=1M count=MIB` as run_grid.py runs
grid_write/xN and filewrite/lim64_4x: in a fresh v1 memcg at the top of the
hierarchy with a hard limit (64 MiB, swappiness 60, no swap), the child moved
into it between fork and exec, the file on the scratch directory's file
system (default /tmp, as the grid's /tmp/oracle-grid), removed after the run.
RUNS runs per size.

Two tracefs instances of the script's own (trace_clock mono for both):
 - "stk" with options/stacktrace: sched_switch filtered on dd's pid as prev
   or next, sched_wakeup filtered on dd's pid (the child writes the filters
   between fork and exec, so no other task's events are recorded);
 - "ev": every task's sched_switch and sched_wakeup (the waker's own
   runqueue wait), the block requests of every device, writeback's
   balance_dirty_pages / writeback_start / writeback_written /
   folio_wait_writeback, vmscan's memcg reclaim, shrink_inactive and
   throttled events, blk-wbt's timer and statistics (its scale step).
tracefs is mounted by the script at a directory of its own (unmounted at
the end); the memcgs and instances are removed, also on error.

Per run it splits dd's wall (fork to reap) into on-CPU, runnable (preempted
or woken and waiting for a CPU) and asleep, and the sleep by the kernel path
that slept (the stack at the switch-out: the first frame of PATHS below
from the bottom of the stack up to schedule), with who woke dd and, over
the sleeps, how many block requests were in flight (0: dd waited while the
disk was idle) and how long the waker itself had waited for a CPU before
it ran to wake dd.

Needs root, the v1 memory controller at /sys/fs/cgroup/memory.

With --read, dd reads a file of each size instead (written once, evicted
from the page cache before each run, removed at the end), as grid_disk/
read_x8 does.

  bench/ddsleep-trace.py [--mib 128,256] [--read] [--runs N] [--scratch DIR] [--keep DIR]
"""
import argparse, collections, os, re, subprocess, sys, tempfile, time

CG_ROOT = "/sys/fs/cgroup/memory"
NAME = "reclaimsim-ddsleep"
LIMIT_MIB = 64
MiB = 1 << 20
EV_EVENTS = ("sched/sched_switch", "sched/sched_wakeup", "block/block_rq_insert",
             "block/block_rq_issue", "block/block_rq_complete",
             "writeback/balance_dirty_pages", "writeback/writeback_start",
             "writeback/writeback_written", "writeback/folio_wait_writeback",
             "vmscan/mm_vmscan_memcg_reclaim_begin", "vmscan/mm_vmscan_memcg_reclaim_end",
             "vmscan/mm_vmscan_lru_shrink_inactive", "vmscan/mm_vmscan_throttled",
             "wbt/wbt_step", "wbt/wbt_lat", "wbt/wbt_timer", "wbt/wbt_stat")
# the sleeping path: the first of these (in this order) that a switch-out's
# stack holds; the generic waits (io_schedule, schedule_timeout) last
PATHS = ("balance_dirty_pages", "reclaim_throttle", "folio_wait_writeback",
         "folio_wait_stable", "__folio_lock", "folio_wait_bit", "wbt_wait", "rq_qos_wait",
         "blk_mq_get_tag", "jbd2_log_wait_commit", "wait_transaction_locked",
         "jbd2__journal_start", "mutex_lock", "rwsem_down_write_slowpath",
         "rwsem_down_read_slowpath", "io_schedule", "schedule_timeout", "do_exit",
         "exit_mmap", "do_wait", "pipe_write", "irqentry_exit", "exit_to_user_mode_loop")
HDR = re.compile(r"^\s*(.+?)-(\d+)\s+\[(\d+)\]\s+\S+\s+(\d+\.\d+): (\w+): ?(.*)$")


def wr(path, text):
    with open(path, "w") as f:
        f.write(text)


def parse(text):
    """[(time, pid, comm, cpu, event, args, stack)] in time order; a
    <stack trace> entry and its ' => ' frames belong to the last event
    recorded on its CPU (the file interleaves the CPUs by time)."""
    evs, last_on_cpu, cur = [], {}, None
    for line in text.splitlines():
        if line.startswith(" => "):
            if cur is not None:
                cur.append(line[4:].split("+")[0].strip())
            continue
        cur = None
        m = re.match(r"^\s*.+?-\d+\s+\[(\d+)\].*<stack trace>", line)
        if m:
            ev = last_on_cpu.get(int(m.group(1)))
            if ev is not None and ev[6] is None:
                ev[6] = cur = []
            continue
        m = HDR.match(line)
        if not m:
            continue
        comm, pid, cpu, t, ev, rest = m.groups()
        evs.append([float(t), int(pid), comm, int(cpu), ev, rest, None])
        last_on_cpu[int(cpu)] = evs[-1]
    evs.sort(key=lambda e: e[0])
    return evs


RQ = re.compile(r"(\d+,\d+) (\S+) (?:\d+ )?\(.*?\) (\d+) \+ (\d+)")


def inflight_changes(ev):
    """[(time, requests in flight after it)]: a request is in flight from
    its (last) issue to its completion (a requeued one is issued again)."""
    cur, out = set(), []
    for t, p, comm, cpu, e, rest, st in ev:
        if e not in ("block_rq_issue", "block_rq_complete"):
            continue
        m = RQ.match(rest)
        if not m:
            continue
        key = (m.group(1), m.group(3))
        if e == "block_rq_issue":
            cur.add(key)
        else:
            cur.discard(key)
        out.append((t, len(cur)))
    return out


def fields(rest):
    return dict(re.findall(r"(\w+)=(\S+)", rest))


def path_of(stack):
    if not stack:
        return "(no stack)"
    names = set(fr.split(".")[0] for fr in stack)
    for p in PATHS:
        if p in names:
            return p
    return stack[min(3, len(stack) - 1)]


def caller_of(stack, path):
    """The two frames above the path's frame (who called the wait)."""
    if not stack:
        return ""
    for i, fr in enumerate(stack):
        if fr.split(".")[0] == path:
            return " < ".join(stack[i + 1:i + 4])
    return " < ".join(stack[:4])


def analyse(pid, t_start, t_end, stk, ev):
    """dd's wall split, and per sleeping path its time and counts."""
    on = runq = sleep = 0.0
    by_path = collections.defaultdict(lambda: [0.0, 0, collections.Counter(),
                                               collections.Counter(), 0.0, 0, 0.0])
    stacks = collections.defaultdict(lambda: [0.0, 0])
    last_in = t_start  # dd runs from its fork (the fork's child starts running)
    out = None  # (time, state, path, stack)
    wake = None  # (time, waker comm)
    # every task's runnable-since (a wakeup) for the waker's own wait
    woken_at = {}
    waker_wait = {}
    infl_changes = inflight_changes(ev)
    for t, p, comm, cpu, e, rest, st in ev:
        if e == "sched_wakeup":
            f = fields(rest)
            woken_at[int(f["pid"])] = t
        elif e == "sched_switch":
            f = fields(rest)
            npid = int(f["next_pid"])
            if npid in woken_at:
                waker_wait[(npid, t)] = t - woken_at.pop(npid)
    # the last run of each task before time t: its wait before it
    runs = collections.defaultdict(list)
    for (tid, t), w in waker_wait.items():
        runs[tid].append((t, w))
    for v in runs.values():
        v.sort()

    def waker_delay(tid, t):
        best = None
        for tt, w in runs.get(tid, ()):
            if tt <= t:
                best = w
            else:
                break
        return best or 0.0

    def idle_disk(t0, t1):
        """the time in [t0, t1] with no block request in flight"""
        idle, cur, prev = 0.0, 0, t0
        for t, n in infl_changes:
            if t <= t0:
                cur = n
                continue
            if t >= t1:
                break
            if cur == 0:
                idle += t - prev
            prev, cur = t, n
        if cur == 0:
            idle += t1 - prev
        return idle

    for t, p, comm, cpu, e, rest, st in stk:
        if t < t_start or t > t_end:
            continue
        f = fields(rest)
        if e == "sched_switch" and int(f.get("prev_pid", -1)) == pid:
            on += t - last_in
            state = f["prev_state"]
            path = "preempted" if state.startswith("R") else path_of(st)
            out = (t, state, path, st)
            wake = None
        elif e == "sched_wakeup" and int(f.get("pid", -1)) == pid and out:
            wake = (t, comm, p)
        elif e == "sched_switch" and int(f.get("next_pid", -1)) == pid and out:
            t0, state, path, st0 = out
            if state.startswith("R") or wake is None:
                runq += t - t0
                if not state.startswith("R"):
                    by_path[path][0] += t - t0
                    by_path[path][1] += 1
            else:
                s = wake[0] - t0
                sleep += s
                runq += t - wake[0]
                b = by_path[path]
                b[0] += s
                b[1] += 1
                b[2][re.sub(r"[:/]\d+$|\d+$", "", wake[1])] += 1
                b[3][caller_of(st0, path)] += s
                b[4] += idle_disk(t0, wake[0])
                b[6] += waker_delay(wake[2], wake[0])
                stacks[tuple((st0 or [])[:14])][0] += s
                stacks[tuple((st0 or [])[:14])][1] += 1
            out = None
            last_in = t
    if out is None:
        on += t_end - last_in
    return on, runq, sleep, by_path, stacks


def count(ev, name, pid=None):
    return sum(1 for e in ev if e[4] == name and (pid is None or e[1] == pid))


def requests(ev):
    """(write requests issued, completed, their issue-to-complete ms
    median/max, disk busy s: time with >= 1 request in flight)"""
    issued, lat, nw = {}, [], 0
    for t, p, comm, cpu, e, rest, st in ev:
        m = RQ.match(rest) if e in ("block_rq_issue", "block_rq_complete") else None
        if not m:
            continue
        key = (m.group(1), m.group(3))
        if e == "block_rq_issue":
            nw += "W" in m.group(2) and key not in issued
            issued.setdefault(key, t)
        elif key in issued:
            lat.append(t - issued.pop(key))
    busy, prev, cur = 0.0, None, 0
    for t, n in inflight_changes(ev):
        if cur and prev is not None:
            busy += t - prev
        prev, cur = t, n
    lat.sort()
    med = lat[len(lat) // 2] * 1e3 if lat else 0.0
    return nw, len(lat), med, (lat[-1] * 1e3 if lat else 0.0), busy


def batches(ev, gap=0.001):
    """The device's completions grouped into batches (completions less than
    @gap apart): [(requests, MiB, ms from the batch's first issue to its
    last completion, ms from its first to its last completion)]."""
    issued, done = {}, []
    for t, p, comm, cpu, e, rest, st in ev:
        m = RQ.match(rest) if e in ("block_rq_issue", "block_rq_complete") else None
        if not m:
            continue
        key = (m.group(1), m.group(3))
        if e == "block_rq_issue":
            issued.setdefault(key, t)
        elif key in issued:
            done.append((t, issued.pop(key), int(m.group(4))))
    out, cur = [], []
    for d in done + [(float("inf"), 0, 0)]:
        if cur and d[0] - cur[-1][0] > gap:
            first_issue = min(x[1] for x in cur)
            out.append((len(cur), sum(x[2] for x in cur) * 512 / MiB,
                        (cur[-1][0] - first_issue) * 1e3, (cur[-1][0] - cur[0][0]) * 1e3))
            cur = []
        cur.append(d)
    return out


class Tracer:
    def __init__(self):
        self.mnt = tempfile.mkdtemp(prefix="ddsleep-tracefs-")
        subprocess.run(["mount", "-t", "tracefs", "nodev", self.mnt], check=True)
        self.stk = os.path.join(self.mnt, "instances", NAME + "-stk")
        self.ev = os.path.join(self.mnt, "instances", NAME + "-ev")
        for d in (self.stk, self.ev):
            os.mkdir(d)
            wr(d + "/tracing_on", "0")
            wr(d + "/trace_clock", "mono")
            wr(d + "/buffer_size_kb", "16384")
        wr(self.stk + "/options/stacktrace", "1")
        for e in EV_EVENTS:
            wr(self.ev + "/events/%s/enable" % e, "1")

    def arm(self):
        for d in (self.stk, self.ev):
            wr(d + "/trace", "")
        wr(self.ev + "/tracing_on", "1")
        wr(self.stk + "/tracing_on", "1")

    def child_filters(self):
        """In dd's child between fork and exec: trace its own pid."""
        pid = os.getpid()
        wr(self.stk + "/events/sched/sched_switch/filter",
           "prev_pid == %d || next_pid == %d" % (pid, pid))
        wr(self.stk + "/events/sched/sched_wakeup/filter", "pid == %d" % pid)
        wr(self.stk + "/events/sched/sched_switch/enable", "1")
        wr(self.stk + "/events/sched/sched_wakeup/enable", "1")

    def collect(self):
        wr(self.stk + "/tracing_on", "0")
        wr(self.ev + "/tracing_on", "0")
        for e in ("sched_switch", "sched_wakeup"):
            wr(self.stk + "/events/sched/%s/enable" % e, "0")
        out = []
        for d in (self.stk, self.ev):
            with open(d + "/trace") as f:
                out.append(f.read())
            wr(d + "/trace", "")
        return out

    def close(self):
        for d in (self.stk, self.ev):
            if os.path.isdir(d):
                wr(d + "/tracing_on", "0")
                wr(d + "/events/enable", "0")
                os.rmdir(d)
        subprocess.run(["umount", self.mnt], check=True)
        os.rmdir(self.mnt)


def evicted_file(path, mib):
    """@path of @mib MiB of random bytes, written back and out of the page
    cache (grid_disk/read_x8's stream.dat, evicted before each run)."""
    if not os.path.exists(path) or os.path.getsize(path) != mib * MiB:
        subprocess.run(["dd", "if=/dev/urandom", "of=" + path, "bs=1M", "count=%d" % mib],
                       check=True, capture_output=True)
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(fd)


def one_run(tag, mib, scratch, tr, keep, read=False):
    cg = os.path.join(CG_ROOT, "%s-%s" % (NAME, tag))
    target = os.path.join(scratch, "dd.dat")
    cmd = ["dd", "if=/dev/zero", "of=" + target, "bs=1M", "count=%d" % mib]
    if read:
        target = os.path.join(scratch, "stream.dat")
        evicted_file(target, mib)
        cmd = ["dd", "if=" + target, "of=/dev/null", "bs=1M"]
    os.mkdir(cg)
    try:
        wr(cg + "/memory.limit_in_bytes", str(LIMIT_MIB * MiB))
        wr(cg + "/memory.swappiness", "60")
        tr.arm()

        def enter():
            wr(cg + "/cgroup.procs", str(os.getpid()))
            tr.child_filters()
        t0 = time.monotonic()
        p = subprocess.Popen(cmd, cwd=scratch, preexec_fn=enter,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        os.waitid(os.P_PID, p.pid, os.WEXITED | os.WNOWAIT)
        t1 = time.monotonic()
        with open("/proc/%d/schedstat" % p.pid) as f:
            sched = [int(x) for x in f.read().split()[:3]]
        _, status, ru = os.wait4(p.pid, 0)
        stk, ev = tr.collect()
        failcnt = int(open(cg + "/memory.failcnt").read())
    finally:
        if os.path.exists(target):
            os.unlink(target)
        for _ in range(50):
            try:
                os.rmdir(cg)
                break
            except OSError:
                time.sleep(0.1)
    if keep:
        for name, text in (("stk", stk), ("ev", ev)):
            wr(os.path.join(keep, "%s-%s.txt" % (tag, name)), text)
    lost = [re.search(r"entries-in-buffer/entries-written: (\d+)/(\d+)", x) for x in (stk, ev)]
    lost = sum(int(m.group(2)) - int(m.group(1)) for m in lost if m)
    stk_e, ev_e = parse(stk), parse(ev)
    on, runq, sleep, by_path, stacks = analyse(p.pid, t0, t1, stk_e, ev_e)
    return {"wall": t1 - t0, "on": on, "runq": runq, "sleep": sleep, "by_path": by_path,
            "stacks": stacks, "ru": ru.ru_utime + ru.ru_stime, "sched": sched,
            "failcnt": failcnt, "lost": lost, "req": requests(ev_e), "batches": batches(ev_e),
            "bdp": count(ev_e, "balance_dirty_pages", p.pid),
            "throttled": count(ev_e, "mm_vmscan_throttled", p.pid),
            "fww": count(ev_e, "folio_wait_writeback", p.pid),
            "reclaims": count(ev_e, "mm_vmscan_memcg_reclaim_begin", p.pid),
            "wb_start": count(ev_e, "writeback_start"),
            "wbt": sorted(set(re.search(r"step=(-?\d+)", e[5]).group(1)
                              for e in ev_e if e[4] == "wbt_timer")),
            "wbt_inflight": max([int(re.search(r"inflight=(\d+)", e[5]).group(1))
                                 for e in ev_e if e[4] == "wbt_timer"] or [0]),
            "rc": p.returncode}


def report(tag, r):
    req = r["req"]
    print("%s wall %.3f s: on-CPU %.3f (rusage %.3f), runnable %.3f (schedstat %.3f), asleep "
          "%.3f; failcnt %d; memcg reclaims %d, balance_dirty_pages %d, folio_wait_writeback %d, "
          "mm_vmscan_throttled %d; flusher writeback_start %d; write requests issued %d, "
          "completed %d (median %.1f ms, max %.1f ms), disk busy %.3f s; events lost %d" % (
              tag, r["wall"], r["on"], r["ru"], r["runq"], r["sched"][1] / 1e9, r["sleep"],
              r["failcnt"], r["reclaims"], r["bdp"], r["fww"], r["throttled"], r["wb_start"],
              req[0], req[1], req[2], req[3], req[4], r["lost"]))
    print("  blk-wbt's scale step at its timer: %s, in flight there up to %d" % (
        ",".join(r["wbt"]) or "no timer", r["wbt_inflight"]))
    big = [b for b in r["batches"] if b[1] >= 1]
    print("  completion batches of >= 1 MiB: %s (requests/MiB/ms from the first issue to the "
          "last completion/ms from the first to the last completion)" % (
              ", ".join("%d/%.1f/%.1f/%.2f" % b for b in big) or "-"))
    for path, b in sorted(r["by_path"].items(), key=lambda kv: -kv[1][0]):
        wakers = ", ".join("%s %d" % kv for kv in b[2].most_common(3))
        print("  %-24s %.4f s in %4d sleeps; disk idle %.4f s of it; waker's own runqueue "
              "wait %.4f s; woken by %s" % (path, b[0], b[1], b[4], b[6], wakers or "-"))
        for caller, s in b[3].most_common(3):
            print("      %.4f s  < %s" % (s, caller))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mib", default="128,256", help="dd sizes, MiB, comma-separated")
    ap.add_argument("--read", action="store_true",
                    help="dd reads a file of that size, evicted first (grid_disk/read_x8)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--scratch", default="/tmp")
    ap.add_argument("--keep", default=None, help="write the raw traces to DIR")
    ap.add_argument("--stacks", type=int, default=3, help="top stacks to print per run")
    args = ap.parse_args()
    scratch = tempfile.mkdtemp(prefix="ddsleep-", dir=args.scratch)
    ctl = os.path.join(CG_ROOT, NAME + "-ctl")
    os.mkdir(ctl)
    wr(ctl + "/memory.limit_in_bytes", str(1 << 30))
    wr(ctl + "/cgroup.procs", str(os.getpid()))
    tr = None
    try:
        tr = Tracer()
        print("# dd %s in a fresh v1 memcg (limit %d MiB, no swap), kernel %s, %d CPUs, load "
              "%s" % ("if=%s/stream.dat (N MiB, evicted) of=/dev/null bs=1M" % args.scratch
                      if args.read else "if=/dev/zero of=%s/dd.dat bs=1M count=N" % args.scratch,
                      LIMIT_MIB, os.uname().release, os.cpu_count(),
                  open("/proc/loadavg").read().split()[0]))
        total = collections.defaultdict(lambda: collections.defaultdict(float))
        for mib in [int(x) for x in args.mib.split(",")]:
            for i in range(args.runs):
                tag = "%sx%d-run%d" % ("read-" if args.read else "", mib // LIMIT_MIB, i + 1)
                r = one_run(tag, mib, scratch, tr, args.keep, args.read)
                report("%d MiB run %d:" % (mib, i + 1), r)
                for s, (sec, n) in sorted(r["stacks"].items(), key=lambda kv: -kv[1][0])[
                        :args.stacks]:
                    print("    stack %.4f s in %d sleeps: %s" % (sec, n, " < ".join(s[2:12])))
                tot = total[mib]
                for k in ("wall", "on", "runq", "sleep"):
                    tot[k] += r[k] / args.runs
                for path, b in r["by_path"].items():
                    tot["path:" + path] += b[0] / args.runs
                sys.stdout.flush()
        for mib, tot in total.items():
            print("# %d MiB, mean of %d runs: wall %.3f, on-CPU %.3f, runnable %.3f, asleep "
                  "%.3f; asleep by path: %s" % (
                      mib, args.runs, tot["wall"], tot["on"], tot["runq"], tot["sleep"],
                      ", ".join("%s %.4f" % (k[5:], v) for k, v in
                                sorted(tot.items(), key=lambda kv: -kv[1])
                                if k.startswith("path:") and v >= 0.0005)))
    finally:
        if tr:
            tr.close()
        for name in os.listdir(scratch):
            os.unlink(os.path.join(scratch, name))
        os.rmdir(scratch)
        wr(CG_ROOT + "/cgroup.procs", str(os.getpid()))
        os.rmdir(ctl)


if __name__ == "__main__":
    sys.exit(main())

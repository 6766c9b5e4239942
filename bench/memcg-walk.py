#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""memcg-walk.py - the real kernel's cost of a limit reclaim walk's visit of
an empty memcg (the model's memcg_iter_ns + empty_lruvec_ns).

A group t (cgroup v1, under a parent with a hard limit) holds one child
`load` with ~1 GiB of clean page cache (a read of a fallocated file: its
unwritten extents read as zeros, no disk I/O) and beside it N empty groups
in seed 002's shape: two complete binary subtrees of L levels (N = 2^(L+1)-2).
Lowering t's memory.limit_in_bytes makes the writer run
mem_cgroup_resize_max's loop: try_to_free_mem_cgroup_pages(t, 1) until the
usage fits, each call a partial walk (the reclaim cookie) that resumes after
the group it last reclaimed from and ends at the next visit of `load` that
reclaims SWAP_CLUSTER_MAX pages: all N empty groups, t and `load` once each.
`load` keeps more than 128 Ki pages on its inactive file list, so priority
12's scan target (lru >> 12) alone covers the 32 pages: one visit of `load`
a call (checked: the trace's shrink_inactive events a call and their
priority).  The writer's system time a call, less the N = 0 run's, over N,
is one empty group's visit.

The vmscan tracepoints (tracefs mounted at a private directory, unmounted
after) count the calls (mm_vmscan_memcg_reclaim_begin), the pages
(mm_vmscan_memcg_reclaim_end) and the visits of `load` that scanned
(mm_vmscan_lru_shrink_inactive); they fire a few times a call, the same
for every N.

Needs root, cgroup v1's memory controller at /sys/fs/cgroup/memory.  Every
group it makes is removed, the file deleted, tracefs unmounted.

  nice python3 bench/memcg-walk.py [--levels 0,8,11,12] [--reps 3]
"""
import argparse
import os
import resource
import subprocess
import sys
import time

MEMCG = "/sys/fs/cgroup/memory"
ROOT = MEMCG + "/reclaimsim-memcg-walk"
TRACEFS = "/tmp/reclaimsim-memcg-walk-tracefs"
FILE = "/tmp/reclaimsim-memcg-walk.dat"
EVENTS = ("mm_vmscan_memcg_reclaim_begin", "mm_vmscan_memcg_reclaim_end",
          "mm_vmscan_lru_shrink_inactive")
MiB = 1 << 20


def put(path, value):
    with open(path, "w") as f:
        f.write(str(value))


def get(path):
    with open(path) as f:
        return f.read()


def tree(parent, levels):
    """Two complete binary subtrees of @levels levels under @parent, pre-order."""
    made = []

    def grow(path, depth):
        os.mkdir(path)
        made.append(path)
        if depth < levels:
            grow(path + "/a", depth + 1)
            grow(path + "/b", depth + 1)

    if levels:
        grow(parent + "/x", 1)
        grow(parent + "/y", 1)
    return made


def drop():
    """Free FILE's page cache (the charges of the last run's groups)."""
    fd = os.open(FILE, os.O_RDONLY)
    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    os.close(fd)


def load(group, size):
    """Read @size bytes of FILE from a child inside @group (page cache, clean)."""
    drop()
    fd = os.open(FILE, os.O_RDONLY)
    pid = os.fork()
    if pid == 0:
        put(group + "/cgroup.procs", os.getpid())
        left = size
        while left > 0:
            left -= len(os.read(fd, min(left, MiB)))
        os._exit(0)
    os.waitpid(pid, 0)
    os.close(fd)


def trace_on():
    put(TRACEFS + "/tracing_on", 0)
    put(TRACEFS + "/buffer_size_kb", 16384)
    put(TRACEFS + "/trace", "")
    for ev in EVENTS:
        put(f"{TRACEFS}/events/vmscan/{ev}/filter", f"common_pid == {os.getpid()}")
        put(f"{TRACEFS}/events/vmscan/{ev}/enable", 1)
    put(TRACEFS + "/tracing_on", 1)


def trace_off():
    put(TRACEFS + "/tracing_on", 0)
    for ev in EVENTS:
        put(f"{TRACEFS}/events/vmscan/{ev}/enable", 0)
        put(f"{TRACEFS}/events/vmscan/{ev}/filter", 0)
    text = get(TRACEFS + "/trace")
    put(TRACEFS + "/trace", "")
    calls = reclaimed = inactive = 0
    prio = {}
    for line in text.splitlines():
        if "mm_vmscan_memcg_reclaim_begin:" in line:
            calls += 1
        elif "mm_vmscan_memcg_reclaim_end:" in line:
            reclaimed += int(line.split("nr_reclaimed=")[1].split()[0])
        elif "mm_vmscan_lru_shrink_inactive:" in line:
            inactive += 1
            p = int(line.split("priority=")[1].split()[0])
            prio[p] = prio.get(p, 0) + 1
    lost = "LOST" in text
    return calls, reclaimed, inactive, prio, lost


def run(levels, size, low):
    t = ROOT + "/t"
    os.mkdir(t)
    put(t + "/memory.limit_in_bytes", size + 64 * MiB)
    os.mkdir(t + "/load")
    groups = tree(t, levels)
    load(t + "/load", size)
    usage = int(get(t + "/memory.usage_in_bytes"))
    trace_on()
    r0 = resource.getrusage(resource.RUSAGE_SELF)
    w0, c0 = time.monotonic(), time.thread_time()
    put(t + "/memory.limit_in_bytes", low)
    w1, c1 = time.monotonic(), time.thread_time()
    r1 = resource.getrusage(resource.RUSAGE_SELF)
    calls, reclaimed, inactive, prio, lost = trace_off()
    drop()
    for g in reversed(groups):
        os.rmdir(g)
    os.rmdir(t + "/load")
    os.rmdir(t)
    return dict(n=len(groups), usage=usage, cpu=c1 - c0, sys=r1.ru_stime - r0.ru_stime,
                user=r1.ru_utime - r0.ru_utime, wall=w1 - w0, calls=calls,
                reclaimed=reclaimed, inactive=inactive, prio=prio, lost=lost)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--levels", default="0,8,11,12",
                    help="binary subtree depths (0: no empty group; 12: 8,190)")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--size-mib", type=int, default=1024, help="page cache loaded")
    ap.add_argument("--low-mib", type=int, default=576, help="the lowered limit")
    a = ap.parse_args()
    size, low = a.size_mib * MiB, a.low_mib * MiB

    os.mkdir(ROOT)
    os.makedirs(TRACEFS, exist_ok=True)
    subprocess.run(["mount", "-t", "tracefs", "nodev", TRACEFS], check=True)
    try:
        put(ROOT + "/memory.limit_in_bytes", size + 256 * MiB)
        with open(FILE, "wb") as f:
            os.posix_fallocate(f.fileno(), 0, size)
        print(f"== {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())} "
              f"kernel {os.uname().release}, {os.cpu_count()} CPUs; "
              f"{a.size_mib} MiB page cache in t/load, t's limit lowered to {a.low_mib} MiB")
        print(f"{'N':>5} {'calls':>6} {'pages':>7} {'inact/call':>10} {'cpu s':>7} {'sys s':>7} "
              f"{'us/call':>8} {'wall s':>7}  priorities of shrink_inactive")
        base = {}
        for rep in range(a.reps):
            for lv in (int(x) for x in a.levels.split(",")):
                r = run(lv, size, low)
                per = r["cpu"] / max(r["calls"], 1) * 1e6
                extra = ""
                if r["n"] == 0:
                    base[rep] = per
                elif rep in base:
                    extra = f"  ({(per - base[rep]) * 1e3 / r['n']:.0f} ns/empty group)"
                print(f"{r['n']:5d} {r['calls']:6d} {r['reclaimed']:7d} "
                      f"{r['inactive'] / max(r['calls'], 1):10.2f} {r['cpu']:7.3f} {r['sys']:7.3f} "
                      f"{per:8.1f} {r['wall']:7.3f}  {dict(sorted(r['prio'].items()))}"
                      f"{' LOST EVENTS' if r['lost'] else ''}{extra}", flush=True)
    finally:
        if os.path.exists(FILE):
            drop()
            os.unlink(FILE)
        subprocess.run(["find", ROOT, "-depth", "-type", "d", "-exec", "rmdir", "{}", ";"])
        subprocess.run(["umount", TRACEFS])
        os.rmdir(TRACEFS)


if __name__ == "__main__":
    sys.exit(main())

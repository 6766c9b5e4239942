#!/usr/bin/env python3
"""bench/oracle-walls.py - where the oracle programs' wall time goes, on this host.

The grid (data/oracle/results) recorded each run's wall time and nothing of
its CPU time, on a host whose load average was 2.3-9 on 2 CPUs: a recorded
wall holds the time the program waited for a CPU.  (run_grid.py now records
on-CPU time and runqueue wait itself, for every configuration, swap included:
data/oracle/results-runq, the figures `reclaimsim oracle` judges the wall by.)  This re-runs the
configurations that need no swap file and run one program, as run_grid.py
launches them (Popen, the child entering a fresh cgroup-v1 memcg with the
configuration's limit; files evicted first), and splits each run's wall by
/proc/PID/schedstat, read from the zombie before it is reaped: on a CPU,
runnable but waiting for one (the host's other load), and the rest
(asleep: I/O, throttling; also the launch before the child exists).
"on CPU + asleep" is the wall the program would have had alone on the host:
the figure `reclaimsim oracle`'s simulated wall_s stands for.

usage: sudo bench/oracle-walls.py [--runs N] [--scratch DIR] [NAME...]
  NAME: keep configurations whose name contains it.  Needs root, cgroup v1
  memory at /sys/fs/cgroup/memory, ~700 MiB in DIR (default /tmp).
Recorded: bench/results/oracle-walls.txt.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MEMCG = "/sys/fs/cgroup/memory"


def run_once(limit_mib, argv, cwd):
    """One launch in a fresh memcg: (wall, on_cpu, runq, asleep) in seconds."""
    cg = os.path.join(MEMCG, "oracle-walls-%d" % os.getpid())
    os.mkdir(cg)
    try:
        with open(cg + "/memory.limit_in_bytes", "w") as f:
            f.write(str(limit_mib << 20))

        def enter():
            with open(cg + "/cgroup.procs", "w") as f:
                f.write(str(os.getpid()))
        t0 = time.monotonic()
        p = subprocess.Popen(argv, cwd=cwd, preexec_fn=enter,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.waitid(os.P_PID, p.pid, os.WEXITED | os.WNOWAIT)
        wall = time.monotonic() - t0
        with open("/proc/%d/schedstat" % p.pid) as f:
            run_ns, wait_ns, _ = (int(x) for x in f.read().split())
        p.wait()
    finally:
        os.rmdir(cg)
    return wall, run_ns / 1e9, wait_ns / 1e9, wall - (run_ns + wait_ns) / 1e9


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--scratch", default="/tmp")
    ap.add_argument("only", nargs="*")
    args = ap.parse_args()
    with open(os.path.join(ROOT, "data/oracle/summary.json")) as f:
        configs = json.load(f)["configs"]
    work = tempfile.mkdtemp(prefix="oracle-walls-", dir=args.scratch)
    try:
        subprocess.run(["make", "-s", "-C", os.path.join(ROOT, "data/oracle/src"),
                        "BINDIR=" + os.path.join(work, "build")], check=True)
        print("configuration               limit   wall   on CPU  runq   asleep  CPU+asleep"
              "  (median of %d runs, s)" % args.runs)
        for c in configs:
            name, cmd = c["name"], c["command"]
            # one program, no swap file (swapon is host-wide), no forked helpers
            if "&" in cmd or re.search(r"swap\d|over_swap|madvfree|nested", name):
                continue
            if args.only and not any(o in name for o in args.only):
                continue
            argv = cmd.split()
            files = [a for a in argv if a.endswith(".dat") and a != "dd.dat"]
            files += [a[3:] for a in argv if a.startswith("if=") and a.endswith(".dat")]
            for fname in files:
                m = re.match(r"(hot)(\d+)\.dat|stream\.dat", fname)
                mib = int(m.group(2)) if m and m.group(1) else 512
                path = os.path.join(work, fname)
                if not os.path.exists(path):
                    subprocess.run(["dd", "if=/dev/urandom", "of=" + path, "bs=1M",
                                    "count=%d" % mib, "status=none"], check=True)
            limit = 128 if name.startswith("anonfill/") else 64
            rows = []
            for _ in range(args.runs):
                if files:
                    subprocess.run([os.path.join(work, "build/filestream"), "evict"] + files,
                                   cwd=work, check=True, capture_output=True)
                rows.append(run_once(limit, argv, work))
                if os.path.exists(os.path.join(work, "dd.dat")):
                    os.unlink(os.path.join(work, "dd.dat"))
            med = [statistics.median(r[k] for r in rows) for k in range(4)]
            print("%-26s %4d  %6.3f  %6.3f  %6.3f  %6.3f  %6.3f" %
                  (name, limit, med[0], med[1], med[2], med[3], med[1] + med[3]), flush=True)
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()

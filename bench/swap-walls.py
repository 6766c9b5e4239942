#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""swap-walls.py - where the wall time of the oracle's swap configurations
goes, in the kernel and in the model, side by side.

    bench/swap-walls.py [--bin build/reclaimsim] [--set SECTION.KEY=VALUE]...

Kernel: data/oracle/results-runq (the runs the wall gate compares with, each
with its program's on-CPU time, runqueue wait and the disk's /proc/diskstats
deltas), mean of the 3 runs.  Model: `reclaimsim run --json`, seeds 1-3,
mean; --set passes overrides to every run (a what-if).

Per configuration: the wall less runqueue wait and its parts (on a CPU,
user and system; asleep: the rest), the swap traffic, the disk's requests
and their ticks, and per major fault (one read request, one sleep each)
the CPU and the sleep.  Then a least-squares fit of the kernel's on-CPU
time over every swap run of both re-run sets (results-runq, -2): seconds
per page written to swap, per page read and per read request.
"""
import argparse
import glob
import json
import os
import subprocess
import sys

CONFIGS = [
    ("grid_anon", "rand_swap128", "grid/grid_anon-rand_swap128"),
    ("grid_anon", "hotcold_swap128", "grid/grid_anon-hotcold_swap128"),
    ("grid_anon", "seq_swap128", "grid/grid_anon-seq_swap128"),
    ("grid_overflow", "seq_a72_swap128", "grid/grid_overflow-seq_a72_swap128"),
    ("grid_overflow", "rand_a72_swap128", "grid/grid_overflow-rand_a72_swap128"),
    ("grid_mixed", "a40_swap128", "grid/grid_mixed-a40_swap128"),
    ("grid_mixed", "a56_swap128", "grid/grid_mixed-a56_swap128"),
    ("grid_anon", "seq_swap16", "grid/grid_anon-seq_swap16"),
    ("anonfill", "over_swap_seq", "anonfill-over-swap-seq"),
]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def mean(xs):
    return sum(xs) / len(xs) if xs else 0.0


def kernel_runs(workload, config, runset="results-runq"):
    d = json.load(open(os.path.join(ROOT, "data/oracle", runset, workload, config + ".json")))
    out = []
    for r in d["runs"]:
        vm, ds = r["vmstat_delta"], r["diskstats"]
        dd = {k: ds["after"][k] - ds["before"][k] for k in ds["before"]}
        progs = r["sched"]["programs"]
        res = r["program"]["result"] if r.get("program") else {}
        out.append(dict(
            wall=r["wall_less_runq_s"], cpu=r["on_cpu_s"],
            user=sum(p["utime_s"] for p in progs), sys=sum(p["stime_s"] for p in progs),
            sleeps=sum(p["nvcsw"] for p in progs),
            maj=vm["pgmajfault"], pin=vm["pswpin"], pout=vm["pswpout"],
            steal=vm["pgsteal_anon"], ra=vm["swap_ra"], rahit=vm["swap_ra_hit"],
            minflt=(res or {}).get("retouch_minflt", 0),
            rd=dd["reads"], rticks=dd["read_ticks_ms"], wr=dd["writes"],
            wticks=dd["write_ticks_ms"], wsec=dd["sectors_written"], io=dd["io_ticks_ms"]))
    return out


def model_runs(binary, scenario, sets):
    out = []
    for seed in (1, 2, 3):
        cmd = [binary, "run", os.path.join(ROOT, "scenarios", scenario + ".ini"),
               "--seed", str(seed), "--json"]
        for s in sets:
            cmd += ["--set", s]
        d = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
        t, v = d["time"], d["vmstat"]
        disks = d["diskstats"].values()
        w = list(d["workloads"].values())
        out.append(dict(
            wall=max(x["elapsed_s"] for x in w), cpu=t["user_s"] + t["sys_s"],
            user=t["user_s"], sys=t["sys_s"], sleeps=0,
            maj=v["pgmajfault"], pin=v["pswpin"], pout=v["pswpout"], steal=v["pgsteal_anon"],
            ra=v.get("swap_ra", 0), rahit=v.get("swap_ra_hit", 0),
            minflt=sum(x.get("retouch_minflt", 0) for x in w),
            rd=sum(x["reads"] for x in disks), rticks=sum(x["read_ticks_ms"] for x in disks),
            wr=sum(x["writes"] for x in disks), wticks=sum(x["write_ticks_ms"] for x in disks),
            wsec=sum(x["write_sectors"] for x in disks), io=sum(x["io_ticks_ms"] for x in disks)))
    return out


def row(name, runs):
    m = {k: mean([r[k] for r in runs]) for k in runs[0]}
    asleep = m["wall"] - m["cpu"]
    per = lambda a, b: a / b * 1e6 if b >= 100 else float("nan")
    return ("  %-6s wall %6.3f = CPU %6.3f (user %5.3f sys %6.3f) + asleep %6.3f | majflt %6.0f "
            "pswpin %6.0f pswpout %6.0f pgsteal_anon %6.0f | swap cache hits: readahead %6.0f, "
            "written %6.0f | reads %6.0f x %5.0f us, writes %5.0f x %7.0f us of %4.0f sectors, "
            "busy %5.0f ms | a major fault: asleep %4.0f us, CPU %4.0f us" % (
                name, m["wall"], m["cpu"], m["user"], m["sys"], asleep, m["maj"], m["pin"],
                m["pout"], m["steal"], m["rahit"], max(m["minflt"] - m["rahit"], 0),
                m["rd"], per(m["rticks"] * 1000, m["rd"] * 1e6) if m["rd"] else 0, m["wr"],
                per(m["wticks"] * 1000, m["wr"] * 1e6) if m["wr"] else 0,
                m["wsec"] / m["wr"] if m["wr"] else 0, m["io"],
                per(asleep, m["maj"]), per(m["cpu"], m["maj"])))


def solve(a, y):
    n = len(a[0])
    m = [[sum(r[i] * r[j] for r in a) for j in range(n)] + [sum(r[i] * v for r, v in zip(a, y))]
         for i in range(n)]
    for i in range(n):
        p = max(range(i, n), key=lambda k: abs(m[k][i]))
        m[i], m[p] = m[p], m[i]
        for k in range(n):
            if k != i:
                f = m[k][i] / m[i][i]
                m[k] = [x - f * z for x, z in zip(m[k], m[i])]
    return [m[i][n] / m[i][i] for i in range(n)]


def kernel_fit():
    rows = []
    for runset in ("results-runq", "results-runq-2"):
        for f in sorted(glob.glob(os.path.join(ROOT, "data/oracle", runset, "*", "*.json"))):
            d = json.load(open(f))
            if "runs" not in d or d["workload"] not in ("grid_anon", "grid_overflow", "anonfill"):
                continue
            for r in kernel_runs(d["workload"], d["config"], runset):
                if r["pout"] or "noswap" in d["config"]:
                    rows.append((runset, r))
    print("\nThe kernel's on-CPU time over its swap traffic (least squares, every grid_anon,")
    print("grid_overflow and anonfill run with swap or none, both re-run sets):")
    for sel in ("results-runq", "results-runq-2", None):
        rr = [r for s, r in rows if sel in (None, s)]
        a = [[1, r["pout"], r["pin"], r["rd"]] for r in rr]
        c = solve(a, [r["cpu"] for r in rr])
        res = [r["cpu"] - sum(x * z for x, z in zip(v, c)) for v, r in zip(a, rr)]
        b = solve([[1, r["rd"]] for r in rr if r["rd"] >= 100],
                  [r["wall"] - r["cpu"] for r in rr if r["rd"] >= 100])
        print("  %-16s %2d runs: on CPU = %.3f s + %5.2f us a page out + %5.2f us a page in "
              "+ %5.2f us a read (rms %.3f s); asleep = %.3f s + %4.1f us a read" % (
                  sel or "both", len(rr), c[0], c[1] * 1e6, c[2] * 1e6, c[3] * 1e6,
                  mean([e * e for e in res]) ** 0.5, b[0], b[1] * 1e6))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "build/reclaimsim"))
    ap.add_argument("--set", action="append", default=[])
    args = ap.parse_args()
    if args.set:
        print("model with --set " + " --set ".join(args.set))
    for workload, config, scenario in CONFIGS:
        k = kernel_runs(workload, config)
        m = model_runs(args.bin, scenario, args.set)
        print("%s/%s: model / kernel wall %.2f" % (workload, config,
              mean([r["wall"] for r in m]) / mean([r["wall"] for r in k])))
        print(row("kernel", k))
        print(row("model", m))
    kernel_fit()
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Seed 003's four FTrace Reclaim Statistics tables, the seed's beside ours.

For each workload (kernbench, iozone, simple-writeback, stress-highalloc:
scenarios/seed003-WORKLOAD.ini, the seed's ppc64 machine; --x86 for the
cover letter's x86-64 box, scenarios/seed003-x86-WORKLOAD.ini) runs three
traced kernels, as two `reclaimsim sweep` grids (--traces: each run's
trace in a file), --jobs at a time:

    traceonly    policy.kernel=2.6.35, the scenario's seed
    stackreduce  policy.kernel=2.6.35 again with the next seed: stackreduce
                 changed no reclaim decision (it moved reclaim's locals off
                 the stack), so its column is the same kernel run with another
                 seed, which also shows the run-to-run spread
    nodirect     policy.kernel=2.6.35-nodirect (direct_writeback = deny)

and prints, per workload, the seed's table and ours (`reclaimsim
trace-report` of the three traces, the seed's layout), then the
workload's own figures (simple-writeback's iterations and MB/s,
stress-highalloc's success %, OOM kills).  The grids: the scenarios x
traceonly's and nodirect's kernels, the scenario's seed; then the
scenarios under traceonly's kernel with the next seed (stackreduce).

Usage: tools/seed003.py [--reclaimsim build/reclaimsim] [--x86]
                        [--workloads kernbench,iozone,simple-writeback,stress-highalloc]
                        [--tmp DIR] [--set KEY=VALUE ...] [--jobs N] [--headline]

--tmp DIR keeps the grid and the traces (named by sweep: docs/sweep.md) in
DIR.  --jobs: runs at a time, default the CPU count.

--headline ends with the headline rows of simple-writeback and
stress-highalloc (traceonly -> nodirect, the seed's and ours, a verdict
each; seedtool.verdict).
"""
import argparse
import concurrent.futures
import os
import shutil
import subprocess
import sys
import tempfile

# the repository (seedtool.py): scenarios and the default binary are found
# from it, so the script runs from any directory
from seedtool import RECLAIMSIM, ROOT, grid_sets, headline, run_main, sweep

WORKLOADS = ["kernbench", "iozone", "simple-writeback", "stress-highalloc"]
# (column, kernel profile, seed offset)
KERNELS = [("traceonly", "2.6.35", 0), ("stackreduce", "2.6.35", 1),
           ("nodirect", "2.6.35-nodirect", 0)]
ROWS = ["Direct reclaims", "Direct reclaim pages scanned", "Direct reclaim write sync I/O",
        "Direct reclaim write async I/O", "Wake kswapd requests", "Kswapd wakeups",
        "Kswapd pages scanned", "Kswapd reclaim write sync I/O",
        "Kswapd reclaim write async I/O", "Time stalled direct reclaim", "Time kswapd awake"]
ZERO = [0] * 9 + [0.0, 0.0]
# shared/seeds/003_c659d8930722bdbe.txt, ppc64, traceonly / stackreduce / nodirect
SEED = {
    "kernbench": [ZERO, ZERO, ZERO],
    "iozone": [ZERO, ZERO, ZERO],
    "simple-writeback": [
        [4098, 393664, 0, 0, 865097, 639, 11123648, 0, 3595, 2843.74, 347.58],
        [2436, 215821, 0, 0, 728976, 561, 10383929, 0, 0, 2771.71, 8865.65],
        [5670, 505483, 0, 0, 1036147, 585, 10561818, 0, 19068, 32.76, 433.27]],
    "stress-highalloc": [
        [2143, 181293, 13709, 26686, 234, 200, 10810122, 0, 790109, 1956.76, 1171.50],
        [2184, 191127, 15617, 28058, 217, 192, 9822064, 0, 762967, 1810.06, 1174.24],
        [847, 136593, 0, 0, 17271, 145, 3104526, 0, 236092, 1395.76, 484.00]],
}


def seed_of(scenario):
    with open(os.path.join(ROOT, scenario)) as f:
        for line in f:
            k, _, v = line.partition("=")
            if k.strip() == "seed":
                return int(v.split(";")[0])
    return 1


def scenario_of(args, w):
    return "scenarios/seed003-%s%s.ini" % ("x86-" if args.x86 else "", w)


def grid_text(args, workloads, kernels, seed):
    """A sweep grid: each workload's scenario x @kernels, seed @seed;
    --set after the kernel, so that they apply over its profile
    (seedtool.grid_sets)."""
    return ("; tools/seed003.py: seed 003's runs\n"
            "[sweep]\n"
            "seeds = %d\n"
            "figures = time.elapsed_s, vmstat.oom_kill, workloads.*\n"
            "[grid]\n"
            "scenario = %s\n"
            "policy.kernel = %s\n"
            % (seed, ", ".join(scenario_of(args, w) for w in workloads), ", ".join(kernels))
            + grid_sets(args.set))


def runs_of(args, workloads, base, tmp):
    """The runs, traced into tmp: (scenario file, kernel, seed) -> sweep
    line.  Two grids, one after the other: traceonly's and nodirect's
    kernels with the scenarios' seed, then stackreduce's next seed (one
    grid of both seeds would run nodirect with the next seed too)."""
    runs = {}
    for name, kernels, seed in (("seed003", ["2.6.35", "2.6.35-nodirect"], base),
                                ("seed003-stackreduce", ["2.6.35"], base + 1)):
        for l in sweep(args.reclaimsim, grid_text(args, workloads, kernels, seed), tmp, name,
                       args.jobs, ["--traces", tmp, "--trace-size", "2G"]):
            with open(l["trace"], "rb") as f:
                f.seek(max(0, os.path.getsize(l["trace"]) - 200))
                if b"trace cut at" in f.read():
                    print("seed003.py: %s: the trace was cut at 2 GB: its counts are short"
                          % l["trace"], file=sys.stderr)
            runs[(os.path.basename(l["keys"]["scenario"]), l["keys"]["policy.kernel"],
                  l["seed"])] = l
    return runs


def summary(args, trace):
    """The Summary values of one trace, from `reclaimsim trace-report`."""
    out = subprocess.run([args.reclaimsim, "trace-report", trace], check=True,
                         stdout=subprocess.PIPE, universal_newlines=True).stdout
    vals = {}
    for line in out.split("Summary", 1)[1].splitlines():
        label, sep, v = line.partition(":")
        if sep:
            v = v.split()
            vals[label.strip()] = float(v[0]) if v else 0.0
    return [vals.get(r, 0.0) for r in ROWS]


def fmt(row, v):
    return "%8.2f" % v if row.startswith("Time") else "%8d" % v


def table(name, cols):
    print("%s FTrace Reclaim Statistics" % name)
    print("%-39s" % "" + "".join("%18s" % c for c, _ in cols))
    for i, r in enumerate(ROWS):
        print("%-39s" % r + "".join("%18s" % fmt(r, v[i]) for _, v in cols))


def workload_figures(figs):
    """The workload's own figures of a sweep line: iterations and MB/s,
    success %, OOM kills (a figure in seconds or MB/s with one decimal)."""
    wl = {}
    for k, v in figs.items():
        if k.startswith("workloads."):
            name, _, key = k[len("workloads."):].partition(".")
            wl.setdefault(name, {})[key] = v
    out = []
    for name, f in sorted(wl.items()):
        keep = {k: v for k, v in f.items()
                if k.startswith(("jobs", "iterations", "pass", "rest", "dd_runs"))}
        if keep:
            out.append("%s: %s" % (name, " ".join(
                "%s=%s" % (k, ("%.1f" % v) if isinstance(v, float) or k.endswith("_s") else v)
                for k, v in sorted(keep.items()))))
    out.append("oom_kill=%d simulated=%.0f s" % (figs.get("vmstat.oom_kill", 0),
                                                  figs.get("time.elapsed_s", 0)))
    return out


def report(args, runs, summaries, w, base):
    """Workload w's three runs: the seed's table and ours."""
    scn = scenario_of(args, w)
    lines = [runs[(os.path.basename(scn), kernel, base + off)] for _, kernel, off in KERNELS]
    ours = [summaries[l["trace"]] for l in lines]
    title = "stress-highorder" if w == "stress-highalloc" else w
    print("== %s (%s)" % (w, scn))
    print()
    if not args.x86:
        table("seed: " + title, [(c + "-v2r5", v) for (c, _, _), v in zip(KERNELS, SEED[w])])
        print()
    table("ours: " + title, [(c, v) for (c, _, _), v in zip(KERNELS, ours)])
    print()
    for (c, kernel, off), l in zip(KERNELS, lines):
        print("%-12s %s seed %d" % (c, kernel, base + off))
        for line in workload_figures(l["figures"]):
            print("             " + line)
    print()
    return ours


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reclaimsim", default=RECLAIMSIM)
    ap.add_argument("--x86", action="store_true", help="the x86-64 box's scenarios")
    ap.add_argument("--workloads", default=",".join(WORKLOADS))
    ap.add_argument("--tmp", help="keep the traces in DIR")
    ap.add_argument("--set", action="append", default=[], help="passed to every run")
    ap.add_argument("--jobs", type=int, default=0, help="runs at a time (default: the CPU count)")
    ap.add_argument("--headline", action="store_true",
                    help="then the headline rows: traceonly -> nodirect, the seed's and ours")
    args = ap.parse_args()
    workloads = args.workloads.split(",")
    for w in workloads:
        if w not in WORKLOADS:
            sys.exit("seed003.py: unknown workload %s (valid %s)" % (w, ",".join(WORKLOADS)))
    bases = set(seed_of(scenario_of(args, w)) for w in workloads)
    if len(bases) != 1:
        sys.exit("seed003.py: the workloads' scenarios have different seeds (%s): run them apart"
                 % ", ".join(map(str, sorted(bases))))
    base = bases.pop()
    tmp = args.tmp or tempfile.mkdtemp(prefix="seed003-")
    os.makedirs(tmp, exist_ok=True)
    ours = {}
    try:
        runs = runs_of(args, workloads, base, tmp)
        traces = [runs[(os.path.basename(scenario_of(args, w)), k, base + off)]["trace"]
                  for w in workloads for _, k, off in KERNELS]
        with concurrent.futures.ThreadPoolExecutor(args.jobs or os.cpu_count()) as pool:
            summaries = dict(zip(traces, pool.map(lambda t: summary(args, t), traces)))
        for w in workloads:
            ours[w] = report(args, runs, summaries, w, base)
    finally:
        if not args.tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    if args.headline and not args.x86:
        headline_rows(ours)
    return 0


def headline_rows(ours):
    """Each row of simple-writeback and stress-highalloc, traceonly (A) ->
    nodirect (B); the noise is |stackreduce - traceonly|, the seed's and
    ours (kernbench and iozone: every row 0 in every column, left out)."""
    rows = []
    for w in ("simple-writeback", "stress-highalloc"):
        if w not in ours:
            continue
        seed, mine = SEED[w], ours[w]
        for i, r in enumerate(ROWS):
            rows.append(("%s: %s" % (w, r), seed[0][i], seed[2][i], abs(seed[1][i] - seed[0][i]),
                         mine[0][i], mine[2][i], abs(mine[1][i] - mine[0][i]),
                         "%.2f" if r.startswith("Time") else "%.0f"))
    if not rows:
        return
    print("Headline rows (A = traceonly, B = nodirect; noise = |stackreduce - traceonly|)")
    headline(rows)


if __name__ == "__main__":
    run_main(main)

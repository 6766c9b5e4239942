#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Seed 002's table: memcg soft limit reclaim, 3.10 tree vs the 2013 rework.

One `reclaimsim sweep` grid: each hierarchy size (scenarios/seed002-
{500,1k,4k,8k}.ini) x each configuration of group A (no soft limit, soft
limit 0) x each kernel (policy.soft_limit_reclaim = tree, "base";
integrated, "rework"; integrated_skip, "skip") x the seeds, run --jobs at a
time.  Prints Elapsed, User and System the way the seed does, and under
base and rework the seed's own line (mem=1G, 3 runs; shared/seeds/002):

    1k-no-limit/base: min: X max: X avg: X std: X runs: 3
    1k-no-limit/base (seed): min: 37.04 max: 43.36 avg: 40.26 std: 2.58 runs: 3
    1k-no-limit/rework: min: X [P%] max: X [P%] avg: X [P%] std: X runs: 3

[P%] is the rework's figure over base's (min over min, max over max, avg
over avg); std is divided by n, as the seed's.  System is the CPU time of
every task doing the work (SPEC A.4): the dd process's system time plus
kswapd's run time (`kswapd.*.sum_exec_runtime_ns`); the flusher's CPU time
is not in the run's JSON (docs/seed002.md).

--keep FILE keeps the sweep's JSON lines there; run again, the runs FILE
has are not run again (an interrupted table resumes).

Usage: tools/seed002.py [--reclaimsim build/reclaimsim] [--runs 3]
                        [--sizes 500,1k,4k,8k] [--seed 1] [--jobs N]
                        [--keep FILE] [--headline]

--headline ends with the headline rows (System and Elapsed, base -> rework,
the seed's and ours, with a verdict each; seedtool.verdict).
"""
import argparse
import math
import os
import sys
import tempfile

# the repository (seedtool.py): scenarios and the default binary are found
# from it, so the script runs from any directory
from seedtool import RECLAIMSIM, headline, run_main, sweep

CONFIGS = [("no-limit", "* No soft limit set", "max"),
           ("0-limit", "* Soft limit set to 0 for the group with the dd load", "0")]
KERNELS = [("base", "tree"), ("rework", "integrated"), ("skip", "integrated_skip")]
FIGURES = ("Elapsed", "User", "System")
# the seed's table (shared/seeds/002_88ec913e6107c91f.txt): (size, config,
# kernel) -> Elapsed, User, System as (min, max, avg, std), 3 runs each
SEED = {
    ("500", "no-limit", "base"): [(16.32, 18.03, 17.37, 0.75), (1.53, 1.60, 1.57, 0.03), (38.60, 41.54, 39.95, 1.21)],
    ("500", "no-limit", "rework"): [(15.76, 19.72, 17.49, 1.66), (1.18, 1.45, 1.33, 0.11), (39.78, 42.93, 41.06, 1.35)],
    ("1k", "no-limit", "base"): [(37.04, 43.36, 40.26, 2.58), (1.12, 1.38, 1.24, 0.11), (33.51, 36.29, 34.99, 1.14)],
    ("1k", "no-limit", "rework"): [(16.38, 17.82, 17.22, 0.61), (1.11, 1.26, 1.20, 0.07), (45.09, 49.52, 47.99, 2.05)],
    ("4k", "no-limit", "base"): [(40.04, 47.14, 44.46, 3.15), (1.16, 1.33, 1.25, 0.07), (37.91, 39.91, 39.19, 0.91)],
    ("4k", "no-limit", "rework"): [(30.38, 37.66, 34.24, 2.99), (0.70, 0.82, 0.77, 0.05), (130.35, 133.26, 131.63, 1.21)],
    ("8k", "no-limit", "base"): [(41.27, 50.60, 45.51, 3.86), (1.26, 1.38, 1.32, 0.05), (39.93, 40.73, 40.25, 0.34)],
    ("8k", "no-limit", "rework"): [(39.56, 52.12, 44.49, 5.47), (0.68, 0.82, 0.73, 0.06), (228.74, 238.43, 232.57, 4.21)],
    ("500", "0-limit", "base"): [(30.29, 38.91, 34.83, 3.53), (1.14, 1.29, 1.24, 0.07), (31.94, 35.66, 33.77, 1.52)],
    ("500", "0-limit", "rework"): [(14.34, 17.18, 16.01, 1.21), (1.42, 1.47, 1.44, 0.02), (45.25, 47.43, 46.27, 0.89)],
    ("1k", "0-limit", "base"): [(37.23, 45.11, 40.48, 3.36), (1.33, 1.56, 1.44, 0.09), (33.21, 34.44, 33.77, 0.51)],
    ("1k", "0-limit", "rework"): [(15.18, 18.69, 16.99, 1.44), (1.31, 1.55, 1.44, 0.10), (45.52, 50.82, 48.76, 2.32)],
    ("4k", "0-limit", "base"): [(42.71, 47.83, 45.45, 2.11), (1.11, 1.34, 1.21, 0.10), (37.08, 40.28, 38.91, 1.35)],
    ("4k", "0-limit", "rework"): [(34.24, 34.99, 34.56, 0.32), (0.80, 0.87, 0.83, 0.03), (131.08, 132.33, 131.66, 0.51)],
    ("8k", "0-limit", "base"): [(35.71, 47.18, 43.19, 5.29), (1.18, 1.21, 1.19, 0.01), (38.34, 39.91, 39.24, 0.66)],
    ("8k", "0-limit", "rework"): [(43.95, 59.77, 50.48, 6.75), (0.72, 0.85, 0.77, 0.06), (196.90, 235.32, 222.34, 17.99)],
}


def figures(f):
    """Elapsed, User, System (s) of one sweep line's figures."""
    kswapd = sum(v for k, v in f.items() if k.startswith("kswapd.")) / 1e9
    return {"Elapsed": f["time.elapsed_s"], "User": f["time.user_s"],
            "System": f["time.sys_s"] + kswapd}


def stats(values):
    n = len(values)
    avg = sum(values) / n
    std = math.sqrt(sum((v - avg) ** 2 for v in values) / n)
    return {"min": min(values), "max": max(values), "avg": avg, "std": std, "n": n}


def pct(v, base):
    return " [%.1f%%]" % (100.0 * v / base) if base else " [-]"


def line(label, s, base=None):
    out = "%s: " % label
    for k in ("min", "max", "avg"):
        out += "%s: %.2f" % (k, s[k])
        if base is not None:
            out += pct(s[k], base[k])
        out += " "
    return out + "std: %.2f runs: %d" % (s["std"], s["n"])


def grid_text(args, sizes):
    """The sweep's grid: sizes x configurations x kernels, the seeds."""
    scenarios = ", ".join("scenarios/seed002-%s.ini" % s for s in sizes)
    return ("; tools/seed002.py: seed 002's table\n"
            "[sweep]\n"
            "seeds = %d..%d\n"
            "figures = time.elapsed_s, time.user_s, time.sys_s, kswapd.*.sum_exec_runtime_ns\n"
            "[grid]\n"
            "scenario = %s\n"
            "cgroup.A.soft_limit = %s\n"
            "policy.soft_limit_reclaim = %s\n"
            % (args.seed, args.seed + args.runs - 1, scenarios,
               ", ".join(c[2] for c in CONFIGS), ", ".join(k[1] for k in KERNELS)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reclaimsim", default=RECLAIMSIM)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sizes", default="500,1k,4k,8k")
    ap.add_argument("--jobs", type=int, default=0, help="runs at a time (default: the CPU count)")
    ap.add_argument("--keep", help="keep the sweep's JSON lines in this file (resumable)")
    ap.add_argument("--headline", action="store_true",
                    help="then the headline rows: System and Elapsed, base -> rework (A -> B)")
    args = ap.parse_args()
    sizes = args.sizes.split(",")
    with tempfile.TemporaryDirectory() as tmp:
        lines = sweep(args.reclaimsim, grid_text(args, sizes), tmp, "seed002", args.jobs,
                      output=args.keep)
    runs = {}
    for l in lines:
        k = l["keys"]
        size = os.path.basename(k["scenario"])[len("seed002-"):-len(".ini")]
        config = [c[0] for c in CONFIGS if c[2] == k["cgroup.A.soft_limit"]][0]
        kernel = [n for n, p in KERNELS if p == k["policy.soft_limit_reclaim"]][0]
        runs.setdefault((size, config, kernel), []).append(figures(l["figures"]))
    for name, title, _ in CONFIGS:
        print(title)
        for size in sizes:
            for i, fig in enumerate(FIGURES):
                print(fig)
                b = stats([r[fig] for r in runs[(size, name, "base")]])
                label = "%s-%s/" % (size, name)
                for kernel, _ in KERNELS:
                    if kernel == "base":
                        print(line(label + kernel, b))
                    else:
                        print(line(label + kernel, stats([r[fig] for r in runs[(size, name, kernel)]]), b))
                    seed = SEED.get((size, name, kernel))
                    if seed:
                        mn, mx, avg, std = seed[i]
                        s = {"min": mn, "max": mx, "avg": avg, "std": std, "n": 3}
                        sb = dict(zip(("min", "max", "avg", "std"), SEED[(size, name, "base")][i]))
                        print(line(label + kernel + " (seed)", s, None if kernel == "base" else sb))
            print()
            sys.stdout.flush()
    if args.headline:
        headline_rows(runs, sizes)
    return 0


def headline_rows(runs, sizes):
    """System and Elapsed of each size and configuration, base (A) ->
    rework (B), the seed's and ours; the noise is the two sides' std summed."""
    rows = []
    for fig in ("System", "Elapsed"):
        i = FIGURES.index(fig)
        for name, _, _ in CONFIGS:
            for size in sizes:
                sa, sb = SEED[(size, name, "base")][i], SEED[(size, name, "rework")][i]
                oa = stats([r[fig] for r in runs[(size, name, "base")]])
                ob = stats([r[fig] for r in runs[(size, name, "rework")]])
                rows.append(("%s %s %s" % (fig, size, name), sa[2], sb[2], sa[3] + sb[3],
                             oa["avg"], ob["avg"], oa["std"] + ob["std"]))
    print("Headline rows (A = base, B = rework; averages)")
    headline(rows)


if __name__ == "__main__":
    run_main(main)

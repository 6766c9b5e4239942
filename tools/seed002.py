#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Seed 002's table: memcg soft limit reclaim, 3.10 tree vs the 2013 rework.

For each hierarchy size (scenarios/seed002-{500,1k,4k,8k}.ini) and each
configuration of group A (no soft limit, soft limit 0), runs
`reclaimsim compare --runs N --json` with side A = soft_limit_reclaim=tree
("base") against B = integrated ("rework") and against integrated_skip
("skip"), and prints Elapsed, User and System the way the seed does:

    1k-no-limit/base: min: X max: X avg: X std: X runs: 3
    1k-no-limit/rework: min: X [P%] max: X [P%] avg: X [P%] std: X runs: 3

[P%] is the rework's figure over base's (min over min, max over max, avg
over avg); std is divided by n, as the seed's.  System is the CPU time of
every task doing the work (SPEC A.4): the dd process's system time plus
kswapd's run time (`kswapd.*.sum_exec_runtime_ns`); the flusher's CPU time
is not in the run's JSON (docs/seed002.md).

Usage: tools/seed002.py [--reclaimsim build/reclaimsim] [--runs 3]
                        [--sizes 500,1k,4k,8k] [--seed 1]
"""
import argparse
import json
import math
import os
import subprocess
import sys

# the repository (seedtool.py): scenarios and the default binary are found
# from it, so the script runs from any directory
from seedtool import RECLAIMSIM, ROOT, run_main

CONFIGS = [("no-limit", "* No soft limit set", []),
           ("0-limit", "* Soft limit set to 0 for the group with the dd load",
            ["--set", "cgroup.A.soft_limit=0"])]
KERNELS = [("rework", "integrated"), ("skip", "integrated_skip")]


def figures(run):
    """Elapsed, User, System (s) of one run object."""
    t = run["time"]
    kswapd = sum(k["sum_exec_runtime_ns"] for k in run["kswapd"].values()) / 1e9
    return {"Elapsed": t["elapsed_s"], "User": t["user_s"], "System": t["sys_s"] + kswapd}


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


def compare(args, scenario, extra, policy):
    cmd = [args.reclaimsim, "compare", os.path.join(ROOT, scenario),
           "--a", "policy.soft_limit_reclaim=tree", "--b", "policy.soft_limit_reclaim=" + policy, "--runs", str(args.runs),
           "--seed", str(args.seed), "--json"] + extra
    out = subprocess.run(cmd, check=True, stdout=subprocess.PIPE).stdout
    doc = json.loads(out)
    return [figures(r) for r in doc["a"]["runs"]], [figures(r) for r in doc["b"]["runs"]]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reclaimsim", default=RECLAIMSIM)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sizes", default="500,1k,4k,8k")
    args = ap.parse_args()
    for name, title, extra in CONFIGS:
        print(title)
        for size in args.sizes.split(","):
            scenario = "scenarios/seed002-%s.ini" % size
            sides = {}
            for label, policy in KERNELS:
                base, other = compare(args, scenario, extra, policy)
                sides["base"] = base
                sides[label] = other
            for fig in ("Elapsed", "User", "System"):
                print(fig)
                b = stats([r[fig] for r in sides["base"]])
                print(line("%s-%s/base" % (size, name), b))
                for label, _ in KERNELS:
                    print(line("%s-%s/%s" % (size, name, label),
                               stats([r[fig] for r in sides[label]]), b))
            print()
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    run_main(main)

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The figures docs/oracle.md quotes, from `reclaimsim oracle --json`.

Prints the targeted counters within +-25 % (per counter and in all, and
over the configurations the earlier file has, when configurations were
added since), the verdict counts, the programs' wall time within +-25 % (configurations with
a `wall_s`) and the verdicts of the hot-set counters of grid_hot, each as
"before -> now" when a second (earlier) JSON file is given.

Usage: reclaimsim oracle --json > now.json
       tools/oracle_digest.py now.json [before.json]
"""
import json
import sys

from seedtool import run_main

HOT = ["workingset_refault_file", "hot_miss_total", "hot_miss_first", "hot_miss_last"]
# `reclaimsim oracle`'s targeted counters (src/cli/oracle.c)
TARGETED = ["pgmajfault", "pswpout", "pswpin", "pgsteal_anon", "pgsteal_file",
            "workingset_refault_anon", "workingset_refault_file", "oom_kill", "pglazyfreed"]


def within(kernel, sim):
    """oracle_within(): within +-25 % of the kernel's mean, 0 only against 0"""
    if kernel == 0:
        return sim == 0
    return abs(sim - kernel) <= 0.25 * abs(kernel) * (1 + 1e-9)


def targeted(configs):
    """within / of over the targeted counters of @configs"""
    pairs = [(c["counters"][k]["kernel"]["mean"], c["counters"][k]["sim"])
             for c in configs for k in TARGETED if k in c["counters"]]
    return "%d/%d" % (sum(s is not None and within(k, s) for k, s in pairs), len(pairs))


def digest(path, only=None):
    """@only: the configuration names to count in "targeted, same configs" """
    with open(path) as f:
        doc = json.load(f)
    res = doc["result"]
    d = {"configurations": len(doc["configs"]),
         "targeted": "%d/%d" % (res["targeted_within"], res["targeted_of"]),
         "targeted, same configs": targeted([c for c in doc["configs"]
                                             if only is None or c["name"] in only]),
         "zero": res["targeted_zero"]}
    for k, v in res["targeted"].items():
        d["  " + k] = "%d/%d" % (v["within"], v["of"])
    for k, v in res["verdicts"].items():
        d["verdict " + k] = v
    same = [v["verdict"] for c in doc["configs"] if only is None or c["name"] in only
            for v in c["counters"].values()]
    for k in res["verdicts"]:
        d["verdict %s, same configs" % k] = same.count(k)
    walls = [c["counters"]["wall_s"] for c in doc["configs"] if "wall_s" in c["counters"]]
    d["wall_s within"] = "%d/%d" % (sum(w["verdict"] == "ok" for w in walls), len(walls))
    walls = [c["counters"]["wall_s"] for c in doc["configs"]
             if "wall_s" in c["counters"] and (only is None or c["name"] in only)]
    d["wall_s within, same configs"] = "%d/%d" % (sum(w["verdict"] == "ok" for w in walls),
                                                  len(walls))
    for c in doc["configs"]:
        if not c["name"].startswith("grid_hot/"):
            continue
        for k in HOT:
            v = c["counters"].get(k)
            if v and v["sim"] is not None:
                d["%s %s" % (c["name"][len("grid_hot/"):], k)] = "%.0f %s (%s)" % (
                    v["sim"], v["verdict"], "-" if v["ratio"] is None else "%.2f" % v["ratio"])
    return d, doc


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__.split("\n\n")[-1])
    only = None
    if len(sys.argv) == 3:
        with open(sys.argv[2]) as f:
            only = {c["name"] for c in json.load(f)["configs"]}
    now, doc = digest(sys.argv[1], only)
    before = digest(sys.argv[2])[0] if len(sys.argv) == 3 else {}
    kernel = {}
    for c in doc["configs"]:
        if c["name"].startswith("grid_hot/"):
            for k in HOT:
                if k in c["counters"]:
                    kernel["%s %s" % (c["name"][len("grid_hot/"):], k)] = \
                        c["counters"][k]["kernel"]["mean"]
    for k, v in now.items():
        line = "%-32s " % k
        if k in kernel:
            line += "kernel %-8.0f " % kernel[k]
        if before:
            line += "%s -> " % before.get(k, "-")
        print(line + str(v))
    return 0


if __name__ == "__main__":
    run_main(main)

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The figures docs/oracle.md quotes, from `reclaimsim oracle --json`.

Prints the targeted counters within +-25 % (per counter and in all), the
verdict counts, the programs' wall time within +-25 % (configurations with
a `wall_s`) and the verdicts of the hot-set counters of grid_hot, each as
"before -> now" when a second (earlier) JSON file is given.

Usage: reclaimsim oracle --json > now.json
       tools/oracle_digest.py now.json [before.json]
"""
import json
import sys

from seedtool import run_main

HOT = ["workingset_refault_file", "hot_miss_total", "hot_miss_first", "hot_miss_last"]


def digest(path):
    with open(path) as f:
        doc = json.load(f)
    res = doc["result"]
    d = {"targeted": "%d/%d" % (res["targeted_within"], res["targeted_of"]),
         "zero": res["targeted_zero"]}
    for k, v in res["targeted"].items():
        d["  " + k] = "%d/%d" % (v["within"], v["of"])
    for k, v in res["verdicts"].items():
        d["verdict " + k] = v
    walls = [c["counters"]["wall_s"] for c in doc["configs"] if "wall_s" in c["counters"]]
    d["wall_s within"] = "%d/%d" % (sum(w["verdict"] == "ok" for w in walls), len(walls))
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
    now, doc = digest(sys.argv[1])
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

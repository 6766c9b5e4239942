#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Extract the real-kernel zoneinfo snapshots of shared/oracle/results into
committed test fixtures, so that tests/test_watermarks.c runs on a clean
checkout without shared/.

Writes, under --out (default: tests/data next to this script's repo):
  oracle_zones.txt     one block per snapshot (system.json and the
                       system_before / system_after of every workload file):
                         snapshot SOURCE MIN_FREE_KBYTES WSF THP RATIO...
                         zone NODE NAME MANAGED PRESENT SPANNED FREE MIN LOW HIGH
                              NPROT PROT...
                         end
  proc/zoneinfo        system.json's zoneinfo_raw, verbatim
  proc/sys/vm/*        system.json's sysctls, one file each, as /proc prints them
  proc/cpus            system.json's CPU count
  sys/kernel/mm/transparent_hugepage/enabled   system.json's THP mode

Usage: tools/extract_oracle_zones.py [--oracle DIR] [--out DIR]
"""
import argparse
import json
import os
import sys

ZONES = ["DMA", "DMA32", "Normal", "Movable", "Device"]
WORKLOADS = ["anonfill", "fileread", "filewrite", "madvfree"]
VM_FILES = ["min_free_kbytes", "watermark_scale_factor", "watermark_boost_factor",
            "swappiness", "dirty_ratio", "dirty_background_ratio",
            "dirty_expire_centisecs", "dirty_writeback_centisecs", "page-cluster"]
THP_MODES = ["always", "madvise", "never"]


def snapshot_lines(source, snap):
    sc = snap["sysctls"]
    thp = 0 if snap.get("thp_enabled", "never") == "never" else 1
    head = [source, sc["min_free_kbytes"], sc["watermark_scale_factor"], thp]
    lines = ["snapshot " + " ".join(str(x) for x in head + sc["lowmem_reserve_ratio"])]
    for name in ZONES:
        z = snap["zones"].get(name)
        if z is None:
            continue
        prot = z["protection"]
        vals = [0, name, z["managed"], z["present"], z["spanned"], z["free"],
                z["min"], z["low"], z["high"], len(prot)] + prot
        lines.append("zone " + " ".join(str(x) for x in vals))
    lines.append("end")
    return lines


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def main():
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--oracle", default="/work/shared/oracle/results")
    ap.add_argument("--out", default=os.path.join(repo, "tests", "data"))
    args = ap.parse_args()

    with open(os.path.join(args.oracle, "system.json")) as f:
        system = json.load(f)
    out = ["# Real kernel zoneinfo snapshots (%s), extracted by"
           " tools/extract_oracle_zones.py from shared/oracle/results." % system["kernel"],
           "# snapshot SOURCE MIN_FREE_KBYTES WATERMARK_SCALE_FACTOR THP LOWMEM_RESERVE_RATIO...",
           "# zone NODE NAME MANAGED PRESENT SPANNED FREE MIN LOW HIGH NPROT PROTECTION...",
           "# Do not edit: regenerate."]
    out += snapshot_lines("system.json", system)
    for wl in WORKLOADS:
        with open(os.path.join(args.oracle, wl + ".json")) as f:
            d = json.load(f)
        for key in ("system_before", "system_after"):
            out += snapshot_lines("%s.json:%s" % (wl, key), d[key])
    write(os.path.join(args.out, "oracle_zones.txt"), "\n".join(out) + "\n")

    proc = os.path.join(args.out, "proc")
    write(os.path.join(proc, "zoneinfo"), system["zoneinfo_raw"])
    sc = system["sysctls"]
    for name in VM_FILES:
        write(os.path.join(proc, "sys", "vm", name), "%d\n" % sc[name])
    write(os.path.join(proc, "sys", "vm", "lowmem_reserve_ratio"),
          "\t".join(str(r) for r in sc["lowmem_reserve_ratio"]) + "\n")
    write(os.path.join(proc, "cpus"), "%d\n" % system["cpus"])
    mode = system["thp_enabled"]
    if mode not in THP_MODES:
        sys.exit("unknown THP mode %r" % mode)
    write(os.path.join(args.out, "sys", "kernel", "mm", "transparent_hugepage", "enabled"),
          " ".join("[%s]" % m if m == mode else m for m in THP_MODES) + "\n")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Seed 001's tables (docs/seed001.md) from one reclaimsim binary.

Sections (--only: a comma-separated list; default all but lru4):
  madvise09  scenarios/ltp-madvise09.ini under policy.lazyfree = inactive_file,
             anon_lru and none with swap, and inactive_file and anon_lru
             without (machine.swap=0); one run per seed, figures per seed
  oracle     `reclaimsim oracle --only madvfree`: the madvfree counters the
             doc quotes, kernel mean / sim mean
  monitor    scenarios/madvfree-monitor.ini, inactive_file and anon_lru
  ebizzy     scenarios/seed001-ebizzy.ini, workload.ebizzy.purge = dontneed
             and free at each of --threads, --runs seeds: records/s
             avg (std, population) beside the seed's
  lru1       scenarios/seed001-lru-file-mmap-read-1node.ini, policy.tlb_flush
             = per_page and batched, seed --seed, one run a side
  lru4       the same on scenarios/seed001-lru-file-mmap-read.ini (4 nodes,
             64 GB; minutes of host time and 3 GB per run)

Each section's runs are `reclaimsim sweep` grids (madvise09: one with
swap, one without), --jobs at a time (default the CPU count).  No host
times: they are not the model's results and differ run to run (bench/).

Usage: tools/seed001.py [--reclaimsim build/reclaimsim] [--runs 3] [--seed 1]
                        [--threads 1,2,4,8,16,32] [--only madvise09,ebizzy] [--jobs N]
"""
import argparse
import json
import math
import os
import subprocess
import tempfile

# the repository (seedtool.py): scenarios and the default binary are found
# from it, so the script runs from any directory
from seedtool import RECLAIMSIM, ROOT, run_main, sweep

# the seed's ebizzy table (shared/seeds/001_26052e60252296c7.txt): threads:
# (dontneed avg, std, free avg, std), records/s over 10 runs
SEED_EBIZZY = {
    1: (2961.9, 71.96, 12069.7, 186.68),
    2: (5020.0, 264.87, 17827.0, 358.52),
    4: (8988.8, 1175.33, 27930.8, 3317.33),
    8: (13036.5, 170.67, 33739.4, 5146.22),
    16: (11092.4, 710.60, 31424.2, 3763.89),
    32: (11067.0, 971.06, 34495.8, 2721.36),
}
# the seed's lru-file-mmap-read figures: vanilla, batched (4 nodes; one node);
# it gives no interrupt totals (docs/seed001.md's ~144M / ~22M are its rates
# times elapsed), so tlb_irqs has no verdict
SEED_LRU = {
    "lru4": {"elapsed_s": (159.62, 120.68), "sys_s": (5804.93, 4111.76),
             "tlb_irqs_per_s": (900e3, 180e3),
             "time_range_s": (30.59, 2.80), "time_stddev_s": (6.70, 0.64)},
    "lru1": {"elapsed_s": (25.33, 20.38), "sys_s": (111.82, 76.56),
             "tlb_irqs_per_s": (500e3, 45e3), "time_range_s": (0.91, 1.44),
             "time_stddev_s": (0.28, 0.47)},
}
LRU_SCENARIO = {"lru1": "scenarios/seed001-lru-file-mmap-read-1node.ini",
                "lru4": "scenarios/seed001-lru-file-mmap-read.ini"}
MADVISE09 = [  # label, --set
    ("inactive_file, swap", ["policy.lazyfree=inactive_file"]),
    ("anon_lru, swap", ["policy.lazyfree=anon_lru"]),
    ("none, swap", ["policy.lazyfree=none"]),
    ("inactive_file, no swap", ["policy.lazyfree=inactive_file", "machine.swap=0"]),
    ("anon_lru, no swap", ["policy.lazyfree=anon_lru", "machine.swap=0"]),
]
ORACLE_COUNTERS = ["pglazyfree", "pglazyfreed", "discarded_pages", "intact_rewritten_pages",
                   "oom_kill", "pgscan_file", "pgsteal_file", "lazyfree_kb_after_madvise"]


def grid(args, scenario, axes, sets=(), seeds=None):
    """The runs of @scenario over @axes ([(key, [values])], a product, the
    last varying fastest) with [set] @sets, seeds --seed.. (--runs; @seeds:
    (first, last)), as one `reclaimsim sweep` grid, --jobs at a time.
    Returns {values of the point: [run --json's figures, flattened
    (docs/compare.md), per seed in order]}."""
    first, last = seeds or (args.seed, args.seed + args.runs - 1)
    text = ("; tools/seed001.py\n[sweep]\nscenario = %s\nseeds = %d..%d\n[set]\n%s[grid]\n%s"
            % (scenario, first, last, "".join("%s = %s\n" % tuple(x.split("=", 1)) for x in sets),
               "".join("%s = %s\n" % (k, ", ".join(str(v) for v in vals)) for k, vals in axes)))
    args.grids += 1
    res = {}
    for l in sweep(args.reclaimsim, text, args.tmp, "seed001-%d" % args.grids, args.jobs):
        res.setdefault(tuple(l["keys"][k] for k, _ in axes), []).append(l["figures"])
    return res


def per_seed(values):
    """'a' when every seed gives a, else 'a, b, c'"""
    vals = [v if isinstance(v, str) else "%g" % v for v in values]
    return vals[0] if len(set(vals)) == 1 else ", ".join(vals)


def ltp_verdict(w):
    """LTP madvise09's verdict from the workload's figures"""
    if w["madvise_ret"] != 0:
        return "TCONF"
    ok = (w["peek_intact"] == 1 and w["discarded_pages"] > 0 and w["corrupted_pages"] == 0
          and w["intact_rewritten_pages"] == 2)
    return "PASS" if ok else "FAIL"


def madvise09(args):
    print("## madvise09 (scenarios/ltp-madvise09.ini), seeds %d..%d, one run each"
          % (args.seed, args.seed + args.runs - 1))
    cols = ["madvise_ret", "peek_intact", "rss_kb_after_madvise", "lazyfree_kb_after_madvise",
            "lazyfree_kb_after_rewrite", "discarded_pages", "intact_rewritten_pages",
            "corrupted_pages", "pressure_rounds", "pressure_oom_kills"]
    vm = ["pglazyfree", "pglazyfreed", "pswpout"]
    runs = {}
    for swap in ("", "machine.swap=0"):
        lazy = [l for l, sets in MADVISE09 if ("machine.swap=0" in sets) == bool(swap)]
        res = grid(args, "scenarios/ltp-madvise09.ini",
                   [("policy.lazyfree", [l.split(",")[0] for l in lazy])], [swap] if swap else [])
        runs.update({l: res[(l.split(",")[0],)] for l in lazy})
    for label, _ in MADVISE09:
        docs = runs[label]
        ws = [{c: d["workloads.madvise09." + c] for c in cols if "workloads.madvise09." + c in d}
              for d in docs]
        print("%s:" % label)
        for c in cols:
            print("  %-28s %s" % (c, per_seed([w.get(c, "-") for w in ws])))
        for c in vm:
            print("  %-28s %s" % (c, per_seed([d["vmstat." + c] for d in docs])))
        print("  %-28s %s" % ("LTP", ", ".join(sorted(set(ltp_verdict(w) for w in ws)))))
    print()


def oracle(args):
    out = subprocess.run([args.reclaimsim, "oracle", "--dir", ROOT, "--only", "madvfree",
                          "--json"], check=True, stdout=subprocess.PIPE).stdout
    doc = json.loads(out)
    print("## oracle madvfree: kernel mean / sim mean (sim per seed)")
    for cfg in doc["configs"]:
        print("%s:" % cfg["name"])
        for c in ORACLE_COUNTERS:
            r = cfg["counters"].get(c)
            if r is None:
                continue
            print("  %-28s %g / %g (%s)" % (c, r["kernel"]["mean"], r["sim"],
                                           per_seed(r["sim_runs"]["values"])))
    print()


def monitor(args):
    print("## madvfree-monitor (scenarios/madvfree-monitor.ini), seeds %d..%d"
          % (args.seed, args.seed + args.runs - 1))
    pols = ("inactive_file", "anon_lru")
    res = grid(args, "scenarios/madvfree-monitor.ini", [("policy.lazyfree", pols)])
    for pol in pols:
        docs = res[(pol,)]
        print("%s:" % pol)
        for c in ("rss_kb_after_fill", "rss_kb_after_madvise", "lazyfree_kb_after_madvise"):
            print("  %-28s %s" % (c, per_seed([d["workloads.lazy." + c] for d in docs])))
        for c in ("pglazyfreed", "pswpout", "oom_kill"):
            print("  %-28s %s" % (c, per_seed([d["vmstat." + c] for d in docs])))
    print()


def verdict(seed_a, seed_b, ours_a, ours_b):
    """REMEASURE.md's headline rule: ours moves the seed's way and our B/A
    is within x1.5 of the seed's"""
    seed_r, ours_r = seed_b / seed_a, ours_b / ours_a
    same_way = (seed_r > 1) == (ours_r > 1) and ours_r != 1
    ok = same_way and 1 / 1.5 <= ours_r / seed_r <= 1.5
    return "reproduced" if ok else "not reproduced"


def stats(values):
    n = len(values)
    avg = sum(values) / n
    return avg, math.sqrt(sum((v - avg) ** 2 for v in values) / n)


def ebizzy(args):
    print("## ebizzy (scenarios/seed001-ebizzy.ini), records/s avg (std) over seeds %d..%d"
          % (args.seed, args.seed + args.runs - 1))
    print("| threads | seed dontneed | seed free | seed free/dontneed | model dontneed "
          "| model free | model free/dontneed | verdict |")
    print("|---|---|---|---|---|---|---|---|")
    runs = grid(args, "scenarios/seed001-ebizzy.ini", [("workload.ebizzy.threads", args.threads),
                                                       ("workload.ebizzy.purge", ("dontneed", "free"))])
    for t in args.threads:
        res = {purge: stats([d["workloads.ebizzy.records_per_s"] for d in runs[(str(t), purge)]])
               for purge in ("dontneed", "free")}
        s = SEED_EBIZZY[t]
        dn, fr = res["dontneed"], res["free"]
        print("| %d | %.1f (%.2f) | %.1f (%.2f) | %.2f | %.0f (%.0f) | %.0f (%.0f) | %.2f | %s |"
              % (t, s[0], s[1], s[2], s[3], s[2] / s[0], dn[0], dn[1], fr[0], fr[1],
                 fr[0] / dn[0], verdict(s[0], s[2], dn[0], fr[0])))
    print()


def lru(args, which):
    print("## lru-file-mmap-read (%s), seed %d, one run a side" % (LRU_SCENARIO[which], args.seed))
    runs = grid(args, LRU_SCENARIO[which], [("policy.tlb_flush", ("per_page", "batched"))],
                seeds=(args.seed, args.seed))
    res = {p: {k[len("workloads.readers."):]: v for k, v in runs[(p,)][0].items()
               if k.startswith("workloads.readers.")} for p in ("per_page", "batched")}
    print("| figure | seed vanilla | seed batched | seed B/A | sim per_page | sim batched "
          "| sim B/A | verdict |")
    print("|---|---|---|---|---|---|---|---|")
    for f in ("elapsed_s", "sys_s", "tlb_irqs_per_s", "tlb_irqs", "time_range_s",
              "time_stddev_s"):
        a, b = res["per_page"][f], res["batched"][f]
        seed = SEED_LRU[which].get(f)
        sd = ("%g | %g | %.3f" % (seed[0], seed[1], seed[1] / seed[0])) if seed else " | | "
        print("| %s | %s | %.4g | %.4g | %.3f | %s |"
              % (f, sd, a, b, b / a, verdict(seed[0], seed[1], a, b) if seed else "-"))
    print()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reclaimsim", default=RECLAIMSIM)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", default="1,2,4,8,16,32")
    ap.add_argument("--only", default="madvise09,oracle,monitor,ebizzy,lru1")
    ap.add_argument("--jobs", type=int, default=0, help="runs at a time (default: the CPU count)")
    args = ap.parse_args()
    args.grids = 0
    args.threads = [int(t) for t in args.threads.split(",")]
    for t in args.threads:
        if t not in SEED_EBIZZY:
            raise ValueError("--threads: %d is not one of the seed's %s"
                             % (t, sorted(SEED_EBIZZY)))
    sections = {"madvise09": madvise09, "oracle": oracle, "monitor": monitor,
                "ebizzy": ebizzy, "lru1": lambda a: lru(a, "lru1"),
                "lru4": lambda a: lru(a, "lru4")}
    for name in args.only.split(","):
        if name not in sections:
            raise ValueError("--only: unknown section %s (%s)" % (name, ", ".join(sections)))
    with tempfile.TemporaryDirectory(prefix="seed001-") as args.tmp:
        for name in args.only.split(","):
            sections[name](args)
    return 0


if __name__ == "__main__":
    run_main(main)

#!/usr/bin/env python3
"""Regenerate the tables of docs/seed000.md from a reclaimsim binary.

usage: tools/seed000.py BIN OUTDIR [TABLE ...] [--jobs N]

BIN "-" runs nothing: the tables of the JSON already in OUTDIR.  Runs each table's `reclaimsim compare ... --json` (skipped when
OUTDIR/TABLE.json exists, so an interrupted run resumes), then prints the
tables as markdown, avg (min-max) over the seeds, issue 21's gate and the
headline rows (the seed's A and B beside ours, B/A, and the verdict of
docs/seed000.md "Headline rows").  TABLE is one of the names in TABLES;
none: all of them.  Run it niced: the IA64 tables take minutes of CPU.
--jobs N: each compare's runs at a time (default compare's: the CPU count).
"""
import json
import os
import subprocess
import sys

THROTTLE = "policy.reclaim_throttle="
IA64 = "scenarios/seed000-ia64.ini"

# The reference rules, costs and file-fault keys of before this session's
# history (e4d0e0c, aa12e8c), cpu (fe4fb5f) and mmapra (e74854b) branches:
# the v6.12 rules the 2.6.25 profile had, the [cost] defaults of 9987a7a,
# and v6.12's file-fault keys (the nearest to 9987a7a's fault path, which
# had no read-around of its own)
PREV_REFS = ["--set", "policy.mapped_use_once=anon_and_file",
             "--set", "policy.refault_activation=all",
             "--set", "policy.vm_exec_activation=first_use"]
PREV_COST = ["--set", "cost.socket_msg_ns=2us", "--set", "cost.pagecache_insert_ns=1us"]
PREV_MMAP = ["--set", "policy.mmap_readahead=async", "--set", "policy.fault_around_bytes=64K",
             "--set", "policy.mmap_miss_hits=not_workingset",
             "--set", "policy.seq_read_references=skipped"]
# sched28 (a9db331, 02acfbb): the count-based balancer 2.6.25 had before
PREV_SCHED = ["--set", "policy.sched_load_balance=nr_running"]
# sysswap (84e14fa): the swap write's and the swap-cache free's CPU,
# charged to the reclaimer, set back to nothing as before it
PREV_SWAP = ["--set", "cost.swap_writepage_ns=0", "--set", "cost.swap_remove_mapping_ns=0"]
# cpucost (0613f8d, 049bf03): lru_lock_ns before its measurement, and no
# exec'd program's start
PREV_CPU = ["--set", "cost.lru_lock_ns=40ns", "--set", "cost.exec_ns=0"]
# livelock (dafaa95): sysctl thp's min_free_kbytes raise on 2.6.25 as before
PREV_THP = ["--set", "policy.thp_support=khugepaged"]

# reqcpu (9f55baf, e8172a3): a block request's CPU set back to nothing,
# and swap_writepage_ns to its value before reqcpu split the submission out
PREV_REQCPU = ["--set", "cost.blk_submit_ns=0", "--set", "cost.blk_complete_ns=0",
               "--set", "cost.blk_complete_page_ns=0",
               "--set", "cost.swap_writepage_ns=1827ns"]
# ia64 (be9cf05, 1602f01): x86_64's zones (DMA, DMA32, Normal) as the
# scenarios had, and 2.6.23's zonelists without node_load's reset
PREV_ARCH = ["--set", "machine.arch=x86_64"]
PREV_ZL = ["--set", "policy.zonelist_node_load=assign"]
# The fourth session of 2026-12-07 (integ 8221adc), each change's old
# behaviour: hist25 (5ca68cf) 2.6.25's unsaved small scan counts and
# kswapd's sleep order by what it reclaimed; hb000 (a745f9e, 9c68c7d)
# hackbench's task before its measurement (IA64 scenarios only);
# swapcpu (047917b) no I/O sleep's switch and no swap-in path CPU;
# memcgcost (bbb0cf0) the walk costs before their measurement
PREV_HIST25 = ["--set", "policy.scan_batch=none",
               "--set", "policy.kswapd_sleep_order=reclaimed"]
PREV_HB = ["--set", "workload.hackbench.footprint=1856K",
           "--set", "workload.hackbench.kernel_footprint=64K"]
PREV_SWAPCPU = ["--set", "cost.io_switch_ns=0", "--set", "cost.swapin_major_ns=0",
                "--set", "cost.swapin_page_ns=0"]
PREV_MEMCGCOST = ["--set", "cost.memcg_iter_ns=300ns", "--set", "cost.empty_lruvec_ns=0"]
PREV_S4 = PREV_HIST25 + PREV_SWAPCPU + PREV_MEMCGCOST

# name: (scenario, [(side name, assignments)], extra args)
TABLES = {
    "ia64": (IA64, [("none", "none"), ("global", "global")], ["--runs", "3"]),
    "ia64-wl0": (IA64, [("none", "none"), ("global", "global")],
                 ["--runs", "3", "--set", "run.wakeup_latency=0"]),
    "memcg": ("scenarios/seed000-ia64-memcg.ini",
              [("none", "none"), ("global", "global")], ["--runs", "3"]),
    "memcg-wl0": ("scenarios/seed000-ia64-memcg.ini",
                  [("none", "none"), ("global", "global")],
                  ["--runs", "3", "--set", "run.wakeup_latency=0"]),
    "emb-swap-240": ("scenarios/seed000-embedded-swap-240.ini",
                     [("none", "none"), ("global", "global")], ["--runs", "3"]),
    "emb-swap-240-10": ("scenarios/seed000-embedded-swap-240.ini",
                        [("none", "none"), ("global", "global")], ["--runs", "10"]),
    "emb-swap-240-nojitter": ("scenarios/seed000-embedded-swap-240.ini",
                              [("none", "none"), ("global", "global")],
                              ["--set", "run.jitter=off"]),
    "emb-noswap-200": ("scenarios/seed000-embedded-noswap-200.ini",
                       [("none", "none"), ("global", "global")], ["--runs", "3"]),
    "emb-noswap-240": ("scenarios/seed000-embedded-noswap-240.ini",
                       [("none", "none"), ("global", "global")], ["--runs", "3"]),
    "emb-noswap-240-nojitter": ("scenarios/seed000-embedded-noswap-240.ini",
                                [("none", "none"), ("global", "global")],
                                ["--set", "run.jitter=off"]),
    "sens-vma": (IA64, [("none", "none"), ("global", "global")],
                 ["--set", "policy.swap_readahead=vma"]),
    "sens-rmap300": (IA64, [("none", "none"), ("global", "global")],
                     ["--set", "cost.rmap_vma_ns=300ns"]),
    # issue 22's [cost] defaults set back to the ones before it (7a926fe)
    # 2.6.x's queue plug (modelled; the 2.6.25 profile keeps blk_plug = none)
    "sens-plug": (IA64, [("none", "none"), ("global", "global")],
                  ["--set", "policy.blk_plug=queue"]),
    "ia64-plug": (IA64, [("none", "none"), ("global", "global")],
                  ["--runs", "3", "--set", "policy.blk_plug=queue"]),
    "emb-swap-240-plug": ("scenarios/seed000-embedded-swap-240.ini",
                          [("none", "none"), ("global", "global")],
                          ["--runs", "3", "--set", "policy.blk_plug=queue"]),
    "oldcost": (IA64, [("none", "none"), ("global", "global")],
                ["--set", "cost.user_touch_ns=20ns", "--set", "cost.fault_ns=1800ns",
                 "--set", "cost.zero_page_ns=400ns", "--set", "cost.copy_page_ns=300ns",
                 "--set", "cost.free_ns=100ns", "--set", "cost.syscall_ns=200ns",
                 "--set", "cost.pte_ns=60ns", "--set", "cost.tlb_ipi_ns=3us",
                 "--set", "cost.tlb_irq_ns=1us", "--set", "cost.context_switch_ns=0"]),
    # this session's moves, each set back on the final tree (the keys
    # and costs the 2.6.25 profile had at 9987a7a); IA64 seed 1 only
    "emb-swap-240-prevrefs": ("scenarios/seed000-embedded-swap-240.ini",
                              [("none", "none"), ("global", "global")],
                              ["--runs", "3"] + PREV_REFS),
    "emb-swap-240-prevcost": ("scenarios/seed000-embedded-swap-240.ini",
                              [("none", "none"), ("global", "global")],
                              ["--runs", "3"] + PREV_COST),
    "emb-swap-240-prevmmap": ("scenarios/seed000-embedded-swap-240.ini",
                              [("none", "none"), ("global", "global")],
                              ["--runs", "3"] + PREV_MMAP),
    "emb-swap-240-prevboth": ("scenarios/seed000-embedded-swap-240.ini",
                              [("none", "none"), ("global", "global")],
                              ["--runs", "3"] + PREV_REFS + PREV_COST),
    "ia64-s1": (IA64, [("none", "none"), ("global", "global")], []),
    "ia64-s1-prevrefs": (IA64, [("none", "none"), ("global", "global")], PREV_REFS),
    "ia64-s1-prevcost": (IA64, [("none", "none"), ("global", "global")], PREV_COST),
    "ia64-s1-prevmmap": (IA64, [("none", "none"), ("global", "global")], PREV_MMAP),
    "ia64-s1-prevboth": (IA64, [("none", "none"), ("global", "global")],
                         PREV_REFS + PREV_COST),
    # this session's (integ 9fee5b0) changes that reach 2.6.25, set back:
    # the i_mmap lock as v3.19's rwsem taken shared (tbench branch,
    # 1259f9b: 2.6.x's i_mmap_lock spinlock is exclusive)
    "ia64-immap-read": (IA64, [("none", "none"), ("global", "global")],
                        ["--runs", "3", "--set", "policy.i_mmap_lock=read"]),
    # the session of sched28 and text (integ a8b79cc): its changes set
    # back where a key selects the old behaviour: sched28's balancer
    # (2.6.25's profile had the count-based one); the text branch's
    # mapping has no key
    "ia64-prevsched": (IA64, [("none", "none"), ("global", "global")],
                       ["--runs", "3"] + PREV_SCHED),
    "memcg-prevsched": ("scenarios/seed000-ia64-memcg.ini",
                        [("none", "none"), ("global", "global")],
                        ["--runs", "3"] + PREV_SCHED),
    "ia64-wl0-prevsched": (IA64, [("none", "none"), ("global", "global")],
                           ["--runs", "3", "--set", "run.wakeup_latency=0"] + PREV_SCHED),
    "emb-swap-240-prevsched": ("scenarios/seed000-embedded-swap-240.ini",
                               [("none", "none"), ("global", "global")],
                               ["--runs", "3"] + PREV_SCHED),
    "2node-prevsched": ("scenarios/seed000-ia64-2node.ini",
                        [("none", "none"), ("per_zone", "per_zone"), ("global", "global")],
                        PREV_SCHED),
    # the session of sysswap, hist310, ddbuf, swapact, shadow and speed
    # (integ 79a3ea0): the swap CPU costs set back
    "ia64-prevswap": (IA64, [("none", "none"), ("global", "global")],
                      ["--runs", "3"] + PREV_SWAP),
    "ia64-wl0-prevswap": (IA64, [("none", "none"), ("global", "global")],
                          ["--runs", "3", "--set", "run.wakeup_latency=0"] + PREV_SWAP),
    "memcg-prevswap": ("scenarios/seed000-ia64-memcg.ini",
                       [("none", "none"), ("global", "global")], ["--runs", "3"] + PREV_SWAP),
    "emb-swap-240-prevswap": ("scenarios/seed000-embedded-swap-240.ini",
                              [("none", "none"), ("global", "global")],
                              ["--runs", "3"] + PREV_SWAP),
    "emb-noswap-240-prevswap": ("scenarios/seed000-embedded-noswap-240.ini",
                                [("none", "none"), ("global", "global")],
                                ["--runs", "3"] + PREV_SWAP),
    "2node-prevswap": ("scenarios/seed000-ia64-2node.ini",
                       [("none", "none"), ("per_zone", "per_zone"), ("global", "global")],
                       PREV_SWAP),
    # the session of livelock, cpucost, newcomer and the rest (integ
    # 692e400): lru_lock_ns and exec_ns set back, THP's raise set back
    "ia64-prevcpu": (IA64, [("none", "none"), ("global", "global")],
                     ["--runs", "3"] + PREV_CPU),
    "ia64-s1-prevthp": (IA64, [("none", "none")], PREV_THP),
    "emb-swap-240-prevcpu": ("scenarios/seed000-embedded-swap-240.ini",
                             [("none", "none"), ("global", "global")],
                             ["--runs", "3"] + PREV_CPU),
    "emb-noswap-240-prevcpu": ("scenarios/seed000-embedded-noswap-240.ini",
                               [("none", "none"), ("global", "global")],
                               ["--runs", "3"] + PREV_CPU),
    "emb-noswap-200-prevcpu": ("scenarios/seed000-embedded-noswap-200.ini",
                               [("none", "none"), ("global", "global")],
                               ["--runs", "3"] + PREV_CPU),
    # the session of soft310, reqcpu, ia64, tbench and the rest (integ
    # 6558276): the request CPU set back, the zones set back, both
    "ia64-prevreqcpu": (IA64, [("none", "none"), ("global", "global")],
                        ["--runs", "3"] + PREV_REQCPU),
    "ia64-prevarch": (IA64, [("none", "none"), ("global", "global")],
                      ["--runs", "3"] + PREV_ARCH),
    "ia64-prevboth2": (IA64, [("none", "none"), ("global", "global")],
                       ["--runs", "3"] + PREV_REQCPU + PREV_ARCH),
    "ia64-wl0-prevreqcpu": (IA64, [("none", "none"), ("global", "global")],
                            ["--runs", "3", "--set", "run.wakeup_latency=0"] + PREV_REQCPU),
    "ia64-wl0-prevboth2": (IA64, [("none", "none"), ("global", "global")],
                           ["--runs", "3", "--set", "run.wakeup_latency=0"]
                           + PREV_REQCPU + PREV_ARCH),
    "emb-swap-240-prevreqcpu": ("scenarios/seed000-embedded-swap-240.ini",
                                [("none", "none"), ("global", "global")],
                                ["--runs", "3"] + PREV_REQCPU),
    "emb-noswap-240-prevreqcpu": ("scenarios/seed000-embedded-noswap-240.ini",
                                  [("none", "none"), ("global", "global")],
                                  ["--runs", "3"] + PREV_REQCPU),
    "emb-noswap-200-prevreqcpu": ("scenarios/seed000-embedded-noswap-200.ini",
                                  [("none", "none"), ("global", "global")],
                                  ["--runs", "3"] + PREV_REQCPU),
    "memcg-prevreqcpu": ("scenarios/seed000-ia64-memcg.ini",
                         [("none", "none"), ("global", "global")],
                         ["--runs", "3"] + PREV_REQCPU),
    "memcg-prevboth2": ("scenarios/seed000-ia64-memcg.ini",
                        [("none", "none"), ("global", "global")],
                        ["--runs", "3"] + PREV_REQCPU + PREV_ARCH),
    "2node-prevreqcpu": ("scenarios/seed000-ia64-2node.ini",
                         [("none", "none"), ("per_zone", "per_zone"), ("global", "global")],
                         ["--runs", "3"] + PREV_REQCPU),
    "2node-prevzl": ("scenarios/seed000-ia64-2node.ini",
                     [("none", "none"), ("per_zone", "per_zone"), ("global", "global")],
                     ["--runs", "3"] + PREV_ZL),
    "2node-prevall2": ("scenarios/seed000-ia64-2node.ini",
                       [("none", "none"), ("per_zone", "per_zone"), ("global", "global")],
                       PREV_REQCPU + PREV_ARCH + PREV_ZL),
    "2node": ("scenarios/seed000-ia64-2node.ini",
              [("none", "none"), ("per_zone", "per_zone"), ("global", "global")],
              ["--runs", "3"]),
    "ia64-prevhist25": (IA64, [("none", "none"), ("global", "global")],
                        ["--runs", "3"] + PREV_HIST25),
    "ia64-prevhb": (IA64, [("none", "none"), ("global", "global")],
                    ["--runs", "3"] + PREV_HB),
    "ia64-prevswapcpu": (IA64, [("none", "none"), ("global", "global")],
                         ["--runs", "3"] + PREV_SWAPCPU),
    "ia64-prevmemcgcost": (IA64, [("none", "none"), ("global", "global")],
                           ["--runs", "3"] + PREV_MEMCGCOST),
    "ia64-prevall4": (IA64, [("none", "none"), ("global", "global")],
                      ["--runs", "3"] + PREV_S4 + PREV_HB),
    "memcg-prevhb": ("scenarios/seed000-ia64-memcg.ini",
                     [("none", "none"), ("global", "global")],
                     ["--runs", "3", "--set", "workload.hackbench.groups=93"] + PREV_HB),
    "memcg-prevall4": ("scenarios/seed000-ia64-memcg.ini",
                       [("none", "none"), ("global", "global")],
                       ["--runs", "3", "--set", "workload.hackbench.groups=93"]
                       + PREV_S4 + PREV_HB),
    "2node-prevall4": ("scenarios/seed000-ia64-2node.ini",
                       [("none", "none"), ("per_zone", "per_zone"), ("global", "global")],
                       ["--runs", "3"] + PREV_S4 + PREV_HB),
    "emb-swap-240-prevhist25": ("scenarios/seed000-embedded-swap-240.ini",
                                [("none", "none"), ("global", "global")],
                                ["--runs", "3"] + PREV_HIST25),
    "emb-swap-240-prevswapcpu": ("scenarios/seed000-embedded-swap-240.ini",
                                 [("none", "none"), ("global", "global")],
                                 ["--runs", "3"] + PREV_SWAPCPU),
    "emb-swap-240-prevmemcgcost": ("scenarios/seed000-embedded-swap-240.ini",
                                   [("none", "none"), ("global", "global")],
                                   ["--runs", "3"] + PREV_MEMCGCOST),
    "emb-swap-240-prevall4": ("scenarios/seed000-embedded-swap-240.ini",
                              [("none", "none"), ("global", "global")],
                              ["--runs", "3"] + PREV_S4),
    "emb-noswap-240-prevhist25": ("scenarios/seed000-embedded-noswap-240.ini",
                                  [("none", "none"), ("global", "global")],
                                  ["--runs", "3"] + PREV_HIST25),
    "emb-noswap-240-prevall4": ("scenarios/seed000-embedded-noswap-240.ini",
                                [("none", "none"), ("global", "global")],
                                ["--runs", "3"] + PREV_S4),
    "emb-noswap-200-prevall4": ("scenarios/seed000-embedded-noswap-200.ini",
                                [("none", "none"), ("global", "global")],
                                ["--runs", "3"] + PREV_S4),
}

# (label, key, scale); key a path into one run's JSON
FIGURES = [
    ("hackbench Time (s)", "workloads.hackbench.time_s", 1),
    ("before hackbench's clock (s)", "workloads.hackbench.start_s", 1),
    ("elapsed (s)", "time.elapsed_s", 1),
    ("user (s)", "time.user_s", 1),
    ("sys (s)", "time.sys_s", 1),
    ("major faults", "time.major_faults", 1),
    ("max parallel reclaimers", "reclaim.max_parallel_reclaimers", 1),
    ("max try_to_free_pages (s)", "reclaim.max_try_to_free_pages_ns", 1e-9),
    ("pages swapped out", "vmstat.pswpout", 1),
    ("pages swapped in", "vmstat.pswpin", 1),
    ("OOM kills", "reclaim.oom_kills", 1),
    # the swap disk (sdb; sda holds the files)
    ("swap write requests", "diskstats.sdb.writes", 1),
    ("swap disk busy (io_ticks, s)", "diskstats.sdb.io_ticks_ms", 1e-3),
]

# The seed's figures, A = none, B = throttled: (table, label, A, B); A or
# B None where the seed gives none; "noise" rows: the seed's change is
# within noise.
SEED = [
    ("ia64", "hackbench Time (s)", 282.30, 30.36),
    ("ia64", "before hackbench's clock (s)", 432.93 - 282.30, 118.01 - 30.36),
    ("ia64", "elapsed (s)", 432.93, 118.01),
    ("ia64", "user (s)", 14.16, 14.26),
    ("ia64", "sys (s)", 1248.47, 294.44),
    ("ia64", "major faults", 29026, 3064),
    ("ia64", "max parallel reclaimers", 1298, 4),
    ("ia64", "max try_to_free_pages (s)", 70394, 12234),
    ("emb-swap-240", "hackbench Time (s)", 121.7, 67.8),
    ("emb-swap-240", "elapsed (s)", 123.8, 69.9),
    ("emb-swap-240", "major faults", 230, 16),
    ("emb-swap-240", "max parallel reclaimers", 56, 4),
    ("emb-swap-240", "max try_to_free_pages (s)", 10811, 6419),
    ("emb-noswap-200", "hackbench Time (s)", 12.59, 11.54),
    ("emb-noswap-200", "elapsed (s)", 14.22, 13.16),
    ("emb-noswap-200", "major faults", 20, 18),
    ("emb-noswap-200", "max parallel reclaimers", 30, 4),
]
NOISE = 0.05  # a change of at most 5 % either way is "within noise"


def get(run, key):
    """The figure KEY of one run; None when absent (an unfinished run)."""
    node = run
    for part in key.split(".")[:-1]:
        node = node.get(part, {})
    return node.get(key.split(".")[-1])


def values(side, key, scale):
    out = []
    for run in side["runs"]:
        value = get(run, key)
        hb = run["workloads"]["hackbench"]
        if key.startswith("workloads.") and not hb["finished"]:
            value = None
        # an OOM-killed (broken) run reports a hackbench time of 0
        if key == "workloads.hackbench.time_s" and hb.get("broken"):
            value = None
        out.append(None if value is None else value * scale)
    return out


def fmt(x, count=False):
    if x is None:
        return "-"
    if count or abs(x) >= 1000 or float(x).is_integer():
        return "%.0f" % x
    if abs(x) >= 100:
        return "%.1f" % x
    if abs(x) >= 10:
        return "%.1f" % x
    return "%.2f" % x


def avg(vals):
    vals = [v for v in vals if v is not None]
    return sum(vals) / len(vals) if vals else None


def cell(vals, count=False):
    done = [v for v in vals if v is not None]
    if not done:
        return "-"
    text = fmt(avg(done), count)
    if len(vals) > 1 and min(done) != max(done):
        text += " (%s-%s)" % (fmt(min(done), count), fmt(max(done), count))
    if len(done) < len(vals):
        text += " [%d of %d]" % (len(done), len(vals))
    return text


def run_table(binary, outdir, name, jobs):
    path = os.path.join(outdir, name + ".json")
    if os.path.exists(path):
        print("# %s: reusing %s (delete it to re-run)" % (name, path),
              file=sys.stderr, flush=True)
        return
    scenario, sides, extra = TABLES[name]
    cmd = ["nice", binary, "compare", scenario, "--json", "--quiet"]
    if jobs:
        cmd += ["--jobs", jobs]
    for side, value in sides:
        cmd += ["--side", "%s:%s%s" % (side, THROTTLE, value)]
    cmd += extra
    print("#", " ".join(cmd), file=sys.stderr, flush=True)
    out = subprocess.run(cmd, check=True, stdout=subprocess.PIPE).stdout
    with open(path + ".tmp", "wb") as f:
        f.write(out)
    os.rename(path + ".tmp", path)


def load(outdir, name):
    path = os.path.join(outdir, name + ".json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def print_table(name, data):
    sides = list(data.keys())
    print("### %s (%s; %s)\n" % (name, TABLES[name][0], " ".join(TABLES[name][2])))
    print("| figure | " + " | ".join(sides) + " | change |")
    print("|---" * (len(sides) + 2) + "|")
    for label, key, scale in FIGURES:
        cols = [values(data[s], key, scale) for s in sides]
        if all(v is None for c in cols for v in c):
            continue
        a, b = avg(cols[0]), avg(cols[-1])
        change = "-" if not a or b is None else "%+.0f %%" % ((b - a) / a * 100)
        count = not key.endswith(("_s", "_ns", "_ms"))
        print("| %s | %s | %s |" % (label, " | ".join(cell(c, count) for c in cols), change))
    per_seed = []
    for s in sides:
        hb = [run["workloads"]["hackbench"] for run in data[s]["runs"]]
        per_seed.append("%s: %s" % (s, ", ".join(
            "seed %d %s%s" % (run["seed"], "finished" if h["finished"] else "unfinished",
                              "" if not run["reclaim"]["oom_kills"] else
                              ", %d OOM kills" % run["reclaim"]["oom_kills"])
            for run, h in zip(data[s]["runs"], hb))))
    print("\n" + "; ".join(per_seed) + "\n")


def verdict(sa, sb, oa, ob):
    """The headline-row verdict and our (B/A) / seed (B/A)."""
    if oa is None or ob is None or not oa or not sa:
        return "not reproduced", None
    seed_ratio, ours_ratio = sb / sa, ob / oa
    rel = ours_ratio / seed_ratio
    if abs(seed_ratio - 1) <= NOISE:
        ok = abs(ours_ratio - 1) <= NOISE
    else:
        same_way = (ours_ratio < 1) == (seed_ratio < 1) and ours_ratio != 1
        ok = same_way and 1 / 1.5 <= rel <= 1.5
    return ("reproduced" if ok else "not reproduced"), rel


def headline(outdir):
    print("### Headline rows\n")
    print("| table | figure | seed A | seed B | seed B/A | ours A | ours B | ours B/A "
          "| ours / seed | verdict |")
    print("|---" * 10 + "|")
    count = total = 0
    for table, label, sa, sb in SEED:
        data = load(outdir, table)
        if data is None:
            continue
        key, scale = next((k, s) for l, k, s in FIGURES if l == label)
        sides = list(data.keys())
        oa = avg(values(data[sides[0]], key, scale))
        ob = avg(values(data[sides[-1]], key, scale))
        v, rel = verdict(sa, sb, oa, ob)
        total += 1
        count += v == "reproduced"
        print("| %s | %s | %g | %g | %.3f | %s | %s | %s | %s | %s |" % (
            table, label, round(sa, 2), round(sb, 2), sb / sa, fmt(oa), fmt(ob),
            "-" if not oa or ob is None else "%.3f" % (ob / oa),
            "-" if rel is None else "x%.2f" % rel, v))
    data = load(outdir, "emb-noswap-240")
    if data is not None:
        sides = list(data.keys())
        kills_a = [r["reclaim"]["oom_kills"] for r in data[sides[0]]["runs"]]
        kills_b = [r["reclaim"]["oom_kills"] for r in data[sides[-1]]["runs"]]
        ok = all(kills_a) and not any(kills_b)
        total += 1
        count += ok
        print("| emb-noswap-240 | outcome | OOM kill | completes | - | OOM kill in %d of %d "
              "seeds | OOM kill in %d of %d seeds | - | - | %s |" % (
                  sum(1 for k in kills_a if k), len(kills_a),
                  sum(1 for k in kills_b if k), len(kills_b),
                  "reproduced" if ok else "not reproduced"))
    print("\n%d of %d headline rows reproduced\n" % (count, total))


def gate(outdir):
    """Issue 21's gate on the IA64 run."""
    base, wl0 = load(outdir, "ia64"), load(outdir, "ia64-wl0")
    if base is None or wl0 is None:
        return
    print("### Issue 21's gate\n")
    e10 = values(base["none"], "time.elapsed_s", 1)
    e0 = values(wl0["none"], "time.elapsed_s", 1)
    for seed, (x, y) in enumerate(zip(e0, e10), 1):
        print("- vanilla elapsed, seed %d: %.1f s at 0, %.1f s at 10 us: %+.1f %%"
              % (seed, x, y, (y - x) / x * 100))
    print("- vanilla elapsed, avg: %.1f s at 0, %.1f s at 10 us: %+.1f %%"
          % (avg(e0), avg(e10), (avg(e10) - avg(e0)) / avg(e0) * 100))
    for label, key, seed_ratio in (("hackbench", "workloads.hackbench.time_s", 30.36 / 282.30),
                                   ("elapsed", "time.elapsed_s", 118.01 / 432.93)):
        ratio = avg(values(base["global"], key, 1)) / avg(values(base["none"], key, 1))
        print("- %s B/A %.3f (seed %.3f): x%.2f of the seed's" % (
            label, ratio, seed_ratio, ratio / seed_ratio))
    print("- throttled max parallel reclaimers: %s\n" % cell(
        values(base["global"], "reclaim.max_parallel_reclaimers", 1)))


def main():
    argv, jobs = sys.argv[1:], None
    if "--jobs" in argv:
        i = argv.index("--jobs")
        if i + 1 == len(argv):
            sys.exit(__doc__)
        jobs = argv[i + 1]
        del argv[i:i + 2]
    if len(argv) < 2:
        sys.exit(__doc__)
    binary, outdir = argv[0], argv[1]
    names = argv[2:] or list(TABLES)
    os.makedirs(outdir, exist_ok=True)
    for name in names if binary != "-" else []:
        run_table(binary, outdir, name, jobs)
    for name in TABLES:
        data = load(outdir, name)
        if data is not None:
            print_table(name, data)
    gate(outdir)
    headline(outdir)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Extract the real-kernel counters of shared/oracle/results into the small
committed file data/oracle/summary.json, which `reclaimsim oracle` and
tests/test_oracle.c read on a clean checkout without shared/.

For every configuration of anonfill, filewrite, fileread and madvfree it
writes the config name, its description and command,
the scenario file that mirrors it, and per counter the per-run values with
their min, max and mean.  Counters, in table order:

  memcg    failcnt, max_usage_in_bytes, oom_kill (memory.oom_control),
           pgmajfault, memcg_pgpgin, memcg_pgpgout, workingset_refault_anon,
           workingset_refault_file (memory.stat after minus before)
  vmstat   pgscan_anon, pgscan_file, pgsteal_anon, pgsteal_file, pswpin,
           pswpout (/proc/vmstat after minus before)
  run      exit_signal (9 when the program was OOM-killed: signal 9 or exit
           status 137, else 0), wall_s
  program  the program's own result line: anonfill retouch_majflt,
           retouch_minflt; fileread hot_miss_total, hot_miss_first,
           hot_miss_last (first and last entry of the per-pass list),
           hot_resident_final, stream_resident_final; madvfree (named as
           the madvise09 workload reports them, see MADVFREE_RESULT)
           unwritten_pages, discarded_pages, intact_unwritten_pages,
           intact_rewritten_pages, corrupted_pages (unwritten corrupted +
           rewritten discarded + rewritten corrupted), first/last
           discarded page, peek_intact, pressure_rounds, and the region's
           smaps LazyFree after the madvise and after the rewrite
  madvfree has the vmstat counters pglazyfree and pglazyfreed too, after
  wall_s and before its program figures.

pgmajfault is the memcg's own figure, not /proc/vmstat's: the oracle README
says the fault and I/O counters in /proc/vmstat include the host's
background noise, while the memcg counts only the workload.  A counter no
run has a value for (the program's result when it was OOM-killed before
printing it) is left out.  Lists (fileread's hot_miss per pass) go to
"lists" with element-wise min, max and mean.

Every figure that the oracle's own summary[] also holds is checked against
it, so that a wrong path in this script fails here instead of slipping into
the committed file.

The grid (data/oracle/results/<workload>/<config>.json, measured on the
machine the repo was developed on by data/oracle/src/run_grid.py) is read
the same way, after the nine shared configurations.  Its configurations
carry the kernel and machine they ran on ("kernel", "machine"), and each
gets a generated scenario, scenarios/grid/<workload>-<config>.ini, that
gives the model the same machine (CPUs, page size, zones' managed pages
and sysctls from the run's /proc, the swap file's usable pages from
/proc/swaps, the memcg's limits) and the same program parameters.  The
scenarios are rewritten on every run of this script.

Usage: tools/extract_oracle_summary.py [--oracle DIR] [--grid DIR] [--out FILE]
"""
import argparse
import json
import os
import re
import sys

# (workload, config) -> scenario mirroring it, relative to the repo root.
SCENARIOS = {
    ("anonfill", "fit_noswap"): "scenarios/anonfill-fit-noswap.ini",
    ("anonfill", "over_noswap"): "scenarios/anonfill-over-noswap.ini",
    ("anonfill", "over_swap_seq"): "scenarios/anonfill-over-swap-seq.ini",
    ("anonfill", "over_swap_seq_read"): "scenarios/anonfill-over-swap-seq-read.ini",
    ("filewrite", "lim64_4x"): "scenarios/filewrite-lim64.ini",
    ("fileread", "hot28"): "scenarios/fileread-hot28.ini",
    ("madvfree", "ltp_noswap"): "scenarios/madvfree-ltp-noswap.ini",
    ("madvfree", "ltp_swap"): "scenarios/madvfree-ltp-swap.ini",
    ("madvfree", "bulk_noswap"): "scenarios/madvfree-bulk-noswap.ini",
}
WORKLOADS = ["anonfill", "filewrite", "fileread", "madvfree"]

VMSTAT = ["pgscan_anon", "pgscan_file", "pgsteal_anon", "pgsteal_file", "pswpin", "pswpout"]
# vmstat counters of one workload only, after the common ones
VMSTAT_EXTRA = {"madvfree": ["pglazyfree", "pglazyfreed"]}

# madvfree's figures under the madvise09 workload's names: the result
# line's key (a tuple is summed), or the smaps phase holding LazyFree.
MADVFREE_RESULT = {
    "unwritten_pages": "unwritten_pages",
    "discarded_pages": "unwritten_discarded",
    "intact_unwritten_pages": "unwritten_intact",
    "intact_rewritten_pages": "rewritten_intact",
    "corrupted_pages": ("unwritten_corrupted", "rewritten_discarded", "rewritten_corrupted"),
    "first_discarded_page": "first_discarded_page",
    "last_discarded_page": "last_discarded_page",
    "peek_intact": "peek_intact",
    "pressure_rounds": "pressure_rounds",
}
MADVFREE_PHASE = {
    "lazyfree_kb_after_madvise": "madvised",
    "lazyfree_kb_after_rewrite": "rewritten",
}
# unit and compare kind of the program figures that are not page counts
PROGRAM_KIND = {
    "intact_rewritten_pages": ("pages", "exact"),
    "corrupted_pages": ("pages", "exact"),
    "first_discarded_page": ("page", "count"),
    "last_discarded_page": ("page", "count"),
    "peek_intact": ("flag", "exact"),
    "pressure_rounds": ("rounds", "exact"),
    "lazyfree_kb_after_madvise": ("KiB", "count"),
    "lazyfree_kb_after_rewrite": ("KiB", "count"),
}

# The program result figures each workload reports (hot_miss_first/last are
# derived from the per-pass list, see program_value()).
PROGRAM = {
    "anonfill": ["retouch_majflt", "retouch_minflt"],
    "filewrite": [],
    "fileread": ["hot_miss_total", "hot_miss_first", "hot_miss_last",
                 "hot_resident_final", "stream_resident_final"],
    "madvfree": list(MADVFREE_RESULT) + list(MADVFREE_PHASE),
}

# Our counter name -> the oracle summary[] key holding the same figure.
SUMMARY_KEY = {
    "failcnt": "failcnt",
    "oom_kill": "oom_kill",
    "pgmajfault": "memcg_pgmajfault",
    "memcg_pgpgin": "memcg_pgpgin",
    "memcg_pgpgout": "memcg_pgpgout",
    "workingset_refault_anon": "memcg_refault_anon",
    "workingset_refault_file": "memcg_refault_file",
    "wall_s": "wall_s",
    "retouch_majflt": "retouch_majflt",
    "retouch_minflt": "retouch_minflt",
    "hot_miss_total": "hot_miss_total",
    "hot_resident_final": "hot_resident_final",
    "stream_resident_final": "stream_resident_final",
    "pglazyfree": "pglazyfree",
    "pglazyfreed": "pglazyfreed",
    "unwritten_pages": "unwritten_pages",
    "discarded_pages": "unwritten_discarded",
    "intact_rewritten_pages": "rewritten_intact",
    "corrupted_pages": "corrupted",
    "first_discarded_page": "first_discarded_page",
    "last_discarded_page": "last_discarded_page",
    "peek_intact": "peek_intact",
    "pressure_rounds": "pressure_rounds",
    "lazyfree_kb_after_madvise": "lazyfree_kb_after_madvise",
    "lazyfree_kb_after_rewrite": "lazyfree_kb_after_rewrite",
}
SUMMARY_KEY.update({v: v for v in VMSTAT})


# The grid's workloads (data/oracle/results/<workload>/) and the program
# figures each reports: grid_mixed's and grid_nested's are their first
# process's, anonfill.  grid_nested's memcg counters are the parent's (the
# run's memcg, which holds the limit), like the others'.
GRID_WORKLOADS = ["grid_anon", "grid_hot", "grid_write", "grid_mixed", "grid_nested",
                  "grid_disk", "grid_mmap", "grid_overflow"]
PROGRAM.update({
    "grid_anon": PROGRAM["anonfill"],
    "grid_hot": PROGRAM["fileread"],
    "grid_write": [],
    "grid_mixed": PROGRAM["anonfill"],
    "grid_nested": PROGRAM["anonfill"],
    "grid_disk": [],
    "grid_mmap": [],
    "grid_overflow": PROGRAM["anonfill"],
})
# /proc/diskstats deltas of the scratch disk (runs that recorded them):
# our name -> run_grid.py's field
DISKSTATS = [("disk_reads", "reads"), ("disk_read_merges", "read_merges"),
             ("disk_sectors_read", "sectors_read"), ("disk_writes", "writes"),
             ("disk_write_merges", "write_merges"),
             ("disk_sectors_written", "sectors_written")]

# The disk of the runs that recorded diskstats (grid_disk, grid_mmap,
# grid_overflow), measured on the machine the grid ran on, 2026-12-06:
# dd iflag=direct inside a 256 MiB v1 memcg, a 512 MiB file on vda.
# 4 KiB reads at queue depth 1: 20,000 in 1.19-1.28 s (3 runs), 59-64 us
# each: the latency.  The bandwidth is the one the programs' reads get:
# buffered reads through readahead into large folios, 4 MiB requests about
# 4.5 in flight, which the virtio disk serves 2-3x faster than dd's 4 MiB
# direct reads (1.0-1.4 GB/s at depth 1-4: 1024 segments a request) --
# bench/disk-read.sh, bench/results/disk-read.txt.  The kernel's own
# diskstats of grid_disk/read_x8 (9 runs: data/oracle/results,
# results-runq, results-runq-2) give 512 MiB over a busy time (io_ticks)
# of 132-192 ms: 2,667-3,879 MiB/s, median 3,202 MiB/s, the figure here
# (was 1144M, the direct reads').  The model's device shares one bandwidth
# among the requests in flight, as that busy-time figure counts it.
# The 59-64 us a read is its wall, the reader's CPU in it: the model charges
# the request's submission and completion as CPU (blk_submit_ns,
# blk_complete_ns), so the device's latency is the reader's time asleep,
# less the completion's interrupt work and the 4 KiB transfer: a 4 KiB
# O_DIRECT read on vda sleeps 24.8-37.9 us (bench/majfault-cpu, 16 runs of
# 16,384 reads: bench/results/majfault-cpu.txt and reqcpu-profile.txt),
# median 30.5; less 2.7 and 1.2 us, 27 us (was 60 us, the wall).
VDA_LATENCY = "27us"
# The kick of that disk when it is idle: virtqueue_notify's write to the
# notify register, a VM exit.  A read to the idle disk costs its submitter
# 10.24 us (bench/results/reqcpu-profile.txt, 80-90 % of it the leaf
# iowrite16), the block layer's part with the kick suppressed ~1.7 us
# (blk_submit_ns: the reclaim's plug flush among requests in flight): the
# rest, 8.54 us (src/mm/swapfile.c, swap_kick).
VDA_KICK = "8540ns"
VDA_BANDWIDTH = "3202M"
# How that disk signals completions and where its blk-wbt had scaled, traced
# on the same machine by bench/ddsleep-trace.py (bench/results/
# ddsleep-trace.txt, 2026-12-07; the grid's own runs recorded neither): the
# flusher's 23-47 requests complete within 0.05-0.2 ms of each other, 17-30
# ms after the first issue, and readahead's four 4 MiB requests a window
# together (completion = batch); blk-wbt's timer reported scale step -4
# (max_depth 96 of 128 tags) in every run, where wbt_init starts at 0.
VDA_COMPLETION = "batch"
VDA_WBT_STEP = -4
GRID_SCENARIO_DIR = "scenarios/grid"


class ExtractError(Exception):
    pass


def memcg_delta(run, key):
    return run["memcg_stat_after"][key] - run["memcg_stat_before"][key]


def exit_signal(run):
    ex = run["exit"]
    # A shell reports death by signal N as status 128 + N.
    return 9 if ex.get("signal") == 9 or ex.get("rc") == 137 else 0


def pass_misses(run):
    res = (run.get("program") or {}).get("result") or {}
    return [p["hot_miss"] for p in res.get("passes", [])]


def phase_lazyfree_kb(run, phase):
    for ph in (run.get("program") or {}).get("phases", []):
        if ph.get("phase") == phase and "region" in ph:
            return ph["region"]["lazyfree_kb"]
    return None


def program_value(run, name):
    res = (run.get("program") or {}).get("result")
    if not res:
        return None
    if run["workload"] == "madvfree":
        if name in MADVFREE_PHASE:
            return phase_lazyfree_kb(run, MADVFREE_PHASE[name])
        key = MADVFREE_RESULT[name]
        if isinstance(key, tuple):
            return sum(res[k] for k in key)
        return res[key]
    if name in ("hot_miss_first", "hot_miss_last"):
        misses = pass_misses(run)
        if not misses:
            return None
        return misses[0] if name == "hot_miss_first" else misses[-1]
    return res.get(name)


def stats(values):
    present = [v for v in values if v is not None]
    out = {"values": values}
    if present:
        mean = sum(present) / len(present)
        out.update(min=min(present), max=max(present), mean=round(mean, 6))
    return out


def counter(name, source, unit, compare, values, origin):
    c = {"name": name, "source": source, "unit": unit, "compare": compare,
         "origin": origin}
    c.update(stats(values))
    return c


def config_counters(workload, runs):
    c = []
    c.append(counter("failcnt", "memcg", "events", "count",
                     [r["memcg"]["failcnt"] for r in runs], "memcg.failcnt"))
    c.append(counter("max_usage_in_bytes", "memcg", "bytes", "count",
                     [r["memcg"]["max_usage_in_bytes"] for r in runs],
                     "memcg.max_usage_in_bytes"))
    c.append(counter("oom_kill", "memcg", "events", "exact",
                     [r["memcg"]["oom_control"]["oom_kill"] for r in runs],
                     "memcg.oom_control.oom_kill"))
    for name, key, unit in (("pgmajfault", "pgmajfault", "events"),
                            ("memcg_pgpgin", "pgpgin", "events"),
                            ("memcg_pgpgout", "pgpgout", "events"),
                            ("workingset_refault_anon", "workingset_refault_anon", "pages"),
                            ("workingset_refault_file", "workingset_refault_file", "pages")):
        c.append(counter(name, "memcg", unit, "count",
                         [memcg_delta(r, key) for r in runs],
                         "memcg_stat_after.%s - memcg_stat_before.%s" % (key, key)))
    for name in VMSTAT:
        c.append(counter(name, "vmstat", "pages", "count",
                         [r["vmstat_delta"][name] for r in runs],
                         "vmstat_delta." + name))
    extra = []
    for name in VMSTAT_EXTRA.get(workload, []):
        extra.append(counter(name, "vmstat", "pages", "count",
                             [r["vmstat_delta"][name] for r in runs],
                             "vmstat_delta." + name))
    c.append(counter("exit_signal", "run", "signal", "exact",
                     [exit_signal(r) for r in runs], "exit.signal, exit.rc 137 = 9"))
    c.append(counter("wall_s", "run", "s", "measure",
                     [r["wall_s"] for r in runs], "wall_s"))
    c.extend(extra)
    if all("diskstats" in r for r in runs):
        for name, key in DISKSTATS:
            c.append(counter(name, "diskstats", "sectors" if "sectors" in name else "requests",
                             "count", [r["diskstats"]["delta"][key] for r in runs],
                             "diskstats.delta." + key))
    for name in PROGRAM[workload]:
        values = [program_value(r, name) for r in runs]
        if all(v is None for v in values):
            continue
        origin = "program.result." + name
        if name in ("hot_miss_first", "hot_miss_last"):
            which = "[0]" if name == "hot_miss_first" else "[-1]"
            origin = "program.result.passes%s.hot_miss" % which
        if workload == "madvfree":
            if name in MADVFREE_PHASE:
                origin = "program.phases[%s].region.lazyfree_kb" % MADVFREE_PHASE[name]
            else:
                key = MADVFREE_RESULT[name]
                origin = " + ".join("program.result." + k for k in
                                    (key if isinstance(key, tuple) else (key,)))
        unit, compare = PROGRAM_KIND.get(name, ("pages", "count"))
        c.append(counter(name, "program", unit, compare, values, origin))
    return c


def config_lists(workload, runs):
    if workload not in ("fileread", "grid_hot"):
        return {}
    per_run = [pass_misses(r) for r in runs]
    n = min(len(p) for p in per_run)
    cols = [[p[i] for p in per_run] for i in range(n)]
    return {"hot_miss_per_pass": {
        "source": "program", "unit": "pages",
        "origin": "program.result.passes[].hot_miss",
        "values": per_run,
        "min": [min(col) for col in cols],
        "max": [max(col) for col in cols],
        "mean": [round(sum(col) / len(col), 6) for col in cols],
    }}


def check_against_summary(where, counters, summary):
    """Our per-run values must equal the oracle's own summary[] values."""
    for c in counters:
        key = SUMMARY_KEY.get(c["name"])
        if key is None or key not in summary:
            continue
        theirs = summary[key]["values"]
        if theirs != c["values"]:
            raise ExtractError("%s: %s: extracted %r, summary.%s says %r"
                               % (where, c["name"], c["values"], key, theirs))
    # exit_rc is the shell's status: 137 exactly when we say signal 9.
    rcs = summary.get("exit_rc", {}).get("values")
    sig = next(c for c in counters if c["name"] == "exit_signal")["values"]
    if rcs is not None and [9 if rc == 137 else 0 for rc in rcs] != sig:
        raise ExtractError("%s: exit_signal %r disagrees with summary.exit_rc %r"
                           % (where, sig, rcs))


def extract(oracle_dir, repo):
    configs = []
    for w in WORKLOADS:
        path = os.path.join(oracle_dir, w + ".json")
        try:
            with open(path) as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            raise ExtractError("%s: %s" % (path, e))
        for cfg in doc["configs"]:
            name = cfg["config"]
            where = "%s: config %s" % (path, name)
            scen = SCENARIOS.get((w, name))
            if scen is None:
                raise ExtractError("%s: no scenario mirrors it (add it to SCENARIOS)" % where)
            if not os.path.exists(os.path.join(repo, scen)):
                raise ExtractError("%s: scenario %s does not exist" % (where, scen))
            runs = sorted(cfg["runs"], key=lambda r: r["run"])
            if not runs:
                raise ExtractError("%s: no runs" % where)
            counters = config_counters(w, runs)
            check_against_summary(where, counters, cfg["summary"])
            lists = config_lists(w, runs)
            if lists:
                ours = lists["hot_miss_per_pass"]["values"]
                theirs = cfg["summary"].get("hot_miss_per_pass", {}).get("values")
                if theirs is not None and theirs != ours:
                    raise ExtractError("%s: hot_miss_per_pass %r, summary says %r"
                                       % (where, ours, theirs))
            configs.append({
                "workload": w,
                "config": name,
                "name": "%s/%s" % (w, name),
                "description": cfg["description"],
                "command": runs[0]["command"],
                "scenario": scen,
                "runs": len(runs),
                "counters": counters,
                "lists": lists,
            })
    missing = set(SCENARIOS) - {(c["workload"], c["config"]) for c in configs}
    if missing:
        raise ExtractError("%s: configurations not found: %s" % (
            oracle_dir, ", ".join("%s/%s" % m for m in sorted(missing))))
    kernel = None
    try:
        with open(os.path.join(oracle_dir, "system.json")) as f:
            kernel = json.load(f).get("kernel")
    except (OSError, ValueError):
        pass
    return {
        "about": "Real-kernel counters of the oracle runs (shared/oracle/results, and "
                 "the grid in data/oracle/results), per configuration; written by "
                 "tools/extract_oracle_summary.py, read by `reclaimsim oracle`. A "
                 "configuration's own \"kernel\" overrides the top-level one. See "
                 "docs/oracle.md.",
        "kernel": kernel,
        "sources": [w + ".json" for w in WORKLOADS],
        "configs": configs,
    }


# ------------------------------------------------------------------ grid

def opt_value(argv, flag, default=None):
    """The value after @flag in a program's argv, or @default."""
    return argv[argv.index(flag) + 1] if flag in argv else default


def file_folio_order(kernel, fstype):
    """read_ahead_folio_order of a run's machine: 9 (PMD folios) when the
    kernel ends readahead windows on folio boundaries (6.17+) and the file
    system caches files in large folios (ext4 since 6.16, xfs), else 0."""
    m = re.match(r"(\d+)\.(\d+)", kernel)
    if not m or (int(m.group(1)), int(m.group(2))) < (6, 17):
        return 0
    return 9 if fstype in ("ext4", "xfs") else 0


def dev_fstype(cfg):
    return cfg["system_before"]["scratch_and_swap_device"].get("fstype")


def grid_machine(cfg):
    """The machine facts of a grid configuration that its scenario copies."""
    sysb = cfg["system_before"]
    swap_kib = None
    if cfg["swap_mib"]:
        ours = [s for s in cfg["runs"][0]["swap"]["active_before"] if s["ours"]]
        if len(ours) != 1:
            raise ExtractError("%s/%s: run 1 has %d swap files of ours on"
                               % (cfg["workload"], cfg["config"], len(ours)))
        swap_kib = ours[0]["size_kib"]
    dev = sysb["scratch_and_swap_device"]
    return {
        "kernel": sysb["kernel"],
        "cpus": sysb["cpus"],
        "page_size": sysb["page_size"],
        "zones": {z: v["managed"] for z, v in sysb["zones"].items() if v.get("managed")},
        "sysctls": sysb["sysctls"],
        "thp": sysb["thp_enabled"],
        "swap_kib": swap_kib,
        "swap_device": ("%s on %s (%s %s)" % (cfg["runs"][0]["swap"]["file"], dev.get("mount"),
                                             dev.get("fstype"), dev.get("source"))
                        if swap_kib else None),
        "read_ahead_kb": int(dev.get("read_ahead_kb", 128)),
        "max_sectors_kb": dev["max_sectors_kb"],
        "rotational": dev["rotational"],
        "disk_name": dev["name"],
        "disk": dev if all("diskstats" in r for r in cfg["runs"]) else None,
        "folio_order": file_folio_order(sysb["kernel"], dev.get("fstype")),
        "limit_bytes": cfg["runs"][0]["cgroup"]["limit_in_bytes"],
        "memsw_bytes": cfg["runs"][0]["cgroup"]["memsw_limit_in_bytes"],
    }


def fmt_range(values):
    lo, hi = min(values), max(values)
    return "%s" % lo if lo == hi else "%s-%s" % (lo, hi)


def grid_workload_sections(cfg, stream_mib):
    """The [workload] sections mirroring the configuration's commands
    (@stream_mib: the size of the driver's stream file)."""
    secs = []
    for argv in (c.split() for c in cfg["runs"][0]["commands"]):
        prog = os.path.basename(argv[0])
        if prog == "anonfill":
            lines = ["type = anon_fill", "size = %sM" % opt_value(argv, "--mib"),
                     "passes = %s" % opt_value(argv, "--passes", "3"),
                     "pattern = %s" % opt_value(argv, "--pattern", "seq"),
                     # --touch write reads each page's word, then stores it
                     "touch = %s" % {"write": "read_write"}.get(
                         opt_value(argv, "--touch", "write"),
                         opt_value(argv, "--touch", "write"))]
            if opt_value(argv, "--pattern") == "hotcold":
                lines += ["hot_pct = %s" % opt_value(argv, "--hot-pct", "25"),
                          "hot_share = %s" % opt_value(argv, "--hot-share", "90")]
            # unlike shared/oracle's runs (scenarios/anonfill-*.ini), the
            # grid's show no file reclaim: the binary and libc stayed cached
            # outside the run's group
            # its stack, heap and libc's data: memory.stat rss at its
            # "start" phase line, before the region is mapped, held 27-29
            # pages in every seq and hotcold run that flushed the stats
            # (pgpgin the same; rand's 51-53 add its permutation array,
            # 4 bytes a page, which the workload keeps outside the model).
            # Written at its start and touched again by each phase line,
            # they are the pages the kernel swapped back in
            # (grid_disk/swapout_a80_swap32: pswpin 29-33, 4 major faults
            # in the program's getrusage)
            lines += ["; its text stayed cached outside the group (no file reclaim)",
                      "program_text = 0",
                      "; its stack, heap and libc's data (memory.stat rss at its start:"
                      " 27-29 pages)",
                      "program_data = 112K",
                      "; the CPU of its phase lines (smaps, memory.stat, /proc/vmstat)",
                      "phase_lines = on"]
            secs.append(("anonfill", lines))
        elif prog == "filestream" and argv[1] == "hotread":
            hot = os.path.basename(opt_value(argv, "--hot"))
            mib = int(re.match(r"hot(\d+)\.dat$", hot).group(1))
            secs.append(("hotread", ["type = hotset_stream", "hot = %dM" % mib,
                                     "stream = %dM" % stream_mib,
                                     "every = %sM" % opt_value(argv, "--hot-every-mib", "64"),
                                     "warm_passes = %s" % opt_value(argv, "--warm-passes", "2"),
                                     "block = %sK" % opt_value(argv, "--chunk-kib", "1024")]))
        elif prog == "filestream" and argv[1] == "mmapread":
            if os.path.basename(argv[2]) != "stream.dat" or opt_value(argv, "--passes", "1") != "1":
                raise ExtractError("%s/%s: unexpected mmap reader %r"
                                   % (cfg["workload"], cfg["config"], argv))
            secs.append(("mmapread", ["type = lru_file_mmap_read", "tasks = 1",
                                      "size = %dM" % stream_mib]))
        elif prog == "dd" and "if=/dev/zero" in argv:
            kv = dict(a.split("=", 1) for a in argv[1:])
            # dd's own anonymous pages besides its 1 MiB buffer (the
            # workload's): memory.stat rss held 284 pages in every run,
            # 256 of them the buffer; its text stayed cached outside the
            # group (mapped_file 0)
            secs.append(("dd", ["type = file_write",
                                "size = %dM" % int(kv["count"]), "block = 1M",
                                "; its stack, heap and libc's data (memory.stat rss: 284"
                                " pages, 256 of them the buffer)",
                                "program_data = 112K"]))
        elif prog == "dd":
            kv = dict(a.split("=", 1) for a in argv[1:])
            if os.path.basename(kv["if"]) != "stream.dat" or kv.get("bs") != "1M":
                raise ExtractError("%s/%s: unexpected reader %r"
                                   % (cfg["workload"], cfg["config"], argv))
            secs.append(("reader", ["type = file_read", "size = %dM" % stream_mib,
                                    "block = 1M", "count = 1"]))
        else:
            raise ExtractError("%s/%s: no workload type mirrors %r"
                               % (cfg["workload"], cfg["config"], argv))
    return secs


def grid_scenario(cfg, counters, mach, stream_mib):
    """The scenario text mirroring grid configuration @cfg."""
    def vals(name):
        return next(c["values"] for c in counters if c["name"] == name)
    sc = mach["sysctls"]
    cmds = cfg["runs"][0]["commands"]
    head = ["; Oracle: %s/%s (data/oracle/results/%s/%s.json)"
            % (cfg["workload"], cfg["config"], cfg["workload"], cfg["config"]),
            "; GENERATED by tools/extract_oracle_summary.py from that file: do not edit.",
            ";   %s" % cfg["description"]]
    for c in cmds:
        head.append(";   $ %s" % c)
    head.append("; What kernel %s did (%d runs): oom_kill %s, pgmajfault %s,"
                % (mach["kernel"], len(cfg["runs"]), fmt_range(vals("oom_kill")),
                   fmt_range(vals("pgmajfault"))))
    head.append(";   pswpout %s, pswpin %s, pgsteal_anon %s, pgsteal_file %s,"
                % tuple(fmt_range(vals(n)) for n in
                        ("pswpout", "pswpin", "pgsteal_anon", "pgsteal_file")))
    head.append(";   workingset_refault anon %s / file %s, wall %s s"
                % (fmt_range(vals("workingset_refault_anon")),
                   fmt_range(vals("workingset_refault_file")),
                   fmt_range([round(v, 2) for v in vals("wall_s")])))
    page = mach["page_size"]
    swap = "0"
    if mach["swap_kib"]:
        # /proc/swaps counts the usable pages: the file less its header page
        swap = "%dp" % (mach["swap_kib"] * 1024 // page)
    out = head + [
        "",
        "[machine]",
        "; the machine the grid ran on (its /proc at the start of this configuration):",
        "; %d CPUs, one node, the zones' managed pages" % mach["cpus"],
        "cpus = %d" % mach["cpus"],
        "nodes = 1",
        "zones = " + ", ".join("%s:%dp" % (z, n) for z, n in mach["zones"].items()),
        "page_size = %dK" % (page // 1024),
    ]
    if mach["swap_kib"]:
        out += ["; the swap file: %s, %d KiB usable in /proc/swaps"
                % (mach["swap_device"], mach["swap_kib"])]
    else:
        out += ["; no swap in this configuration"]
    out += ["swap = " + swap]
    disk = mach["disk"]
    if disk:
        # runs that recorded diskstats: the device as measured (VDA_*)
        out += [
            "; one virtual disk holds the file system and the swap file: %s, %s,"
            % (disk["name"], "rotational %s" % disk["rotational"]),
            "; scheduler %s, nr_requests %s, max_sectors_kb %s; a flash-like device"
            % (re.search(r"\[([\w-]+)\]", disk["scheduler"]).group(1), disk["nr_requests"],
               disk["max_sectors_kb"]),
            "; (no head, but virtio reports rotational 1); its latency and bandwidth",
            "; measured here (tools/extract_oracle_summary.py, VDA_*): 4 KiB direct",
            "; reads at depth 1 59-64 us, 27 us of it asleep on the device; the kernel's",
            "; buffered 512 MiB reads (grid_disk",
            "; read_x8's diskstats) 3,202 MiB/s of busy time, median of 9; 128 tags",
        ]
        for d in ("swap", "disk"):
            out += ["%s_device = nvme" % d, "%s_latency = %s" % (d, VDA_LATENCY),
                    "%s_bandwidth = %s" % (d, VDA_BANDWIDTH), "%s_depth = 128" % d,
                    "%s_kick = %s" % (d, VDA_KICK)]
    else:
        # runs that recorded no diskstats ran on the same VM and disk (disk_name below)
        out += [
            "; one virtual disk holds the file system and the swap file, the one the",
            "; grid's later runs describe: its latency and bandwidth as measured",
            "; (tools/extract_oracle_summary.py, VDA_*); 128 tags",
        ]
        for d in ("swap", "disk"):
            out += ["%s_device = nvme" % d, "%s_latency = %s" % (d, VDA_LATENCY),
                    "%s_bandwidth = %s" % (d, VDA_BANDWIDTH), "%s_depth = 128" % d,
                    "%s_kick = %s" % (d, VDA_KICK)]
    # blk-wbt's latency target follows the flag, whatever the device is
    out += ["; what the disk reports in /sys/block/%s/queue/rotational"
            % mach["disk_name"]]
    out += ["%s_rotational = %s" % (d, mach["rotational"]) for d in ("swap", "disk")]
    out += ["; the disk completes the requests it was given together, and its blk-wbt",
            "; had scaled up to step %d: both traced on this VM (tools/extract_oracle_summary.py,"
            % VDA_WBT_STEP,
            "; VDA_COMPLETION, VDA_WBT_STEP; bench/results/ddsleep-trace.txt)"]
    out += ["%s_completion = %s" % (d, VDA_COMPLETION) for d in ("swap", "disk")]
    out += ["%s_wbt_step = %d" % (d, VDA_WBT_STEP) for d in ("swap", "disk")]
    out += [
        "; the disk's read_ahead_kb",
        "read_ahead = %dK" % mach["read_ahead_kb"],
        "; read() readahead as the kernel does it, a window ahead of the reader",
        "read_ahead_async = on",
    ]
    if mach["folio_order"]:
        out += [
            "; %s page cache in large folios up to 2 MiB, and the kernel ends each"
            % dev_fstype(cfg),
            "; asynchronous readahead window on a folio boundary (6.17+)",
            "read_ahead_folio_order = %d" % mach["folio_order"],
        ]
    out += [
        "",
        "[sysctl]",
    ]
    for k in ("min_free_kbytes", "watermark_scale_factor", "watermark_boost_factor",
              "swappiness", "dirty_ratio", "dirty_background_ratio",
              "dirty_expire_centisecs", "dirty_writeback_centisecs", "page-cluster"):
        out.append("%s = %d" % (k, sc[k]))
    out.append("lowmem_reserve_ratio = " + " ".join(str(x) for x in sc["lowmem_reserve_ratio"]))
    thp = re.search(r"\[(\w+)\]", mach["thp"])
    out += ["thp = %s" % (thp.group(1) if thp else "madvise"), "", "[policy]",
            "kernel = 6.18", "; the kernel ran the v1 memory controller", "cgroup = v1"]
    if disk:
        out += ["; blk-mq tags (2 x 128 = nr_requests %s) and the disk's max_sectors_kb"
                % disk["nr_requests"], "; and max_segments", "blk_requests = tags",
                "blk_max_sectors_kb = %s" % disk["max_sectors_kb"],
                "blk_max_segments = %s" % disk["max_segments"]]
    else:
        out += ["; the disk's max_sectors_kb", "blk_max_sectors_kb = %s" % mach["max_sectors_kb"]]
    out += ["", "[cgroup box]", "; v1 memcg at the top of the hierarchy",
            "parent = /", "limit = %dM" % (mach["limit_bytes"] >> 20)]
    if mach["memsw_bytes"]:
        out.append("memsw_limit = %dM" % (mach["memsw_bytes"] >> 20))
    out.append("swappiness = %d" % cfg["runs"][0]["cgroup"]["swappiness"])
    out += ["; the harness's sampler read memory.stat (a flush of the group's stats) this often",
            "stat_reads = %dms" % cfg["runs"][0]["samples_interval_ms"]]
    # grid_nested: process i ran in child group i of box (v1, hierarchical,
    # no limits of its own)
    children = cfg["runs"][0]["cgroup"].get("children") or []
    for child in children:
        out += ["", "[cgroup %s]" % child, "; a child of box without limits of its own",
                "parent = box"]
    for i, (name, lines) in enumerate(grid_workload_sections(cfg, stream_mib)):
        group = children[i] if children else "box"
        out += ["", "[workload %s]" % name] + [lines[0], "cgroup = " + group] + [
            "; run_grid.py moved it into its group between fork and exec",
            "launch = attach"] + lines[1:]
    out += ["", "[run]", "seed = 1", "duration = 120s", "sample_interval = 20ms"]
    return "\n".join(out) + "\n"


def extract_grid(grid_dir, repo):
    driver = load_grid_driver(repo)
    # the driver also re-runs shared/oracle's configurations (for their
    # walls, below); the grid's counters are its grid_* workloads'
    grid_names = {w: [c["config"] for c in cfgs] for w, _, cfgs in driver.grid()
                  if w.startswith("grid_")}
    if sorted(grid_names) != sorted(GRID_WORKLOADS):
        raise ExtractError("run_grid.py's workloads %s are not %s"
                           % (sorted(grid_names), GRID_WORKLOADS))
    configs = []
    for w in GRID_WORKLOADS:
        wdir = os.path.join(grid_dir, w)
        if not os.path.isdir(wdir):
            raise ExtractError("%s: missing (run data/oracle/src/run_grid.py)" % wdir)
        for name in grid_names[w]:
            path = os.path.join(wdir, name + ".json")
            try:
                with open(path) as f:
                    cfg = json.load(f)
            except (OSError, ValueError) as e:
                raise ExtractError("%s: %s" % (path, e))
            runs = sorted(cfg["runs"], key=lambda r: r["run"])
            if not runs:
                raise ExtractError("%s: no runs" % path)
            cfg["runs"] = runs
            counters = config_counters(w, runs)
            mach = grid_machine(cfg)
            scen = "%s/%s-%s.ini" % (GRID_SCENARIO_DIR, w, cfg["config"])
            os.makedirs(os.path.join(repo, GRID_SCENARIO_DIR), exist_ok=True)
            with open(os.path.join(repo, scen), "w") as f:
                f.write(grid_scenario(cfg, counters, mach, driver.STREAM_MIB))
            configs.append({
                "workload": w,
                "config": cfg["config"],
                "name": "%s/%s" % (w, cfg["config"]),
                "description": cfg["description"],
                "command": runs[0]["command"],
                "scenario": scen,
                "kernel": mach["kernel"],
                "machine": {"cpus": mach["cpus"], "page_size": mach["page_size"],
                            "limit_bytes": mach["limit_bytes"],
                            "memsw_limit_bytes": mach["memsw_bytes"],
                            "swap_kib": mach["swap_kib"]},
                "runs": len(runs),
                "counters": counters,
                "lists": config_lists(w, runs),
            })
    return configs


# ------------------------------------------------------------------ walls

# The run set that recorded each run's CPU time and runqueue wait besides
# its wall (run_grid.py since issue 22), every configuration re-run: the
# figures per run, from its top-level fields.
WALLS = ["wall_s", "runq_s", "on_cpu_s", "wall_less_runq_s"]


def extract_walls(configs, runq_dir, repo):
    """Add "walls" to each configuration that @runq_dir re-ran: the re-run's
    wall, runqueue wait, on-CPU time and wall less runqueue wait per run.
    The configuration's counters stay those of its first measurement."""
    rel = os.path.relpath(runq_dir, repo)
    for cfg in configs:
        path = os.path.join(runq_dir, cfg["workload"], cfg["config"] + ".json")
        if not os.path.exists(path):
            continue
        try:
            with open(path) as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            raise ExtractError("%s: %s" % (path, e))
        runs = sorted(doc["runs"], key=lambda r: r["run"])
        if not runs:
            raise ExtractError("%s: no runs" % path)
        if runs[0]["command"] != cfg["command"]:
            raise ExtractError("%s: command %r, the configuration ran %r"
                               % (path, runs[0]["command"], cfg["command"]))
        walls = {"set": rel, "kernel": doc["system_before"]["kernel"], "runs": len(runs),
                 "loadavg_before": [r["loadavg_before"] for r in runs]}
        for key in WALLS:
            if any(key not in r for r in runs):
                raise ExtractError("%s: a run without %s" % (path, key))
            walls[key] = stats([r[key] for r in runs])
        cfg["walls"] = walls


def load_grid_driver(repo):
    """data/oracle/src/run_grid.py as a module: its grid() is the order of the
    configurations and its STREAM_MIB the stream file's size."""
    import importlib.util
    path = os.path.join(repo, "data", "oracle", "src", "run_grid.py")
    spec = importlib.util.spec_from_file_location("run_grid", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod

def dumps(doc):
    """Indented JSON with every list of scalars on one line: the per-run
    values of a counter read as one row, and a diff shows which changed."""
    text = json.dumps(doc, indent=1)

    def flat(m):
        # the pattern can also meet brackets inside a string ("passes[0]"):
        # leave whatever is not a JSON list alone
        try:
            return json.dumps(json.loads(m.group(0)))
        except ValueError:
            return m.group(0)
    # innermost lists first (lists of lists collapse on the second pass)
    for _ in range(2):
        text = re.sub(r"\[[^\[\]{}]*\]", flat, text)
    if json.loads(text) != doc:
        raise ExtractError("internal: compact JSON differs from the data")
    return text + "\n"


def main():
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--oracle", default="/work/shared/oracle/results",
                    help="directory holding anonfill.json, filewrite.json, fileread.json, "
                         "madvfree.json")
    ap.add_argument("--grid", default=os.path.join(repo, "data", "oracle", "results"),
                    help="directory holding the grid's <workload>/<config>.json")
    ap.add_argument("--out", default=os.path.join(repo, "data", "oracle", "summary.json"))
    ap.add_argument("--runq", default=os.path.join(repo, "data", "oracle", "results-runq"),
                    help="the run set that recorded runqueue wait (walls)")
    args = ap.parse_args()
    try:
        # a mistyped --runq would drop every configuration's walls unseen
        if not os.path.isdir(args.runq):
            raise ExtractError("--runq %s: not a directory" % args.runq)
        doc = extract(args.oracle, repo)
        doc["configs"] += extract_grid(args.grid, repo)
        doc["sources"] += ["data/oracle/results/%s/" % w for w in GRID_WORKLOADS]
        extract_walls(doc["configs"], args.runq, repo)
        text = dumps(doc)
    except ExtractError as e:
        print("extract_oracle_summary: %s" % e, file=sys.stderr)
        return 1
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as f:
        f.write(text)
    print("wrote %s (%d configurations)" % (args.out, len(doc["configs"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())

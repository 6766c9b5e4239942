#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Run the oracle grid on the real kernel of this machine.

    cd data/oracle/src && make && sudo ./run_grid.py [--only NAME] [--runs N]
        [--out ../results] [--scratch /tmp/oracle-grid] [--list]

Needs root, the cgroup v1 memory controller mounted read-write at
/sys/fs/cgroup/memory (with swap accounting: memory.memsw.*), and mkswap /
swapon / swapoff.  Every configuration (GRID below) runs --runs times (3),
each run in a fresh memcg at the top of the v1 hierarchy with a hard
memory.limit_in_bytes (and memory.memsw.limit_in_bytes = limit + swap when
the configuration has swap).  The driver itself first moves into a memcg of
its own with a 1 GiB limit, so the file set-up, mkswap and the sampler run
under a hard limit too; nothing runs in the root memcg.

Swap: a configuration with swap gets a swap file of its size under
--scratch, switched on for that configuration only (swapoff afterwards);
the swap files, the scratch files and every memcg are deleted at the end,
also when the driver is interrupted.

Output, in --out:
  system.json      the machine (kernel, page size, CPUs, memory, sysctls,
                   zones from /proc/zoneinfo, the scratch/swap file system
                   and its block device), before and after the grid
  <workload>/<config>.json
                   one per configuration (workloads grid_anon, grid_hot,
                   grid_write, grid_mixed, grid_nested): {workload, workload_description,
                   config, description, limit_mib, swap_mib, system_before,
                   system_after, runs: [...]}; a run has the layout of
                   shared/oracle/results (command, cgroup, swap, exit,
                   wall_s, memcg, memcg_stat_before/after, vmstat_delta,
                   program, samples, ...) plus commands/exits/programs, one
                   per process (grid_mixed runs two in the group);
                   grid_nested runs each process in a child group of the
                   run's memcg (cgroup.children names them) and adds
                   "children": {NAME: that group's memcg facts and
                   memory.stat before/after}.
                   Where the wall went: on_cpu_s (the programs' utime +
                   stime, with their threads and reaped children), runq_s
                   (their schedstat run_delay: runnable, waiting for a CPU)
                   and wall_less_runq_s, per program in "sched".
                   --only runs (and rewrites) the matching ones alone.
                   Workloads anonfill, filewrite, fileread and madvfree
                   re-run shared/oracle's nine configurations.

The counters the oracle compares (tools/extract_oracle_summary.py reads
these files): memory.stat deltas (pgmajfault, workingset_refault_anon/file,
pgpgin/out), memory.failcnt, max_usage_in_bytes, oom_control's oom_kill,
and /proc/vmstat deltas (pgscan/pgsteal anon/file, pswpin, pswpout).
"""
import argparse
import datetime
import json
import os
import platform
import re
import signal
import subprocess
import sys
import threading
import time

CG_ROOT = "/sys/fs/cgroup/memory"
CTL_CG = CG_ROOT + "/oracle-grid-ctl"
CTL_LIMIT = 1 << 30
RUN_CG_PREFIX = "oracle-grid-"
SAMPLE_MS = 200
RUN_TIMEOUT_S = 120
PHASES_HEAD, PHASES_TAIL = 6, 2
MiB = 1 << 20

HERE = os.path.dirname(os.path.abspath(__file__))
BIN = os.path.join(HERE, "build")

# The limit of every grid configuration: small enough that a run takes a
# few seconds, large enough that the programs' own pages (~1 MiB) are noise.
LIMIT_MIB = 64
# anon grid: a working set 1.5 x the limit, so 32 MiB overflow
ANON_MIB = 96
SWAP_BELOW_MIB = 16   # < the 32 MiB overflow: swap fills, then OOM
SWAP_ABOVE_MIB = 128  # 4 x the overflow
STREAM_MIB = 512
HOT_EVERY_MIB = 64
HOT_MIB = [6, 13, 19, 26, 32, 38]  # ~10 %, 20 %, ... 60 % of 64 MiB
WRITE_X = [2, 4, 6, 8]
# grid_disk, grid_mmap, grid_overflow (issues 21 and 23): the device's
# /proc/diskstats around dd writes and reads, a swap-out, an mmap read of
# a file larger than the limit, and anon working sets a little over it
DISK_WRITE_X = 4
OVERFLOW_MIB = 72     # 1.125 x the limit: an 8 MiB overflow
OVERFLOW_PASSES = 5
SWAPOUT_MIB, SWAPOUT_SWAP_MIB = 80, 32  # a 16 MiB overflow into a 32 MiB swap file
SHARED_SWAP_MIB = 256  # shared/oracle's swap file

# /proc/diskstats' fields after the name (Documentation/admin-guide/iostats.rst)
DISKSTATS_FIELDS = ["reads", "read_merges", "sectors_read", "read_ticks_ms",
                    "writes", "write_merges", "sectors_written", "write_ticks_ms",
                    "in_flight", "io_ticks_ms", "time_in_queue_ms",
                    "discards", "discard_merges", "sectors_discarded", "discard_ticks_ms",
                    "flushes", "flush_ticks_ms"]


def anonfill(pattern, passes=3, mib=ANON_MIB):
    cmd = ["build/anonfill", "--mib", str(mib), "--passes", str(passes)]
    if pattern != "seq":
        cmd += ["--pattern", pattern]
    return cmd


def grid():
    """[(workload, description, [config dict])] in run order."""
    anon = []
    for pattern, what in (("seq", "sequential"), ("rand", "random-permutation"),
                          ("hotcold", "skewed (25 % of the pages get 90 % of the "
                                      "visits, random within each set)")):
        for swap, label in ((0, "noswap"), (SWAP_BELOW_MIB, "swap%d" % SWAP_BELOW_MIB),
                            (SWAP_ABOVE_MIB, "swap%d" % SWAP_ABOVE_MIB)):
            anon.append({
                "config": "%s_%s" % (pattern, label),
                "description": "%d MiB anon in a %d MiB limit, %s, %s write passes" % (
                    ANON_MIB, LIMIT_MIB,
                    "no swap" if not swap else "%d MiB swap file (memsw limit %d MiB)" % (
                        swap, LIMIT_MIB + swap), what),
                "limit_mib": LIMIT_MIB, "swap_mib": swap,
                "commands": [anonfill(pattern)],
            })
    hot = []
    for h in HOT_MIB:
        hot.append({
            "config": "hot%02d" % h,
            "description": "%d MiB hot file (%d %% of the limit) read twice, then a %d MiB "
                           "stream with the hot file re-read every %d MiB, %d MiB limit, "
                           "no swap" % (h, round(100 * h / LIMIT_MIB), STREAM_MIB,
                                        HOT_EVERY_MIB, LIMIT_MIB),
            "limit_mib": LIMIT_MIB, "swap_mib": 0,
            "files": ["hot%02d.dat" % h, "stream.dat"],
            "commands": [["build/filestream", "hotread", "--hot", "@hot%02d.dat" % h,
                          "--stream", "@stream.dat", "--hot-every-mib", str(HOT_EVERY_MIB)]],
        })
    write = []
    for x in WRITE_X:
        write.append({
            "config": "x%d" % x,
            "description": "dd %d MiB (%d x the limit) into a %d MiB limit, bs=1M, no fsync, "
                           "no swap" % (x * LIMIT_MIB, x, LIMIT_MIB),
            "limit_mib": LIMIT_MIB, "swap_mib": 0,
            "remove_after": ["dd.dat"],
            "commands": [["dd", "if=/dev/zero", "of=@dd.dat", "bs=1M",
                          "count=%d" % (x * LIMIT_MIB)]],
        })
    mixed = []
    for a, swap, passes in ((40, 0, 1000), (40, SWAP_ABOVE_MIB, 1000), (56, SWAP_ABOVE_MIB, 1000)):
        mixed.append({
            "config": "a%d_%s" % (a, "noswap" if not swap else "swap%d" % swap),
            "description": "one group: anonfill %d MiB with %d sequential write passes while "
                           "dd reads a %d MiB file (bs=1M), %d MiB limit, %s" % (
                               a, passes, STREAM_MIB, LIMIT_MIB,
                               "no swap" if not swap else
                               "%d MiB swap file (memsw limit %d MiB)" % (swap, LIMIT_MIB + swap)),
            "limit_mib": LIMIT_MIB, "swap_mib": swap,
            "files": ["stream.dat"],
            "commands": [anonfill("seq", passes=passes, mib=a),
                         ["dd", "if=@stream.dat", "of=/dev/null", "bs=1M"]],
        })
    # v1 nesting (use_hierarchy=1): the run's memcg holds the limit, each
    # process runs in a child group of its own without limits of its own
    nested = []
    for a, swap, passes in ((40, 0, 1000),):
        nested.append({
            "config": "a%d_%s" % (a, "noswap" if not swap else "swap%d" % swap),
            "description": "a parent memcg with a %d MiB limit and two children: anonfill "
                           "%d MiB with %d sequential write passes in one, dd reading a %d "
                           "MiB file (bs=1M) in the other, no swap" % (
                               LIMIT_MIB, a, passes, STREAM_MIB),
            "limit_mib": LIMIT_MIB, "swap_mib": swap,
            "files": ["stream.dat"],
            "children": ["anon", "stream"],
            "commands": [anonfill("seq", passes=passes, mib=a),
                         ["dd", "if=@stream.dat", "of=/dev/null", "bs=1M"]],
        })
    disk = [{
        "config": "write_x%d" % DISK_WRITE_X,
        "description": "dd %d MiB (%d x the limit) into a %d MiB limit, bs=1M, no fsync, "
                       "no swap; the device's diskstats" % (
                           DISK_WRITE_X * LIMIT_MIB, DISK_WRITE_X, LIMIT_MIB),
        "limit_mib": LIMIT_MIB, "swap_mib": 0,
        "remove_after": ["dd.dat"],
        "commands": [["dd", "if=/dev/zero", "of=@dd.dat", "bs=1M",
                      "count=%d" % (DISK_WRITE_X * LIMIT_MIB)]],
    }, {
        "config": "read_x%d" % (STREAM_MIB // LIMIT_MIB),
        "description": "dd reads a %d MiB file (%d x the limit, evicted first) in a %d MiB "
                       "limit, bs=1M, no swap; the device's diskstats" % (
                           STREAM_MIB, STREAM_MIB // LIMIT_MIB, LIMIT_MIB),
        "limit_mib": LIMIT_MIB, "swap_mib": 0,
        "files": ["stream.dat"],
        "commands": [["dd", "if=@stream.dat", "of=/dev/null", "bs=1M"]],
    }, {
        "config": "swapout_a%d_swap%d" % (SWAPOUT_MIB, SWAPOUT_SWAP_MIB),
        "description": "%d MiB anon filled once in a %d MiB limit, %d MiB swap file (memsw "
                       "limit %d MiB): a swap-out; the device's diskstats" % (
                           SWAPOUT_MIB, LIMIT_MIB, SWAPOUT_SWAP_MIB,
                           LIMIT_MIB + SWAPOUT_SWAP_MIB),
        "limit_mib": LIMIT_MIB, "swap_mib": SWAPOUT_SWAP_MIB,
        "commands": [anonfill("seq", passes=0, mib=SWAPOUT_MIB)],
    }]
    mmap = [{
        "config": "read%d" % STREAM_MIB,
        "description": "a %d MiB file (%d x the limit, evicted first) mapped MAP_SHARED "
                       "read-only and read a byte a page in address order, once, %d MiB "
                       "limit, no swap" % (STREAM_MIB, STREAM_MIB // LIMIT_MIB, LIMIT_MIB),
        "limit_mib": LIMIT_MIB, "swap_mib": 0,
        "files": ["stream.dat"],
        "commands": [["build/filestream", "mmapread", "@stream.dat"]],
    }]
    overflow = []
    for pattern in ("seq", "rand"):
        overflow.append({
            "config": "%s_a%d_swap%d" % (pattern, OVERFLOW_MIB, SWAP_ABOVE_MIB),
            "description": "%d MiB anon in a %d MiB limit (%d MiB over), %d MiB swap file "
                           "(memsw limit %d MiB), fill + %d %s write passes" % (
                               OVERFLOW_MIB, LIMIT_MIB, OVERFLOW_MIB - LIMIT_MIB,
                               SWAP_ABOVE_MIB, LIMIT_MIB + SWAP_ABOVE_MIB, OVERFLOW_PASSES,
                               "sequential" if pattern == "seq" else "random-permutation"),
            "limit_mib": LIMIT_MIB, "swap_mib": SWAP_ABOVE_MIB,
            "commands": [anonfill(pattern, passes=OVERFLOW_PASSES, mib=OVERFLOW_MIB)],
        })
    # shared/oracle's nine configurations (its README), with its commands
    # and limits, so that one run set covers every configuration the
    # oracle compares; shared/oracle's own runs stay the counters' reference
    madv_ltp = ["build/madvfree", "--pages", "128", "--rewrite", "0,10", "--ltp-peek",
                "--ltp-sleep", "--pressure-until-oom", "--pressure-cap-mib", "64",
                "--retries", "10", "--set-limit-after", str(8 * MiB)]
    shared = [
        ("anonfill", "fit_noswap", 128, 0, ["build/anonfill", "--mib", "96", "--passes", "3"]),
        ("anonfill", "over_noswap", 128, 0, ["build/anonfill", "--mib", "192", "--passes", "3"]),
        ("anonfill", "over_swap_seq", 128, SHARED_SWAP_MIB,
         ["build/anonfill", "--mib", "192", "--passes", "3"]),
        ("anonfill", "over_swap_seq_read", 128, SHARED_SWAP_MIB,
         ["build/anonfill", "--mib", "192", "--passes", "3", "--touch", "read"]),
        ("filewrite", "lim64_4x", 64, 0,
         ["dd", "if=/dev/zero", "of=@dd.dat", "bs=1M", "count=256"]),
        ("fileread", "hot28", 64, 0,
         ["build/filestream", "hotread", "--hot", "@hot28.dat", "--stream", "@stream.dat",
          "--hot-every-mib", "64"]),
        ("madvfree", "ltp_noswap", 64, 0, madv_ltp),
        ("madvfree", "ltp_swap", 64, SHARED_SWAP_MIB,
         madv_ltp + ["--set-memsw-after", str(24 * MiB)]),
        ("madvfree", "bulk_noswap", 64, 0,
         ["build/madvfree", "--pages", "8192", "--rewrite-every", "4", "--pressure-mib", "48"]),
    ]
    shared_sets = {}
    for workload, config, limit, swap, cmd in shared:
        shared_sets.setdefault(workload, []).append({
            "config": config,
            "description": "shared/oracle's %s/%s: `%s` in a %d MiB limit, %s" % (
                workload, config, " ".join(a.replace("@", "") for a in cmd), limit,
                "%d MiB swap file" % swap if swap else "no swap"),
            "limit_mib": limit, "swap_mib": swap,
            "files": [a.split("@")[1] for a in cmd if "@" in a and "dd.dat" not in a],
            "remove_after": ["dd.dat"] if "of=@dd.dat" in cmd else [],
            "commands": [cmd],
        })
    return [(w, "shared/oracle's %s configurations, re-run by this driver." % w, c)
            for w, c in shared_sets.items()] + [
        ("grid_anon", "Anonymous working set of %d MiB in a %d MiB memcg: access pattern "
                      "(sequential, random, skewed hot/cold) x swap (none, %d MiB below the "
                      "32 MiB overflow, %d MiB above it); fill then 3 write passes."
         % (ANON_MIB, LIMIT_MIB, SWAP_BELOW_MIB, SWAP_ABOVE_MIB), anon),
        ("grid_hot", "Hot set vs stream (filestream hotread, as fileread hot28) with hot "
                     "files of 10-60 %% of a %d MiB limit." % LIMIT_MIB, hot),
        ("grid_write", "dd writes of 2-8 x a %d MiB limit, no fsync." % LIMIT_MIB, write),
        ("grid_mixed", "Anon and file in one %d MiB memcg: anonfill re-touching its memory "
                       "while dd streams a file." % LIMIT_MIB, mixed),
        ("grid_nested", "grid_mixed's processes in two child groups of one %d MiB memcg "
                        "(cgroup v1, hierarchical): the parent's limit reclaims from both "
                        "children." % LIMIT_MIB, nested),
        ("grid_disk", "The block device under a %d MiB memcg: /proc/diskstats of the scratch "
                      "file system's disk around a dd write, a dd read and a swap-out."
         % LIMIT_MIB, disk),
        ("grid_mmap", "A file %d x a %d MiB limit read through a shared read-only mapping."
         % (STREAM_MIB // LIMIT_MIB, LIMIT_MIB), mmap),
        ("grid_overflow", "Anonymous working sets a little over a %d MiB limit, with swap, "
                          "touched in several passes." % LIMIT_MIB, overflow),
    ]


# ---------------------------------------------------------------- helpers

def read(path):
    with open(path) as f:
        return f.read()


def write(path, value):
    with open(path, "w") as f:
        f.write(str(value))


def kv_file(path):
    out = {}
    for line in read(path).splitlines():
        parts = line.split()
        if len(parts) == 2:
            try:
                out[parts[0]] = int(parts[1])
            except ValueError:
                pass
    return out


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


def now_utc():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_zoneinfo(text):
    zones, cur = {}, None
    for line in text.splitlines():
        w = line.split()
        if line.startswith("Node"):
            cur = zones.setdefault(w[3], {})
        elif cur is None or not w:
            continue
        elif w[0] in ("min", "low", "high", "spanned", "present", "managed") and len(w) == 2:
            cur[w[0]] = int(w[1])
        elif w[0] == "pages" and w[1] == "free":
            cur["free"] = int(w[2])
        elif w[0] == "protection:":
            cur["protection"] = [int(x.strip("(),")) for x in w[1:]]
    return zones


def block_device_of(path):
    """(device, its /sys/block queue facts) of the file system holding path."""
    dev = os.stat(path).st_dev
    major, minor = os.major(dev), os.minor(dev)
    info = {"dev": "%d:%d" % (major, minor)}
    try:
        sysdev = os.path.realpath("/sys/dev/block/%d:%d" % (major, minor))
        name = os.path.basename(sysdev)
        disk = name if os.path.exists("/sys/block/" + name) else \
            os.path.basename(os.path.dirname(sysdev))
        info["name"] = name
        q = "/sys/block/%s/queue/" % disk
        for key in ("rotational", "read_ahead_kb", "scheduler", "nr_requests",
                    "logical_block_size", "physical_block_size", "max_sectors_kb",
                    "max_hw_sectors_kb", "max_segments", "max_segment_size", "nomerges",
                    "write_cache"):
            try:
                info[key] = read(q + key).strip()
            except OSError:
                pass
    except OSError:
        pass
    for line in read("/proc/self/mounts").splitlines():
        w = line.split()
        if w[1] == "/" or path.startswith(w[1].rstrip("/") + "/"):
            if len(w[1]) >= len(info.get("mount", "")):
                info.update(mount=w[1], source=w[0], fstype=w[2])
    return info


def disk_of(path):
    """The whole disk (its /sys/block name) holding the file system of @path."""
    dev = os.stat(path).st_dev
    sysdev = os.path.realpath("/sys/dev/block/%d:%d" % (os.major(dev), os.minor(dev)))
    name = os.path.basename(sysdev)
    return name if os.path.exists("/sys/block/" + name) else \
        os.path.basename(os.path.dirname(sysdev))


def diskstats(disk):
    """/proc/diskstats' fields of @disk, by DISKSTATS_FIELDS' names."""
    for line in read("/proc/diskstats").splitlines():
        w = line.split()
        if w[2] == disk:
            return dict(zip(DISKSTATS_FIELDS, (int(x) for x in w[3:])))
    return {}


def system_facts(scratch):
    sysctls = {}
    for k in ("min_free_kbytes", "watermark_scale_factor", "watermark_boost_factor",
              "swappiness", "dirty_ratio", "dirty_background_ratio", "dirty_bytes",
              "dirty_background_bytes", "dirty_expire_centisecs", "dirty_writeback_centisecs",
              "page-cluster", "overcommit_memory", "vfs_cache_pressure", "zone_reclaim_mode"):
        sysctls[k] = int(read("/proc/sys/vm/" + k))
    sysctls["lowmem_reserve_ratio"] = [int(x) for x in
                                       read("/proc/sys/vm/lowmem_reserve_ratio").split()]
    zi = read("/proc/zoneinfo")
    mem_total = next(int(l.split()[1]) for l in read("/proc/meminfo").splitlines()
                     if l.startswith("MemTotal:"))

    def opt(path):
        try:
            return read(path).strip()
        except OSError:
            return "absent"
    return {
        "kernel": platform.release(),
        "kernel_version": read("/proc/version").strip(),
        "machine": platform.machine(),
        "page_size": os.sysconf("SC_PAGE_SIZE"),
        "cpus": os.cpu_count(),
        "cpus_online": read("/sys/devices/system/cpu/online").strip(),
        "mem_total_kib": mem_total,
        "sysctls": sysctls,
        "zones": parse_zoneinfo(zi),
        "thp_enabled": opt("/sys/kernel/mm/transparent_hugepage/enabled"),
        "thp_defrag": opt("/sys/kernel/mm/transparent_hugepage/defrag"),
        "swap_vma_readahead": opt("/sys/kernel/mm/swap/vma_ra_enabled"),
        "lru_gen": opt("/sys/kernel/mm/lru_gen/enabled"),
        "cgroup": "v1 memory controller, use_hierarchy=%s" % read(
            CG_ROOT + "/memory.use_hierarchy").strip(),
        "scratch_dir": scratch,
        "scratch_and_swap_device": block_device_of(scratch),
        "swaps": read("/proc/swaps"),
        "loadavg": read("/proc/loadavg").strip(),
        "generated_utc": now_utc(),
        "zoneinfo_raw": zi,
    }


def proc_swaps(ours):
    out = []
    for line in read("/proc/swaps").splitlines()[1:]:
        w = line.split()
        out.append({"file": w[0], "type": w[1], "size_kib": int(w[2]), "used_kib": int(w[3]),
                    "ours": w[0] in ours})
    return out


def parse_program(out):
    """A program's JSON lines: params, result and the phases, of which a long
    run (grid_mixed's 1000 passes) keeps the first PHASES_HEAD and the last
    PHASES_TAIL ("phases_total" says how many there were)."""
    prog = {"phases": [], "result": None, "params": None}
    for line in out.splitlines():
        try:
            o = json.loads(line)
        except ValueError:
            continue
        if o.get("type") == "phase":
            prog["phases"].append(o)
        elif o.get("type") in ("result", "params"):
            prog[o["type"]] = o
    prog["phases_total"] = len(prog["phases"])
    if len(prog["phases"]) > PHASES_HEAD + PHASES_TAIL:
        prog["phases"] = prog["phases"][:PHASES_HEAD] + prog["phases"][-PHASES_TAIL:]
    return prog


# ---------------------------------------------------------------- CPU time

SCHED_POLL_S = 0.01


def schedstat(tid):
    """/proc/TID/schedstat: (ns on a CPU, ns runnable waiting for one, slices)."""
    try:
        return tuple(int(x) for x in read("/proc/%d/schedstat" % tid).split()[:3])
    except (OSError, ValueError):
        return None


def proc_status(tid, keys=("Tgid", "PPid")):
    out = {}
    try:
        for line in read("/proc/%d/status" % tid).splitlines():
            k, _, v = line.partition(":")
            if k in keys:
                out[k] = int(v)
    except (OSError, ValueError):
        pass
    return out


class SchedPoll(threading.Thread):
    """The tasks in the run's groups other than the launched programs'
    leaders: a program's other threads and the children it forks
    (madvfree's pressure child).  The kernel keeps run_delay per task
    (sched_info, shown in /proc/TID/schedstat) and adds it to no parent
    when the task is reaped (the rusage a parent collects has CPU time,
    no wait), so each such task's last reading, every SCHED_POLL_S, stands
    for it: short of the truth by at most its last SCHED_POLL_S."""

    def __init__(self, groups):
        super().__init__(daemon=True)
        self.groups = sorted(set(groups))
        self.programs = []
        self.tasks = {}   # tid -> {"owner": program pid, "stat": schedstat}
        self.done = threading.Event()

    def owner(self, tid):
        st = proc_status(tid)
        for key in ("Tgid", "PPid"):
            pid = st.get(key)
            if pid in self.programs:
                return pid
            if pid in self.tasks:
                return self.tasks[pid]["owner"]
        return None

    def sweep(self):
        for g in self.groups:
            try:
                tids = [int(t) for t in read(g + "/tasks").split()]
            except OSError:
                continue
            for tid in tids:
                if tid in self.programs:
                    continue
                stat = schedstat(tid)
                if stat is None:
                    continue
                if tid not in self.tasks:
                    self.tasks[tid] = {"owner": self.owner(tid), "stat": stat}
                self.tasks[tid]["stat"] = stat

    def run(self):
        while not self.done.wait(SCHED_POLL_S):
            self.sweep()

    def stop(self):
        self.done.set()
        self.join()


def drain(f, out, k):
    out[k] = f.read()


def reap(p, t0, out, i):
    """Wait for program @p; read its schedstat while it is a zombie (all its
    threads have exited, their times are in the leader's rusage but their
    run_delay is not), then reap it for its rusage, which holds the CPU time
    of its threads and of the children it waited for: @out[@i]."""
    os.waitid(os.P_PID, p.pid, os.WEXITED | os.WNOWAIT)
    wall = time.monotonic() - t0
    stat = schedstat(p.pid) or (0, 0, 0)
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    out[i] = {"pid": p.pid, "wall_s": round(wall, 6),
              "utime_s": round(ru.ru_utime, 6), "stime_s": round(ru.ru_stime, 6),
              "leader_run_s": stat[0] / 1e9, "leader_runq_s": stat[1] / 1e9,
              "leader_slices": stat[2], "nvcsw": ru.ru_nvcsw, "nivcsw": ru.ru_nivcsw}


def sched_summary(progs, poll):
    """A run's CPU figures: per program its wall, on-CPU time (utime + stime
    of the program, its threads and the children it reaped) and runqueue
    wait (its leader's run_delay plus the last polled run_delay of its other
    threads and its children); for the run, the sums and wall_less_runq_s,
    the latest end of a program less its own runqueue wait: the wall it
    would have had with a CPU free whenever it was runnable."""
    for p in progs:
        extra = [t["stat"] for t in poll.tasks.values() if t["owner"] == p["pid"]]
        p["others"] = len(extra)
        p["others_runq_s"] = sum(s[1] for s in extra) / 1e9
        p["on_cpu_s"] = round(p["utime_s"] + p["stime_s"], 6)
        p["runq_s"] = round(p["leader_runq_s"] + p["others_runq_s"], 6)
    stray = [s for s in poll.tasks.values() if s["owner"] is None]
    return {
        "on_cpu_s": round(sum(p["on_cpu_s"] for p in progs), 6),
        "runq_s": round(sum(p["runq_s"] for p in progs), 6),
        "wall_less_runq_s": round(max(p["wall_s"] - p["runq_s"] for p in progs), 6),
        "sched": {"poll_s": SCHED_POLL_S, "programs": progs,
                  "stray_tasks": len(stray),
                  "stray_runq_s": round(sum(t["stat"][1] for t in stray) / 1e9, 6)},
    }


# ---------------------------------------------------------------- cgroups

def memcg_facts(cg):
    """The v1 counters of memcg @cg a run records."""
    return {
        "failcnt": int(read(cg + "/memory.failcnt")),
        "max_usage_in_bytes": int(read(cg + "/memory.max_usage_in_bytes")),
        "memsw_failcnt": int(read(cg + "/memory.memsw.failcnt")),
        "memsw_max_usage_in_bytes": int(read(cg + "/memory.memsw.max_usage_in_bytes")),
        "usage_in_bytes_after": int(read(cg + "/memory.usage_in_bytes")),
        "oom_control": kv_file(cg + "/memory.oom_control"),
    }


class Driver:
    def __init__(self, args):
        self.args = args
        self.scratch = args.scratch
        self.swapfiles = set()
        self.groups = set()

    def enter_ctl(self):
        os.makedirs(CTL_CG, exist_ok=True)
        write(CTL_CG + "/memory.limit_in_bytes", CTL_LIMIT)
        write(CTL_CG + "/cgroup.procs", os.getpid())

    def make_group(self, name, limit, memsw):
        path = CG_ROOT + "/" + RUN_CG_PREFIX + name
        if os.path.exists(path):
            self.remove_group(path)
        os.mkdir(path)
        self.groups.add(path)
        write(path + "/memory.limit_in_bytes", limit)
        if memsw:
            write(path + "/memory.memsw.limit_in_bytes", memsw)
        write(path + "/memory.swappiness", 60)
        return path

    def remove_group(self, path):
        killed = 0
        # children first: a v1 group with children cannot be removed
        for child in sorted((g for g in self.groups if g.startswith(path + "/")),
                            key=len, reverse=True):
            killed += self.remove_group(child)
        for _ in range(50):
            pids = [int(p) for p in read(path + "/cgroup.procs").split()]
            if not pids:
                break
            for p in pids:
                try:
                    os.kill(p, signal.SIGKILL)
                    killed += 1
                except ProcessLookupError:
                    pass
            time.sleep(0.1)
        try:
            write(path + "/memory.force_empty", 0)
        except OSError:
            pass
        for _ in range(50):
            try:
                os.rmdir(path)
                break
            except OSError:
                time.sleep(0.1)
        self.groups.discard(path)
        return killed

    # ------------------------------------------------------------ swap
    def swap_on(self, mib):
        path = os.path.join(self.scratch, "swap%d" % mib)
        if not os.path.exists(path):
            sh(["dd", "if=/dev/zero", "of=" + path, "bs=1M", "count=%d" % mib])
            os.chmod(path, 0o600)
            sh(["mkswap", path])
        sh(["swapon", path])
        self.swapfiles.add(path)
        return path

    def swap_off(self, path):
        sh(["swapoff", path])
        self.swapfiles.discard(path)

    # ------------------------------------------------------------ files
    def scratch_file(self, name):
        path = os.path.join(self.scratch, name)
        if name.startswith("hot") or name == "stream.dat":
            mib = STREAM_MIB if name == "stream.dat" else int(name[3:5])
            if not os.path.exists(path) or os.path.getsize(path) != mib * MiB:
                # random contents: nothing compresses or dedups them
                sh(["dd", "if=/dev/urandom", "of=" + path, "bs=1M", "count=%d" % mib])
        return path

    def evict(self, files):
        out = sh([os.path.join(BIN, "filestream"), "evict"] + files).stdout
        return json.loads(out)

    def cleanup(self):
        for g in sorted(self.groups, key=len, reverse=True):
            if g in self.groups:
                self.remove_group(g)
        for s in list(self.swapfiles):
            try:
                self.swap_off(s)
            except subprocess.CalledProcessError as e:
                print("swapoff %s: %s" % (s, e.stderr), file=sys.stderr)

    def final_cleanup(self):
        self.cleanup()
        for name in os.listdir(self.scratch):
            os.unlink(os.path.join(self.scratch, name))
        os.rmdir(self.scratch)
        # the driver leaves its own memcg before removing it
        write(CG_ROOT + "/cgroup.procs", os.getpid())
        self.remove_group(CTL_CG)

    # ------------------------------------------------------------ one run
    def run(self, workload, cfg, run_no, swap_path):
        limit = cfg["limit_mib"] * MiB
        memsw = (cfg["limit_mib"] + cfg["swap_mib"]) * MiB if cfg["swap_mib"] else None
        prepare = None
        if cfg.get("files"):
            prepare = self.evict([self.scratch_file(f) for f in cfg["files"]])
        cg = self.make_group("%s-%s-%d" % (workload, cfg["config"], run_no), limit, memsw)
        # "@NAME" in an argument is the scratch file NAME
        cmds = [[re.sub(r"@([\w.]+)", lambda m: os.path.join(self.scratch, m.group(1)), a)
                 if "@" in a else (os.path.join(HERE, a) if a.startswith("build/") else a)
                 for a in c] for c in cfg["commands"]]
        shown = [" ".join(a.replace("@", "") for a in c) for c in cfg["commands"]]
        # one child group per process (grid_nested), else all in cg
        targets = [cg] * len(cmds)
        if cfg.get("children"):
            targets = []
            for name in cfg["children"]:
                child = cg + "/" + name
                os.mkdir(child)
                self.groups.add(child)
                targets.append(child)
        env = dict(os.environ, ORACLE_CG=cg)
        child_before = {t: kv_file(t + "/memory.stat") for t in targets if t != cg}
        stat_before = kv_file(cg + "/memory.stat")
        vm_before = kv_file("/proc/vmstat")
        swaps_before = proc_swaps(self.swapfiles)
        disk = disk_of(self.scratch)
        disk_before = diskstats(disk)
        sampler = subprocess.Popen([os.path.join(BIN, "cgsample"), cg, str(SAMPLE_MS)],
                                   stdout=subprocess.PIPE, text=True)

        def enter(target):
            return lambda: write(target + "/cgroup.procs", os.getpid())
        poll = SchedPoll(targets)
        t0 = time.monotonic()
        procs = [subprocess.Popen(c, cwd=self.scratch, env=env, preexec_fn=enter(t),
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                 for c, t in zip(cmds, targets)]
        poll.programs = [p.pid for p in procs]
        poll.start()
        outs = [[None, None] for _ in procs]
        readers = [threading.Thread(target=drain, args=(f, outs[i], k))
                   for i, p in enumerate(procs) for k, f in enumerate((p.stdout, p.stderr))]
        for t in readers:
            t.start()
        timed_out = set()

        def kill_all():
            for p in procs:
                timed_out.add(p.pid)
                try:
                    os.kill(p.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        timer = threading.Timer(RUN_TIMEOUT_S, kill_all)
        timer.start()
        # one waiter a program, so that each program's end is its own
        sched = [None] * len(procs)
        waiters = [threading.Thread(target=reap, args=(p, t0, sched, i))
                   for i, p in enumerate(procs)]
        for t in waiters:
            t.start()
        for t in waiters:
            t.join()
        timer.cancel()
        exits = [{"rc": p.returncode if p.returncode >= 0 else 128 - p.returncode,
                  "signal": -p.returncode if p.returncode < 0 else None,
                  "timed_out": p.pid in timed_out} for p in procs]
        wall = time.monotonic() - t0
        poll.stop()
        for t in readers:
            t.join()
        outs = [tuple(o) for o in outs]
        cpu = sched_summary(sched, poll)
        disk_after = diskstats(disk)
        vm_after = kv_file("/proc/vmstat")
        stat_after = kv_file(cg + "/memory.stat")
        memcg = memcg_facts(cg)
        children = {os.path.basename(t): dict(memcg_facts(t),
                                              memcg_stat_before=child_before[t],
                                              memcg_stat_after=kv_file(t + "/memory.stat"))
                    for t in targets if t != cg}
        sampler.send_signal(signal.SIGTERM)
        samples = [json.loads(l) for l in sampler.communicate()[0].splitlines() if l.strip()]
        swaps_after = proc_swaps(self.swapfiles)
        for f in cfg.get("remove_after", []):
            p = os.path.join(self.scratch, f)
            if os.path.exists(p):
                os.unlink(p)
        memcg["leftover_procs_killed"] = self.remove_group(cg)
        programs = [parse_program(out) for out, _ in outs]
        return {
            "workload": workload, "config": cfg["config"], "run": run_no,
            "command": shown[0] if len(shown) == 1 else " & ".join(shown),
            "commands": shown,
            "cgroup": {"limit_in_bytes": limit, "memsw_limit_in_bytes": memsw,
                       "swappiness": 60, "children": cfg.get("children", [])},
            "swap": {"enabled": bool(cfg["swap_mib"]), "file_mib": cfg["swap_mib"],
                     "file": swap_path, "active_before": swaps_before,
                     "active_after": swaps_after},
            "exit": exits[0], "exits": exits,
            "wall_s": round(wall, 6),
            # where the wall went (sched_summary): on a CPU, waiting for one
            "on_cpu_s": cpu["on_cpu_s"], "runq_s": cpu["runq_s"],
            "wall_less_runq_s": cpu["wall_less_runq_s"], "sched": cpu["sched"],
            "loadavg_before": None,
            "memcg": memcg,
            "memcg_stat_before": stat_before, "memcg_stat_after": stat_after,
            "children": children,
            "vmstat_delta": {k: vm_after[k] - vm_before.get(k, 0) for k in vm_after},
            # the whole disk's, so other processes' I/O is in it too
            "diskstats": {"disk": disk, "before": disk_before, "after": disk_after,
                          "delta": {k: disk_after[k] - disk_before.get(k, 0)
                                    for k in disk_after if k != "in_flight"}},
            "prepare": prepare,
            "program": programs[0], "other_programs": programs[1:],
            "samples_interval_ms": SAMPLE_MS, "samples": samples,
            # a program that printed JSON lines is in "program"
            "stdout_tail": ["" if p["params"] else o[0][-2000:]
                            for p, o in zip(programs, outs)],
            "stderr_tail": [o[1][-2000:] for o in outs],
        }

    def config(self, workload, cfg):
        swap_path = self.swap_on(cfg["swap_mib"]) if cfg["swap_mib"] else None
        runs = []
        try:
            for r in range(1, self.args.runs + 1):
                la = read("/proc/loadavg").strip()
                run = self.run(workload, cfg, r, swap_path)
                run["loadavg_before"] = la
                runs.append(run)
                e = run["exit"]
                print("  %s/%s run %d: exit %s%s, %.2f s, failcnt %d, pgmajfault %d, "
                      "pswpout %d, oom_kill %d" % (
                          workload, cfg["config"], r, e["rc"],
                          " (signal %d)" % e["signal"] if e["signal"] else "", run["wall_s"],
                          run["memcg"]["failcnt"],
                          run["memcg_stat_after"].get("pgmajfault", 0) -
                          run["memcg_stat_before"].get("pgmajfault", 0),
                          run["vmstat_delta"].get("pswpout", 0),
                          run["memcg"]["oom_control"].get("oom_kill", 0)), flush=True)
        finally:
            if swap_path:
                self.swap_off(swap_path)
        return {"config": cfg["config"], "description": cfg["description"],
                "limit_mib": cfg["limit_mib"], "swap_mib": cfg["swap_mib"], "runs": runs}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", help="configurations whose workload/config contains this")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(HERE), "results"))
    ap.add_argument("--scratch", default="/tmp/oracle-grid")
    ap.add_argument("--list", action="store_true", help="print the grid and exit")
    args = ap.parse_args()
    g = grid()
    if args.list:
        for w, _, cfgs in g:
            for c in cfgs:
                print("%s/%s: %s" % (w, c["config"], c["description"]))
        return 0
    if os.geteuid() != 0:
        print("run_grid: needs root (cgroups, swapon)", file=sys.stderr)
        return 1
    if not os.path.exists(CG_ROOT + "/memory.memsw.limit_in_bytes"):
        print("run_grid: needs the v1 memory controller with swap accounting at "
              + CG_ROOT, file=sys.stderr)
        return 1
    if read("/proc/swaps").strip().count("\n"):
        print("run_grid: swap is already on (/proc/swaps): the swap configurations "
              "need theirs alone", file=sys.stderr)
        return 1
    for p in ("anonfill", "filestream", "cgsample"):
        if not os.access(os.path.join(BIN, p), os.X_OK):
            print("run_grid: %s/%s missing: run make first" % (BIN, p), file=sys.stderr)
            return 1
    os.makedirs(args.out, exist_ok=True)
    os.makedirs(args.scratch, exist_ok=True)
    drv = Driver(args)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(130))
    drv.enter_ctl()
    try:
        write_json(os.path.join(args.out, "system.json"), system_facts(args.scratch))
        for workload, desc, cfgs in g:
            for c in cfgs:
                if args.only and args.only not in workload + "/" + c["config"]:
                    continue
                print("%s/%s" % (workload, c["config"]), flush=True)
                doc = {"workload": workload, "workload_description": desc,
                       "system_before": system_facts(args.scratch)}
                doc.update(drv.config(workload, c))
                doc["system_after"] = system_facts(args.scratch)
                doc["generated_utc"] = now_utc()
                os.makedirs(os.path.join(args.out, workload), exist_ok=True)
                write_json(os.path.join(args.out, workload, c["config"] + ".json"), doc)
    finally:
        drv.final_cleanup()
    return 0


def write_json(path, doc):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(doc, f, separators=(",", ":"))
        f.write("\n")
    os.replace(tmp, path)


if __name__ == "__main__":
    sys.exit(main())

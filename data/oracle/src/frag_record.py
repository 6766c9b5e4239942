#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Record the real kernel's fragmentation files around a fragmentation run.

    sudo data/oracle/src/frag_record.py [--out data/oracle/results/fragment]
        [--files 30000] [--limit-mib 1024]

Seed 004's ground truth for formats and for fragmentation on this machine.
Needs root, the cgroup v1 memory controller mounted read-write at
/sys/fs/cgroup/memory, and mount(8) for a private tmpfs.

What it does, in a fresh top-level v1 memcg (memory.limit_in_bytes =
--limit-mib, 1 GiB: the run's memory stays under it) that it moves itself
into:
  1. snapshot 'before': /proc/buddyinfo, /proc/pagetypeinfo and the
     compact_* lines of /proc/vmstat;
  2. fragmentation: on a private tmpfs (size = half the limit), --files files
     of 4-32 KiB in their own directories (shmem pages, MOVABLE, mixed
     with the dentries and inodes they need, RECLAIMABLE slab), then every
     other file deleted, so their pages come back scattered among pages
     still in use; snapshot 'fragmented';
  3. `echo 1 > /proc/sys/vm/compact_memory`; snapshot 'compacted';
  4. clean up: tmpfs unmounted, the memcg removed (also on an error; not
     after a SIGKILL, e.g. the memcg's OOM killer if --files outgrows the
     limit: then `umount /tmp/reclaimsim-frag-tmpfs; rmdir
     /sys/fs/cgroup/memory/reclaimsim-frag`).
Output in --out: buddyinfo.STAGE.txt and pagetypeinfo.STAGE.txt verbatim
(the byte-for-byte format reference for src/report/procfs.c), and run.json
with the machine, the memcg's max_usage_in_bytes, the compact_* counters
at each stage and their deltas, and the free blocks per order of each zone
at each stage.
"""
import argparse
import json
import os
import platform
import random
import shutil
import subprocess
import sys
import time

CG_ROOT = "/sys/fs/cgroup/memory"
CG = CG_ROOT + "/reclaimsim-frag"
MNT = "/tmp/reclaimsim-frag-tmpfs"


def read(path):
    with open(path) as f:
        return f.read()


def write(path, value):
    with open(path, "w") as f:
        f.write(str(value))


def compact_counters():
    out = {}
    for line in read("/proc/vmstat").splitlines():
        name, value = line.split()
        if name.startswith("compact_"):
            out[name] = int(value)
    return out


def buddy_table(text):
    """{"Node 0 DMA32": [free blocks of order 0..]} from /proc/buddyinfo."""
    zones = {}
    for line in text.splitlines():
        head, _, counts = line.partition("zone")
        fields = counts.split()
        zones["%s %s" % (head.strip().rstrip(","), fields[0])] = [int(x) for x in fields[1:]]
    return zones


def snapshot(out, stage, record):
    buddy = read("/proc/buddyinfo")
    ptype = read("/proc/pagetypeinfo")
    with open(os.path.join(out, "buddyinfo.%s.txt" % stage), "w") as f:
        f.write(buddy)
    with open(os.path.join(out, "pagetypeinfo.%s.txt" % stage), "w") as f:
        f.write(ptype)
    record["stages"][stage] = {"time": time.time(), "compact": compact_counters(),
                               "buddyinfo": buddy_table(buddy)}


def fragment(nfiles, seed):
    rng = random.Random(seed)
    paths = []
    for i in range(nfiles):
        d = os.path.join(MNT, "d%03d" % (i % 512))
        os.makedirs(d, exist_ok=True)
        p = os.path.join(d, "f%06d" % i)
        with open(p, "wb") as f:
            f.write(os.urandom(1024) * rng.choice((4, 8, 12, 16, 24, 32)))
        paths.append(p)
    for p in paths[::2]:
        os.unlink(p)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--out", default=os.path.join(here, "..", "results", "fragment"))
    ap.add_argument("--files", type=int, default=30000)
    ap.add_argument("--limit-mib", type=int, default=1024)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if os.geteuid() != 0:
        sys.exit("frag_record.py: needs root (memcg, mount, compact_memory)")
    os.makedirs(args.out, exist_ok=True)
    record = {"program": "data/oracle/src/frag_record.py", "args": vars(args),
              "kernel": platform.release(), "machine": platform.machine(),
              "page_size": os.sysconf("SC_PAGE_SIZE"), "cpus": os.cpu_count(),
              "mem_total_kb": int(read("/proc/meminfo").split()[1]), "stages": {}}
    limit = args.limit_mib << 20
    os.makedirs(CG, exist_ok=True)
    mounted = False
    try:
        write(CG + "/memory.limit_in_bytes", limit)
        write(CG + "/cgroup.procs", os.getpid())
        snapshot(args.out, "before", record)
        os.makedirs(MNT, exist_ok=True)
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=%d" % (limit // 2), "reclaimsim-frag", MNT],
                       check=True)
        mounted = True
        t0 = time.time()
        fragment(args.files, args.seed)
        record["fragment_s"] = time.time() - t0
        snapshot(args.out, "fragmented", record)
        write("/proc/sys/vm/compact_memory", 1)
        snapshot(args.out, "compacted", record)
        record["memcg_max_usage_in_bytes"] = int(read(CG + "/memory.max_usage_in_bytes"))
        record["memcg_failcnt"] = int(read(CG + "/memory.failcnt"))
    finally:
        if mounted:
            subprocess.run(["umount", MNT], check=False)
        shutil.rmtree(MNT, ignore_errors=True)
        write(CG_ROOT + "/cgroup.procs", os.getpid())
        for _ in range(50):
            try:
                os.rmdir(CG)
                break
            except OSError:
                time.sleep(0.1)
    st = record["stages"]
    record["compact_delta"] = {
        "fragment": {k: st["fragmented"]["compact"][k] - st["before"]["compact"][k]
                     for k in st["before"]["compact"]},
        "compact_memory": {k: st["compacted"]["compact"][k] - st["fragmented"]["compact"][k]
                           for k in st["before"]["compact"]},
    }
    with open(os.path.join(args.out, "run.json"), "w") as f:
        json.dump(record, f, indent=1, sort_keys=True)
        f.write("\n")
    print(json.dumps(record["compact_delta"], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

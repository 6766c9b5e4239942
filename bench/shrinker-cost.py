#!/usr/bin/env python3
"""shrinker-cost.py - the CPU a dcache/icache shrinker spends per object it
frees, on this host's kernel: the model's shrink_object_ns (src/mm/cost.c).

Each rep: drop the caches (untimed), create N objects in a scratch
directory on / (ext4), read /proc/sys/fs/dentry-state and inode-nr, then
time `echo 2 > /proc/sys/vm/drop_caches` (drop_slab(): every shrinker,
over and over until it frees little, dentries and inodes) by this
thread's CPU time (the write runs the shrinkers in its context), and read
the counters again.  Kinds: "negative" (stat() of N names that do not
exist: N negative dentries, no inode) and "positive" (N empty files
created: a dentry and an ext4 inode each).  A rep with N = 0 gives what
the drop costs with the caches already empty (the walk over every
superblock and shrinker); per object is
    (cpu_N - cpu_0) / (freed_N - freed_0)
with freed the dentries (and inodes) the drop took away, the median of
REPS.  Root; it drops the whole machine's clean caches each rep.

Usage: bench/shrinker-cost.py [N] [REPS]   (results: bench/results/shrinker-cost.txt)
"""
import os
import platform
import shutil
import statistics
import sys
import time


def counters():
    with open("/proc/sys/fs/dentry-state") as f:
        dentries = int(f.read().split()[0])
    with open("/proc/sys/fs/inode-nr") as f:
        inodes = int(f.read().split()[0])
    return dentries, inodes


def drop():
    """echo 2 > drop_caches; returns this thread's CPU time spent, in ns"""
    fd = os.open("/proc/sys/vm/drop_caches", os.O_WRONLY)
    t0 = time.clock_gettime_ns(time.CLOCK_THREAD_CPUTIME_ID)
    os.write(fd, b"2")
    t1 = time.clock_gettime_ns(time.CLOCK_THREAD_CPUTIME_ID)
    os.close(fd)
    return t1 - t0


def make(kind, d, n):
    if kind == "negative":
        for i in range(n):
            try:
                os.stat(os.path.join(d, "n%d" % i))
            except FileNotFoundError:
                pass
    else:
        for i in range(n):
            os.close(os.open(os.path.join(d, "p%d" % i), os.O_CREAT | os.O_WRONLY, 0o600))
        os.sync()  # clean inodes: drop_caches frees no dirty inode


def rep(kind, d, n):
    drop()
    make(kind, d, n)
    d0, i0 = counters()
    ns = drop()
    d1, i1 = counters()
    return ns, (d0 - d1) + (i0 - i1), d0 - d1, i0 - i1


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200000
    reps = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    base = "/var/tmp/reclaimsim-shrinker.%d" % os.getpid()
    print("kernel %s, %s, N = %d, %d reps" % (platform.release(), platform.machine(), n, reps))
    try:
        for kind in ("negative", "positive"):
            d = os.path.join(base, kind)
            os.makedirs(d)
            zero = [rep(kind, d, 0) for _ in range(reps)]
            full = [rep(kind, d, n) for _ in range(reps)]
            shutil.rmtree(d)
            z_ns = statistics.median(r[0] for r in zero)
            z_obj = statistics.median(r[1] for r in zero)
            f_ns = statistics.median(r[0] for r in full)
            f_obj = statistics.median(r[1] for r in full)
            per = [(r[0] - z_ns) / max(1, r[1] - z_obj) for r in full]
            print("%s: N=0: drop %.2f ms, %d objects freed (median); N=%d: drop %.2f ms, "
                  "%d objects freed (dentries %d, inodes %d; median)" %
                  (kind, z_ns / 1e6, z_obj, n, f_ns / 1e6, f_obj,
                   statistics.median(r[2] for r in full), statistics.median(r[3] for r in full)))
            print("  per object: %s ns; median %.0f ns" %
                  (" ".join("%.0f" % p for p in per), statistics.median(per)))
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()

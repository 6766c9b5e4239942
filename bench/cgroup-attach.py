#!/usr/bin/env python3
"""bench/cgroup-attach.py - what moving a new process into a memcg costs it.

The oracle's run_grid.py starts each program with Popen(preexec_fn=...) that
writes the child's pid to a fresh cgroup-v1 memcg's cgroup.procs between
fork and exec, and times the program's wall from before the Popen.  That
write takes cgroup_threadgroup_rwsem for writing (cgroup_attach_lock);
percpu_down_write() enters the rwsem's rcu_sync, which waits an RCU grace
period when no attach ran within the last one.  This times the write in a
forked child, N times with GAP seconds between attaches (0.2: each finds
the rcu_sync idle, as the grid's runs did; 0: each finds it still passed).
The model's [cost] rcu_gp_ns and [workload] launch = attach
(src/kernel/cgroup.c) stand for it.

usage: sudo bench/cgroup-attach.py [N] [GAP...]   (cgroup v1 memory at
/sys/fs/cgroup/memory).  Recorded: bench/results/cgroup-attach.txt.
"""
import os
import statistics
import sys
import time

MEMCG = "/sys/fs/cgroup/memory"


def attach_times(n, gap):
    times = []
    for i in range(n):
        cg = "%s/cgroup-attach-%d-%d" % (MEMCG, os.getpid(), i)
        os.mkdir(cg)
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            t0 = time.monotonic()
            with open(cg + "/cgroup.procs", "w") as f:
                f.write(str(os.getpid()))
            os.write(w, str(time.monotonic() - t0).encode())
            os._exit(0)
        os.waitpid(pid, 0)
        times.append(float(os.read(r, 64)))
        os.close(r)
        os.close(w)
        os.rmdir(cg)
        time.sleep(gap)
    return times


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    gaps = [float(g) for g in sys.argv[2:]] or [0.2, 0.0]
    with open("/proc/loadavg") as f:
        print("# load average: %s" % " ".join(f.read().split()[:3]))
    for gap in gaps:
        t = [x * 1e3 for x in attach_times(n, gap)]
        print("gap %.1f s: write to cgroup.procs, %d times: median %.2f ms, min %.2f, max %.2f"
              % (gap, n, statistics.median(t), min(t), max(t)), flush=True)


if __name__ == "__main__":
    main()

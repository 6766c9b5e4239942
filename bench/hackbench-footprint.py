#!/usr/bin/env python3
"""bench/hackbench-footprint.py - what a hackbench process holds and touches.

Runs bench/hbfoot.c (a hackbench of the 2008 structure, see its top) on the
real kernel, always inside a fresh cgroup-v1 memcg with a hard limit, and
prints:

0. at ready: `hbfoot GROUPS process BIG HOLD`, measured while the parent
   holds the go for HOLD s: every child forked and ready, no message sent:
   the memcg's kmem and rss and /proc/meminfo's deltas per task (the
   tasks' fixed kernel memory, without socket queues);
1. footprint: `hbfoot GROUPS process BIG` with a roomy limit; once every
   child is ready and the messages flow, per child /proc/PID/status (RssAnon,
   RssFile, RssShmem, VmPTE), smaps per VMA (Rss, Anonymous), the memcg's
   memory.stat and kmem usage, /proc/meminfo's KernelStack, PageTables and
   Slab deltas against before the run;
2. touch set: clear_refs (1) on every child, INTERVAL s later each VMA's
   Referenced, beside the writes and reads done meanwhile (/proc/PID/io
   syscw, syscr): the pages a task touches again and again per message;
3. swap: a swap file of SWAP MiB in SCRATCH (swapon; swapoff and removed at
   the end), the same run with the memcg's limit lowered to SQUEEZE (1 MiB)
   below the footprint's usage for HOLD s (swap-out), then raised back: per VMA
   what was swapped out and what came back in (Rss) while the messages
   went on, the children's major faults (/proc/PID/stat) and memcg
   pgmajfault;
4. a whole `hbfoot GROUPS process LOOPS` run under the low limit from the
   start, with /usr/bin/time (major faults, elapsed) and memory.stat.

usage: bench/hackbench-footprint.py [GROUPS] [LOOPS]  (root; default 4 1000)
Recorded: bench/results/hackbench-footprint.txt.
"""
import os
import re
import subprocess
import sys
import time

MEMCG = "/sys/fs/cgroup/memory"
SCRATCH = "/tmp/hb000"
HERE = os.path.dirname(os.path.abspath(__file__))
BIG = 10**8
INTERVAL = 1.0
SWAP_MB = 256
SQUEEZE = 1 << 20
HOLD = 2.0


def rd(path):
    with open(path) as f:
        return f.read()


def wr(path, val):
    with open(path, "w") as f:
        f.write(str(val))


def kv(text):
    out = {}
    for line in text.splitlines():
        m = re.match(r"(\S+?):?\s+(\d+)", line)
        if m:
            out[m.group(1)] = int(m.group(2))
    return out


def meminfo():
    return kv(rd("/proc/meminfo"))


def children(pid):
    return [int(p) for p in rd("/proc/%d/task/%d/children" % (pid, pid)).split()]


def smaps(pid):
    """[(name, {field: kB})] per VMA."""
    vmas = []
    for line in rd("/proc/%d/smaps" % pid).splitlines():
        if re.match(r"[0-9a-f]+-[0-9a-f]+ ", line):
            parts = line.split()
            name = parts[5] if len(parts) > 5 else "[anon]"
            name = os.path.basename(name) if name.startswith("/") else name
            vmas.append((name + " " + parts[1], {}))
        else:
            m = re.match(r"(\w+):\s+(\d+) kB", line)
            if m and vmas:
                vmas[-1][1][m.group(1)] = int(m.group(2))
    return vmas


def by_vma(pids, field):
    """Sum over pids of field per VMA name (kB), and the VMA count."""
    tot = {}
    for p in pids:
        if not os.path.exists("/proc/%d" % p):
            continue  # OOM-killed (counted by the caller)
        for name, f in smaps(p):
            tot[name] = tot.get(name, 0) + f.get(field, 0)
    return tot


def status_sum(pids, fields):
    tot = dict.fromkeys(fields, 0)
    for p in pids:
        s = kv(rd("/proc/%d/status" % p))
        for k in fields:
            tot[k] += s.get(k, 0)
    return tot


def io_sum(pids):
    w = r = 0
    for p in pids:
        s = kv(rd("/proc/%d/io" % p))
        w += s["syscw"]
        r += s["syscr"]
    return w, r


def majflt(pids):
    return sum(int(rd("/proc/%d/stat" % p).rsplit(")", 1)[1].split()[9]) for p in pids
               if os.path.exists("/proc/%d" % p))


def memcg_stat(cg):
    s = kv(rd(cg + "/memory.stat"))
    s["usage"] = int(rd(cg + "/memory.usage_in_bytes"))
    s["kmem"] = int(rd(cg + "/memory.kmem.usage_in_bytes"))
    return s


def start(cg, args):
    def enter():
        wr(cg + "/cgroup.procs", os.getpid())

    p = subprocess.Popen(args, stdout=subprocess.PIPE, text=True, preexec_fn=enter)
    line = p.stdout.readline()
    assert line.startswith("ready"), line
    time.sleep(0.3)  # the messages flow
    return p


def stop(cg, p):
    """Kill the run: the parent and every child (all in our memcg)."""
    p.kill()
    p.wait()
    for pid in rd(cg + "/cgroup.procs").split():
        try:
            os.kill(int(pid), 9)
        except ProcessLookupError:
            pass
    while rd(cg + "/cgroup.procs").strip():
        time.sleep(0.1)


def show_vmas(title, vals, n, unit=1):
    print("  %s (kB per task, %d tasks):" % (title, n))
    for name, v in sorted(vals.items(), key=lambda x: -x[1]):
        if v:
            print("    %-28s %8.1f" % (name, v / n / unit))


def at_ready(cg, binary, groups):
    wr(cg + "/memory.limit_in_bytes", 1 << 30)
    m0 = meminfo()
    s0 = memcg_stat(cg)
    p = start(cg, [binary, str(groups), "process", str(BIG), "5"])
    try:
        kids = children(p.pid)
        n = len(kids)
        m1 = meminfo()
        s1 = memcg_stat(cg)
        st = status_sum(kids, ["VmPTE", "RssAnon"])
        print("== 0. at ready, no message sent: %d children (kB per task)" % n)
        print("  memcg kmem %.1f rss %.1f; VmPTE %.1f RssAnon %.1f" %
              ((s1["kmem"] - s0["kmem"]) / 1024 / n, (s1["rss"] - s0["rss"]) / 1024 / n,
               st["VmPTE"] / n, st["RssAnon"] / n))
        print("  /proc/meminfo deltas: " + ", ".join(
            "%s %+.1f" % (k, (m1[k] - m0[k]) / n)
            for k in ("KernelStack", "PageTables", "Slab", "SUnreclaim")))
    finally:
        stop(cg, p)


def footprint(cg, binary, groups):
    wr(cg + "/memory.limit_in_bytes", 1 << 30)
    m0 = meminfo()
    p = start(cg, [binary, str(groups), "process", str(BIG)])
    try:
        return footprint_run(cg, p, groups, m0)
    finally:
        stop(cg, p)


def footprint_run(cg, p, groups, m0):
    kids = children(p.pid)
    n = len(kids)
    m1 = meminfo()
    st = status_sum(kids, ["VmRSS", "RssAnon", "RssFile", "RssShmem", "VmPTE", "VmSwap"])
    cgs = memcg_stat(cg)
    print("== 1. footprint: %d children of `hbfoot %d process %d` (kB per task)" % (n, groups, BIG))
    for k, v in st.items():
        print("  %-10s %8.1f" % (k, v / n))
    print("  VMAs per task: %.1f" % (sum(len(smaps(k)) for k in kids) / n))
    show_vmas("Rss by VMA", by_vma(kids, "Rss"), n)
    show_vmas("Anonymous by VMA", by_vma(kids, "Anonymous"), n)
    print("  memcg (whole group, parent included, bytes):")
    for k in ("usage", "kmem", "rss", "cache", "mapped_file", "shmem", "swap", "pgmajfault"):
        print("    %-12s %12d  (%.1f kB per task)" % (k, cgs.get(k, 0), cgs.get(k, 0) / 1024 / n))
    print("  /proc/meminfo deltas (whole machine, noisy; kB per task):")
    for k in ("KernelStack", "PageTables", "Slab", "SUnreclaim"):
        print("    %-12s %+8.1f" % (k, (m1[k] - m0[k]) / n))
    print("  memcg kmem slabs (name active_objs objsize):")
    for line in rd(cg + "/memory.kmem.slabinfo").splitlines()[2:]:
        f = line.split()
        if int(f[1]) * int(f[3]) >= 64 * 1024:
            print("    %-24s %8s x %5s B = %7.1f kB per task" %
                  (f[0], f[1], f[3], int(f[1]) * int(f[3]) / 1024 / n))

    print("== 2. touch set: clear_refs, %.1f s of messages, Referenced" % INTERVAL)
    for k in kids:
        wr("/proc/%d/clear_refs" % k, 1)
    w0, r0 = io_sum(kids)
    time.sleep(INTERVAL)
    ref = by_vma(kids, "Referenced")
    w1, r1 = io_sum(kids)
    print("  writes %d reads %d in the interval (%.0f syscalls per task)" %
          (w1 - w0, r1 - r0, (w1 - w0 + r1 - r0) / n))
    show_vmas("Referenced by VMA", ref, n)
    print("  Referenced total %.1f kB per task" % (sum(ref.values()) / n))
    return cgs["usage"], cgs["kmem"]


def swapfile():
    path = SCRATCH + "/swapfile"
    subprocess.run(["dd", "if=/dev/zero", "of=" + path, "bs=1M", "count=%d" % SWAP_MB],
                   check=True, capture_output=True)
    os.chmod(path, 0o600)
    subprocess.run(["mkswap", path], check=True, capture_output=True)
    subprocess.run(["swapon", "-p", "100", path], check=True)  # ours, not another swap file
    return path


def low_limit(usage, kmem):
    """SQUEEZE below the footprint's usage: the socket buffers (kmem) swing
    by ~3 MiB, so reclaim swaps out most of the anon memory; 4 MiB lower
    the memcg OOM-kills."""
    return usage - SQUEEZE


def swapout(cg, binary, groups, usage, kmem):
    low = low_limit(usage, kmem)
    wr(cg + "/memory.limit_in_bytes", 1 << 30)
    p = start(cg, [binary, str(groups), "process", str(BIG)])
    try:
        swapout_run(cg, p, low)
    finally:
        stop(cg, p)


def set_limit(cg, val):
    """memory.limit_in_bytes is EBUSY while kmem is above: retry."""
    for _ in range(20):
        try:
            return wr(cg + "/memory.limit_in_bytes", val)
        except OSError:
            time.sleep(0.2)
    raise OSError("limit %d not reached" % val)


def swapout_run(cg, p, low):
    kids = children(p.pid)
    n = len(kids)
    peak = 0
    for _ in range(10):  # the usage swings with the socket queues
        peak = max(peak, int(rd(cg + "/memory.usage_in_bytes")))
        time.sleep(0.1)
    low = peak - SQUEEZE
    f0, s0 = majflt(kids), memcg_stat(cg)
    set_limit(cg, low)
    time.sleep(HOLD)
    out = by_vma(kids, "Swap")
    rss_low = status_sum(kids, ["VmRSS", "RssAnon", "VmSwap"])
    alive = [k for k in kids if os.path.exists("/proc/%d" % k)]
    print("  %d of %d children alive at the low limit %d" % (len(alive), n, low))
    kids = alive
    f1 = majflt(kids)
    wr(cg + "/memory.limit_in_bytes", 1 << 30)
    w0, r0 = io_sum(kids)
    time.sleep(INTERVAL)
    w1, r1 = io_sum(kids)
    back = by_vma(kids, "Swap")
    f2, s2 = majflt(kids), memcg_stat(cg)
    print("== 3. swap-out: limit %d -> %d bytes for %.1f s, then back to 1 GiB for %.1f s" %
          (1 << 30, low, HOLD, INTERVAL))
    print("  at the low limit, per task: VmRSS %.1f RssAnon %.1f VmSwap %.1f kB" %
          (rss_low["VmRSS"] / n, rss_low["RssAnon"] / n, rss_low["VmSwap"] / n))
    show_vmas("Swap by VMA at the low limit", out, n)
    came = {k: out[k] - back.get(k, 0) for k in out}
    show_vmas("swapped in again within %.1f s of raising the limit" % INTERVAL, came, n)
    print("  children's major faults: %d under the low limit, %d after (%.2f per task)" %
          (f1 - f0, f2 - f1, (f2 - f1) / n))
    print("  memcg pgmajfault %d, swap %d bytes at the end; %d writes %d reads meanwhile" %
          (s2["pgmajfault"] - s0["pgmajfault"], s2["swap"], w1 - w0, r1 - r0))


def whole(cg, binary, groups, loops, usage, kmem):
    low = low_limit(usage, kmem)
    set_limit(cg, low)
    s0 = memcg_stat(cg)
    r = subprocess.run(["/usr/bin/time", binary, str(groups), "process", str(loops)],
                       capture_output=True, text=True,
                       preexec_fn=lambda: wr(cg + "/cgroup.procs", os.getpid()))
    s1 = memcg_stat(cg)
    print("== 4. `hbfoot %d process %d` under a %d-byte limit from the start" % (groups, loops, low))
    print("  " + " | ".join(x for x in (r.stdout + r.stderr).splitlines() if x))
    print("  memcg pgmajfault %d pgpgout %d" % (s1["pgmajfault"] - s0["pgmajfault"],
                                                 s1["pgpgout"] - s0["pgpgout"]))


def main():
    groups = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    loops = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    os.makedirs(SCRATCH, exist_ok=True)
    binary = SCRATCH + "/hbfoot"
    subprocess.run(["gcc", "-O2", "-o", binary, HERE + "/hbfoot.c"], check=True)
    print("kernel %s, page size %d" % (os.uname().release, os.sysconf("SC_PAGE_SIZE")))
    cg = "%s/hbfoot-%d" % (MEMCG, os.getpid())
    os.mkdir(cg)
    wr(cg + "/memory.limit_in_bytes", 1 << 30)
    print(subprocess.run([binary, "probe"], capture_output=True, text=True,
                         preexec_fn=lambda: wr(cg + "/cgroup.procs", os.getpid())).stdout.strip())
    sw = None
    try:
        at_ready(cg, binary, groups)
        usage, kmem = footprint(cg, binary, groups)
        sw = swapfile()
        swapout(cg, binary, groups, usage, kmem)
        whole(cg, binary, groups, loops, usage, kmem)
    finally:
        if sw:
            subprocess.run(["swapoff", sw])
            os.remove(sw)
        time.sleep(0.5)
        os.rmdir(cg)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""
swapout-trace.py: what activates grid_disk/swapout_a80_swap32's pages on
the real kernel (issue 21; docs/oracle.md "Pages under writeback in
reclaim, and grid_disk/swapout's two modes").

Runs anonfill --mib 80 --passes 0 as the oracle grid runs it (a fresh v1
memcg with a 64 MiB hard limit and memsw limit 96 MiB, a 32 MiB swap file
in a scratch directory) RUNS times, with the vmscan tracepoints
mm_vmscan_lru_shrink_inactive and mm_vmscan_write_folio recorded in a
tracefs instance of its own (removed at the end, so the top-level tracing
state is untouched).  Per run it prints pswpout, pgactivate and
nr_vmscan_write (/proc/vmstat deltas), the sums of the tracepoint's fields
over anonfill's own reclaim calls, and how the anon activations split
between the calls before and after the run's written pages reached the
swap file's size (a full swap: folio_alloc_swap fails), and those with
nr_writeback > 0 (shrink_folio_list's writeback case 2).  For each
invocation of memcg reclaim that went down to priority 2 or below it
prints its writes and, from the block tracepoints (any task, any device),
how many write requests were issued and completed while it ran, and
whether it began with requests already in anonfill's plug (an outer
blk_plug, e.g. swap readahead's, holds every write the reclaim submits).

Needs root, the v1 memory controller at /sys/fs/cgroup/memory with swap
accounting, tracefs at /sys/kernel/tracing.  The swap file is swapped off
and deleted, the memcgs and the trace instance removed, also on error.

  bench/swapout-trace.py [--runs N] [--anonfill PATH] [--scratch DIR]
"""
import argparse, json, os, re, subprocess, sys, tempfile, time

CG_ROOT = "/sys/fs/cgroup/memory"
TRACE = "/sys/kernel/tracing"
INST = TRACE + "/instances/reclaimsim-swtrace"
EVENTS = ("vmscan/mm_vmscan_lru_shrink_inactive", "vmscan/mm_vmscan_write_folio",
          "vmscan/mm_vmscan_memcg_reclaim_begin", "vmscan/mm_vmscan_memcg_reclaim_end",
          "block/block_bio_queue", "block/block_rq_issue", "block/block_rq_complete",
          "block/block_plug", "block/block_unplug")
LIMIT_MIB, SWAP_MIB, FILL_MIB = 64, 32, 80
MiB = 1 << 20
FIELDS = ("nr_scanned", "nr_reclaimed", "nr_dirty", "nr_writeback", "nr_congested",
          "nr_immediate", "nr_activate_anon", "nr_activate_file", "nr_ref_keep",
          "nr_unmap_fail")
VMSTAT = ("pswpout", "pgactivate", "nr_vmscan_write", "pgscan_anon", "pgsteal_anon",
          "pgrotated", "nr_vmscan_immediate_reclaim")


def wr(path, text):
    with open(path, "w") as f:
        f.write(text)


def vmstat():
    out = {}
    with open("/proc/vmstat") as f:
        for line in f:
            k, v = line.split()
            out[k] = int(v)
    return out


def swap_used(path):
    with open("/proc/swaps") as f:
        for line in f:
            if line.split()[0] == path:
                return int(line.split()[3])
    return None


def parse(trace, pid):
    """anonfill's reclaim calls, in order: ('w', 1) for a write_folio,
    ('s', {field: n}) for a shrink_inactive, ('b', gfp) and ('e', n) for
    the begin and end of a try_to_free_mem_cgroup_pages (each after a
    ('t', time)); (block event, (time, sector, sectors)) for every write
    request on any device, by any task; ('p', True) when anonfill's plug
    takes its first request (block_plug), ('p', False) when it is flushed
    (block_unplug)."""
    calls = []
    for line in trace.splitlines():
        m = re.match(r"\s*\S+-(\d+)\s+\[.*?\s(\d+\.\d+):", line)
        if not m:
            continue
        t = float(m.group(2))
        b = re.search(r"(block_bio_queue|block_rq_issue|block_rq_complete): \d+,\d+ (\S+) "
                      r"(?:\d+ )?\(?\)? ?(\d+) \+ (\d+)", line)
        if b and "W" in b.group(2):
            calls.append((b.group(1), (t, int(b.group(3)), int(b.group(4)))))
            continue
        if int(m.group(1)) != pid:
            continue
        if "block_plug:" in line or "block_unplug:" in line:
            calls.append(("p", "block_plug:" in line))
            continue
        if "mm_vmscan_memcg_reclaim_begin:" in line or "mm_vmscan_memcg_reclaim_end:" in line:
            calls.append(("t", t))
        if "mm_vmscan_write_folio:" in line:
            calls.append(("w", 1))
        elif "mm_vmscan_lru_shrink_inactive:" in line:
            f = {k: int(v) for k, v in re.findall(r"(\w+)=(-?\d+)", line)}
            calls.append(("s", f))
        elif "mm_vmscan_memcg_reclaim_begin:" in line:
            calls.append(("b", line.split("gfp_flags=")[1].strip()))
        elif "mm_vmscan_memcg_reclaim_end:" in line:
            calls.append(("e", int(line.split("nr_reclaimed=")[1])))
    return calls


def one_run(i, args, swapfile):
    cg = os.path.join(CG_ROOT, "swtrace-run%d" % i)
    os.mkdir(cg)
    try:
        wr(cg + "/memory.limit_in_bytes", str(LIMIT_MIB * MiB))
        wr(cg + "/memory.memsw.limit_in_bytes", str((LIMIT_MIB + SWAP_MIB) * MiB))
        wr(INST + "/trace", "")
        wr(INST + "/tracing_on", "1")
        before = vmstat()
        p = subprocess.Popen([args.anonfill, "--mib", str(FILL_MIB), "--passes", "0"],
                             stdout=subprocess.PIPE,
                             preexec_fn=lambda: wr(cg + "/cgroup.procs", str(os.getpid())))
        out, _ = p.communicate()
        after = vmstat()
        wr(INST + "/tracing_on", "0")
        with open(INST + "/trace") as f:
            trace = f.read()
        wr(INST + "/trace", "")
        if args.keep_trace:
            wr(os.path.join(args.keep_trace, "run%d.txt" % (i + 1)), trace)
        m = re.search(r"entries-in-buffer/entries-written: (\d+)/(\d+)", trace)
        lost = int(m.group(2)) - int(m.group(1)) if m else -1
    finally:
        for _ in range(50):
            try:
                os.rmdir(cg)
                break
            except OSError:
                time.sleep(0.1)
    delta = {k: after.get(k, 0) - before.get(k, 0) for k in VMSTAT}
    calls = parse(trace, p.pid)
    sums = {k: 0 for k in FIELDS}
    writes = 0
    act_before_full = act_after_full = act_wb = 0
    first_act_at = None
    slots = SWAP_MIB * MiB // 4096 - 1  # the header page
    # the deep invocations (priority <= 2): shrink calls, writes, reclaimed
    inv, deep, gfps, now = None, [], set(), 0.0
    issued = {}
    plugged, entered_plugged = False, []
    for kind, f in calls:
        if kind == "t":
            now = f
            continue
        if kind == "p":
            plugged = f
            continue
        if kind.startswith("block_"):
            t, sector, n = f
            if kind == "block_rq_issue":
                issued[sector] = t
            if inv:
                inv[kind] += 1
                if kind == "block_rq_complete" and sector in issued:
                    inv["lat"].append(t - issued[sector])
            continue
        if kind == "b":
            inv = {"calls": 0, "scanned": 0, "writes": 0, "reclaimed": 0, "prio": 12,
                   "act": 0, "writes_before": writes, "t0": now, "block_bio_queue": 0,
                   "block_rq_issue": 0, "block_rq_complete": 0, "lat": [],
                   "plugged": plugged}
            gfps.add(f)
            continue
        if kind == "e":
            if inv and inv["plugged"]:
                entered_plugged.append((inv["writes"], inv["prio"]))
            if inv and inv["prio"] <= 2:
                inv["ms"] = (now - inv["t0"]) * 1e3
                deep.append(inv)
            inv = None
            continue
        if kind == "w":
            writes += 1
            if inv:
                inv["writes"] += 1
            continue
        if inv:
            inv["calls"] += 1
            inv["scanned"] += f.get("nr_scanned", 0)
            inv["reclaimed"] += f.get("nr_reclaimed", 0)
            inv["act"] += f.get("nr_activate_anon", 0)
            inv["prio"] = min(inv["prio"], f.get("priority", 12))
        for k in FIELDS:
            sums[k] += f.get(k, 0)
        a = f.get("nr_activate_anon", 0)
        if a and first_act_at is None:
            first_act_at = writes
        if f.get("nr_writeback", 0):
            act_wb += a
        if writes >= slots:
            act_after_full += a
        else:
            act_before_full += a
    last = None
    for line in out.decode().splitlines():
        if '"type":"phase"' in line:
            last = line
    return {"rc": p.returncode, "deep": deep, "entered_plugged": entered_plugged, "gfps": gfps,
            "invocations": sum(1 for k, _ in calls if k == "b"), "delta": delta, "sums": sums, "writes": writes,
            "calls": sum(1 for k, _ in calls if k == "s"), "first_act_at": first_act_at,
            "act_before_full": act_before_full, "act_after_full": act_after_full,
            "act_wb": act_wb, "lost": lost, "swap_used_after": swap_used(swapfile),
            "phase": last}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=8)
    ap.add_argument("--anonfill", default=os.path.join(here, "../data/oracle/src/build/anonfill"))
    ap.add_argument("--scratch", default=None)
    ap.add_argument("--keep-trace", default=None, help="write each run's trace to DIR/runN.txt")
    args = ap.parse_args()
    scratch = tempfile.mkdtemp(prefix="swtrace-", dir=args.scratch or "/var/tmp")
    swapfile = os.path.join(scratch, "swap%d" % SWAP_MIB)
    ctl = os.path.join(CG_ROOT, "swtrace-ctl")
    os.mkdir(ctl)
    wr(ctl + "/memory.limit_in_bytes", str(1 << 30))
    wr(ctl + "/cgroup.procs", str(os.getpid()))
    swapped = False
    os.mkdir(INST)
    try:
        wr(INST + "/buffer_size_kb", "8192")
        for e in EVENTS:
            wr(INST + "/events/%s/enable" % e, "1")
        subprocess.run(["dd", "if=/dev/zero", "of=" + swapfile, "bs=1M",
                        "count=%d" % SWAP_MIB], check=True, capture_output=True)
        os.chmod(swapfile, 0o600)
        subprocess.run(["mkswap", swapfile], check=True, capture_output=True)
        subprocess.run(["swapon", swapfile], check=True)
        swapped = True
        print("# anonfill --mib %d --passes 0, v1 memcg limit %d MiB memsw %d MiB, swap file "
              "%d MiB, kernel %s, load %s" % (FILL_MIB, LIMIT_MIB, LIMIT_MIB + SWAP_MIB,
                                              SWAP_MIB, os.uname().release,
                                              open("/proc/loadavg").read().split()[0]))
        print("run mode pswpout pgactivate vmscan_write write_folio calls nr_scanned "
              "nr_reclaimed nr_writeback nr_immediate nr_congested nr_dirty act_anon "
              "act_file ref_keep unmap_fail act_wb first_act_at act_before_full "
              "act_after_full swap_used_after_kib lost")
        for i in range(args.runs):
            r = one_run(i, args, swapfile)
            d, s = r["delta"], r["sums"]
            mode = "high" if d["pgactivate"] > 1000 else "low"
            print("%d %s %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %s %d %d %s %d" % (
                i + 1, mode, d["pswpout"], d["pgactivate"], d["nr_vmscan_write"], r["writes"],
                r["calls"], s["nr_scanned"], s["nr_reclaimed"], s["nr_writeback"],
                s["nr_immediate"], s["nr_congested"], s["nr_dirty"], s["nr_activate_anon"],
                s["nr_activate_file"], s["nr_ref_keep"], s["nr_unmap_fail"], r["act_wb"],
                r["first_act_at"], r["act_before_full"], r["act_after_full"],
                r["swap_used_after"], r["lost"]), flush=True)
            print("#   %d reclaim invocations (gfp %s); %d entered with requests in anonfill's "
                  "plug (writes, lowest priority: %s); %d down to priority <= 2:" % (
                      r["invocations"], ",".join(sorted(r["gfps"])),
                      len(r["entered_plugged"]),
                      " ".join("%d,%d" % x for x in r["entered_plugged"]), len(r["deep"])))
            for b in r["deep"]:
                lat = sorted(b["lat"]) or [0.0]
                print("#     %s%.1f ms, %d shrink calls, scanned %d, wrote %d (%d written before "
                      "it), reclaimed %d, activated %d, lowest priority %d; write bios queued "
                      "%d, requests issued %d, completed %d (issue to completion: median "
                      "%.2f ms, max %.2f ms)" % (
                          "plugged: " if b["plugged"] else "", b["ms"], b["calls"], b["scanned"], b["writes"], b["writes_before"],
                          b["reclaimed"], b["act"], b["prio"], b["block_bio_queue"],
                          b["block_rq_issue"], b["block_rq_complete"],
                          lat[len(lat) // 2] * 1e3, lat[-1] * 1e3))
            m = json.loads(r["phase"])["memstat"] if r["phase"] else {}
            print("#   end of the fill, pages: " + " ".join(
                "%s %d" % (k, m.get(k, 0) // 4096)
                for k in ("rss", "swapcached", "inactive_anon", "active_anon", "swap")),
                flush=True)
    finally:
        if swapped:
            subprocess.run(["swapoff", swapfile])
        if os.path.exists(swapfile):
            os.unlink(swapfile)
        os.rmdir(scratch)
        for e in EVENTS:
            wr(INST + "/events/%s/enable" % e, "0")
        wr(INST + "/trace", "")
        os.rmdir(INST)
        wr(CG_ROOT + "/cgroup.procs", str(os.getpid()))
        os.rmdir(ctl)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Extract the real-kernel counters of shared/oracle/results into the small
committed file data/oracle/summary.json, which `reclaimsim oracle` and
tests/test_oracle.c read on a clean checkout without shared/.

For every configuration of anonfill, filewrite and fileread (madvfree is
compared elsewhere) it writes the config name, its description and command,
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
           hot_resident_final, stream_resident_final

pgmajfault is the memcg's own figure, not /proc/vmstat's: the oracle README
says the fault and I/O counters in /proc/vmstat include the host's
background noise, while the memcg counts only the workload.  A counter no
run has a value for (the program's result when it was OOM-killed before
printing it) is left out.  Lists (fileread's hot_miss per pass) go to
"lists" with element-wise min, max and mean.

Every figure that the oracle's own summary[] also holds is checked against
it, so that a wrong path in this script fails here instead of slipping into
the committed file.

Usage: tools/extract_oracle_summary.py [--oracle DIR] [--out FILE]
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
}
WORKLOADS = ["anonfill", "filewrite", "fileread"]

VMSTAT = ["pgscan_anon", "pgscan_file", "pgsteal_anon", "pgsteal_file", "pswpin", "pswpout"]

# The program result figures each workload reports (hot_miss_first/last are
# derived from the per-pass list, see program_value()).
PROGRAM = {
    "anonfill": ["retouch_majflt", "retouch_minflt"],
    "filewrite": [],
    "fileread": ["hot_miss_total", "hot_miss_first", "hot_miss_last",
                 "hot_resident_final", "stream_resident_final"],
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
}
SUMMARY_KEY.update({v: v for v in VMSTAT})


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


def program_value(run, name):
    res = (run.get("program") or {}).get("result")
    if not res:
        return None
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
    c.append(counter("exit_signal", "run", "signal", "exact",
                     [exit_signal(r) for r in runs], "exit.signal, exit.rc 137 = 9"))
    c.append(counter("wall_s", "run", "s", "measure",
                     [r["wall_s"] for r in runs], "wall_s"))
    for name in PROGRAM[workload]:
        values = [program_value(r, name) for r in runs]
        if all(v is None for v in values):
            continue
        origin = "program.result." + name
        if name in ("hot_miss_first", "hot_miss_last"):
            which = "[0]" if name == "hot_miss_first" else "[-1]"
            origin = "program.result.passes%s.hot_miss" % which
        c.append(counter(name, "program", "pages", "count", values, origin))
    return c


def config_lists(workload, runs):
    if workload != "fileread":
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
        "about": "Real-kernel counters of the oracle runs (shared/oracle/results), "
                 "per configuration; written by tools/extract_oracle_summary.py, "
                 "read by `reclaimsim oracle`. See docs/oracle.md.",
        "kernel": kernel,
        "sources": [w + ".json" for w in WORKLOADS],
        "configs": configs,
    }


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
                    help="directory holding anonfill.json, filewrite.json, fileread.json")
    ap.add_argument("--out", default=os.path.join(repo, "data", "oracle", "summary.json"))
    args = ap.parse_args()
    try:
        doc = extract(args.oracle, repo)
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

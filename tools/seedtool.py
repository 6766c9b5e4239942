"""seedtool.py - what the tools/seedNNN.py scripts share: the repository
they belong to (they run from any directory), their runs (a `reclaimsim
sweep` grid) and how they end."""

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECLAIMSIM = os.path.join(ROOT, "build", "reclaimsim")


def run_main(main):
    """sys.exit(main()): a failed reclaimsim run or an OS error ends in
    one line naming the script, exit status 1, not a traceback."""
    prog = os.path.basename(sys.argv[0])
    try:
        sys.exit(main())
    except subprocess.CalledProcessError as e:
        sys.exit("%s: %s exited with status %d" % (prog, " ".join(e.cmd), e.returncode))
    except (OSError, ValueError) as e:
        sys.exit("%s: %s" % (prog, e))


def grid_sets(sets):
    """A tool's --set KEY=VALUE list as [grid] lines of one value each: an
    axis that multiplies nothing, applied after the grid keys above it (a
    [set] line would apply before them, and policy.kernel sets the keys
    of its profile)."""
    text = ""
    for s in sets:
        key, sep, value = s.partition("=")
        if not sep or '"' in value:
            raise ValueError("--set %s: expected KEY=VALUE (no '\"' in VALUE)" % s)
        text += '%s = "%s"\n' % (key, value)
    return text


def sweep(reclaimsim, grid, tmp, name, jobs=0, options=(), output=None):
    """Run `reclaimsim sweep` on the grid text @grid (written to
    tmp/NAME.grid) and return its lines as dicts, in (point, seed) order.
    The grid names the repository's scenarios as scenarios/FILE.ini, a
    symlink in @tmp (a grid line holds 198 characters).  @jobs: runs at
    a time (0: sweep's default, the CPU count); @output: sweep --output
    (resumable), read back."""
    link = os.path.join(tmp, "scenarios")
    if not os.path.islink(link):
        os.symlink(os.path.join(ROOT, "scenarios"), link)
    path = os.path.join(tmp, name + ".grid")
    with open(path, "w") as f:
        f.write(grid)
    cmd = [reclaimsim, "sweep", path] + list(options)
    if jobs:
        cmd += ["--jobs", str(jobs)]
    if output:
        subprocess.run(cmd + ["--output", output], check=True)
        with open(output) as f:
            out = f.read()
    else:
        out = subprocess.run(cmd, check=True, stdout=subprocess.PIPE,
                             universal_newlines=True).stdout
    return [json.loads(line) for line in out.splitlines()]


# A headline row's noise floor: a change smaller than this fraction of A is
# "within noise" even where the runs' own spread is 0 (the model is
# deterministic per seed, the seed's figures are rounded).
NOISE_FLOOR = 0.05


def moves(a, b, noise):
    """Does B differ from A by more than the noise (and the floor)?"""
    return abs(b - a) > max(noise, NOISE_FLOOR * abs(a))


def verdict(sa, sb, sn, oa, ob, on):
    """REMEASURE.md's rule for a headline row: seed A -> B against ours.

    Where the seed's change is within its noise sn, reproduced = ours within
    our noise on too; else ours must move the seed's way with B/A within
    x1.5 of the seed's.  B/A = 0 (a figure that goes to 0) matches only
    another 0; A = 0 with B > 0 (no ratio) matches the same."""
    if not moves(sa, sb, sn):
        return not moves(oa, ob, on)
    if not moves(oa, ob, on) or (ob - oa) * (sb - sa) <= 0:
        return False
    if sa == 0 or oa == 0:
        return sa == 0 and oa == 0
    sr, r = sb / sa, ob / oa
    if sr == 0 or r == 0:
        return sr == r
    return 1 / 1.5 <= r / sr <= 1.5


def ratio(a, b):
    return "-" if a == 0 else "%.2f" % (b / a)


def headline(rows, fmt="%.2f"):
    """Print the headline rows, (name, seed A, seed B, seed noise, ours A,
    ours B, ours noise[, format]) each, as a Markdown table with the
    verdicts and the count reproduced."""
    print("| row | seed A | seed B | seed B/A | ours A | ours B | ours B/A | verdict |")
    print("|---|---|---|---|---|---|---|---|")
    n = 0
    for row in rows:
        name, sa, sb, sn, oa, ob, on = row[:7]
        f = row[7] if len(row) > 7 else fmt
        ok = verdict(sa, sb, sn, oa, ob, on)
        n += ok
        seed_ratio = ratio(sa, sb) if moves(sa, sb, sn) else ratio(sa, sb) + " (noise)"
        ours_ratio = ratio(oa, ob) if moves(oa, ob, on) else ratio(oa, ob) + " (noise)"
        print("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
            name, f % sa, f % sb, seed_ratio, f % oa, f % ob, ours_ratio,
            "reproduced" if ok else "not reproduced"))
    print()
    print("reproduced: %d of %d" % (n, len(rows)))

#!/bin/sh
# sweep.sh - end-to-end tests of `reclaimsim sweep` and of long runs:
# the grid's lists and ranges, --jobs N giving the lines of --jobs 1,
# resuming, --summary, --print-commands, bad grids named by FILE:LINE;
# the progress line on a terminal and Ctrl-C (the report so far, marked
# interrupted, a complete CSV, exit 130); and a real single-node Slurm
# (Debian's slurmctld, slurmd and munge, configured here for localhost and
# stopped afterwards) whose collected lines equal the local run's.
set -u
BIN=${RECLAIMSIM_BIN:-build/reclaimsim}
ROOT=$(cd "${RECLAIMSIM_ROOT:-.}" && pwd)
case $BIN in /*) ;; *) BIN=$(pwd)/$BIN ;; esac
TMP=$(mktemp -d)
SLURM_PIDS=
cleanup() {
	# only the daemons this test started, by the pids they wrote
	for f in $SLURM_PIDS; do
		[ -s "$f" ] || continue
		pid=$(cat "$f")
		kill "$pid" 2>/dev/null
		i=0
		while kill -0 "$pid" 2>/dev/null && [ $i -lt 50 ]; do
			sleep 0.1
			i=$((i + 1))
		done
	done
	rm -rf "$TMP"
}
trap cleanup EXIT
fails=0

ok() { echo "ok   $1"; }
fail() { echo "FAIL $1"; fails=$((fails + 1)); }

# A small grid: 2 keys x 2 values x 2 seeds of a 0.2 s scenario.
cat >"$TMP/grid.ini" <<EOF
; a test grid
[sweep]
scenario = $ROOT/scenarios/anonfill-over-swap-seq.ini
seeds = 1..2
figures = time.elapsed_s, vmstat.pswp*
[set]
workload.anonfill.passes = 2
[grid]
sysctl.swappiness = 0..100 +100
workload.anonfill.size = 160M, 192M
EOF

"$BIN" sweep "$TMP/grid.ini" --jobs 1 >"$TMP/j1" 2>"$TMP/err" || { fail "sweep --jobs 1"; cat "$TMP/err"; }
"$BIN" sweep "$TMP/grid.ini" --jobs 2 >"$TMP/j2" 2>"$TMP/err" || { fail "sweep --jobs 2"; cat "$TMP/err"; }
if [ "$(wc -l <"$TMP/j1")" -eq 8 ] && cmp -s "$TMP/j1" "$TMP/j2"; then
	ok "sweep: 8 lines, --jobs 2 = --jobs 1"
else
	fail "sweep: --jobs 2 differs from --jobs 1 (or not 8 lines)"
fi
# the order: point 1 seeds 1, 2, then point 2 ...; the last key fastest
if sed -n 3p "$TMP/j1" | grep -q '^{"point":2,"seed":1,"keys":{"sysctl.swappiness":"0","workload.anonfill.size":"192M"},"figures":{"time.elapsed_s":' &&
	sed -n 8p "$TMP/j1" | grep -q '"point":4,"seed":2,"keys":{"sysctl.swappiness":"100","workload.anonfill.size":"192M"}'; then
	ok "sweep: lines in (point, seed) order, keys and figures"
else
	fail "sweep: line order or format"; head -3 "$TMP/j1"
fi
if grep -q '"vmstat.pswpin"' "$TMP/j1" && ! grep -q '"vmstat.pgscan' "$TMP/j1"; then
	ok "sweep: figures = kept only the patterns"
else
	fail "sweep: figures filter"
fi
# a line is `run --json`'s figures: the same elapsed time
want=$("$BIN" run "$ROOT/scenarios/anonfill-over-swap-seq.ini" --set workload.anonfill.passes=2 \
	--set sysctl.swappiness=100 --set workload.anonfill.size=192M --seed 2 --json |
	sed -n 's/.*"elapsed_s":[[:space:]]*\([0-9.]*\).*/\1/p' | head -1)
if sed -n 8p "$TMP/j1" | grep -q "\"time.elapsed_s\":$want,"; then
	ok "sweep: a line's figure is run's ($want s)"
else
	fail "sweep: point 4 seed 2 elapsed is not run's $want"
fi

# --traces DIR: each run's trace (run --trace's bytes), its file named by
# the point's keys and the seed and named in the line; --jobs 2 = --jobs 1
"$BIN" sweep "$TMP/grid.ini" --jobs 1 --traces "$TMP/tr1" >"$TMP/t1" 2>"$TMP/err"
"$BIN" sweep "$TMP/grid.ini" --jobs 2 --traces "$TMP/tr2" >"$TMP/t2" 2>>"$TMP/err"
name="p4,sysctl.swappiness=100,workload.anonfill.size=192M,seed=2.trace"
"$BIN" run "$ROOT/scenarios/anonfill-over-swap-seq.ini" --set workload.anonfill.passes=2 \
	--set sysctl.swappiness=100 --set workload.anonfill.size=192M --seed 2 --json \
	--trace "$TMP/run.trace" >/dev/null 2>&1
if [ "$(ls "$TMP/tr1" | wc -l)" -eq 8 ] && sed -n 8p "$TMP/t1" | grep -q "^{\"point\":4,\"seed\":2,\"keys\":{[^}]*},\"trace\":\"$TMP/tr1/$name\",\"figures\":" &&
	cmp -s "$TMP/tr1/$name" "$TMP/run.trace" && [ -s "$TMP/run.trace" ]; then
	ok "sweep --traces: 8 traces, point 4 seed 2's is run --trace's, in $name"
else
	fail "sweep --traces"; ls "$TMP/tr1"; sed -n 8p "$TMP/t1"; cat "$TMP/err"
fi
same=yes
for f in "$TMP/tr1"/*; do cmp -s "$f" "$TMP/tr2/${f##*/}" || same=no; done
if [ $same = yes ] && sed "s|$TMP/tr2/|$TMP/tr1/|" "$TMP/t2" | cmp -s - "$TMP/t1" &&
	sed 's/"trace":"[^"]*",//' "$TMP/t1" | cmp -s - "$TMP/j1"; then
	ok "sweep --traces: --jobs 2 gives --jobs 1's lines and traces; the lines are the untraced ones plus \"trace\""
else
	fail "sweep --traces: jobs 1 vs 2"
fi
"$BIN" sweep "$TMP/grid.ini" --trace-size 1M 2>"$TMP/err"
if [ $? -eq 2 ] && grep -q "trace-size goes with --traces DIR" "$TMP/err"; then ok "sweep --trace-size alone: usage"; else fail "sweep --trace-size alone"; fi
"$BIN" sweep "$TMP/grid.ini" --traces "$TMP/tr3" --trace-size 1Q 2>"$TMP/err"
if [ $? -eq 2 ] && grep -q "^reclaimsim: --trace-size 1Q: " "$TMP/err" && [ ! -e "$TMP/tr3" ]; then ok "sweep --trace-size 1Q: usage"; else fail "sweep --trace-size 1Q"; cat "$TMP/err"; fi
"$BIN" sweep "$TMP/grid.ini" --traces "$TMP/tr3" --print-commands 2>"$TMP/err"
if [ $? -eq 2 ] && grep -q "traces goes with a local run" "$TMP/err"; then ok "sweep --traces --print-commands: usage"; else fail "sweep --traces --print-commands"; fi
"$BIN" sweep "$TMP/grid.ini" --traces "$TMP/no/such" 2>"$TMP/err"
if [ $? -eq 1 ] && grep -qx "reclaimsim: --traces $TMP/no/such: No such file or directory" "$TMP/err"; then
	ok "sweep --traces in a missing directory: exit 1, said"
else
	fail "sweep --traces missing parent"; cat "$TMP/err"
fi

# resume: a cut output file is completed, not redone
head -3 "$TMP/j1" >"$TMP/res"
"$BIN" sweep "$TMP/grid.ini" --output "$TMP/res" --quiet 2>"$TMP/err"
if cmp -s "$TMP/res" "$TMP/j1"; then ok "sweep --output: resumes"; else fail "sweep --output resume"; fi
printf '{"point":1,"seed":1,"keys":{"x":"1"},"figures":{}}\n' >"$TMP/other"
"$BIN" sweep "$TMP/grid.ini" --output "$TMP/other" 2>"$TMP/err"
if [ $? -eq 1 ] && grep -q "other:1: point 1's keys are not this grid's" "$TMP/err"; then
	ok "sweep --output: another grid's file is refused"
else
	fail "sweep --output: another grid's file"; cat "$TMP/err"
fi

# --summary: mean, std (divided by n), min, max over the seeds
"$BIN" sweep "$TMP/grid.ini" --summary --csv >"$TMP/sum" 2>"$TMP/err"
a=$(sed -n 1p "$TMP/j1" | sed 's/.*"time.elapsed_s":\([0-9.]*\).*/\1/')
b=$(sed -n 2p "$TMP/j1" | sed 's/.*"time.elapsed_s":\([0-9.]*\).*/\1/')
want=$(awk -v a="$a" -v b="$b" 'BEGIN { m = (a + b) / 2; d = a - m; if (d < 0) d = -d;
	printf "1,0,160M,time.elapsed_s,2,%.9g,%.9g,%.9g,%.9g", m, d, (a < b ? a : b), (a < b ? b : a) }')
if head -1 "$TMP/sum" | grep -qx 'point,sysctl.swappiness,workload.anonfill.size,figure,runs,mean,std,min,max' &&
	grep -qx "$want" "$TMP/sum"; then
	ok "sweep --summary --csv: $want"
else
	fail "sweep --summary: expected $want"; head -3 "$TMP/sum"
fi
"$BIN" sweep "$TMP/grid.ini" --summary >"$TMP/sumt" 2>&1
if head -1 "$TMP/sumt" | grep -q '^point  sysctl.swappiness  workload.anonfill.size  figure  *runs  *mean  *std  *min  *max$'; then
	ok "sweep --summary: a table"
else
	fail "sweep --summary table"; head -2 "$TMP/sumt"
fi

# --print-commands: one per point, their output is the sweep's
"$BIN" sweep "$TMP/grid.ini" --print-commands >"$TMP/cmds"
if [ "$(wc -l <"$TMP/cmds")" -eq 4 ] && sh "$TMP/cmds" >"$TMP/pc" 2>"$TMP/err" && cmp -s "$TMP/pc" "$TMP/j1"; then
	ok "sweep --print-commands: 4 commands, their lines the sweep's"
else
	fail "sweep --print-commands"; head -2 "$TMP/cmds"
fi

# --slurm --no-submit: the job script, without a cluster
"$BIN" sweep "$TMP/grid.ini" --slurm "$TMP/ns" --chunk 3 --time 5 --no-submit >"$TMP/out" 2>"$TMP/err"
if grep -qx '#SBATCH --array=0-1' "$TMP/ns/sweep.sbatch" && grep -qx '#SBATCH --time=5' "$TMP/ns/sweep.sbatch" &&
	grep -q '^#SBATCH --mem=[0-9]*M$' "$TMP/ns/sweep.sbatch" && ! grep -q partition "$TMP/ns/sweep.sbatch" &&
	grep -q -- "--points \"\$first..\$last\" --jobs 1 --quiet --output $TMP/ns/results/\"task-\$SLURM_ARRAY_TASK_ID.jsonl\"" "$TMP/ns/sweep.sbatch" &&
	grep -q "2 array tasks, 3 points each, --time=5, --mem=[0-9]*M (derived)" "$TMP/out" && [ -d "$TMP/ns/logs" ]; then
	ok "sweep --slurm --no-submit: the array script (2 tasks of 3 points, --time given, --mem derived)"
else
	fail "sweep --slurm --no-submit"; cat "$TMP/err" "$TMP/out" "$TMP/ns/sweep.sbatch"
fi
# its tasks, run by hand as Slurm would, collect to the local lines
for id in 0 1; do SLURM_ARRAY_TASK_ID=$id sh "$TMP/ns/sweep.sbatch"; done
"$BIN" sweep "$TMP/grid.ini" --collect "$TMP/ns" >"$TMP/col" 2>"$TMP/err"
if cmp -s "$TMP/col" "$TMP/j1"; then ok "sweep --collect: the tasks' lines = the local run's"; else fail "sweep --collect by hand"; cat "$TMP/err"; fi

# ranges and lists
printf '[sweep]\nscenario = %s\n[grid]\nmachine.swap = 16M..256M x2\nsysctl.swappiness = "10", 20\n' \
	"$ROOT/scenarios/anonfill-over-swap-seq.ini" >"$TMP/r.ini"
"$BIN" sweep "$TMP/r.ini" --print-commands >"$TMP/out" 2>"$TMP/err"
if [ "$(wc -l <"$TMP/out")" -eq 10 ]; then ok "sweep: 16M..256M x2 times 2 values: 10 points"; else fail "sweep: range x2"; cat "$TMP/err"; fi

# a scenario relative to the grid, "../": a path, not a range; the line's
# key as the grid writes it, whichever way the grid is named
mkdir -p "$TMP/sub/g" && cp "$ROOT/scenarios/anonfill-over-swap-seq.ini" "$TMP/sub/s.ini"
printf '[sweep]\nfigures = time.elapsed_s\n[grid]\nscenario = ../s.ini\nsysctl.swappiness = 0, 100\n' >"$TMP/sub/g/rel.ini"
"$BIN" sweep "$TMP/sub/g/rel.ini" >"$TMP/rel1" 2>"$TMP/err"
(cd "$TMP/sub" && "$BIN" sweep g/rel.ini) >"$TMP/rel2" 2>>"$TMP/err"
if [ "$(wc -l <"$TMP/rel1")" -eq 2 ] && cmp -s "$TMP/rel1" "$TMP/rel2" &&
	head -1 "$TMP/rel1" | grep -q '^{"point":1,"seed":1,"keys":{"scenario":"../s.ini","sysctl.swappiness":"0"},"figures":{"time.elapsed_s":'; then
	ok "sweep: scenario = ../s.ini is the grid's directory's parent's, its key as written"
else
	fail "sweep: a relative scenario"; cat "$TMP/err" "$TMP/rel1" "$TMP/rel2"
fi

# bad grids: FILE:LINE: what is wrong, exit 1; usage: exit 2
bad() {
	name=$1 text=$2 pattern=$3
	printf '%b' "$text" >"$TMP/bad.ini"
	"$BIN" sweep "$TMP/bad.ini" --print-commands >/dev/null 2>"$TMP/err"
	rc=$?
	if [ $rc -eq 1 ] && grep -q -- "$pattern" "$TMP/err"; then ok "$name"; else
		fail "$name: exit $rc"; cat "$TMP/err"
	fi
}
bad "sweep: unknown section" '[sweep]\n[grids]\nx = 1\n' "bad.ini:3: \[grids\]: unknown section"
bad "sweep: bad range" '[grid]\nmachine.memory = 1G..16M x2\n' "bad.ini:2: machine.memory: '1G..16M x2': expected FROM..TO"
bad "sweep: bad step" '[grid]\nsysctl.swappiness = 1..100 x1\n' "bad.ini:2: sysctl.swappiness: '1..100 x1': the step must be"
bad "sweep: empty value" '[grid]\nsysctl.swappiness = 1,,2\n' "bad.ini:2: sysctl.swappiness: '1,,2': an empty value"
bad "sweep: bad key" '\n[grid]\nsysctl.nope = 1, 2\n' "bad.ini:3: \[sysctl\] nope: unknown key"
bad "sweep: bad value" '[grid]\nsysctl.swappiness = 1, 300\n' "bad.ini:2: \[sysctl\] swappiness"
bad "sweep: bad seed" '[sweep]\nseeds = 1, x\n' "bad.ini:2: seeds: 'x' is not a decimal seed"
bad "sweep: unknown [sweep] key" '[sweep]\nruns = 3\n' "bad.ini:2: \[sweep\] runs: unknown key"
bad "sweep: a line past inih's 200 bytes" "[grid]\nsysctl.swappiness = $(printf '60, %.0s' $(seq 70))60\n" \
	"bad.ini:2: line too long (at most 198 characters)"

# a point's error names the file, line and key that make it wrong, the
# first wrong point's, each base scenario read once for every point:
# a bad key in a scenario, a wrong value of a point before that
# scenario's, a value the checks refuse, a scenario's own line
pe=$TMP/pe
mkdir -p "$pe"
printf '[machine]\nmemory = 64M\nzones = DMA:16M, DMA32:rest\n[workload w]\ntype = anon_fill\nsize = 8M\npasses = 1\n' >"$pe/good.ini"
printf '[machine]\nmemory = 64M\n[sysctl]\nnope = 1\n' >"$pe/badkey.ini"
printf '[machine]\nmemory = 64M\n[workload w]\ntype = anon_fill\nsize = 8M\ncgroup = nosuch\n' >"$pe/badcg.ini"
point_error() {
	name=$1 text=$2 want=$3
	printf '%b' "$text" >"$pe/g.ini"
	"$BIN" sweep "$pe/g.ini" --print-commands >"$TMP/out" 2>"$TMP/err"
	rc=$?
	if [ $rc -eq 1 ] && [ "$(cat "$TMP/err")" = "reclaimsim: $want" ] && [ ! -s "$TMP/out" ]; then ok "$name"; else
		fail "$name: exit $rc, expected reclaimsim: $want"; cat "$TMP/err"
	fi
}
point_error "sweep: a scenario's bad key, at its first point" \
	'[grid]\nscenario = good.ini, badkey.ini\nsysctl.swappiness = 0, 100\n' \
	"$pe/badkey.ini:4: [sysctl] nope: unknown key"
point_error "sweep: a point's bad value before a bad scenario's point" \
	'[grid]\nscenario = good.ini, badkey.ini\nsysctl.swappiness = 0, 300\n' \
	"$pe/g.ini:3: [sysctl] swappiness: 300 out of range (0..200)"
point_error "sweep: a bad [sweep] scenario, with seeds" \
	'[sweep]\nscenario = badkey.ini\nseeds = 1, 2\n' \
	"$pe/badkey.ini:4: [sysctl] nope: unknown key"
point_error "sweep: a checked point names its key" \
	'[sweep]\nscenario = good.ini\nseeds = 1, 2\n[grid]\nmachine.memory = 64M, 8M\n' \
	"$pe/g.ini: point 2: --set machine.memory=8M: [machine] zones: 4096 pages per node do not fit memory (2048 pages per node)"
point_error "sweep: a checked point names its scenario's line" \
	'[grid]\nscenario = good.ini, badcg.ini\nsysctl.swappiness = 0, 100\n' \
	"$pe/g.ini: point 3: $pe/badcg.ini:6: [workload w] cgroup: no cgroup named 'nosuch'"
point_error "sweep: a kernel profile that is none, at its point" \
	'[sweep]\nscenario = good.ini\n[grid]\npolicy.kernel = 2.6.35, 9.9\n' \
	"$pe/g.ini:4: [policy] kernel: unknown kernel profile '9.9' (known: 2.6.25, 2.6.28, 2.6.32, 2.6.35, 2.6.35-nodirect, 3.10, 4.2, 4.5, 4.12, 6.12 or 6.18)"
printf '[sweep]\nscenario = good.ini\n[grid]\nmachine.memory = 64M, 1000G\n' >"$pe/g.ini"
"$BIN" sweep "$pe/g.ini" --print-commands >"$TMP/out" 2>"$TMP/err"
if [ $? -eq 1 ] && grep -qx "reclaimsim: $pe/g.ini: point 2: --set machine.memory=1000G: \[machine\] memory: the run would take an estimated 6.8G of host memory (memory map 6.8G, .*), more than the .* allowed (--max-host-memory SIZE; by default the smaller of 4.0G and the .* available)" "$TMP/err"; then
	ok "sweep: a point above the host's memory names its key"
else
	fail "sweep: a point above the host's memory"; cat "$TMP/err"
fi
"$BIN" sweep "$TMP/grid.ini" --jobs 0 2>"$TMP/err"
if [ $? -eq 2 ] && grep -q "jobs 0: expected a number of processes" "$TMP/err"; then ok "sweep --jobs 0: usage"; else fail "sweep --jobs 0"; fi
"$BIN" sweep "$TMP/grid.ini" --points 5 2>"$TMP/err"
if [ $? -eq 2 ] && grep -q "points 5: expected FROM\[..TO\] within 1..4" "$TMP/err"; then ok "sweep --points 5: usage"; else fail "sweep --points"; fi

# Progress and Ctrl-C, under a pseudo-terminal: a run of ~25 s on an idle
# host (600 passes; 60 took 2.6 s, near the signal), SIGINT at 2 s
if command -v script >/dev/null 2>&1; then
	cd "$TMP" || exit 1
	script -qfec "sh -c '\"$BIN\" run \"$ROOT/scenarios/anonfill-over-swap-seq.ini\" \
		--set workload.anonfill.passes=600 --set run.duration=600s --csv int.csv >int.txt & \
		pid=\$!; sleep 2; kill -INT \$pid; wait \$pid; echo rc=\$? >int.rc'" "$TMP/tty" >/dev/null 2>&1
	if grep -q 'virtual [0-9.]* s of 600 s' "$TMP/tty" && grep -qx 'rc=130' "$TMP/int.rc" &&
		grep -q '^run: INTERRUPTED at' "$TMP/int.txt" &&
		grep -q 'interrupted at virtual' "$TMP/tty"; then
		ok "run on a tty: a progress line; SIGINT: exit 130, report marked interrupted"
	else
		fail "run on a tty: progress/SIGINT"; tail -c 600 "$TMP/tty"; cat "$TMP/int.rc"
	fi
	# the CSV holds the samples up to the interruption, its last row where the run stopped
	last=$(tail -1 "$TMP/int.csv" | cut -d, -f1)
	if [ "$(wc -l <"$TMP/int.csv")" -gt 10 ] && awk -v t="$last" 'BEGIN { exit !(t > 0.5 && t < 600) }'; then
		ok "run interrupted: the CSV up to $last s"
	else
		fail "run interrupted: CSV"; tail -2 "$TMP/int.csv"
	fi
	# a sweep's line: the runs done (its lines are stdout's, not the terminal's);
	# 16 passes a run (~5 s here), so the sweep outlasts the progress line's
	# 1 s delay on a fast host (the grid's 8 runs take under a second since
	# swap writes merge in the plug)
	sed 's/^workload.anonfill.passes = 2$/workload.anonfill.passes = 16/' "$TMP/grid.ini" >"$TMP/grid-slow.ini"
	"$BIN" sweep "$TMP/grid-slow.ini" --jobs 1 >"$TMP/slow.jsonl" 2>"$TMP/err" || { fail "sweep grid-slow.ini"; cat "$TMP/err"; }
	script -qfec "\"$BIN\" sweep \"$TMP/grid-slow.ini\" --jobs 1 --output \"$TMP/tty.jsonl\"" "$TMP/tty2" >/dev/null 2>&1
	if grep -q 'runs [0-9] of 8 done, 1 running, host' "$TMP/tty2" && cmp -s "$TMP/tty.jsonl" "$TMP/slow.jsonl"; then
		ok "sweep on a tty: a progress line, the lines unchanged"
	else
		fail "sweep on a tty: progress"; tail -c 300 "$TMP/tty2"
	fi
	script -qfec "\"$BIN\" sweep \"$TMP/grid.ini\" --jobs 1 --quiet --output \"$TMP/tty3.jsonl\"" "$TMP/tty3" >/dev/null 2>&1
	if ! grep -q 'runs [0-9] of 8 done' "$TMP/tty3"; then ok "sweep --quiet on a tty: no progress"; else fail "sweep --quiet"; fi
	cd - >/dev/null || exit 1
else
	echo "skip progress/SIGINT test: no script(1) (util-linux) for a pseudo-terminal"
fi
# not a tty: no progress line on stderr (no terminal control at all; the
# scenario's one "note: overrides kernel 6.18's ..." line may be there)
"$BIN" run "$ROOT/scenarios/anonfill-over-swap-seq.ini" >/dev/null 2>"$TMP/err"
if ! grep -q "$(printf '\033')" "$TMP/err" && ! grep -qv "^reclaimsim: note: " "$TMP/err"; then
	ok "run: no progress when stderr is not a tty"
else
	fail "run: stderr has more than the override note"; cat "$TMP/err"
fi

# SIGINT then SIGTERM at once: the second ends the process without a report
"$BIN" run "$ROOT/scenarios/anonfill-over-swap-seq.ini" --set workload.anonfill.passes=600 \
	--set run.duration=600s >"$TMP/twice.out" 2>"$TMP/twice.err" &
pid=$!
sleep 0.5
kill -INT $pid
kill -TERM $pid
wait $pid
rc=$?
if [ $rc -eq 130 ] && grep -q "interrupted again: stopping now" "$TMP/twice.err" && [ ! -s "$TMP/twice.out" ]; then
	ok "run: a second signal stops at once (exit 130, no report)"
else
	fail "run: second signal: exit $rc"; cat "$TMP/twice.err"
fi

# compare and sweep interrupted: the table of the runs done; the lines done, resumable
"$BIN" compare "$ROOT/scenarios/anonfill-over-swap-seq.ini" --a sysctl.swappiness=10 \
	--b sysctl.swappiness=100 --runs 200 --jobs 1 --figures time.elapsed_s >"$TMP/cmpint" 2>"$TMP/err" &
pid=$!
sleep 1.5
kill -INT $pid
wait $pid
rc=$?
# (under ASan no run may have ended by then: the table is then empty, and says so)
if [ $rc -eq 130 ] && grep -q "^INTERRUPTED: the runs done before SIGINT/SIGTERM only" "$TMP/cmpint" &&
	grep -q "^figure " "$TMP/cmpint"; then
	ok "compare interrupted: exit 130, the table of the runs done, marked"
else
	fail "compare interrupted: exit $rc"; cat "$TMP/err" "$TMP/cmpint"
fi
rm -f "$TMP/resume"
"$BIN" sweep "$TMP/grid.ini" --jobs 1 --output "$TMP/resume" 2>"$TMP/err" &
pid=$!
# interrupted once its first line is out: a timer alone let a fast host
# finish all 8 points before the signal (no interruption to test)
i=0
while [ ! -s "$TMP/resume" ] && kill -0 $pid 2>/dev/null && [ $i -lt 6000 ]; do
	sleep 0.01
	i=$((i + 1))
done
kill -TERM $pid
wait $pid
rc=$?
n=$(wc -l <"$TMP/resume")
"$BIN" sweep "$TMP/grid.ini" --jobs 2 --output "$TMP/resume" 2>>"$TMP/err"
if [ $rc -eq 130 ] && [ "$n" -lt 8 ] && cmp -s "$TMP/resume" "$TMP/j1"; then
	ok "sweep interrupted (exit 130 after $n of 8 lines), resumed: the whole sweep's lines"
else
	fail "sweep interrupted/resumed: exit $rc, $n lines"; cat "$TMP/err"
fi

# Slurm: a single-node cluster on localhost, set up here.
slurm_test() {
	for p in munged slurmctld slurmd sbatch squeue; do
		command -v "$p" >/dev/null 2>&1 || PATH=$PATH:/usr/sbin
		if ! command -v "$p" >/dev/null 2>&1; then
			echo "skip Slurm test: $p not installed (apt-get install slurmctld slurmd munge; .ci/run does)"
			return
		fi
	done
	if [ "$(id -u)" != 0 ]; then
		echo "skip Slurm test: slurmd must run as root to start jobs"
		return
	fi
	S=$TMP/slurm
	mkdir -p "$S/munge" "$S/state" "$S/spool" "$S/log"
	chmod 700 "$S/munge"
	dd if=/dev/urandom of="$S/munge/munge.key" bs=1024 count=1 2>/dev/null
	chmod 400 "$S/munge/munge.key"
	SLURM_PIDS="$S/munge/munged.pid $S/slurmd.pid $S/slurmctld.pid"
	munged --force --socket="$S/munge/sock" --key-file="$S/munge/munge.key" \
		--pid-file="$S/munge/munged.pid" --log-file="$S/munge/log" --seed-file="$S/munge/seed" ||
		{ fail "slurm: munged did not start"; return; }
	host=$(hostname -s)
	port=$((20000 + $$ % 20000))
	mem=$(awk '/MemTotal/ { print int($2 / 2048) }' /proc/meminfo)
	cat >"$S/slurm.conf" <<EOF
ClusterName=reclaimsimtest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$S/munge/sock
StateSaveLocation=$S/state
SlurmdSpoolDir=$S/spool
SlurmctldPidFile=$S/slurmctld.pid
SlurmdPidFile=$S/slurmd.pid
SlurmctldLogFile=$S/log/slurmctld.log
SlurmdLogFile=$S/log/slurmd.log
ProctrackType=proctrack/pgid
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
MpiDefault=none
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$mem State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
	export SLURM_CONF="$S/slurm.conf"
	slurmctld -f "$SLURM_CONF" && slurmd -f "$SLURM_CONF" || { fail "slurm: daemons did not start"; return; }
	i=0
	until sinfo -h -o %t 2>/dev/null | grep -q idle; do
		i=$((i + 1))
		[ $i -lt 60 ] || { fail "slurm: the node never came up"; tail -5 "$S/log/"*; return; }
		sleep 1
	done
	"$BIN" sweep "$TMP/grid.ini" --slurm "$TMP/sl" --chunk 3 --partition test >"$TMP/out" 2>"$TMP/err" ||
		{ fail "sweep --slurm"; cat "$TMP/err"; return; }
	grep -q 'sweep.sbatch: 2 array tasks, 3 points each, --time=10 (minutes, derived), --mem=[0-9]*M (derived), --partition=test' "$TMP/out" ||
		{ fail "sweep --slurm: its summary line"; cat "$TMP/out"; }
	i=0
	while squeue -h 2>/dev/null | grep -q .; do
		i=$((i + 1))
		[ $i -lt 300 ] || { fail "slurm: the jobs did not end"; squeue; return; }
		sleep 1
	done
	"$BIN" sweep "$TMP/grid.ini" --collect "$TMP/sl" >"$TMP/col" 2>"$TMP/err"
	"$BIN" sweep "$TMP/grid.ini" --collect "$TMP/sl" --summary >"$TMP/colsum" 2>>"$TMP/err"
	if cmp -s "$TMP/col" "$TMP/j1" && cmp -s "$TMP/colsum" "$TMP/sumt"; then
		ok "slurm: sbatch array on localhost; --collect's lines and table = the local run's"
	else
		fail "slurm: collected results differ"; cat "$TMP/err"; cat "$TMP/sl/logs/"* | tail -5
	fi
	# a result missing: a clear error
	rm "$TMP/sl/results/task-1.jsonl"
	"$BIN" sweep "$TMP/grid.ini" --collect "$TMP/sl" >/dev/null 2>"$TMP/err"
	if [ $? -eq 1 ] && grep -q "2 runs missing, the first point 4 seed 1" "$TMP/err"; then
		ok "slurm: --collect names what is missing"
	else
		fail "slurm: --collect with a missing result"; cat "$TMP/err"
	fi
}
slurm_test

if [ $fails -ne 0 ]; then
	echo "sweep.sh: $fails failed"
	exit 1
fi
echo "sweep.sh: all passed"

#!/bin/sh
# cli.sh - end-to-end tests of the reclaimsim command: bad input gives
# "reclaimsim: FILE:LINE: ..." and a non-zero exit (never a crash),
# output is deterministic, and the host's zone layout reproduces the
# host's own /proc/zoneinfo watermarks.
set -u
BIN=${RECLAIMSIM_BIN:-build/reclaimsim}
ROOT=${RECLAIMSIM_ROOT:-.}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fails=0

# expect_fail NAME PATTERN CMD... : non-zero exit < 128, stderr matches PATTERN
expect_fail() {
	name=$1 pattern=$2
	shift 2
	"$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	if [ $rc -eq 0 ] || [ $rc -ge 128 ]; then
		echo "FAIL $name: exit $rc"; fails=$((fails + 1)); return
	fi
	if ! grep -q -- "$pattern" "$TMP/err"; then
		echo "FAIL $name: stderr does not match '$pattern':"; cat "$TMP/err"
		fails=$((fails + 1)); return
	fi
	echo "ok   $name"
}

expect_ok() {
	name=$1
	shift
	if "$@" >"$TMP/out" 2>"$TMP/err"; then
		echo "ok   $name"
	else
		echo "FAIL $name: exit $?"; cat "$TMP/err"; fails=$((fails + 1))
	fi
}

printf '[machine]\ncpus = 2\nmemroy = 1G\n' >"$TMP/badkey.ini"
printf '[machine]\ncpus = 2\nmemory = 12Q\n' >"$TMP/badsize.ini"
printf '[machine]\nmemory = -1G\n' >"$TMP/negsize.ini"
printf '[machine]\nmemory = 0\n' >"$TMP/zerosize.ini"
printf '[machin]\ncpus = 2\n' >"$TMP/badsection.ini"
printf '[workload w]\ntype = anon_fill\nsize = 0\n' >"$TMP/zerowl.ini"
printf '[machine]\nmemory = 64M\nzones = DMA:16M, DMA32:rest\n[workload w]\ntype = anon_fill\nsize = 8M\npasses = 1\n' >"$TMP/tiny.ini"

expect_fail "missing file" "nosuch.ini" "$BIN" run "$TMP/nosuch.ini"
expect_fail "unknown key" "badkey.ini:3: \[machine\] memroy: unknown key" "$BIN" run "$TMP/badkey.ini"
expect_fail "bad size suffix" "badsize.ini:3: \[machine\] memory: bad size '12Q'" "$BIN" run "$TMP/badsize.ini"
expect_fail "negative size" "negsize.ini:2: \[machine\] memory" "$BIN" run "$TMP/negsize.ini"
expect_fail "zero size" "zerosize.ini:2: \[machine\] memory must be > 0" "$BIN" run "$TMP/zerosize.ini"
expect_fail "unknown section" "badsection.ini:1: \[machin\]: unknown section" "$BIN" run "$TMP/badsection.ini"
expect_fail "zero workload size" "zerowl.ini:3: \[workload w\] size must be > 0" "$BIN" run "$TMP/zerowl.ini"
expect_fail "bad --set" "machine.memory=zero" "$BIN" run "$TMP/tiny.ini" --set machine.memory=zero
expect_fail "--set unknown workload" "workload.nope.size" "$BIN" run "$TMP/tiny.ini" --set workload.nope.size=1M
expect_fail "bad --seed" "seed" "$BIN" run "$TMP/tiny.ini" --seed abc
expect_fail "unknown option" "unknown option" "$BIN" run "$TMP/tiny.ini" --frobnicate
expect_fail "unknown command" "unknown command" "$BIN" frobnicate
expect_fail "unknown cgroup" "no such cgroup" "$BIN" memory.stat "$TMP/tiny.ini" --cgroup nope
expect_fail "plot into a missing directory" "plot" "$BIN" run "$TMP/tiny.ini" --plot /nonexistent/dir/x.png

expect_ok "tiny run" "$BIN" run "$TMP/tiny.ini"
expect_ok "json run" "$BIN" run "$TMP/tiny.ini" --json
grep -q '"max_parallel_reclaimers"' "$TMP/out" || { echo "FAIL json contract"; fails=$((fails + 1)); }
expect_ok "vmstat" "$BIN" vmstat "$TMP/tiny.ini"
grep -q '^pgfault 2048$' "$TMP/out" || { echo "FAIL vmstat pgfault"; fails=$((fails + 1)); }
expect_ok "plot" "$BIN" run "$TMP/tiny.ini" --plot "$TMP/p.png" --csv "$TMP/p.csv"
[ -s "$TMP/p.png" ] && head -1 "$TMP/p.csv" | grep -q '^t_s,free,min,low,high' || { echo "FAIL plot/csv files"; fails=$((fails + 1)); }
expect_ok "memory.stat" "$BIN" memory.stat "$TMP/tiny.ini"
grep -q '^total_pgfault 2048$' "$TMP/out" || { echo "FAIL memory.stat total_pgfault"; fails=$((fails + 1)); }

# same scenario and seed: byte-identical output; another seed differs
"$BIN" run "$ROOT/scenarios/anonfill-over-swap-seq.ini" --json --set workload.anonfill.pattern=rand >"$TMP/a" &&
"$BIN" run "$ROOT/scenarios/anonfill-over-swap-seq.ini" --json --set workload.anonfill.pattern=rand >"$TMP/b" &&
"$BIN" run "$ROOT/scenarios/anonfill-over-swap-seq.ini" --json --set workload.anonfill.pattern=rand --seed 7 >"$TMP/c"
if cmp -s "$TMP/a" "$TMP/b" && ! cmp -s "$TMP/a" "$TMP/c"; then
	echo "ok   determinism"
else
	echo "FAIL determinism"; fails=$((fails + 1))
fi

# the host's zones: computed watermarks and protection equal /proc/zoneinfo
# (skipped while the host has a watermark boost, which the printed
# watermarks include, or more than one node, which the scenario averages)
boosted=$(awk '$1 == "boost" && $2 != 0' /proc/zoneinfo 2>/dev/null | wc -l)
nodes=$(grep -c '^Node .*zone *DMA32' /proc/zoneinfo 2>/dev/null)
if [ -r /proc/zoneinfo ] && [ -r /proc/sys/vm/min_free_kbytes ] && [ "$boosted" = 0 ] &&
   [ "$nodes" -le 1 ]; then
	pattern='^ *(min|low|high|protection:) '
	"$BIN" zoneinfo --machine host --before | grep -E "$pattern" >"$TMP/sim"
	grep -E "$pattern" /proc/zoneinfo >"$TMP/host"
	if cmp -s "$TMP/sim" "$TMP/host"; then
		echo "ok   host zoneinfo watermarks ($(wc -l <"$TMP/host") lines)"
	else
		echo "FAIL host zoneinfo watermarks"; diff "$TMP/host" "$TMP/sim" | head; fails=$((fails + 1))
	fi
fi

[ $fails -eq 0 ] || { echo "$fails CLI test(s) failed"; exit 1; }
echo "all CLI tests passed"

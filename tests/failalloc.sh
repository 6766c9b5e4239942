#!/bin/sh
# failalloc.sh BIN - fail each host allocation of a few runs in turn
# (BIN built with make FAILALLOC=1 and the sanitizers: make
# failalloc-check).  For N = 1 .. the run's count of allocations,
# RECLAIMSIM_FAIL_ALLOC=N must end in exit 1 with one "reclaimsim: ..."
# message, or exit 0 where the model does without what it did not get (a
# time-series sample, a kernel log line), and never in a signal, a
# sanitizer report or a leak.
set -u
BIN=${1:?usage: failalloc.sh BIN}
ROOT=${RECLAIMSIM_ROOT:-$(dirname "$0")/..}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fails=0

# Small runs that reach every layer: the reader, boot (zones, cgroups, swap,
# kswapd), workloads of each kind of memory, reclaim, the OOM killer, the
# report and JSON, the trace.
printf '[machine]\nmemory = 16M\nswap = 8M\ncpus = 2\n[cgroup box]\nlimit = 8M\n[workload fill]\ntype = anon_fill\nsize = 10M\ncgroup = box\n[workload read]\ntype = file_read\nsize = 4M\n[run]\nduration = 2s\n' >"$TMP/mixed.ini"
printf '[machine]\nmemory = 16M\ncpus = 1\n[workload fill]\ntype = anon_fill\nsize = 24M\n' >"$TMP/oom.ini"
printf '[machine]\nmemory = 32M\nswap = 16M\ncpus = 2\n[policy]\nkernel = 2.6.35\n[workload dd]\ntype = file_write\nsize = 40M\n' >"$TMP/write.ini"

walk() {
	name=$1
	shift
	total=$(RECLAIMSIM_FAIL_ALLOC_COUNT=1 "$BIN" "$@" 2>&1 >/dev/null |
		sed -n 's/^failalloc: \([0-9]*\) allocations$/\1/p')
	if [ -z "$total" ] || [ "$total" -eq 0 ]; then
		echo "FAIL $name: no allocation count"; fails=$((fails + 1)); return
	fi
	n=1 bad=0 clean=0 ok=0
	while [ "$n" -le "$total" ]; do
		RECLAIMSIM_FAIL_ALLOC=$n "$BIN" "$@" >"$TMP/out" 2>"$TMP/err"
		rc=$?
		if grep -q "Sanitizer\|runtime error\|BUG:" "$TMP/err" || [ $rc -gt 1 ] ||
			{ [ $rc -eq 1 ] && ! grep -q "^reclaimsim: " "$TMP/err"; }; then
			echo "FAIL $name: allocation $n of $total: exit $rc"
			grep -v "^    #[0-9]" "$TMP/err" | head -6
			bad=$((bad + 1))
			[ $bad -ge 20 ] && break
		elif [ $rc -eq 1 ]; then
			clean=$((clean + 1))
		else
			ok=$((ok + 1))
		fi
		n=$((n + 1))
	done
	if [ $bad -eq 0 ]; then
		echo "ok   $name: $total allocations failed in turn: $clean clean errors, $ok runs that did without"
	else
		fails=$((fails + bad))
	fi
}

walk "reader, memcg, swap, file cache" run "$TMP/mixed.ini" --json
walk "the OOM killer and dmesg" dmesg "$TMP/oom.ini"
walk "2.6.35 writeback and the trace" run "$TMP/write.ini" --trace "$TMP/t.trace"
walk "bad input" run "$ROOT/tests/data/trace-ignore-pid.txt"

[ $fails -eq 0 ] || { echo "$fails allocation-failure run(s) failed"; exit 1; }
echo "all allocation-failure walks passed"

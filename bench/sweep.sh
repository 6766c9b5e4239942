#!/bin/sh
# bench/sweep.sh - sweep's parallel runner: bench/sweep.ini (27 runs) with
# --jobs 1 and --jobs N (default 2), in turn, PAIRS times; checks that both
# print the same lines, then each pair's wall time and the ratio N/1
# (median of the pairs).  The host is shared: quote the median ratio.
set -eu
cd "$(dirname "$0")/.."
BIN=${RECLAIMSIM_BIN:-build/reclaimsim}
JOBS=${1:-2}
PAIRS=${PAIRS:-3}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
now() { date +%s.%N; }
echo "grid bench/sweep.ini: 2 keys x 3 values x 3 seeds, --jobs 1 vs --jobs $JOBS, $PAIRS pairs, load $(cut -d' ' -f1-3 /proc/loadavg)"
i=0
while [ $i -lt "$PAIRS" ]; do
	i=$((i + 1))
	t0=$(now)
	"$BIN" sweep bench/sweep.ini --jobs 1 --quiet >"$TMP/j1"
	t1=$(now)
	"$BIN" sweep bench/sweep.ini --jobs "$JOBS" --quiet >"$TMP/jn"
	t2=$(now)
	cmp -s "$TMP/j1" "$TMP/jn" || { echo "--jobs $JOBS printed other lines than --jobs 1"; exit 1; }
	echo "$t0 $t1 $t2" | awk -v i=$i -v j="$JOBS" '{ a = $2 - $1; b = $3 - $2;
		printf "pair %d: --jobs 1 %.2f s, --jobs %s %.2f s, ratio %.3f\n", i, a, j, b, b / a }'
done | tee "$TMP/pairs"
echo "lines: $(wc -l <"$TMP/j1"), identical in every pair"
sort -t' ' -k10 -n "$TMP/pairs" | awk '{ r[NR] = $NF } END { printf "median ratio --jobs N / --jobs 1: %.3f\n", r[int((NR + 1) / 2)] }'

#!/bin/sh
# bench/sweep.sh - sweep's parallel runner: bench/sweep.ini (27 runs) with
# --jobs 1 and --jobs N (default 2), in turn, PAIRS times; checks that both
# print the same lines, then each pair's wall and CPU seconds (the whole
# process and its children, /usr/bin/time) and the ratios N/1, medians last.
# The host is shared: the wall ratio means something only on an idle
# machine (other sessions' load takes the CPUs a second process would
# use); the CPU ratio is the runner's overhead, and
# cpu(N) / N / cpu(1) what the wall ratio would be with N idle CPUs and
# runs of equal length.
set -eu
cd "$(dirname "$0")/.."
BIN=${RECLAIMSIM_BIN:-build/reclaimsim}
JOBS=${1:-2}
PAIRS=${PAIRS:-3}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
echo "grid bench/sweep.ini: 2 keys x 3 values x 3 seeds, --jobs 1 vs --jobs $JOBS, $PAIRS pairs, load $(cut -d' ' -f1-3 /proc/loadavg)"
i=0
while [ $i -lt "$PAIRS" ]; do
	i=$((i + 1))
	/usr/bin/time -o "$TMP/t1" -f "%e %U %S" "$BIN" sweep bench/sweep.ini --jobs 1 --quiet >"$TMP/j1"
	/usr/bin/time -o "$TMP/tn" -f "%e %U %S" "$BIN" sweep bench/sweep.ini --jobs "$JOBS" --quiet >"$TMP/jn"
	cmp -s "$TMP/j1" "$TMP/jn" || { echo "--jobs $JOBS printed other lines than --jobs 1"; exit 1; }
	cat "$TMP/t1" "$TMP/tn" | tr '\n' ' ' | awk -v i=$i -v j="$JOBS" '{ c1 = $2 + $3; cn = $5 + $6;
		printf "pair %d: --jobs 1 wall %.2f s cpu %.2f s, --jobs %s wall %.2f s cpu %.2f s, wall ratio %.3f cpu ratio %.3f idle estimate %.3f\n",
			i, $1, c1, j, $4, cn, $4 / $1, cn / c1, cn / j / c1 }'
done | tee "$TMP/pairs"
echo "lines: $(wc -l <"$TMP/j1"), identical in every pair"
awk '{ w[NR] = $(NF - 6); c[NR] = $(NF - 3); e[NR] = $NF }
	function med(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
		return a[int((n + 1) / 2)] }
	END { printf "median: wall ratio %.3f, cpu ratio %.3f, idle estimate %.3f\n", med(w, NR), med(c, NR), med(e, NR) }' "$TMP/pairs"

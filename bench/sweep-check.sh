#!/bin/sh
# bench/sweep-check.sh - how fast sweep checks its points: a grid of
# POINTS points of anonfill-over-swap-seq (sysctl.swappiness x
# workload.anonfill.size, 1 seed; "kernels": 100,000 points under 10
# kernel profiles, policy.kernel the first axis) through --print-commands, which checks
# every point and runs none; prints the points per second of each binary
# (BIN, and BASE when given: the same grid, in turn), user + sys seconds
# of the whole process (/usr/bin/time).  The commands printed must be the
# same bytes.
#   bench/sweep-check.sh [POINTS]      POINTS: 250000 (default), 505000 or kernels
set -eu
cd "$(dirname "$0")/.."
BIN=${RECLAIMSIM_BIN:-build/reclaimsim}
BASE=${BASE:-}
POINTS=${1:-250000}
KERNELS=
case $POINTS in
250000) AXIS="0..99" SIZES="1M..2500M +1M" ;;
505000) AXIS="0..100" SIZES="1M..5000M +1M" ;;
kernels) POINTS=100000 AXIS="0..99" SIZES="1M..100M +1M"
	KERNELS="policy.kernel = 2.6.25, 2.6.28, 2.6.32, 2.6.35, 3.10, 4.2, 4.5, 4.12, 6.12, 6.18" ;;
*) echo "POINTS: 250000, 505000 or kernels" >&2; exit 2 ;;
esac
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cat >"$TMP/grid.ini" <<GRID
[sweep]
scenario = $PWD/scenarios/anonfill-over-swap-seq.ini
[grid]
$KERNELS
sysctl.swappiness = $AXIS
workload.anonfill.size = $SIZES
GRID
echo "grid: $POINTS points, load $(cut -d' ' -f1-3 /proc/loadavg)"
for b in $BIN $BASE; do
	/usr/bin/time -o "$TMP/t" -f "%e %U %S" "$b" sweep "$TMP/grid.ini" --print-commands --quiet >"$TMP/out.$(basename "$b")"
	awk -v b="$b" -v n="$POINTS" '{ c = $2 + $3; printf "%s: wall %.2f s cpu %.2f s, %.0f points/s of cpu\n", b, $1, c, n / c }' "$TMP/t"
done
if [ -n "$BASE" ]; then
	sed "s|$(realpath "$BASE")|BIN|" "$TMP/out.$(basename "$BASE")" >"$TMP/a"
	sed "s|$(realpath "$BIN")|BIN|" "$TMP/out.$(basename "$BIN")" >"$TMP/b"
	cmp -s "$TMP/a" "$TMP/b" && echo "commands: identical" || { echo "commands differ"; exit 1; }
fi

#!/bin/sh
# bench/events-ratio.sh - issue 27's events-per-second figure: simulated
# page events (faults + pages scanned + pages stolen) per CPU second of a
# page-bound run (bench/anon-file-8g.ini, build/bench/bench) beside the
# same page work in a tight loop (build/bench/inner), run in turn in one
# call so that both see the same host; the ratio loop / simulator is how
# much the event engine, tasks, costs and policies add per page event
# (issue 27's goal: >= 10 M page events per second, within 2x of the loop).
# usage: bench/events-ratio.sh [PAIRS]   (default 3; medians printed)
# A benchmark, not a test: nothing here fails on a slow machine.
set -eu
cd "$(dirname "$0")/.."
pairs=${1:-3}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
# the figure of CPU time on a "page events per s" line
rate() { sed -n 's/^page events per s .* of wall, \([0-9]*\) of CPU time.*/\1/p'; }
i=0
while [ "$i" -lt "$pairs" ]; do
	sim=$(build/bench/bench bench/anon-file-8g.ini | rate)
	loop=$(build/bench/inner | rate)
	if [ -z "$sim" ] || [ -z "$loop" ]; then
		echo "events-ratio: no figure from build/bench/bench or build/bench/inner (make them first)" >&2
		exit 1
	fi
	echo "$sim $loop" >>"$out"
	i=$((i + 1))
done
# median of column $1 of the pairs ($3: loop / simulator)
median() {
	awk -v c="$1" '{ print c == 3 ? $2 / $1 : $c }' "$out" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
echo "pairs               $pairs (simulator, loop, in turn)"
awk -v s="$(median 1)" -v l="$(median 2)" -v r="$(median 3)" 'BEGIN {
	printf "simulator           %.2f M page events per CPU second (median; bench/anon-file-8g.ini)\n", s / 1e6
	printf "loop                %.2f M page events per CPU second (median; build/bench/inner)\n", l / 1e6
	printf "loop / simulator    %.2fx (median of the pairs; goal <= 2x)\n", r
}'

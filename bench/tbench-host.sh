#!/bin/bash
# bench/tbench-host.sh - the real tbench's CPU per operation on this host,
# the source of [cost] dbench_op_ns (src/mm/cost.c): dbench 4.0's
# `tbench 1` against `tbench_srv` on 127.0.0.1 (Debian's dbench package),
# user and system time of the client and the server per operation, over
# the seconds between two of tbench's progress lines (the operation count
# of each line, the processes' /proc/PID/stat times read right after it).
# usage: bench/tbench-host.sh [SECONDS]   (default 20; needs tbench, tbench_srv)
set -euo pipefail
secs=${1:-20}
dir=$(mktemp -d)
trap 'kill $srv 2>/dev/null || true; rm -rf "$dir"' EXIT
cd "$dir"
tbench_srv >/dev/null 2>&1 &
srv=$!
sleep 0.5
tbench -t "$secs" 1 127.0.0.1 >cli.log 2>&1 &
cli=$!
hz=$(getconf CLK_TCK)

# "user system" ticks of the server's and the client's processes, summed by name
sample() {
	local u s name
	for p in $(pgrep -f '^tbench'); do
		name=$(cat /proc/$p/comm 2>/dev/null) || continue
		read -r u s < <(awk '{print $14, $15}' /proc/$p/stat 2>/dev/null) || continue
		echo "$name $u $s"
	done | awk '{u[$1]+=$2; s[$1]+=$3} END {print u["tbench"], s["tbench"], u["tbench_srv"], s["tbench_srv"]}'
}
# wait for the Nth execute line, then sample: "ops cu cs su ss"
at_line() {
	local n
	while :; do
		n=$(grep -c execute cli.log || true)
		[ "$n" -ge "$1" ] && break
		sleep 0.01
	done
	echo "$(grep execute cli.log | sed -n "${1}p" | awk '{print $2}') $(sample)"
}
first=2
last=$((secs - 2))
a=$(at_line $first)
b=$(at_line $last)
wait $cli
echo "$a" "$b" | awk -v hz="$hz" -v secs=$((last - first)) '{
	ops = $6 - $1
	printf "tbench 1 on 127.0.0.1, %d s of its execute phase: %d operations, %.0f a second\n", secs, ops, ops / secs
	printf "client (tbench):     user %.0f ns, system %.0f ns an operation\n", ($7 - $2) / hz * 1e9 / ops, ($8 - $3) / hz * 1e9 / ops
	printf "server (tbench_srv): user %.0f ns, system %.0f ns an operation\n", ($9 - $4) / hz * 1e9 / ops, ($10 - $5) / hz * 1e9 / ops
	printf "user time, the mean of the two sides: %.0f ns an operation\n", (($7 - $2) + ($9 - $4)) / 2 / hz * 1e9 / ops
}'
grep Throughput cli.log

#!/bin/bash
# bench/tbench-latency.sh - what tbench's max_latency is made of on this
# host's kernel: dbench 4.0's `tbench N` against `tbench_srv` on 127.0.0.1
# (Debian's dbench package), nice'd, under `perf record` of the scheduler's
# switch and wake-up tracepoints.  Prints tbench's per-second latency (the
# largest time between two operation starts of a client, dbench 4.0's
# nb_target_rate, or the age of the running one when the parent samples)
# beside the longest runqueue waits of its processes (perf sched timehist's
# "sch delay": woken or preempted until on a CPU), and, for the longest,
# the tasks that ran on that CPU meanwhile.  Also each process's
# /proc/PID/schedstat (CPU time, run delay, timeslices) over the run.
# Needs root (perf on the sched tracepoints; tracefs is mounted if it is
# not, and unmounted again).
# usage: bench/tbench-latency.sh [SECONDS [CLIENTS]]   (default 12 2)
set -eu
secs=${1:-12}
clients=${2:-2}
dir=$(mktemp -d)
mounted=
if ! mountpoint -q /sys/kernel/tracing; then
	mount -t tracefs nodev /sys/kernel/tracing
	mounted=1
fi
# under set -e a failing `[ ] && cmd` would end the trap before the umount
cleanup() {
	if [ -n "${srv:-}" ]; then kill "$srv" 2>/dev/null || true; fi
	if [ -n "$mounted" ]; then umount /sys/kernel/tracing || true; fi
	rm -rf "$dir"
}
trap cleanup EXIT
cd "$dir"
nice tbench_srv >/dev/null 2>&1 &
srv=$!
sleep 0.5
# schedstat of the tbench processes (the server's, the client's and their
# children): "pid comm cpu_ns delay_ns slices"
stats() {
	local p
	for p in $srv $(pgrep -P "$srv") $cli $(pgrep -P "$cli"); do
		[ -r /proc/$p/schedstat ] || continue
		echo "$p $(cat /proc/$p/comm) $(cat /proc/$p/schedstat)"
	done
}
perf record -q -a -m 4096 -e sched:sched_switch -e sched:sched_wakeup \
	-e sched:sched_waking -e sched:sched_migrate_task -o perf.data 2>perf.err &
rec=$!
sleep 1
nice tbench -t "$secs" "$clients" 127.0.0.1 >cli.log 2>&1 &
cli=$!
until grep -q execute cli.log 2>/dev/null; do sleep 0.01; done
stats >a.txt
until [ "$(grep -c execute cli.log)" -ge $((secs - 1)) ]; do sleep 0.01; done
stats >b.txt
wait $cli
kill -INT $rec
wait $rec || true
grep -i lost perf.err || true
echo "tbench $clients on 127.0.0.1, $secs s, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "tbench's per-second latency (ms):" $(grep execute cli.log | awk '{print $(NF-1)}')
grep Throughput cli.log
echo "schedstat over the execute phase (ms): CPU, run delay, timeslices, delay per slice"
join <(sort a.txt) <(sort b.txt) | awk '{printf "  %-10s %6d  cpu %9.1f  delay %9.1f  slices %7d  %.3f ms a slice\n",
	$2, $1, ($7 - $3) / 1e6, ($8 - $4) / 1e6, $9 - $5, ($8 - $4) / 1e6 / (($9 - $5) > 0 ? $9 - $5 : 1)}'
perf sched timehist -i perf.data 2>/dev/null >th.txt
echo "longest runqueue waits of tbench's processes (ms; time, cpu, task):"
awk 'NR > 3 && $3 ~ /^tbench/' th.txt | sort -k5 -g -r | head -8 |
	awk '{printf "  %9.3f  at %s %s %s\n", $5, $1, $2, $3}'
awk 'NR > 3 && $3 ~ /^tbench/ {n++; if ($5 > 1) a++; if ($5 > 10) b++}
	END {printf "  of %d switch-ins: %d waited > 1 ms, %d > 10 ms\n", n, a, b}' th.txt
read -r end cpu task delay < <(awk 'NR > 3 && $3 ~ /^tbench/ {print $1, $2, $3, $5}' th.txt |
	sort -k4 -g -r | head -1)
echo "on $cpu during the longest ($task, $delay ms to $end): CPU ms by task"
awk -v a="$end" -v d="$delay" -v c="$cpu" 'NR > 3 && $1 > a - d / 1000 && $1 <= a && $2 == c {
	sub(/\[[0-9]+\]$/, "", $3); r[$3] += $NF} END {for (k in r) printf "  %8.3f %s\n", r[k], k}' th.txt |
	sort -g -r | head -6

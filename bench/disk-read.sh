#!/bin/sh
# bench/disk-read.sh - the development VM's disk (vda) as the oracle grid's
# file reads see it: direct reads at queue depth 1, 2 and 4 (parallel dd
# iflag=direct on disjoint ranges of one file), 4 KiB and 4 MiB, and the
# oracle programs' own cold buffered read (dd bs=1M of a file dropped from
# the page cache: readahead of read_ahead_kb).  Each run inside a fresh
# cgroup-v1 memcg with a 256 MiB hard limit.  Needs root, cgroup v1 memory
# at /sys/fs/cgroup/memory and 1 GiB in DIR.
# usage: sudo bench/disk-read.sh [DIR] [RUNS]   Recorded: bench/results/disk-read.txt
set -e
dir=${1:-/tmp}
runs=${2:-3}
f=$dir/disk-read-$$.dat
cg=/sys/fs/cgroup/memory/disk-read-$$
mkdir $cg
echo $((256 << 20)) > $cg/memory.limit_in_bytes
trap 'rm -f $f; echo $$ > /sys/fs/cgroup/memory/cgroup.procs; rmdir $cg' EXIT
echo $$ > $cg/cgroup.procs
dd if=/dev/urandom of=$f bs=1M count=1024 oflag=direct status=none
now() { date +%s.%N; }
dev=$(basename "$(df --output=source "$dir" | tail -1)")
# the disk's completed reads, read_ticks and io_ticks (ms busy) from /proc/diskstats
stat() { awk -v d="$dev" '$3 == d { print $4, $7, $13 }' /proc/diskstats; }
drop() { dd if=$f iflag=nocache count=0 status=none; }
# direct reads: DEPTH parallel dd of BS bytes, COUNT each, on disjoint ranges
direct() {
	depth=$1 bs=$2 count=$3
	t0=$(now)
	i=0
	while [ $i -lt $depth ]; do
		dd if=$f of=/dev/null iflag=direct bs=$bs count=$count skip=$((i * count)) status=none &
		i=$((i + 1))
	done
	wait
	t1=$(now)
	echo "$t0 $t1 $depth $bs $count" | awk '{ s = $2 - $1; n = $3 * $5; b = n * $4;
		u = ($4 >= 1048576) ? ($4 / 1048576) "M" : ($4 / 1024) "K";
		printf "direct depth %d bs %-4s: %6d reads in %.3f s, %7.1f us a read, %6.0f MB/s\n",
		$3, u, n, s, s / n * 1e6 * $3, b / s / 1e6 }'
}
r=0
while [ $r -lt $runs ]; do
	direct 1 4096 20000
	direct 1 4194304 64
	direct 2 4194304 64
	direct 4 4194304 32
	drop
	d0=$(stat)
	t0=$(now)
	dd if=$f of=/dev/null bs=1M count=512 status=none
	t1=$(now)
	d1=$(stat)
	echo "$t0 $t1 $d0 $d1" | awk '{ s = $2 - $1; r = $6 - $3; t = $7 - $4; b = $8 - $5;
		printf "buffered cold dd bs=1M, 512 MiB (read_ahead_kb %s): %.3f s, %.0f MB/s;",
			"'"$(cat /sys/block/$dev/queue/read_ahead_kb)"'", s, 536870912 / s / 1e6;
		printf " %s: %d reads, %.1f in flight on average, busy %d ms: %.0f MB/s busy\n",
			"'"$dev"'", r, t / b, b, 536870912 / (b / 1e3) / 1e6 }'
	r=$((r + 1))
done

#!/bin/sh
# dd-bs.sh - the CPU of `dd if=/dev/zero of=FILE` by block size on this
# host's kernel: seed 002's dd gives no bs= (GNU dd's default, 512
# bytes), the model's scenario wrote 1 MiB blocks.  Each run writes
# SIZE MiB to a new file on / (ext4) inside a v1 memcg with a hard
# limit (no reclaim: the limit is above SIZE), the file removed after;
# user and system time per 4 KiB page written, the median of REPS.
# Also dd to /dev/null: the read() of /dev/zero and dd's own loop.
# Usage: bench/dd-bs.sh [SIZE_MIB] [REPS]   (root; results: bench/results/dd-bs.txt)
set -eu
SIZE=${1:-256}
REPS=${2:-5}
CG=/sys/fs/cgroup/memory/reclaimsim-ddbs.$$
DIR=${TMPDIR:-/tmp}/reclaimsim-ddbs.$$
mkdir "$CG" "$DIR"
trap 'rm -rf "$DIR"; rmdir "$CG"' EXIT
echo $((SIZE * 2 + 256))M > "$CG/memory.limit_in_bytes"
pages=$((SIZE * 256))
uname -r
for target in file null; do
	for bs in 512 4096 65536 1048576; do
		count=$((SIZE * 1048576 / bs))
		for r in $(seq "$REPS"); do
			of=/dev/null
			[ $target = file ] && of=$DIR/f
			sh -c 'echo $$ > '"$CG"'/cgroup.procs; exec /usr/bin/time -f "%U %S %e" dd if=/dev/zero of='"$of"' bs='"$bs"' count='"$count"' 2>&1 >/dev/null | tail -1'
			rm -f "$DIR/f"
		done | sort -n -k2 | awk -v t=$target -v bs=$bs -v p=$pages -v n="$REPS" '
			{ u[NR] = $1; s[NR] = $2; e[NR] = $3 }
			END { m = int((n + 1) / 2); printf "%s bs=%d: user %.0f ns, sys %.0f ns a page (median of %d: user %.2f s, sys %.2f s, elapsed %.2f s)\n", t, bs, u[m] * 1e9 / p, s[m] * 1e9 / p, n, u[m], s[m], e[m] }'
	done
done

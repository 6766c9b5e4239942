#!/bin/sh
# bench/run.sh - build and run the benchmarks; append the figures, with
# the commit and the host, to bench/results/<name>.txt.  A benchmark, not
# a test: nothing here fails on a slow machine.
set -eu
cd "$(dirname "$0")/.."
make -s all
mkdir -p build bench/results
cc -std=c11 -D_GNU_SOURCE -O2 -g -Wall -Wextra -Werror -Iinclude -Isrc \
	-o build/bench bench/bench.c build/libreclaimsim.a -linih -lcjson -lm
for scn in bench/*.ini; do
	name=$(basename "$scn" .ini)
	out=bench/results/$name.txt
	{
		echo "== $(date -u +%Y-%m-%dT%H:%M:%SZ) commit $(git rev-parse --short HEAD 2>/dev/null || echo none)" \
			"host $(nproc) CPUs, $(uname -r)"
		build/bench "$scn"
		echo
	} | tee -a "$out"
done

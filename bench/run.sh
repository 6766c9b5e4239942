#!/bin/sh
# bench/run.sh - build and run the benchmarks; append the figures, with
# the commit and the host, to bench/results/<name>.txt.  A benchmark, not
# a test: nothing here fails on a slow machine.
set -eu
cd "$(dirname "$0")/.."
# the benchmark programs: the Makefile builds them with the tests
make -s all build/bench/bench build/bench/coro build/bench/memcg_tree build/bench/inner
mkdir -p bench/results
# record NAME CMD...: one run of CMD, appended to bench/results/NAME.txt
record() {
	name=$1
	shift
	{
		echo "== $(date -u +%Y-%m-%dT%H:%M:%SZ) commit $(git rev-parse --short HEAD 2>/dev/null || echo none)" \
			"host $(nproc) CPUs, $(uname -r)"
		"$@"
		echo
	} | tee -a "bench/results/$name.txt"
}
# bench_one NAME SCENARIO [--set k=v]...: one run of build/bench/bench
bench_one() {
	name=$1
	shift
	record "$name" build/bench/bench "$@"
}
for scn in bench/*.ini; do
	bench_one "$(basename "$scn" .ini)" "$scn"
done
# the same page work in a tight loop, beside anon-file-8g's run: the ratio of
# their page events per second is how much the engine and the model add
record inner build/bench/inner
# issue 27's ratio: both in turn, three pairs, medians and loop / simulator
record events-ratio bench/events-ratio.sh 3
# seed 000 at full scale, once per policy: thousands of reclaimers and sleepers
for policy in none global; do
	bench_one seed000-ia64 scenarios/seed000-ia64.ini --set policy.reclaim_throttle=$policy
done
# seed 002 at full scale (1M pages streamed beside 8,190 groups), each kernel and configuration
for policy in tree integrated integrated_skip; do
	for limit in max 0; do
		bench_one seed002-8k scenarios/seed002-8k.ini --set policy.soft_limit_reclaim=$policy \
			--set cgroup.A.soft_limit=$limit
	done
done
# seed 003's mmtests workloads at the seed's scale (issue 15: each <= 60 s of host time)
for scn in scenarios/seed003-*.ini; do
	bench_one seed003 "$scn"
done
# and the ppc64 ones under the seed's nodirect kernel
for scn in scenarios/seed003-[iks]*.ini; do
	bench_one seed003 "$scn" --set policy.kernel=2.6.35-nodirect
done
# sweep's parallel runner (issue 24): --jobs 2 against --jobs 1, the same lines
record sweep-jobs bench/sweep.sh 2
# coroutines: ns per switch (fcontext vs swapcontext), stack bytes per task
record coro build/bench/coro scenarios/seed000-embedded-swap-240.ini
# memcg scale (issue 12): charge cost, reclaim walk per group, memory per group
record memcg_tree build/bench/memcg_tree

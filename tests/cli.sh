#!/bin/sh
# cli.sh - end-to-end tests of the reclaimsim command: bad input gives
# "reclaimsim: FILE:LINE: ..." and a non-zero exit (never a crash),
# output is deterministic, and the host's zone layout reproduces the
# host's own /proc/zoneinfo watermarks.
set -u
BIN=${RECLAIMSIM_BIN:-build/reclaimsim}
ROOT=${RECLAIMSIM_ROOT:-.}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fails=0

# expect_fail NAME PATTERN CMD... : non-zero exit < 128, stderr matches PATTERN
expect_fail() {
	name=$1 pattern=$2
	shift 2
	"$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	if [ $rc -eq 0 ] || [ $rc -ge 128 ]; then
		echo "FAIL $name: exit $rc"; fails=$((fails + 1)); return
	fi
	if ! grep -q -- "$pattern" "$TMP/err"; then
		echo "FAIL $name: stderr does not match '$pattern':"; cat "$TMP/err"
		fails=$((fails + 1)); return
	fi
	echo "ok   $name"
}

# expect_status NAME STATUS PATTERN CMD... : exit STATUS exactly, stderr matches PATTERN
expect_status() {
	name=$1 want=$2 pattern=$3
	shift 3
	"$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	if [ $rc -ne "$want" ]; then
		echo "FAIL $name: exit $rc, expected $want"; cat "$TMP/err"; fails=$((fails + 1)); return
	fi
	if ! grep -q -- "$pattern" "$TMP/err"; then
		echo "FAIL $name: stderr does not match '$pattern':"; cat "$TMP/err"
		fails=$((fails + 1)); return
	fi
	echo "ok   $name"
}

# check NAME CONDITION... : a shell test on the last command's files
check() {
	name=$1
	shift
	if "$@"; then
		echo "ok   $name"
	else
		echo "FAIL $name"; fails=$((fails + 1))
	fi
}

expect_ok() {
	name=$1
	shift
	if "$@" >"$TMP/out" 2>"$TMP/err"; then
		echo "ok   $name"
	else
		echo "FAIL $name: exit $?"; cat "$TMP/err"; fails=$((fails + 1))
	fi
}

printf '[machine]\ncpus = 2\nmemroy = 1G\n' >"$TMP/badkey.ini"
printf '[machine]\ncpus = 2\nmemory = 12Q\n' >"$TMP/badsize.ini"
printf '[machine]\nmemory = -1G\n' >"$TMP/negsize.ini"
printf '[machine]\nmemory = 0\n' >"$TMP/zerosize.ini"
printf '[machin]\ncpus = 2\n' >"$TMP/badsection.ini"
printf '[workload w]\ntype = anon_fill\nsize = 0\n' >"$TMP/zerowl.ini"
printf '[machine]\nmemory = 64M\nzones = DMA:16M, DMA32:rest\n[workload w]\ntype = anon_fill\nsize = 8M\npasses = 1\n' >"$TMP/tiny.ini"

expect_fail "missing file" "nosuch.ini" "$BIN" run "$TMP/nosuch.ini"
expect_fail "unknown key" "badkey.ini:3: \[machine\] memroy: unknown key" "$BIN" run "$TMP/badkey.ini"
expect_fail "bad size suffix" "badsize.ini:3: \[machine\] memory: bad size '12Q'" "$BIN" run "$TMP/badsize.ini"
expect_fail "negative size" "negsize.ini:2: \[machine\] memory" "$BIN" run "$TMP/negsize.ini"
expect_fail "zero size" "zerosize.ini:2: \[machine\] memory: must be > 0" "$BIN" run "$TMP/zerosize.ini"
expect_fail "unknown section" "badsection.ini:1: \[machin\]: unknown section" "$BIN" run "$TMP/badsection.ini"
expect_fail "zero workload size" "zerowl.ini:3: \[workload w\] size: must be > 0" "$BIN" run "$TMP/zerowl.ini"
printf '[machine]\narch = i386\nmemory = 64M\n[sysctl]\nlowmem_reserve_ratio = 256 32 0 0 0\n' >"$TMP/lrr5.ini"
expect_fail "lowmem_reserve_ratio: more ratios than the arch's zones" "lrr5.ini:5: \[sysctl\] lowmem_reserve_ratio: 5 ratios, but arch i386 has 4 zones (valid: 1 to 4 integers, or default)" "$BIN" run "$TMP/lrr5.ini"
expect_fail "bad --set" "machine.memory=zero" "$BIN" run "$TMP/tiny.ini" --set machine.memory=zero
# a workload whose task_init fails (page tables for 2^48 pages: no host maps
# them) is an error, and frees what it allocated (the ASan build checks; its
# allocator returns NULL here instead of aborting)
printf '[machine]\nmemory = 64M\n[workload w]\ntype = anon_fill\nsize = 1048576T\n' >"$TMP/huge-mmap.ini"
expect_status "task_init failure: an error, nothing leaked" 1 "^reclaimsim: .*huge-mmap.ini:5: \[workload w\] size: out of host memory creating it (1 task, 1073741824.0G to map)$" env ASAN_OPTIONS=allocator_may_return_null=1 "$BIN" run "$TMP/huge-mmap.ini" --max-host-memory 100000T
check "task_init failure: no leak reported" sh -c '! grep -q "LeakSanitizer\|leak of" "$1"' - "$TMP/err"
# issue 25: a workload that cannot be made followed by another one crashed
# in workloads_free (the second one's cfg was never set)
printf '[machine]\nmemory = 64M\n[workload w]\ntype = anon_fill\nsize = 1048576T\n[workload x]\ntype = anon_fill\nsize = 1M\n' >"$TMP/huge-two.ini"
expect_status "task_init failure before another workload: no crash" 1 "^reclaimsim: .*huge-two.ini:5: \[workload w\] size: out of host memory creating it" env ASAN_OPTIONS=allocator_may_return_null=1 "$BIN" run "$TMP/huge-two.ini" --max-host-memory 100000T
check "task_init failure before another workload: no leak reported" sh -c '! grep -q "LeakSanitizer\|leak of" "$1"' - "$TMP/err"
# issue 25: the host memory a run takes is estimated before booting;
# above --max-host-memory (default the smaller of 4G and what is available)
# the key that makes it large is named, with the estimate
expect_status "size = 1048576T refused" 1 "^reclaimsim: .*huge-mmap.ini:5: \[workload w\] size: the run would take an estimated 1280.0T" "$BIN" run "$TMP/huge-mmap.ini"
printf '[machine]\nmemory = 1020G\n[workload w]\ntype = anon_fill\nsize = 1M\n' >"$TMP/1t.ini"
expect_status "memory = 1020G refused" 1 "^reclaimsim: .*1t.ini:2: \[machine\] memory: the run would take an estimated 7.0G of host memory (memory map 7.0G, page tables and page cache index 2K, tasks 4K, cgroups 2K, samples 3.1M), more than the 4.0G allowed (--max-host-memory SIZE; by default the smaller of 4.0G and the .* available)$" "$BIN" run "$TMP/1t.ini"
printf '[machine]\nmemory = 64M\n[workload r]\ntype = file_read\nsize = 10T\n' >"$TMP/10t.ini"
expect_status "file_read size = 10T refused" 1 "^reclaimsim: .*10t.ini:5: \[workload r\] size: the run would take an estimated 12.5G of host memory (memory map 448K, page tables and page cache index 12.5G," "$BIN" run "$TMP/10t.ini"
expect_status "--max-host-memory bounds it" 1 "^reclaimsim: .*tiny.ini:2: \[machine\] memory: the run would take an estimated 7.6M of host memory (memory map 448K, page tables and page cache index 10K, tasks 4K, cgroups 2K, samples 3.1M), more than the 1.0M allowed (--max-host-memory)$" "$BIN" run "$TMP/tiny.ini" --max-host-memory 1M
expect_status "--set blamed" 1 "^reclaimsim: --set machine.memory=1020G: \[machine\] memory: the run would take" "$BIN" run "$TMP/tiny.ini" --set machine.memory=1020G
expect_status "compare takes --max-host-memory" 1 "^reclaimsim: .*tiny.ini:2: \[machine\] memory: the run would take an estimated 7.6M" "$BIN" compare "$TMP/tiny.ini" --a sysctl.swappiness=10 --b sysctl.swappiness=60 --max-host-memory 1M
expect_status "--max-host-memory 0" 1 "^reclaimsim: --max-host-memory 0: must be > 0$" "$BIN" run "$TMP/tiny.ini" --max-host-memory 0
expect_status "--max-host-memory: a bad size is not 'must be > 0'" 1 "^reclaimsim: --max-host-memory 10Q: bad size '10Q' (expected a number with K/M/G/T suffix)$" "$BIN" run "$TMP/tiny.ini" --max-host-memory 10Q
# a system-wide OOM with no killable process panics, as the kernel's
# out_of_memory() does: the stress_highalloc driver has no mm to kill and
# its builds are gone (a newcomer's 16M machine of 64K pages)
printf '[machine]\nmemory = 16M\npage_size = 64K\nzones = DMA:rest\ncpus = 1\n[policy]\nkernel = 2.6.35\nmax_page_order = 8\n[workload sh]\ntype = stress_highalloc\njobs = 2\nunits = 50\nsize = 10M\ncopy = 10M\ncompile_anon = 8M\norder = 4\nattempts = 20\ninterval = 10ms\n[run]\nduration = 1200s\n' >"$TMP/panic.ini"
expect_status "OOM with nothing to kill: kernel panic (2.6.35's text)" 1 "^reclaimsim: .*panic.ini: Kernel panic - not syncing: Out of memory and no killable processes... (out of memory and no killable processes; sh was allocating)$" "$BIN" run "$TMP/panic.ini"
# issue 25: the panic stops the run, its report and JSON are still written, marked
check "panic: the report up to it, marked" grep -qx "run: stopped by a kernel panic at 490.443611992s (Kernel panic - not syncing: Out of memory and no killable processes...): the figures are those up to it" "$TMP/out"
check "panic: the report's figures" grep -q "^sh: .*7202minor" "$TMP/out"
expect_status "panic: JSON" 1 "Kernel panic" "$BIN" run "$TMP/panic.ini" --json
check "panic: JSON marked" sh -c 'tr -d "\t\n" <"$1" | grep -q "\"panic\":{\"message\":\"Out of memory and no killable processes...\",\"time\":490.443611992}"' - "$TMP/out"
expect_status "panic: dmesg" 1 "Kernel panic" "$BIN" dmesg "$TMP/panic.ini"
check "panic: dmesg has 2.6.35's panic text (2.6.34's: dump_header, then the panic)" sh -c 'tail -3 "$1" | tr "\n" "|" | grep -qx "\[  490.443611\] sh invoked oom-killer: gfp_mask=0x100cca, order=0, oom_adj=0|\[  490.443611\] sh cpuset=/ mems_allowed=0|\[  490.443611\] Kernel panic - not syncing: Out of memory and no killable processes...|"' - "$TMP/out"
expect_status "panic: dmesg, 2.6.24's text" 1 "Kernel panic" "$BIN" dmesg "$TMP/panic.ini" --set policy.oom_report=2.6.24
check "panic: 2.6.24 panics with no header" sh -c 'tail -1 "$1" | grep -qx "\[  490.443611\] Kernel panic - not syncing: Out of memory and no killable processes..." && ! grep -q "invoked oom-killer" "$1"' - "$TMP/out"
expect_status "panic: dmesg, 3.10's text" 1 "Kernel panic" "$BIN" dmesg "$TMP/panic.ini" --set policy.oom_report=3.10
check "panic: 3.10's header and empty task dump, then the panic" sh -c 'tail -4 "$1" | sed "s/^\[ *[0-9.]*\] //" | tr "\n" "|" | grep -qx "sh invoked oom-killer: gfp_mask=0x100cca, order=0, oom_score_adj=0|sh cpuset=/ mems_allowed=0|\[ pid \]   uid  tgid total_vm      rss nr_ptes swapents oom_score_adj name|Kernel panic - not syncing: Out of memory and no killable processes...|"' - "$TMP/out"
expect_status "panic: dmesg, v6.6's text" 1 "Kernel panic" "$BIN" dmesg "$TMP/panic.ini" --set policy.oom_report=6.6
check "panic: dmesg has v6.6's panic text" sh -c 'tail -3 "$1" | tr "\n" "|" | grep -qx "\[  490.443611\] Out of memory and no killable processes...|\[  490.443611\] Kernel panic - not syncing: System is deadlocked on memory|\[  490.443611\] ---\[ end Kernel panic - not syncing: System is deadlocked on memory \]---|"' - "$TMP/out"
# the OOM killer's report, in the profile's text
expect_ok "dmesg: a memcg OOM kill" "$BIN" dmesg "$ROOT/scenarios/madvfree-ltp-swap.ini"
check "dmesg: the OOM killer's report (v6.6)" sh -c 'head -7 "$1" | sed "s/^\[ *[0-9.]*\] //" | tr "\n" "|" | grep -qx "madvfree invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=0|Tasks state (memory values in pages):|\[  pid  \]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name|\[      3\]     0     3      180        2    16384       35             0 madvfree|\[      5\]     0     5     6680     1948    69632     4196             0 madvfree|oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=/box,task_memcg=/box,task=madvfree,pid=5,uid=0|Memory cgroup out of memory: Killed process 5 (madvfree) total-vm:26720kB, anon-rss:7792kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:68kB oom_score_adj:0|"' - "$TMP/out"
# every oom_report text on one memcg OOM (one anonfill of 128M in a 128M group, no swap)
oom_text() { # NAME KERNEL LINES: dmesg's first lines under that profile, timestamps cut
	expect_ok "dmesg: a memcg OOM kill under $2" "$BIN" dmesg "$ROOT/scenarios/anonfill-over-noswap.ini" --set policy.kernel="$2"
	check "dmesg: the OOM killer's report ($1's text under $2)" sh -c 'n=$(printf "%s" "$2" | tr -cd "|" | wc -c); head -n "$n" "$1" | sed "s/^\[ *[0-9.]*\] //" | tr "\n" "|" | grep -qxF "$2"' - "$TMP/out" "$3"
}
oom_text 2.6.24 2.6.25 "anonfill invoked oom-killer: gfp_mask=0x100cca, order=0, oomkilladj=0|Memory cgroup out of memory: kill process 3 (anonfill) score 32847 or a child|Killed process 3 (anonfill)|"
oom_text 2.6.31 2.6.32 "anonfill invoked oom-killer: gfp_mask=0x100cca, order=0, oom_adj=0|anonfill cpuset=/ mems_allowed=0|Memory cgroup out of memory: kill process 3 (anonfill) score 32847 or a child|Killed process 3 (anonfill)|"
oom_text 2.6.34 2.6.35 "anonfill invoked oom-killer: gfp_mask=0x100cca, order=0, oom_adj=0|anonfill cpuset=/ mems_allowed=0|Memory cgroup out of memory: kill process 3 (anonfill) score 32847 or a child|Killed process 3 (anonfill) vsz:196816kB, anon-rss:130992kB, file-rss:0kB|"
oom_text 3.10 3.10 "anonfill invoked oom-killer: gfp_mask=0x100cca, order=0, oom_score_adj=0|anonfill cpuset=/ mems_allowed=0|[ pid ]   uid  tgid total_vm      rss nr_ptes swapents oom_score_adj name|[    3]     0     3    49204    32768      99        0             0 anonfill|Memory cgroup out of memory: Kill process 3 (anonfill) score 1003 or sacrifice child|Killed process 3 (anonfill) total-vm:196816kB, anon-rss:131072kB, file-rss:0kB|"
oom_text 4.0 4.2 "anonfill invoked oom-killer: gfp_mask=0x100cca, order=0, oom_score_adj=0|anonfill cpuset=/ mems_allowed=0|[ pid ]   uid  tgid total_vm      rss nr_ptes nr_pmds swapents oom_score_adj name|[    3]     0     3    49204    32768      99       1        0             0 anonfill|Memory cgroup out of memory: Kill process 3 (anonfill) score 1003 or sacrifice child|Killed process 3 (anonfill) total-vm:196816kB, anon-rss:131072kB, file-rss:0kB|"
oom_text 4.5 4.5 "anonfill invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=0|anonfill cpuset=/ mems_allowed=0|[ pid ]   uid  tgid total_vm      rss nr_ptes nr_pmds swapents oom_score_adj name|[    3]     0     3    49204    32768      99       1        0             0 anonfill|Memory cgroup out of memory: Kill process 3 (anonfill) score 1003 or sacrifice child|Killed process 3 (anonfill) total-vm:196816kB, anon-rss:131072kB, file-rss:0kB, shmem-rss:0kB|"
oom_text 4.12 4.12 "anonfill invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), nodemask=(null),  order=0, oom_score_adj=0|anonfill cpuset=/ mems_allowed=0|[ pid ]   uid  tgid total_vm      rss nr_ptes nr_pmds swapents oom_score_adj name|[    3]     0     3    49204    32768      99       1        0             0 anonfill|Memory cgroup out of memory: Kill process 3 (anonfill) score 1003 or sacrifice child|Killed process 3 (anonfill) total-vm:196816kB, anon-rss:131072kB, file-rss:0kB, shmem-rss:0kB|"
oom_text 6.6 6.12 "anonfill invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=0|Tasks state (memory values in pages):|[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name|[      3]     0     3    49204    32768   405504        0             0 anonfill|oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=/box,task_memcg=/box,task=anonfill,pid=3,uid=0|Memory cgroup out of memory: Killed process 3 (anonfill) total-vm:196816kB, anon-rss:131072kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:396kB oom_score_adj:0|"
# issue 26: compact_retry, 4.7-4.8's retry of a failed compaction against 4.9's
for m in migrate_mode priority; do
	expect_ok "compact-retry-4.7.ini, compact_retry = $m" "$BIN" vmstat "$ROOT/scenarios/compact-retry-4.7.ini" --set policy.compact_retry=$m
	grep -E "^(allocstall_normal|compact_stall|compact_fail|compact_success|pgmigrate_success) " "$TMP/out" | tr "\n" " " >"$TMP/cr-$m"
done
check "compact_retry = migrate_mode: 14 stalls, 21 failed compactions" grep -qx "allocstall_normal 14 pgmigrate_success 3 compact_stall 21 compact_fail 21 compact_success 0 " "$TMP/cr-migrate_mode"
check "compact_retry = priority: 3 stalls, full priority succeeds" grep -qx "allocstall_normal 3 pgmigrate_success 512 compact_stall 4 compact_fail 3 compact_success 1 " "$TMP/cr-priority"
expect_fail "--set unknown workload" "workload.nope.size" "$BIN" run "$TMP/tiny.ini" --set workload.nope.size=1M
expect_fail "bad --seed" "seed" "$BIN" run "$TMP/tiny.ini" --seed abc
expect_status "--seed ' ' quotes the value" 1 "^reclaimsim: --seed ' ': bad number '' (expected an integer)$" "$BIN" run "$TMP/tiny.ini" --seed ' '
# an invisible character pasted into a value is named with its column
printf '[machine]\nmemory = 64M\302\240\n' >"$TMP/nbsp.ini"
expect_status "a no-break space in a value" 1 "^reclaimsim: .*/nbsp.ini:2: \\[machine\\] memory: bad size .* (column 13 holds U+00A0, not printable ASCII: an invisible character?)$" "$BIN" run "$TMP/nbsp.ini"
expect_status "a control byte in --set" 1 "(column 15 holds the byte 0x01, not printable ASCII)$" "$BIN" run "$TMP/tiny.ini" --set "$(printf 'machine.cpus=2\001')"
expect_fail "unknown option" "unknown option" "$BIN" run "$TMP/tiny.ini" --frobnicate
expect_fail "unknown command" "unknown command" "$BIN" frobnicate
expect_fail "unknown cgroup" "no such cgroup" "$BIN" memory.stat "$TMP/tiny.ini" --cgroup nope
# the v2 files: memory.events, memory.pressure (a v2 group's), pressure (the system's)
printf '[machine]\nmemory = 64M\nzones = DMA:16M, DMA32:rest\nswap = 32M\n[cgroup p]\nmax = 16M\n[cgroup c]\nparent = p\n[cgroup old]\ncgroup = v1\n[workload w]\ntype = anon_fill\nsize = 24M\ncgroup = c\npasses = 1\n' >"$TMP/v2.ini"
expect_status "memory.pressure: unknown cgroup" 1 "^reclaimsim: --cgroup nope: no such cgroup$" "$BIN" memory.pressure "$TMP/v2.ini" --cgroup nope
expect_status "memory.events: a v1 group" 1 "^reclaimsim: --cgroup old: a cgroup v1 group has no memory.events (v2 only)$" "$BIN" memory.events "$TMP/v2.ini" --cgroup old
expect_status "memory.pressure: a v1 group" 1 "^reclaimsim: --cgroup old: a cgroup v1 group has no memory.pressure (v2 only)$" "$BIN" memory.pressure "$TMP/v2.ini" --cgroup old
expect_status "memory.events: the root" 1 "^reclaimsim: --cgroup /: the root cgroup has no memory.events$" "$BIN" memory.events "$TMP/v2.ini"
expect_status "unknown cgroup file" 2 "unknown command" "$BIN" memory.frobnicate "$TMP/v2.ini" --cgroup p
expect_status "pressure --cgroup" 2 "^reclaimsim: pressure: --cgroup applies to memory.stat, memory.events and memory.pressure only$" "$BIN" pressure "$TMP/v2.ini" --cgroup p
expect_ok "memory.events" "$BIN" memory.events "$TMP/v2.ini" --cgroup p
check "memory.events lines" sh -c 'sed "s/ [0-9]*$//" "$1" | tr "\n" " " | grep -qx "low high max oom oom_kill oom_group_kill "' - "$TMP/out"
check "memory.events max counted" sh -c '! grep -qx "max 0" "$1"' - "$TMP/out"
expect_ok "memory.pressure" "$BIN" memory.pressure "$TMP/v2.ini" --cgroup c
check "memory.pressure lines" sh -c 'grep -Eq "^some avg10=[0-9]+\.[0-9]{2} avg60=[0-9]+\.[0-9]{2} avg300=[0-9]+\.[0-9]{2} total=[1-9][0-9]*$" "$1" && grep -Eq "^full avg10=[0-9]+\.[0-9]{2} avg60=[0-9]+\.[0-9]{2} avg300=[0-9]+\.[0-9]{2} total=[0-9]+$" "$1" && [ $(wc -l <"$1") -eq 2 ]' - "$TMP/out"
cp "$TMP/out" "$TMP/cpressure"
expect_ok "pressure" "$BIN" pressure "$TMP/v2.ini"
check "pressure: the system's some total >= the group's" sh -c 'a=$(sed -n "s/^some.*total=//p" "$1"); b=$(sed -n "s/^some.*total=//p" "$2"); [ "$a" -ge "$b" ]' - "$TMP/out" "$TMP/cpressure"
expect_ok "json pressure" "$BIN" run "$TMP/v2.ini" --json
check "json pressure = the files" sh -c 'jq -e ".cgroups[\"p/c\"].pressure.some.total_us == $(sed -n "s/^some.*total=//p" "$2") and (.pressure.full | has(\"avg10\") and has(\"avg60\") and has(\"avg300\") and has(\"total_us\")) and (.cgroups.old | has(\"pressure\") | not)" "$1" >/dev/null' - "$TMP/out" "$TMP/cpressure"
# memory.stat in the group's own interface: v2 names (memcg_stat_format, v6.12), v1 unchanged
expect_status "memory.stat: unknown cgroup (v2 groups)" 1 "^reclaimsim: --cgroup nope: no such cgroup$" "$BIN" memory.stat "$TMP/v2.ini" --cgroup nope
expect_ok "memory.stat of a v2 group" "$BIN" memory.stat "$TMP/v2.ini" --cgroup p
check "memory.stat v2: anon, file first, 51 lines, no v1 line" sh -c 'sed -n "1s/ [0-9]*$//p;2s/ [0-9]*$//p" "$1" | tr "\n" " " | grep -qx "anon file " && [ $(wc -l <"$1") -eq 51 ] && ! grep -q "^total_\|^rss \|^cache " "$1"' - "$TMP/out"
check "memory.stat v2: pgscan = pgscan_kswapd + pgscan_direct > 0" sh -c 'a=$(sed -n "s/^pgscan //p" "$1"); k=$(sed -n "s/^pgscan_kswapd //p" "$1"); d=$(sed -n "s/^pgscan_direct //p" "$1"); [ "$a" -gt 0 ] && [ "$a" -eq $((k + d)) ]' - "$TMP/out"
cp "$TMP/out" "$TMP/pstat"
expect_ok "memory.stat of a v1 group" "$BIN" memory.stat "$TMP/v2.ini" --cgroup old
check "memory.stat v1: the v1 lines" sh -c 'head -1 "$1" | grep -qx "cache 0" && grep -q "^hierarchical_memsw_limit " "$1" && grep -q "^total_unevictable 0$" "$1" && [ $(wc -l <"$1") -eq 42 ]' - "$TMP/out"
expect_ok "json memory.stat" "$BIN" run "$TMP/v2.ini" --json
check "json: a v2 group's memory.stat names, a v1 group's v1 names" sh -c 'jq -e ".cgroups.p.anon == $(sed -n "s/^anon //p" "$2") and .cgroups.p.pgsteal == $(sed -n "s/^pgsteal //p" "$2") and (.cgroups.p | has(\"total_rss\") | not) and (.cgroups.old | has(\"total_rss\") and (has(\"anon\") | not))" "$1" >/dev/null' - "$TMP/out" "$TMP/pstat"
expect_fail "plot into a missing directory" "plot" "$BIN" run "$TMP/tiny.ini" --plot /nonexistent/dir/x.png

expect_ok "tiny run" "$BIN" run "$TMP/tiny.ini"
expect_ok "json run" "$BIN" run "$TMP/tiny.ini" --json
grep -q '"max_parallel_reclaimers"' "$TMP/out" || { echo "FAIL json contract"; fails=$((fails + 1)); }
cp "$TMP/out" "$TMP/dj"
expect_ok "diskstats" "$BIN" diskstats "$TMP/tiny.ini" --set machine.swap=16M --set workload.w.size=72M
check "diskstats: sda and sdb, 20 fields each after the name" sh -c 'awk "NF != 20 { exit 1 } { n[NR] = \$3 } END { exit !(NR == 2 && n[1] == \"sda\" && n[2] == \"sdb\") }" "$1"' - "$TMP/out"
check "diskstats: sdb's sectors written, at completion: at most pswpout x 8" sh -c 's=$(awk "\$3 == \"sdb\" { print \$10 }" "$1"); [ "$s" -gt 0 ] && [ "$s" -le "$(( $("$2" vmstat "$3" --set machine.swap=16M --set workload.w.size=72M | sed -n "s/^pswpout //p") * 8 ))" ]' - "$TMP/out" "$BIN" "$TMP/tiny.ini"
check "json diskstats: sda only without swap" jq -e '.diskstats | has("sda") and (has("sdb") | not) and (.sda | has("time_in_queue_ms"))' "$TMP/dj"
# /sys/block/DEV/stat: diskstats' line of DEV from its 4th field on, %8 wide (part_stat_show)
cp "$TMP/out" "$TMP/ds"
expect_ok "disk-stat --disk sdb" "$BIN" disk-stat "$TMP/tiny.ini" --set machine.swap=16M --set workload.w.size=72M --disk sdb
check "disk-stat: sdb's 17 fields = diskstats' sdb line after the name" sh -c '[ "$(awk "\$3 == \"sdb\" { \$1 = \$2 = \$3 = \"\"; print }" "$2" | tr -s " " | sed "s/^ //")" = "$(tr -s " " <"$1" | sed "s/^ //")" ] && awk "NF != 17 || length(\$0) != 17 * 9 - 1 { exit 1 }" "$1"' - "$TMP/out" "$TMP/ds"
expect_ok "disk-stat: sda by default, at boot all 0" "$BIN" disk-stat "$TMP/tiny.ini" --before
check "disk-stat --before: 17 zeros" awk 'NF != 17 { exit 1 } { for (i = 1; i <= NF; i++) if ($i != 0) exit 1 }' "$TMP/out"
expect_fail "disk-stat: no sdb without swap" "^reclaimsim: --disk sdb: no such disk (sda; sdb with swap)$" "$BIN" disk-stat "$TMP/tiny.ini" --disk sdb
expect_status "--disk is disk-stat's" 2 "vmstat: --disk applies to disk-stat only" "$BIN" vmstat "$TMP/tiny.ini" --disk sda
expect_ok "vmstat" "$BIN" vmstat "$TMP/tiny.ini"
grep -q '^pgfault 2048$' "$TMP/out" || { echo "FAIL vmstat pgfault"; fails=$((fails + 1)); }
expect_ok "plot" "$BIN" run "$TMP/tiny.ini" --plot "$TMP/p.png" --csv "$TMP/p.csv"
[ -s "$TMP/p.png" ] && head -1 "$TMP/p.csv" | grep -q '^t_s,free,min,low,high' || { echo "FAIL plot/csv files"; fails=$((fails + 1)); }
expect_ok "meminfo" "$BIN" meminfo "$TMP/tiny.ini"
check "meminfo MemTotal: the 64M managed" grep -qx 'MemTotal:          65536 kB' "$TMP/out"
check "meminfo SwapTotal: no swap" grep -qx 'SwapTotal:             0 kB' "$TMP/out"
expect_ok "meminfo --before" "$BIN" meminfo --before "$TMP/tiny.ini"
check "meminfo --before: all free" grep -qx 'MemFree:           65536 kB' "$TMP/out"
# GNU time's lines: the 8M fill's peak RSS in KiB, no block I/O
expect_ok "run: rusage" "$BIN" run "$TMP/tiny.ini"
check "run: 8192maxresident" grep -q '^w: .* (0avgtext+0avgdata 8192maxresident)k$' "$TMP/out"
check "run: 0inputs+0outputs" grep -q '^w: 0inputs+0outputs (0major+2048minor)pagefaults 0swaps$' "$TMP/out"
check "run: kswapd never woke" grep -q '^  kswapd0 *pid [0-9]* utime 0 stime 0 (ticks), on CPU 0.000000 ms$' "$TMP/out"
# the root of a v2 machine (the default profile's): the v2 names, its subtree's counts
expect_ok "memory.stat" "$BIN" memory.stat "$TMP/tiny.ini"
grep -q '^pgfault 2048$' "$TMP/out" || { echo "FAIL memory.stat pgfault"; fails=$((fails + 1)); }

SEQ=$ROOT/scenarios/anonfill-over-swap-seq.ini

# options: --opt=value, decimal seeds, help and version
"$BIN" run "$TMP/tiny.ini" --json --seed 10 >"$TMP/s10"
expect_ok "--seed 010 is decimal" "$BIN" run "$TMP/tiny.ini" --json --seed 010
check "--seed 010 = --seed 10" cmp -s "$TMP/out" "$TMP/s10"
expect_status "--seed 0x10 is not a number" 1 "seed" "$BIN" run "$TMP/tiny.ini" --seed 0x10
# --seed N is --set run.seed=N, read as --set reads it: blanks dropped
"$BIN" run "$TMP/tiny.ini" --json --seed 7 >"$TMP/s7"
expect_ok "--seed with a blank, as --set run.seed= 7" "$BIN" run "$TMP/tiny.ini" --json --seed " 7"
check "--seed ' 7' = --seed 7" cmp -s "$TMP/out" "$TMP/s7"
expect_ok "--set run.seed= 7" "$BIN" run "$TMP/tiny.ini" --json --set "run.seed= 7"
check "--set run.seed= 7 = --seed 7" cmp -s "$TMP/out" "$TMP/s7"
# an option given twice kept the last silently; an empty value meant the
# default for some options (--cgroup '' was the root) and all for others
expect_status "--seed twice" 2 "^reclaimsim: --seed given twice ('1', then '2'): give it once$" "$BIN" run "$TMP/tiny.ini" --seed 1 --seed=2
expect_status "--csv twice" 2 "^reclaimsim: --csv given twice ('$TMP/a.csv', then '$TMP/b.csv'): give it once$" "$BIN" run "$TMP/tiny.ini" --csv "$TMP/a.csv" --csv "$TMP/b.csv"
check "--csv twice: nothing written" test ! -e "$TMP/a.csv" -a ! -e "$TMP/b.csv"
expect_status "--cgroup ''" 2 "^reclaimsim: --cgroup: empty value (give one, or leave --cgroup out)$" "$BIN" memory.stat "$TMP/tiny.ini" --cgroup ""
# --machine is a scenario option (--set machine.from=host): 1, as run's
expect_status "run --machine guest" 1 "^reclaimsim: --machine guest: only 'host' is known$" "$BIN" run "$TMP/tiny.ini" --machine guest
expect_status "compare --machine guest: as run's" 1 "^reclaimsim: --machine guest: only 'host' is known$" "$BIN" compare "$TMP/tiny.ini" --b sysctl.swappiness=1 --machine guest
expect_status "compare --runs twice" 2 "^reclaimsim: --runs given twice ('2', then '3'): give it once$" "$BIN" compare "$TMP/tiny.ini" --b sysctl.swappiness=1 --runs 2 --runs 3
expect_status "sweep --jobs twice" 2 "^reclaimsim: --jobs given twice ('1', then '2'): give it once$" "$BIN" sweep "$TMP/tiny.ini" --jobs 1 --jobs 2
expect_status "oracle --only ''" 2 "^reclaimsim: --only: empty value (give one, or leave --only out)$" "$BIN" oracle --only ""
expect_status "oracle --only twice" 2 "^reclaimsim: --only given twice ('a', then 'b'): give it once$" "$BIN" oracle --only a --only=b
expect_ok "--seed=10" "$BIN" run "$TMP/tiny.ini" --json --seed=10
check "--seed=10 = --seed 10" cmp -s "$TMP/out" "$TMP/s10"
expect_ok "--set=run.seed=10" "$BIN" run "$TMP/tiny.ini" --json --set=run.seed=10
check "--set=run.seed=10 = --seed 10" cmp -s "$TMP/out" "$TMP/s10"
# --seed N is --set run.seed=N at its place: the later of the two wins
"$BIN" run "$TMP/tiny.ini" --json --seed 11 >"$TMP/s11"
check "--seed 11 differs from --seed 10" sh -c '! cmp -s "$1" "$2"' - "$TMP/s10" "$TMP/s11"
expect_ok "--seed 10 --set run.seed=11" "$BIN" run "$TMP/tiny.ini" --json --seed 10 --set run.seed=11
check "--seed 10 --set run.seed=11: the --set wins" cmp -s "$TMP/out" "$TMP/s11"
expect_ok "--set run.seed=11 --seed 10" "$BIN" run "$TMP/tiny.ini" --json --set run.seed=11 --seed 10
check "--set run.seed=11 --seed 10: the --seed wins" cmp -s "$TMP/out" "$TMP/s10"
expect_ok "--set run.seed=11 --seed 10 --set sysctl.swappiness=60" "$BIN" run "$TMP/tiny.ini" --json --set run.seed=11 --seed 10 --set sysctl.swappiness=60
check "a --set of another key after --seed leaves the seed" cmp -s "$TMP/out" "$TMP/s10"
expect_status "a bad --seed before a bad --set: the --seed is reported" 1 "^reclaimsim: --seed 'x':" "$BIN" run "$TMP/tiny.ini" --seed x --set run.seed=y
expect_status "--json=1" 2 "takes no value" "$BIN" run "$TMP/tiny.ini" --json=1
# --check[=N]: checks leave the output as it was; N is a positive count
"$BIN" run "$TMP/tiny.ini" --json >"$TMP/plain"
expect_ok "--check" "$BIN" run "$TMP/tiny.ini" --json --check
check "--check: the same output" cmp -s "$TMP/out" "$TMP/plain"
expect_ok "--check=1" "$BIN" run "$TMP/tiny.ini" --json --check=1
check "--check=1: the same output" cmp -s "$TMP/out" "$TMP/plain"
expect_status "--check=0" 2 "^reclaimsim: --check=0: not a positive number of events" "$BIN" run "$TMP/tiny.ini" --check=0
expect_status "--check=-5" 2 "not a positive number" "$BIN" run "$TMP/tiny.ini" --check=-5
# every command takes -h/--help and --version (README, the top-level usage)
for cmd in run zoneinfo vmstat meminfo buddyinfo pagetypeinfo unusable_index extfrag_index dmesg memory.stat memory.events memory.pressure pressure compare sweep oracle profile trace-report keys; do
	for h in -h --help; do
		expect_ok "$cmd $h" "$BIN" $cmd $h
		check "$cmd $h prints usage" grep -q "^usage: reclaimsim $cmd" "$TMP/out"
	done
	expect_ok "$cmd --version" "$BIN" $cmd --version
	check "$cmd --version prints the version" grep -qx "reclaimsim 0.1" "$TMP/out"
done
expect_ok "--help" "$BIN" --help
check "--help lists compare --trace-report" sh -c 'sed -n "/reclaimsim compare/,/reclaimsim oracle/p" "$1" | grep -q -- "--trace-report"' - "$TMP/out"
# the allocator's files (tiny.ini at boot: DMA 4096 pages in 4 order-10
# blocks, DMA32 12288 pages in 12); an allocation failure in dmesg
expect_ok "buddyinfo --before" "$BIN" buddyinfo --before "$TMP/tiny.ini"
check "buddyinfo: DMA32's 12 order-10 blocks" grep -qx 'Node 0, zone    DMA32      0      0      0      0      0      0      0      0      0      0     12 ' "$TMP/out"
expect_ok "pagetypeinfo --before" "$BIN" pagetypeinfo --before "$TMP/tiny.ini"
check "pagetypeinfo: DMA32's 24 movable pageblocks" grep -qx 'Node 0, zone    DMA32            0           24            0            0            0 ' "$TMP/out"
expect_ok "extfrag_index --before" "$BIN" extfrag_index --before "$TMP/tiny.ini"
check "extfrag_index: no failing order at boot" grep -q '^Node 0, zone      DMA -1.000 .* -1.000 $' "$TMP/out"
expect_ok "unusable_index --before" "$BIN" unusable_index --before "$TMP/tiny.ini"
check "unusable_index: all free memory in order-10 blocks" grep -q '^Node 0, zone    DMA32 0.000 0.000 .* 0.000 $' "$TMP/out"
printf '[machine]\nmemory = 64M\n[workload h]\ntype = highalloc\nattempts = 33\ninterval = 1ms\ngfp_mask = GFP_HIGHUSER_MOVABLE\n' >"$TMP/ha.ini"
expect_ok "dmesg" "$BIN" dmesg "$TMP/ha.ini"
check "dmesg: warn_alloc's line" grep -q '^\[ *[0-9]*\.[0-9]\{6\}\] h: page allocation failure: order:9, mode:0x100cca(GFP_HIGHUSER_MOVABLE), nodemask=(null),cpuset=/,mems_allowed=0$' "$TMP/out"
expect_ok "run: failures in the report" "$BIN" run "$TMP/ha.ini"
# 3 failures, with per-CPU lists (order 9 is the THP order they hold, v5.13+)
# or without; 4 with them under the round-robin queue before CFS, whose woken
# tasks all went to the first idle CPU from CPU 0: which CPU's lists hold a
# freed block moves with task placement
check "run: page allocation failures by order" grep -q '^  page allocation failures order 9 *3$' "$TMP/out"
expect_status "oracle --dir=DIR" 1 "/nonexistent/data/oracle/summary.json" "$BIN" oracle --dir=/nonexistent
"$BIN" oracle --only fit_noswap >"$TMP/o1" 2>&1
expect_ok "oracle --only=NAME" "$BIN" oracle --only=fit_noswap
check "oracle --only=NAME = --only NAME" cmp -s "$TMP/out" "$TMP/o1"
# the kernel's figures of data/oracle/results-runq (the model's are not asserted)
check "oracle: the re-run's runqueue wait" grep -qx '  runq_s  *0\.066 (0\.056\.\.0\.076)' "$TMP/out"
check "oracle: wall less runqueue wait beside the model" grep -q '^  wall_less_runq_s  *0\.067 (0\.058\.\.0\.071)  *[0-9.]' "$TMP/out"
check "oracle: the wall gate's line" grep -q "^the programs' wall time against the kernel's wall less runqueue wait within +-25%: [01]/1 configurations$" "$TMP/out"
expect_ok "--version" "$BIN" --version
check "--version prints the version" grep -qx "reclaimsim 0.1" "$TMP/out"
expect_ok "run --version" "$BIN" run --version
check "run --version prints the version" grep -qx "reclaimsim 0.1" "$TMP/out"

# meaningless combinations are usage errors
expect_status "run --cgroup" 2 "--cgroup applies to memory.stat, memory.events and memory.pressure only" "$BIN" run "$TMP/tiny.ini" --cgroup box
expect_status "run --before" 2 "--before applies to zoneinfo, vmstat, meminfo, buddyinfo, pagetypeinfo, unusable_index, extfrag_index, dmesg, diskstats, disk-stat, memory.stat, memory.events, memory.pressure and pressure only" "$BIN" run "$TMP/tiny.ini" --before
for cmd in vmstat zoneinfo meminfo memory.stat; do
	expect_status "$cmd --json" 2 "--json applies to run only" "$BIN" $cmd "$TMP/tiny.ini" --json
done
expect_status "--before --csv" 2 "--csv needs a run" "$BIN" vmstat "$TMP/tiny.ini" --before --csv "$TMP/b.csv"

# write errors: stdout, --csv; bad destinations fail before running
expect_status "stdout on a full disk" 1 "reclaimsim: write error: No space left on device" sh -c '"$0" run "$1" >/dev/full' "$BIN" "$TMP/tiny.ini"
expect_status "--csv on a full disk" 1 "reclaimsim: --csv /dev/full: No space left on device" "$BIN" run "$TMP/tiny.ini" --csv /dev/full
expect_status "--csv into a missing directory" 1 "^reclaimsim: --csv /nonexistent/x.csv: No such file or directory$" "$BIN" run "$TMP/tiny.ini" --csv /nonexistent/x.csv
check "--csv failed before the run" test ! -s "$TMP/out"
# a dangling symlink to another output is that output (open follows it)
ln -s out-a.csv "$TMP/link-a.trace"
expect_status "--trace through a dangling link to --csv" 1 "^reclaimsim: --trace $TMP/link-a.trace: is also --csv $TMP/out-a.csv (valid: one file for each output)$" "$BIN" run "$TMP/tiny.ini" --csv "$TMP/out-a.csv" --trace "$TMP/link-a.trace"
check "--trace through a dangling link: nothing written" test ! -e "$TMP/out-a.csv"
expect_status "--plot into a missing directory" 1 "^reclaimsim: --plot /nonexistent/p.png: No such file or directory$" "$BIN" run "$TMP/tiny.ini" --plot /nonexistent/p.png
check "--plot failed before the run" test ! -s "$TMP/out"

# gnuplot: its stdout never reaches ours, its stderr only when it fails
mkdir "$TMP/fakebin"
printf '#!/bin/sh
cat >/dev/null
echo PNGDATA
echo "warning: empty y range" >&2
exit 0
' >"$TMP/fakebin/gnuplot"
chmod +x "$TMP/fakebin/gnuplot"
PATH="$TMP/fakebin:$PATH" expect_ok "plot with a chatty gnuplot" "$BIN" run "$TMP/tiny.ini" --plot "$TMP/f.png"
check "gnuplot's stdout is not ours" sh -c "! grep -q PNGDATA '$TMP/out'"
check "gnuplot's warnings are not shown" test ! -s "$TMP/err"
printf '#!/bin/sh
cat >/dev/null
echo "line 2: boom" >&2
exit 1
' >"$TMP/fakebin/gnuplot"
rm -f "$TMP/f.png"
PATH="$TMP/fakebin:$PATH" expect_status "plot with a failing gnuplot" 1 "line 2: boom" "$BIN" run "$TMP/tiny.ini" --plot "$TMP/f.png"
check "a failed plot leaves no picture" test ! -e "$TMP/f.png"
# a gnuplot that dies before reading its script: an error, not SIGPIPE (141)
printf '#!/bin/sh\nexit 3\n' >"$TMP/fakebin/gnuplot"
PATH="$TMP/fakebin:$PATH" expect_status "plot with a gnuplot that reads nothing" 1 "^reclaimsim: --plot $TMP/g.png: gnuplot failed (exit status 3) writing $TMP/g.png$" "$BIN" run "$TMP/tiny.ini" --plot "$TMP/g.png"
check "no picture and no temporary file left" sh -c '! ls -a "$1" | grep -q "g\.png"' - "$TMP"
rm "$TMP/fakebin/gnuplot"
expect_status "plot without gnuplot" 1 "^reclaimsim: --plot $TMP/g.png: gnuplot is not installed (no gnuplot on \$PATH; Debian: apt-get install gnuplot-nox)$" env PATH="$TMP/fakebin" "$BIN" run "$TMP/tiny.ini" --plot "$TMP/g.png"
check "plot without gnuplot: refused before the run" test ! -s "$TMP/out"
check "plot without gnuplot: no file" test ! -e "$TMP/g.png"
expect_status "plot format by extension" 1 "^reclaimsim: --plot $TMP/g.gif: unknown picture format (valid: a name ending .png, .svg or .pdf)$" "$BIN" run "$TMP/tiny.ini" --plot "$TMP/g.gif"
if command -v gnuplot >/dev/null; then
	expect_ok "plot as SVG" "$BIN" run "$TMP/tiny.ini" --plot "$TMP/g.svg"
	check "plot as SVG is SVG" grep -q "<svg" "$TMP/g.svg"
	expect_ok "plot as PDF" "$BIN" run "$TMP/tiny.ini" --plot "$TMP/g.pdf"
	check "plot as PDF is PDF" sh -c 'head -c 5 "$1" | grep -q "%PDF-"' - "$TMP/g.pdf"
fi

# the plot's script (a gnuplot that keeps it): panels by what the run has,
# one x range for all, the [at] writes marked
printf '#!/bin/sh\ncat >"%s/plot.gp"\n' "$TMP" >"$TMP/fakebin/gnuplot"
chmod +x "$TMP/fakebin/gnuplot"
PATH="$TMP/fakebin:$PATH" expect_ok "plot script: a run without reclaim" "$BIN" run "$TMP/tiny.ini" --plot "$TMP/s.png"
check "plot script: the memory and its zones only when nothing else happened" grep -qx "set multiplot layout 2,1 title '$TMP/tiny.ini (seed 1)'" "$TMP/plot.gp"
# the tasks panel needs a sample to catch the stream in memcg reclaim: at
# pagecache_insert_ns = 1us one does (at the 266 ns default none happens to)
PATH="$TMP/fakebin:$PATH" expect_ok "plot script: memory.high at 10 s" "$BIN" run "$ROOT/scenarios/memcg-high-at-10s.ini" --set cost.pagecache_insert_ns=1us --plot "$TMP/s.png"
check "plot script: memory, zones, scan, tasks, PSI, the group; the [at] write marked" sh -c 'grep -q "^set multiplot layout 6,1 title .*dotted: \[at\] writes" "$1" && grep -qx "set arrow from 10.000000000, graph 0 to 10.000000000, graph 1 nohead lc rgb .#555555. dt 3" "$1" && [ "$(grep -c "^set xrange" "$1")" = 1 ] && grep -q "title .in memcg reclaim." "$1"' - "$TMP/plot.gp"
check "plot script: each zone against its own watermarks" sh -c 'grep -q "^set ylabel .zone free / high.$" "$1" && grep -q "title .node0 DMA32 free., " "$1" && grep -q "title .node0 DMA low.," "$1"' - "$TMP/plot.gp"
check "plot script: PSI panel" grep -q "^set ylabel '% stalled (PSI)'" "$TMP/plot.gp"
check "plot script: the group's usage against its limits, named" sh -c 'grep -q "title .app usage., " "$1" && grep -q "title .app high., " "$1" && grep -q "title .app max.$" "$1"' - "$TMP/plot.gp"
PATH="$TMP/fakebin:$PATH" expect_ok "plot script: a run without groups" "$BIN" run "$ROOT/scenarios/seed003-stress-highalloc.ini" --plot "$TMP/s.png"
check "plot script: no group panel without groups" sh -c '! grep -q "group pages" "$1"' - "$TMP/plot.gp"
# compare --plot: the sides' first runs on the same panels, a colour each,
# from temporary data files that are gone afterwards
PATH="$TMP/fakebin:$PATH" expect_ok "compare --plot" "$BIN" compare "$ROOT/scenarios/memcg-high-at-10s.ini" --a policy.memcg_high_throttle=penalty_once --b policy.memcg_high_throttle=penalty --plot "$TMP/c.png" --quiet
check "compare --plot: title with both sides" grep -q "^set multiplot layout [0-9],1 title '.*memcg-high-at-10s.ini (seed 1): A policy.memcg_high_throttle=penalty_once; B policy.memcg_high_throttle=penalty'$" "$TMP/plot.gp"
check "compare --plot: one colour a side, the side in the legend" sh -c 'grep -q "lc rgb .#1f77b4. lw 1.5 dt 1 title .A free." "$1" && grep -q "lc rgb .#d62728. lw 1.5 dt 1 title .B free." "$1" && grep -q "title .B app high." "$1"' - "$TMP/plot.gp"
check "compare --plot: each side's data file removed" sh -c 'f=$(grep -o "/tmp/reclaimsim-cmp-[A-Za-z0-9]*" "$1" | sort -u); [ "$(echo "$f" | wc -l)" = 2 ] && for x in $f; do [ ! -e "$x" ] || exit 1; done' - "$TMP/plot.gp"
check "compare --plot: the table still printed" grep -q "^time.elapsed_s " "$TMP/out"
rm "$TMP/fakebin/gnuplot"
expect_status "compare --plot: format checked before the runs" 1 "^reclaimsim: --plot $TMP/c.gif: unknown picture format" "$BIN" compare "$TMP/tiny.ini" --a sysctl.swappiness=10 --b sysctl.swappiness=60 --plot "$TMP/c.gif"
check "compare --plot: nothing run" test ! -s "$TMP/out"
expect_status "compare --plot: not over the scenario" 1 "^reclaimsim: " "$BIN" compare "$TMP/tiny.ini" --a sysctl.swappiness=10 --b sysctl.swappiness=60 --plot "$TMP/tiny.ini"
expect_status "compare --plot without gnuplot" 1 "^reclaimsim: --plot $TMP/c.png: gnuplot is not installed" env PATH="$TMP/fakebin" "$BIN" compare "$TMP/tiny.ini" --a sysctl.swappiness=10 --b sysctl.swappiness=60 --plot "$TMP/c.png"
expect_status "compare --plot into a missing directory: as run --plot (1)" 1 "^reclaimsim: --plot /nonexistent/p.png: No such file or directory$" "$BIN" compare "$TMP/tiny.ini" --a sysctl.swappiness=10 --b sysctl.swappiness=60 --plot /nonexistent/p.png
# the CSV's added columns: the reclaimers split by kind add up to the total
expect_ok "csv: the added columns" "$BIN" run "$ROOT/scenarios/memcg-high-at-10s.ini" --csv "$TMP/m.csv"
check "csv: in_direct + in_memcg = reclaimers; kswapd's scan as vmstat's" sh -c 'head -1 "$1" | grep -q ",pgscan_kswapd,pgscan_direct,pgsteal_kswapd,pgsteal_direct,in_direct,in_memcg,throttled,swap_used,dirty,writeback,compact_stall,compact_success,highorder_failed,disk_util,disk_queue,disk_await_ms,swap_util,swap_queue,swap_await_ms,psi_some_us,psi_full_us,app:current,app:min,app:low,app:high,app:max,node0_DMA:free,node0_DMA:min,node0_DMA:low,node0_DMA:high,node0_DMA32:free,node0_DMA32:min,node0_DMA32:low,node0_DMA32:high$" && awk -F, "NR > 1 && (\$20 + \$21 != \$8 || \$16 + \$17 > \$6) { bad = 1 } END { exit bad }" "$1" && tail -1 "$1" | cut -d, -f16-28 | grep -qx "16468,0,16468,0,0,0,0,0,0,0,0,0,0"' - "$TMP/m.csv"
check "csv: the zones add up to free and the watermarks" awk -F, 'NR > 1 && ($2 != $42 + $46 || $3 != $43 + $47 || $4 != $44 + $48 || $5 != $45 + $49) { bad = 1 } END { exit bad }' "$TMP/m.csv"
# the pressure sampled ends at the report's total; memory.high 160M (40960 pages) from 10 s
check "csv: psi as the JSON's total, the group's usage and high" sh -c 'tail -1 "$1" | cut -d, -f35-41 | grep -qx "160756,160756,40925,,,40960," && awk -F, "\$1 < 10 && \$40 != \"\" { bad = 1 } END { exit bad }" "$1"' - "$TMP/m.csv"

# issue 25: an output never replaces an input or another output
cp "$TMP/tiny.ini" "$TMP/keep.ini"
ln -s keep.ini "$TMP/keep-link.ini"
expect_status "--csv is the scenario" 1 "^reclaimsim: --csv $TMP/keep.ini: is the scenario $TMP/keep.ini, which the command reads (valid: another file)$" "$BIN" run "$TMP/keep.ini" --csv "$TMP/keep.ini"
expect_status "--trace is the scenario by another name" 1 "^reclaimsim: --trace $TMP/keep-link.ini: is the scenario $TMP/keep.ini, which" "$BIN" run "$TMP/keep.ini" --trace "$TMP/keep-link.ini"
expect_status "--plot is the scenario" 1 "^reclaimsim: --plot $TMP/./keep.ini: is the scenario" "$BIN" run "$TMP/keep.ini" --plot "$TMP/./keep.ini"
check "the scenario is untouched" cmp -s "$TMP/tiny.ini" "$TMP/keep.ini"
expect_status "one file for two outputs" 1 "^reclaimsim: --plot $TMP/two.png: is also --csv $TMP/two.png (valid: one file for each output)$" "$BIN" run "$TMP/keep.ini" --csv "$TMP/two.png" --plot "$TMP/two.png"
check "one file for two outputs: nothing written" test ! -e "$TMP/two.png"
expect_ok "two outputs to /dev/null" "$BIN" run "$TMP/keep.ini" --csv /dev/null --trace /dev/null

# --set of type checks the keys of the section; --set values are blamed by name
expect_status "--set type with keys of another type" 1 "--set workload.anonfill.type=file_write: \[workload anonfill\] passes: not a key of type file_write" "$BIN" run "$SEQ" --set workload.anonfill.type=file_write
expect_status "--set parent cycle" 1 "^reclaimsim: --set cgroup.box.parent=box: \[cgroup box\] parent: cycle box -> box$" "$BIN" run "$SEQ" --set cgroup.box.parent=box
printf '[machine]\nmemory = 64M\nzones = DMA:16M, DMA32:16M\n' >"$TMP/shortzones.ini"
expect_status "zones short of memory" 1 "shortzones.ini:3: \[machine\] zones: add up to 32M but memory is 64M" "$BIN" zoneinfo --before "$TMP/shortzones.ini"
printf '[machine]\nmemory = 67109888\n' >"$TMP/oddmem.ini"
expect_status "memory not whole pages" 1 "oddmem.ini:2: \[machine\] memory: 67109888 is not a whole number" "$BIN" run "$TMP/oddmem.ini"

# runs cut short by run.duration say so, also with swap I/O in flight
expect_ok "run.duration cuts the run" "$BIN" run "$TMP/tiny.ini" --set run.duration=1ms
check "report: did not finish" grep -q "^w: did not finish: run.duration (1ms) reached$" "$TMP/out"
check "report: stopped at run.duration" grep -q "^run: stopped at run.duration (1ms): 1 of 1 workload did not finish$" "$TMP/out"
expect_ok "run.duration cuts the run (json)" "$BIN" run "$TMP/tiny.ini" --set run.duration=1ms --json
check "json: finished false" grep -q '"finished":[[:space:]]*false' "$TMP/out"
expect_ok "run cut with swap I/O in flight" "$BIN" run "$ROOT/scenarios/anonfill-over-swap-seq.ini" --set run.duration=1s
check "report: cut with I/O in flight" grep -q "^anonfill: did not finish: run.duration (1s) reached$" "$TMP/out"
expect_ok "start after run.duration" "$BIN" run "$TMP/tiny.ini" --set run.duration=1ms --set workload.w.start=5ms
check "report: never started" grep -q "^w: never started: start 5ms is after run.duration (1ms)$" "$TMP/out"
expect_ok "start after run.duration (json)" "$BIN" run "$TMP/tiny.ini" --set run.duration=1ms --set workload.w.start=5ms --json
check "json: started false" grep -q '"started":[[:space:]]*false' "$TMP/out"
expect_ok "a finished run" "$BIN" run "$TMP/tiny.ini" --json
check "json: started and finished" sh -c "grep -q '\"started\":[[:space:]]*true' '$TMP/out' && grep -q '\"finished\":[[:space:]]*true' '$TMP/out'"
check "report: nothing cut short" sh -c "'$BIN' run '$TMP/tiny.ini' | grep -q -e 'did not finish' -e '^run: stopped'; [ \$? = 1 ]"

# regression: kswapd was queued twice on one wait queue (reclaim_throttle,
# then congestion_wait in the same step) and waitq_remove() walked the
# cycle forever; now task_sleep() has a VM_BUG_ON (ASan build).  timeout: a hang is exit
# 124, an abort is >= 128: both fail expect_ok
DOUBLE="$ROOT/tests/data/kswapd-double-sleep.ini"
expect_ok "kswapd double sleep completes" timeout 60 "$BIN" run "$DOUBLE"
check "kswapd double sleep: dd wrote everything" grep -q "^dd: pages_written 524288$" "$TMP/out"
check "kswapd double sleep: kswapd reclaimed" sh -c "awk '\$1 == \"pgsteal_kswapd\" && \$2 > 0 { ok = 1 } END { exit !ok }' '$TMP/out'"
check "kswapd double sleep: not cut short" sh -c "! grep -q -e 'did not finish' -e '^run: stopped' '$TMP/out'"

# tasks that ended give their stacks back: 36,864 tasks, 4096 alive at once
expect_ok "many tasks in sequence" "$BIN" run "$ROOT/tests/data/many-tasks-seq.ini"
check "many tasks in sequence: the last workload ran" grep -q "^w9: pages 16384$" "$TMP/out"

# fast swap: written pages reach the inactive tail, no false OOM kill
expect_ok "fast swap" "$BIN" run "$ROOT/tests/data/fast-swap.ini"
check "fast swap: no OOM kill" sh -c "awk '\$1 == \"oom_kills\" && \$2 == 0 { ok = 1 } END { exit !ok }' '$TMP/out'"
# (the bug freed 41 %; with the per-CPU lists holding up to an eighth of
# the 64 MiB, 98.2..99.7 % over seeds 1-4, 99.5..99.9 % without them;
# 96.3..98.6 % with the reclaimer's plug, which holds its writes to the end
# of its shrink_lruvec round: more written pages are found referenced and
# activated before their write ends, pgactivate 32,335 -> 34,474 at seed 1)
check "fast swap: pages written are freed" sh -c "awk '\$1 == \"pswpout\" { o = \$2 } \$1 == \"pgsteal_anon\" { s = \$2 } END { exit !(o > 60000 && s >= 0.95 * o) }' '$TMP/out'"

# 64 KiB pages: blk-wbt bounds the writes in flight, so swap does not fill with them
expect_ok "fast swap, 64K pages" "$BIN" run "$ROOT/tests/data/fast-swap-64k.ini"
check "fast swap, 64K pages: no OOM kill" sh -c "awk '\$1 == \"oom_kills\" && \$2 == 0 { ok = 1 } END { exit !ok }' '$TMP/out'"
# (the bug freed 11 %; with the per-CPU lists, which hold up to an eighth
# of the 1024 pages, 86.6..93.0 % over seeds 1-4; with the calibrated
# costs 86.5..95.7 % of 3,345..3,940 pages written)
check "fast swap, 64K pages: pages written are freed" sh -c "awk '\$1 == \"pswpout\" { o = \$2 } \$1 == \"pgsteal_anon\" { s = \$2 } END { exit !(o > 3000 && s >= 0.8 * o) }' '$TMP/out'"

# 40,000 live tasks, their frames saved off the 64 shared run stacks while they sleep
expect_ok "many live tasks" "$BIN" run "$ROOT/tests/data/many-live-tasks.ini"
check "many live tasks: all 40000 ran" grep -q "^hackbench: tasks 40000$" "$TMP/out"

# a user loop whose operations cost nothing ends in the watchdog, not a hang
expect_status "zero-cost loop: watchdog" 1 "watchdog: task [0-9]* (ebizzy) issued 10000000 operations" \
	timeout 60 "$BIN" run "$ROOT/tests/data/zero-cost-loop.ini"

# a scenario without workloads: fine to look at, nothing to run
: >"$TMP/empty.ini"
expect_ok "empty scenario: zoneinfo --before" "$BIN" zoneinfo --before "$TMP/empty.ini"
expect_ok "empty scenario: run" "$BIN" run "$TMP/empty.ini"
check "empty scenario: nothing to run" grep -qx "reclaimsim: no workloads: nothing to run" "$TMP/err"
check "empty scenario: the report" grep -q "^scenario: " "$TMP/out"

# the README's examples work as written
expect_ok "README --set example" "$BIN" run "$SEQ" --set sysctl.swappiness=100 --set workload.anonfill.size=256M

# same scenario and seed: byte-identical output; another seed differs
"$BIN" run "$ROOT/scenarios/anonfill-over-swap-seq.ini" --json --set workload.anonfill.pattern=rand >"$TMP/a" &&
"$BIN" run "$ROOT/scenarios/anonfill-over-swap-seq.ini" --json --set workload.anonfill.pattern=rand >"$TMP/b" &&
"$BIN" run "$ROOT/scenarios/anonfill-over-swap-seq.ini" --json --set workload.anonfill.pattern=rand --seed 7 >"$TMP/c"
if cmp -s "$TMP/a" "$TMP/b" && ! cmp -s "$TMP/a" "$TMP/c"; then
	echo "ok   determinism"
else
	echo "FAIL determinism"; fails=$((fails + 1))
fi
# the seed 003 workloads: byte-identical from the same seed (iozone draws its random order)
"$BIN" run "$ROOT/scenarios/seed003-iozone.ini" --json >"$TMP/a" &&
"$BIN" run "$ROOT/scenarios/seed003-iozone.ini" --json >"$TMP/b"
if cmp -s "$TMP/a" "$TMP/b" && grep -q '"524288K.random_write":' "$TMP/a"; then
	echo "ok   determinism: seed003-iozone"
else
	echo "FAIL determinism: seed003-iozone"; fails=$((fails + 1))
fi
# seed 003 traced (tools/seed003.py's runs): simple-writeback under nodirect
# twice, the same trace bytes and the same report; direct reclaim wrote nothing
# (an empty figure, as the script prints it, when there was no direct reclaim:
# 2.6.35's zone-based kswapd keeps up with the writers)
"$BIN" run "$ROOT/scenarios/seed003-simple-writeback.ini" --set policy.kernel=2.6.35-nodirect \
	--trace "$TMP/t1" >/dev/null &&
"$BIN" run "$ROOT/scenarios/seed003-simple-writeback.ini" --set policy.kernel=2.6.35-nodirect \
	--trace "$TMP/t2" >/dev/null &&
"$BIN" trace-report "$TMP/t1" >"$TMP/a" && "$BIN" trace-report "$TMP/t2" >"$TMP/b"
if cmp -s "$TMP/t1" "$TMP/t2" && cmp -s "$TMP/a" "$TMP/b" &&
	grep -q "^Direct reclaim write async I/O:	0*$" "$TMP/a" &&
	grep -q "^Kswapd wakeups:" "$TMP/a"; then
	echo "ok   determinism: seed003-simple-writeback traced"
else
	echo "FAIL determinism: seed003-simple-writeback traced"; fails=$((fails + 1))
fi
rm -f "$TMP/t1" "$TMP/t2"
# run-to-run variation: without pattern = rand two seeds still differ (the
# figures, not only the "seed" field); one seed twice is byte-identical;
# with jitter = off two seeds run alike
"$BIN" run "$ROOT/scenarios/anonfill-over-swap-seq.ini" --json --seed 2 >"$TMP/v1"
"$BIN" run "$ROOT/scenarios/anonfill-over-swap-seq.ini" --json --seed 2 >"$TMP/v2"
"$BIN" run "$ROOT/scenarios/anonfill-over-swap-seq.ini" --json --seed 3 >"$TMP/v3"
check "jitter: one seed twice is byte-identical" cmp -s "$TMP/v1" "$TMP/v2"
check "jitter: two seeds differ beyond the seed field" sh -c '! diff -q "$1" "$2" >/dev/null && test "$(diff "$1" "$2" | grep -c "^<")" -gt 1' - "$TMP/v1" "$TMP/v3"
"$BIN" run "$ROOT/scenarios/anonfill-over-swap-seq.ini" --json --seed 2 --set run.jitter=off | grep -v '"seed"' >"$TMP/v4"
"$BIN" run "$ROOT/scenarios/anonfill-over-swap-seq.ini" --json --seed 3 --set run.jitter=off | grep -v '"seed"' >"$TMP/v5"
check "jitter = off: two seeds run alike" cmp -s "$TMP/v4" "$TMP/v5"
expect_status "bad io_jitter" 1 "\\[run\\] io_jitter" "$BIN" run "$TMP/tiny.ini" --set run.io_jitter=91
expect_status "bad jitter" 1 "\\[run\\] jitter" "$BIN" run "$TMP/tiny.ini" --set run.jitter=maybe
expect_status "bad cpu_jitter" 1 "\\[run\\] cpu_jitter" "$BIN" run "$TMP/tiny.ini" --set run.cpu_jitter=51
expect_status "bad wakeup_latency" 1 "\\[run\\] wakeup_latency" "$BIN" run "$TMP/tiny.ini" --set run.wakeup_latency=2s
expect_status "bad timer_latency" 1 "\\[run\\] timer_latency" "$BIN" run "$TMP/tiny.ini" --set run.timer_latency=-1us
expect_status "bad tie_order" 1 "\\[run\\] tie_order" "$BIN" run "$TMP/tiny.ini" --set run.tie_order=lifo
expect_status "bad task_placement" 1 "\\[run\\] task_placement" "$BIN" run "$TMP/tiny.ini" --set run.task_placement=last
expect_status "bad page_shuffle" 1 "\\[run\\] page_shuffle" "$BIN" run "$TMP/tiny.ini" --set run.page_shuffle=2

# compare: A/B runs of one scenario, paired seeds, a table and the JSON contract
printf '[machine]\ncpus = 2\nmemory = 32M\nzones = DMA:16M, DMA32:rest\nswap = 32M\n[workload w]\ntype = anon_fill\nsize = 40M\npasses = 1\npattern = rand\n' >"$TMP/cmp.ini"
AB="--a sysctl.swappiness=10 --b sysctl.swappiness=100"
expect_ok "compare --runs 3" "$BIN" compare "$TMP/cmp.ini" $AB --runs 3
check "compare: header" grep -q "^runs: 3 per side, seeds 1..3, the same on both sides$" "$TMP/out"
check "compare: std said" grep -q "^std: standard deviation (divided by n" "$TMP/out"
check "compare: side labels" grep -q "A (sysctl.swappiness=10) *B (sysctl.swappiness=100)$" "$TMP/out"
check "compare: columns" grep -Eq "^figure +min +max +avg +std +min +max +avg +std +change$" "$TMP/out"
check "compare: time row" grep -Eq "^time\.elapsed_s( +[0-9]+\.[0-9]{2}){8} +[-+0-9.%]+[* ]$" "$TMP/out"
check "compare: allocstall summed" grep -q "^vmstat\.allocstall " "$TMP/out"
check "compare: major faults differ between runs" sh -c "grep '^vmstat.pgmajfault ' '$TMP/out' | awk '{ exit !(\$2 != \$3) }'"
cp "$TMP/out" "$TMP/cmp1"
expect_ok "compare again" "$BIN" compare "$TMP/cmp.ini" $AB --runs 3
check "compare: same command, same bytes" cmp -s "$TMP/out" "$TMP/cmp1"
expect_ok "compare --json" "$BIN" compare "$TMP/cmp.ini" $AB --runs 3 --json
check "compare --json: sides" sh -c "grep -q '\"a\":' '$TMP/out' && grep -q '\"b\":' '$TMP/out'"
check "compare --json: mean" grep -q '"mean":' "$TMP/out"
check "compare --json: std, min, max" sh -c "grep -q '\"std\":' '$TMP/out' && grep -q '\"min\":' '$TMP/out' && grep -q '\"max\":' '$TMP/out'"
check "compare --json: three runs a side" test "$(grep -c '"scenario":' "$TMP/out")" = 6
check "compare --json: paired seeds" test "$(grep -Eo '"seed":[[:space:]]*[0-9]+' "$TMP/out" | tr -d '[:space:]')" = '"seed":1"seed":2"seed":3"seed":1"seed":2"seed":3'
check "compare --json: flattened keys" grep -q '"reclaim.max_parallel_reclaimers":' "$TMP/out"
if command -v python3 >/dev/null 2>&1; then
	check "compare --json parses" python3 -c "import json, sys; d = json.load(open(sys.argv[1])); assert len(d['a']['runs']) == 3 and 'vmstat.pgmajfault' in d['b']['std']" "$TMP/out"
fi
cp "$TMP/out" "$TMP/cmpj1"
"$BIN" compare "$TMP/cmp.ini" $AB --runs 3 --json >"$TMP/cmpj2"
check "compare --json: same bytes" cmp -s "$TMP/cmpj1" "$TMP/cmpj2"
expect_ok "compare --seed 4 --set run.seed=7" "$BIN" compare "$TMP/cmp.ini" $AB --runs 1 --json --seed 4 --set run.seed=7
check "compare: the later --set run.seed wins" test "$(grep -Eo '"seed":[[:space:]]*[0-9]+' "$TMP/out" | tr -d '[:space:]')" = '"seed":7"seed":7'
expect_ok "compare --set run.seed=7 --seed 4" "$BIN" compare "$TMP/cmp.ini" $AB --runs 1 --json --set run.seed=7 --seed 4
check "compare: the later --seed wins" test "$(grep -Eo '"seed":[[:space:]]*[0-9]+' "$TMP/out" | tr -d '[:space:]')" = '"seed":4"seed":4'
expect_ok "compare, one run, --opt=value" "$BIN" compare "$TMP/cmp.ini" --a=sysctl.swappiness=10 --b=sysctl.swappiness=100 --figures=time.elapsed_s,vmstat.pgscan_*
check "compare: one run columns" grep -Eq "^figure +A +B +change$" "$TMP/out"
awk '/^figure/ { on = 1; next } on && NF { print $1 }' "$TMP/out" >"$TMP/rows"
check "compare --figures: the rows asked for, in order" sh -c "head -3 '$TMP/rows' | tr '\n' ' ' | grep -qx 'time.elapsed_s vmstat.pgscan_kswapd vmstat.pgscan_direct ' && ! grep -Ev '^(time[.]elapsed_s|vmstat[.]pgscan_.*)$' '$TMP/rows'"
expect_ok "compare: repeated --a, a zones value with commas" "$BIN" compare "$TMP/cmp.ini" --a sysctl.swappiness=10 --a machine.zones=DMA:16M,DMA32:rest,sysctl.page-cluster=0 --b sysctl.swappiness=100 --figures time.elapsed_s
check "compare: A's assignments" grep -qx "A: sysctl.swappiness=10,machine.zones=DMA:16M,DMA32:rest,sysctl.page-cluster=0" "$TMP/out"
expect_status "compare: unknown key" 1 "^reclaimsim: --a sysctl.nope=1: \[sysctl\] nope: unknown key$" "$BIN" compare "$TMP/cmp.ini" --a sysctl.nope=1 --b sysctl.swappiness=100
expect_status "compare: bad value in a list" 1 "^reclaimsim: --b sysctl.swappiness=lots: " "$BIN" compare "$TMP/cmp.ini" --a sysctl.swappiness=10 --b sysctl.page-cluster=0,sysctl.swappiness=lots
expect_status "compare: no '='" 2 "^reclaimsim: --a swappiness: expected section.key=value$" "$BIN" compare "$TMP/cmp.ini" --a swappiness --b sysctl.swappiness=100
expect_status "compare: empty item" 2 "^reclaimsim: --b 'sysctl.swappiness=100,': an empty assignment" "$BIN" compare "$TMP/cmp.ini" --a sysctl.swappiness=10 --b sysctl.swappiness=100,
expect_status "compare: --a without a value" 2 "^reclaimsim: --a needs a value$" "$BIN" compare "$TMP/cmp.ini" --b sysctl.swappiness=100 --a
expect_status "compare: a side's own seed" 2 "^reclaimsim: --a run.seed=5: the seeds are the same on every side" "$BIN" compare "$TMP/cmp.ini" --a run.seed=5 --b sysctl.swappiness=100
expect_status "compare: nothing to compare" 2 "nothing to compare" "$BIN" compare "$TMP/cmp.ini"
# N sides, significance (Welch's t-test), the parallel runner
expect_ok "compare --side x3 --runs 3" "$BIN" compare "$TMP/cmp.ini" --side lo:sysctl.swappiness=10 --side hi:sysctl.swappiness=100 --side as-is: --runs 3 --figures time.elapsed_s,vmstat.pswpout --jobs 2
check "compare --side: each side named" sh -c "grep -qx 'lo: sysctl.swappiness=10' '$TMP/out' && grep -qx 'as-is: the scenario as is' '$TMP/out'"
check "compare --side: columns, a change after each side but the first" grep -Eq "^figure +min +max +avg +std +min +max +avg +std +change +min +max +avg +std +change$" "$TMP/out"
check "compare --side: the significance said" grep -q "^\*: significant: Welch's t-test over the runs, two-sided p < 0.05" "$TMP/out"
cp "$TMP/out" "$TMP/side3"
"$BIN" compare "$TMP/cmp.ini" --side lo:sysctl.swappiness=10 --side hi:sysctl.swappiness=100 --side as-is: --runs 3 --figures time.elapsed_s,vmstat.pswpout --jobs 1 >"$TMP/out" 2>&1
check "compare --jobs 1 = --jobs 2" cmp -s "$TMP/out" "$TMP/side3"
expect_ok "compare --a/--b --runs 3 --json: welch_p" "$BIN" compare "$TMP/cmp.ini" $AB --runs 3 --json
check "compare --json: B's welch_p, not A's" test "$(grep -c '"welch_p":' "$TMP/out")" = 1
expect_status "compare: --side and --a" 2 "^reclaimsim: compare: --side or --a/--b, not both$" "$BIN" compare "$TMP/cmp.ini" --side x:sysctl.swappiness=1 --a sysctl.swappiness=2
expect_status "compare: one --side" 2 "nothing to compare" "$BIN" compare "$TMP/cmp.ini" --side x:sysctl.swappiness=1
expect_status "compare: --side without a name" 2 "^reclaimsim: --side sysctl.swappiness=1: expected NAME:" "$BIN" compare "$TMP/cmp.ini" --side sysctl.swappiness=1 --side y:
expect_status "compare: --side twice" 2 "^reclaimsim: --side x: given twice$" "$BIN" compare "$TMP/cmp.ini" --side x:sysctl.swappiness=1 --side x:sysctl.swappiness=2
expect_status "compare: a bad value on a side" 1 "^reclaimsim: --side hi: sysctl.swappiness=lots: " "$BIN" compare "$TMP/cmp.ini" --side lo: --side hi:sysctl.swappiness=lots
expect_status "compare: --runs 0" 2 "^reclaimsim: --runs 0: expected a whole number of runs, 1..1000$" "$BIN" compare "$TMP/cmp.ini" $AB --runs 0
expect_status "compare: --runs 1001" 2 "^reclaimsim: --runs 1001: " "$BIN" compare "$TMP/cmp.ini" $AB --runs 1001
expect_status "compare: --figures with --json" 2 "--figures applies to the table only" "$BIN" compare "$TMP/cmp.ini" $AB --json --figures all
expect_status "compare: --figures of no section" 2 "^reclaimsim: --figures elapsed: not a figure" "$BIN" compare "$TMP/cmp.ini" $AB --figures elapsed
expect_status "compare: --figures matching nothing" 1 "^reclaimsim: --figures vmstat.nope: no such figure" "$BIN" compare "$TMP/cmp.ini" $AB --figures vmstat.nope
expect_status "compare: a side's layout is wrong" 1 "^reclaimsim: --b machine.zones=DMA:16M,DMA32:8M: \[machine\] zones: add up to 24M" "$BIN" compare "$TMP/cmp.ini" --a sysctl.swappiness=10 --b machine.zones=DMA:16M,DMA32:8M
expect_status "compare: stdout on a full disk" 1 "reclaimsim: write error: No space left on device" sh -c '"$0" compare "$1" --b sysctl.swappiness=100 >/dev/full' "$BIN" "$TMP/cmp.ini"
expect_ok "compare: cut by run.duration" "$BIN" compare "$TMP/cmp.ini" $AB --runs 2 --set run.duration=10ms
check "compare: the cut runs are noted" grep -qx "note: A: 2 of 2 runs stopped at run.duration with a workload unfinished" "$TMP/out"

# the host's zones: computed watermarks and protection equal /proc/zoneinfo
# (skipped while the host has a watermark boost, which the printed
# watermarks include, or more than one node, which the scenario averages)
# ebizzy (seed 001): a short run of the seed's scenario, and a bad --set
EBIZZY=$ROOT/scenarios/seed001-ebizzy.ini
expect_ok "seed001 ebizzy, 1 s, 2 threads, free" "$BIN" run "$EBIZZY" --set workload.ebizzy.seconds=1 --set workload.ebizzy.threads=2 --set workload.ebizzy.purge=free
check "ebizzy reports records/s" grep -q "^ebizzy: records_per_s [1-9]" "$TMP/out"
expect_status "ebizzy purge = bad value" 1 "--set workload.ebizzy.purge=lazy: \[workload ebizzy\] purge: unknown value 'lazy' (expected free or dontneed)" "$BIN" run "$EBIZZY" --set workload.ebizzy.purge=lazy
# a cross-checked value given by --set is blamed on the --set, not the file
M9=$ROOT/scenarios/ltp-madvise09.ini
expect_status "madvise09 peek beyond the region" 1 "--set workload.madvise09.peek=128: \[workload madvise09\] peek: page 128 is beyond the region (128 pages)" "$BIN" run "$M9" --set workload.madvise09.peek=128
expect_status "madvise09 region shrunk under the rewrites" 1 "--set workload.madvise09.size=1p: \[workload madvise09\] rewrite: page 10 is beyond" "$BIN" run "$M9" --set workload.madvise09.size=1p

boosted=$(awk '$1 == "boost" && $2 != 0' /proc/zoneinfo 2>/dev/null | wc -l)
nodes=$(grep -c '^Node .*zone *DMA32' /proc/zoneinfo 2>/dev/null)
if [ -r /proc/zoneinfo ] && [ -r /proc/sys/vm/min_free_kbytes ] && [ "$boosted" = 0 ] &&
   [ "$nodes" -le 1 ]; then
	pattern='^ *(min|low|high|protection:) '
	"$BIN" zoneinfo --machine host --before | grep -E "$pattern" >"$TMP/sim"
	grep -E "$pattern" /proc/zoneinfo >"$TMP/host"
	if cmp -s "$TMP/sim" "$TMP/host"; then
		echo "ok   host zoneinfo watermarks ($(wc -l <"$TMP/host") lines)"
	else
		echo "FAIL host zoneinfo watermarks"; diff "$TMP/host" "$TMP/sim" | head; fails=$((fails + 1))
	fi
fi

# from = host: the host is the base; the file's later keys and --set win
if [ -r /proc/zoneinfo ] && [ -r /proc/sys/vm/min_free_kbytes ]; then
	printf '[machine]\nfrom = host\ncpus = 3\n[workload w]\ntype = anon_fill\nsize = 8M\npasses = 1\n' >"$TMP/host.ini"
	expect_ok "from = host, then cpus" "$BIN" run "$TMP/host.ini"
	check "from = host keeps the file's cpus" grep -q "^machine: 3 CPUs" "$TMP/out"
	expect_ok "--set machine.from=host" "$BIN" run "$TMP/tiny.ini" --set machine.from=host --set machine.cpus=3
	check "--set machine.from=host reads the host" sh -c "grep -q '^machine: 3 CPUs' '$TMP/out' && ! grep -q 'managed 64.00M' '$TMP/out'"
	"$BIN" zoneinfo --before "$TMP/tiny.ini" --machine host >"$TMP/m1"
	"$BIN" zoneinfo --before "$TMP/tiny.ini" --set machine.from=host >"$TMP/m2"
	check "--machine host = --set machine.from=host" cmp -s "$TMP/m1" "$TMP/m2"
	printf '[machine]\ncpus = 3\nfrom = host\n' >"$TMP/hostlate.ini"
	expect_status "from = host after other keys" 1 "hostlate.ini:3: \[machine\] from: from = host must come before" "$BIN" run "$TMP/hostlate.ini"
fi

# reclaimsim profile: the kernel profiles as [policy] lines
expect_ok "profile lists the names" "$BIN" profile
printf '2.6.25\n2.6.28\n2.6.32\n2.6.35\n2.6.35-nodirect\n3.10\n4.2\n4.5\n4.12\n6.12\n6.18\n' >"$TMP/want"
check "profile names" cmp -s "$TMP/want" "$TMP/out"
expect_ok "profile 2.6.28" "$BIN" profile 2.6.28
cat >"$TMP/want" <<'END'
watermark_check = order_walk
max_page_order = 10
skip_zones_lots_free = off
too_many_isolated = off
alloc_retry = no_progress
compact_retry = migrate_mode
zone_unreclaimable = all_unreclaimable_lru
reclaim_sleep = congestion_wait
kswapd_nap = every_pass
new_anon_lru = active
lazyfree = none
tlb_flush = per_page
swapin_lru = inactive
reclaim_free_swap = pagevec_swap_free
swapin_free_swap = swap_full
swap_readahead = cluster
swap_readahead_plug = after
swap_alloc = scan
readahead_gfp = full
readahead_folios = single
write_folios = single
mmap_readahead = readaround
mmap_exec_readahead = around
fault_around_bytes = 0
mmap_miss_hits = all
seq_read_references = counted
split_lru = on
memcg_reclaim_stat = off
did_some_progress = nr_reclaimed
memcg_charge_retry = mem_cgroup_charge_common
memcg_stock = off
anon_vma_chain = off
anon_vma_lock = exclusive
i_mmap_lock = exclusive
full_walk_retry = off
empty_memcg_protected = off
force_deactivate_retry = off
file_writepage = any
direct_writeback = allow
flusher_wakeup = scanned
flusher_wakeup_pages = scanned
writeback_rotation = inactive
may_write_to_queue = on
lumpy_reclaim = on
kswapd_order_fallback = compact_gap
kswapd_short_sleep = off
kswapd_sleep_order = reclaimed
kswapd_sleep_zones = node
kswapd_slab = every_zone
kswapd_sleep_classzone = own
cgroup = v1
memcg_high_throttle = reclaim
memcg_stats = exact
soft_limit_reclaim = none
zone_reclaim = on
reclaim_distance = 20
zone_reclaim_boot = distance
kswapd_balance = zones_all
kswapd_balance_gap = high_x8
compaction = none
compact_free_stride = every_page
pcp_lists = order0
pcp_high = fixed
watermark_boost = off
wmark_gap = min_quarter
wmark_movable = proportional
lowmem_reserve_empty = reserve
thp_support = none
min_free_kbytes_max = 65536
zonelist_node_load = assign_reset
numa_zonelist_order = default_sizes
swappiness_zero = some_anon
scan_batch = saved
force_scan = off
shrink_bail = none
lru_balance = rotated_percent
vm_exec_activation = none
mapped_use_once = none
refault_activation = none
shadow_shrinker = none
memcg_writeback_wait = none
vmscan_trace_format = 2.6.36
oom_report = 2.6.24
zoneinfo_format = 2.6.28
vmstat_format = 2.6.28
meminfo_format = 2.6.28
wakeup_kswapd_trace = early
wakeup_kswapd = zone_low
slowpath_wake_kswapd = restart
throttle_vm_writeout = on
dirtyable_memory = free_and_lru
wb_requeue_io = kupdate
wb_pass_retry = more_io
flusher_wakeup_range = cyclic
wb_work_yield = none
blk_requests = per_direction
blk_max_sectors_kb = 512
blk_plug = none
blk_plug_flush_rq = last
blk_wbt = off
sched_hz = 250
sched_latency = 20ms
sched_min_granularity = 4ms
sched_wakeup_granularity = 5ms
sched_tunable_scaling = log_uncapped
sched_sleeper_credit = latency
sched_wake_select = wake_affine
sched_next_buddy = wakeup
sched_load_balance = cpu_load
END
check "profile 2.6.28 output" cmp -s "$TMP/want" "$TMP/out"
# docs/scenarios.md's [policy] paragraph names every profile
"$BIN" profile >"$TMP/names"
check "docs/scenarios.md lists every kernel profile" sh -c 'kernels=$(sed -n "/^\`kernel\` = /,/sets every policy/p" docs/scenarios.md | tr -d "|\`" | tr -s " \n" "  "); while read -r n; do case " $kernels " in *" $n "*) ;; *) echo "missing $n"; exit 1;; esac; done <"$1"' - "$TMP/names"
expect_status "unknown profile" 1 "profile: unknown kernel profile '5.4' (known: 2.6.25, 2.6.28, 2.6.32, 2.6.35, 2.6.35-nodirect, 3.10, 4.2, 4.5, 4.12, 6.12, 6.18)" "$BIN" profile 5.4
expect_status "profile: bad option" 2 "unknown option '--json'" "$BIN" profile --json
# reclaimsim calibrate: its help and bad input (a run takes ~15 s a rep: bench/results/calibrate.txt)
expect_ok "calibrate --help" "$BIN" calibrate --help
check "calibrate --help text" grep -q "^usage: reclaimsim calibrate \[--reps N\]" "$TMP/out"
expect_status "calibrate: --reps out of range" 2 "calibrate: --reps: 0 is not in 1..31" "$BIN" calibrate --reps 0
expect_status "calibrate: unknown option" 2 "calibrate: unknown option '--json'" "$BIN" calibrate --json
check "bench/results/calibrate.txt is a [cost] section the scenario parser reads" sh -c 'sed -n "/^\[cost\]/,\$p" "$1" >"$2/cal.ini" && printf "[workload fill]\ntype = anon_fill\nsize = 1M\n" >>"$2/cal.ini" && "$3" run "$2/cal.ini" >/dev/null' - "$ROOT/bench/results/calibrate.txt" "$TMP" "$BIN"
expect_ok "profile --help" "$BIN" profile --help
check "profile --help text" grep -q "^usage: reclaimsim profile \[NAME\] \[--markdown\]" "$TMP/out"
# a profile's lines pasted into [policy] run the same as kernel = NAME
printf '[machine]\nmemory = 64M\nzones = DMA:16M, DMA32:rest\nswap = 16M\n[policy]\n' >"$TMP/prof.ini"
"$BIN" profile 2.6.28 >>"$TMP/prof.ini"
printf '[workload w]\ntype = anon_fill\nsize = 72M\npasses = 1\n' >>"$TMP/prof.ini"
"$BIN" run "$TMP/prof.ini" --json | sed 's/"scenario":[[:space:]]*"[^"]*"//' >"$TMP/p1"
"$BIN" run "$TMP/tiny.ini" --set machine.swap=16M --set workload.w.size=72M \
	--set policy.kernel=2.6.28 --json | sed 's/"scenario":[[:space:]]*"[^"]*"//' >"$TMP/p2"
check "profile lines = kernel = NAME" sh -c "[ -s '$TMP/p1' ] && cmp -s '$TMP/p1' '$TMP/p2'"
# a key outside its kernel's range: allowed, one line names the profile value
expect_status "run: an overridden profile line is said" 0 \
	"^reclaimsim: note: overrides kernel 6.12's wmark_gap = scale_factor, lowmem_reserve_empty = none$" \
	"$BIN" run "$TMP/tiny.ini" --set policy.kernel=6.12 --set policy.wmark_gap=min_quarter \
	--set policy.lowmem_reserve_empty=reserve
check "run: one note line" sh -c "[ \$(wc -l <'$TMP/err') -eq 1 ]"
expect_ok "run: a profile's own value is no override" "$BIN" run "$TMP/tiny.ini" \
	--set policy.kernel=4.5 --set policy.wmark_gap=min_quarter
check "run: no note without an override" sh -c "[ ! -s '$TMP/err' ]"
# docs/model.md's table is what profile --markdown prints
sed -n '/^<!-- generated by `reclaimsim profile --markdown`/,/^<!-- end of generated table -->/p' \
	"$ROOT/docs/model.md" | sed '1d;$d' >"$TMP/doc"
"$BIN" profile --markdown >"$TMP/md"
if [ -s "$TMP/doc" ] && cmp -s "$TMP/doc" "$TMP/md"; then
	echo "ok   docs/model.md profile table = profile --markdown"
else
	echo "FAIL docs/model.md profile table differs from reclaimsim profile --markdown:"
	diff "$TMP/doc" "$TMP/md" | head; fails=$((fails + 1))
fi

# lumpy reclaim in the trace (2.6.35): ISOLATE_BOTH isolations with their
# neighbours counted, and reclaim's writes.  (Its synchronous pass finds no
# page left dirty since the request list counts 128 requests per direction,
# not 128 pages: the first pass writes them; SYNC writes 710 -> 0 here.)
expect_ok "trace: lumpy reclaim" "$BIN" run "$ROOT/scenarios/seed003-stress-highalloc.ini" --trace "$TMP/lumpy.txt" --trace-events mm_vmscan_lru_isolate,mm_vmscan_writepage
check "trace: lumpy isolations and writes (June 2010's sync_io=)" sh -c 'grep -q "mm_vmscan_lru_isolate: isolate_mode=2 order=8 .* contig_taken=[1-9]" "$1" && grep -q "mm_vmscan_writepage: page=[0-9a-f]* pfn=[0-9]* sync_io=0$" "$1"' - "$TMP/lumpy.txt"
# shrink_active_list's isolations are ISOLATE_ACTIVE at order 8 too: never a failed neighbour
check "trace: lumpy active-list isolations (ISOLATE_ACTIVE)" sh -c 'grep -q "mm_vmscan_lru_isolate: isolate_mode=1 order=8 .* contig_taken=[1-9]" "$1" && ! grep -q "isolate_mode=1 .* contig_failed=[1-9]" "$1"' - "$TMP/lumpy.txt"
# trace-report --ignore-pid: the script's option (the figures: tests/test_trace.c)
expect_ok "trace-report --ignore-pid" "$BIN" trace-report --ignore-pid "$ROOT/tests/data/trace-ignore-pid.txt"
check "trace-report --ignore-pid: one cc1 row, no latency lines" sh -c '! grep -q "Reclaim latencies" "$1" && grep -q "^cc1             3          3 " "$1"' - "$TMP/out"
expect_status "trace-report --ignore-pid takes no value" 2 "^reclaimsim: --ignore-pid takes no value ('--ignore-pid=1')$" "$BIN" trace-report --ignore-pid=1 "$ROOT/tests/data/trace-ignore-pid.txt"

# an empty trace (a run without reclaim writes one): a report of zeros, and a line saying why
: >"$TMP/empty.trace"
expect_status "trace-report of an empty file" 0 "^reclaimsim: .*/empty.trace: no trace events (a run without reclaim writes none): its figures are 0$" "$BIN" trace-report "$TMP/empty.trace"
check "trace-report of an empty file: the summary's zero stall" grep -q "^Time stalled direct reclaim: .*0.00 ms" "$TMP/out"

# the vmscan trace (docs/trace.md): run --trace, trace-report
printf '[machine]\nmemory = 64M\nswap = 64M\n[workload w]\ntype = anon_fill\nsize = 72M\npasses = 1\n' >"$TMP/trace.ini"
expect_ok "run --trace" "$BIN" run "$TMP/trace.ini" --trace "$TMP/t1.txt"
check "trace: the nop tracer's header, vmscan events" sh -c 'head -1 "$1" | grep -qx "# tracer: nop" && grep -q "kswapd0-[0-9]* *\[[0-9]*\] *[0-9]*\.[0-9]\{6\}: mm_vmscan_kswapd_wake: nid=0 order=0$" "$1"' - "$TMP/t1.txt"
"$BIN" run "$TMP/trace.ini" --trace "$TMP/t2.txt" >/dev/null 2>&1
check "trace: same seed, same bytes" cmp -s "$TMP/t1.txt" "$TMP/t2.txt"
expect_ok "trace-report" "$BIN" trace-report "$TMP/t1.txt"
check "trace-report: the script's sections and summary" sh -c 'grep -q "^Reclaim latencies expressed as order-latency_in_ms$" "$1" && grep -q "^Summary$" "$1" && grep -q "^Kswapd wakeups:	*[1-9]" "$1" && grep -q "^Time kswapd awake:	*[0-9.]* ms$" "$1"' - "$TMP/out"
expect_ok "run --trace-report" "$BIN" run "$TMP/trace.ini" --trace-report --trace-events 'mm_vmscan_kswapd_*'
check "run --trace-report: the report after the run's" sh -c 'grep -q "^Kswapd wakeups:	*[1-9]" "$1" && grep -q "^Direct reclaims:     		$" "$1"' - "$TMP/out"
"$BIN" run "$TMP/trace.ini" --trace "$TMP/t3.txt" --set policy.kernel=2.6.32 >/dev/null 2>&1
expect_ok "trace-report: several files" "$BIN" trace-report "$TMP/t1.txt" "$TMP/t3.txt" --names 6.18,2.6.32 --title anonfill
check "trace-report: the seed's table" sh -c 'head -1 "$1" | grep -qx "anonfill FTrace Reclaim Statistics" && sed -n 2p "$1" | grep -q "	6.18  2.6.32$" && [ $(wc -l <"$1") -eq 13 ] && grep -q "^Kswapd pages scanned  *[1-9][0-9]*  *[1-9][0-9]* $" "$1"' - "$TMP/out"
expect_ok "run --trace-size 1K" "$BIN" run "$TMP/trace.ini" --trace "$TMP/t4.txt" --trace-size 1K
check "trace cut at the cap: said on stderr and in the file" sh -c 'grep -q "cut at the --trace-size cap of 1024 bytes: [1-9][0-9]* events dropped" "$1" && tail -1 "$2" | grep -q "^# reclaimsim: trace cut at the --trace-size cap of 1024 bytes: "' - "$TMP/err" "$TMP/t4.txt"
expect_fail "--trace-events: unknown event" "reclaimsim: --trace-events mm_vmscan_nope: no such vmscan event" "$BIN" run "$TMP/tiny.ini" --trace "$TMP/t5.txt" --trace-events mm_vmscan_kswapd_wake,mm_vmscan_nope
expect_fail "--trace: cannot write" "reclaimsim: --trace /nonexistent/dir/t.txt: No such file or directory" "$BIN" run "$TMP/tiny.ini" --trace /nonexistent/dir/t.txt
expect_fail "--trace-size: bad size" "reclaimsim: --trace-size 12Q: bad size '12Q' (expected a number with K/M/G/T suffix)$" "$BIN" run "$TMP/tiny.ini" --trace "$TMP/t5.txt" --trace-size 12Q
expect_fail "--trace-size: too large" "reclaimsim: --trace-size 99999999T: bad size '99999999T' (too large)$" "$BIN" run "$TMP/tiny.ini" --trace "$TMP/t5.txt" --trace-size 99999999T
expect_status "--trace-size without --trace" 2 "needs --trace FILE or --trace-report" "$BIN" run "$TMP/tiny.ini" --trace-size 1M
expect_status "--trace on vmstat" 2 "the --trace options apply to run only" "$BIN" vmstat "$TMP/tiny.ini" --trace "$TMP/t5.txt"
expect_status "--trace-report with --json" 2 "not with --json" "$BIN" run "$TMP/tiny.ini" --trace-report --json
printf '# tracer: nop\n  w-3 [000] 1.000000 mm_vmscan_kswapd_sleep: nid=0\n' >"$TMP/bad.txt"
expect_fail "trace-report: a malformed line" "reclaimsim: $TMP/bad.txt:2: not an ftrace event line" "$BIN" trace-report "$TMP/bad.txt"
printf '  w-3 [000] 1.000000: mm_vmscan_direct_reclaim_begin: gfp_flags=GFP_KERNEL\n' >"$TMP/bad.txt"
expect_fail "trace-report: a field missing" "bad.txt:1: mm_vmscan_direct_reclaim_begin: no order= field" "$BIN" trace-report "$TMP/bad.txt"
printf '  w-3 [000] 1.000000: mm_vmscan_lru_isolate: nr_scanned=-5\n' >"$TMP/bad.txt"
expect_fail "trace-report: a negative count" "bad.txt:1: mm_vmscan_lru_isolate: nr_scanned=-5: not a decimal number (valid 0..18446744073709551615)" "$BIN" trace-report "$TMP/bad.txt"
expect_fail "trace-report: no such file" "nosuch.txt: No such file or directory" "$BIN" trace-report "$TMP/nosuch.txt"
expect_status "trace-report: --names count" 2 "reclaimsim: --names x: 1 name for 2 files (valid: one name per file, comma-separated)$" "$BIN" trace-report "$TMP/t1.txt" "$TMP/t3.txt" --names x
expect_status "trace-report: an empty name" 2 "reclaimsim: --names x,: name 2 is empty (valid: one name per file, comma-separated)$" "$BIN" trace-report "$TMP/t1.txt" "$TMP/t3.txt" --names x,
expect_status "trace-report: an empty --title" 2 "reclaimsim: --title: empty value (give one, or leave --title out)$" "$BIN" trace-report "$TMP/t1.txt" "$TMP/t3.txt" --title ""
# a: the default kernel's, as t1.txt was run (6.18's plug flush rule differs from 6.12's)
expect_ok "compare --trace-report" "$BIN" compare "$TMP/trace.ini" --a policy.kernel=6.12 --b policy.kernel=2.6.32 --trace-report
check "compare --trace-report: the runs' summaries = trace-report's table" sh -c 'tail -12 "$1" | sed -n "2,12p" >"$1.c"; "$3" trace-report "$2/t1.txt" "$2/t3.txt" | sed -n "2,12p" | cmp -s - "$1.c"' - "$TMP/out" "$TMP" "$BIN"
expect_status "compare --trace-report with --json" 2 "not with --json" "$BIN" compare "$TMP/trace.ini" --a policy.kernel=6.18 --b policy.kernel=2.6.32 --trace-report --json

# hostile grids: read as a scenario is (a directory, a NUL byte or an
# endless file are errors; they ran the built-in scenario, dropped the
# rest of the line, or read forever)
mkdir "$TMP/griddir"
expect_status "sweep: a directory as the grid" 1 "^reclaimsim: $TMP/griddir: cannot read: Is a directory$" "$BIN" sweep "$TMP/griddir" --print-commands
printf '[grid]\nsysctl.swappiness = 0\0, 100\n' >"$TMP/nul.grid"
expect_status "sweep: a NUL byte in the grid" 1 "^reclaimsim: $TMP/nul.grid: not a text file (contains a NUL byte)$" "$BIN" sweep "$TMP/nul.grid" --print-commands
expect_status "sweep: an endless grid" 1 "^reclaimsim: /dev/zero: too large for a grid (more than 1 MiB, 1048576 bytes)$" "$BIN" sweep /dev/zero --print-commands
printf '[sweep]\nscenario = tiny.ini\nfigures = time.elapsed_s, time.nosuch*\n' >"$TMP/figs.grid"
expect_status "sweep: a figures pattern that keeps nothing" 1 "^reclaimsim: $TMP/figs.grid:3: figures: 'time.nosuch\\*' matches no figure of the runs$" "$BIN" sweep "$TMP/figs.grid"
# a [sweep] key given twice kept the last silently; a scenario that cannot
# be read was named without the grid line that named it
printf '[sweep]\nscenario = tiny.ini\nseeds = 1\nscenario = other.ini\n' >"$TMP/twice.grid"
expect_status "sweep: [sweep] scenario twice" 1 "^reclaimsim: $TMP/twice.grid:4: \[sweep\] scenario: given twice (first at line 2)$" "$BIN" sweep "$TMP/twice.grid" --print-commands
printf '[sweep]\nscenario = tiny.ini\n[grid]\nscenario = tiny.ini, nosuch.ini\n' >"$TMP/nosuch-scn.grid"
expect_status "sweep: a grid scenario that cannot be read: its grid line" 1 "^reclaimsim: $TMP/nosuch-scn.grid:4: scenario: $TMP/nosuch.ini: cannot open: No such file or directory$" "$BIN" sweep "$TMP/nosuch-scn.grid" --print-commands
printf '[sweep]\nscenario = tiny.ini\n' >"$TMP/one.grid"
# sweep's lines are flushed one by one: the failed write is said once, with
# its errno (it was followed by "write error: Input/output error")
expect_status "sweep: stdout on a full disk" 1 "^reclaimsim: stdout: No space left on device$" sh -c '"$0" sweep "$1" >/dev/full' "$BIN" "$TMP/one.grid"
check "sweep: stdout on a full disk: one message" test "$(wc -l <"$TMP/err")" = 1
# a grid of 1,000,000 points (SWEEP_MAX_POINTS) takes ~4 s of host time to
# check, each base scenario parsed once a sweep: Ctrl-C during the check
# stops it, said, with nothing run (it was only killed).  The signal goes
# once the sweep catches SIGINT (SigCgt in /proc/PID/status), which it
# does from the start of the check (check_points' progress_start): a
# background job of a non-interactive shell ignores SIGINT until then, so
# a signal sent after a fixed CPU time was lost where the ASan build took
# longer to get there (0.2 s of user CPU was enough on one machine, not
# 0.5 s on another)
sigint_caught() { # PID: whether the process has a SIGINT handler
	mask=$(awk '/^SigCgt:/ { print $2 }' "/proc/$1/status" 2>/dev/null)
	[ -n "$mask" ] && [ $((0x$mask & 2)) -ne 0 ]
}
printf '[sweep]\nscenario = tiny.ini\n[grid]\nsysctl.swappiness = 0..99\nworkload.w.passes = 1..10000\n' >"$TMP/huge.grid"
"$BIN" sweep "$TMP/huge.grid" --print-commands >"$TMP/out" 2>"$TMP/err" &
pid=$!
while [ -d "/proc/$pid" ] && ! sigint_caught "$pid"; do
	sleep 0.01
done
kill -INT "$pid"
wait "$pid"
check "sweep: Ctrl-C while checking the points: exit 130, said" sh -c '[ "$1" -eq 130 ] && grep -qx "reclaimsim: sweep interrupted checking its points: nothing run" "$2"' - "$?" "$TMP/err"
check "sweep: interrupted check: no command printed" test ! -s "$TMP/out"
printf '{"point":1,"seed":1,"keys":{},"figures":{}}\0\0\0\n' >"$TMP/nul.jsonl"
expect_status "sweep --output: a NUL byte in the results (a crash's zeros)" 1 "^reclaimsim: $TMP/nul.jsonl:1: not a text file (contains a NUL byte): not a sweep's results$" "$BIN" sweep "$TMP/one.grid" --output "$TMP/nul.jsonl"
expect_status "sweep --output /dev/zero: refused, not read forever" 1 "^reclaimsim: /dev/zero:1: not a text file (contains a NUL byte): not a sweep's results$" "$BIN" sweep "$TMP/one.grid" --output /dev/zero
mkdir -p "$TMP/odz/data/oracle" "$TMP/odd/data/oracle/summary.json"
ln -s /dev/zero "$TMP/odz/data/oracle/summary.json"
expect_status "oracle: an endless summary.json refused, not read forever" 1 "^reclaimsim: oracle: $TMP/odz/data/oracle/summary.json: File too large$" "$BIN" oracle --dir "$TMP/odz"
expect_status "oracle: a directory as summary.json" 1 "^reclaimsim: oracle: $TMP/odd/data/oracle/summary.json: Is a directory$" "$BIN" oracle --dir "$TMP/odd"
expect_status "sweep: no such grid" 1 "^reclaimsim: $TMP/nosuch.grid: cannot open: No such file or directory$" "$BIN" sweep "$TMP/nosuch.grid"

# tools/seed00N.py: executable, run from any directory (the scenarios found
# from the repository), a failing run a one-line error and exit 1
ABSROOT=$(cd "$ROOT" && pwd)
printf '#!/bin/sh\n[ -f "$2" ] || { echo "no scenario $2" >&2; exit 3; }\nexit 4\n' >"$TMP/fakesim"
chmod +x "$TMP/fakesim"
for t in seed001 seed002 seed003 seed004; do
	check "tools/$t.py is executable" test -x "$ABSROOT/tools/$t.py"
	# seed001-004.py run sweep grids naming the scenarios
	what="/.*/$t[-a-z0-9]*.grid"
	expect_status "tools/$t.py from another directory: a failing run in one line" 1 \
		"^$t.py: $TMP/fakesim [a-z]* $what.*exited with status 4$" \
		sh -c 'cd "$1" && "$2" --reclaimsim "$1/fakesim"' - "$TMP" "$ABSROOT/tools/$t.py"
	check "tools/$t.py: nothing but that line" [ "$(wc -l <"$TMP/err")" -eq 1 ]
done
# extract_oracle_summary.py: a --runq that is not there is an error (it
# wrote a summary without the walls rows)
expect_status "extract_oracle_summary.py: a missing --runq" 1 "^extract_oracle_summary: --runq $TMP/nosuch: not a directory$" \
	"$ABSROOT/tools/extract_oracle_summary.py" --runq "$TMP/nosuch" --out "$TMP/summary.json"
check "extract_oracle_summary.py: no summary written" test ! -e "$TMP/summary.json"
expect_status "tools/seed003.py: a missing binary" 1 "^seed003.py: .*No such file or directory: '$TMP/nosuch'$" \
	"$ABSROOT/tools/seed003.py" --workloads iozone --reclaimsim "$TMP/nosuch"

# writes into large page-cache folios (write_folios): iozone rewrites the
# file it read back in large folios; the run ends, the same twice
printf '[machine]\nmemory = 32M\nread_ahead_folio_order = 4\n[workload io]\ntype = iozone\nsize = 32M\n' >"$TMP/folio-write.ini"
expect_ok "a write into a large folio" "$BIN" run "$TMP/folio-write.ini" --json
mv "$TMP/out" "$TMP/folio-write.json"
expect_ok "a write into a large folio, again" "$BIN" run "$TMP/folio-write.ini" --json
check "a write into a large folio: byte-identical runs" cmp -s "$TMP/out" "$TMP/folio-write.json"

# reclaimsim keys: the key reference of docs/scenarios.md is generated
expect_ok "keys" "$BIN" keys
check "keys lists [sysctl] swappiness" grep -q '^| swappiness | 0..200 | `60` |' "$TMP/out"
check "keys lists [policy] lazyfree" grep -q '^| lazyfree | none \\| anon_lru \\| inactive_file | `inactive_file` |' "$TMP/out"
check "keys lists ebizzy's chunks with its default" grep -q '^| chunks | 1..16384 | `10` |' "$TMP/out"
expect_status "keys: no arguments" 2 "keys takes no arguments but -h/--help or --version" "$BIN" keys --json
# the 5.16-rc1 throttle's tracepoint, issue 26: mm_vmscan_throttled as 5.16
# prints it (the timeouts in microseconds), one line per sleep: 20 sleeps of
# HZ/2 with rc1's rule, 2 of a jiffy with rc8's
"$BIN" run "$ROOT/scenarios/noprogress-5.16-rc1.ini" --set policy.noprogress_throttle=half_second \
	--trace "$TMP/np1.trace" --quiet >/dev/null 2>&1
check "mm_vmscan_throttled: rc1's 20 sleeps of HZ/2" sh -c \
	'[ "$(grep -c " mm_vmscan_throttled: nid=0 usec_timeout=500000 usect_delayed=500000 reason=VMSCAN_THROTTLE_NOPROGRESS$" "$1")" = 20 ] && [ "$(grep -c mm_vmscan_throttled "$1")" = 20 ]' - "$TMP/np1.trace"
"$BIN" run "$ROOT/scenarios/noprogress-5.16-rc1.ini" --set policy.noprogress_throttle=jiffy \
	--trace "$TMP/np8.trace" --quiet >/dev/null 2>&1
check "mm_vmscan_throttled: rc8's 2 sleeps of a jiffy" sh -c \
	'[ "$(grep -c " mm_vmscan_throttled: nid=0 usec_timeout=1000 usect_delayed=1000 reason=VMSCAN_THROTTLE_NOPROGRESS$" "$1")" = 2 ] && [ "$(grep -c mm_vmscan_throttled "$1")" = 2 ]' - "$TMP/np8.trace"

sed -n '/^<!-- generated by `reclaimsim keys`/,/^<!-- end of generated key reference -->/p' \
	"$ROOT/docs/scenarios.md" | sed '1d;$d' >"$TMP/doc"
"$BIN" keys >"$TMP/md"
if [ -s "$TMP/doc" ] && cmp -s "$TMP/doc" "$TMP/md"; then
	echo "ok   docs/scenarios.md key reference = reclaimsim keys"
else
	echo "FAIL docs/scenarios.md key reference differs from reclaimsim keys (regenerate it):"
	diff "$TMP/doc" "$TMP/md" | head; fails=$((fails + 1))
fi

[ $fails -eq 0 ] || { echo "$fails CLI test(s) failed"; exit 1; }
echo "all CLI tests passed"

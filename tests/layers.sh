#!/bin/sh
# tests/layers.sh - fail on an upward #include in src/ or a src/ include in
# the public header (make layers; make check runs it through run-tests).
#
# The layers, bottom first (../shared/DESIGN.md "Layers"); a file may
# include headers of its own layer and of the layers below it:
#   0 sim       the engine: events, scheduler, coroutines, wait queues,
#               lock timelines, rng; the key engine (config.c/h) and the
#               plain scenario data (scenario.h) every layer's keys fill
#   1 dev mm    block devices and the mm model (peers)
#   2 kernel    the task lifecycle (do_exit)
#   3 workload  the workloads
#   4 config    the scenario reader: INI files, --set, the sections and
#               their tables, kernel profiles, the host reader
#   5 machine   boot, the run, teardown
#   6 report    text, JSON, procfs, plots
#   7 cli       the reclaimsim command
# include/reclaimsim/reclaimsim.h is opaque: it includes no src/ header.
#
# KNOWN lists the upward includes still to be removed ("file -> header");
# an entry that no longer occurs fails too, so the list only shrinks.
set -eu
cd "${RECLAIMSIM_ROOT:-$(dirname "$0")/..}"

KNOWN="
"

rank() {
	case $1 in
	sim) echo 0 ;;
	dev|mm) echo 1 ;;
	kernel) echo 2 ;;
	workload) echo 3 ;;
	config) echo 4 ;;
	machine) echo 5 ;;
	report) echo 6 ;;
	cli) echo 7 ;;
	*) echo "layers.sh: no layer for src/$1: add it to rank()" >&2; exit 1 ;;
	esac
}

fail=0
found=""
for f in $(find src -name '*.[ch]' | sort); do
	dir=$(dirname "$f")
	layer=${dir#src/}
	layer=${layer%%/*}
	r=$(rank "$layer")
	for inc in $(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f"); do
		# "x.h" beside the file, "../mm/x.h", or "mm/x.h" through -Isrc
		if [ -e "$dir/$inc" ]; then
			path=$(realpath --relative-to=. "$dir/$inc")
		elif [ -e "src/$inc" ]; then
			path=$(realpath --relative-to=. "src/$inc")
		else
			continue	# include/reclaimsim/... (the public header)
		fi
		case $path in src/*) ;; *) continue ;; esac
		il=${path#src/}
		il=${il%%/*}
		ir=$(rank "$il")
		if [ "$ir" -gt "$r" ]; then
			entry="$f -> $path"
			found="$found
$entry"
			if ! printf '%s\n' "$KNOWN" | grep -qxF "$entry"; then
				echo "layers: upward include: $entry ($layer is below $il)" >&2
				fail=1
			fi
		fi
	done
done
printf '%s\n' "$KNOWN" | while read -r entry; do
	[ -n "$entry" ] || continue
	if ! printf '%s\n' "$found" | grep -qxF "$entry"; then
		echo "layers: '$entry' is gone: remove it from KNOWN in tests/layers.sh" >&2
		exit 1
	fi
done || fail=1
if grep -n '#include "\.\./\.\./src\|#include "\(sim\|mm\|dev\|kernel\|workload\|config\|machine\|report\|cli\)/' include/reclaimsim/*.h; then
	echo "layers: the public header includes src/ headers" >&2
	fail=1
fi
[ "$fail" = 0 ] && echo "layers: no upward includes ($(printf '%s\n' "$KNOWN" | grep -c .) known, listed in tests/layers.sh)"
exit "$fail"

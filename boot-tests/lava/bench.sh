#!/bin/sh
# lava/bench.sh - the LAVA numbers of make bench (suites/bench.sh).
#
# Usage: lava/bench.sh BUILD_DIR > numbers
# Prints name=value lines (seconds; "null" when not measured):
#   lava_up_fresh_s     make lava-up with no state (a new cluster, an
#                       empty database migrated), to every worker online
#   lava_job_s          the tip's suspend job of x86_64 (boot, 10 cycles,
#                       power-off), submit to verdict through the instance
#   lava_job_boot_s     the job's own QEMU time (LAVA's boot to monitor end)
#   local_boot_s        the same boot run locally (boot-test.sh)
#   lava_matrix_s       wall time of the last make lava-matrix of this
#                       series (results/lava-matrix/meta), else null
#   matrix_s            the same for make matrix (results/matrix/meta)
# Leaves no instance running.  Progress on stderr.
set -eu

build=${1:?usage: lava/bench.sh BUILD_DIR}
prog=lava-bench
. "$(dirname "$0")/../lib/common.sh"
. "$TOP/boot-tests/lava/lib.sh"
build=$(cd "$build" && pwd)
st=$build/lava/server
num() { [ -n "$1" ] && echo "$1" || echo null; }

up=null job=null jboot=null lboot=null
if ! "$LAVA/server.sh" status "$build" > /dev/null 2>&1; then
	rm -rf "$st"
	echo "lava-bench: make lava-up from nothing" >&2
	t=$(date +%s.%N)
	if "$LAVA/server.sh" up "$build" >&2; then
		up=$(awk -v a="$t" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
		echo "lava-bench: tip suspend job of x86_64 through it" >&2
		LAVA_ARCHES=x86_64 LAVA_BOOTS=suspend LAVA_PUBLISH=$build/lava/publish-bench \
			"$LAVA/submit.sh" "$build" "$(cat "$st/url")" "$(cat "$st/token")" \
			"file://$build/lava/publish-bench" lava-bench > "$build/lava/bench.log" 2>&1 || true
		job=$(num "$(cat "$build/lava/lava-bench/seconds" 2>/dev/null)")
		jboot=$(num "$(cat "$build/results/lava-bench/x86_64/suspend.seconds" 2>/dev/null)")
		"$LAVA/server.sh" down "$build" >&2 || true
	fi
	echo "lava-bench: local boot of the same (boot-test.sh)" >&2
	RESULTS=$build/lava/bench-local BOOTS=suspend "$TOP/boot-tests/boot/boot-test.sh" x86_64 "$build" > /dev/null 2>&1 || true
	lboot=$(num "$(cat "$build/lava/bench-local/suspend.seconds" 2>/dev/null)")
else
	echo "lava-bench: an instance runs; not measured (make lava-down first)" >&2
fi
echo "lava_up_fresh_s=$up"
echo "lava_job_s=$job"
echo "lava_job_boot_s=$jboot"
echo "local_boot_s=$lboot"
echo "lava_matrix_s=$(num "$(sed -n 's/^seconds=//p' "$build/results/lava-matrix/meta" 2>/dev/null)")"
echo "matrix_s=$(num "$(sed -n 's/^seconds=//p' "$build/results/matrix/meta" 2>/dev/null)")"

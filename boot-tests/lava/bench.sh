#!/bin/sh
# lava/bench.sh - the LAVA numbers of make bench (lib/bench.sh).
#
# Usage: lava/bench.sh BUILD_DIR > numbers
# Prints name=value lines (seconds; "null" when not measured):
#   lava_up_fresh_s     make lava-up with no state (a new cluster, an
#                       empty database migrated), to every worker online
#   lava_job_s          the issue's tip job: the tip's suspend job of x86_64
#                       as boot -> 10 suspend cycles -> power-off (the
#                       default wake plan, one RTC and one alarm timer
#                       cycle and eight woken by the host; HIBERNATE_CORE=0:
#                       no hibernation), submit to verdict through the instance
#   lava_job_boot_s     the job's own QEMU time (LAVA's boot to monitor end)
#   local_boot_s        the same boot run locally (boot-test.sh)
#   lava_suspend_job_s  the suspend job as make check's lava-check runs it
#                       (10 cycles woken in turn by the RTC and the alarm
#                       timer, a pm_test=core hibernation), submit to verdict
#   local_suspend_boot_s  that boot run locally
#   lava_matrix_s       wall time of the last make lava-matrix of this
#                       series (results/lava-matrix/meta), else null
#   matrix_s            the same for make matrix (results/matrix/meta)
# Leaves no instance running.  Progress on stderr.
set -eu

build=${1:?usage: lava/bench.sh BUILD_DIR}
prog=lava-bench
. "$(dirname "$0")/../../lib/common.sh"
. "$TOP/boot-tests/lava/lib.sh"
build=$(cd "$build" && pwd)
st=$build/lava/server
num() { [ -n "$1" ] && echo "$1" || echo null; }

up=null job=null jboot=null lboot=null sjob=null slboot=null
# tipjob SUITE [VAR=value...]: the tip's x86_64 suspend job through the
# instance; prints its submit-to-verdict seconds and its QEMU seconds
# ("null null" when a check failed: a failed job's time is no measurement)
tipjob() {
	_s=$1
	shift
	if env "$@" LAVA_ARCHES=x86_64 LAVA_BOOTS=suspend LAVA_PUBLISH=$build/lava/publish-bench \
		"$LAVA/submit.sh" "$build" "$(cat "$st/url")" "$(cat "$st/token")" \
		"file://$build/lava/publish-bench" "$_s" > "$build/lava/$_s.log" 2>&1; then
		echo "$(num "$(cat "$build/lava/$_s/seconds" 2>/dev/null)") $(num "$(cat "$build/results/$_s/x86_64/suspend.seconds" 2>/dev/null)")"
	else
		echo "lava-bench: $_s: $(tail -1 "$build/lava/$_s.log") (see $build/lava/$_s.log): not measured" >&2
		echo "null null"
	fi
}
# localboot DIR [VAR=value...]: the same boot by boot-test.sh; its seconds
localboot() {
	_d=$1
	shift
	if env "$@" RESULTS="$_d" BOOTS=suspend "$TOP/boot-tests/boot/boot-test.sh" x86_64 "$build" > "$_d.log" 2>&1; then
		num "$(cat "$_d/suspend.seconds" 2>/dev/null)"
	else
		echo "lava-bench: local boot: $(tail -1 "$_d.log") (see $_d.log): not measured" >&2
		echo null
	fi
}
if ! "$LAVA/server.sh" status "$build" > /dev/null 2>&1; then
	rm -rf "$st"
	echo "lava-bench: make lava-up from nothing" >&2
	t=$(date +%s.%N)
	if "$LAVA/server.sh" up "$build" >&2; then
		up=$(awk -v a="$t" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
		echo "lava-bench: tip job of x86_64 through it: boot -> 10 suspend cycles -> power-off" >&2
		set -- $(tipjob lava-bench CYCLES=10 HIBERNATE_CORE=0)
		job=$1 jboot=$2
		echo "lava-bench: the suspend job as lava-check runs it" >&2
		set -- $(tipjob lava-bench-suspend CYCLES=10)
		sjob=$1
		"$LAVA/server.sh" down "$build" >&2 || true
	fi
	echo "lava-bench: local boots of the same (boot-test.sh)" >&2
	lboot=$(localboot "$build/lava/bench-local" CYCLES=10 HIBERNATE_CORE=0)
	slboot=$(localboot "$build/lava/bench-local-suspend" CYCLES=10)
else
	echo "lava-bench: an instance runs; not measured (make lava-down first)" >&2
fi
echo "lava_up_fresh_s=$up"
echo "lava_job_s=$job"
echo "lava_job_boot_s=$jboot"
echo "local_boot_s=$lboot"
echo "lava_suspend_job_s=$sjob"
echo "local_suspend_boot_s=$slboot"
echo "lava_matrix_s=$(num "$(sed -n 's/^seconds=//p' "$build/results/lava-matrix/meta" 2>/dev/null)")"
echo "matrix_s=$(num "$(sed -n 's/^seconds=//p' "$build/results/matrix/meta" 2>/dev/null)")"

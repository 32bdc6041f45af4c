#!/bin/sh
# bisect-step.sh - one "git bisect run" step: build, boot, judge one check.
#
# Usage: bisect-step.sh ARCH CHECK BUILD_DIR   (run by bisect.sh)
# Exit 0 if CHECK passes at the checked-out commit, 1 if it fails, 125
# (skip) if the commit cannot be tested for a reason unrelated to CHECK:
# it does not build, or (for any CHECK but boot) the kernel did not boot.
# The boots: suspend (it has the boot check), plus the mode whose
# mode_checks names CHECK.
# STEP_RUNS=N (default 1) boots the one build N times at once (a boot is
# mostly its guest asleep): bisect.sh's confirmation.  Each run's verdict
# (0, 1, 125, 128, as the exit status) is a line of STEP_OUT/verdicts;
# the exit status is the first run's.  STEP_OUT (default
# BUILD_DIR/results/bisect) holds the step's log, meta and runs, so that
# steps at the same commit can run side by side.
set -u

arch=$1 check=$2 build=$3
. "$(dirname "$0")/../../lib/common.sh"
here=$TOP/boot-tests
tree=$build/linux
rev=$(git -C "$tree" log -1 --format='%h %s')
sout=${STEP_OUT:-$build/results/bisect}
runs=${STEP_RUNS:-1}
case $runs in [1-9]) ;; *) echo "bisect: STEP_RUNS=$runs: 1 to 9 boots" >&2; exit 128 ;; esac
log=$sout/step.log
mkdir -p "$sout"
rm -f "$sout/verdicts"

echo "bisect: testing $rev on $arch ($check)" >&2
# one step builds in BUILD_DIR at a time (the modules and the initramfs
# too); the boots of steps at the same commit may overlap
exec 8> "$build/$arch.step.lock"
flock 8
if ! { "$here/pipeline/build-kernel.sh" "$arch" "$build" &&
       "$here/pipeline/build-modules.sh" "$arch" "$build" &&
       "$here/pipeline/mkinitramfs.sh" "$arch" "$build"; } > "$log" 2>&1; then
	echo "bisect: $rev does not build for $arch: skip" >&2
	exit 125
fi
exec 8>&-

# The mode that has CHECK, in the context the boot will have (mode.sh).
. "$here/boot/mode.sh"
# one CPU, as the matrix (see matrix.sh)
cycles=${BISECT_CYCLES:-2} smp=${SMP:-1}
mode_meta "$arch" "$tree" "$(git -C "$tree" rev-parse HEAD)" "$cycles" "${ALARM:-2}" "$smp" "$BOOT_MODES" \
	> "$sout/meta"
mode_context "$sout/meta"
boots=$(mode_of_check "$check")
[ -n "$boots" ] || { echo "bisect: no boot mode has a check named '$check' with SMP=$smp and $cycles cycles (make bisect's context; some checks need more, e.g. cpus_offline SMP=2)" >&2; exit 128; }
[ "$boots" = suspend ] || boots="suspend $boots"

# verdict RES: the exit status the run in RES gives CHECK, with its
# line on stderr
verdict() {
	t=$1/results.tsv
	if [ "$check" != boot ] && ! grep -q '^boot	1	' "$t" 2>/dev/null; then
		echo "bisect: $rev did not boot on $arch: skip" >&2
		return 125
	fi
	ok=$(awk -F'\t' -v c="$check" '$1 == c { print $2 }' "$t" 2>/dev/null)
	case $ok in
	1) echo "bisect: $rev: $check ok" >&2; return 0 ;;
	0) echo "bisect: $rev: $check FAILS: $(grep -m1 "^not ok .*\.$check" "$1/ktap.txt")" >&2; return 1 ;;
	*) echo "bisect: $rev: no result for '$check' (see $1/ktap.txt)" >&2; return 128 ;;
	esac
}

# run K's results: run, or run.K when there are several
res_of() { [ "$runs" = 1 ] && echo "$sout/run" || echo "$sout/run.$1"; }
k=1
while [ "$k" -le "$runs" ]; do
	RESULTS=$(res_of $k) BOOTS=$boots CYCLES=$cycles SMP=$smp \
		"$here/boot/boot-test.sh" "$arch" "$build" >> "$log.$k" 2>&1 &
	k=$((k + 1))
done
wait
k=1 first=
while [ "$k" -le "$runs" ]; do
	cat "$log.$k" >> "$log"
	rm -f "$log.$k"
	v=0
	verdict "$(res_of $k)" || v=$?
	echo "$v" >> "$sout/verdicts"
	first=${first:-$v}
	k=$((k + 1))
done
exit "$first"

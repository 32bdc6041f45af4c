#!/bin/sh
# bisect-step.sh - one "git bisect run" step: build, boot, judge one check.
#
# Usage: bisect-step.sh ARCH CHECK BUILD_DIR   (run by bisect.sh)
# Exit 0 if CHECK passes at the checked-out commit, 1 if it fails, 125
# (skip) if the commit cannot be tested for a reason unrelated to CHECK:
# it does not build, or (for any CHECK but boot) the kernel did not boot.
# The boots: suspend (it has the boot check), plus the mode whose
# mode_checks names CHECK.
set -u

arch=$1 check=$2 build=$3
. "$(dirname "$0")/../../lib/common.sh"
here=$TOP/boot-tests
tree=$build/linux
rev=$(git -C "$tree" log -1 --format='%h %s')
log=$build/results/bisect/step.log
mkdir -p "$build/results/bisect"

echo "bisect: testing $rev on $arch ($check)" >&2
if ! { "$here/pipeline/build-kernel.sh" "$arch" "$build" &&
       "$here/pipeline/build-modules.sh" "$arch" "$build" &&
       "$here/pipeline/mkinitramfs.sh" "$arch" "$build"; } > "$log" 2>&1; then
	echo "bisect: $rev does not build for $arch: skip" >&2
	exit 125
fi

# The mode that has CHECK, in the context the boot will have (mode.sh).
. "$here/boot/mode.sh"
# one CPU, as the matrix (see matrix.sh)
cycles=${BISECT_CYCLES:-2} smp=${SMP:-1}
mode_meta "$arch" "$tree" "$(git -C "$tree" rev-parse HEAD)" "$cycles" "${ALARM:-2}" "$smp" "$BOOT_MODES" \
	> "$build/results/bisect/meta"
mode_context "$build/results/bisect/meta"
boots=$(mode_of_check "$check")
[ -n "$boots" ] || { echo "bisect: no boot mode has a check named '$check' with SMP=$smp and $cycles cycles (make bisect's context; some checks need more, e.g. cpus_offline SMP=2)" >&2; exit 128; }
[ "$boots" = suspend ] || boots="suspend $boots"

res=$build/results/bisect/run
RESULTS=$res BOOTS=$boots CYCLES=$cycles SMP=$smp \
	"$here/boot/boot-test.sh" "$arch" "$build" >> "$log" 2>&1 || true
t=$res/results.tsv
if [ "$check" != boot ] && ! grep -q '^boot	1	' "$t" 2>/dev/null; then
	echo "bisect: $rev did not boot on $arch: skip" >&2
	exit 125
fi
ok=$(awk -F'\t' -v c="$check" '$1 == c { print $2 }' "$t" 2>/dev/null)
case $ok in
1) echo "bisect: $rev: $check ok" >&2; exit 0 ;;
0) echo "bisect: $rev: $check FAILS: $(grep -m1 "^not ok .*\.$check" "$res/ktap.txt")" >&2; exit 1 ;;
*) echo "bisect: $rev: no result for '$check' (see $res/ktap.txt)" >&2; exit 128 ;;
esac

#!/bin/sh
# boot-test.sh - boot one arch in each boot mode, then check what happened.
#
# Usage: boot-test.sh ARCH BUILD_DIR
# A boot mode is a directory boot-tests/boot/modes/<mode>/ (see its README):
# guest.sh runs in the guest, host.sh boots it (mode_boot) and judges it
# (mode_plan, run by check-boot.sh).  BOOTS picks the modes
# (default $BOOT_MODES of lib/common.sh: every mode, suspend first).
# Logs and results go to BUILD_DIR/results/ARCH/ (RESULTS= overrides);
# the KTAP report is printed as the checks run and kept there as
# ktap.txt.  Exits with check-boot.sh's status: non-zero if a check
# failed or did not run.  KERNEL= and INITRD= boot other files than the
# build dir's (the matrix boots a copy while the build dir moves on).
set -eu

arch=${1:?usage: boot-test.sh ARCH BUILD_DIR}
build=${2:?usage: boot-test.sh ARCH BUILD_DIR}
. "$(dirname "$0")/../../lib/common.sh"
here=$TOP/boot-tests
build=$(cd "$build" && pwd)
arch_set "$arch"
kernel=${KERNEL:-$build/$arch/$image}
initrd=${INITRD:-$build/initramfs/$arch.cpio}
res=${RESULTS:-$build/results/boot-$arch}
cycles=${CYCLES:-10}
alarm=${ALARM:-2}
smp=${SMP:-2}
boots=${BOOTS:-$BOOT_MODES}
. "$here/boot/mode.sh"
for mode in $boots; do
	[ -f "$MODES_DIR/$mode/host.sh" ] ||
		{ echo "boot-test: unknown boot mode '$mode' in BOOTS (modes: $BOOT_MODES)" >&2; exit 2; }
done
# the knobs, before the last results go (mode_meta checks them again)
mode_knobs_ok "$arch" "${WAKE:-$(mode_wake "$arch")}" "${HIBERNATE_CORE:-$MODE_HIBERNATE_CORE}" WAKE HIBERNATE_CORE
rm -rf "$res"
mkdir -p "$res"

# What the host expects is decided from the tree (mode.sh): the commit the
# kernel is built from, and whether it has the legacy sysdev layer.
# COMMIT= pins it (the matrix boots while the tree moves on)
commit=${COMMIT:-$(git -C "$build/linux" rev-parse HEAD)}
mode_meta "$arch" "$build/linux" "$commit" "$cycles" "$alarm" "$smp" "$boots" > "$res/meta"
mode_context "$res/meta"

# x86: QEMU loses an RTC alarm that comes due while the guest is still
# entering S3; qmp-wake (run-qemu.sh) wakes such a guest, and the checks
# tell a lost alarm from one that never fired.
qmp_wake=
if [ "$arch" = x86_64 ]; then
	qmp_wake=$build/tools/qmp-wake
	mkdir -p "$build/tools"
	# two boots may start at once (the matrix)
	qmp_wake_built "$qmp_wake"
fi

# boot NAME TIMEOUT APPEND [QEMU ARGS...]: one QEMU run of the current
# mode; console in NAME.log, QEMU's status in NAME.rc, wall time in
# NAME.seconds, start and end on the host's clock (ms) in NAME.window.  -no-reboot: a reboot or panic (panic=-1) ends QEMU.
boot() {
	name=$1 tmo=$2 append=$3
	shift 3
	echo "boot-test: $arch: booting for $name (timeout $tmo s)" >&2
	start=$(date +%s.%N)
	rc=0
	SMP=$smp QMP_WAKE=$qmp_wake "$here/boot/run-qemu.sh" "$arch" "$kernel" "$initrd" "$res/$name.log" "$tmo" \
		"$KERNEL_CMDLINE st.mode=$mode st.alarm=$alarm $append" -no-reboot "$@" || rc=$?
	echo "$rc" > "$res/$name.rc"
	end=$(date +%s.%N)
	echo "$start $end" | awk '{ printf "%.1f\n", $2 - $1 }' > "$res/$name.seconds"
	# the run's window on the host's clock, in ms: start and end of QEMU
	echo "$start $end" | awk '{ printf "%d %d\n", $1 * 1000, $2 * 1000 }' > "$res/$name.window"
	echo "boot-test: $arch: $name: QEMU exit status $rc after $(cat "$res/$name.seconds") s" >&2
}

for mode in $boots; do
	mode_load "$mode"
	mode_boot
done

# The checker's own status, not tee's.
{ rc=0; KTAP_PREFIX=$arch. "$here/boot/check-boot.sh" "$res" || rc=$?
  echo "$rc" > "$res/check.rc"; } |
	tee "$res/ktap.txt"
exit "$(cat "$res/check.rc")"

#!/bin/sh
# boot-test.sh - boot one arch twice and check what happened.
#
# Usage: boot-test.sh ARCH BUILD_DIR
# Boot 1: CYCLES (default 10) RTC-woken suspend-to-RAM cycles, then
#         "poweroff -f".  Boot 2: "reboot -f" under -no-reboot.
# Boot 3: the test modules: callback order, fault injection, ODEBUG hints.
# Boot 4: syscore_ops misuse caught by CONFIG_DEBUG_OBJECTS_SYSCORE.
# BOOTS="suspend modules" (say) runs a subset; suspend is always checked.
# Logs and results go to BUILD_DIR/results/ARCH/; the KTAP report is
# printed and kept there as ktap.txt.  Exits non-zero if a check failed.
set -eu

arch=${1:?usage: boot-test.sh ARCH BUILD_DIR}
build=${2:?usage: boot-test.sh ARCH BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$build" && pwd)
cycles=${CYCLES:-10}
alarm=${ALARM:-2}

prog=boot-test
. "$here/arch.sh"
kernel=$build/$arch/$image
initrd=$build/initramfs/$arch.cpio
res=${RESULTS:-$build/results/$arch}
rm -rf "$res"
mkdir -p "$res"

# Generous: a cycle takes ~3 s under TCG, a boot ~3 s.
tmo_suspend=${TIMEOUT:-$((60 + cycles * 10))}
tmo_reboot=${TIMEOUT:-60}

{
	echo "arch=$arch"
	echo "commit=$(git -C "$build/linux" rev-parse HEAD)"
	echo "describe=$(git -C "$build/linux" describe --tags)"
	echo "cycles=$cycles"
	echo "alarm=$alarm"
	echo "timeout_suspend=$tmo_suspend"
	echo "timeout_reboot=$tmo_reboot"
} > "$res/meta"

cmdline="loglevel=8 no_console_suspend panic=-1"

boot() { # name timeout append [qemu args]
	name=$1 tmo=$2 append=$3
	shift 3
	echo "boot-test: $arch: booting for $name (timeout $tmo s)" >&2
	start=$(date +%s.%N)
	rc=0
	"$here/run-qemu.sh" "$arch" "$kernel" "$initrd" "$res/$name.log" "$tmo" \
		"$cmdline $append" "$@" || rc=$?
	echo "$rc" > "$res/$name.rc"
	echo "$start $(date +%s.%N)" | awk '{ printf "%.1f\n", $2 - $1 }' > "$res/$name.seconds"
	echo "boot-test: $arch: $name: QEMU exit status $rc after $(cat "$res/$name.seconds") s" >&2
}

# BOOTS picks the boots (default all four; the matrix runs fewer).
# -no-reboot on all: a panic (panic=-1) ends QEMU instead of a reboot loop.
boots=${BOOTS:-suspend reboot modules misuse}
for b in $boots; do
	case $b in
	suspend) boot suspend "$tmo_suspend" "st.mode=suspend st.cycles=$cycles st.alarm=$alarm" -no-reboot ;;
	reboot)	boot reboot "$tmo_reboot" "st.mode=reboot" -no-reboot ;;
	modules) boot modules "${TIMEOUT:-150}" "st.mode=modules st.alarm=$alarm" -no-reboot ;;
	misuse)	boot misuse "${TIMEOUT:-120}" "st.mode=misuse st.alarm=$alarm" -no-reboot ;;
	*)	echo "boot-test: unknown boot '$b' in BOOTS (suspend reboot modules misuse)" >&2; exit 2 ;;
	esac
done
echo "boots=$boots" >> "$res/meta"

"$here/check-boot.sh" "$arch" "$res" "$here/expect/$arch" | tee "$res/ktap.txt"
! grep -q '^not ok' "$res/ktap.txt"

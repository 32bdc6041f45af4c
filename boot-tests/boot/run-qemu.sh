#!/bin/sh
# run-qemu.sh - boot one kernel under QEMU with a hard timeout.
#
# Usage: run-qemu.sh ARCH KERNEL INITRD LOG TIMEOUT APPEND [QEMU ARGS...]
#
# The serial console goes to LOG.  Exits with QEMU's status when QEMU exits
# by itself (the guest powered off or rebooted under -no-reboot), or 124
# after TIMEOUT seconds, when QEMU is killed.  SMP= sets the CPU count
# (default 1, see README), MEM= the memory (default 256M).  With
# QMP_WAKE=<qmp-wake binary>, QEMU gets a QMP socket and qmp-wake follows
# it: a suspend the APPEND's st.wake plan gives to the host is woken with
# system_wakeup as soon as the guest entered S3, and any other guest still
# suspended WAKE_GRACE s (default 10) after it is woken too (a wake event
# QEMU lost); its report goes to LOG.wake.
set -eu

arch=${1:?usage}; kernel=${2:?usage}; initrd=${3:?usage}; log=${4:?usage}
tmo=${5:?usage}; append=${6:?usage}
shift 6

. "$(dirname "$0")/../../lib/common.sh"
arch_set "$arch"
command -v $qemu >/dev/null || { echo "run-qemu: $qemu not found (apt-get install qemu-system-${arch%_64})" >&2; exit 2; }
[ -f "$kernel" ] || { echo "run-qemu: kernel image $kernel missing" >&2; exit 2; }
[ -f "$initrd" ] || { echo "run-qemu: initramfs $initrd missing" >&2; exit 2; }

# shellcheck disable=SC2086
set -- -M "$machine" ${cpu:+-cpu "$cpu"} -smp "${SMP:-1}" -m "${MEM:-256M}" -nodefaults -no-user-config \
	-display none -serial stdio -monitor none \
	-kernel "$kernel" -initrd "$initrd" \
	-append "console=$console $append" "$@"
sock=
if [ -n "${QMP_WAKE:-}" ]; then
	sock=$log.qmp
	rm -f "$sock" "$log.wake"
	set -- "$@" -qmp "unix:$sock,server=on,wait=off"
fi
echo "$qemu $*" > "$log.cmd"
rc=0
if [ -z "$sock" ]; then
	timeout -k 5 "$tmo" $qemu "$@" < /dev/null > "$log" 2>&1 || rc=$?
else
	timeout -k 5 "$tmo" $qemu "$@" < /dev/null > "$log" 2>&1 &
	qpid=$!
	plan=$(echo " $append " | sed -n 's/.* st\.wake=\([^ ]*\) .*/\1/p')
	"$QMP_WAKE" "$sock" "${WAKE_GRACE:-10}" ${plan:+"$plan"} > "$log.wake" 2>&1 &
	wpid=$!
	wait "$qpid" || rc=$?
	# qmp-wake exits when QEMU closes the socket
	wait "$wpid" 2>/dev/null || true
	rm -f "$sock"
fi
exit $rc

#!/bin/sh
# mkinitramfs.sh - the guest initramfs for one arch: busybox, init, helper.
#
# Usage: mkinitramfs.sh ARCH BUILD_DIR
# Writes BUILD_DIR/initramfs/ARCH.cpio with the kernel's own gen_init_cpio
# (device nodes without root): busybox, guest/init, every boot mode's
# guest part as /modes/<mode>.sh, the sleeptime helper and the test
# modules.  Static busybox: Debian's busybox-static for x86_64,
# busybox-static:<busybox_arch> (arch_set) unpacked by deps.sh for arm.
set -eu

arch=${1:?usage: mkinitramfs.sh ARCH BUILD_DIR}
build=${2:?usage: mkinitramfs.sh ARCH BUILD_DIR}
. "$(dirname "$0")/../../lib/common.sh"
here=$TOP/boot-tests
build=$(cd "$build" && pwd)
arch_set "$arch"
cc=${cross}gcc
# the host's own busybox-static, or the one deps.sh unpacked for the arch
busybox=${busybox_arch:+$build/deps/$busybox_arch}/bin/busybox
[ -x "$busybox" ] || die "$busybox missing (run make deps)"

out=$build/initramfs
mkdir -p "$out/$arch" "$build/tools"

gen=$build/tools/gen_init_cpio
if [ ! -x "$gen" ] || [ "$build/linux/usr/gen_init_cpio.c" -nt "$gen" ]; then
	gcc -O2 -o "$gen" "$build/linux/usr/gen_init_cpio.c"
fi

echo "mkinitramfs: $arch: building sleeptime and $out/$arch.cpio"
$cc -static -O2 -Wall -Wextra -Werror -o "$out/$arch/sleeptime" "$here/boot/guest/sleeptime.c"

cat > "$out/$arch.list" <<LIST
dir /dev 0755 0 0
nod /dev/console 0600 0 0 c 5 1
dir /proc 0755 0 0
dir /sys 0755 0 0
dir /tmp 01777 0 0
dir /bin 0755 0 0
file /bin/busybox $busybox 0755 0 0
file /bin/sleeptime $out/$arch/sleeptime 0755 0 0
file /init $here/boot/guest/init 0755 0 0
dir /lib 0755 0 0
dir /lib/modules 0755 0 0
dir /modes 0755 0 0
LIST
for m in $BOOT_MODES; do
	echo "file /modes/$m.sh $here/boot/modes/$m/guest.sh 0644 0 0" >> "$out/$arch.list"
done
# Test modules built for this arch's kernel (build-modules.sh), if any.
for ko in "$build/modules/$arch"/*.ko; do
	[ -f "$ko" ] || continue
	echo "file /lib/modules/$(basename "$ko") $ko 0644 0 0" >> "$out/$arch.list"
done
"$gen" "$out/$arch.list" > "$out/$arch.cpio.tmp"
mv "$out/$arch.cpio.tmp" "$out/$arch.cpio"

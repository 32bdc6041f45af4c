#!/bin/sh
# build-modules.sh - the out-of-tree test modules, against one arch's build.
#
# Usage: build-modules.sh ARCH BUILD_DIR
# Sources are copied to BUILD_DIR/modules/ARCH (kbuild writes next to
# them) and built with the kernel in BUILD_DIR/ARCH; the .ko files land
# there for mkinitramfs.sh.
set -eu

arch=${1:?usage: build-modules.sh ARCH BUILD_DIR}
build=${2:?usage: build-modules.sh ARCH BUILD_DIR}
. "$(dirname "$0")/../../lib/common.sh"
here=$TOP/boot-tests
build=$(cd "$build" && pwd)
arch_set "$arch"

src=$build/modules/$arch
mkdir -p "$src"
for f in "$here"/boot/modules/Kbuild "$here"/boot/modules/*.c; do
	cmp -s "$f" "$src/$(basename "$f")" || cp "$f" "$src/"
done
echo "build-modules: $arch: building test modules in $src"
if ! make -C "$build/linux" O="$build/$arch" ARCH="$arch" CROSS_COMPILE="$cross" \
		M="$src" -j"$(nproc)" modules > "$src/build.log" 2>&1; then
	grep -E 'error|warning' "$src/build.log" | head -20 >&2
	die "$arch: failed; full log: $src/build.log"
fi
if grep -q 'warning:' "$src/build.log"; then
	grep 'warning:' "$src/build.log" >&2
	die "$arch: warnings (above) in the test modules"
fi

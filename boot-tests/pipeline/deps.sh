#!/bin/sh
# deps.sh - make sure the Debian packages the pipeline needs are installed.
#
# As root, installs what is missing (apt-get update + install, and the armel
# busybox for the ARM initramfs).  Otherwise prints the exact commands to run
# and fails.  Usage: deps.sh BUILD_DIR
# DEPS_SYSROOT=dir looks for the packages' files under dir instead of /
# (the bad-input test points it at an empty directory).
set -eu

build=${1:?usage: deps.sh BUILD_DIR}

# package  file-that-proves-it-is-installed
pkgs='
linux-source		/usr/src/linux-source-6.1.tar.xz
coccinelle		/usr/bin/spatch
qemu-system-x86		/usr/bin/qemu-system-x86_64
qemu-system-arm		/usr/bin/qemu-system-arm
gcc-arm-linux-gnueabi	/usr/bin/arm-linux-gnueabi-gcc
libc6-dev-armel-cross	/usr/arm-linux-gnueabi/lib/libc.a
build-essential		/usr/share/doc/build-essential/copyright
flex			/usr/bin/flex
bison			/usr/bin/bison
bc			/usr/bin/bc
libssl-dev		/usr/include/openssl/ssl.h
libelf-dev		/usr/include/gelf.h
cpio			/usr/bin/cpio
busybox-static		/bin/busybox
xz-utils		/usr/bin/xz
git			/usr/bin/git
python3			/usr/bin/python3
ccache			/usr/bin/ccache
'

missing=$(printf '%s\n' "$pkgs" | while read -r pkg file; do
	[ -n "$pkg" ] || continue
	[ -e "${DEPS_SYSROOT:-}$file" ] || printf '%s ' "$pkg"
done)

# The ARM initramfs needs an armel busybox; Debian ships it as
# busybox-static:armel, unpacked (not installed) into the build directory.
armel_bb=$build/deps/armel/bin/busybox

if [ -z "$missing" ] && [ -x "$armel_bb" ]; then
	exit 0
fi

root=; [ "$(id -u)" = 0 ] && root=1
armel_ready=; dpkg --print-foreign-architectures | grep -qx armel && armel_ready=1

if [ -z "$root" ]; then
	# Without root only the armel download can still be done here.
	if [ -n "$missing" ] || { [ ! -x "$armel_bb" ] && [ -z "$armel_ready" ]; }; then
		echo "deps: missing Debian packages; run as root:" >&2
		[ -z "$missing" ] ||
			echo "  apt-get update && apt-get install -y --no-install-recommends ${missing% }" >&2
		[ -x "$armel_bb" ] || [ -n "$armel_ready" ] ||
			echo "  dpkg --add-architecture armel && apt-get update" >&2
		exit 1
	fi
fi

export DEBIAN_FRONTEND=noninteractive
updated=
if [ -n "$missing" ]; then
	echo "deps: installing ${missing% }"
	apt-get update -q
	updated=1
	# shellcheck disable=SC2086
	apt-get install -y -q --no-install-recommends $missing
fi

if [ ! -x "$armel_bb" ]; then
	echo "deps: unpacking busybox-static:armel into $build/deps/armel"
	if [ -z "$armel_ready" ]; then
		dpkg --add-architecture armel
		apt-get update -q
	elif [ -n "$root" ] && [ -z "$updated" ]; then
		apt-get update -q
	fi
	mkdir -p "$build/deps/dl"
	rm -f "$build/deps/dl"/busybox-static_*_armel.deb
	(cd "$build/deps/dl" && apt-get download -q busybox-static:armel)
	rm -rf "$build/deps/armel"
	dpkg -x "$build/deps/dl"/busybox-static_*_armel.deb "$build/deps/armel"
	[ -x "$armel_bb" ] || { echo "deps: $armel_bb missing after unpacking busybox-static:armel" >&2; exit 1; }
fi

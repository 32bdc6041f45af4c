#!/bin/sh
# deps.sh - make sure the Debian packages the pipeline needs are installed.
#
# As root, installs what is missing (apt-get update + install, and the
# busybox of each foreign arch's initramfs: armel for arm).  Otherwise prints the exact commands to run
# and fails.  Usage: deps.sh BUILD_DIR
# DEPS_SYSROOT=dir looks for the packages' files under dir instead of /
# (the bad-input test points it at an empty directory).
set -eu

build=${1:?usage: deps.sh BUILD_DIR}
. "$(dirname "$0")/../../lib/common.sh"

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
procps			/usr/bin/pkill
lz4			/usr/bin/lz4
'

missing=$(printf '%s\n' "$pkgs" | while read -r pkg file; do
	[ -n "$pkg" ] || continue
	[ -e "${DEPS_SYSROOT:-}$file" ] || printf '%s ' "$pkg"
done)

# An initramfs of a foreign arch needs that arch's busybox-static
# (arch_set's busybox_arch: armel for arm), unpacked (not installed) into
# the build directory.
bb_of() { echo "$build/deps/$1/bin/busybox"; }
foreign=$(for a in $ARCHES; do arch_set "$a"; echo "$busybox_arch"; done | sed '/^$/d' | sort -u)
need=
for fa in $foreign; do [ -x "$(bb_of "$fa")" ] || need="$need $fa"; done

if [ -z "$missing" ] && [ -z "$need" ]; then
	exit 0
fi

root=; [ "$(id -u)" = 0 ] && root=1
# the foreign arches dpkg does not know yet
unknown=
for fa in $need; do dpkg --print-foreign-architectures | grep -qx "$fa" || unknown="$unknown $fa"; done

if [ -z "$root" ]; then
	# Without root only the downloads can still be done here.
	if [ -n "$missing" ] || [ -n "$unknown" ]; then
		echo "deps: missing Debian packages; run as root:" >&2
		[ -z "$missing" ] ||
			echo "  apt-get update && apt-get install -y --no-install-recommends ${missing% }" >&2
		for fa in $unknown; do
			echo "  dpkg --add-architecture $fa && apt-get update" >&2
		done
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

for fa in $need; do
	echo "deps: unpacking busybox-static:$fa into $build/deps/$fa"
	case " $unknown " in
	*" $fa "*)
		dpkg --add-architecture "$fa"
		apt-get update -q
		updated=1 ;;
	*)	if [ -n "$root" ] && [ -z "$updated" ]; then apt-get update -q; updated=1; fi ;;
	esac
	mkdir -p "$build/deps/dl"
	rm -f "$build/deps/dl"/busybox-static_*_"$fa".deb
	(cd "$build/deps/dl" && apt-get download -q "busybox-static:$fa")
	rm -rf "${build:?}/deps/$fa"
	dpkg -x "$build/deps/dl"/busybox-static_*_"$fa".deb "$build/deps/$fa"
	[ -x "$(bb_of "$fa")" ] || { echo "deps: $(bb_of "$fa") missing after unpacking busybox-static:$fa" >&2; exit 1; }
done

#!/bin/sh
# build-kernel.sh - configure and build one arch out of tree.
#
# Usage: build-kernel.sh ARCH BUILD_DIR
#
# The config is tinyconfig + arch-configs/ARCH.config + arch-configs/common.config
# (merge_config.sh, then olddefconfig).  Every symbol a fragment sets must
# end up in the final .config with that value, or the build fails naming
# them.  The build dir BUILD_DIR/ARCH is kept, so rebuilds are incremental.
# While it builds it prints a progress line every PROGRESS seconds (default
# 20); V=1 shows kbuild's own lines instead.  The compiler's warnings of
# this build go to BUILD_DIR/ARCH/warnings.log (the matrix gates on new ones).
set -eu

arch=${1:?usage: build-kernel.sh ARCH BUILD_DIR}
build=${2:?usage: build-kernel.sh ARCH BUILD_DIR}
. "$(dirname "$0")/../../lib/common.sh"
tree=$build/linux
out=$(cd "$build" && pwd)/$arch
arch_set "$arch"

fragments="$TOP/arch-configs/$arch.config $TOP/arch-configs/common.config"
cc=${cross}gcc
# No CCACHE_BASEDIR: rewriting the paths changes __FILE__ in the kernel
# (WARN() lines said "../linux/lib/..."), so only the same clone hits.
command -v ccache >/dev/null 2>&1 && cc="ccache $cc"
# The commit goes into the version string's build field, not the release
# (common.config), so that a new commit relinks but compiles nothing more;
# LOCALVERSION= keeps the release "6.1.192", without setlocalversion's "+".
rev=$(git -C "$tree" describe --tags --abbrev=12)
kmake() {
	make -C "$tree" O="$out" ARCH="$arch" CROSS_COMPILE="$cross" CC="$cc" \
		KBUILD_BUILD_USER=syscore KBUILD_BUILD_HOST=series \
		KBUILD_BUILD_VERSION="$rev" LOCALVERSION= "$@"
}

mkdir -p "$out" "$out.kconfig"
# One build per build dir at a time (a second make would corrupt it).
exec 9> "$out.lock"
if ! flock -n 9; then
	echo "build-kernel: $arch: another build is using $out; waiting for it" >&2
	flock 9
fi
# Generate the config in a scratch objdir and only replace .config when it
# differs, so an unchanged config costs nothing in the real build dir.
# What the config is made of: the Kconfig files, the kconfig tool and the
# scripts Kconfig runs, tinyconfig's fragments, ours, and the compiler.
# When none of it changed (most matrix and bisect steps) the last config
# is still right: skip the ~6 s of tinyconfig + merge + olddefconfig.
cfg=$out.kconfig/.config
key=$( { echo "$arch $cc"; $cc --version 2>&1 | head -1; cat $fragments
	git -C "$tree" ls-files -z -- '*Kconfig*' 'scripts/kconfig/*' 'scripts/*.sh' \
		'kernel/configs/*' "${image%%/boot/*}/configs/tiny.config" |
		(cd "$tree" && xargs -0 cat); } | sha1sum | cut -d' ' -f1)
if [ ! -f "$cfg" ] || [ "$(cat "$out.kconfig/key" 2>/dev/null)" != "$key" ]; then
	rm -f "$out.kconfig/key"
	kmake -s O="$out.kconfig" tinyconfig >/dev/null
	# shellcheck disable=SC2086
	(cd "$tree" && scripts/kconfig/merge_config.sh -m -O "$out.kconfig" "$cfg" $fragments >/dev/null)
	kmake -s O="$out.kconfig" olddefconfig >/dev/null
	echo "$key" > "$out.kconfig/key"
fi

bad=
for f in $fragments; do
	# CONFIG_FOO=val must appear verbatim; "# CONFIG_FOO is not set" must
	# not be set to y or m.
	while IFS= read -r line; do
		case $line in
		CONFIG_*=*)
			grep -qxF -- "$line" "$cfg" || bad="$bad ${line%%=*}(want ${line#*=}, got $(grep "^${line%%=*}=" "$cfg" | cut -d= -f2- || true))" ;;
		"# CONFIG_"*" is not set")
			sym=${line#\# }; sym=${sym%% *}
			! grep -q "^$sym=" "$cfg" || bad="$bad $sym(want n)" ;;
		esac
	done < "$f"
done
if [ -n "$bad" ]; then
	echo "build-kernel: $arch: the merged config does not honour the fragments:$bad" >&2
	# Exit 3 when every such symbol is unknown to this tree's Kconfig: a
	# commit before the patch that adds it (the matrix skips it).
	for b in $bad; do
		sym=${b%%(*}
		git -C "$tree" grep -q -E "^[[:space:]]*(menu)?config ${sym#CONFIG_}\$" -- '*Kconfig*' ||
			continue
		echo "build-kernel: ($sym is defined here: a missing dependency?)" >&2
		exit 1
	done
	echo "build-kernel: $arch: not defined in this tree's Kconfig:$bad" >&2
	exit 3
fi
cmp -s "$cfg" "$out/.config" || cp "$cfg" "$out/.config"

echo "build-kernel: $arch: building $rev in $out (a full build takes 2-4 min, a rebuild ~10 s)"
start=$(date +%s)
# kbuild's short lines ("  CC      kernel/...") go to build.log; V=1 (which
# make passes down in MAKEFLAGS) shows them, and the full commands, as
# they come.  Otherwise a line every PROGRESS seconds says how far it got.
if [ "${V:-0}" != 0 ]; then
	rc=0
	{ kmake -j"$(nproc)" "${image#arch/*/boot/}" modules 2>&1 || echo "build-kernel: exit $?"; } |
		tee "$out/build.log"
	! grep -q '^build-kernel: exit ' "$out/build.log" || rc=1
else
	kmake -j"$(nproc)" "${image#arch/*/boot/}" modules > "$out/build.log" 2>&1 &
	pid=$!
	# The progress lines come from a loop of their own, and the script
	# waits for make itself: it goes on the moment make ends (a poll
	# every second cost half a second of each ~7 s rebuild).  The loop
	# holds neither the build dir's lock (fd 9) nor, in its sleep, the
	# output: the next build, or a caller reading the output, goes on at
	# once.
	n=0
	while sleep 1 > /dev/null 2>&1; do
		n=$((n + 1))
		[ $((n % ${PROGRESS:-20})) = 0 ] || continue
		echo "build-kernel: $arch: $(grep -c -E '^  (CC|AS|LD|AR)' "$out/build.log" || true) objects built ($(( $(date +%s) - start )) s; last: $(grep -E '^  [A-Z]' "$out/build.log" | tail -1 | awk '{ print $2 }'))"
	done 9>&- &
	progress=$!
	# Stop the build too when this script is interrupted.
	# (make is a child of kmake's subshell, $pid)
	trap 'pkill -P $pid 2>/dev/null; kill $pid $progress 2>/dev/null; exit 130' INT TERM
	rc=0
	wait "$pid" || rc=$?
	kill "$progress" 2>/dev/null || true
	wait "$progress" 2>/dev/null || true
	trap - INT TERM
fi
grep -E ': warning: ' "$out/build.log" > "$out/warnings.log" || true
if [ "$rc" != 0 ]; then
	grep -E 'error|Error' "$out/build.log" | head -20 >&2
	echo "build-kernel: $arch: build of $rev failed; full log: $out/build.log" >&2
	exit 1
fi
echo "build-kernel: $arch: built $rev in $(( $(date +%s) - start )) s ($(grep -c . "$out/warnings.log" || true) compiler warnings): $out/$image"

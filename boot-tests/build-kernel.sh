#!/bin/sh
# build-kernel.sh - configure and build one arch out of tree.
#
# Usage: build-kernel.sh ARCH BUILD_DIR
#
# The config is tinyconfig + arch-configs/ARCH.config + arch-configs/common.config
# (merge_config.sh, then olddefconfig).  Every symbol a fragment sets must
# end up in the final .config with that value, or the build fails naming
# them.  The build dir BUILD_DIR/ARCH is kept, so rebuilds are incremental.
set -eu

arch=${1:?usage: build-kernel.sh ARCH BUILD_DIR}
build=${2:?usage: build-kernel.sh ARCH BUILD_DIR}
top=$(cd "$(dirname "$0")/.." && pwd)
tree=$build/linux
out=$(cd "$build" && pwd)/$arch

prog=build-kernel
. "$top/boot-tests/arch.sh"

fragments="$top/arch-configs/$arch.config $top/arch-configs/common.config"
cc=${cross}gcc
# No CCACHE_BASEDIR: rewriting the paths changes __FILE__ in the kernel
# (WARN() lines said "../linux/lib/..."), so only the same clone hits.
command -v ccache >/dev/null 2>&1 && cc="ccache $cc"
kmake() {
	make -C "$tree" O="$out" ARCH="$arch" CROSS_COMPILE="$cross" CC="$cc" \
		KBUILD_BUILD_USER=syscore KBUILD_BUILD_HOST=series "$@"
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

rev=$(git -C "$tree" describe --tags)
echo "build-kernel: $arch: building $rev in $out (a full build takes 2-4 min, a rebuild ~10 s)"
start=$(date +%s)
if ! kmake -j"$(nproc)" "${image#arch/*/boot/}" modules >"$out/build.log" 2>&1; then
	grep -E 'error|Error' "$out/build.log" | head -20 >&2
	echo "build-kernel: $arch: build of $rev failed; full log: $out/build.log" >&2
	exit 1
fi
echo "build-kernel: $arch: built $rev in $(( $(date +%s) - start )) s: $out/$image"

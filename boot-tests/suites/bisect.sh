#!/bin/sh
# bisect.sh - find the first commit where a boot check fails.
#
# Usage: bisect.sh BUILD_DIR GOOD BAD ARCH [CHECK]
# Runs "git bisect run boot-tests/suites/bisect-step.sh" in BUILD_DIR/linux;
# CHECK is a check name of check-boot.sh (default syscore_order).  Prints
# the first bad commit with its subject (and writes its sha to
# BUILD_DIR/results/bisect/first-bad).  The tree is put back where it was
# (git bisect reset), also when interrupted.
set -eu

build=${1:?usage: bisect.sh BUILD_DIR GOOD BAD ARCH [CHECK]}
good=${2:?GOOD= missing}; bad=${3:?BAD= missing}; arch=${4:?ARCH= missing}
check=${5:-syscore_order}
. "$(dirname "$0")/../../lib/common.sh"
here=$TOP/boot-tests
build=$(cd "$build" && pwd)
tree=$build/linux
arch_set "$arch"
for r in "$good" "$bad"; do
	git -C "$tree" rev-parse -q --verify "$r^{commit}" >/dev/null ||
		{ echo "bisect: '$r' is not a commit in $tree" >&2; exit 2; }
done
[ -z "$(git -C "$tree" status --porcelain --untracked-files=no)" ] ||
	{ echo "bisect: $tree has local edits; reset it first (git -C $tree reset --hard)" >&2; exit 1; }
if [ -f "$tree/.git/BISECT_LOG" ]; then
	echo "bisect: a bisection is already running in $tree (git -C $tree bisect reset)" >&2
	exit 1
fi

reset() { git -C "$tree" bisect reset >/dev/null 2>&1 || true; }
trap reset EXIT
trap 'reset; exit 130' INT TERM

mkdir -p "$build/results/bisect"
rm -f "$build/results/bisect/first-bad"
echo "bisect: $arch, check $check, good $(git -C "$tree" log -1 --format=%h "$good"), bad $(git -C "$tree" log -1 --format=%h "$bad")"
git -C "$tree" bisect start "$bad" "$good" >/dev/null 2>&1
git -C "$tree" bisect run "$here/suites/bisect-step.sh" "$arch" "$check" "$build" \
	> "$build/results/bisect/bisect.log" 2>&1 || true
first=$(sed -n 's/^\([0-9a-f]\{40\}\) is the first bad commit$/\1/p' "$build/results/bisect/bisect.log")
if [ -z "$first" ]; then
	grep '^bisect:' "$build/results/bisect/bisect.log" >&2 || true
	tail -n 5 "$build/results/bisect/bisect.log" >&2
	echo "bisect: no first bad commit found (log: $build/results/bisect/bisect.log)" >&2
	exit 1
fi
echo "$first" > "$build/results/bisect/first-bad"
echo "bisect: first bad commit: $(git -C "$tree" log -1 --format='%h %s' "$first")"

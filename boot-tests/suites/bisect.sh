#!/bin/sh
# bisect.sh - find the first commit where a boot check fails.
#
# Usage: bisect.sh BUILD_DIR GOOD BAD ARCH [CHECK]
# Runs "git bisect run boot-tests/suites/bisect-step.sh" in BUILD_DIR/linux;
# CHECK is a check name of check-boot.sh (default syscore_order).  Prints
# the first bad commit with its subject (and writes its sha to
# BUILD_DIR/results/bisect/first-bad), then confirms it as KernelCI does:
# the check fails BISECT_CONFIRM times (default 3, at most 9: one build,
# booted that many times at once) at that commit, and
# passes as many times on BAD with the commit reverted (a revert made with
# the project's identity, on a detached HEAD).  Where the revert does not
# apply or does not build on BAD (a conversion that later commits build
# on), the check must pass as many times at the commit's parent instead,
# and the output says so.  Each line of the confirmation goes to
# BUILD_DIR/results/bisect/confirm; exit 1 when it is not confirmed.  The
# tree is put back where it was (git bisect reset), also when interrupted.
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

orig=$(git -C "$tree" symbolic-ref -q --short HEAD || git -C "$tree" rev-parse HEAD)
reset() {
	git -C "$tree" revert --abort >/dev/null 2>&1 || true
	git -C "$tree" bisect reset >/dev/null 2>&1 || true
	git -C "$tree" checkout -q "$orig" 2>/dev/null || true
}
trap reset EXIT
trap 'reset; exit 130' INT TERM

mkdir -p "$build/results/bisect"
rm -f "$build/results/bisect/first-bad" "$build/results/bisect/confirm"
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
git -C "$tree" bisect reset >/dev/null 2>&1 || true

# --- confirm: fails N times at FIRST, passes N times without it ------------
runs=${BISECT_CONFIRM:-3}
clog=$build/results/bisect/confirm.log
: > "$clog"
# runs_at REV WANT: one build at REV (checked out detached) booted RUNS
# times at once (bisect-step.sh's STEP_RUNS); prints how many runs gave
# WANT (0 pass, 1 fail), and "no-build" when REV cannot be tested (it
# does not build, or a run did not boot: 125)
runs_at() {
	git -C "$tree" checkout -q --detach "$1"
	_rc=0
	STEP_RUNS=$runs "$here/suites/bisect-step.sh" "$arch" "$check" "$build" >> "$clog" 2>&1 || _rc=$?
	_v=$build/results/bisect/verdicts
	_n=$(grep -cx "$2" "$_v" 2>/dev/null || true)
	if [ ! -s "$_v" ] || grep -qx 125 "$_v"; then
		echo "${_n:-0} no-build"
	else
		echo "${_n:-0}"
	fi
}
confirm() { echo "$*" | tee -a "$build/results/bisect/confirm"; }
short() { git -C "$tree" log -1 --format=%h "$1"; }
echo "bisect: confirming: $check $runs times at $(short "$first"), and without it"
set -- $(runs_at "$first" 1)
confirm "bisect: $check fails $1/$runs at $(short "$first")"
failed=$1
passed= where=
badsha=$(git -C "$tree" rev-parse "$bad")
git -C "$tree" checkout -q --detach "$badsha"
# shellcheck disable=SC2086
if [ "$first" != "$badsha" ] && git -C "$tree" $IDENT revert --no-edit "$first" >> "$clog" 2>&1; then
	set -- $(runs_at "$(git -C "$tree" rev-parse HEAD)" 0)
	passed=$1 where="$(short "$bad") with $(short "$first") reverted"
	[ "${2:-}" != no-build ] || { confirm "bisect: $where does not build: confirming at its parent instead"; passed= ; }
else
	git -C "$tree" revert --abort >/dev/null 2>&1 || true
	confirm "bisect: $(short "$first") does not revert cleanly on $(short "$bad"): confirming at its parent instead"
fi
if [ -z "$passed" ]; then
	set -- $(runs_at "$first^" 0)
	passed=$1 where="$(short "$first^"), its parent"
fi
confirm "bisect: $check passes $passed/$runs at $where"
git -C "$tree" checkout -q "$orig"
if [ "$failed" != "$runs" ] || [ "$passed" != "$runs" ]; then
	echo "bisect: $(short "$first") not confirmed (log: $clog)" >&2
	exit 1
fi
confirm "bisect: confirmed: $(git -C "$tree" log -1 --format='%h %s' "$first")"

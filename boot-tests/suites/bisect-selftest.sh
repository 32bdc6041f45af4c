#!/bin/sh
# bisect-selftest.sh - make bisect must find a known-bad conversion.
#
# Usage: bisect-selftest.sh BUILD_DIR
# For each arch, on a scratch branch of BUILD_DIR/linux: the series with
# a broken commit planted right after one conversion in its middle, then
# bisect.sh from the baseline (good) to the scratch tip (bad).  It must
# name exactly the planted commit, and confirm it: the check fails 3 times
# there and passes 3 times at the tip with the planted commit reverted.
#   x86_64: i8237's ops loses its .resume              (CHECK=syscore_order)
#   arm:    timekeeping registers its ops twice; debugobjects
#           reports it                                   (CHECK=log_clean)
# Then, on the first arch, one bisect step (bisect-step.sh, as git bisect
# run calls it) at the tip for one check of every boot mode: the last
# check each mode's mode_checks names, plus suspend's sysfs where the
# arch has one (it depends on the expect file, which the loader must
# have set: x86_64's names sysfs entries, arm's none).  Each must
# find its mode and pass (exit 0) at the tip.
# KTAP on stdout; BUILD_DIR/results/bisect-selftest/{results.tsv,meta}.  The
# tree is back on branch "series" afterwards, the scratch branch deleted.
# Kernels, modules and initramfs of the broken commits are built in a
# build directory of its own (BUILD_DIR/bisect-selftest, seeded with
# copies of BUILD_DIR's for incremental builds, removed at the end):
# BUILD_DIR/<arch> keeps the kernel it had, so a boot test after make
# check boots the tip, not the commit broken on purpose.
set -eu

build=${1:?usage: bisect-selftest.sh BUILD_DIR}
. "$(dirname "$0")/../../lib/common.sh"
here=$TOP/boot-tests
build=$(cd "$build" && pwd)
tree=$build/linux
arches=${SELFTEST_ARCHES:-$ARCHES}

scratch=$build/bisect-selftest
cleanup() {
	git -C "$tree" cherry-pick --abort >/dev/null 2>&1 || true
	git -C "$tree" checkout -q -f series 2>/dev/null || true
	git -C "$tree" branch -q -D bisect-selftest 2>/dev/null || true
	rm -rf "$scratch"
}
trap cleanup EXIT
trap 'cleanup; exit 130' INT TERM

baseline=$(series_commit "$(series_count "$TOP/base-patches")")

# what BUILD_DIR holds for the boot tests, before and after
outputs() {
	for d in $ARCHES modules initramfs; do
		[ ! -d "$build/$d" ] || find "$build/$d" -type f \( -name '*Image' -o -name '*.ko' -o -name '*.cpio*' -o -path '*/initramfs/*' \)
	done | LC_ALL=C sort | xargs -r md5sum
}
outputs > "$build/bisect-selftest.before"

# the build directory of the bisect steps: the tree and the packages
# shared, the build outputs copied (mtimes kept: incremental builds)
rm -rf "$scratch"
mkdir -p "$scratch"
for l in linux deps; do ln -s "../$l" "$scratch/$l"; done
for d in $ARCHES $(printf '%s.kconfig ' $ARCHES) modules initramfs tools; do
	[ ! -e "$build/$d" ] || cp -a "$build/$d" "$scratch/"
done

# inject ARCH: build branch bisect-selftest, print the broken commit's sha
inject() {
	case $1 in
	x86_64) subj='x86/i8237: Use syscore_ops'; file=arch/x86/kernel/i8237.c
		edit='/^	\.resume[[:space:]]*= i8237A_resume,$/d'
		msg='x86/i8237: Drop the resume callback (planted by bisect-selftest)' ;;
	arm)	subj='timekeeping: Use syscore_ops'; file=kernel/time/timekeeping.c
		edit='s/^\(	register_syscore_ops(&timekeeping_syscore_ops);\)$/\1\n\1/'
		msg='timekeeping: Register the syscore ops twice (planted by bisect-selftest)' ;;
	esac
	target=$(git -C "$tree" log --format=%H --fixed-strings --grep="$subj" "$baseline..series")
	[ -n "$target" ] || { echo "bisect-selftest: no commit '$subj' in the series" >&2; return 1; }
	git -C "$tree" checkout -q -B bisect-selftest "$target"
	sed -i "$edit" "$tree/$file"
	git -C "$tree" diff --quiet -- "$file" && { echo "bisect-selftest: could not break $file" >&2; return 1; }
	# shellcheck disable=SC2086
	git -C "$tree" $IDENT commit -q -a -m "$msg"
	bad=$(git -C "$tree" rev-parse HEAD)
	for c in $(git -C "$tree" rev-list --reverse "$target..series"); do
		# shellcheck disable=SC2086
		git -C "$tree" $IDENT cherry-pick "$c" >/dev/null
	done
	git -C "$tree" checkout -q series
	echo "$bad"
}

# selftest_confirmed CONFIRM BAD RC: why bisect.sh's confirmation (the
# file CONFIRM, its exit RC) is not the one wanted for the planted BAD
# ("" when it is): fails 3/3 at BAD, passes 3/3 at the tip with BAD
# reverted, "confirmed"
selftest_confirmed() {
	_s=$(git -C "$tree" rev-parse --short=7 "$2" 2>/dev/null | cut -c1-7)
	if [ ! -s "$1" ]; then
		echo "no confirmation from bisect.sh"
	elif ! grep -q "fails 3/3 at $_s" "$1"; then
		echo "the check did not fail 3/3 at $_s: $(grep ' fails ' "$1")"
	elif ! grep -q "passes 3/3 at [0-9a-f]* with $_s[0-9a-f]* reverted" "$1"; then
		echo "not 3/3 passes with $_s reverted at the tip: $(grep ' passes \|instead' "$1" | tr '\n' ' ')"
	elif [ "$3" != 0 ] || ! grep -q "confirmed: $_s" "$1"; then
		echo "bisect.sh did not call it confirmed (exit $3)"
	fi
}

# one check of every mode, in the context a bisect step has (boot/mode.sh)
. "$here/boot/mode.sh"
step_arch=$(echo $arches | cut -d' ' -f1)
mode_meta "$step_arch" "$tree" "$(git -C "$tree" rev-parse series)" "${BISECT_CYCLES:-2}" "${ALARM:-2}" "${SMP:-1}" "$BOOT_MODES" > "$build/step-context.meta"
mode_context "$build/step-context.meta"
# suspend's sysfs where the arch's expect file names sysfs entries (x86)
step_checks=
for m in $BOOT_MODES; do
	mode_load "$m"
	[ "$m" != suspend ] || ! mode_checks | grep -qx sysfs || step_checks=sysfs
	step_checks="$step_checks $(mode_checks | tr ' ' '\n' | sed '/^$/d' | tail -1)"
done
rm -f "$build/step-context.meta"

res=$build/results/bisect-selftest
ktap_start "$res" "$(( 2 * $(echo $arches | wc -w) + $(echo $step_checks | wc -w) + 1 ))" "bisect self-test: a planted bad commit per arch, found and confirmed; a bisect step on one check of every mode"
printf 'arch=%s\ncommit=%s\n' "$arches" "$(git -C "$tree" rev-parse series)" > "$res/meta"
for arch in $arches; do
	case $arch in x86_64) check=syscore_order ;; arm) check=log_clean ;; esac
	start=$(date +%s)
	why= out= cwhy=
	if bad=$(inject "$arch"); then
		echo "# $arch: planted $(git -C "$tree" log -1 --format='%h %s' "$bad"), bisecting $check from the baseline"
		rc=0
		out=$("$here/suites/bisect.sh" "$scratch" "$baseline" bisect-selftest "$arch" "$check" 2>&1) || rc=$?
		first=$(cat "$scratch/results/bisect/first-bad" 2>/dev/null || true)
		if [ -z "$first" ]; then
			why="bisect found no first bad commit"
		elif [ "$first" != "$bad" ]; then
			why="bisect named $(git -C "$tree" log -1 --format='%h %s' "$first"), want $(echo "$bad" | cut -c1-12)"
		fi
		cwhy=$(selftest_confirmed "$scratch/results/bisect/confirm" "$bad" "$rc")
		cp "$scratch/results/bisect/bisect.log" "$res/$arch.bisect.log" 2>/dev/null || true
		cp "$scratch/results/bisect/confirm.log" "$res/$arch.confirm.log" 2>/dev/null || true
	else
		why="could not build the scratch branch" cwhy=$why
	fi
	git -C "$tree" branch -q -D bisect-selftest 2>/dev/null || true
	ktap_result "$arch.bisect_finds_injected_bad_commit" $(( $(date +%s) - start )) "$why" "$out"
	ktap_result "$arch.bisect_confirms_it" 0 "$cwhy" "$(cat "$scratch/results/bisect/confirm" 2>/dev/null)"
done

git -C "$tree" checkout -q series
# the steps at the tip, two at a time (each its own STEP_OUT; the build
# is one step's at a time, the boots are mostly asleep)
steps=$scratch/results/steps
mkdir -p "$steps"
step_run() { # CHECK: its output, "status seconds" in $steps/CHECK.rc
	_t=$(date +%s) _rc=0
	STEP_OUT=$steps/$1 "$here/suites/bisect-step.sh" "$step_arch" "$1" "$scratch" \
		> "$steps/$1.out" 2>&1 || _rc=$?
	echo "$_rc $(( $(date +%s) - _t ))" > "$steps/$1.rc"
}
running=
for check in $step_checks; do
	[ "$(echo $running | wc -w)" -lt 2 ] || { wait "${running%% *}"; running=${running#* }; }
	step_run "$check" &
	running="${running:+$running }$!"
done
wait
for check in $step_checks; do
	read -r rc sec < "$steps/$check.rc" || rc=? sec=0
	why=
	[ "$rc" = 0 ] || why="bisect step on $check at the tip: exit $rc, want 0 (good)"
	ktap_result "$step_arch.bisect_step.$check" "$sec" "$why" ${why:+"$(cat "$steps/$check.out")"}
done

# BUILD_DIR as the self-test found it: the tip's kernels, not a broken one
outputs > "$build/bisect-selftest.after"
why=
cmp -s "$build/bisect-selftest.before" "$build/bisect-selftest.after" ||
	why="the self-test changed BUILD_DIR's kernels, modules or initramfs: $(diff "$build/bisect-selftest.before" "$build/bisect-selftest.after" | sed -n 's/^> [0-9a-f]*  //p' | head -3 | tr '\n' ' ')"
ktap_result build_dirs_untouched 0 "$why" "$(grep -c . "$build/bisect-selftest.before") files compared"
rm -f "$build/bisect-selftest.before" "$build/bisect-selftest.after"
ktap_end

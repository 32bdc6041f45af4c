#!/bin/sh
# bisect-selftest.sh - make bisect must find a known-bad conversion.
#
# Usage: bisect-selftest.sh BUILD_DIR
# For each arch, on a scratch branch of BUILD_DIR/linux: the series with
# one conversion in its middle replaced by a broken one, then bisect.sh
# from the baseline (good) to the scratch tip (bad).  It must name exactly
# the broken commit.
#   x86_64: the i8237 conversion loses its .resume    (CHECK=syscore_order)
#   arm:    the timekeeping conversion registers its ops twice; debugobjects
#           reports it                                   (CHECK=log_clean)
# KTAP on stdout; BUILD_DIR/results/bisect-selftest/{results.tsv,meta}.  The
# tree is back on branch "series" afterwards, the scratch branch deleted.
set -eu

build=${1:?usage: bisect-selftest.sh BUILD_DIR}
. "$(dirname "$0")/../lib/common.sh"
here=$TOP/boot-tests
build=$(cd "$build" && pwd)
tree=$build/linux
arches=${SELFTEST_ARCHES:-$ARCHES}

cleanup() {
	git -C "$tree" cherry-pick --abort >/dev/null 2>&1 || true
	git -C "$tree" checkout -q -f series 2>/dev/null || true
	git -C "$tree" branch -q -D bisect-selftest 2>/dev/null || true
}
trap cleanup EXIT
trap 'cleanup; exit 130' INT TERM

baseline=$(series_commit "$(series_count "$TOP/base-patches")")

# inject ARCH: build branch bisect-selftest, print the broken commit's sha
inject() {
	case $1 in
	x86_64) subj='x86: i8237: Use syscore_ops'; file=arch/x86/kernel/i8237.c
		edit='/^	\.resume[[:space:]]*= i8237A_resume,$/d' ;;
	arm)	subj='timekeeping: Use syscore_ops'; file=kernel/time/timekeeping.c
		edit='s/^\(	register_syscore_ops(&timekeeping_syscore_ops);\)$/\1\n\1/' ;;
	esac
	target=$(git -C "$tree" log --format=%H --fixed-strings --grep="$subj" "$baseline..series")
	[ -n "$target" ] || { echo "bisect-selftest: no commit '$subj' in the series" >&2; return 1; }
	git -C "$tree" checkout -q -B bisect-selftest "$target"
	sed -i "$edit" "$tree/$file"
	git -C "$tree" diff --quiet -- "$file" && { echo "bisect-selftest: could not break $file" >&2; return 1; }
	# shellcheck disable=SC2086
	git -C "$tree" $IDENT commit -q -a --amend --no-edit
	bad=$(git -C "$tree" rev-parse HEAD)
	for c in $(git -C "$tree" rev-list --reverse "$target..series"); do
		# shellcheck disable=SC2086
		git -C "$tree" $IDENT cherry-pick "$c" >/dev/null
	done
	git -C "$tree" checkout -q series
	echo "$bad"
}

res=$build/results/bisect-selftest
ktap_start "$res" "$(echo $arches | wc -w)" "bisect self-test: an injected bad conversion per arch"
printf 'arch=%s\ncommit=%s\n' "$arches" "$(git -C "$tree" rev-parse series)" > "$res/meta"
for arch in $arches; do
	case $arch in x86_64) check=syscore_order ;; arm) check=log_clean ;; esac
	start=$(date +%s)
	why= out=
	if bad=$(inject "$arch"); then
		echo "# $arch: broke $(git -C "$tree" log -1 --format='%h %s' "$bad"), bisecting $check from the baseline"
		if out=$("$here/suites/bisect.sh" "$build" "$baseline" bisect-selftest "$arch" "$check" 2>&1); then
			first=$(cat "$build/results/bisect/first-bad")
			[ "$first" = "$bad" ] || why="bisect named $(git -C "$tree" log -1 --format='%h %s' "$first"), want $(echo "$bad" | cut -c1-12)"
		else
			why="bisect found no first bad commit"
		fi
		cp "$build/results/bisect/bisect.log" "$res/$arch.bisect.log" 2>/dev/null || true
	else
		why="could not build the scratch branch"
	fi
	git -C "$tree" branch -q -D bisect-selftest 2>/dev/null || true
	ktap_result "$arch.bisect_finds_injected_bad_commit" $(( $(date +%s) - start )) "$why" "$out"
done
ktap_end

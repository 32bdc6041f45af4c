#!/bin/sh
# matrix.sh - build and boot every commit of the series, both arches.
#
# Usage: matrix.sh BUILD_DIR
# Walks v6.1.192..series in order in BUILD_DIR/linux (detached HEAD), and
# for each commit and arch: incremental build (the build dirs are kept
# across commits), test modules, initramfs, then boot-test.sh with
# CYCLES=${MATRIX_CYCLES:-2} and BOOTS=${MATRIX_BOOTS:-suspend modules}:
# boot, suspend cycles, shutdown, and the test modules (the full 10 cycles,
# reboot and misuse boots run at the tip as the boot-<arch> suites).
# A commit that does not build is a failure of that commit, not of the run.
# A commit before the patch that adds a symbol the config fragments set
# (arm at the first commit, before CONFIG_ARCH_VIRT_SUSPEND exists: it has
# no deep sleep state there anyway)
# cannot be configured as asked: it is a KTAP SKIP, counted as skipped.
# Results: BUILD_DIR/results/matrix/{matrix.md,matrix.json,results.tsv}
# and per run BUILD_DIR/results/matrix/<n>-<arch>/.  MATRIX_LAST=N walks
# only the last N commits, MATRIX_ARCHES picks the arches.  The tree goes back to
# branch "series" when done, or interrupted.
set -eu

build=${1:?usage: matrix.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$build" && pwd)
tree=$build/linux
out=$build/results/matrix
arches=${MATRIX_ARCHES:-x86_64 arm}

git -C "$tree" rev-parse -q --verify refs/heads/series >/dev/null ||
	{ echo "matrix: no branch 'series' in $tree (run make tree)" >&2; exit 1; }
[ -z "$(git -C "$tree" status --porcelain --untracked-files=no)" ] ||
	{ echo "matrix: $tree has local edits; reset it first (git -C $tree reset --hard)" >&2; exit 1; }

restore() { git -C "$tree" checkout -q series 2>/dev/null || true; }
trap restore EXIT
trap 'restore; exit 130' INT TERM

rm -rf "$out"
mkdir -p "$out"
echo "arch=x86_64 arm" > "$out/meta"
echo "commit=$(git -C "$tree" rev-parse series)" >> "$out/meta"
: > "$out/results.tsv"
commits=$(git -C "$tree" rev-list --reverse v6.1.192..series | tail -n "${MATRIX_LAST:-1000}")
total=$(echo "$commits" | grep -c . || true)
narch=$(echo $arches | wc -w)
echo "KTAP version 1"
echo "# build and boot matrix: $total commits x $narch arches"
echo "1..$((total * narch))"
k=0
t0=$(date +%s)

# status of one step for the table
mark() { [ -n "$skip" ] && echo skip || { [ "$1" = 1 ] && echo ok || echo FAIL; }; }
# ok[1/0] of a check in a results.tsv
check_ok() { awk -F'\t' -v c="$2" '$1 == c { print $2; f = 1 } END { if (!f) print 0 }' "$1"; }

{
	echo "# Build and boot matrix"
	echo
	echo "| # | commit | subject | arch | build | boot | suspend | shutdown | modules | seconds |"
	echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
} > "$out/matrix.md"
json=$out/matrix.json.tmp
echo "[" > "$json"
sep=
i=0
for c in $commits; do
	i=$((i + 1))
	subj=$(git -C "$tree" log -1 --format=%s "$c")
	git -C "$tree" checkout -q --detach "$c"
	cycles=${MATRIX_CYCLES:-2}
	for arch in $arches; do
		echo "matrix: [$i/$total] $arch: $(git -C "$tree" log -1 --format='%h %s' "$c")"
		start=$(date +%s)
		run=$out/$i-$arch
		mkdir -p "$run"
		b=0 boot=0 sus=0 shut=0 mods=0 why= skip=
		brc=0
		"$here/build-kernel.sh" "$arch" "$build" > "$run.build.out" 2>&1 || brc=$?
		if [ "$brc" = 3 ]; then
			# The config fragments name a symbol a later commit adds.
			skip=$(grep -m1 'not defined in this tree' "$run.build.out" | sed 's/^build-kernel: //')
		elif [ "$brc" = 0 ] &&
		   "$here/build-modules.sh" "$arch" "$build" >> "$run.build.out" 2>&1 &&
		   "$here/mkinitramfs.sh" "$arch" "$build" >> "$run.build.out" 2>&1; then
			b=1
			RESULTS=$run CYCLES=$cycles BOOTS=${MATRIX_BOOTS:-suspend modules} "$here/boot-test.sh" "$arch" "$build" > "$run.boot.out" 2>&1 || true
			t=$run/results.tsv
			[ -f "$t" ] || : > "$t"
			boot=$(check_ok "$t" boot)
			sus=$(( $(check_ok "$t" suspend_cycles) & $(check_ok "$t" syscore_order) & $(check_ok "$t" sleep_time) ))
			shut=$(check_ok "$t" shutdown)
			nbad=$(awk -F'\t' '$2 != 1' "$t" | wc -l)
			nmod=$(awk -F'\t' '$1 ~ /^(modules|misuse)\./ && $2 != 1' "$t" | wc -l)
			[ "$nmod" -eq 0 ] && mods=1
			[ "$nbad" -eq 0 ] || why=$(grep -m1 '^not ok' "$run/ktap.txt" 2>/dev/null | sed 's/^not ok [0-9]* //')
		else
			why="does not build: $(grep -m1 -E 'error|failed' "$run.build.out" || true)"
		fi
		sec=$(( $(date +%s) - start ))
		ok=0
		[ -z "$why" ] && [ "$b" = 1 ] && ok=1
		[ -z "$skip" ] || ok=skip
		printf '%s\t%s\t%s\n' "$i-$(echo "$c" | cut -c1-12)-$arch" "$ok" "$sec" >> "$out/results.tsv"
		printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$i" "$(echo "$c" | cut -c1-12)" \
			"$subj" "$arch" "$(mark $b)" "$(mark "$boot")" "$(mark "$sus")" "$(mark "$shut")" \
			"$(mark "$mods")" "$sec" >> "$out/matrix.md"
		printf '%s  {"n": %s, "commit": "%s", "subject": "%s", "arch": "%s", "build": %s, "boot": %s, "suspend": %s, "shutdown": %s, "modules": %s, "cycles": %s, "seconds": %s, "ok": "%s"}' \
			"$sep" "$i" "$c" "$(echo "$subj" | sed 's/["\\]/\\&/g')" "$arch" "$b" "$boot" "$sus" "$shut" "$mods" "$cycles" "$sec" "$ok" >> "$json"
		sep=",
"
		k=$((k + 1))
		if [ "$ok" = skip ]; then
			echo "ok $k $arch $(echo "$c" | cut -c1-12) $subj # SKIP $skip"
		elif [ "$ok" = 1 ]; then
			echo "ok $k $arch $(echo "$c" | cut -c1-12) $subj"
		else
			echo "not ok $k $arch $(echo "$c" | cut -c1-12) $subj # $why"
		fi
	done
done
printf '\n]\n' >> "$json"
mv "$json" "$out/matrix.json"
echo "seconds=$(( $(date +%s) - t0 ))" >> "$out/meta"
echo "matrix: table in $out/matrix.md"

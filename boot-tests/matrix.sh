#!/bin/sh
# matrix.sh - build, check and boot every commit of the series, both arches.
#
# Usage: matrix.sh BUILD_DIR
# Walks $PRISTINE..series in order in BUILD_DIR/linux (detached HEAD).
# Per commit, patchcheck.sh (checkpatch.pl --strict; only the findings
# listed in checkpatch.accept pass).  Per commit and arch: incremental
# build (the build dirs are kept across commits), then a gate on new
# compiler warnings (a warning this step's build printed that no earlier
# step of this run printed: a file that is not rebuilt keeps the warnings
# it had), test modules, initramfs, and boot-test.sh with
# CYCLES=${MATRIX_CYCLES:-2} and BOOTS=${MATRIX_BOOTS:-suspend}, plus
# MATRIX_CORE_BOOTS (default modules) at the commits that change the PM
# core those boots test (syscore, the sysdev layer, kernel/power: see
# core_paths), and at the first and the last commit.
# A commit that does not build is a failure of that commit, not of the
# run.  A commit before the patch that adds a symbol the config fragments
# set (arm at the first commit, before CONFIG_ARCH_VIRT_SUSPEND exists)
# cannot be configured as asked: a KTAP SKIP.  In the table a check that
# did not run is "skip" (the boot was not asked for, or an earlier step
# failed), never "ok".
# Results: BUILD_DIR/results/matrix/{matrix.md,matrix.json,results.tsv}
# and per run BUILD_DIR/results/matrix/<n>-<arch>/.  MATRIX_LAST=N walks
# only the last N commits, MATRIX_ARCHES picks the arches.  The tree goes
# back to branch "series" when done, or interrupted.
set -eu

build=${1:?usage: matrix.sh BUILD_DIR}
. "$(dirname "$0")/lib.sh"
here=$TOP/boot-tests
build=$(cd "$build" && pwd)
tree=$build/linux
out=$build/results/matrix
arches=${MATRIX_ARCHES:-$ARCHES}
boots=${MATRIX_BOOTS:-suspend}
core_boots=${MATRIX_CORE_BOOTS-modules}
# The test modules exercise the syscore and sysdev layers themselves
# (order, fault unwinding, debugobjects): a commit that changes neither
# cannot change what they see.
core_paths="drivers/base/syscore.c drivers/base/sys.c include/linux/syscore_ops.h include/linux/sysdev.h kernel/power lib/Kconfig.debug"
cycles=${MATRIX_CYCLES:-2}
# One guest CPU: at the legacy baseline commits a per-CPU sysdev class's
# callbacks run once per CPU device (machine check's shutdown, the cpu
# drivers), which the expect files' once per cycle does not describe;
# the tip's boot tests run with two CPUs.
smp=${MATRIX_SMP:-1}

git -C "$tree" rev-parse -q --verify refs/heads/series >/dev/null ||
	die "no branch 'series' in $tree (run make tree)"
[ -z "$(git -C "$tree" status --porcelain --untracked-files=no)" ] ||
	die "$tree has local edits; reset it first (git -C $tree reset --hard)"

restore() { git -C "$tree" checkout -q series 2>/dev/null || true; }
trap restore EXIT
trap 'restore; exit 130' INT TERM

rm -rf "$out"
mkdir -p "$out"
commits=$(git -C "$tree" rev-list --reverse "$PRISTINE..series" | tail -n "${MATRIX_LAST:-1000}")
total=$(echo "$commits" | grep -c . || true)
narch=$(echo $arches | wc -w)
ktap_start "$out" $((total * (narch + 1))) "build and boot matrix: $total commits x ($narch arches + checkpatch), boots: $boots (+ $core_boots where the PM core changes), SMP=$smp"
printf 'arch=%s\ncommit=%s\nboots=%s\ncycles=%s\nsmp=%s\n' "$arches" "$(git -C "$tree" rev-parse series)" "$boots" "$cycles" "$smp" >> "$out/meta"
t0=$(date +%s)

# a check's status in a run's results.tsv: ok, FAIL, or skip (not run)
col() { awk -F'\t' -v c="$2" '$1 == c { s = ($2 == 1 ? "ok" : "FAIL") } END { print s ? s : "skip" }' "$1"; }
# several checks: FAIL if one failed, ok if all ran and passed, else skip
cols() {
	t=$1; shift
	r=ok
	for c in "$@"; do
		case $(col "$t" "$c") in FAIL) echo FAIL; return ;; skip) r=skip ;; esac
	done
	echo "$r"
}
# normalised compiler warnings of a build log: path below the tree, no line numbers
warnings() { sed -E -e 's#^([^ :]*/)?linux/##' -e 's/:[0-9]+(:[0-9]+)?: warning: /: warning: /' "$1" | sort -u; }
for arch in $arches; do : > "$out/warnings-$arch.seen"; done

{
	echo "# Build and boot matrix"
	echo
	echo "Boots per step: $boots ($cycles suspend cycles, SMP=$smp), and $core_boots at the first"
	echo "and last commit and where the PM core changes.  skip: did not run."
	echo
	echo "| # | commit | subject | arch | checkpatch | build | warnings | boot | suspend | shutdown | modules | seconds |"
	echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
} > "$out/matrix.md"
json=$out/matrix.json.tmp
echo "[" > "$json"
sep=
i=0
for c in $commits; do
	i=$((i + 1))
	short=$(echo "$c" | cut -c1-12)
	subj=$(git -C "$tree" log -1 --format=%s "$c")
	git -C "$tree" checkout -q --detach "$c"
	b_here=$boots
	# shellcheck disable=SC2086
	if [ -n "$core_boots" ] && { [ "$i" = 1 ] || [ "$i" = "$total" ] ||
	   [ -n "$(git -C "$tree" diff-tree --no-commit-id --name-only -r "$c" -- $core_paths)" ]; }; then
		b_here="$boots $core_boots"
	fi

	# checkpatch, once per commit
	start=$(date +%s)
	pc=$("$here/patchcheck.sh" "$tree" "$c" 2>&1) && cp=ok || cp=FAIL
	echo "$pc" > "$out/$i.checkpatch"
	ktap_result "checkpatch $i $short $subj" $(( $(date +%s) - start )) \
		"$([ $cp = ok ] || echo "$pc" | grep -m1 -v '^accepted: ' | sed 's/^new: //')" \
		"$(echo "$pc" | grep -c '^accepted: ' || true) accepted finding(s) (boot-tests/checkpatch.accept)"

	for arch in $arches; do
		echo "matrix: [$i/$total] $arch: $short $subj" >&2
		start=$(date +%s)
		run=$out/$i-$arch
		mkdir -p "$run"
		: > "$run/results.tsv"
		b=FAIL warn=skip why= skip=
		brc=0
		"$here/build-kernel.sh" "$arch" "$build" > "$run.build.out" 2>&1 || brc=$?
		if [ "$brc" = 3 ]; then
			# The config fragments name a symbol a later commit adds.
			skip=$(grep -m1 'not defined in this tree' "$run.build.out" | sed 's/^build-kernel: //')
			b=skip
		elif [ "$brc" = 0 ] &&
		   "$here/build-modules.sh" "$arch" "$build" >> "$run.build.out" 2>&1 &&
		   "$here/mkinitramfs.sh" "$arch" "$build" >> "$run.build.out" 2>&1; then
			b=ok
			warnings "$build/$arch/warnings.log" > "$run/warnings"
			new=$(comm -13 "$out/warnings-$arch.seen" "$run/warnings")
			sort -u -o "$out/warnings-$arch.seen" "$out/warnings-$arch.seen" "$run/warnings"
			if [ -n "$new" ]; then
				warn=FAIL; why="new compiler warning: $(echo "$new" | head -1)"
			else
				warn=ok
			fi
			rc=0
			RESULTS=$run CYCLES=$cycles BOOTS=$b_here SMP=$smp "$here/boot-test.sh" "$arch" "$build" > "$run.boot.out" 2>&1 || rc=$?
			[ "$rc" = 0 ] || [ -n "$why" ] ||
				why=$(grep -m1 '^not ok' "$run/ktap.txt" 2>/dev/null | sed 's/^not ok [0-9]* //')
			[ "$rc" = 0 ] || [ -n "$why" ] || why="boot-test.sh failed (status $rc): $(tail -1 "$run.boot.out")"
		else
			why="does not build: $(grep -m1 -E 'error|failed' "$run.build.out" || true)"
		fi
		t=$run/results.tsv
		boot=$(col "$t" boot)
		sus=$(cols "$t" suspend_cycles syscore_order sleep_time)
		shut=$(col "$t" shutdown)
		mods=$(awk -F'\t' '$1 ~ /^(modules|misuse)\./ { n++; if ($2 != 1) bad++ }
			END { print n ? (bad ? "FAIL" : "ok") : "skip" }' "$t")
		sec=$(( $(date +%s) - start ))
		ok=1
		[ -z "$why" ] || ok=0
		if [ -n "$skip" ]; then
			ok=skip
			ktap_skip "$arch $short $subj" "$sec" "$skip"
		else
			ktap_result "$arch $short $subj" "$sec" "$why"
		fi
		printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$i" "$short" \
			"$subj" "$arch" "$cp" "$b" "$warn" "$boot" "$sus" "$shut" "$mods" "$sec" >> "$out/matrix.md"
		printf '%s  {"n": %s, "commit": "%s", "subject": "%s", "arch": "%s", "checkpatch": "%s", "build": "%s", "warnings": "%s", "boot": "%s", "suspend": "%s", "shutdown": "%s", "modules": "%s", "cycles": %s, "seconds": %s, "ok": "%s"}' \
			"$sep" "$i" "$c" "$(echo "$subj" | sed 's/["\\]/\\&/g')" "$arch" "$cp" "$b" "$warn" "$boot" "$sus" "$shut" "$mods" "$cycles" "$sec" "$ok" >> "$json"
		sep=",
"
	done
done
printf '\n]\n' >> "$json"
mv "$json" "$out/matrix.json"
echo "seconds=$(( $(date +%s) - t0 ))" >> "$out/meta"
echo "matrix: table in $out/matrix.md" >&2
ktap_end

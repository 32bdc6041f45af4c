#!/bin/sh
# check-three-ways.sh - the semantic patch gives one result whichever way
# it is run, on a real tree.
#
# Usage: check-three-ways.sh LINUX TREE OUTDIR
#
# LINUX is a 6.1 kernel tree (its Makefile and scripts/coccicheck drive
# make coccicheck), TREE a tree of sysdev code (../shared/tree-2.6.38/pre).
# On copies of TREE: plain spatch -D patch --dir . with one job and with
# two, make coccicheck MODE=patch and MODE=report (J=2; TREE laid out as a
# kernel tree: LINUX's Makefile, scripts/, the x86 Makefiles and the two
# headers coccicheck's --include names), and cocci/convert-tree.sh.  The
# diffs must be byte-identical, the report equal to convert-tree's
# report.txt, and convert-tree's series must give the tree the diff gives.
# KTAP (boot-tests/lib/common.sh) on stdout, results in OUTDIR; the seconds of
# each run in OUTDIR/meta.  SKIPs without TREE.
set -eu

. "$(dirname "$0")/../boot-tests/lib/common.sh"
prog=check-three-ways
linux=${1:?usage: check-three-ways.sh LINUX TREE OUTDIR}
src=${2:?usage: check-three-ways.sh LINUX TREE OUTDIR}
outdir=${3:?usage: check-three-ways.sh LINUX TREE OUTDIR}
here=$TOP/cocci
sp=$here/sysdev_to_syscore_ops.cocci
opts=$(sed -n 's|^// Options:||p' "$sp")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/three-ways.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
checks="spatch_patch spatch_patch_jobs2 coccicheck_patch coccicheck_report convert_tree"

ktap_start "$outdir" "$(echo $checks | wc -w)" "one result three ways: spatch, make coccicheck, convert-tree.sh"
printf 'arch=host\n' > "$outdir/meta"
if [ ! -d "$src" ] || [ ! -f "$linux/scripts/coccicheck" ]; then
	# shellcheck disable=SC2086
	ktap_skip_all "no tree at $src or no kernel tree at $linux" $checks
	exit
fi
src=$(cd "$src" && pwd)

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
# the diff part of make coccicheck's output (it prints a banner first)
diff_part() { sed -n '/^diff -u -p /,$p' "$1"; }
first_diff() { diff -u "$1" "$2" | head -20; }

# 1. plain spatch, one job and two
cp -r "$src" "$tmp/plain"
t=$(now)
# shellcheck disable=SC2086
(cd "$tmp/plain" && spatch --sp-file "$sp" -D patch --very-quiet $opts --dir .) \
	> "$tmp/plain.diff" 2> "$tmp/plain.err" && st=0 || st=$?
secs=$(since "$t"); echo "spatch_patch_jobs1_seconds=$secs" >> "$outdir/meta"
why=
if [ "$st" != 0 ]; then why="spatch exited $st"
elif ! grep -q '^diff -u -p ' "$tmp/plain.diff"; then why="spatch printed no diff"
elif [ -s "$tmp/plain.err" ]; then why="spatch printed on stderr"
fi
ktap_result spatch_patch "$secs" "$why" "$(grep -c '^diff -u -p ' "$tmp/plain.diff" || true) files in the diff" \
	"$(head -5 "$tmp/plain.err")"

t=$(now)
# shellcheck disable=SC2086
(cd "$tmp/plain" && spatch --sp-file "$sp" -D patch --very-quiet $opts --jobs 2 --dir .) \
	> "$tmp/jobs2.diff" 2> "$tmp/jobs2.err" || true
secs=$(since "$t"); echo "spatch_patch_jobs2_seconds=$secs" >> "$outdir/meta"
why=
cmp -s "$tmp/plain.diff" "$tmp/jobs2.diff" || why="--jobs 2 gives another diff than one job"
ktap_result spatch_patch_jobs2 "$secs" "$why" "$(first_diff "$tmp/plain.diff" "$tmp/jobs2.diff")"

# 2. make coccicheck in TREE laid out as a kernel tree
cp -r "$src" "$tmp/kernel"
cp "$linux/Makefile" "$tmp/kernel/"
cp -r "$linux/scripts" "$tmp/kernel/"
mkdir -p "$tmp/kernel/arch/x86" "$tmp/kernel/include/linux"
cp "$linux"/arch/x86/Makefile* "$tmp/kernel/arch/x86/"
for h in kconfig.h compiler-version.h; do
	[ -e "$tmp/kernel/include/linux/$h" ] || cp "$linux/include/linux/$h" "$tmp/kernel/include/linux/"
done
coccicheck() { # mode out
	t=$(now)
	make -s -C "$tmp/kernel" coccicheck COCCI="$sp" MODE="$1" J=2 > "$2" 2> "$2.err" && st=0 || st=$?
	secs=$(since "$t"); echo "coccicheck_$1_seconds=$secs" >> "$outdir/meta"
}
coccicheck patch "$tmp/cc-patch.out"
diff_part "$tmp/cc-patch.out" > "$tmp/cc.diff"
why=
if [ "$st" != 0 ]; then why="make coccicheck MODE=patch failed ($st)"
elif ! cmp -s "$tmp/plain.diff" "$tmp/cc.diff"; then why="make coccicheck MODE=patch gives another diff than spatch"
fi
ktap_result coccicheck_patch "$secs" "$why" "$(first_diff "$tmp/plain.diff" "$tmp/cc.diff")" "$(head -5 "$tmp/cc-patch.out.err")"

# 3. convert-tree.sh: its report, and its series applied to a copy
t=$(now)
"$here/convert-tree.sh" "$src" "$tmp/series" > "$tmp/convert.log" 2> "$tmp/convert.err" && cst=0 || cst=$?
csecs=$(since "$t"); echo "convert_tree_seconds=$csecs" >> "$outdir/meta"

coccicheck report "$tmp/cc-report.out"
grep -E '^[^ ]+:[0-9]+:[0-9]+-[0-9]+: ' "$tmp/cc-report.out" > "$tmp/cc-report.txt" || true
why=
if [ "$st" != 0 ]; then why="make coccicheck MODE=report failed ($st)"
elif [ ! -s "$tmp/cc-report.txt" ]; then why="make coccicheck MODE=report printed nothing"
elif ! cmp -s "$tmp/series/report.txt" "$tmp/cc-report.txt"; then why="make coccicheck MODE=report differs from convert-tree's report.txt"
fi
ktap_result coccicheck_report "$secs" "$why" "$(first_diff "$tmp/series/report.txt" "$tmp/cc-report.txt")"

why=
if [ "$cst" != 0 ] || [ ! -s "$tmp/series/series" ]; then
	why="convert-tree.sh gave no series: $(tail -1 "$tmp/convert.err")"
else
	cp -r "$src" "$tmp/by-series"
	git -C "$tmp/by-series" init -q
	git -C "$tmp/by-series" add -A
	# shellcheck disable=SC2086
	git -C "$tmp/by-series" $IDENT commit -q -m pre
	# shellcheck disable=SC2046,SC2086
	git -C "$tmp/by-series" $IDENT am -q $(sed "s|^|$tmp/series/|" "$tmp/series/series") > "$tmp/am.log" 2>&1 ||
		why="git am of convert-tree's series failed: $(head -1 "$tmp/am.log")"
	rm -rf "$tmp/by-series/.git"
	(cd "$tmp/plain" && patch -p1 -s --no-backup-if-mismatch) < "$tmp/plain.diff" ||
		why="spatch's diff does not apply"
	[ -n "$why" ] || diff -r "$tmp/plain" "$tmp/by-series" > "$tmp/trees.diff" ||
		why="convert-tree's series and spatch's diff give different trees"
fi
ktap_result convert_tree "$csecs" "$why" "$(head -20 "$tmp/trees.diff" 2>/dev/null)"
ktap_end

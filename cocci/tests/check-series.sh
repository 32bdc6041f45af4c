#!/bin/sh
# check-series.sh - convert-tree.sh's series is one a maintainer would take.
#
# Usage: check-series.sh LINUX TREE [OUTDIR]
# LINUX is a 6.1 kernel tree (make tree): its scripts/get_maintainer.pl
# and scripts/checkpatch.pl judge; TREE a whole old tree with its own
# MAINTAINERS and scripts/get_maintainer.pl (../shared/tree-2.6.38/pre,
# whose get_maintainer.pl dies on today's perl).  TREE is copied into a
# git repository (one commit) and converted; the checks read the patches
# only, and hold their own expectations:
#   areas_linked      in each patch, files of different directories are
#                     tied by the build links its message names, and each
#                     named file's diff holds the linking name
#   subjects_unique   no two subjects equal
#   bodies_true       each "callback(s) ... lose(s) ..." names functions
#                     whose diff drops exactly those arguments, each once;
#                     "shutdown" only where the diff has one
#   cover_counts      the cover letter's table: its files equal each
#                     patch's, its sources sum to the report's converted
#                     lines, its refusals are the report's
#   base_commit       the cover letter ends with the tree's HEAD
#   recipients        each patch has To: and Cc:, every To: a maintainer
#                     (M:) of an entry of the tree's MAINTAINERS
#   fallback_named    the run says why get_maintainer.pl was not used
#   get_maintainer    with 6.1's get_maintainer.pl in the tree: every
#                     address it prints for a patch's files is in the
#                     patch's To/Cc, and nothing fell back
#   checkpatch        6.1's checkpatch.pl --strict: 0 errors, 0 warnings,
#                     and the Signed-off-by is the user's (-s)
#   no_recipients     -n: no To:/Cc: anywhere
#   hang_timeout      a get_maintainer.pl that hangs is stopped, named
#   no_maintainers    a tree without MAINTAINERS: says so, one commit per
#                     directory, no To/Cc
#   exec_first_fail   --exec CMD: CMD runs after each patch on a copy; the
#                     first patch where it fails is named, exit 1, the
#                     tree unchanged, OUT only the series
#   exec_passes       --exec CMD that passes: exit 0, CMD ran once per patch
#   history_prefix    a git tree whose log touching a file uses "ACPI / PCI:"
#                     most: that file's patch's subject takes it
#   no_entry          a file only THE REST claims: the run names it, its
#                     patch goes to THE REST's maintainer and list
# KTAP on stdout, last line "# N passed, N failed".
set -eu

. "$(dirname "$0")/../../lib/common.sh"
prog=check-series
usage="usage: check-series.sh LINUX TREE [OUTDIR]"
linux=${1:?$usage}
src=${2:?$usage}
tools=$TOP/cocci/tools
[ -f "$linux/scripts/get_maintainer.pl" ] || die "$linux has no scripts/get_maintainer.pl (make tree)"
[ -f "$src/MAINTAINERS" ] || die "$src has no MAINTAINERS"
linux=$(cd "$linux" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-series.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
outdir=${3:-$tmp/results}

ktap_start "$outdir" 16 "series: convert-tree.sh on $(basename "$(dirname "$src")")/$(basename "$src")"
printf 'arch=host\n' > "$outdir/meta"
now() { date +%s; }

# the user's tree: a git repository, the identity of a user who signs
# off (-s), as one who submits the series would
cp -a "$src" "$tmp/tree"
git -C "$tmp/tree" init -q
git -C "$tmp/tree" add -A
git -C "$tmp/tree" $IDENT commit -q -m "Linux (old)"
head=$(git -C "$tmp/tree" rev-parse HEAD)
export GIT_AUTHOR_NAME="Jane Developer" GIT_AUTHOR_EMAIL=jane@example.org
t0=$(now)
"$tools/convert-tree.sh" -s "$tmp/tree" "$tmp/out" > "$tmp/run.log" 2>&1 ||
	die "convert-tree.sh failed: $(tail -3 "$tmp/run.log")"
secs=$(($(now) - t0))
echo "# convert-tree.sh: $(grep -c . "$tmp/out/series") patches in $secs s"
# shellcheck disable=SC2012
set -- $(ls "$tmp/out"/0*.patch | grep -v /0000-)
cover=$tmp/out/0000-cover-letter.patch

# the files of a patch; its message (between the headers and ---)
patch_files() { sed -n 's|^+++ b/||p' "$1"; }
message() { sed -n '/^$/,/^---$/p' "$1"; }

# --- areas_linked
why=
for p in "$@"; do
	why=$(python3 "$TOP/cocci/tests/series_links.py" "$p" 2>&1) || break
done
ktap_result areas_linked "$secs" "$why"

# --- subjects_unique
dups=$(for p in "$@"; do
	sed -n '/^Subject: /{N;s/\n / /;s/^Subject: \[PATCH [0-9/]*\] //;s/\n.*//;p}' "$p"
done | sort | uniq -d)
why=
[ -z "$dups" ] || why="equal subjects: $(echo "$dups" | head -2 | paste -sd'|' -)"
ktap_result subjects_unique 0 "$why"

# --- bodies_true
why=
for p in "$@"; do
	why=$(python3 "$TOP/cocci/tests/series_bodies.py" "$p" 2>&1) || break
done
ktap_result bodies_true 0 "$why"

# --- cover_counts: the table against the patches and the report
why=
converted=$(grep -vc ': not converted: \|cannot parse' "$tmp/out/report.txt" || true)
refused=$(grep -c ': not converted: ' "$tmp/out/report.txt" || true)
sed -n '/^  #  files  sources  patch /,/^$/p' "$cover" | sed '1d;$d' > "$tmp/table"
[ "$(grep -c . "$tmp/table")" = $# ] || why="the table has $(grep -c . "$tmp/table") rows for $# patches"
i=0
for p in "$@"; do
	i=$((i + 1))
	[ -z "$why" ] || break
	row=$(sed -n "${i}p" "$tmp/table")
	set -- $row
	n=$(patch_files "$p" | grep -c .)
	[ "$2" = "$n" ] || why="row $i: $2 files, patch $(basename "$p") has $n"
	set -- $(ls "$tmp/out"/0*.patch | grep -v /0000-)
done
sum=$(awk '{ s += $3 } END { print s + 0 }' "$tmp/table")
[ -n "$why" ] || [ "$sum" = "$converted" ] || why="the sources column sums to $sum, the report converts $converted"
listed=$(grep -c '^- .*: not converted: ' "$cover" || true)
[ -n "$why" ] || [ "$listed" = "$refused" ] || why="the cover letter lists $listed refusals, the report has $refused"
if [ "$refused" = 0 ]; then said="left none as they are\."; else said="for the $refused reasons\{0,1\} the"; fi
tr "\n" " " < "$cover" | grep -q "$said" || [ -n "$why" ] || why="the cover letter does not say the report's $refused reasons ($said)"
ktap_result cover_counts 0 "$why" "$(cat "$tmp/table")"

# --- base_commit
why=
[ "$(tail -1 "$cover")" = "base-commit: $head" ] || why="the cover letter ends with '$(tail -1 "$cover")', not base-commit: $head"
ktap_result base_commit 0 "$why"

# --- recipients: To and Cc on each patch, every To a maintainer
sed -n 's/^M:[[:space:]]*//p' "$src/MAINTAINERS" | sed 's/[[:space:]]*$//' | sort -u > "$tmp/maintainers"
why=
for p in "$cover" "$@"; do
	grep -q '^To: .' "$p" || { why="$(basename "$p") has no To:"; break; }
	grep -q '^Cc: .' "$p" || { why="$(basename "$p") has no Cc:"; break; }
	bad=$(sed -n 's/^To: //p' "$p" | sed 's/, /\n/g' | grep -vxF -f "$tmp/maintainers" | head -1)
	[ -z "$bad" ] || { why="$(basename "$p"): To: $bad is no M: of MAINTAINERS"; break; }
done
ktap_result recipients 0 "$why" "$(grep -h '^To: ' "$1" | cut -c1-200)"

# --- fallback_named: the tree's own get_maintainer.pl cannot run here
why=
grep -q 'get_maintainer.pl failed (.*): To/Cc from MAINTAINERS instead' "$tmp/run.log" ||
	why="the run does not say that (and why) get_maintainer.pl was not used"
ktap_result fallback_named 0 "$why" "$(grep get_maintainer "$tmp/run.log" || true)"

# --- get_maintainer: 6.1's script in the tree (with the files its
# top-of-tree test looks for)
cp -a "$src" "$tmp/tree61"
cp "$linux/scripts/get_maintainer.pl" "$tmp/tree61/scripts/"
(cd "$tmp/tree61" && touch COPYING CREDITS Kbuild Makefile README && mkdir -p Documentation fs init ipc lib)
t0=$(now)
why=
if ! "$tools/convert-tree.sh" "$tmp/tree61" "$tmp/out61" > "$tmp/run61.log" 2>&1; then
	why="convert-tree.sh failed: $(tail -1 "$tmp/run61.log")"
elif grep -q 'get_maintainer.pl failed' "$tmp/run61.log"; then
	why="it fell back: $(grep 'get_maintainer.pl failed' "$tmp/run61.log")"
else
	for p in "$tmp/out61"/0*.patch; do
		case $p in */0000-*) continue ;; esac
		patch_files "$p" > "$tmp/f61"
		(cd "$tmp/tree61" && perl scripts/get_maintainer.pl --no-git --no-git-fallback --no-rolestats \
			-f $(cat "$tmp/f61")) > "$tmp/gm61" 2>/dev/null
		sed -n '/^To: /,/^$/p' "$p" | sed -n 's/^\(To\|Cc\): //p' | sed 's/, /\n/g' > "$tmp/rc61"
		miss=$(grep -vxF -f "$tmp/rc61" "$tmp/gm61" | head -1)
		[ -z "$miss" ] || { why="$(basename "$p"): get_maintainer.pl names $miss, the patch does not"; break; }
	done
fi
ktap_result get_maintainer "$(($(now) - t0))" "$why"

# --- checkpatch: 6.1's, strict, on every patch
why=
for p in "$@"; do
	perl "$linux/scripts/checkpatch.pl" --no-tree --strict -q "$p" > "$tmp/cp.out" 2>&1 || true
	n=$(grep -c '^\(ERROR\|WARNING\):' "$tmp/cp.out" || true)
	grep -qx 'Signed-off-by: Jane Developer <jane@example.org>' "$p" ||
		{ why="$(basename "$p") is not signed off by the user"; break; }
	[ "$n" = 0 ] || { why="$(basename "$p"): $n errors/warnings: $(grep -m1 '^\(ERROR\|WARNING\):' "$tmp/cp.out")"; break; }
done
ktap_result checkpatch 0 "$why" "$(for p in "$@"; do
	perl "$linux/scripts/checkpatch.pl" --no-tree --strict -q "$p" 2>&1 | tail -1 | sed "s|^|$(basename "$p"): |"
done | grep -v ': *$' | head -20)"

# --- small trees for the rest: ACPI and blackfin, MAINTAINERS, the old
# get_maintainer.pl
small() {
	mkdir -p "$1"
	(cd "$src" && tar cf - MAINTAINERS scripts drivers/acpi arch/blackfin include) | (cd "$1" && tar xf -)
}

# --- no_recipients
small "$tmp/s1"
why=
if ! "$tools/convert-tree.sh" -n "$tmp/s1" "$tmp/o1" > "$tmp/s1.log" 2>&1; then why="convert-tree.sh -n failed: $(tail -1 "$tmp/s1.log")"
elif grep -l '^\(To\|Cc\): ' "$tmp/o1"/*.patch > /dev/null; then why="-n: $(grep -l '^\(To\|Cc\): ' "$tmp/o1"/*.patch | head -1) has To/Cc"
elif [ "$(grep -c . "$tmp/o1/series")" -lt 2 ]; then why="-n: no series"
fi
ktap_result no_recipients 0 "$why"

# --- hang_timeout: a get_maintainer.pl that never answers
small "$tmp/s2"
printf '#!/usr/bin/perl\nsleep 600;\n' > "$tmp/s2/scripts/get_maintainer.pl"
t0=$(now)
why=
if ! GET_MAINTAINER_TIMEOUT=2 "$tools/convert-tree.sh" "$tmp/s2" "$tmp/o2" > "$tmp/s2.log" 2>&1; then
	why="convert-tree.sh failed: $(tail -1 "$tmp/s2.log")"
elif ! grep -q 'get_maintainer.pl failed (it did not finish in 2 s)' "$tmp/s2.log"; then
	why="the hang is not named: $(grep get_maintainer "$tmp/s2.log" || echo nothing)"
elif ! grep -q '^To: .' "$tmp/o2"/0001-*.patch; then why="no To: from MAINTAINERS after the hang"
fi
secs=$(($(now) - t0))
[ -n "$why" ] || [ "$secs" -lt 60 ] || why="$secs s: the timeout did not stop it"
ktap_result hang_timeout "$secs" "$why"

# --- no_maintainers
small "$tmp/s3"
rm "$tmp/s3/MAINTAINERS"
why=
if ! "$tools/convert-tree.sh" "$tmp/s3" "$tmp/o3" > "$tmp/s3.log" 2>&1; then why="convert-tree.sh failed: $(tail -1 "$tmp/s3.log")"
elif ! grep -q 'has no MAINTAINERS: one commit per directory, no To/Cc' "$tmp/s3.log"; then why="it does not say it has no MAINTAINERS"
elif grep -l '^\(To\|Cc\): ' "$tmp/o3"/*.patch > /dev/null; then why="To/Cc without MAINTAINERS"
else
	for p in "$tmp/o3"/0*.patch; do
		case $p in */0000-*) continue ;; esac
		[ "$(patch_files "$p" | xargs -n1 dirname | sort -u | grep -c .)" = 1 ] ||
			{ why="$(basename "$p") spans directories"; break; }
	done
fi
ktap_result no_maintainers 0 "$why"

# --- exec_first_fail: a command that fails once ACPI is converted (the
# last of the small tree's two patches)
small "$tmp/s4"
sum() { (cd "$1" && find . -type f | sort | xargs md5sum | md5sum); }
before=$(sum "$tmp/s4")
t0=$(now)
why=
"$tools/convert-tree.sh" --exec 'if grep -q syscore_ops drivers/acpi/pci_link.c; then exit 1; fi' \
	"$tmp/s4" "$tmp/o4" > "$tmp/s4.log" 2>&1 && st=0 || st=$?
acpi=$(grep -l '^+++ b/drivers/acpi/pci_link.c' "$tmp/o4"/0*.patch | head -1)
n=$(grep -c . "$tmp/o4/series" || echo 0)
if [ "$st" != 1 ]; then why="exit status $st, not 1"
elif [ -z "$acpi" ]; then why="no patch converts drivers/acpi/pci_link.c"
elif ! grep -q "fails at patch $(grep -n "$(basename "$acpi")" "$tmp/o4/series" | cut -d: -f1)/$n: $(basename "$acpi")\$" "$tmp/s4.log"; then
	why="the failing patch is not named: $(grep fails "$tmp/s4.log" || echo nothing)"
elif [ "$(sum "$tmp/s4")" != "$before" ]; then why="--exec changed the tree"
elif [ "$(ls -A "$tmp/o4" | grep -vxF .convert-tree | sort)" != "$(sort "$tmp/o4/.convert-tree")" ]; then
	why="OUT holds more than the series: $(ls -A "$tmp/o4" | paste -sd' ' -)"
fi
ktap_result exec_first_fail "$(($(now) - t0))" "$why" "$(grep -e '--exec' "$tmp/s4.log" || true)"

# --- exec_passes: a command that passes, and counts its own runs
why=
"$tools/convert-tree.sh" --exec "echo ran >> '$tmp/s5.runs'" "$tmp/s4" "$tmp/o5" > "$tmp/s5.log" 2>&1 && st=0 || st=$?
n=$(grep -c . "$tmp/o5/series" || echo 0)
runs=$(grep -c . "$tmp/s5.runs" 2>/dev/null || echo 0)
if [ "$st" != 0 ]; then why="exit status $st: $(tail -1 "$tmp/s5.log")"
elif [ "$runs" != "$n" ]; then why="the command ran $runs times for $n patches"
elif ! grep -q "passes at each of the $n patches" "$tmp/s5.log"; then why="the run does not say the command passed"
fi
ktap_result exec_passes 0 "$why"

# --- history_prefix: the prefix the files' own history uses
small "$tmp/s6"
git -C "$tmp/s6" init -q
git -C "$tmp/s6" add -A
git -C "$tmp/s6" $IDENT commit -q -m "Linux (old)"
for msg in "ACPI / PCI: Fix the link's IRQ" "ACPI / PCI: Keep the link's IRQ" "ACPI: Typo"; do
	echo "/* $msg */" >> "$tmp/s6/drivers/acpi/pci_link.c"
	git -C "$tmp/s6" $IDENT commit -q -am "$msg"
done
why=
if ! "$tools/convert-tree.sh" "$tmp/s6" "$tmp/o6" > "$tmp/s6.log" 2>&1; then why="convert-tree.sh failed: $(tail -1 "$tmp/s6.log")"
else
	acpi=$(grep -l '^+++ b/drivers/acpi/pci_link.c' "$tmp/o6"/0*.patch | head -1)
	subj=$(sed -n 's/^Subject: \[PATCH[^]]*\] //p' "$acpi")
	case $subj in
	"ACPI / PCI: "*) ;;
	*) why="the subject is '$subj', not the history's 'ACPI / PCI:'" ;;
	esac
fi
ktap_result history_prefix 0 "$why"

# --- no_entry: MAINTAINERS without the ACPI entry's patterns
small "$tmp/s7"
awk '/^ACPI$/ { acpi = 1 } /^$/ { acpi = 0 } !(acpi && /^F:/)' "$src/MAINTAINERS" > "$tmp/s7/MAINTAINERS"
rest=$(sed -n '/^THE REST$/,/^$/s/^M:[[:space:]]*//p' "$src/MAINTAINERS")
why=
if ! "$tools/convert-tree.sh" "$tmp/s7" "$tmp/o7" > "$tmp/s7.log" 2>&1; then why="convert-tree.sh failed: $(tail -1 "$tmp/s7.log")"
elif ! grep -q 'drivers/acpi/pci_link.c is in no MAINTAINERS entry but THE REST' "$tmp/s7.log"; then
	why="the run does not name the file no entry claims"
else
	acpi=$(grep -l '^+++ b/drivers/acpi/pci_link.c' "$tmp/o7"/0*.patch | head -1)
	grep -qxF "To: $rest" "$acpi" || why="its patch is not to THE REST's $rest: $(grep '^To:' "$acpi")"
fi
ktap_result no_entry 0 "$why" "$(grep 'no MAINTAINERS entry' "$tmp/s7.log" || true)"

ktap_end

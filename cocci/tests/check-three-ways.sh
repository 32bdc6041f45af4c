#!/bin/sh
# check-three-ways.sh - the semantic patch gives one result whichever way
# it is run, on a whole kernel tree, and the README's commands are the
# ones that do it.
#
# Usage: check-three-ways.sh LINUX TREE OUTDIR
#
# LINUX is the series' kernel tree (a git repository with the pristine
# 6.1 tag), TREE a tree of sysdev code (../shared/tree-2.6.38/pre).  The
# whole tree: a clone of LINUX at the 6.1 tag (some 70,000 files, none with
# sysdev code), then TREE's files laid over it and committed.  On it: the
# README's commands between "<!-- commands" and "<!-- end of commands",
# read from the README and run as written (LINUX and SYSCORE replaced by
# the paths), then the ways the README promises without a line of their
# own (--jobs 2 from another working directory, make coccicheck M=), and
# a whole-tree run that must grow by a hook's files (shape3_forward).  The
# diffs must be byte-identical, the reports too, the series must give the
# tree the diff gives, and the tree must not be touched.  The files the
# conversion changes in ../shared/tree-2.6.38/pre are the host's
# expectation (cocci/tests/tree-2.6.38.changed).  KTAP
# (lib/common.sh) on stdout, results in OUTDIR; the seconds of
# each run in OUTDIR/meta (read by make bench).  SKIPs without TREE.
set -eu

. "$(dirname "$0")/../../lib/common.sh"
prog=check-three-ways
linux=${1:?usage: check-three-ways.sh LINUX TREE OUTDIR}
src=${2:?usage: check-three-ways.sh LINUX TREE OUTDIR}
outdir=${3:?usage: check-three-ways.sh LINUX TREE OUTDIR}
api=$TOP/cocci/api
sp=$api/sysdev_to_syscore_ops.cocci
expected=$TOP/cocci/tests/tree-2.6.38.changed
tmp=$(mktemp -d "${TMPDIR:-/tmp}/three-ways.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
checks="grep_query no_sysdev_tree readme_spatch_patch readme_spatch_report readme_install readme_coccicheck_patch readme_coccicheck_report readme_scan readme_convert_tree readme_git_am jobs2_elsewhere coccicheck_m coccicheck_helpers_alone hook_whole_tree tree_untouched"

ktap_start "$outdir" "$(echo $checks | wc -w)" "one result every way: the README's commands, spatch, make coccicheck, convert-tree.sh on a whole tree"
printf 'arch=host\n' > "$outdir/meta"
if [ ! -d "$src" ] || ! git -C "$linux" rev-parse -q --verify "$PRISTINE^{commit}" >/dev/null 2>&1; then
	# shellcheck disable=SC2086
	ktap_skip_all "no tree at $src or no $PRISTINE in $linux" $checks
	exit
fi
src=$(cd "$src" && pwd)

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
# the diff part of make coccicheck's output (it prints a banner first)
diff_part() { sed -n '/^diff -u -p /,$p' "$1"; }
report_part() { grep -E '^[^ ]+:[0-9]+:[0-9]+-[0-9]+: ' "$1" || true; }
first_diff() { diff -u "$1" "$2" | head -20; }
changed_files() { sed -n 's|^+++ b/||p' "$1" | sed 's/	$//' | LC_ALL=C sort; }

# 1. spatch parses only the files that hold a sysdev token
spatch --parse-cocci "$sp" -D patch > "$tmp/parse.out" 2>&1 || true
query=$(sed -n '/^Grep query$/{n;p;}' "$tmp/parse.out")
why=
if [ -z "$query" ]; then why="spatch has no grep query for the entry point: it would parse every file of a tree"
else
	for tok in sysdev_class sysdev_driver sys_device sysdev.h sysdev_register; do
		echo " $query " | grep -qF " $tok " || why="the grep query lacks $tok: $query"
	done
fi
# the helpers too, as make coccicheck without COCCI= runs each on its own
for job in "$api"/syscore_*.cocci; do
	spatch --parse-cocci "$job" -D patch > "$tmp/parse-job.out" 2>&1 || true
	[ -n "$why" ] || grep -qx 'Grep query' "$tmp/parse-job.out" ||
		why="$(basename "$job") has no grep query when make coccicheck runs it alone: it would parse every file"
done
ktap_result grep_query 0 "$why" "$(grep -E 'grep query|Grep query' -A1 "$tmp/parse.out")"

# 2. the whole tree: 6.1 first (no sysdev code: silent, and fast)
t=$(now)
git clone -q --shared --no-checkout "$linux" "$tmp/linux"
git -C "$tmp/linux" -c advice.detachedHead=false checkout -q "$PRISTINE"
echo "whole_tree_setup_seconds=$(since "$t")" >> "$outdir/meta"
w=$tmp/linux
t=$(now)
(cd "$w" && spatch --sp-file "$sp" -D report --very-quiet --dir .) > "$tmp/v61.out" 2> "$tmp/v61.err" && st=0 || st=$?
secs=$(since "$t"); echo "no_sysdev_report_seconds=$secs" >> "$outdir/meta"
why=
if [ "$st" != 0 ]; then why="spatch exited $st on $PRISTINE"
elif [ -s "$tmp/v61.out" ]; then why="report mode printed on a tree without sysdev code"
fi
ktap_result no_sysdev_tree "$secs" "$why" "$(head -5 "$tmp/v61.out" "$tmp/v61.err")" \
	"$(find "$w" -name '*.[ch]' | wc -l) .c/.h files"

cp -r "$src/." "$w/"
git -C "$w" add -A -f  # Debian's .gitignore ignores every top-level path
# shellcheck disable=SC2086
git -C "$w" $IDENT commit -q -m "v2.6.38's sysdev files"
# --ignored: Debian's .gitignore hides every untracked top-level path
git -C "$w" status --porcelain --ignored -uall > "$tmp/status.before"

# 3. the ways the README promises without a line of its own, run first
# (the README's git am changes the tree): --jobs 2 from another working
# directory, make coccicheck M= (judged in 5.)
mkdir -p "$tmp/elsewhere"
t=$(now)
(cd "$tmp/elsewhere" && spatch --sp-file "$sp" -D patch --jobs 2 --dir "$w") > "$tmp/jobs2.diff" 2> "$tmp/jobs2.err" && j2_st=0 || j2_st=$?
j2_secs=$(since "$t"); echo "jobs2_elsewhere_seconds=$j2_secs" >> "$outdir/meta"
t=$(now)
make -s -C "$w" coccicheck COCCI="$sp" MODE=patch J=2 M=arch/arm/mach-pxa > "$tmp/m.out" 2> "$tmp/m.err" && m_st=0 || m_st=$?
m_secs=$(since "$t"); echo "coccicheck_m_seconds=$m_secs" >> "$outdir/meta"

# 4. the README's commands, as written there
sed -n '/^<!-- commands/,/^<!-- end of commands/p' "$TOP/README.md" | sed -n 's/^    //p' > "$tmp/commands"
[ "$(head -1 "$tmp/commands")" = "cd LINUX" ] || die "README: the commands block must start with 'cd LINUX'"
# git am commits: a committer, not the user's (and no identity in LINUX's
# config, so the series carries no Signed-off-by)
export GIT_COMMITTER_NAME=syscore-series GIT_COMMITTER_EMAIL=syscore-series@example.invalid
n=0
sed 1d "$tmp/commands" | while IFS= read -r line; do
	n=$((n + 1))
	cmd=$(printf '%s\n' "$line" | sed "s|SYSCORE|$TOP|g; s|LINUX|$w|g")
	t=$(now)
	# as from a user's shell: not in our make's environment (a make
	# below it would print "make[1]: Leaving directory" into the diff)
	(cd "$w" && env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS sh -c "$cmd" < /dev/null) \
		> "$tmp/readme.$n.out" 2> "$tmp/readme.$n.err" && st=0 || st=$?
	echo "$st $(since "$t") $line" > "$tmp/readme.$n.status"
	# what the tree looks like after it (the cp line installs, and is let be)
	git -C "$w" status --porcelain --ignored -uall | grep -v ' scripts/coccinelle/api/' > "$tmp/readme.$n.tree" || true
done
# the command of README line LIKE: its number, exit status and seconds
step() { # pattern
	for f in "$tmp"/readme.[1-9]*.status; do
		cut -d' ' -f3- "$f" | grep -q -- "$1" || continue
		echo "$f" | sed 's/.*readme\.\([0-9]*\)\.status/\1/'
		return
	done
}
st_of() { cut -d' ' -f1 "$tmp/readme.$1.status"; }
secs_of() { cut -d' ' -f2 "$tmp/readme.$1.status"; }
err_of() { head -5 "$tmp/readme.$1.err"; }
# a README command that is not there: step 0, failed, no output
echo "127 0 (missing)" > "$tmp/readme.0.status"
: > "$tmp/readme.0.out"; : > "$tmp/readme.0.err"; : > "$tmp/readme.0.tree"
readme() { # name pattern: sets $s (the step), $why when it is missing or failed
	s=$(step "$2")
	why=
	if [ -z "$s" ]; then why="no README command like '$2'"; s=0
	elif [ "$(st_of "$s")" != 0 ]; then why="'$(cut -d' ' -f3- "$tmp/readme.$s.status")' exited $(st_of "$s")"
	fi
	echo "$1_seconds=$(secs_of "$s")" >> "$outdir/meta"
}

readme readme_spatch_patch ' -D patch --dir \.$'
p=$s
cp "$tmp/readme.$p.out" "$tmp/patch.diff"
changed_files "$tmp/patch.diff" > "$tmp/patch.files"
if [ -z "$why" ] && [ "$(basename "$src")" = pre ] && [ -f "$src/../manifest.json" ]; then
	cmp -s "$expected" "$tmp/patch.files" ||
		why="the diff changes other files than the whole-tree conversion must ($(diff "$expected" "$tmp/patch.files" | grep -c '^[<>]') differ)"
elif [ -z "$why" ] && [ ! -s "$tmp/patch.files" ]; then why="spatch printed no diff"
fi
ktap_result readme_spatch_patch "$(secs_of "$p")" "$why" "$(grep -c . "$tmp/patch.files") files in the diff" \
	"$(diff "$expected" "$tmp/patch.files" | grep '^[<>]' | head -10)" "$(err_of "$p")"

readme readme_spatch_report ' -D report --dir \.$'
r=$s
report_part "$tmp/readme.$r.out" > "$tmp/report.txt"
[ -n "$why" ] || [ -s "$tmp/report.txt" ] || why="report mode printed nothing"
ktap_result readme_spatch_report "$(secs_of "$r")" "$why" "$(grep -c . "$tmp/report.txt") report lines" "$(err_of "$r")"

readme readme_install '^cp '
[ -n "$why" ] || [ -f "$w/scripts/coccinelle/api/syscore_whole_run.py" ] || why="the helpers were not installed"
ktap_result readme_install "$(secs_of "$s")" "$why" "$(err_of "$s")"

readme readme_coccicheck_patch 'coccicheck .*MODE=patch'
diff_part "$tmp/readme.$s.out" > "$tmp/cc.diff"
[ -n "$why" ] || cmp -s "$tmp/patch.diff" "$tmp/cc.diff" || why="make coccicheck MODE=patch gives another diff than spatch"
ktap_result readme_coccicheck_patch "$(secs_of "$s")" "$why" "$(first_diff "$tmp/patch.diff" "$tmp/cc.diff")" "$(err_of "$s")"

readme readme_coccicheck_report 'coccicheck .*MODE=report'
report_part "$tmp/readme.$s.out" > "$tmp/cc-report.txt"
[ -n "$why" ] || cmp -s "$tmp/report.txt" "$tmp/cc-report.txt" || why="make coccicheck MODE=report gives another report than spatch"
ktap_result readme_coccicheck_report "$(secs_of "$s")" "$why" "$(first_diff "$tmp/report.txt" "$tmp/cc-report.txt")" "$(err_of "$s")"

readme readme_scan 'scan\.sh'
[ -n "$why" ] || cmp -s "$tmp/report.txt" "$tmp/readme.$s.out" || why="scan.sh gives another report than spatch"
ktap_result readme_scan "$(secs_of "$s")" "$why" "$(first_diff "$tmp/report.txt" "$tmp/readme.$s.out")" "$(err_of "$s")"

# the tree after the last command that must not touch it
cp "$tmp/readme.$s.tree" "$tmp/status.after"

readme readme_convert_tree 'convert-tree\.sh'
series=$tmp/syscore-series
if [ -z "$why" ]; then
	[ -s "$series/series" ] || why="no series in ../syscore-series"
	[ -n "$why" ] || cmp -s "$tmp/report.txt" "$series/report.txt" || why="convert-tree's report.txt differs from spatch's report"
fi
ktap_result readme_convert_tree "$(secs_of "$s")" "$why" "$(cat "$tmp/readme.$s.out")" "$(err_of "$s")"
[ -n "$why" ] || cp "$tmp/readme.$s.tree" "$tmp/status.after"

readme readme_git_am '^git am '
if [ -z "$why" ]; then
	# the tree the series gives is the tree spatch's diff gives
	mkdir -p "$tmp/by-diff"
	cp -r "$src/." "$tmp/by-diff/"
	(cd "$tmp/by-diff" && patch -p1 -s --no-backup-if-mismatch) < "$tmp/patch.diff" > "$tmp/patch.log" 2>&1 ||
		why="spatch's diff does not apply with patch -p1: $(head -1 "$tmp/patch.log")"
	while [ -z "$why" ] && IFS= read -r f; do
		cmp -s "$w/$f" "$tmp/by-diff/$f" || why="the series and the diff give different $f"
	done < "$tmp/patch.files"
fi
ktap_result readme_git_am "$(secs_of "$s")" "$why" "$(err_of "$s")"

# 5. the ways without a README line
secs=$j2_secs st=$j2_st
why=
if [ "$st" != 0 ]; then why="spatch --jobs 2 --dir TREE exited $st"
elif ! cmp -s "$tmp/patch.diff" "$tmp/jobs2.diff"; then why="--jobs 2 from another directory gives another diff"
elif [ -n "$(ls -A "$tmp/elsewhere")" ]; then why="spatch left files in the working directory: $(ls -A "$tmp/elsewhere")"
fi
ktap_result jobs2_elsewhere "$secs" "$why" "$(first_diff "$tmp/patch.diff" "$tmp/jobs2.diff")" "$(head -5 "$tmp/jobs2.err")"

secs=$m_secs st=$m_st
diff_part "$tmp/m.out" > "$tmp/m.diff"
why=
if [ "$st" != 0 ]; then why="make coccicheck M=arch/arm/mach-pxa failed ($st)"
elif [ ! -s "$tmp/m.diff" ]; then why="make coccicheck M=arch/arm/mach-pxa printed no diff"
elif changed_files "$tmp/m.diff" | grep -v '^arch/arm/mach-pxa/' > "$tmp/m.outside"; then
	why="M=arch/arm/mach-pxa names files outside it, or not relative to the top: $(head -3 "$tmp/m.outside" | tr '\n' ' ')"
else
	mkdir -p "$tmp/m-tree"
	cp -r "$src/." "$tmp/m-tree/"
	(cd "$tmp/m-tree" && patch -p1 -s --dry-run) < "$tmp/m.diff" > "$tmp/m.log" 2>&1 ||
		why="the M= diff does not apply with patch -p1 at the top: $(head -1 "$tmp/m.log")"
fi
ktap_result coccicheck_m "$secs" "$why" "$(changed_files "$tmp/m.diff" | wc -l) files in the diff" "$(head -5 "$tmp/m.err")"

# make coccicheck without COCCI= runs every installed .cocci on its own:
# the helpers must neither print nor fail, nor parse the tree
t=$(now)
why=
for job in "$w"/scripts/coccinelle/api/syscore_*.cocci; do
	[ -f "$job" ] || { why="the README's cp line installed no helper"; break; }
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -s -C "$w" coccicheck COCCI="$job" MODE=report J=2 \
		> "$tmp/alone.out" 2> "$tmp/alone.err" && st=0 || st=$?
	if [ "$st" != 0 ]; then why="make coccicheck COCCI=$(basename "$job") failed ($st)"; break; fi
	if grep -q '^[^ ]*:[0-9]' "$tmp/alone.out"; then why="$(basename "$job") alone reported: $(grep -m1 '^[^ ]*:[0-9]' "$tmp/alone.out")"; break; fi
	# coccicheck runs spatch --very-quiet, which does not say how many
	# files it parses: the same run without it does
	(cd "$w" && spatch --sp-file "$job" -D report --dir .) > /dev/null 2> "$tmp/alone.err" || true
	if ! grep -qx '0 files match' "$tmp/alone.err"; then
		why="$(basename "$job") alone parses files: $(grep -m1 'files match' "$tmp/alone.err" || tail -1 "$tmp/alone.err")"; break
	fi
done
secs=$(since "$t"); echo "coccicheck_helpers_alone_seconds=$secs" >> "$outdir/meta"
ktap_result coccicheck_helpers_alone "$secs" "$why" "$(head -3 "$tmp/alone.err")"

# a whole-tree run grows by a hook's implementations (issue 33, shape 3):
# plain spatch --dir on a copy of the fixture shape3_forward/, whose
# drivers and header name no sysdev, gives the fixture's result
t=$(now)
why=
cp -r "$TOP/cocci/tests/shape3_forward" "$tmp/hook"
(cd "$tmp" && spatch --sp-file "$sp" -D patch --very-quiet --dir hook) > "$tmp/hook.diff" 2> "$tmp/hook.err" ||
	why="spatch -D patch --dir failed"
[ -n "$why" ] || (cd "$tmp/hook" && patch -p1 -s --no-backup-if-mismatch) < "$tmp/hook.diff" ||
	why="its diff does not apply"
[ -n "$why" ] || diff -r "$TOP/cocci/tests/shape3_forward.res" "$tmp/hook" > "$tmp/hook.rdiff" ||
	why="the result differs from shape3_forward.res in $(grep -c '^diff' "$tmp/hook.rdiff") files"
ktap_result hook_whole_tree "$(since "$t")" "$why" "$(head -20 "$tmp/hook.rdiff" 2>/dev/null || true)" \
	"$(head -5 "$tmp/hook.err")"

why=
cmp -s "$tmp/status.before" "$tmp/status.after" || why="the commands changed the tree: $(diff "$tmp/status.before" "$tmp/status.after" | grep '^[<>]' | head -3 | tr '\n' ' ')"
ktap_result tree_untouched 0 "$why"
ktap_end

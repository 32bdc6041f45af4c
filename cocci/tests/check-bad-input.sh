#!/bin/sh
# check-bad-input.sh - the cocci scripts on bad input: each error names its
# cause, OUT and TREE stay consistent, files are found whatever the tree.
#
# Usage: check-bad-input.sh OUTDIR
#
# Small trees made of the fixture cocci/tests/irq_class.c (one class that
# converts) in a temporary directory (the commit checks at the end add
# class_attrs.c and the trees soc_class/ and shape1_per_platform/); one KTAP line per bad input
# (lib/common.sh), results in OUTDIR.
set -eu

. "$(dirname "$0")/../../lib/common.sh"
prog=check-bad-input
outdir=${1:?usage: check-bad-input.sh OUTDIR}
api=$TOP/cocci/api
tools=$TOP/cocci/tools
fixtures=$TOP/cocci/tests
fixture=$fixtures/irq_class.c
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cocci-bad-input.XXXXXX")
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
checks="out_inside_tree out_is_a_file out_read_only out_foreign_files_refused out_kept_when_run_fails out_cleared_when_nothing_converts read_only_tree_other_user entry_without_helpers patch_needs_files exported_cocci_ignored tree_in_other_git_repo symlink_forest crlf_line_endings crlf_series_applies unparsable_on_console space_in_file_name message_space_in_file_name subject_prefix command_without_local_paths no_invented_signoff signoff_only_when_asked signoff_needs_identity commit_keeps_prototype_with_definitions message_class_stays message_initcall_gone message_resume_only"
ktap_start "$outdir" "$(echo $checks | wc -w)" "cocci scripts on bad input"
printf 'arch=host\n' > "$outdir/meta"

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
expect=$(sed 's|^irq_class.c:|arch/x/irq_class.c:|' "$fixtures/irq_class.report")
tree() { # dir: a tree with the fixture in arch/x
	mkdir -p "$1/arch/x"
	cp "$fixture" "$1/arch/x/irq_class.c"
}
# the run's error: its last line
last() { tail -1 "$1" 2>/dev/null; }
# a git repository DEST holding TREE, then OUT's series applied with git
# am (OPTS: its options); its output in DEST.log
am_series() { # tree out dest [opts...]
	_src=$1 _out=$2 _dest=$3
	shift 3
	cp -r "$_src" "$_dest"
	git -C "$_dest" init -q && git -C "$_dest" add -A
	# shellcheck disable=SC2086
	git -C "$_dest" $IDENT commit -q -m pre
	# shellcheck disable=SC2086,SC2046
	git -C "$_dest" $IDENT am -q "$@" $(sed "s|^|$_out/|" "$_out/series") > "$_dest.log" 2>&1
}
# a user who is not root: root runs the tools as nobody, copied where
# nobody reads them (TOP may be in a private directory); TMPDIR and HOME
# in $tmp/user
chmod 755 "$tmp"
mkdir -p "$tmp/tool/lib" "$tmp/user"
chmod 777 "$tmp/user"
cp -r "$TOP/cocci" "$tmp/tool/"
cp "$TOP/lib/common.sh" "$TOP/lib/goals" "$tmp/tool/lib/"
as_user() { # command...
	if [ "$(id -u)" = 0 ]; then
		setpriv --reuid=nobody --regid=nogroup --clear-groups env HOME="$tmp/user" TMPDIR="$tmp/user" "$@"
	else
		env HOME="$tmp/user" TMPDIR="$tmp/user" "$@"
	fi
}
who=$(as_user id -un 2>/dev/null || echo '?')

# --- OUT -------------------------------------------------------------------
t=$(now); tree "$tmp/t1"
why=
if "$tools/convert-tree.sh" "$tmp/t1" "$tmp/t1/out" > "$tmp/1.log" 2>&1; then why="convert-tree.sh accepted OUT inside TREE"
elif ! grep -q 'inside TREE' "$tmp/1.log"; then why="no reason given: $(last "$tmp/1.log")"
elif [ -e "$tmp/t1/out" ]; then why="OUT was created inside TREE"
fi
ktap_result out_inside_tree "$(since "$t")" "$why" "$(cat "$tmp/1.log")"

t=$(now); : > "$tmp/afile"
why=
if "$tools/convert-tree.sh" "$tmp/t1" "$tmp/afile" > "$tmp/2.log" 2>&1; then why="convert-tree.sh accepted a file as OUT"
elif ! grep -q 'not a directory' "$tmp/2.log"; then why="no reason given: $(last "$tmp/2.log")"
fi
ktap_result out_is_a_file "$(since "$t")" "$why" "$(cat "$tmp/2.log")"

# (root writes anywhere: as another user)
t=$(now)
mkdir -p "$tmp/ro" && chmod 555 "$tmp/ro"
why=
if as_user "$tmp/tool/cocci/tools/convert-tree.sh" "$tmp/t1" "$tmp/ro" > "$tmp/3.log" 2>&1; then why="convert-tree.sh accepted a read-only OUT (as $who)"
elif ! grep -q 'not writable' "$tmp/3.log"; then why="no reason given: $(last "$tmp/3.log")"
fi
ktap_result out_read_only "$(since "$t")" "$why" "$(cat "$tmp/3.log")"

# OUT holding the user's own files: refused, each named, OUT as it was
t=$(now)
mkdir -p "$tmp/o10"
for f in 0001-my-own-unrelated-fix.patch 0000-cover-letter.patch series notes.txt; do echo mine > "$tmp/o10/$f"; done
ls -l "$tmp/o10" > "$tmp/o10.before"
why=
if "$tools/convert-tree.sh" "$tmp/t1" "$tmp/o10" > "$tmp/10.log" 2>&1; then why="convert-tree.sh wrote into an OUT holding the user's files"
elif [ "$(ls -l "$tmp/o10")" != "$(cat "$tmp/o10.before")" ] || [ "$(cat "$tmp/o10"/*)" != "$(printf 'mine\nmine\nmine\nmine')" ]; then
	why="OUT changed: $(ls "$tmp/o10" | tr '\n' ' ')"
else
	for f in 0001-my-own-unrelated-fix.patch 0000-cover-letter.patch series notes.txt; do
		grep -q -- " $f" "$tmp/10.log" || why="the error does not name $f: $(last "$tmp/10.log")"
	done
fi
ktap_result out_foreign_files_refused "$(since "$t")" "$why" "$(cat "$tmp/10.log")"

# an earlier series of ours in OUT (its manifest lists it), as a run leaves it
earlier() { # dir
	mkdir -p "$1"
	echo old > "$1/0001-old.patch"; echo 0001-old.patch > "$1/series"; echo old > "$1/report.txt"
	printf '0001-old.patch\nreport.txt\nseries\n' > "$1/.convert-tree"
}

# a failing spatch: OUT keeps what it had, no empty report beside it
t=$(now)
mkdir -p "$tmp/fake"
printf '#!/bin/sh\n[ "$1" != --version ] || { echo "spatch version 1.1.1"; exit 0; }\necho "fake spatch fails" >&2\nexit 1\n' > "$tmp/fake/spatch"
chmod +x "$tmp/fake/spatch"
earlier "$tmp/o4"
why=
if PATH="$tmp/fake:$PATH" "$tools/convert-tree.sh" "$tmp/t1" "$tmp/o4" > "$tmp/4.log" 2>&1; then why="convert-tree.sh succeeded with a failing spatch"
elif [ "$(cat "$tmp/o4/0001-old.patch" "$tmp/o4/series" "$tmp/o4/report.txt" 2>/dev/null)" != "old
0001-old.patch
old" ]; then why="a failed run changed OUT"
elif ! grep -q 'spatch failed' "$tmp/4.log"; then why="no reason given: $(last "$tmp/4.log")"
fi
ktap_result out_kept_when_run_fails "$(since "$t")" "$why" "$(cat "$tmp/4.log")" "$(ls -l "$tmp/o4")"

# a run that converts nothing: the earlier patches go (git am OUT/*.patch)
t=$(now)
mkdir -p "$tmp/t5/kernel"
printf 'int nothing_here(void)\n{\n\treturn 0;\n}\n' > "$tmp/t5/kernel/plain.c"
why=
if ! "$tools/convert-tree.sh" "$tmp/t1" "$tmp/o5" > "$tmp/5.log" 2>&1; then why="the first run failed: $(last "$tmp/5.log")"
elif ! ls "$tmp/o5"/*.patch >/dev/null 2>&1; then why="the first run wrote no patch"
elif ! "$tools/convert-tree.sh" "$tmp/t5" "$tmp/o5" >> "$tmp/5.log" 2>&1; then why="convert-tree.sh refused its own earlier series: $(last "$tmp/5.log")"
elif ls "$tmp/o5"/*.patch >/dev/null 2>&1; then why="old patches left in OUT: $(ls "$tmp/o5")"
elif [ -s "$tmp/o5/series" ] || [ ! -e "$tmp/o5/series" ]; then why="OUT/series is not empty"
fi
ktap_result out_cleared_when_nothing_converts "$(since "$t")" "$why" "$(cat "$tmp/5.log")"

# --- a read-only tree of another user: scan.sh, convert-tree.sh and plain
# spatch --jobs 2 from a writable directory, as a user who cannot write it
# (root: as nobody, with the tools copied where nobody reads them; else as
# ourselves); nothing may be written into TREE -------------------------------
t=$(now)
mkdir -p "$tmp/rotree"
tree "$tmp/rotree"
chmod -R a-w "$tmp/rotree"
ls -lR "$tmp/rotree" > "$tmp/ro.before"
why=
if ! as_user "$tmp/tool/cocci/tools/scan.sh" "$tmp/rotree" > "$tmp/ro.scan" 2> "$tmp/ro.err"; then
	why="scan.sh failed as $who: $(last "$tmp/ro.err")"
elif [ "$(cat "$tmp/ro.scan")" != "$expect" ]; then why="scan.sh as $who: report differs from the fixture's"
elif ! as_user "$tmp/tool/cocci/tools/convert-tree.sh" "$tmp/rotree" "$tmp/user/out" > "$tmp/ro.conv" 2>> "$tmp/ro.err"; then
	why="convert-tree.sh failed as $who: $(last "$tmp/ro.err")"
elif [ "$(grep -c . "$tmp/user/out/series")" != 1 ]; then why="convert-tree.sh as $who: not one patch"
elif ! (cd "$tmp/user" && as_user spatch --sp-file "$tmp/tool/cocci/api/sysdev_to_syscore_ops.cocci" \
		-D patch --jobs 2 --very-quiet --dir "$tmp/rotree") > "$tmp/ro.diff" 2>> "$tmp/ro.err"; then
	why="spatch --jobs 2 --dir TREE failed as $who: $(last "$tmp/ro.err")"
elif ! grep -q '^+++ b/arch/x/irq_class.c$' "$tmp/ro.diff"; then why="spatch as $who: no diff of arch/x/irq_class.c"
elif [ "$(ls -lR "$tmp/rotree")" != "$(cat "$tmp/ro.before")" ]; then why="TREE changed: $(ls -lR "$tmp/rotree" | diff "$tmp/ro.before" - | head -3 | tr '\n' ' ')"
fi
chmod -R u+w "$tmp/rotree"
ktap_result read_only_tree_other_user "$(since "$t")" "$why" "as $who" "$(cat "$tmp/ro.err")"

# --- the entry point copied without its helpers ----------------------------
t=$(now)
mkdir -p "$tmp/alone"
cp "$api/sysdev_to_syscore_ops.cocci" "$tmp/alone/"
(cd "$tmp/t1" && spatch --sp-file "$tmp/alone/sysdev_to_syscore_ops.cocci" -D report --very-quiet --dir .) \
	> "$tmp/alone.out" 2> "$tmp/alone.err" && st=0 || st=$?
why=
if [ "$st" = 0 ]; then why="spatch exited 0 without the helpers"
elif ! grep -q "helpers are not beside it in $tmp/alone; copy them with it: cp cocci/api/\* $tmp/alone/" "$tmp/alone.err"; then
	why="the error does not say to copy the helpers: $(last "$tmp/alone.err")"
fi
ktap_result entry_without_helpers "$(since "$t")" "$why" "$(cat "$tmp/alone.err")"

# --- syscore.sh patch without files ------------------------------------------
t=$(now)
tree "$tmp/t6"
why=
if (cd "$tmp/t6" && "$api/syscore.sh" patch) > "$tmp/6.log" 2>&1; then why="syscore.sh patch ran without files"
elif ! grep -q 'name the files' "$tmp/6.log"; then why="no reason given: $(last "$tmp/6.log")"
elif ! cmp -s "$fixture" "$tmp/t6/arch/x/irq_class.c"; then why="the files of the current directory were rewritten"
fi
ktap_result patch_needs_files "$(since "$t")" "$why" "$(cat "$tmp/6.log")"

# --- file discovery and the environment -----------------------------------
scan_check() { # name dir [env...]: scan.sh DIR must print the fixture's report
	name=$1 dir=$2
	shift 2
	t=$(now)
	why=
	env "$@" "$tools/scan.sh" "$dir" > "$tmp/$name.out" 2> "$tmp/$name.err" || why="scan.sh failed: $(last "$tmp/$name.err")"
	[ -n "$why" ] || [ "$(cat "$tmp/$name.out")" = "$expect" ] || why="report differs from the fixture's"
	ktap_result "$name" "$(since "$t")" "$why" "$(cat "$tmp/$name.out" "$tmp/$name.err")"
}
printf '@@\n@@\n- return 0;\n' > "$tmp/other.cocci"
scan_check exported_cocci_ignored "$tmp/t6" COCCI="$tmp/other.cocci"

mkdir -p "$tmp/repo"
git -C "$tmp/repo" init -q
echo x > "$tmp/repo/tracked"
git -C "$tmp/repo" add tracked
# shellcheck disable=SC2086
git -C "$tmp/repo" $IDENT commit -q -m x
tree "$tmp/repo/sub/linux"
scan_check tree_in_other_git_repo "$tmp/repo/sub/linux"

mkdir -p "$tmp/real" "$tmp/forest/arch"
tree "$tmp/real"
ln -s "$tmp/real/arch/x" "$tmp/forest/arch/x"
scan_check symlink_forest "$tmp/forest"

# a DOS file keeps its line endings, also on the lines spatch adds
t=$(now)
mkdir -p "$tmp/t8/arch/x"
sed 's/$/\r/' "$fixture" > "$tmp/t8/arch/x/irq_class.c"
opts=$(sed -n 's|^// Options:||p' "$api/sysdev_to_syscore_ops.cocci")
# shellcheck disable=SC2086
(cd "$tmp/t8" && spatch --sp-file "$api/sysdev_to_syscore_ops.cocci" -D patch --very-quiet $opts --dir .) \
	> "$tmp/8.diff" 2> "$tmp/8.err" && st=0 || st=$?
why=
if [ "$st" != 0 ]; then why="spatch failed: $(last "$tmp/8.err")"
elif ! (cd "$tmp/t8" && patch -p1 -s) < "$tmp/8.diff" > "$tmp/8.log" 2>&1; then why="the diff does not apply: $(last "$tmp/8.log")"
elif cmp -s "$fixture" "$tmp/t8/arch/x/irq_class.c"; then why="not converted"
else
	crlf=$(grep -c "$(printf '\r')\$" "$tmp/t8/arch/x/irq_class.c" || true)
	lines=$(wc -l < "$tmp/t8/arch/x/irq_class.c")
	[ "$crlf" = "$lines" ] || why="$((lines - crlf)) of $lines lines without CR LF in a CR LF file"
fi
ktap_result crlf_line_endings "$(since "$t")" "$why" "$(cat "$tmp/8.err")"

# convert-tree.sh on it says how to apply its series, and that applies it
t=$(now)
sed 's/$/\r/' "$fixture" > "$tmp/t8/arch/x/irq_class.c"
"$tools/convert-tree.sh" "$tmp/t8" "$tmp/o8" > "$tmp/8c.log" 2>&1 && st=0 || st=$?
am=$(sed -n 's/.*apply with: \(git am --keep-cr\) .*/\1/p' "$tmp/8c.log")
why=
if [ "$st" != 0 ]; then why="convert-tree.sh failed: $(last "$tmp/8c.log")"
elif [ -z "$am" ]; then why="convert-tree.sh does not say how to apply a CR LF series"
else
	# shellcheck disable=SC2086
	am_series "$tmp/t8" "$tmp/o8" "$tmp/t8am" ${am#git am} || why="$am failed: $(head -1 "$tmp/t8am.log")"
	[ -n "$why" ] || ! cmp -s "$tmp/t8/arch/x/irq_class.c" "$tmp/t8am/arch/x/irq_class.c" || why="not converted"
fi
ktap_result crlf_series_applies "$(since "$t")" "$why" "$(cat "$tmp/8c.log")"

# a file spatch cannot parse: the console says which, in one line
t=$(now)
mkdir -p "$tmp/t11/arch/x"
cp "$fixtures/unparsable_callback.c" "$tmp/t11/arch/x/"
"$tools/convert-tree.sh" "$tmp/t11" "$tmp/o11" > "$tmp/11.log" 2>&1 && st=0 || st=$?
why=
if [ "$st" != 0 ]; then why="convert-tree.sh failed: $(last "$tmp/11.log")"
elif ! grep -q '^convert-tree: 1 not converted (.*); spatch cannot parse arch/x/unparsable_callback.c:16$' "$tmp/11.log"; then
	why="the console does not name the file spatch cannot parse and its line"
fi
ktap_result unparsable_on_console "$(since "$t")" "$why" "$(cat "$tmp/11.log")"

# --- convert-tree.sh's series: a file name with a space, in an ARM machine
# directory, without a git identity ---------------------------------------
t=$(now)
mkdir -p "$tmp/t7/arch/arm/mach-foo" "$tmp/home"
cp "$fixture" "$tmp/t7/arch/arm/mach-foo/irq class.c"
HOME=$tmp/home GIT_CONFIG_NOSYSTEM=1 "$tools/convert-tree.sh" "$tmp/t7" "$tmp/o7" > "$tmp/7.log" 2>&1 && st=0 || st=$?
secs=$(since "$t")
why=
if [ "$st" != 0 ]; then why="convert-tree.sh failed: $(last "$tmp/7.log")"
elif [ "$(grep -c . "$tmp/o7/series")" != 1 ]; then why="not one patch: $(cat "$tmp/o7/series")"
else
	am_series "$tmp/t7" "$tmp/o7" "$tmp/t7am" || why="git am failed: $(head -1 "$tmp/t7am.log")"
	[ -n "$why" ] || ! cmp -s "$fixture" "$tmp/t7am/arch/arm/mach-foo/irq class.c" || why="irq class.c not converted"
	# the report names the file, not its scratch copy (irq_class.c)
	[ -n "$why" ] || grep -q '^arch/arm/mach-foo/irq class\.c:[0-9]' "$tmp/o7/report.txt" ||
		why="report.txt does not name irq class.c: $(head -1 "$tmp/o7/report.txt")"
fi
ktap_result space_in_file_name "$secs" "$why" "$(cat "$tmp/7.log")"
patch7=$(cat "$tmp/o7"/*.patch 2>/dev/null || true)
# its message tells what it converts: the plan the message is written
# from names the file, not its scratch copy
why=
echo "$patch7" | grep -q '^- The sysdev class i8259_sysdev_class becomes struct syscore_ops$' ||
	why="the message does not say what becomes of i8259_sysdev_class"
ktap_result message_space_in_file_name 0 "$why" "$(echo "$patch7" | sed -n '/^Subject:/,/^Generated by/p')"
why=
echo "$patch7" | grep -q '^Subject: \[PATCH\] ARM: foo: Use syscore_ops' || why="subject: $(echo "$patch7" | grep '^Subject:')"
ktap_result subject_prefix 0 "$why"
why=
if ! echo "$patch7" | grep -q 'spatch --sp-file scripts/coccinelle/api/sysdev_to_syscore_ops.cocci'; then why="the command is not in the message"
elif echo "$patch7" | grep -q "$tmp"; then why="the message names the user's local paths"
fi
ktap_result command_without_local_paths 0 "$why" "$(echo "$patch7" | grep -n "convert-tree" || true)"
why=
if echo "$patch7" | grep -q '^Signed-off-by:'; then why="a Signed-off-by without a git identity: $(echo "$patch7" | grep '^Signed-off-by:')"
elif ! grep -q 'no git identity' "$tmp/7.log"; then why="convert-tree.sh does not say that the Signed-off-by is left out"
fi
ktap_result no_invented_signoff 0 "$why" "$(cat "$tmp/7.log")"

# the user's identity as git reads it (GIT_AUTHOR_*): From: is theirs, a
# Signed-off-by only with -s, and then theirs
t=$(now)
jane() { env HOME="$tmp/home" GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_NAME="Jane Dev" GIT_AUTHOR_EMAIL=jane@example.org "$@"; }
why=
if ! jane "$tools/convert-tree.sh" "$tmp/t1" "$tmp/o12" > "$tmp/12.log" 2>&1; then why="convert-tree.sh failed: $(last "$tmp/12.log")"
elif ! jane "$tools/convert-tree.sh" -s "$tmp/t1" "$tmp/o13" >> "$tmp/12.log" 2>&1; then why="convert-tree.sh -s failed: $(last "$tmp/12.log")"
else
	p12=$(cat "$tmp/o12"/*.patch) p13=$(cat "$tmp/o13"/*.patch)
	if ! echo "$p12" | grep -qx 'From: Jane Dev <jane@example.org>'; then why="From: is not the user's: $(echo "$p12" | grep '^From:')"
	elif echo "$p12" | grep -q '^Signed-off-by:'; then why="a Signed-off-by without -s: $(echo "$p12" | grep '^Signed-off-by:')"
	elif [ "$(echo "$p13" | grep -c '^Signed-off-by:')" != 1 ] || ! echo "$p13" | grep -qx 'Signed-off-by: Jane Dev <jane@example.org>'; then
		why="-s did not add the user's Signed-off-by once: $(echo "$p13" | grep '^Signed-off-by:' | tr '\n' ' ')"
	fi
fi
ktap_result signoff_only_when_asked "$(since "$t")" "$why" "$(cat "$tmp/12.log")"

# -s without an identity: refused before anything is written
t=$(now)
why=
if HOME=$tmp/home GIT_CONFIG_NOSYSTEM=1 "$tools/convert-tree.sh" -s "$tmp/t1" "$tmp/o14" > "$tmp/14.log" 2>&1; then why="convert-tree.sh -s ran without an identity"
elif ! grep -q -- '-s: git knows no identity' "$tmp/14.log"; then why="no reason given: $(last "$tmp/14.log")"
elif [ -e "$tmp/o14" ]; then why="OUT was created"
fi
ktap_result signoff_needs_identity "$(since "$t")" "$why" "$(cat "$tmp/14.log")"

# --- convert-tree.sh's commits: what goes together, what the messages say:
# a platform's callbacks (prototype in include/plat/pm.h, a definition in
# plat-fam/ and in plat-fam2/), a class that stays for its sysfs
# (class_attrs.c), a class whose init function goes (soc_class/clk.c), a
# class with a resume callback only (resume_error.c) ------------------------
t=$(now)
mkdir -p "$tmp/t9/arch/x" "$tmp/t9/arch/y" "$tmp/t9/arch/z"
cp -r "$fixtures/shape1_per_platform/." "$tmp/t9/"
cp -r "$fixtures/soc_class/." "$tmp/t9/arch/x/"
cp "$fixtures/class_attrs.c" "$tmp/t9/arch/y/class_attrs.c"
cp "$fixtures/resume_error.c" "$tmp/t9/arch/z/resume_error.c"
"$tools/convert-tree.sh" "$tmp/t9" "$tmp/o9" > "$tmp/9.log" 2>&1 && st=0 || st=$?
secs=$(since "$t")
patch_of() { # file: the patch of o9 that changes it
	grep -l "^+++ b/$1\$" "$tmp/o9"/*.patch 2>/dev/null | head -1
}
why=
if [ "$st" != 0 ]; then why="convert-tree.sh failed: $(last "$tmp/9.log")"
else
	pm=$(patch_of include/plat/pm.h)
	for f in plat-fam/irq-pm.c plat-fam2/irq-pm.c; do
		[ -n "$why" ] || [ "$(patch_of "$f")" = "$pm" ] ||
			why="include/plat/pm.h changes in ${pm##*/}, its definition in $f in $(basename "$(patch_of "$f")")"
	done
fi
ktap_result commit_keeps_prototype_with_definitions "$secs" "$why" "$(cat "$tmp/o9/series" 2>/dev/null)"
why=
msg=$(sed -n '/^Subject:/,/^---$/p' "$(patch_of arch/y/class_attrs.c)" 2>/dev/null)
if [ -z "$msg" ]; then why="no patch changes arch/y/class_attrs.c"
elif echo "$msg" | grep -q 'exist only'; then why="the message says the class exists only for PM, but it stays for its sysfs"
elif echo "$msg" | tr '\n' ' ' | grep -q 'registered by[ ]*clk_init_sysfs()[ ]*instead'; then
	why="the message says the ops is registered instead, but the class registration stays"
fi
ktap_result message_class_stays 0 "$why" "$msg"
why=
msg=$(sed -n '/^Subject:/,/^---$/p' "$(patch_of arch/x/clk.c)" 2>/dev/null | tr '\n' ' ')
if [ -z "$msg" ]; then why="no patch changes arch/x/clk.c"
elif ! echo "$msg" | grep -q 'soc_clk_init(),[ -]*which only registered what is gone,[ -]*goes with its[ -]*initcall'; then
	why="the message does not say that soc_clk_init() and its initcall go"
fi
ktap_result message_initcall_gone 0 "$why" "$msg"
# only what the diff does: a resume callback never had a pm_message_t, and
# a class without shutdown has no shutdown callback to speak of
why=
msg=$(sed -n '/^Subject:/,/^---$/p' "$(patch_of arch/z/resume_error.c)" 2>/dev/null | tr '\n' ' ')
if [ -z "$msg" ]; then why="no patch changes arch/z/resume_error.c"
elif echo "$msg" | grep -q 'pm_message_t'; then why="the message says a pm_message_t goes, but hpet_resume() never had one"
elif echo "$msg" | grep -q 'shutdown'; then why="the message speaks of shutdown, but hpet_sysclass has no shutdown callback"
elif ! echo "$msg" | grep -q 'hpet_resume() loses its struct sys_device \*[ ]*argument and returns void'; then
	why="the message does not say that hpet_resume() loses its struct sys_device * and returns void"
fi
ktap_result message_resume_only 0 "$why" "$msg"
ktap_end

#!/bin/sh
# convert-tree.sh - convert a whole kernel tree's sysdev PM to syscore_ops,
# as a git am-able series.
#
# Usage: convert-tree.sh [-s] [-n] TREE OUT
#   -s   add a Signed-off-by of your git identity (as git commit -s does)
#   -n   no To:/Cc: in the patches
#   --exec CMD, -x CMD
#        then apply the series, one patch at a time, to a copy of TREE
#        (TMPDIR) and run CMD (sh -c, in the copy's top directory) after
#        each, as git rebase -x does: the first patch where CMD fails is
#        named and the exit status is 1.  TREE and OUT are not touched by
#        it (OUT holds the series either way).
#
# TREE is not touched (it may be read-only: spatch's and our temporary
# files go under TMPDIR).  The semantic patch converts it as a kernel
# developer would run it (spatch --sp-file sysdev_to_syscore_ops.cocci
# -D patch --dir TREE: the same diff as make coccicheck MODE=patch); the
# diff is applied to a scratch git repository holding the files it
# touches, and committed by MAINTAINERS entry (series.py): files of
# several entries go together only where a build link ties them (an ops
# defined in one and registered or declared in another, a prototype and
# its definitions), and the message names each link.  OUT gets
# the patches (git format-patch), "series" (their order) and "report.txt"
# (report mode on the same files: what was converted and why the rest was
# not).  OUT is written in a temporary directory and moved into place only
# when the run succeeds; it may not be inside TREE.  OUT may hold an earlier
# series of this script (listed in OUT/.convert-tree), which is replaced
# whole; any other file in OUT is refused, with its name.
# OUT also gets 0000-cover-letter.patch (what and why, how it was made,
# a table of the commits, what the semantic patch left and why, the
# diffstat, base-commit: when TREE is a git repository).  Each patch is
# addressed (To: maintainers, Cc: lists) by TREE's scripts/get_maintainer.pl
# on its files, or, where that cannot run (v2.6.38's dies on today's
# perl; GET_MAINTAINER_TIMEOUT seconds, default 60, stop a hung one), by
# MAINTAINERS read as it reads it (cocci/tools/maintainers.py); the cover
# letter to all of them.
# Apply with: cd TREE && git am --empty=drop OUT/*.patch (the cover letter
# is the empty one; git am --keep-cr where the converted files end their
# lines with CR LF: the run says so).
#
# Commits carry the identity git itself would use in TREE (git var
# GIT_AUTHOR_IDENT: GIT_AUTHOR_NAME/EMAIL, then user.name/email), else the
# project's neutral one, and the exact command in their message.  A
# Signed-off-by is the submitter's own statement (the Developer's
# Certificate of Origin): only with -s, and then theirs.
set -eu

. "$(dirname "$0")/../../lib/common.sh"
prog=convert-tree
usage="usage: convert-tree.sh [-s] [-n] [--exec CMD] TREE OUT"
sign=
recipients=1
exec_cmd=
while [ $# -gt 0 ]; do
	case $1 in
	-s) sign=1 ;;
	-n) recipients= ;;
	-x | --exec)
		[ $# -ge 2 ] && [ -n "$2" ] || die "$1 needs a command (--exec 'make -j2')"
		exec_cmd=$2
		shift ;;
	--exec=*)
		exec_cmd=${1#--exec=}
		[ -n "$exec_cmd" ] || die "--exec= needs a command" ;;
	--) shift; break ;;
	-*) echo "$usage" >&2; exit 2 ;;
	*) break ;;
	esac
	shift
done
tree=${1:?$usage}
out=${2:?$usage}
here=$TOP/cocci/tools
api=$TOP/cocci/api
[ -d "$tree" ] || die "$tree is not a directory"
tree=$(cd "$tree" && pwd)
# the identity git would use in TREE, "Name <email>" (its date cut off),
# empty when git cannot tell
who=$( (cd "$tree" && git var GIT_AUTHOR_IDENT 2>/dev/null) | sed 's/ [0-9]* [-+][0-9]*$//' || true)
[ -z "$sign" ] || [ -n "$who" ] || die "-s: git knows no identity in $tree (user.name, user.email) to sign off with"
out=$(realpath -m -- "$out")
case $out/ in
"$(realpath -- "$tree")"/*) die "OUT $out is inside TREE $tree: the tree is not touched, choose another OUT" ;;
esac
[ ! -e "$out" ] || [ -d "$out" ] || die "OUT $out exists and is not a directory"
mkdir -p "$out" 2>/dev/null || die "cannot create OUT $out"
[ -w "$out" ] || die "OUT $out is not writable"
# OUT: empty, or our own earlier series (its manifest lists every file)
manifest=.convert-tree
foreign=$(cd "$out" && ls -A | while IFS= read -r f; do
	[ "$f" != "$manifest" ] || continue
	[ -f "$manifest" ] && grep -qxF -- "$f" "$manifest" || printf ' %s' "$f"
done)
[ -z "$foreign" ] ||
	die "OUT $out holds files that are not an earlier series of convert-tree.sh:$foreign; choose an empty or new OUT"
command -v spatch >/dev/null || die "spatch not found (apt-get install coccinelle)"
# spatch's own pass over the tree in one process per core (the same
# output as one)
jobs=$(nproc 2>/dev/null || echo 1)
# the python3 of the rules' scripts, named to spatch (see syscore.sh)
py=$("$api/syscore.sh" python) || die "python3 not found (apt-get install python3)"
version=$(spatch --version | sed -n 's/^spatch version \([^ ]*\).*/\1/p')
tmp=$(mktemp -d "${TMPDIR:-/tmp}/convert-tree.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
# the command, without the user's paths
cmd="cocci/tools/convert-tree.sh LINUX OUT"

# OUT: the new series replaces the old one whole (every file the old
# manifest lists), only once the run has succeeded
publish() {
	(cd "$tmp/new" && ls -A) > "$tmp/manifest"
	if [ -f "$out/$manifest" ]; then
		(cd "$out" && tr '\n' '\0' < "$manifest" | xargs -0 rm -f -- && rm -f "$manifest")
	fi
	mv "$tmp/new"/* "$out"/
	mv "$tmp/manifest" "$out/$manifest"
}

# what the user must see of the report: how many sources stay, and the
# files spatch cannot parse (one line; the reasons are in report.txt)
refusals() {
	n=$(grep -c ': not converted: ' "$tmp/new/report.txt" || true)
	unparsable=$(sed -n 's/.*spatch cannot parse \([^ ]*\) (parse error at line \([0-9]*\),.*/\1:\2/p' \
		"$tmp/new/report.txt" | sort -u | paste -sd ' ' -)
	[ "$n" = 0 ] || echo "$prog: $n not converted (reasons: $out/report.txt)${unparsable:+; spatch cannot parse $unparsable}"
}

# headers PATCH TO CC: the patch's To: and Cc: (before its first blank line)
headers() {
	awk -v to="$2" -v cc="$3" '
		!done && /^$/ { if (to != "") print "To: " to; if (cc != "") print "Cc: " cc; done = 1 }
		{ print }' "$1" > "$1.new" && mv "$1.new" "$1"
}

# cover_letter FILE: what and why, the table of commits, the refusals,
# how it was made; To/Cc the union of the patches'; base-commit: when the
# tree is a clean git repository
cover_letter() {
	"$py" "$here/series.py" cover "$tmp/plan" "$tmp/new/report.txt" > "$tmp/blurb"
	cat >> "$tmp/blurb" <<BLURB

Generated with Coccinelle (spatch $version) and the semantic patch
scripts/coccinelle/api/sysdev_to_syscore_ops.cocci of the syscore series:

  $cmd

which runs spatch -D patch and -D report on the whole tree and cuts the
diff by MAINTAINERS entry.
BLURB
	awk -v blurb="$tmp/blurb" '
		/\*\*\* SUBJECT HERE \*\*\*/ { sub(/\*\*\* SUBJECT HERE \*\*\*/, "Use syscore_ops instead of sysdev classes and drivers") }
		/^\*\*\* BLURB HERE \*\*\*$/ { while ((getline line < blurb) > 0) print line; next }
		{ print }' "$1" > "$1.new" && mv "$1.new" "$1"
	headers "$1" "$(union to)" "$(union cc)"
	[ -n "$history" ] || return 0
	if [ -z "$(git -C "$tree" status --porcelain -uno 2>/dev/null)" ]; then
		printf '\nbase-commit: %s\n' "$(git -C "$tree" rev-parse HEAD)" >> "$1"
	else
		echo "$prog: $tree has uncommitted changes: the cover letter names no base-commit"
	fi
}

# union to|cc: the addresses of every patch, each once
union() {
	cat "$tmp/plan"/*/"$1" 2>/dev/null | tr ',' '\n' | sed 's/^ *//' | grep . | awk '!seen[$0]++' |
		paste -sd, - | sed 's/,/, /g'
}

signoff=
if [ -n "$who" ]; then
	name=${who% <*} email=${who##*<}
	email=${email%>}
	[ -z "$sign" ] || signoff="Signed-off-by: $who"
	as_author() {
		GIT_AUTHOR_NAME=$name GIT_AUTHOR_EMAIL=$email GIT_COMMITTER_NAME=$name GIT_COMMITTER_EMAIL=$email "$@"
	}
else
	# no identity: no invented Signed-off-by (the author must add theirs)
	echo "$prog: no git identity (user.name, user.email) for $tree: the commits carry no Signed-off-by; add yours (git am -s)" >&2
	as_author() {
		GIT_AUTHOR_NAME=$IDENT_NAME GIT_AUTHOR_EMAIL=$IDENT_EMAIL GIT_COMMITTER_NAME=$IDENT_NAME \
			GIT_COMMITTER_EMAIL=$IDENT_EMAIL "$@"
	}
fi
commit() { as_author git -C "$tmp/wt" commit "$@"; }

# the whole conversion, as spatch prints it: the README's command, with
# spatch's temporary directories (--jobs) in ours, not in the tree
mkdir -p "$tmp/run"
spatch --sp-file "$api/sysdev_to_syscore_ops.cocci" --python "$py" --jobs "$jobs" \
	--tmp-dir "$tmp/spatch" -D patch -D keep="$tmp/run" --very-quiet --dir "$tree" > "$tmp/all.diff" ||
	die "spatch failed on $tree"
sed -n 's|^+++ b/||p' "$tmp/all.diff" | sed 's/	$//' > "$tmp/changed"
mkdir -p "$tmp/new"
cp "$tmp/run/report.txt" "$tmp/new/report.txt" 2>/dev/null || : > "$tmp/new/report.txt"
if [ ! -s "$tmp/changed" ]; then
	echo "$prog: nothing to convert in $tree"
	refusals
	: > "$tmp/new/series"
	publish
	exit 0
fi

mkdir -p "$tmp/wt"
while read -r f; do
	mkdir -p "$tmp/wt/$(dirname "$f")"
	cp "$tree/$f" "$tmp/wt/$f"
done < "$tmp/changed"
git -C "$tmp/wt" init -q
git -C "$tmp/wt" add -A
# shellcheck disable=SC2086
git -C "$tmp/wt" $IDENT commit -q -m base
base=$(git -C "$tmp/wt" rev-parse HEAD)
(cd "$tmp/wt" && patch -p1 -s --no-backup-if-mismatch) < "$tmp/all.diff" ||
	die "the diff of spatch does not apply to $tree"
echo "$prog: $(grep -c . "$tmp/changed" || true) files converted"
refusals

# the commits (series.py): one per MAINTAINERS area, areas joined only by
# a build link the message names; each in $tmp/plan/NNNN/
maint=-
[ -f "$tree/MAINTAINERS" ] && maint=$tree/MAINTAINERS ||
	echo "$prog: $tree has no MAINTAINERS: one commit per directory, no To/Cc"
history=
git -C "$tree" rev-parse --verify -q HEAD >/dev/null 2>&1 && history=$tree
# (series.py also writes each commit's subject, body and MAINTAINERS
# recipients: one process for the series)
"$py" "$here/series.py" plan "$tmp/run/plan.json" "$tmp/changed" "$maint" "$history" "$tmp/plan" "$tmp/wt" ||
	die "cannot cut the converted files into commits (series.py failed)"

for c in "$tmp/plan"/*/; do
	git -C "$tmp/wt" add --pathspec-from-file="$c/files"
	area=$(cat "$c/scope")
	commit -q -F - <<MSG
$(cat "$c/subject")

$(cat "$c/body")
$([ ! -s "$c/links" ] || printf '\n%s' "$(cat "$c/links")")

Generated with Coccinelle (spatch $version) and the semantic patch
scripts/coccinelle/api/sysdev_to_syscore_ops.cocci (installed from the
syscore series' cocci/api/):

  spatch --sp-file scripts/coccinelle/api/sysdev_to_syscore_ops.cocci \\
	-D patch --dir .

$(echo "This commit is that diff's part in $area." | fold -s -w 72 | sed 's/ *$//')
${signoff:+
$signoff}
MSG
done

# To/Cc of each patch: the tree's scripts/get_maintainer.pl on its files
# (MAINTAINERS only, no git history), else MAINTAINERS as maintainers.py
# reads it (an old tree's script can die on today's perl)
gm=
if [ -z "$recipients" ]; then
	:
elif [ -f "$tree/scripts/get_maintainer.pl" ] && [ "$maint" != - ]; then
	gm=$tree/scripts/get_maintainer.pl
elif [ "$maint" != - ]; then
	echo "$prog: $tree has no scripts/get_maintainer.pl: To/Cc from MAINTAINERS"
fi
gm_timeout=${GET_MAINTAINER_TIMEOUT:-60}
for c in "$tmp/plan"/*/; do
	[ -n "$recipients" ] && [ "$maint" != - ] || break
	if [ -n "$gm" ]; then
		(cd "$tree" && set -- && while IFS= read -r f; do set -- "$@" "$f"; done < "$c/files" &&
			exec timeout "$gm_timeout" perl "$gm" --no-git --no-git-fallback --rolestats -f "$@") \
			> "$c/gm" 2> "$tmp/gm.err" && st=0 || st=$?
		if [ "$st" = 0 ]; then
			# "ADDRESS (ROLE:ENTRY)": maintainers, supporters and odd
			# fixers are To, lists and reviewers Cc
			sed -E 's/^(.*>|[^ <>]+@[^ <>]+) \((.*)\)$/\1\t\2/' "$c/gm" > "$c/roles"
			awk -F '\t' '$2 ~ /^(maintainer|supporter|odd fixer)/ { print $1 }' "$c/roles" |
				paste -sd, - | sed 's/,/, /g' > "$c/to"
			awk -F '\t' '$2 !~ /^(maintainer|supporter|odd fixer)/ { print $1 }' "$c/roles" |
				paste -sd, - | sed 's/,/, /g' > "$c/cc"
			continue
		fi
		why=$(grep -m1 . "$tmp/gm.err" | sed "s/ at [^ ]* line [0-9]*\.\{0,1\}$//" | cut -c1-100)
		[ "$st" != 124 ] || why="it did not finish in $gm_timeout s"
		echo "$prog: scripts/get_maintainer.pl failed ($why): To/Cc from MAINTAINERS instead"
		gm=
	fi
	sed -n 's/^To: //p' "$c/rcpt" > "$c/to"
	sed -n 's/^Cc: //p' "$c/rcpt" > "$c/cc"
done

# the patches, each with its To/Cc, and for two or more a cover letter
# addressed to all of them (a single patch goes without one, as in the
# kernel's practice)
n=$(ls "$tmp/plan" | grep -c .)
cl=
[ "$n" -lt 2 ] || cl=--cover-letter
git -C "$tmp/wt" config format.coverLetter false
as_author git -C "$tmp/wt" format-patch -q --no-signature $cl -o "$tmp/new" "$base..HEAD"
set -- "$tmp/new"/0*.patch
[ -z "$cl" ] || shift
for c in "$tmp/plan"/*/; do
	headers "$1" "$(cat "$c/to" 2>/dev/null)" "$(cat "$c/cc" 2>/dev/null)"
	shift
done
[ -z "$cl" ] || cover_letter "$tmp/new/0000-cover-letter.patch"
# series: the patches in order (not the cover letter)
(cd "$tmp/new" && ls ./*.patch 2>/dev/null | sed 's|^\./||' | grep -v '^0000-cover-letter' > series) ||
	: > "$tmp/new/series"
publish
n=$(grep -c . "$out/series" || true)
[ "$n" = 1 ] && patches=patch || patches=patches
echo "$prog: $n $patches in $out (report: $out/report.txt)"
# a DOS file's patch keeps its CR LF lines, which git am strips unless told
crlf=$(while IFS= read -r f; do
	[ "$(grep -c "$(printf '\r')\$" "$tree/$f" || true)" = 0 ] || printf ' %s' "$f"
done < "$tmp/changed")
[ -z "$crlf" ] ||
	echo "$prog: files with CR LF line endings:$crlf; apply with: git am --keep-cr --empty=drop $out/*.patch"

# --exec: the series, patch by patch, on a copy of the tree
[ -n "$exec_cmd" ] || exit 0
echo "$prog: --exec: copying $tree to a scratch tree"
mkdir "$tmp/exec"
(cd "$tree" && tar cf - --exclude=./.git .) | (cd "$tmp/exec" && tar xf -) ||
	die "--exec: cannot copy $tree to $tmp/exec"
git -C "$tmp/exec" init -q
git -C "$tmp/exec" add -A
# shellcheck disable=SC2086
git -C "$tmp/exec" $IDENT commit -q -m "$(basename "$tree") as it was"
n=$(grep -c . "$out/series" || true)
i=0
while IFS= read -r p; do
	i=$((i + 1))
	# shellcheck disable=SC2086
	git -C "$tmp/exec" $IDENT am -q --keep-cr "$out/$p" > "$tmp/am.log" 2>&1 ||
		die "--exec: patch $i/$n $p does not apply to the copy of $tree: $(head -1 "$tmp/am.log")"
	echo "$prog: --exec [$i/$n] $(git -C "$tmp/exec" log -1 --format=%s): $exec_cmd"
	if ! (cd "$tmp/exec" && sh -c "$exec_cmd") < /dev/null; then
		echo "$prog: --exec: '$exec_cmd' fails at patch $i/$n: $p" >&2
		echo "$prog: the series is in $out; $tree is untouched" >&2
		exit 1
	fi
done < "$out/series"
echo "$prog: --exec: '$exec_cmd' passes at each of the $n patches"

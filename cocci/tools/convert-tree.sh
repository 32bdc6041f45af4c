#!/bin/sh
# convert-tree.sh - convert a whole kernel tree's sysdev PM to syscore_ops,
# as a git am-able series.
#
# Usage: convert-tree.sh [-s] TREE OUT
#   -s   add a Signed-off-by of your git identity (as git commit -s does)
#
# TREE is not touched (it may be read-only: spatch's and our temporary
# files go under TMPDIR).  The semantic patch converts it as a kernel
# developer would run it (spatch --sp-file sysdev_to_syscore_ops.cocci
# -D patch --dir TREE: the same diff as make coccicheck MODE=patch); the
# diff is applied to a scratch git repository holding the files it
# touches, and committed by subsystem directory: the files that must change
# together (an ops, the header that declares it, the files that register
# it) are in one commit, named after the directory they share.  OUT gets
# the patches (git format-patch), "series" (their order) and "report.txt"
# (report mode on the same files: what was converted and why the rest was
# not).  OUT is written in a temporary directory and moved into place only
# when the run succeeds; it may not be inside TREE.  OUT may hold an earlier
# series of this script (listed in OUT/.convert-tree), which is replaced
# whole; any other file in OUT is refused, with its name.
# Apply with: cd TREE && git am OUT/*.patch (git am --keep-cr where the
# converted files end their lines with CR LF: the run says so).
#
# Commits carry the identity git itself would use in TREE (git var
# GIT_AUTHOR_IDENT: GIT_AUTHOR_NAME/EMAIL, then user.name/email), else the
# project's neutral one, and the exact command in their message.  A
# Signed-off-by is the submitter's own statement (the Developer's
# Certificate of Origin): only with -s, and then theirs.
set -eu

. "$(dirname "$0")/../../lib/common.sh"
prog=convert-tree
usage="usage: convert-tree.sh [-s] TREE OUT"
sign=
while getopts s opt; do
	case $opt in
	s) sign=1 ;;
	*) echo "$usage" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
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

signoff=
if [ -n "$who" ]; then
	name=${who% <*} email=${who##*<}
	email=${email%>}
	[ -z "$sign" ] || signoff="Signed-off-by: $who"
	commit() {
		GIT_AUTHOR_NAME=$name GIT_AUTHOR_EMAIL=$email GIT_COMMITTER_NAME=$name GIT_COMMITTER_EMAIL=$email \
			git -C "$tmp/wt" commit "$@"
	}
else
	# no identity: no invented Signed-off-by (the author must add theirs)
	echo "$prog: no git identity (user.name, user.email) for $tree: the commits carry no Signed-off-by; add yours (git am -s)" >&2
	# shellcheck disable=SC2086
	commit() { git -C "$tmp/wt" $IDENT commit "$@"; }
fi

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

# the commits (series.py: files linked by a directory, an ops or a
# declared callback go together), one line each: the subsystem's
# directory, then its files, tab-separated (a file name may hold spaces)
"$py" "$here/series.py" commits "$tmp/run/plan.json" "$tmp/changed" > "$tmp/commits"

while IFS= read -r line; do
	dir=${line%%	*}
	printf '%s\n' "${line#*	}" | tr '\t' '\n' > "$tmp/group"
	tr '\n' '\0' < "$tmp/group" | xargs -0 "$py" "$here/describe-plan.py" --tree "$tmp/wt" "$tmp/run/plan.json" > "$tmp/body"
	subject=$("$py" "$here/series.py" subject "$dir" "$(head -1 "$tmp/body")") ||
		die "no commit subject for ${dir:-the top directory}"
	git -C "$tmp/wt" add --pathspec-from-file="$tmp/group"
	commit -q -F - <<MSG
$subject

$(sed 1d "$tmp/body")

Generated by the semantic patches in cocci/ (spatch $version):

  $cmd

which runs "spatch --sp-file sysdev_to_syscore_ops.cocci -D patch" on
the tree and commits the result by subsystem; this commit is its part
in ${dir:-the top directory}.
${signoff:+
$signoff}
MSG
done < "$tmp/commits"

git -C "$tmp/wt" format-patch -q --no-signature -o "$tmp/new" "$base..HEAD"
(cd "$tmp/new" && ls ./*.patch 2>/dev/null | sed 's|^\./||' > series) || : > "$tmp/new/series"
publish
echo "$prog: $(grep -c . "$out/series" || true) patches in $out (report: $out/report.txt)"
# a DOS file's patch keeps its CR LF lines, which git am strips unless told
crlf=$(while IFS= read -r f; do
	[ "$(grep -c "$(printf '\r')\$" "$tree/$f" || true)" = 0 ] || printf ' %s' "$f"
done < "$tmp/changed")
[ -z "$crlf" ] ||
	echo "$prog: files with CR LF line endings:$crlf; apply with: git am --keep-cr $out/*.patch"

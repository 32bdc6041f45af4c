#!/bin/sh
# make-conversions.sh - generate the conversion series with the semantic patches.
#
# Usage: make-conversions.sh BUILD_DIR OUTDIR
#
# In a scratch worktree of BUILD_DIR/linux: the pristine tag plus
# base-patches/series (the legacy baseline); then, for each line of
# cocci/tools/conversions.list, cocci/api/syscore.sh in patch mode on that file and
# one commit whose message says what the conversion does (from the plan
# the semantic patches followed) and gives the exact command and spatch
# version; then the removal of the sysdev layer (the inverse of the base
# patch that added it: no semantic patch removes a core interface).  A
# line "manual<TAB>NAME<TAB>subject" is a commit made by hand instead:
# cocci/manual/NAME says which files it takes back to $PRISTINE (a
# "Files:" line) and why (the rest, the commit message body).  The
# series is written to OUTDIR as git format-patch files plus "series".
# Dates are fixed, so the same inputs give the same patches.
set -eu

. "$(dirname "$0")/../../lib/common.sh"
prog=make-conversions
build=${1:?usage: make-conversions.sh BUILD_DIR OUTDIR}
outdir=${2:?usage: make-conversions.sh BUILD_DIR OUTDIR}
mkdir -p "$outdir" && outdir=$(cd "$outdir" && pwd)
here=$TOP/cocci/tools
api=$TOP/cocci/api
build=$(cd "$build" && pwd)
tree=$build/linux
wt=$build/conversions-wt
export GIT_AUTHOR_DATE=2026-01-01T00:00:00Z GIT_COMMITTER_DATE=2026-01-01T00:00:00Z
command -v spatch >/dev/null || die "spatch not found (apt-get install coccinelle)"
version=$(spatch --version | sed -n 's/^spatch version \([^ ]*\).*/\1/p')

git -C "$tree" rev-parse -q --verify "refs/tags/$PRISTINE" >/dev/null ||
	die "no pristine tree in $tree (run make tree)"

# A scratch worktree, so that build/linux and its builds are not touched.
git -C "$tree" worktree remove --force "$wt" 2>/dev/null || rm -rf "$wt"
git -C "$tree" worktree prune
echo "$prog: checking out the baseline in $wt"
git -C "$tree" worktree add -q --detach "$wt" "$PRISTINE"
keep=$(mktemp -d "${TMPDIR:-/tmp}/make-conversions.XXXXXX")
trap 'git -C "$tree" worktree remove --force "$wt" 2>/dev/null || true; rm -rf "$keep"' EXIT

for p in $(series_patches "$TOP/base-patches"); do
	# shellcheck disable=SC2086
	git -C "$wt" $IDENT am -q --committer-date-is-author-date "$p" ||
		die "base patch $(basename "$p") does not apply"
done
baseline=$(git -C "$wt" rev-parse HEAD)
# the base patch that added drivers/base/sys.c
sysdev_patch=$(git -C "$wt" log --diff-filter=A --format=%H "$PRISTINE..HEAD" -- drivers/base/sys.c)
[ -n "$sysdev_patch" ] || die "no base patch adds drivers/base/sys.c"

n=0
# manual NAME SUBJECT: the files cocci/manual/NAME names, back to $PRISTINE
manual() {
	m=$here/manual/$1
	[ -f "$m" ] || die "conversions.list names manual/$1, which does not exist"
	files=$(sed -n 's/^Files: *//p' "$m")
	[ -n "$files" ] || die "manual/$1 has no Files: line"
	echo "$prog: [$n] manual: $files"
	# shellcheck disable=SC2086
	git -C "$wt" checkout -q "$PRISTINE" -- $files
	git -C "$wt" diff --cached --quiet && die "manual/$1 changes nothing"
	# shellcheck disable=SC2086
	git -C "$wt" $IDENT commit -q -F - <<MSG
$2

$(sed '/^Files:/d' "$m")

$SIGNOFF
MSG
}

grep -v '^#' "$here/conversions.list" | while IFS='	' read -r file subject rest; do
	[ -n "$file" ] || continue
	n=$((n + 1))
	if [ "$file" = manual ]; then
		manual "$subject" "$rest"
		continue
	fi
	cmd="scripts/coccinelle/api/syscore.sh patch $file"
	echo "$prog: [$n] $file"
	rm -rf "$keep/run"
	(cd "$wt" && SYSCORE_KEEP="$keep/run" "$api/syscore.sh" patch "$file") > "$keep/log" 2>&1 ||
		{ cat "$keep/log" >&2; die "the semantic patches failed on $file"; }
	[ -s "$keep/log" ] && { cat "$keep/log" >&2; die "spatch printed warnings on $file"; }
	if git -C "$wt" diff --quiet -- "$file"; then
		(cd "$wt" && "$api/syscore.sh" report "$file") >&2
		die "the semantic patches left $file unchanged (report above)"
	fi
	changed=$(git -C "$wt" diff --name-only)
	[ "$changed" = "$file" ] || die "converting $file changed other files too: $changed"
	python3 "$here/describe-plan.py" --tree "$wt" "$keep/run/plan.json" "$file" > "$keep/body"
	# the subject: PREFIX: TEXT where the list gives the text, else the
	# one convert-tree.sh would give the commit
	if [ -n "$rest" ]; then
		subject="$subject: $rest"
	else
		# shellcheck disable=SC2046
		subject=$(python3 "$here/series.py" subject "$subject" $(head -1 "$keep/body"))
	fi
	git -C "$wt" add -f -- "$file"
	# shellcheck disable=SC2086
	git -C "$wt" $IDENT commit -q -F - <<MSG
$subject

$(sed 1d "$keep/body")

Generated with Coccinelle (spatch $version) and the semantic patch
scripts/coccinelle/api/sysdev_to_syscore_ops.cocci (the syscore series'
cocci/api/, installed), on the tree at the previous commit:

  $cmd

$SIGNOFF
MSG
done

echo "$prog: removing the sysdev layer"
git -C "$wt" revert --no-edit -n "$sysdev_patch" >/dev/null
left=$(cd "$wt" && git grep -l -E 'sysdev_(class_)?register|sysdev_driver_register|linux/sysdev\.h' -- arch drivers kernel include || true)
[ -z "$left" ] || die "sysdev users left, cannot remove the layer: $(echo $left)"
# shellcheck disable=SC2086
git -C "$wt" $IDENT commit -q -F - <<MSG
driver core: Remove the sysdev class interface

Every user of the legacy sysdev class interface in the tree has been
converted to struct syscore_ops, so drop include/linux/sysdev.h,
drivers/base/sys.c and the sysdev_suspend(), sysdev_resume() and
sysdev_shutdown() calls around the syscore ones in the suspend,
hibernation and reboot paths.

Manual: this is the exact inverse of the base patch that rebuilt the
interface,

  $(git -C "$wt" log -1 --format='%s' "$sysdev_patch")

and removing a core interface is not a job for a semantic patch.
Before the removal, "git grep" finds no user of sysdev_class_register(),
sysdev_driver_register() or <linux/sysdev.h> left in arch/, drivers/,
kernel/ and include/.

$SIGNOFF
MSG

rm -rf "$outdir"
mkdir -p "$outdir"
git -C "$wt" format-patch -q --zero-commit --no-signature -o "$outdir" "$baseline..HEAD"
(cd "$outdir" && ls ./*.patch | sed 's|^\./||' > series)
echo "$prog: $(wc -l < "$outdir/series") patches in $outdir"

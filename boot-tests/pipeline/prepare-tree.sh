#!/bin/sh
# prepare-tree.sh - the kernel tree: pristine 6.1 from Debian, then the series.
#
# Usage: prepare-tree.sh BUILD_DIR
#
# The first run extracts /usr/src/linux-source-6.1.tar.xz into BUILD_DIR/linux,
# commits it and tags it $PRISTINE.  Every run then makes sure branch "series"
# is the pristine tag plus base-patches/series plus conversions/series, applied
# with git am.  An unchanged series (same patch contents) does nothing; a
# changed one resets the branch to the pristine tag (no new extraction) and
# re-applies, which only rewrites the files the patches touch, so the
# out-of-tree builds stay incremental.
set -eu

build=${1:?usage: prepare-tree.sh BUILD_DIR}
. "$(dirname "$0")/../../lib/common.sh"
tarball=${TARBALL:-/usr/src/linux-source-6.1.tar.xz}
tree=$build/linux

# --- pristine tree ------------------------------------------------------
if ! git -C "$tree" rev-parse -q --verify "refs/tags/$PRISTINE" >/dev/null 2>&1; then
	[ -f "$tarball" ] || die "$tarball not found (apt-get install linux-source)"
	if [ -e "$tree" ]; then
		die "$tree exists but has no $PRISTINE tag: remove it (make distclean) to extract again"
	fi
	echo "prepare-tree: extracting $tarball into $tree (about 15 s)"
	mkdir -p "$tree.tmp"
	tar -xf "$tarball" -C "$tree.tmp" --strip-components=1
	echo "prepare-tree: committing the pristine tree as $PRISTINE (about 30 s)"
	# Debian's top-level .gitignore ignores everything but debian/: add -f.
	git -C "$tree.tmp" init -q -b pristine
	git -C "$tree.tmp" add -A -f
	# shellcheck disable=SC2086
	GIT_AUTHOR_DATE=2000-01-01T00:00:00Z GIT_COMMITTER_DATE=2000-01-01T00:00:00Z \
		git -C "$tree.tmp" $IDENT commit -q -m "Linux 6.1.192 (Debian linux-source-6.1)"
	git -C "$tree.tmp" $IDENT tag -a -m "Linux 6.1.192 as packaged by Debian" "$PRISTINE"
	mv "$tree.tmp" "$tree"
fi

# --- refuse to touch local work ------------------------------------------
if [ -d "$tree/.git/rebase-apply" ]; then
	die "$tree has a git am in progress; run: git -C $tree am --abort"
fi
if [ -d "$tree/.git/BISECT_LOG" ] || [ -f "$tree/.git/BISECT_LOG" ]; then
	die "$tree is being bisected; run: git -C $tree bisect reset"
fi
dirty=$(git -C "$tree" status --porcelain --untracked-files=no)
if [ -n "$dirty" ]; then
	echo "$dirty" | head -10 >&2
	die "$tree has local edits (above); keep them elsewhere, then reset with: git -C $tree reset --hard && make"
fi

# --- the series -----------------------------------------------------------
list=$(series_patches "$TOP/base-patches" "$TOP/conversions")
stamp_file=$tree/.git/syscore-series.stamp
stamp=$( { echo "$PRISTINE"; for p in $list; do basename "$p"; cat "$p"; done; } | sha1sum | cut -d' ' -f1)

if [ -f "$stamp_file" ] && [ "$(cat "$stamp_file")" = "$stamp" ]; then
	# Same series.  Someone may have checked out another commit (matrix,
	# bisect): go back to the branch tip.
	if [ "$(git -C "$tree" symbolic-ref -q HEAD || true)" != refs/heads/series ]; then
		git -C "$tree" checkout -q series
	fi
	echo "prepare-tree: series unchanged, $(git -C "$tree" describe --tags) ($(echo "$list" | grep -c . || true) patches)"
	exit 0
fi

rm -f "$stamp_file"
echo "prepare-tree: applying the series onto $PRISTINE"
git -C "$tree" checkout -q -B series "$PRISTINE"
n=0
for p in $list; do
	n=$((n + 1))
	# shellcheck disable=SC2086
	if ! git -C "$tree" $IDENT am -q --committer-date-is-author-date "$p" >/dev/null 2>"$build/git-am.err"; then
		git -C "$tree" am --abort >/dev/null 2>&1 || true
		cat "$build/git-am.err" >&2
		die "patch $n does not apply: ${p#"$TOP"/}; tree left at $(git -C "$tree" log -1 --format='%h ("%s")')"
	fi
	echo "prepare-tree:   [$n] $(git -C "$tree" log -1 --format=%s)"
done
echo "$stamp" > "$stamp_file"
echo "prepare-tree: tree at $(git -C "$tree" describe --tags) ($n patches)"

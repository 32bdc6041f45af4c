#!/bin/sh
# bad-input.sh - bad input gets an error naming its cause, and the kernel
# tree stays consistent.
#
# Usage: bad-input.sh BUILD_DIR
# Runs the real scripts on scratch copies under BUILD_DIR/bad-input/ (the
# kernel tree there is a shared clone of BUILD_DIR/linux; BUILD_DIR/linux
# itself is not touched):
#  1. missing_package: deps.sh, not root, with a package missing, prints
#     the exact apt-get line and fails;
#  2. missing_tarball: prepare-tree.sh with TARBALL pointing nowhere names
#     the file and the package, and leaves no tree behind;
#  3. unsupported_arch: make boot ARCH=mips exits 2 naming the arches;
#  4. dirty_tree: with a local edit, prepare-tree.sh refuses and names the
#     file; the edit and HEAD are untouched;
#  5. bisect_in_progress: it refuses while a bisect runs, and says how to
#     end it;
#  6. patch_does_not_apply: a series whose patch N has a broken context: the
#     error names patch N and its file, git am is aborted, the tree is clean
#     at patch N-1, and no stamp claims the series applied;
#  7. recovers: with the good series, the next run applies all of it and
#     gives the same tree as BUILD_DIR/linux's branch "series";
#  8. qemu_timeout: a boot whose TIMEOUT is too short is reported as a
#     timeout with its seconds and the place the guest got to, and
#     boot-test.sh fails (needs the x86_64 kernel and initramfs);
#  9. wake_source_arch: WAKE with a wake source the arch lacks (the host's
#     system_wakeup on arm, the deep state's test timer on x86_64) is
#     refused before any build or boot, naming the source and the arch,
#     and leaves no results behind.
# KTAP on stdout; BUILD_DIR/results/bad-input/{results.tsv,meta}.
set -eu

build=${1:?usage: bad-input.sh BUILD_DIR}
. "$(dirname "$0")/../../lib/common.sh"
here=$TOP/boot-tests
top=$TOP
build=$(cd "$build" && pwd)
tree=$build/linux
s=$build/bad-input
res=$build/results/bad-input

git -C "$tree" rev-parse -q --verify refs/heads/series >/dev/null ||
	die "no branch 'series' in $tree (run make tree)"
rm -rf "$s" "$res"
mkdir -p "$s"
trap 'rm -rf "$s"' EXIT
trap 'rm -rf "$s"; exit 130' INT TERM
ktap_start "$res" 9 "bad input: errors name their cause, the tree stays consistent"
printf 'arch=host\ncommit=%s\n' "$(git -C "$tree" rev-parse series)" > "$res/meta"

# result NAME SECONDS WHY [OUTPUT]: the output's last lines on a failure
result() { ktap_result "$1" "$2" "$3" ${3:+"$(printf '%s\n' "${4:-}" | tail -15)"}; }
now() { date +%s; }
# has TEXT STRING: why-not, or nothing
has() { case $1 in *"$2"*) ;; *) echo "output does not say: $2" ;; esac; }
subject() { git -C "$1" log -1 --format=%s "${2:-HEAD}"; }

# 1. a missing package, not root: the apt-get line, no install
t=$(now) why= rc=0 out=
mkdir -p "$s/empty-root"
chmod 755 "$s" "$s/empty-root"
asuser=
if [ "$(id -u)" = 0 ]; then
	asuser="setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=/"
	command -v setpriv >/dev/null ||
		why="setpriv (util-linux) not found: cannot drop root for the non-root path"
fi
if [ -z "$why" ]; then
	# shellcheck disable=SC2086
	out=$($asuser env DEPS_SYSROOT="$s/empty-root" "$here/pipeline/deps.sh" "$s/deps-build" 2>&1) || rc=$?
	if [ "$rc" = 0 ]; then
		why="deps.sh exited 0 with every package missing"
	else
		why=$(has "$out" "deps: missing Debian packages; run as root:")
		[ -n "$why" ] || why=$(has "$out" "apt-get update && apt-get install -y --no-install-recommends linux-source coccinelle qemu-system-x86")
	fi
fi
result missing_package $(( $(now) - t )) "$why" "$out"

# 2. no tarball, no tree
t=$(now) why= rc=0
out=$(TARBALL=$s/nope.tar.xz "$here/pipeline/prepare-tree.sh" "$s/no-tarball" 2>&1) || rc=$?
if [ "$rc" = 0 ]; then
	why="prepare-tree.sh exited 0 without a tarball"
else
	why=$(has "$out" "$s/nope.tar.xz not found (apt-get install linux-source)")
	[ -n "$why" ] || [ ! -e "$s/no-tarball/linux" ] || why="left $s/no-tarball/linux behind"
fi
result missing_tarball $(( $(now) - t )) "$why" "$out"

# 3. an arch the pipeline does not know
t=$(now) why= rc=0
out=$(make -s --no-print-directory -C "$top" boot ARCH=mips BUILD="$s/no-arch" 2>&1) || rc=$?
if [ "$rc" != 2 ]; then
	why="make boot ARCH=mips exited $rc, want 2"
else
	why=$(has "$out" "ARCH='mips' is not supported; use one of: x86_64 arm")
fi
result unsupported_arch $(( $(now) - t )) "$why" "$out"

# A scratch tree: shared clone of the real one (objects are not copied),
# the series applied to it by prepare-tree.sh itself.
echo "# bad-input: scratch clone of $tree with the series applied (about 1 min)"
sb=$s/build st=$s/build/linux
mkdir -p "$sb"
git clone -q --shared "$tree" "$st"
if ! out=$("$here/pipeline/prepare-tree.sh" "$sb" 2>&1); then
	echo "bad-input: prepare-tree.sh failed on the scratch clone:" >&2
	echo "$out" >&2
	exit 1
fi
good_tree=$(git -C "$tree" rev-parse 'series^{tree}')
head=$(git -C "$st" rev-parse HEAD)

# 4. a local edit: refused, kept
t=$(now) why= rc=0
f=kernel/time/timekeeping.c
echo '/* local work */' >> "$st/$f"
out=$("$here/pipeline/prepare-tree.sh" "$sb" 2>&1) || rc=$?
if [ "$rc" = 0 ]; then
	why="prepare-tree.sh exited 0 on a tree with a local edit"
else
	why=$(has "$out" "has local edits")
	[ -n "$why" ] || why=$(has "$out" "$f")
	[ -n "$why" ] || [ "$(tail -1 "$st/$f")" = '/* local work */' ] || why="the local edit of $f is gone"
	[ -n "$why" ] || [ "$(git -C "$st" rev-parse HEAD)" = "$head" ] || why="HEAD moved"
fi
result dirty_tree $(( $(now) - t )) "$why" "$out"
git -C "$st" checkout -q -- "$f"

# 5. a bisect in progress: refused
t=$(now) why= rc=0
git -C "$st" bisect start series "$PRISTINE" >/dev/null 2>&1
out=$("$here/pipeline/prepare-tree.sh" "$sb" 2>&1) || rc=$?
if [ "$rc" = 0 ]; then
	why="prepare-tree.sh exited 0 during a bisect"
else
	why=$(has "$out" "is being bisected; run: git -C $st bisect reset")
fi
git -C "$st" bisect reset >/dev/null 2>&1
result bisect_in_progress $(( $(now) - t )) "$why" "$out"

# 6. a patch that does not apply: a copy of the project's series where the
# third conversion's first context line is changed.
t=$(now) why= rc=0
cp -r "$top/base-patches" "$top/conversions" "$s/"
mkdir -p "$s/boot-tests/pipeline" "$s/lib"
cp "$here/pipeline/prepare-tree.sh" "$s/boot-tests/pipeline/"
cp "$top/lib/common.sh" "$s/lib/"
nbase=$(series_count "$top/base-patches")
bad=$(basename "$(series_patches "$top/conversions" | sed -n 3p)")
k=$((nbase + 3))
awk 'h && /^ / && !done { print " BROKEN CONTEXT"; done = 1; next } /^@@ / { h = 1 } { print }' \
	"$top/conversions/$bad" > "$s/conversions/$bad"
want_at=$(subject "$tree" "$(series_commit $((k - 1)))")
out=$("$s/boot-tests/pipeline/prepare-tree.sh" "$sb" 2>&1) || rc=$?
if cmp -s "$top/conversions/$bad" "$s/conversions/$bad"; then
	why="could not break conversions/$bad"
elif [ "$rc" = 0 ]; then
	why="prepare-tree.sh exited 0 with a patch that does not apply"
else
	why=$(has "$out" "patch $k does not apply: conversions/$bad")
	[ -n "$why" ] || [ ! -d "$st/.git/rebase-apply" ] || why="git am left in progress"
	[ -n "$why" ] || [ -z "$(git -C "$st" status --porcelain --untracked-files=no)" ] || why="tree not clean after the failure"
	[ -n "$why" ] || [ "$(subject "$st")" = "$want_at" ] || why="tree at '$(subject "$st")', want patch $((k - 1)) '$want_at'"
	[ -n "$why" ] || [ ! -f "$st/.git/syscore-series.stamp" ] || why="the stamp says the series applied"
fi
result patch_does_not_apply $(( $(now) - t )) "$why" "$out"

# 7. the good series again
t=$(now) why= rc=0
out=$("$here/pipeline/prepare-tree.sh" "$sb" 2>&1) || rc=$?
if [ "$rc" != 0 ]; then
	why="prepare-tree.sh exited $rc with the good series after a failure"
elif [ "$(git -C "$st" rev-parse 'series^{tree}')" != "$good_tree" ]; then
	why="branch series differs from $tree's"
fi
result recovers $(( $(now) - t )) "$why" "$out"

# 8. QEMU timeout: 3 s is not enough to boot and sleep once
t=$(now) why= rc=0
if [ ! -f "$build/x86_64/arch/x86/boot/bzImage" ] || [ ! -f "$build/initramfs/x86_64.cpio" ]; then
	why="no x86_64 kernel or initramfs in $build (make initramfs-x86_64)"
	out=
else
	out=$(RESULTS=$s/timeout BOOTS=suspend CYCLES=1 TIMEOUT=3 "$here/boot/boot-test.sh" x86_64 "$build" 2>&1) || rc=$?
	if [ "$rc" = 0 ]; then
		why="boot-test.sh passed a run that was killed after 3 s"
	else
		why=$(has "$out" "QEMU exit status 124")
		# suspend_cycles is the check that names a timeout whatever the guest
		# got to (boot and mem_sleep_deep fail first if it was killed early)
		[ -n "$why" ] || why=$(has "$(grep "^not ok [0-9]* x86_64.suspend_cycles " "$s/timeout/ktap.txt")" "# timeout after ")
	fi
fi
result qemu_timeout $(( $(now) - t )) "$why" "$out"

# 9. a wake source the arch does not have
t=$(now) why= out=
for ws in arm:rtc,host:host x86_64:timer,rtc:timer; do
	a=${ws%%:*} w=${ws#*:}; w=${w%:*} src=${ws##*:}
	rc=0
	o=$(RESULTS=$s/wake-$a WAKE=$w "$here/boot/boot-test.sh" "$a" "$build" 2>&1) || rc=$?
	out="$out$o
"
	if [ "$rc" = 0 ]; then
		why="boot-test.sh $a accepted WAKE=$w"
	elif [ -z "$why" ]; then
		why=$(has "$o" "wake source '$src'")
		[ -n "$why" ] || why=$(has "$o" "$a")
		[ -n "$why" ] || [ ! -e "$s/wake-$a/meta" ] || why="WAKE=$w on $a left $s/wake-$a/meta"
	fi
	[ -z "$why" ] || break
done
result wake_source_arch $(( $(now) - t )) "$why" "$out"

ktap_end

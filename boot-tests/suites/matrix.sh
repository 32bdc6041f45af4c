#!/bin/sh
# matrix.sh - build, check and boot every commit of the series, both arches.
#
# Usage: matrix.sh BUILD_DIR
# Walks $PRISTINE..series in order in BUILD_DIR/linux (detached HEAD).
# Per commit, patchcheck.sh (checkpatch.pl --strict; only the findings
# listed in checkpatch.accept pass), and "compiled": every .c file the
# commit adds or changes is compiled into some arch's kernel (a member of
# its vmlinux.a, not older than the source).  Per commit and arch: incremental
# build (the build dirs are kept across commits), then a gate on new
# compiler warnings (a warning this step's build printed that no earlier
# step of this run printed: a file that is not rebuilt keeps the warnings
# it had), test modules, initramfs, and boot-test.sh with
# CYCLES=${MATRIX_CYCLES:-2} and BOOTS=${MATRIX_BOOTS:-suspend}, plus
# MATRIX_CORE_BOOTS (default modules) at the commits that change the PM
# core those boots test (syscore, the sysdev layer, kernel/power: see
# core_paths), and at the first and the last commit.
# A commit that does not build is a failure of that commit, not of the
# run.  The boots of one step run while the next steps build: each boots
# its own copy of the kernel and initramfs, so the build dir can move on,
# and up to MATRIX_BOOT_SLOTS (default 2) steps boot at once (a boot is
# mostly its guest asleep, waiting for a wake alarm; one build at a time
# uses both cores).  MATRIX_PARALLEL=0 runs build and boots one after the
# other, as bisect does.  A commit
# before the patch that adds a symbol the config fragments set (arm at
# the first commit, before CONFIG_ARCH_VIRT_SUSPEND exists)
# cannot be configured as asked: a KTAP SKIP.  In the table a check that
# did not run is "skip" (the boot was not asked for, or an earlier step
# failed), never "ok".
# Results: BUILD_DIR/results/matrix/{matrix.md,matrix.json,results.tsv}
# and per run BUILD_DIR/results/matrix/<n>-<arch>/.  MATRIX_LAST=N walks
# only the last N commits, MATRIX_ARCHES picks the arches.  The tree goes
# back to branch "series" when done, or interrupted.
set -eu

build=${1:?usage: matrix.sh BUILD_DIR}
. "$(dirname "$0")/../../lib/common.sh"
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
parallel=${MATRIX_PARALLEL:-1}
slots=${MATRIX_BOOT_SLOTS:-2}
case $slots in [1-9]|[1-9][0-9]) ;; *) die "MATRIX_BOOT_SLOTS=$slots: a number of boots, 1 or more" ;; esac

git -C "$tree" rev-parse -q --verify refs/heads/series >/dev/null ||
	die "no branch 'series' in $tree (run make tree)"
[ -z "$(git -C "$tree" status --porcelain --untracked-files=no)" ] ||
	die "$tree has local edits; reset it first (git -C $tree reset --hard)"

restore() {
	# shellcheck disable=SC2046
	kill $(cat "$out"/*.pid 2>/dev/null) 2>/dev/null || true
	git -C "$tree" checkout -q series 2>/dev/null || true
}
trap restore EXIT
trap 'restore; exit 130' INT TERM

rm -rf "$out"
mkdir -p "$out"
commits=$(git -C "$tree" rev-list --reverse "$PRISTINE..series" | tail -n "${MATRIX_LAST:-1000}")
total=$(echo "$commits" | grep -c . || true)
narch=$(echo $arches | wc -w)
ktap_start "$out" $((total * (narch + 2))) "build and boot matrix: $total commits x ($narch arches + checkpatch + compiled), boots: $boots (+ $core_boots where the PM core changes), SMP=$smp"
printf 'arch=%s\ncommit=%s\nboots=%s\ncycles=%s\nsmp=%s\n' "$arches" "$(git -C "$tree" rev-parse series)" "$boots" "$cycles" "$smp" >> "$out/meta"
t0=$(date +%s)

. "$here/suites/matrix-table.sh"
# the table's mode columns: the modes the matrix boots, each summing up
# its own mode_checks (boot/mode.sh) in the run's context
columns=$(table_columns $boots $core_boots)
. "$here/boot/mode.sh"
for m in $columns; do [ -f "$MODES_DIR/$m/host.sh" ] || die "unknown boot mode '$m' in MATRIX_BOOTS/MATRIX_CORE_BOOTS"; done
mode_col() { # run mode: skip when the run did not boot that mode
	[ -f "$1/meta" ] || { echo skip; return; }
	case " $(sed -n 's/^boots=//p' "$1/meta") " in *" $2 "*) ;; *) echo skip; return ;; esac
	( mode_context "$1/meta"; mode_load "$2"; cols "$1/results.tsv" $(mode_checks) )
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
	table_head "$columns"
} > "$out/matrix.md"
json=$out/matrix.json.tmp
echo "[" > "$json"

# build_step N ARCH: build, test modules, initramfs, warnings gate; the
# outcome goes to N-ARCH.state (sourced by finish).  Runs in the
# foreground: it needs the tree at commit N.
build_step() {
	run=$out/$1-$2
	mkdir -p "$run"
	: > "$run/results.tsv"
	echo "matrix: [$1/$total] $2: build $short $subj" >&2
	start=$(date +%s)
	b=FAIL warn=skip why= skip=
	brc=0
	"$here/pipeline/build-kernel.sh" "$2" "$build" > "$run.build.out" 2>&1 || brc=$?
	if [ "$brc" = 3 ]; then
		# The config fragments name a symbol a later commit adds.
		skip=$(grep -m1 'not defined in this tree' "$run.build.out" | sed 's/^build-kernel: //')
		b=skip
	elif [ "$brc" = 0 ] &&
	   "$here/pipeline/build-modules.sh" "$2" "$build" >> "$run.build.out" 2>&1 &&
	   "$here/pipeline/mkinitramfs.sh" "$2" "$build" >> "$run.build.out" 2>&1; then
		b=ok
		warnings "$build/$2/warnings.log" > "$run/warnings"
		new=$(comm -13 "$out/warnings-$2.seen" "$run/warnings")
		sort -u -o "$out/warnings-$2.seen" "$out/warnings-$2.seen" "$run/warnings"
		if [ -n "$new" ]; then
			warn=FAIL; why="new compiler warning: $(echo "$new" | head -1)"
		else
			warn=ok
		fi
	else
		why="does not build: $(grep -m1 -E 'error|failed' "$run.build.out" || true)"
	fi
	{
		printf 'c=%s\nshort=%s\nsubj=%s\ncp=%s\n' "$c" "$short" "$(shq "$subj")" "$cp"
		printf 'b=%s\nwarn=%s\nbsec=%s\n' "$b" "$warn" $(( $(date +%s) - start ))
		printf 'why=%s\nskip=%s\n' "$(shq "$why")" "$(shq "$skip")"
	} > "$run.state"
}
# a value quoted for the shell (the state file is sourced)
shq() { printf '%s\n' "$1" | sed "s/'/'\\\\''/g; 1s/^/'/; \$s/\$/'/"; }

# boot_start N ARCH: its boots, in the background when MATRIX_PARALLEL
# (default 1) lets the next builds run meanwhile.  COMMIT pins what
# boot-test.sh records, and the boots read a copy of this step's kernel
# and initramfs (N-ARCH.kernel, N-ARCH.cpio, removed when it is done):
# the tree and the build dir move on while it boots.
boot_start() {
	run=$out/$1-$2
	date +%s > "$run.bootstart"
	grep -qx 'b=ok' "$run.state" || return 0
	cp "$build/$2/$(arch_set "$2"; echo "$image")" "$run.kernel"
	cp "$build/initramfs/$2.cpio" "$run.cpio"
	echo "matrix: [$1/$total] $2: boot $short" >&2
	if [ "$parallel" = 1 ]; then
		boot_run "$2" &
		echo $! > "$run.pid"
	else
		boot_run "$2"
	fi
}
boot_run() { # ARCH; $run, $c, $b_here: the step's
	rc=0
	COMMIT=$c RESULTS=$run CYCLES=$cycles BOOTS=$b_here SMP=$smp \
	KERNEL=$run.kernel INITRD=$run.cpio \
		"$here/boot/boot-test.sh" "$1" "$build" > "$run.boot.out" 2>&1 || rc=$?
	echo "$rc" > "$run.bootrc"
	date +%s > "$run.bootend"
	rm -f "$run.kernel" "$run.cpio"
}

# finish N ARCH: wait for its boots, then its KTAP line and table row
# (in a subshell: the state it reads is that step's, not the loop's)
finish() {
	run=$out/$1-$2
	[ ! -f "$run.pid" ] || { wait "$(cat "$run.pid")" || true; rm -f "$run.pid"; }
	( finish_row "$@" )
}
finish_row() {
	run=$out/$1-$2
	. "$run.state"
	# rows follow "[\n" and are separated by ",\n"
	sep=
	[ "$(wc -c < "$json")" -le 2 ] || sep=",
"
	if [ "$b" = ok ]; then
		rc=$(cat "$run.bootrc" 2>/dev/null || echo 1)
		[ "$rc" = 0 ] || [ -n "$why" ] ||
			why=$(ktap_first_failure "$run/ktap.txt")
		[ "$rc" = 0 ] || [ -n "$why" ] || why="boot-test.sh failed (status $rc): $(tail -1 "$run.boot.out")"
	fi
	t=$run/results.tsv
	boot=$(col "$t" boot)
	mcols= mjson=
	for m in $columns; do
		v=$(mode_col "$run" "$m")
		mcols="$mcols $v |" mjson="$mjson\"$m\": \"$v\", "
	done
	# the step's own time: its build and its boots (not the time it
	# waited for an older step to be finished)
	end=$(cat "$run.bootend" 2>/dev/null || date +%s)
	sec=$(( bsec + end - $(cat "$run.bootstart") ))
	ok=1
	[ -z "$why" ] || ok=0
	if [ -n "$skip" ]; then
		ok=skip
		ktap_skip "$2 $short $subj" "$sec" "$skip"
	else
		ktap_result "$2 $short $subj" "$sec" "$why"
	fi
	printf '| %s | %s | %s | %s | %s | %s | %s | %s |%s %s |\n' "$1" "$short" \
		"$subj" "$2" "$cp" "$b" "$warn" "$boot" "$mcols" "$sec" >> "$out/rows.md"
	printf '%s  {"n": %s, "commit": "%s", "subject": "%s", "arch": "%s", "checkpatch": "%s", "build": "%s", "warnings": "%s", "boot": "%s", %s"cycles": %s, "build_seconds": %s, "seconds": %s, "ok": "%s"}' \
		"$sep" "$1" "$c" "$(echo "$subj" | sed 's/["\\]/\\&/g')" "$2" "$cp" "$b" "$warn" "$boot" "$mjson" "$cycles" "$bsec" "$sec" "$ok" >> "$json"
}

# compiled N COMMIT: every .c file the commit adds or changes is compiled
# into some arch's kernel at this commit: its object is a member of
# vmlinux.a (the thin archive of every built-in object, which kbuild
# rewrites when the config's list changes; an object another directory
# builds, like virt/kvm/ from arch/x86/kvm/, is there under its own path)
# and is not older than the source.  A change no config compiles is not
# tested by "every commit builds".
compiled() {
	why= where=
	for arch in $arches; do
		(cd "$build/$arch" && ar t vmlinux.a 2>/dev/null) > "$out/$1-$arch.objects" || true
	done
	for f in $(git -C "$tree" diff-tree --no-commit-id --name-only -r --diff-filter=AMR "$2" -- '*.c'); do
		by=
		for arch in $arches; do
			o=${f%.c}.o
			[ -f "$build/$arch/$o" ] && [ ! "$build/$arch/$o" -ot "$tree/$f" ] &&
				grep -qxF "$o" "$out/$1-$arch.objects" && by="$by $arch"
		done
		where="$where$f:${by:- none}
"
		[ -n "$by" ] || [ -n "$why" ] || why="$f: no arch's config compiles it"
	done
	ktap_result "compiled $1 $short $subj" 0 "$why" "$(printf '%s' "$where")"
}

# A step's boots overlap the next steps' builds: one kernel build at a
# time, up to $slots steps booting.  pending: the steps not finished yet,
# oldest first ("N:ARCH ..."); their rows are written in that order.
: > "$out/rows.md"
pending=
finish_oldest() {
	set -- $pending
	finish "${1%%:*}" "${1#*:}"
	shift
	pending=$*
}
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
	pc=$("$here/suites/patchcheck.sh" "$tree" "$c" 2>&1) && cp=ok || cp=FAIL
	echo "$pc" > "$out/$i.checkpatch"
	ktap_result "checkpatch $i $short $subj" $(( $(date +%s) - start )) \
		"$([ $cp = ok ] || echo "$pc" | grep -m1 -v '^accepted: ' | sed 's/^new: //')" \
		"$(echo "$pc" | grep -c '^accepted: ' || true) accepted finding(s) (boot-tests/suites/checkpatch.accept)"

	for arch in $arches; do
		build_step "$i" "$arch"
		# a free boot slot for this step
		while [ "$(echo $pending | wc -w)" -ge "$slots" ]; do finish_oldest; done
		boot_start "$i" "$arch"
		pending="$pending $i:$arch"
		# one after the other: the step is done, its time is its own
		[ "$parallel" = 1 ] || finish_oldest
	done
	compiled "$i" "$c"
done
while [ -n "$pending" ]; do finish_oldest; done
sort -t'|' -k2,2n -s "$out/rows.md" >> "$out/matrix.md"
printf '\n]\n' >> "$json"
mv "$json" "$out/matrix.json"
echo "seconds=$(( $(date +%s) - t0 ))" >> "$out/meta"
echo "matrix: table in $out/matrix.md" >&2
ktap_end

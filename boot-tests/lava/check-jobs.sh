#!/bin/sh
# check-jobs.sh - every LAVA job of the tip and of the matrix passes
# lava_common's strict schema (the make check suite lava-jobs).
#
# Usage: check-jobs.sh BUILD_DIR
# Generates, as make lava and make lava-matrix do (lava_job: boots.sh +
# jobgen.py, from the boot modes), the tip's jobs (every boot mode, both
# arches, boot-test.sh's knobs) and the matrix's (lava_matrix_plan: the
# commits and boots suites/matrix.sh runs), with artifact URLs under
# http://artifacts.invalid/, into BUILD_DIR/lava/check-jobs/, and
# validates each (jobgen.py --validate).  KTAP in
# BUILD_DIR/results/lava-jobs: one line per job, plus lava-jobs.cmdline
# (the jobs boot the kernel command line boot-test.sh does).
set -eu

build=${1:?usage: check-jobs.sh BUILD_DIR}
prog=lava-jobs
. "$(dirname "$0")/../../lib/common.sh"
. "$TOP/boot-tests/lava/lib.sh"
. "$TOP/boot-tests/boot/mode.sh"
build=$(cd "$build" && pwd)
lava_need lava-run
tree=$build/linux
git -C "$tree" rev-parse -q --verify refs/heads/series >/dev/null || die "no branch 'series' in $tree (run make tree)"
out=$build/results/lava-jobs
jobs=$build/lava/check-jobs
rm -rf "$out" "$jobs"
mkdir -p "$out" "$jobs"
url=http://artifacts.invalid
t0=$(date +%s)

# name<TAB>file of every job
: > "$jobs/list"
gen() { # name meta mode kurl iurl
	lava_job "$jobs/$1.yaml" "$2" "$3" "$4" "$5" "$url/disks" "syscore $1"
	printf '%s\t%s\n' "$1" "$jobs/$1.yaml" >> "$jobs/list"
}
tip=$(git -C "$tree" rev-parse series)
for arch in $ARCHES; do
	arch_set "$arch"
	mode_meta "$arch" "$tree" "$tip" 10 2 2 "$BOOT_MODES" > "$jobs/tip-$arch.meta"
	for mode in $BOOT_MODES; do
		gen "tip-$arch-$mode" "$jobs/tip-$arch.meta" "$mode" "$url/tip/$arch/$(basename "$image")" "$url/tip/$arch/$arch.cpio"
	done
done
echo "lava-jobs: the tip's jobs made; the matrix's..." >&2
cycles=$(lava_mx cycles) smp=$(lava_mx smp)
lava_matrix_plan "$tree" > "$jobs/plan"
while read -r n c b; do
	for arch in $(lava_mx arches); do
		arch_set "$arch"
		mode_meta "$arch" "$tree" "$c" "$cycles" 2 "$smp" "$b" > "$jobs/$n-$arch.meta"
		for mode in $b; do
			gen "$n-$arch-$mode" "$jobs/$n-$arch.meta" "$mode" "$url/$n/$arch/$(basename "$image")" "$url/$n/$arch/$arch.cpio"
		done
	done
done < "$jobs/plan"
echo "lava-jobs: $(wc -l < "$jobs/list") jobs made in $(( $(date +%s) - t0 )) s; validating" >&2

# shellcheck disable=SC2046
$PY "$LAVA/jobgen.py" --validate $(cut -f2 "$jobs/list") > "$jobs/invalid" || true
printf 'arch=%s\ncommit=%s\n' "$ARCHES" "$tip" > "$out/meta"
ktap_start "$out" $(( $(wc -l < "$jobs/list") + 1 )) "LAVA jobs of the tip and the matrix: lava_common's strict schema"
got=$(awk '/-append/ { sub(/.*-append "console=[^ ]* /, ""); sub(/ st\.mode=.*/, ""); print; exit }' "$jobs/tip-x86_64-suspend.yaml")
why=
[ "$KERNEL_CMDLINE" = "$got" ] || why="the jobs boot '$got', boot-test.sh '$KERNEL_CMDLINE' (lib/common.sh)"
ktap_result lava-jobs.cmdline 0 "$why"
while IFS='	' read -r name f; do
	err=$(grep -F "$f: " "$jobs/invalid" | head -1 | sed "s#^$f: ##")
	ktap_result "lava-jobs.$name" 0 "${err:+LAVA's schema: $err}"
done < "$jobs/list"
ktap_end

#!/bin/sh
# bench.sh - measure the pipeline's speed; numbers into BUILD_DIR/bench.json.
#
# Usage: bench.sh BUILD_DIR
# Per arch: a full build from scratch (ccache off) in BUILD_DIR/bench/ARCH,
# the rebuild after touching kernel/time/timekeeping.c, boot -> 10 suspend
# cycles -> poweroff, boot -> 1 cycle -> poweroff, and the bisect step
# (rebuild + 1-cycle boot); then the semantic patch's whole-tree report
# scan of vanilla 6.1 and the conversion run.  A benchmark, not a test: it
# fails only if a step fails.
set -eu

build=${1:?usage: bench.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$build" && pwd)
bench=$build/bench
mkdir -p "$bench"
for l in linux initramfs deps; do ln -sfn "../$l" "$bench/$l"; done

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

json=$build/bench.json.tmp
echo "{" > "$json"
echo "  \"commit\": \"$(git -C "$build/linux" rev-parse HEAD)\"," >> "$json"
echo "  \"cpus\": $(nproc)," >> "$json"
sep=
for arch in x86_64 arm; do
	echo "bench: $arch: full build from scratch, ccache off (2-4 min)"
	rm -rf "${bench:?}/$arch" "$bench/$arch.kconfig"
	t=$(now); CCACHE_DISABLE=1 "$here/build-kernel.sh" "$arch" "$bench" >/dev/null; full=$(since "$t")

	echo "bench: $arch: rebuild after touching kernel/time/timekeeping.c"
	touch "$build/linux/kernel/time/timekeeping.c"
	t=$(now); "$here/build-kernel.sh" "$arch" "$bench" >/dev/null; incr=$(since "$t")

	echo "bench: $arch: boot -> 10 cycles -> poweroff"
	BOOTS=suspend CYCLES=10 "$here/boot-test.sh" "$arch" "$bench" >/dev/null || true
	ten=$(cat "$bench/results/$arch/suspend.seconds")
	ok10=$(grep -c '^ok' "$bench/results/$arch/ktap.txt" || true)

	echo "bench: $arch: boot -> 1 cycle -> poweroff"
	BOOTS=suspend CYCLES=1 "$here/boot-test.sh" "$arch" "$bench" >/dev/null || true
	one=$(cat "$bench/results/$arch/suspend.seconds")
	ok1=$(grep -c '^ok' "$bench/results/$arch/ktap.txt" || true)

	step=$(awk -v a="$incr" -v b="$one" 'BEGIN { printf "%.1f", a + b }')
	echo "bench: $arch: full ${full}s, rebuild ${incr}s, 10 cycles ${ten}s, 1 cycle ${one}s, step ${step}s"
	printf '%s  "%s": {"full_build_s": %s, "rebuild_timekeeping_s": %s, "boot_10_cycles_poweroff_s": %s, "boot_1_cycle_poweroff_s": %s, "rebuild_plus_1_cycle_s": %s, "checks_ok_10": %s, "checks_ok_1": %s}' \
		"$sep" "$arch" "$full" "$incr" "$ten" "$one" "$step" "$ok10" "$ok1" >> "$json"
	sep=",
"
done

# The semantic patch: a whole-tree report scan of vanilla 6.1, and the
# conversion run on the baseline.
top=$(dirname "$here")
vanilla=$bench/vanilla
[ -d "$vanilla" ] || git -C "$build/linux" worktree add -q --detach "$vanilla" v6.1.192
echo "bench: report-mode scan of the whole vanilla 6.1 tree (cocci/scan.sh)"
t=$(now); "$top/cocci/scan.sh" "$vanilla" report > "$bench/scan-vanilla.txt"; scan=$(since "$t")
echo "bench: conversion run on the baseline (cocci/make-conversions.sh)"
t=$(now); "$top/cocci/make-conversions.sh" "$build" "$bench/conversions" > /dev/null; conv=$(since "$t")
echo "bench: scan ${scan}s ($(grep -c . "$bench/scan-vanilla.txt" || true) reports), conversions ${conv}s"
printf ',\n  "cocci": {"scan_vanilla_report_s": %s, "scan_vanilla_reports": %s, "make_conversions_s": %s}' \
	"$scan" "$(grep -c . "$bench/scan-vanilla.txt" || true)" "$conv" >> "$json"

# The matrix steps of the last make matrix / make check, if there was one:
# per arch median and max of (incremental build + boots), and the total.
mj=$build/results/matrix/matrix.json
if [ -f "$mj" ]; then
	for arch in x86_64 arm; do
		st=$(sed -n "s/.*\"arch\": \"$arch\".*\"seconds\": \([0-9]*\).*/\1/p" "$mj" | sort -n)
		cnt=$(echo "$st" | grep -c . || true)
		[ "$cnt" -gt 0 ] || continue
		med=$(echo "$st" | sed -n "$(( (cnt + 1) / 2 ))p"); max=$(echo "$st" | tail -1)
		printf ',\n  "matrix_step_%s": {"steps": %s, "median_s": %s, "max_s": %s}' "$arch" "$cnt" "$med" "$max" >> "$json"
	done
	total=$(sed -n 's/.*"seconds": \([0-9]*\).*/\1/p' "$mj" | awk '{ t += $1 } END { print t + 0 }')
	printf ',\n  "matrix_total_s": %s' "$total" >> "$json"
fi
printf '\n}\n' >> "$json"
mv "$json" "$build/bench.json"
cat "$build/bench.json"

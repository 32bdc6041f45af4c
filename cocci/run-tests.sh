#!/bin/sh
# Run the sysdev -> syscore_ops semantic patch on every fixture in
# cocci/tests/ in patch mode and compare with the expected result.
#
#   cocci/run-tests.sh [OUTDIR]
#
# stdout is KTAP; the last line is "N passed, N failed".  With OUTDIR,
# OUTDIR/results.tsv gets "name<TAB>1|0<TAB>seconds" per test and
# OUTDIR/meta "arch=host".  Exits non-zero if a test fails.
# Each NAME.c is copied to a temporary directory, spatch rewrites it in
# place (real spatch, no --test: spatch 1.1.1 --test prompts and exits 0
# on a mismatch) and the result must equal NAME.res byte for byte
# (NAME.res == NAME.c for the must-not-touch cases).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
sp=${COCCI:-$here/sysdev_to_syscore_ops.cocci}
tests=$here/tests
spatch=${SPATCH:-spatch}
outdir=${1:-}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cocci-tests.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

if [ -n "$outdir" ]; then
	mkdir -p "$outdir"
	: > "$outdir/results.tsv"
	printf 'arch=host\n' > "$outdir/meta"
fi

n=0
for c in "$tests"/*.c; do
	[ -e "$c" ] && n=$((n + 1))
done

echo "KTAP version 1"
echo "1..$n"

i=0
pass=0
fail=0
for c in "$tests"/*.c; do
	[ -e "$c" ] || continue
	i=$((i + 1))
	name=$(basename "$c" .c)
	res=$tests/$name.res
	work=$tmp/$name
	mkdir -p "$work"
	cp "$c" "$work/$name.c"
	start=$(date +%s.%N)
	reason=
	if [ ! -f "$res" ]; then
		reason="no $name.res"
	elif ! "$spatch" --very-quiet --sp-file "$sp" -D patch \
			--no-includes --include-headers --in-place \
			"$work/$name.c" > "$work/spatch.log" 2>&1; then
		reason="spatch failed"
	elif ! diff -u "$res" "$work/$name.c" > "$work/diff" 2>&1; then
		reason="output differs from $name.res"
	fi
	end=$(date +%s.%N)
	secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
	if [ -z "$reason" ]; then
		echo "ok $i $name"
		pass=$((pass + 1))
		ok=1
	else
		echo "not ok $i $name # $reason"
		for f in "$work/diff" "$work/spatch.log"; do
			[ -s "$f" ] && sed 's/^/# /' "$f"
		done
		fail=$((fail + 1))
		ok=0
	fi
	if [ -n "$outdir" ]; then
		printf '%s\t%s\t%s\n' "$name" "$ok" "$secs" >> "$outdir/results.tsv"
	fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/bin/sh
# Run the sysdev -> syscore_ops semantic patches on every fixture of
# cocci/tests/ and compare with what is expected.
#
#   cocci/run-tests.sh [OUTDIR [DIR]]
#
# DIR holds the fixtures (default cocci/tests).  cocci/tests/pending/ holds
# the fixtures of conversions not implemented yet (issue 18's shapes): the
# default run (make test-cocci) leaves it out; run them with
# "cocci/run-tests.sh '' cocci/tests/pending".
#
# A fixture is NAME.c (one file) or NAME/ (a small tree: files that only
# convert together, e.g. a class and the SoC file that registers its
# devices).  Expected:
#   NAME.report   what report mode prints (cocci/syscore.sh report), byte
#                 for byte; every fixture has one (a must-not-touch case says
#                 why it is not converted)
#   NAME.res      NAME.c after cocci/syscore.sh patch (NAME.res/ for a tree;
#                 equal to the input for must-not-touch cases)
# Real spatch, on a copy in a temporary directory.  SYSCORE_COCCI=file.cocci runs
# that semantic patch instead of the set (cocci/syscore.sh): one that does
# nothing must fail every fixture.
#
# KTAP on stdout (lib/common.sh), one result per fixture; OUTDIR gets
# results.tsv and meta (default: a temporary directory).  Exits non-zero
# when a fixture fails.
set -eu

. "$(dirname "$0")/../../lib/common.sh"
prog=run-tests
api=$TOP/cocci/api
tests=${2:-$TOP/cocci/tests}
[ -d "$tests" ] || die "no fixture directory $tests"
tests=$(cd "$tests" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cocci-tests.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
outdir=${1:-$tmp/results}
command -v "${SPATCH:-spatch}" >/dev/null || die "spatch not found (apt-get install coccinelle)"

names=$(cd "$tests" && ls | sed -n -e 's/\.c$//p' -e '/\./!p' | grep -vx pending | sort -u)
n=$(echo "$names" | grep -c .)
ktap_start "$outdir" "$n" "sysdev -> syscore_ops fixtures of ${tests#"$TOP"/} (${SYSCORE_COCCI:-cocci/api/syscore.sh})"
printf 'arch=host\n' > "$outdir/meta"

# run report and patch mode in DIR (on all its files); DIR.report,
# DIR.patch.log; fails when spatch does
run_dir() { # dir
	: > "$1.report"; : > "$1.err"; : > "$1.patch.log"
	files=$(cd "$1" && find . -name '*.[ch]' | sed 's|^\./||' | sort)
	# shellcheck disable=SC2086
	(cd "$1" && "$api/syscore.sh" report $files) > "$1.report" 2> "$1.err" &&
	(cd "$1" && "$api/syscore.sh" patch $files) > "$1.patch.log" 2>&1
}

# The one-file fixtures run together, one spatch per semantic patch (each
# spatch start costs a second or two; their names do not collide); the
# small trees each on their own.
mkdir -p "$tmp/batch"
for name in $names; do
	[ -d "$tests/$name" ] || cp "$tests/$name.c" "$tmp/batch/"
done
start=$(date +%s.%N)
batch_ok=1
run_dir "$tmp/batch" || batch_ok=0
batch_secs=$(awk -v a="$start" -v b="$(date +%s.%N)" -v n="$n" 'BEGIN { printf "%.2f", (b - a) / n }')

for name in $names; do
	start=$(date +%s.%N)
	why=
	diag=
	res=$tests/$name.res
	if [ -d "$tests/$name" ]; then
		work=$tmp/$name
		rm -rf "$work"
		cp -r "$tests/$name" "$work"
		ok=1
		run_dir "$work" || ok=0
		report=$work.report err=$work.err log=$work.patch.log
		got=$work
	else
		work=$tmp/batch
		ok=$batch_ok
		grep "^$name\.c:" "$work.report" > "$tmp/$name.report" || true
		report=$tmp/$name.report err=$work.err log=$work.patch.log
		got=$work/$name.c
	fi
	if [ ! -e "$tests/$name.report" ] || [ ! -e "$res" ]; then
		why="no $name.report or $name.res"
	elif [ "$ok" = 0 ]; then
		why="spatch failed"; diag=$(cat "$err" "$log")
	elif ! diff -u "$tests/$name.report" "$report" > "$tmp/$name.rdiff"; then
		why="report differs from $name.report"; diag=$(cat "$tmp/$name.rdiff")
	elif ! diff -ru "$res" "$got" > "$tmp/$name.diff"; then
		why="result differs from $name.res"; diag=$(cat "$tmp/$name.diff")
	elif [ -s "$err" ] || [ -s "$log" ]; then
		why="spatch printed something on stderr"; diag=$(cat "$err" "$log")
	fi
	secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
	[ -d "$tests/$name" ] || secs=$batch_secs
	ktap_result "$name" "$secs" "$why" "$(printf '%s\n' "$diag" | head -40)"
done
ktap_end

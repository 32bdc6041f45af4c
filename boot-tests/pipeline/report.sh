#!/bin/sh
# report.sh - summarise every results.tsv under BUILD_DIR/results.
#
# Usage: report.sh BUILD_DIR [SUITE...]
# Each suite directory (results/<suite>/) has results.tsv (check, ok,
# seconds; ok is 1, 0 or skip) and meta (arch=, commit=).  Writes results/summary.json and
# prints "N passed, N failed" as the last line (skips, which are
# neither, on the line before).  Exits 1 if a check failed,
# if a named suite has no results, or if nothing ran at all.
set -eu

build=${1:?usage: report.sh BUILD_DIR [SUITE...]}
shift
res=$build/results
[ $# -gt 0 ] || set -- $(cd "$res" 2>/dev/null && ls -d */ 2>/dev/null | tr -d /)

pass=0 fail=0 skip=0 missing= skipped=
json=$res/summary.json.tmp
mkdir -p "$res"
echo "[" > "$json"
sep=
for s in "$@"; do
	t=$res/$s/results.tsv
	if [ ! -s "$t" ]; then
		missing="$missing $s"
		continue
	fi
	arch=$(sed -n 's/^arch=//p' "$res/$s/meta" 2>/dev/null)
	commit=$(sed -n 's/^commit=//p' "$res/$s/meta" 2>/dev/null)
	while IFS='	' read -r check ok sec; do
		case $ok in
		1) pass=$((pass + 1)); b=true ;;
		skip) skip=$((skip + 1)); b='"skip"'; skipped="$skipped $s:$check" ;;
		*) fail=$((fail + 1)); b=false ;;
		esac
		printf '%s  {"suite": "%s", "arch": "%s", "commit": "%s", "check": "%s", "ok": %s, "seconds": %s}' \
			"$sep" "$s" "${arch:-}" "${commit:-}" "$check" "$b" "${sec:-0}" >> "$json"
		sep=",
"
	done < "$t"
done
printf '\n]\n' >> "$json"
mv "$json" "$res/summary.json"

if [ -n "$missing" ]; then
	echo "report: no results for:$missing (the run did not get that far)" >&2
	fail=$((fail + $(echo $missing | wc -w)))
fi
echo "# summary: $res/summary.json"
# A skip is neither a pass nor a failure: named on its own line, before
# the totals (kselftest prints skips apart from passes as well).
[ "$skip" = 0 ] || echo "# $skip skipped (KTAP SKIP, the reason is in the suite's ktap.txt):$skipped"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ] && [ "$pass" -gt 0 ]

#!/bin/sh
# check-conversions.sh - the conversion series is what the semantic patch
# makes, and it lands exactly on vanilla 6.1.
#
# Usage: check-conversions.sh BUILD_DIR [OUTDIR]
# KTAP on stdout, last line "N passed, N failed"; OUTDIR/results.tsv and
# OUTDIR/meta for boot-tests/report.sh.  Needs BUILD_DIR/linux prepared
# (make tree): branch "series" = pristine + base-patches + conversions.
#  1. regenerating conversions/ (make-conversions.sh) gives the committed
#     patches, ignoring the From sha, Date and index lines;
#  2. after the whole series every file the conversions touch is
#     byte-identical to the pristine tag;
#  3. report mode on vanilla 6.1 reports nothing (candidate files, plus the
#     files the series converts and drivers/base/syscore.c);
#  4. report mode on the baseline reports exactly the legacy registrations
#     listed in conversions.list, one report per file.
# Report mode runs on the files that contain "struct sysdev_class" or
# "struct sysdev_driver" (git grep): every rule of the semantic patch is
# anchored on one of those declarations, so no other file can match (the
# token pre-filter spatch's --use-gitgrep does, made explicit).
set -eu

build=${1:?usage: check-conversions.sh BUILD_DIR [OUTDIR]}
outdir=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
build=$(cd "$build" && pwd)
tree=$build/linux
sp=$here/sysdev_to_syscore_ops.cocci
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-conv.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

if [ -n "$outdir" ]; then
	mkdir -p "$outdir"
	: > "$outdir/results.tsv"
	printf 'arch=host\ncommit=%s\n' "$(git -C "$tree" rev-parse series)" > "$outdir/meta"
fi
n=0 pass=0
result() { # name seconds reason [diag]
	n=$((n + 1))
	if [ -z "$3" ]; then
		pass=$((pass + 1)); echo "ok $n $1"; ok=1
	else
		echo "not ok $n $1 # $3"; ok=0
	fi
	[ -z "${4:-}" ] || printf '%s\n' "$4" | head -40 | sed 's/^/# /'
	[ -z "$outdir" ] || printf '%s\t%s\t%s\n' "$1" "$ok" "$2" >> "$outdir/results.tsv"
}
now() { date +%s; }

echo "KTAP version 1"
echo "1..4"

# 1. regenerate
t=$(now)
norm() { sed -E -e '/^From [0-9a-f]{40} /d' -e '/^Date: /d' -e '/^index [0-9a-f]+\.\.[0-9a-f]+/d' "$1"; }
why=
if "$here/make-conversions.sh" "$build" "$tmp/regen" > "$tmp/regen.log" 2>&1; then
	d=$(diff "$top/conversions/series" "$tmp/regen/series" || true)
	if [ -z "$d" ]; then
		for p in $(cat "$top/conversions/series"); do
			norm "$top/conversions/$p" > "$tmp/a"; norm "$tmp/regen/$p" > "$tmp/b"
			d=$(diff -u "$tmp/a" "$tmp/b" || true)
			[ -z "$d" ] || { why="conversions/$p differs from the regenerated patch"; break; }
		done
	else
		why="conversions/series differs from the regenerated one"
	fi
else
	why="make-conversions.sh failed"; d=$(tail -5 "$tmp/regen.log")
fi
result conversions_regenerate "$(( $(now) - t ))" "$why" "${why:+$d}"

# 2. lands on 6.1
t=$(now)
files=$(cd "$top/conversions" && sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' $(cat series) | sort -u)
d=$(git -C "$tree" diff --stat v6.1.192 series -- $files)
result conversions_land_on_6.1 "$(( $(now) - t ))" "${d:+files differ from v6.1.192 after the series}" "$d
files checked: $(echo $files)"

# report mode on the candidate files of REV; prints the reports
report() { # rev [extra files]
	rev=$1; shift
	rm -rf "$tmp/src"; mkdir -p "$tmp/src"
	{ git -C "$tree" grep -l -E 'struct sysdev_(class|driver)' "$rev" -- '*.c' '*.h' | sed "s|^$rev:||"
	  for f in "$@"; do echo "$f"; done; } | sort -u > "$tmp/files"
	(cd "$tmp/src" && while read -r f; do
		mkdir -p "$(dirname "$f")"
		git -C "$tree" show "$rev:$f" > "$f"
	done < "$tmp/files")
	(cd "$tmp/src" && while read -r f; do
		spatch --sp-file "$sp" -D report --no-includes --include-headers --very-quiet "$f" 2>/dev/null || true
	done < "$tmp/files") | grep -E '^[^ ]+:[0-9]+:' || true
}

# 3. vanilla: nothing, also in the files the series converts (their
# syscore_ops code must not be mistaken for legacy code)
t=$(now)
r=$(report v6.1.192 $(grep -v '^#' "$here/conversions.list" | cut -f1) drivers/base/syscore.c)
result report_vanilla_silent "$(( $(now) - t ))" "${r:+report mode found something on vanilla 6.1}" "$r
($(wc -l < "$tmp/files") files declare a sysdev class or driver)"

# 4. baseline: exactly the legacy registrations
t=$(now)
nbase=$(grep -c . "$top/base-patches/series")
baseline=$(git -C "$tree" rev-list --reverse v6.1.192..series | sed -n "${nbase}p")
r=$(report "$baseline")
got=$(echo "$r" | cut -d: -f1 | sort | uniq -c | awk '{ print $2 " " $1 }')
want=$(grep -v '^#' "$here/conversions.list" | cut -f1 | sort | awk 'NF { print $1 " 1" }')
why=
[ "$got" = "$want" ] || why="reports per file differ from conversions.list (want one per listed file)"
result report_baseline_finds_legacy "$(( $(now) - t ))" "$why" "$r"

echo "$pass passed, $((n - pass)) failed"
[ "$pass" = "$n" ]

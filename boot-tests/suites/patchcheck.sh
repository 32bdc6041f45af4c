#!/bin/sh
# patchcheck.sh - checkpatch.pl --strict on one commit of the series.
#
# Usage: patchcheck.sh TREE COMMIT
# Runs the tree's own scripts/checkpatch.pl --strict on "git format-patch
# -1 COMMIT" and prints one line per finding, "accepted: ..." for those
# listed in boot-tests/suites/checkpatch.accept (with the reason) and "new: ..."
# for the rest.  Exits 0 when every finding is accepted, 1 otherwise, 2
# when checkpatch itself could not run.
set -eu

tree=${1:?usage: patchcheck.sh TREE COMMIT}
c=${2:?usage: patchcheck.sh TREE COMMIT}
. "$(dirname "$0")/../../lib/common.sh"
accept=$TOP/boot-tests/suites/checkpatch.accept
[ -x "$tree/scripts/checkpatch.pl" ] || die "$tree/scripts/checkpatch.pl missing"

out=$(git -C "$tree" format-patch -1 --stdout "$c" |
	(cd "$tree" && perl scripts/checkpatch.pl --strict --no-color --no-summary --show-types -) 2>&1) || true
echo "$out" | grep -q -E '^(ERROR|WARNING|CHECK):|^$' || [ -z "$out" ] ||
	{ echo "$out" | head -5 >&2; die "checkpatch.pl did not run on $c"; }

# One finding: "LEVEL:TYPE: message", "#N: FILE:LINE:", the quoted line(s).
echo "$out" | awk -v accept="$accept" '
BEGIN {
	FS = "\t"
	while ((getline l < accept) > 0) {
		if (l ~ /^#/ || l == "") continue
		split(l, f, "\t"); n++; lvl[n] = f[1]; msg[n] = f[2]; ctx[n] = f[3]; why[n] = f[4]
	}
}
function flush(   i, ok) {
	if (head == "") return
	split(head, h, ":")
	text = head; sub(/^[A-Z]+:[A-Z_]+: /, "", text)
	for (i = 1; i <= n; i++)
		if (h[1] == lvl[i] && text ~ msg[i] && quoted ~ ctx[i]) { ok = i; break }
	if (ok) print "accepted: " head " (" why[ok] ")"
	else { print "new: " head (quoted != "" ? " -- " quoted : ""); bad = 1 }
	head = ""; quoted = ""
}
/^(ERROR|WARNING|CHECK):/ { flush(); head = $0; inq = 0; next }
/^#[0-9]+: / { inq = 1; next }
inq && /^$/ { inq = 0; next }
inq && quoted == "" { quoted = $0; sub(/^\+/, "", quoted) }
END { flush(); exit bad }'

#!/bin/sh
# convert-tree.sh - convert a whole kernel tree's sysdev PM to syscore_ops,
# as a git am-able series.
#
# Usage: convert-tree.sh TREE OUT
#
# TREE is not touched.  The files of TREE that can hold sysdev code are
# copied to a scratch git repository, cocci/syscore.sh converts them (one
# spatch per semantic patch for all of them, so that a class and the SoC
# files that register its devices are converted together), and the result
# is committed by subsystem directory: the files that must change together
# (an ops, the header that declares it, the files that register it) are in
# one commit, named after the directory they share.  OUT gets the patches
# (git format-patch), "series" (their order) and "report.txt" (report mode
# on the same files: what was converted and why the rest was not).
# Apply with: cd TREE && git am OUT/*.patch
#
# Commits carry the identity git is configured with in TREE (else the
# project's neutral one) and the exact command in their message.
set -eu

. "$(dirname "$0")/../boot-tests/lib/common.sh"
prog=convert-tree
tree=${1:?usage: convert-tree.sh TREE OUT}
out=${2:?usage: convert-tree.sh TREE OUT}
here=$TOP/cocci
[ -d "$tree" ] || die "$tree is not a directory"
tree=$(cd "$tree" && pwd)
mkdir -p "$out" && out=$(cd "$out" && pwd)
command -v spatch >/dev/null || die "spatch not found (apt-get install coccinelle)"
version=$(spatch --version | sed -n 's/^spatch version \([^ ]*\).*/\1/p')
tmp=$(mktemp -d "${TMPDIR:-/tmp}/convert-tree.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
cmd="cocci/convert-tree.sh $1 $2"

name=$(git -C "$tree" config user.name 2>/dev/null || true)
email=$(git -C "$tree" config user.email 2>/dev/null || true)
if [ -n "$name" ] && [ -n "$email" ]; then
	signoff="Signed-off-by: $name <$email>"
	commit() { git -C "$tmp/wt" -c "user.name=$name" -c "user.email=$email" commit "$@"; }
else
	signoff=$SIGNOFF
	# shellcheck disable=SC2086
	commit() { git -C "$tmp/wt" $IDENT commit "$@"; }
fi

# the files that can hold sysdev code
(cd "$tree" && "$here/syscore.sh" files) | sort > "$tmp/files"
[ -s "$tmp/files" ] || { echo "$prog: no sysdev code in $tree"; : > "$out/series"; exit 0; }
echo "$prog: $(wc -l < "$tmp/files") files can hold sysdev code"

mkdir -p "$tmp/wt"
while read -r f; do
	mkdir -p "$tmp/wt/$(dirname "$f")"
	cp "$tree/$f" "$tmp/wt/$f"
done < "$tmp/files"
git -C "$tmp/wt" init -q
git -C "$tmp/wt" add -A
git -C "$tmp/wt" $IDENT commit -q -m base
base=$(git -C "$tmp/wt" rev-parse HEAD)

# shellcheck disable=SC2046
(cd "$tmp/wt" && "$here/syscore.sh" report $(cat "$tmp/files")) > "$out/report.txt"
# shellcheck disable=SC2046
(cd "$tmp/wt" && SYSCORE_KEEP="$tmp/run" "$here/syscore.sh" patch $(cat "$tmp/files"))
git -C "$tmp/wt" diff --name-only > "$tmp/changed"
echo "$prog: $(grep -c . "$tmp/changed" || true) files converted"

# the commits: files linked by an ops (defined, declared, registered in
# them) go together, and so do the files of one directory
python3 - "$tmp/run/plan.json" "$tmp/changed" > "$tmp/commits" <<'PY'
import json, os, sys
plan = json.load(open(sys.argv[1]))
changed = [l.strip() for l in open(sys.argv[2]) if l.strip()]
parent = {f: f for f in changed}
def find(f):
    while parent[f] != f:
        parent[f] = parent[parent[f]]
        f = parent[f]
    return f
def union(a, b):
    parent[find(a)] = find(b)
ops = {}
for f in changed:
    p = plan.get(f, {})
    names = set()
    for kind in ("classes", "drivers"):
        names |= {d["ops"] for d in p.get(kind, {}).values() if "ops" in d}
    names |= {o["name"] for o in p.get("ops", [])}
    names |= {o for c in p.get("calls", {}).values() for _, o in c.get("ops", [])}
    names |= {e["ops"] for e in p.get("externs", [])}
    for n in names:
        ops.setdefault(n, []).append(f)
    for g in changed:
        if os.path.dirname(g) == os.path.dirname(f):
            union(f, g)
for fs in ops.values():
    for f in fs[1:]:
        union(fs[0], f)
groups = {}
for f in changed:
    groups.setdefault(find(f), []).append(f)
for fs in sorted(groups.values(), key=lambda fs: os.path.commonpath(fs)):
    dirs = sorted(set(os.path.dirname(f) for f in fs))
    # the subsystem: the directory the files share, and which of its
    # subdirectories they are in
    top = os.path.commonpath(dirs)
    subs = sorted(set(os.path.relpath(d, top).split("/")[0] for d in dirs) - {"."})
    name = top
    if subs:
        name += "/" + (subs[0] if len(subs) == 1 else
                       ", ".join(subs) if len(subs) <= 3 else
                       "%s and %d more" % (", ".join(subs[:2]), len(subs) - 2))
    print(name + "\t" + " ".join(sorted(fs)))
PY

subject_of() { # dir kind
	p=$(echo "$1" | sed -e 's|^arch/||' -e 's|/|: |g')
	[ -n "$p" ] || p=tree
	case $2 in
	driver) echo "$p: Use syscore_ops instead of sysdev drivers" ;;
	class+driver) echo "$p: Use syscore_ops instead of sysdev classes and drivers" ;;
	*) echo "$p: Use syscore_ops instead of sysdev classes and sysdevs" ;;
	esac
}
while IFS='	' read -r dir files; do
	# shellcheck disable=SC2086
	python3 "$here/describe-plan.py" "$tmp/run/plan.json" $files > "$tmp/body"
	# shellcheck disable=SC2086
	git -C "$tmp/wt" add -- $files
	commit -q -F - <<MSG
$(subject_of "$dir" "$(head -1 "$tmp/body")")

$(sed 1d "$tmp/body")

Generated by the semantic patches in cocci/ (spatch $version):

  $cmd

which runs "cocci/syscore.sh patch" on the files of the tree that can
hold sysdev code and commits the result by subsystem; this commit is
its part in ${dir:-the top directory}.

$signoff
MSG
done < "$tmp/commits"

rm -f "$out"/*.patch
git -C "$tmp/wt" format-patch -q --no-signature -o "$out" "$base..HEAD"
(cd "$out" && ls ./*.patch 2>/dev/null | sed 's|^\./||' > series) || : > "$out/series"
echo "$prog: $(grep -c . "$out/series" || true) patches in $out (report: $out/report.txt)"

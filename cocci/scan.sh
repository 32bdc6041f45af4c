#!/bin/sh
# scan.sh - report what the semantic patches find in a whole kernel tree.
#
# Usage: scan.sh TREE [MODE]     MODE: report (default), org, context
#
# The semantic patch as a kernel developer runs it, in TREE:
#   spatch --sp-file cocci/sysdev_to_syscore_ops.cocci -D MODE --dir .
# (the same output as make coccicheck MODE=MODE, with any J), except that
# the files are given to spatch (grep -R: whatever the tree, git or not,
# nested in another repository, a forest of symlinks, which spatch --dir
# does not follow into directories).  spatch's stderr is shown, and a
# failing spatch is an error.  To convert a tree, see cocci/convert-tree.sh.
set -eu

tree=${1:?usage: scan.sh TREE [MODE]}
mode=${2:-report}
case $mode in
report|org|context) ;;
*) echo "scan: mode '$mode': use report, org or context (cocci/convert-tree.sh converts)" >&2; exit 2 ;;
esac
[ -d "$tree" ] || { echo "scan: $tree is not a directory" >&2; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
sp=$here/sysdev_to_syscore_ops.cocci
opts=$(sed -n 's|^// Options:||p' "$sp")
# the finding of the files in one process per core (the same output as one)
jobs=$(nproc 2>/dev/null || echo 1)
# the python3 of the rules' scripts, named to spatch (see syscore.sh)
py=$("$here/syscore.sh" python) || { echo "scan: python3 not found (apt-get install python3)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/scan.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
cd "$tree"
"$here/tree-files.sh" > "$tmp/groups"
[ -s "$tmp/groups" ] || exit 0
# shellcheck disable=SC2086
spatch --sp-file "$sp" --python "$py" --jobs "$jobs" -D "$mode" --very-quiet $opts --file-groups "$tmp/groups"

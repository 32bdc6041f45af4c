#!/bin/sh
# scan.sh - report what the semantic patches find in a whole kernel tree.
#
# Usage: scan.sh TREE [MODE]     MODE: report (default), org, context
#
# The semantic patch as a kernel developer runs it (README):
#   spatch --sp-file cocci/sysdev_to_syscore_ops.cocci -D MODE --dir TREE
# (the same output as make coccicheck MODE=MODE, with any J), in one
# process per core, with spatch's temporary directories under TMPDIR: TREE
# may be read-only.  Names are relative to TREE.  spatch's stderr is shown,
# and a failing spatch is an error.  To convert a tree, see
# cocci/convert-tree.sh.
set -eu

tree=${1:?usage: scan.sh TREE [MODE]}
mode=${2:-report}
case $mode in
report|org|context) ;;
*) echo "scan: mode '$mode': use report, org or context (cocci/tools/convert-tree.sh converts)" >&2; exit 2 ;;
esac
[ -d "$tree" ] || { echo "scan: $tree is not a directory" >&2; exit 1; }
api=$(cd "$(dirname "$0")/../api" && pwd)
sp=$api/sysdev_to_syscore_ops.cocci
jobs=$(nproc 2>/dev/null || echo 1)
# the python3 of the rules' scripts, named to spatch (see syscore.sh)
py=$("$api/syscore.sh" python) || { echo "scan: python3 not found (apt-get install python3)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/scan.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
spatch --sp-file "$sp" --python "$py" --jobs "$jobs" --tmp-dir "$tmp/spatch" -D "$mode" \
	--very-quiet --dir "$tree" || { echo "scan: spatch failed on $tree" >&2; exit 1; }

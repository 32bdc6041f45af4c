#!/bin/sh
# scan.sh - report what the semantic patches find in a whole kernel tree.
#
# Usage: scan.sh TREE [MODE]     MODE: report (default), org, context
#
# cocci/syscore.sh in TREE on every file that can hold sysdev code (git grep
# or grep: spatch infers no keywords for these semantic patches, so
# --use-gitgrep cannot narrow the run), one spatch process for all of them:
# a class in one file and the SoC file that registers its devices are seen
# together.  Output as spatch prints it; spatch's stderr is kept, and a
# failing spatch is an error that names the file.  To convert a tree, see
# cocci/convert-tree.sh.
set -eu

tree=${1:?usage: scan.sh TREE [MODE]}
mode=${2:-report}
case $mode in
report|org|context) ;;
*) echo "scan: mode '$mode': use report, org or context (cocci/convert-tree.sh converts)" >&2; exit 2 ;;
esac
here=$(cd "$(dirname "$0")" && pwd)
cd "$tree"
exec "$here/syscore.sh" "$mode"

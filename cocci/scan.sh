#!/bin/sh
# scan.sh - run the semantic patch over a whole kernel tree, fast.
#
# Usage: scan.sh TREE [MODE] [JOBS]     MODE: report (default), org, context, patch
#
# spatch cannot infer keywords for sysdev_to_syscore_ops.cocci (its rules
# are alternatives, so --use-gitgrep/--use-idutils answer "no inferred
# keywords" and parse every file).  Every rule is anchored on a
# "struct sysdev_class" or "struct sysdev_driver" declaration, so this
# pre-filters with grep and runs spatch on the candidates, JOBS at a time
# (default: nproc).  Output as spatch prints it; in patch mode a diff.
set -eu

tree=${1:?usage: scan.sh TREE [MODE] [JOBS]}
mode=${2:-report}
jobs=${3:-$(nproc)}
sp=$(cd "$(dirname "$0")" && pwd)/sysdev_to_syscore_ops.cocci
cd "$tree"
if git rev-parse --git-dir >/dev/null 2>&1; then
	git grep -l -E 'struct sysdev_(class|driver)' -- '*.c' '*.h' || true
else
	grep -rlE --include='*.[ch]' 'struct sysdev_(class|driver)' . || true
fi | xargs -r -P "$jobs" -n 1 spatch --sp-file "$sp" -D "$mode" \
	--no-includes --include-headers --very-quiet 2>/dev/null

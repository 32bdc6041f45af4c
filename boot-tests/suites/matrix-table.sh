# matrix-table.sh - the per-commit table both matrices print (sourced by
# suites/matrix.sh and lava/matrix.sh, after lib/common.sh): one row per
# commit and arch, "boot" and then one column per boot mode the matrix
# runs, each summing up that mode's checks.
#
#   col TSV CHECK          a check's status in a run's results.tsv: ok,
#                          FAIL, or skip (not run)
#   cols TSV CHECK...      FAIL if one failed, ok if all ran and passed,
#                          else skip
#   table_columns MODE...  the mode columns: the modes, each once, in order
#   table_head COLUMNS     the table's header and separator lines

col() { awk -F'\t' -v c="$2" '$1 == c { s = ($2 == 1 ? "ok" : "FAIL") } END { print s ? s : "skip" }' "$1"; }
cols() {
	_t=$1; shift
	_r=ok
	for _c in "$@"; do
		case $(col "$_t" "$_c") in FAIL) echo FAIL; return ;; skip) _r=skip ;; esac
	done
	echo "$_r"
}
table_columns() { echo "$@" | tr ' ' '\n' | awk 'NF && !seen[$0]++' | tr '\n' ' '; }
table_head() { # columns
	printf '| # | commit | subject | arch | checkpatch | build | warnings | boot |'
	for _m in $1; do printf ' %s |' "$_m"; done
	printf ' seconds |\n|'
	for _ in 1 2 3 4 5 6 7 8 $1 9; do printf ' --- |'; done
	echo
}

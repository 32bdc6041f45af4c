#!/bin/sh
# syscore.sh - run the sysdev -> syscore_ops semantic patches on files.
#
# Usage: syscore.sh MODE [FILE...]     (run from the top of the tree)
#   MODE report | org | context   print what sysdev_to_syscore_ops.cocci finds
#   MODE patch                    convert the FILEs in place
#   MODE files [REV]              list the files of the current directory
#                                 (of git revision REV) that can hold
#                                 sysdev code (candidates below)
#   MODE python                   print the python3 the scripts run in
# Without FILEs, report modes read the files of the current directory that
# can hold sysdev code (found with grep, whatever the tree); patch mode
# needs its FILEs (the tree to convert is never guessed).
#
# One spatch process per semantic patch for all the files: the first one
# (sysdev_to_syscore_ops.cocci) collects the facts of every file before it
# decides, so a class defined in one file and registered in another is
# followed, and in patch mode writes the plan (JSON) the five rewrite jobs
# follow: syscore_callbacks, syscore_class, syscore_driver, syscore_sites,
# syscore_includes.  spatch's stderr is shown; a failing spatch (also a
# Python error in a rule, which spatch reports but does not fail on) is an
# error that names the file.
#
# SYSCORE_COCCI=file.cocci replaces the whole set by that one semantic
# patch (run once, in the MODE given: -D report or -D patch), for testing
# (not COCCI: the kernel's coccicheck has users export that one).
# SPATCH= the spatch binary.  SYSCORE_KEEP=dir keeps the plan and logs.
# SYSCORE_TREE=dir: the tree the FILEs come from when they are a copy of
# some of its files (the planner greps it for the files that name a
# hook's struct; default: the current directory).  SYSCORE_GROW=1: the
# FILEs are a whole tree's (as without FILEs): the run grows by the files
# a hook's passed-on argument needs, copied from SYSCORE_TREE when not
# here, and SYSCORE_GROWN=file gets their names.
# SYSCORE_REPORT=file: patch mode also writes there what report mode
# prints (the facts pass that decides prints it: no second pass).
set -eu

prog=syscore
here=$(cd "$(dirname "$0")" && pwd)
mode=${1:?usage: syscore.sh report|org|context|patch [FILE...] | files [REV] | python}
shift
spatch=${SPATCH:-spatch}
opts="--no-includes --include-headers --very-quiet"

die() { echo "$prog: $*" >&2; exit 1; }

# the files that can hold sysdev code (in git revision $1 if given), the
# one finder of the project: the entry point's finalize lists a --dir
# tree with it, check-conversions.sh a revision.  What the rules
# find_sysdev_* match, as grep sees it: a sysdev class or driver object
# (not a pointer to one: a sysfs show() of a class attribute takes
# that), anything of struct sys_device, a call of a sysdev (un)register
# function, and the includers of <linux/sysdev.h> (one of them can be the
# home of an ops whose callbacks are a platform's).
candidates() { # [rev]
	pat='struct[[:space:]]+sysdev_(class|driver)[[:space:]]+[A-Za-z_]|struct[[:space:]]+sys_device\b|sysdev_(class_|driver_)?(un)?register[[:space:]]*\(|<linux/sysdev\.h>'
	if [ $# -gt 0 ]; then
		git grep -l -E "$pat" "$1" -- '*.c' '*.h' | sed "s|^$1:||"
	else
		grep -RlE --include='*.[ch]' "$pat" . | sed 's|^\./||' || true
	fi
}
# the python3 the rules' scripts run in: Debian's (what its spatch loads
# when not told, and what coccinelle depends on), else the first on PATH.
# Named to spatch (--python): unnamed, spatch looks python3 up on PATH in
# every process, and a wrapper there (pyenv's shim) costs 0.4-0.7 s a
# process, more than a rewrite job on a small tree.
python_for_spatch() {
	if [ -x /usr/bin/python3 ]; then echo /usr/bin/python3; else command -v python3; fi
}
case $mode in
files) candidates "$@"; exit 0 ;;
python) python_for_spatch; exit ;;
esac

[ "$mode" != patch ] || [ $# -gt 0 ] ||
	die "patch: name the files to convert (syscore.sh patch FILE...; a whole tree: spatch --sp-file sysdev_to_syscore_ops.cocci -D patch --dir ., or cocci/tools/convert-tree.sh)"
command -v "$spatch" >/dev/null || die "spatch not found (apt-get install coccinelle)"
py=$(python_for_spatch) || die "python3 not found (apt-get install python3): the semantic patches' scripts need it"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/syscore.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# the files: headers first, so that a callback declared in a header is
# known when a .c file that uses it is read
order() { sed 's|^\./||' | awk '{ print (/\.h$/ ? 0 : 1) "\t" $0 }' | sort -u | cut -f2; }
if [ $# -gt 0 ]; then
	for f; do echo "$f"; done
else
	candidates
fi | order > "$tmp/files"
[ -s "$tmp/files" ] || exit 0

# A whole-tree run (no FILEs, or SYSCORE_GROW=1) grows by the files that
# the facts pass says a hook's passed-on argument needs (they name the
# hook's struct, not sysdev: the finder does not list them) and runs the
# facts pass again, once.  In a copy of some of the tree's files
# (SYSCORE_TREE) they are copied in first; SYSCORE_GROWN=file gets their
# names.
grow=
if [ $# -eq 0 ] || [ -n "${SYSCORE_GROW:-}" ]; then grow=1; fi
grown() {
	[ -n "$grow" ] && [ -s "$tmp/wanted" ] || return 1
	grow=
	while IFS= read -r f; do
		if [ ! -e "$f" ] && [ -n "${SYSCORE_TREE:-}" ]; then
			mkdir -p "$(dirname "$f")"
			cp "$SYSCORE_TREE/$f" "$f"
		fi
		[ -e "$f" ] || die "$f: a hook's argument needs it, and it is not there"
	done < "$tmp/wanted"
	[ -z "${SYSCORE_GROWN:-}" ] || cat "$tmp/wanted" >> "$SYSCORE_GROWN"
	cat "$tmp/files" "$tmp/wanted" | order > "$tmp/files.grown"
	mv "$tmp/files.grown" "$tmp/files"
	n=$(grep -c . "$tmp/wanted")
	echo "$prog: the run grows by $n file$([ "$n" = 1 ] || echo s) that name$([ "$n" != 1 ] || echo s) a hook's struct" >&2
}
groups() { # one file per group: each file is matched on its own
	awk '{ print; print "" }' "$1" > "$1.groups"
	echo "$1.groups"
}

# run SP with ARGS on the file list LIST; fail naming the files spatch
# could not handle
run() { # name sp list args...
	name=$1 sp=$2 list=$3
	shift 3
	st=0
	# shellcheck disable=SC2086
	"$spatch" --sp-file "$sp" --python "$py" $opts "$@" --file-groups "$(groups "$list")" \
		> "$tmp/$name.out" 2> "$tmp/$name.err" || st=$?
	grep -v -E '^(EXN|Error in Python|Traceback|  File "<string>"|[A-Za-z]*Error:|    )' "$tmp/$name.err" >&2 || true
	bad=$(sed -n 's/^EXN: .* in \(.*\)$/\1/p' "$tmp/$name.err" | sed 's|^\./||' | sort -u)
	if [ "$st" != 0 ] || [ -n "$bad" ]; then
		sed 's/^/  /' "$tmp/$name.err" | grep -E 'EXN|Error|Failure' | head -5 >&2 || true
		[ -n "$bad" ] || bad=$(tr '\n' ' ' < "$list")
		die "spatch failed on $(echo $bad) ($name, $(basename "$sp"))"
	fi
}

if [ -n "${SYSCORE_COCCI:-}" ]; then
	case $mode in
	patch) run cocci "$SYSCORE_COCCI" "$tmp/files" -D patch --in-place ;;
	*) run cocci "$SYSCORE_COCCI" "$tmp/files" -D "$mode" ;;
	esac
	[ "$mode" = patch ] || cat "$tmp/cocci.out"
	exit 0
fi

case $mode in
report|org|context)
	facts() {
		run report "$here/sysdev_to_syscore_ops.cocci" "$tmp/files" -D facts_pass \
			-D files="$tmp/files" -D "$mode" ${grow:+-D wanted="$tmp/wanted"}
	}
	facts
	! grown || facts
	cat "$tmp/report.out"
	;;
patch)
	facts() {
		run plan "$here/sysdev_to_syscore_ops.cocci" "$tmp/files" -D facts_pass -D placing \
			-D files="$tmp/files" -D plan="$tmp/plan.json" ${SYSCORE_REPORT:+-D report} \
			${grow:+-D wanted="$tmp/wanted"}
	}
	facts
	! grown || facts
	[ -z "${SYSCORE_REPORT:-}" ] || cp "$tmp/plan.out" "$SYSCORE_REPORT"
	# each job on the files it has something to do in
	for job in callbacks class driver sites includes; do
		"$py" "$here/syscore_model.py" job-files "$tmp/plan.json" "$job" > "$tmp/$job.files"
		[ -s "$tmp/$job.files" ] || continue
		# the callbacks job adds iterator loops (a collection's walk):
		# spatch prints "list_for_each_entry (" unless the added code
		# keeps the semantic patch's spacing
		spacing=
		[ "$job" != callbacks ] || spacing=--smpl-spacing
		run "$job" "$here/syscore_$job.cocci" "$tmp/$job.files" -D syscore_job -D plan="$tmp/plan.json" \
			$spacing --in-place
	done
	;;
*)	die "unknown mode '$mode' (report, org, context, patch, files, python)" ;;
esac
if [ -n "${SYSCORE_KEEP:-}" ]; then
	mkdir -p "$SYSCORE_KEEP"
	cp "$tmp"/*.out "$tmp"/*.err "$SYSCORE_KEEP"/ 2>/dev/null || true
	cp "$tmp"/plan.json "$SYSCORE_KEEP"/ 2>/dev/null || true
fi

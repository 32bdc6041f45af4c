#!/bin/sh
# check-boot.sh - judge one arch's boots; prints KTAP as the checks run.
#
# Usage: check-boot.sh RESULTS_DIR
# RESULTS_DIR holds meta (written by boot-test.sh: the arch, the commit,
# what the tree has, the boots that ran, the expect file) and
# NAME.{log,rc,seconds} per QEMU run.
# Each boot mode's checks live in boot-tests/boot/modes/<mode>/host.sh:
# mode_plan names them and the function that judges each (decided from
# meta and the expect file, never from what the guest printed).  The plan
# is the sum of the names, printed before any check runs; a mode that prints
# fewer results than it named fails the run (lib/common.sh ktap_end).
# Writes RESULTS_DIR/results.tsv (check, 1/0/skip, seconds).  Exits 1 if
# a check failed.
set -eu

res=${1:?usage: check-boot.sh RESULTS_DIR}
. "$(dirname "$0")/../../lib/common.sh"
[ $# = 1 ] || die "usage: check-boot.sh RESULTS_DIR (the arch and the expect file are the meta's)"
here=$TOP/boot-tests
. "$here/boot/mode.sh"
[ -f "$res/meta" ] || die "no $res/meta: boot-test.sh did not run"
meta() { sed -n "s/^$1=//p" "$res/meta"; }
# the mode context, the arch and the expect file judged: all from meta
mode_context "$res/meta"

# --- what the modes' checks share -----------------------------------------
# NAME's console log without carriage returns, its QEMU status and seconds
# ("missing" and 0 when that run did not happen).
log_of() { [ -f "$res/$1.txt" ] || { tr -d '\r' < "$res/$1.log"; } > "$res/$1.txt" 2>/dev/null || : > "$res/$1.txt"; echo "$res/$1.txt"; }
rc_of() { cat "$res/$1.rc" 2>/dev/null || echo missing; }
sec_of() { cat "$res/$1.seconds" 2>/dev/null || echo 0; }

# A run that did not end by itself: say where the guest was.
timeout_note() { # log rc seconds
	[ "$2" = 124 ] || return 0
	where=$(grep -o 'ST: cycle [0-9]* begin' "$1" | tail -1 | sed 's/ST: //; s/ begin//')
	echo "timeout after $3 s${where:+ in $where}"
}

# Why a boot did not end as it should ("" if it did): the guest printed
# ST_LINE, the kernel KERNEL_LINE, and QEMU exited by itself with 0.
ended_by_itself() { # log rc seconds st_line kernel_line
	e=$(timeout_note "$1" "$2" "$3")
	if [ -n "$e" ]; then
		echo "$e"
	elif [ "$2" = missing ]; then
		echo "QEMU did not run"
	elif ! grep -q "^$4" "$1"; then
		echo "the guest never reached '$4'"
	elif ! grep -q "$5" "$1"; then
		echo "no '$5' line"
	elif [ "$2" != 0 ]; then
		echo "QEMU exit status $2, want 0"
	fi
}

# Why BOOTTIME's growth across a sleep (SLEPT ms of BOOTTIME - MONOTONIC
# plus MONO ms of MONOTONIC) disagrees with the RTC's (R0 to R1, whole
# seconds); "" if it agrees.  The bound follows from both clocks'
# resolution:
#   - the guest reads the RTC in whole seconds at both ends, so the time
#     that really passed, E, is within (D - 1 s, D + 1 s) of D = R1 - R0;
#   - the kernel measures the sleep with the RTC too (the persistent
#     clock, or rtc_suspend/rtc_resume: whole seconds at both ends), so
#     SLEPT is within (-1 s, +1 s) of the real sleep, and SLEPT + MONO
#     within (E - 1 s, E + 1 s);
# hence |SLEPT + MONO - D| < 2 s, plus TOL ms for the guest's reads of
# the RTC and of the clocks, which are not one atomic reading.
rtc_disagrees() { # slept mono r0 r1 tol
	_w=$(( ($4 - $3) * 1000 ))
	if [ $(($1 + $2)) -ge $((_w + 2000 + $5)) ]; then
		echo "slept $1 ms + ran $2 ms, but the RTC advanced only $(($4 - $3)) s (bound: 2 s, one per clock, + $5 ms)"
	elif [ $(($1 + $2)) -le $((_w - 2000 - $5)) ]; then
		echo "slept $1 ms + ran $2 ms, but the RTC advanced $(($4 - $3)) s (bound: 2 s, one per clock, + $5 ms)"
	fi
}

# Kernel problems in LOG: BUG/WARNING/Oops/panic lines and lockdep and
# might_sleep reports (and ODEBUG ones unless $2 = odebug-ok), and the
# guest's "ST: harness:" lines (it could not set up the machine as the
# test needs it), less the warnings the expect file allows:
#   allow<TAB><regex of the WARNING line><TAB>when<TAB><regex in the log>
# (a hazard the legacy baseline is known to have; see expect/arm).
problems() { # log [odebug-ok]
	pat='BUG:|WARNING:|Oops|ODEBUG:|Kernel panic|possible circular locking|inconsistent lock state|suspicious RCU usage|ST: harness:'
	p=$(grep -n -E "$pat" "$1" || true)
	if [ "${2:-}" = odebug-ok ]; then
		p=$(printf '%s\n' "$p" | grep -v -E -e 'WARNING: .* at ([^ ]*/)?lib/debugobjects\.c:' -e 'ODEBUG: ' || true)
	fi
	while IFS='	' read -r kw re _ when; do
		[ "$kw" = allow ] || continue
		grep -q -E "$when" "$1" || continue
		p=$(printf '%s\n' "$p" | grep -v -E "$re" || true)
	done < "$expect"
	printf '%s\n' "$p" | sed '/^$/d' | head -5
}
allowed_note() { # log: which allowances applied
	while IFS='	' read -r kw re _ when; do
		[ "$kw" = allow ] || continue
		grep -q -E "$when" "$1" || continue
		k=$(grep -c -E "$re" "$1" || true)
		[ "$k" = 0 ] || echo "allowed by $(basename "$expect"): $k x '$re' (log has '$when')"
	done < "$expect"
}

# The log tail, once per log: the first failing check shows it.
tail_of() {
	mark=$res/.tail-shown.$(basename "$1")
	[ ! -e "$mark" ] || return 0
	: > "$mark"
	echo "last lines of $1:"
	tail -n 15 "$1"
}
rm -f "$res"/.tail-shown.*
# the .txt copies of the logs are made afresh (ktap.txt is boot-test.sh's)
for l in "$res"/*.log; do rm -f "${l%.log}.txt"; done

# fact LOG NAME: what the guest reported as "ST: NAME: ..." (first line)
fact() { awk -v p="ST: $2: " 'index($0, p) == 1 { print substr($0, length(p) + 1); exit }' "$1"; }

# --- plan, then the checks of each mode, in the order they ran -------------
plan=0
for m in $boots; do
	mode_load "$m"
	plan=$((plan + $(mode_checks | wc -w)))
done
ktap_start "$res" "$plan" "boot tests: $arch at $(meta describe) (boots: $boots)"
for m in $boots; do
	mode_load "$m"
	mode_run_checks
done
ktap_end

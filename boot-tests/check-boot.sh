#!/bin/sh
# check-boot.sh - judge one arch's boot logs; prints a KTAP report.
#
# Usage: check-boot.sh ARCH RESULTS_DIR EXPECT_FILE
# RESULTS_DIR holds meta, suspend.{log,rc,seconds}, reboot.{log,rc,seconds}
# (written by boot-test.sh).  Also writes RESULTS_DIR/results.tsv:
# check, ok (1/0), seconds.
set -eu

arch=${1:?usage}; res=${2:?usage}; expect=${3:?usage}
here=$(cd "$(dirname "$0")" && pwd)
meta() { sed -n "s/^$1=//p" "$res/meta"; }
commit=$(meta commit); cycles=$(meta cycles); alarm=$(meta alarm)
slog=$res/suspend.log; rlog=$res/reboot.log
src=$(cat "$res/suspend.rc" 2>/dev/null || echo missing)
ssec=$(cat "$res/suspend.seconds" 2>/dev/null || echo 0)
rrc=$(cat "$res/reboot.rc" 2>/dev/null || echo none)
rsec=$(cat "$res/reboot.seconds" 2>/dev/null || echo 0)
touch "$slog" "$rlog"
[ -f "$expect" ] || { echo "check-boot: no expect file $expect" >&2; exit 2; }
marker=$(sed -n 's/^marker[[:space:]]*//p' "$expect")

# The guest's console, without carriage returns.
tr -d '\r' < "$slog" > "$res/suspend.txt"
tr -d '\r' < "$rlog" > "$res/reboot.txt"
slog=$res/suspend.txt; rlog=$res/reboot.txt

n=0
: > "$res/results.tsv"
body=$res/ktap.body
: > "$body"

# result NAME SECONDS REASON [DIAG...]: REASON empty means ok.
result() {
	name=$1 sec=$2 why=$3
	shift 3
	n=$((n + 1))
	if [ -z "$why" ]; then
		echo "ok $n $arch.$name" >> "$body"
		printf '%s\t1\t%s\n' "$name" "$sec" >> "$res/results.tsv"
	else
		echo "not ok $n $arch.$name # $why" >> "$body"
		printf '%s\t0\t%s\n' "$name" "$sec" >> "$res/results.tsv"
	fi
	for d in "$@"; do [ -z "$d" ] || printf '%s\n' "$d" | sed 's/^/# /' >> "$body"; done
}

# A run that did not end by itself: say where the guest was.
timeout_note() { # log rc seconds
	[ "$2" = 124 ] || return 0
	where=$(grep -o 'ST: cycle [0-9]* begin' "$1" | tail -1 | sed 's/ST: //; s/ begin//')
	echo "timeout after $3 s${where:+ in $where}"
}
# The log tail, once per log: the first failing check shows it.
# Kernel problems in LOG: BUG/WARNING/Oops/panic lines (and ODEBUG ones
# unless $2 = odebug-ok), less the warnings the expect file allows:
#   allow<TAB><regex of the WARNING line><TAB>when<TAB><regex in the log>
# (a hazard the legacy baseline is known to have; see expect/arm).
problems() { # log [odebug-ok]
	pat='BUG:|WARNING:|Oops|ODEBUG:|Kernel panic'
	[ "${2:-}" != odebug-ok ] || pat='BUG:|WARNING:|Oops|Kernel panic'
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

# Why a boot did not end as it should ("" if it did): the guest printed
# ST_LINE, the kernel KERNEL_LINE, and QEMU exited by itself with 0.
ended_by_itself() { # log rc seconds st_line kernel_line
	e=$(timeout_note "$1" "$2" "$3")
	if [ -n "$e" ]; then
		echo "$e"
	elif ! grep -q "^$4" "$1"; then
		echo "the guest never reached '$4'"
	elif ! grep -q "$5" "$1"; then
		echo "no '$5' line"
	elif [ "$2" != 0 ]; then
		echo "QEMU exit status $2, want 0"
	fi
}

tail_of() {
	mark=$res/.tail-shown.$(basename "$1")
	[ ! -e "$mark" ] || return 0
	: > "$mark"
	echo "last lines of $1:"
	tail -n 15 "$1"
}
rm -f "$res"/.tail-shown.*

# 1. boot: the kernel from this commit reached the initramfs
short=$(echo "$commit" | cut -c1-12)
why=
ver=$(grep -m1 'Linux version' "$slog" || true)
if [ -z "$ver" ]; then
	why="no 'Linux version' line: the kernel did not boot${src:+ (QEMU status $src)}"
elif ! echo "$ver" | grep -q -- "-g$short"; then
	why="kernel is not built from $short: $ver"
elif ! grep -q '^ST: init ' "$slog"; then
	why="the initramfs init never ran"
fi
result boot "$ssec" "$why" ${why:+"$(tail_of "$slog")"} "$ver"

# 2. mem_sleep offers deep, selected
ms=$(sed -n 's/^ST: mem_sleep //p' "$slog")
why=
case " $ms " in
*" [deep] "*) ;;
*" deep "*) why="deep offered but not selected: $ms" ;;
*) why="deep not offered: ${ms:-no mem_sleep line}" ;;
esac
result mem_sleep_deep "$ssec" "$why"

# 3. every write to /sys/power/state succeeded; suspend_stats agree
stat() { sed -n "s/^ST: stats $1 .*$2=\([0-9]*\).*/\1/p" "$slog"; }
why=$(timeout_note "$slog" "$src" "$ssec")
i=1
while [ -z "$why" ] && [ "$i" -le "$cycles" ]; do
	l=$(grep "^ST: cycle $i write=" "$slog" || true)
	case $l in
	"") why="cycle $i: no result" ;;
	*" write=0 "*) ;;
	*) why="cycle $i: write to /sys/power/state failed: ${l#ST: cycle $i }" ;;
	esac
	i=$((i + 1))
done
if [ -z "$why" ]; then
	s0=$(stat before success); s1=$(stat after success)
	f0=$(stat before fail); f1=$(stat after fail)
	if [ -z "$s0" ] || [ -z "$s1" ]; then
		why="no suspend_stats lines"
	elif [ $((s1 - s0)) -ne "$cycles" ]; then
		why="suspend_stats/success grew by $((s1 - s0)), want $cycles"
	elif [ "$f1" -ne "$f0" ]; then
		why="suspend_stats/fail grew by $((f1 - f0)), want 0"
	fi
fi
result suspend_cycles "$ssec" "$why" ${why:+"$(tail_of "$slog")"}

# 4. syscore order, every cycle
awk -v marker="$marker" -f "$here/syscore-seq.awk" "$slog" > "$res/syscore.seq"
out=$(awk -v what=cycles -v cycles="$cycles" -f "$here/syscore-order.awk" "$expect" "$res/syscore.seq")
why=$(timeout_note "$slog" "$src" "$ssec")
[ -n "$why" ] || why=$(echo "$out" | sed -n 's/^fail: //p' | head -1)
result syscore_order "$ssec" "$why" "$(echo "$out" | grep -v '^ok$' | sed 's/^# //')"

# 5. time across sleep: BOOTTIME - MONOTONIC grows by the time slept.
# The alarm fires at RTC second now+alarm, so the machine sleeps at least
# (alarm - 1) s minus the time it spent suspending (part of mono_ms).
why=$(timeout_note "$slog" "$src" "$ssec")
tol=100
details=
i=1
while [ -z "$why" ] && [ "$i" -le "$cycles" ]; do
	l=$(grep "^ST: cycle $i write=" "$slog" || true)
	slept=$(echo "$l" | sed -n 's/.*slept_ms=\([0-9-]*\).*/\1/p')
	mono=$(echo "$l" | sed -n 's/.*mono_ms=\([0-9-]*\).*/\1/p')
	r0=$(echo "$l" | sed -n 's/.*rtc_before=\([0-9]*\).*/\1/p')
	r1=$(echo "$l" | sed -n 's/.*rtc_after=\([0-9]*\).*/\1/p')
	if [ -z "$slept" ] || [ -z "$mono" ] || [ -z "$r0" ] || [ -z "$r1" ]; then
		why="cycle $i: no measurement"
		break
	fi
	min=$(( (alarm - 1) * 1000 - mono - tol ))
	wall=$(( (r1 - r0) * 1000 ))
	details="$details cycle$i:slept=${slept}ms,mono=${mono}ms,rtc=$((r1 - r0))s"
	if [ "$slept" -lt "$min" ] || [ "$slept" -le 0 ]; then
		why="cycle $i: BOOTTIME-MONOTONIC grew by $slept ms, want >= $min ms (alarm +$alarm s, $mono ms running): woke before its alarm?"
	elif [ $((slept + mono)) -gt $((wall + 1000 + tol)) ]; then
		why="cycle $i: slept $slept ms + ran $mono ms, but the RTC advanced only $((r1 - r0)) s"
	elif [ "$mono" -gt $((wall + tol)) ]; then
		why="cycle $i: CLOCK_MONOTONIC grew by $mono ms across a ${wall} ms suspend: sleep time counted as running"
	fi
	i=$((i + 1))
done
result sleep_time "$ssec" "$why" "${details# }"

# 6. shutdown: syscore shutdown callbacks, power down, QEMU exits by itself
out=$(awk -v what=shutdown -f "$here/syscore-order.awk" "$expect" "$res/syscore.seq")
why=$(ended_by_itself "$slog" "$src" "$ssec" "ST: poweroff" "reboot: Power down")
[ -n "$why" ] || why=$(echo "$out" | sed -n 's/^fail: //p' | head -1)
result shutdown "$ssec" "$why" "$(echo "$out" | grep -v '^ok$' | sed 's/^# /shutdown callbacks: /')" ${why:+"$(tail_of "$slog")"}

# 7. reboot -f under -no-reboot: QEMU exits by itself (when that boot ran)
if [ "$rrc" != none ]; then
why=$(ended_by_itself "$rlog" "$rrc" "$rsec" "ST: reboot" "reboot: Restarting system")
result reboot "$rsec" "$why" ${why:+"$(tail_of "$rlog")"}
fi

# 8. nothing went wrong in the kernel
bad=$( { problems "$slog"; problems "$rlog"; } | head -5)
result log_clean "$ssec" "${bad:+kernel reported a problem: $(echo "$bad" | head -1)}" ${bad:+"$bad"} "$(allowed_note "$slog")"

# --- test module boots -------------------------------------------------------
for boot in modules misuse; do
	[ -f "$res/$boot.rc" ] || continue
	tr -d '\r' < "$res/$boot.log" > "$res/$boot.txt"
	log=$res/$boot.txt
	rc=$(cat "$res/$boot.rc"); sec=$(cat "$res/$boot.seconds")
	tmo=$(timeout_note "$log" "$rc" "$sec")

	# the guest's own checks, by the names this boot must report
	if [ "$boot" = modules ]; then
		names="order"
		if grep -q '^ST: syscore_test sysdev=1' "$log"; then
			names="$names sysdev_name_clash"
			for f in fault_sysdev_class fault_sysdev_driver fault_syscore; do
				names="$names $f ${f}_then_suspend"
			done
		else
			names="$names fault_syscore fault_syscore_then_suspend"
		fi
		names="$names odebug_hint_then_suspend"
	else
		names="register_twice unregister_unregistered module_leak_then_suspend"
	fi
	for name in $names; do
		l=$(grep -m1 "^ST: result $name " "$log" || true)
		case $l in
		"ST: result $name ok") why= ;;
		"ST: result $name fail "*) why=${l#"ST: result $name fail "} ;;
		*) why=${tmo:-no result: the guest stopped before this check} ;;
		esac
		result "$boot.$name" "$sec" "$why" "$(grep "^ST: $name: " "$log" | sed 's/^ST: //')" ${why:+"$(tail_of "$log")"}
	done

	# every expected ODEBUG report, with the hint naming the owner
	grep '^ST: expect-odebug ' "$log" | while read -r _ _ type hint; do
		if grep -q "ODEBUG: .* object type: $type hint: $hint+" "$log"; then
			why=
		else
			why="no ODEBUG report for $type with hint: $hint"
		fi
		result "$boot.odebug_$hint" "$sec" "$why" "$(grep "ODEBUG: .*hint: $hint+" "$log" | head -1)"
	done
	# (result in a pipe's subshell: count them back from results.tsv)
	n=$(wc -l < "$res/results.tsv")

	if [ "$boot" = modules ]; then
		want=$(sed -n 's/^ST: expect-shutdown //p' "$log")
		got=$(sed -n 's/.*syscore_test: shutdown: //p' "$log")
		why=$tmo
		[ -n "$why" ] || [ -n "$want" ] || why="the guest never reached poweroff"
		[ -n "$why" ] || [ "$got" = "$want" ] || why="shutdown callbacks '$got', want '$want'"
		result "$boot.shutdown_order" "$sec" "$why"
	fi

	why=$(ended_by_itself "$log" "$rc" "$sec" "ST: poweroff" "reboot: Power down")
	result "$boot.poweroff" "$sec" "$why" ${why:+"$(tail_of "$log")"}

	# Only the expected ODEBUG reports (each a WARNING in lib/debugobjects.c).
	nexp=$(grep -c '^ST: expect-odebug ' "$log" || true)
	nodb=$(grep -c 'ODEBUG:' "$log" || true)
	bad=$(problems "$log" odebug-ok)
	why=
	if [ -n "$bad" ]; then
		why="kernel reported a problem: $(echo "$bad" | head -1)"
	elif [ "$nodb" != "$nexp" ]; then
		why="$nodb ODEBUG reports, $nexp expected"
	fi
	result "$boot.log_clean" "$sec" "$why" ${bad:+"$bad"} "$(grep 'ODEBUG:' "$log" | head -6)" "$(allowed_note "$log")"
done

echo "KTAP version 1"
echo "# boot tests: $arch at $(meta describe)"
echo "1..$n"
cat "$body"
pass=$(grep -c '	1	' "$res/results.tsv" || true)
echo "# $arch: $pass passed, $((n - pass)) failed"

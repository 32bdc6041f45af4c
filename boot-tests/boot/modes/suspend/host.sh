# suspend (host): CYCLES suspend-to-RAM cycles, woken in turn by the wake
# sources of WAKE (mode.sh's mode_wake: the RTC wake alarm, an alarm
# timer, a timerfd on CLOCK_REALTIME_ALARM, and on x86 the host, QMP
# system_wakeup from qmp-wake, on arm the deep state's test timer), one
# hibernation with pm_test=core
# (unless HIBERNATE_CORE=0), then poweroff.  Sourced by boot-test.sh
# (mode_boot) and check-boot.sh (mode_plan, mode_prepare); see
# boot-tests/boot/modes/README.

# Alarm timer wake-ups: alarmtimer_suspend() refuses to suspend (-EBUSY)
# when the next expiry is less than 2 s away as it runs, so the timer is
# set 2 s plus a margin for the suspend work between timerfd_settime()
# and that call (the freezer, the devices before the alarmtimer's): the
# whole of a cycle's running time, suspend and resume, is 70-180 ms
# under TCG (mono_ms; the matrix beside a build), and the margin is 500
# ms, more than twice the most.  The RTC alarm the kernel then programs
# is the RTC's second plus the 2.45 s left, rounded up to a whole second
# (rtc_ktime_to_tm()): r + 3, 2-3 s after the suspend began; the cycle
# lasts that or the timer's 2.5 s, whichever is later (4 s with a 4 s
# timer, as before).
sus_alarmtimer=2.5
# The arm deep state's test timer: far below the RTC's second, far above
# the time ->enter() takes to reach WFI
sus_timer_ms=20

# "sysfs DIR NAME..." lines of the expect file: DIR must have those entries
sus_sysfs() { awk -F'\t' '$1 == "sysfs" { print $2 "\t" $3 }' "$expect"; }
# "N WAKE" for every cycle: the guest takes the wake sources of st.wake
# in turn (one awk for all cycles: a soak runs a thousand)
sus_wakes() { echo "$wake" | awk -F, -v n="$cycles" '{ for (i = 1; i <= n; i++) print i, $((i - 1) % NF + 1) }'; }
# the wake source of cycle N (for a few cycles: the checks that go
# through all of them read the table, sus_table)
sus_wake_of() { echo "$wake" | awk -F, -v i="$1" '{ print $((i - 1) % NF + 1) }'; }
# sus_alarm_for W: sets a to the alarm's whole seconds after the cycle
# starts for wake source W (a host wake has none: 0): the RTC second it
# is due at the earliest is r0 + a (the alarm timer's 2.5 s: r0 + 2).
# No process: it runs once per cycle.
sus_alarm_for() {
	case $1 in
	alarmtimer) a=${sus_alarmtimer%.*} ;;
	host|timer) a=0 ;;
	*) a=$alarm ;;
	esac
}
# the cycles woken by the alarm timer, by the host
sus_alarmtimer_cycles() { sus_wakes | awk '$2 == "alarmtimer" { print $1 }'; }
sus_host_cycles() { sus_wakes | awk '$2 == "host" { print $1 }'; }
sus_timer_cycles() { sus_wakes | awk '$2 == "timer" { print $1 }'; }
# the wake source a cycle's result line says the guest armed
sus_armed() { echo "$1" | sed -n 's/.* wake=\([a-z]*\).*/\1/p'; }

mode_boot() {
	d=$(sus_sysfs | cut -f1 | tr '\n' , | sed 's/,$//')
	boot suspend "${TIMEOUT:-$((90 + cycles * 10))}" \
		"st.cycles=$cycles st.wake=$wake st.alarmtimer=$sus_alarmtimer st.timer_ms=$sus_timer_ms st.hibernate_core=$hibernate_core${d:+ st.sysfs=$d}"
}

# the checks, in order: name, the function that judges it
mode_plan() {
	echo boot sus_check_boot
	echo mem_sleep_deep sus_check_mem_sleep_deep
	[ -z "$(sus_sysfs)" ] || echo sysfs sus_check_sysfs
	echo suspend_cycles sus_check_suspend_cycles
	echo syscore_order sus_check_syscore_order
	echo sleep_time sus_check_sleep_time
	[ -z "$(sus_alarmtimer_cycles)" ] || echo alarmtimer_wake sus_check_alarmtimer_wake
	[ -z "$(sus_host_cycles)" ] || echo host_wake sus_check_host_wake
	[ -z "$(sus_timer_cycles)" ] || echo timer_wake sus_check_timer_wake
	[ "$smp" -lt 2 ] || echo cpus_offline sus_check_cpus_offline
	[ "$hibernate_core" = 0 ] || echo hibernate_core sus_check_hibernate_core
	echo shutdown sus_check_shutdown
	echo log_clean sus_check_log_clean
}

# what every check reads: the log, QEMU's status and seconds, where a
# timeout left the guest, and the syscore callbacks of every cycle
mode_prepare() {
	slog=$(log_of suspend); src=$(rc_of suspend); ssec=$(sec_of suspend)
	tmo=$(timeout_note "$slog" "$src" "$ssec")
	awk -v marker="$marker" -f "$here/boot/syscore-seq.awk" "$slog" > "$res/syscore.seq"
	sus_table > "$res/suspend.cycles"
}
# the table the per-cycle checks read in cycle order: "N<TAB>WAKE<TAB>
# LINE" for N = 1..cycles, WAKE its wake source, LINE its result line
# (the first, "" if none).  One pass over the log: a soak's log holds
# ten thousand cycles, and a search of it per cycle grows as their square.
sus_table() {
	sus_wakes | awk -v OFS='\t' '
		NR == FNR { if (/^ST: cycle [0-9]+ write=/ && !($3 in line)) line[$3] = $0; next }
		{ print $1, $2, line[$1] }' "$slog" -
}
# sus_parse LINE: the numbers of a result line into slept, mono, r0, r1
# and the wake source it armed into armed ("" when missing; no process)
sus_parse() {
	slept='' mono='' r0='' r1='' armed=''
	for _kv in $1; do
		case $_kv in
		slept_ms=*) slept=${_kv#*=} ;;
		mono_ms=*) mono=${_kv#*=} ;;
		rtc_before=*) r0=${_kv#*=} ;;
		rtc_after=*) r1=${_kv#*=} ;;
		wake=*) armed=${_kv#*=}; armed=${armed%%[!a-z]*} ;;
		esac
	done
}
# is each argument a whole number (a sign allowed)?
sus_numbers() {
	for _n in "$@"; do
		case ${_n#-} in ""|*[!0-9]*) return 1 ;; esac
	done
}
# the first failure of syscore-order.awk's output OUT ("" if none), the
# reason of a check unless the run timed out
sus_order_why() { [ -n "$tmo" ] && echo "$tmo" || echo "$1" | sed -n 's/^fail: //p' | head -1; }
# OUT's lines for the diagnostics
sus_order_notes() { echo "$1" | grep -v '^ok$' | sed "s/^# /${2:-}/"; }
# the suspend_stats counter $2 (success, fail) before or after ($1) the cycles
sus_stat() { sed -n "s/^ST: stats $1 .*$2=\([0-9]*\).*/\1/p" "$slog"; }
# cycle N's result line, from the table
sus_cycle_line() { awk -F'\t' -v n="$1" '$1 == n { print $3; exit }' "$res/suspend.cycles"; }

# the kernel from this commit reached the initramfs
sus_check_boot() {
	short=$(echo "$commit" | cut -c1-12)
	why=
	ver=$(grep -m1 'Linux version' "$slog" || true)
	if [ -z "$ver" ]; then
		why="no 'Linux version' line: the kernel did not boot (QEMU status $src)"
	elif ! echo "$ver" | grep -q -- "-g$short"; then
		why="kernel is not built from $short: $ver"
	elif ! grep -q '^ST: init ' "$slog"; then
		why="the initramfs init never ran"
	fi
	ktap_result "$1" "$ssec" "$why" ${why:+"$(tail_of "$slog")"} "$ver"
}

# mem_sleep offers deep, selected
sus_check_mem_sleep_deep() {
	ms=$(sed -n 's/^ST: mem_sleep //p' "$slog")
	case " $ms " in
	*" [deep] "*) why= ;;
	*" deep "*) why="deep offered but not selected: $ms" ;;
	*) why="deep not offered: ${ms:-no mem_sleep line}" ;;
	esac
	ktap_result "$1" "$ssec" "$why"
}

# the sysfs entries the expect file names are there (a sysdev that
# keeps its attributes when its PM callbacks move to syscore_ops)
sus_check_sysfs() {
	why=
	while IFS='	' read -r dir names; do
		got=" $(fact "$slog" "sysfs $dir") "
		for e in $names; do
			case $got in *" $e "*) ;; *) why="${why:+$why; }$dir has no $e" ;; esac
		done
	done <<EOF2
$(sus_sysfs)
EOF2
	grep -q '^ST: sysfs ' "$slog" || why="${tmo:-no sysfs listing from the guest}"
	ktap_result "$1" "$ssec" "$why" "$(grep '^ST: sysfs' "$slog" | sed 's/^ST: //')"
}

# every write to /sys/power/state succeeded, with the wake source the
# host asked for; suspend_stats agree
sus_check_suspend_cycles() {
	why=$tmo
	while [ -z "$why" ] && IFS='	' read -r i w l; do
		# what the guest arms (nothing for the host or the deep state's
		# test timer: the kernel arms that one)
		case $w in host|timer) a=none ;; *) a=$w ;; esac
		case $l in
		"") why="cycle $i: no result" ;;
		*" write=0 "*)
			case "$l " in *" wake=$a "*) ;; *) why="cycle $i: armed $(sus_armed "$l"), asked for $a (wake source $w)" ;; esac ;;
		*) why="cycle $i: write to /sys/power/state failed: ${l#ST: cycle $i }" ;;
		esac
	done < "$res/suspend.cycles"
	if [ -z "$why" ]; then
		s0=$(sus_stat before success); s1=$(sus_stat after success)
		f0=$(sus_stat before fail); f1=$(sus_stat after fail)
		if [ -z "$s0" ] || [ -z "$s1" ]; then
			why="no suspend_stats lines"
		elif [ $((s1 - s0)) -ne "$cycles" ]; then
			why="suspend_stats/success grew by $((s1 - s0)), want $cycles"
		elif [ "$f1" -ne "$f0" ]; then
			why="suspend_stats/fail grew by $((f1 - f0)), want 0"
		fi
	fi
	sus_rescues
	ktap_result "$1" "$ssec" "$why" ${why:+"$(tail_of "$slog")"} \
		${rescued:+"alarms QEMU lost (due before S3 entry), woken by the runner:$rescued"}
}

# x86: a cycle the runner had to wake (qmp-wake) passes only if its
# alarm came due before QEMU saw the guest enter S3 (QEMU lost it); sets
# rescued, and why unless it is set
sus_rescues() {
	rescued=
	wf=$res/suspend.log.wake
	[ -f "$wf" ] || wf=/dev/null
	while read -r what k _ at; do
		[ "$what" = rescue ] || continue
		sus_parse "$(sus_cycle_line "$k")"
		sus_numbers "$r0" || r0=''
		sus_alarm_for "$(sus_wake_of "$k")"
		s3=$(sed -n "s/^suspend $k at \([0-9]*\).*/\1/p" "$wf")
		if [ -n "$r0" ] && [ -n "$s3" ] && [ $((r0 + a)) -le "$s3" ]; then
			rescued="$rescued cycle $k (alarm due at $((r0 + a)), S3 entered at $s3)"
		elif [ -z "$why" ]; then
			why="cycle $k: the guest was still suspended ${WAKE_GRACE:-10} s after entering S3 (at ${s3:-?}) although its alarm was due at $((${r0:-0} + a)): woken by the runner"
		fi
	done < "$wf"
}

# syscore order, every cycle
sus_check_syscore_order() {
	out=$(awk -v what=cycles -v cycles="$cycles" -f "$here/boot/syscore-order.awk" "$expect" "$res/syscore.seq")
	ktap_result "$1" "$ssec" "$(sus_order_why "$out")" "$(sus_order_notes "$out")"
}

# time across sleep.  The RTC alarm fires at RTC second r0 + alarm,
# so a cycle that woke by it reads the RTC at or past that second
# after resume.  BOOTTIME - MONOTONIC must have grown (the kernel
# accounted the sleep) and MONOTONIC not by the sleep; both agree with
# the RTC to its resolution (rtc_disagrees, check-boot.sh).  A cycle
# the host woke may have slept less than the persistent clock's second
# (x86: the CMOS RTC): BOOTTIME - MONOTONIC must not shrink.  A cycle the
# arm deep state's test timer woke slept at least its st.timer_ms: the
# kernel accounts the sleep with the arch counter (ns), which runs from
# timekeeping_suspend() to timekeeping_resume(), around the timer's wait;
# the guest truncates to ms (-1).
sus_check_sleep_time() {
	why=$tmo
	tol=100
	details=
	while [ -z "$why" ] && IFS='	' read -r i w l; do
		sus_parse "$l"
		if ! sus_numbers "$slept" "$mono" "$r0" "$r1"; then
			why="cycle $i: no measurement"
			break
		fi
		sus_alarm_for "$w"
		wall=$(( (r1 - r0) * 1000 ))
		details="$details cycle$i:$armed,slept=${slept}ms,mono=${mono}ms,rtc=$((r1 - r0))s"
		if [ "$r1" -lt $((r0 + a)) ]; then
			why="cycle $i: woke at RTC $r1, before its alarm (due at $((r0 + a)), +$a s)"
		elif [ "$slept" -lt 0 ] || { [ "$slept" -eq 0 ] && [ "$a" -gt 0 ]; }; then
			why="cycle $i: BOOTTIME-MONOTONIC grew by $slept ms: no sleep time accounted"
		elif [ "$w" = timer ] && [ "$slept" -lt $((sus_timer_ms - 1)) ]; then
			why="cycle $i: BOOTTIME-MONOTONIC grew by $slept ms, less than the test timer's $sus_timer_ms ms"
		elif d=$(rtc_disagrees "$slept" "$mono" "$r0" "$r1" "$tol") && [ -n "$d" ]; then
			why="cycle $i: $d"
		elif [ "$mono" -ge $((wall + 1000 + tol)) ]; then
			# MONOTONIC is exact; the RTC difference may be up to 1 s short
			# of the time that passed (two whole-second readings)
			why="cycle $i: CLOCK_MONOTONIC grew by $mono ms across a ${wall} ms suspend: sleep time counted as running"
		fi
	done < "$res/suspend.cycles"
	ktap_result "$1" "$ssec" "$why" "${details# }"
}

# the alarm timer cycles (WAKE's alarmtimer turns) were woken by
# their timer: it fired exactly once, and the cycle slept (sleep_time)
sus_check_alarmtimer_wake() {
	atc=$(sus_alarmtimer_cycles)
	why=$tmo
	for i in $atc; do
		[ -z "$why" ] || break
		l=$(sus_cycle_line "$i")
		case $l in
		*" wake=alarmtimer expired=1"*) ;;
		*" wake=alarmtimer "*) why="cycle $i: the alarm timer fired $(echo "$l" | sed 's/.*expired=//') times, want 1" ;;
		"") why="cycle $i: no result" ;;
		*) why="cycle $i was not woken through the alarm timer: ${l#ST: cycle $i }" ;;
		esac
	done
	ktap_result "$1" "$ssec" "$why" "cycles $(echo $atc)"
}

# sus_fast_wake_why KIND CLAIMED SOURCE NOT_FN: why the cycles WAKE
# gives to KIND (host, timer) were not woken by SOURCE alone ("" when
# they were): each is among CLAIMED (the cycles SOURCE's own evidence
# says it woke; else NOT_FN N gives the reason), has its result line and
# armed nothing; no other cycle is among CLAIMED.  The reason of a
# timeout comes first.  One awk over the table finds the first fault
# ("FAULT N"), in that order.
sus_fast_wake_why() {
	[ -z "$tmo" ] || { echo "$tmo"; return; }
	_f=$(echo "$2" | awk -F'\t' -v kind="$1" '
		NR == FNR { if ($1 != "") { claimed[$1] = 1; order[++n] = $1 }; next }
		$2 == kind {
			mine[$1] = 1
			if (bad != "") next
			if (!($1 in claimed)) bad = "unclaimed " $1
			else if ($3 == "") bad = "noresult " $1
			else if (($3 " ") !~ / wake=none /) bad = "armed " $1
		}
		END {
			for (k = 1; bad == "" && k <= n; k++)
				if (!(order[k] in mine)) bad = "other " order[k]
			print bad
		}' - "$res/suspend.cycles")
	_i=${_f#* }
	case $_f in
	unclaimed\ *) echo "cycle $_i: $($4 "$_i")" ;;
	noresult\ *) echo "cycle $_i: no result" ;;
	armed\ *) echo "cycle $_i: the guest armed $(sus_armed "$(sus_cycle_line "$_i")") in a cycle $3 wakes" ;;
	other\ *) echo "cycle $_i: woken by $3, but WAKE gives it $(sus_wake_of "$_i")" ;;
	esac
}

# the host's cycles (WAKE's host turns) were woken by the host: qmp-wake
# saw QEMU's SUSPEND event of each and answered it with system_wakeup
# ("host K"), QEMU's WAKEUP followed, and the guest armed nothing; no
# other cycle was woken that way
sus_host_not() { echo "the host did not wake it ($(grep " $1 at " "$wf" | cut -d' ' -f1 | tr '\n' ' ')in suspend.log.wake)"; }
sus_check_host_wake() {
	hc=$(sus_host_cycles)
	wf=$res/suspend.log.wake
	why=
	[ -f "$wf" ] || why=${tmo:-"no report of the host's waker (suspend.log.wake)"}
	[ -n "$why" ] || why=$(sus_fast_wake_why host "$(awk '$1 == "host" { print $2 }' "$wf")" "the host" sus_host_not)
	if [ -z "$why" ]; then
		# the first host cycle with no WAKEUP in the waker's report
		i=$(echo "$hc" | awk 'NR == FNR { if ($1 == "wakeup") up[$2] = 1; next } $1 != "" && !($1 in up) { print $1; exit }' "$wf" -)
		[ -z "$i" ] || why="cycle $i: woken by the host, but QEMU reported no WAKEUP"
	fi
	ktap_result "$1" "$ssec" "$why" "cycles $(echo $hc)"
}

# the test timer's cycles (WAKE's timer turns, arm) were woken by it: the
# deep state said so ("woken from WFI by the test timer") in each of
# them and in no other cycle, and the guest armed nothing
sus_timer_not() {
	echo "not woken by the deep state's test timer ($(awk -v c="$1" '/^ST: cycle [0-9]+ begin/ { n = $3 } n == c && /virt: woken/' "$slog" | sed 's/.*virt: //' | head -1))"
}
sus_check_timer_wake() {
	tc=$(sus_timer_cycles)
	# the cycles whose log says the test timer woke them
	woke=$(awk '/^ST: cycle [0-9]+ begin/ { c = $3 } /virt: woken from WFI by the test timer/ { print c }' "$slog")
	why=$(sus_fast_wake_why timer "$woke" "the test timer" sus_timer_not)
	ktap_result "$1" "$ssec" "$why" "cycles $(echo $tc), test timer $sus_timer_ms ms"
}

# the non-boot CPUs went offline before the first syscore (or sysdev)
# callback and came back after the last one, in every cycle (and in
# the hibernation's)
sus_check_cpus_offline() {
	out=$(awk -v what=cpus -v cycles=$((cycles + hibernate_core)) -v smp="$smp" -f "$here/boot/syscore-order.awk" "$expect" "$res/syscore.seq")
	ktap_result "$1" "$ssec" "$(sus_order_why "$out")" "$(sus_order_notes "$out")"
}

# shutdown: syscore shutdown callbacks, power down, QEMU exits by itself
sus_check_shutdown() {
	out=$(awk -v what=shutdown -f "$here/boot/syscore-order.awk" "$expect" "$res/syscore.seq")
	why=$(ended_by_itself "$slog" "$src" "$ssec" "ST: poweroff" "reboot: Power down")
	[ -n "$why" ] || why=$(echo "$out" | sed -n 's/^fail: //p' | head -1)
	ktap_result "$1" "$ssec" "$why" "$(sus_order_notes "$out" 'shutdown callbacks: ')" ${why:+"$(tail_of "$slog")"}
}

# nothing went wrong in the kernel
sus_check_log_clean() {
	bad=$(problems "$slog")
	ktap_result "$1" "$ssec" "${bad:+the log shows a problem: $(echo "$bad" | head -1)}" ${bad:+"$bad"} "$(allowed_note "$slog")"
}

# hibernation with pm_test=core: syscore suspend and resume ran, each
# callback once, in order, and the write succeeded
sus_check_hibernate_core() {
	l=$(fact "$slog" hibernate_core)
	why=$tmo
	if [ -z "$why" ]; then
		case $l in
		"write=0 "*) why=$(awk -v what=cycles -v first=$((cycles + 1)) -v cycles=$((cycles + 1)) \
				-f "$here/boot/syscore-order.awk" "$expect" "$res/syscore.seq" | sed -n 's/^fail: //p' | head -1) ;;
		"") why="no result: the guest never got to it" ;;
		*) why="write of disk to /sys/power/state with pm_test=core: $l" ;;
		esac
	fi
	[ -n "$why" ] || grep -q 'PM: hibernation: debug: Waiting for' "$slog" ||
		why="no 'PM: hibernation: debug: Waiting for' line: the core test point was not reached"
	ktap_result "$1" "$ssec" "$why" "$l" "$(grep "^$((cycles + 1)) " "$res/syscore.seq" | sed 's/^/cycle /')"
}

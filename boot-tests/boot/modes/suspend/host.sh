# suspend (host): CYCLES suspend-to-RAM cycles, woken in turn by the wake
# sources of WAKE (default: the RTC wake alarm, then an alarm timer, a
# timerfd on CLOCK_REALTIME_ALARM), one hibernation with pm_test=core
# (unless HIBERNATE_CORE=0), then poweroff.  Sourced by boot-test.sh
# (mode_boot) and check-boot.sh (mode_checks, mode_check); see
# boot-tests/boot/modes/README.

# Alarm timer wake-ups: the alarmtimer refuses to suspend (-EBUSY) when
# its next expiry is less than 2 s away, so it gets more time than the
# RTC alarm.
sus_alarmtimer=4

# "sysfs DIR NAME..." lines of the expect file: DIR must have those entries
sus_sysfs() { awk -F'\t' '$1 == "sysfs" { print $2 "\t" $3 }' "$expect"; }
# "N WAKE" for every cycle: the guest takes the wake sources of st.wake
# in turn (one awk for all cycles: a soak runs a thousand)
sus_wakes() { echo "$wake" | awk -F, -v n="$cycles" '{ for (i = 1; i <= n; i++) print i, $((i - 1) % NF + 1) }'; }
# the wake source of cycle N
sus_wake_of() { echo "$wake" | awk -F, -v i="$1" '{ print $((i - 1) % NF + 1) }'; }
# the alarm's seconds after the cycle starts, for cycle N
sus_alarm_of() { [ "$(sus_wake_of "$1")" = alarmtimer ] && echo "$sus_alarmtimer" || echo "$alarm"; }
# the cycles woken by the alarm timer
sus_alarmtimer_cycles() { sus_wakes | awk '$2 == "alarmtimer" { print $1 }'; }
# the wake source a cycle's result line says the guest armed
sus_armed() { echo "$1" | sed -n 's/.* wake=\([a-z]*\).*/\1/p'; }

mode_boot() {
	d=$(sus_sysfs | cut -f1 | tr '\n' , | sed 's/,$//')
	boot suspend "${TIMEOUT:-$((90 + cycles * 10))}" \
		"st.cycles=$cycles st.wake=$wake st.alarmtimer=$sus_alarmtimer st.hibernate_core=$hibernate_core${d:+ st.sysfs=$d}"
}

mode_checks() {
	echo boot mem_sleep_deep
	[ -z "$(sus_sysfs)" ] || echo sysfs
	echo suspend_cycles syscore_order sleep_time
	[ -z "$(sus_alarmtimer_cycles)" ] || echo alarmtimer_wake
	[ "$smp" -lt 2 ] || echo cpus_offline
	[ "$hibernate_core" = 0 ] || echo hibernate_core
	echo shutdown log_clean
}

mode_check() {
	slog=$(log_of suspend); src=$(rc_of suspend); ssec=$(sec_of suspend)
	tmo=$(timeout_note "$slog" "$src" "$ssec")

	# the kernel from this commit reached the initramfs
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
	ktap_result boot "$ssec" "$why" ${why:+"$(tail_of "$slog")"} "$ver"

	# mem_sleep offers deep, selected
	ms=$(sed -n 's/^ST: mem_sleep //p' "$slog")
	case " $ms " in
	*" [deep] "*) why= ;;
	*" deep "*) why="deep offered but not selected: $ms" ;;
	*) why="deep not offered: ${ms:-no mem_sleep line}" ;;
	esac
	ktap_result mem_sleep_deep "$ssec" "$why"

	# the sysfs entries the expect file names are there (a sysdev that
	# keeps its attributes when its PM callbacks move to syscore_ops)
	if [ -n "$(sus_sysfs)" ]; then
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
		ktap_result sysfs "$ssec" "$why" "$(grep '^ST: sysfs' "$slog" | sed 's/^ST: //')"
	fi

	# every write to /sys/power/state succeeded; suspend_stats agree
	why=$tmo
	while read -r i w; do
		[ -n "$i" ] || continue
		[ -z "$why" ] || break
		l=$(grep "^ST: cycle $i write=" "$slog" || true)
		case $l in
		"") why="cycle $i: no result" ;;
		*" write=0 "*)
			# the wake source the host asked for this cycle (WAKE, in turn)
			case "$l " in *" wake=$w "*) ;; *) why="cycle $i: armed $(sus_armed "$l"), asked for $w" ;; esac ;;
		*) why="cycle $i: write to /sys/power/state failed: ${l#ST: cycle $i }" ;;
		esac
	done <<EOF2
$(sus_wakes)
EOF2
	stat() { sed -n "s/^ST: stats $1 .*$2=\([0-9]*\).*/\1/p" "$slog"; }
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
	# x86: a cycle the runner had to wake (qmp-wake) passes only if its
	# alarm came due before QEMU saw the guest enter S3 (QEMU lost it)
	rescued=
	wf=$res/suspend.log.wake
	[ -f "$wf" ] || wf=/dev/null
	while read -r what k _ at; do
		[ "$what" = rescue ] || continue
		l=$(grep "^ST: cycle $k write=" "$slog" || true)
		r0=$(echo "$l" | sed -n 's/.*rtc_before=\([0-9]*\).*/\1/p')
		a=$(sus_alarm_of "$k")
		s3=$(sed -n "s/^suspend $k at \([0-9]*\).*/\1/p" "$wf")
		if [ -n "$r0" ] && [ -n "$s3" ] && [ $((r0 + a)) -le "$s3" ]; then
			rescued="$rescued cycle $k (alarm due at $((r0 + a)), S3 entered at $s3)"
		elif [ -z "$why" ]; then
			why="cycle $k: the guest was still suspended ${WAKE_GRACE:-10} s after entering S3 (at ${s3:-?}) although its alarm was due at $((${r0:-0} + a)): woken by the runner"
		fi
	done < "$wf"
	ktap_result suspend_cycles "$ssec" "$why" ${why:+"$(tail_of "$slog")"} \
		${rescued:+"alarms QEMU lost (due before S3 entry), woken by the runner:$rescued"}

	# syscore order, every cycle
	awk -v marker="$marker" -f "$here/boot/syscore-seq.awk" "$slog" > "$res/syscore.seq"
	out=$(awk -v what=cycles -v cycles="$cycles" -f "$here/boot/syscore-order.awk" "$expect" "$res/syscore.seq")
	why=$tmo
	[ -n "$why" ] || why=$(echo "$out" | sed -n 's/^fail: //p' | head -1)
	ktap_result syscore_order "$ssec" "$why" "$(echo "$out" | grep -v '^ok$' | sed 's/^# //')"

	# time across sleep.  The RTC alarm fires at RTC second r0 + alarm,
	# so a cycle that woke by it reads the RTC at or past that second
	# after resume.  BOOTTIME - MONOTONIC must have grown (the kernel
	# accounted the sleep) and MONOTONIC not by the sleep; both agree with
	# the RTC to its resolution (rtc_disagrees, check-boot.sh).
	why=$tmo
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
		a=$(sus_alarm_of "$i")
		wall=$(( (r1 - r0) * 1000 ))
		details="$details cycle$i:$(sus_armed "$l"),slept=${slept}ms,mono=${mono}ms,rtc=$((r1 - r0))s"
		if [ "$r1" -lt $((r0 + a)) ]; then
			why="cycle $i: woke at RTC $r1, before its alarm (due at $((r0 + a)), +$a s)"
		elif [ "$slept" -le 0 ]; then
			why="cycle $i: BOOTTIME-MONOTONIC grew by $slept ms: no sleep time accounted"
		elif d=$(rtc_disagrees "$slept" "$mono" "$r0" "$r1" "$tol") && [ -n "$d" ]; then
			why="cycle $i: $d"
		elif [ "$mono" -ge $((wall + 1000 + tol)) ]; then
			# MONOTONIC is exact; the RTC difference may be up to 1 s short
			# of the time that passed (two whole-second readings)
			why="cycle $i: CLOCK_MONOTONIC grew by $mono ms across a ${wall} ms suspend: sleep time counted as running"
		fi
		i=$((i + 1))
	done
	ktap_result sleep_time "$ssec" "$why" "${details# }"

	# the alarm timer cycles (WAKE's alarmtimer turns) were woken by
	# their timer: it fired exactly once, and the cycle slept (sleep_time)
	atc=$(sus_alarmtimer_cycles)
	if [ -n "$atc" ]; then
		why=$tmo
		for i in $atc; do
			[ -z "$why" ] || break
			l=$(grep "^ST: cycle $i write=" "$slog" || true)
			case $l in
			*" wake=alarmtimer expired=1"*) ;;
			*" wake=alarmtimer "*) why="cycle $i: the alarm timer fired $(echo "$l" | sed 's/.*expired=//') times, want 1" ;;
			"") why="cycle $i: no result" ;;
			*) why="cycle $i was not woken through the alarm timer: ${l#ST: cycle $i }" ;;
			esac
		done
		ktap_result alarmtimer_wake "$ssec" "$why" "cycles $(echo $atc)"
	fi

	# the non-boot CPUs went offline before the first syscore (or sysdev)
	# callback and came back after the last one, in every cycle (and in
	# the hibernation's)
	if [ "$smp" -ge 2 ]; then
		out=$(awk -v what=cpus -v cycles=$((cycles + hibernate_core)) -v smp="$smp" -f "$here/boot/syscore-order.awk" "$expect" "$res/syscore.seq")
		why=$tmo
		[ -n "$why" ] || why=$(echo "$out" | sed -n 's/^fail: //p' | head -1)
		ktap_result cpus_offline "$ssec" "$why" "$(echo "$out" | grep -v '^ok$' | sed 's/^# //')"
	fi

	[ "$hibernate_core" = 0 ] || sus_hibernate_core_check

	# shutdown: syscore shutdown callbacks, power down, QEMU exits by itself
	out=$(awk -v what=shutdown -f "$here/boot/syscore-order.awk" "$expect" "$res/syscore.seq")
	why=$(ended_by_itself "$slog" "$src" "$ssec" "ST: poweroff" "reboot: Power down")
	[ -n "$why" ] || why=$(echo "$out" | sed -n 's/^fail: //p' | head -1)
	ktap_result shutdown "$ssec" "$why" "$(echo "$out" | grep -v '^ok$' | sed 's/^# /shutdown callbacks: /')" ${why:+"$(tail_of "$slog")"}

	# nothing went wrong in the kernel
	bad=$(problems "$slog")
	ktap_result log_clean "$ssec" "${bad:+kernel reported a problem: $(echo "$bad" | head -1)}" ${bad:+"$bad"} "$(allowed_note "$slog")"
}

# hibernation with pm_test=core: syscore suspend and resume ran, each
# callback once, in order, and the write succeeded
sus_hibernate_core_check() {
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
	ktap_result hibernate_core "$ssec" "$why" "$l" "$(grep "^$((cycles + 1)) " "$res/syscore.seq" | sed 's/^/cycle /')"
}

# suspend (host): CYCLES RTC-woken suspend-to-RAM cycles, then poweroff.
# Sourced by boot-test.sh (mode_boot) and check-boot.sh (mode_checks,
# mode_check); see boot-tests/modes/README.

mode_boot() {
	boot suspend "${TIMEOUT:-$((60 + cycles * 10))}" "st.cycles=$cycles"
}

mode_checks() {
	echo boot mem_sleep_deep suspend_cycles syscore_order sleep_time shutdown log_clean
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

	# every write to /sys/power/state succeeded; suspend_stats agree
	why=$tmo
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
	ktap_result suspend_cycles "$ssec" "$why" ${why:+"$(tail_of "$slog")"}

	# syscore order, every cycle
	awk -v marker="$marker" -f "$here/syscore-seq.awk" "$slog" > "$res/syscore.seq"
	out=$(awk -v what=cycles -v cycles="$cycles" -f "$here/syscore-order.awk" "$expect" "$res/syscore.seq")
	why=$tmo
	[ -n "$why" ] || why=$(echo "$out" | sed -n 's/^fail: //p' | head -1)
	ktap_result syscore_order "$ssec" "$why" "$(echo "$out" | grep -v '^ok$' | sed 's/^# //')"

	# time across sleep: BOOTTIME - MONOTONIC grows by the time slept.
	# The alarm fires at RTC second now+alarm, so the machine sleeps at
	# least (alarm - 1) s minus the time it spent suspending (part of
	# mono_ms).
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
	ktap_result sleep_time "$ssec" "$why" "${details# }"

	# shutdown: syscore shutdown callbacks, power down, QEMU exits by itself
	out=$(awk -v what=shutdown -f "$here/syscore-order.awk" "$expect" "$res/syscore.seq")
	why=$(ended_by_itself "$slog" "$src" "$ssec" "ST: poweroff" "reboot: Power down")
	[ -n "$why" ] || why=$(echo "$out" | sed -n 's/^fail: //p' | head -1)
	ktap_result shutdown "$ssec" "$why" "$(echo "$out" | grep -v '^ok$' | sed 's/^# /shutdown callbacks: /')" ${why:+"$(tail_of "$slog")"}

	# nothing went wrong in the kernel
	bad=$(problems "$slog")
	ktap_result log_clean "$ssec" "${bad:+kernel reported a problem: $(echo "$bad" | head -1)}" ${bad:+"$bad"} "$(allowed_note "$slog")"
}

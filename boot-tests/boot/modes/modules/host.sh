# modules (host): the test modules' syscore (and, at the legacy baseline,
# sysdev) callbacks: order in a clean cycle, fault injection with
# unwinding, ODEBUG hints (997772884036), shutdown order.
# What each check wants is decided here, from meta (sysdev: the tree has
# include/linux/sysdev.h, so syscore_test registers its sysdev classes
# and cpu driver too; smp: the CPU count, one driver callback per CPU).

# The cpu sysdev driver D's tokens, one per CPU device: PREFIXD<n>.
# sysdev suspends (and shuts down) a class's devices in reverse, and
# resumes them in order (base patch "driver core: Rebuild the 2.6.38
# sysdev class interface").
st_dtok() { # prefix up|down
	i=0
	while [ "$i" -lt "$smp" ]; do
		[ "$2" = up ] && printf '%sD%s ' "$1" "$i" || printf '%sD%s ' "$1" $((smp - 1 - i))
		i=$((i + 1))
	done
}

# syscore_test's events in one clean cycle, and at shutdown
st_want_cycle() {
	if [ "$sysdev" = 1 ]; then
		echo "sZ sY sX $(st_dtok s down)sC sB sA rA rB rC $(st_dtok r up)rX rY rZ"
	else
		echo "sC sB sA rA rB rC"
	fi
}
st_want_shutdown() {
	if [ "$sysdev" = 1 ]; then echo "hZ hY hX $(st_dtok h down)hC hB hA"; else echo "hC hB hA"; fi
}

# the fault injections: name, K (the K-th suspend callback fails), events
st_faults() {
	if [ "$sysdev" = 1 ]; then
		echo "fault_sysdev_class 2 sZ sY! rZ"
		echo "fault_sysdev_driver 4 sZ sY sX sD$((smp - 1))! rX rY rZ"
		echo "fault_syscore $((5 + smp)) sZ sY sX $(st_dtok s down)sC sB! rC $(st_dtok r up)rX rY rZ"
	else
		echo "fault_syscore 2 sC sB! rC"
	fi
}

# the ODEBUG reports odebug_hint.ko must cause: object type, hint
st_odebug() {
	echo "timer_list st_timer_fn"
	echo "work_struct st_work_fn"
	echo "hrtimer st_hrtimer_fn"
}

mode_boot() {
	f=$(st_faults | awk '{ printf "%s%s:%s", (NR > 1 ? "," : ""), $1, $2 }')
	boot modules "${TIMEOUT:-150}" "st.faults=$f"
}

mode_checks() {
	echo modules.order
	[ "$sysdev" != 1 ] || echo modules.sysdev_name_clash
	st_faults | while read -r name _; do echo "modules.$name modules.${name}_then_suspend"; done
	echo modules.odebug_hint_then_suspend
	st_odebug | while read -r _ hint; do echo "modules.odebug_$hint"; done
	echo modules.shutdown_order modules.poweroff modules.log_clean
}

# st_judge LOG NAME WRITE FAILS WANT_EVENTS: the guest's "NAME:" fact against
# the wanted write result, events and suspend_stats/fail growth; and every
# callback ran with one CPU online and interrupts disabled (what syscore
# and sysdev callbacks are for, whatever SMP is)
st_judge() {
	l=$(fact "$1" "$2")
	got=${l#*events: }
	if [ -z "$l" ]; then
		echo "${tmo:-no result: the guest stopped before this check}"
	elif ! echo "$l" | grep -q " write=$3 "; then
		echo "write to /sys/power/state: $(echo "$l" | sed 's/.*\(write=[^ ]*\).*/\1/'), want write=$3"
	elif [ "$got" != "$5" ]; then
		echo "events '$got', want '$5'"
	elif ! echo "$l" | grep -q "^fail+$4 "; then
		echo "suspend_stats/fail grew by $(echo "$l" | sed 's/^fail+\([0-9-]*\).*/\1/'), want $4"
	elif ! echo "$l" | grep -q " online_max=1 irqs_on=0 "; then
		echo "callbacks ran with $(echo "$l" | grep -o 'online_max=[0-9]* irqs_on=[0-9]*'), want one CPU online and interrupts off (online_max=1 irqs_on=0)"
	fi
}

mode_check() {
	log=$(log_of modules); rc=$(rc_of modules); sec=$(sec_of modules)
	tmo=$(timeout_note "$log" "$rc" "$sec")
	[ -n "$tmo" ] || [ "$rc" != missing ] || tmo="QEMU did not run"
	want=$(st_want_cycle)

	result_of() { # name why
		ktap_result "modules.$1" "$sec" "$2" "$(fact "$log" "$1")" ${2:+"$(tail_of "$log")"}
	}
	result_of order "$(st_judge "$log" order 0 0 "$want")"
	if [ "$sysdev" = 1 ]; then
		c=$(sed -n 's/.*syscore_test: clash=//p' "$log" | head -1)
		why=
		[ "$c" = -17 ] || why="sysdev_class_register(\"clocksource\") returned '${c:-nothing}', want -17 (-EEXIST)"
		ktap_result modules.sysdev_name_clash "$sec" "${tmo:-$why}"
	fi
	st_faults | while read -r name k ev; do
		result_of "$name" "$(st_judge "$log" "$name" EBUSY 1 "$ev")"
		result_of "${name}_then_suspend" "$(st_judge "$log" "${name}_then_suspend" 0 0 "$want")"
	done
	result_of odebug_hint_then_suspend "$(st_judge "$log" odebug_hint_then_suspend 0 0 "$want")"
	st_odebug | st_odebug_results modules "$log" "$sec"

	got=$(sed -n 's/.*syscore_test: shutdown: //p' "$log")
	why=$tmo
	[ -n "$why" ] || [ "$got" = "$(st_want_shutdown)" ] || why="shutdown callbacks '$got', want '$(st_want_shutdown)'"
	ktap_result modules.shutdown_order "$sec" "$why"

	why=$(ended_by_itself "$log" "$rc" "$sec" "ST: poweroff" "reboot: Power down")
	ktap_result modules.poweroff "$sec" "$why" ${why:+"$(tail_of "$log")"}

	st_log_clean modules "$log" "$sec" "$(st_odebug | wc -l)"
}

# st_odebug_results MODE LOG SEC < "type hint" lines: one ODEBUG report
# for each, whose hint names the owner
st_odebug_results() {
	while read -r type hint; do
		why=
		grep -q "ODEBUG: .* object type: $type hint: $hint+" "$2" ||
			why="${tmo:-no ODEBUG report for $type with hint: $hint}"
		ktap_result "$1.odebug_$hint" "$3" "$why" "$(grep "ODEBUG: .*hint: $hint+" "$2" | head -1)"
	done
}

# st_log_clean MODE LOG SEC N: only the N expected ODEBUG reports (each a
# WARNING in lib/debugobjects.c), nothing else
st_log_clean() {
	nodb=$(grep -c 'ODEBUG:' "$2" || true)
	bad=$(problems "$2" odebug-ok)
	why=
	if [ -n "$bad" ]; then
		why="kernel reported a problem: $(echo "$bad" | head -1)"
	elif [ "$nodb" != "$4" ]; then
		why="$nodb ODEBUG reports, $4 expected"
	fi
	ktap_result "$1.log_clean" "$3" "$why" ${bad:+"$bad"} "$(grep 'ODEBUG:' "$2" | head -6)" "$(allowed_note "$2")"
}

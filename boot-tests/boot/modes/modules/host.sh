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

# the checks, in order: name, the function that judges it, its arguments
mode_plan() {
	echo modules.order st_check_clean order
	[ "$sysdev" != 1 ] || echo modules.sysdev_name_clash st_check_name_clash
	st_faults | while read -r name _; do
		echo "modules.$name st_check_fault $name"
		echo "modules.${name}_then_suspend st_check_clean ${name}_then_suspend"
	done
	echo modules.odebug_hint_then_suspend st_check_clean odebug_hint_then_suspend
	st_odebug | while read -r type hint; do echo "modules.odebug_$hint st_check_odebug $type $hint"; done
	echo modules.shutdown_order st_check_shutdown_order
	echo modules.poweroff st_check_poweroff
	echo modules.log_clean st_check_log_clean "$(st_odebug | wc -l)"
}

mode_prepare() { st_prepare modules; }

# st_prepare RUN: what every check of the modules and misuse modes reads
st_prepare() {
	log=$(log_of "$1"); rc=$(rc_of "$1"); sec=$(sec_of "$1")
	tmo=$(timeout_note "$log" "$rc" "$sec")
	[ -n "$tmo" ] || [ "$rc" != missing ] || tmo="QEMU did not run"
	want=$(st_want_cycle)
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

# NAME's result from the guest's FACT and WHY, with the fact
st_result() { # name fact why
	ktap_result "$1" "$sec" "$3" "$(fact "$log" "$2")" ${3:+"$(tail_of "$log")"}
}

# a clean suspend cycle (FACT): every callback once, in order
st_check_clean() { st_result "$1" "$2" "$(st_judge "$log" "$2" 0 0 "$want")"; }

# the fault injection FAULT of st_faults: the write fails with -EBUSY and
# exactly what was suspended is resumed
st_check_fault() {
	ev=$(st_faults | awk -v n="$2" '$1 == n { $1 = $2 = ""; sub(/^ +/, ""); print }')
	st_result "$1" "$2" "$(st_judge "$log" "$2" EBUSY 1 "$ev")"
}

# a sysdev class named as an existing one is refused
st_check_name_clash() {
	c=$(sed -n 's/.*syscore_test: clash=//p' "$log" | head -1)
	why=
	[ "$c" = -17 ] || why="sysdev_class_register(\"clocksource\") returned '${c:-nothing}', want -17 (-EEXIST)"
	ktap_result "$1" "$sec" "${tmo:-$why}"
}

# the shutdown callbacks ran once each, in reverse registration order
st_check_shutdown_order() {
	got=$(sed -n 's/.*syscore_test: shutdown: //p' "$log")
	why=$tmo
	[ -n "$why" ] || [ "$got" = "$(st_want_shutdown)" ] || why="shutdown callbacks '$got', want '$(st_want_shutdown)'"
	ktap_result "$1" "$sec" "$why"
}

# the machine powered off by itself
st_check_poweroff() {
	why=$(ended_by_itself "$log" "$rc" "$sec" "ST: poweroff" "reboot: Power down")
	ktap_result "$1" "$sec" "$why" ${why:+"$(tail_of "$log")"}
}

# st_check_odebug NAME TYPE HINT: one ODEBUG report for TYPE, whose hint
# names the owner
st_check_odebug() {
	why=
	grep -q "ODEBUG: .* object type: $2 hint: $3+" "$log" ||
		why="${tmo:-no ODEBUG report for $2 with hint: $3}"
	ktap_result "$1" "$sec" "$why" "$(grep "ODEBUG: .*hint: $3+" "$log" | head -1)"
}

# st_check_log_clean NAME N: only the N expected ODEBUG reports (each a
# WARNING in lib/debugobjects.c), nothing else
st_check_log_clean() {
	nodb=$(grep -c 'ODEBUG:' "$log" || true)
	bad=$(problems "$log" odebug-ok)
	why=
	if [ -n "$bad" ]; then
		why="the log shows a problem: $(echo "$bad" | head -1)"
	elif [ "$nodb" != "$2" ]; then
		why="$nodb ODEBUG reports, $2 expected"
	fi
	ktap_result "$1" "$sec" "$why" ${bad:+"$bad"} "$(grep 'ODEBUG:' "$log" | head -6)" "$(allowed_note "$log")"
}

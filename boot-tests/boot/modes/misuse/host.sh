# misuse (host): syscore_ops misuse caught and fixed up by
# CONFIG_DEBUG_OBJECTS_SYSCORE (base patch "PM / syscore: Track
# syscore_ops with debugobjects"): each is reported once, with a hint that
# names the ops' first callback, and the next suspend still works.
# Shares syscore_test's expectations with the modules mode.
. "$MODES_DIR/modules/host.sh"

# the ODEBUG reports: object type, hint
mu_odebug() {
	echo "syscore_ops st_A_suspend"
	echo "syscore_ops st_unreg_suspend"
	echo "syscore_ops st_leak_suspend"
	echo "syscore_ops st_kfree_suspend"
}

mode_boot() {
	boot misuse "${TIMEOUT:-120}" ""
}

mode_checks() {
	echo misuse.register_twice misuse.unregister_unregistered misuse.module_leak_then_suspend
	echo misuse.kfree_atomic_then_suspend
	mu_odebug | while read -r _ hint; do echo "misuse.odebug_$hint"; done
	echo misuse.poweroff misuse.log_clean
}

mode_check() {
	log=$(log_of misuse); rc=$(rc_of misuse); sec=$(sec_of misuse)
	tmo=$(timeout_note "$log" "$rc" "$sec")
	[ -n "$tmo" ] || [ "$rc" != missing ] || tmo="QEMU did not run"
	want=$(st_want_cycle)
	for name in register_twice unregister_unregistered; do
		why=$(st_judge "$log" "$name" 0 0 "$want")
		ktap_result "misuse.$name" "$sec" "$why" "$(fact "$log" "$name")" ${why:+"$(tail_of "$log")"}
	done
	for name in module_leak_then_suspend kfree_atomic_then_suspend; do
		l=$(fact "$log" $name)
		case $l in
		"write=0 "*) why= ;;
		"") why=${tmo:-no result: the guest stopped before this check} ;;
		*) why="suspend after the misuse: $l" ;;
		esac
		ktap_result misuse.$name "$sec" "$why" ${why:+"$(tail_of "$log")"}
	done
	mu_odebug | st_odebug_results misuse "$log" "$sec"
	why=$(ended_by_itself "$log" "$rc" "$sec" "ST: poweroff" "reboot: Power down")
	ktap_result misuse.poweroff "$sec" "$why" ${why:+"$(tail_of "$log")"}
	st_log_clean misuse "$log" "$sec" "$(mu_odebug | wc -l)"
}

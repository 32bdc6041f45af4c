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

mode_plan() {
	echo misuse.register_twice st_check_clean register_twice
	echo misuse.unregister_unregistered st_check_clean unregister_unregistered
	echo misuse.module_leak_then_suspend mu_check_suspend_after module_leak_then_suspend
	echo misuse.kfree_atomic_then_suspend mu_check_suspend_after kfree_atomic_then_suspend
	mu_odebug | while read -r type hint; do echo "misuse.odebug_$hint st_check_odebug $type $hint"; done
	echo misuse.poweroff st_check_poweroff
	echo misuse.log_clean st_check_log_clean "$(mu_odebug | wc -l)"
}

mode_prepare() { st_prepare misuse; }

# the suspend after misuse FACT worked: the system stays usable
mu_check_suspend_after() {
	l=$(fact "$log" "$2")
	case $l in
	"write=0 "*) why= ;;
	"") why=${tmo:-no result: the guest stopped before this check} ;;
	*) why="suspend after the misuse: $l" ;;
	esac
	ktap_result "$1" "$sec" "$why" ${why:+"$(tail_of "$log")"}
}

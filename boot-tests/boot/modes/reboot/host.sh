# reboot (host): "reboot -f" under -no-reboot; QEMU must exit by itself.

mode_boot() {
	boot reboot "${TIMEOUT:-60}" ""
}

mode_plan() {
	echo reboot rb_check_reboot
}

mode_prepare() {
	log=$(log_of reboot); rc=$(rc_of reboot); sec=$(sec_of reboot)
}

# QEMU exited by itself after the kernel restarted, and nothing went wrong
rb_check_reboot() {
	why=$(ended_by_itself "$log" "$rc" "$sec" "ST: reboot" "reboot: Restarting system")
	bad=$(problems "$log")
	[ -n "$why" ] || [ -z "$bad" ] || why="the log shows a problem: $(echo "$bad" | head -1)"
	ktap_result "$1" "$sec" "$why" ${why:+"$(tail_of "$log")"}
}

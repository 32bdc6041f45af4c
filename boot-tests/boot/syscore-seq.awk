# syscore-seq.awk - the "PM: Calling <fn>" sequences of a boot log.
#
# awk -v marker='<first line after wakeup>' -f syscore-seq.awk LOG
# prints one line per cycle and phase, and one for shutdown:
#	<cycle> suspend <fn> <fn> ...
#	<cycle> resume <fn> <fn> ...
#	0 shutdown <fn> ...
# A cycle runs from "PM: suspend entry" to "PM: suspend exit" (suspend to
# RAM), or from "PM: hibernation: hibernation entry" to "... exit"
# (hibernation with pm_test=core).  The Calling lines before the marker
# are its suspend sequence, those after it resume; hibernation's marker
# is pm_test's "debug: Waiting for" line between syscore_suspend() and
# syscore_resume().  A "|" separates the layers of one phase: the sysdev
# layer starts with "Suspending/Resuming System Devices", syscore suspend
# with "Checking wakeup interrupts"; order is only comparable within a
# layer.  CPU hotplug shows as -cpuN (went offline) and +cpuN (came back).
{ sub(/\r$/, "") }
/PM: suspend entry|PM: hibernation: hibernation entry/ { c++; phase = "suspend"; seen[c] = 1; next }
/PM: suspend exit|PM: hibernation: hibernation exit/ { phase = ""; next }
/ST: poweroff/ { phase = "shutdown"; next }
phase == "suspend" && (index($0, marker) || /PM: hibernation: debug: Waiting for/) { phase = "resume"; next }
function add(tok,   key) {
	key = (phase == "shutdown" ? 0 : c) SUBSEP phase
	seq[key] = seq[key] " " tok
}
phase != "" && /(Suspending|Resuming) System Devices|Checking wakeup interrupts/ { add("|"); next }
# x86 "smpboot: CPU 1 is now offline", arm "CPU1 killed."; "CPU1 is up"
phase != "" && /CPU ?[0-9]+ (is now offline|killed)/ {
	s = $0; sub(/.*CPU ?/, "", s); sub(/[^0-9].*/, "", s); add("-cpu" s); next
}
phase != "" && /CPU[0-9]+ is up/ {
	s = $0; sub(/.*CPU/, "", s); sub(/[^0-9].*/, "", s); add("+cpu" s); next
}
# syscore_suspend/resume print "Calling <fn>+0x../0x.." (pm_pr_dbg, no
# prefix), syscore_shutdown "PM: Calling <fn>+..".
phase != "" && /(^|[] ]|PM: )Calling [A-Za-z0-9_.]+\+0x/ {
	fn = $0
	sub(/.*Calling /, "", fn)
	sub(/\+0x.*/, "", fn)
	add(fn)
}
END {
	for (i = 1; i <= c; i++) {
		print i " suspend" seq[i, "suspend"]
		print i " resume" seq[i, "resume"]
	}
	print "0 shutdown" seq[0, "shutdown"]
}

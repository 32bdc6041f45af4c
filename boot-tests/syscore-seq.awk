# syscore-seq.awk - the "PM: Calling <fn>" sequences of a boot log.
#
# awk -v marker='<first line after wakeup>' -f syscore-seq.awk LOG
# prints one line per suspend cycle and phase, and one for shutdown:
#	<cycle> suspend <fn> <fn> ...
#	<cycle> resume <fn> <fn> ...
#	0 shutdown <fn> ...
# A cycle runs from "PM: suspend entry" to "PM: suspend exit"; the Calling
# lines before the marker are its suspend sequence, those after it resume.
# A "|" separates the layers of one phase: the sysdev layer starts with
# "Suspending/Resuming System Devices", syscore suspend with "Checking
# wakeup interrupts"; order is only comparable within a layer.
{ sub(/\r$/, "") }
/PM: suspend entry/ { c++; phase = "suspend"; seen[c] = 1; next }
/PM: suspend exit/ { phase = ""; next }
/ST: poweroff/ { phase = "shutdown"; next }
phase == "suspend" && index($0, marker) { phase = "resume"; next }
function add(tok,   key) {
	key = (phase == "shutdown" ? 0 : c) SUBSEP phase
	seq[key] = seq[key] " " tok
}
phase != "" && /(Suspending|Resuming) System Devices|Checking wakeup interrupts/ { add("|"); next }
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

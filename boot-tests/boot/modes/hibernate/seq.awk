# seq.awk - the syscore callbacks of one hibernation boot, by call site.
#
# awk [-v from=REGEX] -f seq.awk EXPECT LOG
# EXPECT: boot-tests/boot/expect/<arch> (its "ops" lines name the suspend,
# resume and shutdown callbacks); LOG: a console log.  A hibernation has
# no line between the call sites that always shows (the restore boot
# jumps from the boot kernel's syscore_suspend() straight into the
# restored kernel's syscore_resume()), so each "Calling <fn>" line is
# classified by the expect file: a suspend, a resume or (with the "PM: "
# prefix of syscore_shutdown()) a shutdown callback; callbacks the expect
# file does not name (the test modules') are left out.  Consecutive
# callbacks of one kind are one call site.  Prints the call sites in the
# format of syscore-seq.awk, so that syscore-order.awk checks them: the
# first suspend and resume as cycle 1, a shutdown as cycle 0, and a line
#	kinds <kind> <kind> ...
# with every call site in order.  With from=, only what follows the first
# line matching REGEX counts.
FNR == NR {
	if ($1 == "ops") {
		n = split($2, a, "|"); for (i = 1; i <= n; i++) if (a[i] != "-") kind[a[i]] = "suspend"
		n = split($3, a, "|"); for (i = 1; i <= n; i++) if (a[i] != "-") kind[a[i]] = "resume"
		n = split($4, a, "|"); for (i = 1; i <= n; i++) if (a[i] != "-") kind[a[i]] = "shutdown"
	}
	next
}
{ sub(/\r$/, "") }
from != "" && !started { if ($0 ~ from) started = 1; next }
/(^|[] ]|PM: )Calling [A-Za-z0-9_.]+\+0x/ {
	fn = $0
	sub(/.*Calling /, "", fn)
	sub(/\+0x.*/, "", fn)
	if (!(fn in kind)) next
	k = /PM: Calling / ? "shutdown" : kind[fn]
	if (k != last) { sites = sites " " k; last = k; nk[k]++ }
	if (nk[k] == 1) seq[k] = seq[k] " " fn
}
END {
	print "1 suspend" seq["suspend"]
	print "1 resume" seq["resume"]
	print "0 shutdown" seq["shutdown"]
	print "kinds" sites
}

# syscore-order.awk - check the syscore sequences against an expect file.
#
# awk -v what=cycles -v cycles=N -f syscore-order.awk EXPECT SEQ
# awk -v what=shutdown -f syscore-order.awk EXPECT SEQ
# EXPECT: boot-tests/expect/<arch>; SEQ: the output of syscore-seq.awk.
# Prints "ok" or one "fail: <reason>" line per problem (at most 20), then
# the observed sequences (first cycle, or shutdown) as "# " diagnostics.
FNR == NR {
	if ($1 == "ops") {
		n++
		sus[n] = $2; res[n] = $3; shut[n] = $4
	}
	next
}
{
	phase[$1, $2] = 1; line[$1, $2] = $0; s = 0
	for (i = 3; i <= NF; i++) {
		if ($i == "|") { s++; continue }
		pos[$1, $2, $i] = i - 2; seg[$1, $2, $i] = s; cnt[$1, $2, $i]++
	}
}
function fail(msg) { if (++nfail <= 20) print "fail: " msg }
# fn must occur once in (cy, ph); returns its position or 0
function once(cy, ph, fn,   k) {
	k = cnt[cy, ph, fn] + 0
	if (k != 1) { fail("cycle " cy " " ph ": " fn " called " k " times, want 1"); return 0 }
	return pos[cy, ph, fn]
}
# a must run before b in (cy, ph) if both ran once, in the same layer
function before(cy, ph, a, b, why) {
	if (a == "-" || b == "-" || cnt[cy, ph, a] != 1 || cnt[cy, ph, b] != 1) return
	if (seg[cy, ph, a] != seg[cy, ph, b]) return
	if (pos[cy, ph, a] > pos[cy, ph, b])
		fail("cycle " cy " " ph ": " a " ran after " b ", want " why)
}
END {
	if (n == 0) fail("expect file lists no ops")
	for (cy = 1; what == "cycles" && cy <= cycles; cy++) {
		if (!((cy, "suspend") in phase)) { fail("cycle " cy ": no suspend sequence in the log"); continue }
		# registration order: suspend runs it reversed, resume forward;
		# compared within one layer (sysdev, syscore) at a time
		for (i = 1; i <= n; i++) {
			if (sus[i] != "-") once(cy, "suspend", sus[i])
			if (res[i] != "-") once(cy, "resume", res[i])
		}
		for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) {
			before(cy, "suspend", sus[j], sus[i], "the reverse of registration order")
			before(cy, "resume", res[i], res[j], "registration order")
		}
		# mirror: ops with both callbacks, suspended as A B, resume B A
		for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) {
			if (sus[i] == "-" || res[i] == "-" || sus[j] == "-" || res[j] == "-") continue
			si = pos[cy, "suspend", sus[i]]; sj = pos[cy, "suspend", sus[j]]
			ri = pos[cy, "resume", res[i]]; rj = pos[cy, "resume", res[j]]
			if (si && sj && ri && rj && ((si < sj) == (ri < rj)))
				fail("cycle " cy ": " sus[i] "/" sus[j] " and " res[i] "/" res[j] " are not mirrored")
		}
	}
	for (i = 1; what == "shutdown" && i <= n; i++)
		if (shut[i] != "-") once(0, "shutdown", shut[i])
	if (nfail > 20) print "fail: ... " nfail - 20 " more"
	if (!nfail) print "ok"
	if (what == "cycles") {
		print "# cycle " line[1, "suspend"]
		print "# cycle " line[1, "resume"]
	} else
		print "# " substr(line[0, "shutdown"], 3)
}

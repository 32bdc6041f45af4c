# syscore-order.awk - check the syscore sequences against an expect file.
#
# awk -v what=cycles [-v first=K] -v cycles=N -f syscore-order.awk EXPECT SEQ
# awk -v what=cpus -v cycles=N -v smp=M -f syscore-order.awk EXPECT SEQ
# awk -v what=shutdown -f syscore-order.awk EXPECT SEQ
# EXPECT: boot-tests/boot/expect/<arch>; SEQ: the output of syscore-seq.awk.
# what=cycles checks cycles first (default 1) to N against the ops of the
# expect file; what=cpus, that in each cycle every non-boot CPU went
# offline once before the first callback of the suspend phase and came
# back once after the last callback of the resume phase.
# Prints "ok" or one "fail: <reason>" line per problem (at most 20), then
# the observed sequences (first cycle, or shutdown) as "# " diagnostics.
FNR == NR {
	if ($1 == "ops") {
		n++
		sus[n] = $2; res[n] = $3; shut[n] = $4
	}
	next
}
# "a|b": the callback has another name at some commits (a legacy sysdev
# wrapper, say); the name that ran in (cy, ph), or the first one.
function pick(cy, ph, spec,   k, alt, i) {
	k = split(spec, alt, "|")
	for (i = 1; i <= k; i++)
		if ((cy, ph, alt[i]) in cnt) return alt[i]
	return alt[1]
}
{
	phase[$1, $2] = 1; line[$1, $2] = $0; s = 0
	for (i = 3; i <= NF; i++) {
		if ($i == "|") { s++; continue }
		if ($i ~ /^[-+]cpu[0-9]+$/) {
			# CPU hotplug: where it happened relative to the callbacks
			hp[$1, $2, $i]++; hpos[$1, $2, $i] = i - 2; continue
		}
		ncb[$1, $2]++; if (!fcb[$1, $2]) fcb[$1, $2] = i - 2; lcb[$1, $2] = i - 2
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
	if (first == "") first = 1
	for (cy = first; what == "cycles" && cy <= cycles; cy++) {
		if (!((cy, "suspend") in phase)) { fail("cycle " cy ": no suspend sequence in the log"); continue }
		# registration order: suspend runs it reversed, resume forward;
		# compared within one layer (sysdev, syscore) at a time
		for (i = 1; i <= n; i++) {
			s_[i] = pick(cy, "suspend", sus[i]); r_[i] = pick(cy, "resume", res[i])
			if (s_[i] != "-") once(cy, "suspend", s_[i])
			if (r_[i] != "-") once(cy, "resume", r_[i])
		}
		for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) {
			before(cy, "suspend", s_[j], s_[i], "the reverse of registration order")
			before(cy, "resume", r_[i], r_[j], "registration order")
		}
		# mirror: ops with both callbacks, suspended as A B, resume B A
		for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) {
			if (s_[i] == "-" || r_[i] == "-" || s_[j] == "-" || r_[j] == "-") continue
			si = pos[cy, "suspend", s_[i]]; sj = pos[cy, "suspend", s_[j]]
			ri = pos[cy, "resume", r_[i]]; rj = pos[cy, "resume", r_[j]]
			if (si && sj && ri && rj && ((si < sj) == (ri < rj)))
				fail("cycle " cy ": " s_[i] "/" s_[j] " and " r_[i] "/" r_[j] " are not mirrored")
		}
	}
	for (cy = 1; what == "cpus" && cy <= cycles; cy++) {
		if (!((cy, "suspend") in phase)) { fail("cycle " cy ": no suspend sequence in the log"); continue }
		for (k = 1; k < smp; k++) {
			d = hp[cy, "suspend", "-cpu" k] + 0; u = hp[cy, "resume", "+cpu" k] + 0
			if (d != 1) fail("cycle " cy ": CPU" k " went offline " d " times before the syscore callbacks, want 1")
			else if (fcb[cy, "suspend"] && hpos[cy, "suspend", "-cpu" k] > fcb[cy, "suspend"])
				fail("cycle " cy ": CPU" k " went offline after the first suspend callback")
			if (u != 1) fail("cycle " cy ": CPU" k " came back " u " times after the syscore callbacks, want 1")
			else if (hpos[cy, "resume", "+cpu" k] < lcb[cy, "resume"])
				fail("cycle " cy ": CPU" k " came back before the last resume callback")
		}
	}
	for (i = 1; what == "shutdown" && i <= n; i++)
		if (shut[i] != "-") once(0, "shutdown", pick(0, "shutdown", shut[i]))
	if (nfail > 20) print "fail: ... " nfail - 20 " more"
	if (!nfail) print "ok"
	if (what == "cycles" || what == "cpus") {
		print "# cycle " line[first, "suspend"]
		print "# cycle " line[first, "resume"]
	} else
		print "# " substr(line[0, "shutdown"], 3)
}

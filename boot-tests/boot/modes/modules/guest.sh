# modules (guest): syscore_test's callbacks in one clean cycle, the
# fault injections the host asks for (st.faults=NAME:K,... : the K-th
# suspend callback returns -EBUSY), ODEBUG reports of odebug_hint, and the
# shutdown sequence syscore_test prints at poweroff.
echo 1 > /sys/power/pm_debug_messages
insmod /lib/modules/syscore_test.ko
fact "syscore_test: insmod=$?"
st_cycle order
for f in $(param faults "" | tr , ' '); do
	st_fault "${f%:*}" "${f#*:}"
	st_cycle "${f%:*}_then_suspend"
done
insmod /lib/modules/odebug_hint.ko
st_cycle odebug_hint_then_suspend
echo 1 > $P/events
poweroff_checked

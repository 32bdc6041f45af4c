# suspend (guest): st.cycles RTC-woken suspend-to-RAM cycles with the
# syscore callbacks logged (pm_debug_messages), then "poweroff -f" with
# the shutdown callbacks logged (initcall_debug).
cycles=$(param cycles 10)
echo 1 > /sys/power/pm_debug_messages
fact mem_sleep "$(cat /sys/power/mem_sleep)"
stats before
i=1
while [ "$i" -le "$cycles" ]; do
	fact cycle "$i" begin
	fact cycle "$i" "$(suspend_once)"
	i=$((i + 1))
done
stats after
poweroff_checked

# suspend (guest): st.cycles suspend-to-RAM cycles with the syscore
# callbacks logged (pm_debug_messages), each woken by the next wake source
# of st.wake (rtc: the RTC wake alarm, st.alarm s; alarmtimer: a timerfd
# on CLOCK_REALTIME_ALARM, st.alarmtimer s; host: nothing armed, the host
# wakes the machine; timer: nothing armed, the arm virt deep state's test
# timer, virt_suspend.test_wake_ms = st.timer_ms, wakes it); then, with
# st.hibernate_core=1, one hibernation with pm_test=core (syscore suspend
# and resume, no image); then "poweroff -f" with the shutdown callbacks
# logged (initcall_debug).  First it lists the sysfs directories in
# st.sysfs.
cycles=$(param cycles 10)
# the sysfs directories the host asks about (st.sysfs=DIR,DIR...)
for d in $(param sysfs "" | tr , ' '); do
	fact "sysfs $d: $(ls "$d" 2>&1 | tr '\n' ' ')"
done
# the wake sources, one word each, as the positional parameters; the
# loop picks its turn's with eval, and reads no parameter again: on arm a
# process costs a fast cycle ~10 ms, a soak runs thousands
# shellcheck disable=SC2046 # one word per source, on purpose
set -- $(param wake rtc | tr , ' ')
nwake=$#
alarmtimer=$(param alarmtimer 2.5)
timer_ms=$(param timer_ms 20)
# the arm deep state's test timer (base patch 0002), where there is one
test_wake=/sys/module/virt_suspend/parameters/test_wake_ms
echo 1 > /sys/power/pm_debug_messages
fact mem_sleep "$(cat /sys/power/mem_sleep)"
stats before
i=1
while [ "$i" -le "$cycles" ]; do
	eval "w=\${$(( (i - 1) % nwake + 1 ))}"
	case $w in
	alarmtimer) w=alarmtimer:$alarmtimer ;;
	host) w=none ;;
	timer) w=none; echo "$timer_ms" > $test_wake ;;
	*) w=rtc:$alarm ;;
	esac
	fact cycle "$i" begin
	fact cycle "$i" "$(to_sleep "$w" mem 2>&1)"
	[ ! -w $test_wake ] || echo 0 > $test_wake
	i=$((i + 1))
done
stats after
if [ "$(param hibernate_core 0)" = 1 ]; then
	echo core > /sys/power/pm_test
	pm_test_delay
	fact "hibernate_core: $(to_sleep none disk)"
	echo none > /sys/power/pm_test
fi
poweroff_checked

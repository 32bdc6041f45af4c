# hibernate (guest), boot 1: swap on the runner's scratch disk (/dev/vda),
# syscore_test loaded; with pm_test=core a syscore suspend callback that
# fails in create_image() (st.core_fault=K), then a clean core test; then
# a marker in memory (the initramfs is ramfs) and the full hibernation
# ("disk" to /sys/power/state), with the K-th syscore suspend callback
# failing after the image is written (st.platform_fault=K, 0 for none).
# The machine powers off; boot 2 (resume=/dev/vda) restores the image and
# this script goes on after the write, in the restored system: it
# reports the write's result, the marker and syscore_test's events, then
# powers off.  If boot 2 finds no image, /init runs again with
# st.stage=restore and says so.
if [ "$(param stage hibernate)" = restore ]; then
	fact "restore: nothing was restored, /init ran in a fresh boot"
	poweroff_checked
fi
echo 1 > /sys/power/pm_debug_messages
fact "disk: $(cat /sys/power/disk)"
mkswap /dev/vda > /dev/null && swapon /dev/vda
fact "swap: $(tail -n +2 /proc/swaps | tr -s ' ')"
insmod /lib/modules/syscore_test.ko
fact "syscore_test: insmod=$?"

echo core > /sys/power/pm_test
pm_test_delay
st_fault core_fault "$(param core_fault 2)" disk none
st_cycle core_after_fault disk none
echo none > /sys/power/pm_test

marker=$(cat /proc/sys/kernel/random/uuid)
echo "$marker" > /tmp/marker
fact "marker: $marker boot_id=$(cat /proc/sys/kernel/random/boot_id)"
# The shutdown callbacks of the power-off that ends the hibernation.
echo 1 > /sys/module/kernel/parameters/initcall_debug
echo "$(param platform_fault 0)" > $P/fail_at
echo 1 > $P/events
fact "hibernate: begin"
r=$(to_sleep none disk)
# From here on: the restored system (or a failed hibernation).
echo 0 > /sys/module/kernel/parameters/initcall_debug
echo 0 > $P/fail_at
fact "hibernate: $r"
fact "restored: marker=$(cat /tmp/marker) boot_id=$(cat /proc/sys/kernel/random/boot_id) $(cat $P/context) events: $(cat $P/events)"
poweroff_checked

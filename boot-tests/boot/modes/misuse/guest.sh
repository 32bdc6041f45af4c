# misuse (guest): syscore_ops misuse that CONFIG_DEBUG_OBJECTS_SYSCORE
# reports and fixes up: ops registered twice, ops unregistered that were
# never registered, a module unloaded with its ops still registered,
# registered ops freed in atomic context; a suspend after each.
echo 1 > /sys/power/pm_debug_messages
insmod /lib/modules/syscore_test.ko misuse=register-twice
st_cycle register_twice
rmmod syscore_test
insmod /lib/modules/syscore_test.ko misuse=unregister-unregistered
st_cycle unregister_unregistered
rmmod syscore_test
insmod /lib/modules/syscore_leak.ko
rmmod syscore_leak
fact "module_leak_then_suspend: $(suspend_once)"
insmod /lib/modules/syscore_kfree.ko
fact "kfree_atomic_then_suspend: $(suspend_once)"
poweroff_checked

/* Shape 3 of issue 33 (a hook, as cpufreq_driver->suspend): the class's
 * suspend only passes its pm_message_t on to the freqd driver's hook,
 * which no driver reads, and its resume its struct sys_device * to a
 * static helper that never reads it.  The arguments go: from the hook's
 * type here, from both drivers' implementations, from the calls in
 * core.c, and from the helper (whose one parameter leaves "(void)").
 * drv_a's initializer sets the hook after a nested block, and its init
 * calls its implementation directly.
 * state_forward is the twin where a driver reads it. */
struct freqd_policy;

struct freqd_driver {
	int limits[2];
	int (*suspend)(struct freqd_policy *policy, pm_message_t pmsg);
	int (*resume)(struct freqd_policy *policy);
};

int freqd_register_driver(struct freqd_driver *drv);

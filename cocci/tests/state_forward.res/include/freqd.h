/* Must not be touched (with core.c, drivers/): the class's suspend only
 * passes its pm_message_t on to the freqd driver's hook, and its resume
 * its struct sys_device * to a helper that never reads it.  Dropping the
 * argument is a collateral evolution of the hook's type and of every
 * driver that sets it: the report names each one scanned and whether it
 * reads the argument (drv_b's does). */
struct freqd_policy;

struct freqd_driver {
	int (*suspend)(struct freqd_policy *policy, pm_message_t pmsg);
	int (*resume)(struct freqd_policy *policy);
};

int freqd_register_driver(struct freqd_driver *drv);

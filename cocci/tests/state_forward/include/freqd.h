/* Must not be touched (with core.c, drivers/): the class's suspend only
 * passes its pm_message_t on to the freqd driver's hook, which drv_b's
 * implementation reads.  The argument going from the hook's type and
 * from every driver (shape3_forward converts that when none reads it)
 * would change what drv_b does: the report names drv_b's reading. */
struct freqd_policy;

struct freqd_driver {
	int (*suspend)(struct freqd_policy *policy, pm_message_t pmsg);
	int (*resume)(struct freqd_policy *policy);
};

int freqd_register_driver(struct freqd_driver *drv);

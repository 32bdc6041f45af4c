/* Must not be touched (twin of shape3_forward): no driver reads the
 * pm_message_t the class's suspend passes on to the hook, but drv_b keeps
 * its drivers in an array, whose initializers the planner does not read:
 * an implementation could be missed, so the hook keeps its argument and
 * the report names the array's line. */
struct freqd_policy;

struct freqd_driver {
	int (*suspend)(struct freqd_policy *policy, pm_message_t pmsg);
	int (*resume)(struct freqd_policy *policy);
};

int freqd_register_driver(struct freqd_driver *drv);

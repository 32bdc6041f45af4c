/* Must not be touched (twin of shape3_forward): no driver reads the
 * pm_message_t the class's suspend passes on to the hook, but drv_b's
 * init sets the hook at run time, after its initializer set it: the
 * function it sets is no implementation the initializers name, so the
 * hook keeps its argument and the report names the assignment. */
struct freqd_policy;

struct freqd_driver {
	int limits[2];
	int (*suspend)(struct freqd_policy *policy, pm_message_t pmsg);
	int (*resume)(struct freqd_policy *policy);
};

int freqd_register_driver(struct freqd_driver *drv);

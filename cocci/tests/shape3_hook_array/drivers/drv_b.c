#include <linux/init.h>
#include "../include/freqd.h"

static int b_suspend(struct freqd_policy *policy, pm_message_t pmsg)
{
	if (!policy)
		return 0;
	b_save(policy);
	return 0;
}

static int b_resume(struct freqd_policy *policy)
{
	b_restore(policy);
	return 0;
}

static struct freqd_driver b_drivers[] = {
	{ .suspend = b_suspend, .resume = b_resume },
	{ .resume = b_resume },
};

static int __init b_init(void)
{
	return freqd_register_driver(&b_drivers[0]);
}
device_initcall(b_init);

#include <linux/init.h>
#include "../include/freqd.h"

static int b_suspend(struct freqd_policy *policy, pm_message_t pmsg)
{
	if (!policy)
		return 0;
	b_save(policy);
	return 0;
}

static int b_suspend_fast(struct freqd_policy *policy, pm_message_t pmsg)
{
	return 0;
}

static int b_resume(struct freqd_policy *policy)
{
	b_restore(policy);
	return 0;
}

static struct freqd_driver b_driver = {
	.suspend	= b_suspend,
	.resume		= b_resume,
};

static int __init b_init(void)
{
	if (b_fast())
		b_driver.suspend = b_suspend_fast;
	return freqd_register_driver(&b_driver);
}
device_initcall(b_init);

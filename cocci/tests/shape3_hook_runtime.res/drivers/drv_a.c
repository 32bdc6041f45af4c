#include <linux/init.h>
#include "../include/freqd.h"

static int a_suspend(struct freqd_policy *policy, pm_message_t pmsg)
{
	a_save(policy);
	return 0;
}

static int a_resume(struct freqd_policy *policy)
{
	a_restore(policy);
	return 0;
}

static struct freqd_driver a_driver = {
	.limits		= { 100, 200 },
	.suspend	= a_suspend,
	.resume		= a_resume,
};

static int __init a_init(void)
{
	a_suspend(NULL, PMSG_SUSPEND);
	return freqd_register_driver(&a_driver);
}
device_initcall(a_init);

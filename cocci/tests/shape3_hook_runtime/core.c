#include <linux/init.h>
#include <linux/sysdev.h>
#include "include/freqd.h"

static struct freqd_driver *freqd_driver;
static struct freqd_policy *freqd_policy;

int freqd_register_driver(struct freqd_driver *drv)
{
	freqd_driver = drv;
	return 0;
}

static void freqd_log_resume(struct sys_device *dev)
{
	pr_debug("freqd: resumed\n");
}

static int freqd_core_suspend(struct sys_device *dev, pm_message_t pmsg)
{
	return freqd_driver->suspend(freqd_policy, pmsg);
}

static int freqd_core_resume(struct sys_device *dev)
{
	freqd_log_resume(dev);
	return freqd_driver->resume(freqd_policy);
}

static struct sysdev_class freqd_sysclass = {
	.name		= "freqd",
	.suspend	= freqd_core_suspend,
	.resume		= freqd_core_resume,
};

static struct sys_device freqd_sysdev = {
	.cls		= &freqd_sysclass,
};

static int __init freqd_core_init(void)
{
	int err = sysdev_class_register(&freqd_sysclass);

	if (!err)
		err = sysdev_register(&freqd_sysdev);
	return err;
}
core_initcall(freqd_core_init);

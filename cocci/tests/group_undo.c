// A PM-only driver on a SoC class whose device is registered twice in
// one function (once again after a reset): no one place for the ops, so
// not converted, and then nothing may change, not even the driver's
// registration that the conversion would have removed.
#include <linux/init.h>
#include <linux/sysdev.h>

static struct sysdev_class soc_sysclass = {
	.name		= "soc",
};

static struct sys_device soc_dev = {
	.cls		= &soc_sysclass,
};

static int soc_pm_suspend(struct sys_device *dev, pm_message_t state)
{
	soc_save();
	return 0;
}

static int soc_pm_resume(struct sys_device *dev)
{
	soc_restore();
	return 0;
}

static struct sysdev_driver soc_pm_driver = {
	.suspend	= soc_pm_suspend,
	.resume		= soc_pm_resume,
};

static int __init soc_init(void)
{
	int err;

	err = sysdev_class_register(&soc_sysclass);
	if (err)
		return err;
	sysdev_driver_register(&soc_sysclass, &soc_pm_driver);
	err = sysdev_register(&soc_dev);
	if (err && soc_reset() == 0)
		err = sysdev_register(&soc_dev);
	return err;
}
arch_initcall(soc_init);

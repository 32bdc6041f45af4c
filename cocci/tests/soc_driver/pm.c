// A driver on the chip's core class with .add and PM callbacks: it stays
// for .add, its callbacks move to a syscore_ops registered by the chip
// init, where the device of the class is registered.
#include <linux/init.h>
#include <linux/sysdev.h>

#include "soc.h"

static int chipx_pm_add(struct sys_device *dev)
{
	chipx_pm_hooks_install();
	return 0;
}

static int chipx_pm_suspend(struct sys_device *dev, pm_message_t state)
{
	chipx_save_core_regs();
	return 0;
}

static int chipx_pm_resume(struct sys_device *dev)
{
	chipx_restore_core_regs();
	return 0;
}

static struct sysdev_driver chipx_pm_driver = {
	.add		= chipx_pm_add,
	.suspend	= chipx_pm_suspend,
	.resume		= chipx_pm_resume,
};

static __init int chipx_pm_init(void)
{
	return sysdev_driver_register(&chipx_sysclass, &chipx_pm_driver);
}
arch_initcall(chipx_pm_init);

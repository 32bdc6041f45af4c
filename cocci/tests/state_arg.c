// Must not be touched: suspend looks at its pm_message_t argument.
#include <linux/init.h>
#include <linux/sysdev.h>

static int pmu_suspend(struct sys_device *dev, pm_message_t state)
{
	if (state.event == PM_EVENT_FREEZE)
		return 0;
	pmu_save();
	return 0;
}

static struct sysdev_class pmu_sysclass = {
	.name		= "pmu",
	.suspend	= pmu_suspend,
};

static struct sys_device device_pmu = {
	.id		= 0,
	.cls		= &pmu_sysclass,
};

static int __init pmu_init_sysfs(void)
{
	int error = sysdev_class_register(&pmu_sysclass);
	if (!error)
		error = sysdev_register(&device_pmu);
	return error;
}
device_initcall(pmu_init_sysfs);

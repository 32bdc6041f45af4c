// driver_later_steps' twin: the init's error path unregisters the driver,
// but only the failure of its last step leads there: the ops is registered
// after that step, and so is not unregistered on that path (it is not
// registered yet there).
#include <linux/init.h>
#include <linux/sysdev.h>

static int cpufreq_add_dev(struct sys_device *sys_dev)
{
	return cpufreq_add_dev_policy(sys_dev->id);
}

static int cpufreq_remove_dev(struct sys_device *sys_dev)
{
	return __cpufreq_remove_dev(sys_dev->id);
}

static int cpufreq_suspend(struct sys_device *sysdev, pm_message_t pmsg)
{
	int ret = 0;
	int cpu = smp_processor_id();

	if (cpufreq_driver->suspend)
		ret = cpufreq_driver->suspend(cpu);
	return ret;
}

static int cpufreq_resume(struct sys_device *sysdev)
{
	int cpu = smp_processor_id();

	if (cpufreq_driver->resume)
		cpufreq_driver->resume(cpu);
	schedule_work(&cpu_policy_update);
	return 0;
}

static struct sysdev_driver cpufreq_sysdev_driver = {
	.add		= cpufreq_add_dev,
	.remove		= cpufreq_remove_dev,
	.suspend	= cpufreq_suspend,
	.resume		= cpufreq_resume,
};

static int __init cpufreq_core_init(void)
{
	int ret;

	ret = sysdev_driver_register(&cpu_sysdev_class, &cpufreq_sysdev_driver);
	if (ret)
		return ret;

	ret = cpufreq_sysfs_init();
	if (ret)
		goto err_driver;

	cpufreq_global_kobject = kobject_create_and_add("cpufreq", NULL);
	return 0;

err_driver:
	sysdev_driver_unregister(&cpu_sysdev_class, &cpufreq_sysdev_driver);
	return ret;
}
core_initcall(cpufreq_core_init);

// 2.6.38 cpufreq_register_driver() shape: the cpu sysdev_driver is
// registered and unregistered with the cpufreq driver.  It stays for .add;
// the syscore_ops is registered when the driver registration succeeded
// and unregistered before the driver is.
#include <linux/init.h>
#include <linux/sysdev.h>

static int cpufreq_add_dev(struct sys_device *sys_dev)
{
	return cpufreq_add_dev_policy(sys_dev->id);
}

static int cpufreq_resume(struct sys_device *sysdev)
{
	schedule_work(&cpu_policy_update);
	return 0;
}

static struct sysdev_driver cpufreq_sysdev_driver = {
	.add		= cpufreq_add_dev,
	.resume		= cpufreq_resume,
};

int cpufreq_register_driver(struct cpufreq_driver *driver_data)
{
	int ret;

	cpufreq_driver = driver_data;
	ret = sysdev_driver_register(&cpu_sysdev_class,
				     &cpufreq_sysdev_driver);
	return ret;
}

int cpufreq_unregister_driver(struct cpufreq_driver *driver)
{
	sysdev_driver_unregister(&cpu_sysdev_class, &cpufreq_sysdev_driver);
	cpufreq_driver = NULL;
	return 0;
}

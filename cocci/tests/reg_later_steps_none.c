// reg_later_steps' twin: after the class, only a step that some paths run
// and one whose failure is only logged.  Neither ends the init on every
// path, so the ops is registered right after the class.
#include <linux/init.h>
#include <linux/cpuhotplug.h>
#include <linux/sysdev.h>

static int hwmon_suspend(struct sys_device *dev, pm_message_t state)
{
	hwmon_quiesce();
	return 0;
}

static int hwmon_resume(struct sys_device *dev)
{
	hwmon_restore();
	return 0;
}

static struct sysdev_class hwmon_sysdev_class = {
	.name		= "hwmon",
	.suspend	= hwmon_suspend,
	.resume		= hwmon_resume,
};

static DEFINE_PER_CPU(struct sys_device, hwmon_device);

static int hwmon_cpu_online(unsigned int cpu)
{
	struct sys_device *dev = &per_cpu(hwmon_device, cpu);

	dev->id = cpu;
	dev->cls = &hwmon_sysdev_class;
	return sysdev_register(dev);
}

static int __init hwmon_init_device(void)
{
	int err;

	if (!zalloc_cpumask_var(&hwmon_initialized, GFP_KERNEL))
		return -ENOMEM;

	err = sysdev_class_register(&hwmon_sysdev_class);
	if (err)
		goto err_out_mem;

	if (hwmon_legacy) {
		err = hwmon_legacy_init();
		if (err)
			goto err_out_legacy;
	}

	err = hwmon_debugfs_init();
	if (err)
		pr_warn("hwmon: no debugfs\n");

	return 0;

err_out_legacy:
	hwmon_legacy_exit();
err_out_mem:
	free_cpumask_var(hwmon_initialized);
	return err;
}
device_initcall(hwmon_init_device);

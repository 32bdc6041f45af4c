// Per-CPU sys_devices that carry sysfs attribute files: the class and the
// devices stay for sysfs; the PM callbacks (they do not look at the
// device) move to a syscore_ops next to the class, registered once, after
// the loop that creates the devices and can still fail (2.6.39's mce).
#include <linux/init.h>
#include <linux/percpu.h>
#include <linux/sysdev.h>

static DEFINE_PER_CPU(struct sys_device, errmon_dev);

static int errmon_suspend(struct sys_device *dev, pm_message_t state)
{
	errmon_disable_reporting();
	return 0;
}

static int errmon_shutdown(struct sys_device *dev)
{
	errmon_disable_reporting();
	return 0;
}

static int errmon_resume(struct sys_device *dev)
{
	errmon_init_banks();
	return 0;
}

static struct sysdev_class errmon_sysdev_class = {
	.name		= "errmon",
	.suspend	= errmon_suspend,
	.shutdown	= errmon_shutdown,
	.resume		= errmon_resume,
};

static SYSDEV_ATTR(tolerant, 0644, errmon_show_tolerant, errmon_store_tolerant);

static int errmon_create_device(unsigned int cpu)
{
	struct sys_device *dev = &per_cpu(errmon_dev, cpu);
	int err;

	dev->id = cpu;
	dev->cls = &errmon_sysdev_class;
	err = sysdev_register(dev);
	if (err)
		return err;
	return sysdev_create_file(dev, &attr_tolerant);
}

static int __init errmon_init_device(void)
{
	int err, i;

	err = sysdev_class_register(&errmon_sysdev_class);
	if (err)
		return err;

	for_each_online_cpu(i) {
		err = errmon_create_device(i);
		if (err)
			return err;
	}
	return 0;
}
device_initcall(errmon_init_device);

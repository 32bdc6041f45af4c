// Must not be touched: the resume callback reads dev->id.
#include <linux/init.h>
#include <linux/sysdev.h>

static int mc_sysdev_resume(struct sys_device *dev)
{
	int cpu = dev->id;

	if (!cpu_online(cpu))
		return 0;

	WARN_ON(cpu != 0);
	microcode_ops->apply_microcode(cpu);
	return 0;
}

static struct sysdev_class mc_sysclass = {
	.name		= "microcode_pm",
	.resume		= mc_sysdev_resume,
};

static struct sys_device device_mc = {
	.id		= 0,
	.cls		= &mc_sysclass,
};

static int __init mc_init_sysfs(void)
{
	int error = sysdev_class_register(&mc_sysclass);
	if (!error)
		error = sysdev_register(&device_mc);
	return error;
}
device_initcall(mc_init_sysfs);

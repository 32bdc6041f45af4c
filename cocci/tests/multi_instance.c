// Two static sys_devices of one class whose callback does not look at the
// device: one syscore_ops, registered once (the class callback ran once
// per device, doing the same thing twice).
#include <linux/init.h>
#include <linux/sysdev.h>

static int pit_resume(struct sys_device *dev)
{
	pit_reinit();
	return 0;
}

static struct sysdev_class pit_sysclass = {
	.name		= "pit",
	.resume		= pit_resume,
};

static struct sys_device device_pit0 = {
	.id		= 0,
	.cls		= &pit_sysclass,
};

static struct sys_device device_pit1 = {
	.id		= 1,
	.cls		= &pit_sysclass,
};

static int __init pit_init_sysfs(void)
{
	int error = sysdev_class_register(&pit_sysclass);
	if (!error)
		error = sysdev_register(&device_pit0);
	if (!error)
		error = sysdev_register(&device_pit1);
	return error;
}
device_initcall(pit_init_sysfs);

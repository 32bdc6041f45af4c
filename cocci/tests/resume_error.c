// Resume returns an error code, which a void syscore resume cannot
// report: "return -ENODEV;" becomes "return;".
#include <linux/init.h>
#include <linux/sysdev.h>

static int hpet_resume(struct sys_device *dev)
{
	if (!hpet_address)
		return -ENODEV;

	hpet_restart_counter();
	return 0;
}

static struct sysdev_class hpet_sysclass = {
	.name		= "hpet",
	.resume		= hpet_resume,
};

static struct sys_device device_hpet = {
	.id		= 0,
	.cls		= &hpet_sysclass,
};

static int __init hpet_init_sysfs(void)
{
	int error = sysdev_class_register(&hpet_sysclass);
	if (!error)
		error = sysdev_register(&device_hpet);
	return error;
}
device_initcall(hpet_init_sysfs);

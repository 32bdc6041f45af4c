// An early "return 0;" inside a block of resume becomes "return;" (only
// the final one goes).
#include <linux/init.h>
#include <linux/sysdev.h>

static int vic_resume(struct sys_device *dev)
{
	if (!vic_active) {
		vic_disable();
		return 0;
	}
	vic_restore();
	return 0;
}

static struct sysdev_class vic_sysclass = {
	.name		= "vic",
	.resume		= vic_resume,
};

static struct sys_device device_vic = {
	.id		= 0,
	.cls		= &vic_sysclass,
};

static int __init vic_init_sysfs(void)
{
	int error = sysdev_class_register(&vic_sysclass);
	if (!error)
		error = sysdev_register(&device_vic);
	return error;
}
device_initcall(vic_init_sysfs);

// Resume and shutdown that return error values: they become void, their
// error paths still log, "return err;" becomes "return;".
#include <linux/init.h>
#include <linux/sysdev.h>

static int fabric_resume(struct sys_device *dev)
{
	int err;

	err = fabric_reinit();
	if (err) {
		pr_warn("fabric: reinit failed: %d\n", err);
		return err;
	}
	return fabric_unmask_all();
}

static int fabric_shutdown(struct sys_device *dev)
{
	if (!fabric_running)
		return -ENODEV;
	fabric_quiesce();
	return 0;
}

static struct sysdev_class fabric_sysclass = {
	.name		= "fabric",
	.resume		= fabric_resume,
	.shutdown	= fabric_shutdown,
};

static struct sys_device fabric_sysdev = {
	.id		= 0,
	.cls		= &fabric_sysclass,
};

static int __init fabric_init_sysfs(void)
{
	int error = sysdev_class_register(&fabric_sysclass);
	if (!error)
		error = sysdev_register(&fabric_sysdev);
	return error;
}
device_initcall(fabric_init_sysfs);

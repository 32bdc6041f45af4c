// A class whose callbacks only wrap functions of this file that already
// have the syscore signature (and other users): the wrappers are folded.
#include <linux/init.h>
#include <linux/syscore_ops.h>
#include <linux/sysdev.h>

int save_ioapic_entries(void)
{
	return do_save();
}

void restore_ioapic_entries(void)
{
	do_restore();
}

static int ioapic_suspend(struct sys_device *dev, pm_message_t state)
{
	return save_ioapic_entries();
}

static int ioapic_resume(struct sys_device *dev)
{
	restore_ioapic_entries();
	return 0;
}

static struct sysdev_class ioapic_sysdev_class = {
	.name = "ioapic",
	.suspend = ioapic_suspend,
	.resume = ioapic_resume,
};

static struct sys_device device_ioapic = {
	.id	= 0,
	.cls	= &ioapic_sysdev_class,
};

static int __init ioapic_init_sysfs(void)
{
	int error;

	error = sysdev_class_register(&ioapic_sysdev_class);
	if (!error)
		error = sysdev_register(&device_ioapic);

	return error;
}

device_initcall(ioapic_init_sysfs);

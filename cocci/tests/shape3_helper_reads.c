// Must not be touched (twin of shape3_helper_first): the class's resume
// passes its struct sys_device * on to a static helper, which reads it
// (dev->id): without the argument the helper would not know its device.
// The report names the helper and the line.
#include <linux/init.h>
#include <linux/sysdev.h>

static void led_note(struct sys_device *dev, const char *what)
{
	pr_debug("led%u: %s\n", dev->id, what);
}

static int led_resume(struct sys_device *dev)
{
	led_note(dev, "resumed");
	return 0;
}

static struct sysdev_class led_sysclass = {
	.name		= "led",
	.resume		= led_resume,
};

static struct sys_device led_sysdev = {
	.cls		= &led_sysclass,
};

static int __init led_pm_init(void)
{
	int err = sysdev_class_register(&led_sysclass);

	if (!err)
		err = sysdev_register(&led_sysdev);
	return err;
}
device_initcall(led_pm_init);

// A class after a line spatch cannot parse at all: the parser gives up
// on the rest of the file, so the facts lack the class itself; the
// report names the class and the line where parsing stopped, rather
// than say nothing.
#include <linux/init.h>
#include <linux/sysdev.h>

static int foo_suspend(struct sys_device *dev, pm_message_t state)
{
	foo_save();
	return 0;
}

static int foo_resume(struct sys_device *dev)
{
	foo_lock(((;

	foo_restore(a);
	return 0;
}

static struct sysdev_class foo_sysclass = {
	.name		= "foo",
	.suspend	= foo_suspend,
	.resume		= foo_resume,
};

static struct sys_device foo_sysdev = {
	.cls		= &foo_sysclass,
};

static int __init foo_init(void)
{
	int ret = sysdev_class_register(&foo_sysclass);

	if (!ret)
		ret = sysdev_register(&foo_sysdev);
	return ret;
}
device_initcall(foo_init);

// A class whose resume callback holds a line spatch cannot parse (here a
// plain syntax error; in real trees an unknown macro): the facts lack the
// callback, and the report must say so, naming the line, rather than call
// the callback undefined.
#include <linux/init.h>
#include <linux/sysdev.h>

static int foo_suspend(struct sys_device *dev, pm_message_t state)
{
	foo_save();
	return 0;
}

static int foo_resume(struct sys_device *dev)
{
	int a = 1 + ;

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

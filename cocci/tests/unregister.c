// A module with an unregister path: the two unregister calls become one
// unregister_syscore_ops().
#include <linux/module.h>
#include <linux/sysdev.h>

static int leds_suspend(struct sys_device *dev, pm_message_t state)
{
	leds_event(led_stop);
	return 0;
}

static int leds_resume(struct sys_device *dev)
{
	leds_event(led_start);
	return 0;
}

static struct sysdev_class leds_sysclass = {
	.name		= "leds",
	.suspend	= leds_suspend,
	.resume		= leds_resume,
};

static struct sys_device leds_device = {
	.id		= 0,
	.cls		= &leds_sysclass,
};

static int __init leds_init(void)
{
	int error = sysdev_class_register(&leds_sysclass);
	if (!error)
		error = sysdev_register(&leds_device);
	return error;
}

static void __exit leds_exit(void)
{
	sysdev_unregister(&leds_device);
	sysdev_class_unregister(&leds_sysclass);
}
module_init(leds_init);
module_exit(leds_exit);

// 2.6.38 kernel/time/timekeeping.c shape: a timer class, one device.
#include <linux/init.h>
#include <linux/sysdev.h>

static int timekeeping_resume(struct sys_device *dev)
{
	clocksource_resume();
	timekeeping_suspended = 0;
	return 0;
}

static int timekeeping_suspend(struct sys_device *dev, pm_message_t state)
{
	timekeeping_suspended = 1;
	clockevents_notify(CLOCK_EVT_NOTIFY_SUSPEND, NULL);
	return 0;
}

/* sysfs resume/suspend bits for timekeeping */
static struct sysdev_class timekeeping_sysclass = {
	.name		= "timekeeping",
	.resume		= timekeeping_resume,
	.suspend	= timekeeping_suspend,
};

static struct sys_device device_timer = {
	.id		= 0,
	.cls		= &timekeeping_sysclass,
};

static int __init timekeeping_init_device(void)
{
	int error = sysdev_class_register(&timekeeping_sysclass);
	if (!error)
		error = sysdev_register(&device_timer);
	return error;
}

device_initcall(timekeeping_init_device);

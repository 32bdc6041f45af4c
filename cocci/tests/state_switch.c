// Must not be touched: suspend switches on the event it is called for,
// and resume is that suspend called with PMSG_ON.  A syscore callback has
// no event: the report quotes the switch and its line, for a person to
// decide what the syscore callbacks should do.
#include <linux/init.h>
#include <linux/sysdev.h>

static int fan_suspend(struct sys_device *dev, pm_message_t state)
{
	switch (state.event) {
	case PM_EVENT_SUSPEND:
		fan_set(FAN_OFF);
		break;
	case PM_EVENT_ON:
		fan_set(FAN_AUTO);
		break;
	}
	return 0;
}

static int fan_resume(struct sys_device *dev)
{
	return fan_suspend(dev, PMSG_ON);
}

static struct sysdev_class fan_sysclass = {
	.name		= "fan",
	.suspend	= fan_suspend,
	.resume		= fan_resume,
};

static struct sys_device fan_sysdev = {
	.cls		= &fan_sysclass,
};

static int __init fan_init(void)
{
	int error = sysdev_class_register(&fan_sysclass);

	if (!error)
		error = sysdev_register(&fan_sysdev);
	return error;
}
device_initcall(fan_init);

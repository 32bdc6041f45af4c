// Must not be touched: the suspend callback is also called directly, so
// changing its signature would break that caller.
#include <linux/init.h>
#include <linux/sysdev.h>

static int rtc_suspend(struct sys_device *dev, pm_message_t state)
{
	rtc_save_time();
	return 0;
}

static struct sysdev_class rtc_sysclass = {
	.name		= "rtc",
	.suspend	= rtc_suspend,
};

static struct sys_device device_rtc = {
	.id		= 0,
	.cls		= &rtc_sysclass,
};

void rtc_prepare_poweroff(void)
{
	rtc_suspend(NULL, PMSG_SUSPEND);
}

static int __init rtc_init_sysfs(void)
{
	int error = sysdev_class_register(&rtc_sysclass);
	if (!error)
		error = sysdev_register(&device_rtc);
	return error;
}
device_initcall(rtc_init_sysfs);

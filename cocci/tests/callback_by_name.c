// Must not be touched: the resume callback is also handed, by plain
// name, to a hook table outside the sysdev class; with the syscore
// signature that table would no longer compile.
#include <linux/init.h>
#include <linux/sysdev.h>

static int rtcx_resume(struct sys_device *dev)
{
	rtcx_restore_time();
	return 0;
}

static struct rtcx_hooks rtcx_hooks = {
	.after_wakeup	= rtcx_resume,
};

static struct sysdev_class rtcx_sysclass = {
	.name		= "rtcx",
	.resume		= rtcx_resume,
};

static struct sys_device rtcx_sysdev = {
	.id		= 0,
	.cls		= &rtcx_sysclass,
};

static int __init rtcx_init_sysfs(void)
{
	int error = sysdev_class_register(&rtcx_sysclass);
	if (!error)
		error = sysdev_register(&rtcx_sysdev);
	if (!error)
		rtcx_register_hooks(&rtcx_hooks);
	return error;
}
device_initcall(rtcx_init_sysfs);

// "if (ret) return ret;" between the two registrations, under a CPU
// test, and a function that returns what the last call returned.
#include <linux/init.h>
#include <linux/sysdev.h>

static unsigned long memctl_save[4];

static int memctl_suspend(struct sys_device *dev, pm_message_t state)
{
	memctl_save[0] = memctl_read(MEMCTL_TIMING0);
	memctl_save[1] = memctl_read(MEMCTL_TIMING1);
	return 0;
}

static int memctl_resume(struct sys_device *dev)
{
	memctl_write(memctl_save[0], MEMCTL_TIMING0);
	memctl_write(memctl_save[1], MEMCTL_TIMING1);
	return 0;
}

static struct sysdev_class memctl_sysclass = {
	.name		= "memctl",
	.suspend	= memctl_suspend,
	.resume		= memctl_resume,
};

static struct sys_device memctl_sysdev = {
	.id		= 0,
	.cls		= &memctl_sysclass,
};

static int __init memctl_init(void)
{
	int ret = 0;

	if (cpu_is_soc9()) {
		ret = sysdev_class_register(&memctl_sysclass);
		if (ret)
			return ret;

		ret = sysdev_register(&memctl_sysdev);
	}

	return ret;
}
subsys_initcall(memctl_init);

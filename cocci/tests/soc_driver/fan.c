// A PM-only driver on the chip's core class: it goes, with the initcall
// that only registered it.
#include <linux/init.h>
#include <linux/sysdev.h>

#include "soc.h"

static int chipx_fan_resume(struct sys_device *dev)
{
	chipx_fan_set_speed(chipx_fan_speed);
	return 0;
}

static struct sysdev_driver chipx_fan_driver = {
	.resume		= chipx_fan_resume,
};

static int __init chipx_fan_init(void)
{
	return sysdev_driver_register(&chipx_sysclass, &chipx_fan_driver);
}
arch_initcall(chipx_fan_init);

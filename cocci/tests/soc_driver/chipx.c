// The chip's core class (no PM callbacks of its own) and its one device,
// registered by the chip init.
#include <linux/init.h>
#include <linux/sysdev.h>

#include "soc.h"

struct sysdev_class chipx_sysclass = {
	.name		= "chipx-core",
};

static int __init chipx_core_init(void)
{
	return sysdev_class_register(&chipx_sysclass);
}
core_initcall(chipx_core_init);

static struct sys_device chipx_sysdev = {
	.cls		= &chipx_sysclass,
};

int __init chipx_init(void)
{
	printk(KERN_INFO "chipx: starting\n");

	return sysdev_register(&chipx_sysdev);
}

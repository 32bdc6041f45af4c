// Chip b's core class and device, and its interrupt driver (with .add;
// its PM callbacks are the family's).
#include <linux/init.h>
#include <linux/sysdev.h>
#include <linux/syscore_ops.h>

#include "pm.h"

struct sysdev_class chipb_sysclass = {
	.name		= "chipb-core",
};

static struct sys_device chipb_sysdev = {
	.cls		= &chipb_sysclass,
};

static int chipb_irq_add(struct sys_device *sysdev)
{
	chipb_irq_setup();
	return 0;
}

static struct sysdev_driver chipb_irq_driver = {
	.add		= chipb_irq_add,
};

static int __init chipb_irq_init(void)
{
	return sysdev_driver_register(&chipb_sysclass, &chipb_irq_driver);
}
arch_initcall(chipb_irq_init);

static int __init chipb_core_init(void)
{
	return sysdev_class_register(&chipb_sysclass);
}
core_initcall(chipb_core_init);

int __init chipb_init(void)
{
	register_syscore_ops(&family_irq_syscore_ops);
	return sysdev_register(&chipb_sysdev);
}

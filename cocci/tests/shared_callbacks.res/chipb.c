// Chip B registers its core class, its interrupt driver (with .add; the
// family's PM callbacks) and its device from one init function.
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
	chipb_irq_route_all();
	return 0;
}

static struct sysdev_driver chipb_irq_driver = {
	.add		= chipb_irq_add,
};

int __init chipb_init(void)
{
	int err;

	err = sysdev_class_register(&chipb_sysclass);
	if (err)
		return err;
	sysdev_driver_register(&chipb_sysclass, &chipb_irq_driver);
	register_syscore_ops(&family_irq_syscore_ops);
	return sysdev_register(&chipb_sysdev);
}

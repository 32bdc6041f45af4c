// Chip a's core class and device, and its interrupt driver (with .add;
// its PM callbacks are the family's).
#include <linux/init.h>
#include <linux/sysdev.h>
#include <linux/syscore_ops.h>

#include "pm.h"

struct sysdev_class chipa_sysclass = {
	.name		= "chipa-core",
};

static struct sys_device chipa_sysdev = {
	.cls		= &chipa_sysclass,
};

static int chipa_irq_add(struct sys_device *sysdev)
{
	chipa_irq_setup();
	return 0;
}

static struct sysdev_driver chipa_irq_driver = {
	.add		= chipa_irq_add,
};

static int __init chipa_irq_init(void)
{
	return sysdev_driver_register(&chipa_sysclass, &chipa_irq_driver);
}
arch_initcall(chipa_irq_init);

static int __init chipa_core_init(void)
{
	return sysdev_class_register(&chipa_sysclass);
}
core_initcall(chipa_core_init);

int __init chipa_init(void)
{
	register_syscore_ops(&family_irq_syscore_ops);
	return sysdev_register(&chipa_sysdev);
}

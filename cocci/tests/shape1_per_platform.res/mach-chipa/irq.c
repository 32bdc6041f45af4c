// Chip a's interrupt driver: .add, and the family's PM callbacks.
#include <linux/init.h>
#include <linux/sysdev.h>

#include <plat/cpu.h>
#include <plat/pm.h>

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

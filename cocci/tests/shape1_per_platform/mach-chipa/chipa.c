// Chip a's core class and its one device.
#include <linux/init.h>
#include <linux/sysdev.h>

#include <plat/cpu.h>

struct sysdev_class chipa_sysclass = {
	.name		= "chipa-core",
};

static struct sys_device chipa_sysdev = {
	.cls		= &chipa_sysclass,
};

static int __init chipa_core_init(void)
{
	return sysdev_class_register(&chipa_sysclass);
}
core_initcall(chipa_core_init);

int __init chipa_init(void)
{
	fam_init_irq();
	return sysdev_register(&chipa_sysdev);
}

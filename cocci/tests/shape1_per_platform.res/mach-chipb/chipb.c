// Chip b: its core class, its device, and a PM-only driver on the class
// with the family's callbacks.
#include <linux/init.h>
#include <linux/sysdev.h>
#include <linux/syscore_ops.h>

#include <plat/cpu.h>
#include <plat/pm.h>

struct sysdev_class chipb_sysclass = {
	.name		= "chipb-core",
};

static struct sys_device chipb_sysdev = {
	.cls		= &chipb_sysclass,
};

int __init chipb_init(void)
{
	int err;

	fam_init_irq();
	err = sysdev_class_register(&chipb_sysclass);
	if (err)
		return err;
	register_syscore_ops(&fam_irq_syscore_ops);
	return sysdev_register(&chipb_sysdev);
}

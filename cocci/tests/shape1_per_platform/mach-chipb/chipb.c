// Chip b: its core class, its device, and a PM-only driver on the class
// with the family's callbacks.
#include <linux/init.h>
#include <linux/sysdev.h>

#include <plat/cpu.h>
#include <plat/pm.h>

struct sysdev_class chipb_sysclass = {
	.name		= "chipb-core",
};

static struct sys_device chipb_sysdev = {
	.cls		= &chipb_sysclass,
};

static struct sysdev_driver chipb_irq_driver = {
	.suspend	= fam_irq_suspend,
	.resume		= fam_irq_resume,
};

int __init chipb_init(void)
{
	int err;

	fam_init_irq();
	err = sysdev_class_register(&chipb_sysclass);
	if (err)
		return err;
	sysdev_driver_register(&chipb_sysclass, &chipb_irq_driver);
	return sysdev_register(&chipb_sysdev);
}

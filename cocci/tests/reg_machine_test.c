// Only one machine has the CPLD: the registration is inside a
// machine test, and the function returns -ENODEV on the others.
#include <linux/init.h>
#include <linux/sysdev.h>

#ifdef CONFIG_PM
static int cpld_irq_resume(struct sys_device *dev)
{
	cpld_writew(cpld_irq_mask, CPLD_IRQ_MASK);
	return 0;
}

static struct sysdev_class cpld_irq_sysclass = {
	.name = "cpld_irq",
	.resume = cpld_irq_resume,
};

static struct sys_device cpld_irq_device = {
	.cls = &cpld_irq_sysclass,
};

static int __init cpld_irq_device_init(void)
{
	int ret = -ENODEV;

	if (machine_is_devboard()) {
		ret = sysdev_class_register(&cpld_irq_sysclass);
		if (ret == 0)
			ret = sysdev_register(&cpld_irq_device);
	}
	return ret;
}

device_initcall(cpld_irq_device_init);
#endif

// The interrupt controller class, registered at the end of the
// controller's init; exported to the chip files.
#include <linux/init.h>
#include <linux/sysdev.h>

#include "soc.h"

static u32 soc_intc_mask;

static int soc_intc_suspend(struct sys_device *dev, pm_message_t state)
{
	soc_intc_mask = soc_intc_read_mask();
	return 0;
}

static int soc_intc_resume(struct sys_device *dev)
{
	soc_intc_write_mask(soc_intc_mask);
	return 0;
}

struct sysdev_class soc_intc_sysclass = {
	.name		= "soc-intc",
	.suspend	= soc_intc_suspend,
	.resume		= soc_intc_resume,
};

static int __init soc_intc_sysfs_init(void)
{
	soc_intc_write_mask(0);
	soc_intc_ack_all();

	return sysdev_class_register(&soc_intc_sysclass);
}
core_initcall(soc_intc_sysfs_init);

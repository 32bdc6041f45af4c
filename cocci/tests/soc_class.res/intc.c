// The interrupt controller class, registered at the end of the
// controller's init; exported to the chip files.
#include <linux/init.h>
#include <linux/syscore_ops.h>

#include "soc.h"

static u32 soc_intc_mask;

static int soc_intc_suspend(void)
{
	soc_intc_mask = soc_intc_read_mask();
	return 0;
}

static void soc_intc_resume(void)
{
	soc_intc_write_mask(soc_intc_mask);
}

struct syscore_ops soc_intc_syscore_ops = {
	.suspend	= soc_intc_suspend,
	.resume		= soc_intc_resume,
};

static int __init soc_intc_sysfs_init(void)
{
	soc_intc_write_mask(0);
	soc_intc_ack_all();

	return 0;
}
core_initcall(soc_intc_sysfs_init);

// A class defined and exported here; its sys_devices live in the chip
// files (soc-a.c, soc-b.c), which register them.
#include <linux/init.h>
#include <linux/sysdev.h>

#include "soc.h"

#ifdef CONFIG_PM
static u32 soc_clk_gates;

static int soc_clk_suspend(struct sys_device *d, pm_message_t state)
{
	soc_clk_gates = soc_clk_read_gates();
	return 0;
}

static int soc_clk_resume(struct sys_device *d)
{
	soc_clk_write_gates(soc_clk_gates);
	return 0;
}
#else
#define soc_clk_suspend	NULL
#define soc_clk_resume	NULL
#endif

struct sysdev_class soc_clk_sysclass = {
	.name		= "soc-clk",
	.suspend	= soc_clk_suspend,
	.resume		= soc_clk_resume,
};

static int __init soc_clk_init(void)
{
	if (cpu_is_soc_a())
		return sysdev_class_register(&soc_clk_sysclass);
	return 0;
}
postcore_initcall(soc_clk_init);

// A class defined and exported here; its sys_devices live in the chip
// files (soc-a.c, soc-b.c), which register them.
#include <linux/init.h>
#include <linux/syscore_ops.h>

#include "soc.h"

#ifdef CONFIG_PM
static u32 soc_clk_gates;

static int soc_clk_suspend(void)
{
	soc_clk_gates = soc_clk_read_gates();
	return 0;
}

static void soc_clk_resume(void)
{
	soc_clk_write_gates(soc_clk_gates);
}
#else
#define soc_clk_suspend	NULL
#define soc_clk_resume	NULL
#endif

struct syscore_ops soc_clk_syscore_ops = {
	.suspend	= soc_clk_suspend,
	.resume		= soc_clk_resume,
};

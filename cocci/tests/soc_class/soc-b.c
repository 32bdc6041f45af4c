// Chip B: only the interrupt controller, registered in a loop whose
// result is ignored.
#include <linux/init.h>
#include <linux/sysdev.h>

#include "soc.h"

static struct sys_device soc_b_sysdev[] = {
	{
		.cls	= &soc_intc_sysclass,
	},
};

void __init soc_b_init(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(soc_b_sysdev); i++)
		sysdev_register(&soc_b_sysdev[i]);
}

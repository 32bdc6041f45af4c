// Chip A: one sys_device per class in an array, registered in a loop.
#include <linux/init.h>
#include <linux/sysdev.h>

#include "soc.h"

static struct sys_device soc_a_sysdev[] = {
	{
		.cls	= &soc_intc_sysclass,
	}, {
		.cls	= &soc_clk_sysclass,
	}
};

static int __init soc_a_init(void)
{
	int i, ret = 0;

	if (cpu_is_soc_a()) {
		soc_a_setup_pins();

		for (i = 0; i < ARRAY_SIZE(soc_a_sysdev); i++) {
			ret = sysdev_register(&soc_a_sysdev[i]);
			if (ret)
				pr_err("soc-a: sysdev %d not registered\n", i);
		}

		ret = soc_a_add_devices();
	}
	return ret;
}
postcore_initcall(soc_a_init);

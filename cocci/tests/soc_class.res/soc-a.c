// Chip A: one sys_device per class in an array, registered in a loop.
#include <linux/init.h>
#include <linux/syscore_ops.h>

#include "soc.h"

static int __init soc_a_init(void)
{
	int ret = 0;

	if (cpu_is_soc_a()) {
		soc_a_setup_pins();

		register_syscore_ops(&soc_intc_syscore_ops);
		register_syscore_ops(&soc_clk_syscore_ops);

		ret = soc_a_add_devices();
	}
	return ret;
}
postcore_initcall(soc_a_init);

// Chip B: only the interrupt controller, registered in a loop whose
// result is ignored.
#include <linux/init.h>
#include <linux/syscore_ops.h>

#include "soc.h"

void __init soc_b_init(void)
{
	register_syscore_ops(&soc_intc_syscore_ops);
}

// The callbacks every chip's interrupt driver uses: the one syscore_ops
// goes here, next to them.
#include <linux/init.h>
#include <linux/syscore_ops.h>

#include "pm.h"

static unsigned long family_irq_save;

int family_irq_suspend(void)
{
	family_irq_save = family_irq_read_mask();
	return 0;
}

void family_irq_resume(void)
{
	family_irq_write_mask(family_irq_save);
}

struct syscore_ops family_irq_syscore_ops = {
	.suspend = family_irq_suspend,
	.resume = family_irq_resume,
};

// The callbacks every chip's interrupt driver uses: the one syscore_ops
// goes here, next to them.
#include <linux/init.h>
#include <linux/sysdev.h>

#include "pm.h"

static unsigned long family_irq_save;

int family_irq_suspend(struct sys_device *dev, pm_message_t state)
{
	family_irq_save = family_irq_read_mask();
	return 0;
}

int family_irq_resume(struct sys_device *dev)
{
	family_irq_write_mask(family_irq_save);
	return 0;
}

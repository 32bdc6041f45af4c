// The family's interrupt PM: the wake-up mask is saved and put back.
#include <linux/init.h>
#include <linux/sysdev.h>

#include <plat/pm.h>

static unsigned long fam_saved_mask;

int fam_irq_suspend(struct sys_device *dev, pm_message_t state)
{
	fam_saved_mask = fam_irq_read_mask();
	fam_irq_write_mask(fam_wake_mask);
	return 0;
}

int fam_irq_resume(struct sys_device *dev)
{
	fam_irq_write_mask(fam_saved_mask);
	return 0;
}

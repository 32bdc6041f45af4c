// The family's interrupt PM: the wake-up mask is saved and put back.
#include <linux/init.h>

#include <plat/pm.h>

static unsigned long fam_saved_mask;

int fam_irq_suspend(void)
{
	fam_saved_mask = fam_irq_read_mask();
	fam_irq_write_mask(fam_wake_mask);
	return 0;
}

void fam_irq_resume(void)
{
	fam_irq_write_mask(fam_saved_mask);
}

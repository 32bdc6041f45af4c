// The family's interrupt PM, built with CONFIG_PM only: plat/pm.h
// stands in for its callbacks with NULL otherwise, so the ops that the
// chips register cannot live here.
#include <linux/init.h>

#include <plat/pm.h>

static unsigned long fam_irq_save;

int fam_irq_suspend(void)
{
	fam_irq_save = fam_irq_read_mask();
	return 0;
}

void fam_irq_resume(void)
{
	fam_irq_write_mask(fam_irq_save);
}

// The second platform's interrupt PM, under the same names: the external
// interrupt configuration is saved and put back.  Never linked together
// with plat-fam.
#include <linux/init.h>

#include <plat/pm.h>

static u32 fam2_eint_cfg[4];

int fam_irq_suspend(void)
{
	int i;

	for (i = 0; i < 4; i++)
		fam2_eint_cfg[i] = fam2_eint_read(i);
	return 0;
}

void fam_irq_resume(void)
{
	int i;

	for (i = 0; i < 4; i++)
		fam2_eint_write(i, fam2_eint_cfg[i]);
}

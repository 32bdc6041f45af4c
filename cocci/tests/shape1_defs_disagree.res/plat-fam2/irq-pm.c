// The second platform's interrupt PM, under the same names, but its
// suspend callback uses the sys_device: each interrupt bank is a device
// of its own, and dev->id picks the bank's saved configuration.
#include <linux/init.h>
#include <linux/sysdev.h>

#include <plat/pm.h>

static u32 fam2_eint_cfg[4];

int fam_irq_suspend(struct sys_device *dev, pm_message_t state)
{
	fam2_eint_cfg[dev->id] = fam2_eint_read(dev->id);
	return 0;
}

int fam_irq_resume(struct sys_device *dev)
{
	int i;

	for (i = 0; i < 4; i++)
		fam2_eint_write(i, fam2_eint_cfg[i]);
	return 0;
}

// 2.6.38 arch/x86/kernel/cpu/mtrr/main.c shape: a cpu_sysdev_class
// driver with PM callbacks only.
#include <linux/init.h>
#include <linux/sysdev.h>

static int mtrr_save(struct sys_device *sysdev, pm_message_t state)
{
	int i;

	for (i = 0; i < num_var_ranges; i++)
		mtrr_if->get(i, &mtrr_value[i].lbase, &mtrr_value[i].lsize,
			     &mtrr_value[i].ltype);
	return 0;
}

static int mtrr_restore(struct sys_device *sysdev)
{
	int i;

	for (i = 0; i < num_var_ranges; i++) {
		if (mtrr_value[i].lsize)
			set_mtrr(i, mtrr_value[i].lbase, mtrr_value[i].lsize,
				 mtrr_value[i].ltype);
	}
	return 0;
}

static struct sysdev_driver mtrr_sysdev_driver = {
	.suspend	= mtrr_save,
	.resume		= mtrr_restore,
};

static int __init mtrr_init_finialize(void)
{
	if (!mtrr_if)
		return 0;

	if (use_intel())
		return 0;

	sysdev_driver_register(&cpu_sysdev_class, &mtrr_sysdev_driver);

	return 0;
}
subsys_initcall(mtrr_init_finialize);

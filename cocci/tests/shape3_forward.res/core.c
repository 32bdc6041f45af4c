#include <linux/init.h>
#include <linux/syscore_ops.h>
#include "include/freqd.h"

static struct freqd_driver *freqd_driver;
static struct freqd_policy *freqd_policy;

int freqd_register_driver(struct freqd_driver *drv)
{
	freqd_driver = drv;
	return 0;
}

static void freqd_log_resume(void)
{
	pr_debug("freqd: resumed\n");
}

static int freqd_core_suspend(void)
{
	return freqd_driver->suspend(freqd_policy);
}

static void freqd_core_resume(void)
{
	freqd_log_resume();
	freqd_driver->resume(freqd_policy);
}

static struct syscore_ops freqd_syscore_ops = {
	.suspend	= freqd_core_suspend,
	.resume		= freqd_core_resume,
};

static int __init freqd_core_init(void)
{
	register_syscore_ops(&freqd_syscore_ops);
	return 0;
}
core_initcall(freqd_core_init);

// As shape2_bp_rename.c, but the file already has the name the resume
// would take on the boot CPU (ldr_bp_resume): not guessed, the report
// names the clash.
#include <linux/init.h>
#include <linux/sysdev.h>

void ldr_bp_resume(void)
{
	ldr_reload(0);
}

static int ldr_sysdev_resume(struct sys_device *dev)
{
	int cpu = dev->id;

	ldr_reload(cpu);
	return 0;
}

static struct sysdev_driver ldr_sysdev_driver = {
	.resume		= ldr_sysdev_resume,
};

static int __init ldr_init(void)
{
	return sysdev_driver_register(&cpu_sysdev_class, &ldr_sysdev_driver);
}
device_initcall(ldr_init);

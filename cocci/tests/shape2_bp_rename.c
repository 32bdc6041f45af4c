// A loader driver on cpu_sysdev_class whose resume, named after the
// sysdev, reloads the CPU it was called for.  As a syscore callback it
// runs once, on the boot CPU: "sysdev" in its name becomes "bp" (boot
// processor), in its prototype and its use too.
#include <linux/init.h>
#include <linux/sysdev.h>

static int ldr_sysdev_resume(struct sys_device *dev);

static struct sysdev_driver ldr_sysdev_driver = {
	.resume		= ldr_sysdev_resume,
};

static int ldr_sysdev_resume(struct sys_device *dev)
{
	int cpu = dev->id;

	ldr_reload(cpu);
	return 0;
}

static int __init ldr_init(void)
{
	return sysdev_driver_register(&cpu_sysdev_class, &ldr_sysdev_driver);
}
device_initcall(ldr_init);

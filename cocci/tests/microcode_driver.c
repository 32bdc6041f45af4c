// Microcode shape (PM part only): a cpu_sysdev_class driver whose resume
// wraps the boot CPU reload of this file.
#include <linux/init.h>
#include <linux/sysdev.h>

void microcode_bsp_resume(void)
{
	int cpu = smp_processor_id();

	if (ucode_cpu_info[cpu].valid)
		microcode_ops->apply_microcode(cpu);
}

static int mc_sysdev_resume(struct sys_device *dev)
{
	microcode_bsp_resume();
	return 0;
}

static struct sysdev_driver mc_sysdev_driver = {
	.resume			= mc_sysdev_resume,
};

static int __init microcode_init(void)
{
	if (!microcode_ops)
		return -ENODEV;

	sysdev_driver_register(&cpu_sysdev_class, &mc_sysdev_driver);
	pr_info("Microcode Update Driver\n");

	return 0;
}
module_init(microcode_init);

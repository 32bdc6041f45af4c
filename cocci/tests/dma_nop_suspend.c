// 2.6.38 arch/x86/kernel/i8237.c shape: resume plus a suspend that does
// nothing (dropped by the conversion).
#include <linux/init.h>
#include <linux/sysdev.h>
#include <asm/dma.h>

static int i8237A_resume(struct sys_device *dev)
{
	unsigned long flags;

	flags = claim_dma_lock();
	dma_outb(0, DMA1_RESET_REG);
	enable_dma(4);
	release_dma_lock(flags);
	return 0;
}

static int i8237A_suspend(struct sys_device *dev, pm_message_t state)
{
	return 0;
}

static struct sysdev_class i8237_sysdev_class = {
	.name		= "i8237",
	.suspend	= i8237A_suspend,
	.resume		= i8237A_resume,
};

static struct sys_device device_i8237A = {
	.id		= 0,
	.cls		= &i8237_sysdev_class,
};

static int __init i8237A_init_sysfs(void)
{
	int error = sysdev_class_register(&i8237_sysdev_class);
	if (!error)
		error = sysdev_register(&device_i8237A);
	return error;
}

device_initcall(i8237A_init_sysfs);

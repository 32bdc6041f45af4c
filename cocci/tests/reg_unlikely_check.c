// The checks of a registration's result that become false: written with
// unlikely() (a comparison, a plain result), and ones with an else branch
// (a block, a statement), which is what runs now.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/sysdev.h>

static u32 fifo_saved;

static int fifo_suspend(struct sys_device *dev, pm_message_t state)
{
	fifo_saved = fifo_read_ctrl();
	return 0;
}

static int fifo_resume(struct sys_device *dev)
{
	fifo_write_ctrl(fifo_saved);
	return 0;
}

static struct sysdev_class fifo_sysclass = {
	.name		= "fifo",
	.suspend	= fifo_suspend,
	.resume		= fifo_resume,
};

static struct sys_device fifo_sysdev = {
	.id		= 0,
	.cls		= &fifo_sysclass,
};

static int __init fifo_init(void)
{
	int ret;

	ret = sysdev_class_register(&fifo_sysclass);
	if (unlikely(ret < 0))
		return ret;
	ret = sysdev_register(&fifo_sysdev);
	if (ret)
		pr_err("fifo: no sysdev\n");
	else {
		pr_info("fifo: PM ready\n");
		fifo_write_ctrl(0);
	}
	return ret;
}
arch_initcall(fifo_init);

static u32 dma_saved;

static int dma_suspend(struct sys_device *dev, pm_message_t state)
{
	dma_saved = dma_read_ctrl();
	return 0;
}

static int dma_resume(struct sys_device *dev)
{
	dma_write_ctrl(dma_saved);
	return 0;
}

static struct sysdev_class dma_sysclass = {
	.name		= "dma",
	.suspend	= dma_suspend,
	.resume		= dma_resume,
};

static struct sys_device dma_sysdev = {
	.id		= 0,
	.cls		= &dma_sysclass,
};

static int __init dma_init(void)
{
	int ret;

	ret = sysdev_class_register(&dma_sysclass);
	if (ret != 0)
		return ret;
	ret = sysdev_register(&dma_sysdev);
	if (ret)
		pr_err("dma: no sysdev\n");
	else
		pr_info("dma: PM ready\n");
	return ret;
}
arch_initcall(dma_init);

static u32 crc_saved;

static int crc_suspend(struct sys_device *dev, pm_message_t state)
{
	crc_saved = crc_read_ctrl();
	return 0;
}

static int crc_resume(struct sys_device *dev)
{
	crc_write_ctrl(crc_saved);
	return 0;
}

static struct sysdev_class crc_sysclass = {
	.name		= "crc",
	.suspend	= crc_suspend,
	.resume		= crc_resume,
};

static struct sys_device crc_sysdev = {
	.id		= 0,
	.cls		= &crc_sysclass,
};

static int __init crc_init(void)
{
	int ret;

	ret = sysdev_class_register(&crc_sysclass);
	if (unlikely(ret))
		return ret;
	ret = sysdev_register(&crc_sysdev);
	if (unlikely(ret))
		pr_err("crc: no sysdev\n");
	return ret;
}
arch_initcall(crc_init);

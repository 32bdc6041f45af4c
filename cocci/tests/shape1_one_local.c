// The class's one sys_device is in an object its __init function
// allocates into a local pointer and registers once.  The callbacks find
// the object with container_of(): the local becomes a file-scope pointer
// named after the class, which the callbacks use; the class, the
// member and the set-up go, the allocation stays.
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/sysdev.h>

struct dma_pm_state {
	struct sys_device sysdev;
	u32 regs[DMA_CHANS][4];
};

static int dma_suspend(struct sys_device *dev, pm_message_t state)
{
	struct dma_pm_state *st = container_of(dev, struct dma_pm_state, sysdev);
	int i;

	for (i = 0; i < DMA_CHANS; i++)
		st->regs[i][0] = dma_read(i, DMA_CFG);
	return 0;
}

static int dma_resume(struct sys_device *dev)
{
	struct dma_pm_state *st = container_of(dev, struct dma_pm_state, sysdev);
	int i;

	for (i = 0; i < DMA_CHANS; i++)
		dma_write(i, DMA_CFG, st->regs[i][0]);
	return 0;
}

static struct sysdev_class dma_sysclass = {
	.name		= "dma",
	.suspend	= dma_suspend,
	.resume		= dma_resume,
};

static int __init dma_pm_init(void)
{
	struct dma_pm_state *st;
	int ret;

	ret = sysdev_class_register(&dma_sysclass);
	if (ret)
		return ret;

	st = kzalloc(sizeof(*st), GFP_KERNEL);
	if (!st)
		return -ENOMEM;

	st->sysdev.id = -1;
	st->sysdev.cls = &dma_sysclass;
	ret = sysdev_register(&st->sysdev);
	if (ret)
		kfree(st);

	return ret;
}
device_initcall(dma_pm_init);

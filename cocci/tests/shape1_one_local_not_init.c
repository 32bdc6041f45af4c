// Must not be touched: as shape1_one_local.c, but the function that
// allocates the object is not __init: it may run more than once, and the
// class then has a sys_device per call, which one pointer cannot hold.
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

int dma_pm_init(void)
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

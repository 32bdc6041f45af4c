// Interrupt multiplexers found at run time, kept on a ->next chain: each
// is registered as a sys_device of the class, then pushed on the
// file-scope chain muxes.  The callbacks find their multiplexer with
// container_of(): as syscore callbacks they walk the chain from its head
// instead, the last multiplexer added first (a singly linked chain has
// one order; suspend and resume alike).  The class stays.
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/sysdev.h>

struct mux {
	struct mux		*next;
	void __iomem		*regs;
	u32			saved_enable;
	struct sys_device	sysdev;
};

static struct mux *muxes;

static int mux_suspend(struct sys_device *dev, pm_message_t state)
{
	struct mux *mux = container_of(dev, struct mux, sysdev);

	mux->saved_enable = readl(mux->regs + MUX_ENABLE);
	return 0;
}

static int mux_resume(struct sys_device *dev)
{
	struct mux *mux = container_of(dev, struct mux, sysdev);

	writel(mux->saved_enable, mux->regs + MUX_ENABLE);
	return 0;
}

static struct sysdev_class mux_sysclass = {
	.name		= "mux",
	.suspend	= mux_suspend,
	.resume		= mux_resume,
};

int mux_probe(void __iomem *regs, int id)
{
	struct mux *mux = kzalloc(sizeof(*mux), GFP_KERNEL);
	int ret;

	if (!mux)
		return -ENOMEM;
	mux->regs = regs;
	mux->sysdev.id = id;
	mux->sysdev.cls = &mux_sysclass;
	ret = sysdev_register(&mux->sysdev);
	if (ret) {
		kfree(mux);
		return ret;
	}
	mux->next = muxes;
	muxes = mux;
	return 0;
}

static int __init mux_pm_init(void)
{
	int ret;

	ret = sysdev_class_register(&mux_sysclass);
	if (ret)
		return ret;
	pr_debug("mux: class ready\n");
	return 0;
}
core_initcall(mux_pm_init);

// Must not be touched (twin of shape1_chain): the controllers are pushed
// on the ->next chain ctls after their registration, but ctl_forget()
// also sets ctls: the chain may no longer hold every registered
// controller, so the callbacks cannot walk it instead of being called
// for each sys_device.  The report names the other assignment.
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/sysdev.h>

struct ctl {
	struct ctl		*next;
	void __iomem		*regs;
	u32			saved_enable;
	struct sys_device	sysdev;
};

static struct ctl *ctls;

static int ctl_suspend(struct sys_device *dev, pm_message_t state)
{
	struct ctl *ctl = container_of(dev, struct ctl, sysdev);

	ctl->saved_enable = readl(ctl->regs + CTL_ENABLE);
	return 0;
}

static int ctl_resume(struct sys_device *dev)
{
	struct ctl *ctl = container_of(dev, struct ctl, sysdev);

	writel(ctl->saved_enable, ctl->regs + CTL_ENABLE);
	return 0;
}

static struct sysdev_class ctl_sysclass = {
	.name		= "ctl",
	.suspend	= ctl_suspend,
	.resume		= ctl_resume,
};

int ctl_probe(void __iomem *regs, int id)
{
	struct ctl *ctl = kzalloc(sizeof(*ctl), GFP_KERNEL);
	int ret;

	if (!ctl)
		return -ENOMEM;
	ctl->regs = regs;
	ctl->sysdev.id = id;
	ctl->sysdev.cls = &ctl_sysclass;
	ret = sysdev_register(&ctl->sysdev);
	if (ret) {
		kfree(ctl);
		return ret;
	}
	ctl->next = ctls;
	ctls = ctl;
	return 0;
}

void ctl_forget(void)
{
	ctls = NULL;
}

static int __init ctl_pm_init(void)
{
	int ret;

	ret = sysdev_class_register(&ctl_sysclass);
	if (ret)
		return ret;
	pr_debug("ctl: class ready\n");
	return 0;
}
core_initcall(ctl_pm_init);

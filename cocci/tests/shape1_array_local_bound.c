// Must not be touched: as shape1_array.c, but the loop's bound is a local
// of the init (how many controllers the hardware reports at that time):
// the callbacks cannot read it, so they cannot walk the array.
#include <linux/init.h>
#include <linux/io.h>
#include <linux/kernel.h>
#include <linux/sysdev.h>

#define GATE_NR 4

struct gate_ctrl {
	void __iomem		*base;
	u32			saved_enable;
	u32			wake_mask;
	struct sys_device	sysdev;
};

static struct gate_ctrl gate_ctrls[GATE_NR];
static int gate_count;

void __init gate_add(void __iomem *base, u32 wake_mask)
{
	struct gate_ctrl *g = &gate_ctrls[gate_count++];

	g->base = base;
	g->wake_mask = wake_mask;
}

static int gate_suspend(struct sys_device *dev, pm_message_t state)
{
	struct gate_ctrl *g = container_of(dev, struct gate_ctrl, sysdev);

	g->saved_enable = readl(g->base + GATE_ENABLE);
	writel(g->wake_mask, g->base + GATE_ENABLE);
	return 0;
}

static int gate_resume(struct sys_device *dev)
{
	struct gate_ctrl *g = container_of(dev, struct gate_ctrl, sysdev);

	writel(g->saved_enable, g->base + GATE_ENABLE);
	return 0;
}

static struct sysdev_class gate_class = {
	.name		= "gate",
	.suspend	= gate_suspend,
	.resume		= gate_resume,
};

static int __init gate_pm_init(void)
{
	int ret, i, n = gate_probe();

	ret = sysdev_class_register(&gate_class);
	if (ret)
		return ret;

	for (i = 0; i < n; i++) {
		struct gate_ctrl *g = &gate_ctrls[i];

		g->sysdev.id = i;
		g->sysdev.cls = &gate_class;
		ret = sysdev_register(&g->sysdev);
		if (ret)
			return ret;
	}
	return 0;
}
late_initcall(gate_pm_init);

// The banks of an interrupt controller live in a static array, filled by
// the platform before the initcall; the initcall registers the banks in
// use with a pointer stepped beside the index.  Without a bank in use it
// registers nothing.  The callbacks find their bank with container_of():
// they walk the array up to the count in use instead.
#include <linux/init.h>
#include <linux/io.h>
#include <linux/sysdev.h>

#define IRQBANK_MAX 4

struct irqbank {
	void __iomem		*base;
	u32			enabled;
	struct sys_device	sysdev;
};

static struct irqbank irqbanks[IRQBANK_MAX];
static int irqbank_count;

static int irqbank_suspend(struct sys_device *dev, pm_message_t state)
{
	struct irqbank *b = container_of(dev, struct irqbank, sysdev);

	b->enabled = readl(b->base + IRQBANK_ENABLE);
	return 0;
}

static int irqbank_resume(struct sys_device *dev)
{
	struct irqbank *b = container_of(dev, struct irqbank, sysdev);

	writel(b->enabled, b->base + IRQBANK_ENABLE);
	return 0;
}

static struct sysdev_class irqbank_class = {
	.name		= "irqbank",
	.suspend	= irqbank_suspend,
	.resume		= irqbank_resume,
};

static int __init irqbank_pm_init(void)
{
	struct irqbank *b = irqbanks;
	int err, n;

	if (irqbank_count == 0)
		return 0;

	err = sysdev_class_register(&irqbank_class);
	if (err) {
		pr_err("irqbank: no class (%d)\n", err);
		return err;
	}

	for (n = 0; n < irqbank_count; n++, b++) {
		b->sysdev.id = n;
		b->sysdev.cls = &irqbank_class;
		err = sysdev_register(&b->sysdev);
		if (err) {
			pr_err("irqbank: bank %d not registered\n", n);
			return err;
		}
	}
	return 0;
}
late_initcall(irqbank_pm_init);

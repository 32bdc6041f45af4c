// Must not be touched: as shape1_list.c, but the banks on the list are
// not the ones registered: bank_add() registers its bank, and another
// function, bank_track(), puts banks on the list.  Walking the list would
// not be walking the class's sys_devices: not guessed.
#include <linux/init.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/sysdev.h>

struct bank {
	void __iomem		*base;
	u32			saved_ctl;
	struct list_head	node;
	struct sys_device	sysdev;
};

static LIST_HEAD(bank_list);
static DEFINE_MUTEX(bank_mutex);

static int bank_suspend(struct sys_device *dev, pm_message_t state)
{
	struct bank *b = container_of(dev, struct bank, sysdev);

	b->saved_ctl = readl(b->base + BANK_CTL);
	return 0;
}

static int bank_resume(struct sys_device *dev)
{
	struct bank *b = container_of(dev, struct bank, sysdev);

	writel(b->saved_ctl, b->base + BANK_CTL);
	return 0;
}

static int bank_shutdown(struct sys_device *dev)
{
	struct bank *b = container_of(dev, struct bank, sysdev);

	writel(0, b->base + BANK_CTL);
	return 0;
}

static struct sysdev_class bank_sysclass = {
	.name		= "bank",
	.suspend	= bank_suspend,
	.resume		= bank_resume,
	.shutdown	= bank_shutdown,
};

static int bank_register(struct bank *b, int id)
{
	b->sysdev.id = id;
	b->sysdev.cls = &bank_sysclass;
	return sysdev_register(&b->sysdev);
}

int bank_add(void __iomem *base, int id)
{
	struct bank *b = kzalloc(sizeof(*b), GFP_KERNEL);
	int ret;

	if (!b)
		return -ENOMEM;
	b->base = base;
	ret = bank_register(b, id);
	if (ret)
		kfree(b);
	return ret;
}

void bank_track(struct bank *b)
{
	mutex_lock(&bank_mutex);
	list_add_tail(&b->node, &bank_list);
	mutex_unlock(&bank_mutex);
}

int bank_count(void)
{
	struct bank *b;
	int n = 0;

	mutex_lock(&bank_mutex);
	list_for_each_entry(b, &bank_list, node)
		n++;
	mutex_unlock(&bank_mutex);
	return n;
}

static int __init bank_init(void)
{
	int ret;

	ret = sysdev_class_register(&bank_sysclass);
	if (ret)
		return ret;
	pr_info("bank: class ready\n");
	return 0;
}
core_initcall(bank_init);

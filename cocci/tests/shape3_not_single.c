// Must not be touched: three classes whose callbacks find their object
// with container_of(), and none has exactly one object that cannot change.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/sysdev.h>

struct bank {
	void __iomem		*base;
	u32			saved;
	struct sys_device	sysdev;
};

/* two registrations: bank0 and bank1 */
static struct bank bank0, bank1;

static int bank_suspend(struct sys_device *dev, pm_message_t state)
{
	struct bank *b = container_of(dev, struct bank, sysdev);

	b->saved = readl(b->base);
	return 0;
}

static struct sysdev_class bank_class = {
	.name		= "bank",
	.suspend	= bank_suspend,
};

static int __init bank_init(void)
{
	int err = sysdev_class_register(&bank_class);

	if (err)
		return err;
	bank0.sysdev.id = 0;
	bank0.sysdev.cls = &bank_class;
	err = sysdev_register(&bank0.sysdev);
	if (err)
		return err;
	bank1.sysdev.id = 1;
	bank1.sysdev.cls = &bank_class;
	return sysdev_register(&bank1.sysdev);
}
arch_initcall(bank_init);

/* a registration in a loop, the objects allocated one by one; resume
 * uses dev->id too: it does not only act on its object */
struct chan {
	u32			ctrl;
	struct sys_device	sysdev;
};

static int chan_resume(struct sys_device *dev)
{
	struct chan *c = container_of(dev, struct chan, sysdev);

	chan_write_ctrl(dev->id, c->ctrl);
	return 0;
}

static struct sysdev_class chan_class = {
	.name		= "chan",
	.resume		= chan_resume,
};

static int __init chan_init(void)
{
	struct chan *c;
	int err, i;

	err = sysdev_class_register(&chan_class);
	if (err)
		return err;
	for (i = 0; i < 4; i++) {
		c = kzalloc(sizeof(*c), GFP_KERNEL);
		if (!c)
			return -ENOMEM;
		c->sysdev.id = i;
		c->sysdev.cls = &chan_class;
		err = sysdev_register(&c->sysdev);
		if (err)
			return err;
	}
	return 0;
}
device_initcall(chan_init);

/* one registration, but the pointer can change afterwards */
struct clksrc {
	void			(*save)(void);
	struct sys_device	sysdev;
};

static struct clksrc *cur_clksrc;

void clksrc_switch(struct clksrc *cs)
{
	cur_clksrc = cs;
}

static int clksrc_suspend(struct sys_device *dev, pm_message_t state)
{
	struct clksrc *cs = container_of(dev, struct clksrc, sysdev);

	cs->save();
	return 0;
}

static struct sysdev_class clksrc_class = {
	.name		= "clksrc",
	.suspend	= clksrc_suspend,
};

static int __init clksrc_init_sysfs(void)
{
	int err = sysdev_class_register(&clksrc_class);

	if (err)
		return err;
	cur_clksrc->sysdev.cls = &clksrc_class;
	return sysdev_register(&cur_clksrc->sysdev);
}
device_initcall(clksrc_init_sysfs);

// Must not be touched: as shape1_loop_alloc.c, but the loop runs as many
// times as the board says (pic_count(), at run time): no array of a size
// known to the compiler can hold the pointers.
#include <linux/init.h>
#include <linux/io.h>
#include <linux/slab.h>
#include <linux/sysdev.h>

#define PIC_NR 2

struct pic_state {
	struct sys_device sysdev;
	void __iomem *base;
	u32 mask;
};

static int pic_suspend(struct sys_device *dev, pm_message_t state)
{
	struct pic_state *pic = container_of(dev, struct pic_state, sysdev);

	pic->mask = readl(pic->base + PIC_MASK);
	return 0;
}

static int pic_resume(struct sys_device *dev)
{
	struct pic_state *pic = container_of(dev, struct pic_state, sysdev);

	writel(pic->mask, pic->base + PIC_MASK);
	return 0;
}

static struct sysdev_class pic_sysclass = {
	.name		= "pic",
	.suspend	= pic_suspend,
	.resume		= pic_resume,
};

static int __init pic_pm_init(void)
{
	struct pic_state *pic;
	int err, i, n = pic_count();

	err = sysdev_class_register(&pic_sysclass);
	if (err)
		return err;

	for (i = 0; i < n; i++) {
		pic = kzalloc(sizeof(*pic), GFP_KERNEL);
		if (!pic)
			return -ENOMEM;
		pic->base = ioremap(PIC_BASE(i), 0x100);
		pic->sysdev.id = i;
		pic->sysdev.cls = &pic_sysclass;
		err = sysdev_register(&pic->sysdev);
		if (err) {
			kfree(pic);
			return err;
		}
	}
	return 0;
}
device_initcall(pic_pm_init);

// The class's one sys_device is a member of the controller's file-scope
// object, and the callbacks find the object with container_of().  There
// is no other instance, so they use the object itself; the device's
// set-up and, once unused, its member go.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/sysdev.h>

struct pic {
	void __iomem		*base;
	struct sys_device	sysdev;
	u32			saved_prio[32];
};

static struct pic pic0;

static int pic_suspend(struct sys_device *sdev, pm_message_t state)
{
	struct pic *pic = container_of(sdev, struct pic, sysdev);
	int i;

	for (i = 0; i < 32; i++)
		pic->saved_prio[i] = readl(pic->base + PIC_PRIO(i));
	return 0;
}

static int pic_resume(struct sys_device *sdev)
{
	struct pic *pic = container_of(sdev, struct pic, sysdev);
	int i;

	for (i = 0; i < 32; i++)
		writel(pic->saved_prio[i], pic->base + PIC_PRIO(i));
	return 0;
}

static struct sysdev_class pic_class = {
	.name		= "pic",
	.suspend	= pic_suspend,
	.resume		= pic_resume,
};

static int __init pic_init_sysdev(void)
{
	int ret;

	ret = sysdev_class_register(&pic_class);
	if (ret)
		return ret;

	pic0.sysdev.id = 0;
	pic0.sysdev.cls = &pic_class;
	return sysdev_register(&pic0.sysdev);
}
device_initcall(pic_init_sysdev);

// The device registration is the value returned by the init function;
// the class registration is checked with "if (err) return err;".
#include <linux/init.h>
#include <linux/sysdev.h>

static u32 widget_saved_ctrl;

static int widget_suspend(struct sys_device *dev, pm_message_t state)
{
	widget_saved_ctrl = widget_readl(WIDGET_CTRL);
	return 0;
}

static int widget_resume(struct sys_device *dev)
{
	widget_writel(widget_saved_ctrl, WIDGET_CTRL);
	return 0;
}

static struct sysdev_class widget_sysclass = {
	.name		= "widget",
	.suspend	= widget_suspend,
	.resume		= widget_resume,
};

static struct sys_device widget_sysdev = {
	.id		= 0,
	.cls		= &widget_sysclass,
};

static int __init widget_init(void)
{
	int err;

	err = sysdev_class_register(&widget_sysclass);
	if (err)
		return err;

	return sysdev_register(&widget_sysdev);
}
arch_initcall(widget_init);

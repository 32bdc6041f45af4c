// A larger init function: the registrations print an error and give up
// when they fail, and the function goes on with other work.
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/sysdev.h>

static u32 *bootvec_save;

static int bootvec_suspend(struct sys_device *dev, pm_message_t state)
{
	bootvec_save[0] = readl(BOOTVEC_ADDR);
	writel(virt_to_phys(board_resume_entry), BOOTVEC_ADDR);
	return 0;
}

static int bootvec_resume(struct sys_device *dev)
{
	writel(bootvec_save[0], BOOTVEC_ADDR);
	return 0;
}

static struct sysdev_class bootvec_sysclass = {
	.name		= "bootvec",
	.suspend	= bootvec_suspend,
	.resume		= bootvec_resume,
};

static struct sys_device bootvec_sysdev = {
	.cls		= &bootvec_sysclass,
};

static int __init bootvec_init(void)
{
	int rc;

	rc = sysdev_class_register(&bootvec_sysclass);
	if (rc) {
		printk(KERN_ERR "bootvec: no sysdev class\n");
		return -ENODEV;
	}
	rc = sysdev_register(&bootvec_sysdev);
	if (rc) {
		printk(KERN_ERR "bootvec: no sysdev\n");
		return -ENODEV;
	}

	bootvec_save = kzalloc(sizeof(u32), GFP_KERNEL);
	if (!bootvec_save)
		return -ENOMEM;
	return 0;
}
late_initcall(bootvec_init);

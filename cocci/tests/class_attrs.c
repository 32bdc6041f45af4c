// The class has attributes, so it stays for sysfs; its PM callback moves
// to a syscore_ops next to it, registered once the class is.
#include <linux/init.h>
#include <linux/sysdev.h>

static ssize_t show_state(struct sysdev_class *class,
			  struct sysdev_class_attribute *attr, char *buf)
{
	return sprintf(buf, "%d\n", clock_state);
}
static SYSDEV_CLASS_ATTR(state, 0444, show_state, NULL);

static struct sysdev_class_attribute *clk_attrs[] = {
	&attr_state,
	NULL
};

static int clk_resume(struct sys_device *dev)
{
	clk_reinit();
	return 0;
}

static struct sysdev_class clk_sysclass = {
	.name		= "clock",
	.resume		= clk_resume,
	.attrs		= clk_attrs,
};

static struct sys_device device_clk = {
	.id		= 0,
	.cls		= &clk_sysclass,
};

static int __init clk_init_sysfs(void)
{
	int error = sysdev_class_register(&clk_sysclass);
	if (!error)
		error = sysdev_register(&device_clk);
	return error;
}
device_initcall(clk_init_sysfs);

// Must not be touched: classes whose one sys_device hangs behind a
// file-scope pointer, but the callbacks cannot simply use that pointer.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/sysdev.h>

struct pwm_bank {
	void __iomem		*base;
	u32			saved;
	struct sys_device	dev;
};

/* set by nothing in this file: the board code fills it in some other way */
static struct pwm_bank *pwm_board;

static int pwm_suspend(struct sys_device *dev, pm_message_t state)
{
	struct pwm_bank *b = container_of(dev, struct pwm_bank, dev);

	b->saved = readl(b->base);
	return 0;
}

static struct sysdev_class pwm_class = {
	.name		= "pwm",
	.suspend	= pwm_suspend,
};

static int __init pwm_sysfs_init(void)
{
	int ret = sysdev_class_register(&pwm_class);

	if (ret)
		return ret;
	pwm_board->dev.cls = &pwm_class;
	return sysdev_register(&pwm_board->dev);
}
device_initcall(pwm_sysfs_init);

/* set once at boot, but the callback also reads dev->id */
struct wdt_unit {
	void __iomem		*base;
	struct sys_device	dev;
};

static struct wdt_unit *wdt_main;

void __init wdt_unit_setup(struct wdt_unit *w)
{
	wdt_main = w;
}

static int wdt_resume(struct sys_device *dev)
{
	struct wdt_unit *w = container_of(dev, struct wdt_unit, dev);

	writel(dev->id, w->base);
	return 0;
}

static struct sysdev_class wdt_class = {
	.name		= "wdt",
	.resume		= wdt_resume,
};

static int __init wdt_sysfs_init(void)
{
	int ret = sysdev_class_register(&wdt_class);

	if (ret)
		return ret;
	wdt_main->dev.cls = &wdt_class;
	return sysdev_register(&wdt_main->dev);
}
device_initcall(wdt_sysfs_init);

/* two pointers, two sys_devices */
struct led_bank {
	u32			state;
	struct sys_device	dev;
};

static struct led_bank *led_left, *led_right;

void __init led_banks_setup(struct led_bank *l, struct led_bank *r)
{
	led_left = l;
	led_right = r;
}

static int led_resume(struct sys_device *dev)
{
	struct led_bank *l = container_of(dev, struct led_bank, dev);

	led_write(l->state);
	return 0;
}

static struct sysdev_class led_class = {
	.name		= "led",
	.resume		= led_resume,
};

static int __init led_sysfs_init(void)
{
	int ret = sysdev_class_register(&led_class);

	if (ret)
		return ret;
	led_left->dev.cls = &led_class;
	ret = sysdev_register(&led_left->dev);
	if (ret)
		return ret;
	led_right->dev.cls = &led_class;
	return sysdev_register(&led_right->dev);
}
device_initcall(led_sysfs_init);

// Must not be touched: as shape1_array_calls.c, but a board file also sets
// up a bank that is not in the array (gpio_bank_add()): walking the array
// would miss it.
#include <linux/init.h>
#include <linux/io.h>
#include <linux/sysdev.h>

#define GPIO_BANKS 3

struct gpio_bank {
	void __iomem		*base;
	u32			saved_dir;
	struct sys_device	sysdev;
};

static struct gpio_bank gpio_banks[GPIO_BANKS];

static int gpio_bank_suspend(struct sys_device *dev, pm_message_t state)
{
	struct gpio_bank *bank = container_of(dev, struct gpio_bank, sysdev);

	bank->saved_dir = readl(bank->base + GPIO_DIR);
	return 0;
}

static int gpio_bank_resume(struct sys_device *dev)
{
	struct gpio_bank *bank = container_of(dev, struct gpio_bank, sysdev);

	writel(bank->saved_dir, bank->base + GPIO_DIR);
	return 0;
}

static struct sysdev_class gpio_bank_class = {
	.name		= "gpio-bank",
	.suspend	= gpio_bank_suspend,
	.resume		= gpio_bank_resume,
};

static SYSDEV_ATTR(dir, 0444, gpio_bank_dir_show, NULL);

static int gpio_bank_setup(struct gpio_bank *bank, int id)
{
	int ret;

	bank->sysdev.id = id;
	bank->sysdev.cls = &gpio_bank_class;
	ret = sysdev_register(&bank->sysdev);
	if (ret)
		return ret;
	return sysdev_create_file(&bank->sysdev, &attr_dir);
}

int __init gpio_bank_add(struct gpio_bank *extra)
{
	return gpio_bank_setup(extra, GPIO_BANKS);
}

static int __init gpio_bank_init(void)
{
	int ret, i;

	ret = sysdev_class_register(&gpio_bank_class);
	if (ret)
		return ret;
	for (i = 0; i < GPIO_BANKS; i++) {
		ret = gpio_bank_setup(&gpio_banks[i], i);
		if (ret)
			return ret;
	}
	return 0;
}
device_initcall(gpio_bank_init);

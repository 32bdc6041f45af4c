// Must not be touched: the callback finds the class's one object with
// container_of(), and also reads the sys_device through a macro of the
// file that is not container_of() (FAN_ID(dev) -> dev->id).
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/sysdev.h>

struct fan_unit {
	u32			speed;
	struct sys_device	dev;
};

#define FAN_ID(d) ((d)->id)

static struct fan_unit fan0;

static int fan_resume(struct sys_device *dev)
{
	struct fan_unit *f = container_of(dev, struct fan_unit, dev);

	fan_write(FAN_ID(dev), f->speed);
	return 0;
}

static struct sysdev_class fan_class = {
	.name		= "fan",
	.resume		= fan_resume,
};

static int __init fan_init(void)
{
	int ret = sysdev_class_register(&fan_class);

	if (ret)
		return ret;
	fan0.dev.cls = &fan_class;
	return sysdev_register(&fan0.dev);
}
device_initcall(fan_init);

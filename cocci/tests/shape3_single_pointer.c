// The board's tick source: one object, reached through a pointer that is
// assigned once, before the class's one sysdev_register(&p->member).  The
// callbacks find it with to_tick_source(dev); they use the object itself.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/sysdev.h>

struct tick_source {
	const char		*name;
	void			(*suspend)(void);
	void			(*resume)(void);
	struct sys_device	dev;
};

#define to_tick_source(d) container_of(d, struct tick_source, dev)

static struct tick_source *board_tick;

void __init tick_source_init(struct tick_source *ts)
{
	board_tick = ts;
	pr_info("tick: %s\n", ts->name);
}

static int tick_suspend(struct sys_device *dev, pm_message_t state)
{
	struct tick_source *ts = to_tick_source(dev);

	if (ts->suspend)
		ts->suspend();
	return 0;
}

static int tick_resume(struct sys_device *dev)
{
	struct tick_source *ts = to_tick_source(dev);

	if (ts->resume)
		ts->resume();
	return 0;
}

static struct sysdev_class tick_sysclass = {
	.name		= "tick",
	.suspend	= tick_suspend,
	.resume		= tick_resume,
};

static int __init tick_init_sysfs(void)
{
	int ret = sysdev_class_register(&tick_sysclass);

	if (ret == 0) {
		board_tick->dev.cls = &tick_sysclass;
		ret = sysdev_register(&board_tick->dev);
	}
	return ret;
}
device_initcall(tick_init_sysfs);

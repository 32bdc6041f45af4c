// The board's power class: its callbacks are defined twice, once per SoC
// file, and no header declares them: which definition the class means
// depends on which SoC file is linked, and the run cannot tell.
#include <linux/init.h>
#include <linux/sysdev.h>

extern int soc_pm_suspend(struct sys_device *dev, pm_message_t state);
extern int soc_pm_resume(struct sys_device *dev);

static struct sysdev_class board_pm_sysclass = {
	.name		= "board-pm",
	.suspend	= soc_pm_suspend,
	.resume		= soc_pm_resume,
};

static struct sys_device board_pm_sysdev = {
	.cls		= &board_pm_sysclass,
};

static int __init board_pm_init(void)
{
	int ret = sysdev_class_register(&board_pm_sysclass);

	if (ret == 0)
		ret = sysdev_register(&board_pm_sysdev);
	return ret;
}
late_initcall(board_pm_init);

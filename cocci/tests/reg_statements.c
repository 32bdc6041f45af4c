// A board file: class and device registered by two statements whose
// results nobody looks at, inside the machine init.
#include <linux/init.h>
#include <linux/sysdev.h>
#include <linux/gpio.h>

#ifdef CONFIG_PM
static int frobber_pm_suspend(struct sys_device *sd, pm_message_t state)
{
	/* keep the reset line quiet while asleep */
	gpio_direction_output(FROBBER_GPIO_RESET, 1);
	return 0;
}

static int frobber_pm_resume(struct sys_device *sd)
{
	frobber_cfg_reset_pin();
	return 0;
}
#else
#define frobber_pm_suspend NULL
#define frobber_pm_resume NULL
#endif

static struct sysdev_class frobber_pm_sysclass = {
	.name		= "mach-frobber",
	.suspend	= frobber_pm_suspend,
	.resume		= frobber_pm_resume,
};

static struct sys_device frobber_pm_sysdev = {
	.cls		= &frobber_pm_sysclass,
};

static void __init frobber_machine_init(void)
{
	sysdev_class_register(&frobber_pm_sysclass);
	sysdev_register(&frobber_pm_sysdev);

	frobber_add_devices();
}

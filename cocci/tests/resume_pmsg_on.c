// Must not be touched: resume is the suspend callback called with
// PMSG_ON; which state the shared code is in is not guessed.
#include <linux/init.h>
#include <linux/sysdev.h>

static int ledctl_suspend(struct sys_device *dev, pm_message_t state)
{
	ledctl_set(state.event == PM_EVENT_ON ? LEDCTL_RUN : LEDCTL_OFF);
	return 0;
}

static int ledctl_resume(struct sys_device *dev)
{
	return ledctl_suspend(dev, PMSG_ON);
}

static struct sysdev_class ledctl_sysclass = {
	.name		= "ledctl",
	.suspend	= ledctl_suspend,
	.resume		= ledctl_resume,
};

static struct sys_device ledctl_sysdev = {
	.id		= 0,
	.cls		= &ledctl_sysclass,
};

static int __init ledctl_init(void)
{
	int error = sysdev_class_register(&ledctl_sysclass);
	if (!error)
		error = sysdev_register(&ledctl_sysdev);
	return error;
}
device_initcall(ledctl_init);

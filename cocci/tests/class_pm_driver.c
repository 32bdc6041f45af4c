// A class with no callbacks of its own, one device, and a driver on it
// that carries the PM callbacks (written "&fn"): one syscore_ops, named
// after the class; the module exit unregisters it.
#include <linux/module.h>
#include <linux/sysdev.h>

static int handheld_sys_suspend(struct sys_device *sysdev, pm_message_t state)
{
	handheld_save_rom_area();
	return 0;
}

static int handheld_sys_resume(struct sys_device *sysdev)
{
	handheld_restore_rom_area();
	return 0;
}

static struct sysdev_class handheld_sysclass = {
	.name = "handheld",
};

static struct sys_device handheld_bootstrap = {
	.cls		= &handheld_sysclass,
};

static struct sysdev_driver handheld_bootstrap_driver = {
	.suspend	= &handheld_sys_suspend,
	.resume		= &handheld_sys_resume,
};

static int __init handheld_pm_init(void)
{
	int rc;

	rc = sysdev_class_register(&handheld_sysclass);
	if (rc)
		return rc;
	rc = sysdev_register(&handheld_bootstrap);
	if (rc)
		return rc;
	rc = sysdev_driver_register(&handheld_sysclass, &handheld_bootstrap_driver);
	if (rc)
		return rc;
	return 0;
}

static void __exit handheld_pm_exit(void)
{
	sysdev_driver_unregister(&handheld_sysclass, &handheld_bootstrap_driver);
	sysdev_unregister(&handheld_bootstrap);
	sysdev_class_unregister(&handheld_sysclass);
}
module_init(handheld_pm_init);
module_exit(handheld_pm_exit);

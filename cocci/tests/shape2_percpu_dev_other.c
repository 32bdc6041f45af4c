// Must not be touched: a per-CPU driver on cpu_sysdev_class whose resume
// callback uses its sys_device for more than the CPU number (it notifies
// the device's sysfs directory).
#include <linux/init.h>
#include <linux/sysdev.h>

static int thermd_add(struct sys_device *sys_dev)
{
	return thermd_sensor_create(sys_dev->id);
}

static int thermd_suspend(struct sys_device *sysdev, pm_message_t state)
{
	thermd_sensor_stop(sysdev->id);
	return 0;
}

static int thermd_resume(struct sys_device *sysdev)
{
	thermd_sensor_start(sysdev->id);
	sysfs_notify(&sysdev->kobj, NULL, "thermd_state");
	return 0;
}

static struct sysdev_driver thermd_sysdev_driver = {
	.add		= thermd_add,
	.suspend	= thermd_suspend,
	.resume		= thermd_resume,
};

static int __init thermd_init(void)
{
	return sysdev_driver_register(&cpu_sysdev_class, &thermd_sysdev_driver);
}
device_initcall(thermd_init);

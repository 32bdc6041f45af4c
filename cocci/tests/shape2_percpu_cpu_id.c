// A per-CPU frequency driver on cpu_sysdev_class: .add/.remove run per
// CPU device, and the PM callbacks use their sys_device only for its CPU
// number (dev->id).
#include <linux/init.h>
#include <linux/module.h>
#include <linux/sysdev.h>

static int freqd_add(struct sys_device *sys_dev)
{
	return freqd_policy_create(sys_dev->id);
}

static int freqd_remove(struct sys_device *sys_dev)
{
	freqd_policy_destroy(sys_dev->id);
	return 0;
}

static int freqd_suspend(struct sys_device *sysdev, pm_message_t state)
{
	int cpu = sysdev->id;
	struct freqd_policy *policy;
	int ret = 0;

	policy = freqd_policy_get(cpu);
	if (!policy)
		return 0;
	if (freqd_ops->suspend)
		ret = freqd_ops->suspend(policy);
	freqd_policy_put(policy);
	return ret;
}

static int freqd_resume(struct sys_device *sysdev)
{
	if (freqd_ops->resume)
		freqd_ops->resume(sysdev->id);
	freqd_stats_mark(sysdev->id);
	return 0;
}

static struct sysdev_driver freqd_sysdev_driver = {
	.add		= freqd_add,
	.remove		= freqd_remove,
	.suspend	= freqd_suspend,
	.resume		= freqd_resume,
};

static int __init freqd_init(void)
{
	int ret;

	ret = sysdev_driver_register(&cpu_sysdev_class, &freqd_sysdev_driver);
	if (ret)
		return ret;
	pr_info("freqd: registered\n");
	return 0;
}
module_init(freqd_init);

static void __exit freqd_exit(void)
{
	sysdev_driver_unregister(&cpu_sysdev_class, &freqd_sysdev_driver);
}
module_exit(freqd_exit);

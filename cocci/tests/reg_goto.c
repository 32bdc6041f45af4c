// A hypervisor module: class and device registered in the middle of a
// longer init with goto unwinding; the exit path unregisters them.
#include <linux/module.h>
#include <linux/sysdev.h>

static int vmm_suspend(struct sys_device *dev, pm_message_t state)
{
	if (vmm_users)
		vmm_hw_disable();
	return 0;
}

static int vmm_resume(struct sys_device *dev)
{
	if (vmm_users)
		vmm_hw_enable();
	return 0;
}

static struct sysdev_class vmm_sysdev_class = {
	.name		= "vmm",
	.suspend	= vmm_suspend,
	.resume		= vmm_resume,
};

static struct sys_device vmm_sysdev = {
	.cls		= &vmm_sysdev_class,
};

static int __init vmm_init(void)
{
	int r;

	r = vmm_arch_setup();
	if (r)
		goto out;

	r = sysdev_class_register(&vmm_sysdev_class);
	if (r)
		goto out_arch;

	r = sysdev_register(&vmm_sysdev);
	if (r)
		goto out_class;

	r = misc_register(&vmm_dev);
	if (r) {
		pr_err("vmm: no misc device\n");
		goto out_dev;
	}

	return 0;

out_dev:
	sysdev_unregister(&vmm_sysdev);
out_class:
	sysdev_class_unregister(&vmm_sysdev_class);
out_arch:
	vmm_arch_teardown();
out:
	return r;
}

static void __exit vmm_exit(void)
{
	misc_deregister(&vmm_dev);
	sysdev_unregister(&vmm_sysdev);
	sysdev_class_unregister(&vmm_sysdev_class);
	vmm_arch_teardown();
}
module_init(vmm_init);
module_exit(vmm_exit);

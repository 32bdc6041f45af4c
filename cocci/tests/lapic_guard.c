// 2.6.38 arch/x86/kernel/apic/apic.c shape: "if (!cond) return 0;" guard,
// an early "return 0;" in resume, an init name that is not renamed.
#include <linux/init.h>
#include <linux/sysdev.h>

static int lapic_suspend(struct sys_device *dev, pm_message_t state)
{
	if (!apic_pm_state.active)
		return 0;

	apic_pm_state.apic_id = apic_read(APIC_ID);
	disable_local_APIC();
	return 0;
}

static int lapic_resume(struct sys_device *dev)
{
	if (!apic_pm_state.active)
		return 0;

	apic_write(APIC_ID, apic_pm_state.apic_id);
	return 0;
}

static struct sysdev_class lapic_sysclass = {
	.name		= "lapic",
	.resume		= lapic_resume,
	.suspend	= lapic_suspend,
};

static struct sys_device device_lapic = {
	.id	= 0,
	.cls	= &lapic_sysclass,
};

static int __init init_lapic_sysfs(void)
{
	int error;

	/* XXX: remove suspend/resume procs if !apic_pm_state.active? */
	if (!cpu_has_apic)
		return 0;

	error = sysdev_class_register(&lapic_sysclass);
	if (!error)
		error = sysdev_register(&device_lapic);

	return error;
}

core_initcall(init_lapic_sysfs);

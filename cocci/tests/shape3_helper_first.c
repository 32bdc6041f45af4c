// Shape 3 of issue 33, a helper: the class's resume passes its struct
// sys_device * on to a static helper as its first argument, its suspend
// its pm_message_t as the last; neither helper reads it.  The parameter
// goes from each helper's definition and prototype and the argument from
// every call of it (also the one outside the callbacks).
#include <linux/init.h>
#include <linux/sysdev.h>

static void dsp_note(struct sys_device *dev, const char *what);
static int dsp_save(int bank, pm_message_t state);

static int dsp_banks = 2;

static void dsp_note(struct sys_device *dev, const char *what)
{
	pr_debug("dsp: %s\n", what);
}

static int dsp_save(int bank, pm_message_t state)
{
	return dsp_write_bank(bank);
}

static int dsp_suspend(struct sys_device *dev, pm_message_t state)
{
	return dsp_save(dsp_banks, state);
}

static int dsp_resume(struct sys_device *dev)
{
	dsp_note(dev, "resumed");
	return 0;
}

static struct sysdev_class dsp_sysclass = {
	.name		= "dsp",
	.suspend	= dsp_suspend,
	.resume		= dsp_resume,
};

static struct sys_device dsp_sysdev = {
	.cls		= &dsp_sysclass,
};

static int __init dsp_pm_init(void)
{
	int err;

	dsp_note(NULL, "init");
	err = sysdev_class_register(&dsp_sysclass);
	if (!err)
		err = sysdev_register(&dsp_sysdev);
	return err;
}
device_initcall(dsp_pm_init);

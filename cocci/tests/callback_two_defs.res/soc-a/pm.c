// SoC a's power management for the board's class.
#include <linux/init.h>
#include <linux/sysdev.h>

static u32 soc_a_saved;

int soc_pm_suspend(struct sys_device *dev, pm_message_t state)
{
	soc_a_saved = soc_a_read_ctrl();
	return 0;
}

int soc_pm_resume(struct sys_device *dev)
{
	soc_a_write_ctrl(soc_a_saved);
	return 0;
}

// Includes the header too, but is not named after the callbacks.
#include <linux/init.h>

#include <plat/pm.h>

void __init fam_clock_init(void)
{
	fam_clock_enable_all();
}

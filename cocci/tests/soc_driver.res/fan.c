// A PM-only driver on the chip's core class: it goes, with the initcall
// that only registered it.
#include <linux/init.h>
#include <linux/syscore_ops.h>

#include "soc.h"

static void chipx_fan_resume(void)
{
	chipx_fan_set_speed(chipx_fan_speed);
}

struct syscore_ops chipx_fan_syscore_ops = {
	.resume		= chipx_fan_resume,
};

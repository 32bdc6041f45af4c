// SPDX-License-Identifier: GPL-2.0
/*
 * syscore_leak - a module that is unloaded without unregister_syscore_ops().
 *
 * With CONFIG_DEBUG_OBJECTS_SYSCORE, freeing the module's memory reports
 * "free active ... object type: syscore_ops hint: st_leak_suspend" and
 * drops the stale entry; without it, the next suspend calls into freed
 * memory.
 */
#include <linux/module.h>
#include <linux/syscore_ops.h>

static int st_leak_suspend(void) { return 0; }
static void st_leak_resume(void) { }

static struct syscore_ops st_leak_ops = {
	.suspend	= st_leak_suspend,
	.resume		= st_leak_resume,
};

static int __init syscore_leak_init(void)
{
	register_syscore_ops(&st_leak_ops);
	return 0;
}
module_init(syscore_leak_init);

/* The bug under test: no unregister_syscore_ops() here. */
static void __exit syscore_leak_exit(void)
{
}
module_exit(syscore_leak_exit);

MODULE_DESCRIPTION("unloads with its syscore_ops still registered");
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0
/*
 * syscore_kfree - kfree() registered syscore_ops in atomic context.
 *
 * Memory that holds registered ops is freed with a spinlock held, as a
 * driver's teardown under its lock would.  With
 * CONFIG_DEBUG_OBJECTS_SYSCORE the free is reported ("free active ...
 * hint: st_kfree_suspend") and the fixup drops the stale entry from the
 * syscore list right there, in atomic context: it must not sleep
 * (CONFIG_DEBUG_ATOMIC_SLEEP reports it if it does).  The next suspend
 * must not call into the freed memory.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/syscore_ops.h>

static DEFINE_SPINLOCK(st_lock);

static int st_kfree_suspend(void) { return 0; }
static void st_kfree_resume(void) { }

static int __init syscore_kfree_init(void)
{
	struct syscore_ops *ops = kzalloc(sizeof(*ops), GFP_KERNEL);

	if (!ops)
		return -ENOMEM;
	ops->suspend = st_kfree_suspend;
	ops->resume = st_kfree_resume;
	register_syscore_ops(ops);

	/* The bug under test: freed while registered, under a spinlock. */
	spin_lock(&st_lock);
	kfree(ops);
	spin_unlock(&st_lock);
	return 0;
}
module_init(syscore_kfree_init);

static void __exit syscore_kfree_exit(void)
{
}
module_exit(syscore_kfree_exit);

MODULE_DESCRIPTION("frees registered syscore_ops in atomic context");
MODULE_LICENSE("GPL");

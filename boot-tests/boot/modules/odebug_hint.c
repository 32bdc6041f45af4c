// SPDX-License-Identifier: GPL-2.0
/*
 * odebug_hint - free active debug objects, so that ODEBUG names their owner.
 *
 * 997772884036 ("debugobjects: Add hint for better object identification")
 * made the report of an active timer_list, work_struct or hrtimer in freed
 * memory name its callback.  On load this frees one of each while active;
 * each report must carry "hint: st_<type>_fn".  debugobjects' fixups
 * cancel the objects before the memory goes, so nothing runs late.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/completion.h>
#include <linux/hrtimer.h>
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/timer.h>
#include <linux/workqueue.h>

static void st_timer_fn(struct timer_list *t) { }
static void st_work_fn(struct work_struct *w) { }
static enum hrtimer_restart st_hrtimer_fn(struct hrtimer *h)
{
	return HRTIMER_NORESTART;
}

static DECLARE_COMPLETION(st_unblock);
static void st_block_fn(struct work_struct *w)
{
	wait_for_completion(&st_unblock);
}
static DECLARE_WORK(st_block_work, st_block_fn);

static int __init odebug_hint_init(void)
{
	struct workqueue_struct *wq;
	struct timer_list *timer;
	struct work_struct *work;
	struct hrtimer *hrt;

	timer = kzalloc(sizeof(*timer), GFP_KERNEL);
	work = kzalloc(sizeof(*work), GFP_KERNEL);
	hrt = kzalloc(sizeof(*hrt), GFP_KERNEL);
	wq = alloc_ordered_workqueue("odebug_hint", 0);
	if (!timer || !work || !hrt || !wq) {
		kfree(timer);
		kfree(work);
		kfree(hrt);
		if (wq)
			destroy_workqueue(wq);
		return -ENOMEM;
	}

	timer_setup(timer, st_timer_fn, 0);
	mod_timer(timer, jiffies + 1000 * HZ);
	pr_info("freeing an active timer_list\n");
	kfree(timer);

	/* The ordered queue is busy with st_block_fn: work stays pending. */
	queue_work(wq, &st_block_work);
	INIT_WORK(work, st_work_fn);
	queue_work(wq, work);
	pr_info("freeing an active work_struct\n");
	kfree(work);
	complete(&st_unblock);
	destroy_workqueue(wq);

	hrtimer_init(hrt, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	hrt->function = st_hrtimer_fn;
	hrtimer_start(hrt, ms_to_ktime(1000000), HRTIMER_MODE_REL);
	pr_info("freeing an active hrtimer\n");
	kfree(hrt);
	return 0;
}
module_init(odebug_hint_init);

static void __exit odebug_hint_exit(void)
{
}
module_exit(odebug_hint_exit);

MODULE_DESCRIPTION("ODEBUG hint test: frees active timer, work and hrtimer");
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0
/*
 * syscore_test - record the order of syscore (and sysdev) PM callbacks.
 *
 * Registers three syscore_ops A, B, C (in that order) and, where the tree
 * has the legacy sysdev layer, three sysdev classes X, Y, Z with one device
 * each plus a sysdev_driver D on cpu_sysdev_class.  Every callback appends
 * a token to the "events" parameter: s<name> on suspend, r<name> on resume,
 * h<name> on shutdown; the suspend callback that fails gets a "!".
 * Writing anything to "events" clears it, the suspend count and
 * "context": the most CPUs seen online and how many callbacks found
 * interrupts enabled, over the suspend and resume callbacks since then
 * (syscore and sysdev callbacks run with the non-boot CPUs offline and
 * interrupts disabled).
 *
 * fail_at=K makes the K-th suspend callback since the last clear return
 * -EBUSY (fault injection).  misuse= exercises CONFIG_DEBUG_OBJECTS_SYSCORE
 * at load time: "register-twice" registers A a second time,
 * "unregister-unregistered" unregisters ops that were never registered.
 * Shutdown: A's callback runs last and prints the shutdown sequence.
 * The guest (boot-tests/boot/modes/modules, misuse) prints what it recorded;
 * the host judges it.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpumask.h>
#include <linux/errno.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>
#include <linux/syscore_ops.h>
#ifdef HAVE_SYSDEV
#include <linux/sysdev.h>
#endif

static char events[512];
static int nsuspend;
static int online_max, irqs_on;

static int fail_at;
module_param(fail_at, int, 0644);
MODULE_PARM_DESC(fail_at, "K-th suspend callback returns -EBUSY (0: none)");

static char *misuse = "none";
module_param(misuse, charp, 0444);
MODULE_PARM_DESC(misuse, "none, register-twice or unregister-unregistered");

#ifdef HAVE_SYSDEV
static int sysdev = 1;
#else
static int sysdev;
#endif
module_param(sysdev, int, 0444);
MODULE_PARM_DESC(sysdev, "1 if built with the legacy sysdev layer");

static int clash = 1;
module_param(clash, int, 0444);
MODULE_PARM_DESC(clash, "sysdev_class_register() of a name 6.1 uses");

static void record(const char *tok, const char *sfx)
{
	size_t len = strlen(events);

	snprintf(events + len, sizeof(events) - len, "%s%s%s",
		 len ? " " : "", tok, sfx);
}

/* Where a suspend or resume callback runs: CPUs online, interrupts. */
static void note_context(void)
{
	online_max = max_t(int, online_max, num_online_cpus());
	if (!irqs_disabled())
		irqs_on++;
}

static int suspend_one(const char *tok)
{
	note_context();
	if (++nsuspend == fail_at) {
		record(tok, "!");
		return -EBUSY;
	}
	record(tok, "");
	return 0;
}

static int events_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%s\n", events);
}

static int events_set(const char *val, const struct kernel_param *kp)
{
	events[0] = '\0';
	nsuspend = 0;
	online_max = 0;
	irqs_on = 0;
	return 0;
}

static const struct kernel_param_ops events_ops = {
	.get = events_get,
	.set = events_set,
};
module_param_cb(events, &events_ops, NULL, 0644);
MODULE_PARM_DESC(events, "recorded callbacks; write to clear");

static int context_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "online_max=%d irqs_on=%d\n", online_max, irqs_on);
}

static const struct kernel_param_ops context_ops = {
	.get = context_get,
};
module_param_cb(context, &context_ops, NULL, 0444);
MODULE_PARM_DESC(context, "CPUs online (most) and callbacks with IRQs on");

/* A resume callback: record TOK where it ran. */
static void resume_one(const char *tok)
{
	note_context();
	record(tok, "");
}

#define ST_SYSCORE(n)							\
static int st_##n##_suspend(void) { return suspend_one("s" #n); }	\
static void st_##n##_resume(void) { resume_one("r" #n); }		\
static void st_##n##_shutdown(void);					\
static struct syscore_ops st_##n##_ops = {				\
	.suspend	= st_##n##_suspend,				\
	.resume		= st_##n##_resume,				\
	.shutdown	= st_##n##_shutdown,				\
}

ST_SYSCORE(A);
ST_SYSCORE(B);
ST_SYSCORE(C);

static void st_A_shutdown(void)
{
	record("hA", "");
	/* A was registered first: its callback is the last of shutdown. */
	pr_info("shutdown: %s\n", events);
}

static void st_B_shutdown(void) { record("hB", ""); }
static void st_C_shutdown(void) { record("hC", ""); }

/* Never registered: for misuse=unregister-unregistered. */
static int st_unreg_suspend(void) { return 0; }
static struct syscore_ops st_unreg_ops = {
	.suspend	= st_unreg_suspend,
};

#ifdef HAVE_SYSDEV
#define ST_SYSDEV(n)							\
static int st_##n##_sysdev_suspend(struct sys_device *dev, pm_message_t state) \
{ return suspend_one("s" #n); }						\
static int st_##n##_sysdev_resume(struct sys_device *dev)		\
{ resume_one("r" #n); return 0; }					\
static int st_##n##_sysdev_shutdown(struct sys_device *dev)		\
{ record("h" #n, ""); return 0; }					\
static struct sysdev_class st_##n##_sysclass = {			\
	.name		= "st_" #n,					\
	.suspend	= st_##n##_sysdev_suspend,			\
	.resume		= st_##n##_sysdev_resume,			\
	.shutdown	= st_##n##_sysdev_shutdown,			\
};									\
static struct sys_device st_##n##_device = {				\
	.id		= 0,						\
	.cls		= &st_##n##_sysclass,				\
}

ST_SYSDEV(X);
ST_SYSDEV(Y);
ST_SYSDEV(Z);

static int st_D_suspend(struct sys_device *dev, pm_message_t state)
{
	char tok[16];

	snprintf(tok, sizeof(tok), "sD%u", dev->id);
	return suspend_one(tok);
}

static int st_D_resume(struct sys_device *dev)
{
	char tok[16];

	snprintf(tok, sizeof(tok), "rD%u", dev->id);
	resume_one(tok);
	return 0;
}

static int st_D_shutdown(struct sys_device *dev)
{
	char tok[16];

	snprintf(tok, sizeof(tok), "hD%u", dev->id);
	record(tok, "");
	return 0;
}

static struct sysdev_driver st_D_driver = {
	.suspend	= st_D_suspend,
	.resume		= st_D_resume,
	.shutdown	= st_D_shutdown,
};

/* A name /sys/devices/system already has in 6.1. */
static struct sysdev_class st_clash_class = {
	.name = "clocksource",
};

static struct sysdev_class *st_classes[] = {
	&st_X_sysclass, &st_Y_sysclass, &st_Z_sysclass,
};
static struct sys_device *st_devices[] = {
	&st_X_device, &st_Y_device, &st_Z_device,
};

static int st_sysdev_register(void)
{
	int i, err;

	clash = sysdev_class_register(&st_clash_class);
	if (!clash)
		sysdev_class_unregister(&st_clash_class);
	pr_info("clash=%d\n", clash);

	for (i = 0; i < ARRAY_SIZE(st_classes); i++) {
		err = sysdev_class_register(st_classes[i]);
		if (err)
			goto undo;
		err = sysdev_register(st_devices[i]);
		if (err) {
			sysdev_class_unregister(st_classes[i]);
			goto undo;
		}
	}
	err = sysdev_driver_register(&cpu_sysdev_class, &st_D_driver);
	if (!err)
		return 0;
undo:
	while (i-- > 0) {
		sysdev_unregister(st_devices[i]);
		sysdev_class_unregister(st_classes[i]);
	}
	return err;
}

static void st_sysdev_unregister(void)
{
	int i;

	sysdev_driver_unregister(&cpu_sysdev_class, &st_D_driver);
	for (i = ARRAY_SIZE(st_classes) - 1; i >= 0; i--) {
		sysdev_unregister(st_devices[i]);
		sysdev_class_unregister(st_classes[i]);
	}
}
#else
static int st_sysdev_register(void) { return 0; }
static void st_sysdev_unregister(void) { }
#endif

static int __init syscore_test_init(void)
{
	int err;

	err = st_sysdev_register();
	if (err)
		return err;

	register_syscore_ops(&st_A_ops);
	register_syscore_ops(&st_B_ops);
	register_syscore_ops(&st_C_ops);

	if (!strcmp(misuse, "register-twice"))
		register_syscore_ops(&st_A_ops);
	else if (!strcmp(misuse, "unregister-unregistered"))
		unregister_syscore_ops(&st_unreg_ops);
	return 0;
}
module_init(syscore_test_init);

static void __exit syscore_test_exit(void)
{
	unregister_syscore_ops(&st_C_ops);
	unregister_syscore_ops(&st_B_ops);
	unregister_syscore_ops(&st_A_ops);
	st_sysdev_unregister();
}
module_exit(syscore_test_exit);

MODULE_DESCRIPTION("syscore/sysdev PM callback order and fault injection test");
MODULE_LICENSE("GPL");

/* Interrupt PM shared by the chips of the family (irq-pm.c). */
extern int family_irq_suspend(struct sys_device *dev, pm_message_t state);
extern int family_irq_resume(struct sys_device *dev);

extern struct sysdev_class chipa_sysclass;
extern struct sysdev_class chipb_sysclass;

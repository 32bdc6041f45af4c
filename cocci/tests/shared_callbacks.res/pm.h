/* Interrupt PM shared by the chips of the family (irq-pm.c). */
extern int family_irq_suspend(void);
extern void family_irq_resume(void);

extern struct sysdev_class chipa_sysclass;
extern struct syscore_ops family_irq_syscore_ops;
extern struct sysdev_class chipb_sysclass;

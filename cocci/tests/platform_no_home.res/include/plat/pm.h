/* Power management of the family's platform code.  The interrupt PM
 * (plat-fam/irq-pm.c, not in this tree) is only built with CONFIG_PM;
 * and no file of this tree is named after it. */
#ifdef CONFIG_PM
extern int fam_irq_suspend(struct sys_device *dev, pm_message_t state);
extern int fam_irq_resume(struct sys_device *dev);
#else
#define fam_irq_suspend NULL
#define fam_irq_resume NULL
#endif

extern void fam_clock_init(void);

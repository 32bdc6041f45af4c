/* Power management of the family's platforms.  Both plat-fam and
 * plat-fam2 define the interrupt PM (irq-pm.c, CONFIG_PM only); a kernel
 * links one of them. */
#ifdef CONFIG_PM
extern int fam_irq_suspend(struct sys_device *dev, pm_message_t state);
extern int fam_irq_resume(struct sys_device *dev);
#else
#define fam_irq_suspend NULL
#define fam_irq_resume NULL
#endif

extern void fam_pm_init(void);

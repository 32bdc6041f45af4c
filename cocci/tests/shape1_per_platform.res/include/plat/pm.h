/* Power management of the family's platforms.  Both plat-fam and
 * plat-fam2 define the interrupt PM (irq-pm.c, CONFIG_PM only); a kernel
 * links one of them. */
#ifdef CONFIG_PM
extern int fam_irq_suspend(void);
extern void fam_irq_resume(void);
#else
#define fam_irq_suspend NULL
#define fam_irq_resume NULL
#endif

extern void fam_pm_init(void);

/* Power management of the family's platform code.  The interrupt PM
 * (plat-fam/irq-pm.c) is only built with CONFIG_PM. */
#ifdef CONFIG_PM
extern int fam_irq_suspend(void);
extern void fam_irq_resume(void);
#else
#define fam_irq_suspend NULL
#define fam_irq_resume NULL
#endif

extern void fam_clock_init(void);

/* The chips of the family. */
extern struct sysdev_class chipa_sysclass;

extern void fam_init_irq(void);

/* The core class of the chip, for the drivers that hang off it. */
extern struct sysdev_class chipx_sysclass;
extern struct syscore_ops chipx_fan_syscore_ops;
extern struct syscore_ops chipx_pm_syscore_ops;

extern int chipx_init(void);

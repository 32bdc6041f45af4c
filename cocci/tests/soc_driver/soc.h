/* The core class of the chip, for the drivers that hang off it. */
extern struct sysdev_class chipx_sysclass;

extern int chipx_init(void);

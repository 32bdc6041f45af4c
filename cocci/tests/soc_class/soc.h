/* What the chip files of the SoC family share. */
extern struct sysdev_class soc_clk_sysclass;
extern struct sysdev_class soc_intc_sysclass;

void __init soc_intc_init(void);

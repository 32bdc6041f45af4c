/* What the chip files of the SoC family share. */
extern struct syscore_ops soc_clk_syscore_ops;
extern struct syscore_ops soc_intc_syscore_ops;

void __init soc_intc_init(void);

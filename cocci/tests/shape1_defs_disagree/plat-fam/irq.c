// The family's interrupt controller, built for every chip of plat-fam:
// the ops of the interrupt PM goes here, at the end (irq-pm.c is
// CONFIG_PM only).
#include <linux/init.h>
#include <linux/sysdev.h>

#include <plat/cpu.h>
#include <plat/pm.h>

static void fam_irq_mask(unsigned int irq)
{
	fam_irq_write_mask(fam_irq_read_mask() | (1 << irq));
}

void __init fam_init_irq(void)
{
	fam_irq_mask(0);
}

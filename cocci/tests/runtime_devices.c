// Must not be touched: 2.6.38 io_apic.c shape, one sys_device per
// IO-APIC set up at run time, each carrying its own saved state.
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/sysdev.h>

struct sysfs_ioapic_data {
	struct sys_device dev;
	struct IO_APIC_route_entry entry[0];
};
static struct sysfs_ioapic_data *mp_ioapic_data[MAX_IO_APICS];

static int ioapic_suspend(struct sys_device *dev, pm_message_t state)
{
	struct sysfs_ioapic_data *data;
	int i;

	data = container_of(dev, struct sysfs_ioapic_data, dev);
	for (i = 0; i < nr_ioapic_registers[dev->id]; i++)
		data->entry[i] = ioapic_read_entry(dev->id, i);
	return 0;
}

static struct sysdev_class ioapic_sysdev_class = {
	.name = "ioapic",
	.suspend = ioapic_suspend,
};

static int __init ioapic_init_sysfs(void)
{
	struct sys_device *dev;
	int i, error;

	error = sysdev_class_register(&ioapic_sysdev_class);
	if (error)
		return error;

	for (i = 0; i < nr_ioapics; i++) {
		mp_ioapic_data[i] = kzalloc(sizeof(*mp_ioapic_data[i]), GFP_KERNEL);
		if (!mp_ioapic_data[i])
			continue;
		dev = &mp_ioapic_data[i]->dev;
		dev->id = i;
		dev->cls = &ioapic_sysdev_class;
		error = sysdev_register(dev);
		if (error)
			kfree(mp_ioapic_data[i]);
	}
	return 0;
}
device_initcall(ioapic_init_sysfs);

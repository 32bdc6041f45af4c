# reboot (guest): "reboot -f" straight away (QEMU runs with -no-reboot).
fact reboot
reboot -f

# arch.sh - what each supported arch is, in one place.  Sourced with $arch
# and $prog (the caller's name, for the error) set; sets:
#   cross    CROSS_COMPILE prefix        image   kernel image in the build dir
#   qemu     QEMU binary                 machine QEMU machine options
#   console  the guest's serial console
case $arch in
x86_64)	cross=; image=arch/x86/boot/bzImage
	qemu=qemu-system-x86_64; machine="-M pc"; console=ttyS0 ;;
arm)	cross=arm-linux-gnueabi-; image=arch/arm/boot/zImage
	qemu=qemu-system-arm; machine="-M virt -cpu cortex-a15"; console=ttyAMA0 ;;
*)	echo "$prog: unsupported ARCH '$arch' (supported: x86_64 arm)" >&2; exit 2 ;;
esac

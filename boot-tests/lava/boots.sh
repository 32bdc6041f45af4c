#!/bin/sh
# boots.sh - what a boot mode boots, as data, for the LAVA job generator.
#
# Usage: boots.sh META MODE
# META is a boot-test meta file (mode.sh's mode_meta: arch, commit,
# sysdev, cycles, alarm, smp).  Loads MODE with that context (mode.sh's
# mode_context and mode_load: the one place that says what a mode boots)
# and runs its mode_boot with a boot() that records each QEMU run instead
# of starting it.  Prints, in order:
#   meta<TAB>KEY<TAB>VALUE          META's lines (expect and boots left out)
#   machine<TAB>KEY<TAB>VALUE       the arch's QEMU (arch_set): qemu, machine,
#                                   cpu, nic (LAVA's NIC model); "" if none
#   run<TAB>NAME<TAB>TIMEOUT<TAB>CMDLINE<TAB>QEMU ARGS
#   pause<TAB>SECONDS               the mode waits between two runs
#   disk<TAB>FILE<TAB>BYTES         a scratch file the next run uses (its
#                                   QEMU ARGS name it as {FILE})
# CMDLINE is the whole kernel command line, as boot-test.sh passes it
# (console= as run-qemu.sh adds it).
set -eu

meta=${1:?usage: boots.sh META MODE}
mode=${2:?usage: boots.sh META MODE}
. "$(dirname "$0")/../../lib/common.sh"
here=$TOP/boot-tests
. "$here/boot/mode.sh"
mode_context "$meta"
arch_set "$arch"
res=$(mktemp -d "${TMPDIR:-/tmp}/lava-boots.XXXXXX")
trap 'rm -rf "$res"' EXIT
grep -v -e '^expect=' -e '^boots=' "$meta" | sed 's/=/\t/' | sed 's/^/meta\t/'
printf 'machine\t%s\t%s\n' qemu "$qemu" machine "$machine" cpu "$cpu" nic "$lava_nic"
boot() {
	_name=$1 _tmo=$2 _append=$3
	shift 3
	_args=
	for _a in "$@"; do
		# a file of the run's results dir is a scratch file of the job
		case $_a in
		*"$res/"*)
			_f=$(echo "$_a" | sed "s#.*$res/\([^,]*\).*#\1#")
			printf 'disk\t%s\t%s\n' "$_f" "$(stat -c %s "$res/$_f" 2>/dev/null || echo 0)"
			_a=$(echo "$_a" | sed "s#$res/\([^,]*\)#{\1}#") ;;
		esac
		_args="$_args${_args:+ }$_a"
	done
	printf 'run\t%s\t%s\t%s\t%s\n' "$_name" "$_tmo" \
		"console=$console $KERNEL_CMDLINE st.mode=$mode st.alarm=$alarm $_append" "$_args"
}
sleep() { printf 'pause\t%s\n' "$1"; }
mode_load "$mode"
mode_boot 2>/dev/null

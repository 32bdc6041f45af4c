# common.sh - the helper layer the project's scripts share: project facts,
# series helpers and KTAP output.  Sourced by the scripts of boot-tests/
# (pipeline/, boot/, suites/, lava/) and of cocci/ (tools/, tests/): it
# belongs to neither, and neither reads the other's files.  Defines only
# variables and functions, runs nothing.
#
# Project facts
#   TOP        the project's top directory
#   PRISTINE   the tag of the pristine Debian 6.1 tree in BUILD/linux
#   ARCHES     the supported arches
#   BOOT_MODES the boot modes (boot-tests/boot/modes/<mode>/), in the order they run
#   IDENT      git -c options: the project's neutral author identity
#              (IDENT_NAME, IDENT_EMAIL: its parts)
#   SIGNOFF    the Signed-off-by line of generated commits
#   KERNEL_CMDLINE  what every test boot (local or LAVA) passes the kernel
#              before console= (run-qemu.sh, boots.sh add it) and the mode's own
#
# Functions
#   die MSG...                 "<prog>: MSG" on stderr, exit 1 ($prog: caller's name)
#   series_patches DIR...      the patches DIR/series names, in order, as
#                              absolute paths (comments, blank lines dropped)
#   series_count DIR           how many patches DIR/series names
#   series_commit N            sha of the N-th commit after $PRISTINE on
#                              branch series in $tree (N = series_count base-patches:
#                              the legacy baseline)
#   arch_set ARCH              sets ARCH's facts (the one place that holds
#                              them): cross, image, qemu, machine, cpu,
#                              console, virtio_blk (QEMU's virtio disk
#                              device), busybox_arch (Debian arch of the
#                              initramfs' busybox-static, "" for the host's
#                              own) and lava_nic; exits 2 naming the
#                              supported ones
#   qmp_wake_built FILE        FILE is boot-tests/boot/qmp-wake.c compiled,
#                              again when the source is newer; callers at
#                              once each compile a copy and rename it in
#   ktap_start DIR PLAN TITLE  KTAP header and plan; results go to DIR/results.tsv
#   ktap_result NAME SEC WHY [DIAG...]   "ok"/"not ok" (WHY empty: ok);
#                              DIAG lines follow as "# " lines; KTAP_PREFIX
#                              (say "x86_64.") goes before NAME on the KTAP
#                              line, not in results.tsv
#   ktap_skip NAME SEC WHY     "ok N NAME # SKIP WHY" (counted as skipped)
#   ktap_skip_all WHY NAME...  every NAME skipped for WHY, then ktap_end: the
#                              suite cannot run here (its input is missing)
#   ktap_end                   "# N passed, N failed[, N skipped]"; returns 1 if
#                              a check failed or fewer ran than the plan said
#   ktap_first_failure FILE    the reason of FILE's first "not ok" line (its
#                              name and "# ..."), empty if none or no FILE
#   goal_cmp NAME, goal_bound NAME   a goal of lib/goals: its
#                              comparison (<= or >=) and bound; dies if unknown
#   goal_met NAME VALUE [ALL]  true, false, or null (VALUE null: not measured);
#                              ALL stands for the bound "all"
# results.tsv: NAME<TAB>1|0|skip<TAB>SECONDS, read by report.sh.

# TOP: the nearest directory above the running script that holds
# lib/common.sh (scripts live one to three levels down).
_top_of() {
	_d=$(cd "$(dirname -- "$1")" && pwd)
	while [ "$_d" != / ] && [ ! -f "$_d/lib/common.sh" ]; do _d=$(dirname -- "$_d"); done
	echo "$_d"
}
TOP=$(_top_of "$0")
[ -f "$TOP/lib/common.sh" ] || TOP=$(_top_of "$(readlink -f "$0")")
PRISTINE=v6.1.192
ARCHES="x86_64 arm"
BOOT_MODES="suspend reboot modules misuse hibernate"
IDENT_NAME=syscore-series
IDENT_EMAIL=syscore-series@example.invalid
IDENT="-c user.name=$IDENT_NAME -c user.email=$IDENT_EMAIL"
SIGNOFF='Signed-off-by: syscore-series <syscore-series@example.invalid>'
KERNEL_CMDLINE="loglevel=8 no_console_suspend panic=-1"

die() { echo "${prog:-$(basename "$0" .sh)}: $*" >&2; exit 1; }

series_patches() {
	for _d in "$@"; do
		[ -f "$_d/series" ] || continue
		sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^[[:space:]]*$/d' "$_d/series" |
		while read -r _p; do
			[ -f "$_d/$_p" ] || die "$_d/series names $_p, which does not exist"
			echo "$(cd "$_d" && pwd)/$_p"
		done
	done
}
series_count() { series_patches "$1" | grep -c . || true; }
series_commit() {
	git -C "$tree" rev-list --reverse "$PRISTINE..series" | sed -n "${1}p"
}

# lava_nic: the qemu device type of LAVA always gives the guest a NIC
# (-net nic,{{ model }}), which no test uses.  On x86 a virtio NIC would
# be bound by the kernel's virtio-pci (there for the hibernation disk): a
# device the local run does not have in every suspend and resume, and
# 1.2 s more boot under TCG; e1000 is one the test kernels have no driver
# for.  The arm kernels have no PCI: the default virtio NIC is not probed.
arch_set() {
	case $1 in
	x86_64)	cross=; image=arch/x86/boot/bzImage
		qemu=qemu-system-x86_64; machine=pc; cpu=; console=ttyS0
		virtio_blk=virtio-blk-pci; busybox_arch=; lava_nic=model=e1000 ;;
	arm)	cross=arm-linux-gnueabi-; image=arch/arm/boot/zImage
		qemu=qemu-system-arm; machine=virt; cpu=cortex-a15; console=ttyAMA0
		virtio_blk=virtio-blk-device; busybox_arch=armel; lava_nic= ;;
	*)	echo "${prog:-$(basename "$0" .sh)}: unsupported ARCH '$1' (supported: $ARCHES)" >&2
		exit 2 ;;
	esac
}

qmp_wake_built() { # file
	[ ! "$1" -nt "$TOP/boot-tests/boot/qmp-wake.c" ] || return 0
	gcc -O2 -Wall -Wextra -Werror -o "$1.$$" "$TOP/boot-tests/boot/qmp-wake.c"
	mv -f "$1.$$" "$1"
}

# --- KTAP, as tools/testing/selftests/kselftest.h prints it -----------------
# State lives in files under the results dir, so a result written from a
# subshell (a pipe's) still counts.
ktap_start() { # dir plan title
	_kt=$1
	mkdir -p "$_kt"
	: > "$_kt/results.tsv"
	echo "$2" > "$_kt/plan"
	echo "KTAP version 1"
	echo "# $3"
	echo "1..$2"
}
_ktap_line() { # status name sec
	printf '%s\t%s\t%s\n' "$2" "$1" "$3" >> "$_kt/results.tsv"
	wc -l < "$_kt/results.tsv" | tr -d ' '
}
ktap_result() { # name sec why [diag...]
	_name=$1 _sec=$2 _why=$3
	shift 3
	if [ -z "$_why" ]; then
		echo "ok $(_ktap_line 1 "$_name" "$_sec") ${KTAP_PREFIX:-}$_name"
	else
		echo "not ok $(_ktap_line 0 "$_name" "$_sec") ${KTAP_PREFIX:-}$_name # $_why"
	fi
	for _d in "$@"; do
		[ -z "$_d" ] || printf '%s\n' "$_d" | sed 's/^/# /'
	done
}
ktap_skip() { # name sec why
	echo "ok $(_ktap_line skip "$1" "$2") ${KTAP_PREFIX:-}$1 # SKIP $3"
}
ktap_skip_all() { # why name...
	_w=$1; shift
	for _n in "$@"; do ktap_skip "$_n" 0 "$_w"; done
	ktap_end
}
ktap_first_failure() { # ktap file
	grep -m1 '^not ok' "$1" 2>/dev/null | sed 's/^not ok [0-9]* //'
}
ktap_end() {
	_plan=$(cat "$_kt/plan")
	_pass=$(grep -c '	1	' "$_kt/results.tsv" || true)
	_skip=$(grep -c '	skip	' "$_kt/results.tsv" || true)
	_ran=$(wc -l < "$_kt/results.tsv" | tr -d ' ')
	_fail=$((_ran - _pass - _skip))
	if [ "$_ran" -lt "$_plan" ]; then
		# The checks that never printed count as failures.
		echo "# planned $_plan checks, ran $_ran: $((_plan - _ran)) missing"
		_fail=$((_fail + _plan - _ran))
		printf 'missing\t0\t0\n' >> "$_kt/results.tsv"
	elif [ "$_ran" -gt "$_plan" ]; then
		echo "# planned $_plan checks, ran $_ran"
		_fail=$((_fail + 1))
		printf 'plan\t0\t0\n' >> "$_kt/results.tsv"
	fi
	if [ "$_skip" -gt 0 ]; then
		echo "# $_pass passed, $_fail failed, $_skip skipped"
	else
		echo "# $_pass passed, $_fail failed"
	fi
	[ "$_fail" = 0 ]
}

# --- goals: lib/goals, the one list ------------------------------
_goal_field() { # name field
	_g=$(awk -F'\t' -v n="$1" -v f="$2" '!/^#/ && $1 == n { print $f; exit }' "$TOP/lib/goals")
	[ -n "$_g" ] || die "no goal '$1' in lib/goals"
	echo "$_g"
}
goal_cmp() { _goal_field "$1" 2; }
goal_bound() { _goal_field "$1" 3; }
goal_met() { # name value [all]
	_c=$(goal_cmp "$1"); _b=$(goal_bound "$1")
	[ "$_b" != all ] || _b=${3:?goal $1 is "all": say how many}
	if [ "$2" = null ]; then echo null
	elif [ "$_c" = ">=" ]; then awk -v v="$2" -v b="$_b" 'BEGIN { print (v >= b) ? "true" : "false" }'
	else awk -v v="$2" -v b="$_b" 'BEGIN { print (v <= b) ? "true" : "false" }'
	fi
}

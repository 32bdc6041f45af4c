# mode.sh - the one loader of a boot mode.  Sourced (after lib/common.sh)
# by boot-test.sh, check-boot.sh and bisect-step.sh: every mode's host.sh
# runs with the same, whole context, set before any mode code runs.
#
#   mode_meta ARCH TREE COMMIT CYCLES ALARM SMP BOOTS
#        prints the meta of one boot-test run: what the host expects is
#        decided here, from the tree (the commit the kernel is built from,
#        whether it has the legacy sysdev layer) and the run's knobs (also
#        WAKE, default mode_wake ARCH: the suspend cycles' wake sources in
#        turn; HIBERNATE_CORE, default 1: the suspend boot's hibernation
#        with pm_test=core)
#   mode_context META
#        reads META (a file mode_meta wrote) and sets the context every
#        mode may read: arch commit sysdev cycles alarm smp boots wake
#        hibernate_core expect marker; META's expect= is a path below TOP
#        (or absolute); a META without expect=, wake= or hibernate_core=
#        has the defaults
#   mode_load MODE
#        sources MODE's host.sh (mode_boot, mode_plan, mode_prepare);
#        exits 2 naming the modes when there is no such mode, dies when
#        the mode lacks one of the three
#   mode_checks
#        the loaded mode's check names, in order (mode_plan's first column)
#   mode_run_checks
#        the loaded mode's checks (check-boot.sh): mode_prepare, then for
#        each line "NAME FUNCTION [ARG...]" of mode_plan, FUNCTION NAME
#        [ARG...], which prints NAME's one ktap_result; a FUNCTION the mode
#        does not define fails NAME with that reason
#   mode_of_check CHECK
#        the first mode of $BOOT_MODES whose mode_checks names CHECK ("" if
#        none), in the current context
#
# A mode's host.sh reads only this context (and what check-boot.sh or
# boot-test.sh give it: boot, log_of, ...); see modes/README.

MODES_DIR=$TOP/boot-tests/boot/modes
# the suspend boot's knobs when neither the environment nor a meta sets them
MODE_HIBERNATE_CORE=1
# mode_wake ARCH: the wake sources of the suspend cycles, in turn.  One RTC
# and one alarm timer cycle in ten test the wake paths; the others are
# there to run the syscore callbacks, and need not wait for a second of
# the RTC: on x86 the host wakes them at once (QMP system_wakeup), on arm
# (no system_wakeup for virt) the deep state's test timer does (base
# patch 0002's virt_suspend.test_wake_ms).
mode_wake() {
	case $1 in
	x86_64) echo rtc,alarmtimer,host,host,host,host,host,host,host,host ;;
	*) echo rtc,alarmtimer,timer,timer,timer,timer,timer,timer,timer,timer ;;
	esac
}

# mode_knobs_ok ARCH WAKE HIBERNATE_CORE WAKE_NAME HIBERNATE_CORE_NAME:
# dies naming the value (the knob, or the meta file's key) unless both
# are values the suspend mode knows on ARCH
mode_knobs_ok() {
	for _w in $(echo "$2" | tr , ' '); do
		case $_w in
		rtc|alarmtimer) ;;
		host) [ "$1" = x86_64 ] ||
			die "$4=$2: wake source 'host' needs QEMU's system_wakeup, which $1 lacks (rtc, alarmtimer, timer)" ;;
		timer) [ "$1" = arm ] ||
			die "$4=$2: wake source 'timer' is the arm virt deep state's test timer, $1 has none (rtc, alarmtimer, host)" ;;
		*) die "$4=$2: unknown wake source '$_w' (rtc, alarmtimer; host on x86_64, timer on arm)" ;;
		esac
	done
	case $3 in 0|1) ;; *) die "$5=$3: 0 or 1" ;; esac
}

mode_meta() { # arch tree commit cycles alarm smp boots
	mode_knobs_ok "$1" "${WAKE:-$(mode_wake "$1")}" "${HIBERNATE_CORE:-$MODE_HIBERNATE_CORE}" WAKE HIBERNATE_CORE
	_sysdev=0
	git -C "$2" cat-file -e "$3:include/linux/sysdev.h" 2>/dev/null && _sysdev=1
	echo "arch=$1"
	echo "commit=$3"
	echo "describe=$(git -C "$2" describe --tags "$3" 2>/dev/null || echo "$3")"
	echo "sysdev=$_sysdev"
	echo "cycles=$4"
	echo "alarm=$5"
	echo "smp=$6"
	echo "boots=$7"
	echo "wake=${WAKE:-$(mode_wake "$1")}"
	echo "hibernate_core=${HIBERNATE_CORE:-$MODE_HIBERNATE_CORE}"
	# a path in the project: the judge reads its own tree's (a LAVA lab's
	# results are judged on another machine)
	echo "expect=boot-tests/boot/expect/$1"
}

mode_context() { # meta
	[ -f "$1" ] || die "no meta file $1"
	_mv() { sed -n "s/^$1=//p" "$2" | tail -1; }
	arch=$(_mv arch "$1"); commit=$(_mv commit "$1"); sysdev=$(_mv sysdev "$1")
	cycles=$(_mv cycles "$1"); alarm=$(_mv alarm "$1"); smp=$(_mv smp "$1")
	boots=$(_mv boots "$1"); expect=$(_mv expect "$1")
	wake=$(_mv wake "$1"); wake=${wake:-$(mode_wake "$arch")}
	hibernate_core=$(_mv hibernate_core "$1"); hibernate_core=${hibernate_core:-$MODE_HIBERNATE_CORE}
	mode_knobs_ok "$arch" "$wake" "$hibernate_core" "$1: wake" "$1: hibernate_core"
	case $expect in
	"") expect=$TOP/boot-tests/boot/expect/$arch ;;
	/*) ;;
	*) expect=$TOP/$expect ;;
	esac
	for _v in arch commit sysdev cycles alarm smp; do
		eval "[ -n \"\$$_v\" ]" || die "$1 has no $_v="
	done
	[ -f "$expect" ] || die "no expect file $expect"
	marker=$(sed -n 's/^marker[[:space:]]*//p' "$expect")
}

mode_load() { # mode
	if [ ! -f "$MODES_DIR/$1/host.sh" ]; then
		echo "${prog:-$(basename "$0" .sh)}: unknown boot mode '$1' (modes: $BOOT_MODES)" >&2
		exit 2
	fi
	unset -f mode_boot mode_plan mode_prepare
	. "$MODES_DIR/$1/host.sh"
	for _f in mode_boot mode_plan mode_prepare; do
		command -v "$_f" > /dev/null || die "boot mode '$1' defines no $_f ($MODES_DIR/$1/host.sh)"
	done
}

mode_checks() { mode_plan | awk '{ print $1 }'; }

mode_run_checks() {
	mode_prepare
	_mc_plan=$(mode_plan)
	while read -r _mc_name _mc_fn _mc_args; do
		[ -n "$_mc_name" ] || continue
		if [ -n "$_mc_fn" ] && command -v "$_mc_fn" > /dev/null; then
			# shellcheck disable=SC2086 # the arguments are words
			"$_mc_fn" "$_mc_name" $_mc_args < /dev/null
		else
			ktap_result "$_mc_name" 0 "its boot mode names no function that judges it ('${_mc_fn}')"
		fi
	done <<EOF
$_mc_plan
EOF
}

mode_of_check() { # check
	for _m in $BOOT_MODES; do
		mode_load "$_m"
		case " $(mode_checks | tr '\n' ' ') " in *" $1 "*) echo "$_m"; return 0 ;; esac
	done
}

#!/bin/sh
# soak.sh - many suspend cycles and hibernations with 2 CPUs on a busy
# host: do any hang or fail?
#
# Usage: soak.sh BUILD_DIR
# Per arch (SOAK_ARCHES, default both): SOAK_CYCLES (default 100)
# suspend-to-RAM cycles in one boot, then SOAK_HIBERNATE (default 5)
# hibernate + restore rounds (the hibernate boot mode, one QEMU pair
# each), with SMP=2 (SOAK_SMP), the cycles woken in turn by the sources
# of SOAK_WAKE (WAKE's syntax; default one RTC and one alarm timer cycle
# in fifty, the others woken fast: the host on x86_64, the deep state's
# test timer on arm), while
# SOAK_LOAD (default 2) busy loops keep the host's cores loaded; the
# arches side by side (SOAK_PARALLEL=1, the default) or one after the
# other (SOAK_PARALLEL=0).  The
# kernels and initramfs must be built (make initramfs).  A hang is a
# QEMU run that hit its timeout; a lost wake-up (x86: an alarm that came
# due before QEMU saw the guest enter S3) is woken by the runner and
# counted apart.  KTAP on stdout, results in BUILD_DIR/results/soak/
# (per arch the boot tests' own results), numbers in soak.json, the
# reliability goals of lib/goals against them in goals.json.
set -eu

build=${1:?usage: soak.sh BUILD_DIR}
. "$(dirname "$0")/../../lib/common.sh"
here=$TOP/boot-tests
build=$(cd "$build" && pwd)
out=$build/results/soak
arches=${SOAK_ARCHES:-$ARCHES}
cycles=${SOAK_CYCLES:-100}
hibernations=${SOAK_HIBERNATE:-5}
smp=${SOAK_SMP:-2}
load=${SOAK_LOAD:-2}
parallel=${SOAK_PARALLEL:-1}
case $parallel in 0|1) ;; *) die "SOAK_PARALLEL must be 0 or 1, not '$parallel'" ;; esac
. "$here/boot/mode.sh"
# soak_wake ARCH: the soak's wake plan on ARCH.  The boot tests' own
# plan (mode_wake) has a real wake in every five cycles, and a real wake
# waits for the RTC (1-3 s) where a fast one takes ~0.15 s: at 10,000
# cycles that plan would spend three quarters of the soak asleep.  One
# of each real source in fifty still gives every path hundreds of turns.
soak_wake() {
	[ -z "${SOAK_WAKE:-}" ] || { echo "$SOAK_WAKE"; return; }
	_fast=$(mode_wake "$1" | awk -F, '{ print $NF }')
	printf rtc,alarmtimer
	_k=0
	while [ "$_k" -lt 48 ]; do printf ",%s" "$_fast"; _k=$((_k + 1)); done
	echo
}
# the plan of every arch, before anything starts (dies naming a bad one)
for arch in $arches; do
	mode_knobs_ok "$arch" "$(soak_wake "$arch")" 1 SOAK_WAKE HIBERNATE_CORE
done

rm -rf "$out"
mkdir -p "$out"
for arch in $arches; do mkdir -p "$out/$arch-hibernate"; done
hogs= pids=
stop_hogs() { [ -z "$hogs$pids" ] || kill $hogs $pids 2>/dev/null || true; }
trap stop_hogs EXIT
trap 'stop_hogs; exit 130' INT TERM
i=0
while [ "$i" -lt "$load" ]; do
	sh -c 'while :; do :; done' &
	hogs="$hogs $!"
	i=$((i + 1))
done

ktap_start "$out" "$(( $(echo $arches | wc -w) * 2 ))" "soak: $cycles suspend cycles and $hibernations hibernations per arch, SMP=$smp, $load busy loops on the host"
printf 'arch=%s\ncycles=%s\nhibernations=%s\nsmp=%s\nload=%s\nparallel=%s\n' "$arches" "$cycles" "$hibernations" "$smp" "$load" "$parallel" >> "$out/meta"
for arch in $arches; do echo "wake_$arch=$(soak_wake "$arch")" >> "$out/meta"; done
# why_failed RES RC: why the boot test with results in RES (its output in
# RES.out) exited RC: its first failed check, or, when it stopped before
# its checks, its status and last line
why_failed() {
	_why=$(ktap_first_failure "$1/ktap.txt")
	echo "${_why:-boot-test.sh exited $2: $(tail -n 1 "$1.out")}"
}

# soak_arch ARCH: the suspend soak, then the hibernate rounds, of one
# arch; its two results in $out/ARCH.soak and ARCH.hibernate (three
# lines: seconds, why it failed or "", what it did) and its numbers in
# $out/ARCH.json, printed by the caller in the arches' order.
soak_arch() {
	arch=$1
	# fifty cycles of the default plan: ~2 s RTC + ~3 s alarm timer +
	# 48 x ~0.15 s fast, alone on the host
	echo "soak: $arch: $cycles cycles with SMP=$smp (about $((cycles * 12 / 50 / 60 + 1)) min alone on the host)" >&2
	start=$(date +%s)
	rc=0
	RESULTS=$out/$arch BOOTS=suspend CYCLES=$cycles SMP=$smp TIMEOUT=$((120 + cycles * 15)) WAKE=$(soak_wake "$arch") \
		"$here/boot/boot-test.sh" "$arch" "$build" > "$out/$arch.out" 2>&1 || rc=$?
	sec=$(( $(date +%s) - start ))
	qrc=$(cat "$out/$arch/suspend.rc" 2>/dev/null || echo missing)
	hang=0; [ "$qrc" != 124 ] || hang=1
	done_cycles=$(grep -c '^ST: cycle [0-9]* write=0 ' "$out/$arch/suspend.txt" 2>/dev/null || true)
	done_cycles=${done_cycles:-0}
	# (arm has no runner wake-ups: its deep state is WFI in the guest)
	rescues=$(grep -c '^rescue ' "$out/$arch/suspend.log.wake" 2>/dev/null || true)
	rescues=${rescues:-0}
	why=
	if [ "$hang" = 1 ]; then
		why="hang: $(grep -m1 'timeout after' "$out/$arch/ktap.txt" | sed 's/.*# //')"
	elif [ "$rc" != 0 ]; then
		why=$(why_failed "$out/$arch" "$rc")
	fi
	printf '%s\n%s\n%s\n' "$sec" "$why" \
		"$done_cycles of $cycles cycles completed, $hang hangs, $rescues lost wake-ups woken by the runner, ${sec} s" > "$out/$arch.soak"
	# grep -c prints 0 and exits 1 when nothing matches: null only without a ktap.txt
	failed=null
	[ ! -f "$out/$arch/ktap.txt" ] || failed=$(grep -c '^not ok' "$out/$arch/ktap.txt" || true)

	# hibernate + restore rounds: each a fresh boot of the hibernate mode
	echo "soak: $arch: $hibernations hibernate + restore rounds with SMP=$smp (about $((hibernations * 2 / 3 + 1)) min)" >&2
	hstart=$(date +%s) hok=0 hhang=0 hwhy=
	r=0
	while [ "$r" -lt "$hibernations" ]; do
		r=$((r + 1))
		hres=$out/$arch-hibernate/$r
		hrc=0
		RESULTS=$hres BOOTS=hibernate SMP=$smp \
			"$here/boot/boot-test.sh" "$arch" "$build" > "$hres.out" 2>&1 || hrc=$?
		for q in "$hres"/*.rc; do [ "$(cat "$q" 2>/dev/null)" != 124 ] || { hhang=$((hhang + 1)); break; }; done
		if [ "$hrc" = 0 ]; then
			hok=$((hok + 1))
		elif [ -z "$hwhy" ]; then
			hwhy="round $r: $(why_failed "$hres" "$hrc")"
		fi
	done
	hsec=$(( $(date +%s) - hstart ))
	printf '%s\n%s\n%s\n' "$hsec" "$hwhy" \
		"$hok of $hibernations hibernate + restore rounds passed every check, $hhang hangs, ${hsec} s" > "$out/$arch.hibernate"
	printf '  {"arch": "%s", "cycles": %s, "completed": %s, "hangs": %s, "lost_wakeups": %s, "seconds": %s, "checks_failed": %s, "hibernations": %s, "hibernations_ok": %s, "hibernation_hangs": %s, "hibernation_seconds": %s}' \
		"$arch" "$cycles" "$done_cycles" "$hang" "$rescues" "$sec" "$failed" \
		"$hibernations" "$hok" "$hhang" "$hsec" > "$out/$arch.json"
}

# The arches side by side (SOAK_PARALLEL=1): a guest spends most of a
# cycle waiting for its alarm, so each is load for the other rather than
# a wait; one after the other with SOAK_PARALLEL=0.
for arch in $arches; do
	if [ "$parallel" = 1 ]; then
		soak_arch "$arch" &
		pids="$pids $!"
	else
		soak_arch "$arch"
	fi
done
for p in $pids; do wait "$p" || true; done

# result FILE NAME: the KTAP line of one result soak_arch wrote
result() {
	if [ -f "$1" ]; then
		ktap_result "$2" "$(sed -n 1p "$1")" "$(sed -n 2p "$1")" "$(sed -n 3p "$1")"
	else
		ktap_result "$2" 0 "no result: the soak of this arch stopped early (see $out)"
	fi
}
echo "[" > "$out/soak.json"
sep=
for arch in $arches; do
	result "$out/$arch.soak" "$arch.soak"
	result "$out/$arch.hibernate" "$arch.soak_hibernate"
	if [ -f "$out/$arch.json" ]; then
		printf '%s%s' "$sep" "$(cat "$out/$arch.json")" >> "$out/soak.json"
		sep=",
"
	fi
done
printf '\n]\n' >> "$out/soak.json"

# the reliability goals (lib/goals), from the numbers above
tot() { awk -v k="\"$1\": " '{ while ((i = index($0, k)) > 0) { $0 = substr($0, i + length(k)); s += $0 + 0 } } END { print s + 0 }' "$out/soak.json"; }
hib_fail=$(( $(tot hibernations) - $(tot hibernations_ok) ))
# an arch that left no numbers (stopped, killed) or whose checks never
# ran met no goal: it counts as one failed check, and an arch with no
# numbers failed all its hibernate rounds
incomplete=0
for arch in $arches; do
	if [ ! -f "$out/$arch.json" ]; then
		hib_fail=$((hib_fail + hibernations))
	elif grep -q '"checks_failed": [0-9]' "$out/$arch.json"; then
		continue
	fi
	echo "soak: $arch: no numbers or no checks: counted as failed" >&2
	incomplete=$((incomplete + 1))
done
{
	echo "["
	gs=
	for g in "soak suspend hangs:$(( $(tot hangs) + $(tot hibernation_hangs) ))" \
		"soak failed checks:$(( $(tot checks_failed) + incomplete ))" "soak hibernate failures:$hib_fail"; do
		name=${g%:*} v=${g##*:}
		m=$(goal_met "$name" "$v")
		echo "soak: goal $name: $v ($(goal_cmp "$name") $(goal_bound "$name")): $([ "$m" = true ] && echo met || echo NOT MET)" >&2
		printf '%s  {"goal": "%s", "value": %s, "max": %s, "met": %s}' "$gs" "$name" "$v" "$(goal_bound "$name")" "$m"
		gs=",
"
	done
	printf '\n]\n'
} > "$out/goals.json"
ktap_end

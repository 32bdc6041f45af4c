#!/bin/sh
# run.sh - make lava: the tip's boot modes as LAVA jobs, run by lava-run
# on this machine (no server), judged by check-boot.sh.
#
# Usage: run.sh BUILD_DIR
# One job per boot mode and arch (BOOTS=, LAVA_ARCHES=; CYCLES, ALARM,
# SMP as boot-test.sh), generated from the modes (lava_job), with the
# kernel and initramfs of BUILD_DIR as file:// URLs, run one after the
# other by lava-run with the qemu device type's dictionary (device.py).
# The log LAVA returns goes through collect.py into
# BUILD_DIR/results/lava-<arch>/, which check-boot.sh judges: the same
# KTAP lines and "N passed, N failed" as boot-test.sh.  Then
# results/lava/: per job, LAVA's own results agree with that log
# (lava_agree).  Jobs and logs: BUILD_DIR/lava/run/.  Exits 1 if a check
# failed.
set -eu

build=${1:?usage: run.sh BUILD_DIR}
prog=lava
. "$(dirname "$0")/../../lib/common.sh"
. "$TOP/boot-tests/lava/lib.sh"
. "$TOP/boot-tests/boot/mode.sh"
build=$(cd "$build" && pwd)
lava_need lava-run lava-server
arches=${LAVA_ARCHES:-$ARCHES}
boots=${BOOTS:-$BOOT_MODES}
tree=$build/linux
commit=${COMMIT:-$(git -C "$tree" rev-parse HEAD)}
work=$build/lava/run
DISKS=$work/disks
LAVA_QMP=$work/qmp
rm -rf "$work"
mkdir -p "$DISKS" "$LAVA_QMP"

rc=0
agree=$build/results/lava
rm -rf "$agree"
mkdir -p "$agree"
: > "$work/agree"
for arch in $arches; do
	set -- $(lava_artifacts "$build" "$arch")
	kernel=$1 initrd=$2
	mode_meta "$arch" "$tree" "$commit" "${CYCLES:-10}" "${ALARM:-2}" "${SMP:-2}" "$boots" > "$work/$arch.meta"
	dirs=
	for mode in $boots; do
		j=$work/$arch-$mode
		lava_job "$j.yaml" "$work/$arch.meta" "$mode" "file://$kernel" "file://$initrd" "file://$DISKS" \
			"syscore $mode $arch $(echo "$commit" | cut -c1-12)"
		$PY "$LAVA/device.py" "$j.yaml" > "$j.device.yaml"
		echo "lava: $arch: $mode: lava-run $j.yaml" >&2
		t0=$(date +%s)
		lrc=0
		lava_qmp_watch "$j.yaml"
		lava-run --job-id "$(date +%s%N | cut -c8-16)" --output-dir "$j.out" \
			--device "$j.device.yaml" "$j.yaml" > "$j.log" 2>&1 || lrc=$?
		lava_qmp_stop
		$PY "$LAVA/collect.py" "$j.yaml" "$j.log" "$j.res" "$(lava_qmp_base "$j.yaml").wake"
		echo "lava: $arch: $mode: lava-run status $lrc after $(( $(date +%s) - t0 )) s; LAVA: $(head -1 "$j.res/lava-job.txt")" >&2
		printf '%s|%s|%s\n' "$arch.$mode" "$(lava_agree "$j.res")" $(( $(date +%s) - t0 )) >> "$work/agree"
		dirs="$dirs $j.res"
	done
	res=$build/results/lava-$arch
	# shellcheck disable=SC2086
	lava_assemble "$res" "$arch" $dirs
	# no job ran: every check of the plan fails as "QEMU did not run"
	grep -q '^arch=' "$res/meta" || cp "$work/$arch.meta" "$res/meta"
	{ crc=0; KTAP_PREFIX=$arch. "$TOP/boot-tests/boot/check-boot.sh" "$res" || crc=$?
	  echo "$crc" > "$res/check.rc"; } | tee "$res/ktap.txt"
	[ "$(cat "$res/check.rc")" = 0 ] || rc=1
done

printf 'arch=%s\ncommit=%s\n' "$arches" "$commit" > "$agree/meta"
ktap_start "$agree" "$(wc -l < "$work/agree")" "lava: LAVA's own results agree with the serial log check-boot.sh judged"
while IFS='|' read -r name why sec; do
	ktap_result "lava.$name.agree" "$sec" "$why"
done < "$work/agree"
ktap_end || rc=1
exit $rc

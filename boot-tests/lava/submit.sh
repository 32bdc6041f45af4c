#!/bin/sh
# submit.sh - the tip's jobs to a LAVA lab, judged by check-boot.sh:
# make lava-submit, and the core of make lava-check.
#
# Usage: submit.sh BUILD_DIR LAVA_URL LAVA_TOKEN ARTIFACTS_URL [SUITE]
# Per arch, the jobs of LAVA_BOOTS (default: every boot mode) for the
# kernel and initramfs of BUILD_DIR, which are copied, with the scratch
# disks, to LAVA_PUBLISH (default BUILD_DIR/lava/publish): the lab
# fetches them as ARTIFACTS_URL/<arch>/<file> and ARTIFACTS_URL/disks/
# (serve LAVA_PUBLISH there, or give a file:// URL on the lab's
# workers).  Submits and waits (lab.py: the token is checked first, a
# job LAVA rejects is shown with LAVA's message, a job no worker starts
# is cancelled after LAVA_QUEUE_TIMEOUT s), rebuilds boot-test.sh's
# results dir from each job's log (collect.py) and runs check-boot.sh on
# it: its KTAP is printed as it is, and its results are the suite's,
# prefixed with the arch.  Then per job: LAVA's own results agree with
# the log (lava_agree).  Results: BUILD_DIR/results/SUITE (default
# lava-submit).  Exits 1 if a check failed, 2 on bad arguments.
set -eu

build=${1:?usage: submit.sh BUILD_DIR LAVA_URL LAVA_TOKEN ARTIFACTS_URL [SUITE]}
url=${2:-} token=${3:-} aurl=${4:-} suite=${5:-lava-submit}
prog=$suite
. "$(dirname "$0")/../../lib/common.sh"
. "$TOP/boot-tests/lava/lib.sh"
. "$TOP/boot-tests/boot/mode.sh"
[ -n "$url" ] || { echo "$prog: LAVA_URL= is empty: the lab's URL, e.g. LAVA_URL=https://lava.example.org/" >&2; exit 2; }
[ -n "$token" ] || { echo "$prog: LAVA_TOKEN= is empty: an API token of your user on $url (its API > Tokens page)" >&2; exit 2; }
[ -n "$aurl" ] || { echo "$prog: ARTIFACTS_URL= is empty: where $url's workers fetch the kernels (http://... serving LAVA_PUBLISH)" >&2; exit 2; }
case $url in http://*|https://*) ;; *) echo "$prog: LAVA_URL='$url' is not an http(s) URL" >&2; exit 2 ;; esac
build=$(cd "$build" && pwd)
lava_need lava-run
boots=${LAVA_BOOTS:-$BOOT_MODES}
arches=${LAVA_ARCHES:-$ARCHES}
tree=$build/linux
commit=$(git -C "$tree" rev-parse HEAD)
out=$build/results/$suite
work=$build/lava/$suite
pub=${LAVA_PUBLISH:-$build/lava/publish}
DISKS=$pub/disks
rm -rf "$out" "$work"
mkdir -p "$out" "$work" "$DISKS"
# file:// artifacts: the jobs' QEMU runs on this machine (qmp-wake)
case $aurl in file://*) LAVA_QMP=$work/qmp; mkdir -p "$LAVA_QMP" ;; esac
for arch in $arches; do lava_artifacts "$build" "$arch" > /dev/null; done

jobs=
for arch in $arches; do
	set -- $(lava_artifacts "$build" "$arch")
	mkdir -p "$pub/$arch"
	cp "$1" "$2" "$pub/$arch/"
	mode_meta "$arch" "$tree" "$commit" "${CYCLES:-10}" "${ALARM:-2}" "${SMP:-2}" "$boots" > "$work/$arch.meta"
	for mode in $boots; do
		lava_job "$work/$arch-$mode.yaml" "$work/$arch.meta" "$mode" "$aurl/$arch/$(basename "$1")" \
			"$aurl/$arch/$(basename "$2")" "$aurl/disks" "syscore $mode $arch $(echo "$commit" | cut -c1-12)"
		jobs="$jobs $work/$arch-$mode.yaml"
	done
done
t0=$(date +%s)
lrc=0
for j in $jobs; do lava_qmp_watch "$j"; done
# shellcheck disable=SC2086
$PY "$LAVA/lab.py" "$url" "$token" "$work/jobs" $jobs || lrc=$?
lava_qmp_stop
echo "$(( $(date +%s) - t0 ))" > "$work/seconds"
# the lab could not be asked at all: no results, the error said why
[ "$lrc" != 2 ] || { rm -rf "$out"; exit 2; }
printf 'arch=%s\ncommit=%s\nboots=%s\nlava_url=%s\n' "$arches" "$commit" "$boots" "$url" > "$out/meta"
: > "$out/results.tsv"
: > "$work/agree"
rc=0
for arch in $arches; do
	dirs=
	for mode in $boots; do
		j=$arch-$mode
		if [ -f "$work/jobs/$j.log" ]; then
			$PY "$LAVA/collect.py" "$work/$j.yaml" "$work/jobs/$j.log" "$work/$j.res" \
				"$( [ -z "${LAVA_QMP:-}" ] || lava_qmp_base "$work/$j.yaml").wake"
			printf '%s|%s|%s\n' "$suite.$arch.$mode.agree" "$(lava_agree "$work/$j.res")" "$(cat "$work/seconds")" >> "$work/agree"
			dirs="$dirs $work/$j.res"
		else
			printf '%s|%s|0\n' "$suite.$arch.$mode.agree" "no log from LAVA: $(cut -f2- "$work/jobs/$j.status" 2>/dev/null || echo 'not submitted')" >> "$work/agree"
		fi
	done
	res=$out/$arch
	# shellcheck disable=SC2086
	lava_assemble "$res" "$arch" $dirs
	# no job ran: every check of the plan fails as "QEMU did not run"
	grep -q '^arch=' "$res/meta" || cp "$work/$arch.meta" "$res/meta"
	crc=0
	KTAP_PREFIX=$arch. "$TOP/boot-tests/boot/check-boot.sh" "$res" > "$res/ktap.txt" 2>&1 || crc=$?
	cat "$res/ktap.txt"
	[ "$crc" = 0 ] || rc=1
	sed "s/^/$arch./" "$res/results.tsv" >> "$out/results.tsv" 2>/dev/null || printf '%s.check-boot\t0\t0\n' "$arch" >> "$out/results.tsv"
done
# the suite's own lines, in KTAP: LAVA agrees with the log; then the total
ktap_start "$work/agree.ktap" "$(wc -l < "$work/agree")" "$suite: LAVA's own results agree with the serial log check-boot.sh judged"
while IFS='|' read -r name why sec; do
	ktap_result "$name" "$sec" "$why"
done < "$work/agree"
ktap_end || rc=1
cat "$work/agree.ktap/results.tsv" >> "$out/results.tsv"
[ "$lrc" = 0 ] || { echo "# $suite: lab.py status $lrc (see above)"; rc=1; }
echo "# $suite: $(grep -c '	1	' "$out/results.tsv") passed, $(grep -c -v '	1	' "$out/results.tsv") failed (submit to last verdict: $(cat "$work/seconds") s)"
exit $rc

#!/bin/sh
# matrix.sh - make lava-matrix: the per-commit boot matrix through the
# LAVA instance's workers (make lava-up first).
#
# Usage: matrix.sh BUILD_DIR
# The commits, arches and boots are suites/matrix.sh's (lava_matrix_plan,
# lava_mx: MATRIX_LAST, MATRIX_ARCHES, MATRIX_BOOTS, MATRIX_CORE_BOOTS,
# MATRIX_CYCLES, MATRIX_SMP).  Per commit and arch: build (as matrix.sh:
# kernel, test modules, initramfs; a commit that does not build is that
# commit's failure, a config symbol a later commit adds a SKIP), the
# kernel and initramfs copied to BUILD_DIR/lava/artifacts/<n>/<arch>/,
# and its jobs submitted at once (lab.py in the background): the
# workers boot while the next commit builds.  Then every job's log is
# judged by check-boot.sh (BUILD_DIR/results/lava-matrix/<n>-<arch>/),
# and the table and JSON are matrix.sh's columns (checkpatch is not
# LAVA's: skip): results/lava-matrix/{matrix.md,matrix.json,results.tsv}.
# The tree goes back to branch series when done, or interrupted.
set -eu

build=${1:?usage: matrix.sh BUILD_DIR}
prog=lava-matrix
. "$(dirname "$0")/../../lib/common.sh"
. "$TOP/boot-tests/lava/lib.sh"
. "$TOP/boot-tests/boot/mode.sh"
build=$(cd "$build" && pwd)
here=$TOP/boot-tests
tree=$build/linux
out=$build/results/lava-matrix
work=$build/lava/matrix
"$LAVA/server.sh" status "$build" > /dev/null 2>&1 ||
	die "no LAVA instance runs here (make lava-up starts one)"
url=$(cat "$build/lava/server/url")
token=$(cat "$build/lava/server/token")
git -C "$tree" rev-parse -q --verify refs/heads/series >/dev/null ||
	die "no branch 'series' in $tree (run make tree)"
[ -z "$(git -C "$tree" status --porcelain --untracked-files=no)" ] ||
	die "$tree has local edits; reset it first (git -C $tree reset --hard)"
arches=$(lava_mx arches)
cycles=$(lava_mx cycles)
smp=$(lava_mx smp)

restore() {
	lava_qmp_stop
	# shellcheck disable=SC2046
	kill $(cat "$work"/*.pid 2>/dev/null) 2>/dev/null || true
	git -C "$tree" checkout -q series 2>/dev/null || true
}
trap restore EXIT
trap 'restore; exit 130' INT TERM
rm -rf "$out" "$work"
mkdir -p "$out" "$work/disks" "$work/qmp"
DISKS=$work/disks
LAVA_QMP=$work/qmp
lava_matrix_plan "$tree" > "$work/plan"
total=$(wc -l < "$work/plan")
narch=$(echo $arches | wc -w)
t0=$(date +%s)

while read -r n c b; do
	short=$(echo "$c" | cut -c1-12)
	git -C "$tree" checkout -q --detach "$c"
	for arch in $arches; do
		run=$work/$n-$arch
		mkdir -p "$run"
		echo "lava-matrix: [$n/$total] $arch: build $short" >&2
		s=$(date +%s)
		st=FAIL why= brc=0
		"$here/pipeline/build-kernel.sh" "$arch" "$build" > "$run/build.out" 2>&1 || brc=$?
		if [ "$brc" = 3 ]; then
			st=skip why=$(grep -m1 'not defined in this tree' "$run/build.out" | sed 's/^build-kernel: //')
		elif [ "$brc" = 0 ] &&
		     "$here/pipeline/build-modules.sh" "$arch" "$build" >> "$run/build.out" 2>&1 &&
		     "$here/pipeline/mkinitramfs.sh" "$arch" "$build" >> "$run/build.out" 2>&1; then
			st=ok
		else
			why="does not build: $(grep -m1 -E 'error|failed' "$run/build.out" || true)"
		fi
		printf '%s\t%s\t%s\n' "$st" "$(( $(date +%s) - s ))" "$why" > "$run/build"
		[ "$st" = ok ] || continue
		arch_set "$arch"
		a=$build/lava/artifacts/$n/$arch
		mkdir -p "$a"
		cp "$build/$arch/$image" "$build/initramfs/$arch.cpio" "$a/"
		mode_meta "$arch" "$tree" "$c" "$cycles" 2 "$smp" "$b" > "$run/meta"
		jobs=
		for mode in $b; do
			lava_job "$run/$mode.yaml" "$run/meta" "$mode" "file://$a/$(basename "$image")" "file://$a/$arch.cpio" \
				"file://$DISKS" "syscore matrix $n $arch $mode $short"
			jobs="$jobs $run/$mode.yaml"
		done
		for j in $jobs; do lava_qmp_watch "$j"; done
		date +%s > "$run/submitted"
		# shellcheck disable=SC2086
		$PY "$LAVA/lab.py" "$url" "$token" "$run/jobs" $jobs > "$run/lab.out" 2>&1 &
		echo $! > "$work/$n-$arch.pid"
	done
done < "$work/plan"
git -C "$tree" checkout -q series
echo "lava-matrix: every commit built and submitted after $(( $(date +%s) - t0 )) s; waiting for the jobs" >&2
for p in "$work"/*.pid; do
	[ -f "$p" ] || continue
	wait "$(cat "$p")" 2>/dev/null || true
	rm -f "$p"
done
lava_qmp_stop

# judge: per commit and arch, check-boot.sh on the rebuilt results dir
. "$TOP/boot-tests/suites/matrix-table.sh"
columns=$(table_columns $(lava_mx boots) $(lava_mx core_boots))
printf 'arch=%s\ncommit=%s\ncycles=%s\nsmp=%s\nlava_url=%s\n' "$arches" "$(git -C "$tree" rev-parse series)" "$cycles" "$smp" "$url" > "$out/meta"
ktap_start "$out" $((total * narch)) "LAVA build and boot matrix: $total commits x $narch arches through $url"
{
	echo "# Build and boot matrix through LAVA"
	echo
	echo "Boots per step as suites/matrix.sh ($cycles suspend cycles, SMP=$smp), run as LAVA jobs; skip: did not run."
	echo
	table_head "$columns"
} > "$out/matrix.md"
echo "[" > "$out/matrix.json.tmp"
sep=
while read -r n c b; do
	short=$(echo "$c" | cut -c1-12)
	subj=$(git -C "$tree" log -1 --format=%s "$c")
	for arch in $arches; do
		run=$work/$n-$arch
		IFS='	' read -r st bsec why < "$run/build"
		res=$out/$n-$arch
		sec=$bsec
		if [ "$st" = ok ]; then
			dirs=
			for mode in $b; do
				j=$run/jobs/$mode
				if [ -f "$j.log" ]; then
					$PY "$LAVA/collect.py" "$run/$mode.yaml" "$j.log" "$run/$mode.res" "$(lava_qmp_base "$run/$mode.yaml").wake"
					dirs="$dirs $run/$mode.res"
				else
					[ -n "$why" ] || why="$mode: no log from LAVA: $(cut -f2- "$j.status" 2>/dev/null || echo 'not submitted')"
				fi
			done
			# shellcheck disable=SC2086
			lava_assemble "$res" "$arch" $dirs
			grep -q '^boots=' "$res/meta" && [ -n "$dirs" ] || cp "$run/meta" "$res/meta"
			crc=0
			KTAP_PREFIX=$arch. "$here/boot/check-boot.sh" "$res" > "$res/ktap.txt" 2>&1 || crc=$?
			[ "$crc" = 0 ] || [ -n "$why" ] || why=$(ktap_first_failure "$res/ktap.txt")
			[ "$crc" = 0 ] || [ -n "$why" ] || why="check-boot.sh failed (status $crc)"
			sec=$(( bsec + $(stat -c %Y "$run/jobs" 2>/dev/null || date +%s) - $(cat "$run/submitted") ))
		else
			mkdir -p "$res"
			: > "$res/results.tsv"
		fi
		t=$res/results.tsv
		boot=$(col "$t" boot)
		mcols= mjson=
		for m in $columns; do
			case " $b " in
			*" $m "*) v=$( [ -f "$res/meta" ] && { mode_context "$res/meta"; mode_load "$m"; cols "$t" $(mode_checks); } || echo skip) ;;
			*) v=skip ;;
			esac
			mcols="$mcols $v |" mjson="$mjson\"$m\": \"$v\", "
		done
		ok=1
		if [ "$st" = skip ]; then
			ok=skip
			ktap_skip "$arch $short $subj" "$sec" "$why"
		else
			[ -z "$why" ] || ok=0
			ktap_result "$arch $short $subj" "$sec" "$why"
		fi
		printf '| %s | %s | %s | %s | skip | %s | skip | %s |%s %s |\n' "$n" "$short" "$subj" "$arch" "$st" "$boot" "$mcols" "$sec" >> "$out/matrix.md"
		printf '%s  {"n": %s, "commit": "%s", "subject": "%s", "arch": "%s", "checkpatch": "skip", "build": "%s", "warnings": "skip", "boot": "%s", %s"cycles": %s, "build_seconds": %s, "seconds": %s, "ok": "%s", "lava_jobs": "%s"}' \
			"$sep" "$n" "$c" "$(echo "$subj" | sed 's/["\\]/\\&/g')" "$arch" "$st" "$boot" "$mjson" "$cycles" "$bsec" "$sec" "$ok" \
			"$(cat "$run"/jobs/*.id 2>/dev/null | tr '\n' ' ' | sed 's/ $//')" >> "$out/matrix.json.tmp"
		sep=",
"
	done
done < "$work/plan"
printf '\n]\n' >> "$out/matrix.json.tmp"
mv "$out/matrix.json.tmp" "$out/matrix.json"
echo "seconds=$(( $(date +%s) - t0 ))" >> "$out/meta"
echo "lava-matrix: table in $out/matrix.md ($(( $(date +%s) - t0 )) s)" >&2
ktap_end

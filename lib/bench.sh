#!/bin/sh
# bench.sh - measure the pipeline's speed; numbers into BUILD_DIR/bench.json.
#
# Usage: bench.sh BUILD_DIR
# A benchmark, not a test: it fails only if a step fails to run.  Kernel
# builds go one at a time (two cores).  Its own build dirs are under
# BUILD_DIR/bench; the kernel tree is BUILD_DIR/linux.
#  1. per arch, the tip of the series: a build from scratch with ccache
#     off, the same from scratch with ccache on (the cache the pipeline's
#     own builds filled), the rebuild after touching
#     kernel/time/timekeeping.c, modules + initramfs, boot -> 10 cycles ->
#     poweroff (no hibernation, the default wake plan: one RTC and one
#     alarm timer cycle, eight woken fast), boot -> 1 cycle -> poweroff,
#     and hibernate + restore; each beside its floor measured in the same
#     run, as a ratio: the rebuild beside a rebuild with nothing changed,
#     the boots beside a bare boot -> poweroff (no cycle);
#  2. the bisect step on every commit of the series: incremental build +
#     modules + initramfs + boot -> 1 cycle -> poweroff (matrix.sh with
#     MATRIX_CYCLES=1 MATRIX_BOOTS=suspend MATRIX_CORE_BOOTS= MATRIX_PARALLEL=0:
#     one step after the other, as bisect runs them), median and max per arch, and
#     the median's ratio to the from-scratch build;
#  3. the semantic patch: report scan of the whole vanilla tree, of the
#     whole corpus (CORPUS, default ../shared/tree-2.6.38, when there),
#     the conversion run on the baseline, and the corpus score
#     (cocci/tests/score-corpus.sh: fields, exact, keep, wrong edits, missing
#     headers, new unparsable lines, and its timed convert-tree.sh run);
#     on the whole tree (6.1 and the corpus laid over it, as make
#     check-three-ways builds it): every way a user runs the semantic
#     patch, side by side, each as a ratio to convert-tree.sh on the
#     same tree in the same run (its floor), and the 6.1 tree alone;
#  4. make check from a fresh clone of this repository (committed HEAD),
#     with an empty ccache, as a new machine would run it (about 30 min;
#     BENCH_FRESH=0 leaves it out);
#  5. the full matrix (make matrix: 2 cycles and the module boot per
#     commit) wall time: the one the fresh clone's make check ran, else
#     the last one of this series in BUILD_DIR/results/matrix, else run now.
#  6. LAVA (boot-tests/lava/bench.sh): lava-up from nothing, the tip job
#     (boot -> 10 suspend cycles -> power-off) and lava-check's suspend
#     job submit to verdict, the full matrix through two workers.
# Then the goals of lib/goals next to the numbers (the corpus
# ones are issue 18's on tree-2.6.38, not make check's floors).
set -eu

build=${1:?usage: bench.sh BUILD_DIR}
. "$(dirname "$0")/common.sh"
here=$TOP/boot-tests
top=$TOP
build=$(cd "$build" && pwd)
tree=$build/linux
bench=$build/bench
mkdir -p "$bench"
for l in linux deps; do ln -sfn "../$l" "$bench/$l"; done

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
# ccache hits and misses so far (direct + preprocessed)
cstat() { ccache --print-stats 2>/dev/null | awk '$1 ~ /^(direct|preprocessed)_cache_hit$/ { h += $2 } $1 == "cache_miss" { m = $2 } END { print h + 0, m + 0 }'; }
# ratio A B: A over its floor B, 2 decimals ("null" without a floor)
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "null" }'; }
# median and max of the numbers on stdin
medmax() { sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)], v[NR], NR; else print "null null 0" }'; }

git -C "$tree" rev-parse -q --verify refs/heads/series >/dev/null || die "no branch 'series' in $tree (run make tree)"
series=$(git -C "$tree" rev-parse series)
json=$bench/bench.json.tmp
{
	echo "{"
	echo "  \"commit\": \"$series\","
	echo "  \"describe\": \"$(git -C "$tree" describe --tags series)\","
	echo "  \"repo_commit\": \"$(git -C "$top" rev-parse HEAD)\","
	echo "  \"date\": \"$(date -u +%Y-%m-%dT%H:%M:%SZ)\","
	echo "  \"cpus\": $(nproc),"
} > "$json"

# --- 1. the tip, per arch ----------------------------------------------------
for arch in $ARCHES; do
	echo "bench: $arch: build from scratch, ccache off (2-4 min)"
	rm -rf "${bench:?}/$arch" "$bench/$arch.kconfig"
	t=$(now); CCACHE_DISABLE=1 "$here/pipeline/build-kernel.sh" "$arch" "$bench" > "$bench/$arch.full.log" 2>&1 ||
		die "$arch: build failed, see $bench/$arch.full.log"
	full=$(since "$t")

	echo "bench: $arch: build from scratch, ccache on"
	rm -rf "${bench:?}/$arch" "$bench/$arch.kconfig"
	set -- $(cstat)
	t=$(now); "$here/pipeline/build-kernel.sh" "$arch" "$bench" > "$bench/$arch.ccache.log" 2>&1 ||
		die "$arch: build failed, see $bench/$arch.ccache.log"
	cc=$(since "$t")
	set -- $(cstat) "$@"
	hits=$(($1 - $3)) misses=$(($2 - $4))

	echo "bench: $arch: rebuild after touching kernel/time/timekeeping.c"
	touch "$tree/kernel/time/timekeeping.c"
	t=$(now); "$here/pipeline/build-kernel.sh" "$arch" "$bench" > "$bench/$arch.rebuild.log" 2>&1 ||
		die "$arch: rebuild failed, see $bench/$arch.rebuild.log"
	incr=$(since "$t")

	echo "bench: $arch: rebuild with nothing changed (the rebuild's floor)"
	t=$(now); "$here/pipeline/build-kernel.sh" "$arch" "$bench" > "$bench/$arch.noop.log" 2>&1 ||
		die "$arch: no-change rebuild failed, see $bench/$arch.noop.log"
	noop=$(since "$t")

	echo "bench: $arch: test modules and initramfs"
	t=$(now)
	"$here/pipeline/build-modules.sh" "$arch" "$bench" > "$bench/$arch.initramfs.log" 2>&1 &&
	"$here/pipeline/mkinitramfs.sh" "$arch" "$bench" >> "$bench/$arch.initramfs.log" 2>&1 ||
		die "$arch: modules/initramfs failed, see $bench/$arch.initramfs.log"
	initrd=$(since "$t")

	echo "bench: $arch: boot -> poweroff, no cycle (the boots' floor)"
	RESULTS=$bench/results/$arch-0 BOOTS=suspend CYCLES=0 HIBERNATE_CORE=0 "$here/boot/boot-test.sh" "$arch" "$bench" > /dev/null 2>&1 || true
	bare=$(cat "$bench/results/$arch-0/suspend.seconds")

	echo "bench: $arch: boot -> 10 cycles -> poweroff"
	RESULTS=$bench/results/$arch-10 BOOTS=suspend CYCLES=10 HIBERNATE_CORE=0 "$here/boot/boot-test.sh" "$arch" "$bench" > /dev/null 2>&1 || true
	ten=$(cat "$bench/results/$arch-10/suspend.seconds")
	bad10=$(grep -c '^not ok' "$bench/results/$arch-10/ktap.txt" || true)

	echo "bench: $arch: boot -> 1 cycle -> poweroff"
	RESULTS=$bench/results/$arch-1 BOOTS=suspend CYCLES=1 "$here/boot/boot-test.sh" "$arch" "$bench" > /dev/null 2>&1 || true
	one=$(cat "$bench/results/$arch-1/suspend.seconds")
	bad1=$(grep -c '^not ok' "$bench/results/$arch-1/ktap.txt" || true)

	echo "bench: $arch: hibernate (write the image, power off) + restore"
	RESULTS=$bench/results/$arch-hib BOOTS=hibernate "$here/boot/boot-test.sh" "$arch" "$bench" > /dev/null 2>&1 || true
	hib=$(cat "$bench/results/$arch-hib/hibernate.seconds" 2>/dev/null || echo null)
	res=$(cat "$bench/results/$arch-hib/restore.seconds" 2>/dev/null || echo null)
	badh=$(grep -c '^not ok' "$bench/results/$arch-hib/ktap.txt" || true)

	r_incr=$(ratio "$incr" "$noop") r_ten=$(ratio "$ten" "$bare") r_one=$(ratio "$one" "$bare")
	echo "bench: $arch: scratch ${full}s, scratch+ccache ${cc}s ($hits hits, $misses misses), modules+initramfs ${initrd}s, hibernate ${hib}s + restore ${res}s"
	echo "bench: $arch: rebuild ${incr}s = ${r_incr}x a no-change rebuild (${noop}s)"
	echo "bench: $arch: boot -> 10 cycles -> poweroff ${ten}s = ${r_ten}x a bare boot -> poweroff (${bare}s); 1 cycle ${one}s = ${r_one}x"
	printf '  "%s": {"full_build_s": %s, "full_build_ccache_s": %s, "ccache_hits": %s, "ccache_misses": %s, "rebuild_touch_timekeeping_s": %s, "rebuild_noop_s": %s, "rebuild_ratio": %s, "modules_initramfs_s": %s, "boot_bare_poweroff_s": %s, "boot_10_cycles_poweroff_s": %s, "boot_10_ratio": %s, "failed_checks_10": %s, "boot_1_cycle_poweroff_s": %s, "boot_1_ratio": %s, "failed_checks_1": %s, "hibernate_s": %s, "restore_s": %s, "failed_checks_hibernate": %s},\n' \
		"$arch" "$full" "$cc" "$hits" "$misses" "$incr" "$noop" "$r_incr" "$initrd" "$bare" "$ten" "$r_ten" "$bad10" "$one" "$r_one" "$bad1" "$hib" "$res" "$badh" >> "$json"
	eval "ten_ratio_$arch=$r_ten ten_$arch=$ten"
	eval "full_$arch=$full"
done

# --- 2. the bisect step on every commit -------------------------------------
echo "bench: bisect step (build + boot -> 1 cycle -> poweroff) on every commit, both arches (about 15 min)"
t=$(now)
MATRIX_PARALLEL=0 MATRIX_CYCLES=1 MATRIX_BOOTS=suspend MATRIX_CORE_BOOTS= "$here/suites/matrix.sh" "$bench" > "$bench/steps.log" 2>&1 ||
	die "the step walk did not finish, see $bench/steps.log"
walk=$(since "$t")
sj=$bench/results/matrix/matrix.json
for arch in $ARCHES; do
	# a commit the arch cannot be configured at (SKIP) is not a step
	set -- $(grep "\"arch\": \"$arch\"" "$sj" | grep -v '"ok": "skip"' |
		sed -n 's/.*"seconds": \([0-9]*\).*/\1/p' | medmax)
	med=$1 max=$2 cnt=$3
	nok=$(grep -c "\"arch\": \"$arch\".*\"ok\": \"0\"" "$sj" || true)
	eval "full=\$full_$arch"
	ratio=$(awk -v m="$med" -v f="$full" 'BEGIN { printf "%.2f", m / f }')
	echo "bench: $arch: step median ${med}s, max ${max}s over $cnt commits ($nok failed), ${ratio} of a build from scratch (${full}s)"
	printf '  "step_%s": {"commits": %s, "median_s": %s, "max_s": %s, "failed": %s, "median_over_full_build": %s},\n' \
		"$arch" "$cnt" "$med" "$max" "$nok" "$ratio" >> "$json"
	eval "med_$arch=$med"
done
printf '  "step_walk_s": %s,\n' "$walk" >> "$json"

# --- 3. the semantic patch -----------------------------------------------------
vanilla=$bench/vanilla
git -C "$tree" worktree prune
[ -d "$vanilla" ] || git -C "$tree" worktree add -q --detach "$vanilla" "$PRISTINE"
echo "bench: report-mode scan of the whole vanilla 6.1 tree (cocci/tools/scan.sh)"
t=$(now); "$top/cocci/tools/scan.sh" "$vanilla" report > "$bench/scan-vanilla.txt"; scan=$(since "$t")
nrep=$(grep -c . "$bench/scan-vanilla.txt" || true)
echo "bench: conversion run on the baseline (cocci/tools/make-conversions.sh)"
t=$(now); "$top/cocci/tools/make-conversions.sh" "$build" "$bench/conversions" > /dev/null; conv=$(since "$t")
corpus=${CORPUS:-$top/../shared/tree-2.6.38}
cscan=null ncrep=null
if [ -d "$corpus/pre" ]; then
	echo "bench: report-mode scan of the whole corpus ($corpus/pre, cocci/tools/scan.sh)"
	t=$(now); "$top/cocci/tools/scan.sh" "$corpus/pre" report > "$bench/scan-corpus.txt"; cscan=$(since "$t")
	ncrep=$(grep -c . "$bench/scan-corpus.txt" || true)
fi
echo "bench: scan ${scan}s ($nrep reports), corpus scan ${cscan}s ($ncrep reports), conversions ${conv}s"
printf '  "cocci": {"scan_vanilla_report_s": %s, "scan_vanilla_reports": %s, "scan_corpus_report_s": %s, "scan_corpus_reports": %s, "make_conversions_s": %s},\n' \
	"$scan" "$nrep" "$cscan" "$ncrep" "$conv" >> "$json"
# the corpus score (cocci/tests/score-corpus.sh: convert-tree.sh + git am, vs
# upstream's post/)
cf=null ce=null cn=null ck=null cu=null cs=null cw=null ch=null cp=null cwarn=null cconv=null
if [ -d "$corpus/pre" ]; then
	echo "bench: corpus score (cocci/tests/score-corpus.sh)"
	"$top/cocci/tests/score-corpus.sh" "$corpus" "$bench/corpus" > "$bench/corpus.log" 2>&1 || true
	sv() { v=$(sed -n "s/^$1=//p" "$bench/corpus/scores.txt" 2>/dev/null); echo "${v:-null}"; }
	cf=$(sv fields) ce=$(sv exact) cn=$(sv convert) ck=$(sv keep) cu=$(sv keep_untouched)
	cs=$(sv keep_silent) cw=$(sv wrong) ch=$(sv missing_headers) cp=$(sv unparsable) cwarn=$(sv warnings)
	cconv=$(sed -n 's/^convert_seconds=//p' "$bench/corpus/meta" 2>/dev/null); cconv=${cconv:-null}
	echo "bench: corpus: convert-tree.sh on the whole corpus ${cconv}s"
	echo "bench: corpus: fields $cf, exact $ce of $cn; keep untouched $cu, silent $cs of $ck; wrong $cw, missing headers $ch, new unparsable lines $cp, warnings $cwarn"
fi
printf '  "corpus": {"convert": %s, "fields": %s, "exact": %s, "keep": %s, "keep_untouched": %s, "keep_silent": %s, "wrong_edits": %s, "missing_headers": %s, "new_unparsable_lines": %s, "spatch_warnings": %s, "convert_tree_s": %s},\n' \
	"$cn" "$cf" "$ce" "$ck" "$cu" "$cs" "$cw" "$ch" "$cp" "$cwarn" "$cconv" >> "$json"

# the whole tree: every way, timed by check-three-ways.sh, next to
# convert-tree.sh on the same tree in the same run
wt() { v=$(sed -n "s/^$1_seconds=//p" "$bench/three-ways/meta" 2>/dev/null); echo "${v:-null}"; }
wt_conv=null wt_worst=null wt_v61=null
if [ -d "$corpus/pre" ]; then
	echo "bench: the whole tree (6.1 + the corpus): every way (cocci/tests/check-three-ways.sh, about 4 min)"
	"$top/cocci/tests/check-three-ways.sh" "$tree" "$corpus/pre" "$bench/three-ways" > "$bench/three-ways.log" 2>&1 || true
	wt_conv=$(wt readme_convert_tree) wt_v61=$(wt no_sysdev_report)
	wt_worst=0
	printf '  "whole_tree": {"convert_tree_s": %s, "v61_report_s": %s' "$wt_conv" "$wt_v61" >> "$json"
	for way in readme_spatch_patch readme_spatch_report readme_coccicheck_patch readme_coccicheck_report readme_scan jobs2_elsewhere; do
		v=$(wt $way)
		r=$(awk -v v="$v" -v c="$wt_conv" 'BEGIN { if (v == "null" || c == "null" || c == 0) print "null"; else printf "%.2f", v / c }')
		echo "bench: whole tree: $way ${v}s, ${r} x convert-tree.sh (${wt_conv}s)"
		printf ', "%s_s": %s, "%s_ratio": %s' "$way" "$v" "$way" "$r" >> "$json"
		wt_worst=$(awk -v w="$wt_worst" -v r="$r" 'BEGIN { print (r == "null" || w == "null") ? "null" : (r > w ? r : w) }')
	done
	bad=$(ktap_first_failure "$bench/three-ways.log")
	echo "bench: whole tree: 6.1 alone, report mode ${wt_v61}s${bad:+; a check failed: $bad}"
	printf '},
' >> "$json"
fi

# --- 4. make check from a fresh clone ---------------------------------------
fresh=null fres=
if [ "${BENCH_FRESH:-1}" != 0 ]; then
	[ -z "$(git -C "$top" status --porcelain --untracked-files=no)" ] ||
		echo "bench: note: $top has uncommitted changes; the clone has only what is committed"
	rm -rf "$bench/fresh" "$bench/fresh-ccache"
	git clone -q "$top" "$bench/fresh"
	echo "bench: make check in a fresh clone ($bench/fresh), empty ccache (about 30 min; log $bench/fresh-check.log)"
	t=$(now)
	(cd "$bench/fresh" && env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS CCACHE_DIR="$bench/fresh-ccache" \
		CORPUS="$corpus" make check > "$bench/fresh-check.log" 2>&1) || true
	fresh=$(since "$t")
	fres=$(grep -E "^[0-9]+ passed, [0-9]+ failed$" "$bench/fresh-check.log" | tail -1)
	[ -n "$fres" ] || fres="no totals line: $(tail -1 "$bench/fresh-check.log")"
	echo "bench: fresh clone make check ${fresh}s: $fres"
	# the clone's kernel tree and build dirs are big; keep the logs
	rm -rf "$bench/fresh-results"
	cp -r "$bench/fresh/build/results" "$bench/fresh-results" 2>/dev/null || true
	rm -rf "$bench/fresh" "$bench/fresh-ccache"
fi
printf '  "fresh_clone_make_check": {"wall_s": %s, "result": "%s"},\n' "$fresh" "$fres" >> "$json"

# --- 5. the full matrix --------------------------------------------------------
# The fresh clone's make check has just run one; without it, the last one
# of this series in BUILD_DIR/results/matrix, else one now.
mm=$bench/fresh-results/matrix/meta
if [ "$fresh" != null ] && [ -f "$mm" ] && grep -q '^seconds=' "$mm"; then
	src="the fresh clone's make check"
else
	mm=$build/results/matrix/meta
	if [ -f "$mm" ] && grep -qx "commit=$series" "$mm" && grep -q '^seconds=' "$mm"; then
		src="the last make matrix / make check of this series in $build"
	else
		echo "bench: full matrix (make matrix, about 17 min)"
		"$here/suites/matrix.sh" "$build" > "$bench/matrix.log" 2>&1 || true
		src="run by bench"
	fi
fi
mj=$(dirname "$mm")/matrix.json
mwall=$(sed -n 's/^seconds=//p' "$mm" 2>/dev/null); mwall=${mwall:-null}
mok=$(grep -c '"ok": "1"' "$mj" 2>/dev/null || true)
mall=$(grep -c '"ok": ' "$mj" 2>/dev/null || true)
echo "bench: full matrix ${mwall}s ($mok of $mall steps ok; from $src)"
printf '  "matrix": {"wall_s": %s, "steps": %s, "ok": %s, "source": "%s"},\n' "$mwall" "$mall" "$mok" "$src" >> "$json"

# --- 6. LAVA -------------------------------------------------------------------
"$here/lava/bench.sh" "$build" > "$bench/lava.txt" || true
lv() { v=$(sed -n "s/^$1=//p" "$bench/lava.txt"); echo "${v:-null}"; }
echo "bench: LAVA: up $(lv lava_up_fresh_s)s, tip job $(lv lava_job_s)s (its boot $(lv lava_job_boot_s)s, local $(lv local_boot_s)s), lava-check's suspend job $(lv lava_suspend_job_s)s (local $(lv local_suspend_boot_s)s), matrix $(lv lava_matrix_s)s (local $(lv matrix_s)s)"
printf '  "lava": {"up_fresh_s": %s, "tip_job_s": %s, "tip_job_boot_s": %s, "local_boot_s": %s, "suspend_job_s": %s, "local_suspend_boot_s": %s, "matrix_s": %s, "local_matrix_s": %s},\n' \
	"$(lv lava_up_fresh_s)" "$(lv lava_job_s)" "$(lv lava_job_boot_s)" "$(lv local_boot_s)" "$(lv lava_suspend_job_s)" "$(lv local_suspend_boot_s)" "$(lv lava_matrix_s)" "$(lv matrix_s)" >> "$json"

# --- goals ---------------------------------------------------------------------
# one goal: "met" (true, false or null when not measured), the line,
# and the JSON fields after the name
goal_put() { # met name text json
	case $1 in true) w=met ;; null) w="not measured" ;; *) w="NOT MET" ;; esac
	echo "bench: goal $2: $3: $w"
	printf '%s    {"goal": "%s", %s, "met": %s}' "$gsep" "$2" "$4" "$1" >> "$json"
	gsep=",
"
}
# one goal of lib/goals against its measured value
goal() { # name value [all]
	c=$(goal_cmp "$1"); b=$(goal_bound "$1")
	[ "$b" != all ] || b=$3
	u=; case $1 in *" s") u=" s" ;; esac
	goal_put "$(goal_met "$1" "$2" "${3:-}")" "$1" "$2$u ($c $b$u)" \
		"\"value\": $2, \"$([ "$c" = ">=" ] && echo min || echo max)\": $b"
}
gsep=
echo '  "goals": [' >> "$json"
goal "step median x86_64 s" "$med_x86_64"
goal "step median arm s" "$med_arm"
goal "full matrix s" "$mwall"
goal "boot 10 cycles over bare x86_64" "$ten_ratio_x86_64"
goal "boot 10 cycles over bare arm" "$ten_ratio_arm"
goal "boot 10 cycles x86_64 s" "$ten_x86_64"
goal "fresh clone make check s" "$fresh"
goal "corpus report scan s" "$cscan"
goal "corpus convert s" "$cconv"
goal "whole tree way over convert-tree" "$wt_worst"
goal "whole 6.1 tree report s" "$wt_v61"
if [ "$cf" != null ]; then
	goal "corpus fields" "$cf"
	goal "corpus exact" "$ce"
	goal "corpus keep untouched" "$cu" "$ck"
	goal "corpus keep silent" "$cs" "$ck"
	goal "corpus wrong edits" "$cw"
	goal "corpus missing headers" "$ch"
	goal "corpus new unparsable lines" "$cp"
	goal "corpus spatch warnings" "$cwarn"
fi
goal "LAVA up fresh s" "$(lv lava_up_fresh_s)"
goal "LAVA tip job s" "$(lv lava_job_s)"
[ "$(lv matrix_s)" = null ] || goal "LAVA matrix s" "$(lv lava_matrix_s)" "$(lv matrix_s)"
printf '\n  ]\n}\n' >> "$json"
mv "$json" "$build/bench.json"
echo "bench: numbers in $build/bench.json"

# lava/lib.sh - what the LAVA scripts share (sourced after lib/common.sh).
#
#   LAVA        this directory
#   PY          /usr/bin/python3 (lava_common is Debian's; another python3
#               may come first on PATH)
#   lava_need CMD...           the Debian packages behind CMD..., installed
#                              when root, else the apt-get line and exit 2
#   lava_job OUT META MODE KURL IURL DURL NAME
#                              OUT: the LAVA job of one boot mode in the
#                              context of META (mode.sh's mode_meta), from
#                              boots.sh (the mode's host.sh); the scratch
#                              disks it names are made in $DISKS (a dir)
#                              as FILE.gz, served at DURL/FILE.gz
#   lava_artifacts BUILD ARCH  prints "KERNEL INITRD" of ARCH under BUILD,
#                              or dies naming the one missing
LAVA=$TOP/boot-tests/lava
PY=/usr/bin/python3

lava_need() {
	_miss=
	for _c in "$@"; do
		case $_c in
		lava-run) command -v lava-run >/dev/null && $PY -c 'import lava_common' 2>/dev/null ||
				_miss="$_miss lava-dispatcher lava-common" ;;
		lavacli) command -v lavacli >/dev/null || _miss="$_miss lavacli" ;;
		lava-server) [ -x /usr/bin/lava-server ] && [ -f /usr/share/lava-server/device-types/qemu.jinja2 ] ||
				_miss="$_miss lava-server" ;;
		pg) ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || _miss="$_miss postgresql" ;;
		esac
	done
	[ -n "$_miss" ] || return 0
	_line="apt-get install -y --no-install-recommends$_miss"
	if [ "$(id -u)" = 0 ]; then
		echo "${prog:-lava}: installing:$_miss" >&2
		DEBIAN_FRONTEND=noninteractive $_line > /tmp/lava-apt.$$.log 2>&1 ||
			{ tail -5 /tmp/lava-apt.$$.log >&2; rm -f /tmp/lava-apt.$$.log; die "$_line failed"; }
		rm -f /tmp/lava-apt.$$.log
	else
		echo "${prog:-lava}: missing packages; as root run: $_line" >&2
		exit 2
	fi
}

lava_job() { # out meta mode kurl iurl durl name
	_b=$("$LAVA/boots.sh" "$2" "$3")
	[ -z "${DISKS:-}" ] || echo "$_b" | awk -F'\t' '$1 == "disk"' | sort -u | while IFS='	' read -r _ _f _n; do
		[ -f "$DISKS/$_f.gz" ] && [ "$(cat "$DISKS/$_f.size" 2>/dev/null)" = "$_n" ] && continue
		rm -f "$DISKS/$_f"
		truncate -s "$_n" "$DISKS/$_f"
		gzip -1 -c "$DISKS/$_f" > "$DISKS/$_f.gz"
		rm -f "$DISKS/$_f"
		echo "$_n" > "$DISKS/$_f.size"
	done
	_q=$(lava_qmp_opt "$1" "$(sed -n 's/^arch=//p' "$2")")
	echo "$_b" | $PY "$LAVA/jobgen.py" --mode "$3" --kernel-url "$4" --initrd-url "$5" \
		--disk-url "$6" --name "$7" ${_q:+--extra-option "$_q"} > "$1.tmp"
	mv "$1.tmp" "$1"
}

lava_artifacts() { # build arch
	arch_set "$2"
	[ -f "$1/$2/$image" ] || die "no kernel $1/$2/$image (make kernel-$2)"
	[ -f "$1/initramfs/$2.cpio" ] || die "no initramfs $1/initramfs/$2.cpio (make initramfs-$2)"
	echo "$1/$2/$image $1/initramfs/$2.cpio"
}

# lava_assemble RES ARCH MODE_DIR...: one results dir as boot-test.sh
# leaves it, from collect.py's dir of each mode's job (meta: the first's,
# boots: every mode's, in order)
lava_assemble() { # res arch dirs...
	_res=$1 _arch=$2
	shift 2
	rm -rf "$_res.tmp"
	mkdir -p "$_res.tmp"
	_boots=
	for _d in "$@"; do
		[ -f "$_d/meta" ] || continue
		[ -f "$_res.tmp/meta" ] || grep -v '^boots=' "$_d/meta" > "$_res.tmp/meta"
		_boots="$_boots${_boots:+ }$(sed -n 's/^boots=//p' "$_d/meta")"
		for _f in "$_d"/*.log "$_d"/*.rc "$_d"/*.seconds "$_d"/*.wake; do
			[ ! -f "$_f" ] || cp "$_f" "$_res.tmp/"
		done
	done
	echo "boots=$_boots" >> "$_res.tmp/meta"
	rm -rf "$_res"
	mv "$_res.tmp" "$_res"
}

# lava_agree DIR: why LAVA's own results of one job (collect.py's DIR)
# disagree with the serial log our checks read ("" if they agree):
# each run's monitor passed exactly when its log has the line that ends
# a run (jobgen.py's END), and the job completed when every monitor passed
lava_agree() {
	_why=
	for _l in "$1"/*.log; do
		[ -f "$_l" ] || continue
		_n=$(basename "$_l" .log)
		_rc=$(cat "$1/$_n.rc")
		if grep -q -E 'reboot: (Power down|Restarting system|System halted)|Kernel panic - not syncing' "$_l"; then
			[ "$_rc" = 0 ] || _why="${_why:+$_why; }$_n: the log has the run's last line but LAVA's monitor did not pass"
		else
			[ "$_rc" != 0 ] || _why="${_why:+$_why; }$_n: LAVA's monitor passed, but the log has no line that ends a run"
		fi
	done
	_mon=$(awk -F'\t' '$2 == "lava-test-monitor" && $3 != "pass"' "$1/lava.tsv" | wc -l)
	if grep -q '^job pass' "$1/lava-job.txt"; then
		[ "$_mon" = 0 ] || _why="${_why:+$_why; }LAVA's job passed with $_mon monitor(s) failed"
	elif [ "$_mon" = 0 ] && [ -z "$_why" ]; then
		_why="LAVA's job did not pass although every monitor did: $(grep -v '^job' "$1/lava-job.txt" | head -1)"
	fi
	echo "$_why"
}

# The matrix's knobs and which boots each commit gets, as
# suites/matrix.sh decides them: its assignments are read from it (one
# copy), with the same MATRIX_* environment.
lava_mx() { # var: matrix.sh's value of var
	_l=$(sed -n "s/^$1=//p" "$TOP/boot-tests/suites/matrix.sh" | head -1)
	[ -n "$_l" ] || die "suites/matrix.sh has no '$1=' line (the LAVA matrix reads it)"
	eval "echo $_l"
}
# lava_matrix_plan TREE: "N COMMIT BOOTS..." per commit of the matrix
lava_matrix_plan() {
	_boots=$(lava_mx boots); _core=$(lava_mx core_boots); _paths=$(lava_mx core_paths)
	_cs=$(git -C "$1" rev-list --reverse "$PRISTINE..series" | tail -n "${MATRIX_LAST:-1000}")
	_total=$(echo "$_cs" | grep -c . || true)
	_i=0
	for _c in $_cs; do
		_i=$((_i + 1))
		_b=$_boots
		# shellcheck disable=SC2086
		if [ -n "$_core" ] && { [ $_i = 1 ] || [ $_i = "$_total" ] ||
		   [ -n "$(git -C "$1" diff-tree --no-commit-id --name-only -r "$_c" -- $_paths)" ]; }; then
			_b="$_b $_core"
		fi
		echo "$_i $_c $_b"
	done
}

# x86 on this machine: QEMU loses an RTC alarm that comes due while the
# guest enters S3 (boot-test.sh's qmp-wake).  With LAVA_QMP set (a dir;
# jobs whose QEMU runs here: lava-run, the local instance), lava_job
# gives x86 jobs a QMP socket $(lava_qmp_base JOB).sock, lava_qmp_watch follows
# it with qmp-wake into $(lava_qmp_base JOB).wake (collect.py hands that to the
# checks as the first run's NAME.log.wake), lava_qmp_stop ends the
# watchers still running.
lava_qmp_base() { echo "$LAVA_QMP/$(echo "$1" | cksum | cut -d' ' -f1)"; }
lava_qmp_opt() { # job file arch
	[ -n "${LAVA_QMP:-}" ] && [ "$2" = x86_64 ] || return 0
	echo "-qmp unix:$(lava_qmp_base "$1").sock,server=on,wait=off"
}
lava_qmp_watch() { # job file
	[ -n "${LAVA_QMP:-}" ] || return 0
	grep -q -- '-qmp unix:' "$1" || return 0
	_q=$(lava_qmp_base "$1")
	_w=$LAVA_QMP/qmp-wake
	qmp_wake_built "$_w"
	rm -f "$_q.sock" "$_q.wake"
	# the job's plan of wake sources (its st.wake): qmp-wake wakes the
	# suspends it gives to the host
	_p=$(grep -o 'st\.wake=[a-z,]*' "$1" | head -1 | cut -d= -f2)
	# until the job's QEMU made the socket (a queued job may wait)
	( _i=0; while [ ! -S "$_q.sock" ] && [ $_i -lt 9000 ]; do sleep 0.2; _i=$((_i + 1)); done
	  [ -S "$_q.sock" ] && exec "$_w" "$_q.sock" "${WAKE_GRACE:-10}" ${_p:+"$_p"} > "$_q.wake" 2>&1 ) &
	echo $! >> "$LAVA_QMP/pids"
}
lava_qmp_stop() {
	[ -n "${LAVA_QMP:-}" ] && [ -f "$LAVA_QMP/pids" ] || return 0
	# shellcheck disable=SC2046
	kill $(cat "$LAVA_QMP/pids") 2>/dev/null || true
	rm -f "$LAVA_QMP/pids"
}

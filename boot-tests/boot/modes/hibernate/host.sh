# hibernate (host): suspend to disk and back, the seed's other call sites
# of syscore: create_image() (suspend, snapshot, resume), the power-off
# that ends the hibernation (hibernation_platform_enter() on x86, whose
# failure path is tested too; kernel_power_off() on arm), and the restore:
# resume_target_kernel() suspends in the boot kernel, the restored kernel
# resumes.  Two QEMU runs on one scratch disk that this runner creates
# for the run (a sparse file in the results dir, removed afterwards).
# Sourced by boot-test.sh and check-boot.sh; see boot-tests/boot/modes/README.
. "$MODES_DIR/modules/host.sh"

hib_disk_mb=64
# How long the machine stays off between the power-off and the restore
# boot.  The kernel measures the time off in whole RTC seconds, so it may
# count up to a second less than passed; on arm, writing the image,
# starting QEMU again and loading it can take under two seconds, and a
# time off that short may be counted as under the one second
# hibernate.clocks wants (seen: 598 ms).  Off for 3 s, as a machine that
# was really off, it counts at least two.
hib_off_s=3

# The syscore_test suspend callback that fails, and what it records: in
# create_image() under pm_test=core, the syscore op B (as the modules
# mode's fault_syscore); after the image was written (x86 only, in
# hibernation_platform_enter(); 0: none), B again, counted on from the
# callbacks of create_image()'s clean suspend.  At the legacy baseline
# commits the sysdev classes and driver of syscore_test run too.
hib_core_fault() { st_faults | awk '$1 == "fault_syscore" { print $2 }'; }
hib_core_fault_events() { st_faults | awk '$1 == "fault_syscore" { $1 = $2 = ""; sub(/^ +/, ""); print }'; }
hib_platform_fault() {
	if [ "$arch" = x86_64 ]; then
		echo $(( $(st_want_cycle | tr ' ' '\n' | grep -c '^s') + $(hib_core_fault) ))
	else
		echo 0
	fi
}

hib_qemu_disk() { echo "-drive file=$1,format=raw,if=none,id=hd0 -device $virtio_blk,drive=hd0"; }

mode_boot() {
	arch_set "$arch"
	disk=$res/hibernate.img
	rm -f "$disk"
	truncate -s ${hib_disk_mb}M "$disk"
	# shellcheck disable=SC2046
	boot hibernate "${TIMEOUT:-150}" "st.core_fault=$(hib_core_fault) st.platform_fault=$(hib_platform_fault)" \
		$(hib_qemu_disk "$disk")
	echo "boot-test: $arch: the machine stays off for $hib_off_s s" >&2
	sleep "$hib_off_s"
	# shellcheck disable=SC2046
	boot restore "${TIMEOUT:-120}" "st.stage=restore resume=/dev/vda pm_debug_messages" \
		$(hib_qemu_disk "$disk")
	rm -f "$disk"
}

# what the power-off that ends the hibernation does, per arch
hib_disk_mode() { [ "$arch" = x86_64 ] && echo platform || echo shutdown; }
# syscore_test's events from the clear before "disk" to its shutdown
# callback: create_image() suspends and resumes; x86: the platform fault
# (B fails, C is resumed, then the machine powers off anyway); shutdown.
hib_power_off_events() {
	if [ "$(hib_platform_fault)" != 0 ]; then
		echo "$(st_want_cycle) $(hib_core_fault_events) $(st_want_shutdown)"
	else
		echo "$(st_want_cycle) $(st_want_shutdown)"
	fi
}
# The call sites of the expect file's callbacks, in the hibernating
# kernel (after "ST: hibernate: begin") and in the restore boot, as a
# regex on seq.awk's "kinds" line: suspend and resume (create_image(),
# or resume_target_kernel() then the restored kernel), and the shutdown
# of the power-off that ends each boot.  On x86 the hibernating kernel
# may show one more suspend and resume between them: at the baseline
# commits hibernation_platform_enter() suspends the sysdev classes before
# syscore_test's op fails, and resumes them.
hib_sites() { # hibernating|restore
	sd=
	awk '$1 == "ops" && $4 != "-"' "$expect" | grep -q . && sd=" shutdown"
	if [ "$1" = hibernating ] && [ "$(hib_platform_fault)" != 0 ]; then
		echo "^suspend resume( suspend resume)?$sd\$"
	else
		echo "^suspend resume$sd\$"
	fi
}

# the checks, in order: name, the function that judges it
mode_plan() {
	echo hibernate.core_fault hib_check_core_fault
	echo hibernate.core_after_fault hib_check_core_after_fault
	echo hibernate.image_written hib_check_image_written
	echo hibernate.syscore_order_hibernating hib_check_order_hibernating
	echo hibernate.power_off_path hib_check_power_off_path
	echo hibernate.restored hib_check_restored
	echo hibernate.restored_events hib_check_restored_events
	echo hibernate.syscore_order_restore hib_check_order_restore
	echo hibernate.clocks hib_check_clocks
	echo hibernate.poweroff hib_check_poweroff
	echo hibernate.log_clean hib_check_log_clean
}

# what the checks read: both boots' logs, QEMU's status and seconds, why
# a boot did not run to its end, and what the restored system reported
mode_prepare() {
	log=$(log_of hibernate); rc=$(rc_of hibernate); sec=$(sec_of hibernate)
	rlog=$(log_of restore); rrc=$(rc_of restore); rsec=$(sec_of restore)
	tmo=$(timeout_note "$log" "$rc" "$sec")
	[ -n "$tmo" ] || [ "$rc" != missing ] || tmo="QEMU did not run"
	rtmo=$(timeout_note "$rlog" "$rrc" "$rsec")
	[ -n "$rtmo" ] || [ "$rrc" != missing ] || rtmo="QEMU did not run"
	r=$(fact "$rlog" restored)
}

# hib_order NAME LOG FROM SITES: the expect file's callbacks at each call
# site of LOG (after FROM): the sites match the regex SITES, and at the
# first suspend, first resume and the shutdown site each callback ran
# once, in registration order (resume) or its reverse (suspend)
hib_order() {
	awk -v from="$3" -f "$here/boot/modes/hibernate/seq.awk" "$expect" "$2" > "$res/$1.seq"
	got=$(sed -n 's/^kinds *//p' "$res/$1.seq")
	if ! echo "$got" | grep -q -E "$4"; then
		echo "call sites '$got', want /$4/"
		return
	fi
	{ awk -v what=cycles -v cycles=1 -f "$here/boot/syscore-order.awk" "$expect" "$res/$1.seq"
	  case $4 in *shutdown*) awk -v what=shutdown -f "$here/boot/syscore-order.awk" "$expect" "$res/$1.seq" ;; esac
	} | sed -n 's/^fail: //p' | head -1
}

# create_image() with pm_test=core: the K-th syscore suspend callback
# fails with -EBUSY; exactly what was suspended is resumed, and the
# write fails with that error (6.1 lost it: base patch "PM: hibernate:
# Do not lose the error of a failed image creation"); then a clean
# core test passes: the system stays usable.
hib_check_core_fault() {
	why=$(st_judge "$log" core_fault EBUSY 0 "$(hib_core_fault_events)")
	ktap_result "$1" "$sec" "$why" "$(fact "$log" core_fault)" ${why:+"$(tail_of "$log")"}
}
hib_check_core_after_fault() {
	why=$(st_judge "$log" core_after_fault 0 0 "$(st_want_cycle)")
	ktap_result "$1" "$sec" "$why" "$(fact "$log" core_after_fault)"
}

# the image was written and the machine powered off by itself
hib_check_image_written() {
	why=$(ended_by_itself "$log" "$rc" "$sec" "ST: hibernate: begin" "reboot: Power down")
	d=$(fact "$log" disk)
	[ -n "$why" ] || sed -n '/^ST: hibernate: begin/,$p' "$log" | grep -q 'PM: Image saving done' ||
		why="no 'PM: Image saving done' after the hibernation began"
	case " $d " in *" [$(hib_disk_mode)] "*) ;; *) [ -n "$why" ] || why="/sys/power/disk is '$d', want [$(hib_disk_mode)]" ;; esac
	ktap_result "$1" "$sec" "$why" "disk: $d" "$(grep -m1 'PM: hibernation: Wrote' "$log")" ${why:+"$(tail_of "$log")"}
}

hib_check_order_hibernating() {
	why=${tmo:-$(hib_order hibernating "$log" '^ST: hibernate: begin' "$(hib_sites hibernating)")}
	ktap_result "$1" "$sec" "$why" "$(cat "$res/hibernating.seq" 2>/dev/null)"
}

hib_check_power_off_path() {
	got=$(sed -n 's/.*syscore_test: shutdown: //p' "$log" | tail -1)
	why=$tmo
	[ -n "$why" ] || [ "$got" = "$(hib_power_off_events)" ] ||
		why="syscore_test events '$got', want '$(hib_power_off_events)'"
	ktap_result "$1" "$sec" "$why" "platform fault at suspend callback $(hib_platform_fault) (0: none)"
}

# boot 2: the image was restored, /init did not run again, the
# hibernating system went on with the marker it left in memory
hib_check_restored() {
	m1=$(fact "$log" marker)
	why=$rtmo
	if [ -z "$why" ]; then
		if grep -q '^ST: init ' "$rlog"; then
			why="/init ran in the restore boot: $(fact "$rlog" restore)"
		elif ! grep -q 'PM: Image loading done' "$rlog"; then
			why="no 'PM: Image loading done' in the restore boot"
		elif [ -z "$r" ]; then
			why="the restored system reported nothing"
		elif [ "$(echo "$r" | sed 's/^marker=//; s/ online_max=.*//')" != "$m1" ]; then
			why="marker and boot_id after the restore '$(echo "$r" | sed 's/ online_max=.*//')', want 'marker=$m1'"
		fi
	fi
	ktap_result "$1" "$rsec" "$why" "before: $m1" "after: $r" ${why:+"$(tail_of "$rlog")"}
}

# the restored kernel resumed exactly what the hibernating one suspended
hib_check_restored_events() {
	got=${r#*events: }
	why=$rtmo
	[ -n "$why" ] || [ "$got" = "$(st_want_cycle)" ] || why="syscore_test events '$got', want '$(st_want_cycle)'"
	[ -n "$why" ] || echo "$r" | grep -q ' online_max=1 irqs_on=0 ' ||
		why="callbacks ran with $(echo "$r" | grep -o 'online_max=[0-9]* irqs_on=[0-9]*'), want online_max=1 irqs_on=0"
	ktap_result "$1" "$rsec" "$why"
}

hib_check_order_restore() {
	why=${rtmo:-$(hib_order restore "$rlog" '' "$(hib_sites restore)")}
	ktap_result "$1" "$rsec" "$why" "$(cat "$res/restore.seq" 2>/dev/null)"
}

# CLOCK_BOOTTIME - CLOCK_MONOTONIC grew by the time the machine was
# off; CLOCK_MONOTONIC did not; both agree with the RTC to its
# resolution (rtc_disagrees, check-boot.sh), as suspend's sleep_time.
# The host's clock is finer: the machine was off at least from the
# end of the hibernating QEMU to the start of the restoring one (gap,
# ms), and the kernel counts the sleep in whole RTC seconds, so it
# counted more than gap - 1 s (- tol for the host's own readings).
hib_check_clocks() {
	gap=
	if [ -f "$res/hibernate.window" ] && [ -f "$res/restore.window" ]; then
		gap=$(( $(cut -d' ' -f1 "$res/restore.window") - $(cut -d' ' -f2 "$res/hibernate.window") ))
	fi
	l=$(fact "$rlog" hibernate)
	slept=$(echo "$l" | sed -n 's/.*slept_ms=\([0-9-]*\).*/\1/p')
	mono=$(echo "$l" | sed -n 's/.*mono_ms=\([0-9-]*\).*/\1/p')
	r0=$(echo "$l" | sed -n 's/.*rtc_before=\([0-9]*\).*/\1/p')
	r1=$(echo "$l" | sed -n 's/.*rtc_after=\([0-9]*\).*/\1/p')
	tol=100
	why=$rtmo
	if [ -n "$why" ]; then
		:
	elif [ -z "$slept" ] || [ -z "$mono" ] || [ -z "$r0" ] || [ -z "$r1" ]; then
		why="no measurement after the restore: ${l:-no hibernate line}"
	else
		wall=$(( (r1 - r0) * 1000 ))
		if [ "$slept" -lt $((1000 - tol)) ]; then
			why="BOOTTIME-MONOTONIC grew by $slept ms across a power-off and a restore boot, want >= 1000 ms"
		elif [ -n "$gap" ] && [ "$slept" -le $((gap - 1000 - tol)) ]; then
			why="BOOTTIME-MONOTONIC grew by $slept ms, but the machine was off for $gap ms by the host's clock (bound: 1 s, the RTC's resolution, + $tol ms)"
		elif d=$(rtc_disagrees "$slept" "$mono" "$r0" "$r1" "$tol") && [ -n "$d" ]; then
			why=$d
		elif [ "$mono" -ge $((wall - slept + 2000 + tol)) ]; then
			# the RTC difference and the kernel's sleep each have 1 s resolution
			why="CLOCK_MONOTONIC grew by $mono ms: the time off counted as running"
		fi
	fi
	ktap_result "$1" "$rsec" "$why" "$l${gap:+ host_off_ms=$gap}"
}

hib_check_poweroff() {
	why=$(ended_by_itself "$rlog" "$rrc" "$rsec" "ST: poweroff" "reboot: Power down")
	ktap_result "$1" "$rsec" "$why" ${why:+"$(tail_of "$rlog")"}
}

hib_check_log_clean() {
	bad=$( { problems "$log"; problems "$rlog"; } | head -5)
	ktap_result "$1" "$rsec" "${bad:+the log shows a problem: $(echo "$bad" | head -1)}" ${bad:+"$bad"}
}

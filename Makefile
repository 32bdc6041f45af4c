# syscore series: the pipeline, top to bottom.
#
#   packages -> tree (pristine 6.1 + series) -> kernels -> modules -> initramfs
#   -> boot -> report
#
# Targets (every one; a suite's results go to $(BUILD)/results/<target>):
#   make                   the main job: both arches built and boot-tested, report
#   make check             every suite below marked [check]; last line "N passed, N failed"
#   make tests             the [check] suites without the final report
#   make report            the summary of the [check] suites' results (summary.json)
#   make help              this text
#  pipeline (boot-tests/pipeline/)
#   make deps              install missing Debian packages (root), else print the apt-get line
#   make tree              pristine 6.1.192 in $(BUILD)/linux + base-patches/ + conversions/
#   make kernels           both kernels;  make kernel-<arch>   one (x86_64, arm)
#   make modules-<arch>    the test modules (boot-tests/boot/modules/) for one arch
#   make initramfs         both initramfs; make initramfs-<arch> one
#  boot tests (boot-tests/boot/)
#   make boot ARCH=<arch>  build and boot-test one arch;  make boot-<arch>  the same  [check]
#  semantic patches (cocci/)
#   make conversions       regenerate conversions/ with the semantic patches
#   make test-cocci        the fixture tests (real spatch)                            [check]
#   make check-conversions conversions/ is what cocci/ makes, lands on 6.1 + core   [check]
#   make score-corpus      the semantic patches vs upstream on tree-2.6.38           [check]
#   make check-three-ways  the README's commands on a whole tree: one result        [check]
#   make check-series      convert-tree's series: areas, subjects, bodies, To/Cc     [check]
#   make cocci-bad-input   the cocci scripts on bad input (OUT, TREE, names)         [check]
#   cocci/tools/convert-tree.sh TREE OUT   a whole tree into a git am-able series (README)
#   cocci/tools/scan.sh TREE [report|org|context]   report mode on a tree
#  suites (boot-tests/suites/)
#   make bad-input         errors name their cause, the tree stays consistent        [check]
#   make matrix            checkpatch, build and boot every commit, both arches      [check]
#   make bisect-selftest   bisect finds a planted bad commit, one check per mode     [check]
#   make bisect GOOD=<rev> BAD=<rev> ARCH=<arch> [CHECK=<check>]   first bad commit
#   make soak              SOAK_CYCLES suspend cycles + SOAK_HIBERNATE rounds per arch, busy host
#   make bench             benchmark numbers into build/bench.json (not a test)
#  LAVA (boot-tests/lava/, README "LAVA")
#   make lava              the tip's boot modes as LAVA jobs, lava-run here, our checks judge
#   make lava-up           a LAVA instance here (PostgreSQL, server, 2 workers; state in build/lava)
#   make lava-down         stop it: nothing of it left running
#   make lava-matrix       the matrix's jobs through the instance's workers -> results/lava-matrix
#   make lava-submit LAVA_URL=<url> LAVA_TOKEN=<token> ARTIFACTS_URL=<url>   the tip's jobs to a lab
#   make lava-jobs         every tip and matrix job passes LAVA's strict schema      [check]
#   make lava-check        one job per arch through a local server + worker           [check]
#   make clean             drop build output and results, keep the kernel tree
#   make distclean         drop build/ entirely
#
# Knobs (make VAR=value, or in the environment; every one the scripts read):
#   BUILD=dir          build directory (default build): tree, kernels, results
#   ARCH=arch          make boot / make bisect: x86_64 or arm
#   V=1                show kbuild's own lines while a kernel builds
#   PROGRESS=s         otherwise a progress line every s seconds (default 20)
#   CYCLES=n           suspend-to-RAM cycles in the suspend boot (default 10)
#   SMP=n              guest CPUs (default 2)
#   MEM=size           guest memory (default 256M)
#   TIMEOUT=s          hard limit on each QEMU run (default: per boot mode)
#   ALARM=s            RTC wake alarm, seconds after each suspend starts (2)
#   WAKE=w,..          the suspend cycles' wake sources in turn: rtc, alarmtimer,
#                      host (x86_64: QMP system_wakeup), timer (arm: the deep
#                      state's test timer); default rtc,alarmtimer, then 8
#                      host (x86_64) or 8 timer (arm)
#   HIBERNATE_CORE=0   the suspend boot without its pm_test=core hibernation (1)
#   BOOTS="m ..."      boot modes to run (default: all, boot-tests/boot/modes/)
#   RESULTS=dir        results of one boot-test.sh run (default results/boot-<arch>)
#   COMMIT=rev         boot-test.sh: the commit the kernel was built from (HEAD)
#   WAKE_GRACE=s       x86: wake a guest still in S3 s seconds after entering it (10)
#   MATRIX_LAST=n      matrix: only the last n commits
#   MATRIX_ARCHES=".." matrix: the arches (default both)
#   MATRIX_BOOTS=".."  matrix: boot modes per commit (default suspend)
#   MATRIX_CYCLES=n    matrix: suspend cycles per commit (default 2)
#   MATRIX_CORE_BOOTS= matrix: boots added where the PM core changes (modules)
#   MATRIX_SMP=n       matrix: guest CPUs per commit (default 1)
#   MATRIX_PARALLEL=0  matrix: no boots while the next step builds (default 1)
#   MATRIX_BOOT_SLOTS=n matrix: steps booting at once beside the build (default 2)
#   GOOD=rev BAD=rev CHECK=name   make bisect: the range and the check (syscore_order)
#   BISECT_CYCLES=n    bisect: suspend cycles per step (default 2)
#   SELFTEST_ARCHES=.. bisect self-test: the arches (default both)
#   SOAK_CYCLES=n      soak: suspend cycles per arch (default 100)
#   SOAK_HIBERNATE=n   soak: hibernate + restore rounds per arch (default 5)
#   SOAK_SMP=n         soak: guest CPUs (default 2)
#   SOAK_LOAD=n        soak: busy loops on the host meanwhile (default 2)
#   SOAK_ARCHES=".."   soak: the arches (default both)
#   SOAK_PARALLEL=0    soak: the arches one after the other (default 1: side by side)
#   BENCH_FRESH=0      bench: leave out the fresh-clone make check
#   TARBALL=file       the kernel source (default /usr/src/linux-source-6.1.tar.xz)
#   THREE_WAYS_TREE=d  check-three-ways: the sysdev files laid over 6.1 (default ../shared/tree-2.6.38/pre)
#   CORPUS=dir         score-corpus, bench: the corpus (default ../shared/tree-2.6.38)
#   DEPS_SYSROOT=dir   deps.sh: look for the packages' files under dir (tests)
#   SYSCORE_COCCI=file cocci/tests/run-tests.sh: the semantic patch to test (our name: an
#                      exported COCCI of the kernel's coccicheck does not change it)
#   SPATCH=prog        cocci/tests/run-tests.sh: the spatch binary
#   SYSCORE_KEEP=dir   cocci/api/syscore.sh: keep the plan and spatch logs there
#   TMPDIR=dir         scratch space of the cocci scripts (default /tmp)
#   QMP_WAKE=prog      set by boot-test.sh (x86): run-qemu.sh's QMP waker
#   KTAP_PREFIX=str    set by boot-test.sh: prefix of the KTAP check names
#   LAVA_ARCHES=".."   lava, lava-submit: the arches (default both)
#   LAVA_PORT=n        lava-up: the server's port on 127.0.0.1 (default 8000)
#   LAVA_PG_PORT=n     lava-up: its PostgreSQL's port (default 55432)
#   LAVA_EVENT_PORT=n  lava-up: the event publisher's ZMQ port (default 55500)
#   LAVA_WS_PORT=n     lava-up: the event publisher's websocket port (default 8001)
#   LAVA_WORKERS=n     lava-up: workers, one QEMU device each (default 2)
#   LAVA_URL=url       lava-submit: the lab;  LAVA_TOKEN=t  its API token
#   ARTIFACTS_URL=url  lava-submit: where the lab fetches kernels, initramfs, disks
#   LAVA_PUBLISH=dir   lava-submit: copy the artifacts there (served at ARTIFACTS_URL)
#   LAVA_QUEUE_TIMEOUT=s   a job no worker starts in s seconds is cancelled (120)
#   LAVA_BOOTS="m ..." lava-submit, lava-check: the boot modes (default all; check: suspend)
#   LAVA_PING=s        lava-up: the workers' ping interval (default 1)
#   LAVA_POLL=s        lava jobs: how often the job's state is polled (default 1)
#   LAVA_QMP=dir, DISKS=1  set by the lava scripts: QMP sockets of local jobs; deploy disks

BUILD   ?= build
ARCHES  := $(shell sed -n 's/^ARCHES="\(.*\)"$$/\1/p' lib/common.sh)
PIPE    := boot-tests/pipeline
BOOT    := boot-tests/boot
SUITE   := boot-tests/suites

# Two cores: one kernel build (itself -j2) at a time.
.NOTPARALLEL:
.PHONY: all help check tests soak deps tree kernels initramfs boot conversions test-cocci check-conversions score-corpus check-three-ways check-series cocci-bad-input bad-input matrix bisect bisect-selftest report bench clean distclean

# The main job: both arches built and boot-tested, then the report.
all:
	@rm -rf $(BUILD)/results
	@$(MAKE) --no-print-directory -k $(ARCHES:%=boot-%); $(PIPE)/report.sh $(BUILD) $(ARCHES:%=boot-%)

help:
	@sed -n '1,/^$$/s/^# \{0,1\}//p' Makefile

# --- 1. Debian packages (installed when root, else the apt-get line) ---------
deps:
	@$(PIPE)/deps.sh $(BUILD)

# --- 2. the tree: pristine 6.1.192, then base-patches/ and conversions/ ------
tree: deps
	@$(PIPE)/prepare-tree.sh $(BUILD)

# --- 3. kernels, out of tree in $(BUILD)/<arch> -----------------------------
kernel-%: tree
	@$(PIPE)/build-kernel.sh $* $(BUILD)
kernels: $(ARCHES:%=kernel-%)

# --- 4. test modules (boot-tests/boot/modules), against each arch's kernel --------
modules-%: kernel-%
	@$(PIPE)/build-modules.sh $* $(BUILD)

# --- 5. initramfs: busybox, guest init, sleeptime helper, test modules -------
initramfs-%: modules-%
	@$(PIPE)/mkinitramfs.sh $* $(BUILD)
initramfs: $(ARCHES:%=initramfs-%)

# --- 6. boot tests: suspend cycles, shutdown, reboot, modules -> results/<arch>
boot-%: kernel-% initramfs-%
	@$(BOOT)/boot-test.sh $* $(BUILD)

boot:
	@case " $(ARCHES) " in *" $(ARCH) "*) ;; \
	*) echo "make boot: ARCH='$(ARCH)' is not supported; use one of: $(ARCHES)" >&2; exit 2;; esac
	@$(MAKE) --no-print-directory boot-$(ARCH)

# --- semantic patches: fixtures, and the conversion series they generate ---
# make conversions: regenerate conversions/ from the baseline with cocci/
conversions: tree
	@cocci/tools/make-conversions.sh $(BUILD) conversions

test-cocci: deps
	@cocci/tests/run-tests.sh $(BUILD)/results/test-cocci

check-conversions: tree
	@cocci/tests/check-conversions.sh $(BUILD) $(BUILD)/results/check-conversions

# the real v2.6.38 files a whole-tree run reads and upstream's conversion
# (SKIP without it); the gate is lib/goals' floor, the goals are
# printed met / NOT MET
CORPUS  ?= ../shared/tree-2.6.38
score-corpus: deps
	@cocci/tests/score-corpus.sh $(CORPUS) $(BUILD)/results/score-corpus

# spatch -D patch, make coccicheck MODE=patch|report (the 6.1 tree's own
# scripts) and convert-tree.sh on one real tree: one result (SKIP without it)
THREE_WAYS_TREE ?= ../shared/tree-2.6.38/pre
check-three-ways: tree
	@cocci/tests/check-three-ways.sh $(BUILD)/linux $(THREE_WAYS_TREE) $(BUILD)/results/check-three-ways

# convert-tree.sh's series of the same tree, judged by 6.1's get_maintainer.pl
# and checkpatch.pl
check-series: tree
	@cocci/tests/check-series.sh $(BUILD)/linux $(THREE_WAYS_TREE) $(BUILD)/results/check-series

cocci-bad-input: deps
	@cocci/tests/check-bad-input.sh $(BUILD)/results/cocci-bad-input

# --- bad input: missing package/tarball, unknown arch, dirty tree, a patch
# that does not apply, QEMU timeout (scratch copies, results/bad-input) -------
bad-input: initramfs-x86_64
	@$(SUITE)/bad-input.sh $(BUILD)

# --- matrix: every commit of the series, both arches (results/matrix) -------
matrix: tree
	@$(SUITE)/matrix.sh $(BUILD)

# --- bisect: first commit where CHECK fails on ARCH ---------------------------
# make bisect GOOD=<rev> BAD=<rev> ARCH=<arch> [CHECK=<check>]
bisect: tree
	@$(SUITE)/bisect.sh $(BUILD) "$(GOOD)" "$(BAD)" "$(ARCH)" $(CHECK)

# --- 7. report: every suite's KTAP results -> summary.json, N passed/failed --
# A suite is a make target whose results are $(BUILD)/results/<target>
# (results.tsv and meta); make check runs these, the report reads them.
# lava-check boots the kernels boot-<arch> built (make makes "initramfs"
# once per run): it runs before matrix and bisect-selftest, which leave
# other commits' kernels in the build dirs.
COCCI_SUITES := test-cocci check-conversions score-corpus check-three-ways check-series cocci-bad-input
BOOT_SUITES  := $(ARCHES:%=boot-%) lava-jobs lava-check bad-input matrix bisect-selftest
SUITES := $(COCCI_SUITES) $(BOOT_SUITES)

tests: $(SUITES)

bisect-selftest: tree
	@$(SUITE)/bisect-selftest.sh $(BUILD)

# -k: a failing arch does not stop the others; the report counts it.
# The semantic patch's suites (spatch, one file at a time: one core) run
# beside the boot suites (one kernel build on both cores, then boots that
# are mostly a guest asleep); they share no build dir, and the tree is
# prepared once before both (-o: neither remakes it).  Their KTAP goes to
# $(BUILD)/results/cocci-suites.log and is shown after the boot suites'.
check:
	@rm -rf $(BUILD)/results; mkdir -p $(BUILD)/results
	@$(MAKE) --no-print-directory tree
	@echo "check: $(COCCI_SUITES) run beside the boot suites; their KTAP goes to $(BUILD)/results/cocci-suites.log, shown at the end"
	@$(MAKE) --no-print-directory -k -o deps -o tree $(COCCI_SUITES) > $(BUILD)/results/cocci-suites.log 2>&1 & \
	$(MAKE) --no-print-directory -k -o deps -o tree $(BOOT_SUITES); \
	wait; cat $(BUILD)/results/cocci-suites.log; $(PIPE)/report.sh $(BUILD) $(SUITES)

report:
	@$(PIPE)/report.sh $(BUILD) $(SUITES)

# --- soak: many cycles, 2 CPUs, busy host (results/soak; not in make check) --
soak: initramfs
	@$(SUITE)/soak.sh $(BUILD)

# --- benchmark (not a test) --------------------------------------------------
bench: tree
	@lib/bench.sh $(BUILD)

# --- LAVA: the boot modes as LAVA jobs (boot-tests/lava/, README "LAVA") -----
LAVA    := boot-tests/lava
.PHONY: lava lava-up lava-down lava-matrix lava-submit lava-jobs lava-check
lava-jobs: tree
	@$(LAVA)/check-jobs.sh $(BUILD)
lava-check: initramfs
	@$(LAVA)/check.sh $(BUILD)
lava: initramfs
	@$(LAVA)/run.sh $(BUILD)
lava-up:
	@$(LAVA)/server.sh up $(BUILD)
lava-down:
	@$(LAVA)/server.sh down $(BUILD)
lava-matrix: tree
	@$(LAVA)/matrix.sh $(BUILD)
lava-submit: initramfs
	@$(LAVA)/submit.sh $(BUILD) "$(LAVA_URL)" "$(LAVA_TOKEN)" "$(ARTIFACTS_URL)"

clean:
	rm -rf $(BUILD)/results $(BUILD)/initramfs $(BUILD)/modules $(BUILD)/bench* $(ARCHES:%=$(BUILD)/%) $(ARCHES:%=$(BUILD)/%.kconfig)

distclean:
	rm -rf $(BUILD)

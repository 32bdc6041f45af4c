# syscore series: the pipeline, top to bottom.
#
#   packages -> tree (pristine 6.1 + series) -> kernels -> modules -> initramfs
#   -> boot -> report
#
#   make                   everything for both arches, then the report
#   make check             every test; the last line is "N passed, N failed"
#   make help              this text
#   make boot ARCH=<arch>  build and boot-test one arch (x86_64 or arm)
#   make conversions       regenerate conversions/ with the semantic patches
#   make test-cocci        the semantic patch fixture tests (real spatch)
#   make score-corpus      the semantic patches vs upstream on a real-tree corpus
#   make check-three-ways  spatch, make coccicheck, convert-tree.sh: one result
#   make cocci-bad-input   the cocci scripts on bad input (OUT, TREE, names)
#   make matrix            checkpatch, build and boot every commit, both arches
#   make bisect GOOD=<rev> BAD=<rev> ARCH=<arch> [CHECK=<check>]
#   make bad-input         errors name their cause, the tree stays consistent
#   make soak              100 suspend cycles per arch, 2 CPUs, busy host: hangs?
#   make bench             benchmark numbers into build/bench.json
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
#   BOOTS="m ..."      boot modes to run (default: all, boot-tests/modes/)
#   RESULTS=dir        results of one boot-test.sh run (default results/<arch>)
#   MATRIX_LAST=n      matrix: only the last n commits
#   MATRIX_ARCHES=".." matrix: the arches (default both)
#   MATRIX_BOOTS=".."  matrix: boot modes per commit (default suspend modules)
#   MATRIX_CYCLES=n    matrix: suspend cycles per commit (default 2)
#   MATRIX_CORE_BOOTS= matrix: boots added where the PM core changes (modules)
#   MATRIX_SMP=n       matrix: guest CPUs per commit (default 1)
#   MATRIX_PARALLEL=0  matrix: no boots while the next step builds (default 1)
#   BISECT_CYCLES=n    bisect: suspend cycles per step (default 2)
#   WAKE_GRACE=s       x86: wake a guest still in S3 s seconds after entering it (10)
#   SOAK_CYCLES=n      soak: suspend cycles per arch (default 100)
#   SOAK_SMP=n         soak: guest CPUs (default 2)
#   SOAK_LOAD=n        soak: busy loops on the host meanwhile (default 2)
#   SOAK_ARCHES=".."   soak: the arches (default both)
#   SELFTEST_ARCHES=.. bisect self-test: the arches (default both)
#   TARBALL=file       the kernel source (default /usr/src/linux-source-6.1.tar.xz)
#   BENCH_FRESH=0      bench: leave out the fresh-clone make check
#   SYSCORE_COCCI=file cocci/run-tests.sh: the semantic patch to test
#   SPATCH=prog        cocci/run-tests.sh: the spatch binary
#   DEPS_SYSROOT=dir   deps.sh: look for the packages' files under dir (tests)
#   TMPDIR=dir         scratch space of the cocci scripts (default /tmp)
#   SYSCORE_KEEP=dir   cocci/syscore.sh: keep the plan and spatch logs there
#   QMP_WAKE=prog      set by boot-test.sh (x86): run-qemu.sh's QMP waker
#   COMMIT=rev         boot-test.sh: the commit the kernel was built from (HEAD)
#   KTAP_PREFIX=str    set by boot-test.sh: prefix of the KTAP check names
#   CORPUS=dir         score-corpus: the corpus (default ../shared/corpus-2.6.38)
#   THREE_WAYS_TREE=d  check-three-ways: the tree (default ../shared/tree-2.6.38/pre)

BUILD   ?= build
ARCHES  := $(shell sed -n 's/^ARCHES="\(.*\)"$$/\1/p' boot-tests/lib.sh)
T       := boot-tests

# Two cores: one kernel build (itself -j2) at a time.
.NOTPARALLEL:
.PHONY: all help check tests soak deps tree kernels initramfs boot conversions test-cocci check-conversions score-corpus check-three-ways cocci-bad-input bad-input matrix bisect bisect-selftest report bench clean distclean

# The main job: both arches built and boot-tested, then the report.
all:
	@rm -rf $(BUILD)/results
	@$(MAKE) --no-print-directory -k $(ARCHES:%=boot-%); $(T)/report.sh $(BUILD) $(ARCHES)

help:
	@sed -n '1,/^$$/s/^# \{0,1\}//p' Makefile

# --- 1. Debian packages (installed when root, else the apt-get line) ---------
deps:
	@$(T)/deps.sh $(BUILD)

# --- 2. the tree: pristine 6.1.192, then base-patches/ and conversions/ ------
tree: deps
	@$(T)/prepare-tree.sh $(BUILD)

# --- 3. kernels, out of tree in $(BUILD)/<arch> -----------------------------
kernel-%: tree
	@$(T)/build-kernel.sh $* $(BUILD)
kernels: $(ARCHES:%=kernel-%)

# --- 4. test modules (boot-tests/modules), against each arch's kernel --------
modules-%: kernel-%
	@$(T)/build-modules.sh $* $(BUILD)

# --- 5. initramfs: busybox, guest init, sleeptime helper, test modules -------
initramfs-%: modules-%
	@$(T)/mkinitramfs.sh $* $(BUILD)
initramfs: $(ARCHES:%=initramfs-%)

# --- 6. boot tests: suspend cycles, shutdown, reboot, modules -> results/<arch>
boot-%: kernel-% initramfs-%
	@$(T)/boot-test.sh $* $(BUILD)

boot:
	@case " $(ARCHES) " in *" $(ARCH) "*) ;; \
	*) echo "make boot: ARCH='$(ARCH)' is not supported; use one of: $(ARCHES)" >&2; exit 2;; esac
	@$(MAKE) --no-print-directory boot-$(ARCH)

# --- semantic patches: fixtures, and the conversion series they generate ---
# make conversions: regenerate conversions/ from the baseline with cocci/
conversions: tree
	@cocci/make-conversions.sh $(BUILD) conversions

test-cocci: deps
	@cocci/run-tests.sh $(BUILD)/results/cocci-tests

check-conversions: tree
	@cocci/check-conversions.sh $(BUILD) $(BUILD)/results/cocci-conversions

# the corpus of real v2.6.38 files and upstream's conversion (SKIP without it)
CORPUS  ?= ../shared/corpus-2.6.38
score-corpus: deps
	@cocci/score-corpus.sh $(CORPUS) $(BUILD)/results/cocci-corpus

# spatch -D patch, make coccicheck MODE=patch|report (the 6.1 tree's own
# scripts) and convert-tree.sh on one real tree: one result (SKIP without it)
THREE_WAYS_TREE ?= ../shared/tree-2.6.38/pre
check-three-ways: tree
	@cocci/check-three-ways.sh $(BUILD)/linux $(THREE_WAYS_TREE) $(BUILD)/results/cocci-three-ways

cocci-bad-input: deps
	@cocci/check-bad-input.sh $(BUILD)/results/cocci-bad-input

# --- bad input: missing package/tarball, unknown arch, dirty tree, a patch
# that does not apply, QEMU timeout (scratch copies, results/bad-input) -------
bad-input: initramfs-x86_64
	@$(T)/bad-input.sh $(BUILD)

# --- matrix: every commit of the series, both arches (results/matrix) -------
matrix: tree
	@$(T)/matrix.sh $(BUILD)

# --- bisect: first commit where CHECK fails on ARCH ---------------------------
# make bisect GOOD=<rev> BAD=<rev> ARCH=<arch> [CHECK=<check>]
bisect: tree
	@$(T)/bisect.sh $(BUILD) "$(GOOD)" "$(BAD)" "$(ARCH)" $(CHECK)

# --- 7. report: every suite's KTAP results -> summary.json, N passed/failed --
# A suite is a directory $(BUILD)/results/<suite> with results.tsv and meta.
SUITES := cocci-tests cocci-conversions cocci-corpus cocci-three-ways cocci-bad-input $(ARCHES) bad-input matrix bisect-selftest

tests: test-cocci check-conversions score-corpus check-three-ways cocci-bad-input $(ARCHES:%=boot-%) bad-input matrix bisect-selftest

bisect-selftest: tree
	@$(T)/bisect-selftest.sh $(BUILD)

# -k: a failing arch does not stop the others; the report counts it.
check:
	@rm -rf $(BUILD)/results
	@$(MAKE) --no-print-directory -k tests; $(T)/report.sh $(BUILD) $(SUITES)

report:
	@$(T)/report.sh $(BUILD) $(SUITES)

# --- soak: many cycles, 2 CPUs, busy host (results/soak; not in make check) --
soak: initramfs
	@$(T)/soak.sh $(BUILD)

# --- benchmark (not a test) --------------------------------------------------
bench: tree
	@$(T)/bench.sh $(BUILD)

clean:
	rm -rf $(BUILD)/results $(BUILD)/initramfs $(BUILD)/modules $(BUILD)/bench* $(ARCHES:%=$(BUILD)/%) $(ARCHES:%=$(BUILD)/%.kconfig)

distclean:
	rm -rf $(BUILD)

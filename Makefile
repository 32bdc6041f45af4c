# syscore series: the pipeline, top to bottom.
#
#   packages -> tree (pristine 6.1 + series) -> kernels -> modules -> initramfs
#   -> boot -> report
#
#   make                   everything for both arches, then the report
#   make check             every test; the last line is "N passed, N failed"
#   make boot ARCH=<arch>  build and boot-test one arch (x86_64 or arm)
#   make conversions       regenerate conversions/ with the semantic patches
#   make test-cocci        the semantic patch fixture tests (real spatch)
#   make score-corpus      the semantic patches vs upstream on a real-tree corpus
#   make matrix            build and boot every commit of the series, both arches
#   make bisect GOOD=<rev> BAD=<rev> ARCH=<arch> [CHECK=<check>]
#   make bad-input         errors name their cause, the tree stays consistent
#   make bench             benchmark numbers into build/bench.json
#   make clean             drop build output and results, keep the kernel tree
#   make distclean         drop build/ entirely
#
# Knobs: BUILD=dir (default build), CYCLES=n suspend cycles (default 10),
# SMP=n guest CPUs (default 1), TIMEOUT=s per QEMU run, CORPUS=dir (default
# ../shared/corpus-2.6.38).

BUILD   ?= build
ARCHES  := x86_64 arm
T       := boot-tests

# Two cores: one kernel build (itself -j2) at a time.
.NOTPARALLEL:
.PHONY: all check tests deps tree kernels initramfs boot conversions test-cocci check-conversions score-corpus bad-input matrix bisect bisect-selftest report bench clean distclean

# The main job: both arches built and boot-tested, then the report.
all:
	@rm -rf $(BUILD)/results
	@$(MAKE) --no-print-directory -k $(ARCHES:%=boot-%); $(T)/report.sh $(BUILD) $(ARCHES)

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
SUITES := cocci-tests cocci-conversions cocci-corpus $(ARCHES) bad-input matrix $(ARCHES:%=bisect-%)

tests: test-cocci check-conversions score-corpus $(ARCHES:%=boot-%) bad-input matrix bisect-selftest

bisect-selftest: tree
	@$(T)/bisect-selftest.sh $(BUILD)

# -k: a failing arch does not stop the others; the report counts it.
check:
	@rm -rf $(BUILD)/results
	@$(MAKE) --no-print-directory -k tests; $(T)/report.sh $(BUILD) $(SUITES)

report:
	@$(T)/report.sh $(BUILD) $(SUITES)

# --- benchmark (not a test) --------------------------------------------------
bench: tree
	@$(T)/bench.sh $(BUILD)

clean:
	rm -rf $(BUILD)/results $(BUILD)/initramfs $(BUILD)/modules $(BUILD)/bench* $(ARCHES:%=$(BUILD)/%) $(ARCHES:%=$(BUILD)/%.kconfig)

distclean:
	rm -rf $(BUILD)

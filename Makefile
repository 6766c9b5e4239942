# reclaimsim - build, test, run.  See README.md.
#
#   make            build build/reclaimsim
#   make run        the built-in default scenario
#   make check      unit + scenario tests, normal and ASan/UBSan builds
#   make check-fast the same, less the slowest tests' ASan runs (the edit loop)
#   make lint       cppcheck on src/ and tests/ (clean: exit 0)
#   make layers     check that no src/ file includes a header of a layer above it
#   make asan       the sanitizer build in build-asan/
#   make bench      benchmarks (bench/), results in bench/results/
#   make deps       install missing Debian build dependencies (root or sudo)
#   make format     apply .clang-format to src/, include/ and tests/
#   make format-check  list the files .clang-format would change (exit 1 if any)
#   make fuzz       the libFuzzer targets (fuzz/), each FUZZ_SECONDS (30) seconds
#   make failalloc-check  fail each host allocation of a few runs in turn (tests/failalloc.sh)
#
# Builds use every CPU (-j$(nproc)) unless -j is given; run, check, lint and
# bench call `make deps`, which runs apt-get only when a package is missing.
#
# Test run time on the 2-CPU machine in seconds, each binary alone, build not
# included (other jobs shared the CPUs: take them as rough figures):
#                             normal   ASan   ASan, RECLAIMSIM_SLOW=0
#   test_seed000                6.2    17.4     0.9
#   test_sim                    2.7    14.7     5.0
#   test_ebizzy                 2.2     8.0     3.6
#   test_lru_file_mmap_read     2.4     6.0     2.4
#   test_madvise09              0.6     1.4     1.4
#   each of the other binaries <0.1    <0.2    <0.2
#   tests/cli.sh                4.4    21.5    21.5
#   tests/sweep.sh               35     146     146   (load 11-14; ~10 s of it the Slurm daemons)
# `make clean; time make check`: 285 s (106 s of CPU); check-fast 230 s (78 s).

CC       ?= gcc
DEB_DEPS := gcc make pkg-config libinih-dev libcjson-dev libcmocka-dev gnuplot-nox \
            libboost-context-dev cppcheck
# only for make format / format-check
FORMAT_DEPS := clang-format

# A parallel build by default; only the top-level make adds -j (sub-makes
# share its job slots), and a -j on the command line wins.
NPROC    := $(shell nproc 2>/dev/null || echo 1)
ifeq ($(MAKELEVEL),0)
MAKEFLAGS += -j$(NPROC)
endif
# `make clean all`: not side by side
ifneq ($(filter clean,$(MAKECMDGOALS)),)
.NOTPARALLEL:
endif

WARN     := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
            -Wno-unused-parameter
CSTD     := -std=c11 -D_GNU_SOURCE
INCS     := -Iinclude -Isrc
# Boost.Context from its static archive: the link takes only its fcontext
# switch (jump_fcontext, make_fcontext: assembly, no C++), where the shared
# library loads libstdc++ and libgcc_s into every run (~1 MiB resident, a
# few ms of start-up; bench/results/issue27-speed7.txt).
LIBS     := -linih -lcjson -l:libboost_context.a -lm

BUILD    ?= build
# -O3 and link-time optimization: the model's per-page helpers (charge_sys,
# pfn_to_page, the LRU and free-list updates) live in other files than
# their callers, and only -flto inlines across files.  Output is the same
# byte for byte (integer model; no -ffast-math, and -std=c11 keeps FP
# contraction off); 0.8x-0.9x the CPU time of -O2 (bench/results/issue27-lto.txt).
# The objects are fat (GIMPLE and machine code): the tests and benchmarks
# link the machine code (NOLTO), as an LTO link of the library per test
# binary would take minutes.
OPTFLAGS ?= -O3 -g -flto=auto -ffat-lto-objects
NOLTO    := -fno-lto
# The sanitizer build; CONFIG_DEBUG_VM turns the VM_BUG_ON checks on (src/sim/bug.h).
ASAN_OPTFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
                 -fno-sanitize-recover=all -DCONFIG_DEBUG_VM
CFLAGS_ALL = $(CSTD) $(WARN) $(OPTFLAGS) $(INCS) $(EXTRA_CFLAGS)

LIB_SRCS := $(sort $(wildcard src/sim/*.c src/mm/*.c src/dev/*.c src/kernel/*.c src/workload/*.c \
                              src/config/*.c src/machine/*.c src/report/*.c))
LIB_OBJS := $(LIB_SRCS:%.c=$(BUILD)/obj/%.o)
# The CLI is not part of the library: its objects go into build/reclaimsim,
# and into libcli.a for the tests that call its functions (compare, oracle).
CLI_SRCS := $(sort $(wildcard src/cli/*.c))
CLI_OBJS := $(CLI_SRCS:%.c=$(BUILD)/obj/%.o)
TEST_SRCS := $(sort $(wildcard tests/test_*.c))
TESTS    := $(TEST_SRCS:tests/%.c=$(BUILD)/tests/%)

all: $(BUILD)/reclaimsim

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -MMD -MP -c -o $@ $<

$(BUILD)/libreclaimsim.a: $(LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/libcli.a: $(filter-out $(BUILD)/obj/src/cli/main.o,$(CLI_OBJS))
	@rm -f $@
	ar rcs $@ $^

# FAILALLOC=1: the program's host allocations go through tests/failalloc.c,
# which fails the n-th (RECLAIMSIM_FAIL_ALLOC=n); make failalloc-check
ifeq ($(FAILALLOC),1)
FAIL_OBJS := $(BUILD)/obj/tests/failalloc.o
FAIL_LDFLAGS := -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup,--wrap=strndup
endif

$(BUILD)/reclaimsim: $(CLI_OBJS) $(BUILD)/libreclaimsim.a $(FAIL_OBJS)
	$(CC) $(CFLAGS_ALL) -o $@ $^ $(LIBS) $(FAIL_LDFLAGS)

$(BUILD)/tests/%: tests/%.c $(wildcard tests/lib/*.h) $(BUILD)/libcli.a $(BUILD)/libreclaimsim.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(NOLTO) -Itests/lib -Wno-missing-prototypes -o $@ $< $(BUILD)/libcli.a $(BUILD)/libreclaimsim.a $(LIBS) -lcmocka

# The benchmark programs (bench/run.sh runs them) are built with the tests
# so that a change to the library cannot leave them behind.
BENCHES := $(BUILD)/bench/bench $(BUILD)/bench/coro $(BUILD)/bench/memcg_tree $(BUILD)/bench/inner
$(BUILD)/bench/%: bench/%.c bench/clock.h $(BUILD)/libreclaimsim.a
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(OPTFLAGS) $(NOLTO) -Wall -Wextra -Werror $(INCS) -o $@ $< $(BUILD)/libreclaimsim.a $(LIBS)

tests: $(TESTS) $(BUILD)/reclaimsim $(BENCHES)

# Run every test binary; stop at the first failure.  The tests find the
# binary and data through RECLAIMSIM_BIN / RECLAIMSIM_ROOT.
run-tests: tests
	@set -e; for t in $(TESTS); do \
		echo "== $$t"; \
		RECLAIMSIM_BIN=$(CURDIR)/$(BUILD)/reclaimsim RECLAIMSIM_ROOT=$(CURDIR) $$t; \
	done
	@RECLAIMSIM_BIN=$(CURDIR)/$(BUILD)/reclaimsim RECLAIMSIM_ROOT=$(CURDIR) tests/cli.sh
	@RECLAIMSIM_BIN=$(CURDIR)/$(BUILD)/reclaimsim RECLAIMSIM_ROOT=$(CURDIR) tests/sweep.sh
	@tests/layers.sh

# No upward #include in src/, an opaque public header (tests/layers.sh).
layers:
	tests/layers.sh

asan:
	$(MAKE) BUILD=build-asan OPTFLAGS="$(ASAN_OPTFLAGS)" all

check: deps
	$(MAKE) run-tests
	$(MAKE) BUILD=build-asan OPTFLAGS="$(ASAN_OPTFLAGS)" run-tests

# The edit loop: every test in the normal build, the ASan pass without the
# tests marked SLOW_TEST() (tests/lib/testutil.h), which skip when RECLAIMSIM_SLOW=0.
check-fast: deps
	$(MAKE) run-tests
	RECLAIMSIM_SLOW=0 $(MAKE) BUILD=build-asan OPTFLAGS="$(ASAN_OPTFLAGS)" run-tests

# cppcheck: the checks that find bugs (warning, performance, portability),
# not its style opinions; every #ifdef configuration (CONFIG_DEBUG_VM on and
# off).  tests/cmocka.cfg tells it that a failed cmocka assertion does not
# return.  A false positive is silenced in .cppcheck-suppressions, with why.
CPPCHECK := cppcheck -q --std=c11 -Iinclude -Isrc --enable=warning,performance,portability \
            --inline-suppr --suppressions-list=.cppcheck-suppressions --error-exitcode=1 \
            -j$(NPROC)

lint: deps
	$(CPPCHECK) src
	$(CPPCHECK) --library=tests/cmocka.cfg -Itests/lib tests

FORMAT_FILES = $(sort $(wildcard src/*/*.[ch] include/*/*.h tests/*.[ch] tests/lib/*.[ch]))

format: format-deps
	clang-format -i $(FORMAT_FILES)

format-check: format-deps
	@changed=0; for f in $(FORMAT_FILES); do \
		clang-format $$f | diff -u --label $$f --label "$$f (clang-format)" $$f - \
			|| changed=$$((changed + 1)); \
	done; \
	if [ $$changed -ne 0 ]; then echo "format-check: $$changed file(s) differ"; exit 1; fi

# deps first, then the build: not side by side under -j
run: deps
	$(MAKE) all
	./$(BUILD)/reclaimsim run

bench: deps
	$(MAKE) all
	bench/run.sh

# install_missing: apt-get install those of the Debian packages $(1) that
# dpkg does not have; nothing at all (no apt-get) when none is missing.
install_missing = @missing=""; for p in $(1); do \
		dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q $$missing; \
	fi

deps:
	$(call install_missing,$(DEB_DEPS))

# The allocation-failure walk (tests/failalloc.sh) on the sanitizer build
# with failure injection (FAILALLOC=1) in build-failalloc/.
failalloc-check:
	$(MAKE) BUILD=build-failalloc OPTFLAGS="$(ASAN_OPTFLAGS)" FAILALLOC=1 build-failalloc/reclaimsim
	tests/failalloc.sh build-failalloc/reclaimsim

# make fuzz: the libFuzzer targets fuzz/fuzz_*.c, built with clang,
# ASan and UBSan into build-fuzz/, each run FUZZ_SECONDS from its
# committed seed corpus fuzz/corpus/NAME (new inputs go to
# build-fuzz/corpus/NAME, a crash to build-fuzz/crash-*); fuzz/README.md.
FUZZ_SECONDS ?= 30
FUZZ_DEPS := clang libclang-rt-14-dev
FUZZ_OPTFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
                 -fno-sanitize-recover=all
FUZZ_TARGETS := $(patsubst fuzz/%.c,build-fuzz/%,$(wildcard fuzz/fuzz_*.c))

fuzz-deps:
	$(call install_missing,$(FUZZ_DEPS))

build-fuzz/fuzz_%: fuzz/fuzz_%.c build-fuzz/libreclaimsim.a
	clang $(CSTD) $(WARN) $(FUZZ_OPTFLAGS) -fsanitize=fuzzer $(INCS) -o $@ $< \
		build-fuzz/libcli.a build-fuzz/libreclaimsim.a $(LIBS)

# the library for the targets: a sub-make with clang (not in that sub-make itself)
ifneq ($(BUILD),build-fuzz)
build-fuzz/libreclaimsim.a: FORCE
	$(MAKE) BUILD=build-fuzz CC=clang OPTFLAGS="$(FUZZ_OPTFLAGS) -fsanitize=fuzzer-no-link" \
		build-fuzz/libreclaimsim.a build-fuzz/libcli.a
endif

fuzz: fuzz-deps
	$(MAKE) $(FUZZ_TARGETS)
	@set -e; for t in $(FUZZ_TARGETS); do \
		n=$$(basename $$t); mkdir -p build-fuzz/corpus/$$n; \
		echo "== $$n ($(FUZZ_SECONDS) s)"; \
		ASAN_OPTIONS=detect_leaks=1 $$t -max_total_time=$(FUZZ_SECONDS) -timeout=10 \
			-rss_limit_mb=2048 -artifact_prefix=build-fuzz/crash-$$n- -print_final_stats=1 \
			build-fuzz/corpus/$$n fuzz/corpus/$$n 2>build-fuzz/$$n.log \
			|| { tail -40 build-fuzz/$$n.log; exit 1; }; \
		grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb" build-fuzz/$$n.log; \
	done

format-deps:
	$(call install_missing,$(FORMAT_DEPS))

clean:
	rm -rf build build-asan build-fuzz build-failalloc

.PHONY: all asan check check-fast lint format format-check format-deps run bench deps clean tests \
        run-tests layers fuzz fuzz-deps failalloc-check FORCE

-include $(LIB_OBJS:.o=.d) $(CLI_OBJS:.o=.d)
FORCE:

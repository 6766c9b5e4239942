# reclaimsim - build, test, run.  See README.md.
#
#   make            build build/reclaimsim
#   make run        the built-in default scenario
#   make check      unit + scenario tests, normal and ASan/UBSan builds
#   make layers     check that no src/ file includes a header of a layer above it
#   make asan       the sanitizer build in build-asan/
#   make bench      benchmarks (bench/), results in bench/results/
#   make deps       install missing Debian build dependencies (root or sudo)

CC       ?= gcc
DEB_DEPS := gcc make pkg-config libinih-dev libcjson-dev libcmocka-dev gnuplot-nox \
            libboost-context-dev

WARN     := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
            -Wno-unused-parameter
CSTD     := -std=c11 -D_GNU_SOURCE
INCS     := -Iinclude -Isrc
LIBS     := -linih -lcjson -lboost_context -lm

BUILD    ?= build
OPTFLAGS ?= -O2 -g
CFLAGS_ALL = $(CSTD) $(WARN) $(OPTFLAGS) $(INCS) $(EXTRA_CFLAGS)

LIB_SRCS := $(sort $(wildcard src/sim/*.c src/mm/*.c src/dev/*.c src/kernel/*.c src/workload/*.c \
                              src/machine/*.c src/report/*.c))
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

$(BUILD)/reclaimsim: $(CLI_OBJS) $(BUILD)/libreclaimsim.a
	$(CC) $(CFLAGS_ALL) -o $@ $^ $(LIBS)

$(BUILD)/tests/%: tests/%.c tests/testutil.h tests/testsim.h tests/testmm.h $(BUILD)/libcli.a $(BUILD)/libreclaimsim.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Wno-missing-prototypes -o $@ $< $(BUILD)/libcli.a $(BUILD)/libreclaimsim.a $(LIBS) -lcmocka

tests: $(TESTS) $(BUILD)/reclaimsim

# Run every test binary; stop at the first failure.  The tests find the
# binary and data through RECLAIMSIM_BIN / RECLAIMSIM_ROOT.
run-tests: tests
	@set -e; for t in $(TESTS); do \
		echo "== $$t"; \
		RECLAIMSIM_BIN=$(CURDIR)/$(BUILD)/reclaimsim RECLAIMSIM_ROOT=$(CURDIR) $$t; \
	done
	@RECLAIMSIM_BIN=$(CURDIR)/$(BUILD)/reclaimsim RECLAIMSIM_ROOT=$(CURDIR) tests/cli.sh
	@tests/layers.sh

# No upward #include in src/, an opaque public header (tests/layers.sh).
layers:
	tests/layers.sh

asan:
	$(MAKE) BUILD=build-asan OPTFLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all" all

check: deps
	$(MAKE) run-tests
	$(MAKE) BUILD=build-asan OPTFLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all" run-tests

run: deps all
	./$(BUILD)/reclaimsim run

bench: deps all
	bench/run.sh

deps:
	@missing=""; for p in $(DEB_DEPS); do \
		dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q $$missing; \
	fi

clean:
	rm -rf build build-asan

.PHONY: all asan check run bench deps clean tests run-tests layers

-include $(LIB_OBJS:.o=.d) $(CLI_OBJS:.o=.d)

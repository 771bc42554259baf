# Thin wrapper over CMake: the commands the README promises.
#   make            release build (build/)
#   make test       install what the tests need, build, run every test,
#                   then the leak census again against an -O2
#                   (RelWithDebInfo) build of the library ($(BUILD)-o2)
#   make bench      install what the benchmark needs, build it and, once,
#                   the newest OpenSSL Debian carries; run them, then
#                   hush-provider-bench (the OpenSSL provider's rows)
#                   (BENCH_OPENSSL_NEWEST=0 leaves that OpenSSL out)
#                   and bench/cli: the hush command against age,
#                   sha256sum, openssl dgst and b3sum
#   make asm        assembly of every library source in build/asm/*.s
#   make sanitize   ASan + UBSan build (build-sanitize/) and the tests
#   make format     clang-format every C file with .clang-format
#   make tidy       clang-tidy (.clang-tidy) over every C file: 0 findings
#   make fuzz       the libFuzzer targets (clang, ASan + UBSan, build-fuzz/),
#                   each run for FUZZ_SECONDS (tests/fuzz/README.md)

BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
CTEST_FLAGS ?=
BENCH_FLAGS ?=
# --quick for the provider rows too when hush-bench runs quick (CI smoke)
PROVIDER_BENCH_FLAGS ?= $(filter --quick,$(BENCH_FLAGS))
FUZZ_SECONDS ?= 60
# 1: make bench builds (once, cached in $(BUILD)/openssl-newest) and races
# the newest OpenSSL release Debian carries, and once more with VAES and
# AVX-512 masked off (rows openssl-V/aesni: its AES-NI path, the peer of
# hush's aesni tiers); 0: Debian 12's OpenSSL only
BENCH_OPENSSL_NEWEST ?= 1
ifeq ($(BENCH_OPENSSL_NEWEST),0)
BENCH_NEWEST :=
else
BENCH_NEWEST := --openssl-newest $(BUILD)/openssl-newest/status \
                --openssl-newest-cap aesni
endif

.PHONY: all configure test census-o2 bench provider-bench bench-docs \
        bench-build asm sanitize fuzz tidy format clean

all: configure
	cmake --build $(BUILD) -j $(JOBS)

configure:
	@scripts/deps.sh test
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null

test: all
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -LE slow $(CTEST_FLAGS)
	$(MAKE) --no-print-directory census-o2

# The leak census against the other build type we ship: RelWithDebInfo
# (-O2 -g) spills and keeps registers differently from Release (issue 15,
# defect 2). Only the library and hush-leakscan are built in that tree.
census-o2:
	@scripts/deps.sh test
	cmake -S . -B $(BUILD)-o2 -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_FLAGS) >/dev/null
	cmake --build $(BUILD)-o2 -j $(JOBS) --target hush-leakscan
	cd $(BUILD)-o2 && ctest --output-on-failure -j $(JOBS) -R '^leak\.lib\.'

bench: bench-build
	mkdir -p results
	$(BUILD)/hush-bench --out results $(BENCH_NEWEST) $(BENCH_FLAGS)
	bench/cli/bench_cli.sh $(BUILD)/hush $(BUILD)/bench-cli --csv results/cli.csv $(BENCH_FLAGS)
	$(MAKE) --no-print-directory provider-bench

# hush.so against OpenSSL's default provider (docs/OPENSSL.md); part of
# make bench, built when the provider is (OpenSSL 3 headers present).
provider-bench:
	@scripts/deps.sh test
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null
	@if cmake --build $(BUILD) --target help | grep -q hush-provider-bench; then \
	  cmake --build $(BUILD) -j $(JOBS) --target hush-provider-bench && \
	  mkdir -p results && \
	  $(BUILD)/hush-provider-bench --out results $(PROVIDER_BENCH_FLAGS); \
	else echo "provider-bench: not in this build (no OpenSSL 3 headers)"; fi

bench-docs: bench-build
	mkdir -p results
	$(BUILD)/hush-bench --out results --markdown docs/BENCHMARKS.md \
	  $(BENCH_NEWEST) $(BENCH_FLAGS)

bench-build:
	@scripts/deps.sh bench
	@scripts/deps.sh test
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null
	cmake --build $(BUILD) -j $(JOBS) --target hush-bench hush-cli
	@if [ "$(BENCH_OPENSSL_NEWEST)" != 0 ]; then \
	  scripts/openssl-newest.sh $(BUILD) $(JOBS); fi

asm: configure
	cmake --build $(BUILD) -j $(JOBS) --target asm
	@echo "assembly listings in $(BUILD)/asm/"

sanitize:
	@scripts/deps.sh test
	cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	      -DHUSH_SANITIZE=ON $(CMAKE_FLAGS) >/dev/null
	cmake --build build-sanitize -j $(JOBS)
	cd build-sanitize && ASAN_OPTIONS=detect_leaks=1 \
	  UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --output-on-failure -j $(JOBS) -LE 'slow|nosanitize' $(CTEST_FLAGS)

fuzz:
	@scripts/deps.sh fuzz
	cmake -S . -B build-fuzz -DCMAKE_C_COMPILER=clang \
	      -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHUSH_FUZZ=ON $(CMAKE_FLAGS) >/dev/null
	cmake --build build-fuzz -j $(JOBS) --target fuzz-targets
	tests/fuzz/run.sh build-fuzz $(FUZZ_SECONDS)

tidy:
	@scripts/deps.sh tidy
	JOBS=$(JOBS) scripts/tidy.sh build-tidy

format:
	clang-format -i $$(git ls-files '*.c' '*.h')

clean:
	rm -rf $(BUILD) $(BUILD)-o2 build-sanitize build-fuzz build-tidy

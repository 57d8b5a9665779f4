# The two commands of KV Scope. Both install what is missing, then build in build/.
#   make run   - build and open the app on the course's reference scenario
#   make test  - build and run the whole test suite headless
BUILD_DIR ?= build
BUILD_TYPE ?= Release
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
# CI builds with warnings as errors; a user's newer compiler should not stop the build.
WERROR ?= $(if $(CI),ON,OFF)
CMAKE_ARGS ?=
# Ninja where it is installed (install-deps adds it; evaluated per recipe, so after deps ran): a library's
# users compile while it still links, where Make's generator waits for it, so both cores stay busy. A build
# folder keeps the generator it was first made with.
export CMAKE_GENERATOR ?= $(shell command -v ninja >/dev/null 2>&1 && echo Ninja)

.PHONY: run test build deps configure bench package screenshots sanitize tsan fuzz clean

run: build
	$(BUILD_DIR)/app/kvscope

test: build
	QT_QPA_PLATFORM=offscreen ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS)

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

configure: deps
	cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) -DKVSCOPE_WERROR=$(WERROR) $(CMAKE_ARGS)

deps:
	./scripts/install-deps.sh

bench: build
	cmake --build $(BUILD_DIR) --target benchmarks -j $(JOBS)
	for b in $(BUILD_DIR)/bench/bench_*; do [ -x "$$b" ] && QT_QPA_PLATFORM=offscreen "$$b"; done

# The Debian package of the install tree (build/kvscope_<version>_<arch>.deb).
package: build
	cd $(BUILD_DIR) && cpack -G DEB
	./packaging/check-package.sh $(BUILD_DIR)

# The whole suite under ASan + UBSan (float-cast-overflow included; any finding fails), in build-asan/.
sanitize: deps
	cmake --preset dev-asan
	cmake --build build-asan -j $(JOBS)
	ctest --preset dev-asan -j $(JOBS)

# The threaded suites (the decode core, its worker and the GPU page) under ThreadSanitizer, CUDA
# off, in build-tsan/, side by side (ctest -j; tst_decodepage as its two shards). OMP_THREAD_LIMIT=1:
# libgomp is not instrumented, so TSan cannot see its barriers and reports every OpenMP loop as a
# race; one thread keeps the loops but not the noise (single-threaded checks skip there:
# tests/testutils.h, KVSCOPE_SKIP_UNDER_TSAN).
TSAN_SUITES ?= tst_decode tst_decodeworker tst_decodepage
empty :=
space := $(empty) $(empty)
tsan: deps
	cmake --preset dev-tsan
	cmake --build build-tsan -j $(JOBS) --target $(TSAN_SUITES)
	OMP_THREAD_LIMIT=1 \
	  TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$(CURDIR)/tests/tsan.supp" \
	  ctest --test-dir build-tsan --output-on-failure -j $(JOBS) -R '^($(subst $(space),|,$(strip $(TSAN_SUITES))))(_[0-9]+of[0-9]+)?$$'

# Every libFuzzer target for FUZZ_SECONDS (default 30) on its seed corpus, in build-fuzz/.
FUZZ_SECONDS ?= 30
fuzz: deps
	./scripts/fuzz.sh $(FUZZ_SECONDS)

# The app's screenshots (AppStream's, and the memory page at 150% and 200% scale), offscreen.
screenshots: build
	./scripts/screenshots.sh $(BUILD_DIR)

clean:
	rm -rf $(BUILD_DIR)

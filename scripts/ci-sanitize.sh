#!/usr/bin/env bash
# CI's sanitizer stage, sized for two cores: one clang build (build-fuzz/) of the whole tree
# (core, the decode core, the CLI, the window) with every test suite and the fuzz targets, all
# under ASan + UBSan with float-cast-overflow and no recovery (KVSCOPE_FUZZ). Every suite runs
# there, then every fuzz target for FUZZ_SECONDS (default 20) on its corpus. The window's suites
# run with leak detection off: Qt's plugin loader and fontconfig keep allocations until exit
# that LeakSanitizer reports (as in the dev-asan preset); the headless suites keep it on. The
# monkey takes 500 actions here instead of 2,000 (an ASan build is three to four times slower),
# and every suite's time limit is four times the release build's (KVSCOPE_TEST_TIMEOUT_SCALE).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${FUZZ_BUILD_DIR:-build-fuzz}
seconds=${FUZZ_SECONDS:-20}
start=$(date +%s)
FUZZ_BUILD_DIR="$build" FUZZ_BUILD_APP=ON FUZZ_BUILD_ONLY=1 ./scripts/fuzz.sh
cmake --build "$build" -j "$(nproc)" # and the window and every suite
echo "ci-sanitize: built in $(($(date +%s) - start)) s"
# One ctest over every suite, the longest first, so that both cores stay busy to the end. The window's
# suites turn leak detection off themselves (their ASAN_OPTIONS in tests/CMakeLists.txt).
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 QT_QPA_PLATFORM=offscreen \
    KVSCOPE_MONKEY_ACTIONS=500 ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
echo "ci-sanitize: sanitized suites passed after $(($(date +%s) - start)) s"
FUZZ_BUILD_DIR="$build" FUZZ_BUILD_APP=ON ./scripts/fuzz.sh "$seconds" # the same configuration: nothing rebuilds
echo "ci-sanitize: done in $(($(date +%s) - start)) s"

#!/usr/bin/env bash
# CI's sanitizer stage, sized for two cores: one clang build (build-fuzz/) of core, the decode
# core, the CLI, the headless test suites and the fuzz targets, all under ASan + UBSan with
# float-cast-overflow and no recovery (KVSCOPE_FUZZ). The headless suites run there, then every
# fuzz target for FUZZ_SECONDS (default 20) on its corpus. The window's suites run sanitized
# with `make sanitize` (GCC, the whole tree), which takes longer than CI allows.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${FUZZ_BUILD_DIR:-build-fuzz}
seconds=${FUZZ_SECONDS:-20}
start=$(date +%s)
FUZZ_BUILD_DIR="$build" FUZZ_BUILD_ONLY=1 ./scripts/fuzz.sh
cmake --build "$build" -j "$(nproc)" # and the headless suites
echo "ci-sanitize: built in $(($(date +%s) - start)) s"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 QT_QPA_PLATFORM=offscreen \
    ctest --test-dir "$build" --output-on-failure -j "$(nproc)" --timeout 900
echo "ci-sanitize: sanitized suites passed after $(($(date +%s) - start)) s"
FUZZ_BUILD_DIR="$build" ./scripts/fuzz.sh "$seconds"
echo "ci-sanitize: done in $(($(date +%s) - start)) s"

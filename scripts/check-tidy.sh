#!/usr/bin/env bash
# CI's clang-tidy gate: the checks in .clang-tidy, as errors, over every C++ source of the program:
# core/ (every figure), gpu/ (the decode core; the .cu file is nvcc's), app/ (the window) and
# app/cli/ (the CLI); about 6 min on 2 cores. Tests and benchmarks are not gated. Uses the
# compile_commands.json of a build (default build/, configured with
# -DCMAKE_EXPORT_COMPILE_COMMANDS=ON, which this script does if it is missing).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v run-clang-tidy >/dev/null || { echo "check-tidy: run-clang-tidy is not installed (apt-get install clang-tidy)" >&2; exit 2; }
build=${1:-build}
if [[ ! -f $build/compile_commands.json ]]; then
    cmake -S . -B "$build" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
fi
# GCC-only warning flags in the compile commands (-Wno-restrict) are not clang's.
if ! run-clang-tidy -p "$build" -j "$(nproc)" -quiet -extra-arg=-Wno-unknown-warning-option \
    'core/[^/]*\.cpp$' 'gpu/[^/]*\.cpp$' 'app/[^/]*\.cpp$' 'app/cli/[^/]*\.cpp$'; then
    echo "check-tidy: the findings above break .clang-tidy's checks" >&2
    exit 1
fi
echo "check-tidy: core/, gpu/, app/ and app/cli/ clean"

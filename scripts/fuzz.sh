#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) in build-fuzz/ and runs each for a
# bounded time on its seed corpus: tests/fuzz/corpus/<target>/ (hand-made seeds and every
# input that once crashed, kept as a regression file) plus the test data and shipped files
# of its format. A crash, a sanitizer finding, a leak or a slow input fails the run and
# leaves the input in build-fuzz/artifacts/: add it to tests/fuzz/corpus/<target>/ with the fix.
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]     (default 30 s, every target)
#   FUZZ_BUILD_ONLY=1 scripts/fuzz.sh                    (configure and build, run nothing)
#   FUZZ_JOBS=N scripts/fuzz.sh                          (N targets at a time; default one per core)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
shift || true
build=${FUZZ_BUILD_DIR:-build-fuzz}
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(fuzz_hfconfig fuzz_scenario fuzz_lesson fuzz_trace fuzz_safetensors fuzz_cliargs fuzz_serverlog)

command -v clang++ >/dev/null || { echo "fuzz: clang++ is missing (scripts/install-deps.sh installs it)" >&2; exit 1; }
# The headless test suites build here too (scripts/ci-sanitize.sh runs them under the same
# sanitizers), and with FUZZ_BUILD_APP=ON the window and its suites as well.
# Ninja for a new build folder, as the Makefile does (an existing one keeps its generator).
if [[ -z ${CMAKE_GENERATOR:-} && ! -f $build/CMakeCache.txt ]] && command -v ninja >/dev/null; then
    export CMAKE_GENERATOR=Ninja
fi
# A unity build (eight sources a unit): the Qt and standard templates each file instantiates are compiled
# once per unit instead of once per file. Only the sanitizer builds: the release build keeps one unit per
# file, so that a file that forgets an include still fails there, and clang-tidy reads its compile database.
cmake -S . -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKVSCOPE_FUZZ=ON \
    -DCMAKE_UNITY_BUILD="${FUZZ_UNITY_BUILD:-ON}" -DCMAKE_UNITY_BUILD_BATCH_SIZE=8 \
    -DKVSCOPE_BUILD_APP="${FUZZ_BUILD_APP:-OFF}" -DKVSCOPE_BUILD_TESTS=ON -DKVSCOPE_CUDA=OFF -DKVSCOPE_WERROR=ON -DKVSCOPE_TEST_TIMEOUT_SCALE=4 >/dev/null
cmake --build "$build" -j "$(nproc)" --target "${targets[@]}"
[[ -z "${FUZZ_BUILD_ONLY:-}" ]] || exit 0

# Seeds beyond the target's own corpus: the files of its format the tests and the app ship.
extra_seeds() {
    case $1 in
    fuzz_hfconfig) echo tests/data tests/data/hf-configs resources/presets ;;
    fuzz_serverlog) echo tests/data/logs ;;
    fuzz_lesson) echo tests/data/lessons resources/lessons ;;
    *) ;;
    esac
}

mkdir -p "$build/artifacts"
# One target per core at a time (FUZZ_JOBS; libFuzzer runs on one thread): the same seconds each, half the
# wall time on two cores. Each writes its log and exit status; they are read back in order below.
fuzz_one() {
    local target=$1 work="$build/corpus/$1" # the corpus grows across runs; the committed seeds stay read-only
    mkdir -p "$work"
    local seeds=() dir status=0
    for dir in "tests/fuzz/corpus/$target" $(extra_seeds "$target"); do
        [[ -d "$dir" ]] && seeds+=("$dir") # git keeps no empty folder: a target may have no own seeds
    done
    ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1 \
        "$build/tests/fuzz/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -print_final_stats=1 -artifact_prefix="$build/artifacts/$target-" "$work" "${seeds[@]}" \
        >"$build/artifacts/$target.log" 2>&1 || status=$?
    echo "$status" >"$build/artifacts/$target.status"
}
jobs_max=${FUZZ_JOBS:-$(nproc)}
for target in "${targets[@]}"; do
    while (($(jobs -rp | wc -l) >= jobs_max)); do wait -n || true; done
    echo "fuzz: $target for ${seconds} s"
    rm -f "$build/artifacts/$target.status"
    fuzz_one "$target" &
done
wait
failed=0
for target in "${targets[@]}"; do
    log="$build/artifacts/$target.log"
    status=$(cat "$build/artifacts/$target.status" 2>/dev/null || echo "no status")
    echo "fuzz: $target"
    grep -E '^(#[0-9]+ +DONE|stat::number_of_executed_units|==[0-9]+==ERROR|SUMMARY|fuzz:|.*runtime error)' "$log" || true
    if [[ $status != 0 ]]; then
        tail -40 "$log" >&2
        echo "fuzz: $target FAILED (exit $status); the input is in $build/artifacts/, the log in $log" >&2
        failed=1
    fi
done
[[ $failed -eq 0 ]] || exit 1
echo "fuzz: ${#targets[@]} targets ran ${seconds} s each without a finding"

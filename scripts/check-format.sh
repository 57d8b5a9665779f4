#!/usr/bin/env bash
# CI's style gate: every tracked C++ and CUDA source must already be as clang-format (the
# repository's .clang-format) writes it. Prints the files and lines that differ and fails;
# `scripts/check-format.sh --fix` rewrites them in place instead.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || { echo "check-format: clang-format is not installed (apt-get install clang-format)" >&2; exit 2; }
mapfile -t files < <(git ls-files '*.cpp' '*.h' '*.cu' '*.cuh')
if [[ ${1:-} == --fix ]]; then
    clang-format -i "${files[@]}"
    exit 0
fi
if ! clang-format --dry-run -Werror "${files[@]}"; then
    echo "check-format: the files above are not clang-formatted; run scripts/check-format.sh --fix" >&2
    exit 1
fi
echo "check-format: ${#files[@]} files clean"

#!/usr/bin/env bash
# Downloads (here, where the package mirrors answer) the Debian packages the GPU check
# machine lacks, into .devdeps/ (git-ignored), so bench/gpu-check.sh can unpack them
# there into a private prefix. That machine has nvcc, CMake and a compiler but no Qt,
# nlohmann-json or OpenBLAS, and reaches no network. Only the headless targets are built
# there: kvscope-cli, the core/decode/CLI tests and bench_decode.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .devdeps
grep -qx '/.devdeps/' .git/info/exclude 2>/dev/null || echo '/.devdeps/' >>.git/info/exclude
packages=(
    qt6-base-dev qt6-base-dev-tools qmake6 qmake6-bin libqt6core6 libqt6test6 libqt6dbus6
    libicu72 libdouble-conversion3 libpcre2-16-0 libb2-1 libzstd1
    nlohmann-json3-dev
    libopenblas-dev libopenblas-pthread-dev libopenblas0 libopenblas0-pthread libgfortran5
)
(cd .devdeps && rm -f ./*.deb && apt-get download "${packages[@]}")
du -sh .devdeps

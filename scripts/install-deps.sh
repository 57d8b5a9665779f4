#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages KV Scope needs to build, run and test, skipping
# those already present. Uses sudo when not root. CUDA is optional and never installed
# here: the build picks up /usr/local/cuda when it exists.
set -euo pipefail

packages=(
    build-essential cmake pkgconf
    ninja-build # the generator make and CI use: it keeps both cores busy across library boundaries
    qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev
    libqt6opengl6-dev # Qt6Charts' CMake config needs Qt6OpenGL, which qt6-charts-dev does not pull in
    qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    qt6-translations-l10n # Qt's own dialog buttons and shortcuts in Korean
    libgl-dev nlohmann-json3-dev libopenblas-dev
    fonts-dejavu-core
    fonts-noto-cjk # Korean UI text in screenshots and on machines without a CJK font
    scdoc # the man pages are kept in scdoc source
    lintian appstream desktop-file-utils # checks of the Debian package (make package)
    clang libomp-dev # the libFuzzer targets (make fuzz): clang with OpenMP
    clang-format clang-tidy # CI's style and lint gates (scripts/check-format.sh, .clang-tidy)
    ccache # a rebuild compiles only what changed, across build folders (CMakeLists.txt, KVSCOPE_CCACHE)
)

missing=()
for pkg in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$pkg")
done

if [[ ${#missing[@]} -eq 0 ]]; then
    echo "install-deps: all ${#packages[@]} packages present"
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-deps: missing ${missing[*]}, and this is not a Debian/Ubuntu system (no apt-get)." >&2
    echo "install-deps: install Qt 6 (Widgets, Charts, Svg, Tools), nlohmann-json and OpenBLAS by hand." >&2
    exit 1
fi

sudo=()
if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null 2>&1 || { echo "install-deps: need root or sudo to install ${missing[*]}" >&2; exit 1; }
    sudo=(sudo)
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"

#!/usr/bin/env bash
# The device check, in one run on the GPU machine (about 3 minutes on an H200):
#   build the headless targets for sm_90, run the CUDA tests, run the GPU benchmark.
# Prepare here first with scripts/fetch-device-debs.sh, then run there with .devdeps
# carried:  bash bench/gpu-check.sh   (results also go to $OUT when it is set).
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/kvscope-gpu-check}
mkdir -p "$out"
exec > >(tee "$out/gpu-check.log") 2>&1
date -u
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv || true

prefix=/tmp/kvdeps # the packages go to a private prefix: unpacked over / they can break the image
mkdir -p "$prefix"
for deb in .devdeps/*.deb; do dpkg -x "$deb" "$prefix"; done
export LD_LIBRARY_PATH="$prefix/usr/lib/x86_64-linux-gnu:$prefix/usr/lib/x86_64-linux-gnu/openblas-pthread${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

build=/tmp/kvscope-build
gen=(); command -v ninja >/dev/null && gen=(-G Ninja)
cmake -S . -B "$build" "${gen[@]}" -DCMAKE_BUILD_TYPE=Release -DKVSCOPE_BUILD_APP=OFF -DKVSCOPE_CUDA=ON \
    -DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_PREFIX_PATH="$prefix/usr" \
    -DBLAS_LIBRARIES="$prefix/usr/lib/x86_64-linux-gnu/openblas-pthread/libopenblas.so" \
    -DCMAKE_CXX_FLAGS="-I$prefix/usr/include -I$prefix/usr/include/x86_64-linux-gnu/openblas-pthread" || exit 1
cmake --build "$build" -j 16 --target kvscope-cli tst_decode tst_device tst_cli bench_decode || exit 1

status=0
"$build/tests/tst_device" || status=1
"$build/tests/tst_decode" -maxwarnings 0 || status=1
"$build/tests/tst_cli" decodeOnCuda decodeSmall || status=1
"$build/app/cli/kvscope-cli" decode --backend cuda --dtype bf16 --graphs --batch 64 --steps 100 --prompt-len 1 \
    --json >"$out/decode-b64-bf16.json" || status=1
"$build/bench/bench_decode" --gpu-only || status=1
date -u
exit $status

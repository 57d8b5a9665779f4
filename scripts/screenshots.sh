#!/usr/bin/env bash
# Renders KV Scope's screenshots with the app's own --screenshot, offscreen: every page, the
# ones the AppStream metadata names (memory, paged, presenter-ko), and the memory page at 150%
# and 200% scale, to check that nothing is clipped and the charts stay crisp on high-DPI screens;
# then every page again in the dark palette (dark-*.png), in English and Korean and at 200%.
# The light set is rendered with --palette light, so a saved View > Palette choice never leaks in.
#   scripts/screenshots.sh [BUILD_DIR] [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
out=${2:-$build/screenshots}
app="$build/app/kvscope"
[[ -x "$app" ]] || { echo "screenshots: $app is not built (run make build)" >&2; exit 1; }
mkdir -p "$out"
export QT_QPA_PLATFORM=offscreen
shot() { # NAME ARGS...
    local name=$1
    shift
    "$app" --window-size 1280x800 --palette "${palette:-light}" "$@" --screenshot "$out/$name.png" 2>/dev/null
    echo "screenshots: $out/$name.png"
}
shot memory --lang en --preset llama-3.1-8b --page memory
shot paged --lang en --page paged --sim-steps 60
shot attention --lang en --page attention
shot scaling --lang en --page scaling
shot gpu --lang en --page gpu
shot explain-log --lang en --log tests/data/logs/vllm-v0-llama-3.1-8b-a10-oracle-1.log
shot explain-log-ko --lang ko --log tests/data/logs/vllm-v1-qwen3-30b-a3b-fp8-gb10-1.log
shot presenter-ko --lang ko --presenter --page memory
QT_SCALE_FACTOR=1.5 shot memory-150 --lang en --page memory
QT_SCALE_FACTOR=2 shot memory-200 --lang en --page memory
QT_SCALE_FACTOR=2 shot memory-200-ko --lang ko --page memory

# The dark palette: every page, Korean, presenter mode and 200% scale.
export palette=dark
shot dark-memory --lang en --preset llama-3.1-8b --page memory
shot dark-attention --lang en --page attention
shot dark-scaling --lang en --page scaling
shot dark-paged --lang en --page paged --sim-steps 60
shot dark-gpu --lang en --page gpu
shot dark-explain-log --lang en --log tests/data/logs/vllm-v0-llama-3.1-8b-a10-oracle-1.log
shot dark-lessons --lang en --page memory --lesson course:2
for page in memory attention scaling paged gpu; do
    shot "dark-$page-ko" --lang ko --page "$page" --sim-steps 60
done
shot dark-explain-log-ko --lang ko --log tests/data/logs/vllm-v1-qwen3-30b-a3b-fp8-gb10-1.log
shot dark-presenter-ko --lang ko --presenter --page memory
QT_SCALE_FACTOR=2 shot dark-memory-200 --lang en --page memory
QT_SCALE_FACTOR=2 shot dark-memory-200-ko --lang ko --page memory
QT_SCALE_FACTOR=2 shot dark-paged-200-ko --lang ko --page paged --sim-steps 60

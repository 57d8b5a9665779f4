#!/usr/bin/env bash
# Checks the built Debian package as a user would meet it: unpacked into a throwaway root,
# the installed programs must run and find their data (presets, lessons and translations
# are compiled in): kvscope-cli --version and estimate, and the window rendered offscreen in
# Korean. The desktop file and AppStream metadata are validated when the validators are there.
set -euo pipefail
build=${1:-build}
deb=$(ls -t "$build"/kvscope_*_*.deb 2>/dev/null | head -1)
[[ -n "$deb" ]] || { echo "check-package: no kvscope_*.deb in $build (run make package)" >&2; exit 1; }
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
dpkg-deb -x "$deb" "$root"

version=$(dpkg-deb -f "$deb" Version)
"$root/usr/bin/kvscope-cli" --version | grep -qx "kvscope-cli $version"
"$root/usr/bin/kvscope-cli" estimate --preset llama-3.1-8b --json | grep -q '"kv_bytes": 8589934592'
"$root/usr/bin/kvscope-cli" estimate --lang ko | grep -q '가중치'
QT_QPA_PLATFORM=offscreen "$root/usr/bin/kvscope" --lang ko --lesson course --screenshot "$root/screenshot.png" 2>/dev/null
[[ -s "$root/screenshot.png" ]]
test -s "$root/usr/share/doc/kvscope/copyright"
if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$root/usr/share/applications/org.kvscope.KVScope.desktop"
fi
if command -v appstreamcli >/dev/null; then
    appstreamcli validate --no-net "$root/usr/share/metainfo/org.kvscope.KVScope.metainfo.xml"
fi
test -s "$root/usr/share/doc/kvscope/changelog.gz"
for page in kvscope kvscope-cli; do
    zcat "$root/usr/share/man/man1/$page.1.gz" | grep -q "^\.TH \"$page\""
done
for size in 16 22 24 32 48 64 128 256; do
    test -s "$root/usr/share/icons/hicolor/${size}x${size}/apps/org.kvscope.KVScope.png"
done

# Lintian: no errors, and only the warnings packaging/lintian-warnings.txt accepts (with a reason).
if command -v lintian >/dev/null; then
    here=$(cd "$(dirname "$0")" && pwd)
    accepted=$(sed -e 's/#.*//' -e 's/[[:space:]]*$//' "$here/lintian-warnings.txt" | grep -v '^$' || true)
    report=$(lintian --allow-root --tag-display-limit 0 "$deb" 2>&1 || true)
    problems=$( (printf '%s\n' "$report" | grep -E '^[EW]: ' || true) | while read -r line; do
        tag=$(printf '%s\n' "$line" | awk '{print $3}')
        if [[ "$line" == E:* ]] || ! grep -qxF "$tag" <<<"$accepted"; then printf '%s\n' "$line"; fi
    done)
    if [[ -n "$problems" ]]; then
        echo "check-package: lintian found problems:" >&2
        printf '%s\n' "$problems" >&2
        exit 1
    fi
fi
echo "check-package: $(basename "$deb") installs and runs (version $version)"

#!/bin/sh
# Renders SVG diagrams to PNG in headless Chromium, at each file's own size, to look at.
#   scripts/svg-check.sh OUT_DIR FILE.svg...
set -e
out=$1
shift
mkdir -p "$out"
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
  echo "svg-check: no chromium; install it with: apt-get install -y chromium" >&2
  exit 2
fi
for svg in "$@"; do
  size=$(sed -n 's/.*<svg [^>]*width="\([0-9.]*\)" height="\([0-9.]*\)".*/\1 \2/p' "$svg" | head -1)
  width=$(echo "$size" | awk '{ printf "%d", $1 + 0.999 }')
  height=$(echo "$size" | awk '{ printf "%d", $2 + 0.999 }')
  png="$out/$(basename "$svg" .svg).png"
  "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --screenshot="$png" \
    --window-size="$width,$height" "file://$(cd "$(dirname "$svg")" && pwd)/$(basename "$svg")" >/dev/null 2>&1
  echo "$png (${width}x${height})"
done

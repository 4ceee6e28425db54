#!/usr/bin/env bash
# Regenerates the printable PDF documents of /inscription-documents from their
# HTML sources (docs/documents-src/*.html) with headless Chromium.
# Usage: bash scripts/build-documents.sh   (CHROME_PATH overrides the browser)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
src="$root/docs/documents-src"
out="$root/public/documents"
chrome="${CHROME_PATH:-$(command -v chromium || command -v chromium-browser || command -v google-chrome)}"
mkdir -p "$out"
for html in "$src"/*.html; do
  name="$(basename "$html" .html)"
  "$chrome" --headless --no-sandbox --disable-gpu --no-pdf-header-footer \
    --print-to-pdf="$out/$name.pdf" "file://$html" 2>/dev/null
  echo "$out/$name.pdf ($(stat -c %s "$out/$name.pdf") octets)"
done

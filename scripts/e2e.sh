#!/usr/bin/env bash
# Browser tests: make sure Debian's Chromium is there, then run Playwright
# against the production build (npm run build first).
set -euo pipefail
cd "$(dirname "$0")/.."
CHROME="${CHROME_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROME" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Chromium absent : installation du paquet Debian chromium…"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Chromium est introuvable ($CHROME). Installez-le (apt-get install chromium) ou définissez CHROME_PATH." >&2
    exit 1
  fi
fi
if [ ! -f "${BUILD_DIR:-build}/server.js" ]; then
  npm run build
fi
exec npx playwright test "$@"

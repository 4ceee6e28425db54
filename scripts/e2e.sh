#!/usr/bin/env bash
# Browser tests: make sure Debian's Chromium and Caddy (the HTTPS test,
# https-caddy.spec.ts) are there, then run Playwright against the production
# build (npm run build first).
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
CADDY="${CADDY_PATH:-/usr/bin/caddy}"
if [ ! -x "$CADDY" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Caddy absent : installation du paquet Debian caddy…"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq caddy >/dev/null
    # Only the tests run it: the package's own service (port 80) stays stopped.
    if [ -d /run/systemd/system ]; then systemctl disable --now caddy.service >/dev/null 2>&1 || true; fi
  else
    echo "Caddy est introuvable ($CADDY). Installez-le (apt-get install caddy) ou définissez CADDY_PATH." >&2
    exit 1
  fi
fi
if [ ! -f "${BUILD_DIR:-build}/server.js" ]; then
  npm run build
fi
exec npx playwright test "$@"

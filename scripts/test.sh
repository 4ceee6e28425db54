#!/usr/bin/env bash
# The whole test suite: types, lint, production build, unit and integration tests (PGlite,
# and PostgreSQL when TEST_DATABASE_URL is set), browser tests.
# dependency-cruiser refuses import cycles and upward imports (.dependency-cruiser.cjs);
# knip must report nothing (unused files, exports, dependencies); the code is
# formatted by prettier (npm run format), prose (*.md) excepted.
# Rules: every check runs and any failure fails the suite. The static checks each use one
# core, so they run as two lanes side by side (each lane's output printed whole when it ends).
set -euo pipefail
cd "$(dirname "$0")/.."

lane() {
  local log="$1"
  shift
  (
    for step in "$@"; do
      echo "== $step"
      bash -c "$step" || { echo "!! $step failed"; exit 1; }
    done
  ) >"$log" 2>&1
}
echo "== route types (react-router typegen, read by the type check and the lint)"; node_modules/.bin/react-router typegen
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
lane "$logs/a" "node_modules/.bin/tsc --noEmit" "npm run -s deps" "npm run -s knip" &
a=$!
lane "$logs/b" "npm run -s lint" "npm run -s format:check" &
b=$!
status=0
wait "$a" || status=1
cat "$logs/a"
wait "$b" || status=1
cat "$logs/b"
[ "$status" = 0 ] || exit 1

# The install test reads the unit with systemd-analyze (Debian's systemd package, no systemd running).
if ! command -v systemd-analyze >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq systemd >/dev/null
fi
# Built once, before the tests that start it: the several-processes and several-machines tests,
# the upgrade test (releases made of this build) and the browser tests.
echo "== build"; npm run build
echo "== unit and integration tests"; npx vitest run
echo "== browser tests"; bash scripts/e2e.sh

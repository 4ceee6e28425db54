#!/usr/bin/env bash
# The whole test suite: types, lint, unit and integration tests (PGlite, and
# PostgreSQL when TEST_DATABASE_URL is set), production build, browser tests.
# dependency-cruiser refuses import cycles and upward imports (.dependency-cruiser.cjs);
# knip must report nothing (unused files, exports, dependencies); the code is
# formatted by prettier (npm run format), prose (*.md) excepted.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== typecheck"; npm run typecheck
echo "== lint"; npm run lint
echo "== layering (dependency-cruiser)"; npm run deps
echo "== formatting (prettier)"; npm run format:check
echo "== unused code (knip)"; npm run knip
# The install test reads the unit with systemd-analyze (Debian's systemd package, no systemd running).
if ! command -v systemd-analyze >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq systemd >/dev/null
fi
echo "== unit and integration tests"; npx vitest run --exclude 'tests/deploy/upgrade*'
echo "== build"; npm run build
echo "== upgrade test (deploy/upgrade with releases made of this build)"; npx vitest run tests/deploy/upgrade
echo "== browser tests"; bash scripts/e2e.sh

#!/usr/bin/env bash
# The upgrade test's stand-in for systemctl (no systemd here), given to
# deploy/install and deploy/upgrade as CLUB_SERVICE_COMMAND:
#   service-without-systemd.sh start|stop|restart|status
# Runs the site as club.service would: `node --max-old-space-size=256
# build/server.js` in the release /opt/club/current points at (resolved at
# start), with only the settings of /etc/club/club.env, everything under
# CLUB_TEST_ROOT. Its output goes to CLUB_TEST_ROOT/var/log/club.log (the
# test reads the setup address there). Stop: SIGTERM, then wait for the end.
set -euo pipefail
: "${CLUB_TEST_ROOT:?CLUB_TEST_ROOT manquant}"
# shellcheck source=../../deploy/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../deploy/lib/common.sh"
ROOT="$CLUB_TEST_ROOT"
PID_FILE="$ROOT/run/club.pid"
LOG_FILE="$ROOT/var/log/club.log"

# Alive and not a zombie (an orphan's parent here may never reap it).
alive() { [ -r "/proc/$1/stat" ] && [ "$(awk '{print $3}' "/proc/$1/stat")" != Z ]; }
running() { [ -f "$PID_FILE" ] && alive "$(cat "$PID_FILE")"; }

start() {
  if running; then return 0; fi
  mkdir -p "$(dirname "$PID_FILE")" "$(dirname "$LOG_FILE")"
  load_env_file "$ROOT/etc/club/club.env"
  local dir
  dir="$(cd "$ROOT/opt/club/current" && pwd -P)"
  cd "$dir"
  env -i PATH="/usr/local/bin:/usr/bin:/bin" HOME="$ROOT/var/lib/club" LANG=C.UTF-8 "${ENV_ASSIGN[@]}" \
    setsid node --max-old-space-size=256 build/server.js >>"$LOG_FILE" 2>&1 </dev/null &
  echo $! >"$PID_FILE"
}

stop() {
  running || return 0
  local pid
  pid="$(cat "$PID_FILE")"
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 600); do
    alive "$pid" || break
    sleep 0.1
  done
  kill -KILL "$pid" 2>/dev/null || true
  rm -f "$PID_FILE"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  restart) stop && start ;;
  status) running ;;
  *)
    echo "Usage : $0 start|stop|restart|status" >&2
    exit 64
    ;;
esac

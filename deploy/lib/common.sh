# shellcheck shell=bash
# What deploy/install and deploy/upgrade share: the server's layout, the dry
# run, the messages to the volunteer, the environment file, the service and
# the releases.
#
# Rules:
# - One layout (docs/decisions/0071-install-and-upgrade.md): user `club`,
#   releases side by side in /opt/club/releases/<id>, /opt/club/current a
#   relative link to the running one, data in /var/lib/club, settings in
#   /etc/club/club.env (mode 600), unit /etc/systemd/system/club.service.
# - `--root DIR`: every system path is under DIR, no account is used (no
#   chown, commands run as the caller), the service is driven by
#   CLUB_SERVICE_COMMAND; with `--dry-run` too, no system command runs at all
#   (printed « [essai] … » instead): only files under DIR are written.
# - Messages to the volunteer in French, through `say` (no-break spaces put
#   in before « : ; ! ? » and inside « », as on the site's pages).
# - A file is rewritten only when its content changes (a second run changes
#   nothing); `write_file` says which.
# - Secrets never appear on a command line (they would show in `ps`).

APP_DIR=/opt/club
DATA_DIR_SYS=/var/lib/club
ETC_DIR=/etc/club
ENV_FILE_SYS=/etc/club/club.env
DKIM_FILE_SYS=/etc/club/dkim.pem
UNIT_FILE_SYS=/etc/systemd/system/club.service
CADDYFILE_SYS=/etc/caddy/Caddyfile
UPGRADE_LOG_NAME=mises-a-jour.jsonl
SERVICE=club
CLUB_USER=club
ROOT=""
DRY_RUN=0
# Where the scripts live: the checkout they install from.
DEPLOY_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SOURCE_DIR="$(cd "$DEPLOY_DIR/.." && pwd)"

NBSP=$'\xc2\xa0'

# French typography for the terminal: a no-break space before « : ; ! ? »
# and inside « » (the text is written with plain spaces).
typeset_fr() {
  sed -e "s/ \([:;!?»]\)/${NBSP}\1/g" -e "s/« /«${NBSP}/g"
}
say() { printf '%s\n' "$*" | typeset_fr; }
step() { printf '\n' && say "== $*"; }
warn() { say "Attention : $*" >&2; }
fail() {
  say "Erreur : $*" >&2
  exit 1
}
usage_error() {
  say "$*" >&2
  say "Aide : $0 --help" >&2
  exit 64
}

dry() { [ "$DRY_RUN" = 1 ]; }
in_test_root() { [ -n "$ROOT" ]; }

# A system path, under the test root when there is one.
p() { printf '%s%s' "$ROOT" "$1"; }

# Prints a command the way a shell would read it.
show_command() {
  local out="" a
  for a in "$@"; do out+="$(printf '%q' "$a") "; done
  printf '%s\n' "${out% }"
}

# A command that changes the system: printed in a dry run, run otherwise.
run() {
  if dry; then
    printf '[essai] %s\n' "$(show_command "$@")"
  else
    "$@"
  fi
}

# A command about accounts and owners: never in a test root.
run_system() {
  if in_test_root; then
    printf '[essai] %s\n' "$(show_command "$@")"
  else
    "$@"
  fi
}

parse_common_option() {
  # Returns 0 and sets SHIFT_BY when $1 is one of the shared options.
  case "$1" in
    --root)
      [ $# -ge 2 ] || usage_error "--root demande un dossier."
      ROOT="${2%/}"
      SHIFT_BY=2
      ;;
    --root=*)
      ROOT="${1#--root=}"
      ROOT="${ROOT%/}"
      SHIFT_BY=1
      ;;
    --dry-run)
      DRY_RUN=1
      SHIFT_BY=1
      ;;
    *) return 1 ;;
  esac
}

check_common_options() {
  if dry && ! in_test_root; then usage_error "--dry-run s'utilise avec --root DOSSIER (un dossier d'essai)."; fi
  if in_test_root; then
    [ -d "$ROOT" ] || usage_error "Le dossier d'essai $ROOT n'existe pas."
    ROOT="$(cd "$ROOT" && pwd)"
    [ "$ROOT" != / ] || usage_error "--root / : lancez le script sans --root."
    if ! dry && [ -z "${CLUB_SERVICE_COMMAND:-}" ]; then
      usage_error "--root sans --dry-run demande CLUB_SERVICE_COMMAND (la commande qui démarre et arrête le site d'essai)."
    fi
  elif [ "$(id -u)" != 0 ]; then
    fail "lancez ce script en tant que root (sudo $0 …)."
  fi
}

# One deploy command at a time on a machine.
take_lock() {
  local dir
  dir="$(p /run/lock)"
  mkdir -p "$dir"
  exec 9>"$dir/club-deploy.lock"
  if ! flock -n 9; then fail "une installation ou une mise à jour est déjà en cours sur ce serveur."; fi
}

# write_file TARGET MODE < content: replaces TARGET only when the content or
# the mode differs. Returns 0 when it wrote, 1 when nothing changed.
write_file() {
  local target="$1" mode="$2" tmp
  mkdir -p "$(dirname "$target")"
  tmp="$(mktemp "$target.XXXXXX")"
  cat >"$tmp"
  chmod "$mode" "$tmp"
  if [ -f "$target" ] && cmp -s "$tmp" "$target" && [ "$(stat -c %a "$target")" = "$mode" ]; then
    rm -f "$tmp"
    say "  inchangé : ${target#"$ROOT"}"
    return 1
  fi
  mv -f "$tmp" "$target"
  say "  écrit : ${target#"$ROOT"}"
  return 0
}

# --- The environment file (KEY=VALUE lines, as systemd's EnvironmentFile reads them) ---

# env_get FILE KEY: the value of KEY (quotes removed), empty when absent.
env_get() {
  local file="$1" key="$2" line value
  [ -f "$file" ] || return 0
  line="$(grep -E "^[[:space:]]*${key}=" "$file" | tail -n 1 || true)"
  [ -n "$line" ] || return 0
  value="${line#*=}"
  if [[ "$value" == \"*\" ]]; then value="${value#\"}" && value="${value%\"}"; fi
  printf '%s' "$value"
}

# Variables holding a path: under the test root when there is one.
PATH_VARIABLES=" DATA_DIR BACKUP_DIR DKIM_PRIVATE_KEY_FILE "

# Fills ENV_ASSIGN with KEY=VALUE of every setting of FILE (for `env -i`).
load_env_file() {
  local file="$1" line key value
  ENV_ASSIGN=()
  while IFS= read -r line || [ -n "$line" ]; do
    [[ "$line" =~ ^[[:space:]]*([A-Za-z_][A-Za-z0-9_]*)=(.*)$ ]] || continue
    key="${BASH_REMATCH[1]}"
    value="${BASH_REMATCH[2]}"
    if [[ "$value" == \"*\" ]]; then value="${value#\"}" && value="${value%\"}"; fi
    if in_test_root && [[ "$PATH_VARIABLES" == *" $key "* ]] && [[ "$value" == /* ]]; then value="$ROOT$value"; fi
    ENV_ASSIGN+=("$key=$value")
  done <"$file"
}

# The value of KEY in ENV_ASSIGN (after load_env_file).
setting() {
  local kv
  for kv in "${ENV_ASSIGN[@]}"; do
    if [ "${kv%%=*}" = "$1" ]; then printf '%s' "${kv#*=}"; fi
  done
}

# club_exec DIR COMMAND…: runs a command of the site (backup, migrations,
# restore) in DIR, as the site's user, with the site's settings only.
club_exec() {
  local dir="$1"
  shift
  local as=()
  local home
  home="$(p "$DATA_DIR_SYS")"
  if ! in_test_root; then as=(setpriv --reuid="$CLUB_USER" --regid="$CLUB_USER" --init-groups --inh-caps=-all --); fi
  (cd "$dir" && env -i PATH="/usr/local/bin:/usr/bin:/bin" HOME="$home" LANG=C.UTF-8 "${ENV_ASSIGN[@]}" "${as[@]}" "$@")
}

# --- The service ---

# service_ctl start|stop|restart|status|enable|reload-units
service_ctl() {
  local action="$1"
  if [ -n "${CLUB_SERVICE_COMMAND:-}" ] && ! dry; then
    case "$action" in
      enable | reload-units) return 0 ;;
    esac
    "$CLUB_SERVICE_COMMAND" "$action" 9>&-
    return
  fi
  case "$action" in
    start | stop | restart) run systemctl "$action" "$SERVICE" ;;
    status)
      if dry; then
        run systemctl is-active --quiet "$SERVICE"
        return 1
      fi
      systemctl is-active --quiet "$SERVICE"
      ;;
    enable) run systemctl enable "$SERVICE" ;;
    reload-units) run systemctl daemon-reload ;;
  esac
}

# Waits until the site answers /healthz, then checks that a page renders.
# Fails early when the service stops. Timeout: CLUB_HEALTH_TIMEOUT seconds (90).
wait_for_site() {
  local port="$1" timeout="${CLUB_HEALTH_TIMEOUT:-90}" waited=0 why=""
  local base="http://127.0.0.1:$port"
  if dry; then
    printf '[essai] %s\n' "$(show_command node "$DEPLOY_DIR/lib/check-site.mjs" "$base")"
    return 0
  fi
  while :; do
    if why="$(node "$DEPLOY_DIR/lib/check-site.mjs" "$base" 2>&1)"; then return 0; fi
    if ! service_ctl status; then
      LAST_SITE_PROBLEM="le site s'est arrêté juste après son démarrage (voir son journal : journalctl -u $SERVICE)"
      return 1
    fi
    if [ "$waited" -ge "$timeout" ]; then
      LAST_SITE_PROBLEM="le site ne répond pas correctement après $timeout secondes ($why)"
      return 1
    fi
    sleep 1
    waited=$((waited + 1))
  done
}

# --- Releases ---

# git in the checkout, even when it belongs to another user than root (the
# volunteer cloned it, then ran the script with sudo).
src_git() { git -c safe.directory="$SOURCE_DIR" -C "$SOURCE_DIR" "$@"; }

# The release id of the checkout: its commit's date (UTC) and short hash, so
# that the same code always gives the same id and ids sort by date.
release_id() {
  local stamp hash
  stamp="$(TZ=UTC src_git log -1 --format=%cd --date=format-local:%Y%m%d-%H%M%S HEAD)"
  hash="$(src_git rev-parse --short=12 HEAD)"
  printf '%s-%s' "$stamp" "$hash"
}

check_checkout() {
  src_git rev-parse --verify -q HEAD >/dev/null ||
    fail "$SOURCE_DIR n'est pas un dépôt git : téléchargez le site avec « git clone », puis relancez."
  if [ -n "$(src_git status --porcelain --untracked-files=no)" ]; then
    warn "des fichiers de $SOURCE_DIR sont modifiés sans commit : seule la version enregistrée (commit $(src_git rev-parse --short=12 HEAD)) est installée."
  fi
}

# The release currently linked (its id), empty when none.
current_release() {
  local link
  link="$(p "$APP_DIR/current")"
  [ -L "$link" ] || return 0
  basename "$(readlink "$link")"
}

# Points /opt/club/current at releases/ID, in one rename (never missing).
link_current() {
  local id="$1" dir
  dir="$(p "$APP_DIR")"
  ln -sfn "releases/$id" "$dir/current.nouveau"
  mv -Tf "$dir/current.nouveau" "$dir/current"
  say "  /opt/club/current → releases/$id"
}

# A release with its dependencies takes about 600 MB: refuse to start one
# with less than 1 GB free, before touching anything.
check_disk_space() {
  local free
  mkdir -p "$(p "$APP_DIR")"
  free="$(df --output=avail -k "$(p "$APP_DIR")" | tail -n 1 | tr -d ' ')"
  if [ "${free:-0}" -lt 1048576 ]; then
    fail "il reste $((free / 1024)) Mo sur le disque de /opt/club, il en faut au moins 1 Go : faites de la place (anciennes sauvegardes copiées ailleurs, journalctl --vacuum-size=100M), puis relancez. Rien n'a été changé."
  fi
}

# Makes /opt/club/releases/ID from the checkout's commit and builds it.
# A release is complete once its release.json exists (written last).
build_release() {
  local id="$1" dir commit date
  dir="$(p "$APP_DIR/releases/$id")"
  if [ -f "$dir/release.json" ]; then
    say "  version $id déjà construite : réutilisée."
    return 0
  fi
  rm -rf "$dir"
  mkdir -p "$dir"
  src_git archive --format=tar HEAD | tar -x -C "$dir"
  run_system chown -R "$CLUB_USER:$CLUB_USER" "$APP_DIR/releases/$id"
  say "  fichiers de la version copiés dans /opt/club/releases/$id"
  if [ -n "${CLUB_BUILD_COMMAND:-}" ] && ! dry; then
    (cd "$dir" && bash -c "$CLUB_BUILD_COMMAND") || return 1
  elif dry; then
    printf '[essai] %s\n' "$(show_command npm ci --no-audit --no-fund)"
    printf '[essai] %s\n' "$(show_command npm run build)"
  else
    say "  installation des dépendances et construction (plusieurs minutes sur un petit serveur)…"
    local cache
    cache="$(p "$APP_DIR")/.npm"
    mkdir -p "$cache"
    run_system chown -R "$CLUB_USER:$CLUB_USER" "$cache"
    (cd "$dir" && env -i PATH="/usr/local/bin:/usr/bin:/bin" HOME="$cache" LANG=C.UTF-8 \
      npm_config_cache="$cache" npm_config_update_notifier=false \
      setpriv --reuid="$CLUB_USER" --regid="$CLUB_USER" --init-groups --inh-caps=-all -- \
      bash -c 'npm ci --no-audit --no-fund && npm run build') || return 1
  fi
  commit="$(src_git rev-parse HEAD)"
  date="$(src_git log -1 --format=%cI HEAD)"
  printf '{"id":"%s","commit":"%s","date":"%s"}\n' "$id" "$commit" "$date" >"$dir/release.json"
  say "  version $id prête."
}

# Keeps the current release and the KEEP most recent others; deletes the rest.
prune_releases() {
  local keep="$1" current kept=0 id
  current="$(current_release)"
  while IFS= read -r id; do
    [ -n "$id" ] || continue
    [ "$id" = "$current" ] && continue
    if [ "$kept" -lt "$keep" ]; then
      kept=$((kept + 1))
      continue
    fi
    rm -rf "$(p "$APP_DIR/releases/$id")"
    say "  ancienne version supprimée : $id"
  done < <(find "$(p "$APP_DIR/releases")" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort -r)
}

# --- The log the operations page reads (one JSON object per line) ---

json_string() {
  local s="$1"
  s="${s//\\/\\\\}"
  s="${s//\"/\\\"}"
  s="${s//$'\n'/ }"
  printf '"%s"' "$s"
}

# log_event KIND OUTCOME FROM TO MESSAGE BACKUP
log_event() {
  local file
  file="$(p "$DATA_DIR_SYS")/$UPGRADE_LOG_NAME"
  if dry; then
    say "  [essai] entrée ajoutée au journal des mises à jour ($1, $2)."
    return 0
  fi
  mkdir -p "$(dirname "$file")"
  printf '{"at":"%s","kind":%s,"outcome":%s,"from":%s,"to":%s,"message":%s,"backup":%s}\n' \
    "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(json_string "$1")" "$(json_string "$2")" "$(json_string "$3")" \
    "$(json_string "$4")" "$(json_string "$5")" "$(json_string "$6")" >>"$file"
  chmod 644 "$file"
}

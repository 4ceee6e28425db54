# shellcheck shell=bash
# The steps of deploy/install, in the order it runs them (sourced after
# common.sh, with DOMAIN, ADMIN_EMAIL, WITH_POSTGRES and DKIM_KEY set).
#
# Rules:
# - Each step first looks at what is there and does only what is missing:
#   a package installed, the user, a secret, a file with the same content
#   stay as they are (a second run changes nothing).
# - What the volunteer changed by hand in /etc/club/club.env stays, except
#   BASE_URL (the domain given) and DATABASE_URL with --postgres.
# - Anything outside the test root goes through run_system (printed, never
#   run, with --root); the service through service_ctl.

NEEDS_RESTART=0
CADDY_CHANGED=0
NEW_INSTALL=0
ENV_FILE="$(p "$ENV_FILE_SYS")"

apt_install() {
  if in_test_root; then
    run_system apt-get install -y --no-install-recommends "$@"
    return
  fi
  if [ -z "${APT_UPDATED:-}" ]; then
    apt-get update -q
    APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@"
}

ensure_packages() {
  local wanted=(caddy openssl ca-certificates git util-linux) missing=() pkg
  if [ "$WITH_POSTGRES" = 1 ]; then wanted+=(postgresql); fi
  if in_test_root; then
    missing=("${wanted[@]}")
  else
    for pkg in "${wanted[@]}"; do
      dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
  fi
  if [ ${#missing[@]} -eq 0 ]; then
    say "  déjà installés : ${wanted[*]}"
  else
    say "  installation de : ${missing[*]}"
    apt_install "${missing[@]}"
  fi
}

# The build needs about 1 GB of memory: a server with less than 2 GB gets a
# 2 GB swap file, once (kept in /etc/fstab).
ensure_swap() {
  local mem swap
  mem="$(awk '/^MemTotal:/ {print $2}' /proc/meminfo)"
  swap="$(awk '/^SwapTotal:/ {print $2}' /proc/meminfo)"
  if [ "$mem" -ge 2000000 ] || [ "$swap" -gt 0 ] || [ -e "$(p /swapfile)" ]; then
    say "  mémoire : $((mem / 1024)) Mo, échange : $((swap / 1024)) Mo (rien à ajouter)"
    return
  fi
  say "  moins de 2 Go de mémoire et pas d'échange : création de /swapfile (2 Go)"
  run_system fallocate -l 2G /swapfile
  run_system chmod 600 /swapfile
  run_system mkswap /swapfile
  run_system swapon /swapfile
  if ! in_test_root; then echo "/swapfile none swap sw 0 0" >>/etc/fstab; fi
}

node_ok() {
  command -v node >/dev/null && node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)'
}

# Node.js 20.19 or newer: Debian's when it is recent enough (Debian 13),
# otherwise NodeSource's Node 20 (Debian 12 ships Node 18).
ensure_node() {
  if node_ok; then
    say "  Node.js $(node -v) : convient."
    return
  fi
  if in_test_root; then fail "Node.js 20.19 ou plus récent est nécessaire pour l'essai."; fi
  local candidate
  candidate="$(apt-cache policy nodejs | awk '/Candidate:/ {print $2}')"
  if dpkg --compare-versions "${candidate:-0}" ge 20.19; then
    say "  installation de Node.js $candidate (paquet Debian)"
    apt_install nodejs npm
  else
    say "  Debian propose Node.js ${candidate:-aucun} : installation de Node.js 20 depuis NodeSource (deb.nodesource.com)"
    apt_install curl gnupg
    curl -fsSL https://deb.nodesource.com/gpgkey/nodesource-repo.gpg.key | gpg --dearmor --yes -o /usr/share/keyrings/nodesource.gpg
    printf 'Types: deb\nURIs: https://deb.nodesource.com/node_20.x\nSuites: nodistro\nComponents: main\nSigned-By: /usr/share/keyrings/nodesource.gpg\n' \
      >/etc/apt/sources.list.d/nodesource.sources
    APT_UPDATED=""
    apt_install nodejs
  fi
  node_ok || fail "Node.js 20.19 ou plus récent n'a pas pu être installé (node -v : $(node -v 2>/dev/null || echo absent))."
}

ensure_user_and_folders() {
  if in_test_root || ! getent passwd "$CLUB_USER" >/dev/null; then
    run_system useradd --system --user-group --home-dir "$DATA_DIR_SYS" --no-create-home --shell /usr/sbin/nologin "$CLUB_USER"
  else
    say "  utilisateur « $CLUB_USER » : existe déjà."
  fi
  mkdir -p "$(p "$APP_DIR/releases")" "$(p "$DATA_DIR_SYS")" "$(p "$ETC_DIR")"
  chmod 755 "$(p "$APP_DIR")" "$(p "$APP_DIR/releases")"
  chmod 750 "$(p "$DATA_DIR_SYS")" "$(p "$ETC_DIR")"
  run_system chown "$CLUB_USER:$CLUB_USER" "$DATA_DIR_SYS" "$APP_DIR/releases"
  run_system chown "root:$CLUB_USER" "$ETC_DIR"
  say "  /opt/club (versions du site), /var/lib/club (données), /etc/club (réglages)"
}

random_secret() { openssl rand -base64 48 | tr -dc 'A-Za-z0-9' | head -c "$1"; }

ensure_postgres() {
  local url password
  url="$(env_get "$ENV_FILE" DATABASE_URL)"
  if [[ "$url" =~ ^postgres://club:([A-Za-z0-9]+)@127\.0\.0\.1:5432/club$ ]]; then
    password="${BASH_REMATCH[1]}"
  else
    password="$(random_secret 32)"
  fi
  DATABASE_URL_WANTED="postgres://club:$password@127.0.0.1:5432/club"
  if in_test_root; then
    run_system systemctl enable --now postgresql
    run_system runuser -u postgres -- psql -v ON_ERROR_STOP=1 -q
    say "  [essai] rôle et base « club » créés s'ils manquent (mot de passe dans /etc/club/club.env)"
    return
  fi
  systemctl enable --now postgresql
  local role db
  role="$(runuser -u postgres -- psql -tAq -c "select 1 from pg_roles where rolname = 'club'")"
  if [ "$role" != 1 ] || [ -z "$url" ]; then
    # The password goes through psql's standard input, never its command line.
    {
      printf '\\set pw %s\n' "$password"
      echo "select format(case when exists (select 1 from pg_roles where rolname = 'club') then 'alter role club login password %L' else 'create role club login password %L' end, :'pw') \\gexec"
    } | runuser -u postgres -- psql -v ON_ERROR_STOP=1 -q >/dev/null
    say "  rôle PostgreSQL « club » prêt."
  else
    say "  rôle PostgreSQL « club » : existe déjà."
  fi
  db="$(runuser -u postgres -- psql -tAq -c "select 1 from pg_database where datname = 'club'")"
  if [ "$db" != 1 ]; then
    runuser -u postgres -- createdb --owner=club club
    say "  base PostgreSQL « club » créée."
  else
    say "  base PostgreSQL « club » : existe déjà."
  fi
}

# env_line KEY VALUE FORCE: keeps KEY's line when it is there (unless FORCE=1),
# adds it otherwise. Works on ENV_CONTENT.
env_line() {
  local key="$1" value="$2" force="$3"
  if printf '%s\n' "$ENV_CONTENT" | grep -qE "^[[:space:]]*$key="; then
    [ "$force" = 1 ] || return 0
    ENV_CONTENT="$(printf '%s\n' "$ENV_CONTENT" | NEW="$key=$value" awk -v k="$key" '
      $0 ~ "^[[:space:]]*" k "=" { print ENVIRON["NEW"]; next } { print }')"
  else
    ENV_CONTENT="$ENV_CONTENT"$'\n'"$key=$value"
  fi
}

ensure_env_file() {
  local from
  from="$(env_get "$ENV_FILE" MAIL_FROM)"
  if [ -f "$ENV_FILE" ]; then
    ENV_CONTENT="$(cat "$ENV_FILE")"
  else
    ENV_CONTENT="# Réglages du site du club, lus par systemd au démarrage du service club.
# Écrit par deploy/install ; vos modifications restent (sauf BASE_URL, refait
# d'après le domaine, et DATABASE_URL avec --postgres). Après un changement :
# systemctl restart club
# Toutes les variables sont décrites dans le README, section Configuration.
# BACKUP_PASSPHRASE chiffre les sauvegardes : copiez-la hors du serveur,
# elle sera demandée pour restaurer une sauvegarde sur un autre serveur."
  fi
  env_line NODE_ENV production 0
  env_line HOST 127.0.0.1 0
  env_line PORT 3000 0
  env_line BASE_URL "https://$DOMAIN" 1
  env_line TRUST_PROXY loopback 0
  env_line DATA_DIR "$DATA_DIR_SYS" 0
  env_line BETTER_AUTH_SECRET "$(random_secret 48)" 0
  env_line BACKUP_PASSPHRASE "$(random_secret 32)" 0
  env_line MAIL_FROM "\"${from:-Vovinam Viet Vo Dao <ne-pas-repondre@$DOMAIN>}\"" 0
  env_line DKIM_PRIVATE_KEY_FILE "$DKIM_FILE_SYS" 0
  env_line DKIM_SELECTOR club 0
  if [ -n "${DATABASE_URL_WANTED:-}" ]; then env_line DATABASE_URL "$DATABASE_URL_WANTED" 1; fi
  if printf '%s\n' "$ENV_CONTENT" | write_file "$ENV_FILE" 600; then NEEDS_RESTART=1; fi
  run_system chown root:root "$ENV_FILE_SYS"
}

ensure_dkim_key() {
  local key
  key="$(p "$DKIM_FILE_SYS")"
  if [ -n "$DKIM_KEY" ]; then
    local normalized
    normalized="$(openssl pkey -in "$DKIM_KEY" 2>/dev/null)" ||
      fail "$DKIM_KEY n'est pas une clé privée lisible (format PEM attendu)."
    if [ -f "$key" ] && ! printf '%s\n' "$normalized" | cmp -s - "$key"; then
      warn "la clé DKIM est remplacée par celle de $DKIM_KEY : publiez son enregistrement DNS (page Exploitation du site)."
    fi
    if printf '%s\n' "$normalized" | write_file "$key" 640; then NEEDS_RESTART=1; fi
  elif [ -f "$key" ]; then
    say "  inchangé : $DKIM_FILE_SYS (clé DKIM)"
  else
    (umask 077 && openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$key.nouveau" 2>/dev/null)
    chmod 640 "$key.nouveau"
    mv -f "$key.nouveau" "$key"
    say "  écrit : $DKIM_FILE_SYS (nouvelle clé DKIM, RSA 2048 bits)"
    NEEDS_RESTART=1
  fi
  run_system chown "root:$CLUB_USER" "$DKIM_FILE_SYS"
}

# The first release; an installed site keeps its own (deploy/upgrade changes it).
ensure_release() {
  local id current
  id="$(release_id)"
  current="$(current_release)"
  if [ -n "$current" ]; then
    say "  le site est déjà installé (version $current) : inchangé."
    if [ "$current" != "$id" ]; then say "  pour passer à la version $id de ce dossier : deploy/upgrade"; fi
    return
  fi
  check_disk_space
  build_release "$id" || fail "la construction de la version $id a échoué (détails ci-dessus)."
  link_current "$id"
  NEW_INSTALL=1
  NEEDS_RESTART=1
}

# Replaces the {{NAME}} placeholders outside the comment lines.
render_template() {
  local file="$1"
  shift
  local script=() pair
  for pair in "$@"; do script+=(-e "/^[[:space:]]*#/!s|{{${pair%%=*}}}|${pair#*=}|g"); done
  sed "${script[@]}" "$file"
}

ensure_unit() {
  local node
  node="$(command -v node)"
  if render_template "$DEPLOY_DIR/templates/club.service" "NODE=$node" | write_file "$(p "$UNIT_FILE_SYS")" 644; then
    service_ctl reload-units
    NEEDS_RESTART=1
  fi
  service_ctl enable
}

ensure_caddy() {
  local target port check
  target="$(p "$CADDYFILE_SYS")"
  port="$(env_get "$ENV_FILE" PORT)"
  # Debian's own Caddyfile (a test page) is kept aside once.
  if [ -f "$target" ] && ! grep -q "Écrit par deploy/install" "$target" && [ ! -e "$target.avant-club" ]; then
    cp -p "$target" "$target.avant-club"
    say "  l'ancien Caddyfile est gardé dans $CADDYFILE_SYS.avant-club"
  fi
  if {
    echo "# Écrit par deploy/install pour https://$DOMAIN : relancer l'installation le réécrit."
    render_template "$DEPLOY_DIR/templates/Caddyfile" "DOMAIN=$DOMAIN" "EMAIL=$ADMIN_EMAIL" "PORT=${port:-3000}"
  } | write_file "$target" 644; then
    CADDY_CHANGED=1
  fi
  run_system systemctl enable caddy
  if [ "$CADDY_CHANGED" = 1 ]; then
    if in_test_root; then
      run_system caddy validate --adapter caddyfile --config "$CADDYFILE_SYS"
    elif ! check="$(caddy validate --adapter caddyfile --config "$CADDYFILE_SYS" 2>&1)"; then
      printf '%s\n' "$check" >&2
      fail "Caddy refuse le fichier $CADDYFILE_SYS (détails ci-dessus) ; l'ancien est dans $CADDYFILE_SYS.avant-club."
    fi
    say "  configuration de Caddy vérifiée (caddy validate)."
    run_system systemctl reload-or-restart caddy
  fi
}

start_site() {
  load_env_file "$ENV_FILE"
  if service_ctl status; then
    if [ "$NEEDS_RESTART" = 1 ]; then
      say "  réglages ou version changés : redémarrage du site"
      service_ctl restart
    else
      say "  le site tourne déjà, rien n'a changé."
    fi
  else
    say "  démarrage du site"
    service_ctl start
  fi
  if [ "$NEW_INSTALL" = 1 ]; then log_event installation reussie "" "$(current_release)" "Première installation." ""; fi
  wait_for_site "$(setting PORT)" ||
    fail "le site ne démarre pas : $LAST_SITE_PROBLEM. Les 50 dernières lignes du journal : journalctl -u $SERVICE -n 50"
  if ! dry; then say "  le site répond (/healthz et la page d'accueil)."; fi
}

# The one-time setup address the site logged at this start (no administrator yet).
setup_address() {
  local logs
  if [ -n "${CLUB_LOG_COMMAND:-}" ]; then
    logs="$(bash -c "$CLUB_LOG_COMMAND")"
  else
    logs="$(journalctl -q -o cat "_SYSTEMD_INVOCATION_ID=$(systemctl show -p InvocationID --value "$SERVICE")" || true)"
    if [ -z "$logs" ]; then
      logs="$(journalctl -q -o cat -u "$SERVICE" --since "$(systemctl show -p ActiveEnterTimestamp --value "$SERVICE")" || true)"
    fi
  fi
  printf '%s\n' "$logs" | grep 'first-run setup' | tail -n 1 | sed -n 's/.*"url":"\([^"]*\)".*/\1/p'
}

announce_result() {
  local url=""
  step "Terminé"
  if dry; then
    say "[essai] l'adresse d'installation serait lue dans le journal du site (journalctl -u $SERVICE)."
  else
    url="$(setup_address)"
    if [ -n "$url" ]; then
      say "Le site est en marche. Pour créer le compte administrateur, ouvrez cette adresse (valable une seule fois) :"
      printf '\n  %s\n\n' "$url"
    else
      say "Le site est en marche : https://$DOMAIN (un administrateur existe déjà : connectez-vous sur https://$DOMAIN/connexion)."
    fi
  fi
  if ! in_test_root && [ "$DOMAIN" != localhost ] && ! getent ahosts "$DOMAIN" >/dev/null; then
    warn "le nom $DOMAIN ne pointe encore vers aucune adresse : créez chez votre fournisseur de nom de domaine un enregistrement A vers l'adresse IP de ce serveur. Caddy obtiendra le certificat HTTPS dès qu'il pointera ici."
  fi
  say "- Sauvegardes : chaque nuit dans /var/lib/club/sauvegardes. Copiez la phrase secrète des sauvegardes hors du serveur (grep BACKUP_PASSPHRASE /etc/club/club.env) : elle sera demandée pour restaurer ailleurs."
  say "- E-mails : réglez le serveur d'envoi sur la page d'installation ou la page Exploitation du site ; cette page donne aussi les enregistrements DNS à publier (SPF, DKIM, DMARC)."
  say "- Journal du site : journalctl -u $SERVICE ; nouvelle version : git pull, puis deploy/upgrade."
}

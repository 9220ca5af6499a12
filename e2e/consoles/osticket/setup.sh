#!/usr/bin/env bash
# A real osTicket 1.18.1 on loopback for deskhand's real-console tests (run as root).
#
#   OSTICKET_SRC   source folder or tarball (default: ../shared/consoles/osticket-1.18.1.tar.gz
#                  beside the repository, or beside the main checkout of a git worktree)
#   OSTICKET_DIR   private state (default /tmp/deskhand-osticket)
#   OSTICKET_HOST  loopback address nginx listens on (default 127.0.0.2)
#   OSTICKET_PORT  http port (default 8089); OSTICKET_DB_PORT MariaDB port (default port+1)
#
# `setup.sh --check` only checks that it could (root, source found) and prints the source.
# Idempotent: when the same source, scripts and settings are installed already it only
# (re)starts the services and restores the seeded database. Otherwise it installs from
# scratch: Debian packages if missing, a private MariaDB, nginx and php-fpm, the web
# installer driven with curl, seed.php, then a dump that reset.sh restores.
# Facts and traps: ../shared/consoles/OSTICKET.md.
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
require_root
take_lock
T0=$(date +%s%N)
elapsed() { echo "$(( ($(date +%s%N) - T0) / 1000000 )) ms"; }

PACKAGES=(nginx php-fpm php-mysql php-gd php-imap php-xml php-mbstring php-intl php-apcu mariadb-server mariadb-client curl)

installed() { [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null)" = installed ]; }

ensure_packages() {
  local missing=() p
  for p in "${PACKAGES[@]}"; do installed "$p" || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing ${missing[*]}"
  # Keep the packages' own services (nginx on :80, the system MariaDB) from starting:
  # everything here runs privately on loopback. 101 = "action not allowed" (invoke-rc.d).
  local policy=/usr/sbin/policy-rc.d own_policy=
  if [ ! -e "$policy" ]; then printf '#!/bin/sh\nexit 101\n' >"$policy"; chmod 755 "$policy"; own_policy=1; fi
  local rc=0
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; } || rc=$?
  [ -n "$own_policy" ] && rm -f "$policy"
  [ $rc -eq 0 ] || die "apt-get install failed ($rc)"
}

# OSTICKET_SRC as given (a relative one: from the current directory, the repository, or the
# main checkout when this is a git worktree), else the shared tarball beside either checkout.
resolve_src() {
  local roots=("$OST_REPO") common c
  common="$(git -C "$OST_REPO" rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)"
  [ -n "$common" ] && [ "$(dirname "$common")" != "$OST_REPO" ] && roots+=("$(dirname "$common")")
  local candidates=()
  if [ -n "${OSTICKET_SRC:-}" ]; then
    candidates=("$OSTICKET_SRC")
    if [ "${OSTICKET_SRC#/}" = "$OSTICKET_SRC" ]; then
      for c in "${roots[@]}"; do candidates+=("$c/$OSTICKET_SRC"); done
    fi
  else
    for c in "${roots[@]}"; do candidates+=("$c/../shared/consoles/osticket-1.18.1.tar.gz"); done
  fi
  for c in "${candidates[@]}"; do
    if [ -e "$c" ]; then (cd "$(dirname "$c")" && echo "$(pwd -P)/$(basename "$c")"); return 0; fi
  done
  die "osTicket source not found (tried: ${candidates[*]}); set OSTICKET_SRC to the tarball or a source folder"
}

src_identity() {
  if [ -d "$1" ]; then (cd "$1" && find . -type f -printf '%P %s %T@\n' | sort | sha256sum)
  else sha256sum <"$1"; fi
}

stamp_of() {
  { src_identity "$1"; cat "$OST_HERE/setup.sh" "$OST_HERE/lib.sh" "$OST_HERE/seed.php" "$OST_HERE/sendmail.php"
    echo "$OST_HOST $OST_PORT $OST_DB_PORT"; } | sha256sum | cut -c1-16
}

unpack() {
  local src="$1" tmp="$OST_DIR/unpack"
  rm -rf "$tmp" "$OST_WWW"; mkdir -p "$tmp"
  if [ -d "$src" ]; then cp -a "$src/." "$tmp/"; else tar -xzf "$src" -C "$tmp"; fi
  # A release zip has upload/; the tag tarball has one top folder; a checkout is flat.
  local root="$tmp"
  [ -f "$root/bootstrap.php" ] || root="$(dirname "$(find "$tmp" -maxdepth 3 -name bootstrap.php -path '*/bootstrap.php' | head -1)")"
  [ -f "$root/bootstrap.php" ] && [ -d "$root/setup" ] || die "no osTicket web root (bootstrap.php + setup/) in $src"
  mv "$root" "$OST_WWW"; rm -rf "$tmp"
  chown -R root:root "$OST_WWW"; chmod -R u=rwX,go=rX "$OST_WWW"
}

write_db_config() {
  mkdir -p "$OST_DB/data"
  cat >"$OST_DB/my.cnf" <<EOF
[mysqld]
datadir=$OST_DB/data
socket=$OST_DB/mysqld.sock
pid-file=$OST_DB/mysqld.pid
log-error=$OST_LOGS/mariadb.err
port=$OST_DB_PORT
bind-address=127.0.0.1
skip-name-resolve
character-set-server=utf8mb4
collation-server=utf8mb4_unicode_ci
# A throw-away test database: fast DDL and commits matter, crash safety does not.
innodb_file_per_table=OFF
innodb_doublewrite=OFF
innodb_flush_log_at_trx_commit=0
innodb_buffer_pool_size=128M
innodb_log_file_size=48M
performance_schema=OFF
sql_mode=NO_ENGINE_SUBSTITUTION
EOF
  cat >"$OST_DB/client.cnf" <<EOF
[client]
host=127.0.0.1
port=$OST_DB_PORT
user=$OST_DB_USER
password=$OST_DB_PASS
default-character-set=utf8mb4
EOF
  chmod 600 "$OST_DB/client.cnf"
  chown -R mysql:mysql "$OST_DB/data"; chown mysql:mysql "$OST_DB"; chmod 750 "$OST_DB" "$OST_DB/data"
  chown root:root "$OST_DB/my.cnf" "$OST_DB/client.cnf"
}

init_db() {
  mariadb-install-db --defaults-file="$OST_DB/my.cnf" --user=mysql --auth-root-authentication-method=socket \
    --skip-test-db >"$OST_LOGS/mariadb-install.log" 2>&1 || { cat "$OST_LOGS/mariadb-install.log" >&2; die "mariadb-install-db failed"; }
  start_db
  db_root <<EOF
CREATE DATABASE $OST_DB_NAME CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER '$OST_DB_USER'@'127.0.0.1' IDENTIFIED BY '$OST_DB_PASS';
CREATE USER '$OST_DB_USER'@'localhost' IDENTIFIED BY '$OST_DB_PASS';
GRANT ALL ON $OST_DB_NAME.* TO '$OST_DB_USER'@'127.0.0.1';
GRANT ALL ON $OST_DB_NAME.* TO '$OST_DB_USER'@'localhost';
EOF
}

write_web_config() {
  mkdir -p "$OST_DIR/nginx/tmp" "$OST_DIR/mail"
  install -m 755 "$OST_HERE/sendmail.php" "$OST_DIR/mail/sendmail.php"
  : >"$OST_MAIL_LOG"; : >"$OST_LOGS/php-error.log"
  # php-fpm's workers (www-data) append mail and php errors; nothing is world-writable.
  chown www-data:www-data "$OST_DIR/mail" "$OST_MAIL_LOG" "$OST_LOGS/php-error.log"; chmod 750 "$OST_DIR/mail"
  cat >"$OST_DIR/php-fpm.conf" <<EOF
[global]
pid = $OST_RUN/php-fpm.pid
error_log = $OST_LOGS/php-fpm.log
daemonize = yes

[osticket]
user = www-data
group = www-data
listen = $OST_RUN/php-fpm.sock
listen.owner = www-data
listen.group = www-data
listen.mode = 0660
pm = dynamic
pm.max_children = 6
pm.start_servers = 2
pm.min_spare_servers = 1
pm.max_spare_servers = 3
php_admin_value[sendmail_path] = /usr/bin/php $OST_DIR/mail/sendmail.php $OST_MAIL_LOG
php_admin_value[error_log] = $OST_LOGS/php-error.log
php_admin_flag[log_errors] = on
php_admin_flag[display_errors] = off
php_admin_value[date.timezone] = UTC
php_admin_value[memory_limit] = 256M
EOF
  cat >"$OST_DIR/nginx/nginx.conf" <<EOF
user www-data;
worker_processes 2;
pid $OST_RUN/nginx.pid;
error_log $OST_LOGS/nginx-error.log;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log $OST_LOGS/nginx-access.log;
  client_body_temp_path $OST_DIR/nginx/tmp/body;
  fastcgi_temp_path $OST_DIR/nginx/tmp/fastcgi;
  proxy_temp_path $OST_DIR/nginx/tmp/proxy;
  uwsgi_temp_path $OST_DIR/nginx/tmp/uwsgi;
  scgi_temp_path $OST_DIR/nginx/tmp/scgi;
  client_max_body_size 32m;
  server {
    listen $OST_HOST:$OST_PORT;
    server_name _;
    root $OST_WWW;
    index index.php;
    # Apache .htaccess files guard these in a normal install; nginx ignores them.
    location ~ ^/include/ { deny all; }
    location ~ \.php(/|\$) {
      # osTicket routes ajax.php/..., api/http.php/... through PATH_INFO. try_files would
      # empty \$fastcgi_path_info (every ajax call then answers 400), so save it first.
      fastcgi_split_path_info ^(.+?\.php)(/.*)\$;
      set \$path_info \$fastcgi_path_info;
      try_files \$fastcgi_script_name =404;
      include /etc/nginx/fastcgi_params;
      fastcgi_param SCRIPT_FILENAME \$document_root\$fastcgi_script_name;
      fastcgi_param PATH_INFO \$path_info;
      fastcgi_pass unix:$OST_RUN/php-fpm.sock;
    }
  }
}
EOF
}

web_install() {
  local cfg="$OST_WWW/include/ost-config.php" jar="$OST_RUN/install.cookies" url="$OST_URL/setup/install.php"
  cp "$OST_WWW/include/ost-sampleconfig.php" "$cfg"
  chown www-data:www-data "$cfg"; chmod 644 "$cfg"
  curl -fsS -c "$jar" -b "$jar" -o /dev/null "$url"
  curl -fsS -c "$jar" -b "$jar" -o /dev/null -d s=prereq "$url"
  curl -fsS -c "$jar" -b "$jar" -o "$OST_LOGS/install.html" "$url" \
    -d s=install -d lang_id=en_US -d timezone=UTC -d prefix=ost_ \
    --data-urlencode "name=Deskhand Support" --data-urlencode email=support@example.com \
    --data-urlencode fname=Olga --data-urlencode lname=Admin --data-urlencode admin_email=ostadmin@example.com \
    --data-urlencode username=ostadmin --data-urlencode passwd=Admin-pass-1234 --data-urlencode passwd2=Admin-pass-1234 \
    --data-urlencode "dbhost=127.0.0.1:$OST_DB_PORT" --data-urlencode dbname=$OST_DB_NAME \
    --data-urlencode dbuser=$OST_DB_USER --data-urlencode dbpass=$OST_DB_PASS
  rm -f "$jar"
  grep -q "define('OSTINSTALLED',TRUE)" "$cfg" || {
    sed -e 's/<[^>]*>//g' "$OST_LOGS/install.html" | grep -iE 'error|invalid|required|unable' | head -10 >&2
    die "the web installer did not finish (see $OST_LOGS/install.html)"
  }
  # The staff panel refuses to run while setup/ exists; the config must not stay writable.
  rm -rf "$OST_WWW/setup"
  chown root:root "$cfg"; chmod 444 "$cfg"
}

seed() {
  # Run from the web root with osTicket's CLI bootstrap; mail the seed sends is dropped.
  (cd "$OST_WWW" && php -d "sendmail_path=/usr/bin/php $OST_DIR/mail/sendmail.php $OST_MAIL_LOG" \
    -d error_reporting=E_ALL\&~E_DEPRECATED\&~E_NOTICE\&~E_WARNING "$OST_HERE/seed.php" >"$OST_DIR/seed.json") \
    || die "seed.php failed"
  : >"$OST_MAIL_LOG"
  # Sessions stay out of the dump (the table stays as it is) so reset.sh can keep or drop them.
  mariadb-dump --defaults-file="$OST_DB/client.cnf" --single-transaction --skip-comments --skip-dump-date \
    --ignore-table=$OST_DB_NAME.ost_session $OST_DB_NAME >"$OST_SEED_SQL"
}

write_state() {
  cat >"$OST_DIR/state.json" <<EOF
{
  "url": "$OST_URL",
  "host": "$OST_HOST",
  "port": $OST_PORT,
  "db": { "host": "127.0.0.1", "port": $OST_DB_PORT, "name": "$OST_DB_NAME", "user": "$OST_DB_USER", "password": "$OST_DB_PASS", "clientConfig": "$OST_DB/client.cnf" },
  "mailLog": "$OST_MAIL_LOG",
  "admin": { "username": "ostadmin", "password": "Admin-pass-1234" },
  "seed": $(cat "$OST_DIR/seed.json")
}
EOF
}

port_free() { ! (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

# --check: only say whether this machine can install it (root, the source found).
if [ "${1:-}" = --check ]; then resolve_src; exit 0; fi

ensure_packages
SRC="$(resolve_src)"
STAMP="$(stamp_of "$SRC")"

if [ -f "$OST_DIR/stamp" ] && [ "$(cat "$OST_DIR/stamp")" = "$STAMP" ] && [ -f "$OST_SEED_SQL" ]; then
  start_db
  start_web
  restore_seed
  log "ready (already installed; database restored) in $(elapsed)"
else
  log "installing osTicket from $SRC into $OST_DIR"
  stop_all
  rm -rf "$OST_DIR"
  mkdir -p "$OST_DIR" "$OST_RUN" "$OST_LOGS"
  chmod 755 "$OST_DIR"
  port_free "$OST_HOST" "$OST_PORT" || die "$OST_HOST:$OST_PORT is in use (set OSTICKET_PORT)"
  port_free 127.0.0.1 "$OST_DB_PORT" || die "127.0.0.1:$OST_DB_PORT is in use (set OSTICKET_DB_PORT)"
  step() { "$@"; log "  $1 done at $(elapsed)"; }
  step unpack "$SRC"
  step write_db_config
  step init_db
  step write_web_config
  step start_web
  step web_install
  step seed
  step write_state
  echo "$STAMP" >"$OST_DIR/stamp"
  log "installed and seeded in $(elapsed)"
fi
echo "$OST_URL"

# Shared by setup.sh, reset.sh and stop.sh (sourced, not run). One private FreeScout 1.8.235 on
# loopback, set up by the shared freescout-setup.sh (nginx, php-fpm and a private MariaDB with
# their own pid files, sockets and logs), everything under $FREESCOUT_DIR. Nothing here edits
# /etc or starts a system service.

FS_HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
FS_REPO="$(cd "$FS_HERE/../../.." && pwd)"

FS_DIR="${FREESCOUT_DIR:-/tmp/deskhand-freescout}"
# Neither 127.0.0.1 (the demo console's host, which the manifest injects into) nor osTicket's
# 127.0.0.2: FreeScout is a *user* console of its own, as a real helpdesk would be.
FS_HOST="${FREESCOUT_HOST:-127.0.0.3}"
# osTicket has 8089/8090; the shared script's own defaults (8094/3307) are left to people at a shell.
FS_PORT="${FREESCOUT_PORT:-8096}"
FS_DB_PORT="${FREESCOUT_DB_PORT:-$((FS_PORT + 1))}"
FS_URL="http://$FS_HOST:$FS_PORT"

FS_SRC_DIR="$FS_DIR/src"        # the tarball, extracted (its tree ships vendor/)
FS_ST="$FS_DIR/state"           # the shared script's state folder: www/, mysql/, pid files, logs
FS_SEED_SQL="$FS_DIR/seed.sql"  # the seeded database, restored by reset.sh
FS_SOCK="$FS_ST/mysqld.sock"

log() { printf '[freescout] %s\n' "$*" >&2; }
die() { printf '[freescout] error: %s\n' "$*" >&2; exit 1; }

# setup.sh and stop.sh --purge remove this folder wholesale.
case "$FS_DIR" in
  / | /tmp | /root | /home | /usr | /var | /etc) die "FREESCOUT_DIR=$FS_DIR is not a private folder" ;;
  /?*) ;;
  *) die "FREESCOUT_DIR must be an absolute path (got '$FS_DIR')" ;;
esac

take_lock() { mkdir -p "$(dirname "$FS_DIR")"; exec 9>"$FS_DIR.lock"; flock 9; }
require_root() { [ "$(id -u)" = 0 ] || die "run as root (the shared setup runs nginx, php-fpm and MariaDB as root)"; }

# A zombie (exited, not reaped yet) counts as gone; read from /proc, so procps need not exist.
alive() { local st; st="$(sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1)" && [ -n "$st" ] && [ "$st" != Z ]; }
live_pid() { local p; p="$(cat "$1" 2>/dev/null || true)"; [ -n "$p" ] && alive "$p" && echo "$p"; }

db_root() { mariadb --no-defaults -S "$FS_SOCK" -uroot "$@"; }
db_running() { mariadb-admin --no-defaults -S "$FS_SOCK" -uroot ping >/dev/null 2>&1; }
http_up() { [ "$(curl -s -o /dev/null -m 2 -w '%{http_code}' "$FS_URL/login")" = 200 ]; }

# The services as the shared script starts them (same flags, same files), after stop.sh.
start_db() {
  db_running && return 0
  log "starting MariaDB on 127.0.0.1:$FS_DB_PORT"
  # setsid: outlives this script; 9>&-: the daemon must not inherit the lock.
  setsid mariadbd --no-defaults --user=root --datadir="$FS_ST/mysql" --socket="$FS_SOCK" --pid-file="$FS_ST/mysqld.pid" \
    --bind-address=127.0.0.1 --port="$FS_DB_PORT" --log-error="$FS_ST/mysqld.err" --skip-name-resolve --innodb-buffer-pool-size=128M \
    --character-set-server=utf8mb4 --collation-server=utf8mb4_unicode_ci </dev/null >/dev/null 2>&1 9>&- &
  for _ in $(seq 1 200); do db_running && return 0; sleep 0.05; done
  tail -20 "$FS_ST/mysqld.err" >&2 || true
  die "MariaDB did not start"
}

start_web() {
  if ! live_pid "$FS_ST/php-fpm.pid" >/dev/null; then
    "$(ls /usr/sbin/php-fpm* | head -1)" -R -y "$FS_ST/php-fpm.conf" 9>&- || die "php-fpm did not start"
  fi
  if ! live_pid "$FS_ST/nginx.pid" >/dev/null; then
    nginx -e "$FS_ST/nginx-error.log" -c "$FS_ST/nginx.conf" 9>&- || die "nginx did not start (see $FS_ST/nginx-error.log)"
  fi
  for _ in $(seq 1 100); do http_up && return 0; sleep 0.05; done
  die "FreeScout does not answer on $FS_URL"
}

stop_pidfile() {
  local pid
  pid="$(live_pid "$1")" || return 0
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 200); do alive "$pid" || return 0; sleep 0.05; done
  kill -9 "$pid" 2>/dev/null || true
}

stop_all() {
  stop_pidfile "$FS_ST/nginx.pid"
  stop_pidfile "$FS_ST/php-fpm.pid"
  stop_pidfile "$FS_ST/mysqld.pid"
}

# The seeded database back and the outgoing-mail log empty. Laravel keeps sessions in files,
# so a logged-in browser stays logged in; its file cache (folder counters, options) goes.
restore_seed() {
  [ -f "$FS_SEED_SQL" ] || die "no seed dump at $FS_SEED_SQL: run setup.sh first"
  { echo "SET foreign_key_checks=0, unique_checks=0;"; cat "$FS_SEED_SQL"; } | db_root freescout
  : >"$FS_ST/outgoing-mail.log"
  rm -rf "$FS_ST/www/storage/framework/cache/data/"*
}

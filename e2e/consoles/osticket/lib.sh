# Shared by setup.sh, reset.sh and stop.sh (sourced, not run). One private osTicket on
# loopback: nginx + php-fpm + MariaDB with their own config, pid files, sockets and logs,
# all under $OSTICKET_DIR. Nothing here edits /etc or starts a system service.

OST_HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
OST_REPO="$(cd "$OST_HERE/../../.." && pwd)"

OST_DIR="${OSTICKET_DIR:-/tmp/deskhand-osticket}"
# Not 127.0.0.1: that host (any port) is the demo console's, which the manifest already
# injects into. A second loopback address makes osTicket a *user* console, as a real
# helpdesk would be (see README "Real consoles").
OST_HOST="${OSTICKET_HOST:-127.0.0.2}"
OST_PORT="${OSTICKET_PORT:-8089}"
OST_DB_PORT="${OSTICKET_DB_PORT:-$((OST_PORT + 1))}"
OST_URL="http://$OST_HOST:$OST_PORT"

OST_DB_NAME=osticket
OST_DB_USER=osticket
OST_DB_PASS=osticket-db-pass

OST_WWW="$OST_DIR/www"
OST_RUN="$OST_DIR/run"
OST_LOGS="$OST_DIR/logs"
OST_DB="$OST_DIR/db"
OST_MAIL_LOG="$OST_DIR/mail/mail.log"
OST_SEED_SQL="$OST_DIR/seed.sql"

log() { printf '[osticket] %s\n' "$*" >&2; }
die() { printf '[osticket] error: %s\n' "$*" >&2; exit 1; }

# setup.sh and stop.sh --purge remove this folder wholesale.
case "$OST_DIR" in
  / | /tmp | /root | /home | /usr | /var | /etc) die "OSTICKET_DIR=$OST_DIR is not a private folder" ;;
  /?*) ;;
  *) die "OSTICKET_DIR must be an absolute path (got '$OST_DIR')" ;;
esac

# One setup/reset/stop at a time (a test run and a person at a shell may overlap).
take_lock() { exec 9>"$OST_DIR.lock"; flock 9; }

require_root() { [ "$(id -u)" = 0 ] || die "run as root (nginx, php-fpm and MariaDB drop to their own users)"; }

# A process that has exited but is not reaped yet (a zombie: in containers pid 1 may reap
# late) counts as gone.
# Read from /proc (state is the field after "(comm)"), so procps need not be installed.
alive() { local st; st="$(sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1)" && [ -n "$st" ] && [ "$st" != Z ]; }
# Pid from a pid file if that process is alive.
live_pid() { local p; p="$(cat "$1" 2>/dev/null || true)"; [ -n "$p" ] && alive "$p" && echo "$p"; }

php_fpm_bin() {
  local b
  b="$(command -v php-fpm 2>/dev/null || ls /usr/sbin/php-fpm[0-9]* 2>/dev/null | sort -V | tail -1 || true)"
  [ -n "$b" ] || die "php-fpm not found"
  echo "$b"
}

# The root account of the private MariaDB, through its socket (unix_socket auth).
db_root() { mariadb --no-defaults -S "$OST_DB/mysqld.sock" -uroot "$@"; }
# The application account over TCP, as osTicket and the Node helpers connect.
db_app() { mariadb --defaults-file="$OST_DB/client.cnf" "$@"; }

db_running() { mariadb-admin --no-defaults -S "$OST_DB/mysqld.sock" -uroot ping >/dev/null 2>&1; }

start_db() {
  db_running && return 0
  log "starting MariaDB on 127.0.0.1:$OST_DB_PORT"
  # setsid: the server outlives this script and the shell that ran it.
  # 9>&-: the daemons must not inherit the lock (take_lock) or they would hold it forever.
  setsid /usr/sbin/mariadbd --defaults-file="$OST_DB/my.cnf" --user=mysql </dev/null >>"$OST_LOGS/mariadb.out" 2>&1 9>&- &
  for _ in $(seq 1 200); do db_running && return 0; sleep 0.05; done
  tail -20 "$OST_LOGS/mariadb.err" >&2 || true
  die "MariaDB did not start"
}

http_up() { curl -s -o /dev/null -m 2 "$OST_URL/scp/login.php"; }

start_web() {
  if ! live_pid "$OST_RUN/php-fpm.pid" >/dev/null; then
    "$(php_fpm_bin)" --fpm-config "$OST_DIR/php-fpm.conf" 9>&- || die "php-fpm did not start (see $OST_LOGS/php-fpm.log)"
  fi
  if ! live_pid "$OST_RUN/nginx.pid" >/dev/null; then
    /usr/sbin/nginx -p "$OST_DIR/nginx" -c "$OST_DIR/nginx/nginx.conf" -e "$OST_LOGS/nginx-error.log" 9>&- \
      || die "nginx did not start (see $OST_LOGS/nginx-error.log)"
  fi
  for _ in $(seq 1 100); do [ -S "$OST_RUN/php-fpm.sock" ] && http_up && return 0; sleep 0.05; done
  die "osTicket does not answer on $OST_URL"
}

# php-fpm keeps queue counts in APCu for 15 minutes; a restored database needs a clean
# cache. USR2 re-executes the master, which drops the shared memory.
reload_php() {
  local pid
  pid="$(live_pid "$OST_RUN/php-fpm.pid")" || return 0
  kill -USR2 "$pid"
  for _ in $(seq 1 100); do
    local now; now="$(live_pid "$OST_RUN/php-fpm.pid" || true)"
    [ -n "$now" ] && [ -S "$OST_RUN/php-fpm.sock" ] && http_up && return 0
    sleep 0.02
  done
  die "php-fpm did not come back after reload"
}

stop_pidfile() {
  local pid
  pid="$(live_pid "$1")" || return 0
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 200); do alive "$pid" || return 0; sleep 0.05; done
  kill -9 "$pid" 2>/dev/null || true
}

stop_all() {
  stop_pidfile "$OST_RUN/nginx.pid"
  stop_pidfile "$OST_RUN/php-fpm.pid"
  stop_pidfile "$OST_DB/mysqld.pid"
}

# The seeded database back, the mail log empty. Sessions are cleared unless asked to keep
# them (a browser that is logged in stays logged in).
restore_seed() {
  local keep_sessions="${1:-}"
  [ -f "$OST_SEED_SQL" ] || die "no seed dump at $OST_SEED_SQL: run setup.sh first"
  {
    echo "SET foreign_key_checks=0, unique_checks=0;"
    cat "$OST_SEED_SQL"
    [ -n "$keep_sessions" ] || echo "TRUNCATE TABLE ost_session;"
  } | db_app "$OST_DB_NAME"
  : >"$OST_MAIL_LOG"
  reload_php
}

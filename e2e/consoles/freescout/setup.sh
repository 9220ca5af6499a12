#!/usr/bin/env bash
# A real FreeScout 1.8.235 on loopback for deskhand's real-console tests (run as root).
#
#   FREESCOUT_SRC   the source tarball (default: ../shared/consoles/freescout-1.8.235-src.tar.gz beside
#                   the repository, or beside the main checkout of a git worktree); the shared
#                   freescout-setup.sh beside it does the install
#   FREESCOUT_DIR   private state (default /tmp/deskhand-freescout)
#   FREESCOUT_HOST  loopback address nginx listens on (default 127.0.0.3)
#   FREESCOUT_PORT  http port (default 8096); FREESCOUT_DB_PORT MariaDB port (default port+1)
#
# `setup.sh --check` only checks that it could (root, source found) and prints the source.
# Idempotent: when the same source, scripts and settings are installed already it only
# (re)starts the services and restores the seeded database (about a second). Otherwise it
# extracts the tarball, runs the shared freescout-setup.sh (Debian packages if missing, a
# private MariaDB, the install, its seed: Ada Admin, Sam Agent, Kim Lee, Maria Garcia, Li Wei),
# moves nginx to FREESCOUT_HOST, adds Jing Chen (an agent whose FreeScout language is zh-CN)
# and dumps the database for reset.sh. Facts and traps: ../shared/consoles/FREESCOUT.md.
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
require_root
take_lock
T0=$(date +%s%N)
elapsed() { echo "$(( ($(date +%s%N) - T0) / 1000000 )) ms"; }
PASS='Passw0rd!2024'   # the shared script's staff password

# FREESCOUT_SRC as given (a relative one: from the current directory, the repository, or the main
# checkout of a worktree), else the shared tarball beside either checkout.
resolve_src() {
  local roots=("$FS_REPO") common c candidates=()
  common="$(git -C "$FS_REPO" rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)"
  [ -n "$common" ] && [ "$(dirname "$common")" != "$FS_REPO" ] && roots+=("$(dirname "$common")")
  if [ -n "${FREESCOUT_SRC:-}" ]; then
    candidates=("$FREESCOUT_SRC")
    if [ "${FREESCOUT_SRC#/}" = "$FREESCOUT_SRC" ]; then for c in "${roots[@]}"; do candidates+=("$c/$FREESCOUT_SRC"); done; fi
  else
    for c in "${roots[@]}"; do candidates+=("$c/../shared/consoles/freescout-1.8.235-src.tar.gz"); done
  fi
  for c in "${candidates[@]}"; do
    if [ -f "$c" ]; then (cd "$(dirname "$c")" && echo "$(pwd -P)/$(basename "$c")"); return 0; fi
  done
  die "FreeScout source not found (tried: ${candidates[*]}); set FREESCOUT_SRC to the tarball"
}

# The shared install script lives beside the tarball; it is called there, never copied.
shared_setup() {
  local s="$(dirname "$1")/freescout-setup.sh"
  [ -f "$s" ] || die "no freescout-setup.sh beside $1"
  echo "$s"
}

stamp_of() {
  { sha256sum <"$1"; cat "$(shared_setup "$1")" "$FS_HERE/setup.sh" "$FS_HERE/lib.sh" "$FS_HERE/seed-zh.php"
    echo "$FS_HOST $FS_PORT $FS_DB_PORT"; } | sha256sum | cut -c1-16
}

PACKAGES=(nginx php-fpm php-mysql php-curl php-zip php-mbstring php-xml php-intl php-imap php-gd php-bcmath mariadb-server mariadb-client curl)
installed() { [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null)" = installed ]; }

# What the shared script would apt-get itself, installed first with the packages' own services
# kept from starting (nginx on :80, the system MariaDB): everything here runs privately.
ensure_packages() {
  local missing=() p
  for p in "${PACKAGES[@]}"; do installed "$p" || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing ${missing[*]}"
  local policy=/usr/sbin/policy-rc.d own_policy=
  if [ ! -e "$policy" ]; then printf '#!/bin/sh\nexit 101\n' >"$policy"; chmod 755 "$policy"; own_policy=1; fi
  local rc=0
  { apt-get -o DPkg::Lock::Timeout=600 update -qq && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; } || rc=$?
  [ -n "$own_policy" ] && rm -f "$policy"
  [ $rc -eq 0 ] || die "apt-get install failed ($rc)"
}

port_free() { ! (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

install() {
  local src="$1" script
  script="$(shared_setup "$src")"
  rm -rf "$FS_SRC_DIR" && mkdir -p "$FS_SRC_DIR"
  tar -xzf "$src" -C "$FS_SRC_DIR"
  [ -f "$FS_SRC_DIR/freescout/artisan" ] || die "no freescout/artisan in $src"
  log "  extracted at $(elapsed)"
  # The shared script copies the tree into its state folder, so the extracted source stays clean.
  FS_PORT="$FS_PORT" FS_DB_PORT="$FS_DB_PORT" bash "$script" "$FS_SRC_DIR/freescout" "$FS_ST" 9>&- >"$FS_DIR/setup.log" 2>&1 \
    || { tail -30 "$FS_DIR/setup.log" >&2; die "freescout-setup.sh failed (see $FS_DIR/setup.log)"; }
  log "  shared freescout-setup.sh done at $(elapsed)"
  # Its nginx listens on 127.0.0.1 (the demo console's host for deskhand): move it to FS_HOST,
  # and tell Laravel its URL (links, redirects) before the config is cached again.
  sed -i "s|listen 127.0.0.1:$FS_PORT;|listen $FS_HOST:$FS_PORT;|" "$FS_ST/nginx.conf"
  sed -i "s|^APP_URL=.*|APP_URL=$FS_URL|" "$FS_ST/www/.env"
  sed -i "s|^FS_URL=.*|FS_URL=$FS_URL|" "$FS_ST/env"
  (cd "$FS_ST/www" && php artisan freescout:clear-cache >/dev/null 2>&1) || true
  stop_pidfile "$FS_ST/nginx.pid"
  # The zh-CN agent, through FreeScout's models like the rest of the seed.
  (cd "$FS_ST/www" && FS_PASS="$PASS" php "$FS_HERE/seed-zh.php" >"$FS_DIR/seed-zh.json") || die "seed-zh.php failed"
  start_web
  mariadb-dump --no-defaults -S "$FS_SOCK" -uroot --single-transaction --skip-comments --skip-dump-date freescout >"$FS_SEED_SQL"
}

write_state() {
  local env="$FS_ST/env" v
  v() { sed -n "s/^$1=//p" "$env"; }
  cat >"$FS_DIR/state.json" <<JSON
{
  "url": "$FS_URL",
  "host": "$FS_HOST",
  "port": $FS_PORT,
  "db": { "socket": "$FS_SOCK", "name": "freescout" },
  "mailLog": "$FS_ST/outgoing-mail.log",
  "password": "$(v STAFF_PASS)",
  "ids": { "conv": $(v CONV_ID), "convNumber": $(v CONV_NUMBER), "oldConv": $(v OLD_CONV_ID), "oldConvNumber": $(v OLD_CONV_NUMBER),
           "otherConv": $(v OTHER_CONV_ID), "otherConvNumber": $(v OTHER_CONV_NUMBER), "customer": $(v CUSTOMER_ID),
           "ada": $(v ADA_ID), "sam": $(v SAM_ID), "kim": $(v KIM_ID), "mailbox": $(v MAILBOX_ID), "salesMailbox": $(v SALES_MAILBOX_ID) },
  "zhAgent": $(cat "$FS_DIR/seed-zh.json")
}
JSON
}

if [ "${1:-}" = --check ]; then resolve_src; exit 0; fi

ensure_packages
SRC="$(resolve_src)"
STAMP="$(stamp_of "$SRC")"
if [ -f "$FS_DIR/stamp" ] && [ "$(cat "$FS_DIR/stamp")" = "$STAMP" ] && [ -f "$FS_SEED_SQL" ]; then
  start_db
  start_web
  restore_seed
  log "ready (already installed; database restored) in $(elapsed)"
else
  log "installing FreeScout from $SRC into $FS_DIR"
  [ -d "$FS_ST" ] && stop_all
  rm -rf "$FS_DIR"
  mkdir -p "$FS_DIR"
  port_free 127.0.0.1 "$FS_PORT" || die "127.0.0.1:$FS_PORT is in use (set FREESCOUT_PORT)"
  port_free "$FS_HOST" "$FS_PORT" || die "$FS_HOST:$FS_PORT is in use (set FREESCOUT_PORT)"
  port_free 127.0.0.1 "$FS_DB_PORT" || die "127.0.0.1:$FS_DB_PORT is in use (set FREESCOUT_DB_PORT)"
  install "$SRC"
  write_state
  echo "$STAMP" >"$FS_DIR/stamp"
  log "installed and seeded in $(elapsed)"
fi
echo "$FS_URL"

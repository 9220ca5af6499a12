#!/usr/bin/env bash
# Stops the private FreeScout (nginx, php-fpm, MariaDB) started by setup.sh; keeps its files so
# the next setup.sh only restarts. `stop.sh --purge` also removes $FREESCOUT_DIR.
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
require_root
take_lock
stop_all
if [ "${1:-}" = --purge ]; then
  rm -rf "$FS_DIR"
  log "stopped and removed $FS_DIR"
else
  log "stopped"
fi

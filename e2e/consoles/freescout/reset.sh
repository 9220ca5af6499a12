#!/usr/bin/env bash
# Restores the seeded FreeScout database (drafts, queued jobs and the rest go with it; the
# outgoing-mail log emptied) in about a second. Logged-in browsers stay logged in (Laravel keeps
# sessions in files). Starts the services first if they are down (after stop.sh).
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
require_root
take_lock
T0=$(date +%s%N)
[ -f "$FS_SEED_SQL" ] || die "not installed: run setup.sh first"
start_db
start_web
restore_seed
log "reset in $(( ($(date +%s%N) - T0) / 1000000 )) ms"

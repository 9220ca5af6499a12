#!/usr/bin/env bash
# Restores the seeded osTicket database (mail log emptied, drafts, locks and sessions gone
# with the rest) in about a second. `reset.sh --keep-sessions` leaves logged-in browsers
# logged in. Starts the services first if they are down (after stop.sh).
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
require_root
take_lock
T0=$(date +%s%N)
[ -f "$OST_SEED_SQL" ] || die "not installed: run setup.sh first"
start_db
start_web
restore_seed "$([ "${1:-}" = --keep-sessions ] && echo keep)"
log "reset in $(( ($(date +%s%N) - T0) / 1000000 )) ms"

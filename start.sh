#!/usr/bin/env bash
# Set everything up and start Singularity on its embedded defaults (no API key, no network):
# the chat app on http://127.0.0.1:8000 and a local Phoenix for traces on http://127.0.0.1:6006.
# Extra arguments go to `singularity app` (see `./start.sh --help`).
set -euo pipefail
cd "$(dirname "$0")"
source scripts/bootstrap.sh
export PHOENIX_TELEMETRY_ENABLED=false PHOENIX_DISABLE_AGENT_ASSISTANT=true
# Each start-up line reaches a pipe or a log as it is written, not when a buffer fills.
export PYTHONUNBUFFERED=1
exec uv run --frozen singularity app "$@"

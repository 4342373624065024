#!/usr/bin/env bash
# Set everything up and start Singularity on its embedded defaults (no API key, no network).
# Until the chat app lands, this runs the observing planner; extra arguments go to
# `singularity plan` (see `./start.sh --help`).
set -euo pipefail
cd "$(dirname "$0")"
source scripts/bootstrap.sh
if [ "$#" -eq 0 ]; then
  set -- --where Kreuzlingen --when "morgen Abend" --hours 2 --equipment "10-Zoll-Dobson" \
         --prefer galaxies --chart .singularity/altitude-chart.png
fi
exec uv run --frozen singularity plan "$@"

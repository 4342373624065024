#!/usr/bin/env bash
# Run the whole test suite (unit, fake-server and integration tests). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")"
source scripts/bootstrap.sh
exec uv run --frozen pytest "$@"

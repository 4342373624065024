#!/usr/bin/env bash
# Run the whole test suite (unit, fake-server and integration tests) on parallel workers, one per
# core (SINGULARITY_TEST_WORKERS overrides; 0 runs in this process). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")"
source scripts/bootstrap.sh
exec uv run --frozen pytest -n "${SINGULARITY_TEST_WORKERS:-auto}" --dist loadgroup "$@"

#!/usr/bin/env bash
# Run the whole test suite (unit, fake-server and integration tests) on parallel workers, one
# more than the machine has cores: many tests wait on a browser, an app or a timeout, and the
# extra worker fills that time (docs/benchmarks.md; SINGULARITY_TEST_WORKERS overrides, 0 runs
# in this process). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")"
source scripts/bootstrap.sh
workers="${SINGULARITY_TEST_WORKERS:-$(( $(nproc) + 1 ))}"
exec uv run --frozen pytest -n "$workers" --dist loadgroup "$@"
